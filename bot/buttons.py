"""Buttons that survive restarts: their custom ids carry the game and its version.

They are `DynamicItem`s registered at start-up, so a click works whenever it comes; a
click on a game that has moved on since the button was made is refused politely.
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord

from bot import replies
from bot.posts import Post, chat_names
from bot.store import Game
from bot.tables import Refusal, Tables

Interaction = discord.Interaction[Any]


class AbandonButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
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
        tables = cast(Tables, interaction.client.tables)
        try:
            game = await tables.store.game(self.game_id)
            if (
                interaction.user.id != game.host_user_id
                and not interaction.permissions.manage_channels
            ):
                raise Refusal(
                    "Only the host or someone who can manage this channel may abandon it."
                )
            if interaction.channel_id != game.channel_id:
                raise Refusal("That button belongs to a game in another channel.")
            game = await tables.abandon(game.channel_id, self.game_id, self.version)
        except Refusal as refusal:
            await interaction.response.edit_message(content=str(refusal), view=None)
            return
        await interaction.response.edit_message(content="Done: the game is abandoned.", view=None)
        names = ", ".join(chat_names(game).values())
        text = f"{interaction.user.mention} abandoned the game ({names}). "
        await replies.send(interaction, Post(text + "Start a new one with `/lov new`."))


ABANDON_REFUSAL = "Only the host or someone who can manage this channel may abandon it."


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
