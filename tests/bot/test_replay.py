"""`/vegas replay`: step through a game privately, across a restart, the asker's alone."""

from __future__ import annotations

import io
import json

from PIL import Image

from bot.app import VegasHost, create_bot
from bot.clock import ManualClock
from bot.games import GAMES
from bot.posts import ANIMATION_FILE
from bot.replay import LIBRARY, REPLAY_FILE
from engine.lords_of_vegas import GameRecord, GameState
from engine.lords_of_vegas.record import public_state
from engine.lords_of_vegas.rng import Rng
from tests.bot.conftest import TEST_SEED, Table
from tests.bot.players import mentioned
from tests.bot.test_server_commands import open_game, play_to_the_end
from tests.discord_emulator import DiscordEmulator, Message, Reply, User
from tests.discord_emulator.fixtures import RunBot


def button(message: Message, slot: str) -> str:
    [custom_id] = [c for c in message.custom_ids if c.endswith(f":{slot}")]
    return custom_id


def step_of(message: Message) -> tuple[int, int]:
    """(step, last step) as the replay's first line says them."""
    words = message.content.split("move ", 1)[1].split(",", 1)[0].split(" of ")
    return int(words[0]), int(words[1])


def answer(reply: Reply) -> Message:
    """The message a deferred command was answered with."""
    message = reply.followups[0] if reply.followups else reply.message
    assert message is not None
    return message


def rgb(png: bytes) -> bytes:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB").tobytes()


def gif_frames(gif: bytes) -> list[bytes]:
    """Every frame of a GIF as RGB pixels (Pillow opens it: a valid GIF)."""
    frames = []
    with Image.open(io.BytesIO(gif)) as animation:
        assert animation.format == "GIF"
        for index in range(animation.n_frames):
            animation.seek(index)
            frames.append(animation.convert("RGB").tobytes())
    return frames


def is_in_order(pictures: list[bytes], frames: list[bytes]) -> bool:
    """Whether every picture is a frame, in the frames' order."""
    rest = iter(frames)
    return all(any(picture == frame for frame in rest) for picture in pictures)


def turn_at(record: GameRecord, step: int) -> int:
    return record.replay(step)[0].turn


async def step_to(
    emu: DiscordEmulator, user: User, message: Message, slot: str, step: int, value: int = -1
) -> None:
    """Click a replay button (or choose `value` in its menu) and wait for `step` to show."""
    if slot == "menu":
        await emu.select(user, message, button(message, slot), [str(value)])
    else:
        await emu.click(user, message, button(message, slot))
    await emu.wait_until(lambda: step_of(message)[0] == step, 30, f"replay step {step}")


def board(hosted_game: object, state: GameState) -> bytes:
    return GAMES["lords_of_vegas"].picture(hosted_game, state)  # type: ignore[arg-type, return-value]


async def test_a_finished_game_is_browsed_back_and_forth_across_a_restart(
    table: Table, run_bot: RunBot, clock: ManualClock
) -> None:
    emu, channel = table.emu, table.channel
    bot = await run_bot(lambda: create_bot(table.settings(), GAMES, clock=clock))
    assert isinstance(bot.client, VegasHost) and bot.client.tables is not None
    bot.client.tables.new_seed = lambda: TEST_SEED
    alice, bob = table.alice, table.bob
    await open_game(table, channel, [alice, bob], bots=1)
    ending = await play_to_the_end(table, channel, [alice, bob])
    store = bot.client.tables.store
    [game] = await store.finished_games(limit=None)
    _, moves = await store.game_and_moves(game.id)
    record = GameRecord(settings=game.settings(), commands=[m.command for m in moves])

    # The final post carries the animated recap: a frame per turn, then the end, each the
    # picture the channel was shown.
    gif = ending.attachment(ANIMATION_FILE).data
    assert len(gif) < 8 * 1024 * 1024
    frames = gif_frames(gif)
    starts = [0] + [
        i for i in range(1, len(moves) + 1) if turn_at(record, i) != turn_at(record, i - 1)
    ]
    assert len(frames) == len({*starts, len(moves)})
    posted = [
        rgb(m.attachment("board.png").data)
        for m in emu.history(channel)
        if any(a.filename == "board.png" for a in m.attachments)
    ]
    assert len(posted) >= 3 and posted[-1] == frames[-1]
    assert is_in_order(posted, frames)
    again = await emu.slash(bob, channel, "vegas replay", format="animation")
    assert again.ephemeral and answer(again).attachment(ANIMATION_FILE).data == gif

    opened = await emu.slash(alice, channel, "vegas replay")
    assert opened.ephemeral
    shown = opened.followups[0] if opened.followups else opened.message
    assert shown is not None
    assert shown.content.startswith(f"**Replay of game {game.id}** (Lords of Vegas): ")
    assert step_of(shown) == (len(moves), len(moves))
    # The last step is the final board, as posted in the channel at the end.
    assert shown.attachment(REPLAY_FILE).data == ending.attachment("board.png").data

    await step_to(emu, alice, shown, "back", len(moves) - 1)
    assert step_of(shown) == (len(moves) - 1, len(moves))
    assert f"`{moves[-1].command}`" not in shown.content
    assert f"`{moves[-2].command}`" in shown.content
    state, _ = record.replay(len(moves) - 1)
    assert shown.attachment(REPLAY_FILE).data == board(game, state)

    # The bot restarts (and forgets what it replayed): the buttons still work.
    await bot.restart()
    assert isinstance(bot.client, VegasHost)
    LIBRARY.clear()
    await step_to(emu, alice, shown, "first", 0)
    assert step_of(shown) == (0, len(moves)) and "set up" in shown.content
    await step_to(emu, alice, shown, "next", 1)
    assert step_of(shown) == (1, len(moves)) and f"`{moves[0].command}`" in shown.content
    state, _ = record.replay(1)
    assert shown.attachment(REPLAY_FILE).data == board(game, state)
    # The menu jumps to a turn's first move.
    turn_three = next(i for i in range(len(moves) + 1) if record.replay(i)[0].turn == 3)
    await step_to(emu, alice, shown, "menu", turn_three, turn_three)
    assert step_of(shown) == (turn_three, len(moves)) and ", turn 3." in shown.content
    await step_to(emu, alice, shown, "last", len(moves))
    assert step_of(shown) == (len(moves), len(moves))

    # Shown to the channel, it is still Alice's to step through.
    public = await emu.slash(alice, channel, "vegas replay", game=game.id, public=True)
    posted = public.followups[0] if public.followups else public.message
    assert posted is not None and not posted.ephemeral
    refused = await emu.click(bob, posted, button(posted, "first"))
    assert refused.ephemeral and "belongs to" in refused.content
    assert step_of(posted) == (len(moves), len(moves))


async def test_a_game_under_way_is_replayed_only_as_the_table_saw_it(
    table: Table, vegas: VegasHost
) -> None:
    emu, channel = table.emu, table.channel
    first = await open_game(table, channel, [table.alice, table.bob])
    [mover] = mentioned(first, [table.alice, table.bob])
    await emu.slash(mover, channel, "lov end")
    assert vegas.tables is not None
    game = await vegas.tables.store.open_game(channel.id)
    assert game is not None
    _, moves = await vegas.tables.store.game_and_moves(game.id)
    other: User = table.bob if mover is table.alice else table.alice
    opened = await emu.slash(other, channel, "vegas replay")
    shown = opened.followups[0] if opened.followups else opened.message
    assert shown is not None and shown.ephemeral
    assert "under way: as the table saw it so far" in shown.content
    assert step_of(shown) == (len(moves), len(moves))
    # Its picture is the public state's, which a game with other cards and dice to come
    # shares: nothing hidden shows.
    state = game.state()
    twin = state.model_copy(deep=True)
    twin.deck = list(reversed(twin.deck))
    twin.rng = Rng.seeded(12345)
    assert public_state(twin) == public_state(state)
    assert shown.attachment(REPLAY_FILE).data == board(game, public_state(twin))
    text = json.dumps(shown.content)
    assert str(TEST_SEED) not in text
    # There is nothing after now to step to.
    assert button(shown, "last") in shown.custom_ids
    assert shown.component(button(shown, "next"))["disabled"] is True  # type: ignore[index]

    stranger = await emu.slash(table.carol, channel, "vegas replay", game=9999)
    assert stranger.ephemeral and "no game 9999" in stranger.content
