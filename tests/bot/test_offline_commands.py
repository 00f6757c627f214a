"""The terminal's own commands: `moves` with what each move costs (the same facts as the
Discord autocomplete), `rules` and its topics, unknown commands, and lines wrapped to the
terminal's width."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.games.lords_of_vegas import choices
from bot.games.lords_of_vegas.terminal import moves_text
from bot.offline import main
from engine.lords_of_vegas import BOARD, GameSettings, GameState, apply, new_game
from engine.lords_of_vegas.guide import TOPICS, guide
from engine.lords_of_vegas.randomplay import RandomPlayer

pytestmark = pytest.mark.usefixtures("terminal_database")

SEED = 20261122  # red holds D8 and E1, blue D9 and E2; blue plays first


def play(tmp_path: Path, *lines: str, out: io.StringIO | None = None) -> list[str]:
    """Type `lines` into a fresh two-person game; everything printed, line by line."""
    out = out or io.StringIO()
    argv = ["--seed", str(SEED), "--boards", str(tmp_path / "boards")]
    assert main(argv, inp=io.StringIO("".join(f"{line}\n" for line in lines)), out=out) == 0
    return out.getvalue().splitlines()


def replies(printed: list[str]) -> list[list[str]]:
    """The answer to each typed line: what follows its prompt, until the next prompt.

    The input is not echoed, so an answer starts on its prompt's line; the last prompt
    met the end of the input.
    """
    found: list[list[str]] = []
    for line in printed:
        prompt = re.match(r"^\w+> (.*)$", line)
        if prompt:
            found.append([prompt.group(1)] if prompt.group(1) else [])
        elif found:
            found[-1].append(line)
    return found[:-1]


def rich_position() -> tuple[GameState, str]:
    """A mid-game turn where the player may build, sprawl, remodel, reorganize, raise, gamble."""
    state, _ = new_game(GameSettings(edition="updated", players=["red", "blue", "green"], seed=4))
    player = RandomPlayer(seed=3)
    for _ in range(80):
        apply(state, *player.next_move(state))
    assert state.current is not None
    return state, state.current


def test_moves_show_each_moves_cost_as_the_discord_autocomplete_does() -> None:
    state, color = rich_position()
    lines = moves_text(state, color).splitlines()
    offered = {
        "build": choices.build_lots(state, color, ""),
        "sprawl": choices.sprawl_lots(state, color, ""),
        "remodel": choices.bossed_casinos(state, color, "remodel", ""),
        "reorganize": choices.reorganizable(state, color, ""),
        "raise": choices.bossed_casinos(state, color, "raise", ""),
        "gamble": choices.gamble_casinos(state, color, ""),
    }
    for verb, labels in offered.items():
        assert labels, f"the position should allow a {verb}"
        listed = [line for line in lines if line.startswith(f"{verb} ")]
        assert len(listed) == len(labels)
        for label in labels:
            lot, facts = label.name.split(" · ", 1)  # e.g. "C7 · $12m · die 4"
            [line] = [line for line in listed if line.split()[1] == lot]
            assert line.endswith(f"   {facts}")
            assert "$" in facts
    # Any company will do for a build: one line per lot, the companies named once.
    builds = [line for line in lines if line.startswith("build ")]
    assert all(re.fullmatch(r"build \w+ <company> +\$\d+m · die \d", line) for line in builds)
    assert lines[-1] == "(<company>: albion, sphinx, vega, tivoli or pioneer)"


def test_moves_at_the_start_price_every_lot_the_player_may_build_on(tmp_path: Path) -> None:
    [moves] = replies(play(tmp_path, "moves"))

    assert moves == [
        f"build D9 <company>   ${BOARD.lots['D9'].price}m · die {BOARD.lots['D9'].die}",
        f"build E2 <company>   ${BOARD.lots['E2'].price}m · die {BOARD.lots['E2'].die}",
        "end",
        "(<company>: albion, sphinx, vega, tivoli or pioneer)",
    ]


def test_rules_alone_lists_the_topics_and_topics_take_the_command_aliases(
    tmp_path: Path,
) -> None:
    listing, reorg, mistyped = replies(play(tmp_path, "rules", "rules reorg", "rules biuld"))

    assert listing == [
        f"Rules topics: {', '.join(TOPICS)}. Type rules and a topic, e.g. `rules build`."
    ]
    assert reorg == [guide("reorganize", "updated")]
    assert mistyped[0].startswith("There is no rules topic 'biuld'. Did you mean build? ")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("buidl D9 sphinx", "build"), ("stauts", "status"), ("blue: acept 1", "accept")],
)
def test_an_unknown_command_suggests_the_closest_one(
    tmp_path: Path, typed: str, meant: str
) -> None:
    [answer] = replies(play(tmp_path, typed))

    word = typed.rpartition(":")[2].split()[0]
    assert answer == [
        f"Refused: There is no command '{word}'. Did you mean {meant}? "
        "Type `help` for the commands."
    ]


def test_internal_commands_are_neither_listed_nor_accepted(tmp_path: Path) -> None:
    printed = play(tmp_path, "xyzzy", "expire 1", "build")

    text = "\n".join(printed)
    assert "expire" not in text.replace("'expire'", "")
    [unknown, expire, build] = replies(printed)
    assert unknown == ["Refused: There is no command 'xyzzy'. Type `help` for the commands."]
    assert expire == ["Refused: There is no command 'expire'. Type `help` for the commands."]
    assert build[0].startswith("Refused: Say which lot and which company.")


class NarrowTerminal(io.StringIO):
    """Output that says it is a terminal, as a person's console does."""

    def isatty(self) -> bool:
        return True


def test_long_lines_are_wrapped_to_the_terminal_and_not_in_a_pipe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    on_terminal = play(tmp_path, "rules overview", "help", out=NarrowTerminal())
    piped = play(tmp_path, "rules overview", "help")

    [wrapped, help_lines] = replies(on_terminal)
    assert max(len(line) for line in wrapped + help_lines) <= 40
    overview = guide("overview", "updated")
    assert [overview] == replies(piped)[0]  # one line, as written
    assert " ".join(line.strip() for line in wrapped) == overview
    assert len(wrapped) > len(overview) // 40


def test_undo_takes_back_a_build_at_the_keyboard_and_the_record_keeps_it(tmp_path: Path) -> None:
    printed = play(tmp_path, "build D9 sphinx", "undo", "undo", "status", "quit")
    built, undone, again, status = replies(printed)
    assert built == ["blue built a Sphinx tile on D9 for $9m."]
    assert undone == ["blue took back: build D9 sphinx."]
    assert again == ["Refused: Nothing to take back."]
    record = (tmp_path / "boards" / "game-001" / "record.json").read_text()
    assert '"blue: build D9 sphinx"' in record and '"blue: take back"' in record
    assert any("blue: $" in line for line in status)
