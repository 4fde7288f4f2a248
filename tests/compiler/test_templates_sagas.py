"""The templates of the sagas family (templates/energy.py, templates/sagas.py, templates/untap.py):
energy counters, Saga chapters, "doesn't untap" and reminder lines, each through real cards
compiled from their Oracle text, the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.compiler.test_templates_combat import attack, to_decision
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, player, scenario, stack
from tests.helpers import unsupported as _unsupported

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


# ---------------------------------------------------------------------------------------------
# "reminder text" lines of the card's own mana symbols (CR 207.2a, 107.4e)


def test_cr_107_4e_hybrid_reminder_is_no_ability_boros_recruit():
    """Boros Recruit: "({R/W} can be paid with either {R} or {W}.)" is reminder text (CR 207.2a):
    the card is read, and {R/W} is paid with either color (CR 107.4e)."""
    _compiled("Boros Recruit")
    from mtg_env.cards import get_card
    assert [ab.text for ab in get_card("Boros Recruit").abilities] == ["First strike"]
    for pool in ("{R}", "{W}"):
        g = scenario(f"""
players:
  - mana_pool: "{pool}"
    hand: [Boros Recruit]
""")
        g.run_line(["cast Boros Recruit", "pass"])
        assert permanent(g, "Boros Recruit")["controller"] == "P1"


def test_cr_207_2a_a_reminder_of_a_symbol_the_card_doesnt_have_is_declined():
    """A reminder line is read only about the card's own symbols (a card whose reminder names a
    symbol it doesn't have would be misprinted: nothing is read)."""
    from mtg_env.cards.compiler.builder import Builder
    from mtg_env.cards.compiler.grammar import NoParse, apply
    from mtg_env.cards.compiler.text import lines_of
    from mtg_env.cards.database import lookup
    card = lookup("Grizzly Bears")
    ln = lines_of("({B/R} can be paid with either {B} or {R}.)", card.name)[0]
    assert ln.reminder_only
    try:
        apply("static", ln.text, Builder(card), line=ln)
    except NoParse:
        pass
    else:
        raise AssertionError("read a reminder of a symbol Grizzly Bears doesn't have")


# ---------------------------------------------------------------------------------------------
# doesn't untap (CR 502.3)


def test_cr_502_3_enchanted_creature_doesnt_untap_claustrophobia():
    """Claustrophobia: "Enchanted creature doesn't untap during its controller's untap step."
    The enchanted creature stays tapped in its controller's untap step; another one untaps."""
    _compiled("Claustrophobia")
    g = scenario("""
format: duel
players:
  - battlefield: [{card: Claustrophobia, attached_to: Grizzly Bears}]
  - battlefield: [{card: Grizzly Bears, tapped: true}, {card: Llanowar Elves, tapped: true}]
""")
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Grizzly Bears")["tapped"] is True
    assert permanent(g, "Llanowar Elves")["tapped"] is False


def test_cr_502_3_a_group_doesnt_untap_back_to_basics():
    """Back to Basics: "Nonbasic lands don't untap during their controllers' untap steps." """
    _compiled("Back to Basics")
    g = scenario("""
format: duel
players:
  - battlefield: [Back to Basics]
  - battlefield: [{card: Tropical Island, tapped: true}, {card: Forest, tapped: true}]
""")
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Tropical Island")["tapped"] is True
    assert permanent(g, "Forest")["tapped"] is False


def test_cr_502_3_doesnt_untap_during_its_controllers_next_untap_step_chill_of_the_grave():
    """Chill of the Grave: "Tap target creature. It doesn't untap during its controller's next
    untap step." It stays tapped in that player's next untap step only (the ruling: the effect
    is used up then)."""
    _compiled("Chill of the Grave")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{U}"
    hand: [Chill of the Grave]
    library: [Island, Island, Island]
  - battlefield: [Grizzly Bears]
    library: [Island, Island, Island]
""")
    g.run_line(["cast Chill of the Grave", "target Grizzly Bears", "pass", "pass"])
    assert permanent(g, "Grizzly Bears")["tapped"] is True
    pass_until(g, "upkeep", turn=2)
    assert permanent(g, "Grizzly Bears")["tapped"] is True
    pass_until(g, "upkeep", turn=4)
    assert permanent(g, "Grizzly Bears")["tapped"] is False


def test_cr_502_3_doesnt_untap_during_your_next_untap_step_arbalest_elite():
    """Arbalest Elite: "{2}{W}, {T}: Arbalest Elite deals 3 damage to target attacking or blocking
    creature. Arbalest Elite doesn't untap during your next untap step." """
    _compiled("Arbalest Elite")
    g = scenario("""
format: duel
mana_payment: auto
turn: 2
active_player: P2
players:
  - battlefield: [Arbalest Elite, Plains, Plains, Plains]
    library: [Island, Island, Island]
  - battlefield: [Grizzly Bears]
    library: [Island, Island, Island]
""")
    to_decision(g, "attack")
    g.act("attack P1 with Grizzly Bears")
    g.run_line(["pass", "activate Arbalest Elite", "target Grizzly Bears", "pass", "pass"])
    assert permanent(g, "Arbalest Elite")["tapped"] is True
    pass_until(g, "upkeep", turn=3)
    assert permanent(g, "Arbalest Elite")["tapped"] is True
    pass_until(g, "upkeep", turn=5)
    assert permanent(g, "Arbalest Elite")["tapped"] is False


def test_cr_502_3_choose_not_to_untap_is_declined_amber_prison():
    """Amber Prison: "You may choose not to untap Amber Prison during your untap step." (a choice
    in the untap step) and "for as long as Amber Prison remains tapped": not read."""
    _unsupported("Amber Prison", "You may choose not to untap ~ during your untap step")


# ---------------------------------------------------------------------------------------------
# Phyrexian mana (CR 107.4f): one mana of its color or 2 life


def test_cr_107_4f_phyrexian_mana_paid_with_life_gut_shot():
    """Gut Shot: {R/P}, "Gut Shot deals 1 damage to any target." With no mana it is cast by
    paying 2 life (CR 107.4f); its mana value is 1 (CR 202.3)."""
    _compiled("Gut Shot")
    from mtg_env.cards import get_card
    assert get_card("Gut Shot").mana_value == 1
    g = scenario("""
format: duel
players:
  - hand: [Gut Shot]
  - battlefield: []
""")
    g.run_line(["cast Gut Shot", "target P2", "pass", "pass"])
    assert player(g, "P1")["life"] == 18
    assert player(g, "P2")["life"] == 19
    assert "P1 pays 2 life for Phyrexian mana" in g.log


def test_cr_107_4f_phyrexian_mana_the_player_chooses_gut_shot():
    """With {R} in the pool the player chooses: the mana, or 2 life (and keeps the {R})."""
    yaml = """
format: duel
players:
  - mana_pool: "{R}"
    hand: [Gut Shot]
  - battlefield: []
"""
    g = scenario(yaml)
    g.run_line(["cast Gut Shot", "target P2"])
    assert sorted(labels(g)) == ["pay 2 life for {R/P}", "pay {R} for {R/P}"]
    g.run_line(["pay {R} for {R/P}", "pass", "pass"])
    assert (player(g, "P1")["life"], player(g, "P1")["mana_pool"]) == (20, "")
    g = scenario(yaml)
    g.run_line(["cast Gut Shot", "target P2", "pay 2 life for {R/P}"])
    assert (player(g, "P1")["life"], player(g, "P1")["mana_pool"]) == (18, "{R}")


def test_cr_119_4_phyrexian_mana_needs_the_life_gut_shot():
    """CR 119.4: a player can pay life only if their life total is at least the payment. At 1
    life and without {R}, Gut Shot can't be cast."""
    g = scenario("""
format: duel
players:
  - life: 1
    hand: [Gut Shot]
  - battlefield: []
""")
    assert not any(lab.startswith("cast Gut Shot") for lab in labels(g))


def test_cr_119_4_all_the_life_of_a_cost_together_dismember():
    """Dismember: {1}{B/P}{B/P}. At 3 life with only {C}, one {B/P} can be paid with life but not
    both (4 life): it can't be cast; with {C}{B} at 3 life, only one way is left (no choice)."""
    _compiled("Dismember")
    g = scenario("""
format: duel
players:
  - life: 3
    mana_pool: "{C}"
    hand: [Dismember]
  - battlefield: [Grizzly Bears]
""")
    assert not any(lab.startswith("cast Dismember") for lab in labels(g))
    g = scenario("""
format: duel
players:
  - life: 3
    mana_pool: "{C}{B}"
    hand: [Dismember]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Dismember", "target Grizzly Bears"])
    assert player(g, "P1")["life"] == 1
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_107_4f_phyrexian_mana_in_an_activation_cost_immolating_souleater():
    """Immolating Souleater: "{R/P}: Immolating Souleater gets +1/+0 until end of turn." Activated
    with 2 life, then with {R}."""
    _compiled("Immolating Souleater")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    battlefield: [Immolating Souleater]
  - battlefield: []
""")
    g.run_line(["activate Immolating Souleater", "pay 2 life for {R/P}", "pass", "pass"])
    g.run_line(["activate Immolating Souleater", "pay {R} for {R/P}", "pass", "pass"])
    assert permanent(g, "Immolating Souleater")["power"] == 3
    assert player(g, "P1")["life"] == 18


def test_cr_107_4f_phyrexian_mana_with_x_is_declined():
    """A Phyrexian symbol beside {X} (the largest X would depend on the life paid): not read."""
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    face = OracleFace("Test Phyrexian X", "{X}{R/P}", "Sorcery", "Draw X cards.")
    got = compile_card(OracleCard(face.name, "normal", face, (face,), ("R",), 1.0))
    assert not got.supported and got.reasons == ("mana cost {X}{R/P}",)


# ---------------------------------------------------------------------------------------------
# Sagas (CR 714)

_BENALIA = """
format: duel
players:
  - mana_pool: "{C}{W}{W}"
    hand: [History of Benalia]
    library: [Plains, Plains, Plains, Plains]
  - library: [Plains, Plains, Plains, Plains]
"""


def _knights(g) -> list[int]:
    return [p["power"] for p in player(g, "P1")["battlefield"] if p["card"] == "Knight Token"]


def test_cr_714_3a_a_saga_enters_with_a_lore_counter_history_of_benalia():
    """History of Benalia: "I, II — Create a 2/2 white Knight creature token with vigilance."
    As it enters it gets a lore counter (CR 714.3a), and chapter I triggers (CR 714.2b, 122.6)."""
    _compiled("History of Benalia")
    g = scenario(_BENALIA)
    g.run_line(["cast History of Benalia", "pass", "pass"])
    assert permanent(g, "History of Benalia")["counters"] == {"lore": 1}
    assert [s["text"] for s in stack(g)] == ["I, II — Create a 2/2 white Knight creature token with vigilance."]
    g.run_line(["pass", "pass"])
    assert _knights(g) == [2]


def test_cr_714_3b_a_lore_counter_as_the_precombat_main_phase_begins_history_of_benalia():
    """CR 714.3b: as its controller's precombat main phase begins, a lore counter (a turn-based
    action): chapter II in the next turn; chapter III ("Knights you control get +2/+1 until end
    of turn.") the turn after, then it is sacrificed (CR 714.4) once chapter III has left the
    stack."""
    g = scenario(_BENALIA)
    g.run_line(["cast History of Benalia", "pass", "pass", "pass", "pass"])
    pass_until(g, "upkeep", turn=3)
    assert permanent(g, "History of Benalia")["counters"] == {"lore": 1}  # not in the upkeep
    pass_until(g, "precombat_main", turn=3)
    assert permanent(g, "History of Benalia")["counters"] == {"lore": 2}
    g.run_line(["pass", "pass"])
    assert _knights(g) == [2, 2]
    pass_until(g, "precombat_main", turn=5)
    assert permanent(g, "History of Benalia")["counters"] == {"lore": 3}  # III on the stack: still here
    g.run_line(["pass", "pass"])
    assert _knights(g) == [4, 4]
    assert "History of Benalia" in player(g, "P1")["graveyard"]


def test_cr_714_2b_only_chapters_passed_trigger_the_birth_of_meletis():
    """The Birth of Meletis: "I — Search your library for a basic Plains card, reveal it, put it
    into your hand, then shuffle.", "II — Create a 0/4 white Wall artifact creature token with
    defender.", "III — You gain 2 life." With two lore counters already, only chapter III
    triggers when the third is put on (CR 714.2b)."""
    _compiled("The Birth of Meletis")
    g = scenario("""
format: duel
step: upkeep
players:
  - battlefield: [{card: The Birth of Meletis, counters: {lore: 2}}]
    library: [Island, Island]
  - library: [Island, Island]
""")
    pass_until(g, "precombat_main")
    assert [s["text"] for s in stack(g)] == ["III — You gain 2 life."]
    g.run_line(["pass", "pass"])
    assert player(g, "P1")["life"] == 22
    assert player(g, "P1")["graveyard"] == ["The Birth of Meletis"]


def test_cr_712_14a_exile_and_return_transformed_befriending_the_moths():
    """Befriending the Moths: "III — Exile this Saga, then return it to the battlefield
    transformed under your control." It returns as Imperial Moth, a new object (CR 400.7), with
    the front face's mana value (its rulings)."""
    _compiled("Befriending the Moths")
    g = scenario("""
format: duel
step: upkeep
players:
  - battlefield: [{card: Befriending the Moths, counters: {lore: 2}}]
    library: [Plains, Plains]
  - library: [Plains, Plains]
""")
    pass_until(g, "precombat_main")
    g.run_line(["pass", "pass"])
    bf = player(g, "P1")["battlefield"]
    assert [(p["card"], p["power"], p["toughness"], p["counters"]) for p in bf] == [("Imperial Moth", 2, 4, {})]
    assert player(g, "P1")["exile"] == [] and player(g, "P1")["graveyard"] == []
    assert g.chars(g.battlefield[0]).mana_value == 4


def test_cr_714_saga_wordings_declined():
    """A chapter whose effect no template reads keeps the Saga unsupported (with that effect as
    the reason), and the reminder line must name the Saga's final chapter."""
    _unsupported("Arni Slays the Troll", "You gain life equal to the greatest power among creatures you control")
    from mtg_env.cards.compiler.grammar import NoParse
    from mtg_env.cards.compiler.templates.sagas import saga_line
    from mtg_env.cards.compiler.text import lines_of
    from mtg_env.cards.database import lookup
    card = lookup("History of Benalia")
    text = card.oracle_text.replace("Sacrifice after III", "Sacrifice after II")
    ln = lines_of(text, card.name)[0]
    face = type("F", (), {"oracle_text": text})()
    try:
        saga_line(ln, card, face)
    except NoParse:
        pass
    else:
        raise AssertionError("read a reminder with the wrong final chapter")


# ---------------------------------------------------------------------------------------------
# level up (CR 702.87) and leveler cards (CR 711)


def _pt(g, name: str) -> tuple[int, int]:
    p = permanent(g, name)
    return p["power"], p["toughness"]


def test_cr_711_2_level_bands_beastbreaker_of_bala_ged():
    """Beastbreaker of Bala Ged: "Level up {2}{G}", "LEVEL 1-3 / 4/4", "LEVEL 4+ / 6/6 / Trample".
    With no level counter it is 2/2 (CR 711.5); 1 to 3: base 4/4; 4 or more: base 6/6 with
    trample (CR 711.2a-b)."""
    _compiled("Beastbreaker of Bala Ged")
    yaml = """
format: duel
players:
  - battlefield: [{{card: Beastbreaker of Bala Ged, counters: {{level: {n}}}}}]
"""
    got = {}
    for n in (0, 1, 3, 4, 9):
        g = scenario(yaml.format(n=n)) if n else scenario("""
format: duel
players:
  - battlefield: [Beastbreaker of Bala Ged]
""")
        oid = g.battlefield[0]
        got[n] = (_pt(g, "Beastbreaker of Bala Ged"), g.chars(oid).has_keyword("trample"))
    assert got == {0: ((2, 2), False), 1: ((4, 4), False), 3: ((4, 4), False), 4: ((6, 6), True),
                   9: ((6, 6), True)}


def test_cr_702_87a_level_up_beastbreaker_of_bala_ged():
    """CR 702.87a: "Level up {2}{G}" puts a level counter on it, as a sorcery only."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}{G}"
    battlefield: [Beastbreaker of Bala Ged]
  - battlefield: []
""")
    g.run_line(["activate Beastbreaker of Bala Ged", "pass", "pass"])
    assert permanent(g, "Beastbreaker of Bala Ged")["counters"] == {"level": 1}
    assert _pt(g, "Beastbreaker of Bala Ged") == (4, 4)
    g = scenario("""
format: duel
step: upkeep
players:
  - mana_pool: "{G}{G}{G}"
    battlefield: [Beastbreaker of Bala Ged]
""")
    assert not any(lab.startswith("activate Beastbreaker") for lab in labels(g))


def test_cr_711_2_a_band_with_a_static_ability_is_declined():
    """A band whose ability is a static ability (gained by its own source, which the engine
    doesn't apply) is not read."""
    _unsupported("Kabira Vindicator", "Other creatures you control get +1/+1")
    _unsupported("Hada Spy Patrol", "~ can't be blocked")
