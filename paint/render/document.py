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

try:  # the library's escaping of a string, compiled where it can be (ensure_ascii=False)
    from _json import encode_basestring as _string
except ImportError:  # pragma: no cover - a Python without the compiled json helpers
    from json.encoder import py_encode_basestring as _string

INDENT = 2
"""Spaces per level of nesting, as ``json.dumps(..., indent=2)``."""

CHUNK = 2000
"""Marks put into JSON text at a time."""


def _dumps(value, depth: int) -> str:
    """``value`` as indented JSON starting ``depth`` levels deep: what ``json.dumps(value, indent=2,
    ensure_ascii=False)`` gives, each line after the first indented ``depth`` levels more."""
    return _indented(value, " " * (INDENT * depth))


def _indented(value, pad: str) -> str:
    """``value`` as ``json.dumps(..., indent=2, ensure_ascii=False)`` writes it, its inner lines after ``pad``.

    The standard library's encoder runs in Python whenever it indents, and a step of a 1000-square line holds
    thousands of small values; this writes the same text with less work for each (strings by the library's
    own compiled escaping).  A value JSON cannot hold raises TypeError, as ``json.dumps`` does.
    """
    if isinstance(value, str):
        return _string(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return json.dumps(value)
    inner = pad + " " * INDENT
    if isinstance(value, dict):
        if not value:
            return "{}"
        parts = []
        for key, item in value.items():
            kind = type(item)  # the common leaves written here, without a call each
            text = _string(item) if kind is str else int.__repr__(item) if kind is int else _indented(item, inner)
            parts.append(f"{inner}{_string(key) if type(key) is str else _key(key)}: {text}")
        return "{\n" + ",\n".join(parts) + "\n" + pad + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + (int.__repr__(item) if type(item) is int else _indented(item, inner))
                                    for item in value) + "\n" + pad + "]"
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _key(key) -> str:
    """A dict key as JSON writes it: a string, or a number or constant turned into one."""
    if isinstance(key, str):
        return _string(key)
    if isinstance(key, (bool, type(None), int, float)):
        return _string(json.dumps(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


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
        inner = pad + " " * INDENT
        while chunk := list(itertools.islice(items, CHUNK)):
            text = ",\n".join(inner + _indented(item, inner) for item in chunk)
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
