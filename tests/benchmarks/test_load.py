"""The load benchmark runs against the real bot process and reports every figure it promises.

A few seconds at a small level: it checks that the report is complete and consistent,
never how fast anything was.
"""

from __future__ import annotations

import asyncio

import pytest

from benchmarks.load import print_report, report, run_level
from tests.postgres import PostgresServer

FIGURES = ("median", "p90", "p99", "max")
FIELDS = {
    "channels",
    "mode",
    "database",
    "processes",
    "think",
    "seconds",
    "commands",
    "commands_per_second",
    "overall",
    "by_kind",
    "opening",
    "bot_cpu_ms_per_command",
    "bot_main_process_cpu_ms_per_command",
    "bot_cpu_share_of_one_core",
    "database_cpu_ms_per_command",
    "bot_rss_mib",
    "bot_peak_rss_mib",
    "bot_requests_per_command",
    "driver_cpu_share_of_one_core",
    "failed",
    "late",
    "lost",
}


def check_latencies(figures: dict[str, object]) -> None:
    """A latency entry: a count, and the four figures of acknowledgement and complete answer."""
    assert isinstance(figures["count"], int)
    for part in ("acknowledged_ms", "complete_ms"):
        found = figures[part]
        assert isinstance(found, dict) and set(found) == set(FIGURES)
        assert all(value >= 0 for value in found.values())
        assert found["median"] <= found["p99"] <= found["max"]


async def test_a_short_run_of_both_games_reports_every_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    level = await run_level(channels=4, seconds=4.0, ramp=1.0, showdown_share=0.5)
    found = report(level)

    assert set(found) >= FIELDS
    assert found["database"] == "sqlite" and found["processes"] == 1
    assert found["database_cpu_ms_per_command"] is None  # SQLite runs inside the bot
    assert found["channels"] == 4 and found["mode"] == "ramp 1 s"
    assert found["commands"] == found["overall"]["count"] > 0
    assert found["commands_per_second"] > 0
    check_latencies(found["overall"])
    check_latencies(found["opening"])
    # Both games were played: their tables opened, and each started (every table opens
    # within the ramp, and a table that begins opening finishes, whatever the timing).
    for game in ("lov", "vs"):
        for step in ("new", "join", "start"):
            check_latencies(found["by_kind"][f"{game} {step}"])
    assert found["bot_cpu_ms_per_command"] >= found["bot_main_process_cpu_ms_per_command"] > 0
    assert found["bot_rss_mib"] > 0 and found["bot_peak_rss_mib"] > 0
    assert found["bot_requests_per_command"] > 0
    assert found["failed"] >= 0 and found["late"] >= 0 and found["lost"] >= 0

    print_report(found)
    printed = capsys.readouterr().out
    assert "4 channels, ramp 1 s" in printed and "lov start" in printed


async def test_two_processes_on_postgresql_share_the_channels_and_answer_every_command(
    postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    level = await run_level(
        channels=4,
        seconds=4.0,
        ramp=1.0,
        showdown_share=0.5,
        postgres=postgres_server,
        processes=2,
        channels_per_guild=1,
    )
    found = report(level)

    assert set(found) >= FIELDS
    assert (found["database"], found["processes"], found["think"]) == ("postgresql", 2, "0.5-2 s")
    assert found["commands"] == found["overall"]["count"] > 0
    check_latencies(found["overall"])
    # One channel per guild, the guilds dealt to shards 0 and 1 in turn, every second
    # channel Vegas Showdown: Lords of Vegas is played in shard 0's guilds, Vegas Showdown
    # in shard 1's. Both were started: both processes answered.
    for game in ("lov", "vs"):
        check_latencies(found["by_kind"][f"{game} start"])
    assert found["bot_cpu_ms_per_command"] >= found["bot_main_process_cpu_ms_per_command"] > 0
    assert found["bot_rss_mib"] > 0 and found["bot_peak_rss_mib"] > 0
    if postgres_server.folder is not None:  # a server the tests started: its CPU is read
        assert found["database_cpu_ms_per_command"] > 0
    # Nothing failed, nothing was lost: every command got its whole answer.
    assert found["failed"] == 0 and found["lost"] == 0
    assert all(sample.complete is not None for sample in level.samples)

    print_report(found)
    assert "postgresql, 2 process(es)" in capsys.readouterr().out


def test_several_processes_need_postgresql() -> None:
    with pytest.raises(ValueError, match="use --database postgresql"):
        asyncio.run(run_level(channels=2, seconds=1.0, ramp=0.0, processes=2))
