"""The branch tree of the breadth-first search: branches, what they agree on, and their records.

A *branch* (:class:`Node`) is the grid with one block put at one of its
places, worked by the line rules; its children are the places of the block
it was expanded on.  Every solution under a branch lies under one of its
children that has not broken, so a branch whose every child broke has
broken too (:func:`kill`), and what all its open children worked out alike
holds in it (:func:`agreement`).  :func:`record` turns the stall's branches
into the :class:`paint.explanation.Search` a person reads.  Rows and columns
are 0-based here; the records word them from 1.
"""

from __future__ import annotations

import attrs

from ..errors import Contradiction
from ..explanation import Branch, Mark, Outcome, Placement, Search
from ..squares import BLANK, Grid, Square
from ..strip import StripId


@attrs.define(eq=False)
class Node:
    """One branch: the ``placement`` tried, from ``parent``'s grid, at depth ``level`` (the stall itself: no
    placement, no parent, level 0).

    ``grid`` is the branch's grid after the rules (and after what its own
    scan settled), None once it broke; ``outcome`` what became of it;
    ``worked`` and ``steps`` the steps the rules took in it; ``broken`` and
    ``reason`` the strip that broke and why; ``children`` the places of the
    block it was expanded on, ``alive`` how many of them have not broken;
    ``marks`` what its placement adds to its parent's grid.

    ``runs`` are the line-logic runs that made its grid, in order, each
    ``(base, marks, pending)``: from grid ``base`` (never changed once a
    branch holds it) with ``marks`` laid on, the strips ``pending`` first.
    The search works them on bit sets, which say only whether a branch
    breaks, is solved or stalls; ``worked``, ``steps``, ``broken`` and
    ``reason`` are filled in by running the rules over ``runs`` again, once
    the branch is to be told (``told``; ``worked`` and ``steps`` count the first ``runs_told`` runs).  Its
    grids' rows are bytearrays (:func:`grid_copy`), a byte a square.
    """

    placement: Placement | None
    parent: "Node | None"
    level: int
    grid: Grid | None = None
    outcome: Outcome = Outcome.UNTRIED
    dead: bool = False
    worked: int = 0
    steps: tuple = ()
    broken: StripId | None = None
    reason: "Contradiction | str | None" = None
    children: list["Node"] = attrs.Factory(list)
    alive: int = 0
    marks: tuple[Mark, ...] = ()
    runs: tuple = ()
    runs_told: int = 0
    settled: tuple | None = None  # (grid, its bit sets) as the search's run left them, for the children's runs

    @property
    def told(self) -> bool:
        """Whether every run has been told (:meth:`paint.search.bfs._Search.tell`)."""
        return self.runs_told == len(self.runs)

    def cut_off(self) -> bool:
        """True when this branch or one above it has broken."""
        node = self
        while node is not None:
            if node.dead:
                return True
            node = node.parent
        return False

    def live(self) -> list["Node"]:
        """The children that have not broken."""
        return [child for child in self.children if not child.dead]

    def adopt(self, children: list["Node"]) -> None:
        """Make ``children`` this branch's children, counting those that have not broken."""
        self.children = children
        self.alive = sum(1 for child in children if not child.dead)


def grid_copy(grid: Grid) -> Grid:
    """An independent copy of ``grid`` with bytearray rows: the one row type of every grid of the search (a
    byte a square, where a list of ints takes eight; rows of one type compare equal when their squares do)."""
    return Grid(grid.height, grid.width, [bytearray(row) for row in grid.rows])


def first_open(node: Node) -> Node | None:
    """The nearest branch above ``node`` that has not broken."""
    node = node.parent
    while node is not None and node.dead:
        node = node.parent
    return node


def kill(node: Node) -> None:
    """Mark ``node`` broken; a parent left with no open child has broken too (up to, not including, the stall)."""
    while True:
        node.dead = True
        node.grid = node.settled = None
        parent = node.parent
        parent.alive -= 1
        if parent.parent is None or parent.alive > 0:
            return
        parent.outcome = Outcome.EXHAUSTED
        node = parent


def agreement(grid: Grid, live: list[Node]) -> list[Mark]:
    """The squares blank in ``grid`` that every branch of ``live`` has worked out alike, as marks.

    Every solution lies in one of those branches, so these squares are settled
    (with one branch: everything it worked out).  Empty when a branch of
    ``live`` has not been worked.
    """
    if not live or any(child.grid is None for child in live):
        return []
    states = [settled_state(child) for child in live]
    if None not in states:  # on the bit sets the branches' runs left: a row's common squares at once
        return _agreed(grid, states)
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


def _agreed(grid: Grid, states: list[list[int]]) -> list[Mark]:
    """:func:`agreement` on the branches' bit sets (:attr:`Node.settled`), in the same order: row by row, column by
    column."""
    lines = grid.height + grid.width
    marks = []
    for r, row in enumerate(grid.rows):
        full = empty = -1
        for state in states:
            full &= state[r]
            empty &= state[lines + r]
        common = full | empty
        while common:
            lowest = common & -common
            common ^= lowest
            c = lowest.bit_length() - 1
            if row[c] == BLANK:
                marks.append(Mark(r, c, Square.FULL if full & lowest else Square.EMPTY, StripId("row", r)))
    return marks


def settled_state(node: Node) -> list[int] | None:
    """The bit sets of ``node``'s grid as the search's run left them (:attr:`Node.settled`), or None when its grid
    has changed since (or it has none)."""
    settled = node.settled
    return settled[1] if settled is not None and node.grid is not None and settled[0] is node.grid else None


def changed(node: Node) -> frozenset[StripId]:
    """The ids of the strips whose squares ``node``'s work changed from its parent's grid (empty for the stall itself)."""
    if node.parent is None:
        return frozenset()
    before, after = node.parent.grid.rows, node.grid.rows
    found = set()
    for r, (old, new) in enumerate(zip(before, after)):
        if old != new:
            found.add(StripId("row", r))
            found.update(StripId("column", c) for c, (a, b) in enumerate(zip(old, new)) if a != b)
    return frozenset(found)


class Disagreement(Exception):
    """What a branch worked out earlier disagrees with what is known now: ``strip`` is the row of the square and
    ``reason`` says which square."""

    def __init__(self, strip: StripId, reason: str):
        super().__init__(reason)
        self.strip, self.reason = strip, reason


def merge(worked: Grid, now: Grid, through) -> tuple[Grid, set[int]]:
    """``worked`` with the squares of ``now`` it lacks, and the strips those squares lie in, as ``(grid, pending)``.

    ``through(row, column)`` gives the indices of the strips through a
    square (:meth:`paint.engine.Engine.through`).  Raises
    :class:`Disagreement` when the two grids give a square different values.
    """
    grid = grid_copy(worked)
    pending: set[int] = set()
    for r, (mine, known) in enumerate(zip(grid.rows, now.rows)):
        if bytes(mine) == bytes(known):
            continue
        for c, value in enumerate(known):
            if value == BLANK or mine[c] == value:
                continue
            if mine[c] != BLANK:
                raise Disagreement(StripId("row", r), f"row {r + 1}, column {c + 1} is now known to be the other value")
            mine[c] = value
            pending.update(through(r, c))
    return grid, pending


def record(root: Node, survivor: int | None, keep_steps: bool, agreed: bool = False) -> Search:
    """The :class:`paint.explanation.Search` of the stall ``root``: its children, ``survivor`` the index of the one
    place left (or None), ``agreed`` when the places left agree on squares."""
    return Search(tuple(branch(child, i == survivor, keep_steps) for i, child in enumerate(root.children)),
                  survivor, agreed)


def branch(node: Node, survived: bool, keep_steps: bool) -> Branch:
    """The :class:`paint.explanation.Branch` of ``node``, with its own steps when ``keep_steps``."""
    if survived:
        outcome = Outcome.SURVIVED
    elif node.dead or node.outcome is Outcome.SOLVED:
        outcome = node.outcome
    else:
        outcome = Outcome.OPEN if node.grid is not None or node.children else Outcome.UNTRIED
    children = ()
    if outcome is Outcome.EXHAUSTED:
        children = tuple(branch(child, False, keep_steps) for child in node.children)
    if isinstance(node.reason, Contradiction):
        lines = tuple(node.reason.lines)
        reason = node.reason.reason
    else:
        lines, reason = (() if node.reason is None else (node.reason,)), node.reason
    # a branch not told (SolveOptions.branch_counts off: a place left, or one under a place that broke further down)
    # has no count
    worked = node.worked if node.told else None
    return Branch(node.placement, node.level, outcome, worked, node.steps if keep_steps else (),
                  node.broken, reason, children, lines)


LEFT = (Outcome.STALLED, Outcome.SOLVED)
"""The outcomes of a place a search step leaves (open, solved, or the one committed), which
:meth:`paint.search.bfs._Search.record` may leave untold."""
