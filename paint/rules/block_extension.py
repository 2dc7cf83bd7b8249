"""block_extension (Kramer rule iv): complete runs of full squares that must be whole blocks, and extend runs that must be longer.

A *run* is a maximal sequence of full squares.  The targets that can own it
are those whose patch contains it and that are at least as long.

- If every such target is exactly as long as the run, the run is a whole
  block: the squares at both its ends are empty (people call it
  *punctuating*).
- Otherwise the block holding the run is at least as long as the shortest
  of those targets.  It cannot start before the nearest empty square (or
  edge) on the run's left, so it reaches at least that far to the right;
  likewise for the nearest empty square on its right (*glue*; *joining and
  splitting* when the extension meets another run, which must then be part
  of the same block).

>>> from paint.strip import Strip, StripId
>>> strip = Strip(StripId('row', 0), (1, 3), [0, 0, 0, 2, 0, 0, 0, 0])
>>> _ = strip.update_patches()
>>> find(strip) is None
True
>>> strip = Strip(StripId('row', 0), (4,), [1, 2, 2, 0, 0, 0, 0, 0])
>>> _ = strip.update_patches()
>>> finding = find(strip)
>>> [(p, v.glyph) for p, v in finding.marks], finding.detail
([(3, 'X'), (4, 'X')], Runs(runs=(Run(first=1, last=2, owners=(0,), whole=False, wall_before=0, wall_after=8),)))
"""

from __future__ import annotations

import attrs

from ..fields import as_tuple
from ..rule import Finding, Rule, one_name
from ..squares import BLANK, EMPTY, FULL, full_runs

NAME = "block_extension"


@attrs.frozen
class Run:
    """One run worked: full squares ``first``..``last`` (0-based); ``owners`` the blocks (0-based indices into
    the clue) that can hold it.  ``whole``: every owner is as long as the run, so it is a whole block and its
    ends are empty; otherwise the block holding it is at least as long as the shortest owner and lies between
    ``wall_before`` and ``wall_after``, the nearest empty squares (-1 and the line's length at the edges)."""

    first: int
    last: int
    owners: tuple[int, ...]
    whole: bool
    wall_before: int
    wall_after: int


@attrs.frozen
class Runs:
    """What block_extension concluded: the :class:`Run` s that gave marks, left to right."""

    runs: tuple[Run, ...] = attrs.field(converter=as_tuple)


def runs(squares):
    """The maximal runs of full squares as ``(first, last)`` 0-based inclusive pairs.

    >>> runs([2, 2, 0, 2])
    [(0, 1), (3, 3)]
    """
    return full_runs(squares)


def find(strip) -> Finding | None:
    """Close runs that must be whole blocks and extend runs that must be longer (Kramer rule iv)."""
    squares = strip.squares
    n = len(squares)
    targets = strip.targets
    lefts, rights = strip.lefts or (), strip.rights or ()
    marked = {}
    worked = []
    for first, last in runs(squares):
        size = last - first + 1
        owners = tuple(j for j, (left, right, target) in enumerate(zip(lefts, rights, targets))
                       if left <= first and right + target - 1 >= last and target >= size)
        if not owners:
            continue  # placement would already have failed; nothing sound to add
        before = first - 1
        while before >= 0 and squares[before] != EMPTY:
            before -= 1
        after = last + 1
        while after < n and squares[after] != EMPTY:
            after += 1
        whole = max(targets[j] for j in owners) == size
        if whole:
            new = [p for p in (first - 1, last + 1) if 0 <= p < n and squares[p] == BLANK and p not in marked]
            for p in new:
                marked[p] = EMPTY
        else:
            shortest = min(targets[j] for j in owners)
            reach = before + shortest  # the block starts at before + 1 or later
            new = [p for p in range(last + 1, min(reach, n - 1) + 1) if squares[p] == BLANK and p not in marked]
            back = after - shortest  # the block ends at after - 1 or earlier
            new += [p for p in range(max(back, 0), first) if squares[p] == BLANK and p not in marked]
            for p in new:
                marked[p] = FULL
        if new:
            worked.append(Run(first, last, owners, whole, before, after))
    if not marked:
        return None
    return Finding(sorted(marked.items()), Runs(worked))


def bounds(reason) -> list[tuple[tuple[int, str], ...]]:
    """For each run of ``reason.detail`` (:class:`Runs`), the bounds that keep the blocks that cannot hold it
    away from it: the nearest on each side (:meth:`paint.bounds.Derivation.nearest_away`); blocks shorter than
    the run are ruled out by their size instead."""
    derivation, clue = reason.derivation, reason.clue
    found = []
    for run in reason.detail.runs:
        size = run.last - run.first + 1
        blocks = [j for j in range(len(clue)) if j not in run.owners and clue[j] >= size]
        found.append(tuple(derivation.nearest_away(blocks, run.last, run.first)))
    return found


def technique(reason) -> str | None:
    """The technique every run matched (:func:`paint.rule.one_name`), else None.

    A whole run closed by empties is *punctuating*; a run extended so far
    that it meets another run of full squares (the two must be one block)
    is *joining and splitting*; any other run extended from the wall that
    holds it is *glue*.
    """
    squares = reason.squares
    n = len(squares)
    names = []
    for run in reason.detail.runs:
        if run.whole:
            names.append("punctuating")
            continue
        shortest = min(reason.clue[j] for j in run.owners)
        onwards = range(run.last + 1, min(run.wall_before + shortest + 1, n - 1) + 1)
        backwards = range(max(run.wall_after - shortest - 1, 0), run.first)
        joins = any(squares[p] == FULL for p in (*onwards, *backwards))
        names.append("joining and splitting" if joins else "glue")
    return one_name(names)


def document(reason) -> dict:
    """``{"runs": [{"first", "last", "owners", "whole"}, ...]}``: each run's squares and the blocks that can
    hold it, from 1, and whether it is a whole block."""
    return {"runs": [{"first": run.first + 1, "last": run.last + 1, "owners": [j + 1 for j in run.owners],
                      "whole": run.whole} for run in reason.detail.runs]}


RULE = Rule(NAME, "iv", "a run that must be a whole block is closed by empties; a run that must be longer is extended",
            find, rung=40, techniques=("punctuating", "glue", "joining and splitting"), bounds=bounds, technique=technique,
            document=document)
