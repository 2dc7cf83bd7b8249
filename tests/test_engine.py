"""The engine end to end: real puzzles solve, every solution is checked independently, every mark is justified."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paint
from checker import clue_pattern, is_solution
from paint.engine import Engine, choose_rules
from paint.rules import BY_NAME, LINE_RULE_NAMES, PROBE_NAMES, RULE_NAMES
from paint.squares import BLANK, EMPTY, FULL

CORPUS = Path(__file__).parent / "corpus"
PUZZLES = Path(__file__).parent.parent / "puzzles"

NEEDS_SEARCH = {"data016", "data022", "data038", "data047", "data085", "data091", "data120", "data144"}
SEVERAL = {"data001", "data083", "data084", "data087"}
SURVEY_LINE = ["webpbn-00001-dancer", "webpbn-00006-cat", "webpbn-00016-knot",
               "webpbn-00021-skid", "webpbn-00529-swing"]
SURVEY_SEARCH = ["webpbn-00023-edge", "webpbn-00027-bucks", "webpbn-00065-mum",
                 "webpbn-00436-petroglyph", "webpbn-00803-light", "webpbn-01611-merka",
                 "webpbn-06574-forever"]

LINE_PUZZLES = (sorted(CORPUS.glob("nonogram-db/**/*.non"))
                + [CORPUS / "survey" / f"{name}.non" for name in SURVEY_LINE]
                + [p for p in sorted(CORPUS.glob("jwilk/*.nin")) if p.stem not in NEEDS_SEARCH | SEVERAL]
                + sorted(PUZZLES.glob("*.pro")))
STALLING = ([CORPUS / "survey" / f"{name}.non" for name in SURVEY_SEARCH]
            + [CORPUS / "jwilk" / f"{name}.nin" for name in sorted(NEEDS_SEARCH | SEVERAL)])


def label(path):
    return str(path.relative_to(path.parent.parent))


def check_against_clues(puzzle, lines):
    return is_solution([list(c) for c in puzzle.rows], [list(c) for c in puzzle.columns], lines)


class TestLineCorpus:
    @pytest.mark.parametrize("path", LINE_PUZZLES, ids=label)
    def test_solves_and_checks(self, path):
        """A puzzle that line logic finishes is solved, the grid satisfies every clue, and it matches the goal when the file has one."""
        puzzle = paint.load(path)
        result = paint.solve(puzzle)
        assert result.status == "solved"
        lines = result.grid.lines()
        assert check_against_clues(puzzle, lines)
        if puzzle.goal is not None:
            assert list(puzzle.goal) == lines

    @pytest.mark.parametrize("path", STALLING, ids=label)
    def test_stalls_where_search_is_needed(self, path):
        """Line logic alone stalls with blank squares on a puzzle that needs more, and what it did mark agrees with the goal."""
        puzzle = paint.load(path)
        result = paint.solve(puzzle, paint.SolveOptions(rules=LINE_RULE_NAMES, search=False))
        assert result.status == "stalled"
        assert result.unique is None
        assert result.blank > 0
        if puzzle.goal is not None:
            for known, goal in zip(result.grid.lines(), puzzle.goal):
                assert all(k == " " or k == g for k, g in zip(known, goal))


class TestExplanation:
    def test_try_one_marks_one_square_a_step_by_strip(self):
        """By strip, a try_one step marks one square, the one its witness is shortest for, and the cheaper rules
        look again before the next; Kramer's rounds (--steps rule) keep every square the rule finds on a strip."""
        from paint.bounds import Witness
        from paint.strip import Strip
        puzzle = paint.load(CORPUS / "survey" / "webpbn-00065-mum.non")
        by_strip = [step for step in paint.solve(puzzle).steps if step.rule == "try_one"]
        by_rule = [step for step in paint.solve(puzzle, paint.SolveOptions(steps="rule")).steps
                   if step.rule == "try_one"]
        assert by_strip and all(len(step.marks) == 1 for step in by_strip)
        assert any(len(step.marks) > 1 for step in by_rule)
        for step in by_strip:  # no other square the rule finds on that strip has a shorter witness
            reason = step.reasons[0]
            strip = Strip(reason.strip, reason.clue, bytearray(reason.squares))
            found = BY_NAME["try_one"].find_on(strip).marks
            facts = [len(Witness.of(reason.clue, reason.squares, position, value).derivation.failure_proof())
                     for position, value in found]
            chosen = found.index((step.marks[0].position, step.marks[0].value))
            assert facts[chosen] == min(facts)

    @pytest.mark.parametrize("name", ["nonogram-db/webpbn/6.non", "nonogram-db/qnonograms/examples/flower.non",
                                      "jwilk/data144.nin", "survey/webpbn-00065-mum.non"])
    def test_every_mark_implied_by_its_strip(self, name):
        """Replaying the JSON steps from a blank grid, each line rule's mark's opposite value leaves its named strip no placement; probe and search marks agree with the solution."""
        puzzle = paint.load(CORPUS / name)
        document = json.loads(paint.solve(puzzle).to_json())
        assert document["status"] == "solved"
        grid = [[" "] * puzzle.width for _ in range(puzzle.height)]
        for step in document["steps"]:
            assert step["rule"] in RULE_NAMES + ("search",)
            assert step["marks"]
            for mark in step["marks"]:
                r, c = mark["row"] - 1, mark["column"] - 1
                assert grid[r][c] == " ", "a step marked a square that was already known"
                if step["rule"] not in LINE_RULE_NAMES:
                    grid[r][c] = "X" if mark["value"] == "full" else "."
                    assert grid[r][c] == document["grid"][r][c]
                    continue
                kind, number = mark["strip"].split()
                index = int(number) - 1
                if kind == "row":
                    assert index == r
                    squares, clue, at = list(grid[r]), puzzle.rows[r], c
                else:
                    assert index == c
                    squares, clue, at = [row[c] for row in grid], puzzle.columns[c], r
                value = "X" if mark["value"] == "full" else "."
                squares[at] = "." if value == "X" else "X"
                assert not clue_pattern(clue).fullmatch("".join(squares)), (step["number"], mark)
                grid[r][c] = value
        assert ["".join(row) for row in grid] == document["grid"]

    def test_steps_are_numbered_and_cover_the_grid(self):
        """Steps count from 1 with no gaps, and their marks together fill every square of a solved puzzle once."""
        puzzle = paint.load(CORPUS / "nonogram-db/webpbn/1.non")
        result = paint.solve(puzzle)
        assert [s.number for s in result.steps] == list(range(1, len(result.steps) + 1))
        marked = [(m.row, m.column) for s in result.steps for m in s.marks]
        assert len(marked) == len(set(marked)) == puzzle.width * puzzle.height

    def test_step_line_format(self):
        """The first step of Dancer reads as Kramer's overlap rule on one row, with its clue, counted from 1."""
        result = paint.solve(paint.load(CORPUS / "nonogram-db/webpbn/1.non"))
        assert result.steps[0].line == "1. overlap (simple boxes): row 2 [2 1] - column 2 full"
        assert result.steps[0].reasons[0].line == ("row 2 [2 1]: the 2 can only lie in columns 1-3, so it covers "
                                                   "column 2 however it lies")


class TestSolve:
    def test_puzzle_unchanged(self):
        """solve() leaves the puzzle as it was, so solving again gives the same explanation."""
        puzzle = paint.load(CORPUS / "nonogram-db/webpbn/6.non")
        before = paint.Puzzle(rows=puzzle.rows, columns=puzzle.columns, title=puzzle.title)
        first = paint.solve(puzzle)
        second = paint.solve(puzzle)
        assert (puzzle.rows, puzzle.columns) == (before.rows, before.columns)
        assert [s.line for s in first.steps] == [s.line for s in second.steps]

    @pytest.mark.parametrize("rows, columns, rules", [
        ([[2]], [[1], [], [1]], ["fills"]),
        ([[2]], [[1], [], [1]], ["fills", "located"]),
        ([[1, 1], [3], [1, 1]], [[2], [3], [2]], ["fills"]),
        ([[1], [], [1], [1]], [[3]], ["fills", "edge"]),
    ])
    def test_rules_that_read_no_bounds_are_checked(self, rows, columns, rules):
        """With only rules that read no bounds (fills, located), a grid they fill that breaks a clue is no
        solution: the finished grid is checked against every clue."""
        result = paint.solve(paint.Puzzle(rows=rows, columns=columns), paint.SolveOptions(rules=rules))
        assert result.status == "contradiction"

    def test_contradiction_names_strip_and_rule(self):
        """Clues that cannot all hold give status 'contradiction' naming the strip and the rule."""
        # Totals agree (2 = 2) but row 1 needs both columns full while column 2 is 0.
        puzzle = paint.Puzzle(rows=[[2], []], columns=[[2], []])
        result = paint.solve(puzzle)
        assert result.status == "contradiction"
        assert result.contradiction.strip.name in {"row 1", "row 2", "column 1", "column 2"}
        assert result.contradiction.rule in RULE_NAMES
        assert result.contradiction.strip.name == "column 1"  # row 2's clue of 0 left it no room
        assert result.contradiction.reason == ("the 2 would have to start after row 2, where the line ends: row 1 "
                                               "alone, before the empty row 2, is too short for it; so there is no "
                                               "room for the 2")
        replayed = paint.Grid.blank(2, 2)
        for mark in (m for step in result.steps for m in step.marks):
            replayed.mark(mark.row, mark.column, mark.value)
        assert replayed == result.grid

    def test_stalls_on_two_solutions_without_search(self):
        """A 2x2 with two solutions stalls with all four squares blank when search is off."""
        result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]]), paint.SolveOptions(search=False))
        assert result.status == "stalled"
        assert result.blank == 4
        assert result.steps == ()
        assert result.unique is None

    def test_rule_subset(self):
        """Without try_one, a puzzle that needs it stalls where the full rule set finishes it."""
        puzzle = paint.load(CORPUS / "jwilk/data066.nin")
        cheap = paint.solve(puzzle, paint.SolveOptions(rules=LINE_RULE_NAMES[:-1], search=False))
        assert cheap.status == "stalled"
        assert {s.rule for s in cheap.steps} <= set(LINE_RULE_NAMES[:-1])
        assert paint.solve(puzzle).status == "solved"

    def test_unknown_rule(self):
        """An unknown rule name is refused."""
        with pytest.raises(ValueError):
            paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]), paint.SolveOptions(rules=("guess",)))

    def test_on_step_sees_each_step(self):
        """on_step is called once per step, with the grid as it stands after the step."""
        seen = []
        result = paint.solve(paint.load(CORPUS / "nonogram-db/webpbn/1.non"),
                             on_step=lambda step, grid: seen.append((step.number, grid.count(0))))
        assert [n for n, _ in seen] == [s.number for s in result.steps]
        assert seen[-1][1] == 0


class TestProbeMemory:
    def test_each_probe_rule_owns_its_memory(self):
        """The engine makes each probe rule a memory of its own from the rule's factory, and none for a line rule."""
        engine = Engine(paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]]), choose_rules(None))
        assert sorted(engine.memories) == sorted(PROBE_NAMES) == ["corner", "edge"]
        assert all(type(memory) is BY_NAME[name].memory for name, memory in engine.memories.items())
        assert engine.memories["edge"] is not engine.memories["corner"]
        again = Engine(paint.Puzzle(rows=[[1], [1]], columns=[[1], [1]]), choose_rules(["overlap", "edge"]))
        assert list(again.memories) == ["edge"] and again.memories["edge"] is not engine.memories["edge"]


class TestOnlyIf:
    """A rule's ``only_if`` (fills: the clue fills the line) bars the strips it can find nothing on: the engine's
    rounds do not ask it of them, and the steps are the very same as when they ask every strip.  (Line rules
    only: a probe follows the line rules on strips of its own, asking each rule of every strip it touches.)"""

    @pytest.mark.parametrize("by_strip", [True, False], ids=["by strip", "by rule"])
    @pytest.mark.parametrize("path", [CORPUS / "jwilk" / "data008.nin", CORPUS / "jwilk" / "data032.nin",
                                      CORPUS / "jwilk" / "data000.nin"], ids=label)
    def test_barred_strips_are_not_asked_and_the_steps_are_the_same(self, path, by_strip):
        import attrs

        from paint.rules.fills import fills
        puzzle = paint.load(str(path))
        fills_rule = BY_NAME["fills"]
        asked = []
        find = fills_rule.find

        def counted(strip):
            asked.append(fills(strip.targets, len(strip.squares)))
            return find(strip)

        line_rules = choose_rules(LINE_RULE_NAMES)
        rules = [attrs.evolve(rule, find=counted) if rule is fills_rule else rule for rule in line_rules]
        engine = Engine(puzzle, rules, by_strip=by_strip)
        engine.run()
        assert engine.barred["fills"] and asked and all(asked)  # some strips barred, and none of them asked
        every = Engine(puzzle, [attrs.evolve(rule, only_if=None) if rule is fills_rule else rule
                                for rule in line_rules], by_strip=by_strip)
        every.run()
        assert "fills" not in every.barred
        assert [(s.rule, s.marks) for s in engine.steps] == [(s.rule, s.marks) for s in every.steps]
        assert engine.grid == every.grid

    def test_only_for_a_rule_that_reads_no_bounds(self):
        import attrs
        with pytest.raises(ValueError, match="reads the bounds"):
            attrs.evolve(BY_NAME["overlap"], only_if=lambda targets, n: True)
        with pytest.raises(ValueError, match="only_if"):
            attrs.evolve(BY_NAME["edge"], only_if=lambda targets, n: True)


def mark_square(engine, row, column, value):
    """One square marked as the engine marked squares one by one before Engine._mark_along (the definition the
    tests hold it to): the grid and the column copy, the counts, both strips' versions and noted marks."""
    if engine.grid.rows[row][column] != BLANK:
        raise RuntimeError(f"a rule marked row {row + 1}, column {column + 1}, which was already known")
    engine.grid.rows[row][column] = value
    engine.columns[column][row] = value
    engine.blank -= 1
    across, down = engine.through(row, column)
    across, down = engine.strips[across], engine.strips[down]
    across.version += 1
    across.marked.append(column)
    down.version += 1
    down.marked.append(row)
    engine.changes += 1


class TestMarkAlong:
    """Engine._mark_along, which marks one strip's finding in one pass (and Engine.mark one square), leaves the
    engine exactly as marking its squares one by one does (mark_square): the grid, the counts, every strip's
    version and noted marks (which update_patches reads to keep its bounds), and the strips touched, in the same
    order."""

    @staticmethod
    def state(engine):
        return (engine.grid.lines(), [bytes(column) for column in engine.columns], engine.blank, engine.changes,
                [(strip.version, list(strip.marked)) for strip in engine.strips])

    @staticmethod
    def twins(puzzle):
        return Engine(puzzle, choose_rules(None)), Engine(puzzle, choose_rules(None))

    @given(st.data())
    @settings(max_examples=150, deadline=None)
    def test_the_same_as_square_by_square(self, data):
        height, width = data.draw(st.integers(1, 12)), data.draw(st.integers(1, 12))
        puzzle = paint.Puzzle(rows=[[]] * height, columns=[[]] * width)
        one, other = self.twins(puzzle)
        for _ in range(data.draw(st.integers(1, 4))):
            index = data.draw(st.integers(0, height + width - 1))
            blank = [p for p, value in enumerate(one.strips[index].squares) if value == BLANK]
            positions = data.draw(st.lists(st.sampled_from(blank), unique=True) if blank else st.just([]))
            found = tuple((p, data.draw(st.sampled_from((EMPTY, FULL)))) for p in positions)
            marks, touched = one._mark_along(index, found)
            expected = set()  # filled as the square-by-square loop filled it: a set's order follows its insertions
            for position, value in found:
                row, column = one.strips[index].id.square(position)
                mark_square(other, row, column, value)
                expected.update(other.through(row, column))
            assert self.state(one) == self.state(other)
            assert list(touched) == list(expected)  # the same strips, iterated in the same order
            assert [(mark.row, mark.column, mark.value, mark.strip) for mark in marks] == \
                [(*one.strips[index].id.square(p), value, one.strips[index].id) for p, value in found]

    @pytest.mark.parametrize("index", [1, 3])  # row 2, column 2
    def test_a_known_square_stops_it_where_it_stands(self, index):
        """A rule that marks a known square is a bug: the RuntimeError names the square, and every square before
        it is marked and counted, as marking them one by one leaves them."""
        puzzle = paint.Puzzle(rows=[[], []], columns=[[], []])
        one, other = self.twins(puzzle)
        one.mark(1, 1, FULL)
        mark_square(other, 1, 1, FULL)
        found = ((0, EMPTY), (1, FULL), (0, FULL))
        with pytest.raises(RuntimeError, match="row 2, column 2, which was already known"):
            one._mark_along(index, found)
        row, column = one.strips[index].id.square(0)
        mark_square(other, row, column, EMPTY)
        assert self.state(one) == self.state(other)

    def test_mark_one_square(self):
        """Engine.mark marks one square as marking it alone does, and makes its row and column pending for every
        rule; a known square raises."""
        puzzle = paint.Puzzle(rows=[[]] * 3, columns=[[]] * 4)
        one, other = self.twins(puzzle)
        for pending in one._pending_sets:
            pending.clear()
        one.mark(2, 1, FULL)
        mark_square(other, 2, 1, FULL)
        assert self.state(one) == self.state(other)
        assert all(pending == {2, 3 + 1} for pending in one._pending_sets)
        with pytest.raises(RuntimeError, match="row 3, column 2, which was already known"):
            one.mark(2, 1, EMPTY)
