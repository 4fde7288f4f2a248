"""Control changes that last (CR 613.1b) and "If this spell's madness cost was paid, instead".

- "Gain control of target creature." (Sorin, Vampire Lord's granted ability, Memnarch, ...):
  for as long as the game lasts;
- "Gain control of target creature if its toughness is 2 or less." (checked as it resolves);
- "If this spell's madness cost was paid, instead <effect>." after the spell's effect
  (Welcome to the Fold): the effect replaced when the spell was cast for its madness cost.
"""

from __future__ import annotations

from typing import Any

from ...effects.lasting_control import GainControl, IfAltCostPaid
from ...subjects import Amount
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
