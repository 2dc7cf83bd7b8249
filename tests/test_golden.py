"""Golden transcripts: the plain-text explanation of a few puzzles, compared byte for byte (grilops' idea).

Run ``pytest --update-golden`` to rewrite ``tests/golden/`` after an intended
change to the rules or the rendering, and review the diff like code.  Time
figures are left out (``show_time=False``) so the transcripts never vary.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import paint
from paint.render import render_text

ROOT = Path(__file__).parent.parent

PUZZLES = {
    "dancer": ROOT / "puzzles" / "dancer.pro",
    "mouse": ROOT / "puzzles" / "mouse.pro",
    "skid": ROOT / "puzzles" / "skid.pro",
    "edge": ROOT / "puzzles" / "edge.pro",
    "search": ROOT / "tests" / "corpus" / "jwilk" / "data016.nin",
    "stalls": ROOT / "tests" / "data" / "cli" / "stalls.non",
    "no-solution": ROOT / "tests" / "data" / "cli" / "no-solution.non",
}
"""Golden name -> puzzle file: puzzles from ``puzzles/`` (Edge needs the probes), a jwilk puzzle that needs search, and the CLI's puzzles with two solutions and with none."""

VARIANTS = {
    "grids": {"grids": True, "detail": False},
    "detail": {"grids": False, "detail": True},
}
"""Golden variant -> render_text options: pictures after every step, or the reasons without pictures."""


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_transcript(name, variant, golden):
    """The explanation of each puzzle, with grids or with detail, matches its golden transcript exactly."""
    options = paint.SolveOptions(branch_steps=VARIANTS[variant]["detail"])
    result = paint.solve(paint.load(PUZZLES[name]), options)
    text = render_text(result, show_time=False, **VARIANTS[variant])
    golden.check(f"{name}.{variant}.txt", text)


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_transcript_has_no_time(name):
    """A transcript rendered without time has no time line, so it cannot vary between runs."""
    result = paint.solve(paint.load(PUZZLES[name]))
    assert "\n  time " not in render_text(result, show_time=False)
