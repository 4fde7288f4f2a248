"""The templates of the "misc" family (session 4), each through real cards compiled from their
Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import labels, permanent, permanents, player, scenario


def _compiled(*names: str) -> None:
    for n in names:
        st = card_status(n)
        assert st.supported and st.source == "compiled", st


def _unsupported(name: str, phrase: str) -> None:
    st = card_status(name)
    assert not st.supported and any(phrase in r for r in st.reasons), st


# --------------------------------------------------------------------------------------------
# last known information (CR 608.2h)


def test_cr_608_2h_controller_gains_life_equal_to_last_known_power_swords_to_plowshares():
    """Swords to Plowshares: "Exile target creature. Its controller gains life equal to its
    power." The creature's power as it last existed on the battlefield (its counters count),
    and the player who controlled it then gains the life, not the caster (CR 608.2h)."""
    _compiled("Swords to Plowshares")
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Swords to Plowshares]
  - battlefield: [{card: Grizzly Bears, counters: {"+1/+1": 2}}]
""")
    g.run_line(["cast Swords to Plowshares", "target Grizzly Bears", "pass"])
    assert permanents(g, "Grizzly Bears") == []
    assert player(g, "P2")["life"] == 24
    assert player(g, "P1")["life"] == 20


def test_cr_113_7a_power_as_it_last_existed_swords_to_plowshares():
    """Swords to Plowshares on a 2/2 with a -1/-1 counter: the counter is gone once it is
    exiled, but its power as it last existed on the battlefield, 1, is used (CR 113.7a)."""
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Swords to Plowshares]
  - battlefield: [{card: Grizzly Bears, counters: {"-1/-1": 1}}]
""")
    g.run_line(["cast Swords to Plowshares", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["life"] == 21


def test_cr_608_2h_its_controller_may_search_path_to_exile():
    """Path to Exile: "Exile target creature. Its controller may search their library for a
    basic land card, put that card onto the battlefield tapped, then shuffle." The exiled
    creature's controller decides, searches their own library, and the land enters tapped
    under their control (CR 608.2h, 701.23a)."""
    _compiled("Path to Exile")
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Path to Exile]
    library: [Plains]
  - battlefield: [Grizzly Bears]
    library: [Forest, Island]
""")
    g.run_line(["cast Path to Exile", "target Grizzly Bears", "pass"])
    assert g.pending is not None and g.pending.player == 1
    g.act("yes")
    assert set(labels(g)) == {"find Forest", "find Island", "find nothing"}
    g.act("find Forest")
    forest = permanent(g, "Forest")
    assert forest["tapped"] and forest["controller"] == "P2"
    assert player(g, "P2")["library_count"] == 1
    assert player(g, "P1")["library_count"] == 1


def test_cr_608_2d_its_controller_may_decline_path_to_exile():
    """Path to Exile: the search is optional ("may"): declined, nothing is found and the
    library is not shuffled."""
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Path to Exile]
  - battlefield: [Grizzly Bears]
    library: [Forest]
""")
    g.run_line(["cast Path to Exile", "target Grizzly Bears", "pass", "no"])
    assert permanents(g, "Forest") == []
    assert permanents(g, "Grizzly Bears") == []


def test_cr_608_2h_its_controller_after_destroy_natures_claim():
    """Nature's Claim: "Destroy target artifact or enchantment. Its controller gains 4 life."
    The destroyed permanent's last controller gains the life (CR 608.2h)."""
    _compiled("Nature's Claim")
    g = scenario("""
players:
  - mana_pool: "{G}"
    hand: [Nature's Claim]
  - battlefield: [Sol Ring]
""")
    g.run_line(["cast Nature's Claim", "target Sol Ring", "pass"])
    assert permanents(g, "Sol Ring") == []
    assert player(g, "P2")["life"] == 24 and player(g, "P1")["life"] == 20


def test_cr_608_2h_its_controller_after_bounce_vapor_snag():
    """Vapor Snag: "Return target creature to its owner's hand. Its controller loses 1 life." """
    _compiled("Vapor Snag")
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Vapor Snag]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Vapor Snag", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]
    assert player(g, "P2")["life"] == 19


# --------------------------------------------------------------------------------------------
# entwine (CR 702.42)


def test_cr_702_42a_entwine_chooses_every_mode_and_pays_more_barbed_lightning():
    """Barbed Lightning: "Choose one — • ~ deals 3 damage to target creature. • ~ deals 3
    damage to target player or planeswalker. Entwine {2}" Entwined, both modes happen, in
    printed order, each with its own target, and the entwine cost is paid too (CR 702.42a-b)."""
    _compiled("Barbed Lightning")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}{C}"
    hand: [Barbed Lightning]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Barbed Lightning")
    assert "all modes: pay entwine {2}" in labels(g)
    g.run_line(["all modes: pay entwine {2}", "target Grizzly Bears", "target P2"])
    assert player(g, "P1")["mana_pool"] == ""  # all five mana paid
    g.act("pass")
    assert permanents(g, "Grizzly Bears") == []
    assert player(g, "P2")["life"] == 17


def test_cr_702_42a_entwine_not_offered_without_the_mana_barbed_lightning():
    """Barbed Lightning with only {2}{R}: the entwine cost can't be paid, so only one mode can
    be chosen (CR 601.2f-h)."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}"
    hand: [Barbed Lightning]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Barbed Lightning")
    assert set(labels(g)) == {"mode 1: Barbed Lightning deals 3 damage to target creature.",
                              "mode 2: Barbed Lightning deals 3 damage to target player or planeswalker."}


def test_cr_702_42a_entwine_needs_every_mode_to_have_a_target_rain_of_rust():
    """Rain of Rust: "Choose one — • Destroy target artifact. • Destroy target land. Entwine
    {3}{R}" With no artifact to target, the first mode can't be chosen, so neither can all
    modes (CR 601.2c)."""
    _compiled("Rain of Rust")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{C}{C}{C}{C}{C}"
    hand: [Rain of Rust]
  - battlefield: [Forest]
""")
    g.act("cast Rain of Rust")
    assert labels(g) == ["mode 2: Destroy target land."]
