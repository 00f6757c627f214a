"""Vegas Showdown in the terminal: what `bot.terminal` shows and asks of this game.

Hot seat and computer players, in the engine's notation: the status, every move allowed
now with what it costs (the facts the Discord autocomplete shows), the rules topics, and
the round picture written to the game's folder at every new round and at the end.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final, cast

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
from engine.vegas_showdown.tables import card_of, tile_name
from engine.words import count
from render.vegas_showdown import render_round
from render.vegas_showdown.words import action_words

from . import placing
from .absent import passive_move
from .choices import bid_words

MOST_MOVES_LISTED: Final = 20

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
Renovate and Publicity are done at once, while the others bid. After bidding everyone
places at once: another player acts by putting their colour first, e.g.  blue: place lounge a3
Also: moves (what you may do now, every place a tile can go), hint (what the normal
      computer player would do, and why), status, board (write the round picture now),
      rules [topic], help, quit"""


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


def moves_text(state: GameState, color: Color) -> str:
    """Every command `color` may give now, with its facts; places listed in the notation."""
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
    rows += [(command, "") for command in places[:MOST_MOVES_LISTED]]
    if len(places) > MOST_MOVES_LISTED:
        rows.append((f"... and {count(len(places) - MOST_MOVES_LISTED, 'more place')}", ""))
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

    def status_lines(self, state: GameState, computers: Mapping[str, str]) -> list[str]:
        """Cash, tracks, reserves, actions, events and what the game waits for."""
        return status_lines(state, computers)

    def moves_text(self, state: GameState, color: str) -> str:
        """Every command the player may give now."""
        return moves_text(state, cast(Color, color))

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
