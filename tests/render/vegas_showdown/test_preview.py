"""The placement preview numbers every legal placement once, where the tile would lie."""

from __future__ import annotations

from engine.vegas_showdown.sheet import Placement, fitting_placements, legal_placements
from engine.vegas_showdown.tables import COMPONENTS, TILES
from render.vegas_showdown import (
    numbered_placements,
    placement_words,
    render_placement_choice,
    render_placement_preview,
)
from render.vegas_showdown.preview import BIG_CELL, GAP, SMALL_CELL, TITLE_H, draw_preview
from render.vegas_showdown.sheet import sheet_geometry
from render.vegas_showdown.style import AREA_GROUND, AREA_INK, PREVIEW, TILE_FILL
from tests.render.vegas_showdown.positions import decode, final_state, midway, new_state

TILES_TO_TRY = ("slots", "lounge", "restaurant", "fancy_slots", "table_games", "buffet", "theater")


def test_every_legal_placement_gets_one_badge_numbered_in_order() -> None:
    previews = badges = 0
    for players, seed, fraction in ((3, 2, 0.3), (4, 7, 0.6), (5, 3, 0.8)):
        state = midway(players, seed, fraction)
        for player in state.players:
            for tile in TILES_TO_TRY:
                legal = legal_placements(COMPONENTS, player.sheet, tile)
                preview = draw_preview(player.sheet, tile, legal, "title")
                ordered = numbered_placements(legal)
                assert len(preview.badges) == len(legal)
                assert [b.number for b in preview.badges] == list(range(1, len(legal) + 1))
                assert [b.placement for b in preview.badges] == list(ordered)
                texts = {(t.text, t.box.center) for t in preview.drawing.texts}
                for badge in preview.badges:
                    assert badge.box.center in {c for text, c in texts if text == str(badge.number)}
                previews += 1
                badges += len(preview.badges)
    assert previews == len(TILES_TO_TRY) * (3 + 4 + 5)
    assert badges > 200


def test_numbers_run_turn_by_turn_then_in_reading_order() -> None:
    legal = legal_placements(COMPONENTS, [], "lounge")
    ordered = numbered_placements(legal)
    assert sorted(ordered) == sorted(legal)
    keys = [(p.rot, p.y, p.x) for p in ordered]
    assert keys == sorted(keys)
    assert ordered[0].rot == 0 and ordered[-1].rot == 1


def test_a_badge_sits_in_the_middle_of_the_cells_its_placement_covers() -> None:
    sheet = [Placement("slots", 0, 2, 1), Placement("lounge", 2, 2, 0)]
    legal = legal_placements(COMPONENTS, sheet, "restaurant")
    preview = draw_preview(sheet, "restaurant", legal, "title")
    assert len(preview.badges) >= 3
    cell = SMALL_CELL if len({p.rot for p in legal}) > 1 else BIG_CELL
    pixels = preview.drawing.image
    for badge in preview.badges:
        placement = badge.placement
        shape = COMPONENTS.shapes["restaurant"].orientations[placement.rot]
        assert badge.box.center == badge.footprint.center
        assert (badge.footprint.width, badge.footprint.height) == (2 * cell, 2 * cell)
        # The cells it would cover are empty now: the sheet's ground shows at their middles.
        for dx, dy in shape.cells:
            x = badge.footprint.left + dx * cell + cell // 2
            y = badge.footprint.top + dy * cell + cell // 4
            assert pixels.getpixel((x, y)) in set(AREA_GROUND.values()) | set(AREA_INK.values())
    # Within a turn's copy of the sheet, badges lie as far apart as their placements.
    for a in preview.badges:
        for b in preview.badges:
            if a.placement.rot == b.placement.rot:
                assert b.footprint.left - a.footprint.left == (b.placement.x - a.placement.x) * cell
                assert b.footprint.top - a.footprint.top == (b.placement.y - a.placement.y) * cell


def test_few_placements_that_do_not_overlap_are_outlined_with_their_doors() -> None:
    # Fancy Slots need Slots: with one Slots in the casino, only a few cells are open.
    state = new_state(3)
    state.players[0].sheet = [Placement("slots", 0, 2, 1)]  # doors east, south and west
    legal = legal_placements(COMPONENTS, state.players[0].sheet, "fancy_slots")
    assert 0 < len(legal) <= 8
    preview = draw_preview(state.players[0].sheet, "fancy_slots", legal, "title")
    pixels = preview.drawing.image
    assert PREVIEW in {colour for _, colour in pixels.getcolors(1 << 16) or []}


def test_a_tile_that_cannot_go_anywhere_says_so() -> None:
    state = new_state(4)
    png = render_placement_preview(state, state.players[0].color, "theater")
    preview = draw_preview([], "theater", (), "Where red can put the Theater")
    assert not preview.badges
    assert "The Theater cannot go anywhere on this sheet now." in [
        t.text for t in preview.drawing.texts
    ]
    assert decode(png).size == preview.drawing.image.size


def test_a_renovation_can_number_the_placements_that_merely_fit() -> None:
    state = final_state(4, 7)
    player = state.players[0]
    fitting = fitting_placements(COMPONENTS, player.sheet, "slots")
    png = render_placement_preview(state, player.color, "slots", fitting)
    assert decode(png).size[0] >= 600
    preview = draw_preview(player.sheet, "slots", fitting, "title")
    assert len(preview.badges) == len(fitting)


def test_the_chosen_placement_is_drawn_in_with_its_words() -> None:
    state = new_state(4)
    player = state.players[0]
    choice = Placement("lounge", 2, 0, 1)
    pixels = decode(
        render_placement_choice(state, player.color, choice, names={player.color: "Ann"})
    )
    geo = sheet_geometry(BIG_CELL).moved(GAP, TITLE_H)
    cell = geo.cell_box(2, 0)
    assert pixels.getpixel((cell.left + BIG_CELL // 4, cell.center[1])) == TILE_FILL["green"]
    assert placement_words(choice) == "Lounge at c1, turned 90\N{DEGREE SIGN}"
    assert TILES[choice.tile].name == "Lounge"
