"""What solving a puzzle produced: status, steps, final grid (and its JSON document).

>>> from paint.puzzle import Puzzle
>>> from paint.squares import Grid
>>> r = Result(Puzzle(rows=[[1]], columns=[[1]]), 'solved', (), Grid.from_lines(['X']))
>>> r.to_document()['grid']
['X']
"""

from __future__ import annotations

import json
from collections import Counter

import attrs

from .errors import Contradiction
from .explanation import Step
from .puzzle import Puzzle
from .squares import BLANK, Grid

STATUSES = ("solved", "stalled", "contradiction")


@attrs.frozen
class Result:
    """The outcome of :func:`paint.solve`.

    ``status`` is ``'solved'`` (no blank square left, every strip matches its
    clue), ``'stalled'`` (no rule makes progress; search is needed) or
    ``'contradiction'`` (the clues cannot all hold; ``contradiction`` says
    where).  ``steps`` is the explanation, ``grid`` the squares as far as they
    were worked, ``seconds`` the wall-clock time spent solving.
    """

    puzzle: Puzzle
    status: str = attrs.field(validator=attrs.validators.in_(STATUSES))
    steps: tuple[Step, ...]
    grid: Grid
    contradiction: Contradiction | None = None
    seconds: float = 0.0

    @property
    def blank(self) -> int:
        """How many squares are still blank."""
        return self.grid.count(BLANK)

    def rule_counts(self) -> dict[str, int]:
        """Steps per rule name, in the order rules first appear."""
        return dict(Counter(step.rule for step in self.steps))

    def to_document(self) -> dict:
        """The JSON document (a dict of plain values); rows and columns count from 1.

        Schema: ``{"puzzle": {"title", "width", "height"}, "status", "steps":
        [{"number", "rule", "text", "marks": [{"row", "column", "value",
        "strip"}], "reasons": [{"strip", "text"}]}], "grid": [str, ...],
        "contradiction": {"strip", "rule", "reason"} | null}``.
        """
        return {
            "puzzle": {"title": self.puzzle.title, "width": self.puzzle.width,
                       "height": self.puzzle.height},
            "status": self.status,
            "steps": [_step_document(step) for step in self.steps],
            "grid": self.grid.lines(),
            "contradiction": None if self.contradiction is None else {
                "strip": self.contradiction.strip.name,
                "rule": self.contradiction.rule,
                "reason": self.contradiction.reason,
            },
        }

    def to_json(self, indent: int | None = None) -> str:
        """The JSON document as text."""
        return json.dumps(self.to_document(), indent=indent, ensure_ascii=False)


def _step_document(step: Step) -> dict:
    return {
        "number": step.number,
        "rule": step.rule,
        "text": step.text,
        "marks": [{"row": m.row + 1, "column": m.column + 1, "value": m.value.word,
                   "strip": m.strip.name} for m in step.marks],
        "reasons": [{"strip": r.strip.name, "text": r.line} for r in step.reasons],
    }
