"""The signals that stop paint's work, and the one place their handlers are installed and restored.

Ctrl-C (``SIGINT``), ``SIGTERM`` and ``SIGHUP`` (:data:`STOP_SIGNALS`) stop
a solve, a batch or a command.  Whoever must hear them for a while (the
command line, ``paint solve``'s clean stop, a batch's workers, ``paint
hint``, ``paint line``'s timer) does so through :func:`handling`, which puts
back every handler it replaced when the block ends, however it ends - so
after :func:`paint.cli.main` returns, each handler is what it was, and a
program that calls paint goes on hearing Ctrl-C as before.  The words for a
signal that stopped the work, and its exit status, are here too.

>>> import signal
>>> before = signal.getsignal(signal.SIGTERM)
>>> with handling(lambda signum, frame: None, (signal.SIGTERM,)):
...     signal.getsignal(signal.SIGTERM) is before
False
>>> signal.getsignal(signal.SIGTERM) is before
True
>>> stopped_by(signal.SIGINT), stopped_by(signal.SIGTERM), exit_status(signal.SIGTERM)
('interrupted', 'stopped by SIGTERM', 143)
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Callable, Iterable, Iterator

STOP_SIGNALS: tuple[int, ...] = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                                      if hasattr(signal, name))
"""The signals that stop paint's work: Ctrl-C's ``SIGINT``, ``SIGTERM`` and ``SIGHUP``, where the platform has
them."""

TERMINATE: tuple[int, ...] = tuple(number for number in STOP_SIGNALS if number != signal.SIGINT)
"""The stop signals other than Ctrl-C (which Python already turns into ``KeyboardInterrupt``)."""


@contextlib.contextmanager
def handling(handler: Callable, signals: Iterable[int] = STOP_SIGNALS) -> Iterator[None]:
    """Run the block with ``handler(signum, frame)`` installed for each of ``signals``; restore each
    handler it replaced when the block ends, however it ends.

    Each old handler is noted before it is replaced, so it is restored
    even when the signal comes (and ``handler`` raises) at once, or while
    the old ones are being put back.  A stop signal that is ignored stays
    ignored (as for a command the shell runs in the background, whose
    Ctrl-C is meant for the job in front); other signals (a timer's) are
    taken whatever their handler.  Python
    lets only the main thread install handlers: in any other thread the
    block runs with the handlers as they are.  Nests: an inner block's
    handler wins while it runs, the outer one's is back after.
    """
    previous: dict = {}
    try:
        if threading.current_thread() is threading.main_thread():
            for number in signals:
                if number in STOP_SIGNALS and signal.getsignal(number) is signal.SIG_IGN:
                    continue
                previous[number] = signal.getsignal(number)
                signal.signal(number, handler)
        yield
    finally:
        _restore(previous)


def _restore(previous: dict) -> None:
    """Put back each handler of ``previous`` (signal number: old handler).  A handler still in place may raise
    as a signal comes in the middle (a second signal to the group): every handler is put back all the same,
    and the first such exception raised after."""
    # a handler installed outside Python (getsignal gives None) cannot be put back; the default is
    remaining = [(number, signal.SIG_DFL if old is None else old) for number, old in previous.items()]
    error = None
    while remaining:
        try:
            while remaining:
                number, old = remaining[-1]
                signal.signal(number, old)
                remaining.pop()
        except BaseException as raised:  # noqa: B036 - raised by a handler being removed; raised again below
            error = error or raised
    if error is not None:
        raise error


def first_raises(error: Callable[[int], BaseException], received: list[int]) -> Callable:
    """A handler that notes each signal in ``received`` and raises ``error(signum)`` for the first one only: a
    signal sent to the whole process group (``timeout``, a closed session) may come twice, and the work is
    stopped once, not again while it reports how it stopped."""
    def handler(signum, frame):
        received.append(signum)
        if len(received) == 1:
            raise error(signum)
    return handler


@contextlib.contextmanager
def held(signals: Iterable[int] = STOP_SIGNALS) -> Iterator[None]:
    """Hold back ``signals`` while the block runs; each one that came is raised again when it ends, to the
    handler there was before.

    For work that a signal must never cut in half (a file rewritten in
    place).  The signals are noted by a handler rather than blocked: a
    blocked signal sent to the process is taken by any other thread that
    does not block it (a status line's), and Python runs its handler in
    the main thread all the same.  Outside the main thread (where Python
    lets no handler be installed) the block runs as it is.
    """
    waiting: list[int] = []
    try:
        with handling(lambda signum, frame: waiting.append(signum), signals):
            yield
    finally:
        for number in dict.fromkeys(waiting):  # each once, in the order they came
            signal.raise_signal(number)


def stopped_by(signum: int) -> str:
    """How paint says that signal ``signum`` stopped it: ``'interrupted'`` for Ctrl-C, else ``'stopped by SIGTERM'``
    and the like."""
    return "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"


def exit_status(signum: int) -> int:
    """The exit status of a command stopped by ``signum``: 128 + its number, as a shell reports a process the
    signal ended (130 for Ctrl-C, 143 for ``SIGTERM``, 129 for ``SIGHUP``)."""
    return 128 + signum
