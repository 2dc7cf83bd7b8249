"""Simpson's fast-complete line solver, ``fcomp`` (seed 001): exact, without trying every arrangement.

The blocks are first pushed into a valid arrangement, which is recorded:
every square it covers can be full, every other square can be empty.  Then
four modes take turns:

- ``INVALID`` places the current block after the one before it, skipping
  empty squares and swallowing full squares it touches, until every block
  is valid and no full square is left after the last; that arrangement is
  recorded.
- ``SLIDING`` slides each block, last first, to the right from one valid
  position to the next (jumping an empty square when there is room),
  recording the squares it leaves and enters.  A block stops where it would
  touch the next block, leave the line or uncover a full square.
- ``DRAWING`` releases a block that covers a full square (the *target*) by
  drawing an earlier block up to cover that square instead; the blocks from
  there on become invalid again.
- ``RESTORING`` puts the blocks back where they last were valid when such an
  attempt cannot be completed, and drawing tries an earlier block.

The optimisations of the seed are all here: a counter of the blank squares
not yet seen both full and empty stops the solver when it reaches zero
(nothing can be learned); blocks before ``base`` (the first block not yet
final: a block whose first square is full, with every block before it
final, can never move again) and from ``max`` on (blocks at their
right-most positions) are not handled again; ``mininv``, the earliest block
moved since the last valid arrangement, is where restoring starts.

Squares are ints (0 blank, 1 empty, 2 full, as :class:`paint.squares.Square`);
positions are 0-based.  The result is a bytes object as long as the line:
known squares keep their value, a blank square becomes 2 (full) or 1
(empty) when every arrangement agrees and stays 0 when it can be either.

>>> bytes(solve((1, 1), bytes([0, 0, 2, 0, 0])))
b'\\x00\\x01\\x02\\x01\\x00'
>>> solve((3,), bytes([2, 1, 2])) is None
True
"""

from __future__ import annotations

from ..squares import BLANK, EMPTY, FULL
from ._record import known_line, no_blocks, settled
from .trace import Accumulate, Note, State

INVALID, SLIDING, DRAWING, RESTORING = "INVALID", "SLIDING", "DRAWING", "RESTORING"


class _Done(Exception):
    """Raised inside the solver when every blank square can be both: nothing more to learn."""


def solve(targets, squares, trace=None) -> bytes | None:
    """Everything ``targets`` imply for ``squares``, by Simpson's fast-complete method (seed 001).

    ``targets`` is a sequence of block sizes (empty for a clue of 0),
    ``squares`` a sequence of square values.  ``trace``, if given, is called
    with one :mod:`paint.linesolvers.trace` event per mode entered, remark
    and recorded section.  Returns the settled line (see the module
    docstring), or None when no arrangement of the blocks fits.
    """
    squares = bytes(squares)
    targets = tuple(targets)
    n = len(squares)
    k = len(targets)
    if k == 0:
        if trace is not None:
            trace(Note("no_blocks"))
        return no_blocks(squares)

    # What the arrangements seen so far allow, one bit per square (bit x is square x):
    # ``seen[EMPTY]`` the blank squares some arrangement left empty, ``seen[FULL]`` those it covered.
    blank = int(squares.translate(_BLANK_BITS)[::-1] or b"0", 2)
    if not blank:  # nothing to learn; only whether the line fits its clue
        if trace is not None:
            trace(Note("no_blank"))
        return known_line(targets, squares)
    seen = {EMPTY: 0, FULL: 0}

    def record(start, end, value):
        if end > start:
            seen[value] |= ((1 << (end - start)) - 1) << start & blank
            if seen[EMPTY] & seen[FULL] == blank:  # every blank square seen both ways
                raise _Done
        if trace is not None:
            trace(Accumulate(start, end, _recorded(squares, seen)))

    none = n + 1  # a solid offset meaning "covers no full square"
    pos = [0] * k
    solid = [none] * k
    oldpos = [0] * k
    oldsolid = [none] * k
    base = 0
    top = k  # the seed's "max": blocks from here on are at their final positions
    limit = n  # where the fixed blocks begin (the seed's "maxpos")
    mininv = 0
    block = 0
    target = 0
    found = False
    mode = INVALID

    def note(code, *values):
        trace(Note(code, values))

    try:
        while True:
            if trace is not None:
                trace(State(mode, block, tuple(pos),
                            tuple(s if s < targets[b] else None for b, s in enumerate(solid)),
                            base, top, mininv))

            if mode == INVALID:
                if block >= top:
                    # Every block is tentatively valid: check for full squares after the last.
                    if block <= base:
                        if trace is not None:
                            note("all_fixed")
                        break
                    block -= 1
                    size = targets[block]
                    trailing = squares.find(FULL, pos[block] + size, limit)
                    if trailing >= 0:
                        if trace is not None:
                            note("trailing", trailing)
                        if pos[block] + solid[block] + size > trailing:
                            pos[block] = trailing + 1 - size  # reach it without uncovering a full square
                            continue
                        target = block
                        mode = DRAWING
                        continue
                    if trace is not None:
                        note("valid_state")
                    found = True
                    left = pos[mininv - 1] + targets[mininv - 1] if mininv > 0 else 0
                    for b in range(mininv, top):
                        record(left, pos[b], EMPTY)
                        left = pos[b] + targets[b]
                        record(pos[b], left, FULL)
                        oldpos[b] = pos[b]
                        oldsolid[b] = solid[b]
                    record(left, n if top == k else pos[top], EMPTY)
                    mininv = top
                    mode = SLIDING
                    continue

                size = targets[block]
                start = pos[block]
                end = start + size
                if end > limit:
                    if trace is not None:
                        note("spilled")
                    # Put back every block moved since the last valid arrangement, not only those up to
                    # this one: blocks after it may have been pushed on in this attempt.
                    block = top - 1
                    mode = RESTORING
                    continue
                first_full = none
                dot = -1
                for x in range(start, end):
                    value = squares[x]
                    if value == EMPTY:
                        dot = x
                        break
                    if value == FULL and first_full == none:
                        first_full = x - start
                solid[block] = first_full
                if dot >= 0:
                    if trace is not None:
                        note("dot", dot - start)
                    if first_full < size:
                        if trace is not None:
                            note("earlier_solid", first_full)
                        target = block
                        mode = DRAWING
                        continue
                    pos[block] = dot + 1
                    if trace is not None:
                        note("skipped", dot + 1)
                    continue
                if first_full >= size and end < n and squares[end] == FULL:
                    solid[block] = size  # touching a full square: as good as covering it
                drawn = False
                while pos[block] + size < limit and squares[pos[block] + size] == FULL:
                    if solid[block] == 0:
                        if trace is not None:
                            note("two_solids", pos[block], pos[block] + size)
                        target = block
                        mode = DRAWING
                        drawn = True
                        break
                    pos[block] += 1
                    solid[block] -= 1
                if drawn:
                    continue
                if trace is not None:
                    note("valid_at", pos[block])
                    if solid[block] < size:
                        note("solid_at", solid[block])
                following = pos[block] + size + 1
                if block + 1 < top and pos[block + 1] < following:
                    pos[block + 1] = following
                block += 1
                continue

            if mode == SLIDING:
                size = targets[block]
                lim = pos[block + 1] - 1 if block + 1 < k else n
                if trace is not None:
                    note("limit", lim)
                p = pos[block]
                s = solid[block]
                while p + size < lim and squares[p + size] != EMPTY and s != 0:
                    if s < size:
                        s -= 1
                    p += 1
                pos[block] = p
                solid[block] = s
                if p != oldpos[block]:
                    if trace is not None:
                        note("merging", block, oldpos[block], p)
                    record(oldpos[block], p, EMPTY)
                    record(oldpos[block] + size, p + size, FULL)
                    oldpos[block] = p
                    oldsolid[block] = s
                if block == base and s == 0:
                    # Its first square is full and no earlier block can take it over: fixed for good.
                    base += 1
                    if trace is not None:
                        note("base", base)
                if p + size == lim and block + 1 == top:
                    if trace is not None:
                        note("right_most")
                    top -= 1
                    limit = p - 1
                elif p + size < lim and squares[p + size] == EMPTY:
                    if trace is not None:
                        note("dot_obstructs", p + size)
                    landing = _gap(squares, size, p + size + 1, lim) if p + 2 * size < lim else -1
                    if landing >= 0:
                        if trace is not None:
                            note("jumpable")
                        if s >= size:
                            pos[block] = landing
                            record(p, p + size, EMPTY)
                            record(landing, landing + size, FULL)
                            oldpos[block] = landing
                            oldsolid[block] = solid[block] = none
                            continue
                        if trace is not None:
                            note("covering_solid")
                    else:
                        if trace is not None:
                            note("no_space_past_dot")
                        if block + 1 == top:
                            if trace is not None:
                                note("right_most_for_dot")
                            top -= 1
                            limit = p - 1
                if trace is not None:
                    note("limit_reached", max(block - base, 0))
                if block > base:
                    block -= 1
                    continue
                if top <= base:
                    if trace is not None:
                        note("all_fixed")
                    break
                block = top - 1
                while block > base and solid[block] >= targets[block]:
                    block -= 1
                if solid[block] >= targets[block]:
                    break
                target = block
                mode = DRAWING
                continue

            if mode == DRAWING:
                if trace is not None:
                    note("target", target)
                while True:
                    if block <= base:
                        outcome = "exhausted"
                        break
                    if mininv < top and block == mininv:
                        outcome = "restore"
                        break
                    if solid[block] < targets[block]:
                        target = block
                    block -= 1
                    reach = pos[target] + solid[target] - targets[block] + 1
                    if solid[block] >= targets[block] or reach <= pos[block] + solid[block]:
                        outcome = "draw"
                        break
                if outcome == "exhausted":
                    break  # no earlier block can take over a full square: every arrangement is seen
                if outcome == "restore":
                    if trace is not None:
                        note("cannot_draw")
                    # Put back every block moved since the last valid arrangement, not only those up to
                    # this one: blocks after it may have been pushed on in this attempt.
                    block = top - 1
                    mode = RESTORING
                    continue
                if trace is not None:
                    note("new_target", target)
                if block < mininv:
                    mininv = block
                pos[block] = reach
                if trace is not None:
                    note("brought", block, reach)
                mode = INVALID
                continue

            # RESTORING
            target = k
            for b in range(block, mininv - 1, -1):
                if trace is not None:
                    note("restoring", b, pos[b], oldpos[b])
                pos[b] = oldpos[b]
                solid[b] = oldsolid[b]
                if solid[b] < targets[b]:
                    target = b
            block = min(mininv, top)
            mininv = k
            if trace is not None:
                note("returned", block)
            if target >= k:
                while block > base and solid[block] >= targets[block]:
                    block -= 1
                if solid[block] >= targets[block]:
                    if trace is not None:
                        note("no_solid_left")
                    break
                target = block
            mode = DRAWING
    except _Done:
        if trace is not None:
            note("nothing_to_learn")
        return squares

    if not found:
        return None
    return settled(squares, _recorded(squares, seen))


_BLANK_BITS = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"100")
"""Turns a line into the text of the bitset of its blank squares, last square first."""


def _recorded(squares: bytes, seen) -> bytes:
    """The record as the seed keeps it: per square 1 can be empty, 2 can be full, 3 both (known squares keep their value)."""
    result = bytearray(squares)
    empty, full = seen[EMPTY], seen[FULL]
    for x, value in enumerate(squares):
        if value == BLANK:
            result[x] = (EMPTY if empty >> x & 1 else 0) | (FULL if full >> x & 1 else 0)
    return bytes(result)


def _gap(squares, size, start, lim) -> int:
    """The start of the first run of ``size`` non-empty squares in ``start .. lim - 1``, or -1."""
    run = 0
    at = start
    for x in range(start, lim):
        if squares[x] == EMPTY:
            run = 0
            at = x + 1
        else:
            run += 1
            if run >= size:
                return at
    return -1
