"""Replays: step through a game move by move, privately, with the pictures the table saw.

`/vegas replay` opens a game at its latest move: its picture (Lords of Vegas: the board;
Vegas Showdown: the round picture), the move in the log's notation and what it did in
the log's words, buttons first / back / next / last and a menu of turns (rounds) near
the one shown. A game that has ended is replayed from its full record. A game under way
is replayed only up to now and only as the table saw it: every step shows the public
state (no seed, no deck or stack order), so two games differing only in what is hidden
give identical replays.

The buttons and the menu survive restarts: their custom ids carry the game, the step
and the person who asked (`ReplayButton`, `ReplayMenu`, registered at start-up), and
they answer only that person. Replaying a record is done once per game and kept (a few
games' books, the pictures of their last steps shown), so stepping is quick; the next
step's picture is drawn ahead while the player looks at this one.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot import drawing, replies
from bot.game import Games, HostedGame, Refusal
from bot.menus import chosen_values, dynamic_menu
from bot.posts import Post, clip
from bot.store import Game, Move, Store

Interaction = discord.Interaction[Any]
log = logging.getLogger(__name__)

REPLAY_FILE: Final = "replay.png"
# Discord allows 25 options in a menu.
MENU_SIZE: Final = 25
# Books (replayed games) and pictures kept in memory.
BOOKS_KEPT: Final = 8
PICTURES_KEPT: Final = 96
# The step text stays well inside Discord's 2000 characters.
TEXT_LIMIT: Final = 1800
SLOTS: Final = ("first", "back", "next", "last")
LABELS: Final = {"first": "⏮ First", "back": "◀ Back", "next": "Next ▶", "last": "Last ⏭"}


@dataclass(frozen=True)
class Page:
    """One step of a replay: the state after a move, the move and what it did.

    Step 0 is the game as set up (no move). `state_json` is the public state while the
    game runs.
    """

    state_json: str
    move: str
    lines: tuple[str, ...]
    chapter: int


@dataclass(frozen=True)
class Book:
    """A game replayed step by step (see `Page`), as its asker may see it."""

    game_id: int
    complete: bool  # from the full record (the game has ended)
    pages: tuple[Page, ...]

    @property
    def last(self) -> int:
        """The last step's number (the number of moves)."""
        return len(self.pages) - 1

    def chapter_starts(self) -> dict[int, int]:
        """The first step of each turn (round), by its number."""
        starts: dict[int, int] = {}
        for step, page in enumerate(self.pages):
            starts.setdefault(page.chapter, step)
        return starts


def write_book(hosted: HostedGame, game: Game, moves: Sequence[Move]) -> Book:
    """Replay a game's record step by step (in a worker thread: it may take a moment)."""
    rules = hosted.rules
    settings = game.settings()
    commands = [move.command for move in moves]
    record = hosted.record(settings, commands)
    complete = game.status != "active"
    state, events = rules.new_game(settings)

    def page(move: str, events: Sequence[Any]) -> Page:
        shown = state if complete else getattr(hosted.public_record(record, state), "state", None)
        if shown is None:
            raise Refusal(f"{hosted.title} has no public view of a game under way to replay.")
        lines = tuple(hosted.narrate(game, events))
        return Page(shown.model_dump_json(), move, lines, hosted.chapter(state))

    pages = [page("", events)]
    for line in commands:
        player, action = rules.parse_line(line)
        pages.append(page(line, rules.apply(state, player, action)))
    return Book(game.id, complete, tuple(pages))


# A game, told apart from any other this process ever sees (ids repeat across databases).
GameKey = tuple[int, int, str]


def game_key(game: Game) -> GameKey:
    """What tells a stored game apart: its id, channel and creation time."""
    return (game.id, game.channel_id, game.created_at)


class Library:
    """The replayed games and drawn pictures kept in memory (see the module docstring)."""

    def __init__(self) -> None:
        self._books: OrderedDict[tuple[GameKey, int, str], Book] = OrderedDict()
        self._pictures: OrderedDict[tuple[GameKey, int, str, int], bytes | None] = OrderedDict()

    async def book(self, store: Store, hosted: HostedGame, game_id: int) -> tuple[Game, Book]:
        """The game as stored now and its book (replayed once per game and move count)."""
        game, moves = await store.game_and_moves(game_id)
        key = (game_key(game), len(moves), game.status)
        book = self._books.get(key)
        if book is None:
            try:
                book = await drawing.draw(write_book, hosted, game, moves)
            except (hosted.rules.IllegalAction, hosted.rules.NotationError):
                raise Refusal(
                    f"Game {game.id} cannot be replayed with the rules played now: it was "
                    "played under earlier rules."
                ) from None
            self._books[key] = book
            while len(self._books) > BOOKS_KEPT:
                self._books.popitem(last=False)
        self._books.move_to_end(key)
        return game, book

    async def picture(self, hosted: HostedGame, game: Game, book: Book, step: int) -> bytes | None:
        """A step's picture, drawn by the drawing workers unless it is kept already."""
        key = (game_key(game), book.last, game.status, step)
        if key not in self._pictures:
            state = hosted.rules.GameState.model_validate_json(book.pages[step].state_json)
            self._pictures[key] = await drawing.draw(hosted.picture, game, state)
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        return self._pictures[key]

    def clear(self) -> None:
        """Forget every book and picture (they are made again from the store when asked)."""
        self._books.clear()
        self._pictures.clear()

    def draw_ahead(self, hosted: HostedGame, game: Game, book: Book, step: int) -> None:
        """Start drawing a step's picture in the background (the likely next click)."""
        key = (game_key(game), book.last, game.status, step)
        if 0 <= step <= book.last and key not in self._pictures:
            task = asyncio.get_running_loop().create_task(self.picture(hosted, game, book, step))
            _AHEAD.add(task)
            task.add_done_callback(_AHEAD.discard)


# Pictures being drawn ahead (kept referenced until done).
_AHEAD: set[asyncio.Task[bytes | None]] = set()
LIBRARY: Final = Library()


def page_text(hosted: HostedGame, game: Game, book: Book, step: int) -> str:
    """What a step says: where it is in the game, the move, what happened."""
    page = book.pages[step]
    how = "" if book.complete else ", under way: as the table saw it so far"
    head = (
        f"**Replay of game {game.id}** ({hosted.title}{how}): move {step} of {book.last}, "
        f"{hosted.chapter_word} {page.chapter}."
    )
    if step == 0:
        body = ["The game as it was set up.", *page.lines]
    else:
        body = [f"`{page.move}`", *page.lines]
    return clip("\n".join([head, *body]), TEXT_LIMIT)


def page_view(hosted: HostedGame, book: Book, step: int, user_id: int) -> discord.ui.View:
    """The buttons (first / back / next / last) and the menu of turns near this step."""
    view = discord.ui.View(timeout=None)
    targets = {"first": 0, "back": max(0, step - 1), "next": min(book.last, step + 1)}
    targets["last"] = book.last
    for slot in SLOTS:
        button = ReplayButton(book.game_id, targets[slot], user_id, slot)
        button.item.disabled = targets[slot] == step
        view.add_item(button)
    starts = book.chapter_starts()
    if len(starts) > 1:
        view.add_item(ReplayMenu(book.game_id, user_id, menu_options(hosted, book, step)))
    return view


def menu_options(hosted: HostedGame, book: Book, step: int) -> list[discord.SelectOption]:
    """Up to 25 turns (rounds) around the one shown, each opening at its first move."""
    starts = sorted(book.chapter_starts().items())
    current = book.pages[step].chapter
    index = next(i for i, (chapter, _) in enumerate(starts) if chapter == current)
    first = max(0, min(index - MENU_SIZE // 2, len(starts) - MENU_SIZE))
    word = hosted.chapter_word.capitalize()
    return [
        discord.SelectOption(
            label=f"{word} {chapter}",
            value=str(start),
            description=f"from move {start}",
            default=chapter == current,
        )
        for chapter, start in starts[first : first + MENU_SIZE]
    ]


async def page_post(
    hosted: HostedGame, game: Game, book: Book, step: int, user_id: int
) -> tuple[Post, discord.ui.View]:
    """A step as a message: its text and picture, with the buttons; draws its neighbours."""
    picture = await LIBRARY.picture(hosted, game, book, step)
    view = page_view(hosted, book, step, user_id)
    for near in (step + 1, step - 1):  # the likely next clicks: next, back
        LIBRARY.draw_ahead(hosted, game, book, near)
    return Post(page_text(hosted, game, book, step), image=picture, image_name=REPLAY_FILE), view


def games_of(interaction: Interaction) -> tuple[Store, Games]:
    """The running bot's store and games (every interaction comes through `bot.app`)."""
    tables = getattr(interaction.client, "tables", None)
    if tables is None:
        raise Refusal("Vegas Host is starting; please try again in a moment.")
    return tables.store, tables.games


async def show_step(interaction: Interaction, game_id: int, step: int, owner: int) -> None:
    """Answer a click: the replay at `step`, in place of the message clicked."""
    if interaction.user.id != owner:
        await replies.refuse(
            interaction,
            f"This replay belongs to <@{owner}>: ask for your own with `/vegas replay`.",
        )
        return
    await replies.defer_update(interaction)
    try:
        store, games = games_of(interaction)
        game = await store.game(game_id)
        hosted = games.of(game)
        game, book = await LIBRARY.book(store, hosted, game_id)
        post, view = await page_post(hosted, game, book, min(step, book.last), owner)
    except Refusal as refusal:
        await replies.send(interaction, Post(str(refusal)), ephemeral=True)
        return
    try:
        await interaction.edit_original_response(
            content=post.text(), attachments=post.files(), view=view
        )
    except discord.HTTPException as error:
        log.warning("could not show replay step for interaction %s: %s", interaction.id, error)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"replay:(?P<game>\d+):(?P<step>\d+):(?P<user>\d+):(?P<slot>first|back|next|last)",
):
    """First / back / next / last: show the replay at the step the button names."""

    def __init__(self, game_id: int, step: int, user_id: int, slot: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=LABELS[slot],
                style=discord.ButtonStyle.secondary,
                custom_id=f"replay:{game_id}:{step}:{user_id}:{slot}",
            )
        )
        self.game_id, self.step, self.user_id = game_id, step, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        """Rebuild the button from the custom id of a click."""
        return cls(int(match["game"]), int(match["step"]), int(match["user"]), match["slot"])

    async def callback(self, interaction: Interaction) -> None:
        """Show the step (to the person who asked for the replay only)."""
        await show_step(interaction, self.game_id, self.step, self.user_id)


class ReplayMenu(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"replay:(?P<game>\d+):(?P<user>\d+):menu",
):
    """The menu of turns (rounds): show the replay from the first move of the one chosen."""

    def __init__(
        self, game_id: int, user_id: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            dynamic_menu(
                f"replay:{game_id}:{user_id}:menu",
                options,
                "Jump to...",
            )
        )
        self.game_id, self.user_id = game_id, user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayMenu:
        """Rebuild the menu from the custom id of a choice."""
        return cls(int(match["game"]), int(match["user"]))

    async def callback(self, interaction: Interaction) -> None:
        """Show the chosen turn's first step."""
        values = chosen_values(interaction, default="0")
        step = int(values[0]) if values[0].isdigit() else 0
        await show_step(interaction, self.game_id, step, self.user_id)


PERSISTENT_ITEMS: Final = (ReplayButton, ReplayMenu)
