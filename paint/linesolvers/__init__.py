"""Line solvers: what a strip's targets imply for its squares, by the methods of the seeds.

One module per solver, all with the same function
``solve(targets, squares, trace=None) -> bytes | None``:

- ``complete`` (Simpson, seed 000): tries every arrangement of the blocks;
  exact, and slow on long lines with many blocks.
- ``fast`` (Simpson's fast solver, the push solver of seed 002, the
  chain-range narrowing of seed 003): left-most and right-most placements
  and their overlaps; quick, but it can miss squares.
- ``fcomp`` (Simpson's fast-complete solver, seed 001): exact like
  ``complete``, without visiting every arrangement.
- ``dp`` (dynamic programming over prefixes and suffixes): exact, in
  O(length x blocks) whatever the line; not one of the seeds.
- ``bits`` (the same prefix and suffix passes on Python integers as bit
  sets, a few shifts and masks per block): exact, and the fastest on every
  length measured; not one of the seeds.

Each module also has ``memory(targets, n) -> int``, an upper bound in bytes
of what its ``solve`` holds for ``targets`` on a line of ``n`` squares
(``complete``, ``fast`` and ``fcomp``: a few bytes per square and per block;
``dp``: 16 per square per block; ``bits``: about 0.4 per square per block).

``targets`` is a sequence of block sizes (empty for a clue of 0), ``squares``
a sequence of square values (0 blank, 1 empty, 2 full, as
:class:`paint.squares.Square`).  The result is a bytes object as long as the
line - known squares keep their value, a blank square becomes 2 (full) or 1
(empty) when the solver settles it and stays 0 otherwise - or None when no
arrangement of the blocks fits.  ``trace``, if given, is called with the
events of :mod:`paint.linesolvers.trace`.

One public way solves a line exactly: :func:`exact`, which runs
:data:`EXACT` (``bits``, the fastest exact solver on short lines and long
ones: ``benchmarks/line_solvers.py`` and ``benchmarks/long_lines.py``;
``docs/linesolvers.md`` has the figures) and remembers the lines it has
solved.  :func:`exact_masks` is the same on bit sets (the probes' quick
pass), and :func:`settle` reads its answer as the squares it settles (the
rule ``try_one``, the search's placements).

>>> SOLVERS['fcomp'].solve((2, 2), bytes(5)) == bytes([2, 2, 1, 2, 2])
True
>>> [name for name, solver in SOLVERS.items() if solver.exact]
['complete', 'fcomp', 'dp', 'bits']
>>> EXACT.name
'bits'
"""

from __future__ import annotations

import functools
import importlib
from typing import Callable

import attrs

from ..squares import BLANK, Square
from . import bits


@attrs.frozen
class LineSolver:
    """One line solver: its ``name`` (that of its module in this package), whether it is ``exact`` and where it
    comes from; :attr:`solve` is its ``solve`` function."""

    name: str
    exact: bool
    source: str

    @property
    def solve(self) -> Callable:
        """The solver's ``solve`` function; its module is imported the first time it is asked for, so that
        solving a puzzle, which needs only ``bits``, does not load the others."""
        return _module_of(self.name).solve

    def memory(self, targets, n: int) -> int:
        """An upper bound, in bytes, of the memory the solver holds for ``targets`` on a line of ``n`` squares
        (its module's ``memory``), known before it starts: ``paint line`` refuses a solver that would need
        too much."""
        return _module_of(self.name).memory(targets, n)


@functools.cache
def _module_of(name: str):
    return importlib.import_module(f"{__name__}.{name}")


SOLVERS = {
    "complete": LineSolver("complete", True, "Simpson's complete line solver, seed 000"),
    "fast": LineSolver("fast", False,
                       "Simpson's fast line solver; the push solver of seed 002; seed 003's chain ranges"),
    "fcomp": LineSolver("fcomp", True, "Simpson's fast-complete line solver, seed 001"),
    "dp": LineSolver("dp", True, "dynamic programming over prefixes and suffixes"),
    "bits": LineSolver("bits", True, "dynamic programming over prefixes and suffixes on bit sets"),
}
"""Every line solver by name."""

LONG_LINE = 100
"""Lines longer than this many squares are not remembered by :func:`exact` (they are rarely met twice)."""


EXACT = SOLVERS["bits"]
"""The exact line solver :func:`exact` runs: the fastest on lines of every length.

Measured by ``benchmarks/line_solvers.py`` and ``benchmarks/long_lines.py``
(figures in ``docs/linesolvers.md``): about as fast as ``fcomp`` on lines of
10 squares and faster on every longer line, increasingly so (``fcomp``'s
worst case grows steeply with the length; ``dp``'s time grows as length x
blocks, ``bits``'s as blocks, each step a few operations on integers of the
line's length)."""


CACHE_SIZE = 1 << 15
"""How many lines :func:`exact` (and :func:`exact_masks`) remembers (the least recently used are forgotten first): lines of at most
:data:`LONG_LINE` squares, so the cache holds about 20 MB at most (in each process)."""


def exact(targets, squares) -> bytes | None:
    """What ``targets`` imply for ``squares``, exactly (:data:`EXACT`), remembered for lines seen before.

    The same line comes back again and again - a probe or a search branch
    re-solves the strips it did not change, and puzzles repeat their clues -
    and a line solver's answer depends on the clue and the squares alone, so
    the answer is kept, keyed by both: pbnsolve's line cache (Wolter).
    Arguments and result as for a solver's ``solve`` (see the module
    docstring).

    >>> exact((2, 2), bytes(5)) == bytes([2, 2, 1, 2, 2]), exact((3,), bytes(2))
    (True, None)
    """
    squares = bytes(squares)
    if len(squares) > LONG_LINE:  # long lines are rarely met twice, and would fill memory
        return EXACT.solve(targets, squares)
    return _exact(tuple(targets), squares)


def exact_masks(targets: tuple, n: int, full: int, empty: int) -> tuple[int, int] | None:
    """:func:`exact` on a line of ``n`` squares given as bit sets (:func:`paint.linesolvers.bits.settle_masks`),
    remembered likewise: the new ``(full, empty)``, or None when no arrangement of the blocks fits.  About 83%
    of the probes' line solves on the jwilk corpus are answered from what it remembers.

    >>> exact_masks((2, 2), 5, 0, 0)
    (27, 4)
    """
    if n > LONG_LINE:  # as for exact: long lines are rarely met twice
        return bits.settle_masks(targets, n, full, empty)
    return _exact_masks(targets, n, full, empty)


def exact_masks_for(n: int):
    """The function :func:`exact_masks` calls for a line of ``n`` squares (same arguments, same answer): for a
    caller that solves many lines of one length, one Python call fewer a line (the probes' quick pass makes
    hundreds of thousands).

    >>> exact_masks_for(5)((2, 2), 5, 0, 0)
    (27, 4)
    """
    return bits.settle_masks if n > LONG_LINE else _exact_masks


def clear_cache() -> None:
    """Forget every line :func:`exact` and :func:`exact_masks` remember (a benchmark timing a solve again, cold)."""
    _exact.cache_clear()
    _exact_masks.cache_clear()


@functools.lru_cache(maxsize=CACHE_SIZE)
def _exact(targets: tuple, squares: bytes) -> bytes | None:
    return EXACT.solve(targets, squares)


_exact_masks = functools.lru_cache(maxsize=CACHE_SIZE)(bits.settle_masks)


def settle(targets, squares) -> dict[int, Square] | None:
    """The blank squares the targets settle, ``{position: Square.FULL or Square.EMPTY}``, by :func:`exact`.

    Returns None when no arrangement of the blocks fits (a contradiction).

    >>> settle((3,), bytes(4))
    {1: Square.FULL, 2: Square.FULL}
    """
    result = exact(targets, squares)
    if result is None:
        return None
    return {x: Square(value) for x, (before, value) in enumerate(zip(squares, result))
            if before == BLANK and value != BLANK}

