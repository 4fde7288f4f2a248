"""The templates of the sagas family (templates/energy.py, templates/sagas.py, templates/untap.py):
energy counters, Saga chapters, "doesn't untap" and reminder lines, each through real cards
compiled from their Oracle text, the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.compiler.test_templates_combat import attack
from tests.helpers import labels, pass_until, permanent, player, scenario


def _compiled(*names: str) -> None:
    for n in names:
        st = card_status(n)
        assert st.supported and st.source == "compiled", st


def _unsupported(name: str, phrase: str) -> None:
    st = card_status(name)
    assert not st.supported and any(phrase in r for r in st.reasons), st


# ---------------------------------------------------------------------------------------------
# energy counters (CR 107.14, 122.1)


def test_cr_122_1_you_get_energy_aether_hub():
    """Aether Hub: "When Aether Hub enters the battlefield, you get {E} (an energy counter)." and
    "{T}, Pay {E}: Add one mana of any color." (CR 107.14: paying {E} removes the counter)."""
    _compiled("Aether Hub")
    g = scenario("""
players:
  - hand: [Aether Hub]
""")
    g.run_line(["play Aether Hub", "pass"])
    assert player(g, "P1")["energy"] == 1
    g.run_line(["activate Aether Hub: {T}, Pay {E}", "color R"])
    assert "energy" not in player(g, "P1")
    assert player(g, "P1")["mana_pool"] == "{R}"
    assert "P1 pays 1 energy (0 left)" in g.log


def test_cr_107_14_an_energy_cost_needs_the_energy_longtusk_cub():
    """Longtusk Cub: "Pay {E}{E}: Put a +1/+1 counter on Longtusk Cub." With one energy counter
    the cost can't be paid (CR 118.3): the ability is not among the legal actions."""
    _compiled("Longtusk Cub")
    yaml = """
players:
  - battlefield: [Longtusk Cub]
    energy: {n}
"""
    g = scenario(yaml.format(n=1))
    assert not any(lab.startswith("activate Longtusk Cub") for lab in labels(g))
    g = scenario(yaml.format(n=3))
    g.run_line(["activate Longtusk Cub", "pass"])
    assert permanent(g, "Longtusk Cub")["counters"] == {"+1/+1": 1}
    assert player(g, "P1")["energy"] == 1


def test_cr_122_1_combat_damage_gives_energy_longtusk_cub():
    """Longtusk Cub: "Whenever Longtusk Cub deals combat damage to a player, you get {E}{E}." """
    g = scenario("""
format: duel
players:
  - battlefield: [Longtusk Cub]
  - battlefield: []
""")
    attack(g, "Longtusk Cub")
    pass_until(g, "end_of_combat")
    assert player(g, "P1")["energy"] == 2
    assert player(g, "P2")["life"] == 18


def _chaser(energy: int):
    g = scenario(f"""
format: duel
players:
  - battlefield: [Aether Chaser]
    energy: {energy}
  - battlefield: []
""")
    attack(g, "Aether Chaser")
    g.run_line(["pass", "pass"])  # the attack trigger resolves
    return g


def test_cr_603_5_you_may_pay_energy_if_you_do_aether_chaser():
    """Aether Chaser: "Whenever Aether Chaser attacks, you may pay {E}{E}. If you do, create a 1/1
    colorless Servo artifact creature token." Paid: two energy counters fewer, and a Servo."""
    _compiled("Aether Chaser")
    g = _chaser(3)
    assert "yes" in labels(g)
    g.act("yes")
    assert player(g, "P1")["energy"] == 1
    assert [p["card"] for p in player(g, "P1")["battlefield"]].count("Servo Token") == 1


def test_cr_603_5_declining_to_pay_energy_aether_chaser():
    """The same trigger, declined: no token, the energy kept."""
    g = _chaser(2)
    g.act("no")
    assert player(g, "P1")["energy"] == 2
    assert "Servo Token" not in [p["card"] for p in player(g, "P1")["battlefield"]]


def test_cr_118_3_energy_that_cant_be_paid_is_not_offered_aether_chaser():
    """With one energy counter {E}{E} can't be paid (CR 118.3): no choice, no token."""
    g = _chaser(1)
    assert "yes" not in labels(g)
    assert player(g, "P1")["energy"] == 1
    assert "Servo Token" not in [p["card"] for p in player(g, "P1")["battlefield"]]


def test_cr_122_1_energy_amounts_that_arent_fixed_are_declined():
    """"you get {E} for each creature you control" / "you get that many {E}": amounts that
    aren't a fixed number are not read (yet)."""
    _unsupported("Aetherwind Basker", "you get {E} for each creature you control")
    _unsupported("Empyreal Voyager", "you get that many {E}")
    _unsupported("Territorial Gorger", "Whenever you get one or more {E}")
