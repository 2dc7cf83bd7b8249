"""Line solvers: what a strip's targets imply for its squares, by the methods of the seeds.

One module per solver, all with the same function
``solve(targets, squares, trace=None) -> bytes | None``:

- ``complete`` (Simpson, seed 000): tries every arrangement of the blocks;
  exact, and slow on long lines with many blocks.
- ``fast`` (Simpson's fast solver, the push solver of seed 002, the
  chain-range narrowing of seed 003): left-most and right-most placements
  and their overlaps; linear, but it can miss squares.
- ``fcomp`` (Simpson's fast-complete solver, seed 001): exact like
  ``complete``, without visiting every arrangement.

``targets`` is a sequence of block sizes (empty for a clue of 0), ``squares``
a sequence of square values (0 blank, 1 empty, 2 full, as
:class:`paint.squares.Square`).  The result is a bytes object as long as the
line - known squares keep their value, a blank square becomes 2 (full) or 1
(empty) when the solver settles it and stays 0 otherwise - or None when no
arrangement of the blocks fits.  ``trace``, if given, is called with the
events of :mod:`paint.linesolvers.trace`.

The engine's exact line test (rule ``try_one``, and any complete check of
a line) uses :data:`EXACT`, the fastest exact solver as measured by
``benchmarks/line_solvers.py`` (see ``docs/design.md``).

>>> SOLVERS['fcomp'].solve((2, 2), bytes(5)) == bytes([2, 2, 1, 2, 2])
True
>>> [name for name, solver in SOLVERS.items() if solver.exact]
['complete', 'fcomp']
"""

from __future__ import annotations

from typing import Callable

import attrs

from ..squares import BLANK, Square
from . import complete, fast, fcomp


@attrs.frozen
class LineSolver:
    """One line solver: its ``name``, its ``solve`` function, whether it is ``exact`` and where it comes from."""

    name: str
    solve: Callable
    exact: bool
    source: str


SOLVERS = {
    "complete": LineSolver("complete", complete.solve, True, "Simpson's complete line solver, seed 000"),
    "fast": LineSolver("fast", fast.solve, False,
                       "Simpson's fast line solver; the push solver of seed 002; seed 003's chain ranges"),
    "fcomp": LineSolver("fcomp", fcomp.solve, True, "Simpson's fast-complete line solver, seed 001"),
}
"""Every line solver by name, in the order ``paint line --solver all`` prints them (seed 001's table)."""

EXACT = SOLVERS["fcomp"]
"""The exact solver the engine uses: the fastest exact one (see ``benchmarks/line_solvers.py``)."""


def settle(targets, squares) -> dict[int, Square] | None:
    """The blank squares the targets settle, ``{position: Square.FULL or Square.EMPTY}``, by :data:`EXACT`.

    Returns None when no arrangement of the blocks fits (a contradiction).

    >>> settle((3,), bytes(4))
    {1: <Square.FULL: 2>, 2: <Square.FULL: 2>}
    """
    result = EXACT.solve(targets, squares)
    if result is None:
        return None
    return {x: Square(value) for x, (before, value) in enumerate(zip(squares, result))
            if before == BLANK and value != BLANK}


def feasible(targets, squares) -> bool:
    """True when some arrangement of ``targets`` fits ``squares`` (by :data:`EXACT`).

    >>> feasible((2,), bytes([2, 1, 2]))
    False
    """
    return EXACT.solve(targets, squares) is not None
