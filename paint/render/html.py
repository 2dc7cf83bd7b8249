"""The explanation of a solve as one self-contained HTML page you step through (Kramer key decision 4).

Kramer interleaves pictures of the grid with the statements that lead from
one to the next.  On paper that means a picture per round; on a page it
means one picture that changes as the reader steps.  So the page carries
the steps once, as data, and draws the grid as it stands after the step
being read:

- the board: the puzzle drawn as :mod:`paint.render.svg` draws it (clues,
  squares, thick lines every five), the squares the step marked
  highlighted - newly full squares blue with a white frame, newly emptied
  squares a red cross on yellow, so the two differ in shape as well as in
  colour - and the strip (or strips) the step worked outlined in orange,
  its clue on an orange band (a search step's: the searched block's
  strip); rows and columns numbered 1, 5, 10, ...;
- the reasoning of a probe or search step drawn on the board in purple,
  apart from what is known (:func:`drawing_data` gives it, as the step's
  ``data-d``): the supposed square, each link's squares and strip, the
  strip that breaks; a search's places, and a chosen place's chain; the
  links and places listed beside the board, each chosen with a click;
- beside it the step list: each step's line, and under the step being read
  its reasons (a probe's chain and a search step's places tried folded in
  ``<details>``, opened on demand); with ``--steps strip`` the steps are
  grouped by round, as Kramer's program applied one rule at a time;
- previous / next buttons, the Left and Right arrow keys (Home and End for
  the ends, Page Up and Page Down for ten steps; Up, Down and Space still
  scroll), a slider, a click on any step, and an address per step
  (``#step-12``) that opens the page there; hovering or tapping a square
  says which step decided it, with a link to it.

Each step is one ``<li id="step-N" class="step">`` whose ``data-f`` and
``data-e`` attributes list the squares it made full and empty (0-based
``row * width + column``) and ``data-s`` the strips its marks lie on
(``r0`` for row 1, ``c4`` for column 5); ``#paint-data`` (JSON) gives the
board's geometry and the starting squares.  The inline script
(``assets/viewer.js``) draws from these; without scripts the page shows
every step's line, with the reasons written into the list (below), then
the answer picture.

Size grows with the marks and the words, never with steps x squares.  The
reasons are written into the list as they come until
:data:`INLINE_REASONS` characters of them have been written; the reasons
of later steps are packed (deflated, base64) into ``#paint-packed`` and
unpacked by the script when their step is shown (with the browser's
``DecompressionStream``: Chromium 80, Firefox 113, Safari 16.4) - a note
in the list says so where the packing begins.  Everything is written as the solve goes
(:class:`HtmlWriter`), so memory holds one step and the packed bytes, not
the page.  Nothing is loaded from elsewhere: no links, fonts or images,
so the page reads the same offline and from an e-mail attachment.  Like
:mod:`paint.render.terminal`, this module renders; the core never imports it.

>>> import paint
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> page = render_html(result)
>>> page.startswith('<!DOCTYPE html>'), '<title>Tiny - paint</title>' in page, 'id="step-2"' in page
(True, True, True)
"""

from __future__ import annotations

import base64
import html
import io
import json
import zlib
from importlib import resources
from typing import TextIO

from ..explanation import Step
from ..puzzle import Puzzle
from ..result import Result
from ..squares import EMPTY, FULL, starting_grid
from ..explanation import merge_links
from ..wording import label, plural, step_body, step_head
from .svg import EMPTY_PATTERN, Layout, write_svg
from .text import Header, branch_body, ending, header
from .text import summary as summary_part

SQUARE = 20
"""The side of a square on the board, in px (the board scales to the window)."""

INLINE_REASONS = 400_000
"""How many characters of reasons are written into the list before the rest are packed."""

WIDE = 10 ** 9
"""A width no line reaches: the browser wraps the page's lines, not the writer."""

DEPTHS = 8
"""Reason lines deeper than this are indented as this deep."""

CAPTIONS = {
    "solved": "The solution.",
    "multiple": "One of the solutions.",
    "contradiction": "The grid when the contradiction was found.",
    "stalled": "The grid as far as the rules got.",
    "limit": "The grid as far as the solve got before it was stopped.",
}
"""The caption under the final picture, by the result's status."""

BOARD_PREFIX = "board-"
"""Goes before the ids inside the board's picture, apart from the answer picture's."""


def asset(name: str) -> str:
    """The text of one of the page's inline files (``viewer.css``, ``viewer.js``, ...) in ``paint/render/assets``."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def script_text(text: str) -> str:
    """``text`` made safe inside ``<script>``: a ``</`` can never close the element.

    >>> script_text('{"a": "</script>"}')
    '{"a": "<\\\\/script>"}'
    """
    return text.replace("</", "<\\/")


def page_head(title: str, styles: str) -> str:
    """The page up to ``<body>``: HTML5, UTF-8, ``title`` (escaped), ``styles`` inline; ``html`` has class ``no-js``."""
    return ("<!DOCTYPE html>\n<html lang=\"en\" class=\"no-js\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"generator\" content=\"paint\">\n"
            f"<title>{html.escape(title)}</title>\n<style>\n{asset('page.css')}{styles}</style>\n</head>\n")


def header_html(part: Header) -> str:
    """The puzzle's title as the page's heading and the lines under it (author, licence, size)."""
    lines = " &middot; ".join(html.escape(line) for line in part.lines)
    return f"<header>\n<h1>{html.escape(part.title)}</h1>\n<p>{lines}</p>\n</header>\n"


def lines_html(lines) -> str:
    """``(depth, text)`` lines as paragraphs indented by depth (classes ``d1`` ... ``d8``)."""
    return "".join(f"<p class=d{min(max(depth, 1), DEPTHS)}>{html.escape(text)}</p>" for depth, text in lines)


def head_html(step: Step) -> str:
    """The step's line: its number (a link to its own address), the rule in bold, what it marked where."""
    head = step_head(step)
    rule, _, rest = head.partition(": ")
    line, dash, what = rest.partition(" - ")  # the line worked, and what the step marks on it (hidden to guess)
    if not dash:
        line, what = "", rest
    shown, what = (html.escape(line), " - " + what) if dash else ("", what)
    return (f'<p class=h><a href="#step-{step.number}">{step.number}.</a> '
            f'<b>{html.escape(rule)}</b>: {shown}<span class="what">{html.escape(what)}</span></p>')


def reasons_html(step: Step, *, detail: bool = False, body: list | None = None) -> str:
    """What goes under the step's line: its reasons; a probe's chain and a search's places tried folded.

    A probe (``edge``, ``corner``, ``try_one`` with a chain) shows its chain
    in a ``<details>`` opened on demand; a search step says what it tried
    and folds each place's fate under it.  ``detail`` adds each link's rule,
    generation and reason (:func:`paint.wording.step_body`); ``body`` is
    ``step_body(step, detail=detail)`` when it was already worded.
    """
    if body is None:
        body = step_body(step, detail=detail)
    if step.chain is not None:
        links = len(step.chain.links)
        return (f"<details><summary>why: what follows if row {step.chain.assumed.row + 1}, column "
                f"{step.chain.assumed.column + 1} were {step.chain.assumed.value.word} "
                f"({plural(links, 'link')})</summary>{lines_html(body)}</details>")
    if step.search is not None:
        folded = [line for branch in step.search.branches for line in branch_body(branch, 1)]
        return (lines_html(body) + f"<details><summary>the places tried ({len(step.search.branches)})</summary>"
                f"{lines_html(folded)}</details>")
    return lines_html(body)


def _squares(step: Step, width: int, value) -> str:
    return " ".join(str(mark.row * width + mark.column) for mark in step.marks if mark.value == value)


def strip_code(strip) -> str:
    """A strip as the page's data names it: ``'r0'`` for row 1, ``'c4'`` for column 5."""
    return f"{strip.kind[0]}{strip.index}"


def _strips(step: Step) -> str:
    """The strips the step reasons about: a search step's block's strip, else the strips its marks lie on."""
    if step.search is not None and step.search.branches:
        return strip_code(step.search.branches[0].placement.strip)
    return " ".join(strip_code(strip) for strip in sorted({mark.strip for mark in step.marks}))


def _marks_data(marks, width: int) -> list[list[int]]:
    """Marks as ``[square, value]`` pairs: ``square`` is ``row * width + column`` from 0, ``value`` 1 full, 2 empty."""
    return [[mark.row * width + mark.column, 1 if mark.value == FULL else 2] for mark in marks]


def chain_data(chain, width: int, *, supposing: str | None = None) -> dict:
    """A chain (a probe's, or a search place's) as the page draws it.

    ``a``: the assumed marks (a probe's one square; a search place's block
    and the squares at its ends), ``t``: the supposition in words; ``l``:
    the links in order, each ``[strip, marks, words]`` (marks as in
    :func:`_marks_data`); ``b`` and ``bt``: the strip that could not be
    completed and the words saying so.
    """
    assumed = chain.placed or (chain.assumed,)
    if supposing is None:
        supposing = (f"if row {chain.assumed.row + 1}, column {chain.assumed.column + 1} were "
                     f"{chain.assumed.value.word}")
    return {"a": _marks_data(assumed, width), "t": supposing,
            "l": [[strip_code(link.strip), _marks_data(link.marks, width), link.text] for link in chain.merged],
            "b": strip_code(chain.broken),
            "bt": f"{label(chain.broken, chain.broken_clue)} could not be completed"}


def follows_data(follows, width: int, where: str) -> dict:
    """A case-analysis place's one-line steps as the page draws them (keys as :func:`chain_data`, no ``b``)."""
    return {"a": _marks_data(follows.placed, width), "t": f"if it lay at {where}",
            "l": [[strip_code(link.strip), _marks_data(link.marks, width), link.text]
                  for link in merge_links(follows.links)]}


OUTCOME_CODES = {"contradiction": "x", "exhausted": "x", "survived": "s", "solved": "s"}
"""How a search place's outcome is drawn: ``x`` ruled out, ``s`` the place left; anything else ``o`` (open)."""


def drawing_data(step: Step, width: int) -> dict | None:
    """What the board draws of a probe's or search step's reasoning (None for a line rule's step).

    A probe: ``{"c": chain}`` (:func:`chain_data`).  A search step:
    ``{"k": strip, "p": places}``, each place ``[start, size, outcome,
    words, chain or null]`` (start 0-based along the strip, outcome as
    :data:`OUTCOME_CODES`, the chain of a place that breaks, or the
    one-line steps of a case-analysis place left).
    """
    if step.chain is not None:
        return {"c": chain_data(step.chain, width)}
    if step.search is None or not step.search.branches:
        return None
    places = []
    for branch in step.search.branches:
        placement = branch.placement
        if branch.chain is not None:
            told = chain_data(branch.chain, width, supposing=f"if it lay at {placement.where}")
        elif branch.follows is not None:
            told = follows_data(branch.follows, width, placement.where)
        else:
            told = None
        code, words = OUTCOME_CODES.get(str(branch.outcome), "o"), branch.text
        if step.search.agreed and code != "x":  # a case analysis: every place not ruled out is a place left
            code, words = "s", f"{placement.where} is a place left"
        places.append([placement.start, placement.size, code, words, told])
    return {"k": strip_code(step.search.branches[0].placement.strip), "p": places}


class HtmlWriter:
    """Writes the page to ``stream`` as the solve goes: :meth:`begin`, :meth:`step` for each step, :meth:`end`.

    ``brief`` leaves out the reasons, ``detail`` adds a probe's links'
    reasons; ``rounds`` groups the step list by round (``--steps strip``).
    ``inline`` is how many characters of reasons are written into the list
    before the rest are packed (:data:`INLINE_REASONS`).  Only one step's
    text and the packed bytes are held; raises nothing of its own (the
    stream's errors pass through).
    """

    def __init__(self, stream: TextIO, *, brief: bool = False, detail: bool = False, rounds: bool = True,
                 inline: int = INLINE_REASONS):
        self.stream = stream
        self.brief = brief
        self.detail = detail
        self.rounds = rounds
        self.inline = inline
        self.puzzle: Puzzle | None = None
        self.left = inline
        self.round: int | None = None
        self.rule: str | None = None
        self.packer = None
        self.packed = io.BytesIO()
        self.first = True

    def begin(self, puzzle: Puzzle) -> None:
        """Write the page's head, titled after ``puzzle``, the board with the starting squares, and open the step list."""
        self.puzzle = puzzle
        self.round = self.rule = None
        self.left = self.inline
        self.packer = None
        self.packed = io.BytesIO()
        write = self.stream.write
        part = header(puzzle)
        write(page_head(f"{part.title} - paint", asset("viewer.css")))
        write("<body>\n")
        write(header_html(part))
        write('<main id="viewer">\n<div class="board" id="board" hidden>\n')
        write_svg(self.stream, puzzle, starting_grid(puzzle), square=SQUARE, declaration=False, prefix=BOARD_PREFIX,
                  numbered=True)
        write('</div>\n<div class="panel">\n<nav class="controls" id="controls" hidden aria-label="steps">\n'
              '<button type="button" id="first" title="the start (Home)" aria-label="first: the start">'
              '|&#x25C0;<span class="wide"> First</span></button>'
              '<button type="button" id="previous" title="the step before (Left arrow)" aria-label="previous step">'
              '&#x25C0;<span class="wide"> Previous</span></button>'
              '<button type="button" id="next" title="the step after (Right arrow)" aria-label="next step">'
              '<span class="wide">Next </span>&#x25B6;</button>'
              '<button type="button" id="last" title="the last step (End)" aria-label="last step">'
              '<span class="wide">Last </span>&#x25B6;|</button>\n'
              '<input type="range" id="slider" min="0" max="0" value="0" aria-label="step">'
              '<output id="position" for="slider" aria-live="off"></output>\n'
              '<button type="button" id="guess" aria-pressed="false" title="hide what each next step marks until '
              'you reveal it (G)">Guess<span class="wide"> first</span></button>'
              '<button type="button" id="reveal" hidden title="show what the step marks (R)">Reveal</button>'
              '<button type="button" id="zoom" aria-pressed="false" title="zoom to the squares the step works '
              '(Z)">Zoom</button>\n</nav>\n'
              '<p id="said" class="visually-hidden" aria-live="polite"></p>\n'
              '<section id="reasoning" class="reasoning" hidden aria-label="the reasoning drawn"></section>\n'
              '<h2 id="steps-heading">Steps</h2>\n<ol class="steps" id="steps" aria-labelledby="steps-heading">\n')
        given = puzzle.given is not None
        start = ("Start: the given squares, the rest blank." if given else "Start: every square blank.")
        write(f'<li id="step-0" class="step" data-f="" data-e="" data-s=""><p class=h><a href="#step-0">0.</a> '
              f"{start}</p></li>\n")

    def step(self, step: Step, body: list | None = None) -> None:
        """Write one step of the list: its line, its marks as data, and its reasons (inline or packed).

        ``body`` is ``step_body(step, detail=...)`` when the text explanation
        already worded it (see :func:`reasons_html`).
        """
        write = self.stream.write
        single = step.assumed is not None or step.search is not None  # a probe or search step: a round of one
        if self.rounds and step.round != self.round:
            if not single:
                write(f'<li class="round">round {step.round}: {html.escape(step.rule)}</li>\n')
            elif step.rule != self.rule:  # a run of probes or search steps, one round each, under one heading
                write(f'<li class="round">{html.escape(step.rule)}</li>\n')
        self.round, self.rule = step.round, (step.rule if single else None)
        reasons = "" if self.brief else reasons_html(step, detail=self.detail, body=body)
        width = self.puzzle.width
        drawing = None if self.brief else drawing_data(step, width)
        drawn = "" if drawing is None else json.dumps(drawing, ensure_ascii=False, separators=(",", ":"))
        if (reasons or drawn) and self.packer is None and len(reasons) + len(drawn) > self.left:
            self.packer = zlib.compressobj(6)
            self.packed.write(self.packer.compress(b"["))
            self.first = True
            write('<li class="note">The reasons under the steps from here on are packed to keep the page '
                  "small: the viewer shows each step's with it (scripts must be on), and "
                  "<code>paint solve PUZZLE -o FILE</code> writes them all as text.</li>\n")
        packing = self.packer is not None and bool(reasons or drawn)
        data = f' data-d="{html.escape(drawn)}"' if drawn and not packing else ""
        write(f'<li id="step-{step.number}" class="step" data-f="{_squares(step, width, FULL)}" '
              f'data-e="{_squares(step, width, EMPTY)}" data-s="{_strips(step)}"{data}>{head_html(step)}')
        if packing:
            item = json.dumps([step.number, reasons, drawing], ensure_ascii=False, separators=(",", ":"))
            self.packed.write(self.packer.compress(((", " if not self.first else "") + item).encode("utf-8")))
            self.first = False
        else:
            self.left -= len(reasons) + len(drawn)
            if reasons:
                write(f"<div class=r>{reasons}</div>")
        write("</li>\n")

    def end(self, result: Result, picture: str | None = None, *, show_time: bool = True) -> None:
        """Close the list and write the outcome, the final grid (``result.grid``) as SVG, the summary, the data and the script.

        ``picture`` is the final grid's SVG markup when it was already made
        (:func:`paint.render.svg.svg_markup`), so it is not drawn twice;
        ``show_time`` puts the time in the summary.
        """
        write = self.stream.write
        write('</ol>\n<div class="aside" id="aside" hidden>\n'
              '<p id="square" aria-live="polite">Point at a square, or tap it, to see which step decided it.</p>\n'
              '<p class="legend"><span class="key new-full"></span> newly full '
              '<span class="key new-empty"></span> newly empty '
              '<span class="key strip"></span> the row or column worked</p>\n'
              '<p class="keys">Keys: Left and Right a step (Up and Down in the list), Page Up and Page Down ten, '
              'Home and End the ends; G guess first, R reveal, Z zoom.</p>\n</div>\n</div>\n</main>\n')
        outcome = ending(result, grids=False, width=WIDE)
        summary = summary_part(result, show_time=show_time)
        choice = result.choice()  # several solutions: where the choice is, as the text's last step says it
        said = "" if choice is None else "".join(f"<p class=\"choice\">{html.escape(line)}</p>\n"
                                                 for line in choice.lines())
        message = ' '.join(outcome.message)
        if result.status == "multiple":  # the page draws the squares where they differ framed, not as ## and *
            message = message.split("; two are drawn below")[0] + "; two are drawn below, the squares where they differ framed in red"
        write(f'<section id="outcome" class="{html.escape(result.status)}" aria-labelledby="outcome-heading">\n'
              '<h2 id="outcome-heading">Outcome</h2>\n'
              f"<p class=\"message\">{html.escape(message)}</p>\n{said}")
        if result.status == "multiple" and len(result.solutions) >= 2:
            first, second = result.solutions[:2]
            places = first.differences(second)
            write('<div class="solutions">\n')
            most = 1.75 * Layout(result.puzzle, SQUARE, numbered=True).width  # a small puzzle is not blown up
            for n, grid in ((1, first), (2, second)):
                write(f'<figure class="solution" id="solution-{n}" style="max-width: {most:.0f}px">\n')
                write_svg(self.stream, result.puzzle, grid, declaration=False, prefix=f"solution-{n}-",
                          numbered=True, marked=places)
                write(f"<figcaption>Solution {n}: the {plural(len(places), 'square')} where the two differ framed in red."
                      "</figcaption>\n</figure>\n")
            write("</div>\n")
        else:
            # the answer is folded until asked for, so a reader solving along is not shown it by a scroll
            folded = result.status == "solved"
            write(f'<details class="answer"{"" if folded else " open"}>\n<summary>'
                  f'{"Show the solution" if folded else "The grid"}</summary>\n<figure class="answer">\n')
            if picture is None:
                write_svg(self.stream, result.puzzle, result.grid, declaration=False)
            else:
                write(picture)
            write(f"<figcaption>{html.escape(CAPTIONS.get(result.status, ''))}</figcaption>\n</figure>\n</details>\n")
        write("<table class=\"summary\">\n<caption>Summary</caption>\n")
        write("".join(f"<tr><th scope=\"row\">{html.escape(label)}</th><td>{html.escape(value)}</td></tr>\n"
                      for label, value in summary.table()))
        write("</table>\n</section>\n")
        puzzle = result.puzzle
        layout = Layout(puzzle, SQUARE, numbered=True)
        data = {"width": puzzle.width, "height": puzzle.height, "square": SQUARE,
                "pattern": BOARD_PREFIX + EMPTY_PATTERN,
                "left": layout.left, "top": layout.top,
                "start": "".join(starting_grid(puzzle).lines()) if puzzle.given is not None else None}
        write(f'<script type="application/json" id="paint-data">{script_text(json.dumps(data))}</script>\n')
        if self.packer is not None:
            self.packed.write(self.packer.compress(b"]") + self.packer.flush())
            write('<script type="application/octet-stream" id="paint-packed">')
            data = self.packed.getbuffer()
            chunk = 3 * 2 ** 18  # a multiple of 3: the base64 of the pieces joins into one
            for start in range(0, len(data), chunk):
                write(base64.b64encode(data[start:start + chunk]).decode("ascii"))
            write("</script>\n")
            self.packer, self.packed = None, io.BytesIO()
        write(f"<script>\n{script_text(asset('viewer.js'))}</script>\n</body>\n</html>\n")


def render_html(result: Result, *, detail: bool = False, brief: bool = False, rounds: bool = True,
                inline: int = INLINE_REASONS, show_time: bool = True) -> str:
    """The explanation of ``result`` as one self-contained HTML page you step through (text ending in a newline).

    Every step's line and reasons (none when ``brief``; ``detail`` adds a
    probe's links' reasons), the board the script draws after each step,
    then the outcome, the final grid (``result.grid``) as an inline SVG
    picture and the summary.  ``rounds`` groups the step list by round;
    ``inline`` as in :class:`HtmlWriter`; ``show_time`` puts the time in
    the summary.  The page's ``<title>`` is the
    puzzle's title (escaped).  Raises nothing of its own.

    >>> import paint
    >>> result = paint.solve(paint.Puzzle(rows=[[1]], columns=[[1]]))
    >>> page = render_html(result)
    >>> '<b>fills (the clue fills the line)</b>: row 1 [1]<span class="what"> - column 1 full</span>' in page
    True
    >>> 'data-f="0"' in page
    True
    """
    buffer = io.StringIO()
    write_html(buffer, result, detail=detail, brief=brief, rounds=rounds, inline=inline, show_time=show_time)
    return buffer.getvalue()


def write_html(stream: TextIO, result: Result, *, show_time: bool = True, **options) -> None:
    """Write the page of :func:`render_html` to ``stream`` (``options`` as :class:`HtmlWriter` takes them)."""
    writer = HtmlWriter(stream, **options)
    writer.begin(result.puzzle)
    for step in result.steps:
        writer.step(step)
    writer.end(result, show_time=show_time)
