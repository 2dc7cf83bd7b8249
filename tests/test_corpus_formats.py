"""Round trips of the whole corpus through every format: what a writer writes, its reader reads back.

The corpus is the real puzzles copied into ``tests/corpus`` (nonogram-db,
the webpbn survey set, Jakub Wilk's puzzles and the TAAI 2011 tournament
file), so the tests need nothing outside the repository.  Each puzzle
must come back with the same clues and with every piece of metadata the
format keeps (:data:`paint.formats.FORMATS` ``HOLDS``).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from paint.formats import FORMATS, detect, dumps, dumps_all, fits, kept, load_all, loads, loads_all
from paint.puzzle import Puzzle

CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(path for path in CORPUS.rglob("*")
               if path.suffix in (".non", ".nin") or path.name == "questions.txt")
TOURNAMENT = CORPUS / "taai2011" / "questions.txt"


@functools.cache
def puzzles_of(path: Path) -> tuple[Puzzle, ...]:
    """Every puzzle of the corpus file ``path``, read once for the round trips of all the formats."""
    return tuple(load_all(path))


def test_corpus_is_there():
    """The corpus copy holds the files the round trips run over: 39 + 14 + 151 files and the tournament file."""
    assert len(FILES) == 39 + 14 + 151 + 1
    assert len(load_all(TOURNAMENT)) == 1000


@pytest.mark.parametrize("name", list(FORMATS))
@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_round_trip(path, name):
    """Every corpus puzzle written in each format reads back as the format keeps it, by name and by content
    (of the tournament file's 1,000 puzzles, every 10th outside its own format)."""
    puzzles = [puzzle for puzzle in puzzles_of(path) if fits(puzzle, name)]
    if path == TOURNAMENT and name != "taai":
        # its puzzles are all alike (25 x 25, one maker's): every 10th shows what all 1,000 would, at a tenth the time
        puzzles = puzzles[::10]
    if not puzzles:
        pytest.skip(f"{name} cannot hold this puzzle")
    if FORMATS[name].MANY:
        text = dumps_all(puzzles, name)
        assert loads_all(text, "x", format=name) == [kept(puzzle, name) for puzzle in puzzles]
        assert detect("x.txt", text) in (name, "non")  # a bundle of one .non puzzle is a .non file
    else:
        for puzzle in puzzles:
            text = dumps(puzzle, name)
            assert loads(text, "x", format=name) == kept(puzzle, name)
            assert detect("x.txt", text) == name


def test_tournament_file_unchanged():
    """The tournament file read and written again is the same text, line ends aside."""
    path = TOURNAMENT
    original = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    assert dumps_all(load_all(path), "taai") == original
