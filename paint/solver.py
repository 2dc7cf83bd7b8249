"""Solving a puzzle: the rules on the main line of reasoning, and search when they stall.

The rules run in order (:class:`paint.engine.Engine`) until none makes
progress.  If squares are still blank, breadth-first block-placement search
(:mod:`paint.search.bfs`) looks for the one place of some block that does
not break; that place becomes one ``search`` step of the explanation and the
rules go on from it.  The solve ends when the grid is solved (and then its
solution is the only one), when the clues contradict, when two solutions are
found, or when a limit stops it.

>>> from paint.puzzle import Puzzle
>>> result = solve(Puzzle(rows=[[1], [1]], columns=[[1], [1]]))
>>> result.status, result.unique, len(result.solutions)
('multiple', False, 2)
"""

from __future__ import annotations

import sys
import time

import attrs

from .budget import Budget, LimitReached
from .engine import Engine, choose_rules
from .errors import Contradiction, StripContradiction
from .explanation import contradiction
from .linesolvers import exact
from .linesolvers._record import known_line
from .options import SolveOptions
from .puzzle import Puzzle, clue_text, totals_problem
from .result import Result, Status, replay
from .squares import BLANK, Grid, starting_grid

EXPLAIN_CONTRADICTION = 10.0
"""Seconds the breadth-first search may spend saying where the clues of a puzzle with no solution contradict,
once the depth-first search has proven that they do (:attr:`SolveOptions.depth_first`)."""

BRANCHES_PER_POSITION = 4
"""Branches of the breadth-first search to one position of the depth-first search, for their turns
(:attr:`SolveOptions.depth_first_after`): about what each costs on TAAI 2011's 721, where line logic settles
nothing (a branch 0.19 ms; a position of the compiled probe 0.75 ms)."""

MOST_SHARE = 8
"""How far the share of a turn of the depth-first search grows against the explained search's turn before it
(:class:`_Turns`): the share starts at 1 (a turn of :data:`BRANCHES_PER_POSITION` branches to a position) and,
when the depth-first search probes in compiled code, doubles at every turn up to this, a step that has worked
long without ending being one that is not about to end.  With compiled probing it bounds what the turns can
cost a solve whose explained search ends first: at most about ``MOST_SHARE + 1`` times that search's time.  In
Python the share stays 1, but a position then costs 3 to 14 times what it assumes, so that bound is about 15
(docs/search.md)."""

PROVEN_NONE = ("the grid where the rules stall cannot be completed: the search followed every guess both ways, "
               "and each broke a clue")
"""Where the clues contradict, when the depth-first search proved it and the breadth-first search was stopped
before it could say where."""


def solve(puzzle: Puzzle, options: SolveOptions | None = None, *, start: Grid | None = None, on_step=None,
          on_progress=None, stop=None) -> Result:
    """Solve ``puzzle`` with Kramer's ordered rules, and search when they stall; return the :class:`Result`.

    ``start``, a :class:`paint.squares.Grid` of the puzzle's size (for
    instance a person's partial grid, :func:`paint.load_grid`), is where the
    solve begins: its known squares are laid over the puzzle's own given
    squares (:attr:`Puzzle.given`), the result's ``puzzle`` carries them all
    as ``given``, and the first step marks only squares that were blank.
    Given squares that a row's or column's clue cannot hold give status
    ``'contradiction'`` naming that strip.  Raises ValueError when
    ``start`` is not of the puzzle's size.

    The puzzle is left unchanged, so it can be solved again.  ``options``
    chooses the rules (default: all, in order), whether to search, and the
    limits.  ``on_step(step, grid)`` is called after each step of the main
    line of reasoning with the grid as it then is (do not keep or change
    the grid).  ``on_progress(progress)``, if given, is called with a
    :class:`paint.budget.Progress` about five times a second while the
    solve works (for a status line).  ``stop``, if given, is an object with
    an ``is_set()`` method (a :class:`threading.Event`): once set, the solve
    stops as a limit would, at the next strip - a signal handler can set it
    without interrupting anything half done.  Nothing raises for a puzzle's
    content: the result's status is ``'solved'`` (and the solution unique),
    ``'multiple'``, ``'contradiction'`` (``result.contradiction`` says
    where; row and column clues with different totals are reported at once),
    ``'stalled'`` (search off, or no ``try_one`` among the rules) or
    ``'limit'`` (a limit or Ctrl-C stopped the solve; ``result.tried`` holds
    what the search had tried).  The time limit holds to within the work
    of one strip (see :mod:`paint.budget`).

    Search runs only when ``try_one`` is among the rules: it is the exact
    line test that tells a search branch is broken.  Raises ValueError for
    an unknown rule name in ``options``.

    >>> from paint.puzzle import Puzzle
    >>> result = solve(Puzzle(rows=[[2], [1]], columns=[[2], [1]]))
    >>> result.status, result.grid.lines()
    ('solved', ['XX', 'X.'])
    >>> [step.line for step in result.steps]
    ['1. fills (the clue fills the line): row 1 [2] - columns 1-2 full', '2. fills (the clue fills the line): column 1 [2] - row 2 full', '3. located (every block located): row 2 [1] - column 2 empty']
    >>> solve(Puzzle(rows=[[2], [1]], columns=[[1], [1]])).contradiction.reason
    'the row clues total 3 full squares but the column clues total 2'
    """
    options = options or SolveOptions()
    started = time.perf_counter()
    if start is not None:
        puzzle = with_given(puzzle, start)
    given = starting_grid(puzzle) if puzzle.given is not None else None
    rules = choose_rules(options.rules, kramer=options.steps == "rule")
    search = options.search and "try_one" in {rule.name for rule in rules}
    branch_rules = tuple(rule for rule in rules if rule.scope == "strip")
    budget = Budget.for_limits(options.max_time, options.max_branches, on_progress=on_progress, stop=stop,
                               squares=puzzle.width * puzzle.height, started=started)
    by_strip = options.steps == "strip"
    engine = Engine(puzzle, rules, on_step, start=given, budget=budget, by_strip=by_strip,
                    chains=options.chains)
    budget.blank = lambda: engine.blank
    compiled = sys.modules.get("paint.search.compiled")
    if not options.chains and compiled is not None:  # a check, in a process that has loaded the compiled code
        engine.full_break = compiled.full_break(puzzle)
    contradiction = None
    solutions: tuple[Grid, ...] = ()
    tried = None
    status = Status.STALLED
    memory = None  # what the searches of this solve learned about the places they tried
    counted = None  # what the depth-first search found, where it ran
    first_stall = None  # the grid where the rules first stalled
    proven_none = False  # the depth-first search proved there is no solution
    stalls: list[int] = []
    turns = None  # the depth-first search's turns beside the breadth-first search (SolveOptions.depth_first_after)
    try:
        totals = totals_problem(puzzle.rows, puzzle.columns)
        if totals is not None:
            raise Contradiction(None, "totals", totals)
        if given is not None:
            _check_given(engine)
        while True:
            budget.stage = "rules"
            status = engine.run()
            if status is Status.STALLED:
                stalls.append(len(engine.steps))
                if len(stalls) == 1:
                    first_stall = engine.grid.copy()
            if status is Status.SOLVED and not any(rule.reads_bounds for rule in engine.strip_rules):
                _check(engine)  # no rule that reads the blocks' bounds looked at the strips filled last
            if status in (Status.SOLVED, Status.LIMIT) or not search:
                break
            if budget.spent():
                status = Status.LIMIT
                break
            budget.stage = "search"
            if (options.depth_first or options.second_solution) and len(stalls) == 1:  # once, at the first stall
                try:
                    counted = _depth_first(puzzle, engine.grid, options, budget)
                except LimitReached:
                    status = Status.LIMIT
                    break
                decided = _decided(counted, options.depth_first)
                if decided is not None:
                    status = decided
                    solutions = counted.solutions if decided is Status.MULTIPLE else ()
                    break
                if options.depth_first:  # none: the breadth-first search says where the clues contradict
                    proven_none = True
                    budget.within(EXPLAIN_CONTRADICTION)
            from .search.bfs import SearchMemory, Verdict, with_chains  # only a puzzle the rules cannot finish
            memory = memory or SearchMemory()                                # loads it
            if turns is None:
                turns = _Turns(puzzle, first_stall, options, budget, depth_first=counted is None)
            found = turns.explore(engine, branch_rules, memory)  # a limit in either turn ends as a limit in the step
            if turns.answer is not None and counted is None:  # the depth-first search decided in its turn
                counted = turns.answer
                decided = _decided(counted, False)
                if decided is not None:
                    status, solutions = decided, counted.solutions
                    break
                proven_none = not counted.solutions  # the breadth-first search says where the clues contradict
            if found.kind in (Verdict.COMMIT, Verdict.AGREE):
                if not found.marks:
                    raise RuntimeError("search committed no square")  # a bug: it would loop for ever
                told = found.search if not options.chains else with_chains(
                    engine, found.search, branch_rules, engine.committed(found.marks, found.search), found.untold)
                engine.commit("search", found.marks, told)
                continue
            if found.kind is Verdict.NONE:
                strip = found.search.branches[0].placement.strip
                raise Contradiction(strip, "search", found.search.text)
            status = Status(found.kind)  # multiple or limit
            solutions = found.solutions
            if status is Status.MULTIPLE:
                solutions = _shown_pair(puzzle, first_stall, options, budget, solutions)
            tried = found.search if found.kind is Verdict.LIMIT else None
            break
    except Contradiction as error:
        status, contradiction = Status.CONTRADICTION, error
    except KeyboardInterrupt:
        status = Status.LIMIT
        engine.grid = replay(puzzle, engine.steps)  # Ctrl-C may have come in the middle of a step
    if proven_none and status is Status.LIMIT:  # stopped before the breadth-first search could say where
        status, contradiction, tried = Status.CONTRADICTION, Contradiction(None, "search", PROVEN_NONE), None
    grid = Grid(puzzle.height, puzzle.width, [list(row) for row in engine.grid.rows])
    if status is Status.MULTIPLE:
        grid = solutions[0]
    elif status is Status.SOLVED and options.depth_first and counted is not None:  # the depth-first search's
        grid = counted.solutions[0]
    unique = status.unique
    if unique is None and counted is not None and counted.complete and len(counted.solutions) == 1:
        unique = True  # the depth-first search proved it in a turn; a limit stopped the explanation
    return Result(puzzle, status, tuple(engine.steps), grid, contradiction,
                  time.perf_counter() - started, unique=unique, solutions=solutions,
                  levels=budget.levels, branches=budget.branches, stalls=stalls, tried=tried,
                  depth_first=counted if counted is not None or turns is None else turns.found)


class _Turns:
    """The depth-first search taking turns with the breadth-first search of one solve
    (:attr:`SolveOptions.depth_first_after`).

    A step of the breadth-first search (:func:`paint.search.bfs.explore_steps`)
    pauses once it has worked ``depth_first_after`` branches
    (:attr:`paint.budget.Budget.turn`); the depth-first search
    (:class:`paint.search.dfs.DepthFirst`, from ``first_stall``, the grid
    where the rules first stalled, as ``paint check``'s) then works a
    quarter as many positions (:data:`BRANCHES_PER_POSITION`), and the step
    goes on where it paused for twice the branches; the depth-first search's
    share of the time doubles at every turn, up to :data:`MOST_SHARE` (its
    turns four times the last, then twice), when it probes in compiled code
    a board of the one-word kernels (:func:`paint.search.compiled.expected`,
    :func:`paint.search.compiled.one_word`; in Python its positions cost
    3 to 14 times what :data:`BRANCHES_PER_POSITION` assumes, so its share
    is that much larger from the first turn, and does not grow).  Both go on
    where they stopped, so each finds exactly what it would have alone: the
    explanation, its branches and its levels do not change.  Once the
    depth-first search has decided (:attr:`answer`) or reached
    ``max_positions``, or when it is not to run (``depth_first`` False: it
    already ran in this solve; no ``depth_first_after``), the step goes on
    to its end.
    """

    def __init__(self, puzzle: Puzzle, first_stall: Grid, options: SolveOptions, budget: Budget, *,
                 depth_first: bool = True) -> None:
        self.puzzle, self.first_stall, self.options, self.budget = puzzle, first_stall, options, budget
        self.branches = options.depth_first_after if depth_first else None  # the next turn of the explained search
        self.share = 1  # the depth-first search's next turn against the explained search's last, in time (about)
        self.search = None  # the depth-first search, made at its first turn
        self.answer = None  # what the depth-first search decided (paint.search.dfs.Counted), once it has

    @property
    def found(self):
        """What the depth-first search has found in its turns (:attr:`paint.search.dfs.DepthFirst.found`), None
        before its first."""
        return None if self.search is None else self.search.found

    def explore(self, engine, rules, memory):
        """One step of the breadth-first search from ``engine``'s stalled grid (chained), taking turns with the
        depth-first search while neither has decided.  Returns the step's :class:`paint.search.bfs.Explored`:
        ``Explored(LIMIT)`` with no record when the depth-first search has just found two solutions
        (:attr:`answer`), and the step's record as it stood (as a limit in the step gives it) when a limit or
        Ctrl-C stops the depth-first search's turn."""
        from .search.bfs import Explored, Verdict, explore_steps
        from .search.dfs import Count
        budget, options = self.budget, self.options
        steps = explore_steps(engine, rules, budget, options, memory, chained=True)
        try:
            while True:
                budget.turn = None if self.branches is None else budget.branches + self.branches
                try:
                    next(steps)
                except StopIteration as done:
                    return done.value
                try:
                    if budget.spent():  # the solve's own limit came with the pause: no turn, the step ends
                        raise LimitReached
                    self.answer = self._turn()  # the step is paused at budget.turn: the depth-first search's turn
                except (LimitReached, KeyboardInterrupt):  # the solve stops: the step's record as it stood
                    budget.turn = None
                    try:
                        steps.throw(LimitReached())
                    except StopIteration as done:
                        return done.value
                    raise RuntimeError("the explained search went on after it was stopped")  # a bug
                if self.answer is not None:
                    self.branches = None  # decided: the step goes on to its end, or ends here
                    if self.answer.count is Count.SEVERAL:
                        steps.close()
                        return Explored(Verdict.LIMIT)
        finally:
            budget.turn = None

    def _turn(self):
        """The depth-first search's turn: what it decided, or None; the turns of the explained search grow, and
        end when the depth-first search has worked ``max_positions``."""
        from .search import compiled
        from .search.dfs import DepthFirst
        options = self.options
        if self.search is None:
            self.search = DepthFirst(self.puzzle, self.first_stall.rows, budget=self.budget, policy=options.policy)
        # In Python a position costs 13 to 55 branches' time, not 4: the share is large from the first turn, and
        # does not grow.  Asked at every turn: numba installed may yet fail when the search first tries it.
        # The share grows on boards of the one-word kernels only: a wide board's positions, compiled or not, were
        # not measured against BRANCHES_PER_POSITION.
        growing = (options.policy.compiled_after is not None and compiled.one_word(self.search.board)
                   and compiled.expected(self.search.board))
        if not growing:
            self.share = 1
        positions = max(1, int(self.branches * self.share // BRANCHES_PER_POSITION))  # whole positions
        self.branches *= 2
        if growing:
            self.share = min(2 * self.share, MOST_SHARE)
        if options.max_positions is not None:
            positions = min(positions, options.max_positions - self.search.positions)
            if self.search.positions + positions >= options.max_positions:
                self.branches = None  # its last turn: the explained search then goes on alone
            if positions <= 0:
                return None
        return self.search.work(positions)


def _depth_first(puzzle: Puzzle, grid: Grid, options: SolveOptions, budget: Budget, *, shown: bool = False):
    """What the depth-first search finds from the stalled ``grid`` (:func:`paint.search.dfs.two_solutions`):
    within :attr:`SolveOptions.max_positions` positions for :attr:`SolveOptions.depth_first` (or to find the
    pair to show, ``shown``), else :attr:`SolveOptions.second_solution`; with :attr:`SolveOptions.sat`, what
    the first to decide of it and the SAT solver finds (:func:`paint.search.sat.race`), or the SAT solver alone
    (:func:`paint.search.sat.two_solutions`).  Raises :class:`paint.budget.LimitReached` as the budget says."""
    if options.sat == "alone":
        from .search import sat
        return sat.two_solutions(puzzle, grid.rows, budget=budget)
    from .search import dfs  # only a puzzle the rules cannot finish loads it
    positions = options.max_positions if options.depth_first or shown else options.second_solution

    def own():
        return dfs.two_solutions(puzzle, grid.rows, positions=positions, budget=budget, policy=options.policy)

    if options.sat == "race":
        from .search import sat
        return sat.race(puzzle, grid.rows, own, budget=budget)
    return own()


def _shown_pair(puzzle: Puzzle, grid: Grid, options: SolveOptions, budget: Budget, found: tuple) -> tuple:
    """The two solutions a solve with several shows: the pair the depth-first search finds from the first
    stall ``grid`` - the pair ``paint check`` reports, so that both say the same squares differ - else
    (that search stopped by a limit) the pair the breadth-first search ``found``."""
    from .search.dfs import Count
    try:
        counted = _depth_first(puzzle, grid, options, budget, shown=True)
    except LimitReached:
        return found
    return counted.solutions[:2] if counted.count is Count.SEVERAL else found


def _decided(counted, decides: bool) -> Status | None:
    """The status the depth-first search's ``counted`` ends the solve with: ``'multiple'`` for two solutions;
    when it ``decides``, also ``'solved'`` for one and ``'limit'`` when its positions ran out; None to go on
    (with the breadth-first search)."""
    from .search.dfs import Count
    if counted.count is Count.SEVERAL:
        return Status.MULTIPLE
    if decides:
        return {Count.ONE: Status.SOLVED, Count.UNKNOWN: Status.LIMIT}.get(counted.count)
    return None


def with_given(puzzle: Puzzle, grid: Grid) -> Puzzle:
    """``puzzle`` with the known squares of ``grid`` laid over its own given squares (:attr:`Puzzle.given`).

    Raises ValueError when ``grid`` is not of the puzzle's size.
    """
    if (grid.height, grid.width) != (puzzle.height, puzzle.width):
        raise ValueError(f"a grid of {grid.width} columns x {grid.height} rows does not fit a puzzle of "
                         f"{puzzle.width} columns x {puzzle.height} rows")
    lines = list(puzzle.given) if puzzle.given is not None else [" " * puzzle.width] * puzzle.height
    laid = ["".join(mine if mine != " " else theirs for mine, theirs in zip(line, old))
            for line, old in zip(grid.lines(), lines)]
    return attrs.evolve(puzzle, given=tuple(laid))


def _check_given(engine) -> None:
    """Make sure every strip's clue can hold its given squares; raise :class:`Contradiction` naming the first
    that cannot, with why (worded like any strip that cannot be completed)."""
    for strip in engine.strips:
        squares = bytes(strip.squares)
        if squares.count(BLANK) != len(squares) and exact(strip.targets, squares) is None:
            raise contradiction(strip.id, strip.targets, squares, "given",
                                StripContradiction("its given squares do not fit its clue"))


def _check(engine) -> None:
    """Make sure every strip of a grid with no blank square matches its clue (when no line rule has looked at them).

    Raises :class:`Contradiction` naming the first strip that does not.
    """
    for strip in engine.strips:
        if known_line(strip.targets, bytes(strip.squares)) is None:
            raise Contradiction(strip.id, "check", f"its squares do not make its clue {clue_text(strip.targets)}")
