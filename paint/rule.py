"""What a rule is and what it returns (STYLE: a rule reads a strip and returns what it concluded; it never prints).

A rule is a function of one :class:`paint.strip.Strip` whose patch bounds
are up to date.  It returns a :class:`Finding` - the blank squares it marks
and why, in its own terms - or None when it concludes nothing.  It raises
:class:`paint.errors.StripContradiction` when the strip cannot be completed.
"""

from __future__ import annotations

from typing import Callable

import attrs

from .squares import Square


@attrs.frozen
class Finding:
    """What a rule concluded on one strip: ``marks`` as ``(position, value)`` pairs (0-based positions along the strip, blank squares only) and ``why``, one sentence in the rule's own terms."""

    marks: tuple[tuple[int, Square], ...] = attrs.field(converter=tuple)
    why: str


@attrs.frozen
class Rule:
    """One entry of the rule table: ``name`` (the same string everywhere), Kramer's ``numeral``, a one-line ``summary`` and the ``find`` function."""

    name: str
    numeral: str
    summary: str
    find: Callable[[object], Finding | None] = attrs.field(repr=False)
