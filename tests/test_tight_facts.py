"""Reasons cite only the tightest facts known: no empty square as room, no bound that says nothing, none weaker.

Every reason of the corpus solves (nonogram-db, jwilk and the survey
puzzles that solve in moments) is read as printed, clause by clause:

- a clause that gives squares as room for a block ("columns 4-5, before the
  empty column 6, are too few for it") or a gap ("the gap at columns 4-5")
  must cite no square known to be empty among them;
- a bound a clause states ("the 3 cannot start before column 5", "..., which
  cannot end before column 7") must be one some known square moved, not
  where the clue packed against the end of the line puts the block;
- a bound must not be weaker than one the same reason already stated for
  the same block and side (a block that cannot start before column 4 cannot
  end before column 8, whatever a later clause says).

The squares are those the reason was worded on: the strip before the step,
or for each square try_one tries, the known squares its failure needs.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from test_explanation import solved

from paint.bounds import Derivation, core
from paint.squares import EMPTY
from paint.wording import broken_lines, proof_lines

CORPUS = Path(__file__).parent / "corpus"

SLOW = ("knotty", "faase", "webpbn-06574-forever")
"""Survey puzzles that search for seconds or minutes: left out."""

PUZZLES = sorted((CORPUS / "nonogram-db").rglob("*.non")) + sorted((CORPUS / "jwilk").glob("*.nin")) + sorted(
    path for path in (CORPUS / "survey").glob("*.non") if path.stem not in SLOW)

ORDINALS = "first second third fourth fifth sixth seventh eighth ninth tenth".split()
BLOCK = r"the (?:((?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))) )?(\d+)"
SPANS = r"(\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*)"


def squares_of(spans: str) -> list[int]:
    """The 0-based squares of ``'4-6, 9'``."""
    found = []
    for part in spans.split(", "):
        first, _, last = part.partition("-")
        found += range(int(first) - 1, int(last or first))
    return found


def block_index(clue, ordinal, size) -> int:
    """The 0-based index of the block named ``the [ordinal] size`` in ``clue``."""
    same = [j for j, target in enumerate(clue) if target == int(size)]
    if ordinal is None:
        return same[0]
    number = ORDINALS.index(ordinal) + 1 if ordinal in ORDINALS else int(re.match(r"\d+", ordinal).group())
    return same[number - 1]


def packed(clue, n: int, j: int, side: str) -> int:
    """Block ``j``'s bound when the clue is packed against the line's start (``'start'``) or end (``'end'``)."""
    if side == "start":
        return sum(clue[:j]) + j
    return n - 1 - sum(clue[j + 1:]) - (len(clue) - 1 - j)


@functools.cache
def patterns(kind: str):
    """The compiled patterns of :func:`bounds_stated` and :func:`faults` for a strip crossed by ``kind``s (compiled
    once: they are matched against every clause of the corpus)."""
    bounds = tuple((re.compile(pattern), side, shift) for pattern, side, shift in (
        (rf"{BLOCK},?(?: after it| before it)? cannot start before {kind} (\d+)", "start", 0),
        (rf"{BLOCK},?(?: after it| before it)? cannot end after {kind} (\d+)", "end", 0),
        (rf"{BLOCK}, which cannot end before {kind} (\d+)", "start", -1),   # an earliest end
        (rf"{BLOCK}, which cannot start after {kind} (\d+)", "end", 1),     # a latest start
    ))
    return {"bounds": bounds,
            "no room": re.compile(rf"so there is no room for {BLOCK}: (from|to end at) {kind} (\d+)"),
            "listed": re.compile(r"so they cannot (start before|end after): (.*)$"),
            "listed block": re.compile(rf"{BLOCK} {kind} (\d+)"),
            "room": re.compile(rf"{kind}s? {SPANS}(?: alone)?, (?:before|after) the empty {kind}"),
            "gap": re.compile(rf"the gap at {kind}s? {SPANS}")}


def bounds_stated(text: str, clue, kind: str):
    """Every bound ``text`` states, in the order written, as ``(block, side, value, packing)``: the earliest start
    (side ``'start'``) or the latest end (``'end'``), 0-based, whichever way the sentence puts it; ``packing`` when
    the sentence says why the bound holds without a known square: the room the other blocks leave (``..., leaving
    room for the 2 after it``), or the failure the bounds before it lead to (``so there is no room for the 2: from
    column 5, ...``)."""
    found = []
    compiled = patterns(kind)
    if "cannot" in text:
        for pattern, side, shift in compiled["bounds"]:
            for match in pattern.finditer(text):
                j = block_index(clue, match.group(1), match.group(2))
                value = int(match.group(3)) - 1 + shift * (clue[j] - 1)
                packing = text.startswith(", leaving room for", match.end())  # said as the packing gives it
                found.append((match.start(), j, side, value, packing))
    if "no room" in text:
        for match in compiled["no room"].finditer(text):
            found.append((match.start(), block_index(clue, match.group(1), match.group(2)),
                          "start" if match.group(3) == "from" else "end", int(match.group(4)) - 1, True))
    listed = compiled["listed"].search(text) if "so they cannot" in text else None
    if listed:
        side = "start" if listed.group(1) == "start before" else "end"
        for match in compiled["listed block"].finditer(listed.group(2)):
            found.append((listed.start(2) + match.start(), block_index(clue, match.group(1), match.group(2)), side,
                          int(match.group(3)) - 1, False))
    return [bound for _, *bound in sorted(found)]


def faults(lines, clue, squares, kind: str) -> list[tuple[str, str]]:
    """The faults of one account (lines worded on ``squares``), as ``(kind of fault, line)``: ``'empty room'``,
    ``'empty bound'`` or ``'weaker bound'``."""
    found = []
    stated: dict = {}
    n = len(squares)
    compiled = patterns(kind)
    for text in lines:
        for match in compiled["room"].finditer(text) if "the empty" in text else ():
            if any(squares[p] == EMPTY for p in squares_of(match.group(1))):
                found.append(("empty room", text))
        for match in compiled["gap"].finditer(text) if "the gap at" in text else ():
            if any(squares[p] == EMPTY for p in squares_of(match.group(1))):
                found.append(("empty room", text))
        for j, side, value, packing in bounds_stated(text, clue, kind):
            if value == packed(clue, n, j, side) and not packing:
                found.append(("empty bound", text))
            before = stated.get((j, side))
            if before is not None and (value < before if side == "start" else value > before):
                found.append(("weaker bound", text))
            stated[(j, side)] = value if before is None else (max if side == "start" else min)(before, value)
    return found


def accounts(result):
    """Every account of ``result``'s reasons as ``(lines, clue, squares, kind)``: each line rule's reason, each
    square try_one tries (on the squares its failure needs), each probe link's reason and each broken strip."""
    for step in result.steps:
        reasons = list(step.reasons)
        if step.chain is not None:
            reasons += [link.reason for link in step.chain.links if link.reason is not None]
            chain = step.chain
            if chain.broken_squares is not None:
                yield broken_lines(chain), chain.broken_clue, core(chain.broken_clue, chain.broken_squares), \
                    chain.broken.crossing
        for reason in reasons:
            kind = reason.strip.crossing
            if reason.rule == "try_one":
                lines = reason.lines
                heads = [i for i, line in enumerate(lines) if not line.startswith(" ")] + [len(lines)]
                for witness, first, last in zip(reason.witnesses, heads, heads[1:]):
                    yield [line.strip() for line in lines[first + 1:last]], reason.clue, witness.given, kind
            else:
                yield [line.strip() for line in reason.lines], reason.clue, reason.squares, kind


@functools.cache
def corpus_faults(paths) -> dict[str, list]:
    """Every fault of the solves of ``paths``, by kind of fault (found once for the tests that read them; each puzzle
    solved once for every test of the corpus solves, ``test_explanation.solved``)."""
    by_kind: dict = {"empty room": [], "empty bound": [], "weaker bound": []}
    for path in paths:
        for lines, clue, squares, kind in accounts(solved(path)):
            for fault, line in faults(lines, tuple(clue), bytes(squares), kind):
                by_kind[fault].append(f"{path.name} {list(clue)}: {line}")
    return by_kind


def test_the_checker_sees_each_fault():
    """Each kind of fault is found in a sentence that has it, and none in the same facts said tightly."""
    squares = bytes([0, 0, 0, 0, 0, 1, 1, 0, 0, 0])  # columns 6-7 empty
    room = "the 4 cannot end after column 5: column 7 alone, after the empty column 6, is too short for it"
    assert faults([room], (4,), squares, "column") == [("empty room", room)]
    vacuous = "the 2 cannot start before column 4: it comes after the 1, which cannot end before column 1"
    assert faults([vacuous], (1, 2), bytes(10), "column") == [("empty bound", vacuous)]
    packing = "no block can reach column 9: the 1 cannot end after column 8, and the 2 cannot start before column 10"
    assert faults([packing], (1, 2), bytes(11), "column") == [("empty bound", packing)]
    assert faults([packing.replace("column 8,", "column 8, leaving room for the 2 after it,")], (1, 2), bytes(11),
                  "column") == []
    weaker = ["the 5 cannot start before column 4",
              "the 1 cannot start before column 10: it comes after the 5, which cannot end before column 7"]
    assert [fault for fault, _ in faults(weaker, (5, 1), bytes(12), "column")] == ["weaker bound"]
    tight = ["the 4 cannot end after column 5: it cannot end on the empty columns 6-7",
             "the 2 cannot start before column 4: it comes after the 1; it cannot start on the empty column 3",
             "the 5 cannot start before column 4",
             "the 1 cannot start before column 10: it comes after the 5, which cannot end before column 8"]
    assert faults(tight[:1], (4,), squares, "column") == []
    assert faults(tight[1:2], (1, 2), bytes([0, 0, 1] + [0] * 7), "column") == []
    assert faults(tight[2:], (5, 1), bytes(12), "column") == []


@pytest.mark.parametrize("kind", ["empty room", "empty bound", "weaker bound"])
def test_corpus_reasons_cite_tight_facts(kind):
    """No reason of the corpus solves cites an empty square as room, a bound no known square moved, or a bound
    weaker than one the same reason already stated."""
    found = corpus_faults(tuple(PUZZLES))[kind]
    assert not found, f"{len(found)} lines, such as:\n" + "\n".join(found[:8])


def squares_from(picture: str) -> bytes:
    """A strip's squares from ``' '`` blank, ``'.'`` empty, ``'X'`` full."""
    return bytes(" .X".index(square) for square in picture)


def test_a_neighbour_is_cited_as_tightly_as_stated():
    """Once a reason says the second 7 cannot start before row 10, the 5 after it is bounded from that, not from
    the second 7's earlier bound (which would say it cannot end before row 15)."""
    clue = (7, 7, 5)
    derivation = Derivation(clue, squares_from("     XXX       X         "))
    lines = proof_lines(derivation, [(j, side) for j in range(3) for side in ("start", "end")], clue, "row")
    assert "the second 7 cannot start before row 10: it comes after the first 7; starting at row 9 it would touch " \
           "the full square just before it" in lines
    assert "the 5 cannot start before row 18: it comes after the second 7, which cannot end before row 16" in lines
    assert not faults(lines, clue, derivation.squares, "row")


def test_empty_squares_are_never_room():
    """A block hemmed in by empty squares in a row cannot end on them, said at once; the packed block after it is
    named without a bound."""
    clue = (2, 1)
    derivation = Derivation(clue, squares_from(".X .....X."))
    assert proof_lines(derivation, [(0, "end")], clue, "row") == [
        "the 2 cannot end after row 3: it comes before the 1; it cannot end on the empty rows 4-8"]
    clue = (4,)
    derivation = Derivation(clue, squares_from("  .  .. .      "))
    assert proof_lines(derivation, [(0, "start")], clue, "column") == [
        ("the 4 cannot start before column 10: columns 1-2, before the empty column 3, are too few for it; "
         "columns 4-5, before the empty columns 6-7, are too few for it; column 8 alone, before the empty column 9, "
         "is too short for it")]


def test_a_failure_ends_on_the_tightest_bound():
    """The last line of a failure is read as a bound too: one weaker than the lines before it stated is a fault."""
    lines = ["the 2 cannot start before column 6: it cannot start on the empty columns 1-5",
             ("so there is no room for the 2: from column 5, its 2 squares would run past the end of the line at "
              "column 6")]
    assert [fault for fault, _ in faults(lines, (2,), squares_from(".....  "), "column")] == ["weaker bound"]
    lines[1] = lines[1].replace("from column 5", "from column 6")
    assert not faults(lines, (2,), squares_from(".....  "), "column")
