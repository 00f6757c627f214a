"""Event cards: what each kind of effect does when its card is drawn in step 2.

The cards themselves (names, copies, size symbols, effects) are data in the components
file; this module is the small amount of code behind each effect type. Effects on one
card resolve in the listed order, with sheets and cash as they are at that moment.
"""

from __future__ import annotations

from collections.abc import Callable

from .building import first_premier
from .components import (
    ChooseStack,
    EventCard,
    EventCopy,
    FameAll,
    FameIfConnected,
    FamePerTile,
    FameToRank,
    IncomeFormula,
    LingeringFirstPremierPlacement,
    MoneyAll,
    MoneyPerTile,
    MoneyToRank,
    NoAction,
    NoBidBasic,
    NoBidPremierSize,
    PremierPriceShift,
    PublicityFame,
)
from .events import (
    CardCompleted,
    CardInPlay,
    Event,
    FameGained,
    MoneyGained,
    NoBidPlaced,
    PriceShifted,
    RoundRuleChanged,
)
from .sheet_scoring import is_connected
from .state import GameState, Player
from .tables import COMPONENTS, TILES, card_of
from .tracks import gain_fame

EVENT_FAME = "events"


def needs_stack_choice(card: EventCard) -> bool:
    """True for a card (Pull Strings) whose stack the button holder chooses."""
    return any(isinstance(effect, ChooseStack) for effect in card.effects)


def lingers(card: EventCard) -> bool:
    """True for a card that stays in play until it can be completed."""
    return any(isinstance(effect, LingeringFirstPremierPlacement) for effect in card.effects)


def resolve_card(state: GameState, copy: EventCopy, card: EventCard, events: list[Event]) -> None:
    """Carry out every effect of a card just drawn, in order."""
    for effect in card.effects:
        _EFFECTS[type(effect)](state, effect, copy, card, events)


def _fame(
    state: GameState, player: Player, amount: int, card: EventCard, events: list[Event]
) -> None:
    gain_fame(player, amount, EVENT_FAME)
    events.append(FameGained(player=player.color, amount=amount, reason=card.name))


def _money(player: Player, amount: int, card: EventCard, events: list[Event]) -> None:
    player.money += amount
    events.append(MoneyGained(player=player.color, amount=amount, reason=card.name))


def _tiles_on_sheet(player: Player, tiles: tuple[str, ...]) -> int:
    return sum(1 for placed in player.sheet if placed.tile in tiles)


def _fame_per_tile(
    state: GameState, effect: FamePerTile, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in state.in_turn_order():
        count = _tiles_on_sheet(player, effect.tiles)
        if count:
            _fame(state, player, count * effect.amount, card, events)


def _money_per_tile(
    state: GameState, effect: MoneyPerTile, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in state.in_turn_order():
        count = _tiles_on_sheet(player, effect.tiles)
        if count:
            _money(player, count * effect.amount, card, events)


def _no_bid(state: GameState, what: str, card: EventCard, events: list[Event]) -> None:
    if what not in state.no_bid:
        state.no_bid.append(what)
    events.append(NoBidPlaced(what=what, reason=card.name))


def _no_bid_basic(
    state: GameState, effect: NoBidBasic, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    _no_bid(state, effect.tile, card, events)


def _no_bid_premier_size(
    state: GameState,
    effect: NoBidPremierSize,
    copy: EventCopy,
    card: EventCard,
    events: list[Event],
) -> None:
    size = copy.symbol if effect.size == "symbol" else effect.size
    if size != "any":  # a card whose stack is chosen names no size of its own
        _no_bid(state, size, card, events)


def _no_action(
    state: GameState, effect: NoAction, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    _no_bid(state, effect.action, card, events)


def _price_shift(
    state: GameState,
    effect: PremierPriceShift,
    copy: EventCopy,
    card: EventCard,
    events: list[Event],
) -> None:
    board = COMPONENTS.board
    for space in state.spaces:
        if space.tile is None:
            continue
        old = price = space.price
        ceiling = TILES[space.tile].min_bid
        for _ in range(abs(effect.circles)):
            step = board.circle_below(price) if effect.circles < 0 else board.circle_above(price)
            if step is None or step > ceiling:
                break
            price = step
        if price != old:
            space.price = price
            events.append(
                PriceShifted(space=space.id, tile=space.tile, old=old, new=price, reason=card.name)
            )


def _income(
    state: GameState, effect: IncomeFormula, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    state.income_rule = effect.formula
    events.append(RoundRuleChanged(income=effect.formula, reason=card.name))


def _stat(player: Player, stat: str) -> int:
    if stat == "population":
        return player.population
    if stat == "revenue":
        return player.revenue
    if stat == "fame":
        return player.fame
    return player.money


def _ranked(state: GameState, stat: str, which: str) -> list[Player]:
    values = [_stat(p, stat) for p in state.players]
    best = max(values) if which == "highest" else min(values)
    return [p for p in state.in_turn_order() if _stat(p, stat) == best]


def _fame_to_rank(
    state: GameState, effect: FameToRank, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in _ranked(state, effect.stat, effect.which):
        _fame(state, player, effect.amount, card, events)


def _money_to_rank(
    state: GameState, effect: MoneyToRank, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in _ranked(state, effect.stat, effect.which):
        _money(player, effect.amount, card, events)


def _fame_all(
    state: GameState, effect: FameAll, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in state.in_turn_order():
        _fame(state, player, effect.amount, card, events)


def _money_all(
    state: GameState, effect: MoneyAll, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in state.in_turn_order():
        _money(player, effect.amount, card, events)


def _publicity_fame(
    state: GameState, effect: PublicityFame, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    state.publicity_fame = effect.amount
    events.append(RoundRuleChanged(publicity_fame=effect.amount, reason=card.name))


def _fame_if_connected(
    state: GameState, effect: FameIfConnected, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    for player in state.in_turn_order():
        if is_connected(COMPONENTS, player.sheet):
            _fame(state, player, effect.amount, card, events)


def _lingering(
    state: GameState,
    effect: LingeringFirstPremierPlacement,
    copy: EventCopy,
    card: EventCard,
    events: list[Event],
) -> None:
    state.in_play.append(copy.position)
    events.append(CardInPlay(card=copy.position, name=card.name))


def _choose_stack(
    state: GameState, effect: ChooseStack, copy: EventCopy, card: EventCard, events: list[Event]
) -> None:
    """Nothing to do now: the space waits for the button holder's choice (see `rounds.py`)."""


_EFFECTS: dict[type, Callable[..., None]] = {
    FamePerTile: _fame_per_tile,
    MoneyPerTile: _money_per_tile,
    NoBidBasic: _no_bid_basic,
    NoBidPremierSize: _no_bid_premier_size,
    NoAction: _no_action,
    PremierPriceShift: _price_shift,
    IncomeFormula: _income,
    FameToRank: _fame_to_rank,
    MoneyToRank: _money_to_rank,
    FameAll: _fame_all,
    MoneyAll: _money_all,
    PublicityFame: _publicity_fame,
    FameIfConnected: _fame_if_connected,
    LingeringFirstPremierPlacement: _lingering,
    ChooseStack: _choose_stack,
}


def complete_waiting_cards(state: GameState, events: list[Event]) -> None:
    """End of the build step: complete cards in play whose condition was met this round.

    The first player to put a premier tile on their sheet wins a lingering card's Fame
    (`first_premier`: in the order it happened; a tie within one step, as between
    purchases placed at the same time, goes by turn order from the button holder).
    """
    first = first_premier(state)
    for index in list(state.in_play):
        _, card = card_of(index)
        for effect in card.effects:
            if isinstance(effect, LingeringFirstPremierPlacement) and first is not None:
                _fame(state, first, effect.amount, card, events)
                state.in_play.remove(index)
                state.discard.append(index)
                events.append(CardCompleted(card=index, name=card.name))
