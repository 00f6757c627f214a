"""A player's sheet shows what is on it where a player looks: colours, doors, walls, diamonds."""

from __future__ import annotations

from PIL import Image

from engine.vegas_showdown import GameState
from engine.vegas_showdown.geometry import STEP, Side
from engine.vegas_showdown.sheet import Placement
from engine.vegas_showdown.sheet_scoring import Diamond, completed_diamonds
from engine.vegas_showdown.tables import COMPONENTS, TILES
from render.box import Box
from render.palette import INK, WHITE
from render.text import HYPHEN, TextPlacement
from render.vegas_showdown import render_round, render_sheet
from render.vegas_showdown.picture import ROUND_CELL, draw_round, round_sheet
from render.vegas_showdown.sheet import (
    SheetGeometry,
    diamond_points,
    gap_width,
    label_box,
    wall_width,
)
from render.vegas_showdown.style import AREA_GROUND, CORNER_RED, TILE_FILL, TILE_LETTER
from tests.render.vegas_showdown.positions import decode, final_state, new_state

FANCY_SQUARE = [
    Placement("fancy_slots", 2, 1, 0),
    Placement("fancy_slots", 3, 1, 0),
    Placement("fancy_slots", 2, 2, 0),
    Placement("fancy_slots", 3, 2, 0),
]


def _placed_in(texts: tuple[TextPlacement, ...], box: Box) -> list[TextPlacement]:
    return [t for t in texts if box.contains(t.ink)]


def _texts_in(texts: tuple[TextPlacement, ...], box: Box) -> list[str]:
    return [t.text for t in _placed_in(texts, box)]


def _wall_middle(geo: SheetGeometry, x: int, y: int, side: Side) -> tuple[int, int]:
    """The pixel in the middle of a cell side's wall, as thick as the walls are drawn."""
    box = geo.cell_box(x, y)
    inward = gap_width(geo.cell) + wall_width(geo.cell) // 2
    cx, cy = box.center
    dx, dy = STEP[side]
    if dx:
        return (box.right - 1 - inward if dx > 0 else box.left + inward), cy
    return cx, (box.bottom - 1 - inward if dy > 0 else box.top + inward)


def main_colour(pixels: Image.Image, box: Box) -> tuple[int, int, int]:
    """The colour most pixels of `box` have."""
    counts = pixels.crop((box.left, box.top, box.right, box.bottom)).getcolors(maxcolors=65536)
    assert counts is not None
    colour: tuple[int, int, int] = max(counts)[1]
    return colour


def _sheet_state(sheet: list[Placement]) -> GameState:
    state = new_state(4)
    state.players[1].sheet = list(sheet)
    return state


def test_every_placed_tile_shows_its_colour_letter_and_name() -> None:
    state = final_state(5, 11)
    drawing = draw_round(state)
    pixels = decode(render_round(state))
    checked = 0
    for player in state.players:
        geo = round_sheet(state, player.color)
        for placement in player.sheet:
            facts = TILES[placement.tile]
            shape = COMPONENTS.shapes[placement.tile].orientations[placement.rot]
            box = geo.footprint(placement.x, placement.y, shape.width, shape.height)
            # Inside its walls the tile's colour is what shows most, around its label.
            assert main_colour(pixels, label_box(box, geo.cell)) == TILE_FILL[facts.color]
            words = _texts_in(drawing.texts, box)
            letter = TILE_LETTER[facts.color]
            assert words[0].split()[0] == letter  # on a line of its own, or leading the name
            name = " ".join(words).removeprefix(letter).replace(f"{HYPHEN} ", "").split()
            assert name == facts.name.split()  # whole, perhaps wrapped
            checked += 1
    assert checked > 30


def test_a_door_is_a_gap_in_the_wall_and_every_other_side_is_walled() -> None:
    state = final_state(4, 7)
    pixels = decode(render_round(state))
    doors = walls = 0
    for player in state.players:
        geo = round_sheet(state, player.color)
        for placement in player.sheet:
            shape = COMPONENTS.shapes[placement.tile].orientations[placement.rot]
            cells = {(placement.x + dx, placement.y + dy) for dx, dy in shape.cells}
            door_sides = {(placement.x + dx, placement.y + dy, s) for dx, dy, s in shape.doors}
            for x, y in cells:
                for side in ("N", "E", "S", "W"):
                    dx, dy = STEP[side]
                    if (x + dx, y + dy) in cells:
                        continue  # inside the tile: no wall there
                    pixel = pixels.getpixel(_wall_middle(geo, x, y, side))
                    if (x, y, side) in door_sides:
                        assert pixel in (TILE_FILL[TILES[placement.tile].color], WHITE)
                        doors += 1
                    else:
                        assert pixel == INK, (player.color, placement, side)
                        walls += 1
    assert doors > 40 and walls > 40


def test_doors_that_meet_get_a_white_threshold_across_the_gap_between_tiles() -> None:
    # Two Lounges (a door on every side) side by side, b2-c2 and d2-e2: doors meet at c2|d2.
    state = _sheet_state([Placement("lounge", 1, 1, 0), Placement("lounge", 3, 1, 0)])
    pixels = decode(render_round(state))
    geo = round_sheet(state, state.players[1].color)
    edge = geo.cell_box(2, 1)
    assert pixels.getpixel((edge.right, edge.center[1])) == WHITE
    # Where a door faces an empty cell there is no threshold: the area's ground shows.
    north = geo.cell_box(2, 1)
    assert pixels.getpixel((north.center[0], north.top + 1)) == AREA_GROUND["common"]


def test_red_corners_are_drawn_and_a_full_diamond_is_outlined() -> None:
    state = _sheet_state(FANCY_SQUARE)
    drawn = completed_diamonds(COMPONENTS, FANCY_SQUARE)
    assert [(d.point, d.full) for d in drawn] == [((3, 2), True)]
    pixels = decode(render_round(state))
    geo = round_sheet(state, state.players[1].color)
    corner = geo.cell_box(2, 1)
    assert pixels.getpixel((corner.left + 2, corner.top + 2)) == CORNER_RED
    north, east, south, west = diamond_points(geo, drawn[0])
    assert pixels.getpixel(north) == INK
    assert pixels.getpixel(((north[0] + east[0]) // 2, (north[1] + east[1]) // 2)) == INK
    assert pixels.getpixel(((south[0] + west[0]) // 2, (south[1] + west[1]) // 2)) == INK


def test_a_three_quarter_diamond_is_outlined_on_its_three_red_sides_only() -> None:
    sheet = [*FANCY_SQUARE[:3], Placement("slots", 3, 2, 0)]
    state = _sheet_state(sheet)
    (diamond,) = completed_diamonds(COMPONENTS, sheet)
    assert not diamond.full and diamond.quarters == {"SE", "SW", "NE"}
    pixels = decode(render_round(state))
    geo = round_sheet(state, state.players[1].color)
    north, east, south, west = diamond_points(geo, diamond)

    def middle(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2

    assert pixels.getpixel(middle(west, north)) == INK  # north-west cell: red
    assert pixels.getpixel(middle(north, east)) == INK  # north-east cell: red
    assert pixels.getpixel(middle(south, west)) == INK  # south-west cell: red
    assert pixels.getpixel(middle(east, south)) != INK  # south-east cell: the Slots, no red


def _outlined_sides(pixels: Image.Image, geo: SheetGeometry, diamond: Diamond) -> set[str]:
    """The quarters whose side of the diamond's outline is drawn in ink at its middle."""
    north, east, south, west = diamond_points(geo, diamond)
    sides = {"NW": (west, north), "NE": (north, east), "SE": (east, south), "SW": (south, west)}
    # A side of the outline borders the cell on its side of the point, whose corner at
    # the point is the opposite one (the north-west cell gives its south-east corner).
    opposite = {"NW": "SE", "NE": "SW", "SE": "NW", "SW": "NE"}
    return {
        opposite[cell]
        for cell, (a, b) in sides.items()
        if pixels.getpixel(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)) == INK
    }


def test_the_picture_outlines_the_diamonds_the_engine_scores_where_the_engine_puts_them() -> None:
    outlined = full = 0
    for players, seed in ((3, 2), (4, 3), (5, 4), (5, 11), (4, 12), (3, 13)):
        state = final_state(players, seed)
        pixels = decode(render_round(state))
        for player in state.players:
            geo = round_sheet(state, player.color)
            for diamond in completed_diamonds(COMPONENTS, player.sheet):
                assert _outlined_sides(pixels, geo, diamond) == diamond.quarters, diamond
                outlined += 1
                full += diamond.full
    assert outlined > full > 0


def test_areas_entrances_and_cell_names_are_labelled() -> None:
    state = new_state(3)
    drawing = draw_round(state)
    geo = round_sheet(state, "red")
    above = Box(geo.grid.left, geo.grid.top - ROUND_CELL, geo.grid.right, geo.grid.top)
    words = _texts_in(drawing.texts, above)
    assert {"CASINO", "COMMON", "HOTEL"} <= set(words)
    assert [w for w in words if len(w) == 1] == list("abcdefg")
    left = Box(geo.grid.left - ROUND_CELL, geo.grid.top, geo.grid.left, geo.grid.bottom)
    assert _texts_in(drawing.texts, left) == ["1", "2", "3", "4", "5"]
    pixels = decode(render_round(state))
    # The entrance arrows point at the middle row from outside the grid.
    row = geo.cell_box(0, 2)
    assert pixels.getpixel((row.left - 6, row.center[1])) == INK
    east = geo.cell_box(6, 2)
    assert pixels.getpixel((east.right + 6, east.center[1])) == INK


def test_the_reserve_figures_and_bonuses_are_written_beside_the_sheet() -> None:
    state = final_state(4, 8, greedy=False)
    player = next(p for p in state.players if p.reserve)
    texts = [t.text for t in draw_round(state).texts]
    for tile in player.reserve:
        assert TILES[tile].name in texts
    assert f"Population {player.population}" in " ".join(texts)
    assert any(t.startswith(f"${player.money}") and f"Revenue {player.revenue}" in t for t in texts)
    assert any("joined" in t and "diamonds:" in t for t in texts)


def test_one_sheet_alone_is_drawn_large() -> None:
    state = final_state(5, 11)
    pixels = decode(render_sheet(state, "blue"))
    assert pixels.width > 560
    assert pixels.width < 800


def test_no_diamond_outline_crosses_a_tile_colour_letter() -> None:
    state = final_state(5, 34)
    drawing = draw_round(state)
    crossed = outlined = 0
    for player in state.players:
        geo = round_sheet(state, player.color)
        letters = [t.ink for t in _placed_in(drawing.texts, geo.grid) if t.text in "YBG"]
        for diamond in completed_diamonds(COMPONENTS, player.sheet):
            north, east, south, west = diamond_points(geo, diamond)
            outline = Box(west[0] - 3, north[1] - 3, east[0] + 4, south[1] + 4)
            outlined += 1
            crossed += sum(_overlap(outline, letter) for letter in letters)
    assert outlined >= 4 and crossed == 0


def _overlap(a: Box, b: Box) -> bool:
    return a.left < b.right and b.left < a.right and a.top < b.bottom and b.top < a.bottom
