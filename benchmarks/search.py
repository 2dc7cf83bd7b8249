"""Benchmark: the puzzles line logic cannot finish - probes and search - with a time limit per puzzle; prints a table.

Usage::

    python benchmarks/search.py [CORPUS] [--max-time SECONDS] [--only NAME,...]

``CORPUS`` is the folder holding ``survey/`` and ``jwilk/`` (default:
``../shared/corpus`` next to the project, else ``tests/corpus``).  For each
puzzle: size, status, whether the solution was proven unique, squares still
blank when a limit stopped it, steps by probes
and by search, search branches and levels, seconds, and - for the survey
puzzles - the times measured on this machine for pynogram (pure Python) and
pbnsolve (C), as given in the project's issue.  Every solution is checked
against the clues and, where the file has one, its goal.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import paint

ROOT = Path(__file__).resolve().parent.parent

SURVEY = ["webpbn-00023-edge", "webpbn-00027-bucks", "webpbn-00065-mum", "webpbn-00436-petroglyph",
          "webpbn-00803-light", "webpbn-01611-merka", "webpbn-06574-forever", "knotty", "faase"]
JWILK_SEARCH = ["data016", "data022", "data038", "data047", "data085", "data091", "data120", "data144"]
JWILK_SEVERAL = ["data001", "data083", "data084", "data087"]

REFERENCE = {  # seconds on this machine: (pynogram, pbnsolve)
    "webpbn-00436-petroglyph": ("1.6", "0.068"),
    "webpbn-00803-light": ("9", "0.45"),
    "webpbn-01611-merka": ("1.3", "0.027"),
    "webpbn-06574-forever": (">300", "2.9"),
}


def runs(cells) -> list[int]:
    return [len(part) for part in "".join(cells).split(".") if part]


def satisfies(puzzle, lines) -> bool:
    """An independent check of a solved grid against the clues."""
    rows_ok = all(runs(line) == list(clue) for clue, line in zip(puzzle.rows, lines))
    columns_ok = all(runs(line[c] for line in lines) == list(clue) for c, clue in enumerate(puzzle.columns))
    return rows_ok and columns_ok and all(set(line) <= {"X", "."} for line in lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT.parent / "shared" / "corpus"
    parser.add_argument("corpus", nargs="?", type=Path,
                        default=default if default.is_dir() else ROOT / "tests" / "corpus")
    parser.add_argument("--max-time", type=float, default=120.0, help="seconds allowed per puzzle (default 120)")
    parser.add_argument("--only", help="comma-separated puzzle names to run")
    args = parser.parse_args(argv)

    puzzles = ([("survey", args.corpus / "survey" / f"{n}.non") for n in SURVEY]
               + [("jwilk search", args.corpus / "jwilk" / f"{n}.nin") for n in JWILK_SEARCH]
               + [("jwilk several", args.corpus / "jwilk" / f"{n}.nin") for n in JWILK_SEVERAL])
    if args.only:
        wanted = set(args.only.split(","))
        puzzles = [(group, path) for group, path in puzzles if path.stem in wanted]

    print("| group | puzzle | size | status | unique | blank left | probe steps | search steps | branches "
          "| levels | seconds | pynogram s | pbnsolve s | checked |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    failures = 0
    total = 0.0
    for group, path in puzzles:
        puzzle = paint.load(path)
        started = time.perf_counter()
        result = paint.solve(puzzle, paint.SolveOptions(max_time=args.max_time))
        seconds = time.perf_counter() - started
        total += seconds
        counts = result.rule_counts()
        probes = counts.get("edge", 0) + counts.get("corner", 0)
        if result.status == "solved":
            lines = result.grid.lines()
            good = satisfies(puzzle, lines) and (puzzle.goal is None or list(puzzle.goal) == lines)
        elif result.status == "multiple":
            good = all(satisfies(puzzle, grid.lines()) for grid in result.solutions)
        else:
            good = None
        failures += good is False
        pynogram, pbnsolve = REFERENCE.get(path.stem, ("", ""))
        unique = {True: "yes", False: "no"}.get(result.unique, "-")
        blank = result.blank if result.status in ("stalled", "limit") else 0
        print(f"| {group} | {path.stem} | {puzzle.width}x{puzzle.height} | {result.status} | {unique} "
              f"| {blank} | {probes} | {counts.get('search', 0)} | {result.branches} | {result.levels} "
              f"| {seconds:.2f} | {pynogram} | {pbnsolve} | {'-' if good is None else 'yes' if good else 'NO'} |",
              flush=True)
    print(f"\n{len(puzzles)} puzzles; {total:.1f} s in all; limit {args.max_time:g} s each")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
