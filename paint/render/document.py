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

import orjson

from ..puzzle import Puzzle
from ..result import Result, puzzle_document, step_fields

INDENT = 2
"""Spaces per level of nesting, as ``json.dumps(..., indent=2)``."""

CHUNK = 2000
"""Marks put into JSON text at a time."""

_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_NON_STR_KEYS


def _dumps(value, depth: int) -> str:
    """``value`` as indented JSON starting ``depth`` levels deep: what ``json.dumps(value, indent=2,
    ensure_ascii=False)`` gives, each line after the first indented ``depth`` levels more."""
    text = _indented(value)
    return text.replace("\n", "\n" + " " * (INDENT * depth)) if depth else text


def _indented(value) -> str:
    """``value`` as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it.

    The standard library's encoder runs in Python whenever it indents, and a step of a 1000-square line holds
    thousands of small values; orjson writes the same text in compiled code, byte for byte for what paint's
    documents hold (strings, integers, booleans, None, lists, tuples and dicts).  What orjson refuses (an
    integer past 64 bits, a string that is not valid unicode, a named tuple) is written by the library, and a
    value neither can write raises TypeError.  Past what the documents hold the two may differ: a float may be
    spelt otherwise (``1e16`` for ``1e+16``, the same number), NaN and infinity, which JSON cannot hold, are
    written as null, and orjson writes some values the library refuses (an enum, a dataclass, a date).
    """
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, indent=INDENT, ensure_ascii=False)


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
            text = pad + _indented(chunk)[2:-2].replace("\n", "\n" + pad)  # the items, without the list's brackets
            self.stream.write(("," if written else "[") + "\n" + text)
            written = True
        self.stream.write(("\n" + pad + "]") if written else "[]")

    def end(self, result: Result) -> None:
        """Write how the solve ended (:meth:`paint.result.Result.outcome_document`) and close the document."""
        pad = " " * (INDENT * (self.depth + 1))
        close = ("\n" + pad + "]") if self.steps else "]"
        parts = [f"{pad}{json.dumps(key)}: {_dumps(value, self.depth + 1)}"
                 for key, value in result.outcome_document().items()]
        self.stream.write(close + ",\n" + ",\n".join(parts) + "\n" + " " * (INDENT * self.depth) + "}")
