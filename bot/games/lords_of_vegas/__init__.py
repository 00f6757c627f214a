"""Lords of Vegas at the Discord table (and in the terminal).

The `/lov` commands, their autocomplete, the posts, the trade builder, the offer and
decision prompts, the computer seats, the records and statistics, and the rules help.
`GAME` is what the host registers.
"""

from __future__ import annotations

from typing import Final

from .game import RULES_VERSION, LordsOfVegas

GAME: Final = LordsOfVegas()

__all__ = ["GAME", "RULES_VERSION", "LordsOfVegas"]
