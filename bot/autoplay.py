"""Seats the computer plays: AI seats, seats an AI took over, and resigned seats.

After every change the host nudges this; if the game now waits for a computer-played
seat, a background task plays for it (after a short pause on the bot's clock, so people
can follow), posts what happened like any other move, and goes on until the game waits
for a person. The game is read after the pause: a seat a computer took over meanwhile
plays at its new level.
A resigned seat that no AI took over plays passively (its game says how: typically it
ends its turns, takes the default answers and declines offers). The game's computer
players think in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot import drawing
from bot.clock import Clock, SystemClock
from bot.game import PASSIVE, Games, HostedGame, Played, Refusal
from bot.shards import Shards
from bot.store import Game
from bot.tables import Tables

log = logging.getLogger(__name__)


def computer_seats(hosted: HostedGame, game: Game) -> dict[str, int]:
    """Colour -> AI level (or PASSIVE) for every seat no person plays."""
    found: dict[str, int] = {}
    for seat in game.seats:
        if seat.user_id is None:
            found[seat.color] = seat.ai_level or hosted.level_number(hosted.default_level)
        elif seat.resigned:
            found[seat.color] = seat.autopilot or PASSIVE
    return found


def next_computer_move(hosted: HostedGame, game: Game, state: Any) -> tuple[str, int] | None:
    """The computer-played seat the game waits for, and its level, if any."""
    if hosted.rules.is_over(state):
        return None
    computers = computer_seats(hosted, game)
    color = hosted.computer_to_move(state, computers)
    return None if color is None else (color, computers[color])


class Autoplay:
    """Plays the computer's seats in every channel, one background task per channel.

    `announce` tells the channel what a computer's move did (`Host.announce`); `pause`
    is the wait before each move, in seconds of `clock`.
    """

    def __init__(
        self,
        games: Games,
        tables: Tables,
        announce: Callable[[Played], Awaitable[None]],
        pause: float,
        clock: Clock | None = None,
    ) -> None:
        self.games = games
        self.tables = tables
        self.announce = announce
        self.pause = pause
        self.clock: Clock = clock or SystemClock()
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def nudge(self, game: Game, state: Any = None) -> None:
        """After a change: if a computer must move in this game, make sure it will.

        `state` is the game's state, when the caller has it at hand.
        """
        running = self._tasks.get(game.channel_id)
        if running is not None and not running.done():
            return
        hosted = self.games.get(game.kind)
        if hosted is None or game.state_json is None:
            return
        if next_computer_move(hosted, game, game.state() if state is None else state) is None:
            return
        self._tasks[game.channel_id] = asyncio.create_task(self._play(game.channel_id))

    async def resume_all(self, shards: Shards | None = None) -> None:
        """At start-up: pick up every game where a computer was about to move.

        With `shards`, only the games of these shards' guilds.
        """
        for game in await self.tables.store.active_games(shards=shards):
            self.nudge(game)

    async def close(self) -> None:
        """Stop every task (at shutdown)."""
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _play(self, channel_id: int) -> None:
        refusals = 0
        while refusals < 3:
            await self.clock.sleep_until(self.clock.now() + self.pause)
            game = await self.tables.store.open_game(channel_id)
            if game is None or game.status != "active" or game.kind not in self.games:
                return
            hosted = self.games[game.kind]
            state = game.state()
            move = next_computer_move(hosted, game, state)
            if move is None:
                return
            color, level = move
            try:
                action = await drawing.draw(hosted.computer_move, game, state, color, level)
                if action is None:
                    return
                played = await self.tables.play_for(channel_id, color, action)
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
            await self.announce(played)
