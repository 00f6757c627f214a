"""Every Vegas Showdown scenario file is valid and plays out as it says."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.vegas_showdown.scenario import (
    Scenario,
    StepFailed,
    card_index,
    load_scenario,
    main,
    run_scenario,
)
from engine.vegas_showdown.tables import COMPONENTS

FOLDER = Path(__file__).parents[2] / "scenarios" / "vegas_showdown"
SCENARIOS = sorted(FOLDER.glob("*.json"))


def test_every_event_card_and_rulebook_example_has_a_scenario() -> None:
    names = {path.stem for path in SCENARIOS}
    for card in COMPONENTS.event_cards:
        assert any(name.startswith(f"card_{card}") for name in names), card
    assert {
        "rulebook_premier_outbid",
        "rulebook_renovate",
        "rulebook_renovate_to_fill_the_hotel",
        "rulebook_night_club",
        "rulebook_incorrect_placement",
        "rulebook_price_drop",
        "ties_five_players",
        "ties_three_players",
    } <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    scenario = load_scenario(path)
    assert any(step.expect or step.reject for step in scenario.steps), "it must check something"
    run_scenario(scenario)


def _scenario(steps: list[dict[str, object]], **setup: object) -> Scenario:
    return Scenario.model_validate(
        {
            "name": "test",
            "players": ["red", "yellow", "green"],
            "setup": {"button": "red", **setup},
            "steps": steps,
        }
    )


def test_runner_reports_the_first_failing_step() -> None:
    scenario = _scenario([{"do": "red: publicity"}, {"expect": {"fame": {"red": 2}}}])
    with pytest.raises(StepFailed, match=r"step 2: red's fame is 1, expected 2"):
        run_scenario(scenario)


def test_runner_fails_a_reject_step_that_is_accepted_or_refused_for_another_reason() -> None:
    with pytest.raises(StepFailed, match="should have been refused"):
        run_scenario(_scenario([{"reject": "red: publicity"}]))
    with pytest.raises(StepFailed, match="not for 'money'"):
        run_scenario(_scenario([{"reject": "yellow: publicity", "because": "money"}]))


def test_runner_checks_the_narration_of_a_step() -> None:
    with pytest.raises(StepFailed, match="nothing said 'renovates'"):
        run_scenario(_scenario([{"do": "red: publicity", "says": ["renovates"]}]))


def test_setup_must_seat_its_players_and_use_real_tiles() -> None:
    with pytest.raises(ValueError, match="not seated"):
        _scenario([{"expect": {}}], money={"purple": 3})
    with pytest.raises(ValueError, match="not a tile"):
        _scenario([{"expect": {}}], reserve={"red": ["roulette"]})
    with pytest.raises(StepFailed, match="setup: red's sheet in the setup breaks the rules"):
        run_scenario(_scenario([{"expect": {}}], sheets={"red": ["slots c3 0"]}))


def test_command_line_prints_one_line_per_file_and_fails_on_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"name": "bad", "players": ["red", "yellow", "green"], "setup": {"button": "red"},'
        ' "steps": [{"expect": {"current": "yellow"}}]}'
    )
    assert main([str(SCENARIOS[0]), str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("pass ")
    assert lines[1].startswith(f"FAIL {bad}: step 1: current is 'red'")
    assert lines[-1] == "1 of 2 scenarios passed"


def test_a_misspelt_card_or_tile_in_a_scenario_gets_a_did_you_mean() -> None:
    with pytest.raises(ValueError, match=r"Did you mean pr_scandal\?"):
        card_index("pr_scandle")
    with pytest.raises(ValidationError, match=r"did you mean lounge\?"):
        Scenario.model_validate(
            {
                "name": "misspelt",
                "players": ["red", "yellow", "green"],
                "setup": {"button": "red", "reserve": {"red": ["lonuge"]}},
                "steps": [{"expect": {}}],
            }
        )
