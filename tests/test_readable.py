"""Every step checkable from what is printed (issue 31): each line rule's step draws its line, the grid is drawn with
numbers a reader can count by, a step that cites other lines is near a picture, and a puzzle with several solutions
ends on the choice, with both solutions drawn.

The pictures are read back character by character and compared with the grids they draw; the solutions with the
independent checker (``tests/checker.py``).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import paint
from checker import is_solution
from paint.render import board
from paint.render.text import SCREEN, Picture, StepPart, line_drawing, render_text, result_parts
from paint.result import cites_other_lines, replay, step_line
from paint.squares import BLANK, EMPTY, FULL, Grid

ROOT = Path(__file__).parent.parent
CORPUS = Path(__file__).parent / "corpus"
MULTIPLE = [CORPUS / "jwilk" / f"data{n}.nin" for n in ("001", "083", "084", "087")]
"""The corpus puzzles with more than one solution (tests/corpus/README.md)."""
PROBES = [ROOT / "puzzles" / "edge.pro", CORPUS / "survey" / "webpbn-00027-bucks.non",
          CORPUS / "jwilk" / "data144.nin", CORPUS / "jwilk" / "data084.nin"]
"""Puzzles whose solves take probe or search steps, which cite squares off their own line."""


@functools.cache
def solved(path):
    return paint.solve(paint.load(path))


def read_board(lines, drawn: board.Board, height: int, width: int) -> Grid:
    """The grid a picture draws, read back from the characters of each square (``marked`` glyphs as their value)."""
    glyphs = {"X": FULL, "#": FULL, ".": EMPTY, "*": EMPTY, " ": BLANK}
    grid = Grid.blank(height, width)
    for row in range(height):
        for column in range(width):
            line, start = drawn.square(row, column)
            cell = lines[line][start:start + drawn.cell].strip() or " "
            assert len(set(cell)) == 1, (row, column, cell)
            grid.rows[row][column] = glyphs[cell[0]]
    return grid


class TestRuler:
    @pytest.mark.parametrize("size", [1, 4, 5, 9, 10, 11, 99, 100, 101, 315])
    def test_each_number_ends_over_its_square(self, size):
        """Over a line drawn '>' then one character per square, the number N ends at character N."""
        ruler = board.ruler(size)
        numbers = [(int(m.group()), m.end() - 1) for m in re.finditer(r"\d+", ruler)]
        assert numbers[0] == (1, 1)
        assert all(at == n for n, at in numbers)
        assert [n for n, _ in numbers[1:]] == [n for n in range(5, size + 1, 5)][:len(numbers) - 1]
        assert len(numbers) >= size // 5  # none left out but where two would touch

    def test_column_numbers_under_a_picture(self):
        """Under a picture the number of column N ends at the last character of column N's cell."""
        for cell in (2, 3):
            line = board.column_numbers(40, cell, left=7)
            for match in re.finditer(r"\d+", line):
                column = int(match.group())
                assert match.end() == 7 + cell * column, (cell, column)


class TestBoard:
    @pytest.mark.parametrize("path", [ROOT / "puzzles" / "cat.pro", ROOT / "puzzles" / "dancer.pro",
                                      CORPUS / "jwilk" / "data084.nin"], ids=lambda p: p.stem)
    def test_squares_numbers_and_clues_read_back(self, path):
        """A picture read back gives its grid; each row is numbered; every column clue reads as its numbers."""
        result = solved(path)
        puzzle = result.puzzle
        drawn = board.draw(puzzle, result.grid)
        lines = drawn.lines
        assert read_board(lines, drawn, puzzle.height, puzzle.width) == result.grid
        for row in range(puzzle.height):
            assert lines[drawn.top + row].endswith(f"| {row + 1}")
        for column, clue in enumerate(puzzle.columns):  # each column's cell, down the clue lines
            start = drawn.left + drawn.cell * column
            cells = [line[start:start + drawn.cell] for line in lines[:drawn.top - 1]]
            assert all(cell == "" or cell[0] == " " for cell in cells), (column, cells)  # never touching the left
            assert [int(cell) for cell in cells if cell.strip()] == (list(clue) or [0])
        assert drawn.cell == (3 if any(n >= 10 for clue in puzzle.columns for n in clue) else 2)

    def test_two_digit_column_clues_never_touch(self):
        """Cat's columns 11-13 have clues 9, 10 and 13: they read ' 9 10 13', never '91013'."""
        lines = board.draw(paint.load(ROOT / "puzzles" / "cat.pro")).lines
        assert " 9 10 13 " in lines[board.draw(paint.load(ROOT / "puzzles" / "cat.pro")).top - 2]
        assert not any("1013" in line for line in lines)

    def test_answer_has_a_key_to_its_letters(self):
        """The answer in Kramer's output format writes 10 as 'a' and 13 as 'd', and says so under it."""
        text = render_text(solved(ROOT / "puzzles" / "cat.pro"), grids=False)
        assert "53428998789ad2466566" in text
        assert "\nkey: a = 10, d = 13\n" in text


class TestLineUnderEachStep:
    @pytest.mark.parametrize("path", [ROOT / "puzzles" / "cat.pro", CORPUS / "jwilk" / "data084.nin"],
                             ids=lambda p: p.stem)
    def test_drawn_line_is_the_strip_replayed(self, path):
        """Under every line rule's step: the ruler, then the strip before and after, as replayed from the marks."""
        result = solved(path)
        grid = replay(result.puzzle, ())
        drawn = 0
        for part in result_parts(result, grids=False):
            if not isinstance(part, StepPart):
                continue
            step = part.step
            if step_line(step) is None:
                assert part.drawing == ()
            else:
                strip = step.strip
                before = bytes(grid.rows[strip.index]) if strip.kind == "row" else bytes(
                    row[strip.index] for row in grid.rows)
                ruler, was, now = part.drawing
                assert was == "    before  >" + "".join(" -#"[v] for v in before) + "<"
                assert ruler.strip().startswith("1") and ruler.index("1") == len("    before  >")
                drawn += 1
            for mark in step.marks:
                grid.mark(mark.row, mark.column, mark.value)
            if step_line(step) is not None:
                after = bytes(grid.rows[strip.index]) if strip.kind == "row" else bytes(
                    row[strip.index] for row in grid.rows)
                assert now == "    after   >" + "".join(" -#"[v] for v in after) + "<"
        assert drawn > 50

    def test_brief_leaves_it_out(self):
        result = solved(ROOT / "puzzles" / "dancer.pro")
        assert "before  >" not in render_text(result, brief=True)
        assert "before  >" in render_text(result)
        assert line_drawing(result.steps[0])[1].startswith("    before  >")


class TestPicturesNear:
    @pytest.mark.parametrize("path", PROBES, ids=lambda p: p.stem)
    def test_a_step_off_its_line_is_within_a_screen_of_a_picture(self, path):
        """A step that draws no line of its own (a probe, a search step) starts at most a screen below the bottom of
        the last picture (its frame, column numbers and legend)."""
        result = solved(path)
        off_line = {step.number for step in result.steps if cites_other_lines(step)}
        assert off_line
        last = None
        for index, line in enumerate(render_text(result, show_time=False).splitlines()):
            if re.fullmatch(r" +-[-+]+", line):
                last = index
            match = re.match(r"(\d+)\. ", line)
            if match and int(match.group(1)) in off_line:
                assert last is not None and index - last <= SCREEN + 3, (match.group(1), index - last)


class TestSeveralSolutions:
    @pytest.mark.parametrize("path", MULTIPLE, ids=lambda p: p.stem)
    def test_choice_said_and_both_solutions_drawn(self, path):
        """Both solutions satisfy every clue; the explanation ends on where the choice is; no picture before the
        ending holds a square no step marked; and the text draws both solutions, every difference listed."""
        result = solved(path)
        puzzle = result.puzzle
        assert result.status == "multiple"
        first, second = result.solutions[:2]
        for grid in (first, second):
            assert is_solution(puzzle.rows, puzzle.columns, grid.lines())
        choice = result.choice()
        strip = choice.first.strip
        one = first.rows[strip.index] if strip.kind == "row" else [row[strip.index] for row in first.rows]
        other = second.rows[strip.index] if strip.kind == "row" else [row[strip.index] for row in second.rows]
        for line, placement in ((one, choice.first), (other, choice.second)):
            block = range(placement.start, placement.start + placement.size)
            assert all(line[p] == FULL for p in block)
            assert all(line[p] == EMPTY for p in (block.start - 1, block.stop) if 0 <= p < len(line))
        assert choice.first.start != choice.second.start

        # every picture before the ending is the grid replayed from the steps shown so far
        grid = replay(puzzle, ())
        parts = list(result_parts(result, show_time=False))
        pictures = 0
        for part in parts:
            if isinstance(part, StepPart):
                for mark in part.step.marks:
                    grid.mark(mark.row, mark.column, mark.value)
            elif isinstance(part, Picture):
                drawn = board.draw(puzzle, grid)
                assert read_board(part.lines, drawn, puzzle.height, puzzle.width) == grid
                pictures += 1
        assert pictures >= 2
        choice_part = [part for part in parts if isinstance(part, StepPart)][-1]
        assert choice_part.step.rule == "choice" and choice_part.step.number == len(result.steps) + 1
        assert choice.head in " ".join(" ".join(choice_part.lines).split())

        text = render_text(result, show_time=False)
        said = " ".join(text.split())
        for row, column in result.differences():
            assert re.search(rf"row {row + 1}: columns? [\d, -]*\b{column + 1}\b", said) or \
                re.search(rf"row {row + 1}: columns? [\d, -]*\d+-\d+", said)
        assert text.count("solution 1") == 2 and text.count("solution 2") == 2  # the choice step and the picture
        ending = text[text.index("multiple: "):].splitlines()
        head = next(i for i, line in enumerate(ending) if "solution 1" in line and "solution 2" in line
                    or line.strip() == "solution 1")
        drawn = board.draw(puzzle, first)
        if "solution 2" in ending[head]:  # side by side
            left = [line[:ending[head].index("solution 2") - 0] for line in ending[head + 1:]]
            right = [line[ending[head].index("solution 2") - drawn.left:] for line in ending[head + 1:]]
            assert read_board(left, drawn, puzzle.height, puzzle.width) == first
            assert read_board(right, drawn, puzzle.height, puzzle.width) == second
        else:
            below = ending[head + 1:]
            assert read_board(below, drawn, puzzle.height, puzzle.width) == first
            start = below.index("", ) + 1
            assert read_board(below[start + 1:], drawn, puzzle.height, puzzle.width) == second

    def test_differing_squares_drawn_by_symbol(self):
        """In the two pictures exactly the squares where the solutions differ are drawn ## or *, in both."""
        result = solved(MULTIPLE[0])
        picture = [part for part in result_parts(result) if not isinstance(part, (StepPart, Picture))][1].picture
        assert len(picture.highlights) == 2 * len(result.differences())
        for mark in picture.highlights:
            assert picture.lines[mark.line][mark.start:mark.end].strip() in ("##", "###", "*")
        drawn = sum(line.count("#") // board.cell_width(result.puzzle) + line.count("*") for line in picture.lines)
        assert drawn == 2 * len(result.differences())

    def test_choice_in_the_json_document(self):
        """The JSON document says where the choice is, in its schema; a solved puzzle's choice is null."""
        import json

        import jsonschema
        schema = json.loads((Path(__file__).parent / "schema.json").read_text(encoding="utf-8"))
        document = solved(MULTIPLE[0]).to_document()
        jsonschema.validate(document, schema)
        assert document["choice"] == {
            "strip": "row 2", "clue": [1, 1], "block": 2, "size": 1, "starts": [8, 9],
            "text": "row 2's second 1 lies at column 8 in solution 1 and at column 9 in solution 2;"
                    " each solution satisfies every clue",
            "differences": [[2, 8], [2, 9], [3, 8], [3, 9]]}
        assert solved(ROOT / "puzzles" / "dancer.pro").to_document()["choice"] is None


SEARCH_PUZZLES = [CORPUS / "jwilk" / "data016.nin"] + [
    CORPUS / "survey" / f"webpbn-{name}.non" for name in ("00065-mum", "00803-light", "01611-merka", "06574-forever")]
"""The corpus puzzles whose solves take search steps (faase's too, but it takes minutes to solve)."""


def fits(clue, glyphs: str) -> bool:
    """Whether some placement of ``clue`` fits the line ``glyphs`` (' ' blank, '.' empty, 'X' full): the
    independent regular expression of tests/checker.py."""
    from checker import clue_pattern
    return clue_pattern(clue).fullmatch(glyphs) is not None


def forced(clue, glyphs: str, positions=None) -> dict[int, str]:
    """The exact line solver of this test: every blank square (of ``positions``, when given) that only one value
    lets ``clue`` fit, with it."""
    found = {}
    for position in range(len(glyphs)) if positions is None else positions:
        if glyphs[position] != " ":
            continue
        can = [value for value in "X." if fits(clue, glyphs[:position] + value + glyphs[position + 1:])]
        if len(can) == 1:
            found[position] = can[0]
    return found


class TestSearchChains:
    @pytest.mark.parametrize("path", SEARCH_PUZZLES, ids=lambda p: p.stem)
    def test_each_breaking_place_replays(self, path):
        """Every place of a search step's block that breaks carries its chain: from the grid before the step with
        the block placed, each link's marks follow from its strip alone (this test's own exact line solver) and
        the broken strip cannot be completed.  The place that survives has none; the text tells each chain."""
        result = solved(path)
        puzzle = result.puzzle
        grid = replay(puzzle, ())
        chains = 0
        for step in result.steps:
            if step.search is not None:
                for index, branch in enumerate(step.search.branches):
                    chain = branch.chain
                    if index == step.search.survived:
                        assert chain is None
                    if chain is None:
                        continue
                    assert branch.outcome == "contradiction"
                    trial = grid.copy()
                    place = branch.placement
                    block = range(place.start, place.start + place.size)
                    line = strip_glyphs(grid, place.strip)
                    for position in block:
                        line = line[:position] + "X" + line[position + 1:]
                    for position in (block.start - 1, block.stop):
                        if 0 <= position < len(line):
                            line = line[:position] + "." + line[position + 1:]
                    before = forced(place.clue[:place.target], line[:max(block.start - 1, 0)])
                    after = forced(place.clue[place.target + 1:], line[block.stop + 1:])
                    for mark in chain.placed:
                        assert grid.rows[mark.row][mark.column] == BLANK
                        assert mark.strip == place.strip
                        glyph = "X" if mark.value == FULL else "."
                        if block.start - 1 <= mark.position <= block.stop:  # the block and its ends
                            assert line[mark.position] == glyph
                        elif mark.position < block.start:  # the blocks before it lie before it
                            assert before.get(mark.position) == glyph
                        else:  # those after it, after it
                            assert after.get(mark.position - block.stop - 1) == glyph
                        trial.mark(mark.row, mark.column, mark.value)
                    for position in block:  # the block lies where the branch puts it
                        r, c = branch.placement.strip.square(position)
                        assert trial.rows[r][c] == FULL
                    for link in chain.links:
                        glyphs = strip_glyphs(trial, link.strip)
                        follows = forced(link.clue, glyphs, [mark.position for mark in link.marks])
                        for mark in link.marks:
                            assert follows.get(mark.position) == ("X" if mark.value == FULL else "."), link.text
                            trial.mark(mark.row, mark.column, mark.value)
                    assert not fits(chain.broken_clue, strip_glyphs(trial, chain.broken)), chain.broken.name
                    chains += 1
                    said = " ".join(render_text_step(step).split())
                    assert f"if it lay at {branch.placement.where}" in said
                    assert f"and {chain.broken.name} [" in said
            for mark in step.marks:
                grid.mark(mark.row, mark.column, mark.value)
        assert chains

    def test_each_place_left_of_a_case_analysis_gives_its_squares(self):
        """For a case-analysis step, each place left that is told shows how the squares the step concludes follow
        from it: from the grid before the step with the block placed, each link's marks are forced on its strip
        (this test's own exact line solver), and then every square of the step holds."""
        result = solved(SEARCH_PUZZLES[-1])  # forever: dozens of case-analysis steps
        grid = replay(result.puzzle, ())
        told = 0
        for step in result.steps:
            search = step.search
            if search is not None and search.agreed:
                for branch in search.branches:
                    if branch.follows is None:
                        continue
                    trial = grid.copy()
                    for mark in branch.follows.placed:
                        assert grid.rows[mark.row][mark.column] == BLANK and mark.strip == branch.placement.strip
                        trial.mark(mark.row, mark.column, mark.value)
                    for link in branch.follows.links:
                        follows = forced(link.clue, strip_glyphs(trial, link.strip), [m.position for m in link.marks])
                        for mark in link.marks:
                            assert follows.get(mark.position) == ("X" if mark.value == FULL else "."), link.text
                            trial.mark(mark.row, mark.column, mark.value)
                    for mark in step.marks:
                        assert trial.rows[mark.row][mark.column] == mark.value, step.line
                    told += 1
                if all(b.follows is not None for b in search.branches if b.outcome not in ("contradiction",
                                                                                            "exhausted")):
                    assert "so, wherever it lies: " in render_text_step(step)
            for mark in step.marks:
                grid.mark(mark.row, mark.column, mark.value)
        assert told > 20


def strip_glyphs(grid: Grid, strip) -> str:
    line = grid.rows[strip.index] if strip.kind == "row" else [row[strip.index] for row in grid.rows]
    return "".join(" .X"[value] for value in line)


def render_text_step(step) -> str:
    from paint.render.text import step_part
    part = step_part(step)
    return "\n".join([*part.lines, *part.reasons])


@pytest.mark.parametrize("path", SEARCH_PUZZLES[:3] + MULTIPLE[:1], ids=lambda p: p.stem)
def test_documents_of_search_puzzles_fit_the_schema(path):
    """The JSON documents of solves with probes, search chains and several solutions fit tests/schema.json (mum's
    try_one failure pushes a bound past the line's start: its fact's bound is -1)."""
    import json

    import jsonschema
    schema = json.loads((Path(__file__).parent / "schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(solved(path).to_document(), schema)


class TestSeveralSolutionsCommand:
    def test_solve_prints_what_render_text_does(self, capsys):
        """paint solve draws its last picture from the grid the steps built, as render_text does: no square of a
        solution that no step marked (data001's columns 8-9 of rows 2-3)."""
        from paint import cli
        assert cli.main(["solve", str(MULTIPLE[0])]) == 4
        printed = capsys.readouterr().out
        expected = render_text(solved(MULTIPLE[0]))
        without_time = [line for line in printed.splitlines() if not line.startswith("  time")]
        assert without_time == [line for line in expected.splitlines() if not line.startswith("  time")]

    def test_page_of_several_solutions(self, tmp_path):
        """--html writes the page of a puzzle with several solutions (exit 4), its outcome saying where the choice is."""
        from paint import cli
        page = tmp_path / "page.html"
        assert cli.main(["solve", "--no-grids", str(MULTIPLE[0]), "--html", str(page), "-o", str(tmp_path / "t")]) == 4
        text = page.read_text(encoding="utf-8")
        assert "row 2&#x27;s second 1 lies at column 8 in solution 1 and at column 9 in solution 2" in text


def test_a_limit_while_telling_a_search_stops_the_solve_cleanly(monkeypatch):
    """When the budget runs out while a search step's chains are told, the step stands, told as far as it got,
    and the solve ends with status limit: no traceback (it escaped once, at --max-time 1.5 on forever)."""
    from paint.budget import LimitReached
    from paint.rules import probe

    def spent(*args, **kwargs):
        raise LimitReached()

    monkeypatch.setattr(probe._Follower, "run_marks", spent)
    monkeypatch.setattr(probe._Follower, "derive", spent)
    result = paint.solve(paint.load(SEARCH_PUZZLES[0]))
    searched = [step for step in result.steps if step.search is not None]
    assert searched and all(branch.chain is None for step in searched for branch in step.search.branches)
    assert result.status in ("solved", "limit")
    said = render_text(result)
    assert "so it lies at column 15" in said or "has 2 places - column 16 breaks row 9" in said
