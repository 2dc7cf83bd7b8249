"""On a terminal: one live display, where the status line is always cleared before text is printed above it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("pyte")
from screen import run_on_terminal  # noqa: E402 - needs pyte

FOREVER = Path(__file__).parent / "corpus" / "survey" / "webpbn-06574-forever.non"  # search steps for seconds
STATUS = re.compile(r"squares blank|searching: |working the rules")


class TestSolveScreen:
    """``paint solve`` on a terminal prints its explanation and its status line through one console."""

    def test_no_status_text_in_the_explanation(self):
        """A solve that prints search steps for seconds while its status line shows leaves every step line whole."""
        # stopped by a limit of branches just before the end (4,181 branches), after the status line had shown:
        # it shows after 0.05 s of solving here, not 0.5 s, so that a quick machine cannot end the solve first
        # (--brief ends at about 0.7 s on one, and failed a clean-clone run when the line waited 0.5 s)
        screen = run_on_terminal("solve", FOREVER, "--brief", "--no-grids", "--max-branches", "4150",
                                 status_delay=0.05)
        assert screen.status == 3
        shown = re.search(rb"of [\d,]+ squares blank, [\d.]+ s", screen.raw)  # the status line, in any stage
        assert shown and b"search (trial and error)" in screen.raw[shown.end():], \
            "the status line must show while steps are still printed, or the test proves nothing"
        assert not STATUS.search(screen.text)
        numbers = [int(match.group(1)) for line in screen.lines if (match := re.match(r"(\d+)\. \w", line))]
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 50
        assert all(re.match(r"\d+\. [a-z_ ]+\(?[a-z ]*\)?: ", line) for line in screen.lines if re.match(r"\d+\.", line))

    def test_json_whole(self):
        """The JSON document printed on a terminal while the status line shows is the document, nothing else."""
        # wider than the longest line of forever's whole document (2,402 characters: a reason of its search), which
        # a quick machine reaches within the 1.5 s: a terminal would wrap a longer line
        screen = run_on_terminal("solve", FOREVER, "--json", "--max-time", "1.5", columns=3000, height=200000)
        assert re.search(rb"of [\d,]+ squares blank, [\d.]+ s", screen.raw), "the status line must have shown"
        document = json.loads(screen.text)
        assert document["status"] == "limit" and document["steps"]


KNOTTY = Path(__file__).parent / "corpus" / "survey" / "knotty.non"  # search for minutes
DANCER = Path(__file__).parent / "corpus" / "survey" / "webpbn-00001-dancer.non"  # line logic, at once
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def _two_puzzles(folder: Path) -> Path:
    """A folder of a hard puzzle that sorts first, then a quick one."""
    folder.mkdir()
    (folder / "a-knotty.non").write_bytes(KNOTTY.read_bytes())
    (folder / "b-dancer.non").write_bytes(DANCER.read_bytes())
    return folder


class TestCheckProgress:
    """``paint check`` names the puzzles being worked, each with its time so far against the limit."""

    def test_names_the_puzzle_being_worked(self, tmp_path):
        """While the first, hard puzzle runs to its limit, the progress line names it with its time of the limit."""
        folder = _two_puzzles(tmp_path / "puzzles")
        screen = run_on_terminal("check", folder, "--jobs", "1", "--max-time", "2")
        drawn = ESCAPES.sub(b"", screen.raw).decode()
        assert re.search(r"0/2 .*· a-knotty\.non [0-9] s of 2 s", drawn)
        assert "s of 2 s" not in screen.text  # the progress line is gone; the table stays
        assert re.search(r"a-knotty\.non .*limit", screen.text) and re.search(r"b-dancer\.non .*ok", screen.text)

    @pytest.mark.parametrize("jobs", [1, 2])
    def test_batch_says_what_it_starts(self, tmp_path, jobs):
        """check_batch calls on_start once for each puzzle before its check, with at most ``jobs`` being worked."""
        from paint.batch import check_batch, find_puzzles
        from paint.check import CheckOptions
        folder = _two_puzzles(tmp_path / "puzzles")
        for name in ("c.non", "d.non", "e.non"):
            (folder / name).write_bytes(DANCER.read_bytes())
        working: set[str] = set()
        most = []
        events = []

        def start(name):
            assert name not in working
            working.add(name)
            events.append(("start", name))
            most.append(len(working))

        def done(check):
            working.remove(check.file)
            events.append(("done", check.file))

        batch = check_batch(find_puzzles([folder]), CheckOptions(max_time=1), jobs=jobs, on_check=done,
                            on_start=start)
        names = [check.file for check in batch.checks]
        assert sorted(name for kind, name in events if kind == "start") == sorted(names) and len(names) == 5
        assert not working and max(most) <= jobs
        if jobs == 1:
            assert events == [(kind, name) for name in names for kind in ("start", "done")]


MERKA = Path(__file__).parent / "corpus" / "survey" / "webpbn-01611-merka.non"  # rules, then a short search


class TestHintWithinTheLimit:
    """``paint hint`` shows progress, and gives the next line step when its search is stopped but no square
    the person filled in can be a mistake."""

    def test_line_step_when_the_search_is_stopped(self):
        """With the puzzle's own solve stopped, an empty grid gets the line step a solve to the end gives."""
        import paint
        from paint.hint import hint
        puzzle = paint.load(MERKA)
        stopped = paint.solve(puzzle, paint.SolveOptions(max_branches=1))
        assert stopped.status == "limit"  # the hint's own solve stops where this one does
        quick = hint(puzzle, None, paint.SolveOptions(max_branches=1))
        whole = hint(puzzle)
        assert whole.status == "step" and whole.unique is True
        assert quick.status == "step" and quick.unique is None
        assert (quick.step.rule, quick.step.marks, quick.step.reasons) == (whole.step.rule, whole.step.marks,
                                                                          whole.step.reasons)

    def test_only_squares_the_solve_settled(self):
        """A person's square the stopped solve had settled alike leaves the step; one it had not settled, a limit."""
        import paint
        from paint.hint import hint
        from paint.squares import BLANK, FULL
        puzzle = paint.load(MERKA)
        stopped = paint.solve(puzzle, paint.SolveOptions(max_branches=1)).grid
        solution = paint.solve(puzzle).grid
        settled = next((r, c) for r, row in enumerate(stopped.rows) for c, value in enumerate(row) if value != BLANK)
        open_ = next((r, c) for r, row in enumerate(stopped.rows) for c, value in enumerate(row) if value == BLANK)
        for (r, c), status in ((settled, "step"), (open_, "limit")):
            lines = [" " * puzzle.width for _ in range(puzzle.height)]
            lines[r] = lines[r][:c] + ("X" if solution.rows[r][c] == FULL else ".") + lines[r][c + 1:]
            found = hint(puzzle, paint.Grid.from_lines(lines), paint.SolveOptions(max_branches=1))
            assert found.status == status, (r, c)
            if status == "limit":
                assert "time ran out" in found.reason

    def test_progress_then_a_step_on_a_terminal(self):
        """On a terminal a hint whose search runs out of time shows its status line, then a line step."""
        screen = run_on_terminal("hint", KNOTTY, "--max-time", "2")
        assert screen.status == 0
        assert b"looking for a hint - " in screen.raw and b" of 2 s" in screen.raw
        assert "looking for a hint" not in screen.text
        assert screen.lines[0].startswith("next: ")


class TestLimits:
    """Each limit option has one meaning and one default, from one table, in every command's --help."""

    @pytest.mark.parametrize("command", ["solve", "hint", "check", "line"])
    def test_help_and_defaults_from_the_table(self, command):
        """Every command with limits ends its --help with its limits and takes each limit's default from the table."""
        from paint.cli.status import limits_of, limits_text
        screen = _help(command)
        assert limits_text(command) in screen and limits_text(command)
        for limit, bound in limits_of(command):
            assert f"{limit.option} {limit.metavar}" in screen
            assert _defaults(command)[limit.option.lstrip("-").replace("-", "_")] == bound.default

    def test_one_count_one_name(self):
        """paint check names its depth-first count --max-positions and refuses --max-branches, saying why."""
        from paint.cli.status import LIMITS
        assert {command for limit in LIMITS if limit.option == "--max-branches" for command in limit.bounds} == {"solve"}
        finished = _paint("check", DANCER, "--max-branches", "5")
        assert finished.returncode == 2 and "use --max-positions N" in finished.stderr
        assert _paint("check", DANCER, "--max-positions", "5").returncode == 0

    def test_api_defaults_agree(self):
        """The library's default limit for a check is the one paint check's --help states."""
        from paint.check import CheckOptions
        from paint.cli.status import limit_default
        assert CheckOptions().max_time == limit_default("check", "--max-time")
        assert CheckOptions().max_positions is None and limit_default("check", "--max-positions") is None


def _paint(*args):
    import os
    import subprocess
    import sys
    root = Path(__file__).parent.parent
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONIOENCODING="utf-8", COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "paint", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=root, timeout=120)


def _help(command: str) -> str:
    """``paint COMMAND --help`` as printed."""
    finished = _paint(command, "--help")
    assert finished.returncode == 0
    return finished.stdout


def _defaults(command: str) -> dict:
    """The defaults of ``paint COMMAND``'s options, as its parser holds them."""
    from paint import cli
    return vars(cli.build_parser(command).parse_known_args([command, "x"])[0])


class TestMessages:
    """Messages say what is true where they are read: the grid, one way of writing numbers, no false highlights."""

    def test_grid_from_a_terminal(self):
        """hint --grid - with standard input a terminal names the grid, not a puzzle file, and exits 2."""
        screen = run_on_terminal("hint", Path("puzzles") / "dancer.pro", "--grid", "-")
        assert screen.status == 2
        assert "--grid -: standard input is a terminal" in screen.text and "grid file" in screen.text
        assert "puzzle" not in screen.text

    def test_numbers_written_alike(self):
        """A count is written the same in the status line, the limit message and the summary: separators from 10,000."""
        import paint
        from paint.budget import Progress
        from paint.render.text import progress_text, render_text
        result = paint.solve(paint.load(FOREVER), paint.SolveOptions(max_branches=1500))
        text = render_text(result, grids=False)
        assert result.branches >= 1500 and f"stopped after {result.branches} branches" in text
        assert f"searched         {result.branches} branches" in text
        line = progress_text(Progress("search", None, 12345, 250000, result.branches, 3, 1.0))
        assert line.startswith(f"searching: level 3, {result.branches} branches; 12,345 of 250,000 squares")

    def test_highlighted_only_in_colour(self):
        """'highlighted' is said of two solutions' differences on a colour terminal only; they are drawn ## / * and
        listed in full everywhere."""
        import io

        import paint
        from rich.console import Console

        from paint.check import check_puzzle
        from paint.render.check import render_report
        from paint.render.terminal import render_terminal
        from paint.render.text import render_text
        puzzle = paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]], title="two")
        result = paint.solve(puzzle)
        assert result.status == "multiple"
        assert "differ in 4 squares - row 1: columns 1-2; row 2: columns 1-2" in " ".join(render_text(result).split())
        for console, said in ((Console(file=io.StringIO(), force_terminal=True, color_system="standard"), True),
                              (Console(file=io.StringIO(), force_terminal=True, no_color=True), False),
                              (Console(file=io.StringIO(), color_system=None), False)):
            render_terminal(result, console)
            check = check_puzzle(puzzle, file="two.non")
            render_report([check], console, seconds=0.1, show=True)
            shown = " ".join(re.sub("\x1b\\[[0-9;]*m", "", console.file.getvalue()).split())
            assert ("drawn ## (full) and * (empty) and highlighted" in shown) is said
            assert ("two solutions, the squares where they differ drawn ## (full) and * (empty) and highlighted. "
                    in shown) is said
            assert "differ in 4 squares - row 1: columns 1-2; row 2: columns 1-2" in shown
