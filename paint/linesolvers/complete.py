"""Simpson's complete line solver (seed 000): try every arrangement of the blocks and merge them.

The first block starts at the left end; each block slides right, one square
at a time, until it covers no empty square and touches no full square; the
next block starts just after it.  The last block must also leave no full
square after it.  When every block fits, the arrangement is merged into the
record of what each square can be, and the last block moves on.  A block
that uncovers a full square as it moves, or leaves the next block no room,
sends the search back to the block before it; when the first block can go
no further, every arrangement has been seen.

The seed's optimisation is here: the solver counts the blank squares not
yet seen both full and empty, and stops as soon as none is left, since the
line can then settle nothing.

Squares are ints (0 blank, 1 empty, 2 full, as :class:`paint.squares.Square`);
positions are 0-based.  The result is a bytes object as long as the line:
known squares keep their value, a blank square becomes 2 (full) or 1
(empty) when every arrangement agrees and stays 0 when it can be either.
This solver can take time exponential in the number of blocks; it is the
reference the others are tested against.

>>> bytes(solve((2,), bytes([0, 0, 0])))
b'\\x00\\x02\\x00'
>>> solve((1, 1), bytes([0, 2, 0])) is None
True
"""

from __future__ import annotations

from ..squares import BLANK, EMPTY, FULL
from ._record import INT_BYTES, SLOT, arrangement, no_blocks, settled
from .trace import Arrangement, Note, Try


def solve(targets, squares, trace=None) -> bytes | None:
    """Everything ``targets`` imply for ``squares``, by trying every arrangement (Simpson, seed 000).

    ``targets`` is a sequence of block sizes (empty for a clue of 0),
    ``squares`` a sequence of square values.  ``trace``, if given, is called
    with a :class:`~paint.linesolvers.trace.Try` for every placement tried
    and an :class:`~paint.linesolvers.trace.Arrangement` for every
    arrangement that fits.  Returns the settled line (see the module
    docstring), or None when no arrangement fits.
    """
    squares = bytes(squares)
    targets = tuple(targets)
    n = len(squares)
    k = len(targets)
    if k == 0:
        result = no_blocks(squares)
        if trace is not None and result is not None:
            trace(Arrangement("fits", result))
        return result

    recorded = bytearray(n)  # per square: 1 seen empty, 2 seen full, 3 both
    remaining = squares.count(BLANK)
    found = False
    pos = [0] * k
    block = 0
    moved = False  # whether the current block has just moved on (so it may have uncovered a square)

    def tried(outcome):
        trace(Try(tuple(pos[:block + 1]), targets[:block + 1], outcome))

    while block >= 0:
        size = targets[block]
        p = pos[block]
        if p + size > n:  # off the end of the line: back to the previous block, which moves on
            block -= 1
            if block >= 0:
                pos[block] += 1
                moved = True
            continue
        if moved and p > 0 and squares[p - 1] == FULL:
            # moving on uncovered a full square; no block covers it now (blocks never touch)
            if trace is not None:
                tried("reveals")
            block -= 1
            if block >= 0:
                pos[block] += 1
            continue
        if squares.find(EMPTY, p, p + size) >= 0:
            outcome = "dot"
        elif p + size < n and squares[p + size] == FULL:
            outcome = "abuts"
        elif block == k - 1:
            outcome = "trailing" if squares.find(FULL, p + size) >= 0 else "merge"
        elif p + size + 1 + targets[block + 1] > n:
            outcome = "no_space"
        else:
            outcome = "next"
        if trace is not None:
            tried(outcome)
        if outcome == "next":
            block += 1
            pos[block] = p + size + 1
            moved = False
            continue
        if outcome == "no_space":
            block -= 1
            if block >= 0:
                pos[block] += 1
                moved = True
            continue
        if outcome == "merge":
            found = True
            placed = arrangement(n, targets, pos)
            if trace is not None:
                trace(Arrangement("fits", placed))
            for x in range(n):
                if squares[x] == BLANK:
                    seen = recorded[x]
                    value = placed[x]
                    if not seen & value:
                        recorded[x] = seen | value
                        if seen:
                            remaining -= 1
            if remaining == 0:
                if trace is not None:
                    trace(Note("nothing_to_learn"))
                return squares
        pos[block] += 1  # dot, abuts, trailing, merge: move on
        moved = True

    if not found:
        return None
    return settled(squares, recorded)


def memory(targets, n: int) -> int:
    """An upper bound, in bytes, of the memory :func:`solve` holds for ``targets`` on a line of ``n`` squares.

    A record and an arrangement of a byte per square, and a start per
    block: it grows with the line and the clue, never with their product
    (the time does, and more).
    """
    return 4 * n + 2 * (SLOT + INT_BYTES) * len(targets) + 4096
