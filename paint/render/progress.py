"""The progress display of ``paint check`` on a terminal: the column naming the puzzles being worked.

Kept apart from :mod:`paint.render.check` so that a report with no
progress display (one puzzle, a file, a pipe) does not load rich's progress
machinery.
"""

from __future__ import annotations

import time

from rich.progress import ProgressColumn
from rich.text import Text

from .verdicts import short_names


def working_text(working, limit: float | None) -> str:
    """What the progress line of ``paint check`` says of the puzzles being worked: each name (``working``:
    ``(name, seconds)`` pairs, the longest worked first) with its time so far against ``limit`` (seconds a
    puzzle, None: no limit).

    >>> working_text([('knotty.non', 12.4), ('a.non', 0.2)], 60.0)
    'knotty.non 12 s of 60 s, a.non 0 s of 60 s'
    >>> working_text([('b.nin', 75.0)], None)
    'b.nin 75 s'
    """
    against = "" if limit is None else f" of {limit:g} s"
    return ", ".join(f"{name} {seconds:.0f} s{against}" for name, seconds in working)


class Working(ProgressColumn):
    """A column of rich's progress display naming the puzzles of a batch being worked, with their time against
    the limit (:func:`working_text`), drawn anew at each refresh so the times count up.

    ``names`` are the names of every puzzle of the batch (the ``file`` of
    their checks), shown relative to the folder they share; ``limit`` the
    seconds a puzzle may take (None: none).  Give :meth:`start` as
    :func:`paint.batch.check_batch`'s ``on_start`` and call :meth:`finish`
    with each check's ``file``.

    >>> column = Working(['puzzles/a.non', 'puzzles/knotty.non'], 60.0, clock=iter([100.0, 105.0]).__next__)
    >>> column.start('puzzles/knotty.non'); column.start('puzzles/a.non')
    >>> column.text(now=112.0)  # the longest worked first
    'knotty.non 12 s of 60 s, a.non 7 s of 60 s'
    >>> column.finish('puzzles/a.non'); column.text(now=112.0)
    'knotty.non 12 s of 60 s'
    """

    def __init__(self, names, limit: float | None, *, clock=time.monotonic):
        super().__init__()
        names = list(names)
        self.short = dict(zip(names, short_names(names)[1]))
        self.limit = limit
        self.clock = clock
        self.started: dict[str, float] = {}

    def start(self, name: str) -> None:
        """Note that the work on puzzle ``name`` begins now."""
        self.started[name] = self.clock()

    def finish(self, name: str) -> None:
        """Note that puzzle ``name`` is done."""
        self.started.pop(name, None)

    def text(self, now: float | None = None) -> str:
        """The puzzles being worked, as :func:`working_text` says them (``now``: the clock's time)."""
        now = self.clock() if now is None else now
        working = sorted(self.started.items(), key=lambda item: item[1])
        return working_text([(self.short.get(name, name), now - since) for name, since in working], self.limit)

    def render(self, task) -> Text:
        """The column's text for rich's progress display."""
        return Text(self.text(), no_wrap=True, overflow="ellipsis")
