"""The subcommands every game's group shares, built by the core: lobby, settings, record.

`join`, `leave`, `addbot` (for a game with computer players), `kick`, `start`,
`settings`, `log`, `export` and `abandon` read and work alike in every game: a game's
group gets them with `add_shared_commands`, in its own words (`TableWords`: its
colours, its computer levels, its descriptions) and in the order its menu gives, next
to the commands it declares itself (`new`, its moves, `board`, `rules`...). Each is an
`app_commands.Command` handing the work to the game's `TableCommands`; the group's
`on_error` answers their refusals as it does its own commands'. A game's group derives
from `GameGroup`, which sets all that up.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import Choice, Command

from bot.game import HostedGame
from bot.host import Host
from bot.table_commands import LOG_DEFAULT, TURN_TIMERS, WAITS, TableCommands

Interaction = discord.Interaction[Any]
AnyCommand = Command[Any, ..., Any]
# The `settings` options, in the order Discord shows them, and the `TableOptions`
# field each one changes (`on_timeout` comes with the turn timer).
SETTINGS: Final = {
    "turn_timer": "turn_minutes",
    "on_timeout": "on_timeout",
    "offers": "offer_hours",
    "decisions": "decision_hours",
    "images": "images",
}


@dataclass(frozen=True)
class TableWords:
    """How a game's shared subcommands read: descriptions and choices in its words.

    The descriptions' defaults fit any game; choices left as None are made from the
    hosted game (its colours, computer levels, image and timeout words).
    """

    start: str = "Host: deal and start the game"
    settings: str = "The table's settings: turn timer, time limits, images"
    turn_timer: str = "Host: how long each turn may take (at half time the player is reminded)"
    on_timeout: str = "Host: what happens when a turn runs out of time"
    offers: str = "Host: how long a trade offer stays open"
    decisions: str = "Host: how long a decision waits before its default applies"
    images: str = "Host: when to post the board image"
    colors: Sequence[Choice[str]] | None = None
    levels: Sequence[Choice[str]] | None = None
    timeout_choices: Sequence[Choice[str]] | None = None
    image_choices: Sequence[Choice[str]] | None = None


class GameGroup(app_commands.Group):
    """A game's slash command group: its table, the shared subcommands, refusals answered.

    The game's subclass declares its own commands; `menu` lists all of them with the
    shared ones, in the order users see them (see `add_shared_commands`).
    """

    def __init__(
        self,
        host: Host,
        hosted: HostedGame,
        *,
        name: str,
        description: str,
        menu: Sequence[str],
        words: TableWords,
    ) -> None:
        super().__init__(name=name, description=description, guild_only=True)
        self.host = host
        self.table = TableCommands(host, hosted)
        self.tables = self.table.tables
        add_shared_commands(self, self.table, menu, words)

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """Answer refusals privately; log anything unexpected and apologise."""
        await self.table.report(interaction, error)


def add_shared_commands(
    group: app_commands.Group,
    table: TableCommands,
    menu: Sequence[str],
    words: TableWords | None = None,
) -> None:
    """Give `group` the shared subcommands, its own and these in the order of `menu`.

    `menu` names every subcommand of the group once, as users see them listed (Discord
    allows 25); a name left out or unknown is a mistake, refused at once.
    """
    shared = shared_commands(table, words or TableWords())
    own = {command.name: command for command in group.commands}
    names = own.keys() | shared.keys()
    if len(set(menu)) != len(menu) or set(menu) != names:
        missing = ", ".join(sorted(names - set(menu))) or "none"
        unknown = ", ".join(sorted(set(menu) - names)) or "none"
        raise ValueError(
            f"/{group.name}'s menu must name each subcommand once (missing: {missing}; "
            f"unknown: {unknown})"
        )
    for name in own:
        group.remove_command(name)
    for name in menu:
        group.add_command(own[name] if name in own else shared[name])


def shared_commands(table: TableCommands, words: TableWords) -> dict[str, AnyCommand]:
    """The shared subcommands of `table`'s game, by name (`addbot` only with computers)."""
    hosted = table.hosted
    colors = _choices(words.colors, dict.fromkeys(_all_colors(table)))
    built = [_join(table, colors), _leave(table)]
    if hosted.levels:
        built.append(_addbot(table, _choices(words.levels, dict.fromkeys(hosted.levels)), colors))
    built += [_kick(table, colors), _start(table, words.start), _settings(table, words)]
    built += [_log(table), _export(table), _abandon(table)]
    return {command.name: command for command in built}


def _choices(
    given: Sequence[Choice[str]] | None, words: Mapping[str, str | None]
) -> list[Choice[str]]:
    """The choices given, or one per value of `words` (named by its words, or itself)."""
    if given is not None:
        return list(given)
    return [Choice(name=name or value, value=value) for value, name in words.items()]


def _all_colors(table: TableCommands) -> list[str]:
    """Every seat colour of every edition of the game, in the order first handed out."""
    editions = table.hosted.editions
    return list(dict.fromkeys(c for edition in editions for c in table.hosted.colors(edition)))


def _join(table: TableCommands, colors: list[Choice[str]]) -> AnyCommand:
    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(color="Your colour (default: the first free one)")
    @app_commands.choices(color=colors)
    async def join(interaction: Interaction, color: Choice[str] | None = None) -> None:
        """Sit down at the lobby."""
        await table.join(interaction, color.value if color else None)

    return join


def _leave(table: TableCommands) -> AnyCommand:
    @app_commands.command(
        name="leave", description="Give up your seat (in a game under way: resign)"
    )
    async def leave(interaction: Interaction) -> None:
        """Leave the lobby, or resign from a game under way."""
        await table.leave(interaction)

    return leave


def _addbot(
    table: TableCommands, levels: list[Choice[str]], colors: list[Choice[str]]
) -> AnyCommand:
    @app_commands.command(name="addbot", description="Host: seat a computer player")
    @app_commands.describe(
        level=f"How well it plays (default: {table.hosted.default_level})",
        color="Its colour; in a game under way, the resigned seat it takes over",
    )
    @app_commands.choices(level=levels, color=colors)
    async def addbot(
        interaction: Interaction,
        level: Choice[str] | None = None,
        color: Choice[str] | None = None,
    ) -> None:
        """Add a computer player to the lobby, or let one take over a resigned seat."""
        await table.addbot(
            interaction, level.value if level else None, color.value if color else None
        )

    return addbot


def _kick(table: TableCommands, colors: list[Choice[str]]) -> AnyCommand:
    @app_commands.command(name="kick", description="Host: remove a person or a computer player")
    @app_commands.describe(
        player="The person to remove from the lobby",
        color="Or the colour of the computer player to remove",
    )
    @app_commands.choices(color=colors)
    async def kick(
        interaction: Interaction,
        player: discord.User | None = None,
        color: Choice[str] | None = None,
    ) -> None:
        """Remove a seated person or computer player (host only, lobby only)."""
        await table.kick(interaction, player, color.value if color else None)

    return kick


def _start(table: TableCommands, description: str) -> AnyCommand:
    @app_commands.command(name="start", description=description)
    async def start(interaction: Interaction) -> None:
        """Deal, set up the board and post the first news."""
        await table.start(interaction)

    return start


def _settings(table: TableCommands, words: TableWords) -> AnyCommand:
    """`settings`, with an option for each table option the game offers."""
    hosted = table.hosted
    offered = [
        name
        for name in SETTINGS
        if name in hosted.options or (name == "on_timeout" and "turn_timer" in hosted.options)
    ]

    async def settings(interaction: Interaction, /, **chosen: Choice[Any] | None) -> None:
        """Show the settings in force; the host changes any of them, in the lobby or in play."""
        values = {name: choice.value for name, choice in chosen.items() if choice is not None}
        changes: dict[str, Any] = {SETTINGS[name]: values.get(name) for name in chosen}
        for name, field in (("offers", "offer_hours"), ("decisions", "decision_hours")):
            if name in values:
                changes[field] = float(values[name])
        await table.settings(interaction, **changes)

    # discord.py reads a command's options from its callback's signature (which
    # `inspect.signature` takes from `__signature__`): one option per table option offered.
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [inspect.Parameter("interaction", kind, annotation=Interaction)]
    parameters += [
        inspect.Parameter(
            name,
            kind,
            default=None,
            annotation=Choice[int] | None if name == "turn_timer" else Choice[str] | None,
        )
        for name in offered
    ]
    settings.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    all_choices: dict[str, list[Choice[Any]]] = {
        "turn_timer": TURN_TIMERS,
        "on_timeout": _choices(words.timeout_choices, hosted.timeout_words),
        "offers": WAITS,
        "decisions": WAITS,
        "images": _choices(words.image_choices, hosted.image_words),
    }
    command: AnyCommand = Command(name="settings", description=words.settings, callback=settings)
    command = app_commands.describe(**{name: getattr(words, name) for name in offered})(command)
    return app_commands.choices(**{name: all_choices[name] for name in offered})(command)


def _log(table: TableCommands) -> AnyCommand:
    @app_commands.command(name="log", description="What happened recently, in plain words")
    @app_commands.describe(count=f"How many lines (default {LOG_DEFAULT})")
    async def log(
        interaction: Interaction, count: app_commands.Range[int, 1, 100] = LOG_DEFAULT
    ) -> None:
        """Replay the game's record and tell its last events."""
        await table.log(interaction, count)

    return log


def _export(table: TableCommands) -> AnyCommand:
    @app_commands.command(name="export", description="Download the game's record (JSON)")
    async def export(interaction: Interaction) -> None:
        """Send the game's record: the public one while it runs, the full one once it ended."""
        await table.export(interaction)

    return export


def _abandon(table: TableCommands) -> AnyCommand:
    @app_commands.command(name="abandon", description="Host or moderator: end this game now")
    async def abandon(interaction: Interaction) -> None:
        """Ask for confirmation before ending the game without a result."""
        await table.abandon(interaction)

    return abandon
