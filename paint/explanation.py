"""The explanation as data: marks, reasons and steps (Kramer key decision 4).

Every rule application that makes progress becomes one :class:`Step`: its
number, its rule, the marks it made in the order made, and one
:class:`Reason` per strip saying why in the rule's own terms.  Text, JSON and
grids are renderings of these records; nothing here prints.

Everything a person reads counts rows and columns from 1; the records keep
0-based indices.

>>> from paint.strip import StripId
>>> from paint.squares import Square
>>> row3 = StripId('row', 2)
>>> marks = [Mark(2, c, Square.FULL, row3) for c in (3, 4, 5)]
>>> Step(12, 'overlap', tuple(marks), ()).text
'3 full - row 3 (columns 4-6)'
>>> spans([2, 9, 10, 11])
'2, 9-11'
"""

from __future__ import annotations

import attrs

from .squares import EMPTY, FULL, Square
from .strip import StripId


@attrs.frozen
class Mark:
    """One square marked: 0-based ``row`` and ``column``, its new ``value``, and the ``strip`` whose reasoning produced it."""

    row: int
    column: int
    value: Square = attrs.field(converter=Square)
    strip: StripId

    @property
    def position(self) -> int:
        """The 0-based position of the square along ``strip``."""
        return self.column if self.strip.kind == "row" else self.row


@attrs.frozen
class Reason:
    """Why one strip allowed a rule's marks: ``text`` in the rule's own terms.

    ``label`` names the strip with its clue (``'row 3 [2 7 1]'``), so the
    detailed line reads ``row 3 [2 7 1]: the 7 covers columns 4-6 however it lies``.
    """

    strip: StripId
    label: str
    text: str

    @property
    def line(self) -> str:
        return f"{self.label}: {self.text}"


@attrs.frozen
class Step:
    """One productive rule application: ``number`` (from 1), ``rule`` name, ``marks`` in order, ``reasons`` per strip."""

    number: int
    rule: str
    marks: tuple[Mark, ...]
    reasons: tuple[Reason, ...] = ()

    @property
    def text(self) -> str:
        """What the step concluded and where, e.g. ``'9 full - row 3 (columns 4-6); column 7 (rows 2, 9-11)'``."""
        return describe_marks(self.marks)

    @property
    def line(self) -> str:
        """The whole explanation line: ``'12. overlap: 9 full - row 3 (columns 4-6)'``."""
        return f"{self.number}. {self.rule}: {self.text}"


def spans(numbers) -> str:
    """Sorted 1-based numbers written as comma-separated runs: ``'2, 9-11'``."""
    numbers = sorted(set(numbers))
    parts = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ", ".join(parts)


def squares_phrase(kind: str, positions) -> str:
    """``'columns 4-6'`` or ``'column 4'`` for 0-based ``positions`` along a strip crossed by ``kind`` strips."""
    positions = sorted(set(positions))
    plural = "s" if len(positions) > 1 else ""
    return f"{kind}{plural} {spans(p + 1 for p in positions)}"


def describe_marks(marks) -> str:
    """Summarise marks as counts per value, then per strip where they lie (in first-mark order).

    >>> from paint.strip import StripId
    >>> c = StripId('column', 6)
    >>> describe_marks([Mark(1, 6, EMPTY, c), Mark(2, 6, FULL, c)])
    '1 full, 1 empty - column 7 (full row 3, empty row 2)'
    """
    counts = []
    values = [v for v in (FULL, EMPTY) if any(m.value == v for m in marks)]
    for value in values:
        counts.append(f"{sum(1 for m in marks if m.value == value)} {Square(value).word}")
    by_strip: dict[StripId, list[Mark]] = {}
    for mark in marks:
        by_strip.setdefault(mark.strip, []).append(mark)
    places = []
    for strip, strip_marks in by_strip.items():
        if len(values) == 1:
            inner = squares_phrase(strip.crossing, [m.position for m in strip_marks])
        else:
            inner = ", ".join(
                f"{Square(v).word} {squares_phrase(strip.crossing, [m.position for m in strip_marks if m.value == v])}"
                for v in values if any(m.value == v for m in strip_marks))
        places.append(f"{strip.name} ({inner})")
    return f"{', '.join(counts)} - {'; '.join(places)}"
