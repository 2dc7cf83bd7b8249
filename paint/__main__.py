"""``python -m paint``: the same as the ``paint`` command (see :mod:`paint.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
