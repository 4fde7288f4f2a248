"""`mtg-env bench`: speed figures of the engine, each the median over repeated runs.

Figures, not pass/fail: speed is checked by reading them (README), never by timed tests.
"""

from __future__ import annotations

import json
import pickle
import statistics
import time
from typing import Any

DECKS = ("green_ramp.txt", "red_burn.txt")


def _decks() -> list[str]:
    from .cli import _repo_root
    root = _repo_root() / "configs" / "decks"
    return [str(root / d) for d in DECKS]


def midgame_board(target_permanents: int = 30, seed: int = 5) -> Any:
    """A game played randomly until about `target_permanents` permanents are on the battlefield."""
    from agents import RandomAgent

    from .engine.decks import new_game
    for s in range(seed, seed + 50):
        g = new_game(_decks(), seed=s, turn_limit=200)
        agents = {"P1": RandomAgent(s), "P2": RandomAgent(s + 1)}
        while g.decision is not None and len(g.battlefield) < target_permanents:
            g.act(agents[g.decision.player].act(g))
        if len(g.battlefield) >= target_permanents and g.decision is not None:
            # stop at a priority decision so legal_actions() is the full priority set
            while g.decision is not None and not (
                    g.decision.kind == "priority" and g.step == "precombat_main"
                    and g.decision.player == g.players[g.active].name):
                g.act(agents[g.decision.player].act(g))
            if g.decision is not None:
                return g
    raise RuntimeError("could not reach a mid-game board")


def _median_rate(fn: Any, repeats: int) -> float:
    return statistics.median(fn() for _ in range(repeats))


def bench_random_play(seconds: float, first: str = "random", second: str = "random") -> dict[str, float]:
    """Complete duel games on the two benchmark decks between two agents, for about `seconds`."""
    from agents import make_agent, play_game

    from .engine.decks import new_game
    decks = _decks()
    games = actions = turns = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        g = new_game(decks, seed=seed)
        play_game(g, [make_agent(first, seed), make_agent(second, seed + 10_000)])
        games += 1
        actions += g.stats["actions"]
        turns += g.turn
        seed += 1
    dt = time.perf_counter() - t0
    return {"actions_per_second": actions / dt, "games_per_second": games / dt,
            "actions_per_game": actions / games, "turns_per_game": turns / games}


def _time_per_call(fn: Any, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) / n


def run_bench(quick: bool = False, as_json: bool = False) -> dict[str, Any]:
    repeats = 3 if quick else 5
    seconds = 0.5 if quick else 2.0
    runs = [bench_random_play(seconds) for _ in range(repeats)]
    random_play = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    hruns = [bench_random_play(seconds, "heuristic", "random") for _ in range(repeats)]
    heuristic_play = {k: statistics.median(r[k] for r in hruns) for k in hruns[0]}

    g = midgame_board()
    n = 500 if quick else 2000

    def legal() -> None:
        g._legal = None
        g._chars = None
        g._trig_index = None
        g.legal_actions()

    legal_us = statistics.median(_time_per_call(legal, n) for _ in range(repeats)) * 1e6
    def legal_cached() -> None:
        g._legal = None
        g.legal_actions()

    legal_cached_us = statistics.median(_time_per_call(legal_cached, n) for _ in range(repeats)) * 1e6
    clone_us = statistics.median(_time_per_call(g.clone, n) for _ in range(repeats)) * 1e6
    blob = pickle.dumps(g, protocol=pickle.HIGHEST_PROTOCOL)
    unpickle_us = statistics.median(
        _time_per_call(lambda: pickle.loads(blob), max(n // 10, 50)) for _ in range(repeats)) * 1e6
    figures: dict[str, Any] = {
        "random_play": random_play,
        "heuristic_vs_random": heuristic_play,
        "midgame_board": {"permanents": len(g.battlefield), "turn": g.turn,
                          "legal_actions": len(g.legal_actions()), "log_lines": len(g.log)},
        "legal_actions_us": legal_us,
        "legal_actions_chars_cached_us": legal_cached_us,
        "clone_us": clone_us,
        "pickle_bytes": len(blob),
        "unpickle_us": unpickle_us,
        "repeats": repeats,
    }
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        rp = random_play
        mb = figures["midgame_board"]
        print(f"mtg-env bench ({'quick, ' if quick else ''}median of {repeats} runs, one core)")
        print(f"  random play           {rp['actions_per_second']:>10,.0f} actions/s   "
              f"{rp['games_per_second']:.1f} games/s   {rp['actions_per_game']:.0f} actions and "
              f"{rp['turns_per_game']:.1f} turns per game   (targets: 10,000 actions/s, 50 games/s)")
        hp = heuristic_play
        print(f"  heuristic vs random   {hp['actions_per_second']:>10,.0f} actions/s   "
              f"{hp['games_per_second']:.1f} games/s   {hp['actions_per_game']:.0f} actions and "
              f"{hp['turns_per_game']:.1f} turns per game")
        print(f"  mid-game board        {mb['permanents']} permanents, turn {mb['turn']}, "
              f"{mb['legal_actions']} legal actions, {mb['log_lines']} log lines")
        print(f"  legal_actions()       {legal_us:>10.1f} us  (characteristics recomputed)   "
              f"{legal_cached_us:.1f} us (characteristics cached)")
        print(f"  clone()               {clone_us:>10.1f} us   (target < 100 us)")
        print(f"  pickled state         {len(blob):>10,} bytes   (target < 50 KB)   "
              f"unpickle {unpickle_us:.0f} us")
    return figures


if __name__ == "__main__":
    run_bench(quick="--quick" in __import__("sys").argv)

