"""Texts are shrunk, then shortened with an ellipsis, so that they always fit their box;
paragraphs wrap between words first."""

from __future__ import annotations

import itertools

from PIL import Image

from render.box import Box
from render.canvas import Canvas
from render.palette import INK, PAPER
from render.text import ELLIPSIS, TextPlacement, fit_text, line_pitch, span, wrap_text


def test_a_short_text_keeps_its_size() -> None:
    assert fit_text("C7", 60, 30, 18, 12) == ("C7", 18)


def test_a_wide_text_shrinks_before_it_is_shortened() -> None:
    shown, size = fit_text("Koval Lane and more", 150, 30, 24, 12)
    assert shown == "Koval Lane and more"
    assert 12 <= size < 24


def test_a_text_too_long_at_the_smallest_size_ends_with_an_ellipsis() -> None:
    shown, size = fit_text("An extraordinarily long display name", 90, 30, 20, 14)
    assert size == 14
    assert shown.endswith(ELLIPSIS)
    assert "An extraordinarily long display name".startswith(shown[:-1])


def test_nothing_is_drawn_when_not_even_an_ellipsis_fits() -> None:
    assert fit_text("Green", 3, 30, 18, 18)[0] == ""


def test_a_low_box_lowers_the_size() -> None:
    shown, size = fit_text("42", 100, 12, 20, 20)
    assert shown == "42"
    assert size < 20


def test_placed_ink_stays_in_the_box_for_every_alignment() -> None:
    canvas = Canvas(Image.new("RGB", (400, 200), PAPER))
    words = ["Ågot", "gjpqy", "WWWWWWWWWWWWWWWWWWWW", "李", "▶", "$20", "x"]
    for align in ("left", "center", "right"):
        for index, word in enumerate(words):
            box = Box(10, 10 + index * 25, 120, 32 + index * 25)
            canvas.text(box, word, INK, 22, min_size=10, align=align)
    assert len(canvas.placements) == 3 * len(words)
    for placed in canvas.placements:
        assert placed.box.contains(placed.ink), placed


def test_ink_is_really_inside_the_recorded_box() -> None:
    image = Image.new("RGB", (200, 60), PAPER)
    canvas = Canvas(image)
    box = Box(20, 10, 180, 50)
    canvas.text(box, "Tropicana Ave", INK, 40, min_size=10, align="center")
    inside = image.crop((box.left, box.top, box.right, box.bottom))
    painted = Image.new("RGB", image.size, PAPER)
    painted.paste(inside, (box.left, box.top))
    assert image.tobytes() == painted.tobytes()
    assert INK in {color for _, color in inside.getcolors(maxcolors=4096) or []}


def test_vertical_text_reads_bottom_to_top_inside_its_box() -> None:
    canvas = Canvas(Image.new("RGB", (40, 300), PAPER))
    ink = canvas.vertical_text(Box(5, 5, 35, 295), "FRANK SINATRA DR", INK, 15)
    assert ink is not None
    assert ink.height > ink.width
    assert Box(5, 5, 35, 295).contains(ink)


CARD = (
    "Health Inspection: nobody may bid on a large premier tile this round, and every "
    "player with a Restaurant on their sheet loses 2 Fame."
)


def paragraph_lines(box: Box, text: str, size: int, min_size: int) -> list[TextPlacement]:
    canvas = Canvas(Image.new("RGB", (box.right + 10, box.bottom + 10), PAPER))
    drawn = canvas.paragraph(box, text, INK, size, min_size=min_size)
    assert drawn == len(canvas.placements)
    for placed in canvas.placements:
        assert box.contains(placed.box), placed
        assert placed.box.contains(placed.ink), placed
    for upper, lower in itertools.pairwise(canvas.placements):
        assert upper.box.bottom <= lower.box.top
    return canvas.placements


def test_a_short_paragraph_is_one_line_at_full_size() -> None:
    assert wrap_text("Pull Strings", 300, 40, 18, 12) == (("Pull Strings",), 18)
    assert wrap_text("  ", 300, 40, 18, 12) == ((), 18)


def test_a_paragraph_breaks_between_words_and_keeps_every_word_in_order() -> None:
    lines = paragraph_lines(Box(10, 10, 250, 200), CARD, 18, 18)
    assert len(lines) > 2
    assert " ".join(placed.text for placed in lines) == CARD


def test_a_paragraph_shrinks_to_fit_a_low_box_before_it_is_shortened() -> None:
    lines, size = wrap_text(CARD, 240, 110, 20, 10)
    assert 10 <= size < 20
    assert " ".join(lines) == CARD
    assert len(lines) * line_pitch(lines, size) <= 110


def test_a_paragraph_too_long_for_its_box_ends_with_an_ellipsis() -> None:
    lines = paragraph_lines(Box(0, 0, 200, 50), CARD, 16, 14)
    assert 1 <= len(lines) <= 3
    assert lines[-1].text.endswith(ELLIPSIS)
    shown = " ".join(placed.text for placed in lines)[: -len(ELLIPSIS)].rstrip()
    assert CARD.startswith(shown)


def test_a_word_too_wide_for_any_line_is_shortened_and_nothing_fits_in_a_sliver() -> None:
    lines = paragraph_lines(Box(0, 0, 60, 100), "Extraordinarily long", 16, 16)
    assert lines[0].text.endswith(ELLIPSIS)
    assert lines[1].text == "long"
    assert wrap_text(CARD, 200, 4, 16, 14) == ((), 14)


def test_a_wide_paragraph_keeps_lines_longer_than_a_name_whole() -> None:
    text = " ".join([CARD, CARD])
    lines = paragraph_lines(Box(0, 0, 1200, 60), text, 15, 15)
    assert max(len(placed.text) for placed in lines) > 80
    assert " ".join(placed.text for placed in lines) == text


def test_a_word_too_wide_for_its_line_is_cut_with_a_hyphen_when_asked() -> None:
    width = span("Restau-", 14)[0]
    lines, size = wrap_text("Fancy Restaurant", width, 200, 14, 14, hyphenate=True)
    assert size == 14
    assert lines == ("Fancy", "Restau-", "rant")
    assert all(span(line, 14)[0] <= width for line in lines)
    # Without being asked, the word is shortened instead.
    plain, _ = wrap_text("Fancy Restaurant", width, 200, 14, 14)
    assert plain[-1].endswith(ELLIPSIS)


def test_a_hyphen_never_leaves_one_letter_alone() -> None:
    width = span("Restauran", 14)[0]
    lines, _ = wrap_text("Restaurant", width, 200, 14, 14, hyphenate=True)
    assert "".join(line.removesuffix("-") for line in lines) == "Restaurant"
    assert all(len(line.removesuffix("-")) >= 2 for line in lines)
