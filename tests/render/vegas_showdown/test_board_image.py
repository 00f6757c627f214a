"""The board shows what is for sale, the bids, the events, the stacks and Fame."""

from __future__ import annotations

from engine.vegas_showdown import describe_card, standings
from engine.vegas_showdown.bidding import lowest_bid
from engine.vegas_showdown.ending import CATEGORIES
from engine.vegas_showdown.tables import COMPONENTS, TILES, card_of
from render.box import Box
from render.palette import INK, WHITE
from render.text import TextPlacement
from render.vegas_showdown import render_board, render_round
from render.vegas_showdown.board import board_geometry
from render.vegas_showdown.final import final_height
from render.vegas_showdown.picture import draw_board_only, draw_round, round_width
from render.vegas_showdown.style import FADED, PLAYER_CODE
from tests.render.vegas_showdown.positions import (
    decode,
    every_step,
    final_state,
    midway,
    new_state,
)

GEO = board_geometry(round_width())


def _in(texts: tuple[TextPlacement, ...], box: Box) -> list[TextPlacement]:
    return [t for t in texts if box.contains(t.ink)]


def _words(texts: tuple[TextPlacement, ...], box: Box) -> list[str]:
    return [t.text for t in _in(texts, box)]


def _value(texts: tuple[TextPlacement, ...], row: Box, value: int) -> TextPlacement:
    """A track value's number in a row (the track is right of the tile's card)."""
    track = Box(row.left + 300, row.top, row.right, row.bottom)
    (found,) = [t for t in _in(texts, track) if t.text == str(value)]
    return found


def test_each_premier_tile_shows_name_price_values_and_the_minimum_bid_in_black() -> None:
    state = midway(5, 3, 0.5)
    texts = draw_board_only(state).texts
    pixels = decode(render_board(state))
    for space, row in zip(state.spaces, GEO.premier, strict=True):
        assert space.tile is not None
        facts = TILES[space.tile]
        words = _words(texts, row)
        assert space.id in words
        assert f"{'YBG'['ybg'.index(facts.color[0])]}  {facts.name}" in words
        assert f"from ${space.price}" in words
        assert any(f"Pop {facts.population}" in w and f"Fame {facts.fame}" in w for w in words)
        lowest = lowest_bid(state, space.id)
        for number in (s.number for s in COMPONENTS.board.premier_track):
            box = _value(texts, row, number).box
            # Inside the value's circle or square, above its number.
            pixel = pixels.getpixel((box.center[0], box.top + 1))
            if number == space.price:
                assert pixel == INK
            else:
                assert pixel == (WHITE if number >= lowest else FADED), (space.id, number)


def test_a_bid_marker_is_its_player_code_under_the_value_bid() -> None:
    state = midway(5, 3, 0.5)
    bidders = [p for p in state.players if p.action == "bid"]
    assert bidders
    texts = draw_board_only(state).texts
    rows = dict(zip(("P1", "P2", "P3", "P4"), GEO.premier, strict=True))
    rows |= dict(zip(("slots", "slots2", "lounge", "restaurant"), GEO.basic, strict=True))
    for player in bidders:
        assert player.bid_on is not None
        value = _value(texts, rows[player.bid_on], player.bid).box
        under = Box(value.left - 10, value.bottom, value.right + 10, value.bottom + 30)
        assert PLAYER_CODE[player.color] in _words(texts, under)


def test_an_outbid_marker_is_struck_through() -> None:
    state = new_state(4)
    first, second = state.players[0], state.players[1]
    first.action, first.bid_on, first.bid, first.outbid = "bid", "lounge", 9, True
    second.action, second.bid_on, second.bid = "bid", "lounge", 11
    texts = draw_board_only(state).texts
    pixels = decode(render_board(state))
    lounge = GEO.basic[2]
    code = next(t for t in _in(texts, lounge) if t.text == PLAYER_CODE[first.color])
    tag = code.box.inset(-2)
    # The strike runs corner to corner across the tag, in black.
    assert pixels.getpixel(tag.center) == INK
    other = next(t for t in _in(texts, lounge) if t.text == PLAYER_CODE[second.color])
    assert pixels.getpixel(other.box.inset(-2).center) != INK


def test_three_players_leave_p4_and_the_second_slots_track_out() -> None:
    texts = draw_board_only(new_state(3)).texts
    assert "P4: used only with 4 or 5 players" in _words(texts, GEO.premier[3])
    assert "second Slots track: 5 players only" in _words(texts, GEO.basic[1])
    five = draw_board_only(new_state(5)).texts
    assert "P4" in _words(five, GEO.premier[3])
    assert "basic tile (2nd Slots track)" in _words(five, GEO.basic[1])


def test_basic_stacks_show_how_many_tiles_are_left() -> None:
    state = midway(4, 7, 0.6)
    texts = draw_board_only(state).texts
    for tile, row in (
        ("slots", GEO.basic[0]),
        ("lounge", GEO.basic[2]),
        ("restaurant", GEO.basic[3]),
    ):
        assert f"{state.basic[tile]} left" in _words(texts, row)


def test_no_bid_markers_lie_on_the_tracks_and_actions_they_close() -> None:
    state = new_state(5)
    medium = next(
        row
        for space, row in zip(state.spaces, GEO.premier, strict=True)
        if space.tile and TILES[space.tile].size == "medium"
    )
    state.no_bid = ["lounge", "medium", "renovate"]
    texts = draw_board_only(state).texts
    assert "NO BID on medium premier tiles" in _words(texts, medium)
    assert "NO BID" in _words(texts, GEO.basic[2])
    assert "NO BID" not in _words(texts, GEO.basic[3])
    renovate = Box(GEO.actions.left, GEO.actions.top, GEO.actions.left + 260, GEO.actions.bottom)
    assert "NO BID" in _words(texts, renovate)


def test_renovate_and_publicity_show_who_chose_them() -> None:
    state = new_state(4)
    state.players[2].action = "renovate"
    state.players[3].action = "publicity"
    state.publicity_fame = 2
    texts = draw_board_only(state).texts
    renovate = Box(GEO.actions.left, GEO.actions.top, GEO.actions.left + 260, GEO.actions.bottom)
    publicity = Box(renovate.right, GEO.actions.top, renovate.right + 260, GEO.actions.bottom)
    assert PLAYER_CODE[state.players[2].color] in _words(texts, renovate)
    assert "PUBLICITY +2 Fame" in _words(texts, publicity)
    assert PLAYER_CODE[state.players[3].color] in _words(texts, publicity)


def test_the_premier_stacks_say_how_many_are_left_and_which_back_is_on_top() -> None:
    state = midway(4, 7, 0.6)
    line = " ".join(_words(draw_board_only(state).texts, GEO.actions))
    for size, pile in state.stacks.items():
        on_top = f", {TILES[pile[0]].back} on top" if pile else ""
        assert f"{size} {len(pile)}{on_top}" in line


def test_the_events_of_the_round_and_waiting_cards_are_in_words() -> None:
    state = midway(5, 3, 0.5)
    assert state.drawn
    state.in_play = [
        index
        for index, copy in enumerate(COMPONENTS.event_deck)
        if copy.card_id == "favorable_review"
    ][:1]
    words = " ".join(_words(draw_board_only(state).texts, GEO.events))
    for index in state.drawn:
        copy, card = card_of(index)
        assert f"{card.name} ({copy.symbol} stack)" in words
        assert describe_card(index) in words  # the engine's own words for the card
    assert "Still waiting: Favorable Review" in words
    assert describe_card(state.in_play[0]) in words
    assert "first player to put a premier tile" in words


def test_the_header_names_the_round_the_button_and_whose_move_it_is() -> None:
    state = midway(4, 7, 0.3)
    names = {"red": "Ann", "yellow": "Bo", "green": "Cy", "blue": "Di"}
    words = _words(draw_board_only(state, names).texts, GEO.header)
    assert f"Round {state.round}" in words
    assert any(f"button: {names[state.button]}" in w for w in words)
    assert state.current is not None
    assert f"Waiting for {names[state.current]} to choose an action" in words


def test_every_player_is_on_the_fame_track_and_in_the_table() -> None:
    state = midway(5, 3, 0.7)
    texts = draw_board_only(state).texts
    fame = _words(texts, GEO.fame)
    table = _words(texts, GEO.players)
    for player in state.players:
        assert f"{PLAYER_CODE[player.color]} {player.fame}" in fame
        assert player.color in table and f"${player.money}" in table


def test_the_final_picture_breaks_the_scoring_down_by_category() -> None:
    state = final_state(5, 11)
    assert state.over
    texts = draw_round(state).texts
    table = Box(0, GEO.height, round_width(), GEO.height + final_height(state))
    words = _words(texts, table)
    assert "FINAL SCORING (Fame gained in each category)" in words
    for rank, (color, fame, money) in enumerate(standings(state)):
        row_top = GEO.height + 30 + 40 + rank * 30
        row = Box(0, row_top, round_width(), row_top + 30)
        cells = sorted(_in(texts, row), key=lambda t: t.ink.left)
        scores = state.final_scores[color]
        expected = [str(fame - sum(scores.values())), *(str(scores[c]) for c in CATEGORIES)]
        assert [c.text for c in cells][-len(expected) - 2 :] == [*expected, str(fame), f"${money}"]
    assert decode(render_round(state)).height > decode(render_round(midway(5, 11, 0.9))).height


def test_a_space_waiting_for_pull_strings_says_whose_choice_fills_it() -> None:
    state = next(s for s in every_step(4, 24) if s.step == "flip")
    assert state.filling is not None
    row = GEO.premier[("P1", "P2", "P3", "P4").index(state.filling)]
    texts = draw_board_only(state).texts
    assert "empty: the button holder chooses its stack" in _words(texts, row)
    assert f"Waiting for {state.button} to choose the stack for {state.filling}" in _words(
        texts, GEO.header
    )


def test_a_waiting_card_drawn_this_round_is_listed_once() -> None:
    state = midway(5, 3, 0.5)
    waiting = [i for i, c in enumerate(COMPONENTS.event_deck) if c.card_id == "favorable_review"]
    state.drawn = [waiting[0]]
    state.in_play = [waiting[0]]
    words = _words(draw_board_only(state).texts, GEO.events)
    symbol = COMPONENTS.event_deck[waiting[0]].symbol
    assert f"Favorable Review ({symbol} stack), waiting to be completed" in words
    assert not any(w.startswith("Still waiting") for w in words)
