"""`python -m bot`: run Vegas Host (see `bot.app`)."""

from __future__ import annotations

import sys

from bot.app import main

if __name__ == "__main__":
    sys.exit(main())
