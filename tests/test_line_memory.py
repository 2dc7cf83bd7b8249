"""Line solvers' memory: each solver's bound holds, and ``paint line`` never holds more than its limit per solver."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import pytest

from paint import cli
from paint.cli.line import LINE_MAX_MEMORY
from paint.linesolvers import SOLVERS

ROOT = Path(__file__).resolve().parent.parent

ONES = ",".join(["1"] * 50_000)
"""The clue of 50,000 blocks of 1: the most blocks a line of 100,000 squares can hold."""

BLANK = " " * 100_000


def random_line(targets, n: int, rng: random.Random, known: float) -> bytes:
    """A line of ``n`` squares that ``targets`` fit (blocks at random places), with a share ``known`` of its
    squares given, the rest blank."""
    slack = n - (sum(targets) + len(targets) - 1)
    gaps = sorted(rng.randint(0, slack) for _ in targets)
    line = bytearray([1]) * n
    at = previous = 0
    for gap, size in zip(gaps, targets):
        at += gap - previous
        previous = gap
        line[at:at + size] = bytes([2]) * size
        at += size + 1
    return bytes(value if rng.random() < known else 0 for value in line)


def shapes(name: str):
    """Lines of many shapes for solver ``name``: blocks of 1 packed tight, a few large blocks, random clues,
    blank and partly known; only those the solver finishes in a moment."""
    rng = random.Random(28)
    for n in (1, 7, 40, 300, 2_000, 12_000):
        clues = [(1,) * ((n + 1) // 2), (n,), (max(1, n // 3),) * (2 if n >= 5 else 1)]
        for _ in range(2):
            clue, left = [], n
            while left > 2:
                size = rng.randint(1, min(left - 1, 15))
                clue.append(size)
                left -= size + 1
            clues.append(tuple(clue) or (1,))
        for clue in clues:
            k = len(clue)
            if name == "complete" and (k > 6 or n > 300) or name in ("dp", "fcomp") and k * n > 60_000:
                continue
            for known in (0.0, 0.4):
                yield clue, random_line(clue, n, rng, known)


@pytest.mark.parametrize("name", list(SOLVERS))
def test_bound_holds(name):
    """No solver holds more memory on a line than its memory() bound for that line (measured by tracemalloc)."""
    solver = SOLVERS[name]
    solver.solve((1,), bytes(3))  # what a first use loads and keeps is counted in the bound as well
    tracemalloc.start()
    try:
        for targets, squares in shapes(name):
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            solver.solve(targets, squares)
            peak = tracemalloc.get_traced_memory()[1] - before
            assert peak <= solver.memory(targets, len(squares)), (len(squares), len(targets))
    finally:
        tracemalloc.stop()


def test_bound_grows_as_documented():
    """dp's bound grows as squares x blocks, bits's as about 0.4 byte per square per block, the others' with
    squares plus blocks: on 100,000 squares and 50,000 blocks, dp and bits are over the limit, the others far below."""
    targets = (1,) * 50_000
    assert SOLVERS["dp"].memory(targets, 100_000) > 16 * 50_000 * 100_000 > LINE_MAX_MEMORY
    assert 0.3 * 50_000 * 100_000 < SOLVERS["bits"].memory(targets, 100_000) < 0.5 * 50_000 * 100_000
    for name in ("complete", "fast", "fcomp"):
        assert SOLVERS[name].memory(targets, 100_000) < 16 * 2 ** 20


LAUNCH = """
import os, resource, subprocess, sys
limit, report = int(sys.argv[1]), sys.argv[2]
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
process = subprocess.Popen([sys.executable, *sys.argv[3:]])
_, status, usage = os.wait4(process.pid, 0)
with open(report, "w") as file:
    file.write(str(usage.ru_maxrss * 1024))
sys.exit(os.waitstatus_to_exitcode(status) % 256)
"""
"""A small Python that limits the address space to its first argument, runs Python with the arguments after the
second, writes that child's peak resident memory in bytes to the file named second, and exits with its status."""


def run_limited(args, address_space: int, stdin: str = "") -> tuple[subprocess.CompletedProcess, float, int]:
    """Run ``python -m paint ARGS`` with its address space limited to ``address_space`` bytes: the finished process,
    its seconds, and its own peak resident memory, in bytes.

    The peak is measured by the small :data:`LAUNCH` process that starts paint: a process forked straight from
    the test would count the test process's own memory in its peak (a pytest-xdist worker's is over 100 MB)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    with tempfile.TemporaryFile("w+", encoding="utf-8") as given, \
            tempfile.TemporaryFile("w+", encoding="utf-8") as out, \
            tempfile.TemporaryFile("w+", encoding="utf-8") as err, \
            tempfile.NamedTemporaryFile("r", encoding="utf-8") as report:
        given.write(stdin)
        given.seek(0)
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-c", LAUNCH, str(address_space), report.name, "-m", "paint",
                                    *args], stdin=given, stdout=out, stderr=err, env=env, cwd=ROOT)
        try:
            process.wait(120)  # should it hang, the test fails rather than waits for ever
        finally:
            process.kill()
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        done = subprocess.CompletedProcess(process.args, process.returncode, out.read(), err.read())
        peak = int(report.read())
    return done, seconds, peak


class TestPaintLine:
    """``paint line`` on 100,000 squares and 50,000 blocks, inside the documented limits, in 1 GiB of address space."""

    def test_every_solver(self):
        """With every solver, those that would need too much are not run, saying why; the rest answer or are
        stopped by --max-time; exit 0, quickly, within the memory limit."""
        done, seconds, peak = run_limited(["line", ONES, BLANK], 2 ** 30)
        assert done.returncode == 0 and done.stderr == "", done.stderr[-500:]
        rows = done.stdout.splitlines()
        assert [row[:10] for row in rows] == ["  complete", "      fast", "     fcomp", "        dp", "      bits"]
        assert rows[1] == "      fast>" + "+" * 100_000 + "<"
        for row, need in ((rows[3], "76,326"), (rows[4], "1,916")):
            assert row[10:] == (f" not run: it would need {need} MiB for a line of 100,000 squares and 50,000 "
                                "blocks, more than the 256 MiB paint line gives a solver")
        assert seconds < 30 and peak < LINE_MAX_MEMORY

    @pytest.mark.parametrize("name, need", [("dp", "76,326"), ("bits", "1,916")])
    def test_one_solver_refused(self, name, need):
        """Asked for alone, a solver that would need too much is refused at once in one line, exit 2, no traceback."""
        done, seconds, peak = run_limited(["line", "--solver", name, ONES, BLANK], 2 ** 30)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == (f"paint: line: {name} would need {need} MiB for a line of 100,000 squares and "
                               "50,000 blocks, more than the 256 MiB paint line gives a solver\n")
        assert seconds < 10 and peak < 64 * 2 ** 20  # refused before anything of the kind is held

    def test_from_standard_input(self):
        """From standard input, such a line is refused naming its input line, after the lines before it."""
        done, _, _ = run_limited(["line", "--solver", "bits", "-"], 2 ** 30, stdin=f"1 > <\n{ONES} {BLANK}\n")
        assert done.returncode == 2 and done.stdout == ">#<\n"
        assert done.stderr == ("paint: <stdin>:2: bits would need 1,916 MiB for a line of 100,000 squares and "
                               "50,000 blocks, more than the 256 MiB paint line gives a solver\n")

    def test_out_of_memory(self):
        """A solver inside the limit that finds less memory than it needs is stopped: alone, one line and exit 2;
        among others, its row says so and the others answer."""
        clue = ",".join(["1"] * 4_000)
        done, _, _ = run_limited(["line", "--solver", "bits", clue, BLANK], 128 * 2 ** 20)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr == "paint: line: bits ran out of memory on a line of 100,000 squares and 4,000 blocks\n"
        done, _, _ = run_limited(["line", "--solver", "all", "--max-time", "1.5", clue, BLANK], 128 * 2 ** 20)
        assert done.returncode == 0 and done.stderr == ""
        rows = done.stdout.splitlines()
        assert rows[1] == "      fast>" + "+" * 100_000 + "<"
        assert rows[4] == "      bits stopped: it ran out of memory on a line of 100,000 squares and 4,000 blocks"


def test_trace_leaves_out_a_solver_not_run(capsys, monkeypatch):
    """With --trace, a solver that is not run has no trace section, only its row."""
    monkeypatch.setattr("paint.cli.line.LINE_MAX_MEMORY", 60_000)
    assert cli.main(["line", "--trace", "1,1", ">" + " " * 300 + "<"]) == 0
    out = capsys.readouterr().out
    assert "complete trace:" in out and "fcomp trace:" in out and "dp trace:" not in out
    assert "        dp not run: it would need 0.1 MiB for a line of 300 squares and 2 blocks, more than the 0.1 MiB" in out
    assert "bits trace:" not in out and "      bits not run: it would need 0.4 MiB" in out


def test_every_solver_refused(capsys, monkeypatch):
    """When no solver asked for can be run on a pair from standard input, the error names the input line, exit 2."""
    monkeypatch.setattr("paint.cli.line.LINE_MAX_MEMORY", 10)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 >  <\n"))
    assert cli.main(["line", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("paint: <stdin>:1: complete would need 0.0 MiB for a line of 2 squares and 1 block,")
