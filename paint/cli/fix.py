"""``paint fix``: the fewest squares of a puzzle's picture to change so that line logic alone solves it."""

from __future__ import annotations

import argparse
import sys
import time

from .. import formats
from ..errors import PaintError
from ..files import ChunkedWriter
from ..signals import exit_status, stopped_by
from .status import EXIT_CONTRADICTION, EXIT_SOLVED, EXIT_STALLED, help_text
from .common import (add_limits, add_max_rung, add_puzzle_number, complain, file_name, format_type, paragraph,
                     positive, read_paths, settle_output, until_stopped, writes_stdout)


def add_parser(commands, names) -> None:
    """Add the ``fix`` sub-command to ``commands``."""
    fix = commands.add_parser(
        "fix", help="change the fewest squares so that line logic alone solves the puzzle",
        description=paragraph(
            "For a puzzle with several solutions, or one that needs search or probes: propose the squares "
            "of its picture to flip (full to empty or back) so that line logic alone (or the rung --max-rung "
            "names) solves the changed puzzle, which then has one solution.  The picture is the file's goal, else the first solution "
            "found; given squares are kept.  Prints each square changed, the new clues of the rows and "
            "columns it touches, and the picture before and after; the fixed puzzle is checked again before "
            "it is offered, and -o writes it (title, author and the rest kept).  The squares are chosen one "
            "at a time, each the flip that leaves line logic the fewest blank squares (Batenburg et al.), "
            "so they are few, not always the fewest."),
        epilog=help_text("fix") + "\nexamples:\n"
               "  paint fix tests/corpus/jwilk/data087.nin\n"
               "  paint fix puzzle.non -o fixed.non --max-changes 10\n"
               "  paint fix puzzle.non --max-rung counting",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    fix.add_argument("puzzle", metavar="PUZZLE", help="the puzzle file, or a Pattern game ID")
    fix.add_argument("-o", "--output", metavar="FILE", type=file_name,
                     help="write the fixed puzzle to FILE (- for standard output, after the report), in the "
                          "format of its extension (or --to), the picture as its goal where the format keeps one")
    fix.add_argument("--to", dest="format", metavar="FORMAT", type=format_type,
                     help=f"the format of -o's file ({names}); default: found from its extension")
    fix.add_argument("--max-changes", type=positive(int), default=20, metavar="N",
                     help="change at most N squares (default: 20)")
    add_max_rung(fix, "fixed")
    add_puzzle_number(fix, "fix only")
    add_limits(fix, "fix")


def run(arguments) -> int:
    if writes_stdout(None):
        raise PaintError("cannot print the fix: standard output is closed")
    if arguments.format is not None and not arguments.output:
        raise PaintError("--to names the format of -o's file: give -o FILE too")
    if arguments.output:  # everything about the output is settled before the work
        settle_output("fix", arguments.output, arguments.format, read_paths(arguments))
    puzzles = formats.pick(formats.load_each(arguments.puzzle), arguments.number, arguments.puzzle)
    if len(puzzles) != 1:
        raise PaintError(f"{arguments.puzzle} holds {len(puzzles)} puzzles: choose one with --puzzle N")
    name = arguments.puzzle if arguments.number is None else f"{arguments.puzzle}#{arguments.number}"
    return until_stopped(lambda stop, received: _fix(puzzles[0], name, arguments, stop, received))


def _fix(puzzle, name: str, arguments, stop, received: list[int]) -> int:
    from ..check import CheckOptions, check_puzzle
    from ..fix import fix_picture, picture_of
    from ..grade import grade_words
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
    target = arguments.max_rung
    if before.grade is not None and before.grade <= target.grade:
        write(f"{name}: nothing to fix - {within(target)} {solve_verb(target)} it (grade {grade_words(before.grade)}), and its "
              f"solution is unique{'; -o: nothing written' if arguments.output else ''}\n")
        return EXIT_SOLVED
    picture = picture_of(puzzle, before)
    given = puzzle.given or ()
    keep = [(r, c) for r, line in enumerate(given) for c, char in enumerate(line) if char in "X."]
    found = fix_picture(picture, max_changes=arguments.max_changes, max_time=left(), keep=keep, stop=stop,
                        target=target)
    lines = [f"{name}: {before.verdict}" + (f" (grade {grade_words(before.grade)})" if before.grade else "")]
    if received:
        lines.append(stopped_lines(found, stopped_by(received[0])))
        write("\n".join(lines) + "\n")
        return exit_status(received[0])
    if not found.fixed:
        lines.append(stopped_lines(found, arguments=arguments))
        write("\n".join(lines) + "\n")
        return EXIT_STALLED
    fixed = found.puzzle(puzzle, title=f"{puzzle.title or name} (fixed)")
    check = proven(fixed, found, left(), stop)
    if received:
        complain(f"{stopped_by(received[0])} while the fixed puzzle was checked again")
        return exit_status(received[0])
    lines += change_lines(puzzle, fixed, found, check, "before (the squares to change drawn ## / *):")
    write("\n".join(lines) + "\n")
    if arguments.output == "-":
        write(formats.dumps(fixed, arguments.format))
    elif arguments.output:
        formats.save(fixed, arguments.output, format=arguments.format)
    return EXIT_SOLVED


def within(target) -> str:
    """What solves a puzzle fixed for ``target`` (:class:`paint.fix.Target`), in words: ``'line logic alone'``."""
    if target.grade == 4:
        return "line logic alone"
    if target.grade == 5:
        return "line logic and the probes"
    return f"the rules up to {target.name} ({', '.join(target.rules)})"


def solve_verb(target) -> str:
    """The verb of :func:`within`'s words: ``'solves'`` for line logic alone, ``'solve'`` for the rules of a
    lower rung, or line logic and the probes."""
    return "solves" if target.grade == 4 else "solve"


def stopped_lines(found, why: str | None = None, *, arguments=None) -> str:
    """Why a fix (:class:`paint.fix.Fix`) stopped short, and how far it got: ``why`` (a signal's words), or
    the reason its ``stopped`` gives, with the limit ``arguments`` set."""
    if why is None:
        why = {"changes": f"--max-changes ({len(found.changes)}) was reached",
               "time": f"--max-time ({arguments.max_time:g} s) ran out",
               "stuck": "no flip of any blank square leaves fewer blank squares",
               "stopped": "it was stopped"}[found.stopped]
        why = f"no fix: {why}"
    made = f"after {changes_words(found.changes)}" if found.changes else "with no square changed"
    measure = found.target.measure
    verb = "leaves" if measure == "line logic" else "leave"
    probes = ""
    if found.target.grade == 5:
        probes = (", and the probes do not finish it" if found.stopped in ("changes", "stuck")
                  else ", and the probes had not finished it when it stopped")
    return f"{why}; {made} {measure} still {verb} {found.blank} squares blank{probes} ({found.tried} flips tried)"


def proven(fixed, found, seconds: float | None, stop):
    """The check of ``fixed``, the puzzle a fix made, by paint's own solver (within ``seconds``, at least 5):
    proven within the rung asked for.  Raises PaintError (an internal error) when it is not."""
    from ..check import CheckOptions, check_puzzle
    check = check_puzzle(fixed, CheckOptions(max_time=max(seconds or 0, 5.0)), stop=stop)
    if stop is not None and stop.is_set():
        return check
    if check.grade is None or check.grade > found.target.grade:
        raise PaintError(f"internal error: the fixed puzzle is {check.verdict} (grade {check.grade}), not "
                         f"solved within {found.target.name}")
    return check


def change_lines(puzzle, fixed, found, check, heading: str) -> list[str]:
    """The report of a fix: the squares changed, the new clues of the rows and columns they touch, and the
    picture before (under ``heading``) and after, the changed squares marked."""
    from ..grade import grade_words
    from ..render.board import draw
    from ..squares import FULL
    from ..strip import StripId
    from ..wording import label
    if not found.changes:
        lines = [f"{within(found.target)} {solve_verb(found.target)} it as it is (grade {grade_words(check.grade)}, {check.steps} "
                 "steps; the solution is unique)"]
    else:
        lines = [f"change {changes_words(found.changes)} and {within(found.target)} {solve_verb(found.target)} it "
                 f"(grade {grade_words(check.grade)}, {check.steps} steps; the solution is unique):"]
    for row, column in found.changes:
        was = "full" if found.before.rows[row][column] == FULL else "empty"
        lines.append(f"    row {row + 1}, column {column + 1}: {was} -> {'empty' if was == 'full' else 'full'}")
    touched = sorted({StripId("row", r) for r, _ in found.changes} | {StripId("column", c) for _, c in found.changes},
                     key=lambda strip: (strip.kind != "row", strip.index))
    if touched:
        lines.append("the new clues:")
    for strip in touched:
        old = (puzzle.rows if strip.kind == "row" else puzzle.columns)[strip.index]
        new = (fixed.rows if strip.kind == "row" else fixed.columns)[strip.index]
        lines.append(f"    {label(strip, old)} -> [{' '.join(map(str, new)) or '0'}]")
    lines.append("")
    if found.changes:
        lines.append(heading)
        lines += draw(puzzle, found.before, marked=found.changes).lines
        lines.append("after:")
    lines += draw(fixed, found.after, marked=found.changes).lines
    return lines


def changes_words(changes) -> str:
    """``'1 square'``, ``'3 squares'``."""
    return f"{len(changes)} square{'s' if len(changes) != 1 else ''}"
