"""A puzzle from a picture (paint.make, ``paint make``): pictures the tests draw themselves with Pillow - a circle,
a letter, a photo-like gradient - become puzzles that the tests' own line logic (tests/checker.py) solves to
the last square, so each has one solution and needs no search, and that agree with the thresholded image on
at least 95% of the squares."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

import paint
from checker import clues_of, columns_of, is_solution, line_logic_glyphs
from paint.check import check_puzzle
from paint.errors import PaintError
from paint.make import make_puzzle, otsu, picture_of_image, read_image


def circle() -> Image.Image:
    """A red disc on a transparent ground (the ground laid on white: the disc is what is dark)."""
    image = Image.new("RGBA", (300, 300), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((30, 30, 270, 270), fill=(200, 0, 0, 255))
    return image


def letter() -> Image.Image:
    """A capital A, drawn as polygons (no font needed)."""
    image = Image.new("L", (200, 300), 255)
    draw = ImageDraw.Draw(image)
    draw.polygon([(20, 280), (90, 20), (110, 20), (180, 280), (140, 280), (120, 200), (80, 200), (60, 280)], fill=0)
    draw.polygon([(88, 160), (100, 90), (112, 160)], fill=255)
    return image


def photo(size: int = 25, noise: float = 50, seed: int = 3) -> Image.Image:
    """A photo-like picture: a diagonal gradient from dark to light, each patch of it lighter or darker at random
    (patches the size of a square at ``size`` squares), so that its thresholded picture has ragged runs and,
    as a puzzle, several solutions before it is fixed."""
    rng = random.Random(seed)
    cells = [[max(0, min(255, int(255 * (x + y) / (2 * size) + rng.gauss(0, noise)))) for x in range(size)]
             for y in range(size)]
    image = Image.new("L", (size * 10, size * 10))
    image.putdata([cells[y // 10][x // 10] for y in range(size * 10) for x in range(size * 10)])
    return image


def png(image: Image.Image, format: str = "PNG", **options) -> bytes:
    stream = io.BytesIO()
    image.save(stream, format, **options)
    return stream.getvalue()


def thresholded(image: Image.Image, width: int, height: int, threshold: int) -> list[str]:
    """The tests' own picture of ``image``: grey on white, shrunk by box averages, dark at most ``threshold``."""
    if image.mode == "RGBA":
        ground = Image.new("RGBA", image.size, (255, 255, 255, 255))
        image = Image.alpha_composite(ground, image)
    small = image.convert("L").resize((width, height), Image.Resampling.BOX)
    levels = list(small.tobytes())
    return ["".join("X" if levels[r * width + c] <= threshold else "." for c in range(width)) for r in range(height)]


@pytest.mark.parametrize(("name", "draw", "width", "changed"),
                         [("circle", circle, 20, False), ("letter", letter, 20, False), ("photo", photo, 25, True)])
def test_pictures_become_fair_puzzles(name, draw, width, changed):
    """Each picture is a puzzle with one solution that line logic alone reaches (by the tests' own solver), at
    least 95% the thresholded image; the photo needs changes, and paint's check agrees."""
    image = draw()
    made = make_puzzle(read_image(png(image), f"{name}.png"), width=width, max_time=120)
    assert made.fix.fixed and made.puzzle is not None
    goal = list(made.puzzle.goal)
    height = len(goal)
    assert height == round(width * image.height / image.width)
    rows, columns = clues_of(goal), clues_of(columns_of(goal))
    assert [list(clue) for clue in made.puzzle.rows] == rows and [list(clue) for clue in made.puzzle.columns] == columns
    assert is_solution(rows, columns, goal)
    assert line_logic_glyphs(rows, columns) == goal  # line logic finishes it: one solution, no search
    own = thresholded(image, width, height, made.picture.threshold)
    assert own == made.fix.before.lines()
    agree = sum(a == b for line, mine in zip(goal, own) for a, b in zip(line, mine))
    assert agree >= 0.95 * width * height
    assert bool(made.fix.changes) is changed
    assert made.puzzle.title == f"{name}.png"
    assert check_puzzle(made.puzzle).verdict == "ok"


def test_otsu_splits_two_groups():
    """Otsu's threshold lies between two groups of greys, and is the split a brute force over every level finds
    best by the variance between the sides."""
    rng = random.Random(1)
    levels = [max(0, min(255, int(rng.gauss(60, 15)))) for _ in range(300)] + \
             [max(0, min(255, int(rng.gauss(190, 20)))) for _ in range(200)]

    def between(t):
        low, high = [v for v in levels if v <= t], [v for v in levels if v > t]
        if not low or not high:
            return -1
        return len(low) * len(high) * (sum(low) / len(low) - sum(high) / len(high)) ** 2

    chosen = otsu(levels)
    assert 60 < chosen < 190
    assert between(chosen) == max(between(t) for t in range(255))
    with pytest.raises(ValueError):
        otsu([7] * 10)


def test_inverted_and_given_threshold():
    image = letter()
    dark = picture_of_image(image, width=10, threshold=128)
    light = picture_of_image(image, width=10, threshold=127, invert=True)
    assert dark.chosen and dark.threshold == 128
    assert light.picture.lines() == ["".join("." if s == "X" else "X" for s in line) for line in dark.picture.lines()]


def test_pictures_with_nothing_in_them():
    with pytest.raises(PaintError, match="every square is the same grey"):
        picture_of_image(Image.new("L", (40, 40), 90), width=5)
    grey = Image.new("L", (40, 40), 100)
    grey.paste(200, (0, 0, 20, 40))
    with pytest.raises(PaintError, match="with threshold 50 every square is empty"):
        picture_of_image(grey, width=4, threshold=50)
    with pytest.raises(PaintError, match="with threshold 200 every square is full"):
        picture_of_image(grey, width=4, threshold=200)
    with pytest.raises(PaintError, match="width is from 1 to 1000"):
        picture_of_image(letter(), width=1001)


def test_unreadable_and_animated_images():
    with pytest.raises(PaintError, match="x.png: not an image paint can read"):
        read_image(b"hello", "x.png")
    with pytest.raises(PaintError, match="y.png: the image cannot be read"):
        read_image(png(letter())[:100], "y.png")
    first = Image.new("L", (20, 20), 255)
    first.paste(0, (0, 0, 10, 20))
    animated = read_image(png(first, "GIF", save_all=True, append_images=[Image.new("L", (20, 20), 0)]), "a.gif")
    assert animated.frames == 2 and animated.format == "GIF"
    assert picture_of_image(animated.image, width=2).picture.lines() == ["X.", "X."]  # the first frame


class TestCommand:
    def test_make_beside_the_image(self, tmp_path, capsys):
        """``paint make IMAGE`` writes NAME.non beside it (exit 0) and says what it did; a second run refuses to
        replace that file; -o names another, in the format of its extension."""
        from paint import cli
        image = tmp_path / "photo.png"
        image.write_bytes(png(photo()))
        assert cli.main(["make", str(image)]) == 0
        printed = capsys.readouterr().out
        assert "photo.png: 250 x 250 pixels (PNG) -> 25 x 25 squares, dark squares full: threshold" in printed
        assert "and line logic alone solves it (grade" in printed and "the new clues:" in printed
        assert "the puzzle is 9" in printed and f"wrote {tmp_path / 'photo.non'}" in printed
        made = paint.load(str(tmp_path / "photo.non"))
        assert made.title == "photo.png" and check_puzzle(made).verdict == "ok"
        assert cli.main(["make", str(image)]) == 2
        assert "is there already: name the puzzle's file with -o FILE" in capsys.readouterr().err
        assert cli.main(["make", str(image), "-o", str(tmp_path / "photo.xml")]) == 0
        capsys.readouterr()
        assert paint.load(str(tmp_path / "photo.xml")).rows == made.rows

    def test_standard_output_and_input(self, tmp_path, capsys, monkeypatch):
        from paint import cli
        image = tmp_path / "letter.png"
        image.write_bytes(png(letter()))
        assert cli.main(["make", str(image), "--width", "12", "-o", "-", "--to", "non"]) == 0
        printed = capsys.readouterr().out
        assert printed.index("the puzzle is 100.0% the picture") < printed.index('title "letter.png"')
        assert cli.main(["make", "-", "--width", "12"]) == 2
        assert "give -o FILE" in capsys.readouterr().err

    def test_bad_images(self, tmp_path, capsys):
        """Bad input: one line naming the file and the problem, exit 2, nothing written."""
        from paint import cli
        (tmp_path / "text.png").write_text("not a picture")
        flat = tmp_path / "flat.png"
        flat.write_bytes(png(Image.new("L", (30, 30), 128)))
        for arguments, message in (([str(tmp_path / "text.png")], "text.png: not an image paint can read"),
                                   ([str(tmp_path / "none.png")], "none.png: no such file"),
                                   ([str(flat)], "every square is the same grey (128)"),
                                   ([str(flat), "--threshold", "300"], "a grey level is from 0 (black) to 255"),
                                   ([str(flat), "--max-rung", "search"], "not a rung"),
                                   ([str(tmp_path)], f"{tmp_path}: is a directory, not an image"),
                                   (["/dev/zero", "-o", str(tmp_path / "z.non")],
                                    "/dev/zero: a character device (like /dev/zero or /dev/null), not an image")):
            assert cli.main(["make", *arguments]) == 2
            err = capsys.readouterr().err
            assert message in err and err.count("\n") == 1 and "Traceback" not in err
        assert not (tmp_path / "text.non").exists() and not (tmp_path / "flat.non").exists()

    def test_animated_first_frame_said(self, tmp_path, capsys):
        from paint import cli
        first = Image.new("L", (40, 40), 255)
        first.paste(0, (0, 0, 20, 40))
        gif = tmp_path / "moving.gif"
        gif.write_bytes(png(first, "GIF", save_all=True, append_images=[Image.new("L", (40, 40), 0)]))
        assert cli.main(["make", str(gif), "--width", "4"]) == 0
        assert f"{gif} is animated (2 frames): its first frame is used" in capsys.readouterr().out
        assert paint.load(str(tmp_path / "moving.non")).goal == ("XX..",) * 4

    def test_no_fair_puzzle_within_the_changes(self, tmp_path, capsys):
        """Too few changes allowed: how far it got is said, exit 3, nothing written."""
        from paint import cli
        image = tmp_path / "photo.png"
        image.write_bytes(png(photo()))
        assert cli.main(["make", str(image), "--max-changes", "1"]) == 3
        printed = capsys.readouterr().out
        assert "no fix: --max-changes (1) was reached; after 1 square line logic still leaves" in printed
        assert "nothing written" in printed and not (tmp_path / "photo.non").exists()


class TestImageKinds:
    """Images that are not plain 8-bit: each becomes the picture a person sees."""

    def test_sixteen_bit_greys_are_scaled(self):
        image = Image.new("I;16", (40, 40), 60000)
        image.paste(2000, (0, 0, 20, 40))
        made = read_image(png(image), "deep.png")
        assert picture_of_image(made.image, width=2).picture.lines() == ["X.", "X."]

    def test_a_colour_marked_transparent_is_white(self):
        """An RGB image whose black is marked transparent: the black ground is white, the grey square dark."""
        image = Image.new("RGB", (40, 40), (0, 0, 0))
        image.paste((90, 90, 90), (10, 10, 30, 30))
        made = read_image(png(image, transparency=(0, 0, 0)), "marked.png")
        assert picture_of_image(made.image, width=4).picture.lines() == ["....", ".XX.", ".XX.", "...."]

    def test_a_photograph_is_turned_upright(self):
        """A JPEG stored on its side with EXIF orientation 6 (turn 90 degrees clockwise to view) is read as it is
        seen: 30 wide, 60 high."""
        image = Image.new("L", (60, 30), 255)
        image.paste(0, (0, 0, 30, 30))  # the left half dark, as stored
        exif = Image.Exif()
        exif[0x0112] = 6
        made = read_image(png(image, "JPEG", exif=exif), "phone.jpg")
        assert made.image.size == (30, 60)
        assert picture_of_image(made.image, width=2).picture.lines() == ["XX", "XX", "..", ".."]

    def test_a_mode_pillow_cannot_make_grey(self, tmp_path, capsys):
        from paint import cli
        image = tmp_path / "lab.tiff"
        Image.new("LAB", (20, 20)).save(image)
        status = cli.main(["make", str(image)])
        err = capsys.readouterr().err
        assert status == 2 and err.startswith(f"paint: {image}: ") and "Traceback" not in err

    def test_size_errors_name_the_image(self, tmp_path, capsys):
        from paint import cli
        tall = tmp_path / "tall.png"
        tall.write_bytes(png(Image.new("L", (1, 5000), 0)))
        assert cli.main(["make", str(tall), "--width", "10"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"paint: {tall}: a puzzle's height is from 1 to 1000 squares, not 50000 (the image's "
                              "shape, 1 x 5000 pixels, at 10 columns: give --height")


class TestFixLimits:
    def test_candidates_first_then_the_rest(self):
        """When none of the squares tried first helps, the others are tried before the fix says it is stuck."""
        from paint.fix import fix_picture, line_logic
        from paint.squares import BLANK
        picture = make_puzzle(read_image(png(photo()), "p.png"), width=25, max_changes=0).picture
        grid = picture.picture
        rows, columns = __import__("paint.fix", fromlist=["clues_of"]).clues_of(grid)
        blank = line_logic(rows, columns)
        squares = [(r, c) for r in range(grid.height) for c in range(grid.width) if blank.rows[r][c] == BLANK]
        helpless = max(squares, key=picture.distance)  # tried first below, whatever it does
        found = fix_picture(grid, candidates=1, cost=lambda square: 0 if square == helpless else 1, max_time=120)
        assert found.fixed

    def test_the_probes_rung_keeps_the_time_limit(self):
        """Asked for the probes, the fix's solves share its time limit: a large noisy picture stops in time."""
        import time
        from paint.fix import Target, fix_picture
        image = photo(size=120, noise=80, seed=4)
        grid = picture_of_image(image, width=120).picture
        started = time.perf_counter()
        found = fix_picture(grid, target=Target(5), max_time=1.0, max_changes=500)
        assert time.perf_counter() - started < 6 and found.stopped == "time" and not found.fixed

    def test_a_file_that_appears_meanwhile_is_kept(self, tmp_path, capsys, monkeypatch):
        """The name paint chose beside the image is written only if it is still free when the puzzle is ready."""
        from paint import cli, make
        image = tmp_path / "race.png"
        image.write_bytes(png(letter()))
        original = make.make_puzzle

        def slow(*args, **kwargs):
            (tmp_path / "race.non").write_text("precious")
            return original(*args, **kwargs)

        monkeypatch.setattr(make, "make_puzzle", slow)
        assert cli.main(["make", str(image), "--width", "10"]) == 2
        assert "appeared while the puzzle was made" in capsys.readouterr().err
        assert (tmp_path / "race.non").read_text() == "precious"


def test_a_large_image_is_refused_as_an_image(tmp_path):
    """An image over the limit paint reads is refused in words about images, not about puzzles."""
    from paint.errors import PaintError as Error
    from paint.files import read_bytes
    big = tmp_path / "big.png"
    big.write_bytes(b"\0" * (2 * 1024 * 1024 + 1))
    with pytest.raises(Error) as refused:
        read_bytes(str(big), limit=2 * 1024 * 1024, kind="image")
    assert str(refused.value) == f"{big}: larger than 2 MiB, the most paint reads"
