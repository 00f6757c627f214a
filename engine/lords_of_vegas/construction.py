"""Actions that change casinos: build, sprawl, remodel and raise.

Each function checks everything first and only then changes the state, so a refused
action leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping

from .actions import Build, Color, Raise, Remodel, Sprawl
from .board import BOARD, company_name
from .casino import Casino, boss_of, casino_map
from .checks import (
    money,
    require_boss,
    require_die_source,
    require_lot,
    require_money,
    require_tiles,
)
from .errors import IllegalAction
from .events import Built, Event, Merged, Raised, Remodeled, Sprawled
from .holdings import move_die
from .state import Die, GameState, Tile
from .supply import is_empty_lot
from .ties import settle_ties

REMODEL_PER_SPACE = 5
RISER_PRICE = 15


def sprawl_cost(state: GameState, lot: str, casino: Casino) -> int:
    """Twice the lot's price, plus $15m per riser to match the casino's height."""
    return 2 * BOARD.lots[lot].price + RISER_PRICE * (casino.height - 1)


def _note_merge(
    state: GameState, before: Mapping[str, Casino], acting: tuple[str, ...], events: list[Event]
) -> None:
    """Record a Merged event if the casino now on `acting` swallowed other casinos."""
    after = casino_map(state)[acting[0]]
    others: dict[str, tuple[str, ...]] = {}
    for lot in after.lots:
        old = before.get(lot)
        if lot not in acting and old is not None:
            others.setdefault(old.lots[0], old.lots)
    if others:
        events.append(
            Merged(
                lots=after.lots,
                company=after.company,
                height=after.height,
                joined=(acting, *others.values()),
            )
        )


def _place_new_tile(
    state: GameState,
    player: Color,
    lot: str,
    tile: Tile,
    source: str | None,
    events: list[Event],
) -> None:
    if source is not None:
        move_die(state, player, source, lot, events)
    state.tiles[lot] = tile
    state.changed[lot] = state.turn


def build(state: GameState, player: Color, action: Build, events: list[Event]) -> None:
    """Build a tile of a company on one of your parking lots, at the lot's price."""
    lot = action.lot
    require_lot(state, lot)
    if state.lots.get(lot) != player:
        if lot in state.tiles:
            raise IllegalAction(f"{lot} already has a casino tile.")
        raise IllegalAction(f"You can only build on your own parking lots, and {lot} is not one.")
    price = BOARD.lots[lot].price
    require_tiles(state, action.company, 1)
    require_money(state, player, price, f"Building on {lot}")
    source = require_die_source(state, player, action.using)

    before = casino_map(state)
    del state.lots[lot]
    state.player(player).money -= price
    pips = BOARD.lots[lot].die
    tile = Tile(company=action.company, height=1, die=Die(owner=player, pips=pips))
    _place_new_tile(state, player, lot, tile, source, events)
    events.append(Built(player=player, lot=lot, company=action.company, cost=price, pips=pips))
    _note_merge(state, before, (lot,), events)
    settle_ties(state, [lot] if source is None else [lot, source], events)


def sprawl_origins(state: GameState, player: Color, lot: str) -> list[Casino]:
    """Casinos `player` bosses that touch `lot`, in board order."""
    where = casino_map(state)
    found: dict[str, Casino] = {}
    for near in BOARD.lots[lot].neighbors:
        casino = where.get(near)
        if casino is not None and casino.name not in found and boss_of(state, casino) == player:
            found[casino.name] = casino
    return sorted(found.values(), key=lambda c: BOARD.lots[c.name].order)


def sprawl(state: GameState, player: Color, action: Sprawl, events: list[Event]) -> None:
    """Extend a casino you boss into an empty neighbouring lot, at twice its price."""
    lot = action.lot
    require_lot(state, lot)
    if not is_empty_lot(state, lot):
        owner = state.lots.get(lot)
        if owner is not None:
            raise IllegalAction(
                f"You can only sprawl onto a lot without a marker; {lot} is {owner}'s."
            )
        raise IllegalAction(f"{lot} already has a casino tile.")
    if action.origin is not None:
        casino = require_boss(state, player, action.origin)
        if lot not in {near for own in casino.lots for near in BOARD.lots[own].neighbors}:
            raise IllegalAction(f"{lot} does not share an edge with the casino at {action.origin}.")
    else:
        origins = sprawl_origins(state, player, lot)
        if not origins:
            raise IllegalAction(f"{lot} does not share an edge with a casino you are the boss of.")
        if len(origins) > 1:
            names = ", ".join(f"{c.name} ({company_name(c.company)})" for c in origins)
            raise IllegalAction(
                f"{lot} touches several of your casinos ({names}): add `from <lot>` to choose."
            )
        casino = origins[0]
    cost = sprawl_cost(state, lot, casino)
    require_tiles(state, casino.company, 1)
    require_money(state, player, cost, f"Sprawling into {lot}")
    source = require_die_source(state, player, action.using)

    before = casino_map(state)
    state.player(player).money -= cost
    pips = BOARD.lots[lot].die
    tile = Tile(company=casino.company, height=casino.height, die=Die(owner=player, pips=pips))
    _place_new_tile(state, player, lot, tile, source, events)
    events.append(
        Sprawled(
            player=player,
            lot=lot,
            origin=casino.name,
            company=casino.company,
            height=casino.height,
            cost=cost,
            pips=pips,
        )
    )
    _note_merge(state, before, (*casino.lots, lot), events)
    settle_ties(state, [lot] if source is None else [lot, source], events)


def remodel(state: GameState, player: Color, action: Remodel, events: list[Event]) -> None:
    """Change the company of a casino you boss: $5m per space, whatever its height."""
    casino = require_boss(state, player, action.lot)
    if casino.company == action.company:
        raise IllegalAction(
            f"The casino at {action.lot} is already {company_name(casino.company)}."
        )
    cost = REMODEL_PER_SPACE * casino.spaces
    require_tiles(state, action.company, casino.spaces)
    require_money(state, player, cost, f"Remodeling the casino at {action.lot}")

    before = casino_map(state)
    state.player(player).money -= cost
    for lot in casino.lots:
        state.tiles[lot].company = action.company
        state.changed[lot] = state.turn
    events.append(
        Remodeled(
            player=player, lots=casino.lots, old=casino.company, new=action.company, cost=cost
        )
    )
    _note_merge(state, before, casino.lots, events)
    settle_ties(state, casino.lots, events)


def raise_casino(state: GameState, player: Color, action: Raise, events: list[Event]) -> None:
    """Put a riser under every tile of a casino you boss: $15m per space (updated edition)."""
    if state.edition == "classic":
        raise IllegalAction("There is no raise action in the classic edition.")
    casino = require_boss(state, player, action.lot)
    if casino.height >= state.max_height:
        raise IllegalAction(
            f"The casino at {action.lot} is already {casino.height} high, the most allowed "
            f"with {len(state.players)} players."
        )
    cost = RISER_PRICE * casino.spaces
    require_money(state, player, cost, f"Raising the casino at {action.lot}")

    before = casino_map(state)
    state.player(player).money -= cost
    for lot in casino.lots:
        state.tiles[lot].height += 1
        state.changed[lot] = state.turn
    events.append(Raised(player=player, lots=casino.lots, height=casino.height + 1, cost=cost))
    _note_merge(state, before, casino.lots, events)
    settle_ties(state, casino.lots, events)


__all__ = ["build", "money", "raise_casino", "remodel", "sprawl", "sprawl_cost", "sprawl_origins"]
