"""overlap (Kramer rule i): squares in the overlap of a target's left-most and right-most block are full.

However a block lies between its left-most and right-most positions, it
covers the squares those two positions share.  The technique people call
*simple boxes* (on a line with nothing known), *forcing* (when empty squares
hem the block in) or *glue* (when full squares do).

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 2), (2, 7, 1), [0] * 14)
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.detail
([5, 6, 7, 8, 9], Covered(spans=((1, 5, 9),)))
"""

from __future__ import annotations

import attrs

from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, FULL

NAME = "overlap"


@attrs.frozen
class Covered:
    """What overlap concluded: for each ``(target, first, last)`` of ``spans``, block ``target`` (0-based index
    into the clue) covers squares ``first``..``last`` (0-based, inclusive) however it lies, from its latest
    start to its earliest end."""

    spans: tuple[tuple[int, int, int], ...] = attrs.field(converter=tuple)


def find(strip) -> Finding | None:
    """Mark full the blank squares every placement of some target's block covers (Kramer rule i)."""
    squares = strip.squares
    marks = []
    spans = []
    for target, patch in enumerate(strip.patches):
        if patch.overlap is None:
            continue
        first, last = patch.overlap
        if BLANK not in squares[first:last + 1]:
            continue
        new = [p for p in range(first, last + 1) if squares[p] == BLANK]
        if new:
            marks.extend((p, FULL) for p in new)
            spans.append((target, first, last))
    if not marks:
        return None
    return Finding(marks, Covered(spans))


def bounds(reason) -> list[tuple[tuple[int, str], ...]]:
    """For each span of ``reason.detail`` (:class:`Covered`), the bounds it rests on: its block's earliest start
    and latest end, as ``(target, 'start'), (target, 'end')``."""
    return [((target, "start"), (target, "end")) for target, _, _ in reason.detail.spans]


def technique(reason) -> str:
    """``'glue'`` when a full square moved a bound the spans rest on, else ``'forcing'`` when an empty square
    did, else ``'simple boxes'`` (nothing known moved the blocks)."""
    used = reason.derivation.known_behind(bound for span in bounds(reason) for bound in span)
    return "glue" if FULL in used else "forcing" if EMPTY in used else "simple boxes"


def document(reason) -> dict:
    """``{"covers": [{"block", "first", "last"}, ...]}``: each span, block and squares counted from 1."""
    return {"covers": [{"block": j + 1, "first": first + 1, "last": last + 1}
                       for j, first, last in reason.detail.spans]}


RULE = Rule(NAME, "i", "squares a block covers wherever it lies are full", find,
            rung=10, techniques=("simple boxes", "forcing", "glue"), bounds=bounds, technique=technique,
            document=document)
