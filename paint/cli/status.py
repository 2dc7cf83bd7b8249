"""The exit statuses of every ``paint`` command, in one table.

Each command's ``--help`` (:func:`help_text`) and the README's table
(:func:`markdown_table`, checked by ``tests/test_readme.py``) are made from
:data:`EXIT_STATUSES`, so they cannot disagree.

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

COMMANDS = ("solve", "hint", "check", "convert", "line")


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
                     "convert": "written",
                     "line": "every line has an arrangement"}),
    ExitStatus("1", {"solve": "no solution: the clues (or the given squares) contradict; paint says which "
                              "row or column, and which rule or search, found it",
                     "hint": "the puzzle has no solution",
                     "check": "some puzzle is not ok",
                     "line": "some line has no arrangement"}),
    ExitStatus("2", {"solve": _BAD, "hint": _BAD, "convert": _BAD, "line": _BAD,
                     "check": "some file could not be read (the others are still checked), or bad usage"}),
    ExitStatus("3", {"solve": "stalled (--no-search) or stopped by --max-time, --max-branches or Ctrl-C",
                     "hint": "stopped by --max-time before paint could tell",
                     "line": "every solver was stopped by --max-time on some line"}),
    ExitStatus("4", {"solve": "several solutions: one is shown, with the squares where the two found differ "
                              "highlighted",
                     "hint": "no square follows from your grid: more than one solution agrees with it"}),
    ExitStatus("5", {"hint": "your grid has mistakes: they are listed, and nothing else is said (or, with "
                             "none on its own, its squares together break a row or column: it is named)"}),
    ExitStatus("130", {"solve": "interrupted by Ctrl-C outside the solve, or during solve --all",
                       "check": "interrupted by Ctrl-C (the puzzles checked so far are reported)",
                       "hint": "interrupted by Ctrl-C", "convert": "interrupted by Ctrl-C",
                       "line": "interrupted by Ctrl-C"}),
    ExitStatus("143, 129", {"solve": f"{_SIGNALS}; what the solve did is still reported, with status limit",
                            "check": f"{_SIGNALS}, as Ctrl-C", "hint": _SIGNALS, "convert": _SIGNALS,
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


def help_text(command: str) -> str:
    """The ``exit status:`` section of ``command``'s ``--help``, one line per status it uses."""
    rows = [(status.code, status.meanings[command]) for status in EXIT_STATUSES if command in status.meanings]
    width = max(len(code) for code, _ in rows)
    return "exit status:\n" + "".join(
        textwrap.fill(meaning, 78, initial_indent=f"  {code.ljust(width)} ", subsequent_indent=" " * (width + 3)) + "\n"
        for code, meaning in rows)


def markdown_table() -> str:
    """The README's table of exit statuses: one row per status, one column per command."""
    lines = ["| status | " + " | ".join(f"`{command}`" for command in COMMANDS) + " |",
             "|---|" + "---|" * len(COMMANDS)]
    for status in EXIT_STATUSES:
        cells = [status.meanings.get(command, "").replace("|", "\\|") for command in COMMANDS]
        lines.append(f"| {status.code} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
