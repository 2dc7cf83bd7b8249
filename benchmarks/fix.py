"""Benchmark: ``paint fix`` over every puzzle of the corpus that has several solutions or needs search or probes.

Usage::

    python benchmarks/fix.py [PATH ...] [--max-time SECONDS] [--taai N] [--max-rung RUNG]

For each puzzle that ``paint check`` does not call ``ok`` (default: jwilk and the
survey set, from ``../shared/corpus`` when it is beside the checkout, else
``tests/corpus``; with ``--taai N`` also the first N of the TAAI 2011 set), the
table gives its verdict, the squares in which its two solutions differ (for
``multiple``: the two the check found), the squares the fix changed, the
seconds it took, and whether the tests' own exact line solver
(``tests/checker.py``, independent of paint's) finishes the fixed puzzle to the
picture, which proves it unique and solvable without search.  A puzzle whose
solutions the check did not find within ``--max-time`` is listed as not
decided.  Nothing is compared with a threshold: the table is the measurement.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from checker import clues_of, columns_of, line_logic_glyphs  # noqa: E402

from paint.batch import expand, find_puzzles  # noqa: E402
from paint.check import CheckOptions, check_puzzle  # noqa: E402
from paint.cli.common import rung_type  # noqa: E402
from paint.fix import fix_picture, picture_of  # noqa: E402
from paint.squares import Grid  # noqa: E402


def corpus() -> Path:
    shared = ROOT.parent / "shared" / "corpus"
    return shared if shared.is_dir() else ROOT / "tests" / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--max-time", type=float, default=60.0)
    parser.add_argument("--taai", type=int, default=0, metavar="N")
    parser.add_argument("--max-rung", type=rung_type, default=rung_type("line-trial"))
    arguments = parser.parse_args()
    paths = arguments.paths or [corpus() / "jwilk", corpus() / "survey"]
    entries = expand(find_puzzles(paths))
    if arguments.taai:
        entries += expand(find_puzzles([corpus() / "taai2011" / "questions.txt"]))[:arguments.taai]
    print("| puzzle | size | verdict | squares two solutions differ in | squares changed | seconds (check and fix) | "
          "tests' own line logic finishes it |")
    print("|---|---|---|---|---|---|---|")
    totals = {"fixed": 0, "not": 0, "undecided": 0}
    for entry in entries:
        if entry.puzzle is None:
            import paint
            puzzle = paint.load(entry.path)
        else:
            puzzle = entry.puzzle
        name = Path(entry.label).name
        started = time.perf_counter()
        before = check_puzzle(puzzle, CheckOptions(max_time=arguments.max_time))
        if before.grade is not None and before.grade <= arguments.max_rung.grade:
            continue
        size = f"{puzzle.width}x{puzzle.height}"
        if before.verdict in ("limit", "no-solution", "error"):
            totals["undecided"] += 1
            print(f"| {name} | {size} | {before.verdict} | - | not tried: no solution known within "
                  f"{arguments.max_time:g} s | - | - |")
            continue
        differ = "-"
        if before.verdict == "multiple" and len(before.solutions) == 2:
            differ = str(len(Grid.from_lines(before.solutions[0]).differences(Grid.from_lines(before.solutions[1]))))
        keep = [(r, c) for r, line in enumerate(puzzle.given or ()) for c, char in enumerate(line) if char in "X."]
        found = fix_picture(picture_of(puzzle, before), max_time=arguments.max_time, keep=keep,
                            target=arguments.max_rung)
        seconds = time.perf_counter() - started
        if not found.fixed:
            totals["not"] += 1
            print(f"| {name} | {size} | {before.verdict} | {differ} | no fix ({found.stopped}, "
                  f"{len(found.changes)} made, {found.blank} blank left) | {seconds:.1f} | - |")
            continue
        totals["fixed"] += 1
        after = found.after.lines()
        own = line_logic_glyphs(clues_of(after), clues_of(columns_of(after))) == after
        print(f"| {name} | {size} | {before.verdict} | {differ} | {len(found.changes)} | {seconds:.1f} | "
              f"{'yes' if own else 'NO'} |")
    print(f"\n{totals['fixed']} fixed, {totals['not']} not fixed, {totals['undecided']} not decided "
          f"(rung: {arguments.max_rung.name})")


if __name__ == "__main__":
    main()
