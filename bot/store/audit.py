"""Auditing saved games: replaying logs against snapshots, and exporting records.

A game's log replayed from its seed with the engine must give exactly its snapshot;
its record (settings and commands) is what the engine's replay tools read.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.lords_of_vegas import GameState, LordsOfVegasError, apply, new_game, parse_line
from engine.lords_of_vegas.record import GameRecord, PublicRecord
from engine.lords_of_vegas.scenario import Expect, Scenario, Step

from .errors import WrongStatus
from .games import LORDS_OF_VEGAS, Game, Move
from .store import Store


@dataclass(frozen=True)
class Verdict:
    """The outcome of verifying one game: how many moves were replayed and what is wrong."""

    game_id: int
    status: str
    moves: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when the log replays exactly to the snapshot."""
        return not self.problems


def game_record(game: Game, moves: list[Move]) -> GameRecord:
    """The engine's record of a started game: its settings and every logged command."""
    if game.kind != LORDS_OF_VEGAS:
        raise ValueError(f"Game {game.id} is a {game.kind} game; only Lords of Vegas is known.")
    return GameRecord(settings=game.settings(), commands=[move.command for move in moves])


def game_scenario(game: Game, moves: list[Move]) -> Scenario:
    """A scenario for the engine's scenario runner that replays the game's log.

    Its steps are every logged command, then the snapshot's money, points, current
    player, deck size and result as the expected outcome.
    """
    record = game_record(game, moves)
    state = game.state()
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
        steps=[*(Step(do=command) for command in record.commands), Step(expect=final)],
        note=f"Exported from channel {game.channel_id}; the last step checks the stored snapshot.",
    )


def replay_problems(game: Game, moves: list[Move]) -> list[str]:
    """Everything wrong with a game's log and snapshot, or an empty list if they agree.

    The log must be numbered 1, 2, 3, ... with one entry per counted move, every command
    must be accepted again when replayed from the seed, and the replayed state must
    equal the stored snapshot.
    """
    if game.settings_json is None:
        return [f"{len(moves)} moves logged before the game started"] if moves else []
    problems: list[str] = []
    seqs = [move.seq for move in moves]
    if seqs != list(range(1, len(moves) + 1)):
        problems.append("the log is not numbered 1, 2, 3, ... without gaps")
    if len(moves) != game.moves:
        problems.append(f"the game counts {game.moves} moves but the log holds {len(moves)}")
    if game.state_json is None:
        return [*problems, "the started game has no snapshot"]
    state, _ = new_game(game.settings())
    for move in moves:
        try:
            player, action = parse_line(move.command)
            apply(state, player, action)
        except LordsOfVegasError as error:
            return [*problems, f"move {move.seq} ({move.command!r}) is refused on replay: {error}"]
    snapshot = GameState.model_validate_json(game.state_json)
    if snapshot != state:
        differing = [
            name
            for name in GameState.model_fields
            if getattr(snapshot, name) != getattr(state, name)
        ]
        problems.append("the snapshot differs from the replay in: " + ", ".join(differing))
    return problems


async def verify_game(store: Store, game_id: int) -> Verdict:
    """Replay one stored game from its seed and compare the result with its snapshot."""
    game, moves = await store.game_and_moves(game_id)
    if game.kind != LORDS_OF_VEGAS:
        problems = [f"cannot replay a {game.kind} game"]
    else:
        problems = replay_problems(game, moves)
    return Verdict(game_id=game.id, status=game.status, moves=len(moves), problems=tuple(problems))


async def export_record(store: Store, game_id: int) -> GameRecord:
    """A started game's record (settings, seed, seating, commands) for `GameRecord.replay()`."""
    game, moves = await store.game_and_moves(game_id)
    if game.settings_json is None:
        raise WrongStatus(game.id, game.status, "started")
    return game_record(game, moves)


async def shared_record(store: Store, game_id: int) -> GameRecord | PublicRecord:
    """The record anyone in the channel may download (`/lov export`).

    While the game is under way, the public record: the seed and the deck's order stay
    secret. Once it has ended (finished or abandoned), the full record, with the seed.
    """
    game, moves = await store.game_and_moves(game_id)
    if game.settings_json is None:
        raise WrongStatus(game.id, game.status, "started")
    record = game_record(game, moves)
    return record.public(game.state()) if game.status == "active" else record


async def export_scenario(store: Store, game_id: int) -> Scenario:
    """A started game as a scenario file that `engine.lords_of_vegas.scenario` replays."""
    game, moves = await store.game_and_moves(game_id)
    if game.settings_json is None:
        raise WrongStatus(game.id, game.status, "started")
    return game_scenario(game, moves)
