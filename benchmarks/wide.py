"""Benchmark: searches of boards with lines of 63 to 126 squares, probed compiled or in Python, beside pbnsolve.

Usage::

    python benchmarks/wide.py [--pbnsolve PATH] [--count 6] [--size 25x100] [--max-time 60] [--faase-positions 1000]

Each puzzle is checked three ways, as whole processes one right after the
other, so that the machine's load falls on each alike:

- ``paint check --max-time T`` as installed: with numba, the depth-first
  search hands its positions to the compiled probe, and lines over 62
  squares to its two-word kernels (``paint/search/_wide.py``);
- the same with ``NUMBA_DISABLE_JIT=1``: every position probed in Python,
  as every board with a line over 62 squares was before those kernels;
- pbnsolve ``-b -u`` (proving uniqueness), stopped after ``T`` seconds.

The puzzles are ``--count`` random pictures of 25 rows by 100 columns (or
``--size``), each square full with probability one half (seeded, so every run checks the
same ones; most have several solutions, and the search must find two), and
Kerrin Mansfield's faase from the survey (80 x 95), which no solver
decides: paint checks it with ``--max-positions`` instead, so that the
table gives the seconds a fixed number of positions takes (pbnsolve has no
such bound and is left out there).  A row gives each run's seconds and
verdict (``limit``: stopped by the time or the positions), and the ratios
Python / compiled and compiled / pbnsolve.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAASE = ROOT / "tests" / "corpus" / "survey" / "faase.non"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import fraction, pbnsolve_command, random_puzzles, run_cell  # noqa: E402 - the benchmark beside this one


def timed(command: list[str], timeout: float, environment=None) -> tuple[float | None, str]:
    """Run ``command``: its seconds (None past ``timeout``) and the first word of its verdict."""
    started = time.perf_counter()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              timeout=timeout, env=environment)
    except subprocess.TimeoutExpired:
        return None, "stopped"
    seconds = time.perf_counter() - started
    words = done.stdout.split()
    if not words:
        return seconds, f"status {done.returncode}"
    if words[0].endswith(":"):  # paint check: "FILE: verdict"
        return seconds, words[1]
    return seconds, " ".join(words[:2]) if words[0] == "unique" else words[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pbnsolve", help="the pbnsolve binary (build it with ../shared/peers/build.sh)")
    parser.add_argument("--count", type=int, default=6, help="random puzzles (default 6)")
    parser.add_argument("--size", default="25x100", help="their rows x columns (default 25x100)")
    parser.add_argument("--max-time", type=float, default=60, help="seconds each run may take (default 60)")
    parser.add_argument("--faase-positions", type=int, default=1000,
                        help="positions of faase's search to time (default 1000; 0: leave faase out)")
    arguments = parser.parse_args()
    limit = arguments.max_time
    pbnsolve = arguments.pbnsolve if arguments.pbnsolve and Path(arguments.pbnsolve).exists() else None
    python = dict(os.environ, NUMBA_DISABLE_JIT="1")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        height, width = (int(number) for number in arguments.size.lower().split("x"))
        paths = random_puzzles(Path(folder), arguments.count, height, width=width)
        work = [(path, ["--max-time", str(limit)], True) for path in paths]
        if arguments.faase_positions and FAASE.exists():
            work.append((FAASE, ["--max-positions", str(arguments.faase_positions)], False))
        paint = [sys.executable, "-m", "paint", "check"]
        subprocess.run(paint + [str(paths[0]), "--max-time", "1"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)  # bytecode and numba's cache written before anything is timed
        for path, bound, peer in work:
            compiled = timed(paint + [str(path), *bound], limit + 30)
            in_python = timed(paint + [str(path), *bound], limit + 30, python)
            theirs = timed(pbnsolve_command(pbnsolve, path), limit) if pbnsolve and peer else (None, "")
            rows.append((path.stem + ("" if peer else f" ({arguments.faase_positions} positions)"),
                         compiled, in_python, theirs))
    print("| puzzle | paint, compiled | paint, Python | Python / compiled | pbnsolve | compiled / pbnsolve |")
    print("|---|---|---|---|---|---|")

    for name, compiled, in_python, theirs in rows:
        print(f"| {name} | {run_cell(compiled, limit)} | {run_cell(in_python, limit)} "
              f"| {fraction(in_python[0], compiled[0])} | {run_cell(theirs, limit)} "
              f"| {fraction(compiled[0], theirs[0])} |")


if __name__ == "__main__":
    main()
