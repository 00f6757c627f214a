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
STATUS: Final = 24
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
    status: Box
    stats: Box
    sheet_left: int
    sheet_top: int
    reserve: Box
    bonuses: Box


@cache
def block_geometry(cell: int, roomy: bool = False) -> BlockGeometry:
    """The layout of a player's block around a sheet of `cell`-pixel cells.

    What the game waits for has a line of its own under the name; a `roomy` block (for
    large text) gives the final-scoring parts two lines.
    """
    geo = sheet_geometry(cell)
    width = geo.width + 2 * PAD
    status = Box(PAD, HEADER - 4, width - PAD, HEADER - 4 + STATUS)
    stats_top = status.bottom
    sheet_top = stats_top + STATS + 4
    reserve_top = sheet_top + geo.height + 4
    bonuses_top = reserve_top + (3 * RESERVE // 2 if roomy else RESERVE)
    bonuses_h = 2 * BONUSES if roomy else BONUSES
    return BlockGeometry(
        width=width,
        height=bonuses_top + bonuses_h + PAD,
        header=Box(PAD, 2, width - PAD, HEADER),
        status=status,
        stats=Box(PAD, stats_top + 2, width - PAD, stats_top + STATS),
        sheet_left=PAD,
        sheet_top=sheet_top,
        reserve=Box(PAD, reserve_top, width - PAD, bonuses_top),
        bonuses=Box(PAD, bonuses_top, width - PAD, bonuses_top + bonuses_h),
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
    smallest: int = 0,
) -> SheetGeometry:
    """One player's block with its top left at (`left`, `top`); returns the sheet's geometry.

    With `smallest`, no text is drawn smaller than that, in a roomy block (`block_geometry`).
    """
    block = block_geometry(cell, roomy=smallest > 0)

    def least(size: int) -> int:
        return max(size, smallest)

    player = state.player(color)
    status = status_words(state, color)
    frame = Box(left, top, left + block.width, top + block.height)
    if color in state.winners:
        ground = WINNER
        canvas.rounded(frame, 8, fill=WINNER, outline=INK, width=3)
    elif status is not None:
        ground = CURRENT
        canvas.rounded(frame, 8, fill=CURRENT, outline=INK, width=3)
    else:
        ground = PANEL
        canvas.rounded(frame, 8, fill=PANEL, outline=RULE, width=2)
    header = _moved(block.header, left, top)
    tag = Box(header.left, header.top + 5, header.left + 42, header.bottom - 3)
    draw_tag(canvas, tag, PLAYER_TAG[color], least(16))
    button = " (button)" if state.button == color and not state.over else ""
    name_box = Box(tag.right + 8, header.top, header.right, header.bottom)
    if status is not None:
        words = f"Waiting for them {status}"
        canvas.text(_moved(block.status, left, top), words, INK, least(16), min_size=least(11))
    canvas.text(name_box, name + button, INK, least(20), min_size=least(13))
    stats = _moved(block.stats, left, top)
    figures = (
        f"${player.money}   Fame {player.fame}   "
        f"Population {player.population}   Revenue {player.revenue}"
    )
    canvas.text(stats, figures, INK, least(17), min_size=least(12))
    sheet_left, sheet_top = left + block.sheet_left, top + block.sheet_top
    geo = draw_sheet(
        canvas, sheet_left, sheet_top, cell, player.sheet, smallest=least(8), ground=ground
    )
    _draw_reserve(canvas, _moved(block.reserve, left, top), player.reserve, smallest)
    _draw_bonuses(canvas, _moved(block.bonuses, left, top), state, color, smallest)
    return geo


def _draw_reserve(canvas: Canvas, box: Box, reserve: list[str], smallest: int = 0) -> None:
    """The reserve as chips: each tile's colour letter on its colour, then its name."""
    size = max(15, smallest)
    label = Box(box.left, box.top, box.left + span("Reserve:", size)[0] + 6, box.top + 20)
    canvas.text(label, "Reserve:", MUTED, size, min_size=max(11, smallest))
    if not reserve:
        canvas.text(Box(label.right, box.top, box.right, box.top + 20), "none", MUTED, size)
        return
    x, y = label.right, box.top
    line = max(21, smallest + 8)
    chip_w = max(18, smallest + 6)
    for tile in reserve:
        facts = TILES[tile]
        chip = Box(x, y + 1, x + chip_w, y + line - 2)
        text_width = span(facts.name, size)[0]
        if chip.right + 4 + text_width > box.right and x > label.right:
            x, y = label.right, y + line
            if y + line > box.bottom:
                canvas.text(Box(box.right - 30, y - line, box.right, y), "…", INK, size)
                return
            chip = Box(x, y + 1, x + chip_w, y + line - 2)
        canvas.rounded(chip, 3, fill=TILE_FILL[facts.color], outline=INK)
        canvas.text(
            chip.inset(1),
            TILE_LETTER[facts.color],
            INK,
            max(13, smallest),
            min_size=max(9, smallest),
            align="center",
        )
        ink = canvas.text(
            Box(chip.right + 4, y, box.right, y + line),
            facts.name,
            INK,
            size,
            min_size=max(11, smallest),
        )
        x = (ink.right if ink else chip.right) + 12


def _draw_bonuses(
    canvas: Canvas, box: Box, state: GameState, color: Color, smallest: int = 0
) -> None:
    """Final-scoring parts of the sheet: joined entrances, filled areas, diamonds."""
    bonuses = sheet_bonuses(COMPONENTS, state.player(color).sheet)
    parts = [
        f"{YES if bonuses.connected else NO} joined",
        f"{YES if bonuses.filled_casino else NO} casino filled",
        f"{YES if bonuses.filled_hotel else NO} hotel filled",
        f"diamonds: {bonuses.full_diamonds} full, "
        f"{bonuses.three_quarter_diamonds} {THREE_QUARTERS}",
    ]
    if smallest:
        half = Box(box.left, box.top, box.right, box.top + box.height // 2)
        canvas.text(half, "   ".join(parts[:3]), INK, max(15, smallest), min_size=smallest)
        half = Box(box.left, half.bottom, box.right, box.bottom)
        canvas.text(half, parts[3], INK, max(15, smallest), min_size=smallest)
    else:
        canvas.text(box, "   ".join(parts), INK, 15, min_size=11)
