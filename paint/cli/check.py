"""``paint check``: judge a batch of puzzles for an editor (:mod:`paint.batch`, :mod:`paint.check`)."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import time

import attrs

from .. import formats
from ..check import CheckOptions
from ..errors import PaintError
from ..signals import exit_status, handling, stopped_by
from ..files import STDIN, STDIN_LABEL, ChunkedWriter, check_destination, output_file, write_atomically
from ..solver import with_given
from .status import EXIT_BAD_INPUT, EXIT_CONTRADICTION, EXIT_SOLVED, help_text
from .common import (OutputConsole, add_grid, add_limits, complain, distinct_outputs, file_name, grid_for,
                     may_be_terminal, page_destination, paragraph, positive, read_paths, writes_stdout)


def add_parser(commands, names) -> None:
    """Add the ``check`` sub-command to ``commands``."""
    check = commands.add_parser(
        "check", help="check a batch of puzzles: one solution, and solvable without guessing?",
        description=paragraph(
            "Check every puzzle in the files and folders given (folders are searched for "
            f"{', '.join(formats.EXTENSIONS)} files; a file of many puzzles is walked, each puzzle "
            "reported as FILE#N) the way a puzzle editor would, and give each one "
            "verdict: ok (line logic alone finishes it, so its solution is the only one), "
            "needs-probes (one solution, but the edge or corner probes are needed), "
            "needs-search (one solution, but only search finishes it), multiple (more than one "
            "solution), no-solution, error (the file cannot be read) or limit (stopped by "
            "--max-time or --max-positions).  Several puzzles are reported in a table, with a "
            "progress bar on a terminal while they are checked, then a one-line summary."),
        epilog=help_text("check"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("paths", metavar="PATH", nargs="+",
                       help="a puzzle file, a folder to search, or a Pattern game ID")
    check.add_argument("--allow-probes", action="store_true",
                       help="count needs-probes puzzles as passing (exit status 0)")
    shown = check.add_mutually_exclusive_group()
    shown.add_argument("--show", action="store_true",
                       help="draw the grid where line logic stalls for needs-search (and needs-probes) "
                            "puzzles, and the two solutions, differing squares highlighted, for multiple")
    shown.add_argument("--json", action="store_true",
                       help="print a JSON list with one object per puzzle instead of the table")
    shown.add_argument("--csv", action="store_true",
                       help="print CSV instead of the table: a header row, then one row per puzzle (file, "
                            "width, height, verdict, grade, hardest_rule, steps, blank_at_stall, seconds, "
                            "passes, notes: the JSON's names and values)")
    check.add_argument("-o", "--output", metavar="FILE", type=file_name,
                       help="write the report (plain text, the JSON or the CSV) to FILE instead of printing it; "
                            "FILE is replaced atomically and may not be one of the puzzles")
    check.add_argument("--html", metavar="FILE", type=file_name,
                       help="also write the report to FILE as one HTML page: problems first, the table "
                            "sortable by any column and filtered by verdict, a picture of each puzzle (its "
                            "solution, the grid where line logic stalls, or two solutions side by side with "
                            "the squares that differ framed); self-contained, readable offline. FILE ending "
                            "in / (or a folder) writes FILE/index.html and a step-through page for each "
                            "puzzle that is not ok, linked from the report")
    where = check.add_mutually_exclusive_group()
    # no default here: argparse would take --jobs equal to it for no --jobs at all beside --dask
    where.add_argument("--jobs", type=_jobs, metavar="N",
                       help="check N puzzles at a time, in parallel processes (default: the number "
                            f"of cores, {_cores()}, or half of them with --sat, whose solver races each search "
                            f"on a core of its own; at most {max_jobs()}, the larger of {MIN_MAX_JOBS} and "
                            f"{JOBS_PER_CORE} x the cores: each worker is a process with memory of its own, "
                            "and more workers than that only share the same cores)")
    where.add_argument("--dask", metavar="ADDRESS",
                       help="check the puzzles on the workers of the Dask scheduler at ADDRESS (tcp://host:8786), "
                            "with the same verdicts, limits and report; they need paint, the same version, not the "
                            "files (pip install 'paint[cluster]'; docs/check.md, 'On a cluster')")
    check.add_argument("--sat", action="store_true",
                       help="where line logic stalls, count the solutions with a SAT solver too (CaDiCaL, "
                            "pip install 'paint[sat]'), in a second process beside paint's depth-first search; "
                            "the first to decide is believed. It decides puzzles that search cannot; where it "
                            "decides first it does not measure how deep the search goes, so a needs-search "
                            "puzzle gets no grade")
    add_grid(check, "judge the puzzle from these squares (one puzzle only): an editor's given squares")
    add_limits(check, "check")
    # one name for one count: --max-branches counts the branches of paint solve's breadth-first search
    check.add_argument("--max-branches", type=_renamed, help=argparse.SUPPRESS)


def _renamed(text: str):
    raise argparse.ArgumentTypeError("paint check counts the positions of its depth-first search: "
                                     "use --max-positions N")


def _with_grid(found, path):
    """The one puzzle of ``found`` with the squares of the grid file ``path`` given (``check --grid``)."""
    if len(found) != 1 or found[0].problem is not None:
        if len(found) != 1:
            raise PaintError(f"--grid gives the squares of one puzzle, but {len(found)} puzzles were found")
        raise PaintError(found[0].problem)
    entry = found[0]
    puzzle = entry.puzzle
    if puzzle is None:
        puzzle = formats.loads(entry.text, entry.path) if entry.text is not None else formats.load(entry.path)
    grid = grid_for(puzzle, path, entry.path in (STDIN, STDIN_LABEL))
    return attrs.evolve(entry, puzzle=with_given(puzzle, grid))


def run(arguments) -> int:
    # imported here, so that the other commands do not load the batch machinery (nor rich, which only a report
    # or a progress bar on a terminal needs)
    from ..batch import expand, find_puzzles
    if writes_stdout(arguments.output):
        raise PaintError("cannot print the report: standard output is closed (use -o FILE)")
    found = expand(find_puzzles(arguments.paths))
    if not found:
        raise PaintError(f"no puzzle files ({', '.join(formats.EXTENSIONS)}) in {', '.join(arguments.paths)}")
    if arguments.grid is not None:
        found = [_with_grid(found, arguments.grid)]
    protect = [entry.path for entry in found] + list(read_paths(arguments))
    folder = arguments.html_folder = _report_folder(arguments.html)
    if folder is not None:  # --html DIR/: the report is DIR/index.html, with a page per puzzle that is not ok
        arguments.html = os.path.join(folder, "index.html")
    page_destination("--html", arguments.html, arguments.output, "report")
    if arguments.output:
        check_destination(arguments.output, protect=protect)
    distinct_outputs((arguments.output, arguments.html), "-o and --html must name different files")
    if folder is not None:  # made only now that every other argument is known to be good
        _make_folder(folder, arguments.html)
    if arguments.html:
        check_destination(arguments.html, protect=protect)
    if arguments.sat and arguments.max_positions is not None:  # CheckOptions would say it less plainly
        raise PaintError("--max-positions counts the positions of paint's depth-first search, and --sat's "
                         "solver runs to the time limit: use --max-time")
    if arguments.sat:
        from ..search.sat import available
        if not available():
            raise PaintError("--sat needs python-sat, which is not installed: pip install 'paint[sat]'")
    options = CheckOptions(allow_probes=arguments.allow_probes, max_time=arguments.max_time,
                           max_positions=arguments.max_positions, sat=arguments.sat)
    # A stop signal sent to the whole process group (``timeout``, a session's end) may reach this process twice:
    # once while the batch runs, which stops it, and again once it is over.  From here on a signal is noted and
    # the report of what was checked is still written; the batch installs its own handler while it runs.
    late: list[int] = []
    with handling(lambda signum, frame: late.append(signum)):
        return _check_and_report(found, options, arguments, protect, late)


def _check_and_report(found, options: CheckOptions, arguments, protect, late: list[int]) -> int:
    """Check ``found`` (with a progress display on a terminal), write the report, and return the exit status;
    ``late`` holds the stop signals that came outside the batch."""
    from ..batch import check_batch, frozen_after_loading
    if arguments.dask is not None:  # Dask's own log lines would break into the report; paint says what failed
        import logging
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
    started = time.perf_counter()
    jobs = arguments.jobs or default_jobs(arguments.sat)
    progress_console = None
    if len(found) > 1 and may_be_terminal(sys.stderr):
        from rich.console import Console
        progress_console = Console(stderr=True)
    if progress_console is not None and progress_console.is_terminal:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        from ..printable import printable
        from ..render.progress import Working
        # the puzzles being worked, each with its time against the limit: a hard one is seen, not only a count
        working = Working([printable(entry.label) for entry in found], arguments.max_time)

        def done(check) -> None:
            working.finish(check.file)
            progress.update(task, advance=1)

        with Progress(SpinnerColumn(), TextColumn("checking"), BarColumn(bar_width=20), MofNCompleteColumn(),
                      TimeElapsedColumn(), TextColumn("·"), working,
                      console=progress_console, transient=True) as progress:
            task = progress.add_task("", total=len(found))
            with frozen_after_loading():  # numba's objects, once loaded, set aside from the collector
                batch = check_batch(found, options, jobs=jobs, on_check=done, on_start=working.start,
                                    dask=arguments.dask)
    else:
        with frozen_after_loading():
            batch = check_batch(found, options, jobs=jobs, dask=arguments.dask)
    seconds = time.perf_counter() - started

    plain = None
    if not arguments.show and (arguments.output or not may_be_terminal(sys.stdout)):
        # one puzzle's two lines, where nothing is in colour: written without loading rich (as rich would write them)
        from ..render.verdicts import plain_report
        plain = plain_report(batch.checks, seconds=seconds, allow_probes=arguments.allow_probes, total=len(found))
    if arguments.json:
        text = json.dumps([check.to_document() for check in batch.checks], indent=2, ensure_ascii=False) + "\n"
    elif arguments.csv:
        from ..render.verdicts import csv_text
        text = csv_text(batch.checks, allow_probes=arguments.allow_probes)
    elif plain is not None:
        text = plain
    elif arguments.output:
        from rich.console import Console

        from ..render.check import render_report
        buffer = io.StringIO()
        render_report(batch.checks, Console(file=buffer, width=_WIDE, color_system=None),
                      seconds=seconds, show=arguments.show, allow_probes=arguments.allow_probes,
                      total=len(found))
        text = buffer.getvalue()
    else:
        from ..render.check import render_report
        console = OutputConsole(highlight=False)
        if not console.is_terminal:
            console = OutputConsole(highlight=False, width=_WIDE)
        render_report(batch.checks, console, seconds=seconds, show=arguments.show,
                      allow_probes=arguments.allow_probes, total=len(found))
        text = None
    if text is not None:
        if arguments.output:
            write_atomically(arguments.output, text, protect=protect)
        else:
            ChunkedWriter(sys.stdout).write(text)
            sys.stdout.flush()
    if arguments.html:
        from ..render.report import write_report_html
        folder = arguments.html_folder
        pages, stopped = ({}, None) if folder is None else _write_pages(
            folder, batch.checks, options,
            protect + [arguments.output] if arguments.output and arguments.output != STDIN else protect, late)
        with output_file(arguments.html, protect=protect) as page:
            write_report_html(page, batch.checks, seconds=seconds, allow_probes=arguments.allow_probes,
                              total=len(found), base=os.path.dirname(os.path.abspath(arguments.html)),
                              pages=pages)
        if stopped is not None:
            complain(f"{stopped_by(stopped)} while writing the puzzles' pages: {len(pages)} written; the report "
                     "links those")
            return exit_status(stopped)
    interrupted = batch.interrupted or (late[0] if late else None)
    if interrupted:
        complain(f"{stopped_by(interrupted)} after {len(batch.checks)} of {len(found)} "
                 f"puzzle{'s' if len(found) != 1 else ''}")
        return exit_status(interrupted)
    if any(check.verdict == "error" for check in batch.checks):
        return EXIT_BAD_INPUT
    return EXIT_SOLVED if all(check.passes for check in batch.checks) else EXIT_CONTRADICTION


_WIDE = 1000
"""The width of a report that is not printed on a terminal: lines are never wrapped."""


MIN_MAX_JOBS = 64
"""``--jobs`` may always be this many, even on a machine of few cores."""

JOBS_PER_CORE = 4
"""``--jobs`` may be this many times the cores, when that is more than :data:`MIN_MAX_JOBS`."""


def max_jobs() -> int:
    """The most worker processes ``paint check --jobs`` starts: the larger of :data:`MIN_MAX_JOBS` and
    :data:`JOBS_PER_CORE` x the cores paint may run on."""
    return max(MIN_MAX_JOBS, JOBS_PER_CORE * _cores())


PAGE_NAME = 120
"""The most bytes a page's name may have before ``.html`` (a file name holds at most 255)."""

PAGE_TIME = 60.0
"""Seconds of explained solving for one puzzle's page under ``--html DIR/`` when ``--max-time`` is not given."""


def _report_folder(path: str | None) -> str | None:
    """The folder ``--html`` names (a path ending in ``/`` or an existing folder), or None for a file."""
    if not path or not (path.endswith("/") or os.path.isdir(path)):
        return None
    return path.rstrip("/") or "/"


def _make_folder(folder: str, report: str) -> None:
    """Make ``folder`` (and the folders above it) when missing.  Raises PaintError when it cannot be made."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise PaintError(f"--html {folder}/: cannot make the folder: {error.strerror}") from None


def page_names(files) -> dict[str, str]:
    """A page name in the report's folder for each puzzle file: its name within the batch, folders joined by
    ``__``, each run of characters a link would have to quote (``#``, ``%``, spaces, ...) as ``_``, at most
    :data:`PAGE_NAME` characters, ``.html`` after; made unique with ``-2``, ``-3``, ... and never
    ``index.html`` (a name that may not be written is changed as the page is: :func:`_free_page`).

    >>> page_names(['a/x.non', 'a/b/x.non', 'a/index'])
    {'a/x.non': 'x.non.html', 'a/b/x.non': 'b__x.non.html', 'a/index': 'index-2.html'}
    >>> page_names(['/tmp/x.non'])
    {'/tmp/x.non': 'x.non.html'}
    >>> page_names(['q.txt#1', 'a b%.non'])
    {'q.txt#1': 'q.txt_1.html', 'a b%.non': 'a_b_.non.html'}
    """
    from ..render.verdicts import short_names
    files = list(files)
    taken = {"index.html"}
    names = {}
    folder, shorts = short_names(files)
    if folder is None:  # one file, or files with no folder in common: their own names
        shorts = [os.path.basename(file.rstrip("/")) for file in files]
    for file, short in zip(files, shorts):
        stem = short.replace(os.sep, "__").replace("/", "__")
        stem = re.sub(r"[^\w.-]+", "_", stem).lstrip(".") or "puzzle"  # no '#', '%', space, ...
        while len(stem.encode("utf-8")) > PAGE_NAME:
            stem = stem[:-1]
        name, number = f"{stem}.html", 1
        while name in taken:
            number += 1
            name = f"{stem}-{number}.html"
        taken.add(name)
        names[file] = name
    return names


def _write_pages(folder: str, checks, options: CheckOptions, protect, late: list[int]) -> tuple[dict, int | None]:
    """Write the step-through page of each puzzle that is not ok (nor unreadable) into ``folder``: its explained
    solve, within ``--max-time`` (else :data:`PAGE_TIME`) seconds.  A stop signal (noted in ``late``) ends a
    solve at once, and no page is written after it.  Returns the pages written (file to address) and the
    signal that stopped the writing, if one did.  A page never takes a name it may not write - a file of
    ``protect`` (the inputs, ``-o``'s report, also through a link), standard input's file, a folder: it is
    named around it (:func:`_free_page`)."""
    import paint
    from ..options import SolveOptions
    from ..render.html import write_html
    wanted = [check for check in checks if (check.verdict != "ok" or not check.passes)
              and check.verdict != "error" and check.puzzle is not None]
    names = page_names(check.file for check in checks)
    used = {"index.html", *names.values()}
    pages: dict[str, str] = {}

    def stop(signum, frame):
        late.append(signum)
        raise KeyboardInterrupt

    for check in wanted:
        if late:
            return pages, late[0]
        try:
            with handling(stop):
                result = paint.solve(check.puzzle, SolveOptions(max_time=options.max_time or PAGE_TIME))
        except KeyboardInterrupt:
            pass
        if late:  # the solve was cut short: its page would tell less than it should
            return pages, late[0]
        name = _free_page(folder, names[check.file], used, protect)
        if name is None:
            continue  # (not seen: a thousand names refused) its row links no page
        used.add(name)
        with output_file(os.path.join(folder, name), protect=protect) as stream:
            write_html(stream, result, show_time=False)
        pages[check.file] = name
    return pages, None


def _free_page(folder: str, name: str, used: set, protect) -> str | None:
    """``name``, when the page may be written there (:func:`paint.files.check_destination`, guarding
    ``protect``), else the first of ``NAME-2.html``, ``NAME-3.html``, ... (up to 1,000) that is not in ``used``
    and may be; None when none may."""
    stem = name[:-len(".html")]
    for number in range(1, 1001):
        candidate = name if number == 1 else f"{stem}-{number}.html"
        if number > 1 and candidate in used:
            continue
        try:
            check_destination(os.path.join(folder, candidate), protect=protect)
        except PaintError:
            continue
        return candidate
    return None


def _jobs(text: str) -> int:
    """The argparse type of ``--jobs``: a whole number from 1 to :func:`max_jobs`."""
    jobs = positive(int)(text)
    if jobs > max_jobs():
        raise argparse.ArgumentTypeError(f"at most {max_jobs()} (the larger of {MIN_MAX_JOBS} and "
                                         f"{JOBS_PER_CORE} x the {_cores()} cores), not {text}")
    return jobs


def default_jobs(sat: bool) -> int:
    """The worker processes ``paint check`` starts without ``--jobs``: one a core, or one for two cores with
    ``--sat`` (each worker's search then races a SAT solver's process; on 50 TAAI 2011 puzzles, 2 cores,
    ``--jobs 1 --sat`` took 2.5 s and ``--jobs 2 --sat`` 2.8 s)."""
    return max(1, _cores() // 2) if sat else _cores()


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1
