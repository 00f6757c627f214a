"""Scenario files: a position, a list of commands, and the results they must have.

    python -m engine.lords_of_vegas.scenario FILE...

prints one line per file (pass, or the first failing step and why) and exits non-zero
if any fails. See `tests/scenarios/` for examples and docs/rules-engines.md for the format.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.scenario_files import StepFailed, check_refused, run_files, run_steps

from .actions import Color
from .board import GAME_OVER, Company
from .casino import boss_of, casino_at
from .errors import LordsOfVegasError
from .game import apply
from .notation import parse_line, parse_lot
from .rng import Rng
from .scoring import is_track_space
from .setup import GameSettings, new_game
from .state import Die, Edition, GameState, Player, Tile
from .supply import dice_left, markers_left


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


def _die(text: str | None) -> Die | None:
    """`"red 3"` -> Die(owner=red, pips=3); None stays None."""
    if text is None:
        return None
    color, _, pips = text.partition(" ")
    return Die.model_validate({"owner": color.strip().lower(), "pips": pips.strip()})


def _die_text(die: Die | None) -> str | None:
    return None if die is None else f"{die.owner} {die.pips}"


class TileSetup(_Strict):
    """A tile placed by the scenario's setup."""

    company: Company
    height: Annotated[int, Field(ge=1)] = 1
    die: str | None = None


class Setup(_Strict):
    """A moment in the current player's action step (their draw is done)."""

    current: Color
    money: dict[Color, Annotated[int, Field(ge=0)]] = {}
    points: dict[Color, int] = {}
    lots: dict[str, Color] = {}
    tiles: dict[str, TileSetup] = {}
    deck: list[str] = []
    reorganized: list[str] = []
    gambled: bool = False


class CasinoExpectation(_Strict):
    """What a casino, named by any of its lots, must look like."""

    company: Company | None = None
    spaces: int | None = None
    height: int | None = None
    boss: Color | None = None


class TileExpectation(_Strict):
    """What a tile must look like."""

    company: Company | None = None
    height: int | None = None


class Expect(_Strict):
    """Facts that must hold at this point of the scenario."""

    money: dict[Color, int] = {}
    points: dict[Color, int] = {}
    current: Color | None = None
    over: bool | None = None
    winner: Color | list[Color] | None = None
    lot: dict[str, Color | None] = {}
    die: dict[str, str | None] = {}
    tile: dict[str, TileExpectation | None] = {}
    casino: dict[str, CasinoExpectation | None] = {}
    pending: list[Color] | None = None
    deck_size: int | None = None
    dice_left: dict[Color, int] = {}
    markers_left: dict[Color, int] = {}


class Step(_Strict):
    """One step: a command that must succeed (`do`), be refused (`reject`), or checks."""

    do: str | None = None
    reject: str | None = None
    rolls: list[Annotated[int, Field(ge=1, le=6)]] = []
    expect: Expect | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        kinds = [k for k in (self.do, self.reject, self.expect) if k is not None]
        if len(kinds) != 1:
            raise ValueError("a step has exactly one of do, reject, expect")
        if self.rolls and self.do is None:
            raise ValueError("rolls belong to a do step")
        return self


class Scenario(_Strict):
    """A scenario file."""

    name: str
    edition: Edition = "updated"
    players: list[Color]
    seed: int = 0
    setup: Setup | None = None
    steps: list[Step]
    note: str = ""

    @model_validator(mode="after")
    def _setup_fits(self) -> Scenario:
        GameSettings(edition=self.edition, players=self.players, seed=self.seed)
        setup = self.setup
        if setup is None:
            return self
        seated = set(self.players)
        named = {setup.current, *setup.money, *setup.points, *setup.lots.values()}
        named |= {_die(t.die).owner for t in setup.tiles.values() if t.die}  # type: ignore[union-attr]
        if not named <= seated:
            raise ValueError(f"setup names players not seated: {sorted(named - seated)}")
        for points in setup.points.values():
            if not is_track_space(points):
                raise ValueError(f"{points} is not a space of the scoring track")
        for lot in [*setup.lots, *setup.tiles, *setup.reorganized]:
            parse_lot(lot)
        if set(setup.lots) & set(setup.tiles):
            raise ValueError("a lot cannot hold both a marker and a tile")
        for card in setup.deck:
            if card != GAME_OVER:
                parse_lot(card)
        return self


def build_state(scenario: Scenario) -> GameState:
    """The scenario's starting state: its setup, or a new game from its seed."""
    settings = GameSettings(edition=scenario.edition, players=scenario.players, seed=scenario.seed)
    setup = scenario.setup
    if setup is None:
        state, _ = new_game(settings)
        return state
    return GameState(
        edition=scenario.edition,
        seed=scenario.seed,
        players=[
            Player(color=c, money=setup.money.get(c, 0), points=setup.points.get(c, 0))
            for c in scenario.players
        ],
        current=setup.current,
        lots={lot.upper(): owner for lot, owner in setup.lots.items()},
        tiles={
            lot.upper(): Tile(company=t.company, height=t.height, die=_die(t.die))
            for lot, t in setup.tiles.items()
        },
        deck=[card.upper() if card != GAME_OVER else card for card in setup.deck],
        reorganized=[lot.upper() for lot in setup.reorganized],
        gambled=setup.gambled,
        rng=Rng.seeded(scenario.seed),
    )


def _check(expect: Expect, state: GameState) -> None:
    problems: list[str] = []

    def compare(what: str, actual: Any, wanted: Any) -> None:
        if actual != wanted:
            problems.append(f"{what} is {actual!r}, expected {wanted!r}")

    for color, amount in expect.money.items():
        compare(f"{color}'s money", state.player(color).money, amount)
    for color, points in expect.points.items():
        compare(f"{color}'s points", state.player(color).points, points)
    if expect.current is not None:
        compare("the current player", state.current, expect.current)
    if expect.over is not None:
        compare("over", state.over, expect.over)
    if expect.winner is not None:
        wanted = [expect.winner] if isinstance(expect.winner, str) else expect.winner
        compare("the winners", sorted(state.winners), sorted(wanted))
    for lot, owner in expect.lot.items():
        compare(f"the marker on {lot}", state.lots.get(lot.upper()), owner)
    for lot, die in expect.die.items():
        tile = state.tiles.get(lot.upper())
        compare(f"the die on {lot}", _die_text(tile.die) if tile else None, _die_text(_die(die)))
    for lot, tile_expectation in expect.tile.items():
        tile = state.tiles.get(lot.upper())
        if tile_expectation is None or tile is None:
            compare(f"the tile on {lot}", tile, tile_expectation)
            continue
        for field in ("company", "height"):
            wanted = getattr(tile_expectation, field)
            if wanted is not None:
                compare(f"the {field} of the tile on {lot}", getattr(tile, field), wanted)
    for lot, casino_expectation in expect.casino.items():
        casino = casino_at(state, lot.upper())
        if casino_expectation is None or casino is None:
            compare(f"the casino at {lot}", casino, casino_expectation)
            continue
        facts = {
            "company": casino.company,
            "spaces": casino.spaces,
            "height": casino.height,
            "boss": boss_of(state, casino),
        }
        for field, actual in facts.items():
            if field in casino_expectation.model_fields_set:
                compare(
                    f"the {field} of the casino at {lot}",
                    actual,
                    getattr(casino_expectation, field),
                )
    if expect.pending is not None:
        owing = sorted({d.player for d in state.pending})
        compare("the players owing a decision", owing, sorted(expect.pending))
    if expect.deck_size is not None:
        compare("the deck size", len(state.deck), expect.deck_size)
    for color, count in expect.dice_left.items():
        compare(f"{color}'s dice left", dice_left(state, color), count)
    for color, count in expect.markers_left.items():
        compare(f"{color}'s markers left", markers_left(state, color), count)
    if problems:
        raise StepFailed("; ".join(problems))


def run_scenario(scenario: Scenario) -> GameState:
    """Play the scenario; raise `StepFailed` at the first step that goes wrong."""
    state = build_state(scenario)
    return run_steps(state, scenario.steps, _run_step)


def _run_step(state: GameState, step: Step) -> None:
    if step.expect is not None:
        _check(step.expect, state)
        return
    if step.reject is not None:
        check_refused(
            state, step.reject, lambda line: apply(state, *parse_line(line)), LordsOfVegasError
        )
        return
    line = step.do
    assert line is not None
    try:
        player, action = parse_line(line)
    except LordsOfVegasError as error:
        raise StepFailed(f"'{line}' could not be read: {error}") from None
    state.rng.forced = list(step.rolls)
    try:
        apply(state, player, action)
    except LordsOfVegasError as error:
        state.rng.forced = []
        raise StepFailed(f"'{line}' was refused: {error}") from None
    if state.rng.forced:
        unused = state.rng.forced
        state.rng.forced = []
        raise StepFailed(f"'{line}' left forced rolls unused: {unused}")


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file."""
    return Scenario.model_validate_json(path.read_text("utf-8"))


def main(argv: list[str] | None = None) -> int:
    """Run scenario files and print one line per file."""
    return run_files(argv, __doc__.split("\n")[0], load_scenario, run_scenario)


if __name__ == "__main__":
    sys.exit(main())
