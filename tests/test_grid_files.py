"""Grid files hold only grid glyphs and no more lines than the puzzle has rows, blank lines at the end aside."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

import paint
from paint import cli
from paint.formats.grid import TRAILING_BLANK_LINES, load_grid, parse_grid

DANCER = Path(__file__).resolve().parent.parent / "puzzles" / "dancer.pro"
"""A puzzle of 5 columns and 10 rows."""

REASON = "a square is X or # (full), . or - (empty), ?, _ or a space (blank)"


@pytest.mark.parametrize("text, line, column, shown", [
    ("\x1c\x1d\x1e\x1f\n", 1, 1, "U+001C"),
    ("X.\n\x0b\x0c\n", 2, 1, "U+000B"),
    ("\u3000\u3000\n", 1, 1, "U+3000"),
    ("X\u00a0\n", 1, 2, "U+00A0"),
    ("X\n\n\n\u2028\n", 4, 1, "U+2028"),
    ("X\x85\n", 1, 2, "U+0085"),
    ("X.\x1b[2J\n", 1, 3, "U+001B"),
    ("\t\n", 1, 1, "a tab"),
])
def test_control_characters_and_unicode_spaces_refused(text, line, column, shown):
    """A control character or a Unicode space anywhere (even on a last line that looks blank) is refused,
    naming the line and column and showing the character by its code point, where it used to read as an
    empty grid."""
    with pytest.raises(paint.PuzzleFormatError) as raised:
        parse_grid(text, "mine.txt", width=5, height=10)
    assert str(raised.value) == f"mine.txt:{line}: column {column} holds {shown}; {REASON}"


def test_control_characters_on_the_command_line(tmp_path, capsys):
    """``paint solve --grid`` of a file of control characters exits 2 naming the file, line and column."""
    grid = tmp_path / "mine.txt"
    grid.write_bytes(b"XX\n\x1c\x1d\x1e\n")
    assert cli.main(["solve", str(DANCER), "--grid", str(grid)]) == 2
    assert capsys.readouterr().err == f"paint: {grid}:2: column 1 holds U+001C; {REASON}\n"


def test_blank_lines_after_the_rows_up_to_the_bound(tmp_path):
    """Up to TRAILING_BLANK_LINES empty or space-only lines may follow the puzzle's last row."""
    grid = tmp_path / "mine.txt"
    grid.write_text("X\n" * 10 + "\n" * (TRAILING_BLANK_LINES - 1) + "   \n")
    assert load_grid(grid, width=5, height=10).lines() == ["X    "] * 10


def test_blank_lines_beyond_the_bound(tmp_path):
    """One blank line more than the bound after the last row is refused at the first line too many."""
    grid = tmp_path / "mine.txt"
    grid.write_text("X\n" * 10 + "\n" * (TRAILING_BLANK_LINES + 1))
    with pytest.raises(paint.PuzzleFormatError) as raised:
        load_grid(grid, width=5, height=10)
    most = 10 + TRAILING_BLANK_LINES
    assert str(raised.value) == (f"{grid}:{most + 1}: more than {most} lines for a puzzle of 10 rows "
                                 f"(at most {TRAILING_BLANK_LINES} blank lines may follow the last row)")


def test_millions_of_blank_lines_not_held():
    """A grid of 10 rows and 10 million blank lines is refused without holding its lines (it used to keep a
    list of them, 80 MB here and 497 MB for 50 million)."""
    text = "X\n" * 10 + "\n" * 10_000_000
    tracemalloc.start()
    try:
        with pytest.raises(paint.PuzzleFormatError, match=r"^g:21: more than 20 lines"):
            parse_grid(text, "g", width=5, height=10)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_blank_lines_in_the_middle_are_rows():
    """Blank lines before the last row are blank rows, counted against the puzzle's height."""
    with pytest.raises(paint.PuzzleFormatError, match=r"^g:11: 12 lines for a puzzle of 10 rows$"):
        parse_grid("\n" * 11 + "X\n", "g", width=5, height=10)
    assert parse_grid("\n" * 9 + "X\n", "g", width=5, height=10).lines()[9] == "X    "


def test_line_endings():
    """Lines end at \\n, \\r\\n or \\r alike, and a last line without its line end still counts."""
    assert parse_grid("X\r\n.X\r#", "g", width=2, height=3).lines() == ["X ", ".X", "X "]


def test_unsized_grid_bounded():
    """Without the puzzle's size, the text may give at most MAX_SIZE rows (and the blank lines after them)."""
    assert parse_grid("X\n" * 1000 + "\n" * TRAILING_BLANK_LINES, "g").height == 1000
    with pytest.raises(paint.PuzzleFormatError, match=r"^g:1001: 1001 lines: a grid has at most 1000 rows$"):
        parse_grid("X\n" * 1001, "g")
    with pytest.raises(paint.PuzzleFormatError, match=r"^g:1011: more than 1010 lines for a grid of at most 1000 "):
        parse_grid("\n" * 5000, "g")
