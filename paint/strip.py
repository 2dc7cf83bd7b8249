"""Strips and patches (Kramer key decision 7, further comments 1-2).

A *strip* is a row or a column: its targets and its squares.  Each target
has a *patch*, the interval of squares that might belong to its block.  A
patch runs from the start of the target's block in the left-most placement
of all blocks to the end of that block in the right-most placement (see
:mod:`paint.placement`).  Rows and columns run through the same code: a strip
is read as a list of squares, first square first.

>>> StripId('row', 2).name
'row 3'
>>> StripId('column', 0).crossing
'row'
"""

from __future__ import annotations

from bisect import bisect_right

import attrs

from .linesolvers.bits import masks_of
from .placement import leftmost_starts, rightmost_starts
from .squares import BLANK, FULL


@attrs.frozen(order=True, repr=False)
class StripId:
    """Which strip: ``kind`` is ``'row'`` or ``'column'``, ``index`` is 0-based.

    Orders rows before columns, each top (left) first.  It reads as a
    person names it, counting from 1:

    >>> strip = StripId('row', 7)
    >>> strip, str(strip)
    (StripId('row', 7), 'row 8')
    """

    kind: str = attrs.field(validator=attrs.validators.in_(("row", "column")))
    index: int

    def __repr__(self) -> str:
        return f"StripId({self.kind!r}, {self.index})"

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """The name a person reads, counted from 1: ``'row 3'``, ``'column 12'``."""
        return f"{self.kind} {self.index + 1}"

    @property
    def crossing(self) -> str:
        """The kind of strip that crosses this one: ``'column'`` for a row and vice versa."""
        return "column" if self.kind == "row" else "row"

    def square(self, position: int) -> tuple[int, int]:
        """The 0-based (row, column) of the square at 0-based ``position`` along the strip."""
        return (self.index, position) if self.kind == "row" else (position, self.index)


@attrs.frozen
class Patch:
    """Where target ``target`` (a block size) may lie: squares ``start``..``end``, 0-based, inclusive.

    ``left`` is the block's start in the left-most placement (so
    ``start == left``) and ``right`` its start in the right-most placement
    (so ``end == right + target - 1``).  The squares ``right``..``left +
    target - 1``, when there are any, are covered however the block lies.

    >>> Patch(7, 3, 5).end, Patch(7, 3, 5).overlap
    (11, (5, 9))
    """

    target: int
    left: int
    right: int

    @property
    def start(self) -> int:
        """The first square the block may cover."""
        return self.left

    @property
    def end(self) -> int:
        """The last square the block may cover."""
        return self.right + self.target - 1

    @property
    def overlap(self) -> tuple[int, int] | None:
        """The ``(first, last)`` squares the block covers wherever it lies, or None."""
        first, last = self.right, self.left + self.target - 1
        return (first, last) if first <= last else None


@attrs.define(eq=False)
class Strip:
    """A row or column being worked: its id, targets, squares and patch bounds.

    ``squares`` is the engine's live list for the strip (first square first);
    ``lefts``/``rights`` are the starts of each target's block in the
    left-most/right-most placements.  They only move right / left as squares
    are marked (Kramer further comment 2); :meth:`update_patches` moves them.
    ``patches`` are the same bounds as one :class:`Patch` per target, in
    order, made when asked for (the rules read ``lefts`` and ``rights``).

    Whoever marks a square of the strip adds one to ``version``, and may
    append its position to ``marked``: when every mark since the last update
    was noted there, the update can see at once which placements still hold
    and keep them.  ``bounds_version`` is the ``version`` the bounds were
    last brought up to date at (-1: never), so a rule that reads them
    updates them only when it differs (:meth:`paint.rule.Rule.find_on`).
    """

    id: StripId
    targets: tuple[int, ...]
    squares: bytearray | list[int]
    lefts: list[int] | None = None
    rights: list[int] | None = None
    bounds_version: int = -1
    version: int = 0
    marked: list[int] = attrs.field(factory=list)
    _masks: tuple[int, int, int] = (-1, 0, 0)

    @property
    def done(self) -> bool:
        """True when the strip has no blank square left."""
        return BLANK not in self.squares

    @property
    def label(self) -> str:
        """The strip's name with its clue, as the detailed explanation writes it: ``'row 3 [2 7 1]'``."""
        return f"{self.id.name} [{' '.join(map(str, self.targets)) or '0'}]"

    @property
    def patches(self) -> list[Patch]:
        """One :class:`Patch` per target, in order, from ``lefts`` and ``rights`` ([] before
        :meth:`update_patches` has worked them out).

        >>> strip = Strip(StripId('row', 0), (2, 1), bytearray(6))
        >>> strip.patches
        []
        >>> strip.update_patches()
        >>> strip.patches
        [Patch(target=2, left=0, right=2), Patch(target=1, left=3, right=5)]
        """
        if self.lefts is None:
            return []
        return [Patch(t, left, right) for t, left, right in zip(self.targets, self.lefts, self.rights)]

    def masks(self) -> tuple[int, int]:
        """The squares known full and those known empty as bit sets, bit ``p`` for position ``p``
        (:func:`paint.linesolvers.bits.masks_of`), kept until the strip changes."""
        version, full, empty = self._masks
        if version != self.version:
            full, empty = masks_of(self.squares)
            self._masks = (self.version, full, empty)
        return full, empty

    def update_patches(self) -> None:
        """Bring the patch bounds (``lefts``, ``rights``) up to date with the squares.

        Raises :class:`paint.errors.StripContradiction` when the targets cannot
        be placed in the squares at all.
        """
        if self.bounds_version == self.version:
            return
        targets, squares, marked = self.targets, self.squares, self.marked
        # Marking only removes placements: a placement that agrees with every square marked since the last
        # update is still the left-most (right-most) one, and need not be searched for again.
        noted = self.bounds_version >= 0 and len(marked) == self.version - self.bounds_version
        lefts, rights = self.lefts, self.rights
        if not (noted and _holds(targets, lefts, squares, marked)):
            lefts = leftmost_starts(targets, squares, lefts)
        if not (noted and _holds(targets, rights, squares, marked)):
            rights = rightmost_starts(targets, squares, rights)
        self.lefts, self.rights = lefts, rights
        marked.clear()
        self.bounds_version = self.version


def _holds(targets, starts, squares, positions) -> bool:
    """Whether the placement of ``targets`` at ``starts`` agrees with the squares at ``positions``."""
    for position in positions:
        i = bisect_right(starts, position) - 1
        if (i >= 0 and position < starts[i] + targets[i]) != (squares[position] == FULL):
            return False
    return True
