"""Kramer's output format: the answer drawn one character per square (writer only).

Kramer key decision 2 (10/19/1): "The output format is different from the
input format. Columns are one space wide, not two. Column numbers larger
than 9 are encoded by letters. a-z covers 10-35 and A-Z covers 36-61."
Key decision 3 (10/19/1): an empty square is ``'.'``, a full one ``'X'``
(a blank one, in a grid that is not finished, ``' '``).  Row clues and the
frame are as in :mod:`paint.formats.pro`; a column clue number above 61
cannot be encoded and is drawn ``'?'``.

>>> from paint.puzzle import Puzzle
>>> from paint.squares import Grid
>>> dot = Puzzle(rows=[[2], [1, 1], [0]], columns=[[2], [1], [1]])
>>> print('\\n'.join(draw_solution(dot, Grid.from_lines(['XX.', 'X.X', '...']))))
       211
       ---
     2|XX.|
  1  1|X.X|
     0|...|
       ---
"""

from __future__ import annotations

from ..puzzle import Puzzle
from ..squares import Grid, line_text
from .pro import ROW_FIELD, row_clue_text, stacked

NAME = "solution"

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The one-character column numbers: ``DIGITS[n]`` for 0 to 61."""

UNENCODABLE = "?"
"""Drawn for a column clue number above 61, which Kramer's letters cannot encode."""


def column_digit(number: int) -> str:
    """A column clue number as one character: 0-9, then a-z for 10-35, A-Z for 36-61, ``'?'`` above.

    >>> [column_digit(n) for n in (7, 10, 35, 36, 61, 62)]
    ['7', 'a', 'z', 'A', 'Z', '?']
    """
    return DIGITS[number] if 0 <= number < len(DIGITS) else UNENCODABLE


def draw_solution(puzzle: Puzzle, grid: Grid | None = None) -> list[str]:
    """The framed picture in Kramer's output format, one string per line, trailing spaces removed.

    ``grid`` is a :class:`paint.squares.Grid` of the puzzle's size; None
    draws the puzzle's goal when it has one, else a blank grid.  Raises
    ValueError when the grid's size is not the puzzle's.  Source: Kramer
    key decisions 2 and 3 (10/19/1).

    >>> from paint.puzzle import Puzzle
    >>> print('\\n'.join(draw_solution(Puzzle(rows=[[12]], columns=[[1]] * 12, goal=['X' * 12]))))
        111111111111
        ------------
     12|XXXXXXXXXXXX|
        ------------
    """
    if grid is None:
        grid = (Grid.from_lines(puzzle.goal) if puzzle.goal is not None
                else Grid.blank(puzzle.height, puzzle.width))
    if (grid.height, grid.width) != (puzzle.height, puzzle.width):
        raise ValueError(f"a {grid.width} x {grid.height} grid cannot be drawn in a "
                         f"{puzzle.width} x {puzzle.height} puzzle")
    row_texts = [row_clue_text(clue) for clue in puzzle.rows]
    margin = max(map(len, row_texts), default=ROW_FIELD)
    left = margin + 1
    lines = [(" " * left + "".join(cells)).rstrip()
             for cells in stacked(puzzle.columns, column_digit, " ")]
    frame = " " * left + "-" * puzzle.width
    lines.append(frame)
    for text, squares in zip(row_texts, grid.rows):
        lines.append(f"{text.rjust(margin)}|{line_text(squares)}|")
    lines.append(frame)
    return lines


def write(puzzle: Puzzle, grid: Grid | None = None) -> str:
    """:func:`draw_solution` as text, one line each, ending with a newline.

    >>> from paint.puzzle import Puzzle
    >>> print(write(Puzzle(rows=[[1]], columns=[[1]], goal=['X'])), end='')
        1
        -
      1|X|
        -
    """
    return "\n".join(draw_solution(puzzle, grid)) + "\n"
