"""Forced decisions (interface.md §9): with `skip_forced` the engine takes every decision that has
exactly one legal action itself, logging it as usual; off by default."""

from __future__ import annotations

import pickle

import pytest

from mtg_env import Game, load_scenario, new_game
from tests.helpers import DECKS


def first_legal(g: Game, limit: int = 20_000) -> int:
    """Play by always taking the first legal action; the number of decisions asked."""
    asked = 0
    while g.decision is not None and asked < limit:
        acts = g.legal_actions()
        if g.options.skip_forced:
            assert len(acts) > 1, f"a forced decision reached the player: {g.decision}"
        g.act(acts[0])
        asked += 1
    return asked


@pytest.mark.parametrize("fmt,decks", [
    ("duel", ["green_ramp", "red_burn"]),
    ("goldfish", ["artifact_mana"]),
    ("commander", ["commander_mairsil", "commander_ertha_jo", "commander_arcanis"]),
])
def test_skipping_forced_decisions_plays_the_same_game_with_fewer_decisions(fmt: str, decks: list[str]) -> None:
    paths = [str(DECKS / f"{d}.txt") for d in decks]
    asked_all = new_game(paths, seed=3, format=fmt, turn_limit=12)
    skipped = new_game(paths, seed=3, format=fmt, turn_limit=12, skip_forced=True)
    n_all = first_legal(asked_all)
    n_skip = first_legal(skipped)
    assert skipped.log == asked_all.log
    assert skipped.state_json() == asked_all.state_json()
    assert skipped.stats.forced > 0 and n_skip + skipped.stats.forced == n_all
    assert asked_all.stats.forced == 0


def test_forced_decisions_are_off_by_default_and_on_by_option() -> None:
    text = """
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - battlefield: [Grizzly Bears]
"""
    g = load_scenario(text)
    g.act("cast Lightning Bolt")
    assert g.decision is not None and g.decision.kind == "target"
    assert len(g.legal_actions()) == 3  # Grizzly Bears, P1, P2
    # a target decision with one choice is taken by the engine when skipping is on
    only = load_scenario(text.replace("battlefield: [Grizzly Bears]", "life: 20") + "skip_forced: true\n")
    assert only.options.skip_forced
    only.act("cast Lightning Bolt")
    assert only.decision is not None and only.decision.kind == "target"  # still three choices
    one = load_scenario("""
players:
  - mana_pool: "{G}"
    hand: [Giant Growth]
    battlefield: [Grizzly Bears]
""", skip_forced=True)
    one.act("cast Giant Growth")
    # the only creature is targeted at once, and passing (the only action left) lets it resolve
    assert "P1 casts Giant Growth targeting Grizzly Bears" in one.log
    bears = one.state_json()["players"][0]["battlefield"][0]
    assert (bears["power"], bears["toughness"]) == (5, 5)
    assert one.stats.forced >= 2


def test_a_game_with_skipping_pickles_and_keeps_skipping() -> None:
    g = new_game([str(DECKS / "green_ramp.txt"), str(DECKS / "red_burn.txt")], seed=5, skip_forced=True)
    for _ in range(40):
        g.act(g.legal_actions()[0])
    h = pickle.loads(pickle.dumps(g))
    assert h.options.skip_forced
    first_legal(h, limit=200)


def test_skip_forced_must_be_true_or_false() -> None:
    from mtg_env import ScenarioError
    with pytest.raises(ScenarioError, match="skip_forced"):
        load_scenario("skip_forced: maybe\n")
