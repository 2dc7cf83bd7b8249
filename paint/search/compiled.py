"""The depth-first search's probing, compiled, for the long searches of ``paint check`` (optional: numba).

:meth:`paint.search.board.Board.probe` compiled by numba, with the same
answers: :mod:`paint.search._kernels` for boards whose lines fit one 64-bit
word (at most :data:`MAX_SQUARES` squares), :mod:`paint.search._wide` for
longer lines (up to :data:`WIDE_MAX_SQUARES`).  The search hands its
positions over after :attr:`paint.options.SearchPolicy.compiled_after` of
them, or once their probing in Python has taken
:attr:`paint.options.SearchPolicy.compiled_after_seconds`, or from the
first once the process has loaded numba.  Installed
with ``pip install 'paint[fast]'``; without numba, or for a puzzle with a
line longer than :data:`WIDE_MAX_SQUARES` squares, the search stays in
Python.  Why, what it costs and what it gains: docs/search.md.
"""

from __future__ import annotations

import os
import threading
import time

from ..squares import EMPTY, FULL
from .board import BROKEN, Board, Expanded, Expansion, Inherited

MAX_SQUARES = 62
"""The longest line the one-word kernels take (a line, the square past its end and a carry in one 64-bit word;
:mod:`paint.search._kernels`)."""

WIDE_MAX_SQUARES = 126
"""The longest line the compiled probe takes at all: lines longer than :data:`MAX_SQUARES` go to the kernels of
:mod:`paint.search._wide`, a line in two words (the line, the square past its end and a carry in 128 bits).
Their probe records hold a word for every 64 lines for each square: 0.5 MB a position on a 126 x 126 board."""

CACHE_SLOTS = 1 << 14
"""The slots of a :class:`Probe`'s line cache (:func:`paint.search._kernels.settle_cached`; 40 bytes each, so
640 KB a board; 72 bytes each for the wide kernels, 1.2 MB): a power of two.  On twelve of TAAI 2011's hardest
checked two at a time, 2 ** 14 slots took 74-77 s, 2 ** 13 82-85 s, 2 ** 16 86-88 s and one slot (no cache to
speak of) 121-130 s (docs/search.md)."""


def for_board(board):
    """A :class:`Probe` for ``board`` (:class:`paint.search.board.Board`), or None when numba is not installed,
    cannot compile or cache (a read-only install with no writable cache folder, say), is told not to compile
    (``NUMBA_DISABLE_JIT``), or a line of the board is longer than :data:`WIDE_MAX_SQUARES` squares.

    The first call in a process loads numba and its compiled code (some 0.3 s; a few seconds to compile
    it when its cache is empty), and tries it on a 2 x 2 puzzle of two solutions (a probe and a guess,
    so every kernel is compiled), so that a failure shows here and not in the middle of a search.  The
    one-word kernels and the wide ones are loaded and tried each when a board first needs them, in a thread
    of their own while this one waits within the board's budget (:func:`_loaded_within`): raises
    :class:`paint.budget.LimitReached` when the budget's time runs out, or a stop is asked for, first.
    """
    if not takes(board):
        return None
    kernels = _loaded_within(not one_word(board), board.budget)
    return Probe(board, kernels) if kernels else None


def one_word(board) -> bool:
    """Whether ``board``'s lines fit the one-word kernels (:data:`MAX_SQUARES`); longer ones go to the wide."""
    return max(board.height, board.width) <= MAX_SQUARES


def _tried(board):
    """What loading and trying the kernels ``board`` needs gave in this process: the module, False when they do
    not work, None when not tried yet."""
    return _WORKS if one_word(board) else _WIDE


def expected(board) -> bool:
    """Whether a long search of ``board`` would probe in compiled code, found without loading numba: the kernels
    take its lines (:func:`takes`), and they have loaded and worked in this process or, not tried yet, numba is
    installed and not told not to compile (``NUMBA_DISABLE_JIT`` a whole number other than 0).  Until they are
    tried it is a guess: numba installed may yet fail to load (:func:`for_board`)."""
    if not takes(board):
        return False
    tried = _tried(board)
    if tried is not None:
        return bool(tried)
    import importlib.util
    import os
    try:  # as numba reads it: a whole number, anything else 0
        disabled = int(os.environ.get("NUMBA_DISABLE_JIT", "0"))
    except ValueError:
        disabled = 0
    return not disabled and importlib.util.find_spec("numba") is not None


def takes(board) -> bool:
    """Whether the kernels can probe ``board``: no line longer than :data:`WIDE_MAX_SQUARES` squares."""
    return max(board.height, board.width) <= WIDE_MAX_SQUARES


_WORKS = None
"""The kernels module once it has been loaded and tried (False: it could not be), None before."""


_ON_LOADED: list = []
"""What :func:`on_loaded` was given, each called once, when the kernels first load and work in this process."""


def on_loaded(function) -> None:
    """Call ``function()`` once the kernels have loaded and worked in this process (at once if they already
    have): ``paint check`` and its worker processes freeze the objects then alive (:func:`gc.freeze`), numba's
    hundred thousand among them, so that the cycle collector's full passes no longer walk them
    (:func:`paint.batch.frozen_after_loading`).  :func:`not_on_loaded` takes back a function not yet called."""
    if _WORKS:
        function()
    else:
        _ON_LOADED.append(function)


def not_on_loaded(function) -> None:
    """Take ``function`` back from :func:`on_loaded`, if it is still waiting for the kernels to load."""
    if function in _ON_LOADED:
        _ON_LOADED.remove(function)


def _loaded() -> None:
    """Call the functions :func:`on_loaded` was given, once each."""
    while _ON_LOADED:
        _ON_LOADED.pop(0)()


def loaded() -> bool:
    """Whether this process has already loaded and tried the one-word kernels (:func:`for_board`), working or
    not: a search of a board they take then hands over from its first position, the loading paid."""
    return _WORKS is not None


def ready(board) -> bool:
    """Whether this process has already loaded and tried the kernels ``board`` needs (one-word or wide), working
    or not: its search then hands over from its first position (:func:`loaded` for a wide board)."""
    return _tried(board) is not None


FAILURE: str | None = None
"""Why the kernels could not be used in this process (the last failure's type and message), or None."""

RETRY_AFTER = 0.5
"""Seconds to wait before the kernels are tried once more after a failure: two processes that compile them at
once into an empty cache (the first run after an install, in parallel) may meet each other's files half
written."""


def _try_kernels(wide: bool = False):
    """:mod:`paint.search._kernels` (``wide``: :mod:`paint.search._wide`) after it has probed and guessed on a 2 x 2
    puzzle of two solutions, or False when that cannot be done, tried twice (:data:`RETRY_AFTER` seconds apart);
    :data:`FAILURE` says why."""
    global FAILURE
    try:
        from numba import config
    except Exception as error:  # noqa: BLE001 - numba not installed, or broken: the search stays in Python
        FAILURE = f"{type(error).__name__}: {error}"
        return False
    if config.DISABLE_JIT:  # the kernels would run as Python on arrays: far slower than the Python probe
        FAILURE = "numba is told not to compile (NUMBA_DISABLE_JIT)"
        return False
    for attempt in range(2):
        try:
            if attempt:
                time.sleep(RETRY_AFTER)
            if wide:
                from . import _wide as kernels
            else:
                from . import _kernels as kernels
            board = Board([(1,), (1,)], [(1,), (1,)], None)
            probe = Probe(board, kernels)
            found = probe([0] * 8)
            if found.kind is not Expansion.GUESS:  # two children expected: the guess was not tried
                FAILURE = "the kernels' probe gave no guess on a puzzle of two solutions"
                continue
            probe(found.children[0], Inherited(found.state, found.records))  # and a child inherits the records
        except Exception as error:  # noqa: BLE001 - any failure of an optional accelerator leaves the search in Python
            FAILURE = f"{type(error).__name__}: {error}"
            continue
        FAILURE = None
        return kernels
    return False


_WIDE = None
"""The wide kernels module once it has been loaded and tried (False: it could not be), None before."""


WAIT_STEP = 0.05
"""Seconds between two looks at the budget while a thread loads the kernels (:func:`_loaded_within`)."""


class _Loading:
    """One kernel set being loaded and tried (:func:`_try_kernels`) in a daemon thread: ``done`` is set when it
    has finished, ``result`` is then what it gave.  A daemon, so that a process whose search stopped at its
    limit while numba compiled does not wait for the compile to end before it exits."""

    def __init__(self, wide: bool) -> None:
        self.wide = wide
        self.result = False
        self.done = threading.Event()
        threading.Thread(target=self._run, name="paint-kernels", daemon=True).start()

    def _run(self) -> None:
        try:
            self.result = _try_kernels(wide=True) if self.wide else _try_kernels()
        finally:
            self.done.set()


_LOADING: dict[bool, _Loading] = {}
"""The loads under way, by kernel set (True: the wide kernels), not yet taken up as :data:`_WORKS` or
:data:`_WIDE`."""

_LOCK = threading.Lock()
"""Held while :data:`_LOADING`, :data:`_WORKS` and :data:`_WIDE` are read and changed: searches in two threads
of one process start one loading between them, and take up its result once."""


def _forked() -> None:
    """In a child made by ``os.fork``: the parent's loading threads are not in it, so a loading under way
    there would never finish here; forget them (and take a fresh lock, which the fork may have copied held).
    A search of the child starts its own loading."""
    global _LOCK
    _LOCK = threading.Lock()
    _LOADING.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def _loaded_within(wide: bool, budget=None) -> object:
    """The kernel set (``wide``: the wide kernels) loaded and tried in this process: the module, or False when
    it cannot be used (:func:`_try_kernels`).

    The loading runs in a thread of its own (:class:`_Loading`), started by the first call, while this one
    waits for it, looking at ``budget`` (:class:`paint.budget.Budget`, None: as long as it takes) every
    :data:`WAIT_STEP` seconds: a compile into an empty cache takes seconds that no limit would otherwise
    hold.  Raises :class:`paint.budget.LimitReached` when the budget's time runs out or a stop is asked for;
    the loading goes on, and the next call waits for the same one.  A Ctrl-C reaches a waiting thread as
    KeyboardInterrupt, as anywhere else.  The call that takes the result up calls the functions given to
    :func:`on_loaded` when it works.  (The search does not probe in Python meanwhile: beside Python's
    probing, the compile got the interpreter's lock too seldom to finish in 20 s, docs/search.md.)"""
    global _WORKS, _WIDE
    with _LOCK:
        tried = _WIDE if wide else _WORKS
        if tried is not None:
            return tried
        loading = _LOADING.get(wide)
        if loading is None:
            loading = _LOADING[wide] = _Loading(wide)
    while not loading.done.wait(WAIT_STEP):
        if budget is not None:
            budget.check()
    with _LOCK:
        tried = _WIDE if wide else _WORKS
        if tried is not None:  # another thread took it up first
            return tried
        if wide:
            _WIDE = loading.result
        else:
            _WORKS = loading.result
        _LOADING.pop(wide, None)
    if loading.result:
        _loaded()
    return loading.result


class _StopsThrough:
    """A block that calls numba's compiled code lets a stop through as itself: Ctrl-C's KeyboardInterrupt, or
    what a stop signal's handler raises (:mod:`paint.signals`).

    A signal's handler runs when Python next runs code, and inside a compiled
    call that may be numba's own Python (loading a constant); what the
    handler raises there, numba reports as a ``SystemError`` ("returned a
    result with an exception set") caused by the stop, which no stop
    handler would recognise: a command would end in a traceback, or take a
    SIGTERM for an error.  A ``SystemError`` whose cause (``__cause__``, set
    only explicitly, as CPython does here; not the context any exception
    raised while another is handled gets) is such a stop - a
    ``BaseException`` that is not an ``Exception`` - is raised again as
    that stop; any other error is left as it is.

    >>> try:
    ...     with _StopsThrough():
    ...         try:
    ...             raise KeyboardInterrupt
    ...         except KeyboardInterrupt as stop:
    ...             raise SystemError("returned a result with an exception set") from stop
    ... except KeyboardInterrupt:
    ...     print("KeyboardInterrupt")
    KeyboardInterrupt
    """

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, error, traceback) -> bool:
        if kind is not None and issubclass(kind, SystemError):
            behind = error.__cause__
            if isinstance(behind, BaseException) and not isinstance(behind, Exception):
                raise behind from None
        return False


_STOPS_THROUGH = _StopsThrough()


class Probe:
    """Fully probing of one board's positions in compiled code, called like :meth:`paint.search.board.Board.probe`.

    ``kernels`` is :mod:`paint.search._kernels` (lines of at most :data:`MAX_SQUARES` squares, one word each) or
    :mod:`paint.search._wide` (each line in two words: any board up to :data:`WIDE_MAX_SQUARES`);
    ``cache_slots`` the slots of the line cache (a power of two, default :data:`CACHE_SLOTS`).  A board with line
    weights (:attr:`paint.search.board.Board.weights`) hands them over: they are kept in :attr:`weights`, an
    int64 array that becomes the board's ``weights`` too, so the Python probe and this one weigh alike."""

    def __init__(self, board, kernels, cache_slots: int | None = None) -> None:
        import numpy as np

        self.np, self.kernels, self.board = np, kernels, board
        self.height, self.width = board.height, board.width
        self.lines = lines = board.height + board.width
        self.wide = getattr(kernels, "WIDE", False)
        longest = max((len(clue) for clue in board.clues), default=0)
        self.clues = np.zeros((lines, max(longest, 1)), np.int64)
        for index, clue in enumerate(board.clues):
            self.clues[index, :len(clue)] = clue
        self.counts = np.array([len(clue) for clue in board.clues], np.int64)
        self.sizes = np.array(board.sizes, np.int64)
        self.dirty = np.zeros(lines, np.bool_)
        self.queue = np.zeros(lines, np.int64)
        cache_slots = CACHE_SLOTS if cache_slots is None else cache_slots
        assert cache_slots > 0 and cache_slots & (cache_slots - 1) == 0, "a power of two"
        if self.wide:
            self.spans = (lines + 63) // 64  # the words of the lines a probe read
            work = (np.zeros((4, longest + 1, 2), np.uint64), np.zeros((2, 2), np.uint64))
        else:
            assert lines <= 128, "the kernels keep the lines a probe read in two 64-bit words"
            self.spans = 2
            work = (np.zeros((4, longest + 1), np.uint64),)
        self.cache = np.zeros((cache_slots, kernels.CACHE_WORDS), np.uint64)  # all slots empty: no line has index -1
        # The board's line weights, taken over: from here on they grow in this array, the board's one copy.
        self.weighted = board.weights is not None
        self.weights = np.array(board.weights if self.weighted else [0] * lines, np.int64)
        if self.weighted:
            board.weights = self.weights
        # what every kernel call takes of the board, in the kernels' order
        self.common = (self.clues, self.counts, self.sizes, self.dirty, self.queue, *work, self.cache)

    def _array(self, state: list[int]):
        """``state`` (a list of Python integers, :class:`paint.search.board.Board`) as the kernels' array."""
        if not self.wide:
            return self.np.array(state, self.np.uint64)
        every = (1 << 64) - 1
        return self.np.array([(line & every, line >> 64) for line in state], self.np.uint64)

    def _list(self, array) -> list[int]:
        """The kernels' ``array`` as a state (a list of Python integers)."""
        if not self.wide:
            return array.tolist()
        return [low | high << 64 for low, high in array.tolist()]

    def __call__(self, state: list[int], inherited: Inherited | None = None, product: bool = False) -> Expanded:
        """The :class:`paint.search.board.Expanded` that :meth:`paint.search.board.Board.probe` gives with the
        same ``product``, the records as :class:`Records`.  ``inherited``
        (:class:`paint.search.board.Inherited`) hands down a parent's
        records; those of the Python probe (a dict, from before the hand-over) are not used: that child is
        probed afresh.

        Raises RuntimeError when the kernel finds its records inconsistent (a bug: the search would loop for
        ever, or a blank square would pass for solved)."""
        with _STOPS_THROUGH:
            return self._probe(state, inherited, product)

    def _probe(self, state: list[int], inherited: Inherited | None, product: bool) -> Expanded:
        np, kernels = self.np, self.kernels
        common = self.common
        here = self._array(state)
        squares = self.height * self.width
        if inherited is not None and isinstance(inherited.records, Records):
            reads, scores = inherited.records.reads.copy(), inherited.records.scores.copy()
            kernels.forget(self._array(inherited.state), here, self.lines, reads, scores)
        else:
            reads, scores = np.zeros((squares, self.spans), np.uint64), np.full(squares, -1, np.int64)
        outcome, settled, r, c = kernels.probe(here, self.height, self.width, *common, reads, scores, product, self.weights,
                                               self.weighted)
        if outcome == kernels.PROBE_BROKEN:
            return BROKEN
        if outcome == kernels.PROBE_OUT_OF_STEP:  # a bug, as in Board.probe
            raise RuntimeError(f"probe records out of step at square {r + 1}, {c + 1}")
        if outcome == kernels.PROBE_SOLVED:
            return Expanded(Expansion.SOLVED, self._list(settled))
        children = []
        read = np.zeros(self.spans, np.uint64)
        for value in (int(FULL), int(EMPTY)):
            child, count = kernels.guess(settled, r, c, value, self.lines, self.height, *common, read)
            children.append(self._list(child) if count >= 0 else None)
        return Expanded(Expansion.GUESS, self._list(settled), tuple(children), Records(reads, scores))


    def plain(self, state: list[int], inherited: None = None, product: bool = False) -> Expanded:
        """:meth:`paint.search.board.Board.plain` (guess without probing), its two children settled in compiled
        code: the same answer."""
        np, kernels = self.np, self.kernels
        square = self.board.plain_square(state)
        if square is None:
            return Expanded(Expansion.SOLVED, state)
        r, c = square
        here = self._array(state)
        read = np.zeros(self.spans, np.uint64)
        children = []
        with _STOPS_THROUGH:
            for value in (int(FULL), int(EMPTY)):
                child, count = kernels.guess(here, r, c, value, self.lines, self.height, *self.common, read)
                children.append(self._list(child) if count >= 0 else None)
        return Expanded(Expansion.GUESS, state, tuple(children))


    def breaks(self, state: list[int], squares) -> list[bool]:
        """For each square of ``squares`` (0-based ``(row, column)`` pairs), whether ``state`` with it full
        leaves a line that cannot be completed once every line it changes is settled (full propagation)."""
        np, kernels = self.np, self.kernels
        here = self._array(state)
        read = np.zeros(self.spans, np.uint64)
        found = []
        with _STOPS_THROUGH:
            for r, c in squares:
                _, count = kernels.guess(here, r, c, int(FULL), self.lines, self.height, *self.common, read)
                found.append(count < 0)
        return found


def full_break(puzzle):
    """For ``paint check``'s probes (:func:`paint.rules.probe.breaking`), once this process has loaded the
    kernels: a function ``(strips, squares)`` giving the squares of ``squares`` (``(row, column)`` pairs) that,
    assumed full on the squares of ``strips`` (an engine's, rows then columns), break a line under full
    propagation (:meth:`Probe.breaks`); None when the kernels this puzzle needs (one-word or wide) are not
    loaded (this does not load them) or a line is longer than :data:`WIDE_MAX_SQUARES`."""
    board = Board([tuple(clue) for clue in puzzle.rows], [tuple(clue) for clue in puzzle.columns], None)
    if not takes(board) or not _tried(board):
        return None
    probe = for_board(board)
    if probe is None:
        return None

    def breaking(strips, squares) -> set:
        lines = len(strips)
        state = [0] * (2 * lines)
        for index, strip in enumerate(strips):
            state[index], state[lines + index] = strip.masks()
        squares = list(squares)
        return {square for square, broke in zip(squares, probe.breaks(state, squares)) if broke}
    return breaking


EAGER: float | None = None
"""Seconds this process must have searched in Python before its searches hand their positions to the compiled
probe from the first one, loading it when the next needs it (:func:`eager`); None: only after
``compiled_after`` positions of a search, or once loaded."""

SEARCHED = 0.0
"""Seconds this process has spent in searches that ended before the kernels were loaded, of puzzles the
kernels could take (:func:`searched`)."""


def eager(after: float = 0.0) -> None:
    """Make the searches of this process use the kernels from their first position once the process has spent
    ``after`` seconds (from 0) searching in Python, loaded by the first search that then needs them.

    A batch of many puzzles (:func:`paint.batch._warm`) gives the cost of loading numba here (numpy, numba
    and the kernels, 0.45 s on the machine of docs/search.md): like a skier who rents until the rent paid
    would have bought the skis, it searches in Python until it has spent what loading would cost.  A batch
    whose searches are few and short (jwilk's 151 puzzles: five searches, 0.02 s in all) never loads it; one
    whose searches take longer pays at most the rent and the loading, which with the rent equal to the
    loading is twice the better of the two choices (never loading, loading at the first search), once, and
    then probes (and runs its plain pass) in compiled code throughout.  Raises ValueError for ``after``
    negative or not a finite number."""
    global EAGER
    if not 0 <= after < float("inf"):  # NaN, a negative time and infinity are refused alike
        raise ValueError(f"eager after {after} seconds: not a time")
    EAGER = after


def eager_now() -> bool:
    """Whether a search starting now hands its positions to the compiled probe from the first (:func:`eager`)."""
    return EAGER is not None and SEARCHED >= EAGER


def searched(seconds: float) -> None:
    """Count ``seconds`` of a search made in this process (:data:`SEARCHED`; :func:`eager`) of a puzzle the
    kernels could take, when it ended with the kernels not loaded."""
    global SEARCHED
    if not loaded():
        SEARCHED += seconds


def load() -> bool:
    """Load (and try) the one-word kernels now, if this process has not yet (:func:`for_board`), waiting as long
    as it takes (:func:`_loaded_within`).  True when they work."""
    return bool(_loaded_within(False))


class Records:
    """The probe records of one position of the compiled probe, for its children to inherit.

    ``scores`` (one int64 per square, ``r * width + c``) is the score of each square's probe, -1 for none;
    ``reads`` (two 64-bit words per square, or one for every 64 lines from the wide kernels; bit ``i % 64`` of
    word ``i // 64`` for line ``i``) the lines
    that probe read.  The same records as the Python probe's dict (:meth:`paint.search.board.Board.probe`),
    in arrays; never changed once made (a child works on copies).
    """

    __slots__ = ("reads", "scores")

    def __init__(self, reads, scores) -> None:
        self.reads, self.scores = reads, scores
