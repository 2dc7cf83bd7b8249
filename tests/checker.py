"""An independent checker: does a grid satisfy a puzzle's clues?

It shares no code with paint (Norvig's ``is_solution``): it takes plain
lists of clues and the grid as strings of ``'X'`` (full) and ``'.'``
(empty), and recomputes each row's and column's runs itself.
"""


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
