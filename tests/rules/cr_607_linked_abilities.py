"""Rule tests: linked abilities (CR 607), through Helvault, Tidehollow Sculler, Prototype Portal
and Izzet Chemister, with the Gatherer rulings of those cards.

Each test is a scenario: a position, a line of written steps (interface.md §3), and what must hold
in state_json(), the legal actions and the log. Mairsil, the Pretender's linked abilities are in
tests/seeds/mairsil_the_pretender.py; copies of linked abilities in cr_707_copies.py.
"""

from __future__ import annotations

from tests.helpers import labels, permanent, permanents, player, scenario, stack

HELVAULT_OWN = "activate Helvault: {1}, {T}: Exile target creature you control."


def test_cr_607_2a_helvault_returns_the_cards_exiled_with_it_when_put_into_a_graveyard():
    """Helvault: "When Helvault is put into a graveyard from the battlefield, return all cards
    exiled with it to the battlefield under their owners' control." Its first and third abilities
    are linked (CR 607.2a; Helvault ruling 2011-01-22). The returned card is a new object
    (CR 400.7)."""
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Shatter]
    battlefield: [Helvault, Memnite, Mountain, Wastes]
""")
    old = permanent(g, "Memnite")["id"]
    g.run_line([HELVAULT_OWN, "target Memnite", "pass"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Memnite"]
    assert "Memnite is exiled with Helvault" in g.log
    g.run_line(["activate Mountain", "activate Wastes", "cast Shatter", "target Helvault", "pass"])
    assert [(i["source"], i["text"][:50]) for i in stack(g)] == \
        [("Helvault", "When Helvault is put into a graveyard from the bat")]
    g.act("pass")
    memnite = permanent(g, "Memnite")
    assert memnite["id"] != old and memnite["controller"] == "P1" and memnite["summoning_sick"] is True
    assert player(g, "P1")["exile"] == []
    assert player(g, "P1")["graveyard"] == ["Helvault", "Shatter"]


def test_cr_607_helvault_returned_to_hand_does_not_trigger_and_the_card_stays_exiled():
    """Helvault's trigger needs it to be "put into a graveyard from the battlefield": returned to
    its owner's hand it doesn't trigger, and the card exiled with it stays in exile."""
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Helvault, Memnite, Vedalken Mastermind, Island]
""")
    g.run_line([HELVAULT_OWN, "target Memnite", "pass",
                "activate Island", "activate Vedalken Mastermind", "target Helvault", "pass"])
    assert player(g, "P1")["hand"] == ["Helvault"]
    assert stack(g) == []
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Memnite"]
    assert not any("Helvault triggers" in line for line in g.log)


def test_cr_607_2a_400_7_a_new_helvault_does_not_return_cards_exiled_by_the_old_one():
    """A Helvault that left the battlefield and came back is a new object (CR 400.7); "exiled with
    it" means exiled by that object (CR 607.2a), so putting the new Helvault into a graveyard
    returns nothing exiled by the old one."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    hand: [Shatter]
    battlefield: [Helvault, Memnite, Vedalken Mastermind, Island, Mountain]
""")
    g.run_line([HELVAULT_OWN, "target Memnite", "pass",
                "activate Island", "activate Vedalken Mastermind", "target Helvault", "pass",
                "cast Helvault", "pass"])
    assert permanent(g, "Helvault")["summoning_sick"] is True
    g.run_line(["activate Mountain", "cast Shatter", "target Helvault", "pass"])
    assert player(g, "P1")["graveyard"] == ["Helvault", "Shatter"]
    if stack(g):
        g.act("pass")   # the new Helvault's trigger resolves: nothing was exiled with it
    assert stack(g) == []
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Memnite"]
    assert permanents(g, "Memnite") == []


SCULLER_POSITION = """
players:
  - mana_pool: "{W}{B}{U}"
    hand: [Tidehollow Sculler, Unsummon]
  - hand: [Lightning Bolt, Mountain, Counterspell]
"""


def test_cr_607_2a_tidehollow_sculler_returns_the_exiled_card_to_its_owners_hand_when_it_leaves():
    """Tidehollow Sculler's two triggered abilities are linked (CR 607.2a): when it leaves the
    battlefield (here, returned to its owner's hand), the card it exiled returns to its owner's
    hand."""
    g = scenario(SCULLER_POSITION)
    g.run_line(["cast Tidehollow Sculler", "pass", "target P2", "pass"])
    assert "P2 reveals Lightning Bolt, Mountain, Counterspell" in g.log
    g.act("exile Lightning Bolt (hand)")
    assert player(g, "P2")["hand"] == ["Mountain", "Counterspell"]
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Lightning Bolt"]
    g.run_line(["cast Unsummon", "target Tidehollow Sculler", "pass"])
    assert player(g, "P1")["hand"] == ["Tidehollow Sculler"]
    assert [i["source"] for i in stack(g)] == ["Tidehollow Sculler"]
    g.act("pass")
    assert sorted(player(g, "P2")["hand"]) == ["Counterspell", "Lightning Bolt", "Mountain"]
    assert player(g, "P2")["exile"] == []


def test_tidehollow_sculler_leaving_before_its_enters_ability_resolves_exiles_the_card_forever():
    """Tidehollow Sculler ruling (2021-03-19): "If Tidehollow Sculler leaves the battlefield before
    its first ability has resolved, its second ability triggers. This ability does nothing when it
    resolves. Then its first ability resolves and exiles the chosen card indefinitely." """
    g = scenario(SCULLER_POSITION)
    g.run_line(["cast Tidehollow Sculler", "pass", "target P2",
                "cast Unsummon", "target Tidehollow Sculler", "pass"])
    assert [i["source"] for i in stack(g)] == ["Tidehollow Sculler", "Tidehollow Sculler"]
    g.act("pass")    # the leaves trigger: nothing exiled yet
    assert player(g, "P2")["exile"] == []
    g.run_line(["pass", "exile Lightning Bolt (hand)"])
    assert stack(g) == []
    assert [e["card"] for e in player(g, "P2")["exile"]] == ["Lightning Bolt"]
    assert player(g, "P2")["hand"] == ["Mountain", "Counterspell"]


def test_tidehollow_sculler_must_choose_a_nonland_card_when_there_is_one():
    """Tidehollow Sculler: "you choose a nonland card from it. Exile that card." — no "may": with a
    nonland card in the revealed hand, one must be chosen (lands can't be)."""
    g = scenario(SCULLER_POSITION)
    g.run_line(["cast Tidehollow Sculler", "pass", "target P2", "pass"])
    assert labels(g) == ["exile Lightning Bolt (hand)", "exile Counterspell (hand)"]


def test_cr_607_2a_107_3c_prototype_portal_imprints_and_makes_a_token_copy_for_x_its_mana_value():
    """Prototype Portal: the imprint trigger and the activated ability are linked (CR 607.2a); X is
    defined by the text (CR 107.3c), the exiled card's mana value, so it isn't chosen. The token
    is a copy of the exiled card (CR 707.2, 111.4)."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}"
    hand: [Prototype Portal, Mind Stone]
""")
    g.run_line(["cast Prototype Portal", "pass", "pass"])
    assert labels(g) == ["exile Mind Stone (hand)", "exile nothing"]
    g.act("exile Mind Stone (hand)")
    assert "Mind Stone is exiled with Prototype Portal" in g.log
    g.act("activate Prototype Portal")
    assert g.decision.kind == "priority"          # no X to choose
    assert player(g, "P1")["mana_pool"] == ""     # X = 2 was paid
    g.act("pass")
    token = permanent(g, "Mind Stone")
    assert token["token"] is True and token["types"] == ["Artifact"]
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Mind Stone"]
    assert "activate Mind Stone: {T}: Add {C}." in labels(g)


def test_prototype_portal_with_no_exiled_card_cannot_activate_its_ability():
    """Prototype Portal ruling (2011-01-01): "You may not activate the second ability if no card has
    been exiled with Prototype Portal. In that case, the value of {X} is undefined and can't be
    paid." """
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}"
    hand: [Prototype Portal, Mind Stone]
""")
    g.run_line(["cast Prototype Portal", "pass", "pass", "exile nothing"])
    assert labels(g) == ["pass"]  # {C} left: not enough for Mind Stone; the Portal's ability isn't offered


def test_cr_607_2a_izzet_chemister_casts_the_cards_exiled_with_it_free_one_at_a_time():
    """Izzet Chemister: its two activated abilities are linked (CR 607.2a). The cards are cast one
    at a time while the ability resolves, without paying their mana costs (CR 118.9); a sorcery is
    cast at a time it normally couldn't be; none resolves before the casting is done (Izzet
    Chemister rulings 2018-03-16)."""
    g = scenario("""
players:
  - mana_pool: "{R}{R}{U}{U}{R}{C}"
    library: [Island, Island, Island]
    graveyard: [Lightning Bolt, Divination, Shock]
    battlefield:
      - {card: Izzet Chemister, summoning_sick: true}
      - {card: Freed from the Real, attached_to: Izzet Chemister}
""")
    untap = "activate Freed from the Real: {U}: Untap enchanted creature."
    g.run_line(["activate Izzet Chemister: {R}, {T}", "target Lightning Bolt", "pass", untap, "pass",
                "activate Izzet Chemister: {R}, {T}", "target Divination", "pass", untap, "pass"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Lightning Bolt", "Divination"]
    g.run_line(["activate Izzet Chemister: {1}{R}", "pass"])
    assert labels(g) == ["cast Lightning Bolt without paying its mana cost",
                         "cast Divination without paying its mana cost", "done casting"]
    g.run_line(["cast Divination without paying its mana cost"])
    assert labels(g) == ["cast Lightning Bolt without paying its mana cost", "done casting"]
    g.run_line(["cast Lightning Bolt without paying its mana cost", "target P2"])
    assert [i["source"] for i in stack(g)] == ["Divination", "Lightning Bolt"]
    assert player(g, "P1")["mana_pool"] == ""
    g.run_line(["pass", "pass"])
    assert player(g, "P2")["life"] == 17
    assert player(g, "P1")["hand"] == ["Island", "Island"]
    assert player(g, "P1")["graveyard"] == ["Shock", "Izzet Chemister", "Freed from the Real",
                                            "Lightning Bolt", "Divination"]
