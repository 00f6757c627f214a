"""The final picture's standings: each player's final scoring, category by category."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.vegas_showdown import Color, GameState, standings
from engine.vegas_showdown.ending import CATEGORIES

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_tag
from ..palette import INK, MUTED, RULE
from .style import PANEL, PLAYER_TAG, WINNER

ROW: Final = 30
TITLE: Final = 30
HEAD: Final = 40
ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th")
# Column headings, two short lines each, in the order of the engine's categories.
HEADINGS: Final[dict[str, tuple[str, str]]] = {
    "before": ("Fame", "before"),
    "filled_casino": ("casino", "filled"),
    "filled_hotel": ("hotel", "filled"),
    "connected": ("entrances", "joined"),
    "population": ("Population", "rank"),
    "revenue": ("Revenue", "rank"),
    "cash": ("cash", "$10 = 1"),
    "full_diamonds": ("full", "diamonds"),
    "three_quarter_diamonds": ("\N{VULGAR FRACTION THREE QUARTERS}", "diamonds"),
    "Fame": ("final", "Fame"),
    "money": ("cash", "left"),
}


def final_height(state: GameState) -> int:
    """The height of the final scoring table for this many players."""
    return TITLE + HEAD + len(state.players) * ROW + 16


def draw_final(
    canvas: Canvas, top: int, width: int, state: GameState, names: Mapping[Color, str]
) -> None:
    """The standings, best first: Fame before the end, each category, final Fame, cash."""
    box = Box(10, top, width - 10, top + final_height(state) - 6)
    canvas.rounded(box, 8, fill=PANEL, outline=INK, width=2)
    canvas.text(
        Box(box.left + 12, box.top + 4, box.right - 12, box.top + TITLE),
        "FINAL SCORING (Fame gained in each category)",
        INK,
        19,
        min_size=13,
    )
    name_right = box.left + 300
    columns = ["before", *CATEGORIES, "Fame", "money"]
    step = (box.right - 12 - name_right) / len(columns)
    head_top = box.top + TITLE
    for index, column in enumerate(columns):
        left = round(name_right + index * step)
        cell = Box(left, head_top, round(left + step), head_top + HEAD)
        first, second = HEADINGS[column]
        canvas.text(
            Box(cell.left, cell.top, cell.right - 6, cell.top + 20),
            first,
            MUTED,
            14,
            min_size=9,
            align="right",
        )
        canvas.text(
            Box(cell.left, cell.top + 18, cell.right - 6, cell.bottom - 2),
            second,
            MUTED,
            14,
            min_size=9,
            align="right",
        )
    for rank, (color, fame, money) in enumerate(standings(state)):
        row_top = head_top + HEAD + rank * ROW
        row = Box(box.left + 6, row_top, box.right - 6, row_top + ROW - 2)
        if color in state.winners:
            canvas.rounded(row, 4, fill=WINNER, outline=INK)
        else:
            canvas.rect(Box(row.left, row.bottom, row.right, row.bottom + 1), fill=RULE)
        canvas.text(
            Box(row.left + 6, row.top, row.left + 46, row.bottom),
            ORDINALS[rank],
            INK,
            17,
            min_size=11,
        )
        draw_tag(
            canvas,
            Box(row.left + 50, row.top + 4, row.left + 92, row.bottom - 4),
            PLAYER_TAG[color],
            14,
        )
        canvas.text(
            Box(row.left + 100, row.top, name_right - 8, row.bottom),
            names[color],
            INK,
            18,
            min_size=11,
        )
        scores = state.final_scores.get(color, {})
        gained = sum(scores.values())
        figures = [
            str(fame - gained),
            *(str(scores.get(c, 0)) for c in CATEGORIES),
            str(fame),
            f"${money}",
        ]
        for index, text in enumerate(figures):
            left = round(name_right + index * step)
            canvas.text(
                Box(left, row.top, round(left + step) - 6, row.bottom),
                text,
                INK,
                18,
                min_size=11,
                align="right",
            )
