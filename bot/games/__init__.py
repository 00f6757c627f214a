"""The games Vegas Host hosts, registered in this one place.

A game plugs in with its package under `bot/games/` (its commands, posts, prompts...),
its engine under `engine/`, its pictures under `render/`, and one line here.
"""

from __future__ import annotations

from typing import Final

from bot.store import Kind

from . import lords_of_vegas

GAMES: Final[dict[str, Kind]] = {game.kind: game for game in (lords_of_vegas.GAME,)}
