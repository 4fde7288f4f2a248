"""Running many games: Ray-parallel batches, results written as they arrive, resumable.

Games are grouped into batches (many games per Ray task); each game is seeded from the run's seed
and its own index, so results are identical with 1 worker, 2 workers, a cluster, a retried task
or a resumed run. Each finished batch is written at once to `DIR/parts/`; `DIR/games.parquet`
(one row per game, each exactly once) and `DIR/summary.json` are written at the end, with
`DIR/report.html`. Tasks whose worker dies are retried by Ray (`max_retries`).

Tournaments in waves: round robin is one wave; Swiss and single elimination pair each round
from the results of the round before. Matches are best-of-N: all N games are played (play and
draw alternate), and the match goes to whoever won more of them.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from ..registry import REGISTRY, AgentRegistry
from .config import Entrant, RunConfig, load_config
from .play import game_seed, play_batch

CRASH_ENV = "MTG_ENV_TEST_CRASH_INDEX"  # test hook: the worker playing this game dies once


class Interrupted(RuntimeError):
    """Raised by `stop_after` (tests): the run stopped after that many batches."""


def _seat(e: Entrant) -> dict[str, Any]:
    return {"name": e.name, "agent": e.agent, "deck": e.deck, "agent_options": e.agent_options}


def _spec(cfg: RunConfig, index: int, seats: list[Entrant], first: int | None, match: str = "") -> dict[str, Any]:
    return {"index": index, "seed": game_seed(cfg.seed, index), "seats": [_seat(s) for s in seats],
            "format": cfg.format, "first_player": first, "turn_limit": cfg.turn_limit, "match": match,
            "goal": cfg.goal, "hidden_information": cfg.hidden_information}


def _match_specs(cfg: RunConfig, a: Entrant, b: Entrant, start: int, tag: str) -> list[dict[str, Any]]:
    return [_spec(cfg, start + g, [a, b], g % 2, f"{tag}:{a.name} vs {b.name}") for g in range(cfg.games_per_match)]


def _match_winner(rows: list[dict[str, Any]], a: str, b: str) -> str | None:
    wa = sum(1 for r in rows if r["winner"] == a)
    wb = sum(1 for r in rows if r["winner"] == b)
    return a if wa > wb else b if wb > wa else None


class Runner:
    def __init__(self, cfg: RunConfig, out: Path, workers: int = 2, address: str | None = None,
                 resume: bool = False, progress: bool = True, stop_after: int | None = None,
                 use_ray: bool = True, batch_size: int | None = None, agents: AgentRegistry | None = None):
        self.cfg = cfg
        # the config's agents, loaded here and sent to the workers: they need no registry of their own
        self.agents = (agents or REGISTRY).subset(e.agent for e in _entrants(cfg))
        self.out = out
        self.workers = max(1, workers)
        self.address = address or os.environ.get("RAY_ADDRESS")
        self.resume = resume
        self.progress = progress
        self.stop_after = stop_after
        self.use_ray = use_ray
        self.batch_size = batch_size
        self.parts = out / "parts"
        self.rows: dict[int, dict[str, Any]] = {}
        self.batches_done = 0
        self._ray_started = False

    # ---- results on disk ------------------------------------------------------------------
    def _load_parts(self) -> None:
        import pyarrow.parquet as pq
        if not self.parts.exists():
            return
        for f in sorted(self.parts.glob("part-*.parquet")):
            for row in pq.read_table(f).to_pylist():
                self.rows.setdefault(int(row["index"]), row)

    def _write_part(self, rows: list[dict[str, Any]]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        self.parts.mkdir(parents=True, exist_ok=True)
        name = f"part-{min(r['index'] for r in rows):08d}-{time.time_ns()}.parquet"
        tmp = self.parts / (name + ".tmp")
        pq.write_table(pa.Table.from_pylist(rows), tmp)
        os.replace(tmp, self.parts / name)  # a part is either whole or absent

    # ---- execution ---------------------------------------------------------------------------
    def _start_ray(self) -> None:
        if self._ray_started or not self.use_ray:
            return
        import ray
        if not ray.is_initialized():
            if self.address:
                ray.init(address=self.address, log_to_driver=False)
            else:
                ray.init(num_cpus=self.workers, include_dashboard=False, log_to_driver=False,
                         runtime_env={"env_vars": {k: v for k, v in os.environ.items() if k == CRASH_ENV}})
        self._ray_started = True

    def execute(self, specs: list[dict[str, Any]], bar: Any = None) -> list[dict[str, Any]]:
        """Play the specs not already done; return the rows of all of them."""
        todo = [s for s in specs if s["index"] not in self.rows]
        if todo:
            size = self.batch_size or max(1, math.ceil(len(todo) / (self.workers * 8)))
            batches = [todo[i:i + size] for i in range(0, len(todo), size)]
            if self.use_ray:
                self._run_ray(batches, bar)
            else:
                for b in batches:
                    self._done(play_batch(b, self.agents), bar)
        return [self.rows[s["index"]] for s in specs]

    def _done(self, rows: list[dict[str, Any]], bar: Any) -> None:
        fresh = [r for r in rows if r["index"] not in self.rows]
        if fresh:
            self._write_part(fresh)
            for r in fresh:
                self.rows[r["index"]] = r
        if bar is not None:
            bar.update(len(fresh))
        self.batches_done += 1
        if self.stop_after is not None and self.batches_done >= self.stop_after:
            raise Interrupted(f"stopped after {self.batches_done} batches")

    def _run_ray(self, batches: list[list[dict[str, Any]]], bar: Any) -> None:
        import ray
        self._start_ray()
        remote = ray.remote(max_retries=4, retry_exceptions=False)(_play_batch_task)
        agents = ray.put(self.agents)
        pending = [remote.remote(b, agents) for b in batches]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                self._done(ray.get(ref), bar)


def _play_batch_task(specs: list[dict[str, Any]], agents: AgentRegistry) -> list[dict[str, Any]]:
    crash = os.environ.get(CRASH_ENV)
    if crash is not None:
        # Test hook: the first worker to reach this game dies without a trace; Ray retries.
        idx, marker = crash.split(":", 1)
        if any(s["index"] == int(idx) for s in specs) and not os.path.exists(marker):
            Path(marker).write_text("crashed once")
            os._exit(1)
    return play_batch(specs, agents)


def _entrants(cfg: RunConfig) -> list[Entrant]:
    if cfg.kind == "rollouts":
        return [e for e in (cfg.player, cfg.opponent) if e is not None]
    return list(cfg.entrants)


def plan_and_run(cfg: RunConfig, runner: Runner, bar: Any = None) -> dict[str, Any]:
    """Build the waves of games for the config and play them; returns the tournament structure."""
    if cfg.kind == "rollouts":
        assert cfg.player is not None
        seats = [cfg.player] + ([cfg.opponent] if cfg.opponent else [])
        rollout = [_spec(cfg, i, seats, (i % 2) if cfg.format == "duel" else 0) for i in range(cfg.games)]
        runner.execute(rollout, bar)
        return {"games": len(rollout)}
    entrants = cfg.entrants
    n = cfg.games_per_match
    if cfg.tournament_format == "round_robin":
        specs: list[dict[str, Any]] = []
        for k, (a, b) in enumerate(combinations(entrants, 2)):
            specs += _match_specs(cfg, a, b, k * n, f"rr{k}")
        runner.execute(specs, bar)
        return {"rounds": 1}
    if cfg.tournament_format == "swiss":
        points = {e.name: 0.0 for e in entrants}
        history: list[list[tuple[str, str, str | None]]] = []
        base = 0
        for rnd in range(cfg.rounds):
            order = sorted(entrants, key=lambda e: (-points[e.name], entrants.index(e)))
            pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
            specs = []
            for k, (a, b) in enumerate(pairs):
                specs += _match_specs(cfg, a, b, base + k * n, f"swiss{rnd}")
            rows = runner.execute(specs, bar)
            base += 10_000
            results = []
            for a, b in pairs:
                mrows = [r for r in rows if r["match"].endswith(f"{a.name} vs {b.name}")]
                w = _match_winner(mrows, a.name, b.name)
                results.append((a.name, b.name, w))
                if w is None:
                    points[a.name] += 0.5
                    points[b.name] += 0.5
                else:
                    points[w] += 1
            if len(order) % 2:
                points[order[-1].name] += 1  # a bye
            history.append(results)
        return {"rounds": cfg.rounds, "swiss_points": points, "pairings": history}
    # single elimination
    alive = list(entrants)
    base = 0
    bracket: list[list[tuple[str, str, str | None]]] = []
    rnd = 0
    while len(alive) > 1:
        pairs = [(alive[i], alive[i + 1]) for i in range(0, len(alive) - 1, 2)]
        specs = []
        for k, (a, b) in enumerate(pairs):
            specs += _match_specs(cfg, a, b, base + k * n, f"se{rnd}")
        rows = runner.execute(specs, bar)
        nxt = []
        results = []
        for a, b in pairs:
            mrows = [r for r in rows if r["match"].endswith(f"{a.name} vs {b.name}")]
            w = _match_winner(mrows, a.name, b.name) or a.name  # a tie: the higher seed advances
            results.append((a.name, b.name, w))
            nxt.append(a if w == a.name else b)
        if len(alive) % 2:
            nxt.append(alive[-1])
        alive = nxt
        bracket.append(results)
        base += 10_000
        rnd += 1
    return {"rounds": rnd, "bracket": bracket, "champion": alive[0].name}


def run(config: str | os.PathLike[str] | dict[str, Any], games: int | None = None, workers: int = 2,
        seed: int | None = None, out: str | os.PathLike[str] | None = None, address: str | None = None,
        resume: bool = False, progress: bool = True, stop_after: int | None = None, use_ray: bool = True,
        echo: Callable[[str], None] | None = print, agents: AgentRegistry | None = None) -> dict[str, Any]:
    """Run a config end to end; returns the summary (also in DIR/summary.json). Agents are taken
    by name from `agents` (by default the process's registry, mtg_env.registry)."""
    from .report import summarize, write_report
    cfg = load_config(config, agents)
    if games is not None:
        if cfg.kind == "rollouts":
            cfg.games = games
        else:
            cfg.games_per_match = games
    if seed is not None:
        cfg.seed = seed
    out_dir = Path(out) if out else Path("results") / cfg.name.replace(" ", "_").replace("/", "_")
    if out_dir.exists() and not resume and (out_dir / "parts").exists():
        import shutil
        shutil.rmtree(out_dir / "parts")
    out_dir.mkdir(parents=True, exist_ok=True)
    fingerprint = {"config": _fingerprint(cfg), "seed": cfg.seed}
    stamp = out_dir / "run.json"
    if resume and stamp.exists() and json.loads(stamp.read_text()) != fingerprint:
        raise ValueError(f"{out_dir}: --resume with a different config or seed than the interrupted run; "
                         f"use another --out or run without --resume")
    stamp.write_text(json.dumps(fingerprint))
    runner = Runner(cfg, out_dir, workers=workers, address=address, resume=resume, progress=progress,
                    stop_after=stop_after, use_ray=use_ray, agents=agents)
    if resume:
        runner._load_parts()
    total = _expected_games(cfg)
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=total, initial=len(runner.rows), unit="game", desc=cfg.name, leave=False)
    t0 = time.perf_counter()
    try:
        structure = plan_and_run(cfg, runner, bar)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - t0
    rows = sorted(runner.rows.values(), key=lambda r: r["index"])
    import pyarrow as pa
    import pyarrow.parquet as pq
    pq.write_table(pa.Table.from_pylist(rows), out_dir / "games.parquet")
    summary = summarize(cfg, rows, structure)
    summary["seconds"] = seconds
    summary["workers"] = workers
    (out_dir / "summary.json").write_text(json.dumps(summary, indent=2, default=str))
    write_report(cfg, rows, summary, out_dir / "report.html")
    if echo is not None:
        from .report import standings_table
        echo(standings_table(summary))
        echo(f"{len(rows)} games in {seconds:.1f} s ({len(rows) / max(seconds, 1e-9):.1f} games/s) "
             f"with {workers} worker(s). Report: {out_dir / 'report.html'}")
    return summary


def _fingerprint(cfg: RunConfig) -> str:
    import dataclasses
    import hashlib
    d = dataclasses.asdict(cfg)
    d.pop("where", None)
    return hashlib.sha256(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()


def _expected_games(cfg: RunConfig) -> int | None:
    if cfg.kind == "rollouts":
        return cfg.games
    n = len(cfg.entrants)
    if cfg.tournament_format == "round_robin":
        return n * (n - 1) // 2 * cfg.games_per_match
    return None
