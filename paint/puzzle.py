"""The puzzle statement: its size, its clues and what is known about it.

A puzzle has one clue per row and one per column.  A clue is a tuple of
*targets*, the sizes of the blocks the strip must hold, in order; an empty
tuple is the clue of a strip with no full square.

>>> p = Puzzle(rows=((1,), (2,)), columns=((1,), (2,)), title="Tiny")
>>> p.width, p.height
(2, 2)
>>> clue_text(())
'0'
"""

from __future__ import annotations

import attrs

Clue = tuple[int, ...]

MAX_SIZE = 1000
"""The largest width or height paint accepts (a larger one is taken as a broken file)."""


def _clues(value) -> tuple[Clue, ...]:
    return tuple(tuple(int(n) for n in clue) for clue in value)


def _goal(value):
    return None if value is None else tuple(value)


@attrs.frozen
class Puzzle:
    """A black-and-white nonogram: row and column clues plus metadata.

    ``rows[r]`` is the clue of 0-based row ``r`` (top first), ``columns[c]``
    that of column ``c`` (left first).  ``goal``, when known, is the solution as
    one string per row, ``'X'`` full and ``'.'`` empty.  Metadata fields are
    None when unknown.  ``extra`` keeps other metadata as ``(key, value)`` pairs
    so conversions lose nothing.

    The constructor does not check the clues: readers call :func:`clue_problem`
    and :func:`totals_problem` so they can name the line at fault.
    """

    rows: tuple[Clue, ...] = attrs.field(converter=_clues)
    columns: tuple[Clue, ...] = attrs.field(converter=_clues)
    title: str | None = None
    author: str | None = None
    copyright: str | None = None
    license: str | None = None
    catalogue: str | None = None
    goal: tuple[str, ...] | None = attrs.field(default=None, converter=_goal)
    extra: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=tuple)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.columns)

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)


def clue_text(clue: Clue) -> str:
    """A clue as a person writes it: targets joined by spaces, ``'0'`` when empty.

    >>> clue_text((2, 7, 1))
    '2 7 1'
    """
    return " ".join(map(str, clue)) if clue else "0"


def clue_problem(clue: Clue, length: int) -> str | None:
    """Why ``clue`` cannot be the clue of a strip of ``length`` squares, or None if it can.

    >>> clue_problem((3, 1), 5) is None
    True
    >>> clue_problem((3, 2), 4)
    'clue 3 2 needs 6 squares but the line has 4'
    """
    for target in clue:
        if target <= 0:
            return f"clue {clue_text(clue)} has a target of {target}; targets must be at least 1"
    need = sum(clue) + len(clue) - 1 if clue else 0
    if need > length:
        return f"clue {clue_text(clue)} needs {need} squares but the line has {length}"
    return None


def totals_problem(rows, columns) -> str | None:
    """Why the row clues and column clues cannot describe the same grid, or None.

    The full squares counted by rows must equal those counted by columns.

    >>> totals_problem([(1,), (1,)], [(2,), ()])
    >>> totals_problem([(1,)], [(2,)])
    'the row clues total 1 full square but the column clues total 2'
    """
    by_rows = sum(map(sum, rows))
    by_columns = sum(map(sum, columns))
    if by_rows != by_columns:
        return (f"the row clues total {by_rows} full square{'' if by_rows == 1 else 's'} "
                f"but the column clues total {by_columns}")
    return None
