"""The package's imports: no module of paint imports itself round a circle, the search sits above the engine,
and solving a puzzle the line rules finish loads no module of the search.

The imports are read from the source with :mod:`ast`, as written anywhere in a module: at its top, or late,
inside a function.  A late import that is there only to dodge a circle is still a circle (it holds as soon as
the function runs), so it counts.  Imports under ``if TYPE_CHECKING:`` never run and do not count; modules
outside paint (numba, numpy, ...) are not part of the graph, so their late, optional loading is no edge.
``importlib.import_module`` with a computed name (a package loading a child module by its name, when it
is first asked for, as the lazy names of ``paint/__init__.py`` do) is not read.

Importing ``a.b.c`` runs the ``__init__`` of each package on the way, so it is an edge to ``a.b.c`` and to
``a.b``, except to the packages the importing module lives in (they are being imported already when it
runs).  A package's ``__init__`` is a module like any other: its edges are what it imports itself.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from paint.rules import LINE_RULE_NAMES

ROOT = Path(__file__).resolve().parent.parent



def module_files(folder: Path, package: str) -> dict[str, Path]:
    """Every module of the package in ``folder`` (named ``package``), by its dotted name; a package by the
    name of its ``__init__.py``."""
    found = {}
    for path in sorted(folder.rglob("*.py")):
        parts = (package, *path.relative_to(folder).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


class _Imports(ast.NodeVisitor):
    """The dotted names one module imports, anywhere in it but under ``if TYPE_CHECKING:``, relative ones
    resolved; ``from x import y`` gives ``x.y`` when that is a module of ``modules``, else ``x``."""

    def __init__(self, name: str, is_package: bool, modules):
        self.home = name if is_package else name.rpartition(".")[0]  # what a relative import starts from
        self.modules = modules
        self.names: set[str] = set()

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
                isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        self.names.update(alias.name for alias in node.names)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.home.split(".")
            base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
        else:
            base = node.module
        for alias in node.names:
            self.names.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in self.modules else base)


def import_graph(folder: Path, package: str) -> dict[str, set[str]]:
    """The modules of the package in ``folder`` each with the modules of the package importing it runs
    (see the module's docstring)."""
    modules = module_files(folder, package)
    graph = {}
    for name, path in modules.items():
        reader = _Imports(name, path.name == "__init__.py", modules)
        reader.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        edges = set()
        for imported in reader.names:
            parts = imported.split(".")
            for end in range(1, len(parts) + 1):
                runs = ".".join(parts[:end])
                if runs in modules and not f"{name}.".startswith(f"{runs}."):
                    edges.add(runs)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The circles of ``graph``: its strongly connected components of more than one module (Tarjan)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = set()

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in order:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], order[other])
        if low[node] == order[node]:
            component = set()
            while True:
                other = stack.pop()
                component.add(other)
                if other == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module importing ``start`` runs, ``start`` among them."""
    seen = set()
    todo = [start]
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(graph[node])
    return seen


def test_reader_finds_circles(tmp_path):
    """The reader finds a circle closed by a late import and one through a package's __init__, and none
    through an import under TYPE_CHECKING or a module outside the package."""
    files = {
        "__init__.py": "",
        "a.py": "from .b import x\n",
        "b.py": "import os\n\ndef late():\n    from . import a\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\nelse:\n    import json\n",
        "d.py": "from .c import C\nimport numba\n",
        "e.py": "from .sub.f import z\n",
        "sub/__init__.py": "from ..e import y\n",
        "sub/f.py": "",
        "g.py": "import pkg.sub.f\nfrom pkg import a\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.e"] == {"pkg.sub", "pkg.sub.f"} and graph["pkg.sub.f"] == set()
    assert graph["pkg.g"] == {"pkg.sub", "pkg.sub.f", "pkg.a"} and graph["pkg.d"] == {"pkg.c"}
    assert cycles(graph) == {frozenset({"pkg.a", "pkg.b"}), frozenset({"pkg.e", "pkg.sub"})}


def test_no_import_cycle():
    """No module of paint imports itself round a circle, counting late imports inside functions."""
    found = cycles(import_graph(ROOT / "paint", "paint"))
    assert found == set(), "import circles: " + "; ".join(" <-> ".join(sorted(cycle))
                                                          for cycle in sorted(found, key=sorted))


def test_search_sits_above_the_engine():
    """Nothing the engine and its rules (every module of paint.rules, the probes among them) import is a module
    of paint.search."""
    graph = import_graph(ROOT / "paint", "paint")
    below = set().union(*(reachable(graph, name) for name in graph
                          if name == "paint.engine" or name.startswith("paint.rules.")))
    assert {"paint.rules", "paint.rules.probe", "paint.linesolvers", "paint.explanation"} <= below
    assert sorted(name for name in below if name.split(".")[:2] == ["paint", "search"]) == []


def solve_loading(puzzle: str) -> tuple[dict, set[str]]:
    """``paint solve --json`` of ``puzzle`` (a path from the repository) in a new process: its document, and
    the modules it imported (read from ``python -X importtime`` on stderr)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "paint", "solve", "--json", puzzle],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return json.loads(done.stdout), loaded


def test_line_solvable_solve_loads_no_search():
    """``paint solve`` of a puzzle the line rules finish imports no module of paint.search."""
    document, loaded = solve_loading("puzzles/dancer.pro")
    assert document["status"] == "solved"
    assert {step["rule"] for step in document["steps"]} <= set(LINE_RULE_NAMES)
    assert {"paint.engine", "paint.solver", "paint.rules.probe"} <= loaded
    assert sorted(name for name in loaded if name.split(".")[:2] == ["paint", "search"]) == []


def test_solve_that_searches_loads_the_search():
    """``paint solve`` of a puzzle the rules cannot finish imports the breadth-first search, as the reading
    of the import times sees."""
    document, loaded = solve_loading("tests/corpus/jwilk/data016.nin")
    assert "search" in {step["rule"] for step in document["steps"]}
    assert "paint.search.bfs" in loaded
