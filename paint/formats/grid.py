"""Grid files: the squares a person has filled in so far, one text line per row.

A grid file holds no clues, only squares, so that a solve or a hint can
start from where a person solving by hand has got to.  One character per
square, the first line the top row:

- ``X`` or ``#``: full;
- ``.`` or ``-``: empty;
- ``?``, ``_`` or a space: blank (not known yet).

Trailing blanks may be left off a line, and blank lines at the end may be
left off the file, so an unfinished row can stop at its last known square.
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

from ..errors import PuzzleFormatError
from ..files import STDIN, STDIN_LABEL, read_bytes
from ..squares import BLANK, EMPTY, FULL, Grid

GLYPHS = {"X": FULL, "#": FULL, ".": EMPTY, "-": EMPTY, "?": BLANK, "_": BLANK, " ": BLANK}
"""The characters of a grid file and the squares they stand for."""


def parse_grid(text: str, path, *, width: int | None = None, height: int | None = None) -> Grid:
    """The grid in ``text`` (a grid file's content), ``height`` rows of ``width`` squares.

    Without ``width`` (``height``), the longest line (the number of lines)
    gives it.  Lines are padded with blank squares to the width, and blank
    rows are added to the height.  Raises PuzzleFormatError naming ``path``
    and the line for an unknown character, a line longer than the width,
    more lines than the height (blank lines at the end aside), or binary
    content.
    """
    if "\0" in text:
        raise PuzzleFormatError(path, "binary content, not a grid file")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # only line ends end a line
    while lines and not lines[-1].strip():
        lines.pop()
    if width is None:
        width = max((len(line.rstrip()) for line in lines), default=0)
    if height is None:
        height = len(lines)
    if width < 1 or height < 1:
        raise PuzzleFormatError(path, "the grid file holds no squares (give the puzzle to size it)")
    if len(lines) > height:
        raise PuzzleFormatError(path, f"{len(lines)} lines for a puzzle of {height} rows", height + 1)
    rows = []
    for number, line in enumerate(lines, start=1):
        line = line.rstrip(" ")
        if len(line) > width:
            raise PuzzleFormatError(path, f"{len(line)} squares for a puzzle of {width} columns", number)
        row = []
        for column, glyph in enumerate(line):
            value = GLYPHS.get(glyph)
            if value is None:
                shown = {"\t": "a tab"}.get(glyph) or (repr(glyph) if glyph.isprintable() else f"U+{ord(glyph):04X}")
                raise PuzzleFormatError(path, f"column {column + 1} holds {shown}; a square is X or # (full), "
                                        ". or - (empty), ?, _ or a space (blank)", number)
            row.append(int(value))
        rows.append(row + [int(BLANK)] * (width - len(row)))
    rows += [[int(BLANK)] * width for _ in range(height - len(rows))]
    return Grid(height, width, rows)


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
