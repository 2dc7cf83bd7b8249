"""``paint fix``: the fewest squares of a puzzle's picture to change so that line logic alone solves it."""

from __future__ import annotations

import argparse
import sys
import threading
import time

from .. import formats
from ..errors import PaintError
from ..files import ChunkedWriter, check_destination
from ..signals import exit_status, handling, stopped_by
from .status import EXIT_CONTRADICTION, EXIT_SOLVED, EXIT_STALLED, help_text
from .common import (add_limits, add_puzzle_number, complain, file_name, format_type, paragraph, positive,
                     read_paths, writes_stdout)


def add_parser(commands, names) -> None:
    """Add the ``fix`` sub-command to ``commands``."""
    fix = commands.add_parser(
        "fix", help="change the fewest squares so that line logic alone solves the puzzle",
        description=paragraph(
            "For a puzzle with several solutions, or one that needs search or probes: propose the squares "
            "of its picture to flip (full to empty or back) so that line logic alone solves the changed "
            "puzzle, which then has one solution.  The picture is the file's goal, else the first solution "
            "found; given squares are kept.  Prints each square changed, the new clues of the rows and "
            "columns it touches, and the picture before and after; the fixed puzzle is checked again before "
            "it is offered, and -o writes it (title, author and the rest kept).  The squares are chosen one "
            "at a time, each the flip that leaves line logic the fewest blank squares (Batenburg et al.), "
            "so they are few, not always the fewest."),
        epilog=help_text("fix") + "\nexamples:\n"
               "  paint fix tests/corpus/jwilk/data087.nin\n"
               "  paint fix puzzle.non -o fixed.non --max-changes 10",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    fix.add_argument("puzzle", metavar="PUZZLE", help="the puzzle file, or a Pattern game ID")
    fix.add_argument("-o", "--output", metavar="FILE", type=file_name,
                     help="write the fixed puzzle to FILE (- for standard output, after the report), in the "
                          "format of its extension (or --to), the picture as its goal where the format keeps one")
    fix.add_argument("--to", dest="format", metavar="FORMAT", type=format_type,
                     help=f"the format of -o's file ({names}); default: found from its extension")
    fix.add_argument("--max-changes", type=positive(int), default=20, metavar="N",
                     help="change at most N squares (default: 20)")
    add_puzzle_number(fix, "fix only")
    add_limits(fix, "fix")


def run(arguments) -> int:
    if writes_stdout(None):
        raise PaintError("cannot print the fix: standard output is closed")
    if arguments.format is not None and not arguments.output:
        raise PaintError("--to names the format of -o's file: give -o FILE too")
    if arguments.output:  # everything about the output is settled before the work
        if arguments.output == "-":
            if arguments.format is None:
                raise PaintError("fix: give the format to write on standard output with --to FORMAT")
        else:
            check_destination(arguments.output, protect=read_paths(arguments))
            if arguments.format is None and formats.format_for(arguments.output) is None:
                raise PaintError(f"cannot tell the format to write {arguments.output} in from its extension: "
                                 "give --to FORMAT")
    puzzles = formats.pick(formats.load_each(arguments.puzzle), arguments.number, arguments.puzzle)
    if len(puzzles) != 1:
        raise PaintError(f"{arguments.puzzle} holds {len(puzzles)} puzzles: choose one with --puzzle N")
    name = arguments.puzzle if arguments.number is None else f"{arguments.puzzle}#{arguments.number}"
    received: list[int] = []
    stop = threading.Event()

    def stopping(signum, frame):  # a stop signal ends the work where it is; what was found is still said
        received.append(signum)
        stop.set()

    with handling(stopping):
        return _fix(puzzles[0], name, arguments, stop, received)


def _fix(puzzle, name: str, arguments, stop, received: list[int]) -> int:
    from ..check import CheckOptions, check_puzzle
    from ..fix import fix_picture
    from ..render.board import draw
    from ..squares import FULL, Grid
    from ..strip import StripId
    from ..wording import label
    started = time.perf_counter()
    limit = arguments.max_time

    def left() -> float | None:
        return None if limit is None else max(limit - (time.perf_counter() - started), 0.001)

    write = ChunkedWriter(sys.stdout).write
    before = check_puzzle(puzzle, CheckOptions(max_time=limit), stop=stop)
    if received:
        complain(f"{stopped_by(received[0])} while {name} was checked")
        return exit_status(received[0])
    if before.verdict == "no-solution":
        complain(f"{name}: the clues have no solution, so there is no picture to fix ({before.contradiction})")
        return EXIT_CONTRADICTION
    if before.verdict == "limit":
        write(f"{name}: stopped by --max-time ({limit:g} s) before its solutions were known; nothing to fix yet\n")
        return EXIT_STALLED
    if before.verdict == "ok" and before.passes:
        write(f"{name}: nothing to fix - line logic alone solves it, and its solution is unique"
              f"{'; -o: nothing written' if arguments.output else ''}\n")
        return EXIT_SOLVED
    if puzzle.goal is not None and before.goal_matches is not False:
        picture = Grid.from_lines(puzzle.goal)
    elif before.solution is not None or before.solutions:
        picture = Grid.from_lines(before.solution if before.solution is not None else before.solutions[0])
    else:
        raise PaintError(f"{name}: no solution was found to fix")
    given = puzzle.given or ()
    keep = [(r, c) for r, line in enumerate(given) for c, char in enumerate(line) if char in "X."]
    found = fix_picture(picture, max_changes=arguments.max_changes, max_time=left(), keep=keep, stop=stop)
    lines = [f"{name}: {before.verdict}"]
    if received:
        lines.append(f"{stopped_by(received[0])} after {_changes(found.changes)}: line logic still leaves "
                     f"{found.blank} squares blank")
        write("\n".join(lines) + "\n")
        return exit_status(received[0])
    if not found.fixed:
        why = {"changes": f"--max-changes ({arguments.max_changes}) was reached",
               "time": f"--max-time ({limit:g} s) ran out",
               "stuck": "no flip of a blank square leaves fewer blank squares"}[found.stopped]
        lines.append(f"no fix: {why}; after {_changes(found.changes)} line logic still leaves {found.blank} "
                     f"squares blank ({found.tried} flips tried)")
        write("\n".join(lines) + "\n")
        return EXIT_STALLED
    fixed = found.puzzle(puzzle, title=f"{puzzle.title or name} (fixed)")
    check = check_puzzle(fixed, CheckOptions(max_time=max(left() or 0, 5.0)), stop=stop)  # proven by paint itself
    if received:
        complain(f"{stopped_by(received[0])} while the fixed puzzle was checked again")
        return exit_status(received[0])
    if check.verdict != "ok":
        raise PaintError(f"internal error: the fixed puzzle is {check.verdict}, not ok")
    lines.append(f"change {_changes(found.changes)} and line logic alone solves it "
                 f"(grade {check.grade}, {check.steps} steps; the solution is unique):")
    for row, column in found.changes:
        was = "full" if picture.rows[row][column] == FULL else "empty"
        lines.append(f"    row {row + 1}, column {column + 1}: {was} -> {'empty' if was == 'full' else 'full'}")
    touched = sorted({StripId("row", r) for r, _ in found.changes} | {StripId("column", c) for _, c in found.changes},
                     key=lambda strip: (strip.kind != "row", strip.index))
    lines.append("the new clues:")
    for strip in touched:
        old = (puzzle.rows if strip.kind == "row" else puzzle.columns)[strip.index]
        new = (fixed.rows if strip.kind == "row" else fixed.columns)[strip.index]
        lines.append(f"    {label(strip, old)} -> [{' '.join(map(str, new)) or '0'}]")
    lines.append("")
    lines.append("before (the squares to change drawn ## / *):")
    lines += draw(puzzle, found.before, marked=found.changes).lines
    lines.append("after:")
    lines += draw(fixed, found.after, marked=found.changes).lines
    write("\n".join(lines) + "\n")
    if arguments.output == "-":
        write(formats.dumps(fixed, arguments.format))
    elif arguments.output:
        formats.save(fixed, arguments.output, format=arguments.format)
    return EXIT_SOLVED


def _changes(changes) -> str:
    return f"{len(changes)} square{'s' if len(changes) != 1 else ''}"
