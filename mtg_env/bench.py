"""`mtg-env bench`: speed figures of the engine, each the median over repeated runs.

Figures, not pass/fail: speed is checked by reading them (README), never by timed tests.
"""

from __future__ import annotations

import json
import pickle
import statistics
import time
from pathlib import Path
from typing import Any

from .paths import config_file
from .play import play_game
from .registry import make_agent

DECKS = ("green_ramp.txt", "red_burn.txt")


def _decks() -> list[str]:
    return [str(config_file("decks", d)) for d in DECKS]


def midgame_board(target_permanents: int = 30, seed: int = 5) -> Any:
    """A game played randomly until about `target_permanents` permanents are on the battlefield."""
    from .engine.decks import new_game
    for s in range(seed, seed + 50):
        g = new_game(_decks(), seed=s, turn_limit=200)
        agents = {"P1": make_agent("random", s), "P2": make_agent("random", s + 1)}
        play_game(g, agents, None, until=lambda g: len(g.battlefield) >= target_permanents)
        if len(g.battlefield) >= target_permanents and g.decision is not None:
            # stop at a priority decision so legal_actions() is the full priority set
            play_game(g, agents, None, until=_active_player_main_phase_priority)
            if g.decision is not None:
                return g
    raise RuntimeError("could not reach a mid-game board")


def _active_player_main_phase_priority(g: Any) -> bool:
    d = g.decision
    return d.kind == "priority" and g.step == "precombat_main" and d.player == g.players[g.active].name


def _median_rate(fn: Any, repeats: int) -> float:
    return statistics.median(fn() for _ in range(repeats))


def bench_random_play(seconds: float, first: str = "random", second: str = "random",
                      skip_forced: bool = False, useful_mana_only: bool = False) -> dict[str, float]:
    """Complete duel games on the two benchmark decks between two agents, for about `seconds`.
    `actions` are the agents' decisions; `decisions` also count those the engine took
    (skip_forced: a decision with one legal action; useful_mana_only: mana abilities offered at
    priority only while they matter, engine/useful_mana.py)."""
    from .engine.decks import new_game
    decks = _decks()
    games = actions = forced = turns = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        g = new_game(decks, seed=seed, skip_forced=skip_forced, useful_mana_only=useful_mana_only)
        play_game(g, [make_agent(first, seed), make_agent(second, seed + 10_000)])
        games += 1
        actions += g.stats.actions
        forced += g.stats.forced
        turns += g.turn
        seed += 1
    dt = time.perf_counter() - t0
    return {"actions_per_second": actions / dt, "games_per_second": games / dt,
            "actions_per_game": actions / games, "decisions_per_game": (actions + forced) / games,
            "turns_per_game": turns / games}


def profile_random_play(seconds: float, top: int = 5, skip_forced: bool = True) -> list[dict[str, Any]]:
    """cProfile over random complete games for about `seconds`: the `top` functions by their own
    time (calls, own seconds, cumulative seconds, share of the total)."""
    import cProfile
    import pstats
    prof = cProfile.Profile()
    prof.enable()
    bench_random_play(seconds, skip_forced=skip_forced)
    prof.disable()
    st = pstats.Stats(prof)
    total = sum(v[2] for v in st.stats.values()) or 1.0  # type: ignore[attr-defined]
    rows = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:top]  # type: ignore[attr-defined]
    return [{"function": f"{Path(file).name}:{line}({name})", "calls": nc, "own_seconds": tt,
             "cumulative_seconds": ct, "share": tt / total}
            for (file, line, name), (_cc, nc, tt, ct, _callers) in rows]


def bench_mcts(seconds: float) -> dict[str, float]:
    """MCTSAgent (default budget) against HeuristicAgent on the benchmark decks, for about
    `seconds`: the time of a searched decision and the playouts per second."""
    from .engine.decks import new_game
    decks = _decks()
    searched = playouts = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        g = new_game(decks, seed=seed)
        agents: list[Any] = [make_agent("mcts", seed), make_agent("heuristic", seed + 1)]
        play_game(g, agents, None, until=lambda _g: time.perf_counter() - t0 >= seconds)
        searched += agents[0].stats["searched"]
        playouts += agents[0].stats["playouts"]
        seed += 1
    dt = time.perf_counter() - t0
    return {"seconds_per_searched_decision": dt / max(searched, 1), "playouts_per_second": playouts / dt,
            "searched_decisions": searched}


def bench_env(seconds: float, num_envs: int = 1, **options: Any) -> float:
    """Environment steps per second (random masked actions, observation encoding included; the
    opponent's moves happen inside step and are not counted as steps); `options` go to the env."""
    import gymnasium as gym
    import numpy as np

    import mtg_env.env  # noqa: F401  (registers the ids)
    rng = np.random.default_rng(0)
    steps = 0
    if num_envs == 1:
        env = gym.make("mtg_env/Duel-v0", **options)
        _obs, info = env.reset(seed=0)
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            legal = np.flatnonzero(info["action_mask"])
            a = int(legal[rng.integers(len(legal))])
            _obs, _r, term, trunc, info = env.step(a)
            steps += 1
            if term or trunc:
                _obs, info = env.reset(seed=steps)
        return steps / (time.perf_counter() - t0)
    venv = gym.make_vec("mtg_env/Duel-v0", num_envs=num_envs, vectorization_mode="sync", **options)
    obs, _infos = venv.reset(seed=0)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        masks = obs["action_mask"]
        acts = np.array([int(legal[rng.integers(len(legal))]) for legal in map(np.flatnonzero, masks)])
        obs, _r, _term, _trunc, _infos = venv.step(acts)
        steps += num_envs
    venv.close()
    return steps / (time.perf_counter() - t0)


def bench_rollouts(games: int = 48) -> dict[str, float]:
    """Seconds per game: in process, and through the Ray harness with 1 and 2 workers."""
    import tempfile

    from .harness.config import load_config
    from .harness.run import Runner, plan_and_run
    cfg_data = {"kind": "rollouts", "name": "bench", "seed": 3, "games": games, "format": "duel",
                "deck": _decks()[0], "agent": "heuristic",
                "opponent": {"agent": "heuristic", "deck": _decks()[1]}, "turn_limit": 30}
    out: dict[str, float] = {}
    for label, workers, use_ray in (("in_process", 1, False), ("ray_1_worker", 1, True), ("ray_2_workers", 2, True)):
        import ray
        if use_ray and ray.is_initialized():
            ray.shutdown()
        cfg = load_config(dict(cfg_data))
        with tempfile.TemporaryDirectory() as d:
            runner = Runner(cfg, Path(d), workers=workers, progress=False, use_ray=use_ray)
            if use_ray:
                runner.start()
                import ray as _ray
                _ray.get(_ray.remote(lambda: None).remote())  # workers up before timing
            t0 = time.perf_counter()
            plan_and_run(cfg, runner)
            out[label] = (time.perf_counter() - t0) / games
        if use_ray:
            ray.shutdown()
    return out


def bench_search() -> dict[str, float]:
    from .combo import search
    from .engine.scenario import load_scenario
    g = load_scenario("players: [{battlefield: [Krark-Clan Ironworks, Sol Ring, Memnite, Memnite, Memnite, "
                      "Ornithopter, Basalt Monolith]}]")
    r = search(g, "mana", max_nodes=5000, max_seconds=30)
    return {"nodes_per_second": r.nodes / max(r.seconds, 1e-9), "nodes": r.nodes,
            "transpositions": r.transpositions}


def _time_per_call(fn: Any, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) / n


def run_bench(quick: bool = False, as_json: bool = False, with_ray: bool = True,
              profile: bool = False) -> dict[str, Any]:
    repeats = 3 if quick else 5
    seconds = 0.5 if quick else 2.0
    runs = [bench_random_play(seconds) for _ in range(repeats)]
    random_play = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
    sruns = [bench_random_play(seconds, skip_forced=True) for _ in range(repeats)]
    random_skip = {k: statistics.median(r[k] for r in sruns) for k in sruns[0]}
    uruns = [bench_random_play(seconds, skip_forced=True, useful_mana_only=True) for _ in range(repeats)]
    random_useful = {k: statistics.median(r[k] for r in uruns) for k in uruns[0]}
    hruns = [bench_random_play(seconds, "heuristic", "random") for _ in range(repeats)]
    heuristic_play = {k: statistics.median(r[k] for r in hruns) for k in hruns[0]}
    hhruns = [bench_random_play(seconds, "heuristic", "heuristic", skip_forced=True) for _ in range(repeats)]
    heuristic_duel = {k: statistics.median(r[k] for r in hhruns) for k in hhruns[0]}
    mcts = bench_mcts(seconds * 2)

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
    env_single = statistics.median(bench_env(seconds) for _ in range(repeats))
    env_vec = statistics.median(bench_env(seconds, 8) for _ in range(max(1, repeats // 2)))
    env_moves = statistics.median(bench_env(seconds, opponent="heuristic", actions="moves", hint="heuristic")
                                  for _ in range(repeats))
    search_fig = bench_search()
    suite_t0 = time.perf_counter()
    from .combo import run_suite
    _rows, _ok = run_suite(str(config_file("combos")))
    suite_seconds = time.perf_counter() - suite_t0
    rollouts = bench_rollouts(32 if quick else 96) if with_ray else {}
    figures: dict[str, Any] = {
        "env_steps_per_second": env_single,
        "env_steps_per_second_vector8": env_vec,
        "env_moves_steps_per_second": env_moves,
        "search": search_fig,
        "combo_suite_seconds": suite_seconds,
        "rollout_seconds_per_game": rollouts,
        "random_play": random_play,
        "random_play_skip_forced": random_skip,
        "random_play_useful_mana_only": random_useful,
        "heuristic_vs_random": heuristic_play,
        "heuristic_vs_heuristic": heuristic_duel,
        "mcts": mcts,
        "midgame_board": {"permanents": len(g.battlefield), "turn": g.turn,
                          "legal_actions": len(g.legal_actions()), "log_lines": len(g.log)},
        "legal_actions_us": legal_us,
        "legal_actions_chars_cached_us": legal_cached_us,
        "clone_us": clone_us,
        "pickle_bytes": len(blob),
        "unpickle_us": unpickle_us,
        "repeats": repeats,
    }
    if profile:
        figures["profile"] = profile_random_play(2 * seconds)
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        rp = random_play
        mb = figures["midgame_board"]
        print(f"mtg-env bench ({'quick, ' if quick else ''}median of {repeats} runs, one core)")
        print(f"  random play           {rp['actions_per_second']:>10,.0f} actions/s   "
              f"{rp['games_per_second']:.1f} games/s   {rp['actions_per_game']:.0f} actions and "
              f"{rp['turns_per_game']:.1f} turns per game   (skipping off; target 60 games/s)")
        rs = random_skip
        print(f"  random, skip_forced   {rs['actions_per_second']:>10,.0f} actions/s   "
              f"{rs['games_per_second']:.1f} games/s   {rs['actions_per_game']:.0f} of "
              f"{rs['decisions_per_game']:.0f} decisions asked   (target 200 games/s)")
        ru = random_useful
        print(f"  random, skip_forced + useful_mana_only   {ru['actions_per_second']:>10,.0f} actions/s   "
              f"{ru['games_per_second']:.1f} games/s   {ru['actions_per_game']:.0f} of "
              f"{ru['decisions_per_game']:.0f} decisions asked")
        hp = heuristic_play
        print(f"  heuristic vs random   {hp['actions_per_second']:>10,.0f} actions/s   "
              f"{hp['games_per_second']:.1f} games/s   {hp['actions_per_game']:.0f} actions and "
              f"{hp['turns_per_game']:.1f} turns per game")
        hh = heuristic_duel
        print(f"  heuristic vs itself   {hh['actions_per_second']:>10,.0f} actions/s   "
              f"{hh['games_per_second']:.1f} games/s   {hh['actions_per_game']:.0f} of "
              f"{hh['decisions_per_game']:.0f} decisions asked, {hh['turns_per_game']:.1f} turns per game   "
              f"(skip_forced; target 100 games/s)")
        print(f"  MCTSAgent (default)   {mcts['playouts_per_second']:>10,.0f} playouts/s   "
              f"{1000 * mcts['seconds_per_searched_decision']:.0f} ms per searched decision "
              f"({mcts['searched_decisions']} decisions)")
        print(f"  mid-game board        {mb['permanents']} permanents, turn {mb['turn']}, "
              f"{mb['legal_actions']} legal actions, {mb['log_lines']} log lines")
        print(f"  legal_actions()       {legal_us:>10.1f} us  (characteristics recomputed)   "
              f"{legal_cached_us:.1f} us (characteristics cached)")
        print(f"  clone()               {clone_us:>10.1f} us   (target < 10 us)")
        print(f"  pickled state         {len(blob):>10,} bytes   (target < 50 KB)   "
              f"unpickle {unpickle_us:.0f} us")
        print(f"  env steps             {env_single:>10,.0f} steps/s (one env)   {env_vec:,.0f} steps/s "
              f"(vector of 8, sync)   (target 10,000)")
        print(f"  env steps, moves      {env_moves:>10,.0f} steps/s (actions=moves, hint and opponent the "
              f"heuristic: the training env of configs/train)")
        print(f"  combo search          {search_fig['nodes_per_second']:>10,.0f} nodes/s   "
              f"{search_fig['transpositions']} transposition hits in {search_fig['nodes']} nodes   "
              f"suite {suite_seconds:.1f} s (target < 60 s)")
        if rollouts:
            base = rollouts["in_process"]
            print(f"  rollouts              {1 / base:>10.1f} games/s in process   "
                  f"Ray 1 worker {1 / rollouts['ray_1_worker']:.1f} games/s "
                  f"(overhead {100 * (rollouts['ray_1_worker'] / base - 1):+.0f}%)   "
                  f"Ray 2 workers {1 / rollouts['ray_2_workers']:.1f} games/s "
                  f"(speed-up {rollouts['ray_1_worker'] / rollouts['ray_2_workers']:.2f}x)")
        if profile:
            print("  the five hottest functions (own time, random games with skip_forced, cProfile):")
            for r in figures["profile"]:
                print(f"    {100 * r['share']:5.1f}%  {r['own_seconds']:7.2f} s own  {r['cumulative_seconds']:7.2f} s "
                      f"with callees  {r['calls']:>9,} calls  {r['function']}")
    return figures


if __name__ == "__main__":
    run_bench(quick="--quick" in __import__("sys").argv, profile="--profile" in __import__("sys").argv)

