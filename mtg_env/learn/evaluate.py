"""Win rate of a trained policy against an agent (HeuristicAgent by default), on fixed games.

Game k of an evaluation is fixed by k alone, whatever is evaluated: the ordered pair of different
decks `PAIRS[(k // 2) % len(PAIRS)]` (the policy's deck first), the policy in seat `k % 2`, and
the game's seed `seed + k`; who plays first is random from that seed. So 60 games cover every
ordered pair of the six duel decks in both seats, and two policies evaluated with the same
`games` and `seed` meet the same deals. Wins are counted; a draw (the turn limit) is not a win.

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
from .selfplay import DUEL_DECKS, deck_paths

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
             decks: Sequence[str] = DUEL_DECKS, turn_limit: int = TURN_LIMIT) -> tuple[str, bool, bool]:
    """Game k (see the module docstring): (the player's deck name, won, draw)."""
    ps = pairs(decks)
    mine, theirs = ps[(k // 2) % len(ps)]
    seat = k % 2
    paths = deck_paths([mine, theirs])
    order = paths if seat == 0 else paths[::-1]
    game = new_game(order, seed=seed + k, turn_limit=turn_limit)
    player, other = make_player(seed + k), make_agent(opponent, seed + k + 1)
    play_game(game, [player, other] if seat == 0 else [other, player])
    return mine, game.winner == seat, game.winner is None


def evaluate(make_player: Callable[[int], Agent], games: int, opponent: str = "heuristic", seed: int = 0,
             decks: Sequence[str] = DUEL_DECKS, turn_limit: int = TURN_LIMIT) -> Result:
    """Play games 0 .. games-1 in this process."""
    t0 = time.perf_counter()
    r = Result()
    for k in range(games):
        r.add(*play_one(k, make_player, opponent, seed, decks, turn_limit))
    r.seconds = time.perf_counter() - t0
    return r


_CHECKPOINT: Any = None


def _policy_player(seed: int) -> Agent:
    return PolicyAgent.load(_CHECKPOINT, seed)


def _init(checkpoint: str) -> None:
    global _CHECKPOINT
    _CHECKPOINT = checkpoint
    import torch
    torch.set_num_threads(1)


def _job(args: tuple[int, str, int, tuple[str, ...], int]) -> tuple[str, bool, bool]:
    k, opponent, seed, decks, turn_limit = args
    return play_one(k, _policy_player, opponent, seed, decks, turn_limit)


def evaluate_checkpoint(checkpoint: str, games: int = 400, opponent: str = "heuristic", seed: int = 0,
                        workers: int = 1, decks: Sequence[str] = DUEL_DECKS, turn_limit: int = TURN_LIMIT,
                        progress: bool = False) -> Result:
    """The policy of a checkpoint (file, checkpoint folder or run folder) over `games` games, in
    `workers` processes."""
    t0 = time.perf_counter()
    r = Result()
    jobs = [(k, opponent, seed, tuple(decks), turn_limit) for k in range(games)]
    if workers <= 1:
        _init(checkpoint)
        results = map(_job, jobs)
        for i, res in enumerate(results, 1):
            r.add(*res)
            if progress and i % 50 == 0:
                print(f"  {i} games: {r}", flush=True)
    else:
        with multiprocessing.get_context("spawn").Pool(workers, _init, (checkpoint,)) as pool:
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
    args = ap.parse_args(argv)
    r = evaluate_checkpoint(args.checkpoint, args.games, args.opponent, args.seed, args.workers, progress=True)
    print(f"{args.checkpoint} against {args.opponent}: {r} in {r.seconds:.0f} s")
    for deck, (w, n) in sorted(r.by_deck.items()):
        print(f"  {deck:<16} {w}/{n}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r.to_json(), f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
