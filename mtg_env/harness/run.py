"""Running many games: Ray-parallel batches, results written as they arrive, resumable.

Games are grouped into batches (many games per Ray task); each game is seeded from the run's seed
and its own index, so results are identical with 1 worker, 2 workers, a cluster, a retried task
or a resumed run. Each finished batch is written at once to `DIR/parts/`; `DIR/games.parquet`
(one row per game, each exactly once) and `DIR/summary.json` are written at the end, with
`DIR/report.html`, each under a temporary name first (outdir.py). Tasks whose worker dies are
retried by Ray (`max_retries`); a game that fails is one line naming its games, not Ray's
remote traceback. Everything that can be checked is checked before Ray starts: the config
(config.py), the output directory (outdir.py: whose it is, and for `resume` whether the config,
the decks and the code are still the run's), the number of workers (cluster.py). Ctrl-C stops
the run with its finished batches saved: `resume` continues it.

Tournaments in waves: round robin is one wave; Swiss and single elimination pair each round
from the results of the round before. Matches are best-of-N: all N games are played (play and
draw alternate), and the match goes to whoever won more of them.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

from ..registry import REGISTRY, AgentRegistry
from .cluster import Cluster, connect, local_cpus, shutdown
from .config import ConfigError, Entrant, HarnessError, RunConfig, check_size, games_in, load_config
from .outdir import PARTS, code_version, fingerprint, prepare, safe_name, write_atomic, write_text_atomic
from .play import game_seed, play_batch

CRASH_ENV = "MTG_ENV_TEST_CRASH_INDEX"  # test hook: the worker playing this game dies once


#: the most games in one batch (one Ray task)
MAX_BATCH = 64


class Interrupted(RuntimeError):
    """Raised by `stop_after` (tests): the run stopped after that many batches."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a run; the message says where its finished games are and how to resume."""


def _seat(e: Entrant) -> dict[str, Any]:
    return {"name": e.name, "agent": e.agent, "deck": e.deck, "agent_options": e.agent_options}


def _spec(cfg: RunConfig, index: int, seats: list[Entrant], first: int | None, match: str = "") -> dict[str, Any]:
    return {"index": index, "seed": game_seed(cfg.seed, index), "seats": [_seat(s) for s in seats],
            "format": cfg.format, "first_player": first, "turn_limit": cfg.turn_limit, "match": match,
            "goal": cfg.goal, "hidden_information": cfg.hidden_information, "skip_forced": cfg.skip_forced}


def _match_specs(cfg: RunConfig, a: Entrant, b: Entrant, start: int, tag: str) -> list[dict[str, Any]]:
    return [_spec(cfg, start + g, [a, b], g % 2, f"{tag}:{a.name} vs {b.name}") for g in range(cfg.games_per_match)]


def _match_winner(rows: list[dict[str, Any]], a: str, b: str) -> str | None:
    wa = sum(1 for r in rows if r["winner"] == a)
    wb = sum(1 for r in rows if r["winner"] == b)
    return a if wa > wb else b if wb > wa else None


class Runner:
    """Plays game specs and keeps their rows: on Ray (a local instance or a cluster, see
    cluster.py) or in this process; each finished batch is written to `out/parts/` at once."""

    def __init__(self, cfg: RunConfig, out: Path, workers: int | None = None, address: str | None = None,
                 resume: bool = False, progress: bool = True, stop_after: int | None = None,
                 use_ray: bool = True, batch_size: int | None = None, agents: AgentRegistry | None = None):
        self.cfg = cfg
        # the config's agents, loaded here and sent to the workers: they need no registry of their own
        self.agents = (agents or REGISTRY).subset(e.agent for e in _entrants(cfg))
        self.out = out
        self.workers = workers
        self.address = address or os.environ.get("RAY_ADDRESS") or None
        self.resume = resume
        self.progress = progress
        self.stop_after = stop_after
        self.use_ray = use_ray
        self.batch_size = batch_size
        self.parts = out / PARTS
        self.rows: dict[int, dict[str, Any]] = {}
        self.batches_done = 0
        self.cluster: Cluster | None = None
        #: game batches played at once
        self.concurrency = 1

    # ---- where the games run -----------------------------------------------------------------
    def start(self) -> None:
        """Start or join Ray (nothing for an in-process run); errors before any game is played."""
        if self.use_ray and self.cluster is None:
            env = {k: v for k, v in os.environ.items() if k == CRASH_ENV}
            self.cluster = connect(self.address, self.workers, env)
            self.concurrency = self.cluster.workers

    def close(self) -> None:
        shutdown(self.cluster)
        self.cluster = None

    def where(self) -> str:
        return self.cluster.describe() if self.cluster is not None else "this process"

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
    def execute(self, specs: Iterable[dict[str, Any]], bar: Any = None, total: int | None = None
                ) -> list[dict[str, Any]]:
        """Play the specs not already done, taken one batch at a time (they may be a generator:
        a run of a million games never holds a million specs); return the rows of all of them."""
        indices: list[int] = []
        if total is None:
            total = len(specs) if isinstance(specs, list) else 1000
        size = self.batch_size or max(1, min(MAX_BATCH, math.ceil(total / (self.concurrency * 8))))
        batches = self._batches(specs, size, indices)
        if self.use_ray:
            self.start()
            self._run_ray(batches, bar)
        else:
            for b in batches:
                self._done(play_batch(b, self.agents), bar)
        return [self.rows[i] for i in indices]

    def _batches(self, specs: Iterable[dict[str, Any]], size: int, indices: list[int]
                 ) -> Iterator[list[dict[str, Any]]]:
        batch: list[dict[str, Any]] = []
        for s in specs:
            indices.append(s["index"])
            if s["index"] in self.rows:
                continue
            batch.append(s)
            if len(batch) == size:
                yield batch
                batch = []
        if batch:
            yield batch

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

    def _run_ray(self, batches: Iterator[list[dict[str, Any]]], bar: Any) -> None:
        """At most a few batches in flight (twice the CPUs when all of them are used, else
        exactly `workers`): the specs are made as the games are played."""
        import ray
        from ray.exceptions import RayError
        assert self.cluster is not None
        remote = ray.remote(max_retries=4, retry_exceptions=False)(_play_batch_task)
        agents = ray.put(self.agents)
        cap = 2 * self.concurrency if self.concurrency == self.cluster.cpus else self.concurrency
        pending: dict[Any, list[dict[str, Any]]] = {}

        def submit() -> None:
            b = next(batches, None)
            if b is not None:
                pending[remote.remote(b, agents)] = b

        try:
            for _ in range(cap):
                submit()
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    b = pending.pop(ref)
                    try:
                        rows = ray.get(ref)
                    except RayError as e:
                        raise HarnessError(_failed(b, e)) from None
                    self._done(rows, bar)
                    submit()
        finally:
            for ref in pending:
                with contextlib.suppress(Exception):  # it may have finished meanwhile
                    ray.cancel(ref, force=True)


def _failed(batch: list[dict[str, Any]], e: BaseException) -> str:
    """One line for a batch that failed on a worker (not Ray's remote traceback)."""
    cause = getattr(e, "cause", None)
    lines = [ln for ln in str(cause if cause is not None else e).splitlines() if ln.strip()]
    # the exception's own message is its first line; Ray's errors end with "Type: message"
    text = (lines[0] if cause is not None else lines[-1]) if lines else ""
    lo, hi = batch[0]["index"], batch[-1]["index"]
    cause = cause if cause is not None else e
    return f"games {lo} to {hi} failed on a Ray worker: {type(cause).__name__}: {text}"


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
    if cfg.kind in ("rollouts", "puzzles"):
        return [e for e in (cfg.player, cfg.opponent) if e is not None]
    return list(cfg.entrants)


def _run_puzzles(cfg: RunConfig, runner: Runner, bar: Any) -> dict[str, Any]:
    """`games` games of each puzzle (game j of puzzle p is index p * games + j), the first seat
    the puzzle's player."""
    assert cfg.player is not None and cfg.opponent is not None
    seats = [_seat(cfg.player), _seat(cfg.opponent)]
    specs = [{"index": p * cfg.games + j, "seed": game_seed(cfg.seed, p * cfg.games + j), "puzzle": f,
              "seats": seats, "hidden_information": cfg.hidden_information}
             for p, f in enumerate(cfg.puzzles) for j in range(cfg.games)]
    runner.execute(specs, bar)
    return {"puzzles": len(cfg.puzzles), "games_per_puzzle": cfg.games}


def plan_and_run(cfg: RunConfig, runner: Runner, bar: Any = None) -> dict[str, Any]:
    """Build the waves of games for the config and play them; returns the tournament structure."""
    if cfg.kind == "puzzles":
        return _run_puzzles(cfg, runner, bar)
    if cfg.kind == "rollouts":
        assert cfg.player is not None
        seats = [cfg.player] + ([cfg.opponent] if cfg.opponent else [])
        rollout = (_spec(cfg, i, seats, (i % 2) if cfg.format == "duel" else 0) for i in range(cfg.games))
        runner.execute(rollout, bar, total=cfg.games)
        return {"games": cfg.games}
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


def run(config: str | os.PathLike[str] | dict[str, Any], games: int | None = None, workers: int | None = None,
        seed: int | None = None, out: str | os.PathLike[str] | None = None, address: str | None = None,
        resume: bool = False, force: bool = False, progress: bool = True, stop_after: int | None = None,
        use_ray: bool = True, echo: Callable[[str], None] | None = print, agents: AgentRegistry | None = None,
        batch_size: int | None = None) -> dict[str, Any]:
    """Run a config end to end; returns the summary (also in DIR/summary.json). Agents are taken
    by name from `agents` (by default the process's registry, mtg_env.registry).

    `workers`: game batches at once (None: every CPU of this machine, or of the cluster at
    `address`); `resume` continues the run in `out`, `force` replaces it (outdir.py)."""
    from .report import summarize, write_report
    cfg = load_config(config, agents)
    if games is not None:
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ConfigError(cfg.where, "--games", f"expected a whole number of at least 1, got {games!r}")
        if cfg.kind in ("rollouts", "puzzles"):
            cfg.games = games
        else:
            cfg.games_per_match = games
        check_size(cfg, "--games")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > 2**63:
            raise ConfigError(cfg.where, "--seed", f"expected a whole number, got {seed!r}")
        cfg.seed = seed
    if use_ray and not (address or os.environ.get("RAY_ADDRESS")):
        from .cluster import check_workers
        check_workers(workers, local_cpus(), "this machine")  # before anything is written
    registry = agents or REGISTRY
    entrants = _entrants(cfg)
    out_dir = Path(out) if out else Path("results") / safe_name(cfg.name)
    inputs = cfg.puzzles if cfg.kind == "puzzles" else [e.deck for e in entrants]
    fp = fingerprint(cfg, inputs,
                     code_version(registry.factory(e.agent).__module__ for e in entrants))
    target = prepare(out_dir, fp, resume, force)
    runner = Runner(cfg, out_dir, workers=workers, address=address, resume=resume, progress=progress,
                    stop_after=stop_after, use_ray=use_ray, agents=agents, batch_size=batch_size)
    total, _ = games_in(cfg)
    bar = None
    try:
        runner.start()  # Ray is started or joined before anything is written: its errors come first
        target.claim()
        if target.resumed:
            runner._load_parts()
        if echo is not None:
            done = f", {len(runner.rows)} already played" if runner.rows else ""
            print(f"{cfg.name}: {total} games{done} on {runner.where()}; results in {out_dir}",
                  file=sys.stderr)
        if progress:
            from tqdm import tqdm
            bar = tqdm(total=total, initial=len(runner.rows), unit="game", desc=cfg.name, leave=False)
        t0 = time.perf_counter()
        try:
            structure = plan_and_run(cfg, runner, bar)
        except KeyboardInterrupt:
            raise RunInterrupted(f"interrupted: {len(runner.rows)} of {total} games are saved in "
                                 f"{out_dir / PARTS}; run the same command with --resume to continue") from None
        seconds = time.perf_counter() - t0
    finally:
        if bar is not None:
            bar.close()
        where = runner.where()
        runner.close()
    rows = sorted(runner.rows.values(), key=lambda r: r["index"])
    import pyarrow as pa
    import pyarrow.parquet as pq
    write_atomic(out_dir / "games.parquet", lambda tmp: pq.write_table(pa.Table.from_pylist(rows), tmp))
    summary = summarize(cfg, rows, structure)
    summary["seconds"] = seconds
    summary["workers"] = runner.concurrency
    write_text_atomic(out_dir / "summary.json", json.dumps(summary, indent=2, default=str))
    write_atomic(out_dir / "report.html", lambda tmp: write_report(cfg, rows, summary, tmp))
    target.mark("complete")
    if echo is not None:
        from .report import standings_table
        echo(standings_table(summary))
        echo(f"{len(rows)} games in {seconds:.1f} s ({len(rows) / max(seconds, 1e-9):.1f} games/s) "
             f"on {where}. Report: {out_dir / 'report.html'}")
    return summary
