"""Templates for cards the Forge puzzles need (issue 15, session 10, second round):
Metamorphic Alteration's copy effect on the creature it enchants (CR 707.2, 613.2a,
templates/pzcards11.py, engine/copies.copy_effect) and "+X/+X until end of turn, where X is
the number of ..." (CR 107.3a, 608.2h), through real cards compiled from their Oracle text."""

from __future__ import annotations

from mtg_env.engine.game import Game
from tests.compiler.test_templates_combat import attack, combat, placed, pt, resolve_all
from tests.helpers import compiled, labels, permanent, permanents, player, scenario, stack, unsupported

# --------------------------------------------------------------------------------------------
# Metamorphic Alteration: "Enchant creature / As Metamorphic Alteration enters the battlefield,
# choose a creature. / Enchanted creature is a copy of the chosen creature."


def _pay_c(g: Game) -> None:
    """Pay generic mana with {C} while asked (the pools here have one colorless mana for each
    generic symbol)."""
    while "pay {1} with {C}" in labels(g):
        g.act("pay {1} with {C}")


def _altered(p1: str, p2: str, hand: str = "", pool: str = "{C}{U}", enchant: str = "Grizzly Bears",
             choose: str = "Serra Angel") -> Game:
    """P1 casts Metamorphic Alteration on `enchant`, choosing `choose` as it enters."""
    compiled("Metamorphic Alteration")
    g = scenario(f"""
players:
  - battlefield: [{p1}]
    hand: [Metamorphic Alteration{hand}]
    mana_pool: "{pool}"
    library: [Island, Island]
  - battlefield: [{p2}]
    library: [Island, Island]
""")
    g.act("cast Metamorphic Alteration")
    g.act(f"target {enchant}")
    _pay_c(g)
    g.act("pass")
    assert g.decision.kind == "choose", g.decision
    g.act(f"choose {choose}")
    return g


def _enchanted(g: Game) -> dict:
    aura = permanents(g, "Metamorphic Alteration")[0]
    return next(e for p in g.state_json()["players"] for e in p["battlefield"] if e["id"] == aura["attached_to"])


def test_cr_707_2_enchanted_creature_is_a_copy_of_the_chosen_creature_metamorphic_alteration():
    """CR 707.2, 613.2a: Grizzly Bears (with a +1/+1 counter) enchanted, Serra Angel (tapped)
    chosen: the Bears is a Serra Angel, 5/5 with its own counter (counters and tapped status
    aren't copied: the rulings), with flying; the Angel is unchanged."""
    g = _altered("{card: Grizzly Bears, counters: {+1/+1: 1}}", "{card: Serra Angel, tapped: true}")
    bears = _enchanted(g)
    assert bears["card"] == "Serra Angel" and (bears["power"], bears["toughness"]) == (5, 5)
    assert not bears["tapped"] and bears["controller"] == "P1"
    assert "flying" in g.chars(bears["id"]).keywords
    angels = permanents(g, "Serra Angel")
    assert len(angels) == 2 and [a["tapped"] for a in angels if a["id"] != bears["id"]] == [True]


def test_cr_707_2_only_creatures_on_the_battlefield_may_be_chosen_metamorphic_alteration():
    """Its ruling: "You can choose only a creature on the battlefield": the creatures there are
    the options (the enchanted one too), not a land nor a card in a hand."""
    compiled("Metamorphic Alteration")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, Island]
    hand: [Metamorphic Alteration, Serra Angel]
    mana_pool: "{C}{U}"
    library: [Island, Island]
  - battlefield: [Raging Goblin]
    library: [Island, Island]
""")
    g.run_line(["cast Metamorphic Alteration", "target Grizzly Bears", "pass"])
    assert labels(g) == ["choose Grizzly Bears", "choose Raging Goblin"]


def test_cr_707_2_values_locked_in_as_chosen_the_chosen_creature_leaving_changes_nothing():
    """The rulings: the copiable values are determined as the effect begins to apply; the
    chosen creature leaving the battlefield doesn't change the enchanted creature. Raging
    Goblin chosen, then destroyed by Lightning Bolt: the Bears is still a 1/1 Raging Goblin."""
    g = _altered("Grizzly Bears", "Raging Goblin", hand=", Lightning Bolt", pool="{C}{U}{R}",
                 choose="Raging Goblin")
    bears = _enchanted(g)["id"]
    g.run_line(["cast Lightning Bolt"])
    g.act(next(a for a in labels(g) if a.startswith("target Raging Goblin") and f"#{bears}" not in a))
    g.act("pass")
    assert len(permanents(g, "Raging Goblin")) == 1 and permanents(g, "Grizzly Bears") == []
    assert g.chars(bears).name == "Raging Goblin" and "haste" in g.chars(bears).keywords
    assert (g.chars(bears).power, g.chars(bears).toughness) == (1, 1)


def test_cr_613_2a_the_copy_effect_ends_with_the_aura_disenchant():
    """CR 613.2a, 611.3a: the copy effect comes from the Aura's static ability; Disenchant
    destroys the Aura and the Bears is Grizzly Bears (2/2) again."""
    g = _altered("Grizzly Bears", "Serra Angel", hand=", Disenchant", pool="{C}{U}{C}{W}")
    bears = _enchanted(g)["id"]
    g.run_line(["cast Disenchant", "target Metamorphic Alteration"])
    _pay_c(g)
    g.act("pass")
    assert player(g, "P1")["graveyard"] == ["Metamorphic Alteration", "Disenchant"]
    assert permanent(g, "Grizzly Bears")["id"] == bears and pt(g, "Grizzly Bears") == (2, 2)


def test_cr_707_9b_a_copy_of_a_copy_copies_what_it_copies_metamorphic_alteration():
    """The ruling: "If the chosen creature is copying something else (for example, if the
    chosen creature is enchanted by another Metamorphic Alteration), then the enchanted creature
    becomes a copy of whatever the chosen creature copied." The second Alteration on Raging
    Goblin chooses the Bears (a Serra Angel): the Goblin is a Serra Angel too."""
    g = _altered("Grizzly Bears", "Serra Angel, Raging Goblin", hand=", Metamorphic Alteration", pool="{C}{C}{U}{U}")
    g.act("cast Metamorphic Alteration")
    g.act("target Raging Goblin")
    _pay_c(g)
    g.act("pass")
    bears = next(p["id"] for p in permanents(g, "Serra Angel") if p["controller"] == "P1")
    g.act(f"choose Serra Angel#{bears}")
    assert permanents(g, "Raging Goblin") == [] and permanents(g, "Grizzly Bears") == []
    angels = permanents(g, "Serra Angel")
    assert len(angels) == 3 and {(a["power"], a["toughness"]) for a in angels} == {(4, 4)}


def test_cr_704_5m_a_copy_of_a_noncreature_makes_the_aura_illegal_treetop_village():
    """The ruling: an animated Treetop Village chosen makes the enchanted creature a copy of a
    land (its copiable values: not a creature), so "Enchant creature" is illegal and the Aura
    is put into its owner's graveyard (CR 704.5m); the Bears is itself again."""
    compiled("Treetop Village")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, Treetop Village]
    hand: [Metamorphic Alteration]
    mana_pool: "{C}{U}{C}{G}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act(next(a for a in labels(g) if a.startswith("activate Treetop Village") and "{1}{G}" in a))
    _pay_c(g)
    g.act("pass")
    assert g.is_creature(permanent(g, "Treetop Village")["id"])
    g.run_line(["cast Metamorphic Alteration", "target Grizzly Bears"])
    _pay_c(g)
    g.act("pass")
    g.act("choose Treetop Village")
    assert player(g, "P1")["graveyard"] == ["Metamorphic Alteration"]
    assert pt(g, "Grizzly Bears") == (2, 2) and len(permanents(g, "Treetop Village")) == 1


def test_cr_603_10a_it_dies_as_a_copy_doomed_traveler():
    """The ruling: the enchanted creature is a copy of the chosen creature as it dies, so the
    dies ability it has from the copy triggers: the Bears as a Doomed Traveler ("When Doomed
    Traveler dies, create a 1/1 white Spirit creature token with flying.") is Lightning Bolted
    and P1 creates the Spirit."""
    g = _altered("Grizzly Bears", "Doomed Traveler", hand=", Lightning Bolt", pool="{C}{U}{R}",
                 choose="Doomed Traveler")
    bears = _enchanted(g)["id"]
    g.run_line(["cast Lightning Bolt", f"target Doomed Traveler#{bears}"])
    g.act("pass")  # the Bolt resolves; the Bears dies
    assert {"Grizzly Bears", "Metamorphic Alteration"} <= set(player(g, "P1")["graveyard"])
    assert [s["source"] for s in stack(g)] == ["Doomed Traveler"]
    resolve_all(g)
    spirits = permanents(g, "Spirit Token")
    assert len(spirits) == 1 and spirits[0]["controller"] == "P1"


# --------------------------------------------------------------------------------------------
# "+X/+X until end of turn, where X is the number of ..." (CR 107.3a, 608.2h)


def test_cr_506_5_attacks_alone_gets_x_the_number_of_creatures_you_control_angelic_exaltation():
    """Angelic Exaltation: "Whenever a creature you control attacks alone, it gets +X/+X until
    end of turn, where X is the number of creatures you control." Three creatures: the lone
    attacker gets +3/+3; two attackers: no trigger (CR 506.5)."""
    compiled("Angelic Exaltation")
    g = combat(["Angelic Exaltation", "Grizzly Bears", "Memnite", "Raging Goblin"], [])
    attack(g, "Grizzly Bears")
    assert placed(g) == ["Angelic Exaltation"]
    resolve_all(g)
    assert pt(g, "Grizzly Bears") == (5, 5) and pt(g, "Memnite") == (1, 1)
    g = combat(["Angelic Exaltation", "Grizzly Bears", "Memnite"], [])
    attack(g, "Grizzly Bears", "Memnite")
    assert stack(g) == []


def test_cr_608_2h_x_is_counted_as_the_ability_resolves_angelic_exaltation():
    """Its ruling: X is determined as the ability resolves. In response, P1 Lightning Bolts its
    own Memnite: two creatures left, the Bears gets +2/+2 (and keeps it, whatever later)."""
    g = combat(["Angelic Exaltation", "Grizzly Bears", "Memnite", "Raging Goblin", "Mountain"], [],
               p1_hand=["Lightning Bolt"])
    attack(g, "Grizzly Bears")
    assert placed(g) == ["Angelic Exaltation"]
    g.run_line(["activate Mountain", "cast Lightning Bolt", "target Memnite"])
    resolve_all(g)
    assert permanents(g, "Memnite") == [] and pt(g, "Grizzly Bears") == (4, 4)


def test_cr_107_3a_x_the_number_of_lands_you_control_strength_of_cedars():
    """Strength of Cedars: "Target creature gets +X/+X until end of turn, where X is the number
    of lands you control." Three lands: +3/+3."""
    compiled("Strength of Cedars")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, Forest, Forest, Mountain]
    hand: [Strength of Cedars]
    mana_pool: "{C}{C}{C}{C}{G}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Strength of Cedars", "target Grizzly Bears", "pass"])
    assert pt(g, "Grizzly Bears") == (5, 5)


def test_cr_107_3_an_announced_x_is_not_read_as_a_where_x_untamed_might():
    """"+X/+X" is read only inside a "where X is the number of" sentence: Untamed Might ({X}{G},
    "Target creature gets +X/+X until end of turn.") stays unsupported, and so does a "where X
    is" the count doesn't read (Aspect of Hydra's devotion)."""
    unsupported("Untamed Might", "Target creature gets +X/+X until end of turn")
    unsupported("Aspect of Hydra", "where X is your devotion to green")


# --------------------------------------------------------------------------------------------
# escalate (CR 702.120a): Savage Alliance, "Escalate {1} / Choose one or more — • Creatures
# target player controls gain trample until end of turn. • Savage Alliance deals 2 damage to
# target creature. • Savage Alliance deals 1 damage to each creature target opponent controls."

_ALLIANCE = """
players:
  - battlefield: [Grizzly Bears]
    hand: [Savage Alliance]
    mana_pool: "{pool}"
    library: [Island, Island]
  - battlefield: [Serra Angel, Memnite]
    library: [Island, Island]
"""

_MODES = ["mode 1: Creatures target player controls gain trample until end of turn.",
          "mode 2: Savage Alliance deals 2 damage to target creature.",
          "mode 3: Savage Alliance deals 1 damage to each creature target opponent controls."]


def _alliance(pool: str) -> Game:
    compiled("Savage Alliance")
    g = scenario(_ALLIANCE.replace("{pool}", pool))
    g.act("cast Savage Alliance")
    return g


def test_cr_702_120a_escalate_all_three_modes_savage_alliance():
    """CR 702.120a, 601.2f: three modes cost {2}{R} and {1} twice: with five mana all three are
    chosen and every mana is spent. Its ruling: the targeted Serra Angel is dealt 2 and 1 damage
    (3 in all); Memnite dies; P1's Grizzly Bears has trample."""
    g = _alliance("{R}{C}{C}{C}{C}")
    g.run_line([_MODES[0], _MODES[1], _MODES[2], "target P1", "target Serra Angel", "target P2"])
    assert player(g, "P1")["mana_pool"] == "" and [s["targets"] for s in stack(g)] == [["P1", "Serra Angel", "P2"]]
    g.act("pass")
    assert permanent(g, "Serra Angel")["damage"] == 3 and permanents(g, "Memnite") == []
    assert "trample" in g.chars(permanent(g, "Grizzly Bears")["id"]).keywords
    assert "trample" not in g.chars(permanent(g, "Serra Angel")["id"]).keywords


def test_cr_601_2f_a_mode_that_couldnt_be_paid_for_is_not_offered_savage_alliance():
    """CR 702.120a, 601.2f-h: with four mana, after two modes the third (which would cost {1}
    more) isn't offered; with three, only one mode can be chosen (no more are offered)."""
    g = _alliance("{R}{C}{C}{C}")
    assert labels(g) == _MODES
    g.act(_MODES[0])
    assert labels(g) == [*_MODES[1:], "done choosing modes"]
    g.act(_MODES[1])
    assert g.decision.kind == "target"  # modes done: no third mode offered
    g.run_line(["target P1", "target Memnite"])
    assert player(g, "P1")["mana_pool"] == "" and len(stack(g)) == 1
    g = _alliance("{R}{C}{C}")
    g.act(_MODES[2])
    assert g.decision.kind == "target" and labels(g) == ["target P2"]


def test_cr_702_120a_one_mode_costs_only_the_mana_cost_savage_alliance():
    """One mode chosen: no escalate cost ({2}{R} paid, one {C} left)."""
    g = _alliance("{R}{C}{C}{C}")
    g.run_line([_MODES[1], "done choosing modes", "target Serra Angel"])
    assert player(g, "P1")["mana_pool"] == "{C}"
    g.act("pass")
    assert permanent(g, "Serra Angel")["damage"] == 2 and permanent(g, "Memnite")["damage"] == 0


def test_cr_702_120a_escalate_that_isnt_mana_is_declined_collective_brutality():
    """"Escalate—Discard a card." is not read (only mana costs are)."""
    unsupported("Collective Brutality", "Escalate—Discard a card")


def test_cr_700_2d_a_later_modes_up_to_two_targets_blessed_alliance():
    """Blessed Alliance: "Escalate {2} / Choose one or more — • Target player gains 4 life.
    • Untap up to two target creatures. • ..." Modes 1 and 2 ({1}{W} and {2}): P1 gains 4
    life and both its tapped creatures untap (the second mode's targets follow the first's)."""
    compiled("Blessed Alliance")
    g = scenario("""
players:
  - battlefield: [{card: Grizzly Bears, tapped: true}, {card: Memnite, tapped: true}]
    hand: [Blessed Alliance]
    mana_pool: "{W}{C}{C}{C}"
    library: [Island, Island]
  - battlefield: [Serra Angel]
    library: [Island, Island]
""")
    g.run_line(["cast Blessed Alliance", "mode 1: Target player gains 4 life.",
                "mode 2: Untap up to two target creatures.", "target P1", "target Grizzly Bears",
                "target Memnite"])
    assert player(g, "P1")["mana_pool"] == ""
    g.act("pass")
    assert player(g, "P1")["life"] == 24
    assert [p["tapped"] for p in player(g, "P1")["battlefield"]] == [False, False]


def test_cr_707_2_the_combo_key_tells_a_copy_from_the_card_it_copies():
    """A Grizzly Bears that is a copy of Serra Angel and a real Serra Angel (each untapped)
    are two different permanents in the search's key (the Bears is a Bears again once the Aura
    leaves); the key is still made (names and names over cards sort together)."""
    from mtg_env.combo import structure

    g = _altered("Grizzly Bears", "Serra Angel")
    perms = structure(g, 0)[0]
    names = sorted(p[1] for p in perms)
    assert "Serra Angel over Grizzly Bears" in names and "Serra Angel" in names
