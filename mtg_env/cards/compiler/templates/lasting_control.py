"""Control changes that last (CR 613.1b), "If this spell's madness cost was paid, instead", and
Flameblade Angel's "Whenever a source an opponent controls deals damage to you or a permanent
you control, you may have ~ deal 1 damage to that source's controller."

- "Gain control of target creature." (Sorin, Vampire Lord's granted ability, Memnarch, ...):
  for as long as the game lasts;
- "Gain control of target creature if its toughness is 2 or less." (checked as it resolves);
- "If this spell's madness cost was paid, instead <effect>." after the spell's effect
  (Welcome to the Fold): the effect replaced when the spell was cast for its madness cost.
"""

from __future__ import annotations

from typing import Any

from ...abilities import TriggerEvent
from ...effects import DealDamage
from ...effects.lasting_control import GainControl, IfAltCostPaid
from ...subjects import EVENT_PLAYER, Amount, EventObject
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import ObjRef
from ..lines import SENTENCE_HOOKS


def _target(b: Builder, what: ObjRef) -> Any:
    if what.kind != "target":
        raise NoParse("gain control")  # "gain control of it": of what the ability named before
    return b.obj(what)


@rule("effect", "Gain control of <what:obj>")
def gain_control(b: Builder, what: ObjRef) -> list[Any]:
    """CR 613.1b: "Gain control of target creature." (no duration: it lasts)."""
    return [GainControl(_target(b, what))]


@rule("effect", "Gain control of <what:obj> if its toughness is <n:amount> or less")
def gain_control_if_toughness(b: Builder, what: ObjRef, n: Amount) -> list[Any]:
    """Welcome to the Fold: "Gain control of target creature if its toughness is 2 or less."
    (the toughness is checked only as the spell resolves: ruling 2016-04-08)."""
    return [GainControl(_target(b, what), max_toughness=n)]


_MADNESS_INSTEAD = "if this spell's madness cost was paid, instead "


def _madness_instead(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"<effect>. If this spell's madness cost was paid, instead <other effect>." (CR 702.35):
    the other effect replaces the sentence before when the spell was cast for its madness
    cost. "gain control of that creature if its toughness is X or less": the same target."""
    if not s.lower().startswith(_MADNESS_INSTEAD):
        return None
    prev = out[start:]
    if not b.is_spell or len(prev) != 1 or not isinstance(prev[0], GainControl):
        raise NoParse(s)
    rest = s[len(_MADNESS_INSTEAD):].rstrip(".")
    head = "gain control of that creature if its toughness is "
    if not rest.lower().startswith(head) or not rest.endswith(" or less"):
        raise NoParse(s)
    from ..lexicon import read_amount
    n = read_amount(rest[len(head):-len(" or less")])
    then = GainControl(prev[0].what, max_toughness=n)
    return out[:start] + [IfAltCostPaid("madness", (then,), (prev[0],))]


SENTENCE_HOOKS.append(_madness_instead)


#: "that source" in the effect of the trigger below: the event's object (the source), and the
#: marker that lets "that source's controller" be read only there (its event's player)
DAMAGE_SOURCE = EventObject()


@rule("trigger", "Whenever a source an opponent controls deals damage to you or a permanent you control")
def opponent_source_damages_yours(b: Builder) -> dict[str, Any]:
    """Flameblade Angel (CR 603.2, 120.3): once for you and for each permanent you control dealt
    damage at the same time by a source an opponent controls (its ruling)."""
    return {"event": TriggerEvent.OPPONENT_SOURCE_DAMAGES_YOURS, "subject": None, "event_obj": DAMAGE_SOURCE}


@rule("effect", "<s:self> (deal|deals) <n:n> damage to that source's controller")
def damage_that_sources_controller(b: Builder, s: str, n: int) -> list[Any]:
    """"you may have ~ deal 1 damage to that source's controller" ("have ~ deal" is read as "~
    deals", templates/trigger_events.py): the controller of the source as it dealt the damage,
    the triggering event's player (engine/triggers.py)."""
    if b.event is not DAMAGE_SOURCE:
        raise NoParse("that source's controller")  # the event's player is the source's controller only there
    return [DealDamage(n, EVENT_PLAYER)]
