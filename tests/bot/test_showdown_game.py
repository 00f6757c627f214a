"""Whole Vegas Showdown games, from `/vs new` to the final post, by slash commands and buttons.

The moves are the engine's greedy player's (read from the saved game), typed as a player
would type them; every round gets one post with its picture (the very picture of that
round's state), the end one final post. Three, four and five players. Then the ended game
stays readable, exports its full record, and counts in `/vegas stats`.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from bot.app import VegasHost
from bot.posts import ANIMATION_FILE, plain_names
from engine.vegas_showdown import GameRecord
from engine.vegas_showdown.events import GameOver
from render.vegas_showdown import render_round
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.showdown import (
    WholeGame,
    assert_round_pictures,
    open_prompts,
    play_whole_game,
    round_posts,
    the_game,
)
from tests.discord_emulator import User

SEED = 5


async def check_the_posts(
    table: Table, vegas: VegasHost, game: WholeGame, players: list[User]
) -> None:
    """One post per round, each with that round's picture, then the final post."""
    emu, channel, state = table.emu, table.channel, game.state
    # A Pull Strings choice's news shows the new tile too, without a story (no embed).
    pictures = round_posts(emu, table)
    # An empty premier stack ends the game as its last round begins: no post of its own.
    played = state.round - 1 if state.end_reason == "stack_empty" else state.round
    titles = [m.embeds[0]["title"] for m in pictures]
    assert titles[0] == "Vegas Showdown begins" and titles[-1] == "Game over"
    assert titles[1:-1] == [f"Round {n} is over: round {n + 1} begins" for n in range(1, played)]
    # Each event card drawn is told with what it does (or the next line tells it).
    for post in pictures:
        lines = post.embeds[0]["description"].splitlines()
        for line, after in zip(lines, [*lines[1:], ""], strict=True):
            if line.startswith("Event card for "):
                name = line.split("**")[1]
                assert not line.endswith(("stack).", "**.")) or after.startswith(name), line
    names = plain_names(await the_game(vegas, table))
    states = [game.at_round[n] for n in range(1, played + 1)] + [state]
    for post, at in zip(pictures, states, strict=True):
        assert_round_pictures(post, at, names, final=post is pictures[-1])
    final = pictures[-1]
    assert final.content.startswith("🏆 Game over (")
    # Its animated recap: one frame per round post, each that round's whole picture (what
    # `/vs board` showed then; the final post attaches the last one).
    wholes = [render_round(at, names=names) for at in states[:-1]]
    wholes.append(final.attachment("round.png").data)
    with Image.open(io.BytesIO(final.attachment(ANIMATION_FILE).data)) as recap:
        assert recap.format == "GIF" and recap.n_frames == len(pictures)
        for index, whole in enumerate(wholes):
            recap.seek(index)
            with Image.open(io.BytesIO(whole)) as posted:
                # (The final picture is the tallest: the others sit at the frame's top.)
                shown = recap.convert("RGB").crop((0, 0, *posted.size))
                assert shown.tobytes() == posted.convert("RGB").tobytes()
    assert {u.id for u in mentioned(final, players)} == {p.id for p in players}
    fields = final.embeds[0]["fields"]
    assert [f["name"].split(".")[0] for f in fields] == [str(n) for n in range(1, len(players) + 1)]
    for (
        field
    ) in fields:  # `1. Ann (red): 61 Fame, $1`, `Final scoring: 34 Fame before, then +5 ...`
        fame = int(field["name"].split(": ")[1].split()[0])
        assert field["value"].startswith("Final scoring: ") and " Fame before, " in field["value"]
        before = int(field["value"].split()[2])
        assert before + sum(int(n) for n in re.findall(r"\+(\d+) ", field["value"])) == fame
    await emu.wait_until(
        lambda: open_prompts(emu.history(channel)) == [], 10.0, "the prompts to close"
    )


async def test_a_whole_game_by_typed_commands(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    game = await play_whole_game(table, vegas, players, SEED)
    assert game.pulled and game.chosen  # Pull Strings buttons, placements from the menus
    await check_the_posts(table, vegas, game, players)

    # The ended game: readable, the full record with its seed, its stats.
    exported = await emu.slash(table.dave, channel, "vs export")
    assert exported.ephemeral and "full record" in exported.content
    record = GameRecord.model_validate(json.loads(exported.attachments[0].data))
    assert record.settings.seed == SEED
    replayed, events = record.replay()
    assert replayed == (await the_game(vegas, table)).state() and isinstance(events[-1], GameOver)
    for command, options in (("vs publicity", {}), ("vs place", {"tile": "slots", "where": "1"})):
        refused = await emu.slash(table.alice, channel, command, **options)
        assert refused.ephemeral and refused.content.startswith("The game is over:"), command
        assert "`/vs status`, `/vs board`, `/vs sheet`, `/vs log` and `/vs export` still show" in (
            refused.content
        )
    # Its sheets are still offered by name; its status tells no action still to choose.
    seats = await emu.autocomplete(table.dave, channel, "vs sheet", "player", typed="bo")
    assert seats == [{"name": "Bob (blue)", "value": "blue"}]
    status = await emu.slash(table.dave, channel, "vs status")
    assert "Action" not in str(status.embeds[0]["fields"])
    result = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}["Result"]
    assert result.endswith(" won.") and "Waiting for" not in str(status.embeds[0]["fields"])
    stats = await emu.slash(table.alice, channel, "vegas stats", game="vegas_showdown")
    names = [f["name"] for f in stats.embeds[0]["fields"]]
    assert "Average Fame" in names and stats.embeds[0]["title"] == "Alice at Vegas Showdown"
    best = await emu.slash(table.dave, channel, "vegas leaderboard", game="vegas_showdown")
    [embed] = best.embeds
    provisional = next(f["value"] for f in embed["fields"] if f["name"].startswith("Not ranked"))
    assert "1 won, 60.0 Fame on average, best 60" in provisional
    board = await emu.slash(table.dave, channel, "vs board")
    assert board.embeds[0]["title"].startswith("Final picture")


@pytest.mark.parametrize(("count", "seed"), [(4, 3), (5, 2)])
async def test_four_and_five_players_play_a_whole_game(
    table: Table, vegas: VegasHost, count: int, seed: int
) -> None:
    erin = table.emu.create_user("Erin", guild=table.guild)
    players = [table.alice, table.bob, table.carol, table.dave, erin][:count]
    game = await play_whole_game(table, vegas, players, seed)
    assert len(game.state.players) == count and game.pulled and game.chosen
    await check_the_posts(table, vegas, game, players)
