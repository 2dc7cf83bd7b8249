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

import operator

import attrs

Clue = tuple[int, ...]

MAX_SIZE = 1000
"""The largest width or height paint accepts (a larger one is taken as a broken file)."""


def _clues_of(kind: str):
    """The converter of the clues of every ``kind`` strip: tuples of whole numbers, ``(0,)`` read as the empty clue."""
    def convert(value) -> tuple[Clue, ...]:
        clues = []
        for index, clue in enumerate(value):
            try:
                clue = tuple(operator.index(n) for n in clue)
            except TypeError:
                raise ValueError(f"{kind} {index + 1}: a clue is a sequence of whole numbers, "
                                 f"not {_excerpt(repr(clue))}") from None
            clues.append(() if clue == (0,) else clue)
        return tuple(clues)
    return convert


def _goal(value):
    return None if value is None else tuple(value)


def _excerpt(text: str, size: int = 40) -> str:
    return text if len(text) <= size else text[:size - 3] + "..."


@attrs.frozen
class Puzzle:
    """A black-and-white nonogram: row and column clues plus metadata.

    ``rows[r]`` is the clue of 0-based row ``r`` (top first), ``columns[c]``
    that of column ``c`` (left first).  ``goal``, when known, is the solution as
    one string per row, ``'X'`` full and ``'.'`` empty.  ``given``, when the
    puzzle gives some squares (Kramer decision 3: a ``.pro`` picture may
    hold them), is one string per row, ``'X'`` full, ``'.'`` empty and
    ``' '`` blank; a solve starts from them.  Metadata fields are
    None when unknown.  ``extra`` keeps other metadata as ``(key, value)`` pairs
    so conversions lose nothing.

    The constructor checks what every reader checks (readers check first,
    so they can name the line at fault): from 1 to :data:`MAX_SIZE` rows
    and columns; clues of whole numbers, each at least 1 (a clue ``[0]`` is
    read as the empty clue), that fit their strips; a goal of the puzzle's
    size.  It raises ValueError naming the row or column otherwise.  Row
    and column clues that ask for different numbers of full squares are
    allowed here: :func:`paint.solve` reports them as a contradiction.

    >>> Puzzle(rows=[[-1]], columns=[[0]])
    Traceback (most recent call last):
    ValueError: row 1: clue -1 has a target of -1; targets must be at least 1
    >>> Puzzle(rows=[[3]], columns=[[1], [1]])
    Traceback (most recent call last):
    ValueError: row 1: clue 3 needs 3 squares but the line has 2
    """

    rows: tuple[Clue, ...] = attrs.field(converter=_clues_of("row"))
    columns: tuple[Clue, ...] = attrs.field(converter=_clues_of("column"))
    title: str | None = None
    author: str | None = None
    copyright: str | None = None
    license: str | None = None
    catalogue: str | None = None
    goal: tuple[str, ...] | None = attrs.field(default=None, converter=_goal)
    extra: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=tuple)
    given: tuple[str, ...] | None = attrs.field(default=None, converter=_goal)

    def __attrs_post_init__(self) -> None:
        for kind, count in (("row", len(self.rows)), ("column", len(self.columns))):
            if not 1 <= count <= MAX_SIZE:
                raise ValueError(f"a puzzle has from 1 to {MAX_SIZE} {kind}s, not {count}")
        for kind, clues, length in (("row", self.rows, len(self.columns)), ("column", self.columns, len(self.rows))):
            for index, clue in enumerate(clues):
                problem = clue_problem(clue, length)
                if problem is not None:
                    raise ValueError(f"{kind} {index + 1}: {problem}")
        if self.goal is not None:
            if len(self.goal) != len(self.rows) or any(
                    not isinstance(line, str) or len(line) != len(self.columns) or line.strip("X.") for line in self.goal):
                raise ValueError(f"the goal must be {len(self.rows)} strings of {len(self.columns)} "
                                 "'X' (full) and '.' (empty) squares")
        if self.given is not None:
            if len(self.given) != len(self.rows) or any(
                    not isinstance(line, str) or len(line) != len(self.columns) or line.strip("X. ")
                    for line in self.given):
                raise ValueError(f"the given squares must be {len(self.rows)} strings of {len(self.columns)} "
                                 "'X' (full), '.' (empty) and ' ' (blank) squares")

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.columns)

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)


def clue_text(clue: Clue, limit: int | None = None) -> str:
    """A clue as a person writes it: targets joined by spaces, ``'0'`` when empty.

    With ``limit``, a clue longer than ``limit`` characters is cut short
    with ``'...'`` (for error messages).

    >>> clue_text((2, 7, 1))
    '2 7 1'
    >>> clue_text((1,) * 40, limit=12)
    '1 1 1 1 1...'
    """
    if limit is not None and len(clue) > limit:
        clue = clue[:limit]  # a clue of more numbers is cut below anyway
    text = " ".join(map(str, clue)) if clue else "0"
    return text if limit is None else _excerpt(text, limit)


def clue_problem(clue: Clue, length: int) -> str | None:
    """Why ``clue`` cannot be the clue of a strip of ``length`` squares, or None if it can.

    >>> clue_problem((3, 1), 5) is None
    True
    >>> clue_problem((3, 2), 4)
    'clue 3 2 needs 6 squares but the line has 4'
    """
    for target in clue:
        if target <= 0:
            return f"clue {clue_text(clue, 40)} has a target of {target}; targets must be at least 1"
    need = sum(clue) + len(clue) - 1 if clue else 0
    if need > length:
        return f"clue {clue_text(clue, 40)} needs {need} squares but the line has {length}"
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
