"""Benchmark: the machine instructions of ``paint check``'s explained solves, this checkout against another, side by side.

Usage::

    python benchmarks/instructions.py [--against OTHER_CHECKOUT] [--puzzles N] [--seeds 0,1,2] [PATH ...]

Each checkout (this one, and ``--against``'s) checks the first ``--puzzles``
puzzles of ``PATH`` (default: ``tests/corpus/jwilk``, in name order) in one
process, with :func:`paint.check.check_puzzle` (the rules explained, and the
depth-first search where they stall), under valgrind's callgrind, which
counts the instructions the process ran.  Each count is taken once for each
hash seed of ``--seeds`` (``PYTHONHASHSEED``: the order of Python's sets and
dicts moves a count by up to 2%) and added up, and the same is counted for a
process that only imports paint, so the table gives the instructions of the
checking alone - the same on every run of the same code, where the
machine's clock is not (the same check takes 2.2 s to 4 s here from one run
to the next).  Start-up is importing paint and :mod:`paint.check`; reading
the puzzles, and what the checking imports as it goes, count as checking.
Python's bytecode cache is written for both checkouts first, by one run of
the whole checking each, and used by every counted run
(``PYTHONDONTWRITEBYTECODE`` is left out), so neither counts compiling its
modules.

A checkout whose verdicts, numbers of steps, grades, hardest rules or steps
by rule differ from this one's (under any seed) is reported (``DIFFERENT ANSWER``) and the script exits 1: a
change made for speed must not change what the check says.  Needs valgrind
(``apt-get install valgrind``); without it the script says so and exits 2.
Instructions are not seconds (a cache miss costs many), but for the
interpreter's own work they follow them closely, and they can tell a 1%
change, which the clock here cannot.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from paint.cli.common import positive

ROOT = Path(__file__).resolve().parent.parent
JWILK = ROOT / "tests" / "corpus" / "jwilk"

COUNTED = re.compile(r"^==\d+== Collected : (\d+)$", re.MULTILINE)
"""callgrind's summary line: the instructions the process ran."""

_HEADER = """
import contextlib, hashlib, io, os, re, sys
sys.path.insert(0, sys.argv[1])
import paint
if os.path.dirname(os.path.dirname(os.path.abspath(paint.__file__))) != os.path.abspath(sys.argv[1]):
    sys.exit(f"no paint in {sys.argv[1]} (found {paint.__file__})")
"""
"""The counted processes' first lines: argv[1] the checkout, whose paint is imported, or the process stops."""

CHECK = _HEADER + """
from paint.check import check_puzzle
paths = sys.argv[2:]
checks = [check_puzzle(paint.load(path)) for path in paths]
answers = [(c.verdict, c.steps, c.grade, c.hardest_rule, sorted((c.effort or {}).items())) for c in checks]
print(hashlib.md5(repr(answers).encode()).hexdigest())
"""
"""The counted process: argv[1] the checkout (its paint, or it stops), the rest the puzzle files; prints a digest of
the answers: each puzzle's verdict, number of steps, grade, hardest rule and steps by rule."""

CLOCK_LINE = r"(?m)^  time  +[0-9.]+ s$"
"""The line of ``paint solve``'s summary that the clock writes (the seconds of the solve): not the same twice."""

EXPLAIN = _HEADER + f"""
CLOCK_LINE = {CLOCK_LINE!r}
""" + """
from paint import cli
digest = hashlib.md5()
for path in sys.argv[2:]:
    written = io.StringIO()
    with contextlib.redirect_stdout(written):
        status = cli.main(["solve", path])
    text = re.sub(CLOCK_LINE, "  time", written.getvalue())
    digest.update(f"{status}\\n{text}".encode())
print(digest.hexdigest())
"""
"""The counted process of ``--explain``: as :data:`CHECK`, but each puzzle is solved and explained as ``paint solve
PATH`` does (its text written to a string); prints a digest of every exit status and every text, to the letter (but
the seconds the solve took, which the clock gives)."""


def environment(seed: int) -> dict[str, str]:
    """The environment of a counted run: ``PYTHONHASHSEED`` set, the bytecode cache allowed."""
    found = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    found["PYTHONHASHSEED"] = str(seed)
    return found


def collected(output: str) -> int:
    """The instruction count in callgrind's output ``output``.  Raises ValueError when it has none.

    >>> collected("==12== Events    : Ir\\n==12== Collected : 2434733959\\n==12==\\n")
    2434733959
    """
    found = COUNTED.search(output)
    if found is None:
        raise ValueError("callgrind printed no instruction count")
    return int(found.group(1))


def _run(command: list[str], checkout: Path, seed: int) -> subprocess.CompletedProcess:
    """``command`` run in ``checkout`` (so that nothing but its paint can be imported) with
    :func:`environment`'s environment.  Raises RuntimeError when it fails, with the last line it wrote on its
    error stream that is not valgrind's."""
    process = subprocess.run(command, capture_output=True, text=True, env=environment(seed), cwd=checkout)
    if process.returncode != 0:
        said = [line for line in process.stderr.splitlines() if line.strip() and not line.startswith("==")]
        raise RuntimeError(f"checking with {checkout} failed: {said[-1] if said else 'no message'}")
    return process


def count(checkout: Path, paths: list[str], seed: int, script: str = CHECK) -> tuple[int, str]:
    """The instructions of checking ``paths`` (``script``: :data:`CHECK`, or :data:`EXPLAIN` to solve and explain
    them) with the paint of ``checkout`` under hash seed ``seed``, and the digest of the answers (the digest of
    no paths for no paths).  Raises RuntimeError when the process fails."""
    process = _run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                    sys.executable, "-c", script, str(checkout), *paths], checkout, seed)
    return collected(process.stderr), process.stdout.strip()


def warm(checkout: Path, paths: list[str], script: str = CHECK) -> None:
    """Check ``paths`` with ``checkout``'s paint (by ``script``, as :func:`count`), not counted: Python writes the
    bytecode cache of every module the checking imports, so no counted run compiles one.  Raises RuntimeError
    when the process fails."""
    _run([sys.executable, "-c", script, str(checkout), *paths], checkout, 0)


def measure(checkout: Path, paths: list[str], seeds: list[int], counter=count,
            script: str = CHECK) -> tuple[int, int, str]:
    """``(start-up, checking, digest)``: the instructions of importing paint and of checking ``paths`` (by
    ``script``, as :func:`count`), each added up over ``seeds``, with ``checkout``'s paint; ``counter`` is
    :func:`count` (a test gives its own)."""
    start = checking = 0
    digest = ""
    digests = set()
    for seed in seeds:
        alone, _ = counter(checkout, [], seed, script)
        both, digest = counter(checkout, paths, seed, script)
        start += alone
        checking += both - alone
        digests.add(digest)
    return start, checking, digest if len(digests) == 1 else "differs from seed to seed"


def puzzles(paths: list[str], how_many: int) -> list[str]:
    """The first ``how_many`` puzzle files of ``paths`` (files as given, folders' puzzles in name order), as
    absolute paths (the counted processes run in the checkout)."""
    from paint.formats import EXTENSIONS
    found: list[str] = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(str(each.resolve()) for each in path.iterdir() if each.name.lower().endswith(EXTENSIONS))
        else:
            found.append(str(path.resolve()))
    return found[:how_many]


def seeds_of(text: str) -> list[int]:
    """The hash seeds of a ``0,1,2`` text (argparse type).  Raises ArgumentTypeError for anything else."""
    try:
        seeds = [int(part) for part in text.split(",")]
    except ValueError:
        seeds = []
    if not seeds or any(not 0 <= seed <= 4294967295 for seed in seeds):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of hash seeds such as 0,1,2")
    return seeds


def main(argv=None, counter=count) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(JWILK)], help="puzzle files or folders (default: jwilk)")
    parser.add_argument("--against", type=Path, help="another checkout of paint, counted the same way")
    parser.add_argument("--puzzles", type=positive(int), default=30, help="how many puzzles, from the first (default 30)")
    parser.add_argument("--seeds", type=seeds_of, default=[0, 1, 2], help="hash seeds, each counted (default 0,1,2)")
    parser.add_argument("--explain", action="store_true",
                        help="solve and explain each puzzle as 'paint solve PATH' does, instead of checking it; "
                             "every text must be the same, to the letter")
    arguments = parser.parse_args(argv)
    script = EXPLAIN if arguments.explain else CHECK
    if counter is count and shutil.which("valgrind") is None:
        print("instructions.py: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    paths = puzzles(arguments.paths, arguments.puzzles)
    if not paths:
        parser.error("no puzzle in the paths given")
    checkouts = {"this checkout": ROOT}
    if arguments.against is not None:
        if not (arguments.against / "paint" / "__init__.py").is_file():
            print(f"instructions.py: {arguments.against} is not a checkout of paint (it has no paint/__init__.py)",
                  file=sys.stderr)
            return 2
        checkouts[str(arguments.against)] = arguments.against.resolve()
    try:
        if counter is count:
            for checkout in checkouts.values():
                warm(checkout, paths, script)
        rows = {name: measure(checkout, paths, arguments.seeds, counter, script) for name, checkout in checkouts.items()}
    except RuntimeError as error:
        print(f"instructions.py: {error}", file=sys.stderr)
        return 2
    base = rows["this checkout"][1]
    work = "solved and explained (paint solve)" if arguments.explain else "checked"
    print(f"{len(paths)} puzzles {work} in one process, instructions added up over hash seeds "
          f"{', '.join(map(str, arguments.seeds))} (millions)")
    print()
    print(f"| checkout | start-up | {'explaining' if arguments.explain else 'checking'} | this / it |")
    print("|---|---|---|---|")
    for name, (start, checking, _) in rows.items():
        print(f"| {name} | {start / 1e6:,.1f} | {checking / 1e6:,.1f} | {base / checking:.3f} |")
    print()
    digest = rows["this checkout"][2]
    differ = [name for name, (_, _, theirs) in rows.items() if theirs != digest]
    for name in differ:
        print(f"DIFFERENT ANSWER: {name} " + ("explains these puzzles otherwise (an exit status or a letter of the "
                                              "text)" if arguments.explain else
                                              "checks these puzzles otherwise (verdicts, numbers of steps, grades, "
                                              "hardest rules or steps by rule)"))
    if differ:
        return 1
    print("the same exit statuses and texts, to the letter" if arguments.explain else
          "the same verdicts, numbers of steps, grades, hardest rules and steps by rule")
    return 0


if __name__ == "__main__":
    sys.exit(main())
