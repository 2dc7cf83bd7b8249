"""Tuning for the solver, in one frozen object passed explicitly (no module globals)."""

from __future__ import annotations

import itertools
import math
import numbers

import attrs

from .puzzle import shown


def positive_or_none(instance, attribute, value):
    """An attrs validator: ``value`` is None or a finite number (not a bool) more than 0; raises TypeError or
    ValueError naming the field otherwise."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{attribute.name} must be a number or None, not {type(value).__name__}")
    if not (value > 0 and (isinstance(value, numbers.Integral) or math.isfinite(value))):
        raise ValueError(f"{attribute.name} must be positive, not {shown(value)}")


def seconds_or_none(value) -> float | None:
    """The converter of a time limit: None (no limit), or a finite number of seconds more than 0, as a float.

    Raises TypeError for a bool, a string or anything that is not a real number, ValueError for NaN, an
    infinity (None is the way to say no limit) or a number that is not positive; the field is named.

    >>> seconds_or_none(2), seconds_or_none(None)
    (2.0, None)
    >>> seconds_or_none(float('nan'))
    Traceback (most recent call last):
    ValueError: max_time must be a finite number of seconds more than 0 (None for no limit), not nan
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"max_time must be a number of seconds or None, not {type(value).__name__}")
    try:
        seconds = float(value)
    except OverflowError:  # a whole number too large for a float
        seconds = math.inf
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"max_time must be a finite number of seconds more than 0 (None for no limit), "
                         f"not {shown(value)}")
    return seconds


def count(instance, attribute, value) -> None:
    """An attrs validator: ``value`` is a whole number (not a bool) more than 0, or None where the field's
    default is None; raises TypeError or ValueError naming the field otherwise."""
    _whole_number(attribute, value, 1)


def at_least_zero(instance, attribute, value) -> None:
    """An attrs validator: ``value`` is a whole number (not a bool) of 0 or more, or None where the field's
    default is None; raises TypeError or ValueError naming the field otherwise."""
    _whole_number(attribute, value, 0)


def _whole_number(attribute, value, least: int) -> None:
    """Raise TypeError unless ``value`` is a whole number (or None where ``attribute``'s default is None),
    ValueError when it is less than ``least`` (1 or 0)."""
    if value is None and attribute.default is None:
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        allowed = " or None" if attribute.default is None else ""
        raise TypeError(f"{attribute.name} must be a whole number{allowed}, not {type(value).__name__}")
    if value < least:
        raise ValueError(f"{attribute.name} must be {'positive' if least else '0 or more'}, not {shown(value)}")


def _as_seconds(instance, attribute, value) -> None:
    """An attrs validator: ``value`` (None or a positive number) can be counted down in seconds, a float; raises
    ValueError naming the field for a whole number too large for one."""
    if value is None:
        return
    try:
        float(value)
    except OverflowError:
        raise ValueError(f"{attribute.name} must be a finite number of seconds, not {shown(value)}") from None


def _at_most_a_million(instance, attribute, value) -> None:
    """An attrs validator: ``value`` (a whole number) is at most :data:`MAX_LINE_WEIGHT`; raises ValueError naming
    the field otherwise."""
    if value > MAX_LINE_WEIGHT:
        raise ValueError(f"{attribute.name} must be at most {MAX_LINE_WEIGHT}, not {shown(value)}")


MAX_LINE_WEIGHT = 1_000_000
"""The largest starting weight of a line (:attr:`SearchPolicy.line_weight`): the compiled probe compares a guess's
score times its lines' weights in floating point, exact below 2 ** 53, and a start above a million only makes the
weights matter less."""


@attrs.frozen
class SearchPolicy:
    """How the depth-first search (:func:`paint.search.dfs.two_solutions`) spends its positions.

    Each field but the last is a number of *positions* (docs/glossary.md);
    docs/search.md says why each pass exists and has the measurements behind
    the defaults.

    - ``plain``, ``plain_per_line``: the plain pass (guessing without
      probing) runs first for at most the larger of ``plain`` positions and
      ``plain_per_line`` per row and column (0 and 0: no plain pass);
    - ``first_slice``: the positions of the first slice of each main
      search; each later slice gets twice as many;
    - ``restart``: the most positions one restart gets (after each slice a
      restart gets as many as that slice, up to this);
    - ``compiled_after``: positions probed in Python before the rest go to
      the compiled probe (:mod:`paint.search.compiled`, when numba is
      installed and not yet loaded in the process; once loaded, from the
      first position); 0 from the first position, None never;
    - ``compiled_after_seconds``: or sooner, once the search has spent this
      many seconds probing in Python (None: only ``compiled_after`` counts).
      Both say that probing in Python has cost about what loading numba
      does (0.3-0.8 s): thirty positions of a 25 x 25 tournament puzzle
      take 0.2-0.6 s, one of a 25 x 100 puzzle some 50 ms and one of an
      80 x 95 puzzle up to a second.  Neither changes an answer, only
      where it is worked out;
    - ``line_weight``: the weight each row and column starts with when the
      probing searches weigh their guesses by where probes have broken
      lines (each probe value that breaks adds one to the weights of the
      probed square's row and column; :class:`paint.search.board.Board`;
      docs/search.md, "Where probes break"; None: guesses by the probes'
      counts alone).  It changes which square is guessed, so how many
      positions a search takes, never the answer.

    Raises TypeError for a count that is not a whole number, ValueError for
    one below 0 (below 1 for ``first_slice``, ``restart`` and
    ``line_weight``; above :data:`MAX_LINE_WEIGHT` for ``line_weight``),
    and TypeError or ValueError for seconds that are not a finite number
    more than 0; each error names the field.

    >>> SearchPolicy().first_slice, SearchPolicy(compiled_after=None).compiled_after
    (100, None)
    >>> SearchPolicy(first_slice=0)
    Traceback (most recent call last):
    ValueError: first_slice must be positive, not 0
    """

    plain: int = attrs.field(default=100, validator=at_least_zero)
    plain_per_line: int = attrs.field(default=2, validator=at_least_zero)
    first_slice: int = attrs.field(default=100, validator=count)
    restart: int = attrs.field(default=1600, validator=count)
    compiled_after: int | None = attrs.field(default=30, validator=attrs.validators.optional(at_least_zero))
    compiled_after_seconds: float | None = attrs.field(default=0.5, validator=[positive_or_none, _as_seconds])
    line_weight: int | None = attrs.field(default=5, validator=attrs.validators.optional([count, _at_most_a_million]))


def _rule_names(value) -> tuple[str, ...] | None:
    """The converter of ``rules``: None, or rule names (of :data:`paint.rules.RULE_NAMES`) as a tuple.

    An iterable is read to at most one name more than there are rules, so an endless one is refused.
    Raises TypeError for a value that is not an iterable of strings, ValueError for too many names or a name
    that is not a rule.
    """
    if value is None:
        return None
    from .rules import RULE_NAMES  # only a choice of rules loads them here
    if isinstance(value, (str, bytes, bytearray)):
        raise TypeError(f"rules must be an iterable of rule names or None, not {type(value).__name__}")
    try:
        names = tuple(itertools.islice(value, len(RULE_NAMES) + 1))
    except TypeError:
        raise TypeError(f"rules must be an iterable of rule names or None, not {type(value).__name__}") from None
    if len(names) > len(RULE_NAMES):
        raise ValueError(f"rules: more than {len(RULE_NAMES)} names (there are {len(RULE_NAMES)} rules)")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"rules must be rule names (strings), not {type(name).__name__}")
    unknown = sorted(set(names) - set(RULE_NAMES))
    if unknown:
        raise ValueError(f"unknown rules: {', '.join(unknown)}")
    return names


def _flag(instance, attribute, value) -> None:
    """An attrs validator: ``value`` is True or False; raises TypeError naming the field otherwise."""
    if not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be True or False, not {type(value).__name__}")


SAT_MODES = ("race", "alone")
"""The ways a SAT solver may count the solutions (:attr:`SolveOptions.sat`)."""


def sat_mode(value) -> str | None:
    """The converter of ``sat``: True is ``'race'``, False or None is None, ``'race'`` and ``'alone'`` stay.

    Raises TypeError for a value that is none of these types, ValueError for another string.

    >>> sat_mode(True), sat_mode(False), sat_mode('alone')
    ('race', None, 'alone')
    """
    if value is None or value is False:
        return None
    if value is True:
        return "race"
    if not isinstance(value, str):
        raise TypeError(f"sat must be True, False, None, 'race' or 'alone', not {type(value).__name__}")
    if value not in SAT_MODES:
        raise ValueError(f"sat must be True, False, None, 'race' or 'alone', not {value!r}")
    return value


@attrs.frozen
class SolveOptions:
    """How :func:`paint.solve` works.

    - ``rules``: the rules to use, a subset of :data:`paint.rules.RULE_NAMES`
      (they always run in the registry's order); None means all of them.
    - ``search``: when the rules stall, search by placing blocks
      (:mod:`paint.search.bfs`); False stops at the stall.
    - ``max_time``: stop the search after this many seconds of the whole
      solve (status ``'limit'``); None for no limit.
    - ``max_branches``: stop the breadth-first search after working this
      many branches (docs/glossary.md); None for no limit.
    - ``branch_steps``: keep every branch's own steps in the search records
      (for ``--detail``); off, only their counts are kept.
    - ``branch_counts``: count the steps of the places a search step leaves
      open (:attr:`paint.explanation.Branch.worked`, which ``--detail`` and
      the JSON document show).  Off, those places are not worked again by
      the line rules to count them, and their ``worked`` is None, nor are
      the places that broke only further down, which the text says as how
      many places the block under them had and how deep (their branches'
      ``worked`` None, the strips that broke under them unnamed): the same
      steps, in less time, for a text that does not show them (``paint
      solve`` without ``--detail``, ``--json`` or ``--html``: the rules'
      second run over the places left was a sixth of forever's solve, and
      over the places that broke further down another seventh).  ``branch_steps``
      counts them whatever this says.
    - ``second_solution``: before the first breadth-first search, look for
      two solutions depth first (:mod:`paint.search.dfs`), working at most
      this many positions; two found end the solve at once with status
      ``'multiple'`` (the explanation stops where the rules stalled).  None
      (the default) never does: ``paint solve`` explains the search that
      finds the second solution.
    - ``depth_first_after``: the branches one step of the breadth-first
      search may work before the depth-first search takes a turn beside it,
      from where the rules first stalled; then they take turns, the
      breadth-first search's each twice its last, the depth-first search's
      share of the time doubling at every turn (when it probes in compiled
      code) up to :data:`paint.solver.MOST_SHARE` times the breadth-first
      search's (its first turn a quarter as many positions as the branches,
      :data:`paint.solver.BRANCHES_PER_POSITION` branches to a position; at
      most ``max_positions`` in all).  Two solutions found by the
      depth-first search end the solve with status ``'multiple'``, the
      explanation stopping where it was; one proven, or none, leaves the
      breadth-first search to explain it alone, and a limit that then stops
      it keeps what was proven (``unique`` True; none: status
      ``'contradiction'``).  The step pauses for each turn and goes on where
      it stopped, so the explanation, its branches (what ``max_branches``
      counts) and levels do not change.  A puzzle of many solutions that
      line logic barely starts (TAAI 2011's hardest) thus ends in 1.2 to
      1.35 times the depth-first search's time (with numba), not in hours of
      narrated branches.  None: the breadth-first search alone.
    - ``depth_first``: where the rules first stall, the depth-first search
      decides, explaining nothing (``paint check``: :func:`paint.check.check_puzzle`):
      status ``'multiple'`` with two solutions, ``'solved'`` with the only
      one as ``grid`` (the steps stop at the stall), ``'limit'`` when
      ``max_positions`` ran out, and ``'contradiction'`` when there is none
      - the breadth-first search then says where the clues contradict,
      within :data:`paint.solver.EXPLAIN_CONTRADICTION` seconds more.
      ``depth_first`` in the result is what the depth-first search found.
      Only with ``search`` (and ``try_one`` among the rules).
    - ``max_positions``: the positions the depth-first search of
      ``depth_first`` (or of the turns of ``depth_first_after``) may work,
      of all its passes (docs/glossary.md); None for no limit.
    - ``policy``: how the depth-first search spends its positions
      (:class:`SearchPolicy`).
    - ``scan_blocks``, ``inner_scan``, ``inner_limit``: how widely the
      breadth-first search scans a branch (:func:`paint.search.bfs.explore`):
      at the stall, the places of up to ``scan_blocks`` blocks are worked
      one level down; below it, the blocks of the strips the branch changed
      and at most ``inner_scan`` others, no more than ``inner_limit`` in
      all once one block is known to be open.  Wider scans settle more at
      each level and cost more branches; the defaults were chosen on the
      corpus's search puzzles (``benchmarks/search.py``).
    - ``steps``: ``'strip'`` (the default) records one step per strip a
      rule changed, each the simplest the grid allows and checkable against
      the grid just before it; ``'rule'`` is Kramer's program: his seven
      rules only, one step per round of a rule over every strip that
      changed (``docs/rules.md``).
    - ``chains``: keep with each probe step (``edge``, ``corner``) the chain
      of consequences that broke, and with each search step the chain of
      each place of its block that broke, which the explanation prints.
      Off, a probe step records only the square it assumed and the one it
      marked, and a search step's places are left untold: those that broke
      have no ``chain``, ``broken`` or ``reason``, those left no
      ``follows``, and the record no ``squares``.  With the rules
      including ``try_one`` (the default) these are the same steps, with
      the same lines, found in about half the time, for a caller that reads
      only the steps' lines or which rules were used
      (:func:`paint.check.check_puzzle`, ``paint solve --brief``); with
      rules that leave ``try_one`` out, a probe the rules cannot tell is
      still taken, where with chains it is passed over.
    - ``sat``: the solutions are counted by a SAT solver too
      (:mod:`paint.search.sat`: CaDiCaL through python-sat, ``pip install
      'paint[sat]'``) wherever the depth-first search would count them
      (``depth_first``, ``second_solution``, the pair a solve with several
      shows), in a child process the time limit stops.  ``'race'`` (or
      True): the depth-first search works in this process meanwhile, and
      the first to decide is believed (:func:`paint.search.sat.race`), so a
      count takes about the shorter of the two times, for a second core's
      work; ``'alone'``: the SAT solver only.  Where the SAT solver decides,
      ``depth_first.depth`` of the result is None (it has no levels).  It
      decides puzzles the depth-first search cannot (knotty and faase:
      ``paint check --sat``; docs/search.md, "A SAT solver").  In a race,
      ``max_positions`` and ``second_solution`` bound the depth-first
      search only: the SAT solver is then waited for, within the time
      limit; alone, neither applies.

    Raises ValueError for a limit or a scan width that is not positive, and
    for a time limit that is NaN or infinite (None means no limit), and for
    a ``sat`` string that is not a mode; TypeError for a count that is not a
    whole number, a time that is not a number, a flag that is not a bool, a
    ``sat`` that is neither a bool, None nor a string, or rules that are not
    names; each error names the field.

    >>> SolveOptions(rules=('overlap',)).rules
    ('overlap',)
    >>> SolveOptions(max_branches=0)
    Traceback (most recent call last):
    ValueError: max_branches must be positive, not 0
    """

    rules: tuple[str, ...] | None = attrs.field(default=None, converter=_rule_names)
    search: bool = attrs.field(default=True, validator=_flag)
    max_time: float | None = attrs.field(default=None, converter=seconds_or_none)
    max_branches: int | None = attrs.field(default=None, validator=count)
    branch_steps: bool = attrs.field(default=False, validator=_flag)
    branch_counts: bool = attrs.field(default=True, validator=_flag)
    steps: str = attrs.field(default="strip", validator=attrs.validators.in_(("strip", "rule")))
    second_solution: int | None = attrs.field(default=None, validator=count)
    depth_first_after: int | None = attrs.field(default=2_000, validator=attrs.validators.optional(count))
    depth_first: bool = attrs.field(default=False, validator=_flag)
    max_positions: int | None = attrs.field(default=None, validator=count)
    policy: SearchPolicy = attrs.field(default=SearchPolicy(), validator=attrs.validators.instance_of(SearchPolicy))
    scan_blocks: int = attrs.field(default=20, validator=count)
    inner_scan: int = attrs.field(default=4, validator=count)
    inner_limit: int = attrs.field(default=8, validator=count)
    chains: bool = attrs.field(default=True, validator=_flag)
    sat: str | None = attrs.field(default=None, converter=sat_mode)
