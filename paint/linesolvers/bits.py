"""An exact line solver on Python integers as bit sets: a few shifts and masks per block, no loop over squares.

A line of ``n`` squares becomes two integers, bit ``x`` standing for square
``x``: the squares that are not full and the squares that are not empty.
Where the blocks can go is then worked out on whole sets of positions at
once - the bit-parallel form of the dynamic programming over prefixes and
suffixes of :mod:`paint.linesolvers.dp`, as bit-parallel line solvers do
(Batenburg and Kosters 2009 work line solving as such a recursion; Wu et
al. 2013 solve lines on bit boards):

1. *Prefix pass.*  A *state* is a position ``p`` such that squares
   ``0 .. p-1`` can hold the blocks placed so far, ``p - 1`` being empty (or
   ``p`` the start).  From a set of states, the states one can go on to over
   squares that are not full are found with one addition: the carry of
   ``runs + seeds`` runs up each run of not-full squares from its lowest
   seed (:func:`_fill_up`).  Block ``j`` of size ``L`` can start at every
   state where ``L`` not-empty squares follow and the square after them is
   not full (the *windows*, two shifts per doubling of ``L``); the block and
   the empty square after it lead to the states ``start + L + 1``.  The
   clue fits when the state after the last square is reached.
2. *Suffix pass.*  The same on the line and the clue reversed: its states,
   reversed, are the positions from which the last blocks can be placed.
3. *Squares.*  A start reached with the blocks before it placed, from
   which the blocks after it can be placed, is a start of a whole
   arrangement: a square can be full when such a start of some block
   covers it.  A square can be empty when the blocks before it can be
   placed before it and the rest after it, or when it just follows a
   start of a whole arrangement.  A blank square that can be
   only one of them is settled.

Squares are ints (0 blank, 1 empty, 2 full, as :class:`paint.squares.Square`).
The result is a bytes object as long as the line, as for every solver in
:mod:`paint.linesolvers`, or None when the blocks cannot be placed.

>>> bytes(solve((1, 1), bytes([0, 0, 2, 0, 0])))
b'\\x00\\x01\\x02\\x01\\x00'
>>> solve((3,), bytes([2, 1, 2])) is None
True
"""

from __future__ import annotations

from ..squares import BLANK, EMPTY, FULL
from ._record import INT_BYTES, SLOT, int_bytes, no_blocks

_NOT_FULL = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"110")
_NOT_EMPTY = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"101")
_AS_FULL = bytes.maketrans(b"01", bytes([0, FULL]))
_AS_EMPTY = bytes.maketrans(b"01", bytes([0, EMPTY]))
_FULL_BITS = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"001")
_EMPTY_BITS = bytes.maketrans(bytes([BLANK, EMPTY, FULL]), b"010")


def solve(targets, squares, trace=None) -> bytes | None:
    """Everything ``targets`` imply for ``squares``, exactly, on bit sets (see the module docstring).

    ``targets`` is a sequence of block sizes (empty for a clue of 0),
    ``squares`` a sequence of square values; ``trace`` is accepted for the
    solvers' common signature and ignored (this solver keeps no trace).
    Returns the settled line, or None when no arrangement of the blocks fits.
    """
    squares = bytes(squares)
    targets = tuple(targets)
    if not targets:
        return no_blocks(squares)
    n = len(squares)
    line, solid = squares.translate(_NOT_FULL), squares.translate(_NOT_EMPTY)
    # A square n past the end, never full, where the last gap ends; the reversed line for the suffix pass.
    not_full, not_empty = int(b"1" + line[::-1], 2), int(b"0" + solid[::-1], 2)
    found = _possible(targets, n, not_full, not_empty, int(b"1" + line, 2), int(b"0" + solid, 2))
    if found is None:
        return None
    can_full, can_empty = found
    blank = not_full & not_empty  # not_empty has no square n
    full = can_full & ~can_empty & blank
    empty = can_empty & ~can_full & blank
    if not (full | empty):
        return squares
    value = int.from_bytes(squares, "little")
    value += int.from_bytes(_bytes_of(full, n).translate(_AS_FULL), "little")
    value += int.from_bytes(_bytes_of(empty, n).translate(_AS_EMPTY), "little")
    return value.to_bytes(n, "little")


def memory(targets, n: int) -> int:
    """An upper bound, in bytes, of the memory :func:`solve` holds for ``targets`` on a line of ``n`` squares.

    Three sets of ``n + 2`` bits per block and one more - the states of the
    prefix pass, those of the suffix pass and the same reversed - and the
    windows of each distinct block size: about ``0.4 x n`` bytes per block,
    2 GB for a line of 100,000 squares and 50,000 blocks; besides, a few
    bytes per square for the line and the result as text, and the table
    that reverses short lines (filled at its first use, then kept).
    """
    k = len(targets)
    table = (1 << _HALF) * (3 * SLOT + INT_BYTES)
    return (3 * (k + 1) + len(set(targets)) + 16) * int_bytes(n + 2) + 5 * SLOT * (k + 1) + 8 * n + table + 4096


def masks_of(squares) -> tuple[int, int]:
    """The squares of ``squares`` (square values) known full and those known empty, as the bit sets of
    :func:`settle_masks`: bit ``x`` for square ``x``.

    >>> masks_of(bytes([2, 0, 1, 2]))
    (9, 4)
    """
    backwards = bytes(squares)[::-1]
    return int(b"0" + backwards.translate(_FULL_BITS), 2), int(b"0" + backwards.translate(_EMPTY_BITS), 2)


def settle_masks(targets: tuple, n: int, full: int, empty: int) -> tuple[int, int] | None:
    """Everything ``targets`` imply for a line of ``n`` squares given as bit sets: the same answer as :func:`solve`.

    ``full`` and ``empty`` hold bit ``x`` for each square ``x`` known full
    or empty (no bit in both); ``targets`` is a tuple of block sizes (empty
    for a clue of 0).  Returns the new ``(full, empty)``, each a superset of
    the one given, or None when no arrangement of the blocks fits - the form
    a search on bit boards keeps its lines in (:mod:`paint.search.dfs`).

    >>> settle_masks((1, 1), 5, 0b00100, 0)
    (4, 10)
    >>> settle_masks((3,), 3, 0b101, 0b010) is None
    True
    """
    mask = (1 << n) - 1
    if not targets:
        return None if full else (0, mask)
    not_full, not_empty = mask & ~full, mask & ~empty
    end = 1 << n
    found = _possible(targets, n, not_full | end, not_empty,
                      _reverse(not_full, n) | end, _reverse(not_empty, n))
    if found is None:
        return None
    can_full, can_empty = found
    return full | (mask & ~can_empty), empty | (mask & ~can_full)


def _possible(targets: tuple, n: int, not_full: int, not_empty: int, back_not_full: int,
              back_not_empty: int) -> tuple[int, int] | None:
    """The squares that can be full and those that can be empty in some arrangement of ``targets``, or None.

    ``not_full`` and ``not_empty`` are the line's bit sets (``not_full`` with
    bit ``n`` set: a square past the end, never full), ``back_...`` the
    same of the line reversed.
    """
    ahead = _states(targets, n, not_full, not_empty)
    if ahead is None:
        return None
    behind = _states(targets[::-1], n, back_not_full, back_not_empty)
    if behind is None:
        return None
    states, fits = ahead
    k = len(targets)
    within = (1 << (n + 1)) - 1
    # State q of the reversed line (its squares before q placed) is the state "square n - q empty, the
    # squares after it placed" of the line: reversed over n + 1 bits, it is a set of squares that can
    # be empty with every block after them placed.
    after = [_reverse(reached & within, n + 1) for reached in behind[0]]
    can_full = can_empty = 0
    for j in range(k + 1):
        can_empty |= states[j] & not_full & after[k - j]  # empty, with j blocks before it and the rest after
        if j < k:
            size = targets[j]
            starts = states[j] & fits[j] & (after[k - 1 - j] >> size)
            can_full |= _smear(starts, size)
            can_empty |= starts << size  # the square just after it (a state is the square after such a gap)
    return can_full, can_empty & ((1 << n) - 1)  # not square n, past the end


def _states(targets, n: int, not_full: int, not_empty: int) -> tuple[list[int], list[int]] | None:
    """The prefix pass: for ``j`` in ``0 .. k``, the states reached with blocks ``0 .. j-1`` placed, and for each
    block the starts where it fits (``L`` squares not empty, the square after them not full); None when the
    clue cannot fit the line.

    ``not_full`` has bits ``0 .. n`` (square ``n``, past the end, is never
    full), ``not_empty`` bits ``0 .. n - 1``; states run from 0 to ``n + 1``.
    """
    reach = _spread(1, not_full)
    states = [reach]
    fits = []
    windows: dict[int, int] = {}
    for size in targets:
        fit = windows.get(size)
        if fit is None:
            fit = windows[size] = _windows(not_empty, size) & (not_full >> size)
        starts = reach & fit
        if not starts:
            return None
        fits.append(fit)
        seeds = starts << (size + 1)
        lifted = seeds & not_full  # _spread, written out: this loop is the solver's innermost
        reach = seeds | (((not_full & ~(not_full + lifted)) | lifted) << 1)
        states.append(reach)
    if not (reach >> (n + 1)) & 1:
        return None
    return states, fits


def _spread(states: int, not_full: int) -> int:
    """``states`` and every state reached from one of them over squares that are not full (each left empty)."""
    return states | (_fill_up(states & not_full, not_full) << 1)


def _fill_up(seeds: int, runs: int) -> int:
    """The positions of ``runs`` at or above a seed with no gap in ``runs`` between: one addition carries each
    run's lowest seed up to the top of its run.  ``seeds`` must lie in ``runs``."""
    return (runs & ~(runs + seeds)) | seeds


def _windows(not_empty: int, size: int) -> int:
    """The positions ``s`` such that squares ``s .. s + size - 1`` are all in ``not_empty`` (log2 ``size`` steps)."""
    found = not_empty
    length = 1
    while length < size:
        step = min(length, size - length)
        found &= found >> step
        length += step
    return found


def _smear(starts: int, size: int) -> int:
    """The squares covered by a block of ``size`` squares at any of ``starts``."""
    covered = starts
    length = 1
    while length < size:
        step = min(length, size - length)
        covered |= covered << step
        length += step
    return covered


_BYTE_REVERSED = bytes(int(f"{value:08b}"[::-1], 2) for value in range(256))

_HALF = 13
_HALF_REVERSED: list[int] = []
"""Every number of :data:`_HALF` bits reversed (filled at the first use: a line of up to twice as many
squares, with the square past its end, is then reversed by two look-ups)."""


def _reverse(bits: int, n: int) -> int:
    """``bits`` (below bit ``n``) with bit ``x`` moved to bit ``n - 1 - x``: up to 26 bits by two look-ups in
    :data:`_HALF_REVERSED`, longer lines by reversing each byte by a table, the byte order reversed, the
    padding shifted out."""
    if n <= 2 * _HALF:
        table = _HALF_REVERSED or _fill_half_reversed()
        return (table[bits & ((1 << _HALF) - 1)] << _HALF | table[bits >> _HALF]) >> (2 * _HALF - n)
    size = (n + 7) >> 3
    return int.from_bytes(bits.to_bytes(size, "little").translate(_BYTE_REVERSED), "big") >> ((size << 3) - n)


def _fill_half_reversed() -> list[int]:
    """Fill :data:`_HALF_REVERSED` from the byte table (its low byte reversed is the high byte, and the other
    way round) and return it."""
    _HALF_REVERSED[:] = [_BYTE_REVERSED[value & 0xFF] << (_HALF - 8) | _BYTE_REVERSED[value >> 8] >> (16 - _HALF)
                         for value in range(1 << _HALF)]
    return _HALF_REVERSED


def _bytes_of(bits: int, n: int) -> bytes:
    """One byte per square, ``b'1'`` where ``bits`` has the square's bit, ``b'0'`` elsewhere."""
    return format(bits, f"0{n}b")[::-1].encode()
