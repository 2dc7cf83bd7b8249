"""What runs when the rules stall: breadth-first block-placement search, and a depth-first search that counts
solutions.

The search sits above the engine (:mod:`paint.engine`), whose rules, the
probes among them (:mod:`paint.rules.probe`), import nothing from here; a
solve imports this package only when the rules cannot finish the puzzle.

- :mod:`paint.search.blocks`: the blocks a search places, fewest places
  first, and the squares one placement marks.
- :mod:`paint.search.tree`: the branch tree - branches, what their open
  children agree on, and the records a person reads.
- :mod:`paint.search.bfs`: Kramer's breadth-first search (key decision 6),
  the driver: scan, expand, commit what is proven.
- :mod:`paint.search.dfs`: a depth-first search with propagation and
  probing on bit boards (Wu et al. 2013) that finds up to two solutions,
  by which ``paint check`` decides at once whether a puzzle has one
  solution, several or none; it explains nothing.
- :mod:`paint.search.board`: its bit boards, propagation and probing in
  Python; :mod:`paint.search.compiled` the same probing compiled by numba
  (:mod:`paint.search._kernels` for lines of up to 62 squares,
  :mod:`paint.search._wide` for lines of up to 126), when installed.

docs/search.md tells how each works and what was measured; docs/glossary.md
defines the words.
"""
