"""A writer for the crash test: plays random moves through the store until it is killed.

    python -m tests.store.crash_worker DATABASE RUN FULL|NORMAL    (from the repository root)

DATABASE is a SQLite file or a postgresql:// URL.

Waits for a line on its input before it opens the store (so that the test can start the
next writer, whose imports take a second, while this one writes). Prints `ready` once
the store is open, then `ack GAME SEQ COMMAND` after every move the
store has committed. It continues whatever game the channel has open (a lobby left
half-seated, or a game under way) and starts a new one whenever a game ends.
"""

from __future__ import annotations

import asyncio
import sys

from bot.games import GAMES
from bot.store import Store, Synchronous
from engine.lords_of_vegas.randomplay import STYLES, RandomPlayer
from tests.store.playthrough import open_lobby, play_move, seat_and_start

CHANNEL_ID = 1
COLORS = ("red", "blue", "green", "yellow")
AI_COLORS = ("green",)


async def main(database: str, run: int, synchronous: Synchronous) -> None:
    sys.stdin.readline()  # the test's go-ahead: the writer before this one is dead
    store = await Store.open(database, kinds=GAMES, synchronous=synchronous)
    print("ready", flush=True)
    player = RandomPlayer(seed=run, style=sorted(STYLES)[run % len(STYLES)])
    while True:
        game = await store.open_game(CHANNEL_ID) or await open_lobby(store, CHANNEL_ID)
        if game.status == "lobby":
            game = await seat_and_start(store, game, COLORS, seed=game.id, ai_colors=AI_COLORS)
        played = await play_move(store, game.id, player)
        if played is not None:
            saved, line = played
            print(f"ack {game.id} {saved.seq} {line}", flush=True)


if __name__ == "__main__":
    level: Synchronous = "NORMAL" if sys.argv[3] == "NORMAL" else "FULL"
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), level))
