"""The seam between the core and a game, proved with a game written here: Guess the Number.

Two players. The first picks a secret number from 1 to 9 on a prompt (a menu only they
may use; if they take too long, 5); the second then has three tries, `/guess try`, each
answered "higher" or "lower". The whole game is this file: its engine (the front door of
engine/game.py), its records, and its `HostedGame` with a `/guess` group: two commands
of its own, the core's shared ones (lobby, settings, log, export, abandon) added to them.
Registered next to Lords of Vegas, it is played end to end through the emulator with
the real core (lobby, turns, a prompt, the store, a restart, export). This is also the
smallest example of what a game's package provides.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import discord
import pytest
from discord import app_commands
from pydantic import BaseModel

from bot import replies
from bot.app import VegasHost, create_bot, host_of
from bot.clock import ManualClock
from bot.game import Games, HostedGame, Played, PromptMessage, Question, Refusal, Timeout
from bot.games import lords_of_vegas
from bot.host import Host
from bot.options import TableOptions
from bot.posts import Post, chat_names
from bot.seats import user_of
from bot.shared_commands import add_shared_commands
from bot.store import Game, Prompt, Store, verify_game
from bot.table_commands import TableCommands
from engine.takeback import Closed, Takeable
from tests.bot.conftest import Table
from tests.discord_emulator.fixtures import RunBot

# The engine ----------------------------------------------------------------------------


class IllegalGuess(Exception):
    """Against the rules."""


class UnreadableGuess(Exception):
    """Not a command."""


class GuessSettings(BaseModel):
    players: list[str]
    seed: int = 0


class Pick(BaseModel):
    kind: Literal["pick"] = "pick"
    number: int


class Try(BaseModel):
    kind: Literal["try"] = "try"
    number: int


class PickDecision(BaseModel):
    id: int = 1
    player: str


class GuessState(BaseModel):
    game: Literal["guess"] = "guess"
    setter: str
    guesser: str
    secret: int | None = None
    tries: list[int] = []
    pending: list[PickDecision] = []
    over: bool = False
    winners: list[str] = []


@dataclass(frozen=True)
class Picked:
    player: str


@dataclass(frozen=True)
class Tried:
    player: str
    number: int
    hint: str  # "higher", "lower" or "right"


TRIES = 3


class GuessRules:
    """The front door (engine/game.py) of Guess the Number."""

    GameSettings = GuessSettings
    GameState = GuessState
    IllegalAction = IllegalGuess
    NotationError = UnreadableGuess

    @staticmethod
    def new_game(settings: GuessSettings) -> tuple[GuessState, list[Any]]:
        setter, guesser = settings.players
        return GuessState(setter=setter, guesser=guesser, pending=[PickDecision(player=setter)]), []

    @staticmethod
    def apply(state: GuessState, player: str, action: Pick | Try) -> list[Any]:
        if state.over:
            raise IllegalGuess("The game is over.")
        if not 1 <= action.number <= 9:
            raise IllegalGuess("The number is from 1 to 9.")
        if isinstance(action, Pick):
            if not state.pending or player != state.setter:
                raise IllegalGuess(f"Only {state.setter} picks the number, once.")
            state.secret, state.pending = action.number, []
            return [Picked(player)]
        if state.pending or player != state.guesser:
            raise IllegalGuess(f"Only {state.guesser} guesses, once the number is picked.")
        state.tries.append(action.number)
        secret = state.secret or 0
        hint = "higher" if secret > action.number else "lower"
        hint = "right" if action.number == secret else hint
        if hint == "right" or len(state.tries) == TRIES:
            state.over = True
            state.winners = [state.guesser if hint == "right" else state.setter]
        return [Tried(player, action.number, hint)]

    @staticmethod
    def legal_actions(state: GuessState, player: str) -> list[Pick | Try]:
        if player not in GuessRules.waiting_for(state):
            return []
        kind = Pick if state.pending else Try
        return [kind(number=n) for n in range(1, 10)]

    @staticmethod
    def waiting_for(state: GuessState) -> list[str]:
        if state.over:
            return []
        return [state.setter] if state.pending else [state.guesser]

    @staticmethod
    def decisions_owed(state: GuessState, player: str) -> list[PickDecision]:
        return [d for d in state.pending if d.player == player]

    @staticmethod
    def default_answer(state: GuessState, decision: PickDecision) -> Pick:
        return Pick(number=5)

    @staticmethod
    def is_over(state: GuessState) -> bool:
        return state.over

    @staticmethod
    def standings(state: GuessState) -> list[tuple[str, int, int]]:
        order = sorted((state.setter, state.guesser), key=lambda c: c not in state.winners)
        return [(color, int(color in state.winners), 0) for color in order]

    @staticmethod
    def result(state: GuessState) -> tuple[list[str], list[tuple[str, int, int]]]:
        return list(state.winners), GuessRules.standings(state)

    @staticmethod
    def parse_command(text: str) -> Pick | Try:
        found = re.fullmatch(r"\s*(pick|try)\s+(\d)\s*", text)
        if found is None:
            raise UnreadableGuess(f"{text!r}: say `pick N` or `try N`.")
        kind = Pick if found[1] == "pick" else Try
        return kind(number=int(found[2]))

    @staticmethod
    def parse_line(line: str) -> tuple[str, Pick | Try]:
        player, _, command = line.partition(":")
        return player.strip(), GuessRules.parse_command(command)

    @staticmethod
    def format_line(player: str, action: Pick | Try) -> str:
        return f"{player}: {action.kind} {action.number}"

    @staticmethod
    def takeable(state: GuessState, player: str, action: Pick | Try, events: list[Any]) -> Takeable:
        return Closed("Nothing can be taken back in Guess the Number.", everyone=True)

    @staticmethod
    def took_back(player: str, command: str) -> Any:
        raise AssertionError("nothing is ever taken back")

    @staticmethod
    def describe(event: Any, names: Mapping[str, str] | None = None) -> str:
        who = (names or {}).get(event.player, event.player)
        if isinstance(event, Picked):
            return f"{who} picked the number."
        if event.hint == "right":
            return f"{who} tried {event.number}: right!"
        return f"{who} tried {event.number}: it is {event.hint}."


class GuessRecord(BaseModel):
    game: Literal["guess"] = "guess"
    settings: GuessSettings
    commands: list[str] = []

    def replay(self, upto: int | None = None) -> tuple[GuessState, list[Any]]:
        state, events = GuessRules.new_game(self.settings)
        for line in self.commands[:upto]:
            events += GuessRules.apply(state, *GuessRules.parse_line(line))
        return state, events

    def take_back(self, player: str) -> tuple[GuessState, list[Any]]:
        raise IllegalGuess("Nothing can be taken back in Guess the Number.")


class PublicGuess(BaseModel):
    """While the game runs: every command but the pick, and the tries; no secret."""

    game: Literal["guess"] = "guess"
    record: Literal["public"] = "public"
    players: list[str]
    commands: list[str]
    tries: list[int]


# The game's package ------------------------------------------------------------------


class PickMenu(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"guess:pick:(?P<game>\d+)",
):
    """The setter's menu: the secret number."""

    def __init__(self, game_id: int) -> None:
        options = [discord.SelectOption(label=str(n), value=str(n)) for n in range(1, 10)]
        super().__init__(discord.ui.Select(custom_id=f"guess:pick:{game_id}", options=options))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: Any, item: Any, match: re.Match[str], /) -> PickMenu:
        return cls(int(match["game"]))

    async def callback(self, interaction: Any) -> None:
        host = host_of(interaction)
        await replies.defer_update(interaction)
        number = int((interaction.data or {}).get("values", ["5"])[0])
        try:
            played = await host.tables.of(GUESS).play(
                interaction.channel_id, interaction.user.id, Pick(number=number)
            )
        except Refusal as refusal:
            await replies.refuse(interaction, str(refusal))
            return
        await host.after_click(interaction, played)


def guess_commands(host: Host, hosted: HostedGame) -> app_commands.Group:
    table = TableCommands(host, hosted)

    class GuessCommands(app_commands.Group):
        async def on_error(self, interaction: Any, error: app_commands.AppCommandError) -> None:
            await table.report(interaction, error)

        @app_commands.command(name="new", description="Open a game")
        async def new(self, interaction: discord.Interaction[Any]) -> None:
            game = await table.open_lobby(interaction, "standard", TableOptions())
            await replies.send(interaction, Post(f"A game opens. {table.lobby_lines(game)}"))

        @app_commands.command(name="try", description="Guess the number")
        async def try_(
            self, interaction: discord.Interaction[Any], number: app_commands.Range[int, 1, 9]
        ) -> None:
            await table.play(interaction, Try(number=number))

    group = GuessCommands(name="guess", description="Guess the Number", guild_only=True)
    # The lobby, settings and record commands are the core's (no computers: no addbot).
    menu = ("new", "join", "leave", "kick", "start", "settings", "try", "log", "export", "abandon")
    add_shared_commands(group, table, menu)
    return group


class GuessTheNumber(HostedGame):
    kind: ClassVar[str] = "guess"
    title: ClassVar[str] = "Guess the Number"
    command: ClassVar[str] = "guess"
    rules: ClassVar[Any] = GuessRules()
    options: ClassVar[tuple[str, ...]] = ("turn_timer", "decisions")
    readable_commands: ClassVar[tuple[str, ...]] = ("export",)
    secret_words: ClassVar[str] = "The number stays secret"

    def colors(self, edition: str) -> tuple[str, ...]:
        return ("red", "blue")

    def min_players(self, edition: str) -> int:
        return 2

    def new_settings(self, edition: str, players: Sequence[str], seed: int) -> GuessSettings:
        return GuessSettings(players=list(players), seed=seed)

    def record(self, settings: GuessSettings, commands: Sequence[str]) -> GuessRecord:
        return GuessRecord(settings=settings, commands=list(commands))

    def public_record(self, record: GuessRecord, state: GuessState) -> PublicGuess:
        tries = [line for line in record.commands if ": try " in line]
        return PublicGuess(players=record.settings.players, commands=tries, tries=state.tries)

    def commands(self, host: Host) -> app_commands.Group:
        return guess_commands(host, self)

    def persistent_items(self) -> Sequence[Any]:
        return (PickMenu,)

    async def news(self, store: Store, played: Played, deadline: float | None) -> Post:
        game, state = played.game, played.state
        lines = self.narrate(game, played.events)
        if state.over:
            lines.append(f"{chat_names(game)[state.winners[0]]} wins Guess the Number.")
            return Post("\n".join(lines))
        [waiting] = GuessRules.waiting_for(state)
        user = user_of(game, waiting)
        if state.pending:
            lines.append(f"{chat_names(game)[waiting]} picks the number (see the prompt).")
            return Post("\n".join(lines).strip())
        lines.append(f"<@{user}> try a number ({TRIES - len(state.tries)} tries left).")
        return Post("\n".join(lines), mentions=[user] if user else [])

    def slow(self, played: Played) -> bool:
        return False

    def narrate(self, game: Game, events: Sequence[Any]) -> list[str]:
        return [GuessRules.describe(event, chat_names(game)) for event in events]

    def questions(self, game: Game, state: GuessState, events: Sequence[Any]) -> list[Question]:
        if not state.pending:
            return []
        user = user_of(game, state.setter)

        def show(expires_at: float | None, by_turn: bool) -> PromptMessage:
            view = discord.ui.View(timeout=None)
            view.add_item(PickMenu(game.id))
            return PromptMessage(f"<@{user}> pick the secret number.", view)

        return [Question("pick", state.pending[0].id, 1.0, show, [user] if user else [])]

    def closed_text(self, game: Game, prompt: Prompt, events: Sequence[Any]) -> str:
        return "The number is picked."

    def prompt_timeout(self, game: Game, state: GuessState, prompt: Prompt) -> Timeout | None:
        if not state.pending:
            return None
        decision = state.pending[0]
        answer = GuessRules.default_answer(state, decision)
        return Timeout(decision.player, answer, "⏰ Nobody picked: the number is 5.")


GUESS = GuessTheNumber()
GAMES = Games([lords_of_vegas.GAME, GUESS])


async def test_a_game_written_in_a_test_is_hosted_end_to_end(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))

    # The lobby, through the core's lobby handlers.
    opened = await emu.slash(table.alice, channel, "guess new")
    assert "Seated (1/2): **Alice** (red)" in opened.content
    crowded = await emu.slash(table.bob, channel, "lov new")
    assert crowded.ephemeral and "`/guess abandon`" in crowded.content
    await emu.slash(table.bob, channel, "guess join")
    started = await emu.slash(table.alice, channel, "guess start")
    assert "**Alice** (red) picks the number" in started.content

    # The prompt: only the setter's choice counts, and it closes once answered.
    [prompt] = [m for m in emu.history(channel) if "pick the secret number" in m.content]
    assert f"<@{table.alice.id}>" in prompt.content
    refused = await emu.select(table.bob, prompt, "guess:pick:1", ["1"])
    assert refused.followups[0].ephemeral and "Only red picks" in refused.followups[0].content
    await emu.select(table.alice, prompt, "guess:pick:1", ["7"])
    await emu.wait_until(lambda: "picked" in prompt.content, 10.0, "the prompt to close")
    assert prompt.custom_ids == []

    # Turns, and refusals in the game's own words.
    low = await emu.slash(table.bob, channel, "guess try", number=3)
    assert "**Bob** (blue) tried 3: it is higher." in low.content and not low.ephemeral
    assert f"<@{table.bob.id}> try a number (2 tries left)" in low.content
    wrong = await emu.slash(table.alice, channel, "guess try", number=7)
    assert wrong.ephemeral and wrong.content == "Only blue guesses, once the number is picked."
    other = await emu.slash(table.carol, channel, "lov status")
    assert other.ephemeral and "Guess the Number: use `/guess`" in other.content
    public = await emu.slash(table.carol, channel, "guess export")
    assert "The number stays secret" in public.content
    shown = json.loads(public.attachments[0].data)
    assert shown["record"] == "public" and "7" not in json.dumps(shown)

    # The store keeps it; a restart changes nothing.
    await bot.stop()
    await bot.start()
    vegas = bot.client
    assert isinstance(vegas, VegasHost) and vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None and game.kind == "guess" and game.moves == 2
    assert game.state() == GuessState(setter="red", guesser="blue", secret=7, tries=[3])
    found = await emu.slash(table.bob, channel, "guess try", number=7)
    assert "tried 7: right!" in found.content and "**Bob** (blue) wins" in found.content

    # The record, once it ended, replays to the stored game.
    game = await vegas.store.game(game.id)
    assert game.status == "finished" and (await verify_game(vegas.store, game.id)).ok
    exported = await emu.slash(table.carol, channel, "guess export")
    record = GuessRecord.model_validate_json(exported.attachments[0].data)
    assert record.commands == ["red: pick 7", "blue: try 3", "blue: try 7"]
    assert record.replay()[0] == game.state()
    assert exported.attachments[0].filename == f"guess-{game.id}.json"
    assert table.emu.unknown_routes == []


async def test_its_prompt_times_out_with_its_default_answer(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    await emu.slash(table.alice, channel, "guess new")
    await emu.slash(table.bob, channel, "guess join")
    await emu.slash(table.alice, channel, "guess start")
    [prompt] = [m for m in emu.history(channel) if "pick the secret number" in m.content]
    await clock.advance(hours=2)  # the prompt waits an hour
    note = await emu.wait_for_message(channel, lambda m: "Nobody picked" in m.content)
    assert "the number is 5" in note.content and f"<@{table.bob.id}> try a number" in note.content
    await emu.wait_until(lambda: "picked" in prompt.content, 10.0, "the prompt to close")
    found = await emu.slash(table.bob, channel, "guess try", number=5)
    assert "**Bob** (blue) wins" in found.content


class GuessWithRefusedTimeout(GuessTheNumber):
    """The same game, its prompt's timeout a move the rules refuse (the wrong player's)."""

    def prompt_timeout(self, game: Game, state: GuessState, prompt: Prompt) -> Timeout | None:
        timeout = super().prompt_timeout(game, state, prompt)
        return None if timeout is None else Timeout(state.guesser, timeout.action, timeout.note)


class GuessWithoutTimeout(GuessTheNumber):
    """The same game, its prompt given an hour but no timeout (`HostedGame`'s default)."""

    def prompt_timeout(self, game: Game, state: GuessState, prompt: Prompt) -> Timeout | None:
        return None


@pytest.mark.parametrize("hosted", [GuessWithoutTimeout(), GuessWithRefusedTimeout()])
async def test_a_prompt_whose_timeout_cannot_apply_stops_coming_due(
    table: Table, run_bot: RunBot, clock: ManualClock, hosted: GuessTheNumber
) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), Games([hosted]), clock=clock))
    await emu.slash(table.alice, channel, "guess new")
    await emu.slash(table.bob, channel, "guess join")
    await emu.slash(table.alice, channel, "guess start")
    vegas = bot.client
    assert isinstance(vegas, VegasHost) and vegas.store is not None
    assert await vegas.store.next_prompt_due() is not None
    await clock.advance(hours=2)
    for _ in range(500):  # the timers fire in the background
        if await vegas.store.next_prompt_due() is None:
            break
        await asyncio.sleep(0.02)
    game = await vegas.store.open_game(channel.id)
    assert game is not None and game.moves == 0  # nothing was played for anyone
    [prompt] = await vegas.store.open_prompts(game.id)
    assert prompt.expires_at is None

    # Its player can still answer it.
    [message] = [m for m in emu.history(channel) if "pick the secret number" in m.content]
    await emu.select(table.alice, message, "guess:pick:1", ["4"])
    await emu.wait_until(lambda: "picked" in message.content, 10.0, "the prompt to close")
