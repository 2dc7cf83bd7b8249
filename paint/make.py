"""A puzzle from a picture: an image's grey levels, a threshold, then the fewest changes that make it fair.

``paint make`` turns a drawing or a photograph into a puzzle an editor can
print, as Batenburg, Henstra, Kosters and Palenstijn do ("Constructing
Simple Nonograms of Varying Difficulty", 2009): the image (read with
Pillow: PNG, JPEG, GIF, BMP and the rest Pillow reads; the first frame of
an animated one) is laid on a white ground where it is transparent, made
grey, and shrunk to the puzzle's size, each square the mean grey of the
part of the image it covers (box filter).  A square whose grey is at most
the threshold is full (with ``invert``, the greys are turned over first,
255 - grey, so the light squares are full).  The threshold is Otsu's ("A threshold selection method
from gray-level histograms", 1979: the grey level that best splits the
squares' grey levels in two, by the variance between the two sides)
unless one is given.  The picture is then fixed (:func:`paint.fix.fix_picture`)
so that the rungs asked for solve its clues - one solution, no search -
trying first the squares whose grey is nearest the threshold, which the
eye least misses.

>>> from PIL import Image, ImageDraw
>>> image = Image.new('L', (40, 40), 255)
>>> ImageDraw.Draw(image).rectangle((10, 10, 29, 29), fill=0)
>>> made = picture_of_image(image, width=4)
>>> made.picture.lines(), made.threshold
(['....', '.XX.', '.XX.', '....'], 0)
"""

from __future__ import annotations

import io
import math
import warnings

import attrs

from .errors import PaintError
from .fix import Fix, Target, fix_picture
from .puzzle import MAX_SIZE, Puzzle
from .squares import EMPTY, FULL, Grid

WHITE = 255
"""The grey level of white (black is 0); a transparent part of an image is laid on white."""


@attrs.frozen
class Image:
    """An image read for :func:`picture_of_image`: its Pillow ``image`` (the first frame), its ``name`` (for the
    puzzle's title and messages), its ``format`` as Pillow names it (``'PNG'``), and ``frames``, how many it
    has (more than 1: animated, the first used)."""

    image: object
    name: str
    format: str | None
    frames: int = 1


MAX_IMAGE_BYTES = 512 * 1024 * 1024
"""The largest image file ``paint make`` reads, in bytes (512 MiB: more than an uncompressed image of Pillow's
largest size, some 89 million pixels)."""


def read_image(data: bytes, name: str) -> Image:
    """The image in ``data`` (the bytes of a file named ``name``): its first frame, turned upright as its EXIF
    orientation says (a phone's photograph), made grey (:func:`grey`).

    Raises PaintError naming ``name`` when Pillow cannot read it or make it grey, or when it is larger than
    Pillow's limit on pixels (a "decompression bomb").
    """
    from PIL import Image as PillowImage, ImageOps, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PillowImage.DecompressionBombWarning)
            opened = PillowImage.open(io.BytesIO(data))
            frames = getattr(opened, "n_frames", 1)
            opened.seek(0)
            opened.load()
            kind = opened.format
            upright = ImageOps.exif_transpose(opened)
            greyed = grey(upright)
    except UnidentifiedImageError:
        raise PaintError(f"{name}: not an image paint can read (PNG, JPEG, GIF, BMP, ...)") from None
    except (PillowImage.DecompressionBombError, PillowImage.DecompressionBombWarning):
        raise PaintError(f"{name}: the image is too large to read (more than "
                         f"{PillowImage.MAX_IMAGE_PIXELS} pixels)") from None
    except (OSError, ValueError, SyntaxError, EOFError) as error:  # Pillow's ways of saying the file is damaged
        raise PaintError(f"{name}: the image cannot be read ({error or type(error).__name__})") from None
    return Image(greyed, name, kind, frames)


def grey(image) -> object:
    """``image`` (a Pillow image of any mode) as grey levels (mode ``'L'``): its transparent parts (an alpha
    channel, or a colour marked transparent) laid on white; 16-bit and 32-bit greys scaled to 0-255, not clipped.

    Raises ValueError when Pillow cannot make the image's mode grey.
    """
    from PIL import Image as PillowImage

    if image.mode == "L":
        return image
    if image.mode.startswith("I;16"):
        image = image.convert("I")
    if image.mode in ("I", "F"):
        low, high = image.getextrema()
        scale = 255 / high if high > 255 else 1  # 16-bit greys (up to 65535) and the like, to 0-255
        return image.point(lambda level: level * scale).convert("L")
    if image.mode in ("RGBA", "LA", "PA", "La", "RGBa") or "transparency" in image.info:
        image = image.convert("RGBA")
        ground = PillowImage.new("RGBA", image.size, (WHITE, WHITE, WHITE, 255))
        image = PillowImage.alpha_composite(ground, image)
    return image.convert("L")


def otsu(levels) -> int:
    """Otsu's threshold of the grey ``levels`` (0-255 each): the level ``t`` for which the levels up to ``t``
    and those above it are best apart (the largest variance between the two sides' means, weighted by how
    many each holds).  Source: N. Otsu, IEEE Trans. SMC 9 (1979).

    Raises ValueError when every level is the same (there is nothing to split).

    >>> otsu([10, 12, 11, 200, 210, 205])
    12
    """
    counts = [0] * 256
    for level in levels:
        counts[level] += 1
    total = sum(counts)
    if total == 0 or max(counts) == total:
        raise ValueError("every square is the same grey: there is nothing to split")
    whole = sum(level * count for level, count in enumerate(counts))
    below = below_sum = 0
    best, chosen = -1.0, 0
    for level in range(255):
        below += counts[level]
        below_sum += level * counts[level]
        above = total - below
        if below == 0 or above == 0:
            continue
        between = below * above * (below_sum / below - (whole - below_sum) / above) ** 2
        if between > best:
            best, chosen = between, level
    return chosen


@attrs.frozen
class Picture:
    """A picture made from an image: the ``picture`` (a :class:`paint.squares.Grid`, no blank square), the
    ``threshold`` (a square whose grey is at most it is full), whether it was Otsu's (``chosen`` False) or
    given, and each square's grey level (``levels``: rows of 0-255)."""

    picture: Grid
    threshold: int
    chosen: bool
    levels: tuple[tuple[int, ...], ...]

    def distance(self, square: tuple[int, int]) -> int:
        """How far the grey of 0-based ``square`` is from the threshold: the cost of flipping it."""
        r, c = square
        return abs(self.levels[r][c] - self.threshold)


def size_of(image, width: int, height: int | None = None) -> tuple[int, int]:
    """The puzzle's ``(width, height)`` for an ``image``: ``width`` columns and ``height`` rows, or as many rows
    as keep the image's aspect ratio (at least 1).  Raises PaintError for a size outside 1-:data:`MAX_SIZE`."""
    shaped = height is None
    if shaped:
        height = max(1, round(width * image.height / image.width))
    for what, count in (("width", width), ("height", height)):
        if not 1 <= count <= MAX_SIZE:
            why = (f" (the image's shape, {image.width} x {image.height} pixels, at {width} columns: give --height "
                   "or a smaller --width)") if what == "height" and shaped else ""
            raise PaintError(f"a puzzle's {what} is from 1 to {MAX_SIZE} squares, not {count}{why}")
    return width, height


def picture_of_image(image, *, width: int, height: int | None = None, threshold: int | None = None,
                     invert: bool = False) -> Picture:
    """The picture of ``image`` (a Pillow image) at ``width`` columns by ``height`` rows (None: by the aspect
    ratio): each square the mean grey of the part it covers, full when at most ``threshold`` (None: Otsu's
    of the squares' greys); ``invert`` makes the light squares full instead.

    Raises PaintError for a size outside 1-:data:`MAX_SIZE`, for squares all of one grey (no Otsu
    threshold), and for a threshold that leaves every square full or every square empty.
    """
    from PIL import Image as PillowImage

    width, height = size_of(image, width, height)
    shrunk = grey(image).resize((width, height), PillowImage.Resampling.BOX)
    if invert:
        shrunk = shrunk.point(lambda level: WHITE - level)
    flat = list(shrunk.tobytes())  # one byte a square, row by row (mode L)
    levels = tuple(tuple(flat[r * width:(r + 1) * width]) for r in range(height))
    chosen = threshold is not None
    if threshold is None:
        try:
            threshold = otsu(flat)
        except ValueError:
            raise PaintError(f"at {width} x {height} every square is the same grey ({flat[0]}): there is no "
                             "picture to make (give --threshold to choose, or another size)") from None
    picture = Grid(height, width, [[FULL if level <= threshold else EMPTY for level in row] for row in levels])
    full = picture.count(FULL)
    if full in (0, width * height):
        raise PaintError(f"at {width} x {height} with threshold {threshold} every square is "
                         f"{'full' if full else 'empty'}: there is no picture (choose another --threshold, "
                         "--width or --height)")
    return Picture(picture, threshold, chosen, levels)


@attrs.frozen
class Made:
    """What :func:`make_puzzle` made: the ``picture`` (:class:`Picture`), the ``fix`` that made its clues fair,
    and the ``puzzle`` (None when the fix stopped short)."""

    picture: Picture
    fix: Fix
    puzzle: Puzzle | None

    @property
    def agreement(self) -> float:
        """The share of squares (0-1) the puzzle's picture has as the thresholded image has them."""
        size = self.picture.picture.width * self.picture.picture.height
        return 1 - len(self.fix.changes) / size

    @property
    def agreement_words(self) -> str:
        """:attr:`agreement` as a percentage, rounded down to a tenth (never 100.0% with a square changed)."""
        return f"{math.floor(self.agreement * 1000) / 10:.1f}%"


CANDIDATES = 60
"""How many blank squares :func:`make_puzzle` tries flipped at each change: the nearest the threshold."""


def max_changes_for(width: int, height: int) -> int:
    """The changes :func:`make_puzzle` may make by default: 5% of the squares (at least 1), so that the puzzle's
    picture is at least 95% the image's.

    >>> max_changes_for(30, 20)
    30
    """
    return max(1, math.floor(width * height * 0.05))


def make_puzzle(image: Image, *, width: int, height: int | None = None, threshold: int | None = None,
                invert: bool = False, target: Target = Target(), max_changes: int | None = None,
                max_time: float | None = None, stop=None) -> Made:
    """A puzzle from ``image`` (:func:`read_image`): its picture (:func:`picture_of_image`), fixed so that the
    rungs of ``target`` solve its clues, with at most ``max_changes`` changes (None: :func:`max_changes_for`)
    within ``max_time`` seconds; titled after the image.  ``stop`` (a :class:`threading.Event`) set stops
    the fix where it is.

    Raises PaintError as :func:`picture_of_image` does.
    """
    try:
        made = picture_of_image(image.image, width=width, height=height, threshold=threshold, invert=invert)
    except PaintError as error:
        raise PaintError(f"{image.name}: {error}") from None
    grid = made.picture
    if max_changes is None:
        max_changes = max_changes_for(grid.width, grid.height)
    found = fix_picture(grid, max_changes=max_changes, candidates=CANDIDATES, max_time=max_time, stop=stop,
                        target=target, cost=made.distance)
    puzzle = found.puzzle(title=f"{title_of(image.name)}") if found.fixed else None
    return Made(made, found, puzzle)


def title_of(name: str) -> str:
    """A puzzle's title from an image's file name: its name without folder, ``'cat.png'`` for ``'img/cat.png'``.

    >>> title_of('pictures/cat.png')
    'cat.png'
    """
    return name.replace("\\", "/").rsplit("/", 1)[-1]
