"""The errors paint raises.

Every error a user can provoke with bad input is a :class:`PuzzleFormatError`,
whose text names the file and, where there is one, the line.  The text of
every :class:`PaintError` is safe to print: a file name or quoted text that
holds control characters (an escape sequence), bidirectional controls or
bytes that are not UTF-8 is shown with them written as escapes
(:func:`paint.printable.printable`), so a message can neither act on a terminal
nor be shown reversed.  A puzzle whose
clues cannot all be satisfied raises :class:`Contradiction`, carrying the strip
and the rule that found it (STYLE: probes and search catch it, everything else
lets it rise).
"""

from __future__ import annotations

from .printable import printable


class PaintError(Exception):
    """Base class of every error paint raises on purpose; its text is safe to print (see the module docstring).

    >>> print(PaintError('cannot write a' + chr(27) + '[2J.txt: permission denied'))
    cannot write a\\x1b[2J.txt: permission denied
    """

    def __str__(self) -> str:
        return printable(super().__str__())


MAX_MESSAGE = 300
"""The longest message of a :class:`PuzzleFormatError`, in characters (the file name comes on top)."""


EXCERPT = 40
"""How many characters of a bad value a message quotes (:func:`excerpt`)."""


def excerpt(text: str) -> str:
    """``text`` quoted for a one-line message: whole when short, else its first :data:`EXCERPT` characters and
    its length.

    >>> excerpt('1,x')
    "'1,x'"
    >>> excerpt('1,' * 50)
    "'1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,'... (100 characters)"
    """
    if len(text) <= EXCERPT:
        return repr(text)
    return f"{text[:EXCERPT]!r}... ({len(text):,} characters)"


class PuzzleFormatError(PaintError):
    """A puzzle file (or text) that cannot be read.

    ``path`` is the file as the user named it (or a label such as ``'<stdin>'``),
    ``line`` the 1-based line number where the problem is, or None when it is
    not tied to one line.  Readers quote at most a short excerpt of a bad
    line; as a last guard, a message longer than :data:`MAX_MESSAGE`
    characters is cut short.

    >>> str(PuzzleFormatError('a.non', 'clue "x" is not a number', line=7))
    'a.non:7: clue "x" is not a number'
    """

    def __init__(self, path, message: str, line: int | None = None):
        self.path = str(path)
        self.line = line
        if len(message) > MAX_MESSAGE:
            message = message[:MAX_MESSAGE - 3] + "..."
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return printable(f"{where}: {self.message}")


class GoalMismatch(PuzzleFormatError):
    """A puzzle file whose goal (the intended picture) breaks its own clues.

    ``puzzle`` is the puzzle read from the file without that goal, so the
    clues can still be judged (``paint check`` does); ``goal`` is the goal
    as read, one ``'X'``/``'.'`` string per row.
    """

    def __init__(self, path, message: str, line: int | None = None, *, puzzle=None, goal=None):
        super().__init__(path, message, line)
        self.puzzle = puzzle
        self.goal = goal


class StripContradiction(PaintError):
    """Raised by line logic when a strip's targets cannot be placed in its squares.

    ``reason`` may name one square as ``{square}``, and ``square`` is then its
    0-based position along the strip; :meth:`describe` words it for a person.
    The engine adds the strip and the rule and raises :class:`Contradiction`.

    >>> StripContradiction("{square} is full but the clue is 0", square=2).describe("column")
    'column 3 is full but the clue is 0'
    """

    def __init__(self, reason: str, square: int | None = None):
        self.reason = reason
        self.square = square
        super().__init__(self.describe("square"))

    def describe(self, kind: str) -> str:
        """The reason, naming the square by the ``kind`` of strip that crosses there (1-based)."""
        if self.square is None:
            return self.reason
        return self.reason.format(square=f"{kind} {self.square + 1}")


class Contradiction(PaintError):
    """The clues contradict: ``strip`` (a :class:`paint.strip.StripId`) cannot be completed.

    ``rule`` is the name of the rule whose line reasoning found it and
    ``reason`` a sentence saying why, in the rule's terms.  ``strip`` is None
    when no one strip is at fault: the row clues and the column clues ask
    for different numbers of full squares (``rule`` ``'totals'``); ``rule``
    is ``'given'`` when the strip's given squares (a partial grid the solve
    started from) already break its clue.  ``clue`` and ``squares``, when known, are the strip's clue and its
    squares when it broke.  ``reason`` may be given as a function that
    returns its lines, called the first time it is read (search meets many
    contradictions whose words are never shown); :attr:`lines` are then
    those lines and ``reason`` them joined by ``'; '``.

    >>> from paint.strip import StripId
    >>> Contradiction(StripId('row', 2), 'overlap', 'no room').sentence
    'row 3 cannot be completed - no room (found by overlap)'
    >>> Contradiction(None, 'totals', 'the row clues total 3 full squares but the column clues total 2').sentence
    'the row clues total 3 full squares but the column clues total 2'
    """

    def __init__(self, strip, rule: str, reason, *, clue=None, squares: bytes | None = None):
        super().__init__()
        self.strip = strip
        self.rule = rule
        self._reason = reason
        self.clue = clue
        self.squares = squares

    @property
    def lines(self) -> list[str]:
        """Why the strip cannot be completed, as lines a person can check one by one."""
        if callable(self._reason):
            self._reason = list(self._reason())
        return [self._reason] if isinstance(self._reason, str) else self._reason

    @property
    def reason(self) -> str:
        """Why the strip cannot be completed, in words."""
        return "; ".join(self.lines)

    @property
    def sentence(self) -> str:
        """Where and why, as the explanation's last line says it (after ``contradiction:``)."""
        if self.strip is None:
            return self.reason
        if self.rule == "given":
            return f"{self.strip.name} cannot hold its given squares - {self.reason}"
        return f"{self.strip.name} cannot be completed - {self.reason} (found by {self.rule})"

    def __str__(self) -> str:
        if self.strip is None:
            return self.reason
        if self.rule == "given":
            return f"{self.strip.name} cannot hold its given squares: {self.reason}"
        return f"{self.strip.name}: {self.reason} (found by {self.rule})"
