"""Turn timers: the clock on each turn of a game whose host set a turn timer.

Each turn a person plays gets a stored timer (a reminder at half time, the end at full
time) the moment the turn is seen to begin; `Timers` fires them. Turns of computer
players are not timed: they play at once.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.clock import Clock
from bot.options import TableOptions
from bot.posts import user_of
from bot.store import Game, Store, TurnTimer
from engine.lords_of_vegas import GameState


class TurnTimers:
    """Starts, keeps and stops the turn timer of every game."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        # Called when a timer starts, so the timer loop looks again at what is due.
        self.on_new_deadline: Callable[[], None] = lambda: None

    async def arm(self, game: Game, state: GameState) -> TurnTimer | None:
        """Make the game's timer match its turn under way, and return it (None: untimed).

        A timer already running for this turn is kept as it is, so calling this after
        every move costs nothing and never extends a turn.
        """
        seconds = TableOptions.of(game.options).turn_seconds
        if seconds is None:
            # An untimed table has no stored timer (`restart` drops it when the host turns
            # the timer off), so most moves need no look at the store.
            return None
        timed = (
            game.status == "active" and not state.over and user_of(game, state.current) is not None
        )
        running = await self.store.turn_timer(game.id)
        if running is not None and running.turn > state.turn:
            return None  # a late look at an older moment of the game: nothing to change
        if not timed:
            if running is not None:
                await self.store.drop_turn_timer(game.id)
            return None
        if running is not None and (running.turn, running.player) == (state.turn, state.current):
            return running
        now = self.clock.now()
        timer = await self.store.set_turn_timer(
            game.id, state.turn, state.current, now + seconds / 2, now + seconds
        )
        self.on_new_deadline()
        return timer

    async def restart(self, game: Game) -> TurnTimer | None:
        """Start the turn under way afresh (the host changed the timer)."""
        await self.store.drop_turn_timer(game.id)
        if game.status != "active" or game.state_json is None:
            return None
        return await self.arm(game, game.state())

    async def resume_all(self) -> None:
        """At start-up: time every turn under way that should be (kept timers stay)."""
        for game in await self.store.active_games():
            await self.arm(game, game.state())
