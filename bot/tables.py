"""The game tables: one game per channel, of any kind, from lobby to final standings.

This is where a Discord request becomes a stored change: it takes the channel's lock,
loads the game, asks the game's engine, and saves the result in one versioned write
before anyone is told. It knows nothing of discord.py; the rules are the engine's, and
the words that name a game's commands come from its `HostedGame`.

`Tables` holds what every channel shares (the store, the locks, the gate); a game's
commands work through `Tables.of(hosted)`, its `GameTables`, which refuses a channel
whose game is of another kind.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any, Final

from bot.game import Games, HostedGame, Played, Refusal
from bot.options import TableOptions
from bot.seats import display_names, seat_colors
from bot.store import (
    Asker,
    ChannelBusy,
    Game,
    Outgoing,
    SeatError,
    Store,
    VersionConflict,
    WrongStatus,
)
from engine.words import and_list

# The option naming the game a lobby is the rematch of (its Rematch button seats players).
REMATCH_OF: Final = "rematch_of"
STOPPING: Final = "Vegas Host is restarting, so nothing was changed. Please try again in a minute."

__all__ = ["STOPPING", "GameTables", "Gate", "Played", "Refusal", "Tables", "seat_colors"]


class Gate:
    """Counts the work under way, and once the bot is stopping refuses new changes."""

    def __init__(self) -> None:
        self.closing = False
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextmanager
    def change(self) -> Iterator[None]:
        """Around a change to a game: refused (`Refusal`) once the bot is stopping."""
        if self.closing:
            raise Refusal(STOPPING)
        with self.finishing():
            yield

    @contextmanager
    def finishing(self) -> Iterator[None]:
        """Around work the bot finishes before it stops (answering an accepted move)."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def close(self) -> None:
        """Refuse new changes from now on, and wait until the work under way is done."""
        self.closing = True
        while self._busy:
            await self._idle.wait()


def ended(game: Game) -> str:
    """How a game that is no longer open ended, in a sentence."""
    if game.status == "abandoned":
        return "The game in this channel was abandoned."
    names = display_names(game)
    winners, _ = game.rules().result(game.state())
    return f"The game is over: {' and '.join(names[color] for color in winners)} won."


class Tables:
    """Every channel's game, kept in the store; one lock per channel serialises changes."""

    def __init__(self, store: Store, games: Games) -> None:
        self.store = store
        self.games = games
        self.gate = Gate()
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[str, GameTables] = {}
        # Where new games get their seed; tests may fix it to replay a known game.
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)
        # Told of each move as it is saved, in order (see `Prompts.saved`).
        self.on_saved: Callable[[Played], None] = lambda played: None

    def of(self, hosted: HostedGame) -> GameTables:
        """The tables as one game's commands see them."""
        if hosted.kind not in self._tables:
            self._tables[hosted.kind] = GameTables(self, hosted)
        return self._tables[hosted.kind]

    @asynccontextmanager
    async def lock(self, channel_id: int) -> AsyncIterator[None]:
        """Hold this channel's game for a change (one at a time; none once stopping)."""
        with self.gate.change():
            async with self._locks.setdefault(channel_id, asyncio.Lock()):
                yield

    async def shown_game(self, channel_id: int) -> Game:
        """The game the channel shows: the open one, else the last one played there.

        A game that has ended stays readable (status, log, export...) until a new one
        opens in the channel.
        """
        game = await self.store.open_game(channel_id) or await self.store.last_game(channel_id)
        if game is None or (not game.is_open and game.state_json is None):
            raise Refusal(_no_game(self.games))
        return game

    async def play_for(self, channel_id: int, color: str, action: Any, *, note: str = "") -> Played:
        """Apply a command on a seat's behalf (a timer's default, a computer's move).

        `note` goes before its news in the channel.
        """
        async with self.lock(channel_id):
            game = await self.store.open_game(channel_id)
            if game is None or game.status != "active":
                raise Refusal("The game in this channel is not under way.")
            return await self.apply(game, color, action, None, Outgoing(note=note))

    async def apply(
        self, game: Game, color: str, action: Any, user_id: int | None, outgoing: Outgoing
    ) -> Played:
        """Ask the engine, then save the command, the new state and its news together.

        Call it holding the channel's lock.
        """
        hosted = self.games.of(game)
        rules = hosted.rules
        state = game.state()
        try:
            events = rules.apply(state, color, action)
        except rules.IllegalAction as refusal:
            raise Refusal(str(refusal)) from None
        hosted.check(game, events)
        line = rules.format_line(color, action)
        return await self._save(game, color, user_id, line, state, events, outgoing)

    async def take_back(
        self, game: Game, color: str, user_id: int | None, outgoing: Outgoing
    ) -> Played:
        """Take back `color`'s latest move the engine allows, saved like any move.

        The record gains the line `<color>: take back` and the snapshot goes back to the
        state before that move, in one versioned write with its news. Call it holding the
        channel's lock.
        """
        hosted = self.games.of(game)
        rules = hosted.rules
        _, moves = await self.store.game_and_moves(game.id)
        record = hosted.record(game.settings(), [move.command for move in moves[: game.moves]])
        try:
            state, events = await asyncio.to_thread(record.take_back, color)
        except rules.IllegalAction as refusal:
            raise Refusal(str(refusal)) from None
        return await self._save(game, color, user_id, record.commands[-1], state, events, outgoing)

    async def _save(
        self,
        game: Game,
        color: str,
        user_id: int | None,
        line: str,
        state: Any,
        events: list[Any],
        outgoing: Outgoing | None,
    ) -> Played:
        """Save a move (`line`, the state it led to, its news) against the game's version.

        A game changed meanwhile refuses it; a saved move is handed on at once, still
        under the channel's lock, so no later move is saved before it.
        """
        hosted = self.games.of(game)
        state_json = state.model_dump_json()
        game_over = hosted.rules.is_over(state)
        try:
            saved = await self.store.save_action(
                game.id,
                game.version,
                user_id,
                line,
                state_json,
                game_over=game_over,
                outgoing=outgoing,
            )
        except (VersionConflict, WrongStatus):
            raise Refusal(
                f"The game changed at the same moment; check `/{hosted.command} status` and "
                "try again."
            ) from None
        played = Played(saved.game(game, state_json, game_over=game_over), state, events, color)
        self.on_saved(played)
        return played

    async def rematch(
        self, game_id: int, channel_id: int, user_id: int, name: str
    ) -> tuple[Game, str, bool]:
        """A player of a finished game asks for its rematch in the same channel.

        The first click opens the lobby: the same game, edition, settings and computer
        seats, hosted by the old game's host, who sits in their colour. Each player of the
        old game who clicks sits in their colour. Returns the lobby, the clicker's colour,
        and whether this click opened it. Refused when another game is open there.
        """
        async with self.lock(channel_id):
            old = await self.store.game(game_id)
            if old.channel_id != channel_id or old.status != "finished":
                raise Refusal("That button belongs to a game that is not this channel's last.")
            mine = next((s for s in old.seats if s.user_id == user_id), None)
            if mine is None:
                raise Refusal("Only the players of the last game can join its rematch.")
            command = self.games.of(old).command
            there = await self.store.open_game(channel_id)
            if there is not None and there.options.get(REMATCH_OF) != old.id:
                raise Refusal(
                    "This channel already has a game. Finish or "
                    f"`/{self.games.get(there.kind, self.games.of(old)).command} abandon` it "
                    "first, or start one in another channel or thread."
                )
            opened = there is None
            if there is None:
                there = await self._open_rematch(old)
            if there.status != "lobby":
                raise Refusal(
                    f"The rematch has started already; watch along with `/{command} status`."
                )
            if any(s.user_id == user_id for s in there.seats):
                if opened:  # the old host, seated as the lobby opened
                    return there, mine.color, True
                raise Refusal(f"You already sit in the rematch as {mine.color}.")
            if there.seat_of(mine.color) is not None:
                raise Refusal(f"{mine.color} is taken in the rematch; join with `/{command} join`.")
            lobby = await self.store.add_seat(
                there.id, there.version, mine.color, user_id=user_id, name=name
            )
            return lobby, mine.color, opened

    async def _open_rematch(self, old: Game) -> Game:
        """The rematch lobby: the old game's kind, edition, options, host and computer seats."""
        game = await self.store.create_game(
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            host_user_id=old.host_user_id,
            edition=old.edition,
            kind=old.kind,
            options={**old.options, REMATCH_OF: old.id},
        )
        host = next((s for s in old.seats if s.user_id == old.host_user_id), None)
        for seat in old.seats:
            if seat.is_ai and seat.ai_level is not None:
                game = await self.store.add_seat(
                    game.id, game.version, seat.color, ai_level=seat.ai_level, name=seat.name
                )
            elif seat is host:
                game = await self.store.add_seat(
                    game.id, game.version, seat.color, user_id=seat.user_id, name=seat.name
                )
        return game

    async def abandon(self, channel_id: int, game_id: int, version: int) -> Game:
        """End a game without a result, if it is still the one the request was about."""
        async with self.lock(channel_id):
            try:
                return await self.store.abandon_game(game_id, version)
            except (VersionConflict, WrongStatus):
                game = await self.store.game(game_id)
                command = self.games[game.kind].command if game.kind in self.games else "vegas"
                raise Refusal(
                    f"The game changed since you asked; run `/{command} abandon` again if you "
                    "still want to end it."
                ) from None


def _computers_seated(game: Game) -> str:
    """Where the lobby's computer players sit, as the end of a sentence."""
    computers = [seat.color for seat in game.seats if seat.is_ai]
    if not computers:
        return "no computer player is seated."
    if len(computers) == 1:
        return f"the computer player sits in {computers[0]}."
    return f"the computer players sit in {and_list(computers)}."


def _no_game(games: Games, asking: HostedGame | None = None) -> str:
    """There is no game in the channel: how to start one."""
    if asking is not None:
        return f"There is no game in this channel. Start one with `/{asking.command} new`."
    starts = " or ".join(f"`/{hosted.command} new`" for hosted in games.values())
    return f"There is no game in this channel. Start one with {starts}."


class GameTables:
    """The tables as one game's commands see them: its lobbies, its seats, its moves.

    A channel whose game is of another kind is refused, saying which commands it uses.
    """

    def __init__(self, tables: Tables, hosted: HostedGame) -> None:
        self.tables = tables
        self.hosted = hosted
        self.store = tables.store
        self.command = hosted.command

    def _mine(self, game: Game) -> Game:
        """The game, if it is of this kind; else refuse, naming the commands it takes."""
        if game.kind != self.hosted.kind:
            other = self.tables.games.get(game.kind)
            title = other.title if other else game.kind
            how = f": use `/{other.command}` for it" if other else ""
            raise Refusal(f"This channel's game is {title}{how}.")
        return game

    async def game_in(self, channel_id: int) -> Game:
        """The channel's open game; refuses when there is none (saying if the last one ended)."""
        game = await self.store.open_game(channel_id)
        if game is None:
            last = await self.store.last_game(channel_id)
            if last is None or last.state_json is None:
                raise Refusal(_no_game(self.tables.games, self.hosted))
            self._mine(last)
            shown = ", ".join(f"`/{self.command} {name}`" for name in self.hosted.readable_commands)
            shown = " and ".join(shown.rsplit(", ", 1))
            raise Refusal(
                f"{ended(last)} {shown} still show it; `/{self.command} new` starts the next one."
            )
        return self._mine(game)

    async def shown_game(self, channel_id: int) -> Game:
        """The game the channel shows (the open one, else the last one), of this kind."""
        game = await self.store.open_game(channel_id) or await self.store.last_game(channel_id)
        if game is None or (not game.is_open and game.state_json is None):
            raise Refusal(_no_game(self.tables.games, self.hosted))
        return self._mine(game)

    def free_colors(self, game: Game) -> list[str]:
        """Colours of the game's edition nobody has taken, in the order they are offered."""
        taken = {seat.color for seat in game.seats}
        return [c for c in self.hosted.colors(game.edition) if c not in taken]

    # Lobby ---------------------------------------------------------------------------

    async def open_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        edition: str,
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Open a lobby in the channel; its creator is the host and takes the first seat."""
        async with self.tables.lock(channel_id):
            try:
                game = await self.store.create_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_user_id=user_id,
                    edition=edition,
                    kind=self.hosted.kind,
                    options=options,
                )
            except ChannelBusy:
                there = await self.store.open_game(channel_id)
                other = self.tables.games.get(there.kind) if there else None
                command = (other or self.hosted).command
                raise Refusal(
                    f"This channel already has a game. Finish or `/{command} abandon` it "
                    "first, or start one in another channel or thread."
                ) from None
            color = self.free_colors(game)[0]
            return await self.store.add_seat(
                game.id, game.version, color, user_id=user_id, name=name
            )

    async def join(
        self, channel_id: int, user_id: int, name: str, color: str | None
    ) -> tuple[Game, str]:
        """Seat a player in the lobby, in the colour they chose or the first free one."""
        async with self.tables.lock(channel_id):
            game = await self._lobby(channel_id)
            if user_id in seat_colors(game):
                raise Refusal(f"You are already playing {seat_colors(game)[user_id]} in this game.")
            free = self.free_colors(game)
            if not free:
                limit = len(self.hosted.colors(game.edition))
                label = self.hosted.table_label(game.edition)
                raise Refusal(f"The table is full: {label} seats {limit}.")
            if color is None:
                color = free[0]
            elif color not in free:
                raise Refusal(f"{color} is not available; free colours: {', '.join(free)}.")
            try:
                game = await self.store.add_seat(
                    game.id, game.version, color, user_id=user_id, name=name
                )
            except (SeatError, VersionConflict):
                raise Refusal("Someone took a seat at the same moment; please try again.") from None
            return game, color

    async def add_bot(
        self, channel_id: int, host_id: int, level: int, name: str, color: str | None
    ) -> tuple[Game, str]:
        """The host seats a computer player in the lobby."""
        async with self.tables.lock(channel_id):
            game = await self._lobby(channel_id)
            if host_id != game.host_user_id:
                raise Refusal("Only the host can add computer players.")
            free = self.free_colors(game)
            if not free:
                raise Refusal("The table is full.")
            if color is None:
                color = free[0]
            elif color not in free:
                raise Refusal(f"{color} is not available; free colours: {', '.join(free)}.")
            game = await self.store.add_seat(
                game.id, game.version, color, ai_level=level, name=name
            )
            return game, color

    async def resign(self, channel_id: int, user_id: int) -> tuple[Game, str]:
        """A player leaves a game under way; their seat plays on passively."""
        async with self.tables.lock(channel_id):
            game = await self._active(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not playing in this game.")
            return await self.store.resign_seat(game.id, game.version, color, None), color

    async def take_over(self, channel_id: int, host_id: int, color: str, level: int) -> Game:
        """The host lets a computer player take over a resigned seat."""
        async with self.tables.lock(channel_id):
            game = await self._active(channel_id)
            if host_id != game.host_user_id:
                raise Refusal("Only the host can let a computer player take a seat over.")
            seat = game.seat_of(color)
            if seat is None or seat.user_id is None or not seat.resigned:
                resigned = [s.color for s in game.seats if s.user_id and s.resigned]
                seats = f": {', '.join(resigned)}" if resigned else ", and nobody has"
                raise Refusal(
                    "A computer player can only take over the seat of a player who "
                    f"resigned{seats}."
                )
            return await self.store.resign_seat(game.id, game.version, color, level)

    async def leave(self, channel_id: int, user_id: int) -> tuple[Game, str]:
        """A seated player leaves the lobby (the host abandons instead)."""
        async with self.tables.lock(channel_id):
            game = await self._lobby(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not seated at this game.")
            if user_id == game.host_user_id:
                raise Refusal(
                    f"You are the host: use `/{self.command} abandon` to close the lobby instead."
                )
            return await self.store.remove_seat(game.id, game.version, color), color

    async def kick(
        self, channel_id: int, host_id: int, *, user_id: int | None = None, color: str | None = None
    ) -> tuple[Game, str]:
        """The host removes a person (`user_id`) or a computer player (`color`) from the lobby."""
        async with self.tables.lock(channel_id):
            game = await self.game_in(channel_id)
            if game.status != "lobby":
                raise Refusal(self._too_late_to_kick(computer=color is not None))
            if host_id != game.host_user_id:
                raise Refusal("Only the host can remove players.")
            if color is None:
                color = seat_colors(game).get(user_id) if user_id is not None else None
                if color is None:
                    raise Refusal("That player is not seated at this game.")
            seat = game.seat_of(color)
            if seat is None:
                raise Refusal(f"Nobody sits in {color}; {_computers_seated(game)}")
            if seat.user_id == host_id:
                raise Refusal(
                    f"You cannot remove yourself; use `/{self.command} abandon` to close the lobby."
                )
            if user_id is None and not seat.is_ai:
                raise Refusal(
                    f"A person sits in {color}: choose them in the `player` option instead "
                    "(`color` is for computer players)."
                )
            return await self.store.remove_seat(game.id, game.version, color), color

    def _too_late_to_kick(self, *, computer: bool) -> str:
        """Why nobody is removed from a game under way, and what may be done instead."""
        abandon = f"the host can end the game for everyone with `/{self.command} abandon`"
        if computer:
            return f"The game has already started: its computer players play to the end; {abandon}."
        return (
            "The game has already started, so nobody can be removed: a player who wants to "
            f"stop resigns with `/{self.command} leave`, and {abandon}."
        )

    async def change_options(self, channel_id: int, user_id: int, **changes: Any) -> Game:
        """The host changes the table's options, in the lobby or during the game.

        `changes` are `TableOptions` fields; None leaves an option as it is.
        """
        async with self.tables.lock(channel_id):
            game = await self.game_in(channel_id)
            if user_id != game.host_user_id:
                raise Refusal("Only the host can change the table's settings.")
            options = TableOptions.of(game.options).changed(**changes).stored()
            if REMATCH_OF in game.options:  # a rematch lobby stays one
                options[REMATCH_OF] = game.options[REMATCH_OF]
            try:
                return await self.store.set_options(game.id, game.version, options)
            except (VersionConflict, WrongStatus):
                raise Refusal(
                    f"The game changed at the same moment; check `/{self.command} settings` "
                    "and try again."
                ) from None

    async def start(self, channel_id: int, user_id: int, *, asker: Asker | None = None) -> Played:
        """The host starts the game: the engine sets it up (its first events included).

        The start's news is saved with it, for `asker`'s reply if given.
        """
        async with self.tables.lock(channel_id):
            game = await self._lobby(channel_id)
            if user_id != game.host_user_id:
                raise Refusal("Only the host can start the game.")
            fewest = self.hosted.min_players(game.edition)
            most = len(self.hosted.colors(game.edition))
            if not fewest <= len(game.seats) <= most:
                label = self.hosted.table_label(game.edition)
                raise Refusal(
                    f"{label[:1].upper()}{label[1:]} needs {fewest} to {most} players; "
                    f"{len(game.seats)} seated. Others can `/{self.command} join`."
                )
            seating = [seat.color for seat in game.seats]
            settings = self.hosted.new_settings(game.edition, seating, self.tables.new_seed())
            rules = self.hosted.rules
            state, events = rules.new_game(settings)
            game = await self.store.start_game(
                game.id,
                game.version,
                settings,
                state.model_dump_json(),
                outgoing=Outgoing(asker=asker),
            )
            return Played(game, state, events, (rules.waiting_for(state) or seating)[0])

    # Play ----------------------------------------------------------------------------

    async def play(
        self, channel_id: int, user_id: int, action: Any, *, asker: Asker | None = None
    ) -> Played:
        """Apply a seated player's command and save it before anyone hears of it.

        Its news is saved with it, for the reply of `asker` (the slash command) if given.
        """
        async with self.tables.lock(channel_id):
            game = await self._active(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not playing in this game; watch along or join the next one.")
            return await self.tables.apply(game, color, action, user_id, Outgoing(asker=asker))

    async def take_back(
        self, channel_id: int, user_id: int, *, asker: Asker | None = None
    ) -> Played:
        """Take back the player's latest move that may be (the engine says which, or why not).

        Its news is saved with it, for the reply of `asker` (the slash command) if given.
        """
        async with self.tables.lock(channel_id):
            game = await self._active(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not playing in this game, so you have nothing to take back.")
            return await self.tables.take_back(game, color, user_id, Outgoing(asker=asker))

    async def _active(self, channel_id: int) -> Game:
        game = await self.game_in(channel_id)
        if game.status != "active":
            raise Refusal(
                f"The game has not started yet; the host starts it with `/{self.command} start`."
            )
        return game

    async def _lobby(self, channel_id: int) -> Game:
        game = await self.game_in(channel_id)
        if game.status != "lobby":
            raise Refusal("The game has already started; seats can only change in the lobby.")
        return game
