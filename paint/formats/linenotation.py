"""Simpson's notation for one line and its clue, as ``paint line`` reads and writes them (seeds 000, 001).

A clue is its block sizes separated by commas, ``1,5,1,1,1``; ``0`` is the
clue of a line with no block.  A line is written between ``>`` and ``<``
(either delimiter may be left off): ``-`` an empty square (a dot), ``#`` a
full square (a solid), space a blank square.  A solver's result uses the
same characters, with ``+`` for a square that can still be either.

Errors are ValueError with a message fit to show after the place the text
came from; it quotes a long text by its start and its length
(:func:`paint.errors.excerpt`), never whole.

>>> parse_clue("1,5,1")
(1, 5, 1)
>>> list(parse_line(">-# <"))
[1, 2, 0]
>>> format_result(bytes([1, 2, 0]))
'>-#+<'
>>> parse_pair("2 >  #<")
((2,), b'\\x00\\x00\\x02')
"""

from __future__ import annotations

from ._common import SPACES
from ..errors import excerpt
from ..squares import BLANK, EMPTY, FULL

SQUARES = {" ": BLANK, "-": EMPTY, "#": FULL}
RESULT_GLYPHS = {BLANK: "+", EMPTY: "-", FULL: "#"}
LINE_GLYPHS = {value: glyph for glyph, value in SQUARES.items()}
MAX_TARGET = 10 ** 6


def parse_clue(text: str) -> tuple[int, ...]:
    """The targets of a clue written ``1,5,1`` (``0`` for none); raises ValueError naming the problem.

    >>> parse_clue("0")
    ()
    """
    if text.strip(SPACES) == "":
        raise ValueError("the clue is empty (write 0 for a line with no block)")
    parts = text.split(",")
    targets = []
    for part in parts:
        part = part.strip(SPACES)
        if not part.isdigit() or not part.isascii():
            raise ValueError(f"clue {excerpt(text)}: {excerpt(part)} is not a whole number")
        if len(part.lstrip("0")) > 7 or int(part) > MAX_TARGET:
            raise ValueError(f"clue {excerpt(text)}: {excerpt(part)} is too large")
        targets.append(int(part))
    if targets == [0]:
        return ()
    if 0 in targets:
        raise ValueError(f"clue {excerpt(text)}: 0 may only stand alone, for a line with no block")
    return tuple(targets)


def parse_line(text: str, max_squares: int | None = None) -> bytes:
    """The squares of a line written ``>-# <`` (delimiters optional); raises ValueError naming the bad character.

    Positions in messages count from 1.  A line of more than ``max_squares``
    squares (when given) is refused before its squares are read.

    >>> parse_line("--")
    b'\\x01\\x01'
    """
    body = text
    if body.strip(SPACES).startswith(">") and body.strip(SPACES).endswith("<") and len(body.strip(SPACES)) > 1:
        body = body.strip(SPACES)[1:-1]  # spaces outside the delimiters do not count
    else:
        if body.startswith(">"):
            body = body[1:]
        if body.endswith("<"):
            body = body[:-1]
    if max_squares is not None and len(body) > max_squares:
        raise ValueError(f"the line is longer than {max_squares:,} squares (it has {len(body):,})")
    squares = bytearray()
    for position, glyph in enumerate(body, start=1):
        try:
            squares.append(SQUARES[glyph])
        except KeyError:
            raise ValueError(f"line {excerpt(text)}: square {position:,} is {glyph!r}; "
                             "use '-' for empty, '#' for full, space for blank") from None
    return bytes(squares)


def parse_pair(text: str, max_squares: int | None = None) -> tuple[tuple[int, ...], bytes]:
    """One ``CLUE LINE`` pair as read from standard input: the clue, one space or tab, then the line.

    Everything after that separator is the line, so a line written without
    delimiters keeps its leading and trailing blanks; a line written between
    ``>`` and ``<`` may have more spaces around it.  Raises ValueError, as
    :func:`parse_line` does for more than ``max_squares`` squares.

    >>> parse_pair("1  >- <")
    ((1,), b'\\x01\\x00')
    """
    for at, character in enumerate(text):
        if character in " \t":
            break
    else:
        raise ValueError(f"expected a clue, a space and a line, not {excerpt(text)}")
    clue, line = text[:at], text[at + 1:]
    return parse_clue(clue), parse_line(line, max_squares)


def format_result(squares) -> str:
    """A solver's result between ``>`` and ``<``: ``-`` empty, ``#`` full, ``+`` either."""
    return ">" + "".join(RESULT_GLYPHS[value] for value in squares) + "<"


def format_line(squares) -> str:
    """A line of squares between ``>`` and ``<``: ``-`` empty, ``#`` full, space blank.

    >>> format_line(bytes([1, 2, 0]))
    '>-# <'
    """
    return ">" + "".join(LINE_GLYPHS[value] for value in squares) + "<"


def format_clue(targets) -> str:
    """A clue in Simpson's notation: ``1,5,1``, or ``0`` for none.

    >>> format_clue(())
    '0'
    """
    return ",".join(str(t) for t in targets) or "0"
