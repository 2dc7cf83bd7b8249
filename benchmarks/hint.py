"""Benchmark: how long `paint hint` takes, whole process, from a sound partial grid of each puzzle line logic solves.

Usage::

    python benchmarks/hint.py [FOLDER...] [--fractions 0,0.5,0.9] [--target 0.5]

For each puzzle of the folders (default: the nonogram-db and jwilk corpus
folders) that the line rules solve without probes or search, and for each
of ``--fractions``, the grid after that fraction of those steps is written
to a grid file, and ``python -m paint hint PUZZLE --grid FILE`` (the default
level: the whole step and its reason) is run in a fresh process and timed
(start-up and reading included).  A puzzle's row shows its slowest hint.  Prints a Markdown table of the
slowest puzzles and a summary: how many hints came within ``--target``
seconds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import paint
from paint.formats.grid import grid_text
from paint.rules import LINE_RULE_NAMES

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [ROOT / "tests" / "corpus" / "nonogram-db", ROOT / "tests" / "corpus" / "jwilk"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=FOLDERS)
    parser.add_argument("--fractions", default="0,0.5,0.9",
                        help="how far into the solve the grids are taken, comma-separated")
    parser.add_argument("--target", type=float, default=0.5, help="the time a hint should take, in seconds")
    parser.add_argument("--rows", type=int, default=15, help="how many of the slowest puzzles to list")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        grid_file = Path(folder) / "grid.txt"
        for path in sorted(p for f in args.folders for p in f.rglob("*") if p.suffix in paint.formats.EXTENSIONS):
            try:
                puzzle = paint.load(path)
            except paint.PaintError:
                continue
            result = paint.solve(puzzle, paint.SolveOptions(rules=LINE_RULE_NAMES, search=False))
            if result.status != "solved":
                continue  # line logic does not solve it
            slowest = None
            for fraction in map(float, args.fractions.split(",")):
                grid = paint.Grid.blank(puzzle.height, puzzle.width)
                for step in result.steps[:int(len(result.steps) * fraction)]:
                    for mark in step.marks:
                        grid.mark(mark.row, mark.column, mark.value)
                grid_file.write_text(grid_text(grid))
                started = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "paint", "hint", str(path), "--grid", str(grid_file)],
                                      capture_output=True, text=True, cwd=ROOT)
                seconds = time.perf_counter() - started
                said = done.stdout.strip().splitlines()[0] if done.stdout.strip() else done.stderr.strip()
                row = (seconds, str(path.resolve().relative_to(ROOT)) if path.resolve().is_relative_to(ROOT) else str(path), f"{puzzle.width}x{puzzle.height}", done.returncode,
                       f"{fraction:g}", said)
                if slowest is None or row[0] > slowest[0] or row[3]:
                    slowest = row
            rows.append(slowest)
    rows.sort(reverse=True)
    print("| puzzle | size | exit | grid from | seconds | hint (first line) |")
    print("|---|---|---|---|---|---|")
    for seconds, name, size, code, fraction, said in rows[:args.rows]:
        print(f"| {name} | {size} | {code} | {fraction} | {seconds:.2f} | {said} |")
    within = sum(1 for row in rows if row[0] <= args.target)
    times = sorted(row[0] for row in rows)
    median = times[len(times) // 2] if times else 0
    print(f"\n{len(rows)} puzzles, each from grids at {args.fractions} of its solve; {within} puzzles' slowest "
          f"hints within {args.target:g} s; median {median:.2f} s, "
          f"slowest {times[-1] if times else 0:.2f} s; exits other than 0: {sum(1 for row in rows if row[3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
