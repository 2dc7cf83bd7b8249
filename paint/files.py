"""Reading puzzle files without hanging, and writing output where the user named it without destroying anything.

Input (:func:`read_text`): a puzzle comes from a regular file, from a pipe
the user clearly meant, or from standard input (``-``):

- a regular file is read up to :data:`MAX_FILE_BYTES`; past that it is
  refused, so ``/proc`` files and runaway files cannot fill the memory;
- a pipe - standard input, the shell's ``<(...)`` (``/dev/fd/N``) or a named
  pipe (FIFO) that something writes to - is read as it arrives, with the
  same size limit; paint waits :data:`WRITER_WAIT` seconds for a named
  pipe's writer to appear, gives up on a pipe silent for :data:`PIPE_IDLE`
  seconds and stops reading one after :data:`PIPE_TOTAL` seconds, so no
  read blocks for ever; a socket given as standard input or as a
  descriptor is read the same way;
- a terminal, a character device (``/dev/zero``, ``/dev/urandom``), a block
  device or a socket is refused at once: none of them is a puzzle file.

Output (:func:`output_file`, :func:`write_atomically`): paint writes to what
the user named and never replaces the file-system entry itself:

- a regular file (or a new name) is replaced atomically: the text goes to a
  temporary file in the same folder, with the file's permission bits from
  the start, which then takes the file's place with ``os.replace``; a failed
  write leaves the old file as it was.  A file paint may write but not
  replace that way - someone else's (unless paint runs as root, which keeps
  the owner), one with other hard links, one in a folder paint may not
  write or a sticky folder such as ``/tmp`` - gets the new text in place at
  the end, keeping its owner, group and links, as a shell's ``>`` would,
  but without losing its old content on the way: the new text is first
  written whole into a private temporary file; then paint locks the file
  (``flock``, so two paint processes writing it take turns and never mix
  their texts), keeps a copy of its old content, reserves the disk space
  the new text needs (``posix_fallocate``: with no room, the file is left
  untouched and paint says so), overwrites it without truncating it first,
  cuts it to the new length and syncs it; a write that still fails has the
  old content written back (:func:`_overwrite`).  A file paint may not
  write (or, to be rewritten in place, may not read) is refused before any
  work;
- a symbolic link is followed: its target is replaced that way and the
  link stays a link; a link that goes round in a loop (or a chain of more
  than 40 links, ``ELOOP``) is refused before any work, never replaced by
  a regular file;
- a character device, a pipe or a socket (``/dev/null``, ``/dev/stdout``, a
  FIFO) is written to directly, as a shell's ``>`` would; a name that leads
  to one of this process's descriptors (``/dev/stdout``, ``/dev/fd/3``, a
  link to them) writes to that descriptor, which must be open when paint
  starts;
- a directory, a block device, and any file paint reads for the command -
  the puzzle file, a ``--grid`` file - (even through a link, or as standard
  input) are refused before any work is done (:func:`check_destination`).

Names (:func:`paint.printable.printable`): a file name, like any text paint
shows, may hold control characters (an escape sequence that clears the screen, an OSC that
sets the window title or plants a hyperlink), bidirectional controls that
show it reversed, or bytes that are not UTF-8.  Wherever paint shows a name
- a message, ``paint check``'s table, its reports - these are written as
escapes (``\\x1b``, ``\\u202e``, ``\\xe9``); the file itself is read and
written by its real name.

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

import contextlib
import errno
import os
import re
import stat
import sys
import time
from typing import Iterator, TextIO

from . import signals
from .errors import PaintError, PuzzleFormatError

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest puzzle file paint reads, in bytes (64 MiB).

The 1000-puzzle TAAI tournament file is 0.7 MB and the largest puzzle paint
accepts (1000 x 1000) takes at most about 20 MB in the wordiest format
(webpbn XML with a goal); a larger file is not a puzzle."""

PIPE_IDLE = 30.0
"""Seconds a pipe may stay silent before paint stops waiting for the rest of the puzzle."""

PIPE_TOTAL = 120.0
"""Seconds paint spends reading one pipe at most, however it trickles."""

WRITER_WAIT = 3.0
"""Seconds paint waits for something to start writing into a named pipe (FIFO), or to start reading from one."""

LOCK_WAIT = 10.0
"""Seconds paint waits for another program to finish writing a file that paint rewrites in place."""

KEPT_IN_MEMORY = 16 * 1024 * 1024
"""Bytes of the old content of a file rewritten in place kept in memory while the new is written; past that, the
copy goes to a temporary file."""


STDIN = "-"
"""The name that stands for standard input (and, for output, standard output)."""

STDIN_LABEL = "<stdin>"
"""How standard input is named in messages."""

_CHUNK = 1 << 16
_DESCRIPTOR = re.compile(r"/(?:dev|proc/self|proc/(?P<pid>[0-9]+))/fd/(?P<fd>[0-9]+)\Z")
_STANDARD = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}


# ------------------------------------------------------------------ input

def read_text(path, *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of the puzzle file at ``path`` (UTF-8; a leading byte-order mark is dropped).

    ``path`` is a file name, or ``'-'`` for standard input.  Reads at most
    ``limit`` bytes (:data:`MAX_FILE_BYTES`) from a regular file or a pipe
    (see the module docstring for which pipes, and how long paint waits).
    Raises PuzzleFormatError naming ``path`` when the file is missing ("no
    such file"), is a directory, a terminal, a device or a socket, cannot
    be read, is larger than ``limit``, holds binary content (NUL bytes or
    bytes that are not UTF-8), holds nothing but whitespace ("the file is
    empty"), or is a pipe nothing writes to.

    >>> read_text('/no/such/puzzle.non')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: /no/such/puzzle.non: no such file
    >>> read_text('/dev/zero')
    Traceback (most recent call last):
    ...
    paint.errors.PuzzleFormatError: /dev/zero: a character device (like /dev/zero or /dev/null), not a puzzle file
    """
    label = STDIN_LABEL if path == STDIN else path
    data = read_bytes(path, limit=limit)
    if b"\0" in data:
        raise PuzzleFormatError(label, "binary content, not a puzzle file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleFormatError(label, "binary content, not a puzzle file") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise PuzzleFormatError(label, "the file is empty")
    return text


def read_bytes(path, *, limit: int = MAX_FILE_BYTES, kind: str = "puzzle file",
               example: str = "paint solve - < puzzle.non") -> bytes:
    """The bytes of the regular file or pipe at ``path`` (``'-'``: standard input), at most ``limit`` of them.

    Raises PuzzleFormatError as :func:`read_text` does, except for the
    checks of the content; ``kind`` names what was to be read (``'image'``) and ``example`` how to redirect
    one into standard input, in those messages.
    """
    label = STDIN_LABEL if path == STDIN else path
    descriptor = 0 if path == STDIN else descriptor_of(path)
    if descriptor is not None:
        try:
            info = os.fstat(descriptor)
        except OSError:
            raise PuzzleFormatError(label, f"file descriptor {descriptor} is not open") from None
        if descriptor == 0 and os.isatty(0):
            raise PuzzleFormatError(label, f"standard input is a terminal: redirect {_a(kind)} into it "
                                           f"({example}) or pipe one")
        refusal = None if stat.S_ISSOCK(info.st_mode) else _refusal(info, descriptor, kind)
        if refusal:  # a socket given as a descriptor (inetd, socat, a parent's socketpair) is read like a pipe
            raise PuzzleFormatError(label, refusal)
        if stat.S_ISREG(info.st_mode):
            return _read_limited(lambda size: os.read(descriptor, size), label, limit)
        return _read_pipe(descriptor, label, limit, named=False)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise PuzzleFormatError(path, "no such file (a link to nothing)") from None
        raise PuzzleFormatError(path, "no such file") from None
    except PermissionError:
        raise PuzzleFormatError(path, "cannot read the file: permission denied") from None
    except OSError as error:
        raise PuzzleFormatError(path, f"cannot read the file: {_reason(error)}") from None
    refusal = _refusal(info, None, kind)
    if refusal:
        raise PuzzleFormatError(path, refusal)
    if stat.S_ISFIFO(info.st_mode):
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError as error:
            raise PuzzleFormatError(path, f"cannot read the file: {_reason(error)}") from None
        try:
            return _read_pipe(descriptor, path, limit, named=True)
        finally:
            os.close(descriptor)
    if info.st_size > limit:
        raise PuzzleFormatError(path, _too_large(limit))
    try:
        with open(path, "rb") as file:
            return _read_limited(file.read, path, limit)
    except PermissionError:
        raise PuzzleFormatError(path, "cannot read the file: permission denied") from None
    except IsADirectoryError:
        raise PuzzleFormatError(path, f"is a directory, not {_a(kind)}") from None
    except OSError as error:
        raise PuzzleFormatError(path, f"cannot read the file: {_reason(error)}") from None


def _a(kind: str) -> str:
    """``'a puzzle file'``, ``'an image'``."""
    return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind}"


def descriptor_of(path) -> int | None:
    """The open file descriptor of this process that ``path`` names, or None.

    ``/dev/stdin``, ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N`` and
    ``/proc/self/fd/N`` (the shell's ``<(...)``), and links to them, name a
    descriptor; reading or writing one goes to the descriptor itself, whatever
    it is open on (a pipe, a socket, a terminal).

    >>> descriptor_of('/dev/stdout'), descriptor_of('/dev/fd/63'), descriptor_of('a.non')
    (1, 63, None)
    """
    name = os.fspath(path)
    if not isinstance(name, str) or not name:
        return None
    name = os.path.abspath(name)  # a relative name may lead there too (``out -> /dev/stdout``)
    for _ in range(40):  # follow links by hand, stopping at the first that names a descriptor
        if name in _STANDARD:
            return _STANDARD[name]
        match = _DESCRIPTOR.match(name)
        if match:
            if match["pid"] is not None and int(match["pid"]) != os.getpid():
                return None
            return int(match["fd"])
        try:
            link = os.readlink(name)
        except OSError:
            return None
        name = os.path.normpath(os.path.join(os.path.dirname(name), link))
    return None


def _refusal(info: os.stat_result, descriptor: int | None, kind: str = "puzzle file") -> str | None:
    """Why a file of this kind is not read as a puzzle (or the ``kind`` of file asked for), or None for a regular
    file or a pipe."""
    mode = info.st_mode
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
        return None
    if stat.S_ISDIR(mode):
        return f"is a directory, not {_a(kind)}"
    if stat.S_ISCHR(mode):
        major = os.major(info.st_rdev)
        if (descriptor is not None and os.isatty(descriptor)) or major in (4, 5) or 136 <= major <= 143:
            return f"a terminal, not {_a(kind)}"
        return f"a character device (like /dev/zero or /dev/null), not {_a(kind)}"
    if stat.S_ISBLK(mode):
        return f"a block device (a disk), not {_a(kind)}"
    if stat.S_ISSOCK(mode):
        return f"a socket, not {_a(kind)}"
    return f"not a regular file, not {_a(kind)}"


def _read_limited(read, label, limit: int) -> bytes:
    """Read with ``read(size)`` until the end, refusing more than ``limit`` bytes."""
    chunks = []
    size = 0
    while True:
        chunk = read(min(_CHUNK * 16, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise PuzzleFormatError(label, _too_large(limit))


def _read_pipe(descriptor: int, label, limit: int, *, named: bool) -> bytes:
    """Read a pipe to its end without ever blocking for long (see :data:`WRITER_WAIT`, :data:`PIPE_IDLE`).

    ``named``: the pipe is a FIFO paint opened itself, non-blocking, so a
    read that finds no writer returns at once; paint waits
    :data:`WRITER_WAIT` seconds for one to appear.  Any pipe silent for
    :data:`PIPE_IDLE` seconds is given up.
    """
    import select  # loaded only for a pipe

    poller = select.poll()
    poller.register(descriptor, select.POLLIN | select.POLLHUP)
    chunks = []
    size = 0
    heard = False   # a writer has been seen (data, or a writer holding the pipe open)
    silent_since = began = time.monotonic()
    while True:
        if time.monotonic() - began > PIPE_TOTAL:
            raise PuzzleFormatError(label, f"the pipe was still sending after {PIPE_TOTAL:g} s, so paint stopped "
                                           "reading it")
        events = poller.poll(100)
        if events:
            try:
                chunk = os.read(descriptor, _CHUNK)
            except BlockingIOError:
                chunk = None  # woken, but nothing to read yet
            if chunk == b"":  # the writer has gone (a FIFO no writer ever opened wakes no one)
                return b"".join(chunks)
            if chunk:
                heard = True
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    raise PuzzleFormatError(label, _too_large(limit))
                silent_since = time.monotonic()
                continue
        waited = time.monotonic() - silent_since
        if named and not heard:
            try:
                chunk = os.read(descriptor, _CHUNK)
            except BlockingIOError:
                heard = True  # a writer holds the pipe open: wait for its data
                continue
            if chunk:
                heard = True
                chunks.append(chunk)
                size += len(chunk)
                silent_since = time.monotonic()
                continue
            if waited >= WRITER_WAIT:
                raise PuzzleFormatError(label, f"a named pipe that nothing writes to (paint waited "
                                               f"{WRITER_WAIT:g} s for a writer)")
            continue
        if waited >= PIPE_IDLE:
            raise PuzzleFormatError(label, f"nothing more came through the pipe for {PIPE_IDLE:g} s, "
                                           "so paint stopped waiting")


def _too_large(limit: int) -> str:
    """Why a file over ``limit`` bytes is not read (for a puzzle file, :data:`MAX_FILE_BYTES`, why that is room
    enough)."""
    why = " (no puzzle of up to 1000 x 1000 squares needs that much)" if limit == MAX_FILE_BYTES else ""
    return f"larger than {limit // (1024 * 1024)} MiB, the most paint reads{why}"


# ----------------------------------------------------------------- output

class ChunkedWriter:
    """A text stream that passes what is written on at most :attr:`CHUNK` characters at a time.

    CPython's buffered writer loses the rest of one large ``write`` to a
    pipe when a signal arrives while the pipe is full (the handler runs and
    the write is not finished); a signal that only asks paint to stop must
    never cut its output.  Writes of a few kilobytes are not affected, so
    every stream paint writes its output to goes through this.  Any other
    attribute is the stream's own.

    >>> import io
    >>> buffer = io.StringIO()
    >>> ChunkedWriter(buffer).write('x' * 10000), len(buffer.getvalue())
    (10000, 10000)
    """

    CHUNK = 4096

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, text: str) -> int:
        write = self.stream.write
        for start in range(0, len(text), self.CHUNK):
            write(text[start:start + self.CHUNK])
        return len(text)

    def __getattr__(self, name):
        return getattr(self.stream, name)


def check_destination(path, *, protect=()) -> None:
    """Refuse, before any work is done, a destination :func:`output_file` would refuse.

    Raises PaintError when ``path`` is empty or ends in ``/``, is the same
    file as any path in ``protect`` (through links too; ``'-'`` in
    ``protect`` is standard input), names a descriptor of this process that
    is not open, leads through symbolic links in a loop (or through more
    than 40 of them, ``ELOOP``), is a directory, a block device or a socket
    that is not one of this process's descriptors, is a file paint may not
    write (or, for a file rewritten in place, may not read), or lies in a
    folder that does not exist or where paint may not create a file.

    >>> check_destination('out.txt', protect=('in.non',))
    """
    name = os.fspath(path)
    if name == "":
        raise PaintError("cannot write to a file with no name ('')")
    if name == STDIN:
        return
    if name.endswith("/"):
        raise PaintError(f"cannot write {name}: a file name cannot end in '/'")
    for guarded in protect:
        if guarded == STDIN:
            if _same_as_descriptor(name, 0):
                raise PaintError(f"refusing to write onto the input file {name} (it is standard input)")
        elif same_file(name, guarded) and not os.path.isdir(guarded):  # a folder searched: refused below
            raise PaintError(f"refusing to write onto the input file {guarded}")
    descriptor = descriptor_of(name)
    if descriptor is not None:
        try:
            os.fstat(descriptor)
        except OSError:
            raise PaintError(f"cannot write {name}: file descriptor {descriptor} is not open") from None
        return
    try:
        info = os.stat(name)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise PaintError(f"cannot write {name}: it leads through symbolic links that go round in a loop "
                             "(or through more than 40 of them); paint will not replace a link") from None
        info = None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise PaintError(f"cannot write {name}: it is a directory")
        if stat.S_ISSOCK(info.st_mode):
            raise PaintError(f"cannot write {name}: it is a socket")
        if stat.S_ISBLK(info.st_mode):
            raise PaintError(f"cannot write {name}: it is a block device (a disk); paint will not write onto it")
        if not os.access(name, os.W_OK):
            raise PaintError(f"cannot write {name}: permission denied")
        if (stat.S_ISREG(info.st_mode) and not os.access(name, os.R_OK)
                and not _replaceable(os.path.realpath(name), info)):
            raise PaintError(f"cannot write {name}: paint may not read it, and it must be rewritten in place "
                             "(it has other hard links, is someone else's, or lies in a folder paint may not "
                             "write), which needs a copy of the old content until the new one is whole")
        return
    folder = os.path.dirname(os.path.realpath(name))
    if not os.path.isdir(folder):
        raise PaintError(f"cannot write {name}: there is no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PaintError(f"cannot write {name}: permission denied (in {folder})")


@contextlib.contextmanager
def output_file(path, *, protect=()) -> Iterator[TextIO]:
    """A text stream (UTF-8, line ends as written) that ends up in ``path``, written the way the module docstring says.

    Use it as ``with output_file(path) as stream: stream.write(...)``: what
    is written is streamed (into a temporary twin of a regular file, which
    grows as the text comes), and a regular file takes the text only when
    the block ends without an exception; otherwise the temporary file is
    removed and the old file is left as it was.  A regular file is replaced
    atomically when paint owns it (or is root) and may rename in its folder
    and the file has no other hard link; otherwise its content is replaced
    in place at the end, so it keeps its owner, group and links, as a
    shell's ``>`` would.  ``'-'`` is standard output.  Raises PaintError
    for a destination :func:`check_destination` refuses, a named pipe
    nothing reads from (after :data:`WRITER_WAIT` seconds), or a write that
    fails.
    """
    check_destination(path, protect=protect)
    name = os.fspath(path)
    if name == STDIN:
        if sys.stdout is None:
            raise PaintError("cannot write to standard output: it is closed")
        yield ChunkedWriter(sys.stdout)
        sys.stdout.flush()
        return
    descriptor = descriptor_of(name)
    if descriptor is None:
        try:
            info = os.stat(name)
        except OSError:
            info = None
        if info is not None and not stat.S_ISREG(info.st_mode):
            descriptor = _open_special(name, info)
        else:
            real = os.path.realpath(name)
            with (_replacing(real, name, info) if _replaceable(real, info) else _rewriting(real, name)) as stream:
                yield ChunkedWriter(stream)
            return
    else:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()  # what was printed before comes first
        try:
            descriptor = os.dup(descriptor)
        except OSError:
            raise PaintError(f"cannot write {name}: file descriptor {descriptor} is not open") from None
    try:
        with open(descriptor, "w", encoding="utf-8", newline="") as stream:
            yield ChunkedWriter(stream)
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        raise PaintError(f"cannot write {name}: {_reason(error)}") from None


def write_atomically(path, text: str, *, protect=()) -> None:
    """Write ``text`` to ``path`` through :func:`output_file`: a regular file is replaced in one step.

    Raises PaintError as :func:`output_file` does.
    """
    with output_file(path, protect=protect) as stream:
        stream.write(text)


def _same_as_descriptor(path, descriptor: int) -> bool:
    """True when ``path`` is the file open on ``descriptor``."""
    try:
        mine, theirs = os.fstat(descriptor), os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(mine.st_mode) and (mine.st_dev, mine.st_ino) == (theirs.st_dev, theirs.st_ino)


def _replaceable(real: str, info: os.stat_result | None) -> bool:
    """Whether the file at ``real`` (``info``: its status, None if new) can be replaced by renaming a twin over it."""
    folder = os.path.dirname(real)
    if not os.access(folder, os.W_OK | os.X_OK):
        return False
    if info is None:
        return True
    root = os.geteuid() == 0
    if info.st_nlink > 1 or (info.st_uid != os.geteuid() and not root):
        return False  # keep its links, and its owner, which only root could set on a new file
    folder_info = os.stat(folder)
    if folder_info.st_mode & stat.S_ISVTX and not root and os.geteuid() not in (info.st_uid, folder_info.st_uid):
        return False  # a sticky folder (/tmp) lets only the owner rename over the file
    return True


def _open_special(path, info: os.stat_result) -> int:
    """Open a device or a named pipe for writing, as a shell's ``>`` would; a pipe must find a reader within :data:`WRITER_WAIT` seconds."""
    if not stat.S_ISFIFO(info.st_mode):
        try:
            return os.open(path, os.O_WRONLY | os.O_NOCTTY)
        except OSError as error:
            raise PaintError(f"cannot write {path}: {_reason(error)}") from None
    deadline = time.monotonic() + WRITER_WAIT
    while True:
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno != errno.ENXIO:
                raise PaintError(f"cannot write {path}: {_reason(error)}") from None
            if time.monotonic() >= deadline:
                raise PaintError(f"cannot write {path}: nothing reads from this named pipe "
                                 f"(paint waited {WRITER_WAIT:g} s for a reader)") from None
            time.sleep(0.05)
            continue
        import fcntl  # loaded only for a named pipe

        flags = fcntl.fcntl(descriptor, fcntl.F_GETFL)
        fcntl.fcntl(descriptor, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
        return descriptor


@contextlib.contextmanager
def _replacing(real: str, named, info: os.stat_result | None) -> Iterator[TextIO]:
    """A stream into a temporary file beside ``real`` that replaces ``real`` when the block ends well.

    The temporary file has the old file's permission bits (and owner, as
    root) from the start, so its content is never readable by more people
    than the old file's was.
    """
    folder = os.path.dirname(real)
    temporary = None
    try:
        descriptor, temporary = _create_temporary(folder, os.path.basename(real))
        if info is not None:
            if (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
                with contextlib.suppress(OSError):  # only root may give a file away
                    os.fchown(descriptor, info.st_uid, info.st_gid)
            os.fchmod(descriptor, stat.S_IMODE(info.st_mode))
        with open(descriptor, "w", encoding="utf-8", newline="") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, real)
        temporary = None
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        raise PaintError(f"cannot write {named}: {_reason(error)}") from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.remove(temporary)


@contextlib.contextmanager
def _rewriting(real: str, named) -> Iterator[TextIO]:
    """A stream into a private temporary file whose text is put into ``real``, in place, when the block ends well.

    For a file paint may write but not replace (someone else's, one with
    other hard links, one in a folder paint cannot write): it keeps its
    owner, group, links and permissions, and it holds its old content until
    the new text is whole in it (:func:`_overwrite`); if the work fails
    before the end it is not touched at all.
    """
    import tempfile  # only here: a file replaced in place (few are), so paint starts without it
    try:
        with tempfile.TemporaryFile("w+", encoding="utf-8", newline="") as stream:
            yield stream
            stream.flush()
            _overwrite(real, named, stream.fileno())
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        raise PaintError(f"cannot write {named}: {_reason(error)}; the file was left as it was") from None


def _overwrite(real: str, named, source: int) -> None:
    """Put the bytes of the open file ``source`` into the file at ``real`` in place, or leave it as it was.

    In order: open ``real`` for reading and writing without truncating it;
    take an exclusive lock on it (``flock``), waiting at most
    :data:`LOCK_WAIT` seconds, so that two paint processes writing it do so
    one after the other, never interleaved; keep a copy of its old content
    aside (in memory, or in a temporary file past :data:`KEPT_IN_MEMORY`
    bytes); reserve the disk space the new text needs (``posix_fallocate``;
    a file system that cannot reserve is written without); overwrite it
    from the start, then cut it to the new length and ``fsync``, with the
    stop signals held back meanwhile (:func:`paint.signals.held`).

    Raises PaintError, with the file as it was, when the lock is not had in
    time or the space cannot be reserved (nothing of the old content was
    changed: the message says there is no room), and when a write fails
    after all (a copy-on-write file system, an I/O error): the old content
    is then written back, and the message says so - or, should that fail
    too, where the copy of the old content was saved.  Raises OSError for a
    failure before anything was written (the file cannot be opened, the
    copy cannot be kept).
    """
    import tempfile
    descriptor = os.open(real, os.O_RDWR)
    try:
        _lock(descriptor, named)
        old = os.fstat(descriptor).st_size
        new = os.fstat(source).st_size
        with tempfile.SpooledTemporaryFile(max_size=KEPT_IN_MEMORY) as kept:
            for chunk in _chunks(descriptor, old):
                kept.write(chunk)
            _reserve(descriptor, named, old, new)
            with signals.held():
                try:
                    _write_all(descriptor, _chunks(source, new))
                    if old > new:
                        os.ftruncate(descriptor, new)
                    os.fsync(descriptor)
                except OSError as error:
                    raise PaintError(f"cannot write {named}: {_reason(error)}; "
                                     + _restore(descriptor, kept, old)) from None
    finally:
        os.close(descriptor)  # and the lock with it


def _lock(descriptor: int, named) -> None:
    """Take an exclusive ``flock`` on ``descriptor``, waiting at most :data:`LOCK_WAIT` seconds (PaintError after).

    Where the platform or the file system has no such locks, goes on without.
    """
    try:
        import fcntl
    except ImportError:  # no fcntl (Windows): no locks
        return
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise PaintError(f"cannot write {named}: another program is writing it (paint waited "
                                 f"{LOCK_WAIT:g} s for it to finish); the file was left as it was") from None
            time.sleep(0.02)
        except OSError as error:
            if error.errno in (errno.ENOLCK, errno.EINVAL, errno.EOPNOTSUPP):
                return  # a file system without locks
            raise


def _reserve(descriptor: int, named, old: int, new: int) -> None:
    """Reserve the disk space for ``new`` bytes in the file open on ``descriptor`` (``old`` bytes long), changing
    none of its content; PaintError when there is no room, with the file's length put back."""
    fallocate = getattr(os, "posix_fallocate", None)
    if fallocate is None or new == 0:
        return
    try:
        fallocate(descriptor, 0, new)
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            return  # a file system that cannot reserve space: a failed write is undone instead
        with contextlib.suppress(OSError):
            if os.fstat(descriptor).st_size != old:
                os.ftruncate(descriptor, old)
        raise PaintError(f"cannot write {named}: there is no room on its disk for the new text ({new:,} bytes: "
                         f"{_reason(error)}); the file was left as it was") from None


def _chunks(descriptor: int, size: int) -> Iterator[bytes]:
    """The first ``size`` bytes of the file open on ``descriptor``, a chunk at a time (fewer if it is shorter)."""
    offset = 0
    while offset < size:
        chunk = os.pread(descriptor, min(_CHUNK * 16, size - offset), offset)
        if not chunk:
            return
        yield chunk
        offset += len(chunk)


def _write_all(descriptor: int, chunks) -> None:
    """Write ``chunks`` into the file open on ``descriptor`` from its start, going on after a short write."""
    offset = 0
    for chunk in chunks:
        view = memoryview(chunk)
        while view:
            written = os.pwrite(descriptor, view, offset)
            if written <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            offset += written
            view = view[written:]


def _restore(descriptor: int, kept, old: int) -> str:
    """Write the old content (``old`` bytes, in the binary file ``kept``) back into ``descriptor``; say how it went.

    Should that fail, the old content is saved in a new temporary file, which is named.
    """
    try:
        kept.seek(0)
        _write_all(descriptor, iter(lambda: kept.read(_CHUNK * 16), b""))
        os.ftruncate(descriptor, old)
        os.fsync(descriptor)
        return "the old content was put back"
    except OSError as error:
        reason = _reason(error)
    import shutil
    import tempfile
    try:
        handle, saved = tempfile.mkstemp(prefix="paint-old-content-", suffix=".txt")
        with open(handle, "wb") as copy:
            kept.seek(0)
            shutil.copyfileobj(kept, copy)
        return f"putting the old content back failed too ({reason}): it was saved as {saved}"
    except OSError:
        return f"putting the old content back failed too ({reason}), and so did saving it elsewhere"


def same_file(path, other) -> bool:
    """True when ``path`` and ``other`` name the same file (links followed).

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
    """A new file next to the target (``.name.XXXXXXXX.tmp``, or ``.paint.XXXXXXXX.tmp`` for a long name), opened for writing: (descriptor, path)."""
    import secrets  # only when a file is written: paint starts without it
    stem = name if len(name.encode("utf-8", "surrogateescape")) <= 200 else "paint"
    while True:
        candidate = os.path.join(folder, f".{stem}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), candidate
        except FileExistsError:
            continue


def _reason(error: OSError) -> str:
    return error.strerror or str(error)
