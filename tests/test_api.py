"""The Python API checks what the readers check, and its values read well."""

from __future__ import annotations

import pytest

import paint
from paint.explanation import Mark
from paint.strip import StripId


class TestPuzzle:
    """Puzzle validates its clues on construction, with a ValueError naming the row or column."""

    @pytest.mark.parametrize("rows, columns, message", [
        ([[-1]], [[0]], "row 1: clue -1 has a target of -1; targets must be at least 1"),
        ([[1]], [[1, 0, 1]], "column 1: clue 1 0 1 has a target of 0; targets must be at least 1"),
        ([[1], [3]], [[1], [1]], "row 2: clue 3 needs 3 squares but the line has 2"),
        ([[1.5]], [[1]], "row 1: a clue is a sequence of whole numbers, not [1.5]"),
        ([["1"]], [[1]], "row 1: a clue is a sequence of whole numbers, not ['1']"),
        ([], [], "a puzzle has from 1 to 1000 rows, not 0"),
        ([[1]] * 1001, [[1]], "a puzzle has from 1 to 1000 rows, not 1001"),
    ])
    def test_refused(self, rows, columns, message):
        """Negative, zero or non-whole targets, clues that do not fit, and sizes out of range raise ValueError."""
        with pytest.raises(ValueError) as raised:
            paint.Puzzle(rows=rows, columns=columns)
        assert str(raised.value) == message

    def test_zero_is_the_empty_clue(self):
        """A clue [0], as people write an empty line, is the empty clue."""
        assert paint.Puzzle(rows=[[1], [0]], columns=[[1], []]).rows == ((1,), ())

    def test_goal_shape(self):
        """A goal that is not the puzzle's size, or not made of X and ., raises ValueError."""
        with pytest.raises(ValueError, match="the goal must be 1 strings of 1"):
            paint.Puzzle(rows=[[1]], columns=[[1]], goal=["XX"])
        with pytest.raises(ValueError, match="the goal must be"):
            paint.Puzzle(rows=[[1]], columns=[[1]], goal=["#"])

    def test_long_clue_quoted_short(self):
        """A clue too long for its line is quoted shortly in the message."""
        with pytest.raises(ValueError) as raised:
            paint.Puzzle(rows=[[1] * 600], columns=[[1]] * 1000)
        assert len(str(raised.value)) < 120 and "needs 1199 squares but the line has 1000" in str(raised.value)

    def test_totals_allowed_here(self):
        """Different totals are allowed in a Puzzle; solve reports them as a contradiction."""
        puzzle = paint.Puzzle(rows=[[1]], columns=[[]])
        assert paint.solve(puzzle).contradiction.rule == "totals"

    def test_solve_raises_nothing_deep(self):
        """The case that used to raise 'negative shift count' from deep inside is refused at construction."""
        with pytest.raises(ValueError, match="row 1"):
            paint.solve(paint.Puzzle(rows=[[-1]], columns=[[0]]))


class TestReadableValues:
    """Squares, strips and marks print as a person names them."""

    def test_square(self):
        """A square prints as its word and shows as Square.NAME, and is still the int the solver uses."""
        assert (str(paint.Square.FULL), repr(paint.Square.EMPTY), f"{paint.Square.BLANK:>6}") == \
            ("full", "Square.EMPTY", " blank")
        assert paint.Square.FULL == 2

    def test_strip(self):
        """A strip prints as 'row 8' (from 1) and shows as the call that makes it."""
        assert (str(StripId("row", 7)), repr(StripId("column", 0))) == ("row 8", "StripId('column', 0)")

    def test_mark_of_a_solve(self):
        """A mark from a solve prints with its square, value and strip, counting from 1."""
        result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
        mark = result.steps[0].marks[0]
        assert str(mark) == "row 1, column 1 full (by row 1)"
        assert repr(mark) == "Mark(row=0, column=0, value=Square.FULL, strip=StripId('row', 0))"
        assert isinstance(mark, Mark)
