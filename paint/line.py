"""Exact line logic: which squares of one strip are settled by its targets alone.

This is the line-feasibility test behind ``try_one`` (Kramer rule vii): a
blank square that, marked full, leaves no way to place the strip's blocks
must be empty, and one that, marked empty, leaves no way must be full.
Testing every square that way one at a time costs one placement search per
square; instead two dynamic-programming tables answer all squares at once:

- ``prefix[i][p]``: the first ``i`` blocks fit in squares ``0..p-1`` with
  every full square there covered;
- ``suffix[i][p]``: blocks ``i..k-1`` fit in squares ``p..n-1`` with every
  full square there covered.

A square can be empty when some ``i`` has ``prefix[i][p]`` and
``suffix[i][p+1]``; it can be full when some block can lie over it with a
valid left and right remainder.  This gives exactly the answer of Simpson's
complete line solver (seed 000) in O(n*k) time.

Positions are 0-based indices into the strip; squares are ints from
:class:`paint.squares.Square`.

>>> from paint.squares import BLANK, EMPTY, FULL
>>> settle((3,), [BLANK] * 5)
{2: <Square.FULL: 2>}
>>> feasible((2,), [FULL, EMPTY, FULL])
False
"""

from __future__ import annotations

from .squares import EMPTY, FULL, BLANK, Square


def _tables(targets, squares):
    n = len(squares)
    k = len(targets)
    fulls = [0] * (n + 1)
    empties = [0] * (n + 1)
    for x, value in enumerate(squares):
        fulls[x + 1] = fulls[x] + (value == FULL)
        empties[x + 1] = empties[x] + (value == EMPTY)

    prefix = [[False] * (n + 1) for _ in range(k + 1)]
    for p in range(n + 1):
        prefix[0][p] = fulls[p] == 0
    for i in range(1, k + 1):
        t = targets[i - 1]
        row, before = prefix[i], prefix[i - 1]
        for p in range(t, n + 1):
            ok = p > 0 and squares[p - 1] != FULL and row[p - 1]
            if not ok:
                q = p - t
                if empties[p] - empties[q] == 0:
                    if i == 1:
                        ok = before[q]
                    else:
                        ok = q >= 1 and squares[q - 1] != FULL and before[q - 1]
            row[p] = ok

    suffix = [[False] * (n + 2) for _ in range(k + 1)]
    for p in range(n + 1):
        suffix[k][p] = fulls[n] - fulls[p] == 0
    for i in range(k - 1, -1, -1):
        t = targets[i]
        row, after = suffix[i], suffix[i + 1]
        for p in range(n - t, -1, -1):
            ok = squares[p] != FULL and row[p + 1]
            if not ok:
                e = p + t
                if empties[e] - empties[p] == 0:
                    if i == k - 1:
                        ok = after[e]
                    else:
                        ok = e < n and squares[e] != FULL and after[e + 1]
            row[p] = ok
    return prefix, suffix, empties


def feasible(targets, squares) -> bool:
    """True when the blocks of ``targets`` can be placed in ``squares`` at all.

    ``targets`` is a sequence of block sizes, ``squares`` a sequence of square
    values.  Source: the prefix table of a complete line solver (seed 000).
    """
    prefix, _, _ = _tables(targets, squares)
    return prefix[len(targets)][len(squares)]


def possibilities(targets, squares):
    """For each square, whether it can be full and whether it can be empty.

    Returns ``(can_full, can_empty)``, two lists of bools as long as
    ``squares``, or None when no placement of the blocks fits at all.
    Source: complete line solving (Simpson, seed 000), computed by dynamic
    programming instead of enumeration.
    """
    n = len(squares)
    k = len(targets)
    prefix, suffix, empties = _tables(targets, squares)
    if not prefix[k][n]:
        return None
    can_empty = [False] * n
    for p in range(n):
        if squares[p] == FULL:
            continue
        for i in range(k + 1):
            if prefix[i][p] and suffix[i][p + 1]:
                can_empty[p] = True
                break
    cover = [0] * (n + 1)
    for j, t in enumerate(targets):
        before = prefix[j]
        after = suffix[j + 1]
        for q in range(0, n - t + 1):
            e = q + t
            if empties[e] - empties[q]:
                continue
            if j == 0:
                left = before[q]
            else:
                left = q >= 1 and squares[q - 1] != FULL and before[q - 1]
            if not left:
                continue
            if j == k - 1:
                right = after[e]
            else:
                right = e < n and squares[e] != FULL and after[e + 1]
            if right:
                cover[q] += 1
                cover[e] -= 1
    can_full = [False] * n
    running = 0
    for p in range(n):
        running += cover[p]
        can_full[p] = running > 0 and squares[p] != EMPTY
    return can_full, can_empty


def settle(targets, squares) -> dict[int, Square] | None:
    """The blank squares the targets settle: ``{position: Square.FULL or Square.EMPTY}``.

    Returns None when the blocks cannot be placed at all (a contradiction).
    A blank square that can be neither full nor empty cannot occur: it would
    mean no placement fits, which is reported as None first.
    """
    result = possibilities(targets, squares)
    if result is None:
        return None
    can_full, can_empty = result
    settled = {}
    for p, value in enumerate(squares):
        if value == BLANK and can_full[p] != can_empty[p]:
            settled[p] = Square.FULL if can_full[p] else Square.EMPTY
    return settled
