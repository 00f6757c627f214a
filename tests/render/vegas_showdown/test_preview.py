"""The placement preview numbers every legal placement once, where the tile would lie,
in numbers big enough to read on a phone: past 25 places, a dot each, and runs of them
numbered on pictures of their own."""

from __future__ import annotations

from collections.abc import Sequence

from engine.vegas_showdown.sheet import Placement, fitting_placements, legal_placements
from engine.vegas_showdown.tables import COMPONENTS, TILES
from render.vegas_showdown import (
    numbered_placements,
    numbered_runs,
    placement_words,
    render_placement_choice,
    render_placement_preview,
)
from render.vegas_showdown.preview import (
    BIG_CELL,
    GAP,
    MOST_NUMBERED,
    SMALL_CELL,
    TITLE_H,
    Preview,
    draw_preview,
    even_runs,
)
from render.vegas_showdown.sheet import label_box, sheet_geometry
from render.vegas_showdown.style import AREA_GROUND, AREA_INK, PREVIEW, TILE_FILL
from tests.render.vegas_showdown.positions import decode, midway, new_state
from tests.render.vegas_showdown.test_sheet_image import main_colour

TILES_TO_TRY = ("slots", "lounge", "restaurant", "fancy_slots", "table_games", "buffet", "theater")
PHONE_WIDTH = 400  # about how wide Discord shows a picture on a phone


def numbered_pictures(
    sheet: Sequence[Placement], tile: str, placements: Sequence[Placement]
) -> list[Preview]:
    """The pictures that number `placements`: the preview, or past 25 one per run."""
    if len(placements) <= MOST_NUMBERED:
        return [draw_preview(sheet, tile, placements, "title")]
    return [draw_preview(sheet, tile, placements, "title", n) for n in numbered_runs(placements)]


def readable_on_a_phone(preview: Preview) -> None:
    """At most 25 badges, each one and its number big enough once shown 400 pixels wide."""
    assert len(preview.badges) <= MOST_NUMBERED
    scale = PHONE_WIDTH / preview.drawing.image.width
    inks = {(t.text, t.box.center): t.ink for t in preview.drawing.texts}
    for badge in preview.badges:
        assert badge.box.width * scale >= 18, badge
        assert inks[str(badge.number), badge.box.center].height * scale >= 7, badge


def test_every_legal_placement_gets_one_badge_numbered_in_order() -> None:
    previews = badges = 0
    for players, seed, fraction in ((3, 2, 0.3), (4, 7, 0.6), (5, 3, 0.8)):
        state = midway(players, seed, fraction)
        for player in state.players:
            for tile in TILES_TO_TRY:
                legal = legal_placements(COMPONENTS, player.sheet, tile)
                ordered = numbered_placements(legal)
                drawn = [b for p in numbered_pictures(player.sheet, tile, legal) for b in p.badges]
                assert [b.number for b in drawn] == list(range(1, len(legal) + 1))
                assert [b.placement for b in drawn] == list(ordered)
                for picture in numbered_pictures(player.sheet, tile, legal):
                    texts = {(t.text, t.box.center) for t in picture.drawing.texts}
                    for badge in picture.badges:
                        assert (str(badge.number), badge.box.center) in texts
                    readable_on_a_phone(picture)
                previews += 1
                badges += len(drawn)
    assert previews == len(TILES_TO_TRY) * (3 + 4 + 5)
    assert badges > 200


def test_past_25_places_the_preview_dots_each_and_runs_number_them_large() -> None:
    # A renovation on an empty sheet: the Table Games fits in 116 places, 4 ways turned.
    fits = fitting_placements(COMPONENTS, [], "table_games")
    ordered = numbered_placements(fits)
    assert len(fits) == 116
    overview = draw_preview([], "table_games", fits, "title")
    assert overview.badges == ()
    assert [d.placement for d in overview.dots] == list(ordered)
    assert all(d.box.center == d.footprint.center for d in overview.dots)
    shown = {t.text for t in overview.drawing.texts}
    assert not shown & {str(n) for n in range(6, 117)}  # 1-5 only as the sheet's rows
    assert "116 places, a dot each" in " ".join(shown)
    # Each run is half of a way of turning the tile (30 or 28 places), drawn with big cells.
    assert [(r.start, r.stop) for r in numbered_runs(fits)] == [
        (1, 16), (16, 31), (31, 45), (45, 59), (59, 74), (74, 89), (89, 103), (103, 117)
    ]  # fmt: skip
    for run in numbered_runs(fits):
        picture = draw_preview([], "table_games", fits, "title", run)
        assert [b.number for b in picture.badges] == list(run)
        assert [b.placement for b in picture.badges] == list(ordered[run.start - 1 : run.stop - 1])
        assert {b.footprint.width for b in picture.badges} <= {BIG_CELL, 2 * BIG_CELL}
        assert picture.dots == ()
        readable_on_a_phone(picture)
    last_but_one = draw_preview([], "table_games", fits, "title", range(89, 103))
    assert any(t.text.startswith("Places 89 to 102 of 116.") for t in last_but_one.drawing.texts)


def test_runs_are_the_fewest_of_at_most_25_and_as_even_as_can_be() -> None:
    assert [len(r) for r in even_runs(1, 26, 25)] == [13, 13]  # not 25 and a lone 1
    assert [len(r) for r in even_runs(1, 52, 25)] == [18, 17, 17]
    assert even_runs(1, 25, 25) == [range(1, 26)]
    assert even_runs(7, 0, 25) == []
    for count in range(1, 201):
        found = even_runs(40, count, 25)
        assert len(found) == -(-count // 25)  # the fewest runs of at most 25
        assert [n for run in found for n in run] == list(range(40, 40 + count))  # in order
        sizes = [len(run) for run in found]
        assert max(sizes) <= 25 and max(sizes) - min(sizes) <= 1
        assert sizes == sorted(sizes, reverse=True)


def test_runs_cut_each_turn_apart_and_number_every_place_once() -> None:
    # Slots on a sheet with 9 cells taken: 26 places each way it is turned, 104 in all.
    sheet = [Placement("slots", x, y, 0) for y in (0, 1) for x in range(7 if y == 0 else 2)]
    fits = fitting_placements(COMPONENTS, sheet, "slots")
    ordered = numbered_placements(fits)
    found = numbered_runs(fits)
    assert [(r.start, r.stop) for r in found] == [
        (1, 14), (14, 27), (27, 40), (40, 53), (53, 66), (66, 79), (79, 92), (92, 105)
    ]  # fmt: skip
    assert [n for run in found for n in run] == list(range(1, len(ordered) + 1))
    assert all(len({ordered[n - 1].rot for n in run}) == 1 for run in found)
    assert numbered_runs([]) == []


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
    pixels = preview.drawing.image.convert("RGB")
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
    pixels = preview.drawing.image.convert("RGB")
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
    state = midway(4, 7, 0.7)
    player = state.players[0]
    fitting = fitting_placements(COMPONENTS, player.sheet, "slots")
    assert len(legal_placements(COMPONENTS, player.sheet, "slots")) < len(fitting)
    png = render_placement_preview(state, player.color, "slots", fitting)
    assert decode(png).size[0] >= 600
    pictures = numbered_pictures(player.sheet, "slots", fitting)
    assert [b.placement for p in pictures for b in p.badges] == list(numbered_placements(fitting))


def test_the_chosen_placement_is_drawn_in_with_its_words() -> None:
    state = new_state(4)
    player = state.players[0]
    choice = Placement("lounge", 2, 0, 1)
    pixels = decode(
        render_placement_choice(state, player.color, choice, names={player.color: "Ann"})
    )
    geo = sheet_geometry(BIG_CELL).moved(GAP, TITLE_H)
    cell = geo.cell_box(2, 0)
    assert main_colour(pixels, label_box(cell, BIG_CELL)) == TILE_FILL["green"]
    assert placement_words(choice) == "Lounge at c1, turned 90\N{DEGREE SIGN}"
    assert TILES[choice.tile].name == "Lounge"
