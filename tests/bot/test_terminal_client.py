"""The terminal as a real client: the board drawn as text, games kept in the store and
resumed exactly, Ctrl-C and Ctrl-D, `moves TILE` paged, numbered placement pictures,
`--pace` with Enter skipping ahead, and the names `--game` accepts."""

from __future__ import annotations

import asyncio
import io
import json
import os
import pty
import re
import select
import signal
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from PIL import Image
from rich.console import Console

from bot.games import GAMES
from bot.games.vegas_showdown import placing
from bot.games.vegas_showdown.terminal import PLACES_PER_PAGE
from bot.offline import main
from bot.store import Store
from bot.terminal import board_console
from engine.lords_of_vegas import GameRecord, GameSettings, GameState, apply, parse_command
from engine.lords_of_vegas.randomplay import play_random_game
from engine.vegas_showdown import GameSettings as GameSettings_vs
from engine.vegas_showdown import apply as apply_vs
from engine.vegas_showdown import format_action as format_vs
from engine.vegas_showdown import new_game as showdown_game
from engine.vegas_showdown.greedy import GreedyPlayer
from engine.vegas_showdown.randomplay import play_game
from engine.vegas_showdown.tables import tile_name
from tests.bot.test_offline import ROOT, Terminal

pytestmark = pytest.mark.usefixtures("terminal_database")

GOLDEN = Path(__file__).parent / "golden"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SEED = 20261122  # red holds D8 and E1, blue D9 and E2; blue plays first


class FakeTerminal(io.StringIO):
    """Output that says it is a terminal, as a real one would."""

    def isatty(self) -> bool:
        return True


@cache
def positions() -> dict[str, object]:
    """The positions drawn in the golden files."""
    return {**lov_positions(), **vs_positions()}


def lov_positions() -> dict[str, GameState]:
    """A 6-player game of the updated edition at its middle and at its end."""
    final, record = play_random_game(["black", "blue", "green", "purple", "red", "yellow"], 7)
    middle, _ = record.replay(len(record.commands) // 2)
    return {"lov-middle": middle, "lov-final": final}


def vs_positions() -> dict[str, object]:
    """A 5-player game of Vegas Showdown two thirds of the way, and a 3-player one's end."""
    _, record = play_game(["red", "yellow", "green", "blue", "purple"], 11)
    later, _ = record.replay(len(record.commands) * 2 // 3)
    final, _ = play_game(["red", "yellow", "green"], 4)
    return {"vs-later": later, "vs-final": final}


def drawn(state: object, *, color: bool) -> str:
    """The text board as the terminal prints it, coloured (truecolor, whatever terminal
    runs the tests, so the golden file is the same anywhere) or plain."""
    kind = "lords_of_vegas" if isinstance(state, GameState) else "vegas_showdown"
    terminal = GAMES[kind].terminal()
    assert terminal is not None
    out = io.StringIO()
    console = Console(
        file=out,
        width=100,
        color_system="truecolor" if color else None,
        force_terminal=color,
        highlight=False,
    )
    console.print(terminal.text_board(state), soft_wrap=True)
    return out.getvalue()


def print_coloured_boards() -> None:
    """Print every golden position's coloured board, as JSON (run in a process of its own)."""
    print(json.dumps({name: drawn(state, color=True) for name, state in positions().items()}))


@cache
def coloured_boards() -> dict[str, str]:
    """The coloured boards, drawn in a fresh process: rich keeps the codes a style was first
    drawn with, so a style drawn earlier for a plainer terminal would colour it otherwise."""
    code = "from tests.bot.test_terminal_client import print_coloured_boards as p; p()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=True, text=True
    )
    boards: dict[str, str] = json.loads(done.stdout)
    return boards


@pytest.mark.parametrize("color", [False, True], ids=["plain", "colour"])
@pytest.mark.parametrize("name", ["lov-middle", "lov-final", "vs-later", "vs-final"])
def test_the_text_board_matches_its_golden_file(name: str, color: bool) -> None:
    state = positions()[name]
    text = coloured_boards()[name] if color else drawn(state, color=False)
    golden = GOLDEN / f"{name}{'-colour' if color else ''}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(text)
    assert text == golden.read_text()
    plain = ANSI.sub("", text)
    assert max(len(line) for line in plain.splitlines()) <= 100
    if color:
        assert ANSI.search(text) and plain == drawn(state, color=False)
    else:
        assert not ANSI.search(text)


def test_the_golden_boards_show_what_players_need() -> None:
    middle = (GOLDEN / "lov-middle.txt").read_text()
    for street in ("SAHARA AVE", "FLAMINGO RD", "TROPICANA AVE"):
        assert street in middle
    assert re.search(r"\b[A-F]\d{1,2}\s+[ASVTP]\d (BK|BL|GN|PU|RD|YL)\*", middle)  # a boss's die
    assert re.search(r"\b[A-F]\d{1,2}\s+(BK|BL|GN|PU|RD|YL) \$\d+", middle)  # a parking lot
    assert "Casinos (lots x height" in middle and re.search(r"boss (BK|BL|GN|PU|RD|YL)", middle)
    assert re.search(r"> (BK|BL|GN|PU|RD|YL) \w+ +\$\d+m, \d+ points?", middle)
    later = (GOLDEN / "vs-later.txt").read_text()
    assert "Minimum Bid $" in later and "in stack, bids from $" in later
    assert later.count("    a   b   c   d   e   f   g") == 5  # a sheet for each player
    assert "-o-" in later and re.search(r"\|[A-Z][A-Za-z0-9]{1,2}", later)  # doors and tiles
    assert "Tiles: " in later and "o a door" in later


def test_colour_follows_the_terminal_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    state = positions()["lov-middle"]
    terminal = GAMES["lords_of_vegas"].terminal()
    assert terminal is not None
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    shown = FakeTerminal()
    board_console(shown).print(terminal.text_board(state))
    assert ANSI.search(shown.getvalue())
    piped = io.StringIO()
    board_console(piped).print(terminal.text_board(state))
    assert not ANSI.search(piped.getvalue())
    monkeypatch.setenv("NO_COLOR", "1")
    plain = FakeTerminal()
    board_console(plain).print(terminal.text_board(state))
    assert not re.search(r"\x1b\[[0-9;]*3[0-9;]*m", plain.getvalue())  # no colours


def test_the_board_is_drawn_at_every_turn_and_status_tells_your_holdings(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    typed = "status\nbuild D9 pioneer\nstatus\nquit\n"
    argv = ["--seed", str(SEED), "--boards", str(tmp_path)]
    assert main(argv, io.StringIO(typed), out) == 0
    said = out.getvalue()
    assert said.count("Lords of Vegas, turn 1 (updated edition)") == 1  # before anyone types
    assert "Yours (blue):\n  parking lots: A6 ($20m), D9 ($9m), E2 ($6m)" in said
    assert re.search(r"Pioneer casino D9 \(1 lot, 1 high\): your \d on D9; you are the boss", said)


def stored_state(database: Path, game_id: int) -> str:
    """The snapshot the store holds for a game."""
    with sqlite3.connect(database) as db:
        row = db.execute("SELECT state FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
    return str(row[0])


def test_a_quit_game_resumes_exactly_where_it_stopped(
    tmp_path: Path, terminal_database: Path
) -> None:
    settings = GameSettings(players=["red", "blue"], seed=SEED)
    first = ["build D9 pioneer", "end"]
    argv = ["--seed", str(SEED), "--boards", str(tmp_path)]
    out = io.StringIO()
    assert main(argv, io.StringIO("\n".join([*first, "quit"]) + "\n"), out) == 0
    assert "The game is kept: `python3 tasks.py run bot.offline --resume 1` continues it." in (
        out.getvalue()
    )
    listed = io.StringIO()
    assert main(["--resume"], io.StringIO(""), listed) == 0
    assert re.search(
        r"  1: Lords of Vegas \(updated\); red, blue; 2 moves, last played", listed.getvalue()
    )

    resumed = io.StringIO()
    then = ["end"]  # red's turn ends: blue draws the next card
    assert main(["--resume", "1"], io.StringIO("\n".join([*then, "quit"]) + "\n"), resumed) == 0
    assert "Game 1 resumes after 2 moves" in resumed.getvalue()

    played = GameRecord(settings=settings)
    state, _ = played.replay()
    for line, color in zip([*first, *then], ["blue", "blue", "red"], strict=True):
        apply(state, color, parse_command(line))
    assert stored_state(terminal_database, 1) == state.model_dump_json()
    record = json.loads((tmp_path / "game-001" / "record.json").read_text())
    assert record["commands"] == ["blue: build D9 pioneer", "blue: end", "red: end"]
    assert "seed" not in json.dumps(record)  # still the public record


def test_a_killed_terminal_game_resumes_with_the_same_cards_and_dice(
    tmp_path: Path, terminal_database: Path
) -> None:
    boards = tmp_path / "boards"
    terminal = Terminal("--seed", str(SEED), "--boards", str(boards))
    try:
        _, prompt = terminal.read()
        assert prompt == "blue"
        terminal.type("build D9 pioneer")
        _, prompt = terminal.type("end")
        assert prompt == "red"
        terminal.process.send_signal(signal.SIGKILL)
        terminal.process.wait(30)
    finally:
        terminal.process.kill()
        terminal.process.wait()
    uninterrupted = io.StringIO()
    typed = "build D9 pioneer\nend\nend\nquit\n"
    other = tmp_path / "other.sqlite3"
    argv = ["--seed", str(SEED), "--boards", str(tmp_path / "x"), "--database", str(other)]
    assert main(argv, io.StringIO(typed), uninterrupted) == 0

    resumed = io.StringIO()
    assert main(["--resume", "1"], io.StringIO("end\nquit\n"), resumed) == 0
    drew = re.findall(r"blue drew \w+ \([\w ]+\)\.", uninterrupted.getvalue())
    assert drew and drew[-1] in resumed.getvalue()  # the same next card
    assert stored_state(terminal_database, 1) == stored_state(other, 1)


@pytest.mark.parametrize("how", ["ctrl-c", "ctrl-d", "quit"])
def test_ctrl_c_and_ctrl_d_stop_as_quit_does(tmp_path: Path, how: str) -> None:
    terminal = Terminal("--seed", str(SEED), "--boards", str(tmp_path))
    try:
        _, prompt = terminal.read()
        assert prompt == "blue"
        terminal.type("build D9 pioneer")
        assert terminal.process.stdin is not None
        if how == "ctrl-c":
            terminal.process.send_signal(signal.SIGINT)
        elif how == "ctrl-d":
            terminal.process.stdin.close()
        else:
            terminal.process.stdin.write(b"quit\n")
            terminal.process.stdin.flush()
        said, prompt = terminal.read()
        code = terminal.process.wait(30)
    finally:
        terminal.process.kill()
        terminal.process.wait()
    assert prompt is None
    assert code == (130 if how == "ctrl-c" else 0)
    assert "Game stopped at turn 1." in said
    assert "The game is kept: `python3 tasks.py run bot.offline --resume 1` continues it." in said
    assert terminal.process.stderr is not None
    assert "Traceback" not in terminal.process.stderr.read().decode()


def showdown(tmp_path: Path, typed: list[str]) -> str:
    """A 3-person Vegas Showdown game of seed 1, `typed` at its prompts, then quit."""
    argv = ["--game", "vs", "--seed", "1", "--boards", str(tmp_path)]
    out = io.StringIO()
    assert main(argv, io.StringIO("\n".join([*typed, "quit"]) + "\n"), out) == 0
    return out.getvalue()


BIDS = ["bid slots 5", "bid lounge 9", "bid restaurant 15"]  # blue buys the Lounge


def crowded() -> tuple[list[str], str, str]:
    """Commands of a 3-person game (seed 2) up to where a person must place a tile that
    has more places than a page shows; that person and tile."""
    state, _ = showdown_game(GameSettings_vs(players=["red", "blue", "green"], seed=2))
    greedy = GreedyPlayer()
    lines: list[str] = []
    while not state.over:
        for player in state.players:
            decision = placing.placement_decision(state, player.color)
            for tile in placing.tiles(state, decision) if decision is not None else []:
                if len(placing.spots(state, decision, tile)) > PLACES_PER_PAGE:
                    return lines, player.color, tile
        color, action = greedy.next_move(state)
        lines.append(f"{color}: {format_vs(action)}")
        apply_vs(state, color, action)
    raise AssertionError("no crowded placement in this game")


def test_moves_tile_lists_every_place_a_page_at_a_time(tmp_path: Path) -> None:
    lines, color, tile = crowded()
    argv = ["--game", "vs", "--seed", "2", "--boards", str(tmp_path)]
    typed = [*lines, f"{color}: moves {tile}", f"{color}: moves {tile} 2", f"{color}: moves"]
    out = io.StringIO()
    assert main(argv, io.StringIO("\n".join([*typed, "quit"]) + "\n"), out) == 0
    said = out.getvalue()
    listed = re.search(rf"The {tile_name(tile)} can go in (\d+) places \(page 1 of (\d+)\)", said)
    assert listed is not None, said[-3000:]
    places, pages = int(listed.group(1)), int(listed.group(2))
    assert places > PLACES_PER_PAGE and pages == -(-places // PLACES_PER_PAGE)
    numbers = [int(n) for n in re.findall(r"^  (\d+): [a-g]\d, ", said, re.MULTILINE)]
    assert numbers == list(range(1, min(places, 2 * PLACES_PER_PAGE) + 1))  # two pages, whole
    assert f"More: `moves {tile} 2`." in said
    assert "(`moves TILE` lists all" in said
    pictures = re.findall(rf"\(places, numbered: (.+-{color}-{tile}-\d\.png)\)", said)
    assert len(pictures) > 1  # past 25 places, a picture per run of them (by turn)
    for path in pictures:
        with Image.open(path) as image:
            assert image.format == "PNG"


def test_a_numbered_picture_is_written_and_its_numbers_can_be_typed(tmp_path: Path) -> None:
    said = showdown(tmp_path, [*BIDS, "blue: moves lounge", "blue: place lounge 3"])
    pictures = re.findall(r"\(places, numbered: (.+-blue-lounge(?:-\d)?\.png)\)", said)
    assert pictures, said[-3000:]
    for path in pictures:
        with Image.open(path) as image:
            assert image.format == "PNG"
    third = re.search(r"^  3: ([a-g]\d), (.+)$", said, re.MULTILINE)
    assert third is not None
    assert f"blue places the Lounge at {third.group(1)}" in said
    assert "Refused" not in said


def test_enter_skips_the_pace_between_computer_moves(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "bot.offline", "--game", "showdown", "--players", "3"),
            *("--ai", "easy", "easy", "easy", "--pace", "3600", "--boards", str(tmp_path)),
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert process.stdin is not None
        process.stdin.write(b"\n")  # without it, each move would wait an hour
        process.stdin.flush()
        out, err = process.communicate(timeout=300)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 0, err.decode()
    assert b"Final standings:" in out


def test_game_names_and_editions_are_the_chosen_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("vs", "showdown", "vegas_showdown"):
        assert main(["--game", name, "--boards", str(tmp_path)], io.StringIO("quit\n")) == 0
        assert capsys.readouterr().out.startswith("Vegas Showdown (3 to 5 players).")
    assert main(["--game", "lov", "--boards", str(tmp_path)], io.StringIO("quit\n")) == 0
    assert capsys.readouterr().out.startswith("Lords of Vegas, updated edition.")
    assert main(["--game", "vs", "--edition", "classic", "--boards", str(tmp_path)]) == 2
    assert "its editions are standard" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--game", "chess"])
    assert "choose lov (Lords of Vegas), vs (Vegas Showdown)" in capsys.readouterr().err


def test_the_terminal_games_are_not_the_bots(tmp_path: Path, terminal_database: Path) -> None:
    assert main(["--boards", str(tmp_path)], io.StringIO("quit\n"), io.StringIO()) == 0

    async def seen() -> tuple[int, int]:
        async with await Store.open(terminal_database, kinds=GAMES.kinds()) as store:
            return len(await store.active_games()), len(await store.terminal_games())

    assert asyncio.run(seen()) == (0, 1)


def test_arrow_keys_edit_the_line_at_a_real_terminal(tmp_path: Path) -> None:
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal game on the pseudo-terminal
        os.chdir(ROOT)
        os.execv(
            sys.executable,
            [sys.executable, "-m", "bot.offline", "--seed", str(SEED), "--boards", str(tmp_path)],
        )
    screen = b""

    def until(text: bytes, after: bytes = b"") -> None:
        """Read the screen until `text` shows (after the last `after`, if given)."""
        nonlocal screen
        while text not in screen[screen.rfind(after) if after else 0 :]:
            ready = select.select([fd], [], [], 60)[0]
            assert ready, screen.decode(errors="replace")[-2000:]
            screen += os.read(fd, 65536)

    try:
        until(b"blue> ")
        # "sttus", three steps left, "a": the line becomes "status".
        os.write(fd, b"sttus" + b"\x1b[D" * 3 + b"a\r")
        until(b"Cards drawn:")
        # Ctrl-D once readline asks again: typed while the terminal is between lines (not
        # in readline's raw mode), the kernel's line discipline would eat it as an EOF mark.
        until(b"blue> ", after=b"Cards drawn:")
        os.write(fd, b"\x04")  # Ctrl-D
        until(b"The game is kept")
    finally:
        done, status = os.waitpid(pid, os.WNOHANG)
        if not done:  # a failed wait above: the game still waits for its player
            try:
                until(b"The game is kept")
            except AssertionError:
                os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert b"There is no command" not in screen


def test_a_resumed_showdown_game_keeps_its_record(tmp_path: Path) -> None:
    showdown(tmp_path, BIDS)
    out = io.StringIO()
    assert main(["--resume", "1", "--boards", str(tmp_path)], io.StringIO("quit\n"), out) == 0
    assert "Vegas Showdown (3 to 5 players). Game 1 resumes after 3 moves" in out.getvalue()
    record = json.loads((tmp_path / "game-001" / "record.json").read_text())
    assert len(record["commands"]) == 3 and "seed" not in json.dumps(record)
