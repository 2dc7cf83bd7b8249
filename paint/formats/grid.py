"""Grid files: the squares a person has filled in so far, one text line per row.

A grid file holds no clues, only squares, so that a solve or a hint can
start from where a person solving by hand has got to.  One character per
square, the first line the top row:

- ``X`` or ``#``: full;
- ``.`` or ``-``: empty;
- ``?``, ``_`` or a space: blank (not known yet).

Trailing blanks may be left off a line, and blank lines at the end may be
left off the file, so an unfinished row can stop at its last known square;
at most :data:`TRAILING_BLANK_LINES` blank lines may follow the last row.
Any other character, a control character or a Unicode space among them, is
refused, naming the line and column.
Kramer's own ``.pro`` picture (decision 3: ``XX`` full, `` .`` empty) holds
given squares in a puzzle file; this format is for a grid kept apart from
the puzzle.

>>> grid = parse_grid('X.\\n#', 'mine.txt', width=3, height=2)
>>> grid.lines()
['X. ', 'X  ']
>>> parse_grid('X*', 'mine.txt', width=2, height=1)
Traceback (most recent call last):
...
paint.errors.PuzzleFormatError: mine.txt:1: column 2 holds '*'; a square is X or # (full), . or - (empty), ?, _ or a space (blank)
"""

from __future__ import annotations

import itertools
import re

from ..errors import PuzzleFormatError
from ..files import STDIN, STDIN_LABEL, read_bytes
from ..puzzle import MAX_SIZE
from ..squares import BLANK, EMPTY, FULL, Grid, check_size

GLYPHS = {"X": FULL, "#": FULL, ".": EMPTY, "-": EMPTY, "?": BLANK, "_": BLANK, " ": BLANK}
"""The characters of a grid file and the squares they stand for."""

_GLYPH_TEXT = "".join(GLYPHS)


TRAILING_BLANK_LINES = 10
"""How many blank lines a grid file may hold after its last row of the puzzle (or of :data:`MAX_SIZE` rows)."""

_LINE_END = re.compile(r"\r\n|\r|\n")
_REASON = "a square is X or # (full), . or - (empty), ?, _ or a space (blank)"


def parse_grid(text: str, path="<grid>", *, width: int | None = None, height: int | None = None) -> Grid:
    """The grid in ``text`` (a grid file's content), ``height`` rows of ``width`` squares (``paint.parse_grid``).

    Without ``width`` (``height``), the longest line (the number of lines)
    gives it, at most :data:`MAX_SIZE`.  Lines are padded with blank
    squares to the width, and blank rows are added to the height.  Raises
    PuzzleFormatError naming ``path`` and the line for a character that is
    not a square's (a control character or another kind of space among
    them, named by its code point), a line longer than the width, more lines
    than the height (lines of spaces or nothing at the end aside, at most
    :data:`TRAILING_BLANK_LINES` of them beyond the height), or binary
    content.  The lines are split off one by one and no more than the
    height and those blank lines are kept, so a file of millions of lines
    is refused without holding them.  Raises TypeError or ValueError for a
    ``width`` or ``height`` that is not a whole number from 0 to
    :data:`MAX_SIZE` (:func:`paint.squares.check_size`), before anything is
    read.  ``path`` names the text in messages (default ``'<grid>'``).

    >>> parse_grid('X.\\n-#', width=3).lines()
    ['X. ', '.X ']

    >>> parse_grid('X\\n' + '\\n' * 11, 'g', width=1, height=1)
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: g:12: more than 11 lines for a puzzle of 1 row (at most 10 blank lines may follow the last row)
    """
    check_size(**{name: size for name, size in (("width", width), ("height", height)) if size is not None})
    if "\0" in text:
        raise PuzzleFormatError(path, "binary content, not a grid file")
    if text.startswith("\ufeff"):
        text = text[1:]
    rows_at_most = MAX_SIZE if height is None else height
    lines = _lines(text, path, rows_at_most, height is not None)
    for number, line in enumerate(lines, start=1):
        if line.strip(_GLYPH_TEXT):
            column, glyph = next((column, glyph) for column, glyph in enumerate(line, start=1)
                                 if glyph not in GLYPHS)
            shown = {"\t": "a tab"}.get(glyph) or (repr(glyph) if glyph.isprintable() else f"U+{ord(glyph):04X}")
            raise PuzzleFormatError(path, f"column {column} holds {shown}; {_REASON}", number)
    while lines and not lines[-1].strip(" "):
        lines.pop()
    if height is None:
        height = len(lines)
        if height > MAX_SIZE:
            raise PuzzleFormatError(path, f"{height} lines: a grid has at most {MAX_SIZE} rows", MAX_SIZE + 1)
    if width is None:
        width = max((len(line.rstrip(" ")) for line in lines), default=0)
        if width > MAX_SIZE:
            number = next(number for number, line in enumerate(lines, start=1) if len(line.rstrip(" ")) == width)
            raise PuzzleFormatError(path, f"{width} squares: a grid has at most {MAX_SIZE} columns", number)
    if width < 1 or height < 1:
        raise PuzzleFormatError(path, "the grid file holds no squares (give the puzzle to size it)")
    if len(lines) > height:
        raise PuzzleFormatError(path, f"{len(lines)} lines for a puzzle of {height} rows", height + 1)
    rows = []
    for number, line in enumerate(lines, start=1):
        line = line.rstrip(" ")
        if len(line) > width:
            raise PuzzleFormatError(path, f"{len(line)} squares for a puzzle of {width} columns", number)
        rows.append([int(GLYPHS[glyph]) for glyph in line] + [int(BLANK)] * (width - len(line)))
    rows += [[int(BLANK)] * width for _ in range(height - len(rows))]
    return Grid(height, width, rows)


def _lines(text: str, path, rows: int, sized: bool) -> list[str]:
    """The lines of ``text`` (ended by ``\\n``, ``\\r\\n`` or ``\\r``), split off one at a time; raises
    PuzzleFormatError at the first line beyond ``rows`` + :data:`TRAILING_BLANK_LINES`, before it is held.

    ``sized`` says ``rows`` is the puzzle's height (else it is :data:`MAX_SIZE`), for the message.
    """
    most = rows + TRAILING_BLANK_LINES
    lines = []
    start = 0
    for end in itertools.chain(_LINE_END.finditer(text), [None]):
        if end is None and start == len(text):
            break  # the last line had its line end
        if len(lines) == most:
            room = f"a puzzle of {rows} row{'' if rows == 1 else 's'}" if sized else f"a grid of at most {rows} rows"
            raise PuzzleFormatError(path, f"more than {most} lines for {room} (at most {TRAILING_BLANK_LINES} "
                                    "blank lines may follow the last row)", most + 1)
        lines.append(text[start:] if end is None else text[start:end.start()])
        if end is not None:
            start = end.end()
    return lines


def load_grid(path, *, width: int | None = None, height: int | None = None) -> Grid:
    """The grid in the grid file at ``path`` (``'-'``: standard input); see :func:`parse_grid`.

    The file is read as puzzle files are (bounded, devices refused: see
    :func:`paint.files.read_bytes`).  Raises PuzzleFormatError naming the
    file, and the line where there is one.
    """
    label = STDIN_LABEL if path == STDIN else str(path)
    data = read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleFormatError(label, "binary content, not a grid file") from None
    return parse_grid(text, label, width=width, height=height)


def grid_text(grid: Grid) -> str:
    """``grid`` as a grid file: ``X`` full, ``.`` empty, ``?`` blank, trailing blanks left off each line.

    >>> print(grid_text(Grid.from_lines(['X. ', '   '])), end='')
    X.
    <BLANKLINE>
    """
    return "".join(line.replace(" ", "?").rstrip("?") + "\n" for line in grid.lines())
