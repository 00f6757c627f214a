"""Playing Vegas Showdown through the emulator, reading the bot's messages as a player would.

Who must act is read from the messages: the action post mentions the player whose
choice it is ("your action"); a placement or Pull Strings prompt (a message with `vs:`
menus and buttons) mentions the player it waits for.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Final

from bot.app import VegasHost
from bot.games.vegas_showdown.placing import spot_value
from bot.posts import ANIMATION_FILE
from bot.store import Game
from engine.vegas_showdown import Action, GameState
from engine.vegas_showdown.actions import Bid, ChooseStack, Place
from engine.vegas_showdown.greedy import GreedyPlayer
from engine.vegas_showdown.sheet import Placement, cell_name
from render.vegas_showdown import render_round, render_sheet, render_standing, render_tracks
from tests.bot.conftest import Table
from tests.discord_emulator import DiscordEmulator, Message, Reply, User

# With Alice (red), Bob (blue) and Carol (green), Alice acts first; when round 1 goes as
# `play_round_one` plays it, round 2 opens with Liquor License Review: a No-Bid marker
# on the Lounge.
SEED: Final = 11
YOUR_ACTION = re.compile(r"<@(\d+)> your action")


async def open_showdown(
    table: Table,
    vegas: VegasHost,
    players: list[User],
    seed: int = SEED,
    settings: dict[str, object] | None = None,
) -> Reply:
    """Open a game in the table's channel, seat `players` (the first hosts), start it.

    With `settings`, the host sets them (`/vs settings`) before starting.
    """
    assert vegas.tables is not None
    vegas.tables.new_seed = lambda: seed
    emu, channel = table.emu, table.channel
    await emu.slash(players[0], channel, "vs new")
    for player in players[1:]:
        await emu.slash(player, channel, "vs join")
    if settings:
        changed = await emu.slash(players[0], channel, "vs settings", **settings)
        assert not changed.ephemeral, changed.content
    return await emu.slash(players[0], channel, "vs start")


async def round_one_bids(table: Table, players: list[User], *, close: bool = True) -> None:
    """Round 1 of the seed-11 game: Alice and Bob bid for the Table Games (Bob wins),
    Carol for the Lounge; with `close`, Alice's bid on the Slots ends the bidding."""
    emu, channel = table.emu, table.channel
    alice, bob, carol = players
    await emu.slash(alice, channel, "vs bid", tile="P2", amount=18)
    await emu.slash(bob, channel, "vs bid", tile="P2", amount=21)
    await emu.slash(carol, channel, "vs bid", tile="lounge", amount=9)
    if close:
        await emu.slash(alice, channel, "vs bid", tile="slots", amount=5)


def chooser(text: str, players: list[User]) -> User | None:
    """The player a message asks for an action choice, if any."""
    found = YOUR_ACTION.search(text)
    if found is None:
        return None
    return next(user for user in players if user.id == int(found.group(1)))


def open_prompts(messages: list[Message]) -> list[Message]:
    """Prompts that still carry their menus or buttons."""
    return [m for m in messages if any(c.startswith("vs:") for c in m.custom_ids)]


async def prompt_for(emu: DiscordEmulator, table: Table, user: User) -> Message:
    """The open prompt mentioning `user` in the table's channel.

    Prompts are posted just after the move's answer, so one may come after the emulator
    judged the bot quiet on a busy machine: wait for it.
    """
    found: list[Message] = []

    def posted() -> bool:
        mine = open_prompts(emu.history(table.channel))
        found[:] = [m for m in mine if f"<@{user.id}>" in m.content]
        return len(found) == 1

    await emu.wait_until(posted, 10.0, f"a prompt for {user.name}")
    return found[0]


async def closed(emu: DiscordEmulator, prompt: Message) -> None:
    """Wait until a prompt loses its menus and buttons (its decision was played)."""
    await emu.wait_until(lambda: prompt.custom_ids == [], 10.0, "the prompt to close")


def spot_menus(prompt: Message) -> list[str]:
    """The custom ids of a prompt's numbered-place menus."""
    return [c for c in prompt.custom_ids if c.startswith("vs:spot:")]


def option_values(message: Message, custom_id: str) -> list[str]:
    """The values a select menu offers."""
    menu = message.component(custom_id)
    assert menu is not None
    return [option["value"] for option in menu["options"]]


async def followup(emu: DiscordEmulator, reply: Reply) -> Message:
    """The first follow-up of a click's answer (the bot sends it after acknowledging the
    click, so it may come after the emulator judged the bot quiet on a busy machine)."""
    await emu.wait_until(lambda: bool(reply.followups), 10.0, "the click's follow-up")
    return reply.followups[0]


async def refused(table: Table, vegas: VegasHost, doing: Awaitable[Reply]) -> str:
    """What the bot answered `doing` (a command or a click), privately, changing nothing.

    The game's version stays the same, and so does the channel: no message posted,
    none changed (a prompt keeps its words and menus).
    """
    emu = table.emu

    def channel() -> list[tuple[int, str, list[str]]]:
        return [(m.id, m.content, m.custom_ids) for m in emu.history(table.channel)]

    before, seen = (await the_game(vegas, table)).version, channel()
    reply = await doing
    # A click acknowledged as an update (type 6) is answered by a follow-up.
    answer = await followup(emu, reply) if reply.response_type == 6 else reply.message
    assert answer is not None and answer.ephemeral, reply.content
    await emu.settle()
    assert (await the_game(vegas, table)).version == before and channel() == seen
    return answer.content


async def place_from_menu(
    emu: DiscordEmulator, prompt: Message, user: User, value: str | None = None
) -> tuple[str, Reply]:
    """Choose a place from the prompt's first menu (or `value`, from its menu), then confirm it.

    Returns what the private confirmation said before it was confirmed, and the click
    (its message, the confirmation, then says what was placed and who is still placing).
    """
    menus = spot_menus(prompt)
    menu = next((m for m in menus if value in option_values(prompt, m)), menus[0])
    chosen = value or option_values(prompt, menu)[0]
    shown = await emu.select(user, prompt, menu, [chosen])
    assert shown.ephemeral and shown.message is not None
    said = shown.content
    confirm = next(c for c in shown.custom_ids if c.startswith("vs:confirm:"))
    placed = await emu.click(user, shown.message, confirm)
    await emu.wait_until(lambda: shown.custom_ids == [], 10.0, "the confirmation to be answered")
    return said, placed


async def the_game(vegas: VegasHost, table: Table) -> Game:
    """The channel's game as stored now."""
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id) or await vegas.store.last_game(
        table.channel.id
    )
    assert game is not None
    return game


def typed(action: Action) -> tuple[str, dict[str, object]]:
    """The slash command (and options) a player types for an engine action."""
    if isinstance(action, Bid):
        return "vs bid", {"tile": action.target, "amount": action.amount}
    if isinstance(action, Place):
        where = f"{cell_name((action.x, action.y))} {action.rot * 90}"
        return "vs place", {"tile": action.tile, "where": where}
    if isinstance(action, ChooseStack):
        return "vs stack", {"size": action.size}
    return f"vs {action.kind}", {}


@dataclass
class WholeGame:
    """A game played to its end: the last state, the last answer, what was seen on the way."""

    state: GameState
    last: Reply
    pulled: int = 0  # Pull Strings choices made with the prompt's buttons
    chosen: int = 0  # placements chosen from a prompt's menu and confirmed
    # The state each round's post showed (the first state of each round), by round.
    at_round: dict[int, GameState] = field(default_factory=dict)


async def play_whole_game(
    table: Table,
    vegas: VegasHost,
    players: list[User],
    seed: int,
    until_round: int = 0,
    settings: dict[str, object] | None = None,
) -> WholeGame:
    """Open a game of `players` and play it to its end by slash commands and buttons.

    With `until_round`, stop as that round begins (its post made, nobody has chosen yet);
    with `settings`, the host sets them before the start (see `open_showdown`).

    The moves are the engine's greedy player's (read from the saved game), typed as a
    player would type them; Pull Strings is answered with the prompt's buttons, and round
    1's placements with the prompts' menus (then Confirm) when the place is in one.

    The bot answers a move in a few milliseconds; the emulator's wait for it to fall quiet
    after each answer (`settle_time`, 50 ms) would take most of the time, so it is 5 ms
    here: each move is read back from the store, and what comes after an answer (a
    prompt, its closing) is waited for.
    """
    emu, channel = table.emu, table.channel
    by_color = dict(zip(("red", "blue", "green", "yellow", "purple"), players, strict=False))
    last = await open_showdown(table, vegas, players, seed, settings)
    greedy = GreedyPlayer()
    pulled = chosen = 0
    at_round: dict[int, GameState] = {}
    settle, emu.settle_time = emu.settle_time, 0.005
    moves = 0
    try:
        for _ in range(2000):
            game = await the_game(vegas, table)
            assert game.moves == moves, f"not played: {last.content}"  # each move, once
            state = game.state()
            moves += 1
            at_round.setdefault(state.round, state)
            if state.over or (until_round and state.round >= until_round):
                return WholeGame(state, last, pulled, chosen, at_round)
            color, action = greedy.next_move(state)
            if isinstance(action, ChooseStack):  # Pull Strings: the prompt's buttons
                prompt = await prompt_for(emu, table, by_color[color])
                size = next(c for c in prompt.custom_ids if c.endswith(f":{action.size}"))
                last = await emu.click(by_color[color], prompt, size)
                # The click is acknowledged before the move is played: wait for its end.
                await closed(emu, prompt)
                pulled += 1
                continue
            if isinstance(action, Place) and state.round == 1:  # round 1: the prompt's menus
                prompt = await prompt_for(emu, table, by_color[color])
                value = spot_value(Placement(action.tile, action.x, action.y, action.rot))
                if any(value in option_values(prompt, menu) for menu in spot_menus(prompt)):
                    _, last = await place_from_menu(emu, prompt, by_color[color], value)
                    chosen += 1
                    continue
            command, options = typed(action)
            last = await emu.slash(by_color[color], channel, command, **options)
    finally:
        emu.settle_time = settle
    raise AssertionError("the game did not end")


def round_posts(emu: DiscordEmulator, table: Table) -> list[Message]:
    """The channel's posts with the round picture: the start, one per round, the end."""
    return [m for m in emu.history(table.channel) if m.attachments and m.embeds]


def assert_round_pictures(
    post: Message, state: GameState, names: dict[str, str], *, final: bool = False
) -> None:
    """`post` carries the round at a phone's width: the tracks in its embed, then the
    standing and each sheet.

    They are the pictures of `state`, sheets in seat order; the final post also carries
    the whole round picture (with the final scoring table).
    """
    assert post.embeds[0]["image"]["url"].endswith("/tracks.png")  # the tracks in the embed
    assert "/vs board" in post.embeds[0]["footer"]["text"]  # the whole round, for a laptop
    expected = [
        ("tracks.png", render_tracks(state, names=names)),
        ("players.png", render_standing(state, names=names)),
    ]
    for number, color in enumerate(state.colors, 1):
        expected.append((f"sheet-{number}-{color}.png", render_sheet(state, color, names=names)))
    if final:
        expected.append(("round.png", render_round(state, names=names)))
    pictures = [(a.filename, a.data) for a in post.attachments if a.filename != ANIMATION_FILE]
    assert pictures == expected
    # The final post ends with the game's animated recap (tests/bot/test_replay.py checks it).
    assert [a.filename for a in post.attachments].count(ANIMATION_FILE) == (1 if final else 0)
