"""Fit the static evaluation of `agents/evaluation.py`: a logistic model of "who wins from here".

Plays HeuristicAgent against HeuristicAgent on every pair of the included duel decks (both
seatings), records the features of the position at the start of every turn for both players,
labels each with whether that player went on to win (draws are left out), and fits the weights
by L2-regularised logistic regression (Newton's method). Prints the held-out log loss and
accuracy of the fitted model, of the weights in use and of a life-only model, and the weights as
a Python tuple to paste into `agents/evaluation.py`.

    python experiments/fit_evaluation.py --games 20 --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import time

import numpy as np

from agents import HeuristicAgent
from agents.evaluation import FEATURES, WEIGHTS, features
from mtg_env import Game, new_game, play_game
from mtg_env.paths import config_file

DUEL_DECKS = [str(config_file("decks", f"{name}.txt")) for name in
              ("artifact_mana", "black_shade", "blue_control", "boros_aggro", "green_ramp", "red_burn")]


def positions(job: tuple[str, str, int]) -> tuple[list[list[float]], list[float]]:
    """Features and outcomes of the turn-start positions of one game."""
    deck_a, deck_b, seed = job
    g = new_game([deck_a, deck_b], seed=seed)
    agents = [HeuristicAgent(seed), HeuristicAgent(seed + 1)]
    rows: list[tuple[int, list[float]]] = []
    turns_seen: set[int] = set()

    def at_turn_start(game: Game, _action: object = None) -> None:
        """The first position of each turn at which someone decides, for both players."""
        if game.decision is not None and game.turn not in turns_seen:
            turns_seen.add(game.turn)
            rows.extend((me, features(game, me)) for me in (0, 1))

    at_turn_start(g)
    play_game(g, agents, None, on_action=at_turn_start)
    if g.winner is None:
        return [], []
    return [f for _me, f in rows], [1.0 if me == g.winner else 0.0 for me, _f in rows]


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 50) -> np.ndarray:
    """L2-regularised logistic regression by Newton's method (the bias is regularised too,
    lightly)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def scores(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    acc = float(np.mean((p > 0.5) == (y > 0.5)))
    return loss, acc


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per ordered deck pair")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    jobs = [(a, b, args.seed + k) for a, b in itertools.permutations(DUEL_DECKS, 2) for k in range(args.games)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(positions, jobs, chunksize=4)
    xs: list[list[float]] = []
    ys: list[float] = []
    game_of: list[int] = []
    for k, (f, y) in enumerate(results):
        xs += f
        ys += y
        game_of += [k] * len(y)
    x, y, games = np.asarray(xs), np.asarray(ys), np.asarray(game_of)
    print(f"{len(jobs)} games, {len(y)} positions in {time.perf_counter() - t0:.0f} s")
    test = games % 5 == 0   # hold out whole games
    w = fit(x[~test], y[~test])
    life_only = np.zeros_like(w)
    life_only[:2] = fit(x[~test][:, :2], y[~test])
    for name, weights in (("fitted", w), ("in use", np.asarray(WEIGHTS)), ("life only", life_only)):
        loss, acc = scores(x[test], y[test], weights)
        print(f"{name:>10}: held-out log loss {loss:.4f}, accuracy {acc:.3f}")
    w = fit(x, y)
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"  {name:>14} {v:+.3f}")


if __name__ == "__main__":
    main()
