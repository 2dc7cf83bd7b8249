"""The engine: run the rules in order on the strips until the puzzle is solved or nothing more follows.

Kramer's loop (further comments 3, key decision 8): bring the patch bounds
of each strip up to date, try the first rule on every strip that needs it,
and as soon as a rule makes progress record one explanation step and start
again from the first rule; when no rule makes progress, stop.

Each rule keeps its own set of *pending* strips: the strips that changed
since the rule last looked at them.  A rule whose result on a strip was
nothing will find nothing there again until a square of the strip changes,
so finished and unchanged strips are not worked again (decision 8).  Marks
made by a step make both strips through each marked square pending for
every rule.

Within a step the rule visits its pending strips rows first, then columns,
each in order, and each mark takes effect at once, so a later strip in the
same step reasons from the marks of an earlier one.  Every mark records the
strip whose reasoning made it.
"""

from __future__ import annotations

import time

from .errors import Contradiction, StripContradiction
from .explanation import Mark, Reason, Step
from .options import SolveOptions
from .puzzle import Puzzle, clue_text
from .result import Result
from .rules import BY_NAME, RULES
from .squares import BLANK, Grid
from .strip import Strip, StripId


class Engine:
    """The state of one solve: the grid, the strips and their pending sets.

    Build one per solve; :meth:`run` works it to the end, calling
    ``on_step(step, grid)`` after each step.  The puzzle itself is never
    changed.
    """

    def __init__(self, puzzle: Puzzle, options: SolveOptions, on_step=None):
        self.puzzle = puzzle
        self.on_step = on_step
        self.height = puzzle.height
        unknown = set(options.rules or ()) - set(BY_NAME)
        if unknown:
            raise ValueError(f"unknown rules: {', '.join(sorted(unknown))}")
        self.rules = RULES if options.rules is None else tuple(
            rule for rule in RULES if rule.name in options.rules)
        # bytearrays let placement search squares at C speed (bytearray.rfind)
        self.grid = Grid(puzzle.height, puzzle.width, [bytearray(puzzle.width) for _ in range(puzzle.height)])
        self.columns = [bytearray(puzzle.height) for _ in range(puzzle.width)]
        self.strips = [Strip(StripId("row", r), puzzle.rows[r], self.grid.rows[r])
                       for r in range(puzzle.height)]
        self.strips += [Strip(StripId("column", c), puzzle.columns[c], self.columns[c])
                        for c in range(puzzle.width)]
        everything = range(len(self.strips))
        self.pending = {rule.name: set(everything) for rule in self.rules}
        self.blank = puzzle.width * puzzle.height
        self.steps: list[Step] = []

    def mark(self, row: int, column: int, value: int) -> None:
        """Mark one blank square and make its row and column pending for every rule.

        Raises RuntimeError if the square is not blank: a rule may only mark
        blank squares, so that would be a bug in the rule, not in the puzzle.
        """
        if self.grid.rows[row][column] != BLANK:
            raise RuntimeError(f"a rule marked row {row + 1}, column {column + 1}, which was already known")
        self.grid.rows[row][column] = value
        self.columns[column][row] = value
        self.blank -= 1
        crossing = self.height + column
        self.strips[row].version += 1
        self.strips[crossing].version += 1
        for pending in self.pending.values():
            pending.add(row)
            pending.add(crossing)

    def apply(self, rule) -> Step | None:
        """Try ``rule`` on every pending strip; return the step it made, or None.

        Raises :class:`Contradiction` when a strip cannot be completed.
        """
        pending = self.pending[rule.name]
        todo = sorted(pending)
        pending.clear()
        marks: list[Mark] = []
        reasons: list[Reason] = []
        for index in todo:
            strip = self.strips[index]
            try:
                strip.update_patches()
                if strip.done:
                    continue
                finding = rule.find(strip)
            except StripContradiction as error:
                self._record(rule, marks, reasons)  # keep the explanation in step with the grid
                raise Contradiction(strip.id, rule.name,
                                    f"its clue {clue_text(strip.targets)} cannot be met: "
                                    f"{error.describe(strip.id.crossing)}") from None
            if finding is None:
                continue
            for position, value in finding.marks:
                row, column = strip.id.square(position)
                self.mark(row, column, value)
                marks.append(Mark(row, column, value, strip.id))
            reasons.append(Reason(strip.id, strip.label, finding.why))
        return self._record(rule, marks, reasons)

    def _record(self, rule, marks, reasons) -> Step | None:
        if not marks:
            return None
        step = Step(len(self.steps) + 1, rule.name, tuple(marks), tuple(reasons))
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step, self.grid)
        return step

    def run(self) -> str:
        """Apply the rules until no rule makes progress; return ``'solved'`` or ``'stalled'``.

        Raises :class:`Contradiction` when the clues cannot all hold (the
        marks made before it was found are recorded as a last step).
        """
        while True:
            for rule in self.rules:
                if self.apply(rule) is not None:
                    break
            else:
                return "solved" if self.blank == 0 else "stalled"


def solve(puzzle: Puzzle, options: SolveOptions | None = None, *, on_step=None) -> Result:
    """Solve ``puzzle`` with Kramer's ordered rules and return the :class:`Result` with its explanation.

    The puzzle is left unchanged, so it can be solved again.  ``options``
    chooses the rules (default: all, in order).  ``on_step(step, grid)`` is
    called after each step with the grid as it then is (do not keep or
    change the grid).  A contradiction does not raise: the result's status
    is ``'contradiction'`` and ``result.contradiction`` says where.

    Raises ValueError for an unknown rule name in ``options``.

    >>> from paint.puzzle import Puzzle
    >>> result = solve(Puzzle(rows=[[2], [1]], columns=[[2], [1]]))
    >>> result.status, result.grid.lines()
    ('solved', ['XX', 'X.'])
    >>> [step.line for step in result.steps]
    ['1. overlap: 3 full - row 1 (columns 1-2); column 1 (row 2)', '2. outside_patch: 1 empty - row 2 (column 2)']
    """
    options = options or SolveOptions()
    started = time.perf_counter()
    engine = Engine(puzzle, options, on_step)
    contradiction = None
    try:
        status = engine.run()
    except Contradiction as error:
        status, contradiction = "contradiction", error
    return Result(puzzle, status, tuple(engine.steps), engine.grid.copy(), contradiction,
                  time.perf_counter() - started)
