"""overlap (Kramer rule i): squares in the overlap of a target's left-most and right-most block are full.

However a block lies between its left-most and right-most positions, it
covers the squares those two positions share.  The technique people call
*simple boxes* (on a line with nothing known), *forcing* (when empty squares
hem the block in) or *glue* (when a full square near a wall holds the block);
see :func:`technique`.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 2), (2, 7, 1), [0] * 14)
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.detail
([5, 6, 7, 8, 9], Covered(spans=((1, 5, 9),)))
>>> find(Strip(StripId('row', 2), (2, 7, 1), [0] * 14)) is None  # no bounds worked out yet
True
"""

from __future__ import annotations

import attrs

from ..fields import as_tuple
from ..rule import Finding, Rule, moved_by, one_name
from ..squares import BLANK, EMPTY, FULL

NAME = "overlap"


@attrs.frozen
class Covered:
    """What overlap concluded: for each ``(target, first, last)`` of ``spans``, block ``target`` (0-based index
    into the clue) covers squares ``first``..``last`` (0-based, inclusive) however it lies, from its latest
    start to its earliest end."""

    spans: tuple[tuple[int, int, int], ...] = attrs.field(converter=as_tuple)


def find(strip) -> Finding | None:
    """Mark full the blank squares every placement of some target's block covers (Kramer rule i)."""
    if not strip.lefts:  # no bounds worked out yet (or no block): nothing to cover
        return None
    squares = strip.squares
    marks = []
    spans = []
    # each block's overlap (its patch's, paint.strip.Patch.overlap) from the two placements' starts at once
    for target, (left, right, size) in enumerate(zip(strip.lefts, strip.rights, strip.targets)):
        first, last = right, left + size - 1
        if first > last or BLANK not in squares[first:last + 1]:
            continue
        marks.extend((p, FULL) for p in range(first, last + 1) if squares[p] == BLANK)
        spans.append((target, first, last))
    if not marks:
        return None
    return Finding(marks, Covered(spans))


def bounds(reason) -> list[tuple[tuple[int, str], ...]]:
    """For each span of ``reason.detail`` (:class:`Covered`), the bounds it rests on: its block's earliest start
    and latest end, as ``(target, 'start'), (target, 'end')``."""
    return [((target, "start"), (target, "end")) for target, _, _ in reason.detail.spans]


def technique(reason) -> str | None:
    """The technique every span matched (:func:`paint.rule.one_name`), else None.

    A span is *glue* when a full square the block must cover set one of its
    bounds itself (the block is held to that square from a wall); else
    *simple boxes* when no known square moved its block's bounds (the blocks
    packed against the ends of the line: whatever full squares it meets, it
    covers these squares anyway); else *joining and splitting* when it fills
    the whole gap between two runs of full squares (they must be one block);
    else *forcing* when only empty squares moved them (they hem the block in).  A span whose bounds full squares moved only through other
    blocks' bounds, or by touching, matches none.
    """
    derivation, squares = reason.derivation, reason.squares
    names = []
    for (_, first, last), span in zip(reason.detail.spans, bounds(reason)):
        used = derivation.known_behind(span)
        if any(moved_by(derivation, bound, "cover") for bound in span):
            names.append("glue")
        elif not used:
            names.append("simple boxes")
        elif _joins(squares, first, last):
            names.append("joining and splitting")
        elif used == {EMPTY}:
            names.append("forcing")
        else:
            names.append(None)
    return one_name(names)


def _joins(squares, first: int, last: int) -> bool:
    """Whether the blank squares of ``first``..``last`` include a whole stretch of blank squares between two full ones."""
    position = first
    while position <= last:
        if squares[position] != BLANK:
            position += 1
            continue
        end = position
        while end + 1 <= last and squares[end + 1] == BLANK:
            end += 1
        if 0 < position and end + 1 < len(squares) and squares[position - 1] == FULL == squares[end + 1]:
            return True
        position = end + 1
    return False


def document(reason) -> dict:
    """``{"covers": [{"block", "first", "last"}, ...]}``: each span, block and squares counted from 1."""
    return {"covers": [{"block": j + 1, "first": first + 1, "last": last + 1}
                       for j, first, last in reason.detail.spans]}


RULE = Rule(NAME, "i", "squares a block covers wherever it lies are full", find,
            rung=10, techniques=("simple boxes", "forcing", "glue", "joining and splitting"), bounds=bounds,
            technique=technique,
            document=document)
