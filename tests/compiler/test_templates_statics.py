"""The statics family of templates, through real cards compiled from their Oracle text:
characteristic-defining abilities (devoid, changeling), triggers at the beginning of other
players' steps, "is put into a graveyard from the battlefield", activation restrictions. The
Oracle line and the rule each follows are in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import labels, pass_until, permanent, player, scenario


def _compiled(*names: str) -> None:
    for n in names:
        st = card_status(n)
        assert st.supported and st.source == "compiled", st


def _unsupported(name: str, phrase: str) -> None:
    st = card_status(name)
    assert not st.supported and any(phrase in r for r in st.reasons), st


# ---------------------------------------------------------------------------------------------
# characteristic-defining abilities (CR 604.3)


def test_cr_702_114a_devoid_is_colorless_forerunner_of_slaughter():
    """Forerunner of Slaughter ({B}{R}): "Devoid (This card has no color.)": it is colorless,
    so Doom Blade ("Destroy target nonblack creature.") can target it."""
    _compiled("Forerunner of Slaughter", "Doom Blade")
    g = scenario("""
players:
  - mana_pool: "{B}{C}"
    hand: [Doom Blade]
  - battlefield: [Forerunner of Slaughter]
""")
    g.act("cast Doom Blade")
    assert "target Forerunner of Slaughter" in labels(g)
    g.run_line(["target Forerunner of Slaughter", "pass"])
    assert player(g, "P2")["graveyard"] == ["Forerunner of Slaughter"]


def test_cr_702_114a_a_black_card_without_devoid_is_not_a_legal_target_control():
    """The control: a black creature (Barony Vampire) is not "nonblack"."""
    g = scenario("""
players:
  - mana_pool: "{B}{C}"
    hand: [Doom Blade]
  - battlefield: [Barony Vampire, Grizzly Bears]
""")
    g.act("cast Doom Blade")
    assert "target Barony Vampire" not in labels(g)


def test_cr_702_73a_changeling_is_every_creature_type_woodland_changeling():
    """Woodland Changeling: "Changeling (This card is every creature type.)": Merfolk
    Mistbinder's "Other Merfolk you control get +1/+1." applies to it (CR 604.3: it is a
    Merfolk on the battlefield as everywhere)."""
    _compiled("Woodland Changeling", "Merfolk Mistbinder")
    g = scenario("""
players:
  - battlefield: [Woodland Changeling, Merfolk Mistbinder]
""")
    assert (permanent(g, "Woodland Changeling")["power"], permanent(g, "Woodland Changeling")["toughness"]) \
        == (3, 3)
    assert permanent(g, "Merfolk Mistbinder")["power"] == 2


# ---------------------------------------------------------------------------------------------
# triggers at the beginning of a step (CR 503.1a, 513.1a)


def test_cr_503_1a_each_players_upkeep_triggers_on_every_turn_copper_tablet():
    """Copper Tablet: "At the beginning of each player's upkeep, Copper Tablet deals 1 damage to
    that player." It triggers in its controller's upkeep and in each opponent's."""
    _compiled("Copper Tablet")
    g = scenario("""
format: duel
step: draw
players:
  - battlefield: [Copper Tablet]
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    pass_until(g, "draw", turn=2)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (20, 19)
    pass_until(g, "draw", turn=3)
    assert (player(g, "P1")["life"], player(g, "P2")["life"]) == (19, 19)


# ---------------------------------------------------------------------------------------------
# put into a graveyard from the battlefield (CR 603.6c, 603.10a)


def test_cr_603_10a_put_into_a_graveyard_from_the_battlefield_chromatic_star():
    """Chromatic Star: "{1}, {T}, Sacrifice Chromatic Star: Add one mana of any color." and "When
    Chromatic Star is put into a graveyard from the battlefield, draw a card." (a noncreature
    permanent: "dies" would not apply)."""
    _compiled("Chromatic Star")
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Chromatic Star]
    library: [Island]
""")
    g.run_line(["activate Chromatic Star", "color R"])
    assert [i["source"] for i in g.state_json()["stack"]] == ["Chromatic Star"]
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_400_7_a_leaves_trigger_acting_on_the_new_object_is_declined_shivan_phoenix():
    """Shivan Phoenix: "When Shivan Phoenix dies, return Shivan Phoenix to its owner's hand."
    After it dies it is a new object (CR 400.7): acting on "~" as a permanent would do nothing,
    so the wording is not read (nor Rancor's)."""
    _unsupported("Shivan Phoenix", "return ~ to its owner's hand")
    _unsupported("Rancor", "return ~ to its owner's hand")


# ---------------------------------------------------------------------------------------------
# activation restrictions (CR 602.5b)


def test_cr_602_5b_activate_only_during_your_turn_before_attackers_alaborn_veteran():
    """Alaborn Veteran: "{T}: Target creature gets +2/+2 until end of turn. Activate only during
    your turn, before attackers are declared." """
    _compiled("Alaborn Veteran")
    yaml = """
format: duel
turn: 2
step: {step}
active_player: {active}
players:
  - battlefield: [Alaborn Veteran, Grizzly Bears]
  - battlefield: []
"""
    act = "activate Alaborn Veteran"
    g = scenario(yaml.format(step="precombat_main", active="P1"))
    assert any(lab.startswith(act) for lab in labels(g))
    g = scenario(yaml.format(step="beginning_of_combat", active="P1"))
    assert any(lab.startswith(act) for lab in labels(g))
    g = scenario(yaml.format(step="postcombat_main", active="P1"))
    assert not any(lab.startswith(act) for lab in labels(g))
    g = scenario(yaml.format(step="upkeep", active="P2"))
    g.act("pass")  # P1 gets priority in P2's upkeep
    assert g.state_json()["decision"]["player"] == "P1"
    assert not any(lab.startswith(act) for lab in labels(g))


def test_cr_602_5b_activate_only_during_your_upkeep_colossus_of_sardia():
    """Colossus of Sardia: "{9}: Untap Colossus of Sardia. Activate only during your upkeep." """
    _compiled("Colossus of Sardia")
    yaml = """
turn: 2
step: {step}
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}"
    battlefield: [{{card: Colossus of Sardia, tapped: true}}]
"""
    g = scenario(yaml.format(step="upkeep"))
    g.act("activate Colossus of Sardia")
    g.act("pass")
    assert permanent(g, "Colossus of Sardia")["tapped"] is False
    g = scenario(yaml.format(step="precombat_main"))
    assert not any(lab.startswith("activate Colossus of Sardia") for lab in labels(g))
