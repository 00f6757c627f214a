"""The seam between the host and each game: what a game's package gives the core.

The core (tables, store, outbox, prompts, timers, computer seats, `/vegas`, the terminal)
hosts any game through its `HostedGame`, and never looks inside a game's state or
events: it hands them back to the game's package, which asks its engine. A game's
package (`bot/games/<game>/`) subclasses `HostedGame`; `bot/games/__init__.py` registers
it. Data flows one way: Discord -> core -> game -> engine -> events -> core -> Discord.

What a game provides, in the order `docs/adding-a-game.md` lists it:
- its engine's front door (`rules`, engine/game.py) and the version of its rules;
- seating: colours, how many players, the settings `new_game` takes;
- its records: the full one (replays the game), the public one (hides what nobody at
  the table knows), and optionally a scenario file;
- its slash command group, and the persistent buttons and menus it registers;
- the news of each accepted move (narration, pictures), as a `Post`;
- its prompts: the messages with buttons the state calls for (`Question`), and what
  happens when one times out;
- what a turn timer times (`Moment`), and the move that finishes a timed-out one;
- its computer players, if it has any;
- what `/vegas mygames` and `/vegas stats` say about it;
- optionally, its terminal mode (`TerminalGame`, played by `bot.terminal`).
"""

from __future__ import annotations

import io
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands
from PIL import Image
from pydantic import BaseModel
from rich.text import Text

from bot import drawing
from bot.options import IMAGE_WORDS, OPTIONS, TIMEOUT_WORDS
from bot.posts import Post, chat_names
from bot.store import AnyRules, Game, Kind, Move, Prompt, Record, Seating, Store, UnknownKind
from engine.hints import Suggestion

Interaction = discord.Interaction[Any]
# A persistent button or menu class a game registers at start-up (see `bot/buttons.py`).
PersistentItem = type[discord.ui.DynamicItem[Any]]
# The level a seat plays at when it resigned and no computer took it over: it only ends
# its turns and takes the default answers.
PASSIVE = 0


class Refusal(Exception):
    """A request the bot turns down; the message tells the player what to do instead."""


@dataclass(frozen=True)
class Played:
    """An accepted command: the game as saved, its new state, and what happened.

    `state` and `events` are the game's engine's; the core only hands them back to it.
    """

    game: Game
    state: Any
    events: list[Any]
    color: str


@dataclass(frozen=True)
class Moment:
    """What a turn timer times: a turn (its number and whose it is), or a whole round.

    `player` is empty for a round (or any stretch the whole table plays): the timer then
    reminds everyone the game waits for.
    """

    number: int
    player: str = ""


@dataclass
class PromptMessage:
    """What a prompt shows: its text, its buttons and menus, and an optional picture.

    The picture is given drawn (`image`) or still to draw (`drawing`: a call of a
    module's top-level function, made by the drawing workers when the prompt is posted).
    """

    text: str
    view: discord.ui.View | None = None
    image: bytes | None = None
    image_name: str = "prompt.png"
    drawing: Callable[[], bytes] | None = None

    async def drawn(self) -> PromptMessage:
        """The prompt with its picture drawn (away from the event loop)."""
        if self.drawing is None:
            return self
        image = await drawing.draw(self.drawing)
        return PromptMessage(self.text, self.view, image, self.image_name)

    def files(self) -> list[discord.File]:
        """The picture as an attachment, if there is one."""
        return Post(image=self.image, image_name=self.image_name).files()


@dataclass
class Question:
    """A question the game's state asks now, shown as a prompt message with buttons.

    `kind` and `ref` name it (kept with its message); `hours` is how long it waits before
    it times out (0: never). With `turn_bound`, the turn timer under way ends the wait too
    when it runs out first: the table's `on_timeout` then says what happens, not the
    question's own timeout. `show(expires_at, by_turn)` draws it (`by_turn`: the turn timer
    is what runs out then). With `refresh`, a prompt that is already posted is drawn again
    now (an offer someone just accepted).
    """

    kind: str
    ref: int
    hours: float
    show: Callable[[float | None, bool], PromptMessage]
    mentions: list[int] = field(default_factory=list)
    refresh: bool = False
    turn_bound: bool = False


@dataclass(frozen=True)
class Timeout:
    """What happens when a prompt times out: a move on a seat's behalf, and a line first."""

    color: str
    action: Any
    note: str


class Computer(Protocol):
    """A computer player in the terminal: its level, and its next move (None: none)."""

    @property
    def level(self) -> str:
        """How well it plays."""

    def act(self, state: Any, color: Any) -> Any | None:
        """Its next command for `color`, or None when it has nothing to say."""


class TerminalGame(Protocol):
    """What `bot.terminal` needs to play a game at the keyboard, beyond `HostedGame`."""

    @property
    def help(self) -> str:
        """The `help` text: the game's commands in its notation."""

    def intro(self, edition: str) -> str:
        """The first line: the game and its rules (`Lords of Vegas, updated edition.`)."""

    def computer(self, level: str, seed: int) -> Computer:
        """A computer player of `level`."""

    def fallback(self, state: Any, color: str) -> Any:
        """A computer's move when it has nothing to say (a default answer, the end)."""

    def status_lines(self, state: Any, computers: Mapping[str, str], color: str) -> list[str]:
        """The `status` lines, `color`'s own holdings last.

        `computers` maps a computer's colour to its level.
        """

    def moves_text(self, state: Any, color: str, words: Sequence[str]) -> str:
        """The `moves` text: every command `color` may give now, with what it costs.

        `words` typed after `moves` narrow it (a kind of command, a tile, a page).
        """

    def text_board(self, state: Any) -> Text:
        """The board as text for the terminal, at most 100 columns wide."""

    def typed(self, state: Any, color: str, line: str) -> str:
        """A typed line in the game's notation (shorthands such as `place 7` spelled out)."""

    def previews(self, state: Any, people: Sequence[str]) -> list[tuple[str, Callable[[], bytes]]]:
        """Pictures the people at the keyboard need now (where a tile can go), by file name.

        Each is drawn only when called, and written once.
        """

    def rules_text(self, words: Sequence[str], edition: str) -> str:
        """The `rules [topic]` text."""

    def unknown_command(self, line: str) -> str | None:
        """Why `line` names no command (with the likeliest one meant), or None if it does."""

    def picture(self, state: Any) -> bytes:
        """The game's picture (PNG)."""

    def picture_name(self, state: Any, events: Sequence[Any]) -> str | None:
        """The file the picture goes to after these events (a new turn...), or None."""

    def picture_now(self, state: Any) -> str:
        """The file `board` writes the picture to."""

    def standings(self, state: Any) -> list[str]:
        """The final standings, best first."""

    def stopped(self, state: Any, record: Path) -> str:
        """What is said when the players stop before the end."""


class HostedGame(ABC):
    """A game as the host sees it. Subclass it in the game's package and register it.

    The class attributes name the game; the abstract methods are what every game must
    say; the others have defaults that fit a game without trades, prompts or computers.
    """

    kind: ClassVar[str]  # the store's name for it, and its records' `game` field
    title: ClassVar[str]  # "Lords of Vegas"
    command: ClassVar[str]  # its slash command group: "lov" for `/lov`
    rules: ClassVar[AnyRules]  # the engine's front door
    rules_version: ClassVar[int] = 1  # see `bot.store.Kind.rules_version`
    # The table options it offers (`bot.options.OPTIONS`, in the order `/settings` shows).
    options: ClassVar[tuple[str, ...]] = OPTIONS
    # What each `on_timeout` choice does when a turn timer runs out, in its words.
    timeout_words: ClassVar[Mapping[str, str]] = TIMEOUT_WORDS
    # When each `images` choice posts the board, in its words (as its `new` offers them).
    image_words: ClassVar[Mapping[str, str]] = IMAGE_WORDS
    # Its editions (or variants), the default first.
    editions: ClassVar[tuple[str, ...]] = ("standard",)
    # Its computer players' levels, weakest first (stored with a seat as 1, 2, 3...).
    levels: ClassVar[tuple[str, ...]] = ()
    default_level: ClassVar[str] = ""
    # What its standings count ("point": "3 points"), for `/vegas stats`; its plural
    # when not made with an s ("Fame": "3 Fame").
    points_word: ClassVar[str] = "point"
    points_plural: ClassVar[str | None] = None
    # What a player types in the terminal to take back their last move (`bot.terminal`).
    take_back_word: ClassVar[str] = "takeback"
    # Its commands that still show a game once it has ended.
    readable_commands: ClassVar[tuple[str, ...]] = ("status", "log", "export")
    # What its public record leaves out, as `export` says it: "... until the game ends".
    secret_words: ClassVar[str] = "The seed and everything else hidden stay secret"
    # What a resigned seat no computer took over does, as `leave` says it: "Their seat
    # now ...".
    resigned_words: ClassVar[str] = "takes the default answer to whatever it is asked"

    # Seating ------------------------------------------------------------------------

    @abstractmethod
    def colors(self, edition: str) -> tuple[str, ...]:
        """The seat colours of an edition, in the order they are handed out."""

    @abstractmethod
    def min_players(self, edition: str) -> int:
        """How many players the edition needs at least."""

    def table_label(self, edition: str) -> str:
        """How refusals name the rules being played: `the updated edition`."""
        return self.title

    @abstractmethod
    def new_settings(self, edition: str, players: Sequence[str], seed: int) -> Seating:
        """The engine's settings for a new game (`players` in seating order)."""

    # Records (what the store needs: see `bot.store.Kind`) ---------------------------

    @abstractmethod
    def record(self, settings: Any, commands: Sequence[str]) -> Record:
        """The engine's record of a game from its settings and logged commands."""

    @abstractmethod
    def public_record(self, record: Any, state: Any) -> BaseModel:
        """What anyone at the table may download while the game runs (nothing hidden)."""

    def scenario(self, game: Game, moves: Sequence[Move]) -> BaseModel | None:
        """The game as a scenario file for its engine's scenario runner (None: none)."""
        return None

    # Discord --------------------------------------------------------------------------

    @abstractmethod
    def commands(self, host: Any) -> app_commands.Group:
        """The game's slash command group, given the running `bot.host.Host`."""

    def persistent_items(self) -> Sequence[PersistentItem]:
        """The buttons and menus that must work across restarts (registered at start-up)."""
        return ()

    async def on_interaction(self, host: Any, interaction: Interaction) -> bool:
        """Handle an interaction nothing else does (a modal form); True if it was its own."""
        return False

    def unreadable(self) -> tuple[type[Exception], ...]:
        """Errors that mean "I can't read that" (answered as such, privately)."""
        return (self.rules.NotationError,)

    # Moves and their news -------------------------------------------------------------

    def check(self, game: Game, events: Sequence[Any]) -> None:  # noqa: B027 (optional hook)
        """Raise `Refusal` when the table could not be shown what an accepted move did.

        Asked after the engine accepted a move, before it is saved.
        """

    @abstractmethod
    async def news(self, store: Store, played: Played, deadline: float | None) -> Post:
        """The public post telling the channel what an accepted move did.

        `deadline` is when the turn timer now running (if any) runs out.
        """

    def quiet(self, played: Played) -> str | None:
        """A private note that answers the mover instead of posting news, or None.

        For moves whose own prompt message tells the table (a trade offer made or
        accepted): the news is then posted only when a computer made the move.
        """
        return None

    def slow(self, played: Played) -> bool:
        """True when the news takes a while to make (a picture): answer "thinking..." first."""
        return True

    @abstractmethod
    def narrate(self, game: Game, events: Sequence[Any]) -> list[str]:
        """The events as chat lines, players called by name (for the `log` command)."""

    # Prompts --------------------------------------------------------------------------

    def questions(self, game: Game, state: Any, events: Sequence[Any]) -> list[Question]:
        """Every question the state asks now (`events` just happened), in posting order.

        Each has a prompt message; `bot.prompts` posts, refreshes and closes them.
        """
        return []

    def closed_text(self, game: Game, prompt: Prompt, events: Sequence[Any]) -> str:
        """What a prompt says once it is no longer open (from the events that closed it)."""
        return "This question is closed."

    def prompt_timeout(self, game: Game, state: Any, prompt: Prompt) -> Timeout | None:
        """The move made when an open prompt times out (None: it is no longer open)."""
        return None

    # Turn timers ----------------------------------------------------------------------

    def moment(self, state: Any) -> Moment | None:
        """What a turn timer would time now (None: nothing, e.g. the game is over)."""
        waiting = self.rules.waiting_for(state)
        return Moment(1, waiting[0]) if waiting else None

    def moment_words(self, game: Game, moment: Moment) -> str:
        """A timed moment in words: `**Ann** (red)'s turn`, `round 3`."""
        if moment.player:
            return f"{chat_names(game).get(moment.player, moment.player)}'s turn"
        return f"round {moment.number}"

    def timeout_move(
        self, game: Game, state: Any, moment: Moment, by_computer: bool
    ) -> tuple[str, Any]:
        """The next move finishing a timed-out moment, and whose it is.

        With `by_computer`, a computer player (the default level) plays for the seat;
        otherwise the moment simply ends (decisions take their default answers). Runs in
        a worker thread: it may think a while.
        """
        [player, *_] = self.rules.waiting_for(state)
        owed = self.rules.decisions_owed(state, player)
        if owed:
            return player, self.rules.default_answer(state, owed[0])
        raise NotImplementedError(f"{self.title} cannot end a turn that ran out of time")

    # Computer seats -------------------------------------------------------------------

    def level_number(self, level: str) -> int:
        """A level as stored with a seat (1 for the weakest)."""
        return self.levels.index(level) + 1

    def level_name(self, number: int) -> str:
        """A stored level's name (the default level for one out of range)."""
        known = 1 <= number <= len(self.levels)
        return self.levels[number - 1] if known else self.default_level

    def computer_to_move(self, state: Any, computers: Collection[str]) -> str | None:
        """Which of these computer-played seats the game waits for now, if any."""
        return next((c for c in self.rules.waiting_for(state) if c in computers), None)

    def computer_move(self, game: Game, state: Any, color: str, level: int) -> Any | None:
        """The computer's move for a seat at `level` (PASSIVE: a resigned seat).

        None when it has nothing to do. Runs in a worker thread: it may think a while.
        """
        owed = self.rules.decisions_owed(state, color)
        return self.rules.default_answer(state, owed[0]) if owed else None

    # Replays and recaps (`/vegas replay`) ------------------------------------------------

    # What a replay's menu and a recap's frames step through: "turn" or "round".
    chapter_word: ClassVar[str] = "turn"

    def chapter(self, state: Any) -> int:
        """The turn (or round) a state is in, for the replay's menu and the recap's frames."""
        return 1

    def picture(self, game: Game, state: Any) -> bytes | None:
        """The picture the channel is shown of a state (PNG), or None for a game without.

        The same bytes as the pictures posted during the game (rendering is pure). Runs
        in a worker thread.
        """
        return None

    def frame(self, game: Game, state: Any) -> Image.Image | None:
        """The picture's pixels (a paletted image), for the animated recap.

        By default the picture read back; a game may draw it without the PNG round trip.
        """
        picture = self.picture(game, state)
        return None if picture is None else Image.open(io.BytesIO(picture))

    def hints(self, state: Any, color: str) -> list[Suggestion] | None:
        """What the game's normal computer player would do in `color`'s place now, and why.

        Its best few moves, its choice first, worked out from the public view only; empty
        when nothing is `color`'s to decide; None when the game gives no hints. Runs in a
        worker thread: it may think a while.
        """
        return None

    # The terminal ---------------------------------------------------------------------

    def terminal(self) -> TerminalGame | None:
        """How to play it at the keyboard (`bot.terminal`), if it can be."""
        return None

    # Across the server (`/vegas`) -----------------------------------------------------

    def waiting_line(
        self, game: Game, state: Any, color: str, deadline: float | None
    ) -> str | None:
        """What the game waits for from `color`, for `/vegas mygames` (None: nothing)."""
        if color not in self.rules.waiting_for(state):
            return None
        until = f", it runs out <t:{int(deadline)}:R>" if deadline is not None else ""
        return f"your move{until}"

    def stats_fields(self, finished: Sequence[tuple[Sequence[Any], str]]) -> list[tuple[str, str]]:
        """Extra lines for a player's `/vegas stats`: (name, value) embed fields.

        `finished` holds, for each finished game of the player, its events (replayed) and
        the player's colour.
        """
        return []


class Games(Mapping[str, HostedGame]):
    """The registered games, by kind (see `bot/games/__init__.py`)."""

    def __init__(self, games: Sequence[HostedGame]) -> None:
        self._games = {game.kind: game for game in games}
        commands = [game.command for game in games]
        if len(self._games) != len(games) or len(set(commands)) != len(commands):
            raise ValueError("each game needs a kind and a command of its own")

    def __getitem__(self, kind: str) -> HostedGame:
        return self._games[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def of(self, game: Game) -> HostedGame:
        """The stored game's kind; `UnknownKind` when this program does not host it."""
        hosted = self._games.get(game.kind)
        if hosted is None:
            raise UnknownKind(game.id, game.kind)
        return hosted

    def kinds(self) -> dict[str, Kind]:
        """What the store needs of each game (`Store.open(kinds=...)`)."""
        return dict(self._games)
