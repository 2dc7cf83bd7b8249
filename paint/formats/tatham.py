"""Simon Tatham's Pattern game ID, such as ``3x2:1/2/1/3/1`` (reader and writer).

A game ID is the puzzle's size, ``WxH`` (or ``N`` for a square), a colon,
then its clues separated by ``/``: first every column clue, left to right,
then every row clue, top to bottom; the numbers of a clue are separated by
``.`` and an empty clue is empty (``2//1``).  It is what Pattern shows
under Game > Specific, and what ``paint`` takes in place of a file name.
Game IDs with squares given at the start (a ``,`` section) and random-seed
IDs (``10x10#12345``) are refused.  The format has no metadata.

>>> p = read('3x2:1/2/1/3/1', 'game ID')
>>> p.columns, p.rows
(((1,), (2,), (1,)), ((3,), (1,)))
>>> write(p)
'3x2:1/2/1/3/1\\n'
"""

from __future__ import annotations

import re

from ..errors import PuzzleFormatError
from ..puzzle import Puzzle
from ..wording import plural
from ._common import build_puzzle, check_writable, make_clue, numbered_lines, parse_number, parse_size
from ._common import SPACES, check_clue_text

NAME = "tatham"
EXTENSIONS: tuple[str, ...] = ()
MANY = False
HOLDS: frozenset[str] = frozenset()
"""The Puzzle fields besides the clues that a game ID keeps: none."""

GAME_ID = re.compile(r"([0-9]+)(?:x([0-9]+))?:(.*)\Z", re.DOTALL)
"""A game ID: the size, a colon, the clues."""

_SEED_ID = re.compile(r"[0-9]+(?:x[0-9]+)?#")


def looks_like(text: str) -> bool:
    """Whether ``text`` is one line that starts like a game ID (``10x10:`` or ``5:``), or a random-seed ID.

    >>> looks_like('10x10:2/3.1'), looks_like('10x10#123'), looks_like('dancer.pro')
    (True, True, False)
    """
    text = text.strip(SPACES)
    return "\n" not in text and bool(GAME_ID.match(text) or _SEED_ID.match(text))


def read(text: str, path="<string>") -> Puzzle:
    """The puzzle of a game ID; ``path`` names it in errors (the file it was read from, or the ID).

    ``text`` is the ID, alone on its line (blank lines around it are
    ignored).  Raises PuzzleFormatError for a random-seed ID, a bad size,
    the wrong number of clues, a bad number, given squares, or clues that
    do not fit or disagree.  Source: Simon Tatham's Portable Puzzle
    Collection, ``pattern.c`` (new_game_desc, validate_desc).

    >>> read('2x2:1/1/1', 'game ID')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: game ID: the game ID has 3 clues but a 2 x 2 puzzle has 4 (2 columns, then 2 rows)
    """
    every = numbered_lines(text, path)
    lines = [(number, line.strip(SPACES)) for number, line in every if line.strip(SPACES)]
    if len(lines) != 1:
        raise PuzzleFormatError(path, "a game ID is one line, like 10x10:2/3.1/...", lines[1][0])
    number, line = lines[0]
    line_number = number if len(every) > 1 else None  # an ID on the command line has no lines
    if _SEED_ID.match(line):
        raise PuzzleFormatError(path, "this is a random-seed ID ('#'); give the game ID (with ':'), which Pattern "
                                "shows under Game > Specific", line_number)
    match = GAME_ID.match(line)
    if not match:
        raise PuzzleFormatError(path, "not a game ID: expected the size and a colon, like 10x10:2/3.1/...",
                                line_number)
    width = parse_size(match.group(1), path, line_number, "width")
    height = width if match.group(2) is None else parse_size(match.group(2), path, line_number, "height")
    description = match.group(3)
    if "," in description:
        raise PuzzleFormatError(path, "game IDs with given squares (a ',' section) are not supported", line_number)
    specs = description.split("/")
    if len(specs) != width + height:
        raise PuzzleFormatError(path, f"the game ID has {plural(len(specs), 'clue')} but a {width} x {height} puzzle has "
                                f"{width + height} ({plural(width, 'column')}, then {plural(height, 'row')})", line_number)
    clues = [_clue(spec, path, line_number) for spec in specs]
    return build_puzzle(path, clues[width:], clues[:width])


def write(puzzle: Puzzle) -> str:
    """The puzzle's game ID and a newline (metadata and goal are left out).

    Raises PaintError for a puzzle of no rows or columns.

    >>> write(Puzzle(rows=[[1], []], columns=[[1]]))
    '1x2:1/1/\\n'
    """
    check_writable(puzzle, "a game ID")
    clues = "/".join(".".join(map(str, clue)) for clue in (*puzzle.columns, *puzzle.rows))
    return f"{puzzle.width}x{puzzle.height}:{clues}\n"


def _clue(spec: str, path, line: int | None) -> tuple[int, ...]:
    if not spec:
        return ()
    check_clue_text(spec, path, line)
    parts = spec.split(".")
    if "" in parts:
        raise PuzzleFormatError(path, f"clue {spec!r} has an empty number between dots", line)
    return make_clue([parse_number(part, path, line, "clue number") for part in parts], path, line, spec)
