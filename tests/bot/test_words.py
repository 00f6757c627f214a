"""What the bot and the terminal write reads well for one and for many, and the end is said once.

The engine's lines are checked in tests/engine/test_words.py; these are the lines the
bot and the terminal compose around them: prompts, the status, the final post, the
terminal's status, moves and standings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from bot import offline
from bot.app import main as app_main
from bot.games.lords_of_vegas import terminal
from bot.games.lords_of_vegas.posts import final_post, status_embed, whose_turn
from bot.games.lords_of_vegas.prompts import (
    closed_decision_text,
    closed_offer_text,
    decision_text,
    offer_text,
)
from bot.options import minutes_text
from bot.posts import lobby_lines
from bot.store import Game, Seat
from bot.store.__main__ import main as store_main
from engine.lords_of_vegas import Color, GameState, describe
from engine.lords_of_vegas.actions import PayStep
from engine.lords_of_vegas.events import (
    DicePlaced,
    Event,
    GameOver,
    OfferClosed,
    TradeFinished,
    TradeStepFailed,
)
from engine.lords_of_vegas.randomplay import play_random_game
from engine.lords_of_vegas.state import Offer
from render.__main__ import main as render_main
from tests.bot.test_stats import game_with
from tests.engine.test_words import AMOUNTS, sample_decisions, sample_steps
from tests.grammar import assert_reads_well, state_of_ones

ROOT = Path(__file__).parent.parent.parent
SEATS = [
    Seat(1, "red", user_id=10, name="Ann"),
    Seat(2, "blue", user_id=11, name="Ben"),
    Seat(3, "green", ai_level=1, name="Bot Lucky"),
]


def table(state: GameState) -> Game:
    """The game as the store would hand it back, three named seats, under way."""
    return replace(game_with(SEATS, state.model_dump_json()), status="active")


def embed_texts(state: GameState, game: Game) -> list[str]:
    embed = status_embed(game, state)
    return [embed.title or ""] + [f"{f.name}: {f.value}" for f in embed.fields]


def test_prompts_and_status_read_well_for_one_and_for_many() -> None:
    state = state_of_ones()
    game = table(state)
    texts = embed_texts(state, game)
    assert "$1m · 1 point\n1 die, 1 marker left" in "\n".join(texts)
    texts.append(lobby_lines(game, 6))
    for n in AMOUNTS:
        decisions = sample_decisions(n)
        texts += [decision_text(game, state, d, None) for d in decisions]
        steps = tuple(sample_steps(n, "albion"))
        for offer in (
            Offer(id=n, proposer="red", steps=steps[:1]),
            Offer(id=n, proposer="red", steps=steps),
        ):
            texts.append(offer_text(game, offer, None))
        failed = PayStep(giver="red", receiver="blue", amount=500)
        for skipped in (0, 1, 2, n):
            stop = TradeStepFailed(
                offer=n, index=1, step=failed, reason="red has $1m.", skipped=skipped
            )
            texts.append(closed_offer_text(game, n, [stop]))
        closing: list[Event] = [
            OfferClosed(offer=n, reason=r, player="blue")
            for r in ("declined", "withdrawn", "lapsed", "expired")
        ]
        texts += [closed_offer_text(game, n, [event]) for event in closing]
        texts.append(closed_offer_text(game, n, [TradeFinished(offer=n, complete=True)]))
        placed = DicePlaced(player="red", assignment=(("C1", 1), ("C2", n % 6 + 1)))
        texts.append(closed_decision_text(game, [placed]))
        texts += [minutes_text(n), minutes_text(n * 60), minutes_text(n * 24 * 60)]
        state.pending = list(decisions)
        texts.append(whose_turn(game, state)[0])
        texts += embed_texts(state, game)
    state.pending = []
    texts.append(whose_turn(game, state)[0])
    assert_reads_well(texts)


def test_a_failed_trade_names_the_steps_that_did_not_happen() -> None:
    game = table(state_of_ones())
    step = PayStep(giver="red", receiver="blue", amount=500)

    def stopped(skipped: int) -> str:
        stop = TradeStepFailed(offer=4, index=1, step=step, reason="red has $1m.", skipped=skipped)
        return closed_offer_text(game, 4, [stop])

    assert stopped(0).endswith("The earlier steps stand.")
    assert stopped(1).endswith("Step 3 did not happen.")
    assert stopped(2).endswith("Steps 3 and 4 did not happen.")
    assert stopped(5).endswith("Steps 3 to 7 did not happen.")


def finished() -> tuple[GameState, list[Event]]:
    """A whole game played to its end, and every event of it."""
    colors: list[Color] = ["red", "blue", "green"]
    _, record = play_random_game(colors, 11, "updated", "builder")
    state, events = record.replay()
    assert state.over
    return state, events


async def test_the_final_post_says_the_result_once() -> None:
    state, events = finished()
    game = table(state)
    post = await final_post(game, state, events)
    ending = next(e for e in events if isinstance(e, GameOver))
    winner = f"**{SEATS[[s.color for s in SEATS].index(state.winners[0])].name}**"
    assert post.content.startswith("🏆 Game over")
    assert post.content.count("Lords of Vegas") == 1 and winner in post.content
    assert post.content.endswith("Thanks for playing, <@10> <@11>.")
    assert post.embed is not None and post.embed.description is not None
    story = post.embed.description
    assert "Lords of Vegas" not in story and "Game over" not in story
    assert describe(ending) not in story and "**Final standings**" in story
    standings = story.split("**Final standings**")[1].strip().splitlines()
    assert len(standings) == 3 and standings[0].startswith("1. ")
    assert_reads_well([post.content, *story.splitlines()])


def test_the_terminal_says_the_result_once_and_counts_right() -> None:
    state, events = finished()
    told = [describe(e) for e in events[-40:]] + terminal.standings(state)
    transcript = "\n".join(told)
    assert transcript.count("Lords of Vegas") == 1
    assert told[-4] == "Final standings:"
    ones = state_of_ones()
    lines = terminal.status_lines(ones, {})
    assert "> red: $1m, 1 point, 1 die and 1 marker left" in lines
    lines += terminal.moves_text(ones, "red").splitlines()
    assert_reads_well([*told, *lines])


@pytest.mark.parametrize(
    ("main", "command"),
    [
        (app_main, "python3 tasks.py bot"),
        (offline.main, "python3 tasks.py run bot.offline"),
        (render_main, "python3 tasks.py run render"),
        (store_main, "python3 tasks.py run bot.store"),
    ],
)
def test_usage_lines_give_the_commands_the_docs_give(
    main: Callable[[list[str]], int], command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith(f"usage: {command} ")
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    assert any(command in path.read_text() for path in docs)
