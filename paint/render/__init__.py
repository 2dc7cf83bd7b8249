"""Renderings of a solve's explanation for people: plain text here, rich in :mod:`paint.render.terminal`.

The explanation is data (:class:`paint.explanation.Step` records in a
:class:`paint.result.Result`); rendering only shows it.  What is shown is
built once by :func:`result_parts` (Kramer key decision 4: the reasoning
interleaved with pictures of the partly worked puzzle, then the answer);
:func:`render_text` writes it plainly, :mod:`paint.render.terminal` styles
it with rich, :mod:`paint.render.html` makes it one HTML page (rich's own
export) and :mod:`paint.render.svg` draws a grid with its clues as an SVG
picture.  Only the renderers and :mod:`paint.cli` import rich; the core
never does.

>>> import paint
>>> from paint.render import render_text
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> print(render_text(result, grids=False, show_time=False), end='')
Tiny
2 columns x 2 rows
<BLANKLINE>
1. fills (the clue fills the line): column 1 [2] - rows 1-2 full
    the 2 is as long as the line, so it covers every square
             1
    before  >  <
    after   >##<
2. fills (the clue fills the line): column 2 [0] - rows 1-2 empty
    the clue is 0: no square of the line is full
             1
    before  >  <
    after   >--<
<BLANKLINE>
solved
<BLANKLINE>
    20
    --
  1|X.|
  1|X.|
    --
<BLANKLINE>
summary
  fills            2 steps
  overlap          0 steps
  located          0 steps
  unreachable      0 steps
  narrow_gap       0 steps
  block_extension  0 steps
  try_one          0 steps
  edge             0 steps
  corner           0 steps
  all rules        2 steps
  squares          4: 2 full, 2 empty
  unique           yes, proven
"""

__all__ = ["WIDTH", "Ending", "Header", "Highlight", "Part", "Picture", "StepPart", "Summary",
           "TextWriter", "apply_marks", "ending_parts", "gap_before", "header_parts", "part_lines",
           "render_text", "result_parts", "step_part", "steps_with_grids"]


def __getattr__(name: str):
    """A name of :data:`__all__`, from :mod:`paint.render.text`, imported when first asked for (PEP 562): a module of
    this package that needs no text rendering (:mod:`paint.render.verdicts`, for ``paint check`` of one puzzle)
    does not load it.  Raises AttributeError for any other name."""
    if name in __all__:
        from . import text
        value = getattr(text, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
