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

import errno
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

import attrs

from .check import Check, CheckOptions, check_file, printable
from .errors import PaintError
from .files import read_text
from .formats import FORMATS

EXTENSIONS = tuple(extension for module in FORMATS.values() for extension in module.EXTENSIONS)
"""The file name endings (lower case) of the puzzle files a folder is searched for."""


@attrs.frozen
class Found:
    """A puzzle file to check (``problem`` None), or a path that cannot be checked and why.

    ``path`` is as the user named it, or joined onto the folder they named.
    ``text`` is the content of a file that is not a regular file (a pipe,
    such as the shell's ``<(...)``), read when it was found, since a worker
    process could not open it.
    """

    path: str
    problem: str | None = None
    text: str | None = attrs.field(default=None, repr=False)


@attrs.frozen
class Batch:
    """The checks of a batch, in the order of its files.

    ``interrupted`` is the signal that stopped the batch early (Ctrl-C's
    ``SIGINT``, ``SIGTERM`` or ``SIGHUP``), or None; an interrupted batch
    holds the checks finished before it.
    """

    checks: tuple[Check, ...]
    interrupted: int | None = None


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that stop a batch, its workers with it, and keep what was finished."""


def find_puzzles(paths) -> list[Found]:
    """The puzzle files named by ``paths`` (files or folders), each once, in order.

    A file named in ``paths`` is taken whatever its name (its format is
    found from its name and content); one that is not a regular file (a
    pipe) is read at once.  A folder is searched recursively for files
    whose names end in one of :data:`EXTENSIONS` (any case), in sorted
    order, leaving out hidden files and folders (names starting with
    ``.``) and not following links to folders.  Nothing raises: a path
    that does not exist, a folder that cannot be read, a link that leads
    nowhere (or round in a loop) and, inside a folder, a puzzle name that
    is not a regular file (a pipe there would block the reader) come back
    with their ``problem``, worded by :func:`paint.check.printable`.
    """
    found: list[Found] = []
    seen: set[str] = set()

    def add(path: str, problem: str | None = None, text: str | None = None) -> None:
        key = os.path.normcase(os.path.realpath(path))
        if key not in seen:
            seen.add(key)
            found.append(Found(path, None if problem is None else printable(problem), text))

    for path in map(str, paths):
        if os.path.isdir(path):
            _walk(path, add)
        elif os.path.isfile(path):
            add(path)
        elif os.path.exists(path):
            try:
                add(path, text=read_text(path))
            except PaintError as error:
                add(path, str(error))
        elif os.path.lexists(path):
            add(path, _broken_link(path))
        else:
            add(path, f"{path}: no such file or folder")
    return found


def _broken_link(path: str) -> str:
    """Why the link ``path`` leads to no file: nowhere, or round in a loop."""
    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ENOENT:
            return f"{path}: no such file (a link to nothing)"
        return f"{path}: cannot read the file: {error.strerror or error}"
    return f"{path}: not a regular file"


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
                add(path, _broken_link(path))
            else:
                add(path, f"{path}: not a regular file")


def check_batch(found, options: CheckOptions | None = None, *, jobs: int = 1, on_check=None) -> Batch:
    """Judge every puzzle in ``found`` (:class:`Found` records, as from :func:`find_puzzles`).

    ``jobs`` worker processes do the work (1: in this process).
    ``on_check(check)`` is called in this process as each check finishes,
    in the order they finish.  A record with a ``problem`` becomes an
    ``error`` check without being read.  Ctrl-C, ``SIGTERM`` or ``SIGHUP``
    (:data:`STOP_SIGNALS`) stops the batch: the workers are stopped and the
    result holds the checks already finished, with ``interrupted`` set to
    the signal (a ``KeyboardInterrupt`` raised inside counts as ``SIGINT``).
    Raises ValueError for ``jobs`` below 1.  With more than one job, call it
    under ``if __name__ == "__main__":`` (the workers import the main module).
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    options = options or CheckOptions()
    found = list(found)
    checks: list[Check | None] = [None] * len(found)
    work = []
    for index, entry in enumerate(found):
        if entry.problem is None:
            work.append((index, entry.path, entry.text))
        else:
            checks[index] = Check(printable(entry.path), "error", error=entry.problem)
            if on_check is not None:
                on_check(checks[index])
    received: list[int] = []

    def stop(signum, frame):
        received.append(signum)
        raise KeyboardInterrupt

    in_main = threading.current_thread() is threading.main_thread()
    previous = {number: signal.signal(number, stop) for number in STOP_SIGNALS} if in_main else {}
    try:
        if jobs == 1 or len(work) <= 1:
            stopped = _run_here(work, options, checks, on_check, received)
        else:
            stopped = _run_in_processes(work, options, checks, on_check, min(jobs, len(work)))
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    interrupted = (received[0] if received else signal.SIGINT) if stopped else None
    return Batch(tuple(check for check in checks if check is not None), interrupted)


def _run_here(work, options, checks, on_check, received) -> bool:
    """Check ``work`` in this process; True when a stop signal (or KeyboardInterrupt) stopped it.

    A solve takes the interrupt as a limit and returns, so ``received``
    (the signals the batch's handler saw) tells that the batch must stop,
    and that puzzle is left out: its verdict would be a false ``limit``.
    """
    try:
        for index, path, text in work:
            check = _check_safely(path, options, text)
            if received:
                return True
            checks[index] = check
            if on_check is not None:
                on_check(check)
    except KeyboardInterrupt:
        return True
    return bool(received)


def _run_in_processes(work, options, checks, on_check, jobs: int, function=None) -> bool:
    """Check ``work`` in ``jobs`` worker processes; True when a stop signal (or KeyboardInterrupt) stopped it.

    The workers ignore Ctrl-C, which the terminal sends to every process of
    the group; this process stops them instead, and a worker whose parent
    has died ends itself.  They start from a fork server, a clean process
    with no threads, so a progress bar's thread is never forked.  If a
    worker dies (killed, out of memory), the puzzles not yet finished are
    checked again one at a time in a new worker, so that one that kills
    its worker again is known: it becomes an ``error`` check.
    ``function(path, options, text)`` does the checking (default
    :func:`_check_safely`; it must be importable by the workers).
    """
    function = function or _check_safely
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    pending = list(work)
    while pending:
        executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker)
        broken = False
        try:
            futures = {executor.submit(function, path, options, text): index for index, path, text in pending}
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
        pending = [item for item in pending if checks[item[0]] is None]
        if broken and jobs == 1:
            index, path, _ = pending.pop(0)  # one worker takes the puzzles in order: this one killed it
            name = printable(path)
            checks[index] = Check(name, "error", error=f"{name}: the process checking it died")
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


def _check_safely(path: str, options: CheckOptions, text: str | None = None) -> Check:
    """:func:`check_file`, with a failure of paint itself made an ``error`` check so the batch goes on."""
    try:
        return check_file(path, options, text=text)
    except Exception as error:  # a bug in paint: say so, and check the other puzzles
        name = printable(path)
        return Check(name, "error", error=printable(f"{name}: internal error: {type(error).__name__}: {error}"))


def _start_worker() -> None:
    """Set up a worker: ignore Ctrl-C, and end when the process that started it has gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()


def _exit_with(sentinel) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)
