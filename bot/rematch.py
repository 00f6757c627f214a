"""The Rematch button on a game's final post: the next game in one click.

A `DynamicItem` like every persistent button (its custom id names the finished game), so
it works after a restart. The first click opens a lobby in the channel with the same
game, edition, settings and computer seats, hosted by the old game's host; each player of
the old game who clicks sits in their colour (`Tables.rematch`). The host starts it as
any game.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot import posts, replies
from bot.game import Refusal
from bot.posts import Post, chat_names
from bot.store import Game
from bot.tables import Tables

Interaction = discord.Interaction[Any]


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"vegas:rematch:(?P<game>\d+)",
):
    """Open the finished game's rematch, or sit down in it."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                emoji="🔁",
                style=discord.ButtonStyle.primary,
                custom_id=f"vegas:rematch:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        """Seat the player in the rematch (opening it first), and tell the channel."""
        try:
            tables = tables_of(interaction)
            if interaction.channel_id is None:
                raise Refusal("That button belongs to a game in another channel.")
            lobby, color, opened = await tables.rematch(
                self.game_id,
                interaction.channel_id,
                interaction.user.id,
                interaction.user.display_name,
            )
        except Refusal as refusal:
            await replies.send(interaction, Post(str(refusal)), ephemeral=True)
            return
        hosted = tables.games.of(lobby)
        name = chat_names(lobby)[color]
        if opened:
            text = (
                f"{name} asks for a rematch: a new game of {hosted.title} is open here with "
                f"the same settings. Players of the last game, click **Rematch** to sit in "
                f"your colour (or `/{hosted.command} join`); the host starts it with "
                f"`/{hosted.command} start`."
            )
        else:
            text = f"{name} joins the rematch."
        levels = hosted.level_name if hosted.levels else None
        lines = posts.lobby_lines(lobby, len(hosted.colors(lobby.edition)), levels)
        await replies.send(interaction, Post(f"{text}\n{lines}"))


def tables_of(interaction: Interaction) -> Tables:
    """The running bot's tables (`bot.buttons.tables_of`, which needs the host: not here)."""
    tables = getattr(interaction.client, "tables", None)
    if not isinstance(tables, Tables):
        raise Refusal("Vegas Host is starting; please try again in a moment.")
    return tables


def rematch_view(game: Game) -> discord.ui.View:
    """The final post's button."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game.id))
    return view
