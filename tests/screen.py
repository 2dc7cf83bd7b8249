"""Run ``python -m paint`` on a pseudo-terminal and read the screen it leaves, as a terminal would show it."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time
from pathlib import Path

import attrs
import pyte
from pyte.screens import wcwidth  # the width function pyte itself renders with

ROOT = Path(__file__).parent.parent


@attrs.frozen
class Screen:
    """What a run on a pseudo-terminal wrote (``raw``, every byte, escapes included), the ``lines`` of the screen
    it left (trailing spaces and blank lines at the end removed), and its exit ``status``."""

    raw: bytes
    lines: tuple[str, ...]
    status: int

    @property
    def text(self) -> str:
        """The screen's lines joined by newlines."""
        return "\n".join(self.lines)


def run_on_terminal(*args, columns: int = 120, timeout: float = 120, height: int = 20000,
                    status_delay: float | None = None) -> Screen:
    """Run ``python -m paint ARGS`` with standard input, output and error on one pseudo-terminal of ``columns``
    (and 40 rows, as the program sees it), and interpret all it wrote on a screen ``height`` rows tall, so that
    nothing scrolls away.  ``status_delay``, if given, is the seconds of solving before the status line shows
    (:data:`paint.render.terminal.StatusLine.DELAY`, set in the child before paint runs), so that a test of the
    line does not depend on how quick the machine is.  Raises AssertionError when it runs longer than
    ``timeout`` seconds."""
    command = ["-m", "paint"]
    if status_delay is not None:
        command = ["-c", "import runpy, sys; import paint.render.terminal as terminal; "
                         f"terminal.StatusLine.DELAY = {float(status_delay)!r}; sys.argv[0] = 'paint'; "
                         "runpy.run_module('paint', run_name='__main__', alter_sys=True)"]
    env = {key: value for key, value in os.environ.items()
           if key not in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS", "LINES", "FORCE_TERMINAL")}
    env.update(PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", TERM="xterm-256color")
    pid, descriptor = pty.fork()
    if pid == 0:  # the child: stdin, stdout and stderr are the terminal
        try:
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, *command, *map(str, args)], env)
        finally:
            os._exit(127)
    fcntl.ioctl(descriptor, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    raw = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while True:
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                raise AssertionError(f"paint {' '.join(map(str, args))} ran longer than {timeout} s")
            ready, _, _ = select.select([descriptor], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(descriptor, 65536)
            except OSError:  # the child has gone and the terminal is closed
                break
            if not data:
                break
            raw += data
    finally:
        os.close(descriptor)
        _, status = os.waitpid(pid, 0)
    screen = pyte.Screen(columns, min(height, raw.count(b"\n") + 41))  # no taller than what was written needs
    pyte.ByteStream(screen).feed(bytes(raw))
    lines = _rows(screen)
    while lines and not lines[-1]:
        lines.pop()
    return Screen(bytes(raw), tuple(lines), os.waitstatus_to_exitcode(status))


def _rows(screen: pyte.Screen) -> list[str]:
    """The rows of ``screen`` as ``pyte.Screen.display`` renders them, trailing spaces removed; each row is read
    only up to its last written cell (the cells after it are blank), not across every column of a wide screen."""
    rows = []
    for y in range(screen.lines):
        line = screen.buffer.get(y, {})
        chars = []
        is_wide_char = False
        for x in range(min(max(line, default=-1) + 1, screen.columns)):
            if is_wide_char:  # the stub after a wide character, as display skips it
                is_wide_char = False
                continue
            char = line[x].data if x in line else " "
            is_wide_char = wcwidth(char[0]) == 2
            chars.append(char)
        rows.append("".join(chars).rstrip())
    return rows
