"""The pictures of a solve: the SVG drawing of a grid with its clues, and the small pictures of the check report.

The SVG is parsed back (with defusedxml when it is installed) and compared
with the grid and clues it draws.  The HTML pages are tested in
``test_viewer.py`` (their structure) and ``test_browser.py`` (in Chromium).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import paint
from paint.puzzle import clue_text
from paint.render.svg import SVG, render_svg, result_svg, thumbnail
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
        assert {rect.get("fill") for rect in rects} == {"#949494"}

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
        assert sum(run_length(rect) for rect in rects if rect.get("fill") == "#949494") == 49

    def test_square_option(self, plus):
        """The ``square`` option sets the side of each square: runs are 7 px high and 7 px a square wide."""
        rects = squares_of(parse_xml(result_svg(plus, square=7)))
        assert {rect.get("height") for rect in rects} == {"7"}
        assert {rect.get("width") for rect in rects} == {"7", "21"}


# -------------------------------------------------------------- thumbnail

class TestThumbnail:
    def squares(self, markup: str) -> dict[str, set]:
        """The squares each filled path covers, by fill colour, from the path's runs (``Mc r h n v1 h-n z``)."""
        root = parse_xml(markup.encode("utf-8"))
        covered: dict[str, set] = {}
        for path in root.iter(f"{SVG}path"):
            if path.get("fill") in (None, "none"):
                continue
            for c, r, n in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", path.get("d")):
                covered.setdefault(path.get("fill"), set()).update((int(r), int(c) + k) for k in range(int(n)))
        return covered

    def test_squares_by_state(self):
        """Full squares are black runs, blank squares grey runs, empty squares the white background."""
        lines = ["XX. ", " .XX", "...."]
        covered = self.squares(thumbnail(lines))
        assert covered["#000000"] == {(0, 0), (0, 1), (1, 2), (1, 3)}
        assert covered["#949494"] == {(0, 3), (1, 0)}

    def test_size_and_marks(self):
        """The longer side is at most ``size`` px; marked squares are framed, each once."""
        markup = thumbnail(["X" * 25] * 20, marked=[(0, 0), (19, 24)], size=120)
        root = parse_xml(markup.encode("utf-8"))
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("100", "80", "0 0 25 20")
        frames = root.find(f"{SVG}path[@class='marked']").get("d")
        assert re.findall(r"M([\d.]+) ([\d.]+)h", frames) == [("0.1", "0.1"), ("24.1", "19.1")]

    def test_title_escaped(self):
        """The title is escaped, so any file name can stand in it."""
        markup = thumbnail(["X"], title=TRICKY_TITLE)
        assert parse_xml(markup.encode("utf-8")).find(f"{SVG}title").text == TRICKY_TITLE

    @pytest.mark.parametrize("lines", [["X", "XX"], ["Xo"]])
    def test_bad_grid(self, lines):
        """Ragged lines or a character that is not a square raise ValueError."""
        with pytest.raises(ValueError):
            thumbnail(lines)
