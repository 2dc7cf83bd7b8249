"""Plain-text rendering of a solve, and the parts every renderer shares (Kramer key decision 4).

Kramer: "Interleave graphics of partially worked puzzles with statements of
the reasoning that leads from one step to the next.  Also, when the complete
solution is found, print the completed puzzle ... Make it easy to turn off
the interleaving."

What is shown is decided once, here, as a sequence of *parts*:

- :class:`Header`: title, author, copyright, licence and size;
- a :class:`Picture` of the blank puzzle (when grids are on);
- one :class:`StepPart` per step: its explanation line wrapped and the
  reasons under it; after the last step of each round (:class:`Rounds`), a
  :class:`Picture` of the grid (when grids are on), the squares the round
  marked listed as :class:`Highlight` s;
- the :class:`Ending`: the answer in Kramer's output format, or why the
  solve stopped and the grid as far as it got;
- the :class:`Summary`: steps per rule, squares, time.

:func:`result_parts` builds them from a finished :class:`paint.result.Result`
alone, replaying the marks of its steps from a blank grid.  This module
writes parts as plain text (:class:`TextWriter`, :func:`render_text`);
:mod:`paint.render.terminal` writes the same parts with rich styles.  No
renderer decides content of its own.

>>> from paint.puzzle import Puzzle
>>> print(render_text(Result(Puzzle(rows=[[1]], columns=[[1]]), 'stalled', (), Grid.blank(1, 1)),
...                   grids=False, show_time=False), end='')
(untitled)
1 column x 1 row
<BLANKLINE>
stalled: 1 square still blank; search is needed
<BLANKLINE>
     1
    --
  1|  | 1
    --
     1
<BLANKLINE>
summary
  fills            0 steps
  overlap          0 steps
  located          0 steps
  unreachable      0 steps
  narrow_gap       0 steps
  block_extension  0 steps
  try_one          0 steps
  edge             0 steps
  corner           0 steps
  all rules        0 steps
  squares          1: 0 full, 0 empty, 1 blank
  unique           not proven
"""

from __future__ import annotations

import io
import re
import textwrap
from typing import Iterable, Iterator, TextIO, Union

import attrs

from ..fields import as_tuple
from ..explanation import Branch, Step
from ..wording import number, plural, step_body, step_head
from ..formats import solution
from ..printable import printable
from ..puzzle import Puzzle
from ..result import Result, cites_other_lines, step_line
from ..rules import RULE_NAMES
from . import board
from .board import key, ruler
from ..squares import BLANK, EMPTY, FULL, Grid, Square, as_square, starting_grid

WIDTH = 100
"""The default width of explanation lines, in characters."""

DETAIL_INDENT = "    "
"""How far a reason line is indented under its step."""

_KEEP = "\0"
"""Stands in for a space the wrapper must not break at."""


# ---------------------------------------------------------------- the parts

@attrs.frozen
class Highlight:
    """A square just marked, as drawn in a picture.

    ``line`` is the 0-based index of the picture line, ``start``..``end`` the
    character slice (end exclusive) drawing the square, ``value`` its new
    :class:`paint.squares.Square`.
    """

    line: int
    start: int
    end: int
    value: Square = attrs.field(converter=as_square)


@attrs.frozen
class Picture:
    """Lines of a drawing of the puzzle (clues and squares), and the squares to show as just marked."""

    lines: tuple[str, ...] = attrs.field(converter=as_tuple)
    highlights: tuple[Highlight, ...] = attrs.field(default=(), converter=as_tuple)


@attrs.frozen
class Header:
    """The puzzle's ``title`` and the ``lines`` under it (author, copyright, licence, size)."""

    title: str
    lines: tuple[str, ...] = attrs.field(converter=as_tuple)


@attrs.frozen
class StepPart:
    """One step as shown: ``lines`` is its line wrapped, ``reasons`` the indented lines under it, ``drawing`` its
    line before and after it under a ruler (:func:`line_drawing`; reasons and drawing none when brief)."""

    step: Step
    lines: tuple[str, ...] = attrs.field(converter=as_tuple)
    reasons: tuple[str, ...] = attrs.field(converter=as_tuple)
    drawing: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)


@attrs.frozen
class Ending:
    """How the solve ended: ``status`` (as in :class:`Result`), the ``message`` lines and a ``picture``.

    ``message`` is one sentence wrapped to the width.  Solved: it is
    ``'solved'`` and the picture the answer in Kramer's output format.
    Stalled or contradiction: it says why, and the picture is the grid as far
    as it got, or None when that is the picture shown after the last step.
    """

    status: str
    message: tuple[str, ...] = attrs.field(converter=as_tuple)
    picture: Picture | None


@attrs.frozen
class Summary:
    """The closing table: ``rules`` as ``(rule name, steps)`` pairs in rule order, then ``rows`` of ``(label, value)``."""

    rules: tuple[tuple[str, int], ...] = attrs.field(converter=as_tuple)
    rows: tuple[tuple[str, str], ...] = attrs.field(converter=as_tuple)

    def table(self) -> list[tuple[str, str]]:
        """Every row as ``(label, value)`` text: one per rule, then the total and ``rows``.

        >>> Summary([('overlap', 2)], [('time', '0.001 s')]).table()
        [('overlap', '2 steps'), ('all rules', '2 steps'), ('time', '0.001 s')]
        """
        total = sum(count for _, count in self.rules)
        return ([(rule, steps_text(count)) for rule, count in self.rules]
                + [("all rules", steps_text(total))] + list(self.rows))


Part = Union[Header, Picture, StepPart, Ending, Summary]


# ---------------------------------------------------------- building parts

def header(puzzle: Puzzle) -> Header:
    """The header of an explanation: title (``'(untitled)'`` if none), then author, copyright, licence, size,
    and the given squares the solve starts from, if any.

    Characters that would act on a terminal rather than show (escape
    sequences, other control characters) are shown as ``\\x1b`` and the like.

    >>> header(Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny', author='Kramer'))
    Header(title='Tiny', lines=('by Kramer', '2 columns x 2 rows'))
    >>> print(header(Puzzle(rows=[[1]], columns=[[1]], title='a' + chr(27) + '[2Jb')).title)
    a\\x1b[2Jb
    """
    lines = []
    if puzzle.author:
        lines.append(f"by {shown(puzzle.author)}")
    if puzzle.copyright:
        lines.append(shown(puzzle.copyright))
    if puzzle.license:
        lines.append(f"licence: {shown(puzzle.license)}")
    lines.append(f"{plural(puzzle.width, 'column')} x {plural(puzzle.height, 'row')}")
    if puzzle.given is not None:
        full = sum(line.count("X") for line in puzzle.given)
        empty = sum(line.count(".") for line in puzzle.given)
        lines.append(f"starting from {plural(full + empty, 'given square')}: {number(full)} full, {number(empty)} empty")
    return Header(shown(puzzle.title) if puzzle.title else "(untitled)", lines)


def shown(text: str) -> str:
    """``text`` with every character that does not print (a control character, an escape, a bidirectional control)
    written as its escape, as file names are shown (:func:`paint.printable.printable`).

    >>> print(shown('caf\u00e9' + chr(27) + '[0m' + chr(9) + 'x'))
    caf\u00e9\\x1b[0m\\tx
    """
    return printable(text)


def header_parts(puzzle: Puzzle, *, grids: bool = True) -> list[Part]:
    """The parts before the first step: the header, then the puzzle as the solve starts from it (blank, or
    with its given squares) when ``grids`` is on."""
    parts: list[Part] = [header(puzzle)]
    if grids:
        parts.append(picture(puzzle, starting_grid(puzzle)))
    return parts


def picture(puzzle: Puzzle, grid: Grid, marks=()) -> Picture:
    """The picture of ``grid`` with the clues, rows and columns numbered (:func:`paint.render.board.draw`), the
    squares of ``marks`` drawn ``#`` / ``*`` and highlighted, and a legend under it saying so when there are any.

    ``marks`` are :class:`paint.explanation.Mark` records (the squares
    marked since the picture before); each becomes the :class:`Highlight`
    of the characters that draw its square.
    """
    squares = {(m.row, m.column): m.value for m in marks}
    drawn = board.draw(puzzle, grid, marked=squares)
    lines = list(drawn.lines)
    if squares:
        lines.append(MARKED_LEGEND)
    return Picture(lines, [Highlight(*_span(drawn, row, column), value) for (row, column), value in squares.items()])


MARKED_LEGEND = "(## full, * empty: the squares marked since the grid before)"
"""The line under a picture whose newly marked squares are drawn with their own characters."""


def _span(drawn, row: int, column: int) -> tuple[int, int, int]:
    line, start = drawn.square(row, column)
    return line, start, start + drawn.cell


def step_part(step: Step, *, detail: bool = False, brief: bool = False, width: int = WIDTH,
              body: list | None = None) -> StepPart:
    """One step as shown: its line, and under it its reasons (:func:`paint.wording.step_body`) unless ``brief``.

    ``detail`` adds a probe's generations and each link's reason, and a
    search step's branches with their own steps.  ``body`` is
    ``step_body(step, detail=detail)`` when it was already worded (for
    another page of the same solve), so it is not worded twice.
    """
    reasons = []
    if not brief:
        for depth, text in (step_body(step, detail=detail) if body is None else body):
            reasons.extend(_wrap(text, depth, width))
        if detail and step.search is not None:
            for branch in step.search.branches:
                reasons.extend(branch_lines(branch, 1, width))
    return StepPart(step, wrap_step_line(step, width), reasons, () if brief else line_drawing(step))


def line_drawing(step: Step) -> list[str]:
    """Under a line rule's step (and a search step's, on its block's strip): its row or column before and after the
    step, in ``paint line``'s notation (``#`` full, ``-`` empty, a space blank, between ``>`` and ``<``), under a
    ruler numbering its squares 1, 5, 10 ...; no lines for a step on no one strip
    (:func:`paint.result.step_line`).

    >>> from paint.explanation import Mark
    >>> from paint.puzzle import Puzzle
    >>> import paint
    >>> step = paint.solve(Puzzle(rows=[[3, 1]] , columns=[[1], [1], [1], [0], [1]])).steps[0]
    >>> print('\\n'.join(line_drawing(step)))
                 1   5
        before  >     <
        after   >###-#<
    """
    line = step_line(step)
    if line is None:
        return []
    size = len(line["before"]) - 2
    label = DETAIL_INDENT + "before  "
    return [(" " * len(label) + ruler(size)).rstrip(), label + line["before"],
            DETAIL_INDENT + "after   " + line["after"]]


SCREEN = 50
"""Lines of text a reader can see at once: a step that cites squares off its own line is never further than this
from a picture of the grid before it (:class:`Rounds`)."""


class Rounds:
    """Where the pictures go: after the last step of each round, and before a step that needs one nearer.

    With ``--steps strip`` a round of one rule over the strips that changed
    gives one step per strip; a picture after each would make a 20 x 20
    puzzle's explanation some 4,000 lines.  So the grid is drawn once a
    round, after its last step, as Kramer's program drew it after each rule
    application, with the squares marked since the picture before drawn
    with their own characters.  A line rule's step needs no picture: it
    draws its own line before and after (:func:`line_drawing`), and its
    reasons cite only squares of that line.  A step that cites squares of
    other lines - a probe, a search step, a round of ``--steps rule``
    (:func:`paint.result.cites_other_lines`) - gets
    a picture of the grid just before it when more than :data:`SCREEN`
    lines were shown since the last one, so the squares it cites are always
    within a screen above it.

    :meth:`start` is called before each step is shown, with the grid just
    after it, :meth:`shown` with each part shown, and :meth:`finish` after
    the last step; they serve a finished result and steps as a solve makes
    them alike (a round is known to be over only once the next begins).
    """

    def __init__(self):
        self.marks: list = []
        self.round: int | None = None
        self.lines = 0

    def start(self, step: Step, grid: Grid) -> tuple[list, Grid] | None:
        """Before showing ``step`` (``grid`` is the grid just after it): the picture to draw first, if any, as
        ``(marks to draw as new, grid before the step)``: the one closing the round before, when ``step`` opens a
        new round, or the one ``step`` needs within a screen (see the class)."""
        closed = None
        new_round = self.round is not None and step.round != self.round
        far = self.lines > SCREEN and cites_other_lines(step)
        if self.marks and (new_round or far):
            before = Grid(grid.height, grid.width, [list(row) for row in grid.rows])
            for mark in step.marks:
                before.rows[mark.row][mark.column] = BLANK
            closed = (self.marks, before)
            self.marks = []
            self.lines = 0
        self.round = step.round
        self.marks.extend(step.marks)
        return closed

    def shown(self, part) -> None:
        """Count the lines of ``part``, just shown (a picture starts the count again)."""
        if isinstance(part, Picture):
            self.lines = 0
        else:
            self.lines += len(part_lines(part)) + 1

    def finish(self, grid: Grid) -> tuple[list, Grid] | None:
        """After the last step: the picture of the last round, on ``grid``, or None when there was no step."""
        if not self.marks:
            return None
        marks, self.marks = self.marks, []
        return marks, grid


_PLACE = re.compile(r"\brow \d+, column \d+|\b(?:rows?|columns?) \d+(?:-\d+)?(?:, \d+(?:-\d+)?)*")
"""A place a person reads as one: a square, or a strip's list of squares (never broken inside)."""


def wrap(text: str, width: int, indent: str = "", rest: str = "") -> list[str]:
    """``text`` wrapped to ``width``, the first line after ``indent``, the others after ``rest``.

    A place - ``row 3, column 7`` or ``columns 4-13`` or a list such as
    ``columns 1, 3, 5`` - is never broken, unless a list is too long for a
    line by itself, when it is broken only after one of its commas.  A
    piece that cannot be broken may stick out past ``width``.

    >>> wrap('the 7 starts at column 4 at the earliest and ends at column 13', 30)
    ['the 7 starts at column 4 at', 'the earliest and ends at', 'column 13']
    """
    if len(indent) + len(text) <= width:  # most lines fit as they are
        return [indent + text]
    room = width - len(rest)

    def keep(match) -> str:
        place = match.group(0)
        # what touches it on either side - a bracket, a comma, a colon - goes on its line too
        text, start, end = match.string, match.start(), match.end()
        after = text.find(" ", end)
        touching = start - text.rfind(" ", 0, start) - 1 + (len(text) if after < 0 else after) - end
        if len(place) + touching <= room or place.startswith("row ") and ", column " in place:
            # (a square is never broken)
            return place.replace(" ", _KEEP)
        return re.sub(r"(?<!,) ", _KEEP, place)

    lines = textwrap.wrap(_PLACE.sub(keep, text), width=width, initial_indent=indent, subsequent_indent=rest,
                          break_long_words=False, break_on_hyphens=False)
    return [line.replace(_KEEP, " ") for line in lines]


def _wrap(text: str, depth: int, width: int) -> list[str]:
    return wrap(text, width, DETAIL_INDENT * depth, DETAIL_INDENT * (depth + 1))


def branch_lines(branch: Branch, depth: int, width: int = WIDTH) -> list[str]:
    """What ``--detail`` shows of one search branch: what became of it, its own steps, then its children, indented by depth.

    >>> from paint.explanation import Placement
    >>> from paint.strip import StripId
    >>> place = Placement(StripId('row', 6), (5,), 0, 1)
    >>> for line in branch_lines(Branch(place, 1, 'contradiction', 2, broken=StripId('column', 3),
    ...                                 reason='no room', reason_lines=('no room',)), 1):
    ...     print(line)
        row 7's 5 at columns 2-6 breaks column 4 after 2 steps
            and column 4 could not be completed:
                no room
    """
    return [line for level, text in branch_body(branch, depth) for line in _wrap(text, level, width)]


def branch_body(branch: Branch, depth: int) -> list[tuple[int, str]]:
    """The lines of :func:`branch_lines` unwrapped, as ``(depth, text)`` (as :func:`paint.wording.step_body` gives them)."""
    place = branch.placement
    lines = [(depth, f"{place.block} at {place.where} {branch.became}")]
    lines.extend((depth + 1, f"{step.number}. {step_head(step)}") for step in branch.steps)
    if branch.reason_lines:
        lines.append((depth + 1, f"and {branch.broken.name} could not be completed:"))
        lines.extend((depth + 2, reason) for reason in branch.reason_lines)
    for child in branch.children:
        lines.extend(branch_body(child, depth + 1))
    return lines


def wrap_step_line(step: Step, width: int = WIDTH) -> list[str]:
    """The step's number and line (:func:`paint.wording.step_head`) wrapped to ``width`` (see :func:`wrap`).

    Continuation lines are indented under the start of the step's text, so
    the number and rule name stand out - unless that leaves too little room
    (a narrow ``width``), when they are indented as reasons are.

    >>> from paint.explanation import Mark
    >>> from paint.strip import StripId
    >>> row, column = StripId('row', 0), StripId('column', 4)
    >>> marks = [Mark(0, c, FULL, row) for c in range(0, 40, 2)] + [Mark(1, 4, FULL, column)]
    >>> print('\\n'.join(wrap_step_line(Step(7, 'overlap', tuple(marks)), 60)))
    7. overlap: 21 full - row 1 (columns 1, 3, 5, 7, 9, 11, 13,
                15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37,
                39); column 5 (row 2)
    """
    head = step_head(step)
    prefix = f"{step.number}. {head.split(': ', 1)[0]}: "
    indent = len(prefix) if width - len(prefix) >= min(40, width // 2) else len(DETAIL_INDENT)
    return wrap(f"{step.number}. {head}", width, "", " " * indent)


def steps_with_grids(puzzle: Puzzle, steps: Iterable[Step]) -> Iterator[tuple[Step, Grid]]:
    """Each step with the grid after it, rebuilt by applying the steps' marks to the starting grid.

    The same grid object is yielded every time, changed in place: use it
    before asking for the next step.
    """
    grid = starting_grid(puzzle)
    for step in steps:
        apply_marks(grid, step)
        yield step, grid


def apply_marks(grid: Grid, step: Step) -> None:
    """Mark on ``grid`` (in place) every square ``step`` marked.

    >>> from paint.explanation import Mark
    >>> from paint.strip import StripId
    >>> grid = Grid.blank(1, 2)
    >>> apply_marks(grid, Step(1, 'overlap', (Mark(0, 1, FULL, StripId('row', 0)),)))
    >>> grid.lines()
    [' X']
    """
    for mark in step.marks:
        grid.mark(mark.row, mark.column, mark.value)


def ending(result: Result, *, grids: bool = True, width: int = WIDTH, highlighted: bool = False) -> Ending:
    """How ``result`` ended, as shown after the last step.

    Messages: ``'solved'``; ``'stalled: N squares still blank; search is
    needed'``; ``'contradiction: row 3 cannot be completed - <reason> (found
    by <rule>)'``.  With ``grids`` on, an unfinished grid is not drawn
    again: the steps record every mark the solve made, so the picture after
    the last step (or the blank puzzle, when there is no step) already is
    ``result.grid``.  ``highlighted`` says that the squares where two
    solutions differ are highlighted where the picture is shown (a terminal
    in colour), so the message says so; they are listed either way.
    """
    if result.status == "solved":
        return Ending("solved", ["solved"], Picture(answer(result.puzzle, result.grid)))
    shown = None if grids else Picture(board.draw(result.puzzle, result.grid).lines)
    if result.status == "stalled":
        message = f"stalled: {plural(result.blank, 'square')} still blank; search is needed"
        return Ending("stalled", [message], shown)
    if result.status == "limit":
        if result.branches:
            message = (f"limit: the search was stopped after {plural(result.branches, 'branch')}"
                       f" ({plural(result.levels, 'level')} deep); {plural(result.blank, 'square')} still blank")
        else:
            message = f"limit: the solve was stopped before search; {plural(result.blank, 'square')} still blank"
        if result.tried is not None:
            message += f". It was placing {result.tried.text}"
        return Ending("limit", _wrapped(message, width), shown)
    if result.status == "multiple":
        message = ("multiple: the clues have more than one solution; two are drawn below, the squares where they"
                   f" differ drawn ## (full) and * (empty){' and highlighted' if highlighted else ''}")
        first, second = result.solutions[:2]
        return Ending("multiple", _wrapped(message, width), two_solutions(result.puzzle, first, second, width))
    found = result.contradiction
    if found is None:
        message = "contradiction: the clues cannot all hold"
    else:
        message = f"contradiction: {found.sentence}"
    return Ending("contradiction", _wrapped(message, width), shown)


def two_solutions(puzzle: Puzzle, first: Grid, second: Grid, width: int = WIDTH) -> Picture:
    """Two solutions of ``puzzle`` drawn side by side (one above the other when two do not fit in ``width``),
    each under its name, the squares where they differ drawn ``##`` / ``*`` and highlighted.

    >>> puzzle = Puzzle(rows=[[1], [1]], columns=[[1], [1]])
    >>> for line in two_solutions(puzzle, Grid.from_lines(['X.', '.X']), Grid.from_lines(['.X', 'X.'])).lines:
    ...     print(line.rstrip())
        solution 1        solution 2
         1 1               1 1
        ----              ----
      1|## *| 1         1| *##| 1
      1| *##| 2         1|## *| 2
        ----              ----
         1                 1
    """
    places = first.differences(second)
    drawn = [board.draw(puzzle, grid, marked=places) for grid in (first, second)]
    lines = [[" " * drawn[0].left + f"solution {n + 1}", *one.lines] for n, one in enumerate(drawn)]
    span = max(map(len, lines[0])) + 4
    if span + max(map(len, lines[1])) <= width:  # side by side: the second starts ``span`` characters in
        shown, offsets = [a.ljust(span) + b for a, b in zip(*lines)], [(0, 0), (0, span)]
    else:  # one above the other, a blank line between
        shown, offsets = [*lines[0], "", *lines[1]], [(0, 0), (len(lines[0]) + 1, 0)]
    highlights = []
    for one, grid, (down, across) in zip(drawn, (first, second), offsets):
        for row, column in places:
            line, start, end = _span(one, row, column)  # (+ 1: the name above the picture)
            highlights.append(Highlight(down + line + 1, across + start, across + end, grid.rows[row][column]))
    return Picture(shown, highlights)


def choice_part(result: Result, width: int = WIDTH, *, brief: bool = False) -> StepPart | None:
    """The step that ends the explanation of a puzzle with several solutions: where the choice is
    (:meth:`paint.result.Result.choice`), numbered after the last step; None for any other result."""
    choice = result.choice()
    if choice is None:
        return None
    step = Step(len(result.steps) + 1, "choice", ())
    head = f"{step.number}. choice (several solutions): {choice.head}"
    reasons = [] if brief else [line for text in choice.lines() for line in _wrap(text, 1, width)]
    return StepPart(step, wrap(head, width, "", DETAIL_INDENT), reasons)


def answer(puzzle: Puzzle, grid: Grid) -> list[str]:
    """The answer in Kramer's output format (:func:`paint.formats.solution.draw_solution`: one character per
    column, column clue numbers from 10 as letters), with the key to the letters it uses under it.

    >>> for line in answer(Puzzle(rows=[[12]], columns=[[1]] * 12), Grid.from_lines(['X' * 12])): print(line)
        111111111111
        ------------
     12|XXXXXXXXXXXX|
        ------------
    """
    lines = solution.draw_solution(puzzle, grid)
    letters = key(" ".join(solution.column_digit(n) for clue in puzzle.columns for n in clue))
    return lines + ([letters] if letters else [])


def _wrapped(message: str, width: int) -> list[str]:
    return wrap(message, width, "", DETAIL_INDENT)


_FOUND = {"several": "found two solutions", "one": "proved the solution the only one",
          "none": "proved there is no solution", "unknown": "undecided"}
"""What the depth-first search found, for the summary's line (:attr:`paint.search.dfs.Counted.count`'s values)."""


def summary(result: Result, *, show_time: bool = True) -> Summary:
    """Steps per rule (every registered rule, in rule order), squares, and time unless ``show_time`` is off.

    The time is left out of golden transcripts, where it would never match.
    """
    counts = result.rule_counts()
    order = list(RULE_NAMES) + [rule for rule in counts if rule not in RULE_NAMES]
    grid = result.grid
    squares = f"{number(grid.width * grid.height)}: {number(grid.count(FULL))} full, {number(grid.count(EMPTY))} empty"
    if grid.count(BLANK):
        squares += f", {number(grid.count(BLANK))} blank"
    rows = [("squares", squares)]
    if result.branches:
        rows.append(("searched", f"{plural(result.branches, 'branch')}, {plural(result.levels, 'level')} deep"))
    if result.depth_first is not None:
        counted = result.depth_first
        rows.append(("depth-first", f"{plural(counted.positions, 'position')}: {_FOUND[counted.count.value]}"))
    unique = {True: "yes, proven", False: "no"}.get(result.unique, "not proven")
    if result.status == "contradiction":
        unique = "no: there is no solution"
    rows.append(("unique", unique))
    if show_time:
        rows.append(("time", f"{result.seconds:.3f} s"))
    return Summary([(rule, counts.get(rule, 0)) for rule in order], rows)


def ending_parts(result: Result, *, grids: bool = True, width: int = WIDTH,
                 show_time: bool = True, highlighted: bool = False, brief: bool = False) -> list[Part]:
    """The parts after the last step: where the choice is when there are several solutions (:func:`choice_part`),
    the ending, then the summary; options as for :func:`result_parts`."""
    choice = choice_part(result, width, brief=brief)
    return ([] if choice is None else [choice]) + [ending(result, grids=grids, width=width, highlighted=highlighted),
                                                 summary(result, show_time=show_time)]


def result_parts(result: Result, *, grids: bool = True, detail: bool = False, brief: bool = False,
                 width: int = WIDTH, show_time: bool = True, highlighted: bool = False) -> Iterator[Part]:
    """Every part of the explanation of ``result``, in order (see the module docstring).

    ``grids`` turns the interleaved pictures on or off (Kramer: "make it easy
    to turn off the interleaving"; one after each round, see :class:`Rounds`);
    ``brief`` leaves out the reasons under each step; ``detail`` adds a
    probe's generations and a search's branches; ``highlighted`` as for
    :func:`outcome`.
    """
    puzzle = result.puzzle
    rounds = Rounds()
    yield from header_parts(puzzle, grids=grids)
    grid = starting_grid(puzzle)
    for step in result.steps:
        apply_marks(grid, step)
        before = rounds.start(step, grid)
        if grids and before is not None:
            drawn = picture(puzzle, *reversed(before))
            rounds.shown(drawn)
            yield drawn
        part = step_part(step, detail=detail, brief=brief, width=width)
        rounds.shown(part)
        yield part
    last = rounds.finish(grid)
    if grids and last is not None:
        yield picture(puzzle, *reversed(last))
    yield from ending_parts(result, grids=grids, width=width, show_time=show_time, highlighted=highlighted,
                            brief=brief)


def gap_before(previous: Part | None, part: Part) -> bool:
    """Whether a blank line separates ``part`` from the part shown before it.

    Parts are separated by a blank line, except consecutive steps shown
    without pictures, which read as one list.

    >>> gap_before(None, Header('t', ()))
    False
    >>> gap_before(Header('t', ()), Summary((), ()))
    True
    """
    if previous is None:
        return False
    return not (isinstance(previous, StepPart) and isinstance(part, StepPart))


# ----------------------------------------------------------- plain text

def part_lines(part: Part) -> list[str]:
    """The plain-text lines of one part (no trailing newlines).

    >>> part_lines(Header('Tiny', ['2 columns x 2 rows']))
    ['Tiny', '2 columns x 2 rows']
    """
    if isinstance(part, Header):
        return [part.title, *part.lines]
    if isinstance(part, Picture):
        return list(part.lines)
    if isinstance(part, StepPart):
        return [*part.lines, *part.reasons, *part.drawing]
    if isinstance(part, Ending):
        return [*part.message] + ([] if part.picture is None else ["", *part.picture.lines])
    if isinstance(part, Summary):
        table = part.table()
        size = max(len(label) for label, _ in table)
        return ["summary", *(f"  {label.ljust(size)}  {value}" for label, value in table)]
    raise TypeError(f"not a part: {part!r}")


class TextWriter:
    """Writes parts one at a time as plain text to ``stream``, with the same layout as :func:`render_text`.

    Use it to print an explanation while the solve runs (each part is
    flushed as soon as it is written).
    """

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.previous: Part | None = None

    def write(self, part: Part) -> None:
        """Write ``part``, after a blank line when :func:`gap_before` asks for one."""
        if gap_before(self.previous, part):
            self.stream.write("\n")
        for line in part_lines(part):
            self.stream.write(line + "\n")
        self.stream.flush()
        self.previous = part


def render_text(result: Result, *, grids: bool = True, detail: bool = False, brief: bool = False,
                width: int = WIDTH, show_time: bool = True) -> str:
    """The whole explanation of ``result`` as plain text (no colour), ending in a newline.

    ``grids``: interleave the picture of the grid after each round of
    steps; ``brief``: only each step's line, no reasons under it;
    ``detail``: also each probe link's rule, generation and reason, and
    each search branch with its own steps; ``width``: wrap lines to this
    many characters; ``show_time``: include the time in the summary.
    Source: Kramer key decision 4.
    """
    buffer = io.StringIO()
    writer = TextWriter(buffer)
    for part in result_parts(result, grids=grids, detail=detail, brief=brief, width=width, show_time=show_time):
        writer.write(part)
    return buffer.getvalue()


def progress_text(progress) -> str:
    """The status line shown while a solve works (a :class:`paint.budget.Progress`).

    >>> from paint.budget import Progress
    >>> progress_text(Progress('rules', 'edge', 312, 10000, 0, 0, 3.14))
    'working the rules (edge): 312 of 10,000 squares blank, 3.1 s'
    >>> progress_text(Progress('search', 'overlap', 312, 10000, 1240, 3, 12.4))
    'searching: level 3, 1240 branches; 312 of 10,000 squares blank, 12.4 s'
    """
    squares = f"{number(progress.blank)} of {number(progress.squares)} squares blank, {progress.seconds:.1f} s"
    if progress.stage == "search":
        return f"searching: level {progress.levels}, {plural(progress.branches, 'branch')}; {squares}"
    rule = f" ({progress.rule})" if progress.rule else ""
    return f"working the rules{rule}: {squares}"


def steps_text(count: int) -> str:
    """``'1 step'`` or ``'N steps'``."""
    return plural(count, "step")
