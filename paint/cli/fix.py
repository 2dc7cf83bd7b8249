"""``paint fix``: the fewest squares of a puzzle's picture to change so that line logic alone solves it."""

from __future__ import annotations

import argparse
import sys

from .. import formats
from ..errors import PaintError
from ..files import ChunkedWriter, check_destination
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
            "found.  Prints each square changed, the new clues of the rows and columns it touches, and the "
            "picture before and after; the fixed puzzle is checked again before it is offered, and -o "
            "writes it.  The squares are chosen one at a time, each the flip that leaves line logic the "
            "fewest blank squares (Batenburg et al.), so they are few, not always the fewest."),
        epilog=help_text("fix") + "\nexamples:\n"
               "  paint fix tests/corpus/jwilk/data087.nin\n"
               "  paint fix puzzle.non -o fixed.non --max-changes 10",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    fix.add_argument("puzzle", metavar="PUZZLE", help="the puzzle file, or a Pattern game ID")
    fix.add_argument("-o", "--output", metavar="FILE", type=file_name,
                     help="write the fixed puzzle to FILE, in the format of its extension (or --to), the "
                          "picture as its goal where the format keeps one")
    fix.add_argument("--to", dest="format", metavar="FORMAT", type=format_type,
                     help=f"the format of -o's file ({names}); default: found from its extension")
    fix.add_argument("--max-changes", type=positive(int), default=20, metavar="N",
                     help="change at most N squares (default: 20)")
    add_puzzle_number(fix, "fix only")
    add_limits(fix, "fix")


def run(arguments) -> int:
    from ..check import check_puzzle
    from ..fix import fix_picture, picture_of
    from ..render.board import draw
    from ..wording import label
    from ..squares import FULL
    from ..strip import StripId
    if writes_stdout(None):
        raise PaintError("cannot print the fix: standard output is closed")
    if arguments.output:
        check_destination(arguments.output, protect=read_paths(arguments))
    puzzles = formats.pick(formats.load_each(arguments.puzzle), arguments.number, arguments.puzzle)
    if len(puzzles) != 1:
        raise PaintError(f"{arguments.puzzle} holds {len(puzzles)} puzzles: choose one with --puzzle N")
    puzzle = puzzles[0]
    before = check_puzzle(puzzle)
    write = ChunkedWriter(sys.stdout).write
    if before.verdict == "no-solution":
        complain(f"{arguments.puzzle}: the clues have no solution, so there is no picture to fix "
                 f"({before.contradiction})")
        return EXIT_CONTRADICTION
    if before.verdict == "ok":
        write(f"{arguments.puzzle}: nothing to fix - line logic alone solves it, and its solution is unique\n")
        return EXIT_SOLVED
    picture = picture_of(puzzle, positions=100_000)
    found = fix_picture(picture, max_changes=arguments.max_changes, max_time=arguments.max_time)
    lines = [f"{arguments.puzzle}: {before.verdict}"]
    if not found.fixed:
        lines.append(f"no fix within {arguments.max_changes} changes"
                     f"{' and ' + format(arguments.max_time, 'g') + ' s' if arguments.max_time else ''}: "
                     f"after {len(found.changes)} change{'s' if len(found.changes) != 1 else ''} line logic still "
                     f"leaves {found.blank} squares blank ({found.tried} flips tried; no single flip helps further)")
        write("\n".join(lines) + "\n")
        return EXIT_STALLED
    fixed = found.puzzle(title=f"{puzzle.title or arguments.puzzle} (fixed)")
    check = check_puzzle(fixed)  # proven by paint itself before it is offered
    if check.verdict != "ok":
        raise PaintError(f"internal error: the fixed puzzle is {check.verdict}, not ok")
    count = len(found.changes)
    lines.append(f"change {count} square{'s' if count != 1 else ''} and line logic alone solves it "
                 f"(grade {check.grade}, {check.steps} steps; the solution is unique):")
    for row, column in found.changes:
        was = "full" if picture.rows[row][column] == FULL else "empty"
        now = "empty" if was == "full" else "full"
        lines.append(f"    row {row + 1}, column {column + 1}: {was} -> {now}")
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
    if arguments.output:
        formats.save(fixed, arguments.output, format=arguments.format)
    return EXIT_SOLVED
