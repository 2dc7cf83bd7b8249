"""The grid as the explanation draws it: Kramer's picture, readable by number.

Kramer's ASCII picture (:func:`paint.formats.pro.draw`: clues on the left
and on top, a frame of ``|`` and ``-``, ``XX`` a full square, `` .`` an
empty one) is the file format; the explanation draws the same picture with
what a person reading it by number needs:

- **every row numbered** on the right of the frame, and **the columns
  numbered** under the bottom frame at 1, 5, 10, 15 ...; the frames carry a
  ``+`` after every fifth column, so "column 17" is found by counting from
  the tick of 15;
- **column clues that never touch**: when a column clue has a number of
  two digits or more, every column is drawn one character wider than its
  longest number (a clue ``4 16`` reads `` 4 16``, never ``416``), else two
  wide, as Kramer drew them;
- **the squares marked since the last picture** drawn with their own
  characters (``##`` full, `` *`` empty), so plain text shows what a round
  added without colour; a legend under the picture says so.

Nothing here decides what is shown; :mod:`paint.render.text` does.

>>> from paint.puzzle import Puzzle
>>> from paint.squares import Grid
>>> puzzle = Puzzle(rows=[[1], [10], [0]], columns=[[1]] * 9 + [[2]])
>>> board = draw(puzzle, Grid.from_lines(['X.........', 'XXXXXXXXXX', '..........']), marked={(1, 1)})
>>> print('\\n'.join(board.lines))
     1 1 1 1 1 1 1 1 1 2
    ---------+---------+
  1|XX . . . . . . . . .| 1
 10|XX##XXXXXXXXXXXXXXXX| 2
  0| . . . . . . . . . .| 3
    ---------+---------+
     1       5        10
>>> board.cell, board.square(1, 1)
(2, (3, 6))
"""

from __future__ import annotations

import functools
from collections.abc import Collection

import attrs

from ..fields import as_tuple
from ..formats.pro import row_clue_text, stacked
from ..puzzle import Puzzle
from ..squares import BLANK, EMPTY, FULL, Grid

GLYPHS = {BLANK: " ", EMPTY: ".", FULL: "X"}
"""How a square is drawn (Kramer key decision 3): the glyph fills a full square's cell, ends an empty one's."""

MARKED = {BLANK: " ", EMPTY: "*", FULL: "#"}
"""How a square in ``marked`` is drawn: the squares marked since the last picture, or where two solutions differ."""

TICK = 5
"""Columns between the ticks on the frames and the numbers under the picture."""


@attrs.frozen
class Board:
    """A drawn grid: its ``lines``, where square (0, 0) is (``top`` line, ``left`` character) and the ``cell`` width.

    Square ``(r, c)`` is drawn on line ``top + r`` in characters
    ``left + cell * c`` up to (not including) ``left + cell * (c + 1)``.
    """

    lines: tuple[str, ...] = attrs.field(converter=as_tuple)
    top: int
    left: int
    cell: int

    def square(self, row: int, column: int) -> tuple[int, int]:
        """The picture line and first character of square (``row``, ``column``), both 0-based."""
        return self.top + row, self.left + self.cell * column


def cell_width(puzzle: Puzzle) -> int:
    """Characters per column: one more than the digits of the longest column clue number, so two numbers never
    touch (3 for two digits, 4 for three); 2, Kramer's width, when every number has one digit.

    >>> cell_width(Puzzle(rows=[[1]], columns=[[1]])), cell_width(Puzzle(rows=[[10]], columns=[[1]] * 10))
    (2, 2)
    >>> cell_width(Puzzle(rows=[[1]] * 10, columns=[[10]])), cell_width(Puzzle(rows=[[1]] * 100, columns=[[100]]))
    (3, 4)
    """
    digits = max((len(str(number)) for clue in puzzle.columns for number in clue), default=1)
    return 2 if digits == 1 else digits + 1


def draw(puzzle: Puzzle, grid: Grid | None = None, *, marked: Collection[tuple[int, int]] = ()) -> Board:
    """``grid`` (None: all blank) in ``puzzle``'s frame with its clues, row and column numbers; ``marked`` squares
    (0-based ``(row, column)`` pairs) drawn ``#`` / ``*``.

    Raises ValueError when the grid's size is not the puzzle's.  Source:
    Kramer key decisions 2 and 3, with the numbers and spacing above.
    """
    if grid is not None and (grid.height, grid.width) != (puzzle.height, puzzle.width):
        raise ValueError(f"a {grid.width} x {grid.height} grid cannot be drawn in a "
                         f"{puzzle.width} x {puzzle.height} puzzle")
    header, frame, labels, numbers, cell, left = _frame(puzzle)
    plain, shown = _cells(False, cell), _cells(True, cell)
    lines = list(header)
    by_row: dict[int, list[int]] = {}
    for row, column in marked:
        by_row.setdefault(row, []).append(column)
    for row, label in enumerate(labels):
        values = grid.rows[row] if grid is not None else bytes(puzzle.width)
        drawn = [plain[value] for value in values]
        for column in by_row.get(row, ()):
            drawn[column] = shown[values[column]]
        lines.append(f"{label}{''.join(drawn)}| {row + 1}")
    lines.append(frame)
    lines.append(numbers)
    return Board(lines, len(header), left, cell)


@functools.lru_cache(maxsize=8)
def _cells(marked: bool, cell: int) -> dict:
    """How each square value is drawn in a cell ``cell`` characters wide, with :data:`MARKED` when ``marked``,
    else :data:`GLYPHS`: the glyph filling a full square's cell, ending an empty one's."""
    glyphs = MARKED if marked else GLYPHS
    return {value: glyph * cell if value == FULL else glyph.rjust(2).ljust(cell) for value, glyph in glyphs.items()}


@functools.lru_cache(maxsize=4)
def _frame(puzzle: Puzzle) -> tuple:
    """What every picture of ``puzzle`` shares: the column clues and the top frame (lines), the bottom frame, each
    row's clue with its ``|``, the column numbers, the cell width and the left margin."""
    cell = cell_width(puzzle)
    row_texts = [row_clue_text(clue) for clue in puzzle.rows]
    margin = max(map(len, row_texts), default=3)
    left = margin + 1
    lines = [(" " * left + "".join(cells)).rstrip()
             for cells in stacked(puzzle.columns, lambda n: str(n).rjust(cell), " " * cell)]
    frame = " " * left + "".join("-" * (cell - 1) + ("+" if (c + 1) % TICK == 0 else "-")
                                 for c in range(puzzle.width))
    lines.append(frame)
    labels = tuple(f"{text.rjust(margin)}|" for text in row_texts)
    return tuple(lines), frame, labels, column_numbers(puzzle.width, cell, left), cell, left


def column_numbers(width: int, cell: int, left: int = 0) -> str:
    """The line of column numbers under a picture: 1, then every fifth, each ending at its column's last character.

    >>> column_numbers(12, 2)
    ' 1       5        10'
    """
    line = [" "] * (left + cell * width)
    for column in [1] + list(range(TICK, width + 1, TICK)):
        text = str(column)
        end = left + cell * column
        if column == 1 or "".join(line[end - len(text) - 1:end]).strip() == "":
            line[end - len(text):end] = text
    return "".join(line).rstrip()


def ruler(width: int) -> str:
    """The numbers over a line drawn in ``paint line``'s notation (``>`` then one character per square): 1, then
    every fifth, each number ending over its square.

    >>> ruler(12)
    ' 1   5   10'
    """
    return column_numbers(width, 1, 1) if width else ""


def key(letters: str) -> str | None:
    """The key to Kramer's letters in an answer (a-z 10-35, A-Z 36-61), for the letters in ``letters``; None if none.

    >>> key('2 1 a g 3 a')
    'key: a = 10, g = 16'
    """
    from ..formats.solution import DIGITS, UNENCODABLE
    used = sorted({char for char in letters if char.isalpha()}, key=DIGITS.index)
    said = [f"{char} = {DIGITS.index(char)}" for char in used]
    if UNENCODABLE in letters:
        said.append(f"{UNENCODABLE} = a number above {len(DIGITS) - 1}, which has no letter")
    return "key: " + ", ".join(said) if said else None
