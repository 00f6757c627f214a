"""Buttons and menus that survive restarts: their custom ids carry what they are about.

Every one is a `DynamicItem` registered at start-up (the core's here, each game's from
its package), so a click works whenever it comes. A custom id names the game and the
game's version when the message was made; a click on something that has moved on is
refused politely and changes nothing. The core's own: confirming that a game is
abandoned, for any game; and for every game's buttons, finding the game a click is about
(`clicked_game`) and playing the clicker's move in it (`play_click`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import replies
from bot.game import Games, Played, Refusal
from bot.host import Host
from bot.posts import Post, chat_names
from bot.store import Game
from bot.tables import Tables

Interaction = discord.Interaction[Any]
ABANDON_REFUSAL = "Only the host or someone who can manage this channel may abandon it."


def tables_of(interaction: Interaction) -> Tables:
    """The running bot's tables (every interaction comes through `bot.app.VegasHost`)."""
    tables = getattr(interaction.client, "tables", None)
    if not isinstance(tables, Tables):
        raise Refusal("Vegas Host is starting; please try again in a moment.")
    return tables


class AbandonButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    # "lov:" for every game: the first game's prefix, kept so no button ever sent breaks.
    template=r"lov:abandon:(?P<game>\d+):(?P<version>\d+):(?P<choice>yes|no)",
):
    """Confirm or cancel abandoning a game."""

    def __init__(self, game_id: int, version: int, choice: str) -> None:
        confirm = choice == "yes"
        super().__init__(
            discord.ui.Button(
                label="Abandon the game" if confirm else "Keep playing",
                style=discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary,
                custom_id=f"lov:abandon:{game_id}:{version}:{choice}",
            )
        )
        self.game_id, self.version, self.choice = game_id, version, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AbandonButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]), int(match["version"]), match["choice"])

    async def callback(self, interaction: Interaction) -> None:
        """Abandon (if still allowed and still the same game) or leave it be."""
        if self.choice == "no":
            await interaction.response.edit_message(content="The game goes on.", view=None)
            return
        try:
            tables = tables_of(interaction)
            game = await tables.store.game(self.game_id)
            if not may_abandon(interaction, game):
                raise Refusal(ABANDON_REFUSAL)
            if interaction.channel_id != game.channel_id:
                raise Refusal("That button belongs to a game in another channel.")
            game = await tables.abandon(game.channel_id, self.game_id, self.version)
        except Refusal as refusal:
            await interaction.response.edit_message(content=str(refusal), view=None)
            return
        await interaction.response.edit_message(content="Done: the game is abandoned.", view=None)
        host = getattr(interaction.client, "host", None)
        if isinstance(host, Host):  # its prompts lose their buttons
            await host.prompts.reconcile(game)
        names = ", ".join(chat_names(game).values())
        text = f"{interaction.user.mention} abandoned the game ({names}). "
        await replies.send(
            interaction, Post(text + f"Start a new one with {_new(tables.games, game)}.")
        )


async def clicked_game(
    host: Host, interaction: Interaction, game_id: int, controls: str = "buttons"
) -> Game:
    """The game a button or menu is about, while it is played in the clicker's channel.

    Refused once that game has ended; `controls` names what was clicked (`menus`).
    """
    game = await host.tables.store.game(game_id)
    if game.status != "active" or game.channel_id != interaction.channel_id:
        raise Refusal(f"That game is over; these {controls} do nothing any more.")
    return game


async def play_click(host: Host, interaction: Interaction, game: Game, action: Any) -> Played:
    """Play the clicker's `action` in `game`, as their slash command would."""
    tables = host.tables.of(host.games.of(game))
    return await tables.play(game.channel_id, interaction.user.id, action)


def _new(games: Games, game: Game) -> str:
    hosted = games.get(game.kind)
    return f"`/{hosted.command} new`" if hosted is not None else "a new game's command"


def may_abandon(interaction: Interaction, game: Game) -> bool:
    """The host, or anyone allowed to manage the channel."""
    return interaction.user.id == game.host_user_id or interaction.permissions.manage_channels


def abandon_prompt(game: Game) -> tuple[str, discord.ui.View]:
    """The private confirmation message shown before abandoning."""
    view = discord.ui.View(timeout=None)
    view.add_item(AbandonButton(game.id, game.version, "yes"))
    view.add_item(AbandonButton(game.id, game.version, "no"))
    what = "the lobby" if game.status == "lobby" else f"game {game.id}"
    return f"Abandon {what} in this channel? Nobody wins and it cannot be undone.", view
