"""Benchmark: how long the explanation is - the reason lines under each step, per folder, as a Markdown table.

Usage::

    python benchmarks/reason_lines.py FOLDER... [--leave-out NAME,...] [--against OTHER_CHECKOUT]

Each puzzle of each folder (searched recursively) is solved with the default
options (one strip a step) and its explanation worded as ``paint solve``
prints it by default.  A step's reason lines are the lines under its step
line (:func:`paint.wording.step_body`): a reason line the printer wraps
counts once.  Per folder the table gives the puzzles, the steps, the reason
lines, the median and the largest number of reason lines of a step (of any
step; of a line rule's step; of any step of a *line puzzle*, one that line
rules finish alone, try_one among them, with no probe and no search), and the
lines the default text output prints in total (pictures, wrapped lines and
the closing summary included).  Files paint cannot read are counted as
errors.  ``--leave-out`` skips the files of those names (without their
extension: ``knotty,faase``, which search for minutes).

``--against DIR`` counts the same with the paint of the checkout ``DIR`` (a
worker process imports it, as in ``solve_folder.py``) and shows both side by
side, with the ratio of this checkout's reason lines and printed lines to
that one's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import paint
from paint.formats import EXTENSIONS
from paint.render import render_text
from paint.wording import step_body


def puzzle_files(folder: Path, leave_out=()):
    """Each puzzle file of ``folder`` (searched recursively, sorted), or ``folder`` itself when it is a file; none
    whose name without extension is in ``leave_out``."""
    found = sorted(p for p in folder.rglob("*") if p.suffix in EXTENSIONS) if folder.is_dir() else [folder]
    yield from (path for path in found if path.stem not in leave_out)


def measure(path: Path) -> list[dict]:
    """Per puzzle of the file ``path``: its steps, each step's reason lines and the lines printed in total."""
    try:
        found = paint.formats.load_all(path)
    except paint.PaintError as error:
        return [{"error": str(error)}]
    counts = []
    for puzzle in found:
        result = paint.solve(puzzle)
        bodies = [step_body(step) for step in result.steps]
        counts.append({"reasons": [len(body) for body in bodies],
                       # finished by line rules alone (try_one among them): no probe's chain, no search
                       "line puzzle": result.status == "solved" and not any(
                           step.chain is not None or step.rule == "search" for step in result.steps),
                       "line rules": [len(body) for step, body in zip(result.steps, bodies)
                                      if step.chain is None and step.rule not in ("try_one", "search")],
                       "words": sum(len(text.split()) for body in bodies for _, text in body),
                       "printed": len(render_text(result, show_time=False).splitlines())})
    return counts


def worker() -> int:
    """Serve ``--against``: read one path a line, answer one line of JSON (:func:`measure`) for each."""
    for request in sys.stdin:
        print(json.dumps(measure(Path(request.rstrip("\n")))), flush=True)
    return 0


def totals(measured: list[dict]) -> dict:
    """The figures of one folder's puzzles: puzzles, errors, steps, reason lines, median and max a step, printed."""
    per_step = [count for puzzle in measured if "error" not in puzzle for count in puzzle["reasons"]]
    return {"puzzles": sum("error" not in puzzle for puzzle in measured),
            "errors": sum("error" in puzzle for puzzle in measured),
            "steps": len(per_step), "reasons": sum(per_step),
            "median": statistics.median(per_step) if per_step else 0, "max": max(per_step, default=0),
            "words": sum(puzzle.get("words", 0) for puzzle in measured),
            "max line rule": max((count for puzzle in measured for count in puzzle.get("line rules", ())), default=0),
            "line puzzles": sum(bool(puzzle.get("line puzzle")) for puzzle in measured),
            "max line puzzle": max((count for puzzle in measured if puzzle.get("line puzzle")
                                    for count in puzzle["reasons"]), default=0),
            "printed": sum(puzzle.get("printed", 0) for puzzle in measured)}


def ratio(this: int, other: int) -> str:
    """``this / other`` to two places, ``'-'`` when ``other`` is 0."""
    return f"{this / other:.2f}" if other else "-"


def table(rows: list[tuple]) -> list[str]:
    """A Markdown table of ``rows`` (the first is the header), columns padded to their widest cell."""
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]

    def line(cells) -> str:
        return "| " + " | ".join(str(cell).ljust(width) for cell, width in zip(cells, widths)) + " |"

    return [line(rows[0]), "|" + "|".join("-" * (width + 2) for width in widths) + "|", *map(line, rows[1:])]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="folders (or files) of puzzles, one row of the table each")
    parser.add_argument("--against", metavar="DIR",
                        help="also count with the paint of the checkout DIR and show both side by side")
    parser.add_argument("--leave-out", metavar="NAME,...", default="",
                        help="skip the puzzle files of these names (without extension), e.g. knotty,faase")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()
    if not args.paths:
        parser.error("give at least one folder of puzzles")

    other = None
    if args.against:
        environment = dict(os.environ, PYTHONPATH=str(Path(args.against).resolve()))
        other = subprocess.Popen([sys.executable, __file__, "--worker"], env=environment,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    folders = []
    for folder in map(Path, args.paths):
        here, there = [], []
        for path in puzzle_files(folder, set(filter(None, args.leave_out.split(",")))):
            here += measure(path)
            if other:
                other.stdin.write(f"{path.resolve()}\n")
                other.stdin.flush()
                there += json.loads(other.stdout.readline())
        folders.append((str(folder), totals(here), totals(there) if other else None))
    if other:
        other.stdin.close()
        other.wait()

    if other:
        rows = [("folder", "puzzles", "steps (other -> this)", f"reason lines ({args.against})", "reason lines",
                 "ratio", "median (other)", "median", "max (other)", "max", "max line rule (other)", "max line rule",
                 "line puzzles", "max line puzzle (other)", "max line puzzle",
                 "words (other)", "words", "ratio",
                 "printed (other)", "printed", "ratio")]
        rows += [(name, f["puzzles"], f"{o['steps']} -> {f['steps']}", o["reasons"], f["reasons"],
                  ratio(f["reasons"], o["reasons"]), o["median"], f["median"], o["max"], f["max"],
                  o["max line rule"], f["max line rule"], f["line puzzles"], o["max line puzzle"],
                  f["max line puzzle"], o["words"], f["words"], ratio(f["words"], o["words"]),
                  o["printed"], f["printed"], ratio(f["printed"], o["printed"]))
                 for name, f, o in folders]
    else:
        rows = [("folder", "puzzles", "steps", "reason lines", "median a step", "max a step", "max line rule",
                 "line puzzles", "max line puzzle", "words", "printed")]
        rows += [(name, f["puzzles"], f["steps"], f["reasons"], f["median"], f["max"], f["max line rule"],
                  f["line puzzles"], f["max line puzzle"], f["words"], f["printed"])
                 for name, f, _ in folders]
    print("\n".join(table(rows)))
    errors = sum(f["errors"] for _, f, _ in folders)
    if errors:
        print(f"\n{errors} {'file' if errors == 1 else 'files'} could not be read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
