"""A picture of a puzzle and its squares as an SVG 1.1 document, drawn as printed puzzles are.

The clues stand where a person looks for them: each column's clue stacked
above its column (the last number next to the grid), each row's clue to the
left of its row.  Full squares are black, empty squares white with a small
grey dot, blank (not yet known) squares grey.  Thin lines separate the
squares, a thicker line falls after every fifth row and column, and a
thicker border frames the grid; the title, if any, stands above.

Each row is drawn as *runs*: one ``<rect>`` for each stretch of squares in
the same state, in the ``<g class="squares">`` group, row by row (top first),
left to right, with ``class`` ``'full'``, ``'empty'`` or ``'blank'`` and the
width of the whole run - so a 1000 x 1000 picture stays a few megabytes.
Empty runs are filled with a pattern of one dot per square (``<pattern
id="empty-square">``, a reference inside the document).  The clue numbers
are ``<text>`` elements in the ``<g class="column-clues">`` (column by
column, top number first) and ``<g class="row-clues">`` (row by row, left
number first) groups.  The document is written as text, as it is made
(:func:`write_svg`); any title (``<``, ``&``, quotes, any unicode) is
escaped.  Sizes are in px; ``square`` is the side of one square.

>>> import paint
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> document = result_svg(result)
>>> document.splitlines()[0]
'<?xml version="1.0" encoding="UTF-8"?>'
>>> from xml.etree import ElementTree
>>> root = ElementTree.fromstring(document)
>>> [(rect.get('class'), rect.get('width')) for rect in root.find(SVG + 'g[@class="squares"]')]
[('full', '20'), ('empty', '20'), ('full', '20'), ('empty', '20')]
"""

from __future__ import annotations

import io
import re
from typing import TextIO
from xml.sax.saxutils import escape, quoteattr

from ..puzzle import Puzzle, clue_text
from ..result import Result
from ..squares import BLANK, EMPTY, FULL, Grid

NAMESPACE = "http://www.w3.org/2000/svg"
"""The SVG namespace, the value of the document's ``xmlns``."""

SVG = "{" + NAMESPACE + "}"
"""The prefix ElementTree gives SVG tags when it parses a document: ``SVG + 'rect'``."""

SVG_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
"""The XML declaration that opens an SVG file (:func:`svg_markup` leaves it out)."""

EMPTY_PATTERN = "empty-square"
"""The ``id`` of the pattern that fills empty squares (white, with a grey dot)."""

BLANK_FILL = "#949494"
"""The grey of a blank square: 3:1 against the white of an empty one (and 6.9:1 against a full one), so the
three states differ in contrast as well as in colour."""

FILLS = {FULL: "#000000", EMPTY: f"url(#{EMPTY_PATTERN})", BLANK: BLANK_FILL}
"""The fill of a run of squares of each state: full black, empty the dotted pattern, blank grey."""

CLASSES = {FULL: "full", EMPTY: "empty", BLANK: "blank"}
"""The ``class`` of a run's ``<rect>`` for each state."""

GUIDE = 5
"""A thicker line is drawn after every this many rows and columns, as in printed puzzles."""

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font of the clues and title (installed fonts only; nothing is fetched)."""

_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold (control characters, lone surrogates)."""


def render_svg(puzzle: Puzzle, grid: Grid | None = None, *, square: int = 20) -> str:
    """The SVG 1.1 document (a complete file, ending in a newline) picturing ``grid`` with ``puzzle``'s clues.

    ``grid`` is a :class:`paint.squares.Grid` of the puzzle's size; None
    draws the blank puzzle.  ``square`` is the side of one square in px
    (numbers are drawn at 0.6 of it).  The document's ``width``, ``height``
    and ``viewBox`` are in px; it holds a ``<title>`` (the puzzle's title, or
    ``'(untitled)'``) and a ``<desc>`` (size and square counts) for screen
    readers.  Raises ValueError when the grid's size is not the puzzle's or
    ``square`` is less than 1.

    >>> print(render_svg(Puzzle(rows=[[1]], columns=[[1]], title='One')).splitlines()[1])
    <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="60" height="90" viewBox="0 0 60 90">
    """
    buffer = io.StringIO()
    write_svg(buffer, puzzle, grid, square=square)
    return buffer.getvalue()


def result_svg(result: Result, *, square: int = 20) -> str:
    """The SVG document of ``result.grid``: the solution, or the grid as far as the solve got.

    Options and errors as for :func:`render_svg`.

    >>> import paint
    >>> result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
    >>> 'class="full"' in result_svg(result)
    True
    """
    return render_svg(result.puzzle, result.grid, square=square)


def svg_markup(puzzle: Puzzle, grid: Grid | None = None, *, square: int = 20) -> str:
    """The ``<svg>`` element of :func:`render_svg` without the XML declaration, to put inline in an HTML page.

    Options and errors as for :func:`render_svg`.

    >>> svg_markup(Puzzle(rows=[[1]], columns=[[1]])).startswith('<svg xmlns=')
    True
    """
    buffer = io.StringIO()
    write_svg(buffer, puzzle, grid, square=square, declaration=False)
    return buffer.getvalue()


def write_svg(stream: TextIO, puzzle: Puzzle, grid: Grid | None = None, *, square: int = 20,
              declaration: bool = True, prefix: str = "", numbered: bool = False, marked=()) -> None:
    """Write the document of :func:`render_svg` to ``stream`` as it is made (without the XML declaration when ``declaration`` is off).

    ``prefix`` goes before the ``id`` of the dotted pattern, so that two
    pictures can stand in one HTML page with distinct ids.  ``numbered``
    numbers the rows (right of the grid) and the columns (under it) 1, 5,
    10, ... as the text pictures do.  Each 0-based ``(row, column)`` in
    ``marked`` is framed in red (two solutions' differing squares).
    Options and errors as for :func:`render_svg`; nothing is written when
    it raises.
    """
    if grid is None:
        grid = Grid.blank(puzzle.height, puzzle.width)
    if (grid.height, grid.width) != (puzzle.height, puzzle.width):
        raise ValueError(f"a {grid.width} x {grid.height} grid cannot be drawn in a "
                         f"{puzzle.width} x {puzzle.height} puzzle")
    if square < 1:
        raise ValueError(f"a square must be at least 1 px, not {square}")
    layout = Layout(puzzle, square, numbered=numbered)
    write = stream.write
    if declaration:
        write(SVG_DECLARATION)
    size = f'width="{_number(layout.width)}" height="{_number(layout.height)}"'
    write(f'<svg xmlns="{NAMESPACE}" version="1.1" {size} '
          f'viewBox="0 0 {_number(layout.width)} {_number(layout.height)}">\n')
    title = _xml_text(puzzle.title) if puzzle.title else "(untitled)"
    write(f" <title>{escape(title)}</title>\n")
    counts = ", ".join(f"{grid.count(value)} {CLASSES[value]}" for value in (FULL, EMPTY, BLANK))
    write(f" <desc>Nonogram, {puzzle.width} columns by {puzzle.height} rows: {counts}.</desc>\n")
    s = layout.square
    write(f' <defs>\n  <pattern id="{prefix}{EMPTY_PATTERN}" patternUnits="userSpaceOnUse" '
          f'x="{_number(layout.left)}" y="{_number(layout.top)}" width="{_number(s)}" height="{_number(s)}">\n'
          f'   <rect width="{_number(s)}" height="{_number(s)}" fill="#ffffff"/>\n'
          f'   <circle cx="{_number(s / 2)}" cy="{_number(s / 2)}" r="{_number(max(s / 10, 0.5))}" fill="#808080"/>\n'
          "  </pattern>\n </defs>\n")
    write(' <rect class="background" x="0" y="0" width="100%" height="100%" fill="#ffffff"/>\n')
    if puzzle.title:
        write(f' <text class="title" x="{_number(layout.margin)}" y="{_number(layout.margin + 0.8 * layout.title_font)}" '
              f'font-family="{FONT}" font-size="{_number(layout.title_font)}" font-weight="bold" '
              f'fill="#000000">{escape(title)}</text>\n')
    _write_clues(write, puzzle, layout)
    _write_squares(write, grid, layout, prefix)
    _write_lines(write, puzzle, layout)
    if numbered:
        _write_numbers(write, puzzle, layout)
    if marked:
        inset = s * 0.08
        frames = "".join(f"M{_number(layout.left + c * s + inset)} {_number(layout.top + r * s + inset)}"
                         f"h{_number(s - 2 * inset)}v{_number(s - 2 * inset)}h{_number(2 * inset - s)}z"
                         for r, c in marked)
        write(f' <path class="marked" fill="none" stroke="#e01b24" stroke-width="{_number(max(s / 7, 1.5))}" '
              f'd="{frames}"/>\n')
    write("</svg>\n")


class Layout:
    """Where everything goes, in px: the grid's top-left corner (``left``, ``top``), the image's size
    (``width``, ``height``), the side of a square (``square``), the fonts.

    >>> layout = Layout(Puzzle(rows=[[1]], columns=[[1]]), 20)
    >>> layout.left, layout.top, layout.width, layout.height
    (30.0, 30.0, 60.0, 60.0)
    """

    def __init__(self, puzzle: Puzzle, square: int, *, numbered: bool = False):
        self.square = square
        self.numbered = numbered
        self.margin = square / 2
        self.font = 0.6 * square
        self.title_font = 0.8 * square
        self.depth = max((len(clue) or 1 for clue in puzzle.columns), default=0)
        self.span = max((len(clue) or 1 for clue in puzzle.rows), default=0)
        title_height = 1.5 * square if puzzle.title else 0
        self.left = self.margin + self.span * square
        self.top = self.margin + title_height + self.depth * square
        numbers = 0.55 * square * len(str(puzzle.height)) + 0.3 * square if numbered else 0
        grid_right = self.left + puzzle.width * square + self.margin + numbers
        title_right = 2 * self.margin + 0.6 * self.title_font * len(puzzle.title or "")
        self.width = max(grid_right, title_right)
        self.height = self.top + puzzle.height * square + self.margin + (square if numbered else 0)


def _write_clues(write, puzzle: Puzzle, layout: Layout) -> None:
    """Column clues bottom-aligned above their columns, row clues right-aligned left of their rows."""
    s = layout.square
    lift = 0.35 * layout.font
    write(_text_group("column-clues", layout.font))
    heights = [_number(layout.top - (k + 0.5) * s + lift) for k in range(layout.depth)]  # k numbers from the grid
    for c, clue in enumerate(puzzle.columns):
        numbers = clue_text(clue).split()
        x = _number(layout.left + (c + 0.5) * s)
        write("".join(f'  <text x="{x}" y="{heights[len(numbers) - k - 1]}">{number}</text>\n'
                      for k, number in enumerate(numbers)))
    write(" </g>\n")
    write(_text_group("row-clues", layout.font))
    offsets = [_number(layout.left - (k + 0.5) * s) for k in range(layout.span)]
    for r, clue in enumerate(puzzle.rows):
        numbers = clue_text(clue).split()
        y = _number(layout.top + (r + 0.5) * s + lift)
        write("".join(f'  <text x="{offsets[len(numbers) - k - 1]}" y="{y}">{number}</text>\n'
                      for k, number in enumerate(numbers)))
    write(" </g>\n")


def _write_squares(write, grid: Grid, layout: Layout, prefix: str = "") -> None:
    """One ``<rect>`` per run of squares in the same state, row by row (``prefix`` as in :func:`write_svg`)."""
    fills = {**FILLS, EMPTY: f"url(#{prefix}{EMPTY_PATTERN})"}
    s = layout.square
    height = _number(s)
    write(' <g class="squares">\n')
    for r, row in enumerate(grid.rows):
        y = _number(layout.top + r * s)
        start = 0
        width = len(row)
        while start < width:
            value = row[start]
            end = start + 1
            while end < width and row[end] == value:
                end += 1
            write(f'  <rect class="{CLASSES[value]}" x="{_number(layout.left + start * s)}" y="{y}" '
                  f'width="{_number((end - start) * s)}" height="{height}" fill="{fills[value]}"/>\n')
            start = end
    write(" </g>\n")


def _write_lines(write, puzzle: Puzzle, layout: Layout) -> None:
    """Thin lines between squares, thicker ones after every :data:`GUIDE`, and the thick border."""
    s = layout.square
    left, top = layout.left, layout.top
    right, bottom = left + puzzle.width * s, top + puzzle.height * s
    thin, thick = [], []
    for c in range(1, puzzle.width):
        (thick if c % GUIDE == 0 else thin).append(_line(left + c * s, top, left + c * s, bottom))
    for r in range(1, puzzle.height):
        (thick if r % GUIDE == 0 else thin).append(_line(left, top + r * s, right, top + r * s))
    write(f' <g class="lines" stroke="#808080" stroke-width="{_number(max(s / 20, 0.5))}">\n{"".join(thin)} </g>\n')
    write(f' <g class="guides" stroke="#000000" stroke-width="{_number(max(s / 10, 1))}">\n{"".join(thick)} </g>\n')
    write(f' <rect class="border" x="{_number(left)}" y="{_number(top)}" width="{_number(right - left)}" '
          f'height="{_number(bottom - top)}" fill="none" stroke="#000000" stroke-width="{_number(max(s / 8, 1.5))}"/>\n')


def numbered_lines(count: int) -> list[int]:
    """The 0-based rows (or columns) a picture numbers: the first, then every :data:`GUIDE`-th (1, 5, 10, ...).

    >>> [n + 1 for n in numbered_lines(12)]
    [1, 5, 10]
    """
    return [n for n in range(count) if n == 0 or (n + 1) % GUIDE == 0]


def _write_numbers(write, puzzle: Puzzle, layout: Layout) -> None:
    """Row numbers right of the grid, column numbers under it, for the rows and columns of :func:`numbered_lines`."""
    s = layout.square
    size = 0.5 * s
    right = layout.left + puzzle.width * s
    bottom = layout.top + puzzle.height * s
    write(f' <g class="numbers" font-family="{FONT}" font-size="{_number(size)}" fill="#444444">\n')
    write("".join(f'  <text x="{_number(right + 0.3 * s)}" y="{_number(layout.top + (r + 0.5) * s + 0.35 * size)}">'
                  f"{r + 1}</text>\n" for r in numbered_lines(puzzle.height)))
    write("".join(f'  <text x="{_number(layout.left + (c + 0.5) * s)}" y="{_number(bottom + 0.75 * s)}" '
                  f'text-anchor="middle">{c + 1}</text>\n' for c in numbered_lines(puzzle.width)))
    write(" </g>\n")


def _line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'  <line x1="{_number(x1)}" y1="{_number(y1)}" x2="{_number(x2)}" y2="{_number(y2)}"/>\n'


def _text_group(cls: str, size: float) -> str:
    """The opening of a ``<g>`` of centred clue numbers in the clue font, ``size`` px high."""
    return (f' <g class={quoteattr(cls)} font-family="{FONT}" font-size="{_number(size)}" '
            'text-anchor="middle" fill="#000000">\n')


def _number(value: float) -> str:
    """A length as SVG text: an integer without a decimal point, else at most two decimals.

    >>> _number(20.0), _number(12.5), _number(1 / 3)
    ('20', '12.5', '0.33')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot hold (the rest is escaped where it is written).

    >>> _xml_text('a\\x00b<')
    'ab<'
    """
    return _NOT_XML.sub("", text)


def thumbnail(lines, *, marked=(), size: int = 150, title: str = "") -> str:
    """A small ``<svg>`` element (no XML declaration, no clues) of a grid given as ``'X'``/``'.'``/``' '`` lines.

    Full squares black, empty white, blank grey (so where line logic
    stalls shows at a glance); each 0-based ``(row, column)`` in ``marked``
    framed in red.  The picture is at most ``size`` px on its longer side
    (a square at least 2 px) and scales with the page.  ``title`` becomes
    its ``<title>`` (escaped), which a screen reader reads.  One
    ``<path>`` per state, the squares as runs along each row, so a 25 x 25
    picture is a few kilobytes.  Raises ValueError for lines of different
    lengths or a character that is not a square.

    >>> print(thumbnail(['X.', ' X'], size=20, title='t'))  # doctest: +NORMALIZE_WHITESPACE
    <svg xmlns="http://www.w3.org/2000/svg" class="thumbnail" width="20" height="20" viewBox="0 0 2 2"
    role="img"><title>t</title><rect width="2" height="2" fill="#ffffff"/><path fill="#000000"
    d="M0 0h1v1h-1zM1 1h1v1h-1z"/><path fill="#949494" d="M0 1h1v1h-1z"/><rect width="2" height="2"
    fill="none" stroke="#808080" stroke-width="1" vector-effect="non-scaling-stroke"/></svg>
    """
    lines = list(lines)
    height, width = len(lines), max(map(len, lines), default=0)
    if any(len(line) != width for line in lines):
        raise ValueError("the lines of a grid must all be as long")
    if any(char not in "X. " for line in lines for char in line):
        raise ValueError("a grid's squares are 'X', '.' or ' '")
    scale = max(2, size // max(width, height, 1))
    runs: dict[str, list[str]] = {"X": [], " ": []}
    for r, line in enumerate(lines):
        for match in re.finditer(r"X+| +", line):
            length = match.end() - match.start()
            runs[match.group()[0]].append(f"M{match.start()} {r}h{length}v1h-{length}z")
    parts = [f'<svg xmlns="{NAMESPACE}" class="thumbnail" width="{width * scale}" height="{height * scale}" '
             f'viewBox="0 0 {width} {height}" role="img">']
    if title:
        parts.append(f"<title>{escape(_xml_text(title))}</title>")
    parts.append(f'<rect width="{width}" height="{height}" fill="#ffffff"/>')
    for char, fill in (("X", "#000000"), (" ", BLANK_FILL)):
        if runs[char]:
            parts.append(f'<path fill="{fill}" d="{"".join(runs[char])}"/>')
    if marked:
        frames = "".join(f"M{c + 0.1} {r + 0.1}h0.8v0.8h-0.8z" for r, c in marked)
        parts.append(f'<path class="marked" fill="none" stroke="#e01b24" stroke-width="2" '
                     f'vector-effect="non-scaling-stroke" d="{frames}"/>')
    parts.append(f'<rect width="{width}" height="{height}" fill="none" stroke="#808080" stroke-width="1" '
                 'vector-effect="non-scaling-stroke"/></svg>')
    return "".join(parts)
