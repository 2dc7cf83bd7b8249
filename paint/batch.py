"""Checking many puzzle files: finding them in folders, and judging them in parallel processes.

:func:`find_puzzles` turns the paths a user named into the list of puzzle
files to check; :func:`check_batch` judges each with
:func:`paint.check.check_file`, in worker processes when asked for more
than one job, and returns the checks in the order of the files.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> for name in ('b.non', 'a.nin', 'notes.txt'):
...     open(os.path.join(folder, name), 'w').close()
>>> [os.path.basename(found.path) for found in find_puzzles([folder])]
['a.nin', 'b.non']
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

import attrs

from .check import Check, CheckOptions, check_file
from .formats import FORMATS

EXTENSIONS = tuple(extension for module in FORMATS.values() for extension in module.EXTENSIONS)
"""The file name endings (lower case) of the puzzle files a folder is searched for."""


@attrs.frozen
class Found:
    """A puzzle file to check (``problem`` None), or a path that cannot be checked and why.

    ``path`` is as the user named it, or joined onto the folder they named.
    """

    path: str
    problem: str | None = None


@attrs.frozen
class Batch:
    """The checks of a batch, in the order of its files; ``interrupted`` when Ctrl-C stopped it early.

    An interrupted batch holds the checks finished before the interrupt.
    """

    checks: tuple[Check, ...]
    interrupted: bool = False


def find_puzzles(paths) -> list[Found]:
    """The puzzle files named by ``paths`` (files or folders), each once, in order.

    A file is taken whatever its name (its format is found from its name
    and content).  A folder is searched recursively for files whose names
    end in one of :data:`EXTENSIONS` (any case), in sorted order, leaving
    out hidden files and folders (names starting with ``.``).  Nothing
    raises: a path that does not exist, a folder that cannot be read, a
    link that leads nowhere and a puzzle name that is not a regular file
    (such as a pipe, which would block a reader) come back with their
    ``problem``.
    """
    found: list[Found] = []
    seen: set[str] = set()

    def add(path: str, problem: str | None = None) -> None:
        key = os.path.normcase(os.path.realpath(path))
        if key not in seen:
            seen.add(key)
            found.append(Found(path, problem))

    for path in map(str, paths):
        if os.path.isdir(path):
            _walk(path, add)
        elif os.path.lexists(path):
            add(path)
        else:
            add(path, f"{path}: no such file or folder")
    return found


def _walk(folder: str, add) -> None:
    def unreadable(error: OSError) -> None:
        add(error.filename or folder, f"{error.filename or folder}: cannot read the folder: "
                                      f"{error.strerror or error}")

    for root, folders, files in os.walk(folder, onerror=unreadable):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or not name.lower().endswith(EXTENSIONS):
                continue
            path = os.path.join(root, name)
            if os.path.isfile(path):
                add(path)
            elif not os.path.exists(path):
                add(path, f"{path}: no such file (a link to nothing)")
            else:
                add(path, f"{path}: not a regular file")


def check_batch(found, options: CheckOptions | None = None, *, jobs: int = 1, on_check=None) -> Batch:
    """Judge every puzzle in ``found`` (:class:`Found` records, as from :func:`find_puzzles`).

    ``jobs`` worker processes do the work (1: in this process).
    ``on_check(check)`` is called in this process as each check finishes,
    in the order they finish.  A record with a ``problem`` becomes an
    ``error`` check without being read.  Ctrl-C stops the batch: the
    workers are stopped and the result holds the checks already finished,
    with ``interrupted`` set.  Raises ValueError for ``jobs`` below 1.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    options = options or CheckOptions()
    found = list(found)
    checks: list[Check | None] = [None] * len(found)
    work = []
    for index, entry in enumerate(found):
        if entry.problem is None:
            work.append((index, entry.path))
        else:
            checks[index] = Check(entry.path, "error", error=entry.problem)
            if on_check is not None:
                on_check(checks[index])
    if jobs == 1 or len(work) <= 1:
        interrupted = _run_here(work, options, checks, on_check)
    else:
        interrupted = _run_in_processes(work, options, checks, on_check, min(jobs, len(work)))
    return Batch(tuple(check for check in checks if check is not None), interrupted)


def _run_here(work, options, checks, on_check) -> bool:
    """Check ``work`` in this process; True when Ctrl-C stopped it.

    A solve takes Ctrl-C as a limit and returns, so the interrupt is noted
    by a signal handler of our own to stop the batch after that puzzle.
    """
    interrupted = threading.Event()

    def note_interrupt(signum, frame):
        interrupted.set()
        raise KeyboardInterrupt

    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, note_interrupt) if in_main else None
    try:
        for index, path in work:
            try:
                check = _check_safely(path, options)
            except KeyboardInterrupt:
                return True
            if interrupted.is_set():
                return True  # the solve stopped early: its verdict would be a false 'limit'
            checks[index] = check
            if on_check is not None:
                on_check(check)
    except KeyboardInterrupt:
        return True
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)
    return interrupted.is_set()


def _run_in_processes(work, options, checks, on_check, jobs: int, function=None) -> bool:
    """Check ``work`` in ``jobs`` worker processes; True when Ctrl-C stopped it.

    The workers ignore Ctrl-C, which the terminal sends to every process of
    the group; this process stops them instead.  They start from a fork
    server, a clean process with no threads, so a progress bar's thread is
    never forked.  If a worker dies (killed, out of memory), the puzzles
    not yet finished are checked again one at a time, so that the one
    whose worker dies is known: it becomes an ``error`` check.
    ``function(path, options)`` does the checking (default
    :func:`_check_safely`; it must be importable by the workers).
    """
    function = function or _check_safely
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pending = list(work)
    while pending:
        executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_ignore_interrupts)
        broken = False
        try:
            futures = {executor.submit(function, path, options): index for index, path in pending}
            for future in as_completed(futures):
                try:
                    check = future.result()
                except BrokenProcessPool:
                    broken = True
                    break
                checks[futures[future]] = check
                if on_check is not None:
                    on_check(check)
            executor.shutdown(wait=True, cancel_futures=True)
        except KeyboardInterrupt:
            _stop(executor)
            return True
        pending = [(index, path) for index, path in pending if checks[index] is None]
        if broken and jobs == 1:
            index, path = pending.pop(0)  # one worker takes the puzzles in order: this one killed it
            checks[index] = Check(path, "error", error=f"{path}: the process checking it died")
            if on_check is not None:
                on_check(checks[index])
        jobs = 1 if broken else jobs
    return False


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop the workers at once, not after the puzzles they are on (a time limit can be long)."""
    processes = list(getattr(executor, "_processes", {}).values())  # no public way to stop a worker
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _check_safely(path: str, options: CheckOptions) -> Check:
    """:func:`check_file`, with a failure of paint itself made an ``error`` check so the batch goes on."""
    try:
        return check_file(path, options)
    except Exception as error:  # a bug in paint: say so, and check the other puzzles
        return Check(path, "error", error=f"{path}: internal error: {type(error).__name__}: {error}")


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


