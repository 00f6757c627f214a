"""The game's RNG: reproducible from its seed, resumable from its saved state, forceable."""

from __future__ import annotations

from collections import Counter

from engine.lords_of_vegas.rng import Rng


def test_same_seed_same_sequence_different_seed_different_sequence() -> None:
    a, b, c = Rng.seeded(42), Rng.seeded(42), Rng.seeded(43)
    rolls_a = [a.roll() for _ in range(50)]
    assert rolls_a == [b.roll() for _ in range(50)]
    assert rolls_a != [c.roll() for _ in range(50)]


def test_a_saved_generator_continues_the_same_sequence() -> None:
    rng = Rng.seeded(7)
    [rng.roll() for _ in range(13)]
    saved = rng.model_dump_json()
    expected = [rng.roll() for _ in range(20)]
    restored = Rng.model_validate_json(saved)
    assert [restored.roll() for _ in range(20)] == expected


def test_forced_rolls_come_first_then_the_sequence_resumes() -> None:
    rng, twin = Rng.seeded(3), Rng.seeded(3)
    rng.forced = [6, 6, 1]
    assert [rng.roll() for _ in range(3)] == [6, 6, 1]
    assert [rng.roll() for _ in range(5)] == [twin.roll() for _ in range(5)]


def test_rolls_are_fair_dice() -> None:
    rng = Rng.seeded(2024)
    counts = Counter(rng.roll() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_500 < n < 10_500 for n in counts.values())


def test_shuffle_is_a_permutation_and_reproducible() -> None:
    items = [f"c{i}" for i in range(48)]
    first, second = list(items), list(items)
    Rng.seeded(5).shuffle(first)
    Rng.seeded(5).shuffle(second)
    assert first == second != items
    assert sorted(first) == sorted(items)
