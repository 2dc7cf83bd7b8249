"""The explanation through rich: the same parts as the plain text, styled (Kramer key decision 4).

Content comes from :func:`paint.render.text.result_parts` and the layout
from :func:`paint.render.text.gap_before`; this module only adds style:
the step number dim, the rule name coloured, the squares a step just
marked highlighted in the picture after it (full squares bold on blue,
empty ones bold red), the outcome coloured by status and the summary as a
rich table.  When the console is not a terminal rich writes no colour
codes.

>>> import io
>>> from rich.console import Console
>>> import paint
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> console = Console(file=io.StringIO(), width=80)
>>> render_terminal(result, console, grids=False, show_time=False)
>>> console.file.getvalue().splitlines()[3]
'1. fills (the clue fills the line): column 1 [2] - rows 1-2 full'
"""

from __future__ import annotations

from rich.console import Console
from rich.live import Live
from rich.table import Table
from rich.text import Text

from ..result import Result
from ..squares import FULL
from .text import (
    WIDTH,
    Header,
    Ending,
    Part,
    Picture,
    StepPart,
    Summary,
    gap_before,
    progress_text,
    result_parts,
)

STYLES = {
    "title": "bold",
    "number": "dim",
    "rule": "bold magenta",
    "reason": "italic",
    "full": "bold white on blue",
    "empty": "bold red",
    "solved": "bold green",
    "stalled": "bold yellow",
    "contradiction": "bold red",
    "multiple": "bold yellow",
    "limit": "bold yellow",
}
"""The style of each kind of text, in rich's style syntax."""


def picture_text(picture: Picture) -> Text:
    """The picture as rich Text, its highlighted squares styled ``full`` or ``empty``.

    >>> from paint.render.text import Highlight
    >>> from paint.squares import EMPTY
    >>> text = picture_text(Picture(['|  |', '| .|'], [Highlight(1, 1, 3, EMPTY)]))
    >>> text.plain, [(span.start, span.end, span.style) for span in text.spans]
    ('|  |\\n| .|', [(6, 8, 'bold red')])
    """
    starts = []
    offset = 0
    for line in picture.lines:
        starts.append(offset)
        offset += len(line) + 1
    text = Text("\n".join(picture.lines), no_wrap=True)
    for mark in picture.highlights:
        style = STYLES["full"] if mark.value == FULL else STYLES["empty"]
        text.stylize(style, starts[mark.line] + mark.start, starts[mark.line] + mark.end)
    return text


def step_text(part: StepPart) -> Text:
    """The step's wrapped lines and reasons as rich Text: number dim, rule name styled, reasons italic."""
    text = Text(no_wrap=True)
    number = f"{part.step.number}."
    for index, line in enumerate(part.lines):
        if index:
            text.append("\n")
        head = f"{number} {part.step.rule}"
        if index == 0 and line.startswith(head):
            rule_end = line.index(":", len(head)) if ":" in line[len(head):] else len(head)
            text.append(number, STYLES["number"])
            text.append(" ")
            text.append(line[len(number) + 1:rule_end], STYLES["rule"])
            text.append(line[rule_end:])
        else:
            text.append(line)
    for line in part.reasons:
        text.append("\n")
        text.append(line, STYLES["reason"])
    for line in part.drawing:
        text.append("\n")
        text.append(line)
    return text


def summary_table(summary: Summary) -> Table:
    """The summary as a rich Table: one row per rule (name styled), the total, squares and time."""
    table = Table(title="summary", title_justify="left", title_style=STYLES["title"], box=None,
                  show_header=False, padding=(0, 0, 0, 2))
    table.add_column("what")
    table.add_column("how many")
    rules = {rule for rule, _ in summary.rules}
    for label, value in summary.table():
        table.add_row(Text(label, STYLES["rule"] if label in rules else ""), value)
    return table


class TerminalWriter:
    """Prints parts one at a time on a rich ``console``, with the layout of the plain text.

    Use it to print an explanation while the solve runs.  Pictures and step
    lines are never re-wrapped by rich (they are wrapped already), so wide
    puzzles overflow rather than break.
    """

    def __init__(self, console: Console):
        self.console = console
        self.previous: Part | None = None

    def write(self, part: Part) -> None:
        """Print ``part``, after a blank line when :func:`paint.render.text.gap_before` asks for one."""
        if gap_before(self.previous, part):
            self.console.print()
        print_ = self.console.print
        if isinstance(part, Header):
            print_(Text(part.title, STYLES["title"]), soft_wrap=True)
            for line in part.lines:
                print_(Text(line), soft_wrap=True)
        elif isinstance(part, Picture):
            print_(picture_text(part), soft_wrap=True)
        elif isinstance(part, StepPart):
            print_(step_text(part), soft_wrap=True)
        elif isinstance(part, Ending):
            print_(Text("\n".join(part.message), STYLES.get(part.status, "")), soft_wrap=True)
            if part.picture is not None:
                print_()
                print_(picture_text(part.picture), soft_wrap=True)
        elif isinstance(part, Summary):
            print_(summary_table(part))
        else:
            raise TypeError(f"not a part: {part!r}")
        self.previous = part


def render_terminal(result: Result, console: Console, *, grids: bool = True, detail: bool = False,
                    width: int = WIDTH, show_time: bool = True) -> None:
    """Print the whole explanation of ``result`` on ``console``, styled; options as in :func:`paint.render.text.render_text`."""
    writer = TerminalWriter(console)
    for part in result_parts(result, grids=grids, detail=detail, width=width, show_time=show_time,
                             highlighted=in_colour(console)):
        writer.write(part)


def in_colour(console: Console) -> bool:
    """Whether ``console`` shows the highlighted squares of a picture in colour (a terminal, colour not turned off
    by ``NO_COLOR``), so that text may speak of them as highlighted."""
    return console.is_terminal and console.color_system is not None and not console.no_color


class StatusLine:
    """A transient status line on a terminal while a solve works: what it is doing, squares left, time.

    Give :meth:`update` as the solve's ``on_progress``; the line appears
    once the solve has run for :data:`DELAY` seconds (a quick solve shows
    nothing), is rewritten as progress comes, and disappears at
    :meth:`stop`.  ``console`` is the terminal's console; when the
    explanation goes to the same terminal it must be the console the
    explanation is printed through (:class:`TerminalWriter`,
    :class:`ConsoleText`), so that rich clears the line before each print
    and draws it again below - one live display, never a status line left
    inside the text.  ``text`` turns a progress report into the line
    (default :func:`paint.render.text.progress_text`).
    """

    DELAY = 0.5
    """Seconds of solving before the line appears."""

    def __init__(self, console: Console, *, text=progress_text):
        self.console = console
        self.text = text
        self.live: Live | None = None

    def update(self, progress) -> None:
        """Show ``progress`` (a :class:`paint.budget.Progress`, or whatever ``text`` takes with a ``seconds``)."""
        if progress.seconds < self.DELAY:
            return
        self.show(self.text(progress))

    def show(self, line: str) -> None:
        """Show ``line`` now, whatever the time."""
        text = Text(line, style="dim", no_wrap=True, overflow="ellipsis")
        if self.live is None:
            self.live = Live(text, console=self.console, transient=True, refresh_per_second=4,
                             redirect_stdout=False, redirect_stderr=False)
            self.live.start()
        else:
            self.live.update(text)

    def stop(self) -> None:
        """Take the line away."""
        if self.live is not None:
            self.live.stop()
            self.live = None


class ConsoleText:
    """A text stream (``write``, ``flush``) that prints whole lines through a rich ``console``, unstyled and unwrapped.

    For text written as it is made (a JSON document, a banner) on the
    terminal that shows a :class:`StatusLine`: each whole line goes through
    the console, which clears the status line first and draws it again
    below; a line is held until its end is written, so the status line is
    never drawn after half a line.  :meth:`flush` prints what is held.

    >>> import io
    >>> console = Console(file=io.StringIO(), width=20)
    >>> stream = ConsoleText(console)
    >>> stream.write('{"a": [1, 2') and console.file.getvalue()
    ''
    >>> stream.write(', 3]}' + ' ' * 30 + 'x' + chr(10)) and console.file.getvalue() == '{"a": [1, 2, 3]}' + ' ' * 30 + 'x' + chr(10)
    True
    """

    def __init__(self, console: Console):
        self.console = console
        self._held = ""

    def write(self, text: str) -> int:
        """Print the whole lines of what was held and ``text``, and hold the rest; returns ``len(text)``."""
        held = self._held + text
        whole, newline, self._held = held.rpartition("\n")
        if newline:
            self.console.out(whole, highlight=False)
        return len(text)

    def flush(self) -> None:
        """Print what is held, and flush the console's file."""
        if self._held:
            self.console.out(self._held, highlight=False, end="")
            self._held = ""
        self.console.file.flush()
