"""Limits that hold: the time limit inside long rounds, what a stopped search tried, signals, paint line's budget, the status line, streamed JSON."""

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

import pytest
from hypothesis import given, settings, strategies as st
from rich.console import Console

import paint
from checker import is_solution
from paint import cli
from paint.budget import Budget, LimitReached, Progress
from paint.render.document import DocumentWriter
from paint.render.terminal import StatusLine
from paint.result import replay
from test_cli import ROOT, SEARCH, STALLS, TINY, run

CORPUS = Path(__file__).parent / "corpus"
KNOTTY = CORPUS / "survey" / "knotty.non"
CAT = CORPUS / "survey" / "webpbn-00006-cat.non"
ONES_400 = "400x400:" + "/".join(["1"] * 800)
"""400 rows and columns of clue 1: every square is on an edge, and each probe works hundreds of strips."""


class TestDeadline:
    """--max-time holds inside a round of probes and inside a step, not only between steps."""

    def test_probe_round_stops(self):
        """On the 400 x 400 puzzle of 1s (one round of edge probes took 6 minutes) a 1 s limit stops the solve within 1 s."""
        puzzle = paint.load(ONES_400)
        started = time.perf_counter()
        result = paint.solve(puzzle, paint.SolveOptions(max_time=1))
        assert result.status == "limit" and result.unique is None
        assert time.perf_counter() - started < 2

    def test_stopped_mid_step_is_consistent(self):
        """A limit in the middle of a round records what that round marked: the steps still replay to the grid."""
        puzzle = paint.load(CORPUS / "survey" / "webpbn-00529-swing.non")
        statuses = set()
        for limit in (0.001, 0.005, 0.02, 0.05):
            result = paint.solve(puzzle, paint.SolveOptions(max_time=limit))
            statuses.add(result.status)
            assert replay(puzzle, result.steps).lines() == result.grid.lines()
        assert "limit" in statuses

    def test_whole_command(self):
        """The command on the 400 x 400 puzzle with --max-time 1 ends in seconds, status 3, saying it was stopped."""
        started = time.perf_counter()
        finished = run("solve", ONES_400, "--max-time", "1", "--no-grids")
        assert finished.returncode == 3 and time.perf_counter() - started < 10
        assert "limit: the solve was stopped before search; 160,000 squares still blank" in finished.stdout

    def test_hint_holds(self):
        """A hint's --max-time holds on a puzzle of long lines too: the line step a hint looks for after its solve
        stopped at the limit looks at the time before each row and column (on a 1000 x 1000 puzzle a 1 s limit
        took 6 s, all of them past the limit, wording the step of every line)."""
        from paint.hint import hint
        puzzle = paint.load("1000x1000:" + "/".join(["1000"] * 2000))
        started = time.perf_counter()
        found = hint(puzzle, None, paint.SolveOptions(max_time=1))
        assert found.status == "limit" and time.perf_counter() - started < 2.5

    def test_budget_check(self):
        """Budget.check raises LimitReached once the deadline has passed, and not before."""
        budget = Budget(deadline=time.perf_counter() + 60)
        budget.check()
        budget = Budget(deadline=time.perf_counter() - 1)
        with pytest.raises(LimitReached):
            budget.check()

    def test_progress_reported(self):
        """A solve that runs long enough reports its progress, stage and squares left, a few times a second."""
        reports: list[Progress] = []
        paint.solve(paint.load(ONES_400), paint.SolveOptions(max_time=1), on_progress=reports.append)
        assert 2 <= len(reports) <= 10
        assert all(report.squares == 160000 and report.blank == 160000 for report in reports)
        assert reports[-1].rule == "edge" and reports[-1].stage == "rules"


class TestWhatWasTried:
    """A search stopped by a limit says what it was trying (docs/cli.md promises it)."""

    def test_record(self):
        """The result keeps the places of the block being tried, with their outcomes, and the text says so."""
        puzzle = paint.load(KNOTTY)
        result = paint.solve(puzzle, paint.SolveOptions(max_branches=5))
        assert result.status == "limit" and result.tried is not None
        outcomes = {branch.outcome for branch in result.tried.branches}
        assert outcomes <= {"contradiction", "exhausted", "open", "untried"}
        text = paint.render.render_text(result, grids=False)
        assert re.search(r"It was placing row [0-9]+'s .*, which has [0-9]+ places: ", " ".join(text.split()))
        document = result.to_document()
        assert len(document["search"]["tried"]) == len(result.tried.branches)

    def test_no_search_no_record(self):
        """A solve that never searched has nothing to say it tried."""
        result = paint.solve(paint.load(TINY))
        assert result.tried is None and result.to_document()["search"]["tried"] is None


class TestSignals:
    """SIGTERM and SIGHUP stop a solve like Ctrl-C: what was done is reported, status limit, exit 128 + N."""

    @pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
    def test_stop_reports(self, signum):
        """Stopped in knotty's search (1.5 s of work in), paint prints the steps so far, the limit and the summary,
        then exits 128 + N."""
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
        process = subprocess.Popen([sys.executable, "-m", "paint", "solve", str(KNOTTY), "--no-grids"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        wait_until_worked(process, 1.5)  # start-up and line logic take half a second: the search is running
        process.send_signal(signum)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 128 + signum
        assert re.search(r"^limit: the search was stopped after [0-9,]+ branch", out, re.M)
        assert "summary" in out and "unique           not proven" in out
        name = signal.Signals(signum).name
        assert err.startswith(f"paint: stopped by {name} in puzzle 1 of 1") and "Traceback" not in err

    def test_json_stays_whole(self, tmp_path):
        """Stopped while writing JSON to a file, the file still holds one whole document with status limit."""
        out = tmp_path / "k.json"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        process = subprocess.Popen([sys.executable, "-m", "paint", "solve", str(KNOTTY), "--json", "-o", str(out)],
                                   stderr=subprocess.PIPE, env=env)
        wait_until_worked(process, 1.5)
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=60)
        assert process.returncode == 143
        assert json.loads(out.read_text())["status"] == "limit"


class TestLineBudget:
    """paint line stops a solver that takes too long on one line, says so, and lets the others finish."""

    LINE = ">" + " " * 50 + "<"
    CLUE = ",".join(["1"] * 20)

    def test_complete_stopped(self, capsys):
        """20 blocks of 1 on 50 squares: complete is stopped and named; fast, fcomp, dp and bits answer; exit 0."""
        started = time.perf_counter()
        assert cli.main(["line", "--max-time", "0.5", self.CLUE, self.LINE]) == 0
        assert time.perf_counter() - started < 5
        rows = capsys.readouterr().out.splitlines()
        assert rows[0] == ("  complete stopped after 0.5 s: the line has more arrangements than it could try "
                           "(--max-time gives it longer)")
        assert [row[:10] for row in rows[1:]] == ["      fast", "     fcomp", "        dp", "      bits"]
        assert all(row.endswith("+" * 50 + "<") for row in rows[1:])

    def test_only_solver_stopped(self, capsys):
        """When every solver asked for was stopped, the exit status is 3."""
        assert cli.main(["line", "--solver", "complete", "--max-time", "0.2", self.CLUE, self.LINE]) == 3
        assert "complete stopped after 0.2 s" in capsys.readouterr().out

    def test_trace_stopped(self, capsys):
        """A trace that runs out of time ends with the line saying so."""
        assert cli.main(["line", "--solver", "complete", "--trace", "--max-time", "0.2", self.CLUE, self.LINE]) == 3
        assert "stopped after 0.2 s" in capsys.readouterr().out

    def test_long_line_refused(self, capsys):
        """A line longer than paint line takes is refused in one line."""
        assert cli.main(["line", "1", ">" + " " * 200_000 + "<"]) == 2
        assert "longer than 100,000 squares" in capsys.readouterr().err


class TestStatusLine:
    """A transient status line on a terminal while a solve works; nothing when output is not a terminal."""

    def test_appears_after_a_delay(self):
        """Nothing for a quick solve; after half a second, a line with the stage, squares left and time."""
        buffer = io.StringIO()
        line = StatusLine(Console(file=buffer, force_terminal=True, width=100))
        line.update(Progress("rules", "overlap", 10, 100, 0, 0, 0.1))
        assert line.live is None
        line.update(Progress("search", "overlap", 10, 100, 7, 2, 1.5))
        assert line.live is not None
        line.stop()
        assert "searching: level 2, 7 branches; 10 of 100 squares blank, 1.5 s" in buffer.getvalue()
        assert line.live is None

    def test_not_on_a_pipe(self):
        """With standard error not a terminal, a long solve writes nothing there."""
        finished = run("solve", ONES_400, "--max-time", "1.5", "--no-grids")
        assert finished.stderr == ""


class TestStreamedJson:
    """The JSON document written as the solve goes is, byte for byte, json.dumps of the whole document."""

    @pytest.mark.parametrize("path", [TINY, STALLS, SEARCH, CAT, CORPUS / "survey" / "webpbn-00023-edge.non"])
    def test_same_bytes(self, path):
        """For solved, several-solution, search and probe puzzles, the streamed text equals json.dumps(indent=2)."""
        result = paint.solve(paint.load(path))
        stream = io.StringIO()
        writer = DocumentWriter(stream)
        writer.begin(result.puzzle)
        for step in result.steps:
            writer.step(step)
        writer.end(result)
        assert stream.getvalue() == json.dumps(result.to_document(), indent=2, ensure_ascii=False)

    @settings(max_examples=300, deadline=None)
    @given(st.recursive(st.none() | st.booleans() | st.integers() | st.text() | st.tuples(st.integers()),
                        lambda children: st.lists(children, max_size=4)
                        | st.dictionaries(st.text(max_size=5) | st.integers(), children, max_size=4),
                        max_leaves=20),
           st.integers(0, 3))
    def test_indented_as_the_library_writes(self, value, depth):
        """The writer's encoder gives json.dumps(indent=2, ensure_ascii=False)'s text for any value of the kinds a
        document holds (escapes, unicode, empty containers, number keys, integers past 64 bits, which orjson
        leaves to the library), nested ``depth`` levels."""
        from paint.render.document import _dumps
        expected = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * depth)
        assert _dumps(value, depth) == expected

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.floats(allow_nan=False, allow_infinity=False)
                    | st.dictionaries(st.text(max_size=3), st.floats(allow_nan=False, allow_infinity=False)),
                    max_size=4))
    def test_floats_are_the_same_numbers(self, value):
        """A float (which paint's documents do not hold) may be spelt otherwise than the library spells it, but
        reads back as the same number."""
        from paint.render.document import _dumps
        text = _dumps(value, 0)
        assert json.loads(text) == json.loads(json.dumps(value))
        assert text.count("\n") == json.dumps(value, indent=2).count("\n")

    @staticmethod
    def _freezes(monkeypatch) -> list:
        """Run paint solve's solves through a watch that records, after each of the first two steps of each
        puzzle, the puzzle's number and how many objects are frozen: a list of ``(puzzle, count)``.  (Counting
        walks every frozen object, so it is not done after every step: in a test process that holds millions
        of objects, that took a test from one second to forty.)"""
        import gc

        import paint.cli.solve as solve_command
        counts: list = []
        real = solve_command.solve
        puzzles = []

        def watched(*args, on_step, **kwargs):
            puzzles.append(None)
            seen = []

            def step(step, grid):
                on_step(step, grid)
                if len(seen) < 2:
                    seen.append(step)
                    counts.append((len(puzzles), gc.get_freeze_count()))
            return real(*args, on_step=step, **kwargs)

        monkeypatch.setattr(solve_command, "solve", watched)
        return counts

    def test_kept_steps_set_aside_from_the_collector_while_solving(self, tmp_path, monkeypatch):
        """paint solve freezes what lives after each step (the kept steps, which the cycle collector need not
        scan again) and unfreezes it when each puzzle is done, so nothing stays frozen."""
        import gc
        import types

        import paint.cli.solve as solve_command
        counts = self._freezes(monkeypatch)
        freezes = []  # a freeze after every step: paint's calls, counted (a count of what is frozen is slow)
        monkeypatch.setattr(solve_command, "gc", types.SimpleNamespace(
            **{name: getattr(gc, name) for name in dir(gc) if not name.startswith("_") and name != "freeze"},
            freeze=lambda: (freezes.append(None), gc.freeze())[1]))
        assert gc.get_freeze_count() == 0
        assert cli.main(["solve", str(SEARCH), "--json", "-o", str(tmp_path / "out.json")]) == 0
        steps = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["steps"]
        assert len(freezes) == len(steps) > 2
        assert counts and all(count > 0 for _, count in counts)
        assert gc.get_freeze_count() == 0

    def test_cycles_of_each_puzzle_are_freed(self, tmp_path, monkeypatch):
        """Under --all, each puzzle starts with what the one before it left frozen freed: the number frozen at a
        puzzle's first step does not grow from puzzle to puzzle (each solve leaves cycles, which the next
        puzzle's first step would freeze again if they were not collected)."""
        import random
        rng = random.Random(3)
        puzzles = []
        for _ in range(6):
            picture = [[rng.random() < 0.85 for _ in range(30)] for _ in range(30)]
            puzzles.append(paint.Puzzle(rows=[_runs(row) for row in picture],
                                        columns=[_runs(column) for column in zip(*picture)]))
        bundle = tmp_path / "six.nonpack"
        paint.formats.save(puzzles, bundle)
        counts = self._freezes(monkeypatch)
        cli.main(["solve", str(bundle), "--all", "--json", "-o", str(tmp_path / "out.json")])
        first = [dict(reversed(counts))[number] for number in range(1, 7)]  # each puzzle's first step
        # each of these puzzles leaves some 2,500 objects in cycles: kept, four puzzles would add 10,000
        assert first[-1] - first[1] < 4000, first

    def test_cycles_are_collected_between_puzzles_not_after_the_last(self, tmp_path, monkeypatch):
        """The full pass that frees a puzzle's cycles runs only before the next puzzle sets aside what lives:
        after the last one it would only delay the command's end (what is left, the collector frees as usual)."""
        import gc
        import types

        import paint.cli.solve as solve_command
        collects = []
        monkeypatch.setattr(solve_command, "gc", types.SimpleNamespace(
            **{name: getattr(gc, name) for name in dir(gc) if not name.startswith("_") and name != "collect"},
            collect=lambda *args: (collects.append(None), gc.collect(*args))[1]))
        monkeypatch.setattr(solve_command._KeptSteps, "uncollected", False)  # as in a new process
        assert cli.main(["solve", str(SEARCH), "-o", str(tmp_path / "one.txt")]) == 0
        assert collects == [] and gc.get_freeze_count() == 0
        monkeypatch.setattr(solve_command._KeptSteps, "uncollected", False)
        bundle = tmp_path / "three.nonpack"
        paint.formats.save([paint.load(SEARCH)] * 3, bundle)
        assert cli.main(["solve", str(bundle), "--all", "-o", str(tmp_path / "three.txt")]) == 0
        assert len(collects) == 2 and gc.get_freeze_count() == 0
        # the command run again in the same process collects what the run before it left, before setting aside
        assert cli.main(["solve", str(SEARCH), "-o", str(tmp_path / "again.txt")]) == 0
        assert len(collects) == 3 and gc.get_freeze_count() == 0

    def test_runs_of_the_command_in_one_process_do_not_keep_each_other_s_cycles(self, tmp_path, monkeypatch):
        """A program that runs paint solve again and again: what each run sets aside at its first step does not
        grow from run to run (the cycles of the run before are collected first, not frozen with the rest)."""
        counts = self._freezes(monkeypatch)
        for number in range(5):
            assert cli.main(["solve", str(SEARCH), "-o", str(tmp_path / f"{number}.txt")]) == 0
        first = [dict(reversed(counts))[number] for number in range(1, 6)]  # each run's first step
        assert first[-1] - first[1] < 4000, first

    def test_a_host_freeze_is_left_alone(self, tmp_path, monkeypatch):
        """A program that froze objects of its own before running paint's command finds them frozen after it
        (unfreezing is for all or none), and paint freezes nothing of its own meanwhile."""
        import gc
        counts = self._freezes(monkeypatch)
        gc.freeze()
        try:
            held = gc.get_freeze_count()
            assert cli.main(["solve", str(SEARCH), "--json", "-o", str(tmp_path / "out.json")]) == 0
            # a frozen object whose last reference goes is still freed, so the count may fall; unfrozen, it is 0
            assert held // 2 < gc.get_freeze_count() <= held
            assert counts and all(count <= held for _, count in counts)
        finally:
            gc.unfreeze()

    def test_many_marks_in_chunks(self):
        """A step with more marks than one chunk is written in chunks and still matches."""
        size = 60
        puzzle = paint.Puzzle(rows=[[size]] * size, columns=[[size]] * size)
        result = paint.solve(puzzle, paint.SolveOptions(steps="rule"))
        assert len(result.steps[0].marks) == size * size > 2000
        stream = io.StringIO()
        writer = DocumentWriter(stream)
        writer.begin(puzzle)
        writer.step(result.steps[0])
        assert stream.getvalue().endswith(json.dumps(result.to_document(), indent=2)
                                          .split('"steps": [')[1].split("\n    }")[0] + "\n    }")

    def test_all_is_a_list(self, tmp_path, capsys):
        """--all --json prints the list json.dumps would, one document per puzzle, and exits with the worst status."""
        bundle = tmp_path / "three.nonpack"
        paint.formats.save([paint.load(path) for path in (TINY, STALLS, SEARCH)], bundle)
        assert cli.main(["solve", str(bundle), "--all", "--json"]) == 4
        out = capsys.readouterr().out
        documents = json.loads(out)
        assert [document["status"] for document in documents] == ["solved", "multiple", "solved"]
        assert out == json.dumps(documents, indent=2, ensure_ascii=False) + "\n"


class TestTotals:
    """Clues whose totals differ are reported at once, whoever built the puzzle."""

    def test_at_once(self):
        """An 8 x 12 puzzle whose row clues ask for one square more than its column clues is a contradiction at once."""
        rows = [[1, 1, 1]] * 8
        columns = [[1, 1]] * 11 + [[1]]
        puzzle = paint.Puzzle(rows=rows, columns=columns)
        started = time.perf_counter()
        result = paint.solve(puzzle)
        assert time.perf_counter() - started < 0.5
        assert result.status == "contradiction" and result.contradiction.strip is None
        assert result.contradiction.reason == "the row clues total 24 full squares but the column clues total 23"
        assert "contradiction: the row clues total 24" in paint.render.render_text(result, grids=False)
        assert result.to_document()["contradiction"]["strip"] is None

    def test_solved_puzzles_check_out(self):
        """A solve with limits that finishes still gives a grid the independent checker accepts."""
        result = paint.solve(paint.load(CAT), paint.SolveOptions(max_time=60))
        assert result.status == "solved"
        assert is_solution(result.puzzle.rows, result.puzzle.columns, result.grid.lines())


class TestSignalsKeepOutputWhole:
    """A signal stops the solve between strips, never inside a write: what is written is always whole."""

    FAASE = CORPUS / "survey" / "faase.non"

    @pytest.mark.parametrize("signum, status", [(signal.SIGTERM, 143), (signal.SIGINT, 3), (signal.SIGHUP, 129)])
    def test_json_through_a_slow_pipe(self, signum, status):
        """Stopped while its JSON sits in a full pipe, paint finishes the document: it parses, status limit."""
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        started = time.monotonic()
        process = subprocess.Popen([sys.executable, "-m", "paint", "solve", str(self.FAASE), "--json"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        wait_until_caught(process, signum)  # Python is still starting before that, on a busy machine
        wait_until_readable(process.stdout)  # the solve has begun: the document's start is in the pipe
        time.sleep(max(0.0, started + 2 - time.monotonic()))
        process.send_signal(signum)
        time.sleep(0.05)
        process.send_signal(signum)  # a second signal changes nothing
        out, err = process.communicate(timeout=120)
        assert process.returncode == status, err
        assert json.loads(out)["status"] == "limit"
        said = {signal.SIGINT: b"interrupted", signal.SIGTERM: b"stopped by SIGTERM", signal.SIGHUP: b"stopped by SIGHUP"}
        assert said[signum] in err  # the reader is told why the solve stopped, not only 'limit'

    def test_all_json_stays_a_list(self, tmp_path):
        """Ctrl-C in the middle of --all --json still leaves one whole JSON list, exit 130."""
        questions = CORPUS / "taai2011" / "questions.txt"
        out = tmp_path / "q.json"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        process = subprocess.Popen([sys.executable, "-m", "paint", "solve", str(questions), "--all", "--json",
                                    "-o", str(out)], stderr=subprocess.PIPE, env=env)
        wait_until_written(tmp_path, '"status"', process)  # a first document is whole, in the file or its twin
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=120)
        assert process.returncode == 130
        documents = json.loads(out.read_text())
        assert documents and documents[-1]["status"] in ("limit", "multiple", "solved", "contradiction")

    def test_terminated_convert_leaves_no_temporary_file(self, tmp_path):
        """SIGTERM while convert is running unwinds: no temporary file is left beside the destination."""
        questions = CORPUS / "taai2011" / "questions.txt"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        for delay in (0.0, 0.3, 0.6):
            process = subprocess.Popen([sys.executable, "-m", "paint", "convert", str(questions),
                                        str(tmp_path / "q.xml")], stderr=subprocess.PIPE, env=env)
            wait_until_caught(process, signal.SIGTERM)  # Python is still starting before that, on a busy machine
            time.sleep(delay)
            process.send_signal(signal.SIGTERM)
            process.communicate(timeout=60)
            assert process.returncode in (0, 143)
            assert [path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp")] == []


def wait_until_written(folder: Path, text: str, process, timeout: float = 60.0) -> None:
    """Wait until a file in ``folder`` holds ``text`` (or ``process`` has ended, or ``timeout`` seconds passed)."""
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        for path in folder.iterdir():
            try:
                if text in path.read_text(encoding="utf-8", errors="replace"):
                    return
            except OSError:  # renamed or removed meanwhile
                pass
        time.sleep(0.02)


def wait_until_worked(process, seconds: float, timeout: float = 60.0) -> None:
    """Wait until ``process`` has had ``seconds`` of processor time, however busy the machine (Linux's /proc;
    elsewhere, ``seconds`` of wall time)."""
    stat = Path(f"/proc/{process.pid}/stat")
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
        except (OSError, IndexError):
            time.sleep(seconds)
            return
        if (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") >= seconds:  # utime + stime
            return
        time.sleep(0.02)


def wait_until_caught(process, signum, timeout: float = 30.0) -> None:
    """Wait until ``process`` has its handler for ``signum`` in place (Linux's /proc; elsewhere, half a second)."""
    status = Path(f"/proc/{process.pid}/status")
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        try:
            caught = next(line for line in status.read_text().splitlines() if line.startswith("SigCgt:"))
        except (OSError, StopIteration):
            time.sleep(0.5)
            return
        if int(caught.split()[1], 16) >> (signum - 1) & 1:
            return
        time.sleep(0.005)


def wait_until_readable(pipe, timeout: float = 60.0) -> None:
    """Wait until a process has written something into ``pipe`` (not read here: it stays in the pipe)."""
    import select
    select.select([pipe], [], [], timeout)


class TestCommandLineLimits:
    """Limits on the command line are finite numbers, and the exit statuses are documented."""

    @pytest.mark.parametrize("command", [["line", "1", "> <"], ["solve", str(TINY)], ["check", str(TINY)]])
    def test_infinite_time_refused(self, command, capsys):
        """--max-time inf is a one-line usage error, not a traceback."""
        assert cli.main([*command, "--max-time", "inf"]) == 2
        assert "must be a finite number" in capsys.readouterr().err

    def test_help_lists_signal_statuses(self, capsys):
        """paint solve --help lists 143, 129 and 141 among the exit statuses."""
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["solve", "--help"])
        out = capsys.readouterr().out
        assert "143" in out and "129" in out and "141" in out

    def test_check_into_a_closed_pipe(self):
        """paint check piped into a reader that leaves exits 141, as solve does.

        The reader leaves before the report is written (``head -c 0`` reads
        nothing): a reader that leaves after the first line may still be
        there, on a busy machine, when the whole report fits in the pipe.
        """
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        finished = subprocess.run(["bash", "-c", f"set -o pipefail; {sys.executable} -m paint check "
                                   f"{CORPUS / 'jwilk'} --jobs 1 --max-time 5 | head -c 0; "
                                   "echo ${PIPESTATUS[0]}"], capture_output=True, text=True, env=env, timeout=300)
        assert finished.stdout.strip().splitlines()[-1] == "141"

    def test_slow_solver_named_so(self, capsys):
        """A solver other than complete stopped on a long line says the line is too long, not that it has many arrangements."""
        assert cli.main(["line", "--solver", "dp", "--max-time", "0.05", ",".join(["1"] * 1000),
                         ">" + " " * 3999 + "<"]) == 3  # dp needs 62 MiB here, within paint line's limit
        assert "the line is too long to finish in that time" in capsys.readouterr().out


def _runs(line) -> list[int]:
    """The clue of a line of booleans (True full)."""
    return [len(run) for run in "".join("X" if full else " " for full in line).split()]
