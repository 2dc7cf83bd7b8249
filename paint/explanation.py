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
    """One square marked: 0-based ``row`` and ``column``, its new ``value``, and the ``strip`` whose reasoning produced it.

    >>> mark = Mark(2, 3, Square.FULL, StripId('row', 2))
    >>> mark
    Mark(row=2, column=3, value=Square.FULL, strip=StripId('row', 2))
    >>> print(mark)
    row 3, column 4 full (by row 3)
    """

    row: int
    column: int
    value: Square = attrs.field(converter=Square)
    strip: StripId

    @property
    def position(self) -> int:
        """The 0-based position of the square along ``strip``."""
        return self.column if self.strip.kind == "row" else self.row

    def __str__(self) -> str:
        """The mark as a person reads it, counting from 1: ``'row 3, column 4 full (by row 3)'``."""
        return f"row {self.row + 1}, column {self.column + 1} {self.value.word} (by {self.strip.name})"


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
class Link:
    """One consequence in a probe's chain: in ``generation`` (1 for the strips through the assumed square), ``rule`` on ``strip`` (clue ``clue``) forced ``marks``; ``why`` in the rule's own terms.

    >>> link = Link(2, StripId('column', 19), (4,), 'block_extension', (Mark(1, 19, FULL, StripId('column', 19)),), 'the run ...')
    >>> link.text
    "column 20's 4 would make row 2 full"
    """

    generation: int
    strip: StripId
    clue: tuple[int, ...]
    rule: str
    marks: tuple[Mark, ...]
    why: str

    @property
    def text(self) -> str:
        """The consequence in words: ``"column 20's 4 would make rows 2-4 full"``."""
        parts = []
        for value in (FULL, EMPTY):
            positions = [m.position for m in self.marks if m.value == value]
            if positions:
                parts.append(f"{squares_phrase(self.strip.crossing, positions)} {Square(value).word}")
        return f"{possessive(self.strip, self.clue)} would make {' and '.join(parts)}"


@attrs.frozen
class Chain:
    """What a probe followed (Kramer rules v and vi): the ``assumed`` mark, the ``links`` that led to the break, and the ``broken`` strip, which ``rule`` found could not be completed and why (``reason``).

    ``links`` keep only the consequences the break depends on, in the order
    they were found.
    """

    assumed: Mark
    links: tuple[Link, ...]
    broken: StripId
    broken_clue: tuple[int, ...]
    rule: str
    reason: str

    @property
    def text(self) -> str:
        """``"row 1, column 20 cannot be full - column 20's 4 would make rows 2-4 full; ...; row 3's 3 cannot be met: ..."``."""
        square = f"row {self.assumed.row + 1}, column {self.assumed.column + 1}"
        merged: list[Link] = []
        for link in self.links:  # one piece per strip and generation, whichever rules found it
            if merged and (merged[-1].strip, merged[-1].generation) == (link.strip, link.generation):
                merged[-1] = attrs.evolve(merged[-1], marks=merged[-1].marks + link.marks)
            else:
                merged.append(link)
        pieces = [link.text for link in merged]
        pieces.append(f"{possessive(self.broken, self.broken_clue)} cannot be met: {self.reason}")
        return f"{square} cannot be {self.assumed.value.word} - {'; '.join(pieces)}"


@attrs.frozen
class Placement:
    """One place for one block: target number ``target`` (0-based) of ``strip``'s ``clue``, starting at 0-based ``start``.

    >>> Placement(StripId('row', 6), (1, 5), 1, 2).where
    'columns 3-7'
    """

    strip: StripId
    clue: tuple[int, ...]
    target: int
    start: int

    @property
    def size(self) -> int:
        """The block's length in squares."""
        return self.clue[self.target]

    @property
    def where(self) -> str:
        """The squares the block covers, as a person reads them: ``'columns 3-7'``."""
        return squares_phrase(self.strip.crossing, range(self.start, self.start + self.size))

    @property
    def block(self) -> str:
        """Which block: ``"row 7's 5"``, or ``"row 7's second 5"`` when the clue has more than one 5."""
        size = self.size
        same = [i for i, t in enumerate(self.clue) if t == size]
        if len(same) == 1:
            return f"{self.strip.name}'s {size}"
        return f"{self.strip.name}'s {ordinal(same.index(self.target) + 1)} {size}"


@attrs.frozen
class Branch:
    """One placement tried by the search and what became of it (Kramer decisions 6/7/2, 6/20/2).

    ``outcome`` is ``'contradiction'`` (working it with the rules broke
    ``broken``: ``reason``), ``'exhausted'`` (every placement of the next
    block, ``children``, broke), ``'solved'``, ``'open'`` (still open when
    the search ended), ``'untried'`` (a limit stopped the search before it
    was worked) or ``'survived'`` (the one left: committed).
    ``steps`` are the branch's own steps (kept when asked for), ``worked``
    how many steps the rules took in it, ``level`` its depth (1 for the
    placements of the first block tried).
    """

    placement: Placement
    level: int
    outcome: str
    worked: int
    steps: tuple["Step", ...] = ()
    broken: StripId | None = None
    reason: str | None = None
    children: tuple["Branch", ...] = ()

    @property
    def text(self) -> str:
        """What became of the branch: ``'columns 2-6 breaks column 4 after 6 steps'``."""
        where = self.placement.where
        if self.outcome == "contradiction":
            return f"{where} breaks {self.broken.name} after {plural(self.worked, 'step')}"
        if self.outcome == "exhausted":
            block = self.children[0].placement.block if self.children else "the next block"
            return (f"{where} leaves no place for {block} "
                    f"({plural(len(self.children), 'place')} tried, {levels(self)} deep)")
        return f"{where} {_OUTCOME_WORDS.get(self.outcome, self.outcome)}"


_OUTCOME_WORDS = {"open": "still open", "untried": "not tried yet", "survived": "is the one place left"}


def levels(branch: "Branch") -> int:
    """How many levels below ``branch`` the search went before all of them broke (1 for a direct break)."""
    if not branch.children:
        return 1
    return 1 + max(levels(child) for child in branch.children)


@attrs.frozen
class Search:
    """A search step's record: the block tried at a stall and every ``branches`` placement of it.

    ``survived`` is the index of the one place that did not break, or None.
    ``agreed`` is True when several places are left but they all work out
    some squares alike (those squares are then the step's marks).
    ``stopped`` is True when a limit stopped the search: ``branches`` are
    then as far as they were worked.  With none of these, every place broke
    and the clues cannot all hold.
    """

    branches: tuple[Branch, ...]
    survived: int | None
    agreed: bool = False
    stopped: bool = False

    @property
    def text(self) -> str:
        """``"row 7's 5 has 3 places - columns 2-6 breaks column 4 after 6 steps, ...; so it lies at columns 3-7"``.

        A search stopped by a limit says ``"row 7's 5, which has 3 places:
        columns 2-6 breaks column 4 after 6 steps; 2 places still open"``.
        """
        first = self.branches[0].placement
        if self.stopped:
            said = [b.text for b in self.branches if b.outcome in ("contradiction", "exhausted", "solved")]
            for outcome, words in (("open", "still open"), ("untried", "not tried yet")):
                count = sum(1 for b in self.branches if b.outcome == outcome)
                if count:
                    said.append(f"{plural(count, 'place')} {words}")
            return f"{first.block}, which has {plural(len(self.branches), 'place')}: {'; '.join(said)}"
        ruled_out = [b.text for i, b in enumerate(self.branches)
                     if i != self.survived and b.outcome in ("contradiction", "exhausted")]
        head = f"{first.block} has {plural(len(self.branches), 'place')}"
        if ruled_out:
            head += f" - {', '.join(ruled_out)}"
        if self.survived is not None:
            return f"{head}; so it lies at {self.branches[self.survived].placement.where}"
        if self.agreed:
            left = [b.placement.where for b in self.branches if b.outcome not in ("contradiction", "exhausted")]
            return f"{head}; every place left ({'; '.join(left)}) gives the same"
        return f"{head}; so the clues cannot all hold"


@attrs.frozen
class Step:
    """One productive rule application: ``number`` (from 1), ``rule`` name, ``marks`` in order, ``reasons`` per strip.

    A probe step (``edge``, ``corner``) also has its ``chain``; a search
    step its ``search`` record.
    """

    number: int
    rule: str
    marks: tuple[Mark, ...]
    reasons: tuple[Reason, ...] = ()
    chain: Chain | None = None
    search: Search | None = None

    @property
    def text(self) -> str:
        """What the step concluded and where, e.g. ``'9 full - row 3 (columns 4-6); column 7 (rows 2, 9-11)'``.

        A probe step says what its chain showed, a search step what was tried.
        """
        if self.chain is not None:
            return self.chain.text
        if self.search is not None:
            if self.search.agreed:
                return f"{self.search.text}: {describe_marks(self.marks)}"
            return self.search.text
        return describe_marks(self.marks)

    @property
    def line(self) -> str:
        """The whole explanation line: ``'12. overlap: 9 full - row 3 (columns 4-6)'``."""
        return f"{self.number}. {self.rule}: {self.text}"


def possessive(strip: StripId, clue) -> str:
    """``"row 3's 2 7 1"``: a strip with its clue, as the probe and search explanations name it."""
    return f"{strip.name}'s {' '.join(map(str, clue)) or '0'}"


def ordinal(number: int) -> str:
    """``'first'``, ``'second'``, ... for 1-10, else ``'11th'``.

    >>> ordinal(2), ordinal(12)
    ('second', '12th')
    """
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    return words[number - 1] if 1 <= number <= 10 else f"{number}th"


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, made plural unless the count is 1.

    >>> plural(1, 'row'), plural(3, 'square'), plural(2, 'branch')
    ('1 row', '3 squares', '2 branches')
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {noun}{'es' if noun.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


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
