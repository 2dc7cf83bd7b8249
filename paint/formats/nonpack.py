"""Bundles of ``.non`` puzzles, the ``.nonpack`` format (reader and writer).

A ``.nonpack`` file is ``.non`` puzzles (:mod:`paint.formats.non`) one
after another, each separated from the next by a line of four or more
``=`` signs (``====``).  Blank puzzles (nothing but blank lines between two
separators) are skipped.  Errors name the line of the whole file.

>>> bundle = read_each('width 1\\nheight 1\\nrows\\n1\\ncolumns\\n1\\n====\\nwidth 1\\nheight 1\\nrows\\n0\\ncolumns\\n0\\n', 'x.nonpack')
>>> [p.rows for p in bundle]
[((1,),), ((),)]
>>> print(write_all(bundle), end='')  # doctest: +ELLIPSIS
width 1
height 1
...
====
width 1
...
"""

from __future__ import annotations

import re

from ..errors import PaintError, PuzzleFormatError
from ..puzzle import Puzzle
from . import non
from ._common import at_line, numbered_lines, one_puzzle
from ._common import SPACES, check_count

NAME = "nonpack"
EXTENSIONS = (".nonpack",)
MANY = True
HOLDS = non.HOLDS

SEPARATOR = "===="
"""The line :func:`write_all` puts between two puzzles."""

_SEPARATOR = re.compile(r"={4,}\s*\Z")


def chunks(text: str, path) -> list[tuple[int, str]]:
    """The puzzles' texts as ``(first line number, text)`` pairs, separators and blank puzzles left out.

    Raises PuzzleFormatError for empty or binary text, or a bundle with no puzzle.

    >>> chunks('a\\n====\\n\\n====\\nb\\n', 'x')
    [(1, 'a\\n'), (5, 'b\\n')]
    """
    found: list[tuple[int, str]] = []
    start, lines = 1, []
    for number, line in numbered_lines(text, path):
        if _SEPARATOR.match(line):
            found.append((start, lines))
            start, lines = number + 1, []
        else:
            lines.append(line)
    found.append((start, lines))
    result = [(first, "".join(line + "\n" for line in lines)) for first, lines in found
              if any(line.strip(SPACES) for line in lines)]
    if not result:
        raise PuzzleFormatError(path, "the bundle holds no puzzle, only '====' lines")
    check_count(len(result), path)
    return result


def read_each(text: str, path="<string>") -> list[Puzzle | PuzzleFormatError]:
    """Every puzzle of the bundle, in order; a puzzle that cannot be read is its PuzzleFormatError instead.

    Raises PuzzleFormatError for a bundle with no puzzle at all (or
    empty, or binary).  Source: the ``.non`` format of Steve Simpson.
    """
    each: list[Puzzle | PuzzleFormatError] = []
    for first, chunk in chunks(text, path):
        try:
            each.append(non.read(chunk, path, first_line=first))
        except PuzzleFormatError as error:
            each.append(at_line(error, first))
    return each


def read(text: str, path="<string>") -> Puzzle:
    """The one puzzle of a bundle that holds exactly one; PuzzleFormatError otherwise, or for its content."""
    return one_puzzle(read_each(text, path), path)


def write_all(puzzles) -> str:
    """The puzzles as one bundle: ``.non`` texts separated by ``====`` lines.

    Raises PaintError for no puzzles or a puzzle ``.non`` cannot hold.
    """
    puzzles = list(puzzles)
    if not puzzles:
        raise PaintError("cannot write a .nonpack bundle of no puzzles")
    return f"{SEPARATOR}\n".join(non.write(puzzle) for puzzle in puzzles)


def write(puzzle: Puzzle) -> str:
    """A bundle of one puzzle (the same text as its ``.non`` file)."""
    return write_all([puzzle])
