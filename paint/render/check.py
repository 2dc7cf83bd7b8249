"""The report of ``paint check``: a sentence or a table of verdicts, the summary line, and the pictures of ``--show``.

What is said is decided by plain functions (:func:`describe`, :func:`note`,
:func:`summary_line`, from :mod:`paint.render.verdicts`, which loads no
rich, and :func:`show_pictures`); :func:`render_report` lays it out with
rich: one puzzle as a sentence, several as a table (a Markdown table when
the output is not a terminal, so a saved report reads well anywhere), then
the pictures and the summary line.
"""

from __future__ import annotations

import os

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..check import Check
from ..explanation import plural
from ..squares import Grid
from .verdicts import describe, note, short_names, summary_line

VERDICT_STYLES = {
    "ok": "bold green",
    "needs-probes": "bold yellow",
    "needs-search": "bold yellow",
    "multiple": "bold red",
    "no-solution": "bold red",
    "error": "bold red",
    "limit": "bold magenta",
}
"""The style of each verdict, in rich's style syntax; a verdict that passes is always green."""

def verdict_text(check: Check) -> Text:
    """The verdict as rich Text, green when the puzzle passes, else in its :data:`VERDICT_STYLES` style."""
    return Text(check.verdict, "bold green" if check.passes else VERDICT_STYLES[check.verdict])


def check_table(checks, *, markdown: bool = False) -> Table:
    """The verdicts as a rich Table: one row per puzzle (file, size, verdict, grade, hardest rule, steps,
    blank at the stall, seconds, and with ``markdown`` the goal, when any puzzle has one, and the :func:`note`).

    ``markdown`` draws it as a Markdown table, whose lines may be as long as
    they need.  Otherwise it is made to fit a terminal of 80 columns: the
    notes, which also say when a goal is not the solution, are left to
    :func:`notes` under the table.  File names are given within the
    folder they all lie in, which the title (or the header) names.
    """
    checks = list(checks)
    folder, names = short_names(check.file for check in checks)
    title = None if folder is None or markdown else Text(f"in {folder}{os.sep}")
    table = Table(box=box.MARKDOWN if markdown else box.SIMPLE_HEAD, show_edge=markdown,
                  pad_edge=markdown, padding=(0, 1) if markdown else 0, title=title, title_justify="left",
                  min_width=None if title is None else len(title))  # the title wraps only past the terminal's width
    longest = max(map(len, names), default=4)
    table.add_column(_markdown_cell(f"file in {folder}{os.sep}") if folder and markdown else "file",
                     min_width=min(longest, 12), overflow="fold")
    table.add_column("size", justify="right", no_wrap=True)
    table.add_column("verdict", no_wrap=True)
    table.add_column("grade", justify="right", no_wrap=True)
    table.add_column("hardest rule" if markdown else "hardest\nrule", no_wrap=True)
    table.add_column("steps", justify="right", no_wrap=True)
    table.add_column("blank at stall" if markdown else "blank\nat\nstall", justify="right", no_wrap=True)
    table.add_column("seconds", justify="right", no_wrap=True)
    goals = markdown and any(check.goal_matches is not None for check in checks)
    if goals:
        table.add_column("goal", no_wrap=True)
    if markdown:
        table.add_column("note")
    cell = _markdown_cell if markdown else Text
    for check, name in zip(checks, names):
        size = "" if check.width is None else f"{check.width}x{check.height}"
        # every cell as Text, not a string for rich to read as markup (what it says is plain words and numbers)
        cells = [cell(name), Text(size), verdict_text(check), Text("" if check.grade is None else str(check.grade)),
                 Text(check.hardest_rule or ""),
                 Text("" if check.verdict == "error" else str(check.steps)),
                 Text("" if check.blank_at_stall is None else str(check.blank_at_stall)),
                 Text(f"{check.seconds:.2f}")]
        if goals:
            cells.append({True: Text("matches"), False: Text("differs", "bold red"), None: Text("")}[check.goal_matches])
        if markdown:
            cells.append(cell(note(check)))
        table.add_row(*cells)
    return table


def _markdown_cell(text: str) -> Text:
    """``text`` as one Markdown table cell: a ``|`` escaped, line breaks made spaces, no rich markup."""
    return Text(text.replace("|", "\\|").replace("\r", " ").replace("\n", " "))


def notes(checks) -> list[tuple[str, str]]:
    """``(file, note)`` for every check with a :func:`note`, in order: what goes under a terminal's table.

    Files are named as in the table (:func:`short_names`).
    """
    checks = list(checks)
    _, names = short_names(check.file for check in checks)
    return [(name, note(check)) for check, name in zip(checks, names) if note(check)]


def show_pictures(check: Check, *, allow_probes: bool = False, highlighted: bool = False,
                  width: int | None = None):
    """What ``--show`` draws for ``check``: a caption and a picture, or None.

    A puzzle with a stall (``needs-search``; ``needs-probes`` unless probes
    are allowed; ``multiple`` and ``limit`` found no one solution) shows the
    grid where the allowed rules stalled; ``multiple`` shows the two
    solutions side by side instead, the squares where they differ
    highlighted and listed (the caption says "highlighted" only when
    ``highlighted``: the picture is shown in colour).  The picture is a
    :class:`paint.render.text.Picture`, at most ``width`` characters wide
    (None: :data:`paint.render.text.WIDTH`).
    """
    # the drawing is loaded only for --show: a report of verdicts needs none of it
    from . import board
    from ..ambiguity import find_choice
    from .text import WIDTH, Picture, two_solutions
    width = WIDTH if width is None else width
    puzzle = check.puzzle
    if puzzle is None:
        return None
    if check.verdict == "multiple" and len(check.solutions) >= 2:
        first, second = (Grid.from_lines(lines) for lines in check.solutions[:2])
        choice = find_choice(puzzle, first, second)
        caption = (f"{check.file}: two solutions, the squares where they differ drawn ## (full) and * (empty)"
                   f"{' and highlighted' if highlighted else ''}. " + " ".join(
                       line[0].upper() + line[1:] + "." for line in choice.lines()))
        return caption, two_solutions(puzzle, first, second, width)
    if check.stall is None or check.passes:
        return None
    logic = "line logic and the probes" if allow_probes else "line logic"
    caption = f"{check.file}: where {logic} {'stall' if allow_probes else 'stalls'} " \
              f"({plural(check.blank_at_stall or 0, 'square')} blank)"
    return caption, Picture(board.draw(puzzle, Grid.from_lines(check.stall)).lines)


def render_report(checks, console: Console, *, seconds: float, show: bool = False,
                  allow_probes: bool = False, total: int | None = None) -> None:
    """Print the report of a batch on ``console``: the verdicts, the ``--show`` pictures, the summary line.

    One puzzle is reported as ``file: verdict`` and the :func:`describe`
    sentence; several as :func:`check_table` (Markdown when the console is
    not a terminal).  ``total`` as in :func:`summary_line`.
    """
    checks = list(checks)
    if len(checks) == 1 and total in (None, 1):
        check = checks[0]
        console.print(Text.assemble(check.file or "(puzzle)", ": ", verdict_text(check)), soft_wrap=True)
        console.print(Text("  " + describe(check, allow_probes=allow_probes)), soft_wrap=True)
    elif checks and console.is_terminal:
        console.print(check_table(checks))
        if notes(checks):
            console.print()
        for file, remark in notes(checks):
            console.print(Text.assemble((file, "bold"), ": ", remark), soft_wrap=False)
    elif checks:
        with console.capture() as captured:
            console.print(check_table(checks, markdown=True))
        # The Markdown box draws its top and bottom edges as lines of spaces: leave them out.
        lines = [line.rstrip() for line in captured.get().splitlines() if line.strip()]
        console.out("\n".join(lines), highlight=False)
    if show:
        from .terminal import in_colour, picture_text
        for check in checks:
            shown = show_pictures(check, allow_probes=allow_probes, highlighted=in_colour(console))
            if shown is not None:
                caption, picture = shown
                console.print()
                console.print(Text(caption), soft_wrap=True)
                console.print()
                console.print(picture_text(picture), soft_wrap=True)
    console.print()
    console.print(Text(summary_line(checks, seconds=seconds, allow_probes=allow_probes, total=total)),
                  soft_wrap=True)

