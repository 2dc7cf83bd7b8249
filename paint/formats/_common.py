"""What every reader shares: splitting text into numbered lines, parsing numbers, checking a puzzle.

Readers report every problem as a :class:`paint.errors.PuzzleFormatError`
naming the file and, where there is one, the 1-based line.  The checks here
are the ones no format escapes: sizes, clues that fit their strips, equal
totals, a goal that agrees with the clues.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import GoalMismatch, PaintError, PuzzleFormatError
from ..puzzle import MAX_SIZE, Puzzle, clue_problem, clue_text, totals_problem

SPACES = " \t\r\n\f\v"
"""The characters that separate and surround fields in every format: ASCII white space only.

A non-breaking space, or any other Unicode space, is not a separator: a
clue written with one is refused with a message naming it."""

MAX_DIGITS = 9
"""Numbers longer than this are refused before conversion (no clue or size can be that large)."""

KEY = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*\Z")
"""What a metadata key looks like in every format: a word of letters, digits, ``_``, ``.``, ``-``."""

NUMBER = re.compile(r"[0-9]+\Z")


def fields(text: str, splits: int = -1) -> list[str]:
    """``text`` split at runs of ASCII white space (:data:`SPACES`), as ``str.split()`` splits at any white space.

    ``splits`` limits the number of splits, as ``str.split``'s ``maxsplit``.

    >>> fields(' 1  2\t3 ')
    ['1', '2', '3']
    >>> fields('1\xa02')
    ['1\xa02']
    >>> fields('key some value', 1)
    ['key', 'some value']
    """
    parts = re.split(r"[ \t\r\n\f\v]+", text.strip(SPACES), maxsplit=max(splits, 0))
    return [part for part in parts if part]


MAX_LINES = 2_000_000
"""The most lines a puzzle file may have (a 1000 x 1000 webpbn XML file with one clue number
per line, the longest there can be, has about a million)."""

MAX_PUZZLES = 10_000
"""The most puzzles one file may hold (the TAAI tournament file has 1000)."""

MAX_CLUE_TEXT = 8 * MAX_SIZE
"""The most characters one clue may take: a clue of a line of up to 1000 squares has at most
500 numbers, none over 1000."""


def check_text(text: str, path) -> None:
    """Refuse text that is no puzzle file whatever its format: NUL characters ("binary content"),
    nothing but white space ("the file is empty"), more than :data:`MAX_LINES` lines.

    Raises PuzzleFormatError naming ``path``.

    >>> check_text('1\\n' * 3_000_000, 'x')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: x: 3,000,000 lines, more than any puzzle file has (2,000,000 at most)
    """
    if "\0" in text:
        raise PuzzleFormatError(path, "binary content, not a puzzle file")
    if not text.strip(SPACES + "\ufeff"):
        raise PuzzleFormatError(path, "the file is empty")
    count = text.count("\n") + text.count("\r") - text.count("\r\n")
    if count > MAX_LINES:
        raise PuzzleFormatError(path, f"{count:,} lines, more than any puzzle file has ({MAX_LINES:,} at most)")


def check_count(count: int, path) -> None:
    """Refuse a file of more than :data:`MAX_PUZZLES` puzzles, before they are read one by one.

    >>> check_count(10_001, 'x.txt')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: x.txt: 10,001 puzzles in one file, more than paint reads (10,000 at most)
    """
    if count > MAX_PUZZLES:
        raise PuzzleFormatError(path, f"{count:,} puzzles in one file, more than paint reads ({MAX_PUZZLES:,} at most)")


def check_clue_text(text: str, path, line: int | None) -> None:
    """Refuse a clue longer than :data:`MAX_CLUE_TEXT` characters before it is split into numbers.

    >>> check_clue_text('1,' * 5000, 'x', 3)
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: x:3: clue '1,1,1,1,1,1,1,1,1,1,...' is 10,000 characters long; no clue of a line of up to 1000 squares takes more than 8,000
    """
    if len(text) > MAX_CLUE_TEXT:
        raise PuzzleFormatError(path, f"clue {_shown(text)} is {len(text):,} characters long; no clue of a "
                                      f"line of up to {MAX_SIZE} squares takes more than {MAX_CLUE_TEXT:,}", line)


def numbered_lines(text: str, path, first_line: int = 1) -> list[tuple[int, str]]:
    """The lines of ``text`` as ``(number, line)`` pairs, line ends removed, numbered from ``first_line``.

    ``\\r\\n``, ``\\r`` and ``\\n`` all end a line; the end of the last line
    does not start another one.  ``first_line`` is the file line ``text``
    starts on, when it is one puzzle cut from a file of many.  Raises
    PuzzleFormatError as :func:`check_text` does.

    >>> numbered_lines('a\\r\\nb\\n', 'x')
    [(1, 'a'), (2, 'b')]
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    check_text(text, path)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return list(enumerate(lines, start=first_line))


def parse_number(token: str, path, line: int | None, what: str) -> int:
    """``token`` as a non-negative int; ``what`` names it in the error ("clue number", "width").

    Raises PuzzleFormatError for a negative number, a number too long to be
    sensible, or anything else that is not a plain decimal number.

    >>> parse_number('12', 'x', 1, 'width')
    12
    """
    if token.isdigit() and token.isascii() or NUMBER.match(token):
        if len(token) > MAX_DIGITS:
            raise PuzzleFormatError(path, f"{what} {token[:12]}... is far too large", line)
        return int(token)
    if token.startswith("-") and NUMBER.match(token[1:]):
        raise PuzzleFormatError(path, f"{what} {token[:12]} is negative", line)
    space = next((char for char in token if char.isspace() and char not in SPACES), None)
    if space is not None:
        raise PuzzleFormatError(path, f"{what} {_shown(token)} holds a {unicodedata.name(space, 'space').lower()} "
                                      f"(U+{ord(space):04X}), which paint does not take for a separator", line)
    raise PuzzleFormatError(path, f"{what} {_shown(token)} is not a number", line)


def parse_size(token: str, path, line: int | None, what: str) -> int:
    """A width or height: a number from 1 to MAX_SIZE, else PuzzleFormatError."""
    size = parse_number(token, path, line, what)
    if not 1 <= size <= MAX_SIZE:
        raise PuzzleFormatError(path, f"{what} {size} is out of range (1 to {MAX_SIZE})", line)
    return size


def make_clue(numbers: list[int], path, line: int | None, text: str) -> tuple[int, ...]:
    """A clue from its numbers: ``[0]`` or ``[]`` is the empty clue; a 0 among other numbers is an error."""
    if numbers == [0] or not numbers:
        return ()
    if 0 in numbers:
        raise PuzzleFormatError(
            path, f"clue {_shown(text)} has a 0 among other numbers (0 alone stands for an empty line)", line)
    return tuple(numbers)


def build_puzzle(path, rows, columns, *, row_lines=None, column_lines=None,
                 goal=None, goal_line=None, **metadata) -> Puzzle:
    """The checked Puzzle: every clue fits its strip, the totals agree, the goal (if any) agrees.

    ``rows``/``columns`` are clues; ``row_lines``/``column_lines`` the file
    line of each clue (or None); ``goal`` one ``'X'``/``'.'`` string per row,
    already checked for shape.  ``metadata`` goes to :class:`Puzzle`.
    Raises PuzzleFormatError for the first problem found; for a goal that
    breaks the clues, its subclass GoalMismatch, carrying the puzzle
    without the goal.
    """
    rows, columns = tuple(rows), tuple(columns)
    for kind, clues, lines, length in (("row", rows, row_lines, len(columns)),
                                       ("column", columns, column_lines, len(rows))):
        for index, clue in enumerate(clues):
            problem = clue_problem(clue, length)
            if problem is not None:
                line = lines[index] if lines else None
                raise PuzzleFormatError(path, f"{kind} {index + 1}: {problem}", line)
    problem = totals_problem(rows, columns)
    if problem is not None:
        raise PuzzleFormatError(path, problem)
    if goal is not None:
        goal = tuple(goal)
        mismatch = goal_mismatch(goal, rows, columns)
        if mismatch is not None:
            raise GoalMismatch(path, f"the goal does not match the clue of {mismatch}", goal_line,
                               puzzle=Puzzle(rows=rows, columns=columns, **metadata), goal=goal)
    return Puzzle(rows=rows, columns=columns, goal=goal, **metadata)


def runs(squares: str) -> tuple[int, ...]:
    """The clue a line of ``'X'``/``'.'`` glyphs satisfies.

    >>> runs('XX.X..XXX')
    (2, 1, 3)
    """
    return tuple(len(block) for block in squares.split(".") if block)


def goal_mismatch(goal, rows, columns) -> str | None:
    """The first strip (``'row 3'``, ``'column 1'``) whose clue the goal breaks, or None."""
    for index, clue in enumerate(rows):
        if runs(goal[index]) != tuple(clue):
            return f"row {index + 1} ({clue_text(clue)})"
    for index, clue in enumerate(columns):
        if runs("".join(line[index] for line in goal)) != tuple(clue):
            return f"column {index + 1} ({clue_text(clue)})"
    return None


def check_goal_shape(goal, width: int, height: int, path, line: int | None) -> None:
    """Raise PuzzleFormatError unless ``goal`` is ``height`` strings of ``width`` ``'X'``/``'.'``."""
    if len(goal) != height:
        raise PuzzleFormatError(
            path, f"the goal has the wrong number of rows: {len(goal)} for a height of {height}", line)
    for index, row in enumerate(goal):
        if len(row) != width:
            raise PuzzleFormatError(
                path, f"goal row {index + 1} has the wrong number of squares: {len(row)} for a width of {width}", line)


def check_writable(puzzle: Puzzle, where: str) -> None:
    """Raise PaintError unless ``puzzle`` has 1 to MAX_SIZE rows and columns (so it can be read back)."""
    if not (1 <= puzzle.width <= MAX_SIZE and 1 <= puzzle.height <= MAX_SIZE):
        raise PaintError(f"cannot write a {puzzle.width} x {puzzle.height} puzzle in {where}: "
                         f"the width and height must be 1 to {MAX_SIZE}")
    goal = puzzle.goal
    if goal is not None and (len(goal) != puzzle.height
                             or any(len(row) != puzzle.width or set(row) - {"X", "."} for row in goal)):
        raise PaintError(f"cannot write the puzzle in {where}: its goal is not {puzzle.height} rows "
                         f"of {puzzle.width} 'X' or '.' squares")


LINE_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters Python's ``str.splitlines`` breaks a line at."""

_REFERENCE = re.compile(r"&#([0-9]{1,7});")


def one_line(value: str) -> str:
    """``value`` made fit for one ``key: value`` line: line breaks (and ``&#``) written as ``&#N;`` references.

    :func:`from_one_line` reverses it exactly.  Values with neither are
    unchanged, so ordinary metadata reads as it is written.

    >>> one_line('A simple\\ndemo &#1 puzzle')
    'A simple&#10;demo &#38;#1 puzzle'
    """
    value = value.replace("&#", "&#38;#")
    for character in LINE_BREAKS:
        value = value.replace(character, f"&#{ord(character)};")
    return value


def from_one_line(value: str) -> str:
    """The value :func:`one_line` wrote: every ``&#N;`` reference read as its character.

    >>> from_one_line('A simple&#10;demo &#38;#1 puzzle')
    'A simple\\ndemo &#1 puzzle'
    """
    def character(match):
        code = int(match.group(1))
        return chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else match.group(0)
    return _REFERENCE.sub(character, value)


def _shown(token: str) -> str:
    """``token`` quoted for an error message, shortened when long."""
    if len(token) > 20:
        token = token[:20] + "..."
    return repr(token)


COLOUR_REFUSED = "colour puzzles are not supported (paint solves black-and-white puzzles)"
"""The message every reader gives for a puzzle with blocks of more than one colour."""


def one_puzzle(each, path) -> Puzzle:
    """The one puzzle of a file read as ``each`` (puzzles, or the errors of puzzles that could not be read).

    Raises the puzzle's own PuzzleFormatError, or PuzzleFormatError when
    the file holds more than one puzzle.

    >>> one_puzzle([PuzzleFormatError('x', 'bad', 3)], 'x')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: x:3: bad
    """
    each = list(each)
    if len(each) != 1:
        raise PuzzleFormatError(path, f"the file holds {len(each)} puzzles, not one")
    if isinstance(each[0], PuzzleFormatError):
        raise each[0]
    return each[0]


def at_line(error: PuzzleFormatError, line: int) -> PuzzleFormatError:
    """``error``, or for an error about a whole puzzle (no line), the same error at ``line``.

    A file of many puzzles names the line where such a puzzle starts, so the
    reader can tell which puzzle is meant.  A GoalMismatch, which carries
    the puzzle, is returned as it is.

    >>> str(at_line(PuzzleFormatError('q.txt', 'the row clues total 1'), 7))
    'q.txt:7: the row clues total 1'
    """
    if error.line is not None or type(error) is not PuzzleFormatError:
        return error
    return PuzzleFormatError(error.path, error.message, line)


def metadata_lines(puzzle: Puzzle, fields, reserved, where: str, prefix: str = "") -> list[str]:
    """``prefix + 'key: value'`` lines for ``puzzle``'s ``fields`` that are set, then its extra metadata.

    Values are made one line by :func:`one_line` and stripped.  ``where``
    names the file kind in errors.  Raises PaintError for an extra key that
    is not a word (:data:`KEY`) or whose lower case is in ``reserved``.
    Used by the ``.pro`` header and the ``.g`` comment lines.

    >>> metadata_lines(Puzzle(rows=[[1]], columns=[[1]], title='Dot', extra=[('note', 'a\\nb')]),
    ...                ('title', 'author'), {'title', 'author'}, 'a .g file')
    ['title: Dot', 'note: a&#10;b']
    """
    pairs = [(key, getattr(puzzle, key)) for key in fields if getattr(puzzle, key) is not None]
    for key, value in puzzle.extra:
        if not KEY.match(key) or key.lower() in reserved:
            raise PaintError(f"cannot write the extra key {key!r} in {where}")
        pairs.append((key, value))
    lines = []
    for key, value in pairs:
        value = one_line(value).strip(SPACES)
        lines.append(f"{prefix}{key}: {value}" if value else f"{prefix}{key}:")
    return lines
