"""A picture of a puzzle and its squares as an SVG 1.1 document, drawn as printed puzzles are.

The clues stand where a person looks for them: each column's clue stacked
above its column (the last number next to the grid), each row's clue to the
left of its row.  Every square is one ``<rect>``: full squares black, empty
squares white with a small grey dot, blank (not yet known) squares light
grey.  Thin lines separate the squares, a thicker line falls after every
fifth row and column, and a thicker border frames the grid; the title, if
any, stands above.  The document is built with :mod:`xml.etree.ElementTree`,
so any title (``<``, ``&``, quotes, any unicode) is escaped.

Sizes are in px; ``square`` is the side of one square.  Each square's
``<rect>`` sits in the ``<g class="squares">`` group, row by row (top
first), left to right, with ``class`` ``'full'``, ``'empty'`` or
``'blank'``; the clue numbers are ``<text>`` elements in the
``<g class="column-clues">`` (column by column, top number first) and
``<g class="row-clues">`` (row by row, left number first) groups.

>>> import paint
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> document = result_svg(result)
>>> document.splitlines()[0]
'<?xml version="1.0" encoding="UTF-8"?>'
>>> from xml.etree import ElementTree
>>> root = ElementTree.fromstring(document)
>>> [rect.get('class') for rect in root.find(SVG + 'g[@class="squares"]')]
['full', 'empty', 'full', 'empty']
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

from ..puzzle import Puzzle, clue_text
from ..result import Result
from ..squares import BLANK, EMPTY, FULL, Grid

NAMESPACE = "http://www.w3.org/2000/svg"
"""The SVG namespace, the value of the document's ``xmlns``."""

SVG = "{" + NAMESPACE + "}"
"""The prefix ElementTree gives SVG tags when it parses a document: ``SVG + 'rect'``."""

FILLS = {FULL: "#000000", EMPTY: "#ffffff", BLANK: "#d9d9d9"}
"""The fill of a square of each state: full black, empty white, blank light grey."""

CLASSES = {FULL: "full", EMPTY: "empty", BLANK: "blank"}
"""The ``class`` of a square's ``<rect>`` for each state."""

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
    root = svg_element(puzzle, grid, square=square)
    ElementTree.indent(root, space=" ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root, encoding="unicode") + "\n"


def result_svg(result: Result, *, square: int = 20) -> str:
    """The SVG document of ``result.grid``: the solution, or the grid as far as the solve got.

    Options and errors as for :func:`render_svg`.

    >>> import paint
    >>> result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
    >>> 'class="full"' in result_svg(result)
    True
    """
    return render_svg(result.puzzle, result.grid, square=square)


def svg_element(puzzle: Puzzle, grid: Grid | None = None, *, square: int = 20) -> ElementTree.Element:
    """The ``<svg>`` element of :func:`render_svg` (without the XML declaration), to embed in a page.

    Its ``xmlns`` is an ordinary attribute, so serialising it gives plain
    ``<svg xmlns=...>`` markup that also works inline in HTML.  Options and
    errors as for :func:`render_svg`.

    >>> svg_element(Puzzle(rows=[[1]], columns=[[1]])).get('viewBox')
    '0 0 60 60'
    """
    if grid is None:
        grid = Grid.blank(puzzle.height, puzzle.width)
    if (grid.height, grid.width) != (puzzle.height, puzzle.width):
        raise ValueError(f"a {grid.width} x {grid.height} grid cannot be drawn in a "
                         f"{puzzle.width} x {puzzle.height} puzzle")
    if square < 1:
        raise ValueError(f"a square must be at least 1 px, not {square}")
    layout = _Layout(puzzle, square)
    root = ElementTree.Element("svg", {
        "xmlns": NAMESPACE, "version": "1.1",
        "width": _number(layout.width), "height": _number(layout.height),
        "viewBox": f"0 0 {_number(layout.width)} {_number(layout.height)}",
    })
    title = _xml_text(puzzle.title) if puzzle.title else "(untitled)"
    ElementTree.SubElement(root, "title").text = title
    counts = ", ".join(f"{grid.count(value)} {CLASSES[value]}" for value in (FULL, EMPTY, BLANK))
    ElementTree.SubElement(root, "desc").text = (
        f"Nonogram, {puzzle.width} columns by {puzzle.height} rows: {counts}.")
    ElementTree.SubElement(root, "rect", {"class": "background", "x": "0", "y": "0", "width": "100%",
                                          "height": "100%", "fill": "#ffffff"})
    if puzzle.title:
        ElementTree.SubElement(root, "text", {
            "class": "title", "x": _number(layout.margin), "y": _number(layout.margin + 0.8 * layout.title_font),
            "font-family": FONT, "font-size": _number(layout.title_font), "font-weight": "bold",
            "fill": "#000000"}).text = title
    _draw_clues(root, puzzle, layout)
    _draw_squares(root, grid, layout)
    _draw_lines(root, puzzle, layout)
    return root


class _Layout:
    """Where everything goes, in px: the grid's top-left corner, the image's size, the fonts."""

    def __init__(self, puzzle: Puzzle, square: int):
        self.square = square
        self.margin = square / 2
        self.font = 0.6 * square
        self.title_font = 0.8 * square
        self.depth = max((len(clue) or 1 for clue in puzzle.columns), default=0)
        self.span = max((len(clue) or 1 for clue in puzzle.rows), default=0)
        title_height = 1.5 * square if puzzle.title else 0
        self.left = self.margin + self.span * square
        self.top = self.margin + title_height + self.depth * square
        grid_right = self.left + puzzle.width * square + self.margin
        title_right = 2 * self.margin + 0.6 * self.title_font * len(puzzle.title or "")
        self.width = max(grid_right, title_right)
        self.height = self.top + puzzle.height * square + self.margin


def _draw_clues(root: ElementTree.Element, puzzle: Puzzle, layout: _Layout) -> None:
    """Column clues bottom-aligned above their columns, row clues right-aligned left of their rows."""
    s = layout.square
    columns = _text_group(root, "column-clues", layout.font)
    for c, clue in enumerate(puzzle.columns):
        numbers = clue_text(clue).split()
        x = layout.left + (c + 0.5) * s
        for k, number in enumerate(numbers):
            y = layout.top - (len(numbers) - k - 0.5) * s
            _text(columns, x, y + 0.35 * layout.font, number)
    rows = _text_group(root, "row-clues", layout.font)
    for r, clue in enumerate(puzzle.rows):
        numbers = clue_text(clue).split()
        y = layout.top + (r + 0.5) * s
        for k, number in enumerate(numbers):
            x = layout.left - (len(numbers) - k - 0.5) * s
            _text(rows, x, y + 0.35 * layout.font, number)


def _draw_squares(root: ElementTree.Element, grid: Grid, layout: _Layout) -> None:
    """One ``<rect>`` per square, row by row; then a dot in each empty square."""
    s = layout.square
    squares = ElementTree.SubElement(root, "g", {"class": "squares"})
    dots = []
    for r, row in enumerate(grid.rows):
        for c, value in enumerate(row):
            x, y = layout.left + c * s, layout.top + r * s
            ElementTree.SubElement(squares, "rect", {
                "class": CLASSES[value], "x": _number(x), "y": _number(y),
                "width": _number(s), "height": _number(s), "fill": FILLS[value]})
            if value == EMPTY:
                dots.append((x + s / 2, y + s / 2))
    if dots:
        group = ElementTree.SubElement(root, "g", {"class": "dots", "fill": "#808080"})
        for x, y in dots:
            ElementTree.SubElement(group, "circle", {"cx": _number(x), "cy": _number(y),
                                                    "r": _number(max(s / 10, 0.5))})


def _draw_lines(root: ElementTree.Element, puzzle: Puzzle, layout: _Layout) -> None:
    """Thin lines between squares, thicker ones after every :data:`GUIDE`, and the thick border."""
    s = layout.square
    left, top = layout.left, layout.top
    right, bottom = left + puzzle.width * s, top + puzzle.height * s
    thin = ElementTree.SubElement(root, "g", {"class": "lines", "stroke": "#808080",
                                              "stroke-width": _number(max(s / 20, 0.5))})
    thick = ElementTree.SubElement(root, "g", {"class": "guides", "stroke": "#000000",
                                               "stroke-width": _number(max(s / 10, 1))})
    for c in range(1, puzzle.width):
        group = thick if c % GUIDE == 0 else thin
        _line(group, left + c * s, top, left + c * s, bottom)
    for r in range(1, puzzle.height):
        group = thick if r % GUIDE == 0 else thin
        _line(group, left, top + r * s, right, top + r * s)
    ElementTree.SubElement(root, "rect", {
        "class": "border", "x": _number(left), "y": _number(top),
        "width": _number(right - left), "height": _number(bottom - top),
        "fill": "none", "stroke": "#000000", "stroke-width": _number(max(s / 8, 1.5))})


def _line(parent: ElementTree.Element, x1: float, y1: float, x2: float, y2: float) -> None:
    ElementTree.SubElement(parent, "line", {"x1": _number(x1), "y1": _number(y1),
                                            "x2": _number(x2), "y2": _number(y2)})


def _text_group(parent: ElementTree.Element, cls: str, size: float) -> ElementTree.Element:
    """A ``<g>`` of centred clue numbers in the clue font, ``size`` px high."""
    return ElementTree.SubElement(parent, "g", {"class": cls, "font-family": FONT, "font-size": _number(size),
                                                "text-anchor": "middle", "fill": "#000000"})


def _text(parent: ElementTree.Element, x: float, y: float, text: str) -> None:
    ElementTree.SubElement(parent, "text", {"x": _number(x), "y": _number(y)}).text = text


def _number(value: float) -> str:
    """A length as SVG text: an integer without a decimal point, else at most two decimals.

    >>> _number(20.0), _number(12.5), _number(1 / 3)
    ('20', '12.5', '0.33')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 cannot hold (ElementTree escapes the rest).

    >>> _xml_text('a\\x00b<')
    'ab<'
    """
    return _NOT_XML.sub("", text)
