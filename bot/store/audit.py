"""Auditing saved games: replaying logs against snapshots, and exporting records.

A game's log replayed from its seed with its engine must give exactly its snapshot; its
record (settings and commands) is what the engine's replay tools read. Every kind of game
is audited alike, through the `Kind` the store knows it by.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.takeback import History

from .errors import WrongStatus
from .games import Game, Move
from .kinds import Kind, Record
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


def replay_problems(game: Game, moves: list[Move], rules_version: int | None = None) -> list[str]:
    """Everything wrong with a game's log and snapshot, or an empty list if they agree.

    The log must be numbered 1, 2, 3, ... with one entry per counted move, every command
    must be accepted again when replayed from the seed, and the replayed state must
    equal the stored snapshot. `rules_version` is the version of the rules the engine
    plays now: a refused command in a game started under other rules (or before versions
    were recorded) is said to be probably that.
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
    rules = game.rules()
    settings = game.settings()
    history: History[Any] = History(rules, lambda: rules.new_game(settings))  # take-backs too
    for move in moves:
        try:
            history.play(move.command)
        except (rules.IllegalAction, rules.NotationError) as error:
            refused = f"move {move.seq} ({move.command!r}) is refused on replay: {error}"
            return [*problems, refused + _older_rules(game, rules_version)]
    snapshot, state = game.state(), history.state
    if snapshot != state:
        differing = [
            name
            for name in type(snapshot).model_fields
            if getattr(snapshot, name) != getattr(state, name)
        ]
        problems.append("the snapshot differs from the replay in: " + ", ".join(differing))
    return problems


def _older_rules(game: Game, rules_version: int | None) -> str:
    """Why a logged command may be refused now: the game began under other rules."""
    if rules_version is None or game.rules_version == rules_version:
        return ""
    if game.rules_version is None:
        return (
            f" (the game was started before rules versions were recorded; the engine now "
            f"plays version {rules_version} of the rules, so the move was probably legal "
            "under the rules it was played by)"
        )
    return (
        f" (the game was started under version {game.rules_version} of the rules and the "
        f"engine now plays version {rules_version}, so the move was probably legal under "
        "the rules it was played by)"
    )


async def verify_game(store: Store, game_id: int) -> Verdict:
    """Replay one stored game from its seed and compare the result with its snapshot."""
    game, moves = await store.game_and_moves(game_id)
    known = store.kinds.get(game.kind)
    if known is None:
        problems = [f"cannot replay a {game.kind} game"]
    else:
        problems = replay_problems(game, moves, known.rules_version)
    return Verdict(game_id=game.id, status=game.status, moves=len(moves), problems=tuple(problems))


def game_record(known: Kind, game: Game, moves: list[Move]) -> Record:
    """The engine's record of a started game: its settings and every logged command."""
    return known.record(game.settings(), [move.command for move in moves])


async def export_record(store: Store, game_id: int) -> Record:
    """A started game's record (settings, seed, seating, commands), which its engine replays."""
    game, moves = await store.game_and_moves(game_id)
    if game.settings_json is None:
        raise WrongStatus(game.id, game.status, "started")
    return game_record(store.kind_of(game), game, moves)


async def shared_record(store: Store, game_id: int) -> Record | BaseModel:
    """The record anyone in the channel may download (the game's `export` command).

    While the game is under way, the public record: the seed and whatever else is hidden
    stays secret. Once it has ended (finished or abandoned), the full record, with the seed.
    """
    game, moves = await store.game_and_moves(game_id)
    if game.settings_json is None:
        raise WrongStatus(game.id, game.status, "started")
    known = store.kind_of(game)
    record = game_record(known, game, moves)
    return known.public_record(record, game.state()) if game.status == "active" else record


async def export_scenario(store: Store, game_id: int) -> BaseModel:
    """A started game as a scenario file its engine's scenario runner replays."""
    game, moves = await store.game_and_moves(game_id)
    if game.settings_json is None:
        raise WrongStatus(game.id, game.status, "started")
    scenario = store.kind_of(game).scenario(game, moves)
    if scenario is None:
        raise ValueError(f"Game {game.id} is a {game.kind} game, which has no scenario files.")
    return scenario
