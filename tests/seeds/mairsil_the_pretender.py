"""Mairsil, the Pretender (seed 000): one test per Gatherer ruling (2017-08-25), and every activated
ability of every supported card when Mairsil has it. Linked abilities in general (CR 607) are in
tests/rules/cr_607_linked_abilities.py.

Each test is a scenario: a position, a line of written steps (interface.md §3), and what must hold
in state_json(), the legal actions and the log. Expected results were worked out from the rulings
and the Comprehensive Rules before running; where the engine disagrees, the test stays right and
is marked xfail(strict=True) with the engine bug as its reason.

Labels of gained abilities (interface.md §2): `activate Mairsil, the Pretender: <text with the
card's own name replaced by Mairsil's> (from <card>)`.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_env import Game, load_scenario
from mtg_env.cards import all_cards, has_card
from mtg_env.cards.vocab import Activated, CardDef
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario, stack

MAIRSIL = "Mairsil, the Pretender"


def gained(text: str, origin: str) -> str:
    """The label of an ability Mairsil has from the caged card `origin`."""
    return f"activate {MAIRSIL}: {text} (from {origin})"


def mairsil_labels(g: Game) -> list[str]:
    return [lab for lab in labels(g) if lab.startswith(f"activate {MAIRSIL}")]


def exile_entry(g: Game, who: str, card: str) -> dict[str, Any]:
    found = [e for e in player(g, who)["exile"] if e["card"] == card]
    assert len(found) == 1, f"expected one {card} in {who}'s exile, found {found}"
    return found[0]


def tokens(g: Game) -> list[dict[str, Any]]:
    return [e for p in g.state_json()["players"] for e in p["battlefield"] if e["token"]]


BASALT_T = gained("{T}: Add {C}{C}{C}.", "Basalt Monolith")
BASALT_UNTAP = gained(f"{{3}}: Untap {MAIRSIL}.", "Basalt Monolith")
GRIM_T = gained("{T}: Add {C}{C}{C}.", "Grim Monolith")
GRIM_UNTAP = gained(f"{{4}}: Untap {MAIRSIL}.", "Grim Monolith")


# =============================================================================================
# The rulings of Mairsil, the Pretender (Gatherer, 2017-08-25)


def test_mairsil_cage_counters_stay_when_mairsil_leaves_and_a_returning_mairsil_sees_them():
    """Ruling: "The exiled cards remain exiled with cage counters when Mairsil leaves the
    battlefield. If Mairsil returns to the battlefield, it will see all of those exiled cards with
    cage counters on them." The returned Mairsil is a new object (CR 400.7) and summoning sick, so
    only the gained abilities without {T} can be activated (CR 302.6)."""
    g = scenario(f"""
players:
  - mana_pool: "{{U}}{{U}}{{B}}{{R}}{{C}}{{C}}{{C}}{{C}}{{C}}"
    hand: [Unsummon, Grim Monolith]
    exile: [{{card: Basalt Monolith, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
""")
    assert BASALT_T in labels(g)
    g.run_line(["cast Unsummon", f"target {MAIRSIL}", "pass"])
    assert player(g, "P1")["hand"] == ["Grim Monolith", MAIRSIL]
    assert exile_entry(g, "P1", "Basalt Monolith")["counters"] == {"cage": 1}
    assert mairsil_labels(g) == []

    g.run_line([f"cast {MAIRSIL}", "pass"])   # Mairsil resolves; its enters trigger goes on the stack
    assert [i["source"] for i in stack(g)] == [MAIRSIL]
    g.act("pass")
    assert labels(g) == ["exile Grim Monolith (hand)", "exile nothing"]
    g.act("exile Grim Monolith (hand)")
    assert exile_entry(g, "P1", "Basalt Monolith")["counters"] == {"cage": 1}
    assert exile_entry(g, "P1", "Grim Monolith")["counters"] == {"cage": 1}
    assert permanent(g, MAIRSIL)["summoning_sick"] is True
    assert sorted(mairsil_labels(g)) == sorted([BASALT_UNTAP, GRIM_UNTAP])
    assert "Grim Monolith is exiled with a cage counter" in g.log


def test_mairsil_gains_activated_abilities_including_equip_and_crew_but_not_triggered_or_static():
    """Ruling: "Activated abilities contain a colon ... Some keyword abilities (such as equip) are
    activated abilities and will have colons in their reminder text. Mairsil won't gain triggered
    abilities." Static abilities aren't activated either (CR 602.1, 603.1, 604.1): caged
    Bonesplitter, Smuggler's Copter and Mana Vault give equip, crew and "{T}: Add {C}{C}{C}." only —
    no +2/+0, no flying, no attack trigger, no "doesn't untap", no upkeep or draw-step trigger."""
    g = scenario(f"""
format: duel
players:
  - mana_pool: "{{C}}"
    library: [Island, Island]
    exile:
      - {{card: Bonesplitter, counters: {{cage: 1}}}}
      - {{card: Smuggler's Copter, counters: {{cage: 1}}}}
      - {{card: Mana Vault, counters: {{cage: 1}}}}
    battlefield: ["{MAIRSIL}", Memnite]
  - library: [Island, Island]
    battlefield: [Grizzly Bears]
""")
    crew = ("Crew 1 (Tap any number of creatures you control with total power 1 or more: This Vehicle "
            "becomes an artifact creature until end of turn.)")
    assert sorted(mairsil_labels(g)) == sorted([
        gained("Equip {1}", "Bonesplitter"),
        gained(crew, "Smuggler's Copter"),
        gained("{T}: Add {C}{C}{C}.", "Mana Vault"),
    ])
    mairsil = permanent(g, MAIRSIL)
    assert (mairsil["power"], mairsil["toughness"], mairsil["types"]) == (4, 4, ["Creature"])

    # Smuggler's Copter's flying and attack trigger are not Mairsil's.
    pass_until(g, "beginning_of_combat")
    g.run_line(["pass", "pass"])
    assert g.decision.kind == "attack"
    g.act(f"attack P2 with {MAIRSIL}")
    if g.decision.kind == "attack":
        g.act("done attacking")
    assert stack(g) == []
    assert not any("triggers" in line for line in g.log)
    while g.decision.kind != "block":
        g.act("pass")
    assert f"block {MAIRSIL} with Grizzly Bears" in labels(g)  # no flying
    g.act("no block")
    pass_until(g, "postcombat_main", turn=1)
    assert player(g, "P2")["life"] == 16

    # Mana Vault's static and triggered abilities aren't Mairsil's: it untaps, nothing triggers.
    assert permanent(g, MAIRSIL)["tapped"] is True
    pass_until(g, "upkeep", turn=3)
    assert permanent(g, MAIRSIL)["tapped"] is False
    assert stack(g) == []
    pass_until(g, "precombat_main", turn=3)
    assert player(g, "P1")["life"] == 20
    assert not any("Mana Vault" in line and "triggers" in line for line in g.log)


def test_mairsil_ability_naming_its_card_refers_to_mairsil_magus_of_the_mind_sacrifices_mairsil():
    """Ruling: "If an activated ability of a card in exile with a cage counter on it references the
    card it's printed on by name, treat Mairsil's instance of that ability as though it referenced
    Mairsil by name instead ... if Mairsil exiles Magus of the Mind, the cost to activate the
    ability includes sacrificing Mairsil, not sacrificing Magus of the Mind." No spell was cast
    this turn, so X is 1."""
    g = scenario(f"""
players:
  - mana_pool: "{{U}}"
    library: [Island, Island, Island]
    exile: [{{card: Magus of the Mind, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
""")
    text = (f"{{U}}, {{T}}, Sacrifice {MAIRSIL}: Shuffle your library, then exile the top X cards, where X "
            "is one plus the number of spells cast this turn. Until end of turn, you may play lands and "
            "cast spells from among cards exiled this way without paying their mana costs.")
    assert mairsil_labels(g) == [gained(text, "Magus of the Mind")]
    g.act(gained(text, "Magus of the Mind"))
    # The cost is paid: Mairsil is sacrificed; the caged Magus stays where it is.
    assert player(g, "P1")["graveyard"] == [MAIRSIL]
    assert player(g, "P1")["battlefield"] == []
    assert exile_entry(g, "P1", "Magus of the Mind")["counters"] == {"cage": 1}
    assert [i["source"] for i in stack(g)] == [MAIRSIL]
    g.act("pass")
    assert player(g, "P1")["library_count"] == 2
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Magus of the Mind", "Island"]
    assert "play Island" in labels(g)
    g.act("play Island")
    assert permanent(g, "Island")["tapped"] is False


def test_mairsil_stack_and_log_name_mairsil_in_an_ability_whose_cost_sacrificed_it():
    """Ruling (Magus of the Mind): Mairsil's instance of the ability references Mairsil by name,
    also on the stack and in the log after Mairsil was sacrificed to pay its cost (CR 113.7a: the
    ability exists independently of its source)."""
    g = scenario(f"""
players:
  - mana_pool: "{{U}}"
    library: [Island]
    exile: [{{card: Magus of the Mind, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
""")
    g.act(f"activate {MAIRSIL}: {{U}}, {{T}}, Sacrifice {MAIRSIL}")
    text = stack(g)[0]["text"]
    assert text.startswith(f"{{U}}, {{T}}, Sacrifice {MAIRSIL}: ") and text.endswith("(from Magus of the Mind)")
    assert any(line.startswith(f"P1 activates {MAIRSIL}: {{U}}, {{T}}, Sacrifice {MAIRSIL}:") for line in g.log)
    assert not any("Sacrifice Magus of the Mind" in line for line in g.log)


def test_mairsil_equip_does_nothing():
    """Ruling: "If Mairsil has an equip ability, activating it won't cause anything to happen.
    Mairsil doesn't become attached to a creature." (CR 701.3b: an object that can't be attached
    isn't.) Equip is still an activated ability Mairsil has: {1}, target creature you control, only
    as a sorcery (CR 702.6a)."""
    g = scenario(f"""
players:
  - mana_pool: "{{C}}"
    hand: [Lightning Bolt]
    exile: [{{card: Bonesplitter, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}", Memnite]
""")
    equip = gained("Equip {1}", "Bonesplitter")
    assert mairsil_labels(g) == [equip]
    g.act(equip)
    assert labels(g) == [f"target {MAIRSIL}", "target Memnite"]
    g.act("target Memnite")
    assert [i["text"] for i in stack(g)] == ["Equip {1} (from Bonesplitter)"]
    g.act("pass")
    assert stack(g) == []
    assert permanent(g, MAIRSIL)["attached_to"] is None
    assert (permanent(g, "Memnite")["power"], permanent(g, "Memnite")["toughness"]) == (1, 1)
    assert (permanent(g, MAIRSIL)["power"], permanent(g, MAIRSIL)["toughness"]) == (4, 4)
    assert exile_entry(g, "P1", "Bonesplitter")["counters"] == {"cage": 1}
    assert not any("becomes attached" in line for line in g.log)
    assert player(g, "P1")["mana_pool"] == ""


def test_mairsil_crew_makes_it_an_artifact_creature_with_unchanged_pt():
    """Ruling: "If Mairsil has a crew ability, creatures can crew Mairsil. It'll become an artifact
    creature, but its power and toughness remain unchanged." (CR 702.122a: tapping creatures with
    total power N or more is the cost.)"""
    g = scenario(f"""
players:
  - library: [Island]
    exile: [{{card: Smuggler's Copter, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}", {{card: Memnite, summoning_sick: true}}]
""")
    g.act(f"activate {MAIRSIL}: Crew 1")
    assert labels(g) == ["tap Memnite"]
    g.act("tap Memnite")
    assert permanent(g, "Memnite")["tapped"] is True
    g.act("pass")
    mairsil = permanent(g, MAIRSIL)
    assert mairsil["types"] == ["Artifact", "Creature"]
    assert (mairsil["power"], mairsil["toughness"]) == (4, 4)
    assert mairsil["tapped"] is False
    # "until end of turn": the next turn it is a creature only again
    pass_until(g, "precombat_main", turn=2)
    assert permanent(g, MAIRSIL)["types"] == ["Creature"]


@pytest.mark.parametrize("copier", ["Clone", "Phantasmal Image"])
@pytest.mark.parametrize("keep", ["original", "copy"])
def test_mairsil_copy_triggers_enters_ability_and_legend_rule_applies_before_activation(copier, keep):
    """Ruling: "If you have a creature enter the battlefield as a copy of Mairsil, its first
    ability triggers. You won't be able to activate any abilities before the 'legend rule' applies,
    but the triggered ability will still let you exile another card with a cage counter regardless
    of which Mairsil you keep." State-based actions (CR 704.5j) are performed before the trigger is
    put on the stack and before anyone gets priority (CR 117.5, 603.3)."""
    g = scenario(f"""
players:
  - mana_pool: "{{U}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}{{C}}"
    hand: [{copier}, Grim Monolith]
    exile: [{{card: Basalt Monolith, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
""")
    original = permanent(g, MAIRSIL)["id"]
    g.run_line([f"cast {copier}", "pass"])
    assert g.decision.kind == "choose"
    g.act(f"copy {MAIRSIL}")
    # The legend rule comes first: only the choice of which to keep, nothing to activate.
    assert g.decision.kind == "choose"
    keeps = labels(g)
    assert len(keeps) == 2 and all(lab.startswith(f"keep {MAIRSIL}#") for lab in keeps)
    assert stack(g) == []
    copy_id = next(e["id"] for e in permanents(g, MAIRSIL) if e["id"] != original)
    kept = original if keep == "original" else copy_id
    g.act(f"keep {MAIRSIL}#{kept}")
    assert [e["id"] for e in permanents(g, MAIRSIL)] == [kept]
    assert [i["source"] for i in stack(g)] == [MAIRSIL]
    assert stack(g)[0]["text"].startswith(f"When {MAIRSIL} enters the battlefield, you may exile")
    g.act("pass")
    gone = copier if keep == "original" else MAIRSIL
    assert labels(g) == ["exile Grim Monolith (hand)", f"exile {gone} (graveyard)", "exile nothing"]
    g.act("exile Grim Monolith (hand)")
    assert exile_entry(g, "P1", "Grim Monolith")["counters"] == {"cage": 1}
    want = [BASALT_UNTAP, GRIM_UNTAP] + ([BASALT_T, GRIM_T] if keep == "original" else [])
    assert sorted(mairsil_labels(g)) == sorted(want)


def test_mairsil_linked_abilities_stay_linked_izzet_chemister():
    """Ruling: "If Mairsil gains an activated ability that's normally linked to another activated
    ability of the card it came from, those two abilities Mairsil gains are linked ... if Mairsil
    exiles Izzet Chemister, cards exiled with the first ability Mairsil gained from Izzet Chemister
    can be cast if you activate the second ability it gained that way." (CR 607.2a, 607.5.) A card
    in exile that the first ability didn't exile (Shock) can't be cast."""
    g = scenario(f"""
players:
  - mana_pool: "{{R}}{{R}}{{C}}{{C}}{{C}}{{C}}"
    graveyard: [Lightning Bolt, Divination]
    exile:
      - {{card: Izzet Chemister, counters: {{cage: 1}}}}
      - {{card: Basalt Monolith, counters: {{cage: 1}}}}
      - Shock
    battlefield: ["{MAIRSIL}"]
""")
    first = gained("{R}, {T}: Exile target instant or sorcery card from your graveyard.", "Izzet Chemister")
    second = gained(f"{{1}}{{R}}, {{T}}, Sacrifice {MAIRSIL}: Cast any number of cards exiled with {MAIRSIL} "
                    "without paying their mana costs.", "Izzet Chemister")
    assert sorted(mairsil_labels(g)) == sorted([first, second, BASALT_T, BASALT_UNTAP])
    g.act(first)
    assert labels(g) == ["target Lightning Bolt", "target Divination"]
    g.run_line(["target Lightning Bolt", "pass"])
    assert f"Lightning Bolt is exiled with {MAIRSIL}" in g.log
    # untap Mairsil with the Basalt Monolith instance, paying {3} from the colorless mana
    g.run_line([BASALT_UNTAP, "pay {1} with {C}", "pay {1} with {C}", "pay {1} with {C}", "pass"])
    assert permanent(g, MAIRSIL)["tapped"] is False
    g.run_line([second, "pass"])
    assert labels(g) == ["cast Lightning Bolt without paying its mana cost", "done casting"]
    g.run_line(["cast Lightning Bolt without paying its mana cost", "target P2", "pass"])
    assert player(g, "P2")["life"] == 17
    assert player(g, "P1")["graveyard"] == ["Divination", MAIRSIL, "Lightning Bolt"]
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Izzet Chemister", "Basalt Monolith", "Shock"]


def test_mairsil_izzet_chemister_itself_cannot_be_cast():
    """Ruling: "Izzet Chemister itself can't be cast this way": the caged card wasn't exiled with
    the first ability (CR 607.2a), so with nothing exiled that way the second ability casts
    nothing, and Izzet Chemister stays in exile with its cage counter."""
    g = scenario(f"""
players:
  - mana_pool: "{{R}}{{R}}"
    graveyard: [Lightning Bolt]
    exile: [{{card: Izzet Chemister, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
""")
    g.run_line([f"activate {MAIRSIL}: {{1}}{{R}}, {{T}}, Sacrifice {MAIRSIL}", "pass"])
    assert g.decision.kind == "priority" and labels(g) == ["pass"]
    assert stack(g) == []
    assert exile_entry(g, "P1", "Izzet Chemister")["counters"] == {"cage": 1}
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt", MAIRSIL]
    assert not any(" casts " in line for line in g.log)


def test_mairsil_leaving_loses_cards_exiled_with_first_ability():
    """Ruling: "if Mairsil leaves the battlefield before activating that second ability, the cards
    exiled with that first ability are lost forever." The Mairsil that returns is a new object
    (CR 400.7, 607.2a): its second ability finds nothing exiled with it."""
    g = scenario(f"""
players:
  - mana_pool: "{{R}}{{W}}"
    hand: [Cloudshift]
    library: [Island, Island]
    graveyard: [Lightning Bolt]
    exile: [{{card: Izzet Chemister, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}", Mountain, Mountain]
  - library: [Island]
""")
    g.run_line([f"activate {MAIRSIL}: {{R}}, {{T}}", "target Lightning Bolt", "pass"])
    g.run_line(["cast Cloudshift", f"target {MAIRSIL}", "pass", "pass"])  # nothing left to cage
    assert permanent(g, MAIRSIL)["summoning_sick"] is True
    pass_until(g, "precombat_main", turn=3)
    g.run_line(["activate Mountain", "activate Mountain",
                f"activate {MAIRSIL}: {{1}}{{R}}, {{T}}, Sacrifice {MAIRSIL}", "pass"])
    assert g.decision.kind == "priority" and stack(g) == []
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Izzet Chemister", "Lightning Bolt"]
    assert player(g, "P2")["life"] == 20
    assert not any(" casts Lightning Bolt" in line for line in g.log)


def test_mairsil_two_caged_cards_with_same_ability_give_two_instances_each_once_a_turn():
    """Ruling: "If multiple cards exiled with cage counters on them have the same ability, Mairsil
    will have multiple instances of that ability. Each may be activated once each turn." The two
    instances are labelled by the caged card they come from (interface.md §2)."""
    g = scenario(f"""
players:
  - exile:
      - {{card: Basalt Monolith, counters: {{cage: 1}}}}
      - {{card: Basalt Monolith, counters: {{cage: 1}}}}
    battlefield: ["{MAIRSIL}"]
""")
    a, b = (e["id"] for e in player(g, "P1")["exile"])
    tap_a, tap_b = (gained("{T}: Add {C}{C}{C}.", f"Basalt Monolith#{i}") for i in (a, b))
    untap_a, untap_b = (gained(f"{{3}}: Untap {MAIRSIL}.", f"Basalt Monolith#{i}") for i in (a, b))
    assert mairsil_labels(g) == [tap_a, tap_b]
    g.act(tap_a)
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"
    assert mairsil_labels(g) == [untap_a, untap_b]
    g.run_line([untap_a, "pass"])
    assert player(g, "P1")["mana_pool"] == ""
    # only the second {T} instance is left; its label keeps the card's id (stable written lines)
    assert mairsil_labels(g) == [tap_b]
    g.act(tap_b)
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"
    assert mairsil_labels(g) == [untap_b]        # only the second untap instance is left
    g.run_line([untap_b, "pass"])
    assert player(g, "P1")["mana_pool"] == ""
    assert permanent(g, MAIRSIL)["tapped"] is False
    assert labels(g) == ["pass"]                 # every instance has been used this turn
    assert [line for line in g.log if line.startswith("P1 activates")] == [
        f"P1 activates {MAIRSIL}: {{T}}: Add {{C}}{{C}}{{C}}. (from Basalt Monolith)",
        f"P1 activates {MAIRSIL}: {{3}}: Untap {MAIRSIL}. (from Basalt Monolith)"] * 2


@pytest.mark.parametrize("spell", ["Act of Treason", "Threaten"])
def test_mairsil_under_another_players_control_has_only_that_players_caged_cards_abilities(spell):
    """Ruling: "If another player gains control of Mairsil, it will have the abilities of only
    cards that player owns in exile with cage counters on them." P2 steals P1's Mairsil on P2's
    turn; it gains haste, so P2 can use {T} (CR 302.6). When control returns at end of turn
    (CR 514.2), Mairsil has P1's caged card's abilities again."""
    g = scenario(f"""
format: duel
turn: 2
active_player: P2
players:
  - library: [Island]
    exile: [{{card: Basalt Monolith, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
  - mana_pool: "{{R}}{{C}}{{C}}{{C}}"
    library: [Island]
    hand: [{spell}]
    exile: [{{card: Grim Monolith, counters: {{cage: 1}}}}]
""")
    g.run_line([f"cast {spell}", f"target {MAIRSIL}", "pass"])
    assert g.decision.player == "P1"
    assert mairsil_labels(g) == [BASALT_T]      # P1 still controls it while the spell is on the stack
    g.act("pass")
    assert permanent(g, MAIRSIL)["controller"] == "P2"
    assert permanent(g, MAIRSIL)["owner"] == "P1"
    assert g.decision.player == "P2"
    assert mairsil_labels(g) == [GRIM_T]        # P2's caged card only; {4} isn't affordable
    g.act(GRIM_T)
    assert player(g, "P2")["mana_pool"] == "{C}{C}{C}{C}"
    assert mairsil_labels(g) == [GRIM_UNTAP]
    assert not any("Basalt Monolith" in lab for lab in labels(g))
    pass_until(g, "precombat_main", turn=3)
    assert permanent(g, MAIRSIL)["controller"] == "P1"
    assert permanent(g, MAIRSIL)["tapped"] is False
    assert mairsil_labels(g) == [BASALT_T]


def test_mairsil_ability_linked_to_non_activated_ability_prototype_portal_creates_no_tokens():
    """Ruling: "If Mairsil gains an activated ability that's normally linked to a non-activated
    ability of the card it came from, the ability Mairsil has isn't linked to any ability ... if
    Mairsil exiles Prototype Portal, the activated ability creates no tokens at all; it doesn't
    create Prototype Portal tokens." (CR 607.5.) Nor is it linked to another Prototype Portal's
    imprint: the Sol Ring exiled by a real Portal gives Mairsil nothing.

    Whether Mairsil may activate it at all is left open (Prototype Portal's own ruling makes X
    undefined with no exiled card); if it is offered, activating it must create no token."""
    g = scenario(f"""
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{C}}{{C}}"
    hand: [Prototype Portal, Sol Ring]
    exile: [{{card: Prototype Portal, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
""")
    g.run_line(["cast Prototype Portal", "pass", "pass", "exile Sol Ring (hand)"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Prototype Portal", "Sol Ring"]
    portal = gained("{X}, {T}: Create a token that's a copy of the exiled card. X is the mana value of that "
                    "card.", "Prototype Portal")
    assert mairsil_labels(g) in ([], [portal])
    if mairsil_labels(g):
        g.act(portal)
        assert g.decision.kind == "priority"   # X is not chosen (CR 107.3c)
        g.act("pass")
        assert stack(g) == []
    assert tokens(g) == []
    assert not any("creates a token" in line for line in g.log)
    assert player(g, "P1")["mana_pool"] == "{C}"


def test_mairsil_ability_that_did_not_resolve_still_counts_for_once_each_turn():
    """Ruling: "If one of Mairsil's abilities doesn't resolve, most likely because its target
    became illegal before it resolved, it can't be activated again in the same turn." The
    restriction counts activations (CR 602.5b); the ability is removed as it tries to resolve
    (CR 608.2b)."""
    g = scenario(f"""
players:
  - mana_pool: "{{U}}{{U}}{{U}}"
    hand: [Unsummon]
    exile: [{{card: Grand Architect, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}", Ornithopter, Memnite]
""")
    blue = gained("{U}: Target artifact creature becomes blue until end of turn.", "Grand Architect")
    tap_blue = gained("Tap an untapped blue creature you control: Add {C}{C}. Spend this mana only to cast "
                      "artifact spells or activate abilities of artifacts.", "Grand Architect")
    assert mairsil_labels(g) == [blue, tap_blue]
    g.run_line([blue, "target Ornithopter", "cast Unsummon", "target Ornithopter", "pass"])
    assert player(g, "P1")["hand"] == ["Ornithopter"]
    g.act("pass")
    assert stack(g) == []
    assert f"{MAIRSIL} ability doesn't resolve: its targets are illegal" in g.log
    # {U} is still there and Memnite is a legal target, but this instance has been used this turn
    assert player(g, "P1")["mana_pool"] == "{U}"
    assert mairsil_labels(g) == [tap_blue]


def test_mairsil_once_each_turn_starts_again_next_turn():
    """Mairsil: "You may activate each of those abilities only once each turn": the next turn
    each instance may be activated again."""
    g = scenario(f"""
players:
  - library: [Island, Island]
    exile: [{{card: Basalt Monolith, counters: {{cage: 1}}}}]
    battlefield: ["{MAIRSIL}"]
  - library: [Island]
""")
    g.act(BASALT_T)
    assert mairsil_labels(g) == [BASALT_UNTAP]
    g.run_line([BASALT_UNTAP, "pass"])
    assert mairsil_labels(g) == []
    pass_until(g, "precombat_main", turn=3)
    assert permanent(g, MAIRSIL)["tapped"] is False   # Basalt Monolith's "doesn't untap" isn't gained
    assert mairsil_labels(g) == [BASALT_T]


# =============================================================================================
# Every activated ability of every supported card, when Mairsil has it


def _activated(card: CardDef) -> list[Activated]:
    return [a for a in card.abilities if isinstance(a, Activated)]


CAGEABLE = [c for c in all_cards() if _activated(c)]
POOL = "{W}{W}{U}{U}{U}{B}{B}{B}{R}{R}{R}{R}{G}{G}" + "{C}" * 12
#: Put on the stack (in the "busy" position) what abilities that copy spells and abilities target:
#: a triggered ability from a colorless source (Prototype Portal's imprint), an instant and, where
#: the pool has one, a permanent spell with flash.
BUSY_LINE = ["cast Prototype Portal", "pass", "cast Lightning Bolt", "target P2", "cast Dualcaster Mage"]


def _pay_and_step(g: Game, step: str) -> None:
    if step in labels(g):
        g.act(step)
        while g.decision.kind == "choose" and all(lab.startswith("pay ") for lab in labels(g)):
            g.act(labels(g)[0])


def _position(card: CardDef, caged: bool, busy: bool = False) -> Game:
    """Mairsil with `card` caged (or, to compare, `card` itself on the battlefield beside an
    uncaged Mairsil), with what the card's costs and targets need: plenty of mana, counters for
    "remove a counter" costs, tapped for {Q}, another creature and artifact (Memnite), a card to
    discard, an opponent's creature and nonbasic land, an instant in the graveyard, a library to
    draw from; `busy` adds spells and abilities on the stack (BUSY_LINE)."""
    abilities = _activated(card)
    counters: dict[str, int] = {}
    for ab in abilities:
        if ab.cost.remove_counters:
            kind, n = ab.cost.remove_counters
            counters[kind] = max(counters.get(kind, 0), n if isinstance(n, int) else 1)
    tapped = any(ab.cost.untap for ab in abilities) and not any(ab.cost.tap for ab in abilities)
    holder: dict[str, Any] = {"card": MAIRSIL if caged else card.name, "tapped": tapped, "counters": counters}
    if not caged and "Aura" in card.subtypes:
        holder["attached_to"] = "Memnite"
    if not caged and card.toughness == 0:
        holder["counters"] = dict(counters, **{"+1/+1": counters.get("+1/+1", 0) + 1})  # not a 0/0
    hand = ["Island", "Prototype Portal", "Lightning Bolt"] + (["Dualcaster Mage"] if has_card("Dualcaster Mage")
                                                              else [])
    p1: dict[str, Any] = {
        "mana_pool": POOL, "library": ["Island"] * 10, "graveyard": ["Lightning Bolt"], "hand": hand,
        "battlefield": [holder, "Memnite"] + ([] if caged else [MAIRSIL]),
    }
    if caged:
        p1["exile"] = [{"card": card.name, "counters": {"cage": 1}}]
    p2 = {"library": ["Island"] * 5, "battlefield": ["Grizzly Bears", "City of Brass"]}
    g = load_scenario({"players": [p1, p2]})
    if busy:
        for step in BUSY_LINE:
            _pay_and_step(g, step)
        assert len(stack(g)) >= 2, g.log
    return g


def _expected_label(card: CardDef, ab: Activated) -> str:
    return gained(ab.text.replace(card.name, MAIRSIL), card.name)


def _finish(g: Game, limit: int = 120) -> None:
    """Answer every choice with the first option (mana abilities last) and pass priority until the
    stack is empty."""
    for _ in range(limit):
        d = g.decision
        if d is None:
            return
        acts = g.legal_actions()
        if d.kind == "priority":
            if not g.state_json()["stack"]:
                return
            g.act("pass")
            continue
        choices = [a for a in acts if a.kind != "activate"] or acts
        g.act(choices[0])
    raise AssertionError("the ability did not finish resolving")


def _names_sacrificed_source(card: CardDef, ab: Activated) -> bool:
    """The known engine bug: once Mairsil is sacrificed to pay the cost, the logged text names
    the caged card (see test_mairsil_stack_and_log_name_mairsil_in_an_ability_whose_cost_sacrificed_it)."""
    return ab.cost.sacrifice_self and card.name in ab.text


#: Cards whose ability hits an engine bug that isn't Mairsil's (the card itself fails the same way).
CARD_BUGS: dict[str, str] = {}
#: Abilities Mairsil has but can never activate, by the rulings.
NEVER_ACTIVATABLE = {
    "Prototype Portal": "on Mairsil the ability is linked to nothing, so no card is ever exiled with it and its "
                        "X is undefined: it can't be activated (Prototype Portal ruling 2011-01-01)",
}


@pytest.mark.parametrize("card", [
    pytest.param(c, id=c.name, marks=[pytest.mark.xfail(strict=True, reason=CARD_BUGS[c.name])]
                 if c.name in CARD_BUGS else [pytest.mark.skip(reason=NEVER_ACTIVATABLE[c.name])]
                 if c.name in NEVER_ACTIVATABLE else []) for c in CAGEABLE])
def test_mairsil_has_and_can_activate_every_activated_ability_of_a_caged_card(card: CardDef):
    """Mairsil "has all activated abilities of all cards you own in exile with cage counters on
    them", each named as if printed on Mairsil (ruling). Every gained ability is labelled
    `<text, the card's name replaced by Mairsil's> (from <card>)`; in each position, each one the
    card itself could activate is offered to Mairsil, and activating it plays out without error,
    logged under Mairsil's name. Every ability can be activated in one of the two positions."""
    expected = [_expected_label(card, ab) for ab in _activated(card)]
    activated: set[str] = set()
    for busy in (False, True):
        g = _position(card, caged=True, busy=busy)
        offered = [lab for lab in labels(g) if lab.endswith(f"(from {card.name})")]
        assert set(offered) <= set(expected), f"mislabelled gained abilities: {set(offered) - set(expected)}"
        own_labels = set(labels(_position(card, caged=False, busy=busy)))
        for ab, label in zip(_activated(card), expected, strict=True):
            if f"activate {card.name}: {ab.text}" in own_labels:
                assert label in offered, f"{card.name} can activate {ab.text!r} here (busy={busy}), Mairsil can't"
        for ab, label in zip(_activated(card), expected, strict=True):
            if label not in offered:
                continue
            activated.add(label)
            run = g.clone()
            run.act(label)
            _finish(run)
            text = label[len(f"activate {MAIRSIL}: "):]
            if not _names_sacrificed_source(card, ab):
                assert any(line.startswith(f"P1 activates {MAIRSIL}: {text}") for line in run.log), \
                    f"no log line for {label!r}:\n" + "\n".join(run.log)
            assert exile_entry(run, "P1", card.name)["counters"] == {"cage": 1}
            assert not run.state_json()["game_over"]
    assert set(expected) <= activated, f"never offered: {set(expected) - activated}"


SACRIFICE_NAMED = [pytest.param(c, id=c.name) for c in CAGEABLE
                   if any(_names_sacrificed_source(c, ab) for ab in _activated(c))]


@pytest.mark.parametrize("card", SACRIFICE_NAMED)
def test_mairsil_logs_an_ability_whose_cost_sacrifices_it_under_its_own_name(card: CardDef):
    """Ruling (Magus of the Mind): Mairsil's instance names Mairsil, also in the log once it has
    been sacrificed to pay the cost."""
    g = _position(card, caged=True)
    for ab in _activated(card):
        label = _expected_label(card, ab)
        if not _names_sacrificed_source(card, ab) or label not in labels(g):
            continue
        run = g.clone()
        run.act(label)
        _finish(run)
        text = label[len(f"activate {MAIRSIL}: "):]
        assert any(line.startswith(f"P1 activates {MAIRSIL}: {text}") for line in run.log), \
            "\n".join(run.log)
