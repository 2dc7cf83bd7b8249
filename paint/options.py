"""Tuning for the solver, in one frozen object passed explicitly (no module globals)."""

from __future__ import annotations

import attrs


def positive_or_none(instance, attribute, value):
    """An attrs validator: ``value`` is None or more than 0; raises ValueError naming the field otherwise."""
    if value is not None and value <= 0:
        raise ValueError(f"{attribute.name} must be positive, not {value}")


@attrs.frozen
class SolveOptions:
    """How :func:`paint.solve` works.

    - ``rules``: the rules to use, a subset of :data:`paint.rules.RULE_NAMES`
      (they always run in the registry's order); None means all of them.
    - ``search``: when the rules stall, search by placing blocks
      (:mod:`paint.search.bfs`); False stops at the stall.
    - ``max_time``: stop the search after this many seconds of the whole
      solve (status ``'limit'``); None for no limit.
    - ``max_branches``: stop the search after working this many branches;
      None for no limit.
    - ``branch_steps``: keep every branch's own steps in the search records
      (for ``--detail``); off, only their counts are kept.
    - ``second_solution``: before the first breadth-first search, look for
      two solutions depth first (:mod:`paint.search.dfs`), probing at most
      this many positions; two found end the solve at once with status
      ``'multiple'`` (the explanation stops where the rules stalled).  None
      (the default) never does: ``paint solve`` explains the search that
      finds the second solution (``paint check`` runs the depth-first search itself,
      to the end: :func:`paint.check.check_puzzle`).
    - ``scan_blocks``, ``inner_scan``, ``inner_limit``: how widely the
      breadth-first search scans a branch (:func:`paint.search.bfs.explore`):
      at the stall, the places of up to ``scan_blocks`` blocks are worked
      one level down; below it, the blocks of the strips the branch changed
      and at most ``inner_scan`` others, no more than ``inner_limit`` in
      all once one block is known to be open.  Wider scans settle more at
      each level and cost more branches; the defaults were chosen on the
      corpus's search puzzles (``benchmarks/search.py``).
    - ``steps``: ``'strip'`` (the default) records one step per strip a
      rule changed, each checkable against the grid just before it;
      ``'rule'`` one step per round of a rule over every strip that changed
      (Kramer's grouping).  The reasoning is the same either way.
    - ``chains``: keep with each probe step (``edge``, ``corner``) the chain
      of consequences that broke, which the explanation prints.  Off, a
      probe step records only the square it marked: the same steps, found
      in about half the time, for a caller that reads only which rules
      were used (:func:`paint.check.check_puzzle`).

    Raises ValueError for a limit or a scan width that is not positive.

    >>> SolveOptions(rules=('overlap',)).rules
    ('overlap',)
    >>> SolveOptions(max_branches=0)
    Traceback (most recent call last):
    ValueError: max_branches must be positive, not 0
    """

    rules: tuple[str, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(tuple))
    search: bool = True
    max_time: float | None = attrs.field(default=None, validator=positive_or_none)
    max_branches: int | None = attrs.field(default=None, validator=positive_or_none)
    branch_steps: bool = False
    steps: str = attrs.field(default="strip", validator=attrs.validators.in_(("strip", "rule")))
    second_solution: int | None = attrs.field(default=None, validator=positive_or_none)
    scan_blocks: int = attrs.field(default=20, validator=attrs.validators.gt(0))
    inner_scan: int = attrs.field(default=4, validator=attrs.validators.gt(0))
    inner_limit: int = attrs.field(default=8, validator=attrs.validators.gt(0))
    chains: bool = True
