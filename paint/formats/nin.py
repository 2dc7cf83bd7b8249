"""Jakub Wilk's ``.nin`` format (reader and writer).

The first line is ``W H``; then come H row clues and W column clues, one per
line, numbers separated by spaces, ``0`` for an empty clue.  Lines starting
with ``#`` are comments.  The format has no metadata and no goal: writing a
``.nin`` file keeps only the clues.

>>> p = read('3 1\\n1 1\\n1\\n0\\n1\\n', 'x.nin')
>>> p.rows, p.columns
(((1, 1),), ((1,), (), (1,)))
>>> print(write(p), end='')
3 1
1 1
1
0
1
"""

from __future__ import annotations

from ..errors import PuzzleFormatError
from ..puzzle import Puzzle
from ._common import build_puzzle, check_writable, make_clue, numbered_lines, parse_number, parse_size
from ._common import SPACES, check_clue_text, fields

NAME = "nin"
EXTENSIONS = (".nin",)
MANY = False
HOLDS = frozenset()
"""The Puzzle fields besides the clues that a file of this format keeps."""


def read(text: str, path="<string>") -> Puzzle:
    """The puzzle in ``.nin`` text; ``path`` names it in errors.

    Blank lines are ignored, unless the clue lines only add up to W + H when
    blank lines count as empty clues.  Lines after the first W + H clue
    lines are not read: the puzzle ends there (some published files, such as
    Jakub Wilk's data142, carry copies of their clues after it).  Raises
    PuzzleFormatError (with the line where there is one) for a bad size
    line, too few clue lines, a bad clue, or clues that do not fit or
    disagree.  Source:
    Jakub Wilk's nonogram solver test data.

    >>> read('1 1\\n1\\n', 'a.nin')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: a.nin:2: the file ends after 1 of its 2 clue lines ...
    """
    lines = [(n, raw.strip(SPACES)) for n, raw in numbered_lines(text, path) if not raw.strip(SPACES).startswith("#")]
    while lines and not lines[0][1]:
        lines.pop(0)
    while lines and not lines[-1][1]:
        lines.pop()
    if not lines:
        raise PuzzleFormatError(path, "the file holds only comments")
    number, first = lines[0]
    sizes = fields(first)
    if len(sizes) != 2:
        raise PuzzleFormatError(path, "the first line must be the width and the height, as 'W H'", number)
    width = parse_size(sizes[0], path, number, "width")
    height = parse_size(sizes[1], path, number, "height")
    count = width + height
    body = lines[1:]
    nonblank = [item for item in body if item[1]]
    if len(nonblank) == count:
        chosen = nonblank
    elif len(body) == count:
        chosen = body
    elif len(nonblank) > count:
        chosen = nonblank[:count]  # what follows the puzzle is not read (jwilk's data142 repeats its clues)
    else:
        last = body[-1][0] if body else number
        raise PuzzleFormatError(path, f"the file ends after {len(nonblank)} of its {count} clue lines "
                                f"({_count(height, 'row')} and {_count(width, 'column')}; is it truncated?)",
                                last)
    clues = [_clue(text, path, line) for line, text in chosen]
    line_numbers = [line for line, _ in chosen]
    return build_puzzle(path, clues[:height], clues[height:], row_lines=line_numbers[:height],
                        column_lines=line_numbers[height:])


def write(puzzle: Puzzle) -> str:
    """The puzzle's clues as ``.nin`` text (metadata and goal are left out).

    Raises PaintError for a puzzle of no rows or columns.

    >>> print(write(Puzzle(rows=[[1], []], columns=[[1]])), end='')
    1 2
    1
    0
    1
    """
    check_writable(puzzle, "a .nin file")
    lines = [f"{puzzle.width} {puzzle.height}"]
    lines += [" ".join(map(str, clue)) if clue else "0" for clue in (*puzzle.rows, *puzzle.columns)]
    return "\n".join(lines) + "\n"


def _clue(text: str, path, line: int) -> tuple[int, ...]:
    check_clue_text(text, path, line)
    numbers = [parse_number(token, path, line, "clue number") for token in fields(text)]
    return make_clue(numbers, path, line, text)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")
