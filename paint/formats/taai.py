"""The computer-tournament text of the TAAI 2011 nonogram contest, many puzzles per file (reader and writer).

Each puzzle is a ``$N`` line (N its number in the tournament) and then
its clues, one per line, numbers separated by tabs: first every column
clue, left to right, then every row clue, top to bottom.  The puzzles are
square, so a puzzle of ``2n`` clue lines is ``n`` x ``n`` (the tournament's
are 25 x 25).  An empty clue is ``0`` (a blank line is read as one too).
The format has no metadata; the reader keeps ``$N`` as the puzzle's
``catalogue`` (``'$17'``), and the writer writes that number back, or for
a puzzle with some other catalogue, its position in the file.

>>> each = read_each('$1\\n1\\n0\\n1\\n0\\n', 'q.txt')
>>> each[0].rows, each[0].columns, each[0].catalogue
(((1,), ()), ((1,), ()), '$1')
>>> print(write_all(each), end='')
$1
1
0
1
0
"""

from __future__ import annotations

import re

from ..errors import PaintError, PuzzleFormatError
from ..puzzle import MAX_SIZE, Puzzle
from ..wording import plural
from ._common import (COLOUR_REFUSED, at_line, build_puzzle, check_writable, make_clue, numbered_lines, one_puzzle,
                      parse_number)
from ._common import SPACES, check_clue_text, check_count, fields

NAME = "taai"
EXTENSIONS: tuple[str, ...] = ()
MANY = True
HOLDS = frozenset({"catalogue"})
"""The Puzzle fields besides the clues that a file of this format keeps (the ``$N`` number)."""

NUMBER_LINE = re.compile(r"\$([0-9]+)\s*\Z")
"""The line that starts a puzzle: ``$`` and its number."""

_COLOUR_NUMBER = re.compile(r"[0-9]+[A-Za-z]\Z")


def looks_like(text: str) -> bool:
    """Whether ``text`` starts, after blank lines, with a ``$N`` line (content detection).

    >>> looks_like('\\n$1\\n2\\t1\\n'), looks_like('1 1\\n')
    (True, False)
    """
    for line in text.lstrip("\ufeff").splitlines():
        if line.strip(SPACES):
            return bool(NUMBER_LINE.match(line.strip(SPACES)))
    return False


def read_each(text: str, path="<string>") -> list[Puzzle | PuzzleFormatError]:
    """Every puzzle of the file, in order; a puzzle that cannot be read is its PuzzleFormatError instead.

    Raises PuzzleFormatError when the file is empty or binary, or does not
    start with a ``$N`` line.  A puzzle's own problems (an odd number of
    clue lines, a bad number, clues that do not fit or disagree) come back
    in its place, naming the file line.  Source: the TAAI 2011 tournament
    files (``questions.txt``).
    """
    blocks: list[tuple[int, str, list[tuple[int, str]]]] = []
    for number, line in numbered_lines(text, path):
        stripped = line.strip(SPACES)
        match = NUMBER_LINE.match(stripped)
        if match:
            blocks.append((number, match.group(1), []))
        elif blocks:
            blocks[-1][2].append((number, stripped))
        elif stripped:
            raise PuzzleFormatError(path, "not a tournament file: the first line must be '$1' (a '$' and the "
                                    "puzzle's number)", number)
    if not blocks:
        raise PuzzleFormatError(path, "not a tournament file: no '$N' line")
    check_count(len(blocks), path)
    each: list[Puzzle | PuzzleFormatError] = []
    for number, label, lines in blocks:
        try:
            each.append(_puzzle(number, label, lines, path))
        except PuzzleFormatError as error:
            each.append(at_line(error, number))
    return each


def read(text: str, path="<string>") -> Puzzle:
    """The one puzzle of a file that holds exactly one; PuzzleFormatError otherwise, or for its content."""
    return one_puzzle(read_each(text, path), path)


def write_all(puzzles) -> str:
    """The puzzles as tournament text, each numbered by its ``$N`` catalogue, else by its position (1, 2, ...).

    Raises PaintError for no puzzles, or for a puzzle that is not square
    (the format tells the size only by the number of clue lines).
    """
    puzzles = list(puzzles)
    if not puzzles:
        raise PaintError("cannot write a tournament file of no puzzles")
    lines = []
    for index, puzzle in enumerate(puzzles, start=1):
        check_writable(puzzle, "a tournament file")
        if puzzle.width != puzzle.height:
            raise PaintError(f"cannot write a {puzzle.width} x {puzzle.height} puzzle in a tournament file: "
                             "its puzzles are square")
        match = NUMBER_LINE.match(puzzle.catalogue or "")
        lines.append(f"${match.group(1) if match else index}")
        lines += ["\t".join(map(str, clue)) if clue else "0" for clue in (*puzzle.columns, *puzzle.rows)]
    return "\n".join(lines) + "\n"


def write(puzzle: Puzzle) -> str:
    """A tournament file of one puzzle, ``$1``."""
    return write_all([puzzle])


def _puzzle(number: int, label: str, lines: list[tuple[int, str]], path) -> Puzzle:
    while lines and not lines[-1][1]:
        lines.pop()
    if not lines:
        raise PuzzleFormatError(path, f"puzzle ${label} has no clues", number)
    if len(lines) % 2:
        raise PuzzleFormatError(path, f"puzzle ${label} has {plural(len(lines), 'clue line')}; a square puzzle has an even "
                                "number (its columns', then its rows')", number)
    size = len(lines) // 2
    if size > MAX_SIZE:
        raise PuzzleFormatError(path, f"puzzle ${label} is {size} x {size}, larger than {MAX_SIZE} x {MAX_SIZE}",
                                number)
    clues = [_clue(text, path, line) for line, text in lines]
    numbers = [line for line, _ in lines]
    return build_puzzle(path, clues[size:], clues[:size], row_lines=numbers[size:],
                        column_lines=numbers[:size], catalogue=f"${label}")


def _clue(text: str, path, line: int) -> tuple[int, ...]:
    check_clue_text(text, path, line)
    tokens = fields(text)
    if any(_COLOUR_NUMBER.match(token) for token in tokens):
        raise PuzzleFormatError(path, COLOUR_REFUSED, line)
    return make_clue([parse_number(token, path, line, "clue number") for token in tokens], path, line, text)
