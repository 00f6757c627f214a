"""The round post's pictures read on a phone: at 400 pixels wide no text is under 9 pixels
(as a font size), no tile's name is cut short, and a door stands out from a wall."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.vegas_showdown import GameState
from engine.vegas_showdown.geometry import Side
from engine.vegas_showdown.sheet import Placement
from engine.vegas_showdown.state import BuyDecision
from engine.vegas_showdown.tables import COMPONENTS, TILES
from render.box import Box
from render.canvas import Canvas, Drawing
from render.palette import INK, PAPER
from render.text import ELLIPSIS, HYPHEN
from render.vegas_showdown import (
    render_round_pictures,
    render_sheet,
    render_standing,
    render_tracks,
)
from render.vegas_showdown.phone import PHONE_TEXT, PHONE_WIDTH
from render.vegas_showdown.picture import (
    PAGE_BOUND,
    ROUND_CELL,
    SHEET_CELL,
    draw_player_sheet,
    draw_round,
    draw_standing_picture,
    draw_tracks_picture,
    single_sheet,
)
from render.vegas_showdown.preview import BIG_CELL, SMALL_CELL
from render.vegas_showdown.sheet import door_jambs, gap_width, paint_tile, wall_width
from render.vegas_showdown.style import TILE_LETTER
from render.vegas_showdown.table import (
    TABLE_WIDTH,
    draw_standing,
    draw_tracks,
    standing_height,
    tracks_height,
)
from render.vegas_showdown.words import display_names
from tests.render.vegas_showdown.positions import (
    decode,
    every_step,
    final_state,
    midway,
    new_state,
)

NAMES = {
    "red": "Ava",
    "yellow": "Bruno",
    "green": "Chiara",
    "blue": "Devendra",
    "purple": "Emeka",
}


def _phone_drawings(state: GameState) -> list[Drawing]:
    """The round post's pictures of `state`, before encoding."""
    sheets = [draw_player_sheet(state, color, NAMES) for color in state.colors]
    tables = [draw_tracks_picture(state, NAMES), draw_standing_picture(state, NAMES)]
    return [*tables, *sheets]


def _too_small(drawing: Drawing) -> list[tuple[str, float]]:
    """Each text drawn smaller than `PHONE_TEXT` pixels once the picture is 400 wide."""
    scale = PHONE_WIDTH / drawing.image.width
    return [(t.text, t.size * scale) for t in drawing.texts if t.size * scale < PHONE_TEXT]


def _waiting_to_place(tile: str, players: int = 5) -> GameState:
    """A late position where every player waits to place `tile` (the longest status line)."""
    state = midway(players, 2, 0.8)
    state.pending = [BuyDecision(id=n, player=c, tile=tile) for n, c in enumerate(state.colors)]
    return state


LONGEST_NAME = max(COMPONENTS.tiles, key=lambda t: len(TILES[t].name))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_text_of_the_phone_pictures_is_at_least_9_pixels_at_400_wide(players: int) -> None:
    states = [
        new_state(players),
        *every_step(players, 3),
        midway(players, 5, 0.5),
        final_state(players, 5),
        _waiting_to_place(LONGEST_NAME, players),
        _waiting_to_place("fancy_restaurant", players),
    ]
    checked = 0
    for state in states:
        for drawing in _phone_drawings(state):
            assert drawing.texts
            assert _too_small(drawing) == []
            assert [t.text for t in drawing.texts if t.text.endswith(ELLIPSIS)] == []
            checked += len(drawing.texts)
    assert checked > 1000


def test_names_money_fame_bids_and_tile_names_are_all_among_the_phone_texts() -> None:
    state = midway(5, 2, 0.45)
    tables = [draw_tracks_picture(state, NAMES), draw_standing_picture(state, NAMES)]
    words = [t.text for table in tables for t in table.texts]
    for player in state.players:
        assert NAMES[player.color] in words and f"${player.money}" in words
        assert f"{player.fame}" in words
        if player.action == "bid" and player.bid_on is not None:
            assert str(player.bid) in words  # the value the marker stands under
    for space in state.spaces:
        if space.tile is not None:
            assert f"{TILE_LETTER[TILES[space.tile].color]}  {TILES[space.tile].name}" in words
    for color in state.colors:
        sheet = draw_player_sheet(state, color, NAMES)
        shown = " ".join(t.text for t in sheet.texts).replace(f"{HYPHEN} ", "")
        for placement in state.player(color).sheet:
            assert TILES[placement.tile].name.replace(" ", "") in shown.replace(" ", "")


@pytest.mark.parametrize(
    ("cell", "smallest"), [(ROUND_CELL, 8), (SMALL_CELL, 8), (BIG_CELL, 8), (SHEET_CELL, 14)]
)
def test_no_tile_label_is_cut_short_at_any_size_a_picture_draws(cell: int, smallest: int) -> None:
    """Every tile of the components file, in every turn: its letter and whole name."""
    for tile, facts in COMPONENTS.tiles.items():
        for rot, shape in enumerate(COMPONENTS.shapes[tile].orientations):
            box = Box(0, 0, shape.width * cell, shape.height * cell)
            canvas = Canvas(Image.new("RGB", (box.width, box.height), PAPER))
            paint_tile(canvas, box, tile, rot, cell, True, smallest)
            texts = [t.text for t in canvas.placements]
            assert not any(t.endswith(ELLIPSIS) for t in texts), (tile, rot, texts)
            assert all(t.size >= smallest for t in canvas.placements)
            assert texts[0].split()[0] == TILE_LETTER[facts.color], (tile, rot, texts)
            words = " ".join(texts).removeprefix(TILE_LETTER[facts.color]).strip()
            assert words.replace(f"{HYPHEN} ", "").split() == facts.name.split(), (tile, texts)


def test_what_a_player_is_waiting_for_is_never_cut_short_in_the_round_picture() -> None:
    for tile in COMPONENTS.tiles:
        drawing = draw_round(_waiting_to_place(tile), NAMES)
        waiting = [t.text for t in drawing.texts if t.text.startswith("Waiting for them")]
        assert waiting == [f"Waiting for them to place or reserve the {TILES[tile].name}"] * 5
        assert [t.text for t in drawing.texts if t.text.endswith(ELLIPSIS)] == []


def test_a_door_reads_as_an_opening_between_jambs_even_at_400_pixels_wide() -> None:
    # The Dragon Room has one door (north when unturned) and walls on its other sides.
    state = new_state(3)
    state.players[0].sheet = [Placement("dragon_room", 2, 2, 0)]
    door_side: Side = "N"
    assert COMPONENTS.shapes["dragon_room"].orientations[0].doors == {(0, 0, door_side)}
    wall_side = STEP_OPPOSITE[door_side]
    geo = single_sheet()
    pixels = decode(render_sheet(state, state.colors[0], names=NAMES))
    cell_box = geo.cell_box(2, 2)
    # Full size: the opening is the tile's colour, its jambs and the wall opposite are black.
    assert pixels.getpixel(_on_wall(cell_box, door_side, geo.cell)) != INK
    assert pixels.getpixel(_on_wall(cell_box, wall_side, geo.cell)) == INK
    for jamb in door_jambs(cell_box, door_side, geo.cell):
        assert pixels.getpixel(jamb.center) == INK
    # At 400 pixels wide the opening stays light and the wall dark.
    scale = PHONE_WIDTH / pixels.width
    small = pixels.resize((PHONE_WIDTH, round(pixels.height * scale)), Image.Resampling.LANCZOS)

    def shrunk(point: tuple[int, int]) -> float:
        x, y = point
        r, g, b = small.getpixel((int(x * scale), int(y * scale)))
        return (r + g + b) / 3

    assert shrunk(_on_wall(cell_box, door_side, geo.cell)) > 150
    assert shrunk(_on_wall(cell_box, wall_side, geo.cell)) < 110


STEP_OPPOSITE: dict[Side, Side] = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _on_wall(cell_box: Box, side: Side, cell: int) -> tuple[int, int]:
    """The middle of a cell side's wall."""
    inward = gap_width(cell) + wall_width(cell) // 2
    cx, cy = cell_box.center
    if side == "E":
        return cell_box.right - 1 - inward, cy
    if side == "W":
        return cell_box.left + inward, cy
    if side == "S":
        return cx, cell_box.bottom - 1 - inward
    return cx, cell_box.top + inward


def test_the_round_pictures_are_the_tracks_the_standing_and_each_sheet_in_seat_order() -> None:
    state = midway(4, 5, 0.6)
    pictures = render_round_pictures(state, names=NAMES)
    assert pictures.tracks == render_tracks(state, names=NAMES)
    assert pictures.standing == render_standing(state, names=NAMES)
    assert pictures.sheets == tuple(
        (color, render_sheet(state, color, names=NAMES)) for color in state.colors
    )
    for table in (pictures.tracks, pictures.standing):
        # A phone screen's worth each: 600 wide, at most about twice as tall.
        width, height = decode(table).size
        assert width == 600 and height <= 1300


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_table_picture_is_sized_before_drawing_exactly_where_its_drawing_ends(
    players: int,
) -> None:
    # The pictures are made as tall as `tracks_height` and `standing_height` say, not
    # drawn tall and cut: the two must agree in every step of a game, to its end.
    states = [*every_step(players, 3), final_state(players, 2)]
    for state in states:
        shown = display_names(state, NAMES)
        for draw, measure in ((draw_tracks, tracks_height), (draw_standing, standing_height)):
            canvas = Canvas(Image.new("RGB", (TABLE_WIDTH, PAGE_BOUND), PAPER))
            assert draw(canvas, state, shown) == measure(state, shown), (state.step, draw)
