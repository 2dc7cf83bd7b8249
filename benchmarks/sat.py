"""Benchmark: ``paint check`` with its own depth-first search, with ``--sat`` (racing CaDiCaL) and with CaDiCaL alone.

Usage::

    python benchmarks/sat.py [--pbnsolve PATH] [--max-time 300] [--own-max-time T] [--peer-timeout 60]
                             [--taai 10] [--only hard,taai,survey]

Each puzzle is checked as a whole process, the ways one right after the
other, so that the machine's load falls on each alike:

- ``paint check --jobs 1 --json --max-time T``: line logic and the probes,
  then paint's depth-first search (numba installed: probing compiled);
  ``--own-max-time`` gives it a limit of its own (knotty and faase: that
  search decides neither, so there is no need to wait as long for it);
- the same with ``--sat``: the SAT solver counts the solutions from the
  grid where the rules stalled (``paint.search.sat``; python-sat needed),
  in a second process, while paint's own search works; the first to decide
  is believed;
- the SAT solver alone (the same command, with ``CheckOptions(sat='alone')``);
- pbnsolve ``-b -u`` (proving uniqueness), stopped after ``--peer-timeout``
  seconds (on TAAI's hardest it takes minutes).

The puzzles are the survey's two that no solver of the 2013 survey
finished (``hard``: knotty and faase), the TAAI 2011 puzzles paint's own
check takes longest on (``taai``: the ten of docs/search.md, "A SAT
solver", found by checking all 1000), and the seven survey puzzles line
logic cannot finish (``survey``).  A row gives each run's seconds and
verdict (``limit``: stopped by the time; ``> T s``: killed past it) and the
ratios ``--sat`` / own search and SAT alone / own search.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SURVEY = ROOT / "tests" / "corpus" / "survey"
HARD = ("knotty", "faase")
SEARCH = ("webpbn-00023-edge", "webpbn-00027-bucks", "webpbn-00065-mum", "webpbn-00436-petroglyph",
          "webpbn-00803-light", "webpbn-01611-merka", "webpbn-06574-forever")
TAAI_HARDEST = (510, 563, 549, 591, 507, 469, 590, 478, 631, 796)
"""The ten TAAI 2011 puzzles (numbered from 1) that ``paint check --jobs 1`` took longest on, of all 1000."""

ALONE = ("import sys; from paint import cli; import paint.cli.check as command; "
         "options = command.CheckOptions; "
         "command.CheckOptions = lambda **given: options(**dict(given, sat='alone')); "
         "sys.exit(cli.main(['check', '--jobs', '1', '--json', '--sat', '--max-time', *sys.argv[1:]]))")
"""``paint check --jobs 1 --json --sat --max-time T FILE`` with the SAT solver alone, not racing paint's own search:
``python -c ALONE T FILE`` (the same command, its options changed where they are made)."""

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peers import fraction, pbnsolve_command, run_cell, taai_puzzles  # noqa: E402 - the benchmark beside this one


def timed(command: list[str], timeout: float) -> tuple[float | None, str]:
    """Run ``command``: its seconds (None past ``timeout``) and its verdict (paint's JSON, or pbnsolve's last
    line)."""
    started = time.perf_counter()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "stopped"
    seconds = time.perf_counter() - started
    if done.stdout.lstrip().startswith("["):
        check = json.loads(done.stdout)[0]
        extra = f" ({check['differing']} differ)" if check["verdict"] == "multiple" else ""
        return seconds, check["verdict"] + extra
    lines = done.stdout.strip().splitlines()  # pbnsolve -b: the puzzle's title, then the verdict
    return seconds, lines[-1].strip() if lines else f"status {done.returncode}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pbnsolve", help="the pbnsolve binary (build it with ../shared/peers/build.sh)")
    parser.add_argument("--max-time", type=float, default=300, help="seconds each run may take (default 300)")
    parser.add_argument("--own-max-time", type=float,
                        help="seconds paint's own search may take (default: --max-time)")
    parser.add_argument("--peer-timeout", type=float, default=60,
                        help="seconds pbnsolve may take on one puzzle (default 60)")
    parser.add_argument("--taai", type=int, default=10, help="how many of the ten TAAI puzzles (default 10)")
    parser.add_argument("--only", default="hard,taai,survey", help="which groups (default hard,taai,survey)")
    arguments = parser.parse_args()
    limit = arguments.max_time
    groups = set(arguments.only.split(","))
    pbnsolve = arguments.pbnsolve if arguments.pbnsolve and Path(arguments.pbnsolve).exists() else None
    own_limit = arguments.own_max_time or limit
    paint = [sys.executable, "-m", "paint", "check", "--jobs", "1", "--json"]
    alone = [sys.executable, "-c", ALONE]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        work = []
        if "hard" in groups:
            work += [SURVEY / f"{name}.non" for name in HARD]
        if "taai" in groups and arguments.taai:
            every = taai_puzzles(Path(folder), max(TAAI_HARDEST[:arguments.taai]))
            work += [every[number - 1] for number in TAAI_HARDEST[:arguments.taai]]
        if "survey" in groups:
            work += [SURVEY / f"{name}.non" for name in SEARCH]
        subprocess.run(paint + ["--sat", str(SURVEY / f"{SEARCH[-1]}.non")], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)  # bytecode and numba's cache written before anything is timed
        for path in work:
            own = timed(paint + ["--max-time", str(own_limit), str(path)], own_limit + 30)
            sat = timed(paint + ["--max-time", str(limit), "--sat", str(path)], limit + 30)
            solver = timed(alone + [str(limit), str(path)], limit + 30)
            theirs = (timed(pbnsolve_command(pbnsolve, path), arguments.peer_timeout) if pbnsolve
                      else (None, ""))
            rows.append((path.stem, own, sat, solver, theirs))
            print(path.stem, own, sat, solver, theirs, file=sys.stderr, flush=True)

    print("| puzzle | paint check | paint check --sat | --sat / own | SAT alone | alone / own | pbnsolve |")
    print("|---|---|---|---|---|---|---|")
    for name, own, sat, solver, theirs in rows:
        print(f"| {name} | {run_cell(own, own_limit)} | {run_cell(sat, limit)} | {fraction(sat[0], own[0])} "
              f"| {run_cell(solver, limit)} | {fraction(solver[0], own[0])} "
              f"| {run_cell(theirs, arguments.peer_timeout)} |")
    totals = [sum(run[0] for run in column) if all(run[0] is not None for run in column) else None
              for column in zip(*[row[1:4] for row in rows])] if rows else []
    if totals and all(total is not None for total in totals):
        print(f"\nIn all: own {totals[0]:.1f} s, --sat {totals[1]:.1f} s, SAT alone {totals[2]:.1f} s.")


if __name__ == "__main__":
    main()
