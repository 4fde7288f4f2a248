"""`distill.search: explore` with `distill.loss: q`: the action values of the hint agent's play,
learned from its own games with exploration (approximate policy iteration, one step).

The search of `mode: distill` (MCTSAgent) improves on HeuristicAgent by estimating, at one
decision, what each move is worth when HeuristicAgent plays on (its playouts), and taking the
best: a step of policy improvement. Its cost (14-47 s a game on a free core) gave 897 games in
two hours, too few for the net to learn where its deviations apply. This estimates the same
values without search, from many cheap games: at each decision the learner's seat would be asked,
the recorder plays the hint's row, or with probability `epsilon` another row drawn uniformly
(never the hint's), and records (observation, the row played, whether it is the hint's row; a
decision where the hint's row is played only with probability `keep_hint`, to spare memory and
training on the most common row); the
game's outcome z (+1 won, -1 lost, 0 drawn) for that seat is the Monte Carlo return of the row
played. The net's score of a row is then its action value Q(s, a): the squared error of the score
of the row played with z (`q_loss`), the other rows untouched. Greedy play takes the row of the
highest score, the hint's row raised by `model.hint_margin` (policy.py) so that only a row
estimated clearly better than the hint's replaces it: every score is an estimate from noisy
returns, and the largest of many noisy estimates is biased upward (the winner's curse).

The seeds, the decks of each game, the dataset, training rounds, checkpoints and evaluations are
those of distill.py.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..env.choices import Seat, by_index
from ..env.observation import encode
from ..registry import make_agent


class ExploreRecorder:
    """An agent that plays the hint's choice, or with probability `epsilon` another choice drawn
    uniformly, at each decision the learner's seat would be asked, and records (observation, the
    row played, whether it is the hint's row). The seat's own choices (forced ones, outside its
    stops, the rest of a move) are played as the seat plays them and not recorded."""

    def __init__(self, env: dict[str, Any], epsilon: float, seed: int, keep_hint: float = 1.0):
        from .distill import _layout, _seat_options
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"distill.epsilon must be in [0, 1], got {epsilon!r}")
        self.layout = _layout(env)
        self.seat_options = _seat_options(env)
        if not self.seat_options.get("hint"):
            raise ValueError("distill.search: explore needs env.hint (the agent whose play is explored)")
        if not 0.0 < keep_hint <= 1.0:
            raise ValueError(f"distill.keep_hint must be in (0, 1], got {keep_hint!r}")
        self.epsilon = float(epsilon)
        self.keep_hint = float(keep_hint)
        self.rng = random.Random(seed)
        self.seat: Seat | None = None
        self.turn = -1
        self.records: list[tuple[dict[str, np.ndarray], int, bool]] = []
        self.unmatched = 0
        self.changed = 0

    def act(self, game: Any) -> Any:
        from .distill import _compact
        d = game.decision
        me = next(p.index for p in game.players if p.name == d.player)
        if self.seat is None:
            self.seat = Seat(me, self.layout, **self.seat_options)
        seat = self.seat
        if game.turn != self.turn:
            seat.plan.clear()  # a move never lasts past its turn (as PolicyAgent)
            self.turn = game.turn
        r = seat.decide(game)
        if not isinstance(r, tuple):
            return r
        choices, table = r
        rows = by_index(choices)
        rowed = [c for c in choices if c.index >= 0 and c.index in rows]
        hinted = [c for c in rowed if c.hint]
        others = [c for c in rowed if not c.hint]
        if not hinted:
            # no hint among the rows (beyond the layout's rows): played as the hint agent would,
            # not recorded
            self.unmatched += 1
            hint = next((c for c in choices if c.hint), None)
            if hint is not None:
                return seat.start(hint)
            return seat.start(choices[0])
        explore = bool(others) and self.rng.random() < self.epsilon
        chosen = self.rng.choice(others) if explore else hinted[0]
        # a decision where the hint's row is played is kept with probability keep_hint, drawn
        # before the outcome is known: the returns of each (state, row) stay unbiased
        if explore or self.keep_hint >= 1.0 or self.rng.random() < self.keep_hint:
            obs = encode(game, me, table, [c.action for c in choices], [c.index for c in choices], choices)
            self.records.append((_compact(obs), chosen.index, bool(chosen.hint)))
        self.changed += int(explore)
        return seat.start(chosen)


def play_explored(k: int, env: dict[str, Any], opt: dict[str, Any]) -> dict[str, Any]:
    """Explored game k: the recorder with the first deck of pair (k // 2) in seat k % 2 (the
    decks and seeds of distill.play_searched)."""
    from ..engine.decks import new_game
    from ..play import play_game
    from .distill import TRAIN_SEED, eval_game_options, pairs
    from .selfplay import DUEL_DECKS, deck_paths
    decks = tuple(env.get("deck_pool") or DUEL_DECKS)
    ps = pairs(decks)
    mine, theirs = ps[(k // 2) % len(ps)]
    seat = k % 2
    paths = deck_paths([mine, theirs])
    seed = TRAIN_SEED + k
    game: dict[str, Any] = {key: env[key] for key in ("mana_payment", "mulligans") if key in env}
    g = new_game(paths if seat == 0 else paths[::-1], seed=seed, turn_limit=int(env.get("turn_limit", 40)),
                 **eval_game_options(game))
    rec = ExploreRecorder(env, float(opt["epsilon"]), seed, float(opt.get("keep_hint", 1.0)))
    other = make_agent(opt["opponent"], seed + 1)
    play_game(g, [rec, other] if seat == 0 else [other, rec])
    z = 0.0 if g.winner is None else (1.0 if g.winner == seat else -1.0)
    return {"k": k, "records": rec.records, "outcome": z, "unmatched": rec.unmatched, "changed": rec.changed}


def q_loss(logits: Any, label: Any, outcome: Any) -> Any:
    """The squared error of the score of each decision's row played (`label`) with the game's
    outcome: the scores are action values, trained where a return was seen."""
    import torch
    q = logits.gather(1, label.unsqueeze(1)).squeeze(1)
    return torch.mean((q - outcome) ** 2)


def greedy_margin_rows(logits: np.ndarray, hint_rows: np.ndarray, margin: float) -> np.ndarray:
    """The rows greedy play takes with the hint's row raised by `margin` (hint_rows -1: none)."""
    out = logits.copy()
    has = hint_rows >= 0
    out[np.flatnonzero(has), hint_rows[has]] += margin
    return out.argmax(-1)
