"""Hostile and huge input, and output to every kind of file: does paint stay bounded, quick to refuse, and truthful?

Builds each case in a temporary folder, runs the real ``paint`` command on
it in a fresh process, and prints one row per case: what it is, the exit
status, the wall-clock time, the peak memory of the process, and the first
line paint wrote to stderr.  Nothing is compared with a threshold here:
the table is the measurement (``docs/design.md`` quotes it).

    python benchmarks/hostile.py [--only NAME,...] [--big-time SECONDS]

``--big-time`` is the ``--max-time`` given to the 1000 x 1000 solves whose
memory is measured (default 60).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DANCER = ROOT / "puzzles" / "dancer.pro"
KNOTTY = ROOT / "tests" / "corpus" / "survey" / "knotty.non"

MEASURE = r"""
import resource, subprocess, sys, time, json, signal, os
command, stdin, signal_after = json.loads(sys.argv[1])
started = time.perf_counter()
process = subprocess.Popen(command, stdin=subprocess.DEVNULL if stdin is None else open(stdin, 'rb'),
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
if signal_after is not None:
    time.sleep(signal_after)
    process.send_signal(signal.SIGTERM)
_, err = process.communicate(timeout=900)
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps([process.returncode, seconds, peak, err.decode('utf-8', 'replace')]))
"""


def measure(command, stdin=None, signal_after=None):
    """(exit status, seconds, peak KB, stderr) of ``command`` run alone in a fresh measuring process."""
    import json
    finished = subprocess.run([sys.executable, "-c", MEASURE, json.dumps([command, stdin, signal_after])],
                              capture_output=True, text=True, timeout=1000)
    return json.loads(finished.stdout)


def random_puzzle(path: Path, size: int, density: float, seed: int = 1) -> None:
    """Write a random ``size`` x ``size`` puzzle of the given density as a .non file."""
    rng = random.Random(seed)
    grid = [[rng.random() < density for _ in range(size)] for _ in range(size)]

    def clue(line):
        runs, count = [], 0
        for full in line:
            if full:
                count += 1
            elif count:
                runs.append(count)
                count = 0
        if count:
            runs.append(count)
        return ",".join(map(str, runs)) or "0"

    lines = [f"width {size}", f"height {size}", "rows"]
    lines += [clue(row) for row in grid]
    lines.append("columns")
    lines += [clue([grid[r][c] for r in range(size)]) for c in range(size)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def cases(folder: Path, big_time: float):
    """Yield ``(name, kind, command, stdin, signal_after, setup)`` for every case."""
    paint = [sys.executable, "-m", "paint"]
    huge_clue = folder / "huge-clue.non"
    many_lines = folder / "many-lines.non"
    oversize = folder / "oversize.non"
    binary = folder / "binary.non"
    laughs = folder / "laughs.xml"
    fifo = folder / "fifo.non"
    game = folder / "400x400.txt"
    r1000 = folder / "random-1000.non"
    d1000 = folder / "dense-1000.non"

    def make_huge_clue():
        huge_clue.write_text("width 5\nheight 1\nrows\n" + ",".join(["1"] * 5_000_000) + "\ncolumns\n1\n1\n1\n1\n1\n")

    def make_many_lines():
        many_lines.write_text("width 1\n" * 3_000_000)

    def make_oversize():
        with open(oversize, "wb") as file:
            file.truncate(65 * 1024 * 1024)

    def make_binary():
        binary.write_bytes(os.urandom(1 << 20))

    def make_laughs():
        laughs.write_text('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
                          + "".join(f'<!ENTITY lol{i} "{"&lol%s;" % (i - 1 if i > 1 else "") * 10}">' for i in range(1, 10))
                          + ']>\n<puzzleset><puzzle><title>&lol9;</title></puzzle></puzzleset>\n')

    many_elements = folder / "elements.xml"

    def make_elements():
        many_elements.write_text("<puzzleset>" + "<a/>" * 15_000_000 + "</puzzleset>\n")

    def make_fifo():
        if fifo.exists():
            fifo.unlink()
        os.mkfifo(fifo)

    yield "dev-zero", "character device /dev/zero", paint + ["solve", "/dev/zero"], None, None, None
    yield "dev-urandom", "character device /dev/urandom", paint + ["solve", "/dev/urandom"], None, None, None
    yield "fifo", "named pipe, no writer", paint + ["solve", str(fifo)], None, None, make_fifo
    yield "fifo-convert", "named pipe, no writer (convert)", paint + ["convert", str(fifo), str(folder / "x.pro")], None, None, make_fifo
    yield "fifo-check", "named pipe, no writer (check)", paint + ["check", str(fifo)], None, None, make_fifo
    yield "huge-clue", "10 MB clue line", paint + ["solve", str(huge_clue)], None, None, make_huge_clue
    yield "many-lines", "3,000,000 lines (24 MB)", paint + ["solve", str(many_lines)], None, None, make_many_lines
    yield "oversize", "65 MiB file", paint + ["solve", str(oversize)], None, None, make_oversize
    yield "binary", "1 MB of random bytes", paint + ["solve", str(binary)], None, None, make_binary
    yield "laughs", "XML entity expansion (billion laughs)", paint + ["solve", str(laughs)], None, None, make_laughs
    yield ("elements", "60 MB XML of 15,000,000 elements", paint + ["solve", str(many_elements)], None, None,
           make_elements)
    yield "stdin-pipe", "dancer on standard input", paint + ["solve", "-"], str(DANCER), None, None
    yield ("line-complete", "paint line: 20 blocks of 1 on 50 squares",
           paint + ["line", ",".join(["1"] * 20), ">" + " " * 50 + "<"], None, None, None)

    def make_game():
        game.write_text("400x400:" + "/".join(["1"] * 800) + "\n")

    yield "400x400", "400x400 of 1s, --max-time 2", paint + ["solve", str(game), "--max-time", "2"], None, None, make_game

    def make_r1000():  # once, for whichever of its cases runs first (--only may choose any)
        if not r1000.exists():
            random_puzzle(r1000, 1000, 0.5)

    yield ("1000-text", "1000x1000 random, --max-time 2", paint + ["solve", str(r1000), "--max-time", "2"],
           None, None, make_r1000)
    yield ("1000-json", "1000x1000 random, --max-time 2 --json",
           paint + ["solve", str(r1000), "--max-time", "2", "--json"], None, None, make_r1000)
    yield ("1000-pictures", "1000x1000 random, --max-time 2 --html --svg",
           paint + ["solve", str(r1000), "--max-time", "2", "--no-grids", "--html", str(folder / "r.html"),
                    "--svg", str(folder / "r.svg")], None, None, make_r1000)

    def make_d1000():
        if not d1000.exists():
            random_puzzle(d1000, 1000, 0.9)

    yield ("dense-2", "1000x1000 dense (0.9), --max-time 2 -o",
           paint + ["solve", str(d1000), "--max-time", "2", "-o", str(folder / "d.txt")], None, None, make_d1000)
    yield ("dense-json", f"1000x1000 dense (0.9), --max-time {big_time:g} --json -o",
           paint + ["solve", str(d1000), "--max-time", str(big_time), "--json", "-o", str(folder / "d.json")],
           None, None, make_d1000)
    yield ("dense-pictures", f"1000x1000 dense (0.9), --max-time {big_time:g} --html --svg",
           paint + ["solve", str(d1000), "--max-time", str(big_time), "--no-grids", "--html", str(folder / "d.html"),
                    "--svg", str(folder / "d.svg")], None, None, make_d1000)
    if KNOTTY.exists():
        yield "sigterm", "SIGTERM 3 s into knotty's search", paint + ["solve", str(KNOTTY), "--no-grids"], None, 3.0, None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated case names to run")
    parser.add_argument("--big-time", type=float, default=60.0,
                        help="--max-time for the dense 1000 x 1000 solves (default 60)")
    args = parser.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    folder = Path(tempfile.mkdtemp(prefix="paint-hostile-"))
    rows = []
    try:
        for name, kind, command, stdin, signal_after, setup in cases(folder, args.big_time):
            if only is not None and name not in only:
                continue
            if setup is not None:
                setup()
            status, seconds, peak, err = measure(command, stdin, signal_after)
            first = err.strip().splitlines()[0] if err.strip() else ""
            if len(first) > 90:
                first = first[:87] + "..."
            rows.append((kind, status, f"{seconds:.2f}", f"{peak / 1024:.0f}", first.replace("|", "\\|")))
            print(f"{name}: exit {status}, {seconds:.2f} s, {peak / 1024:.0f} MB", file=sys.stderr)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print("| input | exit | seconds | peak MB | first line on stderr |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(map(str, row)) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
