"""MCTSAgent: Monte Carlo search over `game.clone()` with determinization for hidden information.

Magic hides the opponent's hand and the order of every library. Following Cowling, Powley and
Whitehouse ("Ensemble Determinization in Monte Carlo Tree Search for the Imperfect Information
Card Game Magic: The Gathering", 2012), the agent samples determinizations (the hidden cards
redistributed at random, consistently with what the player knows: the number of cards in each
hidden zone and which cards are unaccounted for) and searches each of them.

What is searched are *moves* (mtg_env.moves), not single engine actions: at priority a move is
"play this land", "cast this spell" (with the mana sources tapped for it as a plan, the way
`HeuristicAgent` would), "activate this ability" or "pass"; mana abilities on their own are not
moves; whole declarations of attackers and blockers (the heuristic's first). Targets are searched
action by action.

Two modes:

- ``mode="flat"`` (the default): every move is played out from the same determinizations (common
  random numbers, so that moves are compared on the same hidden cards and the same draws), by
  `HeuristicAgent` for every player, for `horizon` more turns, and the position reached is scored
  by the fitted win probability of `agents.evaluation` (discounted per turn, so that a quicker
  win counts more). The budget is spent by sequential halving: after each round the worse half
  of the moves is dropped, and the search stops once no move can plausibly beat the heuristic's.
  The agent leaves the heuristic's own move only for one that did better on the same playouts by
  `margin` and by `confidence` standard errors of the paired differences. This is the rollout
  algorithm of Tesauro and Galperin (policy improvement over the heuristic): a search tree of
  depth one.
- ``mode="uct"``: UCT (UCB1 applied to trees) over the moves of every player, in one tree shared
  by the ensemble of determinizations (information set MCTS, Cowling, Powley and Whitehouse
  2012: each iteration takes the next determinization and chooses among the moves available in
  it); playouts by the heuristic, cut off after `horizon` turns and scored the same way.

The budget is `iterations` playouts per searched decision, and optionally `seconds`: a deadline
for the decision that holds inside a playout too (the clones searched carry it, engine/limits.py:
an action still running then, one long effect say, stops with BudgetExceeded); the search then
decides on the playouts it finished.

`experiments/evaluate_mcts.py` measures both against `HeuristicAgent`.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any

from mtg_env.core.actions import DECISION_KINDS
from mtg_env.core.errors import BudgetExceeded
from mtg_env.moves import MAX_DECLARATIONS, Move, declaring, player_index  # noqa: F401  (re-exported)
from mtg_env.moves import moves as generate_moves
from mtg_env.views import determinize  # re-exported: agents.mcts.determinize

from .evaluation import win_probability
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

if TYPE_CHECKING:
    from mtg_env import Action, Game


def evaluate(game: Game, me: int) -> float:
    """A static score in [0, 1] for player `me`: 1 won, 0 lost, else the fitted win probability."""
    return win_probability(game, me)


def _player_index(game: Game) -> int:
    return player_index(game)


def moves(game: Game, actions: list[Action] | None = None) -> list[Move]:
    """The distinct moves of the deciding player now (mtg_env.moves): when declaring attackers
    or blockers, the first move is the heuristic's own declaration."""
    return generate_moves(game, actions, suggest=HeuristicAgent(0))


def _declaring(kind: str, actions: list[Action]) -> bool:
    return declaring(kind, actions)


class MCTSAgent:
    """See the module docstring. `iterations` is the number of playouts per searched decision;
    `horizon` the number of turns a playout goes on after the current one (0 or less: to the
    end of the game)."""

    #: decisions worth searching; the others (mulligans, colors, orders, X ...) use the heuristic
    SEARCHED: tuple[str, ...] = ("priority", "attack", "block", "target")

    def __init__(self, seed: int = 0, iterations: int = 48, determinizations: int = 8, horizon: int = 2,
                 mode: str = "flat", exploration: float = 0.7, margin: float = 0.01, confidence: float = 1.0,
                 discount: float = 0.97,
                 rollout: str = "heuristic", rollout_actions: int = 3000,
                 searched: tuple[str, ...] | list[str] | None = None, seconds: float | None = None):
        if mode not in ("flat", "uct"):
            raise ValueError(f"mode must be 'flat' or 'uct', got {mode!r}")
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', got {rollout!r}")
        if iterations < 1 or determinizations < 1 or rollout_actions < 1:
            raise ValueError("iterations, determinizations and rollout_actions must be at least 1, got "
                             f"{iterations}, {determinizations} and {rollout_actions}")
        if not 0.0 < discount <= 1.0:
            raise ValueError(f"discount must be in (0, 1], got {discount}")
        if exploration < 0 or confidence < 0:
            raise ValueError(f"exploration and confidence must be at least 0, got {exploration} and {confidence}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int | float)
                                    or not seconds > 0):
            raise ValueError(f"seconds must be a positive number of seconds per decision or None, got {seconds!r}")
        if searched is not None and not set(searched) <= set(DECISION_KINDS):
            raise ValueError(f"searched: unknown decision kinds {sorted(set(searched) - set(DECISION_KINDS))}; "
                             f"expected some of: {', '.join(DECISION_KINDS)}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.determinizations = determinizations
        self.horizon = horizon
        self.mode = mode
        self.c = exploration
        self.margin = margin
        self.confidence = confidence
        self.discount = discount
        self.rollout_kind = rollout
        self.rollout_actions = rollout_actions
        self.seconds = seconds
        #: the deadline of the decision being searched (time.monotonic()), from `seconds`
        self._deadline: float | None = None
        if searched is not None:
            self.SEARCHED = tuple(searched)
        self._fallback = HeuristicAgent(seed)
        #: searched decisions and playouts so far, and how often the search left the heuristic
        self.stats = {"searched": 0, "playouts": 0, "changed": 0}
        #: the move the last searched decision chose (None when `act` did not search): what
        #: mtg_env.learn.distill labels a decision with
        self.last_move: Move | None = None

    # -------------------------------------------------------------------------------------------
    def act(self, game: Game) -> Action:
        self.last_move = None
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        d = game.decision
        assert d is not None
        fb = self._fallback
        if fb.plan and fb.plan[0][0] != d.kind:
            fb.plan = []  # the rest of a declaration the engine ended by itself
        mid_plan = bool(fb.intent or fb.plan)
        if not mid_plan:
            self._fallback.pending_color = None
        if mid_plan or d.kind not in self.SEARCHED or game.players[_player_index(game)].dummy:
            return self._fallback.act(game)
        cands = moves(game, actions)
        declaring = _declaring(d.kind, actions)
        if declaring:
            mine = cands[0]   # the heuristic's whole declaration
            if len(cands) < 2:
                self.last_move = mine
                return mine.start(self._fallback)
        else:
            default = self._fallback.act(game)
            if len(cands) < 2:
                return default
            mine = self._default_move(game, cands, default)
        me = _player_index(game)
        self.stats["searched"] += 1
        self._deadline = time.monotonic() + self.seconds if self.seconds is not None else None
        if self.mode == "flat":
            best = self._flat(game, me, cands, mine)
        else:
            best = self._uct(game, me, cands, mine)
        self.last_move = best
        if best is mine:
            return mine.start(self._fallback) if declaring else default
        self.stats["changed"] += 1
        return best.start(self._fallback)

    def _default_move(self, game: Game, cands: list[Move], default: Action) -> Move:
        """The heuristic's own move (its first action and the plan it made), among the moves."""
        move = Move(default, self._fallback.intent, getattr(self._fallback, "pending_color", None))
        for m in cands:
            if m.key == move.key:
                return m
        cands.append(move)
        return move

    # -------------------------------------------------------------------------------------------
    def _policy(self, seed: int) -> HeuristicAgent | RandomAgent:
        return RandomAgent(seed) if self.rollout_kind == "random" else HeuristicAgent(seed)

    def _playout(self, g: Game, me: int, first: Move | None, seed: int, start: int | None = None) -> float:
        """Play `first` (for the deciding player) and then the rollout policy for everyone, for
        `horizon` more turns; the score of the position reached, for `me`."""
        agents: dict[str, Any] = {}
        start = g.turn if start is None else start
        g.deadline = self._deadline
        if first is not None:
            who = g.decision.player  # type: ignore[union-attr]
            agent = self._policy(seed)
            if isinstance(agent, HeuristicAgent):
                g.act(first.start(agent))
            else:
                g.act(first.action)
            agents[who] = agent
        stop = start + self.horizon + 1 if self.horizon > 0 else None
        n = 0
        while g.decision is not None and n < self.rollout_actions:
            if stop is not None and g.turn >= stop:
                break
            who = g.decision.player
            player = agents.get(who)
            if player is None:
                player = agents[who] = self._policy(seed + len(agents))
            g.act(player.act(g))
            n += 1
        self.stats["playouts"] += 1
        return self._score(g, me, start)

    def _score(self, g: Game, me: int, start: int) -> float:
        """The evaluation of the position, discounted towards 1/2 by `discount` per turn since
        `start`: a win now is worth more than a win later, a loss later more than a loss now."""
        v = evaluate(g, me)
        return 0.5 + (v - 0.5) * self.discount ** max(g.turn - start, 0)

    def _flat(self, game: Game, me: int, cands: list[Move], mine: Move) -> Move:
        """Sequential halving over the moves, every round on fresh determinizations shared by all
        the moves still in; the search stops early once no move can plausibly beat the
        heuristic's."""
        alive = list(cands)
        scores: dict[int, list[float]] = {id(m): [] for m in cands}
        budget = self.iterations
        rounds = max(2, math.ceil(math.log2(len(alive))))
        out_of_time = False
        for r in range(rounds):
            per = max(2, budget // (len(alive) * (rounds - r)))
            for _ in range(per):
                if self._deadline is not None and time.monotonic() > self._deadline:
                    out_of_time = True
                    break
                det = determinize(game, me, self.rng)
                seed = self.rng.randrange(1 << 30)
                done = {k: len(v) for k, v in scores.items()}
                try:
                    for m in alive:
                        scores[id(m)].append(self._playout(det.clone(), me, m, seed))
                        budget -= 1
                except BudgetExceeded:  # inside a playout: this determinization is left unscored
                    for k, n in done.items():
                        del scores[k][n:]
                    out_of_time = True
                    break
            if not scores[id(mine)]:
                return mine  # no playout finished in time
            # The heuristic's move is never dropped, so it has a score on every determinization
            # any other move was played on: compare on those (paired differences).
            base = scores[id(mine)]
            gains = {id(m): _paired(scores[id(m)], base) for m in alive if m is not mine}
            alive = [m for m in alive if m is mine or gains[id(m)][0] + 2 * gains[id(m)][1] > self.margin]
            if len(alive) == 1 or budget <= 0 or out_of_time:
                break
            if len(alive) > 2:
                alive.sort(key=lambda m: -_mean(scores[id(m)][-per:]))
                keep = alive[:max(2, len(alive) // 2)]
                if mine not in keep:
                    keep.append(mine)
                alive = keep
        best = max(alive, key=lambda m: (gains[id(m)][0] if m is not mine else 0.0, m is mine))
        if best is mine:
            return mine
        mean, se = gains[id(best)]
        if mean > self.margin and mean > self.confidence * se:
            return best
        return mine

    # -------------------------------------------------------------------------------------------
    def _uct(self, game: Game, me: int, cands: list[Move], mine: Move) -> Move:
        """UCT over one tree of moves shared by all the determinizations (information set MCTS,
        Cowling, Powley and Whitehouse 2012): each iteration takes the next determinization of
        the ensemble, walks down the tree choosing by UCB1 among the moves legal in it, adds one
        move, plays out with the heuristic and backs the score up."""
        dets = [determinize(game, me, self.rng) for _ in range(self.determinizations)]
        root = _Node(None)
        for i in range(self.iterations):
            if self._deadline is not None and time.monotonic() > self._deadline:
                break
            try:
                self._iterate(dets[i % len(dets)].clone(), root, me, cands)
            except BudgetExceeded:
                break  # the iteration in progress is dropped; the tree keeps the finished ones
        def visits(m: Move) -> int:
            ch = root.children.get(m.key)
            return ch.visits if ch is not None else 0

        def stats(m: Move) -> tuple[float, float]:
            """Mean score of the move at the root and the variance of that mean."""
            ch = root.children.get(m.key)
            if ch is None or ch.visits < 2:
                return 0.0, float("inf")
            mean = ch.value / ch.visits
            var = max(ch.squares / ch.visits - mean * mean, 0.0)
            return mean, var / (ch.visits - 1)
        best = max(cands, key=lambda m: (visits(m), m is mine))
        if best is mine or visits(best) < 4:
            return mine
        (mb, vb), (mm, vm) = stats(best), stats(mine)
        gain = mb - mm
        if gain > self.margin and gain > self.confidence * math.sqrt(vb + vm):
            return best
        return mine

    def _iterate(self, g: Game, root: _Node, me: int, root_moves: list[Move]) -> None:
        """One iteration: select by UCB1 (over the moves available in this determinization),
        expand one move, play out, back up."""
        node = root
        path = [node]
        start = g.turn
        g.deadline = self._deadline
        while g.decision is not None and (self.horizon <= 0 or g.turn <= start + self.horizon):
            if node is root:
                ms = root_moves
            else:
                acts = g.legal_actions()
                ms = moves(g, acts) if g.decision.kind in self.SEARCHED and len(acts) > 1 else []
                if len(ms) < 2:
                    g.act(HeuristicAgent(0).act(g))  # not a choice worth a node
                    continue
            player = g.decision.player
            untried = [m for m in ms if m.key not in node.children]
            for m in ms:
                node.available[m.key] = node.available.get(m.key, 0) + 1
            if untried:
                m = untried[self.rng.randrange(len(untried))]
                child = node.children[m.key] = _Node(player)
                path.append(child)
                self._playout(g, me, m, self.rng.randrange(1 << 30), start)
                return self._backup(path, g, me, start)
            best_m, best_u = ms[0], -1.0
            for m in ms:
                ch = node.children[m.key]
                u = ch.value / ch.visits + self.c * math.sqrt(math.log(node.available[m.key]) / ch.visits) \
                    if ch.visits else float("inf")
                if u > best_u:
                    best_m, best_u = m, u
            helper = HeuristicAgent(0)
            g.act(best_m.start(helper))
            # a move's plan (tapping for a spell and casting it; a whole declaration) is followed
            while (helper.intent or helper.plan) and g.decision is not None:
                g.act(helper.act(g))
            node = node.children[best_m.key]
            path.append(node)
        self._backup(path, g, me, start)

    def _backup(self, path: list[_Node], g: Game, me: int, start: int) -> None:
        score_me = self._score(g, me, start)
        for n in path:
            n.visits += 1
            if n.player is None:
                continue
            idx = next(p.index for p in g.players if p.name == n.player)
            v = score_me if idx == me else 1.0 - score_me
            n.value += v
            n.squares += v * v


class _Node:
    """A node of the UCT tree: the statistics of the move that led here, from the point of view
    of the player who made it; children by move key, and how often each move was available."""

    __slots__ = ("children", "available", "visits", "value", "squares", "player")

    def __init__(self, player: str | None):
        self.children: dict[Any, _Node] = {}
        self.available: dict[Any, int] = {}
        self.visits = 0
        self.value = 0.0    # sum of the scores backed up through here, for `player`
        self.squares = 0.0  # and of their squares
        self.player = player


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of a - b over the last len(a) playouts of both (the same
    determinizations)."""
    k = len(a)
    diffs = [x - y for x, y in zip(a, b[-k:], strict=True)]
    mean = sum(diffs) / k
    se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (k - 1) / k) if k > 1 else float("inf")
    return mean, se


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0
