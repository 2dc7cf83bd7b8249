"""Benchmark: how big the HTML pages are, how long they take to write, and how long Chromium takes to open them.

Usage::

    python benchmarks/pages.py [--big] [--report FILE] [--max-time SECONDS]

The viewer (``paint solve PUZZLE --html FILE``) is measured on puzzles made
by tiling a shipped puzzle's solution (clues worked out from the tiled
picture): Scardy Cat tiled to 100 x 100, in both ``--steps`` modes, and
with ``--big`` Swing tiled to 315 x 315.  Each run is a fresh process; the
same solve without ``--html`` is timed beside it, so the last columns are
what the page itself adds.  Peak memory is the process's maximum resident
set size.  The time to open is from navigation until the page's script has
drawn the board (``html[data-ready]``) in headless Chromium driven by
Playwright, when both are installed.

The editor's report (``paint check --html``) is measured on ``--report
FILE`` (default: the 1000 TAAI 2011 puzzles) checked in this process with
``--max-time`` per puzzle (default 0.5 s, to keep the run short - most of
the 1000 then stop at the limit, and still get their row and picture; the
whole check takes about four minutes); the time to write the page is timed
alone.  The TAAI file is taken from ``../shared/corpus`` when it is beside
the checkout, else from ``tests/corpus``.  Nothing is compared with a threshold: the tables are the
measurement.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import paint  # noqa: E402
from paint.batch import check_batch, expand, find_puzzles  # noqa: E402
from paint.check import CheckOptions  # noqa: E402
from paint.render.report import write_report_html  # noqa: E402

MEASURE = r"""
import json, resource, subprocess, sys, time
started = time.perf_counter()
finished = subprocess.run(json.loads(sys.argv[1]), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
seconds = time.perf_counter() - started
print(json.dumps([finished.returncode, seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                  finished.stderr[-500:]]))
"""


def measure(command: list[str]) -> tuple[int, float, int, str]:
    """(exit status, seconds, peak KB, end of stderr) of ``command`` run alone in a fresh measuring process
    (in this checkout, whatever the working folder)."""
    finished = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(command)], capture_output=True, text=True,
                              cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return tuple(json.loads(finished.stdout))


def runs(line: str) -> list[int]:
    return [len(run) for run in line.replace(".", " ").split()]


def tiled(source: Path, size: int, folder: Path) -> Path:
    """A ``size`` x ``size`` puzzle made by tiling the solution of ``source``, written as a .non file."""
    result = paint.solve(paint.load(str(source)))
    lines = result.grid.lines()
    big = ["".join(lines[r % len(lines)][c % len(lines[0])] for c in range(size)) for r in range(size)]
    columns = ["".join(row[c] for row in big) for c in range(size)]
    path = folder / f"{source.stem}-{size}.non"
    clue = lambda line: ",".join(map(str, runs(line))) or "0"  # noqa: E731
    path.write_text(f'title "{result.puzzle.title} tiled to {size} x {size}"\nwidth {size}\nheight {size}\n'
                    "rows\n" + "\n".join(map(clue, big)) + "\ncolumns\n" + "\n".join(map(clue, columns)) + "\n",
                    encoding="utf-8")
    return path


def opener():
    """A function timing how long Chromium takes to open a page until its script is ready, or None without one."""
    executable = os.environ.get("PAINT_CHROMIUM") or shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None, None
    if executable is None:
        return None, None
    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])

    def open_page(path: Path) -> float:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        started = time.perf_counter()
        page.goto(path.as_uri(), timeout=600_000)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=600_000)
        seconds = time.perf_counter() - started
        context.close()
        return seconds

    def close():
        browser.close()
        playwright.stop()
    return open_page, close


def viewer_table(cases, folder: Path, open_page) -> None:
    print("| puzzle | steps mode | steps | page | solve, no page | solve with page | page adds | peak memory "
          "| opens in Chromium |")
    print("|---|---|---|---|---|---|---|---|---|")
    for path, mode in cases:
        base = [sys.executable, "-m", "paint", "solve", str(path), "--steps", mode, "--no-grids"]
        page = folder / f"{path.stem}-{mode}.html"
        _, plain, _, _ = measure(base + ["-o", str(folder / "plain.txt")])
        status, seconds, peak, error = measure(base + ["-o", str(folder / "plain.txt"), "--html", str(page)])
        if status not in (0, 1, 3, 4):  # solved, contradiction, stalled or limit, multiple: a page was written
            print(f"| {path.stem} | {mode} | failed ({status}): {error.strip()} |")
            continue
        text = page.read_text(encoding="utf-8")
        steps = text.count('class="step"') - 1
        opened = f"{open_page(page):.2f} s" if open_page else "(no Chromium)"
        print(f"| {path.stem} | {mode} | {steps} | {len(text.encode('utf-8')) / 1e6:.2f} MB | {plain:.2f} s "
              f"| {seconds:.2f} s | {seconds - plain:.2f} s | {peak / 1024:.0f} MB | {opened} |")


def report_table(source: Path, max_time: float, folder: Path, open_page) -> None:
    found = expand(find_puzzles([str(source)]))
    started = time.perf_counter()
    batch = check_batch(found, CheckOptions(max_time=max_time), jobs=2)
    checked = time.perf_counter() - started
    started = time.perf_counter()
    out = io.StringIO()
    write_report_html(out, batch.checks, seconds=checked)
    written = time.perf_counter() - started
    page = folder / "report.html"
    page.write_text(out.getvalue(), encoding="utf-8")
    opened = f"{open_page(page):.2f} s" if open_page else "(no Chromium)"
    verdicts = {}
    for check in batch.checks:
        verdicts[check.verdict] = verdicts.get(check.verdict, 0) + 1
    print("| puzzles | verdicts | checked in | page written in | page | opens in Chromium |")
    print("|---|---|---|---|---|---|")
    print(f"| {len(batch.checks)} | {', '.join(f'{n} {v}' for v, n in verdicts.items())} | {checked:.1f} s "
          f"| {written:.2f} s | {len(out.getvalue().encode('utf-8')) / 1e6:.2f} MB | {opened} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--big", action="store_true", help="also Swing tiled to 315 x 315 (minutes)")
    parser.add_argument("--report", type=Path, default=None,
                        help="the puzzles of the report (default: the TAAI 2011 questions)")
    parser.add_argument("--max-time", type=float, default=0.5, help="seconds per puzzle in the report's check")
    parser.add_argument("--no-report", action="store_true", help="measure the viewer only")
    arguments = parser.parse_args()
    open_page, close = opener()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        cat = tiled(ROOT / "puzzles" / "cat.pro", 100, folder)
        cases = [(cat, "rule"), (cat, "strip")]
        if arguments.big:
            cases.append((tiled(ROOT / "puzzles" / "swing.pro", 315, folder), "strip"))
        print("## paint solve --html: the viewer\n")
        viewer_table(cases, folder, open_page)
        if not arguments.no_report:
            source = arguments.report
            if source is None:
                shared = ROOT.parent / "shared" / "corpus" / "taai2011" / "questions.txt"
                source = shared if shared.exists() else ROOT / "tests" / "corpus" / "taai2011" / "questions.txt"
            print(f"\n## paint check --html: the report of {source.name}, --max-time {arguments.max_time}\n")
            report_table(source, arguments.max_time, folder, open_page)
    if close:
        close()


if __name__ == "__main__":
    main()
