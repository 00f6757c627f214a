"""A game's record: settings, seed, seating and every accepted command, in order.

Replaying the record from its seed reproduces the game exactly, because all
randomness lives in the state.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from .actions import Action, Color
from .events import Event
from .game import apply
from .notation import format_line, parse_line
from .setup import GameSettings, new_game
from .state import GameState


class GameRecord(BaseModel):
    """Everything needed to replay a game: settings and the accepted command log."""

    model_config = ConfigDict(extra="forbid")

    game: str = "vegas_showdown"
    settings: GameSettings
    commands: list[str] = []

    def append(self, player: Color, action: Action) -> None:
        """Add an accepted command to the log."""
        self.commands.append(format_line(player, action))

    def replay(self, upto: int | None = None) -> tuple[GameState, list[Event]]:
        """Rebuild the state from the seed by applying the first `upto` commands (all)."""
        state, events = new_game(self.settings)
        for line in self.commands[:upto]:
            player, action = parse_line(line)
            events.extend(apply(state, player, action))
        return state, events
