"""The pictures of a solve: the SVG drawing of a grid with its clues, and the self-contained HTML page.

The SVG is parsed back (with defusedxml when it is installed) and compared
with the grid and clues it draws; the HTML page is parsed with the standard
library's :mod:`html.parser` and compared with the plain-text explanation.
One test opens the page in a real browser (Debian's ``chromium``, headless)
and is skipped when there is none.
"""

from __future__ import annotations

import html.parser
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

import paint
from paint.formats import solution
from paint.puzzle import clue_text
from paint.render.html import render_html
from paint.render.svg import SVG, render_svg, result_svg
from paint.render.text import render_text
from paint.result import Result
from paint.squares import Grid

try:
    from defusedxml.ElementTree import fromstring as parse_xml
except ImportError:  # defusedxml is optional; the documents parsed here are our own
    from xml.etree.ElementTree import fromstring as parse_xml

ROOT = Path(__file__).parent.parent
DANCER = ROOT / "puzzles" / "dancer.pro"

TRICKY_TITLE = 'Fish & <Chips> "to go" \u2013 caf\u00e9 \U0001f3a8'
"""A title holding every character markup must escape, and some unicode."""

SVG_XMLNS = "http://www.w3.org/2000/svg"


@pytest.fixture(scope="module")
def dancer() -> Result:
    """The solved Dancer (webpbn #1, 5 columns x 10 rows)."""
    result = paint.solve(paint.load(str(DANCER)))
    assert result.status == "solved"
    return result


@pytest.fixture(scope="module")
def plus() -> Result:
    """A tiny built puzzle, a plus sign, solved."""
    result = paint.solve(paint.Puzzle(rows=[[1], [3], [1]], columns=[[1], [3], [1]], title="Plus"))
    assert result.status == "solved"
    return result


# ------------------------------------------------------------------ helpers

def squares_of(root) -> list:
    """The ``<rect>`` elements of the runs of squares of a parsed SVG document, row by row."""
    return list(root.find(f"{SVG}g[@class='squares']"))


def run_length(rect) -> int:
    """How many squares a run's ``<rect>`` covers (its width over its height, a square's side)."""
    return round(float(rect.get("width")) / float(rect.get("height")))


def texts_of(root, group: str) -> list[str]:
    """The texts of the ``<text>`` elements in the ``<g>`` of class ``group``, in document order."""
    return [text.text for text in root.find(f"{SVG}g[@class='{group}']").iter(f"{SVG}text")]


def glyph_rows(rects, width: int) -> list[str]:
    """The runs' classes, each repeated for the squares it covers, as glyph strings, one per row."""
    glyphs = "".join({"full": "X", "empty": ".", "blank": " "}[rect.get("class")] * run_length(rect)
                     for rect in rects)
    return [glyphs[start:start + width] for start in range(0, len(glyphs), width)]


class PageReader(html.parser.HTMLParser):
    """Collects what the tests ask of an HTML page: its doctype, tags, title, ``<pre>`` text and styled text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.doctype = None
        self.tags: list[tuple[str, dict]] = []
        self.title = ""
        self.pre = ""
        self.styled: list[tuple[str, str]] = []
        self._open: list[tuple[str, dict]] = []

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag not in ("meta", "link", "br", "img", "input", "rect", "line", "circle"):
            self._open.append((tag, attributes))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        for index in range(len(self._open) - 1, -1, -1):
            if self._open[index][0] == tag:
                del self._open[index:]
                break

    def handle_data(self, data):
        names = [tag for tag, _ in self._open]
        if "title" in names and "svg" not in names:
            self.title += data
        if "pre" in names:
            self.pre += data
            if names[-1] == "span":
                self.styled.append((self._open[-1][1].get("style", ""), data))

    def pre_lines(self) -> list[str]:
        """The lines of the explanation, trailing spaces removed."""
        return [line.rstrip() for line in self.pre.splitlines()]


def read_page(page: str) -> PageReader:
    """The page parsed by :class:`PageReader`."""
    reader = PageReader()
    reader.feed(page)
    reader.close()
    return reader


def text_paragraphs(result: Result, **options) -> list[list[str]]:
    """The plain-text explanation without pictures, as paragraphs (lists of lines) split at blank lines.

    For a solved puzzle: header, steps, ``'solved'``, the solution picture, summary.
    """
    text = render_text(result, grids=False, show_time=False, **options)
    return [paragraph.splitlines() for paragraph in text.rstrip("\n").split("\n\n")]


def contains_in_order(lines: list[str], wanted: list[str]) -> bool:
    """Whether ``wanted`` appears in ``lines`` as a run of consecutive lines."""
    return any(lines[start:start + len(wanted)] == wanted for start in range(len(lines) - len(wanted) + 1))


def external_references(page: str) -> list[str]:
    """Every URL-like reference in ``page`` (``http://``, ``https://``, ``//host``) except the SVG namespace."""
    found = re.findall(r"""(?:https?:)?//[^\s"'<>)]+""", page)
    return [url for url in found if url != SVG_XMLNS]


# ------------------------------------------------------------- render_svg

class TestRenderSvg:
    def test_complete_document(self, dancer):
        """The output is a complete SVG 1.1 file: XML declaration, svg root in the SVG namespace, version 1.1."""
        document = render_svg(dancer.puzzle, dancer.grid)
        assert document.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')
        root = parse_xml(document.encode("utf-8"))
        assert root.tag == f"{SVG}svg"
        assert root.get("version") == "1.1"

    def test_size_and_view_box(self, dancer):
        """width and height are set and the viewBox spans them; doubling ``square`` doubles the grid part."""
        root = parse_xml(render_svg(dancer.puzzle, dancer.grid))
        width, height = float(root.get("width")), float(root.get("height"))
        assert root.get("viewBox").split() == ["0", "0", root.get("width"), root.get("height")]
        assert width > 5 * 20 and height > 10 * 20
        big = parse_xml(render_svg(dancer.puzzle, dancer.grid, square=40))
        assert float(big.get("width")) == 2 * width and float(big.get("height")) == 2 * height

    def test_one_rect_per_run(self, dancer):
        """Each row is drawn as runs of squares in one state, ``square`` px high, side by side, row under row."""
        rects = squares_of(parse_xml(render_svg(dancer.puzzle, dancer.grid, square=20)))
        runs = sum(len(re.findall(r"X+|\.+| +", line)) for line in dancer.grid.lines())
        assert len(rects) == runs < 5 * 10
        assert {rect.get("height") for rect in rects} == {"20"}
        origin_x, origin_y = float(rects[0].get("x")), float(rects[0].get("y"))
        row, column = 0, 0
        for rect in rects:
            assert (float(rect.get("x")), float(rect.get("y"))) == (origin_x + 20 * column, origin_y + 20 * row)
            column += run_length(rect)
            if column == 5:
                row, column = row + 1, 0
        assert (row, column) == (10, 0)

    def test_large_grid_is_small(self):
        """A 1000 x 1000 grid of stripes draws one rect per run: the document stays small and quick."""
        size = 1000
        puzzle = paint.Puzzle(rows=[[size]] * size, columns=[[size]] * size)
        grid = Grid.from_lines(["X" * size] * size)
        document = render_svg(puzzle, grid)
        assert len(squares_of(parse_xml(document))) == size
        assert len(document) < 500_000

    def test_squares_match_grid(self, dancer):
        """Full squares are black and empty ones the white dotted pattern exactly where the solved grid has them."""
        root = parse_xml(render_svg(dancer.puzzle, dancer.grid))
        rects = squares_of(root)
        assert glyph_rows(rects, 5) == dancer.grid.lines()
        for rect in rects:
            assert rect.get("fill") == {"full": "#000000", "empty": "url(#empty-square)"}[rect.get("class")]
        pattern = root.find(f"{SVG}defs/{SVG}pattern[@id='empty-square']")
        assert pattern.find(f"{SVG}rect").get("fill") == "#ffffff" and pattern.find(f"{SVG}circle") is not None

    def test_blank_puzzle(self, dancer):
        """Without a grid every square is drawn blank, in light grey: one run per row, none dotted."""
        root = parse_xml(render_svg(dancer.puzzle))
        rects = squares_of(root)
        assert len(rects) == 10 and {run_length(rect) for rect in rects} == {5}
        assert {rect.get("class") for rect in rects} == {"blank"}
        assert {rect.get("fill") for rect in rects} == {"#d9d9d9"}

    def test_partly_worked_grid(self, dancer):
        """A grid with blank, empty and full squares draws each state; only the empty run is dotted."""
        grid = Grid.blank(10, 5)
        grid.mark(0, 0, paint.Square.FULL)
        grid.mark(0, 1, paint.Square.EMPTY)
        root = parse_xml(render_svg(dancer.puzzle, grid))
        assert glyph_rows(squares_of(root), 5) == grid.lines()
        assert [rect.get("fill") for rect in squares_of(root)].count("url(#empty-square)") == 1

    def test_column_clues_in_order(self, dancer):
        """Column clue numbers appear column by column, top number first, each above its column."""
        root = parse_xml(render_svg(dancer.puzzle, dancer.grid))
        expected = [number for clue in dancer.puzzle.columns for number in clue_text(clue).split()]
        assert texts_of(root, "column-clues") == expected
        rects = squares_of(root)
        top = float(rects[0].get("y"))
        centres = [float(rects[0].get("x")) + 20 * column + 10 for column in range(5)]
        texts = list(root.find(f"{SVG}g[@class='column-clues']"))
        columns = [column for column, clue in enumerate(dancer.puzzle.columns) for _ in clue_text(clue).split()]
        for text, column in zip(texts, columns):
            assert float(text.get("x")) == centres[column] and float(text.get("y")) < top

    def test_row_clues_in_order(self, dancer):
        """Row clue numbers appear row by row, left number first, each left of the grid."""
        root = parse_xml(render_svg(dancer.puzzle, dancer.grid))
        expected = [number for clue in dancer.puzzle.rows for number in clue_text(clue).split()]
        assert texts_of(root, "row-clues") == expected
        left = float(squares_of(root)[0].get("x"))
        assert all(float(text.get("x")) < left for text in root.find(f"{SVG}g[@class='row-clues']"))

    def test_empty_clue_is_zero(self):
        """A strip with no full square shows the clue 0, as printed puzzles do."""
        puzzle = paint.Puzzle(rows=[[1], []], columns=[[1], []])
        root = parse_xml(render_svg(puzzle))
        assert texts_of(root, "column-clues") == ["1", "0"]
        assert texts_of(root, "row-clues") == ["1", "0"]

    def test_guide_lines_every_five(self, dancer):
        """Thin lines separate the squares, a thick one falls after every fifth row or column, and a thick border frames the grid."""
        root = parse_xml(render_svg(dancer.puzzle, dancer.grid))
        thin = root.find(f"{SVG}g[@class='lines']")
        thick = root.find(f"{SVG}g[@class='guides']")
        assert len(list(thin)) == (5 - 1) + (10 - 1) - 1
        assert len(list(thick)) == 1
        assert float(thick.get("stroke-width")) > float(thin.get("stroke-width"))
        border = root.find(f"{SVG}rect[@class='border']")
        assert float(border.get("stroke-width")) > float(thick.get("stroke-width"))
        assert (border.get("width"), border.get("height")) == ("100", "200")

    def test_title(self, dancer):
        """The puzzle's title is both the accessible ``<title>`` and a caption text above the grid."""
        root = parse_xml(render_svg(dancer.puzzle, dancer.grid))
        assert root[0].tag == f"{SVG}title" and root[0].text == "Dancer"
        caption = root.find(f"{SVG}text[@class='title']")
        assert caption.text == "Dancer"
        assert float(caption.get("y")) < float(squares_of(root)[0].get("y"))

    def test_untitled(self):
        """An untitled puzzle still has a ``<title>`` element but no caption text."""
        root = parse_xml(render_svg(paint.Puzzle(rows=[[1]], columns=[[1]])))
        assert root.find(f"{SVG}title").text == "(untitled)"
        assert root.find(f"{SVG}text[@class='title']") is None

    def test_title_escaped(self):
        """A title with ``<``, ``&``, quotes and unicode is escaped, so the document parses and gives it back unchanged."""
        puzzle = paint.Puzzle(rows=[[1]], columns=[[1]], title=TRICKY_TITLE)
        document = render_svg(puzzle)
        assert "<Chips>" not in document and "&lt;Chips&gt;" in document and "Fish &amp;" in document
        root = parse_xml(document.encode("utf-8"))
        assert root.find(f"{SVG}title").text == TRICKY_TITLE
        assert root.find(f"{SVG}text[@class='title']").text == TRICKY_TITLE

    def test_grid_size_mismatch(self, dancer):
        """A grid whose size is not the puzzle's raises ValueError."""
        with pytest.raises(ValueError, match="cannot be drawn"):
            render_svg(dancer.puzzle, Grid.blank(5, 10))

    def test_square_too_small(self, dancer):
        """A square side below 1 px raises ValueError."""
        with pytest.raises(ValueError, match="at least 1 px"):
            render_svg(dancer.puzzle, square=0)


# ------------------------------------------------------------- result_svg

class TestResultSvg:
    def test_draws_the_solution(self, dancer):
        """A solved result is drawn exactly as render_svg draws its puzzle and grid."""
        assert result_svg(dancer) == render_svg(dancer.puzzle, dancer.grid)
        root = parse_xml(result_svg(dancer))
        assert glyph_rows(squares_of(root), 5) == dancer.grid.lines()

    def test_tiny_built_puzzle(self, plus):
        """The plus sign is drawn as four empty corners around five full squares."""
        root = parse_xml(result_svg(plus))
        assert glyph_rows(squares_of(root), 3) == [".X.", "XXX", ".X."]

    def test_unfinished_grid(self, dancer):
        """A result that stopped early draws the grid as far as it got, blank squares grey."""
        grid = Grid.blank(10, 5)
        grid.mark(3, 2, paint.Square.FULL)
        stalled = Result(dancer.puzzle, "stalled", (), grid)
        rects = squares_of(parse_xml(result_svg(stalled)))
        assert glyph_rows(rects, 5) == grid.lines()
        assert sum(run_length(rect) for rect in rects if rect.get("fill") == "#d9d9d9") == 49

    def test_square_option(self, plus):
        """The ``square`` option sets the side of each square: runs are 7 px high and 7 px a square wide."""
        rects = squares_of(parse_xml(result_svg(plus, square=7)))
        assert {rect.get("height") for rect in rects} == {"7"}
        assert {rect.get("width") for rect in rects} == {"7", "21"}


# ------------------------------------------------------------ render_html

class TestRenderHtml:
    def test_page_structure(self, dancer):
        """The page is HTML5 in English, UTF-8, titled after the puzzle, with the explanation in a ``<pre>``."""
        page = render_html(dancer)
        reader = read_page(page)
        assert page.startswith("<!DOCTYPE html>")
        assert reader.doctype == "DOCTYPE html"
        assert ("html", {"lang": "en"}) in reader.tags
        assert ("meta", {"charset": "utf-8"}) in reader.tags
        assert reader.title == "Dancer - paint"
        assert reader.pre_lines()[0] == "Dancer"

    def test_step_lines(self, dancer):
        """Every step line of the plain-text explanation appears, in order, as lines of the page."""
        steps = [line for line in text_paragraphs(dancer)[1] if not line.startswith(" ")]
        assert steps[0].startswith("1. overlap") and steps[-1].startswith(f"{len(dancer.steps)}. ")
        lines = read_page(render_html(dancer)).pre_lines()
        assert all(line in lines for line in steps)
        positions = [lines.index(line) for line in steps]
        assert positions == sorted(positions)

    def test_pictures_after_steps(self, dancer):
        """Each round's last step is followed by the picture of the grid after it, the last one being the solved grid."""
        lines = read_page(render_html(dancer)).pre_lines()
        full = render_text(dancer, grids=True, show_time=False).splitlines()
        last_step = next(index for index, line in enumerate(full) if line.startswith(f"{len(dancer.steps)}. "))
        gap = full.index("", last_step)
        picture_after_last = full[gap + 1:full.index("solved")]
        assert contains_in_order(lines, [line.rstrip() for line in picture_after_last if line])

    def test_final_grid(self, dancer):
        """The outcome and the solution in Kramer's output format appear, line for line."""
        paragraphs = text_paragraphs(dancer)
        assert paragraphs[2] == ["solved"]
        answer = [line.rstrip() for line in solution.draw_solution(dancer.puzzle, dancer.grid)]
        assert [line.rstrip() for line in paragraphs[3]] == answer
        lines = read_page(render_html(dancer)).pre_lines()
        assert "solved" in lines
        assert contains_in_order(lines, answer)

    def test_summary(self, dancer):
        """The summary table appears after the answer, with the steps per rule."""
        lines = read_page(render_html(dancer, show_time=False)).pre_lines()
        start = lines.index("summary")
        table = [line.split() for line in lines[start + 1:]]
        counts = dancer.rule_counts()
        assert ["overlap", str(counts["overlap"]), "steps"] in table
        assert ["all", "rules", str(len(dancer.steps)), "steps"] in table
        assert not any(row[:1] == ["time"] for row in table)
        assert any(row[:1] == ["time"] for row in (line.split() for line in read_page(render_html(dancer)).pre_lines()))

    def test_marked_squares_highlighted(self, dancer):
        """The squares each step marked are highlighted as in the terminal: full on blue, empty in red, two characters each."""
        reader = read_page(render_html(dancer))
        full = sum(len(text) for style, text in reader.styled if "background-color: #000080" in style)
        empty = sum(len(text) for style, text in reader.styled
                    if "color: #800000" in style and "background-color" not in style)
        marks = [mark for step in dancer.steps for mark in step.marks]
        assert full == 2 * sum(mark.value == paint.Square.FULL for mark in marks)
        assert empty == 2 * sum(mark.value == paint.Square.EMPTY for mark in marks)

    def test_reasons(self, dancer):
        """The reason lines appear under their steps, as in the text, unless brief."""
        steps = text_paragraphs(dancer)[1]
        reasons = [line for line in steps if line.startswith("    ")]
        assert reasons
        page = read_page(render_html(dancer)).pre_lines()
        brief = read_page(render_html(dancer, brief=True)).pre_lines()
        assert all(line in page for line in reasons)
        assert not any(line in brief for line in reasons)

    def test_width(self, dancer):
        """Step lines are wrapped to ``width`` exactly as the plain text wraps them."""
        steps = text_paragraphs(dancer, width=60)[1]
        assert any(len(line) > 50 for line in steps)
        lines = read_page(render_html(dancer, width=60)).pre_lines()
        assert all(line in lines for line in steps)

    def test_inline_svg(self, dancer):
        """The final grid is embedded as an inline SVG picture whose runs of squares match the grid."""
        page = render_html(dancer)
        assert page.count("<svg") == 1 and "<?xml" not in page
        markup = page[page.index("<svg"):page.index("</svg>") + len("</svg>")]
        root = parse_xml(markup)
        assert glyph_rows(squares_of(root), 5) == dancer.grid.lines()

    def test_self_contained(self, dancer):
        """The page has no script and refers to nothing outside itself: the only URL is the SVG namespace,
        and the one ``url(...)`` names the dotted pattern inside the page."""
        page = render_html(dancer, detail=True)
        assert "<script" not in page.lower()
        assert external_references(page) == []
        assert not re.search(r"""\b(?:src|href)\s*=|@import""", page)
        assert set(re.findall(r"url\([^)]*\)", page)) == {"url(#empty-square)"}
        assert page.count(SVG_XMLNS) == 1

    def test_title_escaped(self):
        """A title with markup characters and unicode is escaped in the page title, the explanation and the picture."""
        result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]], title=TRICKY_TITLE))
        page = render_html(result)
        assert "<Chips>" not in page
        reader = read_page(page)
        assert reader.title == f"{TRICKY_TITLE} - paint"
        assert reader.pre_lines()[0] == TRICKY_TITLE
        markup = page[page.index("<svg"):page.index("</svg>") + len("</svg>")]
        assert parse_xml(markup.encode("utf-8")).find(f"{SVG}title").text == TRICKY_TITLE

    def test_tiny_built_puzzle(self, plus):
        """A tiny built puzzle's page holds its step lines and its answer."""
        lines = read_page(render_html(plus)).pre_lines()
        paragraphs = text_paragraphs(plus)
        assert all(line in lines for line in paragraphs[1])
        assert contains_in_order(lines, [line.rstrip() for line in paragraphs[3]])

    def test_browser(self, dancer, tmp_path):
        """Headless Chromium loads the page offline: its DOM holds the step lines and the answer, and its screenshot shows ink and highlights."""
        if shutil.which("chromium") is None:
            pytest.skip("no Chromium: install Debian's chromium package to run the browser test")
        page = tmp_path / "dancer.html"
        page.write_text(render_html(dancer), encoding="utf-8")

        dom = chromium(tmp_path, page, "--dump-dom").stdout
        reader = read_page(dom)
        lines = reader.pre_lines()
        steps = text_paragraphs(dancer)[1]
        first = steps[:next(i for i, line in enumerate(steps[1:], 1) if line.startswith("2. "))]
        last = steps[next(i for i, line in enumerate(steps) if line.startswith(f"{len(dancer.steps)}. ")):]
        assert contains_in_order(lines, first)
        assert contains_in_order(lines, last)
        assert contains_in_order(lines, [line.rstrip() for line in solution.draw_solution(dancer.puzzle, dancer.grid)])
        assert sum(round(float(attributes["width"]) / float(attributes["height"])) for tag, attributes in reader.tags
                   if tag == "rect" and attributes.get("class") == "full") == 23

        shot = tmp_path / "dancer.png"
        chromium(tmp_path, page, f"--screenshot={shot}", "--window-size=1000,2000")
        width, height, pixels = read_png(shot.read_bytes())
        assert (width, height) == (1000, 2000)
        assert len(set(pixels)) > 2, "the screenshot is a single flat colour"
        dark = sum(max(pixel) < 100 for pixel in pixels)
        blue = sum(pixel[0] < 40 and pixel[1] < 40 and 100 < pixel[2] < 160 for pixel in pixels)
        assert dark > 2000, "too little dark text in the screenshot"
        assert blue > 1000, "the highlighted squares (full on blue) are not in the screenshot"


# ------------------------------------------------------------ the browser

CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync")
"""Flags for a quiet, offline headless Chromium that touches nothing outside its own profile."""


def chromium(tmp_path: Path, page: Path, *arguments: str) -> subprocess.CompletedProcess:
    """Run headless Chromium on ``page`` with a fresh profile in ``tmp_path``; fails the test if it fails or takes over 120 s."""
    profile = tmp_path / f"chromium-profile-{len(list(tmp_path.glob('chromium-profile-*')))}"
    command = ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *arguments, page.as_uri()]
    try:
        finished = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail(f"chromium took over 120 s: {' '.join(command)}")
    assert finished.returncode == 0, f"chromium failed ({finished.returncode}): {finished.stderr[-2000:]}"
    return finished


def read_png(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Decode an 8-bit RGB or RGBA PNG with zlib alone: ``(width, height, RGB pixels row by row)``.

    Raises AssertionError for anything that is not such a PNG (other bit
    depths, palettes, interlacing).  Filters: PNG specification section 9.
    """
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    position, chunks = 8, []
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunks.append((kind, data[position + 8:position + 8 + length]))
        position += 12 + length
    kind, header = chunks[0]
    assert kind == b"IHDR"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unexpected PNG format {depth}/{colour}/{interlace}"
    n = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * n
    assert len(raw) == height * (stride + 1), "truncated image data"
    previous = bytes(stride)
    pixels = []
    for row in range(height):
        start = row * (stride + 1)
        method, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if method == 1:
            for i in range(n, stride):
                line[i] = (line[i] + line[i - n]) & 0xFF
        elif method == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif method == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - n] if i >= n else 0) + previous[i]) // 2) & 0xFF
        elif method == 4:
            for i in range(stride):
                a, b, c = (line[i - n], previous[i], previous[i - n]) if i >= n else (0, previous[i], 0)
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        else:
            assert method == 0, f"unknown PNG filter {method}"
        pixels.extend(zip(line[0::n], line[1::n], line[2::n]))
        previous = line
    return width, height, pixels
