"""A Lords of Vegas game's records: the full one, the public one, and the scenario file."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Game, Move
from engine.lords_of_vegas import GameSettings, GameState
from engine.lords_of_vegas.record import GameRecord, PublicRecord
from engine.lords_of_vegas.scenario import Expect, Scenario, Step


def game_record(settings: GameSettings, commands: Sequence[str]) -> GameRecord:
    """The engine's record of a game: its settings and every logged command."""
    return GameRecord(settings=settings, commands=list(commands))


def public_record(record: GameRecord, state: GameState) -> PublicRecord:
    """The game under way as the table knows it (no seed, no deck order)."""
    return record.public(state)


def game_scenario(game: Game, moves: Sequence[Move]) -> Scenario:
    """A scenario for the engine's scenario runner that replays the game's log.

    Its steps are every logged command that stands (take-backs and the moves they took
    back left out), then the snapshot's money, points, current player, deck size and
    result as the expected outcome.
    """
    record = game_record(game.settings(), [move.command for move in moves])
    kept = record.history().kept
    state: GameState = game.state()
    final = Expect(
        money={p.color: p.money for p in state.players},
        points={p.color: p.points for p in state.players},
        current=state.current,
        over=state.over,
        winner=list(state.winners) if state.over else None,
        deck_size=len(state.deck),
    )
    return Scenario(
        name=f"Vegas Host game {game.id} ({game.status}, {len(moves)} moves)",
        edition=record.settings.edition,
        players=record.settings.players,
        seed=record.settings.seed,
        steps=[*(Step(do=command) for command in kept), Step(expect=final)],
        note=f"Exported from channel {game.channel_id}; the last step checks the stored snapshot.",
    )
