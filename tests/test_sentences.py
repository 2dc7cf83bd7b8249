"""Every printed reason is true: its sentences are checked, clause by clause, against brute force.

For each step of a rule on one strip, the strip's squares just before the
step are rebuilt from the marks of the steps before it, every placement of
the clue that fits them is listed, and each sentence the reason prints is
parsed and checked against those placements: "the 7 can only lie in columns
4-13", "cannot start before", "rows 1-2, before the empty row 3, are too
few", "no block can reach", the owners of a run, the gaps, the known squares
a try_one witness names (which with the other value must leave no placement),
and the JSON ``blocks``.  A sentence of a form this file does not know fails
the test, so new wording has to be taught here, and checked, before it ships.
Probe chains are checked link by link in tests/test_search.py.
Shares no code with paint but the document it reads.
"""

import functools
import random
import re
from pathlib import Path

import pytest

import paint
from checker import clues_of, columns_of

PUZZLES = Path(__file__).parent.parent / "puzzles"


ORD = {w: i + 1 for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split())}
BLK = r"the (?:((?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))) )?(\d+)"
BLK_RUN = (r"the blocks (after|before) " + BLK + r" each (?:start at least a square after the one before them "
           r"ends|end at least a square before the one after them starts), so they cannot (start before|end after): "
           r"(.*)$")

@functools.lru_cache(maxsize=None)
def placements(clue, n):
    """all start tuples"""
    out = []
    def rec(j, pos, acc):
        if j == len(clue):
            out.append(tuple(acc)); return
        rest = sum(clue[j:]) + len(clue) - j - 1
        for s in range(pos, n - rest + 1):
            rec(j + 1, s + clue[j] + 1, acc + [s])
    rec(0, 0, [])
    return out

def line_of(clue, starts, n):
    l = ['.'] * n
    for c, s in zip(clue, starts):
        for p in range(s, s + c): l[p] = 'X'
    return l

def consistent(clue, line):
    n = len(line)
    res = []
    for st in placements(tuple(clue), n):
        l = line_of(clue, st, n)
        if all(k == ' ' or k == v for k, v in zip(line, l)):
            res.append(st)
    return res

def parse_spans(s):
    out = []
    for part in s.split(', '):
        if '-' in part:
            a, b = part.split('-'); out += list(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out

class Bad(Exception): pass

def resolve(clue, m_ord, m_size, ctx):
    size = int(m_size)
    same = [j for j, c in enumerate(clue) if c == size]
    if not same: raise Bad(f"{ctx}: no block of size {size} in clue {clue}")
    if m_ord is None:
        if len(same) != 1: raise Bad(f"{ctx}: ambiguous 'the {size}' in clue {clue}")
        return same[0]
    o = ORD.get(m_ord) or int(re.match(r'\d+', m_ord).group())
    if len(same) == 1: raise Bad(f"{ctx}: ordinal used for unique size {size} in {clue}")
    if o > len(same): raise Bad(f"{ctx}: ordinal {m_ord} > count in {clue}")
    return same[o - 1]

def packing_errors(clue, n, j, verb, v, listed, where, ctx):
    """What is wrong with '<block j> cannot <verb> <v>, leaving room for <listed> <where> it': the bound must be the
    one the blocks after (before) it, packed against the end (start) of the line, leave, and they must be listed."""
    named = [resolve(clue, mm.group(1), mm.group(2), ctx) for mm in re.finditer(BLK, listed)]
    if verb == 'end after':
        expected, packed, side = list(range(j + 1, len(clue))), n - sum(clue[j + 1:]) - (len(clue) - 1 - j), 'after'
    else:
        expected, packed, side = list(range(j)), sum(clue[:j]) + j + 1, 'before'
    errors = []
    if named != expected or where != side: errors.append(f"leaving room for {named} {where}, not {expected} {side}")
    if v != packed: errors.append(f"bound {v} is not the packed {packed}")
    return errors

def clause_side(cl):
    """The side of a block's bound a clause of its why speaks to: 'start' (what keeps it from starting earlier) or
    'end', as the clause's own words say."""
    if re.match(r"it comes after|starting at|it cannot start on|it cannot end before the full", cl) or \
            re.search(r", before the empty ", cl):
        return 'start'
    return 'end'


def check_line_claims(text, clue, line, pls, kind, ctx, errors, vacuous=False):
    """Check the clauses of one reason line. pls: consistent placements."""
    n = len(line)
    K = kind
    def minstart(j): return min(p[j] for p in pls)
    def maxend(j): return max(p[j] + clue[j] - 1 for p in pls)
    def minend(j): return min(p[j] + clue[j] - 1 for p in pls)
    def maxstart(j): return max(p[j] for p in pls)
    def err(msg): errors.append(f"{ctx}: {msg}\n    LINE: {text}")

    def check_clause(cl, j, side):
        """Check one clause of why block j's bound on side holds (side None: the clause says which)."""
        if side is None:
            side = clause_side(cl)
        mm = re.match(rf"it comes (after|before) {BLK}(?:, which cannot (end before|start after) {K} (\d+))?$", cl)
        if mm:
            o = resolve(clue, mm.group(2), mm.group(3), ctx)
            if (mm.group(1) == 'after' and o != j - 1) or (mm.group(1) == 'before' and o != j + 1):
                err(f"neighbour wrong: {cl}")
            if mm.group(4) is None:  # the neighbour packed against the edge: nothing to cite
                return
            v = int(mm.group(5))
            if not vacuous and pls:
                if mm.group(4) == 'end before' and minend(o) + 1 < v: err(f"neighbour min end {minend(o)+1} < {v}")
                if mm.group(4) == 'start after' and maxstart(o) + 1 > v: err(f"neighbour max start {maxstart(o)+1} > {v}")
            return
        mm = re.match(rf"{K}s? ([\d, -]+)(?: alone)?, (before|after) the empty {K}s? ([\d, -]+), (?:are too few|is too short) for it$", cl)
        if mm:
            room = parse_spans(mm.group(1)); walls = parse_spans(mm.group(3))
            if walls != list(range(walls[0], walls[-1] + 1)): err("empty squares not in a row")
            for e in walls:
                if line[e - 1] != '.': err(f"square {e} not empty")
            for q in room:
                if line[q - 1] == '.': err(f"room square {q} is empty")
            if room != list(range(room[0], room[-1] + 1)): err("room not in a row")
            if mm.group(2) == 'before' and room[-1] != walls[0] - 1: err("room not before empty")
            if mm.group(2) == 'after' and room[0] != walls[-1] + 1: err("room not after empty")
            if len(room) >= clue[j]: err(f"room {len(room)} not too small for {clue[j]}")
            if ('alone' in cl) != (len(room) == 1): err("alone/number mismatch")
            return
        mm = re.match(rf"(starting|ending) at {K}s? ([\d, -]+) it would touch the full square just (before|after) it$", cl)
        if mm:
            for s in parse_spans(mm.group(2)):
                q = s - 1 if mm.group(1) == 'starting' else s + 1
                if not (1 <= q <= n and line[q - 1] == 'X'): err(f"no full square next to {s}")
            return
        mm = re.match(rf"it cannot (start|end) on the empty {K}s? ([\d, -]+)$", cl)
        if mm:
            for s in parse_spans(mm.group(2)):
                if line[s - 1] != '.': err(f"{s} not empty")
            return
        mm = re.match(rf"it cannot (end before|start after) the full {K} (\d+), as (?:no block comes (after|before) it|{BLK} (after|before) it cannot (start before|end after) {K} (\d+))$", cl)
        if mm:
            f = int(mm.group(2))
            if (mm.group(1) == 'end before') != (side == 'start'): err("cover clause on the wrong side")
            if mm.group(3):
                if mm.group(3) == 'after' and j != len(clue) - 1: err("no block after? wrong")
                if mm.group(3) == 'before' and j != 0: err("no block before? wrong")
            else:
                o = resolve(clue, mm.group(4), mm.group(5), ctx)
                v = int(mm.group(8))
                if mm.group(6) == 'after' and o != j + 1: err("next block wrong")
                if mm.group(6) == 'before' and o != j - 1: err("prev block wrong")
                if mm.group(7) == 'start before' and not (v > f): err(f"start {v} does not exclude cover of {f}")
                if mm.group(7) == 'end after' and not (v < f): err(f"end {v} does not exclude cover of {f}")
                if not vacuous and pls:
                    if mm.group(7) == 'start before' and minstart(o) + 1 < v: err("neighbour min start false")
                    if mm.group(7) == 'end after' and maxend(o) + 1 > v: err("neighbour max end false")
            if not vacuous and pls:
                if mm.group(1) == 'end before' and minend(j) + 1 < f: err(f"block {j+1} can end before {f}")
                if mm.group(1) == 'start after' and maxstart(j) + 1 > f: err(f"block {j+1} can start after {f}")
            if line[f - 1] != 'X': err(f"{f} not full")
            return
        err(f"UNPARSED clause: {cl}")

    # head
    m = re.match(BLK + rf" cannot start before {K} (\d+)", text)
    cur = None
    if m:
        j = resolve(clue, m.group(1), m.group(2), ctx); cur = (j, 'start')
        if not vacuous and pls and minstart(j) + 1 < int(m.group(3)):
            err(f"claims block {j+1} cannot start before {m.group(3)} but can start at {minstart(j)+1}")
    m2 = re.match(BLK + rf" cannot end after {K} (\d+)", text)
    if m2:
        j = resolve(clue, m2.group(1), m2.group(2), ctx); cur = (j, 'end')
        if not vacuous and pls and maxend(j) + 1 > int(m2.group(3)):
            err(f"claims block {j+1} cannot end after {m2.group(3)} but can end at {maxend(j)+1}")
    m3 = re.match(BLK + rf" would have to (start after|end before) {K} (\d+), where the line (ends|begins)", text)
    if m3:
        j = resolve(clue, m3.group(1), m3.group(2), ctx); cur = (j, 'start' if m3.group(3) == 'start after' else 'end')
    m = re.match(BLK + rf" can only lie in {K}s? ([\d, -]+)(?: \(([^()]*)\))?, so it covers {K}s? ([\d, -]+) however "
                 rf"it lies$", text)
    if m:
        j = resolve(clue, m.group(1), m.group(2), ctx)
        lie = parse_spans(m.group(3)); cov = parse_spans(m.group(5))
        for cl in m.group(4).split('; ') if m.group(4) else ():  # why it cannot lie further out
            check_clause(cl, j, None)
        if (min(lie) - 1, max(lie) - 1) != (minstart(j), maxend(j)):
            err(f"lie {lie[0]}-{lie[-1]} but brute force {minstart(j)+1}-{maxend(j)+1}")
        for c in cov:
            if not all(p[j] <= c - 1 < p[j] + clue[j] for p in pls):
                err(f"block {j+1} does not always cover {c}")
        return
    m = re.match(BLK + rf" lies in a line of (\d+) squares, so it covers {K}s? ([\d, -]+) however it lies$", text)
    if m:  # a block that may lie anywhere in its line: no range, the line's length
        j = resolve(clue, m.group(1), m.group(2), ctx)
        if int(m.group(3)) != len(line):
            err(f"the line has {len(line)} squares, not {m.group(3)}")
        if pls and (minstart(j), maxend(j)) != (0, len(line) - 1):
            err(f"block {j+1} can only lie in {minstart(j)+1}-{maxend(j)+1}, not anywhere")
        for c in parse_spans(m.group(4)):
            if not all(p[j] <= c - 1 < p[j] + clue[j] for p in pls):
                err(f"block {j+1} does not always cover {c}")
        return
    m = re.match(rf"pushed as far (?:(left|up) as the known squares let them go, the blocks lie|(right|down),) in "
                 rf"{K}s? ([\d, -]+(?: and [\d-]+)?)$", text)
    if m:  # where every block lies pushed to one end: the left-most (right-most) placement, block by block
        spans = [tuple(int(x) for x in part.split('-')) for part in re.split(r", | and ", m.group(3))]
        if len(spans) != len(clue): err(f"{len(spans)} places for {len(clue)} blocks")
        for j, (span, size) in enumerate(zip(spans, clue)):
            first, last = span[0], span[-1]
            if last - first + 1 != size: err(f"block {j+1} is {size} long, not {first}-{last}")
            if pls and m.group(1) and first != minstart(j) + 1: err(f"block {j+1} can start at {minstart(j)+1}")
            if pls and m.group(2) and last != maxend(j) + 1: err(f"block {j+1} can end at {maxend(j)+1}")
        return
    m = re.match(r"so, however (?:it lies|they lie), (.*)$", text)
    if m:  # after the two placements: what each block covers in both
        items = re.split(r", | and (?=the )", m.group(1))
        for i, item in enumerate(items):
            mm = re.match(BLK + (" covers" if i == 0 else "") + rf" {K}s? ([\d-]+(?:, [\d-]+)*)$", item)
            if not mm:
                err(f"unparsed cover {item}")
                continue
            j = resolve(clue, mm.group(1), mm.group(2), ctx)
            for c in parse_spans(mm.group(3)):
                if not all(p[j] <= c - 1 < p[j] + clue[j] for p in pls):
                    err(f"block {j+1} does not always cover {c}")
        return
    m = re.match(rf"no block can reach {K}s? ([\d, -]+): (.*)$", text)
    if m:
        sq = parse_spans(m.group(1))
        for c in sq:
            if any(line_of(clue, p, n)[c - 1] == 'X' for p in pls):
                err(f"square {c} can be reached")
            if line[c - 1] != ' ':
                err(f"square {c} already known")
        rest, checked = m.group(2), 0
        for mm in re.finditer(rf"(?:the (first|last) block, )?{BLK},? cannot (start before|end after) {K} (\d+)"
                              rf"(?: \(([^()]*)\))?", rest):
            j = resolve(clue, mm.group(2), mm.group(3), ctx)
            for cl in mm.group(6).split('; ') if mm.group(6) else ():  # why the bound holds
                check_clause(cl, j, 'start' if mm.group(4) == 'start before' else 'end')
            checked += bool(mm.group(6))
        if rest.count(" (") != checked:
            err("a bracketed why not after a bound")
            if mm.group(1) == 'first' and j != 0: err("'first block' wrong")
            if mm.group(1) == 'last' and j != len(clue) - 1: err("'last block' wrong")
            if mm.group(1) is None and len(clue) > 1 and (j == 0 and mm.group(4) == 'start before' or j == len(clue)-1 and mm.group(4)=='end after') and 'and' not in rest:
                pass
            v = int(mm.group(5))
            if mm.group(4) == 'start before' and minstart(j) + 1 != v: err(f"reach: start {v} vs {minstart(j)+1}")
            if mm.group(4) == 'end after' and maxend(j) + 1 != v: err(f"reach: end {v} vs {maxend(j)+1}")
        for mm in re.finditer(rf"{BLK},? cannot (start before|end after) {K} (\d+), leaving room for (.*?) (after|before) it", rest):
            j = resolve(clue, mm.group(1), mm.group(2), ctx)
            for problem in packing_errors(clue, n, j, mm.group(3), int(mm.group(4)), mm.group(5), mm.group(6), ctx):
                err(problem)
        return
    m = re.match(rf"the (?:run of )?full {K}s? ([\d, -]+) can only (be|belong to) (.*?)(?: \((.*)\))?(, (\d+) long (?:like it|each of them): it is a whole block, so {K}s? ([\d, -]+) (?:is|are) empty|(, at least (\d+) long whichever it is)?; (.*))$", text)
    if m:
        run = parse_spans(m.group(1)); a, b = run[0] - 1, run[-1] - 1
        if len(run) != b - a + 1: err("run not contiguous")
        for q in run:
            if line[q-1] != 'X': err(f"run square {q} not full")
        if (a > 0 and line[a-1] == 'X') or (b < n-1 and line[b+1] == 'X'): err("run not maximal")
        owners = [resolve(clue, mm.group(1), mm.group(2), ctx) for mm in re.finditer(BLK, m.group(3))]
        actual = set()
        for p in pls:
            for jj, s0 in enumerate(p):
                if s0 <= a and b <= s0 + clue[jj] - 1: actual.add(jj)
        if not actual <= set(owners): err(f"run can be held by {sorted(actual)} not only {owners}")
        if m.group(4):
            for part in m.group(4).split('; '):
                mm = re.match(BLK + rf" cannot (start before|end after) {K} (\d+)(?:, leaving room for (.*) (after|before) it)?$", part)
                if mm:
                    o = resolve(clue, mm.group(1), mm.group(2), ctx); v = int(mm.group(4))
                    if mm.group(5):
                        for problem in packing_errors(clue, n, o, mm.group(3), v, mm.group(5), mm.group(6), ctx):
                            err(problem)
                    if mm.group(3) == 'start before' and minstart(o) + 1 != v: err("keepaway start wrong")
                    if mm.group(3) == 'end after' and maxend(o) + 1 != v: err("keepaway end wrong")
                    if mm.group(3) == 'start before' and v - 1 <= a: err(f"keepaway {part} does not keep it off the run")
                    if mm.group(3) == 'end after' and v - 1 >= b: err(f"keepaway {part} does not keep it off the run")
                elif re.match(r"(a block|blocks) shorter than (\d+) cannot hold it$", part):
                    sz = int(re.match(r"(a block|blocks) shorter than (\d+)", part).group(2))
                    if sz != len(run): err("shorter wrong")
                    cnt = sum(1 for c in clue if c < sz)
                    if (part.startswith('a block')) != (cnt == 1): err(f"shorter singular/plural wrong ({cnt})")
                else:
                    err(f"unparsed keepaway {part}")
        # every non-owner must be accounted for
        if m.group(6):
            if int(m.group(6)) != len(run) or any(clue[o] != len(run) for o in owners): err("whole sizes wrong")
            ends = parse_spans(m.group(7))
            for e in ends:
                if e not in (run[0] - 1, run[-1] + 1): err("end not adjacent")
        else:
            shortest = min(clue[o] for o in owners)
            if m.group(9) and int(m.group(9)) != shortest: err("at least wrong")
            for part in m.group(10).split(' and '):
                mm = re.match(rf"it cannot start before {K} \d+, (?:where the line begins|after the empty {K} (\d+)), so it reaches {K} (\d+)$", part)
                mm2 = re.match(rf"it cannot end after {K} \d+, (?:where the line ends|before the empty {K} (\d+)), so it reaches back to {K} (\d+)$", part)
                if mm:
                    w = int(mm.group(1)) - 1 if mm.group(1) else -1
                    if w >= 0 and line[w] != '.': err("wall not empty")
                    if any(line[q] == '.' for q in range(w + 1, a)): err("wall not nearest")
                    r = int(mm.group(2)) - 1
                    if r != min(w + shortest, n - 1): err("reach wrong")
                    for p in pls:
                        if not any(p[jj] + clue[jj] - 1 >= r and p[jj] <= a and b <= p[jj] + clue[jj] - 1 for jj in range(len(clue))): err("reach false"); break
                elif mm2:
                    w = int(mm2.group(1)) - 1 if mm2.group(1) else n
                    if w < n and line[w] != '.': err("wall not empty")
                    if any(line[q] == '.' for q in range(b + 1, w)): err("wall not nearest")
                else:
                    err(f"unparsed ext part {part}")
        return
    m = re.match(rf"(?:the gap at {K}s? ([\d, -]+), (.*?), is too short for (.*?), the only blocks? that can reach it|no block can reach the gap at {K}s? ([\d, -]+), (.*?))(?: \((.*)\))?$", text)
    if m:
        gap = parse_spans(m.group(1) or m.group(4)); a, b = gap[0]-1, gap[-1]-1
        for p in pls:
            l = line_of(clue, p, n)
            if any(l[q] == 'X' for q in range(a, b + 1)): err("gap can hold a block")
        if m.group(3):
            reach = [resolve(clue, mm.group(1), mm.group(2), ctx) for mm in re.finditer(BLK, m.group(3))]
            for o in reach:
                if clue[o] <= len(gap): err("block not too long for gap")
        return
    if text == "the clue is 0: no square of the line is full":
        if clue: err("clue not 0")
        return
    m = re.match(r"the (\d+) is as long as the line, so it covers every square$", text)
    if m:
        if clue != (int(m.group(1)),) or clue[0] != n: err("the block is not the line's length")
        return
    m = re.match(r"the clue fills the line: ([\d +]+) and (\d+) one-square gaps? make ([\d,]+), the line's length, "
                 r"so the blocks lie one way only$", text)
    if m:
        sizes = tuple(int(x) for x in m.group(1).split(" + "))
        if sizes != clue: err(f"sizes {sizes} are not the clue")
        if int(m.group(2)) != len(clue) - 1: err("wrong number of gaps")
        if int(m.group(3).replace(",", "")) != n or sum(clue) + len(clue) - 1 != n: err("the clue does not fill the line")
        if len(pls) != 1: err("the blocks can lie more than one way")
        return
    runs = [(a.start() + 1, a.end()) for a in re.finditer("X+", "".join(line))]
    m = re.match(rf"the (?:run of )?full {K}s? ([\d, -]+) is the (\d+), the only block, so every other square is "
                 r"empty$", text)
    if m:
        sq = parse_spans(m.group(1))
        if clue != (int(m.group(2)),): err("not the only block")
        if runs != [(sq[0], sq[-1])] or len(sq) != clue[0]: err(f"the runs {runs} are not the block at {sq}")
        if len(pls) != 1: err("the block can lie more than one way")
        return
    m = re.match(r"the (\d+) runs of full squares are the (\d+) blocks, ([\d, ]+ and \d+) in order, so every other "
                 r"square is empty$", text)
    if m:
        sizes = tuple(int(x) for x in re.split(r", | and ", m.group(3)))
        if not int(m.group(1)) == int(m.group(2)) == len(runs) == len(clue): err("count of runs and blocks")
        if sizes != clue or tuple(b - a + 1 for a, b in runs) != clue: err(f"runs {runs} are not the blocks {clue}")
        if len(pls) != 1: err("the blocks can lie more than one way")
        return
    m = re.match(BLK_RUN, text)
    if m:
        start = m.group(4) == "start before"
        previous = None
        for mm in re.finditer(BLK + rf" {K} (\d+)", m.group(5)):
            j = resolve(clue, mm.group(1), mm.group(2), ctx)
            v = int(mm.group(3))
            if not vacuous and pls:
                if start and minstart(j) + 1 < v:
                    err(f"claims block {j+1} cannot start before {v} but can start at {minstart(j)+1}")
                if not start and maxend(j) + 1 > v:
                    err(f"claims block {j+1} cannot end after {v} but can end at {maxend(j)+1}")
            if previous is not None:
                pj, pv = previous
                if start and (j != pj + 1 or v != pv + clue[pj] + 1):
                    err(f"block {j+1}'s bound {v} does not follow from block {pj+1}'s {pv}")
                if not start and (j != pj - 1 or v != pv - clue[pj] - 1):
                    err(f"block {j+1}'s bound {v} does not follow from block {pj+1}'s {pv}")
            previous = (j, v)
        return None
    if cur is None:
        return 'unparsed'
    j, side = cur
    body = text.split(': ', 1)[1] if ': ' in text else ''
    for cl in body.split('; ') if body else []:
        check_clause(cl, j, side)
    return None

def strip_line(grid, strip):
    kind, num = strip.split()
    num = int(num) - 1
    if kind == 'row':
        return grid[num][:], 'column'
    return [grid[r][num] for r in range(len(grid))], 'row'

def check_result(doc, rows, cols, name, errors, unparsed, solution=None):
    H, W = doc['puzzle']['height'], doc['puzzle']['width']
    grid = [[' '] * W for _ in range(H)]
    clues = {}
    for i, c in enumerate(rows): clues[f'row {i+1}'] = tuple(c)
    for i, c in enumerate(cols): clues[f'column {i+1}'] = tuple(c)
    for step in doc['steps']:
        ctx = f"{name} step {step['number']} ({step['rule']})"
        if step['rule'] in ('fills', 'located', 'overlap', 'unreachable', 'narrow_gap', 'block_extension', 'try_one'):
            strips = {m['strip'] for m in step['marks']}
            if len(strips) != 1: errors.append(f"{ctx}: marks on {strips}")
            for rs in step['reasons']:
                line, kind = strip_line(grid, rs['strip'])
                clue = clues[rs['strip']]
                if tuple(rs['clue']) != clue: errors.append(f"{ctx}: clue mismatch")
                pls = consistent(clue, line)
                if not pls:
                    errors.append(f"{ctx}: line has no placement before step?"); continue
                # blocks
                for b in rs['blocks']:
                    j = b['index'] - 1
                    e = min(p[j] for p in pls) + 1; l = max(p[j] + clue[j] for p in pls)
                    if (b['earliest'], b['latest']) != (e, l):
                        errors.append(f"{ctx}: blocks[{j+1}] {b['earliest']}-{b['latest']} vs brute {e}-{l}")
                # marks implied
                for m in step['marks']:
                    if m['strip'] != rs['strip']: continue
                    pos = (m['column'] if kind == 'column' else m['row']) - 1
                    v = 'X' if m['value'] == 'full' else '.'
                    if line[pos] != ' ': errors.append(f"{ctx}: mark on known square")
                    if not all(line_of(clue, p, len(line))[pos] == v for p in pls):
                        errors.append(f"{ctx}: mark {m} not implied by the line")
                if rs['rule'] == 'try_one':
                    check_try(rs, clue, line, kind, ctx, errors, unparsed)
                else:
                  for text in rs['lines']:
                    r = check_line_claims(text, clue, line, pls, kind, ctx, errors)
                    if r == 'unparsed': unparsed.append((rs['rule'], text))
        else:
            if solution is not None:
                for m in step['marks']:
                    v = 'X' if m['value'] == 'full' else '.'
                    if solution[m['row'] - 1][m['column'] - 1] != v:
                        errors.append(f"{ctx}: mark {m} contradicts the unique solution")
        for m in step['marks']:
            grid[m['row'] - 1][m['column'] - 1] = 'X' if m['value'] == 'full' else '.'

def seen_failure_errors(text, clue, given, kind):
    """What is wrong with a failure said as it shows on the squares ``given`` (a list of ' ', '.', 'X'): a run of
    full squares longer than every block, or more stretches of full squares between empty squares than blocks.
    Other 'so ...' lines (the end of a chain of bounds) give no errors here."""
    m = re.match(rf"so {kind}s? (\d+)(?:-(\d+))? would be a run of (\d+) full squares, and no block is longer than "
                 rf"(\d+)$", text)
    if m:
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        found = []
        if any(given[q - 1] != 'X' for q in range(first, last + 1)): found.append("the run is not all full")
        if int(m.group(3)) != last - first + 1: found.append("the run's length is wrong")
        if int(m.group(4)) != max(clue): found.append("the longest block is wrong")
        if last - first + 1 <= max(clue): found.append("the run is not longer than every block")
        return found
    m = re.match(r"so the full squares lie in (\d+) stretches between empty squares, each needing a block of its own, "
                 r"but the clue has only (\d+) blocks?$", text)
    if m:
        stretches = sum(1 for part in "".join(given).split('.') if 'X' in part)
        found = []
        if int(m.group(1)) != stretches: found.append(f"{stretches} stretches, not {m.group(1)}")
        if int(m.group(2)) != len(clue): found.append("the number of blocks is wrong")
        if stretches <= len(clue): found.append("not more stretches than blocks")
        return found
    return []


def check_try(rs, clue, line, kind, ctx, errors, unparsed):
    lines = rs['lines']
    i = 0
    witnesses = rs['tried']
    wi = 0
    while i < len(lines):
        t = lines[i]
        m = re.match(rf"if {kind} (\d+) were (full|empty), no placement of the blocks would fit(?: with (.*))?:$", t)
        if not m:
            errors.append(f"{ctx}: try_one head unparsed: {t}"); i += 1; continue
        pos = int(m.group(1)); assumed = 'X' if m.group(2) == 'full' else '.'
        given = [' '] * len(line)
        given[pos - 1] = assumed
        if m.group(3):
            for part in re.finditer(rf"the (full|empty) {kind}s? ([\d, -]+?)(?= and the |$)", m.group(3)):
                for s in parse_spans(part.group(2)):
                    v = 'X' if part.group(1) == 'full' else '.'
                    if line[s - 1] != v: errors.append(f"{ctx}: try_one says {s} is {part.group(1)} but it is '{line[s-1]}'")
                    given[s - 1] = v
        if line[pos - 1] != ' ': errors.append(f"{ctx}: try_one square {pos} not blank")
        if consistent(clue, given): errors.append(f"{ctx}: try_one given squares DO leave a placement: {''.join(given)}\n   {t}")
        i += 1
        while i < len(lines) and lines[i].startswith('  '):
            sub = lines[i].strip()
            if sub.startswith('so '):
                for problem in seen_failure_errors(sub, clue, given, kind):
                    errors.append(f"{ctx}: {problem}\n    LINE: {sub}")
            else:
                r = check_line_claims(sub, clue, given, [], kind, ctx, errors, vacuous=True)
                if r == 'unparsed': unparsed.append(('try_one', sub))
            i += 1



def check_puzzle(puzzle, name):
    """The errors and the unparsed sentences of ``puzzle``'s explanation."""
    result = paint.solve(puzzle, paint.SolveOptions(max_time=20))
    document = result.to_document()
    rows = [tuple(c) for c in puzzle.rows]
    columns = [tuple(c) for c in puzzle.columns]
    errors: list = []
    unparsed: list = []
    solution = document["grid"] if document["status"] == "solved" else None
    check_result(document, rows, columns, name, errors, unparsed, solution)
    return errors, unparsed


@pytest.mark.parametrize("seed", range(60))
def test_reasons_of_random_puzzles_are_true(seed):
    rng = random.Random(seed)
    width, height, density = rng.randint(5, 12), rng.randint(5, 12), rng.uniform(0.35, 0.7)
    lines = ["".join("X" if rng.random() < density else "." for _ in range(width)) for _ in range(height)]
    puzzle = paint.Puzzle(rows=clues_of(lines), columns=clues_of(columns_of(lines)))
    errors, unparsed = check_puzzle(puzzle, f"seed {seed}")
    assert not errors, "\n".join(errors[:10])
    assert not unparsed, unparsed[:10]


@pytest.mark.parametrize("name", ["dancer", "cat", "edge", "skid", "mouse", "rhino"])
def test_reasons_of_shipped_puzzles_are_true(name):
    errors, unparsed = check_puzzle(paint.load(PUZZLES / f"{name}.pro"), name)
    assert not errors, "\n".join(errors[:10])
    assert not unparsed, unparsed[:10]


def test_a_false_sentence_is_caught():
    """The checker is not vacuous: a bound one square too far out, and a sentence it does not know, are caught."""
    clue, line = (3,), list("  X  ")
    placements_ = consistent(clue, line)
    errors: list = []
    assert check_line_claims("the 3 can only lie in columns 1-4, so it covers column 3 however it lies", clue,
                             line, placements_, "column", "test", errors) is None
    assert errors and "lie 1-4 but brute force 1-5" in errors[0]
    assert check_line_claims("the 3 is somewhere", clue, line, placements_, "column", "test", []) == "unparsed"


def test_false_whole_line_sentences_are_caught():
    """The sentences of fills and located are checked: a clue that does not fill the line, runs that are not the
    blocks, are caught."""
    errors: list = []
    line = list("     ")
    check_line_claims("the clue fills the line: 2 + 1 and 1 one-square gap make 5, the line's length, so the blocks "
                      "lie one way only", (2, 1), line, consistent((2, 1), line), "column", "test", errors)
    assert any("does not fill" in error for error in errors)
    errors = []
    line = list(" X  X ")
    check_line_claims("the 2 runs of full squares are the 2 blocks, 1 and 2 in order, so every other square is empty",
                      (1, 2), line, consistent((1, 2), line), "column", "test", errors)
    assert any("are not the blocks" in error for error in errors)
    errors = []
    line = list(" XX  ")
    check_line_claims("the run of full columns 2-3 is the 2, the only block, so every other square is empty",
                      (2,), line, consistent((2,), line), "column", "test", errors)
    assert errors == []


def test_tight_forms_are_checked():
    """The forms that cite only the tightest facts are checked too: empty squares in a row as the wall of the room,
    a room holding an empty square, a neighbour cited without a bound, a full square the block cannot end before,
    and a bound said as the room the packed blocks leave."""
    def errors_of(text, clue, line):
        errors: list = []
        assert check_line_claims(text, clue, list(line), consistent(clue, list(line)), "column", "test", errors) is None
        return errors

    assert not errors_of("the 2 cannot start before column 4: column 1 alone, before the empty columns 2-3, is too "
                         "short for it", (2,), " ..     ")
    assert errors_of("the 2 cannot start before column 4: columns 1-2, before the empty column 3, are too few for it",
                     (2,), " ..     ")
    assert not errors_of("the 2 cannot start before column 10: it comes after the 1; it cannot end before the full "
                         "column 11, as no block comes after it", (1, 2), "          X")
    assert errors_of("the 2 cannot start before column 10: it comes after the 1; it cannot end before the full "
                     "column 10, as no block comes after it", (1, 2), "          X")
    reach = ("no block can reach column 9: the 1 cannot end after column 8, leaving room for the 2 after it, and the "
             "2 cannot start before column 10")
    assert not errors_of(reach, (1, 2), "          X")
    assert errors_of(reach.replace("the 2 after", "the 1 after"), (1, 2), "          X")
    assert errors_of(reach.replace("column 8,", "column 7,"), (1, 2), "          X")


def test_bracketed_whys_are_checked():
    """The why a conclusion gives in brackets for its own bounds is checked clause by clause: a true one passes, a
    full square that is not full, a bracket after no bound, and a clause of no known form are caught."""
    def errors_of(text, clue, line):
        errors: list = []
        assert check_line_claims(text, clue, list(line), consistent(clue, list(line)), "row", "test", errors) is None
        return errors

    lies = ("the 3 can only lie in rows 7-10 (it cannot end before the full row 9, as no block comes after it), so it "
            "covers rows 8-9 however it lies")
    assert not errors_of(lies, (1, 3), "        X ")
    assert errors_of(lies.replace("row 9,", "row 8,"), (1, 3), "        X ")
    assert errors_of(lies.replace("it cannot end", "it may not end"), (1, 3), "        X ")
    reach = ("no block can reach row 1: the 2 cannot start before row 2 (it cannot end before the full row 3, as no "
             "block comes after it)")
    assert not errors_of(reach, (2,), "  X  ")
    assert errors_of(reach.replace("the full row 3", "the full row 2"), (2,), "  X  ")
    assert errors_of(reach.replace("(it", "and (it"), (2,), "  X  ")


def test_placements_are_checked():
    """The two placements a long reason gives instead of its bounds are checked block by block: the true ones pass,
    a block pushed less far than it goes, a block of the wrong length, and a block left out are caught."""
    def errors_of(text, clue, line):
        errors: list = []
        assert check_line_claims(text, clue, list(line), consistent(clue, list(line)), "column", "test", errors) is None
        return errors

    clue, line = (2, 1), "  .  X  "
    left = "pushed as far left as the known squares let them go, the blocks lie in columns 1-2 and 6"
    right = "pushed as far right, in columns 5-6 and 8"
    assert not errors_of(left, clue, line) and not errors_of(right, clue, line)
    assert errors_of(left.replace("and 6", "and 7"), clue, line)
    assert errors_of(left.replace("1-2", "1-3"), clue, line)
    assert errors_of(left.replace("1-2 and 6", "1-2"), clue, line)
    assert errors_of(right.replace("and 8", "and 7"), clue, line)
    clue, line = (3, 2), "  X   X "
    covers = "so, however they lie, the 3 covers column 3 and the 2 column 7"
    assert not errors_of(covers, clue, line)
    assert errors_of(covers.replace("column 3 and", "columns 2-3 and"), clue, line)
    assert errors_of(covers.replace("the 2 column 7", "the 2 covers column 7"), clue, line)


def test_failures_seen_on_the_squares_are_checked():
    """A failure said as it shows on the squares (a run longer than every block, more stretches than blocks) is
    checked: the true ones pass, a run that is not all full, or not too long, and a miscount are caught."""
    run = "so columns 6-8 would be a run of 3 full squares, and no block is longer than 2"
    assert seen_failure_errors(run, (1, 2), list("     XXX  "), "column") == []
    assert seen_failure_errors(run, (1, 2), list("     X X  "), "column")
    assert seen_failure_errors(run.replace("than 2", "than 3"), (1, 3), list("     XXX  "), "column")
    stretches = ("so the full squares lie in 3 stretches between empty squares, each needing a block of its own, but "
                 "the clue has only 2 blocks")
    assert seen_failure_errors(stretches, (1, 1), list("X.X.X"), "column") == []
    assert seen_failure_errors(stretches, (1, 1), list("X.X X"), "column")
    assert seen_failure_errors(stretches.replace("only 2", "only 3"), (1, 1, 1), list("X.X.X"), "column")
