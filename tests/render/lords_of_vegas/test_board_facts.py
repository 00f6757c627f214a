"""Specific facts of a position appear where a player would look for them."""

from __future__ import annotations

from collections.abc import Iterator

from engine.lords_of_vegas import (
    BOARD,
    COMPANIES,
    GAME_OVER,
    GameState,
    apply,
    legal_actions,
    new_game,
    parse_line,
    result,
)
from engine.lords_of_vegas.actions import Build, EndTurn
from engine.lords_of_vegas.casino import all_casinos
from engine.lords_of_vegas.record import GameRecord
from engine.lords_of_vegas.supply import dice_left, markers_left
from engine.words import and_list, count
from render.box import Box
from render.lords_of_vegas import render_board
from render.lords_of_vegas.board import draw_board
from render.lords_of_vegas.geometry import (
    LOT_BOXES,
    PANEL_BOX,
    TRACK_CELLS,
    die_boxes,
    header_boxes,
    marker_box,
)
from render.lords_of_vegas.lots import boss_die_lot
from render.lords_of_vegas.style import (
    COMPANY_FILL,
    HATCH,
    PAVEMENT,
    PLAYER_CODE,
    PLAYER_FILL,
    SIGNAL,
    UNUSED,
)
from render.palette import INK, WHITE
from render.text import TextPlacement
from tests.grammar import assert_reads_well, state_of_ones
from tests.render.lords_of_vegas.board_positions import decode, final_state, finished_game, midway


def texts_in(texts: tuple[TextPlacement, ...], area: Box) -> list[TextPlacement]:
    return [t for t in texts if area.contains(t.box)]


def test_a_built_tile_shows_its_company_colour_and_letter() -> None:
    state = final_state("updated", 6, 19, "builder")
    drawing = draw_board(state)
    pixels = decode(render_board(state))
    assert len(state.tiles) > 20
    for lot, tile in state.tiles.items():
        box = LOT_BOXES[lot]
        assert pixels.getpixel((box.left + 8, box.bottom - 8)) == COMPANY_FILL[tile.company]
        letters = [t.text for t in texts_in(drawing.texts, box)]
        assert "ASVTP"[COMPANIES.index(tile.company)] in letters


def test_a_die_shows_its_owner_colour_and_code() -> None:
    state = final_state("classic", 4, 23, "builder")
    drawing = draw_board(state)
    pixels = decode(render_board(state))
    dice = {lot: tile.die for lot, tile in state.tiles.items() if tile.die is not None}
    assert len(dice) > 10
    for lot, die in dice.items():
        die_box, tag = die_boxes(LOT_BOXES[lot])
        left_of_pips = (die_box.left + 5, die_box.top + die_box.height // 2)
        assert pixels.getpixel(left_of_pips) == PLAYER_FILL[die.owner]
        assert PLAYER_CODE[die.owner] in [t.text for t in texts_in(drawing.texts, tag)]


def test_pips_match_the_die() -> None:
    state = final_state("updated", 4, 15, "builder")
    pixels = decode(render_board(state))
    for lot, tile in state.tiles.items():
        if tile.die is None:
            continue
        die_box, _ = die_boxes(LOT_BOXES[lot])
        step = die_box.width // 4
        centre = (die_box.left + 2 * step, die_box.top + 2 * step)
        has_centre_pip = pixels.getpixel(centre) != PLAYER_FILL[tile.die.owner]
        assert has_centre_pip == (tile.die.pips % 2 == 1), (lot, tile.die)


def test_a_parking_lot_shows_its_owner_marker() -> None:
    state = final_state("updated", 6, 20, "hoarder")
    drawing = draw_board(state)
    pixels = decode(render_board(state))
    assert len(state.lots) > 5
    for lot, owner in state.lots.items():
        pill = marker_box(LOT_BOXES[lot])
        assert pixels.getpixel((pill.left + 8, pill.center[1])) == PLAYER_FILL[owner]
        assert PLAYER_CODE[owner] in [t.text for t in texts_in(drawing.texts, pill)]


def test_every_lot_shows_its_id_price_and_printed_die() -> None:
    state = final_state("updated", 5, 17, "builder")
    texts = {(t.text, t.box) for t in draw_board(state).texts}
    pixels = decode(render_board(state))
    for lot, facts in BOARD.lots.items():
        id_box, die_box, price_box = header_boxes(LOT_BOXES[lot])
        assert (lot, id_box) in texts
        assert (f"${facts.price}", price_box) in texts
        assert (str(facts.die), die_box.inset(1)) in texts
        assert pixels.getpixel((die_box.left + 3, die_box.bottom - 4)) == WHITE
        if lot not in state.tiles and lot not in state.lots and lot not in state.changed:
            box = LOT_BOXES[lot]
            assert pixels.getpixel((box.left + 8, box.bottom - 8)) == PAVEMENT


def test_two_player_games_show_block_f_unused() -> None:
    state = final_state("updated", 2, 11, "builder")
    texts = [t.text for t in draw_board(state).texts]
    pixels = decode(render_board(state))
    assert "Block F not used with 2 players" in texts
    for lot in BOARD.lots:
        if lot.startswith("F"):
            box = LOT_BOXES[lot]
            assert pixels.getpixel((box.left + 8, box.bottom - 8)) in (UNUSED, HATCH)
    three = final_state("updated", 3, 14, "builder")
    assert "Block F not used with 2 players" not in [t.text for t in draw_board(three).texts]
    classic = final_state("classic", 2, 21, "builder")
    assert "Block F not used with 2 players" not in [t.text for t in draw_board(classic).texts]


def test_the_boss_star_marks_the_highest_die_of_a_shared_casino() -> None:
    state = final_state("updated", 6, 19, "builder")
    shared = [c for c in all_casinos(state) if sum(1 for lot in c.lots if state.tiles[lot].die) > 1]
    assert shared
    pixels = decode(render_board(state))
    for casino in shared:
        lot = boss_die_lot(state, casino)
        assert lot is not None
        die = state.tiles[lot].die
        assert die is not None
        assert die.pips == max(d.pips for t in casino.lots if (d := state.tiles[t].die))
        _, tag = die_boxes(LOT_BOXES[lot])
        assert pixels.getpixel((tag.left - 12 - 9, tag.center[1])) == INK


def test_the_panel_lists_each_player_with_money_points_and_supplies() -> None:
    state = midway("updated", 6, 19, 0.5)
    names = {c: f"Player {c}" for c in state.colors}
    texts = [t.text for t in texts_in(draw_board(state, names=names).texts, PANEL_BOX)]
    for player in state.players:
        color = player.color
        assert names[color] in texts
        assert PLAYER_CODE[color] in texts
        assert f"${player.money}m" in texts
        assert count(player.points, "pt") in texts
        dice = count(dice_left(state, color), "die", "dice")
        supplies = f"{dice}, {count(markers_left(state, color), 'marker')} left"
        assert supplies in texts
    assert f"Turn {state.turn}" in texts
    assert f"Waiting for {names[state.current]} to play" in texts


def test_the_words_on_the_image_read_well_for_one_and_for_many() -> None:
    texts = [t.text for t in draw_board(state_of_ones()).texts]
    assert "1 pt" in texts and "1 die, 1 marker left" in texts  # red
    assert "2 pts" in texts and "12 dice, 10 markers left" in texts  # blue
    assert "0 pts" in texts and "Waiting for red to play" in texts
    assert_reads_well(texts)
    final = final_state("updated", 5, 18, "uniform")
    assert_reads_well([t.text for t in draw_board(final).texts])


def test_names_default_to_colour_names() -> None:
    state = midway("classic", 3, 22, 0.5)
    texts = [t.text for t in draw_board(state).texts]
    for color in state.colors:
        assert color in texts


def test_the_current_player_row_is_marked() -> None:
    state = midway("updated", 4, 15, 0.5)
    drawing = draw_board(state)
    arrows = [t for t in drawing.texts if t.text == "▶"]
    assert len(arrows) == 1
    row_texts = [
        t.text for t in drawing.texts if abs(t.box.top - arrows[0].box.top) <= 2 and t.text
    ]
    assert state.current in row_texts


def test_the_final_image_names_the_winner_and_ranks_everyone() -> None:
    state = final_state("updated", 5, 18, "uniform")
    assert state.over
    drawing = draw_board(state)
    texts = [t.text for t in drawing.texts]
    winner = and_list(state.winners)
    assert any(t.startswith(f"GAME OVER: {winner} win") for t in texts)
    ranks = sorted(
        (t for t in drawing.texts if t.text in ("1st", "2nd", "3rd", "4th", "5th")),
        key=lambda t: t.box.top,
    )
    names = sorted(
        (t for t in drawing.texts if t.text in state.colors and PANEL_BOX.contains(t.box)),
        key=lambda t: t.box.top,
    )
    assert [t.text for t in ranks] == ["1st", "2nd", "3rd", "4th", "5th"]
    expected = [color for color, _, _ in result(state)[1]]
    assert [t.text for t in names] == expected


def test_card_counts_show_drawn_of_total_per_company_and_the_strip() -> None:
    state = midway("updated", 4, 16, 0.5)
    texts = [t.text for t in sorted(draw_board(state).texts, key=lambda t: t.box.top)]
    counts = [t for t in texts if t.endswith(" of 9") or t.endswith(" of 3")]
    expected = []
    for kind in (*COMPANIES, "strip"):
        cards = [lot for lot in BOARD.lots.values() if lot.card == kind]
        drawn = sum(1 for lot in cards if lot.id not in state.deck)
        expected.append(f"{drawn} of {len(cards)}")
    assert counts == expected
    assert f"{len(state.deck)} left in deck" in texts
    game_over = "drawn" if GAME_OVER not in state.deck else "still in the deck"
    assert f"Game Over card: {game_over}" in texts


def test_the_last_card_is_framed_and_named() -> None:
    state = midway("updated", 3, 14, 0.5)
    card = state.turn_draws[-1]
    assert card != GAME_OVER
    pixels = decode(render_board(state))
    frame = LOT_BOXES[card].inset(-3)
    on_frame = [pixels.getpixel((x, frame.top + 2)) for x in range(frame.left, frame.right)]
    assert set(on_frame) == {INK, WHITE}
    texts = [t.text for t in draw_board(state).texts]
    assert any(t.startswith(f"Last card: {card}, pays ") for t in texts)


def test_the_game_over_card_is_named_and_frames_no_lot() -> None:
    state = next(
        s
        for seed in range(40, 80)
        if (s := final_state("updated", 4, seed, "builder")).turn_draws[-1] == GAME_OVER
    )
    drawing = draw_board(state)
    assert "Last card: Game Over (pays The Strip)" in [t.text for t in drawing.texts]
    pixels = decode(render_board(state))
    for box in LOT_BOXES.values():
        frame = box.inset(-3)
        assert {pixels.getpixel((x, frame.top + 2)) for x in range(frame.left, frame.right)} != {
            INK,
            WHITE,
        }


def states_of(record: GameRecord) -> Iterator[GameState]:
    """Every state of a recorded game, one command at a time (the same object, changing)."""
    state, _ = new_game(record.settings)
    yield state
    for line in record.commands:
        apply(state, *parse_line(line))
        yield state


def test_a_new_build_is_marked_as_changed_until_two_turns_later() -> None:
    _, record = finished_game("updated", 3, 14, "builder")
    for state in states_of(record):
        if not state.pending and legal_actions(state, state.current, kinds=["build"]):
            break
    build = legal_actions(state, state.current, kinds=["build"])[0]
    assert isinstance(build, Build)
    apply(state, state.current, build)
    id_box, _, _ = header_boxes(LOT_BOXES[build.lot])
    highlight = (id_box.right - 2, id_box.center[1])
    assert decode(render_board(state)).getpixel(highlight) == SIGNAL
    apply(state, state.current, EndTurn())
    assert decode(render_board(state)).getpixel(highlight) == SIGNAL
    apply(state, state.current, EndTurn())
    assert state.changed[build.lot] < state.turn - 1
    company = state.tiles[build.lot].company
    assert decode(render_board(state)).getpixel(highlight) == COMPANY_FILL[company]


def test_track_markers_sit_on_each_player_score() -> None:
    state = final_state("updated", 6, 19, "builder")
    texts = draw_board(state).texts
    for player in state.players:
        space = max(i for i, (value, _) in enumerate(TRACK_CELLS) if value <= player.points)
        cell = TRACK_CELLS[space][1]
        assert PLAYER_CODE[player.color] in [t.text for t in texts_in(texts, cell)]


def test_waiting_for_a_decision_names_who_decides() -> None:
    for seed in range(30, 80):
        _, record = finished_game("classic", 3, seed, "uniform")
        for state in states_of(record):
            if state.pending:
                who = state.pending[0].player
                texts = [t.text for t in draw_board(state).texts]
                assert any(t.startswith(f"Waiting for {who} to ") for t in texts)
                return
    raise AssertionError("no random game waited on a decision")


def test_a_casino_of_one_tile_shows_its_boss_like_any_other() -> None:
    state = final_state("updated", 6, 19, "builder")
    single = [c for c in all_casinos(state) if len(c.lots) == 1 and state.tiles[c.lots[0]].die]
    assert single
    pixels = decode(render_board(state))
    for casino in single:
        assert boss_die_lot(state, casino) == casino.lots[0]
        _, tag = die_boxes(LOT_BOXES[casino.lots[0]])
        assert pixels.getpixel((tag.left - 12 - 9, tag.center[1])) == INK  # the star's disc


def test_a_die_on_a_tile_of_its_owners_colour_stands_out_in_a_white_ring() -> None:
    state = final_state("updated", 6, 19, "builder")
    lot, tile = next((lot, t) for lot, t in state.tiles.items() if t.die is not None)
    assert tile.die is not None
    tile.company, tile.die.owner = "albion", "purple"  # purple on lilac: alike
    pixels = decode(render_board(state))
    die, _ = die_boxes(LOT_BOXES[lot])
    middle = die.center[1]
    assert pixels.getpixel((die.left - 2, middle)) == COMPANY_FILL["albion"]
    assert pixels.getpixel((die.left + 1, middle)) == WHITE  # the ring
    assert pixels.getpixel((die.left + 3, middle)) == INK  # the die's edge
    assert pixels.getpixel((die.left + 6, die.top + 6)) == PLAYER_FILL["purple"]


def test_the_key_explains_the_number_printed_on_each_lot() -> None:
    drawing = draw_board(final_state("updated", 6, 19, "builder"))
    key = [t for t in drawing.texts if t.text == "printed die: what a die built here shows"]
    assert len(key) == 1
    # Its sample is the lot's printed die: a number in a small box, as on every lot.
    samples = [t for t in drawing.texts if t.ink.right < key[0].box.left]
    assert any(t.text.isdigit() and t.box.top >= key[0].box.top - 2 for t in samples)
