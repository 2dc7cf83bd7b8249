"""A depth-first search with line propagation and probing, to decide at once how many solutions a puzzle has.

Kramer's breadth-first search (:mod:`paint.search.bfs`) places whole blocks,
works every place with the explained rules and keeps every branch, so that
each step it commits can be shown.  An editor asking "does it have one
solution?" (``paint check``) needs only the answer, and the solutions.
:func:`two_solutions` answers it on its own, explaining nothing: the
classic nonogram solver of line propagation, probing and backtracking
(Wolter's pbnsolve; Batenburg and Kosters 2009; Wu et al., "An Efficient
Approach to Solving Nonograms", IEEE TCIAIG 2013).

- *Bit boards.*  Each row and each column is kept as two integers, the
  squares known full and those known empty (bit ``x`` for square ``x``),
  and settled by the exact bit-set line solver
  (:func:`paint.linesolvers.bits.settle_masks`), whose answers are
  remembered per clue and squares, as pbnsolve's line cache does.
- *Propagation.*  A line that changed has its crossing lines settled in
  turn, until nothing changes or a line cannot be completed.
- *Fully probing* (Wu et al. 2013).  At every node of the search, each
  blank square is tried full and empty, each followed by propagation: a
  value that breaks a line is impossible, so the square takes the other
  (both breaking: the node has no solution); squares that come out the
  same both ways are known.  This repeats until a whole pass over the blank
  squares changes nothing.
- *Branching.*  Then the search guesses the square whose worse probe
  settled the most squares (both probes already followed, so the two
  children are ready), full first, and goes on depth first.

A grid with no blank square left is a solution: every line was settled by
its clue after its last change.  The search stops at the second solution;
having tried everything with fewer, it has proven that there is one
solution, or none.

>>> from paint.puzzle import Puzzle
>>> found = two_solutions(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), [bytearray(2), bytearray(2)])
>>> [grid.lines() for grid in found.solutions], found.complete, found.depth
([['X.', '.X'], ['.X', 'X.']], False, 2)
"""

from __future__ import annotations

import attrs

from ..budget import Budget
from ..linesolvers.bits import settle_masks
from ..squares import EMPTY, FULL, Grid

CACHE_SIZE = 300_000
"""How many line answers one search remembers before it forgets them all and starts again (about 80 MB on
lines of 25 to 40 squares, more on longer lines)."""

_CHECK_EVERY = 64
"""Lines settled between two looks at the budget (a clock reading each)."""


@attrs.frozen
class Found:
    """What :func:`two_solutions` found.

    - ``solutions``: up to two different solutions (:class:`paint.squares.Grid`);
    - ``complete``: True when the search covered every possibility, so
      fewer than two solutions means exactly that many (none: the squares
      cannot be completed; one: it is the only solution);
    - ``depth``: the levels of trial it went down: 1 when the position it
      started from was settled by trying each blank square both ways (or
      had none), one more for each guess stacked on another (0 when the
      known squares could not be completed at all);
    - ``nodes``: the positions it searched, each one guess deeper than its parent.
    """

    solutions: tuple[Grid, ...]
    complete: bool
    depth: int = 0
    nodes: int = 0


PLAIN = 100
"""Positions the first, plain pass may guess at least (see :func:`two_solutions`); it may guess twice the
number of rows and columns on a larger puzzle."""

_UNSEEN = object()
"""A line not met before (None is remembered too: a line that cannot be completed)."""


def two_solutions(puzzle, rows, *, nodes: int | None = None, budget: Budget | None = None) -> Found:
    """Up to two different solutions of ``puzzle`` that agree with the known squares of ``rows``.

    ``rows`` is one sequence of square values per row (0 blank, 1 empty,
    2 full, as :class:`paint.squares.Square`), for instance an engine's
    grid where the rules stalled; it is not changed.  ``nodes`` bounds the
    positions searched (None: no bound); ``budget`` (:class:`paint.budget.Budget`)
    is checked at every square probed and every few lines settled, so a
    time limit or Ctrl-C stops the search with
    :class:`paint.budget.LimitReached`.  Returns a :class:`Found`: two
    solutions, or fewer with ``complete`` True when the search covered
    every possibility, or fewer with ``complete`` False when it gave up
    after ``nodes``.

    The search runs twice at most.  A plain pass first guesses without
    probing - a blank square of the row with the fewest, as the classic
    backtracking solvers do - for :data:`PLAIN` positions, or twice the
    rows and columns: a puzzle with many solutions (a large one whose
    clues barely constrain it, say) shows two at once, where probing every
    blank square at every position would cost far more.  Then, unless the
    plain pass found two, the search with probing runs from the start, and
    its ``depth`` is the one reported (the plain pass's, should the search
    with probing run out of ``nodes`` where the plain pass had covered
    every possibility).
    """
    board = _Board([tuple(clue) for clue in puzzle.rows], [tuple(clue) for clue in puzzle.columns], budget)
    start = board.start(rows)
    if start is None:
        return Found((), True, 0, 0)
    plain = max(PLAIN, 2 * (board.height + board.width))
    found = _search(board, start, board.plain, plain if nodes is None else min(plain, nodes))
    if len(found.solutions) == 2 or (nodes is not None and found.nodes >= nodes):
        return found
    probed = _search(board, start, board.probe, None if nodes is None else nodes - found.nodes)
    tried = found.nodes + probed.nodes
    if found.complete and not probed.complete and len(probed.solutions) < 2:
        probed = found  # the positions left ran out, but the plain pass had already decided
    return attrs.evolve(probed, nodes=tried)


def _search(board: "_Board", start: list[int], expand, nodes: int | None) -> Found:
    """Depth first from the settled state ``start``, each position worked by ``expand`` (:meth:`_Board.probe`
    or :meth:`_Board.plain`), up to ``nodes`` positions (None: no bound), until two solutions are found."""
    solutions: list[Grid] = []
    depth = tried = 0
    stack = [(start, 1)]
    while stack:
        if nodes is not None and tried >= nodes:
            return Found(tuple(solutions), False, depth, tried)
        if board.budget is not None:
            board.budget.check()
        state, level = stack.pop()
        tried += 1
        depth = max(depth, level)
        state, children = expand(state)
        if state is None:
            continue
        if children is None:
            solutions.append(board.grid(state))
            if len(solutions) == 2:
                return Found(tuple(solutions), False, depth, tried)
            continue
        for child in children[::-1]:
            if child is not None:
                stack.append((child, level + 1))
    return Found(tuple(solutions), True, depth, tried)


class _Board:
    """The rows and columns of one puzzle as bit sets, and the propagation and probing on them.

    A *state* is a list of ``2 * (height + width)`` integers: for each line
    ``i`` (rows ``0 .. height-1``, then columns) the squares known full at
    ``i`` and those known empty at ``height + width + i``.
    """

    def __init__(self, row_clues, column_clues, budget: Budget | None) -> None:
        self.height, self.width = len(row_clues), len(column_clues)
        self.clues = row_clues + column_clues
        self.sizes = [self.width] * self.height + [self.height] * self.width
        caches: dict[tuple, dict] = {}
        self.caches = [caches.setdefault((clue, size), {}) for clue, size in zip(self.clues, self.sizes)]
        self.remembered = 0
        self.budget = budget
        self.countdown = _CHECK_EVERY

    def start(self, rows) -> list[int] | None:
        """The state of the known squares of ``rows``, settled; None when a line cannot be completed."""
        h, lines = self.height, self.height + self.width
        state = [0] * (2 * lines)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value == FULL:
                    state[r] |= 1 << c
                    state[h + c] |= 1 << r
                elif value == EMPTY:
                    state[lines + r] |= 1 << c
                    state[lines + h + c] |= 1 << r
        return state if self.settle(state, set(range(lines))) >= 0 else None

    def line(self, index: int, full: int, empty: int) -> tuple[int, int] | None:
        """Line ``index`` with squares ``full`` and ``empty`` settled by its clue (remembered), or None."""
        cache = self.caches[index]
        key = (full, empty)
        found = cache.get(key, _UNSEEN)
        if found is _UNSEEN:
            if self.remembered >= CACHE_SIZE:
                for each in self.caches:
                    each.clear()
                self.remembered = 0
            found = cache[key] = settle_masks(self.clues[index], self.sizes[index], full, empty)
            self.remembered += 1
        return found

    def settle(self, state: list[int], dirty: set[int]) -> int:
        """Settle the ``dirty`` lines of ``state``, and every line they change, in place.

        Returns how many squares it settled, or -1 when a line cannot be completed.
        """
        h = self.height
        lines = h + self.width
        line = self.line
        settled = 0
        while dirty:
            self.countdown -= 1
            if not self.countdown:
                self.countdown = _CHECK_EVERY
                if self.budget is not None:
                    self.budget.check()
            index = dirty.pop()
            full, empty = state[index], state[lines + index]
            found = line(index, full, empty)
            if found is None:
                return -1
            new_full, new_empty = found
            if new_full == full and new_empty == empty:
                continue
            state[index], state[lines + index] = new_full, new_empty
            # A row's square c is column c's square at the row, and the other way round.
            first, bit = (h, 1 << index) if index < h else (0, 1 << (index - h))
            for news, offset in ((new_full & ~full, 0), (new_empty & ~empty, lines)):
                settled += news.bit_count()
                while news:
                    lowest = news & -news
                    crossing = first + lowest.bit_length() - 1
                    state[offset + crossing] |= bit
                    dirty.add(crossing)
                    news ^= lowest
        return settled

    def guess(self, state: list[int], r: int, c: int, value: int) -> tuple[list[int] | None, int]:
        """A copy of ``state`` with square ``(r, c)`` set to ``value`` and settled, and how many more squares
        that settled; ``(None, -1)`` on a contradiction."""
        h, lines = self.height, self.height + self.width
        guessed = list(state)
        offset = 0 if value == FULL else lines
        guessed[offset + r] |= 1 << c
        guessed[offset + h + c] |= 1 << r
        settled = self.settle(guessed, {r, h + c})
        return (guessed if settled >= 0 else None), settled

    def plain(self, state: list[int]) -> tuple[list[int] | None, tuple[list[int] | None, list[int] | None] | None]:
        """Guess without probing: ``(state, None)`` when ``state`` is solved, else ``(state, (full, empty))``,
        the children of the first blank square of the row with the fewest blank squares (None for a child
        that breaks a line)."""
        lines, every = self.height + self.width, (1 << self.width) - 1
        best = None
        for r in range(self.height):
            blank = every & ~(state[r] | state[lines + r])
            if blank and (best is None or blank.bit_count() < best[0]):
                best = (blank.bit_count(), r, blank)
        if best is None:
            return state, None
        _, r, blank = best
        c = (blank & -blank).bit_length() - 1
        return state, (self.guess(state, r, c, FULL)[0], self.guess(state, r, c, EMPTY)[0])

    def probe(self, state: list[int]) -> tuple[list[int] | None, tuple[list[int], list[int]] | None]:
        """Probe every blank square of ``state`` until a pass changes nothing (Wu et al.'s fully probing).

        Returns ``(None, None)`` when the position has no solution,
        ``(state, None)`` when it is solved, else ``(state, (full, empty))``:
        the position with everything the probes settled, and the two
        children of the square to guess, both settled.
        """
        lines, every = self.height + self.width, (1 << self.width) - 1
        check = self.budget.check if self.budget is not None else None
        while True:
            best = None
            changed = False
            for r in range(self.height):
                blank = every & ~(state[r] | state[lines + r])
                while blank:
                    lowest = blank & -blank
                    blank ^= lowest
                    if (state[r] | state[lines + r]) & lowest:
                        continue  # settled by an earlier probe of this pass
                    if check is not None:
                        check()
                    c = lowest.bit_length() - 1
                    full, if_full = self.guess(state, r, c, FULL)
                    empty, if_empty = self.guess(state, r, c, EMPTY)
                    if full is None or empty is None:
                        if full is None and empty is None:
                            return None, None
                        state = empty if full is None else full
                        changed, best = True, None
                        continue
                    score = min(if_full, if_empty)
                    if score:  # both settled other squares: those they settle alike are settled
                        dirty = set()
                        for index in range(2 * lines):
                            agreed = full[index] & empty[index]
                            if agreed != state[index]:
                                state[index] = agreed
                                dirty.add(index if index < lines else index - lines)
                        if dirty:
                            self.settle(state, dirty)  # cannot fail: both probes hold these squares
                            changed, best = True, None
                            continue
                    if best is None or score > best[0]:
                        best = (score, full, empty)
            if not changed:
                return state, None if best is None else (best[1], best[2])

    def grid(self, state: list[int]) -> Grid:
        """The solved ``state`` as a :class:`paint.squares.Grid`."""
        return Grid(self.height, self.width,
                    [[FULL if state[r] >> c & 1 else EMPTY for c in range(self.width)] for r in range(self.height)])
