"""The text of a line solver's trace, in the layout of Simpson's pages (seeds 000 and 001).

Lines are shown in Simpson's notation between ``>`` and ``<``: ``-`` empty
(a dot), ``#`` full (a solid), space blank; in a result, ``+`` is a square
that can be either.  Block numbers and positions are 0-based, as in the
seeds' traces.

- ``complete`` (seed 000): one line per placement tried, the blocks placed
  so far drawn with ``#``, and what came of it; then the arrangements that
  fit.
- ``fcomp`` (seed 001): one section per mode entered - the mode, the
  current block (number, size, position), the line, a scale, the blocks
  (``#`` the current block, ``+`` the others, ``X`` / ``!`` the first full
  square a block covers; overlapping blocks go on further lines) and
  ``[base-max) mN`` (the fixed blocks before ``base`` and from ``max`` on,
  and ``mininv``) - followed by its remarks and each section of squares
  recorded (``Accumulate``; ``.`` outside the section).
- ``fast``: the left-most and right-most placements the result comes from.

>>> from paint.linesolvers import complete
>>> events = []
>>> _ = complete.solve((1,), bytes([1, 0]), trace=events.append)
>>> print("\\n".join(trace_lines("complete", (1,), bytes([1, 0]), events)))
Length: 2
Rule:   1
Line:   >- <
># <  covers dot, so move on
> #<  fits, so merge, and move on
suitable arrangements:
>-#<
"""

from __future__ import annotations

from ..formats.linenotation import format_clue, format_line
from ..linesolvers.trace import Accumulate, Arrangement, Note, State, Try

RECORDED = {0: " ", 1: "-", 2: "#", 3: "+"}

TRIES = {
    "dot": "covers dot, so move on",
    "abuts": "abuts solid, so move on",
    "trailing": "leaves a solid after it, so move on",
    "next": "fits, so next block",
    "merge": "fits, so merge, and move on",
    "reveals": "reveals solid, so previous block",
    "no_space": "no space, so previous block",
}
"""What each :data:`paint.linesolvers.trace.TRY_OUTCOMES` code says (seed 000's words)."""

NOTES = {
    "all_fixed": "All blocks fixed",
    "trailing": "Trailing solid at {0}",
    "valid_state": "New valid state found",
    "spilled": "Spilled over",
    "dot": "Dot at offset {0}",
    "earlier_solid": "Earlier solid at offset {0}",
    "skipped": "Skipped to {0}",
    "two_solids": "Can't overlap solids at {0} and {1}",
    "valid_at": "Valid at {0}",
    "solid_at": "  Solid at offset {0}",
    "limit": "Limit is {0}",
    "merging": "Merging block {0} from {1} to {2}",
    "right_most": "Right block is right-most",
    "dot_obstructs": "Dot obstructs at {0}",
    "jumpable": "Jumpable",
    "covering_solid": "But covering solid",
    "no_space_past_dot": "No space past dot",
    "right_most_for_dot": "Right block is right-most for dot",
    "limit_reached": "Limit reached; {0} blocks left",
    "base": "Base is now {0}",
    "target": "Target is {0}",
    "cannot_draw": "Can't draw any more without restoring",
    "new_target": "New target is {0}",
    "brought": "Block {0} brought to {1}",
    "restoring": "Restoring {0} from {1} to {2}",
    "returned": "Returned to block {0}",
    "no_solid_left": "No block on left covers solid",
    "nothing_to_learn": "No blank square is left that an arrangement could settle: nothing more to learn",
    "no_blocks": "No blocks: every square is empty",
    "no_blank": "No blank square: the line is only checked against its clue",
    "no_placement": "No placement of the blocks fits the line",
}
"""The words of each :class:`paint.linesolvers.trace.Note` code (seed 001's, where it has them)."""


def trace_lines(solver: str, targets, squares, events) -> list[str]:
    """The trace of ``solver`` (``'complete'``, ``'fast'`` or ``'fcomp'``) on one line, as text lines.

    ``targets`` and ``squares`` are what the solver was given, ``events``
    the trace events it produced, in order.
    """
    renderer = TraceRenderer(solver, targets, squares)
    lines = renderer.start()
    for event in events:
        lines.extend(renderer.event(event))
    lines.extend(renderer.finish())
    return lines


class TraceRenderer:
    """Turns one solver's trace events into text lines as they come, so a long trace streams.

    Call :meth:`start` once, :meth:`event` for each event, :meth:`finish`
    once; each returns the lines to print next.  The arrangements that fit
    (``complete``) are held back and listed at the end, as in seed 000.
    """

    def __init__(self, solver: str, targets, squares):
        self.solver = solver
        self.targets = tuple(targets)
        self.squares = bytes(squares)
        self.picture = f"X:{len(self.squares):8d}{format_line(self.squares)}"
        self.scale = "          >" + "".join(str(x % 10) for x in range(len(self.squares))) + "<"
        self.fits: list[str] = []

    def start(self) -> list[str]:
        """The lines that open the trace: the line and its clue."""
        if self.solver == "fcomp":
            return [self.picture, self.scale, f"rule: {format_clue(self.targets)}"]
        return [f"Length: {len(self.squares)}", f"Rule:   {format_clue(self.targets)}",
                f"Line:   {format_line(self.squares)}"]

    def event(self, event) -> list[str]:
        """The lines for one event (none for an arrangement ``complete`` lists at the end)."""
        n = len(self.squares)
        if isinstance(event, Note):
            return [NOTES[event.code].format(*event.values)]
        if isinstance(event, Try):
            return [f">{_blocks(n, event.starts, event.targets)}<  {TRIES[event.outcome]}"]
        if isinstance(event, Arrangement):
            if self.solver == "complete":
                self.fits.append(format_line(event.squares))
                return []
            return [f"{event.label:>10}{format_line(event.squares)}"]
        if isinstance(event, State):
            lines = ["", event.mode]
            if event.block < len(self.targets):
                lines.append(f"Block {event.block} of {self.targets[event.block]} at {event.starts[event.block]}")
            lines += [self.picture, self.scale]
            lines += _fcomp_blocks(self.targets, n, event)
            return lines
        if isinstance(event, Accumulate):
            shown = "".join(RECORDED[event.recorded[x]] if event.start <= x < event.end else "."
                            for x in range(n))
            return [f"Accumulate>{shown}<"]
        raise TypeError(f"not a trace event: {event!r}")

    def finish(self) -> list[str]:
        """The closing lines: for ``complete``, the arrangements that fit."""
        if self.solver != "complete":
            return []
        return ["suitable arrangements:" if self.fits else "no arrangement fits", *self.fits]


def _blocks(length, starts, sizes) -> str:
    cells = [" "] * length
    for start, size in zip(starts, sizes):
        for x in range(start, min(start + size, length)):
            cells[x] = "#"
    return "".join(cells)


def _fcomp_blocks(targets, n, state) -> list[str]:
    """The blocks of one fcomp section: overlapping or touching blocks start a new line."""
    rows = []
    text = f"B{state.block:<9d}>"
    end = 0
    for b, (start, size) in enumerate(zip(state.starts, targets)):
        if b == 0 or start > state.starts[b - 1] + targets[b - 1]:
            text += " " * (start - end)
        else:
            rows.append(text)
            text = " " * (start + 11)
        solid = state.solids[b]
        show_solid = (state.mode == "SLIDING" or b < state.block) and solid is not None
        for x in range(start, start + size):
            if show_solid and x == start + solid:
                text += "!" if b == state.block else "X"
            else:
                text += "#" if b == state.block else "+"
        end = start + size
    text += " " * max(n - end, 0) + f"< [{state.base}-{state.max}) m{state.mininv}"
    rows.append(text)
    return rows
