"""Both engines offer the front door written down in `engine/game.py`.

mypy proves the signatures (`engine/games.py`); this checks the same at run time, so a
package that loses a member fails here too.
"""

from __future__ import annotations

import inspect
import json

import pytest
from pydantic import BaseModel, ValidationError

from engine import lords_of_vegas, vegas_showdown
from engine.game import GameRules
from engine.games import GAMES

MEMBERS = sorted(
    name
    for name, value in vars(GameRules).items()
    if not name.startswith("_") and (callable(value) or isinstance(value, property))
)


def test_the_protocol_names_the_whole_front_door() -> None:
    assert {
        "new_game",
        "apply",
        "legal_actions",
        "waiting_for",
        "parse_command",
        "describe",
    } <= set(MEMBERS)
    assert {"GameState", "GameSettings", "IllegalAction", "NotationError"} <= set(MEMBERS)
    assert {"GameRecord", "PublicRecord"} <= set(MEMBERS)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_game_package_has_every_member(name: str) -> None:
    package = GAMES[name]
    for member in MEMBERS:
        assert hasattr(package, member), f"{name} lacks {member}"
        wanted = getattr(GameRules, member)
        if isinstance(wanted, property):
            assert inspect.isclass(getattr(package, member))
            continue
        needed = [
            p
            for p in inspect.signature(wanted).parameters.values()
            if p.name != "self" and p.default is inspect.Parameter.empty
        ]
        offered = inspect.signature(getattr(package, member)).parameters
        assert len(offered) >= len(needed), f"{name}.{member} takes too few arguments"


def test_the_registry_holds_both_packages() -> None:
    assert {"lords_of_vegas": lords_of_vegas, "vegas_showdown": vegas_showdown} == GAMES


@pytest.mark.parametrize(
    ("package", "players"),
    [(lords_of_vegas, ["red", "blue"]), (vegas_showdown, ["red", "blue", "green"])],
)
def test_a_game_can_be_driven_through_the_front_door_alone(
    package: object, players: list[str]
) -> None:
    rules: GameRules[object, object, str, object, object, object] = package  # type: ignore[assignment]
    settings = rules.GameSettings(players=players, seed=3)
    state, events = rules.new_game(settings)
    assert events and all(rules.describe(event) for event in events)
    lines: list[str] = []
    for _ in range(30):
        if rules.is_over(state):
            break
        player = rules.waiting_for(state)[0]
        owed = rules.decisions_owed(state, player)
        action = (
            rules.default_answer(state, owed[0]) if owed else rules.legal_actions(state, player)[0]
        )
        line = rules.format_line(player, action)
        assert rules.parse_line(line) == (player, action)
        for event in rules.apply(state, player, action):
            assert rules.describe(event)
        lines.append(line)
    # The record replays the game; its public form reads back without the seed.
    record = rules.GameRecord(settings=settings, commands=lines)
    assert record.replay()[0] == state
    shared = rules.PublicRecord.model_validate_json(record.public(state).model_dump_json())
    assert shared.record == "public" and shared.game == record.game
    assert list(shared.players) == players and list(shared.commands) == lines
    assert "seed" not in shared.model_dump_json()
    restored = rules.GameState.model_validate_json(state.model_dump_json())  # type: ignore[attr-defined]
    assert restored == state
    with pytest.raises(rules.NotationError):
        rules.parse_command("fly to the moon")
    assert len(rules.standings(state)) == len(players)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_saved_state_names_its_game_and_one_saved_without_the_name_still_loads(
    name: str,
) -> None:
    rules: GameRules[object, BaseModel, str, object, object, object] = GAMES[name]
    players = ["red", "blue", "green"]
    state, _ = rules.new_game(rules.GameSettings(players=players, seed=5))
    saved = json.loads(state.model_dump_json())
    assert saved["game"] == name
    del saved["game"]  # as states were saved before they named their game
    assert rules.GameState.model_validate(saved) == state
    other = next(game for game in GAMES if game != name)
    with pytest.raises(ValidationError):
        rules.GameState.model_validate({**saved, "game": other})
