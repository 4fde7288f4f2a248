"""Face-down spells and permanents (CR 708): morph and megamorph (CR 702.37).

`Morph` is the keyword ability "Morph [cost]" / "Megamorph [cost]": the engine offers to cast
its card face down for {3} (CR 702.37a, 702.37c) and, while it is a face-down permanent, to
turn it face up for its morph cost as a special action (CR 702.37e, 116.2b; engine/facedown.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.mana import ManaCost
from ..abilities import Ability


@dataclass(frozen=True)
class Morph(Ability):
    """"Morph [cost]" (CR 702.37a), or "Megamorph [cost]" (`mega`, CR 702.37b: "As this
    permanent is turned face up, put a +1/+1 counter on it if its megamorph cost was paid to
    turn it face up")."""

    cost: ManaCost = ManaCost()
    mega: bool = False

    @property
    def kind(self) -> str:
        return "casting"


__all__ = ["Morph"]
