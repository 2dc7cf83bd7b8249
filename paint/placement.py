"""Left-most and right-most placements of a strip's blocks: the patch bounds.

Kramer (further comment 2) bounds each target's patch by covering the strip
with two sets of blocks, one pushed as far left as possible and one as far
right as possible; after the start, the left set only moves right and the
right set only moves left.

The left set is found with the three ordered techniques of the chain-range
narrowing of nonogram_rs (seed 003), applied to each block (a "chain") from
the last to the first, and repeated until nothing moves:

1. *box at end* - a full square after block ``i`` that no later block can
   reach (it lies before the next block's start) must be covered by block
   ``i``, so block ``i`` starts no earlier than ``full - target + 1``;
2. *adjacent* - a block cannot start just after a full square (that square
   would join it), so its start steps right past it;
3. *gaps* - a block cannot cover an empty square, so its start jumps past
   the last empty square under it.

The blocks are worked from the last to the first, so the box-at-end test
of a block sees the up-to-date start of the block to its right.  When a
block moves so far that it would touch the block to its right, that block
is pushed on and evaluated again before the walk goes left once more: the
"backtracking between chains" of seed 003.  Starts only ever increase, so
the walk ends.

Each technique only removes starts that no valid placement can use, and at
the fixpoint the starts form a valid placement (every full square covered,
no empty square covered, no two blocks touching), so the result is exactly
the left-most placement: every block at its smallest possible start.

>>> leftmost_starts((2, 1), [0, 0, 0, 0, 0])
[0, 3]
>>> leftmost_starts((2, 1), [0, 1, 0, 0, 0, 2])
[2, 5]
>>> rightmost_starts((2, 1), [0, 0, 0, 0, 0])
[1, 4]
"""

from __future__ import annotations

from .errors import StripContradiction
from .squares import EMPTY, FULL


def leftmost_starts(targets, squares, previous=None) -> list[int]:
    """The 0-based start of each block in the left-most placement of ``targets`` in ``squares``.

    ``targets`` is a sequence of block sizes, ``squares`` a sequence of square
    values (see :class:`paint.squares.Square`; a bytearray is fastest).  ``previous``, if given, are
    starts already known to be no later than the true ones (an earlier
    result for the same strip with fewer squares known): the search starts
    from them, so the left set only moves right.

    Raises :class:`paint.errors.StripContradiction` when no placement fits.
    Source: seed 003's three techniques; Kramer further comment 2.
    """
    found = _place(targets, squares, previous)
    if found.__class__ is tuple:
        raise _contradiction(targets, *found)
    return found


def fits(targets, squares) -> bool:
    """Whether some placement of ``targets`` fits ``squares`` (the test :func:`leftmost_starts` makes, without
    raising: what cutting a failure down to the squares it needs asks of line after line, :func:`paint.bounds.core`).

    >>> fits((2, 1), [0, 1, 0, 0, 0, 2]), fits((3,), [0, 1, 0, 0])
    (True, False)
    """
    return _place(targets, squares, None).__class__ is list


def _place(targets, squares, previous) -> list[int] | tuple:
    """:func:`leftmost_starts`' work: the starts, or why no placement fits, as ``(reason, square)`` for a reason
    that names a square, or ``(index, None)`` when block ``index`` has no room."""
    if not isinstance(squares, (bytes, bytearray)):
        squares = bytes(squares)
    n = len(squares)
    k = len(targets)
    if k == 0:
        full = squares.rfind(FULL)
        if full >= 0:
            return ("{square} is full but the clue is 0", full)
        return []
    starts = [0] * k if previous is None else list(previous)
    for i in range(1, k):  # blocks never touch: push later blocks right
        need = starts[i - 1] + targets[i - 1] + 1
        if starts[i] < need:
            starts[i] = need
    i = k - 1
    while i >= 0:
        target = targets[i]
        start = starts[i]
        limit = starts[i + 1] if i + 1 < k else n
        while True:
            if start + target > n:
                return (i, None)  # no room for block i (worded by _contradiction)
            full = squares.rfind(FULL, start + target, limit)  # 1. box at end
            if full >= 0:
                start = full - target + 1
                continue
            if start > 0 and squares[start - 1] == FULL:  # 2. adjacent
                start += 1
                continue
            empty = squares.rfind(EMPTY, start, start + target)  # 3. gaps
            if empty >= 0:
                start = empty + 1
                continue
            break
        starts[i] = start
        if i + 1 < k and start + target + 1 > starts[i + 1]:
            # backtrack: the block to the right must move on and be evaluated again
            starts[i + 1] = start + target + 1
            i += 1
        else:
            i -= 1
    full = squares.rfind(FULL, 0, starts[0])
    if full >= 0:
        return ("{square} is full but no block can reach it", full)
    return starts


def rightmost_starts(targets, squares, previous=None) -> list[int]:
    """The 0-based start of each block in the right-most placement (the mirror of :func:`leftmost_starts`).

    ``previous`` are starts known to be no earlier than the true ones.
    Raises :class:`paint.errors.StripContradiction` when no placement fits.
    """
    n = len(squares)
    k = len(targets)
    mirrored_targets = targets[::-1]
    mirrored_previous = None
    if previous is not None:
        mirrored_previous = [n - previous[k - 1 - j] - targets[k - 1 - j] for j in range(k)]
    if not isinstance(squares, (bytes, bytearray)):
        squares = bytes(squares)
    mirrored = _place(mirrored_targets, squares[::-1], mirrored_previous)
    if mirrored.__class__ is tuple:  # the block and the square named in this strip's order, not the mirror's
        reason, square = mirrored
        raise _contradiction(targets, k - 1 - reason, None) if square is None else \
            _contradiction(targets, reason, n - 1 - square)
    return [n - mirrored[k - 1 - i] - targets[i] for i in range(k)]


def _contradiction(targets, reason, square) -> StripContradiction:
    """The error of a failure :func:`_place` gave: ``(reason, square)`` for words naming a square, ``(index, None)``
    when block ``index`` has no room."""
    if square is None:
        return StripContradiction(f"there is no room for the {targets[reason]} (target {reason + 1} of {len(targets)})")
    return StripContradiction(reason, square=square)
