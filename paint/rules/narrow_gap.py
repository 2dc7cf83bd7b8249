"""narrow_gap (Kramer rule iii): squares between two empties (or an edge) too close together for any block that could lie there are empty.

A gap is a run of non-empty squares bounded by empty squares or the ends of
the strip.  Only targets whose patches reach the gap could lie in it; if
each of them is longer than the gap, nothing can.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (3,), [0, 0, 0, 1, 0, 1, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.why
([4], 'the gap at column 5 is too narrow for the targets that could lie there (3)')
"""

from __future__ import annotations

from ..explanation import squares_phrase
from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, stretches

NAME = "narrow_gap"


def gaps(squares):
    """The maximal runs of non-empty squares as ``(first, last)`` 0-based inclusive pairs.

    >>> gaps([0, 1, 0, 0, 1])
    [(0, 0), (2, 3)]
    """
    return stretches(squares, lambda value: value != EMPTY)


def find(strip) -> Finding | None:
    """Mark empty the blank squares of every gap too short for each target whose patch reaches it (Kramer rule iii)."""
    squares = strip.squares
    marks = []
    parts = []
    for first, last in gaps(squares):
        if BLANK not in squares[first:last + 1]:
            continue
        size = last - first + 1
        reaching = [patch.target for patch in strip.patches if patch.start <= last and patch.end >= first]
        if any(t <= size for t in reaching):
            continue
        new = [p for p in range(first, last + 1) if squares[p] == BLANK]
        marks.extend((p, EMPTY) for p in new)
        where = squares_phrase(strip.id.crossing, range(first, last + 1))
        if reaching:
            sizes = ", ".join(map(str, sorted(set(reaching))))
            parts.append(f"the gap at {where} is too narrow for the targets that could lie there ({sizes})")
        else:
            parts.append(f"no target's patch reaches the gap at {where}")
    if not marks:
        return None
    return Finding(marks, "; ".join(parts))


RULE = Rule(NAME, "iii", "squares between empties too close together for any block that could lie there are empty", find)
