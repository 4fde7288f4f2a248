"""Last known information: CR 113.7a, 608.2h (with 702.16b, 702.2b, 603.3a, 603.10a).

Class of bug: an ability on the stack whose source has left the battlefield must use that source
as it last existed on the battlefield -- its colors (Abstruse Archaic copies only abilities "from a
colorless source"), its keywords (deathtouch), its qualities for protection (Stonecoil Serpent's
protection from multicolored, CR 702.16b), its controller and its counters. "As it last existed"
means at the moment it left, not when the ability was activated.

Each test is a position, a line of written steps (interface.md section 3) and what must hold. The
expected answers come from the Comprehensive Rules and the card rulings in
../shared/reference/cards.txt.

Not covered: CR 702.16e (damage from a departed multicolored source to Stonecoil Serpent is
prevented) cannot be isolated with the supported cards: every damage ability in the pool targets,
so CR 702.16b already forbids the target (tested below).
"""

from __future__ import annotations

from mtg_env import Game
from tests.helpers import labels, permanent, permanents, player, scenario, stack

MAIRSIL = "Mairsil, the Pretender"
ERTHA = "Ertha Jo, Frontier Mentor"
ARCHAIC = "activate Abstruse Archaic"
MAIRSIL_FANATIC = "activate Mairsil, the Pretender: Sacrifice"   # the ability from the caged Mogg Fanatic
MAIRSIL_PYRO = "activate Mairsil, the Pretender: {T}: Mairsil, the Pretender deals 1 damage"
MAIRSIL_DEATHTOUCH = "activate Mairsil, the Pretender: {B}: Mairsil, the Pretender gains deathtouch"


def archaic_offered(g: Game) -> bool:
    """Abstruse Archaic's ability can be activated only with a legal target (CR 601.2c, 602.2b)."""
    return any(lab.startswith(ARCHAIC) for lab in labels(g))


def names(g: Game, who: str, zone: str) -> list[str]:
    return sorted(e if isinstance(e, str) else e["card"] for e in player(g, who)[zone])


# ---------------------------------------------------------------------------------------------
# Colors of a departed source: Abstruse Archaic, "Copy target activated or triggered ability you
# control from a colorless source."


def test_cr_113_7a_mind_stone_sacrificed_as_a_cost_is_still_a_colorless_source():
    """CR 113.7a, 608.2h: Mind Stone is sacrificed to pay for "{1}, {T}, Sacrifice Mind Stone: Draw
    a card." Its ability's source is Mind Stone as it last existed, a colorless artifact, so
    Abstruse Archaic may target the ability; the copy draws a card too (two cards in all)."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    library: [Island, Island, Island]
    battlefield: [Abstruse Archaic, Mind Stone]
""")
    g.run_line(["activate Mind Stone: {1}, {T}, Sacrifice", ARCHAIC])
    assert names(g, "P1", "graveyard") == ["Mind Stone"]
    assert labels(g) == ["target ability: Mind Stone: {1}, {T}, Sacrifice Mind Stone: Draw a card."]
    g.run_line(["target ability: Mind Stone", "pass", "pass", "pass"])
    assert stack(g) == []
    assert player(g, "P1")["hand"] == ["Island", "Island"]


def test_cr_113_7a_red_sources_sacrificed_as_a_cost_are_still_red_archaic_cannot_copy():
    """CR 113.7a: Mogg Fanatic ("Sacrifice Mogg Fanatic: It deals 1 damage to any target") and
    Goblin Cratermaker ("{1}, Sacrifice Goblin Cratermaker: ...") are red as they last existed, so
    their abilities are not from a colorless source: Abstruse Archaic has nothing to target."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Abstruse Archaic, Mogg Fanatic]
""")
    g.run_line(["activate Mogg Fanatic", "target P2"])
    assert [s["source"] for s in stack(g)] == ["Mogg Fanatic"]
    assert not archaic_offered(g)
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Abstruse Archaic, Goblin Cratermaker]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Goblin Cratermaker", "mode 1", "target Grizzly Bears"])
    assert [s["source"] for s in stack(g)] == ["Goblin Cratermaker"]
    assert not archaic_offered(g)


def test_cr_113_7a_mairsil_sacrificed_for_a_caged_mind_stone_ability_is_still_multicolored():
    """CR 113.7a and Mairsil's ruling (a caged card's ability names Mairsil): "{1}, {T}, Sacrifice
    Mairsil, the Pretender: Draw a card." sacrifices Mairsil (blue, black and red); the ability's
    source is Mairsil as it last existed, not the colorless Mind Stone card, so Abstruse Archaic
    cannot target it."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    library: [Island, Island]
    exile:
      - {card: Mind Stone, counters: {cage: 1}}
    battlefield: [Abstruse Archaic, "Mairsil, the Pretender"]
""")
    g.run_line(["activate Mairsil, the Pretender: {1}, {T}, Sacrifice"])
    assert names(g, "P1", "graveyard") == [MAIRSIL]
    assert [s["source"] for s in stack(g)] == [MAIRSIL]
    assert not archaic_offered(g)


def test_cr_113_7a_tidehollow_sculler_leaves_trigger_is_from_a_white_and_black_source():
    """CR 113.7a, 603.10a: Tidehollow Sculler (white and black) is sacrificed to Ashnod's Altar; its
    "When Tidehollow Sculler leaves the battlefield" trigger goes on the stack. Its source is the
    Sculler as it last existed, white and black, so it is not an ability from a colorless source:
    Abstruse Archaic has no legal target and cannot be activated."""
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Abstruse Archaic, Ashnod's Altar, Tidehollow Sculler]
""")
    g.run_line(["activate Ashnod's Altar", "sacrifice Tidehollow Sculler"])
    assert [s["source"] for s in stack(g)] == ["Tidehollow Sculler"]
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"   # enough for Archaic's {1}
    assert not archaic_offered(g)


def test_cr_113_7a_mairsil_enters_trigger_after_mairsil_is_sacrificed_is_from_a_multicolored_source():
    """CR 113.7a: Mairsil, the Pretender is cast; with its enters trigger on the stack, Mairsil is
    sacrificed for the caged Mogg Fanatic's ability. Both abilities on the stack have Mairsil (blue,
    black, red) as it last existed for their source; neither is from a colorless source, so
    Abstruse Archaic cannot be activated."""
    g = scenario("""
players:
  - mana_pool: "{U}{B}{R}{C}{C}"
    hand: ["Mairsil, the Pretender"]
    exile:
      - {card: Mogg Fanatic, counters: {cage: 1}}
    battlefield: [Abstruse Archaic]
""")
    g.run_line(["cast Mairsil, the Pretender", "pass"])
    assert [s["source"] for s in stack(g)] == [MAIRSIL]        # its enters trigger
    g.run_line([MAIRSIL_FANATIC, "target P2"])
    assert names(g, "P1", "graveyard") == [MAIRSIL]
    assert [s["source"] for s in stack(g)] == [MAIRSIL, MAIRSIL]
    assert player(g, "P1")["mana_pool"] == "{C}"
    assert not archaic_offered(g)


def test_cr_113_7a_hangarback_walker_made_blue_dies_its_trigger_is_from_a_blue_source():
    """CR 113.7a, 603.10a: Grand Architect makes Hangarback Walker blue until end of turn; it is then
    sacrificed. Its dies trigger's source is the Walker as it last existed -- blue -- so Abstruse
    Archaic cannot target it. (The same line without Grand Architect's ability leaves the Walker
    colorless and Archaic may copy the trigger: the control.)"""
    position = """
players:
  - mana_pool: "{U}"
    battlefield: [Abstruse Archaic, Ashnod's Altar, Grand Architect,
                  {card: Hangarback Walker, counters: {"+1/+1": 1}}]
"""
    control = scenario(position)
    control.run_line(["activate Ashnod's Altar", "sacrifice Hangarback Walker"])
    assert [s["source"] for s in stack(control)] == ["Hangarback Walker"]
    assert archaic_offered(control)

    g = scenario(position)
    g.run_line(["activate Grand Architect: {U}", "target Hangarback Walker", "pass"])
    g.run_line(["activate Ashnod's Altar", "sacrifice Hangarback Walker"])
    assert [s["source"] for s in stack(g)] == ["Hangarback Walker"]
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    assert not archaic_offered(g)


def test_cr_113_7a_walking_ballista_ability_uses_the_ballista_as_it_last_existed_not_as_activated():
    """CR 113.7a, 608.2h: Walking Ballista (colorless) activates its ping at P2; Grand Architect
    then makes it blue, and it is sacrificed to Ashnod's Altar. The ping's source is the Ballista as
    it last existed on the battlefield -- blue -- not as it was when the ability was activated, so
    Abstruse Archaic has no legal target."""
    g = scenario("""
players:
  - mana_pool: "{U}"
    battlefield: [Abstruse Archaic, Ashnod's Altar, Grand Architect,
                  {card: Walking Ballista, counters: {"+1/+1": 2}}]
""")
    g.run_line(["activate Walking Ballista: Remove", "target P2"])
    assert archaic_offered(g)   # colorless while it is on the battlefield
    g.run_line(["activate Grand Architect: {U}", "target Walking Ballista", "pass"])
    assert not archaic_offered(g)   # blue now
    g.run_line(["activate Ashnod's Altar", "sacrifice Walking Ballista"])
    assert names(g, "P1", "graveyard") == ["Walking Ballista"]
    assert [s["source"] for s in stack(g)] == ["Walking Ballista"]
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    assert not archaic_offered(g)


# ---------------------------------------------------------------------------------------------
# Keywords of a departed source: deathtouch (CR 702.2b)


def test_cr_113_7a_mairsil_with_deathtouch_sacrificed_as_a_cost_deals_deathtouch_damage():
    """CR 113.7a, 608.2h, 702.2b: Mairsil gains deathtouch (caged Endling's ability), then is
    sacrificed for the caged Mogg Fanatic's "It deals 1 damage to any target". Mairsil as it last
    existed had deathtouch, so 1 damage destroys Silvercoat Lion (2/2)."""
    g = scenario("""
players:
  - mana_pool: "{B}"
    exile:
      - {card: Mogg Fanatic, counters: {cage: 1}}
      - {card: Endling, counters: {cage: 1}}
    battlefield: ["Mairsil, the Pretender"]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line([MAIRSIL_DEATHTOUCH, "pass", MAIRSIL_FANATIC, "target Silvercoat Lion", "pass"])
    assert stack(g) == []
    assert names(g, "P2", "graveyard") == ["Silvercoat Lion"]
    assert player(g, "P2")["battlefield"] == []


def test_cr_113_7a_deathtouch_gained_after_activation_counts_when_the_source_has_left():
    """CR 113.7a, 608.2h ("it's the object as it exists -- or as it most recently existed -- that does
    it"), 702.2b: Mairsil activates the caged Prodigal Pyromancer's "{T}: Mairsil deals 1 damage to
    any target" at Silvercoat Lion, then gains deathtouch (caged Endling), then is sacrificed for the
    caged Mogg Fanatic's ability (at P2). When the first ability resolves, Mairsil as it last existed
    had deathtouch: the Lion (2/2) is destroyed by the 1 damage."""
    g = scenario("""
players:
  - mana_pool: "{B}"
    exile:
      - {card: Prodigal Pyromancer, counters: {cage: 1}}
      - {card: Mogg Fanatic, counters: {cage: 1}}
      - {card: Endling, counters: {cage: 1}}
    battlefield: ["Mairsil, the Pretender"]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line([MAIRSIL_PYRO, "target Silvercoat Lion", MAIRSIL_DEATHTOUCH, "pass"])
    g.run_line([MAIRSIL_FANATIC, "target P2", "pass"])
    assert player(g, "P2")["life"] == 19
    assert [s["targets"] for s in stack(g)] == [["Silvercoat Lion"]]
    g.run_line(["pass"])
    assert stack(g) == []
    assert names(g, "P2", "graveyard") == ["Silvercoat Lion"]
    assert player(g, "P2")["battlefield"] == []


# ---------------------------------------------------------------------------------------------
# Protection from a departed source: Stonecoil Serpent, protection from multicolored (CR 702.16b)


SERPENT_POSITION = """
players:
  - mana_pool: "{{C}}{{C}}"
    exile:
      - {{card: Mogg Fanatic, counters: {{cage: 1}}}}
    battlefield: [{copier}, "Mairsil, the Pretender"]
  - battlefield: [{{card: Stonecoil Serpent, counters: {{"+1/+1": 2}}}}, Grizzly Bears]
"""


def test_cr_702_16b_ertha_jo_copy_of_a_sacrificed_mairsils_ability_cannot_target_stonecoil_serpent():
    """CR 113.7a, 707.10b, 707.10c, 702.16b: Mairsil is sacrificed for the caged Mogg Fanatic's
    ability, aimed at Grizzly Bears; Ertha Jo copies it. The copy's source is Mairsil as it last
    existed -- multicolored -- so a new target must be legal for it, and Stonecoil Serpent
    (protection from multicolored) is not: the new targets offered are Ertha Jo and the players."""
    g = scenario(SERPENT_POSITION.format(copier=f'"{ERTHA}"'))
    g.run_line([MAIRSIL_FANATIC, "target Grizzly Bears", "pass", "yes"])
    assert g.decision is not None and g.decision.kind == "target"
    assert set(labels(g)) == {"keep target Grizzly Bears", f"target {ERTHA}", "target P1", "target P2"}


def test_cr_702_16b_lithoform_copy_of_a_sacrificed_mairsils_ability_cannot_target_stonecoil_serpent():
    """CR 113.7a, 707.10b, 702.16b and Lithoform Engine's ruling ("The source of the copy ... is the
    same as the source of the original ability"): the copy of the departed Mairsil's ability is from
    a multicolored source, so Stonecoil Serpent is not a legal new target."""
    g = scenario(SERPENT_POSITION.format(copier="Lithoform Engine"))
    g.run_line([MAIRSIL_FANATIC, "target Grizzly Bears", "activate Lithoform Engine: {2}",
                "target ability: Mairsil", "pass", "yes"])
    assert g.decision is not None and g.decision.kind == "target"
    assert set(labels(g)) == {"keep target Grizzly Bears", "target P1", "target P2"}


def test_cr_702_16b_mairsil_on_the_battlefield_cannot_target_stonecoil_serpent():
    """CR 702.16b: Mairsil (blue, black, red) activating the caged Prodigal Pyromancer's ability
    may not target Stonecoil Serpent, which has protection from multicolored."""
    g = scenario("""
players:
  - exile:
      - {card: Prodigal Pyromancer, counters: {cage: 1}}
    battlefield: ["Mairsil, the Pretender"]
  - battlefield: [{card: Stonecoil Serpent, counters: {"+1/+1": 2}}, Grizzly Bears]
""")
    g.act(MAIRSIL_PYRO)
    assert set(labels(g)) == {f"target {MAIRSIL}", "target Grizzly Bears", "target P1", "target P2"}


def test_cr_702_16b_copy_of_a_sacrificed_mono_red_mogg_fanatic_may_target_and_damage_stonecoil_serpent():
    """CR 113.7a, 702.16: Mogg Fanatic as it last existed is red only, not multicolored, so Ertha
    Jo's copy of its ability may be aimed at Stonecoil Serpent, and its 1 damage is dealt (not
    prevented). Guards against treating every departed source as multicolored."""
    g = scenario(f"""
players:
  - battlefield: ["{ERTHA}", Mogg Fanatic]
  - battlefield: [{{card: Stonecoil Serpent, counters: {{"+1/+1": 2}}}}, Grizzly Bears]
""")
    g.run_line(["activate Mogg Fanatic", "target Grizzly Bears", "pass", "yes"])
    assert "target Stonecoil Serpent" in labels(g)
    g.run_line(["target Stonecoil Serpent", "pass"])
    assert permanent(g, "Stonecoil Serpent")["damage"] == 1
    g.act("pass")
    assert stack(g) == [] and permanent(g, "Grizzly Bears")["damage"] == 1


# ---------------------------------------------------------------------------------------------
# Controller and counters of a departed source


def test_cr_603_3a_stolen_hangarback_walker_dies_its_controller_then_controls_the_trigger():
    """CR 603.3a, 113.7a: P1 gains control of P2's Hangarback Walker (Act of Treason) and sacrifices
    it. The dies trigger is controlled by P1, who controlled the Walker as it last existed, so P1
    creates the Thopters, and Abstruse Archaic (which copies abilities "you control") may copy it."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Act of Treason]
    battlefield: [Ashnod's Altar, Abstruse Archaic]
  - battlefield: [{card: Hangarback Walker, counters: {"+1/+1": 2}}]
""")
    g.run_line(["cast Act of Treason", "target Hangarback Walker", "pass", "activate Ashnod's Altar",
                "sacrifice Hangarback Walker"])
    assert names(g, "P2", "graveyard") == ["Hangarback Walker"]
    assert [(s["source"], s["controller"]) for s in stack(g)] == [("Hangarback Walker", "P1")]
    g.run_line([ARCHAIC, "target ability: Hangarback Walker", "pass", "pass", "pass"])
    assert stack(g) == []
    thopters = permanents(g, "Thopter")
    assert len(thopters) == 4 and {t["controller"] for t in thopters} == {"P1"}


def test_cr_603_10a_hangarback_walker_given_minus_counters_counts_its_plus_counters_as_it_last_existed():
    """CR 603.10a, 113.7a, 704.5f/704.5q and Hangarback Walker's ruling: Channeler Initiate puts
    three -1/-1 counters on a Hangarback Walker with two +1/+1 counters; it dies (toughness -1) in
    the same state-based check that would annihilate counters, so as it last existed it had two
    +1/+1 counters: two Thopters."""
    g = scenario("""
players:
  - mana_pool: "{G}{C}"
    hand: [Channeler Initiate]
    battlefield: [{card: Hangarback Walker, counters: {"+1/+1": 2}}]
""")
    g.run_line(["cast Channeler Initiate", "pass", "target Hangarback Walker", "pass", "pass"])
    assert stack(g) == []
    assert names(g, "P1", "graveyard") == ["Hangarback Walker"]
    assert len(permanents(g, "Thopter")) == 2
