"""The depth-first search's probing, compiled, for the long searches of ``paint check`` (optional: numba).

:meth:`paint.search.dfs._Board.probe` costs 4 to 10 ms a position in
Python on a 25 x 25 puzzle; the same work compiled by numba
(:mod:`paint.search._kernels`) costs about a fifth.  numba takes some
0.3 s to import and load its compiled code (seconds to compile it the
first time), so the search hands its positions over only once a puzzle
has needed :data:`paint.search.dfs.COMPILED_AFTER` of them.  Installed
with ``pip install 'paint[fast]'``; without numba, or for a puzzle with a
line longer than 62 squares, the search stays in Python.  What the
compiled probe concludes, and the square it guesses, are exactly those
of the Python probe (tested), so the answers of ``paint check`` do not
depend on it - only their speed.
"""

from __future__ import annotations

MAX_SQUARES = 62
"""The longest line the compiled probe takes (64-bit words; see :mod:`paint.search._kernels`)."""


def for_board(board):
    """A :class:`Probe` for ``board`` (:class:`paint.search.dfs._Board`), or None when numba is not installed
    or a line of the board is longer than :data:`MAX_SQUARES` squares."""
    if max(board.height, board.width) > MAX_SQUARES:
        return None
    try:
        from . import _kernels
    except ImportError:
        return None
    return Probe(board, _kernels)


class Probe:
    """Fully probing of one board's positions in compiled code, called like :meth:`paint.search.dfs._Board.probe`."""

    def __init__(self, board, kernels) -> None:
        import numpy as np

        self.np, self.kernels = np, kernels
        self.height, self.width = board.height, board.width
        lines = board.height + board.width
        longest = max((len(clue) for clue in board.clues), default=0)
        self.clues = np.zeros((lines, max(longest, 1)), np.int64)
        for index, clue in enumerate(board.clues):
            self.clues[index, :len(clue)] = clue
        self.counts = np.array([len(clue) for clue in board.clues], np.int64)
        self.sizes = np.array(board.sizes, np.int64)
        self.dirty = np.zeros(lines, np.bool_)
        self.queue = np.zeros(lines, np.int64)
        self.scratch = np.zeros((4, longest + 1), np.uint64)

    def __call__(self, state: list[int], inherited=None):
        """``(None, None, None)``, ``(state, None, None)`` or ``(state, (full, empty), None)`` exactly as
        :meth:`paint.search.dfs._Board.probe` answers (no probe records: ``inherited`` is not used)."""
        np, kernels = self.np, self.kernels
        common = (self.clues, self.counts, self.sizes, self.dirty, self.queue, self.scratch)
        outcome, settled, r, c = kernels.probe(np.array(state, np.uint64), self.height, self.width, *common)
        if outcome == 0:
            return None, None, None
        if outcome == 1:
            return settled.tolist(), None, None
        lines = self.height + self.width
        children = []
        for value in (2, 1):
            child, count = kernels.guess(settled, r, c, value, lines, self.height, *common[:3], self.dirty,
                                         self.queue, self.scratch)
            children.append(child.tolist() if count >= 0 else None)
        return settled.tolist(), tuple(children), None
