"""On a terminal: one live display, where the status line is always cleared before text is printed above it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("pyte")
from screen import run_on_terminal  # noqa: E402 - needs pyte

FOREVER = Path(__file__).parent / "corpus" / "survey" / "webpbn-06574-forever.non"  # search steps for seconds
STATUS = re.compile(r"squares blank|searching: |working the rules")


class TestSolveScreen:
    """``paint solve`` on a terminal prints its explanation and its status line through one console."""

    def test_no_status_text_in_the_explanation(self):
        """A solve that prints search steps for seconds while its status line shows leaves every step line whole."""
        screen = run_on_terminal("solve", FOREVER, "--brief", "--no-grids", "--max-time", "4")
        assert screen.status == 3  # stopped by the limit, after the status line had shown
        shown = screen.raw.find(b"searching: ")
        assert shown >= 0 and b"search (trial and error)" in screen.raw[shown:], \
            "the status line must show while steps are still printed, or the test proves nothing"
        assert not STATUS.search(screen.text)
        numbers = [int(match.group(1)) for line in screen.lines if (match := re.match(r"(\d+)\. \w", line))]
        assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 50
        assert all(re.match(r"\d+\. [a-z_ ]+\(?[a-z ]*\)?: ", line) for line in screen.lines if re.match(r"\d+\.", line))

    def test_json_whole(self):
        """The JSON document printed on a terminal while the status line shows is the document, nothing else."""
        screen = run_on_terminal("solve", FOREVER, "--json", "--max-time", "3", columns=3000)
        assert b"searching: " in screen.raw
        document = json.loads(screen.text)
        assert document["status"] == "limit" and document["steps"]
