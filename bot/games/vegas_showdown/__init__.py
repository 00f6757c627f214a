"""Vegas Showdown at the Discord table (and in the terminal).

The `/vs` commands and their autocomplete, the round posts, the placement prompts with
their pictures and menus, the turn timers' moments, the records and the rules help.
`GAME` is what the host registers.
"""

from __future__ import annotations

from typing import Final

from .game import RULES_VERSION, VegasShowdown

GAME: Final = VegasShowdown()

__all__ = ["GAME", "RULES_VERSION", "VegasShowdown"]
