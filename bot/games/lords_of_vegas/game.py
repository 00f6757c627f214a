"""Lords of Vegas as the host sees it: everything the core asks of this game, in one place.

Each hook hands the work to this package's modules (commands, posts, prompts, buttons,
computer players, records, statistics) or to the engine.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, ClassVar, Final, cast

from discord import app_commands
from PIL import Image

from bot.game import PASSIVE, HostedGame, Moment, PersistentItem, Played, Question, Timeout
from bot.host import Host
from bot.options import TableOptions
from bot.posts import Post
from bot.store import AnyRules, Game, Move, Prompt, Store
from engine import lords_of_vegas
from engine.hints import Suggestion
from engine.lords_of_vegas import (
    Color,
    Event,
    GameSettings,
    GameState,
    default_answer,
    describe_decision,
    offers_to_answer,
)
from engine.lords_of_vegas.actions import Action, ActStep, EndTurn
from engine.lords_of_vegas.ai.hints import hints
from engine.lords_of_vegas.ai.players import LEVELS
from engine.lords_of_vegas.events import OfferAccepted, OfferMade, TradeStepDone, TurnStarted
from engine.lords_of_vegas.record import GameRecord, PublicRecord
from engine.lords_of_vegas.scenario import Scenario
from engine.lords_of_vegas.state import EDITION_COLORS, MIN_PLAYERS, Edition
from render.lords_of_vegas.board import board_frame

from . import posts, prompts
from .builder import DraftItem, route_modal
from .buttons import DecisionButton, DecisionMenu, OfferButton
from .commands import LordsOfVegasCommands
from .computer import DEFAULT_LEVEL, choose, waiting_computer
from .names import KIND, plain_names
from .prompts import offer_fits
from .records import game_record, game_scenario, public_record
from .stats import favourite_field, points_chart
from .terminal import Terminal

# 1: the rules until issue 25. 2: at most 12 steps to an offer and 3 open offers per
# player; a die moved out of a reorganized casino stays reorganized.
RULES_VERSION: Final = 2
# The order in which free colours are handed out when a player does not choose one.
COLOR_PREFERENCE: Final[tuple[Color, ...]] = ("red", "blue", "green", "yellow", "purple", "black")


def seat_colors(edition: Edition, count: int) -> list[Color]:
    """The colours of `count` seats, in the order the bot hands them out."""
    allowed = EDITION_COLORS[edition]
    return [color for color in COLOR_PREFERENCE if color in allowed][:count]


def told_by_prompts(events: Sequence[Event]) -> bool:
    """True for offers made or accepted: their own message (with its buttons) tells the table."""
    return all(isinstance(e, OfferMade | OfferAccepted) for e in events)


def board_changed(events: Sequence[Event]) -> bool:
    """True when a trade moved a lot, a die, or ran an action."""
    return any(
        isinstance(e, TradeStepDone)
        and (e.step.kind in ("lot", "die") or isinstance(e.step, ActStep))
        for e in events
    )


class LordsOfVegas(HostedGame):
    """Lords of Vegas, both editions."""

    kind: ClassVar[str] = KIND
    title: ClassVar[str] = "Lords of Vegas"
    command: ClassVar[str] = "lov"
    take_back_word: ClassVar[str] = "undo"
    rules: ClassVar[AnyRules] = lords_of_vegas
    rules_version: ClassVar[int] = RULES_VERSION
    levels: ClassVar[tuple[str, ...]] = LEVELS
    default_level: ClassVar[str] = DEFAULT_LEVEL
    editions: ClassVar[tuple[str, ...]] = ("updated", "classic")
    readable_commands: ClassVar[tuple[str, ...]] = ("status", "board", "log", "export")
    secret_words: ClassVar[str] = "The seed and the deck's order stay secret"
    resigned_words: ClassVar[str] = (
        "ends its turns without acting, takes the default answers to its decisions and "
        "declines trade offers"
    )

    # Seating ------------------------------------------------------------------------

    def colors(self, edition: str) -> tuple[str, ...]:
        """The edition's colours, in the order the bot hands them out."""
        return tuple(seat_colors(cast(Edition, edition), len(COLOR_PREFERENCE)))

    def min_players(self, edition: str) -> int:
        """Two players, in either edition."""
        return MIN_PLAYERS

    def table_label(self, edition: str) -> str:
        """`the updated edition`."""
        return f"the {edition} edition"

    def new_settings(self, edition: str, players: Sequence[str], seed: int) -> GameSettings:
        """The engine's settings for a new game."""
        return GameSettings(
            edition=cast(Edition, edition), players=cast(list[Color], list(players)), seed=seed
        )

    # Records ------------------------------------------------------------------------

    def record(self, settings: GameSettings, commands: Sequence[str]) -> GameRecord:
        """The engine's record of a game."""
        return game_record(settings, commands)

    def public_record(self, record: GameRecord, state: GameState) -> PublicRecord:
        """The record without the seed, the dice generator or the deck's order."""
        return public_record(record, state)

    def scenario(self, game: Game, moves: Sequence[Move]) -> Scenario:
        """The game as a scenario file for `engine.lords_of_vegas.scenario`."""
        return game_scenario(game, moves)

    # Discord --------------------------------------------------------------------------

    def commands(self, host: Host) -> app_commands.Group:
        """The `/lov` group."""
        return LordsOfVegasCommands(host, self)

    def persistent_items(self) -> Sequence[PersistentItem]:
        """The offer and decision buttons and menus, and the trade builder's."""
        return (OfferButton, DecisionButton, DecisionMenu, DraftItem)

    async def on_interaction(self, host: Host, interaction: Any) -> bool:
        """The trade builder's amount form."""
        return await route_modal(host, interaction)

    # Moves and their news -------------------------------------------------------------

    def check(self, game: Game, events: Sequence[Any]) -> None:
        """Refuse an offer too long for one Discord message."""
        offer_fits(game, events)

    async def news(self, store: Store, played: Played, deadline: float | None) -> Post:
        """The final standings, a turn's board and draw, or an action's line."""
        game, state, events = played.game, cast(GameState, played.state), played.events
        if state.over:
            chart = await points_chart(store, game)
            return await posts.final_post(game, state, events, chart)
        if any(isinstance(e, TurnStarted) for e in events):
            return await posts.turn_post(game, state, events, deadline)
        post = posts.action_post(game, state, events)
        if TableOptions.of(game.options).images == "action" or board_changed(events):
            post.image = await posts.board_image(game, state)
        return post

    def quiet(self, played: Played) -> str | None:
        """Offers made and accepted are told by their own message: a private note instead."""
        if not told_by_prompts(played.events):
            return None
        for event in played.events:
            if isinstance(event, OfferMade):
                return (
                    f"Your offer #{event.offer.id} is posted; every player it names must accept it."
                )
        accepted = [e.offer for e in played.events if isinstance(e, OfferAccepted)]
        return f"You accepted offer #{accepted[0]}." if accepted else "Done."

    def slow(self, played: Played) -> bool:
        """The news shows the board after a turn, at the end, or when the table asked."""
        turn_over = any(isinstance(e, TurnStarted) for e in played.events)
        images = TableOptions.of(played.game.options).images
        over = cast(GameState, played.state).over
        return over or turn_over or images == "action" or board_changed(played.events)

    def narrate(self, game: Game, events: Sequence[Any]) -> list[str]:
        """The events as chat lines, decisions asked included."""
        return posts.narrate(events, game, asks=True)

    # Prompts --------------------------------------------------------------------------

    def questions(self, game: Game, state: Any, events: Sequence[Any]) -> list[Question]:
        """Open offers, then pending decisions."""
        return prompts.questions(game, state, events)

    def closed_text(self, game: Game, prompt: Prompt, events: Sequence[Any]) -> str:
        """What became of the offer, or what was decided."""
        return prompts.closed_text(game, prompt, events)

    def prompt_timeout(self, game: Game, state: Any, prompt: Prompt) -> Timeout | None:
        """An offer expires; a decision gets its default answer."""
        return prompts.prompt_timeout(game, state, prompt)

    # Turn timers ----------------------------------------------------------------------

    def moment(self, state: GameState) -> Moment | None:
        """The turn under way and whose it is."""
        return None if state.over else Moment(state.turn, state.current)

    def timeout_move(
        self, game: Game, state: GameState, moment: Moment, by_computer: bool
    ) -> tuple[str, Action]:
        """Decisions first (the seat's own by a computer when asked), then the turn's end."""
        seat = cast(Color, moment.player)
        if state.pending:
            decision = state.pending[0]
            if by_computer and decision.player == seat:
                chosen = choose(game, state, seat, DEFAULT_LEVEL)
                if chosen is not None:
                    return seat, chosen
            return decision.player, default_answer(state, decision)
        if by_computer:
            chosen = choose(game, state, seat, DEFAULT_LEVEL)
            if chosen is not None:
                return seat, chosen
        return seat, EndTurn()

    # Computer seats -------------------------------------------------------------------

    def computer_to_move(self, state: GameState, computers: Collection[str]) -> str | None:
        """Decisions first, then answers to offers, then the current player's turn."""
        return waiting_computer(cast(Collection[Color], computers), state)

    def computer_move(self, game: Game, state: GameState, color: str, level: int) -> Any:
        """The engine's AI player of that level (PASSIVE: a resigned seat's move)."""
        named = None if level == PASSIVE else self.level_name(level)
        return choose(game, state, cast(Color, color), named)

    # The terminal ---------------------------------------------------------------------

    chapter_word: ClassVar[str] = "turn"

    def chapter(self, state: GameState) -> int:
        """The turn the state is in."""
        return state.turn

    def picture(self, game: Game, state: GameState) -> bytes:
        """The board, as the channel's news shows it (`posts.board_image`)."""
        return posts.board_picture(game, state)

    def frame(self, game: Game, state: GameState) -> Image.Image:
        """The board's pixels, as `picture` encodes them (for the animated recap)."""
        return board_frame(state, names=plain_names(game))

    def hints(self, state: GameState, color: str) -> list[Suggestion]:
        """Normal's best moves for `color` now, with its reasons (engine/.../ai/hints.py)."""
        return hints(state, cast(Color, color))

    def terminal(self) -> Terminal:
        """Hot-seat and computer players at the keyboard."""
        return Terminal()

    # Across the server ----------------------------------------------------------------

    def waiting_line(
        self, game: Game, state: GameState, color: str, deadline: float | None
    ) -> str | None:
        """A decision owed, the player's turn, or offers to answer."""
        player = cast(Color, color)
        names = plain_names(game)
        owed = lords_of_vegas.decisions_owed(state, player)
        if owed:
            return f"a decision: {describe_decision(owed[0], names, hint=False)}"
        if not state.pending and state.current == player:
            until = f", it runs out <t:{int(deadline)}:R>" if deadline is not None else ""
            return f"your turn (turn {state.turn}{until})"
        offers = [f"#{offer.id}" for offer in offers_to_answer(state, player)]
        if offers:
            return f"your answer to trade offer {', '.join(offers)}"
        return None

    def stats_fields(self, finished: Sequence[tuple[Sequence[Any], str]]) -> list[tuple[str, str]]:
        """The player's favourite company."""
        return favourite_field(cast(Sequence[tuple[Sequence[Event], Color]], finished))
