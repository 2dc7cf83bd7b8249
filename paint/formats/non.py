"""Steve Simpson's ``.non`` format, with the nonogram-db extensions (reader and writer).

A ``.non`` file is a list of ``key value`` lines: ``width``, ``height``,
metadata (``title``, ``by``, ``copyright``, ``license``, ``catalogue``;
values may be ``"quoted"`` and may hold HTML character references), a
``rows`` and a ``columns`` section of one clue per line (numbers separated
by commas, ``0`` or a blank line for an empty clue), and ``goal "0110..."``,
the solution row by row.  Other ``key value`` lines are kept in
:attr:`paint.puzzle.Puzzle.extra`.  Colour puzzles are refused.  The exact
rules are in ``docs/formats.md``.

>>> p = read('width 2\\nheight 1\\nrows\\n2\\ncolumns\\n1\\n1\\n', 'x.non')
>>> p.rows, p.columns
(((2,),), ((1,), (1,)))
>>> print(write(p), end='')
width 2
height 1
<BLANKLINE>
rows
2
<BLANKLINE>
columns
1
1
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import PaintError, PuzzleFormatError
from ..puzzle import Puzzle
from ..wording import plural
from ._common import (COLOUR_REFUSED, KEY, build_puzzle, check_goal_shape, check_writable, make_clue, numbered_lines,
                      parse_number, parse_size)
from ._common import SPACES, check_clue_text, fields

NAME = "non"
EXTENSIONS = (".non",)
MANY = False
HOLDS = frozenset({"title", "author", "copyright", "license", "catalogue", "goal", "extra"})
"""The Puzzle fields besides the clues that a file of this format keeps."""

FIELDS = {"catalogue": "catalogue", "title": "title", "by": "author",
          "copyright": "copyright", "license": "license"}
"""The metadata keys read into Puzzle fields, in the order they are written."""

SIZES = {"width": "width", "height": "height", "columns": "width", "rows": "height"}
"""Keys giving a size: ``width N`` or ``columns N``, ``height N`` or ``rows N`` (Simpson)."""

COLOUR_KEYS = ("color", "colour")
RESERVED = frozenset(FIELDS) | frozenset(SIZES) | {"goal", *COLOUR_KEYS}
"""Keys the reader interprets; an extra key may not be one of these."""

_COLOUR_NUMBER = re.compile(r"[0-9]+\s*[A-Za-z]\Z")
_PLAIN_CLUE = re.compile(r"[0-9]{1,9}(?:,[0-9]{1,9})*\Z")
_GOAL_TEXT = re.compile(r'[01"\s]+\Z')


def read(text: str, path="<string>", *, first_line: int = 1) -> Puzzle:
    """The puzzle in ``.non`` text; ``path`` names it in errors.

    ``first_line`` is the file line ``text`` starts on (a puzzle of a
    ``.nonpack`` bundle), so errors name the line of the whole file.

    Raises PuzzleFormatError (with the line where there is one) for a colour
    puzzle, a missing or absurd width or height, a missing section, a section
    with the wrong number of clues, a bad clue, a bad goal, or clues that
    contradict each other.  Source: Simpson's puzzle-file format and the
    nonogram-db FORMAT.md.

    >>> read('width 1\\nheight 1\\nrows\\n1\\ncolumns\\n0\\n', 'a.non')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: a.non: the row clues total 1 full square but the column clues total 0
    """
    lines = numbered_lines(text, path, first_line)
    sizes: dict[str, tuple[int, int]] = {}
    sections: dict[str, tuple[int, list, tuple[int, str] | None]] = {}
    metadata: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    goal_text = goal_line = None
    index = 0
    while index < len(lines):
        number, raw = lines[index]
        index += 1
        stripped = raw.strip(SPACES)
        if not stripped:
            continue
        if not _starts_word(stripped):
            if stripped[0].isdigit() or stripped[0] in ",-":
                raise PuzzleFormatError(path, "a clue line outside the rows and columns sections", number)
            continue
        key, *rest = fields(stripped, 1)
        space = re.match(r"([A-Za-z]+)(\s)", key)
        if space and space.group(1).lower() in RESERVED:
            raise PuzzleFormatError(path, f"{space.group(1)!r} is followed by a "
                                          f"{unicodedata.name(space.group(2), 'space').lower()} "
                                          f"(U+{ord(space.group(2)):04X}), which paint does not take for a separator",
                                    number)
        value = rest[0] if rest else ""
        name = key.lower()
        if name in COLOUR_KEYS:
            raise PuzzleFormatError(path, COLOUR_REFUSED, number)
        if name in ("rows", "columns") and not value:
            if name in sections:
                raise PuzzleFormatError(path, f"a second {name} section", number)
            start = index
            while index < len(lines) and not _starts_word(lines[index][1].strip(SPACES)):
                index += 1
            ender = lines[index] if index < len(lines) else None
            run = [(at, line) for at, line in lines[start:index] if not _is_comment(line.strip(SPACES))]
            sections[name] = (number, run, ender)
        elif name in SIZES:
            size = SIZES[name]
            if size in sizes:
                raise PuzzleFormatError(path, f"the {size} is given twice", number)
            sizes[size] = (parse_size(value, path, number, size), number)
        elif name == "goal":
            if goal_text is not None:
                raise PuzzleFormatError(path, "the goal is given twice", number)
            goal_line = number
            goal_text = _unquote(value)
            if not goal_text:
                goal_text, index = _goal_lines(lines, index)
        elif name in FIELDS:
            field = FIELDS[name]
            if field in metadata:
                raise PuzzleFormatError(path, f"{name} is given twice", number)
            metadata[field] = _unquote(value)
        elif KEY.match(key):
            extra.append((key, _unquote(value)))
    for size in ("width", "height"):
        if size not in sizes:
            raise PuzzleFormatError(path, f"the {size} is missing (a '{size} N' line)")
    width, height = sizes["width"][0], sizes["height"][0]
    clues = {}
    for name, count in (("rows", height), ("columns", width)):
        if name not in sections:
            raise PuzzleFormatError(path, f"the {name} section is missing (is the file truncated?)")
        clues[name] = _section(name, count, *sections[name], path)
    goal = None if goal_text is None else _goal(goal_text, width, height, path, goal_line)
    return build_puzzle(path, [c for c, _ in clues["rows"]], [c for c, _ in clues["columns"]],
                        row_lines=[n for _, n in clues["rows"]],
                        column_lines=[n for _, n in clues["columns"]],
                        goal=goal, goal_line=goal_line, extra=tuple(extra), **metadata)


def write(puzzle: Puzzle) -> str:
    """The puzzle as ``.non`` text that :func:`read` reads back to an equal Puzzle.

    Metadata values are quoted, with ``&``, ``"`` and line breaks written as
    HTML character references.  Raises PaintError for a puzzle of no rows or
    columns, an extra key that is not a word or is one of the reserved keys,
    or a value holding a NUL character.

    >>> print(write(Puzzle(rows=[[1]], columns=[[1]], title='A "dot"', goal=['X'])), end='')
    title "A &quot;dot&quot;"
    width 1
    height 1
    <BLANKLINE>
    rows
    1
    <BLANKLINE>
    columns
    1
    <BLANKLINE>
    goal "1"
    """
    check_writable(puzzle, "a .non file")
    lines = []
    for key, field in FIELDS.items():
        value = getattr(puzzle, field)
        if value is not None:
            lines.append(f"{key} {_quote(value, key)}")
    for key, value in puzzle.extra:
        if not KEY.match(key) or key.lower() in RESERVED:
            raise PaintError(f"cannot write the extra key {key!r} in a .non file")
        lines.append(f"{key} {_quote(value, key)}")
    lines += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    lines += [_clue(clue) for clue in puzzle.rows]
    lines += ["", "columns"]
    lines += [_clue(clue) for clue in puzzle.columns]
    if puzzle.goal is not None:
        squares = "".join(puzzle.goal).replace("X", "1").replace(".", "0")
        lines += ["", f'goal "{squares}"']
    return "\n".join(lines) + "\n"


def _starts_word(stripped: str) -> bool:
    return bool(stripped) and stripped[0].isascii() and stripped[0].isalpha()


def _is_comment(stripped: str) -> bool:
    """Whether a line (stripped of ASCII white space) is a comment, ignored even inside a section: it starts
    with ``#`` or ``*``.  (Any other line there is a clue, and a clue that is wrong is said to be.)

    >>> _is_comment('# by hand'), _is_comment('* 2'), _is_comment('2,1'), _is_comment('[2]'), _is_comment('')
    (True, True, False, False, False)
    """
    return stripped.startswith(("#", "*"))


def _section(name: str, count: int, header: int, run: list, ender, path) -> list:
    """The ``count`` clues of a section as ``(clue, line number)`` pairs.

    ``run`` is every line after the header up to the next line starting with
    a letter (``ender``, or None at the end of the file).  A blank line is an
    empty clue while the count is not reached (nonogram-db); if that reading
    leaves clue lines over but ignoring blank lines gives exactly ``count``
    clues, blank lines are ignored instead (Simpson).
    """
    size = "height" if name == "rows" else "width"
    nonblank = [item for item in run if item[1].strip(SPACES)]
    if len(run) >= count and not any(raw.strip(SPACES) for _, raw in run[count:]):
        chosen = run[:count]
    elif len(nonblank) == count:
        chosen = nonblank
    elif len(run) > count:
        over = next(number for number, raw in run[count:] if raw.strip(SPACES))
        raise PuzzleFormatError(path, f"the {name} section has more than {plural(count, 'clue')} (the {size} is {count})", over)
    elif ender is None:
        last = run[-1][0] if run else header
        raise PuzzleFormatError(
            path, f"the file ends after {len(run)} of the {plural(count, name[:-1] + ' clue')} (is it truncated?)", last)
    else:
        number, raw = ender
        stripped = raw.strip(SPACES)
        if fields(stripped)[0].lower() in RESERVED:
            raise PuzzleFormatError(
                path, f"the {name} section ends after {len(run)} of its {plural(count, 'clue')} (the {size} is {count})",
                number)
        raise PuzzleFormatError(
            path, f"the {name} section ends after {len(run)} of its {plural(count, 'clue')}, at {_short(stripped)}, "
            "which is not a clue", number)
    return [(_parse_clue(raw, path, number), number) for number, raw in chosen]


def _parse_clue(raw: str, path, number: int) -> tuple[int, ...]:
    text = raw.strip(SPACES)
    if not text:
        return ()
    check_clue_text(text, path, number)
    if _PLAIN_CLUE.match(text):  # the usual case, read at once
        return make_clue([int(part) for part in text.split(",")], path, number, text)
    numbers = []
    for part in text.split(","):
        part = part.strip(SPACES)
        if not part:
            raise PuzzleFormatError(path, f"clue {_short(text)} has an empty number between commas", number)
        if _COLOUR_NUMBER.match(part):
            raise PuzzleFormatError(path, COLOUR_REFUSED, number)
        numbers.append(parse_number(part, path, number, "clue number"))
    return make_clue(numbers, path, number, text)


def _goal_lines(lines, index: int) -> tuple[str, int]:
    """The goal written on the lines after a bare ``goal`` line, and the index after them."""
    while index < len(lines) and not lines[index][1].strip(SPACES):
        index += 1
    parts = []
    while index < len(lines) and _GOAL_TEXT.match(lines[index][1]):
        parts.append(lines[index][1])
        index += 1
    return "".join(parts).replace('"', ""), index


def _goal(text: str, width: int, height: int, path, line: int) -> tuple[str, ...]:
    squares = "".join(fields(text))
    if not squares:
        raise PuzzleFormatError(path, "the goal is empty", line)
    for char in squares:
        if char not in "01":
            raise PuzzleFormatError(path, f"the goal has the character {char!r}; expected 0 or 1", line)
    if len(squares) != width * height:
        raise PuzzleFormatError(
            path, f"the goal has {len(squares)} squares but the puzzle has {width} x {height} = {width * height}",
            line)
    glyphs = squares.replace("1", "X").replace("0", ".")
    goal = tuple(glyphs[row * width:(row + 1) * width] for row in range(height))
    check_goal_shape(goal, width, height, path, line)
    return goal


def _unquote(value: str) -> str:
    value = value.strip(SPACES)
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        value = value[1:-1]
    if "&" not in value:  # nothing to unescape: html (and its table of entities) is loaded only for a value that may need it
        return value
    import html
    return html.unescape(value)


def _quote(value: str, key: str) -> str:
    if "\0" in value:
        raise PaintError(f"cannot write {key} {value!r} in a .non file: it holds a NUL character")
    escaped = (value.replace("&", "&amp;").replace('"', "&quot;")
               .replace("\n", "&#10;").replace("\r", "&#13;"))
    return f'"{escaped}"'


def _clue(clue) -> str:
    return ",".join(map(str, clue)) if clue else "0"


def _short(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:20] + "...")
