"""The whole explanation of a solve as one self-contained HTML page (Kramer key decision 4).

The page shows what :mod:`paint.render.terminal` prints - the same parts
from :func:`paint.render.text.result_parts`, the same styles, the squares
each step marked highlighted in the picture after it - recorded by rich and
exported with inline styles, then the final grid as an inline SVG picture
(:func:`paint.render.svg.svg_element`).  The page needs nothing but
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
from xml.etree import ElementTree

from rich.console import Console
from rich.terminal_theme import DEFAULT_TERMINAL_THEME, TerminalTheme

from ..result import Result
from .svg import svg_element
from .terminal import TerminalWriter
from .text import WIDTH, header, result_parts

THEME: TerminalTheme = DEFAULT_TERMINAL_THEME
"""The colours the page uses for rich's styles: rich's default, dark text on a white page."""

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="paint">
<title>@TITLE@</title>
<style>
{stylesheet}
body {{
    color: {foreground};
    background-color: {background};
    margin: 1.5em;
}}
pre.explanation {{
    font-family: Menlo, 'DejaVu Sans Mono', Consolas, 'Courier New', monospace;
    line-height: 1.2;
}}
figure.answer {{
    margin: 1.5em 0;
}}
figure.answer figcaption {{
    font-family: 'DejaVu Sans', Verdana, Arial, sans-serif;
    margin-top: 0.5em;
}}
</style>
</head>
<body>
<main>
<pre class="explanation"><code style="font-family:inherit">{code}</code></pre>
<figure class="answer">
@PICTURE@
<figcaption>@CAPTION@</figcaption>
</figure>
</main>
</body>
</html>
"""
"""The page around rich's export: rich fills ``{code}``, ``{stylesheet}``, ``{foreground}`` and
``{background}`` (CSS braces are doubled for :meth:`str.format`); :func:`page_format` fills
``@TITLE@``, ``@PICTURE@`` and ``@CAPTION@`` first."""

CAPTIONS = {
    "solved": "The solution.",
    "multiple": "One of the solutions.",
    "contradiction": "The grid when the contradiction was found.",
    "stalled": "The grid as far as the rules got.",
    "limit": "The grid as far as the search got.",
}
"""The caption under the final picture, by the result's status."""


def render_html(result: Result, *, detail: bool = False, width: int = WIDTH, show_time: bool = True) -> str:
    """The explanation of ``result`` as one self-contained HTML page (text ending in a newline).

    Every step's line(s) with the picture of the grid after it, the squares
    it marked highlighted as in the terminal, then the outcome and summary,
    and last the final grid (``result.grid``) as an inline SVG picture.
    ``detail`` adds one line per reason; ``width`` wraps step lines to that
    many characters (pictures are never wrapped); ``show_time`` includes the
    time in the summary.  The page's ``<title>`` is the puzzle's title
    (escaped).  Raises nothing of its own.

    >>> import paint
    >>> result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
    >>> page = render_html(result, show_time=False)
    >>> 'font-weight: bold">overlap</span>: 1 full' in page
    True
    """
    console = Console(record=True, file=io.StringIO(), width=width, force_terminal=True,
                      color_system="truecolor", no_color=False, legacy_windows=False)
    writer = TerminalWriter(console)
    for part in result_parts(result, grids=True, detail=detail, width=width, show_time=show_time):
        writer.write(part)
    picture = ElementTree.tostring(svg_element(result.puzzle, result.grid), encoding="unicode")
    template = page_format(f"{header(result.puzzle).title} - paint", picture,
                           CAPTIONS.get(result.status, ""))
    return console.export_html(theme=THEME, inline_styles=True, code_format=template)


def page_format(title: str, picture: str, caption: str) -> str:
    """:data:`TEMPLATE` with the page ``title`` and ``caption`` (escaped here) and the ``picture`` markup filled in.

    What is filled in has its braces doubled, so rich's :meth:`str.format`
    leaves it as it is.

    >>> page = page_format('a {b} <c>', '<svg/>', 'done').format(
    ...     code='', stylesheet='', foreground='#000', background='#fff')
    >>> '<title>a {b} &lt;c&gt;</title>' in page, '<svg/>' in page
    (True, True)
    """
    def braced(text: str) -> str:
        return text.replace("{", "{{").replace("}", "}}")
    return (TEMPLATE.replace("@TITLE@", braced(html.escape(title)))
            .replace("@PICTURE@", braced(picture))
            .replace("@CAPTION@", braced(html.escape(caption))))
