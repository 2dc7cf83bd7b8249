"""Fixing a puzzle for an editor: the fewest squares of its picture to change so that line logic alone solves it.

A puzzle with several solutions, or one that needs search, is fixed the
way Batenburg, Henstra, Kosters and Palenstijn build simple puzzles from a
picture ("Constructing Simple Nonograms of Varying Difficulty", 2009): run
line logic on the picture's clues; where it stalls, the blank squares are
where the picture is not yet told by its clues.  Each blank square is tried
flipped (full to empty or back), the clues of its row and column made
again from the changed picture, and line logic run once more; the flip
that leaves the fewest blank squares is kept, and so on until none is
left.  A picture whose clues line logic solves to the last square has one
solution, itself (every step of line logic holds in every solution), so
the fixed puzzle is unique and needs no search or probe by construction;
:func:`fix` also checks it again with the solver before it is offered.

Line logic here is complete line logic (:func:`line_logic`: each row and
column worked by an exact line solver until nothing changes), which is
what ``paint check`` calls ``ok``: every rule up to ``try_one``.

>>> from paint.squares import Grid
>>> picture = Grid.from_lines(['X.', '.X'])  # two solutions: the diagonal and the other one
>>> found = fix_picture(picture)
>>> found.fixed, len(found.changes)
(True, 1)
"""

from __future__ import annotations

import time

import attrs

from .budget import LimitReached
from .errors import PaintError
from .linesolvers import exact
from .puzzle import Puzzle
from .squares import BLANK, EMPTY, FULL, Grid, full_runs

MAX_CHANGES = 20
"""How many squares :func:`fix_picture` may change by default before it gives up."""

CANDIDATES = None
"""How many blank squares it tries flipped at each change, at most (the first, row by row); None: every one."""


@attrs.frozen
class Fix:
    """What :func:`fix_picture` found: the ``before`` and ``after`` pictures (:class:`paint.squares.Grid`, no
    blank square), the ``changes`` (0-based ``(row, column)`` squares flipped, in the order chosen), the blank
    squares line logic leaves on the after picture's clues (``blank``: 0 when fixed), how many flips were
    tried (``tried``) and the seconds it took."""

    before: Grid
    after: Grid
    changes: tuple[tuple[int, int], ...]
    blank: int
    tried: int
    seconds: float
    stopped: str = "fixed"
    """Why it stopped: ``'fixed'``, ``'changes'`` (``max_changes`` made), ``'time'`` (``max_time`` ran out),
    ``'stopped'`` (its ``stop`` was set) or ``'stuck'`` (no flip of a blank square leaves fewer blank squares)."""

    @property
    def fixed(self) -> bool:
        """True when line logic solves the after picture's clues to the last square (one solution, no search)."""
        return self.blank == 0

    def puzzle(self, original: Puzzle | None = None, title: str | None = None) -> Puzzle:
        """The fixed puzzle: the after picture's clues, the picture as its goal; the rest (author, licence,
        given squares, ...) kept from ``original``, with ``title`` when given."""
        rows, columns = clues_of(self.after)
        if original is None:
            return Puzzle(rows=rows, columns=columns, title=title, goal=self.after.lines())
        return attrs.evolve(original, rows=rows, columns=columns, goal=tuple(self.after.lines()),
                            title=original.title if title is None else title)


def clues_of(picture: Grid) -> tuple[list[list[int]], list[list[int]]]:
    """The row and column clues of a picture with no blank square.

    >>> clues_of(Grid.from_lines(['XX.', '..X']))
    ([[2], [1]], [[1], [1], [1]])
    """
    rows = [[last - first + 1 for first, last in full_runs(bytes(row))] for row in picture.rows]
    columns = [[last - first + 1 for first, last in full_runs(bytes(picture.column(c)))]
               for c in range(picture.width)]
    return rows, columns


def line_logic(rows, columns, grid: Grid | None = None) -> Grid | None:
    """Complete line logic on the clues ``rows`` and ``columns``: every row and column worked by the exact line
    solver (:func:`paint.linesolvers.exact`) until none changes, from ``grid`` (None: every square blank).

    Returns the grid it reaches (blank squares where it stalls), or None when a line cannot be completed.
    Source: the fixpoint of Simpson's complete line solver over the puzzle (``paint check``'s ``ok``).

    >>> line_logic([[1], [1]], [[1], [1]]).lines()  # the two diagonals: line logic cannot start
    ['  ', '  ']
    """
    height, width = len(rows), len(columns)
    cells = [bytearray(height * width)] if grid is None else [bytearray(b"".join(bytes(row) for row in grid.rows))]
    squares = cells[0]
    dirty_rows, dirty_columns = set(range(height)), set(range(width))
    while dirty_rows or dirty_columns:
        for r in sorted(dirty_rows):
            line = bytes(squares[r * width:(r + 1) * width])
            solved = exact(tuple(rows[r]), line)
            if solved is None:
                return None
            for c in range(width):
                if solved[c] != line[c]:
                    squares[r * width + c] = solved[c]
                    dirty_columns.add(c)
        dirty_rows = set()
        for c in sorted(dirty_columns):
            line = bytes(squares[c::width])
            solved = exact(tuple(columns[c]), line)
            if solved is None:
                return None
            for r in range(height):
                if solved[r] != line[r]:
                    squares[r * width + c] = solved[r]
                    dirty_rows.add(r)
        dirty_columns = set()
    return Grid(height, width, [list(squares[r * width:(r + 1) * width]) for r in range(height)])


def _blank_after(picture: Grid, rows, columns, square: tuple[int, int]) -> int:
    """The blank squares line logic leaves once ``square`` of ``picture`` is flipped (its row's and column's
    clues made again; the other clues stay)."""
    r, c = square
    value = picture.rows[r][c]
    picture.rows[r][c] = EMPTY if value == FULL else FULL
    try:
        row = [last - first + 1 for first, last in full_runs(bytes(picture.rows[r]))]
        column = [last - first + 1 for first, last in full_runs(bytes(picture.column(c)))]
        reached = line_logic([*rows[:r], row, *rows[r + 1:]], [*columns[:c], column, *columns[c + 1:]])
        return picture.width * picture.height if reached is None else reached.count(BLANK)
    finally:
        picture.rows[r][c] = value


def fix_picture(picture: Grid, *, max_changes: int = MAX_CHANGES, candidates: int | None = CANDIDATES,
                max_time: float | None = None, keep=(), stop=None) -> Fix:
    """Change as few squares of ``picture`` (a Grid with no blank square) as it can, greedily, so that line logic
    solves its clues (see the module docstring).

    Stops fixed, or after ``max_changes`` changes, or when no flip leaves fewer blank squares than there are,
    or after ``max_time`` seconds: :attr:`Fix.blank` says how far it got and :attr:`Fix.stopped` why.  The
    0-based ``(row, column)`` squares in ``keep`` (a puzzle's given squares) are never flipped.  ``stop`` (a
    :class:`threading.Event`) set stops it as the time limit would (``stopped`` ``'stopped'``).  Raises
    ValueError for a picture with a blank square.
    """
    if picture.count(BLANK):
        raise ValueError("a picture to fix has no blank square")
    started = time.perf_counter()
    before = picture.copy()
    current = picture.copy()
    changes: list[tuple[int, int]] = []
    tried = 0
    rows, columns = clues_of(current)
    reached = line_logic(rows, columns)
    blank = reached.count(BLANK)
    keep = set(keep)
    stopped = "fixed"
    while blank:
        if len(changes) >= max_changes:
            stopped = "changes"
            break
        choices = [(r, c) for r in range(current.height) for c in range(current.width)
                   if reached.rows[r][c] == BLANK and (r, c) not in changes and (r, c) not in keep]
        best = None
        for square in choices[:candidates]:
            if max_time is not None and time.perf_counter() - started > max_time:
                stopped = "time"
                break
            if stop is not None and stop.is_set():
                stopped = "stopped"
                break
            tried += 1
            left = _blank_after(current, rows, columns, square)
            if best is None or left < best[0]:
                best = (left, square)
                if left == 0:
                    break
        if stopped in ("time", "stopped"):
            break
        if best is None or best[0] >= blank:
            stopped = "stuck"  # no flip helps: stop where it is
            break
        r, c = best[1]
        current.rows[r][c] = EMPTY if current.rows[r][c] == FULL else FULL
        changes.append((r, c))
        rows, columns = clues_of(current)
        reached = line_logic(rows, columns)
        blank = reached.count(BLANK)
    return Fix(before, current, tuple(changes), blank, tried, time.perf_counter() - started, stopped)


def picture_of(puzzle: Puzzle, *, positions: int | None = None) -> Grid:
    """The picture to fix: the puzzle's goal, else the first solution the depth-first search finds.

    Raises PaintError when the clues have no solution, or when ``positions`` ran out before one was found.
    """
    if puzzle.goal is not None:
        return Grid.from_lines(puzzle.goal)
    from .search.dfs import two_solutions
    start = line_logic(puzzle.rows, puzzle.columns)
    if start is None:
        raise PaintError("the clues have no solution: there is no picture to fix")
    try:
        counted = two_solutions(puzzle, start.rows, positions=positions)
    except LimitReached:
        counted = None
    if counted is None or not counted.solutions:
        raise PaintError("no solution was found to fix (the clues may have none)")
    return counted.solutions[0]
