"""The explanation a person reads: bounds that are right and rightly derived, one strip per step, words without jargon.

The bounds every overlap and unreachable reason lists are checked against
an independent exact method (the dynamic-programming placements of
:mod:`paint.linesolvers.dp`, and brute force on short lines); every event of
a derivation is checked to rule out what it says it rules out; every mark
is checked to follow from the listed bounds.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paint
from paint.bounds import Derivation, core
from paint.linesolvers.dp import block_starts
from paint.render import render_text
from paint.squares import BLANK, EMPTY, FULL
from paint.wording import TECHNIQUES
from test_rules import consistent

CORPUS = Path(__file__).parent / "corpus"
ROOT = Path(__file__).parent.parent
RULE_STEPS = json.loads((Path(__file__).parent / "data" / "rule_steps.json").read_text(encoding="utf-8"))
"""The rule-mode steps of every corpus puzzle as the engine made them before steps were made per strip:
per puzzle, its status and ``[rule, marks, sha1 of the marks]`` per step."""


def corpus_puzzles(*folders):
    """The corpus puzzles of ``folders`` (and of the folders in them: nonogram-db keeps its puzzles by source) that
    the solver finishes in moments (knotty and faase left out)."""
    for folder in folders:
        for path in sorted((CORPUS / folder).rglob("*")):
            if path.suffix in (".non", ".nin") and path.stem not in ("knotty", "faase"):
                yield path


LINE_PUZZLES = list(corpus_puzzles("nonogram-db", "jwilk"))


@functools.cache
def solved(path, **options):
    """``paint.solve`` of the corpus puzzle ``path`` with the default options or ``options`` (of
    :class:`paint.SolveOptions`), solved once for every test that reads that solve (they read it and change nothing;
    they run on one worker, tests/conftest.py)."""
    return paint.solve(paint.load(path), paint.SolveOptions(**options) if options else None)


def reasons_of(result):
    """Every reason of every step of ``result``, probe links included."""
    for step in result.steps:
        yield from step.reasons


def check_event(derivation, side: str, index: int, clue) -> None:
    """One event rules out what it says: its cause holds on the squares, and the neighbour it cites bounds it."""
    events = derivation.events[side]
    event = events[index]
    squares = derivation.squares
    size = clue[event.target]
    start = side == "start"
    if event.cause == "edge":
        assert event.value == (0 if start else len(squares) - 1)
    elif event.cause == "after":
        other = events[event.cites]
        assert other.target == event.target + (-1 if start else 1)
        if start:
            assert event.value == other.value + clue[other.target] + 1
        else:
            assert event.value == other.value - clue[other.target] - 1
    elif event.cause == "gap":
        assert squares[event.square] == EMPTY
        if start:  # every start from the bound before to the square covers the empty square
            assert event.previous <= event.square < event.previous + size and event.value == event.square + 1
        else:
            assert event.previous - size < event.square <= event.previous and event.value == event.square - 1
    elif event.cause == "touch":
        assert squares[event.square] == FULL
        assert event.square == (event.previous - 1 if start else event.previous + 1)
        assert event.value == (event.previous + 1 if start else event.previous - 1)
    elif event.cause == "cover":
        assert squares[event.square] == FULL
        if start:
            assert event.value == event.square - size + 1
            if event.cites is not None:
                assert events[event.cites].value > event.square  # the next block cannot reach it
        else:
            assert event.value == event.square + size - 1
            if event.cites is not None:
                assert events[event.cites].value < event.square
    else:
        raise AssertionError(f"unknown cause {event.cause}")
    if event.cites is not None:
        assert event.cites < index, "an event may only cite one found before it"


def check_derivation(clue, squares, proofs: bool = True) -> None:
    """The derivation's bounds are the exact ones, and every event it records is sound; with ``proofs``, each
    bound's whole proof is built (:meth:`paint.bounds.Derivation.proof`) and ends with that bound, else only the
    bound's own fact is read (the proof's last: for the many lines of the corpus)."""
    derivation = Derivation(clue, squares)
    starts = block_starts(clue, squares)
    assert (derivation.failure is None) == (starts is not None)
    if starts is None:
        for index in range(len(derivation.events["start"])):
            check_event(derivation, "start", index, clue)
        return
    assert derivation.earliest == [min(places) for places in starts]
    assert derivation.latest == [max(places) + size - 1 for places, size in zip(starts, clue)]
    for side in ("start", "end"):
        for index in range(len(derivation.events[side])):
            check_event(derivation, side, index, clue)
        for target in range(len(clue)):  # the fact a bound's proof ends with gives that bound
            fact = derivation.proof(target, side)[-1] if proofs else derivation.fact(derivation.last(target, side),
                                                                                         side)
            assert fact.target == target and fact.value == (
                derivation.earliest[target] if side == "start" else derivation.latest[target])


@st.composite
def clue_and_line(draw):
    """A random clue and a random partly known line of up to 14 squares."""
    n = draw(st.integers(1, 14))
    clue = tuple(draw(st.lists(st.integers(1, 5), max_size=5)))
    squares = bytes(draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n, max_size=n)))
    return clue, squares


class TestDerivation:
    """paint.bounds derives the left-most and right-most placements exactly, by sound steps."""

    @settings(max_examples=600, deadline=None)
    @given(clue_and_line())
    def test_random_lines(self, case):
        """On random short lines the bounds match brute force and every event is sound."""
        clue, squares = case
        check_derivation(clue, squares)
        fits = consistent(clue, list(squares))
        assert (Derivation(clue, squares).failure is None) == bool(fits)

    @settings(max_examples=400, deadline=None)
    @given(clue_and_line())
    def test_known_behind_is_the_proof_squares(self, case):
        """The values of the known squares behind a block's bounds, worked out once per event, are those of the
        squares its proof (:meth:`Derivation.behind`) cites."""
        clue, squares = case
        derivation = Derivation(clue, squares)
        if derivation.failure is not None:
            return
        for j in range(len(clue)):
            for bounds in ([(j, "start")], [(j, "end")], [(j, "start"), (j, "end")]):
                cited = {derivation.squares[event.square] for fact in derivation.behind(bounds)
                         for event in fact.events if event.square is not None}
                assert derivation.known_behind(bounds) == cited

    def test_corpus_reasons(self):
        """Every reason of every step on the line-solvable corpus lists each block's exact bounds, soundly derived."""
        lines = {(reason.clue, bytes(reason.squares)) for path in LINE_PUZZLES for reason in reasons_of(solved(path))}
        for clue, squares in lines:  # each line once: the same clue and squares derive the same bounds
            check_derivation(clue, squares, proofs=False)
        assert len(lines) > 20000

    def test_core_still_fails(self):
        """The squares a failure is cut down to still leave no placement, and include the assumed square."""
        clue, squares = (1, 5, 4), bytearray(b"\0" * 6 + b"\2\2\0\2\2\2\0\0" + b"\1" * 7 + b"\2" * 4)
        needed = core(clue, squares, keep=(6,))
        assert Derivation(clue, needed).failure is not None and needed[6] == FULL
        assert all(needed[p] in (BLANK, squares[p]) for p in range(len(squares)))


class TestLineBeforeAndAfter:
    """In the JSON document, each line rule's step shows its strip before and after it, in paint line's notation."""

    @staticmethod
    def strip_text(rows, strip) -> str:
        squares = rows[strip.index] if strip.kind == "row" else [row[strip.index] for row in rows]
        return ">" + "".join(" -#"[value] for value in squares) + "<"

    @pytest.mark.parametrize("folder", ["nonogram-db", "jwilk", "survey"])
    def test_replayed_from_the_marks(self, folder):
        """For every line-rule step of every corpus solve (by strip, and Kramer's rounds for a sample),
        ``line.before`` and ``line.after`` of the step and of each reason are its strip replayed from the marks of
        the steps before it and of it; a probe link's ``after`` is its ``before`` with the link's marks, and its
        ``before`` agrees with the grid before the step wherever both know the square."""
        from paint.result import line_document, step_fields
        paths = [path for path in corpus_puzzles(folder) if path.stem != "webpbn-06574-forever"]
        results = [(solved(path), True) for path in paths] + [(solved(path, steps="rule"), False)
                                                              for path in paths[::10]]
        lines = 0
        for number, (result, by_strip) in enumerate(results):
            rows = [[0] * result.puzzle.width for _ in range(result.puzzle.height)]
            for step in result.steps:
                reasons = step.reasons if step.chain is None else ()
                links = step.chain.links if step.chain is not None else ()
                before = [self.strip_text(rows, reason.strip) for reason in reasons]
                known = [self.strip_text(rows, link.strip) for link in links]
                before_rows = [list(row) for row in rows]
                for mark in step.marks:
                    rows[mark.row][mark.column] = int(mark.value)
                for reason, was in zip(reasons, before):
                    shown, now = line_document(reason, step.marks), self.strip_text(rows, reason.strip)
                    if by_strip:
                        assert (shown["before"], shown["after"]) == (was, now), step.line
                    else:  # a round works its strips one after another: each as it was when worked
                        assert all(k == " " or k == b for k, b in zip(was, shown["before"])), step.line
                        assert all(m == " " or m == a for m, a in zip(shown["after"], now)), step.line
                    lines += 1
                if number % 10 == 0:  # the document carries them: each reason's, and the step's on one strip
                    fields = dict(step_fields(step))
                    assert [document["line"] for document in fields["reasons"]] == [
                        line_document(reason, step.marks) for reason in reasons]
                    one_strip = step.chain is None and step.strip is not None and len(step.reasons) == 1
                    searched = step.search is not None and step.search.squares is not None and \
                        step.strip == step.search.branches[0].placement.strip
                    assert ("line" in fields) == (one_strip or searched)
                    if one_strip:
                        assert fields["line"] == fields["reasons"][0]["line"]
                    if searched:  # a search step's: its block's strip, replayed likewise
                        assert (fields["line"]["before"], fields["line"]["after"]) == (
                            self.strip_text(before_rows, step.strip), self.strip_text(rows, step.strip)), step.line
                for link, was in zip(links, known):
                    if link.reason is None:
                        continue
                    shown = line_document(link.reason, link.marks)
                    # the squares the link's reason reads (a chain keeps only those a later link or the break needs)
                    assert all(" " in (k, b) or k == b for k, b in zip(was, shown["before"])), step.line
                    changed = {mark.position + 1 for mark in link.marks}
                    assert all((a != b) == (i in changed)
                               for i, (a, b) in enumerate(zip(shown["before"], shown["after"]))), step.line
        assert lines > 1000


class TestReasonsFollow:
    """Every mark a step makes follows from the bounds its reason lists."""

    def test_marks_follow_from_the_bounds(self):
        """overlap marks lie where the block lies however it is placed; unreachable marks lie in no block's range."""
        for path in LINE_PUZZLES[::3] + [CORPUS / "survey" / "webpbn-00023-edge.non"]:
            result = solved(path)
            pairs = [(reason, step.marks) for step in result.steps if step.chain is None for reason in step.reasons]
            pairs += [(link.reason, link.marks) for step in result.steps if step.chain is not None
                      for link in step.chain.links]
            for reason, made in pairs:
                document = paint.result.reason_document(reason)
                blocks = document["blocks"]
                marks = [m for m in made if m.strip == reason.strip]
                assert marks
                positions = [m.position + 1 for m in marks]
                if reason.rule == "overlap":
                    # each mark lies in what the block the reason names covers, and its bounds give exactly that
                    for position in positions:
                        cover = next(c for c in document["covers"] if c["first"] <= position <= c["last"])
                        block = blocks[cover["block"] - 1]
                        assert (cover["first"], cover["last"]) == (block["latest"] - block["size"] + 1,
                                                                   block["earliest"] + block["size"] - 1)
                if reason.rule == "unreachable":
                    # each mark lies in a stretch between the blocks the reason names, out of every block's reach
                    for position in positions:
                        stretch = next(s for s in document["stretches"] if s["first"] <= position <= s["last"])
                        if stretch["after_block"] is not None:
                            assert blocks[stretch["after_block"] - 1]["latest"] < stretch["first"]
                        if stretch["before_block"] is not None:
                            assert blocks[stretch["before_block"] - 1]["earliest"] > stretch["last"]
                        assert not any(block["earliest"] <= position <= block["latest"] for block in blocks)

    def test_try_one_witnesses_break(self):
        """Each square try_one marks comes with known squares of its strip that, with the square's other value,
        leave no placement (checked by brute force), and the JSON lists exactly those squares."""
        checked = 0
        for path in LINE_PUZZLES:
            for step in solved(path).steps:
                for reason in step.reasons:
                    if reason.rule != "try_one":
                        continue
                    document = paint.result.reason_document(reason)
                    assert [t["square"] for t in document["tried"]] == [p + 1 for p, _ in reason.detail.squares]
                    for tried in document["tried"]:
                        line = [BLANK] * len(reason.squares)
                        for given in tried["given"]:
                            assert reason.squares[given["square"] - 1] == (FULL if given["value"] == "full" else EMPTY)
                            line[given["square"] - 1] = FULL if given["value"] == "full" else EMPTY
                        assert tried["assumed"] != tried["value"]
                        line[tried["square"] - 1] = FULL if tried["assumed"] == "full" else EMPTY
                        assert not consistent(reason.clue, line)
                        checked += 1
        assert checked > 10


class TestSteps:
    """One strip per step by default; Kramer's grouping with --steps rule, exactly as the engine made it before."""

    def test_ended_is_evolve(self):
        """Step.ended, made field by field for speed, is attrs.evolve(step, last=True): on a step whose every
        field differs from its default, so that a field added to Step and left out of ended fails here."""
        import attrs
        from paint.explanation import Chain, Mark, Step
        from paint.strip import StripId
        row = StripId("row", 0)
        chain = Chain(Mark(0, 0, FULL, row), (), row, (3,), "try_one", "no room", bytes([FULL, BLANK, EMPTY]))
        search = object()  # any record: Step keeps it as given
        step = Step(7, "edge", (Mark(0, 1, EMPTY, row),), ("a reason",), chain, search, 3, False,
                    Mark(0, 2, FULL, row))
        for field in attrs.fields(Step):
            default = field.default.factory(step) if isinstance(field.default, attrs.Factory) else field.default
            assert getattr(step, field.name) != default, field.name
        assert step.ended() == attrs.evolve(step, last=True)
        assert step.ended().last and not step.last

    @pytest.mark.parametrize("path", LINE_PUZZLES[::15] + [CORPUS / "survey" / "webpbn-00023-edge.non",
                                                           CORPUS / "jwilk" / "data083.nin"],
                             ids=lambda path: path.name)
    def test_one_strip_per_step(self, path):
        """In strip mode every step's marks lie on one strip, and its reason is that strip's."""
        for step in solved(path).steps:
            assert step.strip is not None
            assert all(reason.strip == step.strip for reason in step.reasons if step.chain is None)

    # forever (searched for seconds) is left out: light and petroglyph keep a search in the replay
    @pytest.mark.parametrize("name", sorted(set(RULE_STEPS) - {"survey/webpbn-06574-forever.non"}))
    def test_rule_mode_is_kramers(self, name):
        """In rule mode the steps are those the engine made before: same rules, same marks, in the same order."""
        import hashlib
        result = solved(CORPUS / name, steps="rule")
        got = []
        for step in result.steps:
            text = ";".join(f"{m.row},{m.column},{int(m.value)},{m.strip.kind[0]}{m.strip.index}" for m in step.marks)
            got.append([step.rule, len(step.marks), hashlib.sha1(text.encode()).hexdigest()[:12]])
        assert result.status == RULE_STEPS[name]["status"]
        assert got == RULE_STEPS[name]["steps"]

    # every corpus puzzle solved in moments (forever, searched for seconds, passes the same check run on its own)
    # and every shipped puzzle
    @pytest.mark.parametrize("path", [*LINE_PUZZLES, *(path for path in corpus_puzzles("survey")
                                                       if path.stem != "webpbn-06574-forever"),
                                      *sorted((ROOT / "puzzles").glob("*.pro"))],
                             ids=lambda path: f"{path.parent.name}/{path.name}")
    def test_the_simplest_step_first(self, path):
        """By strip, every step is the simplest the grid before it allows: no rule of a lower rung finds
        anything on any strip of that grid, and a probe or search step comes only when an exact line solver
        (dynamic programming, not the solver the rules use) can settle no square of any strip."""
        result = solved(path)
        assert_simplest_first(result.puzzle, result.steps)

    def test_a_step_taken_too_early_is_caught(self):
        """The check of :meth:`test_the_simplest_step_first` fails for a probe step swapped with the line step just
        before it, and for a line step swapped with the one before it of a lower rung."""
        from paint.rules import BY_NAME
        result = solved(CORPUS / "survey" / "webpbn-00023-edge.non")
        steps, rung = result.steps, (lambda step: BY_NAME[step.rule].rung)
        line = [BY_NAME[step.rule].scope == "strip" for step in steps]
        probe = next(i for i in range(1, len(steps)) if line[i - 1] and steps[i].chain is not None)
        with pytest.raises(AssertionError, match=f"step {steps[probe].number} .* could mark"):
            assert_simplest_first(result.puzzle, [*steps[:probe - 1], steps[probe], steps[probe - 1]])
        higher = next(i for i in range(1, len(steps))
                      if line[i - 1] and line[i] and rung(steps[i - 1]) < rung(steps[i]))
        with pytest.raises(AssertionError, match=f"step {steps[higher].number} .* could mark"):
            assert_simplest_first(result.puzzle, [*steps[:higher - 1], steps[higher], steps[higher - 1]])
        assert_simplest_first(result.puzzle, steps)

    def test_rule_mode_keeps_kramers_rounds(self):
        """By rule, a round of a dearer rule still works every pending strip, as in Kramer's program: some
        round of a rule above overlap marks squares on several strips."""
        result = solved(CORPUS / "jwilk" / "data083.nin", steps="rule")
        assert any(step.rule not in ("overlap", "search") and len({m.strip for m in step.marks}) > 1
                   for step in result.steps)


def assert_simplest_first(puzzle, steps) -> None:
    """Fail unless each of ``steps`` (of ``puzzle``, by strip, from a blank grid) is the simplest step its grid
    allows: no rule of a lower rung finds anything on any strip, and before a probe or search step an exact line
    solver (dynamic programming, not the solver the rules use) settles no square of any strip.

    A strip is looked at again only once a step has changed it, or when a step of a higher rung asks more of it
    than was checked (what a rule finds on a strip depends on that strip's squares alone)."""
    from paint.linesolvers.dp import solve as dp_solve
    from paint.rules import BY_NAME
    from paint.strip import Strip, StripId
    height, width = puzzle.height, puzzle.width
    strips = [(StripId("row", r), puzzle.rows[r]) for r in range(height)] + [
        (StripId("column", c), puzzle.columns[c]) for c in range(width)]
    squares = [bytearray(width) for _ in range(height)] + [bytearray(height) for _ in range(width)]
    line_rules = sorted((rule for rule in BY_NAME.values() if rule.scope == "strip"), key=lambda rule: rule.rung)
    checked = [-1] * len(strips)  # per strip, the highest rung below which its squares were found to give nothing
    exact = [False] * len(strips)  # per strip, whether the exact line solver was found to settle nothing there

    def check(index: int, below: float, settle: bool, step) -> None:
        strip_id, clue = strips[index]
        line = bytes(squares[index])
        if checked[index] < below:
            strip = Strip(strip_id, clue, bytearray(line))
            strip.update_patches()
            for rule in line_rules:
                if checked[index] <= rule.rung < below:
                    assert strip.done or rule.find(strip) is None, \
                        f"step {step.number} ({step.rule}) was taken while {rule.name} could mark {strip_id}"
            checked[index] = below
        if settle and not exact[index]:
            solved_line = dp_solve(clue, line)
            assert solved_line is None or solved_line == line, \
                f"step {step.number} ({step.rule}) was taken while line logic could settle {strip_id}"
            exact[index] = True

    for step in steps:
        rung = BY_NAME[step.rule].rung if step.rule in BY_NAME else None  # None: search, above every rung
        below = float("inf") if rung is None else rung
        settle = rung is None or BY_NAME[step.rule].scope == "world"
        for index in range(len(strips)):
            check(index, below, settle, step)
        for mark in step.marks:
            for index in (mark.row, height + mark.column):
                position = mark.column if index < height else mark.row
                squares[index][position] = mark.value
                checked[index], exact[index] = -1, False


SAMPLE = LINE_PUZZLES[::7] + list(corpus_puzzles("survey"))[:8]


class TestWords:
    """The explanation speaks of blocks and clues, never breaks a place across lines, and names techniques."""

    @pytest.mark.parametrize("path", SAMPLE, ids=lambda path: path.name)
    def test_no_jargon(self, path):
        """No 'target' or 'patch' in the default explanation."""
        text = render_text(solved(path), grids=False)
        assert not re.search(r"\btargets?\b|\bpatch(es)?\b", text)
        assert not re.search(r"\b(rows?|columns?) 0\b", text), "rows and columns count from 1"

    @pytest.mark.parametrize("path", SAMPLE, ids=lambda path: path.name)
    def test_places_never_broken(self, path):
        """No printed line ends inside a place: never on 'row', 'column', a square's 'row N,' or a range cut
        at its dash; and a line longer than the width holds only one piece too long to break."""
        result = solved(path)
        for width in (40, 100):  # the narrowest that keeps a place whole, and a wide terminal
            text = render_text(result, grids=False, detail=True, width=width)
            lines = text.splitlines()
            for line, following in zip(lines, lines[1:] + [""]):
                if re.fullmatch(r"\d+ columns? x \d+ rows?", line):
                    continue  # the puzzle's size, under its title
                assert not re.search(r"\b(rows?|columns?)$|\d-$|^\s*-\d", line), (width, line)
                assert not (re.search(r"\brow \d+,$", line) and re.match(r"\s*column \d", following)), (width, line)
                # words (not a picture: its rows hold '|', its clue lines Kramer's letters for numbers over 9)
                # nor a step's line drawn before and after, between '>' and '<', under its ruler
                words = (re.match(r"\d+\. |    ", line) and re.search(r"\b[a-z]{3,}\b", line) and "|" not in line
                         and not re.fullmatch(r"    (before|after) +>.*<", line))
                if len(line) > width and words:  # a step or a reason (not the summary or a picture)
                    assert " " not in line.strip(), (width, line)

    def test_a_list_with_its_colon_is_broken_when_it_would_stick_out(self):
        """A list of places that fits a line alone but not with the colon after it is broken after a comma, not
        left sticking out past the width (jwilk data059 at width 40)."""
        from paint.render.text import wrap
        text = "no block can reach columns 1-5, 7, 11-17, 19, 28-30: they lie outside the range of every block"
        lines = wrap(text, 40, "    ", "        ")
        assert all(len(line) <= 40 for line in lines), lines
        assert " ".join(line.strip() for line in lines) == text
        text = "overlap: 4 full - row 1 (columns 1, 3, 5, 7); column 5 (row 2)"  # a bracket before, ');' after
        lines = wrap(text, 31, "", " " * 12)
        assert all(len(line) <= 31 for line in lines), lines
        assert " ".join(line.strip() for line in lines) == text

    def test_blocks_named_by_ordinal(self):
        """A clue that repeats a number names its blocks by ordinal: the first 1, the second 1."""
        result = paint.solve(paint.load(ROOT / "puzzles" / "dancer.pro"))
        text = render_text(result, grids=False)
        assert "the first 1" in text and "the second 1" in text

    def test_techniques_are_named(self):
        """The techniques are named where their reasons show them: over a sample of the corpus each of the line
        techniques is named, each named step's reason holds what the technique is about, and docs/rules.md
        gives every technique an example."""
        named: dict = {}
        for path in SAMPLE[:20]:
            for step in solved(path).steps:
                if step.technique is not None:
                    named.setdefault(step.technique, step)
        assert {"simple boxes", "forcing", "glue", "simple spaces", "mercury", "contradiction"} <= set(named)
        assert named["simple boxes"].rule == named["forcing"].rule == named["glue"].rule == "overlap"
        assert "however it lies" in " ".join(named["simple boxes"].reasons[0].lines)
        assert "empty" in " ".join(named["forcing"].reasons[0].lines)
        assert "full" in " ".join(named["glue"].reasons[0].lines)
        assert named["contradiction"].rule in ("try_one", "edge", "corner")
        rules_doc = (ROOT / "docs" / "rules.md").read_text()
        for technique in TECHNIQUES:
            assert technique in rules_doc, technique

    @pytest.mark.parametrize("path", SAMPLE[:12], ids=lambda path: path.name)
    def test_named_steps_show_their_pattern(self, path):
        """Each step named by a line technique shows that technique's pattern in its reason: simple boxes no bound a
        known square moved, forcing only empty squares, glue a full square its block must cover, mercury a full
        square that holds its block, joining and splitting a marked square between two full squares, punctuating a
        whole block (each checked on the reason's own lines or squares)."""
        full_cited = re.compile(r"cover the full|touch the full square|(before|after) the full")
        for step in solved(path).steps:
            named = step.technique
            for reason in step.reasons if step.chain is None else ():
                text = " ".join(reason.lines)
                marks = [m.position for m in step.marks if m.strip == reason.strip]
                if "pushed as far" in text:  # the bounds said as two placements: the pattern is on the squares
                    if named in ("glue", "mercury"):
                        assert FULL in reason.squares, step.line
                    elif named == "forcing":
                        assert EMPTY in reason.squares, step.line
                    continue
                if named == "simple boxes":
                    assert all("however it lies" in line for line in reason.lines), step.line
                elif named == "forcing":
                    assert "empty" in text and not full_cited.search(text), step.line
                elif named == "glue":
                    assert full_cited.search(text) or "so it reaches" in text, step.line
                elif named == "mercury":
                    assert full_cited.search(text), step.line
                elif named == "joining and splitting":
                    # some marked squares fill, or split, the whole gap between two runs of full squares
                    squares, marked = reason.squares, set(marks)
                    ends = [(p, q) for p in marked if p - 1 not in marked for q in marked
                            if q + 1 not in marked and q >= p and all(x in marked for x in range(p, q + 1))]
                    assert any(0 < p and q < len(squares) - 1 and squares[p - 1] == FULL == squares[q + 1]
                               for p, q in ends), step.line
                elif named == "punctuating":
                    assert "it is a whole block" in text, step.line

    def test_failures_that_show_on_the_squares_are_said_so(self):
        """A line that breaks because a run is longer than every block, or because more stretches between empty
        squares hold a full square than there are blocks, is said so in one line; other failures by the bounds."""
        from paint.wording import failure_lines
        run = bytes([0, 0, 0, 0, 0, FULL, FULL, FULL, 0, 0])
        assert failure_lines(Derivation((1, 2), run), (1, 2), "column") == [
            "so columns 6-8 would be a run of 3 full squares, and no block is longer than 2"]
        apart = bytes([FULL, EMPTY, FULL, EMPTY, FULL])
        assert failure_lines(Derivation((1, 1), apart), (1, 1), "row") == [
            "so the full squares lie in 3 stretches between empty squares, each needing a block of its own, but "
            "the clue has only 2 blocks"]
        lines = failure_lines(Derivation((3,), bytes([FULL, 0, 0, 0, FULL])), (3,), "row")
        assert len(lines) > 1 and lines[-1].startswith("so ")

    def test_try_one_gives_a_witness(self):
        """A try_one step says, for each square, what its other value would break, line by line."""
        result = paint.solve(paint.load(CORPUS / "jwilk" / "data020.nin"))
        step = next(s for s in result.steps if s.rule == "try_one")
        lines = step.reasons[0].lines
        assert lines[0].startswith("if row ") and "no placement of the blocks would fit" in lines[0]
        assert lines[-1].lstrip().startswith("so ")

    @pytest.mark.parametrize("path", SAMPLE[:12], ids=lambda path: path.name)
    def test_no_double_spaces(self, path):
        """Step and reason lines have single spaces between words."""
        from paint.render.text import StepPart, result_parts
        for part in result_parts(solved(path), grids=False, detail=True):
            if isinstance(part, StepPart):
                for line in [*part.lines, *part.reasons]:
                    assert not re.search(r"\S  +\S", line), line


PROBE_PUZZLES = [CORPUS / "survey" / f"webpbn-{name}.non"
                 for name in ("00023-edge", "00027-bucks", "00065-mum", "00436-petroglyph", "01611-merka")] + [
                 CORPUS / "jwilk" / "data091.nin"]
"""Survey puzzles whose solves take probe steps, quick enough to replay every chain, and a jwilk puzzle whose
chains have links found by a contradiction on their own strip (try_one inside the probe)."""


@functools.cache
def probe_steps(path):
    """Each probe step of the solve of ``path`` with the grid just before it (rows of squares), in order."""
    after: dict[int, list[bytes]] = {}
    puzzle = paint.load(path)

    def keep(step, grid) -> None:
        after[step.number] = [bytes(row) for row in grid.rows]

    result = paint.solve(puzzle, on_step=keep)
    blank = [bytes(puzzle.width) for _ in range(puzzle.height)]
    return [(step, after.get(step.number - 1, blank)) for step in result.steps if step.chain is not None]


def line_of(rows, strip, known) -> bytearray:
    """Strip ``strip``'s squares in the grid ``rows`` with the marks ``known`` ({(row, column): value}) laid over."""
    if strip.kind == "row":
        squares = bytearray(rows[strip.index])
    else:
        squares = bytearray(row[strip.index] for row in rows)
    for position in range(len(squares)):
        value = known.get(strip.square(position))
        if value is not None:
            squares[position] = value
    return squares


class TestChains:
    """A probe's chain keeps only the links its break needs, each following from the assumption and the links before it."""

    @pytest.mark.parametrize("path", PROBE_PUZZLES, ids=lambda path: path.stem)
    def test_kept_links_replay(self, path):
        """Replayed on the grid before its step with only the assumption and the kept links before it, each link's
        marks follow from its strip by the exact line solver, its reason cites only squares known then, and the
        broken strip cannot be completed."""
        from paint.linesolvers import exact
        steps = probe_steps(path)
        assert steps
        for step, rows in steps:
            chain = step.chain
            known = {(chain.assumed.row, chain.assumed.column): chain.assumed.value}
            for link in chain.links:
                squares = line_of(rows, link.strip, known)
                assert all(squares[mark.position] == BLANK for mark in link.marks), step.line
                if link.reason is not None:
                    assert all(was in (BLANK, now) for was, now in zip(link.reason.squares, squares)), step.line
                settled = exact(link.clue, bytes(squares))
                assert settled is not None, step.line
                assert all(settled[mark.position] == mark.value for mark in link.marks), (step.line, link.text)
                known.update(((mark.row, mark.column), mark.value) for mark in link.marks)
            squares = line_of(rows, chain.broken, known)
            assert exact(chain.broken_clue, bytes(squares)) is None, step.line
            assert all(was in (BLANK, now) for was, now in zip(chain.broken_squares, squares)), step.line

    def test_try_one_links_keep_only_squares_read_later(self):
        """A try_one link of a chain keeps only the squares a later link or the broken strip reads, and tells the
        witness of just those: the others would each add a contradiction nothing needs (forever's longest step
        went from 54 lines to 26; it is the corpus puzzle whose chains have such links: its steps 125 and 172, each
        solved from the grid just before it, tests/data/grids)."""
        from paint.rules import BY_NAME
        from paint.strip import Strip
        forever = paint.load(CORPUS / "survey" / "webpbn-06574-forever.non")
        results = [solved(path) for path in PROBE_PUZZLES] + [
            paint.solve(forever, paint.SolveOptions(search=False), start=paint.load_grid(grid, forever))
            for grid in sorted((ROOT / "tests" / "data" / "grids").glob("forever-before-step-*.txt"))]
        links = trimmed = 0
        for result in results:
            for step in result.steps:
                chain = step.chain
                for index, link in enumerate(chain.links if chain is not None else ()):
                    if link.rule != "try_one":
                        continue
                    links += 1
                    later = {chain.broken.square(p) for p, value in enumerate(chain.broken_squares) if value}
                    for after in chain.links[index + 1:]:
                        later |= {after.strip.square(p) for p, value in enumerate(after.reason.squares) if value}
                    assert all((mark.row, mark.column) in later for mark in link.marks), (step.line, link.text)
                    assert [position for position, _ in link.reason.detail.squares] == [
                        mark.position for mark in link.marks], step.line
                    strip = Strip(link.strip, link.clue, bytearray(link.reason.squares))
                    trimmed += len(BY_NAME["try_one"].find_on(strip).marks) > len(link.marks)
        assert links > 0 and trimmed > 0

    def test_chains_keep_only_needed_links(self):
        """Each kept link is needed: without its marks (and those of the links only it leads to), the links after
        it or the break would no longer follow, on the edge puzzle's chains."""
        from paint.linesolvers import exact
        steps = probe_steps(PROBE_PUZZLES[0])
        for step, rows in steps:
            chain = step.chain
            for dropped in range(len(chain.links)):
                known = {(chain.assumed.row, chain.assumed.column): chain.assumed.value}
                holds = True
                for index, link in enumerate(chain.links):
                    if index == dropped:
                        continue
                    settled = exact(link.clue, bytes(line_of(rows, link.strip, known)))
                    if settled is None or any(settled[m.position] != m.value for m in link.marks):
                        holds = False
                        break
                    known.update(((m.row, m.column), m.value) for m in link.marks)
                if holds:
                    holds = exact(chain.broken_clue, bytes(line_of(rows, chain.broken, known))) is None
                if holds:  # the line logic does without it; then a later link's reason, or the break's, reads it
                    gone = {(m.row, m.column) for m in chain.links[dropped].marks}
                    read = [(link.strip, link.reason.squares) for link in chain.links[dropped + 1:]
                            if link.reason is not None] + [(chain.broken, chain.broken_squares)]
                    holds = not any(strip.square(position) in gone for strip, squares in read
                                    for position, value in enumerate(squares) if value != BLANK)
                assert not holds, (step.line, chain.links[dropped].text)

    def test_links_that_say_the_same_are_said_together(self):
        """Links of one generation that mark the same squares alike on strips of one kind are one line ("columns
        2, 6 would each make rows 10-11 empty"), and every link of the chain is said in some line."""
        from paint.wording import links_text
        grouped = 0
        for path in PROBE_PUZZLES[:2]:
            for step, _ in probe_steps(path):
                chain = step.chain
                pieces = chain.pieces
                assert sum(len(group) for group in pieces) == len(chain.merged)
                for group in pieces:
                    first = group[0]
                    said = {(mark.position, mark.value) for mark in first.marks}
                    for link in group[1:]:
                        grouped += 1
                        assert (link.generation, link.strip.kind) == (first.generation, first.strip.kind)
                        assert {(mark.position, mark.value) for mark in link.marks} == said
                    if len(group) > 1:
                        assert " would each make " in links_text(group) in chain.text
        assert grouped

    def test_a_chain_without_links_reads_as_one_sentence(self):
        """When the assumed square's own strip breaks at once, the chain says so in one sentence, with no dangling
        'and'."""
        from paint.explanation import Chain, Mark, Step
        from paint.squares import Square
        from paint.strip import StripId
        from paint.wording import step_body
        row = StripId("row", 0)
        squares = bytes([FULL, BLANK, EMPTY, BLANK, BLANK])
        chain = Chain(Mark(0, 0, Square.FULL, row), (), row, (3,), "try_one", "no room", squares)
        step = Step(1, "edge", (Mark(0, 0, Square.EMPTY, row),), chain=chain)
        body = step_body(step)
        assert body[0] == (1, "if row 1, column 1 were full, row 1 [3] could not be completed:")
        assert all(depth == 2 for depth, _ in body[1:]) and body[1:]
        assert chain.text.startswith("row 1, column 1 cannot be full - row 1 [3] could not be completed: ")
        assert " and " not in chain.text.split(":")[0]

    def test_a_nested_contradiction_is_told(self):
        """A link found by a contradiction on its own strip (try_one inside the probe) has that contradiction's
        reason under it in the default explanation, not only with --detail."""
        from paint.wording import step_body
        told = 0
        for path in PROBE_PUZZLES:
            for step, _ in probe_steps(path):
                body = step_body(step)
                for group in step.chain.pieces:
                    nested = step.chain.nested(group[0])
                    if not nested:
                        continue
                    told += 1
                    line = (2, group[0].text) if len(group) == 1 else None
                    at = body.index(line)
                    said = [text for depth, text in body[at + 1:at + 1 + len(nested[0].reason.lines)]]
                    assert said[0].startswith("if ") and "no placement of the blocks would fit" in said[0]
                    assert body[at + 1][0] == 3
        assert told

    def test_a_follow_narrowed_to_what_its_break_needs_gives_the_same_chain(self, monkeypatch):
        """The rules work only the strips a probe's break (or a search's agreed squares) needs
        (:func:`paint.rules.probe._needed`), and every chain and derivation of the probe puzzles' solves, their
        search steps' included (forever's), is the one the whole follow gives - or None, where it finds none -
        with a fraction of the strips worked."""
        from paint.rules import probe
        compared = []
        worked = {"narrowed": 0, "whole": 0}
        real_run, real_derive, real_work = probe._Follower.run_marks, probe._Follower.derive, probe._Follower.work

        def whole(follower):
            plain = probe._Follower(follower.engine, follower.rules)
            plain.narrowed = lambda *args: False
            plain.whole = True
            return plain

        def run_marks(self, placed, generations):
            found = real_run(self, placed, generations)
            if self.only is None and not getattr(self, "whole", False):
                narrowed = self.narrowed(placed, generations)
                assert narrowed is not False  # the rules are complete: it is narrowed
                own = None if narrowed is None else real_run(narrowed, placed, generations)  # no whole follow after
                assert own == found
                compared.append(("chain", own, real_run(whole(self), placed, generations)))
            return found

        def derive(self, placed, targets):
            found = real_derive(self, placed, targets)
            if self.only is None and not getattr(self, "whole", False):
                narrowed = self.narrowed(placed, probe.UNBOUNDED, targets)
                assert narrowed is not False
                own = None if narrowed is None else real_derive(narrowed, placed, targets)
                assert own == found
                compared.append(("derivation", own, real_derive(whole(self), placed, targets)))
            return found

        def work(self, index, generation):
            worked["whole" if getattr(self, "whole", False) else "narrowed"] += 1
            return real_work(self, index, generation)

        monkeypatch.setattr(probe._Follower, "run_marks", run_marks)
        monkeypatch.setattr(probe._Follower, "derive", derive)
        monkeypatch.setattr(probe._Follower, "work", work)
        for path in [*PROBE_PUZZLES, CORPUS / "survey" / "webpbn-06574-forever.non"]:  # forever: case analysis
            paint.solve(paint.load(path))
        assert all(found == wanted for _, found, wanted in compared)
        chains = [found for kind, found, _ in compared if kind == "chain" and found is not None]
        derivations = [found for kind, found, _ in compared if kind == "derivation" and found is not None]
        assert len(chains) > 150 and len(derivations) > 50
        assert sum(found is None for _, found, _ in compared) > 10  # places whose core alone breaks nothing
        assert worked["narrowed"] * 2 < worked["whole"]  # each narrowed follow ran twice here: a quarter

    def test_a_solve_without_chains_takes_the_same_steps_with_the_same_lines(self):
        """``SolveOptions(chains=False)`` (``paint solve --brief``, ``paint check``): the same steps, marks and lines
        as with the chains, each probe step with the square it assumed but no chain, each search step's places
        that broke untold (no chain, no strip named); on mum, 17 probe steps and 3 search steps."""
        from paint.search.bfs import Outcome
        puzzle = paint.load(CORPUS / "survey" / "webpbn-00065-mum.non")
        told, bare = paint.solve(puzzle), paint.solve(puzzle, paint.SolveOptions(chains=False))
        assert told.grid == bare.grid and told.status == bare.status == "solved"
        assert [step.line for step in told.steps] == [step.line for step in bare.steps]
        assert [step.marks for step in told.steps] == [step.marks for step in bare.steps]
        pairs = list(zip(told.steps, bare.steps))
        probes = [(with_, without) for with_, without in pairs if with_.rule in ("edge", "corner")]
        assert len(probes) == 17
        for with_, without in probes:
            assert without.chain is None and without.technique == with_.technique == "contradiction"
            assert without.assumed == with_.assumed == with_.chain.assumed
        searches = [(with_, without) for with_, without in pairs if with_.rule == "search"]
        assert len(searches) == 3
        for with_, without in searches:
            broke = [index for index, tried in enumerate(with_.search.branches)
                     if tried.outcome is Outcome.CONTRADICTION]
            assert broke and all(with_.search.branches[i].broken is not None for i in broke)
            assert all(without.search.branches[i].chain is None and without.search.branches[i].broken is None
                       for i in broke)
        # a result without chains is still shown whole, as the places told by less
        assert render_text(bare, detail=True) and json.loads(bare.to_json())["status"] == "solved"


def test_long_reasons_said_as_placements_without_being_worded_fact_by_fact():
    """A line rule's reason of more items (spans, stretches, gaps, runs) than ``LONGEST`` is said as the two
    placements without wording its facts one a line first: the same lines as wording them, finding them too
    many, and saying the placements instead (random dense puzzles, whose long lines have many spans)."""
    import random

    from paint.wording import LONGEST, PLACED, placed_lines, reason_lines

    rng = random.Random(7)
    seen = 0
    for size in (40, 60):
        picture = [[rng.random() < 0.85 for _ in range(size)] for _ in range(size)]
        result = paint.solve(paint.Puzzle(rows=[runs_of(row) for row in picture],
                                          columns=[runs_of(column) for column in zip(*picture)]))
        for step in result.steps:
            for reason in step.reasons:
                if reason.rule not in PLACED:
                    continue
                bounds = reason.row.bounds(reason)
                lines = reason.row.words(reason, bounds)
                if len(lines) > LONGEST:
                    lines = placed_lines(reason.derivation, reason.clue, reason.strip.crossing) + \
                        reason.row.words(reason, bounds, said=False)
                    seen += len(bounds) > LONGEST
                assert reason_lines(reason) == [line if isinstance(line, tuple) else (0, line) for line in lines]
    assert seen > 10


def runs_of(line) -> list[int]:
    """The clue of a line of booleans (True full)."""
    return [len(run) for run in "".join("X" if full else " " for full in line).split()]
