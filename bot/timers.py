"""Timers: offers that expire, decisions that get their default answer, and turn timers.

Deadlines are stored (with the prompts, and in `turn_timers`), so they survive restarts:
one that passed while the bot was down fires once, as soon as it starts again. The loop
sleeps until the next deadline on the bot's clock (or until a new one arrives), never
polling needlessly.

A turn timer reminds the players the game waits for at half time, once; at full time
the table's `on_timeout` option applies: a computer player plays the rest of the turn for
the seat, or the turn simply ends (owed decisions take their default answers); the game
says which move does that (`HostedGame.timeout_move`). What a prompt's timeout does is
the game's to say too (`HostedGame.prompt_timeout`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Final

import discord

from bot import drawing
from bot.clock import Clock
from bot.game import HostedGame, Moment, Refusal
from bot.host import Host
from bot.options import TableOptions
from bot.posts import Post
from bot.seats import user_of
from bot.shards import Shards
from bot.store import Game, Prompt, Store, TurnTimer

log = logging.getLogger(__name__)
LONGEST_NAP: Final = 3600.0
# A computer finishing a turn takes a few actions; past this many it just ends the turn.
MOST_EXPIRY_MOVES: Final = 40


class Timers:
    """Fires due prompt deadlines and turn timers for every game (of `shards`' guilds)."""

    def __init__(
        self, host: Host, store: Store, clock: Clock, shards: Shards | None = None
    ) -> None:
        self.host = host
        self.shards = shards
        self.store = store
        self.clock = clock
        self._poked = asyncio.Event()

    def poke(self) -> None:
        """Look again at the deadlines (a new one may be sooner than the one awaited)."""
        self._poked.set()

    async def run(self) -> None:
        """Fire whatever is due, then sleep until the next deadline; forever."""
        while True:
            try:
                await self.fire_due()
            except Exception:
                log.exception("a timer failed; trying again at the next deadline")
            now = self.clock.now()
            dues = [
                due
                for due in (
                    await self.store.next_prompt_due(self.shards),
                    await self.store.next_turn_timer_due(self.shards),
                )
                if due is not None
            ]
            wake_at = min([*dues, now + LONGEST_NAP])
            self._poked.clear()
            nap = asyncio.create_task(self.clock.sleep_until(wake_at))
            poke = asyncio.create_task(self._poked.wait())
            try:
                await asyncio.wait({nap, poke}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (nap, poke):
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task

    async def fire_due(self) -> None:
        """Apply every deadline that has passed.

        Turn timers first: a prompt that runs out with its turn (its deadline is the
        turn's when that is sooner) is then answered as the table's `on_timeout` says, by
        a computer player if so, rather than by its own default answer.
        """
        now = self.clock.now()
        for timer in await self.store.due_turn_timers(now, self.shards):
            try:
                await self._fire_turn(timer)
            except Exception:
                # Stop this turn's timer rather than fail again at once, forever.
                log.exception("turn timer of game %s failed", timer.game_id)
                await self.store.drop_turn_timer(timer.game_id, timer.turn)
        for prompt in await self.store.due_prompts(now, self.shards):
            await self._fire(prompt)

    # Offers and decisions --------------------------------------------------------------

    async def _fire(self, prompt: Prompt) -> None:
        game = await self.store.game(prompt.game_id)
        hosted = self.host.games.get(game.kind)
        state = game.state() if hosted is not None and game.state_json is not None else None
        timeout = None
        if hosted is not None and state is not None and game.status == "active":
            timeout = hosted.prompt_timeout(game, state, prompt)
        if timeout is None:
            await self._stop_coming_due(game, prompt, "it has no timeout")
            return
        try:
            played = await self.host.tables.play_for(
                game.channel_id, timeout.color, timeout.action, note=timeout.note
            )
        except Refusal as refusal:
            await self._stop_coming_due(game, prompt, f"its timeout was refused: {refusal}")
            return
        await self.host.announce(played)

    async def _stop_coming_due(self, game: Game, prompt: Prompt, why: str) -> None:
        """Nothing can be done when this prompt runs out: it must not keep coming due.

        The prompt stays open for its player to answer; only its deadline goes.
        """
        await self.host.prompts.reconcile(game)
        still = (prompt.kind, prompt.ref) in {
            (p.kind, p.ref) for p in await self.store.open_prompts(game.id)
        }
        if still:
            log.warning("prompt %s %s of game %s: %s", prompt.kind, prompt.ref, game.id, why)
            await self.store.drop_prompt_deadline(game.id, prompt.kind, prompt.ref)

    # Turn timers -----------------------------------------------------------------------

    async def _fire_turn(self, timer: TurnTimer) -> None:
        game = await self.store.game(timer.game_id)
        hosted = self.host.games.get(game.kind)
        if hosted is None or game.status != "active" or game.state_json is None:
            await self.store.drop_turn_timer(game.id)
            return
        state = game.state()
        if _moment_of(hosted, state) != Moment(timer.turn, timer.player):
            # The turn moved on without this timer hearing of it: time the turn now under way.
            await self.host.turns.arm(game, state)
            return
        if self.clock.now() >= timer.expires_at:
            await self._expire_turn(hosted, game, timer)
            if await self.store.turn_timer(game.id) == timer:
                # The turn could not be ended; stop this timer rather than fire it again.
                log.warning("turn %s of game %s did not end on time", timer.turn, game.id)
                await self.store.drop_turn_timer(game.id, timer.turn)
        else:
            await self._remind(hosted, game, state, timer)

    async def _remind(self, hosted: HostedGame, game: Game, state: Any, timer: TurnTimer) -> None:
        """Half the turn's time is gone: mention whoever the game waits for, once."""
        await self.store.mark_reminded(game.id, timer.turn)
        waiting = hosted.rules.waiting_for(state)
        users = [u for c in waiting if (u := user_of(game, c)) is not None]
        if not users:
            return
        whose = hosted.moment_words(game, Moment(timer.turn, timer.player))
        options = TableOptions.of(game.options)
        mentions = " ".join(f"<@{user}>" for user in users)
        text = (
            f"⏳ {mentions} half the time for {whose} is gone. "
            f"It runs out <t:{int(timer.expires_at)}:R>; then "
            f"{hosted.timeout_words[options.on_timeout]}."
        )
        post = Post(text, mentions=users)
        channel = self.host.client.get_partial_messageable(game.channel_id)
        try:
            await channel.send(post.text(), allowed_mentions=post.allowed_mentions())
        except discord.HTTPException as error:
            log.warning("could not remind in channel %s: %s", game.channel_id, error)

    async def _expire_turn(self, hosted: HostedGame, game: Game, timer: TurnTimer) -> None:
        """The turn ran out: finish it as the table chose, posting every move."""
        moment = Moment(timer.turn, timer.player)
        by_computer = TableOptions.of(game.options).on_timeout == "ai"
        whose = hosted.moment_words(game, moment)
        if by_computer:
            note = f"⏰ Time is up for {whose}: a computer player plays the rest of it."
        else:
            note = f"⏰ Time is up for {whose}: it ends here."
        refusals = 0
        for step in range(MOST_EXPIRY_MOVES):
            game = await self.store.game(game.id)
            if game.status != "active":
                return
            state = game.state()
            if _moment_of(hosted, state) != moment:
                return
            last_chance = step == MOST_EXPIRY_MOVES - 1 or refusals > 0
            color, action = await drawing.draw(
                hosted.timeout_move, game, state, moment, by_computer and not last_chance
            )
            try:
                played = await self.host.tables.play_for(game.channel_id, color, action, note=note)
            except Refusal as refusal:
                log.info("turn timer move for %s in game %s refused: %s", color, game.id, refusal)
                refusals += 1
                if refusals > 2:
                    return
                continue
            await self.host.announce(played)
            note = ""
            if by_computer:  # a pause so the table can follow, as computer players do
                await self.clock.sleep_until(self.clock.now() + self.host.autoplay.pause)


def _moment_of(hosted: HostedGame, state: Any) -> Moment | None:
    """What the game times now (None once it is over)."""
    return None if hosted.rules.is_over(state) else hosted.moment(state)
