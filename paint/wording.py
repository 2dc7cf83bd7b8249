"""The words of the explanation: sentences a person can check, made from the records the rules return.

Rules return data (:class:`paint.rule.Finding` details, :mod:`paint.bounds`
derivations); this module turns them into English, and nothing else does.
Everything it writes counts rows and columns from 1, names a block by its
size - and by its ordinal when the clue repeats that size (``the second
1``) - and speaks of blocks, clues and where a block "can lie", never of
Kramer's targets and patches, which stay the code's terms.

A reason is a few lines: first the bounds the conclusion rests on that known
squares moved (``the 7 cannot start before column 4: columns 1-2, before
the empty column 3, are too few for it``), each after the bounds it cites,
then the conclusion (``the 7 can only lie in columns 4-13, so it covers
column 10 however it lies``).  A bound no known
square moved - the blocks packed against the end of the line - is stated
without a reason.

Each line rule's English is one entry of :data:`WORDS`, keyed by the rule's
name like the rows of the ladder (:data:`paint.rules.RULES`); which bounds
a conclusion rests on, which technique it was and its JSON are the row's
(:class:`paint.rule.Rule`), next to the rule in its module.

>>> spans([2, 9, 10, 11])
'2, 9-11'
>>> block_name((1, 5, 1), 2), block_name((2, 7), 1)
('the second 1', 'the 7')
"""

from __future__ import annotations

import functools

from .bounds import Derivation, core
from .squares import BLANK, EMPTY, FULL, Square, full_runs

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")

TECHNIQUES = {
    "the clue fills the line": "the blocks and the one-square gaps between them add up to the line's length, so "
                               "they lie one way only",
    "every block located": "the runs of full squares are the clue's blocks, one for one and in order, so every "
                           "other square is empty",
    "simple boxes": "a block covers the same squares however it lies, with no known square moving it",
    "forcing": "only empty squares hem a block in, so it covers squares however it lies",
    "glue": "a full square near a wall (the line's end or an empty square) is part of a block, which must then "
            "reach from the wall past it",
    "joining and splitting": "full squares close together must be one block (the squares between them are "
                             "full) or cannot be (the square between them is empty)",
    "simple spaces": "no block can reach squares, or a gap is too short for every block that can",
    "mercury": "a full square holds a block back - the block must cover it, or would touch it - and the squares "
               "beyond its reach are empty",
    "punctuating": "a run of full squares is a whole block, so the squares at its ends are empty",
    "contradiction": "one value of a square leaves no way to complete a strip, so it takes the other",
    "trial and error": "every place but one of a block breaks a strip, so it lies at the one left",
    "case analysis": "every place left of a block gives some squares the same value, so they take it",
}
"""The names people give solving techniques, with the pattern a step must match to be given each (a step that
matches none is given no name): each row of :data:`paint.rules.RULES` names those it finds
(:attr:`paint.rule.Rule.techniques`; its ``technique`` function tells which pattern a step matched), and
``docs/rules.md`` shows them."""


# ---------------------------------------------------------------- small words

def ordinal(number: int) -> str:
    """``'first'``, ``'second'``, ... for 1-10, else ``'11th'``, ``'21st'``.

    >>> ordinal(2), ordinal(12), ordinal(21)
    ('second', '12th', '21st')
    """
    if 1 <= number <= len(ORDINALS):
        return ORDINALS[number - 1]
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def number(count: int) -> str:
    """A whole number as a person reads it in paint's text: digits alone up to 9999, then thousands separated by
    commas (the one rule for every count paint prints).

    >>> number(4158), number(10000), number(1234567)
    ('4158', '10,000', '1,234,567')
    """
    return f"{count:,}" if abs(count) >= 10_000 else str(count)


def plural(count: int, noun: str) -> str:
    """``count`` (written by :func:`number`) and ``noun``, made plural unless the count is 1.

    >>> plural(1, 'row'), plural(3, 'square'), plural(2, 'branch'), plural(12000, 'branch')
    ('1 row', '3 squares', '2 branches', '12,000 branches')
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{number(count)} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def spans(numbers) -> str:
    """Sorted 1-based numbers written as comma-separated runs: ``'2, 9-11'``."""
    numbers = sorted(set(numbers))
    parts = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ", ".join(parts)


def squares_phrase(kind: str, positions) -> str:
    """``'columns 4-6'`` or ``'column 4'`` for 0-based ``positions`` along a strip crossed by ``kind`` strips.

    >>> squares_phrase('column', [3, 4, 5, 9])
    'columns 4-6, 10'
    >>> squares_phrase('row', range(3, 4)), squares_phrase('row', range(3, 6))
    ('row 4', 'rows 4-6')
    """
    if isinstance(positions, range) and positions.step == 1 and positions:  # one run: said at once
        first, last = positions.start + 1, positions.stop
        return f"{kind} {first}" if first == last else f"{kind}s {first}-{last}"
    positions = sorted(set(positions))
    return f"{kind}{'s' if len(positions) > 1 else ''} {spans(p + 1 for p in positions)}"


def clue_words(clue) -> str:
    """A clue as a person writes it: ``'2 7 1'``, ``'0'`` when empty."""
    return " ".join(map(str, clue)) if clue else "0"


def label(strip, clue) -> str:
    """A strip with its clue: ``'row 3 [2 7 1]'``."""
    return f"{strip.name} [{clue_words(clue)}]"


def block_name(clue, index: int) -> str:
    """The block ``index`` (0-based) of ``clue`` as a person names it: ``'the 7'``, ``'the second 1'``."""
    return _block_names(tuple(clue))[index]


@functools.lru_cache(maxsize=4096)
def _block_names(clue: tuple[int, ...]) -> tuple[str, ...]:
    """Every block's name, worked out once per clue (a long line names its blocks many times; a 1000 x 1000
    puzzle has 2000 clues, so the cache holds more than that)."""
    counts: dict[int, int] = {}
    for size in clue:
        counts[size] = counts.get(size, 0) + 1
    seen: dict[int, int] = {}
    names = []
    for size in clue:
        seen[size] = seen.get(size, 0) + 1
        names.append(f"the {size}" if counts[size] == 1 else f"the {ordinal(seen[size])} {size}")
    return tuple(names)


def listed(items, joiner: str = "and") -> str:
    """Items joined as a person lists them: ``'a'``, ``'a and b'``, ``'a, b or c'``.

    >>> listed(['a']), listed(['a', 'b']), listed(['a', 'b', 'c'], 'or')
    ('a', 'a and b', 'a, b or c')
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {joiner} " + items[-1]


def blocks_list(clue, indices, joiner: str = "and") -> str:
    """Blocks joined as a person lists them: ``'the 3'``, ``'the 3 and the 4'``, ``'the 3, the 4 or the 5'``."""
    return listed((block_name(clue, j) for j in indices), joiner)


# ------------------------------------------------------------------ bounds

def _tighter(value: int, than: int | None, side: str) -> bool:
    """Whether ``value`` is a tighter bound on ``side`` than ``than`` (None: no bound yet): a later earliest start
    (``'start'``), an earlier latest end (``'end'``)."""
    return than is None or (value > than if side == "start" else value < than)


def fact_line(fact, derivation, clue, kind: str, known: dict | None = None) -> str | None:
    """One bound and why: ``'the 7 cannot start before column 4: columns 1-2, before the empty column 3, are too few for it'``.

    The bound (:func:`fact_parts`'s head), then its clauses after a colon; None when the fact says nothing
    ``known`` does not already say.
    """
    parts = fact_parts(fact, derivation, clue, kind, known)
    if parts is None:
        return None
    head, clauses = parts
    return head + (": " + "; ".join(clauses) if clauses else "")


def fact_parts(fact, derivation, clue, kind: str, known: dict | None = None) -> tuple[str, list[str]] | None:
    """One bound and why, in two parts: ``('the 7 cannot start before column 4', ['columns 1-2, before the empty
    column 3, are too few for it'])``.

    ``fact`` is a :class:`paint.bounds.Fact` of ``derivation``; ``kind`` is
    the kind of strip crossing this one (``'column'`` along a row).  Each
    clause rules out some of the block's places, from the edge inwards;
    touches in a row, and empty squares in a row, are said once.

    ``known`` (updated here) maps ``(side, target)`` to the tightest bound
    the lines before this one stated (an earliest start for side
    ``'start'``, a latest end for ``'end'``, 0-based).  The line cites a
    neighbour's bound as tightly as it was stated, never weaker; leaves out
    the places a tighter bound already rules out; and never states a bound
    the clue packed against the edge gives (``it comes after the 1``, not
    ``..., which cannot end before column 1``).  None when the fact says
    nothing ``known`` does not already say.
    """
    known = {} if known is None else known
    name = block_name(clue, fact.target)
    at = lambda position: f"{kind} {position + 1}"  # noqa: E731
    side = fact.side
    start = side == "start"
    events = derivation.events[side]
    clauses: list[str] = []
    touched: list = []   # a run of touches, said as one clause
    empties: list = []   # a run of empty squares it cannot start (end) on, said as one clause
    room: list = []      # the squares before (after) those empty squares, too few for it, if any

    def stated(target: int, value: int) -> int:
        """The neighbour ``target``'s bound ``value``, or the tighter one the lines before stated."""
        said = known.get((side, target))
        return value if _tighter(value, said, side) else said

    def state(target: int, value: int) -> None:
        if _tighter(value, known.get((side, target)), side):
            known[(side, target)] = value

    def say_runs() -> None:
        if touched:
            places = squares_phrase(kind, touched)
            clauses.append(f"{'starting' if start else 'ending'} at {places} it would touch the full square "
                           f"just {'before' if start else 'after'} it")
            touched.clear()
        if empties:
            walls = f"the empty {squares_phrase(kind, empties)}"
            if not room:
                clauses.append(f"it cannot {'start' if start else 'end'} on {walls}")
            else:
                places, where = squares_phrase(kind, room), "before" if start else "after"
                clauses.append(f"{places} alone, {where} {walls}, is too short for it" if len(room) == 1
                               else f"{places}, {where} {walls}, are too few for it")
            empties.clear()
            room.clear()

    bound = None
    for event in fact.events:
        cause = event.cause
        if cause == "edge":
            bound = event.value
        elif cause == "after":
            other = events[event.cites].target
            value = stated(other, events[event.cites].value)
            size = clue[other]
            bound = value + size + 1 if start else value - size - 1
            if value == derivation.packed_bound(other, side):  # the clue packed against the edge: nothing to cite
                clauses.append(f"it comes {'after' if start else 'before'} {block_name(clue, other)}")
            else:
                state(other, value)
                clauses.append(f"it comes after {block_name(clue, other)}, which cannot end before "
                               f"{at(value + size - 1)}" if start else
                               f"it comes before {block_name(clue, other)}, which cannot start after "
                               f"{at(value - size + 1)}")
        elif cause == "cover":
            bound = event.value
            where = f"it cannot {'end before' if start else 'start after'} the full {at(event.square)}"
            if event.cites is None:
                clauses.append(f"{where}, as no block comes {'after' if start else 'before'} it")
            else:
                other = events[event.cites].target
                value = stated(other, events[event.cites].value)
                state(other, value)
                clauses.append(f"{where}, as {block_name(clue, other)} {'after' if start else 'before'} it "
                               f"cannot {'start before' if start else 'end after'} {at(value)}")
        elif not _tighter(event.value, bound, side):
            continue  # a tighter bound, stated before, already rules these places out
        elif cause == "gap":
            if touched:
                say_runs()
            if bound != event.square and not empties:  # the squares before the empty one, too few for it
                room.extend(range(bound, event.square) if start else range(event.square + 1, bound + 1))
            elif bound != event.square:
                say_runs()
                room.extend(range(bound, event.square) if start else range(event.square + 1, bound + 1))
            empties.append(event.square)
            bound = event.value
        elif cause == "touch":
            if empties:
                say_runs()
            touched.append(event.previous)
            bound = event.value
    say_runs()
    if not _tighter(bound, known.get((side, fact.target)), side):
        return None
    state(fact.target, bound)
    n = len(derivation.squares)
    if start and bound >= n:
        head = f"{name} would have to start after {at(n - 1)}, where the line ends"
    elif not start and bound < 0:
        head = f"{name} would have to end before {at(0)}, where the line begins"
    else:
        head = f"{name} cannot start before {at(bound)}" if start else f"{name} cannot end after {at(bound)}"
    return head, clauses


def proof_lines(derivation, wanted, clue, kind: str) -> list[str]:
    """The lines of the facts behind the bounds ``wanted`` (``(target, side)`` pairs), packed bounds left out."""
    return facts_lines(derivation.behind(wanted), derivation, clue, kind)


def facts_lines(facts, derivation, clue, kind: str, known: dict | None = None, fold=()) -> list[str]:
    """One line per fact (:func:`fact_line`), leaving out bounds the clue packed against the edge gives, bounds
    a line before already gave as tightly, and the facts of ``fold`` (said in the conclusion: :class:`Folded`).

    Three or more blocks in a row whose bounds come only from the block
    before them (after them) are said in one line, with each block's bound:
    ``'the blocks after the first 1 each start at least a square after the
    one before them ends, so they cannot start before: the first 3 row 10,
    the second 1 row 14, and the 2 row 18'``.  ``known`` (updated here) is
    as for :func:`fact_line`: the tightest bound stated so far of each block
    and side.
    """
    known = {} if known is None else known
    lines: list[str] = []
    run: list = []

    def only_after(fact) -> bool:  # and on the line: a bound past its end is said on its own (fact_line)
        return (len(fact.events) == 1 and fact.events[0].cause == "after"
                and 0 <= fact.value < len(derivation.squares))

    def cited(fact) -> int:
        return derivation.events[fact.side][fact.events[0].cites].target

    def said(fact) -> None:
        line = fact_line(fact, derivation, clue, kind, known)
        if line is not None:
            lines.append(line)

    def grouped() -> list | None:
        """Each block of the run with its bound, counted on from the bound stated for the block the run comes
        after (before); None when that bound was not stated, or when a bound would be no tighter than one stated."""
        side = run[0].side
        value, previous = known.get((side, cited(run[0]))), cited(run[0])
        if value is None:
            return None
        bounds = []
        for fact in run:
            value += clue[previous] + 1 if side == "start" else -clue[previous] - 1
            if not _tighter(value, known.get((side, fact.target)), side):
                return None
            previous = fact.target
            bounds.append((fact.target, value))
        return bounds

    def flush() -> None:
        bounds = grouped() if len(run) >= 3 else None
        if bounds is None:
            for fact in run:
                said(fact)
            run.clear()
            return
        start = run[0].side == "start"
        for target, value in bounds:
            known[(run[0].side, target)] = value
        named = [f"{block_name(clue, target)} {kind} {value + 1}" for target, value in bounds]
        named = ", ".join(named[:-1]) + ", and " + named[-1]
        each = ("each start at least a square after the one before them ends" if start
                else "each end at least a square before the one after them starts")
        lines.append(f"the blocks {'after' if start else 'before'} {block_name(clue, cited(run[0]))} {each}, "
                     f"so they cannot {'start before' if start else 'end after'}: {named}")
        run.clear()

    for fact in facts:
        if derivation.packed(fact) or fact in fold:
            continue
        if only_after(fact) and run and fact.side == run[-1].side and cited(fact) == run[-1].target:
            run.append(fact)
            continue
        flush()
        if only_after(fact):
            run.append(fact)
        else:
            said(fact)
    flush()
    return lines


class Folded:
    """The bounds a conclusion states, each said once with its clauses inside the conclusion, not on a line of its own.

    A line rule's conclusion names the bounds of the blocks it is about ("the 3 can only lie in rows 6-8", "the
    last block, the 8, cannot end after column 19").  The fact that gives such a bound, when no other fact of
    the reason cites it, is said there, its clauses in brackets: ``'the 3 can only lie in rows 6-8 (it cannot
    end before the full row 8, as the 2 after it cannot start before row 10), so ...'`` - one sentence where a
    bound line and a conclusion that repeats the bound were two.  The other facts (:attr:`facts`) are the
    premises, said first (:meth:`premises`).
    """

    def __init__(self, derivation, bounds, clue, kind: str):
        self.derivation, self.clue, self.kind = derivation, clue, kind
        self.facts = derivation.behind(bounds)
        self.known: dict = {}
        cited = {derivation.fact(event.cites, fact.side) for fact in self.facts for event in fact.events
                 if event.cites is not None}
        self.fold = set()
        for target, side in bounds:
            fact = derivation.fact(derivation.last(target, side), side)
            if not derivation.packed(fact) and fact not in cited:
                self.fold.add(fact)
        self._said: set = set()

    def premises(self) -> list[str]:
        """The lines of the facts the folded ones rest on (:func:`facts_lines`)."""
        return facts_lines(self.facts, self.derivation, self.clue, self.kind, self.known, self.fold)

    def why(self, *bounds) -> str:
        """``' (clause; clause)'``: the clauses of the folded facts of ``bounds`` (``(target, side)`` pairs) not said
        before, in brackets, or ``''``.  Call after :meth:`premises`."""
        clauses = []
        for target, side in bounds:
            fact = self.derivation.fact(self.derivation.last(target, side), side)
            if fact not in self.fold or fact in self._said:
                continue
            self._said.add(fact)
            parts = fact_parts(fact, self.derivation, self.clue, self.kind, self.known)
            if parts is not None:
                clauses += parts[1]
        return f" ({'; '.join(clauses)})" if clauses else ""


def lies(derivation, clue, kind: str, target: int) -> str:
    """``'the 7 can only lie in columns 4-13'``: a block's earliest start and latest end."""
    return (f"{block_name(clue, target)} can only lie in "
            f"{squares_phrase(kind, range(derivation.earliest[target], derivation.latest[target] + 1))}")


# ----------------------------------------------------------------- reasons

def reason_lines(reason) -> list[tuple[int, str]]:
    """Why one strip allowed a rule's marks (a :class:`paint.explanation.Reason`), as ``(level, line)`` pairs.

    The bounds the conclusion rests on come first (those known squares
    moved), then the conclusion; a line of level 1 belongs under the line
    of level 0 before it (the steps of an assumption's failure, for
    ``try_one``).  The words are the rule's entry of :data:`WORDS`, given
    the bounds its row says the conclusion rests on
    (:attr:`paint.rule.Rule.bounds`).

    A reason of more than :data:`LONGEST` lines whose rule works from the
    blocks' bounds says them instead as the two placements they come from
    (:func:`placed_lines`), then the conclusion.
    """
    row = reason.row
    bounds = row.bounds(reason)
    if row.name not in PLACED:
        lines = row.words(reason, bounds)
    else:
        # each item (a span, stretch, gap or run: one entry of bounds) has a line of its own, so a reason of more
        # items than LONGEST is known to be too long without wording it one fact a line
        lines = None if len(bounds) > LONGEST else row.words(reason, bounds)
        if lines is None or len(lines) > LONGEST:
            lines = placed_lines(reason.derivation, reason.clue, reason.strip.crossing) + \
                row.words(reason, bounds, said=False)
    return [line if isinstance(line, tuple) else (0, line) for line in lines]


LONGEST = 5
"""The most reason lines a line rule's step says its bounds in, one fact a line (:func:`reason_lines`); past it, the
two placements (two lines and the conclusion) are shorter, and are how people who solve by hand find simple
boxes on a long line: push every block to one end, then to the other, and see what each covers in both."""

PLACED = ("overlap", "unreachable", "narrow_gap", "block_extension")
"""The rules whose conclusions rest only on the blocks' bounds: said as two placements when one fact a line is
too long."""

_TOWARDS = {"column": ("left", "right"), "row": ("up", "down")}


def placed_lines(derivation, clue, kind: str) -> list[str]:
    """The left-most and right-most placements of ``clue``'s blocks (Kramer: the patches' ends), as two lines:
    ``'pushed as far left as the known squares let them go, the blocks lie in columns 1-2, 4-6 and 9'``, then
    ``'pushed as far right, in columns ...'``.  Each block can only lie between where it lies in the first and
    where it lies in the second; ``kind`` is the kind of strip crossing this one."""
    start, end = _TOWARDS[kind]
    plural_kind = kind + ("s" if sum(clue) > 1 else "")
    left = listed(spans(range(first + 1, first + size + 1)) for first, size in zip(derivation.earliest, clue))
    right = listed(spans(range(last - size + 2, last + 2)) for last, size in zip(derivation.latest, clue))
    return [f"pushed as far {start} as the known squares let them go, the blocks lie in {plural_kind} {left}",
            f"pushed as far {end}, in {plural_kind} {right}"]


def _every(bounds) -> list[tuple[int, str]]:
    """The bounds of every item of a record (:attr:`paint.rule.Rule.bounds`), in order, as one list."""
    return [bound for item in bounds for bound in item]


def _overlap(reason, bounds, said: bool = True) -> list[str]:
    derivation, clue, kind = reason.derivation, reason.clue, reason.strip.crossing
    if not said:  # after the two placements (placed_lines): what each block covers in both, in one line
        covered = [f"{block_name(clue, target)}{' covers' if i == 0 else ''} "
                   f"{squares_phrase(kind, range(first, last + 1))}"
                   for i, (target, first, last) in enumerate(reason.detail.spans)]
        return [f"so, however {'they lie' if len(covered) > 1 else 'it lies'}, {listed(covered)}"]
    folded = Folded(derivation, _every(bounds), clue, kind)
    lines = folded.premises()
    size = len(reason.squares)
    for (target, first, last), span in zip(reason.detail.spans, bounds):
        covers = f"so it covers {squares_phrase(kind, range(first, last + 1))} however it lies"
        if (derivation.earliest[target], derivation.latest[target]) == (0, size - 1):
            # a bound that says nothing: the block may lie anywhere in the line, which is short for it
            lines.append(f"{block_name(clue, target)} lies in a line of {size} squares, {covers}")
        else:
            lines.append(f"{lies(derivation, clue, kind, target)}{folded.why(*span)}, {covers}")
    return lines


def _beyond(reason, bounds, said: bool = True) -> list[str]:
    derivation, clue, kind = reason.derivation, reason.clue, reason.strip.crossing
    if not clue:
        return ["the clue is 0: no square of the line is full"]
    if not said:  # after the two placements (placed_lines): every stretch at once
        where = squares_phrase(kind, [p for first, last, _, _ in reason.detail.stretches
                                      for p in range(first, last + 1) if reason.squares[p] == BLANK])
        return [f"no block can reach {where}: they lie outside the range of every block between its two places"]
    folded = Folded(derivation, _every(bounds), clue, kind)
    lines = folded.premises()
    for first, last, before, after in reason.detail.stretches:
        blank = [p for p in range(first, last + 1) if reason.squares[p] == BLANK]
        where = squares_phrase(kind, blank)
        if before is None:
            first = "" if len(clue) == 1 else "the first block, "
            lines.append(f"no block can reach {where}: {first}{block_name(clue, after)}"
                         f"{',' if first else ''} cannot start before {kind} {derivation.earliest[after] + 1}"
                         f"{folded.why((after, 'start'))}")
        elif after is None:
            last = "" if len(clue) == 1 else "the last block, "
            lines.append(f"no block can reach {where}: {last}{block_name(clue, before)}"
                         f"{',' if last else ''} cannot end after {kind} {derivation.latest[before] + 1}"
                         f"{folded.why((before, 'end'))}")
        else:
            lines.append(f"no block can reach {where}: {_bound_phrase(clue, derivation, before, 'end', kind)}"
                         f"{folded.why((before, 'end'))}, and {_bound_phrase(clue, derivation, after, 'start', kind)}"
                         f"{folded.why((after, 'start'))}")
    return lines


def _bound_phrase(clue, derivation, target: int, side: str, kind: str) -> str:
    """``'the 3 cannot end after column 5'`` (side ``'end'``) or ``'... cannot start before ...'`` (``'start'``); a
    bound no known square moved says why it holds: ``'..., leaving room for the 2 and the 1 after it'``."""
    name = block_name(clue, target)
    if side == "end":
        said = f"{name} cannot end after {kind} {derivation.latest[target] + 1}"
        value, others, where = derivation.latest[target], range(target + 1, len(clue)), "after"
    else:
        said = f"{name} cannot start before {kind} {derivation.earliest[target] + 1}"
        value, others, where = derivation.earliest[target], range(target), "before"
    if value == derivation.packed_bound(target, side) and others:
        said += f", leaving room for {blocks_list(clue, others)} {where} it"
    return said


def _gaps(reason, bounds, said: bool = True) -> list[str]:
    derivation, clue, kind = reason.derivation, reason.clue, reason.strip.crossing
    lines = proof_lines(derivation, _every(bounds), clue, kind) if said else []
    n = len(reason.squares)
    for (first, last, reaching), away in zip(reason.detail.gaps, bounds):
        where = squares_phrase(kind, range(first, last + 1))
        if 0 < first and last < n - 1:
            walls = f"between the empty {kind}s {first} and {last + 2}"
        elif first > 0:
            walls = f"between the empty {kind} {first} and the end of the line"
        elif last < n - 1:
            walls = f"between the start of the line and the empty {kind} {last + 2}"
        else:
            walls = "the whole line"
        keep_away = [_bound_phrase(clue, derivation, target, side, kind) for target, side in away]
        away = f" ({('; ' if any('leaving' in phrase for phrase in keep_away) else ' and ').join(keep_away)})" \
            if keep_away else ""
        if reaching:
            sizes = blocks_list(clue, reaching)
            lines.append(f"the gap at {where}, {walls}, is too short for {sizes}, the only "
                         f"{'block' if len(reaching) == 1 else 'blocks'} that can reach it{away}")
        else:
            lines.append(f"no block can reach the gap at {where}, {walls}{away}")
    return lines


def _runs(reason, bounds, said: bool = True) -> list[str]:
    derivation, clue, kind = reason.derivation, reason.clue, reason.strip.crossing
    lines = proof_lines(derivation, _every(bounds), clue, kind) if said else []
    n = len(reason.squares)
    for run, away in zip(reason.detail.runs, bounds):
        size = run.last - run.first + 1
        where = squares_phrase(kind, range(run.first, run.last + 1))
        owners = blocks_list(clue, run.owners, "or")
        short = [j for j in range(len(clue)) if clue[j] < size]
        keep_away = [_bound_phrase(clue, derivation, t, side, kind) for t, side in away]
        why = []
        if short:
            why.append(f"{'a block' if len(short) == 1 else 'blocks'} shorter than {size} cannot hold it")
        why += keep_away
        because = f" ({'; '.join(why)})" if why else ""
        run_words = f"the full {where}" if size == 1 else f"the run of full {where}"
        if run.whole:
            ends = [p for p in (run.first - 1, run.last + 1) if 0 <= p < n and reason.squares[p] == BLANK]
            lines.append(f"{run_words} can only be {owners}{because}, "
                         f"{size} long {'like' if len(run.owners) == 1 else 'each of'} "
                         f"{'it' if len(run.owners) == 1 else 'them'}: it is a whole block, so "
                         f"{squares_phrase(kind, ends)} {'is' if len(ends) == 1 else 'are'} empty")
        else:
            shortest = min(clue[j] for j in run.owners)
            holder = (f"{owners}{because}" if len(run.owners) == 1
                      else f"{owners}{because}, at least {shortest} long whichever it is")
            parts = []
            reach = run.wall_before + shortest
            if reach > run.last:
                start = "where the line begins" if run.wall_before < 0 else f"after the empty {kind} {run.wall_before + 1}"
                parts.append(f"it cannot start before {kind} {run.wall_before + 2}, {start}, so it reaches "
                             f"{kind} {min(reach, n - 1) + 1}")
            back = run.wall_after - shortest
            if back < run.first:
                end = "where the line ends" if run.wall_after >= n else f"before the empty {kind} {run.wall_after + 1}"
                parts.append(f"it cannot end after {kind} {run.wall_after}, {end}, so it reaches back to "
                             f"{kind} {max(back, 0) + 1}")
            lines.append(f"{run_words} can only belong to {holder}; {' and '.join(parts)}")
    return lines


def _tried(reason, bounds) -> list:
    clue, kind = reason.clue, reason.strip.crossing
    lines: list = []
    for witness in reason.witnesses:
        position, needed = witness.position, witness.given
        used = [p for p in range(len(needed)) if needed[p] != BLANK and p != position]
        words = [f"the {word} {squares_phrase(kind, [p for p in used if needed[p] == shade])}"
                 for shade, word in ((FULL, "full"), (EMPTY, "empty")) if any(needed[p] == shade for p in used)]
        given = f" with {' and '.join(words)}" if words else ""
        lines.append((0, f"if {kind} {position + 1} were {Square(witness.assumed).word}, no placement of the "
                         f"blocks would fit{given}:"))
        lines.extend((1, line) for line in failure_lines(witness.derivation, clue, kind))
    return lines


def failure_lines(derivation, clue, kind: str) -> list[str]:
    """Why no placement of ``clue``'s blocks fits (``derivation.failure`` is set): the bounds, then the failure.

    Give it the derivation of the squares that matter (:func:`paint.bounds.core`) for a short account.
    """
    failure = derivation.failure
    if failure is None:
        return []
    if not clue:
        return [f"the clue is 0 but {kind} {failure.square + 1} is full"]
    seen = _seen_failure(derivation.squares, clue, kind)
    if seen is not None:
        return [seen]
    known: dict = {}
    lines = facts_lines(derivation.failure_proof(), derivation, clue, kind, known)
    bound = derivation.events[failure.side][failure.event].value
    said = known.get((failure.side, failure.target))  # the lines may have stated a tighter bound
    if said is not None and _tighter(said, bound, failure.side):
        bound = said
    name = block_name(clue, failure.target)
    n = len(derivation.squares)
    size = clue[failure.target]
    if failure.kind == "no_room" and failure.side == "start":
        if bound >= n:
            lines.append(f"so there is no room for {name}")
        else:
            lines.append(f"so there is no room for {name}: from {kind} {bound + 1}, its {plural(size, 'square')} "
                         f"would run past the end of the line at {kind} {n}")
    elif failure.kind == "no_room":
        if bound < 0:
            lines.append(f"so there is no room for {name}")
        else:
            lines.append(f"so there is no room for {name}: to end at {kind} {bound + 1}, its "
                         f"{plural(size, 'square')} would start before the line does")
    else:
        which, verb = ("first", "start before") if failure.side == "start" else ("last", "end after")
        lone = "" if len(clue) == 1 else f"the {which} block, "
        lines.append(f"so no block can cover the full {kind} {failure.square + 1}: {lone}{name}"
                     f"{',' if lone else ''} cannot {verb} {kind} {bound + 1}")
    return lines


def _seen_failure(squares, clue, kind: str) -> str | None:
    """Why no placement fits, in one line, when it shows on the squares without pushing blocks: a run of full
    squares longer than every block, or more stretches holding a full square between empty squares than blocks;
    else None (the bounds must say it)."""
    longest = max(clue)
    for first, last in full_runs(squares):
        if last - first + 1 > longest:
            return (f"so {squares_phrase(kind, range(first, last + 1))} would be a run of {last - first + 1} full "
                    f"squares, and no block is longer than {longest}")
    stretches = sum(1 for stretch in bytes(squares).split(bytes([EMPTY])) if FULL in stretch)
    if stretches > len(clue):
        return (f"so the full squares lie in {stretches} stretches between empty squares, each needing a block of "
                f"its own, but the clue has only {plural(len(clue), 'block')}")
    return None


def _fills(reason, bounds) -> list[str]:
    clue, n = reason.clue, len(reason.squares)
    if not clue:
        return ["the clue is 0: no square of the line is full"]
    if len(clue) == 1:
        return [f"the {clue[0]} is as long as the line, so it covers every square"]
    sizes = " + ".join(map(str, clue))
    return [f"the clue fills the line: {sizes} and {plural(len(clue) - 1, 'one-square gap')} make {number(n)}, "
            f"the line's length, so the blocks lie one way only"]


def _located(reason, bounds) -> list[str]:
    clue, kind, runs = reason.clue, reason.strip.crossing, reason.detail.runs
    if len(clue) == 1:
        first, last = runs[0]
        run = "the full" if first == last else "the run of full"
        return [f"{run} {squares_phrase(kind, range(first, last + 1))} is the {clue[0]}, the only block, so every "
                f"other square is empty"]
    sizes = listed(map(str, clue))
    return [f"the {len(clue)} runs of full squares are the {len(clue)} blocks, {sizes} in order, so every other "
            f"square is empty"]


WORDS = {"fills": _fills, "located": _located, "overlap": _overlap, "unreachable": _beyond, "narrow_gap": _gaps,
         "block_extension": _runs, "try_one": _tried}
"""The English of each strip rule's reasons, keyed by rule name like the rows of :data:`paint.rules.RULES`: a
function of a :class:`paint.explanation.Reason` and the bounds its row says it rests on (one tuple of
``(target, side)`` pairs per item of its record: :attr:`paint.rule.Rule.bounds`), and for the rules of
:data:`PLACED` a keyword ``said`` (false: leave the bounds' why to :func:`placed_lines`), giving lines, each a string or
a ``(level, string)`` pair (see :func:`reason_lines`).  A rule without an entry here is refused
(:class:`paint.rule.Rule`)."""


# ------------------------------------------------------------------- marks

def describe_marks(marks) -> str:
    """Summarise marks as counts per value, then per strip where they lie (in first-mark order).

    >>> from paint.explanation import Mark
    >>> from paint.strip import StripId
    >>> c = StripId('column', 6)
    >>> describe_marks([Mark(1, 6, EMPTY, c), Mark(2, 6, FULL, c)])
    '1 full, 1 empty - column 7 (full row 3, empty row 2)'
    """
    counts = []
    values = [v for v in (FULL, EMPTY) if any(m.value == v for m in marks)]
    for value in values:
        counts.append(f"{sum(1 for m in marks if m.value == value)} {Square(value).word}")
    by_strip: dict = {}
    for mark in marks:
        by_strip.setdefault(mark.strip, []).append(mark)
    places = []
    for strip, strip_marks in by_strip.items():
        if len(values) == 1:
            inner = squares_phrase(strip.crossing, [m.position for m in strip_marks])
        else:
            inner = ", ".join(
                f"{Square(v).word} {squares_phrase(strip.crossing, [m.position for m in strip_marks if m.value == v])}"
                for v in values if any(m.value == v for m in strip_marks))
        places.append(f"{strip.name} ({inner})")
    return f"{', '.join(counts)} - {'; '.join(places)}"


def strip_marks(strip, marks) -> str:
    """The marks of one strip as a person reads them: ``'columns 7-10 full; column 2 empty'``."""
    parts = []
    for value in (FULL, EMPTY):
        positions = [m.position for m in marks if m.value == value]
        if positions:
            parts.append(f"{squares_phrase(strip.crossing, positions)} {Square(value).word}")
    return "; ".join(parts)


# ------------------------------------------------------------------- steps

def step_head(step) -> str:
    """The step's line after its number: rule, technique, and what it marked where.

    ``'overlap (forcing): row 3 [2 7 1] - columns 7-10 full'`` for a step on
    one strip; ``'overlap: 9 full - row 3 (columns 4-6); column 7 (rows 2,
    9-11)'`` for a round of several strips (``--steps rule``); ``'edge
    (contradiction): row 1, column 9 cannot be full'`` for a probe.
    """
    named = step.technique
    rule = f"{step.rule} ({named})" if named else step.rule
    assumed = step.assumed
    if assumed is not None:  # a probe step, told by its chain or, in a solve that keeps none, by its line alone
        return f"{rule}: row {assumed.row + 1}, column {assumed.column + 1} cannot be {assumed.value.word}"
    strip = step.strip
    search = step.search
    if search is not None and search.branches and strip is not None and strip != search.branches[0].placement.strip:
        home = search.branches[0].placement  # the block searched lies on another strip than the marks: name both
        return f"{rule}: {label(home.strip, home.clue)} - {strip.name}, {strip_marks(strip, step.marks)}"
    if strip is not None and (step.reasons or step.rule == "search"):
        clue = step.reasons[0].clue if step.reasons else _search_clue(step)
        where = label(strip, clue) if clue is not None else strip.name
        return f"{rule}: {where} - {strip_marks(strip, step.marks)}"
    return f"{rule}: {describe_marks(step.marks)}"


def _search_clue(step):
    search = step.search
    if search is not None and search.branches and search.branches[0].placement.strip == step.strip:
        return search.branches[0].placement.clue
    return None


def step_body(step, *, detail: bool = False) -> list[tuple[int, str]]:
    """The lines under a step, as ``(depth, text)``: why, checkable on the strip alone.

    A step on one strip gives its reason's lines; a round of several strips
    each strip's, under its label; a probe its chain, one piece a line, links
    that mark the same squares alike together, a link found by a contradiction
    on its strip with that contradiction's reason (with ``detail``, every link
    on its own line with its rule, generation and reason); a search step what
    became of each place of the block (with ``detail``, each branch's own
    steps are added by the renderer).
    """
    lines: list[tuple[int, str]] = []
    if step.chain is not None:
        chain = step.chain
        assumed = chain.assumed
        square = f"row {assumed.row + 1}, column {assumed.column + 1}"
        return chain_lines(chain, f"if {square} were {assumed.value.word}", 1, detail=detail)
    if step.search is not None:
        return search_lines(step.search, detail=detail, marks=step.marks)
    if step.rule == "search":
        lines.append((1, "every place left of the block searched gives these squares the same value"))
        return lines
    if len(step.reasons) == 1 and step.strip is not None:
        lines.extend((1 + level, line) for level, line in reason_lines(step.reasons[0]))
        return lines
    for reason in step.reasons:
        said = reason_lines(reason)
        if len(said) == 1:
            lines.append((1, f"{reason.label}: {said[0][1]}"))
        else:
            lines.append((1, f"{reason.label}:"))
            lines.extend((2 + level, line) for level, line in said)
    return lines


def chain_lines(chain, supposing: str, depth: int, *, detail: bool = False,
                reasons: bool = False) -> list[tuple[int, str]]:
    """A chain (a probe's, or a search branch's) as ``(depth, text)`` lines: ``supposing`` (``'if row 1, column
    9 were full'``), then one piece a line - links that mark the same squares alike together, a link found by a
    contradiction on its strip with that contradiction's reason (with ``detail``, every link on its own line with
    its rule, generation and reason; with ``reasons``, every link on its own line with its reason) - then the strip
    that could not be completed, and why."""
    broken = f"{label(chain.broken, chain.broken_clue)} could not be completed:"
    if not chain.links:  # the strip of the assumption breaks at once
        return [(depth, f"{supposing}, {broken}"), *((depth + 1, line) for line in broken_lines(chain))]
    lines = [(depth, f"{supposing}:")]
    if detail or reasons:
        for link in chain.links:
            lines.append((depth + 1, f"{link.text} (generation {link.generation}, {link.rule})" if detail
                          else link.text))
            if link.reason is not None:
                lines.extend((depth + 2 + level, line) for level, line in reason_lines(link.reason))
    else:
        for group in chain.pieces:
            lines.append((depth + 1, links_text(group)))
            for nested in chain.nested(group[0]) if len(group) == 1 else ():
                lines.extend((depth + 2 + level, line) for level, line in reason_lines(nested.reason))
    lines.append((depth + 1, f"and {broken}"))
    lines.extend((depth + 2, line) for line in broken_lines(chain))
    return lines


def places_lines(search) -> list[str]:
    """Why the searched block has exactly the places tried: the earliest and latest it can lie (with the facts that
    bound it, when the left-most and right-most placements give that range), and, for each start in between that
    is no place, the known square that rules it out; then the places.  Told from the block's strip at the stall
    (:attr:`paint.explanation.Search.squares`); without it, only the places."""
    first = search.branches[0].placement
    starts = [branch.placement.start for branch in search.branches]
    places = [branch.placement.where for branch in search.branches]
    if len(starts) > 3 and sorted(starts) == list(range(min(starts), max(starts) + 1)):  # a run of starts
        has = (f"{first.block} has {plural(len(places), 'place')}: it can start at "
               f"{squares_phrase(first.strip.crossing, range(min(starts), max(starts) + 1))}")
    else:
        has = f"{first.block} has {plural(len(places), 'place')}: {listed(places, 'or')}"
    squares = search.squares
    if squares is None:
        return [has]
    from .linesolvers.dp import block_starts
    found = block_starts(first.clue, squares)
    if found is None or sorted(found[first.target]) != sorted(starts):
        return [has]
    clue, kind, target, size = first.clue, first.strip.crossing, first.target, first.size
    low, high = min(starts), max(starts) + size - 1
    derivation = Derivation(clue, squares)
    lines = []
    if (low, high) == (0, len(squares) - 1):  # a range that would say nothing
        lines.append(f"{block_name(clue, target)} may lie anywhere in the line of {len(squares)} squares")
    elif derivation.failure is None and (derivation.earliest[target], derivation.latest[target]) == (low, high):
        folded = Folded(derivation, [(target, "start"), (target, "end")], clue, kind)
        lines += folded.premises()
        lines.append(f"{lies(derivation, clue, kind, target)}{folded.why((target, 'start'), (target, 'end'))}")
    else:
        lines.append(f"{block_name(clue, target)} can only lie in {squares_phrase(kind, range(low, high + 1))}"
                     " (the other blocks leave it no room beyond)")
    for start in range(low, high - size + 2):
        if start in starts:
            continue
        where = squares_phrase(kind, range(start, start + size))
        empty = [p for p in range(start, start + size) if squares[p] == EMPTY]
        touching = [p for p in (start - 1, start + size) if 0 <= p < len(squares) and squares[p] == FULL]
        if empty:
            lines.append(f"not at {where}: it would cover the empty {squares_phrase(kind, empty)}")
        elif touching:
            lines.append(f"not at {where}: it would touch the full {squares_phrase(kind, touching)}")
        else:
            lines.append(f"not at {where}: the other blocks could not then be placed")
    return lines + [f"so {has.replace(first.block, 'it', 1)}"]


def search_lines(search, *, detail: bool = False, marks=()) -> list[tuple[int, str]]:
    """Under a search step: the block and its places, then, for each place that broke, the chain from putting
    the block there to the strip that broke (:func:`chain_lines`; a place that broke only further down says so
    in a line), then what that leaves.  A place that survives is not narrated.  (With ``detail`` the renderer
    adds each branch's own steps.)"""
    if search.stopped:
        return [(1, search.text)]
    lines = [(1, line) for line in places_lines(search)]
    for index, branch in enumerate(search.branches):
        if index == search.survived or branch.outcome not in ("contradiction", "exhausted"):
            continue
        if branch.chain is not None:
            place = branch.placement
            settled = [mark for mark in branch.chain.placed
                       if not place.start - 1 <= mark.position <= place.start + place.size]
            supposing = f"if it lay at {place.where}"
            if settled:  # squares the place settles on its strip, beyond the block and its ends
                supposing += (f" (so that {strip_marks(place.strip, settled).replace('; ', ' and ')}, the blocks"
                              f" before it lying before it and those after it after it)")
            lines.extend(chain_lines(branch.chain, supposing, 1, detail=detail, reasons=True))
        else:
            lines.append((1, f"at {branch.placement.where} it {branch.became}"))
    if search.survived is not None:
        lines.append((1, f"so it lies at {search.branches[search.survived].placement.where}"))
    elif search.agreed:
        left = [b for b in search.branches if b.outcome not in ("contradiction", "exhausted")]
        home = search.branches[0].placement.strip
        strip = marks[0].strip if marks else None
        made = "" if strip is None else strip_marks(strip, marks).replace("; ", " and ")
        if strip is not None and strip != home:
            made = f"{strip.name}, {made}"
        if marks and all(branch.follows is not None for branch in left):
            for branch in left:  # each place left, and how the squares concluded follow from it
                where = branch.placement.where
                if not branch.follows.links:
                    lines.append((1, f"if it lay at {where}, it would itself make {made}"))
                    continue
                lines.append((1, f"if it lay at {where}:"))
                for link in branch.follows.links:
                    lines.append((2, link.text))
                    if link.reason is not None:
                        lines.extend((3 + level, line) for level, line in reason_lines(link.reason))
                lines.append((2, f"which gives {made}"))
            lines.append((1, f"so, wherever it lies: {made}"))
        else:
            lines.append((1, f"worked with line logic from each place left "
                             f"({listed([b.placement.where for b in left], 'or')}), the grid gets the marked squares"
                             " alike, so they hold wherever it lies"))
    else:
        lines.append((1, "so the clues cannot all hold"))
    return lines


def links_text(links) -> str:
    """What links of a probe's chain that mark the same squares alike would each make, in words.

    One link: ``'column 20 [4] would make rows 2-4 full'``; several (on
    strips of one kind, marking the same squares of them alike): ``'columns
    1-2, 4 would each make row 2 empty'``.
    """
    first = links[0]
    marks = strip_marks(first.strip, first.marks).replace("; ", " and ")
    if len(links) == 1:
        return f"{label(first.strip, first.clue)} would make {marks}"
    return f"{squares_phrase(first.strip.kind, [link.strip.index for link in links])} would each make {marks}"


def broken_lines(chain) -> list[str]:
    """Why the strip a probe's chain broke could not be completed, as lines."""
    if chain.broken_squares is not None:
        needed = core(chain.broken_clue, chain.broken_squares)
        derivation = Derivation(chain.broken_clue, needed)
        if derivation.failure is not None:
            return failure_lines(derivation, chain.broken_clue, chain.broken.crossing)
    return [chain.reason]
