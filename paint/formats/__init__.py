"""Puzzle file formats: the registry, and loading, saving and converting puzzles.

Three formats are read and written (``docs/formats.md`` describes each
exactly):

- ``pro``: Kramer's ASCII picture (:mod:`paint.formats.pro`, key decisions 2 and 3);
- ``non``: Steve Simpson's format with the nonogram-db extensions (:mod:`paint.formats.non`);
- ``nin``: Jakub Wilk's format (:mod:`paint.formats.nin`).

Kramer's output format (:mod:`paint.formats.solution`) is written only, to
show an answer.  Simpson's notation for a single line and its clue
(:mod:`paint.formats.linenotation`) is what ``paint line`` reads and writes.  Readers raise :class:`paint.errors.PuzzleFormatError` naming
the file and line for any input they cannot read, and nothing else.

>>> p = loads('1 1\\n1\\n1\\n', 'dot.nin')
>>> print(dumps(p, 'pro'), end='')
     1
    --
  1|  |
    --
>>> detect('dot.txt', '1 1\\n1\\n1\\n')
'nin'
"""

from __future__ import annotations

import os
import re
import types

from ..errors import PaintError, PuzzleFormatError
from ..files import read_text, write_atomically
from ..puzzle import Puzzle
from . import nin, non, pro
from ._common import numbered_lines

FORMATS = types.MappingProxyType({"pro": pro, "non": non, "nin": nin})
"""The formats read and written, name -> module, in the order tried and listed.

Each module has ``NAME``, ``EXTENSIONS``, ``read(text, path) -> Puzzle`` and
``write(puzzle) -> str``.
"""

UNKNOWN = "unknown format (expected .non, .pro or .nin)"

_NON_KEY = re.compile(r"(width|height|rows|columns)\b", re.IGNORECASE)
_FRAME = re.compile(r" +-+\Z")
_SIZES = re.compile(r"[0-9]+[ \t]+[0-9]+\Z")


def format_for(path) -> str | None:
    """The format named by ``path``'s extension (case ignored), or None.

    >>> format_for('Dancer.PRO'), format_for('notes.txt')
    ('pro', None)
    """
    suffix = os.path.splitext(str(path))[1].lower()
    for name, module in FORMATS.items():
        if suffix in module.EXTENSIONS:
            return name
    return None


def detect(path, text: str) -> str:
    """The format of ``text`` read from ``path``: by extension first, then by content.

    Content rules, tried in order on the lines that are not blank and do not
    start with ``#``: a line starting with ``width``, ``height``, ``rows`` or
    ``columns`` means ``non``; a frame line (spaces then dashes) and a line
    holding ``|`` mean ``pro``; a first line of two numbers means ``nin``.
    Raises PuzzleFormatError "unknown format (expected .non, .pro or .nin)".

    >>> detect('x', 'width 1\\nheight 1\\n')
    'non'
    >>> detect('x.txt', 'hello')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: x.txt: unknown format (expected .non, .pro or .nin)
    """
    by_name = format_for(path)
    if by_name is not None:
        return by_name
    lines = [line.rstrip() for line in text.replace("\r", "\n").split("\n")]
    meaningful = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if any(_NON_KEY.match(line.strip()) for line in meaningful):
        return "non"
    if any(_FRAME.match(line) for line in meaningful) and any("|" in line for line in meaningful):
        return "pro"
    if meaningful and _SIZES.match(meaningful[0].strip()):
        return "nin"
    raise PuzzleFormatError(path, UNKNOWN)


def loads(text: str, path_label="<string>", format: str | None = None) -> Puzzle:
    """The puzzle in ``text``; ``path_label`` names it in errors and its extension picks the format.

    ``format`` (a name in FORMATS) overrides detection.  Raises
    PuzzleFormatError for empty or binary text, an unknown format, or
    anything the format's reader refuses; PaintError for an unknown
    ``format`` name.

    >>> loads('width 1\\nheight 1\\nrows\\n1\\ncolumns\\n1\\n').rows
    ((1,),)
    """
    numbered_lines(text, path_label)
    name = detect(path_label, text) if format is None else _name(format)
    return FORMATS[name].read(text, path_label)


def load(path) -> Puzzle:
    """The puzzle in the file at ``path``, its format detected from extension then content.

    Raises PuzzleFormatError naming the file (and line) for a missing,
    unreadable, empty or binary file, an unknown format, or bad content.

    >>> load('/no/such/file.pro')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: /no/such/file.pro: no such file
    """
    return loads(read_text(path), str(path))


def dumps(puzzle: Puzzle, format: str) -> str:
    """The puzzle as text in ``format`` (a name in FORMATS).

    Raises PaintError for an unknown format or a puzzle the format cannot
    hold (for example a clue number above 99 in ``pro``).

    >>> print(dumps(Puzzle(rows=[[1]], columns=[[1]]), 'nin'), end='')
    1 1
    1
    1
    """
    return FORMATS[_name(format)].write(puzzle)


def save(puzzle: Puzzle, path, format: str | None = None, protect=()) -> None:
    """Write ``puzzle`` to ``path`` in ``format`` (default: from the extension), atomically.

    Refuses to write onto any file in ``protect``.  Raises PaintError for an
    extension that names no format, an unknown format, a puzzle the format
    cannot hold, a protected or unwritable path.
    """
    if format is None:
        format = format_for(path)
        if format is None:
            raise PaintError(f"cannot tell the format to write {path} in from its extension "
                             "(expected .non, .pro or .nin)")
    write_atomically(path, dumps(puzzle, format), protect=protect)


def convert(source, destination, format: str | None = None) -> Puzzle:
    """Read ``source`` and write it to ``destination`` (format from its extension unless given).

    Returns the puzzle.  Refuses to write onto ``source``.  Raises
    PuzzleFormatError for a source that cannot be read and PaintError for a
    destination that cannot be written.
    """
    puzzle = load(source)
    save(puzzle, destination, format=format, protect=(source,))
    return puzzle


def _name(format: str) -> str:
    name = str(format).lower().lstrip(".")
    if name not in FORMATS:
        raise PaintError(f"unknown format {format!r} (expected {', '.join(FORMATS)})")
    return name
