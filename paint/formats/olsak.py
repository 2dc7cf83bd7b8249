"""Mirek and Petr Olšák's ``.g`` format, black and white (reader and writer).

A ``.g`` file is free text (comments) up to the first line that starts
with ``:`` or ``#``.  A line starting with ``:`` opens the row clues; the
next such line opens the column clues; the next ends the puzzle (text after
the colon, and every line after the end, is ignored).  A clue is its
numbers separated by spaces or tabs; a blank line is an empty clue, as is
``0``.  A ``#d`` line opens colour declarations (``m:% blue``) that end at
the next ``:`` line: declaring only ``0`` (the background) and ``1`` (the
default block colour) is black and white; any other colour, or a block
with a colour letter (``2m``), is a colour puzzle and is refused, as are
triddlers (``#t``).

Metadata is kept as ``key: value`` lines among the comments (``title:
Dancer``), and the goal as one ``goal: X..X.`` line per row; the reader
reads such lines back, so paint's ``.g`` files lose nothing.  Other
comment lines are free text and are not kept; so are lines that only look
like metadata (``Goal: find the cat``, a second ``title:``).

>>> p = read('A dot.\\n: rows\\n1\\n\\n: columns\\n1\\n0\\n: end\\n', 'x.g')
>>> p.rows, p.columns
(((1,), ()), ((1,), ()))
>>> print(write(p), end='')
: rows
1
<BLANKLINE>
: columns
1
<BLANKLINE>
: end
"""

from __future__ import annotations

import re

from ..errors import PuzzleFormatError
from ..puzzle import MAX_SIZE, Puzzle
from ._common import (COLOUR_REFUSED, build_puzzle, check_goal_shape, check_writable, from_one_line, make_clue,
                      metadata_lines, numbered_lines, parse_number)
from ._common import SPACES, check_clue_text, fields

NAME = "olsak"
EXTENSIONS = (".g",)
MANY = False
HOLDS = frozenset({"title", "author", "copyright", "license", "catalogue", "goal", "extra"})
"""The Puzzle fields besides the clues that a file of this format keeps (in comment lines)."""

FIELDS = ("title", "author", "copyright", "license", "catalogue")
"""The comment keys read into Puzzle fields, in the order they are written."""

RESERVED = frozenset(FIELDS) | {"goal"}
"""Comment keys with a meaning; an extra key may not be one of these."""

_METADATA = re.compile(r"([A-Za-z][A-Za-z0-9_.-]*):[ \t]*(.*)\Z")
_GOAL_ROW = re.compile(r"[X.]+\Z")
_DECLARATION = re.compile(r"\s*(\S):(\S?)\s+(\S+)")
_COLOUR_NUMBER = re.compile(r"[0-9]+[^0-9\s,]+\Z")


def looks_like(text: str) -> bool:
    """Whether ``text`` has a line starting ``: rows`` or ``:rows`` (content detection; case ignored).

    >>> looks_like('Cat\\n: rows\\n1\\n'), looks_like('1 1\\n1\\n1\\n')
    (True, False)
    """
    return re.search(r"^:\s*rows\b", text, re.IGNORECASE | re.MULTILINE) is not None


def read(text: str, path="<string>") -> Puzzle:
    """The puzzle in ``.g`` text; ``path`` names it in errors.

    Raises PuzzleFormatError (with the line where there is one) for a
    colour puzzle or a triddler, a file with no ``:`` line or no column
    clues, a bad clue number, a bad goal, or clues that do not fit or
    disagree.  Source: the example files of Olšák's ``grid`` solver
    (``kocka.g``, ``oko.g``, ``tkocka.g``).

    >>> read('Colours\\n#d\\n m:% blue\\n: rows\\n1m\\n: columns\\n1m\\n', 'a.g')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: a.g:3: colour puzzles are not supported (paint solves black-and-white puzzles)
    """
    lines = numbered_lines(text, path)
    metadata: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    goal_lines: list[tuple[int, str]] = []
    index = 0
    while index < len(lines) and not lines[index][1].startswith((":", "#")):
        number, line = lines[index]
        found = _METADATA.match(line.strip(SPACES))
        if found:  # anything else before the first ':' or '#' line is a comment (Olšák)
            key, value = found.group(1), found.group(2).strip(SPACES)
            if key == "goal":
                if _GOAL_ROW.match(value):
                    goal_lines.append((number, value))
            elif key in FIELDS:
                metadata.setdefault(key, from_one_line(value))
            elif key.lower() not in RESERVED:
                extra.append((key, from_one_line(value)))
        index += 1
    if index == len(lines):
        raise PuzzleFormatError(path, "no line starts with ':' (the row clues of a .g file start after ': rows')")
    number, line = lines[index]
    if line.startswith("#"):
        kind = line[1:2].lower()
        if kind == "t":
            raise PuzzleFormatError(path, "triddlers are not supported (paint solves square grids)", number)
        if kind != "d":
            raise PuzzleFormatError(path, f"unknown declaration {line.strip(SPACES)[:20]!r} (expected '#d' for "
                                    "colours or ': rows')", number)
        index += 1
        while index < len(lines) and not lines[index][1].startswith(":"):
            number, line = lines[index]
            declared = _DECLARATION.match(line)
            if line.strip(SPACES) and declared is None:
                raise PuzzleFormatError(path, "a colour declaration must look like 'm:% blue'", number)
            if declared is not None and declared.group(1) not in "01":
                raise PuzzleFormatError(path, COLOUR_REFUSED, number)
            index += 1
        if index == len(lines):
            raise PuzzleFormatError(path, "the colour declarations are not followed by ': rows'", number)
    groups: list[tuple[int, list[tuple[int, str]]]] = []
    for number, line in lines[index:]:
        if line.startswith(":"):
            if len(groups) == 2:
                break
            groups.append((number, []))
        else:
            groups[-1][1].append((number, line))
    else:
        if groups:  # no end line: blank lines at the end of the file are not clues
            while groups[-1][1] and not groups[-1][1][-1][1].strip(SPACES):
                groups[-1][1].pop()
    if len(groups) < 2:
        raise PuzzleFormatError(path, "the column clues are missing (a second ':' line opens them)",
                                lines[-1][0])
    clues = {}
    for name, (number, group) in zip(("row", "column"), groups):
        if not group:
            raise PuzzleFormatError(path, f"there are no {name} clues after this ':' line", number)
        if len(group) > MAX_SIZE:
            raise PuzzleFormatError(path, f"{len(group)} {name} clues: more than {MAX_SIZE}", number)
        clues[name] = [(_clue(line, path, number), number) for number, line in group]
    rows, columns = clues["row"], clues["column"]
    goal = goal_line = None
    if goal_lines:
        goal_line = goal_lines[0][0]
        goal = tuple(value for _, value in goal_lines)
        check_goal_shape(goal, len(columns), len(rows), path, goal_line)
    return build_puzzle(path, [c for c, _ in rows], [c for c, _ in columns],
                        row_lines=[n for _, n in rows], column_lines=[n for _, n in columns],
                        goal=goal, goal_line=goal_line, extra=tuple(extra), **metadata)


def write(puzzle: Puzzle) -> str:
    """The puzzle as a ``.g`` file: ``key: value`` comment lines, ``: rows``, ``: columns``, ``: end``.

    An empty clue is written as a blank line, as Olšák's examples do; a
    line break in a metadata value as a ``&#10;`` reference.  Raises
    PaintError for a puzzle of no rows or columns, or an extra key that is
    not a word or is reserved.

    >>> print(write(Puzzle(rows=[[1]], columns=[[1]], title='Dot')), end='')
    title: Dot
    <BLANKLINE>
    : rows
    1
    : columns
    1
    : end
    """
    check_writable(puzzle, "a .g file")
    header = metadata_lines(puzzle, FIELDS, RESERVED, "a .g file")
    if puzzle.goal is not None:
        header += [f"goal: {row}" for row in puzzle.goal]
    lines = header + ([""] if header else [])
    lines.append(": rows")
    lines += [" ".join(map(str, clue)) for clue in puzzle.rows]
    lines.append(": columns")
    lines += [" ".join(map(str, clue)) for clue in puzzle.columns]
    lines.append(": end")
    return "\n".join(lines) + "\n"


def _clue(line: str, path, number: int) -> tuple[int, ...]:
    check_clue_text(line, path, number)
    tokens = fields(line.replace(",", " "))
    if any(_COLOUR_NUMBER.match(token) for token in tokens):
        raise PuzzleFormatError(path, COLOUR_REFUSED, number)
    return make_clue([parse_number(token, path, number, "clue number") for token in tokens], path, number, line)
