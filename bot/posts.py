"""What the bot says: messages composed from a game, ready to send.

A `Post` is content, an optional embed, an optional image and the users it may mention.
Composing is separate from sending (`replies.py`); the words about a game's rules come
from its package and its engine's narration, and these helpers are shared by every game.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import discord

from bot.options import IMAGE_WORDS, TIMEOUT_WORDS, TableOptions
from bot.seats import display_names
from bot.store import Game
from engine.words import and_list

BOARD_FILE: Final = "board.png"
CHART_FILE: Final = "points.png"
ANIMATION_FILE: Final = "recap.gif"
EMBED_TEXT_LIMIT: Final = 4000
CONTENT_LIMIT: Final = 2000
FIELD_LIMIT: Final = 1024
EMBED_LIMIT: Final = 5800  # Discord allows 6,000 characters in an embed; keep a margin
COLOR_HEX: Final[dict[str, int]] = {
    "black": 0x2B2B2B,
    "blue": 0x2F6FDB,
    "green": 0x2E9E4F,
    "purple": 0x8B4FC9,
    "red": 0xD93B3B,
    "yellow": 0xE8C22E,
}
GREEN_FELT: Final = 0x1F7A4D


@dataclass
class Post:
    """A message ready to send: text, an embed, a picture, who may be mentioned.

    `chart` is a second image (the points chart at the end of a game); `image_name` is
    the first image's file name (an embed shows it as `attachment://<name>`); `gallery`
    holds more pictures, (file name, PNG) each, sent after them (Discord shows them as a
    gallery; a message carries at most 10 files); `animation` is the animated recap of a
    game that just ended (GIF); `view` holds the message's buttons.
    """

    content: str = ""
    embed: discord.Embed | None = None
    image: bytes | None = None
    mentions: list[int] = field(default_factory=list)
    chart: bytes | None = None
    image_name: str = BOARD_FILE
    gallery: tuple[tuple[str, bytes], ...] = ()
    # Buttons under the message (the final post's Rematch), if any.
    view: discord.ui.View | None = None
    animation: bytes | None = None

    def text(self) -> str | None:
        """The content, clipped to Discord's limit (None when empty)."""
        return clip(self.content, CONTENT_LIMIT) or None

    def allowed_mentions(self) -> discord.AllowedMentions:
        """Only the named players may be pinged: never everyone, here or roles."""
        return discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(id=user) for user in self.mentions],
        )

    def files(self) -> list[discord.File]:
        """The post's images as attachments (the first one first), if it has any."""
        images = [
            (self.image_name, self.image),
            (CHART_FILE, self.chart),
            *self.gallery,
            (ANIMATION_FILE, self.animation),
        ]
        return [discord.File(io.BytesIO(data), filename=name) for name, data in images if data]


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, an ellipsis showing where."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plain_names(game: Game) -> dict[str, str]:
    """Colour -> the player's name, as drawn on pictures."""
    return display_names(game)


def chat_names(game: Game) -> dict[str, str]:
    """Colour -> `**Name** (colour)` for chat lines, markdown in names escaped."""
    return {
        color: f"**{discord.utils.escape_markdown(name)}** ({color})"
        for color, name in display_names(game).items()
    }


def story_embed(title: str, lines: Sequence[str], color: int = GREEN_FELT) -> discord.Embed:
    """An embed telling what happened, line by line, within Discord's limit.

    When the lines are too long for one embed, the oldest give way, whole, and the embed
    says how many: no line (an offer's steps, say) is cut short silently.
    """
    text, left_out = "\n".join(lines), 0
    while len(text) > EMBED_TEXT_LIMIT and left_out < len(lines) - 1:
        left_out += 1
        note = "1 earlier line" if left_out == 1 else f"{left_out} earlier lines"
        text = f"({note} left out: too long for one message.)\n" + "\n".join(lines[left_out:])
    return discord.Embed(title=title, description=clip(text, EMBED_TEXT_LIMIT), color=color)


def result_words(game: Game, over: bool, winners: Sequence[str]) -> str | None:
    """A game's result as its status says it: abandoned, or who won; None while it goes on.

    `winners` are the winners' names (several share a win).
    """
    if game.status == "abandoned":
        return "The game was abandoned: no winner."
    if over:
        return f"{and_list(winners)} won."
    return None


def settings_embed(
    options: TableOptions,
    shown: Sequence[str],
    timeouts: Mapping[str, str] = TIMEOUT_WORDS,
    images: Mapping[str, str] = IMAGE_WORDS,
) -> discord.Embed:
    """The table's settings in force (those of `shown`), for the `settings` command.

    `timeouts` says what each `on_timeout` choice does, `images` when each `images`
    choice posts the board, in the game's words.
    """
    return discord.Embed(
        title="Table settings",
        description="\n".join(options.lines(shown, timeouts, images)),
        color=GREEN_FELT,
    )


def lobby_lines(game: Game, most: int, levels: Callable[[int], str] | None = None) -> str:
    """Who sits where in a lobby, and how many more may join (`most` seats in all).

    With `levels` (a stored level -> its name), computer players show their level.
    """
    names = display_names(game)
    seated = []
    for seat in game.seats:
        name = discord.utils.escape_markdown(names[seat.color])
        level = levels(seat.ai_level or 0) if levels and seat.is_ai else None
        what = f"{seat.color}, computer: {level}" if level else seat.color
        seated.append(f"**{name}** ({what})")
    return f"Seated ({len(game.seats)}/{most}): {', '.join(seated)}."
