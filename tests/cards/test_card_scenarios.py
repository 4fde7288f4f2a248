"""Every scenario in configs/scenarios/ plays its line and meets its expectations; every supported
card has a scenario of its own; and a few card behaviours that `expect` cannot show (what may be
targeted or activated) are checked through legal_actions().

A scenario that is right by the rules but fails because of a known engine bug is listed in
ENGINE_BUGS and marked xfail(strict=True), so fixing the bug turns the mark into a failure that
asks for its removal.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtg_env import load_scenario, run_scenario
from mtg_env.cards import all_cards
from tests.helpers import SCENARIOS

SCENARIO_FILES = sorted(SCENARIOS.glob("*.yaml"))

ENGINE_BUGS: dict[str, str] = {
}


def _param(path: Path) -> Any:
    reason = ENGINE_BUGS.get(path.name)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(path, id=path.stem, marks=marks)


def snake_case(card_name: str) -> str:
    """`Ashnod's Altar` -> `ashnods_altar`, `Krark-Clan Ironworks` -> `krark_clan_ironworks`."""
    return re.sub(r"[^a-z0-9]+", "_", card_name.lower().replace("'", "")).strip("_")


def cards_named_in(path: Path) -> set[str]:
    """The cards a scenario puts in any zone of any player."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for player in data.get("players") or []:
        for zone in ("hand", "library", "graveyard", "exile", "battlefield"):
            for entry in player.get(zone) or []:
                names.add(entry["card"] if isinstance(entry, dict) else entry)
    return names


def test_there_are_scenarios() -> None:
    assert len(SCENARIO_FILES) >= len(all_cards())


@pytest.mark.parametrize("path", [_param(p) for p in SCENARIO_FILES])
def test_scenario_plays_and_meets_its_expectations(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data.get("line"), f"{path.name}: no line to play"
    assert data.get("expect"), f"{path.name}: nothing is expected"
    run = run_scenario(path)
    assert run.ok, f"{path.name}: error={run.error!r} failures={run.failures}\nlog:\n  " + \
        "\n  ".join(run.scenario.game.log)


@pytest.mark.parametrize("card", [c.name for c in all_cards()])
def test_every_supported_card_has_a_scenario(card: str) -> None:
    path = SCENARIOS / f"{snake_case(card)}.yaml"
    assert path.exists(), f"no scenario {path.name} for {card}"
    assert card in cards_named_in(path), f"{path.name} does not use {card}"
    assert path.name not in ENGINE_BUGS, f"{card}'s own scenario must pass"


# ---------------------------------------------------------------------------------------------
# What a scenario's `expect` cannot show: which actions are legal.


def _labels(yaml_text: str, line: list[str]) -> list[str]:
    g = load_scenario(yaml_text)
    g.run_line(line)
    return [a.label for a in g.legal_actions()]


def test_pemmins_aura_shroud_stops_targeting_the_enchanted_creature() -> None:
    yaml_text = """
players:
  - mana_pool: "{U}{R}"
    hand: [Lightning Bolt]
    battlefield: [Llanowar Elves, {card: Pemmin's Aura, attached_to: Llanowar Elves}]
"""
    assert "target Llanowar Elves" in _labels(yaml_text, ["cast Lightning Bolt"])
    after = _labels(yaml_text, ["{U}: Enchanted creature gains shroud", "pass", "cast Lightning Bolt"])
    assert after == ["target P1", "target P2"]


def test_pacifism_is_countered_when_its_target_gains_shroud() -> None:
    g = load_scenario("""
players:
  - mana_pool: "{W}{W}{U}"
    hand: [Pacifism]
    battlefield: [Llanowar Elves, {card: Pemmin's Aura, attached_to: Llanowar Elves}]
""")
    g.run_line(["cast Pacifism", "target Llanowar Elves", "pay {1} with {W}",
                "{U}: Enchanted creature gains shroud", "pass", "pass"])
    p1 = g.state_json()["players"][0]
    assert p1["graveyard"] == ["Pacifism"]
    assert [e["card"] for e in p1["battlefield"]] == ["Llanowar Elves", "Pemmin's Aura"]


def test_griselbrand_needs_seven_life_to_activate() -> None:
    six = """
players:
  - life: 6
    battlefield: [Griselbrand]
"""
    assert _labels(six, []) == ["pass"]
    assert "activate Griselbrand: Pay 7 life: Draw seven cards." in _labels(six.replace("6", "7"), [])


def test_summoning_sick_arcanis_can_return_itself_but_not_tap() -> None:
    labels = _labels("""
players:
  - mana_pool: "{U}{U}{C}{C}"
    battlefield: [{card: Arcanis the Omnipotent, summoning_sick: true}]
""", [])
    assert labels == ["pass", "activate Arcanis the Omnipotent: {2}{U}{U}: Return Arcanis the Omnipotent "
                              "to its owner's hand."]


def test_rampant_growth_finds_only_basic_lands_or_nothing() -> None:
    labels = _labels("""
players:
  - mana_pool: "{G}{C}"
    hand: [Rampant Growth]
    library: [City of Brass, Forest, Grizzly Bears, Wastes]
""", ["cast Rampant Growth", "pass"])
    assert labels == ["find Forest", "find Wastes", "find nothing"]


def test_cultivate_finding_nothing_first_ends_the_search() -> None:
    g = load_scenario("""
players:
  - mana_pool: "{G}{C}{C}"
    hand: [Cultivate]
    library: [Forest, Island]
""")
    g.run_line(["cast Cultivate", "pass", "find nothing"])
    p1 = g.state_json()["players"][0]
    assert [a.label for a in g.legal_actions()] == ["pass"]
    assert p1["hand"] == [] and p1["library_count"] == 2 and p1["graveyard"] == ["Cultivate"]


def test_naturalize_targets_only_artifacts_and_enchantments() -> None:
    labels = _labels("""
players:
  - mana_pool: "{G}{C}"
    hand: [Naturalize]
    battlefield: [Forest, Grizzly Bears, Sol Ring, Memnite]
""", ["cast Naturalize"])
    assert labels == ["target Sol Ring", "target Memnite"]


def test_vedalken_mastermind_targets_only_permanents_you_control() -> None:
    labels = _labels("""
players:
  - mana_pool: "{U}"
    battlefield: [Vedalken Mastermind, Forest]
  - battlefield: [Sol Ring]
""", ["activate Vedalken Mastermind"])
    assert labels == ["target Vedalken Mastermind", "target Forest"]


def test_gemstone_mine_without_counters_cannot_be_activated() -> None:
    labels = _labels("""
players:
  - battlefield: [Gemstone Mine]
""", [])
    assert labels == ["pass"]
