"""Each player's points over the turns of a Lords of Vegas game, as a line chart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine.lords_of_vegas import Color
from engine.lords_of_vegas.scoring import track_end

from .. import charts
from ..canvas import Drawing
from .style import PLAYER_TAG

# The track's last space: the chart always shows the whole way to it.
GOAL: Final = track_end()


def draw_points_chart(series: Mapping[Color, Sequence[int]], names: Mapping[Color, str]) -> Drawing:
    """Each player's points after every turn (index 0: the start), up to the track's end."""
    return charts.draw_points_chart(series, names, goal=GOAL, tags=PLAYER_TAG)


def render_points_chart(
    series: Mapping[Color, Sequence[int]], names: Mapping[Color, str] | None = None
) -> bytes:
    """The points-over-turns chart as PNG bytes; `names` maps colours to display names."""
    return charts.encode(draw_points_chart(series, names or {}).image)
