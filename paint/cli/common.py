"""Pieces every command shares: the one-line usage errors, argument types, option groups, output checks."""

from __future__ import annotations

import argparse
import math
import os
import re
import stat
import sys
import textwrap

from .. import formats
from ..errors import PaintError, excerpt
from ..files import STDIN, STDIN_LABEL, descriptor_of, same_file
from ..formats.grid import load_grid
from ..printable import printable
from ..solver import with_given
from .status import EXIT_BAD_INPUT


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, ``paint: <problem> (see 'paint solve --help')``, exit 2.

    ``words`` are the command line's words, so that a file name or game ID
    starting with ``-`` (which argparse takes for an option) can be named
    in the message.
    """

    words: list[str] = []

    def error(self, message: str):
        from .status import COMMANDS
        words = self.words
        end = words.index("--") if "--" in words else len(words)  # what comes after -- is never an option
        command = f"paint {words[0]}" if words and words[0] in COMMANDS else "paint solve"
        hint = ""
        for at, word in enumerate(words[:end]):
            if word in ("-", "--") or not word.startswith("-"):
                continue
            path = os.path.lexists(word)
            if not (path or re.match(r"-+[0-9]+x[0-9]+", word)):
                continue
            before = words[at - 1] if at else ""
            if message.endswith("expected one argument") and before.startswith("--"):  # an option's value
                hint = (f"; {word!r} was read as an option, not as the value of {before}: join them with '=' "
                        f"({before}={word})")
            elif path:
                hint = (f"; {word!r} was read as an option: to give a file that starts with '-', name it as "
                        f"./{word}, or put -- before it, after the options ({command} -- {word})")
            else:
                hint = (f"; {word!r} was read as an option: to give a game ID that starts with '-', put -- "
                        f"before it, after the options ({command} -- {word})")
            break
        unknown = message[len("unrecognized arguments: "):].split() if message.startswith("unrecognized") else []
        if not hint and any(word in unknown for word in words[end + 1:]):
            hint = "; what follows -- is read as files, not options: put the options before --"
        self.exit(EXIT_BAD_INPUT, printable(f"paint: {message}{hint} (see '{self.prog} --help')") + "\n")


class VersionAction(argparse.Action):
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


def format_type(text: str) -> str:
    """An argparse type: a format name, alias or extension, as its name in FORMATS."""
    try:
        return formats.format_name(text)
    except PaintError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def paragraph(text: str) -> str:
    return textwrap.fill(text, width=78)


def positive(kind):
    """An argparse type: a finite number of ``kind`` (int or float) greater than 0.

    The error says "not a whole number" for a number that ``kind`` int does not take (``1.5``), "not a number"
    for anything else, quoting the text (:func:`paint.errors.excerpt`)."""
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            if kind is int and text.strip().lstrip("+-").isdigit():
                problem = "far too large"  # digits, more than int() reads
            else:
                try:
                    float(text)
                    problem = "not a whole number"
                except ValueError:
                    problem = "not a number"
            raise argparse.ArgumentTypeError(f"{problem}: {excerpt(text)}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, not {excerpt(text)}")
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be more than 0, not {excerpt(text)}")
        return value
    return convert


def file_name(text: str) -> str:
    """An argparse type: a file name, not empty."""
    if text == "":
        raise argparse.ArgumentTypeError("cannot write to a file with no name ('')")
    return text


def width_type(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 20:
        raise argparse.ArgumentTypeError(f"must be at least 20, not {value}")
    return value


def OutputConsole(**options):  # noqa: N802 - made like the class it makes
    """rich's Console (``options`` as for it), but a reader that goes away (``paint ... | head``) ends the command
    with status 141, as for every other output, rather than rich's own exit 1.  rich is imported here, when a
    command writes through it: a command writing to a file or pipe never loads it (see :func:`may_be_terminal`)."""
    from rich.console import Console

    class _OutputConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return _OutputConsole(**options)


def may_be_terminal(stream) -> bool:
    """Whether rich might treat ``stream`` as a terminal: it is one, or the environment says to (``FORCE_COLOR``,
    ``TTY_COMPATIBLE``).  When False, rich would write plain text: paint writes it without loading rich."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")  # as rich reads them
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        return False


def status_line(console, text=None):
    """The status line of a long solve (:class:`paint.render.terminal.StatusLine`, ``text`` turning progress
    into its line, default its own), or None when standard error is not a terminal (the line is a message
    about the work, shown only where messages are seen): drawn on ``console`` (the terminal the output goes
    to, which it must then share), else on standard error."""
    if not may_be_terminal(sys.stderr):
        return None
    if console is None:
        from rich.console import Console
        console = Console(stderr=True, highlight=False)
        if not console.is_terminal:
            return None
    from ..render.terminal import StatusLine
    return StatusLine(console) if text is None else StatusLine(console, text=text)


def regular_or_new(path) -> bool:
    """Whether ``path`` names a regular file or nothing yet (two outputs may share a device, not a file)."""
    if descriptor_of(path) is not None:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def distinct_outputs(paths, message: str) -> None:
    """Raise PaintError(``message``) when two of ``paths`` (None and '' skipped) name one regular file, through a
    symbolic or a hard link; two outputs may share a device."""
    named = [path for path in paths if path and regular_or_new(path)]
    for index, path in enumerate(named):
        if any(same_file(path, other) for other in named[:index]):
            raise PaintError(message)


def page_destination(option: str, path, output, carries: str) -> None:
    """Refuse ``option path`` (a page or picture written beside the main output) when it is standard output
    while the main output (``output``, None or '-' for standard output) goes there too; ``carries`` names
    what standard output carries."""
    if path == "-":
        raise PaintError(f"{option} -: give a file name (standard output carries the {carries})")
    if path and descriptor_of(path) == 1 and output in (None, "-"):
        raise PaintError(f"{option} {path}: standard output carries the {carries}; give another file, or "
                         "send the " + carries + " elsewhere with -o")


def read_paths(arguments) -> tuple[str, ...]:
    """Every path the command line names for paint to read, which no output may replace: the puzzle file (or the
    files and folders ``check`` searches, or ``convert``'s IN) and ``--grid``'s file; ``'-'`` is standard input.

    >>> read_paths(argparse.Namespace(puzzle='p.non', grid='mine.txt'))
    ('p.non', 'mine.txt')
    """
    named = [getattr(arguments, option, None) for option in ("puzzle", "source")]
    named += list(getattr(arguments, "paths", None) or ())
    named.append(getattr(arguments, "grid", None))
    return tuple(path for path in named if path is not None)


def writes_stdout(output) -> bool:
    """Whether output meant for standard output (``output`` None or '-') would find it closed."""
    return output in (None, "-") and sys.stdout is None


def chosen_puzzles(arguments, *, lay_grid: bool = True) -> list[tuple[str, object]]:
    """``(label, puzzle)`` for each puzzle the command line asks for: one, --puzzle N, or --all.

    With ``lay_grid``, the squares of ``--grid FILE`` are laid over the chosen puzzle's given ones.
    """
    each = formats.load_each(arguments.puzzle)
    source = STDIN_LABEL if arguments.puzzle == STDIN else printable(arguments.puzzle)
    if len(source) > 40 and not os.path.lexists(arguments.puzzle):  # a long game ID
        source = source[:37] + "..."
    if arguments.number is not None:
        chosen = formats.pick(each, arguments.number, source)[0]
        return [(f"{source}#{arguments.number}", with_grid(chosen, arguments) if lay_grid else chosen)]
    puzzles = formats.pick(each, None, source)
    if getattr(arguments, "all", False):
        return [(f"{source}#{number}", puzzle) for number, puzzle in enumerate(puzzles, start=1)]
    if len(puzzles) > 1:
        raise PaintError(f"{source} holds {len(puzzles)} puzzles: choose one with --puzzle N "
                         f"(1 to {len(puzzles)}){'' if arguments.command == 'hint' else ', or solve them all with --all'}")
    return [(source, with_grid(puzzles[0], arguments) if lay_grid else puzzles[0])]


def with_grid(puzzle, arguments):
    """``puzzle`` with the squares of ``--grid FILE`` laid over its given ones (when the option is used)."""
    grid = grid_for(puzzle, getattr(arguments, "grid", None), arguments.puzzle == STDIN)
    return puzzle if grid is None else with_given(puzzle, grid)


def grid_for(puzzle, path, puzzle_from_stdin: bool):
    """The grid file at ``path`` (None: no ``--grid``, so None), sized to ``puzzle``; the one place the
    commands read ``--grid``.  Raises PaintError when the puzzle came from standard input too, or when ``-``
    names standard input while it is a terminal."""
    if path is None:
        return None
    if path == STDIN and puzzle_from_stdin:
        raise PaintError("the puzzle and --grid cannot both be read from standard input")
    if path == STDIN and _stdin_is_terminal():
        raise PaintError("--grid -: standard input is a terminal: redirect your grid file into it "
                         "(--grid - < mine.txt) or pipe one")
    return load_grid(path, width=puzzle.width, height=puzzle.height)


def _stdin_is_terminal() -> bool:
    try:
        return os.isatty(0)
    except OSError:
        return False


def os_message(error: OSError) -> str:
    where = error.filename if error.filename is not None else ""
    reason = error.strerror or str(error)
    return f"{where}: {reason}" if where else reason


def complain(message: str) -> None:
    """Print ``paint: message`` on standard error, one line, with what would not print escaped (:func:`printable`)."""
    print(f"paint: {printable(message)}", file=sys.stderr)


# ------------------------------------------------------- options several commands share

def add_puzzle_number(parser, verb: str) -> None:
    """``--puzzle N``: which puzzle of a file of many (``verb``: what the command does to it)."""
    parser.add_argument("--puzzle", dest="number", type=positive(int), metavar="N",
                        help=f"{verb} puzzle N (counting from 1) of a file that holds many")


def add_grid(parser, purpose: str) -> None:
    """``--grid FILE``: a person's squares so far (:mod:`paint.formats.grid`); ``purpose`` says what they are for."""
    parser.add_argument("--grid", metavar="FILE",
                        help=f"{purpose} (a grid file: one line per row, X or # full, . or - empty, ?, _ or a space "
                             "blank; a line may stop at its last known square; - is standard input)")


def add_width(parser) -> None:
    """``--width N``: where text lines wrap."""
    parser.add_argument("--width", type=width_type, default=100, metavar="N",
                        help="wrap lines at N characters (default: %(default)s)")


def add_limits(parser, command: str) -> None:
    """The limit options of ``command`` (``--max-time SECONDS``, ...), with their defaults and help, from
    :data:`paint.cli.status.LIMITS`: the one table its ``--help`` and docs/cli.md show."""
    from .status import limits_of
    for limit, bound in limits_of(command):
        kind = float if limit.unit == "s" else int
        parser.add_argument(limit.option, type=positive(kind), default=bound.default, metavar=limit.metavar,
                            help=f"{bound.what} (default: {limit.default_text(command)})")


def rung_type(text: str):
    """An argparse type: the rung a fixed puzzle may need, by its grade's number (1-5) or name (``counting``,
    ``reach``, ``edges``, ``line-trial``, ``probes``), as a :class:`paint.fix.Target`."""
    from ..fix import HIGHEST, Target
    from ..grade import GRADES
    names = {GRADES[number].name.replace(" ", "-"): number for number in range(1, HIGHEST + 1)}
    word = text.strip().lower().replace(" ", "-").replace("_", "-")
    number = names.get(word, int(word) if word.isascii() and word.isdigit() else None)
    if number is None or not 1 <= number <= HIGHEST:
        raise argparse.ArgumentTypeError(f"not a rung: {excerpt(text)} (choose 1-{HIGHEST} or "
                                         f"{', '.join(names)})")
    return Target(number)


def add_max_rung(parser, made: str) -> None:
    """``--max-rung RUNG``: the hardest rung the {made} puzzle may need (default line-trial: line logic)."""
    from ..fix import Target
    parser.add_argument("--max-rung", type=rung_type, default=Target(), metavar="RUNG",
                        help=f"the hardest technique the {made} puzzle may need, as a grade of paint check: "
                             "1 counting, 2 reach, 3 edges, 4 line-trial (line logic: what paint check calls ok; "
                             "the default) or 5 probes")


def settle_output(command: str, output: str, format: str | None, protect) -> None:
    """Refuse, before any work, a puzzle file ``command`` (``'fix'``, ``'make'``) could not write: ``-`` without
    ``--to``, a destination :func:`paint.files.check_destination` refuses (one of ``protect``, the files read),
    or a name whose extension says no format and no ``--to``."""
    from ..files import check_destination
    if output == "-":
        if format is None:
            raise PaintError(f"{command}: give the format to write on standard output with --to FORMAT")
        return
    check_destination(output, protect=protect)
    if format is None and formats.format_for(output) is None:
        raise PaintError(f"cannot tell the format to write {output} in from its extension: give --to FORMAT")


def until_stopped(work):
    """``work(stop, received)``, with SIGINT, SIGTERM and SIGHUP setting ``stop`` (a :class:`threading.Event` the
    work reads, to end where it is and still say what it found) and adding the signal to ``received``."""
    import threading

    from ..signals import handling
    received: list[int] = []
    stop = threading.Event()

    def stopping(signum, frame):
        received.append(signum)
        stop.set()

    with handling(stopping):
        return work(stop, received)

