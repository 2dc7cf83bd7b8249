"""paint: a nonogram (Paint by Numbers) solver that explains how it reasons, after T. Kramer.

Glossary (Kramer's terms, used everywhere in paint):

- *square*: the smallest part of the puzzle, one cell of the grid.
- *blank* / *empty* / *full*: a square not yet known / known empty (``.``) /
  known full (``X``).
- *strip*: a row or a column.  ``row 3`` and ``column 12`` count from 1.
- *target*: one number of a strip's clue, the size of a block it must hold;
  row 3 with clue ``2 7 1`` has targets 2, 7 and 1.
- *block*: a run of adjacent full squares in a strip; each target has one.
- *patch*: the interval where a target's block may lie, from its start in
  the left-most placement of all blocks to its end in the right-most one.
- *line solver*: a method that settles what one strip's clue implies for
  its squares on its own (:mod:`paint.linesolvers`: complete, fast, fcomp).
- *explanation*: the numbered steps by which the answer was found, one per
  productive rule application.

>>> import paint
>>> puzzle = paint.Puzzle(rows=[[1], [1]], columns=[[2], []])
>>> result = paint.solve(puzzle)
>>> result.status, result.grid.lines()
('solved', ['X.', 'X.'])
"""

from . import formats
from .solver import solve
from .errors import Contradiction, PaintError, PuzzleFormatError
from .options import SolveOptions
from .puzzle import Puzzle
from .result import Result
from .squares import Grid, Square

__all__ = ["load", "load_grid", "solve", "formats", "Puzzle", "Result", "Grid", "Square", "SolveOptions",
           "PaintError", "PuzzleFormatError", "Contradiction"]


def load(path) -> Puzzle:
    """Read a puzzle file in any supported format (detected from extension and content).

    Raises :class:`PuzzleFormatError` naming the file (and line) for bad input.
    """
    return formats.load(path)


def load_grid(path, puzzle: Puzzle | None = None) -> Grid:
    """Read a grid file (one line per row: ``X``/``#`` full, ``./-`` empty, ``?``/``_``/space blank), sized to ``puzzle``.

    ``path`` may be ``'-'`` for standard input.  Trailing blanks and blank
    last rows may be left off.  Raises :class:`PuzzleFormatError` naming the
    file and line for a bad character, a line or a file too long for the
    puzzle, or binary content (see :mod:`paint.formats.grid`).
    """
    from .formats.grid import load_grid as read
    size = {} if puzzle is None else {"width": puzzle.width, "height": puzzle.height}
    return read(path, **size)
