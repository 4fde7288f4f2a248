"""Does MCTSAgent beat HeuristicAgent? Head-to-head on the included duel decks.

Every ordered pair of different duel decks (a, b) is played for each seed: MCTSAgent with deck a
against HeuristicAgent with deck b, MCTSAgent in seat `seed % 2` (seats alternate, so who plays
first is balanced). The same games are also played with a HeuristicAgent in the searching
agent's place (the baseline: what the heuristic itself scores from those seats and decks), so the
difference measures the search and nothing else. Prints the win rates with Wilson 95% intervals,
per deck and in all, and the time per game.

    python experiments/evaluate_mcts.py --seeds 0 4 --workers 2
    python experiments/evaluate_mcts.py --mode uct --iterations 64 --seeds 0 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import time
from collections import defaultdict
from typing import Any

from agents import HeuristicAgent, MCTSAgent, play_game
from mtg_env import new_game
from mtg_env.harness.stats import wilson
from mtg_env.paths import config_file

DUEL_DECKS = [str(config_file("decks", f"{name}.txt")) for name in
              ("artifact_mana", "black_shade", "blue_control", "boros_aggro", "green_ramp", "red_burn")]


def play(job: dict[str, Any]) -> dict[str, Any]:
    """One game of the search agent (or, for the baseline, the heuristic in its seat)."""
    seat = job["seed"] % 2
    decks = [job["deck"], job["opponent_deck"]] if seat == 0 else [job["opponent_deck"], job["deck"]]
    game = new_game(decks, seed=job["seed"], turn_limit=40)
    if job["baseline"]:
        searcher: Any = HeuristicAgent(job["seed"])
    else:
        searcher = MCTSAgent(job["seed"], **job["options"])
    agents = [searcher, HeuristicAgent(job["seed"] + 1)] if seat == 0 else [HeuristicAgent(job["seed"] + 1), searcher]
    t0 = time.perf_counter()
    play_game(game, agents)
    out = {k: job[k] for k in ("deck", "opponent_deck", "seed", "baseline")}
    out.update(won=game.winner == seat, draw=game.winner is None, turns=game.turn, seconds=time.perf_counter() - t0,
               stats=getattr(searcher, "stats", {}))
    return out


def _rate(games: list[dict[str, Any]]) -> str:
    n = len(games)
    w = sum(g["won"] for g in games)
    _p, lo, hi = wilson(w, n)
    return f"{w:>3}/{n:<3} {w / max(n, 1):.3f} [{lo:.3f}, {hi:.3f}]"


def _sign_test(a: int, b: int) -> float:
    """Two-sided exact sign test of a successes against b failures."""
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(max(a, b), n + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, nargs=2, default=(0, 4), metavar=("FIRST", "END"))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--mode", default="flat", choices=["flat", "uct"])
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--determinizations", type=int, default=None)
    ap.add_argument("--horizon", type=int, default=None)
    ap.add_argument("--decks", nargs="+", default=DUEL_DECKS)
    ap.add_argument("--json", help="write every game's result to this file")
    args = ap.parse_args()
    options: dict[str, Any] = {"mode": args.mode}
    for k in ("iterations", "determinizations", "horizon"):
        if getattr(args, k) is not None:
            options[k] = getattr(args, k)
    jobs = [{"deck": a, "opponent_deck": b, "seed": s, "baseline": base, "options": options}
            for s in range(*args.seeds) for a, b in itertools.permutations(args.decks, 2) for base in (False, True)]
    print(f"{len(jobs) // 2} games of MCTSAgent({options}) against HeuristicAgent, and the same games with the "
          f"heuristic in its seat", flush=True)
    t0 = time.perf_counter()
    results: list[dict[str, Any]] = []
    with multiprocessing.Pool(args.workers) as pool:
        for r in pool.imap_unordered(play, jobs):
            results.append(r)
            done = [g for g in results if not g["baseline"]]
            if not r["baseline"] and len(done) % 10 == 0:
                print(f"  {len(done)} games: MCTS {_rate(done)}  ({time.perf_counter() - t0:.0f} s)", flush=True)
    mcts = [g for g in results if not g["baseline"]]
    base = [g for g in results if g["baseline"]]
    per_deck: dict[str, list[dict[str, Any]]] = defaultdict(list)
    per_deck_base: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for g in mcts:
        per_deck[g["deck"].rsplit("/", 1)[-1]].append(g)
    for g in base:
        per_deck_base[g["deck"].rsplit("/", 1)[-1]].append(g)
    print(f"\n{'deck of the searcher':<22} {'MCTS vs heuristic':<32} heuristic in its seat")
    for deck in sorted(per_deck):
        print(f"{deck:<22} {_rate(per_deck[deck]):<32} {_rate(per_deck_base[deck])}")
    print(f"{'all':<22} {_rate(mcts):<32} {_rate(base)}")
    # paired: the same deck, seat and seed with the search agent and with the heuristic
    key = lambda g: (g["deck"], g["opponent_deck"], g["seed"])  # noqa: E731
    by_key = {key(g): g for g in base}
    only_mcts = sum(1 for g in mcts if g["won"] and not by_key[key(g)]["won"])
    only_base = sum(1 for g in mcts if not g["won"] and by_key[key(g)]["won"])
    print(f"games won by only one of them: the search {only_mcts}, the heuristic {only_base} "
          f"(two-sided sign test p = {_sign_test(only_mcts, only_base):.2g})")
    secs = sum(g["seconds"] for g in mcts) / max(len(mcts), 1)
    searched = sum(g["stats"].get("searched", 0) for g in mcts)
    changed = sum(g["stats"].get("changed", 0) for g in mcts)
    playouts = sum(g["stats"].get("playouts", 0) for g in mcts)
    print(f"{secs:.1f} s per MCTS game; {searched} searched decisions, {changed} differed from the heuristic, "
          f"{playouts} playouts; wall time {time.perf_counter() - t0:.0f} s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
