"""The legal actions at priority look only at the cards that may give an action at that moment
(engine/legal.py: each card's profile by zone and timing). These positions hold one card of
each kind that changes what is listed outside sorcery timing: an instant, a creature with
flash and an Adventure, "as though it had flash if you pay {2} more", cycling, flashback of an
instant, split and aftermath cards. If a profile skipped a card it shouldn't, an action would
be missing here; if it let one through, the timing checks after it still decide."""

from mtg_env import load_scenario


def _position(step: str) -> list[str]:
    g = load_scenario({"name": "profiles", "format": "duel", "step": step, "players": [
        {"name": "P1", "mana_pool": "{W}{U}{U}{U}{R}{R}{R}{C}{C}{C}",
         "hand": ["Lightning Bolt", "Grizzly Bears", "Secluded Steppe", "Harbinger of the Tides",
                  "Brazen Borrower", "Cut // Ribbons", "Spring // Mind"],
         "graveyard": ["Think Twice", "Cut // Ribbons"], "library": ["Island"] * 5},
        {"name": "P2", "battlefield": ["Grizzly Bears"], "library": ["Island"] * 5}]})
    return [a.label for a in g.legal_actions()]


def test_cr_117_1a_outside_sorcery_timing_only_instant_speed_actions_are_listed() -> None:
    """CR 117.1a, 307.1: in the upkeep only instants, flash (CR 702.8a), "as though it had
    flash" for {2} more, the instant Adventure (CR 715.3), flashback of an instant (CR 702.34a)
    and cycling (CR 702.29a); not the creature, the sorcery half or the aftermath half."""
    assert _position("upkeep") == [
        "pass", "cast Lightning Bolt", "cast Brazen Borrower", "cast Petty Theft",
        "cast Think Twice with flashback {2}{U}", "cast Harbinger of the Tides with flash {2}{U}{U}",
        "activate Secluded Steppe: Cycling {W} ({W}, Discard this card: Draw a card.)"]


def test_cr_307_1_in_the_main_phase_with_an_empty_stack_sorcery_speed_actions_join() -> None:
    """CR 307.1, 305.1: the land, the creature without flash and the sorcery half join them
    (Ribbons, an aftermath half, only from the graveyard and with {B}{B}: CR 702.127a)."""
    assert _position("precombat_main") == [
        "pass", "play Secluded Steppe", "cast Lightning Bolt", "cast Harbinger of the Tides",
        "cast Brazen Borrower", "cast Petty Theft", "cast Cut", "cast Think Twice with flashback {2}{U}",
        "cast Harbinger of the Tides with flash {2}{U}{U}",
        "activate Secluded Steppe: Cycling {W} ({W}, Discard this card: Draw a card.)"]


def _resolve_stack(g) -> None:  # type: ignore[no-untyped-def]
    while g.stack:
        g.act("pass")


def test_cr_613_1f_gained_and_lost_activated_abilities_are_listed_as_they_change() -> None:
    """CR 613.1f, 602.1: the activated-ability index keeps a permanent's entry while its
    characteristics are unchanged (the Forest's action is the very same object), and reads
    again the permanents whose characteristics changed: Cryptolith Rite gives the creatures
    "{T}: Add one mana of any color."; when it is destroyed they lose it."""
    g = load_scenario({"name": "index", "format": "duel", "step": "precombat_main", "players": [
        {"name": "P1", "mana_pool": "{W}{G}{G}{C}{C}", "hand": ["Cryptolith Rite", "Disenchant"],
         "battlefield": ["Forest", "Grizzly Bears"], "library": ["Island"] * 5},
        {"name": "P2", "library": ["Island"] * 5}]})
    forest = next(a for a in g.legal_actions() if a.label == "activate Forest: {T}: Add {G}.")
    g.act("cast Cryptolith Rite")
    g.act("pay {1} with {C}")
    _resolve_stack(g)
    acts = g.legal_actions()
    assert [a.label for a in acts if a.kind == "activate"] == [
        "activate Forest: {T}: Add {G}.",
        "activate Grizzly Bears: {T}: Add one mana of any color. (from Cryptolith Rite)"]
    assert next(a for a in acts if a.label.startswith("activate Forest")) is forest
    g.act("cast Disenchant")
    g.act(next(a for a in g.legal_actions() if "Cryptolith Rite" in a.label))
    if g.decision is not None and g.decision.kind == "choose":
        g.act("pay {1} with {C}")
    _resolve_stack(g)
    assert [a.label for a in g.legal_actions() if a.kind == "activate"] == ["activate Forest: {T}: Add {G}."]
