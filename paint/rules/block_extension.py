"""block_extension (Kramer rule iv): complete runs of full squares that must be whole blocks, and extend runs that must be longer.

A *run* is a maximal sequence of full squares.  The targets that can own it
are those whose patch contains it and that are at least as long.

- If every such target is exactly as long as the run, the run is a whole
  block: the squares at both its ends are empty.
- Otherwise the block holding the run is at least as long as the shortest
  of those targets.  It cannot start before the nearest empty square (or
  edge) on the run's left, so it reaches at least that far to the right;
  likewise for the nearest empty square on its right.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (1, 3), [0, 0, 0, 2, 0, 0, 0, 0])
>>> _ = strip.update_patches()
>>> find(strip) is None
True
>>> strip = Strip(StripId('row', 0), (4,), [1, 2, 2, 0, 0, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [(p, v.glyph) for p, v in finding.marks]
[(3, 'X'), (4, 'X')]
"""

from __future__ import annotations

from ..explanation import squares_phrase
from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, FULL, stretches

NAME = "block_extension"


def runs(squares):
    """The maximal runs of full squares as ``(first, last)`` 0-based inclusive pairs.

    >>> runs([2, 2, 0, 2])
    [(0, 1), (3, 3)]
    """
    return stretches(squares, lambda value: value == FULL)


def find(strip) -> Finding | None:
    """Close runs that must be whole blocks and extend runs that must be longer (Kramer rule iv)."""
    squares = strip.squares
    n = len(squares)
    kind = strip.id.crossing
    marked = {}
    parts = []
    for first, last in runs(squares):
        size = last - first + 1
        owners = [patch.target for patch in strip.patches
                  if patch.start <= first and patch.end >= last and patch.target >= size]
        if not owners:
            continue  # placement would already have failed; nothing sound to add
        where = squares_phrase(kind, range(first, last + 1))
        if max(owners) == size:
            ends = [p for p in (first - 1, last + 1) if 0 <= p < n and squares[p] == BLANK and p not in marked]
            if ends:
                for p in ends:
                    marked[p] = EMPTY
                parts.append(f"the run at {where} can only be a whole {size}, "
                             f"so {squares_phrase(kind, ends)} {'is' if len(ends) == 1 else 'are'} empty")
            continue
        shortest = min(owners)
        wall = first - 1
        while wall >= 0 and squares[wall] != EMPTY:
            wall -= 1
        reach = wall + shortest  # the block starts at wall + 1 or later
        new = [p for p in range(last + 1, min(reach, n - 1) + 1) if squares[p] == BLANK and p not in marked]
        if new:
            for p in new:
                marked[p] = FULL
            parts.append(f"the run at {where} belongs to a target of at least {shortest} that cannot start "
                         f"before {kind} {wall + 2}, so it reaches {kind} {reach + 1}")
        wall = last + 1
        while wall < n and squares[wall] != EMPTY:
            wall += 1
        reach = wall - shortest  # the block ends at wall - 1 or earlier
        new = [p for p in range(max(reach, 0), first) if squares[p] == BLANK and p not in marked]
        if new:
            for p in new:
                marked[p] = FULL
            parts.append(f"the run at {where} belongs to a target of at least {shortest} that cannot end "
                         f"after {kind} {wall}, so it reaches back to {kind} {reach + 1}")
    if not marked:
        return None
    return Finding(sorted(marked.items()), "; ".join(parts))


RULE = Rule(NAME, "iv", "a run that must be a whole block is closed by empties; a run that must be longer is extended", find)
