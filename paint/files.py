"""Reading puzzle files and writing files safely.

:func:`read_text` turns every way a file can fail to be a text file into a
:class:`paint.errors.PuzzleFormatError` naming it; :func:`write_atomically`
replaces a file in one step (a temporary file in the same folder, then
``os.replace``), so a failed write never leaves half a file, and refuses to
write onto the files it is told to protect (the input of a conversion).

>>> import os, shutil, tempfile
>>> folder = tempfile.mkdtemp()
>>> target = os.path.join(folder, 'a.pro')
>>> write_atomically(target, 'hello\\n')
>>> read_text(target)
'hello\\n'
>>> write_atomically(target, 'again\\n', protect=[target])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
paint.errors.PaintError: refusing to write onto the input file ...a.pro
>>> shutil.rmtree(folder)
"""

from __future__ import annotations

import os
import secrets

from .errors import PaintError, PuzzleFormatError


def read_text(path) -> str:
    """The text of the puzzle file at ``path`` (UTF-8; a leading byte-order mark is dropped).

    Raises PuzzleFormatError naming ``path`` when the file is missing ("no
    such file"), is a directory, cannot be read, holds binary content (NUL
    bytes or bytes that are not UTF-8: "binary content, not a puzzle file")
    or holds nothing but whitespace ("the file is empty").

    >>> read_text('/no/such/puzzle.non')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: /no/such/puzzle.non: no such file
    """
    if os.path.isdir(path):
        raise PuzzleFormatError(path, "is a directory, not a puzzle file")
    try:
        with open(path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        raise PuzzleFormatError(path, "no such file") from None
    except IsADirectoryError:
        raise PuzzleFormatError(path, "is a directory, not a puzzle file") from None
    except PermissionError:
        raise PuzzleFormatError(path, "cannot read the file: permission denied") from None
    except OSError as error:
        raise PuzzleFormatError(path, f"cannot read the file: {error.strerror or error}") from None
    if b"\0" in data:
        raise PuzzleFormatError(path, "binary content, not a puzzle file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleFormatError(path, "binary content, not a puzzle file") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise PuzzleFormatError(path, "the file is empty")
    return text


def write_atomically(path, text: str, *, protect=()) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path``, replacing it in one step.

    The text goes to a temporary file in the same folder, which then
    replaces ``path`` with ``os.replace``; on failure the temporary file is
    removed and ``path`` is untouched.  An existing file keeps its
    permission bits.  Raises PaintError when ``path`` is the same file as any
    path in ``protect`` ("refusing to write onto the input file X"), is a
    directory, or cannot be written.
    """
    check_destination(path, protect=protect)
    folder = os.path.dirname(os.path.abspath(path))
    name = os.path.basename(path)
    try:
        mode = os.stat(path).st_mode & 0o7777
    except OSError:
        mode = None
    temporary = None
    try:
        descriptor, temporary = _create_temporary(folder, name)
        with open(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise PaintError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if temporary is not None:
            try:
                os.remove(temporary)
            except OSError:
                pass


def check_destination(path, *, protect=()) -> None:
    """Refuse, before any work is done, a destination :func:`write_atomically` would refuse.

    Raises PaintError when ``path`` is the same file as any path in
    ``protect`` or is a directory.

    >>> check_destination('out.txt', protect=('in.non',))
    """
    for guarded in protect:
        if same_file(path, guarded):
            raise PaintError(f"refusing to write onto the input file {guarded}")
    if os.path.isdir(path):
        raise PaintError(f"cannot write {path}: it is a directory")


def same_file(path, other) -> bool:
    """True when ``path`` and ``other`` name the same file.

    Uses ``os.path.samefile`` when both exist, else compares the resolved
    absolute paths.

    >>> same_file('a/../b.non', 'b.non')
    True
    """
    try:
        if os.path.exists(path) and os.path.exists(other):
            return os.path.samefile(path, other)
    except OSError:
        pass
    return os.path.normcase(os.path.realpath(path)) == os.path.normcase(os.path.realpath(other))


def _create_temporary(folder: str, name: str) -> tuple[int, str]:
    """A new file next to the target (``.name.XXXXXXXX.tmp``), opened for writing: (descriptor, path)."""
    while True:
        candidate = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), candidate
        except FileExistsError:
            continue
