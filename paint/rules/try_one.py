"""try_one (Kramer rule vii): a blank square that, marked full, leaves no way to complete its strip is empty; marked empty, full.

Kramer tests each blank square twice, marking it full and then empty and
asking whether the strip's blocks can still be placed.  An exact line
solver (:func:`paint.linesolvers.settle`, by ``bits``, whose answers are those of Simpson's fast-complete ``fcomp``, remembered)
answers that question for every square of the strip at once, so this rule
finds exactly what complete line logic can find in the strip.  People call
it *contradiction*: the explanation shows, for each square, why its other
value leaves the blocks no placement (:meth:`paint.bounds.Derivation.failure_proof`).

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (1, 1), [0, 0, 2, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [(p, v.glyph) for p, v in finding.marks], finding.detail
([(1, '.'), (3, '.')], Tried(squares=((1, Square.EMPTY), (3, Square.EMPTY))))
"""

from __future__ import annotations

import attrs

from ..fields import as_tuple
from ..errors import StripContradiction
from ..linesolvers import settle
from ..result import fact_document
from ..bounds import Witness
from ..rule import Finding, Rule
from ..squares import Square

NAME = "try_one"


@attrs.frozen
class Tried:
    """What try_one concluded: each ``(position, value)`` of ``squares`` is a blank square (0-based) that must
    take ``value``, because the other value leaves the blocks no placement."""

    squares: tuple = attrs.field(converter=as_tuple)


def find(strip) -> Finding | None:
    """Mark each blank square whose other value leaves the strip no placement (Kramer rule vii)."""
    settled = settle(strip.targets, strip.squares)
    if settled is None:
        raise StripContradiction("no placement of its blocks fits its squares")
    if not settled:
        return None
    marks = sorted(settled.items())
    return Finding(marks, Tried(marks))


def narrow(strip, finding) -> Finding:
    """The one square of ``finding`` whose witness is shortest (the fewest facts in its failure; the first such
    square along the strip), for a step by strip: the others may fall to a cheaper rule once it is marked."""
    def facts(mark) -> int:
        position, value = mark
        return len(Witness.of(strip.targets, bytes(strip.squares), position, value).derivation.failure_proof())

    mark = min(finding.marks, key=facts)
    return Finding([mark], split(finding.detail, [mark]))


def split(detail: Tried, marks) -> Tried:
    """The record kept to ``marks`` (``(position, value)`` pairs, each one of its squares): each square has its own
    witness, so any of them holds without the others."""
    return Tried(sorted(marks))


def bounds(reason) -> list[tuple[()]]:
    """For each square of ``reason.detail`` (:class:`Tried`), no bound: what it rests on is not a bound of the
    strip as it was but the failure of the strip with its other value, its witness
    (:attr:`paint.explanation.Reason.witnesses`)."""
    return [() for _ in reason.detail.squares]


def document(reason) -> dict:
    """``{"tried": [{"square", "value", "assumed", "given", "facts", "failure"}, ...]}``: for each square (from
    1), the value it took, the one assumed, the known squares that break it (``given``, each ``{"square",
    "value"}``), the facts of the failure (as a reason's ``facts``) and the failure itself (``{"kind", "side",
    "block", "square"}``, block and square from 1 or None)."""
    return {"tried": [_witness_document(witness) for witness in reason.witnesses]}


def _witness_document(witness) -> dict:
    """Why try_one marked one square: the value it gave, the one assumed, the known squares that break it."""
    failure = witness.derivation.failure
    return {"square": witness.position + 1, "value": Square(witness.value).word,
            "assumed": Square(witness.assumed).word,
            "given": [{"square": p + 1, "value": Square(v).word}
                      for p, v in enumerate(witness.given) if v and p != witness.position],
            "facts": [fact_document(fact) for fact in witness.derivation.failure_proof()
                      if not witness.derivation.packed(fact)],
            "failure": {"kind": failure.kind, "side": failure.side,
                        "block": None if failure.event < 0 else failure.target + 1,
                        "square": None if failure.square is None else failure.square + 1}}


RULE = Rule(NAME, "vii", "a square whose one value leaves no way to complete its strip takes the other", find,
            rung=50, techniques=("contradiction",), bounds=bounds, document=document, narrow=narrow,
            split=split)
