"""Hints: what the normal computer player would do in a player's place now, and why.

The reasons come from the player's own evaluation (`players.AiPlayer.ranked` and the
ledgers of `value.py`): what each candidate move is expected to add to the points to
come from the casinos the player bosses, to the money its dice will still earn, what it
costs, and what it does to the best rival. The hint is worked out on a canonical copy of
the game (`view.canonical_copy`), so it never depends on the deck's hidden order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.hints import Suggestion, signed
from engine.words import count

from ..actions import Action, Build, Color, Raise, Remodel, Reorganize, Sprawl
from ..board import company_name
from ..casino import boss_of, casino_map
from ..game import decisions_owed, offers_to_answer
from ..notation import format_action
from ..state import Decision, GameState, LayoffDecision, Offer, PlaceDecision, TakeDieDecision
from .players import END, AiPlayer, Appraisal
from .value import Ledger, ledgers, worths
from .view import Outlook, canonical_copy

# The hint's own randomness (for dice it imagines): fixed, so a hint is repeatable.
HINT_SEED: Final = 0
# Changes smaller than this (points, or $1m) are not worth mentioning.
NOTICEABLE: Final = 0.05


def hints(state: GameState, color: Color, most: int = 3) -> list[Suggestion]:
    """The normal player's best few moves for `color` now, its choice first (empty: none).

    Empty when nothing is `color`'s to decide: not their turn, no decision or offer of
    theirs waiting, or the game is over.
    """
    if state.over or color not in state.colors:
        return []
    seen = canonical_copy(state)
    player = AiPlayer(seed=HINT_SEED)
    owed = decisions_owed(seen, color)
    if owed:
        return [_decision_hint(player, seen, color, owed[0])]
    if seen.pending:
        return []
    offers = offers_to_answer(seen, color)
    if offers:
        return [_offer_hint(player, seen, color, offers[0])]
    if seen.current != color:
        return []
    return _turn_hints(player, seen, color, most)


def _turn_hints(player: AiPlayer, state: GameState, color: Color, most: int) -> list[Suggestion]:
    """The turn's best moves as normal ranks them; ending the turn where it belongs."""
    view = player.look(state)
    before = ledgers(state, view, player.weights)
    ranked = player.ranked(state, color, player.candidates(state, color))
    worth_it = [entry for entry in ranked if entry.gain > player.threshold]
    shown: list[Suggestion] = [
        _move_hint(state, color, entry, before, view, player) for entry in worth_it[:most]
    ]
    if len(shown) < most:
        best_other = ranked[len(worth_it)] if len(ranked) > len(worth_it) else None
        shown.append(_end_hint(best_other, bool(worth_it)))
    if not worth_it:
        for entry in ranked[: most - 1]:
            shown.append(_move_hint(state, color, entry, before, view, player))
    return shown


def _end_hint(best_other: Appraisal | None, after_moves: bool) -> Suggestion:
    """Ending the turn: what it says when nothing else is worth its cost."""
    if after_moves:
        reason = "once the moves above are made, nothing else left gains enough to be worth it"
    elif best_other is None:
        reason = "there is nothing you can build, sprawl, remodel, raise or reorganize now"
    else:
        reason = (
            "no move gains enough to be worth its cost now (the best, "
            f"`{format_action(best_other.action)}`, comes to {signed(best_other.gain)} points)"
        )
    return Suggestion(format_action(END), (reason,))


def _move_hint(
    state: GameState,
    color: Color,
    entry: Appraisal,
    before: dict[Color, Ledger],
    view: Outlook,
    player: AiPlayer,
) -> Suggestion:
    """One candidate move and the considerations that rate it."""
    reasons: list[str] = []
    trials = entry.outcome.trials
    what = _what_it_does(state, color, entry.action, [trial for trial, _ in trials])
    if what:
        reasons.append(what)
    books = [book for _, book in trials]
    mine = _mean([book[color] for book in books])
    reasons += _ledger_changes(before[color], mine)
    rivals = [c for c in before if c != color]
    if rivals:
        rate_view = worths(before, view, player.weights)
        leader = max(rivals, key=lambda c: rate_view[c])
        after = sum(worths(book, view, player.weights)[leader] for book in books) / len(books)
        change = after - rate_view[leader]
        if change < -NOTICEABLE:
            reasons.append(f"sets back the leading rival ({leader}) by about {-change:.1f} points")
        elif change > NOTICEABLE:
            reasons.append(f"helps the leading rival ({leader}) by about {change:.1f} points")
    reasons.append(f"in all, {signed(entry.gain)} points against the best rival")
    return Suggestion(format_action(entry.action), tuple(reasons))


def _what_it_does(
    state: GameState, color: Color, action: Action, afters: Sequence[GameState]
) -> str:
    """The casino the move touches, as it would be afterwards."""
    lot = getattr(action, "lot", None)
    if lot is None or not afters:
        return ""
    casino = casino_map(afters[0]).get(lot)
    if casino is None:
        return ""
    name = f"{company_name(casino.company)} casino"
    size = f"{count(casino.spaces, 'lot')}, {count(casino.tiles, 'tile')}"
    boss = boss_of(afters[0], casino)
    owner = "you boss" if boss == color else f"{boss} bosses" if boss else "nobody bosses"
    if isinstance(action, Build):
        if casino.spaces == 1:
            return f"opens a new {name} at {lot}, which you boss"
        return f"joins the {name} at {casino.name}, making it {size}; {owner} it"
    if isinstance(action, Sprawl):
        return f"grows your {name} to {size}"
    if isinstance(action, Remodel):
        return f"makes the casino at {casino.name} a {name} ({size})"
    if isinstance(action, Raise):
        return f"raises the {name} at {casino.name} to {count(casino.tiles, 'tile')}"
    if isinstance(action, Reorganize):
        bossed = sum(1 for after in afters if _boss_at(after, lot) == color)
        before = _boss_at(state, lot)
        now = "you boss it now" if before == color else f"{before or 'nobody'} bosses it now"
        return (
            f"rerolls every die in the {name} at {casino.name} ({now}); you end up its boss "
            f"in {bossed} of {len(afters)} rolls tried"
        )
    return ""


def _boss_at(state: GameState, lot: str) -> Color | None:
    casino = casino_map(state).get(lot)
    return boss_of(state, casino) if casino is not None else None


def _mean(books: Sequence[Ledger]) -> Ledger:
    """The average of several trials' ledgers (one trial: itself)."""
    if len(books) == 1:
        return books[0]
    n = len(books)
    return Ledger(
        points=round(sum(b.points for b in books) / n),
        expected=sum(b.expected for b in books) / n,
        money=round(sum(b.money for b in books) / n),
        lot_value=sum(b.lot_value for b in books) / n,
        income=sum(b.income for b in books) / n,
        parking=sum(b.parking for b in books) / n,
        dice=round(sum(b.dice for b in books) / n),
    )


def _ledger_changes(before: Ledger, after: Ledger) -> list[str]:
    """The parts of the player's position the move changes, in plain words."""
    lines = []
    if after.points != before.points:
        lines.append(f"{signed(after.points - before.points, 0)} points on the track now")
    expected = after.expected - before.expected
    if abs(expected) > NOTICEABLE:
        lines.append(
            f"about {signed(expected)} points to come from the casinos you boss, "
            "as their companies' cards come up"
        )
    income = after.income - before.income
    if abs(income) > NOTICEABLE:
        more = "more" if income > 0 else "less"
        lines.append(f"your dice should earn about ${abs(income):.0f}m {more} before the end")
    parking = after.parking - before.parking
    if abs(parking) > NOTICEABLE:
        more = "more" if parking > 0 else "less"
        lines.append(f"about ${abs(parking):.0f}m {more} from parking lots before the end")
    spent = before.money - after.money
    if spent > 0:
        lines.append(f"costs ${spent}m now")
    elif spent < 0:
        lines.append(f"brings in ${-spent}m now")
    return lines


def _decision_hint(
    player: AiPlayer, state: GameState, color: Color, decision: Decision
) -> Suggestion:
    """The answer normal gives a decision the game asks of the player, and its rule."""
    answer = player.decide(state, color, decision)
    if isinstance(decision, PlaceDecision):
        reason = (
            "the highest dice go on lots whose cards are already drawn, "
            "where no one can take them over"
        )
    elif isinstance(decision, LayoffDecision):
        money = state.player(color).money
        reason = (
            f"a bet of ${decision.amount}m against your ${money}m: the computer lays off "
            "half of a bet of $10m or more, or of more than a quarter of its money"
        )
    elif isinstance(decision, TakeDieDecision):
        reason = "it moves your least useful die: not one that bosses its casino, the lowest"
    else:
        reason = "the documented default answer"
    return Suggestion(format_action(answer), (reason,))


def _offer_hint(player: AiPlayer, state: GameState, color: Color, offer: Offer) -> Suggestion:
    """Accept or decline an offer, by what carrying it out would do to the standing."""
    gain = player.offer_gain(state, color, offer)
    answer = player.verdict(offer, gain)
    if gain is None:
        reason = "the trade could not be carried out as it stands"
    else:
        reason = (
            f"carrying it out comes to about {signed(gain)} points against the best rival "
            f"(the computer accepts above {signed(player.offer_margin, 2)})"
        )
    return Suggestion(format_action(answer), (reason,))
