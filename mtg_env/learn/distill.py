"""`mode: distill` of `mtg-env train`: expert iteration by imitation of a search agent.

Each round, worker processes play games of the search agent (`distill.search`, MCTSAgent by
default, with `distill.search_options`) against `distill.opponent` (HeuristicAgent) over the
ordered pairs of the training decks in both seats, on seeds of their own (10,000,000 + k, never
an evaluation's). At every decision the learner's seat would be asked (the env's granularity,
skipping, stops and hint: env/choices.py), the observation the policy sees is recorded with the
row of the move the search chose (its `last_move`, else its action) and the game's outcome for
that seat. The entity net (policy.py, the config's `model`) is then trained on every decision
gathered so far (dataset aggregation): the cross-entropy of its masked logits with the searched
row, plus `value_coeff` times the squared error of its value with the outcome (+1 won, -1
lost, 0 drawn), the games' last `holdout` share held out to measure how often the greedy net
picks the searched row (on all of them, and on those where the search left the hint). After
each round the policy plays `evaluation.games` fixed games against the evaluation opponent
(evaluate.py, as the PPO mode: eval.csv, learning_curve.png) and is checkpointed
(`checkpoints/round_NNNNNN/policy.pt`, with `data.npz`, every decision so far, and
`state.json`); `--resume` goes on from the latest. The time budget counts everything: the games
searched, the training and the evaluations.

What is evaluated is the net alone (PolicyAgent from policy.pt), never the search.
"""

from __future__ import annotations

import csv
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.decks import new_game
from ..env.choices import Seat, by_index
from ..env.layout import env_layout
from ..env.observation import encode
from ..moves import Move
from ..play import play_game
from ..registry import make_agent
from .config import TrainConfig
from .evaluate import game_options as eval_game_options
from .evaluate import pairs
from .selfplay import DUEL_DECKS, LIMIT_KEYS, SEAT_KEYS, deck_paths

#: the seeds of the searched games: game k is dealt with seed TRAIN_SEED + k
TRAIN_SEED = 10_000_000
DEFAULTS: dict[str, Any] = {"search": "mcts", "search_options": {}, "opponent": "heuristic", "workers": 2,
                            "rounds": 100, "round_minutes": 10.0, "epochs": 3, "batch_size": 256, "lr": 1e-3,
                            "value_coeff": 0.25, "holdout": 0.1, "weight_decay": 0.0, "changed_weight": 1.0,
                            "epsilon": 0.1, "keep_hint": 1.0, "loss": "imitation"}
DISTILL_FIELDS = ["round", "games", "decisions", "searched_changed", "minutes", "train_loss", "holdout_acc",
                  "holdout_changed_acc", "holdout_hint_acc", "holdout_n", "holdout_changed_n", "holdout_q_mse",
                  "holdout_left_hint"]


def options(cfg: TrainConfig) -> dict[str, Any]:
    return {**DEFAULTS, **cfg.distill}  # checked by config.load


def _seat_options(env: dict[str, Any]) -> dict[str, Any]:
    seat = {k: env[k] for k in SEAT_KEYS if k in env}
    seat.setdefault("actions", "moves")
    return seat


def _layout(env: dict[str, Any]) -> Any:
    return env_layout(None, **{k: env[k] for k in LIMIT_KEYS if k in env})


def _compact(obs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    return {k: v.astype(np.int32) if v.dtype == np.int64 else v for k, v in obs.items()}


class Recorder:
    """An agent playing the learner's seat (the env's granularity, skipping, stops and hint) that
    records, at each decision the seat would be asked, (observation, the row played, whether it
    is the hint's row); `unmatched` counts the decisions played but not recorded, `changed` those
    where the row played is not the hint's. Subclasses choose the row (`choose`)."""

    def __init__(self, env: dict[str, Any]):
        self.layout = _layout(env)
        self.seat_options = _seat_options(env)
        self.seat: Seat | None = None
        self.me = -1
        self.turn = -1
        self.records: list[tuple[dict[str, np.ndarray], int, bool]] = []
        self.unmatched = 0
        self.changed = 0

    def act(self, game: Any) -> Any:
        d = game.decision
        me = next(p.index for p in game.players if p.name == d.player)
        if self.seat is None:
            self.seat, self.me = Seat(me, self.layout, **self.seat_options), me
        seat = self.seat
        if game.turn != self.turn:
            seat.plan.clear()  # a move never lasts past its turn (as PolicyAgent)
            self.turn = game.turn
        r = seat.decide(game)
        if not isinstance(r, tuple):
            return r
        return self.choose(game, seat, *r)

    def choose(self, game: Any, seat: Seat, choices: list[Any], table: Any) -> Any:
        raise NotImplementedError

    def record(self, game: Any, table: Any, choices: list[Any], chosen: Any) -> None:
        obs = encode(game, self.me, table, [c.action for c in choices], [c.index for c in choices], choices)
        self.records.append((_compact(obs), chosen.index, bool(chosen.hint)))


class SearchRecorder(Recorder):
    """Plays as the search agent; the row recorded is the searched move's."""

    def __init__(self, env: dict[str, Any], search: str, search_options: dict[str, Any], seed: int):
        super().__init__(env)
        self.search = search
        self.search_options = dict(search_options)
        self.seed = seed

    def choose(self, game: Any, seat: Seat, choices: list[Any], table: Any) -> Any:
        # a fresh searcher for each decision, as the seat's hint: the search from this position alone
        agent = make_agent(self.search, self.seed + 7919 * len(self.records) + self.unmatched,
                           **self.search_options)
        a = agent.act(game)
        move = getattr(agent, "last_move", None)
        chosen = None
        if move is not None:
            chosen = next((c for c in choices if c.move is not None and c.move.key == move.key), None)
            if chosen is None and move.payloads:
                want = frozenset(move.payloads)
                chosen = next((c for c in choices if c.move is not None and frozenset(c.payloads) == want), None)
        inner = getattr(agent, "_fallback", agent)   # MCTSAgent's heuristic when it did not search
        intent = list(getattr(inner, "intent", ()) or ())
        if chosen is None and intent and choices[0].move is not None:
            key = Move(a, intent, getattr(inner, "pending_color", None)).key
            chosen = next((c for c in choices if c.move is not None and c.move.key == key), None)
        if chosen is None:
            chosen = next((c for c in choices if c.action == a and c.hint), None) or \
                next((c for c in choices if c.action == a and (c.move is None or not c.move.intent)), None)
        rows = by_index(choices)
        if chosen is None or chosen.index < 0 or chosen.index not in rows:
            # not one of the rows (beyond the layout's rows, or a move the seat does not offer):
            # played as the search said, not recorded
            self.unmatched += 1
            if move is not None:
                return move.start(seat.plan)
            seat.plan.clear()
            return a
        self.record(game, table, choices, chosen)
        self.changed += int(not chosen.hint)
        return seat.start(chosen)


def play_searched(k: int, env: dict[str, Any], opt: dict[str, Any]) -> dict[str, Any]:
    """Searched game k: the search agent with the first deck of pair (k // 2) in seat k % 2
    (`search: explore`: the hint agent's play with exploration, qfit.py)."""
    decks = tuple(env.get("deck_pool") or DUEL_DECKS)
    ps = pairs(decks)
    mine, theirs = ps[(k // 2) % len(ps)]
    seat = k % 2
    paths = deck_paths([mine, theirs])
    seed = TRAIN_SEED + k
    game: dict[str, Any] = {key: env[key] for key in ("mana_payment", "mulligans") if key in env}
    g = new_game(paths if seat == 0 else paths[::-1], seed=seed, turn_limit=int(env.get("turn_limit", 40)),
                 **eval_game_options(game))
    rec: Recorder
    if opt["search"] == "explore":
        from .qfit import ExploreRecorder
        rec = ExploreRecorder(env, float(opt["epsilon"]), seed, float(opt["keep_hint"]))
    else:
        rec = SearchRecorder(env, opt["search"], opt["search_options"], seed)
    other = make_agent(opt["opponent"], seed + 1)
    play_game(g, [rec, other] if seat == 0 else [other, rec])
    z = 0.0 if g.winner is None else (1.0 if g.winner == seat else -1.0)
    return {"k": k, "records": rec.records, "outcome": z, "unmatched": rec.unmatched, "changed": rec.changed}


def _job(args: tuple[int, dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
    import torch
    torch.set_num_threads(1)
    return play_searched(*args)


class Dataset:
    """Every recorded decision: stacked observations, the searched row, the hint flag, the
    outcome and the game each came from."""

    def __init__(self) -> None:
        self.obs: dict[str, list[np.ndarray]] = {}
        self.label: list[int] = []
        self.hint: list[bool] = []
        self.outcome: list[float] = []
        self.game: list[int] = []

    def __len__(self) -> int:
        return len(self.label)

    def add_game(self, r: dict[str, Any]) -> None:
        for obs, label, hint in r["records"]:
            for key, v in obs.items():
                self.obs.setdefault(key, []).append(v)
            self.label.append(label)
            self.hint.append(hint)
            self.outcome.append(r["outcome"])
            self.game.append(r["k"])

    def arrays(self) -> dict[str, np.ndarray]:
        out = {f"obs/{k}": np.stack(v) for k, v in self.obs.items()}
        out.update(label=np.asarray(self.label, np.int64), hint=np.asarray(self.hint, bool),
                   outcome=np.asarray(self.outcome, np.float32), game=np.asarray(self.game, np.int64))
        return out

    def save(self, path: Path) -> None:
        if len(self):
            np.savez(path, **self.arrays())  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path) -> Dataset:
        d = cls()
        if not path.is_file():
            return d
        with np.load(path) as z:
            for key in z.files:
                if key.startswith("obs/"):
                    d.obs[key[4:]] = list(z[key])
            d.label = [int(x) for x in z["label"]]
            d.hint = [bool(x) for x in z["hint"]]
            d.outcome = [float(x) for x in z["outcome"]]
            d.game = [int(x) for x in z["game"]]
        return d


def _batch(arrays: dict[str, np.ndarray], idx: np.ndarray) -> dict[str, Any]:
    import torch
    return {k[4:]: torch.as_tensor(v[idx].astype(np.int64) if v.dtype == np.int32 else v[idx])
            for k, v in arrays.items() if k.startswith("obs/")}


def fit(net: Any, data: Dataset, opt: dict[str, Any], optimizer: Any, seed: int) -> dict[str, float]:
    """Train `net` on the decisions of all but the last `holdout` share of the games; the held-out
    accuracies after."""
    import torch
    a = data.arrays()
    games = np.unique(a["game"])
    n_hold = int(round(len(games) * float(opt["holdout"]))) if len(games) > 1 else 0
    held = set(games[len(games) - n_hold:].tolist()) if n_hold else set()
    is_held = np.asarray([g in held for g in a["game"]], bool)
    train_idx, hold_idx = np.flatnonzero(~is_held), np.flatnonzero(is_held)
    rng = np.random.default_rng(seed)
    bs = int(opt["batch_size"])
    net.train()
    total, count = 0.0, 0
    for _epoch in range(int(opt["epochs"])):
        order = rng.permutation(train_idx)
        for s in range(0, len(order), bs):
            idx = order[s:s + bs]
            batch = _batch(a, idx)
            logits, value = net(batch)
            label = torch.as_tensor(a["label"][idx])
            z = torch.as_tensor(a["outcome"][idx])
            if opt["loss"] == "q":
                from .qfit import q_loss
                ce = q_loss(logits, label, z)
            else:
                ce = imitation_loss(logits, label, torch.as_tensor(~a["hint"][idx]), float(opt["changed_weight"]))
            vloss = torch.mean((value - z) ** 2)
            loss = ce + float(opt["value_coeff"]) * vloss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimizer.step()
            total += float(ce.item()) * len(idx)
            count += len(idx)
    net.eval()
    out = {"train_loss": total / count if count else float("nan"), "holdout_n": len(hold_idx)}
    if len(hold_idx):
        from .qfit import greedy_margin_rows
        hint_row = _hint_rows(a, hold_idx)
        margin = float(net.config.hint_margin)
        net.train()  # the scores without the margin of play (there is no dropout): added below
        with torch.no_grad():
            preds, played = [], []
            for s in range(0, len(hold_idx), bs):
                logits, _v = net(_batch(a, hold_idx[s:s + bs]))
                lg = logits.numpy()
                preds.append(greedy_margin_rows(lg, hint_row[s:s + bs], margin))
                played.append(lg[np.arange(len(lg)), a["label"][hold_idx[s:s + bs]]])
        pred = np.concatenate(preds)
        target, hinted = a["label"][hold_idx], a["hint"][hold_idx]
        changed = ~hinted
        out["holdout_q_mse"] = float(np.mean((np.concatenate(played) - a["outcome"][hold_idx]) ** 2))
        out["holdout_left_hint"] = float(np.mean(pred != hint_row))
        net.eval()
        out.update(holdout_acc=float(np.mean(pred == target)),
                   holdout_changed_acc=float(np.mean(pred[changed] == target[changed])) if changed.any()
                   else float("nan"),
                   holdout_hint_acc=float(np.mean(pred == hint_row)), holdout_changed_n=int(changed.sum()))
    return out


def imitation_loss(logits: Any, label: Any, changed: Any, changed_weight: float) -> Any:
    """The cross-entropy of the masked logits with the searched rows, a decision where the search
    left the hint (`changed`) weighing `changed_weight` times one where it kept it: the
    deviations are the few decisions (about 7%) that carry what the search knows and the hint
    does not, and with a weight of 1 the hint's rows outvote them. A weighted mean, so the loss
    stays on the scale of the unweighted one (which `changed_weight` 1 is exactly)."""
    import torch
    ce = torch.nn.functional.cross_entropy(logits, label, reduction="none")
    w = torch.where(changed, torch.full_like(ce, changed_weight), torch.ones_like(ce))
    return (ce * w).sum() / w.sum()


def _hint_rows(a: dict[str, np.ndarray], idx: np.ndarray) -> np.ndarray:
    """The action index of the hint's row of each decision (-1 without one)."""
    from .policy import HINT_COL
    extra = a["obs/action_extra"][idx][..., HINT_COL] > 0.5
    index = a["obs/action_index"][idx]
    rows = extra.argmax(-1)
    out = index[np.arange(len(idx)), rows]
    return np.where(extra.any(-1), out, -1)


def gather(k0: int, opt: dict[str, Any], env: dict[str, Any], deadline: float, pool: Any) -> list[dict[str, Any]]:
    """Searched games k0, k0+1, ... until `deadline` (time.perf_counter()): the finished ones."""
    out: list[dict[str, Any]] = []
    workers = int(opt["workers"])
    if pool is None:  # in this process, one game at a time (at least one)
        k = k0
        while not out or time.perf_counter() < deadline:
            out.append(play_searched(k, env, opt))
            k += 1
        return out
    pending: list[Any] = []
    k = k0
    # a few games queued per worker: an explored game takes a tenth of a second, a searched one
    # minutes (the wait between polls is short next to either)
    in_flight = workers * (8 if opt["search"] == "explore" else 1)
    while True:
        while len(pending) < in_flight and time.perf_counter() < deadline:
            pending.append(pool.apply_async(_job, ((k, env, opt),)))
            k += 1
        if not pending:
            return out
        time.sleep(0.02)
        done = [p for p in pending if p.ready()]
        for p in done:
            pending.remove(p)
            out.append(p.get())
        if time.perf_counter() >= deadline and pending:
            # the games still being searched are waited for (a game is a few minutes at most)
            for p in pending:
                out.append(p.get())
            return sorted(out, key=lambda r: r["k"])


def train_distill(cfg: TrainConfig, run: Path, resume: bool, say: Any) -> dict[str, Any]:
    """The distill mode's loop (see the module docstring); returns the summary."""
    import torch

    from ..env.observation import observation_space
    from .checkpoint import load_policy, save_policy
    from .evaluate import evaluate_checkpoint
    from .policy import EntityNet
    from .train import EVAL_FIELDS, Logs, game_options

    opt = options(cfg)
    env = dict(cfg.env)
    layout = _layout(env)
    seat = _seat_options(env)
    root = run / "checkpoints"
    latest = root / "latest"
    state: dict[str, Any] = {"round": 0, "games": 0, "minutes": 0.0, "changed": 0, "unmatched": 0}
    net = EntityNet.from_space(observation_space(layout), **cfg.model)
    if opt["loss"] == "q":
        # scores are action values in [-1, 1]: a legal action without a row (beyond the layout's
        # rows) is never trained (q_loss reads only the rows played), so it stays below them all
        with torch.no_grad():
            net.unrowed.fill_(-2.0)
    data = Dataset()
    resumed_from = None
    if resume and latest.is_file():
        resumed_from = root / latest.read_text().strip()
        net, _layout_saved, _seat, _meta = load_policy(resumed_from)
        state.update(json.loads((resumed_from / "state.json").read_text()))
        data = Dataset.load(resumed_from / "data.npz")
        say(f"resumed from {resumed_from} (round {state['round']}, {len(data)} decisions)")
    elif resume:
        say(f"nothing to resume in {run}: starting afresh")
        resume = False
    logs = Logs(run, resume)
    progress = run / "distill.csv"
    if not (resume and progress.exists()):
        with open(progress, "w", newline="") as f:
            csv.writer(f).writerow(DISTILL_FIELDS)
    optimizer = torch.optim.Adam(net.parameters(), lr=float(opt["lr"]), weight_decay=float(opt["weight_decay"]))
    t0 = time.perf_counter() - 60.0 * float(state["minutes"])
    budget = cfg.time_budget_minutes
    # workers <= 1: the games are searched in this process
    pool = multiprocessing.get_context("spawn").Pool(int(opt["workers"])) if int(opt["workers"]) > 1 else None
    path = None
    overhead = 0.0
    try:
        while state["round"] < min(int(opt["rounds"]), cfg.iterations):
            elapsed = (time.perf_counter() - t0) / 60.0
            if budget is not None and elapsed >= budget:
                say(f"time budget of {budget} minutes reached")
                break
            minutes = float(opt["round_minutes"])
            if budget is not None:
                # the round's searching ends early enough for its training and evaluation (and the
                # games still being searched at its end) to fit in the budget, as the last round's did
                minutes = min(minutes, budget - elapsed - overhead)
                if minutes <= 0.0:
                    say(f"time budget of {budget} minutes reached (with the last round's {overhead:.1f} min beyond "
                        f"its searching)")
                    break
            t_round = time.perf_counter()
            results = gather(int(state["games"]), opt, env, time.perf_counter() + 60.0 * minutes, pool)
            for played in results:
                data.add_game(played)
                state["changed"] += played["changed"]
                state["unmatched"] += played["unmatched"]
            state["games"] = max([int(state["games"])] + [played["k"] + 1 for played in results])
            state["round"] += 1
            t_fit = time.perf_counter()
            figures = fit(net, data, opt, optimizer, cfg.seed + int(state["round"]))
            state["minutes"] = (time.perf_counter() - t0) / 60.0
            row = {"round": state["round"], "games": state["games"], "decisions": len(data),
                   "searched_changed": state["changed"], "minutes": round(state["minutes"], 2),
                   **{k: round(v, 4) if isinstance(v, float) else v for k, v in figures.items()}}
            with open(progress, "a", newline="") as f:
                csv.DictWriter(f, fieldnames=DISTILL_FIELDS).writerow({k: row.get(k, "") for k in DISTILL_FIELDS})
            say(f"round {state['round']}: {json.dumps(row)}")
            path = root / f"round_{int(state['round']):06d}"
            save_policy(path, net, layout, seat, iteration=state["round"], run=cfg.name, game=game_options(cfg))
            data.save(path / "data.npz")
            every, n_eval = int(cfg.eval_option("every")), int(cfg.eval_option("games"))
            if every > 0 and n_eval > 0 and state["round"] % every == 0:
                decks = tuple(env.get("deck_pool") or DUEL_DECKS)
                res = evaluate_checkpoint(str(path), n_eval, cfg.eval_option("opponent"), cfg.eval_option("seed"),
                                        int(opt["workers"]), decks=decks, turn_limit=int(env.get("turn_limit", 40)),
                                        game=game_options(cfg))
                lo, hi = res.interval()
                logs.row("eval.csv", EVAL_FIELDS, {"iteration": state["round"], "env_steps": len(data),
                                                   "minutes": round(state["minutes"], 2), "games": res.games,
                                                   "wins": res.wins, "draws": res.draws,
                                                   "win_rate": round(res.win_rate, 4), "wilson_low": round(lo, 4),
                                                   "wilson_high": round(hi, 4)})
                logs.scalar("eval/win_rate", res.win_rate, len(data))
                logs.plot(f"{cfg.name}: against {cfg.eval_option('opponent')}")
                say(f"  evaluation against {cfg.eval_option('opponent')}: {res} ({res.seconds:.0f} s)")
                state["minutes"] = (time.perf_counter() - t0) / 60.0
            (path / "state.json").write_text(json.dumps(state, indent=1))
            latest.write_text(path.name)
            # beyond the searching asked for: the overrun of the games in progress, training, evaluation
            overhead = max((time.perf_counter() - t_round) / 60.0 - minutes, 0.0)
            say(f"  {len(results)} games searched in {(t_fit - t_round) / 60.0:.1f} min, round overhead "
                f"{overhead:.1f} min")
            kept = sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith("round_"))
            for old in kept[:-cfg.keep_checkpoints]:
                import shutil
                shutil.rmtree(old, ignore_errors=True)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    return {"run": str(run), "resumed_from": str(resumed_from) if resumed_from else None,
            "iteration": state["round"], "games_searched": state["games"], "decisions": len(data),
            "searched_changed": state["changed"], "unmatched": state["unmatched"],
            "minutes": round(float(state["minutes"]), 2), "checkpoint": str(path) if path else None}
