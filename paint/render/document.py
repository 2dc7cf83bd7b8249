"""The JSON document of a solve, written as the solve goes (``paint solve --json``).

:meth:`paint.result.Result.to_document` builds the whole document as one
dict; on a large puzzle that is many times the size of the text.  A
:class:`DocumentWriter` writes the same document, byte for byte what
``json.dumps(result.to_document(), indent=2)`` gives, a step at a time, so
what is held in memory at once is one step's part.

>>> import io, json, paint
>>> result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
>>> stream = io.StringIO()
>>> writer = DocumentWriter(stream)
>>> writer.begin(result.puzzle)
>>> for step in result.steps:
...     writer.step(step)
>>> writer.end(result)
>>> stream.getvalue() == json.dumps(result.to_document(), indent=2, ensure_ascii=False)
True
"""

from __future__ import annotations

import itertools
import json
from typing import TextIO

from ..puzzle import Puzzle
from ..result import Result, puzzle_document, step_fields

INDENT = 2
"""Spaces per level of nesting, as ``json.dumps(..., indent=2)``."""

CHUNK = 2000
"""Marks put into JSON text at a time."""


def _dumps(value, depth: int) -> str:
    """``value`` as indented JSON starting ``depth`` levels deep (strings never hold a raw line break)."""
    text = json.dumps(value, indent=INDENT, ensure_ascii=False)
    return text.replace("\n", "\n" + " " * (INDENT * depth))


class DocumentWriter:
    """Writes one JSON document to ``stream``: :meth:`begin`, then :meth:`step` for each step, then :meth:`end`.

    ``depth`` is how deep the document is nested (1 for each document of a
    list, as ``paint solve --all --json`` writes them).
    """

    def __init__(self, stream: TextIO, depth: int = 0):
        self.stream = stream
        self.depth = depth
        self.steps = 0

    def begin(self, puzzle: Puzzle) -> None:
        """Write the document's opening and its ``puzzle``."""
        pad = " " * (INDENT * (self.depth + 1))
        self.stream.write("{\n" + pad + '"puzzle": ' + _dumps(puzzle_document(puzzle), self.depth + 1)
                          + ",\n" + pad + '"steps": [')
        self.steps = 0

    def step(self, step) -> None:
        """Write one step (a :class:`paint.explanation.Step`), its marks a chunk at a time."""
        depth = self.depth + 2
        write = self.stream.write
        inner = " " * (INDENT * (depth + 1))
        write(("," if self.steps else "") + "\n" + " " * (INDENT * depth) + "{")
        for number, (key, value) in enumerate(step_fields(step)):
            write(("," if number else "") + "\n" + inner + json.dumps(key) + ": ")
            if key == "marks":
                self._list(value, depth + 1)
            else:
                write(_dumps(value, depth + 1))
        write("\n" + " " * (INDENT * depth) + "}")
        self.steps += 1

    def _list(self, items, depth: int) -> None:
        """Write the list of ``items`` (an iterator of small JSON values) as ``json.dumps`` would at ``depth``."""
        pad = " " * (INDENT * depth)
        written = False
        items = iter(items)
        while chunk := list(itertools.islice(items, CHUNK)):
            text = json.dumps(chunk, indent=INDENT, ensure_ascii=False)[2:-2]  # the items, without "[\n" and "\n]"
            self.stream.write(("," if written else "[") + "\n" + pad + text.replace("\n", "\n" + pad))
            written = True
        self.stream.write(("\n" + pad + "]") if written else "[]")

    def end(self, result: Result) -> None:
        """Write how the solve ended (:meth:`paint.result.Result.outcome_document`) and close the document."""
        pad = " " * (INDENT * (self.depth + 1))
        close = ("\n" + pad + "]") if self.steps else "]"
        parts = [f"{pad}{json.dumps(key)}: {_dumps(value, self.depth + 1)}"
                 for key, value in result.outcome_document().items()]
        self.stream.write(close + ",\n" + ",\n".join(parts) + "\n" + " " * (INDENT * self.depth) + "}")
