"""The Fame track, drawn alike on the round picture's board and the phone-sized standing.

Ticks every 5 along a line, the tens numbered, and each player's marker (their code and
Fame) pointing at their value; markers are spread so none covers another. The two
pictures differ only in sizes and margins (`FameLayout`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.vegas_showdown import Color, GameState

from ..box import Box
from ..canvas import Canvas
from ..cues import Tag, draw_tag
from ..palette import INK, MUTED, RGB
from .style import PLAYER_CODE, PLAYER_TAG

TAG_WIDTH: Final = 60


@dataclass(frozen=True, slots=True)
class FameLayout:
    """Where the track's parts go in its box, and how large its texts are.

    `label` and `ticks` are (size, smallest size) of the FAME label and the tens' numbers;
    `tag_bottom` is how far down the markers (and the label) reach, `line_y` where the
    line lies, from the box's top; `left` and `right` are the line's margins; `tag_size`
    is the markers' text size.
    """

    label: tuple[int, int]
    ticks: tuple[int, int]
    tag_bottom: int
    line_y: int
    left: int
    right: int
    tag_size: int


def fame_tag_lefts(fames: list[int], left: int, right: int, top_value: int) -> list[int]:
    """Left edges of Fame markers (sorted Fame, lowest first) as near their value as room allows.

    Markers are pushed right until none overlaps, then back left if the last one would
    cross `right`.
    """
    lefts: list[int] = []
    for fame in fames:
        ideal = left + round((right - left) * max(0, fame) / top_value) - TAG_WIDTH // 2
        lefts.append(max(ideal, lefts[-1] + TAG_WIDTH + 2) if lefts else ideal)
    limit = right + TAG_WIDTH // 2
    for index in range(len(lefts) - 1, -1, -1):
        lefts[index] = min(lefts[index], limit - TAG_WIDTH)
        limit = lefts[index] - 2
    return lefts


def draw_fame(canvas: Canvas, box: Box, state: GameState, layout: FameLayout) -> None:
    """The Fame track in `box`: ticks every 5, each player's marker pointing at their Fame."""
    label = Box(box.left, box.top + 4, box.left + 60, box.top + layout.tag_bottom)
    canvas.text(label, "FAME", MUTED, layout.label[0], min_size=layout.label[1])
    highest = max(p.fame for p in state.players)
    top_value = max(40, ((highest + 10) // 10) * 10)
    line_y = box.top + layout.line_y
    left, right = box.left + layout.left, box.right - layout.right
    canvas.rect(Box(left, line_y, right, line_y + 3), fill=INK)

    def x_of(value: int) -> int:
        return left + round((right - left) * max(0, value) / top_value)

    size, smallest = layout.ticks
    for value in range(0, top_value + 1, 5):
        x = x_of(value)
        tall = value % 10 == 0
        canvas.rect(Box(x - 1, line_y - (8 if tall else 4), x + 1, line_y + 3), fill=INK)
        if tall:
            number = Box(x - 20, line_y + 4, x + 20, box.bottom)
            canvas.text(number, str(value), MUTED, size, min_size=smallest, align="center")
    order = state.colors
    players = sorted(state.players, key=lambda p: (p.fame, order.index(p.color)))
    lefts = fame_tag_lefts([p.fame for p in players], left, right, top_value)
    for player, tag_left in zip(players, lefts, strict=True):
        tag = Box(tag_left, box.top + 4, tag_left + TAG_WIDTH, box.top + layout.tag_bottom)
        canvas.draw.line(
            [(tag.center[0], tag.bottom), (x_of(player.fame), line_y)], fill=INK, width=2
        )
        marker = Tag(f"{PLAYER_CODE[player.color]} {player.fame}", *tag_colours(player.color))
        draw_tag(canvas, tag, marker, layout.tag_size)


def tag_colours(color: Color) -> tuple[RGB, RGB, RGB]:
    """A player's tag colours: fill, ink, edge."""
    tag = PLAYER_TAG[color]
    return tag.fill, tag.ink, tag.edge
