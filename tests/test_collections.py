"""Tests of the formats added beside Kramer's and Simpson's: bundles, tournament files, game IDs, Olšák's .g.

Also the functions of :mod:`paint.formats` that read files of many puzzles
(loads_each, loads_all, load_all), write them (dumps_all), and tell what a
format cannot keep (lost).  Malformed inputs are a table of (format, text,
message fragment, line), like ``test_formats.MALFORMED``.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from paint.errors import GoalMismatch, PaintError, PuzzleFormatError
from paint.formats import (convert, dumps, dumps_all, load, load_all, load_each, loads, loads_all, loads_each,
                           lost, nonpack, olsak, pick, taai, tatham)
from paint.puzzle import Puzzle

from checker import is_solution

ROOT = Path(__file__).parent.parent
CORPUS = Path(__file__).parent / "corpus"
QUESTIONS = CORPUS / "taai2011" / "questions.txt"
DOT = Puzzle(rows=[[1], []], columns=[[1], []])

NON = "width 2\nheight 2\nrows\n1\n0\ncolumns\n1\n0\n"
BUNDLE = NON + "====\n" + NON.replace("rows\n1\n0", "rows\n0\n1").replace("columns\n1\n0", "columns\n1\n0") + "====\n"
TAAI = "$1\n1\n0\n1\n0\n$2\n2\n2\n2\n2\n"
OLSAK = "A dot in the corner.\ntitle: Dot\n: rows\n1\n\n: columns\n1\n0\n: end\nanything after the end\n"


class TestNonpack:
    """.nonpack: .non puzzles separated by ==== lines."""

    def test_reads_each(self):
        """A bundle of two puzzles gives both, in order; blank puzzles after a last separator are skipped."""
        first, second = nonpack.read_each(BUNDLE, "b.nonpack")
        assert first == DOT and second.rows == ((), (1,))

    def test_error_names_line_of_the_file(self):
        """A bad clue in the second puzzle is reported at its line in the whole file, the first still read."""
        text = NON + "====\n" + NON.replace("rows\n1\n0", "rows\n1\nx")
        first, second = nonpack.read_each(text, "b.nonpack")
        assert first == DOT
        assert isinstance(second, PuzzleFormatError) and second.line == 9 + 5

    def test_round_trip(self):
        """write_all then read_each gives the puzzles back."""
        puzzles = [load(ROOT / "puzzles" / "dancer.pro"), DOT]
        assert nonpack.read_each(nonpack.write_all(puzzles), "b.nonpack") == puzzles

    def test_only_separators(self):
        """A bundle of nothing but separators is refused."""
        with pytest.raises(PuzzleFormatError, match="holds no puzzle"):
            nonpack.read_each("====\n\n====\n", "b.nonpack")


class TestTaai:
    """The tournament text: $N, then the column clues, then the row clues, tab-separated."""

    def test_reads_each(self):
        """Two puzzles with their $N numbers as catalogue, columns first in the file."""
        first, second = taai.read_each(TAAI, "q.txt")
        assert (first.columns, first.rows, first.catalogue) == (((1,), ()), ((1,), ()), "$1")
        assert (second.width, second.catalogue) == (2, "$2")

    def test_real_file(self):
        """The TAAI 2011 file holds 1000 puzzles of 25 x 25; the first one's solution from solutions.txt fits."""
        puzzles = load_all(QUESTIONS)
        assert len(puzzles) == 1000 and {(p.width, p.height) for p in puzzles} == {(25, 25)}
        first_solution = [  # solutions.txt of the tournament, $1
            "1111011110010101011011111", "1000011100010101000001000", "0100100000011001111000010",
            "0101011100101100100000001", "0010110001001001101011110", "0001101110000101001110100",
            "1011100010110010101101111", "0010100100000100100010100", "0010111001110010101101001",
            "1110000010101101110010101", "0111101001101111100111110", "1100110001010101011111100",
            "0001100101001111100001000", "0001010010100000100000100", "1011111001001111001001011",
            "0001000100011100010011111", "0000101100011110000111111", "0111001001100100110111101",
            "1101111100101000001110110", "1111010111010110110001100", "0101101001010110101011010",
            "0000001101000110111111101", "1111101101101110010110101", "1010110001001101001011001",
            "1101101010101000110100010",
        ]
        goal = [row.replace("1", "X").replace("0", ".") for row in first_solution]
        assert is_solution(puzzles[0].rows, puzzles[0].columns, goal)

    def test_crlf_and_empty_clues(self):
        """CRLF line ends and an empty clue written as 0 or as a blank line are read."""
        assert taai.read_each("$1\r\n1\r\n\r\n1\r\n0\r\n", "q.txt")[0] == attrs.evolve(DOT, catalogue="$1")

    def test_not_square(self):
        """Writing a puzzle that is not square is refused: the format tells the size by the count of lines."""
        with pytest.raises(PaintError, match="square"):
            taai.write(Puzzle(rows=[[1]], columns=[[1], []]))

    def test_keeps_numbers(self):
        """The writer keeps a $N catalogue and numbers other puzzles by their place."""
        text = taai.write_all([attrs.evolve(DOT, catalogue="$7"), DOT])
        assert [line for line in text.splitlines() if line.startswith("$")] == ["$7", "$2"]


class TestTatham:
    """Simon Tatham's Pattern game IDs."""

    def test_reads(self):
        """Columns first, '.' between numbers, an empty clue empty; the square size 'N' alone."""
        puzzle = tatham.read("2:1//1/", "game ID")
        assert (puzzle.columns, puzzle.rows) == (((1,), ()), ((1,), ()))

    def test_round_trip_dancer(self):
        """The Dancer's game ID reads back to its clues."""
        dancer = load(ROOT / "puzzles" / "dancer.pro")
        back = tatham.read(tatham.write(dancer), "game ID")
        assert (back.rows, back.columns) == (dancer.rows, dancer.columns)

    def test_load_takes_an_id(self):
        """load takes a game ID in place of a file name, and names it 'game ID' in errors."""
        assert load("2x2:1//1/") == DOT
        with pytest.raises(PuzzleFormatError, match="^game ID: the game ID has 3 clues"):
            load("2x2:1//1")

    def test_file_named_like_an_id(self, tmp_path, monkeypatch):
        """A file whose name looks like a game ID is read as the file."""
        monkeypatch.chdir(tmp_path)
        (tmp_path / "1x1:1").mkdir()
        (tmp_path / "1x1:1" / "1").write_text("1 1\n0\n0\n")
        assert load("1x1:1/1").rows == ((),)


class TestOlsak:
    """Olšák's .g: comments, ': rows', ': columns', ': end'; blank lines are empty clues."""

    def test_reads(self):
        """Comments before the first ':' line are skipped, metadata lines among them kept, text after the end ignored."""
        puzzle = olsak.read(OLSAK, "x.g")
        assert puzzle == attrs.evolve(DOT, title="Dot")

    def test_black_and_white_declarations(self):
        """A colour section declaring only 0 (background) and 1 (default) is black and white."""
        text = "#d\n   0:   white  background\n   1:*  black  blocks\n: rows\n1\n: columns\n1\n"
        assert olsak.read(text, "x.g") == Puzzle(rows=[[1]], columns=[[1]])

    def test_kocka_layout(self):
        """The layout of Olšák's kocka.g: text after the colons, tabs and spaces between numbers, no end line."""
        text = "The cat.\n\n: rows (this text is ignored)\n 1\t1\n1\n: columns here\n2\n\n1\n"
        puzzle = olsak.read(text, "kocka.g")
        assert (puzzle.rows, puzzle.columns) == (((1, 1), (1,)), ((2,), (), (1,)))

    def test_free_comments(self):
        """Comment lines that only look like metadata are comments: a capitalised Goal, a second title."""
        text = "Goal: find the cat\ntitle: one\ntitle: two\ngoal: not a row\nNote: kept\n: rows\n1\n: columns\n1\n"
        puzzle = olsak.read(text, "x.g")
        assert (puzzle.title, puzzle.goal, puzzle.extra) == ("one", None, (("Note", "kept"),))

    def test_round_trip(self):
        """write then read gives the Dancer back, metadata and goal included."""
        dancer = load(ROOT / "puzzles" / "dancer.pro")
        assert olsak.read(olsak.write(dancer), "d.g") == dancer


MALFORMED = [
    # (id, format, text, error fragment, line)
    ("nonpack-bad-second", "nonpack", NON + "====\nwidth x\n", "width 'x' is not a number", 10),
    ("nonpack-colour", "nonpack", "color a #f00\n" + NON, "colour puzzles are not supported", 1),
    ("taai-no-number", "taai", "1\n1\n", "the first line must be '$1'", 1),
    ("taai-odd", "taai", "$1\n1\n1\n1\n", "3 clue lines", 1),
    ("taai-empty-puzzle", "taai", "$1\n$2\n1\n1\n", "puzzle $1 has no clues", 1),
    ("taai-word", "taai", "$1\n1\nx\n1\n0\n", "clue number 'x' is not a number", 3),
    ("taai-colour", "taai", "$1\n1a\n0\n1\n0\n", "colour puzzles are not supported", 2),
    ("taai-too-long", "taai", "$1\n3\n0\n1\n0\n", "column 1: clue 3 needs 3 squares", 2),
    ("taai-totals", "taai", "$1\n1\n1\n1\n0\n", "the row clues total 1", 1),
    ("nonpack-totals", "nonpack", "\n" + NON.replace("columns\n1\n0", "columns\n1\n1"), "the row clues total 1", 1),
    ("tatham-seed", "tatham", "10x10#12345\n", "random-seed ID", None),
    ("tatham-no-colon", "tatham", "10x10\n", "unknown format", None),
    ("tatham-few", "tatham", "2x2:1/1\n", "has 2 clues but a 2 x 2 puzzle has 4", None),
    ("tatham-given", "tatham", "1x1:1/1,a\n", "given squares", None),
    ("tatham-letter", "tatham", "2x2:1/a//1\n", "clue number 'a' is not a number", None),
    ("tatham-dots", "tatham", "2x2:1..1///\n", "an empty number between dots", None),
    ("tatham-size", "tatham", "0x2:1/1\n", "width 0 is out of range", None),
    ("tatham-two-lines", "tatham", "1x1:1/1\n1x1:1/1\n", "a game ID is one line", 2),
    ("tatham-totals", "tatham", "1x1:1/\n", "the row clues total 0", None),
    ("olsak-no-colon", "olsak", "just words\n", "no line starts with ':'", None),
    ("olsak-no-columns", "olsak", ": rows\n1\n", "the column clues are missing", 2),
    ("olsak-colour-declared", "olsak", "#d\n m:% blue\n: rows\n1\n: columns\n1\n",
     "colour puzzles are not supported", 2),
    ("olsak-colour-block", "olsak", ": rows\n1m\n: columns\n1\n", "colour puzzles are not supported", 2),
    ("olsak-triddler", "olsak", "#t\n: side A\n1\n", "triddlers are not supported", 1),
    ("olsak-unknown-hash", "olsak", "#x\n: rows\n1\n: columns\n1\n", "unknown declaration", 1),
    ("olsak-bad-declaration", "olsak", "#d\nblue\n: rows\n1\n: columns\n1\n", "colour declaration", 2),
    ("olsak-word", "olsak", ": rows\none\n: columns\n1\n", "clue number 'one' is not a number", 2),
    ("olsak-empty-group", "olsak", ": rows\n: columns\n1\n", "there are no row clues", 1),
    ("olsak-too-long", "olsak", ": rows\n2\n: columns\n1\n", "row 1: clue 2 needs 2 squares", 2),
    ("olsak-goal-wrong", "olsak", "goal: .\n: rows\n1\n: columns\n1\n", "the goal does not match", 1),
]


class TestMalformed:
    """Each new reader refuses bad input with a one-line PuzzleFormatError naming the file and line."""

    @pytest.mark.parametrize("format, text, fragment, line", [case[1:] for case in MALFORMED],
                             ids=[case[0] for case in MALFORMED])
    def test_table(self, format, text, fragment, line):
        """The first error (for the file, or its first puzzle) holds the fragment and the line."""
        path = "bad.txt"
        with pytest.raises(PuzzleFormatError) as raised:
            loads_all(text, path, format=None if format == "tatham" and "unknown" in fragment else format)
        error = raised.value
        assert fragment in str(error)
        assert error.line == line
        assert str(error).startswith(path + (f":{line}: " if line else ": "))
        assert "\n" not in str(error)


class TestLoadsEach:
    """loads_each reads a file of many puzzles, each puzzle or its own error."""

    def test_one_bad_puzzle(self):
        """A bad puzzle in a tournament file is its error; the others are read."""
        each = loads_each("$1\n1\n0\n1\n0\n$2\n5\n0\n1\n0\n$3\n0\n0\n0\n0\n", "q.txt")
        assert [type(item).__name__ for item in each] == ["Puzzle", "PuzzleFormatError", "Puzzle"]

    def test_goal_mismatch_is_kept(self):
        """A goal that breaks the clues in one puzzle of a bundle is its GoalMismatch, carrying the clues."""
        bad = NON + 'goal "0110"\n'
        first, second = loads_each(NON + "====\n" + bad, "b.nonpack")
        assert first == DOT and isinstance(second, GoalMismatch) and second.puzzle == DOT

    def test_one_puzzle_formats(self):
        """A file of one puzzle gives a list of one."""
        assert loads_each("1 1\n1\n1\n", "x.nin") == [Puzzle(rows=[[1]], columns=[[1]])]


class TestLoads:
    """loads wants one puzzle."""

    def test_many_refused(self):
        """A file of several puzzles is refused by loads, with the count."""
        with pytest.raises(PuzzleFormatError, match="the file holds 2 puzzles, not one"):
            loads(TAAI, "q.txt")

    def test_load_each_file(self):
        """load_each reads a file from disk, load_all too."""
        assert len(load_each(QUESTIONS)) == len(load_all(QUESTIONS)) == 1000


class TestDumpsAll:
    """dumps_all writes many puzzles to a format that holds many, one to any format."""

    def test_many_to_one_format(self):
        """Two puzzles cannot go in a .non file."""
        with pytest.raises(PaintError, match="cannot write 2 puzzles as non"):
            dumps_all([DOT, DOT], "non")

    def test_one_to_one_format(self):
        """One puzzle in a list is written as dumps writes it."""
        assert dumps_all([DOT], "non") == dumps(DOT, "non")

    def test_aliases(self):
        """A format may be named by its extension: g for olsak."""
        assert dumps(DOT, "g") == dumps(DOT, "olsak")


class TestLost:
    """lost names the metadata a format cannot keep."""

    def test_nin(self):
        """.nin keeps no metadata; a game ID neither."""
        dancer = load(ROOT / "puzzles" / "dancer.pro")
        assert lost(dancer, "nin") == ["title", "author", "copyright", "license", "catalogue", "goal"]
        assert lost(dancer, "tatham") == lost(dancer, "nin")

    def test_keeps(self):
        """.non, .pro and .g keep everything."""
        dancer = load(ROOT / "puzzles" / "dancer.pro")
        assert lost(dancer, "non") == lost(dancer, "pro") == lost(dancer, "g") == []


class TestPick:
    """pick chooses puzzle N of a file."""

    def test_out_of_range(self):
        """A number past the end is refused with the count."""
        with pytest.raises(PaintError, match="holds 2 puzzles: there is no puzzle 3"):
            pick([DOT, DOT], 3, "q.txt")


class TestConvert:
    """convert handles files of many puzzles."""

    def test_tournament_to_bundle(self, tmp_path):
        """The tournament file becomes a .nonpack bundle of the same 1000 puzzles."""
        out = tmp_path / "q.nonpack"
        puzzles = convert(QUESTIONS, out)
        assert load_all(out) == puzzles and len(puzzles) == 1000

    def test_one_of_many(self, tmp_path):
        """--puzzle's number picks one puzzle for a format of one puzzle."""
        out = tmp_path / "q17.non"
        [puzzle] = convert(QUESTIONS, out, number=17)
        assert load(out) == puzzle and puzzle.catalogue == "$17"

    def test_many_to_one_refused(self, tmp_path):
        """Converting many puzzles to a format of one is refused and writes nothing."""
        with pytest.raises(PaintError, match="holds one puzzle"):
            convert(QUESTIONS, tmp_path / "q.non")
        assert list(tmp_path.iterdir()) == []
