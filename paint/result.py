"""What solving a puzzle produced: status, steps, final grid (and its JSON document).

>>> from paint.puzzle import Puzzle
>>> from paint.squares import Grid
>>> r = Result(Puzzle(rows=[[1]], columns=[[1]]), 'solved', (), Grid.from_lines(['X']))
>>> r.to_document()['grid']
['X']
"""

from __future__ import annotations

import enum
from collections import Counter

import attrs

from .fields import as_tuple
from .errors import Contradiction
from .explanation import Search, Step
from .formats.linenotation import format_line
from .puzzle import Puzzle
from .squares import BLANK, Grid, starting_grid
from .wording import broken_lines

class Status(enum.StrEnum):
    """How a solve (or the engine's run of the rules) ended; the words are those of the JSON document."""

    SOLVED = "solved"
    MULTIPLE = "multiple"
    CONTRADICTION = "contradiction"
    STALLED = "stalled"
    LIMIT = "limit"

    @property
    def unique(self) -> bool | None:
        """True when a solve that ended so proved one solution, False several or none, None unknown.

        >>> Status("multiple").unique, Status.LIMIT.unique
        (False, None)
        """
        return {Status.SOLVED: True, Status.MULTIPLE: False, Status.CONTRADICTION: False}.get(self)


STATUSES = tuple(status.value for status in Status)


@attrs.frozen
class Result:
    """The outcome of :func:`paint.solve`.

    ``status`` is one of:

    - ``'solved'``: no blank square left, every step forced, so the solution
      is the only one (``unique`` is True);
    - ``'multiple'``: search found two different solutions (``solutions``;
      ``grid`` is the first; ``unique`` is False);
    - ``'contradiction'``: the clues cannot all hold; ``contradiction`` says
      where (``unique`` is False);
    - ``'stalled'``: no rule makes progress and search was off;
    - ``'limit'``: a time or branch limit, or Ctrl-C, stopped the search.

    ``unique`` is None when neither was proven.  ``steps`` is the
    explanation, ``grid`` the squares as far as they were worked,
    ``seconds`` the wall-clock time spent solving, ``levels`` the deepest
    search level reached and ``branches`` the number of search branches
    worked.  ``stalls`` holds, for each time every rule stalled (and search
    began, or was off), how many steps had been taken: ``(12, 40)`` means
    the rules stalled after step 12 and again after step 40.  ``tried``,
    when a limit stopped a search, records the places of the block it was
    trying at the stall, as far as they were worked.  ``depth_first`` is
    what the depth-first search found where it ran
    (:class:`paint.search.dfs.Counted`; :attr:`paint.options.SolveOptions.depth_first`,
    ``second_solution`` and the turns of ``depth_first_after``), else None;
    when it decided a ``'solved'`` for ``depth_first``, ``grid`` is its
    solution and the steps stop where the rules stalled.
    """

    puzzle: Puzzle
    status: str = attrs.field(converter=str, validator=attrs.validators.in_(STATUSES))
    steps: tuple[Step, ...]
    grid: Grid
    contradiction: Contradiction | None = None
    seconds: float = 0.0
    unique: bool | None = None
    solutions: tuple[Grid, ...] = ()
    levels: int = 0
    branches: int = 0
    stalls: tuple[int, ...] = attrs.field(default=(), converter=as_tuple)
    tried: Search | None = None
    depth_first: object = attrs.field(default=None, eq=False, repr=False)

    def differences(self) -> list[tuple[int, int]]:
        """The 0-based ``(row, column)`` squares where the two solutions found differ (empty unless ``'multiple'``)."""
        if len(self.solutions) < 2:
            return []
        return self.solutions[0].differences(self.solutions[1])

    def choice(self):
        """Where the choice between the two solutions found is (:func:`paint.ambiguity.find_choice`), or None unless
        ``'multiple'``."""
        if len(self.solutions) < 2:
            return None
        from .ambiguity import find_choice
        return find_choice(self.puzzle, self.solutions[0], self.solutions[1])

    @property
    def blank(self) -> int:
        """How many squares are still blank."""
        return self.grid.count(BLANK)

    def rule_counts(self) -> dict[str, int]:
        """Steps per rule name, in the order rules first appear."""
        return dict(Counter(step.rule for step in self.steps))

    def to_document(self) -> dict:
        """The JSON document (a dict of plain values); rows and columns count from 1.

        Schema (``tests/schema.json``): ``{"puzzle": {"title", "width",
        "height"}, "steps": [{"number", "rule", "text", "marks": [{"row",
        "column", "value", "strip"}], "reasons": [{"strip", "text"}],
        "chain"?, "branches"?}], "status", "unique": bool | null, "grid":
        [str, ...], "solutions": [[str, ...], ...], "choice", "search": {"levels",
        "branches", "tried", "depth_first"}, "contradiction": {"strip", "rule", "reason"} |
        null}``, in that order: the steps come before the outcome, so the
        document can be written as the solve goes
        (:class:`paint.render.document.DocumentWriter`).

        A probe step's ``marks`` hold its conclusion and its ``chain`` the
        assumed mark, the forced marks and the strip that broke; a search
        step's ``marks`` are the squares it commits and its ``branches`` say
        what became of each place tried.  ``solutions`` holds the two grids
        found when there are several, else nothing, and ``choice`` then says
        where they differ: a block each places differently
        (:meth:`paint.ambiguity.Choice.document`), else null.  ``search.tried`` holds,
        when a limit stopped the search, the places of the block it was
        trying (as a search step's ``branches``), else null.  ``search.depth_first`` is
        what the depth-first search found where it ran (:attr:`depth_first`): its ``positions``
        and ``found``, ``several``, ``one``, ``none`` or ``unknown`` (undecided); else null.
        ``contradiction.strip`` is null when the clues' totals differ.
        """
        return {"puzzle": puzzle_document(self.puzzle),
                "steps": [step_document(step) for step in self.steps],
                **self.outcome_document()}

    def outcome_document(self) -> dict:
        """The keys of :meth:`to_document` after ``steps``: how the solve ended."""
        return {
            "status": self.status,
            "unique": self.unique,
            "grid": self.grid.lines(),
            "solutions": [grid.lines() for grid in self.solutions],
            "choice": None if (choice := self.choice()) is None else choice.document(),
            "search": {"levels": self.levels, "branches": self.branches,
                       "tried": None if self.tried is None else [_branch_document(b) for b in self.tried.branches],
                       "depth_first": None if self.depth_first is None else {
                           "positions": self.depth_first.positions, "found": self.depth_first.count.value}},
            "contradiction": None if self.contradiction is None else {
                "strip": None if self.contradiction.strip is None else self.contradiction.strip.name,
                "rule": self.contradiction.rule,
                "reason": self.contradiction.reason,
            },
        }

    def to_json(self, indent: int | None = None) -> str:
        """The JSON document as text."""
        import json  # only here: solving need not load it

        return json.dumps(self.to_document(), indent=indent, ensure_ascii=False)


def replay(puzzle: Puzzle, steps) -> Grid:
    """The grid made by applying the marks of ``steps``, in order, to the grid ``puzzle`` starts from
    (its given squares, else blank: :func:`paint.squares.starting_grid`).

    >>> replay(Puzzle(rows=[[1]], columns=[[1]]), ()).lines()
    [' ']
    """
    grid = starting_grid(puzzle)
    for step in steps:
        for mark in step.marks:
            grid.mark(mark.row, mark.column, mark.value)
    return grid


def puzzle_document(puzzle: Puzzle) -> dict:
    """The ``puzzle`` object of the JSON document: title, width, height, and the given squares if any."""
    document = {"title": puzzle.title, "width": puzzle.width, "height": puzzle.height}
    if puzzle.given is not None:
        document["given"] = list(puzzle.given)
    return document


def line_document(reason, marks) -> dict:
    """The strip a reason worked, as it was before and after the ``marks`` made on it, in the notation of
    ``paint line`` (``#`` full, ``-`` empty, a space blank, between ``>`` and ``<``):
    ``{"before": ">  # <", "after": ">-## <"}``.  Marks on other strips are left out."""
    after = bytearray(reason.squares)
    for mark in marks:
        if mark.strip == reason.strip:
            after[mark.position] = mark.value
    return {"before": format_line(reason.squares), "after": format_line(after)}


def step_line(step: Step, worked: dict | None = None) -> dict | None:
    """The line a step worked, before and after it (:func:`line_document`): a line rule's strip, or the strip of
    the block a search step placed (when its record holds that strip's squares); None for a probe, a round of
    ``--steps rule`` and a search step whose marks lie off its block's strip.  ``worked``, when given, is the
    line document of the step's one reason, already made."""
    search = step.search
    if search is not None:
        if search.squares is None or not search.branches or step.strip != search.branches[0].placement.strip:
            return None
        after = bytearray(search.squares)
        for mark in step.marks:
            after[mark.position] = mark.value
        return {"before": format_line(search.squares), "after": format_line(after)}
    if step.assumed is not None or step.strip is None or len(step.reasons) != 1:
        return None
    return line_document(step.reasons[0], step.marks) if worked is None else worked


def cites_other_lines(step: Step) -> bool:
    """Whether ``step``'s reasons cite squares off the line it marks: a probe's chain, a search step's places and
    chains, a round of several strips (``--steps rule``)."""
    return step.assumed is not None or step.search is not None or step_line(step) is None


def reason_document(reason) -> dict:
    """One reason of the JSON document: the strip, its clue, the rule and technique, the words, and the data they come from.

    ``blocks`` gives every block of the clue (``index`` from 1, ``size``,
    ``earliest`` the first square of its left-most position and ``latest``
    the last square of its right-most position, from 1) as the rule read
    them; ``facts`` the bounds that known squares moved and the conclusion
    rests on, each with its causes (:mod:`paint.bounds`); then what the rule
    concluded, in its own keys.  Squares count from 1.
    """
    derivation = reason.derivation
    clue = reason.clue
    row = reason.row
    lines = reason.lines
    document = {
        "strip": reason.strip.name,
        "clue": list(clue),
        "rule": reason.rule,
        "technique": reason.technique,
        "text": f"{reason.label}: {'; '.join(line.strip() for line in lines)}",  # reason.line, worded once
        "lines": lines,
        "blocks": [{"index": j + 1, "size": size, "earliest": derivation.earliest[j] + 1,
                    "latest": derivation.latest[j] + 1} for j, size in enumerate(clue)],
        "facts": [fact_document(fact) for fact in derivation.behind(
            bound for item in row.bounds(reason) for bound in item) if not derivation.packed(fact)],
    }
    document.update(row.document(reason))  # what the rule concluded, in its own keys (its row's document)
    return document


def fact_document(fact) -> dict:
    """One fact of the JSON document (a :class:`paint.bounds.Fact`): ``{"block", "side", "bound", "causes":
    [{"cause", "bound", "square"}, ...]}``, blocks, bounds and squares counted from 1 (a cause's square None
    when it has none)."""
    return {"block": fact.target + 1, "side": fact.side, "bound": fact.value + 1,
            "causes": [{"cause": event.cause, "bound": event.value + 1,
                        "square": None if event.square is None else event.square + 1}
                       for event in fact.events]}


def mark_document(mark) -> dict:
    """One mark of the JSON document: row and column from 1, the value's word, the strip's name."""
    return {"row": mark.row + 1, "column": mark.column + 1, "value": mark.value.word,
            "strip": mark.strip.name}


def step_document(step: Step) -> dict:
    """One step of the JSON document (see :meth:`Result.to_document`)."""
    return {key: list(value) if key == "marks" else value for key, value in step_fields(step)}


def step_fields(step: Step) -> list[tuple[str, object]]:
    """The keys and values of a step's JSON object, in order; the value of ``"marks"`` is an iterator of mark objects.

    A writer that streams the document (:class:`paint.render.document.DocumentWriter`)
    writes the marks as they come, so a step of a million marks is never
    held as a million dicts.
    """
    fields: list[tuple[str, object]] = [
        ("number", step.number),
        ("round", step.round),
        ("rule", step.rule),
        ("technique", step.technique),
        ("text", step.text),
        ("marks", map(mark_document, step.marks)),
    ]
    if step.chain is None:
        by_strip: dict = {}  # each strip's marks, sorted out once: a round has a reason for each strip it changed
        for mark in step.marks:
            by_strip.setdefault(mark.strip, []).append(mark)
        lines = [line_document(reason, by_strip.get(reason.strip, ())) for reason in step.reasons]
        line = step_line(step, lines[0] if len(lines) == 1 else None)
        if line is not None:  # a step on one strip: a line rule's, or a search step's on its block's strip
            fields.append(("line", line))
        fields.append(("reasons", [{**reason_document(reason), "line": line}
                                   for reason, line in zip(step.reasons, lines)]))
    else:  # a probe's reasons are its links', on squares it assumed: they go with the links
        fields.append(("reasons", []))
        fields.append(("chain", chain_document(step.chain)))
    if step.search is not None:
        fields.append(("branches", [_branch_document(b) for b in step.search.branches]))
    return fields


def link_document(link) -> dict:
    """One link of a chain in the JSON document: generation, strip, rule, text, marks, reason, line."""
    return {"generation": link.generation, "strip": link.strip.name, "rule": link.rule,
            "text": link.text, "marks": [mark_document(m) for m in link.marks],
            "reason": None if link.reason is None else reason_document(link.reason),
            "line": None if link.reason is None else line_document(link.reason, link.marks)}


def chain_document(chain) -> dict:
    """A probe's chain, or a search branch's, in the JSON document: ``assumed`` (a probe's square; a branch's
    first mark), ``placed`` (a branch's: every mark that put its block in place), the ``links`` (each with its
    ``generation``, ``strip``, ``rule``, ``text``, ``marks``, ``reason`` and ``line`` before and after), and the
    ``broken`` strip with why."""
    document = {"assumed": mark_document(chain.assumed)}
    if chain.placed:
        document["placed"] = [mark_document(mark) for mark in chain.placed]
    document["links"] = [link_document(link) for link in chain.links]
    document["broken"] = {"strip": chain.broken.name, "rule": chain.rule, "reason": chain.reason,
                          "lines": broken_lines(chain)}
    return document


def _branch_document(branch) -> dict:
    placement = branch.placement
    return {
        "strip": placement.strip.name,
        "block": placement.target + 1,
        "size": placement.size,
        "start": placement.start + 1,
        "outcome": branch.outcome,
        "steps": branch.worked,
        "broken": None if branch.broken is None else branch.broken.name,
        "reason": branch.reason,
        "chain": None if branch.chain is None else chain_document(branch.chain),
        "follows": None if branch.follows is None else {
            "placed": [mark_document(mark) for mark in branch.follows.placed],
            "links": [link_document(link) for link in branch.follows.links]},
        "branches": [_branch_document(child) for child in branch.children],
    }
