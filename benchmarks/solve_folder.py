"""Benchmark: solve every puzzle of one or more folders in-process, explanation recorded, and print a table.

Usage::

    python benchmarks/solve_folder.py FOLDER_OR_FILE... [--memory] [--repeat N]

For each puzzle: name, size, status, steps, seconds (best of ``--repeat``
runs) and, with ``--memory``, the peak memory of the solve as traced by
tracemalloc (in MB; tracing slows the solve, so times are measured
separately).  Prints a Markdown table with totals.  Files in formats paint
cannot read are listed as errors, not skipped silently.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

import paint
from paint.formats import FORMATS
from paint.render import render_text

SUFFIXES = {ext for module in FORMATS.values() for ext in module.EXTENSIONS}


def puzzle_files(paths):
    """Each puzzle file with the name to show: relative to the folder it was found in."""
    for path in map(Path, paths):
        if path.is_dir():
            for found in sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES):
                yield found, str(found.relative_to(path))
        else:
            yield path, path.name


def puzzles(paths):
    """``(path, name, puzzle)`` for every puzzle, ``name#N`` for those of a file of many; an error for a bad file."""
    for path, name in puzzle_files(paths):
        try:
            found = paint.formats.load_all(path)
        except paint.PaintError as error:
            yield path, name, error
            continue
        for number, puzzle in enumerate(found, start=1):
            yield path, name if len(found) == 1 else f"{name}#{number}", puzzle


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="puzzle files or folders (searched recursively)")
    parser.add_argument("--memory", action="store_true", help="also measure peak traced memory per solve")
    parser.add_argument("--repeat", type=int, default=1, help="time each solve N times and keep the best")
    parser.add_argument("--render", action="store_true",
                        help="also time writing the explanation as paint solve prints it by default (plain text, "
                             "grids and reasons), and add it to the total")
    args = parser.parse_args(argv)

    rows = []
    total_time = 0.0
    wall_started = time.perf_counter()
    statuses: dict[str, int] = {}
    for path, name, puzzle in puzzles(args.paths):
        if isinstance(puzzle, paint.PaintError):
            rows.append((name, "-", "error", "-", "-", str(puzzle)))
            statuses["error"] = statuses.get("error", 0) + 1
            continue
        best = float("inf")
        for _ in range(max(1, args.repeat)):
            started = time.perf_counter()
            result = paint.solve(puzzle)
            if args.render:
                render_text(result)
            best = min(best, time.perf_counter() - started)
        peak = ""
        if args.memory:
            tracemalloc.start()
            paint.solve(puzzle)
            peak = f"{tracemalloc.get_traced_memory()[1] / 1e6:.1f}"
            tracemalloc.stop()
        total_time += best
        statuses[result.status] = statuses.get(result.status, 0) + 1
        rows.append((name, f"{puzzle.width}x{puzzle.height}", result.status,
                     str(len(result.steps)), f"{best:.3f}", peak))

    wall = time.perf_counter() - wall_started
    header = ("puzzle", "size", "status", "steps", "seconds", "peak MB" if args.memory else "")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(6)]
    keep = 6 if args.memory or any(r[2] == "error" for r in rows) else 5

    def line(cells):
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells[:keep], widths)) + " |"

    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths[:keep]) + "|")
    for row in rows:
        print(line(row))
    summary = ", ".join(f"{n} {status}" for status, n in sorted(statuses.items()))
    print(f"\n{len(rows)} puzzles ({summary}); total {'solve and render' if args.render else 'solve'} time "
          f"{total_time:.2f} s; "
          f"slowest {max((float(r[4]) for r in rows if r[4] != '-'), default=0):.3f} s; "
          f"wall clock for the whole run, reading files included, {wall:.2f} s"
          + (f" ({args.repeat} solves each)" if args.repeat > 1 or args.memory else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
