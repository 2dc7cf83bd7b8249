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
  squares changes nothing.  A probe reads only some lines, and while none
  of them changes its answer stays the same, so each leaves a record and
  is not repeated - neither in the pass that confirms nothing changed, nor
  in a child position where the guess left its lines alone.
- *Branching.*  Then the search guesses the square whose worse probe
  settled the most squares (the first such in the order of rows, then
  columns), full first, and goes on depth first.  A second main search,
  taking turns with it, guesses the square with the highest product of its
  two probes' counts instead.
- *Restarts.*  Beside those searches, which never start over, short
  searches from the start try the two values of each guess in a seeded
  random order, each twice as long as the last, up to :data:`RESTART`
  positions (Gomes, Selman and Kautz 1998: how long a search takes to find
  a solution varies enormously with the order of its guesses).  A puzzle
  with several solutions is usually shown so by one of them; proving one
  solution, or none, costs at most two to three times the faster main
  search's positions, and the restarts'.

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

import itertools
import random

import attrs

from ..budget import Budget
from ..linesolvers.bits import settle_masks
from ..squares import EMPTY, FULL, Grid
from . import compiled  # light: numba is loaded only when a search first needs it

CACHE_SIZE = 600_000
"""How many line answers one search remembers before it forgets them all and starts again (about 70 MB on
lines of 25 squares, more on longer lines: each answer is two integers of twice the line's length in bits)."""

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
"""Positions the first, plain pass may guess at least (see :func:`two_solutions`)."""

PLAIN_PER_LINE = 2
"""Positions the plain pass may guess per row and column, on a puzzle large enough for more than :data:`PLAIN`."""

COMPILED_AFTER: int | None = 30
"""Positions one search probes in Python before it hands the rest to the compiled probe
(:mod:`paint.search.compiled`), when numba is installed but not yet loaded in this process: puzzles decided
sooner never load numba (0.3 s); on a long search the hand-over soon pays.  Once an earlier search of the
process has loaded it (a batch's worker, say), a search hands over from its first position: ``paint check
--jobs 2`` on the TAAI 2011 set took 253 s when each puzzle probed its first 30 positions in Python, 156 s
so.  None: never (the Python probe throughout)."""

SLICE = 100
"""Positions of the first slice of the search with probing (see :func:`two_solutions`); each later slice
gets twice as many, and the restart after each slice as many as that slice, up to :data:`RESTART`."""

RESTART = 1600
"""The most positions one restart gets (see :func:`two_solutions`).  No restart of the TAAI 2011 set that
decided a puzzle needed more; beyond it, restarts as long as the main search's slices only doubled the cost
of the hardest puzzles (puzzle 507: 112,000 positions, 60,700 of them the main search's; with this bound,
70,300)."""


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
    after ``nodes``.  The same puzzle and squares always give the same
    answer (the "random" orders below are seeded).

    A plain pass first guesses without probing - a blank square of the row
    with the fewest, as the classic backtracking solvers do - for
    :data:`PLAIN` positions, or twice the rows and columns: a puzzle with
    many solutions (a large one whose clues barely constrain it, say)
    shows two at once, where probing every blank square at every position
    would cost far more.  Then, unless the plain pass found two, the search
    with probing runs from the start, in slices of :data:`SLICE` positions
    and then twice as many each time.  How long a depth-first search takes
    to reach a solution varies enormously with the order of its guesses (a
    heavy tail: Gomes, Selman and Kautz, "Boosting combinatorial search
    through randomization", AAAI 1998), so three kinds of pass take turns:

    - the *main search* guesses the square whose weaker probe settled the
      most squares;
    - the *second main search*, taking turns with it slice by slice, the
      square with the highest product of its two probes' counts, each plus
      one (:meth:`_Board.probe_by_product`).  On the TAAI 2011 set each
      choice is ten times faster than the other on some of the hardest
      puzzles and ten times slower on others;
    - after each slice, a *restart* gets as many positions, up to
      :data:`RESTART`: the main search from the start, but trying the two
      values of each guess in a seeded random order.  A puzzle with several
      solutions is usually shown so by one of these short runs.

    The two main searches never start over, so one solution or none is
    proven in at most twice the faster one's positions (three times and
    :data:`SLICE` more when the faster is the second: it may decide early
    in a slice the main search has already run), plus the restarts': at
    most :data:`RESTART` more for each doubling (``nodes`` counts the
    positions of every pass, the plain pass's included).
    Solutions found by different passes count together.  Once the plain
    pass has covered every possibility there is nothing for another pass
    to find, and the main search runs alone, for its depth.  ``depth`` is
    that of the pass that decided: the main search's (or the second's)
    that covered everything, the one that found the second solution
    otherwise (the plain pass's, should the search with probing run out of
    ``nodes`` where the plain pass had covered every possibility).
    """
    board = _Board([tuple(clue) for clue in puzzle.rows], [tuple(clue) for clue in puzzle.columns], budget)
    start = board.start(rows)
    if start is None:
        return Found((), True, 0, 0)
    plain = _Run(board, start, board.plain)
    first = max(PLAIN, PLAIN_PER_LINE * (board.height + board.width))
    plain.advance(first if nodes is None else min(first, nodes))
    if len(plain.solutions) == 2 or (nodes is not None and plain.tried >= nodes):
        return plain.found(plain.tried)
    seen = dict.fromkeys(tuple(state) for state in plain.solutions)
    tried = plain.tried
    main = _Run(board, start, board.probe)
    second = _Run(board, start, board.probe_by_product)
    size = SLICE

    def work(run: _Run, size: int) -> Found | None:
        """Let ``run`` try ``size`` more positions (fewer if ``nodes`` runs out); the answer, if that decided."""
        nonlocal tried
        before = run.tried
        run.advance(before + (size if nodes is None else min(size, nodes - tried)))
        tried += run.tried - before
        seen.update(dict.fromkeys(tuple(state) for state in run.solutions))
        if len(seen) >= 2:
            return Found(tuple(board.grid(state) for state in itertools.islice(seen, 2)), False, run.depth, tried)
        if run.complete:
            return run.found(tried)
        if nodes is not None and tried >= nodes:
            if plain.complete:  # the positions ran out, but the plain pass had already decided
                return plain.found(tried)
            return Found(tuple(board.grid(state) for state in seen), False, main.depth, tried)
        return None

    restart = 0
    while True:
        answer = work(main, size)
        if answer is None and not plain.complete:  # once the plain pass has decided, the other passes only cost
            answer = work(second, size)
            if answer is None:
                restart += 1
                answer = work(_Run(board, start, _shuffled(board.probe, random.Random(restart))), min(size, RESTART))
        if answer is not None:
            return answer
        size *= 2


def _shuffled(expand, rng: random.Random):
    """``expand`` (:meth:`_Board.probe`) with the two children of each guess in ``rng``'s order."""
    def shuffled(state, inherited):
        state, children, records = expand(state, inherited)
        if children is not None and rng.random() < 0.5:
            children = children[::-1]
        return state, children, records
    return shuffled


class _Run:
    """One depth-first search from a settled state, which can be stopped after some positions and resumed.

    ``expand`` works one position (:meth:`_Board.probe`, :meth:`_Board.probe_by_product`,
    :meth:`_Board.plain` or a :func:`_shuffled` probe); ``solutions`` are the solved states
    found (at most two), ``tried`` the positions worked, ``depth`` the
    deepest level reached (1 for the start).
    """

    def __init__(self, board: "_Board", start: list[int], expand) -> None:
        self.board, self.expand = board, expand
        self.stack: list[tuple[list[int], int, _Inherited | None]] = [(start, 1, None)]
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
            state, children, records = expand(state, inherited)
            if state is None:
                continue
            if children is None:
                self.solutions.append(state)
                continue
            handed = None if records is None else _Inherited(state, records)
            for child in children[::-1]:
                if child is not None:
                    stack.append((child, level + 1, handed))

    def found(self, tried: int) -> Found:
        """This run's answer as a :class:`Found`, with ``tried`` positions in all."""
        decided = not self.stack and len(self.solutions) < 2
        return Found(tuple(self.board.grid(state) for state in self.solutions), decided, self.depth, tried)


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
        self.probed = 0
        self.compiled = None

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
        return state if self.settle(state, set(range(lines)))[0] >= 0 else None

    def _solve(self, index: int, key: int, full: int, empty: int) -> int:
        """Line ``index`` with squares ``full`` and ``empty`` (``key``: both in one integer, as :meth:`settle`
        keeps them) settled by its clue, in the same form, or -1 when it cannot be completed; remembered."""
        if self.remembered >= CACHE_SIZE:
            for each in self.caches:
                each.clear()
            self.remembered = 0
        size = self.sizes[index]
        found = settle_masks(self.clues[index], size, full, empty)
        value = -1 if found is None else found[0] << size | found[1]
        self.caches[index][key] = value
        self.remembered += 1
        return value

    def settle(self, state: list[int], dirty: set[int]) -> tuple[int, int]:
        """Settle the ``dirty`` lines of ``state``, and every line they change, in place.

        Returns how many squares it settled (-1 when a line cannot be completed) and every line it took up,
        changed or not, as a bit set (bit ``i`` for line ``i``).
        """
        h = self.height
        lines = h + self.width
        caches, sizes, solve = self.caches, self.sizes, self._solve
        settled = read = 0
        while dirty:
            self.countdown -= 1
            if not self.countdown:
                self.countdown = _CHECK_EVERY
                if self.budget is not None:
                    self.budget.check()
            index = dirty.pop()
            read |= 1 << index
            full, empty = state[index], state[lines + index]
            # The line's answer is remembered under its full squares above its empty ones, in one integer.
            size = sizes[index]
            key = full << size | empty
            found = caches[index].get(key)
            if found is None:
                found = solve(index, key, full, empty)
            if found == key:
                continue
            if found < 0:
                return -1, read
            new_full, new_empty = found >> size, found & ((1 << size) - 1)
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
        return settled, read

    def guess(self, state: list[int], r: int, c: int, value: int) -> tuple[list[int] | None, int, int]:
        """A copy of ``state`` with square ``(r, c)`` set to ``value`` and settled, how many more squares that
        settled, and the lines it read (a bit set, as :meth:`settle`); ``(None, -1, lines)`` on a
        contradiction."""
        h, lines = self.height, self.height + self.width
        guessed = list(state)
        offset = 0 if value == FULL else lines
        guessed[offset + r] |= 1 << c
        guessed[offset + h + c] |= 1 << r
        settled, read = self.settle(guessed, {r, h + c})
        return (guessed if settled >= 0 else None), settled, read

    def plain(self, state: list[int], inherited: None = None):
        """Guess without probing: ``(state, None, None)`` when ``state`` is solved, else ``(state, (full, empty),
        None)``, the children of the first blank square of the row with the fewest blank squares (None for a
        child that breaks a line); ``inherited`` is not used."""
        lines, every = self.height + self.width, (1 << self.width) - 1
        best = None
        for r in range(self.height):
            blank = every & ~(state[r] | state[lines + r])
            if blank and (best is None or blank.bit_count() < best[0]):
                best = (blank.bit_count(), r, blank)
        if best is None:
            return state, None, None
        _, r, blank = best
        c = (blank & -blank).bit_length() - 1
        return state, (self.guess(state, r, c, FULL)[0], self.guess(state, r, c, EMPTY)[0]), None

    def probe(self, state: list[int], inherited: _Inherited | None = None, product: bool = False):
        """Probe every blank square of ``state`` until a pass changes nothing (Wu et al.'s fully probing).

        Returns ``(None, None, None)`` when the position has no solution,
        ``(state, None, None)`` when it is solved, else ``(state, (full,
        empty), records)``: the position with everything the probes
        settled, the two children of the square to guess, both settled, and
        the probe records (below) that hold for it.

        A probe of a square reads only some lines; while none of them
        changes, probing that square again gives the same answer.  So each
        probe leaves a *record*, ``(lines read, score)`` by square, and a
        square whose record still holds is not probed again: neither in the
        pass that confirms nothing changes, nor in a child position, which
        ``inherited`` (:class:`_Inherited`: the parent's state and records)
        hands down less the records of the lines the guess changed.  What
        the probes conclude, and the square guessed, are exactly those of
        probing every square afresh.

        A square's score is how many squares its weaker probe settled; with
        ``product``, the product of the two probes' counts, each plus one
        (the second main search's choice, :meth:`probe_by_product`).  The
        square guessed is the first, row by row, with the highest score.

        After :data:`COMPILED_AFTER` positions (from the first, once the
        process has loaded numba), the rest go to the compiled
        probe of :mod:`paint.search.compiled` when numba is installed: the
        same answers and records (in arrays, :class:`paint.search.compiled.Records`),
        five to ten times sooner.
        """
        if self.compiled is None:
            self.probed += 1
            if COMPILED_AFTER is None or (self.probed <= COMPILED_AFTER and not compiled.loaded()):
                return self._probe(state, inherited, product)
            self.compiled = compiled.for_board(self) or self._probe
        return self.compiled(state, inherited, product)

    def probe_by_product(self, state: list[int], inherited: _Inherited | None = None):
        """:meth:`probe` with squares scored by the product of their two probes' counts (see
        :func:`two_solutions`)."""
        return self.probe(state, inherited, True)

    def _probe(self, state: list[int], inherited: _Inherited | None = None, product: bool = False):
        """Fully probing in Python (:meth:`probe`)."""
        lines, every = self.height + self.width, (1 << self.width) - 1
        check = self.budget.check if self.budget is not None else None
        records = {} if inherited is None else inherited.records_for(state, lines)  # only dicts reach here
        guess = self.guess
        while True:
            changed = False
            for r in range(self.height):
                blank = every & ~(state[r] | state[lines + r])
                while blank:
                    lowest = blank & -blank
                    blank ^= lowest
                    if (state[r] | state[lines + r]) & lowest:
                        continue  # settled by an earlier probe of this pass
                    c = lowest.bit_length() - 1
                    if (r, c) in records:
                        continue
                    if check is not None:
                        check()
                    full, if_full, read_full = guess(state, r, c, FULL)
                    empty, if_empty, read_empty = guess(state, r, c, EMPTY)
                    if full is None or empty is None:
                        if full is None and empty is None:
                            return None, None, None
                        settled = empty if full is None else full
                    else:
                        least = min(if_full, if_empty)
                        # Where both settled other squares, those they settle alike are settled.
                        settled = [f & e for f, e in zip(full, empty)] if least else state
                        if settled == state:
                            score = (if_full + 1) * (if_empty + 1) if product else least
                            records[(r, c)] = (read_full | read_empty, score)
                            continue
                        dirty = {index if index < lines else index - lines
                                 for index in range(2 * lines) if settled[index] != state[index]}
                        self.settle(settled, dirty)  # cannot fail: both probes hold these squares
                    records = _still_holding(records, _changed_lines(state, settled, lines))
                    state, changed = settled, True
            if not changed:
                break
        if not records:
            if any(every & ~(state[r] | state[lines + r]) for r in range(self.height)):
                raise RuntimeError("a blank square without a probe record")  # a bug: it would pass for solved
            return state, None, None
        r, c = max(records, key=lambda square: (records[square][1], -square[0], -square[1]))
        if (state[r] | state[lines + r]) >> c & 1:
            raise RuntimeError("a probe record outlived its square")  # a bug: the search would loop for ever
        return state, (guess(state, r, c, FULL)[0], guess(state, r, c, EMPTY)[0]), records

    def grid(self, state: list[int]) -> Grid:
        """The solved ``state`` as a :class:`paint.squares.Grid`."""
        return Grid(self.height, self.width,
                    [[FULL if state[r] >> c & 1 else EMPTY for c in range(self.width)] for r in range(self.height)])


def _changed_lines(old: list[int], new: list[int], lines: int) -> int:
    """The lines whose squares differ between states ``old`` and ``new``, as a bit set."""
    changed = 0
    for index in range(lines):
        if old[index] != new[index] or old[lines + index] != new[lines + index]:
            changed |= 1 << index
    return changed


def _still_holding(records: dict, changed: int) -> dict:
    """The probe records of ``records`` that read none of the ``changed`` lines (a bit set)."""
    return {square: record for square, record in records.items() if not record[0] & changed}


@attrs.frozen(eq=False)
class _Inherited:
    """What a child position inherits from its parent's probing: the parent's state and its probe records
    (a dict from :meth:`_Board._probe`, a :class:`paint.search.compiled.Records` from the compiled probe)."""

    state: list[int]
    records: dict | compiled.Records

    def records_for(self, child: list[int], lines: int) -> dict:
        """The records that still hold in ``child``: those that read no line the guess changed."""
        return _still_holding(self.records, _changed_lines(self.state, child, lines))
