"""Breadth-first block-placement search: what runs when no rule makes progress (Kramer decisions 6/7/2, 6/20/2, 7/15/2).

A *branch* is the grid with one block put at one of its places, worked by
the line rules until it is solved, breaks (a strip cannot be completed) or
stalls.  Blocks are tried fewest places first - counted exactly, "using the
same methods" as the rules (decision 7/15/2) - and, between blocks with as
many places, the larger target first.

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
too, and what all of a branch's open children agree on rises to it.  The
branches wait in one first-in, first-out queue - explicit, not recursion,
since Kramer's recursive search crashed ten levels deep on alex_01 (7/15/2) -
so every branch of one level is worked before any of the next.  The search
also ends when two different solutions have been found (the puzzle has
several) or a limit is reached (time, branches, or Ctrl-C).

Every commit is proven - every solution lies in one of the places left - so
a grid finished this way is the puzzle's only solution.  ``docs/search.md``
says more, with the measured times.

Grids are :class:`paint.squares.Grid`; rows, columns and starts are 0-based
inside; the records (:class:`paint.explanation.Search`) word them from 1.
"""

from __future__ import annotations

from collections import deque

import attrs

from ..budget import Budget, LimitReached
from ..errors import Contradiction
from ..explanation import Branch, Mark, Placement, Search
from ..linesolvers import settle
from ..linesolvers.dp import block_starts
from ..squares import BLANK, EMPTY, FULL, Grid
from ..strip import StripId


@attrs.frozen
class Found:
    """What one search found.

    ``kind`` is ``'commit'`` (``marks``, the squares of the one place left,
    with ``search``, the record of why), ``'agree'`` (``marks``, the squares
    on which every place left agrees), ``'none'`` (every place broke;
    ``search`` says how), ``'multiple'`` (``solutions`` holds two different
    solved grids) or ``'limit'`` (stopped by the budget or Ctrl-C; ``search``
    records the places of the block being tried at the stall as far as they
    were worked, or is None when none had been).
    """

    kind: str
    search: Search | None = None
    marks: tuple[Mark, ...] = ()
    solutions: tuple[Grid, ...] = ()


@attrs.define(eq=False)
class _Node:
    """One branch: the ``placement`` tried, from ``parent``'s grid, at depth ``level``.

    ``grid`` is the branch's grid after the rules (and after what its own
    scan settled); ``children`` the places of the block it was expanded on,
    ``alive`` how many of them have not broken.
    """

    placement: Placement | None
    parent: "_Node | None"
    level: int
    grid: Grid | None = None
    outcome: str = "open"        # open, contradiction, solved, stalled, exhausted
    dead: bool = False
    worked: int = 0
    steps: tuple = ()
    broken: object = None
    reason: str | None = None
    children: list = attrs.Factory(list)
    alive: int = 0
    marks: tuple = ()            # what its placement adds to its parent's grid

    def cut_off(self) -> bool:
        """True when this branch or one above it has broken."""
        node = self
        while node is not None:
            if node.dead:
                return True
            node = node.parent
        return False


class _Stop(Exception):
    """The search is over: ``found`` says why (two solutions, or a limit)."""

    def __init__(self, found: "Found"):
        super().__init__(found.kind)
        self.found = found


def _finished(strip, target: int, start: int) -> bool:
    size = strip.targets[target]
    squares = strip.squares
    inside = all(squares[p] == FULL for p in range(start, start + size))
    before = start == 0 or squares[start - 1] == EMPTY
    after = start + size == len(squares) or squares[start + size] == EMPTY
    return inside and before and after


def placement_marks(placement: Placement, grid: Grid) -> list[Mark]:
    """The marks that put ``placement``'s block in ``grid``: its blank squares full, the blank squares at its ends empty,
    and what that leaves the blocks before and after it.

    With target ``i`` at its start, targets ``0..i-1`` must lie in the squares
    before the block and the rest after it, so each side is settled on its
    own by the exact line solver: a block already drawn on the grid that
    could be either of two targets learns which.
    """
    strip = placement.strip
    length = grid.width if strip.kind == "row" else grid.height
    squares = bytes(grid.rows[r][c] for r, c in (strip.square(p) for p in range(length)))
    start, end = placement.start, placement.start + placement.size
    line = bytearray(squares)
    line[start:end] = bytes([FULL]) * placement.size
    if start > 0:
        line[start - 1] = EMPTY
    if end < length:
        line[end] = EMPTY
    targets = placement.clue
    before = settle(targets[:placement.target], line[:max(start - 1, 0)]) or {}
    after = settle(targets[placement.target + 1:], line[end + 1:]) or {}
    for position, value in before.items():
        line[position] = value
    for position, value in after.items():
        line[end + 1 + position] = value
    marks = []
    for position, (was, value) in enumerate(zip(squares, line)):
        if was == BLANK and value != BLANK:
            row, column = strip.square(position)
            marks.append(Mark(row, column, value, strip))
    return marks


def blocks_by_places(strips, near=frozenset(), budget: Budget | None = None):
    """Every unfinished block of ``strips`` as ``(strip, target, starts)``, fewest places first (ties: the larger target).

    Blocks of the strips whose ids are in ``near`` come before all others.
    Yields ``(strip, None, None)`` first for a strip whose blocks cannot be
    placed at all.  ``budget`` is checked for every strip.
    """
    found = []
    for strip in strips:
        if budget is not None:
            budget.check()
        if strip.done:
            continue
        starts = block_starts(strip.targets, strip.squares)
        if starts is None:
            yield strip, None, None
            return
        for target, places in enumerate(starts):
            if len(places) > 1 or (places and not _finished(strip, target, places[0])):
                found.append((strip.id not in near, len(places), -strip.targets[target], strip, target, places))
    found.sort(key=lambda f: f[:3])
    for _, _, _, strip, target, places in found:
        yield strip, target, places


class _Search:
    """One search from one stall of the main line: the queue, the solutions found and the budget."""

    def __init__(self, main, rules, budget: Budget, keep_steps: bool, scan: int, inner_scan: int,
                 inner_limit: int, memory: dict):
        from ..engine import Engine  # the engine's rules import this package's probes
        self.engine_class = Engine
        self.main = main
        self.rules = rules
        self.budget = budget
        self.keep_steps = keep_steps
        self.scan_blocks = scan
        self.inner_scan = inner_scan
        self.inner_limit = inner_limit
        self.memory = memory
        self.solutions: list[Grid] = []
        self.queue: deque[_Node] = deque()
        self.scanning: list[_Node] = []  # the places of the block being scanned at the stall

    def engine(self, grid: Grid, pending):
        return self.engine_class(self.main.puzzle, self.rules, start=grid, pending=pending, budget=self.budget,
                                 by_strip=self.main.by_strip)

    def work(self, node: _Node) -> None:
        """Put ``node``'s block in its parent's grid and work it with the rules: it breaks, is solved or stalls.

        Raises :class:`_Stop` at a limit or when a second solution is found.
        """
        if self.budget.spent():
            raise _Stop(Found("limit"))
        main = self.main
        at_stall = node.parent.parent is None
        key = (node.placement.strip, node.placement.target, node.placement.start)
        known = self.memory.get(key) if at_stall else None
        if known is not None and known.dead:  # it broke from less than is known now: it breaks again
            node.dead, node.outcome, node.broken, node.reason = True, known.outcome, known.broken, known.reason
            node.worked, node.steps, node.children = known.worked, known.steps, known.children
            return
        node.marks = tuple(placement_marks(node.placement, node.parent.grid))
        if known is not None:
            # Everything it worked out followed from less than is known now: start from there.
            start, pending = _merge(known.grid, node.parent.grid, main.height)
            node.worked, node.steps = known.worked, known.steps
            if start is None:
                node.dead, node.outcome = True, "contradiction"
                node.broken, node.reason = pending
                self.memory[key] = node
                return
        else:
            start = node.parent.grid.copy()
            pending = {main.index(node.placement.strip)}
            for mark in node.marks:
                start.rows[mark.row][mark.column] = mark.value
                pending.update((mark.row, main.height + mark.column))
        self.budget.branches += 1
        self.budget.levels = max(self.budget.levels, node.level)
        self.run(node, self.engine(start, pending))
        if at_stall:
            self.memory[key] = node

    def run(self, node: _Node, branch) -> None:
        """Run the rules of ``branch`` (an engine) for ``node`` and record the outcome."""
        try:
            status = branch.run()
        except Contradiction as error:
            node.outcome, node.broken, node.reason = "contradiction", error.strip, error  # worded when shown
            node.dead = True
            status = "contradiction"
        node.worked += len(branch.steps)
        if self.keep_steps:
            node.steps += tuple(branch.steps)
        if status == "limit":
            raise _Stop(Found("limit"))
        if status == "contradiction":
            node.grid = None
            return
        node.grid = branch.grid
        node.outcome = status
        if status == "solved":
            self.solved(branch.grid)

    def solved(self, grid: Grid) -> None:
        puzzle = self.main.puzzle
        solution = Grid(puzzle.height, puzzle.width, [list(r) for r in grid.rows])
        if solution not in self.solutions:
            self.solutions.append(solution)
        if len(self.solutions) == 2:
            raise _Stop(Found("multiple", solutions=tuple(self.solutions)))

    def places(self, node: _Node, choice) -> list[_Node]:
        """One worked child of ``node`` per place of the chosen block."""
        strip, target, starts = choice
        children = [_Node(Placement(strip.id, strip.targets, target, start), node, node.level + 1)
                    for start in starts]
        if node.parent is None:
            self.scanning = children
        for child in children:
            self.work(child)
        return children

    def scan(self, node: _Node) -> tuple[str, list[_Node], list[Mark]]:
        """Try the blocks of ``node``'s grid one level down, fewest places first, until one settles something.

        Returns ``('none', children, [])`` when the block's every place
        broke, ``('one', children, marks)`` when one place is left,
        ``('agree', children, marks)`` when the places left agree on some
        squares (``marks``, of squares blank in ``node.grid``), or
        ``('open', children, [])`` with the block with the fewest places
        left among those tried.
        """
        best = None
        fallback = None
        near = _changed(node)
        for number, choice in enumerate(blocks_by_places(self.strips(node.grid), near, self.budget)):
            if node.parent is None:
                limit = number >= self.scan_blocks
            else:
                limit = number >= self.inner_limit or (number >= self.inner_scan and choice[0].id not in near)
            if limit and best is not None:
                break
            if choice[1] is None:
                return "none", [], []
            children = self.places(node, choice)
            live = [child for child in children if not child.dead]
            if not live:
                return "none", children, []
            if len(live) == 1:
                marks = list(live[0].marks) or _agreement(node.grid, live)
                if marks:
                    return "one", children, marks
                continue  # the block lies where its squares already show: nothing to learn from it
            agreed = _agreement(node.grid, live)
            if agreed:
                return "agree", children, agreed
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
        return "open", best[1], []

    def strips(self, grid: Grid):
        return self.engine_class(self.main.puzzle, (), start=grid, pending=()).strips

    def settle(self, node: _Node) -> None:
        """Scan ``node`` and take in what each scan settles, until it breaks, is solved, or must be expanded.

        A node left open gets the children of its best block and they are
        queued; one whose block has no place left breaks.
        """
        try:
            self._settle(node)
        finally:
            self.refine(node.parent)

    def refine(self, node: _Node | None) -> None:
        """Give ``node`` (and the branches above it, short of the stall itself) the squares its open children all agree on.

        Every solution under a branch lies under one of its open children, so
        what they all work out alike holds in the branch too; as children
        learn more, or break, their parents learn with them.
        """
        while node is not None and node.parent is not None and not node.dead and node.children:
            live = [child for child in node.children if not child.dead]
            if not live or any(child.grid is None for child in live):
                return
            marks = _agreement(node.grid, live)
            if not marks:
                return
            grid = node.grid.copy()
            for mark in marks:
                grid.rows[mark.row][mark.column] = mark.value
            node.grid = grid
            node = node.parent

    def _settle(self, node: _Node) -> None:
        while node.outcome == "stalled":
            kind, children, marks = self.scan(node)
            if kind == "none":
                node.children = children
                node.outcome = "exhausted"
                node.alive = 0
                _kill(node)
                self.refine(_first_open(node))
                return
            if kind == "open":
                node.children = children
                node.alive = sum(1 for child in children if not child.dead)
                self.queue.extend(child for child in children if child.outcome == "stalled")
                return
            if kind == "one":
                survivor = next(child for child in children if not child.dead)
                node.grid, node.outcome = survivor.grid, survivor.outcome
                node.worked += survivor.worked
                node.steps += survivor.steps
                continue
            pending = set()
            grid = node.grid.copy()
            for mark in marks:
                grid.rows[mark.row][mark.column] = mark.value
                pending.update((mark.row, self.main.height + mark.column))
            self.run(node, self.engine(grid, pending))
            if node.dead:
                node.outcome = "contradiction"
                _kill(node)
                self.refine(_first_open(node))


def explore(main, rules, budget: Budget, *, keep_steps: bool = False, scan: int = 20,
            inner_scan: int = 4, inner_limit: int = 8, memory: dict | None = None) -> Found:
    """Search breadth-first from the stalled grid of ``main`` (an :class:`paint.engine.Engine`), which is not changed.

    Every branch, the stall itself included, is *scanned*: the places of up
    to ``scan`` of its blocks, fewest places first, are worked one level
    down (below the stall, the blocks of the strips the branch changed come
    first, then at most ``inner_scan`` others, and no more than
    ``inner_limit`` in all once one block is known to be open), and the first block that settles something ends the scan - no
    place left (the branch breaks), one place left (the branch takes it), or
    squares every place left works out alike (the branch takes them and
    runs the rules again).  At the stall itself that ends the search: the
    caller records it as a ``search`` step.  Otherwise the places left of
    the block with the fewest become the branch's children, and they are
    scanned in turn, level by level, from one first-in, first-out queue,
    until the stall's block has one place left, none, or places that agree.

    ``rules`` are the rules that work each branch (the line rules);
    ``budget`` is spent and updated; ``keep_steps`` keeps each branch's own
    steps in the record.  ``memory`` (a dict kept by the caller from one
    search of a solve to the next) remembers each place tried at a stall:
    one that broke breaks again, and one that did not starts from what it
    worked out, since the main line only ever learns more.  Returns a
    :class:`Found`.  A limit, or Ctrl-C, during the search returns
    ``Found('limit')`` with the record of the stall's block as far as its
    places were worked.
    """
    search = _Search(main, rules, budget, keep_steps, scan, inner_scan, inner_limit,
                     {} if memory is None else memory)
    root = _Node(None, None, 0, grid=main.grid, outcome="stalled")
    try:
        kind, children, marks = search.scan(root)
        root.children = children
        root.alive = sum(1 for child in children if not child.dead)
        if kind == "none":
            if not children:
                raise RuntimeError("a strip of the stalled grid has no placement")
            return Found("none", _record(root, None, keep_steps))
        if kind == "one":
            return _commit(root, keep_steps)
        if kind == "agree":
            return Found("agree", _record(root, None, keep_steps, agreed=True), tuple(marks))
        search.queue.extend(child for child in children if child.outcome == "stalled")
        while True:
            if root.alive == 1:
                found = _commit(root, keep_steps)
                if found.marks:
                    return found
                # The one place left is where the block's squares already show, so nothing
                # is learned yet: its own places, once worked, are the places still open.
                survivor = next(child for child in root.children if not child.dead)
                if survivor.outcome == "stalled" and not survivor.children:
                    search.settle(survivor)
                if not survivor.children or survivor.dead:
                    continue
                root.children, root.alive = survivor.children, survivor.alive
                for child in root.children:
                    child.parent = root
                continue
            if root.alive == 0:
                return Found("none", _record(root, None, keep_steps))
            agreed = _agreement(root.grid, [child for child in root.children if not child.dead])
            if agreed:
                return Found("agree", _record(root, None, keep_steps, agreed=True), tuple(agreed))
            queue = search.queue
            while queue and queue[0].cut_off():
                queue.popleft()
            if not queue:
                raise RuntimeError("the search queue ran dry with more than one place open")
            search.settle(queue.popleft())
    except _Stop as stop:
        if stop.found.kind != "limit":
            return stop.found
    except (LimitReached, KeyboardInterrupt):
        pass
    tried = root.children or search.scanning
    return Found("limit", Search(tuple(_branch(child, False, keep_steps) for child in tried), None, stopped=True)
                 if tried else None)


def _changed(node: _Node) -> frozenset:
    """The ids of the strips whose squares ``node``'s work changed from its parent's grid (empty for the stall itself)."""
    if node.parent is None:
        return frozenset()
    before, after = node.parent.grid.rows, node.grid.rows
    changed = set()
    for r, (old, new) in enumerate(zip(before, after)):
        if old != new:
            changed.add(StripId("row", r))
            changed.update(StripId("column", c) for c, (a, b) in enumerate(zip(old, new)) if a != b)
    return frozenset(changed)


def _merge(worked: Grid, now: Grid, height: int):
    """``worked`` with the squares of ``now`` it lacks, and the strips those squares lie in: ``(grid, pending)``.

    Returns ``(None, (strip, reason))`` when the two disagree on a square.
    """
    grid = worked.copy()
    pending = set()
    for r, (mine, known) in enumerate(zip(grid.rows, now.rows)):
        if bytes(mine) == bytes(known):
            continue
        for c, value in enumerate(known):
            if value == BLANK or mine[c] == value:
                continue
            if mine[c] != BLANK:
                return None, (StripId("row", r), f"row {r + 1}, column {c + 1} is now known to be the other value")
            mine[c] = value
            pending.update((r, height + c))
    return grid, pending


def _first_open(node: _Node) -> _Node | None:
    """The nearest branch above ``node`` that has not broken."""
    node = node.parent
    while node is not None and node.dead:
        node = node.parent
    return node


def _kill(node: _Node) -> None:
    """Mark ``node`` broken; a parent left with no open child has broken too (up to, not including, the root)."""
    while True:
        node.dead = True
        node.grid = None
        parent = node.parent
        parent.alive -= 1
        if parent.parent is None or parent.alive > 0:
            return
        parent.outcome = "exhausted"
        node = parent


def _agreement(grid: Grid, live: list[_Node]) -> list[Mark]:
    """The squares blank in ``grid`` that every branch of ``live`` has worked out alike, as marks.

    Every solution lies in one of those branches, so these squares are settled
    (with one branch: everything it worked out).
    """
    if not live or any(child.grid is None for child in live):
        return []
    first, others = live[0].grid.rows, [child.grid.rows for child in live[1:]]
    marks = []
    for r, row in enumerate(grid.rows):
        for c, before in enumerate(row):
            if before != BLANK:
                continue
            value = first[r][c]
            if value != BLANK and all(other[r][c] == value for other in others):
                marks.append(Mark(r, c, value, StripId("row", r)))  # named by the row it lies in
    return marks


def _commit(root: _Node, keep_steps: bool) -> Found:
    survivor = next(i for i, child in enumerate(root.children) if not child.dead)
    search = _record(root, survivor, keep_steps)
    child = root.children[survivor]
    marks = placement_marks(child.placement, root.grid)
    if not marks and child.grid is not None:
        # its squares were already known: what the one branch left worked out is forced instead
        marks = _agreement(root.grid, [child])
    return Found("commit", search, tuple(marks))


def _record(root: _Node, survivor: int | None, keep_steps: bool, agreed: bool = False) -> Search:
    return Search(tuple(_branch(child, i == survivor, keep_steps) for i, child in enumerate(root.children)),
                  survivor, agreed)


def _branch(node: _Node, survived: bool, keep_steps: bool) -> Branch:
    if survived:
        outcome = "survived"
    elif node.dead or node.outcome == "solved":
        outcome = node.outcome
    else:
        outcome = "open" if node.grid is not None or node.children else "untried"
    children = ()
    if outcome == "exhausted":
        children = tuple(_branch(child, False, keep_steps) for child in node.children)
    if isinstance(node.reason, Contradiction):
        lines = tuple(node.reason.lines)
        reason = node.reason.reason
    else:
        lines, reason = (() if node.reason is None else (node.reason,)), node.reason
    return Branch(node.placement, node.level, outcome, node.worked, node.steps if keep_steps else (),
                  node.broken, reason, children, lines)
