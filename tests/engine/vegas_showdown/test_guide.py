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
