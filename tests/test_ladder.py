"""The ladder of techniques is one table: each row complete, incomplete rows refused, a new technique two files."""

from __future__ import annotations

import ast
import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import paint
from paint.rule import Rule
from paint.rules import BY_NAME, LINE_RULE_NAMES, PROBE_NAMES, RULES, ladder
from paint.wording import TECHNIQUES, WORDS

ROOT = Path(__file__).parent.parent
JWILK = Path(__file__).parent / "corpus" / "jwilk"
SAMPLE = ("data041.nin", "data020.nin", "data022.nin", "data016.nin", "data000.nin")
"""Puzzles whose solves, together, take a step by every line rule, a probe and the search."""
KEYS = {"strip", "clue", "rule", "technique", "text", "lines", "blocks", "facts"}
"""The keys every reason's JSON object has, whatever its rule (:func:`paint.result.reason_document`)."""


@functools.cache
def solved(name: str):
    """The solve of the corpus puzzle ``name`` with the default options, once for every test that reads it."""
    return paint.solve(paint.load(JWILK / name))


def sample_steps():
    """Every step of the sample's solves."""
    for name in SAMPLE:
        yield from solved(name).steps


def overlap_fields(**changes) -> dict:
    """The fields of overlap's row, with ``changes``: a row to build again, whole or with a part left out."""
    fields = attrs.asdict(BY_NAME["overlap"], recurse=False)
    fields.update(changes)
    return fields


class TestRows:
    def test_every_row_is_complete(self):
        """Every line rule's row has bounds, a document, English and known technique names; every probe's row
        names its techniques and leaves its steps to its chains."""
        assert set(LINE_RULE_NAMES) | set(PROBE_NAMES) == set(BY_NAME)
        for row in RULES:
            assert row.techniques and set(row.techniques) <= set(TECHNIQUES), row.name
            if row.scope == "strip":
                assert callable(row.bounds) and callable(row.document) and callable(row.words), row.name
                assert len(row.techniques) == 1 or callable(row.technique), row.name
            else:
                assert row.bounds is row.technique is row.document is None, row.name

    def test_every_english_entry_has_a_row(self):
        """The English table and the line rules' rows are keyed alike: no row without words, no words without a row."""
        assert set(WORDS) == set(LINE_RULE_NAMES)

    def test_rows_explain_what_their_rule_found(self):
        """On the sample, each line rule's reasons get from its row one tuple of bounds per item, lines of words, a
        technique it names (or none, when the reason matches none of their patterns) and JSON keys of its own
        beside the common ones."""
        seen = set()
        for step in sample_steps():
            for reason in step.reasons:
                row = reason.row
                seen.add(row.name)
                bounds = row.bounds(reason)
                assert all(isinstance(item, tuple) for item in bounds)
                assert all(side in ("start", "end") and 0 <= target < len(reason.clue)
                           for item in bounds for target, side in item)
                assert reason.lines and all(isinstance(line, str) and line.strip() for line in reason.lines)
                assert row.technique_of(reason) in (*row.techniques, None)
                own = row.document(reason)
                assert own and not set(own) & KEYS, row.name
                document = paint.result.reason_document(reason)
                assert set(document) == KEYS | set(own)
        assert seen == set(LINE_RULE_NAMES)

    def test_steps_name_their_rows_techniques(self):
        """A step named by a technique names one of its rule's row (a search step, trial and error or case
        analysis), and a probe is always named; the sample has probe and search steps as well as line rules'."""
        rules = set()
        for step in sample_steps():
            rules.add(step.rule)
            if step.chain is not None:
                assert step.technique in BY_NAME[step.rule].techniques, step.line
            elif step.rule in BY_NAME:
                assert step.technique in (*BY_NAME[step.rule].techniques, None), step.line
            else:
                assert step.rule == "search" and step.technique in (None, "trial and error", "case analysis"), step.line
        assert {"edge", "search"} <= rules

    def test_every_technique_is_named_by_a_row(self):
        """Every technique the explanation knows is some row's, but trial and error and case analysis, the search's
        (no row)."""
        named = {technique for row in RULES for technique in row.techniques}
        assert set(TECHNIQUES) - named == {"trial and error", "case analysis"}

    def test_every_rule_module_is_a_row(self):
        """Each module of paint/rules that defines ``find`` defines its row, ``RULE``, which is on the ladder (a
        rule module without its row would be left out without a word)."""
        folder = ROOT / "paint" / "rules"
        for path in sorted(folder.glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
            if "find" in names:
                module = sys.modules[f"paint.rules.{path.stem}"]
                assert module.RULE in RULES, path.name


class TestRefused:
    def test_complete_row_is_accepted(self):
        """Overlap's row, built again with all its fields, is accepted and equal to the one on the ladder."""
        assert Rule(**overlap_fields()) == BY_NAME["overlap"]

    @pytest.mark.parametrize("changes, says", [
        ({"bounds": None}, "no bounds function"),
        ({"document": None}, "no document function"),
        ({"name": "no_such_rule"}, "has no words"),
        ({"technique": None}, "several techniques"),
        ({"techniques": ("simple boxes", "brute force")}, "'brute force'"),
        ({"techniques": ()}, "names no technique"),
        ({"rung": 0}, "rung"),
        ({"rung": 1.5}, "rung"),
        ({"scope": "world"}, "probe"),
    ], ids=["bounds", "document", "words", "technique", "unknown technique", "no technique", "rung 0",
            "rung 1.5", "probe with functions"])
    def test_incomplete_row_is_refused(self, changes, says):
        """A row without bounds, a document or words, without a way to choose among its techniques, naming a
        technique nobody knows, on no rung, or a probe with a line rule's functions, is refused, saying why."""
        with pytest.raises(ValueError, match=f"rule '.*': .*{says}"):
            Rule(**overlap_fields(**changes))

    def test_ladder_refuses_a_shared_rung_or_name(self):
        """Two rows on one rung, or of one name, make no ladder."""
        overlap, unreachable = BY_NAME["overlap"], BY_NAME["unreachable"]
        with pytest.raises(ValueError, match="both on rung 10"):
            ladder([overlap, attrs.evolve(unreachable, rung=10)])
        with pytest.raises(ValueError, match="named 'overlap'"):
            ladder([overlap, attrs.evolve(overlap, rung=15)])

    def test_ladder_orders_by_rung(self):
        """The ladder is ordered by rung whatever order its rows come in, and the engine's table is that order."""
        assert ladder(reversed(RULES)) == RULES
        assert [row.rung for row in RULES] == sorted(row.rung for row in RULES)


EMPTY_CLUE = '''"""empty_clue: a line whose clue is 0 is empty (a rule made only to show what adding one takes)."""

import attrs

from ..rule import Finding, Rule
from ..squares import BLANK, EMPTY


@attrs.frozen
class Nothing:
    """What empty_clue concluded: ``length`` squares, none of them full."""

    length: int


def find(strip):
    """Mark empty every blank square of a line whose clue is 0."""
    if strip.targets or BLANK not in strip.squares:
        return None
    return Finding([(p, EMPTY) for p, v in enumerate(strip.squares) if v == BLANK], Nothing(len(strip.squares)))


def bounds(reason):
    """No bound: there are no blocks."""
    return [()]


def document(reason):
    """The line's length."""
    return {"length": reason.detail.length}


RULE = Rule("empty_clue", "-", "a line whose clue is 0 is empty", find, rung=1,
            techniques=("simple spaces",), bounds=bounds, document=document)
'''

ENGLISH = '''def _nothing(reason, bounds) -> list[str]:
    return [f"the clue is 0, so none of its {reason.detail.length} squares is full"]


'''


def _copy(tmp_path: Path) -> Path:
    """A copy of the package ``paint`` under ``tmp_path`` (compiled files left out); returns its folder."""
    copy = tmp_path / "paint"
    shutil.copytree(ROOT / "paint", copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _changed(copy: Path) -> list[str]:
    """The files of ``copy`` that are new or differ from the package's, relative to it."""
    changed = []
    for path in sorted(copy.rglob("*")):
        if path.is_file():
            original = ROOT / "paint" / path.relative_to(copy)
            if not original.is_file() or original.read_bytes() != path.read_bytes():
                changed.append(str(path.relative_to(copy)))
    return changed


SOLVE = '''import json, paint
result = paint.solve(paint.Puzzle(rows=[[0], [1]], columns=[[0], [1]]))
print(json.dumps({"rules": [rule.name for rule in paint.rules.RULES], "status": result.status,
                  "steps": [(step.rule, step.technique, step.reasons[0].lines) for step in result.steps],
                  "json": paint.result.reason_document(result.steps[0].reasons[0])}))
'''


def _run(tmp_path: Path) -> subprocess.CompletedProcess:
    """Solve a small puzzle with the copy of the package under ``tmp_path``, printing what it did as JSON."""
    environment = dict(os.environ, PYTHONPATH=str(tmp_path))
    return subprocess.run([sys.executable, "-c", "import paint.rules, paint.result\n" + SOLVE],
                          check=False, capture_output=True, text=True, env=environment, cwd=tmp_path, timeout=120)


class TestAdding:
    def test_a_technique_is_one_module_and_its_english(self, tmp_path):
        """A new rule is a new module of paint/rules with its row plus its English in wording.py's table - two
        files - and paint then runs it on its rung, words it, names its technique and writes its JSON."""
        copy = _copy(tmp_path)
        (copy / "rules" / "empty_clue.py").write_text(EMPTY_CLUE, encoding="utf-8")
        wording = (copy / "wording.py").read_text(encoding="utf-8")
        assert wording.count("\nWORDS = {") == 1
        wording = wording.replace("\nWORDS = {", "\n" + ENGLISH + 'WORDS = {"empty_clue": _nothing, ')
        (copy / "wording.py").write_text(wording, encoding="utf-8")
        assert _changed(copy) == ["rules/empty_clue.py", "wording.py"]
        run = _run(tmp_path)
        assert run.returncode == 0, run.stderr
        done = json.loads(run.stdout)
        assert done["rules"][:2] == ["empty_clue", "fills"]
        assert done["status"] == "solved"
        assert done["steps"][0] == ["empty_clue", "simple spaces", ["the clue is 0, so none of its 2 squares is full"]]
        assert done["json"]["rule"] == "empty_clue" and done["json"]["length"] == 2

    def test_a_technique_without_english_is_refused(self, tmp_path):
        """The same module without its English stops paint loading, with the rule named and what it lacks."""
        copy = _copy(tmp_path)
        (copy / "rules" / "empty_clue.py").write_text(EMPTY_CLUE, encoding="utf-8")
        run = _run(tmp_path)
        assert run.returncode != 0
        assert "ValueError: rule 'empty_clue': it has no words: paint.wording.WORDS has no entry 'empty_clue'" \
            in run.stderr
