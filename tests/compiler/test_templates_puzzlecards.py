"""The templates of the Forge sample puzzles' cards (templates/puzzlecards.py): linked exile,
conditions on what you control, vanishing and fading; each through real cards, with the Oracle
line and the rule in the docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanents, player, scenario


def _names(zone: list) -> list[str]:
    return [c if isinstance(c, str) else c["card"] for c in zone]


# --------------------------------------------------------------------------------------------
# CR 607.2a, 610.3c: "return the exiled card"


_JOURNEY = """
players:
  - mana_pool: "{W}{W}"
    hand: [Journey to Nowhere, Naturalize]
    battlefield: [Forest, Forest]
    library: [Island]
  - battlefield: [Grizzly Bears]
    library: [Island]
"""


def test_cr_607_2a_the_exiled_card_returns_when_it_leaves_journey_to_nowhere():
    """Journey to Nowhere: "When ~ enters, exile target creature." and "When ~ leaves the
    battlefield, return the exiled card to the battlefield under its owner's control." (linked
    abilities, CR 607.2a; under its owner's control, CR 610.3c)."""
    _compiled("Journey to Nowhere")
    g = scenario(_JOURNEY)
    g.run_line(["cast Journey to Nowhere", "pass", "target Grizzly Bears", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert "Grizzly Bears" in _names(player(g, "P2")["exile"])
    g.run_line(["activate Forest", "activate Forest", "cast Naturalize", "target Journey to Nowhere", "pass", "pass"])
    bears = permanents(g, "Grizzly Bears")
    assert len(bears) == 1 and bears[0]["controller"] == "P2"
    assert _names(player(g, "P2")["exile"]) == []


def test_cr_607_2a_leaving_before_the_exile_resolves_exiles_for_good_journey_to_nowhere():
    """Journey to Nowhere's ruling: if it leaves the battlefield before its first ability has
    resolved, its second ability triggers and does nothing; then the first exiles the creature
    forever."""
    g = scenario(_JOURNEY)
    g.run_line(["cast Journey to Nowhere", "pass", "target Grizzly Bears"])
    g.run_line(["activate Forest", "activate Forest", "cast Naturalize", "target Journey to Nowhere", "pass"])
    assert permanents(g, "Journey to Nowhere") == []
    g.run_line(["pass"])  # its leaves ability: nothing to return
    assert permanents(g, "Grizzly Bears")
    g.run_line(["pass"])  # the enters ability exiles the Bears
    assert permanents(g, "Grizzly Bears") == []
    assert "Grizzly Bears" in _names(player(g, "P2")["exile"])


def test_cr_607_2a_may_exile_another_target_creature_fiend_hunter():
    """Fiend Hunter: "When ~ enters, you may exile another target creature." / "When ~ leaves
    the battlefield, return the exiled card to the battlefield under its owner's control." """
    _compiled("Fiend Hunter")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}"
    hand: [Fiend Hunter, Murder]
    battlefield: [Swamp, Swamp, Swamp]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Fiend Hunter", "pass", "target Grizzly Bears", "pass", "yes"])
    assert permanents(g, "Grizzly Bears") == []
    g.run_line(["activate Swamp", "activate Swamp", "activate Swamp", "cast Murder", "target Fiend Hunter", "pass", "pass"])
    assert len(permanents(g, "Grizzly Bears")) == 1


def test_cr_303_4f_an_exiled_permanent_that_may_be_an_aura_is_declined_oblivion_ring():
    """Oblivion Ring exiles "another target nonland permanent", which may be an Aura: returned
    to the battlefield, its owner would choose what it enchants (CR 303.4f), which the engine
    doesn't do: declined."""
    st = card_status("Oblivion Ring")
    assert not st.supported and any("Aura" in r for r in st.reasons)


# --------------------------------------------------------------------------------------------
# CR 603.4: "if you control three or more artifacts" (metalcraft)


_VAMPIRES = """
players:
  - mana_pool: "{B}{B}{B}{B}{B}"
    hand: [Bleak Coven Vampires, Shatter]
    battlefield: [Mountain, Mountain, Ornithopter, Memnite, {artifacts}]
  - life: 20
"""


def test_cr_603_4_an_intervening_if_on_what_you_control_bleak_coven_vampires():
    """Bleak Coven Vampires: "Metalcraft — When ~ enters, if you control three or more
    artifacts, target player loses 4 life and you gain 4 life." With three artifacts it
    triggers; with two it doesn't (CR 603.4)."""
    _compiled("Bleak Coven Vampires")
    g = scenario(_VAMPIRES.replace("{artifacts}", "Darksteel Relic"))
    g.run_line(["cast Bleak Coven Vampires", "pass", "target P2", "pass"])
    assert player(g, "P2")["life"] == 16 and player(g, "P1")["life"] == 24
    g = scenario(_VAMPIRES.replace(", {artifacts}", ""))
    g.run_line(["cast Bleak Coven Vampires", "pass"])
    assert g.state_json()["stack"] == []
    assert player(g, "P2")["life"] == 20 and player(g, "P1")["life"] == 20


def test_cr_603_4_the_condition_is_checked_again_on_resolution_bleak_coven_vampires():
    """CR 603.4: the intervening "if" is checked again as the ability resolves: an artifact
    destroyed in response leaves two, and the ability does nothing."""
    g = scenario(_VAMPIRES.replace("{artifacts}", "Sol Ring"))
    g.run_line(["cast Bleak Coven Vampires", "pass", "target P2"])
    g.run_line(["activate Mountain", "activate Mountain", "cast Shatter", "target Sol Ring", "pass"])
    g.run_line(["pass"])
    assert player(g, "P2")["life"] == 20 and player(g, "P1")["life"] == 20


def test_cr_608_2c_instead_if_you_control_three_or_more_artifacts_galvanic_blast():
    """Galvanic Blast: "~ deals 2 damage to any target." / "Metalcraft — ~ deals 4 damage
    instead if you control three or more artifacts." (judged as the spell resolves)."""
    _compiled("Galvanic Blast")
    for artifacts, life in (("[Ornithopter, Memnite, Darksteel Relic]", 16), ("[Ornithopter, Memnite]", 18)):
        g = scenario(f"""
players:
  - mana_pool: "{{R}}"
    hand: [Galvanic Blast]
    battlefield: {artifacts}
""")
        g.run_line(["cast Galvanic Blast", "target P2", "pass"])
        assert player(g, "P2")["life"] == life


def test_cr_608_2c_that_creature_gets_more_instead_mirran_mettle():
    """Mirran Mettle: "Target creature gets +2/+2 until end of turn." / "Metalcraft — That
    creature gets +4/+4 until end of turn instead if you control three or more artifacts." """
    _compiled("Mirran Mettle")
    g = scenario("""
players:
  - mana_pool: "{G}"
    hand: [Mirran Mettle]
    battlefield: [Grizzly Bears, Ornithopter, Memnite, Darksteel Relic]
""")
    g.run_line(["cast Mirran Mettle", "target Grizzly Bears", "pass"])
    bears = permanents(g, "Grizzly Bears")[0]
    assert (bears["power"], bears["toughness"]) == (6, 6)


def test_cr_603_4_a_condition_about_other_permanents_is_declined():
    """"if you control two or more other artifacts" is about the source, which may have left
    the battlefield when the condition is judged again: not read."""
    from mtg_env.cards.compiler.grammar import MISS, read
    from mtg_env.cards.compiler.templates import puzzlecards  # noqa: F401
    assert read("you_control_only", "you control two or more other artifacts") is MISS
    assert read("you_control_only", "you control three or more artifacts") is not MISS


# --------------------------------------------------------------------------------------------
# CR 702.63: vanishing; CR 702.32: fading


def _upkeep(yaml_text: str):
    g = scenario(yaml_text)
    g.act("pass")
    assert g.state_json()["step"] == "upkeep"
    return g


def test_cr_702_63a_the_last_time_counter_removed_sacrifices_it_aven_riftwatcher():
    """Aven Riftwatcher: "Vanishing 3" and "When ~ enters or leaves the battlefield, you gain 2
    life." With one time counter at the beginning of its controller's upkeep, the counter is
    removed, and when the last is removed it is sacrificed (and its leaves ability triggers)."""
    _compiled("Aven Riftwatcher")
    g = _upkeep("""
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {card: Aven Riftwatcher, counters: {time: 1}}
""")
    g.run_line(["pass"])  # the upkeep ability removes the counter
    g.run_line(["pass"])  # the last-counter ability sacrifices it
    assert permanents(g, "Aven Riftwatcher") == []
    g.run_line(["pass"])
    assert player(g, "P1")["life"] == 22


def test_cr_702_63a_enters_with_time_counters_one_removed_each_upkeep_aven_riftwatcher():
    """"Vanishing 3": it enters with three time counters (CR 614.1c); each upkeep removes one."""
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}"
    hand: [Aven Riftwatcher]
""")
    g.run_line(["cast Aven Riftwatcher", "pass", "pass"])
    assert permanents(g, "Aven Riftwatcher")[0]["counters"] == {"time": 3}
    g = _upkeep("""
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {card: Aven Riftwatcher, counters: {time: 2}}
""")
    g.run_line(["pass"])
    assert permanents(g, "Aven Riftwatcher")[0]["counters"] == {"time": 1}
    assert g.state_json()["stack"] == []


def test_cr_702_32a_fading_removes_a_counter_or_sacrifices_blastoderm():
    """Blastoderm: "Fading 3" — at the beginning of your upkeep, remove a fade counter from it;
    if you can't, sacrifice it."""
    _compiled("Blastoderm")
    for fade, left in ((1, 1), (0, 0)):
        g = _upkeep(f"""
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {{card: Blastoderm, counters: {{fade: {fade}}}}}
""")
        g.run_line(["pass"])
        assert len(permanents(g, "Blastoderm")) == left
        if left:
            assert permanents(g, "Blastoderm")[0]["counters"] == {}


# --------------------------------------------------------------------------------------------
# CR 509.1c: "blocks this turn if able"; Repentance; investigate three times


_PROVOKE = """
format: duel
players:
  - mana_pool: "{G}{G}"
    hand: [Provoke]
    library: [Island, Island]
    battlefield: [Grizzly Bears, {attacker}]
  - battlefield: [{card: Hill Giant, tapped: true}, Llanowar Elves]
    library: [Island, Island]
"""


def _to_blocks(g, attackers: list[str]) -> None:
    g.run_line(["cast Provoke", "target Hill Giant", "pass", "pass", "pass", "pass", "pass", "pass",
                *(f"attack P2 with {a}" for a in attackers), "pass", "pass"])
    assert g.decision.kind == "block"


def test_cr_509_1c_that_creature_blocks_this_turn_if_able_provoke():
    """Provoke: "Untap target creature you don't control. That creature blocks this turn if
    able." The untapped Hill Giant must block: "no block" is not offered, and once it blocks
    the declaration may end."""
    _compiled("Provoke")
    g = scenario(_PROVOKE.replace("{attacker}", "Savannah Lions"))
    _to_blocks(g, ["Grizzly Bears", "Savannah Lions"])
    assert not permanents(g, "Hill Giant")[0]["tapped"]
    assert "no block" not in labels(g) and "block Grizzly Bears with Hill Giant" in labels(g)
    g.act("block Grizzly Bears with Hill Giant")
    assert "done blocking" in labels(g)


def test_cr_509_1c_a_requirement_a_menace_attacker_can_obey_only_with_help_provoke():
    """CR 509.1c, 702.111b: the most requirements obeyed without breaking a restriction: the
    Hill Giant can block the menace attacker only beside another creature, so the Elves must
    join it (blocking the menace creature with the Giant alone is not a finished declaration)."""
    g = scenario(_PROVOKE.replace("Grizzly Bears, {attacker}", "Boggart Brute"))
    _to_blocks(g, ["Boggart Brute"])
    assert labels(g) == ["block Boggart Brute with Hill Giant", "block Boggart Brute with Llanowar Elves"]
    g.act("block Boggart Brute with Hill Giant")
    assert labels(g) == ["block Boggart Brute with Llanowar Elves"]


def test_cr_509_1c_attacks_or_blocks_each_combat_if_able_iron_golem():
    """"~ attacks or blocks each combat if able." (Iron Golem): as a defender it must block."""
    _compiled("Iron Golem")
    g = scenario("""
format: duel
players:
  - library: [Island, Island]
    battlefield: [Grizzly Bears]
  - battlefield: [Iron Golem]
    library: [Island, Island]
""")
    g.run_line(["pass", "pass", "pass", "pass", "attack P2 with Grizzly Bears", "pass", "pass"])
    assert labels(g) == ["block Grizzly Bears with Iron Golem"]


def test_cr_120_3_a_creature_deals_damage_to_itself_equal_to_its_power_repentance():
    """Repentance: "Target creature deals damage to itself equal to its power." The creature is
    the source: a 3/3 is destroyed, and its lifelink gains its controller life."""
    _compiled("Repentance")
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}"
    hand: [Repentance]
  - battlefield: [Hill Giant, Ajani's Sunstriker]
""")
    g.run_line(["cast Repentance", "target Hill Giant", "pass"])
    assert permanents(g, "Hill Giant") == []
    g = scenario("""
players:
  - mana_pool: "{W}{W}{W}"
    hand: [Repentance]
  - battlefield: [Ajani's Sunstriker]
""")
    g.run_line(["cast Repentance", "target Ajani's Sunstriker", "pass"])
    assert permanents(g, "Ajani's Sunstriker") == []
    assert player(g, "P2")["life"] == 22


def test_cr_701_16a_investigate_three_times_confirm_suspicions():
    """Confirm Suspicions: "Counter target spell. Investigate three times." """
    _compiled("Confirm Suspicions")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{R}"
    hand: [Confirm Suspicions, Lightning Bolt]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "cast Confirm Suspicions", "target Lightning Bolt", "pass"])
    assert len(permanents(g, "Clue Token")) == 3 and player(g, "P2")["life"] == 20


# --------------------------------------------------------------------------------------------
# CR 601.2c: several targets of one spec


def test_cr_601_2c_tap_up_to_three_target_creatures_downpour():
    """Downpour: "Tap up to three target creatures." Two chosen, then done: those two are
    tapped; one that has become illegal is not (CR 608.2b)."""
    _compiled("Downpour")
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}"
    hand: [Downpour]
  - battlefield: [Grizzly Bears, Hill Giant, Llanowar Elves]
""")
    g.run_line(["cast Downpour", "target Grizzly Bears", "target Hill Giant"])
    assert "done choosing targets" in labels(g)
    g.run_line(["done choosing targets", "pass"])
    tapped = {p["card"]: p["tapped"] for p in g.state_json()["players"][1]["battlefield"]}
    assert tapped == {"Grizzly Bears": True, "Hill Giant": True, "Llanowar Elves": False}


def test_cr_601_2c_no_target_after_a_spec_of_several_is_read():
    """After "two target ..." a later target's index among the chosen targets is not its
    spec's: the builder declines it."""
    import pytest

    from mtg_env.cards.abilities import TargetSpec
    from mtg_env.cards.compiler.builder import Builder
    from mtg_env.cards.compiler.grammar import NoParse
    b = Builder(None)
    b.targets.append(TargetSpec("creatures", count=2))
    with pytest.raises(NoParse):
        b.target(TargetSpec("player"))


# --------------------------------------------------------------------------------------------
# CR 603.4: "if no <permanents> are on the battlefield"; CR 613.4c: "Otherwise, it gets ..."


def test_cr_603_4_if_there_are_no_zombies_on_the_battlefield_sarcomancy():
    """Sarcomancy: "At the beginning of your upkeep, if there are no Zombies on the battlefield,
    ~ deals 1 damage to you." Anyone's Zombie counts."""
    _compiled("Sarcomancy")
    for theirs, life in (("[]", 19), ("[Walking Corpse]", 20)):
        g = scenario(f"""
step: end
players:
  - library: [Island, Island]
    battlefield: [Sarcomancy]
  - battlefield: {theirs}
""")
        g.act("pass")
        g.run_line(["pass"] if g.state_json()["stack"] else [])
        assert player(g, "P1")["life"] == life


def test_cr_613_4c_gets_more_as_long_as_attacking_otherwise_less_tahngarths_rage():
    """Tahngarth's Rage: "Enchanted creature gets +3/+0 as long as it's attacking. Otherwise,
    it gets -2/-1." (judged continuously, CR 611.3a)."""
    _compiled("Tahngarth's Rage")
    g = scenario("""
players:
  - library: [Island, Island]
    battlefield: [Grizzly Bears, {card: Tahngarth's Rage, attached_to: Grizzly Bears}]
""")
    bears = permanents(g, "Grizzly Bears")[0]
    assert (bears["power"], bears["toughness"]) == (0, 1)
    g.run_line(["pass", "pass", "attack P2 with Grizzly Bears"])
    bears = permanents(g, "Grizzly Bears")[0]
    assert (bears["power"], bears["toughness"]) == (5, 2)


def test_cr_613_4c_as_long_as_its_a_zombie_clutch_of_undeath():
    """Clutch of Undeath: "Enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it
    gets -3/-3." """
    _compiled("Clutch of Undeath")
    g = scenario("""
players:
  - battlefield: [Walking Corpse, Hill Giant, {card: Clutch of Undeath, attached_to: Walking Corpse},
                  {card: Clutch of Undeath, attached_to: Hill Giant}]
""")
    corpse = permanents(g, "Walking Corpse")[0]
    assert (corpse["power"], corpse["toughness"]) == (5, 5)
    assert permanents(g, "Hill Giant") == []  # 0/0: put into the graveyard (CR 704.5f)


def _fake(text: str, type_line: str = "Creature — Bear"):
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    face = OracleFace(name="Test Bear", mana_cost="{1}{G}", type_line=type_line, oracle_text=text, power="2",
                      toughness="2", loyalty=None, colors=("G",), color_indicator=None)
    return compile_card(OracleCard(name="Test Bear", layout="normal", front=face, faces=(face,),
                                   color_identity=("G",), mana_value=2.0))


def test_cr_603_4_a_condition_on_its_own_leaves_ability_is_declined():
    """Its own leaves-the-battlefield abilities are put on the stack without the intervening
    "if" being checked as they trigger (engine/triggers.leaves_battlefield): "When ~ dies, if
    you control an artifact, ..." is declined; the same on an enters ability is read."""
    assert not _fake("When Test Bear dies, if you control an artifact, you gain 2 life.").supported
    assert _fake("When Test Bear enters the battlefield, if you control an artifact, you gain 2 life.").supported


def test_cr_607_2a_the_exiled_card_needs_one_exiling_ability():
    """"Return the exiled card" with no ability that exiles, or with two, is declined."""
    assert not _fake("When Test Bear leaves the battlefield, return the exiled card to the battlefield under "
                     "its owner's control.").supported
    two = ("When Test Bear enters the battlefield, exile target creature.\n"
           "{T}: Exile target creature.\n"
           "When Test Bear leaves the battlefield, return the exiled card to the battlefield under its owner's "
           "control.")
    assert not _fake(two).supported


# --------------------------------------------------------------------------------------------
# the sample puzzle these cards are for


def test_cr_607_2a_603_4_the_solution_of_pauper_puzzle_01_wins():
    """tests/puzzles/samples/PP01.pzl ("So Close"): Thraben Inspector (a Clue: three artifacts),
    Journey to Nowhere exiling your own Bleak Coven Vampires, Kor Skyfisher returning Journey to
    your hand (the Vampires return: metalcraft drains 4), then Lightning Bolt with Prophetic
    Prism's red mana: the opponent goes from 7 to 0."""
    from pathlib import Path

    from mtg_env.puzzle import load_puzzle
    pz = load_puzzle(Path(__file__).resolve().parents[1] / "puzzles" / "samples" / "PP01.pzl")
    g = pz.game

    def do(sub: str) -> None:
        g.act(next(lab for lab in labels(g) if sub in lab))

    def settle() -> None:
        while g.decision is not None and g.decision.kind == "priority" and g.state_json()["stack"]:
            g.act("pass")

    do("activate Ancient Den")
    do("cast Thraben Inspector")
    settle()
    do("activate Orzhov Basilica")
    do("cast Journey to Nowhere")
    settle()
    do("target Bleak Coven Vampires")
    settle()
    do("activate Orzhov Basilica")
    do("cast Kor Skyfisher")
    settle()
    do("return Journey to Nowhere")
    settle()
    do("target P2")
    settle()
    assert [p["life"] for p in g.state_json()["players"]] == [5, 3]
    do("activate Secluded Steppe")
    do("activate Prophetic Prism")
    do("color R")
    do("cast Lightning Bolt")
    do("target P2")
    settle()
    assert pz.reached(g)
