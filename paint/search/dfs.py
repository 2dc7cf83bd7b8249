"""A quick depth-first search for two solutions, to tell an editor at once that a puzzle is ambiguous.

Kramer's breadth-first search (:mod:`paint.search.bfs`) places whole blocks,
works every place with the explained rules and keeps every branch, so that
each step it commits can be shown; finding a puzzle's second solution that
way can take thousands of explained branches.  An editor asking "is it
ambiguous?" (``paint check``) needs only the answer and the two solutions.
So before the breadth-first search, :func:`two_solutions` looks for two
different solutions depth first: it settles every row and column the
exact line solver can (:func:`paint.linesolvers.exact`, which remembers
lines it has solved), then tries a blank square full and then empty,
going deeper in each - the classic nonogram backtracking solver with line
propagation (Wolter's pbnsolve; Batenburg and Kosters; Wu et al. 2013).
Each solution it finds is a complete grid that every clue accepts, so two
of them prove the puzzle has several solutions.  It explains nothing, and
it gives up after ``nodes`` squares tried, leaving the question to the
breadth-first search: a puzzle with one solution is proven so, and
explained, as before.

>>> from paint.puzzle import Puzzle
>>> found = two_solutions(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), [bytearray(2), bytearray(2)])
>>> [grid.lines() for grid in found.solutions], found.complete
([['X.', '.X'], ['.X', 'X.']], False)
"""

from __future__ import annotations

import attrs

from ..budget import Budget
from ..linesolvers import exact
from ..squares import BLANK, EMPTY, FULL, Grid, columns_of

NODES = 1000
"""How many squares :func:`two_solutions` may try before it gives up (see :class:`paint.options.SolveOptions`)."""


@attrs.frozen
class Found:
    """What :func:`two_solutions` found: up to two ``solutions`` (:class:`paint.squares.Grid`), and whether the
    search was ``complete`` (every square tried both ways: fewer than two solutions means exactly that many)."""

    solutions: tuple[Grid, ...]
    complete: bool


class _GiveUp(Exception):
    """The node budget is spent."""


class _Enough(Exception):
    """Two solutions are found."""


def two_solutions(puzzle, rows, *, nodes: int = NODES, budget: Budget | None = None) -> Found:
    """Up to two different solutions of ``puzzle`` that agree with the known squares of ``rows``.

    ``rows`` is one bytearray of square values per row (0 blank, 1 empty,
    2 full, as :class:`paint.squares.Square`), for instance an engine's
    grid where the rules stalled; it is not changed.  ``nodes`` bounds the
    squares tried; ``budget`` (:class:`paint.budget.Budget`) is checked at
    every square tried, so a time limit or Ctrl-C stops the search with
    :class:`paint.budget.LimitReached`.  Returns a :class:`Found`: two
    solutions, or fewer with ``complete`` True when the search covered
    every possibility (none: the squares cannot be completed; one: it is
    the only solution), or fewer with ``complete`` False when it gave up.
    """
    row_clues = [tuple(clue) for clue in puzzle.rows]
    column_clues = [tuple(clue) for clue in puzzle.columns]
    height, width = len(row_clues), len(column_clues)
    grid = [bytearray(row) for row in rows]
    columns = columns_of(grid, width)
    solutions: list[Grid] = []
    tried = [0]

    def settle(grid, columns, dirty_rows, dirty_columns) -> bool:
        """Apply the exact line solver to every changed line until nothing changes; False on a contradiction."""
        while dirty_rows or dirty_columns:
            if dirty_rows:
                if not _settle_line(grid, columns, row_clues, dirty_rows.pop(), dirty_columns):
                    return False
            elif not _settle_line(columns, grid, column_clues, dirty_columns.pop(), dirty_rows):
                return False
        return True

    def branch_square(grid) -> tuple[int, int] | None:
        """The first blank square of the row with the fewest blank squares, or None when none is blank."""
        best = None
        for r, row in enumerate(grid):
            blank = row.count(BLANK)
            if blank and (best is None or blank < best[0]):
                best = (blank, r)
                if blank == 1:
                    break
        if best is None:
            return None
        return best[1], grid[best[1]].index(BLANK)

    def search(grid, columns, dirty_rows, dirty_columns) -> None:
        tried[0] += 1
        if tried[0] > nodes:
            raise _GiveUp
        if budget is not None:
            budget.check()
        if not settle(grid, columns, dirty_rows, dirty_columns):
            return
        square = branch_square(grid)
        if square is None:
            solutions.append(Grid(height, width, [list(row) for row in grid]))
            if len(solutions) == 2:
                raise _Enough
            return
        r, c = square
        for value in (FULL, EMPTY):
            below = [bytearray(row) for row in grid]
            below_columns = [bytearray(column) for column in columns]
            below[r][c] = below_columns[c][r] = value
            search(below, below_columns, {r}, {c})

    try:
        search(grid, columns, set(range(height)), set(range(width)))
    except _Enough:
        return Found(tuple(solutions), False)
    except (_GiveUp, RecursionError):  # RecursionError: a path of more squares tried than Python's stack holds
        return Found(tuple(solutions), False)
    return Found(tuple(solutions), True)


def _settle_line(lines, crossing, clues, index, dirty) -> bool:
    """Settle ``lines[index]`` (a row, or a column) by its clue, marking each square it settles in the crossing
    line too and noting that line in ``dirty``; False when the line cannot be completed."""
    line = lines[index]
    result = exact(clues[index], line)
    if result is None:
        return False
    if result != line:
        for position, (before, after) in enumerate(zip(line, result)):
            if before != after:
                crossing[position][index] = after
                dirty.add(position)
        line[:] = result
    return True
