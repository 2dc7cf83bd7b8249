"""outside_patch (Kramer rule ii): squares inside no patch are empty.

A target's patch runs from its block's start in the left-most placement to
its end in the right-most placement; no block can reach a square outside
every patch.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('column', 0), (2,), [0, 2, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.why
([3, 4], "rows 4-5 lie in no target's patch")
"""

from __future__ import annotations

from ..explanation import squares_phrase
from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY

NAME = "outside_patch"


def find(strip) -> Finding | None:
    """Mark empty the blank squares no patch covers (Kramer rule ii)."""
    squares = strip.squares
    covered = [False] * len(squares)
    for patch in strip.patches:
        covered[patch.start:patch.end + 1] = [True] * (patch.end + 1 - patch.start)
    new = [p for p, value in enumerate(squares) if value == BLANK and not covered[p]]
    if not new:
        return None
    why = f"{squares_phrase(strip.id.crossing, new)} lie in no target's patch"
    if not strip.targets:
        why += " (the clue is 0)"
    elif len(new) == 1:
        why = why.replace(" lie ", " lies ")
    return Finding([(p, EMPTY) for p in new], why)


RULE = Rule(NAME, "ii", "squares inside no patch are empty", find)
