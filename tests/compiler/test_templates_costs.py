"""The costs-and-casting templates (templates/costs.py), each through real cards compiled from
their Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario
from tests.helpers import unsupported as _unsupported

# ---------------------------------------------------------------------------------------------
# CR 101.2: "This spell can't be countered."


def test_cr_101_2_this_spell_cant_be_countered_abrupt_decay():
    """Abrupt Decay: "This spell can't be countered." A counterspell may target it (it is a
    spell), but when it resolves Abrupt Decay stays on the stack and then resolves."""
    _compiled("Abrupt Decay")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{G}"
    hand: [Abrupt Decay]
    battlefield: [Sol Ring]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Abrupt Decay", "target Sol Ring", "pass", "cast Counterspell", "target Abrupt Decay",
                "pass", "pass"])
    assert "Abrupt Decay can't be countered" in g.log
    assert len(permanents(g, "Sol Ring")) == 1  # still on the stack
    g.run_line(["pass", "pass"])
    assert "Abrupt Decay can't be countered" in g.log
    assert permanents(g, "Sol Ring") == []  # Abrupt Decay resolved
    assert player(g, "P1")["graveyard"] == ["Sol Ring", "Abrupt Decay"]


def test_cr_101_2_a_spell_without_it_is_countered_cancel():
    """Control for the test above: the same counterspell counters a spell that can be."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "pass", "cast Counterspell", "target Lightning Bolt",
                "pass", "pass"])
    assert player(g, "P2")["life"] == 20


def test_cr_101_2_creature_spells_cant_be_countered_gaeas_herald():
    """Gaea's Herald: "Creature spells can't be countered." (a static ability of a permanent:
    every creature spell, whoever controls it, while the Herald is on the battlefield)."""
    _compiled("Gaea's Herald")
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}"
    hand: [Grizzly Bears]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
    battlefield: [Gaea's Herald]
""")
    g.run_line(["cast Grizzly Bears", "pass", "cast Counterspell", "target Grizzly Bears", "pass", "pass",
                "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["controller"] == "P1"


# ---------------------------------------------------------------------------------------------
# CR 601.2b, 601.2h: additional costs


def test_cr_601_2h_additional_cost_sacrifice_a_creature_bone_splinters():
    """Bone Splinters: "As an additional cost to cast this spell, sacrifice a creature. Destroy
    target creature." Without a creature to sacrifice it can't be cast; the creature is chosen
    after the target (CR 601.2c, 601.2h) and may be a mana creature."""
    _compiled("Bone Splinters")
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Bone Splinters]
  - battlefield: [Hill Giant]
""")
    assert "cast Bone Splinters" not in labels(g)  # P2's creature is not P1's to sacrifice
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Bone Splinters]
    battlefield: [Grizzly Bears, Llanowar Elves]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Bone Splinters", "target Hill Giant"])
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Llanowar Elves"}
    g.run_line(["sacrifice Llanowar Elves", "pass"])
    assert player(g, "P1")["graveyard"] == ["Llanowar Elves", "Bone Splinters"]
    assert permanents(g, "Hill Giant") == [] and len(permanents(g, "Grizzly Bears")) == 1


def test_cr_601_2h_additional_cost_discard_a_card_tormenting_voice():
    """Tormenting Voice: "As an additional cost to cast this spell, discard a card. Draw two
    cards." The spell itself is on the stack as the cost is paid (CR 601.2a): with no other
    card in hand it can't be cast."""
    _compiled("Tormenting Voice")
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Tormenting Voice]
    library: [Island, Island]
""")
    assert "cast Tormenting Voice" not in labels(g)
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Tormenting Voice, Forest]
    library: [Island, Island]
""")
    g.run_line(["cast Tormenting Voice", "discard Forest", "pass"])
    assert player(g, "P1")["hand"] == ["Island", "Island"]
    assert player(g, "P1")["graveyard"] == ["Forest", "Tormenting Voice"]


def test_cr_601_2b_additional_cost_declines_an_either_or_cost_bone_shards():
    """Bone Shards: "sacrifice a creature or discard a card" is a choice between costs: not read."""
    _unsupported("Bone Shards", "As an additional cost to cast this spell, sacrifice a creature or discard a card")


# ---------------------------------------------------------------------------------------------
# CR 702.33: kicker and multikicker


def test_cr_702_33a_kicker_is_announced_and_paid_burst_lightning():
    """Burst Lightning: "Kicker {4}"; "~ deals 2 damage to any target. If this spell was
    kicked, it deals 4 damage instead." The choice is announced as it is cast (CR 601.2b) and
    the kicker is paid with the mana cost."""
    _compiled("Burst Lightning")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}{C}"
    hand: [Burst Lightning]
""")
    g.act("cast Burst Lightning")
    assert labels(g) == ["cast without kicker", "pay kicker {4}"]
    g.run_line(["pay kicker {4}", "target P2", "pass"])
    assert player(g, "P2")["life"] == 16
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_702_33a_not_kicked_burst_lightning():
    """Burst Lightning cast without its kicker deals 2 and leaves the mana unspent."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}{C}"
    hand: [Burst Lightning]
""")
    g.run_line(["cast Burst Lightning", "cast without kicker", "target P2", "pass"])
    assert player(g, "P2")["life"] == 18
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}{C}"


def test_cr_601_2f_kicker_not_offered_when_it_cant_be_paid_burst_lightning():
    """The kicker is offered only when the total cost can be paid: with {R}{C}{C} there is no
    choice to announce."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Burst Lightning]
""")
    g.act("cast Burst Lightning")
    assert set(labels(g)) == {"target P1", "target P2"}


def test_cr_702_33d_kicked_permanent_enters_with_counters_academy_drake():
    """Academy Drake: "Kicker {4}"; "If ~ was kicked, it enters with two +1/+1 counters on it."
    (a replacement effect, CR 614.1c, applying only to a kicked spell's permanent)."""
    _compiled("Academy Drake")
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{C}{C}{C}{C}"
    hand: [Academy Drake]
""")
    g.run_line(["cast Academy Drake", "pay kicker {4}", "pass"])
    assert permanent(g, "Academy Drake")["counters"] == {"+1/+1": 2}
    assert player(g, "P1")["mana_pool"] == ""
    g = scenario("""
players:
  - mana_pool: "{U}{C}{C}{C}{C}{C}{C}"
    hand: [Academy Drake]
""")
    g.run_line(["cast Academy Drake", "cast without kicker", "pass"])
    assert permanent(g, "Academy Drake")["counters"] == {}


def test_cr_702_33c_multikicker_any_number_of_times_apex_hawks():
    """Apex Hawks: "Multikicker {1}{W}"; "~ enters with a +1/+1 counter on it for each time it
    was kicked." Every payable number of times is offered."""
    _compiled("Apex Hawks")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}{C}{C}{C}{C}"
    hand: [Apex Hawks]
""")
    g.act("cast Apex Hawks")
    assert labels(g) == ["cast without multikicker", "pay multikicker {1}{W} 1 time",
                         "pay multikicker {1}{W} 2 times"]
    g.run_line(["pay multikicker {1}{W} 2 times", "pass"])
    assert permanent(g, "Apex Hawks")["counters"] == {"+1/+1": 2}
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_702_33d_if_kicked_an_additional_effect_into_the_roil():
    """Into the Roil: "Return target nonland permanent to its owner's hand. If this spell was
    kicked, draw a card." """
    _compiled("Into the Roil")
    for kick, hand in (("pay kicker {1}{U}", ["Sol Ring", "Island"]), ("cast without kicker", ["Sol Ring"])):
        g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Into the Roil]
    battlefield: [Sol Ring]
    library: [Island]
""")
        g.run_line(["cast Into the Roil", kick, "target Sol Ring", "pass"])
        assert player(g, "P1")["hand"] == hand


def test_cr_702_33d_kicked_trigger_condition_declined_targets_in_kicked_branch():
    """Bloodchief's Thirst: "If this spell was kicked, instead destroy target creature or
    planeswalker." The kicked spell has another target than the unkicked one: not read."""
    _unsupported("Bloodchief's Thirst", "If this spell was kicked, instead destroy target creature or planeswalker")


def test_cr_702_33_two_kickers_declined_illuminate():
    """Illuminate: "Kicker {2}{R} and/or {3}{U}" (two kickers): not read."""
    assert not card_status("Illuminate").supported


# ---------------------------------------------------------------------------------------------
# CR 118.12: "unless ... pays"


_MANA_LEAK = """
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Mountain, Mountain, Mountain]
  - mana_pool: "{U}{U}{U}"
    hand: [Mana Leak]
"""


def test_cr_118_12_counter_unless_its_controller_pays_mana_leak():
    """Mana Leak: "Counter target spell unless its controller pays {3}." The spell's controller
    (not Mana Leak's) decides on resolution, and may activate mana abilities first (CR 605.3a):
    "yes" is offered only once the cost can be paid."""
    _compiled("Mana Leak")
    g = scenario(_MANA_LEAK)
    g.run_line(["cast Lightning Bolt", "target P2", "pass", "cast Mana Leak", "target Lightning Bolt",
                "pass", "pass"])
    assert g.decision.player == "P1" and g.decision.kind == "yes_no"
    assert "yes" not in labels(g)
    g.run_line(["activate Mountain", "activate Mountain", "activate Mountain"])
    assert set(labels(g)) == {"yes", "no"}
    g.run_line(["yes", "pass", "pass"])
    assert player(g, "P2")["life"] == 17
    assert player(g, "P1")["mana_pool"] == ""
    assert player(g, "P2")["mana_pool"] == "{U}"


def test_cr_118_12_not_paid_the_spell_is_countered_mana_leak():
    g = scenario(_MANA_LEAK)
    g.run_line(["cast Lightning Bolt", "target P2", "pass", "cast Mana Leak", "target Lightning Bolt",
                "pass", "pass", "no"])
    assert player(g, "P2")["life"] == 20
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt"]


def test_cr_118_12_sacrifice_unless_you_pay_upkeep_darba():
    """Darba: "At the beginning of your upkeep, sacrifice ~ unless you pay {G}{G}." """
    _compiled("Darba")
    for steps, left in ((["activate Forest", "activate Forest", "pass", "yes"], 1), (["pass", "no"], 0)):
        g = scenario("""
step: end
players:
  - library: [Island, Island]
    battlefield:
      - Darba
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
""")
        g.act("pass")
        assert g.state_json()["step"] == "upkeep" and [i["source"] for i in g.state_json()["stack"]] == ["Darba"]
        g.run_line(steps)
        assert len(permanents(g, "Darba")) == left


# ---------------------------------------------------------------------------------------------
# CR 702.27: buyback; CR 702.34: flashback


def test_cr_702_27a_buyback_returns_the_spell_to_hand_capsize():
    """Capsize: "Buyback {3}"; "Return target permanent to its owner's hand." With the buyback
    paid, Capsize goes to its owner's hand as it resolves; without it, to the graveyard."""
    _compiled("Capsize")
    for choice, hand, grave in (("pay buyback {3}", ["Sol Ring", "Capsize"], []),
                                ("cast without buyback", ["Sol Ring"], ["Capsize"])):
        g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}"
    hand: [Capsize]
    battlefield: [Sol Ring]
""")
        g.act("cast Capsize")
        assert labels(g) == ["cast without buyback", "pay buyback {3}"]
        g.run_line([choice, "target Sol Ring", "pass"])
        assert player(g, "P1")["hand"] == hand and player(g, "P1")["graveyard"] == grave
        assert player(g, "P1")["mana_pool"] == ("" if hand[-1] == "Capsize" else "{U}{U}{U}")


def test_cr_702_27a_buyback_not_when_countered_capsize():
    """A countered spell doesn't resolve: it goes to the graveyard even with buyback paid."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}"
    hand: [Capsize]
    battlefield: [Sol Ring]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Capsize", "pay buyback {3}", "target Sol Ring", "pass", "cast Counterspell",
                "target Capsize", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == ["Capsize"]


def test_cr_702_34a_flashback_cast_from_graveyard_then_exiled_think_twice():
    """Think Twice: "Draw a card." "Flashback {2}{U}". Cast from the graveyard for its flashback
    cost, it is exiled as it leaves the stack."""
    _compiled("Think Twice")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}"
    hand: [Think Twice]
    library: [Island, Forest]
""")
    g.run_line(["cast Think Twice", "pass"])
    assert player(g, "P1")["graveyard"] == ["Think Twice"]
    g.run_line(["cast Think Twice with flashback {2}{U}", "pass"])
    assert player(g, "P1")["hand"] == ["Island", "Forest"]
    assert player(g, "P1")["graveyard"] == [] and [c["card"] for c in player(g, "P1")["exile"]] == ["Think Twice"]
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_702_34a_flashback_cost_must_be_payable_and_countered_is_exiled_think_twice():
    """The flashback cast is listed only when its cost can be paid; a countered flashback
    spell is exiled, not put into the graveyard."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}"
    graveyard: [Think Twice]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    assert not [a for a in labels(g) if "Think Twice" in a]
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}{U}"
    graveyard: [Think Twice]
    library: [Island]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Think Twice with flashback {2}{U}", "pass", "cast Counterspell", "target Think Twice",
                "pass", "pass"])
    assert [c["card"] for c in player(g, "P1")["exile"]] == ["Think Twice"] and player(g, "P1")["graveyard"] == []


def test_cr_702_34a_flashback_keeps_sorcery_timing_firebolt():
    """Firebolt (a sorcery) with flashback is cast from the graveyard only when a sorcery could be."""
    _compiled("Firebolt")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}{R}{R}{R}"
    graveyard: [Firebolt]
    hand: [Lightning Bolt]
""")
    assert "cast Firebolt with flashback {4}{R}" in labels(g)
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert "cast Firebolt with flashback {4}{R}" not in labels(g)


def test_cr_702_34_flashback_with_a_life_cost_declined_deep_analysis():
    _unsupported("Deep Analysis", "Flashback—{1}{U}, Pay 3 life")


# ---------------------------------------------------------------------------------------------
# CR 702.51 convoke, CR 702.66 delve, CR 702.126 improvise (engine/altpay.py)


def test_cr_702_51a_convoke_taps_creatures_for_colored_or_generic_mana_stoke_the_flames():
    """Stoke the Flames ({2}{R}{R}): "Convoke"; "~ deals 4 damage to any target." A red
    creature pays {R} or {1}, another creature {1}; each choice keeps the rest payable, and the
    rest is paid with mana (here a Mountain, tapped by automatic payment)."""
    _compiled("Stoke the Flames")
    g = scenario("""
mana_payment: auto
players:
  - hand: [Stoke the Flames]
    battlefield: [Grizzly Bears, Goblin Piker, Llanowar Elves, Mountain]
""")
    g.run_line(["cast Stoke the Flames", "target P2"])
    assert labels(g) == ["convoke: tap Grizzly Bears to pay {1}", "convoke: tap Goblin Piker to pay {R}",
                         "convoke: tap Llanowar Elves to pay {1}"]
    g.act("convoke: tap Goblin Piker to pay {R}")
    # Goblin Piker paid {R}: the other {R} must come from the Mountain, so no creature pays {R}
    assert "pay the rest" not in " ".join(labels(g))
    g.run_line(["convoke: tap Llanowar Elves to pay {1}", "convoke: tap Grizzly Bears to pay {1}", "pass"])
    assert player(g, "P2")["life"] == 16
    assert all(p["tapped"] for p in player(g, "P1")["battlefield"])


def test_cr_702_51a_convoke_counts_for_the_legal_actions_stoke_the_flames():
    """Three sources for a four-mana spell: it can't be cast; convoke creatures count, even
    summoning-sick ones (tapping for convoke is not a {T} cost, CR 302.6)."""
    g = scenario("""
mana_payment: auto
players:
  - hand: [Stoke the Flames]
    battlefield: [Grizzly Bears, Goblin Piker, Mountain]
""")
    assert "cast Stoke the Flames" not in labels(g)
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Stoke the Flames]
    battlefield: [Goblin Piker, {card: Grizzly Bears, summoning_sick: true}, Llanowar Elves]
""")
    assert "cast Stoke the Flames" in labels(g)


def test_cr_702_66a_delve_exiles_cards_from_the_graveyard_treasure_cruise():
    """Treasure Cruise ({7}{U}): "Delve"; "Draw three cards." Each card exiled from the
    graveyard pays {1}; then the pool pays the rest ("pay the rest with mana" once it can)."""
    _compiled("Treasure Cruise")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}"
    hand: [Treasure Cruise]
    graveyard: [Island, Forest, Plains, Swamp, Mountain, Swamp]
    library: [Island, Island, Island]
""")
    g.act("cast Treasure Cruise")
    assert len(labels(g)) == 6 and all(lab.startswith("delve: exile ") for lab in labels(g))
    g.run_line(["delve: exile Forest", "delve: exile Plains", "delve: exile Mountain", "delve: exile Island",
                "delve: exile Swamp#"])
    assert labels(g) == ["delve: exile Swamp to pay {1}", "pay the rest ({2}{U}) with mana"]
    g.run_line(["pay the rest", "pass"])
    assert len(player(g, "P1")["hand"]) == 3
    assert [c["card"] for c in player(g, "P1")["exile"]] == ["Forest", "Plains", "Mountain", "Island", "Swamp"]
    assert player(g, "P1")["graveyard"] == ["Swamp", "Treasure Cruise"]
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_702_126a_improvise_taps_artifacts_for_generic_mana_reverse_engineer():
    """Reverse Engineer ({3}{U}{U}): "Improvise"; "Draw three cards." An artifact pays {1},
    never a colored requirement."""
    _compiled("Reverse Engineer")
    g = scenario("""
players:
  - mana_pool: "{U}{U}"
    hand: [Reverse Engineer]
    battlefield: [Ornithopter, Ornithopter, Ornithopter]
    library: [Island, Island, Island]
""")
    g.act("cast Reverse Engineer")
    assert all(lab.endswith("to pay {1}") for lab in labels(g))
    g.run_line(["improvise", "improvise", "improvise", "pass"])
    assert len(player(g, "P1")["hand"]) == 3
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Reverse Engineer]
    battlefield: [Ornithopter, Ornithopter, Ornithopter, Ornithopter]
""")
    assert "cast Reverse Engineer" not in labels(g)  # {U}{U} must be paid with mana


# ---------------------------------------------------------------------------------------------
# CR 601.2f: cost reductions; CR 702.41: affinity


def test_cr_702_41a_affinity_for_artifacts_frogmite():
    """Frogmite ({4}): "Affinity for artifacts" — {1} less for each artifact you control; the
    generic part never goes below zero (CR 601.2f)."""
    _compiled("Frogmite")
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Frogmite]
    battlefield: [Ornithopter, Ornithopter, Ornithopter]
""")
    g.run_line(["cast Frogmite", "pass"])
    assert len(permanents(g, "Frogmite")) == 1 and player(g, "P1")["mana_pool"] == ""
    g = scenario("""
players:
  - hand: [Frogmite]
    battlefield: [Ornithopter, Ornithopter, Ornithopter, Ornithopter, Ornithopter]
""")
    g.run_line(["cast Frogmite", "pass"])  # five artifacts: it costs {0}
    assert len(permanents(g, "Frogmite")) == 1
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Frogmite]
    battlefield: [Ornithopter, Ornithopter]
""")
    assert "cast Frogmite" not in labels(g)


def test_cr_601_2f_reduction_keeps_colored_requirements_thoughtcast():
    """Thoughtcast ({4}{U}): affinity reduces only the generic part: {U} is still needed."""
    _compiled("Thoughtcast")
    g = scenario("""
players:
  - hand: [Thoughtcast]
    battlefield: [Ornithopter, Ornithopter, Ornithopter, Ornithopter, Ornithopter]
""")
    assert "cast Thoughtcast" not in labels(g)
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Thoughtcast]
    battlefield: [Ornithopter, Ornithopter, Ornithopter, Ornithopter]
    library: [Island, Island]
""")
    g.run_line(["cast Thoughtcast", "pass"])
    assert player(g, "P1")["hand"] == ["Island", "Island"]


# ---------------------------------------------------------------------------------------------
# CR 702.30: echo


_ACRIDIAN = """
step: end
players:
  - library: [Island, Island, Island, Island]
    battlefield:
      - {card: Acridian, summoning_sick: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
"""


def test_cr_702_30a_echo_paid_at_the_first_upkeep_only_acridian():
    """Acridian: "Echo {1}{G}" — at the beginning of your upkeep, if it came under your control
    since the beginning of your last upkeep, sacrifice it unless you pay {1}{G}. Paid once, it
    doesn't trigger at the next upkeep."""
    _compiled("Acridian")
    g = scenario(_ACRIDIAN)
    g.act("pass")
    assert g.state_json()["step"] == "upkeep" and [i["source"] for i in g.state_json()["stack"]] == ["Acridian"]
    g.run_line(["activate Forest", "activate Forest", "pass", "yes"])
    assert len(permanents(g, "Acridian")) == 1 and player(g, "P1")["mana_pool"] == ""
    pass_until(g, "upkeep", turn=3)
    assert g.state_json()["stack"] == []


def test_cr_702_30a_echo_not_paid_sacrificed_acridian():
    g = scenario(_ACRIDIAN)
    g.run_line(["pass", "pass", "no"])
    assert permanents(g, "Acridian") == [] and player(g, "P1")["graveyard"] == ["Acridian"]


def test_cr_702_30a_echo_not_for_a_permanent_controlled_since_before_acridian():
    """Under its controller's control since before their last upkeep: no echo trigger."""
    g = scenario("""
step: end
players:
  - library: [Island, Island]
    battlefield: [Acridian]
""")
    g.act("pass")
    assert g.state_json()["step"] != "upkeep" or g.state_json()["stack"] == []
    assert len(permanents(g, "Acridian")) == 1


# ---------------------------------------------------------------------------------------------
# CR 117.1d, 603.5: "You may pay {M}. If you do, ..."


_BRASS_MAN = """
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {card: Brass Man, tapped: true}
      - {card: Forest, tapped: true}
"""


def test_cr_117_1d_you_may_pay_if_you_do_brass_man():
    """Brass Man: "At the beginning of your upkeep, you may pay {1}. If you do, untap ~." "yes"
    is offered once {1} can be paid; paid, Brass Man untaps."""
    _compiled("Brass Man")
    g = scenario(_BRASS_MAN)
    g.run_line(["pass", "pass"])
    assert g.decision.kind == "yes_no" and "yes" not in labels(g)  # no mana in the pool
    g.run_line(["activate Forest", "yes"])
    assert permanent(g, "Brass Man")["tapped"] is False and player(g, "P1")["mana_pool"] == ""


def test_cr_117_1d_declined_nothing_happens_brass_man():
    g = scenario(_BRASS_MAN)
    g.run_line(["pass", "activate Forest", "pass", "no"])
    assert permanent(g, "Brass Man")["tapped"] is True and player(g, "P1")["mana_pool"] == "{G}"


# ---------------------------------------------------------------------------------------------
# CR 702.24: cumulative upkeep


_TRANCE = """
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {card: Mesmeric Trance, counters: {age: 1}}
      - {card: Island, tapped: true}
      - {card: Island, tapped: true}
"""


def test_cr_702_24a_cumulative_upkeep_pays_for_each_age_counter_mesmeric_trance():
    """Mesmeric Trance: "Cumulative upkeep {1}" — an age counter is put on it, then {1} is paid
    for each age counter (here two: {1}{1}), or it is sacrificed."""
    _compiled("Mesmeric Trance")
    g = scenario(_TRANCE)
    g.run_line(["pass", "activate Island", "pass"])
    assert g.decision.prompt == "Mesmeric Trance: pay {1}{1}? (if not: sacrifice it)"
    assert "yes" not in labels(g)  # one Island's mana is not enough
    g.run_line(["activate Island", "yes"])
    assert permanent(g, "Mesmeric Trance")["counters"] == {"age": 2}
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_702_24a_cumulative_upkeep_not_paid_mesmeric_trance():
    g = scenario(_TRANCE)
    g.run_line(["pass", "pass", "no"])
    assert permanents(g, "Mesmeric Trance") == []


def test_cr_702_33d_whenever_you_cast_a_kicked_spell_lullmages_familiar():
    """Lullmage's Familiar: "Whenever you cast a kicked spell, you gain 2 life." Only a spell
    whose kicker was paid triggers it."""
    _compiled("Lullmage's Familiar")
    for kick, life in (("pay kicker {4}", 22), ("cast without kicker", 20)):
        g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}{C}"
    hand: [Burst Lightning]
    battlefield: [Lullmage's Familiar]
""")
        g.run_line(["cast Burst Lightning", kick, "target P2", "pass"])
        while g.state_json()["stack"]:
            g.act("pass")
        assert player(g, "P1")["life"] == life


# ---------------------------------------------------------------------------------------------
# CR 601.2f: "<spells> you cast cost {1} less to cast"


def test_cr_601_2f_spells_you_cast_cost_less_etherium_sculptor():
    """Etherium Sculptor: "Artifact spells you cast cost {1} less to cast." Sol Ring costs {0};
    a creature spell is not reduced; the opponent's artifact spells aren't either."""
    _compiled("Etherium Sculptor")
    g = scenario("""
format: duel
players:
  - hand: [Sol Ring, Grizzly Bears]
    mana_pool: "{G}"
    battlefield: [Etherium Sculptor]
""")
    assert "cast Sol Ring" in labels(g) and "cast Grizzly Bears" not in labels(g)
    g.run_line(["cast Sol Ring", "pass", "pass"])
    assert len(permanents(g, "Sol Ring")) == 1 and player(g, "P1")["mana_pool"] == "{G}"


def test_cr_601_2f_reduction_applies_to_x_goblin_electromancer():
    """Goblin Electromancer: "Instant and sorcery spells you cast cost {1} less to cast." The
    total cost includes X (CR 601.2f): with {R}{R}{R} Blaze ({X}{R}) may have X = 3."""
    _compiled("Goblin Electromancer")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}"
    hand: [Blaze]
    battlefield: [Goblin Electromancer]
""")
    g.act("cast Blaze")
    assert labels(g) == ["x 0", "x 1", "x 2", "x 3"]
    g.run_line(["x 3", "target P2", "pass"])
    assert player(g, "P2")["life"] == 17 and player(g, "P1")["mana_pool"] == ""


def test_cr_601_2f_every_players_spells_helm_of_awakening():
    """Helm of Awakening: "Spells cost {1} less to cast." — every player's: P1 casts Sol Ring
    for {0} with the opponent's Helm."""
    _compiled("Helm of Awakening")
    g = scenario("""
format: duel
players:
  - hand: [Sol Ring]
  - battlefield: [Helm of Awakening]
""")
    g.run_line(["cast Sol Ring", "pass", "pass"])
    assert len(permanents(g, "Sol Ring")) == 1


def test_cr_118_12_an_effect_unless_the_targets_controller_pays_erratic_portal():
    """Erratic Portal: "{1}, {T}: Return target creature to its owner's hand unless its
    controller pays {1}." The creature's controller (here the opponent) decides."""
    _compiled("Erratic Portal")
    for answer, bounced in (("no", True), ("yes", False)):
        g = scenario("""
format: duel
players:
  - mana_pool: "{C}"
    battlefield: [Erratic Portal]
  - mana_pool: "{G}"
    battlefield: [Grizzly Bears]
""")
        g.run_line(["activate Erratic Portal", "target Grizzly Bears", "pass", "pass"])
        assert g.decision.player == "P2" and set(labels(g)) == {"yes", "no"}
        g.act(answer)
        assert (permanents(g, "Grizzly Bears") == []) == bounced
        assert player(g, "P2")["mana_pool"] == ("{G}" if bounced else "")


def test_cr_118_12_counter_instant_or_sorcery_unless_cursecatcher():
    """Cursecatcher: "Sacrifice ~: Counter target instant or sorcery spell unless its
    controller pays {1}." """
    _compiled("Cursecatcher")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
  - battlefield: [Cursecatcher]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "pass", "activate Cursecatcher", "target Lightning Bolt",
                "pass", "pass"])
    assert g.decision.player == "P1" and labels(g) == ["no"]  # nothing left to pay with
    g.act("no")
    assert player(g, "P2")["life"] == 20
