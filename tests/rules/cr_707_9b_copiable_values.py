"""Copiable values: CR 707.2, 707.3, 707.9a, 707.9b (with 706/707 rulings of Clone and Phantasmal Image).

Class of bug: a copy of a permanent that is itself copying something copies the copiable values
of that permanent -- what it copied, as modified by its copy effect's exceptions (CR 707.3, 707.9a,
707.9b). A Clone copying a Phantasmal Image that copies Grizzly Bears is a Grizzly Bears that is an
Illusion with "When this creature becomes the target of a spell or ability, sacrifice it." Counters,
Auras and Equipment, and non-copy effects (pump, type-changing effects such as crew) are not copied
(CR 707.2), and a nontoken copy of a token is not a token (Clone's ruling).

state_json() shows neither subtypes nor abilities, so "is an Illusion with the sacrifice trigger"
is shown by what the trigger does: targeted by Giant Growth, the copy is sacrificed (and Giant
Growth, its only target gone, doesn't resolve: CR 608.2b).

"""

from __future__ import annotations

from mtg_env import Game
from tests.helpers import labels, permanent, permanents, player, scenario, stack

BEARS = "Grizzly Bears"
SACRIFICE_TRIGGER = "When this creature becomes the target of a spell or ability, sacrifice it."


def newest(g: Game, card: str) -> int:
    """The id of the permanent named `card` that entered last (ids grow, CR 400.7)."""
    return max(e["id"] for e in permanents(g, card))


def copy_newest(g: Game, card: str) -> str:
    """The step that has a Clone or Phantasmal Image copy the `card` that entered last."""
    return f"copy {card}#{newest(g, card)}"


def mine(g: Game, card: str) -> list[dict]:
    return [e for e in player(g, "P1")["battlefield"] if e["card"] == card]


def giant_growth_the_newest(g: Game, card: str) -> None:
    g.run_line(["activate Forest", "cast Giant Growth", f"target {card}#{newest(g, card)}"])


# ---------------------------------------------------------------------------------------------
# A copy of a copy copies the copy's exceptions (CR 707.3, 707.9a/b)


def test_cr_707_9b_clone_copying_phantasmal_image_is_an_illusion_sacrificed_when_targeted():
    """CR 707.3, 707.9a, 707.9b and Phantasmal Image's ruling ("The Illusion creature type and the
    triggered ability that Phantasmal Image gains as part of its copy effect are both copiable
    values that other effects may copy"): Phantasmal Image copies P2's Grizzly Bears; Clone copies
    the Image. The Clone is a Grizzly Bears with the sacrifice trigger: Giant Growth targets it,
    the trigger goes on the stack above Giant Growth, and the Clone is sacrificed."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}"
    hand: [Phantasmal Image, Clone, Giant Growth]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Phantasmal Image", "pass", "copy Grizzly Bears"])
    g.run_line(["cast Clone", "pass", copy_newest(g, BEARS)])
    assert [(e["power"], e["toughness"]) for e in mine(g, BEARS)] == [(2, 2), (2, 2)]
    assert player(g, "P1")["graveyard"] == []
    giant_growth_the_newest(g, BEARS)
    assert [(s["source"], s["text"]) for s in stack(g)] == [
        ("Giant Growth", "Target creature gets +3/+3 until end of turn."), (BEARS, SACRIFICE_TRIGGER)]
    g.run_line(["pass", "pass"])
    assert stack(g) == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Clone", "Giant Growth"]
    assert [(e["power"], e["toughness"]) for e in mine(g, BEARS)] == [(2, 2)]   # the Image, untouched


def test_cr_707_3_clone_copying_a_clone_copying_phantasmal_image_keeps_the_exception():
    """CR 707.3 (objects that copy the object use the new copiable values), 707.9b: Phantasmal Image
    copies Grizzly Bears, Clone copies the Image, a second Clone copies that Clone. The second Clone
    is also a Grizzly Bears with the sacrifice trigger, and is sacrificed when Giant Growth targets
    it."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}{U}{U}{U}{U}"
    hand: [Phantasmal Image, Clone, Clone, Giant Growth]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Phantasmal Image", "pass", "copy Grizzly Bears"])
    g.run_line(["cast Clone", "pass", copy_newest(g, BEARS)])
    g.run_line(["cast Clone", "pass", copy_newest(g, BEARS)])
    assert len(mine(g, BEARS)) == 3
    giant_growth_the_newest(g, BEARS)
    assert [s["text"] for s in stack(g)][-1] == SACRIFICE_TRIGGER
    g.run_line(["pass", "pass"])
    assert stack(g) == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Clone", "Giant Growth"]
    assert len(mine(g, BEARS)) == 2


def test_cr_707_9a_phantasmal_image_copying_phantasmal_image_has_two_sacrifice_triggers():
    """CR 707.9a, 707.3: the first Image's copiable values are Grizzly Bears plus Illusion plus the
    sacrifice trigger; the second Image copies those and its own exception adds the trigger again,
    so it has two instances (CR 113.2c: an object may have several instances of one ability). When
    Giant Growth targets the second Image, both trigger; it is sacrificed."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Phantasmal Image, Phantasmal Image, Giant Growth]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Phantasmal Image", "pass", "copy Grizzly Bears"])
    g.run_line(["cast Phantasmal Image", "pass", copy_newest(g, BEARS)])
    giant_growth_the_newest(g, BEARS)
    while g.decision is not None and g.decision.kind == "order":   # two identical triggers
        g.act(g.legal_actions()[0])
    assert [s["text"] for s in stack(g)] == ["Target creature gets +3/+3 until end of turn.",
                                             SACRIFICE_TRIGGER, SACRIFICE_TRIGGER]
    g.run_line(["pass", "pass", "pass"])
    assert stack(g) == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Giant Growth", "Phantasmal Image"]
    assert len(mine(g, BEARS)) == 1


def test_cr_707_3_clone_copying_a_clone_is_what_that_clone_copied_without_an_exception():
    """CR 707.3 and Clone's ruling ("If the chosen creature is copying something else ..., then your
    Clone enters the battlefield as whatever the chosen creature copied"): Clone copies Grizzly
    Bears, a second Clone copies the first. It is a 2/2 Grizzly Bears, and no Illusion: Giant
    Growth targets it, nothing triggers, and it is 5/5."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}{U}{U}"
    hand: [Clone, Clone, Giant Growth]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Clone", "pass", "copy Grizzly Bears"])
    g.run_line(["cast Clone", "pass", copy_newest(g, BEARS)])
    assert [(e["power"], e["toughness"]) for e in mine(g, BEARS)] == [(2, 2), (2, 2)]
    giant_growth_the_newest(g, BEARS)
    assert [s["source"] for s in stack(g)] == ["Giant Growth"]
    g.act("pass")
    assert sorted((e["power"], e["toughness"]) for e in mine(g, BEARS)) == [(2, 2), (5, 5)]
    assert player(g, "P1")["graveyard"] == ["Giant Growth"]


def test_cr_707_9b_phantasmal_image_copying_a_clone_is_what_the_clone_copied_plus_its_own_exception():
    """CR 707.3, 707.9a: Clone copies Grizzly Bears; Phantasmal Image copies the Clone. The Image is
    a Grizzly Bears (the Clone's copiable values) that is an Illusion with the sacrifice trigger:
    targeted by Giant Growth, it is sacrificed; the Clone stays."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}"
    hand: [Clone, Phantasmal Image, Giant Growth]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Clone", "pass", "copy Grizzly Bears"])
    g.run_line(["cast Phantasmal Image", "pass", copy_newest(g, BEARS)])
    giant_growth_the_newest(g, BEARS)
    assert [s["text"] for s in stack(g)][-1] == SACRIFICE_TRIGGER
    g.run_line(["pass", "pass"])
    assert sorted(player(g, "P1")["graveyard"]) == ["Giant Growth", "Phantasmal Image"]
    assert [(e["power"], e["toughness"]) for e in mine(g, BEARS)] == [(2, 2)]


# ---------------------------------------------------------------------------------------------
# What is not copied (CR 707.2)


def test_cr_707_2_counters_are_not_copied_walking_ballista_and_stonecoil_serpent_copies_have_x_0():
    """CR 707.2, 107.3m and Clone's rulings ("It doesn't copy ... whether it has any counters on
    it"; "If the chosen creature has {X} in its mana cost ..., X is considered to be zero"): a Clone
    copying a Walking Ballista with three +1/+1 counters, or a Stonecoil Serpent with three, enters
    with no counters, is 0/0 and is put into the graveyard."""
    for card in ("Walking Ballista", "Stonecoil Serpent"):
        g = scenario(f"""
players:
  - mana_pool: "{{U}}{{U}}{{U}}{{U}}"
    hand: [Clone]
    battlefield: [{{card: {card}, counters: {{"+1/+1": 3}}}}]
""")
        g.run_line(["cast Clone", "pass", f"copy {card}"])
        assert stack(g) == []
        assert player(g, "P1")["graveyard"] == ["Clone"], card
        assert permanent(g, card)["counters"] == {"+1/+1": 3}


def test_cr_707_2_pump_equipment_and_type_changes_are_not_copied():
    """CR 707.2, 613 and Clone's ruling ("or any non-copy effects that have changed its power,
    toughness, types, color, or so on"): Grizzly Bears under Giant Growth and equipped with
    Bonesplitter is 7/5; a Clone of it is a plain 2/2 Grizzly Bears. A Smuggler's Copter crewed
    into an artifact creature can be chosen, but the Clone is a Smuggler's Copter that is only an
    artifact (the crew effect is not copied)."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Clone, Giant Growth]
    battlefield: [Forest, Grizzly Bears, {card: Bonesplitter, attached_to: Grizzly Bears}]
""")
    g.run_line(["activate Forest", "cast Giant Growth", "target Grizzly Bears", "pass"])
    assert (permanent(g, BEARS)["power"], permanent(g, BEARS)["toughness"]) == (7, 5)
    g.run_line(["cast Clone", "pass", "copy Grizzly Bears"])
    clone = next(e for e in mine(g, BEARS) if e["id"] == newest(g, BEARS))
    assert (clone["power"], clone["toughness"], clone["counters"], clone["token"]) == (2, 2, {}, False)

    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Clone]
    battlefield: [Smuggler's Copter, Grizzly Bears]
""")
    g.run_line(["activate Smuggler's Copter", "tap Grizzly Bears", "pass", "cast Clone", "pass"])
    assert "copy Smuggler's Copter" in labels(g)
    g.act("copy Smuggler's Copter")
    copters = sorted(permanents(g, "Smuggler's Copter"), key=lambda e: e["id"])
    assert [e["types"] for e in copters] == [["Artifact", "Creature"], ["Artifact"]]
    assert copters[1]["tapped"] is False


def test_cr_707_2_a_clone_of_a_token_is_not_a_token():
    """CR 707.2, 111.1 and Clone's ruling ("If the chosen creature is a token, Clone copies the
    original characteristics of that token ... Clone is not a token"): Prototype Portal makes a
    Memnite token; a Clone copying it is a 1/1 Memnite that is not a token. A Clone copying a
    Thopter token (Hangarback Walker's) is a 1/1 Thopter that is not a token either."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Clone]
    exile:
      - {card: Memnite, exiled_with: Prototype Portal}
    battlefield: [Prototype Portal]
""")
    g.run_line(["activate Prototype Portal", "pass", "cast Clone", "pass", "copy Memnite"])
    memnites = sorted(permanents(g, "Memnite"), key=lambda e: e["id"])
    assert [(e["token"], e["power"], e["toughness"]) for e in memnites] == [(True, 1, 1), (False, 1, 1)]

    g = scenario("""
players:
  - mana_pool: "{U}{C}"            # with the Altar's {C}{C}: Clone's {3}{U}
    hand: [Clone]
    battlefield: [Ashnod's Altar, {card: Hangarback Walker, counters: {"+1/+1": 1}}]
""")
    g.run_line(["activate Ashnod's Altar", "pass"])   # the only creature is sacrificed
    assert [e["token"] for e in permanents(g, "Thopter")] == [True]
    g.run_line(["cast Clone", "pass", "copy Thopter"])
    thopters = sorted(permanents(g, "Thopter"), key=lambda e: e["id"])
    assert [(e["token"], e["power"], e["toughness"]) for e in thopters] == [(True, 1, 1), (False, 1, 1)]
