"""Jan Wolter's webpbn XML format, black and white only (reader and writer).

A file is a ``<puzzleset>`` of one or more ``<puzzle>`` elements (a bare
``<puzzle>`` root is read too).  A puzzle holds its clues as ``<clues
type="columns">`` and ``<clues type="rows">``, each a ``<line>`` per strip
with a ``<count>`` per target (an empty ``<line/>`` is an empty clue), and
may hold its intended picture as ``<solution type="goal"><image>``, one
``|...|`` row a line.  Source: webpbn.com/pbn_fmt.html (version 0.3) and
Wolter's own reader, ``read_xml.c`` in pbnsolve.

- **Colours.**  ``backgroundcolor`` on ``<puzzle>`` names the background
  (default ``white``) and ``defaultcolor`` the colour of a ``<count>``
  without a ``color`` attribute (default ``black``), as in pbnsolve.  Some
  writers put the background in ``defaultcolor``; then counts without a
  colour are ``black``.  Counts in more than one colour, a count in the
  background colour, or a goal using a third colour make a colour puzzle,
  which is refused.  In the goal the background's ``char`` (default ``.``)
  is an empty square and the block colour's (default ``X``) a full one.
- **Metadata.**  ``<title>``, ``<author>``, ``<copyright>`` and ``<id>``
  (the catalogue, kept as written, e.g. ``#1``) fill the Puzzle fields.
  ``<license>`` is paint's extension (webpbn's DTD has no licence
  element): it is written for Puzzle.license and read back into it.  Every
  other element of the puzzle holding only text (``<description>``,
  ``<authorid>``, ``<source>``, ``<note>``, ...) is kept in Puzzle.extra,
  in order, its tag the key and its text the value, exactly as written.
  ``<author>`` and ``<copyright>`` given in the ``<puzzleset>`` stand for
  the puzzles that have none (pbnsolve); other set-level elements are not
  kept.  Tag names are case-sensitive, as XML is; the keywords in
  attributes (``type``) are not, as in pbnsolve.
- **Safety.**  Files are parsed only by defusedxml: a file declaring any
  entity (the "billion laughs" and external-entity attacks) is refused, and
  no DTD is ever fetched.  The HTML named entities (``&copy;``, ...) that
  webpbn's exports take from its external DTD are known without it.

>>> text = write(Puzzle(rows=[[1]], columns=[[1]], title='Dot', goal=['X']))
>>> print(text, end='')
<?xml version="1.0" encoding="UTF-8"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black" backgroundcolor="white">
<title>Dot</title>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count></line>
</clues>
<solution type="goal">
<image>
|X|
</image>
</solution>
</puzzle>
</puzzleset>
>>> read(text, 'dot.xml') == Puzzle(rows=[[1]], columns=[[1]], title='Dot', goal=['X'])
True
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as ElementTree

import defusedxml.ElementTree
from defusedxml import DefusedXmlException, EntitiesForbidden, ExternalReferenceForbidden

from ..errors import PaintError, PuzzleFormatError
from ..puzzle import MAX_SIZE, Puzzle
from ._common import (COLOUR_REFUSED, KEY, build_puzzle, check_goal_shape, check_writable, make_clue,
                      one_puzzle, parse_number, runs)
from ._common import SPACES, check_count, check_text

NAME = "webpbn"
EXTENSIONS = (".xml",)
MANY = True
HOLDS = frozenset({"title", "author", "copyright", "license", "catalogue", "goal", "extra"})

FIELDS = {"id": "catalogue", "title": "title", "author": "author", "copyright": "copyright", "license": "license"}
"""The elements read into Puzzle fields, tag -> field, in the order they are written."""

RESERVED = frozenset(FIELDS) | {"color", "clues", "solution"}
"""The tags the reader interprets inside a ``<puzzle>``; an extra key may not be one of these."""

INHERITED = ("author", "copyright")
"""Fields a ``<puzzleset>`` gives to each of its puzzles that has none of its own (pbnsolve)."""

BACKGROUND, BLOCK = "white", "black"
"""The colours' default names: ``backgroundcolor`` and ``defaultcolor`` when not given."""

EMPTY_CHAR, FULL_CHAR = ".", "X"
"""The goal's characters for the background and the block colour when their ``<color>`` gives none."""

HTML_ENTITIES = {name[:-1]: text for name, text in html.entities.html5.items() if name.endswith(";")}
"""The HTML named entities (``copy`` -> ``'©'``), which webpbn's DTD declares and paint never fetches."""

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters an XML 1.0 document cannot hold, even escaped."""

_POSITION = re.compile(r":? line [0-9]+, column [0-9]+\Z")


def read_each(text: str, path="<string>") -> list[Puzzle | PuzzleFormatError]:
    """Every puzzle in the file, in order; a puzzle that cannot be read is its PuzzleFormatError instead.

    A problem with the file as a whole raises PuzzleFormatError: empty or
    binary text, malformed XML (with its line and column), a declared
    entity (refused as a possible attack), a root other than
    ``<puzzleset>`` or ``<puzzle>``, a set with no ``<puzzle>``.  A problem
    inside one ``<puzzle>`` (a bad count, a colour puzzle, clues that do not
    fit, a goal that breaks them: GoalMismatch) takes that puzzle's place
    in the list, so the other puzzles can still be read.

    >>> each = read_each('<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues>'
    ...                  '<clues type="columns"><line><count>2</count></line></clues></puzzle>'
    ...                  '<puzzle><solution><image>|X.|</image></solution></puzzle></puzzleset>', 'set.xml')
    >>> print(each[0])
    set.xml:1: column 1: clue 2 needs 2 squares but the line has 1
    >>> each[1].rows, each[1].columns
    (((1,),), ((1,), ()))
    """
    root, lines = _parse(text, path)
    if root.tag == "puzzle":
        elements, inherited = [root], {}
    elif root.tag == "puzzleset":
        elements = [child for child in root if child.tag == "puzzle"]
        inherited = {child.tag: _text(child) for child in root if child.tag in INHERITED}
    else:
        raise PuzzleFormatError(path, f"not a webpbn puzzle file: the root element is <{_tag(root.tag)}>",
                                lines.get(id(root)))
    if not elements:
        raise PuzzleFormatError(path, "the puzzle set holds no <puzzle>", lines.get(id(root)))
    check_count(len(elements), path)
    each: list[Puzzle | PuzzleFormatError] = []
    for element in elements:
        try:
            each.append(_puzzle(element, lines, path, inherited))
        except PuzzleFormatError as error:
            if error.line is None and type(error) is PuzzleFormatError:
                error = PuzzleFormatError(error.path, error.message, lines.get(id(element)))
            each.append(error)
    return each


def read(text: str, path="<string>") -> Puzzle:
    """The one puzzle of a file that holds exactly one; PuzzleFormatError otherwise, or for its content.

    >>> read('<puzzle><solution><image>|X.|</image></solution></puzzle>', 'a.xml').columns
    ((1,), ())
    """
    return one_puzzle(read_each(text, path), path)


def write_all(puzzles) -> str:
    """The puzzles as one ``<puzzleset>`` document that :func:`read_each` reads back to equal Puzzles.

    The clues are written columns first, as webpbn does; metadata, extras
    and the goal as described in the module.  Raises PaintError for no
    puzzles, a puzzle of no rows or columns, an extra key that is not a word
    or is a reserved tag, or a value holding a character XML 1.0 cannot
    hold (a control character such as ``'\\x01'``).

    >>> print(write_all([Puzzle(rows=[[]], columns=[[]], extra=[('note', 'a < b & "c"')])]), end='')
    <?xml version="1.0" encoding="UTF-8"?>
    <puzzleset>
    <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
    <note>a &lt; b &amp; "c"</note>
    <color name="white" char=".">fff</color>
    <color name="black" char="X">000</color>
    <clues type="columns">
    <line />
    </clues>
    <clues type="rows">
    <line />
    </clues>
    </puzzle>
    </puzzleset>
    """
    puzzles = list(puzzles)
    if not puzzles:
        raise PaintError("cannot write a webpbn puzzle set of no puzzles")
    root = ElementTree.Element("puzzleset")
    root.text = "\n"
    for puzzle in puzzles:
        _write_puzzle(root, puzzle)
    body = ElementTree.tostring(root, encoding="unicode")
    # The only raw carriage returns in the output are in text (attributes are escaped by ElementTree);
    # a parser would read them as line breaks, so they are written as character references.
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body.replace("\r", "&#13;") + "\n"


def write(puzzle: Puzzle) -> str:
    """A ``<puzzleset>`` document of one puzzle (see :func:`write_all`).

    >>> write(Puzzle(rows=[[1]], columns=[[1]], title='\\x07'))
    Traceback (most recent call last):
    ...
    paint.errors.PaintError: cannot write title '\\x07' in a webpbn file: it holds '\\x07', which XML 1.0 cannot hold
    """
    return write_all([puzzle])


# ------------------------------------------------------------------ parsing


MAX_ELEMENTS = 1_200_000
"""The most XML elements a file may hold: a 1000 x 1000 puzzle with the longest clues there can be has
about a million ``<count>`` elements.  A file of more is refused as it is read, before it fills the memory."""


class _TooMany(Exception):
    """More than :data:`MAX_ELEMENTS` elements."""


class _LineBuilder(ElementTree.TreeBuilder):
    """A TreeBuilder that records the 1-based line of each element's start tag, by ``id(element)``, and stops
    past :data:`MAX_ELEMENTS` elements."""

    def __init__(self):
        super().__init__()
        self.lines: dict[int, int] = {}
        self.expat = None
        self.offset = 0

    def start(self, tag, attrs):
        if len(self.lines) >= MAX_ELEMENTS:
            raise _TooMany
        element = super().start(tag, attrs)
        self.lines[id(element)] = self.expat.CurrentLineNumber + self.offset
        return element


def _parse(text: str, path):
    """The root element of ``text`` and the line of every element, or PuzzleFormatError.

    Blank lines before the document are skipped (an XML declaration must
    come first) and still counted.
    """
    check_text(text, path)
    start = text.lstrip("\ufeff \t\r\n")
    prefix = text[:len(text) - len(start)]
    offset = len(prefix.replace("\r\n", "\n").replace("\r", "\n").split("\n")) - 1
    indent = len(prefix) - max(prefix.rfind("\n"), prefix.rfind("\r")) - 1
    builder = _LineBuilder()
    parser = defusedxml.ElementTree.XMLParser(target=builder)
    parser.entity.update(HTML_ENTITIES)
    # Treat every document as having an external DTD that is never read, so an entity it does not
    # declare goes to parser.entity (the HTML names) instead of being an error.
    parser.parser.UseForeignDTD(True)
    builder.expat = parser.parser
    builder.offset = offset

    def line() -> int:
        return parser.parser.CurrentLineNumber + offset

    try:
        parser.feed(start)
        root = parser.close()
    except defusedxml.ElementTree.ParseError as error:
        number, column = getattr(error, "position", (None, None)) or (None, None)
        reason = _POSITION.sub("", str(error)) or "not well-formed"
        if number is not None:
            reason += f" (column {column + 1 + (indent if number == 1 else 0)})"
            number += offset
        if str(error).startswith("no element found") and builder.lines:
            reason = "the file ends inside an element (is it truncated?)"
        raise PuzzleFormatError(path, f"malformed XML: {reason}", number) from None
    except EntitiesForbidden as error:
        if error.sysid is not None or error.pubid is not None:
            raise PuzzleFormatError(path, "refused: the file declares an external entity "
                                    "(a possible attempt to read other files)", line()) from None
        raise PuzzleFormatError(path, "refused: the file declares entities (a possible entity-expansion attack)",
                                line()) from None
    except ExternalReferenceForbidden:
        raise PuzzleFormatError(path, "refused: the file refers to an external entity "
                                "(a possible attempt to read other files)", line()) from None
    except DefusedXmlException as error:
        raise PuzzleFormatError(path, f"refused: the file uses an XML feature paint does not allow "
                                f"({type(error).__name__})", line()) from None
    except UnicodeEncodeError:
        raise PuzzleFormatError(path, "binary content, not a puzzle file (the text is not valid Unicode)") from None
    except _TooMany:
        raise PuzzleFormatError(path, f"more than {MAX_ELEMENTS:,} XML elements, more than any puzzle file has",
                                line()) from None
    finally:
        builder.expat = None
    return root, builder.lines


def _puzzle(element, lines: dict, path, inherited: dict) -> Puzzle:
    """The Puzzle of one ``<puzzle>`` element; PuzzleFormatError for any problem in it."""
    line = lines.get(id(element))
    kind = element.get("type", "grid")
    if kind.lower() != "grid":
        raise PuzzleFormatError(path, f"puzzles of type {_short(kind)} are not supported (only 'grid')", line)
    background = element.get("backgroundcolor", BACKGROUND)
    default = element.get("defaultcolor", BLOCK)
    if default == background and background != BLOCK:
        default = BLOCK  # a writer that put the background in defaultcolor
    metadata: dict[str, str] = {}
    extra: list[tuple[str, str]] = []
    chars: dict[str, str] = {}
    clues: dict[str, object] = {}
    goal_image = None
    for child in element:
        tag, where = child.tag, lines.get(id(child))
        if tag in FIELDS:
            if FIELDS[tag] in metadata:
                raise PuzzleFormatError(path, f"<{tag}> is given twice", where)
            metadata[FIELDS[tag]] = _text(child)
        elif tag == "color":
            name = child.get("name")
            if name is None:
                raise PuzzleFormatError(path, "a <color> without a name", where)
            if name in chars:
                raise PuzzleFormatError(path, f"the colour {_short(name)} is defined twice", where)
            chars[name] = child.get("char", "")[:1]
        elif tag == "clues":
            which = child.get("type", "").lower()
            if which not in ("rows", "columns"):
                raise PuzzleFormatError(path, f"<clues> of type {_short(child.get('type', ''))}; "
                                        "expected 'rows' or 'columns'", where)
            if which in clues:
                raise PuzzleFormatError(path, f'a second <clues type="{which}">', where)
            clues[which] = child
        elif tag == "solution":
            if child.get("type", "goal").lower() == "goal":
                if goal_image is not None:
                    raise PuzzleFormatError(path, "a second goal (<solution type=\"goal\">)", where)
                goal_image = _image_element(child, lines, path)
        elif isinstance(tag, str) and KEY.match(tag) and not child.attrib and len(child) == 0:
            extra.append((tag, child.text or ""))
    for field in INHERITED:
        if field not in metadata and field in inherited:
            metadata[field] = inherited[field]
    colours = _Colours(background, default, path)
    if not clues and goal_image is None:
        raise PuzzleFormatError(path, "the puzzle has neither clues nor a goal", line)
    if clues:
        for which in ("rows", "columns"):
            if which not in clues:
                raise PuzzleFormatError(path, f'the puzzle has no {which[:-1]} clues (no <clues type="{which}">)',
                                        line)
        read = {which: _clues(clues[which], which, lines, path, colours)  # in file order, for the colour message
                for which in sorted(clues, key=lambda which: lines.get(id(clues[which])) or 0)}
        (rows, row_lines), (columns, column_lines) = read["rows"], read["columns"]
    goal = goal_line = None
    if goal_image is not None:
        goal_line = lines.get(id(goal_image))
        goal, goal_rows = _image(goal_image, goal_line, path, colours.chars(chars))
        if clues:
            width, height = len(columns), len(rows)
        else:
            width, height = len(goal[0]), len(goal)
            _check_size(width, "column", "the goal has", path, goal_line)
            _check_size(height, "row", "the goal has", path, goal_line)
        if len(goal) == height:
            for row, row_line in zip(goal, goal_rows):
                if len(row) != width:
                    check_goal_shape(goal, width, height, path, row_line)
        check_goal_shape(goal, width, height, path, goal_line)
        if not clues:
            rows = [runs(row) for row in goal]
            columns = [runs("".join(row[c] for row in goal)) for c in range(width)]
            row_lines = column_lines = None
    return build_puzzle(path, rows, columns, row_lines=row_lines, column_lines=column_lines,
                        goal=goal, goal_line=goal_line, extra=tuple(extra), **metadata)


class _Colours:
    """A puzzle's background and its one block colour, found as its counts are read."""

    def __init__(self, background: str, default: str, path):
        self.background = background
        self.default = default
        self.block: str | None = None
        self.path = path

    def check(self, count, line: int | None) -> None:
        """Raise PuzzleFormatError unless ``count`` is in the puzzle's one block colour."""
        colour = count.get("color", self.default)
        if colour == self.background:
            raise PuzzleFormatError(self.path, f"a <count> in the background colour {_short(colour)}", line)
        if self.block is None:
            self.block = colour
        elif colour != self.block:
            raise PuzzleFormatError(self.path, f"{COLOUR_REFUSED}: this one has counts in {_short(self.block)} "
                                    f"and {_short(colour)}", line)

    def chars(self, defined: dict[str, str]) -> dict[str, str]:
        """The goal's characters -> ``'.'``/``'X'``; the other colours' characters -> None (a colour goal)."""
        block = self.block or self.default
        empty = defined.get(self.background) or EMPTY_CHAR
        full = defined.get(block) or FULL_CHAR
        if empty == full:
            raise PuzzleFormatError(self.path, f"the background and block colours have the same char {empty!r}")
        glyphs: dict[str, str | None] = {char: None for name, char in defined.items() if char}
        glyphs.update({empty: ".", full: "X"})
        return glyphs


def _clues(element, which: str, lines: dict, path, colours: _Colours):
    """The clues of a ``<clues>`` element and the line of each, or PuzzleFormatError."""
    where = lines.get(id(element))
    kind = which[:-1]
    strips = list(element)
    for strip in strips:
        if strip.tag != "line":
            raise PuzzleFormatError(path, f'unexpected <{_tag(strip.tag)}> in <clues type="{which}"> '
                                    "(expected <line>)", lines.get(id(strip)))
    _check_size(len(strips), kind, f'<clues type="{which}"> has', path, where)
    clues, clue_lines = [], []
    for strip in strips:
        strip_line = lines.get(id(strip))
        numbers, texts = [], []
        for count in strip:
            count_line = lines.get(id(count))
            if count.tag != "count":
                raise PuzzleFormatError(path, f"unexpected <{_tag(count.tag)}> in a <line> (expected <count>)",
                                        count_line)
            colours.check(count, count_line)
            token = "".join(count.itertext()).strip(SPACES)
            numbers.append(parse_number(token, path, count_line, "clue number"))
            texts.append(token)
        clues.append(make_clue(numbers, path, strip_line, " ".join(texts)))
        clue_lines.append(strip_line)
    return clues, clue_lines


def _check_size(count: int, kind: str, what: str, path, line: int | None) -> None:
    if not 1 <= count <= MAX_SIZE:
        raise PuzzleFormatError(path, f"{what} {count} {kind}{'' if count == 1 else 's'}; "
                                f"paint reads 1 to {MAX_SIZE} {kind}s", line)


def _image_element(solution, lines: dict, path):
    """The one ``<image>`` of a ``<solution>``, or PuzzleFormatError."""
    images = [child for child in solution if child.tag == "image"]
    if len(images) != 1:
        raise PuzzleFormatError(path, f"the goal's <solution> holds {len(images)} <image> elements; expected one",
                                lines.get(id(solution)))
    if len(images[0]):
        raise PuzzleFormatError(path, "the goal's <image> holds elements; expected only text",
                                lines.get(id(images[0])))
    return images[0]


def _image(image, line: int | None, path, glyphs: dict) -> tuple[list[str], list[int | None]]:
    """The goal rows of an ``<image>`` as ``'X'``/``'.'`` strings, and the line of each.

    Each row is framed by ``|``; white space is ignored, as in pbnsolve.
    """
    rows, row_lines = [], []
    row, first = None, line
    for char in image.text or "":
        if char == "\n":
            line = None if line is None else line + 1
        elif char.isspace():
            continue
        elif row is None:
            if char != "|":
                raise PuzzleFormatError(path, f"the goal image has {char!r} outside the '|' that frame each row",
                                        line)
            row = []
            row_lines.append(line)
        elif char == "|":
            rows.append("".join(row))
            row = None
        elif glyphs.get(char):
            row.append(glyphs[char])
        elif char in glyphs:
            raise PuzzleFormatError(path, f"{COLOUR_REFUSED}: the goal has squares of a third colour ({char!r})",
                                    line)
        elif char in "?[":
            raise PuzzleFormatError(path, f"the goal has an undecided square ({char!r}); a goal must be complete",
                                    line)
        else:
            raise PuzzleFormatError(path, f"the goal has the character {char!r}, which names no colour", line)
    if row is not None:
        raise PuzzleFormatError(path, "the last row of the goal image does not end with '|'", row_lines[-1])
    if not rows:
        raise PuzzleFormatError(path, "the goal image is empty", first)
    return rows, row_lines


def _text(element) -> str:
    return "".join(element.itertext())


def _tag(tag: str) -> str:
    """An element's name for a message, shortened when long (a name holds no line break or quote)."""
    return tag if len(tag) <= 40 else tag[:40] + "..."


def _short(text: str) -> str:
    """``text`` quoted for a message on one line, shortened when long."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


# ------------------------------------------------------------------ writing


def _write_puzzle(root, puzzle: Puzzle) -> None:
    """Append ``puzzle`` to the ``<puzzleset>`` element ``root``; PaintError if it cannot be written."""
    check_writable(puzzle, "a webpbn file")
    element = _child(root, "puzzle", {"type": "grid", "defaultcolor": BLOCK, "backgroundcolor": BACKGROUND})
    element.text = "\n"
    for tag, field in FIELDS.items():
        value = getattr(puzzle, field)
        if value is not None:
            _child(element, tag, text=_value(value, field))
    for key, value in puzzle.extra:
        if not KEY.match(key) or key in RESERVED:
            raise PaintError(f"cannot write the extra key {key!r} in a webpbn file")
        _child(element, key, text=_value(value, key))
    _child(element, "color", {"name": BACKGROUND, "char": EMPTY_CHAR}, "fff")
    _child(element, "color", {"name": BLOCK, "char": FULL_CHAR}, "000")
    for which, clues in (("columns", puzzle.columns), ("rows", puzzle.rows)):
        section = _child(element, "clues", {"type": which}, "\n")
        for clue in clues:
            strip = _child(section, "line")
            for target in clue:
                ElementTree.SubElement(strip, "count").text = str(target)
    if puzzle.goal is not None:
        solution = _child(element, "solution", {"type": "goal"}, "\n")
        _child(solution, "image", text="\n" + "".join(f"|{row}|\n" for row in puzzle.goal))


def _child(parent, tag: str, attributes=None, text: str | None = None):
    """A new element in ``parent`` on a line of its own."""
    element = ElementTree.SubElement(parent, tag, attributes or {})
    element.text = text
    element.tail = "\n"
    return element


def _value(value: str, key: str) -> str:
    """``value`` checked for writing as XML text; PaintError naming ``key`` if XML 1.0 cannot hold it."""
    bad = _NOT_XML.search(value)
    if bad:
        raise PaintError(f"cannot write {key} {value!r} in a webpbn file: it holds {bad.group()!r}, "
                         "which XML 1.0 cannot hold")
    return value
