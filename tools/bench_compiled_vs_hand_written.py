"""Random duel games per second with the pool's compiled cards and with the hand-written
definitions they replaced (tests/compiler/round_trip_cards.py): the same seeds and actions give
the same games (tests/compiler/test_round_trip.py), so the figures compare what the two kinds of
definition cost. Run from the repository root: python tools/bench_compiled_vs_hand_written.py
"""

from __future__ import annotations

import glob
import random
import sys
import time

sys.path.insert(0, ".")

from mtg_env import new_game  # noqa: E402
from mtg_env.cards import temporary  # noqa: E402
from mtg_env.fuzz import random_choice  # noqa: E402
from tests.compiler.round_trip_cards import HAND_WRITTEN  # noqa: E402

DUEL = [d for d in sorted(glob.glob("configs/decks/*.txt")) if "commander" not in d]


def run(games: int = 30) -> tuple[float, float]:
    """(games, actions) per CPU second of random duels between the sample decks."""
    actions = 0
    t0 = time.process_time()
    for i in range(games):
        g = new_game([DUEL[i % len(DUEL)], DUEL[(i + 1) % len(DUEL)]], seed=i, format="duel")
        rng = random.Random(i)
        for _ in range(3000):
            legal = g.legal_actions()
            if not legal:
                break
            g.act(random_choice(g, legal, rng))
            actions += 1
    dt = time.process_time() - t0
    return games / dt, actions / dt


if __name__ == "__main__":
    run(3)  # warm up (the card database, compiled cards)
    for _ in range(2):
        c = run()
        with temporary(*HAND_WRITTEN):
            h = run()
        print(f"compiled: {c[0]:.1f} games/s, {c[1]:.0f} actions/s | "
              f"hand-written: {h[0]:.1f} games/s, {h[1]:.0f} actions/s")
