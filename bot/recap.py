"""The animated recap of a finished game, as a GIF every Discord client plays inline.

One frame per turn (Lords of Vegas) or round (Vegas Showdown): each frame is the picture
the channel was shown when that turn (round) began, the state after the move that began
it drawn by the game (`HostedGame.picture`, the same pure drawing as the news), and the
final picture last. The pictures are mapped onto each game's fixed palette, so the GIF
keeps their colours exactly. It is built in a worker thread (the bot keeps answering)
and kept under Discord's 8 MiB: a game long enough to pass it keeps every second frame
(the last always), and so on.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from PIL import Image

from bot import drawing
from bot.game import HostedGame
from bot.replay import Book, GameKey, game_key, write_book
from bot.store import Game, Move, Store

# Discord's upload limit for a bot without boosts.
MOST_BYTES: Final = 8 * 1024 * 1024
# How long each frame shows, and the last one (milliseconds).
FRAME_MS: Final = 900
LAST_FRAME_MS: Final = 4000
RECAPS_KEPT: Final = 4
DRAWING_THREADS: Final = 2


def frame_steps(book: Book) -> list[int]:
    """The steps drawn: the first of each turn (round), then the last one."""
    steps = sorted(book.chapter_starts().values())
    return steps if steps[-1] == book.last else [*steps, book.last]


def encode_gif(pictures: Sequence[Image.Image]) -> bytes:
    """Pictures as one looping GIF, the last shown longest; `pictures` is never empty.

    A GIF has one size: a smaller picture (Vegas Showdown's final one is taller) is
    placed at the top left of a frame of the largest size, on its own background colour.
    """
    size = (max(p.width for p in pictures), max(p.height for p in pictures))
    images = [_framed(picture, size) for picture in pictures]
    durations = [FRAME_MS] * (len(images) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    images[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=images[1:],
        duration=durations,
        loop=0,
        disposal=1,
    )
    return out.getvalue()


def _framed(picture: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The picture on a frame of `size`, the rest in the colour of its top-left corner."""
    if picture.size == size:
        return picture
    frame = Image.new(picture.mode, size, picture.getpixel((0, 0)))
    palette = picture.getpalette()
    if palette is not None:
        frame.putpalette(palette)
    frame.paste(picture, (0, 0))
    return frame


def build_recap(hosted: HostedGame, game: Game, moves: Sequence[Move]) -> bytes | None:
    """The recap of a game that has ended (None: its game draws no pictures).

    Replays the full record; runs in a worker thread (it takes a second or two).
    """
    if hosted.frame(game, game.state()) is None:
        return None  # a game without pictures
    book = write_book(hosted, game, moves)

    def draw(step: int) -> Image.Image | None:
        state = hosted.rules.GameState.model_validate_json(book.pages[step].state_json)
        return hosted.frame(game, state)

    # Two at a time: drawing and palette mapping let other threads run meanwhile.
    with ThreadPoolExecutor(max_workers=DRAWING_THREADS) as pool:
        drawn = list(pool.map(draw, frame_steps(book)))
    pictures = [picture for picture in drawn if picture is not None]
    if len(pictures) < len(drawn):
        return None
    last = len(pictures) - 1
    every = 1
    while True:
        kept = sorted({*range(0, last, every), last})
        gif = encode_gif([pictures[i] for i in kept])
        if len(gif) <= MOST_BYTES or len(kept) <= 2:
            return gif
        every += 1


async def recap(store: Store, hosted: HostedGame, game_id: int) -> bytes | None:
    """A finished game's recap: made by the drawing workers, or the one kept."""
    game, moves = await store.game_and_moves(game_id)
    key = game_key(game)
    if key in RECAPS:
        return RECAPS.made(key)
    made = await drawing.draw(build_recap, hosted, game, moves)
    RECAPS.keep(key, made)
    return made


class Recaps:
    """The last few recaps made, by game (a finished game's recap never changes)."""

    def __init__(self) -> None:
        self._made: OrderedDict[GameKey, bytes | None] = OrderedDict()

    def __contains__(self, key: object) -> bool:
        return key in self._made

    def made(self, key: GameKey) -> bytes | None:
        """A recap already made, if it is kept."""
        return self._made.get(key)

    def keep(self, key: GameKey, recap: bytes | None) -> None:
        """Keep a recap just made."""
        self._made[key] = recap
        while len(self._made) > RECAPS_KEPT:
            self._made.popitem(last=False)


RECAPS: Final = Recaps()
