"""Vegas Showdown's prompts: a message for each decision a player owes.

A player who takes Renovate or Publicity gets their prompt at once, while the others
bid; after bidding, every player who bought a tile places at the same time, beside any
renovation still going on. Each gets a prompt mentioning them, with their sheet's placement preview
(every legal place numbered; past 25, a dot each and a menu of runs, each then shown
numbered) and menus "place at 1..N", buttons to keep the tile in reserve, finish or
cancel. A renovation's prompt is redrawn after each step. Pull Strings asks the button
holder for a stack. The core's `bot.prompts` posts, redraws and closes them; when one
times out, the engine's default answer applies, unless the turn timer ran out first:
then the table's `on_timeout` does (a computer player may answer).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from bot.game import PromptMessage, Question, Timeout
from bot.options import TableOptions
from bot.seats import user_of
from bot.store import Game, Prompt
from engine.vegas_showdown import (
    Decision,
    Event,
    GameState,
    default_answer,
    describe,
    describe_decision,
)
from engine.vegas_showdown.events import (
    PlacementFinished,
    RenovationUndone,
    RoundStarted,
    StackChosen,
    TileBought,
    TilePlaced,
    TileRemoved,
    TileReserved,
)
from engine.vegas_showdown.state import (
    BuyDecision,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from engine.vegas_showdown.tables import tile_name
from engine.words import count
from render.vegas_showdown import MOST_NUMBERED, render_sheet

from . import placing
from .buttons import PREVIEW_FILE, drawn_preview, placement_view, stack_view
from .computer import DEFAULT_LEVEL
from .names import chat_names, plain_names

SHEET_FILE = "sheet.png"
# What a placement's closing message retells.
DECIDED = (TilePlaced, TileReserved, TileRemoved, RenovationUndone, StackChosen)


def _until(game: Game, expires_at: float | None, by_turn: bool, decision: Decision) -> str:
    """What happens if the player has not answered in time.

    The decision's default answer, unless the turn timer runs out then (`by_turn`) on a
    table where a computer player then plays for the seat.
    """
    if expires_at is None:
        return ""
    if by_turn and TableOptions.of(game.options).on_timeout == "ai":
        default = f"a computer player ({DEFAULT_LEVEL}) will choose for you"
    else:
        default = _default_words(decision, "your")
    return f"\nIf you have not answered <t:{int(expires_at)}:R>, {default}."


def _how(state: GameState, decision: Decision, tile: str) -> str:
    """How the picture and the menus show where `tile` can go (a renovation: fits)."""
    goes = "fits" if isinstance(decision, RenovateDecision) else "can go"
    places = len(placing.spots(state, decision, tile))
    if places > MOST_NUMBERED:
        return (
            f"The {tile_name(tile)} {goes} in {places} places, too many to number on one "
            "picture, so it shows a dot for each: choose a group of places below (grouped by "
            "turn) to see them numbered, then choose one and confirm it."
        )
    if isinstance(decision, RenovateDecision):
        return f"The picture numbers every place the {tile_name(tile)} fits."
    return (
        f"The picture numbers every place the {tile_name(tile)} can go: choose its number "
        "below, then confirm it."
    )


def decision_text(
    game: Game,
    state: GameState,
    decision: Decision,
    tile: str | None,
    expires_at: float | None,
    by_turn: bool = False,
) -> str:
    """What a prompt asks of its player, how to answer, and what happens if they don't.

    With `by_turn`, `expires_at` is when the turn timer runs out (see `_until`).
    """
    user = user_of(game, decision.player)
    name = chat_names(game)[decision.player]
    who = f"<@{user}> {name}" if user else name
    player = state.player(decision.player)
    if isinstance(decision, StackDecision):
        return (
            f"{who}, Pull Strings: choose the premier stack whose top tile goes up for auction "
            f"on {decision.space}." + _until(game, expires_at, by_turn, decision)
        )
    others = [t for t in placing.tiles(state, decision) if t != tile]
    if isinstance(decision, BuyDecision):
        bought = tile_name(decision.tile)
        text = f"{who}, you bought the {bought}: put it on your sheet or keep it in reserve."
        if tile == decision.tile:
            text += f" {_how(state, decision, tile)}"
        elif tile is not None:
            text += (
                f" It cannot go anywhere yet, but the {tile_name(tile)} from your reserve can "
                f"(the {bought} then goes to your reserve). {_how(state, decision, tile)}"
            )
        if others:
            text += (
                " You may put a tile from your reserve on instead (the other menu); the "
                f"{bought} then goes to your reserve."
            )
        text += "\nTyping works too: `/vs place`, `/vs reserve`."
        return text + _until(game, expires_at, by_turn, decision)
    if isinstance(decision, PublicityDecision):
        text = f"{who}, Publicity lets you put one tile from your reserve on your sheet."
        if tile is not None:
            text += f" {_how(state, decision, tile)}"
        text += " Or place nothing.\nTyping works too: `/vs place`, `/vs done`."
        return text + _until(game, expires_at, by_turn, decision)
    assert isinstance(decision, RenovateDecision)
    reserve = ", ".join(tile_name(t) for t in player.reserve) or "empty"
    text = (
        f"{who}, you are renovating: take up to 2 tiles off your sheet, then put up to 2 "
        "tiles from your reserve on it (tiles you take off go to your reserve). A tile may go "
        "anywhere it fits for now: the placement rules are checked when you press **Done "
        f"renovating**.\nTaken off so far: {decision.removed} of 2; put on: "
        f"{len(decision.placed)} of 2. Reserve: {reserve}."
    )
    if tile is not None:
        text += f" {_how(state, decision, tile)}"
    text += "\nTyping works too: `/vs remove`, `/vs place`, `/vs done`, `/vs undo`, `/vs cancel`."
    return text + _until(game, expires_at, by_turn, decision)


def _message(
    game: Game, state: GameState, decision: Decision
) -> Callable[[float | None, bool], PromptMessage]:
    def show(expires_at: float | None, by_turn: bool) -> PromptMessage:
        if isinstance(decision, StackDecision):
            text = decision_text(game, state, decision, None, expires_at, by_turn)
            return PromptMessage(text, stack_view(game, state, decision))
        offered = placing.tiles(state, decision)
        tile = offered[0] if offered else None
        text = decision_text(game, state, decision, tile, expires_at, by_turn)
        view = placement_view(game, state, decision, tile)
        if tile is not None:
            drawing = partial(drawn_preview, state, decision, tile, plain_names(game))
            return PromptMessage(text, view, image_name=PREVIEW_FILE, drawing=drawing)
        drawing = partial(render_sheet, state, decision.player, names=plain_names(game))
        return PromptMessage(text, view, image_name=SHEET_FILE, drawing=drawing)

    return show


def questions(game: Game, state: GameState, events: Sequence[Event]) -> list[Question]:
    """A prompt for every decision a person owes; a renovation's is redrawn after each step."""
    hours = TableOptions.of(game.options).decision_hours
    stepped = {
        e.player for e in events if isinstance(e, TilePlaced | TileRemoved | RenovationUndone)
    }
    bidding = state.step == "actions"
    # The move that closed the bidding: prompts opened during it now run out with the
    # round's placements, so they are drawn again with that deadline.
    closed = state.step == "build" and any(isinstance(e, TileBought) for e in events)
    asked: list[Question] = []
    for decision in state.pending:
        user = user_of(game, decision.player)
        if user is None:
            continue  # a computer-played seat answers at once
        renovating = isinstance(decision, RenovateDecision) and decision.player in stepped
        own_action = isinstance(decision, RenovateDecision | PublicityDecision)
        asked.append(
            Question(
                kind=prompt_kind(decision),
                ref=decision.id,
                hours=hours,
                show=_message(game, state, decision),
                mentions=[user],
                refresh=renovating or (closed and own_action),
                # Each belongs to a timed moment (`VegasShowdown.moment`), except an action
                # carried out while the others bid: the timer then times their choices.
                turn_bound=not (bidding and own_action),
            )
        )
    return asked


def prompt_kind(decision: Decision) -> str:
    """What a prompt is kept as: `stack`, `renovate`, or `place` (a bought tile, Publicity)."""
    if isinstance(decision, StackDecision | RenovateDecision):
        return decision.kind
    return "place"


def closed_text(game: Game, prompt: Prompt, events: Sequence[Event]) -> str:
    """What was decided, from the events that closed the prompt (if we saw them)."""
    if game.status == "abandoned":
        return "The game was abandoned: this prompt does nothing any more."
    names = chat_names(game)
    told: list[str] = []
    for event in events:
        if isinstance(event, RoundStarted):
            break
        if isinstance(event, PlacementFinished):
            name = names[event.player]
            if prompt.kind == "renovate":
                told.append(f"{name} finishes renovating (the round post tells what changed).")
            elif not told:
                told.append(f"{name} places nothing.")
        elif isinstance(event, DECIDED):
            told.append(describe(event, names))
    if told:
        return "Decided: " + " ".join(told)
    if prompt.kind == "stack":
        return "This choice is made."
    return "This renovation is over." if prompt.kind == "renovate" else "This placement is over."


def prompt_timeout(game: Game, state: GameState, prompt: Prompt) -> Timeout | None:
    """The engine's default answer for the decision (None: it is no longer open)."""
    decision = next((d for d in state.pending if d.id == prompt.ref), None)
    if decision is None:
        return None
    asked = describe_decision(decision, chat_names(game), hint=False)
    return Timeout(
        decision.player,
        default_answer(state, decision),
        f"⏰ Time ran out: {asked}, so {_default_words(decision)}.",
    )


def _default_words(decision: Decision, whose: str = "their") -> str:
    """What the engine's default answer does, told to the table.

    With `whose` "your", told to the player who owes the decision.
    """
    if isinstance(decision, BuyDecision):
        return f"the {tile_name(decision.tile)} goes to {whose} reserve"
    if isinstance(decision, PublicityDecision):
        return "nothing is placed"
    if isinstance(decision, RenovateDecision):
        return f"the renovation is cancelled and {whose} sheet stays as it was"
    return "the stack with the most tiles is chosen"


def placing_words(state: GameState, decision: Decision) -> str:
    """A decision in a few words, for `/vegas mygames`."""
    if isinstance(decision, BuyDecision):
        return f"placing the {tile_name(decision.tile)} you bought"
    if isinstance(decision, PublicityDecision):
        return "placing a reserve tile (Publicity)"
    if isinstance(decision, RenovateDecision):
        return f"renovating ({count(decision.removed, 'tile')} off so far)"
    return f"choosing the premier stack for {decision.space}"
