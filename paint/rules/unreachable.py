"""unreachable (Kramer rule ii): squares inside no patch are empty.

A target's patch runs from its block's start in the left-most placement to
its end in the right-most placement; no block can reach a square outside
every patch.  Kramer: "Mark squares empty that are not inside a patch"; the
technique people call *simple spaces* (or *mercury*, when a full square
holds a block back; *joining and splitting*, when the square splits two runs
of full squares); see :func:`technique`.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('column', 0), (2,), [0, 2, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.detail
([3, 4], Beyond(stretches=((3, 4, 0, None),)))
"""

from __future__ import annotations

import attrs

from ..fields import as_tuple
from ..rule import Finding, Rule, between_full, moved_by, one_name
from ..squares import BLANK, EMPTY

NAME = "unreachable"


@attrs.frozen
class Beyond:
    """What unreachable concluded: each ``(first, last, before, after)`` of ``stretches`` is a stretch of
    squares no block can reach, between the latest end of block ``before`` and the earliest start of block
    ``after`` (0-based indices into the clue; None at the ends of the line, both None for a clue of 0)."""

    stretches: tuple[tuple[int, int, int | None, int | None], ...] = attrs.field(converter=as_tuple)


def find(strip) -> Finding | None:
    """Mark empty the blank squares no patch covers (Kramer rule ii).

    The patches run left to right, each starting and ending after the one
    before it, so the squares no patch covers are the stretches before the
    first patch, between each patch and the next, and after the last.
    """
    squares = strip.squares
    lefts, rights, targets = strip.lefts, strip.rights, strip.targets
    if lefts is None:  # no bounds worked out yet: nothing known to be out of reach
        return None
    n = len(squares)
    k = len(targets)
    marks = []
    found = []
    first = 0  # the first square after the patch before the stretch
    for after in range(k + 1):
        last = lefts[after] - 1 if after < k else n - 1
        if first <= last and BLANK in squares[first:last + 1]:
            marks.extend((p, EMPTY) for p in range(first, last + 1) if squares[p] == BLANK)
            found.append((first, last, after - 1 if after else None, after if after < k else None))
        if after < k:
            first = rights[after] + targets[after]
    if not marks:
        return None
    return Finding(marks, Beyond(found))


def bounds(reason) -> list[tuple[tuple[int, str], ...]]:
    """For each stretch of ``reason.detail`` (:class:`Beyond`), the bounds that keep the blocks out of it: the
    latest end of the block before it, ``(before, 'end')``, and the earliest start of the block after it,
    ``(after, 'start')``, where there are such blocks."""
    found = []
    for _, _, before, after in reason.detail.stretches:
        item = []
        if before is not None:
            item.append((before, "end"))
        if after is not None:
            item.append((after, "start"))
        found.append(tuple(item))
    return found


def technique(reason) -> str | None:
    """The technique every stretch matched (:func:`paint.rule.one_name`), else *simple spaces*, which every
    stretch is (the other two are special cases of it).

    A stretch is *joining and splitting* when a square it makes empty lies
    between two full squares (joining them would make a block too long for
    any block that can hold them); *mercury* when a full square holds the
    block next to it back from the stretch itself - the block must cover
    it, or would touch it (an event of the block's own bound), so it pulls
    back towards that square; else *simple spaces* (no block reaches it,
    whatever moved the blocks).
    """
    derivation, squares = reason.derivation, reason.squares
    names = []
    for (first, last, _, _), item in zip(reason.detail.stretches, bounds(reason)):
        if any(squares[p] == BLANK and between_full(squares, p) for p in range(first, last + 1)):
            names.append("joining and splitting")
        elif any(moved_by(derivation, bound, "cover") or moved_by(derivation, bound, "touch") for bound in item):
            names.append("mercury")
        else:
            names.append("simple spaces")
    return one_name(names) or "simple spaces"


def document(reason) -> dict:
    """``{"stretches": [{"first", "last", "after_block", "before_block"}, ...]}``: squares and blocks from 1, a
    block None at the ends of the line."""
    one = lambda j: None if j is None else j + 1  # noqa: E731
    return {"stretches": [{"first": first + 1, "last": last + 1, "after_block": one(before),
                           "before_block": one(after)} for first, last, before, after in reason.detail.stretches]}


RULE = Rule(NAME, "ii", "squares no block can reach are empty", find,
            rung=20, techniques=("simple spaces", "mercury", "joining and splitting"), bounds=bounds, technique=technique,
            document=document)
