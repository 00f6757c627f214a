"""A whole Vegas Showdown game, from `/vs new` to the final post, by typed slash commands.

The moves are the engine's greedy player's (read from the saved game), typed as a player
would type them; every round gets one post with its picture, the end one final post.
Then the ended game stays readable, exports its full record, and counts in `/vegas stats`.
"""

from __future__ import annotations

import json

from bot.app import VegasHost
from engine.vegas_showdown import GameRecord
from engine.vegas_showdown.actions import ChooseStack
from engine.vegas_showdown.events import GameOver
from engine.vegas_showdown.greedy import GreedyPlayer
from tests.bot.conftest import Table
from tests.bot.players import mentioned
from tests.bot.showdown import open_prompts, open_showdown, prompt_for, the_game, typed
from tests.discord_emulator import Reply, User

SEED = 5


async def test_a_whole_game_by_typed_commands(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    by_color: dict[str, User] = {"red": table.alice, "blue": table.bob, "green": table.carol}
    await open_showdown(table, vegas, players, SEED)
    greedy = GreedyPlayer()
    last: Reply | None = None
    pulled = 0
    for _ in range(1000):
        game = await the_game(vegas, table)
        state = game.state()
        if state.over:
            break
        color, action = greedy.next_move(state)
        if isinstance(action, ChooseStack):  # Pull Strings: the prompt's buttons
            prompt = await prompt_for(emu, table, by_color[color])
            size = next(c for c in prompt.custom_ids if c.endswith(f":{action.size}"))
            last = await emu.click(by_color[color], prompt, size)
            pulled += 1
            continue
        command, options = typed(action)
        last = await emu.slash(by_color[color], channel, command, **options)
        assert not (last.ephemeral and last.message and "breaks" in last.content), last.content
    else:
        raise AssertionError("the game did not end")
    assert last is not None and pulled  # this game has Pull Strings

    # One post with the round picture per round, then the final one (a Pull Strings
    # choice's news shows the new tile too, without a story).
    pictures = [m for m in emu.history(channel) if m.attachments and m.embeds]
    # An empty premier stack ends the game as its last round begins: no post of its own.
    played = state.round - 1 if state.end_reason == "stack_empty" else state.round
    titles = [m.embeds[0]["title"] for m in pictures]
    assert titles[0] == "Vegas Showdown begins" and titles[-1] == "Game over"
    assert titles[1:-1] == [f"Round {n} is over: round {n + 1} begins" for n in range(1, played)]
    final = pictures[-1]
    assert final.content.startswith("🏆 Game over (")
    assert {u.id for u in mentioned(final, players)} == {p.id for p in players}
    fields = final.embeds[0]["fields"]
    assert [f["name"].split(".")[0] for f in fields] == ["1", "2", "3"]
    assert all(f["value"].startswith("Final scoring: ") for f in fields)
    await emu.wait_until(
        lambda: open_prompts(emu.history(channel)) == [], 10.0, "the prompts to close"
    )

    # The ended game: readable, the full record, its stats.
    exported = await emu.slash(table.dave, channel, "vs export")
    record = GameRecord.model_validate(json.loads(exported.attachments[0].data))
    replayed, events = record.replay()
    assert replayed == (await the_game(vegas, table)).state() and isinstance(events[-1], GameOver)
    refused = await emu.slash(table.alice, channel, "vs publicity")
    assert refused.ephemeral and refused.content.startswith("The game is over:")
    assert "`/vs status`, `/vs board`, `/vs sheet`, `/vs log` and `/vs export` still show it" in (
        refused.content
    )
    stats = await emu.slash(table.alice, channel, "vegas stats", game="vegas_showdown")
    names = [f["name"] for f in stats.embeds[0]["fields"]]
    assert "Average Fame" in names and stats.embeds[0]["title"] == "Alice at Vegas Showdown"
    best = await emu.slash(table.dave, channel, "vegas leaderboard", game="vegas_showdown")
    assert "1 won, 60.0 Fame on average, best 60" in best.embeds[0]["description"]
    board = await emu.slash(table.dave, channel, "vs board")
    assert board.embeds[0]["title"].startswith("Final picture")
