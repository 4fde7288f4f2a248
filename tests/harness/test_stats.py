"""The harness's statistics: Wilson intervals, percentiles, Elo, Bradley-Terry and bootstrap intervals."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from mtg_env.harness.stats import bootstrap, bradley_terry, elo, percentiles, wilson

# ---- Wilson score intervals ---------------------------------------------------------------------


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    (8, 10, 0.4902, 0.9433),   # the textbook example
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 1, 0.2065, 1.0),
    (50, 100, 0.4038, 0.5962),
    (37, 120, 0.2327, 0.3958),
])
def test_wilson_known_values(wins: int, n: int, low: float, high: float) -> None:
    p, lo, hi = wilson(wins, n)
    assert p == pytest.approx(wins / n)
    assert lo == pytest.approx(low, abs=5e-4)
    assert hi == pytest.approx(high, abs=5e-4)


def test_wilson_properties() -> None:
    assert wilson(0, 0) == (0.0, 0.0, 1.0)
    # symmetric: k of n wins mirrors n - k of n
    p, lo, hi = wilson(3, 17)
    q, lo2, hi2 = wilson(14, 17)
    assert p + q == pytest.approx(1) and lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    # draws count half: 7.5 of 10 lies between 7 and 8 of 10
    assert wilson(7, 10)[1] < wilson(7.5, 10)[1] < wilson(8, 10)[1]
    # narrower with more games, and always inside [0, 1] around the estimate
    assert wilson(80, 100)[2] - wilson(80, 100)[1] < wilson(8, 10)[2] - wilson(8, 10)[1]
    for n in range(1, 30):
        for k in range(n + 1):
            p, lo, hi = wilson(k, n)
            assert 0.0 <= lo <= p + 1e-12 and p - 1e-12 <= hi <= 1.0
    # a wider interval at a higher confidence
    assert wilson(8, 10, z=2.5758)[1] < wilson(8, 10)[1]


# ---- percentiles ----------------------------------------------------------------------------------


def test_percentiles_match_linear_interpolation() -> None:
    rng = random.Random(4)
    for size in (1, 2, 5, 10, 37):
        xs = [rng.randint(3, 12) for _ in range(size)]
        got = percentiles(xs)
        assert set(got) == {"p10", "p25", "p50", "p75", "p90", "mean"}
        for q in (10, 25, 50, 75, 90):
            assert got[f"p{q}"] == pytest.approx(float(np.percentile(xs, q)))
        assert got["mean"] == pytest.approx(sum(xs) / len(xs))


def test_percentiles_known_values() -> None:
    assert percentiles([4, 1, 3, 2]) == {"p10": 1.3, "p25": 1.75, "p50": 2.5, "p75": 3.25, "p90": 3.7,
                                         "mean": 2.5}
    assert percentiles(list(range(1, 11)), qs=(50, 100, 0)) == {"p50": 5.5, "p100": 10, "p0": 1, "mean": 5.5}
    assert percentiles([7]) == {"p10": 7, "p25": 7, "p50": 7, "p75": 7, "p90": 7, "mean": 7}
    assert percentiles([]) == {}


# ---- ratings --------------------------------------------------------------------------------------

PLAYERS = ["ace", "bee", "cat", "dog"]
STRENGTH = {"ace": 4.0, "bee": 2.0, "cat": 1.0, "dog": 0.5}


def synthetic(seed: int = 0, per_pair: int = 30, draws: bool = False) -> list[tuple[str, str, float]]:
    """Round-robin games drawn from a Bradley-Terry model with known strengths."""
    rng = random.Random(seed)
    games = []
    for _ in range(per_pair):
        for i, a in enumerate(PLAYERS):
            for b in PLAYERS[i + 1:]:
                pa = STRENGTH[a] / (STRENGTH[a] + STRENGTH[b])
                if draws and rng.random() < 0.1:
                    s = 0.5
                else:
                    s = 1.0 if rng.random() < pa else 0.0
                games.append((a, b, s) if rng.random() < 0.5 else (b, a, 1 - s))
    rng.shuffle(games)
    return games


def dominant(n_each: int = 3) -> list[tuple[str, str, float]]:
    """`ace` beats everyone; the others split their games."""
    games = []
    for _ in range(n_each):
        for other in PLAYERS[1:]:
            games.append(("ace", other, 1.0))
            games.append((other, "ace", 0.0))
        games += [("bee", "cat", 1.0), ("cat", "dog", 1.0), ("dog", "bee", 1.0)]
    return games


def order(ratings: dict[str, float]) -> list[str]:
    return sorted(ratings, key=lambda p: -ratings[p])


def test_elo_single_game_and_zero_sum() -> None:
    r = elo([("a", "b", 1.0)], ["a", "b"])
    assert r == {"a": pytest.approx(1512), "b": pytest.approx(1488)}
    assert elo([("a", "b", 0.5)], ["a", "b"]) == {"a": 1500, "b": 1500}
    r = elo(synthetic(), PLAYERS)
    assert sum(r.values()) == pytest.approx(1500 * len(PLAYERS))
    assert elo([], PLAYERS) == dict.fromkeys(PLAYERS, 1500.0)


@pytest.mark.parametrize("rate", [elo, bradley_terry])
def test_a_player_who_beats_everyone_ranks_first(rate) -> None:
    r = rate(dominant(), PLAYERS)
    assert order(r)[0] == "ace"
    assert all(r["ace"] > r[p] + 50 for p in PLAYERS[1:])


@pytest.mark.parametrize("rate", [elo, bradley_terry])
def test_ratings_recover_known_strength_order(rate) -> None:
    for seed in range(3):
        assert order(rate(synthetic(seed, per_pair=60), PLAYERS)) == PLAYERS


def test_bradley_terry_properties() -> None:
    bt = bradley_terry(synthetic(draws=True), PLAYERS)
    # on an Elo-like scale with mean 1500 (geometric mean strength 1)
    assert sum(bt.values()) / len(bt) == pytest.approx(1500)
    # equal records: equal ratings
    even = [("a", "b", 1.0), ("b", "a", 1.0), ("a", "b", 0.5)]
    r = bradley_terry(even, ["a", "b"])
    assert r["a"] == pytest.approx(r["b"])
    # finite even for an undefeated player (the prior), and no games at all: everyone at 1500
    r = bradley_terry([("a", "b", 1.0)] * 5, ["a", "b"])
    assert all(math.isfinite(v) for v in r.values()) and r["a"] > r["b"]
    assert bradley_terry([], PLAYERS) == {p: pytest.approx(1500) for p in PLAYERS}
    # large samples: rating gaps close to the true log-strength gaps (400 log10 of the ratio)
    big = bradley_terry(synthetic(seed=9, per_pair=600), PLAYERS)
    for a, b in (("ace", "bee"), ("bee", "cat"), ("cat", "dog")):
        true_gap = 400 * math.log10(STRENGTH[a] / STRENGTH[b])
        assert big[a] - big[b] == pytest.approx(true_gap, abs=25)


# ---- bootstrap intervals --------------------------------------------------------------------------


@pytest.mark.parametrize("rate", [elo, bradley_terry])
def test_bootstrap_intervals_contain_the_estimate(rate) -> None:
    for games in (synthetic(seed=1), synthetic(seed=2, draws=True), dominant()):
        est = rate(games, PLAYERS)
        ci = bootstrap(games, PLAYERS, rate, samples=100, seed=3)
        assert set(ci) == set(PLAYERS)
        for p in PLAYERS:
            lo, hi = ci[p]
            assert lo <= est[p] <= hi, (p, lo, est[p], hi)
            assert lo < hi


def test_bootstrap_is_deterministic_and_narrows_with_more_games() -> None:
    games = synthetic(seed=5)
    a = bootstrap(games, PLAYERS, bradley_terry, samples=60, seed=7)
    assert a == bootstrap(games, PLAYERS, bradley_terry, samples=60, seed=7)
    assert a != bootstrap(games, PLAYERS, bradley_terry, samples=60, seed=8)
    small = bootstrap(synthetic(seed=5, per_pair=10), PLAYERS, bradley_terry, samples=60, seed=1)
    large = bootstrap(synthetic(seed=5, per_pair=120), PLAYERS, bradley_terry, samples=60, seed=1)
    for p in PLAYERS:
        assert large[p][1] - large[p][0] < small[p][1] - small[p][0]


def test_bootstrap_without_games() -> None:
    ci = bootstrap([], PLAYERS, elo)
    assert set(ci) == set(PLAYERS)
    assert all(math.isnan(lo) and math.isnan(hi) for lo, hi in ci.values())
