"""The engine: run the rules in order on the strips until the puzzle is solved or nothing more follows.

Kramer's loop (further comments 3, key decision 8): bring the patch bounds
of each strip up to date, try the first rule on every strip that needs it,
and as soon as a rule makes progress record one explanation step and start
again from the first rule; when no rule makes progress, stop.

Each rule keeps its own set of *pending* strips: the strips that changed
since the rule last looked at them.  A rule whose result on a strip was
nothing will find nothing there again until a square of the strip changes,
so finished and unchanged strips are not worked again (decision 8).  Marks
made by a step make both strips through each marked square pending for
every rule.

Within a round the rule visits its pending strips rows first, then columns,
each in order, and each mark takes effect at once, so a later strip in the
same round reasons from the marks of an earlier one.  Every mark records the
strip whose reasoning made it.  With ``by_strip`` (``--steps strip``, the
default) each strip a round changed is one step, checkable against the grid
just before it; without, the whole round is one step, as in Kramer's
program.  The order of the rules and the restart from the first are the
same either way: only what one recorded step holds differs.

By strip, each step is also the simplest one the grid as it stands allows:
after each step of a round, the cheaper rules look at the strips it changed,
and if one of them can mark a square there the round ends, so that it goes
first; a probe's round ends with its first square.  No probe is tried while
a line rule can still mark a square, and no line rule while a cheaper one
can.  By rule, a round works every pending strip (or, for a probe, every
square), as in Kramer's program.

A :class:`paint.budget.Budget` given to the engine is checked before each
strip is worked: when the time is up, the marks the step has made so far
are recorded as the step, and :class:`paint.budget.LimitReached` rises.
"""

from __future__ import annotations

import functools

import attrs

from .budget import Budget, LimitReached
from .errors import StripContradiction
from .explanation import Mark, Reason, Step, contradiction
from .puzzle import Puzzle
from .result import Status
from .rules import BY_NAME, RULES
from .squares import BLANK, EMPTY, FULL, Grid, columns_of
from .strip import Strip, StripId


def choose_rules(names, *, kramer: bool = False) -> tuple:
    """The rules named in ``names`` (None: all, or with ``kramer`` only Kramer's seven), in the ladder's order.

    ``kramer`` is for steps by rule, Kramer's program: the rungs that say as
    people do what his rules find (``fills``, ``located``) are left out
    unless named.  Raises ValueError for a name that is not a rule.
    """
    unknown = set(names or ()) - set(BY_NAME)
    if unknown:
        raise ValueError(f"unknown rules: {', '.join(sorted(unknown))}")
    if names is None:
        return tuple(rule for rule in RULES if rule.numeral) if kramer else RULES
    return tuple(rule for rule in RULES if rule.name in names)


class Engine:
    """The state of one line of reasoning: the grid, the strips and their pending sets.

    ``rules`` are the rules to run, in order (see :func:`choose_rules`).
    ``start``, a :class:`Grid`, is where the reasoning begins (default: all
    blank); ``pending`` the strip indices (rows first, then columns) that
    every rule should look at first (default: all).  :meth:`run` works it
    until no rule makes progress, calling ``on_step(step, grid)`` after each
    step (``grid`` as it is just after it).  ``budget`` is checked before every strip
    is worked (and by the probes, for every square and strip they try).
    ``by_strip`` makes each strip a round changed one step (else a round is
    one step).  ``chains`` keeps, with each probe step, the chain of
    consequences that broke (:class:`paint.explanation.Chain`); without, a
    probe step has no chain and no reasons, for a caller that reads only
    which rules the steps used.  The puzzle and ``start`` are never changed.
    """

    def __init__(self, puzzle: Puzzle, rules, on_step=None, *, start: Grid | None = None, pending=None,
                 budget: Budget | None = None, by_strip: bool = True, chains: bool = True):
        self.puzzle = puzzle
        self.chains = chains
        self.budget = budget
        self.by_strip = by_strip
        self.rounds = 0
        self._open = False  # whether the round being worked has recorded a step
        self.on_step = on_step
        self.height = puzzle.height
        self.width = puzzle.width
        self.rules = tuple(rules)
        self.strip_rules = tuple(rule for rule in self.rules if rule.scope == "strip")
        # bytearrays let placement search squares at C speed (bytearray.rfind)
        if start is None:
            self.grid = Grid(puzzle.height, puzzle.width, [bytearray(puzzle.width) for _ in range(puzzle.height)])
            self.columns = [bytearray(puzzle.height) for _ in range(puzzle.width)]
        else:
            self.grid = Grid(puzzle.height, puzzle.width, [bytearray(row) for row in start.rows])
            self.columns = columns_of(self.grid.rows, puzzle.width)
        self.strips = [Strip(StripId("row", r), puzzle.rows[r], self.grid.rows[r])
                       for r in range(puzzle.height)]
        self.strips += [Strip(StripId("column", c), puzzle.columns[c], self.columns[c])
                        for c in range(puzzle.width)]
        first = range(len(self.strips)) if pending is None else pending
        self.pending = {rule.name: set(first) for rule in self.strip_rules}
        self._pending_sets = tuple(self.pending.values())
        # the strips a rule can never find anything on, by its clue and length alone (Rule.only_if): not asked
        self.barred = {rule.name: _barred(rule.only_if, puzzle.rows, puzzle.columns)
                       for rule in self.strip_rules if rule.only_if is not None}
        self.changes = 1  # squares marked so far (1: the start counts as a change for the probes)
        self.probed: dict[str, int] = {}  # probe name -> self.changes when it last found nothing
        # each probe's own memory (what it found nothing for, and where), made by the rule
        self.memories = {rule.name: rule.memory() for rule in self.rules if rule.memory is not None}
        self.blank = puzzle.width * puzzle.height if start is None else sum(row.count(BLANK) for row in self.grid.rows)
        self.steps: list[Step] = []
        # which squares, assumed full, break a strip under full propagation, (strips, squares) -> set, for the
        # probes of a solve that keeps no chains (set by the solver: paint.rules.probe._could_break); None: not known
        self.full_break = None

    # The strips are numbered rows first, then columns: row r is strip r and column c strip height + c.

    def index(self, strip: StripId) -> int:
        """The position of ``strip`` in :attr:`strips` (rows first, then columns)."""
        return strip.index if strip.kind == "row" else self.height + strip.index

    def through(self, row: int, column: int) -> tuple[int, int]:
        """The positions in :attr:`strips` of the row and the column through square (``row``, ``column``)."""
        return row, self.height + column

    def crossing(self, index: int, position: int) -> tuple[int, int]:
        """The strip that crosses strip ``index`` at its square ``position``, as ``(index, position)``: its
        position in :attr:`strips` and where that square lies along it."""
        return (self.height + position, index) if index < self.height else (position, index - self.height)

    def mark(self, row: int, column: int, value: int) -> None:
        """Mark one blank square and make its row and column pending for every rule.

        Raises RuntimeError if the square is not blank: a rule may only mark
        blank squares, so that would be a bug in the rule, not in the puzzle.
        """
        _, touched = self._mark_along(row, ((column, value),))
        for pending in self._pending_sets:
            pending.update(touched)

    def _mark_along(self, index: int, found) -> tuple[list[Mark], set[int]]:
        """Mark ``found`` (``(position, value)`` pairs of blank squares) along strip ``index``, square by square,
        without making the strips pending (the caller does, once for all its marks); return the :class:`Mark`
        records and the positions in :attr:`strips` of the strips through the marked squares (this one and those
        crossing it, in the order :meth:`through` gives them, square by square).

        Each square is set in the grid and the column copy, counted in ``blank`` and ``changes``, and noted in
        both its strips' ``version`` and ``marked`` (what :meth:`paint.strip.Strip.update_patches` reads to keep
        its bounds).  A square that is not blank raises RuntimeError (a bug in the rule), every square before it
        marked and counted."""
        strip = self.strips[index]
        sid = strip.id
        strips, rows, columns, marked = self.strips, self.grid.rows, self.columns, strip.marked
        along = index < self.height
        line = sid.index
        marks = []
        touched = set()
        for position, value in found:
            row, column = (line, position) if along else (position, line)
            if rows[row][column] != BLANK:
                raise RuntimeError(f"a rule marked row {row + 1}, column {column + 1}, which was already known")
            rows[row][column] = value
            columns[column][row] = value
            self.blank -= 1
            self.changes += 1
            strip.version += 1
            marked.append(position)
            cross = self.height + position if along else position
            other = strips[cross]
            other.version += 1
            other.marked.append(line)
            if along:
                touched.add(index)
                touched.add(cross)
            else:
                touched.add(cross)
                touched.add(index)
            marks.append(Mark(row, column, value, sid))
        return marks, touched

    def apply(self, rule) -> Step | None:
        """Try ``rule`` on every pending strip; return the step it made, or None.

        A probe (scope ``'world'``) looks at the whole grid and marks at most
        one square.  Raises :class:`paint.errors.Contradiction` when a strip cannot be
        completed, :class:`paint.budget.LimitReached` when the budget's time
        is up (the marks made so far are recorded as the step, and the strips
        not yet worked stay pending).
        """
        budget = self.budget
        if budget is not None:
            budget.rule = rule.name
        if rule.scope == "world":
            return self._probe(rule)
        pending = self.pending[rule.name]
        barred = self.barred.get(rule.name)
        todo = sorted(pending if barred is None else pending - barred)
        pending.clear()
        since = len(self.steps)
        pieces: list[tuple[list[Mark], Reason]] = []  # the round's strips, for one step (not by strip)
        for number, index in enumerate(todo):
            strip = self.strips[index]
            try:
                if budget is not None:
                    budget.check()
                finding = rule.step_on(strip) if self.by_strip else rule.find_on(strip)
            except StripContradiction as error:
                self._close(rule.name, pieces, since)  # keep the explanation in step with the grid
                raise contradiction(strip.id, strip.targets, strip.squares, rule.name, error) from None
            except LimitReached:
                pending.update(todo[number:])
                self._close(rule.name, pieces, since)
                raise
            if finding is None:
                continue
            before = bytes(strip.squares)
            marks, touched = self._mark_along(index, finding.marks)
            for each in self._pending_sets:
                each.update(touched)
            reason = Reason(strip.id, strip.targets, before, rule, finding.detail)
            if not self.by_strip:
                pieces.append((marks, reason))
                continue
            self._step(rule.name, marks, [reason])  # shown at once, so long rounds show progress
            if self._cheaper_finds(rule, touched):
                # The simplest step first: a cheaper rule can now mark a square on a strip this step changed,
                # so it goes before this rule works its next strip.
                pending.update(todo[number + 1:])
                break
        return self._close(rule.name, pieces, since)

    def _cheaper_finds(self, rule, touched) -> bool:
        """Whether a strip rule below ``rule`` on the ladder finds something on a strip of ``touched`` (positions
        in :attr:`strips`), or one of them cannot be completed.

        Only the strips a step changed are looked at: every cheaper rule had
        found nothing anywhere before it (its round had ended, or this
        check had passed), and a strip no step changed shows it nothing new.
        A strip where a cheaper rule finds nothing leaves that rule's pending
        set, as its own round would leave it, so it is not worked twice.
        """
        for cheaper in self.strip_rules:
            if cheaper is rule:
                return False
            pending = self.pending[cheaper.name]
            barred = self.barred.get(cheaper.name, ())
            for index in touched:
                if index in barred:
                    continue  # it can find nothing there, and its round does not look (it leaves pending)
                try:
                    if cheaper.find_on(self.strips[index]) is not None:
                        return True
                except StripContradiction:
                    return True  # the cheaper rule's own round says so, in its words
                pending.discard(index)  # found nothing there: its own round need not look again
        return False

    def _probe(self, rule) -> Step | None:
        if self.blank == 0 or self.probed.get(rule.name) == self.changes:
            return None  # nothing to probe, or nothing changed since the probe last found nothing
        self.probed[rule.name] = self.changes
        step = None
        since = len(self.steps)
        # By strip, each probe is made on the grid the steps before it left, the grid its reader has;
        # by rule, as in Kramer's program, every probe of the round on the grid as the round began.
        found = rule.find(self, self.memories.get(rule.name))
        for (row, column), chain in (found if self.by_strip else list(found)):  # one step per square
            self.mark(row, column, EMPTY)
            reasons = [] if chain is None else [link.reason for link in chain.links if link.reason is not None]
            self._step(rule.name, [Mark(row, column, EMPTY, self.strips[row].id)], reasons, chain=chain,
                       assumed=Mark(row, column, FULL, self.strips[row].id))
            step = self._close(rule.name, [], since)
            if self.by_strip:
                break  # the simplest step first: the line rules look at the grid this square changed
        return step

    def commit(self, rule_name: str, marks, search) -> Step:
        """Mark ``marks`` (:class:`Mark` records of blank squares) as one round of rule ``rule_name`` with its ``search`` record.

        By rule, every mark, as one step.  By strip, one step of the marks
        that lie on the strip of the block the search tried (or, when none
        does, on the strip the first mark names): the simplest step first,
        so the line rules look at what it changed before the rest is taken
        on the search's word; what they cannot find again, a later search
        finds.  Returns the step.
        """
        marks = self.committed(marks, search)
        for mark in marks:
            self.mark(mark.row, mark.column, mark.value)
        since = len(self.steps)
        self._step(rule_name, marks, [], search=search)
        return self._close(rule_name, [], since)

    def committed(self, marks, search) -> list:
        """The marks of ``marks`` that :meth:`commit` makes: by strip, those on the strip of the block ``search``
        tried (or of the first mark); by rule, all."""
        return _on_one_strip(marks, search) if self.by_strip else list(marks)

    def _step(self, rule_name: str, marks, reasons, *, chain=None, search=None, assumed=None) -> Step:
        """Record one step of the round now open (opening one if none is), and show it to ``on_step``.

        By strip, a round climbs the ladder: a step of a rule below the one
        of the step before it (the engine went back down) opens a new round.
        The step's ``last`` is set when the round closes (:meth:`_end_round`), so
        a step ``on_step`` sees does not know yet whether it is the last.
        """
        if self.by_strip and self._open and _RUNGS.get(rule_name, _ABOVE) < _RUNGS.get(self.steps[-1].rule, _ABOVE):
            self._end_round()
        if not self._open:
            self.rounds += 1
            self._open = True
        step = Step(len(self.steps) + 1, rule_name, tuple(marks), tuple(reasons), chain=chain, search=search,
                    round=self.rounds, last=False, assumed=assumed)
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step, self.grid)
        return step

    def _close(self, rule_name: str, pieces, since: int) -> Step | None:
        """End a rule's work: ``pieces`` (``(marks, reason)`` per strip, when not by strip) become its one step.

        ``since`` is the number of steps when the rule began.  Returns the
        last step the rule made, or None when it marked nothing.  By rule,
        the round ends here (the step is marked ``last``); by strip, rounds
        end as the engine goes back down the ladder (:meth:`_step`).
        """
        if pieces:
            self._step(rule_name, [mark for marks, _ in pieces for mark in marks], [reason for _, reason in pieces])
        if len(self.steps) == since:
            return None
        if not self.by_strip:
            self._end_round()
        return self.steps[-1]

    def _end_round(self) -> None:
        """Close the round now open, if any: its last step is marked ``last``."""
        if self._open:
            self._open = False
            self.steps[-1] = self.steps[-1].ended()

    def run(self) -> Status:
        """Apply the rules until no rule makes progress; return :class:`paint.result.Status` ``SOLVED``, ``STALLED`` or ``LIMIT``.

        ``'limit'``: the budget's time ran out (the marks made before were
        recorded).  Raises :class:`paint.errors.Contradiction` when the clues cannot all
        hold (the marks made before it was found are recorded as a last step).
        """
        try:
            while True:
                for rule in self.rules:
                    if self.apply(rule) is not None:
                        break
                else:
                    status = Status.SOLVED if self.blank == 0 else Status.STALLED
                    break
        except LimitReached:
            status = Status.LIMIT
        finally:
            self._end_round()  # the steps before a stall, a limit or a contradiction end a round
        return status


@functools.lru_cache(maxsize=64)
def _barred(only_if, rows, columns) -> frozenset[int]:
    """The strips (rows first, then columns, as :attr:`Engine.strips`) of a puzzle with clues ``rows`` and
    ``columns`` that ``only_if`` (:attr:`paint.rule.Rule.only_if`) bars: worked out once for a puzzle, whose
    explained search makes an engine for every branch it tells (690 for webpbn's forever)."""
    lines = [(clue, len(columns)) for clue in rows] + [(clue, len(rows)) for clue in columns]
    return frozenset(index for index, (clue, n) in enumerate(lines) if not only_if(clue, n))


_RUNGS = {row.name: row.rung for row in RULES}
"""The rung of each rule on the ladder, by name; the search (no row) is above every rung (:data:`_ABOVE`)."""
_ABOVE = 1 << 30


def _on_one_strip(marks, search) -> list[Mark]:
    """The marks of ``marks`` on the strip of the block ``search`` tried, named by that strip; when none lies there
    (or there is no record), those on the strip the first mark names."""
    home = search.branches[0].placement.strip if search is not None and search.branches else None
    if home is not None:
        mine = [attrs.evolve(mark, strip=home) for mark in marks
                if (mark.row if home.kind == "row" else mark.column) == home.index]
        if mine:
            return mine
    return [mark for mark in marks if mark.strip == marks[0].strip]
