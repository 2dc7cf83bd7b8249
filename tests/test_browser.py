"""The HTML pages in a real browser: headless Chromium (Debian's ``chromium``) driven by Playwright.

The viewer is opened from a file, as a reader opens a saved page, and
worked as a reader works it - the Next button and the arrow keys, an
address per step, the slider, a click on a step or a square - and what it
draws is read back from the board and compared with the JSON document of
the same solve: the squares highlighted are exactly the marks of the step
shown, and the squares drawn are the grid those marks make.  Screenshots
are decoded and their pixels counted.  The report of ``check --html`` is
sorted by clicking its headings.

The tests need Chromium: ``.ci/run`` installs Debian's ``chromium``; where
none can be had, or the one found does not start, they are skipped, saying
so (and naming the executable and why).  ``PAINT_CHROMIUM`` names another
Chromium executable.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import paint
from pages import read_png
from paint.check import check_file, check_puzzle
from paint.squares import FULL
from paint.render.html import render_html
from paint.render.check import short_names
from paint.render.report import write_report_html
from paint.wording import step_body, step_head

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="Playwright for Python is not installed: pip install -e '.[test]'")

ROOT = Path(__file__).parent.parent
PUZZLES = ROOT / "puzzles"
JWILK = Path(__file__).parent / "corpus" / "jwilk"

BLUE, ORANGE = (0x1A, 0x5F, 0xB4), (0xE6, 0x61, 0x00)
"""The colours of a newly full square and of the outline of the strip worked."""

PHONE, DESKTOP = (390, 844), (1366, 768)
"""The two screens the page is tried on: a phone's and a laptop's, in px."""


def near(pixel, colour, slack=40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel, colour))


def launch_failure(error: Exception) -> str:
    """Why a browser did not start, in one line: Playwright's first line, and how the process ended if it did."""
    message = getattr(error, "message", None) or str(error)
    first = message.splitlines()[0] if message.strip() else type(error).__name__
    ended = re.search(r"<process did exit: ([^>]*)>", message)
    return first + (f" (the process exited: {ended.group(1)})" if ended else "")


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium: ``PAINT_CHROMIUM``, else Debian's ``chromium`` on the path; the tests using it skip,
    naming the executable and the failure, when there is none or it does not start."""
    named = os.environ.get("PAINT_CHROMIUM")
    executable = named or shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.skip("no Chromium: install Debian's chromium package (.ci/run does) to run the browser tests")
    source = "PAINT_CHROMIUM" if named else "found on the path"
    with sync_api.sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=executable,
                                                 args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        except sync_api.Error as error:
            pytest.skip(f"Chromium at {executable} ({source}) could not be started: {launch_failure(error)}")
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser):
    """Open a page file (with an address fragment, and scripts on or off) and wait until its script is ready."""
    contexts = []

    def opener(path: Path, fragment: str = "", *, scripts: bool = True, ready: bool = True, size=(1280, 900)):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, java_script_enabled=scripts)
        contexts.append(context)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(path.as_uri() + fragment)
        if scripts and ready:
            page.wait_for_selector("html[data-ready]", state="attached", timeout=30_000)
        page.errors = errors
        return page

    yield opener
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def cat():
    return paint.solve(paint.load(str(PUZZLES / "cat.pro")))


@pytest.fixture(scope="module")
def cat_page(cat, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pages") / "cat.html"
    path.write_text(render_html(cat), encoding="utf-8")
    return path


# ------------------------------------------------------------ reading the board

def geometry(page) -> dict:
    return json.loads(page.text_content("#paint-data"))


def drawn(page, cls: str) -> set[tuple[int, int]]:
    """The 0-based squares covered by the board's ``<path class=cls>``: its runs, ``M x y h w v s h -w z``."""
    data = geometry(page)
    d = page.get_attribute(f"#board path.{cls}", "d") or ""
    squares = set()
    for x, y, w in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)v", d):
        row = round((float(y) - data["top"]) / data["square"])
        first = round((float(x) - data["left"]) / data["square"])
        squares.update((row, first + k) for k in range(round(float(w) / data["square"])))
    return squares


def document_marks(result, number: int, value: str) -> set[tuple[int, int]]:
    """The 0-based squares step ``number`` of the JSON document marked ``value``."""
    step = result.to_document()["steps"][number - 1]
    assert step["number"] == number
    return {(mark["row"] - 1, mark["column"] - 1) for mark in step["marks"] if mark["value"] == value}


def replayed(result, upto: int) -> tuple[set, set]:
    """The full and the empty squares after the first ``upto`` steps of the JSON document."""
    full, empty = set(), set()
    for step in result.to_document()["steps"][:upto]:
        for mark in step["marks"]:
            square = (mark["row"] - 1, mark["column"] - 1)
            (full if mark["value"] == "full" else empty).add(square)
            (empty if mark["value"] == "full" else full).discard(square)
    return full, empty


def assert_board_shows(page, result, number: int) -> None:
    """The board shows the grid after step ``number``, that step's marks highlighted, and the position says so."""
    assert page.text_content("#position") == f"Step {number} of {len(result.steps)}"
    assert page.get_attribute(f"#step-{number}", "class") == "step current"
    full, empty = replayed(result, number)
    new_full, new_empty = drawn(page, "new-full"), drawn(page, "new-empty")
    if number:
        assert new_full == document_marks(result, number, "full")
        assert new_empty == document_marks(result, number, "empty")
    else:
        assert not new_full | new_empty
    assert drawn(page, "full") | new_full == full
    assert drawn(page, "empty") | new_empty == empty
    height, width = result.grid.height, result.grid.width
    assert drawn(page, "blank") == {(r, c) for r in range(height) for c in range(width)} - full - empty


# ------------------------------------------------------------ the viewer

class TestViewer:
    def test_next_three_times(self, open_page, cat_page, cat, tmp_path):
        """Next, pressed three times, shows step 3: its marks highlighted, the grid after it drawn, its address set."""
        page = open_page(cat_page)
        assert_board_shows(page, cat, 0)
        page.click("#next")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert_board_shows(page, cat, 3)
        assert page.evaluate("location.hash") == "#step-3"
        assert page.is_visible("#step-3 .r")  # the reasons of the step read, beside the board
        assert not page.is_visible("#step-2 .r")
        assert page.get_attribute("#board path.strip", "d").count("M") == 1
        assert page.errors == []

    def test_address_opens_step(self, open_page, cat_page, cat):
        """``#step-N`` opens the page at step N; changing the address moves there."""
        page = open_page(cat_page, "#step-50")
        assert_board_shows(page, cat, 50)
        page.evaluate("location.hash = '#step-12'")
        page.wait_for_function("document.querySelector('#position').textContent.startsWith('Step 12 ')")
        assert_board_shows(page, cat, 12)
        assert page.evaluate("window.scrollY") <= page.evaluate(
            "document.getElementById('viewer').getBoundingClientRect().top + window.scrollY")

    def test_controls(self, open_page, cat_page, cat):
        """Last, Previous, End, Home, Page Down, the slider and a click on a step all move through the steps."""
        page = open_page(cat_page)
        last = len(cat.steps)
        page.click("#last")
        assert page.is_disabled("#next") and page.text_content("#position") == f"Step {last} of {last}"
        page.click("#previous")
        assert_board_shows(page, cat, last - 1)
        page.keyboard.press("Home")
        assert page.is_disabled("#previous") and page.text_content("#position") == f"Step 0 of {last}"
        page.keyboard.press("PageDown")
        assert_board_shows(page, cat, 10)
        page.keyboard.press("End")
        assert_board_shows(page, cat, last)
        page.evaluate("const s = document.getElementById('slider'); s.value = 20; "
                      "s.dispatchEvent(new Event('input'))")
        assert_board_shows(page, cat, 20)
        page.click("#step-7 p.h")
        assert_board_shows(page, cat, 7)

    def test_square_says_which_step_decided_it(self, open_page, cat_page, cat):
        """Pointing at a square says which step decided it; its link goes there."""
        page = open_page(cat_page, "#step-30")
        data = geometry(page)
        marked = cat.steps[19].marks[0]  # decided at step 20, before step 30
        later = cat.steps[99].marks[0]  # decided at step 100, still blank at step 30
        box = page.locator("#board svg").bounding_box()
        scale = box["width"] / float(page.get_attribute("#board svg", "width"))

        def point(mark):
            x = box["x"] + (data["left"] + (mark.column + 0.5) * data["square"]) * scale
            y = box["y"] + (data["top"] + (mark.row + 0.5) * data["square"]) * scale
            return x, y

        page.mouse.move(*point(marked))
        said = page.text_content("#square")
        assert said.startswith(f"Row {marked.row + 1}, column {marked.column + 1}: {marked.value.word} since step 20")
        page.mouse.click(*point(later))
        said = page.text_content("#square")
        assert said == (f"Row {later.row + 1}, column {later.column + 1}: still blank here; step 100 "
                        f"({cat.steps[99].rule}, {cat.steps[99].technique}) makes it {later.value.word}.")
        page.click("#square a")
        assert_board_shows(page, cat, 100)

    def test_square_text_follows_the_step(self, open_page, cat_page, cat):
        """What is said of the square pointed at is said again when the step changes; leaving the board hides the
        pointer's frame but keeps the words (and their link) to read and click."""
        page = open_page(cat_page)
        data = geometry(page)
        mark = cat.steps[15].marks[0]  # decided at step 16
        box = page.locator("#board svg").bounding_box()
        scale = box["width"] / float(page.get_attribute("#board svg", "width"))
        page.mouse.move(box["x"] + (data["left"] + (mark.column + 0.5) * data["square"]) * scale,
                        box["y"] + (data["top"] + (mark.row + 0.5) * data["square"]) * scale)
        assert "still blank here; step 16" in page.text_content("#square")
        page.keyboard.press("End")
        assert f"{mark.value.word} since step 16" in page.text_content("#square")
        page.mouse.move(1, 1)
        assert f"{mark.value.word} since step 16" in page.text_content("#square")
        assert page.get_attribute("#board rect.pointer", "visibility") == "hidden"

    def test_keys_on_the_slider(self, open_page, cat_page, cat):
        """With the slider focused, Page Down still moves ten steps forward and End to the last."""
        page = open_page(cat_page, "#step-30")
        page.focus("#slider")
        page.keyboard.press("PageDown")
        page.keyboard.press("PageDown")
        assert_board_shows(page, cat, 50)
        page.keyboard.press("ArrowRight")
        assert_board_shows(page, cat, 51)
        page.keyboard.press("End")
        assert_board_shows(page, cat, len(cat.steps))

    def test_focus_kept_at_the_end(self, open_page, cat_page, cat):
        """When Next reaches the last step it is disabled, and the focus moves to Previous rather than being lost."""
        page = open_page(cat_page, f"#step-{len(cat.steps) - 1}")
        page.focus("#next")
        page.keyboard.press("Enter")
        assert page.is_disabled("#next")
        assert page.evaluate("document.activeElement.id") == "previous"

    @pytest.mark.parametrize("fragment, shown", [("#step-99999", "last"), ("#step-007", 7), ("#step-abc", 0),
                                                  ("#step--1", 0)])
    def test_bad_address(self, open_page, cat_page, cat, fragment, shown):
        """An address past the end shows the last step, a malformed one the step shown; the address then says so."""
        number = len(cat.steps) if shown == "last" else shown
        page = open_page(cat_page, fragment)
        assert_board_shows(page, cat, number)
        assert page.evaluate("location.hash") == f"#step-{number}"

    def test_probe_chain_opens(self, open_page, tmp_path):
        """A probe's chain is folded until asked for."""
        result = paint.solve(paint.load(str(PUZZLES / "edge.pro")))
        path = tmp_path / "edge.html"
        path.write_text(render_html(result), encoding="utf-8")
        probe = next(step for step in result.steps if step.chain is not None)
        page = open_page(path, f"#step-{probe.number}")
        chain = page.locator(f"#step-{probe.number} details")
        last_line = step_body(probe)[-1][1]
        assert chain.is_visible() and not page.get_by_text(last_line, exact=True).first.is_visible()
        page.click(f"#step-{probe.number} summary")
        assert page.get_by_text(last_line, exact=True).first.is_visible()
        assert page.text_content("#position") == f"Step {probe.number} of {len(result.steps)}"

    def test_packed_reasons_unpacked(self, open_page, cat, tmp_path):
        """Reasons packed to keep a page small are unpacked and shown with their step."""
        path = tmp_path / "packed.html"
        path.write_text(render_html(cat, inline=0), encoding="utf-8")
        page = open_page(path, "#step-5")
        page.wait_for_selector("#step-5 .r p", state="visible")
        shown = [line.strip() for line in page.locator("#step-5 .r p").all_text_contents()]
        assert shown == [text for _, text in step_body(cat.steps[4])]
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#step-6 .r p", state="visible")

    def test_screenshot(self, open_page, cat_page, tmp_path):
        """A screenshot of the board after three steps shows the grid: black squares, blue new squares, an orange strip."""
        page = open_page(cat_page, "#step-3")
        shot = tmp_path / "board.png"
        page.locator("#board svg").screenshot(path=str(shot))
        page.screenshot(path=str(tmp_path / "page.png"))
        width, height, pixels = read_png(shot.read_bytes())
        assert width > 300 and height > 300
        dark = sum(max(pixel) < 60 for pixel in pixels)
        blue = sum(near(pixel, BLUE) for pixel in pixels)
        orange = sum(near(pixel, ORANGE) for pixel in pixels)
        assert dark > 5000, "too little black: the squares and clues are not drawn"
        assert blue > 1000, "the newly full squares are not highlighted"
        assert orange > 1000, "the row worked is not outlined"

    def test_without_scripts(self, open_page, cat_page, cat):
        """Without scripts the steps read as a list, reasons and all, then the answer; the board waits for a script."""
        page = open_page(cat_page, scripts=False)
        assert not page.is_visible("#board") and not page.is_visible("#controls")
        for number in (1, len(cat.steps)):
            assert page.is_visible(f"#step-{number} p.h")
            assert page.is_visible(f"#step-{number} .r")
        assert not page.is_visible("figure.answer svg")  # folded: a reader solving along is not shown it
        page.click("details.answer summary")
        assert page.is_visible("figure.answer svg")


# ------------------------------------------------------------ the reasoning drawn

SURVEY = Path(__file__).parent / "corpus" / "survey"


def covered(page, selector: str) -> set[tuple[int, int]]:
    """The 0-based squares whose centres lie inside the rectangles of the board's ``selector`` path
    (each ``M x y h a v b ...``), whatever their inset: the squares a drawn frame, strip or place covers."""
    data = geometry(page)
    d = page.get_attribute(f"#board {selector}", "d") or ""
    squares = set()
    s, left, top = data["square"], data["left"], data["top"]
    for x, y, a, b in re.findall(r"M(-?[\d.]+) (-?[\d.]+)h(-?[\d.]+)v(-?[\d.]+)", d):
        x, y, a, b = map(float, (x, y, a, b))
        x0, x1, y0, y1 = min(x, x + a), max(x, x + a), min(y, y + b), max(y, y + b)
        for row in range(data["height"]):
            for column in range(data["width"]):
                cx, cy = left + (column + 0.5) * s, top + (row + 0.5) * s
                if x0 <= cx <= x1 and y0 <= cy <= y1:
                    squares.add((row, column))
    return squares


def strip_squares(strip, result) -> set[tuple[int, int]]:
    if strip.kind == "row":
        return {(strip.index, column) for column in range(result.puzzle.width)}
    return {(row, strip.index) for row in range(result.puzzle.height)}


@pytest.fixture(scope="module")
def forever(tmp_path_factory):
    result = paint.solve(paint.load(str(SURVEY / "webpbn-06574-forever.non")))
    path = tmp_path_factory.mktemp("pages") / "forever.html"
    path.write_text(render_html(result), encoding="utf-8")
    return result, path


class TestReasoningDrawn:
    @pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
    def test_probe_chain(self, open_page, tmp_path, size):
        """At a probe step the board draws the assumed square, each link's squares and the strip that breaks; a
        click on a link shows the board at that link."""
        result = paint.solve(paint.load(str(PUZZLES / "edge.pro")))
        path = tmp_path / "edge.html"
        path.write_text(render_html(result), encoding="utf-8")
        probe = next(step for step in result.steps if step.chain is not None and len(step.chain.links) >= 2)
        chain = probe.chain
        page = open_page(path, f"#step-{probe.number}", size=size)
        assert covered(page, "path.assumed") == {(chain.assumed.row, chain.assumed.column)}
        assert covered(page, "path.broken") == strip_squares(chain.broken, result)
        supposed = {(m.row, m.column) for link in chain.links for m in link.marks}
        supposed.add((chain.assumed.row, chain.assumed.column))
        full = covered(page, "path.supposed-full")
        assert full <= supposed and full == {(m.row, m.column) for link in chain.links for m in link.marks
                                             if m.value == FULL} | ({(chain.assumed.row, chain.assumed.column)}
                                                                          if chain.assumed.value == FULL else set())
        buttons = page.locator("#reasoning ol.links button")
        assert buttons.count() == len(chain.merged) + 2  # the supposition, the links, the break
        buttons.nth(1).click()  # the first link: its strip outlined, its squares drawn, nothing broken yet
        first = chain.merged[0]
        assert covered(page, "path.link-strip") == strip_squares(first.strip, result)
        assert covered(page, "path.broken") == set()
        assert {(m.row, m.column) for m in first.marks} <= (covered(page, "path.supposed-full")
                                                             | covered(page, "path.supposed-empty"))
        assert buttons.nth(1).get_attribute("aria-pressed") == "true"
        buttons.nth(0).click()  # only the supposition
        assert covered(page, "path.supposed-full") | covered(page, "path.supposed-empty") == {
            (chain.assumed.row, chain.assumed.column)}
        page.keyboard.press("ArrowRight")  # the next step starts with its own chain, whole
        assert page.text_content("#position").startswith(f"Step {probe.number + 1} ")
        assert page.errors == []

    @pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
    def test_search_step(self, open_page, forever, size):
        """A search step outlines the searched block's strip (not where its marks landed) and highlights its
        clue; the block's places are drawn, and a breaking place's chain is drawn when it is chosen."""
        result, path = forever
        step = next(step for step in result.steps if step.search is not None
                    and any(mark.strip != step.search.branches[0].placement.strip for mark in step.marks)
                    and any(branch.chain is not None for branch in step.search.branches))
        block = step.search.branches[0].placement.strip
        page = open_page(path, f"#step-{step.number}", size=size)
        assert covered(page, "path.strip") == strip_squares(block, result)
        assert page.get_attribute("#board path.clue-band", "d").count("M") == 1
        places = page.locator("#reasoning ol.places button")
        assert places.count() == len(step.search.branches)
        drawn_places = covered(page, "path.places") | covered(page, "path.place-left")
        for branch in step.search.branches:
            placement = branch.placement
            cells = {placement.strip.square(p) for p in range(placement.start, placement.start + placement.size)}
            assert cells <= drawn_places
        n, branch = next((n, branch) for n, branch in enumerate(step.search.branches) if branch.chain is not None)
        places.nth(n).click()
        assert covered(page, "path.broken") == strip_squares(branch.chain.broken, result)
        assert page.locator("#reasoning ol.links button").count() == len(branch.chain.merged) + 2
        assert page.errors == []


    @pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
    def test_two_solutions(self, open_page, tmp_path, size):
        """A puzzle with several solutions: both are drawn, side by side at 1366 px (one above the other on a
        phone), each at a readable size with the squares where they differ framed; the differing squares are listed in words; the count is the one ``check`` gives."""
        result = paint.solve(paint.load(str(JWILK / "data087.nin")))
        assert result.status == "multiple"
        path = tmp_path / "two.html"
        path.write_text(render_html(result), encoding="utf-8")
        page = open_page(path, size=size)
        places = result.solutions[0].differences(result.solutions[1])
        boxes = []
        for n, grid in ((1, result.solutions[0]), (2, result.solutions[1])):
            figure = page.locator(f"#solution-{n}")
            assert figure.is_visible()
            boxes.append(figure.bounding_box())
            frames = figure.locator("path.marked").get_attribute("d")
            assert frames.count("M") == len(places)
            full = {(r, c) for r, row in enumerate(grid.rows) for c, value in enumerate(row) if value == FULL}
            widths = figure.locator("g.squares rect.full").evaluate_all(
                "rects => rects.map(rect => Number(rect.getAttribute('width')))")
            assert round(sum(widths) / 20) == len(full)  # the squares of this solution, drawn as runs
        if size == DESKTOP:  # side by side; on a phone one above the other
            assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[1]["x"] > boxes[0]["x"] + boxes[0]["width"] - 1
        else:
            assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"] - 1
        for box in boxes:
            assert box["width"] >= min(size[0] - 40, 300)  # a readable size
        words = page.text_content("#outcome")
        assert f"differ in {len(places)} squares" in words
        assert check_file(str(JWILK / "data087.nin")).differing == len(places)
        assert page.errors == []


    def test_places_named_are_found(self, open_page, cat_page, cat):
        """Pointing at or focusing a place the words name ("columns 2-7, 10-19") frames those squares of the
        line worked on the board; a line named with its clue is framed whole."""
        step = next(step for step in cat.steps if len({mark.value for mark in step.marks}) == 1
                    and len(step.marks) > 1 and step.reasons)
        page = open_page(cat_page, f"#step-{step.number}")
        what = page.locator(f"#step-{step.number} p.h .what span.place").first
        what.hover()
        assert covered(page, "path.named-place") == {(mark.row, mark.column) for mark in step.marks}
        page.mouse.move(0, 0)
        assert covered(page, "path.named-place") == set()
        line = page.locator(f"#step-{step.number} p.h span.place").first  # "row 12" of "row 12 [7 11]"
        line.focus()
        assert covered(page, "path.named-place") == strip_squares(step.marks[0].strip, cat)
        assert page.errors == []


    def test_places_in_context(self, open_page, forever):
        """A square set named across a line ("row 9, columns 7-9"), a line named by its block ("row 16's 5"),
        a bare place under a line named with its clue: each frames the squares its words mean."""
        result, path = forever
        width = result.puzzle.width

        def framed(page, number, words):
            squares = page.evaluate(
                "([n, w]) => Array.from(document.querySelectorAll('#step-' + n + ' span.place'))"
                ".filter(s => s.textContent === w).map(s => s.getAttribute('data-squares'))", [number, words])
            assert squares, words
            return {(int(i) // width, int(i) % width) for i in squares[0].split()}

        page = open_page(path, "#step-74")
        assert framed(page, 74, "row 9, columns 7-9") == {(8, 6), (8, 7), (8, 8)}
        assert framed(page, 74, "rows 10, 12") == {(9, 4), (11, 4)}  # under "column 5 [1 1] would make ..."
        page = open_page(path, "#step-17")
        page.click("#step-17 summary")
        assert framed(page, 17, "row 16") == {(15, c) for c in range(width)}
        assert framed(page, 17, "columns 11-15") == {(15, c) for c in range(10, 15)}
        assert page.errors == []

# ------------------------------------------------------------ a phone, the keyboard, guessing, zoom

def inside(page, selector: str) -> bool:
    """True when the element is wholly inside the viewport."""
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 0.5 \
        and box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5


@pytest.fixture(scope="module")
def tall_page(tmp_path_factory) -> Path:
    result = paint.solve(paint.load(str(Path(__file__).parent / "data" / "tall-10x30.non")))
    path = tmp_path_factory.mktemp("pages") / "tall.html"
    path.write_text(render_html(result), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def dancer_page(tmp_path_factory) -> Path:
    result = paint.solve(paint.load(str(PUZZLES / "dancer.pro")))
    path = tmp_path_factory.mktemp("pages") / "dancer.html"
    path.write_text(render_html(result), encoding="utf-8")
    return path


class TestPhone:
    @pytest.mark.parametrize("which", ["dancer", "tall"])
    def test_step_line_and_next_in_sight(self, open_page, which, dancer_page, tall_page, tmp_path):
        """At 390 x 844, after each Next the current step's line and the Next button are inside the viewport,
        the board is on screen beside them, and every control is at least 44 px."""
        page = open_page(dancer_page if which == "dancer" else tall_page, size=PHONE)
        for k in range(1, 13):
            page.click("#next")
            assert inside(page, f"#step-{k} p.h"), f"step {k}'s line is off screen"
            assert inside(page, "#next")
        board = page.locator("#board svg").bounding_box()
        assert board["y"] + board["height"] > 40  # some of the board is still in sight
        for control in ("#first", "#previous", "#next", "#last", "#guess", "#zoom"):
            box = page.locator(control).bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44, control
        page.screenshot(path=str(tmp_path / f"{which}-phone.png"))
        assert page.errors == []

    def test_report_fits(self, open_page, report):
        """The report reflows to a phone's width, and file names do not break mid-word."""
        page = open_page(report[0], size=PHONE, ready=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        names = page.locator("td.file").all_text_contents()
        heights = page.locator("td.file a, td.file").evaluate_all(
            "cells => cells.map(cell => getComputedStyle(cell).wordBreak + ' ' + getComputedStyle(cell).overflowWrap)")
        assert names and all("break-all" not in style and "anywhere" not in style for style in heights)


class TestKeyboard:
    def test_one_tab_stop_for_the_steps(self, open_page, cat_page, cat):
        """The step list is one tab stop; Up and Down move inside it and the focus stays on the current step."""
        page = open_page(cat_page, "#step-5")
        focusable = page.locator("#steps a[tabindex='0']")
        assert focusable.count() == 1 and focusable.get_attribute("href") == "#step-5"
        page.focus("#step-5 p.h a")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        assert page.text_content("#position").startswith("Step 7 ")
        assert page.evaluate("document.activeElement.getAttribute('href')") == "#step-7"
        page.keyboard.press("ArrowUp")
        assert page.evaluate("document.activeElement.getAttribute('href')") == "#step-6"

    def test_places_tab_only_in_the_step_shown(self, open_page, cat_page):
        """The places named in the words take the focus only in the step shown, not in steps read before."""
        page = open_page(cat_page)
        for _ in range(12):
            page.keyboard.press("ArrowRight")
        counts = page.evaluate("Array.from(document.querySelectorAll('#steps li.step')).map(li => "
                               "li.querySelectorAll('span.place[tabindex=\"0\"]').length)")
        assert sum(counts) == counts[12] > 0

    def test_back_after_a_jump(self, open_page, cat_page, cat):
        """A click on a step is a jump: Back returns to the step before it, not off the page; Next is no jump."""
        page = open_page(cat_page, "#step-3")
        page.click("#next")
        page.click("#step-20 p.h b")
        assert page.text_content("#position").startswith("Step 20 ")
        page.go_back()
        page.wait_for_function("document.querySelector('#position').textContent.startsWith('Step 4 ')")
        assert_board_shows(page, cat, 4)
        assert page.evaluate("location.hash") == "#step-4"

    def test_focus_stays_on_the_control(self, open_page, cat_page):
        """Next, pressed from the keyboard, keeps the focus; a click on a step puts it on that step."""
        page = open_page(cat_page)
        page.focus("#next")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "next"
        page.click("#step-1 p.h b")
        assert page.evaluate("document.activeElement.getAttribute('href')") == "#step-1"

    def test_step_announced_and_board_described(self, open_page, cat_page, cat):
        """The live region says the step's own line; the board's text alternative counts its squares now."""
        page = open_page(cat_page)
        page.click("#next")
        page.click("#next")
        said = page.text_content("#said")
        assert said.startswith(f"Step 2 of {len(cat.steps)}: ") and step_head(cat.steps[1]) in said
        full, empty = replayed(cat, 2)
        blank = cat.puzzle.width * cat.puzzle.height - len(full) - len(empty)
        assert page.text_content("#board svg desc") == (
            f"The grid after step 2 of {len(cat.steps)}: {len(full)} full, {len(empty)} empty, {blank} blank.")


class TestGuessAndZoom:
    def test_guess_first(self, open_page, cat_page, cat):
        """Guess first: a step forward outlines its line and hides what it marks until Reveal."""
        page = open_page(cat_page, "#step-3")
        page.click("#guess")
        page.click("#next")
        assert page.text_content("#position").startswith("Step 4 ")
        assert drawn(page, "new-full") | drawn(page, "new-empty") == set()
        assert not page.is_visible("#step-4 .what") and page.is_visible("#reveal")
        assert covered(page, "path.strip")  # the line to work is outlined
        hidden = document_marks(cat, 4, "full") | document_marks(cat, 4, "empty")
        assert not hidden & (drawn(page, "full") | drawn(page, "empty"))
        square = sorted(hidden)[0]
        page.evaluate("([r, c]) => { const d = JSON.parse(document.getElementById('paint-data').textContent);"
                      " const svg = document.querySelector('#board svg'); const m = svg.getScreenCTM();"
                      " const x = m.a * (d.left + (c + 0.5) * d.square) + m.e, y = m.d * (d.top + (r + 0.5) * d.square) + m.f;"
                      " svg.dispatchEvent(new MouseEvent('mousemove', {clientX: x, clientY: y, bubbles: true})); }",
                      list(square))
        told = page.text_content("#square")
        assert "blank before this step" in told and "marked by this step" not in told
        page.evaluate("location.hash = '#step-4'")  # the address of the step shown: still hidden
        page.wait_for_timeout(100)
        assert page.is_visible("#reveal")
        page.click("#reveal")
        assert_board_shows(page, cat, 4)
        assert page.is_visible("#step-4 .what") and not page.is_visible("#reveal")
        page.click("#guess")  # off: the next step is shown at once
        page.click("#next")
        assert_board_shows(page, cat, 5)

    def test_zoom(self, open_page, tall_page):
        """Zoom shows a window around the squares the step works, bigger; again, the whole board."""
        page = open_page(tall_page, "#step-8", size=PHONE)
        whole = page.get_attribute("#board svg", "viewBox")
        before = page.locator("#board svg").bounding_box()
        scale = before["width"] / float(whole.split()[2])
        page.click("#zoom")
        window = page.get_attribute("#board svg", "viewBox")
        after = page.locator("#board svg").bounding_box()
        assert window != whole and after["width"] / float(window.split()[2]) > 1.5 * scale
        page.click("#zoom")
        assert page.get_attribute("#board svg", "viewBox") == whole


# ------------------------------------------------------------ an automated accessibility check

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
"""axe-core 4.14.1 (Deque Systems, MPL 2.0: vendor/LICENSE-axe-core), vendored so the test needs no network."""


def serious_violations(page) -> list[str]:
    """What axe-core finds on the page as it stands, of impact serious or critical, one line each."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")["violations"]
    return [f"{violation['impact']} {violation['id']}: {violation['help']} at "
            f"{[node['target'] for node in violation['nodes'][:3]]}"
            for violation in found if violation["impact"] in ("serious", "critical")]


class TestAccessibility:
    @pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
    def test_viewer(self, open_page, forever, size, tmp_path):
        """No serious violation on the viewer: at a line step, at a probe step, at a search step with a place
        chosen, guessing, and on the page of a puzzle with two solutions."""
        result = paint.solve(paint.load(str(PUZZLES / "edge.pro")))
        edge = tmp_path / "edge.html"
        edge.write_text(render_html(result), encoding="utf-8")
        probe = next(step for step in result.steps if step.chain is not None)
        page = open_page(edge, f"#step-{probe.number}", size=size)
        assert serious_violations(page) == []
        page.click("#guess")
        page.click("#next")
        assert serious_violations(page) == []
        searched, path = forever
        step = next(step for step in searched.steps if step.search is not None)
        page = open_page(path, f"#step-{step.number}", size=size)
        page.locator("#reasoning ol.places button").first.click()
        assert serious_violations(page) == []
        two = paint.solve(paint.load(str(JWILK / "data087.nin")))
        several = tmp_path / "two.html"
        several.write_text(render_html(two), encoding="utf-8")
        page = open_page(several, "#step-3", size=size)
        assert serious_violations(page) == []

    @pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
    def test_report(self, open_page, report, size):
        """No serious violation on the report, filtered or not."""
        page = open_page(report[0], size=size)
        assert serious_violations(page) == []
        page.click("#filters button[data-verdict='ok']")
        assert serious_violations(page) == []


# ------------------------------------------------------------ the report

@pytest.fixture(scope="module")
def report(tmp_path_factory) -> tuple[Path, list, dict]:
    """The report page of four checks, the checks, and the name the table gives each file."""
    several = paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]])
    checks = [check_file(str(PUZZLES / "cat.pro")), check_file(str(JWILK / "data016.nin")),
              check_puzzle(several, file="two-ways.non"), check_file(str(PUZZLES / "dancer.pro"))]
    out = io.StringIO()
    write_report_html(out, checks, seconds=1.0)
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, checks, dict(zip((check.file for check in checks), short_names(check.file for check in checks)[1]))


class TestReport:
    def files(self, page) -> list[str]:
        return page.locator("#report tbody td.file").all_text_contents()

    def test_sort_by_column(self, open_page, report):
        """A click on a heading sorts by that column, a second the other way; verdicts sort worst first."""
        path, checks, names = report
        page = open_page(path)
        page.click("#report th:text('steps')")
        by_steps = sorted(checks, key=lambda check: check.steps)
        assert self.files(page) == [names[check.file] for check in by_steps]
        assert page.get_attribute("#report th:text('steps')", "aria-sort") == "ascending"
        page.click("#report th:text('steps')")
        assert self.files(page) == [names[check.file] for check in reversed(by_steps)]
        page.click("#report th:text('verdict')")  # worst first
        assert page.locator("#report tbody .verdict").all_text_contents() == ["multiple", "needs-search", "ok", "ok"]
        before = self.files(page)
        page.click("#report th:text('notes')")
        assert self.files(page) == before and page.get_attribute("#report th:text('notes')", "aria-sort") is None
        assert page.errors == []

    def test_problems_first_and_filters(self, open_page, report):
        """The first row is a problem puzzle; a count in the summary shows only its verdict's puzzles, "all" every one."""
        path, checks, names = report
        page = open_page(path)
        assert page.locator("#report tbody tr").first.get_attribute("data-verdict") == "multiple"
        page.click("#filters button[data-verdict='ok']")
        visible = [row for row in page.locator("#report tbody tr").all() if row.is_visible()]
        assert [row.get_attribute("data-verdict") for row in visible] == ["ok", "ok"]
        assert page.get_attribute("#filters button[data-verdict='ok']", "aria-pressed") == "true"
        page.click("#filters button[data-verdict='']")
        assert all(row.is_visible() for row in page.locator("#report tbody tr").all())
        assert page.errors == []

    def test_screenshot(self, open_page, report, tmp_path):
        """The pictures show: black squares, and red frames where two solutions differ."""
        page = open_page(report[0])
        shot = tmp_path / "report.png"
        page.screenshot(path=str(shot), full_page=True)
        _, _, pixels = read_png(shot.read_bytes())
        assert sum(max(pixel) < 60 for pixel in pixels) > 5000
        assert sum(near(pixel, (0xE0, 0x1B, 0x24)) for pixel in pixels) > 100


# ------------------------------------------------------------ finding the browser

def test_browser_that_cannot_start_skips():
    """With ``PAINT_CHROMIUM`` naming a program that is no Chromium, every browser test is skipped with a reason
    naming the program and the failure, and none is an error."""
    env = dict(os.environ, PAINT_CHROMIUM="/bin/true", PYTHONPATH=str(ROOT))
    finished = subprocess.run([sys.executable, "-m", "pytest", str(Path(__file__)), "-k", "not cannot_start",
                               "-o", "addopts=", "-p", "no:cacheprovider", "-q", "-rs"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    summary = finished.stdout.strip().splitlines()[-1]
    assert finished.returncode == 0, finished.stdout[-3000:]
    assert re.match(r"=* ?(\d+) skipped, 1 deselected in ", summary), summary
    assert int(re.search(r"(\d+) skipped", summary).group(1)) >= 17, summary
    reasons = [line for line in finished.stdout.splitlines() if line.startswith("SKIPPED")]
    assert reasons and all(re.search(r"Chromium at /bin/true \(PAINT_CHROMIUM\) could not be started: \S", line)
                           for line in reasons), reasons
