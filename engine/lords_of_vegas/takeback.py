"""What a Lords of Vegas player may take back (see `engine/takeback.py` for how).

In your turn, your builds, sprawls, remodels and raises, as long as nobody else has
acted since: they only spend money and place tiles and dice whose pips are printed on
the board. Never a gamble, a reorganize or a lay-off (the dice were rolled), the end of
a turn (the next card was drawn), a build or sprawl that made tied dice reroll, an
answer to a decision, or a trade move (other players acted on it).
"""

from __future__ import annotations

from engine.takeback import Closed, Keep, Takeable

from .actions import (
    Accept,
    Action,
    Build,
    Color,
    EndTurn,
    Gamble,
    Layoff,
    Place,
    Propose,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
)
from .events import Event, TieRerolled, TookBack
from .state import GameState

ROLLED = "The dice were rolled since."


def takeable(state: GameState, player: Color, action: Action, events: list[Event]) -> Takeable:
    """Whether `player`'s move just applied (`state` is after it) may be taken back."""
    if isinstance(action, Build | Sprawl | Remodel | Raise):
        if any(isinstance(event, TieRerolled) for event in events):
            return Closed(ROLLED, everyone=True)
        return Keep()
    if isinstance(action, Gamble | Reorganize | Place | Layoff):
        return Closed(ROLLED, everyone=True)
    if isinstance(action, EndTurn):
        return Closed("Your turn is over: the next card was drawn.")
    if isinstance(action, Take):
        return Closed("Moving a die or marker you had run out of can't be taken back.")
    if isinstance(action, Propose):
        return Closed("A trade offer can't be taken back: withdraw it instead.")
    if isinstance(action, Accept):
        return Closed("An accepted trade offer can't be taken back.")
    return Closed("A closed trade offer can't be taken back.")


def took_back(player: Color, command: str) -> TookBack:
    """The event telling that `player` took back `command`."""
    return TookBack(player=player, command=command)
