"""Exact line solving by dynamic programming over prefixes and suffixes: what the engine uses on long lines.

Two tables answer, for every square at once, whether it can be full and
whether it can be empty:

- ``prefix[i][p]``: the first ``i`` blocks fit in squares ``0..p-1`` with
  every full square there covered;
- ``suffix[i][p]``: blocks ``i..k-1`` fit in squares ``p..n-1`` with every
  full square there covered.

A square can be empty when some ``i`` has ``prefix[i][p]`` and
``suffix[i][p+1]``; it can be full when some block can lie over it with a
valid remainder on both sides.  The answer is exactly that of Simpson's
complete solver (seed 000), in O(length x blocks) time whatever the line -
where ``fcomp`` can take seconds on a line of hundreds of squares and
blocks (see ``benchmarks/long_lines.py``; :mod:`paint.linesolvers.bits`
does the same passes on bit sets, faster still).
This is the standard dynamic-programming line solver of the literature
(e.g. Batenburg and Kosters), not one of the seeds.

Squares are ints (0 blank, 1 empty, 2 full); positions are 0-based; the
result has the form every line solver returns (see :mod:`paint.linesolvers`).

>>> bytes(solve((3,), bytes(4)))
b'\\x00\\x02\\x02\\x00'
>>> solve((2,), bytes([2, 1, 2])) is None
True
"""

from __future__ import annotations

from ..squares import BLANK, EMPTY, FULL
from ._record import INT_BYTES, SLOT, no_blocks


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


def solve(targets, squares, trace=None) -> bytes | None:
    """Everything ``targets`` imply for ``squares``, by dynamic programming (exact; no trace).

    ``targets`` is a sequence of block sizes (empty for a clue of 0),
    ``squares`` a sequence of square values; ``trace`` is accepted for the
    common interface and never called.  Returns the settled line, or None
    when no arrangement of the blocks fits.
    """
    squares = bytes(squares)
    targets = tuple(targets)
    n = len(squares)
    k = len(targets)
    if k == 0:
        return no_blocks(squares)
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
    for t, found in zip(targets, _starts(targets, squares, prefix, suffix, empties)):  # one block's at a time
        for q in found:
            cover[q] += 1
            cover[q + t] -= 1
    result = bytearray(squares)
    running = 0
    for p in range(n):
        running += cover[p]
        if squares[p] == BLANK:
            can_full = running > 0
            if can_full != can_empty[p]:
                result[p] = FULL if can_full else EMPTY
    return bytes(result)




def block_starts(targets, squares) -> list[list[int]] | None:
    """For each target, every 0-based start its block can take in some arrangement that fits ``squares``.

    The "actual number of fits" of Kramer's decision 7/15/2, counted
    exactly: a start is listed when the blocks before it fit to its left and
    the blocks after it to its right.  Returns None when no arrangement fits.

    >>> block_starts((2, 1), bytes(5))
    [[0, 1], [3, 4]]
    >>> block_starts((2,), bytes([0, 0, 2, 0]))
    [[1, 2]]
    """
    squares = bytes(squares)
    targets = tuple(targets)
    n = len(squares)
    k = len(targets)
    if k == 0:
        return [] if FULL not in squares else None
    prefix, suffix, empties = _tables(targets, squares)
    if not prefix[k][n]:
        return None
    return list(_starts(targets, squares, prefix, suffix, empties))


def memory(targets, n: int) -> int:
    """An upper bound, in bytes, of the memory :func:`solve` holds for ``targets`` on a line of ``n`` squares.

    The two tables hold a list slot per block (and one more) per square
    (and two more): ``16 x (blocks + 1) x (n + 2)`` bytes, 1.6 GB for a
    line of 100,000 squares and 1,000 blocks; the rest, per square, are the
    running counts, the starts of one block and the result.
    """
    k = len(targets)
    return 2 * (k + 1) * (SLOT * (n + 2) + 64) + 6 * (SLOT + INT_BYTES) * (n + 2) + 4096


def _starts(targets, squares, prefix, suffix, empties):
    """Every valid start of each block in turn (a list per block), from the tables of :func:`_tables`."""
    n = len(squares)
    k = len(targets)
    for j, t in enumerate(targets):
        before = prefix[j]
        after = suffix[j + 1]
        found = []
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
                found.append(q)
        yield found
