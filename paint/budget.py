"""What one solve may spend - time and search branches - and what it reports while it works.

Every long loop of the solve (the strips of a rule's round, the squares a
probe tries, the strips a probe follows, the blocks and branches of a search)
calls :meth:`Budget.check` once per item.  That costs one clock reading, and
it is where a time limit takes effect: :class:`LimitReached` is raised there,
so the limit holds to within the time of one item (one strip worked, at most
a few tenths of a second on a line of 1000 squares), and the solve stops
with status ``'limit'`` at a point where everything it recorded is
consistent.  The same call reports progress, at most every
:data:`REPORT_EVERY` seconds, for the status line of ``paint solve``.

>>> budget = Budget(max_branches=2)
>>> budget.branches = 2
>>> budget.spent()
True
"""

from __future__ import annotations

import time
from typing import Callable

import attrs

REPORT_EVERY = 0.2
"""Seconds between two progress reports."""


class LimitReached(Exception):
    """The solve's time is up: raised by :meth:`Budget.check`; :func:`paint.solve` turns it into status ``'limit'``."""


@attrs.frozen
class Progress:
    """What a solve is doing, for a status line.

    ``stage`` is ``'rules'`` (the rules on the main line of reasoning) or
    ``'search'``; ``rule`` the rule last applied there; ``blank`` the
    squares still blank on the main line, of ``squares``; ``branches`` and
    ``levels`` what the search has worked; ``seconds`` the time since the
    solve began.
    """

    stage: str
    rule: str | None
    blank: int
    squares: int
    branches: int
    levels: int
    seconds: float


@attrs.define
class Budget:
    """What one solve may still spend, shared by its main line of reasoning and every search branch.

    ``deadline`` is a :func:`time.perf_counter` time or None; ``max_branches``
    a count or None.  ``branches`` counts the search branches worked so far,
    ``levels`` the deepest search level reached.  ``on_progress``, if given,
    is called with a :class:`Progress` at most every :data:`REPORT_EVERY`
    seconds from :meth:`check`; ``blank`` (a function) gives the squares
    still blank on the main line for it.  ``stop``, if given, is anything
    with an ``is_set()`` method (a :class:`threading.Event`): once it is set,
    :meth:`check` raises :class:`LimitReached` as if the time were up - how
    a signal handler stops a solve at a point where everything recorded is
    consistent.  ``turn``, when not None, is the count of ``branches`` at
    which the explained search's turn ends (:attr:`paint.options.SolveOptions.depth_first_after`):
    it pauses there (:func:`paint.search.bfs.explore_steps`), to go on after
    the depth-first search's turn.  ``stage`` and
    ``rule`` are set by the solver and the engine as they work.
    """

    deadline: float | None = None
    max_branches: int | None = None
    branches: int = 0
    levels: int = 0
    on_progress: Callable[[Progress], None] | None = None
    blank: Callable[[], int] | None = None
    stop: object = None
    turn: int | None = None
    squares: int = 0
    stage: str = "rules"
    rule: str | None = None
    started: float = attrs.field(factory=time.perf_counter)
    _wake: float = attrs.field(init=False, default=0.0)

    def __attrs_post_init__(self) -> None:
        self._wake = self._next(self.started)

    def check(self) -> None:
        """Raise :class:`LimitReached` when the deadline has passed; report progress when it is time to.

        Call it once per item of any loop that can run long.
        """
        if self.stop is not None and self.stop.is_set():
            raise LimitReached
        now = time.perf_counter()
        if now < self._wake:
            return
        if self.deadline is not None and now >= self.deadline:
            raise LimitReached
        if self.on_progress is not None:
            self.on_progress(self.progress(now))
        self._wake = self._next(now)

    @classmethod
    def for_limits(cls, max_time: float | None, max_branches: int | None = None, **fields) -> Budget:
        """A budget of ``max_time`` seconds from ``fields['started']`` (now, when not given; None: no time
        limit) and ``max_branches`` search branches: the one place a time limit becomes a deadline.  The other
        ``fields`` are set as given.

        >>> Budget.for_limits(2.0, started=10.0).deadline
        12.0
        """
        started = fields.pop("started", None)
        started = time.perf_counter() if started is None else started
        deadline = None if max_time is None else started + max_time
        return cls(deadline, max_branches, started=started, **fields)

    def within(self, seconds: float) -> None:
        """Leave at most ``seconds`` more from now of this budget's time (what is left, when that is less)."""
        deadline = time.perf_counter() + seconds
        self.deadline = deadline if self.deadline is None else min(self.deadline, deadline)
        self._wake = min(self._wake, self.deadline)

    def spent(self) -> bool:
        """True when the time or the branches are used up, or a stop was asked for."""
        if self.stop is not None and self.stop.is_set():
            return True
        if self.max_branches is not None and self.branches >= self.max_branches:
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def progress(self, now: float | None = None) -> Progress:
        """What the solve is doing now, as a :class:`Progress`."""
        now = time.perf_counter() if now is None else now
        blank = self.blank() if self.blank is not None else 0
        return Progress(self.stage, self.rule, blank, self.squares, self.branches, self.levels, now - self.started)

    def _next(self, now: float) -> float:
        wake = now + REPORT_EVERY if self.on_progress is not None else float("inf")
        return wake if self.deadline is None else min(wake, self.deadline)
