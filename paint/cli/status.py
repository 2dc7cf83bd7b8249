"""The exit statuses and the limits of every ``paint`` command, in two tables.

Each command's ``--help`` (:func:`help_text`) and the tables of docs/cli.md
(:func:`markdown_table`, :func:`limits_markdown`, checked by
``tests/test_readme.py``) are made from :data:`EXIT_STATUSES` and
:data:`LIMITS`, so they cannot disagree; each command's limit options are
made from :data:`LIMITS` too (:func:`paint.cli.common.add_limits`).

>>> print(help_text('convert'), end='')
exit status:
  0        written
  2        bad input or usage: one line naming the file and line, no traceback
  130      interrupted by Ctrl-C
  143, 129 stopped by SIGTERM or SIGHUP
  141      the reader of the output went away (paint ... | head)
"""

from __future__ import annotations

import textwrap

import attrs

EXIT_SOLVED = 0
EXIT_CONTRADICTION = 1
EXIT_BAD_INPUT = 2
EXIT_STALLED = 3
EXIT_MULTIPLE = 4
EXIT_MISTAKES = 5
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

COMMANDS = ("solve", "hint", "check", "fix", "make", "convert", "line")


@attrs.frozen
class ExitStatus:
    """One exit status (``code``: ``'0'``, ``'143, 129'``) and what it means for each command that uses it."""

    code: str
    meanings: dict


_BAD = "bad input or usage: one line naming the file and line, no traceback"
_SIGNALS = "stopped by SIGTERM or SIGHUP"

EXIT_STATUSES = (
    ExitStatus("0", {"solve": "solved, and the solution is the only one",
                     "hint": "a hint was given, or the grid is solved",
                     "check": "every puzzle is ok (or needs-probes, with --allow-probes)",
                     "fix": "fixed (the squares to change are printed, and -o's file written), or nothing to fix",
                     "make": "made: the puzzle is written (the squares changed are printed)",
                     "convert": "written",
                     "line": "every line has an arrangement"}),
    ExitStatus("1", {"solve": "no solution: the clues (or the given squares) contradict; paint says which "
                              "row or column, and which rule or search, found it",
                     "hint": "the puzzle has no solution",
                     "check": "some puzzle is not ok",
                     "fix": "the clues have no solution: there is no picture to fix",
                     "line": "some line has no arrangement"}),
    ExitStatus("2", {"solve": _BAD, "hint": _BAD, "convert": _BAD, "line": _BAD, "fix": _BAD,
                     "make": "an image paint cannot read, a size or threshold that leaves no picture, or bad usage",
                     "check": "some file could not be read (the others are still checked), or bad usage"}),
    ExitStatus("3", {"solve": "stalled (--no-search) or stopped by --max-time, --max-branches or Ctrl-C",
                     "hint": "stopped by --max-time before paint could tell",
                     "fix": "no fix within --max-changes (or --max-time): how far it got is printed",
                     "make": "no fair puzzle within --max-changes (or --max-time): how far it got is printed, "
                             "nothing is written",
                     "line": "every solver was stopped by --max-time on some line"}),
    ExitStatus("4", {"solve": "several solutions: the last step says where the choice is, and two solutions are "
                              "drawn, the squares where they differ drawn `##` / `*` and listed",
                     "hint": "no square follows from your grid: more than one solution agrees with it"}),
    ExitStatus("5", {"hint": "your grid has mistakes: they are listed, and nothing else is said (or, with "
                             "none on its own, its squares together break a row or column: it is named)"}),
    ExitStatus("130", {"solve": "interrupted by Ctrl-C outside the solve, or during solve --all",
                       "check": "interrupted by Ctrl-C (the puzzles checked so far are reported)",
                       "hint": "interrupted by Ctrl-C", "convert": "interrupted by Ctrl-C",
                       "fix": "interrupted by Ctrl-C", "make": "interrupted by Ctrl-C",
                       "line": "interrupted by Ctrl-C"}),
    ExitStatus("143, 129", {"solve": f"{_SIGNALS}; what the solve did is still reported, with status limit",
                            "check": f"{_SIGNALS}, as Ctrl-C", "hint": _SIGNALS, "convert": _SIGNALS,
                            "fix": _SIGNALS, "make": _SIGNALS,
                            "line": _SIGNALS}),
    ExitStatus("141", {command: "the reader of the output went away (paint ... | head)" for command in COMMANDS}),
)
"""Every exit status, and its meaning for each command."""

EXIT_BY_STATUS = {"solved": EXIT_SOLVED, "contradiction": EXIT_CONTRADICTION, "stalled": EXIT_STALLED,
                  "limit": EXIT_STALLED, "multiple": EXIT_MULTIPLE}
"""The exit status of ``paint solve`` for each :attr:`paint.result.Result.status`."""

EXIT_BY_HINT = {"step": EXIT_SOLVED, "solved": EXIT_SOLVED, "multiple": EXIT_MULTIPLE, "no-solution": EXIT_CONTRADICTION,
                "limit": EXIT_STALLED, "mistakes": EXIT_MISTAKES, "conflict": EXIT_MISTAKES}
"""The exit status of ``paint hint`` for each :attr:`paint.hint.Hint.status`."""


@attrs.frozen
class Bound:
    """What a limit option bounds in one command (``what``: a phrase), and its ``default`` (None: no limit)."""

    what: str
    default: float | None = None

    @property
    def default_text(self) -> str:
        """The default as a person reads it: ``'none'``, ``'60 s'``, ``'2 s'``."""
        return "none" if self.default is None else f"{self.default:g}"


@attrs.frozen
class Limit:
    """One limit option (``option``: ``'--max-time'``, its value named ``metavar``), its ``unit`` (``'s'`` or
    ``''``) and, for each command that has it, the :class:`Bound` it sets there."""

    option: str
    metavar: str
    unit: str
    bounds: dict

    def default_text(self, command: str) -> str:
        """The default of this limit in ``command``, with its unit: ``'none'``, ``'60 s'``."""
        bound = self.bounds[command]
        return bound.default_text + (f" {self.unit}" if bound.default is not None and self.unit else "")


LIMITS = (
    Limit("--max-time", "SECONDS", "s", {
        "solve": Bound("the whole solve (rules, probes and search): it stops with status limit, showing the "
                       "grid as far as it got (exit 3)"),
        "hint": Bound("the whole hint, every solve behind it together (they leave its last tenth to finding a "
                      "line step): when they run out and no square of your grid can be a mistake, the next line "
                      "step is given, else no hint (exit 3)", 20.0),
        "check": Bound("each puzzle (its rules and its depth-first search, and with --sat the SAT solver): "
                       "verdict limit", 60.0),
        "fix": Bound("the search for the squares to change: it stops with the changes made so far, saying how "
                     "far it got (exit 3)", 60.0),
        "make": Bound("the search for the squares to change: it stops, saying how far it got, and writes "
                      "nothing (exit 3)", 60.0),
        "line": Bound("each solver on each line: that solver is stopped, saying so (exit 3 when every solver "
                      "was stopped on some line)", 2.0),
    }),
    Limit("--max-branches", "N", "", {
        "solve": Bound("the branches of the breadth-first search: each place of a block worked with the rules, "
                       "at any level: status limit (exit 3)"),
    }),
    Limit("--max-positions", "N", "", {
        "check": Bound("the positions of each puzzle's depth-first search, each a guess on the one before (its "
                       "plain pass, main searches and restarts together): verdict limit"),
    }),
)
"""Every limit option, what it bounds in each command that has it, and its default there.  An option has one
name for one kind of count: the breadth-first search of ``paint solve`` counts branches, the depth-first search
of ``paint check`` positions (docs/glossary.md, "Search terms"; :class:`paint.options.SolveOptions` and
:class:`paint.check.CheckOptions` name their fields alike)."""


def limits_of(command: str) -> list[tuple[Limit, Bound]]:
    """The limit options of ``command``, each with what it bounds there, in :data:`LIMITS`'s order."""
    return [(limit, limit.bounds[command]) for limit in LIMITS if command in limit.bounds]


def limit_default(command: str, option: str) -> float | None:
    """The default of limit ``option`` (``'--max-time'``) in ``command``; raises KeyError when it has none."""
    return next(bound.default for limit, bound in limits_of(command) if limit.option == option)


def _section(title: str, rows) -> str:
    width = max(len(label) for label, _ in rows)
    return f"{title}:\n" + "".join(
        textwrap.fill(text, 78, initial_indent=f"  {label.ljust(width)} ", subsequent_indent=" " * (width + 3))
        + "\n" for label, text in rows)


def help_text(command: str) -> str:
    """The ``exit status:`` section of ``command``'s ``--help``, one line per status it uses, then, for a command
    with limits, its ``limits of paint COMMAND:`` section (:func:`limits_text`)."""
    rows = [(status.code, status.meanings[command]) for status in EXIT_STATUSES if command in status.meanings]
    text = _section("exit status", rows)
    limits = limits_text(command)
    return text + ("\n" + limits if limits else "")


def limits_text(command: str) -> str:
    """The ``limits of paint COMMAND:`` section of its ``--help``: each limit option, what it bounds and its
    default (empty for a command with none).

    >>> print(limits_text('check'), end='')
    limits of paint check:
      --max-time SECONDS each puzzle (its rules and its depth-first search, and
                         with --sat the SAT solver): verdict limit; default 60 s
      --max-positions N  the positions of each puzzle's depth-first search, each a
                         guess on the one before (its plain pass, main searches
                         and restarts together): verdict limit; default none
    """
    rows = [(f"{limit.option} {limit.metavar}", f"{bound.what}; default {limit.default_text(command)}")
            for limit, bound in limits_of(command)]
    return _section(f"limits of paint {command}", rows) if rows else ""


def limits_markdown() -> str:
    """The table of limits in docs/cli.md: one row per limit option, one column per command that has limits; each cell
    what the option bounds there and its default."""
    commands = [command for command in COMMANDS if limits_of(command)]
    lines = ["| limit | " + " | ".join(f"`{command}`" for command in commands) + " |",
             "|---|" + "---|" * len(commands)]
    for limit in LIMITS:
        cells = [f"{limit.bounds[command].what}; default {limit.default_text(command)}".replace("|", "\\|")
                 if command in limit.bounds else "" for command in commands]
        lines.append(f"| `{limit.option} {limit.metavar}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def markdown_table() -> str:
    """The table of exit statuses in docs/cli.md: one row per status, one column per command."""
    lines = ["| status | " + " | ".join(f"`{command}`" for command in COMMANDS) + " |",
             "|---|" + "---|" * len(COMMANDS)]
    for status in EXIT_STATUSES:
        cells = [status.meanings.get(command, "").replace("|", "\\|") for command in COMMANDS]
        lines.append(f"| {status.code} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
