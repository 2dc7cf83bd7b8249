"""The rule table: every rule, registered once, in the order the engine tries them.

The order is Kramer's (further comments 4): the cheap rules first, so that
when one of them makes progress the expensive ones are not tried and the
loop starts again from ``overlap``.  The edge and corner probes (Kramer
rules v and vi) will sit between ``block_extension`` and ``try_one``.

>>> RULE_NAMES
('overlap', 'outside_patch', 'narrow_gap', 'block_extension', 'try_one')
"""

from . import block_extension, narrow_gap, outside_patch, overlap, try_one

RULES = (overlap.RULE, outside_patch.RULE, narrow_gap.RULE, block_extension.RULE, try_one.RULE)
RULE_NAMES = tuple(rule.name for rule in RULES)
BY_NAME = {rule.name: rule for rule in RULES}
