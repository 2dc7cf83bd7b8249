"""``paint solve``: solve a puzzle and write its explanation (text, JSON, HTML, SVG) as the solve goes."""

from __future__ import annotations

import argparse
import contextlib
import gc
import signal
import sys
import threading

import attrs

from .. import solve
from ..errors import PaintError
from ..signals import exit_status, handling, stopped_by
from ..files import ChunkedWriter, check_destination, output_file
from ..options import SolveOptions
from ..result import replay
from ..render.text import Rounds, TextWriter, ending_parts, header_parts, picture, step_part
from ..wording import step_body
from .status import EXIT_BY_STATUS, EXIT_CONTRADICTION, EXIT_MULTIPLE, EXIT_SOLVED, EXIT_STALLED, help_text
from .common import (OutputConsole, add_grid, add_limits, add_puzzle_number, add_width, chosen_puzzles, complain,
                     distinct_outputs, file_name, may_be_terminal, page_destination, paragraph, read_paths,
                     status_line,
                     writes_stdout)


def add_parser(commands, names) -> None:
    """Add the ``solve`` sub-command to ``commands`` (``names``: the puzzle formats)."""
    solve = commands.add_parser(
        "solve", help="solve a puzzle and print the explanation",
        description=paragraph(
            "Solve PUZZLE with Kramer's rules and print the explanation: one numbered step per "
            "rule applied to one row or column (the rule, the clue and the squares it marked), "
            "with the reasons under it - where each block can lie and which known squares "
            "limit it - and the row or column before and after the step, so each step can be "
            "checked from what is printed; the grid, rows and columns numbered, after each round "
            "of rules (and before a probe or search step a screen away from the last); then the "
            "answer (or why the solve stopped) and a summary.  When the rules "
            "stall, breadth-first search places blocks until one place is left, or shows that "
            "the puzzle has several solutions: then the last step says where the choice is and "
            "both solutions are drawn.  A solution found is proven to be the only one.  "
            "The squares marked since the grid before are drawn ## (full) and * (empty), and "
            "highlighted on a terminal."),
        epilog=help_text("solve"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("puzzle", metavar="PUZZLE",
                       help=f"the puzzle file; its format is found from its name and content ({names}); "
                            "or a Simon Tatham Pattern game ID, like 10x10:2/3.1/...")
    which = solve.add_mutually_exclusive_group()
    add_puzzle_number(which, "solve")
    which.add_argument("--all", action="store_true",
                       help="solve every puzzle of a file that holds many, one after another")
    add_grid(solve, "start from these squares: the explanation goes on from there")
    solve.add_argument("--no-grids", dest="grids", action="store_false",
                       help="leave out the picture of the grid after each round of steps (the answer is still shown)")
    shown = solve.add_mutually_exclusive_group()
    shown.add_argument("--brief", action="store_true",
                       help="print only each step's line, without the reasons and the line drawn under it")
    shown.add_argument("--detail", action="store_true",
                       help="also show, under a probe, each link's rule, generation and reason, and under a "
                            "search step each place tried with the branch's own steps")
    solve.add_argument("--steps", choices=("strip", "rule"), default="strip",
                       help="what one step holds: 'strip' (the default), one rule applied to one row or "
                            "column, the simplest the grid allows, checkable against the grid just before it; "
                            "'rule', Kramer's program: his seven rules, each applied to every row and column "
                            "that changed as one step")
    solve.add_argument("-o", "--output", metavar="FILE", type=file_name,
                       help="write the explanation (plain text, no colour) or the JSON to FILE instead "
                            "of printing it; FILE is replaced atomically and may not be the puzzle file "
                            "(- is standard output)")
    solve.add_argument("--json", action="store_true",
                       help="print the result as a JSON document (puzzle, status, steps with their "
                            "marks and reasons, grid, contradiction) instead of the explanation "
                            "(with --all, a list of them)")
    solve.add_argument("--svg", metavar="FILE", type=file_name,
                       help="also write a picture of the solved grid with its clues to FILE, as SVG")
    solve.add_argument("--html", metavar="FILE", type=file_name,
                       help="also write the explanation to FILE as one HTML page to step through: the grid "
                            "after each step, the squares it marked highlighted, its line and reasons beside "
                            "it; previous/next, the arrow keys, a slider and an address per step "
                            "(FILE#step-12); self-contained, readable offline")
    add_width(solve)
    solve.add_argument("--no-search", dest="search", action="store_false",
                       help="run the rules only; stop with 'stalled' where search would begin")
    add_limits(solve, "solve")


def run(arguments) -> int:
    if arguments.output == "-":
        arguments.output = None  # standard output, as without -o
    for option, path in (("--svg", arguments.svg), ("--html", arguments.html)):
        page_destination(option, path, arguments.output, "explanation")
    protect = read_paths(arguments)
    destinations = [path for path in (arguments.output, arguments.svg, arguments.html) if path]
    for path in destinations:  # before a long solve
        check_destination(path, protect=protect)
    distinct_outputs(destinations, "-o, --svg and --html must name different files")
    if arguments.all and arguments.grid is not None:
        raise PaintError("--grid gives the squares of one puzzle: choose it with --puzzle N instead of --all")
    puzzles = chosen_puzzles(arguments)
    if len(puzzles) > 1 and (arguments.svg or arguments.html):
        raise PaintError("--svg and --html picture one puzzle: choose it with --puzzle N")
    if writes_stdout(arguments.output):
        raise PaintError("cannot write the explanation: standard output is closed (use -o FILE)")
    options = SolveOptions(search=arguments.search, max_time=arguments.max_time,
                           max_branches=arguments.max_branches, branch_steps=arguments.detail,
                           steps=arguments.steps,
                           # the counts of the places a search leaves: in what shows them (the page's list of places)
                           branch_counts=arguments.detail or arguments.json or bool(arguments.html),
                           # the chains of probes and of a search's places: in what prints them (not the brief text,
                           # nor the brief page)
                           chains=not arguments.brief or arguments.json)
    results: list = []
    stop = _Stopping()
    with handling(stop.handle), contextlib.ExitStack() as outputs:
        stream = outputs.enter_context(output_file(arguments.output, protect=protect)) if arguments.output else None
        page = None
        if arguments.html:
            from ..render.html import HtmlWriter  # only a page needs it
            page = HtmlWriter(outputs.enter_context(output_file(arguments.html, protect=protect)),
                              brief=arguments.brief, detail=arguments.detail, rounds=arguments.steps == "strip")
        _solve_each(puzzles, options, arguments, stream, page, results, stop)
        if results and (arguments.svg or page is not None):
            from ..render.svg import SVG_DECLARATION, svg_markup
            # the final grid, drawn once for both pictures
            picture = svg_markup(results[0].puzzle, results[0].grid)
            if arguments.svg:
                with output_file(arguments.svg, protect=protect) as file:
                    file.write(SVG_DECLARATION + picture)
            if page is not None:
                page.end(results[0], picture)
    finished = len(results) == len(puzzles) and (not results or results[-1].status != "limit")
    if stop.received is not None and not finished:  # a signal that came as the last solve ended cut nothing
        name = stopped_by(stop.received)
        if not results:  # it came before the first solve began: nothing was done, nothing is reported
            complain(name)
            return exit_status(stop.received)
        if stop.received == signal.SIGINT and len(puzzles) == 1:
            complain(f"{name}: the solve stopped with status limit; what was done is reported")
            return _worst(result.status for result in results)
        complain(f"{name} in puzzle {len(results)} of {len(puzzles)} (its solve stopped with status limit; "
                  "what was done is reported)")
        return exit_status(stop.received)
    return _worst(result.status for result in results)


class _Stopping:
    """While ``paint solve`` runs, Ctrl-C, SIGTERM and SIGHUP stop the solve cleanly, and the run after it.

    :meth:`handle`, the handler while the command runs (installed with
    :func:`paint.signals.handling`), only sets :attr:`event`, which the
    solve checks before each strip (:class:`paint.budget.Budget`): the
    solve then ends with status ``limit`` at a point where all it recorded
    is whole, and what it did is written out - a signal never cuts a step
    or a JSON document in half.  The signal is kept in :attr:`received`;
    Ctrl-C of a single puzzle exits with the solve's status (3), anything
    else with 128 + its number, and so does any signal that comes before
    the first solve has begun (nothing was done).
    """

    def __init__(self):
        self.event = threading.Event()
        self.received: int | None = None

    def handle(self, signum, frame) -> None:
        if self.received is None:
            self.received = signum
        self.event.set()


class _KeptSteps:
    """Sets the steps a solve keeps aside from Python's cycle collector while the solve goes on.

    The steps are kept to the end of the solve (the result holds them), so
    the collector need not look through them again and again: a dense
    1000 x 1000 solve keeps a million marks, and the collector's full passes
    over them were a fifth of its explained solve.  :meth:`step`, after each
    step, sets aside all that lives (``gc.freeze()``, at once); :meth:`done`,
    when the puzzle is done, hands it back.  The cycles a solve leaves are
    collected before anything is set aside again - at the first step of the
    next puzzle, or of the next run of the command in the same process - or
    they would be set aside with the rest, for good (the memory of ``--all``,
    or of a program running the command again and again, would grow with
    every puzzle); after the command's last puzzle no pass is made, which
    would only delay its end (9 ms of a 0.13 s solve of a small puzzle), and
    the collector frees them as usual.  A program that runs paint's command
    after freezing objects of its own, or with the collector off, is left as
    it was: nothing is frozen or unfrozen.
    """

    uncollected = False
    """Whether a solve of this process handed back what it set aside and its cycles were not collected yet (one
    flag for the process, as the collector's frozen objects are)."""

    def __init__(self):
        self.active = gc.isenabled() and gc.get_freeze_count() == 0
        self.frozen = False

    def step(self) -> None:
        """After a step: set aside all that lives now (first collecting a solve's cycles left uncollected)."""
        if self.active:
            if _KeptSteps.uncollected:
                gc.collect()
                _KeptSteps.uncollected = False
            gc.freeze()
            self.frozen = True

    def done(self) -> None:
        """After the puzzle (however its solve ended): hand it all back; its cycles are collected before the next
        freeze (:meth:`step`), if one comes."""
        if self.frozen:
            gc.unfreeze()
            _KeptSteps.uncollected = True
            self.frozen = False


def _solve_each(puzzles, options, arguments, stream, page, results: list, stop: _Stopping) -> None:
    """Solve ``puzzles`` in order, writing each explanation (or JSON document) as the solve goes.

    ``stream`` is the file of ``-o`` (None: standard output), ``page`` the
    :class:`HtmlWriter` of ``--html`` or None.  Appends each result to
    ``results`` (with several puzzles, without its steps, which were
    written already); stops after the puzzle during which ``stop`` received
    a signal.
    """
    # rich only for a terminal: on a terminal it writes (and keeps the status line below); a file or pipe gets
    # plain text without loading it
    console = OutputConsole(highlight=False) if may_be_terminal(sys.stdout) else None
    to_terminal = console is not None and console.is_terminal and stream is None
    width = arguments.width
    if to_terminal:
        # everything for the terminal goes through its one console, the status line's too
        from ..render.terminal import ConsoleText, TerminalWriter, in_colour
        out = ConsoleText(console)
        writer = TextWriter(out) if arguments.json else TerminalWriter(console)
        width = width if arguments.json else min(arguments.width, max(console.width, 40))
    else:
        out = stream or ChunkedWriter(sys.stdout)
        writer = TextWriter(out)
    status = status_line(console if to_terminal else None)
    highlighted = to_terminal and not arguments.json and in_colour(console)
    many = len(puzzles) > 1
    if arguments.json and arguments.all:
        out.write("[")
    for label, puzzle in puzzles:
        if stop.received is not None:
            break
        document = None
        if arguments.json:
            from ..render.document import DocumentWriter
            document = DocumentWriter(out, depth=1 if arguments.all else 0)
            if arguments.all:
                out.write(",\n  " if results else "\n  ")
            document.begin(puzzle)
        else:
            if many:
                if results:
                    out.write("\n")
                out.write(_banner(label, len(results) + 1, len(puzzles)))
                writer.previous = None
            for part in header_parts(puzzle, grids=arguments.grids):
                writer.write(part)
        if page is not None:
            page.begin(puzzle)

        rounds = Rounds()
        drawing = document is None and arguments.grids  # pictures between the steps: only the text draws them
        kept = _KeptSteps()

        def show(closed, puzzle=puzzle) -> None:
            """Draw the picture that closes a round (``closed``: marks and grid); called only when ``drawing``."""
            if closed is None:
                return
            marks, grid = closed
            drawn = picture(puzzle, grid, marks)
            writer.write(drawn)
            rounds.shown(drawn)

        def on_step(step, grid, puzzle=puzzle, document=document, rounds=rounds):
            if drawing:  # the grid is copied where a round closes: work only for a picture
                show(rounds.start(step, grid))
            # the reasons are worded once, for the text and the page alike
            body = None if arguments.brief or page is None else step_body(step, detail=arguments.detail)
            if document is not None:
                document.step(step)
            else:
                part = step_part(step, detail=arguments.detail, brief=arguments.brief, width=width, body=body)
                writer.write(part)
                if drawing:
                    rounds.shown(part)
            if page is not None:
                page.step(step, body)
            kept.step()

        try:
            result = solve(puzzle, options, on_step=on_step, on_progress=status and status.update, stop=stop.event)
        finally:
            kept.done()
            if status is not None:
                status.stop()
        # the grid the steps built: a result's grid may hold squares no step marked (a solution of several)
        if drawing:
            show(rounds.finish(result.grid if result.status == "solved" and result.depth_first is None
                               else replay(puzzle, result.steps)))
        results.append(result if not many else attrs.evolve(result, steps=()))  # keep one explanation at a time
        if arguments.json:
            document.end(result)
        else:
            for part in ending_parts(result, grids=arguments.grids, width=width, highlighted=highlighted,
                                     brief=arguments.brief):
                writer.write(part)
    if arguments.json:
        out.write("\n]\n" if arguments.all else "\n")
        out.flush()


SEVERITY = (EXIT_CONTRADICTION, EXIT_MULTIPLE, EXIT_STALLED, EXIT_SOLVED)
"""Exit statuses from worst to best: ``solve --all`` exits with the worst of its puzzles'."""


def _worst(statuses) -> int:
    codes = {EXIT_BY_STATUS[status] for status in statuses}
    return next(code for code in SEVERITY if code in codes)


def _banner(label: str, number: int, count: int) -> str:
    """The line that opens each puzzle's explanation under --all (none for a single puzzle)."""
    if count == 1:
        return ""
    return f"==== {label} (puzzle {number} of {count}) ====\n\n"
