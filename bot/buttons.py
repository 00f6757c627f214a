"""Buttons and menus that survive restarts: their custom ids carry what they are about.

Every one is a `DynamicItem` registered at start-up, so a click works whenever it
comes. A custom id names the game, the offer or decision, and the game's version when
the message was made; a click on something that has moved on (an offer already closed,
a decision already made, a game that changed) is refused politely and changes nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

from bot import replies
from bot.posts import Post, chat_names
from bot.store import Game
from bot.tables import Refusal, Tables
from engine.lords_of_vegas import BOARD, GameState, legal_actions
from engine.lords_of_vegas.actions import Place, Take
from engine.lords_of_vegas.state import (
    Decision,
    LayoffDecision,
    Offer,
    PlaceDecision,
    TakeDieDecision,
)

if TYPE_CHECKING:
    from bot.host import Host

Interaction = discord.Interaction[Any]
MAX_OPTIONS = 25


def _host(interaction: Interaction) -> Host:
    return cast("Host", interaction.client.host)


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


class OfferButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"lov:offer:(?P<game>\d+):(?P<offer>\d+):(?P<version>\d+):(?P<verb>accept|decline|withdraw)",
):
    """Accept, decline or withdraw an open trade offer."""

    LOOKS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "accept": ("Accept", discord.ButtonStyle.success),
        "decline": ("Decline", discord.ButtonStyle.danger),
        "withdraw": ("Withdraw (proposer)", discord.ButtonStyle.secondary),
    }

    def __init__(self, game_id: int, offer_id: int, version: int, verb: str) -> None:
        label, style = self.LOOKS[verb]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=f"lov:offer:{game_id}:{offer_id}:{version}:{verb}",
            )
        )
        self.game_id, self.offer_id, self.version, self.verb = game_id, offer_id, version, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OfferButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]), int(match["offer"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: Interaction) -> None:
        """Answer the offer for the player who clicked."""
        await _host(interaction).click_offer(interaction, self.game_id, self.offer_id, self.verb)


class DecisionButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"lov:decide:(?P<game>\d+):(?P<decision>\d+):(?P<version>\d+):(?P<choice>keep|yes|no)",
):
    """A one-click answer: keep the dice as rolled, or lay off yes/no."""

    LOOKS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "keep": ("Keep them as rolled", discord.ButtonStyle.secondary),
        "yes": ("Lay off half", discord.ButtonStyle.primary),
        "no": ("Take the whole bet", discord.ButtonStyle.secondary),
    }

    def __init__(self, game_id: int, decision_id: int, version: int, choice: str) -> None:
        label, style = self.LOOKS[choice]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=f"lov:decide:{game_id}:{decision_id}:{version}:{choice}",
            )
        )
        self.game_id, self.decision_id, self.choice = game_id, decision_id, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionButton:
        """Rebuild the button from the custom id of a click."""
        return cls(
            int(match["game"]), int(match["decision"]), int(match["version"]), match["choice"]
        )

    async def callback(self, interaction: Interaction) -> None:
        """Answer the decision for the player who clicked."""
        await _host(interaction).click_decision(
            interaction, self.game_id, self.decision_id, self.choice
        )


class DecisionMenu(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"lov:decide:(?P<game>\d+):(?P<decision>\d+):(?P<version>\d+):pick",
):
    """Pick a placement of rerolled dice, or which die or marker to move."""

    def __init__(
        self,
        game_id: int,
        decision_id: int,
        version: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"lov:decide:{game_id}:{decision_id}:{version}:pick",
                options=options or [discord.SelectOption(label="-")],
                placeholder=placeholder,
            )
        )
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecisionMenu:
        """Rebuild the menu from the custom id of a choice."""
        return cls(int(match["game"]), int(match["decision"]), int(match["version"]))

    async def callback(self, interaction: Interaction) -> None:
        """Answer the decision with the chosen option."""
        data = cast(dict[str, Any], interaction.data or {})
        values = [str(value) for value in data.get("values") or [""]]
        await _host(interaction).click_decision(
            interaction, self.game_id, self.decision_id, f"pick:{values[0]}"
        )


def offer_view(game: Game, offer: Offer) -> discord.ui.View:
    """Accept / Decline for the parties and Withdraw for the proposer."""
    view = discord.ui.View(timeout=None)
    for verb in ("accept", "decline", "withdraw"):
        view.add_item(OfferButton(game.id, offer.id, game.version, verb))
    return view


def decision_view(game: Game, state: GameState, decision: Decision) -> discord.ui.View:
    """The menus and buttons that answer a pending decision."""
    view = discord.ui.View(timeout=None)
    if isinstance(decision, PlaceDecision):
        options = [
            " ".join(f"{lot}={pips}" for lot, pips in action.assignment)
            for action in legal_actions(state, decision.player, ("place",))
            if isinstance(action, Place)
        ]
        if len(options) <= MAX_OPTIONS:
            menu = [discord.SelectOption(label=option, value=option) for option in options]
            view.add_item(
                DecisionMenu(game.id, decision.id, game.version, menu, "Place your dice...")
            )
        view.add_item(DecisionButton(game.id, decision.id, game.version, "keep"))
    elif isinstance(decision, LayoffDecision):
        view.add_item(DecisionButton(game.id, decision.id, game.version, "yes"))
        view.add_item(DecisionButton(game.id, decision.id, game.version, "no"))
    else:
        menu = []
        for action in legal_actions(state, decision.player, ("take",)):
            if isinstance(action, Take):
                if isinstance(decision, TakeDieDecision):
                    tile = state.tiles[action.lot]
                    label = f"The die on {action.lot} (showing {tile.die.pips if tile.die else 0})"
                else:
                    label = f"The marker on {action.lot} (${BOARD.lots[action.lot].price}m lot)"
                menu.append(discord.SelectOption(label=label, value=action.lot))
        what = "die" if isinstance(decision, TakeDieDecision) else "marker"
        view.add_item(
            DecisionMenu(
                game.id, decision.id, game.version, menu[:MAX_OPTIONS], f"Move which {what}?"
            )
        )
    return view
