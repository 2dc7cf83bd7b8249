"""Checking a batch on a Dask cluster: the puzzles sent to a running scheduler's workers, the checks back in order.

A site that checks its whole catalogue on every change of the solver
outgrows one machine.  ``paint check --dask ADDRESS`` hands the puzzles of a
batch to a Dask distributed scheduler (``pip install 'paint[cluster]'``;
https://distributed.dask.org) instead of local worker processes, with the
same verdicts, limits, progress and report as ``--jobs``:

- each puzzle is sent with its text, read here, so the workers need paint
  (the same version: it is checked) but not the files;
- as many puzzles are handed over at a time as the cluster has threads,
  twice over (so no worker waits for the next), and the next as each
  check comes back: ``on_start`` is called as each is handed over;
- a worker that is lost (killed, its machine gone) has its puzzles checked
  again on the others: the scheduler does that itself; a puzzle that kills
  :data:`ALLOWED_FAILURES` workers becomes an ``error`` check, as a puzzle
  that kills its process does under ``--jobs``;
- Ctrl-C (or SIGTERM, SIGHUP) cancels the tasks not finished and keeps the
  checks that came back.

The checks come back in the order of the puzzles whatever order they
finish in (:func:`paint.batch.check_batch` places each by its index).
"""

from __future__ import annotations

import uuid

import attrs

from .check import Check
from .errors import PaintError
from .files import read_text
from .printable import printable

CONNECT_SECONDS = 10
"""How long paint waits for the scheduler to answer before it says it cannot reach it."""

ALLOWED_FAILURES = 3
"""How many workers a puzzle may be on when they die before it is an ``error`` check (Dask's own default)."""

PER_THREAD = 2
"""Puzzles handed over at a time for each thread of the cluster."""


def connect(address: str):
    """A Dask ``distributed.Client`` of the scheduler at ``address`` (``tcp://host:8786``), its workers running
    this version of paint.

    Raises PaintError when Dask is not installed, the scheduler cannot be reached within
    :data:`CONNECT_SECONDS`, it has no worker, or a worker runs another version of paint.
    """
    try:
        from distributed import Client
    except ImportError:
        raise PaintError("--dask needs Dask's distributed scheduler: pip install 'paint[cluster]'") from None
    _check_address(address)
    _greet(address)  # a server that is no scheduler would keep the client waiting for ever
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise PaintError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        client.close()
        raise PaintError(f"the Dask scheduler at {address} has no worker ({error or 'none came'})") from None
    mine = version()
    try:
        versions = client.run(version)
    except Exception as error:  # noqa: BLE001 - a worker without paint cannot even unpickle the question
        client.close()
        raise PaintError(f"the Dask workers at {address} cannot run paint ({type(error).__name__}: {error}): "
                         "install the same paint on every worker") from None
    other = {worker: theirs for worker, theirs in versions.items() if theirs != mine}
    if other:
        client.close()
        worker, theirs = next(iter(sorted(other.items())))
        raise PaintError(f"the Dask worker {worker} runs paint {theirs}, this is paint {mine}: install the same "
                         "paint on every worker")
    return client


def _check_address(address: str) -> None:
    """Raise PaintError unless ``address`` is a scheduler's address: a protocol Dask knows and a host with a port
    (``tcp://host:8786``; ``host:8786`` means tcp)."""
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import backends
    example = "give one like tcp://host:8786"
    try:
        scheme, location = parse_address(address, strict=False)
        if scheme not in backends:
            raise ValueError(f"Dask knows no protocol {scheme!r}")
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as error:
        raise PaintError(f"not the address of a Dask scheduler: {address!r} ({error}; {example})") from None


def _greet(address: str) -> None:
    """Ask the server at ``address`` who it is, within :data:`CONNECT_SECONDS`; raise PaintError unless a Dask
    scheduler answers."""
    import asyncio

    from distributed.comm import connect

    async def ask():
        comm = await connect(address, timeout=CONNECT_SECONDS)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(ask(), CONNECT_SECONDS))
    except (asyncio.TimeoutError, TimeoutError):
        raise PaintError(f"cannot reach the Dask scheduler at {address}: no answer within {CONNECT_SECONDS} s "
                         "(is a Dask scheduler listening there?)") from None
    except Exception as error:  # noqa: BLE001 - refused, reset, a protocol the server does not speak...
        raise PaintError(f"cannot reach the Dask scheduler at {address}: {error or type(error).__name__}") from None
    if not (isinstance(answer, dict) and answer.get("type") == "Scheduler"):
        raise PaintError(f"the server at {address} is not a Dask scheduler")


def version() -> str:
    """The installed version of paint in this process (``'unknown'`` when it was never installed); run on each
    worker too."""
    from importlib import metadata
    try:
        return metadata.version("paint")
    except metadata.PackageNotFoundError:
        return "unknown"


def _with_text(entry):
    """``entry`` with its file's text read here (workers may be other machines), or its ``problem`` when the
    file cannot be read."""
    if entry.puzzle is not None or entry.text is not None:
        return entry
    try:
        return attrs.evolve(entry, text=read_text(entry.path))
    except PaintError as error:
        return attrs.evolve(entry, problem=printable(str(error)))


def run_on_cluster(work, options, checks, on_check, address: str, function, on_start=None) -> bool:
    """Check ``work`` (``(index, entry)`` pairs) on the Dask cluster at ``address`` with ``function(entry,
    options)`` (importable by the workers: :func:`paint.batch.check_entry`, made safe), setting
    ``checks[index]`` and calling ``on_check(check)`` as each comes back; True when a stop signal
    (KeyboardInterrupt) stopped it.

    Raises PaintError as :func:`connect` does, before any puzzle is sent.
    """
    from distributed import as_completed
    from distributed.scheduler import KilledWorker

    client = connect(address)
    batch = uuid.uuid4().hex[:12]
    futures: dict = {}
    try:
        threads = max(1, sum(client.nthreads().values()))
        waiting = iter(work)
        flowing = None

        def hand_over() -> None:
            for index, entry in waiting:
                entry = _with_text(entry)
                if entry.problem is not None:  # unreadable here: no worker could do better
                    checks[index] = Check(printable(entry.label), "error", error=entry.problem)
                    if on_check is not None:
                        on_check(checks[index])
                    continue
                if on_start is not None:
                    on_start(printable(entry.label))
                future = client.submit(function, entry, options, key=f"paint-check-{batch}-{index}",
                                       pure=False)
                futures[future] = (index, entry)
                if flowing is not None:
                    flowing.add(future)
                return

        for _ in range(threads * PER_THREAD):
            hand_over()
        if not futures:
            return False
        flowing = as_completed(list(futures), loop=client.loop)
        for future in flowing:
            index, entry = futures.pop(future)
            try:
                check = future.result()
            except KilledWorker:
                name = printable(entry.label)
                check = Check(name, "error", error=f"{name}: the process checking it died "
                                                   f"({ALLOWED_FAILURES} Dask workers were lost on it)")
            except Exception as error:  # noqa: BLE001 - the scheduler was lost, or the task cancelled under it
                _lost(error, address, [(index, entry), *futures.values(), *waiting], checks, on_check)
                futures.clear()
                return False
            checks[index] = check
            if on_check is not None:
                on_check(check)
            hand_over()
    except KeyboardInterrupt:
        if futures:
            try:
                client.cancel(list(futures), force=True)
            except Exception:  # noqa: BLE001 - the scheduler may be gone; the batch is stopped either way
                pass
        return True
    finally:
        try:
            client.close(timeout=CONNECT_SECONDS)
        except Exception:  # noqa: BLE001 - a scheduler already gone cannot be told goodbye
            pass
    return False


def _lost(error: Exception, address: str, left, checks, on_check) -> None:
    """Make every puzzle of ``left`` (``(index, entry)`` pairs) not yet checked an ``error`` check: the cluster
    was lost (``error``) before it came back."""
    first = str(error).splitlines()[0] if str(error).strip() else ""
    why = f"{type(error).__name__}: {first}" if first else type(error).__name__
    for index, entry in left:
        if checks[index] is not None:
            continue
        name = printable(entry.label)
        checks[index] = Check(name, "error", error=f"{name}: not checked: the Dask scheduler at {address} was lost "
                                                   f"({printable(why)})")
        if on_check is not None:
            on_check(checks[index])
