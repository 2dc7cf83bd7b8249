"""The ``paint`` command: solve a puzzle and explain it, check a batch for an editor, convert formats, or solve one line.

Exit status: 0 solved, with the solution proven unique (or converted), 1
no solution (the clues contradict, or ``paint line``: no arrangement fits a
line), 2 bad input or usage, 3 stalled (``--no-search``) or stopped by a
limit, 4 several solutions, 130 interrupted outside a search, 141 when the
reader of the output went away.  ``paint check``: 0 every puzzle passes, 1
some puzzle does not, 2 a file could not be read, 130 interrupted.  Bad
input is reported in one line on stderr, ``paint: <message>``, never with a
traceback.

>>> build_parser().parse_args(['solve', 'dancer.pro', '--no-grids']).grids
False
"""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import math
import os
import re
import signal
import stat
import sys
import textwrap
import threading
import time

import attrs
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from . import formats, solve
from .batch import EXTENSIONS, check_batch, expand, find_puzzles
from .check import DEFAULT_MAX_TIME, CheckOptions, printable
from .options import SolveOptions
from .solver import with_given
from .squares import starting_grid
from .errors import PaintError, PuzzleFormatError
from .formats.grid import load_grid
from .formats.linenotation import format_result, parse_clue, parse_line, parse_pair
from .linesolvers import SOLVERS
from .files import STDIN, STDIN_LABEL, ChunkedWriter, check_destination, descriptor_of, output_file, write_atomically
from .render.check import render_report
from .render.document import DocumentWriter
from .render.html import HtmlWriter
from .render.svg import SVG_DECLARATION, svg_markup
from .render.terminal import StatusLine, TerminalWriter
from .render.linetrace import TraceRenderer
from .render.text import Rounds, TextWriter, ending_parts, header_parts, picture, step_part

EXIT_SOLVED = 0
EXIT_CONTRADICTION = 1
EXIT_BAD_INPUT = 2
EXIT_STALLED = 3
EXIT_MULTIPLE = 4
EXIT_MISTAKES = 5
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

EXIT_BY_STATUS = {"solved": EXIT_SOLVED, "contradiction": EXIT_CONTRADICTION, "stalled": EXIT_STALLED,
                  "limit": EXIT_STALLED, "multiple": EXIT_MULTIPLE}
"""The exit status for each :attr:`paint.result.Result.status`."""

EXIT_STATUS_HELP = """\
exit status:
  0    solved, and the solution is the only one (convert: written)
  1    no solution: the clues contradict
  2    bad input or usage (the message names the file and line)
  3    stalled (--no-search) or stopped by --max-time, --max-branches or Ctrl-C
  4    several solutions: one is shown, with the squares where two differ
  130  interrupted by Ctrl-C outside a solve, or during solve --all
  143  stopped by SIGTERM (129: SIGHUP); what the solve did is still written
  141  the reader of the output went away (paint solve ... | head)
"""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, ``paint: <problem> (see 'paint solve --help')``, exit 2.

    ``words`` are the command line's words, so that a file name or game ID
    starting with ``-`` (which argparse takes for an option) can be named
    in the message.
    """

    words: list[str] = []

    def error(self, message: str):
        hint = ""
        for word in self.words:
            if word.startswith("-") and (re.match(r"-+[0-9]+x[0-9]+", word) or os.path.lexists(word)):
                hint = (f"; {word!r} was read as an option: to give a file or game ID that starts "
                        f"with '-', put -- before it (paint solve -- {word})")
                break
        self.exit(EXIT_BAD_INPUT, f"paint: {message}{hint} (see '{self.prog} --help')\n")


class _Version(argparse.Action):
    """``--version``: print paint's version (read from the installed package only when asked)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"paint {version()}")
        parser.exit()


def version() -> str:
    """The installed version of paint (``'unknown'`` when it is run from a folder that was never installed)."""
    from importlib import metadata
    try:
        return metadata.version("paint")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``paint`` and its sub-commands ``solve``, ``check``, ``convert`` and ``line``."""
    names = ", ".join(formats.FORMATS)
    parser = _Parser(
        prog="paint",
        description="Solve nonograms (Paint by Numbers) and explain every step, after T. Kramer.",
        epilog=EXIT_STATUS_HELP.replace("exit status:", "exit status of solve (check has its own: see 'paint check --help'):")
               + f"\npuzzle formats: {names}\n"
               "Run 'paint COMMAND --help' (solve, check, convert, line) for each command.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version, help="print paint's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    solve = commands.add_parser(
        "solve", help="solve a puzzle and print the explanation",
        description=_paragraph(
            "Solve PUZZLE with Kramer's rules and print the explanation: one numbered step per "
            "rule applied to one row or column (the rule, the clue and the squares it marked), "
            "with the reasons under it - where each block can lie and which known squares "
            "limit it - so each step can be checked against the grid just before it; the grid "
            "after each round of rules; then the answer (or why the solve stopped) and a "
            "summary.  When the rules "
            "stall, breadth-first search places blocks until one place is left, or shows that "
            "the puzzle has several solutions; a solution found is proven to be the only one.  "
            "On a terminal the squares each step marked are highlighted; otherwise the output "
            "is plain text."),
        epilog=EXIT_STATUS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("puzzle", metavar="PUZZLE",
                       help=f"the puzzle file; its format is found from its name and content ({names}); "
                            "or a Simon Tatham Pattern game ID, like 10x10:2/3.1/...")
    which = solve.add_mutually_exclusive_group()
    which.add_argument("--puzzle", dest="number", type=_positive(int), metavar="N",
                       help="solve puzzle N (counting from 1) of a file that holds many")
    which.add_argument("--all", action="store_true",
                       help="solve every puzzle of a file that holds many, one after another")
    solve.add_argument("--grid", metavar="FILE",
                       help="start from the squares of a grid file (one line per row: X or # full, . or - empty, "
                            "?, _ or space blank; short lines end in blanks; - is standard input): the "
                            "explanation goes on from there")
    solve.add_argument("--no-grids", dest="grids", action="store_false",
                       help="leave out the picture of the grid after each round of steps (the answer is still shown)")
    shown = solve.add_mutually_exclusive_group()
    shown.add_argument("--brief", action="store_true",
                       help="print only each step's line, without the reasons under it")
    shown.add_argument("--detail", action="store_true",
                       help="also show, under a probe, each link's rule, generation and reason, and under a "
                            "search step each place tried with the branch's own steps")
    solve.add_argument("--steps", choices=("strip", "rule"), default="strip",
                       help="what one step holds: 'strip' (the default), one rule applied to one row or "
                            "column, checkable against the grid just before it; 'rule', one rule applied to "
                            "every row and column that changed (Kramer's grouping)")
    solve.add_argument("-o", "--output", metavar="FILE", type=_file,
                       help="write the explanation (plain text, no colour) or the JSON to FILE instead "
                            "of printing it; FILE is replaced atomically and may not be the puzzle file "
                            "(- is standard output)")
    solve.add_argument("--json", action="store_true",
                       help="print the result as a JSON document (puzzle, status, steps with their "
                            "marks and reasons, grid, contradiction) instead of the explanation "
                            "(with --all, a list of them)")
    solve.add_argument("--svg", metavar="FILE", type=_file,
                       help="also write a picture of the solved grid with its clues to FILE, as SVG")
    solve.add_argument("--html", metavar="FILE", type=_file,
                       help="also write the whole explanation to FILE as one HTML page (the steps and "
                            "their reasons, the grid after each round with the squares it marked "
                            "highlighted), readable offline")
    solve.add_argument("--width", type=_width, default=100, metavar="N",
                       help="wrap explanation lines at N characters (default: %(default)s)")
    solve.add_argument("--no-search", dest="search", action="store_false",
                       help="run the rules only; stop with 'stalled' where search would begin")
    solve.add_argument("--max-time", type=_positive(float), metavar="SECONDS",
                       help="stop after SECONDS of solving (rules, probes or search), with status 'limit' "
                            "and the grid as far as it got (Ctrl-C does the same)")
    solve.add_argument("--max-branches", type=_positive(int), metavar="N",
                       help="stop searching after working N branches, with status 'limit'")

    convert = commands.add_parser(
        "convert", help="convert a puzzle file to another format",
        description=_paragraph(
            "Read the puzzles of IN and write them to OUT in another format, keeping their clues "
            "and, where the format has room for them, their title, author, copyright, licence, "
            "catalogue number, goal and other metadata; what the format cannot keep is named on "
            "stderr.  A file of many puzzles (nonpack, webpbn, taai) converts whole to a format "
            "that holds many, or one puzzle at a time with --puzzle."),
        epilog="exit status: 0 written, 2 bad input or usage\n"
               f"\nformats: {names}\n"
               "  (also by extension: xml for webpbn, g for olsak)\n"
               "\nexamples:\n"
               "  paint convert dancer.pro dancer.non\n"
               "  paint convert questions.txt q17.xml --puzzle 17\n"
               "  paint convert dancer.pro - --to tatham      (print the Pattern game ID)",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    convert.add_argument("source", metavar="IN", help="the puzzle file to read, or a Pattern game ID")
    convert.add_argument("destination", metavar="OUT", type=_file,
                         help="the file to write (replaced atomically; never the input file), or - for "
                              "standard output")
    convert.add_argument("--to", dest="format", metavar="FORMAT", type=_format,
                         help=f"the format to write ({names}); default: found from OUT's extension")
    convert.add_argument("--puzzle", dest="number", type=_positive(int), metavar="N",
                         help="convert only puzzle N (counting from 1) of a file that holds many")

    check = commands.add_parser(
        "check", help="check a batch of puzzles: one solution, and solvable without guessing?",
        description=_paragraph(
            "Check every puzzle in the files and folders given (folders are searched for "
            f"{', '.join(EXTENSIONS)} files; a file of many puzzles is walked, each puzzle "
            "reported as FILE#N) the way a puzzle editor would, and give each one "
            "verdict: ok (line logic alone finishes it, so its solution is the only one), "
            "needs-probes (one solution, but the edge or corner probes are needed), "
            "needs-search (one solution, but only search finishes it), multiple (more than one "
            "solution), no-solution, error (the file cannot be read) or limit (stopped by "
            "--max-time or --max-branches).  Several puzzles are reported in a table, with a "
            "progress bar on a terminal while they are checked, then a one-line summary."),
        epilog="exit status:\n"
               "  0    every puzzle is ok (or needs-probes, with --allow-probes)\n"
               "  1    some puzzle is not\n"
               "  2    some file could not be read (the others are still checked), or bad usage\n"
               "  130  interrupted by Ctrl-C (the puzzles checked so far are reported);\n"
               "       143 and 129 for SIGTERM and SIGHUP, which stop it the same way",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("paths", metavar="PATH", nargs="+",
                       help="a puzzle file, a folder to search, or a Pattern game ID")
    check.add_argument("--allow-probes", action="store_true",
                       help="count needs-probes puzzles as passing (exit status 0)")
    shown = check.add_mutually_exclusive_group()
    shown.add_argument("--show", action="store_true",
                       help="draw the grid where line logic stalls for needs-search (and needs-probes) "
                            "puzzles, and the two solutions, differing squares highlighted, for multiple")
    shown.add_argument("--json", action="store_true",
                       help="print a JSON list with one object per puzzle instead of the table")
    check.add_argument("-o", "--output", metavar="FILE", type=_file,
                       help="write the report (plain text, or the JSON) to FILE instead of printing it; "
                            "FILE is replaced atomically and may not be one of the puzzles")
    check.add_argument("--jobs", type=_positive(int), default=_cores(), metavar="N",
                       help="check N puzzles at a time, in parallel processes (default: the number "
                            "of cores, %(default)s)")
    check.add_argument("--max-time", type=_positive(float), default=DEFAULT_MAX_TIME, metavar="SECONDS",
                       help="give up on a puzzle after SECONDS of solving, with verdict limit "
                            "(default: %(default)g)")
    check.add_argument("--max-branches", type=_positive(int), metavar="N",
                       help="give up on a puzzle after N search branches, with verdict limit")

    line = commands.add_parser(
        "line", help="solve one line with the line solvers of Simpson's pages",
        description=_paragraph(
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
               + "\nexit status: 0 every line has an arrangement, 1 some line has none, "
                 "2 bad input or usage,\n  3 every solver was stopped by --max-time on some line",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    line.add_argument("clue", metavar="CLUE", help="the clue, e.g. 1,5,1 (0 for none), or - to read pairs from standard input")
    line.add_argument("line", metavar="LINE", nargs="?", help="the line, e.g. '>--  #  <'")
    line.add_argument("--solver", choices=[*SOLVERS, "all"], default="all",
                      help="the solver to run (default: all - complete, fast, fcomp and dp, one row each, "
                           "as in Simpson's table)")
    line.add_argument("--max-time", type=_positive(float), default=LINE_MAX_TIME, metavar="SECONDS",
                      help="stop a solver that takes more than SECONDS on one line, saying so "
                           "(default: %(default)g)")
    line.add_argument("--trace", action="store_true",
                      help="print each solver's working before its result (seed 000 and 001's traces)")

    hint = commands.add_parser(
        "hint", help="from a partly filled grid: the mistakes in it, else the next step only",
        description=_paragraph(
            "Give the next step from where you are, and nothing more of the solution.  First the "
            "mistakes: the squares of your grid (--grid FILE, or the given squares of a .pro "
            "puzzle) that no solution has.  With none, the next step: the cheapest rule that makes "
            "progress, on one row or column, with its reason as 'paint solve' words it (when line "
            "logic is stuck, the next probe or search step).  --level 1 says only where to look, "
            "2 adds the rule and technique, 3 (the default) the squares and the whole reason."),
        epilog="exit status: 0 a hint was given, or the grid is solved; 1 the puzzle has no solution;\n"
               "  2 bad input or usage; 3 stopped by --max-time before paint could tell; 5 your grid has\n"
               "  mistakes (listed)\n"
               "\ngrid files: one line per row, X or # full, . or - empty, ?, _ or space blank;\n"
               "  a line may stop at its last known square\n"
               "\nexamples:\n"
               "  paint hint puzzles/dancer.pro --grid mine.txt\n"
               "  paint hint puzzles/dancer.pro --grid mine.txt --level 1 --json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    hint.add_argument("puzzle", metavar="PUZZLE", help="the puzzle file, or a Pattern game ID")
    hint.add_argument("--puzzle", dest="number", type=_positive(int), metavar="N",
                      help="puzzle N (counting from 1) of a file that holds many")
    hint.add_argument("--grid", metavar="FILE", help="your grid so far (- is standard input)")
    hint.add_argument("--level", type=int, choices=(1, 2, 3), default=3,
                      help="how much to say: 1 where to look, 2 also the rule, 3 the whole step (default)")
    hint.add_argument("--json", action="store_true", help="print the hint as a JSON document")
    hint.add_argument("--width", type=_width, default=100, metavar="N",
                      help="wrap lines at N characters (default: %(default)s)")
    hint.add_argument("--max-time", type=_positive(float), default=HINT_MAX_TIME, metavar="SECONDS",
                      help="give up after SECONDS of each solve behind the hint (default: %(default)g)")
    return parser


HINT_MAX_TIME = 20.0
"""How long each solve behind a hint may take by default, in seconds."""

EXIT_BY_HINT = {"step": EXIT_SOLVED, "solved": EXIT_SOLVED, "no-solution": EXIT_CONTRADICTION,
                "limit": EXIT_STALLED, "mistakes": EXIT_MISTAKES}
"""The exit status of ``paint hint`` for each :attr:`paint.hint.Hint.status`."""


def _hint(arguments) -> int:
    """``paint hint``: the mistakes in the grid, else the next step (see :mod:`paint.hint`)."""
    from .hint import hint
    from .render.hint import hint_lines
    if sys.stdout is None:
        raise PaintError("cannot print the hint: standard output is closed")
    (_, puzzle), = _puzzles_to_solve(arguments)
    grid = starting_grid(puzzle) if puzzle.given is not None else None
    plain = attrs.evolve(puzzle, given=None)
    found = hint(plain, grid, SolveOptions(max_time=arguments.max_time))
    if arguments.json:
        print(json.dumps(found.to_document(arguments.level), ensure_ascii=False, indent=1))
    else:
        print("\n".join(hint_lines(found, level=arguments.level, width=arguments.width)))
    return EXIT_BY_HINT[found.status]


def _format(text: str) -> str:
    """An argparse type: a format name, alias or extension, as its name in FORMATS."""
    try:
        return formats.format_name(text)
    except PaintError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _paragraph(text: str) -> str:
    return textwrap.fill(text, width=78)


def _positive(kind):
    """An argparse type: a finite number of ``kind`` (int or float) greater than 0."""
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, not {text}")
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
        return value
    return convert


def _file(text: str) -> str:
    """An argparse type: a file name, not empty."""
    if text == "":
        raise argparse.ArgumentTypeError("cannot write to a file with no name ('')")
    return text


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

    Status 0 solved (unique), 1 contradiction, 2 bad input or usage, 3
    stalled or limit, 4 several solutions, 130 interrupted (see
    :data:`EXIT_STATUS_HELP`).  Errors are one line on
    stderr: ``paint: <message>``.
    """
    previous = {number: signal.signal(number, _terminate) for number in _TERMINATE}
    try:
        _Parser.words = list(sys.argv[1:] if argv is None else argv)
        arguments = build_parser().parse_args(argv)
        if arguments.command == "solve":
            return _solve(arguments)
        if arguments.command == "hint":
            return _hint(arguments)
        if arguments.command == "line":
            if sys.stdout is None:
                raise PaintError("cannot print the results: standard output is closed")
            return _line(arguments)
        if arguments.command == "check":
            if _writes_stdout(arguments.output):
                raise PaintError("cannot print the report: standard output is closed (use -o FILE)")
            return _check(arguments)
        if _writes_stdout(None if arguments.destination == "-" else arguments.destination):
            raise PaintError("cannot write to standard output: it is closed")
        return _convert(arguments)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _complain("interrupted")
        return EXIT_INTERRUPTED
    except _Terminated as terminated:
        _complain(f"stopped by {signal.Signals(terminated.signum).name}")
        return 128 + terminated.signum
    except BrokenPipeError:
        # The reader went away (``paint solve x | head``): stop quietly.
        if sys.stdout is not None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            with contextlib.suppress(OSError, ValueError):
                os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except PaintError as error:
        _complain(str(error))
        return EXIT_BAD_INPUT
    except OSError as error:
        _complain(_os_message(error))
        return EXIT_BAD_INPUT
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


class _Terminated(BaseException):
    """SIGTERM or SIGHUP outside a solve: unwinds like Ctrl-C, so files being written are cleaned up."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


_TERMINATE = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _terminate(signum, frame):
    raise _Terminated(signum)


def _solve(arguments) -> int:
    if arguments.output == "-":
        arguments.output = None  # standard output, as without -o
    for option, path in (("--svg", arguments.svg), ("--html", arguments.html)):
        if path == "-":
            raise PaintError(f"{option} -: give a file name (standard output carries the explanation)")
    protect = (arguments.puzzle,)
    destinations = [path for path in (arguments.output, arguments.svg, arguments.html) if path]
    for path in destinations:  # before a long solve
        check_destination(path, protect=protect)
    files = [os.path.realpath(path) for path in destinations if _regular_or_new(path)]
    if len(set(files)) < len(files):
        raise PaintError("-o, --svg and --html must name different files")
    if arguments.all and arguments.grid is not None:
        raise PaintError("--grid gives the squares of one puzzle: choose it with --puzzle N instead of --all")
    puzzles = _puzzles_to_solve(arguments)
    if len(puzzles) > 1 and (arguments.svg or arguments.html):
        raise PaintError("--svg and --html picture one puzzle: choose it with --puzzle N")
    if _writes_stdout(arguments.output):
        raise PaintError("cannot write the explanation: standard output is closed (use -o FILE)")
    for option, path in (("--svg", arguments.svg), ("--html", arguments.html)):
        if path and descriptor_of(path) == 1 and not arguments.output:
            raise PaintError(f"{option} {path}: standard output carries the explanation; give another file, or "
                             "send the explanation elsewhere with -o")
    options = SolveOptions(search=arguments.search, max_time=arguments.max_time,
                           max_branches=arguments.max_branches, branch_steps=arguments.detail,
                           steps=arguments.steps)
    results: list = []
    stop = _Stop()
    with stop, contextlib.ExitStack() as outputs:
        stream = outputs.enter_context(output_file(arguments.output, protect=protect)) if arguments.output else None
        page = None
        if arguments.html:
            page = HtmlWriter(outputs.enter_context(output_file(arguments.html, protect=protect)),
                              width=arguments.width)
        _solve_each(puzzles, options, arguments, stream, page, results, stop)
        if results and (arguments.svg or page is not None):
            # the final grid, drawn once for both pictures
            picture = svg_markup(results[0].puzzle, results[0].grid)
            if arguments.svg:
                with output_file(arguments.svg, protect=protect) as file:
                    file.write(SVG_DECLARATION + picture)
            if page is not None:
                page.end(results[0], picture)
    if stop.received is not None:
        name = "interrupted" if stop.received == signal.SIGINT else f"stopped by {signal.Signals(stop.received).name}"
        if stop.received == signal.SIGINT and len(puzzles) == 1:
            _complain(f"{name}: the solve stopped with status limit; what was done is reported")
            return _worst(result.status for result in results)
        _complain(f"{name} in puzzle {len(results)} of {len(puzzles)} (its solve stopped with status limit; "
                  "what was done is reported)")
        return 128 + stop.received
    return _worst(result.status for result in results)


class _Stop:
    """While ``paint solve`` runs, Ctrl-C, SIGTERM and SIGHUP stop the solve cleanly, and the run after it.

    The handler only sets :attr:`event`, which the solve checks before each
    strip (:class:`paint.budget.Budget`): the solve then ends with status
    ``limit`` at a point where all it recorded is whole, and what it did is
    written out - a signal never cuts a step or a JSON document in half.
    The signal is kept in :attr:`received`; Ctrl-C of a single puzzle exits
    with the solve's status (3), anything else with 128 + its number.
    """

    NAMES = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self):
        self.event = threading.Event()
        self.received: int | None = None
        self.previous: dict = {}

    def handle(self, signum, frame) -> None:
        if self.received is None:
            self.received = signum
        self.event.set()

    def __enter__(self) -> "_Stop":
        for name in self.NAMES:
            number = getattr(signal, name, None)
            if number is not None:
                self.previous[number] = signal.signal(number, self.handle)
        return self

    def __exit__(self, *exc) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)


def _solve_each(puzzles, options, arguments, stream, page, results: list, stop: _Stop) -> None:
    """Solve ``puzzles`` in order, writing each explanation (or JSON document) as the solve goes.

    ``stream`` is the file of ``-o`` (None: standard output), ``page`` the
    :class:`HtmlWriter` of ``--html`` or None.  Appends each result to
    ``results`` (with several puzzles, without its steps, which were
    written already); stops after the puzzle during which ``stop`` received
    a signal.
    """
    console = _Console(highlight=False)  # on a terminal, rich writes (and keeps the status line below)
    width = arguments.width
    if stream is None and not arguments.json and console.is_terminal:
        writer = TerminalWriter(console)
        width = min(arguments.width, max(console.width, 40))
    else:
        writer = TextWriter(stream or ChunkedWriter(sys.stdout))
    out = stream or ChunkedWriter(sys.stdout)
    errors = Console(stderr=True, highlight=False)
    status = StatusLine(errors, shared=console.is_terminal and stream is None) if errors.is_terminal else None
    many = len(puzzles) > 1
    if arguments.json and arguments.all:
        out.write("[")
    for label, puzzle in puzzles:
        if stop.received is not None:
            break
        document = None
        if arguments.json:
            document = DocumentWriter(out, depth=1 if arguments.all else 0)
            if arguments.all:
                out.write(",\n  " if results else "\n  ")
            document.begin(puzzle)
        else:
            if many:
                if results:
                    out.write("\n")
                out.write(_banner(label, len(results) + 1, len(puzzles)))
                writer.previous = None
            for part in header_parts(puzzle, grids=arguments.grids):
                writer.write(part)
        if page is not None:
            page.begin(puzzle)
            for part in header_parts(puzzle, grids=True):
                page.write(part)

        rounds = Rounds()

        def show(closed, puzzle=puzzle) -> None:
            """Draw the picture that closes a round (``closed``: marks and grid), where pictures are drawn."""
            if closed is None:
                return
            marks, grid = closed
            if document is None and arguments.grids:
                writer.write(picture(puzzle, grid, marks))
            if page is not None:
                page.write(picture(puzzle, grid, marks))

        def on_step(step, grid, puzzle=puzzle, document=document, rounds=rounds):
            show(rounds.start(step, grid))
            if document is not None:
                document.step(step)
            else:
                writer.write(step_part(step, detail=arguments.detail, brief=arguments.brief, width=width))
            if page is not None:
                page.write(step_part(step, detail=arguments.detail, brief=arguments.brief, width=arguments.width))

        try:
            result = solve(puzzle, options, on_step=on_step, on_progress=status and status.update, stop=stop.event)
        finally:
            if status is not None:
                status.stop()
        show(rounds.finish(result.grid))
        results.append(result if not many else attrs.evolve(result, steps=()))  # keep one explanation at a time
        if arguments.json:
            document.end(result)
        else:
            for part in ending_parts(result, grids=arguments.grids, width=width):
                writer.write(part)
        if page is not None:
            for part in ending_parts(result, grids=True, width=arguments.width):
                page.write(part)
    if arguments.json:
        out.write("\n]\n" if arguments.all else "\n")
        out.flush()


SEVERITY = (EXIT_CONTRADICTION, EXIT_MULTIPLE, EXIT_STALLED, EXIT_SOLVED)
"""Exit statuses from worst to best: ``solve --all`` exits with the worst of its puzzles'."""


class _Console(Console):
    """rich's Console, but a reader that goes away (``paint ... | head``) ends the command with status 141, as for
    every other output, rather than rich's own exit 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def _regular_or_new(path) -> bool:
    """Whether ``path`` names a regular file or nothing yet (two outputs may share a device, not a file)."""
    if descriptor_of(path) is not None:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def _writes_stdout(output) -> bool:
    """Whether output meant for standard output (``output`` None or '-') would find it closed."""
    return output in (None, "-") and sys.stdout is None


def _worst(statuses) -> int:
    codes = {EXIT_BY_STATUS[status] for status in statuses}
    return next(code for code in SEVERITY if code in codes)


def _puzzles_to_solve(arguments) -> list[tuple[str, object]]:
    """``(label, puzzle)`` for each puzzle the command line asks for: one, --puzzle N, or --all."""
    each = formats.load_each(arguments.puzzle)
    source = STDIN_LABEL if arguments.puzzle == STDIN else printable(arguments.puzzle)
    if len(source) > 40 and not os.path.lexists(arguments.puzzle):  # a long game ID
        source = source[:37] + "..."
    if arguments.number is not None:
        return [(f"{source}#{arguments.number}", _with_grid(formats.pick(each, arguments.number, source)[0],
                                                             arguments))]
    puzzles = formats.pick(each, None, source)
    if getattr(arguments, "all", False):
        return [(f"{source}#{number}", puzzle) for number, puzzle in enumerate(puzzles, start=1)]
    if len(puzzles) > 1:
        raise PaintError(f"{source} holds {len(puzzles)} puzzles: choose one with --puzzle N "
                         f"(1 to {len(puzzles)}){'' if arguments.command == 'hint' else ', or solve them all with --all'}")
    return [(source, _with_grid(puzzles[0], arguments))]


def _with_grid(puzzle, arguments):
    """``puzzle`` with the squares of ``--grid FILE`` laid over its given ones (when the option is used)."""
    if getattr(arguments, "grid", None) is None:
        return puzzle
    if arguments.grid == arguments.puzzle == STDIN:
        raise PaintError("the puzzle and --grid cannot both be read from standard input")
    return with_given(puzzle, load_grid(arguments.grid, width=puzzle.width, height=puzzle.height))


def _banner(label: str, number: int, count: int) -> str:
    """The line that opens each puzzle's explanation under --all (none for a single puzzle)."""
    if count == 1:
        return ""
    return f"==== {label} (puzzle {number} of {count}) ====\n\n"


def _check(arguments) -> int:
    found = expand(find_puzzles(arguments.paths))
    if not found:
        raise PaintError(f"no puzzle files ({', '.join(EXTENSIONS)}) in {', '.join(arguments.paths)}")
    protect = [entry.path for entry in found] + ([STDIN] if STDIN in arguments.paths else [])
    if arguments.output:
        check_destination(arguments.output, protect=protect)
    options = CheckOptions(allow_probes=arguments.allow_probes, max_time=arguments.max_time,
                           max_branches=arguments.max_branches)
    started = time.perf_counter()
    progress_console = Console(stderr=True)
    if len(found) > 1 and progress_console.is_terminal:
        with Progress(SpinnerColumn(), TextColumn("checking"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), TextColumn("{task.description}", markup=False),
                      console=progress_console, transient=True) as progress:
            task = progress.add_task("", total=len(found))
            batch = check_batch(found, options, jobs=arguments.jobs,
                                on_check=lambda check: progress.update(task, advance=1, description=check.file))
    else:
        batch = check_batch(found, options, jobs=arguments.jobs)
    seconds = time.perf_counter() - started

    if arguments.json:
        text = json.dumps([check.to_document() for check in batch.checks], indent=2, ensure_ascii=False) + "\n"
    elif arguments.output:
        buffer = io.StringIO()
        render_report(batch.checks, Console(file=buffer, width=_WIDE, color_system=None),
                      seconds=seconds, show=arguments.show, allow_probes=arguments.allow_probes,
                      total=len(found))
        text = buffer.getvalue()
    else:
        console = _Console(highlight=False)
        if not console.is_terminal:
            console = _Console(highlight=False, width=_WIDE)
        render_report(batch.checks, console, seconds=seconds, show=arguments.show,
                      allow_probes=arguments.allow_probes, total=len(found))
        text = None
    if text is not None:
        if arguments.output:
            write_atomically(arguments.output, text, protect=protect)
        else:
            ChunkedWriter(sys.stdout).write(text)
            sys.stdout.flush()
    if batch.interrupted:
        how = "interrupted" if batch.interrupted == signal.SIGINT else f"stopped by {signal.Signals(batch.interrupted).name}"
        _complain(f"{how} after {len(batch.checks)} of {len(found)} puzzle{'s' if len(found) != 1 else ''}")
        return 128 + batch.interrupted
    if any(check.verdict == "error" for check in batch.checks):
        return EXIT_BAD_INPUT
    return EXIT_SOLVED if all(check.passes for check in batch.checks) else EXIT_CONTRADICTION


_WIDE = 1000
"""The width of a report that is not printed on a terminal: lines are never wrapped."""


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _convert(arguments) -> int:
    if arguments.destination == "-":
        if arguments.format is None:
            raise PaintError("convert: give the format to write on standard output with --to FORMAT")
        puzzles = formats.pick(formats.load_each(arguments.source), arguments.number, arguments.source)
        ChunkedWriter(sys.stdout).write(formats.dumps_all(puzzles, arguments.format))
        sys.stdout.flush()
        name = arguments.format
    else:
        puzzles = formats.convert(arguments.source, arguments.destination, format=arguments.format,
                                  number=arguments.number)
        name = arguments.format or formats.format_for(arguments.destination)
    dropped = sorted({field for puzzle in puzzles for field in formats.lost(puzzle, name)},
                     key=formats.METADATA.index)
    if dropped:
        _complain(f"note: {name} keeps no {', '.join(_FIELD_WORDS[field] for field in dropped)}; "
                  "they are left out")
    return EXIT_SOLVED


_FIELD_WORDS = {"title": "title", "author": "author", "copyright": "copyright", "license": "licence",
                "catalogue": "catalogue number", "goal": "goal (solution)", "extra": "other metadata",
                "given": "given squares"}


LINE_MAX_TIME = 2.0
"""Seconds each solver may spend on one line in ``paint line`` unless told otherwise."""

LINE_MAX_SQUARES = 100_000
"""The longest line ``paint line`` takes."""


def _line(arguments) -> int:
    names = list(SOLVERS) if arguments.solver == "all" else [arguments.solver]
    if arguments.clue == "-" and arguments.line is not None:
        raise PaintError("line: CLUE '-' reads CLUE LINE pairs from standard input and takes no LINE")
    outcomes = []
    if arguments.clue == "-":
        for number in itertools.count(1):
            text = sys.stdin.readline(LINE_MAX_SQUARES + 1000)
            if not text:
                break
            if len(text) > LINE_MAX_SQUARES + 999 and not text.endswith("\n"):
                raise PuzzleFormatError(STDIN_LABEL, f"the line is longer than {LINE_MAX_SQUARES:,} squares", line=number)
            text = text.rstrip("\r\n")
            if number == 1:
                text = text.removeprefix("\ufeff")
            if not text.strip():
                print()
                continue
            try:
                targets, squares = parse_pair(text)
            except ValueError as error:
                raise PuzzleFormatError(STDIN_LABEL, str(error), line=number) from None
            outcomes.append(_work_line(targets, squares, names, arguments, labelled=arguments.solver == "all"))
    else:
        if arguments.line is None:
            raise PaintError("line: give CLUE and LINE, or - to read pairs from standard input")
        if len(arguments.line) > LINE_MAX_SQUARES + 2:
            raise PaintError(f"line: the line is longer than {LINE_MAX_SQUARES:,} squares")
        try:
            targets, squares = parse_clue(arguments.clue), parse_line(arguments.line)
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


def _os_message(error: OSError) -> str:
    where = error.filename if error.filename is not None else ""
    reason = error.strerror or str(error)
    return f"{where}: {reason}" if where else reason


def _complain(message: str) -> None:
    print(f"paint: {message}", file=sys.stderr)
