"""Benchmark: the depth-first search's positions on the TAAI 2011 set under search policies side by side.

Usage::

    python benchmarks/search_policy.py [--taai N] [--cap POSITIONS] [--jobs N] [POLICY ...]

Each ``POLICY`` is a comma-separated list of :class:`paint.options.SearchPolicy`
fields, ``restart=6400,first_slice=200`` say; ``default`` (always run first)
is the policy ``paint check`` uses.  For each policy the first ``N`` puzzles of
TAAI 2011 (``tests/corpus/taai2011``) are searched from the blank grid by
:func:`paint.search.dfs.two_solutions`, at most ``--cap`` positions each, and
the table gives the positions worked in all, the puzzles stopped by the cap,
the seconds of the puzzles added up (not wall time; noisy: the positions are what to compare, the same on every
machine and every run), and the puzzles that cost most.  A policy whose
answers (one solution, several, none) differ from the default's is reported,
puzzle by puzzle: the search must give the same answers whatever its policy.

Positions, not seconds, compare policies: a position costs about the same
under any of them, and the machine is noisy.  docs/search.md gives what was
measured with this script and why the defaults are what they are.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from paint.cli.common import positive

ROOT = Path(__file__).resolve().parent.parent
TAAI = ROOT / "tests" / "corpus" / "taai2011" / "questions.txt"


def policy_of(text: str):
    """The :class:`paint.options.SearchPolicy` a ``field=value,...`` text names (``default``: the default)."""
    import attrs

    from paint.options import SearchPolicy
    if text == "default":
        return SearchPolicy()
    fields = {}
    for part in text.split(","):
        name, _, value = (each.strip() for each in part.partition("="))
        if name not in attrs.fields_dict(SearchPolicy):
            raise SystemExit(f"search_policy.py: {name!r} is not a field of SearchPolicy")
        try:
            fields[name] = None if value == "None" else int(value)
        except ValueError:
            raise SystemExit(f"search_policy.py: {name}={value!r} is not a whole number") from None
    try:
        return SearchPolicy(**fields)
    except (TypeError, ValueError) as error:
        raise SystemExit(f"search_policy.py: {error}") from None


def search(job) -> tuple[int, str, int, float]:
    """Search TAAI puzzle ``number`` (from 1) under ``policy`` (a :class:`paint.options.SearchPolicy`) for at
    most ``cap`` positions, ``job`` being ``(number, policy, cap)``: the number, the count found
    (``several``, ``one``, ``none``, ``unknown``), the positions and the seconds."""
    number, policy, cap = job
    from paint.search import dfs
    puzzle = _puzzles()[number - 1]
    started = time.perf_counter()
    found = dfs.two_solutions(puzzle, [bytearray(puzzle.width) for _ in range(puzzle.height)], positions=cap,
                              policy=policy)
    return number, found.count.value, found.positions, time.perf_counter() - started


def _worker() -> None:
    """A worker process probes in compiled code from its first position, as a worker of ``paint check`` does
    once it has searched a while (:func:`paint.search.compiled.eager`, with no rent here: the kernels are
    loaded first); the positions are the same either way."""
    from paint.search import compiled
    compiled.load()
    compiled.eager()


_LOADED: list = []


def _puzzles() -> list:
    """The TAAI 2011 puzzles, read once a process."""
    if not _LOADED:
        from paint import formats
        _LOADED.extend(formats.load_all(str(TAAI)))
    return _LOADED


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policies", nargs="*", help="SearchPolicy fields to try, as field=value,... (default first)")
    parser.add_argument("--taai", type=positive(int), default=1000,
                        help="how many TAAI puzzles, from the first (default 1000)")
    parser.add_argument("--cap", type=positive(int), default=60000, help="positions allowed a puzzle (default 60000)")
    parser.add_argument("--jobs", type=positive(int), default=2,
                        help="puzzles searched at a time, in worker processes (default 2; 1: in this process)")
    parser.add_argument("--top", type=positive(int), default=8,
                        help="how many of the costliest puzzles to list (default 8)")
    arguments = parser.parse_args(argv)
    # each policy read once, so a wrong field is refused before any search runs
    policies = {text: policy_of(text) for text in ["default", *arguments.policies]}
    count = min(arguments.taai, len(_puzzles()))
    results: dict[str, dict[int, tuple[str, int, float]]] = {}
    pool = ProcessPoolExecutor(arguments.jobs, initializer=_worker) if arguments.jobs > 1 else None
    try:
        for text, policy in policies.items():
            jobs = [(number, policy, arguments.cap) for number in range(1, count + 1)]
            done = pool.map(search, jobs, chunksize=4) if pool is not None else map(search, jobs)
            results[text] = {number: (found, positions, seconds) for number, found, positions, seconds in done}
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    base = results["default"]
    print(f"TAAI 2011, first {count} puzzles, searched from the blank grid, at most {arguments.cap} positions each")
    print()
    print("| policy | positions | / default | at the cap | puzzle seconds | costliest (puzzle: positions) |")
    print("|---|---|---|---|---|---|")
    total = sum(positions for _, positions, _ in base.values())
    for text, found in results.items():
        positions = sum(each[1] for each in found.values())
        capped = sum(each[0] == "unknown" for each in found.values())
        seconds = sum(each[2] for each in found.values())
        costliest = sorted(found, key=lambda number: -found[number][1])[:arguments.top]
        listed = ", ".join(f"{number}: {found[number][1]}" for number in costliest)
        print(f"| {text} | {positions} | {positions / total:.3f} | {capped} | {seconds:.1f} | {listed} |")
    differ = [(text, number, base[number][0], found[number][0]) for text, found in results.items()
              for number in found if found[number][0] != base[number][0]
              and "unknown" not in (found[number][0], base[number][0])]
    print()
    if differ:
        for text, number, was, now in differ:
            print(f"DIFFERENT ANSWER: puzzle {number}, {text}: {now} (default: {was})")
        return 1
    print("every policy gave the default's answers (puzzles stopped by the cap aside)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
