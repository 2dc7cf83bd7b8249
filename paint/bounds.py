"""Why each patch ends where it does: the left-most and right-most placements, derived step by step so a person can check them.

Kramer bounds each target's patch by pushing all the blocks as far left as
they go, and again as far right (further comment 2); :mod:`paint.placement`
computes those placements quickly.  Here the same placements are derived
again, slowly, recording each *event* that moves a bound, so that the
explanation can say why a block cannot lie further out.  A block's
*earliest start* (side ``'start'``) rises, and its *latest end* (side
``'end'``) falls, by five causes - the techniques of seed 003's chain
ranges, said the way a person says them:

- ``'edge'``: the line begins (ends) there;
- ``'after'``: the block comes after the block before it (before the one
  after it), with an empty square between them;
- ``'gap'``: the block cannot cover an empty square (seed 003's "gaps"): the
  nearest one it would cover, so the squares it skips before that square
  hold no empty square, and the block moves on past each empty square in turn;
- ``'touch'``: the block cannot touch a full square at its end, which would
  join it (seed 003's "adjacent");
- ``'cover'``: a full square must be part of the block, because no block
  after it (before it) can reach that square (seed 003's "box at end").

Each event cites the neighbour's event it relies on, and events only ever
push a bound inwards, so the events form a proof in the order they were
found, never a circle.  :meth:`Derivation.proof` picks out the facts one
bound depends on.  When no placement fits at all, :attr:`Derivation.failure`
says why (the left-most placement fails exactly when none fits).

Positions are 0-based squares along the strip; everything a person reads
counts from 1 (:mod:`paint.wording`).

>>> d = Derivation((2, 7, 1), bytes([0, 0, 1] + [0] * 11))
>>> d.earliest, d.latest
([0, 3, 11], [1, 11, 13])
>>> [(e.cause, e.square, e.value) for e in d.proof(1, 'start')[-1].events]
[('after', None, 3)]
>>> [(e.cause, e.square, e.value) for e in d.proof(0, 'end')[-1].events]
[('after', None, 3), ('gap', 2, 1)]
"""

from __future__ import annotations

import bisect
import functools
from typing import NamedTuple

import attrs

from .placement import fits
from .squares import EMPTY, FULL, Square, as_square

ABSOLUTE = frozenset({"edge", "after", "cover"})
"""Causes that bound a block by themselves; ``'gap'`` and ``'touch'`` move it on from the bound before."""


class Event(NamedTuple):
    """One move of one bound: block ``target`` (0-based index into the clue) on ``side``, to square ``value``, by ``cause``.

    ``square`` is the known square behind a ``'gap'``, ``'touch'`` or
    ``'cover'``; ``cites`` the index (among the same side's events) of the
    neighbour's event an ``'after'`` or ``'cover'`` relies on (None: the
    edge of the line).  ``previous`` is the bound it moved on from, for
    ``'gap'`` and ``'touch'``.  A named tuple, not an attrs class: a
    derivation makes one for every move of every bound, and wording a solve
    derives thousands of strips.
    """

    target: int
    side: str
    value: int
    cause: str
    square: int | None = None
    cites: int | None = None
    previous: int | None = None


@attrs.frozen(cache_hash=True)
class Fact:
    """A bound and the events that give it, from the last one that bounds the block by itself.

    ``value`` is the earliest start (side ``'start'``) or latest end
    (``'end'``) of block ``target``; ``events`` are in the order found.
    """

    target: int
    side: str
    value: int
    events: tuple[Event, ...]



@attrs.frozen
class Failure:
    """Why no placement fits, seen from one ``side``: ``'no_room'`` (block ``target`` cannot start early
    enough to fit before the line ends - side ``'start'`` - or end late enough to fit after it begins - side
    ``'end'``; ``event`` is that bound's last event) or ``'unreachable'`` (full ``square`` lies before the
    first block can start, or after the last can end)."""

    kind: str
    target: int
    event: int
    square: int | None = None
    side: str = "start"


class Derivation:
    """The left-most and right-most placements of ``targets`` in ``squares``, with the events that give every bound.

    ``earliest[j]`` is block ``j``'s earliest start and ``latest[j]`` its
    latest end (0-based), or None when no placement fits (``failure`` says
    why, from the left-most placement).  ``events[side]`` lists every event
    of that side in the order found.  Source: Kramer further comment 2,
    seed 003's chain ranges.
    """

    def __init__(self, targets, squares):
        self.targets = tuple(targets)
        self.squares = bytes(squares)
        self._owners: dict = {}
        self._facts: dict = {}   # (index, side) -> Fact, worked out once
        self._proofs: dict = {}  # wanted -> its proof, likewise
        self._known: dict = {}   # side -> the known squares' values behind each event, likewise
        self._packed = None
        n = len(self.squares)
        k = len(self.targets)
        starts, left, failure = _leftmost(self.targets, self.squares)
        mirrored, right, mirrored_failure = _leftmost(self.targets[::-1], self.squares[::-1])
        if (failure is None) != (mirrored_failure is None):  # both placements exist, or neither
            raise RuntimeError("one of the left-most and right-most placements failed, the other not")
        last = n - 1
        self.events = {"start": left, "end": [  # an Event made as a plain tuple is, without its constructor's call
            _new(Event, (k - 1 - target, "end", last - value, cause, None if square is None else last - square,
                         cites, None if previous is None else last - previous))
            for target, _, value, cause, square, cites, previous in right]}
        self.failure = None
        self.earliest = self.latest = None
        if failure is None:
            self.earliest = starts
            self.latest = [n - 1 - mirrored[k - 1 - j] for j in range(k)]
        else:
            from_end = Failure(mirrored_failure.kind, k - 1 - mirrored_failure.target, mirrored_failure.event,
                               None if mirrored_failure.square is None else n - 1 - mirrored_failure.square,
                               "end")
            # say it from the side whose account is shorter
            self.failure = min((failure, from_end), key=lambda found: sum(
                len(fact.events) for fact in self._proof_of_failure(found)))

    def packed(self, fact: Fact) -> bool:
        """True when ``fact``'s bound is where the clue packed against the line's end puts it: no known square
        moved it, not even through the blocks before it (after it), so there is nothing to explain."""
        return fact.value == self.packed_bound(fact.target, fact.side)

    def packed_bound(self, target: int, side: str) -> int:
        """Block ``target``'s earliest start (side ``'start'``) or latest end (``'end'``) with the clue packed
        against the line's start (end) and no square known: the bound that says nothing."""
        if self._packed is None:  # each block's packed start and end, worked out once
            k, n = len(self.targets), len(self.squares)
            starts = [0] * k
            for i in range(1, k):
                starts[i] = starts[i - 1] + self.targets[i - 1] + 1
            ends = [n - 1] * k
            for i in range(k - 2, -1, -1):
                ends[i] = ends[i + 1] - self.targets[i + 1] - 1
            self._packed = (starts, ends)
        return self._packed[0 if side == "start" else 1][target]

    def fact(self, index: int, side: str) -> Fact:
        """The :class:`Fact` of event ``index`` of ``side``: the block's bound after it, and the events that give it."""
        found = self._facts.get((index, side))
        if found is None:
            found = self._facts[(index, side)] = self._fact(index, side)
        return found

    def _fact(self, index: int, side: str) -> Fact:
        events = self.events[side]
        target = events[index].target
        mine = self._own(side)[target]
        own = mine[:bisect.bisect_right(mine, index)]
        first = max(position for position, i in enumerate(own) if events[i].cause in ABSOLUTE)
        return Fact(target, side, events[index].value, tuple(events[i] for i in own[first:]))

    def last(self, target: int, side: str) -> int:
        """The index of the last event of block ``target`` on ``side`` (the one that gives its bound)."""
        return self._own(side)[target][-1]

    def _own(self, side: str) -> dict[int, list[int]]:
        """The indices of each block's events on ``side``, in order (worked out once)."""
        cached = self._owners.get(side)
        if cached is None:
            cached = {}
            for index, event in enumerate(self.events[side]):
                cached.setdefault(event.target, []).append(index)
            self._owners[side] = cached
        return cached

    def proof(self, target: int, side: str) -> list[Fact]:
        """The facts block ``target``'s bound on ``side`` rests on, each after the facts it cites; the bound's own fact last."""
        return self.proof_of([(self.last(target, side), side)])

    def proof_of(self, wanted) -> list[Fact]:
        """The facts the events ``wanted`` (``(index, side)`` pairs) rest on, each after those it cites, none twice."""
        wanted = tuple(wanted)
        if wanted in self._proofs:
            return list(self._proofs[wanted])
        ordered: list[Fact] = []
        seen: set = set()
        visited: set = set()
        for index, side in wanted:
            self._need(index, side, ordered, seen, visited)
        self._proofs[wanted] = tuple(ordered)
        return ordered

    def _need(self, index: int, side: str, ordered: list, seen: set, visited: set) -> None:
        """Append to ``ordered`` the fact of event ``index`` of ``side`` after the facts it cites, unless there.

        A method, not a function nested in :meth:`proof_of`: a nested function that calls itself is a reference
        cycle, which would keep the derivation alive until the garbage collector's next full pass.
        """
        if (index, side) in visited:
            return
        visited.add((index, side))
        fact = self.fact(index, side)
        key = (side, fact.target, fact.events)
        if key in seen:
            return
        seen.add(key)
        for event in fact.events:
            if event.cites is not None:
                self._need(event.cites, side, ordered, seen, visited)
        ordered.append(fact)

    def behind(self, bounds) -> list[Fact]:
        """The facts the bounds ``bounds`` rest on, each after those it cites, none twice (:meth:`proof_of`).

        ``bounds`` are ``(target, side)`` pairs: block ``target``'s earliest
        start (``'start'``) or latest end (``'end'``), as the derivation leaves
        them; a rule's row names those its conclusion rests on
        (:attr:`paint.rule.Rule.bounds`).
        """
        return self.proof_of([(self.last(target, side), side) for target, side in bounds])

    def known_behind(self, bounds) -> set[int]:
        """The values (``EMPTY``, ``FULL``) of the known squares the bounds ``bounds`` (as :meth:`behind`) rest on.

        The squares of the facts :meth:`behind` lists, worked out for every event of a side in one pass (a long
        line's bounds each rest on a chain through many blocks; the rules ask this of every block they fill).
        """
        found = 0
        for target, side in bounds:
            found |= self._known_side(side)[self.last(target, side)]
        return {value for value in (EMPTY, FULL) if found >> value & 1}

    def _known_side(self, side: str) -> list[int]:
        """For each event of ``side``, the values of the known squares behind it as bits (``1 << value``): its own
        square, those behind the event it cites, and - unless its cause bounds the block by itself - those
        behind its block's event before it (the events of its fact, :meth:`fact`).  Every event cites only
        events found before it, so one pass in order gives them all."""
        cached = self._known.get(side)
        if cached is not None:
            return cached
        known: list[int] = []
        previous: dict[int, int] = {}  # block -> its latest event so far
        for index, event in enumerate(self.events[side]):
            bits = 0 if event.square is None else 1 << self.squares[event.square]
            if event.cites is not None:
                bits |= known[event.cites]
            before = previous.get(event.target)
            if before is not None and event.cause not in ABSOLUTE:
                bits |= known[before]
            known.append(bits)
            previous[event.target] = index
        self._known[side] = known
        return known

    def nearest_away(self, blocks, before_end: int, after_start: int) -> list[tuple[int, str]]:
        """The bounds that keep ``blocks`` (0-based indices, in order) away from some squares, as ``(target, side)``:
        the end of the last of them whose latest end is before ``before_end`` and the start of the first whose
        earliest start is after ``after_start`` (none, one or both)."""
        before = [j for j in blocks if self.latest[j] < before_end]
        after = [j for j in blocks if self.earliest[j] > after_start]
        return ([(before[-1], "end")] if before else []) + ([(after[0], "start")] if after else [])

    def failure_proof(self) -> list[Fact]:
        """The facts that show no placement fits (empty when one does), from the side of :attr:`failure`."""
        if self.failure is None:
            return []
        return self._proof_of_failure(self.failure)

    def _proof_of_failure(self, failure: Failure) -> list[Fact]:
        if failure.event < 0:  # a clue of 0 with a full square: nothing to derive
            return []
        return self.proof_of([(failure.event, failure.side)])


_new = tuple.__new__
"""Makes a named tuple from a tuple of its fields, as its class would (the class's own call costs a Python call
more, and a derivation of a long line makes millions of events)."""


@functools.lru_cache(maxsize=64)
def derive(targets: tuple[int, ...], squares: bytes) -> Derivation:
    """The :class:`Derivation` of ``targets`` in ``squares``, from a small cache: a step's reason is read by its
    text, its technique and its JSON, and each would derive it again, while keeping every derivation of a
    long solve would hold far more memory than the steps themselves."""
    return Derivation(targets, squares)


def _leftmost(targets, squares: bytes):
    """``(starts, events, failure)``: the left-most placement, the events that raised each start, and why it failed (or None).

    The order of the tests (gap, touch, cover) only changes which event
    is named first; the placement is the same as :func:`paint.placement.leftmost_starts`.
    """
    n, k = len(squares), len(targets)
    events: list[Event] = []
    append = events.append
    current = [0] * k     # each block's latest event
    starts = [0] * k
    # Each move of a block's start sets starts[j], points current[j] at its event, and appends the event (written
    # out at each place: this is the explanation's hottest loop, and a nested function's call cost a fifth of it).
    for j in range(k):
        value = 0 if j == 0 else starts[j - 1] + targets[j - 1] + 1
        starts[j] = value
        current[j] = len(events)
        append(_new(Event, (0, "start", 0, "edge", None, None, None)) if j == 0 else
               _new(Event, (j, "start", value, "after", None, current[j - 1], None)))
    j = k - 1
    while j >= 0:
        size = targets[j]
        while True:
            start = starts[j]
            if start + size > n:
                return starts, events, Failure("no_room", j, current[j])
            empty = squares.find(EMPTY, start, start + size)  # the nearest: the room before it holds no empty square
            if empty >= 0:
                starts[j] = empty + 1
                current[j] = len(events)
                append(_new(Event, (j, "start", empty + 1, "gap", empty, None, start)))
                continue
            if start > 0 and squares[start - 1] == FULL:
                starts[j] = start + 1
                current[j] = len(events)
                append(_new(Event, (j, "start", start + 1, "touch", start - 1, None, start)))
                continue
            limit = starts[j + 1] if j + 1 < k else n
            full = squares.rfind(FULL, start + size, limit)
            if full >= 0:
                starts[j] = full - size + 1
                cites = current[j + 1] if j + 1 < k else None
                current[j] = len(events)
                append(_new(Event, (j, "start", full - size + 1, "cover", full, cites, None)))
                continue
            break
        if j + 1 < k and starts[j] + size + 1 > starts[j + 1]:
            starts[j + 1] = starts[j] + size + 1
            current[j + 1] = len(events)
            append(_new(Event, (j + 1, "start", starts[j + 1], "after", None, current[j], None)))
            j += 1
        else:
            j -= 1
    if k:
        full = squares.rfind(FULL, 0, starts[0])
        if full >= 0:
            return starts, events, Failure("unreachable", 0, current[0], full)
    elif FULL in squares:
        return starts, events, Failure("unreachable", -1, -1, squares.index(FULL))
    return starts, events, None


CORE_LINE = 300
"""Lines up to this long are cut down to the known squares a failure needs (:func:`core`); longer ones are not (it would be slow)."""


def core(targets, squares, keep=()) -> bytes:
    """The known squares of ``squares`` that still leave ``targets`` no placement on their own, the others made blank.

    Squares are dropped one at a time, farthest from the first of ``keep``
    first, as long as no placement fits without them; the squares in
    ``keep`` (0-based positions) stay.  So the explanation of a failure
    speaks only of the squares it needs.  ``squares`` must leave no
    placement; lines longer than :data:`CORE_LINE` come back unchanged.

    >>> core((1,), bytes([2, 0, 2, 2]), keep=(0,)) == bytes([2, 0, 2, 0])
    True
    """
    found = bytearray(squares)
    if len(found) > CORE_LINE:
        return bytes(found)
    centre = keep[0] if keep else 0
    for position in sorted(range(len(found)), key=lambda p: -abs(p - centre)):
        if position in keep or found[position] == 0:
            continue
        value = found[position]
        found[position] = 0
        if fits(targets, found):
            found[position] = value
    return bytes(found)


@attrs.frozen
class Witness:
    """Why a blank square must take ``value`` (Kramer rule vii, try_one): with ``position`` (0-based) given the other
    value, ``assumed``, the known squares of ``given`` (:func:`core`: only those the failure needs, the others
    blank) leave the blocks no placement, as ``derivation.failure`` and :meth:`Derivation.failure_proof` show.

    >>> w = Witness.of((2,), bytes([0, 1, 0, 0]), 2, 2)  # 0 blank, 1 empty, 2 full: must column 3 be full?
    >>> w.value.word, w.assumed.word, w.derivation.failure.kind
    ('full', 'empty', 'no_room')
    """

    position: int
    value: Square = attrs.field(converter=as_square)
    assumed: Square = attrs.field(converter=as_square)
    given: bytes = attrs.field(repr=False)
    derivation: Derivation = attrs.field(repr=False, eq=False)

    @classmethod
    def of(cls, targets, squares, position: int, value: int) -> Witness:
        """The witness that ``position`` of ``squares`` must be ``value``: the strip with the other value there
        leaves ``targets`` no placement.  Raises ValueError when it does leave one."""
        assumed = EMPTY if value == FULL else FULL
        tried = bytearray(squares)
        tried[position] = assumed
        if fits(targets, tried):
            raise ValueError(f"square {position + 1} as {assumed} still leaves a placement")
        given = core(targets, tried, keep=(position,))
        return cls(position, value, assumed, given, Derivation(targets, given))
