"""Where a player may put a tile now, numbered as the placement preview numbers it.

A placement decision (a bought tile, Publicity, a renovation) lets its player put one of
a few tiles on their sheet: `tiles` lists them, `spots` gives a tile's places in the
preview's order (number n is `spots(...)[n - 1]`), and `menus` cuts them into Discord
select menus of at most 25 options, grouped by turn when that fits; past what one picture
numbers, `ranges` gives runs of them, each shown numbered on its own. A renovation offers
every place a tile fits (the placement rules are checked when it ends, as the engine
does); the others offer only legal places. The same lists feed the prompt's menus, the
autocomplete of `/vs place` and the terminal's `moves`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.vegas_showdown import Color, Decision, GameState, NotationError
from engine.vegas_showdown.actions import Place
from engine.vegas_showdown.notation import format_action, parse_sheet_cell
from engine.vegas_showdown.sheet import Placement, cell_name, fitting_placements, legal_placements
from engine.vegas_showdown.state import BuyDecision, PublicityDecision, RenovateDecision
from engine.vegas_showdown.tables import COMPONENTS, TILES
from render.vegas_showdown import MOST_NUMBERED, numbered_placements, numbered_runs
from render.vegas_showdown.preview import TURN_WORDS, even_runs

# Discord's select menus hold at most 25 options (a run, at most MOST_NUMBERED, fits one).
MENU_SIZE: Final = 25
MOST_RENOVATED: Final = 2
_TURNS: Final = {"0": 0, "90": 1, "180": 2, "270": 3}

PlacementDecision = BuyDecision | PublicityDecision | RenovateDecision


def placement_decision(state: GameState, color: Color) -> PlacementDecision | None:
    """The placement decision `color` owes now, if any (not a Pull Strings choice)."""
    for decision in state.pending:
        if decision.player == color and decision.kind != "stack":
            assert isinstance(decision, PlacementDecision)
            return decision
    return None


def spots(state: GameState, decision: Decision, tile: str) -> tuple[Placement, ...]:
    """Every place `tile` may go for this decision, in the preview's numbering order."""
    sheet = state.player(decision.player).sheet
    if isinstance(decision, RenovateDecision):
        return numbered_placements(fitting_placements(COMPONENTS, sheet, tile))
    return numbered_placements(legal_placements(COMPONENTS, sheet, tile))


def held(state: GameState, decision: Decision) -> list[str]:
    """The tiles the decision lets its player put on, each once, whether they fit or not.

    A bought tile first, then the reserve's tiles in the order they were kept.
    """
    reserve = state.player(decision.player).reserve
    if isinstance(decision, BuyDecision):
        candidates = [decision.tile, *reserve]
    elif isinstance(decision, RenovateDecision) and len(decision.placed) >= MOST_RENOVATED:
        candidates = []
    elif isinstance(decision, PublicityDecision | RenovateDecision):
        candidates = list(reserve)
    else:
        candidates = []
    return list(dict.fromkeys(candidates))


def tiles(state: GameState, decision: Decision) -> list[str]:
    """The tiles the decision lets its player put on their sheet now, each once.

    As `held`, but only tiles with somewhere to go.
    """
    return [tile for tile in held(state, decision) if spots(state, decision, tile)]


def can_remove(decision: Decision) -> bool:
    """True while a renovation may still take a tile off (before any goes on, at most 2)."""
    return (
        isinstance(decision, RenovateDecision)
        and not decision.placed
        and decision.removed < MOST_RENOVATED
    )


def spot_words(number: int, placement: Placement) -> str:
    """A numbered place as a menu shows it: `3: c2, turned 90°`."""
    return f"{number}: {cell_name((placement.x, placement.y))}, {TURN_WORDS[placement.rot]}"


def spot_value(placement: Placement) -> str:
    """A place in the engine's notation, without `place`: `lounge c2 90`."""
    action = Place(tile=placement.tile, x=placement.x, y=placement.y, rot=placement.rot)
    return format_action(action).removeprefix("place ")


def read_spot(text: str, tile: str, ordered: Sequence[Placement]) -> Placement | None:
    """A place typed as its number on the picture (`3`) or as a cell and turn (`c2 90`).

    None when the text names no place in `ordered` (a number out of range, a cell and turn
    where the tile cannot go); a cell alone means its only place there, if just one.
    """
    words = text.replace(",", " ").split()
    # Digits are counted before `int` reads them: past 4,300 it raises ValueError.
    if len(words) == 1 and words[0].isascii() and words[0].isdigit() and len(words[0]) <= 4:
        number = int(words[0])
        return ordered[number - 1] if 1 <= number <= len(ordered) else None
    if words and words[0].lower().replace("_", "") == tile.replace("_", ""):
        words = words[1:]
    if not 1 <= len(words) <= 2:
        return None
    try:
        x, y = parse_sheet_cell(words[0])
    except NotationError:
        return None
    if len(words) == 2:
        rot = _TURNS.get(words[1].rstrip("°"))
        wanted = [p for p in ordered if (p.x, p.y, p.rot) == (x, y, rot)]
    else:
        wanted = [p for p in ordered if (p.x, p.y) == (x, y)]
    return wanted[0] if len(wanted) == 1 else None


def typed_place(text: str, tile: str) -> Place | None:
    """A place typed as a cell and a turn (`c2 90`), wherever it is, or None."""
    words = text.replace(",", " ").split()
    if len(words) != 2 or words[1].rstrip("°") not in _TURNS:
        return None
    try:
        x, y = parse_sheet_cell(words[0])
    except NotationError:
        return None
    return Place(tile=tile, x=x, y=y, rot=_TURNS[words[1].rstrip("°")])


@dataclass(frozen=True)
class Menu:
    """One select menu's worth of numbered places: `first` is the first one's number."""

    title: str
    first: int
    places: tuple[Placement, ...]

    @property
    def last(self) -> int:
        """The last place's number."""
        return self.first + len(self.places) - 1


def _menu(title: str, ordered: Sequence[Placement], run: range) -> Menu:
    numbers = f"places {run[0]}-{run[-1]}" if len(run) > 1 else f"place {run[0]}"
    label = f"{title}{numbers}" if title else numbers.capitalize()
    return Menu(label, run[0], tuple(ordered[run[0] - 1 : run[-1]]))


def _by_turn(ordered: Sequence[Placement]) -> list[Menu]:
    """The preview's runs (`numbered_runs`: at most 25, within each way the tile is turned)."""
    return [
        _menu(f"{TURN_WORDS[ordered[run[0] - 1].rot].capitalize()}: ", ordered, run)
        for run in numbered_runs(ordered)
    ]


def _plain(ordered: Sequence[Placement]) -> list[Menu]:
    """The places in the fewest even runs of at most 25, whatever the turn."""
    return [_menu("", ordered, run) for run in even_runs(1, len(ordered), MENU_SIZE)]


def menus(ordered: Sequence[Placement], rows: int) -> list[Menu] | None:
    """The places as at most `rows` select menus, or None when they need more.

    A menu per turn of the tile when that fits, else plain runs of at most 25.
    None too past `MOST_NUMBERED` places: the preview cannot number them all, so first a
    menu of `ranges`, each drawn numbered on a picture of its own.
    """
    if len(ordered) > MOST_NUMBERED:
        return None
    by_turn = _by_turn(ordered)
    if len(by_turn) <= rows:
        return by_turn
    plain = _plain(ordered)
    return plain if len(plain) <= rows else None


def ranges(ordered: Sequence[Placement]) -> list[Menu]:
    """The places in runs of at most 25, for a menu that first asks which run.

    By turn, when one menu can list every run that way: within each turn, the fewest runs,
    as even as can be (26 places: 13 and 13), the very runs the preview numbers.
    """
    by_turn = _by_turn(ordered)
    return by_turn if len(by_turn) <= MENU_SIZE else _plain(ordered)


def tile_words(tile: str) -> str:
    """A tile's printed name."""
    return TILES[tile].name
