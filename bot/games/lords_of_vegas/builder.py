"""The trade builder: a private message where a player composes an offer with menus.

Pick who gives (or acts), what (money, one of their parking lots or dice, or an action
when they are the current player) and to whom, then *Add step*; reorder or remove steps;
*Post offer* hands the steps, in the engine's notation, to the engine. Menus only list
what each player actually holds; each step is checked for form as it is added, and the
engine checks legality when the trade runs. The draft is saved, so it survives restarts.
"""

from __future__ import annotations

import re
from typing import Any, Final, cast

import discord
from pydantic import BaseModel, ValidationError

from bot import replies
from bot.app import host_of
from bot.game import Refusal
from bot.host import Host
from bot.posts import CONTENT_LIMIT
from bot.seats import seat_colors
from bot.store import Game
from engine.lords_of_vegas import BOARD, Color, GameState, NotationError, legal_actions
from engine.lords_of_vegas.actions import TURN_ACTION_TYPES, ActStep
from engine.lords_of_vegas.narrate import describe_step
from engine.lords_of_vegas.notation import format_action, parse_command, parse_step
from engine.lords_of_vegas.state import Offer
from engine.lords_of_vegas.supply import dice_on_board, parking_lots
from engine.lords_of_vegas.trade import MAX_OFFER_STEPS

from .names import KIND, chat_names
from .prompts import offer_size

Interaction = discord.Interaction[Any]
MAX_OPTIONS: Final = 25
AMOUNT_FIELD: Final = "amount"
# Room kept in the builder's message for the line saying what is wrong.
PROBLEM_ROOM: Final = 250


class Draft(BaseModel):
    """An offer being composed: its steps (notation) and the current menu choices."""

    steps: list[str] = []
    giver: Color | None = None
    item: str | None = None
    receiver: Color | None = None
    problem: str = ""


def _custom_id(channel_id: int, user_id: int, part: str) -> str:
    return f"lov:draft:{channel_id}:{user_id}:{part}"


class DraftItem(
    discord.ui.DynamicItem[discord.ui.Item[discord.ui.View]],
    template=r"lov:draft:(?P<channel>\d+):(?P<user>\d+):(?P<part>giver|item|receiver|edit|add|post|cancel)",
):
    """Any menu or button of the trade builder (the `part` says which)."""

    def __init__(
        self, item: discord.ui.Item[discord.ui.View], channel_id: int, user_id: int, part: str
    ) -> None:
        super().__init__(item)
        self.channel_id, self.user_id, self.part = channel_id, user_id, part

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DraftItem:
        """Rebuild the item from a click's custom id."""
        return cls(item, int(match["channel"]), int(match["user"]), match["part"])

    async def callback(self, interaction: Interaction) -> None:
        """Update the draft from this menu or button."""
        host = host_of(interaction)
        values = [str(v) for v in _data(interaction).get("values") or []]
        await Builder(host).handle(interaction, self.channel_id, self.user_id, self.part, values)


class Builder:
    """Opens the builder and applies each change to the player's draft."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.store = host.tables.store
        self.tables = host.tables.of(host.games[KIND])

    async def open(self, interaction: Interaction) -> None:
        """`/lov trade offer` without terms: show the builder (privately) with the saved draft."""
        channel_id, user_id = _where(interaction)
        game, color, state = await self._seat(channel_id, user_id)
        draft = await self._load(channel_id, user_id)
        if draft.giver is None:
            draft.giver = color
            await self.store.save_draft(channel_id, user_id, draft.model_dump_json())
        content, view = render(game, state, draft, channel_id, user_id)
        await interaction.response.send_message(content, view=view, ephemeral=True)

    async def handle(
        self, interaction: Interaction, channel_id: int, user_id: int, part: str, values: list[str]
    ) -> None:
        """Apply one click or choice to the draft and show the builder again."""
        if interaction.user.id != user_id:
            await replies.refuse(interaction, "This trade builder belongs to someone else.")
            return
        try:
            game, color, state = await self._seat(channel_id, user_id)
        except Refusal as refusal:
            await interaction.response.edit_message(content=str(refusal), view=None)
            return
        draft = await self._load(channel_id, user_id)
        draft.problem = ""
        choice = values[0] if values else ""
        if part == "giver":
            draft.giver, draft.item, draft.receiver = cast(Color, choice), None, None
        elif part == "item":
            draft.item = choice
        elif part == "receiver":
            draft.receiver = cast(Color, choice)
        elif part == "edit":
            _edit_steps(draft, choice)
        elif part == "cancel":
            await self.store.delete_draft(channel_id, user_id)
            await interaction.response.edit_message(content="Trade builder closed.", view=None)
            return
        elif part == "post":
            await self._post(interaction, game, draft, channel_id, user_id)
            return
        elif part == "add":
            if draft.item == "money" and draft.giver and draft.receiver:
                await interaction.response.send_modal(amount_modal(channel_id, user_id))
                return
            if _add_step(draft, None):
                _keep_postable(game, state, color, draft)
        await self._show(interaction, game, state, draft, channel_id, user_id)

    async def submit_amount(self, interaction: Interaction, channel_id: int, user_id: int) -> None:
        """The amount modal was submitted: add the money step."""
        try:
            game, color, state = await self._seat(channel_id, user_id)
        except Refusal as refusal:
            await replies.refuse(interaction, str(refusal))
            return
        draft = await self._load(channel_id, user_id)
        if _add_step(draft, _modal_value(interaction, AMOUNT_FIELD)):
            _keep_postable(game, state, color, draft)
        await self._show(interaction, game, state, draft, channel_id, user_id)

    async def _post(
        self, interaction: Interaction, game: Game, draft: Draft, channel_id: int, user_id: int
    ) -> None:
        if not draft.steps:
            draft.problem = "Add at least one step first."
            await self._show(interaction, game, game.state(), draft, channel_id, user_id)
            return
        await replies.defer_update(interaction)
        try:
            action = parse_command("offer " + "; ".join(draft.steps))
            played = await self.tables.play(channel_id, user_id, action)
        except (Refusal, NotationError) as refusal:
            draft.problem = str(refusal)
            await self.store.save_draft(channel_id, user_id, draft.model_dump_json())
            content, view = render(game, game.state(), draft, channel_id, user_id)
            await interaction.edit_original_response(content=content, view=view)
            return
        await self.store.delete_draft(channel_id, user_id)
        offer = played.state.offers[-1]
        await interaction.edit_original_response(
            content=f"Offer #{offer.id} is posted in the channel.", view=None
        )
        await self.host.prompts.reconcile(played.game, played.events)
        self.host.outbox.kick(channel_id)  # the offer's message is its news: nothing to post

    async def _show(
        self,
        interaction: Interaction,
        game: Game,
        state: GameState,
        draft: Draft,
        channel_id: int,
        user_id: int,
    ) -> None:
        await self.store.save_draft(channel_id, user_id, draft.model_dump_json())
        content, view = render(game, state, draft, channel_id, user_id)
        await interaction.response.edit_message(content=content, view=view)

    async def _seat(self, channel_id: int, user_id: int) -> tuple[Game, Color, GameState]:
        game = await self.tables.game_in(channel_id)
        if game.status != "active":
            raise Refusal("Trades start once the game has started.")
        color = seat_colors(game).get(user_id)
        if color is None:
            raise Refusal("You are not playing in this game.")
        return game, cast(Color, color), game.state()

    async def _load(self, channel_id: int, user_id: int) -> Draft:
        saved = await self.store.draft(channel_id, user_id)
        try:
            return Draft.model_validate_json(saved) if saved else Draft()
        except ValidationError:
            return Draft()


def _where(interaction: Interaction) -> tuple[int, int]:
    if interaction.channel_id is None:
        raise Refusal("Trades happen in the game's channel.")
    return interaction.channel_id, interaction.user.id


def _add_step(draft: Draft, amount: str | None) -> bool:
    """Turn the menu choices into a step, checking its form; False (and why) if not."""
    giver, item, receiver = draft.giver, draft.item, draft.receiver
    if giver is None or item is None:
        draft.problem = "Choose who gives and what, first."
        return False
    if len(draft.steps) >= MAX_OFFER_STEPS:
        draft.problem = f"An offer has at most {MAX_OFFER_STEPS} steps."
        return False
    if item.startswith("act:"):
        text = f"{giver} does {item.removeprefix('act:')}"
    elif receiver is None:
        draft.problem = "Choose who receives it."
        return False
    elif item == "money":
        text = f"{giver} pays {receiver} {(amount or '').strip()}"
    else:
        kind, _, lot = item.partition(":")
        text = f"{giver} gives {receiver} {kind} {lot}"
    try:
        step = parse_step(text)
    except NotationError as error:
        draft.problem = str(error)
        return False
    if not isinstance(step, ActStep) and step.giver == step.receiver:
        draft.problem = "A player cannot trade with themselves."
        return False
    draft.steps.append(text)
    draft.item = None
    draft.problem = ""
    return True


def _keep_postable(game: Game, state: GameState, color: Color, draft: Draft) -> None:
    """Take back the step just added if the offer would no longer fit in one message.

    Both the offer's message and this builder's must fit: every party must be able to
    read every step.
    """
    steps = tuple(parse_step(text) for text in draft.steps)
    offer = Offer(id=state.next_offer, proposer=color, steps=steps, accepted=[color])
    shown = len(_text(game, draft)) + PROBLEM_ROOM
    if max(offer_size(game, offer), shown) > CONTENT_LIMIT:
        draft.steps.pop()
        draft.problem = (
            "One more step would make this offer too long for one Discord message (the "
            "players' names count too): post it as it is, and offer the rest separately."
        )


def _edit_steps(draft: Draft, choice: str) -> None:
    """`up:3` moves step 3 up; `remove:3` removes it."""
    verb, _, number = choice.partition(":")
    index = int(number) - 1 if number.isascii() and number.isdigit() and len(number) < 3 else -1
    if not 0 <= index < len(draft.steps):
        return
    if verb == "remove":
        del draft.steps[index]
    elif verb == "up" and index > 0:
        draft.steps[index - 1], draft.steps[index] = draft.steps[index], draft.steps[index - 1]


def render(
    game: Game, state: GameState, draft: Draft, channel_id: int, user_id: int
) -> tuple[str, discord.ui.View]:
    """The builder's text (the steps in plain words) and its menus and buttons."""
    names = chat_names(game)
    view = discord.ui.View(timeout=None)
    plain = {color: name.replace("**", "") for color, name in names.items()}
    givers = [
        discord.SelectOption(label=plain[c], value=c, default=c == draft.giver)
        for c in state.colors
    ]
    view.add_item(_menu(channel_id, user_id, "giver", "Who gives (or acts)?", givers, row=0))
    items = _items(state, draft)
    if items:
        view.add_item(_menu(channel_id, user_id, "item", "What?", items, row=1))
    if draft.item is None or not draft.item.startswith("act:"):
        receivers = [
            discord.SelectOption(label=plain[c], value=c, default=c == draft.receiver)
            for c in state.colors
            if c != draft.giver
        ]
        view.add_item(_menu(channel_id, user_id, "receiver", "To whom?", receivers, row=2))
    if draft.steps:
        edits = []
        for number in range(1, len(draft.steps) + 1):
            edits.append(
                discord.SelectOption(label=f"Remove step {number}", value=f"remove:{number}")
            )
            if number > 1:
                edits.append(
                    discord.SelectOption(label=f"Move step {number} up", value=f"up:{number}")
                )
        view.add_item(
            _menu(
                channel_id,
                user_id,
                "edit",
                "Reorder or remove steps...",
                edits[:MAX_OPTIONS],
                row=3,
            )
        )
    for part, label, style in (
        ("add", "Add step", discord.ButtonStyle.primary),
        ("post", "Post offer", discord.ButtonStyle.success),
        ("cancel", "Cancel", discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label, style=style, custom_id=_custom_id(channel_id, user_id, part), row=4
        )
        view.add_item(DraftItem(button, channel_id, user_id, part))
    return _text(game, draft), view


def _text(game: Game, draft: Draft) -> str:
    """The builder's message: the steps in plain words and what is wrong, if anything."""
    names = chat_names(game)
    lines = [
        "**Trade builder** (only you see this). Steps run in order once everyone named accepts."
    ]
    for number, text in enumerate(draft.steps, 1):
        lines.append(f"{number}. {describe_step(parse_step(text), names)}")
    if not draft.steps:
        lines.append("No steps yet: choose who gives what to whom, then *Add step*.")
    if draft.problem:
        lines.append(f"⚠️ {draft.problem}")
    return "\n".join(lines)


def _menu(
    channel_id: int,
    user_id: int,
    part: str,
    placeholder: str,
    options: list[discord.SelectOption],
    row: int,
) -> DraftItem:
    select: discord.ui.Select[discord.ui.View] = discord.ui.Select(
        custom_id=_custom_id(channel_id, user_id, part),
        placeholder=placeholder,
        options=options[:MAX_OPTIONS],
        row=row,
    )
    return DraftItem(select, channel_id, user_id, part)


def _items(state: GameState, draft: Draft) -> list[discord.SelectOption]:
    """What the chosen giver holds: money, parking lots, dice, and actions if current."""
    giver = draft.giver
    if giver is None:
        return []
    options = [
        discord.SelectOption(
            label=f"Money (you choose the amount; has ${state.player(giver).money}m)",
            value="money",
            default=draft.item == "money",
        )
    ]
    for lot in parking_lots(state, giver):
        facts = BOARD.lots[lot]
        value = f"lot:{lot}"
        options.append(
            discord.SelectOption(
                label=f"Parking lot {lot} (${facts.price}m, die {facts.die})",
                value=value,
                default=draft.item == value,
            )
        )
    for lot in dice_on_board(state, giver):
        tile = state.tiles[lot]
        value = f"die:{lot}"
        pips = tile.die.pips if tile.die else 0
        options.append(
            discord.SelectOption(
                label=f"The die on {lot} (showing {pips})", value=value, default=draft.item == value
            )
        )
    if giver == state.current and not state.pending:
        kinds = ("build", "sprawl", "remodel", "reorganize", "raise")
        for action in legal_actions(state, giver, kinds):
            if len(options) >= MAX_OPTIONS:
                break
            if isinstance(action, TURN_ACTION_TYPES):
                text = format_action(action)
                value = f"act:{text}"
                options.append(
                    discord.SelectOption(
                        label=f"Action: {text}", value=value, default=draft.item == value
                    )
                )
    return options[:MAX_OPTIONS]


def amount_modal(channel_id: int, user_id: int) -> discord.ui.Modal:
    """Asks how much money the step pays (handled by `Builder.submit_amount`)."""
    modal = AmountModal(title="How much?", custom_id=f"lov:draftamount:{channel_id}:{user_id}")
    modal.add_item(
        discord.ui.TextInput(
            label="Amount in millions of dollars",
            custom_id=AMOUNT_FIELD,
            placeholder="5",
            min_length=1,
            max_length=4,
        )
    )
    return modal


class AmountModal(discord.ui.Modal):
    """The amount form; it only carries the form to Discord.

    Its submission is handled by the client's `on_interaction`, so it works even after
    a restart.
    """

    async def on_submit(self, interaction: Interaction) -> None:
        """Nothing here: see `VegasHost.on_interaction`."""


def _data(interaction: Interaction) -> dict[str, Any]:
    return cast(dict[str, Any], interaction.data or {})


def _modal_value(interaction: Interaction, field: str) -> str:
    for row in _data(interaction).get("components", []):
        for component in row.get("components", []):
            if component.get("custom_id") == field:
                return str(component.get("value", ""))
    return ""


MODAL_ID = re.compile(r"^lov:draftamount:(?P<channel>\d+):(?P<user>\d+)$")


async def route_modal(host: Host, interaction: Interaction) -> bool:
    """Handle our modal submissions; True if this one was ours."""
    custom_id = str(_data(interaction).get("custom_id", ""))
    match = MODAL_ID.match(custom_id)
    if interaction.type != discord.InteractionType.modal_submit or match is None:
        return False
    if int(match["user"]) != interaction.user.id:
        await replies.refuse(interaction, "This form belongs to someone else.")
        return True
    await Builder(host).submit_amount(interaction, int(match["channel"]), int(match["user"]))
    return True
