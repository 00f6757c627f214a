"""Playing Vegas Showdown through the emulator, reading the bot's messages as a player would.

Who must act is read from the messages: the action post mentions the player whose
choice it is ("your action"); a placement or Pull Strings prompt (a message with `vs:`
menus and buttons) mentions the player it waits for.
"""

from __future__ import annotations

import re
from typing import Final

from bot.app import VegasHost
from bot.store import Game
from engine.vegas_showdown import Action
from engine.vegas_showdown.actions import Bid, ChooseStack, Place
from engine.vegas_showdown.sheet import cell_name
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


async def place_from_menu(
    emu: DiscordEmulator, prompt: Message, user: User, value: str | None = None
) -> tuple[str, Reply]:
    """Choose a place from the prompt's first menu (or `value`), then confirm it.

    Returns what the private confirmation said before it was confirmed, and the click.
    """
    menu = spot_menus(prompt)[0]
    chosen = value or option_values(prompt, menu)[0]
    shown = await emu.select(user, prompt, menu, [chosen])
    assert shown.ephemeral and shown.message is not None
    said = shown.content
    confirm = next(c for c in shown.custom_ids if c.startswith("vs:confirm:"))
    placed = await emu.click(user, shown.message, confirm)
    await emu.wait_until(
        lambda: shown.content.startswith("Placed:") and bool(placed.followups),
        10.0,
        "the confirmation to be answered",
    )
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
