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
    "cat": ROOT / "puzzles" / "cat.pro",
    "edge": ROOT / "puzzles" / "edge.pro",
    "search": ROOT / "tests" / "corpus" / "jwilk" / "data016.nin",
    "stalls": ROOT / "tests" / "data" / "cli" / "stalls.non",
    "no-solution": ROOT / "tests" / "data" / "cli" / "no-solution.non",
}
"""Golden name -> puzzle file: puzzles from ``puzzles/`` (Edge needs the probes), a jwilk puzzle that needs search, and the CLI's puzzles with two solutions and with none."""

VARIANTS = {
    "strip": ({"steps": "strip"}, {"grids": True}),
    "rule": ({"steps": "rule"}, {"grids": True}),
    "detail": ({"steps": "strip", "branch_steps": True}, {"grids": False, "detail": True}),
}
"""Golden variant -> (SolveOptions, render_text options): the default explanation (one strip a step, a picture
after each round), Kramer's grouping (one rule over every strip a step), and the detail without pictures."""


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_transcript(name, variant, golden):
    """The explanation of each puzzle, in each variant, matches its golden transcript exactly."""
    solving, showing = VARIANTS[variant]
    result = paint.solve(paint.load(PUZZLES[name]), paint.SolveOptions(**solving))
    text = render_text(result, show_time=False, **showing)
    golden.check(f"{name}.{variant}.txt", text)


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_transcript_has_no_time(name):
    """A transcript rendered without time has no time line, so it cannot vary between runs."""
    result = paint.solve(paint.load(PUZZLES[name]))
    assert "\n  time " not in render_text(result, show_time=False)
