"""ComboAgent: plays like the HeuristicAgent, but in its own main phase it searches the turn's
lines for a goal (mtg_env.combo) and plays the best line it finds, or an unbounded loop enough
times to win. Used by combo statistics: how often a deck assembles its combo by turn N."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic import HeuristicAgent

if TYPE_CHECKING:
    from mtg_env import Action, Game


class ComboAgent:
    def __init__(self, seed: int = 0, goal: str = "damage", budget: int = 3000, min_value: int = 1):
        self.fallback = HeuristicAgent(seed)
        self.goal = goal
        self.budget = budget
        self.min_value = min_value
        self.plan: list[str] = []
        self.searched_turn: tuple[int, str] | None = None

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        d = game.decision
        assert d is not None
        while self.plan:
            step = self.plan.pop(0)
            hit = next((a for a in actions if a.label == step), None)
            if hit is not None:
                return hit
            self.plan.clear()
        me = next(p.index for p in game.players if p.name == d.player)
        key = (game.turn, game.step)
        if d.kind == "priority" and game.active == me and game.step == "precombat_main" and not game.stack \
                and self.searched_turn != key:
            self.searched_turn = key
            first = self.fallback.act(game)
            if first.kind == "play":
                self.searched_turn = None  # play the land first, then search
                return first
            from mtg_env.combo import search
            result: Any = search(game, self.goal, max_nodes=self.budget, max_seconds=5.0, max_depth=40)
            line = list(result.line)
            if result.unbounded and result.loop:
                line += list(result.loop) * 20  # repeat the loop (CR 731 shortcut, played out)
            if line and (result.unbounded or result.value >= self.min_value):
                self.plan = [s for s in line if not s.startswith("(repeat")]
                if self.plan:
                    step = self.plan.pop(0)
                    hit = next((a for a in actions if a.label == step), None)
                    if hit is not None:
                        return hit
                    self.plan.clear()
        return self.fallback.act(game)
