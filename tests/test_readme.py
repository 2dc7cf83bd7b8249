"""The README's examples run as written: every ``$ paint ...`` line, the convert examples and the Python API block."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w*)\n(.*?)```", README, re.S)


def commands() -> list[str]:
    """The shell commands the README shows being run: ``$ ...`` lines and the ``paint convert`` examples."""
    found = []
    for _, body in BLOCKS:
        for line in body.splitlines():
            if line.startswith("$ "):
                found.append(line[2:])
            elif line.startswith("paint convert ") and "IN OUT" not in line:
                found.append(line.split("  #")[0].strip())
    return found


def shown_outputs() -> list[tuple[str, list[str]]]:
    """Each ``$ paint ...`` command with the output lines the README shows under it (up to the next command)."""
    found = []
    for _, body in BLOCKS:
        current = None
        for line in body.splitlines():
            if line.startswith("$ "):
                current = (line[2:], [])
                found.append(current)
            elif current is not None:
                current[1].append(line)
    return [(command, lines) for command, lines in found if any(line.strip() for line in lines)]


def matches(shown: str, printed: str) -> bool:
    """A shown line matches a printed one exactly, but for times (``0.0 s``), which vary from run to run."""
    time = r"[0-9]+\.[0-9]+ s\b"
    pattern = time.join(re.escape(piece) for piece in re.split(time, shown.rstrip()))
    return re.fullmatch(pattern, printed.rstrip()) is not None


@pytest.fixture
def workspace(tmp_path) -> Path:
    """A folder that sees the repository's puzzles and test corpus, where the examples may write files."""
    for name in ("puzzles", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    return tmp_path


def shell(command: str, folder: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    bin_folder = folder / "bin"
    bin_folder.mkdir(exist_ok=True)
    launcher = bin_folder / "paint"
    launcher.write_text(f"#!/bin/sh\nexec {sys.executable} -m paint \"$@\"\n")
    launcher.chmod(0o755)
    env["PATH"] = f"{bin_folder}{os.pathsep}{env['PATH']}"
    return subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=env,
                          timeout=300)


def test_there_are_examples():
    """The README shows commands being run and a Python block."""
    assert len(commands()) >= 8
    assert any(kind == "python" for kind, _ in BLOCKS)


@pytest.mark.parametrize("command", commands())
def test_command(command, workspace):
    """Each command runs: no usage or input error (exit 2), no traceback."""
    finished = shell(command, workspace)
    assert finished.returncode in (0, 1, 3, 4, 5), finished.stderr
    assert "Traceback" not in finished.stderr


@pytest.mark.parametrize("command, lines", shown_outputs(), ids=[c for c, _ in shown_outputs()])
def test_shown_output(command, lines, workspace):
    """What the README shows a command printing is what it prints: every line shown appears, in order
    (``...`` stands for lines left out)."""
    printed = shell(command, workspace).stdout.splitlines()
    at = 0
    for line in lines:
        if line.strip() == "...":
            continue
        while at < len(printed) and not matches(line, printed[at]):
            at += 1
        assert at < len(printed), f"{command!r} does not print {line!r} (in this order)"
        at += 1


def test_python_block(workspace, monkeypatch):
    """The Python API block runs as written."""
    block = next(body for kind, body in BLOCKS if kind == "python")
    monkeypatch.chdir(workspace)
    monkeypatch.syspath_prepend(str(ROOT))
    exec(compile(block, "README.md", "exec"), {})


def test_exit_status_table():
    """The README's table of exit statuses is the one every --help is made from."""
    from paint.cli.status import markdown_table
    assert markdown_table() in README


def test_limits_table():
    """The README's table of limits is the one every --help and every limit option is made from."""
    from paint.cli.status import limits_markdown
    assert limits_markdown() in README
