"""A puzzle's grade: how hard the hardest step it needs is, on a small fixed scale an editor can sort by.

The grade follows the ladder of techniques (:data:`paint.rules.RULES`, each
rule on its rung; the engine always takes the lowest rung that makes
progress, so the hardest rung a solve used is the hardest the puzzle
needs), then search, by its depth:

==  ==============  ==========================================================
 1  counting        the clue fills the line, overlap, every run is its block
                    (``fills``, ``overlap``, ``located``: rungs up to 19)
 2  reach           squares no block can reach, gaps too narrow for any block
                    (``unreachable``, ``narrow_gap``: rungs 20-39)
 3  edges           block extension: where a block's ends must be (rungs
                    40-49)
 4  line trial      a square whose one value leaves its line no way to be
                    completed (``try_one``: the rest of line logic)
 5  probes          a square supposed and followed across lines (``edge``,
                    ``corner``)
 6  search          a guess one level deep
 7  deep search     guesses stacked two or more levels deep
==  ==============  ==========================================================

A harder rung never gives a lower grade: the grade is a step function of
the hardest rung, and search comes after every rung.  A puzzle without one
solution (``multiple``, ``no-solution``), one stopped by a limit and one
that could not be read have no grade (None).  The effort beside it is the
number of steps at each rule, in the ladder's order (Batenburg et al.,
"Constructing Simple Nonograms of Varying Difficulty", grade puzzles by the
rules a solver needs; Simon Tatham's puzzles by the hardest technique).

>>> grade('ok', 'overlap', None), grade('ok', 'block_extension', None), grade('needs-search', 'search', 2)
(1, 3, 7)
>>> GRADES[4].name
'line trial'
"""

from __future__ import annotations

from collections import Counter

import attrs

from .rules import PROBE_NAMES, RULES


@attrs.frozen
class Grade:
    """One grade of the scale: its ``number`` (1 easiest), ``name`` and what it takes, in ``words``."""

    number: int
    name: str
    words: str


GRADES = (
    None,
    Grade(1, "counting", "the clue fills the line, overlap, every run is its block"),
    Grade(2, "reach", "squares no block can reach, gaps too narrow for any block"),
    Grade(3, "edges", "block extension: where a block's ends must be"),
    Grade(4, "line trial", "a square whose one value leaves its line no way to be completed"),
    Grade(5, "probes", "a square supposed and followed across lines"),
    Grade(6, "search", "a guess one level deep"),
    Grade(7, "deep search", "guesses stacked two or more levels deep"),
)
"""The scale, indexed by grade number (``GRADES[0]`` is None: there is no grade 0)."""

BANDS = ((20, 1), (40, 2), (50, 3))
"""Line rules by rung: below the first number of a pair, the grade after it; from the last up, grade 4."""

RUNGS = {rule.name: rule.rung for rule in RULES}
"""Each rule's rung on the ladder, by name."""

GRADED = ("ok", "needs-probes", "needs-search")
"""The verdicts that have a grade: one solution, and it was found."""


def grade(verdict: str, hardest_rule: str | None, search_depth: int | None) -> int | None:
    """The grade (1-7, see the module docstring) of a puzzle ``paint check`` judged ``verdict``.

    ``hardest_rule`` is the hardest rule its solve used (``'search'`` when
    it searched), ``search_depth`` the levels of its search (None: one
    level, as far as is known).  None for a verdict outside :data:`GRADED`
    or a rule the ladder does not have.
    """
    if verdict == "ok" and hardest_rule is None:
        return 1  # nothing to do: the given squares were the whole picture
    if verdict not in GRADED or hardest_rule is None:
        return None
    if hardest_rule == "search":
        return 7 if (search_depth or 1) >= 2 else 6
    if hardest_rule in PROBE_NAMES:
        return 5
    rung = RUNGS.get(hardest_rule)
    if rung is None:
        return None
    return next((number for below, number in BANDS if rung < below), 4)


def effort(rules) -> dict[str, int]:
    """How many steps each rule took, for the ``rules`` of a solve's steps, in the ladder's order.

    >>> effort(['overlap', 'fills', 'overlap'])
    {'fills': 1, 'overlap': 2}
    """
    counts = Counter(rules)
    order = [rule.name for rule in RULES] + sorted(set(counts) - set(RUNGS))
    return {name: counts[name] for name in order if counts[name]}


def grade_words(number: int | None) -> str:
    """A grade as the reports write it: ``'3 (edges)'``; ``''`` for none.

    >>> grade_words(5), grade_words(None)
    ('5 (probes)', '')
    """
    return "" if number is None else f"{number} ({GRADES[number].name})"
