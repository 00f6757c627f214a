"""Pictures drawn in worker processes (`bot.drawing`): posts keep their order in a channel,
and a bot killed while drawing posts each turn's picture exactly once after a restart."""

from __future__ import annotations

import asyncio
import os
import pickle
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import drawing
from bot.app import VegasHost
from bot.games import GAMES
from engine.lords_of_vegas.randomplay import play_random_game
from engine.vegas_showdown.randomplay import play_game
from tests.bot import worker_jobs
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.test_news import assert_saved_and_posted, other, turn_posts
from tests.bot.test_robustness import open_table
from tests.discord_emulator.bots import children
from tests.discord_emulator.fixtures import SpawnBot


def whole_game_states(kind: str) -> Iterator[Any]:
    """About 60 states of one random three-player game of `kind`, from start to end."""
    record: Any
    if kind == "lords_of_vegas":
        _, record = play_random_game(["red", "blue", "green"], seed=5)
    else:
        _, record = play_game(["red", "yellow", "green"], seed=5)
    step = max(1, len(record.commands) // 60)
    for upto in [*range(0, len(record.commands), step), len(record.commands)]:
        yield record.replay(upto)[0]


def running(pid: int) -> bool:
    """Whether the process exists and has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def test_pictures_are_drawn_in_a_worker_process(table: Table, vegas: VegasHost) -> None:
    assert vegas.settings.render_processes == 1
    assert drawing.WORKERS.processes == 1
    worker_pid = await drawing.draw(os.getpid)

    assert worker_pid != os.getpid()
    assert worker_pid in children(os.getpid())


async def test_a_stored_game_is_worked_on_in_a_worker_as_in_the_bot(
    table: Table, vegas: VegasHost
) -> None:
    # Computer moves, hints, replays and recaps take the stored game to a worker: it
    # travels with its engine (a module, sent by name) and gives the same answer there.
    await open_table(table, table.channel, table.alice, table.bob)
    assert vegas.store is not None
    game = await vegas.store.open_game(table.channel.id)
    assert game is not None
    hosted = vegas.games.of(game)
    state = game.state()
    color = hosted.rules.waiting_for(state)[0]
    here = hosted.computer_move(game, state, color, 1)

    there = await drawing.draw(hosted.computer_move, game, game.state(), color, 1)

    assert there == here
    assert await drawing.draw(hosted.picture, game, state) == hosted.picture(game, state)


async def test_two_turn_ends_post_in_order_when_the_first_picture_is_slower(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    first = await open_table(table, channel, table.alice, table.bob)
    second = other(table, first)
    # The only worker is busy for a while (another channel's big picture, say): the first
    # turn's picture waits for it, and meanwhile the second turn ends too.
    busy = asyncio.create_task(drawing.draw(time.sleep, 1.0))
    ending = await emu.send_slash(first, channel, "lov end")
    await emu.wait_until(lambda: ending.acknowledged, 10, "the first turn end to be taken")
    closing = await emu.send_slash(second, channel, "lov end")
    await asyncio.wait_for(closing.answered.wait(), 20)
    await asyncio.wait_for(ending.answered.wait(), 20)
    await busy

    # The second turn was taken while the first turn's picture was still being drawn.
    assert closing.acknowledged_at is not None and ending.completed_at is not None
    assert closing.acknowledged_at < ending.completed_at
    [turn_two] = turn_posts(table, 2)
    [turn_three] = turn_posts(table, 3)
    assert turn_two is ending.original and turn_three is closing.original
    assert turn_two.id < turn_three.id
    assert turn_two.attachment("board.png").data and turn_three.attachment("board.png").data
    assert mentioned(turn_two, [table.alice, table.bob]) == [second]
    assert mentioned(turn_three, [table.alice, table.bob]) == [first]


async def test_a_bot_killed_while_drawing_posts_the_turn_once_and_leaves_no_worker(
    table: Table, spawn_bot: SpawnBot
) -> None:
    emu, channel = table.emu, table.channel
    bot = await spawn_bot("-m", "bot", env={"DATABASE_PATH": str(table.database)})
    current = await open_table(table, channel, table.alice, table.bob)
    assert bot.pid is not None
    workers = children(bot.pid)
    assert workers  # the drawing worker, started with the bot

    # The turn ends; the move is saved and acknowledged ("thinking..."), and the bot is
    # killed while the board is being drawn (or just after).
    ending = await emu.send_slash(current, channel, "lov end")
    await emu.wait_until(lambda: ending.acknowledged, 10, "the turn end to be taken")
    await bot.kill()
    # The killed bot's workers find their pipe closed and exit.
    await emu.wait_until(
        lambda: not any(running(pid) for pid in workers), 20, "the workers to exit"
    )
    await bot.start()
    await asyncio.wait_for(ending.answered.wait(), 30)
    await emu.settle()

    [post] = turn_posts(table, 2)
    assert post.attachment("board.png").data
    assert mentioned(post, [table.alice, table.bob]) == [other(table, current)]
    await assert_saved_and_posted(table, moves=1)


# A bot that starts its drawing worker and dies at once, before the worker is up.
DIES_AT_ONCE = """
import os
import sys
from bot import drawing
drawing.configure(1, preload=("bot.games",))
print(*drawing.WORKERS.pids(), flush=True)
os._exit(0)
"""


async def test_a_bot_killed_while_its_worker_starts_leaves_no_worker() -> None:
    root = Path(__file__).resolve().parents[2]
    bot = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        DIES_AT_ONCE,
        cwd=root,
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert bot.stdout is not None
    workers = [int(pid) for pid in (await bot.stdout.readline()).split()]
    await bot.wait()
    assert workers
    # The worker was told which process is its bot; it sees it gone and exits.
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while any(running(pid) for pid in workers):
        assert loop.time() < deadline, "a worker outlived its bot"
        await asyncio.sleep(0.1)


async def test_a_worker_killed_during_a_job_is_replaced_and_the_job_done_again_once(
    tmp_path: Path,
) -> None:
    drawing.configure(1)
    before = await drawing.draw(os.getpid)
    mark = tmp_path / "died"

    pid = await drawing.draw(worker_jobs.dies_the_first_time, mark)

    assert int(mark.read_text()) == before  # the first worker took the job, and died
    assert pid != before and pid in drawing.WORKERS.pids()
    assert await drawing.draw(os.getpid) == pid  # the new worker goes on working


async def test_a_job_that_fails_raises_its_error_in_the_bot_and_the_worker_goes_on() -> None:
    drawing.configure(1)
    pid = await drawing.draw(os.getpid)

    with pytest.raises(ValueError, match="no such lot") as raised:
        await drawing.draw(worker_jobs.fails, "no such lot")

    assert any("In the drawing worker" in note for note in raised.value.__notes__)
    assert await drawing.draw(os.getpid) == pid


async def test_a_cancelled_job_leaves_its_answer_to_nobody_else() -> None:
    drawing.configure(1)
    first = asyncio.create_task(drawing.draw(worker_jobs.later, 0.3, "first"))
    second = asyncio.create_task(drawing.draw(worker_jobs.same, "second"))
    await asyncio.sleep(0.1)
    first.cancel()

    # The worker still answers the cancelled job; that answer goes nowhere, and each
    # later job gets its own.
    assert await second == "second"
    assert await drawing.draw(worker_jobs.same, "third") == "third"
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_jobs_waiting_for_the_worker_are_taken_in_order_each_with_its_own_answer() -> None:
    drawing.configure(1)
    finished: list[int] = []

    async def job(number: int) -> int:
        answer = await drawing.draw(worker_jobs.later, 0.01, number)
        finished.append(number)
        return answer

    answers = await asyncio.gather(*(job(number) for number in range(20)))

    assert answers == list(range(20))
    assert finished == list(range(20))


@pytest.mark.parametrize("kind", ["lords_of_vegas", "vegas_showdown"])
def test_game_states_reach_the_workers_as_they_are(kind: str) -> None:
    # States travel as their JSON (bot.drawing.dumps): what arrives equals what was sent,
    # at every point of a whole game.
    rules = GAMES.kinds()[kind].rules
    states = list(whole_game_states(kind))
    assert len(states) > 50

    for state in states:
        arrived = pickle.loads(drawing.dumps(state))
        assert type(arrived) is type(state)
        assert arrived == state
        assert arrived.model_dump_json() == state.model_dump_json()
    assert rules.GameState is type(states[0])


async def test_a_job_larger_than_the_socket_takes_at_once_goes_and_comes_back_whole() -> None:
    drawing.configure(1)
    big = bytes(range(256)) * 40_000  # 10 MiB: sent and answered in many pieces

    assert await drawing.draw(worker_jobs.same, big) == big
    assert await drawing.draw(worker_jobs.same, "small") == "small"


async def test_two_workers_draw_two_jobs_at_once() -> None:
    drawing.configure(2)
    try:
        pids = set(drawing.WORKERS.pids())
        assert len(pids) == 2

        jobs = [drawing.draw(worker_jobs.pid_after, 0.5) for _ in range(4)]
        answers = await asyncio.gather(*jobs)

        assert set(answers) == pids  # both took jobs: none waited for the other's queue
    finally:
        drawing.configure(1)
