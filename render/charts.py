"""Charts: each player's points over the turns of a game, and a server's leaderboard.

Pure functions from numbers to PNG bytes, drawn with Pillow and the shared font and
colours; a game's package gives its players' tags and the score that wins (see
`render.lords_of_vegas.charts`). As on the boards, colour is never the only cue: every
line ends at its player's code tag and name, and every bar carries its player's name
and figures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from PIL import Image

from engine.words import count

from .box import Box
from .canvas import Canvas, Drawing
from .cues import Tag, draw_tag
from .palette import INK, MUTED, PAPER, RULE, WHITE, encode_png, rgb

# A player's key in a chart's numbers: their colour, in a game's own type of colours.
Player = TypeVar("Player", bound=str)

CHART_WIDTH: Final = 960
CHART_HEIGHT: Final = 540
# The plot of the points chart; the labels at the lines' ends go to its right.
PLOT: Final = Box(64, 64, 700, 484)
LABEL_HEIGHT: Final = 26
LINE_WIDTH: Final = 4

BOARD_TOP: Final = 72
ROW_HEIGHT: Final = 44
BAR_LEFT: Final = 300
BAR_RIGHT: Final = 590
BAR_FILL: Final = rgb(232, 188, 62)
COMPRESS_LEVEL: Final = 6


@dataclass(frozen=True)
class Standing:
    """A leaderboard row: a player's finished games, wins and final points."""

    name: str
    games: int
    wins: int
    average: float
    best: int


def encode(image: Image.Image) -> bytes:
    """The chart as PNG bytes."""
    return encode_png(image, COMPRESS_LEVEL)


def shown_name(name: str, fallback: str) -> str:
    """A name on one line (runs of spaces, tabs and line breaks become one space)."""
    return " ".join(name.split()) or fallback


# Points over turns ---------------------------------------------------------------------


def nice_step(span: int, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... that cuts `span` into at most `most` parts."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if span <= step * factor * most:
                return step * factor
        step *= 10


def spread_labels(wanted: Sequence[int], height: int, top: int, bottom: int) -> list[int]:
    """Tops for labels of `height`, each as near as possible to the one `wanted`.

    The labels keep their order (`wanted` is sorted), never overlap and stay within
    `top`..`bottom`.
    """
    placed: list[int] = []
    for y in wanted:
        placed.append(max(y, top, placed[-1] + height if placed else top))
    # Pushed past the bottom: slide the last ones back up, keeping them apart.
    limit = bottom - height
    for index in range(len(placed) - 1, -1, -1):
        placed[index] = min(placed[index], limit)
        limit = placed[index] - height
    return placed


def draw_points_chart(
    series: Mapping[Player, Sequence[int]],
    names: Mapping[Player, str],
    *,
    goal: int,
    tags: Mapping[Player, Tag],
) -> Drawing:
    """Each player's points after every turn (index 0: the start) as a line chart.

    The chart always shows the whole way up to `goal` (the score track's end), marked
    with a darker line; each line has its player's tag colour and ends at the tag.
    """
    canvas = Canvas(Image.new("RGB", (CHART_WIDTH, CHART_HEIGHT), PAPER))
    canvas.text(Box(24, 14, CHART_WIDTH - 24, 50), "Points over turns", INK, 26)
    turns = max((len(points) - 1 for points in series.values()), default=0)
    top_points = max([goal, *(max(points, default=0) for points in series.values())])
    y_max = -(-top_points // 10) * 10

    def x_of(turn: int) -> int:
        return PLOT.left + round(turn * PLOT.width / max(turns, 1))

    def y_of(points: int) -> int:
        return PLOT.bottom - round(points * PLOT.height / y_max)

    for mark in range(0, y_max + 1, 10):
        y = y_of(mark)
        canvas.draw.line((PLOT.left, y, PLOT.right, y), fill=MUTED if mark == goal else RULE)
        canvas.text(Box(8, y - 10, PLOT.left - 8, y + 10), str(mark), MUTED, 14, align="right")
    step = nice_step(max(turns, 1), 12)
    for turn in range(0, turns + 1, step):
        x = x_of(turn)
        canvas.draw.line((x, PLOT.bottom, x, PLOT.bottom + 5), fill=MUTED)
        canvas.text(
            Box(x - 24, PLOT.bottom + 6, x + 24, PLOT.bottom + 26),
            str(turn),
            MUTED,
            14,
            align="center",
        )
    canvas.text(
        Box(PLOT.left, PLOT.bottom + 28, PLOT.right, PLOT.bottom + 50),
        "Turn",
        MUTED,
        16,
        align="center",
    )
    canvas.rect(PLOT, outline=MUTED)

    for color, points in series.items():
        line = [(x_of(turn), y_of(value)) for turn, value in enumerate(points)]
        if len(line) == 1:
            line.append(line[0])
        canvas.draw.line(line, fill=INK, width=LINE_WIDTH + 2, joint="curve")
        canvas.draw.line(line, fill=tags[color].fill, width=LINE_WIDTH, joint="curve")

    # Labels at the lines' ends: code tag, name and final points, highest score on top.
    finals = sorted(series, key=lambda c: (-_final(series[c]), c))
    wanted = [y_of(_final(series[c])) - LABEL_HEIGHT // 2 for c in finals]
    tops = spread_labels(wanted, LABEL_HEIGHT, PLOT.top - LABEL_HEIGHT // 2, CHART_HEIGHT - 8)
    for color, top in zip(finals, tops, strict=True):
        end_y = y_of(_final(series[color]))
        label_y = top + LABEL_HEIGHT // 2
        canvas.draw.line((PLOT.right, end_y, PLOT.right + 10, label_y), fill=MUTED)
        draw_tag(canvas, Box(PLOT.right + 12, top + 3, PLOT.right + 48, top + 23), tags[color], 14)
        name = shown_name(names.get(color, ""), color)
        canvas.text(
            Box(PLOT.right + 54, top + 2, CHART_WIDTH - 60, top + LABEL_HEIGHT - 2),
            name,
            INK,
            16,
            min_size=12,
        )
        canvas.text(
            Box(CHART_WIDTH - 58, top + 2, CHART_WIDTH - 12, top + LABEL_HEIGHT - 2),
            str(_final(series[color])),
            INK,
            16,
            align="right",
        )
    return Drawing(canvas.image, tuple(canvas.placements))


def _final(points: Sequence[int]) -> int:
    return points[-1] if points else 0


# Leaderboard ---------------------------------------------------------------------------


def leaderboard_size(rows: int) -> tuple[int, int]:
    """The leaderboard image's size for this many rows."""
    return CHART_WIDTH, BOARD_TOP + max(rows, 1) * ROW_HEIGHT + 20


def row_box(index: int) -> Box:
    """The band of the leaderboard's row `index` (0: the top player)."""
    top = BOARD_TOP + index * ROW_HEIGHT
    return Box(0, top, CHART_WIDTH, top + ROW_HEIGHT)


def bar_box(index: int, wins: int, most_wins: int) -> Box | None:
    """The bar of row `index`: its length is the wins, the longest bar the most wins."""
    if wins <= 0 or most_wins <= 0:
        return None
    row = row_box(index)
    length = round((BAR_RIGHT - BAR_LEFT) * wins / most_wins)
    return Box(BAR_LEFT, row.top + 8, BAR_LEFT + max(length, 3), row.bottom - 8)


def draw_leaderboard(rows: Sequence[Standing], title: str) -> Drawing:
    """The top players, in the order given, with a bar for their wins."""
    canvas = Canvas(Image.new("RGB", leaderboard_size(len(rows)), PAPER))
    canvas.text(Box(24, 14, CHART_WIDTH - 24, 54), shown_name(title, ""), INK, 26, min_size=16)
    if not rows:
        canvas.text(row_box(0), "No finished games yet.", MUTED, 18, align="center")
    most_wins = max((row.wins for row in rows), default=0)
    for index, row in enumerate(rows):
        band = row_box(index)
        if index % 2:
            canvas.rect(band, fill=WHITE)
        canvas.text(Box(16, band.top, 56, band.bottom), f"{index + 1}.", INK, 20, align="right")
        name = shown_name(row.name, "?")
        canvas.text(Box(64, band.top, BAR_LEFT - 12, band.bottom), name, INK, 20, min_size=13)
        bar = bar_box(index, row.wins, most_wins)
        if bar is not None:
            canvas.rect(bar, fill=BAR_FILL, outline=INK, width=2)
        wins = f"{count(row.wins, 'win')} / {count(row.games, 'game')}"
        canvas.text(Box(BAR_RIGHT + 12, band.top, 796, band.bottom), wins, INK, 18, min_size=12)
        figures = f"avg {row.average:.0f} · best {row.best}"
        canvas.text(
            Box(800, band.top, CHART_WIDTH - 12, band.bottom),
            figures,
            MUTED,
            15,
            min_size=11,
            align="right",
        )
    return Drawing(canvas.image, tuple(canvas.placements))


def render_leaderboard(rows: Sequence[Standing], title: str = "Leaderboard") -> bytes:
    """The leaderboard chart as PNG bytes."""
    return encode(draw_leaderboard(rows, title).image)
