"""The games Vegas Host hosts, registered in this one place.

A game plugs in with its package under `bot/games/` (a `HostedGame`: its commands,
news, prompts...), its engine under `engine/`, its pictures under `render/`, and one line
here. The core never imports this module: the programs' entry points (`python -m bot`,
`bot.offline`, `python -m bot.store`) hand it to the core.
"""

from __future__ import annotations

from typing import Final

from bot.game import Games

from . import lords_of_vegas, vegas_showdown

GAMES: Final = Games([lords_of_vegas.GAME, vegas_showdown.GAME])
