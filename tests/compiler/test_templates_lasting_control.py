"""Control changes that last (CR 613.1b) and "If this spell's madness cost was paid, instead"
(CR 702.35), through real cards compiled from their Oracle text
(templates/lasting_control.py, cards/effects/lasting_control.py)."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, player, scenario


def _pay(g) -> None:
    """Pay generic mana with colorless mana first (the payment choices of a mixed pool)."""
    while g.decision is not None and labels(g) and all(lab.startswith("pay ") for lab in labels(g)):
        g.act(next((lab for lab in labels(g) if lab.endswith("{C}")), labels(g)[0]))


def _controller(g, name: str) -> str:
    return next(p["name"] for p in g.state_json()["players"] for e in p["battlefield"] if e["card"] == name)


def test_cr_613_1b_gain_control_if_toughness_2_or_less_lasts_welcome_to_the_fold():
    """Welcome to the Fold: "Gain control of target creature if its toughness is 2 or less."
    The control change has no duration: it doesn't end in the cleanup step (CR 514.2) and the
    creature is still P1's on the next turn."""
    _compiled("Welcome to the Fold")
    g = scenario("""
turn: 1
players:
  - mana_pool: "{U}{U}{C}{C}"
    hand: [Welcome to the Fold]
    library: [Island, Island, Island]
  - battlefield: [Grizzly Bears]
    library: [Island, Island, Island]
""")
    g.run_line(["cast Welcome to the Fold", "target Grizzly Bears", "pass", "pass"])
    assert _controller(g, "Grizzly Bears") == "P1"
    pass_until(g, "upkeep", turn=2)
    assert _controller(g, "Grizzly Bears") == "P1"
    pass_until(g, "upkeep", turn=3)
    assert _controller(g, "Grizzly Bears") == "P1"


def test_cr_608_2c_toughness_checked_as_it_resolves_welcome_to_the_fold():
    """A creature with toughness 3 can be targeted (the ruling: the toughness is checked only as
    the spell resolves), and nothing happens to it; the spell still resolves."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{C}{C}"
    hand: [Welcome to the Fold]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Welcome to the Fold", "target Hill Giant", "pass", "pass"])
    assert _controller(g, "Hill Giant") == "P2"
    assert player(g, "P1")["graveyard"] == ["Welcome to the Fold"]


def test_cr_702_35_madness_cost_with_x_paid_instead_welcome_to_the_fold():
    """Discarded (Tormenting Voice's additional cost) and cast for its madness cost {X}{U}{U}
    with X = 3: "If this spell's madness cost was paid, instead gain control of that creature if
    its toughness is X or less." takes the 3-toughness Hill Giant (CR 107.3a: X announced as
    it is cast, 601.2b)."""
    _compiled("Tormenting Voice")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{U}{U}{C}{C}{C}"
    hand: [Tormenting Voice, Welcome to the Fold]
    library: [Island, Island, Island]
  - battlefield: [Hill Giant]
""")
    g.run_line(["cast Tormenting Voice", "discard Welcome to the Fold", "pay {1} with {C}", "pass"])
    cast = [lab for lab in labels(g) if lab.startswith("cast Welcome to the Fold")]
    assert cast == ["cast Welcome to the Fold for its madness cost {X}{U}{U}"]
    g.act(cast[0])
    assert labels(g) == ["x 0", "x 1", "x 2", "x 3"]  # {C}{C}{C} left after {U}{U}
    g.run_line(["x 3", "target Hill Giant"])
    assert [e["source"] for e in g.state_json()["stack"]][-1] == "Welcome to the Fold"
    g.act("pass")  # Welcome to the Fold resolves (above Tormenting Voice)
    assert _controller(g, "Hill Giant") == "P1"


def test_cr_613_7_a_lasting_control_change_outlives_an_earlier_threaten():
    """Act of Treason takes the Bears until end of turn, then Welcome to the Fold takes them for
    good: its later timestamp wins (CR 613.7), so when the end-of-turn change ends in the cleanup
    step (CR 514.2) P1 keeps them."""
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{U}{U}{C}{C}"
    hand: [Act of Treason, Welcome to the Fold]
    library: [Island, Island, Island]
  - battlefield: [Grizzly Bears]
    library: [Island, Island, Island]
""")
    g.run_line(["cast Act of Treason", "target Grizzly Bears"])
    _pay(g)
    g.run_line(["pass"])
    assert _controller(g, "Grizzly Bears") == "P1"
    g.run_line(["cast Welcome to the Fold", "target Grizzly Bears"])
    _pay(g)
    g.run_line(["pass"])
    assert _controller(g, "Grizzly Bears") == "P1"
    pass_until(g, "upkeep", turn=2)
    assert _controller(g, "Grizzly Bears") == "P1"
    assert permanent(g, "Grizzly Bears")


def test_cr_603_2_a_source_an_opponent_controls_deals_damage_to_you_flameblade_angel():
    """Flameblade Angel: "Whenever a source an opponent controls deals damage to you or a
    permanent you control, you may have ~ deal 1 damage to that source's controller." P2's Shock
    to P1 triggers it once; P1 may have it deal 1 damage to P2 (the source's controller)."""
    _compiled("Flameblade Angel")
    g = scenario("""
format: duel
active_player: P2
players:
  - battlefield: [Flameblade Angel]
  - mana_pool: "{R}"
    hand: [Shock]
""")
    g.run_line(["cast Shock", "target P1", "pass", "pass"])
    assert player(g, "P1")["life"] == 18
    assert [e["source"] for e in g.state_json()["stack"]] == ["Flameblade Angel"]
    g.run_line(["pass", "pass"])
    assert any(lab.startswith("yes") for lab in labels(g))
    g.act(next(lab for lab in labels(g) if lab.startswith("yes")))
    assert player(g, "P2")["life"] == 19


def test_cr_603_2_each_permanent_and_you_dealt_damage_trigger_separately_flameblade_angel():
    """A permanent you control dealt damage triggers it too (its ruling: each of you and your
    permanents dealt damage at once triggers it): P2's Shock to P1's Grizzly Bears triggers it
    once; a source P1 controls (its own Shock to P2's Hill Giant) never does."""
    g = scenario("""
format: duel
active_player: P2
players:
  - battlefield: [Flameblade Angel, Grizzly Bears]
    mana_pool: "{R}"
    hand: [Shock]
  - mana_pool: "{R}"
    hand: [Shock]
    battlefield: [Hill Giant]
""")
    g.run_line(["cast Shock", "target Grizzly Bears", "pass", "pass"])
    assert [e["source"] for e in g.state_json()["stack"]] == ["Flameblade Angel"]
    g.run_line(["pass", "pass"])
    g.act(next(lab for lab in labels(g) if lab.startswith("no") or lab.startswith("don't")))
    assert g.state_json()["stack"] == []
    g.run_line(["pass"])  # P2 passes priority to P1 in P2's main phase
    g.run_line(["cast Shock", "target Hill Giant", "pass", "pass"])
    assert g.state_json()["stack"] == []  # P1's own source: no trigger
