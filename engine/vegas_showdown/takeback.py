"""What a Vegas Showdown player may take back (see `engine/takeback.py` for how).

- Your bid, your Renovate or your Publicity choice, until the next player acts: what
  they chose rests on yours.
- Your placements and renovation steps (place, reserve, remove, done, `undo`, cancel),
  until the round's placements end: everyone places at once on their own sheet, so
  nobody else's placement rests on yours. (A renovation's own `undo` starts the
  renovation again, and stays as it is.)
- Never a Pull Strings choice (a tile was flipped), nor the move that ended the bidding
  (the tiles were bought) or the round's placements (new tiles and an event card came
  out).
"""

from __future__ import annotations

from engine.takeback import Closed, Fresh, Keep, Takeable

from .actions import CHOICE_KINDS, Action, Color
from .events import CardDrawn, Event, GameOver, RoundStarted, TileBought, TileFlipped, TookBack
from .state import GameState

# Events that only come once the round's placements are over.
ROUND_OVER = (RoundStarted, CardDrawn, TileFlipped, GameOver)


def takeable(state: GameState, player: Color, action: Action, events: list[Event]) -> Takeable:
    """Whether `player`'s move just applied (`state` is after it) may be taken back."""
    if action.kind == "stack":
        return Closed("A tile was flipped since.", everyone=True)
    if any(isinstance(event, ROUND_OVER) for event in events):
        return Closed("The round's placements are over: new tiles came out since.", everyone=True)
    if any(isinstance(event, TileBought) for event in events):
        return Closed("The bidding is over: the tiles were bought since.", everyone=True)
    if action.kind in CHOICE_KINDS:
        return Fresh()
    return Keep()


def took_back(player: Color, command: str) -> TookBack:
    """The event telling that `player` took back `command`."""
    return TookBack(player=player, command=command)
