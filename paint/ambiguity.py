"""Where a puzzle with several solutions leaves the choice: the block two solutions place differently.

When search finds two different solutions, the explanation cannot end on
a grid: no step decides the squares where they differ.  It ends instead on
the choice a reader can check with both pictures in front of them: one
block of one line that lies in one place in the first solution and in
another in the second, while each solution satisfies every clue.  Of all
such blocks the one that moves least is named (fewest squares between its
two places; rows before columns, top and left first), as the smallest
change a person would spot.

>>> from paint.puzzle import Puzzle
>>> from paint.squares import Grid
>>> puzzle = Puzzle(rows=[[1], [1]], columns=[[1], [1]])
>>> found = find_choice(puzzle, Grid.from_lines(['X.', '.X']), Grid.from_lines(['.X', 'X.']))
>>> found.sentence
"row 1's 1 lies at column 1 in solution 1 and at column 2 in solution 2; each solution satisfies every clue"
>>> found.differences
((0, 0), (0, 1), (1, 0), (1, 1))
"""

from __future__ import annotations

import attrs

from .fields import as_tuple
from .explanation import Placement
from .puzzle import Puzzle
from .squares import Grid, full_runs
from .strip import StripId
from .wording import label, plural, squares_phrase


@attrs.frozen
class Choice:
    """A block two solutions place differently: ``first`` and ``second`` are its :class:`paint.explanation.Placement`
    in each; ``differences`` every 0-based ``(row, column)`` square where the two solutions differ, row by row."""

    first: Placement
    second: Placement
    differences: tuple[tuple[int, int], ...] = attrs.field(converter=as_tuple)

    @property
    def head(self) -> str:
        """The step's line: ``'row 11 [4 2] - the 4 can lie at columns 1-4 or at columns 2-5'``."""
        block = self.first.block.split("'s ", 1)[1]
        return (f"{label(self.first.strip, self.first.clue)} - the {block} can lie at {self.first.where}"
                f" or at {self.second.where}")

    @property
    def sentence(self) -> str:
        """Where the choice is, as one sentence (see the module docstring)."""
        return (f"{self.first.block} lies at {self.first.where} in solution 1 and at {self.second.where} in"
                f" solution 2; each solution satisfies every clue")

    def lines(self) -> list[str]:
        """The reasons under the step: the sentence, what follows, and every square where the solutions differ,
        row by row."""
        return [self.sentence + ", so the clues do not say where it lies (both solutions are drawn below)",
                differences_words(self.differences)]

    def document(self) -> dict:
        """The JSON object: the strip, its clue, the block (from 1), its start in each solution (from 1), and the
        squares where the solutions differ (``[row, column]``, from 1)."""
        return {"strip": self.first.strip.name, "clue": list(self.first.clue), "block": self.first.target + 1,
                "size": self.first.size, "starts": [self.first.start + 1, self.second.start + 1],
                "text": self.sentence,
                "differences": [[row + 1, column + 1] for row, column in self.differences]}


def differences_words(differences) -> str:
    """The squares where two solutions differ (0-based ``(row, column)``, row by row) in words, row by row.

    >>> differences_words([(10, 3), (10, 7), (15, 3), (15, 7)])
    'the two solutions differ in 4 squares - row 11: columns 4, 8; row 16: columns 4, 8'
    """
    rows: dict[int, list[int]] = {}
    for row, column in differences:
        rows.setdefault(row, []).append(column)
    listed = "; ".join(f"row {row + 1}: {squares_phrase('column', columns)}" for row, columns in rows.items())
    return f"the two solutions differ in {plural(len(differences), 'square')} - {listed}"


def find_choice(puzzle: Puzzle, first: Grid, second: Grid) -> Choice | None:
    """The block that moves least between two solutions of ``puzzle`` (see the module docstring), or None when
    the grids are the same.  Raises ValueError when a grid's line does not satisfy its clue (not a solution)."""
    differences = first.differences(second)
    if not differences:
        return None
    best = None
    lines = [(StripId("row", r), puzzle.rows[r], first.rows[r], second.rows[r]) for r in range(puzzle.height)]
    lines += [(StripId("column", c), puzzle.columns[c], [row[c] for row in first.rows],
               [row[c] for row in second.rows]) for c in range(puzzle.width)]
    for strip, clue, one, other in lines:
        here, there = full_runs(bytes(one)), full_runs(bytes(other))
        if [last - first + 1 for first, last in here] != list(clue) or \
                [last - first + 1 for first, last in there] != list(clue):
            raise ValueError(f"{strip.name} of a grid does not satisfy its clue")
        for target, ((a, _), (b, _)) in enumerate(zip(here, there)):
            if a != b and (best is None or abs(a - b) < best[0]):
                best = (abs(a - b), Placement(strip, tuple(clue), target, a), Placement(strip, tuple(clue), target, b))
    return Choice(best[1], best[2], differences)
