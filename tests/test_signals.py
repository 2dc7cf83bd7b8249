"""Signal handlers are installed and restored in one place (paint.signals): after any command, each is what it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from paint import cli
from paint.signals import STOP_SIGNALS, exit_status, handling, held, stopped_by

ROOT = Path(__file__).parent.parent
DANCER = str(ROOT / "puzzles" / "dancer.pro")
CORPUS = Path(__file__).parent / "corpus"


def handlers() -> dict:
    """Every signal's handler in this process, by number."""
    return {number: signal.getsignal(number) for number in signal.valid_signals()
            if number not in (getattr(signal, "SIGKILL", None), getattr(signal, "SIGSTOP", None))}


COMMANDS = {
    "solve": ["solve", DANCER, "--no-grids"],
    "solve --json": ["solve", DANCER, "--json"],
    "hint": ["hint", DANCER],
    "check": ["check", DANCER, str(ROOT / "puzzles" / "cat.pro")],
    "check --jobs 2": ["check", DANCER, str(ROOT / "puzzles" / "cat.pro"), "--jobs", "2", "--json"],
    "convert": ["convert", DANCER, "--to", "non"],
    "line": ["line", "2 1", "#     "],
    "a usage error": ["solve", DANCER, "--max-time", "never"],
    "a missing file": ["solve", str(ROOT / "no such puzzle.non")],
    "help": ["--help"],
}


class TestRestoredAfterEachCommand:
    """After :func:`paint.cli.main`, in the same process, every signal handler is the one it had before."""

    @pytest.mark.parametrize("argv", COMMANDS.values(), ids=COMMANDS.keys())
    def test_every_handler_as_it_was(self, argv, capsys):
        """A command run in-process leaves every handler as it found it (Ctrl-C still raises KeyboardInterrupt)."""
        before = handlers()
        cli.main(argv)
        assert handlers() == before
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler

    def test_own_handlers_kept(self, capsys):
        """A program's own handlers, installed before it calls paint, are its handlers after."""
        mine = {number: (lambda signum, frame: None) for number in STOP_SIGNALS}
        with handling(lambda signum, frame: None):
            for number, handler in mine.items():
                signal.signal(number, handler)
            cli.main(COMMANDS["check"])
            assert all(signal.getsignal(number) is handler for number, handler in mine.items())


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_heard_after_check_in_a_real_process():
    """A program that ran ``paint check`` in-process still stops on a real Ctrl-C afterwards."""
    program = textwrap.dedent(f"""
        import os, signal, sys, time
        from paint import cli
        cli.main(["check", {DANCER!r}, "--json"])
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            sys.exit(42)
        sys.exit(1)
        """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 42, done.stderr


class TestHandling:
    """:func:`paint.signals.handling` installs a handler for a block and restores the old one however it ends."""

    def test_restored_after_an_error(self):
        """An exception out of the block still puts the old handler back."""
        before = signal.getsignal(signal.SIGTERM)
        with pytest.raises(ZeroDivisionError), handling(lambda signum, frame: None, (signal.SIGTERM,)):
            1 / 0
        assert signal.getsignal(signal.SIGTERM) is before

    @pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="POSIX signals")
    def test_restored_when_the_signal_comes_at_once(self):
        """A handler that raises as soon as it is installed (the signal was already waiting) is still removed."""

        class Heard(Exception):
            pass

        def raise_heard(signum, frame):
            raise Heard

        before = handlers()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
        try:
            # sent to this thread (a signal sent to the process would go to another thread): it waits, blocked,
            # until the handler is in and it is let through
            signal.pthread_kill(threading.main_thread().ident, signal.SIGHUP)
            with pytest.raises(Heard), handling(raise_heard, (signal.SIGHUP, signal.SIGTERM)):
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
                for _ in range(1000):  # the handler runs between two instructions
                    pass
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        assert handlers() == before

    def test_nested_blocks(self):
        """An inner block's handler wins while it runs; the outer one's is back after it."""
        outer, inner = (lambda signum, frame: None), (lambda signum, frame: None)
        with handling(outer, (signal.SIGTERM,)):
            with handling(inner, (signal.SIGTERM,)):
                assert signal.getsignal(signal.SIGTERM) is inner
            assert signal.getsignal(signal.SIGTERM) is outer

    def test_other_threads_change_nothing(self):
        """Outside the main thread (where Python refuses handlers), the block runs with the handlers as they are."""
        seen = []

        def work():
            with handling(lambda signum, frame: None):
                seen.append(handlers())

        before = handlers()
        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
        assert seen == [before] and handlers() == before

    def test_held_signals_arrive_after(self):
        """A stop signal sent while held arrives when the block ends, not in it, to the handler of before."""
        heard = []
        with handling(lambda signum, frame: heard.append(signum), (signal.SIGTERM,)):
            with held():
                os.kill(os.getpid(), signal.SIGTERM)
                inside = list(heard)
            for _ in range(1000):
                pass
        assert inside == [] and heard == [signal.SIGTERM]


def test_words_and_statuses():
    """Ctrl-C is an interruption (130); another stop signal is named, with 128 + its number."""
    assert (stopped_by(signal.SIGINT), exit_status(signal.SIGINT)) == ("interrupted", 130)
    if hasattr(signal, "SIGHUP"):
        assert (stopped_by(signal.SIGHUP), exit_status(signal.SIGHUP)) == ("stopped by SIGHUP", 129)


def test_an_ignored_signal_stays_ignored():
    """A stop signal ignored when paint starts (a background job's Ctrl-C) is not heard by it, and stays ignored."""
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with handling(lambda signum, frame: None):
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_timer_signal_is_taken_even_when_ignored():
    """paint line's timer (SIGALRM) is heard even in a program that ignores SIGALRM, and it is ignored again after."""
    previous = signal.signal(signal.SIGALRM, signal.SIG_IGN)
    try:
        with handling(lambda signum, frame: None, (signal.SIGALRM,)):
            assert signal.getsignal(signal.SIGALRM) is not signal.SIG_IGN
        assert signal.getsignal(signal.SIGALRM) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_every_handler_put_back_when_a_signal_comes_during_the_restore(monkeypatch):
    """A signal that comes while the old handlers are being put back (its handler, not yet removed, raises) does
    not leave the others in place: all are put back, then its exception rises."""
    class Heard(Exception):
        pass

    def raise_heard(signum, frame):
        raise Heard

    before = handlers()
    real = signal.signal
    sent = []

    def signal_then_send(number, handler):  # right after the first handler is put back, another signal comes
        old = real(number, handler)
        if handler is not raise_heard and not sent:
            other = next(each for each in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM) if each != number)
            sent.append(other)  # its handler is still raise_heard
            os.kill(os.getpid(), other)
            for _ in range(1000):  # the handler runs between two instructions
                pass
        return old

    with pytest.raises(Heard):
        with handling(raise_heard, (signal.SIGINT, signal.SIGHUP, signal.SIGTERM)):
            monkeypatch.setattr(signal, "signal", signal_then_send)
    monkeypatch.undo()
    assert sent and handlers() == before
