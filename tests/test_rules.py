"""Each rule on the shared line table, and each rule's soundness against brute force."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from line_cases import BAD_CASES, EXACT_CASES, RULE_CASES, parse_clue, parse_line, show_line
from paint.errors import StripContradiction
from paint.rules import BY_NAME, LINE_RULE_NAMES as RULE_NAMES
from paint.strip import Strip, StripId


def arrangements(targets, n):
    """Every placement of ``targets`` in ``n`` squares as a list of square values (brute force)."""
    def place(i, first):
        if i == len(targets):
            yield []
            return
        rest = sum(targets[i + 1:]) + len(targets) - i - 1
        for start in range(first, n - targets[i] - rest + 1):
            for tail in place(i + 1, start + targets[i] + 1):
                yield [start] + tail
    for starts in place(0, 0):
        line = [1] * n
        for start, target in zip(starts, targets):
            line[start:start + target] = [2] * target
        yield line


def consistent(targets, squares):
    """The brute-force placements that agree with the known squares."""
    return [line for line in arrangements(targets, len(squares))
            if all(s == 0 or s == v for s, v in zip(squares, line))]


def run_rule(name, targets, squares):
    """Apply one rule to a row holding ``squares``; return the squares after its marks."""
    strip = Strip(StripId("row", 0), targets, bytearray(squares))
    strip.update_patches()
    finding = BY_NAME[name].find(strip)
    after = list(squares)
    if finding is not None:
        for position, value in finding.marks:
            assert after[position] == 0, "a rule marked a square that was not blank"
            after[position] = int(value)
        assert finding.detail is not None
    return after


class TestRuleTable:
    @pytest.mark.parametrize("rule, clue, before, after", RULE_CASES)
    def test_rule_case(self, rule, clue, before, after):
        """Each rule concludes exactly the table's marks from the table's line."""
        got = run_rule(rule, parse_clue(clue), parse_line(before))
        assert show_line(got) == after

    def test_every_rule_has_cases(self):
        """The table exercises every registered rule."""
        assert {case[0] for case in RULE_CASES} == set(RULE_NAMES)

    @pytest.mark.parametrize("clue, before, after", EXACT_CASES)
    def test_try_one_is_complete(self, clue, before, after):
        """try_one reaches everything complete line logic concludes (seed 000 and 001 examples)."""
        assert show_line(run_rule("try_one", parse_clue(clue), parse_line(before))) == after

    @pytest.mark.parametrize("clue, before, after", EXACT_CASES)
    def test_rules_to_fixpoint_are_complete(self, clue, before, after):
        """All rules applied in order until nothing changes reach the complete result."""
        squares = parse_line(before)
        while True:
            for name in RULE_NAMES:
                new = run_rule(name, parse_clue(clue), squares)
                if new != squares:
                    squares = new
                    break
            else:
                break
        assert show_line(squares) == after

    @pytest.mark.parametrize("rule", RULE_NAMES)
    @pytest.mark.parametrize("clue, line", BAD_CASES)
    def test_bad_line_raises(self, rule, clue, line):
        """A line whose blocks cannot be placed raises StripContradiction before or inside any rule."""
        with pytest.raises(StripContradiction):
            run_rule(rule, parse_clue(clue), parse_line(line))


@st.composite
def clue_and_line(draw):
    """A random clue and a random partly known line of up to 12 squares."""
    n = draw(st.integers(1, 12))
    targets = tuple(draw(st.lists(st.integers(1, 5), max_size=4)))
    squares = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=n, max_size=n))
    return targets, squares


class TestRuleSoundness:
    @settings(max_examples=400, deadline=None)
    @given(clue_and_line(), st.sampled_from(RULE_NAMES))
    def test_rule_marks_hold_in_every_placement(self, case, rule):
        """Every mark a rule makes agrees with every placement of the blocks that fits the line."""
        targets, squares = case
        fits = consistent(targets, squares)
        if not fits:
            with pytest.raises(StripContradiction):
                run_rule(rule, targets, squares)
            return
        after = run_rule(rule, targets, squares)
        for position, (old, new) in enumerate(zip(squares, after)):
            if old != new:
                assert all(line[position] == new for line in fits), (targets, squares, position)

    @settings(max_examples=400, deadline=None)
    @given(clue_and_line())
    def test_try_one_finds_everything(self, case):
        """try_one settles exactly the squares on which every fitting placement agrees."""
        targets, squares = case
        fits = consistent(targets, squares)
        if not fits:
            return
        after = run_rule("try_one", targets, squares)
        for position, old in enumerate(squares):
            agreed = {line[position] for line in fits}
            expected = agreed.pop() if len(agreed) == 1 else 0
            assert after[position] == (old or expected)


def doc_examples():
    """The worked lines of docs/rules.md: ``(rule, clue, before, after, technique, reason lines)``, each a line of
    row 3 as the explanation words it under the step."""
    import re
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    head = re.compile(r"^(\w+) ([\d ]+) (\|.*\|) -> (\|.*\|)(?: \((.*)\))?$")
    found = []
    for block in re.findall(r"```\n(.*?)```", text, flags=re.S):
        current = None
        for line in block.splitlines():
            match = head.match(line)
            if match and match.group(1) in BY_NAME:
                current = [*match.groups(), []]
                found.append(current)
            elif current is not None and line.strip():
                current[-1].append(line)
    return [tuple(example[:5]) + (tuple(example[5]),) for example in found]


@pytest.mark.parametrize("rule, clue, before, after, technique, lines", doc_examples(),
                         ids=lambda value: value if isinstance(value, str) else None)
def test_docs_examples_are_what_paint_says(rule, clue, before, after, technique, lines):
    """Each worked line of docs/rules.md is what the rule marks on that line, as row 3, and the reason and
    technique are the words paint prints under the step."""
    from paint.explanation import Reason
    strip = Strip(StripId("row", 2), parse_clue(clue), bytearray(parse_line(before)))
    strip.update_patches()
    finding = BY_NAME[rule].find(strip)
    assert finding is not None
    assert show_line(run_rule(rule, parse_clue(clue), parse_line(before))) == after
    reason = Reason(strip.id, strip.targets, bytes(parse_line(before)), BY_NAME[rule], finding.detail)
    from paint.wording import reason_lines
    assert tuple("  " * level + line for level, line in reason_lines(reason)) == lines
    if technique:
        assert reason.row.technique_of(reason) == technique


def test_docs_have_examples_of_every_line_rule():
    """docs/rules.md works a line of every line rule."""
    assert {example[0] for example in doc_examples()} == set(RULE_NAMES)


TECHNIQUE_CASES = [
    # rule, clue, line, the technique named (None: withheld)
    ("overlap", "2", "   ", "simple boxes"),          # nothing known: the 2 covers the middle however it lies
    ("overlap", "3", ".    ", "forcing"),             # an empty square moved the 3: not simple boxes
    ("overlap", "1", " ..", "forcing"),               # empty squares hem the 1 in
    ("overlap", "2", "  X", "glue"),                  # the 2 must cover the full square near the end
    ("overlap", "1 1", "  X ", None),                 # a full square moved the first 1 only by touch: no glue
    ("overlap", "3", ".X X", "joining and splitting"),  # the 3 fills the gap between two runs: not forcing
    ("overlap", "7", " X X    ", "simple boxes"),  # the 7 covers columns 2-7 wherever it lies: nothing joins it there
    ("unreachable", "1 1", "   ", "simple spaces"),   # nothing known: the square between the 1s
    ("unreachable", "2", " .   ", "simple spaces"),   # only an empty square keeps the 2 away: no mercury
    ("unreachable", "1", "  X", "mercury"),           # the full square holds the 1 back from the start
    ("unreachable", "1 1", "X X", "joining and splitting"),  # joined, the two full squares would be too long
    ("block_extension", "1", "  X", "punctuating"),   # the run is the whole 1
    ("block_extension", "2", "  X", "glue"),          # the 2 reaches back from the end of the line
    ("block_extension", "3", " X X", "joining and splitting"),  # the two runs must be one 3
    ("block_extension", "1 2", "X  X", None),         # one run punctuated, one extended: no one name
]


class TestTechniques:
    """A technique is named only when the step matches its pattern."""

    @pytest.mark.parametrize("name, clue, line, technique", TECHNIQUE_CASES,
                             ids=[f"{c[0]}-{c[1]}-{c[2]!r}" for c in TECHNIQUE_CASES])
    def test_small_lines(self, name, clue, line, technique):
        """On a small line the rule finds something and names the technique the line shows, or none."""
        from paint.explanation import Reason
        targets, squares = parse_clue(clue), bytes(parse_line(f"|{line}|"))
        strip = Strip(StripId("row", 0), targets, bytearray(squares))
        strip.update_patches()
        finding = BY_NAME[name].find(strip)
        assert finding is not None
        reason = Reason(strip.id, targets, squares, BY_NAME[name], finding.detail)
        assert reason.technique == technique
        assert technique is None or technique in BY_NAME[name].techniques

    def test_agreeing_places_are_not_trial_and_error(self):
        """A search step whose places left all agree is case analysis; one place left is trial and error."""
        import paint
        from pathlib import Path
        corpus = Path(__file__).parent / "corpus" / "jwilk"
        agreed = next(s for s in paint.solve(paint.load(corpus / "data083.nin")).steps
                      if s.rule == "search" and s.search is not None and s.search.agreed)
        assert agreed.technique == "case analysis"
        assert agreed.line.startswith(f"{agreed.number}. search (case analysis): ")
        one = next(s for s in paint.solve(paint.load(corpus / "data016.nin")).steps
                   if s.rule == "search" and s.search is not None)
        assert one.search.survived is not None and one.technique == "trial and error"
