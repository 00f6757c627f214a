"""The hotel-casino sheet: placement rules, whole-sheet legality and the layout bonuses,
with the worked examples of the component specification."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from engine.vegas_showdown.components import COMPONENTS as C
from engine.vegas_showdown.components import load_components
from engine.vegas_showdown.sheet import (
    IllegalPlacement,
    Placement,
    canonical,
    cell_name,
    cells_of,
    fit_problem,
    fitting_placements,
    legal_placements,
    parse_cell,
    place,
    placement_problem,
    sheet_problems,
    tile_at,
)
from engine.vegas_showdown.sheet_scoring import (
    Diamond,
    area_filled,
    completed_diamonds,
    diamonds,
    is_connected,
    is_full,
    sheet_bonuses,
)

P = Placement

# The component specification's worked examples, as (placements, expected results).
# Placements are (tile, x, y, rot); "violations" counts broken rules on the whole sheet.
WORKED_EXAMPLES: dict[str, tuple[list[Placement], dict[str, Any]]] = {
    "diamond_four_smalls": (
        [
            P("fancy_slots", 2, 1, 0),
            P("fancy_slots", 3, 1, 0),
            P("fancy_slots", 2, 2, 0),
            P("fancy_restaurant", 3, 2, 0),
        ],
        {"diamonds": (1, 0)},
    ),
    "diamond_three_quarter": (
        [
            P("fancy_slots", 2, 1, 0),
            P("fancy_slots", 3, 1, 0),
            P("fancy_slots", 2, 2, 0),
            P("slots", 3, 2, 0),
        ],
        {"diamonds": (0, 1)},
    ),
    "large_red_tile_alone": ([P("theater", 2, 1, 0)], {"diamonds": (0, 0)}),
    "stacked_fancy_lounges": (
        [P("fancy_lounge", 2, 1, 0), P("fancy_lounge", 2, 2, 0)],
        {"diamonds": (1, 0)},
    ),
    # rows y=0..4, one letter per tile in placement order:
    # AAFGGMM / AAFHHMM / BCIIJNN / DDKKLOO / EEKKLOO
    "full_sheet_all_bonuses": (
        [
            P("sports_book", 0, 0, 0),
            P("slots", 0, 2, 1),
            P("slots", 1, 2, 1),
            P("table_games", 0, 3, 0),
            P("table_games", 0, 4, 0),
            P("lounge", 2, 0, 1),
            P("lounge", 3, 0, 0),
            P("lounge", 3, 1, 0),
            P("lounge", 2, 2, 0),
            P("slots", 4, 2, 1),
            P("night_club", 2, 3, 0),
            P("lounge", 4, 3, 1),
            P("restaurant", 5, 0, 0),
            P("lounge", 5, 2, 0),
            P("restaurant", 5, 3, 0),
        ],
        {
            "violations": 0,
            "filled_casino": True,
            "filled_hotel": True,
            "connected": True,
            "sheet_full": True,
            "diamonds": (0, 0),
        },
    ),
    "slots_door_on_entrance": ([P("slots", 0, 2, 1)], {"violations": 0, "connected": False}),
    "slots_wall_on_entrance": ([P("slots", 0, 2, 0)], {"violations": 1}),
    "night_club_without_lounge": (
        [P("slots", 0, 2, 1), P("slots", 1, 2, 1), P("night_club", 2, 2, 0)],
        {"violations": 2},
    ),
}


@pytest.mark.parametrize("name", sorted(WORKED_EXAMPLES))
def test_worked_example_of_the_component_specification(name: str) -> None:
    sheet, expected = WORKED_EXAMPLES[name]
    assert all(fit_problem(C, sheet[:i], p) is None for i, p in enumerate(sheet))
    measured = {
        "violations": len(sheet_problems(C, sheet)),
        "diamonds": diamonds(C, sheet),
        "filled_casino": area_filled(C, sheet, "casino"),
        "filled_hotel": area_filled(C, sheet, "hotel"),
        "connected": is_connected(C, sheet),
        "sheet_full": is_full(C, sheet),
    }
    assert {key: measured[key] for key in expected} == expected


def test_each_diamond_is_given_with_its_grid_point_and_its_red_quarters() -> None:
    (full,) = completed_diamonds(C, WORKED_EXAMPLES["diamond_four_smalls"][0])
    assert full == Diamond((3, 2), frozenset({"NW", "NE", "SE", "SW"})) and full.full
    # The Slots in d3 has no red corner: the quarter of the cell south-east of the point.
    (three,) = completed_diamonds(C, WORKED_EXAMPLES["diamond_three_quarter"][0])
    assert three == Diamond((3, 2), frozenset({"SE", "SW", "NE"})) and not three.full
    assert completed_diamonds(C, WORKED_EXAMPLES["large_red_tile_alone"][0]) == ()
    # Two squares of Fancy Slots: two full diamonds, in reading order of their points.
    square = [*WORKED_EXAMPLES["diamond_four_smalls"][0][:3], P("fancy_slots", 3, 2, 0)]
    below = [P(p.tile, p.x - 2, p.y + 2, p.rot) for p in square]
    assert [d.point for d in completed_diamonds(C, below + square)] == [(3, 2), (1, 4)]
    assert diamonds(C, below + square) == (2, 0)


def test_the_full_example_sheet_earns_every_layout_bonus() -> None:
    sheet, _ = WORKED_EXAMPLES["full_sheet_all_bonuses"]
    bonuses = sheet_bonuses(C, sheet)
    assert (bonuses.filled_casino, bonuses.filled_hotel, bonuses.connected, bonuses.full) == (
        True,
        True,
        True,
        True,
    )
    # it can be built one legal placement at a time (in some order)
    built: tuple[Placement, ...] = ()
    waiting = list(sheet)
    while waiting:
        ready = next(p for p in waiting if placement_problem(C, built, p) is None)
        assert ready in legal_placements(C, built, ready.tile) or canonical(C, ready) in (
            legal_placements(C, built, ready.tile)
        )
        built = place(C, built, ready)
        waiting.remove(ready)
    assert sorted(built) == sorted(sheet)


def test_a_quarter_turn_moves_doors_clockwise() -> None:
    # unrotated Slots: doors N, E, S and a wall W; one quarter turn: doors E, S, W
    assert {side for _, _, side in C.shapes["slots"].orientations[0].doors} == {"N", "E", "S"}
    assert {side for _, _, side in C.shapes["slots"].orientations[1].doors} == {"E", "S", "W"}
    # a medium tile turned once stands upright
    upright = C.shapes["table_games"].orientations[1]
    assert (upright.width, upright.height) == (1, 2)
    assert cells_of(C, P("table_games", 3, 1, 1)) == ((3, 1), (3, 2))


def test_turns_that_look_the_same_count_once() -> None:
    assert C.shapes["lounge"].distinct_rots == (0, 1)  # doors all round: half a turn is equal
    assert C.shapes["night_club"].distinct_rots == (0,)  # pinwheel doors
    assert C.shapes["slots"].distinct_rots == (0, 1, 2, 3)
    assert canonical(C, P("lounge", 2, 2, 2)) == P("lounge", 2, 2, 0)
    assert canonical(C, P("night_club", 2, 2, 3)) == P("night_club", 2, 2, 0)
    lounges = legal_placements(C, [], "lounge")
    assert len(lounges) == len(set(lounges))
    assert all(p.rot in (0, 1) for p in lounges)


def test_an_empty_sheet_takes_only_tiles_with_a_door_on_the_right_entrance() -> None:
    slots = legal_placements(C, [], "slots")  # yellow: casino entrance, west of a3
    assert {(p.x, p.y) for p in slots} == {(0, 2)}
    assert {p.rot for p in slots} == {1, 2, 3}  # rot 0 has its wall on the entrance
    restaurants = legal_placements(C, [], "restaurant")  # blue: hotel entrance, east of g3
    assert restaurants and all(cells_of(C, p)[-1][0] == 6 for p in restaurants)
    assert all((6, 2) in cells_of(C, p) for p in restaurants)
    lounges = legal_placements(C, [], "lounge")  # green: either entrance
    assert {p.x for p in lounges} == {0, 5, 6}


def test_yellow_tiles_need_the_casino_entrance_and_blue_the_hotel() -> None:
    at_hotel = [P("lounge", 5, 2, 0)]  # green, joined to the hotel entrance
    assert placement_problem(C, at_hotel, P("restaurant", 3, 2, 0)) is None
    problem = placement_problem(C, at_hotel, P("slots", 4, 2, 0))
    assert problem is not None and "casino entrance" in problem


def test_incorrect_placement_a_fancy_restaurant_next_to_a_casino_lounge() -> None:
    # the rulebook's picture: the Lounge is joined only to the casino entrance, so a
    # Fancy Restaurant (blue) beside it has no path to the hotel entrance
    sheet = [P("restaurant", 5, 2, 0), P("lounge", 0, 2, 0)]
    problem = placement_problem(C, sheet, P("fancy_restaurant", 2, 2, 0))
    assert problem == (
        "The Fancy Restaurant must be joined to your hotel entrance by an unbroken path of "
        "doors, and at c3 it would not be."
    )


def test_prerequisites_must_be_on_the_sheet() -> None:
    problem = placement_problem(C, [], P("dragon_room", 0, 2, 3))
    assert problem == (
        "The Dragon Room needs a Slots tile and a Fancy Slots tile on your sheet first "
        "(tiles in reserve do not count)."
    )
    assert legal_placements(C, [], "dragon_room") == ()
    with_slots = [P("slots", 0, 2, 1), P("fancy_slots", 1, 2, 3)]
    assert legal_placements(C, with_slots, "dragon_room")


def test_the_night_club_needs_a_door_meeting_a_lounge_door() -> None:
    lounge = [P("lounge", 0, 2, 0)]  # doors everywhere; its east end faces c3
    # joined through the Lounge, and the door meeting it is a Lounge door: legal
    assert placement_problem(C, lounge, P("night_club", 2, 2, 0)) is None
    # joined through Slots, the Lounge elsewhere on the sheet: refused
    sheet = [P("slots", 0, 2, 1), P("slots", 1, 2, 1), P("lounge", 0, 0, 0)]
    problem = placement_problem(C, sheet, P("night_club", 2, 2, 0))
    assert problem == (
        "One of the Night Club's doors must meet a door of a Lounge or Fancy Lounge tile."
    )
    assert all(
        placement_problem(C, lounge, p) is None for p in legal_placements(C, lounge, "night_club")
    )


def test_fit_problems_name_the_cell() -> None:
    sheet = [P("lounge", 0, 2, 0)]
    assert fit_problem(C, sheet, P("slots", 1, 2, 0)) == (
        "The Slots would cover b3, where your Lounge already is."
    )
    assert fit_problem(C, sheet, P("theater", 6, 0, 0)) == (
        "The Theater would stick out of the sheet from g1."
    )
    assert fit_problem(C, sheet, P("slots", 9, 0, 0)) == "j1 is not on the sheet."
    assert fit_problem(C, sheet, P("slots", 1, 1, 4)) is not None
    assert fit_problem(C, sheet, P("roulette", 1, 1, 0)) == "There is no tile called 'roulette'."
    with pytest.raises(IllegalPlacement, match="would cover b3"):
        place(C, sheet, P("slots", 1, 2, 0))


def test_fitting_placements_ignore_the_rules_but_not_the_cells() -> None:
    sheet = [P("lounge", 0, 2, 0)]
    fitting = fitting_placements(C, sheet, "theater")
    assert P("theater", 3, 0, 0) in fitting  # not joined to anything: fits all the same
    assert all(fit_problem(C, sheet, p) is None for p in fitting)
    assert not any({(0, 2), (1, 2)} & set(cells_of(C, p)) for p in fitting)


def test_a_renovation_may_leave_a_tile_cut_off_and_the_sheet_check_finds_it() -> None:
    sheet = [P("slots", 0, 2, 1), P("slots", 1, 2, 1), P("table_games", 2, 2, 2)]
    assert sheet_problems(C, sheet) == []
    without_first = sheet[1:]
    assert sheet_problems(C, without_first) == [
        "Your Slots at b3 is not joined to your casino entrance by an unbroken path of doors.",
        "Your Table Games at c3 is not joined to your casino entrance by an unbroken path "
        "of doors.",
    ]
    # putting a tile back on the entrance makes the whole layout legal again
    assert sheet_problems(C, [*without_first, P("slots", 0, 2, 3)]) == []


def test_removing_a_prerequisite_breaks_the_tile_that_needed_it() -> None:
    sheet = [P("slots", 0, 2, 1), P("fancy_slots", 1, 2, 3)]
    assert sheet_problems(C, sheet) == []
    problems = sheet_problems(C, [P("fancy_slots", 0, 2, 3)])
    assert problems == ["Your Fancy Slots at a3 needs a Slots tile on the sheet."]


def test_cells_and_names() -> None:
    sheet = [P("lounge", 0, 2, 0), P("restaurant", 5, 2, 0)]
    assert tile_at(C, sheet, (1, 2)) == 0
    assert tile_at(C, sheet, (6, 3)) == 1
    assert tile_at(C, sheet, (3, 3)) is None
    assert cell_name((2, 1)) == "c2"
    assert parse_cell("C2") == (2, 1) and parse_cell(" g5 ") == (6, 4)
    assert parse_cell("c0") is None and parse_cell("2c") is None and parse_cell("c") is None


@pytest.mark.parametrize("text", ["a²", "c\u0663", "b\uff12", "d1\u00b2", "e-1", "c+2", "c 2", ""])
def test_a_cell_name_has_ascii_digits_only_and_anything_else_is_no_cell(text: str) -> None:
    # Superscripts pass str.isdigit but not int(); Arabic-Indic and full-width digits pass both.
    assert parse_cell(text) is None


def test_a_placement_round_trips_through_json() -> None:
    adapter = TypeAdapter(list[Placement])
    sheet = [P("lounge", 0, 2, 0), P("restaurant", 5, 2, 3)]
    assert adapter.validate_json(adapter.dump_json(sheet)) == sheet
    assert adapter.validate_python([{"tile": "lounge", "x": 0, "y": 2, "rot": 0}]) == sheet[:1]


def test_a_corrected_tile_changes_the_placement_rules(tmp_path: Path) -> None:
    text = resources.files("engine.vegas_showdown").joinpath("data/components.json")
    data = json.loads(text.read_text("utf-8"))
    slots = next(t for t in data["tiles"] if t["id"] == "slots")
    slots["doors"] = [3]  # an owner finds a single door, on the west side
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    corrected = load_components(path)
    wall_on_entrance = P("slots", 0, 2, 0)
    assert placement_problem(C, [], wall_on_entrance) is not None
    assert placement_problem(corrected, [], wall_on_entrance) is None
    assert legal_placements(corrected, [], "slots") == (wall_on_entrance,)
    assert sheet_problems(corrected, [wall_on_entrance]) == []
