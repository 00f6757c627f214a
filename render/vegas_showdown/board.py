"""The board: what is up for auction and at what price, who bids what, events and Fame.

From the top: the round, the button holder and whose move it is; one row per premier
space (its tile drawn with its doors and red corners, name, size, Population / Revenue /
Fame, starting price and prerequisites, then its bidding track); the basic tiles' tracks
with how many tiles are left; Renovate and Publicity with the players on them and the
premier stacks; the players (cash, Fame, Population, Revenue, this round's action) beside
this round's event cards in words; the Fame track.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final

from engine.vegas_showdown import Color, GameState
from engine.vegas_showdown.actions import SIZES, BidTarget
from engine.vegas_showdown.bidding import lowest_bid, target_tile
from engine.vegas_showdown.components import TileFacts
from engine.vegas_showdown.tables import (
    BASIC_TRACKS,
    COMPONENTS,
    PREMIER_TARGETS,
    TILES,
    tile_name,
)
from engine.words import and_list

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_tag, fill_pattern
from ..palette import INK, MUTED, RULE, WHITE
from ..text import Align
from .fame import FameLayout, draw_fame
from .sheet import paint_tile
from .style import (
    CURRENT,
    HATCH,
    PANEL,
    PLAYER_TAG,
    TILE_LETTER,
    UNUSED,
    WINNER,
)
from .tracks import ValueShape, draw_no_bid, draw_track
from .words import action_words, event_cards, status_words, waiting_words

PAD: Final = 12
HEADER_H: Final = 64
ROW_H: Final = 62
ACTIONS_H: Final = 62
PLAYER_ROW: Final = 30
LOWER_H: Final = 34 + 5 * PLAYER_ROW + 8
FAME_H: Final = 66
FAME_LAYOUT: Final = FameLayout(
    label=(16, 16), ticks=(14, 10), tag_bottom=26, line_y=42, left=100, right=40, tag_size=14
)
PREMIER_CARD_W: Final = 380
BASIC_CARD_W: Final = 330
MINI_CELL: Final = 28
BASIC_ORDER: Final[tuple[BidTarget, ...]] = ("slots", "slots2", "lounge", "restaurant")
PREMIER_VALUES: Final = tuple(space.number for space in COMPONENTS.board.premier_track)
PREMIER_SHAPES: Final[tuple[ValueShape, ...]] = tuple(
    space.shape for space in COMPONENTS.board.premier_track
)
SIZE_WORDS: Final = {
    "small": "1\N{MULTIPLICATION SIGN}1",
    "medium": "2\N{MULTIPLICATION SIGN}1",
    "large": "2\N{MULTIPLICATION SIGN}2",
}


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The board's rows, top to bottom, for a picture `width` pixels wide."""

    width: int
    height: int
    header: Box
    premier: tuple[Box, ...]
    basic: tuple[Box, ...]
    actions: Box
    players: Box
    events: Box
    fame: Box


@cache
def board_geometry(width: int) -> BoardGeometry:
    """Where the board's parts go in a picture `width` pixels wide."""
    left, right = PAD, width - PAD
    top = HEADER_H
    premier = []
    for _ in PREMIER_TARGETS:
        premier.append(Box(left, top, right, top + ROW_H))
        top += ROW_H
    top += 6
    middle = (left + right) // 2
    basic = []
    for index in range(len(BASIC_ORDER)):
        row_top = top + (index // 2) * ROW_H
        half = (left, middle - 6) if index % 2 == 0 else (middle + 6, right)
        basic.append(Box(half[0], row_top, half[1], row_top + ROW_H))
    top += 2 * ROW_H + 6
    actions = Box(left, top, right, top + ACTIONS_H)
    top += ACTIONS_H + 8
    players = Box(left, top, middle - 6, top + LOWER_H)
    events = Box(middle + 6, top, right, top + LOWER_H)
    top += LOWER_H + 6
    fame = Box(left, top, right, top + FAME_H)
    return BoardGeometry(
        width=width,
        height=fame.bottom + PAD,
        header=Box(left, 6, right, HEADER_H - 4),
        premier=tuple(premier),
        basic=tuple(basic),
        actions=actions,
        players=players,
        events=events,
        fame=fame,
    )


def draw_board(
    canvas: Canvas, top: int, width: int, state: GameState, names: Mapping[Color, str]
) -> int:
    """The board from `top` down across `width` pixels; returns its height."""
    geo = board_geometry(width)

    def at(box: Box) -> Box:
        return Box(box.left, box.top + top, box.right, box.bottom + top)

    _draw_header(canvas, at(geo.header), state, names)
    for space_id, row in zip(PREMIER_TARGETS, geo.premier, strict=True):
        _draw_premier(canvas, at(row), state, space_id)
    for target, row in zip(BASIC_ORDER, geo.basic, strict=True):
        _draw_basic(canvas, at(row), state, target)
    _draw_actions(canvas, at(geo.actions), state)
    _draw_players(canvas, at(geo.players), state, names)
    _draw_events(canvas, at(geo.events), state)
    draw_fame(canvas, at(geo.fame), state, FAME_LAYOUT)
    return geo.height


def _draw_header(canvas: Canvas, box: Box, state: GameState, names: Mapping[Color, str]) -> None:
    title = Box(box.left, box.top, box.left + 300, box.top + 30)
    canvas.text(title, "VEGAS SHOWDOWN", INK, 26, min_size=18)
    round_box = Box(box.right - 200, box.top, box.right, box.top + 30)
    canvas.text(round_box, f"Round {state.round}", INK, 24, min_size=16, align="right")
    facts = f"{len(state.players)} players"
    if not state.over:
        facts += f" \N{MIDDLE DOT} button: {names[state.button]}"
    canvas.text(
        Box(title.right + 16, box.top + 4, round_box.left - 8, box.top + 30),
        facts,
        MUTED,
        18,
        min_size=12,
    )
    line = Box(box.left, box.top + 32, box.right, box.bottom)
    waiting = waiting_words(state, names)
    if state.over:
        canvas.rounded(line.inset(-4, 0), 4, fill=INK)
        canvas.text(line.inset(6, 0), waiting, WHITE, 19, min_size=13)
    elif waiting:
        canvas.text(line, waiting, INK, 19, min_size=13)


def draw_mini_tile(canvas: Canvas, box: Box, tile: str) -> int:
    """The tile drawn small (doors, red corners) at the box's left, centred in its height.

    Returns where the card's text starts, right of the widest tile.
    """
    shape = COMPONENTS.shapes[tile].orientations[0]
    top = box.top + (box.height - shape.height * MINI_CELL) // 2
    mini = Box(box.left, top, box.left + shape.width * MINI_CELL, top + shape.height * MINI_CELL)
    canvas.cached(mini, paint_tile, tile, 0, MINI_CELL, False)
    return box.left + 2 * MINI_CELL + 8


def tile_title(tile: str) -> str:
    """A tile's name on its card, after the letter of its colour."""
    facts = TILES[tile]
    return f"{TILE_LETTER[facts.color]}  {facts.name}"


def tile_card(canvas: Canvas, box: Box, tile: str, corner: str, last: str) -> None:
    """A tile as the board shows it: drawn small (doors, red corners), name, printed values.

    `corner` is written at the top right (the price), `last` on the third line.
    """
    facts = TILES[tile]
    text_left = draw_mini_tile(canvas, box, tile)
    price = Box(box.right - 80, box.top + 1, box.right, box.top + 22)
    canvas.text(
        Box(text_left, box.top + 1, price.left - 4, price.bottom),
        tile_title(tile),
        INK,
        18,
        min_size=12,
    )
    canvas.text(price, corner, INK, 18, min_size=12, align="right")
    values = Box(text_left, box.top + 22, box.right, box.top + 40)
    canvas.text(values, printed_values(facts), INK, 15, min_size=10)
    canvas.text(Box(text_left, box.top + 40, box.right, box.bottom), last, MUTED, 15, min_size=10)


def printed_values(facts: TileFacts) -> str:
    """A tile's size and printed Population, Revenue and Fame, in a line."""
    return (
        f"{facts.size} {SIZE_WORDS[facts.size]} \N{MIDDLE DOT} Pop {facts.population} "
        f"\N{MIDDLE DOT} Rev {facts.revenue} \N{MIDDLE DOT} Fame {facts.fame}"
    )


def needs_words(facts: TileFacts) -> str:
    """The tiles a premier tile needs on the sheet first, in words."""
    if not facts.prerequisites:
        return "no tile needed first"
    return "needs " + and_list([tile_name(t) for t in facts.prerequisites]) + " first"


def bid_markers(state: GameState, target: BidTarget) -> list[tuple[Color, int, bool]]:
    """The bid markers on a track: (player, value, outbid)."""
    return [
        (p.color, p.bid, p.outbid)
        for p in state.players
        if p.action == "bid" and p.bid_on == target
    ]


def no_bid_here(state: GameState, tile: str) -> bool:
    """Whether a No-Bid marker lies on this tile's track (a basic tile, or a premier size)."""
    facts = TILES[tile]
    return (facts.size if facts.is_premier else tile) in state.no_bid


def lowest_open(state: GameState, target: BidTarget, tile: str | None) -> int | None:
    """The smallest bid allowed on the track now, or None when nobody may bid on it."""
    if tile is None or no_bid_here(state, tile):
        return None
    return lowest_bid(state, target)


def draw_action_choosers(
    canvas: Canvas, space: Box, state: GameState, action: str, tag_size: int
) -> None:
    """In an action's space, the tags of the players who chose it, and a No-Bid marker there.

    `tag_size` is the tags' text size.
    """
    on = [p.color for p in state.players if p.action == action]
    for slot, color in enumerate(on):
        tag = Box(
            space.left + 8 + slot * 48,
            space.top + 28,
            space.left + 52 + slot * 48,
            space.top + 50,
        )
        draw_tag(canvas, tag, PLAYER_TAG[color], tag_size)
    if action in state.no_bid:
        draw_no_bid(canvas, Box(space.left, space.top + 22, space.right, space.bottom), "NO BID")


def draw_unused(canvas: Canvas, box: Box, words: str) -> None:
    """A space not used at this table: hatched, with `words` saying why."""
    fill_pattern(canvas, box, UNUSED, HATCH, "rising")
    note = Box(box.center[0] - 260, box.center[1] - 15, box.center[0] + 260, box.center[1] + 15)
    canvas.rounded(note, 6, fill=PANEL, outline=INK, width=2)
    canvas.text(note.inset(8, 2), words, INK, 17, min_size=11, align="center")


def _draw_premier(canvas: Canvas, row: Box, state: GameState, space_id: BidTarget) -> None:
    space = state.space(space_id)
    if space is None:
        draw_unused(canvas, row.inset(0, 3), f"{space_id}: used only with 4 or 5 players")
        return
    canvas.rect(Box(row.left, row.bottom - 1, row.right, row.bottom), fill=RULE)
    badge = Box(row.left, row.top + 12, row.left + 38, row.top + 48)
    canvas.rounded(badge, 6, fill=INK)
    canvas.text(badge.inset(3), space_id, WHITE, 18, min_size=12, align="center")
    card = Box(badge.right + 8, row.top + 2, row.left + PREMIER_CARD_W, row.bottom - 3)
    track = Box(card.right + 12, row.top + 2, row.right, row.bottom - 2)
    tile = space.tile
    if tile is None:
        choosing = space_id == state.filling and not state.over
        words = "empty: the button holder chooses its stack" if choosing else "empty"
        canvas.text(card, words, MUTED, 17, min_size=12)
        draw_track(canvas, track, PREMIER_VALUES, PREMIER_SHAPES, None, None, ())
        return
    tile_card(canvas, card, tile, f"from ${space.price}", needs_words(TILES[tile]))
    lowest = lowest_open(state, space_id, tile)
    markers = bid_markers(state, space_id)
    draw_track(canvas, track, PREMIER_VALUES, PREMIER_SHAPES, lowest, space.price, markers)
    if no_bid_here(state, tile):
        draw_no_bid(canvas, track, f"NO BID on {TILES[tile].size} premier tiles")


def _draw_basic(canvas: Canvas, row: Box, state: GameState, target: BidTarget) -> None:
    track_facts = BASIC_TRACKS[target]
    if len(state.players) not in track_facts.players:
        draw_unused(canvas, row.inset(0, 3), "second Slots track: 5 players only")
        return
    canvas.rect(Box(row.left, row.bottom - 1, row.right, row.bottom), fill=RULE)
    tile = track_facts.tile
    left = state.basic[tile]
    second = " (2nd Slots track)" if target == "slots2" else ""
    card = Box(row.left, row.top + 2, row.left + BASIC_CARD_W, row.bottom - 3)
    tile_card(canvas, card, tile, f"{left} left", f"basic tile{second}")
    track = Box(card.right + 10, row.top + 2, row.right, row.bottom - 2)
    shapes: tuple[ValueShape, ...] = tuple("box" for _ in track_facts.spaces)
    open_tile = target_tile(state, target)
    lowest = lowest_open(state, target, open_tile)
    draw_track(canvas, track, track_facts.spaces, shapes, lowest, None, bid_markers(state, target))
    if no_bid_here(state, tile):
        draw_no_bid(canvas, track, "NO BID")
    elif open_tile is None:
        draw_no_bid(canvas, track, "stack empty" if left == 0 else "needs 2 in the stack")


def _draw_actions(canvas: Canvas, box: Box, state: GameState) -> None:
    """Renovate and Publicity with the players who chose them, then the premier stacks."""
    width = 250
    for index, (action, title) in enumerate(
        (("renovate", "RENOVATE"), ("publicity", f"PUBLICITY +{state.publicity_fame} Fame"))
    ):
        space = Box(
            box.left + index * (width + 10),
            box.top + 2,
            box.left + index * (width + 10) + width,
            box.bottom - 4,
        )
        canvas.rounded(space, 6, fill=PANEL, outline=INK, width=2)
        canvas.text(
            Box(space.left + 8, space.top + 2, space.right - 8, space.top + 24),
            title,
            INK,
            16,
            min_size=11,
        )
        draw_action_choosers(canvas, space, state, action, 14)
    stacks = Box(box.left + 2 * (width + 10) + 6, box.top, box.right, box.bottom)
    canvas.text(
        Box(stacks.left, stacks.top + 2, stacks.right, stacks.top + 24),
        "Premier stacks (tiles left, back on top)",
        MUTED,
        15,
        min_size=11,
    )
    parts = []
    for size in SIZES:
        pile = state.stacks[size]
        top_back = f", {TILES[pile[0]].back} on top" if pile else ""
        parts.append(f"{size} {len(pile)}{top_back}")
    canvas.text(
        Box(stacks.left, stacks.top + 26, stacks.right, stacks.bottom - 4),
        "   ".join(parts),
        INK,
        18,
        min_size=12,
    )


# The players table's columns: heading, left and right edge from the panel's left, alignment.
COLUMNS: Final[tuple[tuple[str, int, int, Align], ...]] = (
    ("", 8, 196, "left"),
    ("$", 196, 246, "right"),
    ("Fame", 246, 302, "right"),
    ("Pop", 302, 352, "right"),
    ("Rev", 352, 402, "right"),
    ("this round", 414, 10_000, "left"),
)


def _draw_players(canvas: Canvas, box: Box, state: GameState, names: Mapping[Color, str]) -> None:
    canvas.rounded(box, 6, fill=PANEL, outline=RULE, width=2)

    def column(start: int, end: int, top: int, bottom: int) -> Box:
        return Box(box.left + start, top, min(box.left + end, box.right - 8), bottom)

    for title, start, end, align in COLUMNS:
        heading = column(start, end, box.top + 4, box.top + 28)
        canvas.text(heading, title, MUTED, 14, min_size=10, align=align)
    for index, player in enumerate(state.players):
        top = box.top + 32 + index * PLAYER_ROW
        row = Box(box.left + 4, top, box.right - 4, top + PLAYER_ROW - 2)
        if player.color in state.winners:
            canvas.rounded(row, 4, fill=WINNER, outline=INK)
        elif status_words(state, player.color) is not None:
            canvas.rounded(row, 4, fill=CURRENT, outline=INK)
        tag = Box(row.left + 4, row.top + 4, row.left + 44, row.bottom - 4)
        draw_tag(canvas, tag, PLAYER_TAG[player.color], 14)
        cells = (
            names[player.color],
            f"${player.money}",
            str(player.fame),
            str(player.population),
            str(player.revenue),
            action_words(player),
        )
        for (title, start, end, align), text in zip(COLUMNS, cells, strict=True):
            shift = 46 if not title else 0
            where = column(start + shift, end, row.top, row.bottom)
            canvas.text(where, text, INK, 17, min_size=11, align=align)


def _draw_events(canvas: Canvas, box: Box, state: GameState) -> None:
    """The event cards of this round and those waiting to be completed, in words."""
    canvas.rounded(box, 6, fill=PANEL, outline=RULE, width=2)
    inner = box.inset(10, 6)
    heading = Box(inner.left, inner.top, inner.right, inner.top + 22)
    canvas.text(heading, "EVENTS THIS ROUND", MUTED, 15, min_size=11)
    cards = event_cards(state)
    top = heading.bottom + 4
    if not cards:
        canvas.text(
            Box(inner.left, top, inner.right, top + 22), "No event card this round.", INK, 17
        )
        return
    room = (inner.bottom - top) // len(cards)
    for title, words in cards:
        canvas.text(Box(inner.left, top, inner.right, top + 21), title, INK, 17, min_size=11)
        text = Box(inner.left, top + 21, inner.right, top + room - 2)
        canvas.paragraph(text, words, INK, 15, min_size=10)
        top += room
