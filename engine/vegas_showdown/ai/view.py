"""What a player at the table can know: the public view of a game.

Everything on the table is public: the board, every sheet, every reserve, every player's
cash and tracks, the discarded and waiting event cards. Hidden are the order of the
event deck and of the premier stacks (their contents are public: every card not yet
seen is in the deck, every premier tile not yet flipped is in its stack, and the back of
each tile, A or B, shows through), the shuffles to come, and the game's seed, from
which the rest could be worked out.

`public_view` makes a copy of the game in which all of that is drawn afresh from the
computer player's own randomness, starting from a canonical order, so that two games
differing only in what is hidden give exactly the same view, and trying a move on it
reveals nothing a person could not know.
"""

from __future__ import annotations

import random
from typing import NewType

from engine.rng import Pcg32

from ..state import GameState
from ..tables import TILES

# A game as one player may see it: its hidden parts are made up (see `public_view`).
View = NewType("View", GameState)


def copy_state(state: GameState) -> GameState:
    """An independent copy of the game (faster than a generic deep copy)."""
    return GameState.model_validate_json(state.model_dump_json())


def public_view(state: GameState, rnd: random.Random) -> View:
    """A copy of `state` whose hidden parts are drawn afresh by `rnd` (see the module)."""
    view = copy_state(state)
    view.seed = 0
    reshuffle(view, rnd)
    return View(view)


def imagine(view: View, rnd: random.Random) -> View:
    """Another possible game behind the same view: a copy with the hidden parts redrawn."""
    future = copy_state(view)
    reshuffle(future, rnd)
    return View(future)


def reshuffle(state: GameState, rnd: random.Random) -> None:
    """Redraw in place the deck's order, each stack's order within its backs, the shuffles."""
    deck = sorted(state.deck)
    rnd.shuffle(deck)
    state.deck = deck
    for size, stack in state.stacks.items():
        state.stacks[size] = _within_backs(stack, rnd)
    state.rng = Pcg32.seeded(rnd.getrandbits(63))


def _within_backs(stack: list[str], rnd: random.Random) -> list[str]:
    """The stack's tiles shuffled among the places holding tiles with the same back."""
    backs = [TILES[tile].back for tile in stack]
    dealt = []
    for back in dict.fromkeys(backs):
        tiles = sorted(tile for tile in stack if TILES[tile].back == back)
        rnd.shuffle(tiles)
        dealt.append(tiles)
    piles = dict(zip(dict.fromkeys(backs), dealt, strict=True))
    return [piles[back].pop() for back in backs]
