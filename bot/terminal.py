"""A game in the terminal: hot-seat players and computer players, no Discord needed.

    python3 tasks.py run bot.offline [--game GAME] [--players N] [--ai LEVEL ...]
                                     [--seed S] [--boards DIR] [--edition E] [--pace S]
    python3 tasks.py run bot.offline --resume [ID]

The first seats are people taking turns at the keyboard; the last ones (one per `--ai`
level) are computer players. Commands are the engine's notation, typed at a prompt that
names whose move it is (`red> `); whatever happens is told in plain words. Each game
gets a folder of its own in the boards folder (`game-001`, `game-002`...): its pictures
as it goes, and `record.json` after every accepted command. While the game runs that
record is the public one (whoever reads it learns nothing still hidden); once the game
has ended, it is the full record and the seed is told. The board is also drawn as text
in the terminal (in colour where the terminal shows colour), and every game is kept in
the bot's store as it goes, so a stopped game continues with `--resume ID`.

Any game whose `HostedGame.terminal()` says how plays here; `bot.offline` is the entry
point, with the registered games.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import sqlite3
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TextIO

from rich.console import Console

from bot.game import Computer, Games, HostedGame, TerminalGame
from bot.hints import HEADER, hint_lines
from bot.store import StoreError
from bot.terminal_input import Keyboard
from bot.terminal_keeping import (
    Keeper,
    TableSeats,
    default_database,
    listing,
    seating_of,
    unfinished,
)

# A computer player finishing a turn takes a few actions; past this many it ends the turn.
MOST_COMPUTER_ACTIONS: Final = 40
RECORD: Final = "record.json"
# Typed at the prompt besides the game's commands.
TERMINAL_COMMANDS: Final = ("moves", "hint", "status", "board", "rules", "help", "quit", "exit")
# The text board is drawn this wide at most, whatever the terminal's width.
BOARD_COLUMNS: Final = 100


@dataclass
class Table:
    """An offline game: the state, its record, the computer players and its folder."""

    hosted: HostedGame
    terminal: TerminalGame
    edition: str
    state: Any
    record: Any
    computers: dict[str, Computer]
    folder: Path
    out: TextIO
    # The terminal's width, to wrap long lines at; None when the output is not a terminal.
    width: int | None = None
    # Every colour seated, in seating order.
    seats: tuple[str, ...] = ()
    # Where the game is kept as it goes (None: it could not be; it plays on all the same).
    keeper: Keeper | None = None
    console: Console | None = None

    def say(self, text: str = "") -> None:
        """Print lines for the players, wrapped to the terminal."""
        if self.width is not None:
            text = "\n".join(wrapped(line, self.width) for line in text.split("\n"))
        print(text, file=self.out, flush=True)

    def tell(self, events: Sequence[Any]) -> None:
        """Tell what happened, and write the picture when the game says (a new turn, the end)."""
        for event in events:
            self.say(self.hosted.rules.describe(event))
        name = self.terminal.picture_name(self.state, events)
        if name is not None:
            self.show_board()
            self.write_picture(name)
        self.write_previews()

    def write_previews(self) -> None:
        """Write the pictures the people need now (each once), and say where they are."""
        people = [color for color in self.seats if color not in self.computers]
        for name, draw in self.terminal.previews(self.state, people):
            path = self.folder / name
            if not path.exists():
                path.write_bytes(draw())
                self.say(f"(places, numbered: {path})")

    def show_board(self) -> None:
        """Draw the board as text: in colour on a colour terminal, plain otherwise."""
        if self.console is None:
            self.console = board_console(self.out)
        self.console.print(self.terminal.text_board(self.state), soft_wrap=True)

    def write_picture(self, name: str) -> Path:
        """Write the game's picture to its folder."""
        path = self.folder / name
        path.write_bytes(self.terminal.picture(self.state))
        self.say(f"(board: {path})")
        return path

    def save_record(self) -> None:
        """Write the record: the public one while the game runs, the full one at its end."""
        over = self.hosted.rules.is_over(self.state)
        shown = self.record if over else self.hosted.public_record(self.record, self.state)
        (self.folder / RECORD).write_text(shown.model_dump_json(indent=1))

    def play(self, color: str, action: Any) -> None:
        """Apply a command (it may be refused: `IllegalAction`), log it and tell the table."""
        rules = self.hosted.rules
        events = rules.apply(self.state, color, action)
        line = rules.format_line(color, action)
        self.record.commands.append(line)
        if self.keeper is not None:
            self.keeper.save(line, self.state.model_dump_json(), rules.is_over(self.state))
        self.save_record()
        self.tell(events)

    def take_back(self, color: str) -> None:
        """Take back `color`'s latest move the engine allows (else `IllegalAction`: why not)."""
        self.state, events = self.record.take_back(color)
        if self.keeper is not None:
            over = self.hosted.rules.is_over(self.state)
            self.keeper.save(self.record.commands[-1], self.state.model_dump_json(), over)
        self.save_record()
        self.tell(events)


def board_console(out: TextIO) -> Console:
    """A console for the text board: colour only on a terminal, and never with NO_COLOR."""
    return Console(file=out, width=BOARD_COLUMNS, highlight=False, markup=False, emoji=False)


def hint_words(hosted: HostedGame, state: Any, color: str) -> str:
    """The `hint` answer: the normal computer player's best moves for `color`, and why."""
    suggestions = hosted.hints(state, color)
    if suggestions is None:
        return f"{hosted.title} gives no hints."
    if not suggestions:
        return f"Nothing is yours to decide just now, {color}."
    return "\n".join([HEADER, *hint_lines(suggestions)])


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


def handle(table: Table, color: str, line: str) -> bool:
    """Carry out what a person typed; False when they want to stop."""
    words = line.split()
    word = words[0].lower() if words else ""
    terminal, rules = table.terminal, table.hosted.rules
    actor, colon, rest = line.partition(":")
    if colon and actor.strip().lower() in table.seats and rest.split():
        asked = rest.split()[0].lower()
        if asked in ("moves", "status"):  # `blue: moves`: what another player may do
            color, words, word = actor.strip().lower(), rest.split(), asked
    if not word:
        return True
    if word in ("quit", "exit"):
        return False
    if word == "help":
        table.say(terminal.help)
    elif word == "status":
        levels = {color: computer.level for color, computer in table.computers.items()}
        table.say("\n".join(terminal.status_lines(table.state, levels, color)))
    elif word == "board":
        table.show_board()
        table.write_picture(terminal.picture_now(table.state))
    elif word == "moves":
        table.say(terminal.moves_text(table.state, color, words[1:]))
    elif word == "hint":
        table.say(hint_words(table.hosted, table.state, color))
    elif word == "rules":
        table.say(terminal.rules_text(words[1:], table.edition))
    elif (taker := _taking_back(table, color, line)) is not None:
        try:
            table.take_back(taker)
        except rules.IllegalAction as refusal:
            table.say(f"Refused: {refusal}")
    elif (unknown := terminal.unknown_command(line)) is not None:
        table.say(f"Refused: {unknown}")
    else:
        line = terminal.typed(table.state, color, line)
        try:
            actor, action = (
                rules.parse_line(line) if ":" in line else (color, rules.parse_command(line))
            )
            if actor in table.computers:
                raise rules.IllegalAction(f"{actor} is a computer player; it moves by itself.")
            table.play(actor, action)
        except (rules.IllegalAction, rules.NotationError) as refusal:
            table.say(f"Refused: {refusal}")
    return True


def _taking_back(table: Table, color: str, line: str) -> str | None:
    """Who takes a move back, if `line` is the game's take-back word (`undo`, `red: undo`)."""
    actor, said, command = line.rpartition(":") if ":" in line else ("", "", line)
    if command.strip().lower() != table.hosted.take_back_word:
        return None
    return actor.strip().lower() if said else color


def run(table: Table, keyboard: Keyboard, pace: float) -> bool:
    """Play until the game ends (True) or the people stop (False).

    Computer moves come `pace` seconds apart; Enter during a pause skips the pauses
    until a person is asked again.
    """
    rules = table.hosted.rules
    moment, acted = table.hosted.moment(table.state), 0
    while not rules.is_over(table.state):
        if table.hosted.moment(table.state) != moment:
            moment, acted = table.hosted.moment(table.state), 0
        color = table.hosted.computer_to_move(table.state, table.computers)
        if color is not None:
            keyboard.pause(pace)
            acted += 1
            chosen = table.computers[color].act(table.state, color)
            if chosen is None or acted > MOST_COMPUTER_ACTIONS:
                chosen = table.terminal.fallback(table.state, color)
            try:
                table.play(color, chosen)
            except rules.IllegalAction as refusal:  # never expected; do not get stuck on it
                command = rules.format_line(color, chosen).partition(": ")[2]
                table.say(f"({color} could not {command}: {refusal})")
                table.play(color, table.terminal.fallback(table.state, color))
            continue
        color = rules.waiting_for(table.state)[0]
        line = keyboard.ask(f"{color}> ")
        if line is None:  # the end of the input (Ctrl-D) or Ctrl-C
            table.say()
            return False
        if not handle(table, color, line.strip()):
            return False
    return True


def game_names(games: Games) -> dict[str, str]:
    """What `--game` accepts, mapped to the game's kind.

    Each game's kind, its command (`lov`, `vs`), and each word of its title that no other
    title has (`showdown`).
    """
    names: dict[str, str] = {}
    words: dict[str, set[str]] = {}
    for kind, hosted in games.items():
        names[kind] = names[hosted.command] = kind
        for word in hosted.title.lower().split():
            words.setdefault(word, set()).add(kind)
    for word, kinds in words.items():
        if len(kinds) == 1 and len(word) > 2:
            names.setdefault(word, next(iter(kinds)))
    return names


def parse_args(games: Games, argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    first = next(iter(games.values()))
    titles = " or ".join(hosted.title for hosted in games.values())
    names = game_names(games)
    parser = argparse.ArgumentParser(
        prog="python3 tasks.py run bot.offline",
        description=f"Play {titles} in the terminal: people take turns at the keyboard, "
        "computer players move by themselves. Every game is kept as it goes; "
        "--resume continues one.",
    )

    def game_name(text: str) -> str:
        kind = names.get(text.strip().lower())
        if kind is None:
            known = ", ".join(f"{hosted.command} ({hosted.title})" for hosted in games.values())
            raise argparse.ArgumentTypeError(f"no game called {text!r}; choose {known}")
        return kind

    parser.add_argument(
        "--game",
        type=game_name,
        default=first.kind,
        metavar="GAME",
        help="which game: "
        + ", ".join(f"{hosted.command} or {kind}" for kind, hosted in games.items())
        + f" (default: {first.kind})",
    )
    parser.add_argument(
        "--players",
        type=int,
        help="seats at the table (default: the game's fewest, or one person beside the "
        "computer players)",
    )
    levels = list(dict.fromkeys(level for hosted in games.values() for level in hosted.levels))
    parser.add_argument(
        "--ai",
        nargs="*",
        action="extend",
        default=[],
        choices=levels,
        metavar="LEVEL",
        help=f"one computer player per level given ({' or '.join(levels)}); they take the "
        "last seats (`--ai easy hard` and `--ai easy --ai hard` both seat two)",
    )
    parser.add_argument("--seed", type=int, help="deal and dice (default: a random one)")
    parser.add_argument(
        "--boards",
        type=Path,
        default=Path("data/boards"),
        help="folder for the games' board images and records, each game in a folder of its "
        "own (default: data/boards)",
    )
    parser.add_argument(
        "--edition",
        help="which rules: "
        + "; ".join(f"{hosted.title}: {' or '.join(hosted.editions)}" for hosted in games.values())
        + " (default: the game's first)",
    )
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="pause between computer moves (default: 1 when every seat is a computer, "
        "0 otherwise); Enter skips ahead",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const=0,
        type=int,
        metavar="ID",
        help="alone: list the unfinished games; with an ID: continue that game",
    )
    parser.add_argument(
        "--database",
        type=Path,
        help="where games are kept (default: the bot's, DATABASE_PATH, data/vegas.sqlite3)",
    )
    return parser.parse_args(argv)


@dataclass(frozen=True)
class Opening:
    """A table ready to play: new, or resumed from the store."""

    table: Table
    seed: int
    seats: TableSeats
    resumed: bool


def new_table(games: Games, args: argparse.Namespace, out: TextIO, database: Path) -> Opening | str:
    """A new game as the command line asks, kept in the store; or why it cannot be."""
    hosted = games[args.game]
    terminal = hosted.terminal()
    edition = args.edition or hosted.editions[0]
    levels: list[str] = args.ai
    wrong = [level for level in levels if level not in hosted.levels]
    if terminal is None or edition not in hosted.editions or wrong:
        return (
            f"{hosted.title} does not play here like that: its editions are "
            f"{', '.join(hosted.editions)}, its computer levels {', '.join(hosted.levels)}."
        )
    fewest, colors = hosted.min_players(edition), hosted.colors(edition)
    count = args.players if args.players is not None else max(fewest, len(levels) + 1)
    if not fewest <= count <= len(colors) or len(levels) > count:
        label = hosted.table_label(edition)
        return (
            f"{label[:1].upper()}{label[1:]} seats {fewest} to {len(colors)} players, and the "
            f"computer players are some of them (--players {count}, {len(levels)} --ai)."
        )
    seated = list(colors[:count])
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    settings = hosted.new_settings(edition, seated, seed)
    people = seated[: count - len(levels)]
    seats = TableSeats(tuple(seated), dict(zip(seated[len(people) :], levels, strict=True)))
    state, events = hosted.rules.new_game(settings)
    folder = game_folder(args.boards)
    keeper: Keeper | None
    try:
        keeper = Keeper.create(
            database, games, hosted, edition, seats, settings, state.model_dump_json(), folder
        )
    except (OSError, sqlite3.Error, StoreError) as problem:
        keeper = None
        print(f"(This game is not kept, so it cannot be resumed: {problem})", file=out)
    record = hosted.record(settings, [])
    table = Table(
        hosted, terminal, edition, state, record, computers(terminal, seats, seed), folder, out
    )
    table.keeper, table.seats = keeper, seats.colors
    table.say(f"{terminal.intro(edition)} Boards and the game's record go to {folder}.")
    if keeper is not None:
        table.say(f"This is game {keeper.game.id}: `--resume {keeper.game.id}` continues it.")
    introduce(table, seats)
    table.save_record()
    table.tell(events)
    return Opening(table, seed, seats, resumed=False)


def computers(terminal: TerminalGame, seats: TableSeats, seed: int) -> dict[str, Computer]:
    """The computer players, each seeded from the game's seed by its place among them."""
    levels = [(color, seats.computers[color]) for color in seats.colors if color in seats.computers]
    return {color: terminal.computer(level, seed + n) for n, (color, level) in enumerate(levels)}


def introduce(table: Table, seats: TableSeats) -> None:
    """Who sits where, and where to start."""
    for color in seats.colors:
        level = seats.computers.get(color)
        table.say(f"  {color}: {'person' if level is None else f'computer player ({level})'}")
    table.say("Type `help` for the commands, `moves` for what you may do now.")


def resumed_table(
    games: Games, game_id: int, out: TextIO, database: Path, boards: Path
) -> Opening | str:
    """The stored terminal game `game_id`, ready to go on; or why it cannot."""
    if not database.exists():
        return f"There is no database at {database}, so no game to resume."
    kept = Keeper.resume(database, games, game_id)
    if isinstance(kept, str):
        return kept
    game = kept.game
    hosted = games[game.kind]
    terminal = hosted.terminal()
    assert terminal is not None  # only games with a terminal are stored from it
    settings, state = game.settings(), game.state()
    seats = seating_of(hosted, game)
    stored = game.options.get("folder")
    folder = Path(stored) if isinstance(stored, str) and Path(stored).is_dir() else None
    folder = folder or game_folder(boards)
    record = hosted.record(settings, kept.commands())
    seed = settings.seed
    table = Table(
        hosted,
        terminal,
        game.edition,
        state,
        record,
        computers(terminal, seats, seed),
        folder,
        out,
    )
    table.keeper, table.seats = kept, seats.colors
    table.say(
        f"{terminal.intro(game.edition)} Game {game.id} resumes after {game.moves} moves; "
        f"boards and its record go to {folder}."
    )
    introduce(table, seats)
    table.save_record()
    table.show_board()
    return Opening(table, seed, seats, resumed=True)


def main(
    games: Games,
    argv: Sequence[str] | None = None,
    inp: TextIO | None = None,
    out: TextIO | None = None,
) -> int:
    """Play one game in the terminal, or list the games to resume.

    The exit status is 2 for a bad command line and 130 when Ctrl-C stopped the game (it
    is kept either way).
    """
    args = parse_args(games, argv)
    inp, out = inp or sys.stdin, out or sys.stdout
    database: Path = args.database or default_database()
    if args.resume == 0:
        print(listing(games, unfinished(database, games)), file=out)
        return 0
    opened = (
        resumed_table(games, args.resume, out, database, args.boards)
        if args.resume is not None
        else new_table(games, args, out, database)
    )
    if isinstance(opened, str):
        print(opened, file=sys.stderr)
        return 2
    table = opened.table
    table.width = shutil.get_terminal_size().columns if out.isatty() else None
    everyone_computer = len(opened.seats.computers) == len(opened.seats.colors)
    pace = args.pace if args.pace is not None else (1.0 if everyone_computer else 0.0)
    keyboard = Keyboard(inp, out)
    try:
        finished = run(table, keyboard, pace)
    except KeyboardInterrupt:  # Ctrl-C while the computers play: stop as `quit` does
        keyboard.interrupted, finished = True, False
        table.say()
    finally:
        if table.keeper is not None:
            table.keeper.close()
    path = table.folder / RECORD
    if finished:
        table.say("\n".join(table.terminal.standings(table.state)))
        table.say(
            f"The whole record is in {path}; seed {opened.seed} "
            f"(--seed {opened.seed} deals it again)."
        )
        return 0
    table.say(table.terminal.stopped(table.state, path))
    if table.keeper is not None:
        game_id = table.keeper.game.id
        table.say(
            f"The game is kept: `python3 tasks.py run bot.offline --resume {game_id}` continues it."
        )
    return 130 if keyboard.interrupted else 0
