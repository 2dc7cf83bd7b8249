"""corner (Kramer rule vi): a blank square at a generalised corner that, assumed full, breaks some strip is empty.

A square is at a *generalised corner* when it is edged (by the border or an
empty square) on one side along its row and on one side along its column.
There a full square starts a block in both its strips, and the blocks'
extensions reach further: Kramer's worked example (decision 6) assumes the
top right square full; the column's 4 then fills the squares below it, the
rows' targets fill squares to their left, and the 2 in the next column gets
three full squares in a row.  The probe (:mod:`paint.rules.probe`) follows
the line rules for four generations - more than :mod:`paint.rules.edge`,
from fewer squares.
"""

from __future__ import annotations

from ..rule import Rule
from .probe import ProbeMemory, breaking, corner_squares

NAME = "corner"
GENERATIONS = 4
"""How many generations of consequences the corner probe follows (Kramer's example needs three)."""


def find(engine, memory):
    """Yield each square at a generalised corner that cannot be full with the chain by which it cannot, each
    on the grid as the squares before it left it; ``memory`` is this rule's :class:`paint.rules.probe.ProbeMemory`
    (see :func:`paint.rules.probe.breaking`)."""
    return breaking(engine, memory, corner_squares(engine), GENERATIONS)


RULE = Rule(NAME, "vi", "a square at a corner that, assumed full, breaks a strip within four generations is empty",
            find, scope="world", rung=70, techniques=("contradiction",), memory=ProbeMemory)
