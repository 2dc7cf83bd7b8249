"""A hint from where a person is: their mistakes first, else the next step only.

A person solving by hand gives paint their grid so far (:func:`paint.load_grid`).
:func:`hint` then says:

1. **Mistakes.**  A known square of the person's grid that no solution has
   is a mistake.  With one solution, those are the squares that differ from
   it; with several, a square is a mistake only when, set on its own, it
   leaves the puzzle with no solution.  When no square is wrong on its own
   but the squares together break a clue (possible only with several
   solutions), that is said, with the row or column they break.  The rest of the solution is not revealed.
2. **Otherwise the next step**: the cheapest rule that makes progress from
   the grid, on one row or column, with its reason as ``paint solve`` words
   it.  Among the strips where that rule makes progress, the one whose
   reason is shortest to check is chosen (fewest lines of reasons), then the
   one that marks the most squares, then the first row from the top, then
   the first column from the left: a person scanning the grid sees the
   simplest deduction first, and a larger one rewards the look.  When line
   logic is stuck, the next probe or search step, as the solve would take it.
3. A grid with no blank square left and no mistake is solved.
4. **When the time runs out** before the puzzle's own solve has ended, its
   solutions are not known, so in general neither are the mistakes.  But
   every square that solve had settled holds in every solution (the rules
   and the search only ever settle forced squares), so when each square
   the person filled in (beyond the puzzle's own given ones) is one it had
   settled, with the same value - always so for an empty grid - no square
   can be a mistake.  The hint is then the next line step, as in 2 (the
   same step a longer limit would give, unless the search would find
   that the grid admits no solution at all); with ``unique`` None.  When
   the person's grid holds a square that solve had not settled, or line
   logic is stuck, the hint is ``limit``.

The rules' order is Kramer's (the engine's), so "cheapest" means first in
that order.  Nothing here changes the puzzle or the grid given.
"""

from __future__ import annotations

import time

import attrs

from .budget import Budget
from .engine import Engine, choose_rules
from .errors import StripContradiction
from .explanation import Mark, Reason, Step
from .options import SolveOptions
from .puzzle import Puzzle
from .solver import solve as _solve
from .solver import with_given
from .squares import BLANK, Grid, Square, starting_grid

STATUSES = ("mistakes", "conflict", "step", "solved", "multiple", "no-solution", "limit")


@attrs.frozen
class Mistake:
    """A known square of the person's grid that no solution has: 0-based ``row`` and ``column``, and the ``value``
    the person gave it (:class:`paint.squares.Square`)."""

    row: int
    column: int
    value: Square

    def __str__(self) -> str:
        """``'row 3, column 7 should not be full'`` (counting from 1)."""
        return f"row {self.row + 1}, column {self.column + 1} should not be {self.value.word}"


@attrs.frozen
class Hint:
    """What :func:`hint` found for ``puzzle`` (carrying the person's squares as its ``given``).

    ``status`` is ``'mistakes'`` (``mistakes`` lists them), ``'conflict'`` (no
    square is wrong on its own, but together they break a clue: ``reason``
    says which), ``'step'`` (``step``
    is the next step, numbered 1), ``'solved'`` (the grid is complete and
    right), ``'multiple'`` (no square follows from the grid: more than one
    solution agrees with it), ``'no-solution'`` (the puzzle itself has none:
    ``reason`` says where) or ``'limit'`` (the time ran out before paint
    could tell).
    ``unique`` says whether the puzzle has one solution (None: not known).
    """

    puzzle: Puzzle
    status: str = attrs.field(validator=attrs.validators.in_(STATUSES))
    mistakes: tuple[Mistake, ...] = ()
    step: Step | None = None
    unique: bool | None = None
    reason: str | None = None

    def to_document(self, level: int = 3, width: int = 100) -> dict:
        """The JSON document at ``level``, telling no more than the text does: ``status``; ``mistakes`` (rows
        and columns from 1; at level 1 the row only); ``step`` (level 3: as in ``paint solve --json``; levels 1
        and 2: its ``where``, and at level 2 its ``rule`` and ``technique``; None with mistakes or when
        solved); ``unique``; ``reason`` (why there is no hint, else None); ``level``; and the ``lines``
        printed at that level, wrapped to ``width``."""
        from .render.hint import hint_lines, where
        from .result import step_document
        if level == 1:
            mistakes = [{"row": m.row + 1} for m in self.mistakes]
        else:
            mistakes = [{"row": m.row + 1, "column": m.column + 1, "value": m.value.word} for m in self.mistakes]
        step = None
        if self.step is not None:
            if level == 3:
                step = step_document(self.step)
            else:
                step = {"where": where(self.step)}
                if level == 2:
                    step.update(rule=self.step.rule, technique=self.step.technique)
        return {"status": self.status, "mistakes": mistakes, "step": step, "unique": self.unique,
                "reason": self.reason, "level": level, "lines": hint_lines(self, level=level, width=width)}


class _First(Exception):
    """Raised from ``on_step`` to stop a solve at its first step."""

    def __init__(self, step):
        super().__init__()
        self.step = step


def hint(puzzle: Puzzle, grid: Grid | None = None, options: SolveOptions | None = None, *,
         on_progress=None) -> Hint:
    """The hint for a person who has filled in ``grid`` (a :class:`Grid` of the puzzle's size; None: only the
    puzzle's own given squares, which are part of the puzzle and never a mistake).

    ``options`` gives the limits: ``max_time`` bounds the whole hint (every
    solve made here shares it, and leaves the last :data:`LINE_STEP_SHARE`
    of it to finding a line step, which a solve stopped at the limit still
    lets the hint give), ``max_branches`` each search; the rules and search
    are always all of them.  ``on_progress(progress)``, if given, is
    called with a :class:`paint.budget.Progress` while the solves work (for
    a status line), its ``seconds`` counted from the start of the hint.
    Raises ValueError when ``grid`` is not of the puzzle's size.  Sources: Kramer's ordered rules for the next
    step; mistakes against the solutions :func:`paint.solve` finds.
    """
    options = options or SolveOptions()
    began = time.perf_counter()
    deadline = Budget.for_limits(options.max_time, started=began).deadline  # the whole hint's
    # the one the hint's solves share: the rest is kept for the line step
    solves_end = None if deadline is None else deadline - LINE_STEP_SHARE * options.max_time
    report = None if on_progress is None else (
        lambda progress: on_progress(attrs.evolve(progress, seconds=time.perf_counter() - began)))

    def solve(puzzle, options, **more):
        return _solve(puzzle, options, on_progress=report, **more)

    def limits(until: float | None = None) -> SolveOptions:
        """The limits of a solve made now: until ``until`` (default: the end of the solves' share)."""
        end = solves_end if until is None else until
        left = None if end is None else max(end - time.perf_counter(), 0.001)
        return SolveOptions(max_time=left, max_branches=options.max_branches)

    person = puzzle if grid is None else with_given(puzzle, grid)
    own = solve(puzzle, limits())
    if own.status == "contradiction":
        return Hint(person, "no-solution", unique=False, reason=own.contradiction.sentence)
    unique = own.unique
    start = starting_grid(person)
    whole = None
    if own.status == "multiple" and grid is not None:
        whole = solve(person, limits())  # does some solution agree with the whole grid?
        if whole.status == "limit":
            return Hint(person, "limit", unique=unique, reason="the time ran out before the solutions were known")
    if own.status == "limit" and _settled(puzzle, start, own.grid):
        step = _line_step(person, start, deadline)  # no square can be a mistake (see the module's docstring, 4)
        if step is _OUT_OF_TIME:
            return Hint(person, "limit", unique=unique, reason="the time ran out before the next step was found")
        if step is not None:
            return Hint(person, "step", step=step, unique=None)
    mistakes = _mistakes(puzzle, start, own, whole, solve, limits)
    if mistakes is None:
        return Hint(person, "limit", unique=unique, reason="the time ran out before the solutions were known")
    if mistakes:
        return Hint(person, "mistakes", tuple(mistakes), unique=unique)
    if whole is not None and whole.status == "contradiction":
        return Hint(person, "conflict", unique=unique,
                    reason=f"no square is wrong on its own, but together they break the clues: "
                           f"{whole.contradiction.sentence}")
    if start.count(BLANK) == 0:
        return Hint(person, "solved", unique=unique)
    step = _line_step(person, start, deadline)
    if step is _OUT_OF_TIME:
        return Hint(person, "limit", unique=unique, reason="the time ran out before the next step was found")
    status = "step"
    if step is None:  # the line step is known now: the time kept for it is this solve's too
        step, status = _first_step(person, solve, limits(deadline))
    if status == "multiple":
        return Hint(person, "multiple", unique=False,
                    reason="no square follows from here: more than one solution agrees with your grid")
    if step is None:
        return Hint(person, "limit", unique=unique, reason="the time ran out before the next step was found")
    return Hint(person, "step", step=step, unique=unique)


def _settled(puzzle: Puzzle, start: Grid, settled: Grid) -> bool:
    """Whether every known square of ``start`` that ``puzzle`` does not give is known, with the same value, in
    ``settled`` (a grid of squares that hold in every solution): then none of them can be a mistake."""
    ours = starting_grid(puzzle)
    return all(value == BLANK or ours.rows[r][c] != BLANK or settled.rows[r][c] == value
               for r, row in enumerate(start.rows) for c, value in enumerate(row))


def _mistakes(puzzle: Puzzle, start: Grid, own, whole, solve, limits) -> list[Mistake] | None:
    """The person's known squares that no solution has (None when that could not be told in time).

    With one solution (``own``), those that differ from it.  With several,
    none when some solution agrees with the whole grid (``whole`` did not
    break); else each square that a solution found does not have is set on
    its own, and is a mistake when the puzzle then has no solution
    (``solve`` does it, within ``limits()``).
    """
    ours = starting_grid(puzzle)
    known = [(r, c, value) for r, row in enumerate(start.rows) for c, value in enumerate(row)
             if value != BLANK and ours.rows[r][c] == BLANK]
    if own.status == "solved":
        return [Mistake(r, c, Square(v)) for r, c, v in known if own.grid.rows[r][c] != v]
    if own.status != "multiple":
        return None
    if whole is None or whole.status != "contradiction":
        return []
    found = []
    for r, c, value in known:
        if any(solution.rows[r][c] == value for solution in own.solutions):
            continue  # a solution has it
        alone = starting_grid(puzzle)
        alone.mark(r, c, value)
        result = solve(puzzle, limits(), start=alone)
        if result.status == "contradiction":
            found.append(Mistake(r, c, Square(value)))
        elif result.status not in ("solved", "multiple"):
            return None
    return found


LINE_STEP_SHARE = 0.1
"""The share of a hint's ``max_time`` its solves leave for finding the next line step (:func:`_line_step`): a
solve stopped at the limit still lets the hint give one, within the limit (it takes a few milliseconds on a
puzzle of 40 x 40, some seconds on one of 1000 x 1000, whose every line the rules find a step on)."""

_OUT_OF_TIME = object()
"""What :func:`_line_step` gives when the hint's time ran out before it knew the step."""


def _line_step(person: Puzzle, start: Grid, deadline: float | None = None):
    """The next step of the cheapest line rule that makes progress from ``start``, on the strip a person finds
    first (see the module docstring), or None when no line rule does; :data:`_OUT_OF_TIME` when ``deadline``
    (a :func:`time.perf_counter` time; None: none) passes first.  The time is looked at before each strip, so
    a limit holds to within one row's or column's work, as in a solve."""
    engine = Engine(person, choose_rules(None), start=start)
    for rule in engine.strip_rules:
        found = []
        for order, strip in enumerate(engine.strips):
            if deadline is not None and time.perf_counter() > deadline:
                return _OUT_OF_TIME
            try:
                finding = rule.step_on(strip)
            except StripContradiction:
                continue  # not on a grid some solution agrees with (checked before)
            if finding is None:
                continue
            reason = Reason(strip.id, strip.targets, bytes(strip.squares), rule, finding.detail)
            found.append(((len(reason.lines), -len(finding.marks), order), strip, finding, reason))
        if found:
            _, strip, finding, reason = min(found, key=lambda item: item[0])
            marks = tuple(Mark(*strip.id.square(position), Square(value), strip.id)
                          for position, value in finding.marks)  # made for the one step told only
            return Step(1, rule.name, marks, (reason,), round=1, last=True)
    return None


def _first_step(person: Puzzle, solve, limits) -> tuple[Step | None, str]:
    """The first step a solve (``solve``, within ``limits``) from the person's squares takes (a probe or search
    step, when line logic is stuck), with ``'step'``; else None and how that solve ended (``'multiple'``:
    nothing is forced)."""
    def first(step, grid):
        raise _First(step)

    try:
        result = solve(person, limits, on_step=first)
    except _First as stopped:
        return attrs.evolve(stopped.step, last=True), "step"
    return None, result.status
