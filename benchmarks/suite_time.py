"""Benchmark: the test suite's wall time against another checkout's, run in turn, and print a table.

Usage::

    python benchmarks/suite_time.py --against OTHER_CHECKOUT [--runs N] [--args "PYTEST ARGS"]

Runs ``python -m pytest`` in this checkout and in ``OTHER_CHECKOUT`` in turn
(this one, the other, this one, ...), ``--runs`` times each (default 2),
each with its own virtual environment's Python (``.venv/bin/python`` of
its checkout, else this Python) and its own ``pyproject.toml`` settings (so
a checkout from before the suite ran in parallel runs as it did then).
Each run's wall seconds and CPU seconds (of pytest and every process it
started, from the operating system's accounting of the finished run) are
listed, then per pair the ratio of this checkout's wall time to the
other's: pair by pair, so the ratio holds while the machine's speed drifts.
A run whose suite fails is marked so (its time still counts what ran).
Prints Markdown.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def python_of(checkout: Path) -> str:
    """The Python that runs ``checkout``'s tests: its ``.venv``'s, else this one."""
    venv = checkout / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


def run_suite(checkout: Path, args: list[str]) -> tuple[float, float, int]:
    """``(wall seconds, CPU seconds, exit status)`` of one run of ``checkout``'s suite."""
    start = time.perf_counter()
    process = subprocess.Popen([python_of(checkout), "-m", "pytest", "-p", "no:cacheprovider", *args],
                               cwd=checkout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def seconds(wall: float, status: int) -> str:
    """``'164.5'``, or ``'164.5 (exit 1)'`` for a run whose suite did not pass."""
    return f"{wall:.1f}" if status == 0 else f"{wall:.1f} (exit {status})"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True, help="another checkout of paint")
    parser.add_argument("--runs", type=int, default=2, help="runs of each suite (default 2)")
    parser.add_argument("--args", default="", help="arguments for pytest, as one string")
    options = parser.parse_args(argv)
    args = shlex.split(options.args)
    rows = []
    for run in range(1, options.runs + 1):
        mine = run_suite(HERE, args)
        theirs = run_suite(options.against.resolve(), args)
        rows.append((run, mine, theirs))
        print(f"run {run}: {mine[0]:.1f} s against {theirs[0]:.1f} s", file=sys.stderr, flush=True)
    print("| run | this wall (s) | this CPU (s) | other wall (s) | other CPU (s) | wall ratio |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for run, (wall, cpu, status), (other_wall, other_cpu, other_status) in rows:
        print(f"| {run} | {seconds(wall, status)} | {cpu:.1f} | {seconds(other_wall, other_status)} | "
              f"{other_cpu:.1f} | {wall / other_wall:.2f} |")
    ratios = [mine[0] / theirs[0] for _, mine, theirs in rows]
    print(f"\nmedian wall ratio {statistics.median(ratios):.2f} (this checkout: {HERE.name}, other: "
          f"{options.against.resolve().name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
