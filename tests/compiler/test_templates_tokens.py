"""The compiler's token templates (compiler/templates/tokens.py, cards/tokens.py), each through
real cards compiled from their Oracle text: the Oracle line and the rule it follows in each
docstring."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest

from mtg_env.cards import card_status
from mtg_env.cards.tokens import PREDEFINED, TokenDef, token_card
from tests.helpers import ROOT, labels, pass_until, permanents, player, scenario
from tests.helpers import compiled as _compiled


def _cast(g, label: str, *then: str) -> None:
    """Act `label`, paying any generic mana with the first mana offered, then `then`."""
    g.act(label)
    while any(a.startswith("pay ") for a in labels(g)):
        g.act(next(a for a in labels(g) if a.startswith("pay ")))
    g.run_line(list(then))


# ---------------------------------------------------------------------------------------------
# creating tokens an effect defines (CR 111.1-111.4)


def test_cr_111_4_tokens_are_named_after_their_subtypes_raise_the_alarm():
    """Raise the Alarm: "Create two 1/1 white Soldier creature tokens." The token's name is its
    subtypes plus "Token" (CR 111.4); its creator owns and controls it (CR 111.2)."""
    _compiled("Raise the Alarm")
    g = scenario("""
players:
  - mana_pool: "{W}{W}"
    hand: [Raise the Alarm]
""")
    g.run_line(["cast Raise the Alarm", "pass"])
    soldiers = permanents(g, "Soldier Token")
    assert len(soldiers) == 2
    for s in soldiers:
        assert (s["power"], s["toughness"], s["types"], s["token"]) == (1, 1, ["Creature"], True)
        assert (s["controller"], s["owner"], s["summoning_sick"]) == ("P1", "P1", True)


def test_cr_111_3_a_token_has_the_keywords_the_effect_gives_it_spectral_procession():
    """Spectral Procession: "Create three 1/1 white Spirit creature tokens with flying." (CR 111.3:
    the token has exactly the characteristics the effect defines; flying, CR 702.9b)."""
    _compiled("Spectral Procession")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}"
    hand: [Spectral Procession]
""")
    g.run_line(["cast Spectral Procession", "pass"])
    spirits = permanents(g, "Spirit Token")
    assert len(spirits) == 3
    oid = spirits[0]["id"]
    assert g.chars(oid).keywords == frozenset({"flying"})
    assert g.chars(oid).colors == frozenset({"W"})
    assert g.chars(oid).subtypes == ("Spirit",)


def test_cr_111_3_colorless_artifact_creature_token_aspiring_aeronaut():
    """Aspiring Aeronaut: "When ~ enters, create a 1/1 colorless Thopter artifact creature token
    with flying." (a colorless artifact creature, CR 105.2c)."""
    _compiled("Aspiring Aeronaut")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Aspiring Aeronaut]
""")
    g.run_line(["cast Aspiring Aeronaut", "pass", "pass"])
    t = permanents(g, "Thopter Token")
    assert len(t) == 1 and t[0]["types"] == ["Artifact", "Creature"] and t[0]["token"]
    assert g.chars(t[0]["id"]).colors == frozenset()


def test_cr_111_3_two_colors_and_a_quoted_ability_pest_summoning():
    """Pest Summoning: "Create two 1/1 black and green Pest creature tokens with 'When this
    creature dies, you gain 1 life.'" The quoted ability is the token's own (CR 111.3, 603.6c)."""
    _compiled("Pest Summoning")
    g = scenario("""
players:
  - mana_pool: "{C}{B}{B}{R}"
    hand: [Pest Summoning, Shock]
""")
    _cast(g, "cast Pest Summoning", "pass")
    pests = permanents(g, "Pest Token")
    assert len(pests) == 2
    assert g.chars(pests[0]["id"]).colors == frozenset({"B", "G"})
    g.act("cast Shock")
    g.run_line([next(a for a in labels(g) if a.startswith("target Pest Token")), "pass"])
    # the dies trigger of the token goes on the stack and resolves
    while g.state_json()["stack"]:
        g.act("pass")
    assert player(g, "P1")["life"] == 21
    assert len(permanents(g, "Pest Token")) == 1


def test_cr_111_7_704_5d_a_token_that_died_ceases_to_exist_beetleback_chief():
    """Beetleback Chief: "When ~ enters, create two 1/1 red Goblin creature tokens." A Goblin
    token put into the graveyard ceases to exist (CR 111.7, 704.5d): it is in no zone."""
    _compiled("Beetleback Chief")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}{R}{R}"
    hand: [Beetleback Chief, Shock]
""")
    g.run_line(["cast Beetleback Chief", "pass", "pass"])
    assert len(permanents(g, "Goblin Token")) == 2
    g.run_line(["cast Shock", "target Goblin Token", "pass"])
    assert len(permanents(g, "Goblin Token")) == 1
    assert player(g, "P1")["graveyard"] == ["Shock"]
    assert all("Goblin Token" not in str(p["exile"]) for p in g.state_json()["players"])


def test_cr_111_1_tokens_for_each_permanent_counted_on_resolution_elvish_promenade():
    """Elvish Promenade: "Create a 1/1 green Elf Warrior creature token for each Elf you
    control." Counted as it resolves (CR 608.2h)."""
    _compiled("Elvish Promenade")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}"
    hand: [Elvish Promenade]
    battlefield: [Llanowar Elves, Elvish Mystic, Grizzly Bears]
""")
    g.run_line(["cast Elvish Promenade", "pass"])
    elves = permanents(g, "Elf Warrior Token")
    assert len(elves) == 2
    assert g.chars(elves[0]["id"]).subtypes == ("Elf", "Warrior")


def test_cr_111_1_tapped_tokens_for_each_tapped_creature_crash_the_party():
    """Crash the Party: "Create a tapped 4/4 green Rhino Warrior creature token for each tapped
    creature you control." The tokens enter tapped."""
    _compiled("Crash the Party")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}{G}{G}"
    hand: [Crash the Party]
    battlefield: [{card: Grizzly Bears, tapped: true}, {card: Memnite, tapped: true}, Llanowar Elves]
""")
    g.run_line(["cast Crash the Party", "pass"])
    rhinos = permanents(g, "Rhino Warrior Token")
    assert len(rhinos) == 2 and all(r["tapped"] for r in rhinos)
    assert (rhinos[0]["power"], rhinos[0]["toughness"]) == (4, 4)


def test_cr_111_2_each_opponent_creates_and_controls_the_token_slaughter_specialist():
    """Slaughter Specialist: "When ~ enters, each opponent creates a 1/1 white Human creature
    token." The opponent owns and controls it (CR 111.2)."""
    _compiled("Slaughter Specialist")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{B}"
    hand: [Slaughter Specialist]
  - {}
""")
    g.run_line(["cast Slaughter Specialist", "pass", "pass"])
    humans = permanents(g, "Human Token")
    assert len(humans) == 1
    assert (humans[0]["controller"], humans[0]["owner"]) == ("P2", "P2")


def test_cr_113_7a_its_controller_creates_after_the_permanent_is_destroyed_beast_within():
    """Beast Within: "Destroy target permanent. Its controller creates a 3/3 green Beast
    creature token." The permanent is gone; the player who controlled it as it last existed
    (CR 113.7a) creates the Beast and controls it (CR 111.2)."""
    _compiled("Beast Within")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}"
    hand: [Beast Within]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Beast Within", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["graveyard"] == ["Grizzly Bears"]
    beast = permanents(g, "Beast Token")
    assert len(beast) == 1 and (beast[0]["controller"], beast[0]["power"]) == ("P2", 3)


def test_cr_113_7a_its_controller_creates_for_a_countered_spell_an_offer_you_cant_refuse():
    """An Offer You Can't Refuse: "Counter target noncreature spell. Its controller creates two
    Treasure tokens." The countered spell's controller gets the Treasures."""
    _compiled("An Offer You Can't Refuse")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Shock]
  - mana_pool: "{U}"
    hand: [An Offer You Can't Refuse]
""")
    g.run_line(["cast Shock", "target P2", "pass"])
    g.run_line(["cast An Offer You Can't Refuse", "target Shock", "pass", "pass"])
    assert player(g, "P2")["life"] == 20
    treasures = permanents(g, "Treasure Token")
    assert len(treasures) == 2 and all(t["controller"] == "P1" for t in treasures)


def test_cr_107_3_an_x_x_token_has_the_x_paid_slime_molding():
    """Slime Molding: "Create an X/X green Ooze creature token." Its power and toughness are
    the X paid (CR 107.3), fixed as it is created."""
    _compiled("Slime Molding")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}"
    hand: [Slime Molding]
""")
    g.run_line(["cast Slime Molding", "x 3", "pass"])
    ooze = permanents(g, "Ooze Token")
    assert len(ooze) == 1 and (ooze[0]["power"], ooze[0]["toughness"]) == (3, 3)


def test_cr_107_3_x_tokens_each_x_x_gelatinous_genesis():
    """Gelatinous Genesis: "Create X X/X green Ooze creature tokens." With X = 2: two 2/2s."""
    _compiled("Gelatinous Genesis")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}{G}"
    hand: [Gelatinous Genesis]
""")
    g.run_line(["cast Gelatinous Genesis", "x 2", "pass"])
    oozes = permanents(g, "Ooze Token")
    assert [(o["power"], o["toughness"]) for o in oozes] == [(2, 2), (2, 2)]


def test_cr_111_3_several_kinds_of_tokens_in_one_effect_bestial_menace():
    """Bestial Menace: "Create a 1/1 green Snake creature token, a 2/2 green Wolf creature
    token, and a 3/3 green Elephant creature token." """
    _compiled("Bestial Menace")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}{G}"
    hand: [Bestial Menace]
""")
    g.run_line(["cast Bestial Menace", "pass"])
    got = {(e["card"], e["power"], e["toughness"]) for e in player(g, "P1")["battlefield"]}
    assert got == {("Snake Token", 1, 1), ("Wolf Token", 2, 2), ("Elephant Token", 3, 3)}


def test_cr_111_9_a_legendary_named_token_tuktuk_the_explorer():
    """Tuktuk the Explorer: "When ~ dies, create Tuktuk the Returned, a legendary 5/5 colorless
    Goblin Golem artifact creature token." The token has that name and is legendary (CR
    111.9)."""
    _compiled("Tuktuk the Explorer")
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Shock]
    battlefield: [Tuktuk the Explorer]
""")
    g.run_line(["cast Shock", "target Tuktuk the Explorer", "pass", "pass"])
    tok = permanents(g, "Tuktuk the Returned")
    assert len(tok) == 1 and tok[0]["token"] and (tok[0]["power"], tok[0]["toughness"]) == (5, 5)
    assert tok[0]["types"] == ["Artifact", "Creature"]
    assert "Legendary" in g.chars(tok[0]["id"]).supertypes
    assert g.chars(tok[0]["id"]).subtypes == ("Goblin", "Golem")


def test_cr_608_2h_tokens_equal_to_its_power_counted_after_the_counter_krenko_tin_street_kingpin():
    """Krenko, Tin Street Kingpin: "Whenever ~ attacks, put a +1/+1 counter on it, then create
    a number of 1/1 red Goblin creature tokens equal to ~'s power." Its power is read as that
    part of the effect happens (CR 608.2h): 1 + 1 = 2 Goblins."""
    _compiled("Krenko, Tin Street Kingpin")
    g = scenario("""
format: duel
players:
  - battlefield: ["Krenko, Tin Street Kingpin"]
  - {}
""")
    pass_until(g, "beginning_of_combat")
    g.run_line(["pass", "pass", "attack P2 with Krenko, Tin Street Kingpin", "pass", "pass"])
    assert permanents(g, "Krenko, Tin Street Kingpin")[0]["power"] == 2
    goblins = permanents(g, "Goblin Token")
    assert len(goblins) == 2 and not any(g.is_attacking(t["id"]) for t in goblins)


def test_cr_111_1_tokens_equal_to_the_number_of_opponents_chittering_witch():
    """Chittering Witch: "When ~ enters, create a number of 1/1 black Rat creature tokens equal
    to the number of opponents you have." One opponent: one Rat."""
    _compiled("Chittering Witch")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{B}{B}"
    hand: [Chittering Witch]
  - {}
""")
    g.run_line(["cast Chittering Witch", "pass", "pass"])
    assert len(permanents(g, "Rat Token")) == 1


# ---------------------------------------------------------------------------------------------
# the predefined tokens (CR 111.10)


def test_cr_111_10a_treasure_token_sacrificed_for_mana_prosperous_pirates():
    """Prosperous Pirates: "When ~ enters, create two Treasure tokens." A Treasure is "a
    colorless Treasure artifact token with '{T}, Sacrifice this token: Add one mana of any
    color.'" (CR 111.10a)."""
    _compiled("Prosperous Pirates")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}"
    hand: [Prosperous Pirates]
""")
    g.run_line(["cast Prosperous Pirates", "pass", "pass"])
    treasures = permanents(g, "Treasure Token")
    assert len(treasures) == 2 and treasures[0]["types"] == ["Artifact"] and treasures[0]["token"]
    acts = [a for a in labels(g) if a.startswith("activate Treasure Token")]
    assert acts
    g.act(acts[0])
    if g.decision.kind != "priority":
        g.act(next(a for a in labels(g) if "R" in a))
    assert player(g, "P1")["mana_pool"] != ""
    assert len(permanents(g, "Treasure Token")) == 1


def test_cr_111_10b_food_token_gains_3_life_bake_into_a_pie():
    """Bake into a Pie: "Destroy target creature. Create a Food token." A Food is "a colorless
    Food artifact token with '{2}, {T}, Sacrifice this token: You gain 3 life.'" (CR 111.10b)."""
    _compiled("Bake into a Pie")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{B}{B}{B}{B}"
    hand: [Bake into a Pie]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Bake into a Pie", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["battlefield"] == []
    assert len(permanents(g, "Food Token")) == 1
    g.act("activate Food Token")
    while g.decision.kind != "priority" or g.state_json()["stack"]:
        acts = labels(g)
        g.act(next((a for a in acts if a.startswith("pay") or a == "pass"), acts[0]))
    assert player(g, "P1")["life"] == 23
    assert permanents(g, "Food Token") == []


def test_cr_111_10c_gold_token_gild():
    """Gild: "Exile target creature. Create a Gold token." A Gold is "a colorless Gold artifact
    token with 'Sacrifice this token: Add one mana of any color.'" (CR 111.10c)."""
    _compiled("Gild")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{B}{B}"
    hand: [Gild]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Gild", "target Grizzly Bears", "pass"])
    gold = permanents(g, "Gold Token")
    assert len(gold) == 1 and not gold[0]["tapped"]
    assert any(a.startswith("activate Gold Token") for a in labels(g))


def test_cr_111_10d_walker_tokens_are_named_walker_daryl():
    """Daryl, Hunter of Walkers: "At the beginning of your upkeep, target opponent creates three
    Walker tokens." A Walker is "a 2/2 black Zombie creature token named Walker" (CR 111.10d)."""
    _compiled("Daryl, Hunter of Walkers")
    spec = PREDEFINED["Walker"]
    card = token_card(spec)
    assert (card.name, card.subtypes, card.power, card.toughness, card.colors) == \
        ("Walker", ("Zombie",), 2, 2, frozenset({"B"}))


def test_cr_111_10_predefined_tokens_compile_from_their_rule_text():
    """Treasure, Food, Gold, Clue and Blood (CR 111.10a-c, f, g) compile from the text the rule
    gives them; the others wait for their effects (scry, explore, ...)."""
    for word in ("Treasure", "Food", "Gold", "Clue", "Blood"):
        card = token_card(PREDEFINED[word])
        assert card.is_token and card.name == f"{word} Token" and card.subtypes == (word,)
        assert card.types == frozenset({"Artifact"}) and card.colors == frozenset()


def test_cr_701_16a_investigate_creates_a_clue_that_draws_hard_evidence():
    """Hard Evidence: "Create a 0/3 blue Crab creature token. / Investigate." Investigate means
    "Create a Clue token" (CR 701.16a); a Clue is "a colorless Clue artifact token with '{2},
    Sacrifice this token: Draw a card.'" (CR 111.10f)."""
    _compiled("Hard Evidence")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}"
    hand: [Hard Evidence]
    library: [Island, Island]
""")
    g.run_line(["cast Hard Evidence", "pass"])
    assert len(permanents(g, "Crab Token")) == 1
    clue = permanents(g, "Clue Token")
    assert len(clue) == 1 and clue[0]["types"] == ["Artifact"]
    g.run_line(["activate Clue Token", "pass"])
    assert player(g, "P1")["hand"] == ["Island"]
    assert permanents(g, "Clue Token") == []


def test_cr_111_3_it_has_the_quoted_ability_the_next_sentence_gives_spawning_breath():
    """Spawning Breath: "~ deals 1 damage to any target. Create a 0/1 colorless Eldrazi Spawn
    creature token. It has 'Sacrifice this creature: Add {C}.'" The ability is the token's own
    (CR 111.3); it is a mana ability (CR 605.1a)."""
    _compiled("Spawning Breath")
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Spawning Breath]
""")
    g.run_line(["cast Spawning Breath", "target P2", "pass"])
    assert player(g, "P2")["life"] == 19
    spawn = permanents(g, "Eldrazi Spawn Token")
    assert len(spawn) == 1 and (spawn[0]["power"], spawn[0]["toughness"]) == (0, 1)
    g.act("activate Eldrazi Spawn Token")
    assert player(g, "P1")["mana_pool"] == "{C}"
    assert permanents(g, "Eldrazi Spawn Token") == []


def test_cr_701_47a_amass_creates_an_army_then_grows_it_callous_dismissal():
    """Callous Dismissal: "Return target nonland permanent to its owner's hand. / Amass 1."
    Without an Army, amass creates a 0/0 black Zombie Army token first, then puts the counter
    on it (CR 701.47a, 701.47d); the second amass grows the same Army."""
    _compiled("Callous Dismissal")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Callous Dismissal, Callous Dismissal]
  - battlefield: [Grizzly Bears, Memnite]
""")
    g.run_line(["cast Callous Dismissal", "target Grizzly Bears", "pass"])
    army = permanents(g, "Zombie Army Token")
    assert len(army) == 1 and (army[0]["power"], army[0]["toughness"]) == (1, 1)
    assert army[0]["counters"] == {"+1/+1": 1}
    g.run_line(["cast Callous Dismissal", "target Memnite", "pass"])
    army = permanents(g, "Zombie Army Token")
    assert len(army) == 1 and army[0]["counters"] == {"+1/+1": 2}
    assert g.chars(army[0]["id"]).subtypes == ("Zombie", "Army")


def test_cr_701_47a_the_amassed_army_becomes_a_zombie_if_it_isnt_one():
    """CR 701.47a: "If it isn't a [subtype], it becomes a [subtype] in addition to its other
    types." An Army that isn't a Zombie becomes one, for good (CR 611.2a)."""
    from mtg_env.cards.effects.tokens import Amass, CreateTokens
    from mtg_env.cards.tokens import TokenSpec
    from mtg_env.core.objects import Context
    g = scenario("""
players:
  - battlefield: [Grizzly Bears]
""")
    orc = TokenSpec("Orc Army Token", "Creature — Orc Army", "B", 0, 0)
    ctx = Context(0, None, "test")
    CreateTokens(orc, 1).resolve(g, ctx, 0)
    Amass(2).resolve(g, ctx, 1)
    army = permanents(g, "Orc Army Token")
    assert len(army) == 1 and army[0]["counters"] == {"+1/+1": 2}
    assert set(g.chars(army[0]["id"]).subtypes) == {"Orc", "Army", "Zombie"}
    assert permanents(g, "Zombie Army Token") == []


def test_cr_301_5_equipment_attached_to_the_token_it_created_ancestral_blade():
    """Ancestral Blade: "When ~ enters, create a 1/1 white Soldier creature token, then attach ~
    to it." / "Equipped creature gets +1/+1." "it" is the token just created: a 2/2 Soldier."""
    _compiled("Ancestral Blade")
    g = scenario("""
players:
  - mana_pool: "{W}{W}"
    hand: [Ancestral Blade]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Ancestral Blade", "pass", "pass"])
    soldier = permanents(g, "Soldier Token")
    assert len(soldier) == 1 and (soldier[0]["power"], soldier[0]["toughness"]) == (2, 2)
    blade = permanents(g, "Ancestral Blade")[0]
    assert blade["attached_to"] == soldier[0]["id"]
    assert permanents(g, "Grizzly Bears")[0]["power"] == 2


# ---------------------------------------------------------------------------------------------
# tapped and attacking (CR 508.4)


def _attack(g, attacker: str) -> None:
    pass_until(g, "beginning_of_combat")
    g.run_line(["pass", "pass"])
    g.act(f"attack P2 with {attacker}")


def test_cr_508_4_tokens_enter_tapped_and_attacking_and_deal_damage_leonin_warleader():
    """Leonin Warleader: "Whenever ~ attacks, create two 1/1 white Cat creature tokens with
    lifelink that are tapped and attacking." They attack the defending player without being
    declared as attackers (CR 508.4), deal combat damage and lifelink gains life."""
    _compiled("Leonin Warleader")
    g = scenario("""
format: duel
players:
  - battlefield: [Leonin Warleader]
  - {}
""")
    _attack(g, "Leonin Warleader")
    g.run_line(["pass", "pass"])  # the attack trigger resolves
    cats = permanents(g, "Cat Token")
    assert len(cats) == 2 and all(c["tapped"] for c in cats)
    assert all(g.is_attacking(c["id"]) for c in cats)
    while g.state_json()["step"] != "end_of_combat":
        g.act(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
    assert player(g, "P2")["life"] == 20 - 4 - 2
    assert player(g, "P1")["life"] == 22


def test_cr_508_4_attacking_tokens_are_not_declared_so_they_do_not_trigger_falconer_adept():
    """Falconer Adept: "Whenever ~ attacks, create a 1/1 white Bird creature token with flying
    that's tapped and attacking." Two Adepts: each makes one Bird; the Birds weren't declared
    as attackers, so nothing triggers for them (CR 508.4: they never "attacked")."""
    _compiled("Falconer Adept")
    g = scenario("""
format: duel
players:
  - battlefield: [Falconer Adept]
  - battlefield: [Grizzly Bears]
""")
    _attack(g, "Falconer Adept")
    g.run_line(["pass", "pass"])
    birds = permanents(g, "Bird Token")
    assert len(birds) == 1 and birds[0]["tapped"] and g.is_attacking(birds[0]["id"])
    assert g.state_json()["stack"] == []
    assert not any("Bird Token" in ln and "attacks:" in ln for ln in g.log)


def test_cr_508_4_outside_combat_an_attacking_token_enters_but_is_not_attacking():
    """CR 506.3, 508.4: a token created "tapped and attacking" outside combat (a copy of the
    attack trigger resolving in a main phase is the same as any effect) enters tapped and isn't
    attacking."""
    from mtg_env.cards.effects.tokens import CreateTokens
    from mtg_env.core.objects import Context
    g = scenario("""
players:
  - battlefield: [Grizzly Bears]
""")
    spec = token_card(PREDEFINED["Walker"]).spec
    assert spec is not None
    CreateTokens(spec, 1, tapped=True, attacking=True).resolve(g, Context(0, None, "test"), 0)
    w = permanents(g, "Walker")
    assert len(w) == 1 and w[0]["tapped"] and not g.is_attacking(w[0]["id"])


def test_cr_508_4_a_token_put_onto_the_battlefield_attacking_in_beginning_of_combat_stays_attacking():
    """CR 508.4, 508.1: a creature put onto the battlefield attacking in the beginning of combat
    step is attacking; in the declare attackers step it isn't declared (nor tapped by
    attacking), the others are declared beside it, and both deal combat damage."""
    from mtg_env.cards.effects.tokens import CreateTokens
    from mtg_env.core.objects import Context
    g = scenario("""
format: duel
step: beginning_of_combat
players:
  - battlefield: [Grizzly Bears]
  - {}
""")
    spec = PREDEFINED["Walker"]
    CreateTokens(spec, 1, attacking=True).resolve(g, Context(0, None, "test"), 0)
    walker = permanents(g, "Walker")[0]
    assert g.is_attacking(walker["id"]) and not walker["tapped"]
    g.run_line(["pass", "pass"])
    assert "attack P2 with Walker" not in labels(g)
    g.act("attack P2 with Grizzly Bears")
    assert not permanents(g, "Walker")[0]["tapped"] and permanents(g, "Grizzly Bears")[0]["tapped"]
    assert any(ln.endswith("attacks: Grizzly Bears -> P2") for ln in g.log)
    while g.state_json()["step"] != "end_of_combat":
        g.act(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
    assert player(g, "P2")["life"] == 20 - 2 - 2


# ---------------------------------------------------------------------------------------------
# copies as tokens (CR 707.2) and populate (CR 701.36)


def test_cr_707_2_token_copy_of_itself_myr_propagator():
    """Myr Propagator: "{3}, {T}: Create a token that's a copy of ~." The token copies the
    copiable values only: it is untapped though the original is tapped (CR 707.2)."""
    _compiled("Myr Propagator")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}"
    battlefield: [Myr Propagator]
""")
    g.run_line(["activate Myr Propagator", "pass"])
    myrs = permanents(g, "Myr Propagator")
    assert len(myrs) == 2
    orig, tok = sorted(myrs, key=lambda m: m["token"])
    assert orig["tapped"] and not orig["token"]
    assert tok["token"] and not tok["tapped"] and (tok["power"], tok["toughness"]) == (1, 1)


def test_cr_707_2_token_copy_of_a_clone_copies_what_it_copies_necroduality():
    """Necroduality: "Whenever a nontoken Zombie enters under your control, create a token
    that's a copy of that creature." The copy copies the Zombie's copiable values."""
    _compiled("Necroduality")
    g = scenario("""
players:
  - mana_pool: "{B}{B}"
    hand: [Walking Corpse]
    battlefield: [Necroduality]
""")
    g.run_line(["cast Walking Corpse", "pass", "pass"])
    corpses = permanents(g, "Walking Corpse")
    assert sorted(c["token"] for c in corpses) == [False, True]


def test_cr_701_36a_populate_copies_a_creature_token_you_control_eyes_in_the_skies():
    """Eyes in the Skies: "Create a 1/1 white Bird creature token with flying, then populate."
    Populate copies a creature token you control (CR 701.36a): here the Bird just made."""
    _compiled("Eyes in the Skies")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}{W}"
    hand: [Eyes in the Skies]
""")
    g.run_line(["cast Eyes in the Skies", "pass"])
    if g.decision.kind != "priority":
        g.act(next(a for a in labels(g) if a.startswith("populate")))
    birds = permanents(g, "Bird Token")
    assert len(birds) == 2 and all(b["token"] for b in birds)
    assert all(g.chars(b["id"]).keywords == frozenset({"flying"}) for b in birds)


def test_cr_701_36b_populate_without_a_creature_token_creates_nothing_rootborn_defenses():
    """Rootborn Defenses: "Populate. Creatures you control gain indestructible until end of
    turn." With no creature token, populate creates nothing (CR 701.36b); a Treasure is not a
    creature token."""
    _compiled("Rootborn Defenses")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}"
    hand: [Rootborn Defenses]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Rootborn Defenses", "pass"])
    assert [p["card"] for p in player(g, "P1")["battlefield"]] == ["Grizzly Bears"]


def test_cr_707_2_clone_copies_a_token_an_effect_defined():
    """Clone entering as a copy of a Soldier Token copies the characteristics the creating
    effect defined (CR 707.2, 111.3): a 1/1 Soldier named Soldier Token, not a token itself."""
    g = scenario("""
players:
  - mana_pool: "{W}{W}{U}{U}{U}{U}"
    hand: [Raise the Alarm, Clone]
""")
    _cast(g, "cast Raise the Alarm", "pass")
    _cast(g, "cast Clone", "pass")
    g.act(next(a for a in labels(g) if a.startswith("copy Soldier Token")))
    soldiers = permanents(g, "Soldier Token")
    assert len(soldiers) == 3
    assert sorted(s["token"] for s in soldiers) == [False, True, True]
    clone = next(s for s in soldiers if not s["token"])
    assert (clone["power"], clone["toughness"]) == (1, 1)


# ---------------------------------------------------------------------------------------------
# the token registry pickles and copies with the game


def test_token_definitions_pickle_and_copy_with_the_game():
    """A game with tokens an effect defined pickles (also into a fresh process) and copies:
    the tokens come back with the same definition."""
    g = scenario("""
players:
  - mana_pool: "{W}{W}"
    hand: [Raise the Alarm]
""")
    g.run_line(["cast Raise the Alarm", "pass"])
    before = permanents(g, "Soldier Token")
    g2 = pickle.loads(pickle.dumps(g))
    assert permanents(g2, "Soldier Token") == before
    assert isinstance(g2.objects[before[0]["id"]].card, TokenDef)
    g3 = copy.deepcopy(g)
    assert permanents(g3, "Soldier Token") == before
    data = pickle.dumps(g)
    code = ("import pickle, sys; g = pickle.loads(sys.stdin.buffer.read()); "
            "print(sorted(e['card'] for p in g.state_json()['players'] for e in p['battlefield']))")
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, cwd=ROOT, check=True)
    assert out.stdout.decode().strip() == "['Soldier Token', 'Soldier Token']"


# ---------------------------------------------------------------------------------------------
# wordings the templates decline


@pytest.mark.parametrize(("name", "phrase"), [
    # "where X is ...": the amount is not read here
    ("Mystic Genesis", "where X is"),
    # "except it has haste": a copy with an exception (CR 707.9), not read
    ("Kiki-Jiki, Mirror Breaker", "except it has haste"),
    # a token copy of a noncreature permanent (an Aura would need something to enchant)
    ("Extravagant Replication", "copy"),
    # "that permanent's controller or that player": whichever the target was (not read)
    ("Acorn Catapult", "controller or that player creates"),
    # a token with a keyword the engine doesn't apply (decayed)
    ("Diregraf Horde", "decayed"),
])
def test_token_wordings_declined(name: str, phrase: str):
    st = card_status(name)
    assert not st.supported, st
    assert any(phrase.lower() in r.lower() for r in st.reasons), st.reasons
