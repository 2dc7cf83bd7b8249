"""edge (Kramer rule v): a blank square on a generalised edge that, assumed full, soon breaks some strip is empty.

A square is on a *generalised edge* when the square next to it along its row
or its column is the border of the puzzle or an empty square.  The probe
(:mod:`paint.rules.probe`) assumes it full and follows the line rules for
three generations: the square's own row and column, then the strips crossing
every square those forced, then - only to ask whether their blocks still
fit - the strips crossing what those forced.  If some strip can no longer be completed, the
square is empty.  Kramer: "Try to show single squares along the edge of the
puzzle must be empty."
"""

from __future__ import annotations

from ..rule import Rule
from .probe import ProbeMemory, breaking, edge_squares

NAME = "edge"
GENERATIONS = 3
"""How many generations of consequences the edge probe follows."""


def find(engine, memory):
    """Yield each square of a generalised edge that cannot be full with the chain by which it cannot, each
    on the grid as the squares before it left it; ``memory`` is this rule's :class:`paint.rules.probe.ProbeMemory`
    (see :func:`paint.rules.probe.breaking`)."""
    return breaking(engine, memory, edge_squares(engine), GENERATIONS)


RULE = Rule(NAME, "v", "a square on an edge that, assumed full, breaks a strip within three generations is empty",
            find, scope="world", rung=60, techniques=("contradiction",), memory=ProbeMemory)
