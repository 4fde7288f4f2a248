"""MCTSAgent and its parts: moves, determinization, the fitted evaluation, and positions where
search finds what the heuristic misses.

Whether MCTSAgent beats HeuristicAgent over whole games is measured by
`experiments/evaluate_mcts.py` (hundreds of games: too slow for a test); here each piece is
checked on positions with a known answer.
"""

from __future__ import annotations

import pickle
import random

import pytest

from agents import HeuristicAgent, MCTSAgent, play_game
from agents.evaluation import FEATURES, WEIGHTS, features, win_probability
from agents.mcts import determinize, moves
from mtg_env import load_scenario, new_game
from mtg_env.engine import sba
from mtg_env.engine.actions import PASS

BOLT_FOR_LETHAL = {
    "name": "Lightning Bolt: the opponent's creature, or the last 3 points of life?",
    "format": "duel", "turn": 3, "active_player": "P1", "step": "precombat_main",
    "players": [
        {"name": "P1", "battlefield": ["Mountain", "Grizzly Bears"], "hand": ["Lightning Bolt"],
         "library": ["Mountain"] * 5},
        {"name": "P2", "life": 3, "battlefield": ["Forest", "Forest", "Silvercoat Lion", "Balduvian Bears"],
         "hand": ["Giant Growth"], "library": ["Forest"] * 5},
    ],
}


def _play_turn(game, agent, player="P1", limit=20):
    labels = []
    for _ in range(limit):
        if game.decision is None or game.decision.player != player:
            break
        a = agent.act(game)
        labels.append(a.label)
        game.act(a)
    return labels


def test_heuristic_kills_a_creature_where_the_bolt_to_the_face_wins() -> None:
    g = load_scenario(BOLT_FOR_LETHAL)
    labels = _play_turn(g, HeuristicAgent(0))
    assert "target Silvercoat Lion" in labels or "target Balduvian Bears" in labels
    assert g.players[1].life == 3


@pytest.mark.parametrize("mode", ["flat", "uct"])
def test_search_finds_the_lethal_bolt(mode: str) -> None:
    g = load_scenario(BOLT_FOR_LETHAL)
    agent = MCTSAgent(0, iterations=24, determinizations=4, mode=mode)
    labels = _play_turn(g, agent)
    assert "target P2" in labels
    while g.decision is not None and g.decision.kind == "priority" and not g.game_over:
        g.act("pass")
    assert g.game_over and g.winner == 0
    assert agent.stats["changed"] >= 1


ALPHA_STRIKE = {
    "name": "Three Grizzly Bears against one 4/5 blocker and 4 life: all in is lethal",
    "format": "duel", "turn": 5, "active_player": "P1", "step": "precombat_main",
    "players": [
        {"name": "P1", "battlefield": ["Mountain", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears"],
         "library": ["Mountain"] * 5},
        {"name": "P2", "life": 4, "battlefield": ["Island", "Magus of the Mind"], "library": ["Island"] * 5},
    ],
}


def _attack_labels(agent) -> tuple[list[str], object]:
    g = load_scenario(ALPHA_STRIKE)
    labels = []
    while g.decision is not None and g.turn == 5:
        who = g.decision.player
        a = agent.act(g) if who == "P1" else HeuristicAgent(1).act(g)
        if who == "P1" and g.decision.kind == "attack":
            labels.append(a.label)
        g.act(a)
    return labels, g


def test_heuristic_holds_back_where_all_in_wins() -> None:
    labels, g = _attack_labels(HeuristicAgent(0))
    assert labels == ["no attack"] and not g.game_over


@pytest.mark.parametrize("mode", ["flat", "uct"])
def test_search_declares_the_lethal_attack_as_a_whole(mode: str) -> None:
    """One attacker at a time, the heuristic's way, each attack alone is blocked and worthless:
    the search compares whole declarations (CR 508.1)."""
    labels, g = _attack_labels(MCTSAgent(0, iterations=32, mode=mode))
    assert len(labels) == 3 and all(lab.startswith("attack P2 with Grizzly Bears") for lab in labels)
    assert g.game_over and g.winner == 0


def test_moves_at_priority_are_plans_not_mana_abilities() -> None:
    g = load_scenario(BOLT_FOR_LETHAL)
    ms = moves(g)
    firsts = [m.action.label for m in ms]
    # pass, and casting the Bolt (whose plan starts by tapping the Mountain, then casts it)
    assert firsts.count("pass") == 1
    bolt = [m for m in ms if m.intent and m.intent[-1][0][0] == "cast"]
    assert len(bolt) == 1 and bolt[0].action.label == "activate Mountain: {T}: Add {R}."
    assert len(ms) == 2


def test_determinize_keeps_what_the_player_knows() -> None:
    g = new_game(["configs/decks/red_burn.txt", "configs/decks/green_ramp.txt"], seed=5)
    play_game(g, [HeuristicAgent(0), HeuristicAgent(1)], max_actions=150)
    me = 0
    before = g.state_json()
    rng = random.Random(3)
    for _ in range(5):
        d = determinize(g, me, rng)
        assert [d.objects[o].card.name for o in d.players[me].hand] == \
            [g.objects[o].card.name for o in g.players[me].hand]
        assert sorted(d.objects[o].card.name for o in d.players[me].library) == \
            sorted(g.objects[o].card.name for o in g.players[me].library)
        opp, dopp = g.players[1], d.players[1]
        assert len(dopp.hand) == len(opp.hand) and len(dopp.library) == len(opp.library)
        # the opponent's hidden cards are redealt from the same cards
        assert sorted(d.objects[o].card.name for o in dopp.hand + dopp.library) == \
            sorted(g.objects[o].card.name for o in opp.hand + opp.library)
        # public zones are untouched
        assert [d.objects[o].card.name for o in d.battlefield] == [g.objects[o].card.name for o in g.battlefield]
        assert d.legal_actions() == g.legal_actions()
    assert g.state_json() == before  # the real game is never changed


def test_determinize_is_the_rules_level_view_the_harness_shows() -> None:
    import mtg_env.views
    assert determinize is mtg_env.views.determinize


def test_evaluation_is_a_probability_and_reads_the_board() -> None:
    assert len(WEIGHTS) == len(FEATURES)
    g = load_scenario(BOLT_FOR_LETHAL)
    p1, p2 = win_probability(g, 0), win_probability(g, 1)
    assert 0.0 < p2 < 0.5 < p1 < 1.0  # P2 is at 3 life
    assert len(features(g, 0)) == len(FEATURES)
    g.players[1].life = 20
    assert win_probability(g, 0) < p1
    sba.end_game(g, 0, "test")
    assert win_probability(g, 0) == 1.0 and win_probability(g, 1) == 0.0


def test_a_seeded_search_plays_the_same_game_twice() -> None:
    def run() -> list[str]:
        g = new_game(["configs/decks/boros_aggro.txt", "configs/decks/black_shade.txt"], seed=11, turn_limit=6)
        agents = [MCTSAgent(4, iterations=8, determinizations=2, horizon=1), HeuristicAgent(5)]
        play_game(g, agents)
        return g.log
    assert run() == run()


def test_every_action_of_a_searched_game_is_legal_and_the_agent_pickles() -> None:
    g = new_game(["configs/decks/green_ramp.txt", "configs/decks/red_burn.txt"], seed=2, turn_limit=8)
    agent = MCTSAgent(1, iterations=8, horizon=1)
    other = HeuristicAgent(2)
    while g.decision is not None:
        who = g.decision.player
        a = (agent if who == g.players[0].name else other).act(g)
        assert a in g.legal_actions() or a == PASS
        g.act(a)
    assert agent.stats["searched"] > 0 and agent.stats["playouts"] > 0
    again = pickle.loads(pickle.dumps(agent))
    assert again.iterations == 8


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_heuristic_passes_without_listing_actions_only_where_it_would_pass(seed: int) -> None:
    """The heuristic's shortcut (pass without working out the legal actions) chooses exactly what
    it would choose from the full list."""
    g = new_game(["configs/decks/blue_control.txt", "configs/decks/boros_aggro.txt"], seed=seed, turn_limit=12)
    agents = [HeuristicAgent(0), HeuristicAgent(1)]
    while g.decision is not None:
        me = 0 if g.decision.player == g.players[0].name else 1
        if g.decision.kind == "priority" and not agents[me].intent:
            probe = HeuristicAgent(9)
            full = probe._priority_from(g, me, g.legal_actions())
            probe.intent = []
            fast = agents[me].act(g)
            assert fast.label == full.label, g.decision
        else:
            fast = agents[me].act(g)
        g.act(fast)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="mode"):
        MCTSAgent(mode="minimax")
    with pytest.raises(ValueError, match="rollout"):
        MCTSAgent(rollout="greedy")
    with pytest.raises(ValueError, match="iterations"):
        MCTSAgent(iterations=0)
    with pytest.raises(ValueError, match="discount"):
        MCTSAgent(discount=0)
    with pytest.raises(ValueError, match="exploration"):
        MCTSAgent(exploration=-1)
    with pytest.raises(ValueError, match="searched: unknown decision kinds"):
        MCTSAgent(searched=("attack", "attacks"))
    for bad in (0, -1.5, True, "2s"):
        with pytest.raises(ValueError, match="seconds"):
            MCTSAgent(seconds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["flat", "uct"])
def test_the_time_budget_holds_inside_one_long_effect(monkeypatch, mode: str) -> None:
    """Shatter on a Hangarback Walker with 10^18 counters: a playout of "cast Shatter" makes
    10^18 Thopters in one action (the object limit set aside), which only the deadline stops."""
    import time

    from mtg_env.engine import limits
    monkeypatch.setattr(limits, "MAX_OBJECTS", 10**9)
    g = load_scenario({"format": "duel", "players": [
        {"name": "P1", "mana_pool": "{R}{C}", "hand": ["Shatter"], "library": ["Forest"] * 4},
        {"name": "P2", "library": ["Forest"] * 4,
         "battlefield": [{"card": "Hangarback Walker", "counters": {"+1/+1": 10**18}}]}]})
    agent = MCTSAgent(0, iterations=16, seconds=0.5, mode=mode)
    t0 = time.perf_counter()
    action = agent.act(g)
    assert time.perf_counter() - t0 < 4
    assert action.label in ("pass", "cast Shatter") and agent.stats["searched"] == 1
    assert g.deadline is None and len(g.objects) == 10  # the real game is untouched


def test_fit_evaluation_records_positions_and_fits_a_logistic_model() -> None:
    import numpy as np

    from experiments.fit_evaluation import DUEL_DECKS, fit, positions, scores
    xs, ys = positions((DUEL_DECKS[3], DUEL_DECKS[1], 7))
    assert xs and len(xs) == len(ys) and all(len(x) == len(FEATURES) for x in xs)
    assert set(ys) == {0.0, 1.0}  # each turn's position is recorded for the winner and the loser
    # a separable toy problem: the fit recovers the sign and predicts better than chance
    rng = np.random.default_rng(0)
    x = np.column_stack([np.ones(400), rng.normal(size=400)])
    y = (x[:, 1] + 0.3 * rng.normal(size=400) > 0).astype(float)
    w = fit(x, y)
    loss, acc = scores(x, y, w)
    assert w[1] > 1.0 and acc > 0.9 and loss < 0.3
