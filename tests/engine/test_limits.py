"""Engine scale and limits (engine/limits.py, issue 18): creating N tokens costs N, a game that
would pass a limit (objects, mana, counters, steps) ends in a draw naming it instead of
hanging, and a search's time budget holds inside one long action.

Small sizes: what is checked is that the cost is linear and that the game stops, not big runs.
"""

from __future__ import annotations

import time

import pytest

from mtg_env import Game, load_scenario
from mtg_env.combo import search
from mtg_env.core.errors import BudgetExceeded
from mtg_env.engine import layers, limits
from tests.helpers import permanents


def hangarback_dies(counters: int, *extra: str) -> Game:
    """A Hangarback Walker with `counters` +1/+1 counters, sacrificed to Ashnod's Altar: its
    dies trigger is on the stack, about to make that many Thopters."""
    more = "".join(f"\n      - {e}" for e in extra)
    g = load_scenario(f"""
format: goldfish
players:
  - name: P1
    battlefield:
      - {{card: Hangarback Walker, counters: {{"+1/+1": {counters}}}}}
      - Ashnod's Altar{more}
""")
    g.act("activate Ashnod's Altar")
    assert [a.label for a in g.legal_actions()] == ["pass"] and len(g.stack) == 1
    return g


def test_hangarback_walker_dying_with_n_counters_costs_n_not_n_squared(monkeypatch) -> None:
    visits = []
    real = layers.compute_all_with_entries

    def counted(g: Game):  # a full recomputation of characteristics visits every permanent
        visits.append(len(g.battlefield))
        return real(g)

    monkeypatch.setattr(layers, "compute_all_with_entries", counted)
    for n in (200, 800):
        g = hangarback_dies(n)
        visits.clear()
        g.act("pass")  # the dies trigger resolves: n Thopters, one after another
        assert len(permanents(g, "Thopter")) == n
        # one recomputation per Thopter (the old cost) would visit about n * n / 2 permanents
        assert sum(visits) <= 2 * n, (n, len(visits), sum(visits))


def test_tokens_made_one_after_another_have_the_characteristics_a_full_recomputation_gives() -> None:
    # Cryptolith Rite gives each new Thopter its mana ability as it enters (the shortcut in
    # layers.chars_of_new must agree with compute_all)
    g = hangarback_dies(5, "Cryptolith Rite")
    g.act("pass")
    thopter = next(oid for oid in g.battlefield if g.name_of(oid) == "Thopter")
    assert [k for k, _a, origin in g.chars(thopter).abilities if origin == "Cryptolith Rite"]
    fresh = layers.compute_all(g)
    cached = g.all_chars()
    assert set(fresh) == set(cached)
    for oid, c in fresh.items():
        d = cached[oid]
        assert (c.name, c.types, c.power, c.toughness, c.keywords, [k for k, _a, _o in c.abilities]) == \
            (d.name, d.types, d.power, d.toughness, d.keywords, [k for k, _a, _o in d.abilities])


def test_four_thousand_thopters_in_well_under_a_second() -> None:
    g = hangarback_dies(4000)
    t0 = time.perf_counter()
    g.act("pass")
    assert time.perf_counter() - t0 < 2.0  # was 4.6 s (quadratic); ~0.03 s now
    assert len(permanents(g, "Thopter")) == 4000


def test_x_of_ten_to_the_eighteen_ends_the_game_at_the_object_limit(monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_OBJECTS", 500)
    g = load_scenario("""
format: goldfish
players:
  - {name: P1, mana_pool: "{C}x1000000000000000000", hand: [Endless One]}
""")
    g.run_line(["cast Endless One", "x 1000000000000000000", "pass"])  # X = 10^18 is a number like any other
    assert permanents(g, "Endless One")[0]["counters"] == {"+1/+1": 10**18}
    g = hangarback_dies(10**18)  # ... until it asks for 10^18 objects
    t0 = time.perf_counter()
    g.act("pass")
    assert time.perf_counter() - t0 < 5
    assert g.game_over and g.winner is None
    assert g.result_reason == "object limit reached: a game holds at most 500 objects"
    assert g.legal_actions() == [] and g.decision is None
    assert g.state_json()["game_over"]  # the ended game is still whole


def test_x_is_offered_up_to_the_amount_limit() -> None:
    g = load_scenario("""
format: goldfish
players:
  - {name: P1, mana_pool: "{G}x1000000000000000000{C}x1000000000000000000", hand: [Endless One]}
""")
    g.act("cast Endless One")
    xs = [a.value for a in g.legal_actions()]
    assert max(xs) == limits.MAX_AMOUNT == 10**18


def test_mana_past_the_limit_ends_the_game_in_a_draw() -> None:
    g = load_scenario(f"""
format: goldfish
players:
  - name: P1
    mana_pool: "{{C}}x{limits.MAX_AMOUNT - 1}"
    battlefield: [Sol Ring]
""")
    g.act("activate Sol Ring")
    assert g.game_over and g.winner is None and g.result_reason.startswith("mana limit reached")


def test_counters_past_the_limit_end_the_game_in_a_draw() -> None:
    g = load_scenario(f"""
format: goldfish
players:
  - name: P1
    mana_pool: "{{C}}"
    battlefield: [{{card: Hangarback Walker, counters: {{"+1/+1": {limits.MAX_AMOUNT}}}}}]
""")
    g.run_line(["activate Hangarback Walker", "pass"])
    assert g.game_over and g.result_reason.startswith("counter limit reached")


def test_a_scenario_past_the_limits_is_an_error_naming_the_key() -> None:
    from mtg_env import ScenarioError
    with pytest.raises(ScenarioError, match="players\\[0\\].mana_pool: expected at most"):
        load_scenario("players: [{mana_pool: '{C}x10000000000000000000'}]")
    with pytest.raises(ScenarioError, match="counters"):
        load_scenario("players: [{battlefield: [{card: Walking Ballista, counters: {'+1/+1': 10000000000000000000}}]}]")


def test_steps_without_a_decision_past_the_limit_end_the_game(monkeypatch) -> None:
    # With skip_forced and nothing castable the engine plays eight turns without a decision:
    # some two hundred steps, more than this limit. (No supported card makes a real mandatory loop.)
    monkeypatch.setattr(limits, "MAX_STEPS", 100)
    g = load_scenario({"format": "goldfish", "skip_forced": True,
                       "players": [{"name": "P1", "library": ["Lightning Bolt"] * 10}]})
    assert g.game_over and g.winner is None
    assert g.result_reason.startswith("step limit reached: more than 100 steps of the engine without a decision")


def test_a_deadline_stops_a_long_action_and_the_combo_budget_holds_inside_it(monkeypatch) -> None:
    monkeypatch.setattr(limits, "MAX_OBJECTS", 10**9)  # only the budget can stop it now
    g = hangarback_dies(10**18)
    c = g.clone()
    c.deadline = time.monotonic() + 0.3
    t0 = time.perf_counter()
    with pytest.raises(BudgetExceeded):
        c.act("pass")
    assert time.perf_counter() - t0 < 3
    assert g.deadline is None and len(g.stack) == 1  # the original is untouched
    t0 = time.perf_counter()
    r = search(g, "tokens", max_nodes=10**9, max_seconds=1.0)
    assert time.perf_counter() - t0 < 4 and not r.complete


def test_a_condition_on_the_battlefield_makes_a_new_token_recompute_everything() -> None:
    # "as long as you control three or more artifacts, ...": a new Thopter can make it true for
    # the permanents already there, so the shortcut for newcomers is not taken
    from mtg_env.core import filters as flt
    creatures = flt.CardType("Creature") & flt.ControlledBy(flt.YOU)
    assert layers.judges_each_object_alone(creatures & flt.Not(flt.Token()))
    assert not layers.judges_each_object_alone(creatures & flt.Controls(flt.CardType("Artifact"), 3))
    assert not layers.judges_each_object_alone(flt.Or((flt.Token(), flt.Controls(flt.Token()))))
