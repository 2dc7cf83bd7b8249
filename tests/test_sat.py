"""The SAT solver's count (paint.search.sat, ``paint check --sat``): its clauses against every line, its answers
against brute force and paint's depth-first search, its limit, and the check and the command that use it."""

from __future__ import annotations

import itertools
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pysat")

import paint
from checker import brute_force, clues_of, columns_of, is_solution
from paint import cli
from paint.budget import Budget, LimitReached
from paint.check import CheckOptions, check_puzzle
from paint.puzzle import Puzzle
from paint.render.check import describe, note
from paint.search import dfs, sat
from paint.squares import EMPTY, FULL

TESTS = Path(__file__).parent
SURVEY = TESTS / "corpus" / "survey"


def _blank(puzzle):
    return [bytearray(puzzle.width) for _ in range(puzzle.height)]


def _fitting(clue, length):
    """Every line of ``length`` squares ('X'/'.') whose runs are ``clue``, by trying them all (independent)."""
    return {"".join(bits) for bits in itertools.product("X.", repeat=length)
            if clues_of(["".join(bits)])[0] == [n for n in clue if n]}


def _fresh(last: int):
    """A source of fresh variables after ``last``, for :func:`paint.search.sat.line_clauses`."""
    following = itertools.count(last + 1)
    return lambda: next(following)


def _clues(length):
    """Every clue a line of ``length`` squares can have, and some it cannot."""
    found = {tuple(clues_of([line])[0]) for line in ("".join(bits) for bits in itertools.product("X.", repeat=length))}
    return sorted(found) + [(length + 1,), (length, 1)]


class TestLineClauses:
    @pytest.mark.parametrize("length", range(1, 8))
    def test_the_clauses_of_a_line_hold_for_exactly_the_lines_that_fit_its_clue(self, length):
        from pysat.solvers import Solver
        for clue in _clues(length):
            new = _fresh(length)

            cells = list(range(1, length + 1))
            found = sat.line_clauses(cells, clue, new)
            with Solver(name=sat.SOLVER, bootstrap_with=found) as solver:
                holds = {"".join(bits) for bits in itertools.product("X.", repeat=length)
                         if solver.solve(assumptions=[cell if bit == "X" else -cell
                                                      for cell, bit in zip(cells, bits)])}
            assert holds == _fitting(clue, length), (clue, length)

    @pytest.mark.parametrize("length", range(1, 6))
    def test_known_squares_leave_exactly_the_lines_that_agree_with_them(self, length):
        """``known`` prunes the automaton's steps: the clauses, with the known squares' unit clauses as the
        caller adds them, then hold for the fitting lines that agree with the known squares and no other (every
        clue, every partial line of up to 5 squares, a whole line known among them)."""
        from pysat.solvers import Solver
        value = {"X": FULL, ".": EMPTY, "?": 0}
        for clue in _clues(length)[:-2]:
            fitting = _fitting(clue, length)
            for known in itertools.product("X.?", repeat=length):
                new = _fresh(length)

                cells = list(range(1, length + 1))
                found = sat.line_clauses(cells, clue, new, [value[k] for k in known])
                found += [[cell if k == "X" else -cell] for cell, k in zip(cells, known) if k != "?"]  # the caller's
                with Solver(name=sat.SOLVER, bootstrap_with=found) as solver:
                    holds = {"".join(bits) for bits in itertools.product("X.", repeat=length)
                             if solver.solve(assumptions=[cell if bit == "X" else -cell
                                                          for cell, bit in zip(cells, bits)])}
                agreeing = {line for line in fitting if all(k in "?" + m for k, m in zip(known, line))}
                assert holds == agreeing, (clue, known)

    @pytest.mark.parametrize("length", range(1, 6))
    def test_unit_propagation_finds_every_square_the_line_forces(self, length):
        """Arc consistency (Bacchus 2007): from any known squares that some line fitting the clue agrees with,
        propagation alone marks every square all those lines agree on; from squares none agrees with, it
        finds the contradiction.  Every clue, every partial line of up to 5 squares."""
        from pysat.solvers import Solver
        for clue in _clues(length)[:-2]:
            new = _fresh(length + 1)  # variable length + 1 guards every clause, so nothing is known before it is assumed

            cells = list(range(1, length + 1))
            guard = length + 1
            found = [[*clause, -guard] for clause in sat.line_clauses(cells, clue, new)]
            fitting = _fitting(clue, length)
            with Solver(name=sat.SOLVER, bootstrap_with=found) as solver:
                for known in itertools.product("X.?", repeat=length):
                    agreeing = [line for line in fitting if all(k in "?" + m for k, m in zip(known, line))]
                    assumed = [cell if k == "X" else -cell for cell, k in zip(cells, known) if k != "?"]
                    holds, marked = solver.propagate(assumptions=[guard, *assumed])
                    if not agreeing:
                        assert not holds, (clue, known)
                        continue
                    forced = {cell if line_mark == "X" else -cell
                              for cell, line_mark in zip(cells, agreeing[0])
                              if all(line[cell - 1] == line_mark for line in agreeing)}
                    assert holds and forced == {m for m in marked if abs(m) <= length}, (clue, known)


class TestTwoSolutions:
    @settings(max_examples=60, deadline=None)
    @given(st.integers(2, 4), st.integers(2, 4), st.data())
    def test_agrees_with_brute_force(self, height, width, data):
        lines = [data.draw(st.text(alphabet="X.", min_size=width, max_size=width)) for _ in range(height)]
        rows, columns = clues_of(lines), clues_of(columns_of(lines))
        if data.draw(st.booleans()):  # now and then a clue that does not come from a picture
            columns[0] = data.draw(st.lists(st.integers(1, height), max_size=2).filter(
                lambda clue: sum(clue) + len(clue) - 1 <= height))
        puzzle = Puzzle(rows=rows, columns=columns)
        every = brute_force(rows, columns, height, width)
        found = sat.two_solutions(puzzle, _blank(puzzle))
        assert found.complete and found.depth is None
        assert len(found.solutions) == min(len(every), 2)
        for grid in found.solutions:
            assert is_solution(rows, columns, grid.lines())
        if len(found.solutions) == 2:
            assert found.solutions[0].lines() != found.solutions[1].lines()

    def test_known_squares_are_kept(self):
        puzzle = Puzzle(rows=[[1], [1]], columns=[[1], [1]])
        rows = _blank(puzzle)
        rows[0][0] = 2  # full
        found = sat.two_solutions(puzzle, rows)
        assert found.count is dfs.Count.ONE and found.solutions[0].lines() == ["X.", ".X"]

    @pytest.mark.parametrize("name", ["webpbn-06574-forever.non", "webpbn-00065-mum.non"])
    def test_survey_puzzles_as_the_depth_first_search_finds_them(self, name):
        puzzle = paint.load(str(SURVEY / name))
        found = sat.two_solutions(puzzle, _blank(puzzle))
        assert found.count is dfs.Count.ONE
        assert found.solutions[0].lines() == dfs.two_solutions(puzzle, _blank(puzzle)).solutions[0].lines()
        assert is_solution(puzzle.rows, puzzle.columns, found.solutions[0].lines())

    def test_a_time_limit_stops_the_child(self):
        puzzle = paint.load(str(SURVEY / "faase.non"))  # minutes for the solver
        started = time.perf_counter()
        with pytest.raises(LimitReached):
            sat.two_solutions(puzzle, _blank(puzzle), budget=Budget.for_limits(1.0))
        assert time.perf_counter() - started < 10

    def test_a_stop_stops_the_child(self):
        puzzle = paint.load(str(SURVEY / "faase.non"))
        stop = threading.Event()
        threading.Timer(0.5, stop.set).start()
        started = time.perf_counter()
        with pytest.raises(LimitReached):
            sat.two_solutions(puzzle, _blank(puzzle), budget=Budget.for_limits(None, stop=stop))
        assert time.perf_counter() - started < 10

    @pytest.mark.parametrize("then, rows, message", [
        ("sys.exit(3)", [[1]], "exit status 3"),  # the child fails
        ("print(json.dumps(['.']))", [[1]], "does not fit row 1"),  # the solver's word is checked
        ("print('c hi'); sys.exit(0)", [[1]], "not an answer"),  # neither a hang nor a false limit
        ("print(json.dumps(5)); sys.exit(0)", [[1]], "not an answer"),  # JSON, but not rows
        ("print(json.dumps([5])); sys.exit(0)", [[1]], "not an answer"),
        ("print(json.dumps(['X']))", [[1], []], "does not fit"),  # too few rows
        ("print(json.dumps(['X', 'X.']))", [[1], []], "does not fit"),  # a row too long
        ("print(json.dumps(['X', '?']))", [[1], []], "does not fit"),  # not X or .
    ])
    def test_a_child_that_fails_or_answers_wrongly_is_an_error(self, monkeypatch, then, rows, message):
        puzzle = Puzzle(rows=rows, columns=[[1]])
        monkeypatch.setattr(sat.subprocess, "Popen", _popen_failing(sat.subprocess.Popen, then))
        with pytest.raises(RuntimeError, match=message):
            sat.two_solutions(puzzle, _blank(puzzle))

    def test_the_child_is_not_shadowed_by_the_working_folder(self, tmp_path, monkeypatch):
        (tmp_path / "paint.py").write_text("raise SystemExit('shadowed')\n", encoding="utf-8")
        monkeypatch.chdir(tmp_path)
        puzzle = Puzzle(rows=[[1], [1]], columns=[[1], [1]])
        assert sat.two_solutions(puzzle, _blank(puzzle)).count is dfs.Count.SEVERAL

    def test_the_child_dies_with_its_parent(self, tmp_path):
        """A process that starts the child and is then killed outright (as a batch's worker can be) leaves no
        solver running (Linux: the kernel ends it)."""
        import os
        import signal
        import subprocess
        import sys
        if not sys.platform.startswith("linux"):
            pytest.skip("the kernel ends the child only on Linux")
        script = tmp_path / "parent.py"
        script.write_text(
            "import sys, paint\n"
            "from paint.search import sat\n"
            f"puzzle = paint.load({str(SURVEY / 'faase.non')!r})\n"
            "sat.two_solutions(puzzle, [bytearray(puzzle.width) for _ in range(puzzle.height)])\n",
            encoding="utf-8")
        parent = subprocess.Popen([sys.executable, str(script)])
        children = []
        deadline = time.monotonic() + 20
        while not children and time.monotonic() < deadline:
            time.sleep(0.2)
            children = [int(pid) for pid in os.listdir("/proc") if pid.isdigit() and _parent_of(int(pid)) == parent.pid]
        assert children, "the child did not start"
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(pid) for pid in children):
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in children)


class TestRace:
    """paint's own search and the SAT solver side by side (sat.race): the first to decide is believed."""

    def _own_forever(self, budget, calls):
        """An own search that never decides, noting the stop it works under in ``calls``."""
        def own():
            calls.append(budget.stop)
            _work_until_stopped(budget)
        return own

    def test_the_solver_decides_first(self):
        puzzle = paint.load(str(SURVEY / "webpbn-06574-forever.non"))
        budget, calls = Budget.for_limits(60.0), []
        found = sat.race(puzzle, _blank(puzzle), self._own_forever(budget, calls), budget=budget)
        assert found.count is dfs.Count.ONE and found.depth is None  # the SAT solver's answer
        assert is_solution(puzzle.rows, puzzle.columns, found.solutions[0].lines())
        assert calls and calls[0] is not None and budget.stop is None  # stopped by the child's answer; restored

    @pytest.mark.parametrize("name", ["webpbn-06574-forever.non", "none"])
    def test_own_decides_first_and_the_child_is_killed(self, monkeypatch, name):
        puzzle = paint.load(str(SURVEY / name)) if name != "none" else Puzzle(rows=[[1], [1]], columns=[[2], []])
        decided = dfs.two_solutions(puzzle, _blank(puzzle))  # one solution; none (depth 0)
        children = []

        def slow(command, **keywords):  # a child that answers nothing for a minute
            children.append(_popen_failing(popen, SILENT)(command, **keywords))
            return children[-1]

        popen = sat.subprocess.Popen
        monkeypatch.setattr(sat.subprocess, "Popen", slow)
        started = time.perf_counter()
        found = sat.race(puzzle, _blank(puzzle), lambda: decided, budget=Budget.for_limits(60.0))
        assert found is decided and found.depth is not None and time.perf_counter() - started < 10
        assert children and children[0].poll() is not None  # killed, not left at work for 60 s

    def test_own_undecided_waits_for_the_solver(self):
        puzzle = paint.load(str(SURVEY / "webpbn-00065-mum.non"))
        undecided = dfs.Counted((), False, None, 5)  # its positions spent
        assert undecided.count is dfs.Count.UNKNOWN
        found = sat.race(puzzle, _blank(puzzle), lambda: undecided, budget=Budget.for_limits(60.0))
        assert found.count is dfs.Count.ONE and found.depth is None
        assert found.solutions[0].lines() == dfs.two_solutions(puzzle, _blank(puzzle)).solutions[0].lines()

    @pytest.mark.parametrize("how", ["time", "stop"])
    def test_neither_decides_within_the_limit(self, monkeypatch, how):
        puzzle = paint.load(str(SURVEY / "faase.non"))  # minutes for either
        monkeypatch.setattr(sat.subprocess, "Popen",
                            _popen_failing(sat.subprocess.Popen, SILENT))
        stop = threading.Event()
        if how == "time":
            budget = Budget.for_limits(1.0)
        else:
            budget = Budget.for_limits(None, stop=stop)
            threading.Timer(0.5, stop.set).start()
        started = time.perf_counter()
        with pytest.raises(LimitReached):
            sat.race(puzzle, _blank(puzzle), self._own_forever(budget, []), budget=budget)
        assert time.perf_counter() - started < 10
        assert budget.stop is (stop if how == "stop" else None)

    @pytest.mark.parametrize("then", ["sys.exit(3)", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)",
                                      "print('c hi'); sys.exit(0)"])
    def test_a_failing_child_only_loses_the_race(self, monkeypatch, then):
        """A child that fails (as the out-of-memory killer would end it) leaves paint's search to decide alone;
        its error is told only when that search cannot decide."""
        puzzle = paint.load(str(SURVEY / "webpbn-06574-forever.non"))
        monkeypatch.setattr(sat.subprocess, "Popen", _popen_failing(sat.subprocess.Popen, then))
        budget = Budget.for_limits(60.0)
        own = dfs.two_solutions(puzzle, _blank(puzzle))
        assert sat.race(puzzle, _blank(puzzle), lambda: own, budget=budget) is own
        with pytest.raises(RuntimeError, match="exit status|not an answer"):
            sat.race(puzzle, _blank(puzzle), lambda: dfs.Counted((), False, None, 5), budget=budget)

    def test_a_thread_that_cannot_start(self, monkeypatch):
        """No thread to talk to the child: paint's search alone, no child left at work, no error but that."""
        puzzle = paint.load(str(SURVEY / "webpbn-06574-forever.non"))
        started = []
        popen = sat.subprocess.Popen
        monkeypatch.setattr(sat.subprocess, "Popen", lambda *a, **k: started.append(popen(*a, **k)) or started[-1])

        def failing(self):
            raise RuntimeError("can't start new thread")
        monkeypatch.setattr(sat.threading.Thread, "start", failing)
        own = dfs.two_solutions(puzzle, _blank(puzzle))
        assert sat.race(puzzle, _blank(puzzle), lambda: own, budget=Budget.for_limits(60.0)) is own
        assert started and started[0].poll() is not None
        with pytest.raises(RuntimeError, match="can't start new thread"):
            sat.two_solutions(puzzle, _blank(puzzle))

    def test_a_fork_meanwhile_does_not_hold_up_the_child(self):
        """A process forked while the task is still being written holds a copy of the pipe's end: the child
        reads its one line of task and goes on all the same."""
        import os
        side = 260  # a task of more than 64 KiB, so still being written when the fork comes
        puzzle = Puzzle(rows=[[1]] * side, columns=[[1]] * side)
        rows = [bytearray(2 if r == c else 1 for c in range(side)) for r in range(side)]  # known: it answers at once
        with sat.Counting(puzzle, rows) as counting:
            forked = os.fork()
            if forked == 0:  # the forked process: it only waits, holding what it was given
                time.sleep(20)
                os._exit(0)
            try:
                found = counting.result(Budget.for_limits(15.0))
            finally:
                os.kill(forked, 9)
                os.waitpid(forked, 0)
        assert found.count is dfs.Count.ONE

    def test_a_child_that_cannot_start(self, monkeypatch):
        puzzle = paint.load(str(SURVEY / "webpbn-06574-forever.non"))

        def missing(command, **keywords):
            raise FileNotFoundError(command[0])
        monkeypatch.setattr(sat.subprocess, "Popen", missing)
        own = dfs.two_solutions(puzzle, _blank(puzzle))
        assert sat.race(puzzle, _blank(puzzle), lambda: own, budget=Budget.for_limits(60.0)) is own
        with pytest.raises(FileNotFoundError):  # alone, it is an error
            sat.two_solutions(puzzle, _blank(puzzle))

    def test_a_large_task_and_a_quick_own_search(self, monkeypatch):
        """A task larger than a pipe holds, still being written to a child that has not read it when paint's
        search decides: the child is killed and the race ends with that search's answer, no error."""
        side = 249  # 249 x 249: the task is more than 64 KiB
        puzzle = Puzzle(rows=[[1]] * side, columns=[[1]] * side)
        rows = _blank(puzzle)
        monkeypatch.setattr(sat.subprocess, "Popen",
                            _popen_failing(sat.subprocess.Popen, SILENT, read=False))
        decided = dfs.Counted((), True, 0, 0)
        for delay in (0, 0.05, 0.1, 0.2):
            def own():
                time.sleep(delay)
                return decided
            started = time.perf_counter()
            assert sat.race(puzzle, rows, own, budget=Budget.for_limits(60.0)) is decided
            assert time.perf_counter() - started < 10


def _parent_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
            return int(file.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, dead and not yet reaped, counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
            return file.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


SILENT = "import time; time.sleep(60)"
"""A child's body for _popen_failing: it answers nothing for a minute."""


def _work_until_stopped(budget) -> None:
    """An own search that never decides: it works until ``budget`` stops it (LimitReached)."""
    while True:
        budget.check()
        time.sleep(0.001)


def _popen_failing(popen, then="sys.exit(3)", read=True):
    """Popen starting, instead of the child, one that reads its task (unless not ``read``) and then runs
    ``then``."""
    def failing(command, **keywords):
        first = "sys.stdin.read(); " if read else ""
        return popen([command[0], "-c", f"import json, sys; {first}{then}"], **keywords)
    return failing


class TestCheck:
    @pytest.mark.parametrize("mode", ["alone", "race"])
    @pytest.mark.parametrize("name, verdict", [("webpbn-06574-forever.non", "needs-search"),
                                               ("webpbn-00023-edge.non", "needs-probes")])
    def test_verdicts_as_without(self, name, verdict, mode):
        puzzle = paint.load(str(SURVEY / name))
        with_sat = check_puzzle(puzzle, CheckOptions(sat=mode))
        without = check_puzzle(puzzle)
        assert with_sat.verdict == without.verdict == verdict
        assert with_sat.solution == without.solution
        assert is_solution(puzzle.rows, puzzle.columns, list(with_sat.solution))
        assert (with_sat.steps, with_sat.blank_at_stall) == (without.steps, without.blank_at_stall)
        if verdict == "needs-search" and (mode == "alone" or with_sat.search_depth is None):
            # the SAT solver decided: no levels measured, so no grade 6 or 7
            assert with_sat.search_depth is None and with_sat.grade is None
            assert note(with_sat) == "search (SAT: depth not measured)"
            assert "search (SAT: depth not measured) finishes it" in describe(with_sat)
        else:  # paint's own search decided the race: what it says without the SAT solver
            assert (with_sat.search_depth, with_sat.grade) == (without.search_depth, without.grade)

    def test_several_solutions(self):
        puzzle = Puzzle(rows=[[1], [1], [2]], columns=[[2], [1], [1]])
        check = check_puzzle(puzzle, CheckOptions(sat=True))
        assert check.verdict == "multiple" and len(check.solutions) == 2
        for lines in check.solutions:
            assert is_solution(puzzle.rows, puzzle.columns, list(lines))
        assert check.differing == sum(a != b for x, y in zip(*check.solutions) for a, b in zip(x, y))

    def test_options_that_do_not_go_with_it(self):
        with pytest.raises(ValueError, match="explain_search"):
            CheckOptions(sat=True, explain_search=True)
        with pytest.raises(ValueError, match="max_positions"):
            CheckOptions(sat="alone", max_positions=10)
        with pytest.raises(ValueError, match="'race' or 'alone'"):
            CheckOptions(sat="yes")
        with pytest.raises(TypeError, match="sat"):
            CheckOptions(sat=1)
        assert (CheckOptions(sat=True).sat, CheckOptions(sat=False).sat, CheckOptions().sat) == ("race", None, None)

    def test_a_limit(self):
        check = check_puzzle(paint.load(str(SURVEY / "faase.non")), CheckOptions(sat=True, max_time=2.0))
        assert check.verdict == "limit" and check.seconds < 10


@pytest.fixture
def own_never_decides(monkeypatch):
    """paint's own depth-first search, in a race with the SAT solver, works until its budget stops it: the SAT
    solver decides, whatever the machine's speed."""
    def forever(puzzle, rows, *, budget, **keywords):
        _work_until_stopped(budget)
    monkeypatch.setattr(dfs, "two_solutions", forever)


class TestCommand:
    def test_check_sat(self, capsys, own_never_decides):
        status = cli.main(["check", "--sat", "--jobs", "1", str(SURVEY / "webpbn-06574-forever.non")])
        out = capsys.readouterr().out
        assert status == 1 and "needs-search" in out and "SAT: depth not measured" in out

    def test_check_sat_when_paint_decides_first(self, capsys, monkeypatch):
        """The race won by paint's own search: its depth and grade, as without --sat."""
        monkeypatch.setattr(sat.subprocess, "Popen",
                            _popen_failing(sat.subprocess.Popen, SILENT))
        started = time.perf_counter()
        status = cli.main(["check", "--sat", "--jobs", "1", str(SURVEY / "webpbn-06574-forever.non")])
        out = capsys.readouterr().out
        assert status == 1 and "needs-search" in out and "search 25 levels deep" in out
        assert time.perf_counter() - started < 30

    def test_check_sat_json_keeps_the_schema(self, capsys, own_never_decides):
        import json

        import jsonschema
        status = cli.main(["check", "--sat", "--json", "--jobs", "1", str(SURVEY / "webpbn-06574-forever.non"),
                           str(SURVEY / "webpbn-00023-edge.non")])
        document = json.loads(capsys.readouterr().out)
        jsonschema.validate(document, json.loads((TESTS / "check_schema.json").read_text(encoding="utf-8")))
        assert status == 1 and [check["verdict"] for check in document] == ["needs-search", "needs-probes"]
        assert document[0]["search_depth"] is None and document[0]["grade"] is None
        wrong = dict(document[0], grade=6)  # a grade without a depth is not what the schema allows
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate([wrong], json.loads((TESTS / "check_schema.json").read_text(encoding="utf-8")))

    @pytest.mark.parametrize("cores, plain, with_sat", [(1, 1, 1), (2, 2, 1), (5, 5, 2), (8, 8, 4)])
    def test_half_the_workers_by_default(self, monkeypatch, cores, plain, with_sat):
        """Each worker's search races a solver's process with --sat: one worker for two cores."""
        import paint.cli.check as command
        monkeypatch.setattr(command, "_cores", lambda: cores)
        assert (command.default_jobs(False), command.default_jobs(True)) == (plain, with_sat)

    def test_max_positions_is_refused(self, capsys):
        assert cli.main(["check", "--sat", "--max-positions", "5", str(SURVEY / "webpbn-00023-edge.non")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--max-positions" in err and "use --max-time" in err

    def test_without_python_sat(self, monkeypatch, capsys):
        monkeypatch.setattr(sat, "available", lambda: False)
        assert cli.main(["check", "--sat", str(SURVEY / "webpbn-00023-edge.non")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "pip install 'paint[sat]'" in err
