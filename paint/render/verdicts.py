"""The words of ``paint check``'s report in plain text, without rich: the sentence a puzzle gets, the note of
a table's row, the summary line, the files' short names, the CSV, and the whole report of one puzzle written to
a file or pipe (:func:`plain_report`).

:mod:`paint.render.check` lays these out with rich (a table, colour, a terminal); a report that needs none of
that is written from here alone, so ``paint check`` of one puzzle into a file or pipe, ``--csv`` and the HTML
report load no rich.

>>> from paint.check import Check
>>> checks = [Check('a.non', 'ok', passes=True, steps=3, hardest_rule='overlap'),
...           Check('b.non', 'multiple', differing=4)]
>>> summary_line(checks, seconds=0.5)
'1 ok, 1 multiple (2 puzzles, 0.5 s)'
>>> note(checks[1])
'two solutions differ in 4 squares'
"""

from __future__ import annotations

import os
import re
from collections import Counter

from ..check import VERDICTS, Check
from ..explanation import plural
from ..grade import grade_words
from ..wording import number


def describe(check: Check, *, allow_probes: bool = False) -> str:
    """One sentence saying what the verdict means for this puzzle, with its figures (rows, columns from 1).

    >>> describe(Check('a.non', 'needs-search', unique=True, steps=40, hardest_rule='search',
    ...                blank_at_stall=8, search_depth=1, width=25, height=25))
    '25 columns x 25 rows; line logic stalls with 8 squares blank; search 1 level deep finishes it, after 40 steps of the rules; the solution is unique'
    """
    parts = []
    if check.width is not None:
        parts.append(f"{plural(check.width, 'column')} x {plural(check.height, 'row')}")
    logic = "line logic and the probes" if allow_probes else "line logic"
    stalled = (None if check.blank_at_stall is None
               else f"{logic} {'stall' if allow_probes else 'stalls'} with {plural(check.blank_at_stall, 'square')} blank")
    verdict = check.verdict
    if verdict == "ok":
        parts.append(f"line logic alone finishes it in {plural(check.steps, 'step')} "
                     f"(hardest rule: {check.hardest_rule}); the solution is unique")
    elif verdict == "needs-probes":
        finish = (f"{'line logic and the probes (allowed)' if allow_probes else 'the probes'} finish it "
                  f"(hardest rule: {check.hardest_rule}; {plural(check.steps, 'step')} in all)")
        parts += [stalled] if stalled else []
        parts += [finish, "the solution is unique"]
    elif verdict == "needs-search":
        parts += [stalled] if stalled else []
        after = f", after {plural(check.steps, 'step')} of the rules" if check.steps else ""
        parts += [_searched(check) + f" finishes it{after}", "the solution is unique"]
    elif verdict == "multiple":
        parts += [stalled] if stalled else []
        parts.append(f"more than one solution: two of them differ in {plural(check.differing or 0, 'square')}")
    elif verdict == "no-solution":
        parts.append(f"no solution: {check.contradiction}" if check.contradiction else "no solution")
    elif verdict == "limit":
        parts += [stalled] if stalled else []
        parts.append(f"stopped by a limit after {check.seconds:.1f} s and {plural(check.steps, 'step')}, "
                     "before the answer was known")
    else:
        return check.error or "cannot be checked"
    if check.grade is not None:
        parts.append(f"grade {grade_words(check.grade)}")
    if check.goal_matches:
        parts.append("the goal in the file matches")
    elif check.error:
        parts.append(check.error)
    return "; ".join(parts)


def note(check: Check) -> str:
    """The short remark in the table's last column: what is wrong, or how far search went ('' for ok).

    An error loses the file name, which the table already shows.

    >>> note(Check('a.non', 'error', error='a.non:3: clue "x" is not a number'))
    'line 3: clue "x" is not a number'
    """
    if check.verdict == "error":
        return _without_file(check.file, check.error or "")
    if check.error:
        return check.error
    if check.verdict == "needs-search":
        return _searched(check)
    if check.verdict == "multiple":
        return f"two solutions differ in {plural(check.differing or 0, 'square')}"
    if check.verdict == "no-solution":
        return check.contradiction or ""
    if check.verdict == "limit":
        return "stopped by a limit"
    return ""


def _searched(check: Check) -> str:
    """How far search went for a ``needs-search`` puzzle: ``'search 2 levels deep'``, or, decided by a SAT solver
    (which has no levels), ``'search (SAT: depth not measured)'``."""
    if check.search_depth is None:
        return "search (SAT: depth not measured)"
    return f"search {plural(check.search_depth, 'level')} deep"


def _without_file(file: str, message: str) -> str:
    if file and message.startswith(file + ":"):
        rest = message[len(file) + 1:]
        line = re.match(r"([0-9]+): ", rest)
        return f"line {line.group(1)}: {rest[line.end():]}" if line else rest.strip()
    return message


def summary_line(checks, *, seconds: float, allow_probes: bool = False, total: int | None = None) -> str:
    """The one-line summary: how many puzzles got each verdict, in :data:`paint.check.VERDICTS` order.

    Goals that differ from the solution are counted too.  ``total``, when
    more puzzles were to be checked than ``checks`` holds, says the batch
    was interrupted.

    >>> summary_line([Check('a.non', 'needs-probes', passes=True)], seconds=1, allow_probes=True)
    '1 needs-probes (allowed) (1 puzzle, 1.0 s)'
    """
    counts = Counter(check.verdict for check in checks)
    words = [f"{counts[verdict]} {verdict}" + (" (allowed)" if verdict == "needs-probes" and allow_probes else "")
             for verdict in VERDICTS if counts[verdict]]
    wrong_goals = sum(1 for check in checks if check.goal_matches is False)
    if wrong_goals:
        words.append(f"{wrong_goals} with a goal that is not the solution")
    text = ", ".join(words) or "nothing checked"
    if total is not None and total != len(checks):
        return f"interrupted after {number(len(checks))} of {plural(total, 'puzzle')}: {text} ({seconds:.1f} s)"
    return f"{text} ({plural(len(checks), 'puzzle')}, {seconds:.1f} s)"


def short_names(files) -> tuple[str | None, list[str]]:
    """The folder all ``files`` lie in (None if they share none, or there is one file) and each file's name within it.

    >>> short_names(['a/b/x.non', 'a/b/c/y.non'])
    ('a/b', ['x.non', 'c/y.non'])
    >>> short_names(['x.non', 'a/y.non'])
    (None, ['x.non', 'a/y.non'])
    """
    files = list(files)
    try:
        folder = os.path.commonpath([os.path.dirname(file) for file in files]) if len(files) > 1 else ""
    except ValueError:  # absolute and relative paths mixed
        folder = ""
    if not folder:
        return None, files
    return folder, [os.path.relpath(file, folder) for file in files]

def plain_report(checks, *, seconds: float, allow_probes: bool = False, total: int | None = None) -> str | None:
    """The report of one puzzle as :func:`paint.render.check.render_report` writes it where nothing is shown in
    colour (a file, a pipe): ``file: verdict``, the :func:`describe` sentence indented by two spaces, a blank line
    and the :func:`summary_line`, character for character what rich writes there, given the check's names and
    messages made printable (:func:`paint.printable.printable`) as the batch makes them.  None for any other
    report (several puzzles make a table, drawn by rich).

    >>> from paint.check import Check
    >>> print(plain_report([Check('a.non', 'ok', passes=True, steps=3, hardest_rule='overlap')], seconds=0.5))
    a.non: ok
      line logic alone finishes it in 3 steps (hardest rule: overlap); the solution is unique
    <BLANKLINE>
    1 ok (1 puzzle, 0.5 s)
    <BLANKLINE>
    """
    checks = list(checks)
    if len(checks) != 1 or total not in (None, 1):
        return None
    check = checks[0]
    return (f"{check.file or '(puzzle)'}: {check.verdict}\n  {describe(check, allow_probes=allow_probes)}\n\n"
            f"{summary_line(checks, seconds=seconds, allow_probes=allow_probes, total=total)}\n")


CSV_COLUMNS = ("file", "width", "height", "verdict", "grade", "hardest_rule", "steps", "blank_at_stall", "seconds",
               "passes", "notes")
"""The columns of ``paint check --csv``, in the JSON's names (``notes`` is the sentence a single puzzle gets)."""

_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""How a spreadsheet cell that it would run as a formula begins."""


def csv_cell(value) -> str:
    """One value as a CSV cell: the JSON's value written out (true/false, nothing for null); a text a
    spreadsheet would take for a formula (``=``, ``+``, ``-``, ``@`` first) gets a ``'`` before it.

    >>> [csv_cell(v) for v in (None, True, 3, 0.5, '=1+1', 'a.non')]
    ['', 'true', '3', '0.5', "'=1+1", 'a.non']
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return "'" + text if isinstance(value, str) and text.startswith(_FORMULA) else text


def csv_text(checks, *, allow_probes: bool = False) -> str:
    """The checks as CSV (RFC 4180: a header row of :data:`CSV_COLUMNS`, then one row per puzzle, in order).

    Each value is the JSON document's (:meth:`paint.check.Check.to_document`) under the same name, written
    by :func:`csv_cell`; ``notes`` is :func:`describe` (:func:`note` for an error).

    >>> rows = csv_text([Check('a.non', 'ok', passes=True, steps=3, hardest_rule='overlap', grade=1, width=2,
    ...                        height=2)]).splitlines()
    >>> rows[0]
    'file,width,height,verdict,grade,hardest_rule,steps,blank_at_stall,seconds,passes,notes'
    >>> rows[1][:40]
    'a.non,2,2,ok,1,overlap,3,,0.0,true,2 col'
    """
    import csv
    import io
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    for check in checks:
        document = check.to_document()
        document["notes"] = note(check) if check.verdict == "error" else describe(check, allow_probes=allow_probes)
        writer.writerow([csv_cell(document[column]) for column in CSV_COLUMNS])
    return buffer.getvalue()
