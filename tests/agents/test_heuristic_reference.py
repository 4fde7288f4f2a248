"""HeuristicAgent (its issue 17 speed work) chooses what it chose before, decision by decision.

At every decision of seeded heuristic-vs-heuristic games the reference agent
(tests/agents/heuristic_reference.py, the agent as it was before), given the same state (intent,
pending color, plan), is asked first; the fast agent must then take the same action and be left
in the same state. All six duel decks, skipping on and off, automatic and manual payment, and a
commander game (a commander to cast from the command zone).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from agents.heuristic import HeuristicAgent
from mtg_env.engine.decks import new_game
from tests.agents.heuristic_reference import ReferenceHeuristicAgent

DECKS = Path(__file__).resolve().parents[2] / "configs" / "decks"

GAMES = [  # (decks, seed, skip_forced, mana_payment, format, turn_limit)
    (["red_burn", "green_ramp"], 1, True, "auto", "duel", 50),
    (["boros_aggro", "black_shade"], 2, False, "manual", "duel", 50),
    (["blue_control", "artifact_mana"], 3, True, "manual", "duel", 50),
    (["green_ramp", "boros_aggro"], 4, False, "auto", "duel", 50),
    (["black_shade", "red_burn"], 5, True, "auto", "duel", 50),
    (["artifact_mana", "blue_control"], 6, False, "auto", "duel", 50),
    (["commander_arcanis", "commander_griselbrand"], 7, True, "auto", "commander", 10),
]


def _state(agent: Any) -> tuple[Any, ...]:
    return (list(agent.intent), agent.pending_color, list(agent.plan))


@pytest.mark.parametrize(("decks", "seed", "skip", "payment", "fmt", "turns"), GAMES)
def test_heuristic_same_choices_as_reference(decks: list[str], seed: int, skip: bool, payment: str,
                                             fmt: str, turns: int) -> None:
    g = new_game([str(DECKS / f"{d}.txt") for d in decks], seed=seed, skip_forced=skip, mana_payment=payment,
                 format=fmt, turn_limit=turns)
    fast = [HeuristicAgent(seed + k) for k in range(len(decks))]
    seat = {p.name: p.index for p in g.players}
    kinds: set[str] = set()
    n = 0
    while g.decision is not None and n < 5000:
        d = g.decision
        agent = fast[seat[d.player]]
        ref = ReferenceHeuristicAgent(0)
        ref.intent, ref.pending_color, ref.plan = copy.deepcopy(_state(agent))
        want = ref.act(g)
        got = agent.act(g)
        where = f"decision {n} ({d.kind}, turn {g.turn}, {d.player})"
        assert got == want and got.label == want.label, f"{where}: {got.label!r} != {want.label!r}"
        assert _state(agent) == _state(ref), where
        kinds.add(d.kind)
        g.act(got)
        n += 1
    assert g.game_over or n == 5000
    assert "priority" in kinds and n > 50
