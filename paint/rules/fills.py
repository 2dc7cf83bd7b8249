"""fills: a clue that fills its line settles every square of it.

The first thing a person checks on a line: when the clue's blocks and the
one-square gaps between them add up to the line's length, the blocks can lie
one way only, packed from end to end, so every square is known; a clue of 0
leaves every square empty.  Hand-solving guides start with it ("add up the
numbers and the gaps"); it is the case of Kramer's rules i and ii where the
left-most and right-most placements are the same, said as a person says it,
so it is the lowest rung of the ladder.

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (2, 1), [0, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [(p, v.glyph) for p, v in finding.marks], finding.detail
([(0, 'X'), (1, 'X'), (2, '.'), (3, 'X')], Filled(length=4))
>>> find(Strip(StripId('row', 0), (2, 1), [0] * 5)) is None
True
"""

from __future__ import annotations

import attrs

from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY, FULL, Square

NAME = "fills"


@attrs.frozen
class Filled:
    """What fills concluded: the clue's blocks and the gaps between them fill the line of ``length`` squares
    (or the clue is 0), so each blank square is full where a block lies and empty elsewhere."""

    length: int


def packed(targets, n: int) -> bytes | None:
    """The line of ``n`` squares the clue ``targets`` fills, packed from end to end (all empty for a clue of 0),
    or None when the blocks and the one-square gaps between them do not add up to ``n``.

    >>> packed((2, 1), 4), packed((3,), 4), packed((), 2)
    (b'\\x02\\x02\\x01\\x02', None, b'\\x01\\x01')
    """
    if targets and sum(targets) + len(targets) - 1 != n:
        return None
    line = bytearray([EMPTY]) * n
    position = 0
    for size in targets:
        line[position:position + size] = bytes([FULL]) * size
        position += size + 1
    return bytes(line)


def fills(targets, n: int) -> bool:
    """Whether the clue ``targets`` fills a line of ``n`` squares: its blocks and the one-square gaps between
    them add up to ``n``, or it is 0 (the rule's ``only_if``: on any other line it finds nothing).

    >>> fills((2, 1), 4), fills((2, 1), 5), fills((), 3)
    (True, False, True)
    """
    return not targets or sum(targets) + len(targets) - 1 == n


def find(strip) -> Finding | None:
    """Mark every blank square of a strip whose clue fills it: full where the packed blocks lie, else empty.

    Finds nothing when a known square disagrees with the packed line: the
    strip then cannot be completed, which the other rules say.
    """
    squares, targets = strip.squares, strip.targets
    if not fills(targets, len(squares)) or BLANK not in squares:
        return None
    line = packed(targets, len(squares))
    if line is None or any(known != BLANK and known != value for known, value in zip(squares, line)):
        return None
    return Finding([(p, Square(value)) for p, value in enumerate(line) if squares[p] == BLANK], Filled(len(squares)))


def bounds(reason) -> list[tuple[()]]:
    """No bound: the sum of the clue and the line's length say it all."""
    return [()]


def document(reason) -> dict:
    """``{"fills": {"blocks", "gaps", "length"}}``: the squares the blocks take, the one-square gaps between
    them, and the line's length, which they add up to."""
    targets = reason.clue
    return {"fills": {"blocks": sum(targets), "gaps": max(len(targets) - 1, 0), "length": reason.detail.length}}


RULE = Rule(NAME, "", "a clue whose blocks and gaps add up to the line's length settles every square", find,
            rung=2, techniques=("the clue fills the line",), bounds=bounds, document=document,
            reads_bounds=False, only_if=fills)
