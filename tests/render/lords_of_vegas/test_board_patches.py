"""Patches (built lots, changed headers, card rows pasted from earlier boards) never show a
stale picture: a board drawn from patches is the board drawn afresh, pixel for pixel.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.lords_of_vegas import GameState
from engine.lords_of_vegas.state import Die
from render.box import Box
from render.canvas import PATCHES, _patched
from render.lords_of_vegas import render_board
from render.lords_of_vegas.board import draw_board
from render.lords_of_vegas.geometry import LOT_BOXES
from tests.render.lords_of_vegas.board_positions import final_state, finished_game, midway

NAMES = {"black": "Ann", "blue": "Bo", "green": "Cy", "purple": "Di", "red": "Ed", "yellow": "Flo"}


def _positions() -> list[GameState]:
    """Boards of every size and stage: casinos of every shape, changed lots, full card rows."""
    states = [final_state("updated", count, 30 + count, "builder") for count in (2, 3, 4, 5, 6)]
    states += [midway("updated", 3, 14, fraction) for fraction in (0.2, 0.4, 0.6, 0.8)]
    states += [midway("updated", 6, 19, fraction) for fraction in (0.3, 0.7)]
    states += [final_state("classic", 4, 23, "builder"), final_state("updated", 2, 12, "hoarder")]
    return states


def _same_drawing(state: GameState) -> None:
    patched = draw_board(state, NAMES, patches=True)
    fresh = draw_board(state, NAMES, patches=False)
    assert patched.image.tobytes() == fresh.image.tobytes()
    assert patched.texts == fresh.texts


def test_boards_from_cold_patches_are_the_boards_drawn_afresh() -> None:
    _patched.cache_clear()
    for state in _positions():
        _patched.cache_clear()
        _same_drawing(state)


def test_boards_from_patches_of_other_games_are_the_boards_drawn_afresh() -> None:
    _patched.cache_clear()
    positions = _positions()
    for state in positions:
        draw_board(state, NAMES)
    hits = _patched.cache_info().hits
    for state in reversed(positions):
        _same_drawing(state)
    assert _patched.cache_info().hits > hits


def test_every_turn_of_a_game_from_patches_is_drawn_as_afresh() -> None:
    _, record = finished_game("updated", 4, 15, "builder")
    for upto in range(0, len(record.commands), 7):
        state, _ = record.replay(upto=upto)
        _same_drawing(state)


def _tile_lot(state: GameState) -> str:
    return next(lot for lot, tile in state.tiles.items() if tile.die is not None)


def test_a_lot_that_changes_is_redrawn_there_and_only_there() -> None:
    state = final_state("updated", 4, 34, "builder")
    lot = _tile_lot(state)
    die = state.tiles[lot].die
    assert die is not None
    before = draw_board(state).image
    changed = state.model_copy(deep=True)
    changed.tiles[lot].die = Die(owner=die.owner, pips=die.pips % 6 + 1)
    after = draw_board(changed).image
    difference = ImageChops.difference(before.convert("RGB"), after.convert("RGB")).getbbox()
    assert difference is not None
    assert LOT_BOXES[lot].contains(Box(*difference))
    assert after.tobytes() == draw_board(changed, patches=False).image.tobytes()
    # And back: the first board again, from the patches both boards left.
    assert draw_board(state).image.tobytes() == before.tobytes()


def test_a_die_changing_hands_is_redrawn() -> None:
    state = final_state("updated", 3, 33, "builder")
    lot = _tile_lot(state)
    die = state.tiles[lot].die
    assert die is not None
    other = next(color for color in state.colors if color != die.owner)
    changed = state.model_copy(deep=True)
    changed.tiles[lot].die = Die(owner=other, pips=die.pips)
    old, new = draw_board(state).image, draw_board(changed).image
    assert old.tobytes() != new.tobytes()
    assert new.tobytes() == draw_board(changed, patches=False).image.tobytes()


@pytest.mark.parametrize("count", [2, 6])
def test_the_same_state_twice_gives_the_same_bytes_whatever_was_drawn_between(count: int) -> None:
    state = final_state("updated", count, 40 + count, "builder")
    first = render_board(state, names=NAMES)
    for other in _positions()[:4]:
        render_board(other, names=NAMES)
    _patched.cache_clear()
    assert render_board(state, names=NAMES) == first
    assert render_board(state, names=NAMES) == first


def test_the_patches_kept_are_bounded() -> None:
    assert _patched.cache_info().maxsize == PATCHES
    for state in _positions():
        draw_board(state)
    assert _patched.cache_info().currsize <= PATCHES


def test_a_patched_board_decodes_to_the_board_drawn_afresh() -> None:
    state = midway("updated", 5, 17, 0.6)
    png = render_board(state, names=NAMES)
    with Image.open(io.BytesIO(png)) as image:
        decoded = image.convert("RGB")
    fresh = draw_board(state, NAMES, patches=False).image
    assert decoded.tobytes() == fresh.convert("RGB").tobytes()
