"""The game tables: one Lords of Vegas game per channel, from lobby to final standings.

This is where a Discord request becomes a stored change: it takes the channel's lock,
loads the game, asks the engine, and saves the result in one versioned write before
anyone is told. It knows nothing of discord.py; the rules are the engine's.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any, Final, cast

from bot.options import TableOptions
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
from engine.lords_of_vegas import (
    Action,
    Color,
    Event,
    GameSettings,
    GameState,
    IllegalAction,
    apply,
    format_line,
    new_game,
)
from engine.lords_of_vegas.state import EDITION_COLORS, MIN_PLAYERS, Edition

# The order in which free colours are handed out when a player does not choose one.
COLOR_PREFERENCE: Final[tuple[Color, ...]] = ("red", "blue", "green", "yellow", "purple", "black")
STOPPING: Final = "Vegas Host is restarting, so nothing was changed. Please try again in a minute."


NO_GAME: Final = "There is no game in this channel. Start one with `/lov new`."


class Refusal(Exception):
    """A request the bot turns down; the message tells the player what to do instead."""


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


@dataclass(frozen=True)
class Played:
    """An accepted command: the game as saved, its new state, and what happened."""

    game: Game
    state: GameState
    events: list[Event]
    color: Color


def seat_colors(game: Game) -> dict[int, Color]:
    """Discord user id -> colour for the seats people are playing (not resigned)."""
    return {
        seat.user_id: cast(Color, seat.color)
        for seat in game.seats
        if seat.user_id and seat.is_human
    }


def display_names(game: Game) -> dict[Color, str]:
    """Colour -> the name the seat was taken under (the colour itself when unknown)."""
    return {cast(Color, seat.color): seat.name or seat.color for seat in game.seats}


def ended(game: Game) -> str:
    """How a game that is no longer open ended, in a sentence."""
    if game.status == "abandoned":
        return "The game in this channel was abandoned."
    names = display_names(game)
    winners = " and ".join(names[color] for color in game.state().winners)
    return f"The game is over: {winners} won."


def free_colors(game: Game) -> list[Color]:
    """Colours of the game's edition nobody has taken, in the order they are offered."""
    allowed = EDITION_COLORS[cast(Edition, game.edition)]
    taken = {seat.color for seat in game.seats}
    return [c for c in COLOR_PREFERENCE if c in allowed and c not in taken]


class Tables:
    """Every channel's game, kept in the store; one lock per channel serialises changes."""

    def __init__(
        self,
        store: Store,
        check_posts: Callable[[Game, Sequence[Event]], None] = lambda game, events: None,
    ) -> None:
        self.store = store
        # Asked after the engine accepted a command, before it is saved: raises `Refusal`
        # when the table could not be shown what happened (an offer too long to post).
        self.check_posts = check_posts
        self.gate = Gate()
        self._locks: dict[int, asyncio.Lock] = {}
        # Where new games get their seed; tests may fix it to replay a known game.
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)

    @asynccontextmanager
    async def lock(self, channel_id: int) -> AsyncIterator[None]:
        """Hold this channel's game for a change (one at a time; none once stopping)."""
        with self.gate.change():
            async with self._locks.setdefault(channel_id, asyncio.Lock()):
                yield

    async def game_in(self, channel_id: int) -> Game:
        """The channel's open game; refuses when there is none (saying if the last one ended)."""
        game = await self.store.open_game(channel_id)
        if game is None:
            last = await self.store.last_game(channel_id)
            if last is None or last.state_json is None:
                raise Refusal(NO_GAME)
            raise Refusal(
                f"{ended(last)} `/lov status`, `/lov board`, `/lov log` and `/lov export` "
                "still show it; `/lov new` starts the next one."
            )
        return game

    async def shown_game(self, channel_id: int) -> Game:
        """The game the channel shows: the open one, else the last one played there.

        A game that has ended stays readable (status, board, log, export) until a new
        one opens in the channel.
        """
        game = await self.store.open_game(channel_id) or await self.store.last_game(channel_id)
        if game is None or (not game.is_open and game.state_json is None):
            raise Refusal(NO_GAME)
        return game

    # Lobby ---------------------------------------------------------------------------

    async def open_lobby(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        edition: Edition,
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Open a lobby in the channel; its creator is the host and takes the first seat."""
        async with self.lock(channel_id):
            try:
                game = await self.store.create_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_user_id=user_id,
                    edition=edition,
                    kind="lords_of_vegas",
                    options=options,
                )
            except ChannelBusy:
                raise Refusal(
                    "This channel already has a game. Finish or `/lov abandon` it first, "
                    "or start one in another channel or thread."
                ) from None
            color = free_colors(game)[0]
            return await self.store.add_seat(
                game.id, game.version, color, user_id=user_id, name=name
            )

    async def join(
        self, channel_id: int, user_id: int, name: str, color: Color | None
    ) -> tuple[Game, Color]:
        """Seat a player in the lobby, in the colour they chose or the first free one."""
        async with self.lock(channel_id):
            game = await self._lobby(channel_id)
            if user_id in seat_colors(game):
                raise Refusal(f"You are already playing {seat_colors(game)[user_id]} in this game.")
            free = free_colors(game)
            if not free:
                limit = len(EDITION_COLORS[cast(Edition, game.edition)])
                raise Refusal(f"The table is full: the {game.edition} edition seats {limit}.")
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
        self, channel_id: int, host_id: int, level: int, name: str, color: Color | None
    ) -> tuple[Game, Color]:
        """The host seats a computer player in the lobby."""
        async with self.lock(channel_id):
            game = await self._lobby(channel_id)
            if host_id != game.host_user_id:
                raise Refusal("Only the host can add computer players.")
            free = free_colors(game)
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

    async def resign(self, channel_id: int, user_id: int) -> tuple[Game, Color]:
        """A player leaves a game under way; their seat plays on passively."""
        async with self.lock(channel_id):
            game = await self._active(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not playing in this game.")
            return await self.store.resign_seat(game.id, game.version, color, None), color

    async def take_over(self, channel_id: int, host_id: int, color: Color, level: int) -> Game:
        """The host lets a computer player take over a resigned seat."""
        async with self.lock(channel_id):
            game = await self._active(channel_id)
            if host_id != game.host_user_id:
                raise Refusal("Only the host can let a computer player take a seat over.")
            seat = game.seat_of(color)
            if seat is None or seat.user_id is None or not seat.resigned:
                resigned = [s.color for s in game.seats if s.user_id and s.resigned]
                choices = ", ".join(resigned) if resigned else "nobody has resigned"
                raise Refusal(f"An AI can take over a resigned player's seat ({choices}).")
            return await self.store.resign_seat(game.id, game.version, color, level)

    async def leave(self, channel_id: int, user_id: int) -> tuple[Game, Color]:
        """A seated player leaves the lobby (the host abandons instead)."""
        async with self.lock(channel_id):
            game = await self._lobby(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not seated at this game.")
            if user_id == game.host_user_id:
                raise Refusal("You are the host: use `/lov abandon` to close the lobby instead.")
            return await self.store.remove_seat(game.id, game.version, color), color

    async def kick(self, channel_id: int, host_id: int, user_id: int) -> tuple[Game, Color]:
        """The host removes a player from the lobby."""
        async with self.lock(channel_id):
            game = await self._lobby(channel_id)
            if host_id != game.host_user_id:
                raise Refusal("Only the host can remove players.")
            if user_id == host_id:
                raise Refusal("You cannot remove yourself; use `/lov abandon` to close the lobby.")
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("That player is not seated at this game.")
            return await self.store.remove_seat(game.id, game.version, color), color

    async def change_options(self, channel_id: int, user_id: int, **changes: Any) -> Game:
        """The host changes the table's options, in the lobby or during the game.

        `changes` are `TableOptions` fields; None leaves an option as it is.
        """
        async with self.lock(channel_id):
            game = await self.game_in(channel_id)
            if user_id != game.host_user_id:
                raise Refusal("Only the host can change the table's settings.")
            options = TableOptions.of(game.options).changed(**changes)
            try:
                return await self.store.set_options(game.id, game.version, options.stored())
            except (VersionConflict, WrongStatus):
                raise Refusal(
                    "The game changed at the same moment; check `/lov settings` and try again."
                ) from None

    async def start(self, channel_id: int, user_id: int, *, asker: Asker | None = None) -> Played:
        """The host starts the game: deal, roll for the first player, resolve their draw.

        The first board is saved as the start's news, for `asker`'s reply if given.
        """
        async with self.lock(channel_id):
            game = await self._lobby(channel_id)
            if user_id != game.host_user_id:
                raise Refusal("Only the host can start the game.")
            edition = cast(Edition, game.edition)
            most = len(EDITION_COLORS[edition])
            if not MIN_PLAYERS <= len(game.seats) <= most:
                raise Refusal(
                    f"The {edition} edition needs {MIN_PLAYERS} to {most} players; "
                    f"{len(game.seats)} seated. Others can `/lov join`."
                )
            seating = [cast(Color, seat.color) for seat in game.seats]
            settings = GameSettings(edition=edition, players=seating, seed=self.new_seed())
            state, events = new_game(settings)
            game = await self.store.start_game(
                game.id,
                game.version,
                settings,
                state.model_dump_json(),
                outgoing=Outgoing(asker=asker),
            )
            return Played(game, state, events, state.current)

    # Play ----------------------------------------------------------------------------

    async def play(
        self, channel_id: int, user_id: int, action: Action, *, asker: Asker | None = None
    ) -> Played:
        """Apply a seated player's command and save it before anyone hears of it.

        Its news is saved with it, for the reply of `asker` (the slash command) if given.
        """
        async with self.lock(channel_id):
            game = await self._active(channel_id)
            color = seat_colors(game).get(user_id)
            if color is None:
                raise Refusal("You are not playing in this game; watch along or join the next one.")
            return await self._apply(game, color, action, user_id, Outgoing(asker=asker))

    async def play_for(
        self, channel_id: int, color: Color, action: Action, *, note: str = ""
    ) -> Played:
        """Apply a command on a seat's behalf (a timer's default, an AI seat's move).

        `note` goes before its news in the channel.
        """
        async with self.lock(channel_id):
            game = await self._active(channel_id)
            return await self._apply(game, color, action, None, Outgoing(note=note))

    async def _active(self, channel_id: int) -> Game:
        game = await self.game_in(channel_id)
        if game.status != "active":
            raise Refusal("The game has not started yet; the host starts it with `/lov start`.")
        return game

    async def _apply(
        self, game: Game, color: Color, action: Action, user_id: int | None, outgoing: Outgoing
    ) -> Played:
        """Ask the engine, then save the command, the new state and its news together."""
        state = game.state()
        try:
            events = apply(state, color, action)
        except IllegalAction as refusal:
            raise Refusal(str(refusal)) from None
        self.check_posts(game, events)
        try:
            await self.store.save_action(
                game.id,
                game.version,
                user_id,
                format_line(color, action),
                state.model_dump_json(),
                game_over=state.over,
                outgoing=outgoing,
            )
        except (VersionConflict, WrongStatus):
            raise Refusal(
                "The game changed at the same moment; check `/lov status` and try again."
            ) from None
        return Played(await self.store.game(game.id), state, events, color)

    async def abandon(self, channel_id: int, game_id: int, version: int) -> Game:
        """End a game without a result, if it is still the one the request was about."""
        async with self.lock(channel_id):
            try:
                return await self.store.abandon_game(game_id, version)
            except (VersionConflict, WrongStatus):
                raise Refusal(
                    "The game changed since you asked; run `/lov abandon` again if you still "
                    "want to end it."
                ) from None

    async def _lobby(self, channel_id: int) -> Game:
        game = await self.game_in(channel_id)
        if game.status != "lobby":
            raise Refusal("The game has already started; seats can only change in the lobby.")
        return game
