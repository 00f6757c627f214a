"""What the bot says about Vegas Showdown: each move's news, the round post, the end.

- An action choice (a bid, Renovate, Publicity) is told in a line, mentioning whoever is
  outbid and the player whose choice comes next (once).
- When a round ends, one post: the round's pictures at a phone's width (the tracks in
  the embed, then how the players stand and one picture per sheet in the message's
  gallery; `/vs board` shows the whole round in one picture for a large screen), what
  happened in the round (purchases and prices, placements, Fame), the new round's
  opening (prices, event cards and what they do, new tiles, income), and who acts
  first, mentioned.
  Placements themselves are answered privately (`quiet`): this post tells the table.
- At the end: the final scoring by category, the standings, the pictures of the round
  and the whole final picture (with the final scoring table).

Every word about the rules comes from the engine's narration; the `Post`s are the core's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import discord

from bot import drawing
from bot.options import TableOptions
from bot.posts import COLOR_HEX, GREEN_FELT, Post, clip, result_words, story_embed
from bot.seats import display_names, user_of
from bot.store import Game, Store
from engine.vegas_showdown import (
    Color,
    Event,
    GameRecord,
    GameSettings,
    GameState,
    apply,
    describe,
    describe_card,
    describe_decision,
    new_game,
    parse_line,
    standings,
)
from engine.vegas_showdown.events import (
    ButtonPassed,
    CardCompleted,
    CardDrawn,
    DecisionRequired,
    FameGained,
    FinalScored,
    GameOver,
    GameStarted,
    MoneyGained,
    NoBidPlaced,
    Outbid,
    PlacementFinished,
    RenovationUndone,
    RoundRuleChanged,
    RoundStarted,
    StackChosen,
    TileBought,
    TilePlaced,
    TileRemoved,
    TileReserved,
)
from engine.vegas_showdown.narrate import CATEGORY_NAMES
from engine.vegas_showdown.state import Player, StackDecision
from engine.vegas_showdown.tables import card_of, tile_name
from engine.words import and_list
from render.vegas_showdown import (
    RoundPictures,
    render_round,
    render_round_pictures,
    render_tracks,
)
from render.vegas_showdown.words import action_words

from .absent import passive_choice
from .computer import DEFAULT_LEVEL
from .names import chat_names, plain_names

ROUND_FILE: Final = "round.png"
TRACKS_FILE: Final = "tracks.png"
STANDING_FILE: Final = "players.png"
MORE_PICTURES: Final = (
    "Whole round in one picture: /vs board \N{MIDDLE DOT} your sheet, large: /vs sheet"
)
CHOICE_COMMANDS: Final = "`/vs bid`, `/vs renovate` or `/vs publicity`"
# What the round post retells of the round's play (the choices themselves were told live).
RETOLD: Final = (
    TileBought,
    TileReserved,
    TilePlaced,
    TileRemoved,
    RenovationUndone,
    FameGained,
    MoneyGained,
    CardCompleted,
)


def narrate(events: Iterable[Event], game: Game, *, asks: bool = False) -> list[str]:
    """The events as chat lines, players called by name.

    Decisions asked are left out unless `asks`: their prompts ask the players concerned.
    """
    names = chat_names(game)
    shown = [
        event
        for event in events
        if asks or not isinstance(event, DecisionRequired | PlacementFinished | ButtonPassed)
    ]
    return [_line(event, names, shown[n + 1 : n + 2]) for n, event in enumerate(shown)]


def _line(event: Event, names: Mapping[Color, str], following: Sequence[Event] = ()) -> str:
    """An event's line at the table.

    An event card says what it does, unless the event `following` it says it again (a
    No-Bid marker, a round's rule); a decision asked says what, without the engine's
    notation (the prompt tells how).
    """
    if isinstance(event, CardDrawn):
        line = f"Event card for {event.space}: **{event.name}**"
        # Pull Strings ("any" stack) says in its own words where the tile comes from.
        line += (
            "." if event.symbol == "any" else f" (its tile comes from the {event.symbol} stack)."
        )
        if any(isinstance(e, NoBidPlaced | RoundRuleChanged) for e in following):
            return line
        return f"{line} {describe_card(event.card)}"
    if isinstance(event, DecisionRequired):
        text = describe_decision(event.decision, names, hint=False)
        return f"{text[0].upper()}{text[1:]}."
    return describe(event, names)


def round_picture(game: Game, state: GameState) -> bytes:
    """The round picture as the channel sees it (replays and recaps draw it too)."""
    return render_round(state, names=plain_names(game))


async def round_image(game: Game, state: GameState) -> bytes:
    """The round picture (board and sheets), drawn away from the event loop."""
    return await drawing.draw(render_round, state, names=plain_names(game))


async def tracks_image(game: Game, state: GameState) -> bytes:
    """The tracks and bids at a phone's width, drawn away from the event loop."""
    return await drawing.draw(render_tracks, state, names=plain_names(game))


def sheet_file(index: int, color: Color) -> str:
    """The file name of a seat's sheet in a round post: `sheet-1-red.png`."""
    return f"sheet-{index}-{color}.png"


async def round_pictures(game: Game, state: GameState) -> RoundPictures:
    """The table and every sheet at a phone's width, drawn away from the event loop."""
    return await drawing.draw(render_round_pictures, state, names=plain_names(game))


def _pictured(post: Post, pictures: RoundPictures) -> Post:
    """`post` with the tracks in its embed, the standing and every sheet in its gallery."""
    post.image, post.image_name = pictures.tracks, TRACKS_FILE
    sheets = [(sheet_file(n, c), png) for n, (c, png) in enumerate(pictures.sheets, 1)]
    post.gallery = ((STANDING_FILE, pictures.standing), *sheets, *post.gallery)
    if post.embed is not None:
        post.embed.set_image(url=f"attachment://{TRACKS_FILE}")
        post.embed.set_footer(text=MORE_PICTURES)
    return post


def next_line(game: Game, state: GameState, deadline: float | None) -> tuple[str, list[int]]:
    """Who the game waits for now, and the users this message mentions.

    The player choosing an action is mentioned here; players owing a placement or a
    stack choice are mentioned by their own prompt.
    """
    names = chat_names(game)
    if state.over:
        return "", []
    stack = next((d for d in state.pending if isinstance(d, StackDecision)), None)
    if stack is not None:
        see = " (see the prompt)" if user_of(game, stack.player) else ""
        return f"{names[stack.player]} chooses which premier stack fills {stack.space}{see}.", []
    if state.pending and state.step != "actions":
        placing = list(dict.fromkeys(d.player for d in state.pending))
        placers = [names[c] for c in placing]
        prompted = [names[c] for c in placing if user_of(game, c)]
        if len(prompted) == len(placers):
            each = "each with a prompt" if len(placers) > 1 else "with a prompt"
            return f"Placing now: {and_list(placers)}, {each} showing where tiles can go.", []
        if not prompted:
            return f"Placing now: {and_list(placers)}.", []
        has = "each have a prompt" if len(prompted) > 1 else "has a prompt"
        return (
            f"Placing now: {and_list(placers)}; {and_list(prompted)} {has} showing where "
            "tiles can go.",
            [],
        )
    if state.current is None:
        return "", []
    user = user_of(game, state.current)
    name = names[state.current]
    if user is None:
        return f"{name} is choosing an action.", []
    until = ""
    if deadline is not None:
        then = _out_of_time(game, state, state.current)
        until = f" Your choice runs out <t:{int(deadline)}:R>; then {then}."
    return f"<@{user}> your action, {name}: {CHOICE_COMMANDS}.{until}", [user]


def _out_of_time(game: Game, state: GameState, color: Color) -> str:
    """What becomes of an action choice that runs out of time, as the table set it."""
    if TableOptions.of(game.options).on_timeout == "ai":
        return f"a computer player ({DEFAULT_LEVEL}) chooses for you"
    choice = passive_choice(state, color)
    if choice.kind == "renovate":
        return "Renovate is chosen for you"
    if choice.kind == "publicity":
        return "Publicity is chosen for you (a No-Bid marker bars Renovate)"
    return "the lowest bid open to you is made for you"


def action_post(
    game: Game, state: GameState, events: Sequence[Event], deadline: float | None
) -> Post:
    """An accepted action in a few lines: outbid players and the next chooser mentioned."""
    names = chat_names(game)
    lines: list[str] = []
    users: list[int] = []
    for n, event in enumerate(events):
        if isinstance(event, DecisionRequired | PlacementFinished | ButtonPassed):
            continue
        if isinstance(event, TileBought) and "Bidding is over." not in lines:
            lines.append("Bidding is over.")
        line = _line(event, names, events[n + 1 : n + 2])
        if isinstance(event, Outbid) and event.player != state.current:  # else asked below
            user = user_of(game, event.player)
            if user is not None:
                line = f"<@{user}> {line}"
                users.append(user)
        lines.append(line)
    prompt, mentioned = next_line(game, state, deadline)
    return Post("\n".join([*lines, prompt]).strip(), mentions=[*users, *mentioned])


@dataclass
class RoundStory:
    """The round a move ended: its number, what was played in it, Fame at its last post."""

    ended: int
    played: list[Event] = field(default_factory=list)
    fame_before: dict[Color, int] = field(default_factory=dict)


def round_story(
    settings: GameSettings, commands: Sequence[str], new_round: int | None
) -> RoundStory:
    """What happened in the round that a move ended, replayed from the game's log.

    `new_round` is the round the move began (None: the move ended the game). The round's
    play is every event after the move that began it (its opening, already posted) up to
    the new round or the final scoring, of the kinds the round post retells;
    `fame_before` is each player's Fame just after that opening move. Replaying is
    quick: a whole game takes a few milliseconds.
    """
    state, opening = new_game(settings)
    moves: list[list[Event]] = [opening]
    fame: dict[int, dict[Color, int]] = {1: _fame(state)}
    for line in commands:
        color, action = parse_line(line)
        happened = apply(state, color, action)
        cut = _cut(happened, new_round)
        moves.append(happened[:cut])
        if cut < len(happened):
            break
        for event in happened:
            if isinstance(event, RoundStarted):
                fame[event.round] = _fame(state)
    ended = new_round - 1 if new_round is not None else state.round
    began = next((i for i, m in enumerate(moves) if _begins(m, ended)), len(moves))
    while began + 1 < len(moves) and any(isinstance(e, StackChosen) for e in moves[began + 1]):
        began += 1  # a Pull Strings choice finishes the opening, and its news told it
    played = [e for move in moves[began + 1 :] for e in move if _retold(e)]
    return RoundStory(ended, _without_undone(played), fame.get(ended, {}))


def _without_undone(events: Sequence[Event]) -> list[Event]:
    """The round's play without renovation steps that were undone or cancelled.

    A renovating player's tiles that came off and went on before an `undo` (or a
    `cancel`, which is told) changed nothing in the end.
    """
    kept: list[Event] = []
    for event in events:
        if isinstance(event, RenovationUndone):
            kept = [
                e
                for e in kept
                if not (isinstance(e, TilePlaced | TileRemoved) and e.player == event.player)
            ]
            if not event.finished:
                continue
        kept.append(event)
    return kept


def _retold(event: Event) -> bool:
    """Publicity's Fame was told with the choice; the rest of the round's play was not."""
    publicity = isinstance(event, FameGained) and event.reason == "Publicity"
    return isinstance(event, RETOLD) and not publicity


def _fame(state: GameState) -> dict[Color, int]:
    return {player.color: player.fame for player in state.players}


def _begins(events: Sequence[Event], round_number: int) -> bool:
    return any(isinstance(e, RoundStarted) and e.round == round_number for e in events)


def _cut(events: Sequence[Event], new_round: int | None) -> int:
    """Where in a move's events the round ends: its new round, or the final scoring."""
    for index, event in enumerate(events):
        if new_round is not None and isinstance(event, RoundStarted) and event.round == new_round:
            return index
        if new_round is None and isinstance(event, FinalScored | GameOver):
            return index
    return len(events)


def _round_lines(
    game: Game, state: GameState, story: RoundStory, *, fame: bool = True
) -> list[str]:
    """What happened in the round that ended, and each player's Fame since its post."""
    names = chat_names(game)
    lines = [f"**Round {story.ended}**", *narrate(story.played, game)]
    if not story.played:
        lines.append("No tile changed hands or sheets.")
    if not fame:
        return lines
    changes = []
    for player in state.players:
        gained = player.fame - story.fame_before.get(player.color, player.fame)
        changes.append(f"{names[player.color]} {player.fame} ({gained:+d})")
    lines.append(f"Fame: {', '.join(changes)}.")
    return lines


async def _story(store: Store, game: Game, new_round: int | None) -> RoundStory:
    _, moves = await store.game_and_moves(game.id)
    commands = [move.command for move in moves]
    return await drawing.draw(_standing_story, game.settings(), commands, new_round)


def _standing_story(
    settings: GameSettings, commands: Sequence[str], new_round: int | None
) -> RoundStory:
    """`round_story` of the moves that stand: take-backs and what they took back left out."""
    kept = GameRecord(settings=settings, commands=list(commands)).history().kept
    return round_story(settings, kept, new_round)


async def round_post(
    store: Store, game: Game, state: GameState, events: Sequence[Event], deadline: float | None
) -> Post:
    """A new round (or the game's start): the round picture, the round told, who acts first."""
    started = next(e for e in events if isinstance(e, RoundStarted))
    opening = list(events[events.index(started) :])
    if any(isinstance(e, GameStarted) for e in events):
        lines = narrate(events, game)
        title = "Vegas Showdown begins"
    else:
        story = await _story(store, game, started.round)
        lines = [*_round_lines(game, state, story), "", f"**Round {started.round}**"]
        told = narrate(opening, game)  # its first line, `Round 2: Ann acts first.`, headed
        lines += [told[0].removeprefix(f"Round {started.round}: "), *told[1:]]
        title = f"Round {story.ended} is over: round {started.round} begins"
    prompt, users = next_line(game, state, deadline)
    embed = story_embed(title, lines, COLOR_HEX.get(state.current or "", GREEN_FELT))
    return _pictured(Post(prompt, embed, mentions=users), await round_pictures(game, state))


async def final_post(store: Store, game: Game, state: GameState, events: Sequence[Event]) -> Post:
    """The end: the last round told, final scoring by category, standings, final picture."""
    names = chat_names(game)
    started = next((e for e in events if isinstance(e, RoundStarted)), None)
    story = await _story(store, game, started.round if started is not None else None)
    lines = _round_lines(game, state, story, fame=False)  # the standings below tell it
    if started is not None:
        end = next(i for i, e in enumerate(events) if isinstance(e, FinalScored | GameOver))
        lines += [
            "",
            f"**Round {started.round}**",
            *narrate(events[events.index(started) : end], game),
        ]
    embed = story_embed("Game over", lines, GREEN_FELT)
    for place, (color, fame, money) in enumerate(standings(state), 1):
        scores = state.final_scores.get(color, {})
        parts = [f"+{v} {CATEGORY_NAMES[c]}" for c, v in scores.items() if v]
        before = fame - sum(scores.values())
        added = f"then {', '.join(parts)}" if parts else "nothing added"
        value = f"Final scoring: {before} Fame before, {added}."
        embed.add_field(
            name=clip(
                f"{place}. {display_names(game)[color]} ({color}): {fame} Fame, ${money}", 250
            ),
            value=value,
            inline=False,
        )
    ending = next((e for e in events if isinstance(e, GameOver)), None)
    said = describe(ending, names) if ending is not None else "Game over."
    users = [u for u in (user_of(game, c) for c in state.colors) if u is not None]
    everyone = " ".join(f"<@{user}>" for user in users)
    content = f"🏆 {said} Thanks for playing, {everyone}.".replace(", .", ".")
    whole = ((ROUND_FILE, await round_image(game, state)),)
    post = Post(content, embed, mentions=users, gallery=whole)
    return _pictured(post, await round_pictures(game, state))


def stack_chosen(events: Sequence[Event]) -> bool:
    """True when a Pull Strings choice finished the round's opening (a new tile is up)."""
    return any(isinstance(e, StackChosen) for e in events)


def status_embed(
    game: Game, state: GameState, deadline: float | None, levels: Callable[[int], str]
) -> discord.Embed:
    """Everything about the game at a glance, for `/vs status`.

    `levels` names a computer seat's stored level (`HostedGame.level_name`).
    """
    names = chat_names(game)
    shown = display_names(game)
    embed = discord.Embed(
        title=f"Vegas Showdown, round {state.round}",
        color=COLOR_HEX.get(state.current or "", GREEN_FELT),
    )
    for player in state.players:
        marker = "▶ " if player.color == state.current and game.is_open else ""
        button = ", holds the button" if player.color == state.button else ""
        reserve = ", ".join(tile_name(t) for t in player.reserve) or "empty"
        seat = _seat_words(game, player.color, levels)
        action = "" if state.over else f"Action: {_chosen(player)}\n"
        embed.add_field(
            name=f"{marker}{shown.get(player.color, player.color)} ({player.color}{seat}{button})",
            value=(
                f"${player.money} · Population {player.population} · Revenue "
                f"{player.revenue} · Fame {player.fame}\n{action}Reserve: {reserve}"
            ),
            inline=True,
        )
    cards = [f"{_card_name(c)}: {describe_card(c)}" for c in state.drawn]
    cards += [
        f"{_card_name(c)} (in play until completed): {describe_card(c)}"
        for c in state.in_play
        if c not in state.drawn
    ]
    if cards:
        embed.add_field(
            name="Event cards in force", value=clip("\n".join(cards), 1000), inline=False
        )
    if state.no_bid:
        barred = ", ".join(_barred(what) for what in state.no_bid)
        embed.add_field(name="No-Bid markers this round", value=barred, inline=False)
    result = result_words(game, state.over, [names[c] for c in state.winners])
    if result is not None:
        embed.add_field(name="Result", value=result, inline=False)
    else:
        waiting, _ = next_line(game, state, None)
        if state.step == "actions" and state.current is not None:
            waiting = f"{names[state.current]} is choosing an action."
        until = f" Time runs out <t:{int(deadline)}:R>." if deadline is not None else ""
        embed.add_field(name="Waiting for", value=clip(waiting + until, 1000), inline=False)
    return embed


def _seat_words(game: Game, color: Color, levels: Callable[[int], str]) -> str:
    """Who plays a seat, when it is not the person who sat down: `, computer: easy`.

    `levels` names a stored level (`HostedGame.level_name`).
    """
    seat = game.seat_of(color)
    if seat is None or seat.is_human:
        return ""
    level = seat.computer_level
    playing = f"computer: {levels(level)}" if level else ""
    if not seat.resigned:
        return f", {playing}"
    return f", resigned; {playing}" if playing else ", resigned"


def _chosen(player: Player) -> str:
    """What the player chose this round, in words (the picture's short `-` spelled out)."""
    words = action_words(player)
    return "not chosen yet" if words == "-" else words


def _card_name(index: int) -> str:
    return card_of(index)[1].name


def _barred(what: str) -> str:
    if what in ("renovate", "publicity"):
        return what.capitalize()
    if what in ("small", "medium", "large"):
        return f"{what} premier tiles"
    return f"the {tile_name(what)}"
