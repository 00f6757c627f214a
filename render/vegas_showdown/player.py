"""A player's hotel-casino sheet with everything about them beside it.

From the top: their colour's code and name (highlighted when the game waits for them,
with what it waits for), their cash, Fame, Population and Revenue, the sheet, the tiles
in their reserve, and how the sheet stands for final scoring (entrances joined, areas
filled, diamonds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from engine.vegas_showdown import Color, GameState
from engine.vegas_showdown.sheet_scoring import sheet_bonuses
from engine.vegas_showdown.tables import COMPONENTS, TILES

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_tag
from ..palette import INK, MUTED, RULE
from ..text import span
from .sheet import SheetGeometry, draw_sheet, sheet_geometry
from .style import CURRENT, PANEL, PLAYER_TAG, TILE_FILL, TILE_LETTER, WINNER
from .words import status_words

PAD: Final = 8
HEADER: Final = 34
STATS: Final = 26
RESERVE: Final = 44
BONUSES: Final = 24
YES: Final = "\N{CHECK MARK}"
NO: Final = "\N{BALLOT X}"
THREE_QUARTERS: Final = "\N{VULGAR FRACTION THREE QUARTERS}"


@dataclass(frozen=True, slots=True)
class BlockGeometry:
    """Where a player's block puts its parts, from its top left; `sheet` at (0, 0)-relative."""

    width: int
    height: int
    header: Box
    stats: Box
    sheet_left: int
    sheet_top: int
    reserve: Box
    bonuses: Box


@cache
def block_geometry(cell: int) -> BlockGeometry:
    """The layout of a player's block around a sheet of `cell`-pixel cells."""
    geo = sheet_geometry(cell)
    width = geo.width + 2 * PAD
    sheet_top = HEADER + STATS + 4
    reserve_top = sheet_top + geo.height + 4
    bonuses_top = reserve_top + RESERVE
    return BlockGeometry(
        width=width,
        height=bonuses_top + BONUSES + PAD,
        header=Box(PAD, 2, width - PAD, HEADER),
        stats=Box(PAD, HEADER + 2, width - PAD, HEADER + STATS),
        sheet_left=PAD,
        sheet_top=sheet_top,
        reserve=Box(PAD, reserve_top, width - PAD, reserve_top + RESERVE),
        bonuses=Box(PAD, bonuses_top, width - PAD, bonuses_top + BONUSES),
    )


def _moved(box: Box, left: int, top: int) -> Box:
    return Box(box.left + left, box.top + top, box.right + left, box.bottom + top)


def draw_player_block(
    canvas: Canvas,
    left: int,
    top: int,
    cell: int,
    state: GameState,
    color: Color,
    name: str,
) -> SheetGeometry:
    """One player's block with its top left at (`left`, `top`); returns the sheet's geometry."""
    block = block_geometry(cell)
    player = state.player(color)
    status = status_words(state, color)
    frame = Box(left, top, left + block.width, top + block.height)
    if color in state.winners:
        canvas.rounded(frame, 8, fill=WINNER, outline=INK, width=3)
    elif status is not None:
        canvas.rounded(frame, 8, fill=CURRENT, outline=INK, width=3)
    else:
        canvas.rounded(frame, 8, fill=PANEL, outline=RULE, width=2)
    header = _moved(block.header, left, top)
    tag = Box(header.left, header.top + 5, header.left + 42, header.bottom - 3)
    draw_tag(canvas, tag, PLAYER_TAG[color], 16)
    button = " (button)" if state.button == color and not state.over else ""
    name_box = Box(tag.right + 8, header.top, header.right, header.bottom)
    if status is not None:
        name_box = Box(tag.right + 8, header.top, header.center[0] + 40, header.bottom)
        canvas.text(
            Box(name_box.right + 6, header.top, header.right, header.bottom),
            status,
            INK,
            15,
            min_size=11,
            align="right",
        )
    canvas.text(name_box, name + button, INK, 20, min_size=13)
    stats = _moved(block.stats, left, top)
    figures = (
        f"${player.money}   Fame {player.fame}   "
        f"Population {player.population}   Revenue {player.revenue}"
    )
    canvas.text(stats, figures, INK, 17, min_size=12)
    geo = draw_sheet(canvas, left + block.sheet_left, top + block.sheet_top, cell, player.sheet)
    _draw_reserve(canvas, _moved(block.reserve, left, top), player.reserve)
    _draw_bonuses(canvas, _moved(block.bonuses, left, top), state, color)
    return geo


def _draw_reserve(canvas: Canvas, box: Box, reserve: list[str]) -> None:
    """The reserve as chips: each tile's colour letter on its colour, then its name."""
    label = Box(box.left, box.top, box.left + 70, box.top + 20)
    canvas.text(label, "Reserve:", MUTED, 15, min_size=11)
    if not reserve:
        canvas.text(Box(label.right, box.top, box.right, box.top + 20), "none", MUTED, 15)
        return
    x, y = label.right, box.top
    line = 21
    for tile in reserve:
        facts = TILES[tile]
        chip = Box(x, y + 1, x + 18, y + line - 2)
        text_width = _name_width(facts.name)
        if chip.left + 22 + text_width > box.right and x > label.right:
            x, y = label.right, y + line
            if y + line > box.bottom:
                canvas.text(Box(box.right - 30, y - line, box.right, y), "…", INK, 15)
                return
            chip = Box(x, y + 1, x + 18, y + line - 2)
        canvas.rounded(chip, 3, fill=TILE_FILL[facts.color], outline=INK)
        canvas.text(chip.inset(1), TILE_LETTER[facts.color], INK, 13, min_size=9, align="center")
        ink = canvas.text(
            Box(chip.right + 4, y, box.right, y + line), facts.name, INK, 15, min_size=11
        )
        x = (ink.right if ink else chip.right) + 12


def _name_width(name: str) -> int:
    return span(name, 15)[0]


def _draw_bonuses(canvas: Canvas, box: Box, state: GameState, color: Color) -> None:
    """Final-scoring parts of the sheet: joined entrances, filled areas, diamonds."""
    bonuses = sheet_bonuses(COMPONENTS, state.player(color).sheet)
    parts = [
        f"{YES if bonuses.connected else NO} joined",
        f"{YES if bonuses.filled_casino else NO} casino filled",
        f"{YES if bonuses.filled_hotel else NO} hotel filled",
        f"diamonds: {bonuses.full_diamonds} full, "
        f"{bonuses.three_quarter_diamonds} {THREE_QUARTERS}",
    ]
    canvas.text(box, "   ".join(parts), INK, 15, min_size=11)
