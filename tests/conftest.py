"""Shared test set-up: the ``--update-golden`` option and the ``golden`` fixture (grilops' golden transcripts)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
