"""Templates for cards the Forge puzzles need (issue 15; tests/compiler/test_templates_pzcards.py):

- "Target creature gets +1/+1 until end of turn for each creature you control." (Might of the
  Masses, Knotvine Paladin's "it gets +1/+1 until end of turn for each untapped creature you
  control"): counted once as the effect resolves and locked in (CR 608.2h, 611.2c; the rulings);
- "~ deals 1 damage to any target and 1 damage to you." (Granger Guildmage): one source's
  damage dealt at the same time (CR 120.3);
- "Whenever enchanted/equipped creature deals damage, ..." (Armadillo Cloak, Spirit Link): once
  for the damage it deals at the same time, "that much" its total (CR 120.3, 603.2).

"Spend only black mana on X." after an activated ability's effect (Crypt Rats) is read by
lines.activated (ManaCost.x_type).
"""

from __future__ import annotations

from typing import Any

from ....core.filters import Filter
from ...abilities import TriggerEvent
from ...effects import DealDamage, Pump
from ...effects.combat import EVENT_OBJECT_OF_DAMAGE
from ...effects.pzcards import AtOnce, Times
from ...subjects import CONTROLLER, Count
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import PT, ObjRef
from .effects import _damage_source

E = TriggerEvent


def _scaled(k: int, n: Count) -> Any:
    return 0 if k == 0 else n if k == 1 else Times(k, n)


@rule("effect", "<what:obj> gets <pt:pt> until end of turn for each <n:each_counted>",
      "<what:objs> get <pt:pt> until end of turn for each <n:each_counted>")
def pump_for_each(b: Builder, what: ObjRef, pt: PT, n: Count) -> list[Any]:
    """CR 613.4c, 608.2h: "Target creature gets +1/+1 until end of turn for each creature you
    control." The number is counted as the effect resolves and doesn't change later (Might of
    the Masses' ruling); a targeted creature you control counts itself."""
    if not isinstance(pt.power, int) or not isinstance(pt.toughness, int):
        raise NoParse("for each")
    who = b.obj(what)
    return [Pump(_scaled(pt.power, n), _scaled(pt.toughness, n), who)]


@rule("effect", "<source:obj> deals <n:amount> damage to <to:obj> and <m:amount> damage to you")
def damage_and_damage_to_you(b: Builder, source: ObjRef, n: Any, to: ObjRef, m: Any) -> list[Any]:
    """CR 120.3: "~ deals 1 damage to any target and 1 damage to you." (Granger Guildmage): the
    source deals both at the same time. If the target is illegal as the ability resolves, the
    ability doesn't resolve and no damage is dealt (CR 608.2b)."""
    _damage_source(b, source)
    if to.kind != "target":
        raise NoParse("damage to")
    who = b.obj(to, frozenset({"battlefield", "players"}))
    return [AtOnce((DealDamage(n, who), DealDamage(m, CONTROLLER)))]


@rule("trigger", "Whenever <what:attached_creature> deals damage")
def attached_deals_damage(b: Builder, what: Filter) -> dict[str, Any]:
    """CR 120.3, 603.2: "Whenever enchanted creature deals damage, you gain that much life."
    (Armadillo Cloak): once for the damage the creature deals at the same time (a combat damage
    step's, one effect's), combat or not; "that much" is the total. It isn't lifelink: each
    Cloak's ability triggers separately (its ruling)."""
    return {"event": E.DEALS_DAMAGE, "subject": what, "event_obj": EVENT_OBJECT_OF_DAMAGE}
