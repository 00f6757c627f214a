"""The one place that answers interactions: posts, refusals and unexpected errors.

Every answer works whether or not the interaction was already acknowledged (it then
goes out as a follow-up), and an interaction that expired or vanished is logged, never
raised: the player's action was already saved or refused by then.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.posts import Post

log = logging.getLogger(__name__)


def sorry(command: str | None = None) -> str:
    """The apology for an unexpected error; `command` is the game's command group, if known."""
    where = f"`/{command} status`" if command else "the game's `status` command"
    return (
        "Something went wrong on our side while answering. The game is saved after every "
        f"accepted action: check {where} to see where it stands."
    )


async def send(
    interaction: discord.Interaction[Any], post: Post, *, ephemeral: bool = False
) -> None:
    """Answer with `post` (as the response, or as a follow-up if already acknowledged)."""
    missing: Any = discord.utils.MISSING
    embed = post.embed or missing
    files = post.files() or missing
    try:
        if interaction.response.is_done():
            await interaction.followup.send(
                post.text() or missing,
                embed=embed,
                files=files,
                ephemeral=ephemeral,
                allowed_mentions=post.allowed_mentions(),
            )
        else:
            await interaction.response.send_message(
                post.text(),
                embed=embed,
                files=files,
                ephemeral=ephemeral,
                allowed_mentions=post.allowed_mentions(),
            )
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s: %s", interaction.id, error)


async def refuse(interaction: discord.Interaction[Any], message: str) -> None:
    """Tell only this player why nothing happened."""
    await send(interaction, Post(content=message), ephemeral=True)


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = False) -> None:
    """Acknowledge now (the player sees "thinking...") before slow work such as rendering."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    except discord.HTTPException as error:
        log.warning("could not defer interaction %s: %s", interaction.id, error)


async def defer_update(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a button or menu at once; the message is updated afterwards."""
    if interaction.response.is_done():
        return
    try:
        await interaction.response.defer()
    except discord.HTTPException as error:
        log.warning("could not acknowledge interaction %s: %s", interaction.id, error)


async def apologise(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Log an unexpected error and tell the player, without details they cannot use."""
    log.error("error while handling interaction %s", interaction.id, exc_info=error)
    command = interaction.command
    group = command.root_parent if isinstance(command, app_commands.Command) else None
    await refuse(interaction, sorry(group.name if group is not None else None))
