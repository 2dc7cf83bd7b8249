"""``paint hint``: the mistakes in a person's grid, else the next step only (:mod:`paint.hint`)."""

from __future__ import annotations

import argparse
import json
import signal
import sys

from ..errors import PaintError
from ..files import STDIN
from ..options import SolveOptions
from ..signals import handling
from ..render.hint import LEVELS, hint_lines
from .status import EXIT_BY_HINT, help_text
from .common import (add_grid, add_limits, add_puzzle_number, add_width, chosen_puzzles, grid_for, paragraph,
                     status_line)


def add_parser(commands, names) -> None:
    """Add the ``hint`` sub-command to ``commands``."""
    hint = commands.add_parser(
        "hint", help="from a partly filled grid: the mistakes in it, else the next step only",
        description=paragraph(
            "Give the next step from where you are, and nothing more of the solution.  First the "
            "mistakes: the squares of your grid (--grid FILE, or the given squares of a .pro "
            "puzzle) that no solution has.  With none, the next step: the cheapest rule that makes "
            "progress, on one row or column, with its reason as 'paint solve' words it (when line "
            "logic is stuck, the next probe or search step).  --level 1 says only where to look, "
            "2 adds the rule and technique, 3 (the default) the squares and the whole reason."),
        epilog=help_text("hint")
               + "\ngrid files: one line per row, X or # full, . or - empty, ?, _ or space blank;\n"
               "  a line may stop at its last known square\n"
               "\nexamples:\n"
               "  paint hint puzzles/dancer.pro --grid mine.txt\n"
               "  paint hint puzzles/dancer.pro --grid mine.txt --level 1 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    hint.add_argument("puzzle", metavar="PUZZLE", help="the puzzle file, or a Pattern game ID")
    add_puzzle_number(hint, "give a hint for")
    add_grid(hint, "your grid so far")
    hint.add_argument("--level", type=int, choices=LEVELS, default=3,
                      help="how much to say: 1 where to look, 2 also the rule, 3 the whole step (default)")
    hint.add_argument("--json", action="store_true", help="print the hint as a JSON document")
    add_width(hint)
    add_limits(hint, "hint")


def run(arguments) -> int:
    """``paint hint``: the mistakes in the grid, else the next step (see :mod:`paint.hint`)."""
    if sys.stdout is None:
        raise PaintError("cannot print the hint: standard output is closed")
    (_, puzzle), = chosen_puzzles(arguments, lay_grid=False)  # the puzzle's own given squares stay the puzzle's
    grid = grid_for(puzzle, arguments.grid, arguments.puzzle == STDIN)
    interrupted = []

    def on_interrupt(signum, frame):  # a solve turns Ctrl-C into 'limit': remember it was Ctrl-C
        interrupted.append(signum)
        raise KeyboardInterrupt

    from ..hint import hint as hint_for  # only the hint command loads it
    from ..render.hint import progress_line
    # on standard error, when a terminal: the hint is printed once it is gone
    status = status_line(None, lambda progress: progress_line(progress, arguments.max_time))
    try:
        with handling(on_interrupt, (signal.SIGINT,)):
            found = hint_for(puzzle, grid, SolveOptions(max_time=arguments.max_time),
                             on_progress=status and status.update)
    finally:
        if status is not None:
            status.stop()
    if interrupted:
        raise KeyboardInterrupt
    if arguments.json:
        print(json.dumps(found.to_document(arguments.level, arguments.width), ensure_ascii=False, indent=1))
    else:
        print("\n".join(hint_lines(found, level=arguments.level, width=arguments.width)))
    return EXIT_BY_HINT[found.status]
