"""`/vegas`: the games waiting for you across the server, a player's record in the server's
finished games, the leaderboard chart, and the points chart at the end of a game."""

from __future__ import annotations

import io
import re
from collections import Counter

from PIL import Image

from bot.app import VegasHost
from bot.store import Game
from tests.bot.conftest import Table
from tests.bot.players import (
    answer_prompt,
    build_something,
    decision_prompts,
    mentioned,
    next_message,
)
from tests.bot.test_ratings import expected_ratings
from tests.discord_emulator import Channel, Message, User

GAME_OVER = "Lords of Vegas with"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """The size of a valid PNG image (fails on anything else)."""
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size


async def open_game(table: Table, channel: Channel, people: list[User], bots: int = 0) -> Message:
    """People (the first hosts) and `bots` easy computer players start a game; the start post."""
    emu = table.emu
    await emu.slash(people[0], channel, "lov new")
    for person in people[1:]:
        await emu.slash(person, channel, "lov join")
    for _ in range(bots):
        await emu.slash(people[0], channel, "lov addbot", level="easy")
    started = await emu.slash(people[0], channel, "lov start")
    assert started.message is not None
    return started.message


async def play_to_the_end(table: Table, channel: Channel, people: list[User]) -> Message:
    """Play the people's turns (build something, end) and decisions until the game is over."""
    emu = table.emu
    seen = 0
    for _ in range(500):
        message, seen = await next_message(
            emu,
            channel,
            lambda m: GAME_OVER in m.content or bool(mentioned(m, people)),
            seen,
        )
        if GAME_OVER in message.content:
            return message
        [person] = mentioned(message, people)[:1]
        if decision_prompts([message]):
            await answer_prompt(emu, message, person)
        elif "it is your turn" in message.content:
            await build_something(emu, person, channel)
            for _ in range(3):  # a computer may still be answering something
                if not (await emu.slash(person, channel, "lov end")).ephemeral:
                    break
                await emu.settle()
    raise AssertionError("the game did not end")


def field(message: Message, name: str) -> str:
    [embed] = message.embeds
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


def seat_color(game: Game, user: User) -> str:
    return next(seat.color for seat in game.seats if seat.user_id == user.id)


async def test_mygames_lists_the_games_waiting_for_you_in_this_server(
    table: Table, vegas: VegasHost
) -> None:
    emu = table.emu
    alice, bob, carol = table.alice, table.bob, table.carol
    first = await open_game(table, table.channel, [alice, bob])
    [mover] = mentioned(first, [alice, bob])
    second = await open_game(table, table.other_channel, [alice, carol])
    [other_mover] = mentioned(second, [alice, carol])
    if other_mover is alice:  # so that this table waits for Carol
        await emu.slash(alice, table.other_channel, "lov end")
    # A game in another server does not show.
    elsewhere = emu.create_guild("Elsewhere")
    emu.add_member(elsewhere, alice)
    emu.add_member(elsewhere, table.dave)
    far = emu.create_channel(elsewhere, "far-table")
    await open_game(table, far, [alice, table.dave])

    listed = await emu.slash(alice, table.other_channel, "vegas mygames")
    assert listed.ephemeral
    assert vegas.store is not None
    here = await vegas.store.open_game(table.channel.id)
    assert here is not None
    game_id = here.id
    others = field(listed, "Waiting for others")
    if mover is alice:
        assert f"<#{table.channel.id}> (game {game_id}, you play red): your turn (turn 1)" in field(
            listed, "Waiting for you"
        )
        assert listed.content.startswith("1 game waiting")
    else:
        assert f"<#{table.channel.id}>" in others and "waiting for Bob" in others
        assert listed.content.startswith("0 games waiting")
    assert f"<#{table.other_channel.id}>" in others and "waiting for Carol" in others
    assert f"<#{far.id}>" not in str(listed.embeds)

    carols = await emu.slash(carol, table.channel, "vegas mygames")
    assert f"<#{table.other_channel.id}>" in field(carols, "Waiting for you")
    assert f"<#{table.channel.id}>" not in str(carols.embeds)
    nobody = await emu.slash(table.mod, table.channel, "vegas mygames")
    assert nobody.ephemeral and "not playing" in nobody.content


async def test_stats_and_leaderboard_after_finished_games(table: Table, vegas: VegasHost) -> None:
    emu = table.emu
    alice, bob = table.alice, table.bob
    assert vegas.store is not None
    empty = await emu.slash(alice, table.channel, "vegas leaderboard")
    assert "Nobody has finished" in empty.content

    await open_game(table, table.channel, [alice, bob], bots=1)
    ending = await play_to_the_end(table, table.channel, [alice, bob])
    assert png_size(ending.attachment("points.png").data) == (960, 540)
    assert ending.attachment("board.png").data.startswith(PNG_SIGNATURE)
    await open_game(table, table.other_channel, [alice], bots=1)
    ending = await play_to_the_end(table, table.other_channel, [alice])
    assert png_size(ending.attachment("points.png").data) == (960, 540)

    finished = await vegas.store.finished_games(limit=None)
    assert len(finished) == 2
    results: dict[int, list[tuple[int, bool]]] = {alice.id: [], bob.id: []}
    built: Counter[str] = Counter()
    for game in finished:
        state = game.state()
        for person, scores in results.items():
            seat = next((s for s in game.seats if s.user_id == person), None)
            if seat is not None:
                player = state.player(seat.color)
                scores.append((player.points, seat.color in state.winners))
        _, moves = await vegas.store.game_and_moves(game.id)
        # Alice only ever builds (never sprawls or remodels), so her log tells her companies.
        prefix = f"{seat_color(game, alice)}: build "
        built.update(m.command.split()[-1] for m in moves if m.command.startswith(prefix))

    mine = await emu.slash(alice, table.channel, "vegas stats")
    assert not mine.ephemeral
    alice_scores = results[alice.id]
    assert field(mine, "Games") == "2"
    wins = sum(won for _, won in alice_scores)
    assert field(mine, "Wins").startswith(f"{wins} (")
    average = sum(points for points, _ in alice_scores) / 2
    assert field(mine, "Average points") == f"{average:.1f}"
    assert field(mine, "Best") == f"{max(points for points, _ in alice_scores)} points"
    liked = field(mine, "Favourite company")
    shown = re.fullmatch(r"(\w+) \((\d+) tiles? built\)", liked)
    assert shown is not None
    assert int(shown.group(2)) == built[shown.group(1).lower()] == max(built.values())

    bobs = await emu.slash(alice, table.channel, "vegas stats", player=bob)
    assert field(bobs, "Games") == "1"
    assert field(bobs, "Best") == f"{results[bob.id][0][0]} points"
    carols = await emu.slash(alice, table.channel, "vegas stats", player=table.carol)
    assert "has not finished a game" in carols.content

    board = await emu.slash(bob, table.channel, "vegas leaderboard")
    assert not board.ephemeral
    assert board.message is not None
    width, height = png_size(board.message.attachment("leaderboard.png").data)
    assert width == 960 and height > 100
    # Ranked by rating, from three rated games on: Alice has two, Bob one, so both are
    # listed below, by rating, as not ranked yet; the computer level has its own line.
    [embed] = board.embeds
    assert embed["description"] == "Nobody has 3 rated games here yet."
    expected = expected_ratings(sorted(finished, key=lambda g: (g.ended_at or "", g.id)))
    ordinal = {name: mu - 3 * sigma for name, (mu, sigma) in expected.items()}
    people = {"Alice": f"user {alice.id}", "Bob": f"user {bob.id}"}
    waiting = field(board, "Not ranked yet (fewer than 3 games)").splitlines()
    assert [line.split("**")[1] for line in waiting] == sorted(
        people, key=lambda name: -ordinal[people[name]]
    )
    assert (
        f"rating {ordinal[people['Alice']]:.1f} (2 rated games)"
        in waiting[[line.split("**")[1] for line in waiting].index("Alice")]
    )
    assert field(board, "Computer players").startswith(f"easy computer: {ordinal['easy']:.1f}")
    mu, sigma = expected[people["Alice"]]
    assert (
        field(mine, "Rating")
        == f"{mu - 3 * sigma:.1f} (skill {mu:.1f} ± {3 * sigma:.1f}, 2 rated games)"
    )
    assert field(mine, "Trend") == f"{mu - 3 * sigma:+.1f} over the last 2 games"
    assert re.fullmatch(r"\d+ s", field(mine, "Median time per move"))
