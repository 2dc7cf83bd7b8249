"""Benchmark: paint against Jan Wolter's pbnsolve, side by side in one run, as ratios.

Usage::

    python benchmarks/peers.py [--pbnsolve PATH] [--only startup,jwilk,survey,explained,taai,random]
                               [--repeat 3] [--timeout 120] [--peer-timeout T] [--jobs N]
                               [--taai N] [--random N]

Each work is timed as whole processes, the median of ``--repeat`` runs, one
right after the other so that the machine's load falls on both alike:

- ``startup``: ``paint solve puzzles/dancer.pro --no-grids > FILE`` against
  ``python -c pass`` (the issue's start-up target is a ratio to Python
  itself) and pbnsolve on the same puzzle, after one untimed run that
  writes Python's bytecode cache (see :data:`ENVIRONMENT`).  Python is
  timed twice, in turns with paint: the interpreter running this script
  (its virtual environment: the same site and packages as paint, an
  editable install's import hook included) and, in a virtual environment,
  the base ``python3`` it was made from;
- ``jwilk``: ``paint check tests/corpus/jwilk --jobs 1`` against pbnsolve run
  on each of the 151 files in turn (``-b -u``: prove uniqueness);
- ``survey``: ``paint check --jobs 1`` on the seven survey puzzles line
  logic cannot finish (edge, bucks, mum, petroglyph, light, merka,
  forever), against pbnsolve on each in turn;
- ``explained``: ``paint solve --no-grids`` (the explanation, written to a
  file) on each of the same seven, a whole process each, against pbnsolve on
  each in turn; ``paint solve --brief`` (the step lines only, so no
  chains are worked out) on the same; and ``paint check --jobs 1`` on each,
  a process each: the same solve with nothing explained, paint's floor for
  the row (the explained row's note gives its time as a multiple of this,
  with how many steps and lines the seven explanations print);
- ``taai``: ``paint check`` on the first ``--taai`` puzzles of the TAAI 2011
  tournament file (each also written as a .non file for pbnsolve);
- ``random``: ``--random`` random 25 x 25 puzzles of density 0.5 (seeded, so
  every run checks the same ones), most of which have several solutions.

pbnsolve is built from ``../shared/peers`` with its ``build.sh`` (it prints
where it put the binary) and given here by path; without ``--pbnsolve``, or
when the path is not there, its column is left empty and only paint's times
are printed.  A process that runs past ``--timeout`` seconds is stopped and
shown as ``> T s``; a run that fails stops the benchmark.  With
``--peer-timeout T``, a pbnsolve run past ``T`` seconds is stopped and
counted as ``T`` seconds, the total shown as ``> S s (N stopped at T s)``
and the ratio as an upper bound (``< 3.0x``): the tail of TAAI 2011 takes
pbnsolve minutes a puzzle.  ``--jobs N`` checks each group with ``paint
check --jobs N`` (the issue times all of TAAI 2011 with 2).  paint's
verdicts are counted beside its time (``ok``, ``multiple``, ``limit``, ...),
so a fast run that gave up shows as such; a last line says whether numba
is installed, with which paint probes long searches in compiled code.
pbnsolve is one process per file, as the issue timed it, so its times
include its start-up (about 3 ms a file: some 0.45 s of jwilk's 151);
paint checks each group in one process.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPUS = ROOT / "tests" / "corpus"
SURVEY = ["webpbn-00023-edge", "webpbn-00027-bucks", "webpbn-00065-mum", "webpbn-00436-petroglyph",
          "webpbn-00803-light", "webpbn-01611-merka", "webpbn-06574-forever"]
"""The survey's puzzles that line logic cannot finish."""

WORKS = ("startup", "jwilk", "survey", "explained", "taai", "random")
TARGETS = {"startup": 3, "jwilk": 3, "survey": 3, "explained": 1.5, "random": 20}
"""The issue's targets: paint's time at most this many times the peer's."""


ENVIRONMENT = {**{name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"},
               "PYTHONPATH": str(ROOT)}
"""The environment of every timed process: paint from this checkout, and Python's bytecode cache on, as on
any installed copy (with ``PYTHONDONTWRITEBYTECODE`` set, every module would be compiled at every start)."""


def run(command: list[str], timeout: float, stdout=subprocess.DEVNULL) -> tuple[float | None, str]:
    """Seconds ``command`` took (None past ``timeout``) and its standard output (when captured).

    A command that fails - killed by a signal, or exit status 2 (bad input, paint's usage error) or more but
    paint's verdict statuses 3 and 4 - stops the benchmark, saying so: a failed run is not a time.
    """
    started = time.perf_counter()
    try:
        finished = subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, timeout=timeout, cwd=ROOT,
                                  env=ENVIRONMENT, text=True)
    except subprocess.TimeoutExpired:
        return None, ""
    if finished.returncode < 0 or finished.returncode == 2 or finished.returncode > 4:
        sys.exit(f"failed ({finished.returncode}): {' '.join(command)}: {finished.stderr.strip()[-300:]}")
    return time.perf_counter() - started, finished.stdout or ""


def explained_size(paths: list[Path], printed: list[Path], timeout: float) -> str:
    """``'2,841 steps, 33,115 lines printed'``: the steps of ``paths`` (one ``paint solve --json`` each) and the
    lines of ``printed``, the files their timed ``paint solve --no-grids`` wrote."""
    steps = sum(len(json.loads(run([sys.executable, "-m", "paint", "solve", str(path), "--json"], timeout,
                                   stdout=subprocess.PIPE)[1])["steps"]) for path in paths)
    lines = sum(path.read_text(encoding="utf-8").count("\n") for path in printed)
    return f"{steps:,} steps, {lines:,} lines printed"


def median(times: list[float | None]) -> float | None:
    return None if any(t is None for t in times) else statistics.median(times)


def shown(seconds: float | None, timeout: float) -> str:
    return f"> {timeout:.0f} s" if seconds is None else f"{seconds:.3f} s" if seconds < 1 else f"{seconds:.2f} s"


def ratio(paint: float | None, peer: float | None) -> str:
    if paint is None or peer is None or peer == 0:
        return ""
    return f"{paint / peer:.1f}x"


def run_cell(run: tuple[float | None, str], bound: float) -> str:
    """A table cell for one run, ``(seconds, verdict)``: ``'2.35 s, multiple'``, ``'> 60 s'`` when it was
    stopped past ``bound`` seconds (seconds None), empty when it was not run (no verdict)."""
    seconds, verdict = run
    if not verdict:
        return ""
    return f"> {bound:g} s" if seconds is None else f"{seconds:.2f} s, {verdict}"


def fraction(a: float | None, b: float | None) -> str:
    """``a / b`` to two places (``'0.85'``), empty when either is missing."""
    return f"{a / b:.2f}" if a is not None and b else ""


def startup_note(paint: float | None, python: float | None, base: float | None) -> str:
    """The start-up ratios: to ``python -c pass`` in this environment (the same interpreter, site and
    installed packages, an editable install's import hook included), and to the interpreter it was made
    from (``base``, outside the virtual environment; None when not measured)."""
    notes = []
    if paint and python:
        notes.append(f"{ratio(paint, python)} python -c pass here ({python * 1000:.0f} ms)")
    if paint and base:
        notes.append(f"{ratio(paint, base)} the base python3 ({base * 1000:.0f} ms)")
    return "; ".join(notes)


def pbnsolve_command(pbnsolve: str, path: Path) -> list[str]:
    """pbnsolve proving uniqueness (``-u``) with a one-line verdict (``-b``); ``-fnin`` for Wilk's format."""
    return [pbnsolve, "-b", "-u", *(["-fnin"] if path.suffix == ".nin" else []), str(path)]


def random_puzzles(folder: Path, count: int, size: int = 25, density: float = 0.5, width: int | None = None) -> list[Path]:
    """``count`` random pictures of ``size`` rows and ``width`` columns (default ``size``) of ``density``, seeds
    1..count, as .non files: ``random-001.non`` and on, or ``random-25x100-001.non`` for a ``width``."""
    height, width, named = size, size if width is None else width, width is not None
    paths = []
    for seed in range(1, count + 1):
        rng = random.Random(seed)
        grid = [[rng.random() < density for _ in range(width)] for _ in range(height)]
        clue = lambda line: ",".join(str(len(run)) for run in "".join("X" if f else " " for f in line).split()) or "0"  # noqa: E731
        lines = [f"width {width}", f"height {height}", "rows", *map(clue, grid), "columns",
                 *(clue([grid[r][c] for r in range(height)]) for c in range(width))]
        path = folder / (f"random-{height}x{width}-{seed:03}.non" if named else f"random-{seed:03}.non")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def taai_puzzles(folder: Path, count: int) -> list[Path]:
    """The first ``count`` TAAI 2011 puzzles, each written as a .non file (pbnsolve reads no tournament file)."""
    from paint import formats
    source = CORPUS / "taai2011" / "questions.txt"
    paths = []
    for number, puzzle in enumerate(formats.load_all(str(source))[:count], 1):
        path = folder / f"taai-{number:04}.non"
        path.write_text(formats.dumps(puzzle, "non"), encoding="utf-8")
        paths.append(path)
    return paths


def paint_check(paths: list[Path], timeout: float, jobs: int = 1) -> tuple[float | None, str]:
    """``paint check --jobs JOBS --json`` on ``paths``: seconds, and the verdicts counted."""
    seconds, out = run([sys.executable, "-m", "paint", "check", *map(str, paths), "--jobs", str(jobs), "--json"],
                       timeout, stdout=subprocess.PIPE)
    if seconds is None:
        return None, ""
    counts = Counter(check["verdict"] for check in json.loads(out))
    return seconds, ", ".join(f"{n} {verdict}" for verdict, n in counts.most_common())


def peer_loop(pbnsolve: str | None, paths: list[Path], timeout: float, stopped: list | None = None) -> float | None:
    """pbnsolve on each of ``paths`` in turn, the total seconds (None when any run passes ``timeout``).  With a
    list ``stopped``, a run past ``timeout`` counts ``timeout`` seconds instead and its path is added to it."""
    if pbnsolve is None:
        return None
    total = 0.0
    for path in paths:
        seconds, _ = run(pbnsolve_command(pbnsolve, path), timeout)
        if seconds is None:
            if stopped is None:
                return None
            stopped.append(path)
            seconds = timeout
        total += seconds
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pbnsolve", metavar="PATH", help="the pbnsolve binary (build it with ../shared/peers/build.sh)")
    parser.add_argument("--only", default=",".join(WORKS), help=f"which works, of {','.join(WORKS)}")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the median taken (default 3)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds before a process is stopped")
    parser.add_argument("--peer-timeout", type=float, default=None,
                        help="seconds before a pbnsolve run of a group is stopped and counted as that many "
                             "(default: --timeout, and such a run leaves the group without a pbnsolve time)")
    parser.add_argument("--jobs", type=int, default=1, help="paint check's --jobs for each group (default 1)")
    parser.add_argument("--taai", type=int, default=50, help="how many TAAI puzzles (default 50; 1000 is all)")
    parser.add_argument("--random", type=int, default=20, help="how many random 25 x 25 puzzles (default 20)")
    arguments = parser.parse_args()
    pbnsolve = arguments.pbnsolve if arguments.pbnsolve and os.path.exists(arguments.pbnsolve) else None
    if arguments.pbnsolve and pbnsolve is None:
        print(f"(no pbnsolve at {arguments.pbnsolve}: paint's times only)\n")
    works = [work.strip() for work in arguments.only.split(",") if work.strip()]
    timeout, repeat = arguments.timeout, arguments.repeat
    rows = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        if "startup" in works:
            dancer = ROOT / "puzzles" / "dancer.pro"
            solve = [sys.executable, "-m", "paint", "solve", str(dancer), "--no-grids"]
            # In a virtual environment, also the interpreter it was made from.
            base = getattr(sys, "_base_executable", None) if sys.prefix != sys.base_prefix else None
            pythons = [sys.executable] + ([base] if base and os.path.exists(base) and base != sys.executable else [])
            times: dict[str, list] = {"paint": [], **{python: [] for python in pythons}}
            with open(folder / "out.txt", "w") as out:  # the FILE: output to a file, not a terminal
                run(solve, timeout, stdout=out)  # caches
                for _ in range(5 * repeat):  # in turns, so a busy moment of the machine falls on each alike
                    times["paint"].append(run(solve, timeout, stdout=out)[0])
                    for python in pythons:
                        times[python].append(run([python, "-c", "pass"], timeout)[0])
            paint = median(times["paint"])
            python = median(times[sys.executable])
            survey_dancer = CORPUS / "survey" / "webpbn-00001-dancer.non"
            peer = median([run(pbnsolve_command(pbnsolve, survey_dancer), timeout)[0]
                           for _ in range(5 * repeat)]) if pbnsolve else None
            rows.append(("start-up: solve dancer (5x10)", shown(paint, timeout), shown(peer, timeout) if pbnsolve else "",
                         ratio(paint, peer), startup_note(paint, python, median(times[pythons[1]]) if len(pythons) > 1 else None), "3x python"))
        if "explained" in works:
            paths = [CORPUS / "survey" / f"{name}.non" for name in SURVEY]
            paint_times, brief_times, silent_times, peer_times = [], [], [], []
            commands = (("solve", "--no-grids", paint_times), ("solve", "--brief", brief_times),
                        ("check", "--jobs=1", silent_times))
            # each explanation to a file of its own (the last run's is kept, to count its lines), the rest to one
            explained = {path: folder / f"explained-{path.stem}.txt" for path in paths}
            with open(folder / "others.txt", "w") as out:
                for _ in range(repeat):  # in turns: paint's seven explained, brief, silent, then pbnsolve's
                    for command, flag, times in commands:
                        each = []
                        for path in paths:
                            with open(explained[path], "w") if times is paint_times else contextlib.nullcontext(
                                    out) as stream:
                                each.append(run([sys.executable, "-m", "paint", command, str(path), flag], timeout,
                                                stdout=stream)[0])
                        times.append(None if None in each else sum(each))
                    peer_times.append(peer_loop(pbnsolve, paths, timeout))
            paint, brief, silent = median(paint_times), median(brief_times), median(silent_times)
            peer = median(peer_times) if pbnsolve else None
            printed = explained_size(paths, [explained[path] for path in paths], timeout)
            rows.append(("survey, the 7 search puzzles explained (solve, a process each)", shown(paint, timeout * 7),
                         shown(peer, timeout) if pbnsolve else "", ratio(paint, peer),
                         f"{printed}; {ratio(paint, silent)} the silent check's time", "1.5x"))
            rows.append(("survey, the 7 search puzzles, step lines only (solve --brief)", shown(brief, timeout * 7),
                         shown(peer, timeout) if pbnsolve else "", ratio(brief, peer), "no chains worked", ""))
            rows.append(("survey, the 7 search puzzles, silent (check, a process each)", shown(silent, timeout * 7),
                         shown(peer, timeout) if pbnsolve else "", ratio(silent, peer),
                         "paint's floor for this row: the same solve, nothing explained", ""))
        groups = []
        if "jwilk" in works:
            groups.append((f"jwilk, 151 puzzles (check --jobs {arguments.jobs})", sorted((CORPUS / "jwilk").glob("*.nin")),
                           "3x"))
        if "survey" in works:
            groups.append(("survey, the 7 search puzzles", [CORPUS / "survey" / f"{name}.non" for name in SURVEY], "3x"))
        if "taai" in works:
            label = "all" if arguments.taai >= 1000 else f"first {arguments.taai}"
            groups.append((f"TAAI 2011, {label} (check --jobs {arguments.jobs})", taai_puzzles(folder, arguments.taai),
                           "60 s" if arguments.taai >= 1000 and arguments.jobs == 2 else ""))
        if "random" in works:
            groups.append((f"{arguments.random} random 25x25, density 0.5", random_puzzles(folder, arguments.random),
                           "20x"))
        peer_timeout = timeout if arguments.peer_timeout is None else arguments.peer_timeout
        for label, paths, target in groups:
            paint_times, verdicts = [], ""
            peer_times, stopped = [], []
            for _ in range(repeat):
                seconds, verdicts = paint_check(paths, timeout * len(paths), arguments.jobs)
                paint_times.append(seconds)
                stopped.clear()
                peer_times.append(peer_loop(pbnsolve, paths, peer_timeout,
                                            None if arguments.peer_timeout is None else stopped))
            paint, peer = median(paint_times), (median(peer_times) if pbnsolve else None)
            peer_shown = shown(peer, peer_timeout) if pbnsolve else ""
            times = ratio(paint, peer)
            if stopped and peer is not None:  # the last run's count; pbnsolve took longer than shown
                peer_shown = f"> {peer:.0f} s ({len(stopped)} stopped at {peer_timeout:.0f} s)"
                times = times and f"< {times}"
            rows.append((label, shown(paint, timeout * len(paths)), peer_shown, times, verdicts, target))
    print("| work | paint | pbnsolve | paint / pbnsolve | notes | target |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\n(compiled probing of long searches: {compiled_probing()})")


def compiled_probing() -> str:
    """Whether paint's long searches probe in compiled code here (numba, ``paint[fast]``), and which numba."""
    try:
        import numba
    except ImportError:
        return "off, numba is not installed"
    return f"on, numba {numba.__version__}"


if __name__ == "__main__":
    main()
