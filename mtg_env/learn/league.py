"""The league: whom the learner plays while it trains, and the past snapshots of itself.

Opponents are: agents played inside the env (any name of mtg_env.registry: "heuristic"), the
learner itself ("self": both seats trained), and frozen snapshots of it in `size` slots
("league_0" ...), refilled oldest first every `snapshot_every` iterations. The config names the
rule that turns that into a probability for each opponent at each game:

- `weights`: `weights` gives each kind a share (`{heuristic: 0.5, self: 0.25, snapshots: 0.25}`;
  any agent name may be a key); a kind with nothing in it yet (no snapshot) gives its share to
  the others; the snapshots share it equally.
- `pfsp` (prioritized fictitious self-play, as in AlphaStar): the same shares, but within the
  agents and within the snapshots an opponent's weight is (1 - the learner's recent win rate
  against it) ** `power`, so the opponents it beats least are played most.
- `latest`: the same shares, the snapshots' share all to the newest snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

RULES = ("weights", "pfsp", "latest")


@dataclass
class LeagueConfig:
    rule: str = "weights"
    size: int = 4
    snapshot_every: int = 10
    weights: dict[str, float] = field(default_factory=lambda: {"heuristic": 0.5, "self": 0.25, "snapshots": 0.25})
    power: float = 2.0

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"league.rule must be one of {', '.join(RULES)}, got {self.rule!r}")
        if self.size < 0 or self.snapshot_every < 1:
            raise ValueError(f"league.size must be >= 0 and league.snapshot_every >= 1, got {self.size} and "
                             f"{self.snapshot_every}")
        if not self.weights or any(w < 0 for w in self.weights.values()) or sum(self.weights.values()) <= 0:
            raise ValueError(f"league.weights must give non-negative shares that sum above 0, got {self.weights}")

    @property
    def agents(self) -> list[str]:
        """The opponents played inside the env (registry names)."""
        return [k for k in self.weights if k not in ("self", "snapshots")]


class League:
    """The state of a league (see the module docstring): which iteration each slot holds, and
    the learner's recent results against each opponent (opponent -> win rate, games)."""

    def __init__(self, config: LeagueConfig):
        self.config = config
        self.slots: list[int | None] = [None] * config.size
        self.next_slot = 0
        self.win_rates: dict[str, float] = {}
        self.games: dict[str, int] = {}

    def slot_module(self, i: int) -> str:
        return f"league_{i}"

    def due(self, iteration: int) -> bool:
        return self.config.size > 0 and iteration % self.config.snapshot_every == 0

    def snapshot(self, iteration: int) -> str:
        """The slot (module id) to copy the learner into now: the oldest."""
        i = self.next_slot
        self.slots[i] = iteration
        self.next_slot = (i + 1) % len(self.slots)
        return self.slot_module(i)

    def record(self, opponent: str, win_rate: float, games: int) -> None:
        self.win_rates[opponent] = win_rate
        self.games[opponent] = self.games.get(opponent, 0) + games

    def opponent_weights(self) -> dict[str, float]:
        """Opponent (an agent name, "main", "league_<i>") -> probability of the next game."""
        c = self.config
        filled = [self.slot_module(i) for i, it in enumerate(self.slots) if it is not None]
        groups: dict[str, list[str]] = {"self": ["main"], "snapshots": filled}
        for name in c.agents:
            groups.setdefault("agents", []).append(name)
        shares = {"self": c.weights.get("self", 0.0), "snapshots": c.weights.get("snapshots", 0.0) if filled else 0.0,
                  "agents": sum(c.weights[a] for a in c.agents)}
        total = sum(shares.values())
        out: dict[str, float] = {}
        for kind, members in groups.items():
            share = shares[kind] / total if total > 0 else 0.0
            if share <= 0 or not members:
                continue
            if kind == "agents":
                inner = {a: c.weights[a] for a in members}
            elif kind == "snapshots" and c.rule == "latest":
                newest = max(members, key=lambda m: self.slots[int(m.rsplit("_", 1)[1])] or 0)
                inner = {newest: 1.0}
            else:
                inner = {m: 1.0 for m in members}
            if c.rule == "pfsp" and kind != "self":
                inner = {m: w * max(1.0 - self.win_rates.get(m, 0.5), 0.05) ** c.power for m, w in inner.items()}
            z = sum(inner.values())
            for m, w in inner.items():
                if z > 0:
                    out[m] = out.get(m, 0.0) + share * w / z
        return out

    def state(self) -> dict[str, Any]:
        return {"slots": self.slots, "next_slot": self.next_slot, "win_rates": self.win_rates, "games": self.games}

    def load_state(self, state: dict[str, Any]) -> None:
        slots = list(state.get("slots", []))
        self.slots = (slots + [None] * self.config.size)[:self.config.size]
        self.next_slot = int(state.get("next_slot", 0)) % max(len(self.slots), 1)
        self.win_rates = dict(state.get("win_rates", {}))
        self.games = dict(state.get("games", {}))
