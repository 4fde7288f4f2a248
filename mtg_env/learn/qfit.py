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

The games (distill.play_searched: their seeds and decks), the dataset, training rounds,
checkpoints and evaluations are those of distill.py.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..env.choices import Seat, by_index
from .distill import Recorder


class ExploreRecorder(Recorder):
    """Plays the hint's choice, or with probability `epsilon` another choice drawn uniformly, at
    each decision the learner's seat would be asked; a decision where the hint's row is played is
    recorded with probability `keep_hint` (the probabilities are checked by config.load)."""

    def __init__(self, env: dict[str, Any], epsilon: float, seed: int, keep_hint: float = 1.0):
        super().__init__(env)
        if not self.seat_options.get("hint"):
            raise ValueError("distill.search: explore needs env.hint (the agent whose play is explored)")
        self.epsilon = float(epsilon)
        self.keep_hint = float(keep_hint)
        self.rng = random.Random(seed)

    def choose(self, game: Any, seat: Seat, choices: list[Any], table: Any) -> Any:
        rows = by_index(choices)
        rowed = [c for c in choices if c.index >= 0 and c.index in rows]
        hinted = [c for c in rowed if c.hint]
        others = [c for c in rowed if not c.hint]
        if not hinted:
            # no hint among the rows (beyond the layout's rows): played as the hint agent would,
            # not recorded
            self.unmatched += 1
            return seat.start(next((c for c in choices if c.hint), choices[0]))
        explore = bool(others) and self.rng.random() < self.epsilon
        chosen = self.rng.choice(others) if explore else hinted[0]
        # a decision where the hint's row is played is kept with probability keep_hint, drawn
        # before the outcome is known: the returns of each (state, row) stay unbiased
        if explore or self.keep_hint >= 1.0 or self.rng.random() < self.keep_hint:
            self.record(game, table, choices, chosen)
        self.changed += int(explore)
        return seat.start(chosen)


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
