"""A player who owns the printed game corrects the one data file and plays with it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import engine

PROGRAM = """
import json
from engine.vegas_showdown import COLORS, GameSettings, new_game
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.scenario import Scenario, build_state
from engine.vegas_showdown.sheet import legal_placements
from engine.vegas_showdown.tables import COMPONENTS

state, _ = new_game(GameSettings(players=list(COLORS[:3]), seed=1))
played, _ = play_game(list(COLORS[:4]), 5)  # invariants checked after every action
sheet = build_state(Scenario.model_validate({
    "name": "x", "players": ["red", "yellow", "green"],
    "setup": {"button": "red", "sheets": {"red": ["lounge a3 0"]}}, "steps": [{"expect": {}}],
}))
print(json.dumps({
    "money": [p.money for p in state.players],
    "over": played.over,
    "fame": sheet.player("red").fame,
    "lounge_spots": len(legal_placements(COMPONENTS, [], "lounge")),
}))
"""


def _run(root: Path) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_an_edited_components_file_changes_the_game(tmp_path: Path) -> None:
    source = Path(engine.__file__).parent
    shutil.copytree(source, tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    data_file = tmp_path / "engine" / "vegas_showdown" / "data" / "components.json"
    data = json.loads(data_file.read_text("utf-8"))
    data["setup"]["starting_cash"] = 33
    lounge = next(tile for tile in data["tiles"] if tile["id"] == "lounge")
    lounge["fame"] = 7
    lounge["doors"] = {"value": [2, 5], "reconstructed": True, "why": "a test's correction"}
    data_file.write_text(json.dumps(data), "utf-8")

    original = _run(source.parent)
    corrected = _run(tmp_path)
    assert original["money"] == [25, 25, 25] and original["fame"] == 2
    assert corrected["money"] == [38, 38, 38]  # $33, then the first round's income
    assert corrected["fame"] == 7
    assert corrected["lounge_spots"] != original["lounge_spots"]
    assert corrected["over"] is True


def test_the_checker_runs_as_a_program_without_warnings(tmp_path: Path) -> None:
    source = Path(engine.__file__).parent.parent
    data = json.loads((source / "engine/vegas_showdown/data/components.json").read_text("utf-8"))
    data["setup"]["starting_cash"] = "lots"
    wrong = tmp_path / "components.json"
    wrong.write_text(json.dumps(data), "utf-8")
    program = [sys.executable, "-W", "error", "-m", "engine.vegas_showdown.check_components"]
    env = {**os.environ, "PYTHONPATH": str(source)}

    ours = subprocess.run(program, env=env, capture_output=True, text=True, check=False)
    assert ours.returncode == 0 and ours.stderr == ""
    assert ours.stdout.startswith("ok: 15 kinds of tile (63 tiles), 33 event cards")
    theirs = subprocess.run(
        [*program, str(wrong)], env=env, capture_output=True, text=True, check=False
    )
    assert theirs.returncode == 1 and theirs.stderr == ""
    assert theirs.stdout.startswith("not usable:") and "starting_cash" in theirs.stdout
