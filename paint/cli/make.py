"""``paint make``: a puzzle from a picture, unique and solvable by line logic, changing as few squares as it can."""

from __future__ import annotations

import argparse
import os
import sys
import time

from .. import formats
from ..errors import PaintError
from ..files import ChunkedWriter, read_bytes
from ..signals import exit_status, stopped_by
from .status import EXIT_SOLVED, EXIT_STALLED, help_text
from .common import (add_limits, add_max_rung, complain, file_name, format_type, paragraph, positive,
                     settle_output, until_stopped, writes_stdout)

EXTENSION = ".non"
"""The puzzle file written beside the image when -o is not given."""


def add_parser(commands, names) -> None:
    """Add the ``make`` sub-command to ``commands``."""
    make = commands.add_parser(
        "make", help="make a puzzle from a picture (PNG, JPEG, GIF, BMP)",
        description=paragraph(
            "Make a puzzle from a picture: the image is made grey (transparent parts white) and shrunk to "
            "--width columns (and --height rows, or as many as keep its shape), each square the mean grey of "
            "the part of the image it covers; a square whose grey is at most the threshold is full (Otsu's "
            "threshold unless --threshold gives one).  Then the fewest squares paint can find are flipped so that line "
            "logic alone (or the rung --max-rung names) solves the puzzle - one solution, no guessing - "
            "trying first the squares whose grey is nearest the threshold.  The puzzle is checked again "
            "before it is written: to -o FILE (its format from the extension, or --to), else beside the "
            "image as NAME.non, never over a file that is there.  The title is the image's file name."),
        epilog=help_text("make") + "\nexamples:\n"
               "  paint make cat.png --width 25\n"
               "  paint make logo.gif --width 30 --height 20 --threshold 100 -o logo.xml\n"
               "  paint make sketch.png --width 20 --max-rung counting -o -  --to non",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    make.add_argument("image", metavar="IMAGE", help="the picture: a PNG, JPEG, GIF or BMP file (- for standard input)")
    make.add_argument("--width", type=positive(int), default=25, metavar="N",
                      help="the puzzle's columns (default: %(default)s)")
    make.add_argument("--height", type=positive(int), metavar="N",
                      help="the puzzle's rows (default: as many as keep the image's shape)")
    make.add_argument("--threshold", type=_level, metavar="LEVEL",
                      help="a square whose grey (0 black - 255 white) is at most LEVEL is full (default: Otsu's "
                           "threshold of the squares' greys)")
    make.add_argument("--invert", action="store_true",
                      help="make the light squares full (a light drawing on dark): the greys are turned over first "
                           "(255 - grey), and the threshold is of those")
    make.add_argument("-o", "--output", metavar="FILE", type=file_name,
                      help="write the puzzle to FILE (- for standard output, after the report), in the format of "
                           "its extension (or --to); default: the image's name with .non, if no file has it")
    make.add_argument("--to", dest="format", metavar="FORMAT", type=format_type,
                      help=f"the format of -o's file ({names}); default: found from its extension")
    make.add_argument("--max-changes", type=positive(int), metavar="N",
                      help="change at most N squares (default: 5%% of the squares, so that the puzzle is at least "
                           "95%% the picture)")
    add_max_rung(make, "made")
    add_limits(make, "make")


def _level(text: str) -> int:
    """An argparse type: a grey level, a whole number from 0 to 255."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= 255:
        raise argparse.ArgumentTypeError(f"a grey level is from 0 (black) to 255 (white), not {value}")
    return value


def destination(arguments) -> str:
    """Where the puzzle is written: -o's file, else the image's name with :data:`EXTENSION` (refused when a
    file is there: paint does not replace a file it was not told to write)."""
    if arguments.output:
        return arguments.output
    if arguments.image == "-":
        raise PaintError("make: an image read from standard input has no name to write the puzzle beside: give -o FILE")
    if arguments.format is not None:
        raise PaintError("--to names the format of -o's file: give -o FILE too")
    root, _ = os.path.splitext(arguments.image)
    path = root + EXTENSION
    if os.path.lexists(path):
        raise PaintError(f"{path} is there already: name the puzzle's file with -o FILE (paint replaces only a "
                         "file it is told to write)")
    return path


def run(arguments) -> int:
    if writes_stdout(None):
        raise PaintError("cannot print the report: standard output is closed")
    output = destination(arguments)  # everything about the output is settled before the work
    settle_output("make", output, arguments.format, (arguments.image,))
    from ..make import MAX_IMAGE_BYTES, read_image
    image = read_image(read_bytes(arguments.image, limit=MAX_IMAGE_BYTES, kind="image",
                                  example="paint make - -o puzzle.non < picture.png"),
                       "standard input" if arguments.image == "-" else arguments.image)
    return until_stopped(lambda stop, received: _make(image, output, arguments, stop, received))


def _make(image, output: str, arguments, stop, received: list[int]) -> int:
    from ..fix import clues_of
    from ..make import make_puzzle
    from ..puzzle import Puzzle
    from ..squares import FULL
    from .fix import change_lines, changes_words, proven, stopped_lines
    started = time.perf_counter()
    write = ChunkedWriter(sys.stdout).write
    lines = []
    if image.frames > 1:
        lines.append(f"{image.name} is animated ({image.frames} frames): its first frame is used")
    made = make_puzzle(image, width=arguments.width, height=arguments.height, threshold=arguments.threshold,
                       invert=arguments.invert, target=arguments.max_rung, max_changes=arguments.max_changes,
                       max_time=arguments.max_time, stop=stop)
    picture, found = made.picture, made.fix
    squares = picture.picture.width * picture.picture.height
    lines.append(f"{image.name}: {image.image.width} x {image.image.height} pixels ({image.format or 'image'}) "
                 f"-> {picture.picture.width} x {picture.picture.height} squares, "
                 f"{'light' if arguments.invert else 'dark'} squares full: threshold {picture.threshold} "
                 f"({'given' if picture.chosen else 'Otsu'}), {found.before.count(FULL)} of {squares} full")
    if received:
        lines.append(stopped_lines(found, stopped_by(received[0])))
        write("\n".join(lines) + "\n")
        return exit_status(received[0])
    if not found.fixed:
        lines.append(stopped_lines(found, arguments=arguments) + "; nothing written")
        write("\n".join(lines) + "\n")
        return EXIT_STALLED
    left = None if arguments.max_time is None else max(arguments.max_time - (time.perf_counter() - started), 0.001)
    check = proven(made.puzzle, found, left, stop)
    if received:
        complain(f"{stopped_by(received[0])} while the puzzle was checked")
        return exit_status(received[0])
    rows, columns = clues_of(found.before)
    lines += change_lines(Puzzle(rows=rows, columns=columns), made.puzzle, found, check,
                          "the picture (the squares to change drawn ## / *):")
    lines.append(f"{changes_words(found.changes)} changed: the puzzle is {made.agreement_words} the picture")
    if output == "-":
        write("\n".join(lines) + "\n")
        write(formats.dumps(made.puzzle, arguments.format))
    elif arguments.output:
        formats.save(made.puzzle, output, format=arguments.format, protect=(arguments.image,))
        lines.append(f"wrote {output}")
        write("\n".join(lines) + "\n")
    else:  # the name paint chose: made only if it is still free (a file that came meanwhile is kept)
        try:
            with open(output, "x", encoding="utf-8") as file:
                file.write(formats.dumps(made.puzzle, formats.format_for(output)))
        except FileExistsError:
            write("\n".join(lines) + "\n")
            raise PaintError(f"{output} appeared while the puzzle was made: name the puzzle's file with -o FILE "
                             "(paint replaces only a file it is told to write)") from None
        lines.append(f"wrote {output}")
        write("\n".join(lines) + "\n")
    return EXIT_SOLVED
