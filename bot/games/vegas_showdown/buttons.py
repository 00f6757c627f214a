"""Vegas Showdown's menus and buttons, which survive restarts: placing tiles, Pull Strings.

Every one is a `DynamicItem` registered at start-up (`VegasShowdown.persistent_items`):
its custom id names the game and the decision it answers, so a click works whenever it
comes, and a click on a decision already made is refused politely, changing nothing.

Placing a tile takes two steps: a place chosen from a menu (numbered as on the picture)
is shown privately, drawn on the player's sheet, with a button to confirm it. Only the
player the decision waits for may use them; the engine judges every move.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Sequence
from typing import Any, Final, TypeAlias

import discord

from bot import drawing, replies
from bot.app import host_of
from bot.buttons import clicked_game, play_click
from bot.game import Refusal
from bot.host import Host
from bot.menus import chosen_values, dynamic_menu
from bot.seats import seat_colors
from bot.store import Game
from engine.vegas_showdown import Action, Decision, GameState, parse_command
from engine.vegas_showdown.actions import SIZES, Color, Place
from engine.vegas_showdown.sheet import Placement, cell_name
from engine.vegas_showdown.state import (
    BuyDecision,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from render.vegas_showdown import (
    placement_words,
    render_placement_choice,
    render_placement_preview,
)
from render.vegas_showdown.preview import TURN_WORDS

from . import placing
from .names import chat_names, plain_names
from .placing import MENU_SIZE, Menu, spot_value, spot_words, spots, tile_words
from .refusals import reworded

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
PREVIEW_FILE: Final = "preview.png"
CHOICE_FILE: Final = "choice.png"
MOST_ROWS: Final = 5  # a Discord message holds five rows of components
_SELECT: TypeAlias = discord.ui.Select[discord.ui.View]
_BUTTON: TypeAlias = discord.ui.Button[discord.ui.View]


class SpotMenu(
    discord.ui.DynamicItem[_SELECT], template=r"vs:spot:(?P<game>\d+):(?P<decision>\d+):(?P<n>\d+)"
):
    """Numbered places for a tile: choosing one shows it and asks for confirmation."""

    def __init__(
        self,
        game_id: int,
        decision_id: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            dynamic_menu(
                f"vs:spot:{game_id}:{decision_id}:{n}",
                options,
                placeholder,
            )
        )
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SpotMenu:
        """Rebuild the menu from the custom id of a choice."""
        return cls(int(match["game"]), int(match["decision"]), int(match["n"]))

    async def callback(self, interaction: Interaction) -> None:
        """Show the chosen place on the player's sheet, privately, with Confirm."""
        await show_choice(host_of(interaction), interaction, self.game_id, self.decision_id)


class RangeMenu(
    discord.ui.DynamicItem[_SELECT],
    template=r"vs:range:(?P<game>\d+):(?P<decision>\d+):(?P<tile>[a-z_]+)",
):
    """Too many places to number on one picture: first choose which run (of 25 at most)."""

    def __init__(
        self,
        game_id: int,
        decision_id: int,
        tile: str,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        super().__init__(
            dynamic_menu(
                f"vs:range:{game_id}:{decision_id}:{tile}",
                options,
                (f"Where should the {tile_words(tile)} go? Choose a group of places to number..."),
            )
        )
        self.game_id, self.decision_id, self.tile = game_id, decision_id, tile

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RangeMenu:
        """Rebuild the menu from the custom id of a choice."""
        return cls(int(match["game"]), int(match["decision"]), match["tile"])

    async def callback(self, interaction: Interaction) -> None:
        """Privately, the places in the chosen run: numbered on a picture, and their menu."""
        await show_range(
            host_of(interaction), interaction, self.game_id, self.decision_id, self.tile
        )


class TileMenu(
    discord.ui.DynamicItem[_SELECT], template=r"vs:tile:(?P<game>\d+):(?P<decision>\d+)"
):
    """Another tile the player may put on their sheet: shows where it can go, privately."""

    def __init__(
        self, game_id: int, decision_id: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            dynamic_menu(
                f"vs:tile:{game_id}:{decision_id}",
                options,
                "Or place another tile from your reserve...",
            )
        )
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TileMenu:
        """Rebuild the menu from the custom id of a choice."""
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: Interaction) -> None:
        """Privately, that tile's numbered places and its menus."""
        await show_tile(host_of(interaction), interaction, self.game_id, self.decision_id)


class RemoveMenu(
    discord.ui.DynamicItem[_SELECT], template=r"vs:remove:(?P<game>\d+):(?P<decision>\d+)"
):
    """Renovating: the tile to take off the sheet (into the reserve)."""

    def __init__(
        self, game_id: int, decision_id: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            dynamic_menu(
                f"vs:remove:{game_id}:{decision_id}",
                options,
                "Take a tile off your sheet...",
            )
        )
        self.game_id, self.decision_id = game_id, decision_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RemoveMenu:
        """Rebuild the menu from the custom id of a choice."""
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: Interaction) -> None:
        """Take the chosen tile off."""
        cell = chosen_values(interaction)[0]
        await answer(host_of(interaction), interaction, self.game_id, self.decision_id, cell)


class ActButton(
    discord.ui.DynamicItem[_BUTTON],
    template=r"vs:act:(?P<game>\d+):(?P<decision>\d+):(?P<verb>reserve|done|undo|cancel)",
):
    """Keep the bought tile in reserve; finish, restart or cancel a renovation or Publicity."""

    def __init__(self, game_id: int, decision_id: int, verb: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if verb == "done" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or verb.capitalize(),
                style=style,
                custom_id=f"vs:act:{game_id}:{decision_id}:{verb}",
            )
        )
        self.game_id, self.decision_id, self.verb = game_id, decision_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]), int(match["decision"]), match["verb"])

    async def callback(self, interaction: Interaction) -> None:
        """Answer the decision with this verb."""
        await answer(host_of(interaction), interaction, self.game_id, self.decision_id, self.verb)


class ConfirmButton(
    discord.ui.DynamicItem[_BUTTON],
    template=r"vs:confirm:(?P<game>\d+):(?P<decision>\d+):(?P<tile>[a-z_]+):(?P<cell>[a-z]\d+):(?P<turn>\d+)",
):
    """Confirm a chosen place: the tile goes there."""

    def __init__(self, game_id: int, decision_id: int, tile: str, cell: str, turn: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Confirm",
                style=discord.ButtonStyle.success,
                custom_id=f"vs:confirm:{game_id}:{decision_id}:{tile}:{cell}:{turn}",
            )
        )
        self.game_id, self.decision_id = game_id, decision_id
        self.command = f"place {tile} {cell} {turn}"

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ConfirmButton:
        """Rebuild the button from the custom id of a click."""
        return cls(
            int(match["game"]), int(match["decision"]), match["tile"], match["cell"], match["turn"]
        )

    async def callback(self, interaction: Interaction) -> None:
        """Place the tile, and say so where the button was."""
        await answer(
            host_of(interaction),
            interaction,
            self.game_id,
            self.decision_id,
            self.command,
            confirming=True,
        )


class BackButton(
    discord.ui.DynamicItem[_BUTTON], template=r"vs:back:(?P<game>\d+):(?P<decision>\d+)"
):
    """Not that place after all: choose another from the menu."""

    def __init__(self, game_id: int, decision_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Choose another place",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vs:back:{game_id}:{decision_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: Interaction) -> None:
        """Put the choice away."""
        try:
            await interaction.response.edit_message(
                content="Not placed. Choose another place from the menu.",
                view=None,
                attachments=[],
            )
        except discord.HTTPException as error:
            log.warning("could not answer interaction %s: %s", interaction.id, error)


class StackButton(
    discord.ui.DynamicItem[_BUTTON],
    template=r"vs:stack:(?P<game>\d+):(?P<decision>\d+):(?P<size>small|medium|large)",
):
    """Pull Strings: the premier stack whose top tile goes up for auction."""

    def __init__(self, game_id: int, decision_id: int, size: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or size.capitalize(),
                style=discord.ButtonStyle.primary,
                custom_id=f"vs:stack:{game_id}:{decision_id}:{size}",
            )
        )
        self.game_id, self.decision_id, self.size = game_id, decision_id, size

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StackButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]), int(match["decision"]), match["size"])

    async def callback(self, interaction: Interaction) -> None:
        """Choose this stack."""
        await answer(
            host_of(interaction), interaction, self.game_id, self.decision_id, f"stack {self.size}"
        )


PERSISTENT_ITEMS: Final = (
    SpotMenu,
    RangeMenu,
    TileMenu,
    RemoveMenu,
    ActButton,
    ConfirmButton,
    BackButton,
    StackButton,
)

# Building the menus -------------------------------------------------------------------


def spot_options(menu: Menu) -> list[discord.SelectOption]:
    """A menu's places as options: `3: c2, turned 90°`, valued in the engine's notation."""
    name = tile_words(menu.places[0].tile) if menu.places else ""
    return [
        discord.SelectOption(label=spot_words(number, p), value=spot_value(p), description=name)
        for number, p in enumerate(menu.places, menu.first)
    ]


def add_spots(
    view: discord.ui.View, game: Game, decision: Decision, ordered: Sequence[Placement], rows: int
) -> None:
    """The places of one tile as select menus in `rows` rows (or a menu of runs of 25)."""
    if not ordered:
        return
    chosen = placing.menus(ordered, rows)
    if chosen is None:
        options = [
            discord.SelectOption(label=m.title, value=str(m.first)) for m in placing.ranges(ordered)
        ]
        view.add_item(RangeMenu(game.id, decision.id, ordered[0].tile, options[:MENU_SIZE]))
        return
    for n, menu in enumerate(chosen):
        view.add_item(SpotMenu(game.id, decision.id, n, spot_options(menu), menu.title))


def verb_labels(state: GameState, decision: Decision) -> dict[str, str]:
    """The buttons a placement decision shows, by verb, with their labels."""
    if isinstance(decision, BuyDecision):
        return {"reserve": f"Keep the {tile_words(decision.tile)} in reserve"}
    if isinstance(decision, PublicityDecision):
        return {"done": "Place nothing"}
    assert isinstance(decision, RenovateDecision)
    labels = {"done": "Done renovating"}
    if decision.removed or decision.placed:
        labels["undo"] = "Start again"
    labels["cancel"] = "Cancel (change nothing)"
    return labels


def tile_options(
    state: GameState, decision: Decision, tiles: Sequence[str]
) -> list[discord.SelectOption]:
    """Tiles as options, each with how many places it has."""
    options = []
    for tile in tiles:
        where = (
            "bought" if isinstance(decision, BuyDecision) and tile == decision.tile else "reserve"
        )
        places = len(spots(state, decision, tile))
        label = f"{tile_words(tile)} ({where}): {places} place{'s' if places != 1 else ''}"
        options.append(discord.SelectOption(label=label, value=tile))
    return options[:MENU_SIZE]


def remove_options(state: GameState, decision: Decision) -> list[discord.SelectOption]:
    """The tiles on the renovating player's sheet, by the cell of their top-left corner."""
    sheet = state.player(decision.player).sheet
    return [
        discord.SelectOption(
            label=f"{tile_words(p.tile)} at {cell_name((p.x, p.y))}",
            value=f"remove {cell_name((p.x, p.y))}",
        )
        for p in sheet
    ][:MENU_SIZE]


def placement_view(
    game: Game, state: GameState, decision: Decision, tile: str | None
) -> discord.ui.View:
    """A placement prompt's menus and buttons: `tile`'s places first (the picture's tile)."""
    view = discord.ui.View(timeout=None)
    others = [t for t in placing.tiles(state, decision) if t != tile]
    removing = placing.can_remove(decision) and bool(state.player(decision.player).sheet)
    rows = MOST_ROWS - 1 - bool(others) - removing
    if tile is not None:
        add_spots(view, game, decision, spots(state, decision, tile), rows)
    if others:
        view.add_item(TileMenu(game.id, decision.id, tile_options(state, decision, others)))
    if removing:
        view.add_item(RemoveMenu(game.id, decision.id, remove_options(state, decision)))
    for verb, label in verb_labels(state, decision).items():
        view.add_item(ActButton(game.id, decision.id, verb, label))
    return view


def stack_view(game: Game, state: GameState, decision: StackDecision) -> discord.ui.View:
    """A button per premier stack with tiles left, saying how many."""
    view = discord.ui.View(timeout=None)
    for size in SIZES:
        left = len(state.stacks[size])
        if left:
            label = f"{size.capitalize()} ({left} left)"
            view.add_item(StackButton(game.id, decision.id, size, label))
    return view


def drawn_preview(
    state: GameState,
    decision: Decision,
    tile: str,
    names: dict[Color, str],
    numbers: range | None = None,
) -> bytes:
    """The player's sheet with every place of `tile` numbered, or just the places `numbers`.

    Past what one picture numbers, every place gets a dot, unnumbered (an overview). What
    a drawing worker is sent: the players' names, not the stored game.
    """
    return render_placement_preview(
        state, decision.player, tile, spots(state, decision, tile), names=names, numbers=numbers
    )


# Answering ----------------------------------------------------------------------------


async def _decision(
    host: Host, interaction: Interaction, game_id: int, decision_id: int
) -> tuple[Game, GameState, Decision]:
    """The decision a menu or button answers, if it is still open and the clicker's."""
    game = await clicked_game(host, interaction, game_id, "menus")
    state: GameState = game.state()
    decision = next((d for d in state.pending if d.id == decision_id), None)
    if decision is None:
        raise Refusal("That choice has already been made.")
    color = seat_colors(game).get(interaction.user.id)
    seat = game.seat_of(decision.player)
    if color is None and seat is not None and seat.user_id == interaction.user.id:
        raise Refusal(
            "You resigned from this game: your seat is played for you now, this prompt too."
        )
    if color != decision.player:
        owner = chat_names(game)[decision.player]
        raise Refusal(f"This prompt is for {owner}: only they can answer it.")
    return game, state, decision


async def answer(
    host: Host,
    interaction: Interaction,
    game_id: int,
    decision_id: int,
    command: str,
    *,
    confirming: bool = False,
) -> None:
    """Play `command` (the engine's notation) for the player a decision waits for."""
    await replies.defer_update(interaction)
    try:
        game, state, decision = await _decision(host, interaction, game_id, decision_id)
        action: Action = parse_command(command)
        try:
            played = await play_click(host, interaction, game, action)
        except Refusal as refusal:  # in the table's words
            # A second click that came in while the first was played: say it was made.
            await _decision(host, interaction, game_id, decision_id)
            said = reworded(game, state, decision.player, action.kind, str(refusal))
            raise Refusal(said) from None
    except Refusal as refusal:
        await replies.refuse(interaction, str(refusal))
        return
    if confirming:
        await _placed(interaction, action, host.games.of(game).quiet(played))
    await host.after_click(interaction, played, noted=confirming)


async def _placed(interaction: Interaction, action: Action, note: str | None) -> None:
    """The confirmation message loses its buttons once the tile is down, and says so.

    It then carries the move's private note (`note`, what the player may do next), so the
    player gets one message, not two; when the round ends, the channel tells the rest.
    """
    assert isinstance(action, Place)
    where = placement_words(Placement(action.tile, action.x, action.y, action.rot))
    try:
        await interaction.edit_original_response(
            content=note or f"Placed: the {where}.",
            view=None,
            attachments=[],
        )
    except discord.HTTPException as error:
        log.warning("could not update interaction %s: %s", interaction.id, error)


async def _private(
    interaction: Interaction,
    text: str,
    view: discord.ui.View | None,
    image: bytes | None,
    name: str,
) -> None:
    """Answer privately with a picture and menus (after a "thinking..." while it is drawn)."""
    missing: Any = discord.utils.MISSING
    files = [discord.File(io.BytesIO(image), filename=name)] if image else missing
    try:
        await interaction.followup.send(text, view=view or missing, files=files, ephemeral=True)
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s: %s", interaction.id, error)


async def show_choice(host: Host, interaction: Interaction, game_id: int, decision_id: int) -> None:
    """Privately: the chosen place drawn on the player's sheet, with Confirm."""
    await replies.defer(interaction, ephemeral=True)
    try:
        game, state, decision = await _decision(host, interaction, game_id, decision_id)
        value = chosen_values(interaction)[0]
        action = parse_command(f"place {value}")
        assert isinstance(action, Place)
        placement = Placement(action.tile, action.x, action.y, action.rot)
        ordered = spots(state, decision, action.tile)
        if placement not in ordered:
            raise Refusal(
                "That place is no longer open: your sheet changed. Choose again from the prompt."
            )
    except Refusal as refusal:
        await replies.refuse(interaction, str(refusal))
        return
    number = ordered.index(placement) + 1
    image = await drawing.draw(
        render_placement_choice, state, decision.player, placement, names=plain_names(game)
    )
    cell, _, turn = value.partition(" ")[2].partition(" ")
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(game.id, decision.id, action.tile, cell, turn))
    view.add_item(BackButton(game.id, decision.id))
    later = (
        " The placement rules are checked when you finish the renovation."
        if isinstance(decision, RenovateDecision)
        else ""
    )
    text = (
        f"Put the {tile_words(action.tile)} here? Number {number}: "
        f"{spot_words(number, placement).partition(': ')[2]}.{later}"
    )
    await _private(interaction, text, view, image, CHOICE_FILE)


async def show_range(
    host: Host, interaction: Interaction, game_id: int, decision_id: int, tile: str
) -> None:
    """Privately: the places of the run chosen, numbered on a picture, and their menu."""
    await replies.defer(interaction, ephemeral=True)
    try:
        game, state, decision = await _decision(host, interaction, game_id, decision_id)
        value = chosen_values(interaction)[0]
        # Only the menu's own numbers are read (`int` refuses past 4,300 digits).
        first = int(value) if value.isascii() and value.isdigit() and len(value) <= 4 else 1
        ordered = spots(state, decision, tile)
        run = next((m for m in placing.ranges(ordered) if m.first == first), None)
        if run is None:
            raise Refusal("Your sheet changed since: choose again from the prompt.")
    except Refusal as refusal:
        await replies.refuse(interaction, str(refusal))
        return
    numbers = range(run.first, run.last + 1)
    image = await drawing.draw(drawn_preview, state, decision, tile, plain_names(game), numbers)
    view = discord.ui.View(timeout=None)
    view.add_item(SpotMenu(game.id, decision.id, 0, spot_options(run), run.title))
    turns = {TURN_WORDS[p.rot] for p in run.places}
    turned = f", {turns.pop()}" if len(turns) == 1 else ""
    text = (
        f"The {tile_words(tile)}{turned}: places {run.first} to {run.last}, numbered on this "
        "picture. Choose one, then confirm it."
    )
    await _private(interaction, text, view, image, PREVIEW_FILE)


async def show_tile(host: Host, interaction: Interaction, game_id: int, decision_id: int) -> None:
    """Privately: where another tile can go, numbered, with its menus."""
    await replies.defer(interaction, ephemeral=True)
    try:
        game, state, decision = await _decision(host, interaction, game_id, decision_id)
        tile = chosen_values(interaction)[0]
        if tile not in placing.tiles(state, decision):
            raise Refusal("That tile cannot go on your sheet now: choose again from the prompt.")
    except Refusal as refusal:
        await replies.refuse(interaction, str(refusal))
        return
    image = await drawing.draw(drawn_preview, state, decision, tile, plain_names(game))
    view = discord.ui.View(timeout=None)
    add_spots(view, game, decision, spots(state, decision, tile), MOST_ROWS)
    instead = (
        f" It goes on instead of the {tile_words(decision.tile)}, which goes to your reserve."
        if isinstance(decision, BuyDecision) and tile != decision.tile
        else ""
    )
    text = f"Where the {tile_words(tile)} can go: choose a number, then confirm.{instead}"
    await _private(interaction, text, view, image, PREVIEW_FILE)
