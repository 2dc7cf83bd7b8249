"""Simpson's fast-complete line solver, ``fcomp`` (seed 001): exact, without trying every arrangement.

The blocks are first pushed into a valid arrangement, which is recorded:
every square it covers can be full, every other square can be empty.  Then
four modes take turns (each a method of one run's state, returning the mode
to go on in):

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
from ._record import INT_BYTES, SLOT, int_bytes, known_line, no_blocks, settled
from .trace import Accumulate, Note, State


class _Done(Exception):
    """Raised inside the solver when every blank square can be both: nothing more to learn."""


def _silent(*values) -> None:
    """The trace hook when nothing is traced: it does nothing."""


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
    if not targets:
        if trace is not None:
            trace(Note("no_blocks"))
        return no_blocks(squares)
    blank = int(squares.translate(_BLANK_BITS)[::-1] or b"0", 2)
    if not blank:  # nothing to learn; only whether the line fits its clue
        if trace is not None:
            trace(Note("no_blank"))
        return known_line(targets, squares)
    solver = _FastComplete(targets, squares, blank, trace)
    try:
        solver.run()
    except _Done:
        solver.note("nothing_to_learn")
        return squares
    if not solver.found:
        return None
    return settled(squares, _recorded(squares, solver.seen))


class _FastComplete:
    """The state of one fast-complete run, and its four modes, each a method that works until the mode changes
    and returns the mode to go on in (None: every arrangement is seen).

    ``pos[b]`` is where block ``b`` starts, ``solid[b]`` the offset within it
    of the first full square it covers (``none``: it covers none),
    ``oldpos``/``oldsolid`` the last valid arrangement; ``base``, ``top``
    (the seed's ``max``), ``limit`` (its ``maxpos``) and ``mininv`` the
    seed's bookkeeping.  ``seen[EMPTY]`` and ``seen[FULL]`` hold, one bit
    per square, the blank squares some arrangement left empty and those one
    covered.  A mode that stays in itself loops within its method, each turn
    a step.  The trace hooks ``note(code, *values)`` and ``show(mode name,
    block)`` (at each step, the mode entered again) do nothing unless a trace is given; ``record``
    adds an ``Accumulate`` event only then.
    """

    __slots__ = ("targets", "squares", "blank", "n", "k", "seen", "none", "pos", "solid", "oldpos", "oldsolid",
                 "base", "top", "limit", "mininv", "block", "target", "found", "note", "show", "record")

    def __init__(self, targets, squares: bytes, blank: int, trace):
        self.targets, self.squares, self.blank = targets, squares, blank
        self.n, self.k = n, k = len(squares), len(targets)
        self.seen = {EMPTY: 0, FULL: 0}
        self.none = none = n + 1  # a solid offset meaning "covers no full square"
        self.pos, self.solid = [0] * k, [none] * k
        self.oldpos, self.oldsolid = [0] * k, [none] * k
        self.base, self.top, self.limit, self.mininv = 0, k, n, 0
        self.block = self.target = 0
        self.found = False
        if trace is None:
            self.note = self.show = _silent
            self.record = self._record
        else:
            self.note = lambda code, *values: trace(Note(code, values))
            self.show = lambda mode, block: trace(State(
                mode, block, tuple(self.pos),
                tuple(s if s < targets[b] else None for b, s in enumerate(self.solid)),
                self.base, self.top, self.mininv))

            def record(start, end, value):
                self._record(start, end, value)  # no event for the section that ends it
                trace(Accumulate(start, end, _recorded(squares, self.seen)))
            self.record = record

    def run(self) -> None:
        """Take the modes in turn from ``INVALID`` until every arrangement is seen; raises :class:`_Done` early
        when every blank square has been seen both ways."""
        mode = self.invalid
        while mode is not None:
            mode = mode()

    def _record(self, start: int, end: int, value: int) -> None:
        """Note that squares ``start .. end - 1`` can be ``value``; raise :class:`_Done` when nothing is left to learn.

        ``record``, the hook the modes call, is this, followed by an
        ``Accumulate`` event when traced."""
        if end > start:
            seen = self.seen
            seen[value] |= ((1 << (end - start)) - 1) << start & self.blank
            if seen[EMPTY] & seen[FULL] == self.blank:  # every blank square seen both ways
                raise _Done

    def invalid(self):
        """INVALID: place each block after the one before it; once every block is, check the squares after
        the last and record the arrangement."""
        self.show("INVALID", self.block)
        targets, squares, pos, solid, show, note = self.targets, self.squares, self.pos, self.solid, self.show, self.note
        n, none, top, base, limit = self.n, self.none, self.top, self.base, self.limit  # fixed in this mode
        block = self.block
        while True:  # each turn is one step of the mode, shown as the mode entered again
            if block >= top:
                # Every block is tentatively valid: check for full squares after the last.
                if block <= base:
                    note("all_fixed")
                    return None
                block -= 1
                size = targets[block]
                trailing = squares.find(FULL, pos[block] + size, limit)
                if trailing >= 0:
                    note("trailing", trailing)
                    if pos[block] + solid[block] + size > trailing:
                        pos[block] = trailing + 1 - size  # reach it without uncovering a full square
                        show("INVALID", block)
                        continue
                    self.block = self.target = block
                    return self.drawing
                note("valid_state")
                self.found = True
                mininv = self.mininv
                left = pos[mininv - 1] + targets[mininv - 1] if mininv > 0 else 0
                for b in range(mininv, top):
                    self.record(left, pos[b], EMPTY)
                    left = pos[b] + targets[b]
                    self.record(pos[b], left, FULL)
                    self.oldpos[b] = pos[b]
                    self.oldsolid[b] = solid[b]
                self.record(left, n if top == self.k else pos[top], EMPTY)
                self.mininv = top
                self.block = block
                return self.sliding

            size = targets[block]
            start = pos[block]
            end = start + size
            if end > limit:
                note("spilled")
                # Put back every block moved since the last valid arrangement, not only those up to
                # this one: blocks after it may have been pushed on in this attempt.
                self.block = top - 1
                return self.restoring
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
                note("dot", dot - start)
                if first_full < size:
                    note("earlier_solid", first_full)
                    self.block = self.target = block
                    return self.drawing
                pos[block] = dot + 1
                note("skipped", dot + 1)
                show("INVALID", block)
                continue
            if first_full >= size and end < n and squares[end] == FULL:
                solid[block] = size  # touching a full square: as good as covering it
            p = pos[block]
            while p + size < limit and squares[p + size] == FULL:
                if solid[block] == 0:
                    pos[block] = p
                    note("two_solids", p, p + size)
                    self.block = self.target = block
                    return self.drawing
                p += 1
                solid[block] -= 1
            pos[block] = p
            note("valid_at", p)
            if solid[block] < size:
                note("solid_at", solid[block])
            if block + 1 < top and pos[block + 1] < p + size + 1:
                pos[block + 1] = p + size + 1
            block += 1
            show("INVALID", block)

    def sliding(self):
        """SLIDING: slide each block right, last first, from one valid position to the next, recording what it
        leaves and enters; draw when the blocks at hand can go no further."""
        self.show("SLIDING", self.block)
        targets, squares, pos, solid, oldpos = self.targets, self.squares, self.pos, self.solid, self.oldpos
        show, note, k, n = self.show, self.note, self.k, self.n
        block = self.block
        while True:  # each turn is one step of the mode, shown as the mode entered again
            size = targets[block]
            lim = pos[block + 1] - 1 if block + 1 < k else n
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
                note("merging", block, oldpos[block], p)
                self.record(oldpos[block], p, EMPTY)
                self.record(oldpos[block] + size, p + size, FULL)
                oldpos[block] = p
                self.oldsolid[block] = s
            if block == self.base and s == 0:
                # Its first square is full and no earlier block can take it over: fixed for good.
                self.base += 1
                note("base", self.base)
            if p + size == lim and block + 1 == self.top:
                note("right_most")
                self.top -= 1
                self.limit = p - 1
            elif p + size < lim and squares[p + size] == EMPTY:
                note("dot_obstructs", p + size)
                landing = _gap(squares, size, p + size + 1, lim) if p + 2 * size < lim else -1
                if landing >= 0:
                    note("jumpable")
                    if s >= size:
                        pos[block] = landing
                        self.record(p, p + size, EMPTY)
                        self.record(landing, landing + size, FULL)
                        oldpos[block] = landing
                        self.oldsolid[block] = solid[block] = self.none
                        show("SLIDING", block)
                        continue
                    note("covering_solid")
                else:
                    note("no_space_past_dot")
                    if block + 1 == self.top:
                        note("right_most_for_dot")
                        self.top -= 1
                        self.limit = p - 1
            base = self.base
            note("limit_reached", max(block - base, 0))
            if block > base:
                block -= 1
                show("SLIDING", block)
                continue
            if self.top <= base:
                note("all_fixed")
                return None
            block = self.top - 1
            while block > base and solid[block] >= targets[block]:
                block -= 1
            self.block = block
            if solid[block] >= targets[block]:
                return None
            self.target = block
            return self.drawing

    def drawing(self):
        """DRAWING: release the target block from the full square it covers by drawing an earlier block up to
        cover it; restore when that cannot be done since the last valid arrangement."""
        self.show("DRAWING", self.block)
        targets, pos, solid = self.targets, self.pos, self.solid
        block, target, base = self.block, self.target, self.base
        self.note("target", target)
        while True:
            if block <= base:
                return None  # no earlier block can take over a full square: every arrangement is seen
            if self.mininv < self.top and block == self.mininv:
                self.note("cannot_draw")
                # Put back every block moved since the last valid arrangement, not only those up to
                # this one: blocks after it may have been pushed on in this attempt.
                self.block = self.top - 1
                return self.restoring
            if solid[block] < targets[block]:
                target = block
            block -= 1
            reach = pos[target] + solid[target] - targets[block] + 1
            if solid[block] >= targets[block] or reach <= pos[block] + solid[block]:
                break
        self.note("new_target", target)
        if block < self.mininv:
            self.mininv = block
        pos[block] = reach
        self.note("brought", block, reach)
        self.block, self.target = block, target
        return self.invalid

    def restoring(self):
        """RESTORING: put the blocks moved since the last valid arrangement back where they were, then draw
        an earlier block."""
        self.show("RESTORING", self.block)
        targets, pos, solid, oldpos, oldsolid = self.targets, self.pos, self.solid, self.oldpos, self.oldsolid
        k = self.k
        target = k
        mininv = self.mininv
        for b in range(self.block, mininv - 1, -1):
            self.note("restoring", b, pos[b], oldpos[b])
            pos[b] = oldpos[b]
            solid[b] = oldsolid[b]
            if solid[b] < targets[b]:
                target = b
        block = min(mininv, self.top)
        self.mininv = k
        self.note("returned", block)
        if target >= k:
            base = self.base
            while block > base and solid[block] >= targets[block]:
                block -= 1
            if solid[block] >= targets[block]:
                self.block = block
                self.note("no_solid_left")
                return None
            target = block
        self.block, self.target = block, target
        return self.drawing


def memory(targets, n: int) -> int:
    """An upper bound, in bytes, of the memory :func:`solve` holds for ``targets`` on a line of ``n`` squares.

    The line and the record, a byte per square; the blank squares and the
    squares seen empty and full as bit sets, and their temporaries; four
    numbers per block (``pos``, ``solid`` and their last valid values).
    """
    return 4 * n + 8 * int_bytes(n) + 4 * (SLOT + INT_BYTES) * len(targets) + 4096


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
