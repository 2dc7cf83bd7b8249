"""unreachable (Kramer rule ii): squares inside no patch are empty.

A target's patch runs from its block's start in the left-most placement to
its end in the right-most placement; no block can reach a square outside
every patch.  Kramer: "Mark squares empty that are not inside a patch"; the
technique people call *simple spaces* (or *mercury*, when a full square
holds a block back).

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('column', 0), (2,), [0, 2, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.detail
([3, 4], Beyond(stretches=((3, 4, 0, None),)))
"""

from __future__ import annotations

import attrs

from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, zero_runs

NAME = "unreachable"


@attrs.frozen
class Beyond:
    """What unreachable concluded: each ``(first, last, before, after)`` of ``stretches`` is a stretch of
    squares no block can reach, between the latest end of block ``before`` and the earliest start of block
    ``after`` (0-based indices into the clue; None at the ends of the line, both None for a clue of 0)."""

    stretches: tuple[tuple[int, int, int | None, int | None], ...] = attrs.field(converter=tuple)


def find(strip) -> Finding | None:
    """Mark empty the blank squares no patch covers (Kramer rule ii)."""
    squares = strip.squares
    covered = bytearray(len(squares))  # 1 where some patch lies
    for patch in strip.patches:
        covered[patch.start:patch.end + 1] = b"\x01" * (patch.end + 1 - patch.start)
    marks = []
    found = []
    patches = strip.patches
    for first, last in zero_runs(covered):
        new = [p for p in range(first, last + 1) if squares[p] == BLANK]
        if not new:
            continue
        marks.extend((p, EMPTY) for p in new)
        before = max((j for j, patch in enumerate(patches) if patch.end < first), default=None)
        after = min((j for j, patch in enumerate(patches) if patch.start > last), default=None)
        found.append((first, last, before, after))
    if not marks:
        return None
    return Finding(marks, Beyond(found))


RULE = Rule(NAME, "ii", "squares no block can reach are empty", find)
