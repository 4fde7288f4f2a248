"""Win rate of a trained policy against an agent (HeuristicAgent by default), on fixed games.

Game k of an evaluation is fixed by k alone, whatever is evaluated: the ordered pair of different
decks `PAIRS[(k // 2) % len(PAIRS)]` (the policy's deck first), the policy in seat `k % 2`, and
the game's seed `seed + k`; who plays first is random from that seed. So 60 games cover every
ordered pair of the six duel decks in both seats, and two policies evaluated with the same
`games` and `seed` meet the same deals. Wins are counted; a draw (the turn limit) is not a win.
The games are the training env's (`game`: its mana payment and mulligans; a checkpoint records
them, and one that does not was trained with the env's defaults): a policy trained with
automatic payment is evaluated with it, and the baseline (`--baseline`: the opponent's agent in
the policy's seat) is played in the same games.

    python -m mtg_env.learn.evaluate runs/selfplay --games 400 --workers 2
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.decks import new_game
from ..env.agent import PolicyAgent
from ..harness.stats import wilson
from ..play import Agent, play_game
from ..registry import make_agent
from .selfplay import DUEL_DECKS, GAME_DEFAULTS, deck_paths

#: evaluation games are played with this turn limit (as in training)
TURN_LIMIT = 40


def pairs(decks: Sequence[str] = DUEL_DECKS) -> list[tuple[str, str]]:
    return list(itertools.permutations(decks, 2))


@dataclass
class Result:
    """Wins, draws and losses of the evaluated agent, in all and by its deck."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    by_deck: dict[str, list[int]] = field(default_factory=dict)   # deck -> [wins, games]
    seconds: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        _p, lo, hi = wilson(self.wins, self.games)
        return lo, hi

    def add(self, deck: str, won: bool, draw: bool) -> None:
        self.games += 1
        self.wins += int(won)
        self.draws += int(draw)
        w = self.by_deck.setdefault(deck, [0, 0])
        w[0] += int(won)
        w[1] += 1

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval()
        return {"games": self.games, "wins": self.wins, "draws": self.draws, "win_rate": self.win_rate,
                "wilson_95": [lo, hi], "by_deck": self.by_deck, "seconds": round(self.seconds, 1)}

    def __str__(self) -> str:
        lo, hi = self.interval()
        return (f"{self.wins}/{self.games} wins ({self.win_rate:.3f}, Wilson 95% [{lo:.3f}, {hi:.3f}]), "
                f"{self.draws} draws")


def play_one(k: int, make_player: Callable[[int], Agent], opponent: str = "heuristic", seed: int = 0,
             decks: Sequence[str] = DUEL_DECKS, turn_limit: int = TURN_LIMIT, game: dict[str, Any] | None = None
             ) -> tuple[str, bool, bool]:
    """Game k (see the module docstring): (the player's deck name, won, draw)."""
    ps = pairs(decks)
    mine, theirs = ps[(k // 2) % len(ps)]
    seat = k % 2
    paths = deck_paths([mine, theirs])
    order = paths if seat == 0 else paths[::-1]
    g = new_game(order, seed=seed + k, turn_limit=turn_limit, **game_options(game))
    player, other = make_player(seed + k), make_agent(opponent, seed + k + 1)
    play_game(g, [player, other] if seat == 0 else [other, player])
    return mine, g.winner == seat, g.winner is None


def game_options(game: dict[str, Any] | None) -> dict[str, Any]:
    """The game options of an evaluation: the training env's defaults, overridden by `game`."""
    out = dict(GAME_DEFAULTS)
    for k, v in (game or {}).items():
        if k not in GAME_DEFAULTS:
            raise ValueError(f"unknown game option {k!r}; expected one of {', '.join(GAME_DEFAULTS)}")
        out[k] = v
    return out


def evaluate(make_player: Callable[[int], Agent], games: int, opponent: str = "heuristic", seed: int = 0,
             decks: Sequence[str] = DUEL_DECKS, turn_limit: int = TURN_LIMIT, game: dict[str, Any] | None = None
             ) -> Result:
    """Play games 0 .. games-1 in this process."""
    t0 = time.perf_counter()
    r = Result()
    for k in range(games):
        r.add(*play_one(k, make_player, opponent, seed, decks, turn_limit, game))
    r.seconds = time.perf_counter() - t0
    return r


_CHECKPOINT: Any = None
_HINT_MARGIN: float | None = None


def _policy_player(seed: int) -> Agent:
    if _CHECKPOINT is None or _CHECKPOINT.startswith("agent:"):  # the baseline: a registered agent
        return make_agent(_CHECKPOINT[len("agent:"):] if _CHECKPOINT else "heuristic", seed)
    agent = PolicyAgent.load(_CHECKPOINT, seed)
    if _HINT_MARGIN is not None:
        with_hint_margin(agent.policy.net, _HINT_MARGIN)  # type: ignore[attr-defined]
    return agent


def with_hint_margin(net: Any, margin: float) -> Any:
    """`net` playing with the hint's row raised by `margin` (policy.py's `hint_margin`)."""
    from dataclasses import replace
    net.config = replace(net.config, hint_margin=float(margin))
    return net


def _init(checkpoint: str, hint_margin: float | None = None) -> None:
    global _CHECKPOINT, _HINT_MARGIN
    _CHECKPOINT, _HINT_MARGIN = checkpoint, hint_margin
    import torch
    torch.set_num_threads(1)


def _job(args: tuple[int, str, int, tuple[str, ...], int, dict[str, Any]]) -> tuple[str, bool, bool]:
    k, opponent, seed, decks, turn_limit, game = args
    return play_one(k, _policy_player, opponent, seed, decks, turn_limit, game)


def checkpoint_game(checkpoint: str) -> dict[str, Any]:
    """The game options a checkpoint was trained with (the env's defaults if it does not say)."""
    from .checkpoint import load_policy
    _net, _layout, _seat, meta = load_policy(checkpoint)
    return game_options(meta.get("game"))


def evaluate_checkpoint(checkpoint: str, games: int = 400, opponent: str = "heuristic", seed: int = 0,
                        workers: int = 1, decks: Sequence[str] = DUEL_DECKS, turn_limit: int = TURN_LIMIT,
                        progress: bool = False, game: dict[str, Any] | None = None,
                        hint_margin: float | None = None) -> Result:
    """The policy of a checkpoint (file, checkpoint folder or run folder; or "agent:NAME", a
    registered agent, for a baseline) over `games` games, in `workers` processes, with the game
    options `game` (by default the checkpoint's); `hint_margin`: play with that margin instead of
    the checkpoint's."""
    t0 = time.perf_counter()
    r = Result()
    if game is None:
        game = game_options(None) if checkpoint.startswith("agent:") else checkpoint_game(checkpoint)
    jobs = [(k, opponent, seed, tuple(decks), turn_limit, dict(game)) for k in range(games)]
    if workers <= 1:
        _init(checkpoint, hint_margin)
        results = map(_job, jobs)
        for i, res in enumerate(results, 1):
            r.add(*res)
            if progress and i % 50 == 0:
                print(f"  {i} games: {r}", flush=True)
    else:
        with multiprocessing.get_context("spawn").Pool(workers, _init, (checkpoint, hint_margin)) as pool:
            for i, res in enumerate(pool.imap(_job, jobs, chunksize=4), 1):
                r.add(*res)
                if progress and i % 50 == 0:
                    print(f"  {i} games: {r}", flush=True)
    r.seconds = time.perf_counter() - t0
    return r


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mtg_env.learn.evaluate", description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoint", help="policy.pt, a checkpoint folder or a run folder")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--seed", type=int, default=1_000_000, help="game k has seed SEED + k")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", help="write the result to this file")
    ap.add_argument("--hint-margin", type=float, default=None,
                    help="play with the hint's row raised by this much instead of the checkpoint's model.hint_margin")
    ap.add_argument("--baseline", action="store_true",
                    help="also play the same games with the opponent's agent in the policy's seat")
    args = ap.parse_args(argv)
    r = evaluate_checkpoint(args.checkpoint, args.games, args.opponent, args.seed, args.workers, progress=True,
                            hint_margin=args.hint_margin)
    print(f"{args.checkpoint} against {args.opponent}: {r} in {r.seconds:.0f} s")
    if args.baseline:
        b = evaluate_checkpoint(f"agent:{args.opponent}", args.games, args.opponent, args.seed, args.workers,
                                game=checkpoint_game(args.checkpoint))
        print(f"baseline ({args.opponent} in the same seats and games): {b}")
    for deck, (w, n) in sorted(r.by_deck.items()):
        print(f"  {deck:<16} {w}/{n}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r.to_json(), f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
