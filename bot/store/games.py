"""What the store hands back: a game with its seats and snapshot, and its logged moves."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields, replace
from types import ModuleType
from typing import Any, Final, Literal

from engine.game import GameRules

from .errors import UnknownKind, WrongStatus

Status = Literal["lobby", "active", "finished", "abandoned"]
OPEN_STATUSES: Final[tuple[Status, ...]] = ("lobby", "active")
# Any game's engine front door (engine/game.py): the store reads every kind alike.
AnyRules = GameRules[Any, Any, Any, Any, Any, Any]


@dataclass(frozen=True)
class Seat:
    """A place at the table: a colour taken by a Discord user or by an AI player of a level."""

    position: int
    color: str
    user_id: int | None = None
    ai_level: int | None = None
    name: str | None = None
    resigned: bool = False
    autopilot: int | None = None

    @property
    def is_ai(self) -> bool:
        """True for a seat the computer played from the start."""
        return self.user_id is None

    @property
    def is_human(self) -> bool:
        """True while a person plays this seat (not resigned, not forgotten)."""
        return self.user_id is not None and not self.resigned and not self.forgotten

    @property
    def forgotten(self) -> bool:
        """True for a person's seat whose person was forgotten (`bot.store.privacy`)."""
        return self.user_id is not None and self.user_id < 0

    @property
    def computer_level(self) -> int | None:
        """The AI level playing the seat now (an AI seat, or an AI that took over)."""
        return self.ai_level if self.user_id is None else self.autopilot


@dataclass(frozen=True)
class Game:
    """One game in one channel, as stored.

    `version` goes up by one with every change (a seat, the start, each move, the end);
    a write must name the version it was computed from. `moves` counts logged moves.
    `kind` names the game (`lords_of_vegas`...); `engine` is that game's engine front
    door when the store knows the kind (see `Store.open`), which `settings()` and
    `state()` read with. `settings_json` and `state_json` (the engine's `GameSettings` and
    the current `GameState`) are None until the game starts; `rules_version` is the
    version of the game's rules it was started under (None: started before versions were
    recorded, or not started). `options` are the host's table options. Times are UTC ISO
    8601 strings.
    """

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    host_user_id: int
    edition: str
    status: Status
    version: int
    moves: int
    created_at: str
    updated_at: str
    started_at: str | None
    ended_at: str | None
    seats: tuple[Seat, ...]
    settings_json: str | None
    state_json: str | None
    options: dict[str, Any] = field(default_factory=dict)
    rules_version: int | None = None
    engine: AnyRules | None = field(default=None, compare=False, repr=False)

    @property
    def is_open(self) -> bool:
        """True while the game is in its lobby or under way."""
        return self.status in OPEN_STATUSES

    def seat_of(self, color: str) -> Seat | None:
        """The seat playing this colour, if any."""
        return next((seat for seat in self.seats if seat.color == color), None)

    def settings(self) -> Any:
        """The engine settings the game was started with (seating, seed...)."""
        if self.settings_json is None:
            raise WrongStatus(self.id, self.status, "started")
        return self.rules().GameSettings.model_validate_json(self.settings_json)

    def state(self) -> Any:
        """A fresh `GameState` of the game's engine, parsed from the current snapshot."""
        if self.state_json is None:
            raise WrongStatus(self.id, self.status, "started")
        return self.rules().GameState.model_validate_json(self.state_json)

    def rules(self) -> AnyRules:
        """The game's engine front door; `UnknownKind` if this program does not know it."""
        if self.engine is None:
            raise UnknownKind(self.id, self.kind)
        return self.engine

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled for the drawing workers: the engine (a module) goes by its name."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "engine"}
        engine = self.engine.__name__ if isinstance(self.engine, ModuleType) else self.engine
        return (_unpickled_game, (values, engine))


def _unpickled_game(values: dict[str, Any], engine: Any) -> Game:
    """A game sent to another process, its engine imported there by name."""
    rules = importlib.import_module(engine) if isinstance(engine, str) else engine
    return Game(**values, engine=rules)


@dataclass(frozen=True)
class Move:
    """One accepted command in a game's log: its number, who sent it, the text, and when."""

    seq: int
    actor_user_id: int | None
    command: str
    created_at: str


# What a prompt asks, as its game names it (Lords of Vegas: "offer", "decision").
PromptKind = str


@dataclass(frozen=True)
class Rating:
    """One seat's rating after a rated game (see migrations/0010_ratings.sql).

    Who played it: a person (`user_id`), or else a computer player of `level`. The pool
    is the game's kind, edition and server; `seq` orders the rated games; `place` is the
    seat's place in the game (1 for the best; tied seats share it).
    """

    game_id: int
    color: str
    user_id: int | None
    level: str | None
    kind: str
    edition: str
    guild_id: int
    seq: int
    place: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class Prompt:
    """A message with buttons asking players something in a game (an offer, a decision).

    `kind` and `ref` say what, in the game's terms (with Lords of Vegas: an offer or a
    decision and its number); `expires_at` (seconds since the epoch) is when it times out
    (the offer expires, the decision gets its default answer).
    """

    game_id: int
    kind: PromptKind
    ref: int
    channel_id: int
    message_id: int
    expires_at: float | None


@dataclass(frozen=True)
class Saved:
    """What `save_action` committed: the move's number, the game's new version, its time."""

    seq: int
    version: int
    at: str

    def game(self, before: Game, state_json: str, *, game_over: bool) -> Game:
        """The game as this save left it, given the game it was saved against (`before`).

        It is the row the store would read back now, without reading it.
        """
        return replace(
            before,
            version=self.version,
            moves=self.seq,
            updated_at=self.at,
            state_json=state_json,
            status="finished" if game_over else before.status,
            ended_at=self.at if game_over else before.ended_at,
        )


@dataclass(frozen=True)
class Asker:
    """The slash command that asked for a move: its interaction's id and token.

    The token lets the bot fill in the command's reply for 15 minutes, even after a
    restart; it is kept only until the move's news is posted.
    """

    interaction_id: int
    token: str


@dataclass(frozen=True)
class Outgoing:
    """What to save with a move for its news: a line to put first, and who asked."""

    note: str = ""
    asker: Asker | None = None


@dataclass(frozen=True)
class News:
    """A move whose news has not been posted yet (a row of the outbox).

    `seq` is the move's number in the log (0: the start of the game), `command` and
    `actor_user_id` come from the log (None for the start), `state_before` is the state
    the move was applied to (None for the start). `created_at` is when it was saved.
    """

    id: int
    game_id: int
    seq: int
    channel_id: int
    state_before: str | None
    note: str
    asker: Asker | None
    created_at: str
    command: str | None
    actor_user_id: int | None


@dataclass(frozen=True)
class TurnTimer:
    """The clock on the turn under way in a game with a turn timer.

    `turn` and `player` name the turn it belongs to; `remind_at` (half time) and
    `expires_at` are seconds since the epoch; `reminded` once the reminder went out.
    """

    game_id: int
    turn: int
    player: str
    remind_at: float
    expires_at: float
    reminded: bool = False

    @property
    def due(self) -> float:
        """When this timer next needs attention: the reminder, or else the end."""
        return self.expires_at if self.reminded else self.remind_at


@dataclass(frozen=True)
class Summary:
    """One line of `bot.store list`: a game, where it is, and when it last changed."""

    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: Status
    moves: int
    updated_at: str
    ended_at: str | None
