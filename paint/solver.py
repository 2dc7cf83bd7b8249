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

import time

from .engine import Engine, choose_rules
from .errors import Contradiction
from .options import SolveOptions
from .linesolvers._record import known_line
from .puzzle import Puzzle, clue_text
from .result import Result, replay
from .search.bfs import Budget, explore
from .squares import Grid


def solve(puzzle: Puzzle, options: SolveOptions | None = None, *, on_step=None) -> Result:
    """Solve ``puzzle`` with Kramer's ordered rules, and search when they stall; return the :class:`Result`.

    The puzzle is left unchanged, so it can be solved again.  ``options``
    chooses the rules (default: all, in order), whether to search, and the
    limits.  ``on_step(step, grid)`` is called after each step of the main
    line of reasoning with the grid as it then is (do not keep or change
    the grid).  Nothing raises for a puzzle's content: the result's status is
    ``'solved'`` (and the solution unique), ``'multiple'``, ``'contradiction'``
    (``result.contradiction`` says where), ``'stalled'`` (search off) or
    ``'limit'`` (a limit or Ctrl-C stopped the search).

    Raises ValueError for an unknown rule name in ``options``, or for rules
    without ``try_one`` when search is on.

    >>> from paint.puzzle import Puzzle
    >>> result = solve(Puzzle(rows=[[2], [1]], columns=[[2], [1]]))
    >>> result.status, result.grid.lines()
    ('solved', ['XX', 'X.'])
    >>> [step.line for step in result.steps]
    ['1. overlap: 3 full - row 1 (columns 1-2); column 1 (row 2)', '2. outside_patch: 1 empty - row 2 (column 2)']
    """
    options = options or SolveOptions()
    started = time.perf_counter()
    rules = choose_rules(options.rules)
    if options.search and "try_one" not in {rule.name for rule in rules}:
        raise ValueError("search needs the rule try_one, the exact line test that tells a branch is broken; "
                         "add it, or turn search off")
    branch_rules = tuple(rule for rule in rules if rule.scope == "strip")
    budget = Budget(None if options.max_time is None else started + options.max_time, options.max_branches)
    engine = Engine(puzzle, rules, on_step)
    contradiction = None
    solutions: tuple[Grid, ...] = ()
    status = "stalled"
    memory: dict = {}  # what the searches of this solve learned about the places they tried
    stalls: list[int] = []
    try:
        while True:
            status = engine.run(budget.deadline)
            if status == "stalled":
                stalls.append(len(engine.steps))
            if status == "solved" and not engine.strip_rules:
                _check(engine)  # no line rule looked at the strips the probes filled
            if status in ("solved", "limit") or not options.search:
                break
            if budget.spent():
                status = "limit"
                break
            found = explore(engine, branch_rules, budget, keep_steps=options.branch_steps, memory=memory)
            if found.kind in ("commit", "agree"):
                if not found.marks:
                    raise RuntimeError("search committed no square")  # a bug: it would loop for ever
                engine.commit("search", found.marks, found.search)
                continue
            if found.kind == "none":
                strip = found.search.branches[0].placement.strip
                raise Contradiction(strip, "search", found.search.text)
            status = found.kind
            solutions = found.solutions
            break
    except Contradiction as error:
        status, contradiction = "contradiction", error
    except KeyboardInterrupt:
        status = "limit"
        engine.grid = replay(puzzle, engine.steps)  # Ctrl-C may have come in the middle of a step
    grid = Grid(puzzle.height, puzzle.width, [list(row) for row in engine.grid.rows])
    if status == "multiple":
        grid = solutions[0]
    unique = {"solved": True, "multiple": False, "contradiction": False}.get(status)
    return Result(puzzle, status, tuple(engine.steps), grid, contradiction,
                  time.perf_counter() - started, unique=unique, solutions=solutions,
                  levels=budget.levels, branches=budget.branches, stalls=stalls)


def _check(engine) -> None:
    """Make sure every strip of a grid with no blank square matches its clue (when no line rule has looked at them).

    Raises :class:`Contradiction` naming the first strip that does not.
    """
    for strip in engine.strips:
        if known_line(strip.targets, bytes(strip.squares)) is None:
            raise Contradiction(strip.id, "check", f"its squares do not make its clue {clue_text(strip.targets)}")
