"""try_one (Kramer rule vii): a blank square that, marked full, leaves no way to complete its strip is empty; marked empty, full.

Kramer tests each blank square twice, marking it full and then empty and
asking whether the strip's blocks can still be placed.  An exact line
solver (:func:`paint.linesolvers.exact_for`: Simpson's fast-complete ``fcomp``, or ``dp`` on long lines)
answers that question for every square of the strip at once, so this rule
finds exactly what complete line logic can find in the strip.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (1, 1), [0, 0, 2, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [(p, v.glyph) for p, v in finding.marks], finding.why
([(1, '.'), (3, '.')], 'columns 2, 4 marked full would leave no way to place the blocks')
"""

from __future__ import annotations

from ..errors import StripContradiction
from ..explanation import squares_phrase
from ..linesolvers import settle
from ..rule import Finding, Rule
from ..squares import EMPTY, FULL

NAME = "try_one"


def find(strip) -> Finding | None:
    """Mark each blank square whose other value leaves the strip no placement (Kramer rule vii)."""
    settled = settle(strip.targets, strip.squares)
    if settled is None:
        raise StripContradiction("no placement of its blocks fits its squares")
    if not settled:
        return None
    kind = strip.id.crossing
    parts = []
    empties = [p for p, v in settled.items() if v == EMPTY]
    fulls = [p for p, v in settled.items() if v == FULL]
    if empties:
        parts.append(f"{squares_phrase(kind, empties)} marked full")
    if fulls:
        parts.append(f"{squares_phrase(kind, fulls)} marked empty")
    return Finding(sorted(settled.items()), f"{' and '.join(parts)} would leave no way to place the blocks")


RULE = Rule(NAME, "vii", "a square whose one value leaves no way to complete its strip takes the other", find)
