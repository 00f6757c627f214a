"""The steps of a round that need no player.

Dropping prices, flipping new tiles, income, and the round's end: a full sheet ends the
game, the button passes (adjusting is done as tiles move; see `tracks.py`).

Step 4 (choosing actions, then buying and placing tiles) is in `bidding.py` and
`building.py`; `flow.py` runs the steps in order.
"""

from __future__ import annotations

from .actions import SIZES, Color, Size
from .cards import complete_waiting_cards, needs_stack_choice, resolve_card
from .ending import finish
from .errors import IllegalAction
from .events import (
    ButtonPassed,
    CardDrawn,
    DecisionRequired,
    Event,
    IncomeCollected,
    PriceDropped,
    RoundStarted,
    StackChosen,
    StackEmpty,
    TileDiscarded,
    TileFlipped,
)
from .sheet_scoring import is_full
from .state import GameState, Space, StackDecision
from .tables import COMPONENTS, TILES, card_of


def start_round(state: GameState, events: list[Event]) -> None:
    """Begin the next round: step 1, drop every premier price one circle."""
    state.round += 1
    events.append(RoundStarted(round=state.round, button=state.button))
    board = COMPONENTS.board
    for space in state.spaces:
        if space.tile is None:
            continue
        lower = board.circle_below(space.price)
        if lower is None:
            state.out_of_game.append(space.tile)
            events.append(TileDiscarded(space=space.id, tile=space.tile))
            space.tile = None
            space.price = 0
        else:
            events.append(PriceDropped(space=space.id, tile=space.tile, old=space.price, new=lower))
            space.price = lower
    state.step = "flip"


def fill_spaces(state: GameState, events: list[Event]) -> bool:
    """Step 2: fill every empty premier space in order, one event card for each.

    Returns False when the game waits for a Pull Strings choice or has ended.
    """
    for space in state.spaces:
        if space.tile is not None:
            continue
        index = _draw(state)
        copy, card = card_of(index)
        state.drawn.append(index)
        events.append(CardDrawn(card=index, name=card.name, symbol=copy.symbol, space=space.id))
        resolve_card(state, copy, card, events)
        if needs_stack_choice(card):
            if not any(state.stacks[size] for size in SIZES):
                _set_aside(state, index)
                events.append(StackEmpty(size=None))
                finish(state, "stack_empty", events)
                return False
            state.filling = space.id
            decision = state.ask(StackDecision(player=state.button, space=space.id))
            events.append(DecisionRequired(decision=decision))
            return False
        _set_aside(state, index)
        if copy.symbol not in SIZES or not _flip(state, space, copy.symbol, events):
            finish(state, "stack_empty", events)
            return False
    return True


def choose_stack(state: GameState, player: Color, size: Size, events: list[Event]) -> None:
    """Pull Strings: fill the waiting space from the stack `player` chose."""
    decision = next(
        (d for d in state.pending if isinstance(d, StackDecision) and d.player == player), None
    )
    if decision is None:
        raise IllegalAction("No premier space is waiting for you to choose a stack.")
    if not state.stacks[size]:
        left = [s for s in SIZES if state.stacks[s]]
        raise IllegalAction(
            f"The {size} stack is empty; choose one that still has tiles ({', '.join(left)})."
        )
    space = state.space(decision.space)
    assert space is not None
    state.pending.remove(decision)
    state.filling = None
    _set_aside(state, state.drawn[-1])
    events.append(StackChosen(player=player, size=size))
    _flip(state, space, size, events)


def collect_income(state: GameState, events: list[Event]) -> None:
    """Step 3: everyone takes the lesser of Population and Revenue (or this round's rule)."""
    payments: dict[Color, int] = {}
    rule = state.income_rule
    for player in state.in_turn_order():
        if rule == "population":
            income = player.population
        elif rule == "revenue":
            income = player.revenue
        else:
            income = min(player.population, player.revenue)
            if rule == "half_lesser":
                income //= 2
        player.money += income
        payments[player.color] = income
    events.append(IncomeCollected(payments=payments))


def end_round(state: GameState, events: list[Event]) -> None:
    """Steps 5 and 6: settle waiting cards, end the game on a full sheet, pass the button."""
    complete_waiting_cards(state, events)
    if any(is_full(COMPONENTS, player.sheet) for player in state.players):
        finish(state, "sheet_full", events)
        return
    colors = state.colors
    state.button = colors[(colors.index(state.button) + 1) % len(colors)]
    # Only what changed is written: this runs every round of every simulated game.
    for player in state.players:
        if player.action is not None:
            player.action = None
        if player.bid_on is not None:
            player.bid_on = None
            player.bid = 0
        if player.outbid:
            player.outbid = False
    state.no_bid.clear()
    state.drawn.clear()
    state.premier_placers.clear()
    if state.placed_while_bidding:
        state.placed_while_bidding.clear()
    if state.income_rule != "lesser":
        state.income_rule = "lesser"
    if state.publicity_fame != 1:
        state.publicity_fame = 1
    events.append(ButtonPassed(player=state.button))


def _draw(state: GameState) -> int:
    if not state.deck:  # never happens with the printed deck; reshuffle to be safe
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
    return state.deck.pop(0)


def _set_aside(state: GameState, index: int) -> None:
    """Discard a resolved card, unless it stays in play until completed."""
    if index not in state.in_play:
        state.discard.append(index)


def _flip(state: GameState, space: Space, size: Size, events: list[Event]) -> bool:
    stack = state.stacks[size]
    if not stack:
        events.append(StackEmpty(size=size))
        return False
    tile = stack.pop(0)
    space.tile = tile
    space.price = TILES[tile].min_bid
    events.append(TileFlipped(space=space.id, tile=tile, price=space.price))
    return True
