"""Templates for cards the Forge puzzles need (issue 15, session 7), through real cards compiled
from their Oracle text: amounts read from the permanent sacrificed for a cost (CR 608.2h,
templates/sacrificed.py), ..."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, player, scenario
from tests.helpers import unsupported as _unsupported


def _pay(g) -> None:
    while g.decision is not None and labels(g) and all(lab.startswith("pay ") for lab in labels(g)):
        g.act(labels(g)[0])


def _resolve(g) -> None:
    n = len(g.state_json()["stack"])
    while g.decision is not None and g.decision.kind == "priority" and len(g.state_json()["stack"]) >= n:
        g.act("pass")


# --------------------------------------------------------------------------------------------
# the sacrificed permanent's power, toughness, mana value (CR 608.2h)


FLING = """
players:
  - mana_pool: "{R}{R}{G}{C}"
    hand: [Fling, Giant Growth]
    battlefield: [{card: Grizzly Bears, counters: {+1/+1: 2}}, Hill Giant]
    library: [Island, Island, Island]
  - battlefield: [Ornithopter]
    library: [Island, Island, Island]
"""


def test_cr_608_2h_fling_uses_the_sacrificed_creatures_last_power():
    """Fling: "As an additional cost to cast this spell, sacrifice a creature. Fling deals
    damage equal to the sacrificed creature's power to any target." Grizzly Bears with two
    +1/+1 counters, pumped by Giant Growth, is sacrificed as a 7/7: 7 damage, its power as it
    last existed on the battlefield (the card in the graveyard is a 2/2)."""
    _compiled("Fling")
    g = scenario(FLING)
    g.act("cast Giant Growth")
    g.act("target Grizzly Bears")
    _pay(g)
    _resolve(g)
    g.act("cast Fling")
    assert sorted(lab for lab in labels(g) if lab.startswith("target ")) == [
        "target Grizzly Bears", "target Hill Giant", "target Ornithopter", "target P1", "target P2"]
    g.act("target P2")
    assert "sacrifice Grizzly Bears" in labels(g) and "sacrifice Hill Giant" in labels(g)
    g.act("sacrifice Grizzly Bears")
    _pay(g)
    assert "Grizzly Bears" in player(g, "P1")["graveyard"]  # sacrificed as the cost (CR 601.2h)
    _resolve(g)
    assert player(g, "P2")["life"] == 13


def test_cr_601_2h_fling_needs_a_creature_to_sacrifice():
    """A spell whose additional cost can't be paid can't be cast (CR 601.2h): no creature, no
    Fling."""
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Fling]
    battlefield: [Sol Ring]
    library: [Island]
  - library: [Island]
""")
    assert "cast Fling" not in labels(g)


def test_cr_608_2h_diamond_valley_gains_the_sacrificed_creatures_toughness():
    """Diamond Valley: "{T}, Sacrifice a creature: You gain life equal to the sacrificed
    creature's toughness." Grizzly Bears with a -1/-1 counter (a 1/1 as it is sacrificed)
    gives 1, not its printed 2."""
    _compiled("Diamond Valley")
    g = scenario("""
players:
  - battlefield: [Diamond Valley, {card: Grizzly Bears, counters: {-1/-1: 1}}, Hill Giant]
    library: [Island]
  - library: [Island]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Diamond Valley"))
    g.act(act)
    g.act("sacrifice Grizzly Bears")
    _resolve(g)
    assert player(g, "P1")["life"] == 21


def test_cr_608_2h_bosh_deals_the_sacrificed_artifacts_mana_value():
    """Bosh, Iron Golem: "{3}{R}, Sacrifice an artifact: Bosh, Iron Golem deals damage equal to
    the sacrificed artifact's mana value to any target." Sol Ring (mana value 1) sacrificed: 1
    damage."""
    _compiled("Bosh, Iron Golem")
    g = scenario("""
players:
  - mana_pool: "{R}{C}{C}{C}"
    battlefield: ["Bosh, Iron Golem", Sol Ring]
    library: [Island]
  - library: [Island]
""")
    act = next(lab for lab in labels(g) if lab.startswith("activate Bosh"))
    g.act(act)
    g.act("target P2")
    g.act("sacrifice Sol Ring")
    _pay(g)
    _resolve(g)
    assert player(g, "P2")["life"] == 19


def test_sacrificed_amount_declined_without_a_sacrifice_cost():
    """The reflexive "you may sacrifice another creature. When you do, ~ deals damage equal to
    the sacrificed creature's power" has no cost to read it from: declined (Surtland Flinger);
    so is "Sacrifice another creature" costs' reading of the source's own sacrifice."""
    _unsupported("Surtland Flinger", "the sacrificed creature's power")
