"""Benchmark: solve every puzzle of one or more folders in-process, explanation recorded, and print a table.

Usage::

    python benchmarks/solve_folder.py FOLDER_OR_FILE... [--memory] [--repeat N] [--render]
                                      [--max-time SECONDS] [--against OTHER_CHECKOUT]

For each puzzle: name, size, status, steps, seconds (best of ``--repeat``
runs) and, with ``--memory``, the peak memory of the solve as traced by
tracemalloc (in MB; tracing slows the solve, so times are measured
separately).  Prints a Markdown table with totals.  Files in formats paint
cannot read are listed as errors, not skipped silently.  Each solve stops
after ``--max-time`` seconds (default 60; 0 for none), so a folder holding a
puzzle no solver decides (knotty, faase) still ends, that puzzle at status
``limit``.

``--against DIR`` times another copy of paint side by side: a worker
process imports paint from the checkout ``DIR`` and solves each puzzle right
after this one does, so both see the same load on a shared machine; the
table gains that copy's seconds and the ratio of this one's to it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import paint
import paint.linesolvers
from paint.formats import EXTENSIONS
from paint.render import render_text



def puzzle_files(paths):
    """Each puzzle file with the name to show: relative to the folder it was found in."""
    for path in map(Path, paths):
        if path.is_dir():
            for found in sorted(p for p in path.rglob("*") if p.suffix in EXTENSIONS):
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


def timed(puzzle, repeat: int, render: bool, max_time: float | None = None):
    """``(best seconds, result)`` of ``repeat`` solves of ``puzzle`` (each stopped after ``max_time`` seconds,
    None: no limit), each also rendered if ``render``."""
    best = float("inf")
    for _ in range(max(1, repeat)):
        forget = getattr(paint.linesolvers, "clear_cache", None)  # a checkout from before the line cache has none
        if forget is not None:
            forget()  # each repeat starts cold, as a solve in its own process does
        started = time.perf_counter()
        result = paint.solve(puzzle, paint.SolveOptions(max_time=max_time))
        if render:
            render_text(result)
        best = min(best, time.perf_counter() - started)
    return best, result


def worker(repeat: int, render: bool, max_time: float | None) -> int:
    """Serve ``--against``: read ``PATH<TAB>INDEX`` lines, answer ``SECONDS<TAB>STATUS<TAB>STEPS`` for each."""
    for request in sys.stdin:
        path, index = request.rstrip("\n").split("\t")
        puzzle = paint.formats.load_all(Path(path))[int(index)]
        seconds, result = timed(puzzle, repeat, render, max_time)
        print(f"{seconds}\t{result.status}\t{len(result.steps)}", flush=True)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="puzzle files or folders (searched recursively)")
    parser.add_argument("--memory", action="store_true", help="also measure peak traced memory per solve")
    parser.add_argument("--repeat", type=int, default=1, help="time each solve N times and keep the best")
    parser.add_argument("--render", action="store_true",
                        help="also time writing the explanation as paint solve prints it by default (plain text, "
                             "grids and reasons), and add it to the total")
    parser.add_argument("--against", metavar="DIR",
                        help="also time the paint of the checkout DIR on each puzzle, side by side, and show the ratio")
    parser.add_argument("--max-time", type=float, default=60.0,
                        help="stop each solve after this many seconds (status limit; default 60; 0: no limit)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    max_time = args.max_time or None
    if args.worker:
        return worker(args.repeat, args.render, max_time)
    if not args.paths:
        parser.error("give at least one puzzle file or folder")

    other = None
    if args.against:
        environment = dict(os.environ, PYTHONPATH=str(Path(args.against).resolve()))
        command = ([sys.executable, __file__, "--worker", "--repeat", str(args.repeat), "--max-time", str(args.max_time)]
                   + (["--render"] * args.render))
        other = subprocess.Popen(command, env=environment, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    rows = []
    total_time = other_time = 0.0
    wall_started = time.perf_counter()
    statuses: dict[str, int] = {}
    indexes: dict[Path, int] = {}
    for path, name, puzzle in puzzles(args.paths):
        index = indexes[path] = indexes.get(path, -1) + 1
        if isinstance(puzzle, paint.PaintError):
            rows.append((name, "-", "error", "-", "-", str(puzzle), "", ""))
            statuses["error"] = statuses.get("error", 0) + 1
            continue
        best, result = timed(puzzle, args.repeat, args.render, max_time)
        peak = ""
        if args.memory:
            tracemalloc.start()
            paint.solve(puzzle, paint.SolveOptions(max_time=max_time))
            peak = f"{tracemalloc.get_traced_memory()[1] / 1e6:.1f}"
            tracemalloc.stop()
        against = ratio = ""
        if other:
            other.stdin.write(f"{path.resolve()}\t{index}\n")
            other.stdin.flush()
            seconds = float(other.stdout.readline().split("\t")[0])
            other_time += seconds
            against, ratio = f"{seconds:.3f}", f"{best / seconds:.2f}" if seconds else "-"
        total_time += best
        statuses[result.status] = statuses.get(result.status, 0) + 1
        rows.append((name, f"{puzzle.width}x{puzzle.height}", result.status,
                     str(len(result.steps)), f"{best:.3f}", peak, against, ratio))
    if other:
        other.stdin.close()
        other.wait()

    wall = time.perf_counter() - wall_started
    header = ("puzzle", "size", "status", "steps", "seconds", "peak MB", "other seconds", "ratio")
    columns = [0, 1, 2, 3, 4]
    if args.memory or any(r[2] == "error" for r in rows):
        columns.append(5)
    if other:
        columns += [6, 7]
    widths = {i: max(len(str(r[i])) for r in rows + [header]) for i in columns}

    def line(cells):
        return "| " + " | ".join(str(cells[i]).ljust(widths[i]) for i in columns) + " |"

    print(line(header))
    print("|" + "|".join("-" * (widths[i] + 2) for i in columns) + "|")
    for row in rows:
        print(line(row))
    summary = ", ".join(f"{n} {status}" for status, n in sorted(statuses.items()))
    print(f"\n{len(rows)} puzzles ({summary}); total {'solve and render' if args.render else 'solve'} time "
          f"{total_time:.2f} s"
          + (f" against {other_time:.2f} s for {args.against} (ratio {total_time / other_time:.2f})"
             if other and other_time else "")
          + f"; slowest {max((float(r[4]) for r in rows if r[4] != '-'), default=0):.3f} s; "
          f"wall clock for the whole run, reading files included, {wall:.2f} s"
          + (f" ({args.repeat} solves each)" if args.repeat > 1 or args.memory else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
