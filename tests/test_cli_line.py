"""``paint line``: Simpson's notation in, one row per solver out; standard input; traces; bad input."""

from __future__ import annotations

import io
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paint import cli
from paint.formats import linenotation
from test_cli import run

SEED_001_LINE = ">-----           -#----#        --  #<"


class TestTable:
    """The tables of seeds 001 and 000, printed as the issue and the seeds show them."""

    def test_seed_001_table(self, capsys):
        """With every solver (the default) the output is seed 001's table, name right-aligned, and rows for dp and bits."""
        assert cli.main(["line", "1,5,1,1,1", SEED_001_LINE]) == 0
        assert capsys.readouterr().out == (
            "  complete>-----+++++++++++-#----#++++-+++--+-#<\n"
            "      fast>-----+++++++++++-#----#++++++++--+-#<\n"
            "     fcomp>-----+++++++++++-#----#++++-+++--+-#<\n"
            "        dp>-----+++++++++++-#----#++++-+++--+-#<\n"
            "      bits>-----+++++++++++-#----#++++-+++--+-#<\n")

    def test_seed_000_line(self, capsys):
        """Seed 000's broken line gives the seed's result from complete (and fcomp)."""
        assert cli.main(["line", "9,1,1,1", ">   --#########-------   #- - <"]) == 0
        rows = capsys.readouterr().out.splitlines()
        assert rows[0] == "  complete>-----#########-------++-#-+-+<"
        assert rows[2] == "     fcomp>-----#########-------++-#-+-+<"

    def test_one_solver_without_delimiters(self, capsys):
        """--solver picks one solver; the line may be given without '>' and '<'."""
        assert cli.main(["line", "--solver", "fast", "3", "    "]) == 0
        assert capsys.readouterr().out == "      fast>+##+<\n"

    def test_no_solution(self, capsys):
        """A line no arrangement fits says so for each solver and exits 1."""
        assert cli.main(["line", "3", "#-#"]) == 1
        assert capsys.readouterr().out.splitlines() == [
            "  complete no solution", "      fast no solution", "     fcomp no solution", "        dp no solution",
            "      bits no solution"]

    def test_clue_zero(self, capsys):
        """0 is the clue of a line with no block."""
        assert cli.main(["line", "--solver", "fcomp", "0", ">   <"]) == 0
        assert capsys.readouterr().out == "     fcomp>---<\n"


class TestStandardInput:
    """``paint line --solver NAME -`` reads CLUE LINE pairs and prints one result per line."""

    def test_pairs(self, capsys, monkeypatch):
        """Each pair gives one bare result, 'no solution' where nothing fits; blank lines stay blank."""
        monkeypatch.setattr("sys.stdin", io.StringIO(
            f"1,5,1,1,1 {SEED_001_LINE}\n3 #-#\n\n2 ---  \n0 >  <\n"))
        assert cli.main(["line", "--solver", "fcomp", "-"]) == 1
        assert capsys.readouterr().out == (
            ">-----+++++++++++-#----#++++-+++--+-#<\nno solution\n\n>---##<\n>--<\n")

    def test_all_solvers(self, capsys, monkeypatch):
        """With every solver, each pair gives the labelled rows; status 0 when every line fits."""
        monkeypatch.setattr("sys.stdin", io.StringIO("1 >- <\n"))
        assert cli.main(["line", "-"]) == 0
        assert capsys.readouterr().out == "  complete>-#<\n      fast>-#<\n     fcomp>-#<\n        dp>-#<\n      bits>-#<\n"

    def test_bad_pair_names_the_line(self, capsys, monkeypatch):
        """A bad pair is one error naming standard input and its line, exit 2."""
        monkeypatch.setattr("sys.stdin", io.StringIO("1 >- <\n1,x >  <\n"))
        assert cli.main(["line", "--solver", "fast", "-"]) == 2
        assert capsys.readouterr().err == "paint: <stdin>:2: clue '1,x': 'x' is not a whole number\n"


class TestBadInput:
    """Bad clues and lines are one line on stderr and exit 2, with no traceback."""

    @pytest.mark.parametrize("clue, line, message", [
        ("1,x", ">--<", "line: clue '1,x': 'x' is not a whole number"),
        ("", ">--<", "line: the clue is empty (write 0 for a line with no block)"),
        ("1,0", ">--<", "line: clue '1,0': 0 may only stand alone, for a line with no block"),
        ("-1", ">--<", "line: clue '-1': '-1' is not a whole number"),
        ("2", ">-X<", "line: line '>-X<': square 2 is 'X'; use '-' for empty, '#' for full, space for blank"),
    ])
    def test_message(self, capsys, clue, line, message):
        """The message names the clue or the square that is wrong."""
        assert cli.main(["line", clue, line]) == 2
        assert capsys.readouterr().err == f"paint: {message}\n"

    def test_line_starting_with_a_dash(self, capsys):
        """A line without delimiters that starts with '-' is read after '--', as usual for options."""
        assert cli.main(["line", "--solver", "fast", "--", "2", "--  "]) == 0
        assert capsys.readouterr().out == "      fast>--##<\n"

    def test_missing_line(self, capsys):
        """A clue without a line (and not '-') is a usage error."""
        assert cli.main(["line", "3"]) == 2
        assert "give CLUE and LINE" in capsys.readouterr().err

    def test_unknown_solver(self, capsys):
        """An unknown solver name is refused by the parser with status 2."""
        assert cli.main(["line", "--solver", "quick", "1", "  "]) == 2


class TestInputLimits:
    """A line of more than 100,000 squares is refused however it is given, and a bad text is quoted shortly."""

    @pytest.mark.parametrize("line, squares", [
        (" " * 100_001, 100_001), (" " * 100_002, 100_002), (">" + " " * 100_001, 100_001),
        (" " * 100_001 + "<", 100_001), (">" + " " * 100_001 + "<", 100_001), ("  >" + " " * 100_001 + "<  ", 100_001)])
    def test_too_long(self, capsys, line, squares):
        """Squares over the limit, with or without either delimiter, are refused in one line, exit 2."""
        assert cli.main(["line", "--solver", "fast", "1", line]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == f"paint: line: the line is longer than 100,000 squares (it has {squares:,})\n"

    @pytest.mark.parametrize("line", [" " * 100_000, ">" + " " * 100_000 + "<"])
    def test_at_the_limit(self, capsys, line):
        """A line of exactly 100,000 squares is taken."""
        assert cli.main(["line", "--solver", "fast", "1", line]) == 0
        assert capsys.readouterr().out == "      fast>" + "+" * 100_000 + "<\n"

    def test_too_long_from_standard_input(self, capsys, monkeypatch):
        """From standard input, a pair whose line has 100,001 squares is refused naming the input line."""
        monkeypatch.setattr("sys.stdin", io.StringIO("1 > <\n1 " + " " * 100_001 + "\n"))
        assert cli.main(["line", "--solver", "fast", "-"]) == 2
        out, err = capsys.readouterr()
        assert out == ">#<\n" and err == "paint: <stdin>:2: the line is longer than 100,000 squares (it has 100,001)\n"

    def test_longest_pair_from_standard_input(self, capsys, monkeypatch):
        """The longest clue that fits 100,000 squares (50,000 blocks of 1) and such a line are read from standard input."""
        monkeypatch.setattr("sys.stdin", io.StringIO(",".join(["1"] * 50_000) + " >" + " " * 100_000 + "<\n"))
        assert cli.main(["line", "--solver", "fast", "-"]) == 0
        assert capsys.readouterr().out == ">" + "+" * 100_000 + "<\n"

    def test_endless_input_line(self, capsys, monkeypatch):
        """An input line longer than any clue and line can be is refused once that much is read."""
        monkeypatch.setattr("sys.stdin", io.StringIO("1" * 300_000))
        assert cli.main(["line", "--solver", "fast", "-"]) == 2
        assert capsys.readouterr().err == ("paint: <stdin>:1: the input line is longer than 201,000 characters, "
                                           "more than a clue and a line of 100,000 squares take\n")

    @pytest.mark.parametrize("clue, line, message", [
        ("1," * 50_000 + "x", "  ", f"clue {'1,' * 20!r}... (100,001 characters): 'x' is not a whole number"),
        ("x" * 100_000, "  ", f"clue {'x' * 40!r}... (100,000 characters): {'x' * 40!r}... (100,000 characters) "
                              "is not a whole number"),
        ("9" * 100_000, "  ", f"clue {'9' * 40!r}... (100,000 characters): {'9' * 40!r}... "
                              "(100,000 characters) is too large"),
        ("1,0," + "1," * 40 + "1", "  ", f"clue {('1,0,' + '1,' * 18)!r}... (85 characters): 0 may only stand alone, "
                                   "for a line with no block"),
        ("2", ">" + " " * 50_000 + "X<", f"line {'>' + ' ' * 39!r}... (50,003 characters): square 50,001 is 'X'; "
                                         "use '-' for empty, '#' for full, space for blank"),
    ], ids=["long-clue", "long-word", "long-number", "long-zero", "long-line"])
    def test_long_bad_text_is_shortened(self, capsys, clue, line, message):
        """A bad clue or line is quoted by its first 40 characters and its length, in one line."""
        assert cli.main(["line", clue, line]) == 2
        assert capsys.readouterr().err == f"paint: line: {message}\n"

    def test_long_bad_pair_is_shortened(self, capsys, monkeypatch):
        """From standard input, a long text that is no pair is quoted by its start and its length."""
        monkeypatch.setattr("sys.stdin", io.StringIO("x" * 100_000 + "\n"))
        assert cli.main(["line", "--solver", "fast", "-"]) == 2
        assert capsys.readouterr().err == (f"paint: <stdin>:1: expected a clue, a space and a line, not {'x' * 40!r}... "
                                           "(100,000 characters)\n")


class TestTrace:
    """--trace prints each solver's working before the results."""

    def test_fcomp_trace(self, capsys):
        """fcomp's trace has one section per mode, with the block, its position and [base-max) mininv."""
        assert cli.main(["line", "--solver", "fcomp", "--trace", "1,5,1,1,1", SEED_001_LINE]) == 0
        out = capsys.readouterr().out
        assert out.startswith("fcomp trace:\nX:      36>-----           -#----#        --  #<\n")
        assert "\nDRAWING\nBlock 4 of 1 at 17\n" in out
        assert "< [0-5) m0\n" in out and "\nRestoring 1 from 17 to 11\n" in out
        assert out.endswith("\n     fcomp>-----+++++++++++-#----#++++-+++--+-#<\n")

    def test_complete_trace(self, capsys):
        """complete's trace gives each placement tried and why it moved on, then the arrangements that fit."""
        assert cli.main(["line", "--solver", "complete", "--trace", "2,1", "> # - <"]) == 0
        assert capsys.readouterr().out == (
            "complete trace:\n"
            "Length: 5\nRule:   2,1\nLine:   > # - <\n"
            ">##   <  fits, so next block\n"
            ">## # <  covers dot, so move on\n"
            ">##  #<  fits, so merge, and move on\n"
            "> ##  <  fits, so next block\n"
            "> ## #<  fits, so merge, and move on\n"
            ">  ## <  reveals solid, so previous block\n"
            "suitable arrangements:\n>##--#<\n>-##-#<\n\n"
            "  complete>+#+-#<\n")


def test_time_limit_goes_off_again():
    """Should the time limit's exception be lost (raised in a garbage-collector callback), it goes off again soon."""
    from paint.cli.line import _LineLimit, _time_limit
    started = time.perf_counter()
    lost = 0
    with pytest.raises(_LineLimit):
        with _time_limit(0.05):
            try:
                while time.perf_counter() - started < 5:
                    pass
            except _LineLimit:
                lost += 1  # as Python does with an exception raised in a callback
            while time.perf_counter() - started < 5:
                pass
    assert lost == 1 and time.perf_counter() - started < 2


def test_line_through_python_m():
    """``python -m paint line`` prints seed 001's table in a fresh interpreter."""
    done = run("line", "1,5,1,1,1", SEED_001_LINE)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines()[1] == "      fast>-----+++++++++++-#----#++++++++--+-#<"


class TestNotation:
    """Simpson's notation round-trips through paint.formats.linenotation."""

    @given(st.text(alphabet=" -#", max_size=30))
    def test_line_round_trip(self, text):
        """Writing a parsed line gives it back between '>' and '<'."""
        assert linenotation.format_line(linenotation.parse_line(f">{text}<")) == f">{text}<"
        assert linenotation.parse_line(text) == linenotation.parse_line(f">{text}<")

    @given(st.lists(st.integers(1, 99), max_size=8))
    def test_clue_round_trip(self, targets):
        """Writing a clue and reading it back gives the same targets (0 for none)."""
        assert linenotation.parse_clue(linenotation.format_clue(targets)) == tuple(targets)
