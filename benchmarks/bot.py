"""How quickly does the bot answer? Prints figures; asserts nothing.

    python -m benchmarks.bot [--turns N]

Runs the real bot in-process against the Discord emulator (real sockets, a real
SQLite file, the real renderer) and measures, for each slash command, the time from
the interaction reaching the bot's gateway to Discord receiving the complete answer:
- an action (`/lov build`), answered with a public line;
- a turn end (`/lov end`), deferred, with the next player's draw and the board image.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path

from bot.app import create_bot
from bot.endpoints import use_discord_endpoints
from bot.games import GAMES
from bot.settings import Settings
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    prompted_user,
)
from tests.discord_emulator import DiscordEmulator, Reply
from tests.discord_emulator.bots import InProcessBot


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


async def run(turns: int) -> None:
    """Play `turns` turns of a 3-player game, building when possible, and time the answers."""
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
    users = [emu.create_user(name, guild=guild) for name in ("Ann", "Ben", "Cat")]
    actions: list[float] = []
    turn_ends: list[float] = []
    try:
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
    finally:
        await bot.stop()
        use_discord_endpoints(None, None)
        await emu.close()
    print(summary("action (/lov build)", actions))
    print(summary("turn end (/lov end + image)", turn_ends))
    print("targets: action median <= 50 ms, turn end median <= 150 ms")


def main() -> None:
    """Parse the command line and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=60)
    args = parser.parse_args()
    asyncio.run(run(args.turns))


if __name__ == "__main__":
    main()
