"""How quickly does the bot answer? Prints figures; asserts nothing.

    python -m benchmarks.bot [--game KIND] [--turns N] [--players N]
    python -m benchmarks.bot --against REV [--rounds R] [--turns N] [--game KIND]

Runs the real bot in-process against the Discord emulator (real sockets, a real
SQLite file, the real renderer) and measures, for each slash command, the time from
the interaction reaching the bot's gateway to Discord receiving the complete answer.
Lords of Vegas (the default):
- an action (`/lov build`), answered with a public line;
- a turn end (`/lov end`), deferred, with the next player's draw and the board image.
Vegas Showdown (`--game vegas_showdown`; `--turns` counts commands; `--players` seats 3
to 5, default 3; the engine's greedy player chooses the moves, typed as players type them):
- a bid (`/vs bid`), answered with a public line mentioning the next player;
- a round end (the command that finishes a round), deferred, with the round post: the
  round replayed from the log to tell it, and the round picture.

With `--against REV` it measures this tree and the commit REV (`git archive`d into a
temporary folder) in one run, taking turns round by round so both meet the same load on
a shared machine, and prints each round's medians and the median of the rounds for both.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bot.app import VegasHost, create_bot
from bot.endpoints import use_discord_endpoints
from bot.games import GAMES
from bot.settings import Settings
from engine.vegas_showdown.actions import Bid
from engine.vegas_showdown.greedy import GreedyPlayer
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    prompted_user,
)
from tests.bot.showdown import typed
from tests.discord_emulator import Channel, DiscordEmulator, Reply, User
from tests.discord_emulator.bots import InProcessBot

ROOT: Final = Path(__file__).resolve().parents[1]
MEDIAN: Final = re.compile(r"^(action|turn end|bid|round end) .*median +([\d.]+) ms", re.M)


def latency(emu: DiscordEmulator, reply: Reply) -> float:
    """Seconds from the interaction's creation to the last request that answered it."""
    record = reply.interaction
    answers = [
        r.answered_at for r in emu.requests if str(record.id) in r.path or record.token in r.path
    ]
    return max(answers) - record.created


def summary(name: str, samples: list[float]) -> str:
    """Median and 99th percentile in milliseconds."""
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"{name:<28} median {statistics.median(ordered) * 1000:6.1f} ms   "
        f"p99 {p99 * 1000:6.1f} ms   ({len(ordered)} commands)"
    )


@dataclass
class Bench:
    """The bot at work against the emulator, with a channel and five people (3 play Lords)."""

    emu: DiscordEmulator
    bot: InProcessBot
    channel: Channel
    users: list[User]


@asynccontextmanager
async def bench() -> AsyncIterator[Bench]:
    """Start the emulator and the real bot on a fresh database; stop both afterwards."""
    emu = DiscordEmulator(settle_time=0.02)
    await emu.start()
    folder = Path(tempfile.mkdtemp(prefix="vegas-bench-"))
    settings = Settings(
        discord_token=emu.token,
        database_path=folder / "vegas.sqlite3",
        discord_api_base=emu.api_base,
        discord_gateway_url=emu.gateway_url,
    )
    bot = InProcessBot(emu, lambda: create_bot(settings, GAMES))
    await bot.start()
    guild = emu.create_guild()
    channel = emu.create_channel(guild, "bench")
    users = [emu.create_user(name, guild=guild) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")]
    try:
        yield Bench(emu, bot, channel, users)
    finally:
        await bot.stop()
        use_discord_endpoints(None, None)
        await emu.close()


async def run(turns: int) -> None:
    """Play `turns` turns of a 3-player game, building when possible, and time the answers."""
    actions: list[float] = []
    turn_ends: list[float] = []
    async with bench() as table:
        emu, channel, users = table.emu, table.channel, table.users[:3]
        await emu.slash(users[0], channel, "lov new")
        for user in users[1:]:
            await emu.slash(user, channel, "lov join")
        reply = await emu.slash(users[0], channel, "lov start")
        user = users[0]
        for _ in range(turns):
            if "wins Lords of Vegas" in reply.content:
                await emu.slash(users[0], channel, "lov new")
                for user in users[1:]:
                    await emu.slash(user, channel, "lov join")
                reply = await emu.slash(users[0], channel, "lov start")
            prompts = decision_prompts(reply.posted)
            if prompts:
                user = prompted_user(prompts[0], users)
                reply = await answer_prompt(emu, prompts[0], user)
                continue
            found = mentioned(reply, users)
            user = found[0] if found else user
            built = await build_something(emu, user, channel)
            if built is not None:
                actions.append(latency(emu, built))
                if decision_prompts(built.posted):
                    reply = built
                    continue
            reply = await emu.slash(user, channel, "lov end")
            turn_ends.append(latency(emu, reply))
    print(summary("action (/lov build)", actions))
    print(summary("turn end (/lov end + image)", turn_ends))
    print("targets: action median <= 50 ms, turn end median <= 150 ms")


async def run_showdown(commands: int, players: int) -> None:
    """Play `commands` commands of Vegas Showdown games of `players` and time the answers."""
    greedy = GreedyPlayer()
    bids: list[float] = []
    round_ends: list[float] = []
    async with bench() as table:
        emu, channel, users = table.emu, table.channel, table.users[:players]
        client = table.bot.client
        assert isinstance(client, VegasHost) and client.store is not None
        store = client.store
        by_color = dict(zip(("red", "blue", "green", "yellow", "purple"), users, strict=False))
        for _ in range(commands):
            game = await store.open_game(channel.id)
            if game is None:
                await emu.slash(users[0], channel, "vs new")
                for user in users[1:]:
                    await emu.slash(user, channel, "vs join")
                await emu.slash(users[0], channel, "vs start")
                continue
            color, action = greedy.next_move(game.state())
            command, options = typed(action)
            reply = await emu.slash(by_color[color], channel, command, **options)
            if any(m.attachments and m.embeds for m in reply.messages):
                round_ends.append(latency(emu, reply))
            elif isinstance(action, Bid):
                bids.append(latency(emu, reply))
    print(summary("bid (/vs bid)", bids))
    print(summary("round end (+ round post)", round_ends))
    print("targets: bid median <= 50 ms, round end median <= 150 ms")


def medians(tree: Path, turns: int, game: str) -> dict[str, float]:
    """Run the benchmark of the code in `tree` in a process of its own; its medians (ms)."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.bot", "--turns", str(turns), "--game", game],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return {kind: float(ms) for kind, ms in MEDIAN.findall(done.stdout)}


def against(rev: str, rounds: int, turns: int, game: str) -> None:
    """Measure this tree and commit `rev` in turns; print both."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tempfile.TemporaryDirectory(prefix="vegas-before-") as folder:
        before = Path(folder)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(before, filter="data")
        runs: dict[str, list[dict[str, float]]] = {rev: [], "this tree": []}
        for number in range(1, rounds + 1):
            for name, tree in ((rev, before), ("this tree", ROOT)):
                found = medians(tree, turns, game)
                runs[name].append(found)
                shown = ", ".join(f"{kind} {ms:.1f} ms" for kind, ms in found.items())
                print(f"round {number}, {name:<12} {shown}", flush=True)
    for kind in runs["this tree"][0]:
        old = statistics.median(run[kind] for run in runs[rev])
        new = statistics.median(run[kind] for run in runs["this tree"])
        change = 100 * (new - old) / old
        print(
            f"{kind:<9} median of rounds: {rev} {old:.1f} ms, "
            f"this tree {new:.1f} ms ({change:+.1f}%)"
        )


def main() -> None:
    """Parse the command line and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--game", choices=list(GAMES), default="lords_of_vegas")
    parser.add_argument("--against", metavar="REV", help="also measure commit REV, in turns")
    parser.add_argument("--rounds", type=int, default=3, help="with --against (default 3)")
    parser.add_argument(
        "--players", type=int, choices=(3, 4, 5), default=3, help="Vegas Showdown's seats"
    )
    args = parser.parse_args()
    if args.against:
        against(args.against, args.rounds, args.turns, args.game)
    elif args.game == "vegas_showdown":
        asyncio.run(run_showdown(args.turns, args.players))
    else:
        asyncio.run(run(args.turns))


if __name__ == "__main__":
    main()
