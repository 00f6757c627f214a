"""Refusals in the table's words: the engine refuses a move, this says why at the table.

The engine's refusals are written for its notation (`place <tile> <cell> <turn>`) and
call players by colour, as the terminal does. At the table a refusal names the players,
gives the `/vs` commands and points to the player's prompt. The engine still decides:
these only reword what it refused, from the game's state (unchanged by a refusal).
"""

from __future__ import annotations

from bot.store import Game
from engine.vegas_showdown import Color, Decision, GameState, decisions_owed
from engine.vegas_showdown.state import (
    BuyDecision,
    PublicityDecision,
    RenovateDecision,
    StackDecision,
)
from engine.vegas_showdown.tables import tile_name

from .names import chat_names
from .posts import next_line

CHOICES = ("bid", "renovate", "publicity")
# The engine's refusal of a placement step from a player who owes none.
NOTHING_OWED = "You have no tile to place, reserve or remove now."
# The engine's hints in its notation, and what the table's prompts and commands call them.
AT_THE_TABLE = {
    "Fix it, `undo` to start the renovation again, or `cancel`.": (
        "Fix it, start the renovation again (**Start again**, or `/vs undo`), or give it up "
        "and keep your sheet as it was (**Cancel**, or `/vs cancel`)."
    ),
}


def owed_words(decision: Decision) -> str:
    """What a player must do first, with where and how: `place or keep the Slots ...`."""
    if isinstance(decision, BuyDecision):
        return (
            f"put the {tile_name(decision.tile)} you bought on your sheet or keep it in "
            "reserve (your prompt shows where it can go; or type `/vs place`, `/vs reserve`)"
        )
    if isinstance(decision, PublicityDecision):
        return (
            "place a tile from your reserve, or nothing, for your Publicity (see your "
            "prompt; or type `/vs place`, `/vs done`)"
        )
    if isinstance(decision, RenovateDecision):
        return (
            "finish your renovation (see your prompt; or type `/vs remove`, `/vs place`, "
            "`/vs done`, `/vs undo`, `/vs cancel`)"
        )
    assert isinstance(decision, StackDecision)
    return (
        f"choose the premier stack whose top tile fills {decision.space} for Pull Strings "
        "(your prompt's buttons, or `/vs stack`)"
    )


def nothing_to_place(
    game: Game, state: GameState, color: Color, what: str = "no tile to place"
) -> str:
    """Why a player with no placement owed cannot place (or reserve, remove...) now."""
    owed = decisions_owed(state, color)
    if owed:
        return f"First {owed_words(owed[0])}."
    if state.step == "actions":
        if state.timing == "after_bidding":
            return f"You have {what} now: tiles go on sheets once the round's bidding is over."
        return (
            f"You have {what} now: bought tiles go on sheets once the round's bidding is "
            "over (Renovate and Publicity place at once, when chosen)."
        )
    waiting, _ = next_line(game, state, None)
    return f"You are done placing this round. {waiting}".strip()


def reworded(game: Game, state: GameState, color: Color | None, kind: str, said: str) -> str:
    """The engine's refusal of `color`'s `kind` of move (`bid`, `place`...), for the table."""
    owed = decisions_owed(state, color) if color in state.colors else []
    if kind in CHOICES and owed:
        return f"First {owed_words(owed[0])}."
    if kind in CHOICES and state.pending and state.step != "actions" and not state.over:
        waiting, _ = next_line(game, state, None)
        return f"Nobody chooses an action now. {waiting}"
    if owed and "does not answer this decision" in said:
        return f"`/vs {kind}` is not for now. First {owed_words(owed[0])}."
    if said == NOTHING_OWED and color in state.colors:
        return nothing_to_place(game, state, color, "nothing to place, reserve or remove")
    names = chat_names(game)
    for seat in state.colors:
        said = said.replace(f"{seat}'s ", f"{names[seat]}'s ")
    for notation, words in AT_THE_TABLE.items():
        said = said.replace(notation, words)
    return said
