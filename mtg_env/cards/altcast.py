"""Alternative ways to cast a spell (CR 118.9, 601.2b): evoke (CR 702.74) and dash (CR 702.109),
and what a permanent remembers of the alternative cost its spell was cast with.

The engine (engine/altcast.py, casting.py, legal.py) offers "cast ~ with evoke {cost}" beside
the ordinary cast; the chosen cost is the spell's `ctx.alt` (a copy copies it, CR 707.10) and the
permanent it becomes remembers it (`info["alt"]`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.filters import ObjectPredicate
from ..core.mana import ManaCost
from .abilities import Ability

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import GameObject


@dataclass(frozen=True)
class AlternativeCost(Ability):
    """"Evoke [cost]" / "Dash [cost]": "You may cast this spell by paying [cost] rather than
    paying its mana cost" (CR 118.9, 702.74a, 702.109a). `keyword` names it ("evoke", "dash")."""

    keyword: str = ""
    cost: ManaCost = ManaCost()
    #: "If exactly one creature is attacking, you may pay {W} rather than pay this spell's mana
    #: cost." (the Traps): a filter judged on the casting player as the spell is cast (its
    #: `player(g, p, p)`, CR 601.2b); None: always allowed (or the keyword's own condition)
    condition: Any = None

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True, slots=True)
class PaidAlternative(ObjectPredicate):
    """"if its evoke cost was paid" (CR 702.74a), "as long as its dash cost was paid"
    (CR 702.109a): the permanent's spell was cast with that alternative cost."""

    keyword: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(o.info) and o.info.get("alt") == self.keyword  # type: ignore[union-attr]

    def __str__(self) -> str:
        return f"{self.keyword} cost paid"


@dataclass(frozen=True, slots=True)
class SuspendHaste(ObjectPredicate):
    """Suspend: "If you cast a creature spell this way, it gains haste until you lose control
    of the spell or the permanent it becomes." (CR 702.62a): the permanent's spell was cast by
    its suspend ability and its controller hasn't changed since (engine/primitives.py forgets
    it when control changes)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(o.info) and o.info.get("alt") == "suspend"  # type: ignore[union-attr]

    def __str__(self) -> str:
        return "cast with suspend, same controller"


SUSPEND_HASTE = SuspendHaste()
EVOKED = PaidAlternative("evoke")
DASHED = PaidAlternative("dash")


def alternative_costs(card: Any) -> list[AlternativeCost]:
    """The card's alternative costs (evoke, dash), in printed order."""
    d = card.__dict__  # worked out once per card definition and kept on it (carddef.card_cache)
    got: list[AlternativeCost] | None = d.get("_alternative_costs")
    if got is None:
        got = [ab for ab in card.abilities if isinstance(ab, AlternativeCost)]
        object.__setattr__(card, "_alternative_costs", got)
    return got
