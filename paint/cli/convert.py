"""``paint convert``: write puzzles in another format, naming what the format cannot keep."""

from __future__ import annotations

import argparse
import sys


from .. import formats
from ..errors import PaintError
from ..files import ChunkedWriter, check_destination
from .status import EXIT_SOLVED, help_text
from .common import add_puzzle_number, complain, file_name, format_type, paragraph, read_paths, writes_stdout


def add_parser(commands, names) -> None:
    """Add the ``convert`` sub-command to ``commands``."""
    convert = commands.add_parser(
        "convert", help="convert a puzzle file to another format",
        description=paragraph(
            "Read the puzzles of IN and write them to OUT in another format, keeping their clues "
            "and, where the format has room for them, their title, author, copyright, licence, "
            "catalogue number, goal and other metadata; what the format cannot keep is named on "
            "stderr.  A file of many puzzles (nonpack, webpbn, taai) converts whole to a format "
            "that holds many, or one puzzle at a time with --puzzle."),
        epilog=help_text("convert")
               + f"\nformats: {names}\n"
               "  (also by extension: xml for webpbn, g for olsak)\n"
               "\nexamples:\n"
               "  paint convert dancer.pro dancer.non\n"
               "  paint convert questions.txt q17.xml --puzzle 17\n"
               "  paint convert dancer.pro - --to tatham      (print the Pattern game ID)",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    convert.add_argument("source", metavar="IN", help="the puzzle file to read, or a Pattern game ID")
    convert.add_argument("destination", metavar="OUT", type=file_name,
                         help="the file to write (replaced atomically; never the input file), or - for "
                              "standard output")
    convert.add_argument("--to", dest="format", metavar="FORMAT", type=format_type,
                         help=f"the format to write ({names}); default: found from OUT's extension")
    add_puzzle_number(convert, "convert only")


def run(arguments) -> int:
    if writes_stdout(None if arguments.destination == "-" else arguments.destination):
        raise PaintError("cannot write to standard output: it is closed")
    if arguments.destination == "-":
        if arguments.format is None:
            raise PaintError("convert: give the format to write on standard output with --to FORMAT")
        puzzles = formats.pick(formats.load_each(arguments.source), arguments.number, arguments.source)
        ChunkedWriter(sys.stdout).write(formats.dumps_all(puzzles, arguments.format))
        sys.stdout.flush()
        name = arguments.format
    else:
        check_destination(arguments.destination, protect=read_paths(arguments))  # before reading
        puzzles = formats.convert(arguments.source, arguments.destination, format=arguments.format,
                                  number=arguments.number)
        name = arguments.format or formats.format_for(arguments.destination)
    dropped = sorted({field for puzzle in puzzles for field in formats.lost(puzzle, name)},
                     key=formats.METADATA.index)
    if dropped:
        complain(f"note: {name} keeps no {', '.join(_FIELD_WORDS[field] for field in dropped)}; "
                  "they are left out")
    return EXIT_SOLVED


_FIELD_WORDS = {"title": "title", "author": "author", "copyright": "copyright", "license": "licence",
                "catalogue": "catalogue number", "goal": "goal (solution)", "extra": "other metadata",
                "given": "given squares"}
