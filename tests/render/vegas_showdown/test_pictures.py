"""Every Vegas Showdown picture is a valid, deterministic, small PNG with all its text in place,
from the first round to the end, and `python -m render` draws a saved game's round picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.vegas_showdown import GameRecord, GameState
from engine.vegas_showdown.sheet import legal_placements
from engine.vegas_showdown.state import BuyDecision
from engine.vegas_showdown.tables import COMPONENTS
from render.__main__ import main
from render.box import Box
from render.games import game_of
from render.text import TextPlacement
from render.vegas_showdown import (
    numbered_placements,
    render_board,
    render_placement_choice,
    render_placement_preview,
    render_round,
    render_sheet,
    render_sheets,
)
from render.vegas_showdown.picture import draw_round
from render.vegas_showdown.preview import draw_preview
from tests.render.vegas_showdown.positions import (
    decode,
    every_step,
    final_state,
    finished_game,
    midway,
)

MAX_BYTES = 250 * 1024


def _inside(texts: tuple[TextPlacement, ...], width: int, height: int) -> None:
    picture = Box(0, 0, width, height)
    for placed in texts:
        assert placed.text, placed
        assert placed.box.contains(placed.ink), placed
        assert picture.contains(placed.ink), placed


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_step_of_a_game_gives_a_small_png_with_every_text_in_its_box(players: int) -> None:
    states = every_step(players, 20 + players)
    assert {s.step for s in states} == {"flip", "actions", "build", "over"}
    for state in states:
        png = render_round(state)
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < MAX_BYTES
        drawing = draw_round(state)
        image = decode(png)
        assert image.size == drawing.image.size
        _inside(drawing.texts, *image.size)
        for decision in state.pending:
            if isinstance(decision, BuyDecision):
                sheet = state.player(decision.player).sheet
                legal = legal_placements(COMPONENTS, sheet, decision.tile)
                preview = draw_preview(sheet, decision.tile, legal, "title")
                _inside(preview.drawing.texts, *preview.drawing.image.size)
                preview_png = render_placement_preview(state, decision.player, decision.tile)
                assert len(preview_png) < MAX_BYTES
                if legal:
                    choice = numbered_placements(legal)[-1]
                    assert render_placement_choice(state, decision.player, choice)


def test_the_same_state_gives_the_same_bytes_whatever_was_drawn_before() -> None:
    state = midway(5, 3, 0.6)
    first = render_round(state)
    render_round(final_state(4, 7))  # warms every cache with other pictures
    render_placement_preview(state, "red", "lounge")
    assert render_round(state.model_copy(deep=True)) == first
    copy = GameState.model_validate_json(state.model_dump_json())
    assert render_round(copy) == first
    assert render_board(copy) == render_board(state)
    assert render_sheets(copy) == render_sheets(state)
    assert render_sheet(copy, "blue") == render_sheet(state, "blue")


def test_a_late_five_player_round_stays_well_under_the_size_limits() -> None:
    state = final_state(5, 11)
    png = render_round(state)
    assert len(png) < MAX_BYTES
    width, height = decode(png).size
    assert width <= 1400 and height <= 2000


def test_a_public_record_draws_the_round_the_table_sees(tmp_path: Path) -> None:
    _, whole = finished_game(5, 3)
    for fraction in (0.2, 0.5, 0.8):
        so_far = GameRecord(
            settings=whole.settings, commands=whole.commands[: int(len(whole.commands) * fraction)]
        )
        state, _ = so_far.replay()
        public = so_far.public(state)
        # The event deck's and stacks' order are not in it, and the picture does not need them.
        assert public.state != state
        assert render_round(public.state) == render_round(state)
    saved = tmp_path / "public.json"
    saved.write_text(public.model_dump_json(), encoding="utf-8")
    out = tmp_path / "round.png"
    assert main([str(saved), "-o", str(out), "--name", "red=Ann"]) == 0
    assert out.read_bytes() == render_round(state, names={"red": "Ann"})


def test_names_are_drawn_and_colours_stand_in_for_missing_ones() -> None:
    state = midway(3, 2, 0.5)
    texts = [t.text for t in draw_round(state, {"red": "Ann", "yellow": "  "}).texts]
    assert "Ann" in texts and "yellow" in texts and "green" in texts


def test_the_command_draws_a_record_and_a_state_each_known_by_its_game_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state, record = finished_game(4, 7)
    saved = tmp_path / "record.json"
    saved.write_text(record.model_dump_json(), encoding="utf-8")
    out = tmp_path / "round.png"
    assert main([str(saved), "-o", str(out), "--name", "red=Ann"]) == 0
    assert out.read_bytes() == render_round(state, names={"red": "Ann"})
    bare = tmp_path / "state.json"
    bare.write_text(state.model_dump_json(), encoding="utf-8")
    assert json.loads(bare.read_text(encoding="utf-8"))["game"] == "vegas_showdown"
    assert main([str(bare), "-o", str(out)]) == 0
    assert out.read_bytes() == render_round(state)
    # Without its `game` field a saved game is Lords of Vegas: no guessing from other keys.
    unnamed = state.model_dump(mode="json", exclude={"game"})
    assert game_of(unnamed) == "lords_of_vegas"
    bare.write_text(json.dumps(unnamed), encoding="utf-8")
    assert main([str(bare), "-o", str(out)]) == 1
    assert "cannot render" in capsys.readouterr().err
    # Names are checked against this game's colours.
    assert main([str(saved), "-o", str(out), "--name", "black=Bo"]) == 1
