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

from __future__ import annotations

import importlib  # nothing more here: what this imports runs before the entry's Ctrl-C guard (paint.__main__);
# Puzzle and Grid in the annotations below are the lazily imported names of __getattr__

__all__ = ["load", "load_grid", "parse_grid", "solve", "formats", "Puzzle", "Result", "Grid", "Square",
           "SolveOptions", "PaintError", "PuzzleFormatError", "Contradiction"]

_HOMES = {"solve": "solver", "formats": None, "Puzzle": "puzzle", "Result": "result", "Grid": "squares",
          "Square": "squares", "SolveOptions": "options", "PaintError": "errors",
          "PuzzleFormatError": "errors", "Contradiction": "errors", "parse_grid": "formats.grid"}
"""The module of each public name that is not defined here (None: the name is the module), imported the
first time the name is asked for, so that importing :mod:`paint` (the first thing the command does,
:mod:`paint.__main__`) loads nothing else."""


def __getattr__(name: str):
    """A public name (:data:`__all__`) or a submodule (``paint.check``), imported when first asked for
    (PEP 562); raises AttributeError for any other name."""
    if name in _HOMES:
        home = _HOMES[name]
        value = importlib.import_module(f"{__name__}.{home or name}")
        if home is not None:
            value = getattr(value, name)
    elif not name.startswith("_"):
        try:
            value = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the public ones not yet imported among them."""
    return sorted(set(globals()) | set(__all__))


def load(path) -> Puzzle:
    """Read a puzzle file in any supported format (detected from extension and content).

    Raises :class:`PuzzleFormatError` naming the file (and line) for bad input.
    """
    from .formats import load as read
    return read(path)


def load_grid(path, puzzle: Puzzle | None = None) -> Grid:
    """Read a grid file (one line per row: ``X``/``#`` full, ``./-`` empty, ``?``/``_``/space blank), sized to ``puzzle``.

    ``path`` may be ``'-'`` for standard input.  Trailing blanks and blank
    last rows may be left off.  Raises :class:`PuzzleFormatError` naming the
    file and line for a bad character, a line or a file too long for the
    puzzle, or binary content (see :mod:`paint.formats.grid`; from text already read,
    :func:`paint.parse_grid`).
    """
    from .formats.grid import load_grid as read
    size = {} if puzzle is None else {"width": puzzle.width, "height": puzzle.height}
    return read(path, **size)
