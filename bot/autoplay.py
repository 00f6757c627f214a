"""Seats the computer plays: AI seats, seats an AI took over, and resigned seats.

After every change the host nudges this; if the game now waits for a computer-played
seat, a background task plays for it (after a short pause so people can follow), posts
what happened like any other move, and goes on until the game waits for a person.
A resigned seat that no AI took over plays passively: it ends its turns, takes the
default answers and declines offers. AI thinking runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, TypeVar, cast

from bot.store import Game
from bot.tables import Refusal
from engine.lords_of_vegas import (
    Color,
    GameState,
    decisions_owed,
    default_answer,
    offers_to_answer,
)
from engine.lords_of_vegas.actions import Action, Decline, EndTurn
from engine.lords_of_vegas.ai.players import LEVELS, Level, make_player
from engine.lords_of_vegas.trade import parties

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)
T = TypeVar("T")

# AI levels as stored with a seat (1, 2, 3) and as players call them.
LEVEL_NUMBERS: Final[dict[Level, int]] = {level: n for n, level in enumerate(LEVELS, 1)}
LEVEL_NAMES: Final[dict[int, Level]] = {n: level for level, n in LEVEL_NUMBERS.items()}
PASSIVE: Final = 0


def computer_seats(game: Game) -> dict[Color, int]:
    """Colour -> AI level (or PASSIVE) for every seat no person plays."""
    found: dict[Color, int] = {}
    for seat in game.seats:
        color = cast(Color, seat.color)
        if seat.user_id is None:
            found[color] = seat.ai_level or LEVEL_NUMBERS["normal"]
        elif seat.resigned:
            found[color] = seat.autopilot or PASSIVE
    return found


def next_computer_move(game: Game, state: GameState) -> tuple[Color, int] | None:
    """The computer-played seat the game waits for, and its level, if any."""
    return waiting_computer(computer_seats(game), state)


def waiting_computer(computers: Mapping[Color, T], state: GameState) -> tuple[Color, T] | None:
    """Which of `computers` (colour -> how it plays) the game waits for, if any.

    Decisions come first, then answers to offers, then the current player's turn.
    """
    if state.over:
        return None
    for decision in state.pending:
        if decision.player in computers:
            return decision.player, computers[decision.player]
    if state.pending:
        return None
    for offer in state.offers:
        for color in parties(offer):
            if color in computers and color not in offer.accepted:
                return color, computers[color]
    if state.current in computers:
        return state.current, computers[state.current]
    return None


def choose(game: Game, state: GameState, color: Color, level: int) -> Action | None:
    """The computer's move for `color` (runs in a worker thread: it may think a while)."""
    if level == PASSIVE:
        owed = decisions_owed(state, color)
        if owed:
            return default_answer(state, owed[0])
        waiting = offers_to_answer(state, color)
        if waiting:
            return Decline(offer=waiting[0].id)
        return EndTurn() if state.current == color else None
    seed = random.Random(f"{game.id}:{game.version}:{color}").getrandbits(32)
    return make_player(LEVEL_NAMES.get(level, "normal"), seed).act(state, color)


class Autoplay:
    """Plays the computer's seats in every channel, one background task per channel."""

    def __init__(self, host: Host, pause: float) -> None:
        self.host = host
        self.pause = pause
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def nudge(self, game: Game) -> None:
        """After a change: if a computer must move in this game, make sure it will."""
        running = self._tasks.get(game.channel_id)
        if running is not None and not running.done():
            return
        if game.state_json is None or next_computer_move(game, game.state()) is None:
            return
        self._tasks[game.channel_id] = asyncio.create_task(self._play(game.channel_id))

    async def resume_all(self) -> None:
        """At start-up: pick up every game where a computer was about to move."""
        for game in await self.host.tables.store.active_games():
            self.nudge(game)

    async def close(self) -> None:
        """Stop every task (at shutdown)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _play(self, channel_id: int) -> None:
        tables = self.host.tables
        refusals = 0
        while refusals < 3:
            game = await tables.store.open_game(channel_id)
            if game is None or game.status != "active":
                return
            state = game.state()
            move = next_computer_move(game, state)
            if move is None:
                return
            color, level = move
            await asyncio.sleep(self.pause)
            try:
                action = await asyncio.to_thread(choose, game, state, color, level)
                if action is None:
                    return
                played = await tables.play_for(channel_id, color, action)
            except Refusal as refusal:
                # Usually someone else changed the game meanwhile: look again (not forever).
                refusals += 1
                log.info(
                    "computer move for %s in channel %s refused: %s", color, channel_id, refusal
                )
                continue
            except Exception:
                log.exception("computer move for %s in channel %s failed", color, channel_id)
                return
            refusals = 0
            await self.host.announce(played)
