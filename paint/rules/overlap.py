"""overlap (Kramer rule i): squares in the overlap of a target's left-most and right-most block are full.

However a block lies between its left-most and right-most positions, it
covers the squares those two positions share.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 2), (2, 7, 1), [0] * 14)
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.why
([5, 6, 7, 8, 9], 'the 7 covers columns 6-10 however it lies')
"""

from __future__ import annotations

from ..explanation import squares_phrase
from ..rule import Finding, Rule
from ..squares import BLANK, FULL

NAME = "overlap"


def find(strip) -> Finding | None:
    """Mark full the blank squares every placement of some target's block covers (Kramer rule i)."""
    squares = strip.squares
    marks = []
    parts = []
    for patch in strip.patches:
        if patch.overlap is None:
            continue
        first, last = patch.overlap
        new = [p for p in range(first, last + 1) if squares[p] == BLANK]
        if new:
            marks.extend((p, FULL) for p in new)
            parts.append(f"the {patch.target} covers {squares_phrase(strip.id.crossing, range(first, last + 1))}")
    if not marks:
        return None
    return Finding(marks, f"{' and '.join(parts)} however {'it lies' if len(parts) == 1 else 'they lie'}")


RULE = Rule(NAME, "i", "squares in the overlap of a target's left-most and right-most block are full", find)
