"""`/vegas hint` and the terminal's `hint`: the normal computer player's advice, privately."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.app import VegasHost
from bot.hints import HEADER, hint_text
from bot.offline import main as offline_main
from engine.lords_of_vegas.ai.hints import hints
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.test_server_commands import open_game, seat_color
from tests.engine.test_ai import reshuffled


async def test_a_hint_answers_the_player_to_move_privately_with_reasons(
    table: Table, vegas: VegasHost
) -> None:
    emu = table.emu
    alice, bob = table.alice, table.bob
    first = await open_game(table, table.channel, [alice, bob])
    [mover] = mentioned(first, [alice, bob])
    other = bob if mover is alice else alice

    asked = await emu.slash(mover, table.channel, "vegas hint")
    assert asked.ephemeral
    assert asked.content.startswith(HEADER)
    assert "1. `" in asked.content
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None
    state = game.state()
    color = seat_color(game, mover)
    # The advice is the engine's, and the same whatever order the deck is in.
    assert asked.content == hint_text(hints(state, color))
    assert asked.content == hint_text(hints(reshuffled(state, 5), color))

    waiting = await emu.slash(other, table.channel, "vegas hint")
    assert waiting.ephemeral
    name = "Alice" if mover is alice else "Bob"
    assert waiting.content == f"Nothing is yours to decide just now: the game waits for {name}."

    stranger = await emu.slash(table.carol, table.channel, "vegas hint")
    assert stranger.ephemeral and "no seat" in stranger.content
    nowhere = await emu.slash(alice, table.other_channel, "vegas hint")
    assert nowhere.ephemeral and "no game under way" in nowhere.content
    # Asking changed nothing.
    after = await vegas.store.open_game(table.channel.id)
    assert after is not None and after.version == game.version


@pytest.mark.parametrize(
    ("game", "words"),
    [("lords_of_vegas", "points against the best rival"), ("vegas_showdown", "Fame against")],
)
def test_hint_in_the_terminal(tmp_path: Path, game: str, words: str) -> None:
    out = io.StringIO()
    typed = io.StringIO("hint\nquit\n")
    argv = ["--game", game, "--players", "3", "--seed", "4", "--boards", str(tmp_path)]
    assert offline_main(argv, typed, out) == 0
    text = out.getvalue()
    assert HEADER in text
    assert "1. `" in text and words in text
