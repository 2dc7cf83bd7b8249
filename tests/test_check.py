"""``paint check``: verdicts on built puzzles, finding files, batches in processes, the report, exit statuses, JSON."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import paint
from checker import brute_force, clues_of, columns_of, is_solution, solutions_by_rows
from paint import cli, formats
from paint.printable import printable
from paint.batch import PuzzleEntry, check_batch, expand, find_puzzles, _run_in_processes
from paint.check import VERDICTS, Check, CheckOptions, check_file, check_puzzle
from paint.render.board import draw
from paint.squares import Grid
from paint.render.check import describe, note, render_report, short_names, show_pictures, summary_line
from paint.rules import LINE_RULE_NAMES, PROBE_NAMES, RULE_NAMES

TESTS = Path(__file__).parent
CORPUS = TESTS / "corpus"
SCHEMA = json.loads((TESTS / "check_schema.json").read_text(encoding="utf-8"))

# Small puzzles built for each verdict (found by trying random grids; brute force confirms the counts).
OK = paint.Puzzle(rows=[[2], [1]], columns=[[2], [1]], title="ok")
PROBES = paint.Puzzle(rows=[[1], [2], [1, 1], [1, 1]], columns=[[1, 1], [1, 1], [2], [1]], title="probes")
SEARCH = paint.Puzzle(rows=[[2], [1, 1], [1], [1, 1], [1], [1, 1], [1, 1]],
                      columns=[[2, 2], [1, 1], [2, 1], [1, 1, 1]], title="search")
MULTIPLE = paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]], title="multiple")
NO_SOLUTION = paint.Puzzle(rows=[[2], [0]], columns=[[2], [0]], title="no solution")
BUILT = {"ok": OK, "needs-probes": PROBES, "needs-search": SEARCH, "multiple": MULTIPLE,
         "no-solution": NO_SOLUTION}


def solutions_of(puzzle):
    """Every solution of a small puzzle, by brute force (shares no code with paint)."""
    return solutions_by_rows([list(c) for c in puzzle.rows], [list(c) for c in puzzle.columns], puzzle.width)


def checked(puzzle, lines) -> bool:
    return is_solution([list(c) for c in puzzle.rows], [list(c) for c in puzzle.columns], list(lines))


def write_batch(folder: Path, names=BUILT) -> dict[str, Path]:
    """Write the built puzzles as ``.non`` files in ``folder``; their paths by verdict."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for verdict in names:
        path = folder / f"{verdict}.non"
        formats.save(BUILT[verdict], path)
        paths[verdict] = path
    return paths


class TestBuiltPuzzles:
    def test_solution_counts(self):
        """The built puzzles have the number of solutions their verdicts claim, by brute force."""
        assert [len(solutions_of(BUILT[v])) for v in BUILT] == [1, 1, 1, 2, 0]


class TestSameTwoSolutions:
    """``paint solve`` and ``paint check`` show the same two solutions of a puzzle with several, so they say the
    same squares differ (they once said 24 and 10 for one file): the breadth-first search of ``solve`` finds
    another pair first on this puzzle."""

    PUZZLE = paint.Puzzle(
        rows=[(1, 1, 2), (1, 3, 1), (1, 1, 2), (1, 1, 1, 1), (3, 1, 1), (10,), (1, 5, 2, 1), (2, 1, 2), (1, 2, 1),
              (4, 1, 1, 1), (2, 4, 2), (3, 3, 1, 1)],
        columns=[(4, 3, 3), (1, 1, 3), (2, 1, 1), (1, 2, 3), (2, 3, 1), (1, 8), (2, 3, 1, 2), (1, 1, 1), (2, 4, 1),
                 (1, 7), (1,), (3, 1, 1, 1)])

    def test_same_pair(self):
        solved = paint.solve(self.PUZZLE)
        checked = check_puzzle(self.PUZZLE)
        assert solved.status == checked.verdict == "multiple"
        shown = [tuple(grid.lines()) for grid in solved.solutions[:2]]
        assert shown == list(checked.solutions[:2])
        for grid in solved.solutions[:2]:
            assert is_solution(self.PUZZLE.rows, self.PUZZLE.columns, list(grid.lines()))
        assert len(solved.solutions[0].differences(solved.solutions[1])) == checked.differing
        assert solved.choice().differences == tuple(solved.solutions[0].differences(solved.solutions[1]))


class TestCheckPuzzle:
    """check_puzzle gives each verdict with the figures behind it."""

    def test_ok(self):
        """Line logic alone finishes it: ok, unique, passes, no stall, and the solution is checked."""
        check = check_puzzle(OK)
        assert (check.verdict, check.unique, check.passes) == ("ok", True, True)
        assert check.hardest_rule in LINE_RULE_NAMES and check.blank_at_stall is None
        assert check.search_depth is None and check.differing is None
        assert checked(OK, check.solution) and [list(check.solution)] == solutions_of(OK)

    def test_needs_probes(self):
        """Line logic stalls at once; the edge probe finishes it: needs-probes, the stall is the blank grid."""
        check = check_puzzle(PROBES)
        assert (check.verdict, check.unique, check.passes) == ("needs-probes", True, False)
        assert check.hardest_rule in ("edge", "corner")
        assert check.blank_at_stall == 16 and check.stall == ("    ",) * 4
        assert [list(check.solution)] == solutions_of(PROBES)

    def test_needs_probes_allowed(self):
        """With probes allowed the puzzle passes and the allowed rules do not stall."""
        check = check_puzzle(PROBES, CheckOptions(allow_probes=True))
        assert (check.verdict, check.passes, check.blank_at_stall) == ("needs-probes", True, None)

    def test_needs_search(self):
        """Line logic and the probes stall: needs-search, with the blank squares at the stall and the depth."""
        check = check_puzzle(SEARCH)
        assert (check.verdict, check.unique, check.passes) == ("needs-search", True, False)
        assert check.hardest_rule == "search" and check.search_depth == 1
        assert check.blank_at_stall == 28
        assert [list(check.solution)] == solutions_of(SEARCH)
        assert not check_puzzle(SEARCH, CheckOptions(allow_probes=True)).passes

    def test_multiple(self):
        """Two solutions: multiple, with how many squares differ; both solutions are real and different."""
        check = check_puzzle(MULTIPLE)
        assert (check.verdict, check.unique, check.passes, check.differing) == ("multiple", False, False, 4)
        first, second = check.solutions
        assert first != second and checked(MULTIPLE, first) and checked(MULTIPLE, second)
        assert check.solution is None

    def test_no_solution(self):
        """Clues that contradict: no-solution, saying which strip and rule found it."""
        check = check_puzzle(NO_SOLUTION)
        assert (check.verdict, check.unique, check.passes) == ("no-solution", False, False)
        assert check.contradiction.startswith("column 1 cannot be completed - ")
        assert check.contradiction.endswith("(found by overlap)")

    def test_no_solution_found_by_search(self):
        """A contradiction line logic cannot find is found past the stall, which is reported."""
        puzzle = paint.Puzzle(rows=[[1, 1], [2], [1], [2]], columns=[[2], [2], [2], [1]])
        assert solutions_of(puzzle) == []
        check = check_puzzle(puzzle)
        assert check.verdict == "no-solution" and check.blank_at_stall == 16
        assert check.hardest_rule not in LINE_RULE_NAMES

    def test_limit(self):
        """A position or branch limit stops the search before the answer is known: limit, uniqueness unknown.

        The depth-first search counts the positions it probes: one is not
        enough to find two solutions.  The explained search counts its
        branches (``explain_search``), and one is not enough to finish SEARCH.
        """
        check = check_puzzle(MULTIPLE, CheckOptions(max_positions=1))
        assert (check.verdict, check.unique, check.passes) == ("limit", None, False)
        assert check.blank_at_stall == 4 and check_puzzle(MULTIPLE, CheckOptions(max_positions=3)).verdict == "multiple"
        explained = check_puzzle(SEARCH, CheckOptions(max_branches=1, explain_search=True))
        assert (explained.verdict, explained.unique, explained.blank_at_stall) == ("limit", None, 28)

    def test_explained_search_agrees(self):
        """Deciding by the explained search gives the same verdicts, and counts the search's steps and levels."""
        for verdict, puzzle in BUILT.items():
            quick, explained = check_puzzle(puzzle), check_puzzle(puzzle, CheckOptions(explain_search=True))
            assert quick.verdict == explained.verdict == verdict
            assert (quick.unique, quick.solution, quick.differing) == (explained.unique, explained.solution,
                                                                      explained.differing)
            assert quick.steps <= explained.steps
        assert check_puzzle(SEARCH, CheckOptions(explain_search=True)).steps == len(paint.solve(SEARCH).steps)

    def test_limit_in_line_logic_is_no_stall(self):
        """A time limit that cuts line logic short is not a stall: no blank count, no claim that line logic stalls."""
        puzzle = formats.load(CORPUS / "survey" / "webpbn-00529-swing.non")
        check = check_puzzle(puzzle, CheckOptions(max_time=0.001))
        assert check.verdict == "limit" and check.blank_at_stall is None and check.stall is None
        assert "stalls" not in describe(check)
        assert check_puzzle(puzzle).verdict == "ok"

    def test_goal_matches(self):
        """A goal that is the solution is reported as matching."""
        check = check_puzzle(paint.Puzzle(rows=OK.rows, columns=OK.columns, goal=["XX", "X."]))
        assert check.goal_matches is True and check.passes and check.error is None

    def test_goal_differs(self):
        """A goal that is not the one solution makes the file broken: the puzzle does not pass, and says where."""
        check = check_puzzle(paint.Puzzle(rows=OK.rows, columns=OK.columns, goal=["XX", ".X"]))
        assert check.verdict == "ok" and check.goal_matches is False and not check.passes
        assert check.error == ("the goal in the file is not the solution: they differ in 2 squares, "
                               "first at row 2, column 1; the file is broken")

    def test_goal_without_one_solution(self):
        """With several solutions there is no one solution to compare the goal with."""
        check = check_puzzle(paint.Puzzle(rows=MULTIPLE.rows, columns=MULTIPLE.columns, goal=["X.", ".X"]))
        assert check.verdict == "multiple" and check.goal_matches is None

    @settings(max_examples=60, deadline=None)
    @given(st.integers(1, 4), st.integers(1, 4), st.randoms(use_true_random=False))
    def test_agrees_with_brute_force(self, height, width, rng):
        """On random small puzzles the verdict matches the number of solutions, and ok means line logic alone."""
        lines = ["".join(rng.choice("X.") for _ in range(width)) for _ in range(height)]
        rows = clues_of(lines)
        if rng.random() < 0.3:  # clues of no grid at all, now and then
            rows[rng.randrange(height)] = [1] if not rows[0] else []
        columns = clues_of(columns_of(lines))
        puzzle = paint.Puzzle(rows=rows, columns=columns)
        solutions = brute_force(rows, columns, height, width)
        check = check_puzzle(puzzle)
        expected = {0: {"no-solution"}, 1: {"ok", "needs-probes", "needs-search"}}.get(len(solutions), {"multiple"})
        assert check.verdict in expected
        if len(solutions) == 1:
            assert list(check.solution) == solutions[0]
        line_logic = paint.solve(puzzle, paint.SolveOptions(rules=LINE_RULE_NAMES, search=False))
        assert (check.verdict == "ok") == (line_logic.status == "solved")
        if check.verdict == "multiple":
            assert all(list(s) in solutions for s in check.solutions)


class TestCheckFile:
    def test_reads_and_checks(self, tmp_path):
        """A file is read and judged; the check names it and counts the reading in its time."""
        path = write_batch(tmp_path, ["ok"])["ok"]
        check = check_file(path)
        assert check.file == str(path) and check.verdict == "ok" and check.seconds > 0

    def test_bad_file(self, tmp_path):
        """A file that cannot be read is an error check with the one-line reason, naming file and line."""
        path = tmp_path / "bad.non"
        path.write_text("width 2\nheight 1\nrows\nx\ncolumns\n1\n1\n", encoding="utf-8")
        check = check_file(path)
        assert check.verdict == "error" and not check.passes and check.unique is None
        assert check.error.startswith(f"{path}:4: ")

    def test_goal_breaking_the_clues(self, tmp_path):
        """A goal that breaks the clues: the clues still get their verdict, the goal does not match, the file is
        said to be broken (naming the strip and the goal's line), and the puzzle does not pass."""
        path = tmp_path / "goal.non"
        path.write_text('width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\ngoal "1101"\n', encoding="utf-8")
        check = check_file(path)
        assert (check.verdict, check.goal_matches, check.passes) == ("ok", False, False)
        assert check.error == f"{path}:9: the goal does not match the clue of column 1 (2): the file is broken"
        assert checked(OK, check.solution)


class TestFindPuzzles:
    """find_puzzles walks folders for puzzle files and reports paths it cannot use."""

    def test_walks_folders_sorted(self, tmp_path):
        """Folders are searched recursively, in sorted order, for puzzle extensions in any case."""
        for name in ("b.non", "a.PRO", "sub/c.nin", "notes.txt", "README.md", ".hidden.non", ".git/d.non"):
            path = tmp_path / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("x", encoding="utf-8")
        found = find_puzzles([tmp_path])
        assert [Path(f.path).relative_to(tmp_path).as_posix() for f in found] == ["a.PRO", "b.non", "sub/c.nin"]
        assert all(f.problem is None for f in found)

    def test_files_taken_as_named(self, tmp_path):
        """A file named on the command line is taken whatever its extension, once even if named twice."""
        path = tmp_path / "puzzle.txt"
        path.write_text("x", encoding="utf-8")
        found = find_puzzles([path, tmp_path, path])
        assert found == [PuzzleEntry(str(path))]

    def test_missing_path(self, tmp_path):
        """A path that does not exist comes back with its problem."""
        missing = tmp_path / "nope"
        assert find_puzzles([missing]) == [PuzzleEntry(str(missing), f"{missing}: no such file or folder")]

    def test_broken_link_and_pipe(self, tmp_path):
        """A link to nothing and a pipe named like a puzzle are reported, never opened (a pipe would block)."""
        os.symlink(tmp_path / "gone.non", tmp_path / "link.non")
        os.mkfifo(tmp_path / "pipe.non")
        problems = {Path(f.path).name: f.problem for f in find_puzzles([tmp_path])}
        assert problems == {"link.non": f"{tmp_path / 'link.non'}: no such file (a link to nothing)",
                            "pipe.non": f"{tmp_path / 'pipe.non'}: not a regular file"}

    def test_link_loop(self, tmp_path):
        """A link that leads round in a loop is reported as such, in a folder and when named."""
        os.symlink("loop.non", tmp_path / "loop.non")
        expected = f"{tmp_path / 'loop.non'}: cannot read the file: Too many levels of symbolic links"
        assert find_puzzles([tmp_path]) == [PuzzleEntry(str(tmp_path / "loop.non"), expected)]
        assert find_puzzles([tmp_path / "loop.non"]) == [PuzzleEntry(str(tmp_path / "loop.non"), expected)]

    def test_pipe_named_is_read_at_once(self, tmp_path):
        """A pipe named on the command line (the shell's <(...)) is read when found, and checked by a worker."""
        pipe = tmp_path / "pipe"
        os.mkfifo(pipe)
        text = formats.dumps(OK, "non")
        writer = threading.Thread(target=lambda: pipe.write_text(text, encoding="utf-8"))
        writer.start()
        found = find_puzzles([pipe, write_batch(tmp_path / "more", ["multiple"])["multiple"]])
        writer.join()
        assert found[0].text == text and found[0].problem is None
        batch = check_batch(found, jobs=2)
        assert [c.verdict for c in batch.checks] == ["ok", "multiple"]

    def test_name_not_utf8(self, tmp_path):
        """A file name that is not UTF-8 is checked, and named with \\xNN wherever it is shown."""
        folder = os.fsencode(tmp_path)
        name = os.path.join(folder, b"caf\xe9.non")
        with open(name, "w", encoding="utf-8") as file:
            file.write(formats.dumps(OK, "non"))
        (check,) = check_batch(find_puzzles([tmp_path])).checks
        assert check.verdict == "ok" and check.file == f"{tmp_path}/caf\\xe9.non"

    @pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
    def test_unreadable_folder(self, tmp_path):
        """A folder that cannot be listed is reported, and the rest is still found."""
        (tmp_path / "locked").mkdir()
        write_batch(tmp_path, ["ok"])
        (tmp_path / "locked").chmod(0)
        try:
            found = find_puzzles([tmp_path])
        finally:
            (tmp_path / "locked").chmod(0o755)
        assert [f.problem is None for f in found] == [False, True]
        assert "cannot read the folder" in found[0].problem


class TestCheckBatch:
    """check_batch judges every file, in order, in this process or in workers."""

    def test_in_processes_same_as_here(self, tmp_path):
        """Two worker processes give the same checks, in the same order, as one process."""
        write_batch(tmp_path)
        found = find_puzzles([tmp_path])
        here = check_batch(found, jobs=1)
        there = check_batch(found, jobs=2)
        assert [c.verdict for c in here.checks] == [c.verdict for c in there.checks]
        assert [c.file for c in there.checks] == [f.path for f in found]
        assert [c.solution for c in here.checks] == [c.solution for c in there.checks]
        assert not here.interrupted and not there.interrupted

    def test_on_check_for_every_puzzle(self, tmp_path):
        """on_check is called once per puzzle, problems included."""
        write_batch(tmp_path, ["ok", "multiple"])
        seen = []
        check_batch(find_puzzles([tmp_path, tmp_path / "nope"]), jobs=2, on_check=seen.append)
        assert sorted(c.verdict for c in seen) == ["error", "multiple", "ok"]

    def test_long_temporary_folder(self, tmp_path, monkeypatch):
        """Workers start under a temporary folder too long for a Unix socket's path (forkserver would fail with
        "AF_UNIX path too long"): the batch starts them another way."""
        import tempfile
        from paint.batch import SOCKET_ROOM, start_method
        long = tmp_path / ("t" * 60) / ("u" * 60)
        long.mkdir(parents=True)
        monkeypatch.setattr(tempfile, "tempdir", str(long))
        assert len(str(long)) > SOCKET_ROOM and start_method() == "spawn"
        found = expand(find_puzzles([TESTS.parent / "puzzles" / "dancer.pro", TESTS.parent / "puzzles" / "cat.pro"]))
        batch = check_batch(found, jobs=2)
        assert [check.verdict for check in batch.checks] == ["ok", "ok"]

    def test_bad_jobs(self):
        """Fewer than one job is refused."""
        with pytest.raises(ValueError, match="jobs must be at least 1"):
            check_batch([], jobs=0)

    @pytest.mark.parametrize("jobs", [1, 2])
    def test_interrupt_keeps_what_was_checked(self, tmp_path, jobs):
        """Ctrl-C (here raised where the batch reports a check) stops it with the checks already finished."""
        write_batch(tmp_path)

        def interrupt(check):
            raise KeyboardInterrupt

        batch = check_batch(find_puzzles([tmp_path]), jobs=jobs, on_check=interrupt)
        assert batch.interrupted and len(batch.checks) <= jobs

    def test_ctrl_c_during_a_solve(self):
        """A real SIGINT in the middle of a long solve stops the batch; the cut-short solve is not reported as a limit."""
        from paint.search import compiled
        compiled.load()  # first: a SIGINT while numpy imports would leave it unloadable in this process
        found = [PuzzleEntry(str(CORPUS / "survey" / "knotty.non")), PuzzleEntry(str(CORPUS / "jwilk" / "data000.nin"))]
        timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        try:
            batch = check_batch(found, CheckOptions(max_time=30), jobs=1)
        finally:
            timer.cancel()
        assert batch.interrupted == signal.SIGINT and batch.checks == ()

    @pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
    def test_signal_while_the_workers_are_made(self, tmp_path, monkeypatch):
        """A SIGTERM that comes while the worker pool is being made (which starts a helper process, so a
        signal sent to the group once a child is seen comes then) stops the batch and is reported as
        SIGTERM, with the signal handlers restored: not an interrupt escaping the batch."""
        import concurrent.futures

        write_batch(tmp_path)
        made = concurrent.futures.ProcessPoolExecutor

        def signalled(*args, **kwargs):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.5)  # the handler runs here, in the middle of making the pool
            return made(*args, **kwargs)

        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", signalled)
        before = signal.getsignal(signal.SIGTERM)
        batch = check_batch(find_puzzles([tmp_path]), jobs=2)
        assert batch.interrupted == signal.SIGTERM and batch.checks == ()
        assert signal.getsignal(signal.SIGTERM) is before

    def test_worker_that_dies(self, tmp_path):
        """A worker killed in the middle of a puzzle makes that puzzle an error; the others are checked."""
        paths = write_batch(tmp_path, ["ok", "multiple", "needs-probes"])
        work = [(index, PuzzleEntry(str(paths[v]))) for index, v in enumerate(("ok", "multiple", "needs-probes"))]
        checks = [None] * 3
        interrupted = _run_in_processes(work, CheckOptions(), checks, None, 2, function=die_on_multiple)
        assert not interrupted
        assert [c.verdict for c in checks] == ["ok", "error", "needs-probes"]
        assert checks[1].error == f"{paths['multiple']}: the process checking it died"

    def test_pool_broken_when_a_puzzle_is_handed_over(self, tmp_path, monkeypatch):
        """A worker that dies between two puzzles breaks the pool before the next is handed over: that puzzle is
        checked again with the others, not lost to a BrokenProcessPool traceback."""
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool
        paths = write_batch(tmp_path, ["ok", "multiple", "needs-probes"])
        work = [(index, PuzzleEntry(str(paths[v]))) for index, v in enumerate(("ok", "multiple", "needs-probes"))]
        checks = [None] * 3
        submit = ProcessPoolExecutor.submit
        calls = []

        def breaks_once(executor, *args, **kwargs):
            calls.append(args)
            if len(calls) == 2:
                raise BrokenProcessPool("a worker died")
            return submit(executor, *args, **kwargs)

        monkeypatch.setattr(ProcessPoolExecutor, "submit", breaks_once)
        assert not _run_in_processes(work, CheckOptions(), checks, None, 2)
        assert [c.verdict for c in checks] == ["ok", "multiple", "needs-probes"]
        assert len(calls) == 4  # the first, the refused second, then the second and third in a new pool


def die_on_multiple(entry, options):
    """Check ``entry``, but end the process at once for the puzzle named multiple (a worker killed)."""
    if Path(entry.path).name == "multiple.non":
        os._exit(9)
    return check_file(entry.path, options, text=entry.text)


class TestReport:
    """The words of the report: describe, note, summary_line, pictures."""

    def test_describe_every_verdict(self):
        """Each verdict gets a sentence with its figures."""
        texts = {v: describe(check_puzzle(p)) for v, p in BUILT.items()}
        assert texts["ok"] == ("2 columns x 2 rows; line logic alone finishes it in 3 steps "
                               "(hardest rule: located); the solution is unique; grade 1 (counting)")
        assert texts["needs-probes"].startswith("4 columns x 4 rows; line logic stalls with 16 squares blank; "
                                                "the probes finish it (hardest rule: edge; 10 steps in all)")
        assert texts["needs-search"] == ("4 columns x 7 rows; line logic stalls with 28 squares blank; "
                                         "search 1 level deep finishes it; the solution is unique; grade 6 (search)")
        assert texts["multiple"].endswith("more than one solution: two of them differ in 4 squares")
        assert texts["no-solution"].startswith("2 columns x 2 rows; no solution: column 1 cannot be completed")
        assert describe(Check("x.non", "error", error="x.non: no such file")) == "x.non: no such file"

    @settings(max_examples=300, deadline=None)
    @given(file=st.text(max_size=30).map(printable), verdict=st.sampled_from(sorted(VERDICTS)),
           error=st.one_of(st.none(), st.text(max_size=30).map(printable)), passes=st.booleans(),
           seconds=st.floats(0, 1e4), width=st.one_of(st.none(), st.integers(1, 1000)),
           output=st.booleans(), allow_probes=st.booleans())
    def test_plain_report_is_what_rich_writes(self, file, verdict, error, passes, seconds, width, output,
                                              allow_probes):
        """One puzzle's report written without rich (:func:`paint.render.verdicts.plain_report`, what ``paint
        check`` writes to a file or pipe) is, character for character, what rich writes there: into ``--output``'s
        buffer, or to standard output when it is not a terminal - whatever the file name and the words hold, made
        printable as the batch makes every name and message it reports (:func:`paint.printable.printable`)."""
        from paint.cli.check import _WIDE
        from paint.cli.common import OutputConsole
        from paint.render.verdicts import plain_report
        check = Check(file, verdict, passes=passes, error=error, steps=3, hardest_rule="overlap", width=width,
                      height=None if width is None else 7, contradiction=error, seconds=seconds)
        buffer = __import__("io").StringIO()
        # as paint check makes them, but not a terminal whatever the environment says (FORCE_COLOR, ...): there the
        # plain report is not used
        console = (Console(file=buffer, width=_WIDE, color_system=None, force_terminal=False) if output
                   else OutputConsole(highlight=False, width=_WIDE, file=buffer, force_terminal=False))
        render_report([check], console, seconds=seconds, total=1, allow_probes=allow_probes)
        assert plain_report([check], seconds=seconds, total=1, allow_probes=allow_probes) == buffer.getvalue()

    def test_plain_report_is_for_one_puzzle(self):
        """Several puzzles (or an interrupted batch) make a table, which rich draws: no plain report."""
        from paint.render.verdicts import plain_report
        checks = [Check("a.non", "ok"), Check("b.non", "ok")]
        assert plain_report(checks, seconds=1) is None
        assert plain_report(checks[:1], seconds=1, total=2) is None
        assert plain_report(checks[:1], seconds=1, total=1).startswith("a.non: ok\n  ")

    def test_summary_line(self):
        """The summary counts verdicts in order, as the issue's example reads."""
        checks = [Check(f"{i}.non", v) for i, v in enumerate(["ok"] * 37 + ["needs-search"] * 2 + ["multiple"])]
        assert summary_line(checks, seconds=2.25) == "37 ok, 2 needs-search, 1 multiple (40 puzzles, 2.2 s)"
        assert summary_line(checks[:3], seconds=1, total=40) == "interrupted after 3 of 40 puzzles: 3 ok (1.0 s)"

    def test_note_names_the_line(self):
        """An error's note drops the file name (the table shows it) and says 'line N'."""
        assert note(Check("a.non", "error", error="a.non:7: bad clue")) == "line 7: bad clue"
        assert note(Check("a.non", "error", error="a.non: no such file")) == "no such file"

    def test_short_names(self):
        """Files in one folder are named within it."""
        assert short_names(["p/a.non", "p/q/b.non"]) == ("p", ["a.non", "q/b.non"])
        assert short_names(["a.non"]) == (None, ["a.non"])

    def test_show_multiple_side_by_side(self):
        """--show draws the two solutions side by side, each differing square drawn ## / * and highlighted in both,
        says where the choice is and lists every differing square."""
        caption, picture = show_pictures(check_puzzle(MULTIPLE), highlighted=True)
        assert caption.startswith(": two solutions, the squares where they differ drawn ## (full) and * (empty) and"
                                  " highlighted. Row 1's 1 lies at column 1 in solution 1 and at column 2 in solution 2;")
        assert caption.endswith("The two solutions differ in 4 squares - row 1: columns 1-2; row 2: columns 1-2.")
        assert len(picture.highlights) == 8
        assert picture.lines[0].split() == ["solution", "1", "solution", "2"]
        assert picture.lines[4].count("|") == 4 and "##" in picture.lines[4] and "*" in picture.lines[4]
        for mark in picture.highlights:  # each highlight covers the characters drawing its square, ## or *
            assert picture.lines[mark.line][mark.start:mark.end].strip() in ("##", "*")

    def test_show_stall(self):
        """--show draws the grid at the stall of a needs-search puzzle, and nothing for one that passes."""
        caption, picture = show_pictures(check_puzzle(SEARCH))
        assert caption == ": where line logic stalls (28 squares blank)"
        assert picture.lines == tuple(draw(SEARCH, Grid.from_lines(check_puzzle(SEARCH).stall)).lines)
        assert show_pictures(check_puzzle(OK)) is None
        assert show_pictures(check_puzzle(PROBES, CheckOptions(allow_probes=True))) is None


class TestExpand:
    """expand makes each puzzle of a file of many its own record, read once in this process."""

    def test_bundle(self, tmp_path):
        """A bundle of every verdict becomes one record per puzzle, labelled file#N, and is checked as such."""
        bundle = tmp_path / "all.nonpack"
        formats.save(list(BUILT.values()), bundle)
        found = expand(find_puzzles([tmp_path]))
        assert [entry.label for entry in found] == [f"{bundle}#{n}" for n in range(1, len(BUILT) + 1)]
        batch = check_batch(found, jobs=2)
        assert [check.verdict for check in batch.checks] == list(BUILT)
        assert [check.file for check in batch.checks] == [entry.label for entry in found]

    def test_broken_puzzle(self, tmp_path):
        """A puzzle of a bundle that cannot be read is an error naming its line; its neighbours are checked."""
        bundle = tmp_path / "b.nonpack"
        good = formats.dumps(OK, "non")
        bundle.write_text(good + "====\nwidth x\n====\n" + good, encoding="utf-8")
        batch = check_batch(expand([PuzzleEntry(str(bundle))]))
        assert [check.verdict for check in batch.checks] == ["ok", "error", "ok"]
        assert batch.checks[1].error.startswith(f"{bundle}:") and "width 'x'" in batch.checks[1].error

    def test_goal_mismatch_in_bundle(self, tmp_path):
        """A goal that breaks its clues in one puzzle of a bundle: the clues are judged, the puzzle fails."""
        bundle = tmp_path / "g.nonpack"
        bad = formats.dumps(OK, "non") + 'goal "0000"\n'
        bundle.write_text(formats.dumps(OK, "non") + "====\n" + bad, encoding="utf-8")
        first, second = check_batch(expand([PuzzleEntry(str(bundle))])).checks
        assert first.passes and second.verdict == "ok" and not second.passes and second.goal_matches is False

    def test_tournament_file(self):
        """The tournament file is 1000 records; a single-puzzle file stays one record named by its path."""
        questions = CORPUS / "taai2011" / "questions.txt"
        single = CORPUS / "jwilk" / "data000.nin"
        found = expand([PuzzleEntry(str(questions)), PuzzleEntry(str(single))])
        assert len(found) == 1001 and found[0].label == f"{questions}#1" and found[-1].label == str(single)
        assert found[-1].puzzle is None  # read by the worker

    def test_game_id(self, capsys):
        """A game ID named in place of a file is checked."""
        status, out, _ = run_check(["2x2:2/1/1/2"], capsys)
        assert out.splitlines()[0] == "2x2:2/1/1/2: ok" and status == 0

    def test_unrelated_xml_and_g_files(self, tmp_path):
        """In a folder, .xml and .g files that do not look like puzzles (pom.xml, a grammar) are passed over."""
        (tmp_path / "pom.xml").write_text("<project><modelVersion>4.0.0</modelVersion></project>\n")
        (tmp_path / "Expr.g").write_text("grammar Expr;\nexpr : term ;\n")
        formats.save(OK, tmp_path / "ok.xml")
        formats.save(OK, tmp_path / "ok.g")
        assert sorted(Path(entry.path).name for entry in find_puzzles([tmp_path])) == ["ok.g", "ok.xml"]

    def test_unreadable_file(self, tmp_path):
        """A file of many that cannot be read at all is one error record."""
        bad = tmp_path / "bad.xml"
        bad.write_text("<puzzleset><puzzle>", encoding="utf-8")
        [entry] = expand([PuzzleEntry(str(bad))])
        assert entry.problem.startswith(f"{bad}:")


def run_check(args, capsys):
    """Run ``paint check ARGS`` in this process: (exit status, stdout, stderr)."""
    status = cli.main(["check", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


class TestCommand:
    """paint check: output, exit statuses, options."""

    def test_one_puzzle(self, tmp_path, capsys):
        """One puzzle is reported as a sentence and exits 0 when ok."""
        path = write_batch(tmp_path, ["ok"])["ok"]
        status, out, err = run_check([path], capsys)
        assert status == 0 and err == ""
        assert out.splitlines()[0] == f"{path}: ok"
        assert out.splitlines()[-1].startswith("1 ok (1 puzzle, ")

    def test_mixed_batch(self, tmp_path, capsys):
        """A folder of every verdict is reported in a table and a summary, and exits 1."""
        write_batch(tmp_path)
        status, out, _ = run_check([tmp_path, "--jobs", "2"], capsys)
        assert status == 1
        rows = {line.split("|")[1].strip(): line.split("|")[3].strip()
                for line in out.splitlines() if line.startswith("| ") and ".non" in line}
        assert rows == {f"{v}.non": v for v in BUILT}
        assert re.search(r"^1 ok, 1 needs-probes, 1 needs-search, 1 multiple, 1 no-solution "
                         r"\(5 puzzles, [0-9.]+ s\)$", out, re.M)

    def test_broken_goal_exits_1(self, tmp_path, capsys):
        """A file whose goal breaks its clues is checked, reported as broken, and makes the batch fail (exit 1)."""
        path = tmp_path / "goal.non"
        path.write_text('width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\ngoal "1101"\n', encoding="utf-8")
        status, out, _ = run_check([path, "--json"], capsys)
        (document,) = json.loads(out)
        jsonschema.validate([document], SCHEMA)
        assert status == 1 and document["goal_matches"] is False and document["verdict"] == "ok"
        assert run_check([path], capsys)[1].splitlines()[1].endswith(
            "the goal does not match the clue of column 1 (2): the file is broken")

    def test_all_ok_exits_0(self, capsys):
        """The nonogram-db collection is all ok: exit 0."""
        status, out, _ = run_check([CORPUS / "nonogram-db"], capsys)
        assert status == 0
        assert re.search(r"^39 ok \(39 puzzles, [0-9.]+ s\)$", out, re.M)

    def test_allow_probes(self, tmp_path, capsys):
        """--allow-probes lets a needs-probes puzzle pass: exit 0, and the summary says so."""
        write_batch(tmp_path, ["ok", "needs-probes"])
        assert run_check([tmp_path], capsys)[0] == 1
        status, out, _ = run_check([tmp_path, "--allow-probes"], capsys)
        assert status == 0 and "1 ok, 1 needs-probes (allowed) (2 puzzles" in out

    def test_unreadable_files_exit_2(self, tmp_path, capsys):
        """A folder with unreadable files: they are errors with their reasons, the rest is checked, exit 2."""
        write_batch(tmp_path, ["ok", "multiple"])
        (tmp_path / "binary.non").write_bytes(b"\x00\x01\x02")
        os.symlink(tmp_path / "gone.nin", tmp_path / "link.nin")
        status, out, _ = run_check([tmp_path, "--json"], capsys)
        assert status == 2
        checks = {Path(c["file"]).name: c for c in json.loads(out)}
        assert checks["binary.non"]["error"] == f"{tmp_path / 'binary.non'}: binary content, not a puzzle file"
        assert checks["link.nin"]["error"] == f"{tmp_path / 'link.nin'}: no such file (a link to nothing)"
        assert (checks["ok.non"]["verdict"], checks["multiple.non"]["verdict"]) == ("ok", "multiple")

    @pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
    def test_permission_denied(self, tmp_path, capsys):
        """A file without read permission is an error naming the reason."""
        path = write_batch(tmp_path, ["ok"])["ok"]
        path.chmod(0)
        try:
            status, out, _ = run_check([path, "--json"], capsys)
        finally:
            path.chmod(0o644)
        assert status == 2 and json.loads(out)[0]["error"].endswith("permission denied")

    def test_markup_in_messages_and_names(self, tmp_path, capsys):
        """Text that looks like rich markup, in a bad clue or a file name, is shown as it is, on any output."""
        folder = tmp_path / "in"
        write_batch(folder, ["ok"])
        (folder / "bad.non").write_text("width 2\nheight 1\nrows\n[/b]\ncolumns\n1\n1\n", encoding="utf-8")
        formats.save(MULTIPLE, folder / "x[red]y|z.non")
        status, out, err = run_check([folder], capsys)
        assert status == 2 and err == ""
        assert "[/b]" in out and "x[red]y\\|z.non" in out
        batch = check_batch(find_puzzles([folder]))
        console = Console(file=__import__("io").StringIO(), width=100, force_terminal=True, color_system=None)
        render_report(batch.checks, console, seconds=1.0, show=True)
        assert "[/b]" in console.file.getvalue() and "x[red]y|z.non" in console.file.getvalue()

    def test_json_schema(self, tmp_path, capsys):
        """--json prints one object per puzzle, valid against tests/check_schema.json, with the issue's fields."""
        write_batch(tmp_path)
        (tmp_path / "bad.nin").write_text("2 2\n1\n", encoding="utf-8")
        status, out, _ = run_check([tmp_path, "--json"], capsys)
        documents = json.loads(out)
        jsonschema.validate(documents, SCHEMA)
        assert status == 2
        assert {d["verdict"] for d in documents} == set(VERDICTS) - {"limit"}
        status, out, _ = run_check([tmp_path, "--json", "--max-positions", "1"], capsys)
        limited = json.loads(out)
        jsonschema.validate(limited, SCHEMA)
        assert [d["verdict"] for d in limited if "multiple" in d["file"]] == ["limit"]
        for key in ("file", "verdict", "unique", "hardest_rule", "steps", "blank_at_stall", "seconds",
                    "goal_matches", "error"):
            assert all(key in d for d in documents)

    def test_schema_rejects_wrong_documents(self, capsys):
        """The schema rejects an unknown verdict and an ok verdict without uniqueness."""
        document = check_puzzle(OK).to_document() | {"file": "ok.non"}
        jsonschema.validate([document], SCHEMA)
        for wrong in ({"verdict": "fine"}, {"unique": None}, {"blank_at_stall": 3}):
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate([document | wrong], SCHEMA)

    def test_show(self, tmp_path, capsys):
        """--show draws the stall of needs-search and both solutions of multiple, listing the differing squares."""
        paths = write_batch(tmp_path, ["needs-search", "multiple"])
        status, out, _ = run_check([tmp_path, "--show"], capsys)
        assert status == 1
        assert f"{paths['needs-search']}: where line logic stalls (28 squares blank)" in out
        assert (f"{paths['multiple']}: two solutions, the squares where they differ drawn ## (full) and * (empty)."
                " Row 1's 1 lies at column 1 in solution 1 and at column 2 in solution 2;") in out
        assert "The two solutions differ in 4 squares - row 1: columns 1-2; row 2: columns 1-2." in out
        assert "\n".join(draw(SEARCH).lines) in out

    def test_output_file(self, tmp_path, capsys):
        """-o writes the report to a file (plain text, no colour) and refuses to write onto a puzzle."""
        paths = write_batch(tmp_path / "in", ["ok", "multiple"])
        report = tmp_path / "report.md"
        status, out, _ = run_check([tmp_path / "in", "-o", report], capsys)
        assert status == 1 and out == ""
        text = report.read_text(encoding="utf-8")
        assert "| multiple.non " in text and "\x1b[" not in text and "1 ok, 1 multiple" in text
        before = paths["ok"].read_bytes()
        status, _, err = run_check([tmp_path / "in", "-o", paths["ok"]], capsys)
        assert status == 2 and err == f"paint: refusing to write onto the input file {paths['ok']}\n"
        assert paths["ok"].read_bytes() == before

    def test_no_puzzles(self, tmp_path, capsys):
        """A folder without puzzle files is a usage error, said in one line."""
        status, _, err = run_check([tmp_path], capsys)
        assert status == 2 and err == f"paint: no puzzle files (.pro, .non, .nonpack, .nin, .xml, .g) in {tmp_path}\n"

    @pytest.mark.parametrize("option", [["--jobs", "0"], ["--max-time", "-1"], ["--show", "--json"]])
    def test_bad_usage(self, tmp_path, capsys, option):
        """Bad option values and --show with --json are usage errors, exit 2."""
        assert run_check([tmp_path, *option], capsys)[0] == 2

    def test_help(self, capsys):
        """check --help names every verdict and the exit statuses."""
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["check", "--help"])
        out = capsys.readouterr().out
        for verdict in VERDICTS:
            assert verdict in out.replace("\n", " ")
        assert "130      interrupted by Ctrl-C" in out and "some puzzle is not ok" in out

    def test_terminal_table(self, tmp_path):
        """On a terminal the table and the notes under it fit 80 columns; the summary stays one line."""
        write_batch(tmp_path)
        batch = check_batch(find_puzzles([tmp_path]))
        console = Console(file=__import__("io").StringIO(), width=80, force_terminal=True, color_system=None)
        render_report(batch.checks, console, seconds=1.0)
        lines = console.file.getvalue().splitlines()
        assert max(map(len, lines[:-1])) <= 80
        assert lines[0].rstrip() == f"in {tmp_path}{os.sep}"
        assert "multiple.non: two solutions differ in 4 squares" in lines
        assert lines[-1].startswith("1 ok, 1 needs-probes, 1 needs-search, 1 multiple, 1 no-solution (5 puzzles")


    def test_long_folder_name_on_one_line(self, tmp_path):
        """The line naming the folder stays whole when it is wider than the table but fits the terminal."""
        folder = tmp_path / ("f" * max(70 - len(str(tmp_path)), 1))  # "in" and the folder: over 62, under 80
        assert 62 < len(f"in {folder}/") <= 80
        folder.mkdir()
        write_batch(folder)
        console = Console(file=__import__("io").StringIO(), width=80, force_terminal=True, color_system=None)
        render_report(check_batch(find_puzzles([folder])).checks, console, seconds=1.0)
        assert console.file.getvalue().splitlines()[0].rstrip() == f"in {folder}{os.sep}"


class TestRealProcess:
    def test_python_m_paint_with_workers(self, tmp_path):
        """`python -m paint check --jobs 2` in a fresh interpreter starts its workers and reports every puzzle."""
        write_batch(tmp_path)
        env = dict(os.environ, PYTHONPATH=str(TESTS.parent))
        process = subprocess.run([sys.executable, "-m", "paint", "check", str(tmp_path), "--jobs", "2", "--json"],
                                 capture_output=True, text=True, env=env, timeout=120)
        assert process.returncode == 1 and process.stderr == ""
        assert sorted(d["verdict"] for d in json.loads(process.stdout)) == sorted(BUILT)


    @pytest.mark.parametrize("number, word", [(signal.SIGINT, "interrupted"), (signal.SIGTERM, "stopped by SIGTERM"),
                                              (signal.SIGHUP, "stopped by SIGHUP")])
    def test_signal_stops_the_workers(self, number, word):
        """SIGINT, SIGTERM or SIGHUP to `paint check --jobs 2` on long puzzles ends it at once, with what was
        done reported, exit 128 + the signal, and no process of it left behind."""
        process, marker = start_long_check()
        wait_for_workers(process)
        started = time.perf_counter()
        process.send_signal(number)
        out, err = process.communicate(timeout=30)
        assert time.perf_counter() - started < 10
        assert process.returncode == 128 + number
        assert err == f"paint: {word} after 0 of 3 puzzles\n"
        assert "interrupted after 0 of 3 puzzles: nothing checked" in out
        assert wait_until_gone(marker) == []

    def test_workers_end_when_the_command_is_killed(self):
        """When the command is killed outright (SIGKILL), its workers notice and end too."""
        process, marker = start_long_check()
        time.sleep(3)
        process.kill()
        process.communicate(timeout=30)
        assert wait_until_gone(marker) == []


def wait_for_workers(process, seconds=60.0, fallback=3.0) -> None:
    """Wait until ``process`` (``paint check --jobs 2``) has started the processes of its batch, or has ended
    (without Linux's /proc: ``fallback`` seconds, the time it takes on an idle machine)."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + seconds
    while process.poll() is None and time.monotonic() < deadline:
        try:
            if children.read_text().split():
                return
        except OSError:
            time.sleep(fallback)
            return
        time.sleep(0.02)


def start_long_check():
    """Start `paint check --jobs 2` on two puzzles that take minutes; the process and a marker in its environment."""
    marker = f"paint-test-{os.getpid()}-{time.monotonic_ns()}"
    env = dict(os.environ, PYTHONPATH=str(TESTS.parent), PAINT_TEST_MARKER=marker)
    survey = CORPUS / "survey"
    process = subprocess.Popen([sys.executable, "-m", "paint", "check", str(survey / "knotty.non"),
                                str(survey / "faase.non"), str(survey / "webpbn-00001-dancer.non"),
                                "--jobs", "2", "--max-time", "100"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    return process, marker


def wait_until_gone(marker, seconds=10.0):
    """The ids of processes whose environment holds ``marker``, after waiting up to ``seconds`` for none to be left."""
    deadline = time.monotonic() + seconds
    while True:
        left = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/environ", "rb") as file:
                        if marker.encode() in file.read():
                            left.append(int(entry))
                except OSError:
                    pass
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.2)


class TestCorpusVerdicts:
    """The verdicts on jwilk's 151 puzzles match the corpus README: line -> ok, search -> needs-probes or
    needs-search, several solutions -> multiple."""

    def test_jwilk(self):
        readme = (CORPUS / "README.md").read_text(encoding="utf-8")
        listed = re.search(r"all but (.*?) \(unique, need search\) and (.*?) \(several", readme, re.S)
        search = set(re.findall(r"data[0-9]+", listed.group(1)))
        several = set(re.findall(r"data[0-9]+", listed.group(2)))
        assert len(search) == 8 and len(several) == 4
        batch = check_batch(find_puzzles([CORPUS / "jwilk"]), jobs=2)
        assert len(batch.checks) == 151
        for check in batch.checks:
            name = Path(check.file).stem
            expected = ({"multiple"} if name in several else {"needs-probes", "needs-search"} if name in search
                        else {"ok"})
            assert check.verdict in expected, name
            if check.solution is not None:
                puzzle = formats.load(check.file)
                assert checked(puzzle, check.solution), name
        # the grade is monotone over the corpus: every ok below every needs-probes, below every needs-search
        grades = {verdict: [check.grade for check in batch.checks if check.verdict == verdict]
                  for verdict in ("ok", "needs-probes", "needs-search", "multiple")}
        assert max(grades["ok"]) < min(grades["needs-probes"]) <= max(grades["needs-probes"]) < min(grades["needs-search"])
        assert set(grades["multiple"]) == {None}
        assert {check.grade for check in batch.checks if check.verdict == "ok"} == {1, 2, 3, 4}  # every line grade


class TestCompiledForABatch:
    """A batch of many puzzles hands its searches to the compiled probe from their first position once it has
    searched WARM_AFTER seconds in Python (paint.batch._warm); with it loaded, ``paint check`` gives each edge
    and corner probe only to squares that break under full propagation - the same verdicts, steps and grades
    as probing every square."""

    PROBED = ["jwilk/data022.nin", "jwilk/data091.nin", "jwilk/data144.nin", "survey/webpbn-00023-edge.non",
              "survey/webpbn-00027-bucks.non", "survey/webpbn-00436-petroglyph.non", "survey/webpbn-00065-mum.non"]

    def test_probes_filtered_alike(self, monkeypatch):
        numba = pytest.importorskip("numba")
        if numba.config.DISABLE_JIT:
            pytest.skip("numba is told not to compile: the kernels never load")
        from paint.rules import probe
        from paint.search import compiled
        assert compiled.load(), compiled.FAILURE
        asked = []
        could_break = probe._could_break

        def counted(engine, squares):
            found = could_break(engine, squares)
            asked.append(found is not None)
            return found

        monkeypatch.setattr(probe, "_could_break", counted)
        filtered = [check_file(CORPUS / name) for name in self.PROBED]
        assert asked and all(asked)
        monkeypatch.setattr(probe, "_could_break", lambda engine, squares: None)
        every = [check_file(CORPUS / name) for name in self.PROBED]
        keys = ("verdict", "steps", "grade", "hardest_rule", "blank_at_stall", "differing")
        assert [[getattr(c, k) for k in keys] for c in filtered] == [[getattr(c, k) for k in keys] for c in every]
        assert {c.verdict for c in every} == {"needs-probes", "needs-search"}

    def test_warm_for_a_batch(self):
        """A batch of WARM_BATCH puzzles or more makes its searches compiled from the first position once it has
        searched WARM_AFTER seconds in Python, while it runs (in this process: as before afterwards)."""
        from paint.batch import WARM_AFTER, WARM_BATCH, _eager_here, _warm
        from paint.options import SearchPolicy
        from paint.search import compiled
        work = [None] * WARM_BATCH
        assert _warm(work, CheckOptions()) and not _warm(work[1:], CheckOptions())
        assert not _warm(work, CheckOptions(policy=SearchPolicy(compiled_after=None)))
        before = compiled.EAGER
        with _eager_here(True):
            assert compiled.EAGER == WARM_AFTER > 0
        assert compiled.EAGER == before

    def test_eager_after_the_rent_is_paid(self, monkeypatch):
        """A warm batch searches in Python until its process has spent WARM_AFTER seconds searching, the cost of
        loading numba; its searches then go compiled from their first position, each deciding as it begins."""
        from paint.search import compiled, dfs
        monkeypatch.setattr(compiled, "_WORKS", None)  # not loaded: the searches' seconds count
        monkeypatch.setattr(compiled, "SEARCHED", 0.0)
        monkeypatch.setattr(compiled, "EAGER", None)
        assert not compiled.eager_now()  # not eager: only after compiled_after positions of a search
        compiled.eager(0.25)
        assert not compiled.eager_now()
        compiled.searched(0.2)
        assert not compiled.eager_now() and not dfs._Prober(None, 30).eager
        compiled.searched(0.05)
        assert compiled.eager_now() and dfs._Prober(None, 30).eager
        monkeypatch.setattr(compiled, "_WORKS", False)  # once loaded (or tried), no more is counted
        compiled.searched(7.0)
        assert compiled.SEARCHED == 0.25
        for wrong in (-1, float("nan"), float("inf")):
            with pytest.raises(ValueError, match="not a time"):
                compiled.eager(wrong)

    def test_a_search_counts_its_seconds(self, monkeypatch):
        from paint.search import compiled, dfs
        monkeypatch.setattr(compiled, "_WORKS", None)
        monkeypatch.setattr(compiled, "SEARCHED", 0.0)
        monkeypatch.setattr(compiled, "EAGER", None)
        monkeypatch.setattr(compiled, "load", lambda: False)  # the search stays in Python
        puzzle = paint.load(str(TESTS.parent / "puzzles" / "edge.pro"))
        found = dfs.two_solutions(puzzle, [bytearray(puzzle.width) for _ in range(puzzle.height)])
        assert found.count is dfs.Count.ONE and compiled.SEARCHED > 0

    def test_a_search_stopped_by_a_limit_counts_its_seconds_too(self, monkeypatch):
        from paint.budget import Budget, LimitReached
        from paint.search import compiled, dfs
        monkeypatch.setattr(compiled, "_WORKS", None)
        monkeypatch.setattr(compiled, "SEARCHED", 0.0)
        monkeypatch.setattr(compiled, "load", lambda: False)
        puzzle = paint.load(str(TESTS.parent / "puzzles" / "edge.pro"))
        stop = threading.Event()
        stop.set()  # as Ctrl-C or a signal sets it: the search stops at its first check
        with pytest.raises(LimitReached):
            dfs.two_solutions(puzzle, [bytearray(puzzle.width) for _ in range(puzzle.height)],
                              budget=Budget.for_limits(None, stop=stop))
        assert compiled.SEARCHED > 0

    def test_a_search_the_kernels_cannot_take_does_not_count(self, monkeypatch):
        from paint.puzzle import Puzzle
        from paint.search import compiled, dfs
        monkeypatch.setattr(compiled, "_WORKS", None)
        monkeypatch.setattr(compiled, "SEARCHED", 0.0)
        monkeypatch.setattr(compiled, "load", lambda: False)
        wide = compiled.WIDE_MAX_SQUARES + 1  # one row of two squares apart, and a line too long for the kernels
        puzzle = Puzzle(rows=[[1, 1], [1, 1]], columns=[[1], [1]] + [[]] * (wide - 4) + [[1], [1]])
        found = dfs.two_solutions(puzzle, [bytearray(wide) for _ in range(2)])
        assert found.count is dfs.Count.SEVERAL and compiled.SEARCHED == 0


class TestFrozenAfterLoading:
    """Once numba loads while ``paint check`` runs, or in its workers, what is alive is frozen out of the cycle
    collector's passes (paint.batch.frozen_after_loading), and unfrozen when the command returns; a library
    caller's batch is left alone.  Each case runs in a process of its own: a freeze would change this one's
    collector."""

    SCRIPT = """
import gc, sys
from pathlib import Path
folder = Path(sys.argv[1])
for n in range(BATCH_SIZE):  # enough puzzles for a warm batch, each needing a search: numba loads at the first
    (folder / f"two-{n:02}.non").write_text("width 2\\nheight 2\\nrows\\n1\\n1\\ncolumns\\n1\\n1\\n")
from paint.search import compiled
assert not compiled.loaded()
import paint.batch
paint.batch.WARM_AFTER = RENT_SECONDS  # seconds searched in Python before the searches of a warm batch go compiled
WORK
print(compiled.loaded(), gc.get_freeze_count() > 0)
"""

    def run(self, tmp_path, work: str, rent: float = 1e-9) -> str:
        """The script's output run with ``work``; by default the batch's first search pays a rent of next to
        nothing in Python, and the next loads numba."""
        from paint.batch import WARM_BATCH
        pytest.importorskip("numba")
        if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
            pytest.skip("numba is told not to compile: the kernels never load")
        script = self.SCRIPT.replace("BATCH_SIZE", str(WARM_BATCH)).replace("WORK", work).replace("RENT_SECONDS", repr(rent))
        process = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                                 timeout=120)
        assert process.returncode == 0, process.stderr
        return process.stdout.split()

    def test_the_check_command_freezes_once_numba_has_loaded_and_unfreezes_when_it_returns(self, tmp_path):
        work = ("import paint.batch\n"
                "from paint.cli import main\n"
                "during = []\n"
                "checked = paint.batch._run_here\n"
                "def run_here(*arguments, **keywords):\n"
                "    stopped = checked(*arguments, **keywords)\n"
                "    during.append(gc.get_freeze_count() > 0)\n"
                "    return stopped\n"
                "paint.batch._run_here = run_here\n"
                "status = main(['check', str(folder), '--jobs', '1', '-o', str(folder / 'report.txt')])\n"
                "assert status == 1, status\n"
                "assert during == [True], during\n"
                "status = main(['check', str(folder), '--jobs', '1', '-o', str(folder / 'report.txt')])\n"
                "assert during == [True, True], during  # loaded already: frozen at once\n"
                "from paint.search import compiled\n"
                "assert compiled._ON_LOADED == []  # nothing left waiting")
        assert self.run(tmp_path, work) == ["True", "False"]  # a program running the command in-process: unfrozen

    def test_a_batch_of_short_searches_never_loads_numba(self, tmp_path):
        """The rent: a warm batch whose searches take less than WARM_AFTER seconds in all (jwilk's five take
        0.02 s) never pays numba's loading (0.3-0.8 s)."""
        from paint.batch import WARM_AFTER
        work = ("from paint.cli import main\n"
                "status = main(['check', str(folder), '--jobs', '1', '-o', str(folder / 'report.txt')])\n"
                "assert status == 1, status\n"
                "assert 0 < compiled.SEARCHED < paint.batch.WARM_AFTER, compiled.SEARCHED\n"
                "assert 'multiple' in (folder / 'report.txt').read_text()")
        assert self.run(tmp_path, work, rent=WARM_AFTER) == ["False", "False"]

    def test_a_library_callers_batch_is_left_alone(self, tmp_path):
        work = ("from paint.batch import check_batch, find_puzzles\n"
                "batch = check_batch(find_puzzles([folder]), jobs=1)\n"
                "assert {check.verdict for check in batch.checks} == {'multiple'}")
        assert self.run(tmp_path, work) == ["True", "False"]

    def test_a_warm_worker_pays_the_rent(self, tmp_path):
        """A worker of a warm batch (--jobs 2 and more) searches WARM_AFTER seconds in Python, as the command's
        own process does, before its searches go compiled from their first position."""
        work = ("paint.batch._start_worker(True)\n"
                "assert compiled.EAGER == paint.batch.WARM_AFTER, compiled.EAGER\n"
                "assert not compiled.eager_now()\n"
                "compiled.searched(paint.batch.WARM_AFTER)\n"
                "assert compiled.eager_now()")
        assert self.run(tmp_path, work, rent=0.4) == ["False", "False"]

    def test_a_worker_freezes_once_numba_has_loaded(self, tmp_path):
        work = ("import paint.batch\n"
                "paint.batch._start_worker(False)\n"
                "assert gc.get_freeze_count() == 0\n"
                "compiled.load()")
        assert self.run(tmp_path, work) == ["True", "True"]

    def test_nothing_is_frozen_when_the_collector_is_off_or_something_is_frozen_already(self, tmp_path):
        work = ("from paint.batch import frozen_after_loading\n"
                "gc.disable()\n"
                "with frozen_after_loading():\n"
                "    compiled.load()\n"
                "    assert gc.get_freeze_count() == 0\n"
                "gc.enable()\n"
                "keep = [[] for _ in range(3)]\n"
                "gc.freeze()\n"
                "frozen = gc.get_freeze_count()\n"
                "with frozen_after_loading():  # loaded already: at once, but the host's freeze is its own\n"
                "    assert gc.get_freeze_count() == frozen, (gc.get_freeze_count(), frozen)\n"
                "assert gc.get_freeze_count() == frozen  # and left frozen: not paint's to undo\n"
                "gc.unfreeze()")
        assert self.run(tmp_path, work) == ["True", "False"]

    def test_on_loaded_calls_once_when_the_kernels_work_and_never_when_they_do_not(self, monkeypatch):
        from paint.search import compiled
        called = []
        monkeypatch.setattr(compiled, "_WORKS", None)
        monkeypatch.setattr(compiled, "_ON_LOADED", [])
        monkeypatch.setattr(compiled, "_try_kernels", lambda: False)
        compiled.on_loaded(lambda: called.append("first"))
        assert not compiled.load() and called == []  # the kernels do not work: nothing is called
        monkeypatch.setattr(compiled, "_WORKS", None)
        monkeypatch.setattr(compiled, "_try_kernels", lambda: "kernels")
        assert compiled.load() and called == ["first"]
        assert compiled.load() and called == ["first"]  # once
        compiled.on_loaded(lambda: called.append("late"))  # loaded already: at once
        assert called == ["first", "late"]
        monkeypatch.setattr(compiled, "_WORKS", None)
        taken_back = lambda: called.append("taken back")  # noqa: E731
        compiled.on_loaded(taken_back)
        compiled.not_on_loaded(taken_back)
        compiled.not_on_loaded(taken_back)  # no longer waiting: nothing to take back
        assert compiled.load() and called == ["first", "late"]


class TestGrade:
    """The grade (paint.grade): a step function of the hardest rung, search after every rung."""

    def test_never_down_for_a_harder_rung(self):
        from paint.grade import grade
        from paint.rules import RULES
        ladder = sorted(RULES, key=lambda rule: rule.rung)
        grades = [grade("needs-probes" if rule.name in PROBE_NAMES else "ok", rule.name, None) for rule in ladder]
        grades += [grade("needs-search", "search", 1), grade("needs-search", "search", 3)]
        assert grades == sorted(grades) and grades[0] == 1 and grades[-1] == 7
        assert grade("multiple", "search", None) is None and grade("limit", "overlap", None) is None

    def test_effort_counts_the_steps(self):
        check = check_puzzle(paint.load(str(TESTS.parent / "puzzles" / "edge.pro")))
        solved = paint.solve(paint.load(str(TESTS.parent / "puzzles" / "edge.pro")))
        counts: dict = {}
        for step in solved.steps:
            counts[step.rule] = counts.get(step.rule, 0) + 1
        assert check.effort == counts and sum(check.effort.values()) == check.steps
        assert list(check.effort) == [rule for rule in RULE_NAMES if rule in counts]  # the ladder's order
        assert check.grade == 5 and check.to_document()["grade"] == 5

    def test_csv_is_the_json(self, tmp_path, capsys):
        """--csv gives the JSON's values under the JSON's names, row for row, and the sentence as notes."""
        import csv
        paths = [str(TESTS.parent / "puzzles" / name) for name in ("cat.pro", "edge.pro")]
        paths += [str(TESTS / "corpus" / "jwilk" / name) for name in ("data016.nin", "data087.nin")]
        paths.append(str(tmp_path / "missing.non"))
        cli.main(["check", *paths, "--jobs", "1", "--json"])
        documents = json.loads(capsys.readouterr().out)
        cli.main(["check", *paths, "--jobs", "1", "--csv", "-o", str(tmp_path / "out.csv")])
        capsys.readouterr()
        with open(tmp_path / "out.csv", newline="", encoding="utf-8") as stream:
            rows = list(csv.DictReader(stream))
        assert len(rows) == len(documents) == 5
        for row, document in zip(rows, documents):
            for column, value in row.items():
                if column == "notes":
                    assert value
                    continue
                expected = document[column]
                if column == "seconds":
                    continue  # the two runs took their own time
                assert value == ("" if expected is None else str(expected).lower() if isinstance(expected, bool)
                                 else str(expected)), (column, document["file"])
        assert [row["grade"] for row in rows] == ["2", "5", "6", "", ""]


class TestGroupSignal:
    """A stop signal sent to the whole process group (``timeout``, a closed session) reaches paint and its
    workers, sometimes twice: the report of what was checked is still written, and paint ends."""

    @pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups are POSIX")
    def test_twice_to_the_group(self, tmp_path):
        report = tmp_path / "report.md"
        folder = Path(__file__).parent / "corpus" / "taai2011" / "questions.txt"  # 1000 puzzles: minutes of work
        process = subprocess.Popen([sys.executable, "-m", "paint", "check", str(folder), "--jobs", "2",
                                    "-o", str(report)], stderr=subprocess.PIPE, text=True,
                                   start_new_session=True, cwd=Path(__file__).parent.parent)
        wait_for_workers(process, fallback=1.2)  # until the batch has started its workers
        os.killpg(process.pid, signal.SIGTERM)
        os.killpg(process.pid, signal.SIGTERM)
        _, err = process.communicate(timeout=60)
        if process.returncode in (0, 1):
            pytest.skip("the batch finished before the signal came")
        assert process.returncode == 128 + signal.SIGTERM
        assert "stopped by SIGTERM after" in err and "puzzles" in report.read_text(encoding="utf-8")


class TestPeersBenchmark:
    """benchmarks/peers.py: paint against pbnsolve side by side (docs/search.md, "Against pbnsolve")."""

    def test_explained_size(self, tmp_path):
        """The explained row's note counts the steps and lines ``paint solve --no-grids`` prints: the steps are the
        solve's, and each step prints its line and its reasons, so there are more lines than steps."""
        import importlib.util
        path = Path(__file__).resolve().parent.parent / "benchmarks" / "peers.py"
        spec = importlib.util.spec_from_file_location("peers_benchmark", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        puzzles = [CORPUS / "survey" / "webpbn-00001-dancer.non", CORPUS / "survey" / "webpbn-00006-cat.non"]
        printed = []
        for number, puzzle in enumerate(puzzles):  # as the benchmark's timed runs write them
            printed.append(tmp_path / f"{number}.txt")
            with open(printed[-1], "w") as stream:
                module.run([sys.executable, "-m", "paint", "solve", str(puzzle), "--no-grids"], 60, stdout=stream)
        said = module.explained_size(puzzles, printed, 60)
        found = re.fullmatch(r"([\d,]+) steps, ([\d,]+) lines printed", said)
        assert found, said
        steps, lines = (int(group.replace(",", "")) for group in found.groups())
        assert steps == sum(len(paint.solve(paint.load(puzzle)).steps) for puzzle in puzzles)
        assert lines > steps > 0


class TestInstructionsBenchmark:
    """benchmarks/instructions.py: the instructions of checking puzzles, this checkout against another
    (docs/benchmarks.md)."""

    @staticmethod
    def script():
        import importlib.util
        path = Path(__file__).resolve().parent.parent / "benchmarks" / "instructions.py"
        spec = importlib.util.spec_from_file_location("instructions", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    @staticmethod
    def counter(counts: dict, digests: dict):
        """A stand-in for valgrind: ``counts[checkout name]`` instructions of checking (plus 100 of start-up,
        and the seed, so each seed's count is its own), the answers' digest ``digests[name]``."""
        def count(checkout, paths, seed, script):
            if not paths:
                return 100 + seed, ""
            return 100 + seed + counts[checkout.name] * len(paths), digests[checkout.name] + script[:20]
        return count

    @staticmethod
    def checkout(tmp_path) -> Path:
        """A folder that looks like another checkout: it has a paint package (empty)."""
        other = tmp_path / "older"
        (other / "paint").mkdir(parents=True)
        (other / "paint" / "__init__.py").write_text("")
        return other

    def test_prints_each_checkout_with_the_instructions_of_its_checking_alone(self, capsys, tmp_path):
        module = self.script()
        other = self.checkout(tmp_path)
        counter = self.counter({module.ROOT.name: 1000, "older": 1250}, {module.ROOT.name: "a", "older": "a"})
        assert module.main(["--puzzles", "4", "--seeds", "0,7", "--against", str(other)], counter=counter) == 0
        printed = capsys.readouterr().out
        assert "4 puzzles checked in one process, instructions added up over hash seeds 0, 7" in printed
        # start-up: (100 + 0) + (100 + 7); checking: 2 seeds x 4 puzzles x 1000 (or 1250), start-up taken out
        assert "| this checkout | 0.0 | 0.0 | 1.000 |" in printed  # in millions: too few to show
        rows = [line for line in printed.splitlines() if line.startswith("| ") and not line.startswith("| checkout")]
        assert rows[1].endswith("| 0.800 |")  # this checkout's checking is 0.8 of the other's
        assert "the same verdicts, numbers of steps, grades" in printed

    def test_explain_counts_the_explained_solves_and_compares_their_texts(self, capsys, tmp_path):
        module = self.script()
        scripts = []
        other = str(self.checkout(tmp_path))
        counter = self.counter({module.ROOT.name: 10, "older": 10}, {module.ROOT.name: "a", "older": "a"})
        assert module.main(["--explain", "--puzzles", "2", "--seeds", "0", "--against", other],
                           counter=lambda *args: (scripts.append(args[3]), counter(*args))[1]) == 0
        printed = capsys.readouterr().out
        assert set(scripts) == {module.EXPLAIN}
        assert "2 puzzles solved and explained (paint solve) in one process" in printed
        assert "| checkout | start-up | explaining | this / it |" in printed
        assert "the same exit statuses and texts, to the letter" in printed
        counter = self.counter({module.ROOT.name: 10, "older": 10}, {module.ROOT.name: "a", "older": "b"})
        assert module.main(["--explain", "--puzzles", "1", "--seeds", "0", "--against", other], counter=counter) == 1
        assert "explains these puzzles otherwise" in capsys.readouterr().out

    def test_the_explained_digest_is_that_of_the_command_s_own_text(self):
        """The script of --explain, run as it is counted (without valgrind), digests what ``paint solve`` prints:
        its exit status and its text, to the letter."""
        import hashlib
        module = self.script()
        puzzle = str(CORPUS / "jwilk" / "data000.nin")
        process = subprocess.run([sys.executable, "-c", module.EXPLAIN, str(module.ROOT), puzzle], cwd=module.ROOT,
                                 capture_output=True, text=True, env=module.environment(0), check=True)
        command = subprocess.run([sys.executable, "-m", "paint", "solve", puzzle], cwd=module.ROOT,
                                 capture_output=True, text=True, env=module.environment(0))
        assert "1. fills (the clue fills the line): column 4 [8 1]" in command.stdout
        text = re.sub(module.CLOCK_LINE, "  time", command.stdout)
        assert text != command.stdout  # the seconds, the one part the clock writes, were there and are left out
        assert process.stdout.strip() == hashlib.md5(f"{command.returncode}\n{text}".encode()).hexdigest()

    def test_a_checkout_that_answers_otherwise_is_reported(self, capsys, tmp_path):
        module = self.script()
        counter = self.counter({module.ROOT.name: 10, "older": 10}, {module.ROOT.name: "a", "older": "b"})
        assert module.main(["--puzzles", "2", "--seeds", "0", "--against", str(self.checkout(tmp_path))],
                           counter=counter) == 1
        assert f"DIFFERENT ANSWER: {tmp_path / 'older'}" in capsys.readouterr().out

    def test_wrong_arguments_and_no_valgrind_are_refused(self, capsys, monkeypatch):
        module = self.script()
        for seeds in ("a", "-1", "", "1,,2"):
            with pytest.raises(SystemExit):
                module.main(["--seeds", seeds])
        with pytest.raises(SystemExit):
            module.main(["--puzzles", "0"])
        monkeypatch.setattr(module.shutil, "which", lambda name: None)
        assert module.main([]) == 2
        assert "valgrind is not installed" in capsys.readouterr().err
        assert module.collected("==1== Collected : 42\n") == 42
        with pytest.raises(ValueError):
            module.collected("no count here")

    def test_the_counted_runs_use_the_checkout_given_with_the_bytecode_cache(self, capsys, tmp_path, monkeypatch):
        module = self.script()
        monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
        environment = module.environment(7)
        assert environment["PYTHONHASHSEED"] == "7" and "PYTHONDONTWRITEBYTECODE" not in environment
        puzzle = str(CORPUS / "jwilk" / "data000.nin")
        module.warm(module.ROOT, [puzzle])  # this checkout: its own paint checks the puzzle
        with pytest.raises(RuntimeError, match="no paint in"):
            module.warm(tmp_path, [puzzle])  # no paint there: the installed one is not taken for it
        with pytest.raises(RuntimeError, match="older failed: "):
            module.warm(self.checkout(tmp_path), [puzzle])  # an empty paint: that paint's own failure, named
        unreadable = tmp_path / "bad.non"
        unreadable.write_text("width 3\nheight x\n")
        with pytest.raises(RuntimeError, match="bad.non"):
            module.warm(module.ROOT, [puzzle, str(unreadable)])
        assert module.main(["--against", str(tmp_path / "nowhere")], counter=self.counter({}, {})) == 2
        assert "is not a checkout of paint" in capsys.readouterr().err
        monkeypatch.chdir(CORPUS)
        assert module.puzzles(["jwilk"], 1) == [puzzle]  # relative to where it is called, made absolute

    def test_counts_a_real_check(self):
        import shutil
        if shutil.which("valgrind") is None:
            pytest.skip("valgrind is not installed")
        module = self.script()
        paths = module.puzzles([str(CORPUS / "jwilk")], 1)
        assert [Path(path).name for path in paths] == ["data000.nin"]
        module.warm(module.ROOT, paths)
        both, digest = module.count(module.ROOT, paths, 0)  # one run under valgrind: some 15 s
        check = check_puzzle(paint.load(paths[0]))
        import hashlib
        answers = [(check.verdict, check.steps, check.grade, check.hardest_rule, sorted((check.effort or {}).items()))]
        assert both > 10 ** 8 and digest == hashlib.md5(repr(answers).encode()).hexdigest()


@pytest.mark.parametrize("name, differing", [
    ("faase", [(60, 55), (60, 57), (62, 55), (62, 57)]),
    ("knotty", [(5, 31), (5, 32), (7, 29), (7, 31), (7, 32), (7, 34), (9, 27), (9, 29), (10, 27), (10, 29),
                (10, 32), (10, 34), (12, 29), (12, 32)])])
def test_the_survey_hard_puzzles_have_two_solutions(name, differing):
    """Faase and knotty, which no solver of the 2013 survey finished and paint's depth-first search does not
    decide, have more than one solution: the two grids ``paint check --sat`` found for each
    (tests/data/solutions/NAME-two.txt) fit every clue, by the independent checker and by paint's own, and differ
    in these squares (rows and columns from 1)."""
    puzzle = paint.load(str(TESTS / "corpus" / "survey" / f"{name}.non"))
    text = (TESTS / "data" / "solutions" / f"{name}-two.txt").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    first, second = lines[:puzzle.height], lines[puzzle.height:]
    assert len(second) == puzzle.height
    for grid in (first, second):
        assert is_solution(puzzle.rows, puzzle.columns, grid)
        assert paint.solve(puzzle, start=Grid.from_lines(grid)).status == "solved"  # every square given: fits
    assert [(r + 1, c + 1) for r, (a, b) in enumerate(zip(first, second))
            for c, (x, y) in enumerate(zip(a, b)) if x != y] == differing
