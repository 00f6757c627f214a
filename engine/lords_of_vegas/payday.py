"""Steps 2 to 4 of a turn: parking lots pay, the drawn card's casinos pay and score."""

from __future__ import annotations

from .actions import Color
from .board import CardKind
from .casino import Casino, all_casinos, boss_of
from .ending import finish
from .events import CasinoPaid, Event, ParkingPaid, PointsScored
from .scoring import advance, track_end
from .state import GameState


def pay_parking_lots(state: GameState, events: list[Event]) -> None:
    """Every parking lot pays its owner $1m, whoever's turn it is."""
    payments: dict[Color, int] = {}
    for owner in state.lots.values():
        payments[owner] = payments.get(owner, 0) + 1
    if not payments:
        return
    for color, amount in payments.items():
        state.player(color).money += amount
    ordered = {c: payments[c] for c in state.colors if c in payments}
    events.append(ParkingPaid(payments=ordered))


def paying_casinos(state: GameState, pays: CardKind) -> list[Casino]:
    """Casinos a card pays: its company's everywhere, or every casino on The Strip."""
    if pays == "strip":
        return [c for c in all_casinos(state) if c.on_strip]
    return [c for c in all_casinos(state) if c.company == pays]


def pay_casinos(state: GameState, casinos: list[Casino], events: list[Event]) -> None:
    """Each die in these casinos pays its owner $1m per pip (height does not matter)."""
    for casino in casinos:
        payments: dict[Color, int] = {}
        for lot in casino.lots:
            die = state.tiles[lot].die
            if die is not None:
                payments[die.owner] = payments.get(die.owner, 0) + die.pips
        for color, amount in payments.items():
            state.player(color).money += amount
        if payments:
            events.append(CasinoPaid(lots=casino.lots, company=casino.company, payments=payments))


def score_casinos(state: GameState, casinos: list[Casino], events: list[Event]) -> None:
    """Each casino scores its tiles for its boss, smallest first; may end the game.

    Reaching the last space wins at once in the classic edition; in the updated
    edition the scoring finishes and then the game ends.
    """
    end = track_end()
    jackpot = False
    for casino in sorted(casinos, key=lambda c: c.tiles):
        boss = boss_of(state, casino)
        if boss is None:
            continue
        player = state.player(boss)
        before = player.points
        after, lost = advance(before, casino.tiles)
        player.points = after
        events.append(
            PointsScored(
                player=boss,
                lots=casino.lots,
                points=casino.tiles,
                before=before,
                after=after,
                lost=lost,
            )
        )
        if after == end and before != end:
            if state.edition == "classic":
                finish(state, "instant_win", events, winner=boss)
                return
            jackpot = True
    if jackpot:
        finish(state, "jackpot", events)


def payday(state: GameState, pays: CardKind, events: list[Event]) -> None:
    """Steps 2-4 for a drawn card: parking lots, then the card's casinos pay and score."""
    pay_parking_lots(state, events)
    casinos = paying_casinos(state, pays)
    pay_casinos(state, casinos, events)
    score_casinos(state, casinos, events)
