"""The blocks the search places, and what placing one marks (Kramer decisions 6/7/2, 7/15/2).

A block is one target of one strip; its *places* are the starts where it
can lie, counted exactly by the same line logic as the rules
(:func:`paint.linesolvers.dp.block_starts`).  The search tries the blocks
with the fewest places first.  Rows, columns and starts are 0-based.
"""

from __future__ import annotations

import functools

from ..budget import Budget
from ..explanation import Mark, Placement
from ..linesolvers import LONG_LINE, settle
from ..linesolvers.dp import block_starts
from ..squares import BLANK, EMPTY, FULL, Grid


def finished(strip, target: int, start: int) -> bool:
    """True when target ``target`` of ``strip`` lies drawn in full at ``start``, both ends closed by an empty square
    or the border (then it has nothing left to place)."""
    size = strip.targets[target]
    squares = strip.squares
    inside = all(squares[p] == FULL for p in range(start, start + size))
    before = start == 0 or squares[start - 1] == EMPTY
    after = start + size == len(squares) or squares[start + size] == EMPTY
    return inside and before and after


def placement_marks(placement: Placement, grid: Grid) -> list[Mark]:
    """The marks that put ``placement``'s block in ``grid``: its blank squares full, the blank squares at its ends empty,
    and what that leaves the blocks before and after it.

    With target ``i`` at its start, targets ``0..i-1`` must lie in the squares
    before the block and the rest after it, so each side is settled on its
    own by the exact line solver: a block already drawn on the grid that
    could be either of two targets learns which.
    """
    strip = placement.strip
    if strip.kind == "row":
        squares = bytes(grid.rows[strip.index])
    else:
        column = strip.index
        squares = bytes(row[column] for row in grid.rows)
    length = len(squares)
    start, end = placement.start, placement.start + placement.size
    line = bytearray(squares)
    line[start:end] = bytes([FULL]) * placement.size
    if start > 0:
        line[start - 1] = EMPTY
    if end < length:
        line[end] = EMPTY
    targets = placement.clue
    before = settle(targets[:placement.target], line[:max(start - 1, 0)]) or {}
    after = settle(targets[placement.target + 1:], line[end + 1:]) or {}
    for position, value in before.items():
        line[position] = value
    for position, value in after.items():
        line[end + 1 + position] = value
    marks = []
    for position, (was, value) in enumerate(zip(squares, line)):
        if was == BLANK and value != BLANK:
            row, column = strip.square(position)
            marks.append(Mark(row, column, value, strip))
    return marks


def blocks_by_places(strips, near=frozenset(), budget: Budget | None = None):
    """Every unfinished block of ``strips`` as ``(strip, target, starts)``, fewest places first (ties: the larger target).

    Blocks of the strips whose ids are in ``near`` come before all others.
    Yields ``(strip, None, None)`` first for a strip whose blocks cannot be
    placed at all.  ``budget`` is checked for every strip.
    """
    found = []
    for strip in strips:
        if budget is not None:
            budget.check()
        if strip.done:
            continue
        squares = bytes(strip.squares)
        if len(squares) > LONG_LINE:  # long lines are rarely met twice, and would fill the memory
            starts = block_starts(strip.targets, squares)
        else:
            starts = _block_starts(tuple(strip.targets), squares)
        if starts is None:
            yield strip, None, None
            return
        for target, places in enumerate(starts):
            if len(places) > 1 or (places and not finished(strip, target, places[0])):
                found.append((strip.id not in near, len(places), -strip.targets[target], strip, target, places))
    found.sort(key=lambda f: f[:3])
    for _, _, _, strip, target, places in found:
        yield strip, target, places


@functools.lru_cache(maxsize=1 << 14)
def _block_starts(targets: tuple, squares: bytes):
    """:func:`paint.linesolvers.dp.block_starts`, remembered (a search meets the same line again and again), as
    tuples."""
    starts = block_starts(targets, squares)
    return None if starts is None else tuple(tuple(places) for places in starts)
