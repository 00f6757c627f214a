"""Turn timers: the clock on each turn (or round) of a game whose host set a turn timer.

What is timed is the game's `Moment` (a turn and whose it is, or a whole round). Each
moment a person plays gets a stored timer (a reminder at half time, the end at full
time) the moment it is seen to begin; `Timers` fires them. Turns of computer players are
not timed: they play at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.clock import Clock
from bot.game import Games
from bot.options import TableOptions
from bot.seats import user_of
from bot.shards import Shards
from bot.store import Game, Store, TurnTimer


class TurnTimers:
    """Starts, keeps and stops the turn timer of every game."""

    def __init__(self, store: Store, clock: Clock, games: Games) -> None:
        self.store = store
        self.clock = clock
        self.games = games
        # Called when a timer starts, so the timer loop looks again at what is due.
        self.on_new_deadline: Callable[[], None] = lambda: None

    async def arm(self, game: Game, state: Any) -> TurnTimer | None:
        """Make the game's timer match its turn under way, and return it (None: untimed).

        A timer already running for this turn is kept as it is, so calling this after
        every move costs nothing and never extends a turn.
        """
        seconds = TableOptions.of(game.options).turn_seconds
        if seconds is None:
            # An untimed table has no stored timer (`restart` drops it when the host turns
            # the timer off), so most moves need no look at the store.
            return None
        hosted = self.games.get(game.kind)
        live = hosted is not None and game.status == "active" and not game.rules().is_over(state)
        moment = hosted.moment(state) if hosted is not None and live else None
        # A round is timed while anyone plays; a turn, while a person plays it.
        timed = moment is not None and (not moment.player or user_of(game, moment.player))
        running = await self.store.turn_timer(game.id)
        if running is not None and moment is not None and running.turn > moment.number:
            return None  # a late look at an older moment of the game: nothing to change
        if moment is None or not timed:
            if running is not None:
                await self.store.drop_turn_timer(game.id)
            return None
        if running is not None and (running.turn, running.player) == (moment.number, moment.player):
            return running
        now = self.clock.now()
        timer = await self.store.set_turn_timer(
            game.id, moment.number, moment.player, now + seconds / 2, now + seconds
        )
        self.on_new_deadline()
        return timer

    async def restart(self, game: Game) -> TurnTimer | None:
        """Start the turn under way afresh (the host changed the timer)."""
        await self.store.drop_turn_timer(game.id)
        if game.status != "active" or game.state_json is None:
            return None
        return await self.arm(game, game.state())

    async def resume_all(self, shards: Shards | None = None) -> None:
        """At start-up: time every turn under way that should be (kept timers stay).

        With `shards`, only the games of these shards' guilds.
        """
        for game in await self.store.active_games(shards=shards):
            if game.kind in self.games:
                await self.arm(game, game.state())
