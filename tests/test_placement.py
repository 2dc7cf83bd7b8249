"""Left-most and right-most placements (patch bounds) and the exact line test, against brute force."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from line_cases import BAD_CASES, parse_clue, parse_line
from paint.errors import StripContradiction
from paint.linesolvers import exact, settle
from paint.placement import fits, leftmost_starts, rightmost_starts
from test_rules import arrangements, clue_and_line


def brute_starts(targets, squares):
    """Start lists of every placement that fits the known squares (brute force)."""
    found = []
    for line in arrangements(targets, len(squares)):
        if all(s == 0 or s == v for s, v in zip(squares, line)):
            starts = [i for i, v in enumerate(line) if v == 2 and (i == 0 or line[i - 1] != 2)]
            found.append(starts)
    return found


class TestLeftmostStarts:
    def test_blank_strip(self):
        """On a blank strip the blocks pack to the left, one empty square apart."""
        assert leftmost_starts((2, 1, 3), [0] * 10) == [0, 3, 5]

    def test_full_square_pulls_last_block(self):
        """A full square past the packed blocks pulls the last block over it (box at end)."""
        assert leftmost_starts((1, 1), [0, 0, 0, 0, 2]) == [0, 4]

    def test_what_a_failure_says(self):
        """Each way of failing names what fails: the block with no room by its size and place in the clue, a full
        square by where it lies - rightmost_starts, which works on the mirrored strip, in the strip's own order."""
        with pytest.raises(StripContradiction) as failed:
            leftmost_starts((3, 2), [0] * 5)
        assert (str(failed.value), failed.value.square) == ("there is no room for the 2 (target 2 of 2)", None)
        with pytest.raises(StripContradiction) as failed:
            rightmost_starts((3, 2), [0] * 5)
        assert str(failed.value) == "there is no room for the 3 (target 1 of 2)"
        with pytest.raises(StripContradiction) as failed:
            rightmost_starts((1,), [2, 0, 2])
        assert (failed.value.describe("row"), failed.value.square) == ("row 3 is full but no block can reach it", 2)
        with pytest.raises(StripContradiction) as failed:
            leftmost_starts((), [0, 2, 0])
        assert (failed.value.describe("column"), failed.value.square) == ("column 2 is full but the clue is 0", 1)
        with pytest.raises(StripContradiction) as failed:
            leftmost_starts((1,), [2, 0, 2])
        assert (failed.value.describe("row"), failed.value.square) == ("row 1 is full but no block can reach it", 0)

    @pytest.mark.parametrize("clue, line", BAD_CASES)
    def test_impossible(self, clue, line):
        """A line whose blocks cannot be placed raises StripContradiction."""
        with pytest.raises(StripContradiction):
            leftmost_starts(parse_clue(clue), parse_line(line))

    @settings(max_examples=600, deadline=None)
    @given(clue_and_line(), st.randoms(use_true_random=False))
    def test_matches_brute_force(self, case, rng):
        """Each start is the smallest and each right start the largest over all fitting placements, also when starting from earlier bounds."""
        targets, squares = case
        partial = [s if rng.random() < 0.5 else 0 for s in squares]
        fits = brute_starts(targets, squares)
        try:
            earlier_left = leftmost_starts(targets, partial)
            earlier_right = rightmost_starts(targets, partial)
        except StripContradiction:
            earlier_left = earlier_right = None
        if not fits:
            with pytest.raises(StripContradiction):
                leftmost_starts(targets, squares, earlier_left)
            with pytest.raises(StripContradiction):
                rightmost_starts(targets, squares, earlier_right)
            return
        assert leftmost_starts(targets, squares, earlier_left) == [min(f[i] for f in fits) for i in range(len(targets))]
        assert rightmost_starts(targets, squares, earlier_right) == [max(f[i] for f in fits) for i in range(len(targets))]


class TestFits:
    def test_every_short_line(self):
        """fits says a placement exists exactly when one does: on every line of up to 6 squares (blank, empty or
        full each) and every clue of up to 3 blocks of 1-4, against brute force and against the derivation the
        words are made from (:func:`paint.bounds._leftmost`, whose failure :func:`paint.bounds.core` used to ask)."""
        import itertools
        from paint.bounds import _leftmost
        for n in range(7):
            for squares in itertools.product((0, 1, 2), repeat=n):
                for k in range(4):
                    for targets in itertools.product(range(1, 5), repeat=k):
                        some = bool(brute_starts(targets, squares)) if sum(targets) + k - 1 <= n else False
                        if k == 0:
                            some = 2 not in squares
                        assert fits(targets, bytes(squares)) == some == (_leftmost(targets, bytes(squares))[2] is None), \
                            (targets, squares)

    @pytest.mark.parametrize("clue, line", BAD_CASES)
    def test_impossible(self, clue, line):
        """The lines leftmost_starts refuses do not fit."""
        assert not fits(parse_clue(clue), parse_line(line))


class TestExactLine:
    @settings(max_examples=600, deadline=None)
    @given(clue_and_line())
    def test_feasible_matches_brute_force(self, case):
        """exact() finds an answer exactly when some placement fits the line."""
        targets, squares = case
        assert (exact(targets, squares) is not None) == bool(brute_starts(targets, squares))

    @pytest.mark.parametrize("clue, line", BAD_CASES)
    def test_settle_impossible(self, clue, line):
        """settle() returns None for a line with no placement."""
        assert settle(parse_clue(clue), parse_line(line)) is None
