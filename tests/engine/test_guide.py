"""The rules guide covers every topic for both editions, briefly enough for a chat message."""

from __future__ import annotations

import pytest

from engine.lords_of_vegas.guide import TOPICS, guide


@pytest.mark.parametrize("edition", ["updated", "classic"])
@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_has_a_short_text(topic: str, edition: str) -> None:
    text = guide(topic, edition)  # type: ignore[arg-type]
    assert 80 < len(text) < 1000


def test_editions_differ_where_the_rules_do() -> None:
    assert "layoff" in guide("gamble", "classic") and "layoff" not in guide("gamble", "updated")
    assert "no raise" in guide("raise", "classic")
    assert "90" in guide("end", "updated") and "90" in guide("end", "classic")
    assert "riser" in guide("costs", "updated") and "riser" not in guide("costs", "classic")
