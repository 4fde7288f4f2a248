"""The game option useful_mana_only (engine/useful_mana.py; CR 605.3a, 117.1, 500.4)."""

from mtg_env.engine.decks import new_game
from mtg_env.engine.scenario import load_scenario
from mtg_env.paths import config_file
from mtg_env.play import play_game
from mtg_env.registry import make_agent


def _game(hand, battlefield, useful=True, step="end"):
    return load_scenario({"format": "duel", "step": step, "players": [
        {"name": "P1", "hand": hand, "battlefield": battlefield, "library": ["Forest"] * 5},
        {"name": "P2", "library": ["Forest"] * 5}]}, useful_mana_only=useful)


def labels(g):
    return [a.label for a in g.legal_actions()]


def test_cr_605_3a_land_with_nothing_to_cast_is_not_offered():
    assert labels(_game(["Grizzly Bears"], ["Forest"])) == ["pass"]


def test_cr_605_3a_option_off_offers_the_land():
    assert labels(_game(["Grizzly Bears"], ["Forest"], useful=False)) == ["pass", "activate Forest: {T}: Add {G}."]


def test_cr_117_1_land_offered_with_an_instant_to_cast():
    g = _game(["Lightning Bolt"], ["Mountain"])
    assert labels(g) == labels(_game(["Lightning Bolt"], ["Mountain"], useful=False))
    assert any(lab.startswith("activate Mountain") for lab in labels(g))


def test_cr_605_3a_painland_always_offered():
    g = _game([], ["Forest", "Karplusan Forest"])
    assert labels(g) == labels(_game([], ["Forest", "Karplusan Forest"], useful=False))
    assert len(labels(g)) > 1


def test_cr_106_12a_watched_land_always_offered():
    g = _game([], ["Forest", "Manabarbs"])
    assert labels(g) == labels(_game([], ["Forest", "Manabarbs"], useful=False))
    assert len(labels(g)) > 1


def test_creature_mana_source_always_offered():
    g = _game([], ["Llanowar Elves"], step="end")
    assert any(lab.startswith("activate Llanowar Elves") for lab in labels(g))


def _random_game(seed):
    decks = [str(config_file("decks", d)) for d in ("green_ramp.txt", "red_burn.txt")]
    g = new_game(decks, seed=seed, skip_forced=True, useful_mana_only=True)
    play_game(g, [make_agent("random", seed), make_agent("random", seed + 1)])
    return g.log, g.stats.actions, g.stats.forced


def test_random_game_with_the_option_is_deterministic():
    assert _random_game(3) == _random_game(3)
