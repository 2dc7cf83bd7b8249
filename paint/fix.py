"""Fixing a puzzle for an editor: the fewest squares of its picture to change so that line logic alone solves it.

A puzzle with several solutions, or one that needs search, is fixed the
way Batenburg, Henstra, Kosters and Palenstijn build simple puzzles from a
picture ("Constructing Simple Nonograms of Varying Difficulty", 2009): run
line logic on the picture's clues; where it stalls, the blank squares are
where the picture is not yet told by its clues.  Each blank square is tried
flipped (full to empty or back), the clues of its row and column made
again from the changed picture, and line logic run once more; the flip
that leaves the fewest blank squares is kept, and so on until none is
left.  A picture whose clues line logic solves to the last square has one
solution, itself (every step of line logic holds in every solution), so
the fixed puzzle is unique and needs no search or probe by construction;
:func:`fix` also checks it again with the solver before it is offered.

Line logic here is complete line logic (:func:`line_logic`: each row and
column worked by an exact line solver until nothing changes), which is
what ``paint check`` calls ``ok``: every rule up to ``try_one``, grade 4 at
most (:mod:`paint.grade`).  A :class:`Target` asks for another rung: a lower
grade (1-3: only the rules of those rungs, run by the engine itself), or
grade 5, where the probes may finish what line logic leaves (the fix then
stops at the first change after which they do).

>>> from paint.squares import Grid
>>> picture = Grid.from_lines(['X.', '.X'])  # two solutions: the diagonal and the other one
>>> found = fix_picture(picture)
>>> found.fixed, len(found.changes)
(True, 1)
"""

from __future__ import annotations

import time

import attrs

from .errors import PaintError
from .grade import GRADES, grade
from .linesolvers import exact
from .puzzle import Puzzle
from .squares import BLANK, EMPTY, FULL, Grid, run_lengths

MAX_CHANGES = 20
"""How many squares :func:`fix_picture` may change by default before it gives up."""

CANDIDATES = None
"""How many blank squares it tries flipped at each change, at most (the first, row by row); None: every one."""


LINE_LOGIC = 4
"""The grade a fix asks for by default: line logic (what ``paint check`` calls ``ok``)."""

HIGHEST = 5
"""The highest grade a fix may ask for: the probes (above them is search, which a fix removes)."""


@attrs.frozen
class Target:
    """The rung a fixed puzzle may need at most, as a ``grade`` of :mod:`paint.grade` (1-5; default 4, line
    logic), and how the fix measures a picture's clues against it.

    Raises ValueError for a grade outside 1-5.

    >>> Target(2).name, Target().rules
    ('reach', None)
    """

    grade: int = attrs.field(default=LINE_LOGIC)

    @grade.validator
    def _within(self, attribute, value) -> None:
        if not (isinstance(value, int) and 1 <= value <= HIGHEST):
            raise ValueError(f"a fix asks for a grade from 1 to {HIGHEST}, not {value!r}")

    @property
    def name(self) -> str:
        """The rung's name: ``'counting'``, ..., ``'line trial'``, ``'probes'``."""
        return GRADES[self.grade].name

    @property
    def rules(self) -> tuple[str, ...] | None:
        """The rules whose grade is at most this one, for grades below line logic (None: line logic measures)."""
        from .rules import RULE_NAMES
        if self.grade >= LINE_LOGIC:
            return None
        return tuple(name for name in RULE_NAMES if grade("ok", name, None) <= self.grade)

    @property
    def measure(self) -> str:
        """What counts the blank squares a fix leaves, in words: ``'line logic'``, or the rules of the rung."""
        return "line logic" if self.rules is None else f"the rules up to {self.name}"

    def reach(self, rows, columns, *, max_time: float | None = None, stop=None) -> Grid | None:
        """The grid the rungs of the fix's measure reach on clues ``rows`` and ``columns`` from nothing known
        (blank squares where they stall); None when a line cannot be completed.  Line logic (:func:`line_logic`)
        from grade 4 up, the engine with :attr:`rules` below it, within ``max_time`` seconds and until ``stop``
        (a :class:`threading.Event`) is set: stopped, it gives the grid as far as it got."""
        if self.rules is None:
            return line_logic(rows, columns)
        return self._solve(rows, columns, self.rules, max_time, stop)[1]

    def finishes(self, rows, columns, *, max_time: float | None = None, stop=None) -> bool:
        """For grade 5: whether the probes, after line logic, solve clues ``rows`` and ``columns`` to the last
        square (the engine with every rule and no search), found within ``max_time`` seconds and before ``stop``
        is set (else False); below grade 5, False (the measure must reach 0)."""
        if self.grade < HIGHEST:
            return False
        return self._solve(rows, columns, None, max_time, stop)[0] == "solved"

    @staticmethod
    def _solve(rows, columns, rules, max_time, stop) -> tuple[str, Grid | None]:
        from .options import SolveOptions
        from .solver import solve
        options = SolveOptions(rules=rules, search=False, chains=False,
                               max_time=None if max_time is None else max(max_time, 0.001))
        result = solve(Puzzle(rows=rows, columns=columns), options, stop=stop)
        return result.status, (None if result.status == "contradiction" else result.grid)


@attrs.frozen
class Fix:
    """What :func:`fix_picture` found: the ``before`` and ``after`` pictures (:class:`paint.squares.Grid`, no
    blank square), the ``changes`` (0-based ``(row, column)`` squares flipped, in the order chosen), the blank
    squares the target's measure leaves on the after picture's clues (``blank``: 0 when fixed; line logic's
    for grade 5, where the probes may finish them), how many flips were tried (``tried``) and the seconds it
    took."""

    before: Grid
    after: Grid
    changes: tuple[tuple[int, int], ...]
    blank: int
    tried: int
    seconds: float
    stopped: str = "fixed"
    """Why it stopped: ``'fixed'``, ``'changes'`` (``max_changes`` made), ``'time'`` (``max_time`` ran out),
    ``'stopped'`` (its ``stop`` was set) or ``'stuck'`` (no flip of a blank square leaves fewer blank squares)."""

    target: Target = Target()
    """The rung asked for: the after picture's clues are solved within it when :attr:`fixed`."""

    @property
    def fixed(self) -> bool:
        """True when the target's rungs solve the after picture's clues to the last square (one solution, no
        search)."""
        return self.stopped == "fixed"

    def puzzle(self, original: Puzzle | None = None, title: str | None = None) -> Puzzle:
        """The fixed puzzle: the after picture's clues, the picture as its goal; the rest (author, licence,
        given squares, ...) kept from ``original``, with ``title`` when given."""
        rows, columns = clues_of(self.after)
        if original is None:
            return Puzzle(rows=rows, columns=columns, title=title, goal=self.after.lines())
        return attrs.evolve(original, rows=rows, columns=columns, goal=tuple(self.after.lines()),
                            title=original.title if title is None else title)


def clues_of(picture: Grid) -> tuple[list[list[int]], list[list[int]]]:
    """The row and column clues of a picture with no blank square.

    >>> clues_of(Grid.from_lines(['XX.', '..X']))
    ([[2], [1]], [[1], [1], [1]])
    """
    return ([run_lengths(bytes(row)) for row in picture.rows],
            [run_lengths(bytes(picture.column(c))) for c in range(picture.width)])


def line_logic(rows, columns, grid: Grid | None = None) -> Grid | None:
    """Complete line logic on the clues ``rows`` and ``columns``: every row and column worked by the exact line
    solver (:func:`paint.linesolvers.exact`) until none changes, from ``grid`` (None: every square blank).

    Returns the grid it reaches (blank squares where it stalls), or None when a line cannot be completed.
    Source: the fixpoint of Simpson's complete line solver over the puzzle (``paint check``'s ``ok``).

    >>> line_logic([[1], [1]], [[1], [1]]).lines()  # the two diagonals: line logic cannot start
    ['  ', '  ']
    """
    height, width = len(rows), len(columns)
    squares = bytearray(height * width) if grid is None else bytearray(b"".join(bytes(row) for row in grid.rows))
    # a row is squares[r * width:(r + 1) * width], a column squares[c::width]: (start, step, clue) each
    strips = ([(r * width, 1, tuple(clue)) for r, clue in enumerate(rows)],
              [(c, width, tuple(clue)) for c, clue in enumerate(columns)])
    dirty = [set(range(height)), set(range(width))]
    kind = 0
    while dirty[0] or dirty[1]:
        for index in sorted(dirty[kind]):
            start, step, clue = strips[kind][index]
            length = width if kind == 0 else height
            line = bytes(squares[start:start + step * length:step])
            solved = exact(clue, line)
            if solved is None:
                return None
            for position in range(length):
                if solved[position] != line[position]:
                    squares[start + step * position] = solved[position]
                    dirty[1 - kind].add(position)  # the crossing strip there
        dirty[kind] = set()
        kind = 1 - kind
    return Grid(height, width, [list(squares[r * width:(r + 1) * width]) for r in range(height)])


def _blank_after(picture: Grid, rows, columns, square: tuple[int, int], target: Target, left=None,
                 stop=None) -> int:
    """The blank squares the target's measure leaves once ``square`` of ``picture`` is flipped (its row's and
    column's clues made again; the other clues stay); ``left()`` the seconds the measure may take."""
    r, c = square
    value = picture.rows[r][c]
    picture.rows[r][c] = EMPTY if value == FULL else FULL
    try:
        row, column = run_lengths(bytes(picture.rows[r])), run_lengths(bytes(picture.column(c)))
        reached = target.reach([*rows[:r], row, *rows[r + 1:]], [*columns[:c], column, *columns[c + 1:]],
                               max_time=None if left is None else left(), stop=stop)
        return picture.width * picture.height if reached is None else reached.count(BLANK)
    finally:
        picture.rows[r][c] = value


def fix_picture(picture: Grid, *, max_changes: int = MAX_CHANGES, candidates: int | None = CANDIDATES,
                max_time: float | None = None, keep=(), stop=None, target: Target = Target(),
                cost=None) -> Fix:
    """Change as few squares of ``picture`` (a Grid with no blank square) as it can, greedily, so that the rungs
    of ``target`` (default: line logic) solve its clues (see the module docstring).

    Stops fixed, or after ``max_changes`` changes, or when no flip leaves fewer blank squares than there are,
    or after ``max_time`` seconds: :attr:`Fix.blank` says how far it got and :attr:`Fix.stopped` why.  The
    0-based ``(row, column)`` squares in ``keep`` (a puzzle's given squares) are never flipped.  ``cost``, a
    function of a 0-based ``(row, column)``, orders the blank squares tried (lowest first; ``candidates``
    takes the first of that order), and of two flips that leave as many blank squares the cheaper is kept
    (``paint make``: how far a square's grey is from the threshold); None: row by row.  ``stop`` (a
    :class:`threading.Event`) set stops it as the time limit would (``stopped`` ``'stopped'``).  Raises
    ValueError for a picture with a blank square.
    """
    if picture.count(BLANK):
        raise ValueError("a picture to fix has no blank square")
    started = time.perf_counter()

    def left() -> float | None:
        return None if max_time is None else max_time - (time.perf_counter() - started)

    def out() -> str | None:  # why the fix must stop now, if it must
        if stop is not None and stop.is_set():
            return "stopped"
        if max_time is not None and left() <= 0:
            return "time"
        return None

    before = picture.copy()
    current = picture.copy()
    changes: list[tuple[int, int]] = []
    tried = 0
    rows, columns = clues_of(current)
    reached = target.reach(rows, columns, max_time=left(), stop=stop)
    blank = reached.count(BLANK)
    keep = set(keep)
    stopped = "fixed"
    while blank and not target.finishes(rows, columns, max_time=left(), stop=stop):
        stopped = out() or "fixed"
        if stopped != "fixed":
            break
        if len(changes) >= max_changes:
            stopped = "changes"
            break
        choices = [(r, c) for r in range(current.height) for c in range(current.width)
                   if reached.rows[r][c] == BLANK and (r, c) not in changes and (r, c) not in keep]
        if cost is not None:
            choices.sort(key=cost)
        best = None
        # the first ``candidates`` squares; when none of them helps, the rest, so that "stuck" is true
        for tier in (choices[:candidates], choices[candidates:] if candidates is not None else []):
            for square in tier:
                stopped = out() or "fixed"
                if stopped != "fixed":
                    break
                tried += 1
                after = _blank_after(current, rows, columns, square, target, left, stop)
                if best is None or after < best[0]:
                    best = (after, square)
                    if after == 0:
                        break
            if stopped != "fixed" or (best is not None and best[0] < blank):
                break
        if stopped != "fixed":
            break
        if best is None or best[0] >= blank:
            stopped = "stuck"  # no flip of any blank square helps: stop where it is
            break
        r, c = best[1]
        current.rows[r][c] = EMPTY if current.rows[r][c] == FULL else FULL
        changes.append((r, c))
        rows, columns = clues_of(current)
        reached = target.reach(rows, columns, max_time=left(), stop=stop)
        blank = reached.count(BLANK)
    if stopped == "fixed":
        blank = 0  # the target's rungs solve it (for grade 5, the probes finish what line logic left)
    return Fix(before, current, tuple(changes), blank, tried, time.perf_counter() - started, stopped, target)


def picture_of(puzzle: Puzzle, check) -> Grid:
    """The picture to fix: the puzzle's goal (unless it is not the solution), else the solution (or the first of
    two) that ``check`` (:func:`paint.check.check_puzzle` on ``puzzle``, within its limits) found.

    Raises PaintError when the check found none (no solution, or a limit came first).
    """
    if puzzle.goal is not None and check.goal_matches is not False:
        return Grid.from_lines(puzzle.goal)
    found = check.solution if check.solution is not None else (check.solutions[0] if check.solutions else None)
    if found is None:
        raise PaintError("no solution was found to fix (the clues may have none)")
    return Grid.from_lines(found)
