"""The turn: the draw (steps 1 to 5) and ending a turn."""

from __future__ import annotations

from .actions import ActStep, Color
from .board import BOARD, GAME_OVER
from .ending import finish
from .events import CardDrawn, Event, OfferClosed, TurnEnded, TurnStarted
from .holdings import gain_die, gain_lot
from .payday import pay_casinos, pay_parking_lots, payday, paying_casinos, score_casinos
from .state import GameState


def start_turn(state: GameState, player: Color, events: list[Event]) -> None:
    """Make `player` current and resolve their draw."""
    state.current = player
    state.gambled = False
    state.reorganized = []
    state.turn_draws = []
    events.append(TurnStarted(player=player, turn=state.turn))
    draw(state, events)


def draw(state: GameState, events: list[Event]) -> None:
    """Draw cards until one takes effect (2-player F cards only pay, then draw again).

    Stops early, with `paused_draw` set, when the drawer must first choose which marker
    or die to move; `resume_draw` finishes the card once they have.
    """
    player = state.current
    while not state.over:
        if not state.deck:
            finish(state, "deck_empty", events)
            return
        card = state.deck.pop(0)
        state.turn_draws.append(card)
        if card == GAME_OVER:
            events.append(CardDrawn(player=player, card=card, pays="strip"))
            pay_parking_lots(state, events)
            casinos = paying_casinos(state, "strip")
            pay_casinos(state, casinos, events)
            score_casinos(state, casinos, events)
            if not state.over:
                finish(state, "game_over_card", events)
            return
        lot = BOARD.lots[card]
        unused = state.f_block_unused and lot.block == "F"
        events.append(CardDrawn(player=player, card=card, pays=lot.card, unused_block=unused))
        if unused:
            payday(state, lot.card, events)
            continue
        _claim(state, player, card, events)
        if state.pending:
            state.paused_draw = card
            return
        payday(state, lot.card, events)
        return


def resume_draw(state: GameState, events: list[Event]) -> None:
    """Finish the card whose draw waited for a decision."""
    card = state.paused_draw
    assert card is not None
    state.paused_draw = None
    payday(state, BOARD.lots[card].card, events)


def _claim(state: GameState, player: Color, lot: str, events: list[Event]) -> None:
    """Step 1: a marker on an empty lot, or the drawer's die into the tile there."""
    tile = state.tiles.get(lot)
    if tile is None:
        if lot not in state.lots:
            gain_lot(state, player, lot, None, events)
        return
    if tile.die is not None and tile.die.owner == player:
        return
    pips = tile.die.pips if tile.die is not None else BOARD.lots[lot].die
    gain_die(state, player, lot, pips, None, events)


def end_turn(state: GameState, player: Color, events: list[Event]) -> None:
    """End the current turn: offers with actions lapse, the next player draws."""
    events.append(TurnEnded(player=player))
    for offer in list(state.offers):
        if any(isinstance(step, ActStep) for step in offer.steps):
            state.offers.remove(offer)
            events.append(OfferClosed(offer=offer.id, reason="lapsed"))
    colors = state.colors
    state.turn += 1
    start_turn(state, colors[(colors.index(player) + 1) % len(colors)], events)
