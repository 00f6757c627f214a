"""Every event card says what it does in plain words, each kind of effect worded once,
from the card's data (a corrected card reads as corrected)."""

from __future__ import annotations

from engine.vegas_showdown import describe_card
from engine.vegas_showdown.components import (
    COMPONENTS,
    EFFECT_TYPES,
    FamePerTile,
    NoBidPremierSize,
    PremierPriceShift,
)
from engine.vegas_showdown.narrate import describe_effect
from engine.vegas_showdown.tables import tile_name


def _deck_index(card_id: str) -> int:
    return next(i for i, copy in enumerate(COMPONENTS.event_deck) if copy.card_id == card_id)


def test_every_card_of_the_deck_says_what_it_does_with_its_own_numbers_and_rooms() -> None:
    for index, copy in enumerate(COMPONENTS.event_deck):
        card = COMPONENTS.event_cards[copy.card_id]
        text = describe_card(index)
        assert text[0].isupper() and text.endswith("."), text
        assert "{" not in text and "None" not in text, text
        assert text == describe_card(card, copy.symbol)
        for effect in card.effects:
            data = effect.model_dump()
            for number in (data.get("amount"), data.get("circles")):
                if number is not None:
                    assert str(abs(number)) in text, text
            for tile in (*data.get("tiles", ()), data.get("tile")):
                if tile is not None:
                    assert tile_name(tile) in text, text


def test_each_effect_type_is_on_some_card_and_has_words_of_its_own() -> None:
    worded = {
        effect.type: describe_effect(effect, "small")
        for card in COMPONENTS.event_cards.values()
        for effect in card.effects
    }
    assert set(worded) == EFFECT_TYPES == set(COMPONENTS.facts.effect_types)
    assert len(set(worded.values())) == len(worded)


def test_some_cards_word_for_word() -> None:
    assert describe_card(_deck_index("slow_season")) == (
        "This round each player's income is half the lesser of Population and Revenue "
        "(rounded down)."
    )
    assert describe_card(_deck_index("favorable_review")) == (
        "The first player to put a premier tile on their sheet gains 2 Fame; the card stays "
        "until then."
    )
    assert describe_card(_deck_index("investor_windfall")) == (
        "Whoever has the least cash takes $10 (all tied players do)."
    )
    assert describe_card(_deck_index("grand_opening_sale")) == (
        "Premier tiles already on the board drop 1 circle in price (not below $3)."
    )


def test_a_card_that_bars_its_own_size_names_the_size_on_the_copy() -> None:
    labor = COMPONENTS.event_cards["labor_shortage"]
    index = _deck_index("labor_shortage")
    symbol = COMPONENTS.event_deck[index].symbol
    assert f"Nobody may bid on {symbol} premier tiles this round" in describe_card(index)
    # Told another copy's symbol, the same card names that size.
    assert "large premier tiles" in describe_card(labor, "large")
    # Without a copy, a card whose copies show different sizes speaks in general.
    bar = NoBidPremierSize(type="no_bid_premier_size")
    assert "premier tiles of the card's size" in describe_effect(bar)
    fixed = NoBidPremierSize(type="no_bid_premier_size", size="small")
    assert "small premier tiles" in describe_effect(fixed, "large")


def test_the_words_follow_the_data_of_a_corrected_card() -> None:
    fame = FamePerTile(type="fame_per_tile", tiles=("theater",), amount=4)
    assert describe_effect(fame) == "Every player gains 4 Fame per Theater on their sheet."
    two = PremierPriceShift(type="premier_price_shift", circles=-2)
    assert "drop 2 circles in price" in describe_effect(two)
