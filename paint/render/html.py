"""The whole explanation of a solve as one self-contained HTML page (Kramer key decision 4).

The page shows what :mod:`paint.render.terminal` prints - the same parts
from :func:`paint.render.text.result_parts`, the same styles, the squares
each round marked highlighted in the picture after it - exported by rich
with inline styles, a part at a time as the solve goes (:class:`HtmlWriter`),
then the final grid as an inline SVG picture (:func:`paint.render.svg.write_svg`).  The page needs nothing but
itself: no scripts, no stylesheets, fonts or images from elsewhere, so it
reads the same offline.  Like :mod:`paint.render.terminal`, this module
imports rich; the core never does.

>>> import paint
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> page = render_html(result)
>>> page.startswith('<!DOCTYPE html>'), '<title>Tiny - paint</title>' in page, '<script' in page
(True, True, False)
"""

from __future__ import annotations

import html
import io
from typing import TextIO

from rich.console import Console
from rich.style import Style
from rich.terminal_theme import DEFAULT_TERMINAL_THEME, TerminalTheme
from rich.text import Text

from ..puzzle import Puzzle
from ..result import Result
from ..squares import EMPTY, FULL
from .svg import write_svg
from .terminal import STYLES, step_text, summary_table
from .text import WIDTH, Header, Outcome, Part, Picture, StepPart, gap_before, header, result_parts

THEME: TerminalTheme = DEFAULT_TERMINAL_THEME
"""The colours the page uses for rich's styles: rich's default, dark text on a white page."""

HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="paint">
<title>@TITLE@</title>
<style>
body {
    color: @FOREGROUND@;
    background-color: @BACKGROUND@;
    margin: 1.5em;
}
pre.explanation {
    font-family: Menlo, 'DejaVu Sans Mono', Consolas, 'Courier New', monospace;
    line-height: 1.2;
}
figure.answer {
    margin: 1.5em 0;
}
figure.answer figcaption {
    font-family: 'DejaVu Sans', Verdana, Arial, sans-serif;
    margin-top: 0.5em;
}
</style>
</head>
<body>
<main>
<pre class="explanation"><code style="font-family:inherit">"""
"""The page up to the explanation; ``@TITLE@``, ``@FOREGROUND@`` and ``@BACKGROUND@`` are filled in."""

CAPTIONS = {
    "solved": "The solution.",
    "multiple": "One of the solutions.",
    "contradiction": "The grid when the contradiction was found.",
    "stalled": "The grid as far as the rules got.",
    "limit": "The grid as far as the search got.",
}
"""The caption under the final picture, by the result's status."""


class HtmlWriter:
    """Writes the page to ``stream`` as the solve goes: :meth:`begin`, :meth:`write` for each part, :meth:`end`.

    Text is styled as :class:`paint.render.terminal.TerminalWriter` styles
    it and exported by rich with inline styles; pictures, which can be
    millions of characters, are escaped directly with the same styles on the
    squares just marked.  Each part is written at once, so the page is never
    held in memory whole.  ``width`` is the width the explanation lines were
    wrapped to.
    """

    def __init__(self, stream: TextIO, *, width: int = WIDTH):
        self.stream = stream
        self.console = Console(record=True, file=io.StringIO(), width=width, force_terminal=True,
                               color_system="truecolor", no_color=False, legacy_windows=False)
        self.previous: Part | None = None
        self.styles = {value: Style.parse(STYLES[name]).get_html_style(THEME)
                       for value, name in ((FULL, "full"), (EMPTY, "empty"))}

    def begin(self, puzzle: Puzzle) -> None:
        """Write the page's head, titled after ``puzzle``, and open the explanation."""
        self.stream.write(HEAD.replace("@TITLE@", html.escape(f"{header(puzzle).title} - paint"))
                          .replace("@FOREGROUND@", THEME.foreground_color.hex)
                          .replace("@BACKGROUND@", THEME.background_color.hex))
        self.previous = None

    def write(self, part: Part) -> None:
        """Write one part of the explanation (see :mod:`paint.render.text`)."""
        write = self.stream.write
        if gap_before(self.previous, part):
            write("\n")
        self.previous = part
        if isinstance(part, Picture):
            write(self.picture(part))
        elif isinstance(part, StepPart):
            write(self.rich(step_text(part)))
        elif isinstance(part, Outcome):
            write(self.rich(Text("\n".join(part.message), STYLES.get(part.status, ""))))
            if part.picture is not None:
                write("\n" + self.picture(part.picture))
        elif isinstance(part, Header):
            write(self.rich(Text(part.title, STYLES["title"])) + html.escape("".join(line + "\n" for line in part.lines)))
        else:
            write(self.rich(summary_table(part)))

    def rich(self, renderable) -> str:
        """``renderable`` printed by rich and exported as HTML with inline styles."""
        self.console.print(renderable, soft_wrap=True)
        self.console.file.seek(0)
        self.console.file.truncate()
        return self.console.export_html(theme=THEME, inline_styles=True, code_format="{code}", clear=True)

    def picture(self, picture: Picture) -> str:
        """The lines of ``picture``, escaped, the squares it highlights wrapped in styled spans."""
        by_line: dict[int, list] = {}
        for mark in picture.highlights:
            by_line.setdefault(mark.line, []).append(mark)
        lines = []
        for number, line in enumerate(picture.lines):
            marks = sorted(by_line.get(number, ()), key=lambda mark: mark.start)
            if not marks:
                lines.append(html.escape(line))
                continue
            runs: list[list] = []  # [start, end, value]: neighbouring squares marked alike share one span
            for mark in marks:
                if runs and runs[-1][1] == mark.start and runs[-1][2] == mark.value:
                    runs[-1][1] = mark.end
                else:
                    runs.append([mark.start, mark.end, mark.value])
            pieces, at = [], 0
            for start, end, value in runs:
                pieces.append(html.escape(line[at:start]))
                pieces.append(f'<span style="{self.styles[value]}">{html.escape(line[start:end])}</span>')
                at = end
            pieces.append(html.escape(line[at:]))
            lines.append("".join(pieces))
        return "\n".join(lines) + "\n"

    def end(self, result: Result, picture: str | None = None) -> None:
        """Close the explanation and write the final grid (``result.grid``) as an inline SVG picture.

        ``picture`` is that picture's markup when it was already made
        (:func:`paint.render.svg.svg_markup`), so it is not drawn twice.
        """
        self.stream.write("</code></pre>\n<figure class=\"answer\">\n")
        if picture is None:
            write_svg(self.stream, result.puzzle, result.grid, declaration=False)
        else:
            self.stream.write(picture)
        self.stream.write(f"<figcaption>{html.escape(CAPTIONS.get(result.status, ''))}</figcaption>\n"
                          "</figure>\n</main>\n</body>\n</html>\n")


def render_html(result: Result, *, detail: bool = False, brief: bool = False, width: int = WIDTH,
                show_time: bool = True) -> str:
    """The explanation of ``result`` as one self-contained HTML page (text ending in a newline).

    Every step's line(s) and reasons, the picture of the grid after each
    round with the squares the round marked highlighted as in the terminal,
    then the outcome and summary,
    and last the final grid (``result.grid``) as an inline SVG picture.
    ``brief`` leaves out the reasons under each step, ``detail`` adds a
    probe's generations and a search's branches; ``width`` wraps step lines to that
    many characters (pictures are never wrapped); ``show_time`` includes the
    time in the summary.  The page's ``<title>`` is the puzzle's title
    (escaped).  The pictures after the rounds are always drawn (the page is
    the grids).  Raises nothing of its own.

    >>> import paint
    >>> result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
    >>> page = render_html(result, show_time=False)
    >>> 'font-weight: bold">overlap (simple boxes)</span>: row 1 [1] - column 1 full' in page
    True
    """
    buffer = io.StringIO()
    writer = HtmlWriter(buffer, width=width)
    writer.begin(result.puzzle)
    for part in result_parts(result, grids=True, detail=detail, brief=brief, width=width, show_time=show_time):
        writer.write(part)
    writer.end(result)
    return buffer.getvalue()
