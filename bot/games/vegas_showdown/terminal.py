"""Vegas Showdown in the terminal: what `bot.terminal` shows and asks of this game.

Hot seat and computer players, in the engine's notation: the status, every move allowed
now with what it costs (the facts the Discord autocomplete shows), the rules topics, and
the round picture written to the game's folder at every new round and at the end.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Final, cast

from rich.text import Text

from bot.terminal import TERMINAL_COMMANDS
from engine.vegas_showdown import (
    Action,
    Color,
    Event,
    GameState,
    describe_card,
    describe_decision,
    format_action,
    legal_actions,
    standings,
)
from engine.vegas_showdown.actions import Bid, BidTarget
from engine.vegas_showdown.ai import ComputerPlayer, Level, make_player
from engine.vegas_showdown.bidding import resolve_target
from engine.vegas_showdown.events import RoundStarted
from engine.vegas_showdown.guide import TOPICS, guide
from engine.vegas_showdown.notation import USAGE
from engine.vegas_showdown.sheet import Placement
from engine.vegas_showdown.tables import card_of, tile_name
from engine.words import count
from render.vegas_showdown import render_round
from render.vegas_showdown.preview import (
    MOST_NUMBERED,
    numbered_runs,
    render_placement_preview,
)
from render.vegas_showdown.words import action_words

from . import placing
from .absent import passive_move
from .choices import bid_words
from .text_board import sheet_lines, text_board, tile_codes

MOST_MOVES_LISTED: Final = 20
# `moves TILE` shows this many places a page.
PLACES_PER_PAGE: Final = 30

HELP: Final = """\
Type a command for the player named at the prompt, in the engine's notation:
  bid <space> <amount>        P1-P4 (premier spaces), slots, slots2 (5 players), lounge,
                              restaurant; e.g. bid P2 29
  renovate | publicity        the other two actions
  stack small|medium|large    Pull Strings: the button holder picks the stack
  place <tile> <cell> [turn]  e.g. place lounge c2 90 (cell under the turned tile's
                              top-left corner; turn 0, 90, 180 or 270)
  reserve                     keep the tile you bought in your reserve
  remove <cell>               renovating: take the tile covering that cell off
  done | undo | cancel        finish Publicity or a renovation; start it again; give up
  takeback                    take back your last choice (until the next player acts)
                              or placement step (until the round's placements end)
Renovate and Publicity are done at once, while the others bid. After bidding everyone
places at once: another player acts by putting their colour first, e.g.  blue: place lounge a3
When a tile must be placed, a picture in the game's folder numbers its places (as
`moves <tile>` does): `place 7` or `place lounge 7` puts it on place 7.
Also: moves [tile] (what you may do now; every place a tile can go), hint (what the
      normal computer player would do, and why), status, board (the table and the
      sheets, and the round picture), rules [topic], help, quit"""


def status_lines(state: GameState, computers: Mapping[str, str] | None = None) -> list[str]:
    """Round, each player's cash, tracks, reserve and action, events, what the game waits for.

    `computers` maps a computer player's colour to its level.
    """
    computers = computers or {}
    lines = [f"Round {state.round}; {state.button} holds the button."]
    for player in state.players:
        marker = "> " if player.color == state.current and not state.over else "  "
        reserve = ", ".join(tile_name(t) for t in player.reserve) or "empty"
        level = computers.get(player.color)
        who = f"{player.color} (computer, {level})" if level else player.color
        lines.append(
            f"{marker}{who}: ${player.money}, Population {player.population}, "
            f"Revenue {player.revenue}, Fame {player.fame}; reserve {reserve}; "
            f"action {action_words(player)}"
        )
    for card in state.drawn:
        lines.append(f"Event: {card_of(card)[1].name}: {describe_card(card)}")
    if state.no_bid:
        lines.append(f"No-Bid markers: {', '.join(state.no_bid)}.")
    for decision in state.pending:
        lines.append(f"Waiting: {describe_decision(decision)}.")
    return lines


def reserve_and_sheet(state: GameState, color: Color) -> list[str]:
    """`color`'s reserve and sheet, the sheet drawn as in the text board."""
    player = state.player(color)
    reserve = ", ".join(tile_name(tile) for tile in player.reserve) or "empty"
    lines = [f"Yours ({color}): reserve {reserve}; your sheet:"]
    lines += [line.plain for line in sheet_lines(player.sheet)]
    codes = tile_codes()
    placed = dict.fromkeys(placement.tile for placement in player.sheet)
    if placed:
        lines.append("  " + ", ".join(f"{codes[tile]} {tile_name(tile)}" for tile in placed))
    return lines


def _tile_named(text: str, candidates: Sequence[str]) -> str | None:
    """The tile among `candidates` that `text` names (its id or its name, any case)."""
    key = text.lower().replace("-", "_").replace(" ", "_")
    for tile in candidates:
        if key in (tile, tile_name(tile).lower().replace(" ", "_").replace("-", "_")):
            return tile
    return None


def places_text(state: GameState, color: Color, words: Sequence[str]) -> str:
    """`moves TILE [PAGE]`: every place the tile may go now, numbered as on its picture.

    A page holds PLACES_PER_PAGE places; the last line says how to see the next page.
    """
    decision = placing.placement_decision(state, color)
    if decision is None:
        return f"{color} has no tile to place just now."
    placeable = placing.tiles(state, decision)
    tile = _tile_named(words[0], placeable)
    if tile is None:
        names = " or ".join(placeable) or "none"
        return f"{color} cannot place a tile called '{words[0][:24]}' now (tiles: {names})."
    ordered = placing.spots(state, decision, tile)
    pages = max(1, -(-len(ordered) // PLACES_PER_PAGE))
    page = 1
    if len(words) > 1:
        text = words[1]
        page = int(text) if text.isascii() and text.isdigit() and len(text) < 4 else 0
        if not 1 <= page <= pages:
            return f"There {'is' if pages == 1 else 'are'} {count(pages, 'page')} of places."
    first = (page - 1) * PLACES_PER_PAGE
    shown = ordered[first : first + PLACES_PER_PAGE]
    lines = [
        f"The {tile_name(tile)} can go in {count(len(ordered), 'place')} "
        f"(page {page} of {pages}); type `place {tile} N` for place N:"
    ]
    lines += [
        "  " + placing.spot_words(first + n, placement) for n, placement in enumerate(shown, 1)
    ]
    if page < pages:
        lines.append(f"More: `moves {tile} {page + 1}`.")
    return "\n".join(lines)


def typed(state: GameState, color: Color, line: str) -> str:
    """A typed line in the engine's notation.

    `place 7` or `place lounge 7` become the place numbered 7 on the tile's picture;
    anything else is left as it is.
    """
    actor, colon, command = line.partition(":") if ":" in line else ("", "", line)
    who = actor.strip().lower() if colon else color
    words = command.split()
    if len(words) not in (2, 3) or words[0].lower() != "place":
        return line
    number_text = words[-1]
    if not (number_text.isascii() and number_text.isdigit() and len(number_text) <= 4):
        return line
    seat = next((player.color for player in state.players if player.color == who), None)
    if seat is None:
        return line
    decision = placing.placement_decision(state, seat)
    if decision is None:
        return line
    placeable = placing.tiles(state, decision)
    if len(words) == 3:
        tile = _tile_named(words[1], placeable)
    else:
        tile = placeable[0] if len(placeable) == 1 else None
    if tile is None:
        return line
    ordered = placing.spots(state, decision, tile)
    number = int(number_text)
    if not 1 <= number <= len(ordered):
        return line
    spot = placing.spot_value(ordered[number - 1])
    return f"{who}: place {spot}" if colon else f"place {spot}"


def _preview(
    state: GameState, color: Color, tile: str, ordered: Sequence[Placement], numbers: range | None
) -> bytes:
    return render_placement_preview(state, color, tile, ordered, numbers=numbers)


def previews(state: GameState, people: Sequence[str]) -> list[tuple[str, Callable[[], bytes]]]:
    """For each person who must place a tile now, a picture per tile of where it can go.

    Numbered as `moves TILE` numbers them; past 25 places, one picture per run of them.
    The name tells the decision, how full the sheet is, the player and the tile, so a
    picture is written again only when its places may have changed.
    """
    found: list[tuple[str, Callable[[], bytes]]] = []
    for color in people:
        decision = placing.placement_decision(state, cast(Color, color))
        if decision is None:
            continue
        step = len(state.player(decision.player).sheet)
        for tile in placing.tiles(state, decision):
            ordered = placing.spots(state, decision, tile)
            runs: list[range | None] = (
                list(numbered_runs(ordered)) if len(ordered) > MOST_NUMBERED else [None]
            )
            for part, numbers in enumerate(runs, 1):
                suffix = f"-{part}" if numbers is not None else ""
                name = f"places-{decision.id:03d}-{step:02d}-{color}-{tile}{suffix}.png"
                draw = partial(
                    _preview, state.model_copy(deep=True), decision.player, tile, ordered, numbers
                )
                found.append((name, draw))
    return found


def moves_text(state: GameState, color: Color, words: Sequence[str] = ()) -> str:
    """Every command `color` may give now, with its facts; places listed in the notation."""
    if words:
        return places_text(state, color, words)
    rows: list[tuple[str, str]] = []
    by_target: dict[BidTarget, list[int]] = {}
    places: list[str] = []
    others: list[str] = []
    for action in legal_actions(state, color):
        if isinstance(action, Bid):
            by_target.setdefault(resolve_target(state, action.target), []).append(action.amount)
        elif action.kind == "place":
            places.append(format_action(action))
        else:
            others.append(format_action(action))
    for target, amounts in by_target.items():
        shown = "|".join(str(a) for a in amounts)
        rows.append((f"bid {target} {shown}", bid_words(state, color, target, amounts[0])))
    decision = placing.placement_decision(state, color)
    if decision is not None:
        for tile in placing.tiles(state, decision):
            found = len(placing.spots(state, decision, tile))
            rows.append(
                (f"place {tile} <cell> <turn>", f"{tile_name(tile)}: {count(found, 'place')}")
            )
    if len(places) <= MOST_MOVES_LISTED:
        rows += [(command, "") for command in places]
    else:
        rows.append((f"(`moves TILE` lists all {count(len(places), 'place')}, numbered)", ""))
    rows += [(command, "") for command in others]
    if not rows:
        return f"{color} has nothing to do just now."
    width = max((len(command) for command, facts in rows if facts), default=0)
    return "\n".join(f"{command:<{width}}   {facts}".rstrip() for command, facts in rows)


def rules_text(words: Sequence[str]) -> str:
    """`rules` alone: the topics; `rules <topic>`: that topic."""
    listing = f"Rules topics: {', '.join(TOPICS)}. Type rules and a topic, e.g. `rules bid`."
    if not words:
        return listing
    word = words[0].lower()
    if word in TOPICS:
        return guide(word)
    return f"There is no rules topic '{words[0]}'.{_did_you_mean(word, TOPICS)} {listing}"


def _did_you_mean(word: str, known: Sequence[str]) -> str:
    found = difflib.get_close_matches(word.lower(), known, n=1, cutoff=0.7)
    return f" Did you mean {found[0]}?" if found else ""


def unknown_command(line: str) -> str | None:
    """Why `line` names no command (with the likeliest one meant), or None if it does one."""
    command = line.partition(":")[2] if ":" in line else line
    words = command.split()
    word = words[0].lower() if words else ""
    known = (*TERMINAL_COMMANDS, *USAGE)
    if not word or word in known:
        return None
    meant = _did_you_mean(word, known)
    return f"There is no command '{words[0]}'.{meant} Type `help` for the commands."


def final_standings(state: GameState) -> list[str]:
    """The final standings, best first."""
    ranked = enumerate(standings(state), 1)
    return ["Final standings:"] + [
        f"{n}. {color}: {fame} Fame, ${money}" for n, (color, fame, money) in ranked
    ]


class Terminal:
    """Vegas Showdown at the keyboard (a `bot.game.TerminalGame`)."""

    help: Final = HELP

    def intro(self, edition: str) -> str:
        """The game, as the first line says it."""
        return "Vegas Showdown (3 to 5 players)."

    def computer(self, level: str, seed: int) -> ComputerPlayer:
        """The engine's computer player of `level` (it sees only the public view)."""
        return make_player(cast(Level, level), seed)

    def fallback(self, state: GameState, color: str) -> Action:
        """A seat's move when nobody plays it."""
        move = passive_move(state, cast(Color, color))
        assert move is not None
        return move

    def status_lines(self, state: GameState, computers: Mapping[str, str], color: str) -> list[str]:
        """Cash, tracks, reserves, actions, events, what the game waits for, your sheet."""
        return status_lines(state, computers) + reserve_and_sheet(state, cast(Color, color))

    def moves_text(self, state: GameState, color: str, words: Sequence[str]) -> str:
        """Every command the player may give now; `moves TILE` every place of a tile."""
        return moves_text(state, cast(Color, color), words)

    def text_board(self, state: GameState) -> Text:
        """The tracks, the players and every sheet as text."""
        return text_board(state)

    def typed(self, state: GameState, color: str, line: str) -> str:
        """`place 7`: the place numbered 7 on the tile's picture, in the notation."""
        return typed(state, cast(Color, color), line)

    def previews(
        self, state: GameState, people: Sequence[str]
    ) -> list[tuple[str, Callable[[], bytes]]]:
        """Where each tile a person must place can go, numbered."""
        return previews(state, people)

    def rules_text(self, words: Sequence[str], edition: str) -> str:
        """The rules topics, or one topic."""
        return rules_text(words)

    def unknown_command(self, line: str) -> str | None:
        """Why `line` names no command."""
        return unknown_command(line)

    def picture(self, state: GameState) -> bytes:
        """The round picture: the board and every sheet."""
        return render_round(state)

    def picture_name(self, state: GameState, events: Sequence[Event]) -> str | None:
        """`final.png` at the end, `round-007.png` when round 7 begins."""
        if state.over:
            return "final.png"
        if any(isinstance(event, RoundStarted) for event in events):
            return f"round-{state.round:03d}.png"
        return None

    def picture_now(self, state: GameState) -> str:
        """`round-007-now.png`."""
        return f"round-{state.round:03d}-now.png"

    def standings(self, state: GameState) -> list[str]:
        """The final standings."""
        return final_standings(state)

    def stopped(self, state: GameState, record: Path) -> str:
        """Where the game stopped, and that its record tells nothing to come."""
        return (
            f"Game stopped in round {state.round}. {record} holds its public record (every "
            "accepted command and the board), without the seed: it tells nothing of the "
            "event cards and premier tiles to come."
        )
