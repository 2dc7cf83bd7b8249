"""Ctrl-C or SIGTERM at any moment of a real ``paint`` process, its first instructions among them, never gives a
traceback from paint's code: ``paint: interrupted`` and exit status 130 instead.

Each case starts ``paint solve puzzles/dancer.pro`` (about a tenth of a second of importing and as much of
solving, more on a busy machine) with ``-X importtime``, whose lines on stderr say which imports were done,
and signals it at a spread of moments in its first 0.3 s.  These outcomes are accepted:

- paint handled the signal: exit status 130 and ``paint: interrupted`` (SIGTERM: 143 and ``paint: stopped
  by SIGTERM``), or, once the solve runs, the solve's own stop (``paint: interrupted: the solve stopped
  with status limit ...``, status 3).  Python itself may then end the process by SIGINT, which the shell
  reports as 130 too: it does so whenever the KeyboardInterrupt first rose in code it ran from a string
  (``exec`` or ``eval`` of text, as ``collections.namedtuple`` does), even though paint caught it;
- the process was killed by the signal with nothing on stderr: the interpreter had not yet set up its own
  SIGINT handler (as for any program), or the signal was SIGTERM before paint set up its handler;
- the process finished (the signal came after paint ignores SIGINT to exit): status 0, nothing on stderr;
- Python reported the KeyboardInterrupt itself (a "Fatal Python error" while it initializes, a traceback
  from ``site``, ``runpy`` or the console script's first lines, a ``.pth`` line it could not run): only
  while paint's guard was not yet up (no module of :mod:`paint.cli` imported yet), and only with a
  traceback through none of paint's files.  No program can handle a signal before its first instruction.

Any traceback through a file of the paint package fails the test, as does any other outcome once paint's
guard is up, or a run in which no signal reached paint (the spread would then prove nothing).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import tomllib
import types
from pathlib import Path

import pytest

from paint.cli.status import EXIT_INTERRUPTED
from paint.__main__ import EXIT_INTERRUPTED as ENTRY_EXIT_INTERRUPTED

ROOT = Path(__file__).resolve().parent.parent
DELAYS = [index * 0.015 for index in range(20)]
"""When each try sends its signal after starting the process, in seconds: 0 to 0.285."""
LATER = [0.3 + index * 0.05 for index in range(30)]
"""Later moments, 0.3 s to 1.75 s, tried in turn only until one finds paint's guard up when none of :data:`DELAYS`
did: on a busy machine Python's own start-up may outlast the spread."""

PAINT_FRAME = re.compile(r'File "[^"]*[/\\]paint[/\\][^"]*\.py"')
"""A traceback line naming a file of the paint package."""

pytestmark = pytest.mark.skipif(os.name != "posix", reason="signals sent to a process are POSIX's")


def console_script(folder: Path) -> Path:
    """A console script for ``paint`` as pip writes it, from the entry point ``pyproject.toml`` declares (the one
    installed in a virtual environment is made at install time, so it may predate the declaration)."""
    entry = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]["paint"]
    module, function = entry.split(":")
    script = folder / "paint"
    script.write_text("# -*- coding: utf-8 -*-\nimport re\nimport sys\n"
                      f"from {module} import {function}\n"
                      "if __name__ == '__main__':\n"
                      "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                      f"    sys.exit({function}())\n", encoding="utf-8")
    return script


def signalled(command: list[str], signum: int, delay: float) -> tuple[int, str, bool]:
    """Start ``command`` (a Python command line, given ``-X importtime`` here) in the repository and send it
    ``signum`` after ``delay`` seconds; its status, its stderr without the import times, and whether paint's
    guard was up (a module of :mod:`paint.cli` had been imported before the first line of stderr that is not
    an import time: the signal then found the guard up)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    process = subprocess.Popen([command[0], "-X", "importtime", *command[1:]], cwd=ROOT, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(delay)
    process.send_signal(signum)
    _, err = process.communicate(timeout=120)
    lines = err.decode("utf-8", "replace").splitlines(keepends=True)
    said = [line for line in lines if not line.startswith("import time:")]
    # up when paint's command had been imported before anything else came on stderr: Python may report an
    # interrupt it could not raise (in an import lock's callback) early in the start-up, and then go on to run
    # paint to the end, importing paint.cli after the report
    first = lines.index(said[0]) if said else len(lines)
    guarded = any(IMPORTED_CLI.match(line) for line in lines[:first])
    return process.returncode, "".join(said), guarded


IMPORTED_CLI = re.compile(r"import time: .*\| +paint\.cli\b")
"""The ``-X importtime`` line of a module of :mod:`paint.cli`, imported inside paint's guard."""

HANDLED = {signal.SIGINT: ((EXIT_INTERRUPTED, re.compile(r"paint: interrupted\n\Z")),
                           (3, re.compile(r"paint: interrupted: the solve stopped with status limit[^\n]*\n\Z"))),
           signal.SIGTERM: ((128 + signal.SIGTERM, re.compile(r"paint: stopped by SIGTERM[^\n]*\n\Z")),)}
"""The statuses and messages of a signal paint handled."""


def outcome(status: int, err: str, guarded: bool, signum: int) -> str:
    """Which accepted outcome a run had (see the module's docstring); fails the test for any other."""
    if any(status in (handled, -signum) and message.match(err) for handled, message in HANDLED[signum]):
        return "handled by paint"
    if (status, err) == (-signum, ""):
        return "killed by the signal"
    if (status, err) == (0, ""):
        return "finished"
    assert PAINT_FRAME.search(err) is None, f"a traceback through paint's code (status {status}):\n{err}"
    assert not guarded, f"paint's guard was up, yet status {status} and stderr:\n{err}"
    assert signum == signal.SIGINT and "KeyboardInterrupt" in err, f"status {status}, stderr:\n{err}"
    return "reported by Python before paint's guard"


@pytest.mark.parametrize("how", ["console script", "python -m paint"])
def test_ctrl_c_at_start_up(how, tmp_path):
    """SIGINT at 20 moments of the first 0.3 s never shows a traceback through paint's code, and once paint's
    code runs it exits 130 with ``paint: interrupted``."""
    head = [sys.executable, str(console_script(tmp_path))] if how == "console script" else [sys.executable, "-m",
                                                                                            "paint"]
    seen: dict[str, list[float]] = {}
    for delay in DELAYS:
        status, err, guarded = signalled([*head, "solve", "puzzles/dancer.pro"], signal.SIGINT, delay)
        seen.setdefault(outcome(status, err, guarded, signal.SIGINT), []).append(delay)
    for delay in LATER:  # a busy machine (the suite's other worker) may start Python slower than the spread
        if "handled by paint" in seen:
            break
        status, err, guarded = signalled([*head, "solve", "puzzles/dancer.pro"], signal.SIGINT, delay)
        seen.setdefault(outcome(status, err, guarded, signal.SIGINT), []).append(delay)
    assert "handled by paint" in seen, seen


def test_sigterm_at_start_up():
    """SIGTERM at 10 moments of the first 0.3 s never shows a traceback: before paint's handler the process is
    killed by it, after it paint exits 143 saying so."""
    seen: dict[str, list[float]] = {}
    for delay in DELAYS[::2]:
        status, err, guarded = signalled([sys.executable, "-m", "paint", "solve", "puzzles/dancer.pro"],
                                         signal.SIGTERM, delay)
        assert "Traceback" not in err, err
        seen.setdefault(outcome(status, err, guarded, signal.SIGTERM), []).append(delay)
    assert set(seen) <= {"handled by paint", "killed by the signal", "finished"}, seen


def test_importing_the_entry_loads_nothing_else():
    """Importing paint's entry module (and so the package) loads no other module of paint, so the unguarded
    time before its guard is a few instructions."""
    code = "import sys, paint.__main__; print(sorted(m for m in sys.modules if m.split('.')[0] == 'paint'))"
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                           capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "['paint', 'paint.__main__']"


def test_entry_status_is_the_tables():
    """The entry's status after Ctrl-C is the one of the exit-status table."""
    assert ENTRY_EXIT_INTERRUPTED == EXIT_INTERRUPTED == 130


def test_public_names_still_there():
    """The package's public names, ``__all__`` and ``dir`` work though they are imported only when asked for."""
    import paint
    namespace: dict = {}
    exec("from paint import *", namespace)
    assert sorted(set(paint.__all__) - set(namespace)) == []
    assert set(paint.__all__) <= set(dir(paint))
    assert paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]])).status == "solved"
    assert paint.Grid is paint.squares.Grid and paint.formats.load is not None
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        paint.no_such_name  # noqa: B018


def test_interrupt_lost_in_a_callback_is_raised_again():
    """A KeyboardInterrupt that Python could not let rise (raised in a weakref callback, as when Ctrl-C lands
    while an import releases its lock) is not forgotten: SIGINT is sent to the process again."""
    from paint.__main__ import _raise_again
    got: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
    try:
        _raise_again(types.SimpleNamespace(exc_value=KeyboardInterrupt(), exc_type=KeyboardInterrupt))
        deadline = time.monotonic() + 5
        while not got and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert got == [signal.SIGINT]


def test_other_unraisable_errors_reported_as_before(capsys):
    """Any other exception that cannot rise (here from a ``__del__``) is reported as Python reports it."""
    from paint.__main__ import _raise_again

    class Broken:
        def __del__(self):
            raise ValueError("in a finalizer")

    previous, sys.unraisablehook = sys.unraisablehook, _raise_again
    try:
        Broken()
    finally:
        sys.unraisablehook = previous
    assert "ValueError: in a finalizer" in capsys.readouterr().err


def test_ctrl_c_as_the_command_ends_is_ignored(monkeypatch):
    """A Ctrl-C that comes once the command's status is known, while the stop signals are being ignored (CI saw
    one land there, after the solve had finished), keeps that status and rises as no traceback."""
    import signal as signals

    import paint.__main__ as entry
    import paint.cli
    quiet, calls = entry._quiet, []

    def interrupted_once():
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        quiet()

    before = {name: signals.getsignal(getattr(signals, name)) for name in ("SIGINT", "SIGTERM", "SIGHUP")}
    monkeypatch.setattr(entry, "_quiet", interrupted_once)
    monkeypatch.setattr(paint.cli, "main", lambda: 0)
    try:
        assert entry.main() == 0
    finally:
        for name, handler in before.items():
            signals.signal(getattr(signals, name), handler)
    assert len(calls) == 2


@pytest.mark.parametrize("wrapped", [True, False])
def test_ctrl_c_that_python_wrapped_is_an_interrupt(monkeypatch, capsys, wrapped):
    """A Ctrl-C landing while Python sets up a class of a module paint imports rises as ``RuntimeError: Error
    calling __set_name__ ...`` raised from the KeyboardInterrupt (CI saw one in ``platform``, imported by
    attrs): paint reports it as an interrupt, 130, with no traceback.  The same error from no Ctrl-C is a bug,
    and rises as it is."""
    import paint.__main__ as entry
    import paint.cli

    def starting():
        try:
            raise KeyboardInterrupt if wrapped else ValueError("not a signal")
        except BaseException as cause:
            raise RuntimeError("Error calling __set_name__ on 'cached_property' instance") from cause

    monkeypatch.setattr(entry, "_quiet", lambda: None)
    monkeypatch.setattr(paint.cli, "main", starting)
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # put back even when the error rises past main
    if wrapped:
        assert entry.main() == ENTRY_EXIT_INTERRUPTED
        assert capsys.readouterr().err == "paint: interrupted\n"
    else:
        with pytest.raises(RuntimeError, match="__set_name__"):
            entry.main()
