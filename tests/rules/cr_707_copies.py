"""CR 707.10: copies of activated and triggered abilities (issue "Copies of activated and
triggered abilities").

Part 1 has one test per Gatherer ruling of the two seeds, named after it: Ertha Jo, Frontier Mentor
(seed 001) and Abstruse Archaic (seed 002). Both seeds open with the same paragraphs on mana and on
the tap and untap symbols (CR 106.5-107.6); tests/seeds/mana_rules.py has one test per sentence of
those, and the two that bear on copies (tapping for mana is a mana ability, {T} and summoning
sickness) are shown here again with the copy cards. Part 2 shows each copy card of
mtg_env/cards/pool/copies.py at work.

Every expected answer follows from CR 707.10 (copies of spells and abilities), CR 607 (linked
abilities), CR 601.2d (division) and the rulings in /work/shared/reference/cards.txt. Where the
engine disagrees, the test stays right and is marked xfail(strict=True) with the engine bug as
its reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from mtg_env import Game
from mtg_env.engine.errors import IllegalActionError
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario, stack

ERTHA = "Ertha Jo, Frontier Mentor"
ERTHA_TEXT = ("Whenever you activate an ability that targets a creature or player, copy that ability. "
              "You may choose new targets for the copy.")
RINGS_TEXT = ("Whenever you activate an ability, if it isn't a mana ability, you may pay {2}. If you do, "
              "copy that ability. You may choose new targets for the copy.")
PYRO_TEXT = "{T}: Prodigal Pyromancer deals 1 damage to any target."
BALLISTA_PING = "Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target."
UNTAP_TEXT = "{3}: Untap Basalt Monolith."
ARCHAIC_TEXT = ("{1}, {T}: Copy target activated or triggered ability you control from a colorless source. "
                "You may choose new targets for the copy. (Mana abilities can't be targeted.)")

PING = "activate Walking Ballista: Remove"
PYRO = "activate Prodigal Pyromancer"
ARCHAIC = "activate Abstruse Archaic"
UNTAP = "activate Basalt Monolith: {3}"
TAP_MONOLITH = "activate Basalt Monolith: {T}"


def game(yaml_text: str) -> Game:
    return scenario(yaml_text)


def summary(g: Game) -> list[tuple[str, bool, list[str]]]:
    """The stack, bottom first, as (source, copy, targets)."""
    return [(s["source"], s["copy"], s["targets"]) for s in stack(g)]


def count_log(g: Game, text: str) -> int:
    return sum(1 for line in g.log if text in line)


def activations(g: Game, card: str) -> list[str]:
    return [lab for lab in labels(g) if lab.startswith(f"activate {card}:")]


def life(g: Game, who: str) -> int:
    return int(player(g, who)["life"])


def damage(g: Game, card: str) -> Any:
    return permanent(g, card)["damage"]


def names(g: Game, who: str, zone: str) -> list[str]:
    entries = player(g, who)[zone]
    return sorted(e if isinstance(e, str) else e["card"] for e in entries)


def battlefield(g: Game, who: str) -> list[str]:
    return sorted(e["card"] for e in player(g, who)["battlefield"])


def decision(g: Game) -> tuple[str, str]:
    assert g.decision is not None
    return g.decision.kind, g.decision.prompt


# =============================================================================================
# Part 1: the seeds' rulings
# ---------------------------------------------------------------------------------------------
# Ertha Jo: "Activated abilities contain a colon. ... Some keyword abilities (such as equip) are
# activated abilities and will have colons in their reminder text."


def test_equip_is_an_activated_ability_ertha_jo_copies_it() -> None:
    """Ertha Jo ruling (CR 602.1, 702.6a): equip is an activated ability that targets a creature,
    so activating it triggers Ertha Jo. The copy, with a new target, resolves first and attaches the
    Bracers to Silvercoat Lion; then the original moves them to Grizzly Bears."""
    g = game(f"""
players:
  - mana_pool: "{{C}}{{C}}{{C}}"
    battlefield: ["{ERTHA}", Illusionist's Bracers, Grizzly Bears, Silvercoat Lion]
""")
    g.run_line(["activate Illusionist's Bracers: Equip", "target Grizzly Bears"])
    assert summary(g) == [("Illusionist's Bracers", False, ["Grizzly Bears"]), (ERTHA, False, [])]
    g.run_line(["pass", "yes", "target Silvercoat Lion"])
    assert summary(g) == [("Illusionist's Bracers", False, ["Grizzly Bears"]),
                          ("Illusionist's Bracers", True, ["Silvercoat Lion"])]
    g.act("pass")
    assert permanent(g, "Illusionist's Bracers")["attached_to"] == permanent(g, "Silvercoat Lion")["id"]
    g.act("pass")
    assert permanent(g, "Illusionist's Bracers")["attached_to"] == permanent(g, "Grizzly Bears")["id"]
    assert stack(g) == [] and count_log(g, f"{ERTHA} triggers") == 1


# ---------------------------------------------------------------------------------------------
# Both seeds: "If the activated ability's cost contains a choice, such as a creature to sacrifice
# or a number of counters to remove, the copy uses that same information. You can't pay the cost
# again, even if you want to."


def test_copy_keeps_cost_choices_sacrificed_creature_counters_removed_and_x() -> None:
    """CR 707.10 (the copy copies the decisions made for the original, X included) and both seeds'
    ruling; Rings of Brighthearth ruling: "If the ability has {X} in its cost, the copy uses the
    same value of X."

    - Walking Ballista removes one counter; its copy removes none and still deals 1 damage.
    - Goblin Cratermaker is sacrificed once; the copy still deals its 2 damage (its source is the
      sacrificed Cratermaker, CR 707.10b, 113.7a).
    - Prototype Portal's {X} (X = 1, the exiled Sol Ring's mana value) is paid once; the Rings copy
      asks no X and pays nothing, and makes a token too."""
    g = game(f"""
players:
  - battlefield: ["{ERTHA}", {{card: Walking Ballista, counters: {{"+1/+1": 2}}}}]
""")
    g.run_line([PING, "target P2", "pass"])
    assert decision(g) == ("yes_no", "choose new targets for the copy of Walking Ballista?")
    g.run_line(["no"])
    assert permanent(g, "Walking Ballista")["counters"] == {"+1/+1": 1}
    assert [s["copy"] for s in stack(g)] == [False, True]
    g.run_line(["pass", "pass"])
    assert life(g, "P2") == 18
    assert permanent(g, "Walking Ballista")["counters"] == {"+1/+1": 1}

    g = game(f"""
players:
  - mana_pool: "{{C}}"
    battlefield: ["{ERTHA}", Goblin Cratermaker]
  - battlefield: [Silvercoat Lion, Grizzly Bears]
""")
    g.run_line(["activate Goblin Cratermaker", "mode 1", "target Silvercoat Lion"])
    assert names(g, "P1", "graveyard") == ["Goblin Cratermaker"]
    g.run_line(["pass", "yes", "target Grizzly Bears"])
    assert summary(g)[-1] == ("Goblin Cratermaker", True, ["Grizzly Bears"])
    assert labels(g) == ["pass"]  # nothing to sacrifice or pay for the copy
    g.run_line(["pass", "pass"])
    assert names(g, "P2", "graveyard") == ["Grizzly Bears", "Silvercoat Lion"]
    assert names(g, "P1", "graveyard") == ["Goblin Cratermaker"]

    g = game("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}"
    hand: [Prototype Portal, Sol Ring]
    battlefield: [Rings of Brighthearth]
""")
    g.run_line(["cast Prototype Portal", "pass", "pass", "exile Sol Ring"])
    assert names(g, "P1", "exile") == ["Sol Ring"]
    g.run_line(["activate Prototype Portal"])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"  # X = 1
    g.run_line(["pass", "yes"])
    assert player(g, "P1")["mana_pool"] == ""
    assert [s["copy"] for s in stack(g)] == [False, True]
    g.run_line(["pass"])
    assert g.decision is not None and g.decision.kind == "priority"  # no X, no cost for the copy
    g.run_line(["pass"])
    assert [e["token"] for e in permanents(g, "Sol Ring")] == [True, True]


def test_copy_pays_no_cost_again() -> None:
    """Both seeds: "You can't pay the cost again, even if you want to." (CR 707.10: a copy of an
    activated ability isn't activated, so no cost is paid.) Rings copies Basalt Monolith's {3}
    untap for its {2} alone; the copy resolves without asking for {3}."""
    g = game("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    battlefield: [Rings of Brighthearth, {card: Basalt Monolith, tapped: true}]
""")
    g.run_line([UNTAP])
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    g.run_line(["pass"])
    assert decision(g) == ("yes_no", "Rings of Brighthearth: pay {2}?")
    g.run_line(["yes"])
    assert player(g, "P1")["mana_pool"] == ""
    assert summary(g) == [("Basalt Monolith", False, []), ("Basalt Monolith", True, [])]
    g.run_line(["pass"])
    assert permanent(g, "Basalt Monolith")["tapped"] is False
    assert summary(g) == [("Basalt Monolith", False, [])]
    assert player(g, "P1")["mana_pool"] == ""


# ---------------------------------------------------------------------------------------------
# Both seeds: "If the ability is modal (that is, if it says, "Choose one —" or similar), the mode is
# copied and can't be changed."


def test_copy_keeps_the_mode_goblin_cratermaker() -> None:
    """CR 707.10, 700.2: Cratermaker's second mode ("Destroy target colorless nonland permanent")
    aimed at Memnite, an artifact creature, triggers Ertha Jo. The copy asks for no mode; its new
    target must suit that mode (Sol Ring, not Silvercoat Lion nor a player), and it destroys."""
    g = game(f"""
players:
  - mana_pool: "{{C}}"
    battlefield: ["{ERTHA}", Goblin Cratermaker, Wastes]
  - battlefield: [Memnite, Sol Ring, Silvercoat Lion]
""")
    g.run_line(["activate Goblin Cratermaker", "mode 2", "target Memnite", "pass", "yes"])
    assert decision(g)[0] == "target"
    assert set(labels(g)) == {"keep target Memnite", "target Sol Ring"}
    g.run_line(["target Sol Ring"])
    assert summary(g) == [("Goblin Cratermaker", False, ["Memnite"]),
                          ("Goblin Cratermaker", True, ["Sol Ring"])]
    g.run_line(["pass", "pass"])
    assert names(g, "P2", "graveyard") == ["Memnite", "Sol Ring"]
    assert battlefield(g, "P2") == ["Silvercoat Lion"]
    assert count_log(g, "choose a mode") == 0
    # The first mode's copy may only be aimed at creatures.
    g = game(f"""
players:
  - mana_pool: "{{C}}"
    battlefield: ["{ERTHA}", Goblin Cratermaker]
  - battlefield: [Memnite, Sol Ring, Silvercoat Lion]
""")
    g.run_line(["activate Goblin Cratermaker", "mode 1", "target Silvercoat Lion", "pass", "yes"])
    assert set(labels(g)) == {"keep target Silvercoat Lion", f"target {ERTHA}", "target Memnite"}
    g.run_line(["target Memnite", "pass", "pass"])
    assert names(g, "P2", "graveyard") == ["Memnite", "Silvercoat Lion"]
    assert battlefield(g, "P2") == ["Sol Ring"]


# ---------------------------------------------------------------------------------------------
# Both seeds: "If the ability divides damage or distributes counters among a number of targets, the
# division and number of targets can't be changed. If you choose new targets, you must choose the
# same number of targets."


def test_copy_keeps_division_and_number_of_targets_arc_mage() -> None:
    """CR 601.2d, 707.10: Arc Mage divides 2 as 1 to P2 and 1 to Silvercoat Lion. Ertha Jo's copy
    asks for no division; choosing new targets means exactly two (no "done choosing targets"):
    Grizzly Bears instead of P2, the Lion kept. Copy: 1 to the Bears, 1 to the Lion; original:
    1 to P2, 1 to the Lion, which dies with 2 damage."""
    g = game(f"""
players:
  - mana_pool: "{{R}}{{C}}{{C}}"
    hand: [Island]
    battlefield: ["{ERTHA}", Arc Mage]
  - battlefield: [Silvercoat Lion, Grizzly Bears]
""")
    g.run_line(["activate Arc Mage", "target P2", "target Silvercoat Lion"])
    assert labels(g) == ["assign 1 to P2"]
    g.run_line(["assign 1 to P2", "discard Island"])
    assert summary(g) == [("Arc Mage", False, ["P2", "Silvercoat Lion"]), (ERTHA, False, [])]
    g.run_line(["pass", "yes"])
    assert "done choosing targets" not in labels(g)
    g.run_line(["target Grizzly Bears"])
    assert "done choosing targets" not in labels(g)
    assert "keep target Silvercoat Lion" in labels(g)
    g.run_line(["keep target Silvercoat Lion"])
    assert summary(g)[-1] == ("Arc Mage", True, ["Grizzly Bears", "Silvercoat Lion"])
    assert decision(g)[0] == "priority"  # no division asked for the copy
    g.act("pass")
    assert damage(g, "Grizzly Bears") == 1 and damage(g, "Silvercoat Lion") == 1
    g.act("pass")
    assert life(g, "P2") == 19
    assert names(g, "P2", "graveyard") == ["Silvercoat Lion"]


def test_copy_keeps_division_one_target_arc_mage() -> None:
    """CR 601.2d, 707.10: all 2 damage to one target. The copy's new targets are one target, not
    one or two (no "done choosing targets", no second target): it deals all 2 to Silvercoat Lion."""
    g = game(f"""
players:
  - mana_pool: "{{R}}{{C}}{{C}}"
    hand: [Island]
    battlefield: ["{ERTHA}", Arc Mage]
  - battlefield: [Silvercoat Lion, Grizzly Bears]
""")
    g.run_line(["activate Arc Mage", "target P2", "done choosing targets", "discard Island", "pass", "yes"])
    assert decision(g) == ("target", "new target 1 of 1 for the copy of Arc Mage")
    assert "done choosing targets" not in labels(g)
    g.run_line(["target Silvercoat Lion"])
    assert summary(g)[-1] == ("Arc Mage", True, ["Silvercoat Lion"])
    assert decision(g)[0] == "priority"
    g.run_line(["pass", "pass"])
    assert names(g, "P2", "graveyard") == ["Silvercoat Lion"]
    assert life(g, "P2") == 18
    assert names(g, "P1", "graveyard") == ["Island"]  # one card discarded, for the original


# ---------------------------------------------------------------------------------------------
# Ertha Jo: "The copy will have the same targets as the ability it's copying unless you choose new
# ones. You may change any number of the targets, including all of them or none of them. The new
# targets must be legal."


def test_copy_keeps_its_targets_unless_new_ones_are_chosen() -> None:
    """CR 707.10c: answering "no", or "yes" and keeping the target, gives the copy the original's
    target; "yes" and a new target changes it."""
    base = f"""
players:
  - battlefield: ["{ERTHA}", Prodigal Pyromancer]
  - battlefield: [Silvercoat Lion]
"""
    for line, targets in ((["no"], ["P2"]), (["yes", "keep target P2"], ["P2"]),
                          (["yes", "target Silvercoat Lion"], ["Silvercoat Lion"])):
        g = game(base)
        g.run_line([PYRO, "target P2", "pass", *line])
        assert summary(g) == [("Prodigal Pyromancer", False, ["P2"]), ("Prodigal Pyromancer", True, targets)]


def test_copy_same_targets_unless_new_ones_chosen_any_number_of_them() -> None:
    """CR 707.10c: of Arc Mage's two targets the copy may change none, one or both."""
    base = f"""
players:
  - mana_pool: "{{R}}{{C}}{{C}}"
    hand: [Island]
    battlefield: ["{ERTHA}", Arc Mage]
  - battlefield: [Silvercoat Lion, Grizzly Bears, Memnite]
"""
    start = ["activate Arc Mage", "target P2", "target Silvercoat Lion", "assign 1 to P2", "discard Island",
             "pass"]
    for line, targets in ((["no"], ["P2", "Silvercoat Lion"]),
                          (["yes", "keep target P2", "target Memnite"], ["P2", "Memnite"]),
                          (["yes", "target Grizzly Bears", "keep target Silvercoat Lion"],
                           ["Grizzly Bears", "Silvercoat Lion"]),
                          (["yes", "target Grizzly Bears", "target Memnite"], ["Grizzly Bears", "Memnite"])):
        g = game(base)
        g.run_line(start + line)
        assert summary(g)[-1] == ("Arc Mage", True, targets), line


def test_copy_new_targets_must_be_legal() -> None:
    """CR 707.10c: new targets must be legal. The Mercenary's "Target creature you control" copy
    may be aimed only at P1's creatures, not at P2's Silvercoat Lion nor a player; choosing an
    illegal one is refused. The copy then pumps Ertha Jo, the original the Grizzly Bears."""
    g = game(f"""
players:
  - battlefield: ["{ERTHA}", Mercenary, Grizzly Bears]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["activate Mercenary", "target Grizzly Bears", "pass", "yes"])
    assert set(labels(g)) == {"keep target Grizzly Bears", f"target {ERTHA}", "target Mercenary"}
    for bad in ("target Silvercoat Lion", "target P2", "target P1"):
        with pytest.raises(IllegalActionError):
            g.act(bad)
    g.run_line([f"target {ERTHA}", "pass", "pass"])
    assert permanent(g, ERTHA)["power"] == 3
    assert permanent(g, "Grizzly Bears")["power"] == 3


def test_copy_keeps_a_target_that_has_no_legal_replacement() -> None:
    """Rings of Brighthearth, Kurkesh and Bracers rulings: "If, for one of the targets, you can't
    choose a new legal target, then it remains unchanged." Tidehollow Sculler's copy has no other
    opponent to aim at: it keeps P2 without asking."""
    g = game("""
players:
  - mana_pool: "{W}{B}{C}{C}"
    hand: [Tidehollow Sculler]
    battlefield: [Strionic Resonator]
  - hand: [Shock, Counterspell]
""")
    g.run_line(["cast Tidehollow Sculler", "pass", "target P2", "activate Strionic Resonator",
                "target ability: Tidehollow Sculler", "pass"])
    assert decision(g) == ("yes_no", "choose new targets for the copy of Tidehollow Sculler?")
    g.act("yes")
    assert decision(g)[0] == "priority"  # no "new target" question: P2 is the only opponent
    assert summary(g)[-1] == ("Tidehollow Sculler", True, ["P2"])


# ---------------------------------------------------------------------------------------------
# Both seeds: "The source of the copy is the same as the source of the original ability."


def test_copy_source_is_the_original_source() -> None:
    """CR 707.10b: Ertha Jo's and Abstruse Archaic's copies of Walking Ballista's ability have
    Walking Ballista as their source (not the copier); Walking Ballista deals the damage."""
    g = game(f"""
players:
  - mana_pool: "{{C}}"
    battlefield: ["{ERTHA}", Abstruse Archaic, {{card: Walking Ballista, counters: {{"+1/+1": 2}}}}]
""")
    g.run_line([PING, "target P2", "pass", "no"])
    g.run_line([ARCHAIC, f"target ability: Walking Ballista: {BALLISTA_PING}", "pass", "no"])
    assert [(s["source"], s["controller"], s["text"], s["copy"]) for s in stack(g)] == [
        ("Walking Ballista", "P1", BALLISTA_PING, False),
        ("Walking Ballista", "P1", BALLISTA_PING, True),
        ("Walking Ballista", "P1", BALLISTA_PING, True)]
    g.run_line(["pass", "pass", "pass"])
    assert life(g, "P2") == 17
    assert count_log(g, "Walking Ballista deals 1 damage to P2") == 3
    # The source that left the battlefield is still the source (CR 113.7a).
    g = game(f"""
players:
  - mana_pool: "{{C}}"
    battlefield: ["{ERTHA}", Goblin Cratermaker]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["activate Goblin Cratermaker", "mode 1", "target Silvercoat Lion", "pass", "no"])
    assert [s["source"] for s in stack(g)] == ["Goblin Cratermaker", "Goblin Cratermaker"]
    g.act("pass")
    assert count_log(g, "Goblin Cratermaker deals 2 damage to Silvercoat Lion") == 1


# ---------------------------------------------------------------------------------------------
# Ertha Jo: "The copy made by Ertha Jo's triggered ability is created on the stack, so it's not
# "activated.""


def test_copy_is_created_on_the_stack_not_activated_ertha_jo_does_not_copy_the_copy() -> None:
    """CR 707.10: a copy of an activated ability isn't activated, so Ertha Jo doesn't trigger on
    the copy she makes: one trigger, one copy, two damage in all."""
    g = game(f"""
players:
  - battlefield: ["{ERTHA}", Prodigal Pyromancer]
""")
    g.run_line([PYRO, "target P2", "pass", "no"])
    assert summary(g) == [("Prodigal Pyromancer", False, ["P2"]), ("Prodigal Pyromancer", True, ["P2"])]
    assert decision(g)[0] == "priority" and labels(g) == ["pass"]
    assert count_log(g, f"{ERTHA} triggers") == 1
    assert count_log(g, "P1 activates") == 1
    g.run_line(["pass", "pass"])
    assert stack(g) == [] and life(g, "P2") == 18
    assert count_log(g, f"{ERTHA} triggers") == 1


def test_rings_of_brighthearth_does_not_trigger_on_a_copy() -> None:
    """CR 707.10 and the Lithoform Engine ruling ("Creating the copy won't cause abilities that
    trigger when a player ... activates an ability to trigger"): neither Ertha Jo's copy triggers
    Rings nor Rings' copy triggers Ertha Jo; each triggers once, on the one activation."""
    g = game(f"""
players:
  - mana_pool: "{{C}}{{C}}"
    battlefield: ["{ERTHA}", Rings of Brighthearth, Prodigal Pyromancer]
""")
    g.run_line([PYRO, "target P2"])
    assert decision(g)[0] == "order"
    g.run_line([f"order {ERTHA}"])  # Ertha Jo's first: Rings' resolves first
    assert [s["source"] for s in stack(g)] == ["Prodigal Pyromancer", ERTHA, "Rings of Brighthearth"]
    g.run_line(["pass", "yes", "no"])
    assert summary(g)[-1] == ("Prodigal Pyromancer", True, ["P2"])
    assert len(stack(g)) == 3 and decision(g)[0] == "priority"
    g.run_line(["pass", "pass", "no"])
    assert summary(g)[-1] == ("Prodigal Pyromancer", True, ["P2"])
    assert len(stack(g)) == 2 and decision(g)[0] == "priority"
    g.run_line(["pass", "pass"])
    assert stack(g) == [] and life(g, "P2") == 17
    assert count_log(g, "Rings of Brighthearth triggers") == 1
    assert count_log(g, f"{ERTHA} triggers") == 1


# ---------------------------------------------------------------------------------------------
# Both seeds: "If an ability is linked to a second ability, copies of that ability are also linked
# to that second ability. If the second ability refers to "the exiled card," it refers to all cards
# exiled by the ability and the copy."


def test_copy_of_linked_ability_helvault_both_exiled_creatures_return() -> None:
    """CR 607.2a, 607.3 and Ertha Jo's ruling: Helvault's "{1}, {T}: Exile target creature you
    control" is copied by Ertha Jo with a new target; both creatures are exiled with Helvault and
    both return when Helvault is put into a graveyard (as new objects, CR 400.7)."""
    g = game(f"""
players:
  - mana_pool: "{{C}}"
    hand: [Shatter]
    battlefield: ["{ERTHA}", Helvault, Grizzly Bears, Silvercoat Lion, Mountain, Mountain]
""")
    g.run_line(["activate Helvault: {1}", "target Grizzly Bears", "pass", "yes", "target Silvercoat Lion"])
    assert summary(g) == [("Helvault", False, ["Grizzly Bears"]), ("Helvault", True, ["Silvercoat Lion"])]
    g.run_line(["pass", "pass"])
    assert names(g, "P1", "exile") == ["Grizzly Bears", "Silvercoat Lion"]
    g.run_line(["activate Mountain", "activate Mountain", "cast Shatter", "target Helvault", "pass"])
    assert names(g, "P1", "graveyard") == ["Helvault", "Shatter"]
    assert [s["source"] for s in stack(g)] == ["Helvault"]  # its third ability
    g.act("pass")
    assert names(g, "P1", "exile") == []
    assert {"Grizzly Bears", "Silvercoat Lion"} <= set(battlefield(g, "P1"))
    assert permanent(g, "Grizzly Bears")["summoning_sick"] is True


def test_copy_of_linked_ability_tidehollow_sculler_both_cards_return() -> None:
    """CR 607.3 and Abstruse Archaic's ruling: Strionic Resonator copies Tidehollow Sculler's
    enters trigger (Abstruse Archaic can't: the Sculler is white and black); the copy and the
    original each exile a card, and both return to P2's hand when the Sculler leaves."""
    g = game("""
players:
  - mana_pool: "{W}{B}{C}{C}{R}"
    hand: [Tidehollow Sculler, Lightning Bolt]
    battlefield: [Strionic Resonator]
  - hand: [Counterspell, Shock, Forest]
""")
    g.run_line(["cast Tidehollow Sculler", "pass", "target P2", "activate Strionic Resonator",
                "target ability: Tidehollow Sculler", "pay {1} with {C}", "pay {1} with {C}"])
    g.run_line(["pass", "no"])
    assert summary(g)[-2:] == [("Tidehollow Sculler", False, ["P2"]), ("Tidehollow Sculler", True, ["P2"])]
    g.run_line(["pass", "exile Counterspell", "pass", "exile Shock"])
    assert names(g, "P2", "exile") == ["Counterspell", "Shock"]
    assert names(g, "P2", "hand") == ["Forest"]
    g.run_line(["cast Lightning Bolt", "target Tidehollow Sculler", "pass"])
    assert [s["source"] for s in stack(g)] == ["Tidehollow Sculler"]  # its leaves trigger
    g.act("pass")
    assert names(g, "P1", "graveyard") == ["Lightning Bolt", "Tidehollow Sculler"]
    assert names(g, "P2", "hand") == ["Counterspell", "Forest", "Shock"]
    assert names(g, "P2", "exile") == []


def test_tidehollow_sculler_copy_must_choose_a_nonland_card() -> None:
    """Tidehollow Sculler's Oracle text ("you choose a nonland card from it. Exile that card.") and
    CR 707.10 (the copy's choice is made as it resolves): the copy must exile Shock or Counterspell;
    it can't exile nothing, nor the Forest."""
    g = game("""
players:
  - mana_pool: "{W}{B}{C}{C}"
    hand: [Tidehollow Sculler]
    battlefield: [Strionic Resonator]
  - hand: [Shock, Counterspell, Forest]
""")
    g.run_line(["cast Tidehollow Sculler", "pass", "target P2", "activate Strionic Resonator",
                "target ability: Tidehollow Sculler", "pass", "no", "pass"])
    assert set(labels(g)) == {"exile Shock (hand)", "exile Counterspell (hand)"}


# ---------------------------------------------------------------------------------------------
# Abstruse Archaic: "In some cases involving linked abilities, an ability requires information about
# "the exiled card." When this happens, the ability gets multiple answers. If these answers are
# being used to determine the value of a variable, the sum is used. If an ability attempts to
# create a token that is a copy of "the exiled card," it creates a token for each card exiled."


def test_linked_copy_sums_the_exiled_cards_and_makes_a_token_of_each_prototype_portal() -> None:
    """CR 607.3: Abstruse Archaic copies Prototype Portal's imprint trigger (a colorless source);
    Sol Ring (mana value 1) and Mind Stone (2) are exiled with it. Portal's X is then 1 + 2 = 3, and
    it creates a token copy of each."""
    g = game("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}{C}"
    hand: [Prototype Portal, Sol Ring, Mind Stone]
    battlefield: [Abstruse Archaic]
""")
    g.run_line(["cast Prototype Portal", "pass"])
    assert [s["source"] for s in stack(g)] == ["Prototype Portal"]
    g.run_line([ARCHAIC, "target ability: Prototype Portal", "pass"])
    assert summary(g) == [("Prototype Portal", False, []), ("Prototype Portal", True, [])]
    g.run_line(["pass", "exile Sol Ring", "pass", "exile Mind Stone"])
    assert names(g, "P1", "exile") == ["Mind Stone", "Sol Ring"]
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"
    g.run_line(["activate Prototype Portal"])
    assert player(g, "P1")["mana_pool"] == ""  # X = 3
    g.run_line(["pass"])
    assert sorted((e["card"], e["token"]) for e in player(g, "P1")["battlefield"]
                  if e["card"] in ("Sol Ring", "Mind Stone")) == [("Mind Stone", True), ("Sol Ring", True)]


# ---------------------------------------------------------------------------------------------
# Abstruse Archaic: "Abstruse Archaic's ability can copy activated and triggered abilities of
# dungeons, emblems, planes, and phenomenons. It can't copy the Planechase-specific "planeswalking
# ability" or the triggered abilities associated with the monarch or initiative designations."


@pytest.mark.skip(reason="the engine has no dungeons, emblems, planes, phenomena, monarch or initiative")
def test_abstruse_archaic_copies_abilities_of_dungeons_emblems_planes_not_monarch_or_initiative() -> None:
    """CR 113.7, Abstruse Archaic ruling: not testable until those objects and designations exist."""


# ---------------------------------------------------------------------------------------------
# Abstruse Archaic: "{1}, {T}: Copy target activated or triggered ability you control from a
# colorless source."


def test_abstruse_archaic_targets_only_abilities_you_control_from_colorless_sources() -> None:
    """CR 115.1, 105.2c: on a stack holding a colorless spell (Sol Ring), P2's Walking Ballista
    ability, P1's Walking Ballista ability, Ertha Jo's triggers and Prodigal Pyromancer's ability
    (red sources), only P1's Walking Ballista ability may be targeted."""
    g = game(f"""
format: duel
players:
  - mana_pool: "{{C}}{{C}}"
    hand: [Sol Ring]
    battlefield: ["{ERTHA}", Abstruse Archaic, Prodigal Pyromancer,
                  {{card: Walking Ballista, counters: {{"+1/+1": 2}}}}]
  - battlefield: [{{card: Walking Ballista, counters: {{"+1/+1": 2}}}}]
""")
    g.run_line(["cast Sol Ring", PING, "target P2", "pass"])
    assert g.decision is not None and g.decision.player == "P2"
    g.run_line([PING, "target P1", "pass"])
    assert g.decision is not None and g.decision.player == "P1"
    g.run_line([PYRO, "target P2", ARCHAIC])
    assert labels(g) == [f"target ability: Walking Ballista: {BALLISTA_PING}"]


def test_abstruse_archaic_copies_a_triggered_ability() -> None:
    """Abstruse Archaic ruling ("Triggered abilities use the word "when," "whenever," or "at."")
    and CR 707.10: Hangarback Walker's dies trigger is copied; each instance makes a Thopter for
    each +1/+1 counter it had (two), so four Thopters."""
    g = game("""
players:
  - mana_pool: "{C}"
    battlefield: [Abstruse Archaic, Ashnod's Altar, {card: Hangarback Walker, counters: {"+1/+1": 2}}]
""")
    g.run_line(["activate Ashnod's Altar", "sacrifice Hangarback Walker"])
    assert [s["source"] for s in stack(g)] == ["Hangarback Walker"]
    g.run_line([ARCHAIC, "target ability: Hangarback Walker", "pass"])
    assert summary(g) == [("Hangarback Walker", False, []), ("Hangarback Walker", True, [])]
    g.run_line(["pass", "pass"])
    thopters = permanents(g, "Thopter")
    assert len(thopters) == 4 and all(t["token"] for t in thopters)


def test_abstruse_archaic_cannot_target_mana_abilities() -> None:
    """CR 605.3b (a mana ability doesn't use the stack, so it can't be targeted) and the ruling "An
    activated mana ability is one that produces mana as it resolves, not one that costs mana to
    activate": after Sol Ring's mana ability there is nothing to copy; Basalt Monolith's
    "{3}: Untap" costs mana but is no mana ability, so Abstruse Archaic copies it."""
    g = game("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Abstruse Archaic, Sol Ring, {card: Basalt Monolith, tapped: true}]
""")
    assert activations(g, "Abstruse Archaic") == []
    g.act("activate Sol Ring")
    assert stack(g) == [] and activations(g, "Abstruse Archaic") == []
    g.run_line([UNTAP])
    assert summary(g) == [("Basalt Monolith", False, [])]
    g.run_line([ARCHAIC])
    assert labels(g) == [f"target ability: Basalt Monolith: {UNTAP_TEXT}"]
    g.run_line([f"target ability: Basalt Monolith: {UNTAP_TEXT}", "pass"])
    assert summary(g) == [("Basalt Monolith", False, []), ("Basalt Monolith", True, [])]
    g.act("pass")
    assert permanent(g, "Basalt Monolith")["tapped"] is False
    g.act(TAP_MONOLITH)  # a mana ability: it resolves at once and can't be copied
    assert summary(g) == [("Basalt Monolith", False, [])]
    assert activations(g, "Abstruse Archaic") == []  # tapped (and its target would be the untap)


def test_abstruse_archaic_gives_no_object_an_ability() -> None:
    """Abstruse Archaic ruling: it "creates another instance of that ability on the stack. It
    doesn't cause any object to gain an ability." The copy's source is Walking Ballista; neither
    Abstruse Archaic nor Walking Ballista has an ability it didn't have before, then or on P1's
    next turn."""
    g = game("""
players:
  - mana_pool: "{C}"
    library: [Wastes, Wastes]
    battlefield: [Abstruse Archaic, {card: Walking Ballista, counters: {"+1/+1": 4}}, Wastes]
  - library: [Wastes, Wastes]
""")
    g.run_line([PING, "target P2"])
    before = (activations(g, "Abstruse Archaic"), activations(g, "Walking Ballista"))
    assert before[0] == [f"activate Abstruse Archaic: {ARCHAIC_TEXT}"]
    g.run_line([ARCHAIC, f"target ability: Walking Ballista: {BALLISTA_PING}", "pass", "no"])
    assert summary(g) == [("Walking Ballista", False, ["P2"]), ("Walking Ballista", True, ["P2"])]
    assert activations(g, "Abstruse Archaic") == []  # tapped, and it gained nothing
    assert activations(g, "Walking Ballista") == before[1]
    g.run_line(["pass", "pass"])
    assert life(g, "P2") == 18
    assert permanent(g, "Walking Ballista")["counters"] == {"+1/+1": 3}  # one removed, for the original
    pass_until(g, "precombat_main", turn=3)
    g.run_line(["activate Wastes", PING, "target P2"])  # the same position, one counter fewer
    assert (activations(g, "Abstruse Archaic"), activations(g, "Walking Ballista")) == before


# ---------------------------------------------------------------------------------------------
# Both seeds: "Any choices made when the ability resolves won't have been made yet when it's copied.
# Any such choices will be made separately when the copy resolves. If a triggered ability asks you to
# pay a cost, you pay that cost for the copy separately."


def test_choices_on_resolution_made_separately_for_the_copy() -> None:
    """CR 707.10 ("Choices that are normally made on resolution are not copied"): Rings copies
    Endling's "{1}: Endling gets +1/-1 or -1/+1"; the copy asks and gets +1/-1, the original asks
    again and gets -1/+1, so Endling is back to 3/3."""
    g = game("""
players:
  - mana_pool: "{C}{C}{C}"
    battlefield: [Rings of Brighthearth, Endling]
""")
    g.run_line(["activate Endling: {1}", "pass", "yes", "pass"])
    assert labels(g) == ["choose +1/-1", "choose -1/+1"]
    g.run_line(["choose +1/-1"])
    assert (permanent(g, "Endling")["power"], permanent(g, "Endling")["toughness"]) == (4, 2)
    g.act("pass")
    assert labels(g) == ["choose +1/-1", "choose -1/+1"]
    g.run_line(["choose -1/+1"])
    assert (permanent(g, "Endling")["power"], permanent(g, "Endling")["toughness"]) == (3, 3)


def test_copied_trigger_that_asks_to_pay_is_paid_separately() -> None:
    """Abstruse Archaic ruling and CR 707.10: Archaic copies Rings of Brighthearth's trigger
    (colorless). The copy asks "pay {2}?" on its own and the original asks again: paying both
    copies Basalt Monolith's untap twice. (Rings also triggers on Archaic's activation: declined.)"""
    g = game("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}{C}"
    battlefield: [Abstruse Archaic, Rings of Brighthearth, {card: Basalt Monolith, tapped: true}]
""")
    g.run_line([UNTAP, ARCHAIC])
    assert set(labels(g)) == {f"target ability: Basalt Monolith: {UNTAP_TEXT}",
                              f"target ability: Rings of Brighthearth: {RINGS_TEXT}"}
    g.run_line([f"target ability: Rings of Brighthearth: {RINGS_TEXT}"])
    assert [s["source"] for s in stack(g)] == ["Basalt Monolith", "Rings of Brighthearth", "Abstruse Archaic",
                                              "Rings of Brighthearth"]
    g.run_line(["pass", "no", "pass"])  # Rings for Archaic's activation: no; Archaic resolves
    assert summary(g) == [("Basalt Monolith", False, []), ("Rings of Brighthearth", False, []),
                          ("Rings of Brighthearth", True, [])]
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}{C}"
    g.act("pass")
    assert decision(g) == ("yes_no", "Rings of Brighthearth: pay {2}?")
    g.act("yes")
    assert player(g, "P1")["mana_pool"] == "{C}{C}"
    assert summary(g)[-1] == ("Basalt Monolith", True, [])
    g.run_line(["pass", "pass"])
    assert decision(g) == ("yes_no", "Rings of Brighthearth: pay {2}?")
    g.act("yes")
    assert player(g, "P1")["mana_pool"] == ""
    assert summary(g) == [("Basalt Monolith", False, []), ("Basalt Monolith", True, [])]
    assert count_log(g, "P1 copies Basalt Monolith") == 2
    assert count_log(g, "P1 copies Rings of Brighthearth") == 1


# ---------------------------------------------------------------------------------------------
# The seeds' opening paragraphs, with the copy cards (see tests/seeds/mana_rules.py for the rest).


def test_tapping_for_mana_is_a_mana_ability_rings_and_ertha_jo_ignore_it() -> None:
    """CR 106.12, 605.3a, Rings ruling "An activated mana ability is one that produces mana as it
    resolves": tapping Basalt Monolith and Sol Ring for mana triggers neither Rings nor Ertha Jo
    nor Illusionist's Bracers (on Llanowar Elves)."""
    g = game(f"""
players:
  - battlefield: ["{ERTHA}", Rings of Brighthearth, Basalt Monolith, Sol Ring, Llanowar Elves,
                  {{card: Illusionist's Bracers, attached_to: Llanowar Elves}}]
""")
    g.run_line([TAP_MONOLITH, "activate Sol Ring", "activate Llanowar Elves"])
    assert stack(g) == [] and player(g, "P1")["mana_pool"] == "{G}{C}{C}{C}{C}{C}"
    assert count_log(g, "triggers") == 0


def test_tap_symbol_summoning_sick_abstruse_archaic_cannot_copy() -> None:
    """CR 107.5, 302.6: Abstruse Archaic's {T} ability can't be activated while it is summoning
    sick (vigilance doesn't help); nor can a new Mercenary token's."""
    g = game(f"""
players:
  - mana_pool: "{{C}}"
    battlefield: [{{card: Abstruse Archaic, summoning_sick: true}}, {{card: Mercenary, summoning_sick: true}},
                  {{card: Walking Ballista, counters: {{"+1/+1": 1}}}}, "{ERTHA}"]
""")
    g.run_line([PING, "target P2"])
    assert activations(g, "Abstruse Archaic") == [] and activations(g, "Mercenary") == []


# =============================================================================================
# Part 2: the copy cards
# ---------------------------------------------------------------------------------------------
# Ertha Jo, Frontier Mentor


def test_ertha_jo_enters_with_a_mercenary_token() -> None:
    """Ertha Jo's first ability: a 1/1 red Mercenary creature token whose "{T}: Target creature you
    control gets +1/+0" can be activated only as a sorcery (CR 602.5d) and not while summoning sick."""
    g = game(f"""
players:
  - mana_pool: "{{R}}{{W}}{{C}}{{C}}"
    hand: ["{ERTHA}"]
""")
    g.run_line([f"cast {ERTHA}", "pass", "pass"])
    merc = permanent(g, "Mercenary")
    assert (merc["token"], merc["power"], merc["toughness"], merc["summoning_sick"]) == (True, 1, 1, True)
    assert activations(g, "Mercenary") == []


def test_ertha_jo_copies_only_abilities_that_target_a_creature_or_player() -> None:
    """Ertha Jo: no trigger for Basalt Monolith's untap (no target), Cratermaker's second mode at
    Sol Ring (a noncreature), nor Abstruse Archaic's ability (it targets an ability)."""
    g = game(f"""
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{C}}{{C}}"
    battlefield: ["{ERTHA}", {{card: Basalt Monolith, tapped: true}}, Goblin Cratermaker, Abstruse Archaic]
  - battlefield: [Sol Ring]
""")
    g.run_line([UNTAP, ARCHAIC, f"target ability: Basalt Monolith: {UNTAP_TEXT}",
                "activate Goblin Cratermaker", "mode 2", "target Sol Ring"])
    assert [s["source"] for s in stack(g)] == ["Basalt Monolith", "Abstruse Archaic", "Goblin Cratermaker"]
    assert count_log(g, "triggers") == 0


# ---------------------------------------------------------------------------------------------
# Rings of Brighthearth


def test_rings_copies_basalt_monolith_untap_and_the_copy_resolves_first() -> None:
    """Rings ruling: the trigger and the copy resolve before the original. The copy untaps the
    Monolith while the original is still on the stack: it can be tapped for mana again and the
    original untaps it once more: one loop nets {C}."""
    g = game("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Rings of Brighthearth, Basalt Monolith]
""")
    g.run_line([TAP_MONOLITH, UNTAP, "pass", "yes"])
    assert summary(g) == [("Basalt Monolith", False, []), ("Basalt Monolith", True, [])]
    g.act("pass")
    assert permanent(g, "Basalt Monolith")["tapped"] is False
    assert summary(g) == [("Basalt Monolith", False, [])]
    g.run_line([TAP_MONOLITH, "pass"])
    assert permanent(g, "Basalt Monolith")["tapped"] is False and stack(g) == []
    assert player(g, "P1")["mana_pool"] == "{C}{C}{C}"


def test_rings_pays_only_if_payable_and_only_once() -> None:
    """CR 117.3, 605.3a and the Rings ruling "You can't pay {2} more than once for each time the
    triggered ability resolves": with no mana, only "no" and mana abilities are offered; after
    Sol Ring, "yes" pays once for one copy."""
    g = game("""
players:
  - mana_pool: "{C}{C}{C}"
    battlefield: [Rings of Brighthearth, Sol Ring, {card: Basalt Monolith, tapped: true}]
""")
    g.run_line([UNTAP, "pass"])
    assert set(labels(g)) == {"no", "activate Sol Ring: {T}: Add {C}{C}."}
    g.run_line(["activate Sol Ring"])
    assert "yes" in labels(g)
    g.run_line(["yes"])
    assert decision(g)[0] == "priority" and player(g, "P1")["mana_pool"] == ""
    assert summary(g) == [("Basalt Monolith", False, []), ("Basalt Monolith", True, [])]


def test_rings_does_not_trigger_on_mana_abilities_pili_pala() -> None:
    """Rings ruling: Pili-Pala's "{2}, {Q}: Add one mana of any color" costs mana but makes mana, so
    it's a mana ability (CR 605.1a) and Rings doesn't trigger."""
    g = game("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Rings of Brighthearth, {card: Pili-Pala, tapped: true}]
""")
    g.run_line(["activate Pili-Pala", "color R"])
    assert stack(g) == [] and player(g, "P1")["mana_pool"] == "{R}"
    assert count_log(g, "triggers") == 0


# ---------------------------------------------------------------------------------------------
# Strionic Resonator


def test_strionic_resonator_copies_only_triggered_abilities() -> None:
    """Strionic Resonator: of Prodigal Pyromancer's activated ability and Ertha Jo's trigger, only
    the trigger may be targeted. Its copy copies the Pyromancer's ability again: 3 damage."""
    g = game(f"""
players:
  - mana_pool: "{{C}}{{C}}"
    battlefield: ["{ERTHA}", Prodigal Pyromancer, Strionic Resonator]
""")
    g.run_line([PYRO, "target P2", "activate Strionic Resonator"])
    assert labels(g) == [f"target ability: {ERTHA}: {ERTHA_TEXT}"]
    g.run_line([f"target ability: {ERTHA}", "pass"])
    assert summary(g) == [("Prodigal Pyromancer", False, ["P2"]), (ERTHA, False, []), (ERTHA, True, [])]
    g.run_line(["pass", "no", "pass", "pass", "no", "pass", "pass"])
    assert stack(g) == [] and life(g, "P2") == 17


def test_strionic_resonator_copies_inferno_titans_divided_trigger() -> None:
    """CR 601.2d, 707.10 and the Strionic ruling on divided damage: Inferno Titan's enters trigger
    divides 3 as 1/1/1 among P2, Silvercoat Lion and Grizzly Bears. The copy keeps the division and
    three targets (the Lion replaced by Memnite): copy first (P2 19, Memnite dies, Bears 1 damage),
    then the original (P2 18, Lion 1 damage, Bears die)."""
    g = game("""
players:
  - mana_pool: "{R}{R}{C}{C}{C}{C}{C}{C}"
    hand: [Inferno Titan]
    battlefield: [Strionic Resonator]
  - battlefield: [Silvercoat Lion, Grizzly Bears, Memnite]
""")
    g.run_line(["cast Inferno Titan", "pass", "target P2", "target Silvercoat Lion", "target Grizzly Bears"])
    g.run_line(["assign 1 to P2", "assign 1 to Silvercoat Lion"])
    assert summary(g) == [("Inferno Titan", False, ["P2", "Silvercoat Lion", "Grizzly Bears"])]
    g.run_line(["activate Strionic Resonator", "target ability: Inferno Titan", "pass", "yes",
                "keep target P2", "target Memnite"])
    assert "done choosing targets" not in labels(g)
    g.run_line(["keep target Grizzly Bears"])
    assert summary(g)[-1] == ("Inferno Titan", True, ["P2", "Memnite", "Grizzly Bears"])
    g.act("pass")
    assert life(g, "P2") == 19 and damage(g, "Grizzly Bears") == 1
    g.act("pass")
    assert life(g, "P2") == 18 and damage(g, "Silvercoat Lion") == 1
    assert names(g, "P2", "graveyard") == ["Grizzly Bears", "Memnite"]


def test_inferno_titan_one_target_copied_keeps_all_3_damage() -> None:
    """CR 601.2d, 707.10: Inferno Titan's trigger aimed at P2 alone deals all 3; Strionic's copy,
    aimed anew at Silvercoat Lion (one target, no more), deals 3 to it."""
    g = game("""
players:
  - mana_pool: "{R}{R}{C}{C}{C}{C}{C}{C}"
    hand: [Inferno Titan]
    battlefield: [Strionic Resonator]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Inferno Titan", "pass", "target P2", "done choosing targets",
                "activate Strionic Resonator", "target ability: Inferno Titan", "pass", "yes"])
    assert decision(g) == ("target", "new target 1 of 1 for the copy of Inferno Titan")
    g.run_line(["target Silvercoat Lion", "pass", "pass"])
    assert life(g, "P2") == 17
    assert names(g, "P2", "graveyard") == ["Silvercoat Lion"]


# ---------------------------------------------------------------------------------------------
# Lithoform Engine


LITHO_ABILITY = "activate Lithoform Engine: {2}, {T}"
LITHO_SPELL = "activate Lithoform Engine: {3}, {T}"
LITHO_PERMANENT = "activate Lithoform Engine: {4}, {T}"


def test_lithoform_engine_copies_an_ability_of_a_colored_source() -> None:
    """Lithoform's first ability: any activated or triggered ability you control (Prodigal
    Pyromancer is red); the copy's source is the Pyromancer (ruling)."""
    g = game("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Lithoform Engine, Prodigal Pyromancer]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line([PYRO, "target P2"])
    assert activations(g, "Lithoform Engine") == [
        "activate Lithoform Engine: {2}, {T}: Copy target activated or triggered ability you control. You "
        "may choose new targets for the copy."]
    g.run_line([LITHO_ABILITY, f"target ability: Prodigal Pyromancer: {PYRO_TEXT}", "pass", "yes",
                "target Silvercoat Lion"])
    assert summary(g) == [("Prodigal Pyromancer", False, ["P2"]),
                          ("Prodigal Pyromancer", True, ["Silvercoat Lion"])]
    g.run_line(["pass", "pass"])
    assert life(g, "P2") == 19 and damage(g, "Silvercoat Lion") == 1


def test_lithoform_engine_copies_an_instant_with_new_targets() -> None:
    """Lithoform's second ability: the copy of Lightning Bolt, aimed anew at Silvercoat Lion,
    resolves first; a copy of a spell is not a card and leaves no card in the graveyard
    (CR 707.10a)."""
    g = game("""
players:
  - mana_pool: "{R}{C}{C}{C}"
    hand: [Lightning Bolt]
    battlefield: [Lithoform Engine]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert activations(g, "Lithoform Engine") == [
        "activate Lithoform Engine: {3}, {T}: Copy target instant or sorcery spell you control. You may "
        "choose new targets for the copy."]
    g.run_line([LITHO_SPELL, "target Lightning Bolt", "pass", "yes", "target Silvercoat Lion"])
    assert [(s["kind"], s["source"], s["copy"], s["targets"]) for s in stack(g)] == [
        ("spell", "Lightning Bolt", False, ["P2"]), ("spell", "Lightning Bolt", True, ["Silvercoat Lion"])]
    g.run_line(["pass", "pass"])
    assert life(g, "P2") == 17 and names(g, "P2", "graveyard") == ["Silvercoat Lion"]
    assert names(g, "P1", "graveyard") == ["Lightning Bolt"]


def test_lithoform_engine_copied_permanent_spell_becomes_a_token() -> None:
    """Lithoform's third ability, CR 707.10f, 608.3f: the copy of Walking Ballista (X = 2) becomes a
    token, with X copied (CR 707.10, 107.3m): two +1/+1 counters; the card enters too."""
    g = game("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}{C}"
    hand: [Walking Ballista]
    battlefield: [Lithoform Engine]
""")
    g.run_line(["cast Walking Ballista", "x 2"])
    g.run_line([LITHO_PERMANENT, "target Walking Ballista"])
    g.run_line(["pass"])
    assert [(s["kind"], s["copy"]) for s in stack(g)] == [("spell", False), ("spell", True)]
    g.run_line(["pass", "pass"])
    balls = permanents(g, "Walking Ballista")
    assert sorted((b["token"], b["counters"].get("+1/+1")) for b in balls) == [(False, 2), (True, 2)]
    assert names(g, "P1", "graveyard") == []


# ---------------------------------------------------------------------------------------------
# Illusionist's Bracers


def test_illusionists_bracers_copies_abilities_of_the_equipped_creature() -> None:
    """Bracers: the equipped Prodigal Pyromancer's ability is copied (no payment); Prodigal
    Sorcerer's (unequipped) isn't."""
    g = game("""
players:
  - battlefield: [Prodigal Pyromancer, {card: Illusionist's Bracers, attached_to: Prodigal Pyromancer},
                  Prodigal Sorcerer]
""")
    g.run_line([PYRO, "target P2", "pass", "no"])
    assert summary(g) == [("Prodigal Pyromancer", False, ["P2"]), ("Prodigal Pyromancer", True, ["P2"])]
    g.run_line(["pass", "pass", "activate Prodigal Sorcerer", "target P2"])
    assert [s["source"] for s in stack(g)] == ["Prodigal Sorcerer"]
    g.act("pass")
    assert life(g, "P2") == 17


def test_illusionists_bracers_ignores_mana_abilities_and_sacrificed_creatures() -> None:
    """Bracers rulings: no copy of the equipped Llanowar Elves' mana ability; none when the cost
    sacrifices the equipped Mogg Fanatic (it is no longer equipped once the ability is activated)."""
    g = game("""
players:
  - battlefield: [Llanowar Elves, {card: Illusionist's Bracers, attached_to: Llanowar Elves}]
""")
    g.act("activate Llanowar Elves")
    assert stack(g) == [] and count_log(g, "triggers") == 0
    g = game("""
players:
  - battlefield: [Mogg Fanatic, {card: Illusionist's Bracers, attached_to: Mogg Fanatic}]
""")
    g.run_line(["activate Mogg Fanatic", "target P2"])
    assert [s["source"] for s in stack(g)] == ["Mogg Fanatic"]
    g.act("pass")
    assert life(g, "P2") == 19


# ---------------------------------------------------------------------------------------------
# Kurkesh, Onakke Ancient


def test_kurkesh_copies_abilities_of_artifacts_for_r() -> None:
    """Kurkesh: Rod of Ruin's ability (an artifact's) triggers it; pay {R} and copy. Prodigal
    Pyromancer's (a creature's) and Sol Ring's mana ability don't trigger it."""
    g = game("""
players:
  - mana_pool: "{R}{C}"
    battlefield: ["Kurkesh, Onakke Ancient", Rod of Ruin, Sol Ring, Prodigal Pyromancer]
  - battlefield: [Silvercoat Lion]
""")
    g.act("activate Sol Ring")
    assert stack(g) == []
    g.run_line(["activate Rod of Ruin", "target P2", *["pay {1} with {C}"] * 3])
    assert [s["source"] for s in stack(g)] == ["Rod of Ruin", "Kurkesh, Onakke Ancient"]
    g.act("pass")
    assert decision(g) == ("yes_no", "Kurkesh, Onakke Ancient: pay {R}?")
    g.run_line(["yes", "yes", "target Silvercoat Lion"])
    assert player(g, "P1")["mana_pool"] == ""
    assert summary(g) == [("Rod of Ruin", False, ["P2"]), ("Rod of Ruin", True, ["Silvercoat Lion"])]
    g.run_line(["pass", "pass", PYRO, "target P2"])
    assert [s["source"] for s in stack(g)] == ["Prodigal Pyromancer"]
    g.act("pass")
    assert life(g, "P2") == 18 and damage(g, "Silvercoat Lion") == 1


# ---------------------------------------------------------------------------------------------
# Dualcaster Mage


def test_dualcaster_mage_copies_an_instant() -> None:
    """Dualcaster Mage (flash): its enters trigger targets Lightning Bolt on the stack; the copy, aimed
    anew at Silvercoat Lion, isn't cast (ruling) and resolves first."""
    g = game("""
players:
  - mana_pool: "{R}{R}{R}{R}"
    hand: [Lightning Bolt, Dualcaster Mage]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Lightning Bolt", "target P2", "cast Dualcaster Mage", "pass"])
    assert labels(g) == ["target Lightning Bolt"]
    g.run_line(["target Lightning Bolt", "pass", "yes", "target Silvercoat Lion"])
    assert [(s["kind"], s["source"], s["copy"], s["targets"]) for s in stack(g)] == [
        ("spell", "Lightning Bolt", False, ["P2"]), ("spell", "Lightning Bolt", True, ["Silvercoat Lion"])]
    assert count_log(g, "casts Lightning Bolt") == 1
    g.run_line(["pass", "pass"])
    assert life(g, "P2") == 17 and names(g, "P2", "graveyard") == ["Silvercoat Lion"]
    assert names(g, "P1", "graveyard") == ["Lightning Bolt"]
