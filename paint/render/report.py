"""The editor's report of ``paint check --html``: one self-contained HTML page for a batch.

A table with one row per puzzle - file, size, verdict, hardest rule, steps,
blank squares at the stall, seconds, notes - and a small picture of each:
the solution of a puzzle that passes, the grid where line logic stalls
(its blank squares grey) for one that needs probes or search or stopped at
a limit, and for ``multiple`` the two solutions found side by side, the
squares where they differ framed in red.  Verdicts are coloured and also
written, so colour is never the only cue.  A click on a column's heading
sorts the table by it (the inline ``assets/report.js``; verdicts sort from
best to worst); without scripts the table reads in the order checked.
The words are :mod:`paint.render.check`'s, so the page says what the text
report says.  Rows are written one at a time (:func:`write_report_html`),
so a batch of thousands is never held as one string.

>>> from paint.check import Check
>>> import io
>>> out = io.StringIO()
>>> write_report_html(out, [Check('a.non', 'ok', passes=True, steps=3, hardest_rule='overlap')], seconds=0.5)
>>> page = out.getvalue()
>>> page.startswith('<!DOCTYPE html>'), 'class="verdict ok pass"' in page
(True, True)
"""

from __future__ import annotations

import html
from typing import TextIO

from ..check import VERDICTS, Check
from ..explanation import plural
from ..squares import Grid
from .check import describe, note, short_names, summary_line
from .html import asset, page_head, script_text
from .svg import thumbnail

PICTURE = 120
"""The longer side of a puzzle's picture in the table, in px."""

COLUMNS = ("file", "size", "verdict", "hardest rule", "steps", "blank at stall", "seconds", "notes", "picture")
"""The table's columns, in order."""

UNSORTED = ("notes", "picture")
"""The columns a click does not sort: they have no order."""


def pictures_html(check: Check) -> str:
    """The picture cell of ``check``: two solutions side by side for ``multiple``, else the stall or the solution.

    Nothing when there is nothing to draw (an error, a puzzle built without
    its grid).  Each picture has a caption saying what it shows.
    """
    if check.verdict == "multiple" and len(check.solutions) >= 2:
        first, second = check.solutions[:2]
        places = Grid.from_lines(first).differences(Grid.from_lines(second))
        count = plural(len(places), "square")
        return "".join(
            f'<figure>{thumbnail(grid, marked=places, size=PICTURE * 3 // 4, title=f"solution {n}, the {count} where the two differ framed")}'
            f"<figcaption>solution {n}</figcaption></figure>" for n, grid in ((1, first), (2, second)))
    if check.stall is not None and not check.passes:
        blank = check.blank_at_stall or 0
        return (f'<figure>{thumbnail(check.stall, size=PICTURE, title=f"where line logic stalls, {blank} squares blank")}'
                f"<figcaption>at the stall ({blank} blank)</figcaption></figure>")
    if check.solution is not None:
        return f'<figure>{thumbnail(check.solution, size=PICTURE, title="the solution")}<figcaption>solution</figcaption></figure>'
    if check.stall is not None:
        return f'<figure>{thumbnail(check.stall, size=PICTURE, title="where line logic stalls")}<figcaption>at the stall</figcaption></figure>'
    return ""


def row_html(check: Check, name: str, *, allow_probes: bool = False) -> str:
    """One ``<tr>`` of the report; ``data-sort`` on a cell is the value it sorts by when that is not its text."""
    size = "" if check.width is None else f"{check.width}x{check.height}"
    area = "" if check.width is None else str(check.width * check.height)
    verdict = check.verdict
    passing = " pass" if check.passes else ""
    # the sentence a single puzzle gets (it holds the short note, and whether the file's goal is the solution)
    notes = html.escape(note(check) if verdict == "error" else describe(check, allow_probes=allow_probes))
    cells = [
        f'<td class="file">{html.escape(name)}</td>',
        f'<td data-sort="{area}">{size}</td>',
        f'<td data-sort="{VERDICTS.index(verdict)}"><span class="verdict {verdict}{passing}">{verdict}</span></td>',
        f"<td>{html.escape(check.hardest_rule or '')}</td>",
        f"<td class=\"number\">{'' if verdict == 'error' else check.steps}</td>",
        f"<td class=\"number\">{'' if check.blank_at_stall is None else check.blank_at_stall}</td>",
        f'<td class="number">{check.seconds:.2f}</td>',
        f'<td class="notes">{notes}</td>',
        f'<td class="picture">{pictures_html(check)}</td>',
    ]
    return f"<tr>{''.join(cells)}</tr>\n"


def write_report_html(stream: TextIO, checks, *, seconds: float, allow_probes: bool = False,
                      total: int | None = None) -> None:
    """Write the report page of ``checks`` (:class:`paint.check.Check` records) to ``stream``, a row at a time.

    ``seconds`` is the batch's wall-clock time; ``total`` as in
    :func:`paint.render.check.summary_line` (more puzzles were to be
    checked: the batch was interrupted).  Raises nothing of its own.
    """
    checks = list(checks)
    folder, names = short_names(check.file for check in checks)
    write = stream.write
    write(page_head(f"paint check: {len(checks)} puzzle{'s' if len(checks) != 1 else ''}"
                    + (f" in {folder}" if folder else ""), asset("report.css")))
    write("<body>\n<header>\n<h1>paint check</h1>\n")
    write(f'<p class="summary">{html.escape(summary_line(checks, seconds=seconds, allow_probes=allow_probes, total=total))}</p>\n')
    if folder:
        write(f"<p>Files in <code>{html.escape(folder)}</code></p>\n")
    write("</header>\n<main>\n<table id=\"report\">\n<thead><tr>")
    write("".join(f'<th scope="col"{" data-nosort" if name in UNSORTED else ""}>{name}</th>' for name in COLUMNS))
    write("</tr></thead>\n<tbody>\n")
    for check, name in zip(checks, names):
        write(row_html(check, name, allow_probes=allow_probes))
    write("</tbody>\n</table>\n</main>\n")
    write(f"<script>\n{script_text(asset('report.js'))}</script>\n</body>\n</html>\n")
