"""Vegas Showdown keeps its secrets: the seed, the event deck's order and the order of the
tiles in each premier stack.

While a game runs, `/vs export` is the public record (no seed, no generator, no deck
order, each stack's tiles of one back in tile-id order) and nothing the bot posts or
answers gives the seed or the generator away. Stronger: a table whose secrets are
swapped for others (the saved state changed behind the bot's back, its public part left
alone) gets the very same answers from `/vs status`, `/vs board`, `/vs sheet`, `/vs log`,
`/vs export`, autocomplete and refusals, so none of them depends on a secret. Every
round picture posted is the picture of the public state. Once the game has ended,
`/vs export` gives the full record, seed included (`test_showdown_game`).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from itertools import groupby
from typing import Any

from bot.app import VegasHost
from bot.posts import plain_names
from engine.rng import Pcg32
from engine.vegas_showdown import GameState
from engine.vegas_showdown.record import public_stack, public_state
from engine.vegas_showdown.tables import TILES
from tests.bot.conftest import Table
from tests.bot.showdown import assert_round_pictures, play_whole_game, round_posts, the_game
from tests.discord_emulator import Reply, User
from tests.engine.test_public_record import keys

# A big seed, so that finding it in a text means something; in round 6 of this game a
# card drawn earlier waits to be completed (Favorable Review).
SEED = 20261201


def secret_twin(state: GameState) -> GameState:
    """A state the table cannot tell from `state`: another seed and generator, the event
    deck in another order, each premier stack's runs of one back in another order."""
    stacks = {
        size: [
            tile
            for _, run in groupby(pile, key=lambda tile: TILES[tile].back)
            for tile in reversed(list(run))
        ]
        for size, pile in state.stacks.items()
    }
    twin = state.model_copy(
        update={
            "seed": state.seed + 1,
            "rng": Pcg32.seeded(state.seed + 1),
            "deck": [*state.deck[1:], *state.deck[:1]],
            "stacks": stacks,
        },
        deep=True,
    )
    assert twin.deck != state.deck and twin.stacks != state.stacks
    assert public_state(twin) == public_state(state)
    return twin


async def what_the_table_sees(table: Table, current: User, other: User) -> list[Any]:
    """Every answer a player (`current` chooses now) or a spectator can ask for now."""
    emu, channel, dave = table.emu, table.channel, table.dave

    def shown(reply: Reply) -> list[Any]:
        # An embedded picture's address names its message: the picture itself is compared.
        embeds = [{k: v for k, v in e.items() if k != "image"} for e in reply.embeds]
        return [reply.content, embeds, [a.data for a in reply.attachments]]

    return [
        shown(await emu.slash(dave, channel, "vs status")),
        shown(await emu.slash(dave, channel, "vs board")),
        shown(await emu.slash(dave, channel, "vs sheet", player="red")),
        shown(await emu.slash(current, channel, "vs sheet")),
        shown(await emu.slash(dave, channel, "vs log", count=100)),
        shown(await emu.slash(dave, channel, "vs export")),
        shown(await emu.slash(other, channel, "vs bid", tile="P1", amount=30)),
        await emu.autocomplete(current, channel, "vs bid", "tile"),
        await emu.autocomplete(current, channel, "vs bid", "amount", tile="P1"),
    ]


async def test_nothing_the_table_sees_tells_the_secrets(table: Table, vegas: VegasHost) -> None:
    emu, channel = table.emu, table.channel
    players = [table.alice, table.bob, table.carol]
    game = await play_whole_game(table, vegas, players, SEED, until_round=6)
    saved = await the_game(vegas, table)
    state = saved.state()
    assert state.round == 6 and state.step == "actions" and state.current is not None
    current = dict(zip(("red", "blue", "green"), players, strict=True))[state.current]
    other = next(p for p in players if p is not current)

    # The public record: seating, every command, the state without its secrets.
    exported = await emu.slash(table.dave, channel, "vs export")  # a spectator
    assert exported.ephemeral and "public record" in exported.content
    assert "who sits where, every move made and the board as everyone sees it" in (exported.content)
    data = json.loads(exported.attachments[0].data)
    assert not keys(data) & {"seed", "rng", "deck", "settings"}
    assert data["players"] == ["red", "blue", "green"] and len(data["commands"]) == saved.moves
    assert data["state"]["undrawn"] == sorted(state.deck)
    assert data["state"]["stacks"] == {s: public_stack(p) for s, p in state.stacks.items()}
    assert data["state"]["stacks"] != state.stacks  # the real order is another

    # What is public is told: the event cards in force, one drawn earlier included.
    status = await emu.slash(table.dave, channel, "vs status")
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    assert (
        "Favorable Review (in play until completed): The first player to put a premier tile "
        "on their sheet gains 2 Fame; the card stays until then."
    ) in fields["Event cards in force"]

    # Each round picture posted is the picture of the public state.
    names = plain_names(saved)
    posts = round_posts(emu, table)
    assert len(posts) == 6  # the start, the ends of rounds 1 to 5
    for number, post in enumerate(posts, 1):
        public = public_state(game.at_round[number])
        assert_round_pictures(post, public, names, final=public.over)

    # Nothing said gives the seed or the generator away.
    seen = await what_the_table_sees(table, current, other)
    texts = [json.dumps([m.content, m.embeds, m.components]) for m in emu.history(channel)]
    texts.append(json.dumps(seen, default=str))
    for secret in (str(SEED), str(state.rng.state)):
        assert not any(secret in text for text in texts)
    assert not any("<tile>" in text for text in texts)  # nor the terminal's notation

    # Other secrets, the same public state: the same answers, to the byte.
    with closing(sqlite3.connect(table.database)) as db:
        db.execute(
            "UPDATE snapshots SET state = ? WHERE game_id = ?",
            (secret_twin(state).model_dump_json(), saved.id),
        )
        db.commit()
    assert (await the_game(vegas, table)).state() != state
    assert await what_the_table_sees(table, current, other) == seen
