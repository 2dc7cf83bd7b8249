"""The ``paint`` command: solve a puzzle and explain it, hint from a partial grid, check a batch for an editor,
convert formats, or solve one line.

One module per command (:mod:`.solve`, :mod:`.hint`, :mod:`.check`,
:mod:`.convert`, :mod:`.line`), each with ``add_parser`` and ``run``; the
options several commands share are declared once (:mod:`.common`), and the
exit statuses are one table (:mod:`.status`) from which every ``--help``
and the tables of docs/cli.md are made.  Bad input is reported in one line on stderr,
``paint: <message>``, never with a traceback.

>>> build_parser().parse_args(['solve', 'dancer.pro', '--no-grids']).grids
False
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys

from .. import formats
from ..errors import PaintError
from ..signals import TERMINATE, exit_status, first_raises, handling, stopped_by
from .common import Parser, VersionAction, complain, os_message, version
from .status import COMMANDS, EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, help_text

__all__ = ["main", "build_parser", "version"]

def command_module(name: str):
    """The module of sub-command ``name`` (one of :data:`paint.cli.status.COMMANDS`, in the order ``--help``
    lists them; each is the module of its name in this package), imported the first time it is asked for,
    so that a command loads only what it needs."""
    return importlib.import_module(f"{__name__}.{name}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``paint`` and its sub-commands (:data:`COMMANDS`), each added by its own module.

    ``only``, a command's name, adds that command alone: what running it needs, without loading the others.
    """
    names = ", ".join(formats.FORMATS)
    parser = Parser(
        prog="paint",
        description="Solve nonograms (Paint by Numbers) and explain every step, after T. Kramer.",
        epilog=help_text("solve").replace("exit status:", "exit status of solve (each command has its own: see "
                                                           "'paint COMMAND --help'):")
               + f"\npuzzle formats: {names}\n"
               f"Run 'paint COMMAND --help' ({', '.join(COMMANDS)}) for each command.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction, help="print paint's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    for name in COMMANDS if only is None else (only,):
        command_module(name).add_parser(commands, names)
    return parser



def main(argv=None) -> int:
    """Run ``paint`` with ``argv`` (default: the command line) and return the exit status.

    The statuses are those of :data:`paint.cli.status.EXIT_STATUSES` (0
    solved or done, 1 no solution, 2 bad input or usage, 3 stalled or
    limit, 4 several solutions, 5 mistakes in a hint's grid, 130
    interrupted, 141 when the reader of the output went away).  Errors are
    one line on stderr: ``paint: <message>``, never a traceback.
    """
    with handling(first_raises(_Terminated, []), TERMINATE):  # every handler is put back when the command ends
        try:
            return _run(argv)
        except _Terminated as terminated:  # also when it came while another ending was being reported
            complain(stopped_by(terminated.signum))
            return exit_status(terminated.signum)


def _run(argv) -> int:
    """:func:`main` within its signal handlers: the command's status, or that of the error that ended it."""
    try:
        Parser.words = list(sys.argv[1:] if argv is None else argv)
        arguments = build_parser(_command_in(Parser.words)).parse_args(argv)
        return command_module(arguments.command).run(arguments)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_BAD_INPUT
    except KeyboardInterrupt:
        complain(stopped_by(signal.SIGINT))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``paint solve x | head``): stop quietly.
        if sys.stdout is not None:
            devnull = os.open(os.devnull, os.O_WRONLY)
            with contextlib.suppress(OSError, ValueError):
                os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except PaintError as error:
        complain(str(error))
        return EXIT_BAD_INPUT
    except UnicodeEncodeError as error:
        # An output whose encoding cannot take a character of a title or a name (PYTHONIOENCODING=ascii, an ASCII
        # locale): said plainly, rather than written as an escape that would make a JSON document or a converted
        # puzzle silently wrong
        complain(f"cannot write {error.object[error.start:error.end]!r} to the output in its encoding "
                 f"({error.encoding}): write to a file with -o, or set PYTHONIOENCODING=utf-8")
        return EXIT_BAD_INPUT
    except OSError as error:
        complain(os_message(error))
        return EXIT_BAD_INPUT


def _command_in(words: list[str]) -> str | None:
    """The command ``words`` run, when their first word names one (None: ``paint --help`` and the like, and
    mistakes, for which the whole parser is built)."""
    return words[0] if words and words[0] in COMMANDS else None


class _Terminated(BaseException):
    """SIGTERM or SIGHUP outside a solve: unwinds like Ctrl-C, so files being written are cleaned up."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum
