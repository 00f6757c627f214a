"""The board image is a PNG of the board's size for any reachable state, and is repeatable."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from engine.lords_of_vegas import GameSettings, GameState, apply, new_game, parse_line
from engine.lords_of_vegas.state import Edition
from render.box import Box
from render.lords_of_vegas import render_board
from render.lords_of_vegas.board import draw_board, encode_png
from render.lords_of_vegas.geometry import IMAGE_SIZE
from render.lords_of_vegas.style import (
    COMPANY_FILL,
    HATCH,
    PAVEMENT,
    PLAYER_FILL,
    SIGNAL,
    UNUSED,
)
from render.palette import INK, MUTED, PAPER, WHITE
from tests.render.lords_of_vegas.board_positions import decode, final_state, finished_game, midway

ROOT = Path(__file__).resolve().parents[3]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 200 * 1024

GAMES: list[tuple[Edition, int, int, str | None]] = [
    ("updated", 2, 11, "builder"),
    ("updated", 2, 12, "hoarder"),
    ("updated", 3, 13, "uniform"),
    ("updated", 3, 14, "builder"),
    ("updated", 4, 15, "builder"),
    ("updated", 4, 16, "hoarder"),
    ("updated", 5, 17, "builder"),
    ("updated", 5, 18, "uniform"),
    ("updated", 6, 19, "builder"),
    ("updated", 6, 20, "hoarder"),
    ("classic", 2, 21, "builder"),
    ("classic", 3, 22, "uniform"),
    ("classic", 4, 23, "builder"),
    ("classic", 4, 24, "hoarder"),
]


def assert_board_png(png: bytes) -> None:
    assert png.startswith(PNG_SIGNATURE)
    assert len(png) <= MAX_BYTES
    with Image.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        assert image.size == IMAGE_SIZE
        assert image.mode == "P"
        image.verify()


@pytest.mark.parametrize(("edition", "count", "seed", "style"), GAMES)
def test_final_and_midgame_positions_render_as_board_pngs(
    edition: Edition, count: int, seed: int, style: str | None
) -> None:
    state = final_state(edition, count, seed, style)
    assert state.over
    assert_board_png(render_board(state))
    _, record = finished_game(edition, count, seed, style)
    for fraction in (0.25, 0.6):
        partial, _ = record.replay(upto=int(len(record.commands) * fraction))
        assert not partial.over
        assert_board_png(render_board(partial))


@pytest.mark.parametrize(("edition", "count", "seed"), [("updated", 6, 3), ("classic", 4, 4)])
def test_every_state_of_a_whole_game_renders(edition: Edition, count: int, seed: int) -> None:
    _, record = finished_game(edition, count, seed, None)
    state, _ = new_game(record.settings)
    assert_board_png(render_board(state))
    for line in record.commands:
        apply(state, *parse_line(line))
        assert_board_png(render_board(state))
    assert state.over


def test_states_waiting_on_decisions_render() -> None:
    waiting = 0
    for seed in range(30, 60):
        _, record = finished_game("classic", 3, seed, "uniform")
        state, _ = new_game(record.settings)
        for line in record.commands:
            apply(state, *parse_line(line))
            if state.pending:
                waiting += 1
                assert_board_png(render_board(state))
        if waiting >= 5:
            break
    assert waiting >= 5, "the random games should have produced decisions to wait on"


def test_a_new_game_renders_before_anyone_has_built() -> None:
    for edition, colors in (("updated", ["red", "blue"]), ("classic", ["blue", "green", "red"])):
        state, _ = new_game(GameSettings(edition=edition, players=colors, seed=5))  # type: ignore[arg-type]
        assert not state.tiles
        assert_board_png(render_board(state))


def test_same_state_gives_same_bytes() -> None:
    state = final_state("updated", 6, 19, "builder")
    other = midway("updated", 4, 15, 0.5)
    first = render_board(state)
    render_board(other)
    assert render_board(state) == first
    copy = GameState.model_validate_json(state.model_dump_json())
    assert render_board(copy) == first
    assert render_board(state, names={"red": "Ann"}) != first


def test_a_fresh_process_gives_the_same_bytes(tmp_path: Path) -> None:
    state = midway("updated", 5, 17, 0.5)
    saved = tmp_path / "game.json"
    saved.write_text(state.model_dump_json(), encoding="utf-8")
    script = (
        "import sys; from pathlib import Path; from engine.lords_of_vegas import GameState; "
        "from render.lords_of_vegas import render_board; "
        "s = GameState.model_validate_json(Path(sys.argv[1]).read_text()); "
        "sys.stdout.buffer.write(render_board(s))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(saved)], cwd=ROOT, capture_output=True, check=True
    )
    assert done.stdout == render_board(state)


def test_rendering_leaves_the_state_unchanged() -> None:
    state = midway("updated", 6, 19, 0.7)
    before = state.model_dump_json()
    render_board(state, names={"red": "Ann"})
    assert state.model_dump_json() == before


AWKWARD_NAMES = [
    "Al",
    "An extraordinarily long display name that goes on and on",
    "ÅÉÎÕÜ Ångström-Økland",
    "Żaneta Ğülşen",
    "李小龍",
    "🎲 Lucky 🎰",
    "",
    "   ",
    "line\nbreak\ttab",
    "W" * 32,
    "x" * 500,
]


@pytest.mark.parametrize(
    "state_maker",
    [
        lambda: final_state("updated", 6, 19, "builder"),
        lambda: final_state("updated", 2, 11, "builder"),
        lambda: final_state("classic", 4, 23, "builder"),
        lambda: midway("updated", 6, 20, 0.5),
        lambda: midway("updated", 3, 14, 0.3),
    ],
)
def test_text_is_never_drawn_outside_its_box(state_maker) -> None:  # type: ignore[no-untyped-def]
    state = state_maker()
    for offset in range(0, len(AWKWARD_NAMES), len(state.players)):
        chosen = AWKWARD_NAMES[offset : offset + len(state.players)]
        names = dict(zip(state.colors, chosen, strict=False))
        drawing = draw_board(state, names=names)
        image_box = Box(0, 0, *IMAGE_SIZE)
        assert drawing.texts
        for placed in drawing.texts:
            assert placed.box.contains(placed.ink), placed
            assert image_box.contains(placed.box), placed
            assert placed.text.strip(), placed


def test_every_named_colour_survives_png_encoding_exactly() -> None:
    named = [
        *COMPANY_FILL.values(),
        *PLAYER_FILL.values(),
        INK,
        WHITE,
        PAPER,
        PAVEMENT,
        SIGNAL,
        UNUSED,
        HATCH,
        MUTED,
    ]
    strip = Image.new("RGB", (len(named), 1))
    strip.putdata(named)
    decoded = decode(encode_png(strip))
    assert [decoded.getpixel((x, 0)) for x in range(len(named))] == named
