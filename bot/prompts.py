"""Prompts: the channel messages with buttons that ask players something (an offer, a decision).

The saved game state says what is being asked (its game turns it into `Question`s); the
store remembers which message shows each. `Prompts.reconcile` makes the channel match the
state: it posts a message for every new question, redraws those the game says changed,
and closes (removes the buttons of) whatever is no longer asked. It is idempotent, so it
can run after any change, from any path (slash command, button, timer, restart).

Reconciles may come out of order (a move's answer can be slow to go out while the next
move is played): each move is kept as it is saved (`saved`), so the first reconcile to
come closes each prompt with the events of the move that closed it, and an older one
coming late changes nothing.

A crash between posting a prompt and saving which message shows it would leave a prompt
the store does not know: at start-up (`adopt`), a new question first looks for its
message among the bot's recent ones (the same buttons and menus) before posting one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any, Final

import discord

from bot.clock import Clock
from bot.game import Games, HostedGame, Played, PromptMessage, Question
from bot.posts import Post
from bot.store import Game, Prompt, Store, TurnTimer

log = logging.getLogger(__name__)

HOUR: Final = 3600.0
# How many of a channel's latest messages are searched for a prompt a crash left unsaved.
RECENT: Final = 50


class Prompts:
    """Keeps each channel's prompt messages in step with its game's state."""

    def __init__(self, client: discord.Client, store: Store, clock: Clock, games: Games) -> None:
        self.client = client
        self.store = store
        self.clock = clock
        self.games = games
        self._locks: dict[int, asyncio.Lock] = {}
        # Called when a prompt with a deadline is posted, so the timers look again.
        self.on_new_deadline: Callable[[], None] = lambda: None
        # Each game's moves no reconcile has looked at yet, in the order they were saved
        # (see `saved`), and the version its prompts were last brought to.
        self._unseen: dict[int, list[Played]] = {}
        self._shown: dict[int, int] = {}

    def saved(self, played: Played) -> None:
        """Keep a move, told as it is saved, until a reconcile looks at it.

        A move's own reconcile may come after a later move's (its news was slow to go
        out): the first to come then closes its prompts with the events that closed them,
        so each still says what was decided.
        """
        self._unseen.setdefault(played.game.id, []).append(played)

    async def reconcile(
        self,
        game: Game,
        events: Sequence[Any] = (),
        *,
        adopt: bool = False,
        redraw: bool = False,
        replaced: TurnTimer | None = None,
        state: Any = None,
    ) -> None:
        """Post, redraw and close prompt messages so the channel matches the game.

        With `adopt` (at start-up), a prompt already in the channel but not saved is kept.
        With `redraw` (the host changed the table's timing), every open prompt is drawn
        again, its deadline as the turn timer under way now applies it; `replaced` is the
        turn timer that change stopped, if any. `state` is the game's state, when the
        caller has it at hand.
        """
        hosted = self.games.get(game.kind)
        if hosted is None:
            return
        async with self._locks.setdefault(game.channel_id, asyncio.Lock()):
            if game.version < self._shown.get(game.id, game.version):
                return  # a later change's reconcile has brought the channel further
            self._shown[game.id] = game.version
            moves = self._unseen_until(game)
            if moves:  # every step since the last reconcile may ask for a redraw
                events = [event for played in moves for event in played.events]
            if state is None and game.state_json is not None:
                state = game.state()
            asked = _asked(hosted, game, state, events)
            wanted = {(question.kind, question.ref): question for question in asked}
            bound = any(question.turn_bound for question in asked)
            turn = await self.store.turn_timer(game.id) if bound else None
            now = self.clock.now()
            known: set[tuple[str, int]] = set()
            for prompt in await self.store.open_prompts(game.id):
                known.add((prompt.kind, prompt.ref))
                question = wanted.get((prompt.kind, prompt.ref))
                if question is None:
                    closing = _closing_events(hosted, prompt, moves) or events
                    await self._edit(
                        prompt, PromptMessage(hosted.closed_text(game, prompt, closing))
                    )
                    await self.store.close_prompt(game.id, prompt.kind, prompt.ref)
                elif question.refresh or redraw:
                    own = prompt.expires_at
                    if redraw:
                        own = own_deadline(question, prompt, replaced, now)
                    expires = deadline(question, own, turn)
                    await self._retime(prompt, expires[0])
                    await self._edit(prompt, await question.show(*expires).drawn())
            new = [q for q in asked if (q.kind, q.ref) not in known]
            posted = await self._recent_prompts(game.channel_id) if adopt and new else []
            for question in new:
                own = now + question.hours * HOUR if question.hours > 0 else None
                await self._post(game, question, *deadline(question, own, turn), posted)

    def _unseen_until(self, game: Game) -> list[Played]:
        """The moves up to `game`'s last that no reconcile has looked at, oldest first."""
        unseen = self._unseen.pop(game.id, [])
        later = [played for played in unseen if played.game.moves > game.moves]
        if later:
            self._unseen[game.id] = later
        return [played for played in unseen if played.game.moves <= game.moves]

    async def _post(
        self,
        game: Game,
        question: Question,
        expires: float | None,
        by_turn: bool,
        posted: Sequence[discord.Message] = (),
    ) -> None:
        """Post the question's message, or bring up to date the one a crash left unsaved."""
        channel = self.client.get_partial_messageable(game.channel_id)
        shown = await question.show(expires, by_turn).drawn()
        post = Post(shown.text, mentions=question.mentions)
        files = shown.files()
        earlier = _showing(posted, shown)
        try:
            if earlier is not None:
                message = await earlier.edit(
                    content=post.text(),
                    view=shown.view,
                    attachments=files,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            else:
                message = await channel.send(
                    post.text(),
                    view=shown.view or discord.utils.MISSING,
                    files=files or discord.utils.MISSING,
                    allowed_mentions=post.allowed_mentions(),
                )
        except discord.HTTPException as error:
            log.warning(
                "could not post the %s prompt %s of game %s: %s",
                question.kind,
                question.ref,
                game.id,
                error,
            )
            return
        await self.store.add_prompt(
            game.id, question.kind, question.ref, game.channel_id, message.id, expires
        )
        if expires is not None:
            self.on_new_deadline()

    async def _retime(self, prompt: Prompt, expires: float | None) -> None:
        """Keep the prompt's new deadline, so the timers apply it (not the one it had)."""
        if expires != prompt.expires_at:
            await self.store.set_prompt_deadline(prompt.game_id, prompt.kind, prompt.ref, expires)
            self.on_new_deadline()

    async def _edit(self, prompt: Prompt, shown: PromptMessage) -> None:
        channel = self.client.get_partial_messageable(prompt.channel_id)
        files = shown.files()
        try:
            await channel.get_partial_message(prompt.message_id).edit(
                content=shown.text,
                view=shown.view,
                # Always given: a prompt drawn again without a picture drops its old one.
                attachments=files,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            log.warning("could not update prompt message %s: %s", prompt.message_id, error)

    async def _recent_prompts(self, channel_id: int) -> list[discord.Message]:
        """The bot's latest messages in the channel that carry buttons or menus."""
        me = self.client.user
        channel = self.client.get_partial_messageable(channel_id)
        found: list[discord.Message] = []
        try:
            async for message in channel.history(limit=RECENT):
                if me is not None and message.author.id == me.id and message.components:
                    found.append(message)
        except discord.HTTPException as error:
            log.warning("could not read channel %s back: %s", channel_id, error)
        return found


def _asked(hosted: HostedGame, game: Game, state: Any, events: Sequence[Any]) -> list[Question]:
    """The questions the game asks in `state` (none once it is over)."""
    live = state is not None and game.status == "active" and not game.rules().is_over(state)
    return hosted.questions(game, state, events) if live else []


def _closing_events(hosted: HostedGame, prompt: Prompt, moves: Sequence[Played]) -> list[Any]:
    """The events of the move among `moves` after which the prompt was no longer asked.

    Empty when none of them closed it (they are not known: the bot restarted since).
    """
    for played in moves:
        asked = _asked(hosted, played.game, played.state, played.events)
        if (prompt.kind, prompt.ref) not in {(q.kind, q.ref) for q in asked}:
            return played.events
    return []


def deadline(
    question: Question, own: float | None, turn: TurnTimer | None
) -> tuple[float | None, bool]:
    """When a question runs out, and whether the turn timer is what runs out then.

    `own` is when it runs out by its own time. A question bound to the turn ends with it
    when the turn's timer runs out first, or at the same moment (turn timers fire first).
    """
    if not question.turn_bound or turn is None or (own is not None and own < turn.expires_at):
        return own, False
    return turn.expires_at, True


def own_deadline(
    question: Question, prompt: Prompt, replaced: TurnTimer | None, now: float
) -> float | None:
    """When a posted prompt runs out by its own time, once the turn timer `replaced` stopped.

    Its stored deadline, unless that was the stopped turn timer's: its own time then
    starts afresh now, as the new turn timer's does.
    """
    stored = prompt.expires_at
    if not question.turn_bound or replaced is None or stored is None:
        return stored
    if stored < replaced.expires_at:
        return stored
    return now + question.hours * HOUR if question.hours > 0 else None


def _custom_ids(components: Sequence[Any]) -> set[str]:
    """The custom ids of a message's buttons and menus (discord.py's or a view's dicts)."""
    found: set[str] = set()
    for component in components:
        if isinstance(component, dict):
            children = component.get("components") or [component]
            found.update(str(c["custom_id"]) for c in children if c.get("custom_id"))
            continue
        for child in getattr(component, "children", [component]):
            if getattr(child, "custom_id", None):
                found.add(str(child.custom_id))
    return found


def _showing(posted: Sequence[discord.Message], shown: PromptMessage) -> discord.Message | None:
    """The message among `posted` with this prompt's buttons or menus, if any.

    Their custom ids name the game and the question, so no other prompt has them.
    """
    if shown.view is None:
        return None
    wanted = _custom_ids(shown.view.to_components())
    return next((m for m in posted if wanted & _custom_ids(m.components)), None)
