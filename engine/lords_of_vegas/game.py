"""The engine's front door: apply a player's action, list legal actions, read the result.

`apply` changes the state in place and returns what happened as events. It checks
everything before changing anything, so a refused action (an exception) leaves the
state exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from itertools import permutations

from .actions import (
    Accept,
    Action,
    Build,
    Color,
    Decline,
    EndTurn,
    Gamble,
    Layoff,
    Place,
    Propose,
    Raise,
    Remodel,
    Reorganize,
    Sprawl,
    Take,
    TurnAction,
    Withdraw,
)
from .board import BOARD, COMPANIES
from .casino import all_casinos, boss_of, dice_in
from .construction import (
    REMODEL_PER_SPACE,
    RISER_PRICE,
    build,
    raise_casino,
    remodel,
    sprawl,
    sprawl_cost,
    sprawl_origins,
)
from .ending import standings
from .errors import IllegalAction
from .events import Event
from .gamble import gamble, layoff, max_bet
from .holdings import take
from .narrate import describe_decision
from .reorganize import place, reorganize
from .state import GameState, LayoffDecision, PlaceDecision, TakeDieDecision, TakeMarkerDecision
from .supply import dice_left, dice_on_board, is_empty_lot, parking_lots, tiles_left
from .trade import accept, continue_trade, decline, parties, propose, withdraw
from .turn import end_turn, resume_draw


def run_turn_action(
    state: GameState, player: Color, action: TurnAction, events: list[Event]
) -> None:
    """Carry out one of the six actions for `player` (whose turn it must be)."""
    if isinstance(action, Build):
        build(state, player, action, events)
    elif isinstance(action, Sprawl):
        sprawl(state, player, action, events)
    elif isinstance(action, Remodel):
        remodel(state, player, action, events)
    elif isinstance(action, Reorganize):
        reorganize(state, player, action, events)
    elif isinstance(action, Raise):
        raise_casino(state, player, action, events)
    else:
        gamble(state, player, action, events)


def waiting_for(state: GameState) -> list[Color]:
    """Who the game waits for: players owing decisions, else the current player."""
    if state.over:
        return []
    if state.pending:
        owing: list[Color] = []
        for decision in state.pending:
            if decision.player not in owing:
                owing.append(decision.player)
        return owing
    return [state.current]


def apply(state: GameState, player: Color, action: Action) -> list[Event]:
    """Apply `player`'s action to `state` in place and return the events it caused.

    Raises `IllegalAction` (changing nothing) when the rules do not allow it.
    """
    if state.over:
        raise IllegalAction("The game is over.")
    if player not in state.colors:
        raise IllegalAction(f"{player} is not playing in this game.")
    events: list[Event] = []
    if isinstance(action, Place | Layoff | Take):
        if isinstance(action, Place):
            place(state, player, action, events)
        elif isinstance(action, Layoff):
            layoff(state, player, action, events)
        else:
            take(state, player, action, events)
        _resume(state, events)
    elif isinstance(action, Decline):
        decline(state, player, action.offer, events)
    elif isinstance(action, Withdraw):
        withdraw(state, player, action.offer, events)
    else:
        if state.pending:
            raise IllegalAction(
                "First " + "; ".join(describe_decision(d) for d in state.pending) + "."
            )
        if isinstance(action, Propose):
            propose(state, player, action, events)
        elif isinstance(action, Accept):
            accept(state, player, action.offer, run_turn_action, events)
        elif player != state.current:
            raise IllegalAction(f"It is {state.current}'s turn, not yours.")
        elif isinstance(action, EndTurn):
            end_turn(state, player, events)
        else:
            run_turn_action(state, player, action, events)
    return events


def _resume(state: GameState, events: list[Event]) -> None:
    """Once no decision is owed, finish whatever was waiting (a trade or a draw)."""
    while not state.pending and not state.over:
        if state.trade is not None:
            continue_trade(state, run_turn_action, events)
        elif state.paused_draw is not None:
            resume_draw(state, events)
        else:
            return


def is_over(state: GameState) -> bool:
    """True once the game has ended."""
    return state.over


def result(state: GameState) -> tuple[list[Color], list[tuple[Color, int, int]]]:
    """The winners (empty while playing) and the standings: (colour, points, money)."""
    return list(state.winners), standings(state)


def legal_actions(
    state: GameState, player: Color, kinds: Collection[str] | None = None
) -> list[Action]:
    """Every action `player` may take now, optionally only of the given kinds.

    Actions name a casino by its first lot. Every legal gamble amount is listed, and
    every distinct way to place rerolled dice. New trade offers are open-ended and so
    are not listed; accepting, declining and withdrawing open ones are.
    """
    if state.over or player not in state.colors:
        return []
    wanted = set(kinds) if kinds is not None else None

    def want(kind: str) -> bool:
        return wanted is None or kind in wanted

    found: list[Action] = []
    for offer in state.offers:
        involved = parties(offer)
        if player == offer.proposer:
            if want("withdraw"):
                found.append(Withdraw(offer=offer.id))
        elif player in involved:
            if want("accept") and not state.pending and player not in offer.accepted:
                found.append(Accept(offer=offer.id))
            if want("decline"):
                found.append(Decline(offer=offer.id))
    if state.pending:
        for decision in state.pending:
            if decision.player == player:
                found.extend(_answers(state, decision, want))
        return found
    if player == state.current:
        found.extend(_turn_actions(state, player, want))
        if want("end"):
            found.append(EndTurn())
    return found


def _answers(
    state: GameState,
    decision: PlaceDecision | LayoffDecision | TakeDieDecision | TakeMarkerDecision,
    want: Callable[[str], bool],
) -> Iterator[Action]:
    if isinstance(decision, PlaceDecision):
        if want("place"):
            for values in dict.fromkeys(permutations(decision.values)):
                yield Place(assignment=tuple(zip(decision.lots, values, strict=True)))
    elif isinstance(decision, LayoffDecision):
        if want("layoff"):
            yield Layoff(accept=True)
            yield Layoff(accept=False)
    elif isinstance(decision, TakeDieDecision):
        if want("take"):
            for lot in dice_on_board(state, decision.player):
                yield Take(what="die", lot=lot)
    elif want("take"):
        for lot in parking_lots(state, decision.player):
            yield Take(what="marker", lot=lot)


def _turn_actions(state: GameState, player: Color, want: Callable[[str], bool]) -> Iterator[Action]:
    cash = state.player(player).money
    sources: list[str | None] = (
        [None] if dice_left(state, player) else list(dice_on_board(state, player))
    )
    casinos = all_casinos(state)
    bossed = [c for c in casinos if boss_of(state, c) == player]

    if want("build"):
        for lot in parking_lots(state, player):
            if BOARD.lots[lot].price > cash:
                continue
            for company in COMPANIES:
                if tiles_left(state, company):
                    for source in sources:
                        yield Build(lot=lot, company=company, using=source)

    if want("sprawl"):
        targets: list[str] = []
        for casino in bossed:
            for lot in casino.lots:
                for near in BOARD.lots[lot].neighbors:
                    if near not in targets and is_empty_lot(state, near):
                        targets.append(near)
        for target in sorted(targets, key=lambda lot: BOARD.lots[lot].order):
            if state.f_block_unused and BOARD.lots[target].block == "F":
                continue
            origins = sprawl_origins(state, player, target)
            for origin in origins:
                if sprawl_cost(state, target, origin) > cash or not tiles_left(
                    state, origin.company
                ):
                    continue
                named = origin.name if len(origins) > 1 else None
                for source in sources:
                    yield Sprawl(lot=target, origin=named, using=source)

    if want("remodel"):
        for casino in bossed:
            if REMODEL_PER_SPACE * casino.spaces > cash:
                continue
            for company in COMPANIES:
                if company != casino.company and tiles_left(state, company) >= casino.spaces:
                    yield Remodel(lot=casino.name, company=company)

    if want("reorganize"):
        for casino in casinos:
            dice = dice_in(state, casino)
            if (
                any(owner == player for _, owner, _ in dice)
                and not any(lot in state.reorganized for lot, _, _ in dice)
                and sum(pips for _, _, pips in dice) <= cash
            ):
                yield Reorganize(lot=casino.name)

    if want("raise") and state.edition == "updated":
        for casino in bossed:
            if casino.height < state.max_height and RISER_PRICE * casino.spaces <= cash:
                yield Raise(lot=casino.name)

    if want("gamble") and not state.gambled:
        for casino in casinos:
            for amount in range(1, max_bet(state, player, casino) + 1):
                yield Gamble(lot=casino.name, amount=amount)
