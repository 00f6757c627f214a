"""Lords of Vegas in the terminal: what `bot.terminal` shows and asks of this game.

The status, the moves with their costs (the facts the Discord autocomplete shows), the
rules topics, the board pictures at every new turn, and the computer players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final, cast

from rich.text import Text

from bot.terminal import TERMINAL_COMMANDS
from engine.lords_of_vegas import (
    COMPANIES,
    GAME_OVER,
    Action,
    Color,
    Event,
    GameState,
    decisions_owed,
    default_answer,
    describe_decision,
    format_action,
    legal_actions,
    offers_to_answer,
)
from engine.lords_of_vegas.actions import Build, Decline, EndTurn, Gamble, Remodel
from engine.lords_of_vegas.ai.players import AiPlayer, Level, make_player
from engine.lords_of_vegas.board import BOARD, company_name
from engine.lords_of_vegas.casino import all_casinos, boss_of, casino_at, dice_in
from engine.lords_of_vegas.ending import standings as final_standings
from engine.lords_of_vegas.events import TurnStarted
from engine.lords_of_vegas.guide import TOPICS, guide
from engine.lords_of_vegas.narrate import describe_offer
from engine.lords_of_vegas.notation import ALIASES, PLAYER_COMMANDS, did_you_mean
from engine.lords_of_vegas.state import Edition
from engine.lords_of_vegas.supply import (
    cards_drawn,
    cards_of,
    dice_left,
    markers_left,
    parking_lots,
)
from engine.words import count
from render.lords_of_vegas import render_board

from .move_facts import bet_facts, move_facts
from .text_board import text_board

# Of each kind of command (`moves` lists what a player may do).
MOST_MOVES_LISTED: Final = 20

HELP: Final = """\
Type a command for the player named at the prompt, in the engine's notation:
  build <LOT> <company> [using <LOT>]     companies: albion sphinx vega tivoli pioneer
  sprawl <LOT> [from <LOT>] [using <LOT>]
  remodel <LOT> <company>     reorganize <LOT>     raise <LOT>     gamble <LOT> <amount>
  end                         end your turn; the next player draws
  undo                        take back your last build, sprawl, remodel or raise
  place <LOT>=<pips> ...      layoff yes|no        take die <LOT> | take marker <LOT>
  offer <step>; <step>; ...   steps: <p> pays <q> <n> | <p> gives <q> lot <LOT>
                                     | <p> gives <q> die <LOT> | <p> does <action>
  accept <n> | decline <n> | withdraw <n>
Another player acts by putting their colour first:  blue: accept 1
Also: moves [kind] (what you may do now), hint (what the normal computer player would
      do, and why), status (everyone, then yours), board (draw the board, and write its
      picture), rules [topic], help, quit; --resume continues a game stopped here"""


def status_lines(state: GameState, computers: Mapping[str, str]) -> list[str]:
    """Money, points, pieces left, cards drawn, and what the game waits for.

    `computers` maps a computer player's colour to its level.
    """
    lines = [f"Turn {state.turn} ({state.edition} edition)."]
    for player in state.players:
        level = computers.get(player.color)
        who = f"{player.color} (computer, {level})" if level else player.color
        marker = "> " if player.color == state.current and not state.over else "  "
        lines.append(
            f"{marker}{who}: ${player.money}m, {count(player.points, 'point')}, "
            f"{count(dice_left(state, player.color), 'die', 'dice')} and "
            f"{count(markers_left(state, player.color), 'marker')} left"
        )
    drawn = cards_drawn(state)
    cards = ", ".join(f"{company_name(c)} {drawn[c]}/{cards_of(c)}" for c in COMPANIES)
    game_over = "drawn" if GAME_OVER not in state.deck else "still in the deck"
    strip = f"The Strip {drawn['strip']}/{cards_of('strip')}"
    lines.append(f"Cards drawn: {cards}, {strip}; Game Over {game_over}.")
    for decision in state.pending:
        lines.append(f"Waiting: {describe_decision(decision)}.")
    for offer in state.offers:
        lines.append(f"Offer #{offer.id} by {offer.proposer}: {describe_offer(offer)}")
    return lines


def holdings_lines(state: GameState, color: Color) -> list[str]:
    """What `color` holds: their parking lots, and each casino where a die of theirs sits."""
    parking = [lot for lot in parking_lots(state, color) if lot not in state.tiles]
    lines = [f"Yours ({color}):"]
    lots = ", ".join(f"{lot} (${BOARD.lots[lot].price}m)" for lot in parking) or "none"
    lines.append(f"  parking lots: {lots}")
    for casino in all_casinos(state):
        mine = [(lot, pips) for lot, owner, pips in dice_in(state, casino) if owner == color]
        if not mine:
            continue
        dice = ", ".join(f"{pips} on {lot}" for lot, pips in mine)
        boss = boss_of(state, casino)
        bossed = "you are the boss" if boss == color else f"boss {boss}"
        lines.append(
            f"  {company_name(casino.company)} casino {casino.name} "
            f"({count(casino.spaces, 'lot')}, {casino.height} high): your {dice}; {bossed}"
        )
    if len(lines) == 2 and not parking:
        lines.append("  no casino tiles yet")
    return lines


def moves_text(state: GameState, color: Color, words: Sequence[str] = ()) -> str:
    """Every command `color` may give now, with its cost as the Discord autocomplete shows it.

    A build or remodel on one lot is one line whatever the company (`<company>` when any
    will do), a bet shows its range; past MOST_MOVES_LISTED of a kind the rest are counted.
    """
    grouped: dict[tuple[str, str], list[Action]] = {}
    for action in legal_actions(state, color):
        if isinstance(action, Build):
            key = f"{action.lot}" + (f" using {action.using}" if action.using else "")
        elif isinstance(action, Remodel | Gamble):
            key = action.lot
        else:
            key = format_action(action)
        grouped.setdefault((action.kind, key), []).append(action)
    if words:  # `moves build`: only that kind of command
        wanted = words[0].lower()
        grouped = {key: found for key, found in grouped.items() if key[0] == wanted}
    if not grouped:
        return (
            f"{color} has nothing to do just now."
            if not words
            else (f"{color} may not {words[0]} just now.")
        )
    by_kind: dict[str, list[tuple[str, str]]] = {}
    any_company = False
    for (kind, key), actions in grouped.items():
        first = actions[0]
        if isinstance(first, Build | Remodel):
            companies = [a.company for a in actions if isinstance(a, Build | Remodel)]
            # A remodel is to another company: `<company>` when every other one will do.
            own = casino_at(state, first.lot) if isinstance(first, Remodel) else None
            every = set(companies) | ({own.company} if own else set()) == set(COMPANIES)
            any_company = any_company or every
            company = "<company>" if every else "|".join(companies)
            lot, _, using = key.partition(" ")
            command = " ".join(word for word in (kind, lot, company, using) if word)
            row = (command, move_facts(state, color, first))
        elif isinstance(first, Gamble):
            most = max(a.amount for a in actions if isinstance(a, Gamble))
            row = (f"gamble {key} <1-{most}>", bet_facts(state, key, most))
        else:
            row = (key, move_facts(state, color, first))
        by_kind.setdefault(kind, []).append(row)
    rows: list[tuple[str, str]] = []
    for kind, listed in by_kind.items():
        rows += listed[:MOST_MOVES_LISTED]
        if len(listed) > MOST_MOVES_LISTED:
            more = count(len(listed) - MOST_MOVES_LISTED, f"more {kind} command")
            rows.append((f"... and {more}", ""))
    width = max((len(command) for command, facts in rows if facts), default=0)
    lines = [f"{command:<{width}}   {facts}".rstrip() for command, facts in rows]
    if any_company:
        lines.append(f"(<company>: {', '.join(COMPANIES[:-1])} or {COMPANIES[-1]})")
    return "\n".join(lines)


def rules_text(words: Sequence[str], edition: Edition) -> str:
    """`rules` alone: the topics; `rules <topic>` (or a command's alias): that topic."""
    listing = f"Rules topics: {', '.join(TOPICS)}. Type rules and a topic, e.g. `rules build`."
    if not words:
        return listing
    word = words[0].lower()
    topic = ALIASES.get(word, word)
    if topic in TOPICS:
        return guide(topic, edition)
    return f"There is no rules topic '{words[0]}'.{did_you_mean(word, TOPICS)} {listing}"


def unknown_command(line: str) -> str | None:
    """Why `line` names no command (with the likeliest one meant), or None if it does one."""
    command = line.partition(":")[2] if ":" in line else line
    words = command.split()
    word = words[0].lower() if words else ""
    if not word or word in (*TERMINAL_COMMANDS, *PLAYER_COMMANDS, *ALIASES):
        return None
    meant = did_you_mean(word, TERMINAL_COMMANDS + PLAYER_COMMANDS)
    return f"There is no command '{words[0]}'.{meant} Type `help` for the commands."


def fallback(state: GameState, color: Color) -> Action:
    """A computer's move when it has nothing to say: the default answer, no, or the end."""
    owed = decisions_owed(state, color)
    if owed:
        return default_answer(state, owed[0])
    offers = offers_to_answer(state, color)
    return Decline(offer=offers[0].id) if offers and state.current != color else EndTurn()


def standings(state: GameState) -> list[str]:
    """The final standings, best first (the game-over line has already named the winner)."""
    ranked = enumerate(final_standings(state), 1)
    return ["Final standings:"] + [
        f"{n}. {color}: {count(points, 'point')}, ${money}m" for n, (color, points, money) in ranked
    ]


class Terminal:
    """Lords of Vegas at the keyboard (a `bot.game.TerminalGame`)."""

    help: Final = HELP

    def intro(self, edition: str) -> str:
        """The game and its edition, as the first line says it."""
        return f"Lords of Vegas, {edition} edition."

    def computer(self, level: str, seed: int) -> AiPlayer:
        """The engine's AI player of that level."""
        return make_player(cast(Level, level), seed)

    def fallback(self, state: GameState, color: str) -> Action:
        """The default answer, no to an offer, or the end of the turn."""
        return fallback(state, cast(Color, color))

    def status_lines(self, state: GameState, computers: Mapping[str, str], color: str) -> list[str]:
        """Money, points, pieces, cards, offers, what the game waits for, and your holdings."""
        return status_lines(state, computers) + holdings_lines(state, cast(Color, color))

    def moves_text(self, state: GameState, color: str, words: Sequence[str]) -> str:
        """Every command the player may give now (of one kind, if named), with its cost."""
        return moves_text(state, cast(Color, color), words)

    def text_board(self, state: GameState) -> Text:
        """The blocks, casinos and players as text."""
        return text_board(state)

    def typed(self, state: GameState, color: str, line: str) -> str:
        """Lines are typed in the notation as they are."""
        return line

    def previews(
        self, state: GameState, people: Sequence[str]
    ) -> list[tuple[str, Callable[[], bytes]]]:
        """No placement pictures: the board shows every lot."""
        return []

    def rules_text(self, words: Sequence[str], edition: str) -> str:
        """The rules topics, or one topic."""
        return rules_text(words, cast(Edition, edition))

    def unknown_command(self, line: str) -> str | None:
        """Why `line` names no command, with the likeliest one meant."""
        return unknown_command(line)

    def picture(self, state: GameState) -> bytes:
        """The board."""
        return render_board(state)

    def picture_name(self, state: GameState, events: Sequence[Event]) -> str | None:
        """`final.png` at the end, `turn-007.png` when turn 7 begins."""
        if state.over:
            return "final.png"
        if any(isinstance(event, TurnStarted) for event in events):
            return f"turn-{state.turn:03d}.png"
        return None

    def picture_now(self, state: GameState) -> str:
        """`turn-007-now.png`."""
        return f"turn-{state.turn:03d}-now.png"

    def standings(self, state: GameState) -> list[str]:
        """The final standings."""
        return standings(state)

    def stopped(self, state: GameState, record: Path) -> str:
        """Where the game stopped, and that its record tells nothing to come."""
        return (
            f"Game stopped at turn {state.turn}. {record} holds its public record "
            "(every accepted command and the board), without the seed: it tells nothing "
            "of the cards and dice to come."
        )
