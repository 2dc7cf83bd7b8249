"""File names are shown escaped wherever a terminal or a report sees them: no control or bidi character gets through."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paint import formats
from paint.errors import PaintError, PuzzleFormatError
from paint.printable import printable
from test_cli import ROOT, STALLS, TINY

EVIL = {
    "clear": "clear\x1b[2J",                                                     # clears the screen
    "title": "title\x1b]0;owned\x07",                                            # sets the window title (OSC 0)
    "link": "link\x1b]8;;mailto:x@example.com\x1b\\here\x1b]8;;\x1b\\",          # a hyperlink (OSC 8)
    "reversed": "rtl\u202enon.txt",                                              # shown reversed: 'txt.non...'
}
"""File names (without their extension) that would act on a terminal if printed raw."""

RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
"""A character that must never reach the terminal raw: C0 and C1 controls but the line feed, DEL, bidi and format
characters."""

RICH = re.compile(r"\x1b\[[0-9;]*m|\x1b\[2K|\x1b\[1A|\x1b\[\?25[lh]|\r")
"""The sequences rich itself writes on a terminal (colours, the progress bar's line erasing and cursor)."""


def raw_in(text: str) -> list[str]:
    """The characters of ``text`` that must not reach a terminal, once rich's own sequences are taken out."""
    return RAW.findall(RICH.sub("", text))


def paint(*args) -> subprocess.CompletedProcess:
    """Run ``python -m paint ARGS`` (not on a terminal), capturing its output as text."""
    environment = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    environment.pop("COLUMNS", None)
    return subprocess.run([sys.executable, "-m", "paint", *map(str, args)], capture_output=True, text=True,
                          env=environment, cwd=ROOT, timeout=120)


def on_terminal(*args) -> str:
    """What ``python -m paint ARGS`` writes to a terminal 200 columns wide (standard output and error both)."""
    main, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    environment = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    for name in ("COLUMNS", "LINES", "NO_COLOR", "TERM"):
        environment.pop(name, None)
    process = subprocess.Popen([sys.executable, "-m", "paint", *map(str, args)], stdout=secondary,
                               stderr=secondary, stdin=subprocess.DEVNULL, env=environment, cwd=ROOT)
    os.close(secondary)
    chunks = []
    try:
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal closed: the process has ended
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(main)
        process.wait(120)
    return b"".join(chunks).decode("utf-8")


@pytest.fixture
def folder(tmp_path) -> Path:
    """A folder of puzzles whose names hold escape sequences and a bidi override, one unreadable, one that stalls,
    and a folder named the same way."""
    puzzles = tmp_path / "puzzles"
    puzzles.mkdir()
    for stem in EVIL.values():
        shutil.copy(TINY, puzzles / f"{stem}.non")
    shutil.copy(STALLS, puzzles / "stalls\x1b[2J\u202e.non")  # --show draws it, under its name
    (puzzles / "broken\x1b]0;owned\x07.non").write_text("garbage\n")  # an error row, and a note naming it
    (puzzles / "amp&<b>.non").write_bytes(TINY.read_bytes())  # HTML-escaped once in the page
    (puzzles / "sub\x1b[2J\u202e").mkdir()  # a folder where a file is to be written
    return puzzles


class TestPrintable:
    """printable() writes every character that would act on a terminal as a visible escape, and nothing else."""

    @pytest.mark.parametrize("char, escape", [
        ("\x1b", "\\x1b"), ("\x07", "\\x07"), ("\x9b", "\\x9b"), ("\x7f", "\\x7f"), ("\n", "\\n"), ("\t", "\\t"),
        ("\u202a", "\\u202a"), ("\u202e", "\\u202e"), ("\u2066", "\\u2066"), ("\u2069", "\\u2069"),
        ("\u200e", "\\u200e"), ("\u200f", "\\u200f"), ("\u061c", "\\u061c"), ("\u200b", "\\u200b"),
        ("\ufeff", "\\ufeff"), ("\U000e0001", "\\U000e0001"), ("\udce9", "\\xe9")])
    def test_each_dangerous_character(self, char, escape):
        """A control, bidi or format character (or a byte that is not UTF-8) is written as its escape."""
        assert printable(f"a{char}b.non") == f"a{escape}b.non"

    def test_plain_names_unchanged(self):
        """A name of printable characters, accents and other scripts included, is shown as it is."""
        for name in ("dancer.pro", "café noir.non", "日本/パズル.non", "עברית.non", "a\\x1b.non"):
            assert printable(name) == name

    @given(st.text())
    def test_always_printable_and_stable(self, text):
        """Whatever the text, the result is printable, and showing it again changes nothing."""
        shown = printable(text)
        assert shown.isprintable() and printable(shown) == shown
        assert not raw_in(shown)

    def test_errors_shown_escaped(self):
        """PaintError and PuzzleFormatError messages naming a file show it escaped (the file keeps its real name)."""
        error = PuzzleFormatError("a\x1b[2J\u202e.non", "bad clue", line=3)
        assert str(error) == "a\\x1b[2J\\u202e.non:3: bad clue" and error.path == "a\x1b[2J\u202e.non"
        assert str(PaintError("cannot write \x1b]0;x\x07")) == "cannot write \\x1b]0;x\\x07"


class TestCheck:
    """paint check shows every name escaped: the table, the notes, --show, -o, --json, --html, the progress bar."""

    def test_table_in_a_pipe(self, folder):
        """The Markdown table and the summary carry the names escaped."""
        finished = paint("check", folder)
        assert finished.returncode == 2  # the broken file
        assert not raw_in(finished.stdout + finished.stderr)
        for stem in ("clear\\x1b[2J", "title\\x1b]0;owned\\x07", "rtl\\u202enon.txt", "broken\\x1b]0;owned\\x07"):
            assert f"| {stem}.non " in finished.stdout

    def test_table_on_a_terminal(self, folder):
        """On a terminal (rich's table, the notes under it, the progress bar naming each puzzle) nothing raw shows."""
        output = on_terminal("check", folder, "--jobs", "1")
        assert "\x1b[1m" in output  # rich did draw for a terminal
        assert not raw_in(output)
        assert "clear\\x1b[2J.non" in output and "broken\\x1b]0;owned\\x07.non" in output

    def test_show_and_report_file(self, folder, tmp_path):
        """--show's captions and the -o report name the files escaped."""
        report = tmp_path / "report.txt"
        finished = paint("check", folder, "--show", "-o", report)
        text = report.read_text(encoding="utf-8")
        assert not raw_in(text + finished.stdout + finished.stderr)
        assert "stalls\\x1b[2J\\u202e.non: two solutions" in text

    def test_one_puzzle(self, folder):
        """A single puzzle's verdict line and an unreadable file's error name it escaped."""
        for name in ("clear\x1b[2J.non", "broken\x1b]0;owned\x07.non"):
            finished = paint("check", folder / name)
            assert not raw_in(finished.stdout + finished.stderr)
            assert printable(str(folder / name)) in finished.stdout

    def test_json(self, folder):
        """--json is valid JSON whose file names are the escaped ones; no raw bidi character is printed either."""
        finished = paint("check", folder, "--json")
        assert not raw_in(finished.stdout)
        names = {os.path.basename(entry["file"]) for entry in json.loads(finished.stdout)}
        assert "rtl\\u202enon.txt.non" in names and "clear\\x1b[2J.non" in names

    def test_html(self, folder, tmp_path):
        """The HTML report holds the escaped names, HTML-escaped once (no '&amp;amp;'), and no raw control character."""
        page = tmp_path / "report.html"
        assert paint("check", folder, "--html", page, "-o", tmp_path / "r.txt").returncode == 2
        html = page.read_text(encoding="utf-8")
        assert not raw_in(html.replace("\n", ""))
        assert "clear\\x1b[2J.non" in html and "rtl\\u202enon.txt.non" in html
        assert "amp&amp;&lt;b&gt;.non" in html and "&amp;amp;" not in html


class TestMessages:
    """Every 'cannot read/write ...' and bad-file message names the file escaped, on standard error."""

    @pytest.mark.parametrize("arguments", [
        ["solve", "{folder}/missing\x1b[2J\u202e.non"],
        ["solve", "{folder}/broken\x1b]0;owned\x07.non"],
        ["solve", str(TINY), "-o", "{folder}/no\x1b[2J/x.txt"],
        ["solve", str(TINY), "--html", "{folder}/sub\x1b[2J\u202e"],
        ["solve", "{folder}/clear\x1b[2J.non", "-o", "{folder}/clear\x1b[2J.non"],
        ["convert", "{folder}/broken\x1b]0;owned\x07.non", "{folder}/out.non"],
        ["convert", str(TINY), "{folder}/no\x1b]8;;mailto:x@example.com\x1b\\/x.non"],
        ["check", "{folder}/missing\x1b[2J\u202e.non"],
        ["hint", "{folder}/clear\x1b[2J.non", "--grid", "{folder}/missing\u202e.txt"],
        ["solve", str(TINY), "--bad\x1b[2J\u202e"],
    ])
    def test_error_names_escaped(self, arguments, folder):
        """The one-line error (check: its report) names the file or word with control and bidi characters escaped."""
        words = [word.replace("{folder}", str(folder)) for word in arguments]
        finished = paint(*words)
        assert finished.returncode == 2
        assert not raw_in(finished.stdout + finished.stderr), finished.stderr
        assert re.search(r"\\(x1b|u202e)", finished.stdout + finished.stderr)  # check reports on stdout
        assert len(finished.stderr.splitlines()) <= 1

    def test_solve_all_banner(self, tmp_path):
        """solve --all's banner names a file of many puzzles escaped."""
        many = tmp_path / "many\x1b[2J\u202e.nonpack"
        puzzle = formats.load(TINY)
        many.write_text(formats.dumps_all([puzzle, puzzle], "nonpack"), encoding="utf-8")
        finished = paint("solve", many, "--all", "--no-grids")
        assert finished.returncode == 0 and not raw_in(finished.stdout + finished.stderr)
        assert "many\\x1b[2J\\u202e.nonpack#2 (puzzle 2 of 2)" in finished.stdout

