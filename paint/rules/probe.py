"""Probes (Kramer rules v and vi): assume a blank square full, follow what the line rules then force, and look for a strip that breaks.

Kramer (decision 6, 8/8/1 and 10/19/1): "Search should aim primarily to
identify a square that must be empty by assuming it is filled, following the
implications of that, and reaching a contradiction", and "no copy of the
world is forked off when a guess is made": only the small part a probe
touches is copied.  Here the copy is an overlay - the squares the probe has
marked, by strip - over the engine's grid, which is never changed; throwing
the overlay away restores the world.

The consequences are followed in *generations*.  Generation 1 works the row
and the column through the assumed square; the squares a generation marks
send their crossing strips into the next one.  Every strip of a generation
is worked, with the line rules in their order until none finds more, on the
squares as they were when the generation began, so the result does not
depend on the order the strips are visited; a square two strips of the same
generation mark differently breaks the later strip (columns come after
rows).  The chain a person reads tells the links one after another, so there
the break is the first link whose strip no longer fits the squares the links
before it marked (:meth:`_Follower.still_fits`).  The probe stops at the first strip that cannot be completed (the
square is then empty) or when ``generations`` generations found no break.

The last generation only asks whether each strip's blocks still fit.  The
``edge`` probe follows three generations from squares on a generalised edge;
the ``corner`` probe four from squares at a generalised corner, where
Kramer's worked example needs three.  Positions are 0-based; rows and columns
a person reads count from 1.

This module is what the two probe rules, :mod:`paint.rules.edge` and
:mod:`paint.rules.corner`, share; it is no rule of its own.  Each probe rule
owns a :class:`ProbeMemory` (its ``memory`` factory: the engine makes one per
rule and hands it to the rule's ``find``), so the engine knows nothing of
what a probe remembers.

>>> from paint.puzzle import Puzzle
>>> from paint.engine import Engine, choose_rules
>>> engine = Engine(Puzzle(rows=[[1], [1]], columns=[[1], [1]]), choose_rules(None))
>>> probe(engine, 0, 0, 3) is None     # two solutions: nothing breaks
True
>>> engine = Engine(Puzzle(rows=[[2], [1]], columns=[[1], [2]]), choose_rules(None))
>>> print(probe(engine, 1, 0, 3).text)
row 2, column 1 cannot be full - column 1 [1] would make row 1 empty; and row 1 [2] could not be completed: the 2 cannot start before column 2: it cannot start on the empty column 1; so there is no room for the 2: from column 2, its 2 squares would run past the end of the line at column 2
"""

from __future__ import annotations

import heapq

import attrs

from ..errors import StripContradiction
from ..explanation import Chain, Follows, Link, Mark, Reason, contradiction
from ..linesolvers import exact, exact_masks_for
from ..squares import BLANK, EMPTY, FULL
from ..strip import Strip


def _ends(squares) -> tuple[int, ...]:
    """The first and the last blank square of a strip when only empty squares lie between it and the border."""
    found = []
    for order in (range(len(squares)), range(len(squares) - 1, -1, -1)):
        for position in order:
            value = squares[position]
            if value == BLANK:
                found.append(position)
                break
            if value != EMPTY:
                break
    return tuple(found)


def edge_squares(engine):
    """The blank squares on a generalised edge, row by row (Kramer rule v).

    A square is on a generalised edge of its row (or column) when only empty
    squares lie between it and an end of the strip: it is where the border
    of the puzzle, moved in past the squares known to be empty, runs.  A
    full square there would start (or end) a block.  Yields 0-based ``(row,
    column)`` pairs.
    """
    found = set()
    for r, squares in enumerate(engine.grid.rows):
        found.update((r, c) for c in _ends(squares))
    for c, squares in enumerate(engine.columns):
        found.update((r, c) for r in _ends(squares))
    return sorted(found)


def corner_squares(engine):
    """The blank squares at a generalised corner, row by row: on a generalised edge of their row and of their column (Kramer rule vi).

    Yields 0-based ``(row, column)`` pairs.
    """
    across = {(r, c) for r, squares in enumerate(engine.grid.rows) for c in _ends(squares)}
    down = {(r, c) for c, squares in enumerate(engine.columns) for r in _ends(squares)}
    return sorted(across & down)


class ProbeMemory:
    """The squares one probe rule found nothing for, with the strips it read there (Kramer decision 8, for probes),
    and the squares its last sweep found breaking that are not told yet (``pending``, :func:`breaking`).

    A probe reads only the strips its generations reach; as long as none of
    them has changed, probing the square again would follow the same path
    and find nothing again.  One memory belongs to one probe rule on one
    line of reasoning: an :class:`paint.engine.Engine` makes it from the
    rule's ``memory`` factory and hands it to the rule's ``find``; the
    engine's strips count their changes in ``Strip.version``.
    """

    def __init__(self):
        self._quiet: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self.pending: list[tuple[tuple[int, int], dict[int, int]]] = []
        """The squares the last sweep found breaking that are not told yet, in the sweep's order, each with
        the strips its probe read (:func:`breaking`)."""
        self.swept_at = -1
        """The engine's ``changes`` when the last sweep was made (-1: never)."""
        self.ranked_at = -1
        """The engine's ``changes`` when ``pending`` was last put in order (-1: never)."""

    def unchanged(self, square: tuple[int, int], strips) -> bool:
        """True when the probe found nothing at ``square`` and no strip it read has changed since
        (``strips``: the engine's strips, indexed as the reads were)."""
        reads = self._quiet.get(square)
        return reads is not None and all(strips[i].version == version for i, version in reads)

    def quiet(self, square: tuple[int, int], reads: dict[int, int]) -> None:
        """Remember that the probe found nothing at ``square`` after reading ``reads`` (strip index -> version)."""
        self._quiet[square] = tuple(reads.items())

    def forget(self, square: tuple[int, int]) -> None:
        """Forget ``square`` (it broke: the square is now known)."""
        self._quiet.pop(square, None)


def probe(engine, row: int, column: int, generations: int, rules=None) -> Chain | None:
    """Assume square (``row``, ``column``) full and follow the line rules for up to ``generations`` generations.

    Returns the :class:`Chain` - the assumption, the consequences the break
    depends on, the strip that broke and why - when some strip can no longer
    be completed (so the square is empty), or None when nothing broke.
    ``rules`` are the strip rules to follow (default: the engine's).  The
    engine is not changed.  (:func:`breaking`, which the probe rules use,
    works the same two passes with the memory between them.)
    """
    rules = engine.strip_rules if rules is None else rules
    if not _breaks(engine, row, column, generations, {}):
        return None
    # It breaks: follow it again with the rules themselves, to name the rule behind each link.
    return _Follower(engine, rules).run(row, column, generations)


def follow(engine, placed, rules=None) -> Chain | None:
    """Put the marks ``placed`` (:class:`paint.explanation.Mark` records of blank squares: a search's block in one
    of its places, :func:`paint.search.blocks.placement_marks`) on the engine's grid and follow what the line rules
    force, generation after generation, until a strip cannot be completed or nothing more follows.

    Returns the :class:`Chain` to the break, cut down to the links the break needs (as a probe's; its ``placed``
    holds the marks), or None when nothing breaks.  The engine is not changed.  This is
    the chain a search step tells for each place of its block that breaks (Kramer decision 6/7/2: the search is
    explained as the probes are).
    """
    if not placed:
        return None
    chain = _Follower(engine, engine.strip_rules if rules is None else rules).run_marks(list(placed), UNBOUNDED)
    return None if chain is None else attrs.evolve(chain, placed=tuple(placed))


def derivation(engine, placed, targets, rules=None) -> Follows | None:
    """The one-line steps by which the marks ``placed`` (a search's block in a place that does not break) lead to
    the squares ``targets`` (0-based ``(row, column)`` pairs: what a case-analysis step concludes), cut to the
    links those squares need, each with its reason; None when something breaks or a target does not follow.  The
    engine is not changed.  Used to tell, for each place left, why the squares every place agrees on follow
    from it.
    """
    links = _Follower(engine, engine.strip_rules if rules is None else rules).derive(list(placed), list(targets))
    return None if links is None else Follows(tuple(placed), links)


def _breaks(engine, row: int, column: int, generations: int, reads: dict[int, int]) -> bool:
    """Whether assuming (``row``, ``column``) full breaks a strip within ``generations``: the quick pass of :func:`probe`.

    Each strip is settled at once by the exact line solver on bit sets
    (:func:`paint.linesolvers.exact_masks`), which finds the same squares
    and the same break as the line rules run until none finds more
    (``try_one`` is exact); the last generation only asks whether each
    strip's blocks still fit, since what it would force goes no further.
    ``reads`` collects the strips read with their versions.
    """
    strips = engine.strips
    budget = engine.budget
    height = engine.height
    solve_row, solve_column = exact_masks_for(engine.width), exact_masks_for(height)  # as exact_masks would
    across, down = engine.through(row, column)
    # the probe's squares over the engine's, by strip: the squares it made full and those it made empty
    full: dict[int, int] = {across: 1 << column, down: 1 << row}
    empty: dict[int, int] = {}
    current = {across, down}
    for generation in range(1, generations + 1):
        if budget is not None:  # once a generation: its strips are settled at once, in microseconds each
            budget.check()
        last = generation == generations
        made = []
        # in order: a break ends the probe, and the strips read until then are what the memory keeps
        for index in sorted(current):
            live = strips[index]
            reads[index] = live.version
            known_full, known_empty = live.masks()
            known_full |= full.get(index, 0)
            known_empty |= empty.get(index, 0)
            found = (solve_row if index < height else solve_column)(live.targets, len(live.squares), known_full,
                                                                    known_empty)
            if found is None:
                return True
            if not last and found != (known_full, known_empty):
                made.append((index, found[0] & ~known_full, found[1] & ~known_empty))
        following = set()
        for index, new_full, new_empty in made:
            mine_full, mine_empty = full.get(index, 0), empty.get(index, 0)
            if new_full & mine_empty or new_empty & mine_full:
                return True  # a row and a column of this generation disagree on a square
            new_full &= ~mine_full
            new_empty &= ~mine_empty
            if not new_full | new_empty:
                continue
            full[index], empty[index] = mine_full | new_full, mine_empty | new_empty
            # not this strip itself: the exact solver's answer holds all that follows from what it was given, so
            # solving it again would give nothing new, unless a crossing strip adds a square to it, which puts
            # it among the next generation's strips below (8% of the probes' line solves on light,
            # petroglyph and mum were such repeats, each answering what the one before it had)
            # the strips crossing this one (engine.crossing, inlined): square p of a row lies on column p, at
            # the row's own place along it, and the other way round
            first, bit = (height, 1 << index) if index < height else (0, 1 << (index - height))
            for news, overlay in ((new_full, full), (new_empty, empty)):
                while news:
                    lowest = news & -news
                    crossing = first + lowest.bit_length() - 1
                    overlay[crossing] = overlay.get(crossing, 0) | bit
                    following.add(crossing)
                    news ^= lowest
        if not following:
            return False
        current = following
    return False


def _needed(engine, placed, generations: int, targets=None) -> dict[int, set[int]] | None:
    """The strips, by generation, that a follow of the marks ``placed`` (:class:`_Follower`) needs to work for its
    break - or, given ``targets`` (``(row, column)`` pairs), for those squares - found by the exact line solver on
    bit sets.  None when the follow has no chain to tell: nothing breaks within ``generations`` - or, given
    ``targets``, a target is not reached or something breaks (:meth:`_Follower.derive` then has none either).

    The follow itself, generation by generation, with each strip settled at
    once, as the line rules run to their end on it settle it (``try_one`` is
    exact): a strip breaks where the follow's does - on its turn in the
    generation, or when the strips before it in the generation mark squares
    its blocks no longer fit (:meth:`_Follower.still_fits`).  Each strip's
    work reads the squares put on it before its generation, each put by the
    first work that marked it; the works the break reads, and those they
    read, back to the marks placed, are all the chain can keep
    (:meth:`_Follower.shortest` keeps only links the break needs).  Worked
    alone, in the same order, they see the same squares and find the same
    links.  On light's solve its 93 follows worked 9,529 strips with the
    rules before, 1,217 narrowed.
    """
    strips = engine.strips
    height = engine.height
    rows = engine.grid.rows
    solve_row, solve_column = exact_masks_for(engine.width), exact_masks_for(height)
    full: dict[int, int] = {}       # the follow's squares over the engine's, by strip, as bit sets
    empty: dict[int, int] = {}
    first: dict[tuple[int, int], int] = {}  # (row, column) -> the work that put it (-1: placed)
    works: list[tuple[int, int]] = []       # per work: (generation, strip)
    reads: list[set[int]] = []              # per work: the works that put the squares it read

    def square(index: int, position: int) -> tuple[int, int]:
        return (index, position) if index < height else (position, index - height)

    def putters(index: int, bits: int) -> set[int]:
        found = set()
        while bits:
            lowest = bits & -bits
            found.add(first[square(index, lowest.bit_length() - 1)])
            bits ^= lowest
        return found

    def put(r: int, c: int, full_square: bool, work: int) -> None:
        overlay = full if full_square else empty
        overlay[r] = overlay.get(r, 0) | 1 << c
        overlay[height + c] = overlay.get(height + c, 0) | 1 << r
        first[(r, c)] = work

    def needs(start: set[int], *also: tuple[int, int]) -> dict[int, set[int]]:
        only: dict[int, set[int]] = {}
        for generation, index in also:
            only.setdefault(generation, set()).add(index)
        todo = [work for work in start if work >= 0]
        seen = set(todo)
        while todo:
            work = todo.pop()
            generation, index = works[work]
            only.setdefault(generation, set()).add(index)
            for earlier in reads[work]:
                if earlier >= 0 and earlier not in seen:
                    seen.add(earlier)
                    todo.append(earlier)
        return only

    current = set()
    for mark in placed:
        put(mark.row, mark.column, mark.value == FULL, -1)
        current.update(engine.through(mark.row, mark.column))
    budget = engine.budget
    for generation in range(1, generations + 1):
        if budget is not None:  # once a generation, as the quick pass (a search's follow runs to its end)
            budget.check()
        made = []
        for index in sorted(current):
            live = strips[index]
            known_full, known_empty = live.masks()
            mine_full, mine_empty = full.get(index, 0), empty.get(index, 0)
            found = (solve_row if index < height else solve_column)(live.targets, len(live.squares),
                                                                    known_full | mine_full, known_empty | mine_empty)
            if found is None:  # the strip's own turn: the squares put on it break it
                return None if targets is not None else needs(putters(index, mine_full | mine_empty),
                                                              (generation, index))
            new_full = found[0] & ~(known_full | mine_full)
            new_empty = found[1] & ~(known_empty | mine_empty)
            if new_full | new_empty:
                made.append((index, new_full, new_empty, mine_full | mine_empty))
        following = set()
        for index, new_full, new_empty, before in made:
            live = strips[index]
            mine_full, mine_empty = full.get(index, 0), empty.get(index, 0)
            if mine_full | mine_empty != before:  # strips before it in this generation marked it: does it fit?
                known_full, known_empty = live.masks()
                if (solve_row if index < height else solve_column)(live.targets, len(live.squares),
                                                                   known_full | mine_full,
                                                                   known_empty | mine_empty) is None:
                    if targets is not None:
                        return None
                    return needs(putters(index, mine_full | mine_empty), (generation, index))  # (before among them)
            work = len(works)
            works.append((generation, index))
            reads.append(putters(index, before))
            for news, full_square in ((new_full, True), (new_empty, False)):
                while news:
                    lowest = news & -news
                    news ^= lowest
                    r, c = square(index, lowest.bit_length() - 1)
                    if (r, c) in first or rows[r][c] != BLANK:
                        continue  # put by a strip before it in this generation (or known)
                    put(r, c, full_square, work)
                    following.update(engine.through(r, c))
        if not following:
            break
        current = following
    if targets is None or any(target not in first for target in targets):
        return None
    return needs({first[target] for target in targets})


UNBOUNDED = 10 ** 9
"""Generations enough to follow a search's place until nothing more follows (a grid has fewer squares)."""


class _Broken(Exception):
    """A strip of the probe cannot be completed: found by ``rule``; ``squares`` are the strip's squares then and
    ``sources`` which link marked each of them that the engine's grid leaves blank (position -> link index, -1
    for the assumption).  Why is worded only for the chain, on the fewer squares it keeps
    (:meth:`_Follower.shortest`)."""

    def __init__(self, strip, rule: str, sources: dict[int, int], squares: bytes):
        super().__init__(f"{strip.name} cannot be completed ({rule})")
        self.strip, self.rule, self.sources, self.squares = strip, rule, sources, squares


class _Follower:
    """One probe's overlay of the engine's grid and the links it found, each naming the rule that found it.

    The same path as :func:`_breaks`, with the rules run on each strip until
    none finds more, and for each link the links whose marks its strip held,
    so that the chain can be cut down to what the break needs
    (:meth:`shortest`).
    """

    def __init__(self, engine, rules, only: dict[int, set[int]] | None = None):
        self.engine = engine
        self.rules = rules
        self.only = only  # generation -> the strips worked in it (None: every strip reached), :func:`_needed`
        self.overlay: dict[int, dict[int, int]] = {}   # strip index -> {position: value}
        self.marked_by: dict[tuple[int, int], int] = {}  # (row, column) -> link that marked it (-1: assumed)
        self.links: list[Link] = []
        self.sources: list[dict[int, int]] = []        # per link: position on its strip -> link that marked it

    def put(self, r: int, c: int, value: int, link: int) -> None:
        across, down = self.engine.through(r, c)
        self.overlay.setdefault(across, {})[c] = value
        self.overlay.setdefault(down, {})[r] = value
        self.marked_by[(r, c)] = link

    def run(self, row: int, column: int, generations: int) -> Chain | None:
        return self.run_marks([Mark(row, column, FULL, self.engine.strips[row].id)], generations)

    def run_marks(self, placed, generations: int) -> Chain | None:
        """Follow the marks ``placed`` (the first is the chain's ``assumed``) for up to ``generations``
        generations; the chain to the first break, or None.

        The rules work only the strips the break needs, when the quick pass
        can tell which (:meth:`narrowed`): the same chain, as every other
        strip's links are cut from it (:meth:`shortest`).
        """
        narrowed = self.narrowed(placed, generations)
        if narrowed is None:
            return None  # nothing breaks: the quick pass follows the marks as the rules do
        if narrowed is not False:
            chain = narrowed.run_marks(placed, generations)
            if chain is not None:
                return chain
        try:
            self.spread(placed, generations)
        except _Broken as broken:
            return self.shortest(placed[0], broken)
        return None

    def narrowed(self, placed, generations: int, targets=None):
        """What :func:`_needed` finds for this follow - a follower of the same marks that works only the strips
        the break (or the squares ``targets``) needs, or None when nothing breaks (a target is not reached) -
        or False when it cannot be used: this follower is narrowed already, or its rules are not complete line
        logic (without ``try_one`` they may find less than the quick pass, and break elsewhere or nowhere)."""
        if self.only is not None or not any(rule.name == "try_one" for rule in self.rules):
            return False
        only = _needed(self.engine, placed, generations, targets)
        return None if only is None else _Follower(self.engine, self.rules, only)

    def spread(self, placed, generations: int) -> None:
        """Put the marks ``placed`` on the overlay and work the strips they touch, generation by generation, for
        up to ``generations`` generations or until nothing more follows.  Raises :class:`_Broken` at the first
        strip that cannot be completed.  A narrowed follower works only the strips of :attr:`only`."""
        engine = self.engine
        only = self.only
        current = set()
        for mark in placed:
            self.put(mark.row, mark.column, mark.value, -1)
            current.update(engine.through(mark.row, mark.column))
        for generation in range(1, generations + 1):
            made = []
            worked = None if only is None else only.get(generation, ())
            for index in sorted(current):
                if worked is None or index in worked:
                    made.extend(self.work(index, generation))
            following = set()
            for link_index in made:
                link = self.links[link_index]
                self.still_fits(link)
                for mark in link.marks:
                    r, c = mark.row, mark.column
                    if self.overlay.get(r, {}).get(c, engine.grid.rows[r][c]) == BLANK:
                        self.put(r, c, mark.value, link_index)
                        following.update(engine.through(r, c))
            if not following:
                return
            current = following

    def shortest(self, assumed: Mark, broken: _Broken) -> Chain:
        """The chain of ``broken`` with only the links the break needs, each told on only the links it needs.

        Walks back from the broken strip: of the links whose marks it held,
        those it still cannot be completed without are kept (the latest are
        tried first, one at a time); each kept link, in turn, keeps only the
        links its own rule cannot mark its squares without, and its reason is
        told on the squares that leave.  So every link follows from the
        assumption and the links kept before it, and the broken strip from
        them all; the links nothing kept needs are left out.
        """
        live = self.engine.strips[self.engine.index(broken.strip)]
        kept, squares = _fewest(live, broken.squares, broken.sources,
                                lambda trial: exact(live.targets, trial) is None)
        error = StripContradiction("its blocks cannot be placed")
        reason = contradiction(live.id, live.targets, squares, broken.rule, error).reason
        used: dict[int, set] = {}  # link -> the squares of its marks that the links after it, or the break, read
        self._note(used, live.id, squares, broken.sources, kept)
        needed = self._keep([index for index in kept if index >= 0], used)
        return Chain(assumed, tuple(self.links[i] for i in sorted(needed)),
                     broken.strip, live.targets, broken.rule, reason, squares)

    def _keep(self, kept, used: dict) -> set[int]:
        """The links ``kept`` and every link they need, each cut to the marks read after it (``used``) and told on
        the fewest links before it; walked latest first, so every link that reads a link is worked before it."""
        needed: set[int] = set()
        todo = [-index for index in kept]
        heapq.heapify(todo)
        while todo:
            index = -heapq.heappop(todo)
            if index in needed:
                continue
            needed.add(index)
            self._trim(index, used.get(index, set()))
            before = self.shorten(index)
            link = self.links[index]
            self._note(used, link.strip, link.reason.squares, self.sources[index], before)
            for earlier in before:
                if earlier >= 0 and earlier not in needed:
                    heapq.heappush(todo, -earlier)
        return needed

    def derive(self, placed, targets) -> tuple[Link, ...] | None:
        """Follow the marks ``placed`` until nothing more follows; the links that mark the squares ``targets``
        (``(row, column)`` pairs) and the links they need, in order (each cut to what is read after it), or None
        when something breaks or a target is not marked.  Narrowed, as :meth:`run_marks`, to the strips the
        targets need."""
        narrowed = self.narrowed(placed, UNBOUNDED, targets)
        if narrowed is None:
            return None  # something breaks, or a target is not reached: as the rules would find
        if narrowed is not False:
            links = narrowed.derive(placed, targets)
            if links is not None:
                return links
        try:
            self.spread(placed, UNBOUNDED)
        except _Broken:
            return None
        used: dict[int, set] = {}
        for square in targets:
            link = self.marked_by.get(square)
            if link is None:
                return None
            if link >= 0:
                used.setdefault(link, set()).add(square)
        needed = self._keep(list(used), used)
        return tuple(self.links[i] for i in sorted(needed))

    @staticmethod
    def _note(used: dict, strip, squares: bytes, sources: dict[int, int], kept) -> None:
        """Add to ``used`` the squares (row, column) of ``strip`` that it reads, with ``squares``, from the links
        of ``kept`` (``sources``: position -> link)."""
        for position, link in sources.items():
            if link in kept and squares[position] != BLANK:
                used.setdefault(link, set()).add(strip.square(position))

    def _trim(self, index: int, used: set) -> None:
        """Keep only the marks of link ``index`` that a later link or the break reads (``used``), when its rule
        gives each mark a reason of its own (:attr:`paint.rule.Rule.split`: try_one's witnesses): the others are
        told nowhere, and would each add a contradiction of their own."""
        link = self.links[index]
        row = None if link.reason is None else link.reason.row
        if row is None or row.split is None:
            return
        marks = tuple(mark for mark in link.marks if (mark.row, mark.column) in used)
        if not marks or len(marks) == len(link.marks):
            return
        detail = row.split(link.reason.detail, [(mark.position, mark.value) for mark in marks])
        self.links[index] = attrs.evolve(link, marks=marks, reason=attrs.evolve(link.reason, detail=detail))

    def shorten(self, index: int) -> set[int]:
        """Tell link ``index`` on as few of the links before it as its rule needs; return those links."""
        link = self.links[index]
        live = self.engine.strips[self.engine.index(link.strip)]
        row = link.reason.row
        wanted = {(mark.position, mark.value) for mark in link.marks}

        def marks_them(trial: bytes) -> bool:
            finding = _find(row, live, trial)
            return finding is not None and wanted <= set(finding.marks)

        kept, squares = _fewest(live, link.reason.squares, self.sources[index], marks_them)
        if squares != link.reason.squares:
            finding = _find(row, live, squares)
            detail = finding.detail if row.split is None else row.split(finding.detail, wanted)  # the kept marks
            reason = Reason(live.id, live.targets, squares, row, detail)
            self.links[index] = attrs.evolve(link, reason=reason)
        return kept

    def work(self, index: int, generation: int) -> list[int]:
        """Work strip ``index`` with the rules in order until none finds more; return the new links' indices.

        The strip sees the overlay as it was when the generation began.
        Raises :class:`_Broken` when it cannot be completed.
        """
        if self.engine.budget is not None:
            self.engine.budget.check()
        live = self.engine.strips[index]
        mine = self.overlay.get(index, {})
        squares = bytearray(live.squares)
        for position, value in mine.items():
            squares[position] = value
        if exact(live.targets, squares) == squares:
            return []  # it fits and settles nothing: no rule can find anything on it (each finds only what is so)
        read = self.read(live, mine)
        own: dict[int, int] = {}   # the squares this strip's own links marked so far -> link
        given = bytes(squares)
        strip = Strip(live.id, live.targets, squares,
                      None if live.lefts is None else list(live.lefts),
                      None if live.rights is None else list(live.rights))
        first = len(self.links)
        while True:
            for rule in self.rules:
                try:
                    strip.update_patches()
                    if strip.done:
                        return list(range(first, len(self.links)))
                    finding = rule.find(strip)
                except StripContradiction:
                    # The strip already could not be completed on the squares it read: what the rules
                    # marked on it before finding that is left out, and the account is told on those squares.
                    raise _Broken(live.id, rule.name, read, given) from None
                if finding is None:
                    continue
                reason = Reason(live.id, live.targets, bytes(strip.squares), rule, finding.detail)
                marks = []
                for position, value in finding.marks:
                    strip.squares[position] = value
                    strip.marked.append(position)
                    r, c = live.id.square(position)
                    marks.append(Mark(r, c, value, live.id))
                strip.version += len(marks)
                self.sources.append({**read, **own})
                own.update((position, len(self.links)) for position, _ in finding.marks)
                self.links.append(Link(generation, live.id, live.targets, rule.name, tuple(marks), reason))
                break
            else:
                return list(range(first, len(self.links)))


    def still_fits(self, link: Link) -> None:
        """Raise :class:`_Broken` if ``link``'s strip cannot be completed on the squares the links before it marked.

        The strips of a generation are worked from the squares as the
        generation began, but a person reads the links one after another:
        a strip whose blocks no longer fit once the earlier links of its
        generation are marked is where the chain breaks, told on those
        squares.  (When the strip still fits, its link holds: its marks
        follow from fewer squares, so they agree with every earlier link.)
        """
        index = self.engine.index(link.strip)
        live = self.engine.strips[index]
        mine = self.overlay.get(index, {})
        squares = bytearray(live.squares)
        for position, value in mine.items():
            squares[position] = value
        if exact(live.targets, squares) is not None:
            return
        raise _Broken(live.id, "try_one", self.read(live, mine), bytes(squares))

    def read(self, live, mine) -> dict[int, int]:
        """Which link marked each square of strip ``live``'s overlay ``mine``: position -> link, -1 for the assumption."""
        return {p: self.marked_by[live.id.square(p)] for p in mine}


def _find(row, live, squares: bytes):
    """What the strip rule ``row`` finds on strip ``live`` with ``squares``: its Finding, or None (nothing, or no
    way to complete the strip)."""
    strip = Strip(live.id, live.targets, bytearray(squares),
                  None if live.lefts is None else list(live.lefts),
                  None if live.rights is None else list(live.rights))
    try:
        strip.update_patches()
        return None if strip.done else row.find(strip)
    except StripContradiction:
        return None


def _fewest(live, squares: bytes, sources: dict[int, int], holds) -> tuple[set[int], bytes]:
    """The links of ``sources`` (position -> link that marked it, -1 the assumption) that ``squares`` of strip
    ``live`` need for ``holds(squares)`` to stay true, and the squares with the others' marks taken back.

    Greedy, the latest link first: a link's marks are taken back, all at once, when what is left still holds.
    The assumption is always kept.
    """
    by_link: dict[int, list[int]] = {}
    for position, link in sources.items():
        by_link.setdefault(link, []).append(position)
    kept = set(by_link)
    squares = bytes(squares)
    for link in sorted(by_link, reverse=True):
        if link < 0:
            continue
        trial = bytearray(squares)
        for position in by_link[link]:
            trial[position] = live.squares[position]
        if holds(bytes(trial)):
            squares = bytes(trial)
            kept.discard(link)
    return kept, squares


def _could_break(engine, squares) -> set | None:
    """The squares of ``squares`` (0-based ``(row, column)`` pairs) that, assumed full, leave some strip no way to
    be completed once line logic has run to the end (full propagation), by the engine's ``full_break`` (set by
    the solver for ``paint check`` once compiled code is loaded: :func:`paint.search.compiled.full_break`);
    None when it has none.

    A probe that breaks within some generations breaks under full propagation too, which follows every
    generation, so only these squares can break: for a caller that needs only which squares break
    (``engine.chains`` false), the others need no probe.
    """
    return None if engine.full_break is None else engine.full_break(engine.strips, squares)


def breaking(engine, memory: ProbeMemory, squares, generations: int):
    """Probe the squares of ``squares`` (0-based ``(row, column)`` pairs); yield ``(square, chain)`` for each that
    breaks, each on the grid as the squares yielded before it left it.

    ``chain`` is the :class:`Chain` a person reads, or None when the engine
    keeps no chains (``engine.chains`` false: the break is then only found,
    which is about twice as quick as following it again to tell it).

    A generator: the caller marks each square found empty before asking for
    the next (by strip, it takes one and runs the line rules before asking
    again), so every chain holds on the grid just before its own step - the
    grid a person reading the explanation has in front of them.

    A *sweep* probes every square of ``squares`` in order on the grid as it
    stands and keeps those that break (``memory.pending``).  They are told
    one at a time, each on the grid of its own step: the first on the grid
    the sweep saw, each later one probed again on the grid the steps since
    have left (a square they settled, or whose probe no longer breaks there,
    or for which the rules find no chain, is passed over).  By strip, the square told first is the one that opens
    the most - whose emptiness lets line logic settle the most squares
    (:func:`_opens`), ties in order - as a teacher shows the probe that
    leads furthest.  A new sweep is made only when none is left, and none
    when this very grid was swept.  Where several squares break at once
    (when a probe step was told, 6 on light's grid on average, 17 on
    petroglyph's), this probes far less than starting from the first square
    again after every step, and the probe that opens the most takes fewer
    probe steps (docs/search.md).
    A square whose last probe found nothing is not probed again until one of
    the strips that probe read has changed (``memory``, the probe rule's
    own): with the same squares the probe would follow the same path.
    """
    squares = list(squares)
    candidates = set(squares)
    while True:
        if not memory.pending:
            if memory.swept_at == engine.changes:
                return  # this very grid was swept, and what it found is told: nothing more breaks
            memory.pending = _sweep(engine, memory, squares, generations)
            memory.swept_at = engine.changes
            continue
        # settled since (by line logic or a step before it): ``squares`` holds only blank squares
        memory.pending = [item for item in memory.pending if item[0] in candidates]
        if engine.by_strip and len(memory.pending) > 1 and memory.ranked_at != engine.changes:
            # the one that opens the most first, ties in order; once a grid (what is left stays in that order)
            opens = {square: _opens(engine, square) for square, _ in memory.pending}
            memory.pending.sort(key=lambda item: -opens[item[0]])
            memory.ranked_at = engine.changes
        if not memory.pending:
            continue
        square, reads = memory.pending.pop(0)
        if engine.changes != memory.swept_at:  # the grid has changed since the sweep: probe it again
            reads = {}
            if not _breaks(engine, square[0], square[1], generations, reads):
                memory.quiet(square, reads)
                continue
        chain = _Follower(engine, engine.strip_rules).run(*square, generations) if engine.chains else None
        if chain is None and engine.chains:
            # The exact solver breaks it and the rules find no chain (rules weaker than it, a chosen few): not
            # remembered as quiet, since the rules read strips the quick pass, stopping at its break, did not.
            memory.forget(square)
            continue
        memory.forget(square)
        yield square, chain


def _opens(engine, square: tuple[int, int]) -> int:
    """How many blank squares line logic settles once ``square`` (0-based ``(row, column)``, blank) is marked
    empty: the exact line solver on bit sets (:func:`paint.linesolvers.exact_masks`) run over every strip it
    changes until none changes (full propagation, as the line rules run to their end find the same); 0 when a
    strip then breaks.  The engine is not changed.  (The depth-first search's ``Board.guess`` counts the same,
    but the rules import nothing from :mod:`paint.search`; the test of the order checks this against it.)"""
    strips = engine.strips
    height = engine.height
    solve_row, solve_column = exact_masks_for(engine.width), exact_masks_for(height)
    known = {}  # strip index -> (full, empty), for the strips this has changed
    row, column = square
    across, down = engine.through(row, column)
    for index, bit in ((across, 1 << column), (down, 1 << row)):
        full, empty = strips[index].masks()
        known[index] = (full, empty | bit)
    dirty = {across, down}
    settled = 0
    while dirty:
        index = dirty.pop()
        full, empty = known.get(index) or strips[index].masks()
        found = (solve_row if index < height else solve_column)(strips[index].targets, len(strips[index].squares),
                                                                full, empty)
        if found is None:
            return 0
        new_full, new_empty = found[0] & ~full, found[1] & ~empty
        if not new_full | new_empty:
            continue
        known[index] = found
        first, bit = (height, 1 << index) if index < height else (0, 1 << (index - height))
        for news, value in ((new_full, 0), (new_empty, 1)):
            settled += news.bit_count()
            while news:
                lowest = news & -news
                crossing = first + lowest.bit_length() - 1
                masks = list(known.get(crossing) or strips[crossing].masks())
                masks[value] |= bit
                known[crossing] = tuple(masks)
                dirty.add(crossing)
                news ^= lowest
    return settled


def _sweep(engine, memory: ProbeMemory, squares, generations: int) -> list:
    """The squares of ``squares`` whose probe breaks on the grid as it stands, in order (the quick pass only),
    each as ``(square, reads)`` with the strips its probe read; those that do not are remembered quiet in
    ``memory``."""
    strips = engine.strips
    could = _could_break(engine, squares) if not engine.chains else None
    found = []
    for square in squares:
        if memory.unchanged(square, strips):
            continue
        if could is not None and square not in could:
            continue  # it cannot break within any number of generations, so not within these
        reads: dict[int, int] = {}
        if _breaks(engine, square[0], square[1], generations, reads):
            found.append((square, reads))
        else:
            memory.quiet(square, reads)
    return found
