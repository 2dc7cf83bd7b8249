"""Squares and the grid of squares (Kramer key decisions 3 and 5).

A square is *blank* (not yet known), *empty* (known to be empty) or *full*
(known to be full).  Inside the solver a square's state is a small int, so
strips can be plain lists; everything a person reads uses the glyphs
``' '``, ``'.'`` and ``'X'``.

>>> Square.FULL.glyph
'X'
>>> grid = Grid.blank(height=2, width=3)
>>> grid.mark(1, 2, Square.FULL)
>>> grid.lines()
['   ', '  X']
"""

from __future__ import annotations

import enum
import re
from typing import Iterator

import attrs

from .puzzle import MAX_SIZE, bounded


class Square(enum.IntEnum):
    """The state of one square: BLANK (unknown), EMPTY or FULL (Kramer decision 3).

    It is an int (0, 1, 2) inside the solver, and reads as its word:

    >>> Square.FULL, str(Square.FULL), f"{Square.EMPTY}", f"{Square.FULL:d}", int(Square.FULL)
    (Square.FULL, 'full', 'empty', '2', 2)
    """

    BLANK = 0
    EMPTY = 1
    FULL = 2

    def __repr__(self) -> str:
        return f"Square.{self.name}"

    def __str__(self) -> str:
        return self.word

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdoxXn":  # a number's format: the int
            return format(int(self), spec)
        return format(self.word, spec)

    @property
    def glyph(self) -> str:
        """The one-character glyph: ``' '`` blank, ``'.'`` empty, ``'X'`` full."""
        return GLYPHS[self]

    @property
    def word(self) -> str:
        """The word a person reads: ``'blank'``, ``'empty'`` or ``'full'``."""
        return self.name.lower()

    @classmethod
    def from_glyph(cls, glyph: str) -> "Square":
        """The square a glyph stands for; raises ValueError for any other character.

        >>> Square.from_glyph('.')
        Square.EMPTY
        """
        try:
            return _BY_GLYPH[glyph]
        except KeyError:
            raise ValueError(f"not a square glyph: {glyph!r}") from None


BLANK, EMPTY, FULL = Square.BLANK, Square.EMPTY, Square.FULL
GLYPHS = {BLANK: " ", EMPTY: ".", FULL: "X"}
_BY_GLYPH = {" ": BLANK, ".": EMPTY, "X": FULL}


def as_square(value) -> Square:
    """``value`` (an int 0-2 or a :class:`Square`) as a :class:`Square`: the converter of every attrs field that
    holds one, quick for a value that already is one.  Raises ValueError for any other value.

    >>> as_square(2), as_square(Square.EMPTY)
    (Square.FULL, Square.EMPTY)
    """
    return value if type(value) is Square else Square(value)


def line_text(squares) -> str:
    """The glyphs of a sequence of squares as one string.

    >>> line_text([2, 1, 0])
    'X. '
    """
    return "".join(GLYPHS[s] for s in squares)


_FULL_RUNS = re.compile(b"\x02+")
_OPEN_RUNS = re.compile(b"[^\x01]+")


def _runs(pattern, squares) -> list[tuple[int, int]]:
    if not isinstance(squares, (bytes, bytearray)):
        squares = bytes(squares)
    return [(match.start(), match.end() - 1) for match in pattern.finditer(squares)]


def full_runs(squares) -> list[tuple[int, int]]:
    """The maximal runs of full squares in ``squares`` (square values; bytes are fastest), as ``(first, last)``
    0-based inclusive pairs, found at C speed.

    >>> full_runs(bytes([2, 2, 0, 2]))
    [(0, 1), (3, 3)]
    """
    return _runs(_FULL_RUNS, squares)


def run_lengths(squares) -> list[int]:
    """The lengths of the runs of full squares in ``squares``, in order: the clue of a line with no blank square.

    >>> run_lengths(bytes([2, 2, 1, 2]))
    [2, 1]
    """
    return [last - first + 1 for first, last in full_runs(squares)]


def open_runs(squares) -> list[tuple[int, int]]:
    """The maximal runs of squares that are not empty (full or blank), as ``(first, last)`` pairs.

    >>> open_runs([0, 1, 0, 0, 1])
    [(0, 0), (2, 3)]
    """
    return _runs(_OPEN_RUNS, squares)


def columns_of(rows, width: int) -> list[bytearray]:
    """The columns of a grid given as its ``rows`` (sequences of square values), each a bytearray; ``width`` gives
    the number of columns when there are no rows.

    >>> columns_of([bytearray([2, 1]), bytearray([0, 2])], 2)
    [bytearray(b'\\x02\\x00'), bytearray(b'\\x01\\x02')]
    >>> columns_of([], 3)
    [bytearray(b''), bytearray(b''), bytearray(b'')]
    """
    if not rows:
        return [bytearray() for _ in range(width)]
    return [bytearray(column) for column in zip(*rows)]


def check_size(**sizes) -> None:
    """Raise TypeError or ValueError naming the size at fault unless every one of ``sizes`` (``height=3``,
    ``width=5``) is a whole number (not a bool) from 0 to :data:`paint.puzzle.MAX_SIZE`.

    >>> check_size(height=10 ** 6, width=2)
    Traceback (most recent call last):
    ValueError: height must be from 0 to 1000, not 1000000
    """
    for name, size in sizes.items():
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"{name} must be a whole number, not {type(size).__name__}")
        if not 0 <= size <= MAX_SIZE:
            raise ValueError(f"{name} must be from 0 to {MAX_SIZE}, not {size}")


def starting_grid(puzzle) -> "Grid":
    """The grid a solve of ``puzzle`` starts from: its given squares (:attr:`paint.puzzle.Puzzle.given`), else blank."""
    if puzzle.given is not None:
        return Grid.from_lines(puzzle.given)
    return Grid.blank(puzzle.height, puzzle.width)


@attrs.define(eq=True)
class Grid:
    """The puzzle's squares, ``height`` rows by ``width`` columns, 0-based inside.

    ``rows[r][c]`` is the square in row ``r``, column ``c`` (an int from
    :class:`Square`).  Use :meth:`blank` or :meth:`from_lines` to build one
    (or, from the text of a grid file, :func:`paint.formats.grid.parse_grid`).
    """

    height: int
    width: int
    rows: list[list[int]]

    @classmethod
    def blank(cls, height: int, width: int) -> "Grid":
        """A grid of ``height`` x ``width`` blank squares.

        Raises TypeError or ValueError (naming ``height`` or ``width``) for a size that is not a whole number
        from 0 to :data:`paint.puzzle.MAX_SIZE`, before anything is allocated.
        """
        check_size(height=height, width=width)
        return cls(height, width, [[BLANK] * width for _ in range(height)])

    @classmethod
    def from_lines(cls, lines) -> "Grid":
        """A grid from one glyph string per row (``' '``, ``'.'``, ``'X'``).

        Raises ValueError for rows of unequal length, unknown glyphs or more
        than :data:`paint.puzzle.MAX_SIZE` rows or columns (an iterable is
        read to one row more than that at most).

        >>> Grid.from_lines(['X.', ' X']).count(Square.BLANK)
        1
        """
        lines = bounded(lines, MAX_SIZE, "lines", "rows")
        if any(not isinstance(line, str) for line in lines):
            raise TypeError("a grid's rows are strings of glyphs")
        if lines and len(lines[0]) > MAX_SIZE:
            raise ValueError(f"lines: rows of more than {MAX_SIZE} squares")
        width = len(lines[0]) if lines else 0
        if any(len(line) != width for line in lines):
            raise ValueError("rows of unequal length")
        return cls(len(lines), width, [[int(Square.from_glyph(g)) for g in line] for line in lines])

    def copy(self) -> "Grid":
        """An independent copy."""
        return Grid(self.height, self.width, [list(row) for row in self.rows])

    def __getitem__(self, position: tuple[int, int]) -> Square:
        row, column = position
        return Square(self.rows[row][column])

    def mark(self, row: int, column: int, value: int) -> None:
        """Set the square at 0-based ``row``, ``column`` to ``value``."""
        self.rows[row][column] = value

    def row(self, index: int) -> list[int]:
        """A copy of the squares of 0-based row ``index``."""
        return list(self.rows[index])

    def column(self, index: int) -> list[int]:
        """A copy of the squares of 0-based column ``index``, top first."""
        return [row[index] for row in self.rows]

    def count(self, value: int) -> int:
        """How many squares have ``value``."""
        return sum(row.count(value) for row in self.rows)

    def differences(self, other: "Grid") -> list[tuple[int, int]]:
        """The 0-based ``(row, column)`` squares whose values differ from ``other``'s, row by row.

        Raises ValueError when the sizes differ.

        >>> Grid.from_lines(['X.', '.X']).differences(Grid.from_lines(['X.', 'X.']))
        [(1, 0), (1, 1)]
        """
        if (self.height, self.width) != (other.height, other.width):
            raise ValueError(f"grids of different sizes: {self.width}x{self.height} and {other.width}x{other.height}")
        return [(r, c) for r, (mine, theirs) in enumerate(zip(self.rows, other.rows))
                for c in range(self.width) if mine[c] != theirs[c]]

    def lines(self) -> list[str]:
        """One glyph string per row, top first: ``'X'`` full, ``'.'`` empty, ``' '`` blank."""
        return [line_text(row) for row in self.rows]

    def __iter__(self) -> Iterator[list[int]]:
        return iter(self.rows)
