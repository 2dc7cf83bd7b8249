"""The ``paint`` command: exit statuses, output, ``--json``, ``-o``, bad input, ``python -m paint``."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console

import paint
from checker import is_solution
from paint import cli, formats
from paint.cli import solve as solve_command
from paint.render import render_text
from paint.render.terminal import render_terminal

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data" / "cli"
TINY = DATA / "tiny.non"
STALLS = DATA / "stalls.non"
NO_SOLUTION = DATA / "no-solution.non"
EDGE = Path(__file__).parent.parent / "puzzles" / "edge.pro"  # needs the probes
SEARCH = Path(__file__).parent / "corpus" / "jwilk" / "data016.nin"  # needs one search step
TRY_ONE = Path(__file__).parent / "corpus" / "jwilk" / "data020.nin"  # needs try_one
SCHEMA = json.loads((Path(__file__).parent / "schema.json").read_text(encoding="utf-8"))
ESCAPE = "\x1b["


def run(*args, cwd=None) -> subprocess.CompletedProcess:
    """Run ``python -m paint ARGS`` in a fresh interpreter and capture its output as text."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    env.pop("COLUMNS", None)
    return subprocess.run([sys.executable, "-m", "paint", *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=cwd or ROOT, timeout=120)


def without_time(text: str) -> str:
    """The text with the summary's time line removed."""
    return re.sub(r"(?m)^  time +[0-9.]+ s\n", "", text)


class TestLoading:
    """Each command loads only what it needs: what solving does not use is never imported for it."""

    NOT_FOR_SOLVE = ("paint.check", "paint.batch", "paint.hint", "paint.cli.check", "paint.cli.hint",
                     "paint.cli.convert", "paint.cli.line", "paint.search.dfs", "paint.linesolvers.fcomp",
                     "paint.linesolvers.trace", "rich", "concurrent.futures")

    def loaded(self, words: list[str], **environment: str) -> set[str]:
        """The modules loaded by running paint with ``words``, its output a pipe, in the environment without what
        would make rich take the pipe for a terminal (FORCE_COLOR, TTY_COMPATIBLE), plus ``environment``."""
        code = ("import sys; from paint.cli import main; main(sys.argv[1:]); "
                "print(' '.join(sorted(sys.modules)), file=sys.stderr)")
        env = {name: value for name, value in os.environ.items() if name not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
        found = subprocess.run([sys.executable, "-c", code, *words], capture_output=True, text=True, cwd=ROOT,
                               env={**env, **environment})
        return set(found.stderr.split("\n")[-2].split())

    def test_solve_loads_no_other_command(self):
        loaded = self.loaded(["solve", "puzzles/dancer.pro", "--no-grids", "-o", os.devnull])
        assert "paint.cli.solve" in loaded and "paint.solver" in loaded
        assert sorted(loaded & set(self.NOT_FOR_SOLVE)) == []

    def test_check_json_in_one_process_loads_no_rich(self):
        """A report as JSON has no table to draw, and one process no workers to start."""
        loaded = self.loaded(["check", "puzzles/dancer.pro", "puzzles/cat.pro", "--json", "--jobs", "1",
                              "-o", os.devnull])
        assert "paint.check" in loaded
        assert sorted(name for name in loaded if name.split(".")[0] in ("rich", "multiprocessing", "concurrent")) == []

    def test_check_of_one_puzzle_into_a_file_or_pipe_loads_no_rich(self):
        """One puzzle's report is two lines, written as rich would write them where nothing is in colour (into a
        file, or a pipe); a CSV is text too.  rich is for a table, the pictures of --show, and a terminal."""
        rich = lambda loaded: sorted(name for name in loaded if name.split(".")[0] == "rich")  # noqa: E731
        piped = self.loaded(["check", "puzzles/dancer.pro", "--jobs", "1"])
        assert rich(piped) == [] and "paint.render.text" not in piped  # a pipe: no explanation is drawn either
        assert rich(self.loaded(["check", "puzzles/dancer.pro", "--jobs", "1", "-o", os.devnull])) == []
        assert rich(self.loaded(["check", "puzzles/dancer.pro", "puzzles/cat.pro", "--csv", "--jobs", "1"])) == []
        assert rich(self.loaded(["check", "puzzles/dancer.pro", "puzzles/cat.pro", "--jobs", "1"])) != []  # a table
        assert rich(self.loaded(["check", "puzzles/dancer.pro", "--jobs", "1", "--show"])) != []  # a picture
        assert rich(self.loaded(["check", "puzzles/dancer.pro", "--jobs", "1"], FORCE_COLOR="1")) != []  # colour

    def test_check_table_into_a_pipe_loads_no_progress_and_no_drawing(self):
        """A table of verdicts into a pipe shows no progress display and no picture: rich's progress machinery and
        the explanation's renderer are left unloaded; --show loads the drawing."""
        table = self.loaded(["check", "puzzles/dancer.pro", "puzzles/cat.pro", "--jobs", "1"])
        assert "rich.table" in table
        assert not {"rich.progress", "rich.live", "paint.render.progress", "paint.render.text",
                    "paint.render.terminal"} & set(table)
        shown = self.loaded(["check", "puzzles/dancer.pro", "puzzles/cat.pro", "--jobs", "1", "--show"])
        assert {"paint.render.text", "paint.render.terminal"} <= set(shown)

    def test_check_of_one_puzzle_keeps_its_colour_and_pictures(self):
        """Where rich writes one puzzle's report - a terminal (here FORCE_COLOR says so), or with --show - it is as
        before: the verdict in colour, and --show's picture under it."""
        env = dict(os.environ, PYTHONPATH=str(ROOT), FORCE_COLOR="1")
        env.pop("TTY_COMPATIBLE", None)
        coloured = subprocess.run([sys.executable, "-m", "paint", "check", str(STALLS), "--jobs", "1"],
                                  capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
        assert ESCAPE in coloured.stdout and "multiple" in coloured.stdout, coloured.stdout
        shown = run("check", STALLS, "--jobs", "1", "--show")
        assert "two solutions, the squares where they differ" in shown.stdout, shown.stdout

    def test_help_lists_every_command(self, capsys):
        """``paint --help`` builds the whole parser, so every command is listed."""
        assert cli.main(["--help"]) == 0
        out = capsys.readouterr().out
        assert all(f"    {name}" in out for name in ("solve", "hint", "check", "convert", "line"))


class TestOutputEncoding:
    """An output whose encoding cannot write a character (PYTHONIOENCODING=ascii, an ASCII locale) ends the command
    with a one-line error naming the character and what to do, status 2, no traceback - never a JSON document or
    a converted puzzle silently made wrong by an escape."""

    @pytest.mark.parametrize("words", [["solve"], ["solve", "--json"], ["check"], ["check", "--csv"],
                                       ["convert", "-", "--to", "non"]])
    def test_a_title_the_output_cannot_encode(self, tmp_path, words):
        puzzle = tmp_path / "caf\u00e9.non"
        puzzle.write_text("title caf\u00e9\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n", encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="ascii")
        command = [sys.executable, "-m", "paint", words[0], puzzle.name, *words[1:]]
        done = subprocess.run(command, capture_output=True, env=env, cwd=tmp_path, timeout=120)
        assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr
        assert done.stderr.startswith(b"paint: cannot write '\\xe9' to the output in its encoding (ascii)") \
            and done.stderr.count(b"\n") == 1, done.stderr
        assert b"caf\\xe9" not in done.stdout, done.stdout


class TestExitStatus:
    """main() returns 0 solved, 1 contradiction, 2 bad input or usage, 3 stalled or limit, 4 several solutions."""

    def test_solved(self, capsys):
        """A puzzle the rules finish exits 0."""
        assert cli.main(["solve", str(TINY)]) == 0

    def test_contradiction(self, capsys):
        """A puzzle whose clues cannot all hold exits 1 and says which strip failed."""
        assert cli.main(["solve", str(NO_SOLUTION)]) == 1
        assert "contradiction: " in capsys.readouterr().out

    def test_stalled(self, capsys):
        """With --no-search a puzzle with two solutions stalls and exits 3 with the number of blank squares."""
        assert cli.main(["solve", "--no-search", str(STALLS)]) == 3
        assert "stalled: 4 squares still blank; search is needed" in capsys.readouterr().out

    def test_multiple(self, capsys):
        """A puzzle with two solutions exits 4, ends on a step saying where the choice is, lists every square where
        the two differ and draws both (in plain text, where nothing is highlighted, without saying so)."""
        assert cli.main(["solve", "--no-grids", str(STALLS)]) == 4
        out = capsys.readouterr().out
        said = " ".join(out.split())
        assert "1. choice (several solutions): row 1 [1] - the 1 can lie at column 1 or at column 2" in said
        assert "the two solutions differ in 4 squares - row 1: columns 1-2; row 2: columns 1-2" in said
        assert ("multiple: the clues have more than one solution; two are drawn below, the squares where they differ"
                " drawn ## (full) and * (empty) solution 1 solution 2") in said
        assert "highlighted" not in said
        assert "unique           no" in out

    def test_detail_shows_branches(self, capsys):
        """--detail shows, under a search step, the chain of each place that breaks with each link's rule and
        generation, then each place tried and the branch's own steps, indented by depth."""
        assert cli.main(["solve", "--no-grids", "--detail", str(SEARCH)]) == 0
        out = capsys.readouterr().out
        assert "search (trial and error): row 7 [1 1 2 1 1 1 1] - column 15 full; column 16 empty" in out
        said = " ".join(out.split())
        assert "so it has 2 places: column 15 or column 16 if it lay at column 16: column 15 [4 1 1 6 3] would make" \
            " row 9 full (generation 1, overlap)" in said
        assert "and row 9 [3 3 1 2 2] could not be completed:" in said and "so it lies at column 15" in said
        assert ("\n    row 7's fourth 1 at column 16 breaks row 9 after 2 steps\n"
                "        1. overlap (forcing): column 15 [") in out
        assert "\n        and row 9 could not be completed:\n            the second 2 cannot start" in out

    def test_limit(self, capsys):
        """--max-branches stops a search with status limit, exit 3, and says how far it got."""
        puzzle = Path(__file__).parent / "corpus" / "survey" / "webpbn-06574-forever.non"
        assert cli.main(["solve", "--no-grids", "--max-branches", "3", str(puzzle)]) == 3
        out = capsys.readouterr().out
        assert "limit: the search was stopped after 3 branches (1 level deep)" in " ".join(out.split())
        assert "unique           not proven" in out

    @pytest.mark.parametrize("argv", [["--max-time", "0"], ["--max-time", "soon"], ["--max-branches", "-1"],
                                      ["--max-branches", "2.5"]])
    def test_bad_limits(self, argv, capsys):
        """A limit that is not a positive number is a usage error, exit 2, in one line naming the option."""
        assert cli.main(["solve", str(TINY), *argv]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"paint: argument {argv[0]}: ") and len(err.splitlines()) == 1
        assert err.rstrip().endswith("(see 'paint solve --help')")

    @pytest.mark.parametrize("argv", [[], ["solve"], ["solve", str(TINY), "--colour"], ["frobnicate"],
                                      ["solve", str(TINY), "--width", "wide"],
                                      ["convert", str(TINY)]])
    def test_usage_error(self, argv, capsys):
        """A command line argparse rejects exits 2 with a one-line message on stderr that points to --help."""
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("paint: ") and len(err.splitlines()) == 1 and "--help')" in err

    def test_json_keeps_status(self, capsys):
        """--json exits with the same status as the explanation would."""
        assert cli.main(["solve", "--json", str(STALLS)]) == 4
        assert cli.main(["solve", "--json", "--no-search", str(STALLS)]) == 3
        assert cli.main(["solve", "--json", str(NO_SOLUTION)]) == 1

    def test_interrupted(self, monkeypatch, capsys):
        """Ctrl-C outside the search (here: as the solve starts) exits 130 with one line on stderr and no traceback."""
        def interrupted(*args, **kwargs):
            raise KeyboardInterrupt

        monkeypatch.setattr(solve_command, "solve", interrupted)  # the solve the command runs
        assert cli.main(["solve", str(TINY)]) == 130
        assert capsys.readouterr().err == "paint: interrupted\n"

    @pytest.mark.parametrize("signum, status, message", [(signal.SIGINT, 130, "paint: interrupted\n"),
                                                         (signal.SIGTERM, 143, "paint: stopped by SIGTERM\n")])
    def test_a_signal_before_the_first_solve_begins(self, monkeypatch, capsys, signum, status, message):
        """A signal that comes after the command's handler is up but before the first solve begins stops it with
        nothing done: 128 + the signal's number and one line, not the solve's status of a solve that never ran
        (that was a StopIteration through the command, seen once in the start-up signal tests)."""
        solve_each = solve_command._solve_each

        def signalled_first(*args, **kwargs):
            os.kill(os.getpid(), signum)  # the command's handler only notes it; the loop then solves nothing
            return solve_each(*args, **kwargs)

        monkeypatch.setattr(solve_command, "_solve_each", signalled_first)
        assert cli.main(["solve", str(TINY), "--no-grids"]) == status
        captured = capsys.readouterr()
        assert captured.err == message and captured.out == ""

    def test_ctrl_c_as_the_solve_ends(self, monkeypatch, capsys):
        """Ctrl-C that comes just as the last solve has ended cut nothing short: the solve's own status, and no
        message that it stopped with status limit."""
        solve = solve_command.solve

        def then_interrupted(*args, **kwargs):
            result = solve(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGINT)  # the command's handler only notes it
            return result

        monkeypatch.setattr(solve_command, "solve", then_interrupted)
        assert cli.main(["solve", str(TINY), "--no-grids"]) == 0
        assert capsys.readouterr().err == ""


class TestBadInput:
    """Bad input is one line on stderr, ``paint: <message>``, exit 2, never a traceback."""

    @pytest.mark.parametrize("name, words", [
        ("missing.non", "missing.non"),
        ("empty.non", "empty.non"),
        ("puzzle.xyz", "puzzle.xyz"),
        ("bad-clue.non", "bad-clue.non:"),
    ])
    def test_one_line(self, name, words):
        """A missing, empty, unknown-format or malformed file gives one line naming the file, exit 2."""
        done = run("solve", DATA / name)
        assert done.returncode == 2
        assert "Traceback" not in done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("paint: ")
        assert words in lines[0]
        assert done.stdout == ""

    def test_bad_clue_names_line(self, capsys):
        """A clue that is not a number is reported with the file and its line number."""
        assert cli.main(["solve", str(DATA / "bad-clue.non")]) == 2
        assert re.match(r"paint: .*bad-clue\.non:\d+: ", capsys.readouterr().err)

    def test_convert_missing(self, tmp_path):
        """convert of a missing file exits 2 with one line and writes nothing."""
        done = run("convert", DATA / "missing.non", tmp_path / "out.non")
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1
        assert not (tmp_path / "out.non").exists()


class TestExplanation:
    """paint solve prints the explanation: steps, pictures, answer and summary."""

    @pytest.mark.parametrize("name", ["tiny.non", "stalls.non", "no-solution.non"])
    def test_piped_output_is_the_plain_text(self, name, capsys):
        """Output that is not a terminal, streamed while solving, is exactly render_text of the result, time aside, with no colour codes, whatever the outcome."""
        cli.main(["solve", str(DATA / name)])
        out = capsys.readouterr().out
        expected = render_text(paint.solve(paint.load(DATA / name)))
        assert without_time(out) == without_time(expected)
        assert ESCAPE not in out

    def test_no_grids(self, capsys):
        """--no-grids leaves out the interleaved pictures: the steps follow one another, each with its reasons."""
        cli.main(["solve", "--no-grids", str(TINY)])
        out = capsys.readouterr().out
        expected = render_text(paint.solve(paint.load(TINY)), grids=False)
        assert without_time(out) == without_time(expected)
        lines = out.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
        second = next(i for i, line in enumerate(lines) if line.startswith("2. "))
        assert all(line.startswith("    ") for line in lines[first + 1:second])

    def test_brief(self, capsys):
        """--brief prints only the step lines, one after another."""
        cli.main(["solve", "--no-grids", "--brief", str(TINY)])
        lines = capsys.readouterr().out.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
        assert lines[first + 1].startswith("2. ")

    def test_brief_works_the_steps_without_their_chains(self, capsys, monkeypatch, tmp_path):
        """--brief prints only the step lines, so the solve keeps no chains (``SolveOptions.chains`` off: the
        probes' and the search places' chains are not followed again to be told), and the lines are those of
        the whole explanation: on mum, 37 steps by contradiction (17 of them probes) and 3 search steps.
        --json, and --html but for a brief page, which print the chains, keep them."""
        mum = Path(__file__).parent / "corpus" / "survey" / "webpbn-00065-mum.non"
        asked = []
        monkeypatch.setattr(solve_command, "solve", lambda puzzle, options, **kw: asked.append(options.chains)
                            or paint.solve(puzzle, options, **kw))
        cli.main(["solve", "--no-grids", "--brief", "--width", "400", str(mum)])
        brief = [line for line in capsys.readouterr().out.splitlines() if re.match(r"\d+\. ", line)]
        whole = paint.solve(paint.load(mum))
        assert brief == [step.line for step in whole.steps]
        assert sum("(contradiction)" in line for line in brief) == 37
        assert sum(". search (" in line for line in brief) == 3
        assert all(step.chain is not None for step in whole.steps if step.rule in ("edge", "corner"))
        cli.main(["solve", "--brief", "--json", str(TINY)])
        for flags in (["--brief"], []):  # the brief page shows no chain either: the same headings
            cli.main(["solve", *flags, "--html", str(tmp_path / f"page{len(flags)}.html"), "-o", os.devnull, str(mum)])
        assert asked == [False, True, False, True]
        brief_page, page = ((tmp_path / f"page{n}.html").read_text(encoding="utf-8") for n in (1, 0))
        headings = re.compile(r'<li class="round">[^<]*</li>')
        assert '<li class="round">edge</li>' in brief_page
        assert headings.findall(brief_page) == headings.findall(page)

    def test_reasons_by_default(self, capsys):
        """Each step is followed by its reasons, indented, without asking for them."""
        cli.main(["solve", "--no-grids", str(TINY)])
        out = capsys.readouterr().out
        result = paint.solve(paint.load(TINY))
        for line in result.steps[0].reasons[0].lines:
            assert f"\n    {line}\n" in out

    def test_rule_steps(self, capsys):
        """--steps rule gives Kramer's grouping: one step per round, each strip's reason under its label."""
        cli.main(["solve", "--no-grids", "--steps", "rule", str(TINY)])
        out = capsys.readouterr().out
        result = paint.solve(paint.load(TINY), paint.SolveOptions(steps="rule"))
        assert "\n1. overlap (simple boxes): 5 full - row 2 (columns 1-3); column 2 (rows 1, 3)\n" in out
        assert f"\n    {result.steps[0].reasons[0].label}: " in out and len(result.steps[0].reasons) == 2

    def test_solved_ends_with_answer_and_summary(self, capsys):
        """A solved puzzle ends with 'solved', the answer, and a summary of steps per rule and squares."""
        cli.main(["solve", str(TINY)])
        out = capsys.readouterr().out
        assert "\nsolved\n" in out
        assert "\nsummary\n  fills " in out
        assert re.search(r"(?m)^  squares +9: 5 full, 4 empty$", out)
        assert re.search(r"(?m)^  time +[0-9.]+ s$", out)

    def test_width(self, capsys):
        """--width wraps long step lines at the given width, continuing under the step's text."""
        cli.main(["solve", "--no-grids", "--width", "45", str(TINY)])
        lines = capsys.readouterr().out.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("1. "))
        steps = lines[first:lines.index("solved") - 1]
        assert len(steps) > 2 and all(len(line) <= 45 for line in steps)
        assert steps[1].startswith("    ") and steps[1].strip()


class TestJson:
    """paint solve --json prints the result document, valid against tests/schema.json."""

    @pytest.mark.parametrize("path, status", [(TINY, "solved"), (STALLS, "multiple"),
                                              (NO_SOLUTION, "contradiction"), (EDGE, "solved"),
                                              (SEARCH, "solved"), (TRY_ONE, "solved")])
    def test_valid(self, path, status, capsys):
        """The document of every outcome validates against the schema and matches Result.to_json."""
        cli.main(["solve", "--json", str(path)])
        out = capsys.readouterr().out
        document = json.loads(out)
        jsonschema.validate(document, SCHEMA)
        assert document["status"] == status
        assert out == paint.solve(paint.load(path)).to_json(indent=2) + "\n"

    def test_contradiction_named(self, capsys):
        """A contradiction document names the strip, the rule and the reason."""
        cli.main(["solve", "--json", str(NO_SOLUTION)])
        found = json.loads(capsys.readouterr().out)["contradiction"]
        assert found["strip"].split()[0] in ("row", "column") and found["rule"] and found["reason"]

    def test_schema_rejects_wrong_documents(self):
        """The schema is strict enough to reject a document with a bad status or a 0-based mark."""
        document = json.loads(paint.solve(paint.load(TINY)).to_json())
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(dict(document, status="done"), SCHEMA)
        document["steps"][0]["marks"][0]["row"] = 0
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(document, SCHEMA)

    def test_bound_off_the_line_is_valid(self):
        """A reason whose bound lies off the line (no room for the block: 0, or one past the last square) is written
        as such and validates (a solve by try_one alone, whose witnesses run out of room)."""
        puzzle = paint.Puzzle(rows=[[1], [1], [1], [1], [2]], columns=[[2], [1, 1, 1], [1]])
        document = json.loads(paint.solve(puzzle, paint.SolveOptions(rules=["try_one"])).to_json())
        jsonschema.validate(document, SCHEMA)
        bounds = [fact["bound"] for step in document["steps"] for reason in step["reasons"]
                  for tried in reason.get("tried", ()) for fact in tried["facts"]]
        assert 0 in bounds

    def test_to_file(self, tmp_path, capsys):
        """--json with -o writes the document to the file and prints nothing."""
        out = tmp_path / "result.json"
        assert cli.main(["solve", "--json", "-o", str(out), str(TINY)]) == 0
        assert capsys.readouterr().out == ""
        jsonschema.validate(json.loads(out.read_text(encoding="utf-8")), SCHEMA)


class TestOutputFile:
    """-o FILE writes the plain-text explanation atomically and never onto the input."""

    def test_writes_plain_text(self, tmp_path, capsys):
        """-o writes render_text of the result (no colour codes) and prints nothing."""
        out = tmp_path / "tiny.txt"
        assert cli.main(["solve", "-o", str(out), "--detail", str(TINY)]) == 0
        assert capsys.readouterr().out == ""
        text = out.read_text(encoding="utf-8")
        assert ESCAPE not in text
        expected = render_text(paint.solve(paint.load(TINY)), detail=True)
        assert without_time(text) == without_time(expected)

    def test_replaces_atomically(self, tmp_path, capsys):
        """An existing file is replaced whole, and no temporary file is left beside it."""
        out = tmp_path / "tiny.txt"
        out.write_text("old contents\n" * 1000, encoding="utf-8")
        assert cli.main(["solve", "-o", str(out), str(TINY)]) == 0
        assert "old contents" not in out.read_text(encoding="utf-8")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.txt"]

    def test_status_kept(self, tmp_path, capsys):
        """Writing to a file does not change the exit status."""
        assert cli.main(["solve", "-o", str(tmp_path / "s.txt"), str(STALLS)]) == 4

    @pytest.mark.parametrize("json_flag", [[], ["--json"]])
    def test_refuses_input(self, tmp_path, json_flag):
        """-o naming the puzzle file itself exits 2 with one line and leaves the puzzle unchanged."""
        puzzle = tmp_path / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        done = run("solve", *json_flag, "-o", puzzle, puzzle)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("paint: ")
        assert puzzle.read_bytes() == TINY.read_bytes()

    def test_refuses_input_by_another_name(self, tmp_path):
        """-o naming the puzzle by a different relative path is refused too."""
        puzzle = tmp_path / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        (tmp_path / "sub").mkdir()
        done = run("solve", "-o", "sub/../tiny.non", "tiny.non", cwd=tmp_path)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert puzzle.read_bytes() == TINY.read_bytes()

    def test_unwritable_directory(self, tmp_path):
        """-o into a directory that does not exist exits 2 with one line."""
        done = run("solve", "-o", tmp_path / "no" / "such" / "dir.txt", TINY)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1


class TestModule:
    """``python -m paint`` is the same command."""

    def test_solves(self):
        """python -m paint solve prints the explanation and exits 0 for a solvable puzzle."""
        done = run("solve", "--no-grids", TINY)
        assert done.returncode == 0, done.stderr
        assert "1. fills (the clue fills the line): " in done.stdout and "\nsolved\n" in done.stdout

    def test_exit_statuses(self):
        """python -m paint exits 4 for several solutions, 3 when stalled and 1 when the clues contradict."""
        assert run("solve", STALLS).returncode == 4
        assert run("solve", "--no-search", STALLS).returncode == 3
        assert run("solve", NO_SOLUTION).returncode == 1


class TestHelp:
    """--help explains every command and option."""

    def test_top(self, capsys):
        """paint --help lists the commands and the exit statuses, and exits 0."""
        assert cli.main(["--help"]) == 0
        out = capsys.readouterr().out
        for word in ("solve", "convert", "exit status", "stalled", "several solutions"):
            assert word in out

    def test_solve(self, capsys):
        """paint solve --help explains every solve option."""
        assert cli.main(["solve", "--help"]) == 0
        out = capsys.readouterr().out
        for option in ("PUZZLE", "--no-grids", "--detail", "-o FILE, --output FILE", "--json", "--width",
                       "--no-search", "--max-time SECONDS", "--max-branches N", "several solutions"):
            assert option in out

    def test_convert(self, capsys):
        """paint convert --help explains IN, OUT and --to."""
        assert cli.main(["convert", "--help"]) == 0
        out = capsys.readouterr().out
        for option in ("IN", "OUT", "--to FORMAT"):
            assert option in out


class TestConvert:
    """paint convert IN OUT [--to FORMAT] writes the puzzle in another format."""

    @pytest.mark.parametrize("format", list(formats.FORMATS))
    def test_round_trip(self, format, tmp_path, capsys):
        """Converting with --to each format and reading the file back keeps the clues."""
        out = tmp_path / "converted.txt"
        assert cli.main(["convert", "--to", format, str(TINY), str(out)]) == 0
        out_text, err = capsys.readouterr()
        lost = formats.lost(paint.load(TINY), format)
        assert out_text == "" and (err == "" if not lost else err.startswith(f"paint: note: {format} keeps no "))
        back, original = formats.load(out), paint.load(TINY)
        assert (back.rows, back.columns) == (original.rows, original.columns)

    @pytest.mark.parametrize("format", [name for name, module in formats.FORMATS.items() if module.EXTENSIONS])
    def test_format_from_extension(self, format, tmp_path):
        """Without --to the format is taken from OUT's extension."""
        out = tmp_path / f"converted{formats.FORMATS[format].EXTENSIONS[0]}"
        assert cli.main(["convert", str(TINY), str(out)]) == 0
        assert formats.detect("x.txt", out.read_text(encoding="utf-8")) == ("non" if format == "nonpack" else format)
        assert formats.load(out).rows == paint.load(TINY).rows

    def test_unknown_extension(self, tmp_path, capsys):
        """An OUT whose extension names no format, without --to, exits 2 with one line."""
        assert cli.main(["convert", str(TINY), str(tmp_path / "out.xyz")]) == 2
        err = capsys.readouterr().err
        assert err.startswith("paint: ") and len(err.splitlines()) == 1

    def test_unknown_format(self, tmp_path, capsys):
        """--to with a format paint does not know is a usage error, exit 2."""
        assert cli.main(["convert", "--to", "nonesuch", str(TINY), str(tmp_path / "x")]) == 2
        err = capsys.readouterr().err
        assert err.startswith("paint: argument --to: unknown format 'nonesuch'") and len(err.splitlines()) == 1

    def test_refuses_input(self, tmp_path):
        """convert onto its own input exits 2 with one line and leaves the input unchanged."""
        puzzle = tmp_path / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        done = run("convert", puzzle, puzzle)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert puzzle.read_bytes() == TINY.read_bytes()


    def test_standard_output(self, capsys):
        """OUT '-' prints the puzzle, here as a game ID, and names on stderr the metadata the format drops."""
        assert cli.main(["convert", str(ROOT / "puzzles" / "dancer.pro"), "-", "--to", "tatham"]) == 0
        out, err = capsys.readouterr()
        assert out == "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2\n"
        assert err == ("paint: note: tatham keeps no title, author, copyright, licence, catalogue number, "
                       "goal (solution); they are left out\n")

    def test_standard_output_needs_format(self, capsys):
        """OUT '-' without --to is a one-line error, exit 2."""
        assert cli.main(["convert", str(TINY), "-"]) == 2
        assert "--to" in capsys.readouterr().err

    def test_one_of_many(self, tmp_path, capsys):
        """--puzzle N converts one puzzle of a tournament file; without it a .non OUT is refused."""
        out = tmp_path / "q.non"
        assert cli.main(["convert", str(QUESTIONS), str(out)]) == 2
        assert "holds one puzzle" in capsys.readouterr().err and not out.exists()
        assert cli.main(["convert", str(QUESTIONS), str(out), "--puzzle", "3"]) == 0
        assert formats.load(out) == formats.load_all(QUESTIONS)[2]

    def test_alias(self, tmp_path):
        """--to accepts an extension for a format: xml for webpbn."""
        out = tmp_path / "tiny.out"
        assert cli.main(["convert", "--to", "xml", str(TINY), str(out)]) == 0
        assert formats.detect("x", out.read_text(encoding="utf-8")) == "webpbn"


QUESTIONS = Path(__file__).parent / "corpus" / "taai2011" / "questions.txt"


class TestManyPuzzles:
    """solve on a file of many puzzles: --puzzle N, --all, or a clear refusal."""

    def test_refused_without_choice(self, capsys):
        """A file of 1000 puzzles without --puzzle or --all is a one-line error naming the count, exit 2."""
        assert cli.main(["solve", str(QUESTIONS)]) == 2
        err = capsys.readouterr().err
        assert "holds 1000 puzzles: choose one with --puzzle N (1 to 1000), or solve them all with --all" in err

    def test_puzzle_number(self, capsys):
        """--puzzle 2 solves the second puzzle: the grid it prints fits that puzzle's clues (checked independently)."""
        assert cli.main(["solve", str(QUESTIONS), "--puzzle", "2", "--json"]) == 4  # several solutions
        document = json.loads(capsys.readouterr().out)
        second = formats.load_all(QUESTIONS)[1]
        assert is_solution(second.rows, second.columns, document["grid"])

    def test_puzzle_number_out_of_range(self, capsys):
        """--puzzle past the end is a one-line error, exit 2."""
        assert cli.main(["solve", str(QUESTIONS), "--puzzle", "1001"]) == 2
        assert "there is no puzzle 1001" in capsys.readouterr().err

    def test_all(self, tmp_path, capsys):
        """--all explains every puzzle of a bundle, each under its banner, and exits with the worst status."""
        bundle = tmp_path / "two.nonpack"
        bundle.write_text(TINY.read_text(encoding="utf-8") + "====\n" + STALLS.read_text(encoding="utf-8"),
                          encoding="utf-8")
        assert cli.main(["solve", str(bundle), "--all", "--no-grids"]) == 4
        out = capsys.readouterr().out
        assert f"==== {bundle}#1 (puzzle 1 of 2) ====" in out and f"==== {bundle}#2 (puzzle 2 of 2) ====" in out
        assert out.count("summary") == 2

    def test_all_json(self, tmp_path, capsys):
        """--all --json prints a list with one result per puzzle."""
        bundle = tmp_path / "two.nonpack"
        bundle.write_text(TINY.read_text(encoding="utf-8") + "====\n" + TINY.read_text(encoding="utf-8"),
                          encoding="utf-8")
        assert cli.main(["solve", str(bundle), "--all", "--json"]) == 0
        documents = json.loads(capsys.readouterr().out)
        assert [d["status"] for d in documents] == ["solved", "solved"]

    def test_broken_neighbour(self, tmp_path, capsys):
        """A broken puzzle does not stop --puzzle from solving or converting another; picked, it is the error."""
        broken = tmp_path / "b.txt"
        broken.write_text("$1\n1\n1\n$2\n1\n0\n0\n0\n", encoding="utf-8")
        assert cli.main(["solve", str(broken), "--puzzle", "1", "--no-grids"]) == 0
        assert cli.main(["convert", str(broken), str(tmp_path / "one.non"), "--puzzle", "1"]) == 0
        capsys.readouterr()
        assert cli.main(["solve", str(broken), "--puzzle", "2"]) == 2
        assert capsys.readouterr().err == f"paint: {broken}:4: the row clues total 0 full squares but the column clues total 1\n"

    def test_output_dash(self, capsys):
        """-o - prints on standard output; --svg - is refused, since the explanation goes there."""
        assert cli.main(["solve", str(TINY), "-o", "-", "--no-grids"]) == 0
        assert "summary" in capsys.readouterr().out
        assert cli.main(["solve", str(TINY), "--svg", "-"]) == 2
        assert "give a file name" in capsys.readouterr().err

    def test_ctrl_c_stops_all(self):
        """Ctrl-C during solve --all stops the run, not just the puzzle it was on: exit 130, what was done kept."""
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
        process = subprocess.Popen([sys.executable, "-m", "paint", "solve", str(QUESTIONS), "--all", "--no-grids"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        first = process.stdout.readline()  # the run has started
        time.sleep(2)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert first.startswith("==== ") and process.returncode == 130
        assert re.search(r"interrupted in puzzle [0-9]+ of 1000", err) and "Traceback" not in err

    def test_game_id(self, capsys):
        """A Pattern game ID in place of a file is solved."""
        assert cli.main(["solve", "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2", "--no-grids"]) == 0
        assert "unique           yes, proven" in capsys.readouterr().out

    def test_bad_game_id(self, capsys):
        """A game ID with too few clues is a one-line error naming it, exit 2."""
        assert cli.main(["solve", "2x2:1/1"]) == 2
        assert capsys.readouterr().err == "paint: game ID: the game ID has 2 clues but a 2 x 2 puzzle has 4 (2 columns, then 2 rows)\n"


class TestPictures:
    """--svg and --html write pictures of the solve beside the explanation."""

    def test_both(self, tmp_path, capsys):
        """Both files are written, and the explanation is still printed."""
        svg, page = tmp_path / "t.svg", tmp_path / "t.html"
        assert cli.main(["solve", str(TINY), "--svg", str(svg), "--html", str(page)]) == 0
        assert "summary" in capsys.readouterr().out
        assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
        assert "<html" in page.read_text(encoding="utf-8")

    def test_same_file_refused(self, tmp_path, capsys):
        """--svg and --html naming the same file is refused before solving, exit 2."""
        assert cli.main(["solve", str(TINY), "--svg", str(tmp_path / "x"), "--html", str(tmp_path / "x")]) == 2
        assert "different files" in capsys.readouterr().err

    def test_not_onto_the_puzzle(self, tmp_path, capsys):
        """--svg onto the puzzle file is refused and leaves it as it was."""
        puzzle = tmp_path / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        assert cli.main(["solve", str(puzzle), "--svg", str(puzzle)]) == 2
        assert puzzle.read_bytes() == TINY.read_bytes()

    def test_all_refused(self, capsys):
        """--svg with --all is refused: a picture is of one puzzle."""
        assert cli.main(["solve", str(QUESTIONS), "--all", "--svg", "x.svg"]) == 2
        assert "--puzzle N" in capsys.readouterr().err


class TestTerminal:
    """On a terminal the same explanation is printed through rich, with the new marks highlighted."""

    def render(self, terminal: bool, **options) -> str:
        """The rich rendering of the tiny puzzle, on a colour terminal or not."""
        console = Console(file=io.StringIO(), force_terminal=terminal, color_system="standard" if terminal else None,
                          width=100, highlight=False)
        render_terminal(paint.solve(paint.load(TINY)), console, show_time=False, **options)
        return console.file.getvalue()

    def test_colour_on_terminal(self):
        """On a terminal the output carries colour codes, including the full-square highlight."""
        out = self.render(True)
        assert ESCAPE in out
        assert "\x1b[1;37;44m##" in out

    def test_same_steps_as_text(self):
        """Without colour, the rich rendering has the same steps and pictures as the plain text."""
        out = self.render(False, detail=True)
        text = render_text(paint.solve(paint.load(TINY)), detail=True, show_time=False)
        assert ESCAPE not in out
        plain_steps = text.split("\nsolved\n")[0]
        rich_steps = out.split("\nsolved\n")[0]
        assert [line.rstrip() for line in rich_steps.splitlines()] == plain_steps.splitlines()

    def test_summary_table(self):
        """The summary is a table with a row per rule and a squares row."""
        out = self.render(False)
        summary = out.split("summary", 1)[1]
        for word in ("overlap", "try_one", "all rules", "squares"):
            assert word in summary


class TestNewcomer:
    """What a newcomer tries first works as the README says."""

    def test_version(self, capsys):
        """paint --version prints the installed version and exits 0."""
        with pytest.raises(SystemExit) as exited:
            cli.build_parser().parse_args(["--version"])
        assert exited.value.code in (0, None)
        assert re.fullmatch(r"paint (\d+\.\d+\.\d+|unknown)\n", capsys.readouterr().out)
        assert run("--version").returncode == 0

    def test_dash_game_id(self, capsys):
        """A game ID that starts with '-' gets the one-line error, which says how to give it."""
        assert cli.main(["solve", "-5x5:1/1/1/1/1/1/1/1/1/1"]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "put -- before it" in err

    def test_dash_file(self, tmp_path, monkeypatch, capsys):
        """A file whose name starts with '-': the error names the command it was given to; once -- is before it,
        an option after it is said to belong before --, not the file to be an option."""
        monkeypatch.chdir(tmp_path)
        (tmp_path / "-lead.pro").write_text((ROOT / "puzzles" / "dancer.pro").read_text(encoding="utf-8"),
                                            encoding="utf-8")
        for command in ("check", "convert"):
            assert cli.main([command, "-lead.pro"]) == 2
            err = capsys.readouterr().err
            assert len(err.splitlines()) == 1 and f"(paint {command} -- -lead.pro)" in err
        assert cli.main(["solve", "--", "-lead.pro", "--brief"]) == 2
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and "was read as an option" not in err and "before --" in err
        assert cli.main(["solve", "--brief", "--", "-lead.pro"]) == 0
        capsys.readouterr()
        assert cli.main(["solve", "--bogus", "--", "-lead.pro"]) == 2  # the unknown option is before --
        assert "before --" not in capsys.readouterr().err
        assert cli.main(["solve", "--grid", "-lead.pro", "-lead.pro"]) == 2  # a value that starts with '-'
        assert "(--grid=-lead.pro)" in capsys.readouterr().err

    def test_readme_api_rule_subset(self):
        """The call in docs/api.md with two rules runs, and stops where those rules stall."""
        puzzle = paint.load(ROOT / "puzzles" / "cat.pro")
        result = paint.solve(puzzle, paint.SolveOptions(rules=("overlap", "unreachable")))
        assert result.status in ("stalled", "solved") and result.branches == 0

    def test_standard_input_label(self, monkeypatch, capsys):
        """A puzzle read from '-' is labelled <stdin> in messages."""
        monkeypatch.setattr("sys.stdin", open(os.devnull))
        assert cli.main(["solve", "-"]) == 2
        assert capsys.readouterr().err.startswith("paint: <stdin>: ")
