"""The depth-first search's position work (:mod:`paint.search.board`): line solving, propagation, fully
probing, compiled by numba.

The same algorithms as :func:`paint.linesolvers.bits.settle_masks` and
:class:`paint.search.board.Board` (settle, guess, probe), on numpy arrays of
unsigned 64-bit lines instead of Python integers, so lines of at most
:data:`paint.search.compiled.MAX_SQUARES` (62) squares: the line, the square past its end and a carry fit
in 64 bits.  Only :mod:`paint.search.compiled` imports this
module (and :mod:`paint.search._wide`, for its bit reversal and the names of the probe's outcomes), and only when
numba is installed.  Square values as elsewhere: 1
empty, 2 full; a *state* is an array of ``2 * lines`` words, the full
squares of line ``i`` at ``i`` and its empty ones at ``lines + i``.

Written for numba's reference counting: each array a compiled function
takes, or that a call inlined into it (``inline="always"``) takes, is
counted up on entry and down on leaving, an atomic instruction each, and
so is each view of an array's row; so the hot loop (:func:`probe`, the
guesses and settles inlined into it) passes its arrays on whole, never
as views of their rows, to as few calls as it can, and guesses into two
arrays it keeps instead of a copy a guess.  Those counts had been three
quarters of the probe's time (docs/search.md).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..squares import EMPTY, FULL

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_FULL, _EMPTY = int(FULL), int(EMPTY)

PROBE_BROKEN, PROBE_SOLVED, PROBE_GUESS, PROBE_OUT_OF_STEP = 0, 1, 2, 3
"""What :func:`probe` found, as the first of its answers: the position has no solution; it is solved; a square
to guess; the records are out of step with the squares (a bug).  numba returns plain integers: these name them."""


@njit(cache=True, inline="always")
def _reverse64(x):
    """The 64 bits of ``x`` in the opposite order (swapping halves, quarters, ... single bits)."""
    x = ((x >> np.uint64(1)) & np.uint64(0x5555555555555555)) | ((x & np.uint64(0x5555555555555555)) << np.uint64(1))
    x = ((x >> np.uint64(2)) & np.uint64(0x3333333333333333)) | ((x & np.uint64(0x3333333333333333)) << np.uint64(2))
    x = ((x >> np.uint64(4)) & np.uint64(0x0F0F0F0F0F0F0F0F)) | ((x & np.uint64(0x0F0F0F0F0F0F0F0F)) << np.uint64(4))
    x = ((x >> np.uint64(8)) & np.uint64(0x00FF00FF00FF00FF)) | ((x & np.uint64(0x00FF00FF00FF00FF)) << np.uint64(8))
    x = ((x >> np.uint64(16)) & np.uint64(0x0000FFFF0000FFFF)) | ((x & np.uint64(0x0000FFFF0000FFFF)) << np.uint64(16))
    return (x >> np.uint64(32)) | (x << np.uint64(32))


@njit(cache=True, inline="always")
def _reverse(x, n):
    """The low ``n`` bits of ``x`` in the opposite order."""
    return _reverse64(x) >> np.uint64(64 - n)


@njit(cache=True, inline="always")
def _shift_run(bits, size, up):
    """``bits`` and-ed (``up`` False: the positions starting ``size`` set bits) or or-ed (``up`` True: the
    squares a block of ``size`` covers from each start) with shifts of itself, log2 ``size`` steps."""
    found = bits
    length = 1
    while length < size:
        step = min(length, size - length)
        if up:
            found |= found << np.uint64(step)
        else:
            found &= found >> np.uint64(step)
        length += step
    return found


@njit(cache=True)
def _states(clues, index, k, n, not_full, not_empty, scratch, row, backwards):
    """The prefix pass of :func:`paint.linesolvers.bits._states` on line ``index``, its clue the first ``k`` sizes
    of row ``index`` of ``clues`` (read ``backwards`` for the suffix pass), into rows ``row`` (the reach, k + 1
    words) and ``row + 1`` (the fits, k words) of ``scratch``; False when the clue cannot fit."""
    seeds = _ONE & not_full
    reach = _ONE | (((not_full & ~(not_full + seeds)) | seeds) << _ONE)
    scratch[row, 0] = reach
    for j in range(k):
        size = clues[index, k - 1 - j] if backwards else clues[index, j]
        fit = _shift_run(not_empty, size, False) & (not_full >> np.uint64(size))
        starts = reach & fit
        if starts == _ZERO:
            return False
        scratch[row + 1, j] = fit
        seeds = starts << np.uint64(size + 1)
        lifted = seeds & not_full
        reach = seeds | (((not_full & ~(not_full + lifted)) | lifted) << _ONE)
        scratch[row, j + 1] = reach
    return (reach >> np.uint64(n + 1)) & _ONE == _ONE


@njit(cache=True)
def settle_line(clues, index, k, n, full, empty, scratch):
    """:func:`paint.linesolvers.bits.settle_masks` on line ``index`` (its clue the first ``k`` sizes of row
    ``index`` of ``clues``): ``(True, full, empty)`` settled, or ``(False, full, empty)`` unchanged when the clue
    cannot be placed.  ``scratch`` is a (4, k + 1) word array to work in, by row number (a view of a row would
    cost reference counts; the module's docstring)."""
    mask = (_ONE << np.uint64(n)) - _ONE
    if k == 0:
        if full != _ZERO:
            return False, full, empty
        return True, _ZERO, mask
    not_full = mask & ~full
    not_empty = mask & ~empty
    end = _ONE << np.uint64(n)
    if not _states(clues, index, k, n, not_full | end, not_empty, scratch, 0, False):
        return False, full, empty
    if not _states(clues, index, k, n, _reverse(not_full, n) | end, _reverse(not_empty, n), scratch, 2, True):
        return False, full, empty
    within = (_ONE << np.uint64(n + 1)) - _ONE
    can_full = _ZERO
    can_empty = _ZERO
    for j in range(k + 1):
        can_empty |= scratch[0, j] & (not_full | end) & _reverse(scratch[2, k - j] & within, n + 1)
        if j < k:
            size = clues[index, j]
            starts = scratch[0, j] & scratch[1, j] & (_reverse(scratch[2, k - 1 - j] & within, n + 1) >> np.uint64(size))
            can_full |= _shift_run(starts, size, True)
            can_empty |= starts << np.uint64(size)
    can_empty &= mask
    return True, full | (mask & ~can_empty), empty | (mask & ~can_full)


CACHE_WORDS = 5
"""The words of one slot of a line cache (:func:`settle_cached`): the line's index plus one, with bit 32 set when
its clue fits; its full squares; its empty squares; and the full and the empty squares settled from them."""


@njit(cache=True)
def settle_cached(index, clues, counts, sizes, full, empty, scratch, cache):
    """:func:`settle_line` on line ``index`` through ``cache``, a (2 ** b, :data:`CACHE_WORDS`) word array kept
    for one board: a slot is chosen by a hash of the line and its squares, holds the last line settled there,
    and answers only for exactly that line and those squares (so a collision costs a settle, never a wrong
    answer).  A search meets the same line with the same squares over and over, in the probes of one position
    and in those of the next (the line cache of Wolter's pbnsolve, here one direct-mapped table).  :func:`settle`
    does the same through the same helpers (:func:`_slot`, :func:`_cached`, :func:`_keep`)."""
    slot = _slot(index, full, empty, cache.shape[0])
    hit, fits, new_full, new_empty = _cached(cache, slot, index, full, empty)
    if not hit:
        fits, new_full, new_empty = settle_line(clues, index, counts[index], sizes[index], full, empty, scratch)
        _keep(cache, slot, index, full, empty, fits, new_full, new_empty)
    return fits, new_full, new_empty


@njit(cache=True, inline="always")
def _slot(index, full, empty, slots):
    """The slot of a line cache of ``slots`` slots (a power of two) for line ``index`` with squares ``full`` and
    ``empty``: a hash of the three."""
    mixed = (full * np.uint64(0x9E3779B97F4A7C15)) ^ (empty * np.uint64(0xC2B2AE3D27D4EB4F)) \
        ^ (np.uint64(index + 1) * np.uint64(0x165667B19E3779F9))
    return np.int64((mixed >> np.uint64(32)) & np.uint64(slots - 1))


@njit(cache=True, inline="always")
def _cached(cache, slot, index, full, empty):
    """What ``cache``'s ``slot`` remembers for line ``index`` with squares ``full`` and ``empty``: ``(hit, fits,
    full, empty)``, ``hit`` False when the slot holds another line or other squares."""
    tag = cache[slot, 0]
    if (tag & np.uint64(0xFFFFFFFF)) == np.uint64(index + 1) and cache[slot, 1] == full and cache[slot, 2] == empty:
        return True, (tag >> np.uint64(32)) != _ZERO, cache[slot, 3], cache[slot, 4]
    return False, False, full, empty


@njit(cache=True, inline="always")
def _keep(cache, slot, index, full, empty, fits, new_full, new_empty):
    """Remember in ``cache``'s ``slot`` that line ``index`` with squares ``full`` and ``empty`` settles to
    ``new_full`` and ``new_empty`` (``fits`` False: cannot be completed), in place of what it held."""
    cache[slot, 0] = np.uint64(index + 1) | (np.uint64(1 if fits else 0) << np.uint64(32))
    cache[slot, 1] = full
    cache[slot, 2] = empty
    cache[slot, 3] = new_full
    cache[slot, 4] = new_empty


@njit(cache=True, inline="always")
def settle(state, lines, height, clues, counts, sizes, dirty, queue, queued, scratch, cache, read):
    """Settle the ``queued`` lines at the front of ``queue`` (``dirty`` marks them), and every line they
    change, in ``state`` in place (:meth:`paint.search.board.Board.settle`), each line through the board's line
    ``cache`` (:func:`settle_cached`).  Returns how many squares it
    settled, -1 when a line cannot be completed; ``dirty`` is all False again either way, and every line
    taken up is marked in ``read`` (two words: bit ``i`` of word ``i // 64`` for line ``i``)."""
    settled = 0
    while queued > 0:
        queued -= 1
        index = queue[queued]
        dirty[index] = False
        read[index >> 6] |= _ONE << np.uint64(index & 63)
        full = state[index]
        empty = state[lines + index]
        # settle_cached, written out: a call taking the board's arrays costs their reference counts
        slot = _slot(index, full, empty, cache.shape[0])
        hit, fits, new_full, new_empty = _cached(cache, slot, index, full, empty)
        if not hit:
            fits, new_full, new_empty = settle_line(clues, index, counts[index], sizes[index], full, empty, scratch)
            _keep(cache, slot, index, full, empty, fits, new_full, new_empty)
        if not fits:
            for i in range(queued):
                dirty[queue[i]] = False
            return -1
        if new_full == full and new_empty == empty:
            continue
        state[index] = new_full
        state[lines + index] = new_empty
        first = height if index < height else 0
        bit = _ONE << np.uint64(index if index < height else index - height)
        for offset in (0, lines):
            news = (new_full & ~full) if offset == 0 else (new_empty & ~empty)
            square = 0
            while news != _ZERO:
                if news & _ONE:
                    settled += 1
                    crossing = first + square
                    state[offset + crossing] |= bit
                    if not dirty[crossing]:
                        dirty[crossing] = True
                        queue[queued] = crossing
                        queued += 1
                news >>= _ONE
                square += 1
    return settled


@njit(cache=True)
def guess(state, r, c, value, lines, height, clues, counts, sizes, dirty, queue, scratch, cache, read):
    """A copy of ``state`` with square ``(r, c)`` set to ``value`` (1 empty, 2 full) and settled, and how
    many more squares that settled (-1: a line cannot be completed); the lines it took up are added to
    ``read``, and ``cache`` is the board's line cache (as :func:`settle`)."""
    guessed = np.empty_like(state)
    return guessed, _guess_into(guessed, state, r, c, value, lines, height, clues, counts, sizes, dirty, queue,
                                scratch, cache, read)


@njit(cache=True, inline="always")
def _guess_into(guessed, state, r, c, value, lines, height, clues, counts, sizes, dirty, queue, scratch, cache, read):
    """:func:`guess` into ``guessed``, an array the shape of ``state`` (its words overwritten): how many more
    squares setting square ``(r, c)`` to ``value`` settled, -1 when a line cannot be completed.  The probe
    guesses into two arrays it keeps, where a copy each time would be allocated and reference-counted."""
    for index in range(state.shape[0]):
        guessed[index] = state[index]
    offset = 0 if value == _FULL else lines
    guessed[offset + r] |= _ONE << np.uint64(c)
    guessed[offset + height + c] |= _ONE << np.uint64(r)
    queue[0] = r
    queue[1] = height + c
    dirty[r] = True
    dirty[height + c] = True
    return settle(guessed, lines, height, clues, counts, sizes, dirty, queue, 2, scratch, cache, read)


@njit(cache=True)
def forget(old, new, lines, reads, scores):
    """Drop (score -1) the probe records of ``scores`` and ``reads`` that read a line whose squares differ
    between states ``old`` and ``new``: they no longer hold in ``new``."""
    changed = np.zeros(2, np.uint64)
    for index in range(lines):
        if old[index] != new[index] or old[lines + index] != new[lines + index]:
            changed[index >> 6] |= _ONE << np.uint64(index & 63)
    if changed[0] == _ZERO and changed[1] == _ZERO:
        return
    for square in range(scores.shape[0]):
        if scores[square] >= 0 and ((reads[square, 0] & changed[0]) != _ZERO or (reads[square, 1] & changed[1]) != _ZERO):
            scores[square] = -1


@njit(cache=True)
def probe(state, height, width, clues, counts, sizes, dirty, queue, scratch, cache, reads, scores, product,
          weights, weighted):
    """Fully probe ``state`` (:meth:`paint.search.board.Board.probe`): every blank square tried full and empty,
    until a pass over them changes nothing.

    ``scores`` and ``reads`` are the probe records, by square ``r * width + c``: the score of its probe
    (the squares its weaker value settled, or with ``product`` the product of the two values' counts,
    each plus one; -1: no record) and the lines that probe read (two words, as :func:`settle`).  A square
    whose record holds is not probed again; the records that hold on entry (inherited from the parent
    position, less those :func:`forget` dropped) are kept up to date in place.  ``cache`` is the board's line
    cache (:func:`settle_cached`).  With ``weighted``, ``weights`` (an int64 word a line) are the board's line
    weights (:class:`paint.search.board.Board`): each value of a square's probe that breaks a line adds one to
    the weights of the square's row and column, and a square's score counts times the sum of its row's and
    its column's weights.

    ``state`` is worked in place: it holds the settled position when the probe returns, and is returned.
    Returns ``(outcome, state, row, column)``: outcome :data:`PROBE_BROKEN` when the position has no
    solution, :data:`PROBE_SOLVED` when it is solved, :data:`PROBE_GUESS` when ``(row, column)`` is the
    square to guess - the first, row by row, with the highest score - and :data:`PROBE_OUT_OF_STEP` when
    the records are out of step with the squares (a bug):
    a blank square without a record, which would pass for solved, or a settled one with a record, which
    the search could guess again for ever; ``(row, column)`` is then that square.
    """
    lines = height + width
    read_full = np.zeros(2, np.uint64)
    read_empty = np.zeros(2, np.uint64)
    unused = np.zeros(2, np.uint64)
    full = np.empty_like(state)  # the two values of the square probed, settled
    empty = np.empty_like(state)
    while True:
        changed = False
        for r in range(height):
            for c in range(width):
                if ((state[r] | state[lines + r]) >> np.uint64(c)) & _ONE:
                    continue
                square = r * width + c
                if scores[square] >= 0:
                    continue
                read_full[:] = _ZERO
                read_empty[:] = _ZERO
                if_full = _guess_into(full, state, r, c, _FULL, lines, height, clues, counts, sizes, dirty, queue,
                                      scratch, cache, read_full)
                if_empty = _guess_into(empty, state, r, c, _EMPTY, lines, height, clues, counts, sizes, dirty, queue,
                                       scratch, cache, read_empty)
                if weighted:
                    _weigh(weights, r, height + c, (if_full < 0) + (if_empty < 0))
                if if_full < 0 and if_empty < 0:
                    return PROBE_BROKEN, state, -1, -1
                if if_full < 0 or if_empty < 0:
                    settled = empty if if_full < 0 else full
                    forget(state, settled, lines, reads, scores)
                    state[:] = settled
                    changed = True
                    continue
                score = min(if_full, if_empty)
                if score > 0:
                    queued = 0
                    for index in range(2 * lines):
                        full[index] &= empty[index]  # settled alike both ways
                        if full[index] != state[index]:
                            line = index if index < lines else index - lines
                            if not dirty[line]:
                                dirty[line] = True
                                queue[queued] = line
                                queued += 1
                    if queued:
                        settle(full, lines, height, clues, counts, sizes, dirty, queue, queued, scratch, cache, unused)
                        forget(state, full, lines, reads, scores)
                        state[:] = full
                        changed = True
                        continue
                scores[square] = (if_full + 1) * (if_empty + 1) if product else score
                reads[square, 0] = read_full[0] | read_empty[0]
                reads[square, 1] = read_full[1] | read_empty[1]
        if not changed:
            break
    best = -1.0
    best_square = -1
    for r in range(height):
        for c in range(width):
            square = r * width + c
            if ((state[r] | state[lines + r]) >> np.uint64(c)) & _ONE:
                if scores[square] >= 0:
                    return PROBE_OUT_OF_STEP, state, r, c  # a record outlived its square: the search would loop
                continue
            if scores[square] < 0:
                return PROBE_OUT_OF_STEP, state, r, c  # a blank square without a record: it would pass for solved
            value = _weighed(scores[square], weights, r, height + c, weighted)
            if value > best:
                best, best_square = value, square
    if best_square < 0:
        return PROBE_SOLVED, state, -1, -1
    return PROBE_GUESS, state, best_square // width, best_square % width


@njit(cache=True, inline="always")
def _weigh(weights, row, column, broken):
    """Add ``broken`` (the values of a square's probe that broke a line: 0, 1 or 2) to the weights of line ``row``
    and line ``column``, the square's."""
    weights[row] += broken
    weights[column] += broken


@njit(cache=True, inline="always")
def _weighed(score, weights, row, column, weighted):
    """A probe record's ``score`` as the guess compares it: times the sum of the weights of line ``row`` and line
    ``column`` when ``weighted``, in floating point (no overflow; exact below 2 ** 53, as far as any search
    goes)."""
    if weighted:
        return float(score) * float(weights[row] + weights[column])
    return float(score)
