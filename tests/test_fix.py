"""Fixing a puzzle (paint.fix): the fixed puzzle is unique and solved by line logic, checked by the tests' own
exact line solver (tests/checker.py), and the picture changes in few squares."""

from __future__ import annotations

from pathlib import Path

import pytest

import paint
from checker import clues_of, columns_of, is_solution, line_logic_glyphs
from paint.check import check_puzzle
from paint.fix import clues_of as paint_clues, fix_picture, line_logic, picture_of
from paint.squares import BLANK, Grid

CORPUS = Path(__file__).parent / "corpus"

TO_FIX = [CORPUS / "jwilk" / f"data{n}.nin" for n in ("001", "083", "084", "087", "016", "022", "038", "047", "085")]
TO_FIX.append(CORPUS / "survey" / "webpbn-06574-forever.non")
"""Puzzles of the corpus with several solutions, or that need search or probes."""


@pytest.mark.parametrize("path", TO_FIX, ids=lambda path: path.stem)
def test_fixed_puzzle_is_unique_and_line_solvable(path):
    """The fixed puzzle's clues are the changed picture's; the tests' own line logic solves them to the last
    square, to that picture (so it is the only solution); the picture changed in the squares said, no more."""
    puzzle = paint.load(str(path))
    before = check_puzzle(puzzle)
    assert before.verdict in ("multiple", "needs-search", "needs-probes")
    picture = picture_of(puzzle, before)
    found = fix_picture(picture, max_time=60)
    assert found.fixed and found.changes
    after = found.after.lines()
    rows, columns = clues_of(after), clues_of(columns_of(after))
    assert is_solution(rows, columns, after)
    solved = line_logic_glyphs(rows, columns)
    assert solved == after  # complete line logic, independent of paint, finishes it: unique, no search
    assert sorted(found.before.differences(found.after)) == sorted(found.changes)
    fixed = found.puzzle(title="fixed")
    assert [list(clue) for clue in fixed.rows] == rows and [list(clue) for clue in fixed.columns] == columns
    assert check_puzzle(fixed).verdict == "ok"


def test_a_picture_already_good_is_unchanged():
    picture = Grid.from_lines(paint.solve(paint.load(str(Path(__file__).parent.parent / "puzzles" / "cat.pro"))).grid.lines())
    found = fix_picture(picture)
    assert found.fixed and found.changes == () and found.after.lines() == picture.lines()


def test_stops_and_says_how_far():
    """A picture no single flip improves, or a limit of changes, stops the fix with the blank squares left."""
    picture = Grid.from_lines(["X.", ".X"])
    found = fix_picture(picture, max_changes=0)
    assert not found.fixed and found.blank == 4 and found.changes == ()


def test_line_logic_agrees_with_the_tests_own():
    puzzle = paint.load(str(CORPUS / "jwilk" / "data016.nin"))
    mine = line_logic(puzzle.rows, puzzle.columns)
    theirs = line_logic_glyphs([list(c) for c in puzzle.rows], [list(c) for c in puzzle.columns])
    assert mine.lines() == theirs and mine.count(BLANK) == 8


def test_clues_of():
    lines = ["XX.X", "....", "X..X"]
    assert paint_clues(Grid.from_lines(lines)) == (clues_of(lines), clues_of(columns_of(lines)))


class TestCommand:
    def test_fix_and_write(self, tmp_path, capsys):
        """``paint fix`` prints the squares to change and the new clues, writes the fixed puzzle, exit 0; the
        written puzzle is ok and its goal is the new picture."""
        from paint import cli
        out = tmp_path / "fixed.non"
        assert cli.main(["fix", str(CORPUS / "jwilk" / "data087.nin"), "-o", str(out)]) == 0
        printed = capsys.readouterr().out
        assert "change 1 square and line logic alone solves it" in printed and "row 11, column 4: full -> empty" in printed
        assert "row 11 [2 1 10 1] -> [2 10 1]" in printed and "column 4 [2 5] -> [2 4]" in printed
        fixed = paint.load(str(out))
        assert check_puzzle(fixed).verdict == "ok"
        assert line_logic_glyphs([list(c) for c in fixed.rows], [list(c) for c in fixed.columns]) == list(fixed.goal)

    def test_nothing_to_fix_and_no_solution(self, tmp_path, capsys):
        from paint import cli, formats
        assert cli.main(["fix", str(Path(__file__).parent.parent / "puzzles" / "cat.pro")]) == 0
        assert "nothing to fix" in capsys.readouterr().out
        none = tmp_path / "none.non"
        formats.save(paint.Puzzle(rows=[[2], []], columns=[[2], []]), str(none))  # equal totals, no solution
        assert cli.main(["fix", str(none)]) == 1
        assert "no picture to fix" in capsys.readouterr().err

    def test_no_fix_within_the_changes(self, capsys):
        from paint import cli
        assert cli.main(["fix", str(CORPUS / "jwilk" / "data083.nin"), "--max-changes", "2"]) == 3
        assert "no fix: --max-changes (2) was reached; after 2 squares" in capsys.readouterr().out

    def test_many_puzzles_need_one_chosen(self, capsys):
        from paint import cli
        assert cli.main(["fix", str(CORPUS / "taai2011" / "questions.txt")]) == 2
        assert "choose one with --puzzle N" in capsys.readouterr().err


    def test_metadata_and_given_squares_kept(self, tmp_path, capsys):
        """The fixed puzzle keeps the original's author, licence and given squares, and no given square is
        flipped; -o's format is known before the work starts."""
        from paint import cli
        mum = CORPUS / "survey" / "webpbn-00065-mum.non"
        original = paint.load(str(mum))
        out = tmp_path / "mum.non"
        assert cli.main(["fix", str(mum), "-o", str(out)]) == 0
        capsys.readouterr()
        fixed = paint.load(str(out))
        assert (fixed.author, fixed.copyright, fixed.catalogue) == (original.author, original.copyright,
                                                                     original.catalogue)
        assert fixed.title == f"{original.title} (fixed)"
        given = paint.Puzzle(rows=[[1]] * 4, columns=[[1]] * 4, given=("X   ", "    ", "    ", "    "))
        picture = Grid.from_lines(["X...", ".X..", "..X.", "...X"])
        found = fix_picture(picture, keep=[(0, 0)])
        assert found.fixed and (0, 0) not in found.changes
        assert found.puzzle(given).given == given.given
        assert cli.main(["fix", str(mum), "-o", str(tmp_path / "x.txt")]) == 2
        assert "give --to FORMAT" in capsys.readouterr().err

    def test_one_puzzle_of_many_named(self, capsys):
        from paint import cli
        cli.main(["fix", str(CORPUS / "taai2011" / "questions.txt"), "--puzzle", "1", "--max-time", "5"])
        assert capsys.readouterr().out.startswith(f"{CORPUS / 'taai2011' / 'questions.txt'}#1: ")


class TestMaxRung:
    """A fix may ask for a lower rung than line logic (only the simplest rules), or allow the probes."""

    @pytest.mark.parametrize("number", [1, 2, 3])
    def test_a_lower_rung(self, number):
        """Asked for a rung below line logic, the fixed puzzle is solved by the rules of that rung alone (paint's
        engine with only those rules), and its grade is at most that rung; the tests' own line logic agrees it
        is unique."""
        from paint.fix import Target
        from paint.options import SolveOptions
        puzzle = paint.load(str(CORPUS / "jwilk" / "data087.nin"))
        target = Target(number)
        found = fix_picture(picture_of(puzzle, check_puzzle(puzzle)), target=target, max_changes=40, max_time=120)
        assert found.fixed and found.target is target
        fixed = found.puzzle()
        alone = paint.solve(fixed, SolveOptions(rules=target.rules, search=False))
        assert alone.status == "solved" and alone.grid.lines() == found.after.lines()
        assert {step.rule for step in alone.steps} <= set(target.rules)
        assert check_puzzle(fixed).grade <= number
        after = found.after.lines()
        assert line_logic_glyphs(clues_of(after), clues_of(columns_of(after))) == after

    def test_a_higher_rung_keeps_the_probes(self):
        """Allowed the probes, a puzzle that needs them is left as it is; one that needs search is changed until
        the probes finish it, no further than line logic needs."""
        from paint.fix import Target
        probes = paint.load(str(CORPUS / "jwilk" / "data022.nin"))
        before = check_puzzle(probes)
        assert before.verdict == "needs-probes"
        found = fix_picture(picture_of(probes, before), target=Target(5))
        assert found.fixed and found.changes == ()
        forever = paint.load(str(CORPUS / "survey" / "webpbn-06574-forever.non"))
        before = check_puzzle(forever)
        allowed = fix_picture(picture_of(forever, before), target=Target(5), max_time=120)
        strict = fix_picture(picture_of(forever, before), max_time=120)
        assert allowed.fixed and strict.fixed and len(allowed.changes) <= len(strict.changes)
        assert check_puzzle(allowed.puzzle()).verdict in ("ok", "needs-probes")
        assert allowed.changes == strict.changes[:len(allowed.changes)]  # the same greedy path, stopped sooner

    def test_target_names_and_bounds(self):
        from paint.cli.common import rung_type
        from paint.fix import Target
        assert rung_type("counting").grade == 1 and rung_type("line-trial").grade == 4 and rung_type("5").grade == 5
        assert Target().name == "line trial" and Target(1).rules == ("fills", "overlap", "located")
        for bad in (0, 6, "4"):
            with pytest.raises(ValueError):
                Target(bad)
        with pytest.raises(Exception, match="not a rung"):
            rung_type("search")

    def test_command(self, capsys):
        """``paint fix --max-rung``: nothing to fix when the puzzle is within the rung; else fixed for it."""
        from paint import cli
        cat = str(Path(__file__).parent.parent / "puzzles" / "dancer.pro")
        assert cli.main(["fix", cat, "--max-rung", "edges"]) == 0
        assert "nothing to fix - the rules up to edges" in capsys.readouterr().out
        assert cli.main(["fix", cat, "--max-rung", "counting"]) == 0
        printed = capsys.readouterr().out
        assert "and the rules up to counting (fills, overlap, located) solve it (grade 1 (counting)" in printed
        assert cli.main(["fix", str(CORPUS / "jwilk" / "data022.nin"), "--max-rung", "probes"]) == 0
        assert "nothing to fix - line logic and the probes solve" in capsys.readouterr().out
        assert cli.main(["fix", cat, "--max-rung", "search"]) == 2
        assert "not a rung" in capsys.readouterr().err
