"""Kramer's ASCII picture of a puzzle, the ``.pro`` format (Kramer key decisions 2 and 3).

The file looks like the printed puzzle: column clues stacked above the grid,
row clues to its left, the grid framed by dashes above and below and ``|``
on each side, each square two characters wide (``'  '`` blank, ``' .'``
empty, ``'XX'`` full).  Metadata and the goal are ``# key: value`` lines
around the picture.  The layout, exactly:

- a row clue is its numbers, each right-aligned in three characters
  (``'  2  1'``), right-aligned against the left ``|``; an empty clue is ``0``;
- the left ``|`` of every grid line is at character ``left - 1`` and square
  ``c`` (0-based) takes characters ``left + 2c`` and ``left + 2c + 1``;
- the frame lines are ``left`` spaces then two dashes per column;
- the numbers of column ``c``'s clue are stacked bottom-aligned above it,
  each right-aligned in that column's two characters, so numbers up to 99
  fit (Kramer's limit); an empty clue is ``0``.

``docs/formats.md`` has a worked example.

>>> from paint.puzzle import Puzzle
>>> dot = Puzzle(rows=[[2], [1, 1], [0]], columns=[[2], [1], [1]])
>>> print('\\n'.join(draw(dot)))
        2 1 1
       ------
     2|      |
  1  1|      |
     0|      |
       ------
>>> square_origin(dot)
(2, 7)
"""

from __future__ import annotations

import re

from ..errors import PaintError, PuzzleFormatError
from ..puzzle import MAX_SIZE, Puzzle
from ..squares import BLANK, EMPTY, FULL, Grid
from ._common import (build_puzzle, check_goal_shape, check_writable, from_one_line, make_clue,
                      metadata_lines, numbered_lines, parse_number)
from ._common import SPACES, check_clue_text, fields

NAME = "pro"
EXTENSIONS = (".pro",)
MANY = False
HOLDS = frozenset({"title", "author", "copyright", "license", "catalogue", "goal", "extra", "given"})
"""The Puzzle fields besides the clues that a file of this format keeps."""

HEADER_KEYS = ("title", "author", "copyright", "license", "catalogue")
"""The ``# key: value`` lines read into Puzzle fields, in the order they are written."""

RESERVED = frozenset(HEADER_KEYS) | {"goal"}
"""Header keys with a meaning; an extra key may not be one of these."""

MAX_NUMBER = 99
"""The largest clue number a picture holds (Kramer: "an upper limit of 99 will be placed on N")."""

ROW_FIELD = 3
"""Characters per number in a row clue."""

SQUARE_TEXT = {BLANK: "  ", EMPTY: " .", FULL: "XX"}
"""How a square is drawn in the picture (Kramer key decision 3)."""

_HEADER = re.compile(r"#[ \t]*([A-Za-z][A-Za-z0-9_.-]*)[ \t]*:(.*)\Z")
_FRAME = re.compile(r"( *)(-+)\Z")


# ------------------------------------------------------------------ drawing

def row_clue_text(clue) -> str:
    """A row clue as drawn: each number right-aligned in three characters, ``'  0'`` when empty.

    A number above 99 (never in a ``.pro`` file) gets one space before it.

    >>> row_clue_text((2, 13, 1))
    '  2 13  1'
    """
    return "".join(f"{n:3d}" if n <= MAX_NUMBER else f" {n}" for n in (clue or (0,)))


def draw(puzzle: Puzzle, grid: Grid | None = None, *, mark=None) -> list[str]:
    """The framed picture of ``puzzle`` with its clues and the squares of ``grid``, one string per line.

    ``grid`` is a :class:`paint.squares.Grid` of the puzzle's size (None: all
    blank).  ``mark`` is an optional collection of squares to point at: each
    item a 0-based ``(row, column)`` pair or anything with ``row`` and
    ``column`` attributes (such as :class:`paint.explanation.Mark`); rows
    holding one get ``' <'`` after the right ``|`` and a line under the bottom
    frame holds ``'^^'`` under their columns.  Without ``mark`` the lines
    are exactly the picture :func:`write` puts in a file (trailing spaces
    removed).  A column clue number above 99 is drawn ``'??'``.  Raises
    ValueError when the grid's size is not the puzzle's.  Source: Kramer key
    decisions 2 and 3.

    >>> from paint.puzzle import Puzzle
    >>> grid = Grid.from_lines(['X.', ' X'])
    >>> print('\\n'.join(draw(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), grid, mark=[(1, 1)])))
         1 1
        ----
      1|XX .|
      1|  XX| <
        ----
          ^^
    """
    if grid is not None and (grid.height, grid.width) != (puzzle.height, puzzle.width):
        raise ValueError(f"a {grid.width} x {grid.height} grid cannot be drawn in a "
                         f"{puzzle.width} x {puzzle.height} puzzle")
    marked = _marked(mark)
    row_texts = [row_clue_text(clue) for clue in puzzle.rows]
    margin = max(map(len, row_texts), default=ROW_FIELD)
    left = margin + 1
    lines = [(" " * left + "".join(cells)).rstrip(SPACES)
             for cells in stacked(puzzle.columns, _column_number)]
    frame = " " * left + "--" * puzzle.width
    lines.append(frame)
    marked_rows = {row for row, _ in marked}
    for row, text in enumerate(row_texts):
        squares = ("  " * puzzle.width if grid is None
                   else "".join(SQUARE_TEXT[value] for value in grid.rows[row]))
        lines.append(f"{text.rjust(margin)}|{squares}|" + (" <" if row in marked_rows else ""))
    lines.append(frame)
    if marked:
        columns = {column for _, column in marked}
        lines.append((" " * left + "".join("^^" if c in columns else "  "
                                           for c in range(puzzle.width))).rstrip(SPACES))
    return lines


def square_origin(puzzle: Puzzle) -> tuple[int, int]:
    """Where :func:`draw` puts the squares: (picture line of grid row 0, character of grid column 0).

    Grid row ``r``, column ``c`` is drawn on line ``origin[0] + r`` in
    characters ``origin[1] + 2c`` and ``origin[1] + 2c + 1``.

    >>> from paint.puzzle import Puzzle
    >>> square_origin(Puzzle(rows=[[1, 1, 1]], columns=[[1], [0], [1], [0], [1]]))
    (2, 10)
    """
    depth = max((len(clue) or 1 for clue in puzzle.columns), default=0)
    margin = max((len(row_clue_text(clue)) for clue in puzzle.rows), default=ROW_FIELD)
    return depth + 1, margin + 1


def stacked(columns, cell, blank="  "):
    """The column clues stacked bottom-aligned: yields, per clue line top first, one cell per column.

    A cell is ``cell(number)``, or ``blank`` where the column's clue is
    shorter; an empty clue shows as ``cell(0)``.

    >>> list(stacked([(1, 2), (3,)], str, ' '))
    [['1', ' '], ['2', '3']]
    """
    depth = max((len(clue) or 1 for clue in columns), default=0)
    padded = [[blank] * (depth - len(clue or (0,))) + [cell(n) for n in (clue or (0,))] for clue in columns]
    for cells in zip(*padded):
        yield list(cells)


def _column_number(number: int) -> str:
    return str(number).rjust(2) if number <= MAX_NUMBER else "??"


def _marked(mark) -> list[tuple[int, int]]:
    if not mark:
        return []
    squares = []
    for item in mark:
        if hasattr(item, "row") and hasattr(item, "column"):
            squares.append((item.row, item.column))
        else:
            row, column = item
            squares.append((row, column))
    return squares


# ------------------------------------------------------------------ writing

def write(puzzle: Puzzle) -> str:
    """The puzzle as a ``.pro`` file: ``# key: value`` header lines, the blank picture, ``# goal:`` lines.

    :func:`read` reads it back to an equal Puzzle (metadata values are
    written stripped of surrounding spaces; a line break in a value is
    written as a ``&#10;`` reference, see :func:`paint.formats._common.one_line`).
    Raises PaintError for a clue number above 99, a puzzle of no rows or
    columns, or an extra key that is not a word or is a reserved key.

    >>> print(write(Puzzle(rows=[[1]], columns=[[1]], title='Dot', goal=['X'])), end='')
    # title: Dot
    <BLANKLINE>
         1
        --
      1|  |
        --
    <BLANKLINE>
    # goal: X
    """
    check_writable(puzzle, "a .pro file")
    for kind, clues in (("row", puzzle.rows), ("column", puzzle.columns)):
        for index, clue in enumerate(clues):
            if any(n > MAX_NUMBER for n in clue):
                raise PaintError(f"cannot write {kind} {index + 1} in a .pro file: its clue has a number "
                                 f"above {MAX_NUMBER}, the largest Kramer's picture holds")
    header = metadata_lines(puzzle, HEADER_KEYS, RESERVED, "a .pro file", prefix="# ")
    given = None if puzzle.given is None else Grid.from_lines(puzzle.given)
    lines = header + ([""] if header else []) + draw(puzzle, given)
    if puzzle.goal is not None:
        lines += [""] + [f"# goal: {row}" for row in puzzle.goal]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ reading

def read(text: str, path="<string>") -> Puzzle:
    """The puzzle in ``.pro`` text; ``path`` names it in errors.

    Tolerates trailing spaces, blank lines around the picture and ``#``
    lines anywhere outside it.  Raises PuzzleFormatError (with the line where
    there is one) for a missing or odd frame, a missing bottom frame, a grid
    line that does not line up with the frame, squares that are not blank,
    clue numbers that are not numbers or are above 99, clues that do not fit
    or disagree, a bad goal.  Source: Kramer key decisions 2 and 3.

    >>> read(write(Puzzle(rows=[[1], [0]], columns=[[1]])), 'a.pro').rows
    ((1,), ())
    """
    metadata: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    goal_lines: list[tuple[int, str]] = []
    picture: list[tuple[int, str]] = []
    for number, raw in numbered_lines(text, path):
        line = raw.rstrip(SPACES)
        stripped = line.strip(SPACES)
        if stripped.startswith("#"):
            found = _HEADER.match(stripped)
            if found is None:
                continue
            key, value = found.group(1), found.group(2).strip(SPACES)
            name = key.lower()
            if name != "goal":
                value = from_one_line(value)
            if name == "goal":
                goal_lines.append((number, value))
            elif name in HEADER_KEYS:
                if name in metadata:
                    raise PuzzleFormatError(path, f"{name} is given twice", number)
                metadata[name] = value
            else:
                extra.append((key, value))
            continue
        if "\t" in line:
            raise PuzzleFormatError(path, "a tab character in the picture (use spaces)", number)
        picture.append((number, line))
    while picture and not picture[0][1]:
        picture.pop(0)
    while picture and not picture[-1][1]:
        picture.pop()
    if not picture:
        raise PuzzleFormatError(path, "there is no picture (column clues, a frame of dashes and the grid)")
    top = next((i for i, (_, line) in enumerate(picture) if _FRAME.match(line)), None)
    if top is None:
        raise PuzzleFormatError(path, "there is no frame of dashes above the grid (is this a .pro picture?)")
    top_line, frame = picture[top]
    indent, dashes = (len(part) for part in _FRAME.match(frame).groups())
    if indent == 0:
        raise PuzzleFormatError(path, "the frame starts in the first character: no room for the row clues "
                                "and the left '|'", top_line)
    if dashes % 2:
        raise PuzzleFormatError(path, f"the frame has {dashes} dashes, an odd number "
                                "(each square is two characters wide)", top_line)
    width = dashes // 2
    if width > MAX_SIZE:
        raise PuzzleFormatError(path, f"the width {width} is out of range (1 to {MAX_SIZE})", top_line)
    bottom = next((i for i in range(top + 1, len(picture)) if _FRAME.match(picture[i][1])), None)
    if bottom is None:
        raise PuzzleFormatError(path, "the grid has no bottom frame (is the file truncated?)", picture[-1][0])
    if picture[bottom][1] != frame:
        raise PuzzleFormatError(path, "the bottom frame does not match the top frame", picture[bottom][0])
    for number, line in picture[bottom + 1:]:
        if line:
            raise PuzzleFormatError(path, "text after the bottom frame of the grid", number)
    grid_lines = picture[top + 1:bottom]
    if not grid_lines:
        raise PuzzleFormatError(path, "the grid has no rows between its frames", picture[bottom][0])
    if len(grid_lines) > MAX_SIZE:
        raise PuzzleFormatError(path, f"the height {len(grid_lines)} is out of range (1 to {MAX_SIZE})")
    read_rows = [_row(number, line, indent, width, path) for number, line in grid_lines]
    rows = [clue for clue, _ in read_rows]
    squares = [given for _, given in read_rows]
    given = tuple(squares) if any(line.strip(" ") for line in squares) else None
    columns, column_lines = _columns(picture[:top], indent, width, path)
    goal = goal_line = None
    if goal_lines:
        goal, goal_line = _goal(goal_lines, width, len(rows), path)
    return build_puzzle(path, rows, columns, row_lines=[number for number, _ in grid_lines],
                        column_lines=column_lines, goal=goal, goal_line=goal_line,
                        extra=tuple(extra), given=given, **metadata)


_SQUARES = {"  ": " ", "XX": "X", " .": "."}
"""A square of the picture as Kramer draws it (decision 3): blank, full, empty."""


def _row(number: int, line: str, left: int, width: int, path) -> tuple[tuple[int, ...], str]:
    """The clue of a picture row and its squares (``'X'``, ``'.'``, ``' '``)."""
    right = left + 2 * width
    if len(line) <= right or line[left - 1] != "|" or line[right] != "|":
        raise PuzzleFormatError(path, f"this grid line does not line up with the frame: expected '|' at "
                                f"characters {left} and {right + 1}", number)
    if line[right + 1:].strip(SPACES):
        raise PuzzleFormatError(path, "text after the right '|' of the grid", number)
    squares = line[left:right]
    given = []
    for column in range(width):
        field = squares[2 * column:2 * column + 2]
        glyph = _SQUARES.get(field) if field.strip(SPACES) else " "
        if glyph is None:
            raise PuzzleFormatError(path, f"column {column + 1} of the grid holds {field!r}; a square is '  ' "
                                    "blank, 'XX' full or ' .' empty", number)
        given.append(glyph)
    clue_text = line[:left - 1]
    check_clue_text(clue_text, path, number)
    numbers = [_number(token, path, number) for token in fields(clue_text)]
    return make_clue(numbers, path, number, clue_text.strip(SPACES)), "".join(given)


def _columns(lines, left: int, width: int, path):
    """The column clues from the lines above the frame, and each clue's first line (None when empty)."""
    numbers: list[list[int]] = [[] for _ in range(width)]
    first: list[int | None] = [None] * width
    for number, line in lines:
        if line[:left].strip(SPACES):
            raise PuzzleFormatError(path, "text left of the column clues (only spaces may come before "
                                    "the first column)", number)
        if line[left + 2 * width:].strip(SPACES):
            raise PuzzleFormatError(path, "text right of the last column in the column clues", number)
        for column in range(width):
            field = line[left + 2 * column:left + 2 * column + 2].ljust(2)
            if field == "  ":
                continue
            if field[1] == " ":
                raise PuzzleFormatError(path, f"the number above column {column + 1} is not right-aligned "
                                        "over its square", number)
            numbers[column].append(_number(field.strip(SPACES), path, number))
            if first[column] is None:
                first[column] = number
    clues = [make_clue(values, path, first[c], " ".join(map(str, values))) for c, values in enumerate(numbers)]
    return clues, first


def _number(token: str, path, line: int) -> int:
    value = parse_number(token, path, line, "clue number")
    if value > MAX_NUMBER:
        raise PuzzleFormatError(path, f"clue number {value} is above {MAX_NUMBER}, the largest a .pro "
                                "picture holds (Kramer's limit)", line)
    return value


def _goal(goal_lines, width: int, height: int, path):
    for index, (number, row) in enumerate(goal_lines):
        bad = set(row) - {"X", "."}
        if bad:
            raise PuzzleFormatError(path, f"goal row {index + 1} has the character {min(bad)!r}; "
                                    "expected 'X' (full) or '.' (empty)", number)
        if len(row) != width:
            raise PuzzleFormatError(path, f"goal row {index + 1} has the wrong number of squares: "
                                    f"{len(row)} for a width of {width}", number)
    goal = tuple(row for _, row in goal_lines)
    check_goal_shape(goal, width, height, path, goal_lines[-1][0])
    return goal, goal_lines[0][0]
