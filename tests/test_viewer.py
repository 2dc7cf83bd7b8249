"""The HTML pages as documents, read without a browser: the step-through viewer of ``solve --html`` and the
editor's report of ``check --html``.

Each page is parsed with the standard library (``tests/pages.py``) and read
back against the result it was written from: every step's line, marks,
strips and reasons; the packed reasons unpacked; the answer and summary;
nothing loaded from elsewhere.  ``test_browser.py`` drives the same pages
in Chromium.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

import paint
from pages import parse, steps_of, unpacked
from paint import cli
from paint.check import check_file, check_puzzle
from paint.options import SolveOptions
from paint.render.html import DEPTHS, render_html
from paint.render.report import write_report_html
from paint.render.svg import BLANK_FILL as THUMBNAIL_BLANK
from paint.squares import EMPTY, FULL, starting_grid
from paint.wording import step_body, step_head

ROOT = Path(__file__).parent.parent
PUZZLES = ROOT / "puzzles"
JWILK = Path(__file__).parent / "corpus" / "jwilk"

TRICKY_TITLE = 'Fish & <Chips> "to go" </script> \u2013 caf\u00e9 \U0001f3a8'
"""A title with markup characters, a script's end tag and unicode."""


@pytest.fixture(scope="module")
def dancer():
    return paint.solve(paint.load(str(PUZZLES / "dancer.pro")))


@pytest.fixture(scope="module")
def cat():
    return paint.solve(paint.load(str(PUZZLES / "cat.pro")))


@pytest.fixture(scope="module")
def edge():
    """Edge (webpbn #23): line logic stalls and the edge probe finishes it."""
    result = paint.solve(paint.load(str(PUZZLES / "edge.pro")))
    assert any(step.chain is not None for step in result.steps)
    return result


@pytest.fixture(scope="module")
def searched():
    """A jwilk puzzle only search finishes."""
    result = paint.solve(paint.load(str(JWILK / "data016.nin")))
    assert any(step.search is not None for step in result.steps)
    return result


def shown(lines):
    """``(depth, text)`` lines as the page indents them (at most :data:`DEPTHS` deep)."""
    return [(min(max(depth, 1), DEPTHS), text) for depth, text in lines]


def marks_of(step, value):
    return {(mark.row, mark.column) for mark in step.marks if mark.value == value}


class TestViewerPage:
    def test_head(self, dancer):
        """HTML5 in English, UTF-8, titled after the puzzle; the script marks ``<html>`` as running (class no-js until then)."""
        page = render_html(dancer)
        root, doctype = parse(page)
        assert page.startswith("<!DOCTYPE html>") and doctype == "DOCTYPE html"
        html = root.find("html")
        assert html.get("lang") == "en" and html.get("class") == "no-js"
        assert root.find("meta", charset="utf-8") is not None
        assert root.find("title").text() == "Dancer - paint"
        assert root.find("h1").text() == "Dancer"

    def test_steps(self, cat):
        """One item per step after the start, in order: its line, and the squares it made full and empty, as data."""
        steps = steps_of(render_html(cat))
        assert [step["number"] for step in steps] == list(range(len(cat.steps) + 1))
        assert steps[0]["head"] == "0. Start: every square blank." and not steps[0]["full"] | steps[0]["empty"]
        for shown_step, step in zip(steps[1:], cat.steps):
            assert shown_step["head"] == f"{step.number}. {step_head(step)}"
            assert shown_step["full"] == marks_of(step, FULL)
            assert shown_step["empty"] == marks_of(step, EMPTY)
            assert shown_step["strips"] == {f"{mark.strip.kind[0]}{mark.strip.index}" for mark in step.marks}

    def test_marks_replay_to_the_answer(self, cat):
        """Applying every item's marks to the starting grid gives the solved grid."""
        grid = {(r, c): " " for r in range(cat.grid.height) for c in range(cat.grid.width)}
        for step in steps_of(render_html(cat))[1:]:
            grid.update(dict.fromkeys(step["full"], "X"))
            grid.update(dict.fromkeys(step["empty"], "."))
        assert ["".join(grid[r, c] for c in range(cat.grid.width)) for r in range(cat.grid.height)] == cat.grid.lines()

    def test_reasons(self, cat):
        """Under each step its reasons, as the text explanation words them; none when brief."""
        steps = steps_of(render_html(cat))
        assert all(shown_step["reasons"] == shown(step_body(step)) for shown_step, step in zip(steps[1:], cat.steps))
        assert sum(len(step["reasons"]) for step in steps) > len(cat.steps)
        assert not any(step["reasons"] or step["folded"] for step in steps_of(render_html(cat, brief=True)))

    def test_probe_chain_folded(self, edge):
        """A probe's chain is folded in a ``<details>``, whose summary names the square assumed."""
        page = render_html(edge)
        root, _ = parse(page)
        for shown_step, step in zip(steps_of(page)[1:], edge.steps):
            if step.chain is None:
                continue
            assert shown_step["reasons"] == [] and shown_step["folded"] == shown(step_body(step))
            summary = root.find("li", id=f"step-{step.number}").find("summary").text()
            assumed = step.chain.assumed
            assert f"row {assumed.row + 1}, column {assumed.column + 1} were {assumed.value.word}" in summary
        detailed = steps_of(render_html(edge, detail=True))
        probe = next(step for step in edge.steps if step.chain is not None)
        assert detailed[probe.number]["folded"] == shown(step_body(probe, detail=True))

    def test_search_places_folded(self, searched):
        """A search step says what it tried; the fate of each place is folded under it."""
        for shown_step, step in zip(steps_of(render_html(searched))[1:], searched.steps):
            if step.search is None:
                continue
            assert shown_step["reasons"] == shown(step_body(step))
            places = [text for depth, text in shown_step["folded"] if depth == 1]
            assert len(places) == len(step.search.branches)
            assert all(f"{branch.placement.block} at {branch.placement.where}" in text
                       for branch, text in zip(step.search.branches, places))

    def test_packed_reasons(self, cat):
        """With no room for reasons in the list, every step's reasons are packed, word for word, with one note saying so."""
        inline = render_html(cat)
        packed = render_html(cat, inline=0)
        assert "class=\"note\"" not in inline and packed.count("class=\"note\"") == 1
        assert len(packed) < len(inline)
        reasons = unpacked(packed)
        assert sorted(reasons) == [step.number for step in cat.steps]
        root, _ = parse(inline)
        for number, fragment in reasons.items():
            item = root.find("li", id=f"step-{number}").find("div", cls="r")
            assert parse(fragment)[0].text() == item.text()
        assert not any(step["reasons"] for step in steps_of(packed))

    def test_packing_starts_midway(self, cat):
        """Reasons go in the list until the budget is spent; every step's reasons are then either inline or packed, once."""
        page = render_html(cat, inline=20_000)
        steps = steps_of(page)
        reasons = unpacked(page)
        inline = [step["number"] for step in steps if step["reasons"]]
        assert inline and reasons
        assert max(inline) < min(reasons)
        assert sorted(inline + list(reasons)) == [step.number for step in cat.steps]

    def test_rounds(self, dancer):
        """With rounds on (``--steps strip``) the list is grouped by round, Kramer's rule applications."""
        root, _ = parse(render_html(dancer))
        headings = [item.text() for item in root.find_all("li", cls="round")]
        first = {}
        for step in dancer.steps:
            first.setdefault(step.round, step.rule)
        assert headings == [f"round {number}: {rule}" for number, rule in first.items()]
        assert headings[0] == "round 1: overlap" and len(headings) > 2
        assert parse(render_html(dancer, rounds=False))[0].find("li", cls="round") is None

    def test_outcome_and_summary(self, dancer):
        """After the list: the outcome, the answer as an SVG picture whose full squares are the grid's, and the summary."""
        root, _ = parse(render_html(dancer, show_time=False))
        outcome = root.find("section", id="outcome")
        assert outcome.find("p", cls="message").text() == "solved"
        answer = outcome.find("figure", cls="answer")
        full = sum(int(float(rect.get("width")) / float(rect.get("height")))
                   for rect in answer.find_all("rect", cls="full"))
        assert full == sum(line.count("X") for line in dancer.grid.lines())
        rows = {row.find("th").text(): row.find("td").text() for row in outcome.find("table", cls="summary").find_all("tr")}
        assert rows["all rules"] == f"{len(dancer.steps)} steps" and "time" not in rows

    def test_self_contained(self, edge):
        """Nothing is loaded from elsewhere: no src, links only to the page's own steps, ids unique, patterns inside."""
        page = render_html(edge, detail=True)
        root, _ = parse(page)
        assert not re.search(r"\bsrc\s*=|@import|https?://(?!www\.w3\.org/2000/svg)", page)
        assert all(re.fullmatch(r"#step-\d+", element.get("href")) for element in root.iter() if element.get("href"))
        ids = [element.get("id") for element in root.iter() if element.get("id")]
        assert len(ids) == len(set(ids))
        outside_scripts = re.sub(r"<script[^>]*>.*?</script>", "", page, flags=re.S)
        assert set(re.findall(r"url\(#([^)]*)\)", outside_scripts)) <= {"empty-square", "board-empty-square"}
        pattern = json.loads(root.find("script", id="paint-data").text())["pattern"]
        assert root.find("div", id="board").find("pattern", id=pattern) is not None  # what the script fills with
        scripts = root.find_all("script")
        assert page.count("</script>") == len(scripts) == 2

    def test_title_escaped(self):
        """A title with markup and a script's end tag is escaped in the heading and cannot end a script."""
        result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]], title=TRICKY_TITLE))
        page = render_html(result)
        root, _ = parse(page)
        assert root.find("h1").text() == TRICKY_TITLE
        assert root.find("title").text() == f"{TRICKY_TITLE} - paint"
        assert page.count("</script>") == len(root.find_all("script"))

    def test_given_squares(self, cat):
        """From a partial grid, the page's data carries the given squares and step 0 says so."""
        given = [line if r < 9 else " " * len(line) for r, line in enumerate(cat.grid.lines())]
        puzzle = paint.solver.with_given(cat.puzzle, paint.Grid.from_lines(given))
        result = paint.solve(puzzle)
        page = render_html(result)
        data = json.loads(parse(page)[0].find("script", id="paint-data").text())
        assert data["start"] == "".join(starting_grid(puzzle).lines())
        assert steps_of(page)[0]["head"] == "0. Start: the given squares, the rest blank."

    def test_rule_steps(self, dancer):
        """With ``--steps rule`` a step spans many strips: every strip it marked is outlined."""
        result = paint.solve(dancer.puzzle, SolveOptions(steps="rule"))
        steps = steps_of(render_html(result, rounds=False))
        assert any(len(step["strips"]) > 1 for step in steps)


@pytest.fixture(scope="module")
def checks():
    """Four verdicts: ok (cat), needs-search (a jwilk puzzle), multiple (built), error (no such file)."""
    several = paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]], title="Two ways")
    found = [check_file(str(PUZZLES / "cat.pro")),
             check_file(str(JWILK / "data016.nin")),
             check_puzzle(several, file="two-ways.non"),
             check_file(str(ROOT / "no-such-puzzle.non"))]
    assert [check.verdict for check in found] == ["ok", "needs-search", "multiple", "error"]
    return found


class TestReportPage:
    def page(self, checks, **options):
        import io
        out = io.StringIO()
        write_report_html(out, checks, seconds=1.5, **options)
        return out.getvalue()

    def test_table(self, checks):
        """One row per puzzle: file, size, verdict (coloured and written), and the summary line above."""
        root, _ = parse(self.page(checks))
        assert [cell.text() for cell in root.find("thead").find_all("th")] == [
            "file", "size", "verdict", "grade", "hardest rule", "steps", "blank at stall", "seconds", "notes", "picture"]
        rows = root.find("tbody").find_all("tr")
        # problems first: the unreadable file, the puzzle with two solutions, the one that needs search, then ok
        assert [row.find("span", cls="verdict").text() for row in rows] == ["error", "multiple", "needs-search", "ok"]
        assert [row.find_all("td")[2].get("data-sort") for row in rows] == ["0", "2", "4", "13"]
        assert [row.find_all("td")[3].text() for row in rows] == ["", "", "6 (search)", "2 (reach)"]
        assert "verdict ok pass" in rows[-1].find("span", cls="verdict").get("class")
        assert root.find("p", cls="summary").text().endswith("(4 puzzles, 1.5 s)")

    def test_pictures(self, checks):
        """The solution of a puzzle that passes, the grid at the stall (blank squares grey) of one that needs search,
        two solutions with the differing squares framed for multiple, nothing for an error."""
        root, _ = parse(self.page(checks))
        rows = root.find("tbody").find_all("tr")
        error_picture, several_picture, search_picture, cat_picture = (row.find("td", cls="picture") for row in rows)
        assert [f.text() for f in cat_picture.find_all("figcaption")] == ["solution"]
        assert search_picture.find("figcaption").text() == f"at the stall ({checks[1].blank_at_stall} blank)"
        assert search_picture.find("path", fill=THUMBNAIL_BLANK) is not None
        figures = several_picture.find_all("figure")
        assert [f.find("figcaption").text() for f in figures] == ["solution 1", "solution 2"]
        for figure in figures:
            frames = re.findall(r"M", figure.find("path", cls="marked").get("d"))
            assert len(frames) == checks[2].differing == 4
        assert error_picture.find("svg") is None

    def test_links_and_filters(self, checks, tmp_path):
        """Each file name links to its file (relative to the report's folder); a puzzle with a page links "steps";
        the summary's counts are filter buttons, one per verdict present; the differing squares are in words."""
        base = tmp_path / "out"
        pages = {checks[1].file: "data016.nin.html"}
        root, _ = parse(self.page(checks, base=str(base), pages=pages))
        rows = root.find("tbody").find_all("tr")
        search_row = rows[2]
        link = search_row.find("td", cls="file").find("a")
        assert (base / link.get("href")).resolve() == Path(checks[1].file).resolve()
        assert search_row.find("a", cls="steps-page").get("href") == "data016.nin.html"
        assert rows[3].find("a", cls="steps-page") is None
        buttons = root.find("p", cls="filters").find_all("button")
        assert [b.get("data-verdict") for b in buttons] == ["", "error", "multiple", "needs-search", "ok"]
        assert "where: row 1: columns 1-2; row 2: columns 1-2" in rows[1].find("td", cls="notes").text()

    def test_escaped_and_self_contained(self, checks):
        """File names are escaped; the page loads nothing from elsewhere and has one script."""
        tricky = [paint.check.Check('<b>&"x</script>.non', "error", error="unreadable")]
        page = self.page(list(checks) + tricky)
        assert '<b>&"x' not in page and page.count("</script>") == 1
        assert not re.search(r"\bsrc\s*=|@import|https?://(?!www\.w3\.org/2000/svg)", page)


class TestCommands:
    def test_solve_html(self, tmp_path, capsys):
        """``solve --html`` writes the viewer beside the text explanation; ``--steps rule`` leaves out the round headings."""
        page = tmp_path / "dancer.html"
        assert cli.main(["solve", str(PUZZLES / "dancer.pro"), "--html", str(page)]) == 0
        assert "1. overlap" in capsys.readouterr().out
        text = page.read_text(encoding="utf-8")
        assert 'id="step-1"' in text and 'class="round"' in text
        assert cli.main(["solve", str(PUZZLES / "dancer.pro"), "--steps", "rule", "--html", str(page)]) == 0
        assert 'class="round"' not in page.read_text(encoding="utf-8")

    def test_check_html(self, tmp_path, capsys):
        """``check --html`` writes the report of the batch as well as the table."""
        page = tmp_path / "report.html"
        assert cli.main(["check", str(PUZZLES / "dancer.pro"), str(PUZZLES / "cat.pro"), "--jobs", "1",
                         "--html", str(page)]) == 0
        assert "2 ok" in capsys.readouterr().out
        rows = parse(page.read_text(encoding="utf-8"))[0].find("tbody").find_all("tr")
        assert [row.find("td", cls="file").text() for row in rows] == ["dancer.pro", "cat.pro"]

    def test_check_html_folder(self, tmp_path, capsys):
        """``check --html DIR/`` writes DIR/index.html and a step-through page for each puzzle that is not ok,
        linked from its row; the pages are the explained solves of those puzzles."""
        folder = tmp_path / "report"
        edge, dancer = PUZZLES / "edge.pro", PUZZLES / "dancer.pro"
        assert cli.main(["check", str(dancer), str(edge), "--jobs", "1", "--html", f"{folder}/"]) == 1
        capsys.readouterr()
        assert sorted(path.name for path in folder.iterdir()) == ["edge.pro.html", "index.html"]
        root, _ = parse((folder / "index.html").read_text(encoding="utf-8"))
        rows = root.find("tbody").find_all("tr")
        assert [row.get("data-verdict") for row in rows] == ["needs-probes", "ok"]
        assert rows[0].find("a", cls="steps-page").get("href") == "edge.pro.html"
        assert (folder / rows[0].find("td", cls="file").find("a").get("href")).resolve() == edge.resolve()
        page = (folder / "edge.pro.html").read_text(encoding="utf-8")
        result = paint.solve(paint.load(str(edge)))
        assert len(steps_of(page)) == len(result.steps) + 1  # step 0, the start, and every step
        odd = tmp_path / "odd"  # names a link would have to quote, and one puzzle of a file of many
        odd.mkdir()
        (odd / "a b#1 100%.pro").write_text(edge.read_text(encoding="utf-8"), encoding="utf-8")
        many = Path(__file__).parent / "corpus" / "taai2011" / "questions.txt"
        text = many.read_text(encoding="utf-8")
        (odd / "q.txt").write_text(text[:text.index("$", text.index("$", text.index("$") + 1) + 1)], encoding="utf-8")
        out = tmp_path / "out"
        cli.main(["check", str(odd), "--jobs", "1", "--max-time", "5", "--html", f"{out}/"])
        capsys.readouterr()
        root, _ = parse((out / "index.html").read_text(encoding="utf-8"))
        for row in root.find("tbody").find_all("tr"):
            target = row.find("td", cls="file").find("a")
            assert target is not None and (out / unquote(target.get("href"))).is_file(), row.get("data-verdict")
            page = row.find("a", cls="steps-page")
            if page is not None:
                assert "#" not in page.get("href") and (out / unquote(page.get("href"))).is_file()
        again = tmp_path / "again"  # an existing folder, named without the slash
        again.mkdir()
        assert cli.main(["check", str(dancer), "--jobs", "1", "--html", str(again)]) == 0
        assert sorted(path.name for path in again.iterdir()) == ["index.html"]

    def test_check_html_folder_keeps_other_files(self, tmp_path, capsys):
        """A page of ``check --html DIR/`` never takes the name of ``-o``'s report or of a puzzle file in DIR: it
        is named around it, and the report, the puzzle and the page are each whole."""
        folder = tmp_path / "report"
        folder.mkdir()
        edge = PUZZLES / "edge.pro"
        puzzle = folder / "edge.pro.html"  # a puzzle file whose name is that of the other puzzle's page
        puzzle.write_text(edge.read_text(encoding="utf-8"), encoding="utf-8")
        report = folder / "edge.pro.html.html"  # -o's report, named as the first puzzle's page would be
        assert cli.main(["check", str(edge), str(puzzle), "--jobs", "1", "-o", str(report),
                         "--html", f"{folder}/"]) == 1
        capsys.readouterr()
        assert puzzle.read_text(encoding="utf-8") == edge.read_text(encoding="utf-8")
        assert report.read_text(encoding="utf-8").startswith("| file")
        root, _ = parse((folder / "index.html").read_text(encoding="utf-8"))
        pages = [row.find("a", cls="steps-page").get("href") for row in root.find("tbody").find_all("tr")]
        assert len(set(pages)) == 2 and not {"edge.pro.html", "edge.pro.html.html", "index.html"} & set(pages)
        for page in pages:
            assert len(steps_of((folder / page).read_text(encoding="utf-8"))) > 1
        linked = tmp_path / "linked"  # a link in DIR to an input elsewhere, and a folder, each named like a page
        linked.mkdir()
        elsewhere = tmp_path / "elsewhere.pro"
        elsewhere.write_text(edge.read_text(encoding="utf-8"), encoding="utf-8")
        (linked / "edge.pro.html").symlink_to(elsewhere)
        (linked / "elsewhere.pro.html").mkdir()
        assert cli.main(["check", str(edge), str(elsewhere), "--jobs", "1", "--html", f"{linked}/"]) == 1
        capsys.readouterr()
        assert elsewhere.read_text(encoding="utf-8") == edge.read_text(encoding="utf-8")
        root, _ = parse((linked / "index.html").read_text(encoding="utf-8"))
        pages = {row.find("a", cls="steps-page").get("href") for row in root.find("tbody").find_all("tr")}
        assert len(pages) == 2 and not {"edge.pro.html", "elsewhere.pro.html"} & pages
        assert all((linked / page).is_file() for page in pages)

    @pytest.mark.parametrize("command", [["solve", "--html", "-"], ["check", "--html", "-"],
                                         ["check", "-o", "{same}", "--html", "{same}"],
                                         ["check", "--html", "/dev/stdout"], ["solve", "--html", "/dev/stdout"]])
    def test_refused(self, command, tmp_path, capsys):
        """``--html -`` and ``--html`` naming the file of ``-o`` are refused before any work, exit 2, one line."""
        same = str(tmp_path / "same")
        arguments = [command[0], str(PUZZLES / "dancer.pro")] + [a.replace("{same}", same) for a in command[1:]]
        assert cli.main(arguments) == 2
        error = capsys.readouterr().err
        assert error.startswith("paint: ") and error.count("\n") == 1
        assert not Path(same).exists()

    @pytest.mark.parametrize("command", ["solve", "check"])
    def test_hard_link_refused(self, command, tmp_path, capsys):
        """``-o`` and ``--html`` naming one file through a hard link are refused, and the file is left as it was."""
        first, second = tmp_path / "a", tmp_path / "b"
        first.write_text("kept\n", encoding="utf-8")
        os.link(first, second)
        assert cli.main([command, str(PUZZLES / "dancer.pro"), "-o", str(first), "--html", str(second)]) == 2
        assert "must name different files" in capsys.readouterr().err
        assert first.read_text(encoding="utf-8") == "kept\n"
