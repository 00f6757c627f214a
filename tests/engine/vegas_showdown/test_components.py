"""The packaged component file loads, validates, marks what is reconstructed, and a
corrected copy can be loaded in its place."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.vegas_showdown.check_components import main as components_main
from engine.vegas_showdown.components import (
    EFFECT_TYPES,
    ChooseStack,
    FamePerTile,
    NoBidBasic,
    load_components,
)

C = load_components()


def packaged_data() -> dict[str, Any]:
    text = resources.files("engine.vegas_showdown").joinpath("data/components.json")
    return json.loads(text.read_text("utf-8"))  # type: ignore[no-any-return]


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "components.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def tile_entry(data: dict[str, Any], tile_id: str) -> dict[str, Any]:
    return next(t for t in data["tiles"] if t["id"] == tile_id)


def test_the_packaged_file_is_loaded_once() -> None:
    assert load_components() is C


def test_rulebook_counts_63_tiles_and_33_event_cards() -> None:
    by_size: Counter[str] = Counter()
    for tile in C.tiles.values():
        by_size[tile.size] += tile.count
    assert by_size == {"small": 26, "medium": 20, "large": 17}
    assert len(C.event_deck) == 33
    assert C.counts.tiles_total == 63


def test_basic_stacks_and_three_player_removal() -> None:
    assert {t.id: t.count for t in C.tiles.values() if t.kind == "basic"} == {
        "slots": 16,
        "lounge": 10,
        "restaurant": 7,
    }
    assert [C.basic_stack_count(t, 3) for t in ("slots", "lounge", "restaurant")] == [13, 7, 4]
    assert C.basic_stack_count("slots", 4) == 16


def test_premier_stacks_hold_ten_tiles_per_size_split_a_over_b() -> None:
    for size in ("small", "medium", "large"):
        a, b = C.premier_stack_tiles(size, "A"), C.premier_stack_tiles(size, "B")
        assert len(a) + len(b) == 10
        assert a and b
    assert Counter(C.premier_stack_tiles("large", "B"))["night_club"] == 2


def test_starting_values_match_the_rulebook() -> None:
    s = C.setup
    assert (s.starting_cash, s.starting_population, s.starting_revenue, s.starting_fame) == (
        20,
        8,
        5,
        0,
    )
    assert s.players == (3, 4, 5)


def test_sourced_tile_values() -> None:
    # values stated by the rulebook or the publisher's articles
    theater = C.tile("theater")
    assert (theater.min_bid, theater.population, theater.fame, theater.door_count) == (52, 1, 12, 3)
    assert C.tile("dragon_room").prerequisites == ("slots", "fancy_slots")
    assert C.tile("fancy_restaurant").color == "blue"
    assert C.tile("night_club").door_must_meet == ("lounge", "fancy_lounge")
    assert not C.tile("slots").red_corners and C.tile("fancy_slots").red_corners


def test_premier_track_and_price_drops() -> None:
    board = C.board
    assert board.circles[:1] == (3,) and {12, 18, 25, 33, 42, 52} <= set(board.circles)
    assert board.circle_below(18) == 12  # the rulebook's example: 18 drops to 12, not 15
    assert board.circle_below(3) is None  # the tile leaves the game
    assert board.circle_above(12) == 18
    assert board.track_top == 63
    assert all(C.tile(t).min_bid in board.circles for t in C.tiles if C.tile(t).is_premier)


def test_spaces_and_tracks_in_use_by_player_count() -> None:
    assert C.board.premier_space_ids(3) == ("P1", "P2", "P3")
    assert C.board.premier_space_ids(4) == ("P1", "P2", "P3", "P4")
    assert "slots_5p" not in C.board.basic_track_ids(4)
    assert C.board.basic_track_ids(5) == ("slots", "slots_5p", "lounge", "restaurant")
    assert C.board.basic_track("lounge").minimum == 9


def test_sheet_areas_partition_the_grid() -> None:
    sheet = C.sheet
    cells = [c for area in ("casino", "common", "hotel") for c in sheet.cells_of(area)]
    assert sorted(cells) == sorted((x, y) for x in range(7) for y in range(5))
    assert len(sheet.cells_of("casino")) == len(sheet.cells_of("hotel")) == 10
    assert sheet.area_of((0, 0)) == "casino" and sheet.area_of((6, 4)) == "hotel"
    assert sheet.entrances["casino"].cell == (0, 2) and sheet.entrances["hotel"].side == "E"


def test_event_deck_has_one_symbol_per_copy_and_known_effects() -> None:
    assert Counter(copy.symbol for copy in C.event_deck) == {
        "small": 10,
        "medium": 10,
        "large": 10,
        "any": 3,
    }
    assert [copy.position for copy in C.event_deck] == list(range(33))
    pull = C.event_cards["pull_strings"]
    assert pull.copies == 3 and pull.effects == (ChooseStack(type="choose_stack"),)
    lounge_fame = C.event_cards["lounge_act_sensation"].effects[0]
    assert isinstance(lounge_fame, FamePerTile) and lounge_fame.amount == 2
    used = {e.type for card in C.event_cards.values() for e in card.effects}
    assert used == EFFECT_TYPES  # every effect type is on some card
    strike = C.event_cards["slot_mechanics_on_strike"].effects[0]
    assert isinstance(strike, NoBidBasic) and strike.tile == "slots"


def test_reconstructed_values_are_flagged_and_printed_facts_are_not() -> None:
    assert C.tile("theater").is_reconstructed("doors")
    assert not C.tile("theater").is_reconstructed("fame")
    assert C.sheet.is_reconstructed("cols") and C.sheet.is_reconstructed("entrances.casino")
    assert C.board.is_reconstructed("premier_track[2]")  # the circle at 7
    assert not C.board.is_reconstructed("premier_track[0]")  # the circle at 3
    assert "tiles.fancy_restaurant.min_bid" in C.reconstructed
    assert "event_cards.pull_strings.effects" in C.reconstructed
    assert "event_cards.pull_strings.copies" not in C.reconstructed  # 3 copies: printed
    assert "tiles.slots.count" not in C.reconstructed
    assert all(why for why in C.reconstructed.values())


def test_a_corrected_copy_is_loaded_instead(tmp_path: Path) -> None:
    data = packaged_data()
    tile_entry(data, "slots")["doors"] = [0, 2]  # an owner reads two doors off the tile
    theater = tile_entry(data, "theater")
    theater["fame"] = 11
    corrected = load_components(write(tmp_path, data))
    assert corrected is not C
    assert corrected.tile("slots").doors == (0, 2)
    assert not corrected.tile("slots").is_reconstructed("doors")
    assert corrected.tile("theater").fame == 11
    assert C.tile("slots").doors == (0, 1, 2)  # the packaged components are untouched


Change = Callable[[dict[str, Any]], None]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: tile_entry(d, "slots").update(count=17), "small tiles add up to 27"),
        (lambda d: tile_entry(d, "lounge").update(doors=[0, 6]), r"segment numbers 0\.\.5"),
        (lambda d: tile_entry(d, "lounge").update(doors=[]), "at least one door"),
        (lambda d: tile_entry(d, "theater").update(prerequisites=["fancy_lounge"]), "every"),
        (lambda d: tile_entry(d, "buffet").update(prerequisites=["kitchen"]), "not a tile"),
        (lambda d: tile_entry(d, "buffet").update(min_bid=30), "not a circle"),
        (lambda d: tile_entry(d, "buffet").update(back=None), "A or B back"),
        (lambda d: d["sheet"].update(areas=["CC...HH"] * 4), "5 rows of 7"),
        (lambda d: d["sheet"].update(areas=["CC.X.HH"] * 5), "C \\(casino\\)"),
        (
            lambda d: d["sheet"]["entrances"].update(casino={"cell": [1, 2], "side": "W"}),
            "border",
        ),
        (lambda d: d["event_cards"][0].update(copies=2), "2 copies need 2 size symbols"),
        (
            lambda d: d["event_cards"][0].update(copies=2, size_symbols=["small", "large"]),
            "event cards add up to 34",
        ),
        (
            lambda d: d["event_cards"][0].update(effects=[{"type": "free_lunch"}]),
            "free_lunch",
        ),
        (
            lambda d: d["event_cards"][2].update(effects=[{"type": "no_bid_basic", "tile": "x"}]),
            "not a tile",
        ),
        (lambda d: d["effect_types"].pop("fame_all"), "effect_types"),
        (lambda d: d["board"]["basic_tracks"][2].update(spaces=[8, 11]), "minimum bid is 9"),
        (lambda d: d["prerequisite_chart"]["value"].pop(), "misses premier tiles"),
        (
            lambda d: tile_entry(d, "slots").update(
                doors={"value": [0], "reconstructed": True, "why": "x", "source": "y"}
            ),
            "only value, reconstructed and why",
        ),
    ],
)
def test_a_broken_copy_is_refused_with_a_message(
    tmp_path: Path, change: Change, message: str
) -> None:
    data = packaged_data()
    change(data)
    with pytest.raises(ValidationError, match=message):
        load_components(write(tmp_path, data))


def test_the_checker_command_summarises_a_file_or_names_its_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert components_main([]) == 0
    assert "ok: 15 kinds of tile (63 tiles), 33 event cards, 7x5 sheet" in capsys.readouterr().out
    data = packaged_data()
    tile_entry(data, "lounge")["doors"] = [0, 9]
    assert components_main([str(write(tmp_path, data))]) == 1
    assert "tile lounge: doors [0, 9]" in capsys.readouterr().out
