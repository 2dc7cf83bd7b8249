"""The editor's report of ``paint check --html``: one self-contained HTML page for a batch, problems first.

A table with one row per puzzle - file, size, verdict, grade
(:mod:`paint.grade`), hardest rule, steps, blank squares at the stall, seconds, notes - and a
small picture of each: the solution of a puzzle that passes, the grid where
line logic stalls (its blank squares grey) for one that needs probes or
search or stopped at a limit, and for ``multiple`` the two solutions found
side by side, the squares where they differ framed in red and listed in
the notes.  The rows come in the order of :data:`TRIAGE`, the problems
first (no-solution, multiple, needs-search, needs-probes, then ok; every
puzzle that fails before every one that passes), so an editor reads the
puzzles to fix before the ones that pass.  Verdicts are
coloured and also written, so colour is never the only cue.  The counts in
the summary are buttons that show only the puzzles of their verdict; a
click on a column's heading sorts the table by it (the inline
``assets/report.js``; verdicts sort worst first); without scripts the
table reads in triage order.  Each file name links to the file; with
``pages``, a puzzle's "steps" link opens its step-through page.  On a
narrow screen each row reads as a card.
The words are :mod:`paint.render.verdicts`', so the page says what the text
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
import os
import re
from typing import TextIO
from urllib.parse import quote

from ..check import Check
from ..ambiguity import differences_words
from ..explanation import plural
from ..grade import grade_words
from ..squares import Grid
from .verdicts import describe, note, short_names, summary_line
from .html import asset, page_head, script_text
from .svg import thumbnail

PICTURE = 120
"""The longer side of a puzzle's picture in the table, in px."""

COLUMNS = ("file", "size", "verdict", "grade", "hardest rule", "steps", "blank at stall", "seconds", "notes",
           "picture")
"""The table's columns, in order."""

UNSORTED = ("notes", "picture")
"""The columns a click does not sort: they have no order."""

TRIAGE = ("error", "no-solution", "multiple", "limit", "needs-search", "needs-probes", "ok")
"""The verdicts in the order the report lists them: what an editor must fix first, what passes last."""


def triage_key(check: Check) -> int:
    """Where ``check`` goes in the report: every puzzle that fails (a goal that is not the solution too) before
    every one that passes, each by :data:`TRIAGE`."""
    return TRIAGE.index(check.verdict) + (len(TRIAGE) if check.passes else 0)


def href(target: str, base: str | None) -> str:
    """A link to the file ``target`` from a page in the folder ``base`` (relative; absolute when ``base`` is None or
    the two share no root), its characters quoted for a URL.

    >>> href('puzzles/a b.non', 'out')
    '../puzzles/a%20b.non'
    """
    target = os.path.abspath(target)
    if base is not None:
        try:
            return quote(os.path.relpath(target, os.path.abspath(base)).replace(os.sep, "/"))
        except ValueError:  # another drive
            pass
    return "file://" + quote(target.replace(os.sep, "/"))


def linked_file(file: str) -> str | None:
    """The file a check's row links to: its file, the file of many it is one of (``questions.txt#17``), or None
    when there is no such file (a Tatham game ID, a name shown escaped).

    >>> linked_file('no/such/file.non') is None
    True
    """
    for path in (file, re.sub(r"#\d+$", "", file)):
        if os.path.isfile(path):
            return path
    return None


def breakable(name: str) -> str:
    """A file name, escaped, that a narrow screen may break after ``/``, ``-`` and ``_``, never mid-word.

    >>> breakable('a/long-name.non')
    'a/<wbr>long-<wbr>name.non'
    """
    return re.sub(r"([/\-_])", r"\1<wbr>", html.escape(name))


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


def row_html(check: Check, name: str, *, allow_probes: bool = False, base: str | None = None,
             page: str | None = None) -> str:
    """One ``<tr>`` of the report; ``data-sort`` on a cell is the value it sorts by when that is not its text.

    The file name links to the file (:func:`href` from ``base``, the
    report's folder); ``page`` is the address of the puzzle's
    step-through page, linked as "steps", when one was written."""
    size = "" if check.width is None else f"{check.width}x{check.height}"
    area = "" if check.width is None else str(check.width * check.height)
    verdict = check.verdict
    passing = " pass" if check.passes else ""
    # the sentence a single puzzle gets (it holds the short note, and whether the file's goal is the solution)
    notes = html.escape(note(check) if verdict == "error" else describe(check, allow_probes=allow_probes))
    if verdict == "multiple" and len(check.solutions) >= 2:
        places = Grid.from_lines(check.solutions[0]).differences(Grid.from_lines(check.solutions[1]))
        notes += f"<br>where: {html.escape(differences_words(places).split(' - ', 1)[1])}"
    steps = f' <a class="steps-page" href="{html.escape(quote(page))}">steps</a>' if page else ""
    target = linked_file(check.file)
    shown = breakable(name)
    shown = f'<a href="{html.escape(href(target, base))}">{shown}</a>' if target else shown
    cells = [
        f"{shown}{steps}",
        size,
        f'<span class="verdict {verdict}{passing}">{verdict}</span>',
        html.escape(grade_words(check.grade)),
        html.escape(check.hardest_rule or ""),
        "" if verdict == "error" else str(check.steps),
        "" if check.blank_at_stall is None else str(check.blank_at_stall),
        f"{check.seconds:.2f}",
        notes,
        pictures_html(check),
    ]
    attributes = {"file": ' class="file"', "size": f' data-sort="{area}"',
                  "verdict": f' data-sort="{triage_key(check)}"',
                  "grade": f' data-sort="{"" if check.grade is None else check.grade}"',
                  "steps": ' class="number"', "blank at stall": ' class="number"', "seconds": ' class="number"',
                  "notes": ' class="notes"', "picture": ' class="picture"'}
    row = "".join(f'<td data-label="{column}"{attributes.get(column, "")}>{cell}</td>'
                  for column, cell in zip(COLUMNS, cells))
    return f'<tr data-verdict="{verdict}">{row}</tr>\n'


def write_report_html(stream: TextIO, checks, *, seconds: float, allow_probes: bool = False,
                      total: int | None = None, base: str | None = None, pages: dict | None = None) -> None:
    """Write the report page of ``checks`` (:class:`paint.check.Check` records) to ``stream``, a row at a time,
    problems first (:func:`triage_key`).

    ``seconds`` is the batch's wall-clock time; ``total`` as in
    :func:`paint.render.verdicts.summary_line` (more puzzles were to be
    checked: the batch was interrupted).  ``base`` is the folder the page
    is written to, so that file links are relative (None: absolute);
    ``pages`` maps a check's file to the address of its step-through page.
    Raises nothing of its own.
    """
    checks = sorted(checks, key=triage_key)
    pages = pages or {}
    folder, names = short_names(check.file for check in checks)
    write = stream.write
    write(page_head(f"paint check: {len(checks)} puzzle{'s' if len(checks) != 1 else ''}"
                    + (f" in {folder}" if folder else ""), asset("report.css")))
    write("<body>\n<header>\n<h1>paint check</h1>\n")
    write(f'<p class="summary">{html.escape(summary_line(checks, seconds=seconds, allow_probes=allow_probes, total=total))}</p>\n')
    if folder:
        write(f"<p>Files in <code>{breakable(folder)}</code></p>\n")
    counts = {verdict: sum(1 for check in checks if check.verdict == verdict) for verdict in TRIAGE}
    write('<p class="filters" id="filters" hidden>Show: <button type="button" data-verdict="" aria-pressed="true">'
          f"all {len(checks)}</button>")
    write("".join(f'<button type="button" data-verdict="{verdict}" aria-pressed="false">'
                  f'<span class="verdict {verdict}">{count} {verdict}</span></button>'
                  for verdict, count in counts.items() if count))
    write("</p>\n")
    write("</header>\n<main>\n<table id=\"report\">\n<thead><tr>")
    write("".join(f'<th scope="col"{" data-nosort" if name in UNSORTED else ""}>{name}</th>' for name in COLUMNS))
    write("</tr></thead>\n<tbody>\n")
    for check, name in zip(checks, names):
        write(row_html(check, name, allow_probes=allow_probes, base=base, page=pages.get(check.file)))
    write("</tbody>\n</table>\n</main>\n")
    write(f"<script>\n{script_text(asset('report.js'))}</script>\n</body>\n</html>\n")
