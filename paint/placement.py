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

Between the passes, a block whose start moved pushes the blocks after it
right so that two blocks never touch: this is the "backtracking between
chains" of seed 003 (there the chain to the right is re-evaluated; here the
whole pass is repeated, which reaches the same fixpoint).

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
    values (see :class:`paint.squares.Square`).  ``previous``, if given, are
    starts already known to be no later than the true ones (an earlier
    result for the same strip with fewer squares known): the search starts
    from them, so the left set only moves right.

    Raises :class:`paint.errors.StripContradiction` when no placement fits.
    Source: seed 003's three techniques; Kramer further comment 2.
    """
    n = len(squares)
    k = len(targets)
    last_full = [-1] * (n + 1)  # last_full[x]: largest index < x holding a full square
    last_empty = [-1] * (n + 1)
    for x in range(n):
        value = squares[x]
        last_full[x + 1] = x if value == FULL else last_full[x]
        last_empty[x + 1] = x if value == EMPTY else last_empty[x]
    if k == 0:
        if last_full[n] >= 0:
            raise StripContradiction(f"square {last_full[n] + 1} is full but the clue is 0")
        return []
    if previous is None:
        starts = [0] * k
    else:
        starts = list(previous)
    changed = True
    while changed:
        changed = False
        for i in range(1, k):  # blocks never touch: push later blocks right
            need = starts[i - 1] + targets[i - 1] + 1
            if starts[i] < need:
                starts[i] = need
        for i in range(k - 1, -1, -1):
            target = targets[i]
            start = starts[i]
            limit = starts[i + 1] if i + 1 < k else n
            while True:
                if start + target > n:
                    raise StripContradiction(_no_room(targets, i))
                full = last_full[limit]  # 1. box at end
                if full >= start + target:
                    start = full - target + 1
                    continue
                if start > 0 and squares[start - 1] == FULL:  # 2. adjacent
                    start += 1
                    continue
                empty = last_empty[start + target]  # 3. gaps
                if empty >= start:
                    start = empty + 1
                    continue
                break
            if start != starts[i]:
                starts[i] = start
                changed = True
    if last_full[starts[0]] >= 0:
        raise StripContradiction(
            f"square {last_full[starts[0]] + 1} is full but no block can reach it")
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
    mirrored = leftmost_starts(mirrored_targets, squares[::-1], mirrored_previous)
    return [n - mirrored[k - 1 - i] - targets[i] for i in range(k)]


def _no_room(targets, index) -> str:
    return f"there is no room for the {targets[index]} (target {index + 1} of {len(targets)})"
