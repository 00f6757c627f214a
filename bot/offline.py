"""Lords of Vegas in the terminal: hot-seat players and computer players, no Discord needed.

    python3 tasks.py run bot.offline [--players N] [--ai LEVEL ...] [--seed S] [--boards DIR]

The first seats are people taking turns at the keyboard; the last ones (one per `--ai`
level) are computer players. Commands are the engine's notation, typed at a prompt that
names whose move it is (`red> `); whatever happens is told in plain words. Each game
gets a folder of its own in the boards folder (`game-001`, `game-002`...): the board
image at every new turn, and `record.json` after every accepted command. While the game
runs that record is the public one (no seed, no deck order: whoever reads it learns
nothing of the cards and dice to come); once the game has ended, it is the full record
and the seed is told.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import sys
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO, cast

from bot.autoplay import waiting_computer
from bot.move_facts import bet_facts, move_facts
from bot.tables import COLOR_PREFERENCE
from engine.lords_of_vegas import (
    COMPANIES,
    GAME_OVER,
    Action,
    Color,
    Event,
    GameSettings,
    GameState,
    IllegalAction,
    NotationError,
    apply,
    decisions_owed,
    default_answer,
    describe,
    describe_decision,
    format_action,
    legal_actions,
    new_game,
    offers_to_answer,
    parse_command,
    parse_line,
    waiting_for,
)
from engine.lords_of_vegas.actions import Build, Decline, EndTurn, Gamble, Remodel
from engine.lords_of_vegas.ai.players import LEVELS, AiPlayer, Level, make_player
from engine.lords_of_vegas.board import company_name
from engine.lords_of_vegas.casino import casino_at
from engine.lords_of_vegas.ending import standings as final_standings
from engine.lords_of_vegas.events import TurnStarted
from engine.lords_of_vegas.guide import TOPICS, guide
from engine.lords_of_vegas.narrate import describe_offer
from engine.lords_of_vegas.notation import ALIASES, PLAYER_COMMANDS, did_you_mean
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.state import EDITION_COLORS, MIN_PLAYERS, Edition
from engine.lords_of_vegas.supply import cards_drawn, cards_of, dice_left, markers_left
from engine.words import count
from render.lords_of_vegas import render_board

# A computer player finishing a turn takes a few actions; past this many it ends the turn.
MOST_COMPUTER_ACTIONS: Final = 40
# Of each kind of command (`moves` lists what a player may do).
MOST_MOVES_LISTED: Final = 20
RECORD: Final = "record.json"
# Typed at the prompt besides the game's commands.
TERMINAL_COMMANDS: Final = ("moves", "status", "board", "rules", "help", "quit", "exit")

HELP: Final = """\
Type a command for the player named at the prompt, in the engine's notation:
  build <LOT> <company> [using <LOT>]     companies: albion sphinx vega tivoli pioneer
  sprawl <LOT> [from <LOT>] [using <LOT>]
  remodel <LOT> <company>     reorganize <LOT>     raise <LOT>     gamble <LOT> <amount>
  end                         end your turn; the next player draws
  place <LOT>=<pips> ...      layoff yes|no        take die <LOT> | take marker <LOT>
  offer <step>; <step>; ...   steps: <p> pays <q> <n> | <p> gives <q> lot <LOT>
                                     | <p> gives <q> die <LOT> | <p> does <action>
  accept <n> | decline <n> | withdraw <n>
Another player acts by putting their colour first:  blue: accept 1
Also: moves (what you may do now), status, board (write the board image now),
      rules [topic], help, quit"""


@dataclass
class Table:
    """An offline game: the state, its record, the computer players and its folder."""

    state: GameState
    record: GameRecord
    computers: dict[Color, AiPlayer]
    folder: Path
    out: TextIO
    # The terminal's width, to wrap long lines at; None when the output is not a terminal.
    width: int | None = None

    def say(self, text: str = "") -> None:
        """Print lines for the players, wrapped to the terminal."""
        if self.width is not None:
            text = "\n".join(wrapped(line, self.width) for line in text.split("\n"))
        print(text, file=self.out, flush=True)

    def tell(self, events: Sequence[Event]) -> None:
        """Tell what happened, and write the board if a turn began or the game ended."""
        for event in events:
            self.say(describe(event))
        if self.state.over:
            self.write_board("final.png")
        elif any(isinstance(event, TurnStarted) for event in events):
            self.write_board(f"turn-{self.state.turn:03d}.png")

    def write_board(self, name: str) -> Path:
        """Write the board image to the game's folder."""
        path = self.folder / name
        path.write_bytes(render_board(self.state))
        self.say(f"(board: {path})")
        return path

    def save_record(self) -> None:
        """Write the record: the public one while the game runs, the full one at its end."""
        shown = self.record if self.state.over else self.record.public(self.state)
        (self.folder / RECORD).write_text(shown.model_dump_json(indent=1))

    def play(self, color: Color, action: Action) -> None:
        """Apply a command (it may be refused: `IllegalAction`), log it and tell the table."""
        events = apply(self.state, color, action)
        self.record.append(color, action)
        self.save_record()
        self.tell(events)


def game_folder(boards: Path) -> Path:
    """A new folder of its own for a game in `boards`: game-001, game-002..."""
    number = 1
    while True:
        folder = boards / f"game-{number:03d}"
        try:
            folder.mkdir(parents=True)  # refused when an earlier game has this number
        except FileExistsError:
            number += 1
            continue
        return folder


def seat_colors(edition: Edition, count: int) -> list[Color]:
    """The colours of `count` seats, in the order the bot hands them out."""
    allowed = EDITION_COLORS[edition]
    return [color for color in COLOR_PREFERENCE if color in allowed][:count]


def status_lines(state: GameState, computers: Mapping[Color, AiPlayer]) -> list[str]:
    """Money, points, pieces left, cards drawn, and what the game waits for."""
    lines = [f"Turn {state.turn} ({state.edition} edition)."]
    for player in state.players:
        computer = computers.get(player.color)
        who = f"{player.color} (computer, {computer.level})" if computer else player.color
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


def moves_text(state: GameState, color: Color) -> str:
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
    if not grouped:
        return f"{color} has nothing to do just now."
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


def wrapped(line: str, width: int) -> str:
    """A line cut at spaces to fit `width`, its continuation indented like it."""
    if len(line) <= width:
        return line
    indent = line[: len(line) - len(line.lstrip())]
    if len(indent) > width // 3:  # a column laid out for a wider screen
        line, indent = "  " + line.lstrip(), "  "
    return "\n".join(
        textwrap.wrap(
            line,
            width,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
    )


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


def whose_prompt(state: GameState) -> Color:
    """The person the game waits for: the first decision owed, or the current player."""
    return waiting_for(state)[0]


def handle(table: Table, color: Color, line: str) -> bool:
    """Carry out what a person typed; False when they want to stop."""
    words = line.split()
    word = words[0].lower() if words else ""
    if not word:
        return True
    if word in ("quit", "exit"):
        return False
    if word == "help":
        table.say(HELP)
    elif word == "status":
        table.say("\n".join(status_lines(table.state, table.computers)))
    elif word == "board":
        table.write_board(f"turn-{table.state.turn:03d}-now.png")
    elif word == "moves":
        table.say(moves_text(table.state, color))
    elif word == "rules":
        table.say(rules_text(words[1:], table.state.edition))
    elif (unknown := unknown_command(line)) is not None:
        table.say(f"Refused: {unknown}")
    else:
        try:
            actor, action = parse_line(line) if ":" in line else (color, parse_command(line))
            if actor in table.computers:
                raise IllegalAction(f"{actor} is a computer player; it moves by itself.")
            table.play(actor, action)
        except (IllegalAction, NotationError) as refusal:
            table.say(f"Refused: {refusal}")
    return True


def run(table: Table, inp: TextIO) -> bool:
    """Play until the game ends (True) or the people stop (False)."""
    state = table.state
    turn, acted = state.turn, 0
    while not state.over:
        if state.turn != turn:
            turn, acted = state.turn, 0
        computer = waiting_computer(table.computers, state)
        if computer is not None:
            color = computer[0]
            acted += 1
            chosen = table.computers[color].act(state, color)
            if chosen is None or acted > MOST_COMPUTER_ACTIONS:
                chosen = fallback(state, color)
            try:
                table.play(color, chosen)
            except IllegalAction as refusal:  # never expected; do not get stuck on it
                table.say(f"({color} could not {format_action(chosen)}: {refusal})")
                table.play(color, fallback(state, color))
            continue
        color = whose_prompt(state)
        print(f"{color}> ", end="", file=table.out, flush=True)
        line = inp.readline()
        if not line:  # the end of the input
            table.say()
            return False
        if not handle(table, color, line.strip()):
            return False
    return True


def standings(state: GameState) -> list[str]:
    """The final standings, best first (the game-over line has already named the winner)."""
    ranked = enumerate(final_standings(state), 1)
    return ["Final standings:"] + [
        f"{n}. {color}: {count(points, 'point')}, ${money}m" for n, (color, points, money) in ranked
    ]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run bot.offline",
        description="Play Lords of Vegas in the terminal: people take turns at the keyboard, "
        "computer players move by themselves.",
    )
    parser.add_argument("--players", type=int, help="seats at the table (default: 2)")
    parser.add_argument(
        "--ai",
        nargs="*",
        default=[],
        choices=LEVELS,
        metavar="LEVEL",
        help="one computer player per level given (easy, normal or hard); they take the last seats",
    )
    parser.add_argument("--seed", type=int, help="deal and dice (default: a random one)")
    parser.add_argument(
        "--boards",
        type=Path,
        default=Path("data/boards"),
        help="folder for the games' board images and records, each game in a folder of its "
        "own (default: data/boards)",
    )
    parser.add_argument("--edition", choices=("updated", "classic"), default="updated")
    return parser.parse_args(argv)


def main(
    argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Play one game in the terminal; the exit status is 2 for a bad command line."""
    args = parse_args(argv)
    inp, out = inp or sys.stdin, out or sys.stdout
    edition = cast(Edition, args.edition)
    levels = cast(list[Level], args.ai)
    count = args.players if args.players is not None else max(MIN_PLAYERS, len(levels) + 1)
    most = len(EDITION_COLORS[edition])
    if not MIN_PLAYERS <= count <= most or len(levels) > count:
        print(
            f"The {edition} edition seats {MIN_PLAYERS} to {most} players, and the computer "
            f"players are some of them (--players {count}, {len(levels)} --ai).",
            file=sys.stderr,
        )
        return 2
    colors = seat_colors(edition, count)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    settings = GameSettings(edition=edition, players=colors, seed=seed)
    people = colors[: count - len(levels)]
    computers = {
        color: make_player(level, seed + n)
        for n, (color, level) in enumerate(zip(colors[len(people) :], levels, strict=True))
    }
    state, events = new_game(settings)
    folder = game_folder(args.boards)
    width = shutil.get_terminal_size().columns if out.isatty() else None
    table = Table(state, GameRecord(settings=settings), computers, folder, out, width)
    table.say(f"Lords of Vegas, {edition} edition. Boards and the game's record go to {folder}.")
    for color in colors:
        kind = f"computer player ({computers[color].level})" if color in computers else "person"
        table.say(f"  {color}: {kind}")
    table.say("Type `help` for the commands, `moves` for what you may do now.")
    table.save_record()
    table.tell(events)
    finished = run(table, inp)
    record = folder / RECORD
    if finished:
        table.say("\n".join(standings(table.state)))
        table.say(f"The whole record is in {record}; seed {seed} (--seed {seed} deals it again).")
    else:
        table.say(
            f"Game stopped at turn {table.state.turn}. {record} holds its public record "
            "(every accepted command and the board), without the seed: it tells nothing "
            "of the cards and dice to come."
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
