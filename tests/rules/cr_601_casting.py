"""Rule tests: casting spells (CR 601): targets chosen on casting (601.2c) and paying the
total cost (601.2f-h).

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import labels, player, scenario, stack

# ---------------------------------------------------------------------------------------------
# CR 601.2c: targets are chosen as the spell is cast


def test_cr_601_2c_targets_are_chosen_as_the_spell_is_cast():
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Lightning Bolt]
    battlefield: [Forest]
  - battlefield: [Grizzly Bears, Sol Ring]
""")
    g.act("cast Lightning Bolt")
    assert g.decision.kind == "target"
    # Any target: creatures and players, not noncreature permanents.
    assert set(labels(g)) == {"target Grizzly Bears", "target P1", "target P2"}
    g.act("target Grizzly Bears")
    assert stack(g)[0]["targets"] == ["Grizzly Bears"]


# ---------------------------------------------------------------------------------------------
# CR 601.2h, 118.3a: paying mana


def test_cr_601_2h_generic_cost_payment_asks_which_mana_when_it_matters():
    g = scenario("""
players:
  - mana_pool: "{R}{G}{G}"
    hand: [Grizzly Bears]
""")
    g.act("cast Grizzly Bears")
    assert g.decision.kind == "choose"
    legal = labels(g)
    assert all(lab.startswith("pay") for lab in legal)
    assert set(legal) == {"pay {1} with {R}", "pay {1} with {G}"}
    g.act("pay {1} with {R}")
    assert player(g, "P1")["mana_pool"] == "{G}"
    assert [i["source"] for i in stack(g)] == ["Grizzly Bears"]


def test_cr_601_2h_payment_with_one_kind_of_mana_is_not_asked():
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}"
    hand: [Grizzly Bears]
""")
    g.act("cast Grizzly Bears")
    assert g.decision.kind == "priority"
    assert player(g, "P1")["mana_pool"] == "{G}"


def test_cr_601_2h_exact_payment_is_not_asked():
    g = scenario("""
players:
  - mana_pool: "{R}{G}"
    hand: [Grizzly Bears]
""")
    g.act("cast Grizzly Bears")
    assert g.decision.kind == "priority"
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_601_2_spell_that_cannot_be_paid_for_is_not_offered():
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Grizzly Bears, Counterspell]
""")
    assert labels(g) == ["pass"]
