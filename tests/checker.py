"""An independent checker: does a grid satisfy a puzzle's clues?

It shares no code with paint (Norvig's ``is_solution``): it takes plain
lists of clues and the grid as strings of ``'X'`` (full) and ``'.'``
(empty), and recomputes each row's and column's runs itself.
"""

import itertools
import re


def runs(cells):
    """The lengths of the runs of 'X' in a string, in order."""
    return [len(part) for part in "".join(cells).split(".") if part]


def is_solution(row_clues, column_clues, lines):
    """True when ``lines`` (one 'X'/'.' string per row) has exactly the given row and column runs."""
    if len(lines) != len(row_clues):
        return False
    if any(len(line) != len(column_clues) or set(line) - {"X", "."} for line in lines):
        return False
    for clue, line in zip(row_clues, lines):
        if runs(line) != [n for n in clue if n]:
            return False
    for index, clue in enumerate(column_clues):
        if runs([line[index] for line in lines]) != [n for n in clue if n]:
            return False
    return True


def clues_of(lines):
    """Row clues of a grid of 'X'/'.' strings (independent of paint)."""
    return [[len(run) for run in line.split(".") if run] for line in lines]


def columns_of(lines):
    """The columns of a grid of 'X'/'.' strings, as strings."""
    return ["".join(line[c] for line in lines) for c in range(len(lines[0]))]


def brute_force(rows, columns, height, width):
    """Every solution of a tiny puzzle, as trying every grid finds them, in the same order.

    A grid whose rows do not all fit their clues is never a solution, so
    only the combinations of fitting rows are tried (each row's fitting
    lines found by trying every line; :func:`solutions_by_rows`): the same
    grids as trying all ``2 ** (height * width)``, at a 4 x 4 puzzle a
    thousand times sooner.
    """
    if len(rows) != height:
        return []
    return solutions_by_rows(rows, columns, width)


def solutions_by_rows(rows, columns, width):
    """Every solution of a small puzzle: each row's possible lines tried in every combination.

    Faster than :func:`brute_force` when rows have few possible lines; still independent of paint.
    """
    candidates = []
    for clue in rows:
        lines = ["".join(bits) for bits in itertools.product("X.", repeat=width)]
        candidates.append([line for line in lines if clues_of([line])[0] == list(clue)])
    return [list(grid) for grid in itertools.product(*candidates)
            if clues_of(columns_of(grid)) == [list(c) for c in columns]]


def clue_pattern(clue):
    """A regular expression matching exactly the glyph lines (' ', '.', 'X') that some placement of ``clue`` fits.

    Independent of paint's line logic: a block is ``[ X]{n}``, a gap ``[ .]``.
    """
    blocks = r"[ .]+".join(f"[ X]{{{n}}}" for n in clue)
    return re.compile(rf"[ .]*{blocks}[ .]*" if clue else r"[ .]*")


def line_logic_glyphs(rows, columns):
    """Complete line logic by this module's own exact line solver: each blank square that only one value lets
    its row's or column's clue fit (:func:`clue_pattern`) takes that value, until none does.

    Independent of paint's line solvers.  Returns the grid as glyph lines (' ' where it stalls), or None when a
    line cannot be completed.
    """
    height, width = len(rows), len(columns)
    grid = [[" "] * width for _ in range(height)]
    patterns = [clue_pattern(clue) for clue in rows], [clue_pattern(clue) for clue in columns]
    changed = True
    while changed:
        changed = False
        for kind, count, length in ((0, height, width), (1, width, height)):
            for index in range(count):
                line = "".join(grid[index]) if kind == 0 else "".join(grid[r][index] for r in range(height))
                pattern = patterns[kind][index]
                if not pattern.fullmatch(line):
                    return None
                for position in range(length):
                    if line[position] != " ":
                        continue
                    can = [v for v in "X." if pattern.fullmatch(line[:position] + v + line[position + 1:])]
                    if len(can) == 1:
                        line = line[:position] + can[0] + line[position + 1:]
                        if kind == 0:
                            grid[index][position] = can[0]
                        else:
                            grid[position][index] = can[0]
                        changed = True
    return ["".join(row) for row in grid]
