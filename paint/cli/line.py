"""``paint line``: work one line with the line solvers of Simpson's pages, in his notation."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import signal
import sys


from ..errors import PaintError, PuzzleFormatError
from ..files import STDIN_LABEL
from ..formats.linenotation import format_result, parse_clue, parse_line, parse_pair
from ..linesolvers import SOLVERS
from ..render.linetrace import TraceRenderer
from .status import EXIT_CONTRADICTION, EXIT_SOLVED, EXIT_STALLED, help_text
from .common import paragraph, positive


LINE_MAX_TIME = 2.0
"""Seconds each solver may spend on one line in ``paint line`` unless told otherwise."""


LINE_MAX_SQUARES = 100_000
"""The longest line ``paint line`` takes, in squares, however it is given."""

LINE_MAX_INPUT = 2 * LINE_MAX_SQUARES + 1000
"""The longest line of standard input ``paint line -`` reads, in characters: room for a line of
:data:`LINE_MAX_SQUARES` squares and the longest clue that can fit it (50,000 blocks of 1, ``1,1,...``),
with spaces to spare."""


def add_parser(commands, names) -> None:
    """Add the ``line`` sub-command to ``commands``."""
    line = commands.add_parser(
        "line", help="solve one line with the line solvers of Simpson's pages",
        description=paragraph(
            "Work one line (a row or column on its own) with the line solvers and print what "
            "each settles, in Simpson's notation: CLUE is the block sizes separated by commas "
            "(0 for none), LINE the squares between '>' and '<' (the delimiters may be left "
            "off): '-' empty, '#' full, space blank.  In the result '+' is a square that can "
            "still be either.  With CLUE '-', read one 'CLUE LINE' pair per line of standard "
            "input and print one result per line ('no solution' when no arrangement fits).")
        + "\n\nexamples:\n  paint line 1,5,1,1,1 '>-----           -#----#        --  #<'\n"
          "  paint line --solver fcomp -- 2 '--  '     (a line starting with '-' needs '>' or '--')\n"
          "  printf '3 >    <\\n' | paint line --solver fcomp -",
        epilog="solvers:\n" + "".join(f"  {s.name:9} {s.source}{'' if s.exact else ' (not exact)'}\n"
                                      for s in SOLVERS.values())
               + "  complete tries every arrangement: on a long line with many blocks it would take\n"
                 "  hours, so each solver is stopped after --max-time seconds on a line\n"
               + "\n" + help_text("line"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    line.add_argument("clue", metavar="CLUE", help="the clue, e.g. 1,5,1 (0 for none), or - to read pairs from standard input")
    line.add_argument("line", metavar="LINE", nargs="?", help="the line, e.g. '>--  #  <'")
    line.add_argument("--solver", choices=[*SOLVERS, "all"], default="all",
                      help="the solver to run (default: all - complete, fast, fcomp and dp, one row each, "
                           "as in Simpson's table)")
    line.add_argument("--max-time", type=positive(float), default=LINE_MAX_TIME, metavar="SECONDS",
                      help="stop a solver that takes more than SECONDS on one line, saying so "
                           "(default: %(default)g)")
    line.add_argument("--trace", action="store_true",
                      help="print each solver's working before its result (seed 000 and 001's traces)")


def run(arguments) -> int:
    if sys.stdout is None:
        raise PaintError("cannot print the results: standard output is closed")
    names = list(SOLVERS) if arguments.solver == "all" else [arguments.solver]
    if arguments.clue == "-" and arguments.line is not None:
        raise PaintError("line: CLUE '-' reads CLUE LINE pairs from standard input and takes no LINE")
    outcomes = []
    if arguments.clue == "-":
        for number in itertools.count(1):
            text = sys.stdin.readline(LINE_MAX_INPUT + 1)
            if not text:
                break
            if len(text) > LINE_MAX_INPUT and not text.endswith("\n"):
                raise PuzzleFormatError(STDIN_LABEL, f"the input line is longer than {LINE_MAX_INPUT:,} characters, more "
                                                     f"than a clue and a line of {LINE_MAX_SQUARES:,} squares take",
                                        line=number)
            text = text.rstrip("\r\n")
            if number == 1:
                text = text.removeprefix("\ufeff")
            if not text.strip():
                print()
                continue
            try:
                targets, squares = parse_pair(text, LINE_MAX_SQUARES)
            except ValueError as error:
                raise PuzzleFormatError(STDIN_LABEL, str(error), line=number) from None
            outcomes.append(_work_line(targets, squares, names, arguments, labelled=arguments.solver == "all"))
    else:
        if arguments.line is None:
            raise PaintError("line: give CLUE and LINE, or - to read pairs from standard input")
        try:
            targets, squares = parse_clue(arguments.clue), parse_line(arguments.line, LINE_MAX_SQUARES)
        except ValueError as error:
            raise PaintError(f"line: {error}") from None
        outcomes.append(_work_line(targets, squares, names, arguments, labelled=True))
    if "none" in outcomes:
        return EXIT_CONTRADICTION
    return EXIT_STALLED if "stopped" in outcomes else EXIT_SOLVED


class _LineLimit(Exception):
    """A line solver used up the time ``paint line`` gives it (raised by the timer's signal)."""


@contextlib.contextmanager


def _time_limit(seconds: float):
    """Raise :class:`_LineLimit` in the code of the block once ``seconds`` have passed (a real-time timer)."""
    def expire(signum, frame):
        raise _LineLimit

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, min(seconds, 1e6))  # the timer takes no more than this
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _work_line(targets, squares, names, arguments, *, labelled) -> str:
    """Run the solvers ``names`` on one line and print their results.

    Each solver has ``arguments.max_time`` seconds; one that takes longer
    is stopped and said to be.  Returns ``'none'`` when a solver found that
    no arrangement fits, ``'stopped'`` when every solver was stopped, else
    ``'fits'``.
    """
    rows = []
    for name in names:
        renderer = TraceRenderer(name, targets, squares) if arguments.trace else None
        if renderer is not None:
            print(f"{name} trace:")
            _print_lines(renderer.start())
        try:
            with _time_limit(arguments.max_time):
                if renderer is None:
                    result = SOLVERS[name].solve(targets, squares)
                else:
                    result = SOLVERS[name].solve(targets, squares, lambda event: _print_lines(renderer.event(event)))
        except _LineLimit:
            rows.append((name, "stopped"))
            if renderer is not None:
                print(f"stopped after {arguments.max_time:g} s")
                print()
            continue
        if renderer is not None:
            _print_lines(renderer.finish())
            print()
        rows.append((name, result))
    for name, result in rows:
        if result == "stopped":
            why = ("the line has more arrangements than it could try" if name == "complete"
                   else "the line is too long to finish in that time")
            shown = f"stopped after {arguments.max_time:g} s: {why} (--max-time gives it longer)"
        else:
            shown = format_result(result) if result is not None else "no solution"
        if labelled:
            print(f"{name:>10}{shown}" if isinstance(result, bytes) else f"{name:>10} {shown}")
        else:
            print(shown if isinstance(result, bytes) or result is None else f"{name} {shown}")
    sys.stdout.flush()
    if any(result is None for _, result in rows):
        return "none"
    return "stopped" if all(result == "stopped" for _, result in rows) else "fits"


def _print_lines(lines) -> None:
    for line in lines:
        print(line)
