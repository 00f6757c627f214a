"""Lords of Vegas's buttons and menus, which survive restarts: trade offers and decisions.

Every one is a `DynamicItem` registered at start-up (`LordsOfVegas.persistent_items`),
so a click works whenever it comes. A custom id names the game, the offer or decision,
and the game's version when the message was made; a click on something that has moved
on (an offer already closed, a decision already made, a game that changed) is refused
politely and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, cast

import discord

from bot import replies
from bot.app import host_of
from bot.buttons import clicked_game, play_click
from bot.game import Refusal
from bot.host import Host
from bot.menus import chosen_values, dynamic_menu
from bot.seats import seat_colors
from bot.store import Game
from engine.lords_of_vegas import (
    BOARD,
    Color,
    GameState,
    default_answer,
    legal_actions,
    parse_command,
)
from engine.lords_of_vegas.actions import Accept, Action, Decline, Layoff, Place, Take, Withdraw
from engine.lords_of_vegas.state import (
    Decision,
    LayoffDecision,
    Offer,
    PlaceDecision,
    TakeDieDecision,
)
from engine.lords_of_vegas.trade import parties

from .names import chat_names

Interaction = discord.Interaction[Any]
MAX_OPTIONS = 25


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
        await click_offer(host_of(interaction), interaction, self.game_id, self.offer_id, self.verb)


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
        await click_decision(
            host_of(interaction), interaction, self.game_id, self.decision_id, self.choice
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
            dynamic_menu(
                f"lov:decide:{game_id}:{decision_id}:{version}:pick",
                options,
                placeholder,
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
        values = chosen_values(interaction)
        await click_decision(
            host_of(interaction), interaction, self.game_id, self.decision_id, f"pick:{values[0]}"
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


async def click_offer(
    host: Host, interaction: Interaction, game_id: int, offer_id: int, verb: str
) -> None:
    """A party accepts or declines an offer, or its proposer withdraws it."""
    await replies.defer_update(interaction)
    try:
        game, color = await _seated(host, interaction, game_id)
        offer = next((o for o in game.state().offers if o.id == offer_id), None)
        if offer is None:
            raise Refusal(f"Offer #{offer_id} is no longer open.")
        if color not in parties(offer):
            raise Refusal(f"Offer #{offer_id} is not yours: only the players it names answer it.")
        if verb == "withdraw" and color != offer.proposer:
            raise Refusal(f"Only the player who made offer #{offer_id} can withdraw it.")
        action: Action
        if verb == "accept":
            action = Accept(offer=offer_id)
        elif verb == "decline":
            action = Decline(offer=offer_id)
        else:
            action = Withdraw(offer=offer_id)
        played = await play_click(host, interaction, game, action)
    except Refusal as refusal:
        await replies.refuse(interaction, str(refusal))
        return
    await host.after_click(interaction, played)


async def click_decision(
    host: Host, interaction: Interaction, game_id: int, decision_id: int, choice: str
) -> None:
    """The player a decision waits for answers it from its prompt."""
    await replies.defer_update(interaction)
    try:
        game, color = await _seated(host, interaction, game_id)
        state: GameState = game.state()
        decision = next((d for d in state.pending if d.id == decision_id), None)
        if decision is None:
            raise Refusal("That decision has already been made.")
        if decision.player != color:
            owner = chat_names(game)[decision.player]
            raise Refusal(f"This decision is not yours: it waits for {owner}.")
        action: Action
        if isinstance(decision, PlaceDecision):
            if choice == "keep":
                action = default_answer(state, decision)
            else:
                action = parse_command("place " + choice.removeprefix("pick:"))
                assert isinstance(action, Place)
        elif isinstance(decision, LayoffDecision):
            action = Layoff(accept=choice == "yes")
        else:
            what = "die" if isinstance(decision, TakeDieDecision) else "marker"
            action = Take(what=what, lot=choice.removeprefix("pick:"))
        played = await play_click(host, interaction, game, action)
    except Refusal as refusal:
        await replies.refuse(interaction, str(refusal))
        return
    await host.after_click(interaction, played)


async def _seated(host: Host, interaction: Interaction, game_id: int) -> tuple[Game, Color]:
    game = await clicked_game(host, interaction, game_id)
    color = seat_colors(game).get(interaction.user.id)
    if color is None:
        raise Refusal("You are not playing in this game.")
    return game, cast(Color, color)
