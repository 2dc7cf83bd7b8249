"""The explanation as data: marks, reasons and steps (Kramer key decision 4).

Every rule application that makes progress on a strip becomes one
:class:`Step` (``paint solve --steps strip``, the default), or every round of
one rule over the strips that changed does (``--steps rule``, Kramer's
grouping): its number, its rule, the marks it made in the order made, and one
:class:`Reason` per strip - the strip as it was, the rule's record of what it
concluded, and the derivation of the bounds it rests on
(:class:`paint.bounds.Derivation`).  The words are made from these records by
:mod:`paint.wording`; text, JSON and grids are renderings of them; nothing
here prints.

Everything a person reads counts rows and columns from 1; the records keep
0-based indices.

>>> from paint.strip import StripId
>>> from paint.squares import Square
>>> row3 = StripId('row', 2)
>>> marks = [Mark(2, c, Square.FULL, row3) for c in (3, 4, 5)]
>>> Step(12, 'overlap', tuple(marks), ()).text
'3 full - row 3 (columns 4-6)'
"""

from __future__ import annotations

import enum
import functools

import attrs

from .bounds import Derivation, Witness, core, derive
from .errors import Contradiction, StripContradiction
from .rule import Rule, one_name
from .squares import Square, as_square
from .strip import StripId
from .wording import (block_name, broken_lines, describe_marks, failure_lines, label, links_text, plural,
                      reason_lines, squares_phrase, step_head, strip_marks)


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
    value: Square = attrs.field(converter=as_square)
    strip: StripId

    @property
    def position(self) -> int:
        """The 0-based position of the square along ``strip``."""
        return self.column if self.strip.kind == "row" else self.row

    def __str__(self) -> str:
        """The mark as a person reads it, counting from 1: ``'row 3, column 4 full (by row 3)'``."""
        return f"row {self.row + 1}, column {self.column + 1} {self.value.word} (by {self.strip.name})"


@attrs.frozen(slots=False)
class Reason:
    """Why one strip allowed a rule's marks: the strip as it was and the rule's record of what it concluded.

    ``strip`` and its ``clue``; ``squares``, the strip's squares (bytes, as
    :class:`paint.squares.Square` values) just before the rule worked it;
    ``row``, the rule that worked it (its :class:`paint.rule.Rule`, a strip
    rule: its row of the ladder, which explains its records); ``detail``,
    the rule's record (see each module of :mod:`paint.rules`).
    :attr:`derivation` derives the bounds the rule read, and :attr:`lines`
    says why in sentences a person can check on the strip alone.
    """

    strip: StripId
    clue: tuple[int, ...]
    squares: bytes = attrs.field(repr=False)
    row: Rule = attrs.field(repr=lambda row: repr(row.name))
    detail: object

    @property
    def rule(self) -> str:
        """The name of the rule that worked the strip (``row.name``)."""
        return self.row.name

    @property
    def derivation(self) -> Derivation:
        """The left-most and right-most placements of the blocks in :attr:`squares`, with why each bound is where it is.

        Derived when read, through a small cache (:func:`paint.bounds.derive`), so the steps of a long solve do
        not each keep one.
        """
        return derive(self.clue, self.squares)

    @functools.cached_property
    def witnesses(self) -> list[Witness]:
        """Why each square of a record of squares tried (``detail.squares``: ``try_one``'s
        :class:`paint.rules.try_one.Tried`) must take its value (:class:`paint.bounds.Witness`), worked out once
        for its words and its JSON."""
        return [Witness.of(self.clue, self.squares, position, value) for position, value in self.detail.squares]

    @property
    def label(self) -> str:
        """The strip with its clue: ``'row 3 [2 7 1]'``."""
        return label(self.strip, self.clue)

    @functools.cached_property
    def lines(self) -> list[str]:
        """Why, as lines: the bounds known squares moved, then the conclusion (:func:`paint.wording.reason_lines`);
        a line that belongs under the one before it is indented by two spaces.

        Worded once, when first read, and kept: the text, the JSON and the page of one solve all read the same
        lines (a few hundred bytes a reason; the derivation they are worded from is not kept, :attr:`derivation`).
        """
        return ["  " * level + line for level, line in reason_lines(self)]

    @functools.cached_property
    def technique(self) -> str | None:
        """The name people give the technique used (``'simple boxes'``, ``'forcing'``, ...): one of its row's
        techniques (:meth:`paint.rule.Rule.technique_of`), or None when it matches none of their patterns."""
        return self.row.technique_of(self)

    @property
    def text(self) -> str:
        """The lines as one text, separated by ``'; '``."""
        return "; ".join(line.strip() for line in self.lines)

    @property
    def line(self) -> str:
        """``'row 3 [2 7 1]: <text>'``."""
        return f"{self.label}: {self.text}"


@attrs.frozen
class Link:
    """One consequence in a probe's chain: in ``generation`` (1 for the strips through the assumed square), ``rule`` on ``strip`` (clue ``clue``) forced ``marks``, for ``reason``.

    >>> link = Link(2, StripId('column', 19), (4,), 'block_extension', (Mark(1, 19, Square.FULL, StripId('column', 19)),), None)
    >>> link.text
    'column 20 [4] would make row 2 full'
    """

    generation: int
    strip: StripId
    clue: tuple[int, ...]
    rule: str
    marks: tuple[Mark, ...]
    reason: Reason | None

    @property
    def text(self) -> str:
        """The consequence in words, as the explanation prints it: ``'column 20 [4] would make rows 2-4 full'``."""
        return links_text([self])


@attrs.frozen
class Follows:
    """How squares follow from a search's block in one place (a case-analysis step's place left): the ``placed``
    marks that put the block there, and the ``links``, one-line steps in order, each with its reason, that mark
    the squares (:func:`paint.rules.probe.derivation`)."""

    placed: tuple[Mark, ...]
    links: tuple[Link, ...]


def merge_links(links) -> list[Link]:
    """``links`` with one piece per strip and generation, whichever rules found it, in order."""
    merged: list[Link] = []
    for link in links:
        if merged and (merged[-1].strip, merged[-1].generation) == (link.strip, link.generation):
            merged[-1] = attrs.evolve(merged[-1], marks=merged[-1].marks + link.marks)
        else:
            merged.append(link)
    return merged


@attrs.frozen
class Chain:
    """What a probe followed (Kramer rules v and vi): the ``assumed`` mark, the ``links`` that led to the break, and the ``broken`` strip, which ``rule`` found could not be completed and why (``reason``).

    ``links`` keep only the consequences the break depends on, in the order
    they were found.  ``broken_squares`` are the broken strip's squares when
    it broke (None when two strips disagreed on a square).  A search
    branch's chain starts from a block put in one of its places: ``placed``
    holds the marks that put it there (``assumed`` is the first of them).
    """

    assumed: Mark
    links: tuple[Link, ...]
    broken: StripId
    broken_clue: tuple[int, ...]
    rule: str
    reason: str
    broken_squares: bytes | None = attrs.field(default=None, repr=False)
    placed: tuple[Mark, ...] = ()

    @property
    def merged(self) -> list[Link]:
        """The links with one piece per strip and generation, whichever rules found it (:func:`merge_links`)."""
        return merge_links(self.links)

    def nested(self, link: Link) -> list[Link]:
        """The links of ``link``'s strip and generation (a piece of :attr:`merged`) found by a contradiction on
        that strip (``try_one``): their reasons are part of the chain a person reads."""
        return [own for own in self.links if (own.strip, own.generation) == (link.strip, link.generation)
                and own.rule == "try_one" and own.reason is not None]

    @property
    def pieces(self) -> list[tuple[Link, ...]]:
        """The pieces of :attr:`merged` as a person reads them: pieces of one generation that mark the same
        squares alike on strips of one kind (columns 1 and 2 each making row 2 empty) are said together, where
        the first of them was; a piece with a contradiction of its own (:meth:`nested`) is said alone.

        The strips of one generation read only what earlier generations marked, so saying them in another
        order keeps every piece after the pieces it follows from.
        """
        groups: list[list[Link]] = []
        where: dict = {}
        for link in self.merged:
            if self.nested(link):
                groups.append([link])
                continue
            key = (link.generation, link.strip.kind,
                   frozenset((mark.position, mark.value) for mark in link.marks))
            if key in where:
                groups[where[key]].append(link)
                continue
            where[key] = len(groups)
            groups.append([link])
        return [tuple(group) for group in groups]

    @property
    def text(self) -> str:
        """The chain as one text, in the words the explanation prints, its lines joined by ``'; '``.

        ``"row 1, column 20 cannot be full - column 20 [4] would make rows 2-4 full; ...; and row 3 [3]
        could not be completed: ..."``; with no link (the assumed square's own strip breaks at once),
        ``"row 1, column 5 cannot be full - row 1 [1 3] could not be completed: ..."``.
        """
        square = f"row {self.assumed.row + 1}, column {self.assumed.column + 1}"
        pieces = [links_text(group) for group in self.pieces]
        pieces.append(f"{'and ' if pieces else ''}{label(self.broken, self.broken_clue)} could not be completed: "
                      + "; ".join(broken_lines(self)))
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
        return f"{self.strip.name}'s {block_name(self.clue, self.target).removeprefix('the ')}"


class Outcome(enum.StrEnum):
    """What became of a search branch (:attr:`Branch.outcome`); the words are those of the JSON document.

    ``STALLED`` is a branch the rules worked without breaking or solving it,
    still to be scanned; the search never records it as such (it is
    ``OPEN`` or ``UNTRIED`` in a :class:`Branch`).
    """

    STALLED = "stalled"
    SOLVED = "solved"
    CONTRADICTION = "contradiction"
    EXHAUSTED = "exhausted"
    OPEN = "open"
    UNTRIED = "untried"
    SURVIVED = "survived"


BROKE = (Outcome.CONTRADICTION, Outcome.EXHAUSTED)
"""The outcomes of a branch that rules its place out."""


@attrs.frozen
class Branch:
    """One placement tried by the search and what became of it (Kramer decisions 6/7/2, 6/20/2).

    ``outcome`` is ``'contradiction'`` (working it with the rules broke
    ``broken``: ``reason``), ``'exhausted'`` (every placement of the next
    block, ``children``, broke), ``'solved'``, ``'open'`` (still open when
    the search ended), ``'untried'`` (a limit stopped the search before it
    was worked) or ``'survived'`` (the one left: committed).
    ``steps`` are the branch's own steps (kept when asked for), ``worked``
    how many steps the rules took in it (None for a place left open,
    solved or committed that the solve did not count:
    :attr:`paint.options.SolveOptions.branch_counts`), ``level`` its depth (1 for the
    placements of the first block tried); ``reason_lines`` say why the
    broken strip broke, a line a fact (``reason`` is them joined).
    ``chain``, for a place of a committed search step's block that breaks,
    is the chain of one-line steps from putting the block there to the
    strip that breaks (:func:`paint.rules.probe.follow`), else None; such
    a place's ``worked``, ``broken`` and ``reason`` are its chain's (its
    links, the strip it breaks, why), as the text tells it, and it has no
    ``reason_lines`` - unless its own steps are kept (``--detail``), whose
    run they then describe.  ``follows``, for a place left of a case-analysis step, are the one-line
    steps from putting the block there to the squares the step concludes
    (:func:`paint.rules.probe.derivation`), else None.
    """

    placement: Placement
    level: int
    outcome: Outcome = attrs.field(converter=Outcome)
    worked: int | None
    steps: tuple["Step", ...] = ()
    broken: StripId | None = None
    reason: str | None = None
    children: tuple["Branch", ...] = ()
    reason_lines: tuple[str, ...] = ()
    chain: Chain | None = None
    follows: "Follows | None" = None

    @property
    def text(self) -> str:
        """The place and what became of it: ``'columns 2-6 breaks column 4 after 6 steps'``."""
        return f"{self.placement.where} {self.became}"

    @property
    def became(self) -> str:
        """What became of the branch: ``'breaks column 4 after 6 steps'``, ``'is the one place left'``, ...

        A place told with its chain (:attr:`chain`) breaks where the chain
        breaks, after its one-line steps: the words agree with the chain a
        reader checks, not with the longer work the search did."""
        if self.outcome is Outcome.CONTRADICTION and self.chain is not None:  # as the chain told tells it
            return f"breaks {self.chain.broken.name} after {plural(len(self.chain.merged), 'step')}"
        if self.outcome is Outcome.CONTRADICTION and self.broken is None:  # untold (SolveOptions.branch_counts off)
            return "breaks"
        if self.outcome is Outcome.CONTRADICTION:
            return f"breaks {self.broken.name} after {plural(self.worked, 'step')}"
        if self.outcome is Outcome.EXHAUSTED:
            block = self.children[0].placement.block if self.children else "the next block"
            return (f"leaves no place for {block} "
                    f"({plural(len(self.children), 'place')} tried, {levels(self)} deep)")
        after = "" if self.worked is None else f" after {plural(self.worked, 'step')}"
        if self.outcome is Outcome.SOLVED:
            return f"is solved{after}"
        if self.outcome is Outcome.OPEN:
            return f"is still open{after}"
        return _OUTCOME_WORDS[self.outcome]


_OUTCOME_WORDS = {Outcome.UNTRIED: "is not tried yet", Outcome.SURVIVED: "is the one place left"}


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
    then as far as they were worked.  ``squares``, when known, are the
    searched block's strip at the stall, from which its places follow.  With none of these, every place broke
    and the clues cannot all hold.
    """

    branches: tuple[Branch, ...]
    survived: int | None
    agreed: bool = False
    stopped: bool = False
    squares: bytes | None = attrs.field(default=None, repr=False)

    @property
    def text(self) -> str:
        """``"row 7's 5 has 3 places - columns 2-6 breaks column 4 after 6 steps, ...; so it lies at columns 3-7"``.

        A search stopped by a limit says ``"row 7's 5, which has 3 places:
        columns 2-6 breaks column 4 after 6 steps; 2 places still open"``.
        """
        first = self.branches[0].placement
        if self.stopped:
            said = [b.text for b in self.branches if b.outcome in (*BROKE, Outcome.SOLVED)]
            for outcome, words in ((Outcome.OPEN, "still open"), (Outcome.UNTRIED, "not tried yet")):
                count = sum(1 for b in self.branches if b.outcome == outcome)
                if count:
                    said.append(f"{plural(count, 'place')} {words}")
            return f"{first.block}, which has {plural(len(self.branches), 'place')}: {'; '.join(said)}"
        ruled_out = [b.text for i, b in enumerate(self.branches)
                     if i != self.survived and b.outcome in BROKE]
        head = f"{first.block} has {plural(len(self.branches), 'place')}"
        if ruled_out:
            head += f" - {', '.join(ruled_out)}"
        if self.survived is not None:
            return f"{head}; so it lies at {self.branches[self.survived].placement.where}"
        if self.agreed:
            left = [b.placement.where for b in self.branches if b.outcome not in BROKE]
            return f"{head}; every place left ({'; '.join(left)}) gives the same"
        return f"{head}; so the clues cannot all hold"


@attrs.frozen
class Step:
    """One step of the explanation: ``number`` (from 1), ``rule`` name, ``marks`` in order, ``reasons`` per strip.

    A probe step (``edge``, ``corner``) also has its ``chain`` and the square
    it ``assumed`` (by default the chain's assumption; given on its own by a
    solve that keeps no chains, :attr:`paint.options.SolveOptions.chains`), so
    a step is a probe step when ``assumed`` is not None; a search step has its
    ``search`` record.  ``round`` numbers the rounds of the engine
    (one rule over the strips that changed, or one probe or search step):
    with ``--steps strip`` a round gives one step per strip it changed, with
    ``--steps rule`` one step.  ``last`` is True for the last step of its
    round.
    """

    number: int
    rule: str
    marks: tuple[Mark, ...]
    reasons: tuple[Reason, ...] = ()
    chain: Chain | None = None
    search: Search | None = None
    round: int = 0
    last: bool = True
    assumed: Mark | None = attrs.field(
        default=attrs.Factory(lambda step: None if step.chain is None else step.chain.assumed, takes_self=True))

    def ended(self) -> Step:
        """This step marked the last of its round (``last`` True): ``attrs.evolve(step, last=True)``, made
        directly, as the engine does at the end of every round."""
        return Step(self.number, self.rule, self.marks, self.reasons, self.chain, self.search, self.round, True,
                    self.assumed)

    @property
    def strip(self) -> StripId | None:
        """The one strip all the step's marks lie on, or None when they lie on several."""
        strips = {mark.strip for mark in self.marks}
        return next(iter(strips)) if len(strips) == 1 else None

    @property
    def technique(self) -> str | None:
        """The technique people would call this step, when its reasons agree on one (see :data:`paint.wording.TECHNIQUES`).

        A probe is a *contradiction*; a search step *trial and error* when one place of the block is left,
        *case analysis* when the places left agree on the squares marked; a line rule's step the technique
        all its reasons matched, else None.
        """
        if self.assumed is not None:  # a probe
            return "contradiction"
        if self.search is not None:
            return "case analysis" if self.search.agreed else "trial and error"
        return one_name(reason.technique for reason in self.reasons)

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
        strip = self.strip
        if strip is not None and self.reasons:
            return f"{label(strip, self.reasons[0].clue)} - {strip_marks(strip, self.marks)}"
        return describe_marks(self.marks)

    @property
    def line(self) -> str:
        """The step's line as the explanation prints it: ``'12. overlap (forcing): row 3 [2 7 1] - columns 7-10 full'``.

        See :func:`paint.wording.step_head`.
        """
        return f"{self.number}. {step_head(self)}"


def contradiction(strip, clue, squares, rule: str, error: StripContradiction) -> Contradiction:
    """The :class:`Contradiction` of ``strip`` (clue ``clue``, ``squares`` as they were) that ``rule`` found: ``error``.

    The reason is worded, when it is first read, from the derivation of the
    placements on the squares the failure needs (:func:`paint.bounds.core`,
    :func:`paint.wording.failure_lines`), else from ``error``.
    """
    squares = bytes(squares)
    clue = tuple(clue)

    def reason() -> list[str]:
        derivation = Derivation(clue, core(clue, squares))
        if derivation.failure is not None:
            return failure_lines(derivation, clue, strip.crossing)
        return [error.describe(strip.crossing)]

    return Contradiction(strip, rule, reason, clue=clue, squares=squares)
