"""The trigger family of templates (templates/trigger_events.py): heroic, "~ or another <type>
enters", an opponent casting a spell, gaining life, drawing a card, becoming untapped, casting
or copying an instant or sorcery, "When you cast this spell", soulshift. Each through real
cards compiled from their Oracle text, with the Oracle line and the rule in the docstring."""

from __future__ import annotations

from typing import Any

from mtg_env import Game
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, player, scenario, stack
from tests.helpers import unsupported as _unsupported


def duel(p1: dict[str, Any], p2: dict[str, Any] | None = None, step: str = "precombat_main",
         active: str = "P1") -> Game:
    base = {"library": ["Island"] * 5}
    return scenario({"format": "duel", "step": step, "mana_payment": "auto", "active_player": active,
                     "players": [{"name": "P1", **base, **p1}, {"name": "P2", **base, **(p2 or {})}]})  # type: ignore[arg-type]


def resolve_all(g: Game) -> None:
    for _ in range(40):
        if not stack(g) and g.decision.kind == "priority":
            return
        if g.decision.kind != "priority":
            g.act(labels(g)[0])
            continue
        g.act("pass")
    raise AssertionError("the stack did not empty")


def counters(g: Game, card: str) -> int:
    return int(permanent(g, card)["counters"].get("+1/+1", 0))


# ---------------------------------------------------------------------------------------------
# heroic (CR 601.2i, 603.2c)


def test_cr_601_2i_heroic_triggers_on_a_spell_that_targets_it_hero_of_iroas():
    """Hero of Iroas: "Heroic — Whenever you cast a spell that targets Hero of Iroas, put a +1/+1
    counter on Hero of Iroas." A cast trigger: it resolves before the spell; a spell that
    targets another creature doesn't trigger it; an Aura spell targets what it will enchant."""
    _compiled("Hero of Iroas")
    g = duel({"mana_pool": "{G}{G}{W}", "hand": ["Giant Growth", "Giant Growth", "Holy Strength"],
              "battlefield": ["Hero of Iroas", "Grizzly Bears"]})
    g.act("cast Giant Growth")
    g.act("target Grizzly Bears")
    assert [s["source"] for s in stack(g)] == ["Giant Growth"]
    resolve_all(g)
    assert counters(g, "Hero of Iroas") == 0
    g.act("cast Giant Growth")
    g.act("target Hero of Iroas")
    assert [s["source"] for s in stack(g)] == ["Giant Growth", "Hero of Iroas"]
    resolve_all(g)
    assert counters(g, "Hero of Iroas") == 1
    g.act("cast Holy Strength")  # {W}: Aura spells cost {1} less
    g.act("target Hero of Iroas")
    resolve_all(g)
    assert counters(g, "Hero of Iroas") == 2


def test_cr_601_2i_heroic_not_on_an_opponents_spell_akroan_crusader():
    """Akroan Crusader: "Heroic — Whenever you cast a spell that targets Akroan Crusader, create
    a 1/1 red Soldier creature token with haste." "you cast": an opponent's spell that
    targets it doesn't trigger it."""
    _compiled("Akroan Crusader")
    g = duel({"battlefield": ["Akroan Crusader"]},
             {"hand": ["Shock"], "mana_pool": "{R}"})
    g.act("pass")  # P2 gets priority
    g.act("cast Shock")
    g.act("target Akroan Crusader")
    assert [s["source"] for s in stack(g)] == ["Shock"]


# ---------------------------------------------------------------------------------------------
# "Whenever ~ or another <type> enters under your control" (CR 603.6a)


def test_cr_603_6a_self_or_another_ally_enters_kor_bladewhirl():
    """Kor Bladewhirl: "Rally — Whenever Kor Bladewhirl or another Ally enters the battlefield
    under your control, creatures you control gain first strike until end of turn." Itself, an
    Ally of yours; not a non-Ally, not an opponent's Ally."""
    _compiled("Kor Bladewhirl")
    g = duel({"hand": ["Kor Bladewhirl", "Kor Bladewhirl"], "battlefield": ["Plains"] * 4})
    g.act("cast Kor Bladewhirl")
    g.act("pass")
    g.act("pass")  # the spell resolves; its own trigger goes on the stack
    assert [(s["source"], s["kind"]) for s in stack(g)] == [("Kor Bladewhirl", "ability")]
    resolve_all(g)
    assert "first strike" in g.chars(permanent(g, "Kor Bladewhirl")["id"]).keywords
    g.act("cast Kor Bladewhirl")
    g.act("pass")
    g.act("pass")
    if g.decision.kind == "order":
        g.act(labels(g)[0])
    assert [(s["source"], s["kind"]) for s in stack(g)] == [("Kor Bladewhirl", "ability")] * 2  # both


def test_cr_603_6a_constellation_another_enchantment_eidolon_of_blossoms():
    """Eidolon of Blossoms: "Constellation — Whenever Eidolon of Blossoms or another enchantment
    enters the battlefield under your control, draw a card." An opponent's enchantment doesn't
    trigger it."""
    _compiled("Eidolon of Blossoms")
    g = duel({"battlefield": ["Eidolon of Blossoms"], "hand": ["Holy Strength"], "mana_pool": "{W}"},
             {"battlefield": ["Grizzly Bears"], "hand": ["Holy Strength"], "mana_pool": "{W}"})
    hand = len(player(g, "P1")["hand"])
    g.act("cast Holy Strength")
    g.act("target Grizzly Bears")
    resolve_all(g)
    assert len(player(g, "P1")["hand"]) == hand - 1 + 1  # cast one, drew one
    g2 = duel({"battlefield": ["Eidolon of Blossoms"]},
              {"hand": ["Holy Strength"], "mana_pool": "{W}", "battlefield": ["Grizzly Bears"]}, active="P2")
    g2.act("cast Holy Strength")
    g2.act("target Grizzly Bears")
    resolve_all(g2)
    assert len(player(g2, "P1")["hand"]) == 0


# ---------------------------------------------------------------------------------------------
# an opponent casting a spell (CR 601.2i)


def test_cr_601_2i_whenever_an_opponent_casts_a_spell_kambal_consul_of_allocation():
    """Kambal, Consul of Allocation: "Whenever an opponent casts a noncreature spell, that player
    loses 2 life and you gain 2 life." Not for your own spells, not for creature spells."""
    _compiled("Kambal, Consul of Allocation")
    g = duel({"battlefield": ["Kambal, Consul of Allocation"], "hand": ["Shock"], "mana_pool": "{R}"},
             {"hand": ["Shock", "Grizzly Bears"], "mana_pool": "{R}"})
    g.act("cast Shock")
    g.act("target P2")
    assert [s["source"] for s in stack(g)] == ["Shock"]
    resolve_all(g)
    assert player(g, "P2")["life"] == 18
    g.act("pass")
    g.act("cast Shock")
    g.act("target P1")
    assert [s["source"] for s in stack(g)] == ["Shock", "Kambal, Consul of Allocation"]
    resolve_all(g)
    assert player(g, "P2")["life"] == 16
    assert player(g, "P1")["life"] == 20  # +2, then Shock's 2


# ---------------------------------------------------------------------------------------------
# gaining life (CR 119.9, 702.15e)


def test_cr_119_9_whenever_you_gain_life_that_many_counters_ageless_entity():
    """Ageless Entity: "Whenever you gain life, put that many +1/+1 counters on Ageless
    Entity." Once for each life gain event, with its amount; an opponent's life gain doesn't
    count."""
    _compiled("Ageless Entity")
    g = duel({"battlefield": ["Ageless Entity"], "hand": ["Healing Salve"], "mana_pool": "{W}"},
             {"hand": ["Healing Salve"], "mana_pool": "{W}"})
    g.act("cast Healing Salve")
    g.act("mode 1: Target player gains 3 life.") if any(lab.startswith("mode") for lab in labels(g)) else None
    g.act("target P1")
    resolve_all(g)
    assert counters(g, "Ageless Entity") == 3
    g.act("pass")
    g.act("cast Healing Salve")
    if any(lab.startswith("mode") for lab in labels(g)):
        g.act(labels(g)[0])
    g.act("target P2")
    resolve_all(g)
    assert counters(g, "Ageless Entity") == 3


def _combat(g: Game, attackers: int, blocks: int, assign: str | None = None, name: str = "Child of Night") -> None:
    """Attack P2 with `attackers` Children of Night, block with `blocks` Memnites, and stop
    when the combat damage step has a priority decision."""
    for _ in range(40):
        d = g.decision
        if g.state_json()["step"] == "combat_damage" and d.kind == "priority":
            return
        labs = labels(g)
        if d.kind == "attack":
            with_child = [lab for lab in labs if lab.startswith(f"attack P2 with {name}")]
            g.act(with_child[0] if with_child and attackers else "done attacking" if "done attacking" in labs
                  else "no attack")
            attackers -= 1
        elif d.kind == "block":
            memnite = [lab for lab in labs if lab.startswith(f"block {name} with Memnite") and "(2)" not in lab]
            g.act(memnite[0] if memnite and blocks else "done blocking" if "done blocking" in labs else "no block")
            blocks -= 1
        elif d.kind == "choose" and assign is not None:
            g.act(assign)
        elif d.kind == "priority":
            g.act("pass")
        else:
            g.act(labs[0])
    raise AssertionError("combat damage not reached")


def test_cr_702_15e_two_lifelink_creatures_are_two_life_gain_events_ajanis_pridemate():
    """Ajani's Pridemate: "Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate."
    Two creatures with lifelink dealing combat damage at once cause two life gain events
    (CR 702.15e): it triggers twice."""
    _compiled("Ajani's Pridemate")
    g = duel({"battlefield": ["Ajani's Pridemate", "Child of Night", "Child of Night"]},
             {"battlefield": ["Memnite", "Memnite"]}, step="beginning_of_combat")
    _combat(g, attackers=2, blocks=0)
    if g.decision.kind == "order":
        g.act(labels(g)[0])
    assert [s["source"] for s in stack(g)] == ["Ajani's Pridemate", "Ajani's Pridemate"]
    assert player(g, "P1")["life"] == 24
    resolve_all(g)
    assert counters(g, "Ajani's Pridemate") == 2


def test_cr_702_15e_lifelink_damage_to_two_blockers_is_one_event_ajanis_pridemate():
    """Ajani's Pridemate's ruling: a single creature with lifelink dealing combat damage to
    several creatures at the same time is one life gain event: it triggers once."""
    g = duel({"battlefield": ["Ajani's Pridemate", "Child of Night"]},
             {"battlefield": ["Memnite", "Memnite"]}, step="beginning_of_combat")
    _combat(g, attackers=1, blocks=2, assign="assign 1 damage to Memnite")
    assert [s["source"] for s in stack(g)] == ["Ajani's Pridemate"]
    assert player(g, "P1")["life"] == 22
    resolve_all(g)
    assert counters(g, "Ajani's Pridemate") == 1


# ---------------------------------------------------------------------------------------------
# drawing a card (CR 121.2)


def test_cr_121_2_each_card_drawn_triggers_niv_mizzet_the_firemind():
    """Niv-Mizzet, the Firemind: "Whenever you draw a card, Niv-Mizzet, the Firemind deals 1
    damage to any target." Drawing two cards is two draws: it triggers twice."""
    _compiled("Niv-Mizzet, the Firemind")
    g = duel({"battlefield": ["Niv-Mizzet, the Firemind"], "hand": ["Divination"], "mana_pool": "{C}{C}{U}"})
    g.act("cast Divination")
    g.act("pass")
    g.act("pass")  # Divination resolves: two draws
    for _ in range(2):
        if g.decision.kind == "order":
            g.act(labels(g)[0])
        assert g.decision.kind == "target", g.decision
        g.act("target P2")
    resolve_all(g)
    assert player(g, "P2")["life"] == 18


def test_cr_121_2_whenever_an_opponent_draws_a_card_underworld_dreams():
    """Underworld Dreams: "Whenever an opponent draws a card, Underworld Dreams deals 1 damage
    to that player." Its controller's draws don't trigger it; the opponent's draw step does."""
    _compiled("Underworld Dreams")
    g = duel({"battlefield": ["Underworld Dreams"], "hand": ["Divination"], "mana_pool": "{C}{C}{U}"})
    g.act("cast Divination")
    resolve_all(g)
    assert player(g, "P1")["life"] == 20
    pass_until(g, "upkeep", turn=2)
    g.act("pass")
    g.act("pass")
    resolve_all(g)
    assert player(g, "P2")["life"] == 19


# ---------------------------------------------------------------------------------------------
# becoming untapped (CR 603.2f)


def test_cr_603_2f_inspired_in_the_untap_step_oreskos_sun_guide():
    """Oreskos Sun Guide: "Inspired — Whenever Oreskos Sun Guide becomes untapped, you gain 2
    life." It triggers as it untaps in its controller's untap step (put on the stack in the
    upkeep, CR 502.4); not if it was untapped."""
    _compiled("Oreskos Sun Guide")
    g = duel({"battlefield": [{"card": "Oreskos Sun Guide", "tapped": True}, "Grizzly Bears"]}, {},
             step="end")
    pass_until(g, "upkeep", turn=2)  # P2's turn: P1's permanents don't untap
    assert player(g, "P1")["life"] == 20
    pass_until(g, "upkeep", turn=3)
    assert [s["source"] for s in stack(g)] == ["Oreskos Sun Guide"]
    resolve_all(g)
    assert player(g, "P1")["life"] == 22
    pass_until(g, "upkeep", turn=5)
    assert player(g, "P1")["life"] == 22  # it stayed untapped


# ---------------------------------------------------------------------------------------------
# casting or copying an instant or sorcery (CR 601.2i, 707.10)


def test_cr_707_10_magecraft_cast_or_copy_archmage_emeritus():
    """Archmage Emeritus: "Magecraft — Whenever you cast or copy an instant or sorcery spell,
    draw a card." Casting one triggers it; a creature spell doesn't."""
    _compiled("Archmage Emeritus")
    g = duel({"battlefield": ["Archmage Emeritus"], "hand": ["Shock", "Grizzly Bears"],
              "mana_pool": "{R}{C}{G}"})
    g.act("cast Shock")
    g.act("target P2")
    assert [s["source"] for s in stack(g)] == ["Shock", "Archmage Emeritus"]
    resolve_all(g)
    g.act("cast Grizzly Bears")
    assert [s["source"] for s in stack(g)] == ["Grizzly Bears"]


# ---------------------------------------------------------------------------------------------
# "When you cast this spell" (CR 601.2i)


def test_cr_601_2i_when_you_cast_this_spell_desolation_twin():
    """Desolation Twin: "When you cast this spell, create a 10/10 colorless Eldrazi creature
    token." It triggers from the stack and resolves first, even if the spell is countered."""
    _compiled("Desolation Twin")
    g = duel({"hand": ["Desolation Twin"], "mana_pool": "{C}x10"},
             {"hand": ["Counterspell"], "mana_pool": "{U}{U}"})
    g.act("cast Desolation Twin")
    assert [s["source"] for s in stack(g)] == ["Desolation Twin", "Desolation Twin"]
    assert stack(g)[1]["kind"] == "ability"
    g.act("pass")
    g.act("cast Counterspell")
    g.act("target Desolation Twin")
    resolve_all(g)
    assert len([e for e in player(g, "P1")["battlefield"] if e["power"] == 10]) == 1
    assert player(g, "P1")["graveyard"] == ["Desolation Twin"]


# ---------------------------------------------------------------------------------------------
# soulshift (CR 702.46)


def test_cr_702_46a_soulshift_returns_a_spirit_card_thousand_legged_kami():
    """Thousand-legged Kami: "Soulshift 7 (When this creature dies, you may return target Spirit
    card with mana value 7 or less from your graveyard to your hand.)" """
    _compiled("Thousand-legged Kami", "Body of Jukai")
    g = duel({"battlefield": ["Thousand-legged Kami"], "graveyard": ["Kami of Ancient Law", "Grizzly Bears"]},
             {"hand": ["Murder"], "mana_pool": "{C}{B}{B}"})
    g.act("pass")
    g.act("cast Murder")
    g.act("target Thousand-legged Kami")
    for _ in range(20):
        if g.decision.kind != "priority" or not stack(g):
            break
        g.act("pass")
    labs = labels(g)
    assert any("Kami of Ancient Law" in lab for lab in labs), labs
    assert not any("Grizzly Bears" in lab for lab in labs), labs


def test_cr_114_4_an_emblems_draw_trigger_ob_nixilis_reignited():
    """Ob Nixilis Reignited: "[-8]: Target opponent gets an emblem with "Whenever a player draws
    a card, you lose 2 life."" An emblem's ability works from the command zone (CR 114.4);
    "you" is the emblem's controller, the opponent; every player's draws trigger it."""
    _compiled("Ob Nixilis Reignited")
    g = duel({"battlefield": [{"card": "Ob Nixilis Reignited", "counters": {"loyalty": 8}}],
              "hand": ["Divination"], "mana_pool": "{C}{C}{U}"})
    g.act("activate Ob Nixilis Reignited: -8")
    if g.decision.kind == "target":
        g.act("target P2")
    resolve_all(g)
    assert len(player(g, "P2")["command"]) == 1
    g.act("cast Divination")
    resolve_all(g)
    assert player(g, "P2")["life"] == 16  # P1 drew two cards: P2 loses 2 life twice
    assert player(g, "P1")["life"] == 20


# ---------------------------------------------------------------------------------------------
# what happened this turn: "dealt damage by ~ this turn", raid, revolt, the nth spell or card


def test_cr_120_3_a_creature_dealt_damage_by_it_this_turn_dies_blood_cultist():
    """Blood Cultist: "{T}: Blood Cultist deals 1 damage to target creature." and "Whenever a
    creature dealt damage by Blood Cultist this turn dies, put a +1/+1 counter on Blood
    Cultist." A creature it damaged earlier this turn that another source kills counts; one it
    never damaged doesn't."""
    _compiled("Blood Cultist")
    g = duel({"battlefield": ["Blood Cultist"], "hand": ["Shock", "Shock"], "mana_pool": "{R}{R}"},
             {"battlefield": ["Grizzly Bears", "Memnite"]})
    g.act("activate Blood Cultist: {T}: Blood Cultist deals 1 damage to target creature.")
    g.act("target Grizzly Bears")
    resolve_all(g)
    assert counters(g, "Blood Cultist") == 0  # it survived
    g.act("cast Shock")
    g.act("target Grizzly Bears")
    resolve_all(g)
    assert player(g, "P2")["graveyard"] == ["Grizzly Bears"]
    assert counters(g, "Blood Cultist") == 1
    g.act("cast Shock")
    g.act("target Memnite")
    resolve_all(g)
    assert counters(g, "Blood Cultist") == 1  # Memnite wasn't dealt damage by it


def test_declined_dealt_damage_by_it_dies_with_another_effect_rot_wolf():
    """Rot Wolf: "Whenever a creature dealt damage by Rot Wolf this turn dies, you may draw a
    card." If Rot Wolf dies at the same time it still triggers (CR 603.10a), which the
    engine's one-at-a-time state-based moves don't see: only counters on ~ itself are read."""
    _unsupported("Rot Wolf", "besides counters on ~")


def test_cr_603_4_raid_if_you_attacked_this_turn_mardu_hordechief():
    """Mardu Hordechief: "Raid — When Mardu Hordechief enters the battlefield, if you attacked
    this turn, create a 1/1 white Warrior creature token." (an intervening "if", CR 603.4)"""
    _compiled("Mardu Hordechief")
    g = duel({"hand": ["Mardu Hordechief"], "battlefield": ["Plains"] * 3})
    g.act("cast Mardu Hordechief")
    resolve_all(g)
    assert [e["card"] for e in player(g, "P1")["battlefield"]].count("Warrior Token") == 0
    g = duel({"hand": ["Mardu Hordechief"], "battlefield": ["Plains"] * 3 + ["Grizzly Bears"]},
             step="beginning_of_combat")
    for _ in range(30):
        if g.state_json()["step"] == "postcombat_main" and g.decision.kind == "priority":
            break
        g.act("attack P2 with Grizzly Bears" if g.decision.kind == "attack" and "attack P2 with Grizzly Bears"
              in labels(g) else "done attacking" if g.decision.kind == "attack" else
              labels(g)[0] if g.decision.kind != "priority" else "pass")
    assert player(g, "P2")["life"] == 18
    g.act("cast Mardu Hordechief")
    resolve_all(g)
    assert [e["card"] for e in player(g, "P1")["battlefield"]].count("Warrior Token") == 1


def test_cr_614_1c_revolt_enters_with_counters_lifecraft_cavalry():
    """Lifecraft Cavalry: "Revolt — Lifecraft Cavalry enters the battlefield with two +1/+1
    counters on it if a permanent you controlled left the battlefield this turn." An
    opponent's permanent leaving doesn't count; a token of yours does."""
    _compiled("Lifecraft Cavalry")
    g = duel({"hand": ["Lifecraft Cavalry", "Shock"], "battlefield": ["Forest"] * 5 + ["Mountain"]},
             {"battlefield": ["Memnite"]})
    g.act("cast Shock")
    g.act("target Memnite")
    resolve_all(g)
    g.act("cast Lifecraft Cavalry")
    resolve_all(g)
    assert counters(g, "Lifecraft Cavalry") == 0
    g = duel({"hand": ["Lifecraft Cavalry", "Shock"], "battlefield": ["Forest"] * 5 + ["Mountain", "Memnite"]})
    g.act("cast Shock")
    g.act("target Memnite")
    resolve_all(g)
    g.act("cast Lifecraft Cavalry")
    resolve_all(g)
    assert counters(g, "Lifecraft Cavalry") == 2


def test_cr_601_2i_your_second_spell_each_turn_monk_of_the_open_hand():
    """Monk of the Open Hand: "Flurry of Blows — Whenever you cast your second spell each turn,
    put a +1/+1 counter on Monk of the Open Hand." The second spell only, not the first or
    third."""
    _compiled("Monk of the Open Hand")
    g = duel({"battlefield": ["Monk of the Open Hand"], "hand": ["Shock", "Shock", "Shock"],
              "mana_pool": "{R}{R}{R}"})
    seen = []
    for _ in range(3):
        g.act("cast Shock")
        g.act("target P2")
        seen.append([s["source"] for s in stack(g)])
        resolve_all(g)
    assert seen == [["Shock"], ["Shock", "Monk of the Open Hand"], ["Shock"]]
    assert counters(g, "Monk of the Open Hand") == 1


def test_cr_121_2_your_second_card_each_turn_improbable_alliance():
    """Improbable Alliance: "Whenever you draw your second card each turn, create a 1/1 blue
    Faerie creature token with flying." The draw step's card is the first; Divination's first
    card is the second (it triggers), its second card the third."""
    _compiled("Improbable Alliance")
    g = duel({"battlefield": ["Improbable Alliance"], "hand": ["Divination"]}, step="upkeep")
    pass_until(g, "precombat_main")
    assert not [e for e in player(g, "P1")["battlefield"] if e["card"] == "Faerie Token"]
    g2 = duel({"battlefield": ["Improbable Alliance", "Island", "Island", "Island"], "hand": ["Divination"]},
              step="upkeep")
    pass_until(g2, "precombat_main")
    g2.act("cast Divination")
    resolve_all(g2)
    assert len([e for e in player(g2, "P1")["battlefield"] if e["card"] == "Faerie Token"]) == 1


# ---------------------------------------------------------------------------------------------
# addendum, historic spells, permanents entering under an opponent's control


def test_cr_207_2c_addendum_only_in_your_main_phase_sphinxs_insight():
    """Sphinx's Insight: "Draw two cards. Addendum — If you cast this spell during your main
    phase, you gain 2 life." Cast in your main phase: 2 life; in your upkeep (or an opponent's
    turn): none."""
    _compiled("Sphinx's Insight")
    g = duel({"hand": ["Sphinx's Insight"], "battlefield": ["Island", "Island", "Plains", "Plains"]})
    g.act("cast Sphinx's Insight")
    resolve_all(g)
    assert player(g, "P1")["life"] == 22
    g = duel({"hand": ["Sphinx's Insight"], "battlefield": ["Island", "Island", "Plains", "Plains"]}, step="upkeep")
    g.act("cast Sphinx's Insight")
    resolve_all(g)
    assert player(g, "P1")["life"] == 20
    g = duel({"hand": ["Sphinx's Insight"], "battlefield": ["Island", "Island", "Plains", "Plains"]}, active="P2")
    g.act("pass")
    g.act("cast Sphinx's Insight")
    resolve_all(g)
    assert player(g, "P1")["life"] == 20


def test_declined_addendum_instead_might_of_old_krosa():
    """Might of Old Krosa: "Target creature gets +2/+2 until end of turn. If you cast this
    spell during your main phase, that creature gets +4/+4 until end of turn instead." An
    "instead" that replaces the sentence before: not read (only "it deals N damage instead",
    templates/spells.py)."""
    _unsupported("Might of Old Krosa", "during your main phase")


def test_cr_700_6_whenever_you_cast_a_historic_spell_jhoira_weatherlight_captain():
    """Jhoira, Weatherlight Captain: "Whenever you cast a historic spell, draw a card."
    (Artifacts, legendaries, and Sagas are historic, CR 700.6.) Memnite is an artifact; Grizzly
    Bears isn't historic."""
    _compiled("Jhoira, Weatherlight Captain")
    g = duel({"battlefield": ["Jhoira, Weatherlight Captain", "Forest", "Forest"],
              "hand": ["Memnite", "Grizzly Bears"]})
    g.act("cast Memnite")
    assert [s["source"] for s in stack(g)] == ["Memnite", "Jhoira, Weatherlight Captain"]
    resolve_all(g)
    g.act("cast Grizzly Bears")
    assert [s["source"] for s in stack(g)] == ["Grizzly Bears"]


def test_cr_603_6a_a_land_enters_under_an_opponents_control_shattered_angel():
    """Shattered Angel: "Whenever a land enters the battlefield under an opponent's control,
    you may gain 3 life." Not for your own lands."""
    _compiled("Shattered Angel")
    g = duel({"battlefield": ["Shattered Angel"], "hand": ["Plains"]}, {"hand": ["Forest"]})
    g.act("play Plains")
    assert not stack(g)
    g2 = duel({"battlefield": ["Shattered Angel"]}, {"hand": ["Forest"]}, active="P2")
    g2.act("play Forest")
    assert [s["source"] for s in stack(g2)] == ["Shattered Angel"]
    resolve_all(g2)
    assert player(g2, "P1")["life"] == 23


def test_declined_enters_under_an_opponents_control_that_player_nightshade_harvester():
    """Nightshade Harvester: "Whenever a land enters the battlefield under an opponent's control,
    that player loses 1 life." The enters event names no player: not read."""
    _unsupported("Nightshade Harvester", "that player")


def test_cr_603_6a_rally_you_may_have_allies_get_akoum_battlesinger():
    """Akoum Battlesinger: "Whenever Akoum Battlesinger or another Ally enters the battlefield
    under your control, you may have Ally creatures you control get +1/+0 until end of turn."
    ("you may have X get" is "you may" with "X get"); non-Allies don't get it."""
    _compiled("Akoum Battlesinger")
    g = duel({"hand": ["Akoum Battlesinger"], "battlefield": ["Mountain", "Mountain", "Kor Bladewhirl",
                                                               "Grizzly Bears"]})
    g.act("cast Akoum Battlesinger")
    for _ in range(20):
        if not stack(g) and g.decision.kind == "priority":
            break
        labs = labels(g)
        g.act("yes" if "yes" in labs else labs[0] if g.decision.kind != "priority" else "pass")
    assert permanent(g, "Akoum Battlesinger")["power"] == 2
    assert permanent(g, "Grizzly Bears")["power"] == 2


def test_cr_510_2_whenever_it_deals_damage_once_for_damage_dealt_at_once_horned_cheetah():
    """Horned Cheetah: "Whenever Horned Cheetah deals damage, you gain that much life." Its
    combat damage to two blockers is dealt at once (CR 510.2): one trigger, for the total."""
    _compiled("Horned Cheetah")
    g = duel({"battlefield": ["Horned Cheetah"]}, {"battlefield": ["Memnite", "Memnite"]},
             step="beginning_of_combat")
    _combat(g, attackers=1, blocks=2, assign="assign 1 damage to Memnite", name="Horned Cheetah")
    assert [s["source"] for s in stack(g)] == ["Horned Cheetah"]
    resolve_all(g)
    assert player(g, "P1")["life"] == 22
