"""Public expectations about the rest of a game: how many rounds are left, what is to come.

The game ends when an event card asks for a tile from an empty premier stack, or when a
sheet is full. The stacks' sizes are public, and so is the mix of size symbols on the
event cards (10 small, 10 medium, 10 large, 3 Pull Strings in the printed deck), so the
number of tiles still to be flipped before the end can be worked out exactly for a
deck drawn at random (`flips_left`); how fast tiles are flipped depends on how the
table buys, so it is read from the game so far, starting from a guess by table size.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Final

from ..actions import SIZES, Size
from ..state import GameState
from ..tables import COMPONENTS, TILES

# Tiles flipped per round per player, before the table's own pace is known.
FLIPS_PER_PLAYER: Final = 0.33
# How many rounds of that guess weigh against the rounds really played.
PACE_PRIOR_ROUNDS: Final = 4.0
# Cells a player covers per round, before their own pace is known.
CELLS_PER_ROUND: Final = 1.5
_SYMBOLS: Final = Counter(copy.symbol for copy in COMPONENTS.event_deck)
_DRAWS: Final = sum(_SYMBOLS.values())
_CELLS: Final = COMPONENTS.sheet.cols * COMPONENTS.sheet.rows
_STARTING_STACKS: Final = sum(TILES[t].count for t in TILES if TILES[t].is_premier)


@dataclass(frozen=True, slots=True)
class Outlook:
    """What everyone can expect of the rest of the game.

    `rounds_left`: income collections still to come (about the rounds left).
    `supply`: premier and basic tiles that may still be bought, by tile id (premier
    stacks, premier spaces and basic stacks); `available`: the ids among them.
    """

    rounds_left: float
    supply: Counter[str]
    available: frozenset[str]


def outlook(state: GameState) -> Outlook:
    """The public expectations for the rest of `state`'s game."""
    stacks = tuple(len(state.stacks[size]) for size in SIZES)
    flips = flips_left(*stacks)
    players = len(state.players)
    flipped = _STARTING_STACKS - sum(stacks) - len(SIZES)
    played = max(0, state.round - 1)
    pace = (flipped + FLIPS_PER_PLAYER * players * PACE_PRIOR_ROUNDS) / (played + PACE_PRIOR_ROUNDS)
    rounds = flips / max(pace, 0.25)
    for player in state.players:
        covered = sum(len(COMPONENTS.shapes[p.tile].orientations[0].cells) for p in player.sheet)
        speed = (covered + CELLS_PER_ROUND * PACE_PRIOR_ROUNDS) / (played + PACE_PRIOR_ROUNDS)
        rounds = min(rounds, (_CELLS - covered) / speed)
    tiles = supply(state)
    return Outlook(rounds, tiles, frozenset(tile for tile, count in tiles.items() if count > 0))


def supply(state: GameState) -> Counter[str]:
    """Every tile that may still be bought: in the premier stacks and spaces, basic stacks."""
    found: Counter[str] = Counter(state.basic)
    for stack in state.stacks.values():
        found.update(stack)
    found.update(space.tile for space in state.spaces if space.tile is not None)
    return found


@cache
def flips_left(small: int, medium: int, large: int) -> float:
    """Tiles still to be flipped, on average, before a card asks for one from an empty stack.

    Each draw shows a size symbol as often as the deck holds it; Pull Strings takes the
    fullest stack (what the button holder does by default), so only an empty table ends
    the game on it.
    """
    left: dict[Size, int] = {"small": small, "medium": medium, "large": large}
    total = 0.0
    for symbol, count in _SYMBOLS.items():
        size = max(SIZES, key=lambda s: left[s]) if symbol not in SIZES else symbol
        if left[size] == 0:
            continue
        after = dict(left)
        after[size] -= 1
        total += count / _DRAWS * (1 + flips_left(after["small"], after["medium"], after["large"]))
    return total
