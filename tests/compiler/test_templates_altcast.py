"""The alternative-casting templates (templates/altcast.py, engine/altcast.py), each through real
cards compiled from their Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario
from tests.helpers import unsupported as _unsupported

# ---------------------------------------------------------------------------------------------
# CR 702.74: evoke


def test_cr_702_74a_evoke_cast_for_its_evoke_cost_and_sacrificed_mulldrifter():
    """Mulldrifter: "When Mulldrifter enters, draw two cards." / "Evoke {2}{U}" (CR 702.74a:
    cast for {2}{U} rather than {4}{U}; when it enters, if its evoke cost was paid, its
    controller sacrifices it; both enters abilities trigger and are ordered, CR 603.3b)."""
    _compiled("Mulldrifter")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{U}"
    hand: [Mulldrifter]
    library: [Island, Island, Island]
  - {}
""")
    assert "cast Mulldrifter" not in labels(g)  # {4}{U} can't be paid
    g.run_line(["cast Mulldrifter with evoke {2}{U}", "pass", "pass"])
    assert g.decision.kind == "order"
    g.run_line(["order Mulldrifter: When", "pass", "pass", "pass", "pass"])
    assert permanents(g, "Mulldrifter") == []
    assert player(g, "P1")["graveyard"] == ["Mulldrifter"]
    assert len(player(g, "P1")["hand"]) == 2


def test_cr_702_74a_not_evoked_stays_mulldrifter():
    """Mulldrifter cast for its mana cost: the evoke trigger's "if" is false (CR 603.4), it stays."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}{C}{U}"
    hand: [Mulldrifter]
    library: [Island, Island, Island]
  - {}
""")
    assert "cast Mulldrifter with evoke {2}{U}" in labels(g)
    g.run_line(["cast Mulldrifter", "pass", "pass", "pass", "pass"])
    assert permanent(g, "Mulldrifter")["controller"] == "P1"
    assert len(player(g, "P1")["hand"]) == 2


def test_cr_601_3_evoke_keeps_the_cards_timing_mulldrifter():
    """Evoke changes only what is paid: a creature without flash isn't cast with evoke while a
    spell is on the stack (CR 601.3, 307.1)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{C}{C}{U}"
    hand: [Mulldrifter, Lightning Bolt]
  - {}
""")
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert not any(lab.startswith("cast Mulldrifter") for lab in labels(g))


# ---------------------------------------------------------------------------------------------
# CR 702.61: split second


def test_cr_702_61a_split_second_no_spells_or_abilities_sudden_shock():
    """Sudden Shock: "Split second" / "Sudden Shock deals 2 damage to any target." While it is
    on the stack no other spell is cast and no ability but a mana ability is activated
    (CR 702.61a-b): the opponent's counterspell and Prodigal Pyromancer's ability aren't
    offered, tapping an Island for mana is."""
    _compiled("Sudden Shock")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    hand: [Sudden Shock]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
    battlefield: [Prodigal Pyromancer, Island]
""")
    before = labels(g)
    g.run_line(["cast Sudden Shock", "target Prodigal Pyromancer", "pass"])
    acts = labels(g)
    assert g.decision.player == "P2"
    assert not any(a.startswith("cast") for a in acts)
    assert not any("Prodigal Pyromancer" in a for a in acts)
    assert any(a.startswith("activate Island") for a in acts)
    g.run_line(["pass"])
    assert permanents(g, "Prodigal Pyromancer") == []
    assert before


def test_cr_702_61_without_split_second_the_opponent_responds_shock():
    """Control: the same position with Shock (no split second): Counterspell is offered."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Shock]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
    battlefield: [Prodigal Pyromancer, Island]
""")
    g.run_line(["cast Shock", "target Prodigal Pyromancer", "pass"])
    acts = labels(g)
    assert "cast Counterspell" in acts
    assert any(a.startswith("activate Prodigal Pyromancer") for a in acts)


# ---------------------------------------------------------------------------------------------
# CR 702.109: dash


def _to_attack(g) -> list[str]:
    g.run_line(["pass", "pass"])  # the creature spell resolves
    for _ in range(10):
        if g.decision.kind == "attack":
            break
        g.act("pass")
    return [lab for lab in labels(g) if lab.startswith("attack ")] if g.decision.kind == "attack" else []


def test_cr_702_109a_dash_haste_and_returned_at_end_step_alesha_s_vanguard():
    """Alesha's Vanguard: "Dash {2}{B}" (CR 702.109a: cast for {2}{B} rather than {3}{B}; it
    has haste as long as its dash cost was paid, and it returns to its owner's hand at the
    beginning of the next end step)."""
    _compiled("Alesha's Vanguard")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{B}"
    hand: [Alesha's Vanguard]
  - {}
""")
    assert "cast Alesha's Vanguard" not in labels(g)
    g.act("cast Alesha's Vanguard with dash {2}{B}")
    assert _to_attack(g) == ["attack P2 with Alesha's Vanguard"]
    g.act("attack P2 with Alesha's Vanguard")
    pass_until(g, "end")
    assert any("triggers: Return it to its owner's hand" in line for line in g.log)
    g.run_line(["pass", "pass"])
    assert permanents(g, "Alesha's Vanguard") == []
    assert player(g, "P1")["hand"] == ["Alesha's Vanguard"]
    assert player(g, "P2")["life"] == 17


def test_cr_702_109a_cast_normally_no_haste_and_stays_alesha_s_vanguard():
    """Control: cast for its mana cost, it has no haste (summoning sickness, CR 302.6) and stays."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}{B}"
    hand: [Alesha's Vanguard]
  - {}
""")
    g.act("cast Alesha's Vanguard")
    assert _to_attack(g) == []
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Alesha's Vanguard")["controller"] == "P1"


# ---------------------------------------------------------------------------------------------
# CR 702.85: cascade


def test_cr_702_85a_cascade_exiles_until_lesser_mana_value_and_casts_it_free_bloodbraid_elf():
    """Bloodbraid Elf: "Cascade" (CR 702.85a): exile from the top until a nonland card with mana
    value less than 4 (lands and Colossal Dreadmaw, mana value 6, are passed over); cast it
    without paying its mana cost; the rest go to the bottom of the library."""
    _compiled("Bloodbraid Elf")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{G}{C}{C}"
    hand: [Bloodbraid Elf]
    library: [Mountain, Colossal Dreadmaw, Lightning Bolt, Forest, Island]
  - {}
""")
    g.act("cast Bloodbraid Elf")
    g.run_line(["pass", "pass"])  # the cascade trigger resolves
    assert g.decision.kind == "choose"
    assert labels(g) == ["cast Lightning Bolt without paying its mana cost", "don't cast Lightning Bolt"]
    g.act("cast Lightning Bolt without paying its mana cost")
    g.act("target P2")
    g.run_line(["pass", "pass"])  # Lightning Bolt resolves first
    assert player(g, "P2")["life"] == 17
    g.run_line(["pass", "pass"])
    assert permanent(g, "Bloodbraid Elf")["controller"] == "P1"
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt"]
    me = player(g, "P1")
    assert me["library_count"] == 4 and me["exile"] == []
    lib = [g.name_of(o) for o in g.players[0].library]  # top first: the exiled cards at the bottom
    assert lib[:2] == ["Forest", "Island"] and sorted(lib[2:]) == ["Colossal Dreadmaw", "Mountain"]


def test_cr_702_85a_cascade_declined_goes_to_the_bottom_bloodbraid_elf():
    """Cascade into a card the player doesn't cast: it goes to the bottom with the others."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{G}{C}{C}"
    hand: [Bloodbraid Elf]
    library: [Mountain, Lightning Bolt, Forest]
  - {}
""")
    g.run_line(["cast Bloodbraid Elf", "pass", "pass", "don't cast Lightning Bolt"])
    me = player(g, "P1")
    assert me["library_count"] == 3 and me["exile"] == [] and me["graveyard"] == []
    assert g.name_of(g.players[0].library[0]) == "Forest"


def test_cr_702_85a_cascade_finds_nothing_bloodbraid_elf():
    """With no nonland card of lesser mana value, the whole library is exiled and put back on
    the bottom in a random order; nothing is cast."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{G}{C}{C}"
    hand: [Bloodbraid Elf]
    library: [Mountain, Colossal Dreadmaw, Forest]
  - {}
""")
    g.run_line(["cast Bloodbraid Elf", "pass", "pass"])
    me = player(g, "P1")
    assert me["library_count"] == 3 and me["exile"] == []
    assert any("cascades: P1 exiles Mountain, Colossal Dreadmaw, Forest" in line for line in g.log)
    assert g.decision.kind == "priority" and len(g.stack) == 1  # the Elf, nothing cast


# ---------------------------------------------------------------------------------------------
# CR 702.40: storm


def _storm_game(p2_hand: str = "[]") -> object:
    g = scenario(f"""
format: duel
players:
  - mana_pool: "{{R}}{{R}}{{R}}{{R}}"
    hand: [Lightning Bolt, Shock, Grapeshot]
  - mana_pool: "{{U}}{{U}}"
    hand: {p2_hand}
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "pass", "pass", "cast Shock", "target P2", "pass", "pass"])
    return g


def test_cr_702_40a_storm_copies_for_each_spell_cast_before_grapeshot():
    """Grapeshot: "Grapeshot deals 1 damage to any target." / "Storm" (CR 702.40a: two spells
    were cast before it this turn: two copies; each may have a new target, CR 707.10c)."""
    _compiled("Grapeshot")
    g = _storm_game()
    g.run_line(["cast Grapeshot", "target P2", "pass", "pass"])  # the storm trigger resolves
    assert g.decision.kind == "yes_no"
    g.act("no")  # the first copy keeps its target
    g.act("yes")
    g.act("target Grizzly Bears")
    for _ in range(6):
        g.act("pass")
    assert player(g, "P2")["life"] == 20 - 3 - 2 - 1 - 1
    assert "Grapeshot deals 1 damage to Grizzly Bears" in g.log
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt", "Shock", "Grapeshot"]  # copies aren't cards


def test_cr_702_40a_storm_copies_after_the_spell_is_countered_grapeshot():
    """Grapeshot countered in response to its storm trigger: the copies are still made, from
    the spell as it last existed (CR 608.2h; Gatherer: "Countering a spell with storm won't
    affect the copies")."""
    g = _storm_game("[Counterspell]")
    g.run_line(["cast Grapeshot", "target P2", "pass", "cast Counterspell", "target Grapeshot", "pass", "pass"])
    assert player(g, "P1")["graveyard"][-1] == "Grapeshot"
    g.run_line(["pass", "pass"])  # the storm trigger
    g.run_line(["no", "no"])
    for _ in range(4):
        g.act("pass")
    assert player(g, "P2")["life"] == 20 - 3 - 2 - 1 - 1


def test_cr_702_40a_storm_first_spell_no_copies_grapeshot():
    """Grapeshot as the turn's first spell: no copies."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    hand: [Grapeshot]
  - {}
""")
    g.run_line(["cast Grapeshot", "target P2", "pass", "pass", "pass", "pass"])
    assert player(g, "P2")["life"] == 19
    assert g.stack == []


# ---------------------------------------------------------------------------------------------
# CR 702.35: madness


def test_cr_702_35a_madness_discarded_into_exile_and_cast_fiery_temper():
    """Fiery Temper: "Fiery Temper deals 3 damage to any target." / "Madness {R}" (CR 702.35a:
    discarded to pay Tormenting Voice's additional cost, it is exiled instead of put into the
    graveyard; its owner casts it for {R} as the madness trigger resolves, at instant speed
    during the resolution, CR 608.2g)."""
    _compiled("Fiery Temper", "Tormenting Voice")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{C}{R}"
    hand: [Tormenting Voice, Fiery Temper]
    library: [Island, Island, Island]
  - {}
""")
    g.run_line(["cast Tormenting Voice", "discard Fiery Temper", "pay {1} with {C}"])
    me = player(g, "P1")
    assert [e["card"] for e in me["exile"]] == ["Fiery Temper"] and me["graveyard"] == []
    g.run_line(["pass", "pass"])  # the madness trigger resolves (above Tormenting Voice)
    assert labels(g) == ["cast Fiery Temper for its madness cost {R}", "don't cast Fiery Temper: put it into your graveyard"]
    g.run_line(["cast Fiery Temper for its madness cost {R}", "target P2", "pass", "pass"])
    assert player(g, "P2")["life"] == 17
    g.run_line(["pass", "pass"])  # Tormenting Voice
    me = player(g, "P1")
    assert me["graveyard"] == ["Fiery Temper", "Tormenting Voice"] and len(me["hand"]) == 2
    assert me["mana_pool"] == ""


def test_cr_702_35a_madness_not_cast_goes_to_the_graveyard_fiery_temper():
    """The owner doesn't cast it (or can't pay): it is put into the graveyard."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{C}"
    hand: [Tormenting Voice, Fiery Temper]
    library: [Island, Island, Island]
  - {}
""")
    g.run_line(["cast Tormenting Voice", "discard Fiery Temper"])
    g.run_line(["pass", "pass"])
    assert labels(g) == ["don't cast Fiery Temper: put it into your graveyard"]  # {R} can't be paid
    g.act("don't cast Fiery Temper: put it into your graveyard")
    me = player(g, "P1")
    assert me["graveyard"] == ["Fiery Temper"] and me["exile"] == []


def test_cr_702_35a_madness_creature_cast_on_the_opponents_turn_basking_rootwalla():
    """Basking Rootwalla: "Madness {0}": discarded to an opponent's Mind Rot, it is cast for {0}
    on the opponent's turn (a creature spell, while the trigger resolves)."""
    _compiled("Basking Rootwalla", "Mind Rot")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{C}{C}"
    hand: [Mind Rot]
  - hand: [Basking Rootwalla, Island]
""")
    g.run_line(["cast Mind Rot", "target P2", "pass", "pass"])
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Basking Rootwalla"]
    g.run_line(["pass", "pass"])
    g.run_line(["cast Basking Rootwalla for its madness cost {0}", "pass", "pass"])
    assert permanent(g, "Basking Rootwalla")["controller"] == "P2"
    assert player(g, "P2")["graveyard"] == ["Island"]


# ---------------------------------------------------------------------------------------------
# CR 702.84: unearth

_UNEARTH = "activate Dregscape Zombie: Unearth {B}"


def test_cr_702_84a_unearth_returns_with_haste_and_is_exiled_at_end_step_dregscape_zombie():
    """Dregscape Zombie: "Unearth {B}" (CR 702.84a: from the graveyard, as a sorcery; it returns
    with haste and is exiled at the beginning of the next end step)."""
    _compiled("Dregscape Zombie")
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}"
    graveyard: [Dregscape Zombie]
  - {}
""")
    g.run_line([_UNEARTH, "pass", "pass"])
    assert permanent(g, "Dregscape Zombie")["controller"] == "P1"
    assert _to_attack(g) == ["attack P2 with Dregscape Zombie"]
    g.act("attack P2 with Dregscape Zombie")
    pass_until(g, "end")
    g.run_line(["pass", "pass"])
    me = player(g, "P1")
    assert permanents(g, "Dregscape Zombie") == [] and me["graveyard"] == []
    assert [e["card"] for e in me["exile"]] == ["Dregscape Zombie"]
    assert player(g, "P2")["life"] == 18


def test_cr_702_84a_unearthed_is_exiled_instead_of_dying_dregscape_zombie():
    """"If it would leave the battlefield, exile it instead of putting it anywhere else.":
    destroyed by Lightning Bolt, it is exiled (CR 614.1a)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}"
    graveyard: [Dregscape Zombie]
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
""")
    g.run_line([_UNEARTH, "pass", "pass", "pass", "cast Lightning Bolt", "target Dregscape Zombie", "pass", "pass"])
    me = player(g, "P1")
    assert permanents(g, "Dregscape Zombie") == [] and me["graveyard"] == []
    assert [e["card"] for e in me["exile"]] == ["Dregscape Zombie"]


def test_cr_702_84a_unearth_only_as_a_sorcery_dregscape_zombie():
    """"Unearth only as a sorcery": not while a spell is on the stack (CR 602.5d)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{R}"
    hand: [Lightning Bolt]
    graveyard: [Dregscape Zombie]
  - {}
""")
    assert any(lab.startswith(_UNEARTH) for lab in labels(g))
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert not any(lab.startswith(_UNEARTH) for lab in labels(g))


# ---------------------------------------------------------------------------------------------
# CR 702.62: suspend

_SUSPEND_BOLT = "activate Rift Bolt: Suspend 1—{R}"


def _to_upkeep(g, turn: int) -> None:
    pass_until(g, "upkeep", turn=turn)


def test_cr_702_62a_suspend_exile_with_time_counters_then_cast_free_rift_bolt():
    """Rift Bolt: "Rift Bolt deals 3 damage to any target." / "Suspend 1—{R}" (CR 702.62a: a
    special action that doesn't use the stack, CR 116.2f; at its owner's next upkeep the last
    time counter is removed and it is cast without paying its mana cost)."""
    _compiled("Rift Bolt")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Rift Bolt]
    library: [Mountain, Mountain, Mountain]
  - library: [Island, Island, Island]
""")
    assert "cast Rift Bolt" not in labels(g)
    g.act(_SUSPEND_BOLT)
    me = player(g, "P1")
    assert g.stack == [] and [(e["card"], e["counters"]) for e in me["exile"]] == [("Rift Bolt", {"time": 1})]
    assert g.decision.kind == "priority" and g.decision.player == "P1"
    _to_upkeep(g, 2)  # the opponent's upkeep: nothing happens
    assert [e["counters"] for e in player(g, "P1")["exile"]] == [{"time": 1}]
    _to_upkeep(g, 3)
    g.run_line(["pass", "pass"])  # the time counter is removed: the last
    g.run_line(["pass", "pass"])  # its last ability resolves
    g.run_line(["cast Rift Bolt without paying its mana cost", "target P2", "pass", "pass"])
    assert player(g, "P2")["life"] == 17
    assert player(g, "P1")["graveyard"] == ["Rift Bolt"]


def test_cr_118_6_no_mana_cost_only_suspended_ancestral_vision():
    """Ancestral Vision (no mana cost): it can't be cast from the hand (CR 118.6: an unpayable
    cost), only suspended: "Suspend 4—{U}" (four time counters: four of its owner's upkeeps)."""
    _compiled("Ancestral Vision")
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}"
    hand: [Ancestral Vision]
    library: [Island, Island, Island, Island, Island, Island, Island]
  - library: [Island, Island, Island, Island, Island, Island, Island]
""")
    assert "cast Ancestral Vision" not in labels(g)
    g.act("activate Ancestral Vision: Suspend 4—{U}")
    for turn, left in ((3, 3), (5, 2), (7, 1)):
        _to_upkeep(g, turn)
        g.run_line(["pass", "pass"])
        assert [e["counters"].get("time") for e in player(g, "P1")["exile"]] == [left]


def test_cr_702_62a_suspend_only_when_it_could_be_cast_rift_bolt():
    """Suspend follows the card's timing (CR 702.62a, 702.62c): a sorcery isn't suspended while
    a spell is on the stack."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    hand: [Rift Bolt, Lightning Bolt]
  - {}
""")
    assert any(lab.startswith(_SUSPEND_BOLT) for lab in labels(g))
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert not any(lab.startswith(_SUSPEND_BOLT) for lab in labels(g))


def test_cr_702_62a_suspended_creature_cast_with_haste_keldon_halberdier():
    """Keldon Halberdier: "First strike" / "Suspend 4—{R}": a creature cast by its suspend
    ability has haste (CR 702.62a) and attacks the turn it is cast."""
    _compiled("Keldon Halberdier")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Keldon Halberdier]
    library: [Mountain, Mountain, Mountain, Mountain, Mountain]
  - library: [Island, Island, Island, Island, Island]
""")
    g.act("activate Keldon Halberdier: Suspend 4—{R}")
    for turn in (3, 5, 7):
        _to_upkeep(g, turn)
        g.run_line(["pass", "pass"])
    _to_upkeep(g, 9)
    g.run_line(["pass", "pass", "pass", "pass", "cast Keldon Halberdier without paying its mana cost"])
    assert _to_attack(g) == ["attack P2 with Keldon Halberdier"]


def test_cr_702_62a_suspend_haste_ends_when_control_changes_keldon_halberdier():
    """"...it gains haste until you lose control of the spell or the permanent it becomes": the
    engine forgets it when control of the permanent changes (engine/primitives.py)."""
    from mtg_env.engine import primitives
    g = scenario("""
format: duel
players:
  - battlefield: [Keldon Halberdier]
  - {}
""")
    oid = next(o for o in g.battlefield if g.name_of(o) == "Keldon Halberdier")
    w = g.writable(oid)
    w.info = {"alt": "suspend"}
    w.sick = True
    g.invalidate()
    assert "haste" in g.chars(oid).keywords
    primitives.gain_control_until_eot(g, oid, 1)
    assert "haste" not in g.chars(oid).keywords
    primitives.end_control_effects(g)
    assert "haste" not in g.chars(oid).keywords


def test_declined_wordings_altcast():
    """Suspend with X isn't read (the number of time counters is the X chosen as the card is
    exiled). Madness with X is (X announced as the spell is cast for it: Welcome to the Fold in
    test_templates_lasting_control.py); Avacyn's Judgment still fails on its divided damage."""
    _unsupported("Aeon Chronicler", "Suspend X—{X}{3}{U}")
    _unsupported("Avacyn's Judgment", "~ deals 2 damage divided as you choose among any number of targets")


# ---------------------------------------------------------------------------------------------
# CR 702.88: rebound


def test_cr_702_88a_rebound_exiled_and_cast_again_at_next_upkeep_staggershock():
    """Staggershock: "Staggershock deals 2 damage to any target." / "Rebound" (CR 702.88a:
    cast from the hand, it is exiled as it resolves; at its controller's next upkeep it may be
    cast from exile without paying its mana cost, and then goes to the graveyard)."""
    _compiled("Staggershock")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Staggershock]
    library: [Mountain, Mountain, Mountain]
  - library: [Island, Island, Island]
""")
    g.run_line(["cast Staggershock", "target P2", "pass", "pass"])
    assert player(g, "P2")["life"] == 18
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Staggershock"]
    _to_upkeep(g, 2)  # the opponent's upkeep: not this one
    assert not any("triggers" in line for line in g.log[g.log.index("Turn 2: P2"):])
    _to_upkeep(g, 3)
    g.run_line(["pass", "pass", "cast Staggershock without paying its mana cost", "target P2", "pass", "pass"])
    assert player(g, "P2")["life"] == 16
    assert player(g, "P1")["graveyard"] == ["Staggershock"] and player(g, "P1")["exile"] == []


def test_cr_702_88a_rebound_only_when_cast_from_hand_staggershock():
    """Countered, it goes to the graveyard, not to exile (rebound replaces only putting it into
    the graveyard as it resolves)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Staggershock]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Staggershock", "target P2", "pass", "cast Counterspell", "target Staggershock", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == ["Staggershock"] and player(g, "P1")["exile"] == []


def test_cr_702_61a_nothing_cast_by_an_effect_under_split_second_fiery_temper():
    """While a spell with split second is on the stack, the madness (cascade, suspend, rebound)
    cast isn't offered (CR 702.61a: no other spell can be cast, not even by an effect)."""
    from mtg_env.engine import altcast
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}{R}"
    hand: [Sudden Shock]
    exile: [Fiery Temper]
  - {}
""")
    temper = next(o for o in g.players[0].exile if g.name_of(o) == "Fiery Temper")
    assert altcast._castable(g, 0, temper, 10 ** 9) == [None]
    g.run_line(["cast Sudden Shock", "target P2"])
    assert g.stack and g.decision.kind == "priority"
    assert altcast._castable(g, 0, temper, 10 ** 9) == []
