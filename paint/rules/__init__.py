"""The rule table: every rule, registered once, in the order the engine tries them.

The order is Kramer's (further comments 4): the cheap rules first, so that
when one of them makes progress the expensive ones are not tried and the
loop starts again from ``overlap``.  The line rules, each justified by one
strip, come first; ``try_one`` finishes what one strip can show.  Then the
probes, which reason across strips: ``edge`` (Kramer rule v) and ``corner``
(rule vi).  Kramer tried them before his ``try_one``; here ``try_one`` is the
cheaper, exact single-strip test, so it runs first, and a probe is only
tried when line logic alone has stalled (see ``docs/rules.md``).

>>> RULE_NAMES
('overlap', 'unreachable', 'narrow_gap', 'block_extension', 'try_one', 'edge', 'corner')
>>> LINE_RULE_NAMES
('overlap', 'unreachable', 'narrow_gap', 'block_extension', 'try_one')
"""

from . import block_extension, corner, edge, narrow_gap, overlap, try_one, unreachable

RULES = (overlap.RULE, unreachable.RULE, narrow_gap.RULE, block_extension.RULE, try_one.RULE,
         edge.RULE, corner.RULE)
LINE_RULE_NAMES = tuple(rule.name for rule in RULES if rule.scope == "strip")
"""The rules each justified by a single row or column (line logic)."""
PROBE_NAMES = tuple(rule.name for rule in RULES if rule.scope == "world")
"""The probes, which follow consequences across strips."""
RULE_NAMES = tuple(rule.name for rule in RULES)
BY_NAME = {rule.name: rule for rule in RULES}
