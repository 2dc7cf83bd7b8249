"""What runs when the rules stall: the edge and corner probes and breadth-first block-placement search.

Not built yet.  Kramer's rules v and vi (probes that assume a square full
and follow its immediate consequences) and his breadth-first search by
placing blocks (key decision 6) will live here; until then ``paint solve``
reports ``stalled`` with the number of squares still blank.
"""
