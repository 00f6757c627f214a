"""The points chart and the leaderboard are PNGs that show every player, by colour and by
name, with bars as long as the wins; the same numbers always give the same bytes."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from engine.lords_of_vegas import Color
from render.box import Box
from render.charts import (
    BAR_FILL,
    CHART_HEIGHT,
    CHART_WIDTH,
    Standing,
    draw_leaderboard,
    leaderboard_size,
    render_leaderboard,
    row_box,
    spread_labels,
)
from render.lords_of_vegas.charts import draw_points_chart, render_points_chart
from render.lords_of_vegas.style import PLAYER_FILL
from tests.render.lords_of_vegas.board_positions import UPDATED
from tests.render.lords_of_vegas.test_board_image import AWKWARD_NAMES, PNG_SIGNATURE


def decoded(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        return image.convert("RGB")


def rising(turns: int, players: int) -> dict[Color, list[int]]:
    """Scores that grow at different paces, one list per colour (index 0: the start)."""
    return {
        color: [min(95, (turn * (seat + 1)) // 3) for turn in range(turns + 1)]
        for seat, color in enumerate(UPDATED[:players])
    }


@pytest.mark.parametrize(("turns", "players"), [(0, 2), (1, 3), (27, 4), (80, 6)])
def test_points_chart_shows_every_player_by_colour_and_by_name(turns: int, players: int) -> None:
    series = rising(turns, players)
    names = {color: f"Player {color}" for color in series}
    png = render_points_chart(series, names)
    image = decoded(png)
    assert image.size == (CHART_WIDTH, CHART_HEIGHT)
    colours = {colour for _, colour in image.getcolors(maxcolors=1 << 16) or []}
    assert all(PLAYER_FILL[color] in colours for color in series)
    texts = [placed.text for placed in draw_points_chart(series, names).texts]
    for color, points in series.items():
        assert names[color] in texts
        assert str(points[-1]) in texts
    assert png == render_points_chart(series, names)


def test_points_chart_labels_the_highest_score_first_and_never_overlaps() -> None:
    series: dict[Color, list[int]] = {"red": [0, 10, 40], "blue": [0, 5, 41], "green": [0, 0, 40]}
    drawing = draw_points_chart(series, {"red": "R", "blue": "B", "green": "G"})
    labels = sorted(
        (p for p in drawing.texts if p.text in ("R", "B", "G")), key=lambda p: p.box.top
    )
    assert [p.text for p in labels] == ["B", "G", "R"]
    for upper, lower in itertools.pairwise(labels):
        assert upper.box.bottom <= lower.box.top


def test_labels_spread_apart_inside_their_column() -> None:
    assert spread_labels([10, 12, 14], 20, 0, 200) == [10, 30, 50]
    assert spread_labels([180, 190, 195], 20, 0, 200) == [140, 160, 180]
    assert spread_labels([-30, 5], 20, 0, 200) == [0, 20]


def test_chart_texts_stay_in_their_boxes_whatever_the_names() -> None:
    series = rising(40, 6)
    for offset in range(0, len(AWKWARD_NAMES), 6):
        names = dict(zip(series, AWKWARD_NAMES[offset : offset + 6], strict=False))
        rows = [Standing(name, 5, 2, 40.5, 77) for name in names.values()]
        for drawing in (draw_points_chart(series, names), draw_leaderboard(rows, "Top players")):
            width, height = drawing.image.size
            for placed in drawing.texts:
                assert placed.box.contains(placed.ink), placed
                assert Box(0, 0, width, height).contains(placed.box), placed
                assert placed.text.strip() and "\n" not in placed.text, placed


def test_leaderboard_bars_are_as_long_as_the_wins() -> None:
    rows = [
        Standing("Alice", 10, 6, 70.2, 92),
        Standing("Bob", 8, 3, 55.0, 90),
        Standing("Carol", 4, 1, 61.5, 88),
        Standing("Dave", 2, 0, 30.0, 41),
    ]
    png = render_leaderboard(rows, "Leaderboard: Vegas Night")
    image = decoded(png)
    assert image.size == leaderboard_size(len(rows))
    gold = []
    for index in range(len(rows)):
        band = row_box(index)
        counts = image.crop(band.xy).getcolors(maxcolors=1 << 16) or []
        gold.append(sum(n for n, colour in counts if colour == BAR_FILL))
    assert gold[0] > 0 and gold[3] == 0
    # Bars of the same height: their areas are in the ratio of the wins (6 : 3 : 1).
    assert gold[1] / gold[0] == pytest.approx(3 / 6, rel=0.05)
    assert gold[2] / gold[0] == pytest.approx(1 / 6, rel=0.1)
    texts = [placed.text for placed in draw_leaderboard(rows, "Leaderboard").texts]
    assert texts[1:5] == ["1.", "Alice", "6 wins / 10 games", "avg 70 · best 92"]
    assert "1 win / 4 games" in texts
    assert png == render_leaderboard(rows, "Leaderboard: Vegas Night")


def test_an_empty_leaderboard_still_draws() -> None:
    image = decoded(render_leaderboard([], "Leaderboard"))
    assert image.size == leaderboard_size(0)
