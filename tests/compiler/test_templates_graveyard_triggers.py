"""Triggered abilities that function in their card's graveyard (CR 113.6k, 113.6m;
templates/graveyard_triggers.py, engine/triggers.index_triggers), through real cards compiled
from their Oracle text."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, permanents, player, scenario


def _stack(g: object) -> list[str]:
    return [i["source"] for i in g.state_json()["stack"]]  # type: ignore[attr-defined]


def _to_upkeep(zone: str, card: str, extra: str = "") -> object:
    g = scenario(f"""
step: end
players:
  - library: [Island, Island]
    {zone}: ["{card}"]
{extra}
""")
    g.act("pass")  # the end step ends: P1's next turn (goldfish), its upkeep
    assert g.state_json()["step"] == "upkeep"
    return g


# --------------------------------------------------------------------------------------------
# CR 113.6m: "you may return ~ from your graveyard to your hand" functions in the graveyard


def test_cr_113_6m_upkeep_return_from_graveyard_squee_goblin_nabob():
    """Squee, Goblin Nabob: "At the beginning of your upkeep, you may return Squee, Goblin Nabob
    from your graveyard to your hand." In the graveyard as the upkeep begins, it triggers; P1
    says yes and Squee is in P1's hand."""
    _compiled("Squee, Goblin Nabob")
    g = _to_upkeep("graveyard", "Squee, Goblin Nabob")
    assert _stack(g) == ["Squee, Goblin Nabob"]
    g.act("pass")
    assert labels(g) == ["yes", "no"]
    g.act("yes")
    assert player(g, "P1")["hand"] == ["Squee, Goblin Nabob"] and player(g, "P1")["graveyard"] == []


def test_cr_113_6m_declined_squee_stays_in_the_graveyard():
    """Squee's "you may": answered no, Squee stays in the graveyard."""
    g = _to_upkeep("graveyard", "Squee, Goblin Nabob")
    g.run_line(["pass", "no"])
    assert player(g, "P1")["hand"] == [] and player(g, "P1")["graveyard"] == ["Squee, Goblin Nabob"]


def test_cr_113_6m_squee_on_the_battlefield_doesnt_trigger():
    """On the battlefield (or in the hand), Squee's ability doesn't function (CR 113.6: it
    functions only in the graveyard): no trigger as the upkeep begins."""
    for zone in ("battlefield", "hand"):
        g = _to_upkeep(zone, "Squee, Goblin Nabob")
        assert _stack(g) == [], zone


def test_cr_113_6m_cast_trigger_from_graveyard_verdant_eidolon():
    """Verdant Eidolon: "Whenever you cast a multicolored spell, you may return Verdant Eidolon
    from your graveyard to your hand." Casting Putrid Leech ({B}{G}) with the Eidolon in the
    graveyard triggers it (above the spell); casting Grizzly Bears (green only) doesn't."""
    _compiled("Verdant Eidolon")
    g = scenario("""
players:
  - mana_pool: "{B}{G}{G}{G}"
    hand: [Grizzly Bears, Putrid Leech]
    graveyard: [Verdant Eidolon]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Grizzly Bears", "pay {1} with {G}"])
    assert _stack(g) == ["Grizzly Bears"]
    g.act("pass")
    g.act("cast Putrid Leech")
    assert _stack(g) == ["Putrid Leech", "Verdant Eidolon"]
    g.run_line(["pass", "yes"])
    assert player(g, "P1")["hand"] == ["Verdant Eidolon"]


def test_cr_113_6m_returns_under_its_owners_control_bladewings_thrall():
    """Bladewing's Thrall: "When a Dragon enters, you may return Bladewing's Thrall from your
    graveyard to the battlefield." Its ruling: a Dragon entering under an opponent's control
    triggers it too, and the Thrall's owner controls it."""
    _compiled("Bladewing's Thrall")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}{R}{R}{R}"
    hand: [Shivan Dragon]
    library: [Island, Island]
  - graveyard: [Bladewing's Thrall]
    library: [Island, Island]
""")
    g.run_line(["cast Shivan Dragon", "pass"])
    assert _stack(g) == ["Bladewing's Thrall"]
    g.run_line(["pass", "yes"])
    assert permanent(g, "Bladewing's Thrall")["controller"] == "P2"
    assert [c["card"] for c in player(g, "P2")["battlefield"]] == ["Bladewing's Thrall"]


# --------------------------------------------------------------------------------------------
# CR 113.6m, 303.4i: an Aura returned "attached to that creature"


def _dragon_fangs(creature: str, mana: str) -> object:
    g = scenario(f"""
players:
  - mana_pool: "{mana}"
    hand: [{creature}]
    graveyard: [Dragon Fangs]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line([f"cast {creature}", "pass"])
    return g


def test_cr_113_6m_aura_returns_attached_to_that_creature_dragon_fangs():
    """Dragon Fangs: "When a creature with mana value 6 or greater enters, you may return Dragon
    Fangs from your graveyard to the battlefield attached to that creature." Craw Wurm (mana
    value 6) enters: Dragon Fangs returns attached to it: a 7/5 with trample."""
    _compiled("Dragon Fangs")
    g = _dragon_fangs("Craw Wurm", "{G}{G}{G}{G}{G}{G}")
    assert _stack(g) == ["Dragon Fangs"]
    g.run_line(["pass", "yes"])
    wurm = permanent(g, "Craw Wurm")
    assert (wurm["power"], wurm["toughness"]) == (7, 5) and "trample" in g.chars(wurm["id"]).keywords
    assert permanent(g, "Dragon Fangs")["attached_to"] == wurm["id"]
    assert player(g, "P1")["graveyard"] == []


def test_cr_113_6m_smaller_creature_doesnt_trigger_dragon_fangs():
    """A creature with mana value 5 (Spined Wurm) doesn't trigger Dragon Fangs."""
    g = _dragon_fangs("Spined Wurm", "{G}{G}{G}{G}{G}")
    assert _stack(g) == [] and player(g, "P1")["graveyard"] == ["Dragon Fangs"]


def test_cr_303_4i_that_creature_gone_aura_stays_in_graveyard_dragon_fangs():
    """CR 303.4i: the creature left the battlefield before the ability resolved (bounced with
    Unsummon in response): Dragon Fangs has nothing it can enchant and stays in the
    graveyard."""
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}{G}{G}"
    hand: [Craw Wurm, Unsummon]
    battlefield: [Island]
    graveyard: [Dragon Fangs]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Craw Wurm", "pass"])
    assert _stack(g) == ["Dragon Fangs"]
    g.run_line(["activate Island", "cast Unsummon", "target Craw Wurm", "pass"])
    assert player(g, "P1")["hand"] == ["Craw Wurm"]
    g.run_line(["pass", "yes"])
    assert permanents(g, "Dragon Fangs") == [] and player(g, "P1")["graveyard"] == ["Dragon Fangs", "Unsummon"]


def test_cr_113_6m_dragon_fangs_on_the_battlefield_doesnt_trigger():
    """Dragon Fangs on the battlefield (enchanting Grizzly Bears): Craw Wurm entering doesn't
    trigger it (its ability functions only in the graveyard)."""
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}{G}{G}"
    hand: [Craw Wurm]
    battlefield: [Grizzly Bears, {card: Dragon Fangs, attached_to: Grizzly Bears}]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.run_line(["cast Craw Wurm", "pass"])
    assert _stack(g) == []


# --------------------------------------------------------------------------------------------
# CR 113.6k, 603.4: "if ~ is in your graveyard"


def test_cr_113_6k_if_in_your_graveyard_pay_to_return_pyre_zombie():
    """Pyre Zombie: "At the beginning of your upkeep, if Pyre Zombie is in your graveyard, you
    may pay {1}{B}{B}. If you do, return Pyre Zombie to your hand." P1 pays from three Swamps:
    Pyre Zombie is in P1's hand."""
    _compiled("Pyre Zombie")
    g = _to_upkeep("graveyard", "Pyre Zombie", "    battlefield: [Swamp, Swamp, Swamp]")
    assert _stack(g) == ["Pyre Zombie"]
    for _ in range(3):
        g.act(next(a for a in labels(g) if a.startswith("activate Swamp")))
    g.act("pass")
    assert "yes" in labels(g)
    g.act("yes")
    assert player(g, "P1")["hand"] == ["Pyre Zombie"] and player(g, "P1")["graveyard"] == []


def test_cr_603_4_pyre_zombie_exiled_in_response_does_nothing():
    """CR 603.4: the intervening "if" is checked again as the ability resolves. Tormod's Crypt
    exiles P1's graveyard in response: the ability does nothing (no payment is asked)."""
    g = _to_upkeep("graveyard", "Pyre Zombie", "    battlefield: [Swamp, Swamp, Swamp, Tormod's Crypt]")
    g.act(next(a for a in labels(g) if a.startswith("activate Tormod's Crypt")))
    g.run_line(["target P1", "pass"])
    assert "Pyre Zombie" in [c["card"] for c in player(g, "P1")["exile"]]
    assert _stack(g) == ["Pyre Zombie"]
    g.act("pass")
    assert _stack(g) == [] and g.decision.kind == "priority"
    assert player(g, "P1")["hand"] == []


def test_cr_113_6k_pyre_zombie_on_the_battlefield_doesnt_trigger():
    """On the battlefield, Pyre Zombie's upkeep ability doesn't function (nor would its "if"
    hold): no trigger."""
    g = _to_upkeep("battlefield", "Pyre Zombie")
    assert _stack(g) == []


# --------------------------------------------------------------------------------------------
# wordings the templates decline


def test_cr_113_6m_graveyard_returns_not_read_unsupported():
    """Not read: an Aura returned to the battlefield without saying what it enchants (Screams
    from Within, from a leaves-the-battlefield trigger); an Aura returned attached to a creature
    chosen by a relation (Reins of the Vinesteed)."""
    for name in ("Screams from Within", "Reins of the Vinesteed"):
        assert not card_status(name).supported, name
