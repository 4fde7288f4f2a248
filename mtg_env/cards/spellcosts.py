"""Abilities about casting spells and paying for them (CR 601.2, 118): "This spell can't be
countered" and "<spells> can't be countered" (CR 101.2, 701.6), additional costs to cast a spell
(CR 601.2b, 601.2f-h), kicker and multikicker (CR 702.33).

They are read by the rule they modify: the engine's casting (engine/casting.py, legal.py) and
countering (engine/primitives.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.filters import Filter, ObjectPredicate
from ..core.mana import ManaCost
from .abilities import Ability, StaticAbility
from .costs import Cost
from .subjects import Count

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import Context, GameObject
    from .protocol import GameOps


@dataclass(frozen=True)
class CantBeCountered(StaticAbility):
    """"This spell can't be countered." (`affects` None: the spell itself, an ability that
    functions while it is on the stack, CR 113.6a... CR 101.2: "can't" wins over a spell or
    ability that would counter it), or a permanent's "Creature spells you control can't be
    countered." (`affects`: the spells it protects, judged relative to the permanent's
    controller). A spell that can't be countered may still be targeted by a counterspell; it
    is just not countered when that resolves (CR 701.6)."""

    affects: Filter | None = None


@dataclass(frozen=True)
class AdditionalCost(Ability):
    """"As an additional cost to cast this spell, sacrifice a creature." (CR 601.2b, 601.2h): a
    cost paid with the mana cost each time the spell is cast; a spell whose additional cost
    can't be paid can't be cast (CR 601.2h)."""

    cost: Cost = Cost()

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True)
class Kicker(Ability):
    """Kicker [cost] (CR 702.33a): an optional additional cost, announced as the spell is cast
    (CR 601.2b); Multikicker (CR 702.33c) may be paid any number of times. The number of
    times it was paid is the spell's `kicked` (CR 702.33d: "kicked")."""

    cost: ManaCost = ManaCost()
    multi: bool = False

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True)
class Entwine(Ability):
    """Entwine [cost] (CR 702.42a): a modal spell's controller may choose all its modes instead
    of one, paying `cost` in addition (announced with the modes, CR 601.2b, 601.2f); the
    modes are then followed in printed order (CR 702.42b)."""

    cost: ManaCost = ManaCost()

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True)
class Buyback(Ability):
    """Buyback [cost] (CR 702.27a): an optional additional cost announced as the spell is cast
    (CR 601.2b); if it was paid, the spell is put into its owner's hand instead of the
    graveyard as it resolves (not when it is countered or doesn't resolve)."""

    cost: ManaCost = ManaCost()

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True)
class Flashback(Ability):
    """Flashback [cost] (CR 702.34a): the card may be cast from its owner's graveyard by
    paying [cost] rather than its mana cost (with its timing, CR 601.3); the spell is exiled
    instead of going anywhere else when it leaves the stack."""

    cost: ManaCost = ManaCost()
    #: "Flashback—Tap an untapped white creature you control": the non-mana part of the
    #: flashback cost (only `tap_other`), paid as the spell's other costs are (CR 601.2h)
    extra: Cost | None = None
    #: how the cost is shown in the cast action's label
    shown: str = ""

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True, slots=True)
class WasKicked(ObjectPredicate):
    """"if it was kicked" of a permanent (CR 702.33d): the spell it was had its kicker paid
    (the permanent remembers it, `info["kicked"]`)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool((o.info or {}).get("kicked"))

    def __str__(self) -> str:
        return "kicked"


@dataclass(frozen=True, slots=True)
class TimesKicked(Count):
    """"for each time it was kicked" (CR 702.33c-d): the number of times the kicker of the
    spell (or of the spell the permanent was, for "enters with") was paid."""

    def value(self, g: GameOps, ctx: Context) -> int:
        return ctx.kicked


KICKED = WasKicked()
TIMES_KICKED = TimesKicked()


@dataclass(frozen=True)
class CostReduction(Ability):
    """"This spell costs {1} less to cast for each artifact you control." / Affinity for
    artifacts (CR 702.41a) / "This spell costs {2} less to cast if you control a Wizard."
    (CR 601.2f): the generic part of the total cost is reduced by `generic` for each permanent
    `per` matches (or once, if `condition` holds, or always), relative to the caster; it never
    goes below zero and never reduces colored requirements."""

    generic: int = 1
    per: Filter | None = None
    condition: Filter | None = None

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True, slots=True)
class EchoDue(ObjectPredicate):
    """Echo's "if this permanent came under your control since the beginning of your last
    upkeep" (CR 702.30a): the permanent was new to its controller when their turn began (it
    hadn't been controlled continuously since their previous turn began, CR 302.6; the engine
    marks it in the untap step of this turn, engine/turns.py)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return (o.info or {}).get("echo_turn") == g.turn

    def __str__(self) -> str:
        return "came under your control since your last upkeep"


ECHO_DUE = EchoDue()


@dataclass(frozen=True, slots=True)
class KickedSpell(Filter):
    """"a kicked spell" (CR 702.33d): a spell on the stack whose kicker was paid."""

    def item(self, g: Any, s: Any, you: int, source: int | None) -> bool:
        return s.kind == "spell" and s.ctx.kicked > 0

    def domain(self) -> frozenset[str] | None:
        return frozenset({"stack"})

    def __str__(self) -> str:
        return "kicked spell"


@dataclass(frozen=True)
class SpellsCostLess(StaticAbility):
    """"Artifact spells you cast cost {1} less to cast." (CR 601.2f, 604.1): while the permanent
    is on the battlefield, the generic part of the total cost of each spell its controller
    casts that `affects` matches (judged on the card as it is cast) is reduced by `generic`,
    X included (CR 601.2f: the total cost is determined after X is announced)."""

    affects: Filter | None = None
    generic: int = 1
    #: "you cast" (True) or every player's spells ("Spells cost {1} less to cast", False)
    yours: bool = True


@dataclass(frozen=True)
class ManaValueReduction(CostReduction):
    """"This spell costs {X} less to cast, where X is the total mana value of noncreature
    artifacts you control." (Metalwork Colossus; CR 601.2f): the generic part of the total
    cost is reduced by the sum of the mana values of the permanents `of` matches, relative to
    the caster, as the total cost is determined."""

    generic: int = 0
    of: Filter | None = None


@dataclass(frozen=True)
class Strive(Ability):
    """Strive (an ability word, CR 207.2c): "This spell costs {2}{U} more to cast for each
    target beyond the first." (CR 601.2f: an increase, added to the total cost once the
    targets are chosen, before reductions)."""

    cost: ManaCost = ManaCost()

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True)
class Escalate(Ability):
    """Escalate (CR 702.120a): "Pay this cost for each mode chosen beyond the first." An
    additional cost, added to the total cost once the modes are chosen (CR 601.2f)."""

    cost: ManaCost = ManaCost()

    @property
    def kind(self) -> str:
        return "casting"


@dataclass(frozen=True)
class CardCountReduction(CostReduction):
    """"This spell costs {1} less to cast for each creature card in your graveyard." (CR 601.2f):
    the generic part of the total cost is reduced by `generic` for each card in the caster's
    `zone` that `cards` matches."""

    zone: str = "graveyard"
    cards: Filter | None = None
