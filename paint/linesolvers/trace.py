"""What a line solver did, as data: the events of a trace.

A solver given a ``trace`` callable calls it with one event per thing it
does; :mod:`paint.render.linetrace` turns the events into the text of seeds
000 and 001.  Positions are 0-based indices into the line, sizes are in
squares, block numbers are 0-based (as in the seeds' traces).

>>> Note("skipped", (3,))
Note(code='skipped', values=(3,))
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Try:
    """One placement the complete solver tried (seed 000) and what came of it.

    ``starts`` and ``targets`` give blocks 0 to the one being placed (the
    last), ``outcome`` one of :data:`TRY_OUTCOMES`.
    """

    starts: tuple[int, ...]
    targets: tuple[int, ...]
    outcome: str


TRY_OUTCOMES = ("dot", "abuts", "trailing", "next", "merge", "reveals", "no_space")
"""Why the complete solver left a placement: it covers an empty square (move
on), it touches a full square after it (move on), it is the last block and a
full square lies after it (move on), it fits (place the next block), it fits
as the last block (merge the arrangement and move on), moving it uncovered a
full square (back to the previous block), the next block has no room (back
to the previous block)."""


@attrs.frozen
class Arrangement:
    """A whole line: an arrangement that fits (complete), or the left-most / right-most placement (fast).

    ``label`` is ``'fits'``, ``'left-most'`` or ``'right-most'``; ``squares``
    holds one square value per position (1 empty, 2 full).
    """

    label: str
    squares: bytes


@attrs.frozen
class State:
    """The fast-complete solver's state as it enters a mode (seed 001).

    ``mode`` is ``'INVALID'``, ``'SLIDING'``, ``'DRAWING'`` or
    ``'RESTORING'``; ``block`` the current block (equal to the number of
    blocks once all are placed); ``starts`` the position of every block;
    ``solids`` the offset, within each block, of the first full square it
    covers (None when it covers none); ``base``, ``max`` and ``mininv`` the
    seed's bookkeeping (blocks before ``base`` and from ``max`` on are
    fixed; ``mininv`` is the earliest block moved since the last valid
    arrangement, equal to ``max`` or more when unset).
    """

    mode: str
    block: int
    starts: tuple[int, ...]
    solids: tuple[int | None, ...]
    base: int
    max: int
    mininv: int


@attrs.frozen
class Note:
    """One remark of a solver: ``code`` names it, ``values`` fill it in (see ``NOTES`` in the renderer)."""

    code: str
    values: tuple[int, ...] = ()


@attrs.frozen
class Accumulate:
    """The fast-complete solver recorded squares ``start`` to ``end - 1`` as possible.

    ``recorded`` is the whole record after the change, one value per
    position: 0 nothing seen yet, 1 can be empty, 2 can be full, 3 both.
    """

    start: int
    end: int
    recorded: bytes
