"""Scenario files: a position, a list of commands, and the results they must have.

    python -m engine.vegas_showdown.scenario FILE...

prints one line per file (pass, or the first failing step and why) and exits non-zero
if any fails. See `tests/scenarios/vegas_showdown/` for examples and docs/rules-engines.md for the
format. Chance is forced, not rolled: the setup lists the top of the event deck and of
each premier stack, and a step may put cards or tiles on top (`draws`, `flips`) just
before its command.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.rng import Pcg32
from engine.scenario_files import StepFailed, check_refused, run_files, run_steps

from .actions import SIZES, Color, Place, Size
from .errors import VegasShowdownError
from .events import Event, RoundStarted
from .flow import proceed
from .game import apply
from .moves import legal_actions
from .narrate import describe
from .notation import did_you_mean, format_action, parse_command, parse_line, tile_guess
from .rounds import start_round
from .setup import GameSettings, new_game
from .sheet import Placement, canonical, sheet_problems
from .sheet_scoring import sheet_bonuses
from .state import Choice, GameState, Player, Space, Timing
from .tables import COMPONENTS, TILES, card_of

SpaceId = Literal["P1", "P2", "P3", "P4"]
# What a premier space holds when a setup does not say (`null` leaves it empty).
DEFAULT_SPACE_TILES: Final[dict[str, str]] = {
    "P1": "fancy_slots",
    "P2": "table_games",
    "P3": "buffet",
    "P4": "sports_book",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpaceSetup(_Strict):
    """A premier space's tile and Minimum-Bid marker (the tile's starting price by default)."""

    tile: str | None
    price: int | None = None


class Setup(_Strict):
    """A moment of a game, described by what differs from a fresh table.

    `at`: `actions` puts the game at step 4 of `round`, `current` (the button holder by
    default) choosing; `round_start` begins `round` at step 1 (so its price drops, event
    cards and income happen as the setup is built, from the forced deck and stacks).
    A premier space not listed in `spaces` holds its `DEFAULT_SPACE_TILES` tile at its
    starting price (`null` leaves it empty). Tiles not named anywhere stay in their
    stacks (premier) or piles (basic), unless
    `stacks_only`: then the premier stacks hold just the tiles listed and the other premier
    tiles are out of the game. Population and Revenue follow the sheet unless given (for
    scoring examples); `fame` is the Fame track (tiles included).
    """

    round: Annotated[int, Field(ge=1)] = 1
    button: Color
    at: Literal["actions", "round_start"] = "actions"
    current: Color | None = None
    money: dict[Color, Annotated[int, Field(ge=0)]] = {}
    fame: dict[Color, int] = {}
    sheets: dict[Color, list[str]] = {}
    reserve: dict[Color, list[str]] = {}
    population: dict[Color, int] = {}
    revenue: dict[Color, int] = {}
    spaces: dict[SpaceId, SpaceSetup | None] = {}
    stacks: dict[Size, list[str]] = {}
    stacks_only: bool = False
    basic: dict[str, Annotated[int, Field(ge=0)]] = {}
    deck: list[str] = []
    no_bid: list[str] = []


class Expect(_Strict):
    """Facts that must hold at this point of the scenario (anything left out is not checked)."""

    money: dict[Color, int] = {}
    fame: dict[Color, int] = {}
    population: dict[Color, int] = {}
    revenue: dict[Color, int] = {}
    round: int | None = None
    button: Color | None = None
    step: Literal["flip", "actions", "build", "over"] | None = None
    current: Color | None = None
    pending: dict[Color, str] | None = None
    actions: dict[Color, Choice | None] = {}
    outbid: list[Color] | None = None
    bids: dict[Color, str | None] = {}
    sheet: dict[Color, list[str]] = {}
    reserve: dict[Color, list[str]] = {}
    spaces: dict[SpaceId, str | None] = {}
    prices: dict[SpaceId, int] = {}
    stacks: dict[Size, int] = {}
    basic: dict[str, int] = {}
    no_bid: list[str] | None = None
    in_play: list[str] | None = None
    out_of_game: dict[str, int] = {}
    legal: list[str] = []
    not_legal: list[str] = []
    over: bool | None = None
    end_reason: Literal["sheet_full", "stack_empty"] | None = None
    winners: list[Color] | None = None
    scores: dict[Color, dict[str, int]] = {}
    bonuses: dict[Color, dict[str, bool | int]] = {}


class Step(_Strict):
    """One step: a command that must succeed (`do`), be refused (`reject`), or checks.

    `draws` (event card ids, `id/symbol` for one copy) and `flips` (premier tiles by
    stack) go on top, in order, just before the command; `says` are words that must
    appear in the narration of what the command did; `because`, words of the refusal.
    """

    do: str | None = None
    reject: str | None = None
    expect: Expect | None = None
    draws: list[str] = []
    flips: dict[Size, list[str]] = {}
    says: list[str] = []
    because: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        kinds = [k for k in (self.do, self.reject, self.expect) if k is not None]
        if len(kinds) != 1:
            raise ValueError("a step has exactly one of do, reject, expect")
        if (self.draws or self.flips or self.says) and self.do is None:
            raise ValueError("draws, flips and says belong to a do step")
        if self.because is not None and self.reject is None:
            raise ValueError("because belongs to a reject step")
        return self


class Scenario(_Strict):
    """A scenario file.

    `timing`: when Renovate and Publicity are carried out (`at_once`, as the books say;
    `after_bidding` for games played before that).
    """

    name: str
    players: list[Color]
    seed: int = 0
    timing: Timing = "at_once"
    setup: Setup | None = None
    steps: list[Step]
    note: str = ""

    @model_validator(mode="after")
    def _setup_fits(self) -> Scenario:
        GameSettings(players=self.players, seed=self.seed, timing=self.timing)
        setup = self.setup
        if setup is None:
            return self
        seated = set(self.players)
        named = {setup.button, *setup.money, *setup.fame, *setup.sheets, *setup.reserve}
        if setup.current is not None:
            named.add(setup.current)
        if not named <= seated:
            raise ValueError(f"setup names players not seated: {sorted(named - seated)}")
        for tiles in [*setup.reserve.values(), *setup.stacks.values(), list(setup.basic)]:
            for tile in tiles:
                _tile(tile)
        return self


def _tile(tile: str) -> str:
    if tile not in TILES:
        meant = tile_guess(tile)
        raise ValueError(
            f"'{tile}' is not a tile id" + (f"; did you mean {meant}?" if meant else "")
        )
    return tile


def card_index(name: str, taken: set[int] | None = None) -> int:
    """The deck index of an event card named by id (`pr_scandal`) or `id/symbol`."""
    card_id, _, symbol = name.partition("/")
    for copy in COMPONENTS.event_deck:
        fits = copy.card_id == card_id and (not symbol or copy.symbol == symbol)
        if fits and (taken is None or copy.position not in taken):
            return copy.position
    known = {copy.card_id for copy in COMPONENTS.event_deck}
    meant = did_you_mean(card_id, known) if card_id not in known else ""
    raise ValueError(f"no (free) event card '{name}'.{meant}")


def _placement(text: str) -> Placement:
    """`"lounge c2 90"` -> the placement, canonical."""
    action = parse_command(f"place {text}")
    assert isinstance(action, Place)
    return canonical(COMPONENTS, Placement(action.tile, action.x, action.y, action.rot))


def _placement_text(placement: Placement) -> str:
    return format_action(Place(**placement._asdict())).removeprefix("place ")


def build_state(scenario: Scenario) -> GameState:
    """The scenario's starting state: its setup, or a new game from its seed."""
    settings = GameSettings(players=scenario.players, seed=scenario.seed, timing=scenario.timing)
    setup = scenario.setup
    if setup is None:
        state, _ = new_game(settings)
        return state
    count = len(scenario.players)
    start = COMPONENTS.setup
    players: list[Player] = []
    used: Counter[str] = Counter()
    for color in scenario.players:
        sheet = [_placement(text) for text in setup.sheets.get(color, [])]
        problems = sheet_problems(COMPONENTS, sheet)
        if problems:
            raise ValueError(f"{color}'s sheet in the setup breaks the rules: {problems[0]}")
        reserve = [_tile(t) for t in setup.reserve.get(color, [])]
        used.update(p.tile for p in sheet)
        used.update(reserve)
        printed = sum(TILES[p.tile].fame for p in sheet)
        fame = setup.fame.get(color, start.starting_fame + printed)
        player = Player(
            color=color,
            money=setup.money.get(color, start.starting_cash),
            population=setup.population.get(
                color, start.starting_population + sum(TILES[p.tile].population for p in sheet)
            ),
            revenue=setup.revenue.get(
                color, start.starting_revenue + sum(TILES[p.tile].revenue for p in sheet)
            ),
            fame=fame,
            sheet=sheet,
            reserve=reserve,
        )
        if fame != start.starting_fame + printed:
            player.fame_from["setup"] = fame - start.starting_fame - printed
        players.append(player)
    spaces = []
    for space_id in COMPONENTS.board.premier_space_ids(count):
        default = SpaceSetup(tile=DEFAULT_SPACE_TILES[space_id])
        given = setup.spaces.get(space_id, default)  # type: ignore[call-overload]
        space = Space(id=space_id)
        if given is not None and given.tile is not None:
            space.tile = _tile(given.tile)
            space.price = given.price if given.price is not None else TILES[given.tile].min_bid
            used[space.tile] += 1
        spaces.append(space)
    basic: dict[str, int] = {}
    out: list[str] = []
    for tile, facts in TILES.items():
        if facts.is_premier:
            continue
        left = COMPONENTS.basic_stack_count(tile, count) - used[tile]
        basic[tile] = setup.basic.get(tile, left)
        out += [tile] * (facts.count - used[tile] - basic[tile])
    stacks = _stacks(setup, used)
    if setup.stacks_only:
        for size in SIZES:
            listed = len(setup.stacks.get(size, []))
            out += stacks[size][listed:]
            del stacks[size][listed:]
    deck = _deck(setup.deck)
    state = GameState(
        seed=scenario.seed,
        players=players,
        round=setup.round,
        button=setup.button,
        spaces=spaces,
        stacks=stacks,
        basic=basic,
        out_of_game=out,
        deck=deck,
        no_bid=list(setup.no_bid),
        rng=Pcg32.seeded(scenario.seed),
        timing=scenario.timing,
    )
    if min(basic.values(), default=0) < 0 or any(n < 0 for n in Counter(out).values()):
        raise ValueError("the setup uses more basic tiles than the game has")
    events: list[Event] = []
    if setup.at == "round_start":
        if setup.round > 1:
            state.round -= 1
            start_round(state, events)
        else:
            state.step = "flip"
            events.append(RoundStarted(round=1, button=state.button))
    else:
        state.step = "actions"
        state.current = setup.current or setup.button
    proceed(state, events)
    return state


def _stacks(setup: Setup, used: Counter[str]) -> dict[Size, list[str]]:
    """Each premier stack: the named top tiles, then the rest of that size in file order."""
    stacks: dict[Size, list[str]] = {}
    for size in SIZES:
        left: Counter[str] = Counter()
        for back in ("A", "B"):
            left.update(COMPONENTS.premier_stack_tiles(size, back))
        left.subtract({tile: n for tile, n in used.items() if tile in left})
        top = [_tile(t) for t in setup.stacks.get(size, [])]
        left.subtract(top)
        if any(n < 0 for n in left.values()):
            raise ValueError(f"the setup uses more {size} premier tiles than the game has")
        stacks[size] = top + [t for t in left.elements()]
    return stacks


def _deck(top: list[str]) -> list[int]:
    taken: set[int] = set()
    deck: list[int] = []
    for name in top:
        index = card_index(name, taken)
        taken.add(index)
        deck.append(index)
    return deck + [c.position for c in COMPONENTS.event_deck if c.position not in taken]


def _force(state: GameState, step: Step) -> None:
    """Put a step's forced cards and tiles on top of the deck and stacks."""
    for name in reversed(step.draws):
        index = card_index(name)
        if index in state.deck:
            state.deck.remove(index)
        elif index in state.discard:
            state.discard.remove(index)
        else:
            raise StepFailed(f"the event card {name} is not in the deck or the discard pile")
        state.deck.insert(0, index)
    for size, tiles in step.flips.items():
        stack = state.stacks[size]
        for tile in reversed(tiles):
            if tile not in stack:
                raise StepFailed(f"no {tile} left in the {size} stack")
            stack.remove(tile)
            stack.insert(0, tile)


def _check(expect: Expect, state: GameState) -> None:
    problems: list[str] = []

    def compare(what: str, actual: Any, wanted: Any) -> None:
        if actual != wanted:
            problems.append(f"{what} is {actual!r}, expected {wanted!r}")

    for field in ("money", "fame", "population", "revenue"):
        for color, value in getattr(expect, field).items():
            compare(f"{color}'s {field}", getattr(state.player(color), field), value)
    for field in ("round", "button", "step", "current", "over", "end_reason"):
        wanted = getattr(expect, field)
        if wanted is not None:
            compare(field.replace("_", " "), getattr(state, field), wanted)
    if expect.winners is not None:
        compare("the winners", sorted(state.winners), sorted(expect.winners))
    if expect.pending is not None:
        owed = {d.player: d.kind for d in state.pending}
        compare("the decisions owed", owed, expect.pending)
    for color, choice in expect.actions.items():
        compare(f"{color}'s action", state.player(color).action, choice)
    if expect.outbid is not None:
        outbid = sorted(p.color for p in state.players if p.outbid)
        compare("the players outbid", outbid, sorted(expect.outbid))
    for color, bid in expect.bids.items():
        player = state.player(color)
        marker = f"{player.bid_on} {player.bid}" if player.bid_on else None
        compare(f"{color}'s bid marker", marker, bid)
    for color, texts in expect.sheet.items():
        placed = sorted(_placement_text(p) for p in state.player(color).sheet)
        compare(f"{color}'s sheet", placed, sorted(_placement_text(_placement(t)) for t in texts))
    for color, tiles in expect.reserve.items():
        compare(f"{color}'s reserve", sorted(state.player(color).reserve), sorted(tiles))
    for space_id, tile in expect.spaces.items():
        space = state.space(space_id)
        compare(f"the tile on {space_id}", space.tile if space else None, tile)
    for space_id, price in expect.prices.items():
        space = state.space(space_id)
        compare(f"the price on {space_id}", space.price if space else None, price)
    for size, count in expect.stacks.items():
        compare(f"the {size} stack", len(state.stacks[size]), count)
    for tile, count in expect.basic.items():
        compare(f"the {tile} pile", state.basic[tile], count)
    if expect.no_bid is not None:
        compare("the No-Bid markers", sorted(state.no_bid), sorted(expect.no_bid))
    if expect.in_play is not None:
        in_play = sorted(card_of(i)[0].card_id for i in state.in_play)
        compare("the cards in play", in_play, sorted(expect.in_play))
    out = Counter(state.out_of_game)
    for tile, count in expect.out_of_game.items():
        compare(f"the {tile} tiles out of the game", out[tile], count)
    _check_listing(expect, state, problems)
    for color, scores in expect.scores.items():
        final = state.final_scores.get(color, {})
        compare(f"{color}'s final scores", {k: final.get(k) for k in scores}, scores)
    for color, wanted in expect.bonuses.items():
        bonuses = sheet_bonuses(COMPONENTS, state.player(color).sheet)
        found = {name: getattr(bonuses, name) for name in wanted}
        compare(f"{color}'s sheet bonuses", found, wanted)
    if problems:
        raise StepFailed("; ".join(problems))


def _check_listing(expect: Expect, state: GameState, problems: list[str]) -> None:
    for line, wanted in [(line, True) for line in expect.legal] + [
        (line, False) for line in expect.not_legal
    ]:
        player, action = parse_line(line)
        listed = action in legal_actions(state, player)
        if listed != wanted:
            problems.append(f"'{line}' is {'not ' if wanted else ''}listed as legal")


def run_scenario(scenario: Scenario) -> GameState:
    """Play the scenario; raise `StepFailed` at the first step that goes wrong."""
    try:
        state = build_state(scenario)
    except (ValueError, VegasShowdownError) as error:
        raise StepFailed(f"setup: {error}") from None
    return run_steps(state, scenario.steps, _run_step)


def _run_step(state: GameState, step: Step) -> None:
    if step.expect is not None:
        _check(step.expect, state)
        return
    if step.reject is not None:
        check_refused(
            state,
            step.reject,
            lambda line: apply(state, *parse_line(line)),
            VegasShowdownError,
            step.because,
        )
        return
    line = step.do
    assert line is not None
    try:
        player, action = parse_line(line)
    except VegasShowdownError as error:
        raise StepFailed(f"'{line}' could not be read: {error}") from None
    _force(state, step)
    try:
        events = apply(state, player, action)
    except VegasShowdownError as error:
        raise StepFailed(f"'{line}' was refused: {error}") from None
    told = [describe(event) for event in events]
    for words in step.says:
        if not any(words in sentence for sentence in told):
            raise StepFailed(f"after '{line}' nothing said '{words}': {told}")


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file."""
    return Scenario.model_validate_json(path.read_text("utf-8"))


def main(argv: list[str] | None = None) -> int:
    """Run scenario files and print one line per file."""
    return run_files(argv, (__doc__ or "").split("\n")[0], load_scenario, run_scenario)


if __name__ == "__main__":
    sys.exit(main())
