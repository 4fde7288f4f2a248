"""Templates for cards the Forge puzzles need (issue 15, session 9;
tests/compiler/test_templates_pzcards9.py):

- "Creatures with power less than ~'s power can't block it." (Aura Gnarlid, Skarrgan Pit-Skulk,
  Den Protector, ...) and its "greater than" form (Silumgar Assassin): a restriction on blocks
  (CR 509.1b) judged, as blockers are declared, against the attacker's power then (Gatherer
  ruling on Aura Gnarlid: changing powers later doesn't remove a blocker).
"""

from __future__ import annotations

from typing import Any

from ....core.filters import CardType, CompareToSource, Permanent
from ...abilities import BlockRestriction
from ..builder import Builder
from ..grammar import rule
from ..text import Line


@rule("static", "Creatures with power less than ~'s power can't block it")
def weaker_cant_block(b: Builder, line: Line) -> list[Any]:
    """CR 509.1b: "Creatures with power less than Aura Gnarlid's power can't block it." """
    return [BlockRestriction(text=line.raw,
                             by=CardType("Creature") & Permanent() & CompareToSource("power", "<"))]


@rule("static", "Creatures with power greater than ~'s power can't block it")
def stronger_cant_block(b: Builder, line: Line) -> list[Any]:
    """CR 509.1b: "Creatures with power greater than Silumgar Assassin's power can't block it." """
    return [BlockRestriction(text=line.raw,
                             by=CardType("Creature") & Permanent() & CompareToSource("power", ">"))]
