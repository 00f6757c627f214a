"""Every scenario file under tests/scenarios is valid and plays out as it says."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.lords_of_vegas.scenario import Scenario, StepFailed, load_scenario, main, run_scenario

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("*.json"))


def test_there_are_scenarios_for_the_rulebook_examples() -> None:
    names = {path.name for path in SCENARIOS}
    assert len(SCENARIOS) >= 40
    assert {"rulebook_trade_example.json", "rulebook_tie_reroll_after_remodel.json"} <= names


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.steps, "a scenario without steps proves nothing"
    assert any(step.expect or step.reject for step in scenario.steps)
    run_scenario(scenario)


def test_runner_reports_the_first_failing_step() -> None:
    scenario = Scenario.model_validate(
        {
            "name": "wrong money on purpose",
            "players": ["red", "blue"],
            "setup": {"current": "red", "money": {"red": 10}, "lots": {"A2": "red"}},
            "steps": [
                {"do": "red: build A2 vega"},
                {"expect": {"money": {"red": 5}}},
            ],
        }
    )
    with pytest.raises(StepFailed, match=r"step 2: red's money is 4, expected 5"):
        run_scenario(scenario)


def test_runner_fails_a_step_that_leaves_forced_rolls_unused() -> None:
    scenario = Scenario.model_validate(
        {
            "name": "unused rolls",
            "players": ["red", "blue"],
            "setup": {"current": "red", "money": {"red": 10}, "lots": {"A2": "red"}},
            "steps": [{"do": "red: build A2 vega", "rolls": [3]}],
        }
    )
    with pytest.raises(StepFailed, match="left forced rolls unused"):
        run_scenario(scenario)


def test_runner_fails_a_reject_step_that_is_accepted() -> None:
    scenario = Scenario.model_validate(
        {
            "name": "accepted",
            "players": ["red", "blue"],
            "setup": {"current": "red"},
            "steps": [{"reject": "red: end"}],
        }
    )
    with pytest.raises(StepFailed, match="should have been refused"):
        run_scenario(scenario)


def test_setup_must_use_track_spaces_and_seated_players() -> None:
    with pytest.raises(ValueError, match="scoring track"):
        Scenario.model_validate(
            {
                "name": "x",
                "players": ["red", "blue"],
                "setup": {"current": "red", "points": {"red": 9}},
                "steps": [{"expect": {}}],
            }
        )
    with pytest.raises(ValueError, match="not seated"):
        Scenario.model_validate(
            {
                "name": "x",
                "players": ["red", "blue"],
                "setup": {"current": "green"},
                "steps": [{"expect": {}}],
            }
        )


def test_command_line_prints_one_line_per_file_and_fails_on_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"name": "bad", "players": ["red", "blue"], "setup": {"current": "red"},'
        ' "steps": [{"expect": {"current": "blue"}}]}'
    )
    assert main([str(SCENARIOS[0]), str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("pass ")
    assert lines[1].startswith(f"FAIL {bad}: step 1: the current player is 'red'")
    assert lines[-1] == "1 of 2 scenarios passed"
    assert main([str(SCENARIOS[0])]) == 0
