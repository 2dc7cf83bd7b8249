"""Collection settings for the doctests of the package (``testpaths`` includes ``paint``)."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("numba") else ["paint/search/_kernels.py"]
"""The compiled kernels import numba, an optional dependency (``paint[fast]``)."""
