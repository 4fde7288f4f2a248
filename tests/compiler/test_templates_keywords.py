"""The templates of the "keywords" family (session 5), each through real cards compiled from
their Oracle text: the Oracle line and the rule it follows in each docstring."""

from __future__ import annotations

from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario
from tests.helpers import unsupported as _unsupported


def _to_attack(g) -> None:
    for _ in range(20):
        if g.decision.kind == "attack":
            return
        g.act("pass")
    raise AssertionError("no attack declaration")


def _attack(g, *cards: str) -> None:
    _to_attack(g)
    for c in cards:
        g.act(f"attack P2 with {c}")
    if g.decision.kind == "attack":
        g.act(next(a for a in g.legal_actions() if a.kind == "done"))


def _resolve(g, limit: int = 6) -> None:
    """Pass priority until the stack is empty or a player must choose (triggers put on the
    stack in the order offered)."""
    for _ in range(limit):
        if g.decision.kind == "order":
            g.act(labels(g)[0])
            continue
        if not g.state_json()["stack"] or g.decision.kind != "priority":
            return
        g.act("pass")


def _names(g, who: str, zone: str) -> list[str]:
    return [c["card"] if isinstance(c, dict) else c for c in player(g, who)[zone]]


# --------------------------------------------------------------------------------------------
# annihilator (CR 702.86)


def test_cr_702_86a_annihilator_defending_player_sacrifices_before_blocks_artisan_of_kozilek():
    """Artisan of Kozilek: "Annihilator 2 (Whenever this creature attacks, defending player
    sacrifices two permanents.)" The defending player chooses two of their permanents as the
    trigger resolves, in the declare attackers step: a creature sacrificed can't block (Gatherer
    ruling 2010-06-15)."""
    _compiled("Artisan of Kozilek")
    g = scenario("""
players:
  - battlefield: [Artisan of Kozilek]
  - battlefield: [Grizzly Bears, Forest, Island]
""")
    _attack(g, "Artisan of Kozilek")
    _resolve(g)  # the trigger resolves
    assert g.pending is not None and g.pending.player == 1
    assert set(labels(g)) == {"sacrifice Grizzly Bears", "sacrifice Forest", "sacrifice Island"}
    g.act("sacrifice Grizzly Bears")
    assert set(labels(g)) == {"sacrifice Forest", "sacrifice Island"}
    g.act("sacrifice Island")
    assert [p["card"] for p in player(g, "P2")["battlefield"]] == ["Forest"]
    assert sorted(_names(g, "P2", "graveyard")) == ["Grizzly Bears", "Island"]
    assert g.state_json()["step"] == "declare_attackers"


def test_cr_701_21a_annihilator_with_fewer_permanents_sacrifices_all_artisan_of_kozilek():
    """Annihilator 2 against a player with one permanent: they sacrifice it, no choice."""
    g = scenario("""
players:
  - battlefield: [Artisan of Kozilek]
  - battlefield: [Forest]
""")
    _attack(g, "Artisan of Kozilek")
    _resolve(g)
    assert player(g, "P2")["battlefield"] == []
    assert _names(g, "P2", "graveyard") == ["Forest"]


def test_cr_701_21a_sacrificed_card_returns_under_your_control_it_that_betrays():
    """It That Betrays: "Annihilator 2 ... Whenever an opponent sacrifices a nontoken
    permanent, put that card onto the battlefield under your control." Each nontoken permanent
    sacrificed to its annihilator comes back under its controller's control (Gatherer rulings
    2010-06-15)."""
    _compiled("It That Betrays")
    g = scenario("""
players:
  - battlefield: [It That Betrays]
  - battlefield: [Grizzly Bears, Forest]
""")
    _attack(g, "It That Betrays")
    _resolve(g, 10)  # two permanents, annihilator 2: both, no choice; then the two returns
    for card in ("Grizzly Bears", "Forest"):
        p = permanent(g, card)
        assert p["controller"] == "P1" and p["owner"] == "P2"
    assert _names(g, "P2", "graveyard") == []


def test_cr_111_8_sacrificed_token_doesnt_return_it_that_betrays():
    """It That Betrays: tokens sacrificed are not "nontoken permanents": the Soldier tokens
    the defending player makes in response and sacrifices to annihilator stay gone, the Bears
    stay theirs."""
    g = scenario("""
format: duel
players:
  - battlefield: [It That Betrays]
  - battlefield: [Grizzly Bears, Plains, Plains]
    hand: [Raise the Alarm]
""")
    _attack(g, "It That Betrays")
    g.act("pass")
    g.run_line(["activate Plains", "activate Plains", "cast Raise the Alarm", "pass", "pass"])  # two Soldiers
    assert len(permanents(g, "Soldier Token")) == 2
    _resolve(g)
    assert set(labels(g)) >= {"sacrifice Soldier Token", "sacrifice Grizzly Bears"}
    g.act("sacrifice Soldier Token")
    g.act("sacrifice Soldier Token")
    _resolve(g)
    assert permanents(g, "Soldier Token") == []
    assert permanent(g, "Grizzly Bears")["controller"] == "P2"
    assert g.state_json()["stack"] == []
