"""Up to two solutions of a puzzle found by a SAT solver, alone or racing paint's own search (``paint check --sat``).

Where the rules stall, :mod:`paint.search.dfs` counts the solutions by
line propagation, probing and backtracking.  This module is the other way
an editor can ask "does it have one solution?": every row and column is
written as clauses over one variable per square, and a well-kept SAT
solver, CaDiCaL 1.9.5 through python-sat (``pip install 'paint[sat]'``),
looks for a solution; once one is found, a clause forbidding exactly that
grid is added and it looks again.  None then means the first is the only
one; a second is a second solution.  The solver learns a clause from every
contradiction it meets (conflict-driven clause learning), which line
propagation and probing do not.  It decides a puzzle the depth-first search
cannot (knotty and faase: more than one solution each, in minutes) and
alone does not pay on most others, so :func:`race` runs it beside paint's
depth-first search, the first to decide believed: about the shorter of the
two times, for a second core's work (docs/search.md, "A SAT solver").

A clue is written as the automaton that reads its line square by square
(Pesant 2004, the ``regular`` constraint), as clauses in the way of Bacchus
("GAC via unit propagation", CP 2007): a variable for each state the
automaton can be in before each square, and one for each transition it can
take there.  Unit propagation on these clauses finds every square the line
forces, as the exact line solvers do (:mod:`paint.linesolvers`), so the
solver starts from what line logic knows.

The solver runs in a child process: the CaDiCaL of python-sat cannot be
interrupted (nor does it let other threads run), and a time limit or
Ctrl-C must stop it.  The child is killed when the budget's time is spent
or its ``stop`` is set, and (on Linux) when the process that started it
ends; it runs in a session of its own, so a signal to paint's process
group reaches paint alone, which then kills it.  Each puzzle it counts
starts one (some 20 ms of a core on TAAI 2011's 25 x 25 puzzles, with
their clauses; in a race, on the other core).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from typing import Callable

from ..budget import Budget, LimitReached
from ..squares import EMPTY, FULL, Grid, line_text, run_lengths
from .dfs import Counted

SOLVER = "cadical195"
"""The python-sat solver used: CaDiCaL 1.9.5."""

POLL = 0.05
"""Seconds between two looks at the budget while the child works."""

EXIT_WAIT = 5.0
"""Seconds a child that has closed its output is given to end before it is killed."""

HOME = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
"""The folder that holds this ``paint`` package: the child's working folder."""


def available() -> bool:
    """True when python-sat is installed (``pip install 'paint[sat]'``)."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


def line_clauses(cells: list[int], clue, new, known=None) -> list[list[int]]:
    """The clauses that hold exactly when the squares of one line, variables ``cells`` (true: full), fit ``clue``.

    ``new()`` gives a fresh variable.  ``known``, if given, holds the
    line's square values (0 blank, 1 empty, 2 full), whose unit clauses
    are the caller's: the automaton then takes no step that reads a known
    square the other way, a state before a known square implies the state
    after it with no step variable, and a line with no blank square gives
    no clause at all (the empty clause when its squares do not fit the
    clue).  Merka's clauses from its stall are a seventh of those from the
    blank grid; a line's still grow with its length times its blocks'
    squares.  The automaton of the clue has a
    state for the gap before each block (where it may stay on an empty
    square), one for each square of each block, and the gap after the
    last block; only the states it can be in before square ``t`` of some
    way through the line get a variable.  A clue that cannot fit the line
    gives the empty clause.  (Bacchus 2007: the state and transition
    variables, a transition implying its state, its square's value and the
    next state; a state implying one of its transitions out and, after the
    first square, one of those into it; a square's value implying one of
    the transitions that read it.  Bacchus's clause "the automaton is in
    one of its states before each square" is left out: the first state and
    "a state implies a step out" imply it, and unit propagation is as
    strong without it.  Without it CaDiCaL decided knotty and faase from
    their stalls in 9 and 14 minutes; with it, knotty in 11 to 15 and faase
    not in 15.  Unit propagation finds every square the clue and the known
    squares force, or that they cannot both hold: tested on every partial
    line of up to 5 squares.)
    """
    blocks = [block for block in clue if block]
    n = len(cells)
    if known is not None and all(known):  # no blank square: the known squares, unit clauses, say it all
        return [] if run_lengths(known) == blocks else [[]]
    step: list[dict[int, int]] = [{}]  # state -> {value: next state}; value 1 full, 0 empty
    for block in blocks:
        gap = len(step) - 1
        first = len(step)
        step.extend({} for _ in range(block))
        step[gap][0] = gap
        step[gap][1] = first
        for i in range(block - 1):
            step[first + i][1] = first + i + 1
        step.append({})
        step[first + block - 1][0] = len(step) - 1
    final = len(step) - 1
    step[final][0] = final
    accepting = {final, final - 1} if blocks else {final}
    reads = [(0, 1) if known is None or known[t] == 0 else (1,) if known[t] == FULL else (0,) for t in range(n)]
    reach = [{0}]
    for t in range(n):
        reach.append({step[state][value] for state in reach[t] for value in reads[t] if value in step[state]})
    alive: list[set[int]] = [set() for _ in range(n + 1)]
    alive[n] = reach[n] & accepting
    if not alive[n]:
        return [[]]
    for t in range(n - 1, -1, -1):
        alive[t] = {state for state in reach[t]
                    if any(value in step[state] and step[state][value] in alive[t + 1] for value in reads[t])}
    state = [{s: new() for s in sorted(alive[t])} for t in range(n + 1)]
    clauses = [[state[0][0]]]
    into: list[dict[int, list[int]]] = [{} for _ in range(n + 1)]
    for t in range(n):
        reading = {0: [], 1: []}
        for s in sorted(alive[t]):
            if len(reads[t]) == 1:  # a known square: the one step from s is taken whenever s is the state
                after = step[s][reads[t][0]]
                clauses.append([-state[t][s], state[t + 1][after]])
                into[t + 1].setdefault(after, []).append(state[t][s])
                continue
            out = []
            for value, after in step[s].items():
                if after not in alive[t + 1]:
                    continue
                move = new()
                square = cells[t] if value else -cells[t]
                clauses += [[-move, state[t][s]], [-move, square], [-move, state[t + 1][after]],
                            [move, -state[t][s], -square]]
                out.append(move)
                reading[value].append(move)
                into[t + 1].setdefault(after, []).append(move)
            clauses.append([-state[t][s], *out])
        if len(reads[t]) == 2:
            clauses.append([-cells[t], *reading[1]])
            clauses.append([cells[t], *reading[0]])
    for t in range(1, n + 1):
        for s, variable in state[t].items():
            clauses.append([-variable, *into[t][s]])
    return clauses


def clauses(rows_clues, column_clues, rows) -> tuple[list[list[int]], int]:
    """The clauses of a whole puzzle and how many variables they use.

    ``rows_clues``/``column_clues``: the clues (tuples of block lengths);
    ``rows``: one sequence of square values per row (0 blank, 1 empty,
    2 full), whose known squares are added as unit clauses.  Square (row
    ``r``, column ``c``), 0-based, is variable ``r * width + c + 1``.
    """
    height, width = len(rows_clues), len(column_clues)
    count = height * width

    def new() -> int:
        nonlocal count
        count += 1
        return count

    found: list[list[int]] = []
    for r, clue in enumerate(rows_clues):
        found += line_clauses([r * width + c + 1 for c in range(width)], clue, new, rows[r])
    for c, clue in enumerate(column_clues):
        found += line_clauses([r * width + c + 1 for r in range(height)], clue, new, [row[c] for row in rows])
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value == FULL:
                found.append([r * width + c + 1])
            elif value == EMPTY:
                found.append([-(r * width + c + 1)])
    return found, count


def _solve(rows_clues, column_clues, lines, send) -> None:
    """Find the solutions (at most two) and ``send`` each as one string of ``'X'``/``'.'`` per row, then None
    when there is no other: the child's work."""
    from pysat.solvers import Solver

    height, width = len(rows_clues), len(column_clues)
    found, _ = clauses(rows_clues, column_clues, Grid.from_lines(lines).rows)
    squares = height * width
    with Solver(name=SOLVER, bootstrap_with=found) as solver:
        for _ in range(2):
            if not solver.solve():
                break
            model = solver.get_model()
            full = [model[i] > 0 for i in range(squares)]
            send(["".join("X" if full[r * width + c] else "." for c in range(width)) for r in range(height)])
            solver.add_clause([-(i + 1) if full[i] else i + 1 for i in range(squares)])
        else:
            return
    send(None)


def two_solutions(puzzle, rows, *, budget: Budget | None = None) -> Counted:
    """Up to two different solutions of ``puzzle`` that agree with the known squares of ``rows``, by CaDiCaL.

    ``rows``: one sequence of square values per row (0 blank, 1 empty,
    2 full), for instance an engine's grid where the rules stalled.
    Returns a :class:`paint.search.dfs.Counted` as the depth-first search
    does: two solutions, or fewer with ``complete`` True when the solver
    proved there is no other; its ``depth`` is None (a SAT solver has no
    levels of trial) and ``positions`` 0.  Raises
    :class:`paint.budget.LimitReached` when ``budget``'s time is spent or
    its ``stop`` is set before the solver has finished (the child process
    is then killed), ImportError when python-sat is not installed, and
    RuntimeError when the child process fails.
    """
    with Counting(puzzle, rows) as counting:
        return counting.result(budget)


class Counting:
    """The SAT solver counting the solutions of ``puzzle`` from ``rows`` in its child process, started at once.

    :meth:`result` waits for its answer (:func:`two_solutions`, which is
    this class used at once).  :attr:`decided` is set as soon as the child
    has given two solutions or said there is no other, so that other work
    may go on meanwhile and stop then - paint's own depth-first search, in
    a race (:func:`race`).  Leaving the ``with`` block, or :meth:`close`,
    kills the child if it is still at work.  Make it, read it and close it
    in one thread: on Linux the child ends when the thread that started it
    does.  Raises ImportError when python-sat is not installed, OSError
    when the child cannot be started, RuntimeError when the thread that
    talks to it cannot.
    """

    def __init__(self, puzzle, rows) -> None:
        import pysat.solvers  # noqa: F401  (ImportError here, in this process, rather than in the child)

        self.puzzle = puzzle
        self.rows = rows
        task = json.dumps({"rows": [list(clue) for clue in puzzle.rows],
                           "columns": [list(clue) for clue in puzzle.columns],
                           "grid": [line_text(row) for row in rows],
                           "parent": os.getpid()})
        self.answers: queue.Queue = queue.Queue()
        self.decided = threading.Event()
        self.errors = tempfile.TemporaryFile("w+")  # a file, not a pipe: what the child says there cannot block it
        self.child = None
        self.talker = None
        try:
            # In a session of its own, no signal meant for paint's process group reaches the child (pysat's own
            # Ctrl-C handler would end it with an error): paint stops it, by killing it.  It runs from the folder
            # holding this paint package, which ``-m`` puts first on its path, so a ``paint`` in the user's folder
            # cannot shadow it.
            self.child = subprocess.Popen([sys.executable, "-m", __name__], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=self.errors, text=True,
                                          start_new_session=True, cwd=HOME)
            talker = threading.Thread(target=self._talk, args=(task + "\n",), name="paint-sat-talker", daemon=True)
            talker.start()
            self.talker = talker
        except BaseException:  # Ctrl-C or a failure while starting: no child left at work, no file left open
            self.close()
            raise

    def _talk(self, task: str) -> None:
        """Write ``task`` (one line) to the child, then put each line it writes on :attr:`answers` (ValueError
        for one that is not an answer, EOFError at the end), setting :attr:`decided` once it has decided.

        This thread alone uses the child's standard input and output, and closes them: the task is written
        here so that a large one does not hold up the caller while the child starts, and so that a kill
        (:meth:`close`) meets no other thread writing.  The child reads one line, not to the end of its
        input, so that a process forked meanwhile, holding a copy of this end of the pipe, cannot hold it
        up."""
        given = 0
        child = self.child
        try:
            try:
                child.stdin.write(task)
                child.stdin.flush()
            except (OSError, ValueError):  # the child ended at once (told from what it wrote to ``errors``),
                pass                        # or was killed
            finally:
                _quietly(child.stdin.close)
            for line in child.stdout:
                answer = json.loads(line)
                if answer is not None and not (isinstance(answer, list)
                                               and all(isinstance(row, str) for row in answer)):
                    raise ValueError(answer)  # neither "no other" nor rows of text
                self.answers.put(answer)
                given += 1
                if answer is None or given == 2:
                    self.decided.set()
        except Exception:  # noqa: BLE001 - not JSON, not an answer, a pipe closed: the child is not to be believed
            self.answers.put(ValueError)
        finally:
            _quietly(child.stdout.close)
            self.answers.put(EOFError)

    def result(self, budget: Budget | None = None) -> Counted:
        """The child's answer, as :func:`two_solutions` returns it and with the errors it raises."""
        solutions: list[Grid] = []
        while True:
            try:
                answer = self.answers.get(timeout=POLL)
            except queue.Empty:
                if budget is not None and budget.spent():
                    raise LimitReached from None
                continue
            if answer is ValueError:
                raise RuntimeError("the SAT solver's process wrote something that is not an answer")
            if answer is EOFError:
                try:
                    self.child.wait(timeout=EXIT_WAIT)
                except subprocess.TimeoutExpired:  # it closed its output and goes on: it is not to be waited for
                    self.child.kill()
                    self.child.wait()
                self.errors.seek(0)
                problem = self.errors.read().strip().splitlines()
                raise RuntimeError(f"the SAT solver's process ended with exit status {self.child.returncode}"
                                   + (f": {problem[-1]}" if problem else ""))
            if answer is None:
                return Counted(tuple(solutions), True, None, 0)
            misfit = _misfit(self.puzzle, answer, self.rows)
            if misfit is not None:
                raise RuntimeError(f"the SAT solver's solution does not fit {misfit}")
            solutions.append(Grid.from_lines(answer))
            if len(solutions) == 2:
                return Counted(tuple(solutions), True, None, 0)

    def close(self) -> None:
        """Kill the child if it is still at work, wait for its end and for the thread that talks to it."""
        if self.child is not None:
            if self.child.poll() is None:
                self.child.kill()
            self.child.wait()
            if self.talker is not None:
                self.talker.join(timeout=10)  # at once: the child's end closes its output
            else:
                _quietly(self.child.stdin.close)
                _quietly(self.child.stdout.close)
        self.errors.close()

    def __enter__(self) -> Counting:
        return self

    def __exit__(self, *exception) -> None:
        self.close()


def _quietly(close: Callable[[], None]) -> None:
    """Call ``close`` (a stream's), ignoring the error of a pipe whose other end has gone."""
    try:
        close()
    except (OSError, ValueError):
        pass


class _Either:
    """A stop for a budget (:attr:`paint.budget.Budget.stop`): set when ``stop`` (None: never) or ``decided`` is."""

    def __init__(self, stop, decided: threading.Event) -> None:
        self.stop = stop
        self.decided = decided

    def is_set(self) -> bool:
        return self.decided.is_set() or (self.stop is not None and self.stop.is_set())


def race(puzzle, rows, own: Callable[[], Counted], *, budget: Budget) -> Counted:
    """What the first to decide finds: the SAT solver (:class:`Counting`, in its child process) or ``own``,
    paint's depth-first search of ``puzzle`` from ``rows`` (a call that works within ``budget``), side by side.

    ``own`` runs in this process while the child works on the other core;
    the budget's ``stop`` is set, for ``own``, once the child has decided,
    and the child is killed once ``own`` has.  When ``own`` ends undecided
    (its positions spent: :attr:`paint.search.dfs.Count.UNKNOWN`), the
    child's answer is waited for.  A child that cannot start or fails
    (ends early, is killed, writes what is not an answer: the machine's
    out-of-memory killer, say) only loses the race: ``own`` goes on alone,
    and the child's error is raised only when ``own`` ends undecided; a
    solution of the child's that does not fit the clues is an error
    (RuntimeError, a fault in the clauses) when it is read - when the child
    decides first or ``own`` ends undecided.  Returns
    ``own``'s :class:`Counted` (its ``depth`` measured) or the child's
    (``depth`` None).  Raises :class:`paint.budget.LimitReached` when the
    budget's time is spent or its own ``stop`` set first, ImportError when
    python-sat is not installed, and the errors of :func:`two_solutions`
    as just said.
    """
    from .dfs import Count

    try:
        counting = Counting(puzzle, rows)
    except (OSError, RuntimeError):  # no second process, or no thread to talk to it: paint's search alone
        return own()
    with counting:
        stop = budget.stop
        counted = None
        try:
            budget.stop = _Either(stop, counting.decided)
            counted = own()
        except LimitReached:
            if not counting.decided.is_set():
                raise
        finally:
            budget.stop = stop
        if counted is not None and counted.count is not Count.UNKNOWN:
            return counted
        return counting.result(budget)


def _misfit(puzzle, lines: list[str], rows) -> str | None:
    """The first row or column (counted from 1) of the solution ``lines`` whose runs are not its clue or that
    contradicts a known square of ``rows``, in words; None when it all fits.  A check on the solver's word
    (and on the clauses), a line at a time."""
    if len(lines) != puzzle.height:
        return f"the puzzle's {puzzle.height} rows: it has {len(lines)}"
    for index, line in enumerate(lines):
        if len(line) != puzzle.width or set(line) - {"X", "."}:
            return f"row {index + 1}: it is not {puzzle.width} squares of X and ."
    found = Grid.from_lines(lines).rows
    for kind, clues, strips, known in (
            ("row", puzzle.rows, found, rows),
            ("column", puzzle.columns, [[row[c] for row in found] for c in range(puzzle.width)],
             [[row[c] for row in rows] for c in range(puzzle.width)])):
        for index, (clue, strip, values) in enumerate(zip(clues, strips, known)):
            if run_lengths(bytes(strip)) != [block for block in clue if block] or any(
                    value and value != square for value, square in zip(values, strip)):
                return f"{kind} {index + 1}"
    return None


def _die_with(parent: int) -> None:
    """End this process when ``parent`` does (Linux: the kernel kills it; elsewhere only a parent already gone
    is noticed), so that a worker killed outright leaves no solver running."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(1)


def main() -> None:
    """The child process: read the task (JSON: ``rows``, ``columns``, ``grid``, ``parent``) from standard input
    and write each answer of :func:`_solve` as a line of JSON to standard output."""
    task = json.loads(sys.stdin.readline())
    _die_with(task["parent"])

    def send(answer) -> None:
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()

    _solve([tuple(clue) for clue in task["rows"]], [tuple(clue) for clue in task["columns"]], task["grid"], send)


if __name__ == "__main__":
    main()
