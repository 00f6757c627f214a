"""Setting up a new game: deal starting lots, place the Game Over card, roll for first."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .actions import Color
from .board import BOARD, GAME_OVER
from .events import Dealt, Event, StartingRoll
from .rng import Rng
from .state import EDITION_COLORS, MIN_PLAYERS, Edition, GameState, Player
from .turn import start_turn

STARTING_MONEY = 20
STARTING_LOTS = 2


class GameSettings(BaseModel):
    """What a new game needs: edition, player colours in seating order, and the seed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edition: Edition = "updated"
    players: Annotated[list[Color], Field(min_length=MIN_PLAYERS)]
    seed: int = 0

    @model_validator(mode="after")
    def _players_fit_edition(self) -> GameSettings:
        allowed = EDITION_COLORS[self.edition]
        if len(self.players) > len(allowed):
            raise ValueError(f"the {self.edition} edition seats at most {len(allowed)} players")
        if len(set(self.players)) != len(self.players):
            raise ValueError("each player needs a different colour")
        for color in self.players:
            if color not in allowed:
                raise ValueError(
                    f"{color} is not a colour of the {self.edition} edition "
                    f"(choose from {', '.join(allowed)})"
                )
        return self


def new_game(settings: GameSettings) -> tuple[GameState, list[Event]]:
    """Deal, place the Game Over card, pick the first player and resolve their draw."""
    rng = Rng.seeded(settings.seed)
    deck = list(BOARD.order)
    rng.shuffle(deck)
    state = GameState(
        edition=settings.edition,
        seed=settings.seed,
        players=[Player(color=c) for c in settings.players],
        current=settings.players[0],
        deck=deck,
        rng=rng,
    )
    events: list[Event] = []
    for player in state.players:
        dealt: list[str] = []
        set_aside: list[str] = []
        while len(dealt) < STARTING_LOTS:
            card = state.deck.pop(0)
            if state.f_block_unused and BOARD.lots[card].block == "F":
                set_aside.append(card)  # discarded and replaced (2-player rule)
                continue
            dealt.append(card)
        for lot in dealt:
            state.lots[lot] = player.color
        player.money = STARTING_MONEY - sum(BOARD.lots[lot].die for lot in dealt)
        events.append(
            Dealt(
                player=player.color,
                lots=tuple(dealt),
                money=player.money,
                set_aside=tuple(set_aside),
            )
        )
    # Game Over goes on top of the last of four roughly equal stacks.
    state.deck.insert(len(state.deck) - len(state.deck) // 4, GAME_OVER)
    first = _roll_for_first(state, events)
    start_turn(state, first, events)
    return state, events


def _roll_for_first(state: GameState, events: list[Event]) -> Color:
    """Everyone rolls two dice; the highest goes first; tied leaders roll again."""
    contenders = state.colors
    while True:
        rolls = {color: (state.rng.roll(), state.rng.roll()) for color in contenders}
        events.append(StartingRoll(rolls=rolls))
        best = max(sum(r) for r in rolls.values())
        contenders = [color for color, r in rolls.items() if sum(r) == best]
        if len(contenders) == 1:
            return contenders[0]
