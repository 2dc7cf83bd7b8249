"""Text made safe to show: what would act on a terminal, or would not print, written as escapes.

A file name or quoted text may hold control characters (an escape sequence
that clears the screen, an OSC that sets the window title or plants a
hyperlink), bidirectional controls that show it reversed, or bytes that are
not UTF-8.  Everything paint shows a person - error messages
(:class:`paint.errors.PaintError`), ``paint check``'s table, its reports -
passes through :func:`printable`.  This module imports nothing of paint, so
the errors and the file handling can both use it.
"""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` made safe to show on a terminal or in a report: everything that would not print is written as an escape.

    - bytes of a file name that are not UTF-8, which Python keeps as lone
      surrogates (``os.fsdecode``) and no output stream can write, are
      written ``\\xNN``;
    - every character that is not printable (``str.isprintable``) is written
      as Python writes it in a string literal: C0 and C1 control characters
      and DEL (``\\x1b``, so no escape sequence, OSC title or OSC 8 link
      reaches a terminal; ``\\n``, ``\\t``), Unicode format characters such
      as the bidirectional controls U+202A-U+202E, U+2066-U+2069, U+200E,
      U+200F and U+061C (``\\u202e``: a name is never shown reversed) and
      the zero-width ones, line and paragraph separators, spaces other than
      ``' '``, private-use and unassigned code points.

    The result is printable, and ``printable(printable(text)) ==
    printable(text)``, so a message may pass through it more than once.  A
    name given this way is for people: the file is opened by its real name.

    >>> printable('caf\\udce9.non')
    'caf\\\\xe9.non'
    >>> print(printable('a' + chr(27) + ']0;owned' + chr(7) + 'b' + chr(0x202e) + 'non.exe'))
    a\\x1b]0;owned\\x07b\\u202enon.exe
    """
    if text.isprintable():
        return text
    try:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
