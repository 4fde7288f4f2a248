"""MCTSAgent: UCT search over `game.clone()` with determinization for hidden information.

Magic hides the opponent's hand and the order of every library. Following Cowling, Powley and
Whitehouse ("Ensemble Determinization in Monte Carlo Tree Search for the Imperfect Information
Card Game Magic: The Gathering", 2012), the agent samples several determinizations (the hidden
cards redistributed at random, consistently with what the player knows: the number of cards in
each hidden zone and which cards are unaccounted for), runs UCT on each, and plays the action
with the most visits summed over the ensemble. Rollouts use a fast policy (the HeuristicAgent by
default) and are cut off after `rollout_actions`, where a static evaluation of life and board
scores the position.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from .heuristic import HeuristicAgent, card_value
from .random_agent import RandomAgent

if TYPE_CHECKING:
    from mtg_env import Action, Game


class _Node:
    __slots__ = ("children", "visits", "value", "player")

    def __init__(self, player: str | None):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.value = 0.0   # total reward from the perspective of `player` (who chose this node)
        self.player = player


def evaluate(game: Game, me: int) -> float:
    """A static score in [0, 1] for player `me`: 1 won, 0 lost, else life and board."""
    if game.game_over:
        if game.winner is None:
            return 0.5
        return 1.0 if game.winner == me else 0.0
    mine = game.players[me]
    opps = [p for p in game.players if p.index != me and not p.lost]
    opp_life = min((p.life for p in opps), default=0)
    board = 0.0
    for oid in game.battlefield:
        v = card_value(game, oid)
        board += v if game.objects[oid].controller == me else -v
    hand = len(mine.hand) - sum(len(p.hand) for p in opps) / max(len(opps), 1)
    score = 0.08 * (mine.life - opp_life) + 0.05 * board + 0.05 * hand
    return 1.0 / (1.0 + math.exp(-score))


def determinize(game: Game, me: int, rng: random.Random) -> Game:
    """A copy of the game where everything `me` can't see is sampled: the opponents' hands and
    libraries are redealt from the cards they could be, and every library is reshuffled."""
    g = game.clone()
    for p in g.players:
        if p.index == me:
            rng.shuffle(p.library)
            continue
        hidden = p.hand + p.library
        cards = [g.objects[o].card for o in hidden]
        rng.shuffle(cards)
        for oid, card in zip(hidden, cards, strict=True):
            if g.objects[oid].card is not card:
                g._w(oid).card = card
        rng.shuffle(p.library)
    g._invalidate()
    g._legal = None
    return g


class MCTSAgent:
    def __init__(self, seed: int = 0, iterations: int = 64, determinizations: int = 4,
                 rollout_actions: int = 60, exploration: float = 1.0, rollout: str = "heuristic",
                 margin: float = 0.05, mode: str = "uct", searched: tuple[str, ...] | None = None):
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.determinizations = determinizations
        self.rollout_actions = rollout_actions
        self.c = exploration
        self.rollout_kind = rollout
        self.margin = margin
        self.mode = mode  # "uct", or "flat": each action scored by rollouts to the game's end
        if searched is not None:
            self.SEARCHED = tuple(searched)
        self._fallback = HeuristicAgent(seed)

    def _policy(self) -> HeuristicAgent | RandomAgent:
        if self.rollout_kind == "random":
            return RandomAgent(self.rng.randrange(1 << 30))
        return HeuristicAgent(self.rng.randrange(1 << 30))

    #: decisions worth searching; the others (mulligans, colors, orders ...) use the heuristic
    SEARCHED: tuple[str, ...] = ("priority", "attack", "block", "target")

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        d = game.decision
        assert d is not None
        default = self._fallback.act(game)
        if d.kind not in self.SEARCHED:
            return default
        me = next(p.index for p in game.players if p.name == d.player)
        if self.mode == "flat":
            return self._flat(game, actions, default, me)
        visits: dict[str, int] = {a.label: 0 for a in actions}
        value: dict[str, float] = {a.label: 0.0 for a in actions}
        per = max(1, self.iterations // self.determinizations)
        for _ in range(self.determinizations):
            det = determinize(game, me, self.rng)
            root = _Node(None)
            for _ in range(per):
                self._iterate(det.clone(), root, me)
            for label, child in root.children.items():
                if label in visits:
                    visits[label] += child.visits
                    value[label] += child.value
        best = max(actions, key=lambda a: (visits[a.label], -actions.index(a)))
        # Keep the heuristic's move unless the search clearly prefers another one: with small
        # budgets, visit counts alone are noisy.
        def mean(a: Action) -> float:
            return value[a.label] / visits[a.label] if visits[a.label] else 0.0
        if best.label != default.label and visits[best.label] >= 4 and \
                mean(best) > mean(default) + self.margin:
            self._fallback.intent.clear()
            return best
        return default

    def _flat(self, game: Game, actions: list[Action], default: Action, me: int) -> Action:
        """Flat Monte Carlo with determinization: each action is scored by the games the
        rollout policy plays out from it (to the end, or `rollout_actions` when positive)."""
        per = max(1, self.iterations // len(actions))
        score: dict[str, float] = {}
        for a in actions:
            total = 0.0
            for _ in range(per):
                g = determinize(game, me, self.rng)
                g.act(a.label)
                policy = self._policy()
                n = 0
                while g.decision is not None and (self.rollout_actions <= 0 or n < self.rollout_actions):
                    g.act(policy.act(g))
                    n += 1
                total += evaluate(g, me)
            score[a.label] = total / per
        best = max(actions, key=lambda a: (score[a.label], a.label == default.label))
        if best.label != default.label and score[best.label] > score[default.label] + self.margin:
            self._fallback.intent.clear()
            return best
        return default

    def _iterate(self, g: Game, root: _Node, me: int) -> None:
        node = root
        path = [node]
        # selection and expansion
        while g.decision is not None:
            acts = g.legal_actions()
            player = g.decision.player
            untried = [a for a in acts if a.label not in node.children]
            if untried:
                a = untried[self.rng.randrange(len(untried))]
                child = node.children[a.label] = _Node(player)
                g.act(a)
                path.append(child)
                break
            log_n = math.log(node.visits + 1)
            best_a, best_u = acts[0], -1.0
            for a in acts:
                ch = node.children[a.label]
                u = ch.value / ch.visits + self.c * math.sqrt(log_n / ch.visits) if ch.visits else float("inf")
                if u > best_u:
                    best_a, best_u = a, u
            node = node.children[best_a.label]
            g.act(best_a)
            path.append(node)
        # rollout
        policy = self._policy()
        for _ in range(self.rollout_actions):
            if g.decision is None:
                break
            g.act(policy.act(g))
        score_me = evaluate(g, me)
        # backpropagation: each node holds the value for the player who chose it
        for n in path:
            n.visits += 1
            if n.player is None:
                continue
            idx = next(p.index for p in g.players if p.name == n.player)
            n.value += score_me if idx == me else 1.0 - score_me
