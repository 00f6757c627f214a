"""Timers: offers that expire and decisions that get their default answer, on time.

Deadlines are stored with the prompts, so they survive restarts: one that passed while
the bot was down fires once, as soon as it starts again. The loop sleeps until the next
deadline on the bot's clock (or until a new prompt arrives), never polling needlessly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Final, cast

from bot.clock import Clock
from bot.host import Host
from bot.posts import chat_names
from bot.store import Prompt, Store
from bot.tables import Refusal
from engine.lords_of_vegas import default_answer, describe_decision
from engine.lords_of_vegas.actions import Action, Expire

log = logging.getLogger(__name__)
LONGEST_NAP: Final = 3600.0


class Timers:
    """Fires due prompt deadlines for every game."""

    def __init__(self, host: Host, store: Store, clock: Clock) -> None:
        self.host = host
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
            due = await self.store.next_prompt_due()
            wake_at = min(due, now + LONGEST_NAP) if due is not None else now + LONGEST_NAP
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
        """Apply every deadline that has passed."""
        for prompt in await self.store.due_prompts(self.clock.now()):
            await self._fire(prompt)

    async def _fire(self, prompt: Prompt) -> None:
        game = await self.store.game(prompt.game_id)
        state = game.state() if game.state_json is not None else None
        if state is None or game.status != "active":
            await self.host.prompts.reconcile(game)
            return
        if prompt.kind == "offer":
            offer = next((o for o in state.offers if o.id == prompt.ref), None)
            if offer is None:
                await self.host.prompts.reconcile(game)
                return
            color, action = offer.proposer, cast(Action, Expire(offer=offer.id))
            note = f"⏰ Offer #{offer.id} ran out of time."
        else:
            decision = next((d for d in state.pending if d.id == prompt.ref), None)
            if decision is None:
                await self.host.prompts.reconcile(game)
                return
            color, action = decision.player, default_answer(state, decision)
            asked = describe_decision(decision, chat_names(game))
            note = f"⏰ Time ran out: {asked}; the default answer applies."
        try:
            played = await self.host.tables.play_for(game.channel_id, color, action)
        except Refusal as refusal:
            log.warning("timer for %s %s of game %s: %s", prompt.kind, prompt.ref, game.id, refusal)
            return
        await self.host.announce(played, note)
