"""A short guide to Vegas Showdown, in our own words, for newcomers (`rules`, consoles).

Each topic is a few lines of plain text. `components` says which parts of the game are
reconstructed rather than read off a printed copy, worked out from the data file itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Literal, get_args

from engine.words import and_list, count

from .sheet import cell_name
from .tables import COMPONENTS, TILES

Topic = Literal[
    "overview",
    "round",
    "bid",
    "renovate",
    "publicity",
    "place",
    "events",
    "scoring",
    "end",
    "components",
]

TOPICS: Final[tuple[Topic, ...]] = get_args(Topic)

_TEXT: Final[dict[Topic, str]] = {
    "overview": (
        "Each of you builds a hotel-casino on a {cols} by {rows} grid of rooms: a casino "
        "end, a hotel end and a common middle, with an entrance at each end. Every round "
        "you bid for rooms (tiles) or spend the round rebuilding or advertising. Rooms "
        "bring Population and Revenue (your income is the lower of the two) and Fame; the "
        "most Fame at the end wins, with cash breaking ties. Everyone starts with ${cash}, "
        "Population {population} and Revenue {revenue}. With 3 players the fourth premier "
        "space (P4) stays empty and each basic pile loses {removed} tiles; with 5 players a "
        "second Slots track opens."
    ),
    "round": (
        "1. From round 2, every premier tile still unsold gets cheaper by one circle; one "
        "already at $3 leaves the game.\n"
        "2. Each empty premier space gets an event card, then a new tile from the stack "
        "the card shows.\n"
        "3. Income: the lower of your Population and Revenue.\n"
        "4. From the button holder round the table, each player bids, renovates or takes "
        "publicity; outbid players choose again on their next turn. Renovate and Publicity "
        "are carried out at once, while the others finish bidding. Then winners pay and "
        "place or keep their tiles.\n"
        "5-6. A full sheet ends the game; otherwise the button moves left."
    ),
    "bid": (
        "`bid <space> <amount>`: P1-P4 are the premier spaces (at least their Minimum-Bid "
        "marker); `slots`, `lounge` and `restaurant` sell basic tiles from their lowest "
        "space up (`slots2`, a second Slots track, only with 5 players and while two Slots "
        "are left). You must beat the standing bid, stay within your cash and the track, "
        "and bid on a printed space. A bid that stands cannot be changed; once outbid you "
        "choose again on your turn."
    ),
    "renovate": (
        "`renovate`: at once, while the others finish bidding, take up to 2 tiles off your "
        "sheet (`remove <cell>`), then put up to 2 tiles you own on it (`place ...`), even "
        "ones just removed. Only the finished sheet must follow the placement rules "
        "(`done`); `undo` starts over and `cancel` keeps your sheet as it was. A renovation "
        "not finished when bidding ends goes on while the tiles bought are placed."
    ),
    "publicity": (
        "`publicity`: gain 1 Fame at once (some event cards change this), and you may "
        "place one tile from your reserve at once too, while the others finish bidding "
        "(`place ...` or `done`)."
    ),
    "place": (
        "`place <tile> <cell> <turn>`: the cell under the tile's top-left corner (a1 at "
        "the casino end's top, {last} at the hotel end's bottom) and a clockwise turn of 0, 90, "
        "180 or 270. The tile must fit on free cells, be reachable from its entrance "
        "through doors that meet (yellow: casino, blue: hotel, green: either), and have "
        "its prerequisites already on the sheet (reserve tiles do not count). A Night Club "
        "needs a door meeting a Lounge's or a Fancy Lounge's. A bought tile you cannot or "
        "will not place goes to your reserve (`reserve`); you may then place a reserve tile "
        "instead."
    ),
    "events": (
        "Each empty premier space draws an event card: it may pay money or Fame for "
        "certain rooms, move prices, change this round's income or Publicity, or put "
        "No-Bid markers on a basic tile, a premier size or an action until the round "
        "ends. Pull Strings lets the button holder pick the stack. A card that cannot be "
        "completed yet stays in play."
    ),
    "scoring": (
        "At the end: 5 Fame for a casino area filled only with yellow and green rooms, 5 "
        "for a hotel area filled only with blue and green, 3 for a door path joining both "
        "entrances, 5/3/1 for the most Population and the most Revenue (tied players share "
        "the places they cover, rounded down), 1 per full $10, 3 per full red diamond and 1 "
        "per three-quarter diamond where red-cornered rooms meet."
    ),
    "end": (
        "The game ends when a player's sheet is completely covered (checked after the "
        "round's placements), or when a premier tile is needed from an empty stack (after "
        "that event card acts; that round has no income or actions). Most Fame wins, then "
        "most cash left; a full tie is a shared win."
    ),
    "components": "",
}


_TILE_PARTS: Final[dict[str, str]] = {
    "doors": "door positions",
    "back": "A/B backs",
    "red_corner_marks": "red corners",
    "color": "colours",
    "prerequisites": "prerequisites",
}
_TILE_VALUES: Final = ("min_bid", "population", "revenue", "fame", "count", "size")
_CARD_PARTS: Final[dict[str, str]] = {
    "name": "names",
    "copies": "copy counts",
    "size_symbols": "size symbols",
    "effects": "effects",
}


def _field(path: str) -> str:
    """The field a reconstructed path names: `tiles.slots.doors[2]` -> `doors`."""
    return path.split(".")[2].split("[", maxsplit=1)[0] if path.count(".") >= 2 else ""


def _how_many(found: int, total: int, noun: str) -> str:
    if found == total:
        return f"every {noun}"
    return count(found, noun)


def reconstructed_summary(marks: Mapping[str, str] | None = None) -> str:
    """Which components are reconstructed, in words, from the data file's own marks.

    `marks` (by default the packaged file's) maps each reconstructed value's path to why.
    Every path is accounted for: those no part below names are counted as other values.
    """
    marks = COMPONENTS.reconstructed if marks is None else marks
    named: set[str] = set()

    def take(paths: Iterable[str]) -> list[str]:
        chosen = list(paths)
        named.update(chosen)
        return chosen

    parts: list[str] = []
    if take(p for p in marks if p.startswith("sheet.")):
        parts.append("the sheet's size, areas and entrances")
    tile_paths = [p for p in marks if p.startswith("tiles.")]
    chart = take(p for p in marks if p == "prerequisite_chart")
    for field, words in _TILE_PARTS.items():
        tiles = {p.split(".")[1] for p in take(p for p in tile_paths if _field(p) == field)}
        if tiles:
            parts.append(f"the {words} of {_how_many(len(tiles), len(TILES), 'tile')}")
        elif field == "prerequisites" and chart:
            parts.append("the prerequisite chart")
    valued = sorted(
        {p.split(".")[1] for p in take(p for p in tile_paths if _field(p) in _TILE_VALUES)}
    )
    if valued:
        names = ", ".join(TILES[t].name for t in valued if t in TILES)
        parts.append(f"some prices, values or counts of {names}")
    card_paths = [p for p in marks if p.startswith("event_cards.")]
    total = len(COMPONENTS.event_cards)
    of_cards = []
    for field, words in _CARD_PARTS.items():
        cards = {p.split(".")[1] for p in take(p for p in card_paths if _field(p) == field)}
        if cards:
            found = len(cards)
            of_cards.append(f"the {words} of {'all ' if found == total else ''}{found}")
    if of_cards:
        parts.append(f"{and_list(of_cards)} of the {total} event cards")
    if take(p for p in marks if p.startswith("board.premier_track")):
        parts.append("some spaces of the premier bidding track")
    if take(p for p in marks if p == "board.premier_fill_order"):
        parts.append("the order the premier spaces fill")
    others = len(set(marks) - named)
    if others:
        parts.append(count(others, "other value"))
    if not parts:
        return "Every component in the data file is marked as read off the printed game."
    return (
        "No complete list of the printed components is public, so parts of this game are "
        "reconstructed to fit every known fact: " + "; ".join(parts) + ". Players who own "
        "the printed game can correct them in engine/vegas_showdown/data/components.json."
    )


def guide(topic: Topic) -> str:
    """The guide's text on `topic`."""
    if topic == "components":
        return reconstructed_summary()
    cols, rows = COMPONENTS.sheet.cols, COMPONENTS.sheet.rows
    start = COMPONENTS.setup
    return _TEXT[topic].format(
        cols=cols,
        rows=rows,
        last=cell_name((cols - 1, rows - 1)),
        cash=start.starting_cash,
        population=start.starting_population,
        revenue=start.starting_revenue,
        removed=start.basic_removed_with_3_players,
    )
