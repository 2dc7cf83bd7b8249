"""Benchmark: the exact line solvers on random lines of growing length, to choose the exact solver the engine uses.

Usage::

    python benchmarks/long_lines.py [--lengths 25,50,...] [--count N] [--known 0,0.2,0.5] [--seed S] [--budget SECONDS]

For each length, ``--count`` random lines are made like the rows of real
puzzles (blocks of 1 to 8 squares, gaps of 1 to 6; about one block per six
squares), with a fraction ``--known`` of their squares shown.  Each exact
solver works every line; the table gives the mean and the worst
milliseconds per line.  A solver that takes longer than ``--budget`` on a
line is stopped there and the line counted in the ``over`` column (its
time then counts as the budget).  The answers are checked to agree.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time

from paint.linesolvers import SOLVERS
from paint.squares import BLANK, EMPTY, FULL


class _OverBudget(Exception):
    pass


def _alarm(signum, frame):
    raise _OverBudget


def random_line(rng, length, known):
    """A clue and a line of ``length`` squares, each shown with probability ``known``."""
    solution = [EMPTY] * length
    targets = []
    at = rng.randint(0, 2)
    while True:
        size = rng.choice([1, 1, 2, 2, 3, 4, 5, 8])
        if at + size > length:
            break
        solution[at:at + size] = [FULL] * size
        targets.append(size)
        at += size + rng.choice([1, 1, 2, 2, 3, 4, 6])
    return tuple(targets), bytes(v if rng.random() < known else BLANK for v in solution)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="25,50,64,80,100,150,200,300,500")
    parser.add_argument("--known", default="0,0.2,0.5", help="fractions of squares shown (default: %(default)s)")
    parser.add_argument("--count", type=int, default=40, help="lines per length and fraction (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=5.0, help="seconds per line (default: %(default)s)")
    parser.add_argument("--solvers", default="fcomp,dp,bits",
                        help="comma-separated exact solvers (default: %(default)s)")
    args = parser.parse_args(argv)
    names = args.solvers.split(",")
    unknown = [name for name in names if name not in SOLVERS]
    if unknown:
        parser.error(f"unknown solver {unknown[0]!r}; choose from {', '.join(SOLVERS)}")
    rng = random.Random(args.seed)
    signal.signal(signal.SIGALRM, _alarm)

    header = ["length", "blocks", "known"]
    for name in names:
        header += [f"{name} mean ms", f"{name} worst ms", f"{name} over"]
    rows = []
    for length in map(int, args.lengths.split(",")):
        for known in map(float, args.known.split(",")):
            lines = [random_line(rng, length, known) for _ in range(args.count)]
            row = [str(length), f"{sum(len(t) for t, _ in lines) / len(lines):.0f}", f"{known:g}"]
            answers = {}
            for name in names:
                times, over, out = [], 0, []
                for targets, squares in lines:
                    signal.setitimer(signal.ITIMER_REAL, args.budget)
                    started = time.perf_counter()
                    try:
                        out.append(SOLVERS[name].solve(targets, squares))
                        times.append(time.perf_counter() - started)
                    except _OverBudget:
                        over += 1
                        out.append(None)
                        times.append(args.budget)
                    finally:
                        signal.setitimer(signal.ITIMER_REAL, 0)
                answers[name] = (out, over)
                row += [f"{1000 * sum(times) / len(times):.2f}", f"{1000 * max(times):.1f}", str(over)]
            finished = [out for out, over in answers.values() if over == 0]
            if any(other != finished[0] for other in finished[1:]):
                raise SystemExit(f"the solvers disagree at length {length}")
            rows.append(row)
    widths = [max(len(r[i]) for r in rows + [header]) for i in range(len(header))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
