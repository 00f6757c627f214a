"""`python -m bot`: run Vegas Host (see `bot.app`) with the registered games (`bot.games`)."""

from __future__ import annotations

import sys

from bot.app import main
from bot.games import GAMES

if __name__ == "__main__":
    sys.exit(main(games=GAMES))
