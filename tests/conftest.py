"""Shared test set-up: the ``--update-golden`` option and the ``golden`` fixture (grilops' golden transcripts)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# ------------------------------------------------------------ compiled bytecode, kept out of the clone

_PYCACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache"
"""Where the test run keeps Python's compiled modules (``.pytest_cache`` is ignored by git)."""

if "PYTHONPYCACHEPREFIX" not in os.environ:
    # Hundreds of tests start paint as a process; compiling its modules anew each time (as Python does when
    # PYTHONDONTWRITEBYTECODE is set, or the clone cannot be written) costs a third of its start-up.  Set here,
    # before pytest-xdist starts its workers, it holds for them and every process they start.
    os.environ["PYTHONPYCACHEPREFIX"] = str(_PYCACHE)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = str(_PYCACHE)
    sys.dont_write_bytecode = False

GOLDEN = Path(__file__).parent / "golden"
"""Where the checked-in golden transcripts live."""


def pytest_addoption(parser):
    """Add ``--update-golden``: rewrite the golden transcripts instead of comparing with them."""
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/ from the current output instead of comparing with it")


class Golden:
    """Compares text byte for byte with a file in ``tests/golden/``, or rewrites the file when updating."""

    def __init__(self, update: bool):
        self.update = update

    def check(self, name: str, text: str) -> None:
        """Assert ``text`` equals golden file ``name`` exactly (or write it, with ``--update-golden``)."""
        path = GOLDEN / name
        data = text.encode("utf-8")
        if self.update:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
            return
        if not path.exists():
            pytest.fail(f"no golden file {path}; run pytest --update-golden to create it")
        expected = path.read_bytes().decode("utf-8")
        assert text == expected, f"output differs from {path}; if the change is intended, run pytest --update-golden"


@pytest.fixture
def golden(request) -> Golden:
    """The golden-transcript checker, rewriting files when pytest runs with ``--update-golden``."""
    return Golden(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session", autouse=True)
def dev_null_stays_a_device():
    """After the whole suite, /dev/null is still the machine's character device and /dev/stdout still a link
    (no test may replace them)."""
    import os
    import stat
    yield
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "/dev/null is no longer a character device"
    for name in ("/dev/stdin", "/dev/stdout", "/dev/stderr"):
        if os.path.lexists(name):
            assert os.path.islink(name), f"{name} is no longer a link"


# ------------------------------------------------------------ parallel runs (pytest-xdist)

ONE_AT_A_TIME = {
    "serial": (
        # They send signals to processes they start, or keep processes busy for seconds (`paint check --jobs 2`),
        # or assert how much wall time passes: run together, each would slow the others past what it asserts.
        "tests/test_check.py::TestRealProcess",
        "tests/test_check.py::TestGroupSignal",
        "tests/test_check.py::TestCheckBatch::test_ctrl_c_during_a_solve",
        "tests/test_cli.py::TestManyPuzzles::test_ctrl_c_stops_all",
        "tests/test_hint.py::TestHintEdges::test_ctrl_c_is_an_interruption",
        "tests/test_limits.py::TestDeadline",
        "tests/test_limits.py::TestSignals",
        "tests/test_limits.py::TestLineBudget",
        "tests/test_limits.py::TestStatusLine",
        "tests/test_limits.py::TestTotals::test_at_once",
        "tests/test_limits.py::TestSignalsKeepOutputWhole",
        "tests/test_limits.py::TestCommandLineLimits::test_check_into_a_closed_pipe",
        "tests/test_limits.py::TestCommandLineLimits::test_slow_solver_named_so",
        # Timed reads of pipes, FIFOs and devices, and pseudo-terminals.
        "tests/test_files.py::TestOutputKinds::test_fifo_without_reader",
        "tests/test_files.py::TestInputKinds",
        "tests/test_files.py::TestOddSources",
        "tests/test_files.py::TestInPlace",
        "tests/test_names.py::TestCheck",
        "tests/test_terminal.py",
        # Signals sent at start-up, timed from the process's start; timers that must go off.
        "tests/test_startup_signals.py",
        "tests/test_cli_line.py::test_time_limit_goes_off_again",
        "tests/test_line_memory.py::TestPaintLine",
    ),
    # One Chromium for the browser tests (each worker that ran some would start its own).
    "browser": ("tests/test_browser.py",),
    # The tests that read the solves of the corpus puzzles (every reason, every step, their wording, by strip and by
    # rule): one worker solves each puzzle once (test_explanation.solved).
    "corpus solves": ("tests/test_explanation.py", "tests/test_tight_facts.py"),
    # The compiled probe: one worker loads numba and its kernels (and compiles them, when the cache is empty).
    "numba": (
        "tests/test_search.py::TestCompiledProbe",
        "tests/test_search.py::TestDepthFirstInParts::test_restarts_stop_growing_at_their_bound",
    ),
}
"""Tests that run on one worker, one after the other, when the suite runs in parallel: node-id prefixes (a
file, a class or a test) by group.  A new test of one of these kinds joins its group here."""


def group_of(nodeid: str) -> str | None:
    """The group of :data:`ONE_AT_A_TIME` the test ``nodeid`` belongs to, or None."""
    for group, prefixes in ONE_AT_A_TIME.items():
        if any(nodeid == prefix or nodeid.startswith((prefix + "::", prefix + "[")) for prefix in prefixes):
            return group
    return None


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With ``--dist loadgroup``, pytest-xdist's scheduler that also sends each group of :data:`ONE_AT_A_TIME`
    to one worker as one unit (as it does for an ``xdist_group`` mark).

    The groups are given by node id, on the controller, rather than by adding ``xdist_group`` marks while
    collecting: pytest-xdist 3.8 marks a test's group by editing its node id, which pytest 9.2 no longer
    reads (pytest-xdist issue 1386), so marks alone would group nothing there.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class OneAtATime(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = group_of(nodeid)
            return f"group {group}" if group else super()._split_scope(nodeid)

    return OneAtATime(config, log)


@pytest.fixture(autouse=True)
def signal_handlers_restored():
    """Each test leaves the stop signals' handlers as it found them (a test, or paint, that left Ctrl-C ignored
    would make every process started after it, which inherits that, deaf to it)."""
    import signal
    names = ("SIGINT", "SIGTERM", "SIGHUP", "SIGALRM")
    before = {name: signal.getsignal(getattr(signal, name)) for name in names if hasattr(signal, name)}
    yield
    after = {name: signal.getsignal(getattr(signal, name)) for name in before}
    changed = {name: (before[name], after[name]) for name in before if after[name] is not before[name]}
    for name, (handler, _) in changed.items():  # put back, so that one test's fault is not every later test's
        signal.signal(getattr(signal, name), signal.SIG_DFL if handler is None else handler)
    assert not changed, f"the test left signal handlers changed: {changed}"


@pytest.fixture(scope="session", autouse=True)
def ctrl_c_heard():
    """Ctrl-C is heard in the test processes and the processes they start, as in a terminal's foreground, even
    when the suite was started where it is ignored (a shell's background job), which every process inherits."""
    import signal
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield


def pytest_configure(config):
    """Before the workers start, load the compiled probe once in this process (compiling it into numba's cache,
    next to its source, when the cache is empty): workers that compiled it at the same moment into an empty
    cache could meet each other's files half written, and one would then search in Python (a fresh clone's
    first run did so)."""
    if hasattr(config, "workerinput") or config.getoption("numprocesses", None) in (None, 0):
        return
    try:
        import numba  # noqa: F401
    except ImportError:
        return
    from paint.search import compiled
    from paint.search.board import Board
    compiled.for_board(Board([(1,), (1,)], [(1,), (1,)], None))

