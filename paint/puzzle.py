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

import itertools
import operator

import attrs

Clue = tuple[int, ...]

MAX_SIZE = 1000
"""The largest width or height paint accepts (a larger one is taken as a broken file)."""


def bounded(value, most: int, field: str, what: str) -> list:
    """The items of the iterable ``value`` as a list, reading at most ``most + 1`` of them, so that an endless
    or huge iterator is refused before it is held.

    Raises TypeError naming ``field`` when ``value`` is not iterable (a string is not taken as an iterable of
    its characters), ValueError when it holds more than ``most`` ``what``.

    >>> bounded(iter(range(3)), 5, 'rows', 'clues')
    [0, 1, 2]
    >>> import itertools
    >>> bounded(itertools.repeat([1]), 1000, 'rows', 'clues')
    Traceback (most recent call last):
    ValueError: rows: more than 1000 clues
    """
    if isinstance(value, (str, bytes, bytearray)):
        raise TypeError(f"{field} must be an iterable of {what}, not {type(value).__name__}")
    try:
        iterator = iter(value)
    except TypeError:
        raise TypeError(f"{field} must be an iterable of {what}, not {type(value).__name__}") from None
    items = list(itertools.islice(iterator, most + 1))
    if len(items) > most:
        raise ValueError(f"{field}: more than {most} {what}")
    return items


def _clues_of(kind: str):
    """The converter of the clues of every ``kind`` strip: tuples of whole numbers, ``(0,)`` read as the empty clue.

    At most :data:`MAX_SIZE` clues of at most :data:`MAX_SIZE` targets are read, so an endless iterator is
    refused (ValueError); a target is a whole number (not a bool) of at most :data:`MAX_SIZE`.
    """
    def convert(value) -> tuple[Clue, ...]:
        clues = []
        for index, clue in enumerate(_strips(value, kind)):
            where = f"{kind} {index + 1}"
            try:
                if isinstance(clue, (str, bytes, bytearray)):
                    raise TypeError
                targets = list(itertools.islice(clue, MAX_SIZE + 1))
                clue = tuple(map(_target, targets))
            except TypeError:
                raise ValueError(f"{where}: a clue is a sequence of whole numbers, "
                                 f"not {shown(clue)}") from None
            if len(clue) > MAX_SIZE:
                raise ValueError(f"{where}: a clue of more than {MAX_SIZE} targets fits no line")
            if any(not -MAX_SIZE <= n <= MAX_SIZE for n in clue):
                raise ValueError(f"{where}: a target is a number of squares, from 1 to {MAX_SIZE}")
            clues.append(() if clue == (0,) else clue)
        return tuple(clues)
    return convert


def _strips(value, kind: str) -> list:
    """The clues in ``value`` (an iterable), at most :data:`MAX_SIZE` of them; raises TypeError or ValueError."""
    try:
        return bounded(value, MAX_SIZE, f"{kind}s", "clues")
    except ValueError:
        count = len(value) if hasattr(value, "__len__") else f"more than {MAX_SIZE}"
        raise ValueError(f"a puzzle has from 1 to {MAX_SIZE} {kind}s, not {count}") from None


def _target(number) -> int:
    """``number`` as an int; raises TypeError for a bool or anything that is not a whole number."""
    if isinstance(number, bool):
        raise TypeError("a bool is not a target")
    return operator.index(number)


def shown(value, size: int = 40) -> str:
    """``repr(value)`` for an error message, cut short to ``size`` characters with ``'...'`` (a number too long
    for Python to print is called so).

    >>> shown(list(range(100)), 12)
    '[0, 1, 2,...'
    """
    try:
        text = repr(value)
    except ValueError:  # an int beyond Python's limit on digits
        text = "a number too long to show"
    return _excerpt(text, size)


def _goal(field: str):
    """The converter of ``field`` (``goal``, ``given``): None, or at most :data:`MAX_SIZE` lines (the
    constructor checks their number and glyphs)."""
    def convert(value):
        if value is None:
            return None
        return tuple(bounded(value, MAX_SIZE, field, "lines"))
    return convert


MAX_EXTRA = 10_000
"""The most ``(key, value)`` pairs of extra metadata read from an iterator that is not a tuple or list."""


def _extra(value) -> tuple[tuple[str, str], ...]:
    """The converter of :attr:`Puzzle.extra`: ``(key, value)`` pairs of strings as a tuple of tuples.

    A tuple or list (already held) is taken whole; another iterable is read to at most :data:`MAX_EXTRA`
    pairs.  Raises TypeError naming ``extra`` and the pair at fault (counted from 1).
    """
    items = value if isinstance(value, (tuple, list)) else bounded(value, MAX_EXTRA, "extra", "(key, value) pairs")
    pairs = []
    for index, item in enumerate(items, start=1):
        pair = tuple(item) if isinstance(item, (tuple, list)) else None
        if pair is None or len(pair) != 2 or not all(isinstance(text, str) for text in pair):
            raise TypeError(f"extra must be (key, value) pairs of strings; pair {index} is "
                            f"{shown(item)}")
        pairs.append(pair)
    return tuple(pairs)


def _text_or_none(instance, attribute, value) -> None:
    """An attrs validator: ``value`` is a string or None; raises TypeError naming the field otherwise."""
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{attribute.name} must be a string or None, not {type(value).__name__}")


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
    size.  It raises ValueError naming the row or column otherwise.  Every
    iterable is read to at most one item more than it may hold (rows and
    columns to :data:`MAX_SIZE` + 1 clues, each clue to :data:`MAX_SIZE` + 1
    targets), so an endless iterator is refused rather than followed.
    Metadata fields are strings or None, and ``extra`` is ``(key, value)``
    pairs of strings: anything else raises TypeError naming the field.  Row
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
    title: str | None = attrs.field(default=None, validator=_text_or_none)
    author: str | None = attrs.field(default=None, validator=_text_or_none)
    copyright: str | None = attrs.field(default=None, validator=_text_or_none)
    license: str | None = attrs.field(default=None, validator=_text_or_none)
    catalogue: str | None = attrs.field(default=None, validator=_text_or_none)
    goal: tuple[str, ...] | None = attrs.field(default=None, converter=_goal("goal"))
    extra: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_extra)
    given: tuple[str, ...] | None = attrs.field(default=None, converter=_goal("given"))

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
