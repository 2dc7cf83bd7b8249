"""The ladder of techniques: every rule, one row each, in the order the engine tries them.

Each module of this package that defines ``RULE`` (a :class:`paint.rule.Rule`)
is one row: its rung, the names solvers give what it finds, ``find``, and
beside it the functions that explain what it found (see
:class:`paint.rule.Rule`; its English is in :data:`paint.wording.WORDS`).
:data:`RULES` is every row, found here once, from the lowest rung up; a
module without ``RULE`` (shared machinery) is no row.

The order is Kramer's (further comments 4): the cheap rules first, so that
when one of them makes progress the expensive ones are not tried and the
loop starts again from the bottom.  Below his rules are two rungs that say
what a person sees first on a line: ``fills`` (the clue fills the line) and
``located`` (the runs are the blocks).  The line rules, each justified by
one strip, come first; ``try_one`` finishes what one strip can show.  Then the
probes, which reason across strips: ``edge`` (Kramer rule v) and ``corner``
(rule vi).  Kramer tried them before his ``try_one``; here ``try_one`` is the
cheaper, exact single-strip test, so it runs first, and a probe is only
tried when line logic alone has stalled (see ``docs/rules.md``).  Above the
last rung is the search (*trial and error*), which :func:`paint.solve` runs
when every rule has stalled; it is no row (``docs/design.md``).

>>> RULE_NAMES
('fills', 'overlap', 'located', 'unreachable', 'narrow_gap', 'block_extension', 'try_one', 'edge', 'corner')
>>> LINE_RULE_NAMES
('fills', 'overlap', 'located', 'unreachable', 'narrow_gap', 'block_extension', 'try_one')
>>> [rule.rung for rule in RULES]
[2, 10, 15, 20, 30, 40, 50, 60, 70]
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil

from ..rule import Rule


def ladder(rows) -> tuple[Rule, ...]:
    """The rows ``rows`` (:class:`paint.rule.Rule` s) as a ladder: ordered by rung, lowest first.

    Raises ValueError when two rows share a rung or a name (the engine's
    order, and a rule's name, must be one).
    """
    ordered = tuple(sorted(rows, key=lambda row: row.rung))
    for lower, upper in itertools.pairwise(ordered):
        if lower.rung == upper.rung:
            raise ValueError(f"rules {lower.name!r} and {upper.name!r} are both on rung {lower.rung}")
    names = [row.name for row in ordered]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"two rules are named {twice[0]!r}")
    return ordered


def _rows() -> list[Rule]:
    """The ``RULE`` of each module of this package that has one."""
    found = []
    for module in pkgutil.iter_modules(__path__):
        row = getattr(importlib.import_module(f"{__name__}.{module.name}"), "RULE", None)
        if isinstance(row, Rule):
            found.append(row)
    return found


RULES = ladder(_rows())
"""Every rule, one row of the ladder each, from the lowest rung up: the order the engine tries them."""
LINE_RULE_NAMES = tuple(rule.name for rule in RULES if rule.scope == "strip")
"""The rules each justified by a single row or column (line logic)."""
PROBE_NAMES = tuple(rule.name for rule in RULES if rule.scope == "world")
"""The probes, which follow consequences across strips."""
RULE_NAMES = tuple(rule.name for rule in RULES)
BY_NAME = {rule.name: rule for rule in RULES}
