"""``python -m paint`` and the ``paint`` console script: the same command (:mod:`paint.cli`), guarded against
Ctrl-C from its first instruction.

Both run :func:`main` here, which imports the rest of paint (:mod:`paint.cli`) inside the guard that turns
Ctrl-C into exit status 130 and ``paint: interrupted``, with no traceback.  Neither this module nor the
package (whose public names are imported lazily) imports anything else of paint, so before the guard there
are only the few instructions of their bodies: ``python -m paint`` runs this module's body as ``__main__``,
the console script imports it.  Before them, a signal finds Python's own handling: SIGINT or SIGTERM before
the interpreter has set up its handlers kills the process (as for any program); SIGINT while the interpreter
itself is still starting (its ``site`` module, ``runpy``, the console script's first imports) is reported by
Python, with a traceback through none of paint's code.
"""

import sys

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (:data:`paint.cli.status.EXIT_INTERRUPTED`, which is not imported before the
guard)."""


def main() -> int:
    """Run ``paint`` with the command line (:func:`paint.cli.main`) and return its exit status.

    A Ctrl-C (KeyboardInterrupt) at any moment, while paint is still being
    imported among them, returns 130 after ``paint: interrupted`` on
    stderr - also when Python raised another exception from it (a Ctrl-C
    while a class of an imported module is set up rises as a RuntimeError
    whose cause is the KeyboardInterrupt).  A signal's exception raised where Python cannot let it rise
    (in a weakref callback or a ``__del__``, which Python would report as
    "Exception ignored" and forget) is raised again: the signal is sent
    anew (:func:`_raise_again`).  Once the status is known, the stop
    signals (SIGINT, SIGTERM, SIGHUP) are ignored: what is left is the
    process's exit, which a late Ctrl-C would only clutter with a traceback
    from the interpreter's shutdown, and a second SIGTERM (sent to the
    whole process group, it may come twice) would turn from the status
    paint gave into a death by the signal; so this is for the process's
    entry, not for a program that goes on after it (that calls
    :func:`paint.cli.main`, which leaves every handler as it found it).
    """
    previous = sys.unraisablehook
    sys.unraisablehook = _raise_again
    try:
        from .cli import main as run
        status = run()
        interrupted = False
    except KeyboardInterrupt:
        status, interrupted = EXIT_INTERRUPTED, True
    except Exception as error:  # Python wrapped a Ctrl-C (a class body's __set_name__ raises RuntimeError from it)
        if not _from_interrupt(error):
            raise
        status, interrupted = EXIT_INTERRUPTED, True
    while True:  # a Ctrl-C once the status is known (the command just ended) is ignored, never a traceback
        try:
            _quiet()
            break
        except KeyboardInterrupt:
            continue
    if interrupted:
        try:
            sys.stderr.write("paint: interrupted\n")
        except (AttributeError, OSError, ValueError):  # no stderr, or a closed one: the status says it
            pass
    sys.unraisablehook = previous
    return status


def _from_interrupt(error: BaseException) -> bool:
    """Whether ``error`` was raised because of a KeyboardInterrupt: one is its cause or its context, or theirs.

    Python turns an exception raised while it sets up a class into ``RuntimeError: Error calling __set_name__
    ...`` raised from it, so a Ctrl-C that lands there, in a module paint imports, rises as that RuntimeError."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, KeyboardInterrupt):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def _raise_again(unraisable) -> None:
    """``sys.unraisablehook`` while paint runs: a KeyboardInterrupt (or another exception a signal handler
    raised, one with a ``signum``) that could not rise where it was raised is raised again, by sending its
    signal anew from another thread a moment later, when the main thread has left the callback; any other
    exception is reported as Python reports it."""
    import signal
    error = unraisable.exc_value
    signum = signal.SIGINT if isinstance(error, KeyboardInterrupt) else getattr(error, "signum", None)
    if isinstance(error, Exception) or not isinstance(signum, int):
        sys.__unraisablehook__(unraisable)
        return
    import _thread
    _thread.start_new_thread(_send, (signum,))


def _send(signum: int) -> None:
    """Send ``signum`` to this process after a millisecond."""
    import os
    import time
    time.sleep(0.001)
    os.kill(os.getpid(), signum)


def _quiet() -> None:
    """Ignore the stop signals from here on (the process is stopping)."""
    import signal
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(main())
