"""The shared table of line cases, used by every rule and line test.

Lines are written between bars in Kramer's glyphs: ``' '`` blank, ``'.'``
empty, ``'X'`` full; clues as a person writes them (``'0'`` for no block).

``RULE_CASES``: (rule, clue, before, after) - what that rule alone concludes
from ``before`` (``after == before`` when it concludes nothing).
``EXACT_CASES``: (clue, before, after) - everything complete line logic
concludes (``try_one`` must reach it, and so must the rules run to a fixpoint).
``BAD_CASES``: (clue, line) - lines whose blocks cannot be placed.
"""

RULE_CASES = [
    ("fills", "6 3 1 2", "|               |", "|XXXXXX.XXX.X.XX|"),
    ("fills", "2 1", "| X  |", "|XX.X|"),
    ("fills", "3", "|   |", "|XXX|"),
    ("fills", "0", "|   |", "|...|"),
    ("fills", "2 1", "|     |", "|     |"),
    ("fills", "2 1", "|  . |", "|XX.X|"),
    ("located", "1 2", "| X  XX |", "|.X..XX.|"),
    ("located", "3", "|  XXX  |", "|..XXX..|"),
    ("located", "1 1", "| X  |", "| X  |"),
    ("located", "2 1", "| X  X |", "| X  X |"),
    ("located", "0", "|   |", "|   |"),
    ("overlap", "7", "|          |", "|   XXXX   |"),
    ("overlap", "2 7 1", "|              |", "|     XXXXX    |"),
    ("overlap", "3", "|X    |", "|XXX  |"),
    ("overlap", "1 1", "|   |", "|X X|"),
    ("overlap", "0", "|   |", "|   |"),
    ("overlap", "3 3", "|           |", "|           |"),
    ("unreachable", "2", "| X   |", "| X ..|"),
    ("unreachable", "0", "|   |", "|...|"),
    ("unreachable", "1 1", "|X    |", "|X.   |"),
    ("unreachable", "3", "|     |", "|     |"),
    ("narrow_gap", "3", "|   . .   |", "|   ...   |"),
    ("narrow_gap", "2", "|  . .  |", "|  ...  |"),
    ("narrow_gap", "1", "|  . .  |", "|  . .  |"),
    ("block_extension", "3 3", "|    XXX    |", "|   .XXX.   |"),
    ("block_extension", "3 4", "|     .XX      |", "|     .XXX     |"),
    ("block_extension", "4 3", "|      XX.     |", "|     XXX.     |"),
    ("block_extension", "1 1", "|  X  |", "| .X. |"),
    ("block_extension", "2 3", "|  X     |", "|  X     |"),
    ("try_one", "1 1", "|  X  |", "| .X. |"),
    ("try_one", "7", "|          |", "|   XXXX   |"),
    ("try_one", "2", "|   |", "| X |"),
    ("try_one", "1 2", "| X      X |", "|.X..... X |"),
]

EXACT_CASES = [
    # Simpson's fast-complete example (seed 001), '-' dot and '#' solid rewritten as '.' and 'X'.
    ("1 5 1 1 1", "|.....           .X....X        ..  X|",
     "|.....           .X....X    .   .. .X|"),
    # Simpson's complete line solver example (seed 000).
    ("9 1 1 1", "|   ..#########.......   #. . |".replace("#", "X"),
     "|.....XXXXXXXXX.......  .X. . |"),
    ("3 3", "|           |", "|           |"),
    ("1 1", "|  X  |", "| .X. |"),
    ("2 2", "|     |", "|XX.XX|"),
    ("0", "|  |", "|..|"),
]

BAD_CASES = [
    ("3", "|X.X|"),
    ("0", "| X |"),
    ("2 2", "|    |"),
    ("1", "|XX|"),
    ("1 1", "|X.X.X|"),
    ("2", "|. .|"),
]


def parse_clue(text):
    """``'2 7 1'`` -> ``(2, 7, 1)``; ``'0'`` -> ``()``."""
    return tuple(int(n) for n in text.split() if n != "0")


def parse_line(text):
    """A barred glyph line -> list of square values (0 blank, 1 empty, 2 full)."""
    assert text[0] == "|" and text[-1] == "|", text
    return [{" ": 0, ".": 1, "X": 2}[g] for g in text[1:-1]]


def show_line(squares):
    """List of square values -> barred glyph line."""
    return "|" + "".join(" .X"[s] for s in squares) + "|"
