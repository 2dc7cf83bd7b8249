"""Checking many puzzle files: finding them in folders, and judging them in parallel processes.

:func:`find_puzzles` turns the paths a user named into the list of puzzle
files to check; :func:`expand` makes a file of many puzzles (a bundle, a
puzzle set, a tournament file) one record per puzzle; :func:`check_batch`
judges each with :func:`paint.check.check_file` or
:func:`paint.check.check_puzzle`, in worker processes when asked for more
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
import contextlib
import os
import signal
import threading
from typing import TYPE_CHECKING

import attrs

from .check import Check, CheckOptions, broken_goal, check_file, check_puzzle
from .errors import GoalMismatch, PaintError, PuzzleFormatError
from .files import STDIN, STDIN_LABEL, read_text
from .formats import EXTENSIONS, FORMATS, format_for, loads_each, tatham, worth_reading
from .printable import printable
from .puzzle import Puzzle
from .signals import first_raises, handling, held

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


@attrs.frozen
class PuzzleEntry:
    """A puzzle file to check (``problem`` None), or a path that cannot be checked and why.

    ``path`` is as the user named it, or joined onto the folder they named
    (or a Tatham game ID given in place of a file).  ``text`` is the
    content of a file that is not a regular file (a pipe, such as the
    shell's ``<(...)``), read when it was found, since a worker process
    could not open it.  A record made by :func:`expand` for one puzzle of a
    file of many has its 1-based ``number`` and the ``puzzle`` already
    read; ``broken_goal`` is the reader's message when the file's goal for
    it breaks its clues.
    """

    path: str
    problem: str | None = None
    text: str | None = attrs.field(default=None, repr=False)
    number: int | None = None
    puzzle: Puzzle | None = attrs.field(default=None, repr=False)
    broken_goal: str | None = None

    @property
    def label(self) -> str:
        """How the puzzle is named in the report: its path, and ``#N`` for one puzzle of a file of many.

        >>> PuzzleEntry('questions.txt', number=17).label
        'questions.txt#17'
        """
        return self.path if self.number is None else f"{self.path}#{self.number}"


@attrs.frozen
class Batch:
    """The checks of a batch, in the order of its files.

    ``interrupted`` is the signal that stopped the batch early (Ctrl-C's
    ``SIGINT``, ``SIGTERM`` or ``SIGHUP``), or None; an interrupted batch
    holds the checks finished before it.
    """

    checks: tuple[Check, ...]
    interrupted: int | None = None



def find_puzzles(paths) -> list[PuzzleEntry]:
    """The puzzle files named by ``paths`` (files or folders), each once, in order.

    A file named in ``paths`` is taken whatever its name (its format is
    found from its name and content); one that is not a regular file (a
    pipe) is read at once, and so is standard input, named ``-``; a Tatham game ID that names no file is taken as
    the puzzle.  A folder is searched recursively for files whose names end
    in one of :data:`EXTENSIONS` (any case; ``.xml`` and ``.g`` files only
    when :func:`paint.formats.worth_reading` says they look like puzzles),
    in sorted order, leaving out hidden files and folders (names starting with
    ``.``) and not following links to folders.  Nothing raises: a path
    that does not exist, a folder that cannot be read, a link that leads
    nowhere (or round in a loop) and, inside a folder, a puzzle name that
    is not a regular file (a pipe there would block the reader) come back
    with their ``problem``, worded by :func:`paint.printable.printable`.
    """
    found: list[PuzzleEntry] = []
    seen: set[str] = set()

    def add(path: str, problem: str | None = None, text: str | None = None) -> None:
        key = os.path.normcase(os.path.realpath(path))
        if key not in seen:
            seen.add(key)
            found.append(PuzzleEntry(path, None if problem is None else printable(problem), text))

    for path in map(str, paths):
        if path == STDIN:
            try:
                add(STDIN_LABEL, text=read_text(STDIN))
            except PaintError as error:
                add(STDIN_LABEL, str(error))
        elif os.path.isdir(path):
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
        elif tatham.looks_like(path):
            add(path, text=path)
        else:
            add(path, f"{path}: no such file or folder")
    return found


def expand(found) -> list[PuzzleEntry]:
    """``found`` with every file that holds many puzzles made one record per puzzle, in order.

    Files that may hold many (formats with ``MANY``, or an extension that
    names no format) and texts already read (pipes, game IDs) are read
    here; a puzzle of them that cannot be read becomes a record with its
    ``problem``, and a file that cannot be read at all, one record with the
    file's.  A file that holds one puzzle stays one record, named by its
    path alone.  Nothing raises for the files' content.

    >>> [entry.label for entry in expand([PuzzleEntry('q.txt', text='$1\\n1\\n1\\n$2\\n0\\n0\\n')])]
    ['q.txt#1', 'q.txt#2']
    """
    expanded: list[PuzzleEntry] = []
    for entry in found:
        name = format_for(entry.path)
        if entry.problem is not None or (entry.text is None and name is not None and not FORMATS[name].MANY):
            expanded.append(entry)
            continue
        try:
            text = entry.text if entry.text is not None else read_text(entry.path)
            each = loads_each(text, entry.path, "tatham" if entry.text == entry.path else None)
        except PaintError as error:
            expanded.append(attrs.evolve(entry, problem=printable(str(error))))
            continue
        except Exception as error:  # a bug in paint: say so, and check the other files
            expanded.append(attrs.evolve(entry, problem=_internal(entry.path, error)))
            continue
        for number, item in enumerate(each, start=1):
            expanded.append(_record(entry.path, None if len(each) == 1 else number, item))
    return expanded


def _record(path: str, number: int | None, item: Puzzle | PuzzleFormatError) -> PuzzleEntry:
    if isinstance(item, GoalMismatch):
        return PuzzleEntry(path, number=number, puzzle=item.puzzle, broken_goal=str(item))
    if isinstance(item, PuzzleFormatError):
        return PuzzleEntry(path, printable(str(item)), number=number)
    return PuzzleEntry(path, number=number, puzzle=item)


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
                if worth_reading(path):
                    add(path)
            elif not os.path.exists(path):
                add(path, _broken_link(path))
            else:
                add(path, f"{path}: not a regular file")


def check_batch(found, options: CheckOptions | None = None, *, jobs: int = 1, on_check=None, on_start=None,
                dask: str | None = None) -> Batch:
    """Judge every puzzle in ``found`` (:class:`PuzzleEntry` records, as from :func:`find_puzzles`).

    ``jobs`` worker processes do the work (1: in this process); with ``dask``, the address of a running Dask
    scheduler (``tcp://host:8786``), its workers do instead (:mod:`paint.cluster`; raises PaintError when it
    cannot be reached or its workers run another paint; ``on_start`` is then called as each puzzle is handed
    to the scheduler, which may hold it a while).
    ``on_check(check)`` is called in this process as each check finishes,
    in the order they finish; ``on_start(name)`` as the work on each puzzle
    begins (``name`` is the ``file`` its check will carry), so that the
    puzzles being worked can be shown.  A record with a ``problem`` becomes
    an ``error`` check without being read, and is not started.  Ctrl-C, ``SIGTERM`` or ``SIGHUP``
    (:data:`paint.signals.STOP_SIGNALS`) stops the batch: the workers are stopped and the
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
            work.append((index, entry))
        else:
            checks[index] = Check(printable(entry.label), "error", error=entry.problem)
            if on_check is not None:
                on_check(checks[index])
    received: list[int] = []
    try:  # a signal may come at any instruction once the handlers are in: the batch is then stopped
        with handling(first_raises(lambda signum: KeyboardInterrupt(), received)):
            if dask is not None:
                from .cluster import run_on_cluster
                stopped = run_on_cluster(work, options, checks, on_check, dask, _check_safely, on_start=on_start)
            elif jobs == 1 or len(work) <= 1:
                with _eager_here(_warm(work, options)):
                    stopped = _run_here(work, options, checks, on_check, received, on_start)
            else:
                stopped = _run_in_processes(work, options, checks, on_check, min(jobs, len(work)),
                                            on_start=on_start, warm=_warm(work, options))
    except KeyboardInterrupt:
        stopped = True
    interrupted = (received[0] if received else signal.SIGINT) if stopped else None
    return Batch(tuple(check for check in checks if check is not None), interrupted)


def _run_here(work, options, checks, on_check, received, on_start=None) -> bool:
    """Check ``work`` in this process; True when a stop signal (or KeyboardInterrupt) stopped it.

    A solve takes the interrupt as a limit and returns, so ``received``
    (the signals the batch's handler saw) tells that the batch must stop,
    and that puzzle is left out: its verdict would be a false ``limit``.
    """
    try:
        for index, entry in work:
            if on_start is not None:
                on_start(printable(entry.label))
            check = _check_safely(entry, options)
            if received:
                return True
            checks[index] = check
            if on_check is not None:
                on_check(check)
    except KeyboardInterrupt:
        return True
    return bool(received)


SOCKET_ROOM = 70
"""The longest temporary folder (in bytes) under which the forkserver's socket path fits: the socket is
``TMP/pymp-XXXXXXXX/listener-XXXXXXXX`` (33 more bytes), and a Unix socket's path holds at most 107."""


def start_method() -> str:
    """How the workers are started: ``'forkserver'`` (each a fresh fork of a small server, fast and safe with
    threads) where the system has it and its socket's path fits under the temporary folder
    (:data:`SOCKET_ROOM`); else ``'spawn'``, which needs no socket - so a long ``$TMPDIR`` never fails a batch
    with "AF_UNIX path too long"."""
    import multiprocessing
    import tempfile
    room = len(os.fsencode(tempfile.gettempdir())) <= SOCKET_ROOM
    return "forkserver" if room and "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


WARM_BATCH = 16
"""Puzzles a batch must have for its searches to probe in compiled code from their first position (:func:`_warm`)."""

WARM_AFTER = 0.4
"""Seconds a process of a warm batch searches in Python before its searches go compiled from their first
position (:func:`_warm`, :func:`paint.search.compiled.eager`): about what loading numba costs it (numpy,
numba and the kernels from their cache: 0.45 s here; 0.3-0.8 s on a slower or busier machine)."""


def _warm(work, options: CheckOptions) -> bool:
    """Whether the processes checking ``work`` hand every search to the compiled probe from its first position
    once they have searched :data:`WARM_AFTER` seconds in Python (:func:`paint.search.compiled.eager`): for a
    batch of :data:`WARM_BATCH` puzzles or more, when the search policy allows it (``compiled_after`` not
    None).  Loading numba costs its process some 0.3-0.8 s, once, when the search that needs it begins (a
    batch that line logic finishes, or whose searches are short, never pays it); then every search probes in
    compiled code from its first position, and its plain pass too, instead of the first ``compiled_after``
    positions of each puzzle in Python (the 60 TAAI puzzles 101-160 in one process: 9.1 s with every search
    in Python until its 30th position, 1.9 s with every search compiled from its first)."""
    return len(work) >= WARM_BATCH and options.policy.compiled_after is not None


@contextlib.contextmanager
def _eager_here(warm: bool):
    """While the batch is checked in this process: its searches compiled from their first position, after
    :data:`WARM_AFTER` seconds of searching in Python, when ``warm`` (:func:`paint.search.compiled.eager`); as
    before afterwards."""
    from .search import compiled
    before = compiled.EAGER
    if warm:
        compiled.eager(WARM_AFTER)
    try:
        yield
    finally:
        compiled.EAGER = before


def _run_in_processes(work, options, checks, on_check, jobs: int, function=None, on_start=None,
                      warm: bool = False) -> bool:
    """Check ``work`` in ``jobs`` worker processes; True when a stop signal (or KeyboardInterrupt) stopped it.

    A puzzle is handed over only when a worker is free, so the ``jobs``
    puzzles handed over are the ones being worked: ``on_start(name)`` is
    called as each is.  The workers ignore Ctrl-C, which the terminal sends
    to every process of the group; this process stops them instead, and a
    worker whose parent has died ends itself.  They start from a fork
    server, a clean process with no threads, so a progress bar's thread is
    never forked.  If a worker dies (killed, out of memory), the puzzles
    not yet finished are checked again one at a time in a new worker, so
    that one that kills its worker again is known: it becomes an ``error``
    check.  ``function(entry, options)`` does the checking (default
    :func:`_check_safely`; it must be importable by the workers).  ``warm``: each worker's searches use the
    compiled probe from their first position once the worker has searched :data:`WARM_AFTER` seconds in Python
    (:func:`_warm`).
    """
    # the worker-process machinery is imported only for a batch that uses it
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    function = function or _check_safely
    context = multiprocessing.get_context(start_method())
    pending = list(work)
    while pending:
        executor = None
        broken = False
        try:
            waiting = iter(pending)
            running: dict = {}

            def hand_over() -> bool:
                """Hand the next puzzle to a free worker; False when the pool broke (a worker died), even before
                the puzzle could be handed over (it is then checked again with the others not finished)."""
                for index, entry in waiting:
                    if on_start is not None:
                        on_start(printable(entry.label))
                    try:
                        running[executor.submit(function, entry, options)] = index
                    except BrokenProcessPool:
                        return False
                    return True
                return True

            # The workers start as the first puzzles are handed over.  A stop signal waits until each has
            # started and is known, so that every one is stopped: one cut off while starting would be left
            # to fail on its own, reading a pool already gone, and say so on the terminal.
            with held():
                executor = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                               initargs=(warm,))
                for _ in range(jobs):
                    broken = broken or not hand_over()
            while running and not broken:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    index = running.pop(future)
                    try:
                        check = future.result()
                    except BrokenProcessPool:
                        broken = True
                        break
                    checks[index] = check
                    if on_check is not None:
                        on_check(check)
                    if not hand_over():
                        broken = True
                        break
            executor.shutdown(wait=True, cancel_futures=True)
            for future, index in running.items():  # the pool broke: keep what its other workers finished
                if not future.cancelled() and future.exception() is None:
                    checks[index] = future.result()
                    if on_check is not None:
                        on_check(checks[index])
        except KeyboardInterrupt:
            if executor is not None:
                _stop(executor)
            return True
        pending = [item for item in pending if checks[item[0]] is None]
        if broken and jobs == 1:
            index, entry = pending.pop(0)  # one worker takes the puzzles in order: this one killed it
            name = printable(entry.label)
            checks[index] = Check(name, "error", error=f"{name}: the process checking it died")
            if on_check is not None:
                on_check(checks[index])
        jobs = 1 if broken else jobs
    return False


def _stop(executor: ProcessPoolExecutor) -> None:
    """Stop the workers at once, not after the puzzles they are on (a time limit can be long)."""
    processes = list(getattr(executor, "_processes", {}).values())  # no public way to stop a worker
    queue = getattr(executor, "_call_queue", None)
    if queue is not None:
        # The queue's feeder thread may be blocked writing to a worker about to be stopped; joined at exit,
        # it would hold this process for ever.
        queue.cancel_join_thread()
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def check_entry(entry: PuzzleEntry, options: CheckOptions) -> Check:
    """Judge one record: the puzzle :func:`expand` read, or the file, read now (:func:`paint.check.check_file`).

    Raises nothing for the file's content (see check_file).
    """
    if entry.puzzle is None:
        return check_file(entry.path, options, text=entry.text)
    check = check_puzzle(entry.puzzle, options, file=printable(entry.label))
    return check if entry.broken_goal is None else broken_goal(check, entry.broken_goal)


def _check_safely(entry: PuzzleEntry, options: CheckOptions) -> Check:
    """:func:`check_entry`, with a failure of paint itself made an ``error`` check so the batch goes on."""
    try:
        return check_entry(entry, options)
    except Exception as error:  # a bug in paint: say so, and check the other puzzles
        return Check(printable(entry.label), "error", error=_internal(entry.label, error))


def _internal(name: str, error: Exception) -> str:
    return printable(f"{printable(name)}: internal error: {type(error).__name__}: {error}")


@contextlib.contextmanager
def frozen_after_loading():
    """While the block runs, once the compiled probe's kernels load in this process
    (:func:`paint.search.compiled.on_loaded`), freeze every object then alive (:func:`gc.freeze`): numba
    brings some hundred thousand objects that live as long as the process, and each full pass of the cycle
    collector walked them all again (on jwilk's 151 puzzles checked in one process, when every batch loaded
    numba at its first search, five full passes took 0.23 s of 2.8 s).  When the block ends, what it froze is unfrozen, so a program that runs ``paint check``
    in its own process (``paint.cli.main``) gets its collector back as it was.  Nothing is frozen when the
    collector is off or something is already frozen (the process's owner manages it).  Used by the ``paint
    check`` command only, never by :func:`check_batch` itself, whose caller's objects are its own to collect;
    a worker process, paint's own, freezes for as long as it lives (:func:`_start_worker`)."""
    import gc

    from .search import compiled
    froze: list[bool] = []
    freeze = _freeze_when_loaded(froze)
    try:
        yield
    finally:
        compiled.not_on_loaded(freeze)
        if froze:
            gc.unfreeze()


def _freeze_when_loaded(froze: list):
    """Have this process freeze what is alive once the kernels load (:func:`frozen_after_loading`), unless the
    collector is off or something is frozen already; ``froze`` gets True if it did.  The function registered."""
    import gc

    from .search import compiled

    def freeze() -> None:
        if gc.isenabled() and not gc.get_freeze_count():
            gc.freeze()
            froze.append(True)

    compiled.on_loaded(freeze)
    return freeze


def _start_worker(warm: bool = False) -> None:
    """Set up a worker: ignore Ctrl-C, end when the process that started it has gone, freeze what is alive once
    numba loads (:func:`frozen_after_loading`), and (``warm``) hand its searches to the compiled probe from
    their first position once it has searched :data:`WARM_AFTER` seconds in Python."""
    import multiprocessing

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()
    _freeze_when_loaded([])  # for as long as the worker lives
    if warm:  # once it has paid the rent, the worker's searches compiled from their first position, as long as it lives
        from .search import compiled
        compiled.eager(WARM_AFTER)


def _exit_with(sentinel) -> None:
    import multiprocessing.connection

    multiprocessing.connection.wait([sentinel])
    os._exit(1)
