"""Tuning for the solver, in one frozen object passed explicitly (no module globals)."""

from __future__ import annotations

import attrs


@attrs.frozen
class SolveOptions:
    """How :func:`paint.solve` works.

    ``rules`` names the rules to use, a subset of :data:`paint.rules.RULE_NAMES`
    (they always run in the registry's order); None means all of them.

    >>> SolveOptions(rules=('overlap',)).rules
    ('overlap',)
    """

    rules: tuple[str, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(tuple))
