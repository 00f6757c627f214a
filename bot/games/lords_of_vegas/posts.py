"""What the bot says about Lords of Vegas: the news of each move, and the status.

Every word about the rules comes from the engine's narration; the `Post`s are the core's
(`bot.posts`), sent by the core.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import discord

from bot import drawing
from bot.posts import (
    BOARD_FILE,
    COLOR_HEX,
    EMBED_LIMIT,
    FIELD_LIMIT,
    GREEN_FELT,
    Post,
    clip,
    result_words,
    story_embed,
)
from bot.seats import display_names, user_of
from bot.store import Game
from engine.lords_of_vegas import (
    COMPANIES,
    GAME_OVER,
    Event,
    GameState,
    describe,
    describe_decision,
)
from engine.lords_of_vegas.board import company_name
from engine.lords_of_vegas.ending import standings
from engine.lords_of_vegas.events import DecisionRequired, GameOver, TurnStarted
from engine.lords_of_vegas.narrate import describe_game_over, describe_offer
from engine.lords_of_vegas.supply import cards_drawn, cards_of, dice_left, markers_left
from engine.words import and_list, count
from render.lords_of_vegas import render_board

from .names import chat_names, plain_names

MOST_OFFER_FIELDS: Final = 10


def narrate(events: Iterable[Event], game: Game, *, asks: bool = False) -> list[str]:
    """The events as chat lines, players called by name.

    Decisions the game now waits for are left out unless `asks`: their own prompt
    messages ask the players concerned.
    """
    names = chat_names(game)
    return [
        describe(event, names)
        for event in events
        if asks or not isinstance(event, DecisionRequired)
    ]


def board_picture(game: Game, state: GameState) -> bytes:
    """The board as the channel sees it, players named (replays and recaps draw it too)."""
    return render_board(state, names=plain_names(game))


async def board_image(game: Game, state: GameState) -> bytes:
    """The board PNG, drawn in a worker thread so the bot keeps answering meanwhile."""
    return await drawing.draw(render_board, state, names=plain_names(game))


def whose_turn(
    game: Game, state: GameState, deadline: float | None = None
) -> tuple[str, list[int]]:
    """A line saying who the game waits for, and the users to mention.

    The current player is mentioned; players who owe a decision are mentioned by their
    own prompt message instead (see `prompts.py`). `deadline` is when a timed turn runs
    out.
    """
    names = chat_names(game)
    if state.over:
        return "", []
    if state.pending:
        owing = list(dict.fromkeys(names[d.player] for d in state.pending))
        return f"Waiting for {and_list(owing)} to decide (see the prompt).", []
    user = user_of(game, state.current)
    if user is None:
        return f"{names[state.current]} is playing.", []
    until = f" Your turn runs out <t:{int(deadline)}:R>." if deadline is not None else ""
    return f"<@{user}> it is your turn, {names[state.current]}.{until}", [user]


async def turn_post(
    game: Game, state: GameState, events: Sequence[Event], deadline: float | None = None
) -> Post:
    """After a turn ends (or the game starts): the board, what the draw did, who is next.

    `deadline` is when the new turn runs out, if turns are timed.
    """
    started = [e for e in events if isinstance(e, TurnStarted)]
    title = f"Turn {started[-1].turn}" if started else "Lords of Vegas"
    prompt, users = whose_turn(game, state, deadline)
    color = COLOR_HEX.get(state.current, GREEN_FELT)
    embed = story_embed(title, narrate(events, game), color)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    return Post(prompt, embed, await board_image(game, state), users)


async def final_post(
    game: Game, state: GameState, events: Sequence[Event], chart: bytes | None = None
) -> Post:
    """The end of the game: final standings, the final board and the points `chart`.

    The result is said once: the game-over line is the message, the story above the
    standings leaves it out.
    """
    names = chat_names(game)
    table = [
        f"{place}. {names[color]}: {count(points, 'point')}, ${money}m"
        for place, (color, points, money) in enumerate(standings(state), 1)
    ]
    ending = next((e for e in events if isinstance(e, GameOver)), None)
    if ending is None:
        ending = GameOver(
            reason="game_over_card",
            winners=tuple(state.winners),
            standings=tuple(standings(state)),
        )
    users = [u for u in (user_of(game, p.color) for p in state.players) if u is not None]
    lines = narrate([e for e in events if not isinstance(e, GameOver)], game)
    embed = story_embed("Game over", [*lines[-30:], "", "**Final standings**", *table])
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    everyone = " ".join(f"<@{user}>" for user in users)
    content = f"🏆 {describe_game_over(ending, names)} Thanks for playing, {everyone}."
    return Post(content, embed, await board_image(game, state), users, chart)


def action_post(game: Game, state: GameState, events: Sequence[Event]) -> Post:
    """A short public line for an accepted action, plus any decision it now waits for."""
    lines = narrate(events, game)
    prompt, users = whose_turn(game, state) if state.pending else ("", [])
    content = "\n".join([*lines, prompt]).strip()
    return Post(content, None, None, users)


def status_embed(
    game: Game,
    state: GameState,
    deadline: float | None = None,
    links: Mapping[int, str] | None = None,
) -> discord.Embed:
    """Everything about the game at a glance, for `/lov status`.

    `deadline` is when the turn under way runs out, if turns are timed. `links` maps an
    open offer's number to its message in the channel (see `offer_fields`).
    """
    names = chat_names(game)
    edition = state.edition
    embed = discord.Embed(
        title=f"Lords of Vegas ({edition} edition), turn {state.turn}",
        color=COLOR_HEX.get(state.current, GREEN_FELT),
    )
    for player in state.players:
        marker = "▶ " if player.color == state.current and game.is_open else ""
        embed.add_field(
            name=f"{marker}{display_names(game).get(player.color, player.color)} ({player.color})",
            value=(
                f"${player.money}m · {count(player.points, 'point')}\n"
                f"{count(dice_left(state, player.color), 'die', 'dice')}, "
                f"{count(markers_left(state, player.color), 'marker')} left"
            ),
            inline=True,
        )
    drawn = cards_drawn(state)
    cards = ", ".join(f"{company_name(c)} {drawn[c]}/{cards_of(c)}" for c in COMPANIES)
    strip = f"The Strip {drawn['strip']}/{cards_of('strip')}"
    game_over = "drawn" if GAME_OVER not in state.deck else "still in the deck"
    embed.add_field(
        name=f"Cards drawn ({len(state.deck)} left in the deck)",
        value=f"{cards}, {strip}. Game Over card: {game_over}.",
        inline=False,
    )
    result = result_words(game, state.over, [names[c] for c in state.winners])
    if result is not None:
        embed.add_field(name="Result", value=result, inline=False)
    elif state.pending:
        waiting = "\n".join(describe_decision(d, names) for d in state.pending)
        embed.add_field(name="Waiting for a decision", value=clip(waiting, 1000), inline=False)
    else:
        until = f" The turn runs out <t:{int(deadline)}:R>." if deadline is not None else ""
        embed.add_field(
            name="Turn", value=f"{names[state.current]} is playing.{until}", inline=False
        )
    offer_fields(embed, game, state, links or {})
    return embed


def offer_fields(
    embed: discord.Embed, game: Game, state: GameState, links: Mapping[int, str]
) -> None:
    """Add the open offers to the status, never cutting an offer short.

    An offer that fits in its share of the embed is shown whole; a longer one gives its
    number of steps, who accepted (by colour) and a link to its own message, which
    always shows every step (`prompts.offer_fits`). Offers beyond the first ten (in games
    saved before offers were capped) are counted, with where to read them.
    """
    names = chat_names(game)
    shown = state.offers[:MOST_OFFER_FIELDS]
    used = len(embed) + (200 if len(state.offers) > len(shown) else 0)
    for index, offer in enumerate(shown):
        name = f"Offer #{offer.id} by {display_names(game).get(offer.proposer, offer.proposer)}"
        accepted = f"Accepted so far: {', '.join(names[c] for c in offer.accepted)}."
        value = f"{describe_offer(offer, names)}\n{accepted}"
        share = min(FIELD_LIMIT, (EMBED_LIMIT - used) // (len(shown) - index) - len(name))
        if len(value) > share:
            where = f"[its message]({links[offer.id]})" if offer.id in links else "its message"
            value = (
                f"{len(offer.steps)} steps, too long for this summary: every step is in "
                f"{where}.\nAccepted so far: {', '.join(offer.accepted)}."
            )
        embed.add_field(name=name, value=value, inline=False)
        used += len(name) + len(value)
    hidden = len(state.offers) - len(shown)
    if hidden:
        embed.add_field(
            name=f"{hidden} more open offers",
            value="Each has its own message in this channel, with every step.",
            inline=False,
        )
