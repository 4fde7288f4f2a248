"""Rule tests: resolving spells and abilities (CR 608): targets checked on resolution
(608.2b), a spell that asks while it resolves (608.2n).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import permanent, player, scenario, stack

# ---------------------------------------------------------------------------------------------
# CR 608.2b: a spell or ability whose targets are all illegal doesn't resolve


def test_cr_608_2b_spell_whose_only_target_left_does_not_resolve_and_goes_to_graveyard():
    g = scenario("""
players:
  - mana_pool: "{R}{U}"
    hand: [Lightning Bolt, Unsummon]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Lightning Bolt", "target Grizzly Bears", "cast Unsummon", "target Grizzly Bears"])
    g.act("pass")  # Unsummon resolves
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]
    assert [i["source"] for i in stack(g)] == ["Lightning Bolt"]
    g.act("pass")  # Lightning Bolt: its target is gone
    assert stack(g) == []
    assert player(g, "P1")["graveyard"] == ["Unsummon", "Lightning Bolt"]
    assert player(g, "P2")["life"] == 20 and player(g, "P1")["life"] == 20
    assert "Lightning Bolt resolves" not in g.log
    assert any("Lightning Bolt doesn't resolve" in line for line in g.log)


def test_cr_608_2b_ability_with_all_targets_illegal_does_not_resolve():
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Unsummon]
    battlefield: [Prodigal Pyromancer]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["activate Prodigal Pyromancer", "target Grizzly Bears",
                "cast Unsummon", "target Grizzly Bears", "pass", "pass"])
    assert stack(g) == []
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]
    assert "Prodigal Pyromancer ability resolves" not in g.log


def test_cr_608_2b_equip_whose_target_left_does_nothing():
    g = scenario("""
players:
  - mana_pool: "{C}{U}"
    hand: [Unsummon]
    battlefield: [Bonesplitter, Grizzly Bears, Memnite]
""")
    g.run_line(["activate Bonesplitter", "target Grizzly Bears", "pay {1} with {C}",
                "cast Unsummon", "target Grizzly Bears", "pass", "pass"])
    assert stack(g) == []
    assert permanent(g, "Bonesplitter")["attached_to"] is None
    assert permanent(g, "Memnite")["power"] == 1


def test_cr_608_2b_counterspell_whose_target_was_countered_does_not_resolve():
    g = scenario("""
format: duel
players:
  - mana_pool: "{G}{G}{U}{U}"
    hand: [Grizzly Bears, Counterspell]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Grizzly Bears", "pay {1} with {G}", "pass",
                "cast Counterspell", "target Grizzly Bears", "pass",
                "cast Counterspell", "target Counterspell", "pass", "pass"])
    assert [i["source"] for i in stack(g)] == ["Grizzly Bears"]
    g.run_line(["pass", "pass"])
    assert permanent(g, "Grizzly Bears")["controller"] == "P1"
    assert player(g, "P1")["graveyard"] == ["Counterspell"]
    assert player(g, "P2")["graveyard"] == ["Counterspell"]


# ---------------------------------------------------------------------------------------------
# CR 608.2n: the resolving spell stays on the stack until it is done


def test_cr_608_2n_resolving_spell_stays_on_the_stack_while_it_asks():
    g = scenario("""
players:
  - mana_pool: "{G}{G}"
    hand: [Rampant Growth]
    library: [Island, Grizzly Bears, Mountain]
""")
    g.run_line(["cast Rampant Growth", "pass"])
    assert g.decision.kind != "priority"  # it asks which land to find
    assert [i["source"] for i in stack(g)] == ["Rampant Growth"]
    g.act("find Mountain")
    assert stack(g) == [] and player(g, "P1")["graveyard"] == ["Rampant Growth"]
