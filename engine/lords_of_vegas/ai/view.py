"""What any player can know: the public view of a game.

It leaves out the deck's order and the dice yet to roll.

The deck's contents are public (every card not drawn is in it) and so is the Game Over
card's depth (the engine always places it at the same depth), but not the order of the
other cards. The dice to come are unknown too. `public_copy` makes a copy of the game in
which both are drawn fresh from the AI's own randomness, so trying a move on the copy
reveals nothing a human could not know.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..board import BOARD, GAME_OVER, CardKind
from ..rng import Rng
from ..state import GameState


def copy_state(state: GameState) -> GameState:
    """An independent copy of the game (faster than a generic deep copy)."""
    return GameState.model_validate_json(state.model_dump_json())


def public_copy(state: GameState, rnd: random.Random, shuffle: bool = True) -> GameState:
    """A copy whose unseen cards are shuffled and whose dice are reseeded by `rnd`.

    `shuffle=False` keeps the deck as it is, for games that are already imagined.
    """
    copy = copy_state(state)
    if not shuffle:
        copy.rng = Rng.seeded(rnd.getrandbits(63))
        return copy
    hidden = [card for card in copy.deck if card != GAME_OVER]
    rnd.shuffle(hidden)
    if GAME_OVER in copy.deck:
        hidden.insert(copy.deck.index(GAME_OVER), GAME_OVER)
    copy.deck = hidden
    copy.rng = Rng.seeded(rnd.getrandbits(63))
    return copy


def canonical_copy(state: GameState) -> GameState:
    """A copy in which nothing hidden tells: the unseen cards in board order, a blank seed.

    The Game Over card keeps its depth, which is public. Two games that differ only in
    their deck's order or their dice to come give the same copy, so whatever is worked
    out from it (a hint) is the same for both.
    """
    copy = copy_state(state)
    left = set(copy.deck) - {GAME_OVER}
    ordered = [card for card in BOARD.cards if card in left]
    if GAME_OVER in copy.deck:
        ordered.insert(copy.deck.index(GAME_OVER), GAME_OVER)
    copy.deck = ordered
    copy.seed = 0
    copy.rng = Rng.seeded(0)
    return copy


@dataclass(frozen=True, slots=True)
class Outlook:
    """Public expectations about the rest of the game.

    `draws_left`: cards still to be drawn before the Game Over card.
    `scorings`: for each card kind, how many of its cards to expect among them (Strip
    includes the Game Over card, which always pays The Strip).
    `pending_lot`: the chance that a given lot's card, still in the deck, comes up.
    """

    draws_left: int
    scorings: dict[CardKind, float]
    pending_lot: float
    undrawn: frozenset[str]

    def card_pending(self, lot: str) -> bool:
        """True when the lot's card is still in the deck (its tile can change hands)."""
        return lot in self.undrawn


def outlook(state: GameState) -> Outlook:
    """The public expectations for the rest of `state`'s game."""
    deck = state.deck
    draws_left = deck.index(GAME_OVER) if GAME_OVER in deck else len(deck)
    hidden = [card for card in deck if card != GAME_OVER]
    share = draws_left / len(hidden) if hidden else 0.0
    scorings = expected_scorings(hidden, share, GAME_OVER in deck)
    return Outlook(draws_left, scorings, share, frozenset(hidden))


def expected_scorings(
    cards: Iterable[str], share: float, game_over_ahead: bool
) -> dict[CardKind, float]:
    """How many scorings of each kind to expect when each of `cards` comes with chance `share`.

    The Game Over card, while still ahead, pays The Strip once more.
    """
    kinds = Counter(BOARD.lots[card].card for card in cards)
    scorings: dict[CardKind, float] = {kind: count * share for kind, count in kinds.items()}
    if game_over_ahead:
        scorings["strip"] = scorings.get("strip", 0.0) + 1.0
    return scorings
