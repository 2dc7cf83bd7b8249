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
>>> result = paint.solve(paint.Puzzle(rows=[[1], [1]], columns=[[2], []], title='Tiny'))
>>> print(render_text(result, grids=False, show_time=False), end='')
Tiny
2 columns x 2 rows
<BLANKLINE>
1. overlap (simple boxes): column 1 [2] - rows 1-2 full
    the 2 can only lie in rows 1-2, so it covers rows 1-2 however it lies
2. unreachable (mercury): row 1 [1] - column 2 empty
    the 1 cannot end after column 1: it cannot start after the full column 1, as no block comes
        before it
    no block can reach column 2: the 1 cannot end after column 1
3. unreachable (mercury): row 2 [1] - column 2 empty
    the 1 cannot end after column 1: it cannot start after the full column 1, as no block comes
        before it
    no block can reach column 2: the 1 cannot end after column 1
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
  overlap          1 step
  unreachable      2 steps
  narrow_gap       0 steps
  block_extension  0 steps
  try_one          0 steps
  edge             0 steps
  corner           0 steps
  all rules        3 steps
  squares          4: 2 full, 2 empty
  unique           yes, proven
"""

from .text import (
    WIDTH,
    Header,
    Ending,
    Highlight,
    Part,
    Picture,
    StepPart,
    Summary,
    TextWriter,
    apply_marks,
    ending_parts,
    gap_before,
    header_parts,
    part_lines,
    render_text,
    result_parts,
    step_part,
    steps_with_grids,
)

__all__ = ["WIDTH", "Ending", "Header", "Highlight", "Part", "Picture", "StepPart", "Summary",
           "TextWriter", "apply_marks", "ending_parts", "gap_before", "header_parts", "part_lines",
           "render_text", "result_parts", "step_part", "steps_with_grids"]
