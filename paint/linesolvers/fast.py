"""Simpson's fast line solver: the left-most and right-most placements and their overlaps.

Push every block as far left as it can go, then as far right (the push
solver of seed 002; the placements come from the chain-range narrowing of
seed 003, :mod:`paint.placement`).  A square covered by the same block in
both placements is full; a square in the same gap in both (outside every
block's range) is empty.  Fast - it walks the line a few times - but
incomplete: it misses what only a look at the arrangements in between would
show (seed 001's table shows one such square).  It never concludes anything
false, and it finds every line that has no arrangement at all, because the
placements are exact.

Squares are ints (0 blank, 1 empty, 2 full, as :class:`paint.squares.Square`);
positions are 0-based.  The result has the same form as the exact solvers':
known squares keep their value, a blank square becomes 2 or 1 when settled
and stays 0 otherwise.

>>> bytes(solve((3,), bytes([0, 0, 0, 0])))
b'\\x00\\x02\\x02\\x00'
>>> solve((2,), bytes([2, 1, 2])) is None
True
"""

from __future__ import annotations

from ..errors import StripContradiction
from ..placement import leftmost_starts, rightmost_starts
from ..squares import BLANK, EMPTY, FULL
from ._record import INT_BYTES, SLOT, arrangement
from .trace import Arrangement, Note


def solve(targets, squares, trace=None) -> bytes | None:
    """What the left-most and right-most placements of ``targets`` settle in ``squares`` (Simpson's fast solver).

    ``targets`` is a sequence of block sizes (empty for a clue of 0),
    ``squares`` a sequence of square values.  ``trace``, if given, is called
    with the two placements as :class:`~paint.linesolvers.trace.Arrangement`
    events.  Returns the settled line, or None when no arrangement fits.
    """
    squares = bytes(squares)
    targets = tuple(targets)
    n = len(squares)
    try:
        lefts = leftmost_starts(targets, squares)
        rights = rightmost_starts(targets, squares)
    except StripContradiction:
        if trace is not None:
            trace(Note("no_placement"))
        return None
    if trace is not None:
        trace(Arrangement("left-most", arrangement(n, targets, lefts)))
        trace(Arrangement("right-most", arrangement(n, targets, rights)))
    settled = bytearray(squares)
    gap_start = 0  # where the gap before block b starts in the right-most placement
    for b, size in enumerate(targets):
        for x in range(gap_start, lefts[b]):  # in this gap in both placements
            if settled[x] == BLANK:
                settled[x] = EMPTY
        for x in range(rights[b], lefts[b] + size):  # under block b in both placements
            if settled[x] == BLANK:
                settled[x] = FULL
        gap_start = rights[b] + size
    for x in range(gap_start, n):
        if settled[x] == BLANK:
            settled[x] = EMPTY
    return bytes(settled)


def memory(targets, n: int) -> int:
    """An upper bound, in bytes, of the memory :func:`solve` holds for ``targets`` on a line of ``n`` squares.

    The line, mirrored and settled (and the two placements of a trace),
    a byte per square, and the left-most and right-most starts, a few per
    block (:mod:`paint.placement`).
    """
    return 6 * n + 6 * (SLOT + INT_BYTES) * len(targets) + 4096
