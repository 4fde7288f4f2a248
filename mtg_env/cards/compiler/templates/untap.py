"""Permanents that don't untap (CR 502.3): the static "Enchanted creature doesn't untap during
its controller's untap step" (a rules flag, engine/turns.py), and the one-shot "<It> doesn't untap
during its controller's next untap step" / "~ doesn't untap during your next untap step"
(effects/untap.py; the untap step it applies in is judged as the rulings of Frost Breath and
Arbalest Elite say).

Declined: "You may choose not to untap ~ during your untap step" and the effects "for as long as
~ remains tapped" (a choice in the untap step and a duration the engine doesn't have), "next two
untap steps", conditions ("... if it attacked during your last turn")."""

from __future__ import annotations

from typing import Any

from ....core.chars import Flag
from ....core.filters import Filter
from ....core.modifications import AddFlags
from ...abilities import Static
from ...effects.untap import NoUntapNext
from ...subjects import SELF
from ..builder import Builder
from ..grammar import rule
from ..lexicon import PT, ObjRef
from ..text import Line


@rule("static", "<who:affected> doesn't untap during its controller's untap step",
      "<who:affected> don't untap during their controllers' untap steps")
def doesnt_untap(b: Builder, who: Filter, line: Line) -> list[Any]:
    """CR 502.3: "Enchanted creature doesn't untap during its controller's untap step." (its
    controller's untap step, whoever that is)."""
    return [Static(text=line.raw, affects=who, modification=AddFlags((Flag.DOESNT_UNTAP,)))]


@rule("static", "<who:affected> (gets|get) <pt:pt> and doesn't untap during its controller's untap step")
def pump_and_doesnt_untap(b: Builder, who: Filter, pt: PT, line: Line) -> list[Any]:
    """CR 613.4c, 502.3: "Enchanted creature gets +2/+2 and doesn't untap during its
    controller's untap step." """
    from ....core.modifications import ModifyPT
    return [Static(text=line.raw, affects=who, modification=ModifyPT(pt.power, pt.toughness)),
            Static(text=line.raw, affects=who, modification=AddFlags((Flag.DOESNT_UNTAP,)))]


@rule("effect", "<what:obj> doesn't untap during its controller's next untap step",
      "<what:objs> doesn't untap during its controller's next untap step",
      "<what:obj> don't untap during their controller's next untap step",
      "<what:obj> don't untap during their controllers' next untap steps")
def no_untap_next(b: Builder, what: ObjRef) -> list[Any]:
    """CR 502.3: "That creature doesn't untap during its controller's next untap step." """
    return [NoUntapNext(b.obj(what))]


@rule("effect", "<s:self> doesn't untap during your next untap step")
def self_no_untap_next(b: Builder, s: str) -> list[Any]:
    """CR 502.3: "~ doesn't untap during your next untap step." (your next untap step: if
    another player controls it then, nothing happens)."""
    return [NoUntapNext(SELF, yours=True)]
