"""try_one (Kramer rule vii): a blank square that, marked full, leaves no way to complete its strip is empty; marked empty, full.

Kramer tests each blank square twice, marking it full and then empty and
asking whether the strip's blocks can still be placed.  An exact line
solver (:func:`paint.linesolvers.settle`, by ``bits``, whose answers are those of Simpson's fast-complete ``fcomp``, remembered)
answers that question for every square of the strip at once, so this rule
finds exactly what complete line logic can find in the strip.  People call
it *contradiction*: the explanation shows, for each square, why its other
value leaves the blocks no placement (:meth:`paint.bounds.Derivation.failure_proof`).

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (1, 1), [0, 0, 2, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [(p, v.glyph) for p, v in finding.marks], finding.detail
([(1, '.'), (3, '.')], Tried(squares=((1, Square.EMPTY), (3, Square.EMPTY))))
"""

from __future__ import annotations

import attrs

from ..errors import StripContradiction
from ..linesolvers import settle
from ..rule import Finding, Rule

NAME = "try_one"


@attrs.frozen
class Tried:
    """What try_one concluded: each ``(position, value)`` of ``squares`` is a blank square (0-based) that must
    take ``value``, because the other value leaves the blocks no placement."""

    squares: tuple = attrs.field(converter=tuple)


def find(strip) -> Finding | None:
    """Mark each blank square whose other value leaves the strip no placement (Kramer rule vii)."""
    settled = settle(strip.targets, strip.squares)
    if settled is None:
        raise StripContradiction("no placement of its blocks fits its squares")
    if not settled:
        return None
    marks = sorted(settled.items())
    return Finding(marks, Tried(marks))


RULE = Rule(NAME, "vii", "a square whose one value leaves no way to complete its strip takes the other", find)
