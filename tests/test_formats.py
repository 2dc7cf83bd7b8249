"""Tests of the puzzle file formats (paint.formats) and of safe file reading and writing (paint.files).

Fixtures live in ``puzzles/`` (the project's puzzles, in Kramer's ``.pro``)
and ``tests/data/formats/`` (a few ``.non`` and ``.nin`` files copied from
their public sources; see the README there), so nothing here needs files
outside the repository.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paint.errors import PaintError, PuzzleFormatError
from paint.files import read_text, same_file, write_atomically
from paint.formats import (FORMATS, convert, detect, dumps, format_for, load, loads, non, olsak, pro, save,
                           solution, webpbn)
from paint.formats import dumps_all, fits, kept, loads_each
from paint.formats._common import runs
from paint.puzzle import MAX_SIZE, Puzzle
from paint.squares import Grid

ROOT = Path(__file__).parent.parent
PUZZLES = sorted((ROOT / "puzzles").glob("*.pro"))
DATA = Path(__file__).parent / "data" / "formats"
FIXTURES = sorted(DATA.glob("*.non")) + sorted(DATA.glob("*.nin"))
ALL_FILES = PUZZLES + FIXTURES

READERS = {name: getattr(module, "read_each", module.read) for name, module in FORMATS.items()}
"""Each format's reader: read_each for formats of many puzzles (it raises for the file as a whole only)."""

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tiny() -> Puzzle:
    """A 2 x 2 puzzle: the left column full, with metadata and goal."""
    return Puzzle(rows=[[1], [1]], columns=[[2], []], title="Tiny", author="A. Setter",
                  copyright="© 2024 A. Setter", license="CC0-1.0", catalogue="tests #1",
                  goal=["X.", "X."], extra=[("difficulty", "easy")])


def clues_of(goal) -> tuple[list, list]:
    """The row and column clues a goal (rows of 'X'/'.') satisfies."""
    rows = [runs(row) for row in goal]
    columns = [runs("".join(row[c] for row in goal)) for c in range(len(goal[0]))]
    return rows, columns


# ------------------------------------------------------------------ strategies

SAFE_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=24).map(str.strip)
RESERVED_KEYS = non.RESERVED | pro.RESERVED | olsak.RESERVED | webpbn.RESERVED


@st.composite
def puzzles(draw, metadata: bool = True, limit: int = 12):
    """Random consistent puzzles: a random goal, its clues, and optional metadata and extras."""
    height = draw(st.integers(1, limit))
    width = draw(st.integers(1, limit))
    goal = ["".join(draw(st.lists(st.sampled_from("X."), min_size=width, max_size=width)))
            for _ in range(height)]
    rows, columns = clues_of(goal)
    fields = {}
    if metadata:
        for field in ("title", "author", "copyright", "license", "catalogue"):
            fields[field] = draw(st.none() | SAFE_TEXT)
        keys = st.from_regex(r"[A-Za-z][A-Za-z0-9_.-]{0,8}", fullmatch=True).filter(
            lambda key: key.lower() not in RESERVED_KEYS)
        fields["extra"] = draw(st.lists(st.tuples(keys, SAFE_TEXT), max_size=3))
    return Puzzle(rows=rows, columns=columns, goal=draw(st.none() | st.just(goal)), **fields)


@functools.cache
def fixture_texts() -> tuple[tuple[str, str], ...]:
    """(format, text) for every fixture and puzzle file, and real puzzles written in each other format (read
    and written once: every example draws from the same texts).

    The others: the Dancer and Skid in every format, a bundle and a
    webpbn set of both, and the first three puzzles of the TAAI 2011
    tournament file, so the mutations reach every reader's syntax.
    """
    texts = [(format_for(path), path.read_text(encoding="utf-8")) for path in ALL_FILES]
    samples = [load(DATA / "webpbn-1-dancer.non"), load(DATA / "webpbn-00021-skid.non")]
    for name, module in FORMATS.items():
        texts += [(name, dumps(puzzle, name)) for puzzle in samples if fits(puzzle, name)]
        held = [puzzle for puzzle in samples if fits(puzzle, name)]
        if module.MANY and held:
            texts.append((name, dumps_all(held, name)))
    tournament = Path(__file__).parent / "corpus" / "taai2011" / "questions.txt"
    texts.append(("taai", "".join(tournament.read_text(encoding="utf-8").splitlines(keepends=True)[:153])))
    return tuple(texts)


@st.composite
def mutated(draw):
    """A real file's text with a few random edits: lines dropped, doubled, swapped, characters changed, cut short."""
    format, text = draw(st.sampled_from(fixture_texts()))
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "double", "swap", "char", "insert", "cut", "blank"]))
        if action == "drop":
            del lines[index]
        elif action == "double":
            lines.insert(index, lines[index])
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "char" and lines[index]:
            at = draw(st.integers(0, len(lines[index]) - 1))
            char = draw(st.sampled_from("0123456789 ,-|#.X\"a\t") | st.characters())
            lines[index] = lines[index][:at] + char + lines[index][at + 1:]
        elif action == "insert":
            lines.insert(index, draw(st.text(max_size=30)))
        elif action == "cut":
            lines = lines[:index]
        elif action == "blank":
            lines[index] = ""
    return format, "\n".join(lines)


# ------------------------------------------------------------------ files

class TestReadText:
    """read_text returns a file's text or raises PuzzleFormatError naming it."""

    def test_reads_utf8(self, tmp_path):
        """A UTF-8 file is returned as text, a leading byte-order mark dropped."""
        path = tmp_path / "a.non"
        path.write_bytes("\ufefftitle \"©\"\n".encode("utf-8"))
        assert read_text(path) == 'title "©"\n'

    @pytest.mark.parametrize("content, message", [
        (None, "no such file"),
        (b"", "the file is empty"),
        (b"  \n\t\n", "the file is empty"),
        (b"width 5\x00\x01", "binary content, not a puzzle file"),
        (b"\xff\xfe\x89PNG", "binary content, not a puzzle file"),
    ])
    def test_bad_files(self, tmp_path, content, message):
        """A missing, empty, whitespace-only or binary file raises PuzzleFormatError with the path and the reason."""
        path = tmp_path / "bad.non"
        if content is not None:
            path.write_bytes(content)
        with pytest.raises(PuzzleFormatError) as raised:
            read_text(path)
        assert str(raised.value) == f"{path}: {message}"

    def test_directory(self, tmp_path):
        """A directory raises PuzzleFormatError saying so."""
        with pytest.raises(PuzzleFormatError, match="is a directory"):
            read_text(tmp_path)

    @pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read anything")
    def test_unreadable(self, tmp_path):
        """A file without read permission raises PuzzleFormatError, not OSError."""
        path = tmp_path / "secret.non"
        path.write_text("width 1\n")
        path.chmod(0)
        with pytest.raises(PuzzleFormatError, match="cannot read"):
            read_text(path)


class TestWriteAtomically:
    """write_atomically replaces a file in one step and refuses to overwrite protected files."""

    def test_writes_and_replaces(self, tmp_path):
        """The text is written as UTF-8, replacing what was there, and no temporary file is left."""
        path = tmp_path / "out.pro"
        path.write_text("old")
        write_atomically(path, "new ©\n")
        assert path.read_bytes() == "new ©\n".encode("utf-8")
        assert os.listdir(tmp_path) == ["out.pro"]

    def test_keeps_permissions(self, tmp_path):
        """Replacing an existing file keeps its permission bits."""
        path = tmp_path / "out.pro"
        path.write_text("old")
        path.chmod(0o640)
        write_atomically(path, "new")
        assert stat.S_IMODE(path.stat().st_mode) == 0o640

    def test_refuses_input(self, tmp_path):
        """Writing onto a protected file, however spelled, raises PaintError and leaves it and the folder unchanged."""
        path = tmp_path / "in.non"
        path.write_text("original")
        other_spelling = tmp_path / "sub" / ".." / "in.non"
        (tmp_path / "sub").mkdir()
        with pytest.raises(PaintError, match="refusing to write onto the input file"):
            write_atomically(other_spelling, "new", protect=[path])
        assert path.read_text() == "original"
        assert sorted(os.listdir(tmp_path)) == ["in.non", "sub"]

    def test_refuses_link_to_input(self, tmp_path):
        """A symbolic link to the protected file counts as the same file."""
        path = tmp_path / "in.non"
        path.write_text("original")
        link = tmp_path / "link.non"
        link.symlink_to(path)
        with pytest.raises(PaintError, match="refusing"):
            write_atomically(link, "new", protect=[path])
        assert path.read_text() == "original"

    def test_failure_leaves_nothing(self, tmp_path):
        """A write into a missing folder raises PaintError and leaves no temporary file."""
        with pytest.raises(PaintError, match="cannot write"):
            write_atomically(tmp_path / "missing" / "out.pro", "text")
        assert os.listdir(tmp_path) == []

    def test_directory_target(self, tmp_path):
        """Writing onto a directory raises PaintError."""
        with pytest.raises(PaintError, match="directory"):
            write_atomically(tmp_path, "text")


class TestSameFile:
    """same_file compares existing files by identity and others by resolved path."""

    def test_missing_files(self, tmp_path):
        """Two spellings of one missing path are the same file; different names are not."""
        assert same_file(tmp_path / "a" / ".." / "x.pro", tmp_path / "x.pro")
        assert not same_file(tmp_path / "x.pro", tmp_path / "y.pro")


# ------------------------------------------------------------------ registry and public functions

class TestFormats:
    """FORMATS lists each format module with its name, extensions, reader and writer."""

    def test_modules(self):
        """Every registered module has NAME equal to its key, EXTENSIONS, MANY, HOLDS, read and write."""
        assert list(FORMATS) == ["pro", "non", "nonpack", "nin", "webpbn", "olsak", "taai", "tatham"]
        extensions = {"pro": (".pro",), "non": (".non",), "nonpack": (".nonpack",), "nin": (".nin",),
                      "webpbn": (".xml",), "olsak": (".g",), "taai": (), "tatham": ()}
        for name, module in FORMATS.items():
            assert module.NAME == name
            assert module.EXTENSIONS == extensions[name]
            assert module.HOLDS <= {"title", "author", "copyright", "license", "catalogue", "goal", "extra", "given"}
            assert callable(module.read) and callable(module.write)
            if module.MANY:
                assert callable(module.read_each) and callable(module.write_all)
        assert [name for name, module in FORMATS.items() if module.MANY] == ["nonpack", "webpbn", "taai"]

    def test_one_reader_loaded(self):
        """Solving a .pro file imports the .pro reader and no other: each reader is imported when first used."""
        import subprocess
        import sys
        code = ("import sys; from paint.cli import main; main(['solve', 'puzzles/dancer.pro', '--no-grids', "
                "'-o', sys.argv[1]]); from paint.formats import FORMATS; "
                "print(sorted(m for m in sys.modules if m.removeprefix('paint.formats.') in FORMATS))")
        out = subprocess.run([sys.executable, "-c", code, os.devnull], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).parent.parent).stdout
        assert out.split("\n")[-2] == "['paint.formats.pro']"


class TestDetect:
    """detect picks a format by extension first, then by content."""

    @pytest.mark.parametrize("path, name", [("a.non", "non"), ("b.PRO", "pro"), ("dir.x/c.nin", "nin"),
                                            ("d.NonPack", "nonpack"), ("e.xml", "webpbn"), ("f.g", "olsak")])
    def test_extension(self, path, name):
        """The extension decides, whatever the content and its case."""
        assert detect(path, "anything") == name

    @pytest.mark.parametrize("path", ALL_FILES, ids=lambda path: path.name)
    def test_content(self, path):
        """Without a known extension every fixture is recognised by its content."""
        assert detect("puzzle.txt", path.read_text(encoding="utf-8")) == format_for(path)

    @pytest.mark.parametrize("text", ["hello", "1 2 3\n", "  |  \n", "title \"x\"\n"])
    def test_unknown(self, text):
        """Text like no format raises PuzzleFormatError 'unknown format' naming the file, with no line."""
        with pytest.raises(PuzzleFormatError) as raised:
            detect("notes.txt", text)
        assert str(raised.value) == ("notes.txt: unknown format (expected .pro, .non, .nonpack, .nin, .xml, .g, "
                                     "tournament text or a game ID)")
        assert raised.value.line is None


class TestLoad:
    """load reads any supported file into a Puzzle."""

    def test_fixtures(self):
        """Every fixture loads, with its size and, for .non and .pro, its title."""
        for path in ALL_FILES:
            puzzle = load(path)
            assert 1 <= puzzle.width <= MAX_SIZE and 1 <= puzzle.height <= MAX_SIZE
            if path.suffix != ".nin":
                assert puzzle.title

    def test_dancer(self):
        """puzzles/dancer.pro is webpbn #1 with its metadata and goal."""
        dancer = load(ROOT / "puzzles" / "dancer.pro")
        assert (dancer.title, dancer.author, dancer.license) == ("Dancer", "Jan Wolter", "CC-BY-3.0")
        assert dancer.catalogue == "webpbn.com #1"
        assert dancer.rows[:2] == ((2,), (2, 1)) and dancer.columns[1] == (2, 1, 3)
        assert dancer.goal[0] == ".XX.."

    def test_same_puzzle_in_every_format(self):
        """The Dancer from nonogram-db (.non) and from puzzles/ (.pro) are the same puzzle."""
        assert load(DATA / "webpbn-1-dancer.non") == load(ROOT / "puzzles" / "dancer.pro")

    def test_unknown_extension_by_content(self, tmp_path):
        """A file with an unknown extension is read by its content."""
        path = tmp_path / "dancer.txt"
        path.write_text((DATA / "webpbn-1-dancer.non").read_text(encoding="utf-8"), encoding="utf-8")
        assert load(path).title == "Dancer"


class TestLoads:
    """loads reads text, choosing the format from the label's extension, the content or the argument."""

    def test_format_argument(self):
        """An explicit format overrides detection."""
        assert loads("1 1\n1\n1\n", "x.pro", format="nin").rows == ((1,),)

    def test_unknown_format_name(self):
        """An unknown format name raises PaintError."""
        with pytest.raises(PaintError, match="unknown format 'gif'"):
            loads("1 1\n1\n1\n", format="gif")

    @pytest.mark.parametrize("text, message", [("", "the file is empty"), ("\n \n", "the file is empty"),
                                               ("1 1\x00", "binary content")])
    def test_empty_or_binary(self, text, message):
        """Empty or binary text is refused before detection."""
        with pytest.raises(PuzzleFormatError, match=message):
            loads(text, "x.txt")


class TestDumps:
    """dumps writes a Puzzle as text in a named format."""

    @pytest.mark.parametrize("name", list(FORMATS))
    def test_each_format(self, name):
        """Each format's text reads back to the same clues, by its name or by content alone."""
        text = dumps(tiny(), name)
        assert loads(text, "x", format=name).rows == tiny().rows
        assert detect("x.txt", text) == ("non" if name == "nonpack" else name)  # a bundle of one is a .non file

    def test_pro_limit(self):
        """A clue number above 99 cannot be drawn in Kramer's picture: PaintError."""
        wide = Puzzle(rows=[[100]], columns=[[1]] * 100)
        with pytest.raises(PaintError, match="above 99"):
            dumps(wide, "pro")
        assert loads(dumps(wide, "non"), "w.non") == wide

    def test_empty_puzzle(self):
        """A puzzle with no rows cannot even be made, so no format is asked to write one."""
        with pytest.raises(ValueError, match="from 1 to 1000 rows"):
            Puzzle(rows=[], columns=[])

    @pytest.mark.parametrize("name", ["pro", "non"])
    def test_reserved_extra(self, name):
        """An extra key that names a field of the format cannot be written."""
        with pytest.raises(PaintError, match="extra key"):
            dumps(Puzzle(rows=[[1]], columns=[[1]], extra=[("title", "x")]), name)

    @pytest.mark.parametrize("name", ["pro", "olsak"])
    def test_line_break_in_metadata(self, name):
        """A metadata value holding line breaks (or '&#') is written on one line, as references, and read back."""
        puzzle = Puzzle(rows=[[1]], columns=[[1]], title="a\nb\r\nc &#10; d", extra=[("description", "\nx\n")])
        text = dumps(puzzle, name)
        assert "a&#10;b&#13;&#10;c &#38;#10; d" in text
        assert loads(text, "x", format=name) == puzzle


class TestSave:
    """save writes a puzzle to a file, in the format its extension names."""

    def test_by_extension(self, tmp_path):
        """The extension picks the format."""
        for name, module in FORMATS.items():
            if not module.EXTENSIONS:
                continue
            path = tmp_path / f"tiny{module.EXTENSIONS[0]}"
            save(tiny(), path)
            assert path.read_text(encoding="utf-8") == dumps(tiny(), name)

    def test_unknown_extension(self, tmp_path):
        """An extension naming no format raises PaintError unless a format is given."""
        with pytest.raises(PaintError, match="extension"):
            save(tiny(), tmp_path / "tiny.txt")
        save(tiny(), tmp_path / "tiny.txt", format="non")
        assert load(tmp_path / "tiny.txt") == tiny()


class TestConvert:
    """convert loads one file and saves it as another."""

    def test_non_to_pro(self, tmp_path):
        """A .non file becomes a .pro file holding the same puzzle, metadata and goal included."""
        out = tmp_path / "dancer.pro"
        [puzzle] = convert(DATA / "webpbn-1-dancer.non", out)
        assert load(out) == puzzle
        assert out.read_text(encoding="utf-8") == (ROOT / "puzzles" / "dancer.pro").read_text(encoding="utf-8")

    def test_refuses_source(self, tmp_path):
        """Converting a file onto itself raises PaintError and leaves it as it was."""
        path = tmp_path / "dancer.non"
        original = (DATA / "webpbn-1-dancer.non").read_bytes()
        path.write_bytes(original)
        with pytest.raises(PaintError, match="refusing to write onto the input file"):
            convert(path, tmp_path / "." / "dancer.non")
        assert path.read_bytes() == original
        assert os.listdir(tmp_path) == ["dancer.non"]

    def test_bad_source_writes_nothing(self, tmp_path):
        """A source that cannot be read raises PuzzleFormatError and creates no file."""
        with pytest.raises(PuzzleFormatError):
            convert(tmp_path / "missing.non", tmp_path / "out.pro")
        assert os.listdir(tmp_path) == []


# ------------------------------------------------------------------ round trips


def assert_round_trip(puzzle, name):
    """Writing ``puzzle`` in format ``name`` and reading it back gives what the format keeps of it."""
    back = loads(dumps(puzzle, name), "x", format=name)
    assert back == kept(puzzle, name)

class TestRoundTrip:
    """Reading what a writer wrote gives back an equal Puzzle."""

    @pytest.mark.parametrize("path", PUZZLES, ids=lambda path: path.name)
    def test_puzzles_are_canonical(self, path):
        """Every file in puzzles/ is exactly what the .pro writer writes for it."""
        text = path.read_text(encoding="utf-8")
        assert pro.write(pro.read(text, path)) == text

    @pytest.mark.parametrize("path", ALL_FILES, ids=lambda path: path.name)
    @pytest.mark.parametrize("name", list(FORMATS))
    def test_files(self, path, name):
        """Every fixture survives writing in each format and reading back (.nin keeps only the clues)."""
        puzzle = load(path)
        if name == "pro" and any(n > 99 for clue in puzzle.rows + puzzle.columns for n in clue):
            pytest.skip("clue numbers above 99")
        if name == "taai" and puzzle.width != puzzle.height:
            pytest.skip("tournament puzzles are square")
        assert_round_trip(puzzle, name)

    @settings(max_examples=150, deadline=None)
    @given(puzzles())
    def test_built_puzzles(self, puzzle):
        """Random puzzles with random metadata survive every format, as far as each keeps metadata."""
        for name in FORMATS:
            if name != "taai" or puzzle.width == puzzle.height:
                assert_round_trip(puzzle, name)

    @settings(max_examples=50, deadline=None)
    @given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"), max_size=20))
    def test_any_non_metadata(self, value):
        """.non keeps any metadata value exactly: quotes, ampersands, line breaks, spaces."""
        puzzle = Puzzle(rows=[[1]], columns=[[1]], title=value, extra=[("note", value)])
        assert non.read(non.write(puzzle), "x.non") == puzzle


# ------------------------------------------------------------------ malformed input

NON = """width 2
height 2

rows
1
1

columns
2
0
"""

PRO = """# title: T

     2 0
    ----
  1|    |
  1|    |
    ----
"""

NIN = "2 2\n1\n1\n2\n0\n"


def edit(text: str, old: str, new: str) -> str:
    """``text`` with its one occurrence of ``old`` replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


MALFORMED = [
    # (id, format, text, error fragment, line)
    ("non-empty", "non", "", "the file is empty", None),
    ("non-blank", "non", " \n\n", "the file is empty", None),
    ("non-binary", "non", "width 2\0", "binary content", None),
    ("non-no-width", "non", edit(NON, "width 2\n", ""), "the width is missing", None),
    ("non-no-height", "non", edit(NON, "height 2\n", ""), "the height is missing", None),
    ("non-width-word", "non", edit(NON, "width 2", "width two"), "width 'two' is not a number", 1),
    ("non-width-zero", "non", edit(NON, "width 2", "width 0"), "width 0 is out of range", 1),
    ("non-width-huge", "non", edit(NON, "width 2", "width 1001"), "width 1001 is out of range", 1),
    ("non-width-negative", "non", edit(NON, "width 2", "width -2"), "width -2 is negative", 1),
    ("non-width-twice", "non", edit(NON, "height 2", "height 2\ncolumns 2"), "the width is given twice", 3),
    ("non-clue-word", "non", edit(NON, "rows\n1\n1", "rows\n1\nx"), "'x', which is not a clue", 6),
    ("non-clue-letter", "non", edit(NON, "rows\n1\n1", "rows\n1\n1,?"), "clue number '?' is not a number", 6),
    ("non-clue-negative", "non", edit(NON, "rows\n1\n1", "rows\n1\n-1"), "clue number -1 is negative", 6),
    ("non-clue-zero", "non", edit(NON, "rows\n1\n1", "rows\n1\n0,1"), "a 0 among other numbers", 6),
    ("non-clue-comma", "non", edit(NON, "rows\n1\n1", "rows\n1\n1,,1"), "an empty number", 6),
    ("non-clue-too-long", "non", edit(NON, "rows\n1\n1", "rows\n1\n3"), "row 2: clue 3 needs 3 squares", 6),
    ("non-clue-huge", "non", edit(NON, "rows\n1\n1", "rows\n1\n" + "9" * 40), "far too large", 6),
    ("non-too-many", "non", edit(NON, "rows\n1\n1\n", "rows\n1\n1\n1\n"), "more than 2 clues", 7),
    ("non-too-few", "non", edit(NON, "rows\n1\n1\n\n", "rows\n1\n"), "ends after 1 of its 2 clues", 6),
    ("non-truncated", "non", NON[:NON.index("0\n")], "the file ends after 1 of the 2 column clues", 9),
    ("non-no-columns", "non", NON[:NON.index("columns")], "the columns section is missing", None),
    ("non-second-rows", "non", NON + "rows\n1\n1\n", "a second rows section", 11),
    ("non-totals", "non", edit(NON, "2\n0\n", "1\n0\n"), "the row clues total 2", None),
    ("non-clue-outside", "non", "3,4\n" + NON, "a clue line outside", 1),
    ("non-colour-key", "non", "color a #ff0000\n" + NON, "colour puzzles are not supported", 1),
    ("non-colour-clue", "non", edit(NON, "rows\n1\n1", "rows\n1a\n1b"), "colour puzzles are not supported", 5),
    ("non-goal-length", "non", NON + 'goal "101"\n', "the goal has 3 squares but the puzzle has 2 x 2", 11),
    ("non-goal-char", "non", NON + 'goal "10a0"\n', "the goal has the character 'a'", 11),
    ("non-goal-wrong", "non", NON + 'goal "0110"\n', "the goal does not match the clue of column 1", 11),
    ("non-goal-empty", "non", NON + 'goal ""\n', "the goal is empty", 11),
    ("non-goal-twice", "non", NON + 'goal "1010"\ngoal "1010"\n', "the goal is given twice", 12),
    ("non-title-twice", "non", 'title "a"\ntitle "b"\n' + NON, "title is given twice", 2),
    ("pro-empty", "pro", "", "the file is empty", None),
    ("pro-only-header", "pro", "# title: x\n", "there is no picture", None),
    ("pro-no-frame", "pro", "hello\n", "no frame of dashes", None),
    ("pro-odd-frame", "pro", PRO.replace("    ----", "    ---"), "an odd number", 4),
    ("pro-frame-at-start", "pro", "--\n1|  |\n--\n", "no room for the row clues", 1),
    ("pro-no-bottom", "pro", PRO[:PRO.rindex("    ----")], "no bottom frame", 6),
    ("pro-bottom-differs", "pro", edit(PRO, "  1|    |\n    ----", "  1|    |\n     ----"),
     "does not match the top frame", 7),
    ("pro-not-lined-up", "pro", edit(PRO, "  1|    |\n  1|", "  1|   |\n  1|"), "does not line up", 5),
    ("pro-text-after-bar", "pro", edit(PRO, "  1|    |\n  1|", "  1|    | x\n  1|"), "text after the right '|'", 5),
    ("pro-bad-square", "pro", edit(PRO, "  1|    |\n  1|", "  1|X.  |\n  1|"), "column 1 of the grid holds 'X.'", 5),
    ("pro-row-word", "pro", edit(PRO, "  1|    |\n  1|", "  x|    |\n  1|"), "clue number 'x' is not a number", 5),
    ("pro-row-negative", "pro", edit(PRO, "  1|    |\n  1|", " -1|    |\n  1|"), "clue number -1 is negative", 5),
    ("pro-row-zero-among", "pro", ("       2 0\n      ----\n 0  1|    |\n     1|    |\n      ----\n"),
     "a 0 among other numbers", 3),
    ("pro-row-above-99", "pro", ("        2 0\n       ----\n   100|    |\n     1|    |\n       ----\n"),
     "clue number 100 is above 99", 3),
    ("pro-row-too-long", "pro", edit(PRO, "  1|    |\n  1|", "  3|    |\n  1|"), "row 1: clue 3 needs 3 squares", 5),
    ("pro-column-misaligned", "pro", edit(PRO, "     2 0", "    2  0"), "not right-aligned", 3),
    ("pro-column-word", "pro", edit(PRO, "     2 0", "     2 x"), "clue number 'x' is not a number", 3),
    ("pro-column-left-text", "pro", edit(PRO, "     2 0", "  x  2 0"), "text left of the column clues", 3),
    ("pro-column-right-text", "pro", edit(PRO, "     2 0", "     2 0  7"), "text right of the last column", 3),
    ("pro-column-too-long", "pro", edit(PRO, "     2 0", "     3 0"), "column 1: clue 3 needs 3 squares", 3),
    ("pro-after-frame", "pro", PRO + "extra\n", "text after the bottom frame", 8),
    ("pro-tab", "pro", edit(PRO, "  1|    |\n  1|", "\t1|    |\n  1|"), "tab character", 5),
    ("pro-totals", "pro", edit(PRO, "     2 0", "     1 0"), "the row clues total 2", None),
    ("pro-title-twice", "pro", "# title: b\n" + PRO, "title is given twice", 2),
    ("pro-goal-rows", "pro", PRO + "# goal: X.\n", "the goal has the wrong number of rows: 1 for a height of 2", 8),
    ("pro-goal-length", "pro", PRO + "# goal: X.\n# goal: X\n",
     "goal row 2 has the wrong number of squares: 1 for a width of 2", 9),
    ("pro-goal-char", "pro", PRO + "# goal: X.\n# goal: Xo\n", "goal row 2 has the character 'o'", 9),
    ("pro-goal-wrong", "pro", PRO + "# goal: .X\n# goal: .X\n", "the goal does not match the clue of column 1", 8),
    ("nin-empty", "nin", "\n", "the file is empty", None),
    ("nin-comments", "nin", "# just a comment\n", "only comments", None),
    ("nin-one-size", "nin", "2\n1\n", "the first line must be the width and the height", 1),
    ("nin-size-word", "nin", "2 x\n", "height 'x' is not a number", 1),
    ("nin-size-zero", "nin", "0 2\n", "width 0 is out of range", 1),
    ("nin-size-huge", "nin", "2 5000\n", "height 5000 is out of range", 1),
    ("nin-truncated", "nin", NIN[:-4], "the file ends after 2 of its 4 clue lines", 3),
    ("nin-clue-word", "nin", edit(NIN, "2 2\n1\n", "2 2\none\n"), "clue number 'one' is not a number", 2),
    ("nin-clue-negative", "nin", edit(NIN, "2 2\n1\n", "2 2\n-1\n"), "clue number -1 is negative", 2),
    ("nin-clue-zero", "nin", edit(NIN, "2 2\n1\n", "2 2\n1 0\n"), "a 0 among other numbers", 2),
    ("nin-clue-too-long", "nin", edit(NIN, "2 2\n1\n", "2 2\n1 1\n"), "row 1: clue 1 1 needs 3 squares", 2),
    ("nin-totals", "nin", edit(NIN, "2\n0\n", "1\n0\n"), "the row clues total 2", None),
]


class TestMalformed:
    """Every reader refuses bad input with a PuzzleFormatError naming the file and, where there is one, the line."""

    @pytest.mark.parametrize("format, text, fragment, line", [case[1:] for case in MALFORMED],
                             ids=[case[0] for case in MALFORMED])
    def test_table(self, format, text, fragment, line):
        """The error holds the expected fragment and line number, and its text starts 'path:line: '."""
        path = f"bad.{format}"
        with pytest.raises(PuzzleFormatError) as raised:
            loads(text, path)
        error = raised.value
        assert fragment in error.message
        assert error.line == line
        assert error.path == path
        assert str(error).startswith(path + (f":{line}: " if line else ": "))

    def test_valid_bases(self):
        """The texts the table edits are themselves valid puzzles."""
        expected = Puzzle(rows=[[1], [1]], columns=[[2], []])
        assert loads(NON, "ok.non") == expected
        assert loads(NIN, "ok.nin") == expected
        assert loads(PRO, "ok.pro") == Puzzle(rows=[[1], [1]], columns=[[2], []], title="T")


# ------------------------------------------------------------------ tolerated variations

class TestNon:
    """The .non reader accepts the variations found in real files and Simpson's description."""

    def test_blank_line_is_empty_clue(self):
        """A blank line inside a section whose count is not reached is an empty clue (nonogram-db)."""
        text = edit(NON, "columns\n2\n0\n", "columns\n2\n\n\n")
        assert loads(text, "x.non").columns == ((2,), ())

    def test_blank_lines_ignored(self):
        """Blank lines that would leave clues over are ignored instead (Simpson)."""
        text = edit(NON, "rows\n1\n1\n", "rows\n\n1\n\n1\n")
        assert loads(text, "x.non").rows == ((1,), (1,))

    def test_simpson_sizes_and_order(self):
        """'rows N' and 'columns N' give the size, in either order, and sections may come in any order."""
        text = "rows 2\ncolumns 2\ncolumns\n2\n0\nrows\n1\n1\n"
        assert loads(text, "x.non") == Puzzle(rows=[[1], [1]], columns=[[2], []])

    def test_goal_without_blank_line_and_on_next_line(self):
        """A goal may follow the last clue directly, and its value may be on the next line."""
        text = NON.rstrip("\n") + '\ngoal\n"1010"\n'
        assert loads(text, "x.non").goal == ("X.", "X.")

    def test_metadata(self):
        """Quoted and unquoted values, HTML character references, and extra keys kept in order."""
        text = ('title "Tea &amp; &quot;cake&quot;"\nby Someone Else\ncopyright "&copy; 2004"\n'
                'license CC-BY-3.0\nrating "3 stars"\nmaxrule 4\n' + NON)
        puzzle = loads(text, "x.non")
        assert puzzle.title == 'Tea & "cake"'
        assert puzzle.author == "Someone Else"
        assert puzzle.copyright == "© 2004"
        assert puzzle.license == "CC-BY-3.0"
        assert puzzle.extra == (("rating", "3 stars"), ("maxrule", "4"))

    def test_crlf(self):
        """Windows line ends are read like any others."""
        assert loads(NON.replace("\n", "\r\n"), "x.non") == loads(NON, "x.non")

    def test_skid_zero_rows(self):
        """The survey's Skid has empty rows written '0' and an HTML entity in its copyright."""
        skid = load(DATA / "webpbn-00021-skid.non")
        assert () in skid.rows
        assert skid.copyright.startswith("©")

    @pytest.mark.parametrize("old, new", [
        ("rows\n1\n1\n", "rows\n# first row\n1\n* second\n1\n"),  # inside the rows
        ("rows\n1\n1\n", "rows\n1\n1\n# after the rows\n"),  # right after the rows, before a blank line
        ("1\n\ncolumns", "1\n* after the rows\ncolumns"),  # right after the rows, before the next key
        ("columns\n2\n0\n", "columns\n#\n2\n  # indented\n0\n"),  # inside the columns
        ("columns\n2\n0\n", "columns\n2\n0\n# after the columns, at the end of the file\n"),
        ("columns\n2\n0\n", "columns\n2\n\n*** the empty clue was a blank line\n"),
    ], ids=["in-rows", "after-rows", "after-rows-before-key", "in-columns", "at-end", "after-blank-clue"])
    def test_comments_in_sections(self, old, new):
        """Comment lines (starting with '#' or '*') inside or right after a clue section are not clues."""
        for name in ("non", "nonpack"):
            assert loads(edit(NON, old, new), f"x.{name}") == Puzzle(rows=[[1], [1]], columns=[[2], []])

    def test_comment_lines_keep_line_numbers(self):
        """A clue after comment lines is still named by its own line of the file."""
        with pytest.raises(PuzzleFormatError) as raised:
            loads(edit(NON, "rows\n1\n1\n", "rows\n# one\n# two\n1\nx1\n"), "x.non")
        assert str(raised.value) == "x.non:8: the rows section ends after 1 of its 2 clues, at 'x1', which is not a clue"

    def test_counts_in_one(self):
        """A count of one is said in the singular: 'more than 1 clue', 'of its 1 clue', 'of the 1 column clue'."""
        one = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
        cases = [(edit(one, "rows\n1\n", "rows\n1\n1\n"), "x.non:5: the rows section has more than 1 clue (the height is 1)"),
                 (edit(one, "rows\n1\n", "rows\n"), "x.non:4: the rows section ends after 0 of its 1 clue (the height is 1)"),
                 (one[:one.index("columns") + 8], "x.non:5: the file ends after 0 of the 1 column clue (is it truncated?)")]
        for text, message in cases:
            with pytest.raises(PuzzleFormatError) as raised:
                loads(text, "x.non")
            assert str(raised.value) == message


def test_counts_of_one_in_other_formats():
    """A tournament puzzle of one clue line and a game ID of one clue are said in the singular."""
    with pytest.raises(PuzzleFormatError) as raised:
        loads("$1\n1\n", "q.txt")
    assert raised.value.message.startswith("puzzle $1 has 1 clue line; a square puzzle has an even number")
    with pytest.raises(PuzzleFormatError) as raised:
        loads("1x1:1\n", "x.txt")
    assert raised.value.message == "the game ID has 1 clue but a 1 x 1 puzzle has 2 (1 column, then 1 row)"


class TestPro:
    """The .pro picture: layout, drawing, origin of the squares, tolerant reading."""

    def test_layout(self):
        """Row clues take three characters a number; column numbers sit right-aligned over their squares."""
        puzzle = Puzzle(rows=[[12], [1, 10]], columns=[[1]] * 12)
        lines = pro.draw(puzzle)
        assert lines[0] == " " * 7 + " 1" * 12
        assert lines[1] == " " * 7 + "--" * 12
        assert lines[2] == "    12|" + " " * 24 + "|"
        assert lines[3] == "  1 10|" + " " * 24 + "|"

    def test_two_digit_columns(self):
        """Adjacent two-digit column numbers touch, and are still read by position."""
        puzzle = Puzzle(rows=[[10]] * 11, columns=[[11]] * 10)
        lines = pro.draw(puzzle)
        assert lines[0] == "    " + "11" * 10
        assert pro.read(pro.write(puzzle), "x.pro") == puzzle

    def test_draw_grid(self):
        """Squares are drawn '  ' blank, ' .' empty, 'XX' full."""
        grid = Grid.from_lines(["X.", " X"])
        lines = pro.draw(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), grid)
        assert lines[2:4] == ["  1|XX .|", "  1|  XX|"]

    def test_draw_size_mismatch(self):
        """A grid of another size raises ValueError."""
        with pytest.raises(ValueError):
            pro.draw(Puzzle(rows=[[1]], columns=[[1]]), Grid.blank(2, 2))

    def test_mark(self):
        """Marked squares put '<' after their rows and '^^' under their columns; the picture above is unchanged."""
        puzzle = tiny()
        plain = pro.draw(puzzle)
        marked = pro.draw(puzzle, mark=[(1, 0)])
        assert marked[:-1] == [line + (" <" if index == 3 else "") for index, line in enumerate(plain)]
        top, left = pro.square_origin(puzzle)
        assert marked[-1] == " " * left + "^^"

    @settings(max_examples=100, deadline=None)
    @given(puzzles(metadata=False), st.data())
    def test_square_origin(self, puzzle, data):
        """square_origin points at the two characters that draw each square."""
        values = data.draw(st.lists(st.sampled_from("X. "), min_size=puzzle.width * puzzle.height,
                                    max_size=puzzle.width * puzzle.height))
        lines = ["".join(values[r * puzzle.width:(r + 1) * puzzle.width]) for r in range(puzzle.height)]
        grid = Grid.from_lines(lines)
        picture = pro.draw(puzzle, grid)
        top, left = pro.square_origin(puzzle)
        for r in range(puzzle.height):
            for c in range(puzzle.width):
                drawn = picture[top + r][left + 2 * c:left + 2 * c + 2]
                assert drawn == pro.SQUARE_TEXT[grid.rows[r][c]]
            assert picture[top + r][left - 1] == "|" and picture[top + r][left + 2 * puzzle.width] == "|"

    def test_tolerant_reading(self):
        """Trailing spaces, indented pictures, blank lines, comments and header lines after the picture are accepted."""
        text = "\n".join("  " + line + "   " if line and not line.startswith("#") else line
                         for line in PRO.split("\n"))
        text = "# a comment line\n\n" + text.replace("# title: T", "") + "\n\n# title: T\n"
        assert loads(text, "x.pro") == loads(PRO, "x.pro")

    def test_blank_and_zero_clues(self):
        """An empty clue may be written 0 or left blank."""
        text = edit(PRO, "  1|    |\n  1|", "  1|    |\n  1|").replace("     2 0", "     2")
        assert loads(text, "x.pro").columns == ((2,), ())

    def test_extra_header_keys(self):
        """'# key: value' lines other than the fields are kept in Puzzle.extra; other '#' lines are comments."""
        text = "# Difficulty: 3\n#no colon here\n# source : a book\n" + PRO
        assert loads(text, "x.pro").extra == (("Difficulty", "3"), ("source", "a book"))

    def test_goal_lines(self):
        """The goal is one '# goal:' line per row, 'X' full and '.' empty."""
        assert loads(PRO + "\n# goal: X.\n# goal: X.\n", "x.pro").goal == ("X.", "X.")


class TestNin:
    """The .nin reader accepts comments and blank lines."""

    def test_comments_and_blank_lines(self):
        """Comment lines and blank lines between clues are ignored."""
        text = "# a comment\n2 2\n1\n\n1\n# columns\n2\n0\n\n"
        assert loads(text, "x.nin") == Puzzle(rows=[[1], [1]], columns=[[2], []])

    def test_blank_lines_as_empty_clues(self):
        """When only counting blank lines gives W + H clues, a blank line is an empty clue."""
        assert loads("2 2\n1\n1\n\n2\n", "x.nin").columns == ((), (2,))

    def test_wilk_file(self):
        """A puzzle from Jakub Wilk's test data reads with its size."""
        puzzle = load(DATA / "data016.nin")
        assert (puzzle.width, puzzle.height) == tuple(map(int, (DATA / "data016.nin").read_text().split()[:2]))


class TestSolution:
    """Kramer's output format: one character per column, numbers above 9 as letters."""

    def test_digits(self):
        """0-9, a-z for 10-35, A-Z for 36-61, '?' above."""
        assert "".join(solution.column_digit(n) for n in (0, 9, 10, 35, 36, 61, 62, 99)) == "09azAZ??"

    def test_answer(self):
        """The Dancer's answer: one character a square, row clues as in the input, frame of single dashes."""
        dancer = load(ROOT / "puzzles" / "dancer.pro")
        lines = solution.draw_solution(dancer, Grid.from_lines(dancer.goal))
        assert lines == [
            "        2",
            "       21 12",
            "       13731",
            "       -----",
            "     2|.XX..|",
            "  2  1|.XX.X|",
            "  1  1|..X.X|",
            "     3|.XXX.|",
            "  1  1|X.X..|",
            "  1  1|X.X..|",
            "     2|..XX.|",
            "  1  1|.X.X.|",
            "  1  2|.X.XX|",
            "     2|XX...|",
            "       -----",
        ]
        assert solution.write(dancer) == "\n".join(lines) + "\n"

    def test_letters(self):
        """Swing's column clues above 9 are written as letters."""
        swing = load(ROOT / "puzzles" / "swing.pro")
        lines = solution.draw_solution(swing)
        top, left = pro.square_origin(swing)
        clue_lines = lines[:lines.index(" " * left + "-" * swing.width)]
        for column, clue in enumerate(swing.columns):
            shown = "".join(line[left + column] for line in clue_lines if len(line) > left + column).strip()
            assert shown == "".join(solution.column_digit(n) for n in clue)


# ------------------------------------------------------------------ fuzzing

class TestFuzz:
    """No input text makes a reader raise anything but PuzzleFormatError."""

    @pytest.mark.parametrize("name", list(READERS))
    @FUZZ
    @given(text=st.text(max_size=300))
    def test_random_text(self, name, text):
        """Random text is read or refused with PuzzleFormatError."""
        self.check(READERS[name], text, f"fuzz.{name}")

    @pytest.mark.parametrize("name", list(READERS))
    @FUZZ
    @given(text=st.lists(st.sampled_from(
        ["width 3", "height 2", "rows", "columns", "goal \"101010\"", "1,1", "2", "0", "", "3", "-1", "1a",
         "   - -", "  1|  |", "     1 2", "# goal: X.X", "# title: x", "3 2", "1 1", "| |", "------", "99",
         "      ------", "  2|      |", "   1 0 1"]), max_size=20).map("\n".join))
    def test_random_lines(self, name, text):
        """Random arrangements of plausible lines are read or refused with PuzzleFormatError."""
        self.check(READERS[name], text, f"fuzz.{name}")

    @pytest.mark.parametrize("name", list(READERS))
    @FUZZ
    @given(case=mutated())
    def test_mutated_files(self, name, case):
        """Real files with random edits, read by every reader, are read or refused with PuzzleFormatError."""
        self.check(READERS[name], case[1], f"fuzz.{name}")

    @FUZZ
    @given(text=st.text(max_size=200), extension=st.sampled_from(
        ["", ".txt", ".non", ".pro", ".nin", ".nonpack", ".xml", ".g"]))
    def test_loads(self, text, extension):
        """loads with any text and any extension raises only PuzzleFormatError."""
        self.check(loads, text, f"fuzz{extension}")

    @staticmethod
    def check(reader, text, path):
        """Call the reader; each Puzzle must be consistent, anything else must be a PuzzleFormatError with this path.

        A reader of many puzzles returns a list, each item a Puzzle or the
        PuzzleFormatError of that puzzle.
        """
        try:
            read = reader(text, path)
        except PuzzleFormatError as error:
            read = [error]
        for item in (read if isinstance(read, list) else [read]):
            if isinstance(item, PuzzleFormatError):
                assert item.path == path
                assert item.line is None or item.line >= 1
                assert "\n" not in str(item)
            else:
                assert isinstance(item, Puzzle)
                assert 1 <= item.width <= MAX_SIZE and 1 <= item.height <= MAX_SIZE


def test_messages_are_one_line():
    """Every malformed-input message is a single line without a traceback-like repr of internals."""
    for _, format, text, _, _ in MALFORMED:
        with pytest.raises(PuzzleFormatError) as raised:
            loads(text, f"x.{format}")
        assert "\n" not in str(raised.value) and not re.search(r"<.*object at", str(raised.value))


class TestBoundedInput:
    """Hostile content is refused quickly, with a short message quoting at most an excerpt."""

    def test_huge_clue_line(self):
        """A 10 MB clue line is refused at once with a message of a few dozen characters."""
        text = "width 5\nheight 1\nrows\n" + ",".join(["1"] * 5_000_000) + "\ncolumns\n1\n1\n1\n1\n1\n"
        with pytest.raises(PuzzleFormatError) as raised:
            loads(text, "big.non")
        message = str(raised.value)
        assert len(message) < 200 and message.startswith("big.non:4: clue '1,1,1,1,1,1,1,1,1,1,...' is 9,999,999")

    @pytest.mark.parametrize("name, text", [
        ("big.nin", "5 1\n" + " ".join(["1"] * 100_000) + "\n1\n1\n1\n1\n1\n"),
        ("big.g", ": rows\n" + " ".join(["1"] * 100_000) + "\n: columns\n1\n"),
        ("big.txt", "$1\n" + "\t".join(["1"] * 100_000) + "\n"),
        ("game ID", "1x1:" + ".".join(["1"] * 100_000) + "/1"),
    ])
    def test_huge_clue_every_format(self, name, text):
        """Every reader refuses a clue longer than any line can need, with a short message."""
        with pytest.raises(PuzzleFormatError) as raised:
            loads(text, name, "tatham" if name == "game ID" else None)
        assert len(str(raised.value)) < 250

    def test_too_many_lines(self):
        """Millions of lines are refused before they are split."""
        with pytest.raises(PuzzleFormatError, match="3,000,000 lines, more than any puzzle file has"):
            loads("width 1\n" * 3_000_000, "many.non")

    @pytest.mark.parametrize("name, text", [
        ("nb.non", "width 2\nheight 1\nrows\n1\u00a01\ncolumns\n1\n1\n"),
        ("nb.nin", "2 1\n1\u00a01\n1\n1\n"),
        ("nb.g", ": rows\n1\u00a01\n: columns\n1\n1\n"),
        ("nb.txt", "$1\n1\n1\u00a01\n"),
    ])
    def test_no_break_space_is_not_a_separator(self, name, text):
        """A non-breaking space between numbers is refused, and the message names it."""
        with pytest.raises(PuzzleFormatError, match=r"holds a no-break space \(U\+00A0\)"):
            loads(text, name)

    def test_message_cap(self):
        """Whatever a reader says, the message is cut short at 300 characters."""
        error = PuzzleFormatError("x.non", "y" * 10_000, line=3)
        assert len(error.message) == 300 and str(error).startswith("x.non:3: yyy") and str(error).endswith("...")


class TestBoundedFiles:
    """Files of absurdly many elements or puzzles are refused before they fill the memory."""

    def test_xml_elements(self, monkeypatch):
        """An XML file of more elements than any puzzle has is refused as it is read."""
        monkeypatch.setattr(webpbn, "MAX_ELEMENTS", 100)
        with pytest.raises(PuzzleFormatError, match="more than 100 XML elements"):
            loads("<puzzleset>" + "<a/>" * 200 + "</puzzleset>", "many.xml")

    def test_puzzles_per_file(self, monkeypatch):
        """A tournament file of more puzzles than paint reads is refused before they are read."""
        from paint.formats import _common
        monkeypatch.setattr(_common, "MAX_PUZZLES", 3)
        with pytest.raises(PuzzleFormatError, match="4 puzzles in one file, more than paint reads"):
            loads_each("".join(f"${n}\n1\n1\n" for n in range(1, 5)), "q.txt")

    def test_no_break_space_after_a_key(self):
        """A .non key followed by a no-break space is reported, not silently ignored."""
        with pytest.raises(PuzzleFormatError, match=r"'title' is followed by a no-break space"):
            loads('width 1\nheight 1\ntitle\u00a0"x"\nrows\n1\ncolumns\n1\n', "k.non")
