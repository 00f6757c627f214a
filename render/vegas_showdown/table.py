"""The table at a phone's width, in two pictures: the tracks, and how the players stand.

The same facts as the board of the round picture (`board`), stacked for a narrow screen.
The tracks: each premier space's tile on one line and its bidding track across the whole
width under it, then the basic tracks, Renovate and Publicity and the premier stacks.
The standing: the players, this round's event cards, the Fame track and the key. Each
is about a phone screen tall, and no text is smaller than `SMALLEST` (`phone_smallest`
of the width), so they read on a phone without zooming.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.vegas_showdown import Color, GameState
from engine.vegas_showdown.actions import SIZES, BidTarget
from engine.vegas_showdown.bidding import target_tile
from engine.vegas_showdown.tables import BASIC_TRACKS, PREMIER_TARGETS, TILES

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_tag, fill_pattern
from ..palette import INK, MUTED, RGB, RULE, WHITE
from ..text import Align, line_pitch, wrap_text
from .board import (
    BASIC_ORDER,
    PREMIER_SHAPES,
    PREMIER_VALUES,
    bid_markers,
    draw_action_choosers,
    draw_mini_tile,
    lowest_open,
    needs_words,
    no_bid_here,
    printed_values,
    tile_title,
)
from .fame import FameLayout, draw_fame
from .legend import ROW as LEGEND_ROW
from .legend import draw_legend, legend_rows
from .phone import phone_smallest
from .style import CURRENT, HATCH, PANEL, PLAYER_TAG, UNUSED, WINNER
from .tracks import ValueShape, draw_no_bid, draw_track
from .words import action_words, event_cards, status_words, waiting_words

TABLE_WIDTH: Final = 600
SMALLEST: Final = phone_smallest(TABLE_WIDTH)
PAD: Final = 10
LEFT: Final = PAD
RIGHT: Final = TABLE_WIDTH - PAD
BODY: Final = 16
TITLE: Final = 22
LINE: Final = 22
HEADER_H: Final = 36
CARD_H: Final = 68
TRACK_H: Final = 62
BASIC_H: Final = 132
BASIC_CARD_W: Final = 330
ACTIONS_H: Final = 118
PLAYER_ROW: Final = 30
FAME_H: Final = 70
FAME_LAYOUT: Final = FameLayout(
    label=(max(16, SMALLEST), SMALLEST),
    ticks=(max(15, SMALLEST), SMALLEST),
    tag_bottom=28,
    line_y=44,
    left=70,
    right=30,
    tag_size=max(14, SMALLEST),
)
KEY_H: Final = 30 + legend_rows(1) * LEGEND_ROW + 10
# The players table's columns: heading, left and right edge from the table's left, alignment.
COLUMNS: Final[tuple[tuple[str, int, int, Align], ...]] = (
    ("", 50, 190, "left"),
    ("$", 190, 240, "right"),
    ("Fame", 240, 292, "right"),
    ("Pop", 292, 334, "right"),
    ("Rev", 334, 376, "right"),
    ("this round", 388, RIGHT - LEFT - 4, "left"),
)


def _write(
    canvas: Canvas,
    box: Box,
    text: str,
    size: int = BODY,
    color: RGB = INK,
    align: Align = "left",
) -> None:
    """A line of text, shrunk if need be but never below the table's smallest size."""
    canvas.text(box, text, color, max(size, SMALLEST), min_size=SMALLEST, align=align)


def _paragraph(canvas: Canvas, box: Box, text: str, color: RGB = INK) -> int:
    """Wrapped text at the body size; returns the lines drawn."""
    return canvas.paragraph(box, text, color, max(BODY, SMALLEST), min_size=SMALLEST)


def _paragraph_height(text: str, width: int) -> int:
    """The height `text` takes as a paragraph at the body size in `width` pixels."""
    size = max(BODY, SMALLEST)
    lines, _ = wrap_text(text, width, 10_000, size, size)
    return len(lines) * line_pitch(lines, size)


def _events_height(state: GameState) -> int:
    """The height of the event cards' panel."""
    width = RIGHT - LEFT - 20
    cards = event_cards(state)
    if not cards:
        return 32 + LINE + 12
    return (
        32
        + sum(_paragraph_height(t, width) + _paragraph_height(w, width) + 8 for t, w in cards)
        + 8
    )


def _header_height(state: GameState, names: Mapping[Color, str]) -> int:
    """The height of the header (`_draw_header`): title, facts, and whom the game waits for."""
    waiting = waiting_words(state, names)
    return HEADER_H + LINE + (_paragraph_height(waiting, RIGHT - LEFT) if waiting else 0)


def tracks_height(state: GameState, names: Mapping[Color, str]) -> int:
    """Where `draw_tracks` ends: the picture's height is known before it is drawn."""
    premier = sum(
        CARD_H if state.space(space_id) is None else CARD_H + TRACK_H
        for space_id in PREMIER_TARGETS
    )
    basic = len(BASIC_ORDER) * (BASIC_H // 2)
    return PAD + _header_height(state, names) + 8 + premier + 8 + basic + 8 + ACTIONS_H


def standing_height(state: GameState, names: Mapping[Color, str]) -> int:
    """Where `draw_standing` ends: the picture's height is known before it is drawn."""
    players = _players_height(state)
    header = PAD + _header_height(state, names) + 8
    return header + players + 12 + _events_height(state) + 8 + FAME_H + 8 + KEY_H


def _players_height(state: GameState) -> int:
    """The height of the players' table: a heading and a row per player."""
    return 34 + len(state.players) * PLAYER_ROW + 4


def draw_tracks(canvas: Canvas, state: GameState, names: Mapping[Color, str]) -> int:
    """The auction, top to bottom: header, premier and basic tracks, actions and stacks.

    Returns the bottom of what was drawn (the picture is cut there).
    """
    top = _draw_header(canvas, PAD, state, names) + 8
    for space_id in PREMIER_TARGETS:
        top = _draw_premier(canvas, top, state, space_id)
    top += 8
    for target in BASIC_ORDER:
        top = _draw_basic(canvas, top, state, target)
    return _draw_actions(canvas, top + 8, state)


def draw_standing(canvas: Canvas, state: GameState, names: Mapping[Color, str]) -> int:
    """How the players stand, top to bottom: header, players, event cards, Fame and the key.

    Returns the bottom of what was drawn (the picture is cut there).
    """
    top = _draw_header(canvas, PAD, state, names) + 8
    top = _draw_players(canvas, top, state, names) + 12
    top = _draw_events(canvas, top, state) + 8
    draw_fame(canvas, Box(LEFT, top, RIGHT, top + FAME_H), state, FAME_LAYOUT)
    top += FAME_H + 8
    draw_legend(canvas, Box(LEFT, top, RIGHT, top + KEY_H), 1, SMALLEST)
    return top + KEY_H


def _draw_header(canvas: Canvas, top: int, state: GameState, names: Mapping[Color, str]) -> int:
    _write(canvas, Box(LEFT, top, LEFT + 300, top + HEADER_H), "VEGAS SHOWDOWN", TITLE)
    _write(
        canvas,
        Box(RIGHT - 200, top, RIGHT, top + HEADER_H),
        f"Round {state.round}",
        TITLE,
        align="right",
    )
    top += HEADER_H
    facts = f"{len(state.players)} players"
    if not state.over:
        facts += f" \N{MIDDLE DOT} button: {names[state.button]}"
    _write(canvas, Box(LEFT, top, RIGHT, top + LINE), facts, color=MUTED)
    top += LINE
    waiting = waiting_words(state, names)
    if not waiting:
        return top
    height = _paragraph_height(waiting, RIGHT - LEFT)
    box = Box(LEFT, top, RIGHT, top + height)
    if state.over:
        canvas.rounded(box.inset(-4, 0), 4, fill=INK)
        _paragraph(canvas, box, waiting, WHITE)
    else:
        _paragraph(canvas, box, waiting)
    return box.bottom


def _tile_card(
    canvas: Canvas, box: Box, tile: str, corner: str, last: str, values: str | None = None
) -> None:
    """A tile drawn small (doors, red corners) beside its name, price and printed values."""
    left = draw_mini_tile(canvas, box, tile)
    price = Box(box.right - 90, box.top, box.right, box.top + LINE)
    _write(canvas, Box(left, box.top, price.left - 4, price.bottom), tile_title(tile), 18)
    _write(canvas, price, corner, 18, align="right")
    _write(
        canvas,
        Box(left, box.top + LINE, box.right, box.top + 2 * LINE),
        values or printed_values(TILES[tile]),
        15,
    )
    _write(canvas, Box(left, box.top + 2 * LINE, box.right, box.top + 3 * LINE), last, 15, MUTED)


def _draw_premier(canvas: Canvas, top: int, state: GameState, space_id: BidTarget) -> int:
    row = Box(LEFT, top, RIGHT, top + CARD_H + TRACK_H)
    space = state.space(space_id)
    if space is None:
        _draw_unused(
            canvas,
            Box(LEFT, top + 3, RIGHT, top + CARD_H - 3),
            f"{space_id}: used only with 4 or 5 players",
        )
        return top + CARD_H
    canvas.rect(Box(row.left, row.bottom - 1, row.right, row.bottom), fill=RULE)
    badge = Box(row.left, top + 14, row.left + 38, top + 50)
    canvas.rounded(badge, 6, fill=INK)
    _write(canvas, badge.inset(3), space_id, 18, WHITE, align="center")
    card = Box(badge.right + 8, top + 2, RIGHT, top + CARD_H - 2)
    track = Box(LEFT, top + CARD_H, RIGHT, row.bottom - 2)
    tile = space.tile
    if tile is None:
        choosing = space_id == state.filling and not state.over
        words = "empty: the button holder chooses its stack" if choosing else "empty"
        _write(canvas, card, words, 17, MUTED)
        draw_track(canvas, track, PREMIER_VALUES, PREMIER_SHAPES, None, None, ())
        return row.bottom
    _tile_card(canvas, card, tile, f"from ${space.price}", needs_words(TILES[tile]))
    lowest = lowest_open(state, space_id, tile)
    markers = bid_markers(state, space_id)
    draw_track(canvas, track, PREMIER_VALUES, PREMIER_SHAPES, lowest, space.price, markers)
    if no_bid_here(state, tile):
        draw_no_bid(canvas, track, f"NO BID on {TILES[tile].size} premier tiles")
    return row.bottom


def _draw_unused(canvas: Canvas, box: Box, words: str) -> None:
    fill_pattern(canvas, box, UNUSED, HATCH, "rising")
    note = box.inset(40, 12)
    canvas.rounded(note, 6, fill=PANEL, outline=INK, width=2)
    _write(canvas, note.inset(8, 2), words, 17, align="center")


def _draw_basic(canvas: Canvas, top: int, state: GameState, target: BidTarget) -> int:
    """A basic track: the tile beside the track, the two halves of a row in turn."""
    height = BASIC_H // 2
    row = Box(LEFT, top, RIGHT, top + height)
    track_facts = BASIC_TRACKS[target]
    if len(state.players) not in track_facts.players:
        _draw_unused(canvas, row.inset(0, 3), "second Slots track: 5 players only")
        return row.bottom
    canvas.rect(Box(row.left, row.bottom - 1, row.right, row.bottom), fill=RULE)
    tile = track_facts.tile
    left = state.basic[tile]
    last = "basic tile, 2nd Slots track" if target == "slots2" else "basic tile"
    card = Box(row.left, row.top + 2, row.left + BASIC_CARD_W, row.bottom - 2)
    facts = TILES[tile]
    values = printed_values(facts).removeprefix(f"{facts.size} ")
    _tile_card(canvas, card, tile, f"{left} left", last, values)
    track = Box(card.right + 8, row.top + 2, row.right, row.bottom - 2)
    shapes: tuple[ValueShape, ...] = tuple("box" for _ in track_facts.spaces)
    open_tile = target_tile(state, target)
    lowest = lowest_open(state, target, open_tile)
    markers = bid_markers(state, target)
    draw_track(canvas, track, track_facts.spaces, shapes, lowest, None, markers)
    if no_bid_here(state, tile):
        draw_no_bid(canvas, track, "NO BID")
    elif open_tile is None:
        draw_no_bid(canvas, track, "stack empty" if left == 0 else "needs 2 in stack")
    return row.bottom


def _draw_actions(canvas: Canvas, top: int, state: GameState) -> int:
    """Renovate and Publicity with the players who chose them, then the premier stacks."""
    width = (RIGHT - LEFT - 10) // 2
    titles = (("renovate", "RENOVATE"), ("publicity", f"PUBLICITY +{state.publicity_fame} Fame"))
    for index, (action, title) in enumerate(titles):
        left = LEFT + index * (width + 10)
        space = Box(left, top + 2, left + width, top + 58)
        canvas.rounded(space, 6, fill=PANEL, outline=INK, width=2)
        _write(canvas, Box(space.left + 8, space.top + 2, space.right - 8, space.top + 24), title)
        draw_action_choosers(canvas, space, state, action, max(14, SMALLEST))
    top += 62
    _write(
        canvas,
        Box(LEFT, top, RIGHT, top + LINE),
        "Premier stacks: tiles left, back on top",
        15,
        MUTED,
    )
    parts = []
    for size in SIZES:
        pile = state.stacks[size]
        top_back = f", {TILES[pile[0]].back}" if pile else ""
        parts.append(f"{size} {len(pile)}{top_back}")
    _write(canvas, Box(LEFT, top + LINE, RIGHT, top + 2 * LINE + 8), "   ".join(parts), 18)
    return top + ACTIONS_H - 62


def _draw_players(canvas: Canvas, top: int, state: GameState, names: Mapping[Color, str]) -> int:
    box = Box(LEFT, top, RIGHT, top + _players_height(state))
    canvas.rounded(box, 6, fill=PANEL, outline=RULE, width=2)

    def column(start: int, end: int, row_top: int, row_bottom: int) -> Box:
        return Box(box.left + start, row_top, box.left + end, row_bottom)

    for title, start, end, align in COLUMNS:
        _write(canvas, column(start, end, top + 4, top + 30), title, 15, MUTED, align)
    for index, player in enumerate(state.players):
        row_top = top + 32 + index * PLAYER_ROW
        row = Box(box.left + 4, row_top, box.right - 4, row_top + PLAYER_ROW - 2)
        if player.color in state.winners:
            canvas.rounded(row, 4, fill=WINNER, outline=INK)
        elif status_words(state, player.color) is not None:
            canvas.rounded(row, 4, fill=CURRENT, outline=INK)
        tag = Box(row.left + 4, row.top + 3, row.left + 44, row.bottom - 3)
        draw_tag(canvas, tag, PLAYER_TAG[player.color], max(14, SMALLEST))
        cells = (
            names[player.color],
            f"${player.money}",
            str(player.fame),
            str(player.population),
            str(player.revenue),
            action_words(player),
        )
        for (_, start, end, align), text in zip(COLUMNS, cells, strict=True):
            _write(canvas, column(start, end, row.top, row.bottom), text, 17, align=align)
    return box.bottom


def _draw_events(canvas: Canvas, top: int, state: GameState) -> int:
    """The event cards of this round and those waiting to be completed, in words."""
    box = Box(LEFT, top, RIGHT, top + _events_height(state))
    canvas.rounded(box, 6, fill=PANEL, outline=RULE, width=2)
    inner = box.inset(10, 6)
    _write(
        canvas,
        Box(inner.left, inner.top, inner.right, inner.top + LINE),
        "EVENTS THIS ROUND",
        15,
        MUTED,
    )
    top = inner.top + 26
    cards = event_cards(state)
    if not cards:
        _write(canvas, Box(inner.left, top, inner.right, top + LINE), "No event card this round.")
        return box.bottom
    for title, words in cards:
        height = _paragraph_height(title, inner.width)
        _paragraph(canvas, Box(inner.left, top, inner.right, top + height), title)
        top += height
        height = _paragraph_height(words, inner.width)
        _paragraph(canvas, Box(inner.left, top, inner.right, top + height), words, MUTED)
        top += height + 8
    return box.bottom
