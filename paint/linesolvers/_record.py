"""What the line solvers share: the answer for a clue of 0, turning their record into a result, and the sizes
their ``memory`` bounds are made of.

The record holds, per square, what the arrangements seen so far allow:
1 empty, 2 full, 3 both (Simpson's DOT, SOLID and BOTH).
"""

from __future__ import annotations

from ..squares import BLANK, EMPTY, FULL

BOTH = EMPTY | FULL

SLOT = 8
"""Bytes of one slot of a list (a pointer)."""

INT_BYTES = 32
"""Bytes of one Python int object of up to 60 bits, as allocated (ints up to 256 are shared, not allocated)."""


def int_bytes(bits: int) -> int:
    """Bytes of one Python int of ``bits`` bits, as allocated: a header and 4 bytes per 30 bits, rounded up.

    >>> int_bytes(100_000)
    13368
    """
    return INT_BYTES + 4 * (bits // 30 + 1)


def arrangement(length: int, targets, starts) -> bytes:
    """The whole line with block ``i`` of size ``targets[i]`` at 0-based ``starts[i]``: 2 under a block, 1 elsewhere."""
    line = bytearray([EMPTY]) * length
    for start, size in zip(starts, targets):
        line[start:start + size] = bytes([FULL]) * size
    return bytes(line)


def no_blocks(squares: bytes) -> bytes | None:
    """The result for a clue of 0: every square empty, or None when one is full."""
    if FULL in squares:
        return None
    return bytes([EMPTY]) * len(squares)


def known_line(targets, squares: bytes) -> bytes | None:
    """A line with no blank square: itself when its runs of full squares are exactly ``targets``, else None."""
    runs = tuple(len(run) for run in squares.replace(bytes([EMPTY]), b" ").split())
    return squares if runs == tuple(targets) else None


def settled(squares: bytes, recorded) -> bytes:
    """The line with each blank square settled by the record: 1 or 2 when only one value was seen, 0 for both.

    Raises AssertionError if a blank square was never recorded (a solver bug:
    every arrangement covers every square).
    """
    result = bytearray(squares)
    for x, value in enumerate(squares):
        if value == BLANK:
            seen = recorded[x]
            if seen == 0:
                raise AssertionError(f"no arrangement recorded square {x}")
            result[x] = BLANK if seen == BOTH else seen
    return bytes(result)
