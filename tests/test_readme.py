"""The README's and the reference documents' examples run as written and leave the clone as it was; the tables
made by code are the ones the documents show; the documents link to each other, and the README stays short."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from paint.cli import status

ROOT = Path(__file__).parent.parent

DOCUMENTS = ("README.md", "docs/cli.md", "docs/api.md", "docs/benchmarks.md", "docs/check.md", "docs/formats.md",
             "docs/linesolvers.md")
"""The documents whose examples are run: every ``$ ...`` line (with the output shown under it) and every Python
block.  A block fenced as ``terminal`` shows what a terminal shows (a table drawn for it, say), which the pipe
the examples run into does not get: it is not run."""

GENERATED = (
    ("docs/cli.md", "Exit statuses", status.markdown_table),
    ("docs/cli.md", "Limits", status.limits_markdown),
)
"""Tables made by code: the document, the heading they stand under, and the function that makes them."""

COMMANDS = ("solve", "hint", "check", "convert", "line")
"""The commands the README shows one example of each."""

TEMPORARY = re.compile(r'"\$\{TMPDIR:-/tmp\}/([^"]+)"')
"""A file an example writes into the temporary folder, as the documents write it: ``"${TMPDIR:-/tmp}/NAME"``."""


def text(document: str) -> str:
    """A document of the clone (a path relative to its top), as text."""
    return (ROOT / document).read_text(encoding="utf-8")


def blocks(document: str) -> list[tuple[str, str]]:
    """The fenced code blocks of a document: (language, body)."""
    return re.findall(r"^```(\w*)\n(.*?)^```", text(document), re.S | re.M)


def examples() -> list[tuple[str, str, list[str]]]:
    """Each ``$ ...`` command of the documents, with the output lines shown under it (up to the next command)."""
    found = []
    for document in DOCUMENTS:
        for kind, body in blocks(document):
            if kind == "terminal":
                continue
            current = None
            for line in body.splitlines():
                if line.startswith("$ "):
                    current = (document, line[2:], [])
                    found.append(current)
                elif current is not None:
                    current[2].append(line)
    return found


def distinct_examples() -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """Each command the documents run, once, with every (document, lines shown) where it appears."""
    found: dict[str, list] = {}
    for document, command, lines in examples():
        found.setdefault(command, []).append((document, lines))
    return list(found.items())


def python_blocks() -> list[tuple[str, int, str]]:
    """Each Python block of the documents: (document, its number in the document from 1, body)."""
    return [(document, number, body) for document in DOCUMENTS
            for number, body in enumerate((body for kind, body in blocks(document) if kind == "python"), 1)]


TIMES = r"(?:[0-9]+\.[0-9]+ s\b|(?<=\|) *[0-9]+\.[0-9]{2} (?=\|))"
"""A time as the documents show one: ``0.0 s`` in a sentence, or a Markdown table's seconds (``|    0.01 |``)."""


def matches(shown: str, printed: str) -> bool:
    """A shown line matches a printed one exactly, but for times (:data:`TIMES`), which vary from run to run.

    >>> matches("| a.non |    0.01 | x |", "| a.non |   12.50 | x |"), matches("(1 puzzle, 0.0 s)", "(1 puzzle, 2.5 s)")
    (True, True)
    >>> matches("| a.non |   40 | x |", "| a.non |   41 | x |")
    False
    """
    pattern = TIMES.join(re.escape(piece) for piece in re.split(TIMES, shown.rstrip()))
    return re.fullmatch(pattern, printed.rstrip()) is not None


def shows(lines: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is what ``lines`` show: line for line, where ``...`` (a line of its own) stands for any
    number of lines left out - at the start, between, or at the end; blank lines at the end of either do not
    count.

    >>> shows(["a", "...", "d"], ["a", "b", "c", "d"]), shows(["a", "d"], ["a", "b", "c", "d"])
    (True, False)
    >>> shows(["...", "c"], ["a", "b", "c"]), shows(["b"], ["a", "b", "c"]), shows(["a", "..."], ["a", "b"])
    (True, False, True)
    """
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    while printed and not printed[-1].strip():
        printed = printed[:-1]
    pieces, piece = [], []  # the runs of lines shown whole, between the '...'
    for line in lines:
        if line.strip() == "...":
            pieces.append(piece)
            piece = []
        else:
            piece.append(line)
    pieces.append(piece)

    def at(start: int, piece: list[str]) -> bool:
        return start + len(piece) <= len(printed) and all(
            matches(shown, printed[start + k]) for k, shown in enumerate(piece))

    if len(pieces) == 1:
        return len(pieces[0]) == len(printed) and at(0, pieces[0])
    first, *middle, last = pieces
    if not at(0, first):
        return False
    start = len(first)
    for piece in middle:
        found = next((where for where in range(start, len(printed) - len(piece) + 1) if at(where, piece)), None)
        if found is None:
            return False
        start = found + len(piece)
    return len(printed) - len(last) >= start and at(len(printed) - len(last), last)


def files(folder: Path) -> set[str]:
    """Every file and folder under ``folder``, as paths relative to it."""
    found = set()
    for top, folders, names in os.walk(folder):
        for name in folders + names:
            found.add(os.path.relpath(os.path.join(top, name), folder))
    return found


@pytest.fixture(scope="session")
def clone(tmp_path_factory) -> Path:
    """A copy of the clone's files (those git tracks or would add; without git, all but caches and environments),
    where the examples run: what they leave behind shows there, and the clone itself is never touched."""
    copy = tmp_path_factory.mktemp("clone")
    try:
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], capture_output=True).stdout
    except OSError:  # no git
        listed = b""
    if listed:
        for name in listed.decode().split("\0"):
            source = ROOT / name
            if name and source.is_file():
                (copy / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, copy / name)
    else:
        shutil.copytree(ROOT, copy, dirs_exist_ok=True, symlinks=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "__pycache__", ".hypothesis", ".pytest_cache", "*.egg-info", "build", "dist"))
    return copy


@pytest.fixture(scope="session")
def launcher(tmp_path_factory) -> Path:
    """A folder holding a ``paint`` that runs this checkout's paint with this Python."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "paint"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m paint \"$@\"\n")
    script.chmod(0o755)
    return folder


@pytest.fixture
def temporary(tmp_path) -> Path:
    """The temporary folder the examples write into (``$TMPDIR``)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    return folder


def shell(command: str, folder: Path, launcher: Path, temporary: Path) -> subprocess.CompletedProcess:
    """Run one example with bash in ``folder``, as a person would from the top of the clone."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1",
               TMPDIR=str(temporary), PATH=f"{launcher}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(["bash", "-c", command], cwd=folder, capture_output=True, text=True, env=env, timeout=300)


def test_there_are_examples():
    """The README shows one run of each command and a Python block; the command line and API references show
    theirs."""
    shown = {document: [command for where, command, _ in examples() if where == document] for document in DOCUMENTS}
    for command in COMMANDS:
        assert any(re.search(rf"\bpaint {command}\b", line) for line in shown["README.md"]), command
    assert len(shown["docs/cli.md"]) >= 10
    assert {document for document, _, _ in python_blocks()} >= {"README.md", "docs/api.md"}


@pytest.mark.parametrize("command, shown", distinct_examples(),
                         ids=[f"{', '.join(d for d, _ in shown)}: {command}" for command, shown in distinct_examples()])
def test_example(command, shown, clone, launcher, temporary):
    """Each example runs (no usage or input error, no traceback), prints what each document shows under it, line
    for line (``...`` stands for lines left out: :func:`shows`), writes the files it names into the temporary
    folder and leaves no new file in the clone.  An example whose shown lines are all ``paint: ...`` messages
    shows a refusal: it must exit with status 2, print them on standard error and nothing on standard
    output."""
    before = files(clone)
    finished = shell(command, clone, launcher, temporary)
    assert "Traceback" not in finished.stderr
    messages = [line for _, lines in shown for line in lines if line.strip()]
    refused = bool(messages) and all(line.startswith("paint: ") for line in messages)
    if refused:  # an example of what paint refuses: its one-line message, on standard error, and status 2
        assert finished.returncode == 2 and finished.stdout == "", finished.stderr
        printed = finished.stderr.splitlines()
    else:
        assert finished.returncode in (0, 1, 3, 4, 5), finished.stderr
        printed = finished.stdout.splitlines()
    for document, lines in shown:
        assert shows(lines, printed), f"{command!r} does not print what {document} shows:\n" + "\n".join(lines)
    for name in TEMPORARY.findall(command):
        written = temporary / name / "index.html" if name.endswith("/") else temporary / name  # a folder: its report
        assert written.is_file(), f"{command!r} did not write {name} into the temporary folder"
    assert files(clone) == before, f"{command!r} left {sorted(files(clone) - before)} in the clone"


@pytest.mark.parametrize("document, number, block", python_blocks(),
                         ids=[f"{document}: python block {number}" for document, number, _ in python_blocks()])
def test_python_block(document, number, block, clone, temporary, monkeypatch):
    """Each Python block runs as written, from the top of the clone, and leaves no new file there."""
    monkeypatch.chdir(clone)
    monkeypatch.syspath_prepend(str(ROOT))
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    before = files(clone)
    exec(compile(block, document, "exec"), {})
    assert files(clone) == before, f"{document}'s block {number} left {sorted(files(clone) - before)} in the clone"


def section(document: str, heading: str) -> str:
    """The text of a document under ``## heading``, up to the next heading of that level."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text(document), re.S | re.M)
    assert found, f"{document} has no heading '## {heading}'"
    return found.group(1)


@pytest.mark.parametrize("document, heading, make", GENERATED, ids=[f"{d}: {h}" for d, h, _ in GENERATED])
def test_generated_table(document, heading, make):
    """A table made by code (the exit statuses and the limits every --help is made from) stands in its document, under its
    heading, exactly as the code makes it."""
    assert make() in section(document, heading)


def test_readme_is_short():
    """The README stays under 250 lines, with the set-up commands in its first 60."""
    lines = text("README.md").splitlines()
    assert len(lines) < 250
    assert any(line.startswith("python3 -m venv") for line in lines[:60])


def test_setup_is_what_ci_runs():
    """The README's two set-up commands are those ``.ci/run`` runs: every step of them but the plain install
    (the CI installs ``.[test]``, which includes it) is a line of the CI script."""
    setup = [body.strip() for _, body in blocks("README.md") if body.startswith("python3 -m venv")]
    assert len(setup) == 2
    ci = [line.strip().replace("python -m pip", "pip").replace("--quiet ", "") for line in text(".ci/run").splitlines()]
    steps = [step.strip() for command in setup for step in command.split("&&")]
    assert "pip install -e '.[test]'" in steps and "python -m pytest" in steps
    for step in steps:
        if step != "pip install -e .":
            assert any(line.startswith(step) for line in ci), f"{step!r} is not in .ci/run"


def headings(document: Path) -> set[str]:
    """The anchors of a document's headings, as GitHub makes them (code blocks left out)."""
    found, seen = set(), {}
    body = re.sub(r"^```.*?^```", "", document.read_text(encoding="utf-8"), flags=re.S | re.M)
    for heading in re.findall(r"^#+ (.*)$", body, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return found


def all_documents() -> list[Path]:
    """The README and every document in docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("document", all_documents(), ids=lambda path: path.name)
def test_links(document):
    """Every link from the README and the docs to a file of the clone leads to a file that exists, and to a
    heading that exists in it; a document is referred to by a link, never as a bare file name."""
    body = re.sub(r"^```.*?^```", "", document.read_text(encoding="utf-8"), flags=re.S | re.M)
    for target in re.findall(r"\]\(([^)\s]+)\)", body):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        path = (document.parent / name) if name else document
        assert path.exists(), f"{document.name}: link to {target}: no such file"
        if anchor and path.suffix == ".md":
            assert anchor in headings(path), f"{document.name}: link to {target}: no such heading"
    names = "|".join(re.escape(path.name) for path in all_documents() if path.parent.name == "docs")
    spans = re.findall(rf"`(?:docs/)?(?:{names})`", body)
    assert not spans, f"{document.name} names documents in code spans, not links: {spans}"
