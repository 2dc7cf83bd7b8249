"""What a rule is and what it returns (STYLE: a rule reads a strip and returns what it concluded; it never prints).

A *strip rule* is a function of one :class:`paint.strip.Strip` whose patch
bounds are up to date.  It returns a :class:`Finding` - the blank squares it
marks and a record of why, as data (which blocks, which squares) - or None
when it concludes nothing.  It raises
:class:`paint.errors.StripContradiction` when the strip cannot be completed.
The words a person reads are made from the record by :mod:`paint.wording`.

A *probe* (scope ``'world'``: Kramer's edge and corner rules) is a function
of the engine, which it reads and never changes, and of its own memory, which
the engine makes once per line of reasoning from the rule's ``memory``
factory (:class:`paint.rules.probe.ProbeMemory`: which squares it probed in
vain); it yields, one square at a time, each blank square that cannot be
full with the :class:`paint.explanation.Chain` by which it cannot (None when
the engine keeps no chains).
"""

from __future__ import annotations

from typing import Callable

import attrs

from .squares import Square


@attrs.frozen
class Finding:
    """What a rule concluded on one strip: ``marks`` as ``(position, value)`` pairs (0-based positions along
    the strip, blank squares only) and ``detail``, the rule's own record of why (a frozen attrs object of its
    module: :class:`paint.rules.overlap.Covered`, ...)."""

    marks: tuple[tuple[int, Square], ...] = attrs.field(converter=tuple)
    detail: object


@attrs.frozen
class Rule:
    """One entry of the rule table: ``name`` (the same string everywhere), Kramer's ``numeral``, a one-line ``summary``, the ``find`` function and its ``scope``: ``'strip'`` or ``'world'`` (a probe); a probe's ``memory`` makes the state its ``find`` keeps between calls (None: it keeps none)."""

    name: str
    numeral: str
    summary: str
    find: Callable[[object], object] = attrs.field(repr=False)
    scope: str = attrs.field(default="strip", validator=attrs.validators.in_(("strip", "world")))
    memory: Callable[[], object] | None = attrs.field(kw_only=True, default=None, repr=False)
