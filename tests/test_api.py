"""The Python API checks what the readers check, and its values read well."""

from __future__ import annotations

import fractions
import itertools
import math

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


DOT = {"rows": [[1]], "columns": [[1]]}
"""The clues of the smallest puzzle, for the cases that change one other field."""


class TestPuzzleBadValues:
    """Every bad value given to Puzzle is refused at construction, with an error naming the field."""

    @pytest.mark.parametrize("field", ["title", "author", "copyright", "license", "catalogue"])
    def test_metadata_not_text(self, field):
        """A metadata field that is not a string or None (title=123) raises TypeError naming the field."""
        with pytest.raises(TypeError, match=f"^{field} must be a string or None, not int$"):
            paint.Puzzle(**DOT, **{field: 123})

    def test_metadata_text_kept(self):
        """A string or None is accepted in every metadata field."""
        puzzle = paint.Puzzle(**DOT, title="Dot", author=None, catalogue="c1")
        assert (puzzle.title, puzzle.author, puzzle.catalogue) == ("Dot", None, "c1")

    @pytest.mark.parametrize("extra, shown", [
        ([("key",)], "pair 1 is ('key',)"),
        ([("a", "b"), ("key", "value", "more")], "pair 2 is ('key', 'value', 'more')"),
        ([("key", 1)], "pair 1 is ('key', 1)"),
        (["kv"], "pair 1 is 'kv'"),
        ([None], "pair 1 is None"),
    ])
    def test_extra_malformed_pair(self, extra, shown):
        """An extra item that is not a (key, value) pair of strings raises TypeError naming extra and the pair."""
        with pytest.raises(TypeError) as raised:
            paint.Puzzle(**DOT, extra=extra)
        assert str(raised.value) == f"extra must be (key, value) pairs of strings; {shown}"

    @pytest.mark.parametrize("extra", ["key=value", 5, {"key": "value"}.items])
    def test_extra_not_pairs(self, extra):
        """An extra that is a string or not iterable at all raises TypeError naming extra."""
        with pytest.raises(TypeError, match="^extra must be"):
            paint.Puzzle(**DOT, extra=extra)

    def test_extra_pairs_kept(self):
        """Extra pairs given as lists or from a generator are kept as a tuple of tuples."""
        puzzle = paint.Puzzle(**DOT, extra=(pair for pair in [["note", "a"], ("source", "b")]))
        assert puzzle.extra == (("note", "a"), ("source", "b"))

    def test_extra_endless(self):
        """An endless extra iterator is refused after MAX_EXTRA pairs instead of being followed forever."""
        with pytest.raises(ValueError, match=f"^extra: more than {paint.puzzle.MAX_EXTRA} "):
            paint.Puzzle(**DOT, extra=itertools.repeat(("note", "a")))

    def test_endless_rows(self):
        """An endless iterator of row clues is refused after MAX_SIZE + 1 clues, without being followed."""
        with pytest.raises(ValueError) as raised:
            paint.Puzzle(rows=itertools.repeat([1]), columns=[[1]])
        assert str(raised.value) == "a puzzle has from 1 to 1000 rows, not more than 1000"

    def test_endless_columns_reads_a_bounded_number(self):
        """An endless column iterator is read to MAX_SIZE + 1 items at most before the refusal."""
        taken = itertools.count()
        columns = ([1] for _ in iter(lambda: next(taken), None))
        with pytest.raises(ValueError, match="^a puzzle has from 1 to 1000 columns, not more than 1000$"):
            paint.Puzzle(rows=[[1]], columns=columns)
        assert next(taken) == paint.puzzle.MAX_SIZE + 1

    def test_endless_clue(self):
        """An endless iterator as one clue is refused after MAX_SIZE + 1 targets, naming the strip."""
        with pytest.raises(ValueError, match="^column 2: a clue of more than 1000 targets fits no line$"):
            paint.Puzzle(rows=[[1]], columns=[[1], itertools.repeat(1)])

    @pytest.mark.parametrize("rows", [None, 5, "1 2"])
    def test_rows_not_iterable(self, rows):
        """Rows that are None, a number or a string raise TypeError naming rows."""
        with pytest.raises(TypeError, match="^rows must be an iterable of clues, not "):
            paint.Puzzle(rows=rows, columns=[[1]])

    @pytest.mark.parametrize("target", [True, 10 ** 5000, -10 ** 30], ids=["bool", "5001 digits", "-10^30"])
    def test_target_out_of_range(self, target):
        """A bool or a target far outside 1 to MAX_SIZE raises ValueError naming the row, with a short message."""
        with pytest.raises(ValueError, match="^row 1: ") as raised:
            paint.Puzzle(rows=[[target]], columns=[[1]])
        assert len(str(raised.value)) < 120

    @pytest.mark.parametrize("field", ["goal", "given"])
    def test_endless_goal(self, field):
        """An endless goal or given iterator is refused after MAX_SIZE + 1 lines, naming the field."""
        with pytest.raises(ValueError, match=f"^{field}: more than 1000 lines$"):
            paint.Puzzle(**DOT, **{field: itertools.repeat("X")})


class TestSolveOptionsBadValues:
    """Every bad limit or flag given to SolveOptions is refused at construction, naming the field."""

    @pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, -1, 0, 0.0, -0.5])
    def test_max_time_out_of_range(self, value):
        """A max_time that is NaN, infinite, negative or 0 raises ValueError (NaN used to mean no limit at all)."""
        with pytest.raises(ValueError, match="^max_time must be a finite number of seconds more than 0 "):
            paint.SolveOptions(max_time=value)

    @pytest.mark.parametrize("value", [True, False, "5", b"5", [5]])
    def test_max_time_not_a_number(self, value):
        """A max_time that is a bool, a string or a list raises TypeError naming max_time."""
        with pytest.raises(TypeError, match="^max_time must be a number of seconds or None, not "):
            paint.SolveOptions(max_time=value)

    def test_max_time_kept_as_seconds(self):
        """A whole number or a fraction of seconds is kept as a float; None stays no limit."""
        assert paint.SolveOptions(max_time=2).max_time == 2.0
        assert paint.SolveOptions(max_time=fractions.Fraction(1, 4)).max_time == 0.25
        assert paint.SolveOptions().max_time is None

    @pytest.mark.parametrize("field", ["max_branches", "second_solution", "scan_blocks", "inner_scan",
                                       "inner_limit"])
    @pytest.mark.parametrize("value", [math.nan, math.inf, 1.5, 2.0, True, "3"])
    def test_count_not_whole(self, field, value):
        """A count that is NaN, infinite, a float, a bool or a string raises TypeError naming the field."""
        with pytest.raises(TypeError, match=f"^{field} must be a whole number"):
            paint.SolveOptions(**{field: value})

    @pytest.mark.parametrize("field", ["max_branches", "second_solution", "scan_blocks", "inner_scan",
                                       "inner_limit"])
    @pytest.mark.parametrize("value", [0, -3])
    def test_count_not_positive(self, field, value):
        """A count of 0 or less raises ValueError naming the field."""
        with pytest.raises(ValueError, match=f"^{field} must be positive, not {value}$"):
            paint.SolveOptions(**{field: value})

    @pytest.mark.parametrize("field", ["search", "branch_steps", "chains"])
    @pytest.mark.parametrize("value", ["no", 0, None])
    def test_flag_not_bool(self, field, value):
        """A flag that is not True or False (the string 'no' would read as true) raises TypeError naming it."""
        with pytest.raises(TypeError, match=f"^{field} must be True or False, not "):
            paint.SolveOptions(**{field: value})

    def test_rules_endless(self):
        """An endless iterator of rule names is refused after one name more than there are rules."""
        with pytest.raises(ValueError, match="^rules: more than 9 names"):
            paint.SolveOptions(rules=itertools.repeat("overlap"))

    @pytest.mark.parametrize("rules, error", [("overlap", TypeError), ([1], TypeError), (["guess"], ValueError)])
    def test_rules_bad(self, rules, error):
        """Rules given as one string, as numbers, or naming no rule are refused at construction."""
        with pytest.raises(error, match="rules"):
            paint.SolveOptions(rules=rules)


class TestGridSizes:
    """A grid larger than the largest puzzle is refused before its squares are allocated."""

    def test_parse_huge_size(self):
        """parse_grid of 10^6 x 10^6 raises ValueError naming the size at once (it used to take 3.9 GB)."""
        with pytest.raises(ValueError, match="^width must be from 0 to 1000, not 1000000$"):
            paint.parse_grid("X", width=10 ** 6, height=10 ** 6)
        with pytest.raises(ValueError, match="^height must be from 0 to 1000, not 1000000$"):
            paint.parse_grid("X", width=5, height=10 ** 6)

    def test_parse_size_not_whole(self):
        """parse_grid with a width that is a float or a bool raises TypeError naming width."""
        for width in (2.0, True):
            with pytest.raises(TypeError, match="^width must be a whole number"):
                paint.parse_grid("X", width=width)

    def test_parse_huge_text(self):
        """A text of 10^6 lines or a line of 10^6 squares is refused as a grid larger than 1000 x 1000."""
        with pytest.raises(paint.PuzzleFormatError, match="^<grid>:1: 1000000 squares: a grid has at most 1000 "):
            paint.parse_grid("X" * 10 ** 6)
        with pytest.raises(paint.PuzzleFormatError, match="^<grid>:1011: more than 1010 lines"):
            paint.parse_grid("X\n" * 10 ** 6)

    def test_blank_huge(self):
        """Grid.blank beyond the largest puzzle raises ValueError naming the size."""
        with pytest.raises(ValueError, match="^height must be from 0 to 1000, not 1000001$"):
            paint.Grid.blank(10 ** 6 + 1, 10 ** 6)

    def test_from_lines_endless(self):
        """Grid.from_lines of an endless iterator is refused after MAX_SIZE + 1 rows."""
        with pytest.raises(ValueError, match="^lines: more than 1000 rows$"):
            paint.Grid.from_lines(itertools.repeat("X"))


@pytest.mark.parametrize("options", [{"max_time": 10 ** 400}, {"max_time": -10 ** 5000}, {"max_branches": -10 ** 5000}],
                         ids=["time 10^400", "time -10^5000", "branches -10^5000"])
def test_limits_far_out_of_range(options):
    """A limit far out of range is refused with a short ValueError naming the field, not an OverflowError."""
    with pytest.raises(ValueError, match=f"^{next(iter(options))} must be ") as raised:
        paint.SolveOptions(**options)
    assert len(str(raised.value)) <= 130  # the value quoted in at most 40 characters
