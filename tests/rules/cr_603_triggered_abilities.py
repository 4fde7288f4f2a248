"""Rule tests: handling triggered abilities (CR 603), through Mana Vault and City of Brass.

One test per rule, named by what it shows and citing the Comprehensive Rules. Each is a
scenario: a position, a line of written steps (interface.md §3), and what must hold.
"""

from __future__ import annotations

from tests.helpers import MANA_VAULT_END_STEP, labels, pass_until, permanent, player, scenario

# ---------------------------------------------------------------------------------------------
# Mana Vault: "At the beginning of your upkeep, you may pay {4}. If you do, untap Mana Vault."
# and "At the beginning of your draw step, if Mana Vault is tapped, it deals 1 damage to you."



def test_cr_603_3_mana_vault_upkeep_trigger_goes_on_the_stack_and_may_be_paid():
    g = scenario(MANA_VAULT_END_STEP)
    g.act("pass")
    s = g.state_json()
    assert (s["turn"], s["step"]) == (2, "upkeep")
    assert [i["source"] for i in s["stack"]] == ["Mana Vault"]
    assert permanent(g, "Mana Vault")["tapped"] is True
    # Mana abilities are activated while the trigger waits on the stack, then it resolves.
    g.run_line(["activate Forest", "activate Forest", "activate Forest", "activate Forest", "pass"])
    assert g.decision.kind == "yes_no"
    assert set(labels(g)) == {"yes", "no"}
    g.act("yes")
    assert permanent(g, "Mana Vault")["tapped"] is False
    assert player(g, "P1")["mana_pool"] == ""
    pass_until(g, "precombat_main", turn=2)
    assert player(g, "P1")["life"] == 20


def test_cr_603_3_mana_vault_declined_in_upkeep_deals_1_damage_in_the_draw_step():
    g = scenario(MANA_VAULT_END_STEP)
    g.run_line(["pass", "activate Forest", "activate Forest", "activate Forest", "activate Forest",
                "pass", "no"])
    assert permanent(g, "Mana Vault")["tapped"] is True
    g.act("pass")  # to the draw step: the damage trigger goes on the stack
    s = g.state_json()
    assert s["step"] == "draw"
    assert [i["source"] for i in s["stack"]] == ["Mana Vault"]
    g.act("pass")
    assert player(g, "P1")["life"] == 19


def test_cr_603_4_mana_vault_untapped_in_the_draw_step_does_not_trigger():
    g = scenario("""
step: upkeep
players:
  - library: [Island]
    battlefield: [Mana Vault]
""")
    g.act("pass")
    s = g.state_json()
    assert s["step"] == "draw"
    assert s["stack"] == []


# ---------------------------------------------------------------------------------------------
# City of Brass: "Whenever City of Brass becomes tapped, it deals 1 damage to you."


def test_cr_603_2_city_of_brass_becoming_tapped_for_mana_triggers_and_deals_1_damage():
    g = scenario("""
players:
  - battlefield: [City of Brass]
""")
    g.act("activate City of Brass")
    assert g.decision.kind == "color"
    g.act("color R")
    s = g.state_json()
    assert s["players"][0]["mana_pool"] == "{R}"
    # The trigger is not a mana ability: it uses the stack (CR 605.1b).
    assert [i["source"] for i in s["stack"]] == ["City of Brass"]
    assert s["players"][0]["life"] == 20
    g.act("pass")
    assert player(g, "P1")["life"] == 19
    assert player(g, "P1")["mana_pool"] == "{R}"


# ---------------------------------------------------------------------------------------------
# CR 603.10a: leaves-the-battlefield abilities look back in time: permanents that leave at the
# same time (state-based actions, CR 704.3) all see each other leave.


def test_cr_603_10a_creatures_dying_in_combat_at_once_each_trigger_the_other():
    """Zulaport Cutthroat ("Whenever Zulaport Cutthroat or another creature you control dies,
    each opponent loses 1 life and you gain 1 life.") and Grizzly Bears both block and die to
    lethal combat damage at the same time: it triggers for both, even though the game moved
    Zulaport Cutthroat to the graveyard first."""
    g = scenario("""
format: duel
active_player: P2
players:
  - battlefield: [Zulaport Cutthroat, Grizzly Bears]
  - battlefield: [Hill Giant, Craw Wurm]
""")
    for _ in range(10):
        if g.decision.kind == "attack":
            break
        g.act("pass")
    g.run_line(["attack P1 with Hill Giant", "attack P1 with Craw Wurm"])
    for _ in range(10):
        if g.decision.kind == "block":
            break
        g.act("pass")
    g.run_line(["block Hill Giant with Zulaport Cutthroat", "block Craw Wurm with Grizzly Bears"])
    for _ in range(40):
        if g.decision.kind == "order":
            g.act(labels(g)[0])
        elif g.state_json()["stack"] or g.state_json()["step"] in ("declare_blockers", "combat_damage"):
            g.act("pass")
        else:
            break
    assert player(g, "P2")["life"] == 18
    assert player(g, "P1")["life"] == 22
