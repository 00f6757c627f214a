"""Every game's group gets the core's shared subcommands: lobby, settings, record, abandon.

Lords of Vegas, Vegas Showdown and the game written in test_a_third_game.py are hosted
together; each group's shared subcommands are the core's (bot/shared_commands.py), with
the game's colours, computer levels and table options. A game's menu must name every
subcommand: one left out or unknown is refused when the group is made.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord import AppCommandOptionType as Type
from discord import app_commands

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.game import Games, HostedGame
from bot.games import lords_of_vegas, vegas_showdown
from bot.options import TableOptions
from bot.shared_commands import add_shared_commands
from bot.table_commands import TableCommands
from tests.bot.conftest import Table
from tests.bot.test_a_third_game import GUESS
from tests.discord_emulator.fixtures import RunBot

GAMES = Games([lords_of_vegas.GAME, vegas_showdown.GAME, GUESS])
# Each game's `settings` options: those of the table options it offers.
SETTINGS = {
    "lov": ["turn_timer", "on_timeout", "offers", "decisions", "images"],
    "vs": ["turn_timer", "on_timeout", "decisions", "images"],
    "guess": ["turn_timer", "on_timeout", "decisions"],
}


def options(command: Any) -> list[tuple[str, Type, bool, list[Any]]]:
    """A command's options: name, type, whether required, and the values it offers."""
    assert isinstance(command, app_commands.Command)
    return [(p.name, p.type, p.required, [c.value for c in p.choices]) for p in command.parameters]


def every_color(hosted: HostedGame) -> set[str]:
    return {color for edition in hosted.editions for color in hosted.colors(edition)}


async def test_every_game_gets_the_core_lobby_commands(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    vegas = bot.client
    assert isinstance(vegas, VegasHost)
    for hosted in GAMES.values():
        group = vegas.tree.get_command(hosted.command)
        assert isinstance(group, app_commands.Group)
        commands = {command.name: command for command in group.commands}
        shared = {
            name for name, command in commands.items() if command.module == "bot.shared_commands"
        }
        with_computers = {"addbot"} if hosted.levels else set()
        assert (
            shared
            == {"join", "leave", "kick", "start", "settings", "log", "export", "abandon"}
            | with_computers
        )

        [(name, kind, required, colors)] = options(commands["join"])
        assert (name, kind, required) == ("color", Type.string, False)
        assert set(colors) == every_color(hosted)
        assert [o[:3] for o in options(commands["kick"])] == [
            ("player", Type.user, False),
            ("color", Type.string, False),
        ]
        assert options(commands["kick"])[1][3] == colors
        if hosted.levels:
            level, color = options(commands["addbot"])
            assert level == ("level", Type.string, False, list(hosted.levels))
            assert color == ("color", Type.string, False, colors)
        assert [o[0] for o in options(commands["settings"])] == SETTINGS[hosted.command]
        assert options(commands["log"]) == [("count", Type.integer, False, [])]
        for name in ("leave", "start", "export", "abandon"):
            assert options(commands[name]) == []

    # The third game's own settings command works through Discord like the others'.
    emu, channel = table.emu, table.channel
    await emu.slash(table.alice, channel, "guess new")
    changed = await emu.slash(table.alice, channel, "guess settings", turn_timer=30, decisions="6")
    assert not changed.ephemeral and "changed the table's settings" in changed.content
    assert vegas.store is not None
    game = await vegas.store.open_game(channel.id)
    assert game is not None
    kept = TableOptions.of(game.options)
    assert (kept.turn_minutes, kept.decision_hours) == (30, 6.0)
    shown = await emu.slash(table.bob, channel, "guess settings")
    assert shown.ephemeral and shown.embeds


async def test_a_menu_must_name_every_subcommand_once(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    vegas = bot.client
    assert isinstance(vegas, VegasHost) and vegas.host is not None
    table_commands = TableCommands(vegas.host, GUESS)
    lobby = ("join", "leave", "kick", "start", "settings", "log", "export")
    group = app_commands.Group(name="guess", description="Guess the Number")
    with pytest.raises(ValueError, match=r"missing: abandon; unknown: none"):
        add_shared_commands(group, table_commands, lobby)
    with pytest.raises(ValueError, match=r"missing: none; unknown: addbot"):
        add_shared_commands(group, table_commands, (*lobby, "abandon", "addbot"))
    with pytest.raises(ValueError, match=r"each subcommand once"):
        add_shared_commands(group, table_commands, (*lobby, "abandon", "join"))
    assert group.commands == []  # refused: nothing added
    add_shared_commands(group, table_commands, ("abandon", *lobby))
    assert [command.name for command in group.commands] == ["abandon", *lobby]


def test_stored_options_read_alike_cached_or_not() -> None:
    stored = {"images": "action", "turn_minutes": 5, "on_timeout": "ai", "offer_hours": 2}
    first = TableOptions.of(stored)
    assert first == TableOptions.read(stored) == TableOptions.of(dict(stored))
    assert (first.images, first.turn_minutes, first.on_timeout) == ("action", 5, "ai")
    # Another game's options are its own; a value no cache key can hold is still read.
    assert TableOptions.of({**stored, "turn_minutes": 7}).turn_minutes == 7
    assert TableOptions.of({"images": "turn", "extra": ["x"]}) == TableOptions()
