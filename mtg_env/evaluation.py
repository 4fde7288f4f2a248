"""A static evaluation of a position: the probability that a player wins from here.

Search agents (agents/mcts.py) cut their playouts short and score the position they reach with
`win_probability`: a logistic model over a few board features (life, creatures and their power,
evasion, mana, cards in hand), fitted by `experiments/fit_evaluation.py` on positions from games between
HeuristicAgents on the included duel decks, labelled with who went on to win. The weights below
are that script's output; refit them when the card pool or the decks change.

It reads only what every player may see: life, the battlefield, the number of cards in each hand
and library, whose turn it is; so it may be a learner's potential for reward shaping
(mtg_env.learn.selfplay).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .cards.vocab import Activated

if TYPE_CHECKING:
    from .engine.game import Game

#: feature names, in the order of `features()` (each is "mine minus the opponents'" unless noted)
FEATURES = (
    "bias",
    "life",             # life difference / 20
    "opp_life_low",     # 1 - opponent life / 20, clipped to [0, 1] (closeness to winning)
    "my_life_low",      # 1 - my life / 20, clipped to [0, 1]
    "power",            # total power of creatures / 10
    "toughness",        # total toughness of creatures / 10
    "creatures",        # number of creatures / 5
    "evasive_power",    # power of creatures with flying or that can't be blocked / 10
    "lands",            # lands / 5
    "mana_rocks",       # other permanents with a mana ability / 5
    "other_value",      # mana value of noncreature, nonland permanents without mana abilities / 10
    "hand",             # cards in hand / 7
    "library_low",      # 1 if my library is nearly empty (< 3 cards), minus the same for the opponent
    "active",           # 1 if it's my turn, else 0
    "clock",            # my power / opponent's life minus their power / my life (capped at 2 each)
)

#: fitted by `experiments/fit_evaluation.py --games 100` (3,000 games, 124,896 positions; held-out
#: log loss 0.475 and accuracy 0.746, against 0.568 and 0.677 for life alone)
WEIGHTS = (-0.173, 1.185, 0.586, -0.591, 3.673, -0.713, 0.200, 0.793, 0.151, -0.136, -0.601, 1.365, 0.000,
           0.349, 1.757)


def _side(game: Game, who: int) -> list[float]:
    """Raw per-player quantities: power, toughness, creatures, evasive power, lands, mana rocks,
    other value."""
    power = tough = creatures = evasive = lands = rocks = other = 0.0
    objects = game.objects
    for oid in game.battlefield:
        obj = objects[oid]
        if obj.controller != who:
            continue
        c = game.chars(oid)
        types = c.types
        if "Creature" in types:
            p = max(c.power or 0, 0)
            power += p
            tough += max((c.toughness or 0) - obj.damage, 0)
            creatures += 1
            if "flying" in c.keywords or "can't be blocked" in c.keywords:
                evasive += p
        elif "Land" in types:
            lands += 1
        elif any(isinstance(ab, Activated) and ab.is_mana_ability for _k, ab, _o in c.abilities):
            rocks += 1
        else:
            other += obj.card.mana_cost.mana_value
    return [power, tough, creatures, evasive, lands, rocks, other]


def features(game: Game, me: int) -> list[float]:
    """The feature vector of `FEATURES` for player `me` (an index)."""
    mine = game.players[me]
    opps = [p for p in game.players if p.index != me and not p.lost]
    if not opps:
        opps = [p for p in game.players if p.index != me]
    opp = min(opps, key=lambda p: p.life)
    s_me = _side(game, me)
    s_op = [0.0] * 7
    for p in opps:
        for i, v in enumerate(_side(game, p.index)):
            s_op[i] += v
    my_life, opp_life = max(mine.life, 0), max(opp.life, 0)
    clock_me = min(s_me[0] / max(opp_life, 1), 2.0)
    clock_op = min(s_op[0] / max(my_life, 1), 2.0)
    return [
        1.0,
        (my_life - opp_life) / 20.0,
        min(max(1.0 - opp_life / 20.0, 0.0), 1.0),
        min(max(1.0 - my_life / 20.0, 0.0), 1.0),
        (s_me[0] - s_op[0]) / 10.0,
        (s_me[1] - s_op[1]) / 10.0,
        (s_me[2] - s_op[2]) / 5.0,
        (s_me[3] - s_op[3]) / 10.0,
        (s_me[4] - s_op[4]) / 5.0,
        (s_me[5] - s_op[5]) / 5.0,
        (s_me[6] - s_op[6]) / 10.0,
        (len(mine.hand) - sum(len(p.hand) for p in opps) / len(opps)) / 7.0,
        (1.0 if len(mine.library) < 3 else 0.0) - (1.0 if len(opp.library) < 3 else 0.0),
        1.0 if game.active == me else 0.0,
        clock_me - clock_op,
    ]


def win_probability(game: Game, me: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """In [0, 1] for player `me`: 1 or 0 once the game is won or lost (0.5 for a draw), else the
    fitted logistic model of the position."""
    if game.game_over:
        if game.winner is None:
            return 0.5
        return 1.0 if game.winner == me else 0.0
    z = sum(w * f for w, f in zip(weights, features(game, me), strict=True))
    z = max(min(z, 30.0), -30.0)
    return 1.0 / (1.0 + math.exp(-z))
