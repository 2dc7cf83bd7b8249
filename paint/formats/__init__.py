"""Puzzle file formats: the registry, and loading, saving and converting puzzles.

Eight formats are read and written (``docs/formats.md`` describes each
exactly):

- ``pro``: Kramer's ASCII picture (:mod:`paint.formats.pro`, key decisions 2 and 3);
- ``non``: Steve Simpson's format with the nonogram-db extensions (:mod:`paint.formats.non`);
- ``nonpack``: ``.non`` puzzles bundled in one file, separated by ``====`` lines (:mod:`paint.formats.nonpack`);
- ``nin``: Jakub Wilk's format (:mod:`paint.formats.nin`);
- ``webpbn``: Jan Wolter's webpbn XML, one puzzle or a set (:mod:`paint.formats.webpbn`);
- ``olsak``: Olšák's ``.g`` format (:mod:`paint.formats.olsak`);
- ``taai``: the TAAI computer-tournament text, many puzzles per file (:mod:`paint.formats.taai`);
- ``tatham``: Simon Tatham's Pattern game ID, ``10x10:2/3.1/...`` (:mod:`paint.formats.tatham`),
  which :func:`load` also takes in place of a file name.

Kramer's output format (:mod:`paint.formats.solution`) is written only, to
show an answer.  Simpson's notation for a single line and its clue
(:mod:`paint.formats.linenotation`) is what ``paint line`` reads and
writes.  Readers raise :class:`paint.errors.PuzzleFormatError` naming the
file and line for any input they cannot read, and nothing else; colour
puzzles are refused by every reader.

>>> p = loads('1 1\\n1\\n1\\n', 'dot.nin')
>>> print(dumps(p, 'pro'), end='')
     1
    --
  1|  |
    --
>>> detect('dot.txt', '1 1\\n1\\n1\\n')
'nin'
>>> dumps(p, 'tatham')
'1x1:1/1\\n'
"""

from __future__ import annotations

import importlib
import os
import re
import types
from collections.abc import Iterator, Mapping

import attrs

from ..errors import PaintError, PuzzleFormatError
from ..files import STDIN, STDIN_LABEL, read_text, write_atomically
from ..puzzle import Puzzle
from ._common import check_text, one_puzzle
from ._common import SPACES

_ENDINGS = {"pro": (".pro",), "non": (".non",), "nonpack": (".nonpack",), "nin": (".nin",),
            "webpbn": (".xml",), "olsak": (".g",), "taai": (), "tatham": ()}
"""Each format's module name and its file name endings (its ``EXTENSIONS``), known before the module is imported."""


class _Formats(Mapping):
    """The format modules by name, each imported the first time it is asked for: a command that reads one
    format loads one reader (``paint solve`` starts sooner)."""

    def __getitem__(self, name: str) -> types.ModuleType:
        if name not in _ENDINGS:
            raise KeyError(name)
        return importlib.import_module(f"{__name__}.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(_ENDINGS)

    def __len__(self) -> int:
        return len(_ENDINGS)


def __getattr__(name: str) -> types.ModuleType:
    """``formats.non`` and the like, imported when first used (PEP 562)."""
    if name in _ENDINGS:
        return FORMATS[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


FORMATS: Mapping[str, types.ModuleType] = _Formats()
"""The formats read and written, name -> module (imported when first asked for), in the order listed.

Each module has ``NAME``; ``EXTENSIONS`` (lower case, possibly none);
``MANY``, whether a file holds many puzzles; ``HOLDS``, the
:class:`paint.puzzle.Puzzle` fields besides the clues it keeps;
``read(text, path) -> Puzzle`` and ``write(puzzle) -> str``.  A module with
``MANY`` also has ``read_each(text, path)`` (each puzzle, or the
PuzzleFormatError of a puzzle that cannot be read) and
``write_all(puzzles) -> str``.
"""

EXTENSIONS = tuple(extension for endings in _ENDINGS.values() for extension in endings)
"""Every format's file name endings (lower case), in the order of :data:`FORMATS`: what a folder is searched for."""

ALIASES = types.MappingProxyType({"xml": "webpbn", "g": "olsak", "tournament": "taai", "pattern": "tatham"})
"""Other names a format may be asked for by: its extension, or what people call it."""

METADATA = ("title", "author", "copyright", "license", "catalogue", "goal", "extra", "given")
"""The Puzzle fields besides the clues, in the order they are named in messages."""

UNKNOWN = "unknown format (expected .pro, .non, .nonpack, .nin, .xml, .g, tournament text or a game ID)"

_NON_KEY = re.compile(r"(width|height|rows|columns)\b", re.IGNORECASE)
_FRAME = re.compile(r" +-+\Z")
_SIZES = re.compile(r"[0-9]+[ \t]+[0-9]+\Z")
_SEPARATOR = re.compile(r"={4,}\s*\Z")


def format_for(path) -> str | None:
    """The format named by ``path``'s extension (case ignored), or None.

    >>> format_for('Dancer.PRO'), format_for('set.xml'), format_for('notes.txt')
    ('pro', 'webpbn', None)
    """
    suffix = os.path.splitext(str(path))[1].lower()
    for name, endings in _ENDINGS.items():
        if suffix in endings:
            return name
    return None


SNIFF_BYTES = 65536
"""How much of a file :func:`worth_reading` looks at."""


def worth_reading(path) -> bool:
    """Whether a file a folder search found by its extension looks like a puzzle of that format.

    ``.xml`` and ``.g`` are common extensions of other files (``pom.xml``,
    grammars): such a file counts only if its first 64 KB hold a
    ``<puzzle`` element (webpbn) or two lines starting with ``:`` (Olšák).
    Other extensions always count, and so does a file that cannot be read
    (reading it will say why).  Raises nothing.

    >>> worth_reading('/no/such/pom.xml'), worth_reading('notes.non')
    (True, True)
    """
    name = format_for(path)
    if name not in ("webpbn", "olsak"):
        return True
    try:
        with open(path, "rb") as file:
            head = file.read(SNIFF_BYTES).decode("utf-8", "replace")
    except OSError:
        return True
    if name == "webpbn":
        return "<puzzle" in head
    return len(re.findall(r"^:", head, re.MULTILINE)) >= 2


def detect(path, text: str) -> str:
    """The format of ``text`` read from ``path``: by extension first, then by content.

    Content rules, tried in order: text starting with ``<`` is ``webpbn``;
    one line like ``10x10:...`` is ``tatham``; a first line ``$1`` is
    ``taai``; a line starting ``: rows`` is ``olsak``; then, on the lines
    that are not blank and do not start with ``#``: a line starting with
    ``width``, ``height``, ``rows`` or ``columns`` means ``non``, or
    ``nonpack`` if a ``====`` line is there too; a frame line (spaces then
    dashes) and a line holding ``|`` mean ``pro``; a first line of two
    numbers means ``nin``.  Raises PuzzleFormatError "unknown format".

    >>> detect('x', 'width 1\\nheight 1\\n')
    'non'
    >>> detect('x', '$1\\n1\\n1\\n')
    'taai'
    >>> detect('x.txt', 'hello')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: x.txt: unknown format (expected .pro, .non, .nonpack, .nin, .xml, .g, tournament text or a game ID)
    """
    by_name = format_for(path)
    if by_name is not None:
        return by_name
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("<"):
        return "webpbn"
    if FORMATS["tatham"].looks_like(text):
        return "tatham"
    if FORMATS["taai"].looks_like(text):
        return "taai"
    if FORMATS["olsak"].looks_like(text):
        return "olsak"
    lines = [line.rstrip(SPACES) for line in text.replace("\r", "\n").split("\n")]
    meaningful = [line for line in lines if line.strip(SPACES) and not line.lstrip(SPACES).startswith("#")]
    if any(_NON_KEY.match(line.strip(SPACES)) for line in meaningful):
        return "nonpack" if any(_SEPARATOR.match(line) for line in meaningful) else "non"
    if any(_FRAME.match(line) for line in meaningful) and any("|" in line for line in meaningful):
        return "pro"
    if meaningful and _SIZES.match(meaningful[0].strip(SPACES)):
        return "nin"
    raise PuzzleFormatError(path, UNKNOWN)


def loads_each(text: str, path_label="<string>", format: str | None = None) -> list[Puzzle | PuzzleFormatError]:
    """Every puzzle in ``text``, in order; a puzzle that cannot be read is its PuzzleFormatError instead.

    ``path_label`` names the text in errors and its extension picks the
    format; ``format`` (a name in FORMATS or ALIASES) overrides detection.
    A file of one puzzle gives a list of one.  Raises PuzzleFormatError for
    a problem with the file as a whole (empty, binary, unknown format, not
    a puzzle set at all; for one-puzzle formats, any problem), PaintError
    for an unknown ``format`` name.  One broken puzzle in a file of many
    does not hide the others: ``paint check`` reports each.

    >>> [type(p).__name__ for p in loads_each('$1\\n1\\n1\\n$2\\n1\\n', 'q.txt')]
    ['Puzzle', 'PuzzleFormatError']
    """
    check_text(text, path_label)
    module = FORMATS[detect(path_label, text) if format is None else format_name(format)]
    if module.MANY:
        return module.read_each(text, path_label)
    return [module.read(text, path_label)]


def loads_all(text: str, path_label="<string>", format: str | None = None) -> list[Puzzle]:
    """Every puzzle in ``text``, in order; raises the first puzzle's PuzzleFormatError (see :func:`loads_each`).

    >>> len(loads_all('$1\\n1\\n1\\n$2\\n0\\n0\\n', 'q.txt'))
    2
    """
    each = loads_each(text, path_label, format)
    for item in each:
        if isinstance(item, PuzzleFormatError):
            raise item
    return each


def loads(text: str, path_label="<string>", format: str | None = None) -> Puzzle:
    """The one puzzle in ``text``; ``path_label`` names it in errors and its extension picks the format.

    ``format`` (a name in FORMATS or ALIASES) overrides detection.  Raises
    PuzzleFormatError for empty or binary text, an unknown format, a file
    of several puzzles, or anything the format's reader refuses; PaintError
    for an unknown ``format`` name.

    >>> loads('width 1\\nheight 1\\nrows\\n1\\ncolumns\\n1\\n').rows
    ((1,),)
    """
    return one_puzzle(loads_each(text, path_label, format), path_label)


def source_text(source) -> tuple[str, str]:
    """``(text, label)`` for ``source``: a file's path, ``'-'`` for standard input, or a Tatham game ID given in place of a file.

    A ``source`` that names no file but looks like a game ID (``10x10:...``)
    is the ID itself, labelled ``game ID``; standard input is labelled
    ``<stdin>``.  Raises PuzzleFormatError naming the file for a missing,
    unreadable, oversized, empty or binary file, or one that is not a
    regular file or a pipe (see :func:`paint.files.read_text`).

    >>> source_text('2x1:1//1')
    ('2x1:1//1', 'game ID')
    """
    source = str(source)
    if source == STDIN:
        return read_text(source), STDIN_LABEL
    if not os.path.lexists(source) and FORMATS["tatham"].looks_like(source):
        return source, GAME_ID
    return read_text(source), source


GAME_ID = "game ID"
"""How a game ID given in place of a file is named in messages."""


def load_each(source) -> list[Puzzle | PuzzleFormatError]:
    """Every puzzle in the file (or game ID) ``source``, each or its error (see :func:`loads_each`)."""
    text, label = source_text(source)
    return loads_each(text, label, "tatham" if label == GAME_ID else None)


def load_all(source) -> list[Puzzle]:
    """Every puzzle in the file (or game ID) ``source``; raises the first puzzle's PuzzleFormatError."""
    text, label = source_text(source)
    return loads_all(text, label, "tatham" if label == GAME_ID else None)


def load(source) -> Puzzle:
    """The puzzle in the file at ``source`` (its format detected from extension, then content), or a game ID.

    Raises PuzzleFormatError naming the file (and line) for a missing,
    unreadable, empty or binary file, an unknown format, a file of several
    puzzles, or bad content.

    >>> load('/no/such/file.pro')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: /no/such/file.pro: no such file
    >>> load('1x1:1/1').rows
    ((1,),)
    """
    text, label = source_text(source)
    return loads(text, label, "tatham" if label == GAME_ID else None)


def dumps(puzzle: Puzzle, format: str) -> str:
    """The puzzle as text in ``format`` (a name in FORMATS or ALIASES).

    Raises PaintError for an unknown format or a puzzle the format cannot
    hold (for example a clue number above 99 in ``pro``).

    >>> print(dumps(Puzzle(rows=[[1]], columns=[[1]]), 'nin'), end='')
    1 1
    1
    1
    """
    return FORMATS[format_name(format)].write(puzzle)


def dumps_all(puzzles, format: str) -> str:
    """The puzzles as one text in ``format``, which must hold many unless there is one puzzle.

    Raises PaintError for an unknown format, no puzzles, several puzzles for
    a format of one puzzle per file, or a puzzle the format cannot hold.

    >>> dumps_all([Puzzle(rows=[[1]], columns=[[1]])] * 2, 'tatham')
    Traceback (most recent call last):
    ...
    paint.errors.PaintError: cannot write 2 puzzles as tatham, which holds one puzzle (nonpack, webpbn and taai hold many)
    """
    module = FORMATS[format_name(format)]
    puzzles = list(puzzles)
    if module.MANY:
        return module.write_all(puzzles)
    if len(puzzles) != 1:
        raise PaintError(f"cannot write {len(puzzles)} puzzles as {module.NAME}, which holds one puzzle "
                         f"({_many_names()} hold many)")
    return module.write(puzzles[0])


def kept(puzzle: Puzzle, format: str) -> Puzzle:
    """What a file of ``format`` holding ``puzzle`` alone gives back: the fields it has no room for emptied.

    A tournament file (``taai``) keeps only a ``$N`` catalogue, and numbers
    a lone puzzle with another one ``$1``.

    >>> kept(Puzzle(rows=[[1]], columns=[[1]], title='Dot', goal=['X']), 'nin').title is None
    True
    """
    name = format_name(format)
    holds = FORMATS[name].HOLDS
    dropped: dict = {field: () if field == "extra" else None for field in METADATA if field not in holds}
    if name == "taai" and not FORMATS["taai"].NUMBER_LINE.match(puzzle.catalogue or ""):
        dropped["catalogue"] = "$1"
    return attrs.evolve(puzzle, **dropped)


def lost(puzzle: Puzzle, format: str) -> list[str]:
    """The metadata of ``puzzle`` (Puzzle field names, in METADATA order) that ``format`` cannot keep.

    >>> lost(Puzzle(rows=[[1]], columns=[[1]], title='Dot', goal=['X']), 'nin')
    ['title', 'goal']
    """
    back = kept(puzzle, format)
    return [field for field in METADATA
            if getattr(puzzle, field) not in (None, ()) and getattr(back, field) != getattr(puzzle, field)]


def fits(puzzle: Puzzle, format: str) -> bool:
    """Whether ``format`` can hold ``puzzle`` at all (``pro``: numbers up to 99; ``taai``: square).

    >>> fits(Puzzle(rows=[[1]], columns=[[1], []]), 'taai')
    False
    """
    try:
        dumps(puzzle, format)
    except PaintError:
        return False
    return True


def save(puzzle, path, format: str | None = None, protect=()) -> None:
    """Write ``puzzle`` (or a list of puzzles) to ``path`` in ``format`` (default: from the extension), atomically.

    Refuses to write onto any file in ``protect``.  Raises PaintError for an
    extension that names no format, an unknown format, puzzles the format
    cannot hold, a protected or unwritable path.
    """
    format = _format_to_write(path, format)
    puzzles = [puzzle] if isinstance(puzzle, Puzzle) else list(puzzle)
    write_atomically(path, dumps_all(puzzles, format), protect=protect)


def convert(source, destination, format: str | None = None, number: int | None = None) -> list[Puzzle]:
    """Read every puzzle of ``source`` (a file or a game ID) and write them to ``destination``.

    The format written is ``format``, else the one ``destination``'s
    extension names.  ``number`` (1-based) picks one puzzle of a file of
    many.  Returns the puzzles written.  Refuses to write onto ``source``.
    Raises PuzzleFormatError for a source that cannot be read and
    PaintError for a ``number`` out of range, or a destination that cannot
    be written (or cannot hold that many puzzles).
    """
    format = _format_to_write(destination, format)
    puzzles = pick(load_each(source), number, source)
    write_atomically(destination, dumps_all(puzzles, format), protect=(source,))
    return puzzles


def pick(each: list, number: int | None, source) -> list[Puzzle]:
    """The puzzles of ``each`` (as :func:`load_each` gives them), or the one numbered ``number`` (from 1).

    Only the puzzles picked must have been read: a broken puzzle raises
    its PuzzleFormatError when it is picked, and does not stop another
    puzzle of the same file from being picked.  Raises PaintError for a
    ``number`` past the end.

    >>> pick(['a', PuzzleFormatError('x', 'bad')], 1, 'x')
    ['a']
    """
    if number is not None:
        if not 1 <= number <= len(each):
            raise PaintError(f"{source} holds {len(each)} puzzle{'' if len(each) == 1 else 's'}: "
                             f"there is no puzzle {number}")
        each = [each[number - 1]]
    for item in each:
        if isinstance(item, PuzzleFormatError):
            raise item
    return list(each)


def format_name(format: str) -> str:
    """The name in FORMATS of ``format``, a name, an alias or an extension (case and a leading dot ignored).

    Raises PaintError for a name that is none of these.

    >>> format_name('.XML'), format_name('g'), format_name('non')
    ('webpbn', 'olsak', 'non')
    """
    name = str(format).lower().lstrip(".")
    name = ALIASES.get(name, name)
    if name not in FORMATS:
        raise PaintError(f"unknown format {format!r} (expected {', '.join(FORMATS)})")
    return name


def _format_to_write(path, format: str | None) -> str:
    if format is not None:
        return format_name(format)
    found = format_for(path)
    if found is None:
        raise PaintError(f"cannot tell the format to write {path} in from its extension "
                         "(expected .pro, .non, .nonpack, .nin, .xml or .g; or give the format, e.g. --to taai)")
    return found


def _many_names() -> str:
    names = [name for name, module in FORMATS.items() if module.MANY]
    return ", ".join(names[:-1]) + " and " + names[-1]
