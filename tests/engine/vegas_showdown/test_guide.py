"""The Vegas Showdown rules guide: every topic short enough for a chat message, in our words."""

from __future__ import annotations

import pytest

from engine.vegas_showdown.guide import TOPICS, guide, reconstructed_summary

RULEBOOK_PHRASES = ("You must be able to trace", "The player with the most Fame at the end of the")


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_has_a_short_text(topic: str) -> None:
    text = guide(topic)  # type: ignore[arg-type]
    assert 80 < len(text) < 1000
    assert "{" not in text
    assert not any(phrase in text for phrase in RULEBOOK_PHRASES)


def test_the_components_topic_names_what_is_reconstructed_and_where_to_fix_it() -> None:
    text = guide("components")
    assert text == reconstructed_summary()
    assert "door positions of every tile" in text and "sheet's size" in text
    assert "event cards" in text and "components.json" in text


def test_the_sheet_topics_follow_the_data_file() -> None:
    assert "7 by 5" in guide("overview") and "g5" in guide("place")


def test_the_components_topic_names_every_kind_of_reconstructed_value() -> None:
    text = guide("components")
    for words in (
        "colours of 7 tiles",
        "prerequisites of 6 tiles",
        "the names of 25",
        "the copy counts of 26",
        "the size symbols of all 27",
        "the effects of 25",
        "the order the premier spaces fill",
    ):
        assert words in text
    assert "other values" not in text  # every reconstructed value falls in a named part


def test_the_components_topic_counts_what_it_cannot_name() -> None:
    marks = {"tiles.slots.doors": "", "board.premier_spaces[3].label": "", "setup.x": ""}
    text = reconstructed_summary(marks)
    assert "door positions of 1 tile" in text and "2 other values" in text


def test_the_guide_says_what_the_engine_does_at_each_table_size_and_for_the_night_club() -> None:
    assert "Fancy Lounge" in guide("place")
    assert "two Slots" in guide("bid")  # the second Slots track's condition
    overview = guide("overview")
    assert "$20, Population 8 and Revenue 5" in overview
    assert "3 players" in overview and "5 players" in overview
