"""Does MCTSAgent beat HeuristicAgent? Paired evaluation: for each seed and deck pair, the
searching agent plays both decks from the first seat, and the same games are replayed with the
HeuristicAgent in its place (the baseline), so deck and seat effects cancel.

    python experiments/evaluate_mcts.py --iterations 40 --seeds 8 20
"""

from __future__ import annotations

import argparse
import time

from agents import HeuristicAgent, MCTSAgent, play_game
from mtg_env import new_game

DECKS = ["configs/decks/green_ramp.txt", "configs/decks/boros_aggro.txt", "configs/decks/red_burn.txt",
         "configs/decks/black_shade.txt"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--mode", default="flat", choices=["flat", "uct"])
    ap.add_argument("--seeds", type=int, nargs=2, default=(8, 20))
    args = ap.parse_args()
    t0 = time.perf_counter()
    wins = base = n = 0
    for seed in range(*args.seeds):
        a, b = DECKS[seed % 4], DECKS[(seed + 1) % 4]
        for da, db in ((a, b), (b, a)):
            g = new_game([da, db], seed=seed)
            mcts = MCTSAgent(seed, iterations=args.iterations, mode=args.mode, margin=0.1, rollout_actions=0,
                             searched=("attack", "block"))
            play_game(g, [mcts, HeuristicAgent(seed)])
            h = new_game([da, db], seed=seed)
            play_game(h, [HeuristicAgent(seed), HeuristicAgent(seed)])
            n += 1
            wins += g.winner == 0
            base += h.winner == 0
        print(f"seed {seed}: MCTS {wins}/{n}, heuristic baseline {base}/{n}  ({time.perf_counter() - t0:.0f} s)",
              flush=True)


if __name__ == "__main__":
    main()
