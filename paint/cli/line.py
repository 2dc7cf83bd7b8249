"""``paint line``: work one line with the line solvers of Simpson's pages, in his notation."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import signal
import sys

import attrs

from ..errors import PaintError, PuzzleFormatError
from ..files import STDIN_LABEL
from ..formats.linenotation import format_result, parse_clue, parse_line, parse_pair
from ..signals import handling
from ..linesolvers import SOLVERS
from ..render.linetrace import TraceRenderer
from .status import EXIT_CONTRADICTION, EXIT_SOLVED, EXIT_STALLED, help_text
from .common import paragraph, positive


LINE_MAX_TIME = 2.0
"""Seconds each solver may spend on one line in ``paint line`` unless told otherwise."""


LINE_MAX_SQUARES = 100_000
"""The longest line ``paint line`` takes, in squares, however it is given."""

LINE_MAX_MEMORY = 256 * 2 ** 20
"""The most memory, in bytes, one solver may hold for one line in ``paint line`` (256 MiB): a solver whose bound
for the line (:meth:`paint.linesolvers.LineSolver.memory`) is more is not run on it.  ``bits`` reaches it at
about 6,500 blocks on a line of 100,000 squares, ``dp`` at about 16 million squares x blocks; ``complete``,
``fast`` and ``fcomp`` need less than 16 MiB on any line paint line takes."""

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
                 "  hours, so each solver is stopped after --max-time seconds on a line; a solver\n"
                 f"  that would hold more than {_mib(LINE_MAX_MEMORY)} for a line (dp on a long line with many\n"
                 "  blocks, bits on one with thousands) is not run on it\n"
               + "\n" + help_text("line"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    line.add_argument("clue", metavar="CLUE", help="the clue, e.g. 1,5,1 (0 for none), or - to read pairs from standard input")
    line.add_argument("line", metavar="LINE", nargs="?", help="the line, e.g. '>--  #  <'")
    line.add_argument("--solver", choices=[*SOLVERS, "all"], default="all",
                      help="the solver to run (default: all - complete, fast, fcomp, dp and bits, one row each, "
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
                outcomes.append(_work_line(targets, squares, names, arguments, labelled=arguments.solver == "all"))
            except (ValueError, _NotRun) as error:  # a bad pair, or a line no solver asked for could take
                raise PuzzleFormatError(STDIN_LABEL, str(error), line=number) from None
    else:
        if arguments.line is None:
            raise PaintError("line: give CLUE and LINE, or - to read pairs from standard input")
        try:
            targets, squares = parse_clue(arguments.clue), parse_line(arguments.line, LINE_MAX_SQUARES)
            outcomes.append(_work_line(targets, squares, names, arguments, labelled=True))
        except (ValueError, _NotRun) as error:
            raise PaintError(f"line: {error}") from None
    if "none" in outcomes:
        return EXIT_CONTRADICTION
    return EXIT_STALLED if "stopped" in outcomes else EXIT_SOLVED


class _NotRun(Exception):
    """No solver asked for could be run on a line, for lack of memory (the message says why)."""


class _LineLimit(Exception):
    """A line solver used up the time ``paint line`` gives it (raised by the timer's signal)."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Raise :class:`_LineLimit` in the code of the block once ``seconds`` have passed (a real-time timer), and
    again every :data:`_AGAIN` seconds after that: an exception raised where Python ignores it (in a
    garbage-collector callback, which a signal that arrives while memory is collected runs in) would
    otherwise let the block run on for as long as it likes."""
    armed = [True]

    def expire(signum, frame):
        if armed[0]:
            raise _LineLimit

    with handling(expire, (signal.SIGALRM,)):
        signal.setitimer(signal.ITIMER_REAL, min(seconds, 1e6), _AGAIN)  # the timer takes no more than 1e6 s
        try:
            yield
        finally:
            try:
                armed[0] = False
            finally:  # even when the timer went off just as the block ended
                signal.setitimer(signal.ITIMER_REAL, 0)


_AGAIN = 0.05
"""Seconds between the time limit's alarms once it has gone off (:func:`_time_limit`)."""


def _work_line(targets, squares, names, arguments, *, labelled) -> str:
    """Run the solvers ``names`` on one line and print their results.

    Each solver has ``arguments.max_time`` seconds; one that takes longer
    is stopped and said to be.  A solver whose memory bound for the line is
    more than :data:`LINE_MAX_MEMORY` is not run, and one that runs out of
    memory is stopped: either is said in its row, and does not count
    towards the outcome.  Returns ``'none'`` when a solver found that no
    arrangement fits, ``'stopped'`` when every solver that ran was stopped,
    else ``'fits'``.  Raises :class:`_NotRun`, saying why, when no solver
    could be run on the line (no row is printed then).
    """
    rows = []
    for name in names:
        need = SOLVERS[name].memory(targets, len(squares))
        if need > LINE_MAX_MEMORY:
            rows.append((name, _Refused("not run", f"would need {_mib(need)} for a line of {_size(targets, squares)}, "
                                                   f"more than the {_mib(LINE_MAX_MEMORY)} paint line gives a solver")))
            continue
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
        except MemoryError:  # the bound holds, but the machine (or a ulimit) gives less
            rows.append((name, _Refused("stopped", f"ran out of memory on a line of {_size(targets, squares)}")))
            if renderer is not None:
                print("stopped: out of memory")
                print()
            continue
        if renderer is not None:
            _print_lines(renderer.finish())
            print()
        rows.append((name, result))
    refused = [(name, result) for name, result in rows if isinstance(result, _Refused)]
    if len(refused) == len(rows):
        name, result = refused[0]
        raise _NotRun(f"{name} {result.reason}")
    for name, result in rows:
        if isinstance(result, _Refused):
            shown = f"{result.row}: it {result.reason}"
        elif result == "stopped":
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
    return "stopped" if all(result == "stopped" for _, result in rows if not isinstance(result, _Refused)) else "fits"


@attrs.frozen
class _Refused:
    """A solver not run on a line (``row`` ``'not run'``) or stopped without an answer (``'stopped'``) for lack of
    memory, and the ``reason``."""

    row: str
    reason: str


def _size(targets, squares) -> str:
    """The size of a line for a message: ``'100,000 squares and 50,000 blocks'``."""
    n, k = len(squares), len(targets)
    return f"{n:,} square{'s' * (n != 1)} and {k:,} block{'s' * (k != 1)}"


def _mib(size: int) -> str:
    """A number of bytes in MiB, for a message: ``'256 MiB'``, ``'0.5 MiB'``."""
    return f"{size / 2 ** 20:,.{0 if size >= 10 * 2 ** 20 else 1}f} MiB"


def _print_lines(lines) -> None:
    for line in lines:
        print(line)
