"""`python -m render saved-game.json -o board.png` writes the board of a saved game, drawn
by the package of the game its JSON names."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from PIL import Image

from engine.lords_of_vegas.record import GameRecord
from render.__main__ import main
from render.box import Box
from render.canvas import Canvas
from render.games import GAMES, game_of
from render.lords_of_vegas import render_board
from render.palette import INK, PAPER, encode_png
from render.saved import Picture
from tests.render.lords_of_vegas.board_positions import finished_game, midway

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_renders_a_saved_state(tmp_path: Path) -> None:
    state = midway("updated", 4, 15, 0.5)
    saved = tmp_path / "saved-game.json"
    saved.write_text(state.model_dump_json(), encoding="utf-8")
    out = tmp_path / "board.png"
    done = subprocess.run(
        [sys.executable, "-m", "render", str(saved), "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == render_board(state)


def test_a_game_record_is_replayed_to_its_end(tmp_path: Path) -> None:
    state, record = finished_game("classic", 3, 22, "uniform")
    saved = tmp_path / "record.json"
    saved.write_text(record.model_dump_json(), encoding="utf-8")
    out = tmp_path / "board.png"
    assert main([str(saved), "-o", str(out)]) == 0
    assert out.read_bytes() == render_board(state)


def test_a_public_record_draws_the_board_the_table_sees(tmp_path: Path) -> None:
    _, whole = finished_game("updated", 3, 14, "builder")
    so_far = GameRecord(settings=whole.settings, commands=whole.commands[:80])
    state, _ = so_far.replay()
    saved = tmp_path / "record.json"
    saved.write_text(so_far.public(state).model_dump_json(), encoding="utf-8")
    out = tmp_path / "board.png"
    assert main([str(saved), "-o", str(out)]) == 0
    # The deck's order is not in the public record, and the picture does not need it.
    assert out.read_bytes() == render_board(state)


def test_names_are_given_as_colour_equals_name(tmp_path: Path) -> None:
    state = midway("updated", 3, 14, 0.5)
    saved = tmp_path / "saved.json"
    saved.write_text(state.model_dump_json(), encoding="utf-8")
    out = tmp_path / "named.png"
    assert main([str(saved), "-o", str(out), "--name", "black=Ann", "--name", "Green=Bo"]) == 0
    assert out.read_bytes() == render_board(state, names={"black": "Ann", "green": "Bo"})


@pytest.mark.parametrize(
    ("content", "extra", "message"),
    [
        ("{not json", [], "cannot render"),
        ('{"players": []}', [], "cannot render"),
        ('{"game": "chess", "players": []}', [], "no pictures for the game 'chess'"),
        (None, [], "No such file"),
        ("STATE", ["--name", "pink=Pat"], "colour=name"),
        ("STATE", ["--name", "red"], "colour=name"),
    ],
)
def test_bad_input_is_reported_without_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str | None,
    extra: list[str],
    message: str,
) -> None:
    saved = tmp_path / "saved.json"
    if content == "STATE":
        content = midway("updated", 3, 14, 0.5).model_dump_json()
    if content is not None:
        saved.write_text(content, encoding="utf-8")
    out = tmp_path / "board.png"
    assert main([str(saved), "-o", str(out), *extra]) == 1
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_saved_game_without_a_game_field_is_lords_of_vegas(tmp_path: Path) -> None:
    state, record = finished_game("updated", 3, 14, "builder")
    assert game_of(state.model_dump(mode="json")) == "lords_of_vegas"
    assert game_of(record.model_dump(mode="json")) == "lords_of_vegas"
    # A record written before records named their game.
    saved = tmp_path / "old.json"
    saved.write_text(record.model_dump_json(exclude={"game"}), encoding="utf-8")
    assert "game" not in saved.read_text(encoding="utf-8")
    out = tmp_path / "old.png"
    assert main([str(saved), "-o", str(out)]) == 0
    assert out.read_bytes() == render_board(state)


def _toy_picture(data: dict[str, list[str]]) -> Picture:
    """A second game as a game package would plug in: its seats, its own picture."""
    seats = tuple(data["seats"])

    def draw(names: Mapping[str, str]) -> bytes:
        canvas = Canvas(Image.new("RGB", (200, 40), PAPER))
        canvas.text(Box(4, 4, 196, 36), ", ".join(names.get(c, c) for c in seats), INK, 16)
        return encode_png(canvas.image, 6)

    return Picture(seats, draw)


def test_another_game_plugs_in_by_one_registry_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "toy", _toy_picture)
    saved = tmp_path / "toy.json"
    saved.write_text(json.dumps({"game": "toy", "seats": ["teal", "rose"]}), encoding="utf-8")
    out = tmp_path / "toy.png"
    assert main([str(saved), "-o", str(out), "--name", "rose=Ro"]) == 0
    assert out.read_bytes() == _toy_picture({"seats": ["teal", "rose"]}).draw({"rose": "Ro"})
    with Image.open(out) as image:
        assert image.size == (200, 40)
    # Names are checked against the toy game's seats, not Lords of Vegas colours.
    assert main([str(saved), "-o", str(out), "--name", "red=Rita"]) == 1
