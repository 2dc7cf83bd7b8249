"""narrow_gap (Kramer rule iii): squares between two empties (or an edge) too close together for any block that could lie there are empty.

A gap is a run of non-empty squares bounded by empty squares or the ends of
the strip.  Only targets whose patches reach the gap could lie in it; if
each of them is longer than the gap, nothing can.  Part of what people call
*simple spaces*.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (3,), [0, 0, 0, 1, 0, 1, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.detail
([4], Gaps(gaps=((4, 4, (0,)),)))
"""

from __future__ import annotations

import attrs

from ..fields import as_tuple
from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, open_runs

NAME = "narrow_gap"


@attrs.frozen
class Gaps:
    """What narrow_gap concluded: each ``(first, last, reaching)`` of ``gaps`` is a gap of squares
    ``first``..``last`` (0-based, between empty squares or the ends of the line) too short for every block
    that can reach it, ``reaching`` (0-based indices into the clue; empty when none can)."""

    gaps: tuple[tuple[int, int, tuple[int, ...]], ...] = attrs.field(converter=as_tuple)


def gaps(squares):
    """The maximal runs of non-empty squares as ``(first, last)`` 0-based inclusive pairs.

    >>> gaps([0, 1, 0, 0, 1])
    [(0, 0), (2, 3)]
    """
    return open_runs(squares)


def find(strip) -> Finding | None:
    """Mark empty the blank squares of every gap too short for each target whose patch reaches it (Kramer rule iii)."""
    squares = strip.squares
    lefts, rights, targets = strip.lefts or (), strip.rights or (), strip.targets
    marks = []
    found = []
    for first, last in gaps(squares):
        if BLANK not in squares[first:last + 1]:
            continue
        size = last - first + 1
        reaching = tuple(j for j, (left, right, target) in enumerate(zip(lefts, rights, targets))
                         if left <= last and right + target - 1 >= first)
        if any(targets[j] <= size for j in reaching):
            continue
        marks.extend((p, EMPTY) for p in range(first, last + 1) if squares[p] == BLANK)
        found.append((first, last, reaching))
    if not marks:
        return None
    return Finding(marks, Gaps(found))


def bounds(reason) -> list[tuple[tuple[int, str], ...]]:
    """For each gap of ``reason.detail`` (:class:`Gaps`), the bounds that keep the blocks that do not reach it
    away from it: the nearest on each side (:meth:`paint.bounds.Derivation.nearest_away`)."""
    derivation = reason.derivation
    blocks = range(len(reason.clue))
    return [tuple(derivation.nearest_away([j for j in blocks if j not in reaching], first, last))
            for first, last, reaching in reason.detail.gaps]


def document(reason) -> dict:
    """``{"gaps": [{"first", "last", "blocks"}, ...]}``: each gap's squares and the blocks that reach it, from 1."""
    return {"gaps": [{"first": first + 1, "last": last + 1, "blocks": [j + 1 for j in reaching]}
                     for first, last, reaching in reason.detail.gaps]}


RULE = Rule(NAME, "iii", "a gap too short for every block that can reach it is empty", find,
            rung=30, techniques=("simple spaces",), bounds=bounds, document=document)
