"""Partial grids (given squares in .pro files, grid files, solve --grid, start=) and paint hint."""

import copy
import json
import random
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paint
from checker import brute_force, clue_pattern, clues_of, columns_of, is_solution
from paint import cli
from paint.formats import pro
from paint.formats.grid import grid_text, parse_grid
from paint.hint import hint
from paint.render.hint import hint_lines
from paint.rules import LINE_RULE_NAMES

ROOT = Path(__file__).parent.parent
CORPUS = Path(__file__).parent / "corpus"
DANCER = ROOT / "puzzles" / "dancer.pro"
SCHEMA = json.loads((Path(__file__).parent / "hint_schema.json").read_text())
SOLVE_SCHEMA = json.loads((Path(__file__).parent / "schema.json").read_text())
SAMPLE = ([CORPUS / "survey" / f"webpbn-0000{n}.non" for n in ("1-dancer", "6-cat")]
               + sorted((CORPUS / "jwilk").glob("data0[0-4]*.nin"))[::4]
               + sorted((CORPUS / "nonogram-db" / "webpbn").glob("*.non"))[:6])


def partial(puzzle, fraction, seed):
    """A sound partial grid: the grid after the first ``fraction`` of a line-logic solve's steps."""
    result = paint.solve(puzzle, paint.SolveOptions(rules=LINE_RULE_NAMES, search=False))
    steps = result.steps[:int(len(result.steps) * fraction)]
    grid = paint.Grid.blank(puzzle.height, puzzle.width)
    for step in steps:
        for mark in step.marks:
            grid.mark(mark.row, mark.column, mark.value)
    return grid, result


def strip_squares(grid, strip):
    rows = grid.lines()
    return rows[strip.index] if strip.kind == "row" else "".join(row[strip.index] for row in rows)


class TestGridFiles:
    def test_glyphs_and_padding(self):
        grid = parse_grid("X#.-?_ \nX", "g", width=8, height=3)
        assert grid.lines() == ["XX..    ", "X       ", "        "]

    def test_round_trip(self):
        grid = paint.Grid.from_lines(["X. ", "   ", " .X"])
        assert parse_grid(grid_text(grid), "g", width=3, height=3) == grid

    @pytest.mark.parametrize("text, message", [
        ("XXXXXXX\n", "g:1: 7 squares for a puzzle of 5 columns"),
        ("X\n" * 11, "g:11: 11 lines for a puzzle of 10 rows"),
        ("X\nX*\n", "g:2: column 2 holds '*'"),
        ("X\0", "g: binary content, not a grid file"),
    ])
    def test_bad_grids(self, text, message):
        with pytest.raises(paint.PuzzleFormatError) as caught:
            parse_grid(text, "g", width=5, height=10)
        assert str(caught.value).startswith(message)

    def test_bad_grid_file_on_the_command_line(self, tmp_path, capsys):
        bad = tmp_path / "mine.txt"
        bad.write_text("X\n..Z\n")
        assert cli.main(["solve", str(DANCER), "--grid", str(bad)]) == 2
        assert capsys.readouterr().err == f"paint: {bad}:2: column 3 holds 'Z'; a square is X or # (full), . or - " \
                                          "(empty), ?, _ or a space (blank)\n"
        assert cli.main(["hint", str(DANCER), "--grid", str(tmp_path / "none.txt")]) == 2

    def test_api(self, tmp_path):
        path = tmp_path / "g.txt"
        path.write_text("X\n")
        assert paint.load_grid(path, paint.load(DANCER)).lines()[0] == "X    "
        assert paint.parse_grid("X.", width=3).lines() == ["X. "]


class TestGivenSquares:
    def test_pro_reads_and_writes_given_squares(self, tmp_path):
        """Kramer decision 3: XX full and ' .' empty in a .pro picture are given squares; convert keeps them."""
        text = DANCER.read_text().replace("  2  1|          |", "  2  1|  XX .    |")
        source = tmp_path / "given.pro"
        source.write_text(text)
        puzzle = paint.load(source)
        assert puzzle.given[1] == " X.  " and puzzle.given[0] == "     "
        assert paint.formats.pro.read(pro.write(puzzle), "x.pro") == puzzle
        out = tmp_path / "again.pro"
        assert cli.main(["convert", str(source), str(out)]) == 0
        assert paint.load(out) == puzzle

    def test_convert_names_what_it_drops(self, tmp_path, capsys):
        source = tmp_path / "given.pro"
        source.write_text(DANCER.read_text().replace("  2  1|          |", "  2  1|  XX      |"))
        assert cli.main(["convert", str(source), str(tmp_path / "g.non")]) == 0
        assert "given squares" in capsys.readouterr().err

    def test_a_bad_square_in_the_picture(self, tmp_path):
        source = tmp_path / "bad.pro"
        source.write_text(DANCER.read_text().replace("  2  1|          |", "  2  1|  X?      |"))
        with pytest.raises(paint.PuzzleFormatError, match=r"bad.pro:12: column 2 of the grid holds 'X\?'"):
            paint.load(source)

    @pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
    @pytest.mark.parametrize("fraction", [0.2, 0.6])
    def test_solve_resumes_from_a_partial_grid(self, path, fraction):
        """From a sound partial grid the solve ends at the puzzle's solution, and marks only blank squares."""
        puzzle = paint.load(path)
        grid, _ = partial(puzzle, fraction, 0)
        result = paint.solve(puzzle, start=grid)
        assert result.status == "solved"
        assert result.grid == paint.solve(puzzle).grid
        assert is_solution([list(c) for c in puzzle.rows], [list(c) for c in puzzle.columns], result.grid.lines())
        known = {(r, c) for r, row in enumerate(grid.rows) for c, v in enumerate(row) if v}
        assert all((m.row, m.column) not in known for step in result.steps for m in step.marks)
        assert result.puzzle.given == tuple(grid.lines())
        assert sum(len(s.marks) for s in result.steps) == sum(line.count(" ") for line in grid.lines())

    def test_given_squares_that_break_a_clue(self, tmp_path, capsys):
        grid = tmp_path / "g.txt"
        grid.write_text("XXX\n")  # row 1 of dancer is [2]
        assert cli.main(["solve", str(DANCER), "--grid", str(grid), "--no-grids"]) == 1
        out = capsys.readouterr().out
        assert "contradiction: row 1 cannot hold its given squares - the 2 cannot start before column 3" in " ".join(out.split())
        result = paint.solve(paint.load(DANCER), start=paint.parse_grid("XXX", width=5, height=10))
        assert result.status == "contradiction" and result.contradiction.strip.name == "row 1"

    def test_wrong_size(self):
        with pytest.raises(ValueError, match="does not fit a puzzle of 5 columns x 10 rows"):
            paint.solve(paint.load(DANCER), start=paint.Grid.blank(2, 2))

    def test_json_and_pictures_start_from_the_given_squares(self, tmp_path, capsys):
        grid = tmp_path / "g.txt"
        grid.write_text("\n XX\n")
        assert cli.main(["solve", str(DANCER), "--grid", str(grid), "--json"]) == 0
        document = json.loads(capsys.readouterr().out)
        assert document["puzzle"]["given"][1] == " XX  "
        assert cli.main(["solve", str(DANCER), "--grid", str(grid)]) == 0
        assert "  2  1|  XXXX    |" in capsys.readouterr().out  # the first picture shows them


class TestHint:
    def test_the_first_step_has_the_time_kept_for_the_line_step(self, monkeypatch):
        """When line logic has no step from the grid, the solve that finds the first step (a probe's) may use the
        tenth of --max-time the solves kept for the line step: a first solve that ran into that tenth still
        leaves the hint its step, not 'limit'."""
        import time

        import paint.hint as hints
        solve, calls = hints._solve, []

        def slow_first(puzzle, options, **more):  # the puzzle's own solve ends in the kept tenth
            calls.append(options.max_time)
            result = solve(puzzle, options, **more)
            if len(calls) == 1:
                time.sleep(options.max_time * 1.02)
            return result

        monkeypatch.setattr(hints, "_solve", slow_first)
        found = hint(paint.load(ROOT / "puzzles" / "edge.pro"), None, paint.SolveOptions(max_time=2))
        assert found.status == "step" and found.step.rule == "edge"
        assert calls[0] < 1.85 and calls[1] > 0.1  # the first left the tenth; the last had it

    @pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
    def test_the_next_step_follows_on_its_strip(self, path):
        """From sound partial grids, the hint's marks are blank squares that line logic forces on their strip."""
        puzzle = paint.load(path)
        for fraction in (0.0, 0.3, 0.7):
            grid, _ = partial(puzzle, fraction, 0)
            found = hint(puzzle, grid)
            assert found.status == "step" and found.mistakes == ()
            step = found.step
            strip = step.strip
            clue = puzzle.rows[strip.index] if strip.kind == "row" else puzzle.columns[strip.index]
            before = strip_squares(grid, strip)
            pattern = clue_pattern(clue)
            for mark in step.marks:
                position = mark.column if strip.kind == "row" else mark.row
                assert before[position] == " "
                other = "." if mark.value == paint.Square.FULL else "X"
                assert not pattern.fullmatch(before[:position] + other + before[position + 1:])

    @pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
    def test_the_same_rung_as_the_solve(self, path):
        """On the grid before each of a sample of a solve's steps, the hint gives a step of the same rule as the
        solve's: the cheapest that makes progress (it may choose another strip of that rule, the one quickest to
        check)."""
        puzzle = paint.load(path)
        steps = paint.solve(puzzle).steps
        grid = paint.Grid.blank(puzzle.height, puzzle.width)
        every = max(len(steps) // 6, 1)  # six grids from each solve, from the start to near the end
        for number, step in enumerate(steps):
            if number % every == 0 and step.rule != "search":
                assert hint(puzzle, grid).step.rule == step.rule, f"before step {step.number}"
            for mark in step.marks:
                grid.mark(mark.row, mark.column, mark.value)

    @pytest.mark.parametrize("path", SAMPLE[:6], ids=lambda p: p.stem)
    def test_flipped_squares_are_the_mistakes(self, path):
        puzzle = paint.load(path)
        rng = random.Random(path.stem)
        grid, whole = partial(puzzle, 0.5, 0)
        known = [(r, c) for r, row in enumerate(grid.rows) for c, v in enumerate(row) if v]
        flipped = sorted(rng.sample(known, rng.randint(1, 3)))
        for r, c in flipped:
            grid.mark(r, c, paint.Square.EMPTY if grid.rows[r][c] == paint.Square.FULL else paint.Square.FULL)
        found = hint(puzzle, grid)
        assert found.status == "mistakes"
        assert [(m.row, m.column) for m in found.mistakes] == flipped
        assert found.step is None

    def test_solved_grid(self, capsys):
        puzzle = paint.load(DANCER)
        grid = paint.Grid.from_lines(puzzle.goal)
        found = hint(puzzle, grid)
        assert found.status == "solved" and found.unique is True
        assert hint_lines(found) == ["solved: every square is right, and its solution is the only one"]

    def test_no_solution(self):
        found = hint(paint.Puzzle(rows=[[1], [1]], columns=[[2], [1]]))
        assert found.status == "no-solution"

    def test_levels(self):
        puzzle = paint.load(DANCER)
        found = hint(puzzle)
        one, two, three = (hint_lines(found, level=n) for n in (1, 2, 3))
        assert one == ["look at column 3"]
        assert two == ["look at column 3: overlap (simple boxes)"]
        assert three == ["next: overlap (simple boxes): column 3 [7] - rows 4-7 full",
                         "    the 7 lies in a line of 10 squares, so it covers rows 4-7 however it lies",
                         "             1   5   10",
                         "    before  >          <",
                         "    after   >   ####   <"]

    def test_line_logic_stuck_gives_a_probe(self):
        found = hint(paint.load(ROOT / "puzzles" / "edge.pro"))
        assert found.status == "step" and found.step.rule == "edge"
        # the probe that opens the most, as the solve's first step (tests/golden/edge.strip.txt)
        assert hint_lines(found, level=1) == ["look at row 11, column 2"]

    def test_several_solutions(self):
        """With two solutions, a square is a mistake only if no solution has it."""
        puzzle = paint.Puzzle(rows=[[1], [1], [0]], columns=[[1], [1], [0]])
        grid = paint.Grid.from_lines(["X  ", "   ", "  X"])
        found = hint(puzzle, grid)
        assert found.status == "mistakes" and [(m.row, m.column) for m in found.mistakes] == [(2, 2)]
        found = hint(puzzle, paint.Grid.from_lines(["X  ", "   ", "   "]))
        assert found.status == "step" and found.unique is False
        assert hint_lines(found, level=1)[-1] == "note: the puzzle has more than one solution"

    @settings(max_examples=60, deadline=None)
    @given(st.integers(2, 4), st.integers(2, 4), st.integers(0, 2 ** 16), st.data())
    def test_mistakes_against_brute_force(self, height, width, bits, data):
        rng = random.Random(bits)
        lines = ["".join(rng.choice("X.") for _ in range(width)) for _ in range(height)]
        rows, columns = clues_of(lines), clues_of(columns_of(lines))
        solutions = brute_force(rows, columns, height, width)
        puzzle = paint.Puzzle(rows=rows, columns=columns)
        cells = [(r, c) for r in range(height) for c in range(width)]
        chosen = data.draw(st.lists(st.sampled_from(cells), unique=True, max_size=4))
        grid = paint.Grid.blank(height, width)
        for r, c in chosen:
            grid.mark(r, c, paint.Square.FULL if data.draw(st.booleans()) else paint.Square.EMPTY)
        found = hint(puzzle, grid)
        expected = sorted((r, c) for r, c in chosen
                          if not any((s[r][c] == "X") == (grid.rows[r][c] == paint.Square.FULL) for s in solutions))
        assert sorted((m.row, m.column) for m in found.mistakes) == expected
        agreeing = [s for s in solutions if all((s[r][c] == "X") == (grid.rows[r][c] == paint.Square.FULL)
                                                for r, c in chosen)]
        if expected:
            assert found.status == "mistakes"
        elif not agreeing:
            assert found.status == "conflict"  # no square wrong alone, but no solution has them all
        elif len(chosen) == height * width:
            assert found.status == "solved"
        else:
            assert found.status == "step" or found.status == "multiple" and len(agreeing) > 1
            if found.status == "step":  # the step agrees with every solution that agrees with the grid
                for mark in found.step.marks:
                    assert all((s[mark.row][mark.column] == "X") == (mark.value == paint.Square.FULL) for s in agreeing)


class TestHintCommand:
    def test_exit_statuses_and_json(self, tmp_path, capsys):
        grid = tmp_path / "g.txt"
        grid.write_text("X\n")
        assert cli.main(["hint", str(DANCER), "--grid", str(grid), "--json"]) == 5
        document = json.loads(capsys.readouterr().out)
        jsonschema.validate(document, SCHEMA)
        assert document["status"] == "mistakes" and document["step"] is None
        assert document["mistakes"] == [{"row": 1, "column": 1, "value": "full"}]
        assert cli.main(["hint", str(DANCER), "--json"]) == 0
        document = json.loads(capsys.readouterr().out)
        jsonschema.validate(document, SCHEMA)
        step_schema = copy.deepcopy(SOLVE_SCHEMA["properties"]["steps"]["items"])
        step_schema["$defs"] = SOLVE_SCHEMA["$defs"]
        jsonschema.validate(document["step"], step_schema)
        assert document["mistakes"] == []
        assert cli.main(["hint", str(DANCER), "--level", "1", "--grid", str(grid)]) == 5
        assert capsys.readouterr().out == "1 mistake, in row 1\n"

    def test_no_solution_exit(self, tmp_path, capsys):
        bad = tmp_path / "bad.non"
        bad.write_text("width 2\nheight 2\nrows\n2\n0\ncolumns\n0\n2\n")
        assert cli.main(["hint", str(bad)]) == 1


class TestGridOption:
    def test_check_judges_from_the_given_squares(self, tmp_path, capsys):
        """An editor's given squares can make a needs-probes puzzle ok: check --grid judges from them."""
        edge = CORPUS / "survey" / "webpbn-00023-edge.non"
        solution = paint.solve(paint.load(edge)).grid
        grid = tmp_path / "g.txt"
        grid.write_text(grid_text(paint.Grid(solution.height, solution.width,
                                             [list(row) if r < 8 else [0] * solution.width
                                              for r, row in enumerate(solution.rows)])))
        assert cli.main(["check", str(edge), "--grid", str(grid), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)[0]["verdict"] == "ok"
        assert cli.main(["check", str(edge), "--json"]) == 1
        capsys.readouterr()
        assert cli.main(["check", str(ROOT / "puzzles"), "--grid", str(grid)]) == 2
        assert "--grid gives the squares of one puzzle" in capsys.readouterr().err

    def test_solve_all_with_a_grid_is_refused(self, tmp_path, capsys):
        grid = tmp_path / "g.txt"
        grid.write_text("X\n")
        questions = CORPUS / "taai2011" / "questions.txt"
        assert cli.main(["solve", str(questions), "--all", "--grid", str(grid)]) == 2
        assert "choose it with --puzzle N" in capsys.readouterr().err

    def test_grid_from_standard_input(self):
        import os
        import subprocess
        import sys
        done = subprocess.run([sys.executable, "-m", "paint", "hint", str(DANCER), "--grid", "-", "--level", "1"],
                              input="X\n", capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert (done.returncode, done.stdout) == (5, "1 mistake, in row 1\n"), done.stderr


class TestHintEdges:
    def test_squares_that_break_a_clue_together(self):
        """Two solutions, and a grid that takes one square from each: none is wrong alone, together they are."""
        puzzle = paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]])
        found = hint(puzzle, paint.Grid.from_lines(["X ", " X"]))
        assert found.status == "step"  # X. / .X is a solution
        found = hint(puzzle, paint.Grid.from_lines(["XX", "  "]))
        assert found.status == "conflict" and found.mistakes == ()
        assert "row 1 cannot hold its given squares" in found.reason
        assert cli_hint_status(puzzle, ["XX", "  "]) == 5

    def test_a_puzzles_own_given_squares_stay_the_puzzles(self, tmp_path, capsys):
        """A .pro puzzle's given squares make it unique; a grid against them has a mistake, not a next step."""
        source = tmp_path / "diagonal.pro"
        source.write_text("     1 1\n    ----\n  1|XX  |\n  1|    |\n    ----\n")
        grid = tmp_path / "g.txt"
        grid.write_text(" X\n")
        assert cli.main(["hint", str(source), "--grid", str(grid), "--level", "2"]) == 5
        assert capsys.readouterr().out == "1 mistake:\n    row 1, column 2 should not be full\n"
        assert cli.main(["hint", str(source)]) == 0
        assert "note: the puzzle has more than one solution" not in capsys.readouterr().out

    def test_json_tells_no_more_than_the_level(self, tmp_path, capsys):
        grid = tmp_path / "g.txt"
        grid.write_text("X\n")
        assert cli.main(["hint", str(DANCER), "--grid", str(grid), "--json", "--level", "1"]) == 5
        document = json.loads(capsys.readouterr().out)
        jsonschema.validate(document, SCHEMA)
        assert document["mistakes"] == [{"row": 1}]
        assert cli.main(["hint", str(DANCER), "--json", "--level", "2"]) == 0
        document = json.loads(capsys.readouterr().out)
        jsonschema.validate(document, SCHEMA)
        assert document["step"] == {"where": "column 3", "rule": "overlap", "technique": "simple boxes"}

    def test_solve_json_with_given_squares_is_valid(self, tmp_path, capsys):
        grid = tmp_path / "g.txt"
        grid.write_text("\n XX\n")
        assert cli.main(["solve", str(DANCER), "--grid", str(grid), "--json"]) == 0
        jsonschema.validate(json.loads(capsys.readouterr().out), SOLVE_SCHEMA)

    def test_ctrl_c_is_an_interruption(self):
        """Ctrl-C during a hint's solve exits 130, not 'the time ran out'."""
        import os
        import signal
        import subprocess
        import sys
        import time
        # knotty: no solver here decides it in minutes, so the hint is still being worked out at the Ctrl-C
        process = subprocess.Popen([sys.executable, "-m", "paint", "hint", str(CORPUS / "survey" / "knotty.non")],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   env=dict(os.environ, PYTHONPATH=str(ROOT)))
        time.sleep(1.5)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130 and err == "paint: interrupted\n", (process.returncode, out, err)


def cli_hint_status(puzzle, lines):
    """The exit status of ``paint hint`` on ``puzzle`` (written as .non) with the grid ``lines``."""
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "p.non"
        source.write_text(paint.formats.FORMATS["non"].write(puzzle))
        grid = Path(folder) / "g.txt"
        grid.write_text("\n".join(lines) + "\n")
        return cli.main(["hint", str(source), "--grid", str(grid)])
