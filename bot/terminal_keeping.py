"""Terminal games kept in the bot's store, so a stopped game can be resumed exactly.

A game played at the keyboard is stored like a Discord game (seats, settings, the state
after every accepted command and the command log) but marked as the terminal's, so the
bot never acts on it. Its state carries the random generator, so a resumed game deals
the same cards and rolls the same dice as if it had never stopped. The terminal is not
asynchronous; `Keeper` runs the store's calls on an event loop of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bot.game import Games, HostedGame
from bot.settings import Settings
from bot.store import Game, Store
from engine.words import count


def default_database() -> Path:
    """Where the bot keeps its games (`DATABASE_PATH`, from the environment or `.env`)."""
    return Settings().database_path


@dataclass(frozen=True)
class TableSeats:
    """Who sits where: every colour in seating order, and the computers' levels."""

    colors: tuple[str, ...]
    computers: Mapping[str, str]


class Keeper:
    """One terminal game in the store: each accepted command is saved as it happens."""

    def __init__(self, runner: asyncio.Runner, store: Store, game: Game) -> None:
        self._runner, self._store, self.game = runner, store, game

    @classmethod
    def open_store(cls, database: Path, games: Games) -> tuple[asyncio.Runner, Store]:
        """Open the store at `database` on an event loop of the terminal's own."""
        runner = asyncio.Runner()
        store = runner.run(Store.open(database, kinds=games.kinds()))
        return runner, store

    @classmethod
    def create(
        cls,
        database: Path,
        games: Games,
        hosted: HostedGame,
        edition: str,
        seating: TableSeats,
        settings: Any,
        state_json: str,
        folder: Path,
    ) -> Keeper:
        """Store a new terminal game, started with `settings` and its first state."""
        runner, store = cls.open_store(database, games)
        try:
            game = runner.run(
                _create(store, hosted, edition, seating, settings, state_json, folder)
            )
        except BaseException:
            runner.run(store.close())
            runner.close()
            raise
        return cls(runner, store, game)

    @classmethod
    def resume(cls, database: Path, games: Games, game_id: int) -> Keeper | str:
        """The stored terminal game `game_id`, or why it cannot be resumed."""
        runner, store = cls.open_store(database, games)
        found = runner.run(store.terminal_games())
        game = next((game for game in found if game.id == game_id), None)
        if game is None:
            runner.run(store.close())
            runner.close()
            listed = ", ".join(str(game.id) for game in found) or "none"
            return f"There is no unfinished terminal game {game_id} (unfinished: {listed})."
        return cls(runner, store, game)

    def save(self, command_line: str, state_json: str, over: bool) -> None:
        """Save one accepted command with the state it led to (the game ends with `over`)."""
        saved = self._runner.run(
            self._store.save_action(
                self.game.id, self.game.version, None, command_line, state_json, game_over=over
            )
        )
        self.game = _moved(self.game, saved.version)

    def commands(self) -> list[str]:
        """Every command saved so far, in order."""
        _, moves = self._runner.run(self._store.game_and_moves(self.game.id))
        return [move.command for move in moves]

    def close(self) -> None:
        """Close the store and the terminal's event loop."""
        self._runner.run(self._store.close())
        self._runner.close()


def _moved(game: Game, version: int) -> Game:
    return replace(game, version=version, moves=game.moves + 1)


async def _create(
    store: Store,
    hosted: HostedGame,
    edition: str,
    seating: TableSeats,
    settings: Any,
    state_json: str,
    folder: Path,
) -> Game:
    game = await store.create_game(
        guild_id=None,
        channel_id=0,
        host_user_id=0,
        edition=edition,
        kind=hosted.kind,
        options={"folder": str(folder)},
        place="terminal",
    )
    for n, color in enumerate(seating.colors, 1):
        level = seating.computers.get(color)
        if level is None:  # a person at the keyboard: no Discord user, so a number of its own
            game = await store.add_seat(game.id, game.version, color, user_id=-n, name=color)
        else:
            number = hosted.level_number(level)
            game = await store.add_seat(game.id, game.version, color, ai_level=number)
    return await store.start_game(game.id, game.version, settings, state_json)


def seating_of(hosted: HostedGame, game: Game) -> TableSeats:
    """The stored game's seating: colours in order and its computers' levels."""
    seats = sorted(game.seats, key=lambda seat: seat.position)
    computers = {
        seat.color: hosted.level_name(seat.ai_level) for seat in seats if seat.ai_level is not None
    }
    return TableSeats(tuple(seat.color for seat in seats), computers)


def unfinished(database: Path, games: Games) -> list[Game]:
    """The terminal games under way in the store at `database`, oldest first."""
    if not database.exists():
        return []
    runner, store = Keeper.open_store(database, games)
    try:
        return runner.run(store.terminal_games())
    finally:
        runner.run(store.close())
        runner.close()


def listing(games: Games, found: Sequence[Game]) -> str:
    """The unfinished terminal games, one line each, for `--resume` alone."""
    if not found:
        return "There is no unfinished terminal game to resume."
    lines = ["Unfinished terminal games (resume one with --resume ID):"]
    for game in found:
        hosted = games[game.kind]
        seating = seating_of(hosted, game)
        seats = ", ".join(
            f"{color} ({seating.computers[color]})" if color in seating.computers else color
            for color in seating.colors
        )
        lines.append(
            f"  {game.id}: {hosted.title} ({game.edition}); {seats}; "
            f"{count(game.moves, 'move')}, "
            f"last played {game.updated_at[:16].replace('T', ' ')} UTC"
        )
    return "\n".join(lines)
