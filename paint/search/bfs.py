"""Breadth-first block-placement search: what runs when no rule makes progress (Kramer decisions 6/7/2, 6/20/2, 7/15/2).

A *branch* is the grid with one block put at one of its places, worked by
the line rules until it is solved, breaks (a strip cannot be completed) or
stalls.  Blocks are tried fewest places first - counted exactly, "using the
same methods" as the rules (decision 7/15/2) - and, between blocks with as
many places, the larger target first (:mod:`paint.search.blocks`).

At the stall, the places of several blocks are worked one level down (a
*scan*), and the search ends at the first block that settles something:

- one place is left: it is *committed* - the caller marks it as one
  ``search`` step of the main line of reasoning, whose rules then go on
  from there (and search again if they stall);
- several places are left, but they give the same value to some squares:
  those squares are committed the same way;
- no place is left: the clues cannot all hold.

Otherwise the block with the fewest places left is searched deeper.  Each
open branch is scanned in its turn (what it settles, it takes in) and then
expanded on its own best block; a branch whose every child broke has broken
too, and what all of a branch's open children agree on rises to it
(:mod:`paint.search.tree`).  The branches wait in one first-in, first-out
queue - explicit, not recursion, since Kramer's recursive search crashed ten
levels deep on alex_01 (7/15/2) - so every branch of one level is worked
before any of the next.  The search also ends when two different solutions
have been found (the puzzle has several) or a limit is reached (time,
branches, or Ctrl-C).

Every commit is proven - every solution lies in one of the places left - so
a grid finished this way is the puzzle's only solution.  ``docs/search.md``
says more, with the measured times.  How widely each branch is scanned is
tuned by :class:`paint.options.SolveOptions` (``scan_blocks``,
``inner_scan``, ``inner_limit``).

Grids are :class:`paint.squares.Grid`; rows, columns and starts are 0-based
inside; the records (:class:`paint.explanation.Search`) word them from 1.
"""

from __future__ import annotations

import enum
from collections import deque

import attrs

from ..budget import Budget, LimitReached
from ..engine import Engine
from ..errors import Contradiction
from ..explanation import Mark, Outcome, Placement, Search
from ..options import SolveOptions
from ..squares import EMPTY, FULL, Grid
from .blocks import blocks_by_places, placement_marks
from .board import Board, state_of
from .tree import (LEFT, Disagreement, Node, agreement, branch, changed, first_open, grid_copy, kill, merge, record,
                   settled_state)


class Verdict(enum.StrEnum):
    """What one search found (:attr:`Explored.kind`)."""

    COMMIT = "commit"      # one place of a block is left
    AGREE = "agree"        # the places left agree on some squares
    NONE = "none"          # every place broke: the clues cannot all hold
    MULTIPLE = "multiple"  # two different solutions
    LIMIT = "limit"        # stopped by the budget or Ctrl-C


@attrs.frozen
class Explored:
    """What one search found.

    ``kind`` is ``COMMIT`` (``marks``, the squares of the one place left,
    with ``search``, the record of why), ``AGREE`` (``marks``, the squares
    on which every place left agrees), ``NONE`` (every place broke;
    ``search`` says how), ``MULTIPLE`` (``solutions`` holds two different
    solved grids) or ``LIMIT`` (stopped by the budget or Ctrl-C; ``search``
    records the places of the block being tried at the stall as far as they
    were worked, or is None when none had been).  ``untold``, for a search
    run ``chained`` (:func:`explore`), gives the whole record of the place
    of the block at index ``i`` (``untold(i)``, a
    :class:`paint.explanation.Branch`) where ``search`` leaves a place that
    broke untold, for :func:`with_chains`.
    """

    kind: Verdict
    search: Search | None = None
    marks: tuple[Mark, ...] = ()
    solutions: tuple[Grid, ...] = ()
    untold: object = attrs.field(default=None, eq=False, repr=False)


class Scanned(enum.StrEnum):
    """What a scan of one branch settled (:meth:`_Search.scan`)."""

    NONE = "none"    # the block's every place broke
    ONE = "one"      # one place of the block is left
    AGREE = "agree"  # the places left agree on some squares
    OPEN = "open"    # nothing: the branch must be expanded


class SearchMemory:
    """What the searches of one solve learned about the places they tried at a stall (a solve keeps one).

    The main line only ever learns more, so a place that broke breaks again
    at a later stall, and one that did not can start from what it worked
    out.  Keyed by ``(strip, target, start)``.
    """

    def __init__(self):
        self._tried: dict[tuple, Node] = {}
        self.board = None  # the puzzle's lines as bit sets, made by the first search (paint.search.board.Board)

    def get(self, placement: Placement) -> Node | None:
        """The branch last worked for ``placement`` at a stall, or None."""
        return self._tried.get((placement.strip, placement.target, placement.start))

    def put(self, node: Node) -> None:
        """Remember ``node``, a branch worked at a stall."""
        placement = node.placement
        self._tried[(placement.strip, placement.target, placement.start)] = node


class _SearchOver(Exception):
    """The search is over: ``found`` says why (two solutions, or a limit)."""

    def __init__(self, found: Explored):
        super().__init__(found.kind)
        self.found = found


class _Search:
    """One search from one stall of the main line: the queue, the solutions found and the budget."""

    def __init__(self, main, rules, budget: Budget, options: SolveOptions, memory: SearchMemory):
        self.main = main
        self.rules = rules
        self.budget = budget
        self.options = options
        self.memory = memory
        self.solutions: list[Grid] = []
        self.queue: deque[Node] = deque()
        self.scanning: list[Node] = []  # the places of the block being scanned at the stall
        self.last_state = None  # (grid, its bit sets): the last grid turned into bit sets
        self.chained = False  # the caller tells the places that broke by their chains (explore)

    def engine(self, grid: Grid, pending):
        """An engine of the line rules from ``grid``, the strips ``pending`` first, with no budget: it retells a run
        already worked (:meth:`tell`), which is no longer than the run itself."""
        return Engine(self.main.puzzle, self.rules, start=grid, pending=pending, by_strip=self.main.by_strip)

    def work(self, node: Node) -> None:
        """Put ``node``'s block in its parent's grid and work it with line logic: it breaks, is solved or stalls.

        Raises :class:`_SearchOver` at a limit or when a second solution is found.
        """
        if self.budget.spent():
            raise _SearchOver(Explored(Verdict.LIMIT))
        through = self.main.through
        at_stall = node.parent.parent is None
        known = self.memory.get(node.placement) if at_stall else None
        if known is not None and known.dead:  # it broke from less than is known now: it breaks again
            node.dead, node.outcome, node.broken, node.reason = True, known.outcome, known.broken, known.reason
            node.runs, node.children = known.runs, known.children
            node.worked, node.steps, node.runs_told = known.worked, known.steps, known.runs_told
            return
        node.marks = tuple(placement_marks(node.placement, node.parent.grid))
        if known is not None:
            # Everything it worked out followed from less than is known now: start from there.
            node.runs, node.worked, node.steps, node.runs_told = known.runs, known.worked, known.steps, known.runs_told
            try:
                start, pending = merge(known.grid, node.parent.grid, through)
            except Disagreement as disagreement:
                node.dead, node.outcome = True, Outcome.CONTRADICTION
                node.broken, node.reason = disagreement.strip, disagreement.reason
                self.memory.put(node)
                return
            base, marks = start, ()
            mine, theirs = settled_state(known), settled_state(node.parent)
            # the merged grid's squares: those of both (they agree), as bit sets
            before = None if mine is None or theirs is None else [a | b for a, b in zip(mine, theirs)]
        else:
            base, marks, before = node.parent.grid, node.marks, settled_state(node.parent)
            pending = {self.main.index(node.placement.strip)}
            for mark in marks:
                pending.update(through(mark.row, mark.column))
        self.budget.branches += 1
        self.budget.levels = max(self.budget.levels, node.level)
        self.run(node, base, marks, pending, before)
        if at_stall:
            self.memory.put(node)

    def run(self, node: Node, base: Grid, marks, pending, before: list[int] | None = None) -> None:
        """Lay ``marks`` on grid ``base`` (``before``: its bit sets, when known), settle the ``pending`` strips and
        all they change by complete line logic (on bit sets: :meth:`paint.search.board.Board.settle`), and record
        the outcome in ``node``.

        What the line rules reach from there is exactly what complete line
        logic reaches, as the rules include ``try_one``; the rules' own
        steps are worked out only for a branch that is told (:meth:`tell`).
        """
        board = self.board()
        if before is None:
            before = self.state(base)
        state = list(before)
        h, lines = board.height, board.height + board.width
        for mark in marks:
            offset = 0 if mark.value == FULL else lines
            state[offset + mark.row] |= 1 << mark.column
            state[offset + h + mark.column] |= 1 << mark.row
        settled, _ = board.settle(state, set(pending))
        node.runs += ((base, tuple(marks), frozenset(pending), settled < 0),)
        if settled < 0:
            node.outcome, node.dead, node.grid, node.settled = Outcome.CONTRADICTION, True, None, None
            return
        grid = grid_copy(base)
        every, blank = (1 << board.width) - 1, False
        for r, row in enumerate(grid.rows):
            known = state[r] | state[lines + r]
            if known != every:
                blank = True
            new = known & ~(before[r] | before[lines + r])
            while new:
                lowest = new & -new
                new ^= lowest
                c = lowest.bit_length() - 1
                row[c] = FULL if state[r] & lowest else EMPTY
        node.grid = grid
        node.settled = (grid, state)  # every known square of the grid: its children's runs start from it
        node.outcome = Outcome.STALLED if blank else Outcome.SOLVED
        if not blank:
            self.solved(grid)

    def board(self):
        if self.memory.board is None:
            puzzle = self.main.puzzle
            self.memory.board = Board([tuple(clue) for clue in puzzle.rows],
                                      [tuple(clue) for clue in puzzle.columns], None)
        self.memory.board.budget = self.budget
        return self.memory.board

    def state(self, grid: Grid) -> list[int]:
        """``grid`` as the bit sets of :class:`paint.search.board.Board` (remembered for the grid a branch holds)."""
        if self.last_state is not None and self.last_state[0] is grid:
            return self.last_state[1]
        state = state_of(grid.rows)
        self.last_state = (grid, state)  # the places of one block are worked one after another, from one grid
        return state

    def record(self, root: Node, survivor: int | None, agreed: bool = False) -> Search:
        """:func:`paint.search.tree.record` of ``root``, its branches told first (:meth:`tell`) - but for a
        search run ``chained``, not the places that broke: :func:`with_chains` tells those by their chains, and
        asks :attr:`Explored.untold` only for a place that has none; nor, without ``options.branch_counts``,
        the places left open or solved, whose counts the text does not show (their ``worked`` is None), and the
        places that broke only further down, of which it shows only how many places their block had and how
        deep (their branches' ``worked`` is None, and the strips that broke under them are not named)."""
        if self.chained and not self.keep_steps:  # (one that broke on merging is told: no chain is sought for it)
            counted = self.options.branch_counts
            self.tell([child for child in root.children
                       if (child.outcome is not Outcome.CONTRADICTION or child.broken is not None)
                       and (counted or child.outcome not in LEFT and child.outcome is not Outcome.EXHAUSTED)])
        else:
            self.tell(root.children)
        return record(root, survivor, self.keep_steps, agreed)

    def untold(self, root: Node, survivor: int | None):
        """The function :attr:`Explored.untold` for the record of ``root`` (``survivor`` as :meth:`record`); None
        when the branches' own steps are kept (every place was told by the rules: :meth:`record`)."""
        if self.keep_steps:
            return None

        def told(index: int):
            return branch(self.tell([root.children[index]])[0], index == survivor, self.keep_steps)
        return told

    def tell(self, nodes):
        """Run the line rules again over the runs of each branch of ``nodes`` not yet told, and of the branches
        under each that was exhausted (as :func:`paint.search.tree.record` words them): how many steps they
        took (``worked``), their steps when kept, and the strip that broke and why.  Returns ``nodes``.

        Raises RuntimeError if the rules and complete line logic disagree on whether a branch breaks (a bug).
        """
        for node in nodes:
            if not node.told:
                self._tell(node)
            if node.outcome is Outcome.EXHAUSTED:
                self.tell(node.children)
        return nodes

    def _tell(self, node: Node) -> None:
        worked, steps = node.worked, node.steps  # of the runs told before
        for base, marks, pending, broke in node.runs[node.runs_told:]:
            grid = grid_copy(base)
            for mark in marks:
                grid.rows[mark.row][mark.column] = mark.value
            engine = self.engine(grid, set(pending))
            try:
                engine.run()
            except Contradiction as error:
                node.broken, node.reason = error.strip, error  # worded when shown
                if not broke:
                    raise RuntimeError("the line rules broke a branch that complete line logic did not") from error
            else:
                if broke:
                    raise RuntimeError("complete line logic broke a branch that the line rules did not")
            worked += len(engine.steps)
            if self.keep_steps:
                steps += tuple(engine.steps)
        node.worked, node.steps, node.runs_told = worked, steps, len(node.runs)

    @property
    def keep_steps(self) -> bool:
        return self.options.branch_steps

    def solved(self, grid: Grid) -> None:
        puzzle = self.main.puzzle
        solution = Grid(puzzle.height, puzzle.width, [list(r) for r in grid.rows])
        if solution not in self.solutions:
            self.solutions.append(solution)
        if len(self.solutions) == 2:
            raise _SearchOver(Explored(Verdict.MULTIPLE, solutions=tuple(self.solutions)))

    def places(self, node: Node, choice):
        """One worked child of ``node`` per place of the chosen block (a generator returning them, as are the
        methods that call it: it pauses, yielding, before a branch once ``budget.turn`` branches are worked,
        :func:`explore_steps`)."""
        strip, target, starts = choice
        children = [Node(Placement(strip.id, strip.targets, target, start), node, node.level + 1)
                    for start in starts]
        if node.parent is None:
            self.scanning = children
        budget = self.budget
        for child in children:
            if budget.turn is not None and budget.branches >= budget.turn:
                yield  # this search's turn is over: paused, to go on where it stopped
            self.work(child)
        return children

    def scan(self, node: Node):
        """Try the blocks of ``node``'s grid one level down, fewest places first, until one settles something.

        Returns ``(NONE, children, [])`` when the block's every place broke,
        ``(ONE, children, marks)`` when one place is left, ``(AGREE,
        children, marks)`` when the places left agree on some squares
        (``marks``, of squares blank in ``node.grid``), or ``(OPEN,
        children, [])`` with the block with the fewest places left among
        those tried.
        """
        options = self.options
        best = None
        fallback = None
        near = changed(node)
        for number, choice in enumerate(blocks_by_places(self.strips(node.grid), near, self.budget)):
            if node.parent is None:
                limit = number >= options.scan_blocks
            else:
                limit = number >= options.inner_limit or (number >= options.inner_scan and choice[0].id not in near)
            if limit and best is not None:
                break
            if choice[1] is None:
                return Scanned.NONE, [], []
            children = yield from self.places(node, choice)
            live = [child for child in children if not child.dead]
            if not live:
                return Scanned.NONE, children, []
            if len(live) == 1:
                marks = list(live[0].marks) or agreement(node.grid, live)
                if marks:
                    return Scanned.ONE, children, marks
                continue  # the block lies where its squares already show: nothing to learn from it
            agreed = agreement(node.grid, live)
            if agreed:
                return Scanned.AGREE, children, agreed
            key = (len(live), -choice[0].targets[choice[1]])
            if any(not child.marks for child in live):
                # one place is where its squares already show: settling the block could teach nothing
                fallback = fallback or (key, children)
                continue
            if best is None or key < best[0]:
                best = (key, children)
        best = best or fallback
        if best is None:
            raise RuntimeError("search was asked to start from a grid with no unfinished block")
        return Scanned.OPEN, best[1], []

    def strips(self, grid: Grid):
        return Engine(self.main.puzzle, (), start=grid, pending=()).strips

    def settle(self, node: Node) -> None:
        """Scan ``node`` and take in what each scan settles, until it breaks, is solved, or must be expanded.

        A node left open gets the children of its best block and they are
        queued; one whose block has no place left breaks.
        """
        try:
            yield from self._settle(node)
        finally:
            self.refine(node.parent)

    def refine(self, node: Node | None) -> None:
        """Give ``node`` (and the branches above it, short of the stall itself) the squares its open children all agree on.

        Every solution under a branch lies under one of its open children, so
        what they all work out alike holds in the branch too; as children
        learn more, or break, their parents learn with them.
        """
        while node is not None and node.parent is not None and not node.dead and node.children:
            live = node.live()
            if not live or any(child.grid is None for child in live):
                return
            marks = agreement(node.grid, live)
            if not marks:
                return
            grid = grid_copy(node.grid)
            for mark in marks:
                grid.rows[mark.row][mark.column] = mark.value
            node.grid = grid
            node = node.parent

    def _settle(self, node: Node) -> None:
        while node.outcome is Outcome.STALLED:
            kind, children, marks = yield from self.scan(node)
            if kind is Scanned.NONE:
                node.children = children
                node.outcome = Outcome.EXHAUSTED
                node.alive = 0
                kill(node)
                self.refine(first_open(node))
                return
            if kind is Scanned.OPEN:
                node.adopt(children)
                self.queue.extend(child for child in children if child.outcome is Outcome.STALLED)
                return
            if kind is Scanned.ONE:
                survivor = next(child for child in children if not child.dead)
                node.grid, node.outcome, node.settled = survivor.grid, survivor.outcome, survivor.settled
                node.runs += survivor.runs
                continue
            pending = set()
            for mark in marks:
                pending.update(self.main.through(mark.row, mark.column))
            self.run(node, node.grid, marks, pending, settled_state(node))
            if node.dead:
                kill(node)
                self.refine(first_open(node))


def explore(main, rules, budget: Budget, options: SolveOptions | None = None,
            memory: SearchMemory | None = None, *, chained: bool = False) -> Explored:
    """:func:`explore_steps` run to its end, never pausing: the :class:`Explored` it returns."""
    steps = explore_steps(main, rules, budget, options, memory, chained=chained)
    while True:
        try:
            next(steps)  # paused at budget.turn by a caller that set one: go on
        except StopIteration as done:
            return done.value


def explore_steps(main, rules, budget: Budget, options: SolveOptions | None = None,
                  memory: SearchMemory | None = None, *, chained: bool = False):
    """Search breadth-first from the stalled grid of ``main`` (an :class:`paint.engine.Engine`), which is not changed.

    Every branch, the stall itself included, is *scanned*: the places of up
    to ``options.scan_blocks`` of its blocks, fewest places first, are
    worked one level down (below the stall, the blocks of the strips the
    branch changed come first, then at most ``options.inner_scan`` others,
    and no more than ``options.inner_limit`` in all once one block is known
    to be open), and the first block that settles something ends the scan -
    no place left (the branch breaks), one place left (the branch takes
    it), or squares every place left works out alike (the branch takes them
    and runs the rules again).  At the stall itself that ends the search:
    the caller records it as a ``search`` step.  Otherwise the places left
    of the block with the fewest become the branch's children, and they are
    scanned in turn, level by level, from one first-in, first-out queue,
    until the stall's block has one place left, none, or places that agree.

    ``rules`` are the rules that work each branch (the line rules);
    ``budget`` is spent and updated; ``options.branch_steps`` keeps each
    branch's own steps in the record; ``options.branch_counts`` off (with
    ``chained``) leaves the places left by the step uncounted.  ``memory`` (kept by the caller from
    one search of a solve to the next) remembers each place tried at a
    stall.  ``chained``, when the caller tells a committed or agreed step
    with :func:`with_chains`: the places that broke are left for it to
    tell (:attr:`Explored.untold`).  A limit, or Ctrl-C, during the
    search gives ``Explored(LIMIT)`` with the record of the stall's block as
    far as its places were worked.

    A generator: it yields (None) each time ``budget.turn`` branches have
    been worked, before the next branch - paused, to go on where it stopped
    when asked for its next item, with ``budget.turn`` raised or None (the
    turns of :attr:`paint.options.SolveOptions.depth_first_after`) - and
    returns the :class:`Explored` (``StopIteration.value``).  Throwing
    :class:`paint.budget.LimitReached` into it while it is paused stops it as
    a limit would, with that record; closing it drops it.  Raises TypeError
    (at once) for a ``memory`` that is not a :class:`SearchMemory`.
    """
    if memory is not None and not isinstance(memory, SearchMemory):
        raise TypeError(f"memory must be a SearchMemory, not {type(memory).__name__}")
    return _explore(main, rules, budget, options, memory, chained)


def _explore(main, rules, budget: Budget, options: SolveOptions | None, memory: SearchMemory | None, chained: bool):
    """The generator :func:`explore_steps` returns."""
    options = options or SolveOptions()
    keep_steps = options.branch_steps
    search = _Search(main, rules, budget, options, SearchMemory() if memory is None else memory)
    search.chained = chained
    root = Node(None, None, 0, grid=grid_copy(main.grid), outcome=Outcome.STALLED)  # a copy: branches keep it
    root.settled = (root.grid, state_of(root.grid.rows))
    try:
        kind, children, marks = yield from search.scan(root)
        root.adopt(children)
        if kind is Scanned.NONE:
            if not children:
                raise RuntimeError("a strip of the stalled grid has no placement")
            search.chained = False
            return Explored(Verdict.NONE, search.record(root, None))
        if kind is Scanned.ONE:
            return _commit(root, search)
        if kind is Scanned.AGREE:
            return Explored(Verdict.AGREE, search.record(root, None, agreed=True), tuple(marks),
                            untold=search.untold(root, None))
        search.queue.extend(child for child in children if child.outcome is Outcome.STALLED)
        while True:
            if root.alive == 1:
                found = _commit(root, search)
                if found.marks:
                    return found
                # The one place left is where the block's squares already show, so nothing
                # is learned yet: its own places, once worked, are the places still open.
                survivor = root.live()[0]
                if survivor.outcome is Outcome.STALLED and not survivor.children:
                    yield from search.settle(survivor)
                if not survivor.children or survivor.dead:
                    continue
                root.children, root.alive = survivor.children, survivor.alive
                for child in root.children:
                    child.parent = root
                continue
            if root.alive == 0:
                search.chained = False
                return Explored(Verdict.NONE, search.record(root, None))
            agreed = agreement(root.grid, root.live())
            if agreed:
                return Explored(Verdict.AGREE, search.record(root, None, agreed=True), tuple(agreed),
                                untold=search.untold(root, None))
            queue = search.queue
            while queue and queue[0].cut_off():
                queue.popleft()
            if not queue:
                raise RuntimeError("the search queue ran dry with more than one place open")
            yield from search.settle(queue.popleft())
    except _SearchOver as stop:
        if stop.found.kind is not Verdict.LIMIT:
            return stop.found
    except (LimitReached, KeyboardInterrupt):
        pass
    return _stopped(root, search, keep_steps)


def _stopped(root: Node, search: _Search, keep_steps: bool) -> Explored:
    """``Explored(LIMIT)`` for a search stopped at ``root``: the record of the stall's block as far as its places
    were worked, told (None when none had been)."""
    tried = root.children or search.scanning
    return Explored(Verdict.LIMIT,
                    Search(tuple(branch(child, False, keep_steps) for child in search.tell(tried)), None, stopped=True)
                    if tried else None)


def _commit(root: Node, search: _Search) -> Explored:
    """The one place left of the stall's block, committed: its marks (or, when its squares were already known,
    what its branch worked out), with the record of why."""
    survivor = next(i for i, child in enumerate(root.children) if not child.dead)
    child = root.children[survivor]
    marks = placement_marks(child.placement, root.grid)
    if not marks and child.grid is not None:
        # its squares were already known: what the one branch left worked out is forced instead
        marks = agreement(root.grid, [child])
    if not marks:  # nothing learned yet: the caller searches on, and this record is not read
        return Explored(Verdict.COMMIT)
    return Explored(Verdict.COMMIT, search.record(root, survivor), tuple(marks), untold=search.untold(root, survivor))


def with_chains(main, search: Search | None, rules, marks=(), untold=None) -> Search | None:
    """``search`` with each place of its block that broke by line logic alone given its chain: the one-line steps
    from putting the block there, on ``main``'s grid (the grid of the stall), to the strip that cannot be completed
    (:func:`paint.rules.probe.follow` with ``rules``, the line rules; the links the break needs, each with its
    reason).  The chain starts from the block's squares and the squares at its ends; only when that does not
    break (the line rules cannot tell which block a run of the strip is) from every square the place settles on
    its strip, the blocks before it put before it and those after it after it (its ``placed`` then says so).
    For a case-analysis step (several places agree), each place left gets the one-line steps from putting the
    block there to the squares the step makes, ``marks`` (:func:`paint.rules.probe.derivation`).  A place that
    broke only further down (every place of a block below it broke) keeps its account without a chain.  When
    the budget runs out while telling, the places not yet told are kept as they are: the step stands, and the
    solve stops at its next check.  ``main`` is not changed.

    ``untold`` (:attr:`Explored.untold`, for a search run ``chained``) gives
    the whole record of a place that broke, which ``search`` leaves untold:
    a place given its chain is told by it (its steps, the strip that broke
    and why are the chain's), one with none by ``untold``.
    """
    if search is None:
        return None
    targets = [(mark.row, mark.column) for mark in marks]
    branches = []
    try:
        for tried in search.branches:
            branches.append(_told(main, search, tried, rules, targets, untold, len(branches)))
    except LimitReached:  # the limit came while telling: the step stands, told as far as it got; the solve stops next
        branches.extend(_whole(search.branches[index], untold, index)
                        for index in range(len(branches), len(search.branches)))
    strip = search.branches[0].placement.strip
    length = main.grid.width if strip.kind == "row" else main.grid.height
    squares = bytes(main.grid.rows[r][c] for r, c in (strip.square(p) for p in range(length)))
    return attrs.evolve(search, branches=tuple(branches), squares=squares)


def _whole(tried, untold, index: int):
    """``tried``, the place at ``index``, with its whole record: by ``untold`` when it broke and was left untold."""
    if untold is not None and tried.outcome is Outcome.CONTRADICTION and tried.chain is None and tried.broken is None:
        return untold(index)
    return tried


def _told(main, search: Search, tried, rules, targets, untold=None, index: int = 0):
    """One place of ``search``'s block, told (:func:`with_chains`)."""
    from ..rules.probe import derivation, follow  # only a solve that searches loads the probes' chains
    if search.agreed and targets and tried.outcome not in (Outcome.CONTRADICTION, Outcome.EXHAUSTED):
        place = tried.placement
        placed = placement_marks(place, main.grid)
        core = [mark for mark in placed if place.start - 1 <= mark.position <= place.start + place.size]
        follows = derivation(main, core, targets, rules) if core else None
        if follows is None:
            follows = derivation(main, placed, targets, rules)
        if follows is not None:
            tried = attrs.evolve(tried, follows=follows)
    if tried.outcome is Outcome.CONTRADICTION and tried.chain is None:
        marks = placement_marks(tried.placement, main.grid)
        place = tried.placement
        # first from the block and the squares at its ends alone, so every other square is a link with its
        # reason; else from every square the place settles on its strip (the wording says which)
        core = [mark for mark in marks if place.start - 1 <= mark.position <= place.start + place.size]
        chain = follow(main, core, rules) if len(core) < len(marks) else None
        chain = chain or follow(main, marks, rules)
        if chain is not None:
            if untold is None:  # with the branch's own steps (--detail): its record stays that of the rules' run
                return attrs.evolve(tried, chain=chain)
            # told by its chain, as the text tells it: its steps, the strip that broke and why are the chain's
            return attrs.evolve(tried, chain=chain, worked=len(chain.merged), broken=chain.broken,
                                reason=chain.reason, reason_lines=())
    return _whole(tried, untold, index)
