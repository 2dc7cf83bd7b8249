"""Benchmark: run ``paint check`` on whole corpus folders and compare every verdict with the corpus README.

Usage::

    python benchmarks/check.py [CORPUS] [--jobs 2] [--max-time 60] [--folders nonogram-db,jwilk,survey]

CORPUS is a folder holding ``nonogram-db/``, ``jwilk/`` and ``survey/`` and a
``README.md`` that labels the puzzles (default: ``../shared/corpus`` when it
is there, else ``tests/corpus``).  Each folder is checked by the real
command, ``python -m paint check FOLDER --json --jobs N``, in a fresh
process, so the wall-clock time includes starting Python and the workers.

The README's labels map to verdicts: ``line`` -> ``ok``; ``search`` ->
``needs-probes`` or ``needs-search`` (line logic stalls; paint tells the
probes from search); ``multiple`` -> ``multiple``; ``hard`` is not compared.
Prints a Markdown table per folder and a list of any verdict that does not
match.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ("ok", "needs-probes", "needs-search", "multiple", "no-solution", "error", "limit")
EXPECTED = {"line": {"ok"}, "search": {"needs-probes", "needs-search"}, "multiple": {"multiple"}}
TARGETS = {"nonogram-db": 10.0, "jwilk": 60.0}
"""The issue's targets: seconds for the whole folder."""


def labels(readme: str) -> dict[str, str]:
    """Puzzle name (file stem) -> 'line', 'search', 'multiple' or 'hard', from either corpus README."""
    found: dict[str, str] = {}
    # ../shared/corpus/README.md: the survey table and the jwilk sentence.
    for name, kind in re.findall(r"^\| ((?:webpbn-[0-9]+-)?[a-z]+) \| [0-9]+x[0-9]+ \| (line|search|hard) \|",
                                 readme, re.M):
        found[name] = kind
    shared = re.search(r"search: ((?:data[0-9]+,?\s*)+);\s*multiple: ((?:data[0-9]+,?\s*)+)", readme)
    # tests/corpus/README.md: sentences.
    copied = re.search(r"all but (.*?) \(unique, need search\) and (.*?) \(several", readme, re.S)
    jwilk = shared or copied
    if jwilk:
        found.update({name: "search" for name in re.findall(r"data[0-9]+", jwilk.group(1))})
        found.update({name: "multiple" for name in re.findall(r"data[0-9]+", jwilk.group(2))})
    survey = re.search(r"`survey/`: (.*?); (.*?) need search; (.*?) are hard", readme, re.S)
    if survey and not any(kind == "line" for kind in found.values()):
        for group, kind in zip(survey.groups(), ("line", "search", "hard")):
            for word in re.findall(r"[a-z]+", group):
                if word != "and":
                    found[word] = kind
    return found


def label_of(name: str, folder: str, known: dict[str, str]) -> str:
    """The README's label of one puzzle: every nonogram-db and unlisted jwilk puzzle is 'line'."""
    if name in known:
        return known[name]
    short = re.sub(r"^webpbn-[0-9]+-", "", name)
    if short in known:
        return known[short]
    return "line" if folder in ("nonogram-db", "jwilk") else "?"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = ROOT.parent / "shared" / "corpus"
    parser.add_argument("corpus", nargs="?", type=Path,
                        default=default if default.is_dir() else ROOT / "tests" / "corpus")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-time", type=float, default=60.0)
    parser.add_argument("--folders", default="nonogram-db,jwilk,survey")
    args = parser.parse_args(argv)
    known = labels((args.corpus / "README.md").read_text(encoding="utf-8"))
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    rows, mismatches = [], []
    for folder in args.folders.split(","):
        started = time.perf_counter()
        process = subprocess.run([sys.executable, "-m", "paint", "check", str(args.corpus / folder), "--json",
                                  "--jobs", str(args.jobs), "--max-time", str(args.max_time)],
                                 capture_output=True, text=True, env=env)
        wall = time.perf_counter() - started
        checks = json.loads(process.stdout)
        counts = Counter(check["verdict"] for check in checks)
        compared = matched = 0
        for check in checks:
            name = Path(check["file"]).stem
            label = label_of(name, folder, known)
            if label in EXPECTED:
                compared += 1
                if check["verdict"] in EXPECTED[label]:
                    matched += 1
                else:
                    mismatches.append(f"{folder}/{name}: README says {label}, paint says {check['verdict']}")
        target = TARGETS.get(folder)
        rows.append([folder, str(len(checks)), str(args.jobs), f"{wall:.1f}",
                     *(str(counts[v]) for v in VERDICTS), f"{matched}/{compared}",
                     "" if target is None else f"< {target:g} s: {'met' if wall < target else 'MISSED'}",
                     str(process.returncode)])
        if folder == "survey" or counts["needs-search"] or counts["limit"]:
            for check in checks:
                if check["verdict"] not in ("ok",):
                    print(f"  {folder}/{Path(check['file']).name}: {check['verdict']}, "
                          f"blank at stall {check['blank_at_stall']}, depth {check['search_depth']}, "
                          f"{check['seconds']:.2f} s", file=sys.stderr)

    header = ["folder", "puzzles", "jobs", "wall s", *VERDICTS, "match README", "target", "exit"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\nverdicts compared with {args.corpus / 'README.md'}; --max-time {args.max_time:g} s per puzzle; "
          f"{os.cpu_count()} cores")
    for line in mismatches:
        print("MISMATCH " + line)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
