"""The components as the rules use them: loaded once, with lookups worked out in advance.

Everything here comes from `data/components.json` (see `components.py`); a player who
corrects that file changes what these tables hold.
"""

from __future__ import annotations

from typing import Final

from .actions import BidTarget, Size
from .components import BasicTrack, Components, EventCard, EventCopy, TileFacts, load_components

COMPONENTS: Final[Components] = load_components()
TILES: Final[dict[str, TileFacts]] = COMPONENTS.tiles
TILE_SIZES: Final[dict[str, Size]] = {tile: facts.size for tile, facts in TILES.items()}
PREMIER_BIDS: Final[tuple[int, ...]] = tuple(s.number for s in COMPONENTS.board.premier_track)
PREMIER_TARGETS: Final[tuple[BidTarget, ...]] = ("P1", "P2", "P3", "P4")
# Our notation's names for the basic tracks, and the board's.
_BOARD_TRACK: Final[dict[BidTarget, str]] = {
    "slots": "slots",
    "slots2": "slots_5p",
    "lounge": "lounge",
    "restaurant": "restaurant",
}
BASIC_TRACKS: Final[dict[BidTarget, BasicTrack]] = {
    target: COMPONENTS.board.basic_track(track) for target, track in _BOARD_TRACK.items()
}
# How many tiles a basic stack needs for a track to be open: the second Slots track
# sells a second tile, so it needs two.
TRACK_NEEDS: Final[dict[BidTarget, int]] = {"slots": 1, "slots2": 2, "lounge": 1, "restaurant": 1}


def card_of(index: int) -> tuple[EventCopy, EventCard]:
    """An event card in the deck (by index) and the card type it is a copy of."""
    copy = COMPONENTS.event_deck[index]
    return copy, COMPONENTS.event_cards[copy.card_id]


def tile_size(tile: str) -> Size:
    """A tile's size."""
    return TILES[tile].size


def tile_name(tile: str) -> str:
    """A tile's printed name."""
    facts = TILES.get(tile)
    return facts.name if facts else tile
