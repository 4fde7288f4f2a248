"""Statistics with honest uncertainty: Wilson intervals, Elo and Bradley-Terry ratings with
bootstrap intervals, percentiles of kill and combo turns."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """(estimate, low, high) of a proportion: the Wilson score interval (draws count half)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def percentiles(values: Sequence[float], qs: Sequence[float] = (10, 25, 50, 75, 90)) -> dict[str, float]:
    if not values:
        return {}
    xs = sorted(values)
    out = {}
    for q in qs:
        k = (len(xs) - 1) * q / 100
        lo, hi = math.floor(k), math.ceil(k)
        out[f"p{int(q)}"] = xs[lo] + (xs[hi] - xs[lo]) * (k - lo)
    out["mean"] = sum(xs) / len(xs)
    return out


def elo(games: list[tuple[str, str, float]], players: list[str], k: float = 24.0) -> dict[str, float]:
    """Elo ratings from (a, b, score of a) in game order."""
    r = {p: 1500.0 for p in players}
    for a, b, s in games:
        ea = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
        r[a] += k * (s - ea)
        r[b] -= k * (s - ea)
    return r


def bradley_terry(games: list[tuple[str, str, float]], players: list[str], iters: int = 200) -> dict[str, float]:
    """Bradley-Terry strengths (MM algorithm, Hunter 2004) on an Elo-like scale (mean 1500);
    half a win of prior against a virtual average player keeps them finite."""
    wins = {p: 0.5 for p in players}
    pairs: dict[tuple[str, str], float] = {}
    for a, b, s in games:
        wins[a] += s
        wins[b] += 1 - s
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    gamma = {p: 1.0 for p in players}
    for _ in range(iters):
        new = {}
        for p in players:
            denom = 1.0 / (gamma[p] + 1.0)  # the virtual opponent (strength 1), one game
            for (a, b), n in pairs.items():
                if p in (a, b):
                    q = b if p == a else a
                    denom += n / (gamma[p] + gamma[q])
            new[p] = wins[p] / denom
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        gamma = {p: v / math.exp(mean_log) for p, v in new.items()}
    return {p: 1500 + 400 * math.log10(g) for p, g in gamma.items()}


def bootstrap(games: list[tuple[str, str, float]], players: list[str], fn: Any, samples: int = 200,
              seed: int = 0) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of a rating function over games resampled with replacement."""
    if not games:
        return {p: (float("nan"), float("nan")) for p in players}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {p: [] for p in players}
    for _ in range(samples):
        sample = [games[rng.randrange(len(games))] for _ in games]
        r = fn(sample, players)
        for p in players:
            draws[p].append(r[p])
    out = {}
    for p in players:
        xs = sorted(draws[p])
        out[p] = (xs[int(0.025 * (len(xs) - 1))], xs[int(0.975 * (len(xs) - 1))])
    return out
