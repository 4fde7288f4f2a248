"""Templates for cards the Forge puzzles need (issue 15, session 9; templates/pzcards9.py),
through real cards compiled from their Oracle text."""

from __future__ import annotations

from tests.compiler.test_templates_combat import attack, block_options, combat, to_decision
from tests.helpers import compiled as _compiled

# --------------------------------------------------------------------------------------------
# "Creatures with power less than ~'s power can't block it" (CR 509.1b)


def test_cr_509_1b_weaker_creatures_cant_block_skarrgan_pit_skulk():
    """Skarrgan Pit-Skulk: "Creatures with power less than Skarrgan Pit-Skulk's power can't
    block it." A 1/1 with two +1/+1 counters (power 3): Grizzly Bears (2) can't block it, Hill
    Giant (3, not less) and Craw Wurm (6) can."""
    _compiled("Skarrgan Pit-Skulk")
    g = combat([{"card": "Skarrgan Pit-Skulk", "counters": {"+1/+1": 2}}],
               ["Grizzly Bears", "Hill Giant", "Craw Wurm"])
    attack(g, "Skarrgan Pit-Skulk")
    to_decision(g, "block")
    assert block_options(g) == ["block Skarrgan Pit-Skulk with Craw Wurm",
                                "block Skarrgan Pit-Skulk with Hill Giant"]


def test_cr_509_1b_the_attackers_power_now_aura_gnarlid():
    """Aura Gnarlid: the restriction reads its power as blockers are declared: a 2/2 with one
    Aura on the battlefield is a 3/3, so Grizzly Bears (2) can't block it; without the Aura,
    Grizzly Bears could (2 is not less than 2)."""
    _compiled("Aura Gnarlid", "Pacifism")
    g = combat(["Aura Gnarlid", "Memnite"], ["Grizzly Bears", "Hill Giant", {"card": "Pacifism", "attached_to": "Memnite"}])
    attack(g, "Aura Gnarlid")
    to_decision(g, "block")
    assert block_options(g) == ["block Aura Gnarlid with Hill Giant"]
    g = combat(["Aura Gnarlid"], ["Grizzly Bears", "Hill Giant"])
    attack(g, "Aura Gnarlid")
    to_decision(g, "block")
    assert block_options(g) == ["block Aura Gnarlid with Grizzly Bears", "block Aura Gnarlid with Hill Giant"]


def test_cr_509_1b_stronger_creatures_cant_block_silumgar_assassin():
    """Silumgar Assassin: "Creatures with power greater than Silumgar Assassin's power can't
    block it." (a 2/1): Hill Giant (3) can't block it, Grizzly Bears (2) can."""
    _compiled("Silumgar Assassin")
    g = combat(["Silumgar Assassin"], ["Grizzly Bears", "Hill Giant"])
    attack(g, "Silumgar Assassin")
    to_decision(g, "block")
    assert block_options(g) == ["block Silumgar Assassin with Grizzly Bears"]
