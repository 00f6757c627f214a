"""What `/vs` autocomplete offers: only what the player may do now, with its facts.

Each function takes the game state and the asking player's colour and returns Discord
choices (at most 25), filtered by what has been typed so far. The engine says what is
legal (`legal_actions`); these only word it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from discord import app_commands

from bot.posts import clip
from engine.vegas_showdown import Color, GameState, NotationError, legal_actions
from engine.vegas_showdown.actions import BID_TARGETS, Bid, BidTarget, Remove
from engine.vegas_showdown.bidding import resolve_target as track_of
from engine.vegas_showdown.bidding import standing_bidder, target_tile
from engine.vegas_showdown.notation import parse_tile, tile_guess
from engine.vegas_showdown.sheet import cell_name
from engine.vegas_showdown.tables import PREMIER_TARGETS, TILES, tile_name
from engine.words import and_list

from . import placing

MOST_CHOICES: Final = 25
QUOTED: Final = 40  # characters of what a player typed that a refusal repeats
TRACK_WORDS: Final[dict[str, str]] = {
    "slots": "Slots track",
    "slots2": "second Slots track",
    "lounge": "Lounge track",
    "restaurant": "Restaurant track",
}


def _matches(typed: str, *texts: str) -> bool:
    wanted = typed.strip().lower()
    return not wanted or any(wanted in text.lower() for text in texts)


def quoted(typed: str) -> str:
    """What a player typed, in quotes, cut short: a refusal must keep room for its advice."""
    return f"'{clip(typed.strip(), QUOTED)}'"


def _amounts(state: GameState, color: Color) -> dict[BidTarget, list[int]]:
    """The amounts `color` may bid now, by track, lowest first (the engine's listing)."""
    found: dict[BidTarget, list[int]] = {}
    for action in legal_actions(state, color, ("bid",)):
        if isinstance(action, Bid):
            found.setdefault(track_of(state, action.target), []).append(action.amount)
    return found


def bid_words(
    state: GameState,
    color: Color,
    target: BidTarget,
    lowest: int,
    names: Mapping[Color, str] | None = None,
) -> str:
    """A track open to bidding: its tile, the lowest bid (or the bid to beat), your cash.

    `lowest` is the smallest amount `color` may bid there (a space of the track); a
    standing bid names its bidder (`names`: players' names by colour, else the colour).
    """
    tile = tile_name(target_tile(state, target) or "")
    where = target if target in PREMIER_TARGETS else TRACK_WORDS[target]
    standing = standing_bidder(state, target)
    if standing is not None:
        bidder: str = standing.color
        if names and standing.color in names:
            bidder = f"{names[standing.color][:20]}, {standing.color}"
        floor = f"bid to beat ${standing.bid} ({bidder}), so ${lowest} or more"
    else:
        floor = f"from ${lowest}"
    money = state.player(color).money
    return f"{tile} ({where}): {floor}; you have ${money}"


def bid_tracks(
    state: GameState, color: Color, typed: str, names: Mapping[Color, str] | None = None
) -> list[app_commands.Choice[str]]:
    """Every track `color` may bid on now (none under a No-Bid marker, none out of reach)."""
    found = []
    for target, amounts in _amounts(state, color).items():
        words = bid_words(state, color, target, amounts[0], names)
        if _matches(typed, words, target):
            found.append(app_commands.Choice(name=words[:100], value=_track_value(state, target)))
    return found[:MOST_CHOICES]


def bid_amounts(
    state: GameState, color: Color, target: str, typed: str
) -> list[app_commands.Choice[int]]:
    """The amounts `color` may bid on `target` now (the track's printed spaces), lowest first."""
    chosen = resolve_target(state, target)
    amounts = next((a for t, a in _amounts(state, color).items() if t == chosen), [])
    digits = typed.strip().lstrip("$")
    return [
        app_commands.Choice(name=f"${amount}", value=amount)
        for amount in amounts
        if str(amount).startswith(digits)
    ][:MOST_CHOICES]


def _track_value(state: GameState, target: BidTarget) -> str:
    """What the autocomplete sends for a track: a premier space with its tile (`P2:buffet`).

    A choice made before the space got a new tile then does not bid on the new one.
    """
    tile = target_tile(state, target) if target in PREMIER_TARGETS else None
    return f"{target}:{tile}" if tile else target


def _chosen_tile(typed: str) -> tuple[BidTarget, str] | None:
    """A premier space and the tile an autocomplete choice named (`P2:buffet`), if any."""
    space, colon, tile = typed.strip().partition(":")
    target = next((t for t in PREMIER_TARGETS if t == space), None)
    return (target, tile) if colon and target and tile in TILES else None


def moved_on(state: GameState, typed: str) -> str | None:
    """Why an autocomplete choice of an earlier round no longer bids (None if it does)."""
    chosen = _chosen_tile(typed)
    if chosen is None or target_tile(state, chosen[0]) == chosen[1]:
        return None
    space, tile = chosen
    now = target_tile(state, space)
    holds = f"it holds the {tile_name(now)} now" if now else "nothing is up for auction there now"
    return (
        f"The {tile_name(tile)} is no longer up for auction on {space} ({holds}): choose "
        "again (autocomplete lists what is up now)."
    )


def resolve_target(state: GameState, typed: str) -> str:
    """A bidding track from what was typed: its id (`P2`, `lounge`) or its tile's name.

    An autocomplete choice (`P2:buffet`) names its space while that tile is still on it.
    Anything else comes back as typed, for the engine to explain.
    """
    chosen = _chosen_tile(typed)
    if chosen is not None:
        return chosen[0] if target_tile(state, chosen[0]) == chosen[1] else typed
    word = typed.strip()
    lowered = word.lower()
    for target in BID_TARGETS:
        if target.lower() == lowered:
            return target
    key = lowered.replace(" ", "").replace("-", "").replace("_", "")
    for space in state.spaces:
        name = tile_name(space.tile or "").lower().replace(" ", "").replace("-", "")
        if space.tile and key in (name, space.tile.replace("_", "")):
            return space.id
    return word


def unknown_target(state: GameState, typed: str) -> str:
    """Why `typed` names no bidding track, and which tracks there are now."""
    tracks = [f"the {tile_name(space.tile)} ({space.id})" for space in state.spaces if space.tile]
    tracks += [f"the {tile_name(tile)}" for tile, left in state.basic.items() if left]
    return (
        f"{quoted(typed)} is not a tile up for auction.{tile_meant(typed)} Up now: "
        f"{and_list(tracks) or 'nothing'} (autocomplete lists those you may bid on, with "
        "their prices)."
    )


def tile_meant(typed: str) -> str:
    """` Did you mean the Lounge?` for a misspelt tile name ('' when none is close)."""
    if tile_of(typed) is not None:
        return ""
    meant = tile_guess(typed)
    return f" Did you mean the {tile_name(meant)}?" if meant else ""


def place_tiles(state: GameState, color: Color, typed: str) -> list[app_commands.Choice[str]]:
    """The tiles `color` may put on their sheet now, with how many places each has."""
    decision = placing.placement_decision(state, color)
    if decision is None:
        return []
    found = []
    for tile in placing.tiles(state, decision):
        places = len(placing.spots(state, decision, tile))
        bought = getattr(decision, "tile", None) == tile and decision.kind == "buy"
        where = "bought" if bought else "reserve"
        name = f"{tile_name(tile)} ({where}): {places} place{'s' if places != 1 else ''}"
        if _matches(typed, name, tile):
            found.append(app_commands.Choice(name=name, value=tile))
    return found[:MOST_CHOICES]


def place_spots(
    state: GameState, color: Color, tile: str, typed: str
) -> list[app_commands.Choice[str]]:
    """The numbered places of `tile` (numbered as on the prompt's picture)."""
    decision = placing.placement_decision(state, color)
    chosen = tile_of(tile)
    if decision is None or chosen is None:
        return []
    wanted = typed.strip().lower()
    found = []
    for number, placement in enumerate(placing.spots(state, decision, chosen), 1):
        words = placing.spot_words(number, placement)
        value = placing.spot_value(placement).partition(" ")[2]
        if not wanted or words.lower().startswith(wanted) or wanted in words.lower():
            found.append(app_commands.Choice(name=words, value=value))
    return found[:MOST_CHOICES]


def tile_of(typed: str) -> str | None:
    """A tile named as typed (id, name or alias, however spaced or cased), or None."""
    try:
        return parse_tile(typed)
    except NotationError:
        return None


def removals(state: GameState, color: Color, typed: str) -> list[app_commands.Choice[str]]:
    """Renovating: the tiles `color` may take off, by the cell of their top-left corner."""
    found = []
    for action in legal_actions(state, color, ("remove",)):
        assert isinstance(action, Remove)
        cell = cell_name((action.x, action.y))
        tile = next(p.tile for p in state.player(color).sheet if (p.x, p.y) == (action.x, action.y))
        name = f"{cell}: {tile_name(tile)}"
        if _matches(typed, name):
            found.append(app_commands.Choice(name=name, value=cell))
    return found[:MOST_CHOICES]


def seat_named(names: Mapping[Color, str], typed: str) -> Color | None:
    """The seat `typed` names: its colour, or its player's name (any case), or None."""
    wanted = typed.strip().lower()
    return next((c for c, name in names.items() if wanted in (c, name.strip().lower())), None)


def unreadable_cell(state: GameState, color: Color | None, typed: str) -> str:
    """Why `/vs remove` cannot read `typed` as a cell, and the tiles `color` may take off."""
    mine = removals(state, color, "") if color else []
    offered = f" ({and_list([str(c.name) for c in mine])})" if mine else ""
    return (
        f"{quoted(typed)} is not a cell of the sheet: give a cell of the tile to take off, "
        f"like `a2`{offered}."
    )


def seated(names: Mapping[Color, str], typed: str) -> list[app_commands.Choice[str]]:
    """The players at the table, for `/vs sheet player:`."""
    return [
        app_commands.Choice(name=f"{name} ({color})"[:100], value=color)
        for color, name in names.items()
        if _matches(typed, name, color)
    ][:MOST_CHOICES]
