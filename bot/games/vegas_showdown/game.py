"""Vegas Showdown as the host sees it: everything the core asks of this game, in one place.

Each hook hands the work to this package's modules (commands, posts, prompts, buttons,
computer players, terminal) or to the engine. What is timed: each action choice (the
player choosing), each Pull Strings choice, and each round's placements as one stretch
(everyone places at the same time). A renovation or publicity begun during bidding is
not timed with the action choices (its prompt keeps its own decision time) but goes on
into the placements and runs out with them. Computer seats play as `computer.py` says; a
resigned seat no computer took over, and a moment that runs out of time (unless the
table lets a computer play it), move as `absent.py` says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, cast

from discord import app_commands
from PIL import Image

from bot.game import PASSIVE, HostedGame, Moment, PersistentItem, Played, Question, Timeout
from bot.host import Host
from bot.options import TableOptions
from bot.posts import Post
from bot.store import AnyRules, Game, Prompt, Store
from engine import vegas_showdown
from engine.hints import Suggestion
from engine.vegas_showdown import (
    Action,
    Color,
    Event,
    GameRecord,
    GameSettings,
    GameState,
    PublicRecord,
    decisions_owed,
)
from engine.vegas_showdown.ai import LEVELS, HardPlayer
from engine.vegas_showdown.ai.hints import hints
from engine.vegas_showdown.events import (
    ActionChosen,
    BidPlaced,
    GameStarted,
    PlacementFinished,
    RenovationUndone,
    RoundStarted,
    TileBought,
    TilePlaced,
    TileRemoved,
    TileReserved,
)
from engine.vegas_showdown.state import MIN_PLAYERS, StackDecision
from engine.words import and_list
from render.vegas_showdown.picture import round_frame

from . import posts, prompts
from .buttons import PERSISTENT_ITEMS
from .commands import IMAGE_WORDS, VegasShowdownCommands
from .computer import DEFAULT_LEVEL, choose
from .names import KIND, chat_names, plain_names
from .terminal import Terminal

# 1: Renovate and Publicity carried out after bidding. 2: at once, when chosen, while the
# others finish bidding, as the books say (a game's settings and state say which).
RULES_VERSION: Final = 2
# The order in which free colours are handed out when a player does not choose one.
COLOR_PREFERENCE: Final[tuple[Color, ...]] = ("red", "blue", "green", "yellow", "purple")
# What a step of a placement decision (a renovation's, a publicity's, a purchase's) does.
PLACING: Final = (TilePlaced, TileRemoved, TileReserved, RenovationUndone, PlacementFinished)
# A moment's number: three per round, in the order they come.
PHASES: Final = {"flip": 0, "actions": 1, "build": 2}


def placing_move(events: Sequence[Event], state: GameState) -> bool:
    """True for a placement step that leaves the round going (its prompt tells the player).

    Not the action choice that closed the bidding: its news tells who bought what. A
    renovation or publicity step taken while the others bid is one too.
    """
    told = (RoundStarted, GameStarted, BidPlaced, ActionChosen, TileBought)
    if not events or any(isinstance(e, told) for e in events) or state.over:
        return False
    return state.step == "build" or any(isinstance(e, PLACING) for e in events)


class VegasShowdown(HostedGame):
    """Vegas Showdown, 3 to 5 players."""

    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Vegas Showdown"
    command: ClassVar[str] = "vs"
    rules: ClassVar[AnyRules] = vegas_showdown
    rules_version: ClassVar[int] = RULES_VERSION
    options: ClassVar[tuple[str, ...]] = ("turn_timer", "decisions", "images")
    timeout_words: ClassVar[Mapping[str, str]] = {
        "ai": "a computer player (normal) plays for the seat: its action choice, its stack "
        "choice or its placements",
        "end": "an action choice takes Renovate (which changes nothing unless the player "
        "comes back to renovate) and placements take their default answers",
    }
    image_words: ClassVar[Mapping[str, str]] = IMAGE_WORDS
    levels: ClassVar[tuple[str, ...]] = LEVELS
    default_level: ClassVar[str] = DEFAULT_LEVEL
    # The most seconds a hard computer player thinks about one decision.
    think_seconds: float = HardPlayer.budget
    readable_commands: ClassVar[tuple[str, ...]] = ("status", "board", "sheet", "log", "export")
    secret_words: ClassVar[str] = (
        "The seed, the event deck's order and the order of the premier stacks stay secret"
    )
    resigned_words: ClassVar[str] = (
        "takes Renovate for its action choice, changing nothing, and the default answer to "
        "anything else it is asked (a tile it still has to place goes to its reserve)"
    )
    points_word: ClassVar[str] = "Fame"
    points_plural: ClassVar[str | None] = "Fame"

    # Seating ------------------------------------------------------------------------

    def colors(self, edition: str) -> tuple[str, ...]:
        """The five colours, in the order the bot hands them out."""
        return COLOR_PREFERENCE

    def min_players(self, edition: str) -> int:
        """Three players at least."""
        return MIN_PLAYERS

    def new_settings(self, edition: str, players: Sequence[str], seed: int) -> GameSettings:
        """The engine's settings for a new game."""
        return GameSettings(players=cast(list[Color], list(players)), seed=seed)

    # Records ------------------------------------------------------------------------

    def record(self, settings: GameSettings, commands: Sequence[str]) -> GameRecord:
        """The engine's record of a game."""
        return GameRecord(settings=settings, commands=list(commands))

    def public_record(self, record: GameRecord, state: GameState) -> PublicRecord:
        """The record without the seed, the generator, the event deck's or stacks' order."""
        return record.public(state)

    # Discord --------------------------------------------------------------------------

    def commands(self, host: Host) -> app_commands.Group:
        """The `/vs` group."""
        return VegasShowdownCommands(host, self)

    def persistent_items(self) -> Sequence[PersistentItem]:
        """The placement menus and buttons, and Pull Strings'."""
        return PERSISTENT_ITEMS

    # Moves and their news -------------------------------------------------------------

    async def news(self, store: Store, played: Played, deadline: float | None) -> Post:
        """The end, a new round's post, or an action's lines."""
        game, state, events = played.game, cast(GameState, played.state), played.events
        if state.over:
            return await posts.final_post(store, game, state, events)
        if any(isinstance(e, RoundStarted) for e in events):
            return await posts.round_post(store, game, state, events, deadline)
        post = posts.action_post(game, state, events, deadline)
        if TableOptions.of(game.options).images == "action" or posts.stack_chosen(events):
            post.image, post.image_name = await posts.tracks_image(game, state), posts.TRACKS_FILE
        return post

    def quiet(self, played: Played) -> str | None:
        """A placement step is answered privately; the round's post tells the table."""
        state = cast(GameState, played.state)
        if not placing_move(played.events, state):
            return None
        names = chat_names(played.game)
        lines = posts.narrate(played.events, played.game)
        still = [names[c] for c in dict.fromkeys(d.player for d in state.pending)]
        mine = cast(Color, played.color) in {d.player for d in state.pending}
        if mine:
            lines.append("Your prompt shows what you may do next.")
        elif still:
            lines.append(f"Still placing: {and_list(still)}.")
        return "\n".join(lines) or "Done."

    def slow(self, played: Played) -> bool:
        """A picture is drawn for a new round, the end, a Pull Strings choice, or on request."""
        state = cast(GameState, played.state)
        events = played.events
        images = TableOptions.of(played.game.options).images
        new_round = any(isinstance(e, RoundStarted) for e in events)
        return state.over or new_round or images == "action" or posts.stack_chosen(events)

    def narrate(self, game: Game, events: Sequence[Any]) -> list[str]:
        """The events as chat lines, decisions asked included."""
        return posts.narrate(events, game, asks=True)

    # Prompts --------------------------------------------------------------------------

    def questions(self, game: Game, state: Any, events: Sequence[Any]) -> list[Question]:
        """A placement or Pull Strings prompt for every decision a person owes."""
        return prompts.questions(game, state, events)

    def closed_text(self, game: Game, prompt: Prompt, events: Sequence[Any]) -> str:
        """What was decided."""
        return prompts.closed_text(game, prompt, events)

    def prompt_timeout(self, game: Game, state: Any, prompt: Prompt) -> Timeout | None:
        """The engine's default answer."""
        return prompts.prompt_timeout(game, state, prompt)

    # Turn timers ----------------------------------------------------------------------

    def moment(self, state: GameState) -> Moment | None:
        """An action choice or a Pull Strings choice (its player's), or a round's placements."""
        if state.over:
            return None
        number = 3 * state.round + PHASES.get(state.step, 0)
        stack = next((d for d in state.pending if isinstance(d, StackDecision)), None)
        if stack is not None:
            return Moment(number, stack.player)
        if state.step == "build":
            return Moment(number)
        return Moment(number, state.current) if state.current else None

    def moment_words(self, game: Game, moment: Moment) -> str:
        """`**Ann** (red)'s action choice`, `the placements of round 3`."""
        round_number, phase = divmod(moment.number, 3)
        if not moment.player:
            return f"the placements of round {round_number}"
        name = chat_names(game).get(cast(Color, moment.player), moment.player)
        what = "stack choice" if phase == PHASES["flip"] else "action choice"
        return f"{name}'s {what}"

    def timeout_move(
        self, game: Game, state: GameState, moment: Moment, by_computer: bool
    ) -> tuple[str, Action]:
        """The next move of a seat the timed-out moment waits for.

        With `by_computer`, a computer player (normal) plays it; otherwise decisions take
        their default answers and an action choice takes Renovate.
        """
        level = DEFAULT_LEVEL if by_computer else None
        waiting = vegas_showdown.waiting_for(state)
        # An action choice ran out: its player moves, not a renovation going on meanwhile.
        if moment.player in waiting:
            waiting = [moment.player]
        for color in waiting:
            move = choose(game, state, color, level, self.think_seconds)
            if move is not None:
                return color, move
        raise ValueError("nothing to time out")

    # Computer seats -------------------------------------------------------------------

    def computer_move(self, game: Game, state: GameState, color: str, level: int) -> Any:
        """The engine's computer player of that level (PASSIVE: a resigned seat's move)."""
        named = None if level == PASSIVE else self.level_name(level)
        return choose(game, state, cast(Color, color), named, self.think_seconds)

    # The terminal ---------------------------------------------------------------------

    chapter_word: ClassVar[str] = "round"

    def chapter(self, state: GameState) -> int:
        """The round the state is in."""
        return state.round

    def picture(self, game: Game, state: GameState) -> bytes:
        """The round picture, as the channel's news shows it (`posts.round_image`)."""
        return posts.round_picture(game, state)

    def frame(self, game: Game, state: GameState) -> Image.Image:
        """The round picture's pixels, as `picture` encodes them (for the animated recap)."""
        return round_frame(state, names=plain_names(game))

    def hints(self, state: GameState, color: str) -> list[Suggestion]:
        """Normal's best answers for `color` now, with its reasons (engine/.../ai/hints.py)."""
        return hints(state, cast(Color, color))

    def terminal(self) -> Terminal:
        """Hot seat and computer players at the keyboard."""
        return Terminal()

    # Across the server ----------------------------------------------------------------

    def waiting_line(
        self, game: Game, state: GameState, color: str, deadline: float | None
    ) -> str | None:
        """A placement or stack choice owed, or the player's action choice."""
        owed = decisions_owed(state, cast(Color, color))
        until = f", it runs out <t:{int(deadline)}:R>" if deadline is not None else ""
        if owed:
            return f"{prompts.placing_words(state, owed[0])} (round {state.round}{until})"
        if state.current == color and state.step == "actions":
            return f"your action choice (round {state.round}{until})"
        return None
