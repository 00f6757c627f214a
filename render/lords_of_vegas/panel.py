"""The panel beside the board: whose turn it is, the players, the cards and a legend.

Players are listed from the top; the card counts and the legend are anchored to the
bottom so that their fixed parts can be drawn once, into the background.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.lords_of_vegas import (
    BOARD,
    GAME_OVER,
    Color,
    GameState,
    result,
    waiting_for,
)
from engine.lords_of_vegas.board import CardKind, company_name
from engine.lords_of_vegas.supply import (
    CARD_KINDS,
    cards_drawn,
    cards_of,
    dice_left,
    markers_left,
)
from engine.words import and_list, count

from ..box import Box
from ..canvas import Canvas
from ..cues import draw_dashed_frame
from ..palette import INK, MUTED, PAPER, RULE, WHITE
from .geometry import PANEL_BOX
from .ground import paint_background
from .lots import draw_code_tag, draw_star, paint_printed_die
from .style import (
    COMPANY_FILL,
    COMPANY_LETTER,
    CURRENT,
    LANE,
    SIGNAL,
    STRIP,
    TIMES,
    WINNER,
)

PAD: Final = 14
LEFT: Final = PANEL_BOX.left + PAD
RIGHT: Final = PANEL_BOX.right - PAD
PLAYERS_TOP: Final = PANEL_BOX.top + 94
ROW_H: Final = 60
LINE_H: Final = 28
LEGEND_TOP: Final = PANEL_BOX.bottom - 8 - 5 * 26 - 10
CARDS_TOP: Final = LEGEND_TOP - 12 - (len(CARD_KINDS) + 3) * LINE_H - 4
SLOTS_LEFT: Final = LEFT + 118
ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th", "6th")
DECISION_WORDS: Final = {
    "place": "to place rerolled dice",
    "layoff": "to decide on a layoff",
    "take_die": "to pick a die to move",
    "take_marker": "to pick a marker to move",
}


def _card_row(index: int) -> Box:
    top = CARDS_TOP + 34 + index * LINE_H
    return Box(LEFT, top, RIGHT, top + LINE_H - 2)


def _slot(row: Box, slot: int) -> Box:
    left = row.left + SLOTS_LEFT - LEFT + slot * 15
    return Box(left, row.top + 5, left + 12, row.top + 21)


def draw_panel_frame(canvas: Canvas) -> None:
    """The panel's fixed parts: title, card headings and empty card slots, the legend."""
    canvas.text(
        Box(LEFT, PANEL_BOX.top + 8, RIGHT - 96, PANEL_BOX.top + 38),
        "LORDS OF VEGAS",
        INK,
        24,
        min_size=18,
    )
    canvas.rect(Box(LEFT, CARDS_TOP, RIGHT, CARDS_TOP + 2), fill=RULE)
    canvas.text(Box(LEFT, CARDS_TOP + 6, RIGHT - 140, CARDS_TOP + 30), "CARDS DRAWN", INK, 18)
    for index, kind in enumerate(CARD_KINDS):
        row = _card_row(index)
        chip = Box(LEFT, row.top + 2, LEFT + 22, row.top + 24)
        if kind == "strip":
            canvas.rounded(chip, 3, fill=STRIP, outline=INK)
            canvas.rect(
                Box(chip.center[0] - 1, chip.top + 3, chip.center[0] + 2, chip.bottom - 3),
                fill=LANE,
            )
            title = "The Strip"
        else:
            canvas.rounded(chip, 3, fill=COMPANY_FILL[kind], outline=INK)
            canvas.text(chip.inset(1), COMPANY_LETTER[kind], INK, 16, align="center")
            title = company_name(kind)
        canvas.text(
            Box(LEFT + 28, row.top, SLOTS_LEFT - 4, row.bottom), title, INK, 17, min_size=13
        )
        for slot in range(cards_of(kind)):
            canvas.rect(_slot(row, slot), fill=PAPER, outline=INK)
    _draw_legend(canvas)


def draw_panel(canvas: Canvas, state: GameState, names: Mapping[Color, str]) -> None:
    """The panel's contents for this moment: status, players, cards drawn, last card."""
    _draw_status(canvas, state, names)
    _draw_players(canvas, state, names)
    _draw_cards(canvas, state)


def _draw_status(canvas: Canvas, state: GameState, names: Mapping[Color, str]) -> None:
    top = PANEL_BOX.top + 8
    turn = Box(RIGHT - 92, top, RIGHT, top + 30)
    canvas.text(turn, f"Turn {state.turn}", INK, 20, min_size=14, align="right")
    edition = "Updated edition" if state.edition == "updated" else "Classic edition (2010)"
    canvas.text(
        Box(LEFT, top + 30, RIGHT, top + 50), f"{edition}, {len(state.players)} players", MUTED, 15
    )
    line = Box(LEFT, top + 52, RIGHT, top + 78)
    if state.over:
        winners = and_list([names[c] for c in state.winners])
        verb = "win" if len(state.winners) > 1 else "wins"
        canvas.rounded(line.inset(-4, 0), 4, fill=INK)
        canvas.text(line, f"GAME OVER: {winners} {verb}", WHITE, 18, min_size=13)
        return
    who = and_list([names[c] for c in waiting_for(state)])
    doing = DECISION_WORDS[state.pending[0].kind] if state.pending else "to play"
    canvas.text(line, f"Waiting for {who} {doing}", INK, 18, min_size=13)


def _draw_players(canvas: Canvas, state: GameState, names: Mapping[Color, str]) -> None:
    order = [color for color, _, _ in result(state)[1]] if state.over else state.colors
    waiting = set(waiting_for(state))
    for index, color in enumerate(order):
        player = state.player(color)
        top = PLAYERS_TOP + index * ROW_H
        row = Box(PANEL_BOX.left + 6, top, PANEL_BOX.right - 6, top + ROW_H - 4)
        if color in state.winners:
            canvas.rounded(row, 6, fill=WINNER, outline=INK, width=2)
        elif color in waiting:
            canvas.rounded(row, 6, fill=CURRENT, outline=INK, width=2)
        else:
            canvas.rounded(row, 6, outline=RULE)
        mark = Box(LEFT - 4, row.top + 4, LEFT + 32, row.top + 30)
        if state.over:
            canvas.text(mark, ORDINALS[index], INK, 17, min_size=13)
        elif color in waiting:
            canvas.text(mark, "▶", INK, 22, align="center")
        x = LEFT + 34
        draw_code_tag(canvas, Box(x, row.top + 6, x + 40, row.top + 30), color, 17)
        canvas.text(
            Box(x + 48, row.top + 3, RIGHT - 80, row.top + 31), names[color], INK, 21, min_size=14
        )
        points = Box(RIGHT - 78, row.top + 3, RIGHT, row.top + 31)
        canvas.text(points, count(player.points, "pt"), INK, 21, min_size=15, align="right")
        money = Box(x, row.top + 32, x + 72, row.bottom - 2)
        canvas.text(money, f"${player.money}m", INK, 18, min_size=13)
        dice = count(dice_left(state, color), "die", "dice")
        supplies = f"{dice}, {count(markers_left(state, color), 'marker')} left"
        canvas.text(
            Box(x + 76, row.top + 32, RIGHT, row.bottom - 2),
            supplies,
            MUTED,
            16,
            min_size=12,
            align="right",
        )


def _draw_cards(canvas: Canvas, state: GameState) -> None:
    deck = Box(RIGHT - 140, CARDS_TOP + 6, RIGHT, CARDS_TOP + 30)
    canvas.text(deck, f"{len(state.deck)} left in deck", INK, 17, min_size=12, align="right")
    in_deck = set(state.deck)
    counts = cards_drawn(state)
    for index, kind in enumerate(CARD_KINDS):
        row = _card_row(index)
        ground = (paint_background, (state.f_block_unused, row.left, row.top))
        canvas.patch(row, ground, paint_card_row, kind, counts[kind])
    row = _card_row(len(CARD_KINDS))
    game_over = "drawn" if GAME_OVER not in in_deck else "still in the deck"
    canvas.text(row, f"Game Over card: {game_over}", INK, 17, min_size=12)
    row = _card_row(len(CARD_KINDS) + 1)
    canvas.text(row, f"Last card: {_last_card_words(state)}", INK, 17, min_size=12)


def paint_card_row(canvas: Canvas, row: Box, kind: CardKind, drawn: int) -> None:
    """How many cards of `kind` are drawn: slots filled in and "n of m"."""
    for slot in range(drawn):
        canvas.rect(_slot(row, slot), fill=INK)
    count = Box(row.right - 64, row.top, row.right, row.bottom)
    canvas.text(count, f"{drawn} of {cards_of(kind)}", INK, 17, min_size=13, align="right")


def _last_card_words(state: GameState) -> str:
    if not state.turn_draws:
        return "none yet"
    card = state.turn_draws[-1]
    if card == GAME_OVER:
        return "Game Over (pays The Strip)"
    kind = BOARD.lots[card].card
    pays = "The Strip" if kind == "strip" else company_name(kind)
    words = f"{card}, pays {pays}"
    if len(state.turn_draws) > 1:
        words += f" (after {', '.join(state.turn_draws[:-1])})"
    return words


def _draw_legend(canvas: Canvas) -> None:
    top = LEGEND_TOP
    canvas.rect(Box(LEFT, top, RIGHT, top + 2), fill=RULE)
    top += 10
    sample = Box(LEFT, top + 1, LEFT + 30, top + 21)
    canvas.rounded(sample, 4, fill=SIGNAL, outline=INK)
    canvas.text(sample.inset(2, 0), "C7", INK, 15, align="center")
    canvas.text(
        Box(LEFT + 38, top, RIGHT, top + 22),
        "changed this turn or the turn before",
        INK,
        15,
        min_size=12,
    )
    top += 26
    draw_dashed_frame(canvas, Box(LEFT, top + 1, LEFT + 30, top + 21), width=3, dash=5)
    canvas.text(
        Box(LEFT + 38, top, RIGHT, top + 22),
        "dashed frame: lot of the last card",
        INK,
        15,
        min_size=12,
    )
    top += 26
    canvas.cached(Box(LEFT + 5, top + 1, LEFT + 24, top + 20), paint_printed_die, 4)
    canvas.text(
        Box(LEFT + 38, top, RIGHT, top + 22),
        "printed die: what a die built here shows",
        INK,
        15,
        min_size=12,
    )
    top += 26
    draw_star(canvas, (LEFT + 15, top + 11), 12)
    canvas.text(
        Box(LEFT + 38, top, RIGHT, top + 22),
        "boss: owns the casino's highest die",
        INK,
        15,
        min_size=12,
    )
    top += 26
    canvas.text(Box(LEFT, top, LEFT + 34, top + 22), f"S{TIMES}2", INK, 16, min_size=12)
    canvas.text(
        Box(LEFT + 38, top, RIGHT, top + 22), "company letter, tiles high", INK, 15, min_size=12
    )
