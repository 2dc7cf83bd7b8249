"""A depth-first search that finds up to two solutions of a puzzle at once, explaining nothing (``paint check``).

Kramer's breadth-first search (:mod:`paint.search.bfs`) explains each step
it commits; an editor asking "does it have one solution?" needs only the
answer, and the solutions.  :func:`two_solutions` gives it: the classic
nonogram solver of line propagation, probing and backtracking on bit boards
(:mod:`paint.search.board`), run as a plain pass, then two main searches
taking turns in slices with restarts between them, the probing handed to
compiled code (:mod:`paint.search.compiled`) on a long search.  How and why,
with the sources and the measurements, is written once, in docs/search.md;
its words (position, pass, slice, restart, depth) are those of
docs/glossary.md; the numbers it is tuned by are a
:class:`paint.options.SearchPolicy`.

>>> from paint.puzzle import Puzzle
>>> found = two_solutions(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), [bytearray(2), bytearray(2)])
>>> [grid.lines() for grid in found.solutions], found.count, found.depth
([['X.', '.X'], ['.X', 'X.']], <Count.SEVERAL: 'several'>, 2)
"""

from __future__ import annotations

import enum
import itertools
import math
import random
import time

import attrs

from ..budget import Budget
from ..options import SearchPolicy
from ..squares import Grid
from . import compiled  # light: numba is loaded only when a search first needs it
from .board import Board, Expanded, Expansion, Inherited


class Count(enum.Enum):
    """How many solutions a depth-first search found (:attr:`Counted.count`)."""

    NONE = "none"        # it covered every possibility and found none: the squares cannot be completed
    ONE = "one"          # it covered every possibility and found one: the only solution
    SEVERAL = "several"  # it found two different solutions
    UNKNOWN = "unknown"  # its positions ran out first


@attrs.frozen
class Counted:
    """What :func:`two_solutions` found.

    - ``solutions``: up to two different solutions (:class:`paint.squares.Grid`);
    - ``complete``: True when the search covered every possibility, so
      fewer than two solutions means exactly that many;
    - ``depth``: the levels of trial it went down (docs/glossary.md): 1
      when the position it started from was settled by probing (or had no
      blank square), one more for each guess stacked on another (0 when
      the known squares could not be completed at all); None when a SAT
      solver found them (:mod:`paint.search.sat`), which has no levels;
    - ``positions``: the positions it worked, of every pass.
    """

    solutions: tuple[Grid, ...]
    complete: bool
    depth: int | None = 0
    positions: int = 0

    @property
    def count(self) -> Count:
        """How many solutions were found, named."""
        if len(self.solutions) == 2:
            return Count.SEVERAL
        if not self.complete:
            return Count.UNKNOWN
        return Count.ONE if self.solutions else Count.NONE


def two_solutions(puzzle, rows, *, positions: int | None = None, budget: Budget | None = None,
                  policy: SearchPolicy = SearchPolicy()) -> Counted:
    """Up to two different solutions of ``puzzle`` that agree with the known squares of ``rows``.

    ``rows`` is one sequence of square values per row (0 blank, 1 empty,
    2 full, as :class:`paint.squares.Square`), for instance an engine's
    grid where the rules stalled; it is not changed.  ``positions`` bounds
    the positions worked, of every pass (None: no bound); ``budget``
    (:class:`paint.budget.Budget`) is checked at every square probed and
    every few lines settled, so a time limit or Ctrl-C stops the search
    with :class:`paint.budget.LimitReached`; ``policy`` sets the passes,
    slices, restarts and the hand-over to compiled probing.  Returns a
    :class:`Counted`: two solutions, or fewer with ``complete`` True when
    the search covered every possibility, or fewer with ``complete`` False
    when ``positions`` ran out.  ``depth`` is that of the pass that
    decided (docs/search.md).  The same puzzle, squares and policy always
    give the same answer (the "random" orders of the restarts are seeded).
    """
    started = time.perf_counter()
    board = _board(puzzle, budget, policy)
    start = board.start(rows)
    if start is None:
        return Counted((), True, 0, 0)
    try:
        return _Passes(board, start, positions, policy).decide()
    finally:  # a search the kernels could not take (a line too long) does not count towards loading them
        if compiled.takes(board):
            compiled.searched(time.perf_counter() - started)


def _board(puzzle, budget: Budget | None, policy: SearchPolicy) -> Board:
    """The :class:`paint.search.board.Board` a search of ``puzzle`` works on: its clues, ``budget`` and the line
    weights of ``policy``."""
    return Board([tuple(clue) for clue in puzzle.rows], [tuple(clue) for clue in puzzle.columns], budget,
                 policy.line_weight)


class DepthFirst:
    """:func:`two_solutions` worked a number of positions at a time, so that it can take turns with other work.

    ``puzzle``, ``rows``, ``budget`` and ``policy`` are those of
    :func:`two_solutions`.  Each :meth:`work` goes on exactly where the last
    stopped, so the positions worked and the answer are those of one
    :func:`two_solutions` with ``positions`` the sum of the turns: the same
    two solutions, whatever the turns (``paint solve`` and ``paint check``
    show the same pair).  :attr:`found` is what it has found so far, a
    :class:`Counted` (``count`` unknown until it has decided; None before
    its first turn).

    >>> from paint.puzzle import Puzzle
    >>> search = DepthFirst(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), [bytearray(2), bytearray(2)])
    >>> search.work(1) is None, search.positions
    (True, 1)
    >>> search.work(100).count, search.positions
    (<Count.SEVERAL: 'several'>, 3)
    """

    def __init__(self, puzzle, rows, *, budget: Budget | None = None, policy: SearchPolicy = SearchPolicy()) -> None:
        self.board = _board(puzzle, budget, policy)
        start = self.board.start(rows)
        self.answer: Counted | None = Counted((), True, 0, 0) if start is None else None
        self.found: Counted | None = self.answer  # what it has found so far (the answer, once it has decided)
        self._passes = None if start is None else _Passes(self.board, start, 0, policy)
        self._steps = None if start is None else self._passes.decisions()

    @property
    def positions(self) -> int:
        """The positions worked so far, of every pass."""
        return 0 if self._passes is None else self._passes.tried

    def work(self, positions: int) -> Counted | None:
        """Work up to ``positions`` more positions: the :class:`Counted` once the search has decided (two
        solutions, or one or none with every possibility covered; the same answer on every later call), else None.

        Raises :class:`paint.budget.LimitReached` as the budget says; the search cannot go on after that (a
        RuntimeError on the next call)."""
        if self.answer is not None:
            return self.answer
        if self._steps is None:
            raise RuntimeError("the depth-first search was stopped by a limit and cannot go on")
        started = time.perf_counter()
        self._passes.positions = self._passes.tried + positions
        try:
            self.found = next(self._steps)
        except StopIteration as done:
            self.answer = self.found = done.value
        except BaseException:  # a limit, Ctrl-C: what it found until then, and no more turns
            self._steps = None
            self.found = self._passes.so_far()
            raise
        finally:
            if compiled.takes(self.board):
                compiled.searched(time.perf_counter() - started)
        return self.answer


class _Passes:
    """The passes of one search from ``start`` and what they have found together (docs/search.md).

    The plain pass runs first; unless it decides, the main search and the
    second main search take turns, slice by slice, each slice twice the
    last, with a restart after each turn of both; solutions count together
    across the passes, and every position of every pass counts against
    ``positions``.
    """

    def __init__(self, board: Board, start: list[int], positions: int | None, policy: SearchPolicy) -> None:
        self.board, self.start, self.positions, self.policy = board, start, positions, policy
        self.prober = _Prober(board, policy.compiled_after, policy.compiled_after_seconds)
        self.plain = _Run(board, start, self.prober.plain())
        self.main = _Run(board, start, self.prober.probe)
        self.second = _Run(board, start, self.prober.probe_by_product)
        self.seen: dict[tuple, None] | None = None  # the solutions of every pass, once the plain pass is over
        self.tried = 0

    def so_far(self) -> Counted:
        """What the passes have found so far, undecided (``complete`` False): the solutions, the depth of the main
        search (of the plain pass while it is the only one), the positions."""
        if self.seen is None:  # the plain pass alone so far (not complete: a limit may have cut a position short)
            plain = self.plain
            return Counted(tuple(self.board.grid(state) for state in plain.solutions), False, plain.depth, plain.tried)
        return Counted(tuple(self.board.grid(state) for state in self.seen), False, self.main.depth, self.tried)

    def decide(self) -> Counted:
        """Run the passes until two solutions are found, one has covered everything, or the positions run out."""
        try:
            return next(self.decisions())  # the positions ran out: what was found by then
        except StopIteration as done:
            return done.value

    def decisions(self):
        """The passes as a generator: it returns (``StopIteration.value``) the :class:`Counted` that decides - two
        solutions, or a pass that covered everything - and yields what was found so far (a :class:`Counted`,
        ``complete`` False) each time the positions run out; raising :attr:`positions` before asking for the next
        item resumes the search exactly where it stopped, so the positions worked and the answer are those of
        one search with the higher bound (:class:`DepthFirst`)."""
        board, plain, policy = self.board, self.plain, self.policy
        first = max(policy.plain, policy.plain_per_line * (board.height + board.width))
        while True:
            plain.advance(first if self.positions is None else min(first, self.positions))
            self.tried = plain.tried
            if len(plain.solutions) == 2:
                return plain.found(plain.tried)
            if self.positions is None or plain.tried < self.positions:
                break
            if plain.complete:
                return plain.found(plain.tried)
            yield self.so_far()
        self.seen = dict.fromkeys(tuple(state) for state in plain.solutions)
        self.tried = plain.tried
        size, restarts = policy.first_slice, 0
        while True:
            answer = yield from self.work(self.main, size)
            if answer is None and not plain.complete:  # once the plain pass has decided, the other passes only cost
                answer = yield from self.work(self.second, size)
                if answer is None:
                    restarts += 1
                    restart = _Run(board, self.start, _shuffled(self.prober.probe, random.Random(restarts)))
                    answer = yield from self.work(restart, min(size, policy.restart))
            if answer is not None:
                return answer
            size *= 2

    def work(self, run: _Run, size: int):
        """Let ``run`` work ``size`` more positions, a generator as :meth:`decisions`: it returns the answer if
        that decided (None if not), and yields what was found so far whenever the positions run out first."""
        target = run.tried + size
        board = self.board
        while True:
            before = run.tried
            left = target - before if self.positions is None else min(target - before, self.positions - self.tried)
            run.advance(before + left)
            self.tried += run.tried - before
            self.seen.update(dict.fromkeys(tuple(state) for state in run.solutions))
            if len(self.seen) >= 2:
                return Counted(tuple(board.grid(state) for state in itertools.islice(self.seen, 2)), False,
                               run.depth, self.tried)
            if run.complete:
                return run.found(self.tried)
            if self.positions is None or self.tried < self.positions:
                return None
            if self.plain.complete:  # the positions ran out, but the plain pass had already decided
                return self.plain.found(self.tried)
            yield self.so_far()


class _Prober:
    """Fully probing of one board's positions: in Python (:meth:`paint.search.board.Board.probe`) for the first
    ``compiled_after`` positions, or until they have taken ``compiled_after_seconds``, while the kernels its
    board needs are not loaded in the process (:func:`paint.search.compiled.ready`), then compiled
    (:mod:`paint.search.compiled`) when numba is installed; ``compiled_after`` None: in Python throughout."""

    def __init__(self, board: Board, compiled_after: int | None, compiled_after_seconds: float | None = None) -> None:
        self.board, self.compiled_after = board, compiled_after
        self.seconds_left = math.inf if compiled_after_seconds is None else compiled_after_seconds
        self.probed = 0
        self.compiled = None
        self.kernels: compiled.Probe | None | bool = False  # not asked for yet
        self.eager = compiled.eager_now()  # decided once, as the search begins

    def _kernels(self) -> compiled.Probe | None:
        """The board's one :class:`paint.search.compiled.Probe` (so one line cache for every pass), made when
        first asked for; None when the kernels cannot be used (:func:`paint.search.compiled.for_board`)."""
        if self.kernels is False:
            self.kernels = compiled.for_board(self.board)
        return self.kernels

    def probe(self, state: list[int], inherited: Inherited | None = None, product: bool = False) -> Expanded:
        """:meth:`paint.search.board.Board.probe`, in Python or compiled: the same answer either way."""
        if self.compiled is None:
            self.probed += 1
            after = self.compiled_after
            if after is None or (self.probed <= after and self.seconds_left > 0
                                 and not compiled.ready(self.board) and not self.eager):
                started = time.perf_counter()
                try:
                    return self.board.probe(state, inherited, product)
                finally:
                    self.seconds_left -= time.perf_counter() - started
            self.compiled = self._kernels() or self.board.probe
        return self.compiled(state, inherited, product)

    def plain(self):
        """The plain pass's expansion: compiled (:meth:`paint.search.compiled.Probe.plain`) when this process has
        loaded the kernels the board needs already, or is to load them at once (:func:`paint.search.compiled.eager`, a batch),
        and ``compiled_after`` allows it, else
        :meth:`paint.search.board.Board.plain`; the same answers either way."""
        if self.compiled_after is not None and (compiled.ready(self.board) or self.eager):
            found = self._kernels()
            if found is not None:
                return found.plain
        return self.board.plain

    def probe_by_product(self, state: list[int], inherited: Inherited | None = None) -> Expanded:
        """:meth:`probe` with squares scored by the product of their two probes' counts (the second main search)."""
        return self.probe(state, inherited, True)


def _shuffled(expand, rng: random.Random):
    """``expand`` (:meth:`_Prober.probe`) with the two children of each guess in ``rng``'s order (a restart)."""
    def shuffled(state, inherited):
        found = expand(state, inherited)
        if found.kind is Expansion.GUESS and rng.random() < 0.5:
            found = attrs.evolve(found, children=found.children[::-1])
        return found
    return shuffled


class _Run:
    """One pass: a depth-first search from a settled state, which can be stopped after some positions and resumed.

    ``expand`` works one position (:meth:`paint.search.board.Board.plain`, :meth:`_Prober.probe`,
    :meth:`_Prober.probe_by_product` or a :func:`_shuffled` probe); ``solutions`` are the solved states
    found (at most two), ``tried`` the positions worked, ``depth`` the deepest level reached (1 for the
    start).
    """

    def __init__(self, board: Board, start: list[int], expand) -> None:
        self.board, self.expand = board, expand
        self.stack: list[tuple[list[int], int, Inherited | None]] = [(start, 1, None)]
        self.solutions: list[list[int]] = []
        self.depth = self.tried = 0

    @property
    def complete(self) -> bool:
        """True when nothing is left to try: every possibility below the start was covered."""
        return not self.stack

    def advance(self, until: int) -> None:
        """Search until ``until`` positions in all have been tried, two solutions found, or nothing is left."""
        budget, expand, stack = self.board.budget, self.expand, self.stack
        while stack and self.tried < until and len(self.solutions) < 2:
            if budget is not None:
                budget.check()
            state, level, inherited = stack.pop()
            self.tried += 1
            self.depth = max(self.depth, level)
            found = expand(state, inherited)
            if found.kind is Expansion.BROKEN:
                continue
            if found.kind is Expansion.SOLVED:
                self.solutions.append(found.state)
                continue
            handed = None if found.records is None else Inherited(found.state, found.records)
            for child in found.children[::-1]:
                if child is not None:
                    stack.append((child, level + 1, handed))

    def found(self, tried: int) -> Counted:
        """This pass's answer as a :class:`Counted`, with ``tried`` positions in all."""
        decided = not self.stack and len(self.solutions) < 2
        return Counted(tuple(self.board.grid(state) for state in self.solutions), decided, self.depth, tried)
