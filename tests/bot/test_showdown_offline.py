"""Vegas Showdown in the terminal (`bot.offline --game vegas_showdown`): hot seat, the
engine's notation, a round picture written to the game's folder at every round."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.games.vegas_showdown.terminal import HELP, final_standings
from bot.offline import main
from engine.vegas_showdown import GameRecord, GameSettings, format_action, new_game
from engine.vegas_showdown import apply as apply_action
from engine.vegas_showdown.greedy import GreedyPlayer

pytestmark = pytest.mark.usefixtures("terminal_database")

SEED = 5
PLAYERS = ["red", "blue", "green"]


def greedy_lines() -> tuple[list[str], int]:
    """A whole game's commands as typed (each with its player's colour), and its rounds
    played to the end."""
    state, _ = new_game(GameSettings(players=PLAYERS, seed=SEED))
    greedy = GreedyPlayer()
    lines = []
    while not state.over:
        color, action = greedy.next_move(state)
        lines.append(f"{color}: {format_action(action)}")
        apply_action(state, color, action)
    # An empty premier stack ends the game as its last round begins: its picture is final.png.
    return lines, state.round - (state.end_reason == "stack_empty")


def test_a_whole_game_hot_seat_in_the_terminal(tmp_path: Path) -> None:
    moves, rounds = greedy_lines()
    typed = [
        "help",
        "moves",
        "bidd P1 5",  # a typo: the likeliest command is suggested
        "bid P1 1",  # below the Minimum-Bid marker: refused, nothing changes
        "status",
        "rules components",
        "board",
        *moves,
    ]
    out = io.StringIO()
    argv = ["--game", "vegas_showdown", "--seed", str(SEED), "--boards", str(tmp_path)]
    assert main(argv, io.StringIO("\n".join(typed) + "\n"), out) == 0
    said = out.getvalue()

    assert said.startswith("Vegas Showdown (3 to 5 players).")
    assert "  red: person" in said and "done | undo | cancel" in said
    assert "bid P1 18|21|25" in said and "Fancy Slots (P1): from $18; you have $25" in said
    assert "There is no command 'bidd'. Did you mean bid?" in said
    assert "Refused: The Minimum-Bid marker of the Fancy Slots is on $18. You may bid $18," in said
    assert "Round 1; blue holds the button." in said and "reconstructed" in said
    assert "Final standings:\n1. " in said and "--seed 5 deals it again" in said

    folder = tmp_path / "game-001"
    pictures = sorted(p.name for p in folder.glob("round-*.png"))
    assert "round-001-now.png" in pictures  # `board`
    rounds_drawn = [p for p in pictures if not p.endswith("-now.png")]
    assert rounds_drawn == [f"round-{n:03d}.png" for n in range(1, rounds + 1)]
    assert Image.open(folder / "final.png").size == (1309, 1580)
    record = GameRecord.model_validate(json.loads((folder / "record.json").read_text()))
    assert record.settings.seed == SEED and record.commands == moves
    assert record.replay()[0].over


def test_three_computer_players_play_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    argv = ["--game", "vegas_showdown", "--players", "3", "--ai", "easy", "normal"]
    argv += ["--ai", "easy", "--seed", str(SEED), "--boards", str(tmp_path), "--pace", "0"]
    out = io.StringIO()
    assert main(argv, io.StringIO(""), out) == 0  # nobody types: the computers play it all
    said = out.getvalue()
    assert "  red: computer player (easy)\n  blue: computer player (normal)\n" in said
    assert "  green: computer player (easy)\n" in said and "red> " not in said

    folder = tmp_path / "game-001"
    record = GameRecord.model_validate(json.loads((folder / "record.json").read_text()))
    assert record.settings.seed == SEED  # the full record, once the game is over
    state, _ = record.replay()
    assert state.over and {c.split(":")[0] for c in record.commands} == set(PLAYERS)
    standings = "\n".join(final_standings(state))
    assert standings.startswith("Final standings:\n1. ") and f"\n{standings}\n" in said
    rounds = state.round - (state.end_reason == "stack_empty")
    pictures = sorted(p.name for p in folder.glob("round-*.png"))
    assert pictures == [f"round-{n:03d}.png" for n in range(1, rounds + 1)]
    assert Image.open(folder / "final.png").size == (1309, 1580)


def test_the_helps_example_of_another_player_placing_is_accepted_on_a_new_sheet(
    tmp_path: Path,
) -> None:
    example = HELP.partition("first, e.g.")[2].split("\n")[0].strip()
    assert example.startswith("blue: place ")
    # Seed 1: red acts first; blue buys the tile the example places.
    bids = ["bid slots 5", "bid lounge 9", "bid restaurant 15"]
    typed = [*bids, example, "quit"]
    argv = ["--game", "vegas_showdown", "--players", "3", "--seed", "1"]
    out = io.StringIO()
    assert main([*argv, "--boards", str(tmp_path)], io.StringIO("\n".join(typed) + "\n"), out) == 0
    said = out.getvalue()
    assert "blue buys the Lounge for $9." in said
    assert "blue places the Lounge at a3." in said and "Refused" not in said
