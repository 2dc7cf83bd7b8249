"""A :class:`paint.hint.Hint` in words, at three levels of help.

- level 1: where to look (``look at row 7``), or how many mistakes and in
  which rows;
- level 2: also the rule and the name of the technique, or each mistake;
- level 3 (the default): also the squares and the whole reason, exactly as
  ``paint solve`` prints the step.
"""

from __future__ import annotations

from ..render.text import WIDTH, progress_text, step_part, wrap
from ..wording import plural, step_head

LEVELS = (1, 2, 3)


def hint_lines(hint, *, level: int = 3, width: int = WIDTH) -> list[str]:
    """The lines that say ``hint`` at ``level`` (1, 2 or 3), wrapped to ``width``; raises ValueError for another level.

    >>> import paint
    >>> from paint.hint import hint
    >>> puzzle = paint.Puzzle(rows=[[2], [1]], columns=[[2], [1]])
    >>> hint_lines(hint(puzzle), level=1)
    ['look at row 1']
    >>> hint_lines(hint(puzzle, paint.Grid.from_lines(['X.', '  '])), level=2)
    ['1 mistake:', '    row 1, column 2 should not be empty']
    """
    if level not in LEVELS:
        raise ValueError(f"level {level}: a hint's level is 1, 2 or 3")
    if hint.status == "mistakes":
        mistakes = hint.mistakes
        if level == 1:
            rows = sorted({m.row + 1 for m in mistakes})
            in_rows = f"row {rows[0]}" if len(rows) == 1 else "rows " + ", ".join(map(str, rows[:-1])) + f" and {rows[-1]}"
            return wrap(f"{plural(len(mistakes), 'mistake')}, in {in_rows}", width)
        return [f"{plural(len(mistakes), 'mistake')}:"] + [line for m in mistakes for line in wrap(str(m), width, "    ", "    ")]
    if hint.status == "solved":
        also = {True: ", and its solution is the only one", False: " (the puzzle has other solutions too)"}
        return wrap(f"solved: every square is right{also.get(hint.unique, '')}", width)
    if hint.status == "no-solution":
        return wrap(f"the puzzle has no solution: {hint.reason}", width, "", "    ")
    if hint.status in ("limit", "multiple"):
        return wrap(f"no hint: {hint.reason}", width, "", "    ")
    if hint.status == "conflict":
        if level == 1:
            return wrap("your squares together break the clues, though none is wrong on its own", width)
        return wrap(hint.reason, width, "", "    ")
    step = hint.step
    lines = wrap(f"look at {where(step)}", width)
    if level >= 2:
        named = f" ({step.technique})" if step.technique else ""
        lines = wrap(f"look at {where(step)}: {step.rule}{named}", width)
    if level == 3:
        part = step_part(step, width=width)
        head = step_head(step)
        lines = wrap(f"next: {head}", width, "", "      ") + list(part.reasons) + list(part.drawing)
    if hint.unique is False:
        lines += wrap("note: the puzzle has more than one solution", width)
    return lines


def where(step) -> str:
    """Where the step is, as a person looks for it: its row or column, or the square a probe tried."""
    if step.assumed is not None:
        square = step.assumed
        return f"row {square.row + 1}, column {square.column + 1}"
    strip = step.strip
    if strip is None and step.search is not None:
        strip = step.search.branches[0].placement.strip
    return strip.name if strip is not None else "the grid"


def progress_line(progress, limit: float | None) -> str:
    """The status line while a hint is looked for: what the solve behind it is doing (a
    :class:`paint.budget.Progress`, its seconds counted from the start of the hint) against ``limit`` seconds.

    >>> from paint.budget import Progress
    >>> progress_line(Progress('search', 'overlap', 312, 625, 1240, 3, 12.4), 20.0)
    'looking for a hint - searching: level 3, 1240 branches; 312 of 625 squares blank, 12.4 s of 20 s'
    """
    against = "" if limit is None else f" of {limit:g} s"
    return f"looking for a hint - {progress_text(progress)}{against}"
