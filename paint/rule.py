"""What a rule is and what it returns (STYLE: a rule reads a strip and returns what it concluded; it never prints).

A *strip rule* is a function of one :class:`paint.strip.Strip` whose patch
bounds are up to date.  It returns a :class:`Finding` - the blank squares it
marks and a record of why, as data (which blocks, which squares) - or None
when it concludes nothing.  It raises
:class:`paint.errors.StripContradiction` when the strip cannot be completed.
The words a person reads are made from the record by :mod:`paint.wording`.

A *probe* (scope ``'world'``: Kramer's edge and corner rules) is a function
of the engine, which it reads and never changes, and of its own memory, which
the engine makes once per line of reasoning from the rule's ``memory``
factory (:class:`paint.rules.probe.ProbeMemory`: which squares it probed in
vain); it yields, one square at a time, each blank square that cannot be
full with the :class:`paint.explanation.Chain` by which it cannot (None when
the engine keeps no chains).

Each rule is one row of the ladder of techniques (:data:`paint.rules.RULES`,
ordered by rung): a :class:`Rule`, defined in the rule's own module beside
``find``, with everything else that is particular to it - the names solvers
give what it finds, and the functions that turn its record into the bounds
it rests on, the technique it was and its JSON.  Its English is the entry of
:data:`paint.wording.WORDS` of the same name.
"""

from __future__ import annotations

from typing import Callable

import attrs

from .fields import as_tuple
from .squares import BLANK, FULL, Square
from .wording import TECHNIQUES, WORDS


@attrs.frozen
class Finding:
    """What a rule concluded on one strip: ``marks`` as ``(position, value)`` pairs (0-based positions along
    the strip, blank squares only) and ``detail``, the rule's own record of why (a frozen attrs object of its
    module: :class:`paint.rules.overlap.Covered`, ...)."""

    marks: tuple[tuple[int, Square], ...] = attrs.field(converter=as_tuple)
    detail: object


@attrs.frozen
class Rule:
    """One row of the ladder of techniques: a rule, what it finds and how what it found is explained.

    - ``name``: the rule's name, the same string everywhere (steps, JSON,
      ``--rules``); ``numeral``: Kramer's number for it (``'i'`` ... ``'vii'``);
      ``summary``: what it concludes, in one line.
    - ``find``: the rule itself; ``scope``: ``'strip'`` (a function of one
      strip, returning a :class:`Finding` or None) or ``'world'`` (a probe:
      see the module's docstring).
    - ``rung``: its place on the ladder, a positive whole number; the engine
      tries the rules from the lowest rung up.  The rungs go in tens, so a
      new rule fits between two without renumbering the others.
    - ``techniques``: the names solvers give what it finds, each a key of
      :data:`paint.wording.TECHNIQUES` (``('simple boxes', 'forcing',
      'glue')`` for ``overlap``).
    - ``memory``: for a probe, makes the state its ``find`` keeps between
      calls, one per line of reasoning (None: it keeps none).
    - ``narrow``: for a dear strip rule, ``narrow(strip, finding)`` keeps the
      one mark of a finding that is simplest to explain, so that a step by
      strip marks one square and the cheaper rules look again before the
      next (:meth:`step_on`; None: a step keeps every mark it finds).
    - ``split``: for a strip rule whose marks each have a reason of their
      own, ``split(detail, marks)`` is its record kept to some of its marks
      (``(position, value)`` pairs), as a probe's chain keeps a link to the
      squares read after it (None: the record holds as one).
    - ``reads_bounds``: whether a strip rule's ``find`` reads the blocks'
      bounds (the strip's patches), which the engine then brings up to date
      first - and so finds a strip that cannot be completed, naming this
      rule.  A rule that reads only the squares and the clue (``fills``,
      ``located``) says False: it is not credited with a contradiction it
      did not look for.
    - ``only_if``: for a strip rule that can find something only on some
      clues, ``only_if(targets, n)`` tells from a strip's clue and length
      alone whether it can (``fills``: the clue fills the line); the engine
      does not ask it of the other strips (None: it may find something on
      any strip).  Only for a rule that reads no bounds: one that does
      would report a strip that cannot be completed, and must be asked.

    A strip rule's steps each have a :class:`paint.explanation.Reason`
    (``reason.detail`` is the rule's record); its row turns one into:

    - ``bounds(reason)``: for each item of the record (a span, a stretch, a
      gap, ...), in the record's order, the bounds its conclusion rests on,
      as a tuple of ``(target, side)`` pairs (:meth:`paint.bounds.Derivation.behind`);
    - ``technique(reason)``: which of ``techniques`` it was, or None when the
      reason matches none of their patterns (it then gets no name rather than
      a wrong one); needed only when the rule names more than one;
    - ``document(reason)``: the rule's own keys of the reason's JSON object
      (squares and blocks counted from 1);
    - its words: :data:`paint.wording.WORDS` ``[name]``, given the reason
      and its ``bounds`` (:attr:`words`).

    A probe's steps are explained by their :class:`paint.explanation.Chain`,
    worded and written the same for every probe: a probe row takes none of
    these functions.

    Raises ValueError when a row is incomplete: a strip rule without
    ``bounds``, ``document`` or English in :data:`paint.wording.WORDS`, a
    rule naming several techniques without ``technique``, a technique that
    is not in :data:`paint.wording.TECHNIQUES`, an ``only_if`` on a rule
    that reads the bounds, a probe given a strip rule's functions, or a
    rung that is not a positive whole number.
    """

    name: str
    numeral: str
    summary: str
    find: Callable[..., object] = attrs.field(repr=False)
    scope: str = attrs.field(default="strip", validator=attrs.validators.in_(("strip", "world")))
    rung: int = attrs.field(kw_only=True)
    techniques: tuple[str, ...] = attrs.field(kw_only=True, converter=as_tuple)
    bounds: Callable[[object], list] | None = attrs.field(kw_only=True, default=None, repr=False)
    technique: Callable[[object], str] | None = attrs.field(kw_only=True, default=None, repr=False)
    document: Callable[[object], dict] | None = attrs.field(kw_only=True, default=None, repr=False)
    memory: Callable[[], object] | None = attrs.field(kw_only=True, default=None, repr=False)
    reads_bounds: bool = attrs.field(kw_only=True, default=True, repr=False)
    only_if: Callable[[tuple, int], bool] | None = attrs.field(kw_only=True, default=None, repr=False)
    narrow: Callable[[object, object], object] | None = attrs.field(kw_only=True, default=None, repr=False)
    split: Callable[[object, list], object] | None = attrs.field(kw_only=True, default=None, repr=False)

    def __attrs_post_init__(self) -> None:
        """Refuse an incomplete row (see the class's docstring)."""
        problems = []
        if type(self.rung) is not int or self.rung < 1:
            problems.append(f"its rung is {self.rung!r}, not a positive whole number")
        if not self.techniques:
            problems.append("it names no technique")
        problems += [f"it names the technique {name!r}, which paint.wording.TECHNIQUES does not list"
                     for name in self.techniques if name not in TECHNIQUES]
        functions = {"bounds": self.bounds, "technique": self.technique, "document": self.document}
        if self.scope == "strip":
            problems += [f"it has no {field} function" for field in ("bounds", "document")
                         if not callable(functions[field])]
            if self.name not in WORDS:
                problems.append(f"it has no words: paint.wording.WORDS has no entry {self.name!r}")
            if len(self.techniques) > 1 and not callable(self.technique):
                problems.append("it names several techniques but has no technique function to choose one")
            if self.only_if is not None and self.reads_bounds:
                problems.append("it reads the bounds, so it must be asked of every strip, but has an only_if")
        else:
            problems += [f"it is a probe, explained by its chains, but has a {field} function"
                         for field, function in {**functions, "only_if": self.only_if}.items()
                         if function is not None]
        if problems:
            raise ValueError(f"rule {self.name!r}: " + "; ".join(problems))

    @property
    def words(self) -> Callable[[object, list], list]:
        """The rule's English (a strip rule's): :data:`paint.wording.WORDS` ``[name]``, a function of a reason
        and its :attr:`bounds` giving lines (see :func:`paint.wording.reason_lines`).  Raises KeyError for a probe."""
        return WORDS[self.name]

    def find_on(self, strip):
        """What the strip rule finds on ``strip`` (a :class:`paint.strip.Strip`): its
        :class:`Finding`, or None (also for a strip with no blank square).  When the rule reads
        the blocks' bounds they are brought up to date first, which raises
        :class:`paint.errors.StripContradiction` when the strip cannot be completed."""
        if self.reads_bounds and strip.bounds_version != strip.version:
            strip.update_patches()
        return None if BLANK not in strip.squares else self.find(strip)

    def step_on(self, strip):
        """What one step by strip of this rule marks on ``strip``: :meth:`find_on`, narrowed to one mark when the
        rule has :attr:`narrow` (the simplest step first; Kramer's rounds, ``--steps rule``, keep every mark)."""
        finding = self.find_on(strip)
        return finding if finding is None or self.narrow is None else self.narrow(strip, finding)

    def technique_of(self, reason) -> str | None:
        """The technique a strip rule's ``reason`` used, one of :attr:`techniques`: its only one, or the one
        :attr:`technique` chooses (None: its pattern matches none of them)."""
        return self.techniques[0] if self.technique is None else self.technique(reason)


def one_name(names) -> str | None:
    """The technique every item of a reason matched, or None when they differ or one matched none: a step is
    named only when all of it is that technique.

    >>> one_name(["glue", "glue"]), one_name(["glue", "forcing"]), one_name(["glue", None])
    ('glue', None, None)
    """
    found = set(names)
    return found.pop() if len(found) == 1 else None


def moved_by(derivation, bound: tuple[int, str], cause: str) -> bool:
    """Whether block ``bound`` = ``(target, side)``'s bound was moved by ``cause`` itself (an event of its own
    :class:`paint.bounds.Fact`: ``'cover'``, the block must cover a full square; ``'touch'``, it would touch
    one), not only through another block's bound."""
    target, side = bound
    return any(event.cause == cause for event in derivation.fact(derivation.last(target, side), side).events)


def between_full(squares, position: int) -> bool:
    """Whether the squares on both sides of ``position`` along a strip are full (a square that joins or splits two
    runs of full squares)."""
    return 0 < position < len(squares) - 1 and squares[position - 1] == FULL and squares[position + 1] == FULL
