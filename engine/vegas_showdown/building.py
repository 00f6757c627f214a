"""Bought tiles, renovations and publicity go onto the sheets.

Renovate and Publicity open their decision when chosen (`open_own_action`), while the
others finish bidding, as the books say; games played under the older `after_bidding`
timing open them with the purchases instead. When bidding ends, every buyer gets a
decision, all at the same time (sheets are private); a renovation or publicity still
open goes on beside them, and the round ends once every decision is answered:
- `buy`: place the bought tile, or reserve it and perhaps place a reserve tile instead;
- `publicity`: place one reserve tile, or none;
- `renovate`: take up to 2 tiles off, then put up to 2 reserve tiles on; the placement
  rules are checked when the player says `done` (`undo` starts again, `cancel` gives up).
Decisions with no real choice are settled at once (a tile that cannot go anywhere is
reserved). Population, Revenue and Fame follow each tile that goes on or comes off.
Only a lingering card looks at who put a premier tile on first (see `first_premier`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.words import or_list

from .actions import Action, Cancel, Color, Done, Place, Remove, Reserve, Undo
from .errors import IllegalAction
from .events import (
    DecisionRequired,
    Event,
    PlacementFinished,
    RenovationUndone,
    TilePlaced,
    TileRemoved,
    TileReserved,
)
from .sheet import (
    Placement,
    canonical,
    cell_name,
    fit_problem,
    fitting_placements,
    legal_placements,
    placement_problem,
    sheet_problems,
    tile_at,
)
from .state import (
    BuyDecision,
    Decision,
    GameState,
    Player,
    PublicityDecision,
    RenovateDecision,
)
from .tables import COMPONENTS, TILES, tile_name
from .tracks import count_tile

MAX_RENOVATED = 2
# The most places a refused placement suggests instead.
MOST_SUGGESTED = 3


def begin_build(state: GameState, bought: list[tuple[Player, str]], events: list[Event]) -> None:
    """Ask every buyer what goes on their sheet (under the older timing, renovators too).

    Under the books' timing a renovation or publicity was asked for when chosen and
    may still be open: it goes on beside the purchases.
    """
    state.step = "build"
    purchases = {player.color: tile for player, tile in bought}
    for player in state.in_turn_order():
        if player.color in purchases:
            tile = purchases[player.color]
            if _can_place(player, [tile, *player.reserve]):
                decision = BuyDecision(player=player.color, tile=tile)
                events.append(DecisionRequired(decision=state.ask(decision)))
            else:
                player.reserve.append(tile)
                events.append(TileReserved(player=player.color, tile=tile, automatic=True))
        elif state.timing == "after_bidding":
            open_own_action(state, player, events)


def open_own_action(state: GameState, player: Player, events: list[Event]) -> None:
    """Ask `player`, who chose Renovate or Publicity, for that action's decision.

    Nothing is asked when there is nothing to do: a renovation with an empty sheet and
    reserve, publicity with no reserve tile that can go on the sheet.
    """
    decision: Decision | None = None
    if player.action == "renovate":
        if player.sheet or player.reserve:
            # Built without validation: the snapshot is the game's own sheet.
            decision = RenovateDecision.model_construct(
                player=player.color,
                before=list(player.sheet),
                before_reserve=list(player.reserve),
                before_tracks=(player.population, player.revenue, player.fame),
            )
    elif player.action == "publicity" and _can_place(player, player.reserve):
        decision = PublicityDecision(player=player.color)
    if decision is not None:
        events.append(DecisionRequired(decision=state.ask(decision)))


def _can_place(player: Player, tiles: list[str]) -> bool:
    return any(legal_placements(COMPONENTS, player.sheet, tile) for tile in dict.fromkeys(tiles))


def build_decision(state: GameState, color: Color) -> Decision | None:
    """The placement decision `color` owes now, if any."""
    for decision in state.pending:
        if decision.player == color and decision.kind != "stack":
            return decision
    return None


def answer(state: GameState, color: Color, action: Action, events: list[Event]) -> None:
    """Apply `color`'s answer to their placement decision (checked before anything changes)."""
    decision = build_decision(state, color)
    if decision is None:
        raise IllegalAction("You have no tile to place or reserve now.")
    player = state.player(color)
    if isinstance(decision, BuyDecision):
        _answer_buy(state, player, decision, action, events)
    elif isinstance(decision, PublicityDecision):
        _answer_publicity(state, player, decision, action, events)
    elif isinstance(decision, RenovateDecision):
        _answer_renovation(state, player, decision, action, events)


def _refuse(decision: Decision, action: Action) -> IllegalAction:
    allowed = {
        "buy": "`place <tile> <cell> <rotation>` or `reserve`",
        "publicity": "`place <tile> <cell> <rotation>` (a reserve tile) or `done`",
        "renovate": "`remove <cell>`, `place <tile> <cell> <rotation>`, `done`, `undo` or `cancel`",
    }[decision.kind]
    return IllegalAction(f"`{action.kind}` does not answer this decision: use {allowed}.")


def _legal(state: GameState, player: Player, action: Place) -> Placement:
    placement = Placement(action.tile, action.x, action.y, action.rot)
    problem = placement_problem(COMPONENTS, player.sheet, placement)
    if problem is not None:
        fits = legal_placements(COMPONENTS, player.sheet, action.tile)
        raise IllegalAction(problem + what_fits(placement, fits))
    return placement


def what_fits(placement: Placement, fits: Sequence[Placement]) -> str:
    """What would work instead of a refused placement, as a sentence to add to the refusal.

    The turns of the tile that fit at that cell; else the nearest cells where it fits
    turned as asked; else the nearest places at all; else that it goes nowhere now.
    """
    name = tile_name(placement.tile)
    cell = cell_name((placement.x, placement.y))
    here = [p for p in fits if (p.x, p.y) == (placement.x, placement.y)]
    if here:
        return f" At {cell} the {name} fits turned {or_list([_turn(p) for p in here])}."

    def nearest(places: Sequence[Placement]) -> list[Placement]:
        away = [abs(p.x - placement.x) + abs(p.y - placement.y) for p in places]
        order = sorted(range(len(places)), key=lambda n: (away[n], places[n].y, places[n].x))
        return [places[n] for n in order[:MOST_SUGGESTED]]

    turned = [p for p in fits if p.rot == placement.rot]
    if turned:
        cells = or_list([cell_name((p.x, p.y)) for p in nearest(turned)])
        return f" Turned {_turn(placement)}, the {name} fits at {cells} (the nearest)."
    if fits:
        places = or_list([f"{cell_name((p.x, p.y))} turned {_turn(p)}" for p in nearest(fits)])
        return f" The {name} fits at {places} (the nearest)."
    return f" The {name} cannot go anywhere on your sheet now."


def _turn(placement: Placement) -> str:
    return f"{placement.rot * 90}°"


def _answer_buy(
    state: GameState, player: Player, decision: BuyDecision, action: Action, events: list[Event]
) -> None:
    bought = decision.tile
    if isinstance(action, Reserve):
        player.reserve.append(bought)
        events.append(TileReserved(player=player.color, tile=bought))
    elif isinstance(action, Place):
        if action.tile != bought and action.tile not in player.reserve:
            raise IllegalAction(
                f"You bought the {tile_name(bought)}: place it, or a tile from your reserve "
                f"(you have no {tile_name(action.tile)} there)."
            )
        placement = _legal(state, player, action)
        if action.tile != bought:
            player.reserve.remove(action.tile)
            player.reserve.append(bought)
            events.append(TileReserved(player=player.color, tile=bought))
        _put(state, player, placement, events, counts_as_first=True)
    else:
        raise _refuse(decision, action)
    state.pending.remove(decision)


def _answer_publicity(
    state: GameState,
    player: Player,
    decision: PublicityDecision,
    action: Action,
    events: list[Event],
) -> None:
    if isinstance(action, Place):
        if action.tile not in player.reserve:
            raise IllegalAction(f"You have no {tile_name(action.tile)} in your reserve.")
        placement = _legal(state, player, action)
        player.reserve.remove(action.tile)
        _put(state, player, placement, events, counts_as_first=True)
    elif not isinstance(action, Done):
        raise _refuse(decision, action)
    state.pending.remove(decision)
    events.append(PlacementFinished(player=player.color))


def _answer_renovation(
    state: GameState,
    player: Player,
    decision: RenovateDecision,
    action: Action,
    events: list[Event],
) -> None:
    changed = bool(decision.removed or decision.placed)
    if isinstance(action, Remove):
        if decision.placed:
            raise IllegalAction("Take tiles off before putting any on: this renovation is placing.")
        if decision.removed >= MAX_RENOVATED:
            raise IllegalAction("A renovation takes at most 2 tiles off the sheet.")
        index = tile_at(COMPONENTS, player.sheet, (action.x, action.y))
        if index is None:
            raise IllegalAction(f"No tile of yours covers {cell_name((action.x, action.y))}.")
        placed = player.sheet.pop(index)
        player.reserve.append(placed.tile)
        count_tile(player, placed.tile, -1)
        decision.removed += 1
        events.append(
            TileRemoved(
                player=player.color, tile=placed.tile, x=placed.x, y=placed.y, rot=placed.rot
            )
        )
    elif isinstance(action, Place):
        if len(decision.placed) >= MAX_RENOVATED:
            raise IllegalAction("A renovation puts at most 2 tiles on the sheet.")
        if action.tile not in player.reserve:
            raise IllegalAction(f"You have no {tile_name(action.tile)} in your reserve.")
        placement = Placement(action.tile, action.x, action.y, action.rot)
        problem = fit_problem(COMPONENTS, player.sheet, placement)
        if problem is not None:
            fits = fitting_placements(COMPONENTS, player.sheet, action.tile)
            raise IllegalAction(problem + what_fits(placement, fits))
        player.reserve.remove(action.tile)
        decision.placed.append(action.tile)
        _put(state, player, placement, events, counts_as_first=False)
    elif isinstance(action, Done):
        problems = sheet_problems(COMPONENTS, player.sheet)
        if problems:
            raise IllegalAction(
                f"Your sheet breaks the placement rules: {problems[0]} "
                "Fix it, `undo` to start the renovation again, or `cancel`."
            )
        if any(TILES[tile].is_premier for tile in decision.placed):
            _first_premier(state, player)
        state.pending.remove(decision)
        events.append(PlacementFinished(player=player.color))
    elif isinstance(action, Undo | Cancel):
        if isinstance(action, Undo) and not changed:
            raise IllegalAction("Nothing to undo: this renovation has not changed your sheet.")
        player.sheet = list(decision.before)
        player.reserve = list(decision.before_reserve)
        player.population, player.revenue, player.fame = decision.before_tracks
        decision.removed = 0
        decision.placed = []
        finished = isinstance(action, Cancel)
        if finished:
            state.pending.remove(decision)
        events.append(RenovationUndone(player=player.color, finished=finished))
    else:
        raise _refuse(decision, action)


def _put(
    state: GameState,
    player: Player,
    placement: Placement,
    events: list[Event],
    *,
    counts_as_first: bool,
) -> None:
    placement = canonical(COMPONENTS, placement)
    player.sheet.append(placement)
    count_tile(player, placement.tile, 1)
    events.append(
        TilePlaced(
            player=player.color,
            tile=placement.tile,
            x=placement.x,
            y=placement.y,
            rot=placement.rot,
        )
    )
    if counts_as_first and TILES[placement.tile].is_premier:
        _first_premier(state, player)


def _first_premier(state: GameState, player: Player) -> None:
    """Note that `player` put a premier tile on their sheet now (see `first_premier`)."""
    if player.color not in state.premier_placers:
        state.premier_placers.append(player.color)
        if state.step == "actions":
            state.placed_while_bidding.append(player.color)


def first_premier(state: GameState) -> Player | None:
    """The first player to put a premier tile on their sheet this round, if anyone did.

    Placements during bidding happened one after another, so the earliest counts; the
    purchases after bidding are placed at the same time, so among those turn order from
    the button decides (and so it does for every placement under the older timing).
    """
    if state.placed_while_bidding:
        return state.player(state.placed_while_bidding[0])
    placers = set(state.premier_placers)
    return next((p for p in state.in_turn_order() if p.color in placers), None)
