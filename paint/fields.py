"""Converters for the attrs fields of paint's records.

attrs reads a converter's signature when it builds a class, to annotate the
``__init__`` it writes.  For a builtin such as ``tuple`` that means parsing
its text signature with :mod:`tokenize` (about 0.35 ms a field, and 3-5 ms
for the first, which compiles tokenize's expressions); for a Python function
it is a look at the function's own record.  Twenty fields of the classes
``paint solve`` loads held ``converter=tuple``, some 10 ms of a 0.14 s
start-up, so they convert with :func:`as_tuple` instead.
"""

from __future__ import annotations


def as_tuple(items) -> tuple:
    """``items`` (any iterable) as a tuple: the converter of a field that holds a sequence, so that a record
    never shares a list with its caller.

    >>> as_tuple([1, 2]), as_tuple(range(2))
    ((1, 2), (0, 1))
    """
    return tuple(items)
