"""The ``paint`` command: solve a puzzle and explain it, or convert between puzzle formats.

Exit status: 0 solved (or converted), 1 no solution (the clues contradict),
2 bad input or usage, 3 stalled (search is needed), 130 interrupted, 141
when the reader of the output went away.  Bad input is reported in one line
on stderr, ``paint: <message>``, never with a traceback.

>>> build_parser().parse_args(['solve', 'dancer.pro', '--no-grids']).grids
False
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap

from rich.console import Console

from . import formats, load, solve
from .errors import PaintError
from .files import check_destination, write_atomically
from .render.terminal import TerminalWriter
from .render.text import TextWriter, ending_parts, header_parts, render_text, step_part

EXIT_SOLVED = 0
EXIT_CONTRADICTION = 1
EXIT_BAD_INPUT = 2
EXIT_STALLED = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

EXIT_BY_STATUS = {"solved": EXIT_SOLVED, "contradiction": EXIT_CONTRADICTION, "stalled": EXIT_STALLED}
"""The exit status for each :attr:`paint.result.Result.status`."""

EXIT_STATUS_HELP = """\
exit status:
  0    solved (convert: written)
  1    no solution: the clues contradict
  2    bad input or usage (the message names the file and line)
  3    stalled: the rules found no more squares; search is needed
  130  interrupted
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``paint`` and its sub-commands ``solve`` and ``convert``."""
    names = ", ".join(formats.FORMATS)
    parser = argparse.ArgumentParser(
        prog="paint",
        description="Solve nonograms (Paint by Numbers) and explain every step, after T. Kramer.",
        epilog=EXIT_STATUS_HELP + f"\npuzzle formats: {names}\n"
               "Run 'paint solve --help' or 'paint convert --help' for each command.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    solve = commands.add_parser(
        "solve", help="solve a puzzle and print the explanation",
        description=_paragraph(
            "Solve PUZZLE with Kramer's rules and print the explanation: one numbered line per "
            "step (the rule and the squares it marked), each followed by the grid as it then "
            "is, then the answer (or why the solve stopped) and a summary.  On a terminal the "
            "squares each step marked are highlighted; otherwise the output is plain text."),
        epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("puzzle", metavar="PUZZLE",
                       help=f"the puzzle file; its format is found from its name and content ({names})")
    solve.add_argument("--no-grids", dest="grids", action="store_false",
                       help="leave out the picture of the grid after each step (the answer is still shown)")
    solve.add_argument("--detail", action="store_true",
                       help="under each step, one line per strip saying why, in the rule's own terms")
    solve.add_argument("-o", "--output", metavar="FILE",
                       help="write the explanation (plain text, no colour) or the JSON to FILE instead "
                            "of printing it; FILE is replaced atomically and may not be the puzzle file")
    solve.add_argument("--json", action="store_true",
                       help="print the result as a JSON document (puzzle, status, steps with their "
                            "marks and reasons, grid, contradiction) instead of the explanation")
    solve.add_argument("--width", type=_width, default=100, metavar="N",
                       help="wrap explanation lines at N characters (default: %(default)s)")

    convert = commands.add_parser(
        "convert", help="convert a puzzle file to another format",
        description=_paragraph(
            "Read puzzle IN and write it to OUT in another format, keeping its clues and, where "
            "the format has room for them, its title, author, copyright and licence (.nin keeps "
            "the clues only)."),
        epilog="exit status: 0 written, 2 bad input or usage\n"
               f"\nformats: {names}",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    convert.add_argument("source", metavar="IN", help="the puzzle file to read")
    convert.add_argument("destination", metavar="OUT",
                         help="the file to write (replaced atomically; never the input file)")
    convert.add_argument("--to", dest="format", metavar="FORMAT", choices=list(formats.FORMATS),
                         help=f"the format to write ({names}); default: found from OUT's extension")
    return parser


def _paragraph(text: str) -> str:
    return textwrap.fill(text, width=78)


def _width(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 20:
        raise argparse.ArgumentTypeError(f"must be at least 20, not {value}")
    return value


def main(argv=None) -> int:
    """Run ``paint`` with ``argv`` (default: the command line) and return the exit status.

    Status 0 solved, 1 contradiction, 2 bad input or usage, 3 stalled, 130
    interrupted (see :data:`EXIT_STATUS_HELP`).  Errors are one line on
    stderr: ``paint: <message>``.
    """
    try:
        arguments = build_parser().parse_args(argv)
        if arguments.command == "solve":
            return _solve(arguments)
        return _convert(arguments)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _complain("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``paint solve x | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except PaintError as error:
        _complain(str(error))
        return EXIT_BAD_INPUT
    except OSError as error:
        _complain(_os_message(error))
        return EXIT_BAD_INPUT


def _solve(arguments) -> int:
    if arguments.output:
        check_destination(arguments.output, protect=(arguments.puzzle,))  # before a long solve
    puzzle = load(arguments.puzzle)
    if arguments.json or arguments.output:
        result = solve(puzzle)
        if arguments.json:
            text = result.to_json(indent=2) + "\n"
        else:
            text = render_text(result, grids=arguments.grids, detail=arguments.detail,
                               width=arguments.width)
        if arguments.output:
            write_atomically(arguments.output, text, protect=(arguments.puzzle,))
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
        return EXIT_BY_STATUS[result.status]

    # Print the explanation as the solve runs, so a long solve shows progress.
    console = Console(highlight=False)
    if console.is_terminal:
        writer = TerminalWriter(console)
        width = min(arguments.width, max(console.width, 40))
    else:
        writer = TextWriter(sys.stdout)
        width = arguments.width
    def on_step(step, grid):
        writer.write(step_part(puzzle, step, grid if arguments.grids else None,
                               detail=arguments.detail, width=width))

    for part in header_parts(puzzle, grids=arguments.grids):
        writer.write(part)
    result = solve(puzzle, on_step=on_step)
    for part in ending_parts(result, grids=arguments.grids, width=width):
        writer.write(part)
    return EXIT_BY_STATUS[result.status]


def _convert(arguments) -> int:
    formats.convert(arguments.source, arguments.destination, format=arguments.format)
    return EXIT_SOLVED


def _os_message(error: OSError) -> str:
    where = error.filename if error.filename is not None else ""
    reason = error.strerror or str(error)
    return f"{where}: {reason}" if where else reason


def _complain(message: str) -> None:
    print(f"paint: {message}", file=sys.stderr)
