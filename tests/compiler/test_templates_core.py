"""The compiler's core templates, each through real cards compiled from their Oracle text: the
Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, player, scenario


def test_cr_120_3_damage_to_any_target_searing_spear():
    """Searing Spear: "Searing Spear deals 3 damage to any target." (CR 120.3, 115.4)"""
    _compiled("Searing Spear")
    g = scenario("""
players:
  - mana_pool: "{R}{C}"
    hand: [Searing Spear]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Searing Spear")
    assert set(labels(g)) == {"target P1", "target P2", "target Grizzly Bears"}
    g.run_line(["target P2", "pass"])
    assert player(g, "P2")["life"] == 17


def test_cr_614_1c_enters_tapped_and_an_enters_trigger_swiftwater_cliffs():
    """Swiftwater Cliffs: "~ enters the battlefield tapped." (a replacement effect, CR 614.1c);
    "When ~ enters the battlefield, you gain 1 life." (CR 603.6a); "{T}: Add {U} or {R}." """
    _compiled("Swiftwater Cliffs")
    g = scenario("""
players:
  - hand: [Swiftwater Cliffs]
""")
    g.act("play Swiftwater Cliffs")
    assert permanent(g, "Swiftwater Cliffs")["tapped"]
    g.act("pass")  # the trigger resolves
    assert player(g, "P1")["life"] == 21


def test_cr_614_1c_enters_tapped_unless_deserted_beach():
    """Deserted Beach: "~ enters the battlefield tapped unless you control two or more other
    lands." The condition is checked as it enters."""
    _compiled("Deserted Beach")
    g = scenario("""
players:
  - hand: [Deserted Beach]
    battlefield: [Plains]
""")
    g.act("play Deserted Beach")
    assert permanent(g, "Deserted Beach")["tapped"]
    g = scenario("""
players:
  - hand: [Deserted Beach]
    battlefield: [Plains, Island]
""")
    g.act("play Deserted Beach")
    assert not permanent(g, "Deserted Beach")["tapped"]
    assert "activate Deserted Beach: {T}: Add {W} or {U}." in labels(g)


def test_cr_305_6_basic_land_types_give_their_mana_abilities_canopy_vista():
    """Canopy Vista (Land — Forest Plains): "({T}: Add {G} or {W}.)" is reminder text; the
    abilities come from its basic land types (CR 305.6). "~ enters the battlefield tapped
    unless you control two or more basic lands." """
    _compiled("Canopy Vista")
    g = scenario("""
players:
  - hand: [Canopy Vista]
    battlefield: [Forest, Plains]
""")
    g.act("play Canopy Vista")
    assert not permanent(g, "Canopy Vista")["tapped"]
    acts = [lab for lab in labels(g) if lab.startswith("activate Canopy Vista")]
    assert acts == ["activate Canopy Vista: {T}: Add {G}.", "activate Canopy Vista: {T}: Add {W}."]


def test_cr_613_4c_anthem_glorious_anthem():
    """Glorious Anthem: "Creatures you control get +1/+1." (layer 7c, CR 613.4c)"""
    _compiled("Glorious Anthem")
    g = scenario("""
players:
  - battlefield: [Glorious Anthem, Grizzly Bears]
  - battlefield: [Silvercoat Lion]
""")
    bears, lion = permanent(g, "Grizzly Bears"), permanent(g, "Silvercoat Lion")
    assert (bears["power"], bears["toughness"]) == (3, 3)
    assert (lion["power"], lion["toughness"]) == (2, 2)


def test_cr_603_2_trigger_on_another_permanent_entering_elemental_bond():
    """Elemental Bond: "Whenever a creature with power 3 or greater enters the battlefield under
    your control, draw a card." (CR 603.2, 603.6a)"""
    _compiled("Elemental Bond")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{C}{C}{C}"
    hand: [Arcanis the Omnipotent, Grizzly Bears]
    battlefield: [Elemental Bond]
    library: [Forest, Forest]
""")
    g.run_line(["cast Arcanis the Omnipotent", "pass"])
    assert any(s["text"].startswith("Whenever a creature with power 3") for s in g.state_json()["stack"])
    g.act("pass")
    assert len(player(g, "P1")["hand"]) == 2


def test_cr_702_7_first_strike_keyword_line_stone_throwing_devils():
    """Stone-Throwing Devils: "First strike" (CR 702.7b)."""
    _compiled("Stone-Throwing Devils")
    from mtg_env.cards import get_card
    assert get_card("Stone-Throwing Devils").keywords == {"first strike"}


def test_cr_611_2_pump_until_end_of_turn_giant_growth_matches_the_hand_written_card():
    """Giant Growth: "Target creature gets +3/+3 until end of turn." (CR 611.2a, 613.4c). The
    hand-written card takes precedence; the compiler reads it the same way."""
    from mtg_env.cards.compiler import compiled
    got = compiled("Giant Growth")
    assert got is not None and got.supported
    (sa,) = got.card.abilities
    assert [type(e).__name__ for e in sa.effects] == ["Pump"] and sa.targets[0].what == "creature"


def test_cr_609_3_if_you_do_needs_the_choice_done_keldon_raider():
    """Keldon Raider: "When ~ enters the battlefield, you may discard a card. If you do, draw a
    card." With no card to discard, choosing to discard does nothing, so no card is drawn
    (CR 609.3); with one, it is discarded and a card drawn."""
    _compiled("Keldon Raider")
    empty = scenario("""
players:
  - mana_pool: "{R}{R}{C}{C}"
    hand: [Keldon Raider]
    library: [Forest, Forest]
""")
    empty.run_line(["cast Keldon Raider", "pass", "pass", "yes"])
    assert player(empty, "P1")["hand"] == [] and player(empty, "P1")["library_count"] == 2
    one = scenario("""
players:
  - mana_pool: "{R}{R}{C}{C}"
    hand: [Keldon Raider, Island]
    library: [Forest, Forest]
""")
    one.run_line(["cast Keldon Raider", "pass", "pass", "yes", "discard Island"])
    assert player(one, "P1")["hand"] == ["Forest"] and player(one, "P1")["graveyard"] == ["Island"]


def test_cr_601_2c_another_target_of_a_spell_must_differ_consume_strength():
    """Consume Strength: "Target creature gets +2/+2 until end of turn. Another target creature
    gets -2/-2 until end of turn." One object may be the target of each instance of "target"
    (CR 601.2c) unless the text says "another": with one creature it can't be cast, and the
    second target can't be the first."""
    _compiled("Consume Strength")
    one = scenario("""
players:
  - mana_pool: "{G}{B}{C}"
    hand: [Consume Strength]
    battlefield: [Grizzly Bears]
""")
    assert "cast Consume Strength" not in labels(one)
    g = scenario("""
players:
  - mana_pool: "{G}{B}{C}"
    hand: [Consume Strength]
    battlefield: [Grizzly Bears]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Consume Strength", "target Grizzly Bears"])
    assert labels(g) == ["target Silvercoat Lion"]
    g.run_line(["target Silvercoat Lion", "pass"])
    assert permanent(g, "Grizzly Bears")["power"] == 4
    assert not any(e["card"] == "Silvercoat Lion" for e in player(g, "P2")["battlefield"])


def test_cr_603_3c_modal_trigger_chooses_its_mode_as_it_is_put_on_the_stack_tormentor_exarch():
    """Tormentor Exarch: "When ~ enters the battlefield, choose one — • Target creature gets
    +2/+0 until end of turn. • Target creature gets -0/-2 until end of turn." The mode is chosen
    as the trigger is put on the stack, then its targets (CR 603.3c, 603.3d)."""
    _compiled("Tormentor Exarch")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}"
    hand: [Tormentor Exarch]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Tormentor Exarch", "pass"])
    assert g.decision.kind == "mode"
    assert labels(g) == ["mode 1: Target creature gets +2/+0 until end of turn.",
                         "mode 2: Target creature gets -0/-2 until end of turn."]
    g.run_line(["mode 2", "target Grizzly Bears", "pass"])
    assert not any(e["card"] == "Grizzly Bears" for e in player(g, "P2")["battlefield"])
    assert "\n" not in "".join(g.log)  # one line per event


def test_cr_611_3a_attacking_creatures_get_the_bonus_once_declared_mightstone():
    """Mightstone: "Attacking creatures get +1/+0." A static ability's effect applies to what
    its filter matches at each moment (CR 611.3a): from the declaration of attackers (CR 508.1)
    until the creature is removed from combat (CR 511.3)."""
    _compiled("Mightstone")
    g = scenario("""
step: beginning_of_combat
players:
  - battlefield: [Mightstone, Grizzly Bears]
""")
    assert permanent(g, "Grizzly Bears")["power"] == 2
    while g.decision.kind != "attack":
        g.act("pass")
    g.act("attack P2 with Grizzly Bears")
    assert permanent(g, "Grizzly Bears")["power"] == 3
    for _ in range(12):
        if g.state_json()["step"] == "postcombat_main":
            break
        g.act("done" if g.decision.kind in ("attack", "block") else "pass")
    assert g.state_json()["step"] == "postcombat_main"
    assert permanent(g, "Grizzly Bears")["power"] == 2
