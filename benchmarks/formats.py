"""Benchmark: write every puzzle of the corpus in each format and read it back; print a table.

Usage::

    python benchmarks/formats.py [FOLDER_OR_FILE...]     # default: tests/corpus

The puzzles are read from their own files first (every format paint reads,
files of many puzzles walked).  Then, for each format: how many puzzles it
can hold (``.pro`` draws numbers up to 99, tournament puzzles are square),
the milliseconds to write them all and to read them all back (formats of
many puzzles write one file, the others one text per puzzle), the bytes
written, and how many came back exactly as the format keeps them (clues
always; the metadata and goal the format has room for).  A mismatch is a bug.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import attrs

from paint.errors import PaintError
from paint.formats import FORMATS, dumps, dumps_all, fits, kept, load_all, loads, loads_all, taai

ROOT = Path(__file__).parent.parent


def corpus(paths) -> list:
    """Every puzzle in the files and folders ``paths``, in sorted order of their files."""
    suffixes = {ext for module in FORMATS.values() for ext in module.EXTENSIONS}
    puzzles = []
    for path in map(Path, paths):
        files = sorted(p for p in path.rglob("*") if p.suffix in suffixes or p.name == "questions.txt") \
            if path.is_dir() else [path]
        for file in files:
            try:
                puzzles += load_all(file)
            except PaintError as error:
                print(f"skipped: {error}", file=sys.stderr)
    return puzzles


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(ROOT / "tests" / "corpus")],
                        help="puzzle files or folders (default: tests/corpus)")
    args = parser.parse_args(argv)
    puzzles = corpus(args.paths)
    print(f"{len(puzzles)} puzzles\n")
    rows = []
    for name, module in FORMATS.items():
        chosen = [puzzle for puzzle in puzzles if fits(puzzle, name)]
        started = time.perf_counter()
        texts = [dumps_all(chosen, name)] if module.MANY else [dumps(puzzle, name) for puzzle in chosen]
        written = time.perf_counter() - started
        started = time.perf_counter()
        if module.MANY:
            back = loads_all(texts[0], "x", format=name)
        else:
            back = [loads(text, "x", format=name) for text in texts]
        read = time.perf_counter() - started
        if name == "taai":  # numbered by place in one file
            expected = [attrs.evolve(kept(p, name), catalogue=p.catalogue if taai.NUMBER_LINE.match(p.catalogue or "")
                                     else f"${i}") for i, p in enumerate(chosen, start=1)]
        else:
            expected = [kept(puzzle, name) for puzzle in chosen]
        same = sum(a == b for a, b in zip(back, expected))
        rows.append((name, str(len(chosen)), f"{written * 1000:.0f}", f"{read * 1000:.0f}",
                     str(sum(len(text.encode("utf-8")) for text in texts)), f"{same}/{len(chosen)}"))
    header = ("format", "puzzles", "write ms", "read ms", "bytes", "round trip exact")
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header))]

    def line(cells):
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(cells, widths)) + " |"

    print(line(header))
    print("|" + "|".join("-" * (width + 2) for width in widths) + "|")
    for row in rows:
        print(line(row))
    return 0 if all(row[5].split("/")[0] == row[5].split("/")[1] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
