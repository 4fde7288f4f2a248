"""`mtg-env bench` figures (mtg_env/bench.py): what they count, not how fast (speed is printed by
the bench, never asserted in a test)."""

from __future__ import annotations

from mtg_env.bench import bench_random_play, profile_random_play


def test_skipping_asks_fewer_decisions_of_the_same_games() -> None:
    off = bench_random_play(0.01, "heuristic", "heuristic", skip_forced=False)
    on = bench_random_play(0.01, "heuristic", "heuristic", skip_forced=True)
    assert off["actions_per_game"] == off["decisions_per_game"]  # every decision asked
    assert on["actions_per_game"] < on["decisions_per_game"]


def test_the_profile_names_the_five_hottest_functions() -> None:
    rows = profile_random_play(0.01)
    assert len(rows) == 5
    assert all(r["own_seconds"] >= 0 and r["calls"] > 0 and ":" in r["function"] for r in rows)
    assert [r["own_seconds"] for r in rows] == sorted((r["own_seconds"] for r in rows), reverse=True)
    assert 0 < sum(r["share"] for r in rows) <= 1
