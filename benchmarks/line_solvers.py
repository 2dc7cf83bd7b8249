"""Benchmark: lines per second of each line solver over every row and column of a set of puzzles.

Usage::

    python benchmarks/line_solvers.py FOLDER_OR_FILE... [--stages blank,25,50,75,end]
        [--solvers complete,fast,fcomp] [--budget SECONDS] [--repeat N]

Each puzzle is solved once by the engine; its rows and columns are then
taken at several stages: ``blank`` (nothing known), ``25`` / ``50`` / ``75``
(the engine's steps replayed until that percentage of the squares is known)
and ``end`` (where the engine stopped: solved, or stalled).  Every solver
then works every line of every stage, and the table gives lines per second
for each (best of ``--repeat`` runs).  A solver gets ``--budget`` seconds
per line (``complete`` tries every arrangement, and some lines have
millions); lines it does not finish in time are counted in the table and
left out of its rate.  The exact solvers are also checked to agree on every
line, and ``fast`` to agree with them where it settles a square; a
disagreement stops the benchmark.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

import paint
from paint.linesolvers import SOLVERS
from paint.squares import BLANK

sys.path.insert(0, str(Path(__file__).parent))
from solve_folder import puzzle_files  # noqa: E402


def stage_grids(puzzle, result, stages):
    """``{stage: list of rows}`` for one puzzle, each row a list of square values."""
    total = puzzle.height * puzzle.width
    grids = {}
    grid = [[BLANK] * puzzle.width for _ in range(puzzle.height)]
    known = 0
    wanted = sorted((int(s), s) for s in stages if s.isdigit())
    if "blank" in stages:
        grids["blank"] = [list(row) for row in grid]
    for step in result.steps:
        for mark in step.marks:
            if grid[mark.row][mark.column] == BLANK:
                grid[mark.row][mark.column] = int(mark.value)
                known += 1
        while wanted and known * 100 >= wanted[0][0] * total:
            grids[wanted.pop(0)[1]] = [list(row) for row in grid]
    if "end" in stages:
        grids["end"] = [list(row) for row in grid]
    return grids


def strips(puzzle, rows):
    """Every (targets, squares) of a grid given as rows: rows first, then columns."""
    for targets, row in zip(puzzle.rows, rows):
        yield tuple(targets), bytes(row)
    for c, targets in enumerate(puzzle.columns):
        yield tuple(targets), bytes(row[c] for row in rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", help="puzzle files or folders (searched recursively)")
    parser.add_argument("--stages", default="blank,25,50,75,end",
                        help="comma-separated stages: blank, a percentage known, end (default: %(default)s)")
    parser.add_argument("--solvers", default=",".join(SOLVERS),
                        help="comma-separated solvers to time (default: %(default)s)")
    parser.add_argument("--budget", type=float, default=0.05,
                        help="seconds a solver may spend on one line before it is given up (default: "
                             "%(default)s; 0 for no limit)")
    parser.add_argument("--repeat", type=int, default=1, help="time each solver N times and keep the best")
    args = parser.parse_args(argv)
    stages = args.stages.split(",")
    solvers = args.solvers.split(",")
    unknown = [name for name in solvers if name not in SOLVERS]
    if unknown:
        parser.error(f"unknown solver {unknown[0]!r}; choose from {', '.join(SOLVERS)}")

    lines = {stage: [] for stage in stages}
    puzzles = 0
    for path, _name in puzzle_files(args.paths):
        try:
            puzzle = paint.load(path)
        except paint.PaintError as error:
            print(f"skipped {error}", file=sys.stderr)
            continue
        puzzles += 1
        result = paint.solve(puzzle)
        for stage, rows in stage_grids(puzzle, result, stages).items():
            lines[stage].extend(strips(puzzle, rows))

    answers = {}
    seconds = {}
    slowest = {}
    for stage in stages:
        for name in solvers:
            best = (float("inf"), 0.0)
            for _ in range(max(1, args.repeat)):
                out, spent = _timed(SOLVERS[name].solve, lines[stage], args.budget)
                best = min(best, spent)
            answers[stage, name] = out
            seconds[stage, name], slowest[stage, name] = best
        _check(stage, lines[stage], {name: answers[stage, name] for name in solvers})

    given_up = [name for name in solvers if any(answers[s, name].count(GAVE_UP) for s in stages)]
    header = (["stage", "lines", "blank squares"] + [f"{name} lines/s" for name in solvers]
              + [f"{name} over {args.budget:g} s" for name in given_up])
    rows = []
    for stage in stages:
        blank = sum(squares.count(BLANK) for _, squares in lines[stage])
        total = sum(len(squares) for _, squares in lines[stage])
        rows.append([stage, str(len(lines[stage])), f"{100 * blank / max(total, 1):.0f}%"]
                    + [_rate(len(lines[stage]) - answers[stage, name].count(GAVE_UP), seconds[stage, name])
                       for name in solvers]
                    + [str(answers[stage, name].count(GAVE_UP)) for name in given_up])
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
    count = sum(len(v) for v in lines.values())
    print(f"\n{puzzles} puzzles, {count} lines in all; seconds on the lines finished: "
          + "; ".join(f"{name} {sum(seconds[s, name] for s in stages):.2f}" for name in solvers)
          + "; slowest line finished: "
          + "; ".join(f"{name} {1000 * max(slowest[s, name] for s in stages):.1f} ms" for name in solvers))
    return 0


GAVE_UP = "gave up"


class _OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise _OverBudget


def _timed(solve, lines, budget):
    """Each line's answer (or GAVE_UP), and (seconds spent on the lines finished in time, the longest of them)."""
    out = []
    spent = 0.0
    slowest = 0.0
    previous = signal.signal(signal.SIGALRM, _alarm) if budget > 0 else None
    try:
        for targets, squares in lines:
            if budget > 0:
                signal.setitimer(signal.ITIMER_REAL, budget)
            started = time.perf_counter()
            try:
                answer = solve(targets, squares)
                took = time.perf_counter() - started
            except _OverBudget:
                answer = GAVE_UP
                took = 0.0
            finally:
                if budget > 0:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            spent += took
            slowest = max(slowest, took)
            out.append(answer)
    finally:
        if previous is not None:
            signal.signal(signal.SIGALRM, previous)
    return out, (spent, slowest)


def _rate(count, seconds) -> str:
    return f"{count / seconds:,.0f}" if seconds > 0 else "-"


def _check(stage, lines, answers) -> None:
    """Stop with a message if the exact solvers disagree, or ``fast`` contradicts them."""
    exact = [name for name in answers if SOLVERS[name].exact]
    for i, line in enumerate(lines):
        finished = [answers[name][i] for name in exact if answers[name][i] != GAVE_UP]
        if len(set(finished)) > 1:
            raise SystemExit(f"{stage}: exact solvers disagree on {line}")
        if "fast" in answers and finished:
            quick, truth = answers["fast"][i], finished[0]
            if (quick is None) != (truth is None) or (
                    quick is not None and any(q and q != t for q, t in zip(quick, truth))):
                raise SystemExit(f"{stage}: fast contradicts {exact[0]} on {line}")


if __name__ == "__main__":
    sys.exit(main())
