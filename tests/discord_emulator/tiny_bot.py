"""A tiny discord.py bot that exercises every emulator feature; the emulator's tests drive it.

It is an ordinary bot: it reads `DISCORD_TOKEN`, `DISCORD_API_BASE`,
`DISCORD_GATEWAY_URL` and `DATABASE_PATH` from the environment and calls
`bot.endpoints.use_discord_endpoints`, exactly as the real bot will. Run it from the
repository root with `python -m tests.discord_emulator.tiny_bot`.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import re
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from PIL import Image

from bot.endpoints import use_discord_endpoints

LOTS = [f"{row}{column}" for row in "ABCDEF" for column in range(1, 10)]
COMPANIES = ["albion", "sphinx", "vega", "tivoli"]


def board_png(width: int = 320, height: int = 200) -> bytes:
    """A small PNG standing in for the rendered board."""
    image = Image.new("RGB", (width, height), (20, 90, 40))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


class CounterButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"counter:(?P<count>\d+)"
):
    """A persistent button that carries its count in its custom id, so restarts keep it."""

    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {count}",
                style=discord.ButtonStyle.primary,
                custom_id=f"counter:{count}",
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CounterButton:
        """Rebuild the button from a clicked custom id."""
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Count the click by updating the message in place."""
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.count + 1))
        await interaction.response.edit_message(
            content=f"Clicked {self.count + 1} times", view=view
        )


class RevealView(discord.ui.View):
    """An ordinary (not persistent) view on an ephemeral message."""

    @discord.ui.button(label="Reveal", custom_id="reveal")
    async def reveal(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[RevealView]
    ) -> None:
        """Show the secret."""
        await interaction.response.edit_message(content="The secret is 7.", view=None)


class ColourView(discord.ui.View):
    """A string select menu."""

    @discord.ui.select(
        custom_id="colour",
        placeholder="Pick colours",
        min_values=1,
        max_values=2,
        options=[
            discord.SelectOption(label=name.title(), value=name)
            for name in ("red", "blue", "green")
        ],
    )
    async def colour(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[ColourView]
    ) -> None:
        """Say what was picked."""
        await interaction.response.send_message(
            f"{interaction.user.name} picked {', '.join(select.values)}."
        )


class DiceView(discord.ui.View):
    """A button that defers (no visible change), then edits its message with a picture."""

    @discord.ui.button(label="Roll", custom_id="roll")
    async def roll(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[DiceView]
    ) -> None:
        """Acknowledge first, then edit the original message."""
        await interaction.response.defer()
        await interaction.edit_original_response(
            content="Rolled 5 and 3.",
            attachments=[discord.File(io.BytesIO(board_png(40, 20)), "dice.png")],
            view=None,
        )


class PartnerView(discord.ui.View):
    """A user select menu."""

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="partner", placeholder="Pick a partner")
    async def partner(
        self,
        interaction: discord.Interaction[Any],
        select: discord.ui.UserSelect[PartnerView],
    ) -> None:
        """Say who was chosen."""
        chosen = select.values[0]
        await interaction.response.send_message(
            f"{interaction.user.name} trades with {chosen.name}."
        )


class NoteModal(discord.ui.Modal, title="Leave a note"):
    """A modal with one text input."""

    text: discord.ui.TextInput[NoteModal] = discord.ui.TextInput(
        label="Note", custom_id="note-text"
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Echo the note."""
        await interaction.response.send_message(f"Noted: {self.text.value}")


lov = app_commands.Group(name="lov", description="Lords of Vegas")


@lov.command(name="build", description="Build a casino tile on a lot")
@app_commands.describe(lot="A lot such as C7", company="The casino company")
@app_commands.choices(
    company=[app_commands.Choice(name=name.title(), value=name) for name in COMPANIES]
)
async def build(
    interaction: discord.Interaction[Any], lot: str, company: app_commands.Choice[str]
) -> None:
    """Answer with what was built."""
    await interaction.response.send_message(
        f"{interaction.user.name} builds a {company.value} casino on {lot}."
    )


@build.autocomplete("lot")
async def lot_choices(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """Lots starting with what was typed, at most 25 as Discord requires."""
    lots = [lot for lot in LOTS if lot.startswith(typed.upper())]
    return [app_commands.Choice(name=lot, value=lot) for lot in lots[:25]]


@lov.command(name="peek", description="Look at a lot (its autocomplete offers too many choices)")
async def peek(interaction: discord.Interaction[Any], lot: str) -> None:
    """Answer with the lot."""
    await interaction.response.send_message(f"Lot {lot}.")


@peek.autocomplete("lot")
async def every_lot(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """A deliberate mistake: all 54 lots, more than Discord's 25."""
    return [app_commands.Choice(name=lot, value=lot) for lot in LOTS]


@lov.command(name="board", description="Show the board (slow: defers first)")
async def board(interaction: discord.Interaction[Any]) -> None:
    """Defer, render, then send image, embed and text as one follow-up."""
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.3)
    embed = discord.Embed(title="The board").set_image(url="attachment://board.png")
    await interaction.followup.send(
        "Here is the board.", embed=embed, file=discord.File(io.BytesIO(board_png()), "board.png")
    )


class TinyBot(discord.Client):
    """The tiny bot: a client with a command tree and a few commands."""

    def __init__(self, state_path: Path | None = None) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.state_path = state_path
        self.starts = 0
        self.tree.add_command(lov)
        self._add_commands()

    async def setup_hook(self) -> None:
        """Count starts in the state file, register the persistent button, sync commands."""
        if self.state_path is not None:
            text = self.state_path.read_text() if self.state_path.exists() else "0"
            self.starts = int(text) + 1
            self.state_path.write_text(str(self.starts))
        self.add_dynamic_items(CounterButton)
        await self.tree.sync()

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Say something back")
        async def echo(interaction: discord.Interaction[Any], text: str) -> None:
            await interaction.response.send_message(text)

        @tree.command(description="A reply only you can see, with a button")
        async def secret(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Psst.", ephemeral=True, view=RevealView())

        @tree.command(description="A counter that survives restarts")
        async def counter(interaction: discord.Interaction[Any]) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(CounterButton(0))
            await interaction.response.send_message("Clicked 0 times", view=view)

        @tree.command(description="Pick colours")
        async def pick(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Which colours?", view=ColourView())

        @tree.command(description="Poke someone")
        async def poke(interaction: discord.Interaction[Any], target: discord.Member) -> None:
            await interaction.response.send_message(f"{interaction.user.name} pokes {target.name}.")

        @tree.command(description="Post a message with a file in this channel")
        @app_commands.describe(drawing="Seconds the picture takes to draw (in a thread)")
        async def announce(
            interaction: discord.Interaction[Any], text: str, drawing: float = 0.0
        ) -> None:
            await interaction.response.send_message("Posting it.", ephemeral=True)
            assert isinstance(interaction.channel, discord.abc.Messageable)
            await asyncio.to_thread(time.sleep, drawing)
            await interaction.channel.send(
                text, file=discord.File(io.BytesIO(board_png(64, 32)), "small.png")
            )

        @tree.command(description="Send you a direct message")
        async def dm(interaction: discord.Interaction[Any], text: str) -> None:
            try:
                await interaction.user.send(text)
            except discord.Forbidden:
                await interaction.response.send_message("I cannot DM you.", ephemeral=True)
            else:
                await interaction.response.send_message("Sent you a DM.", ephemeral=True)

        @tree.command(description="Answer only after a delay")
        async def slow(interaction: discord.Interaction[Any], seconds: float) -> None:
            await asyncio.sleep(seconds)
            await interaction.response.send_message("Finally.")

        @tree.command(description="Answer twice at once (a race)")
        async def twice(interaction: discord.Interaction[Any]) -> None:
            results = await asyncio.gather(
                interaction.response.send_message("First."),
                interaction.response.send_message("Second."),
                return_exceptions=True,
            )
            codes = [
                getattr(result, "code", None) for result in results if isinstance(result, Exception)
            ]
            await interaction.followup.send(f"Refused: {codes}")

        @tree.command(description="Try a message that is too long")
        async def long(interaction: discord.Interaction[Any]) -> None:
            try:
                await interaction.response.send_message("x" * 2001)
            except discord.HTTPException as error:
                await interaction.response.send_message(f"Discord refused it ({error.code}).")

        @tree.command(description="Draw a card (a file in the first response)")
        async def card(interaction: discord.Interaction[Any]) -> None:
            card_file = discord.File(io.BytesIO(board_png(50, 70)), "card.png")
            await interaction.response.send_message("Your card.", file=card_file)
            original = await interaction.original_response()
            await interaction.followup.send(
                f"The card message has {len(original.attachments)} file.", ephemeral=True
            )

        @tree.command(description="Roll the dice with a button")
        async def dice(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Ready to roll.", view=DiceView())

        @tree.command(description="Answer, then take it back")
        async def oops(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Oops.")
            await interaction.delete_original_response()
            await interaction.followup.send("Never mind.", ephemeral=True)

        @tree.command(description="Post, edit, fetch and delete channel messages")
        async def countdown(interaction: discord.Interaction[Any]) -> None:
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            await interaction.response.defer(ephemeral=True, thinking=True)
            message = await channel.send("3...")
            await message.edit(content="Go!")
            fetched = await channel.fetch_message(message.id)
            scratch = await channel.send("temporary")
            await scratch.delete()
            await interaction.followup.send(f"Fetched: {fetched.content}")

        @tree.command(description="Choose a trading partner")
        async def partner(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message("Who?", view=PartnerView())

        @tree.command(description="Leave a note")
        async def note(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_modal(NoteModal())

        @tree.command(description="How many times this bot has started")
        async def starts(interaction: discord.Interaction[Any]) -> None:
            await interaction.response.send_message(f"Started {self.starts} times.")

        @tree.command(name="setup-here", description="Register the commands in this server")
        @app_commands.default_permissions(manage_channels=True)
        @app_commands.guild_only()
        async def setup_here(interaction: discord.Interaction[Any]) -> None:
            assert interaction.guild is not None
            tree.copy_global_to(guild=interaction.guild)
            synced = await tree.sync(guild=interaction.guild)
            await interaction.response.send_message(f"Registered {len(synced)} commands here.")


def main() -> None:
    """Run the tiny bot with settings from the environment."""
    use_discord_endpoints(os.environ.get("DISCORD_API_BASE"), os.environ.get("DISCORD_GATEWAY_URL"))
    state = os.environ.get("DATABASE_PATH")
    TinyBot(Path(state) if state else None).run(os.environ["DISCORD_TOKEN"], log_level=logging.INFO)


if __name__ == "__main__":
    main()
