"""Reading the HTML pages paint writes, for the tests: a small element tree, the viewer's steps, PNG pixels.

:func:`parse` builds a tree with the standard library's :mod:`html.parser`
(no browser); :func:`steps_of` reads the viewer's step list back into
plain data, :func:`unpacked` the reasons it packed; :func:`read_png`
decodes a screenshot.  Nothing here imports paint's renderers, so the
pages are read the way any other program would read them.
"""

from __future__ import annotations

import base64
import html.parser
import json
import re
import struct
import zlib

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
"""HTML elements that have no end tag."""


class Element:
    """One element: ``tag``, ``attributes`` and ``children`` (elements and strings), in document order."""

    def __init__(self, tag: str, attributes: dict, parent: "Element | None" = None):
        self.tag = tag
        self.attributes = attributes
        self.children: list = []
        self.parent = parent

    def get(self, name: str, default=None):
        return self.attributes.get(name, default)

    @property
    def classes(self) -> set[str]:
        return set((self.get("class") or "").split())

    def text(self) -> str:
        """All the text inside, joined."""
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def iter(self):
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attributes) -> list["Element"]:
        return [element for element in self.iter()
                if (tag is None or element.tag == tag) and (cls is None or cls in element.classes)
                and all(element.get(name.replace("_", "-")) == value for name, value in attributes.items())]

    def find(self, tag: str | None = None, cls: str | None = None, **attributes) -> "Element | None":
        found = self.find_all(tag, cls, **attributes)
        return found[0] if found else None


class _Builder(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.current = self.root
        self.doctype = None

    def handle_decl(self, decl):
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value if value is not None else "" for name, value in attrs}, self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_startendtag(self, tag, attrs):
        element = Element(tag, {name: value if value is not None else "" for name, value in attrs}, self.current)
        self.current.children.append(element)

    def handle_endtag(self, tag):
        element = self.current
        while element is not None and element.tag != tag:
            element = element.parent
        if element is not None and element.parent is not None:
            self.current = element.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(page: str) -> tuple[Element, str | None]:
    """The page's element tree (its root is ``#document``) and its doctype."""
    builder = _Builder()
    builder.feed(page)
    builder.close()
    return builder.root, builder.doctype


def steps_of(page: str) -> list[dict]:
    """The viewer's steps (step 0, the start, first), each ``{"number", "head", "full", "empty", "strips", "reasons", "folded"}``.

    ``full`` and ``empty`` are sets of 0-based ``(row, column)``; ``reasons``
    the ``(depth, text)`` lines shown under the step, ``folded`` those in
    its ``<details>``.
    """
    root, _ = parse(page)
    data = json.loads(root.find("script", id="paint-data").text())
    width = data["width"]
    steps = []
    for item in root.find("ol", id="steps").find_all("li", cls="step"):
        def squares(name):
            return {divmod(int(index), width) for index in item.get(name).split()}
        reasons = item.find("div", cls="r")
        folded = item.find("details")

        def lines(element, skip=None):
            if element is None:
                return []
            return [(int(next(c for c in p.classes if c.startswith("d"))[1:]), p.text()) for p in element.find_all("p")
                    if skip is None or skip not in [a for a in _ancestors(p)]]
        steps.append({"number": int(item.get("id").split("-")[1]), "head": item.find("p", cls="h").text(),
                      "full": squares("data-f"), "empty": squares("data-e"),
                      "strips": set(item.get("data-s").split()),
                      "reasons": lines(reasons, skip=folded), "folded": lines(folded)})
    return steps


def _ancestors(element):
    while element is not None:
        yield element
        element = element.parent


def unpacked(page: str) -> dict[int, str]:
    """The reasons the page packed, by step number (the HTML of each step's reasons), or {} when none were."""
    match = re.search(r'<script type="application/octet-stream" id="paint-packed">([^<]*)</script>', page)
    if match is None:
        return {}
    return {item[0]: item[1] for item in json.loads(zlib.decompress(base64.b64decode(match.group(1))))}


def unpacked_drawings(page: str) -> dict[int, dict]:
    """The drawings of the reasoning the page packed, by step number (see :func:`unpacked`)."""
    match = re.search(r'<script type="application/octet-stream" id="paint-packed">([^<]*)</script>', page)
    if match is None:
        return {}
    return {item[0]: item[2] for item in json.loads(zlib.decompress(base64.b64decode(match.group(1))))
            if item[2] is not None}


def read_png(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Decode an 8-bit RGB or RGBA PNG with zlib alone: ``(width, height, RGB pixels row by row)``.

    Raises AssertionError for anything that is not such a PNG (other bit
    depths, palettes, interlacing).  Filters: PNG specification section 9.
    """
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    position, chunks = 8, []
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        chunks.append((kind, data[position + 8:position + 8 + length]))
        position += 12 + length
    kind, header = chunks[0]
    assert kind == b"IHDR"
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unexpected PNG format {depth}/{colour}/{interlace}"
    n = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * n
    assert len(raw) == height * (stride + 1), "truncated image data"
    previous = bytes(stride)
    pixels = []
    for row in range(height):
        start = row * (stride + 1)
        method, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if method == 1:
            for i in range(n, stride):
                line[i] = (line[i] + line[i - n]) & 0xFF
        elif method == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif method == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - n] if i >= n else 0) + previous[i]) // 2) & 0xFF
        elif method == 4:
            for i in range(stride):
                a, b, c = (line[i - n], previous[i], previous[i - n]) if i >= n else (0, previous[i], 0)
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        else:
            assert method == 0, f"unknown PNG filter {method}"
        pixels.extend(zip(line[0::n], line[1::n], line[2::n]))
        previous = line
    return width, height, pixels
