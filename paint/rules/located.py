"""located: when the runs of full squares are the clue's blocks, one for one and in order, every other square is empty.

A person sees it at once: the line shows as many runs as the clue has
blocks, each as long as its block, in order - the line is complete, and the
rest is crossed out.  It is sound: every run lies in a block; were a block
to hold two runs (and the gap between them), some block would hold none, and
the blocks holding runs would be shorter in all than the runs they hold.  So
each run is exactly its block, and no block is left for any other square.
Kramer's rule ii concludes the same from the blocks' bounds; this says it as
people do, so it sits below rule ii on the ladder.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (1, 2), [0, 2, 0, 0, 2, 2, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [p for p, v in finding.marks], finding.detail
([0, 2, 3, 6], Located(runs=((1, 1), (4, 5))))
"""

from __future__ import annotations

import attrs

from ..fields import as_tuple
from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, FULL, full_runs

NAME = "located"


@attrs.frozen
class Located:
    """What located concluded: ``runs``, the ``(first, last)`` squares (0-based, inclusive) of each run of full
    squares, in order, are the clue's blocks in order, so every other blank square is empty."""

    runs: tuple[tuple[int, int], ...] = attrs.field(converter=as_tuple)


def find(strip) -> Finding | None:
    """Mark empty every blank square of a strip whose runs of full squares are its blocks, one for one, in order."""
    squares, targets = strip.squares, strip.targets
    if not targets or squares.count(FULL) != sum(targets) or BLANK not in squares:
        return None  # the runs cannot be the blocks: too few or too many full squares (counted at C speed)
    runs = full_runs(squares)
    if [last - first + 1 for first, last in runs] != list(strip.targets):
        return None
    return Finding([(p, EMPTY) for p, value in enumerate(squares) if value == BLANK], Located(runs))


def bounds(reason) -> list[tuple[()]]:
    """No bound: the runs on the line and the clue say it all."""
    return [()]


def document(reason) -> dict:
    """``{"located": [{"block", "first", "last"}, ...]}``: each block (from 1) and the run it is (squares from 1)."""
    return {"located": [{"block": j + 1, "first": first + 1, "last": last + 1}
                     for j, (first, last) in enumerate(reason.detail.runs)]}


RULE = Rule(NAME, "", "when the runs of full squares are the clue's blocks in order, every other square is empty",
            find, rung=15, techniques=("every block located",), bounds=bounds, document=document,
            reads_bounds=False)
