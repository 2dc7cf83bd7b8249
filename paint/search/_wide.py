"""The depth-first search's position work for boards with lines too long for one 64-bit word, compiled by numba.

:mod:`paint.search._kernels` keeps a line in one unsigned 64-bit word, so
it takes lines of at most 62 squares.  This module does the same work -
settle, guess, forget, probe, with the same answers as
:class:`paint.search.board.Board` - with each line in two words (bit ``i``
of word 0 and bit ``i - 64`` of word 1 for square ``i``), so lines of at
most :data:`paint.search.compiled.WIDE_MAX_SQUARES` (126) squares, and the
lines a probe read in a word for every 64 lines of the board.  Its line
solver is the one-word bit-set solver (:func:`paint.linesolvers.bits.settle_masks`)
on numbers of two words, ``(low, high)`` pairs of scalars.

Two other line solvers were measured here and not kept (docs/search.md):
the classic dynamic programme over the line's squares (which prefixes the
first ``j`` blocks can fill, which suffixes the last ``j``), 2.8 us a
line of 60 squares and 15 blocks against 0.3 us for the two-word solver;
and the bit-set solver on numbers of any count of words, looping over the
words, slower still (3.2 us), since numba cannot keep such numbers in
registers.  Its propagation and probing follow those of the one-word
kernels line by line, on rows of two words where those have scalars: numba
compiles a function for one layout, and folding the two into one would put
rows and loops over words into the one-word kernels' hot loop, which the
tournament puzzles live in.  Tests hold both to the Python probe.  Only
:mod:`paint.search.compiled` imports this module, and only when numba is
installed and a board has a line over 62 squares.  Square
values as elsewhere: 1 empty, 2 full; a *state* is an array of
``(2 * lines, 2)`` words, the full squares of line ``i`` at row ``i`` and
its empty ones at row ``lines + i``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..squares import EMPTY, FULL
# The one word's bit reversal, the line weights (their growth, and a guess's score weighed) and the names of the
# probe's outcomes are those of the one-word kernels.  (numba's cache does not notice a change to a function called
# from another file: after changing _reverse64, _weigh or _weighed, clear the cache of this module too.)
from ._kernels import PROBE_BROKEN, PROBE_GUESS, PROBE_OUT_OF_STEP, PROBE_SOLVED, _reverse64, _weigh, _weighed

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_FULL, _EMPTY = int(FULL), int(EMPTY)

WIDE = True
"""Tells :class:`paint.search.compiled.Probe` the layout: a line in two words, a probe's reads in a word for every
64 lines."""


# Numbers of two words, ``(low, high)``: bits 0-63 and 64-127; bits shifted past the high word are lost, as in
# one word.

@njit(cache=True, inline="always")
def _shl(low, high, s):
    """``(low, high) << s``, for ``s`` from 0 to 127."""
    if s == 0:
        return low, high
    if s >= 64:
        return _ZERO, low << np.uint64(s - 64)
    return low << np.uint64(s), (high << np.uint64(s)) | (low >> np.uint64(64 - s))


@njit(cache=True, inline="always")
def _shr(low, high, s):
    """``(low, high) >> s``, for ``s`` from 0 to 127."""
    if s == 0:
        return low, high
    if s >= 64:
        return high >> np.uint64(s - 64), _ZERO
    return (low >> np.uint64(s)) | (high << np.uint64(64 - s)), high >> np.uint64(s)


@njit(cache=True, inline="always")
def _lift(free_low, free_high, seed_low, seed_high):
    """``((free & ~(free + seeds)) | seeds) << 1``: every run of squares that may be empty (``free``), from each
    seed in it to its end, and one square more (the carry of the sum runs through the run)."""
    low = free_low + seed_low
    high = free_high + seed_high + (_ONE if low < free_low else _ZERO)
    return _shl((free_low & ~low) | seed_low, (free_high & ~high) | seed_high, 1)


@njit(cache=True, inline="always")
def _shift_run(low, high, size, up):
    """``(low, high)`` and-ed (``up`` False: the positions starting ``size`` set bits) or or-ed (``up`` True: the
    squares a block of ``size`` covers from each start) with shifts of itself, log2 ``size`` steps, as
    :func:`paint.search._kernels._shift_run`."""
    length = 1
    while length < size:
        step = min(length, size - length)
        if up:
            shifted_low, shifted_high = _shl(low, high, step)
            low, high = low | shifted_low, high | shifted_high
        else:
            shifted_low, shifted_high = _shr(low, high, step)
            low, high = low & shifted_low, high & shifted_high
        length += step
    return low, high


@njit(cache=True, inline="always")
def _reverse(low, high, n):
    """The low ``n`` bits of ``(low, high)`` in the opposite order (``n`` from 1 to 128)."""
    return _shr(_reverse64(high), _reverse64(low), 128 - n)


@njit(cache=True)
def _states(clues, index, k, n, free_low, free_high, open_low, open_high, tables, row, backwards):
    """The prefix pass of :func:`paint.search._kernels._states` on numbers of two words, ``free`` the squares
    that may be empty and ``open`` those that may be full, the clue row ``index`` of ``clues``: rows ``row``
    (the reach, k + 1 of two words) and ``row + 1`` (the fits, k) of ``tables`` filled; False when the clue
    cannot fit."""
    seed_low = _ONE & free_low
    low, high = _lift(free_low, free_high, seed_low, _ZERO)
    low |= _ONE
    tables[row, 0, 0], tables[row, 0, 1] = low, high
    for j in range(k):
        size = clues[index, k - 1 - j] if backwards else clues[index, j]
        fit_low, fit_high = _shift_run(open_low, open_high, size, False)
        room_low, room_high = _shr(free_low, free_high, size)
        fit_low &= room_low
        fit_high &= room_high
        start_low, start_high = low & fit_low, high & fit_high
        if start_low == _ZERO and start_high == _ZERO:
            return False
        tables[row + 1, j, 0], tables[row + 1, j, 1] = fit_low, fit_high
        seed_low, seed_high = _shl(start_low, start_high, size + 1)
        lifted_low, lifted_high = _lift(free_low, free_high, seed_low & free_low, seed_high & free_high)
        low, high = seed_low | lifted_low, seed_high | lifted_high
        tables[row, j + 1, 0], tables[row, j + 1, 1] = low, high
    top = n + 1
    return ((high >> np.uint64(top - 64)) if top >= 64 else (low >> np.uint64(top))) & _ONE == _ONE


@njit(cache=True)
def settle_line(clues, index, k, n, full_low, full_high, empty_low, empty_high, settled, tables):
    """:func:`paint.linesolvers.bits.settle_masks` on line ``index`` of ``n`` squares (at most 126), its clue the
    first ``k`` sizes of row ``index`` of ``clues``, its full and empty squares the numbers of two words ``full``
    and ``empty``: True with the settled line written to rows 0 (full) and 1 (empty) of ``settled``, or False
    (those rows then the line as it was) when the clue cannot be placed.  The one-word solver of
    :mod:`paint.search._kernels` on numbers of two words (the line, the square past its end and a carry need
    ``n + 2`` bits); ``tables`` is a (4, k + 1, 2) word array to work in.  Whole arrays and scalars, never
    views of rows: a view costs reference counts (:mod:`paint.search._kernels`)."""
    settled[0, 0], settled[0, 1], settled[1, 0], settled[1, 1] = full_low, full_high, empty_low, empty_high
    mask_low = ~_ZERO if n >= 64 else (_ONE << np.uint64(n)) - _ONE
    mask_high = ((_ONE << np.uint64(n - 64)) - _ONE) if n > 64 else _ZERO
    end_low = (_ONE << np.uint64(n)) if n < 64 else _ZERO
    end_high = (_ONE << np.uint64(n - 64)) if n >= 64 else _ZERO
    if k == 0:
        if full_low != _ZERO or full_high != _ZERO:
            return False
        settled[1, 0], settled[1, 1] = mask_low, mask_high
        return True
    free_low, free_high = mask_low & ~full_low, mask_high & ~full_high
    open_low, open_high = mask_low & ~empty_low, mask_high & ~empty_high
    flipped_free_low, flipped_free_high = _reverse(free_low, free_high, n)
    flipped_open_low, flipped_open_high = _reverse(open_low, open_high, n)
    free_low |= end_low
    free_high |= end_high
    if not _states(clues, index, k, n, free_low, free_high, open_low, open_high, tables, 0, False):
        return False
    if not _states(clues, index, k, n, flipped_free_low | end_low, flipped_free_high | end_high, flipped_open_low,
                   flipped_open_high, tables, 2, True):
        return False
    within_low, within_high = mask_low | end_low, mask_high | end_high
    can_full_low = can_full_high = can_empty_low = can_empty_high = _ZERO  # the squares that can be full, and empty
    for j in range(k + 1):
        after_low, after_high = _reverse(tables[2, k - j, 0] & within_low, tables[2, k - j, 1] & within_high, n + 1)
        can_empty_low |= tables[0, j, 0] & free_low & after_low
        can_empty_high |= tables[0, j, 1] & free_high & after_high
        if j < k:
            size = clues[index, j]
            after_low, after_high = _reverse(tables[2, k - 1 - j, 0] & within_low,
                                             tables[2, k - 1 - j, 1] & within_high, n + 1)
            after_low, after_high = _shr(after_low, after_high, size)
            start_low = tables[0, j, 0] & tables[1, j, 0] & after_low
            start_high = tables[0, j, 1] & tables[1, j, 1] & after_high
            covered_low, covered_high = _shift_run(start_low, start_high, size, True)
            can_full_low |= covered_low
            can_full_high |= covered_high
            beyond_low, beyond_high = _shl(start_low, start_high, size)
            can_empty_low |= beyond_low
            can_empty_high |= beyond_high
    settled[0, 0] = full_low | (mask_low & ~can_empty_low)
    settled[0, 1] = full_high | (mask_high & ~can_empty_high)
    settled[1, 0] = empty_low | (mask_low & ~can_full_low)
    settled[1, 1] = empty_high | (mask_high & ~can_full_high)
    return True


CACHE_WORDS = 9
"""The words of one slot of a line cache (:func:`settle_cached`): the line's index plus one, with bit 32 set when
its clue fits; its full squares (two words); its empty squares; and the full and the empty squares settled from
them."""


@njit(cache=True)
def settle_cached(index, clues, counts, sizes, full, empty, new_full, new_empty, tables, cache):
    """:func:`settle_line` on line ``index`` through ``cache``, a (2 ** b, :data:`CACHE_WORDS`) word array kept
    for one board, as :func:`paint.search._kernels.settle_cached`: a slot is chosen by a hash of the line and
    its squares, holds the last line settled there, and answers only for exactly that line and those squares.
    (:func:`settle` does the same through :func:`_settle_rows`, on the rows of its state.)"""
    rows = np.empty((2, 2), np.uint64)
    rows[0, 0], rows[0, 1], rows[1, 0], rows[1, 1] = full[0], full[1], empty[0], empty[1]
    settled = np.empty((2, 2), np.uint64)
    fits = _settle_rows(index, clues, counts, sizes, rows, 0, 1, settled, tables, cache)
    new_full[0], new_full[1], new_empty[0], new_empty[1] = settled[0, 0], settled[0, 1], settled[1, 0], settled[1, 1]
    return fits


@njit(cache=True, inline="always")
def _settle_rows(index, clues, counts, sizes, state, at_full, at_empty, settled, tables, cache):
    """:func:`settle_cached` of line ``index`` whose full squares are row ``at_full`` of ``state`` and its empty
    ones row ``at_empty``, into rows 0 (full) and 1 (empty) of ``settled`` (unchanged squares when the line
    cannot be completed): whether it can be.  Words are read and written one by one, where views of the rows
    would cost their reference counts in the hot loop."""
    full_low, full_high = state[at_full, 0], state[at_full, 1]
    empty_low, empty_high = state[at_empty, 0], state[at_empty, 1]
    key = np.uint64(index + 1)
    mixed = (full_low * np.uint64(0x9E3779B97F4A7C15)) ^ (empty_low * np.uint64(0xC2B2AE3D27D4EB4F)) \
        ^ (full_high * np.uint64(0xBF58476D1CE4E5B9)) ^ (empty_high * np.uint64(0x94D049BB133111EB)) \
        ^ (key * np.uint64(0x165667B19E3779F9))
    slot = np.int64((mixed >> np.uint64(32)) & np.uint64(cache.shape[0] - 1))
    tag = cache[slot, 0]
    if (tag & np.uint64(0xFFFFFFFF)) == key and cache[slot, 1] == full_low and cache[slot, 2] == full_high \
            and cache[slot, 3] == empty_low and cache[slot, 4] == empty_high:
        settled[0, 0], settled[0, 1] = cache[slot, 5], cache[slot, 6]
        settled[1, 0], settled[1, 1] = cache[slot, 7], cache[slot, 8]
        return (tag >> np.uint64(32)) != _ZERO
    fits = settle_line(clues, index, counts[index], sizes[index], full_low, full_high, empty_low, empty_high, settled,
                       tables)
    cache[slot, 0] = key | (np.uint64(1 if fits else 0) << np.uint64(32))
    cache[slot, 1], cache[slot, 2], cache[slot, 3], cache[slot, 4] = full_low, full_high, empty_low, empty_high
    cache[slot, 5], cache[slot, 6] = settled[0, 0], settled[0, 1]
    cache[slot, 7], cache[slot, 8] = settled[1, 0], settled[1, 1]
    return fits


@njit(cache=True, inline="always")
def settle(state, lines, height, clues, counts, sizes, dirty, queue, queued, tables, settled_line,
           cache, read):
    """Settle the ``queued`` lines at the front of ``queue`` (``dirty`` marks them), and every line they change,
    in ``state`` in place, as :func:`paint.search._kernels.settle`; ``settled_line`` is a (2, 2) word array to
    work in, and ``read`` has a word for each 64 lines.  Returns how many squares it settled, -1 when a line
    cannot be completed."""
    words = state.shape[1]
    settled = 0
    while queued > 0:
        queued -= 1
        index = queue[queued]
        dirty[index] = False
        read[index >> 6] |= _ONE << np.uint64(index & 63)
        if not _settle_rows(index, clues, counts, sizes, state, index, lines + index, settled_line, tables, cache):
            for i in range(queued):
                dirty[queue[i]] = False
            return -1
        first = height if index < height else 0
        position = index if index < height else index - height  # the square of each crossing line it is
        at, bit = position >> 6, _ONE << np.uint64(position & 63)
        for word in range(words):
            for offset in (0, lines):
                old = state[offset + index, word]
                news = settled_line[0 if offset == 0 else 1, word] & ~old
                if news == _ZERO:
                    continue
                state[offset + index, word] = old | news
                square = word * 64
                while news != _ZERO:
                    if news & _ONE:
                        settled += 1
                        crossing = first + square
                        state[offset + crossing, at] |= bit
                        if not dirty[crossing]:
                            dirty[crossing] = True
                            queue[queued] = crossing
                            queued += 1
                    news >>= _ONE
                    square += 1
    return settled


@njit(cache=True)
def guess(state, r, c, value, lines, height, clues, counts, sizes, dirty, queue, tables, settled_line,
          cache, read):
    """A copy of ``state`` with square ``(r, c)`` set to ``value`` (1 empty, 2 full) and settled, and how many
    more squares that settled (-1: a line cannot be completed), as :func:`paint.search._kernels.guess`."""
    guessed = np.empty_like(state)
    return guessed, _guess_into(guessed, state, r, c, value, lines, height, clues, counts, sizes, dirty, queue,
                                tables, settled_line, cache, read)


@njit(cache=True, inline="always")
def _guess_into(guessed, state, r, c, value, lines, height, clues, counts, sizes, dirty, queue, tables,
                settled_line, cache, read):
    """:func:`guess` into ``guessed``, an array the shape of ``state`` (its words overwritten), as
    :func:`paint.search._kernels._guess_into`."""
    for index in range(state.shape[0]):
        for word in range(state.shape[1]):
            guessed[index, word] = state[index, word]
    offset = 0 if value == _FULL else lines
    guessed[offset + r, c >> 6] |= _ONE << np.uint64(c & 63)
    guessed[offset + height + c, r >> 6] |= _ONE << np.uint64(r & 63)
    queue[0] = r
    queue[1] = height + c
    dirty[r] = True
    dirty[height + c] = True
    return settle(guessed, lines, height, clues, counts, sizes, dirty, queue, 2, tables, settled_line, cache, read)


@njit(cache=True)
def _differs(old, new, index):
    """Whether row ``index`` of states ``old`` and ``new`` differs."""
    for word in range(old.shape[1]):
        if old[index, word] != new[index, word]:
            return True
    return False


@njit(cache=True)
def forget(old, new, lines, reads, scores):
    """Drop (score -1) the probe records of ``scores`` and ``reads`` that read a line whose squares differ
    between states ``old`` and ``new``, as :func:`paint.search._kernels.forget`."""
    changed = np.zeros(reads.shape[1], np.uint64)
    anything = False
    for index in range(lines):
        if _differs(old, new, index) or _differs(old, new, lines + index):
            changed[index >> 6] |= _ONE << np.uint64(index & 63)
            anything = True
    if not anything:
        return
    for square in range(scores.shape[0]):
        if scores[square] >= 0:
            for word in range(reads.shape[1]):
                if reads[square, word] & changed[word]:
                    scores[square] = -1
                    break


@njit(cache=True)
def probe(state, height, width, clues, counts, sizes, dirty, queue, tables, settled_line, cache,
          reads, scores, product, weights, weighted):
    """Fully probe ``state``, as :func:`paint.search._kernels.probe` (the same records, line weights, outcome
    and square to guess, ``state`` worked in place), ``reads`` holding a word for each 64 lines."""
    lines = height + width
    spans = reads.shape[1]
    read_full = np.zeros(spans, np.uint64)
    read_empty = np.zeros(spans, np.uint64)
    unused = np.zeros(spans, np.uint64)
    full = np.empty_like(state)  # the two values of the square probed, settled
    empty = np.empty_like(state)
    while True:
        changed = False
        for r in range(height):
            for c in range(width):
                word, bit = c >> 6, np.uint64(c & 63)
                if ((state[r, word] | state[lines + r, word]) >> bit) & _ONE:
                    continue
                square = r * width + c
                if scores[square] >= 0:
                    continue
                read_full[:] = _ZERO
                read_empty[:] = _ZERO
                if_full = _guess_into(full, state, r, c, _FULL, lines, height, clues, counts, sizes, dirty, queue,
                                      tables, settled_line, cache, read_full)
                if_empty = _guess_into(empty, state, r, c, _EMPTY, lines, height, clues, counts, sizes, dirty, queue,
                                       tables, settled_line, cache, read_empty)
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
                        for each in range(state.shape[1]):
                            full[index, each] &= empty[index, each]  # settled alike both ways
                        if _differs(full, state, index):
                            line = index if index < lines else index - lines
                            if not dirty[line]:
                                dirty[line] = True
                                queue[queued] = line
                                queued += 1
                    if queued:
                        settle(full, lines, height, clues, counts, sizes, dirty, queue, queued, tables,
                               settled_line, cache, unused)
                        forget(state, full, lines, reads, scores)
                        state[:] = full
                        changed = True
                        continue
                scores[square] = (if_full + 1) * (if_empty + 1) if product else score
                for span in range(spans):
                    reads[square, span] = read_full[span] | read_empty[span]
        if not changed:
            break
    best = -1.0
    best_square = -1
    for r in range(height):
        for c in range(width):
            square = r * width + c
            word, bit = c >> 6, np.uint64(c & 63)
            if ((state[r, word] | state[lines + r, word]) >> bit) & _ONE:
                if scores[square] >= 0:
                    return PROBE_OUT_OF_STEP, state, r, c
                continue
            if scores[square] < 0:
                return PROBE_OUT_OF_STEP, state, r, c
            value = _weighed(scores[square], weights, r, height + c, weighted)
            if value > best:
                best, best_square = value, square
    if best_square < 0:
        return PROBE_SOLVED, state, -1, -1
    return PROBE_GUESS, state, best_square // width, best_square % width
