"""A puzzle editor's verdict on one puzzle: one solution, and can it be solved without guessing?

Newspapers publish only puzzles with exactly one solution that a person can
reach without guessing (Kramer decision 6, 1/15/2).  :func:`check_puzzle`
solves a puzzle with every rule, reads the explanation the way an editor
would and, where the rules stall, lets a depth-first search count the
solutions (:mod:`paint.search.dfs`: one, several or none, told at once).
It gives one *verdict*:

- ``ok``: line logic alone finishes it - every step is one of the line rules
  (``overlap``, ``unreachable``, ``narrow_gap``, ``block_extension``,
  ``try_one``), each justified by a single row or column - so its solution
  is also the only one;
- ``needs-probes``: one solution, but finishing needs the ``edge`` or
  ``corner`` probes, which follow a guess across strips;
- ``needs-search``: one solution, but only search (guessing) finishes it;
- ``multiple``: more than one solution;
- ``no-solution``: the clues contradict;
- ``error``: the file could not be read;
- ``limit``: a time or branch limit stopped the search before it was known.

Like Simon Tatham's puzzles, the grade follows the hardest rule the solve
needed, in the order of :data:`HARDNESS`: the engine always tries the cheaper
rules first, so a harder rule is only used where every cheaper one has
stalled.  :mod:`paint.grade` puts it on a scale of 1 to 7.

>>> from paint.puzzle import Puzzle
>>> check = check_puzzle(Puzzle(rows=[[2], [1]], columns=[[2], [1]]))
>>> check.verdict, check.unique, check.hardest_rule, check.steps
('ok', True, 'located', 3)
>>> check_puzzle(Puzzle(rows=[[1], [1]], columns=[[1], [1]])).verdict
'multiple'
"""

from __future__ import annotations

import time

import attrs

from .errors import GoalMismatch, PaintError
from .formats import load, loads
from .options import SearchPolicy, SolveOptions, positive_or_none, sat_mode
from .printable import printable
from .puzzle import Puzzle
from .result import Result, Status, replay
from .grade import effort, grade
from .rules import LINE_RULE_NAMES, PROBE_NAMES, RULE_NAMES
from .solver import solve
from .squares import BLANK, Grid

VERDICTS = ("ok", "needs-probes", "needs-search", "multiple", "no-solution", "error", "limit")
"""Every verdict, in the order a summary lists them."""

HARDNESS = (*RULE_NAMES, "search")
"""The rules from the easiest to the hardest; ``search`` is the hardest of all."""

DEFAULT_MAX_TIME = 60.0
"""Seconds a check spends on one puzzle unless told otherwise."""

@attrs.frozen
class CheckOptions:
    """How :func:`check_puzzle` judges a puzzle.

    - ``allow_probes``: a puzzle the probes finish passes (its verdict stays
      ``needs-probes``), and the stall is where line logic and the probes
      together stop rather than where line logic stops;
    - ``max_time``: seconds of solving per puzzle before its verdict is
      ``limit`` (None: no limit);
    - ``max_positions``: positions of the depth-first search per puzzle
      before ``limit`` (None: no limit; ``paint check --max-positions``);
    - ``max_branches``: branches of the breadth-first search per puzzle
      before ``limit`` (None: no limit): of the explained search with
      ``explain_search``, else of the one that says where the clues of a
      puzzle with no solution contradict;
    - ``explain_search``: where the rules stall, decide by the explained
      breadth-first search of ``paint solve`` (:mod:`paint.search.bfs`), so
      that ``steps`` and ``search_depth`` count its steps and levels, rather
      than by the depth-first search (:mod:`paint.search.dfs`), which
      explains nothing and is many times faster on a puzzle with several
      solutions or a deep search;
    - ``policy``: how the depth-first search spends its positions
      (:class:`paint.options.SearchPolicy`).
    - ``sat``: where the rules stall, count the solutions with a SAT solver
      (:mod:`paint.search.sat`, ``pip install 'paint[sat]'``) too:
      ``'race'`` (or True) beside the depth-first search, the first to
      decide believed, ``'alone'`` instead of it
      (:attr:`paint.options.SolveOptions.sat`).  It decides puzzles that
      search cannot (knotty and faase).  The SAT solver measures no search
      depth, so a ``needs-search`` puzzle it decides has no
      ``search_depth`` and no ``grade`` (6 or 7); in a race, which of the
      two decides first (and so the pair of solutions a ``multiple``
      puzzle shows) can differ from one run to the next.  Not with
      ``explain_search`` or ``max_positions`` (ValueError).

    The words are those of docs/glossary.md.  Raises ValueError for a limit
    that is not positive, a ``sat`` string that is not a mode, or ``sat``
    with ``explain_search`` or ``max_positions``; TypeError for a ``sat``
    that is not a bool, None or a string.

    >>> CheckOptions().max_time
    60.0
    >>> CheckOptions(max_time=0)
    Traceback (most recent call last):
    ValueError: max_time must be positive, not 0
    """

    allow_probes: bool = False
    max_time: float | None = attrs.field(default=DEFAULT_MAX_TIME, validator=positive_or_none)
    max_positions: int | None = attrs.field(default=None, validator=positive_or_none)
    max_branches: int | None = attrs.field(default=None, validator=positive_or_none)
    explain_search: bool = False
    policy: SearchPolicy = attrs.field(default=SearchPolicy(), validator=attrs.validators.instance_of(SearchPolicy))
    sat: str | None = attrs.field(default=None, converter=sat_mode)

    def __attrs_post_init__(self) -> None:
        if self.sat and self.explain_search:
            raise ValueError("sat counts the solutions with a SAT solver and the depth-first search, and "
                             "explain_search decides by the explained search instead: choose one")
        if self.sat and self.max_positions is not None:
            raise ValueError("max_positions counts the depth-first search's positions, and sat's solver "
                             "runs to the time limit: use max_time")

    @property
    def allowed(self) -> tuple[str, ...]:
        """The rules a puzzle may need and still pass."""
        return LINE_RULE_NAMES + (PROBE_NAMES if self.allow_probes else ())


@attrs.frozen
class Check:
    """The verdict on one puzzle and the figures behind it (rows and columns in text count from 1).

    - ``file``: the puzzle file as named (``''`` for a puzzle built in code);
    - ``verdict``: one of :data:`VERDICTS`;
    - ``passes``: True when an editor can publish it: ``ok``, or
      ``needs-probes`` when probes are allowed, and a goal, if the file has
      one, that is the solution;
    - ``unique``: True proven one solution, False several or none, None unknown;
    - ``hardest_rule``: the hardest rule in :data:`HARDNESS` the solve used
      (``'search'`` when it searched), None when nothing was solved;
    - ``steps``: the number of steps in the explanation (of the rules, up
      to the search, unless :attr:`CheckOptions.explain_search`);
    - ``blank_at_stall``: squares still blank where the allowed rules
      (:attr:`CheckOptions.allowed`) stalled, None when they did not stall;
    - ``search_depth``: how many levels of trial the search went down: 1
      when trying each blank square both ways where the rules stalled
      settles the puzzle, one more for each guess stacked on another
      (:attr:`paint.search.dfs.Counted.depth`; the levels of the explained
      search with :attr:`CheckOptions.explain_search`); None without search,
      when a limit stopped the depth-first search, or when a SAT solver
      decided (:attr:`CheckOptions.sat`);
    - ``grade``: how hard the hardest step it needs is, 1 (counting) to 7
      (deep search) (:func:`paint.grade.grade`); None without one solution
      found, or for ``needs-search`` without a ``search_depth`` (6 or 7);
    - ``effort``: the steps each rule took, in the ladder's order
      (:func:`paint.grade.effort`);
    - ``differing``: for ``multiple``, the squares in which two solutions differ;
    - ``seconds``: wall-clock time to read and solve the puzzle;
    - ``goal_matches``: whether the goal in the file is the solution (None
      without a goal, or without one solution);
    - ``error``: why the file could not be read, or why its goal is wrong;
    - ``contradiction``: for ``no-solution``, where the clues contradict;
    - ``width``, ``height``: the size, when the file could be read;
    - ``puzzle``, ``solution``, ``stall``, ``solutions``: the puzzle, its
      one solution, the grid at the stall and the two solutions found
      (grids as one ``'X'``/``'.'``/``' '`` string per row), to draw them.
    """

    file: str
    verdict: str = attrs.field(validator=attrs.validators.in_(VERDICTS))
    passes: bool = False
    unique: bool | None = None
    hardest_rule: str | None = None
    steps: int = 0
    blank_at_stall: int | None = None
    search_depth: int | None = None
    differing: int | None = None
    grade: int | None = None
    effort: dict = attrs.field(factory=dict)
    seconds: float = 0.0
    goal_matches: bool | None = None
    error: str | None = None
    contradiction: str | None = None
    width: int | None = None
    height: int | None = None
    puzzle: Puzzle | None = attrs.field(default=None, eq=False, repr=False)
    solution: tuple[str, ...] | None = attrs.field(default=None, repr=False)
    stall: tuple[str, ...] | None = attrs.field(default=None, repr=False)
    solutions: tuple[tuple[str, ...], ...] = attrs.field(default=(), repr=False)

    def to_document(self) -> dict:
        """The JSON object of this check (a dict of plain values).

        Schema (``tests/check_schema.json``): ``{"file": str, "verdict": str,
        "unique": bool|null, "hardest_rule": str|null, "steps": int,
        "blank_at_stall": int|null, "seconds": float, "goal_matches":
        bool|null, "error": str|null, "passes": bool, "width": int|null,
        "height": int|null, "search_depth": int|null, "differing":
        int|null, "contradiction": str|null, "grade": int|null, "effort":
        {rule: int}}``.

        >>> Check('a.non', 'error', error='a.non: no such file').to_document()['error']
        'a.non: no such file'
        """
        return {
            "file": self.file, "verdict": self.verdict, "unique": self.unique,
            "hardest_rule": self.hardest_rule, "steps": self.steps,
            "blank_at_stall": self.blank_at_stall, "seconds": round(self.seconds, 4),
            "goal_matches": self.goal_matches, "error": self.error, "passes": self.passes,
            "width": self.width, "height": self.height, "search_depth": self.search_depth,
            "differing": self.differing, "contradiction": self.contradiction,
            "grade": self.grade, "effort": dict(self.effort),
        }


def check_file(path, options: CheckOptions | None = None, *, text: str | None = None) -> Check:
    """Read the puzzle file at ``path`` and judge it (:func:`check_puzzle`).

    ``text``, when given, is the file's content, already read (from a
    pipe, say), and ``path`` only names it.  Never raises for the file: one
    that cannot be read gets the verdict ``error`` with the one-line reason
    (naming the file and line) in ``error``.  A goal that breaks the clues
    does not hide the verdict on the clues: ``goal_matches`` is False and
    ``error`` says which strip it breaks and that the file is broken.
    ``seconds`` includes the reading.  The check's ``file`` and ``error``
    are :func:`paint.printable.printable`.

    >>> check_file('/no/such/file.non').error
    '/no/such/file.non: no such file'
    """
    started = time.perf_counter()
    try:
        puzzle = load(path) if text is None else loads(text, str(path))
    except GoalMismatch as error:
        # The clues are fine; the picture the file says they make is not theirs.
        check = broken_goal(check_puzzle(error.puzzle, options, file=printable(str(path))), str(error))
        return attrs.evolve(check, seconds=time.perf_counter() - started)
    except PaintError as error:
        return Check(printable(str(path)), "error", error=printable(str(error)),
                     seconds=time.perf_counter() - started)
    check = check_puzzle(puzzle, options, file=printable(str(path)))
    return attrs.evolve(check, seconds=time.perf_counter() - started)


def broken_goal(check: Check, message: str) -> Check:
    """``check`` of a file whose goal breaks its clues: it does not pass, and ``error`` says why.

    ``message`` is the reader's GoalMismatch message (file, line, strip);
    the verdict on the clues stands.
    """
    return attrs.evolve(check, goal_matches=False, passes=False,
                        error=printable(f"{message}: the file is broken"))


def check_puzzle(puzzle: Puzzle, options: CheckOptions | None = None, *, file: str = "", stop=None) -> Check:
    """Solve ``puzzle`` with every rule, search where they stall, and give an editor's verdict on it.

    One solve (:func:`paint.solve`, one budget for the puzzle) runs the
    rules as ``paint solve`` runs them, explained; their steps give ``ok``
    when every step is a line rule and ``needs-probes`` when the hardest is
    a probe.  Where every rule stalls, the depth-first search of
    :mod:`paint.search.dfs` decides (:attr:`paint.options.SolveOptions.depth_first`):
    two solutions make it ``multiple``, one ``needs-search``, none
    ``no-solution`` (where the clues contradict is then found by the
    explained search, as ``paint solve`` would show it).  With
    :attr:`CheckOptions.explain_search` the explained search of ``paint
    solve`` decides instead.  A time, position or branch limit gives
    ``limit``.  A goal that differs from the one solution is reported in
    ``error`` and the puzzle does not pass.  ``stop`` (a
    :class:`threading.Event`, set by a signal handler) stops the solve as a
    limit would.  Raises nothing for the puzzle's content.
    """
    options = options or CheckOptions()
    started = time.perf_counter()
    depth_first = not options.explain_search
    result = solve(puzzle, SolveOptions(max_time=options.max_time, max_branches=options.max_branches,
                                        depth_first=depth_first, max_positions=options.max_positions,
                                        policy=options.policy, chains=False, sat=options.sat),
                   stop=stop)
    status, solutions = result.status, result.solutions
    contradiction = result.contradiction.sentence if result.contradiction is not None else None
    if depth_first and result.stalls:  # the rules stalled, and the depth-first search decided from there
        counted = result.depth_first
        depth = None if status == "limit" else counted.depth
        if status == "solved":
            solutions = (result.grid,)
        # what the rules did up to the stall; the explained search after it only says where a contradiction lies
        result = attrs.evolve(result, steps=result.steps[:result.stalls[0]], contradiction=None,
                              stalls=result.stalls[:1])
        used = {step.rule for step in result.steps} | {"search"}
    else:
        depth = result.levels if result.branches else None
        used = {step.rule for step in result.steps}
        if result.contradiction is not None:
            used.add(result.contradiction.rule)
        if result.branches or status == "multiple":  # a second solution is found only by a search
            used.add("search")
    solution = result.grid if status == "solved" else None
    hardest = max(used, key=_hardness, default=None)

    verdict = {"multiple": "multiple", "contradiction": "no-solution"}.get(status, "limit")
    if status == "solved":
        verdict = ("needs-search" if "search" in used
                   else "needs-probes" if used & set(PROBE_NAMES) else "ok")
    stall = _stall(result, options.allowed)

    goal_matches = error = None
    if solution is not None and puzzle.goal is not None:
        goal_matches = tuple(solution.lines()) == tuple(puzzle.goal)
        if not goal_matches:
            error = _goal_error(puzzle.goal, solution)
    passes = (verdict == "ok" or (verdict == "needs-probes" and options.allow_probes)) and goal_matches is not False

    return Check(
        file=file, verdict=verdict, passes=passes, unique=Status(status).unique,
        hardest_rule=hardest, steps=len(result.steps),
        blank_at_stall=None if stall is None else stall.count(BLANK),
        search_depth=depth,
        differing=len(solutions[0].differences(solutions[1])) if status == "multiple" else None,
        grade=None if verdict == "needs-search" and depth is None else grade(verdict, hardest, depth),
        effort=effort(step.rule for step in result.steps),
        seconds=time.perf_counter() - started, goal_matches=goal_matches, error=error,
        contradiction=contradiction,
        width=puzzle.width, height=puzzle.height, puzzle=puzzle,
        solution=None if solution is None else tuple(solution.lines()),
        stall=None if stall is None else tuple(stall.lines()),
        solutions=tuple(tuple(grid.lines()) for grid in solutions),
    )


def _hardness(rule: str) -> int:
    return HARDNESS.index(rule) if rule in HARDNESS else -1


def _stall(result: Result, allowed: tuple[str, ...]) -> Grid | None:
    """The grid where the ``allowed`` rules stalled, or None when they did not stall.

    The engine tries a rule only when every rule before it has stalled, so
    the grid before the first step by a rule not allowed is where the
    allowed ones stalled.  With no such step, they stalled at the end only
    if every rule did there (``result.stalls``: search began, and then
    found several solutions or was stopped by a limit) or a rule not
    allowed found the contradiction.  A limit that cut the rules short is
    not a stall.
    """
    steps = result.steps
    first = next((index for index, step in enumerate(steps) if step.rule not in allowed), None)
    if first is not None:
        return replay(result.puzzle, steps[:first])
    found = result.contradiction
    if len(steps) in result.stalls or (found is not None and found.rule not in allowed):
        return replay(result.puzzle, steps)
    return None


def _goal_error(goal, grid: Grid) -> str:
    """The message for a goal that is not the one solution: how many squares differ and the first."""
    places = Grid.from_lines(goal).differences(grid)
    row, column = places[0]
    return (f"the goal in the file is not the solution: they differ in {len(places)} "
            f"square{'s' if len(places) != 1 else ''}, first at row {row + 1}, column {column + 1}; "
            f"the file is broken")
