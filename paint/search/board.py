"""The board of the depth-first search: a puzzle's lines as bit sets, propagation, and fully probing in Python.

:class:`Board` is what :mod:`paint.search.dfs` searches on and what the
compiled probe (:mod:`paint.search.compiled`) is handed; both import this
module, and it imports neither.  How the search uses it - probing,
records, the plain pass - is told once, in docs/search.md; the words are
those of docs/glossary.md (position, probe, record, guess).
"""

from __future__ import annotations

import enum

import attrs

from ..budget import Budget
from ..linesolvers.bits import settle_masks
from ..squares import BLANK, EMPTY, FULL, Grid

CACHE_SIZE = 600_000
"""How many line answers one search remembers before it forgets them all and starts again (about 70 MB on
lines of 25 squares, more on longer lines: each answer is two integers of twice the line's length in bits)."""

_CHECK_EVERY = 64
"""Lines settled between two looks at the budget (a clock reading each)."""


class Expansion(enum.Enum):
    """What working one position found (:attr:`Expanded.kind`)."""

    BROKEN = "broken"  # no solution below it: a line cannot be completed, or both values of a square break one
    SOLVED = "solved"  # no blank square is left: a solution
    GUESS = "guess"    # a square to guess: two children


@attrs.frozen
class Expanded:
    """One position worked (:meth:`Board.plain`, :meth:`Board.probe`, the compiled probe).

    ``kind`` says what it found; ``state`` is the position with everything
    the work settled (None when ``BROKEN``); ``children`` for a ``GUESS``
    the two children of the square guessed, full first, each settled (None
    for a child that breaks a line); ``records`` the probe records that hold
    in ``state`` (a dict by square from :meth:`Board.probe`, a
    :class:`paint.search.compiled.Records` from the compiled probe, None
    from the plain pass), for the children to inherit.
    """

    kind: Expansion
    state: list[int] | None = None
    children: tuple[list[int] | None, list[int] | None] | None = None
    records: object = None


BROKEN = Expanded(Expansion.BROKEN)
"""The answer for a position with no solution below it."""


class Board:
    """The rows and columns of one puzzle as bit sets, and the propagation and probing on them.

    A *state* is a list of ``2 * (height + width)`` integers: for each line
    ``i`` (rows ``0 .. height-1``, then columns) the squares known full at
    ``i`` and those known empty at ``height + width + i``.  ``budget``
    (:class:`paint.budget.Budget`) is checked at every square probed and
    every :data:`_CHECK_EVERY` lines settled.

    ``line_weight`` (a whole number, or None) weighs the guesses of
    :meth:`probe` by where probes have broken lines (docs/search.md, "Where
    probes break"; after Boussemart et al.'s weighted degree, ECAI 2004):
    :attr:`weights` holds one weight a line, each starting at
    ``line_weight``; each value of a square's probe that breaks a line adds
    one to the weights of the square's row and column, for the whole life
    of the board (every pass of a search).  None: no weights (:attr:`weights`
    None), guesses by the probes' counts alone.  The compiled probe takes
    the weights over (:class:`paint.search.compiled.Probe`), so they have
    one home.
    """

    def __init__(self, row_clues, column_clues, budget: Budget | None, line_weight: int | None = None) -> None:
        self.height, self.width = len(row_clues), len(column_clues)
        self.clues = row_clues + column_clues
        self.sizes = [self.width] * self.height + [self.height] * self.width
        caches: dict[tuple, dict] = {}
        self.caches = [caches.setdefault((clue, size), {}) for clue, size in zip(self.clues, self.sizes)]
        self.remembered = 0
        self.budget = budget
        self.countdown = _CHECK_EVERY
        self.weights = None if line_weight is None else [line_weight] * (self.height + self.width)

    def start(self, rows) -> list[int] | None:
        """The state of the known squares of ``rows``, settled; None when a line cannot be completed."""
        state = state_of(rows)
        return state if self.settle(state, set(range(self.height + self.width)))[0] >= 0 else None

    def _solve(self, index: int, key: int, full: int, empty: int) -> int:
        """Line ``index`` with squares ``full`` and ``empty`` (``key``: both in one integer, as :meth:`settle`
        keeps them) settled by its clue, in the same form, or -1 when it cannot be completed; remembered."""
        if self.remembered >= CACHE_SIZE:
            for each in self.caches:
                each.clear()
            self.remembered = 0
        size = self.sizes[index]
        found = settle_masks(self.clues[index], size, full, empty)
        value = -1 if found is None else found[0] << size | found[1]
        self.caches[index][key] = value
        self.remembered += 1
        return value

    def settle(self, state: list[int], dirty: set[int]) -> tuple[int, int]:
        """Settle the ``dirty`` lines of ``state``, and every line they change, in place.

        Returns how many squares it settled (-1 when a line cannot be completed) and every line it took up,
        changed or not, as a bit set (bit ``i`` for line ``i``).
        """
        h = self.height
        lines = h + self.width
        caches, sizes, solve = self.caches, self.sizes, self._solve
        settled = read = 0
        while dirty:
            self.countdown -= 1
            if not self.countdown:
                self.countdown = _CHECK_EVERY
                if self.budget is not None:
                    self.budget.check()
            index = dirty.pop()
            read |= 1 << index
            full, empty = state[index], state[lines + index]
            # The line's answer is remembered under its full squares above its empty ones, in one integer.
            size = sizes[index]
            key = full << size | empty
            found = caches[index].get(key)
            if found is None:
                found = solve(index, key, full, empty)
            if found == key:
                continue
            if found < 0:
                return -1, read
            new_full, new_empty = found >> size, found & ((1 << size) - 1)
            state[index], state[lines + index] = new_full, new_empty
            # A row's square c is column c's square at the row, and the other way round.
            first, bit = (h, 1 << index) if index < h else (0, 1 << (index - h))
            for news, offset in ((new_full & ~full, 0), (new_empty & ~empty, lines)):
                settled += news.bit_count()
                while news:
                    lowest = news & -news
                    crossing = first + lowest.bit_length() - 1
                    state[offset + crossing] |= bit
                    dirty.add(crossing)
                    news ^= lowest
        return settled, read

    def guess(self, state: list[int], r: int, c: int, value: int) -> tuple[list[int] | None, int, int]:
        """A copy of ``state`` with square ``(r, c)`` set to ``value`` and settled, how many more squares that
        settled, and the lines it read (a bit set, as :meth:`settle`); ``(None, -1, lines)`` on a
        contradiction."""
        h, lines = self.height, self.height + self.width
        guessed = list(state)
        offset = 0 if value == FULL else lines
        guessed[offset + r] |= 1 << c
        guessed[offset + h + c] |= 1 << r
        settled, read = self.settle(guessed, {r, h + c})
        return (guessed if settled >= 0 else None), settled, read

    def plain(self, state: list[int], inherited: None = None, product: bool = False) -> Expanded:
        """Guess without probing (the plain pass): ``SOLVED`` when ``state`` is solved, else a ``GUESS`` of the
        first blank square of the row with the fewest blank squares; ``inherited`` and ``product`` are not
        used."""
        square = self.plain_square(state)
        if square is None:
            return Expanded(Expansion.SOLVED, state)
        r, c = square
        return Expanded(Expansion.GUESS, state, (self.guess(state, r, c, FULL)[0], self.guess(state, r, c, EMPTY)[0]))

    def plain_square(self, state: list[int]) -> tuple[int, int] | None:
        """The square the plain pass guesses in ``state``: the first blank square of the row with the fewest
        blank squares (the first such row); None when no square is blank."""
        lines, every = self.height + self.width, (1 << self.width) - 1
        best = None
        for r in range(self.height):
            blank = every & ~(state[r] | state[lines + r])
            if blank and (best is None or blank.bit_count() < best[0]):
                best = (blank.bit_count(), r, blank)
        if best is None:
            return None
        _, r, blank = best
        return r, (blank & -blank).bit_length() - 1

    def probe(self, state: list[int], inherited: Inherited | None = None, product: bool = False) -> Expanded:
        """Probe every blank square of ``state`` until a pass changes nothing (Wu et al.'s fully probing), in Python.

        Returns ``BROKEN`` when the position has no solution, ``SOLVED``
        with the solution, else a ``GUESS``: the position with everything
        the probes settled, the children of the square to guess and the
        probe records that hold in it.  ``inherited`` (:class:`Inherited`)
        hands down the parent's records, less those of the lines the guess
        changed.  A square's score is how many squares its weaker probe
        settled; with ``product``, the product of the two probes' counts,
        each plus one.  The square guessed is the first, row by row, with
        the highest score, times the sum of its row's and its column's
        :attr:`weights` when the board has them (each value of a square's
        probe that breaks a line adds one to the square's row's and column's
        weights).  What the probes conclude, and the square guessed, are
        exactly those of probing every square afresh (docs/search.md).
        """
        lines, every = self.height + self.width, (1 << self.width) - 1
        weights = self.weights
        check = self.budget.check if self.budget is not None else None
        records = {} if inherited is None else inherited.records_for(state, lines)  # only dicts reach here
        guess = self.guess
        while True:
            changed = False
            for r in range(self.height):
                blank = every & ~(state[r] | state[lines + r])
                while blank:
                    lowest = blank & -blank
                    blank ^= lowest
                    if (state[r] | state[lines + r]) & lowest:
                        continue  # settled by an earlier probe of this pass
                    c = lowest.bit_length() - 1
                    if (r, c) in records:
                        continue
                    if check is not None:
                        check()
                    full, if_full, read_full = guess(state, r, c, FULL)
                    empty, if_empty, read_empty = guess(state, r, c, EMPTY)
                    if weights is not None and (full is None or empty is None):
                        broken = (full is None) + (empty is None)
                        weights[r] += broken
                        weights[self.height + c] += broken
                    if full is None or empty is None:
                        if full is None and empty is None:
                            return BROKEN
                        settled = empty if full is None else full
                    else:
                        least = min(if_full, if_empty)
                        # Where both settled other squares, those they settle alike are settled.
                        settled = [f & e for f, e in zip(full, empty)] if least else state
                        if settled == state:
                            score = (if_full + 1) * (if_empty + 1) if product else least
                            records[(r, c)] = (read_full | read_empty, score)
                            continue
                        dirty = {index if index < lines else index - lines
                                 for index in range(2 * lines) if settled[index] != state[index]}
                        self.settle(settled, dirty)  # cannot fail: both probes hold these squares
                    records = still_holding(records, changed_lines(state, settled, lines))
                    state, changed = settled, True
            if not changed:
                break
        if not records:
            if any(every & ~(state[r] | state[lines + r]) for r in range(self.height)):
                raise RuntimeError("a blank square without a probe record")  # a bug: it would pass for solved
            return Expanded(Expansion.SOLVED, state)
        h = self.height

        def weighed(square):  # the best score first, then the first square row by row
            r, c = square
            score = records[square][1]
            return score if weights is None else score * (weights[r] + weights[h + c]), -r, -c

        r, c = max(records, key=weighed)
        if (state[r] | state[lines + r]) >> c & 1:
            raise RuntimeError("a probe record outlived its square")  # a bug: the search would loop for ever
        return Expanded(Expansion.GUESS, state, (guess(state, r, c, FULL)[0], guess(state, r, c, EMPTY)[0]), records)

    def grid(self, state: list[int]) -> Grid:
        """The solved ``state`` as a :class:`paint.squares.Grid`."""
        return Grid(self.height, self.width,
                    [[FULL if state[r] >> c & 1 else EMPTY for c in range(self.width)] for r in range(self.height)])


_FULL_DIGIT = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"001")
_EMPTY_DIGIT = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"010")
"""Tables that turn a line's squares into binary digits: ``1`` for each full (empty) square."""


def state_of(rows) -> list[int]:
    """The known squares of ``rows`` (rows of square values, all of one length) as a state (:class:`Board`),
    unsettled: each line's squares read as binary digits, the last first, in C."""
    rows = [bytes(row) for row in rows]
    lines = [*rows, *map(bytes, zip(*rows))]  # the rows, then the columns
    return ([int(line.translate(_FULL_DIGIT)[::-1] or b"0", 2) for line in lines]
            + [int(line.translate(_EMPTY_DIGIT)[::-1] or b"0", 2) for line in lines])


def changed_lines(old: list[int], new: list[int], lines: int) -> int:
    """The lines whose squares differ between states ``old`` and ``new``, as a bit set."""
    changed = 0
    for index in range(lines):
        if old[index] != new[index] or old[lines + index] != new[lines + index]:
            changed |= 1 << index
    return changed


def still_holding(records: dict, changed: int) -> dict:
    """The probe records of ``records`` that read none of the ``changed`` lines (a bit set)."""
    return {square: record for square, record in records.items() if not record[0] & changed}


@attrs.frozen(eq=False)
class Inherited:
    """What a child position inherits from its parent's probing: the parent's state and its probe records
    (a dict from :meth:`Board.probe`, a :class:`paint.search.compiled.Records` from the compiled probe)."""

    state: list[int]
    records: object

    def records_for(self, child: list[int], lines: int) -> dict:
        """The records that still hold in ``child``: those that read no line the guess changed."""
        return still_holding(self.records, changed_lines(self.state, child, lines))
