"""Regeneration (CR 701.19) and prevention of damage (CR 615): "Regenerate ~.", "Regenerate
target creature.", "Destroy target creature. It can't be regenerated.", "Target creature can't
be regenerated this turn.", "Prevent the next N damage that would be dealt to any target this
turn.", "Prevent all combat damage that would be dealt this turn." (cards/effects/shields.py;
the engine applies them in primitives.destroy, sba.py and replacement.prevent_damage)."""

from __future__ import annotations

from typing import Any

from ...effects import Destroy
from ...effects.shields import (
    CantBeRegenerated,
    DestroyNoRegenerate,
    PreventAllCombatDamage,
    PreventAllDamage,
    PreventNextDamage,
    Regenerate,
)
from ..builder import Builder
from ..grammar import NoParse, rule
from ..lexicon import ObjRef, PlayerRef


@rule("effect", "Regenerate <what:obj>", "Regenerate <what:objs>")
def regenerate(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.19a: a regeneration shield on the permanent (it is used the next time the
    permanent would be destroyed this turn)."""
    return [Regenerate(b.obj(what))]


@rule("amend", "(It|They) can't be regenerated")
def cant_be_regenerated(b: Builder, prev: tuple[Any, ...]) -> list[Any]:
    """CR 701.19c: "Destroy target creature. It can't be regenerated." / "Destroy all
    creatures. They can't be regenerated.": the destruction of the sentence before is not
    replaced by regeneration. Only a sentence that is one destroy effect is amended."""
    if len(prev) != 1 or type(prev[0]) is not Destroy:
        raise NoParse("can't be regenerated")
    return [DestroyNoRegenerate(prev[0].what)]


@rule("effect", "<what:obj> can't be regenerated this turn")
def cant_be_regenerated_this_turn(b: Builder, what: ObjRef) -> list[Any]:
    """CR 701.19c: "Target creature can't be regenerated this turn." """
    return [CantBeRegenerated(b.obj(what))]


@rule("effect", "Prevent the next <n:amount> damage that would be dealt to <to:obj> this turn",
      "Prevent the next <n:amount> damage that would be dealt to <to:player> this turn")
def prevent_next(b: Builder, n: Any, to: Any) -> list[Any]:
    """CR 615.7: a prevention shield on a permanent or player ("any target", "target creature",
    "~", "you") for damage from any source this turn."""
    if isinstance(to, PlayerRef):
        if to.kind not in ("you", "target"):
            raise NoParse("prevent damage to players")
        who = b.player(to)
    else:
        who = b.obj(to, frozenset({"battlefield", "players"}))
    return [PreventNextDamage(n, who)]


@rule("effect", "Prevent all combat damage that would be dealt this turn")
def fog(b: Builder) -> list[Any]:
    """CR 615.1, 510.2: every combat damage this turn, to any permanent or player."""
    return [PreventAllCombatDamage()]


def _prevent_all(b: Builder, what: ObjRef, to: bool, by: bool, combat: bool) -> list[Any]:
    return [PreventAllDamage(b.obj(what, frozenset({"battlefield", "players"})), to, by, combat)]


@rule("effect", "Prevent all combat damage that would be dealt to <what:obj> this turn")
def prevent_combat_to(b: Builder, what: ObjRef) -> list[Any]:
    """CR 615.1, 510.2: all combat damage to one permanent this turn."""
    return _prevent_all(b, what, True, False, True)


@rule("effect", "Prevent all combat damage that would be dealt by <what:obj> this turn")
def prevent_combat_by(b: Builder, what: ObjRef) -> list[Any]:
    """CR 615.1: all combat damage one creature would deal this turn."""
    return _prevent_all(b, what, False, True, True)


@rule("effect", "Prevent all combat damage that would be dealt to and dealt by <what:obj> this turn")
def prevent_combat_to_and_by(b: Builder, what: ObjRef) -> list[Any]:
    return _prevent_all(b, what, True, True, True)


@rule("effect", "Prevent all damage that would be dealt to <what:obj> this turn")
def prevent_all_to(b: Builder, what: ObjRef) -> list[Any]:
    """CR 615.1: all damage to one permanent this turn, from any source."""
    return _prevent_all(b, what, True, False, False)


@rule("effect", "Prevent all damage that would be dealt by <what:obj> this turn",
      "Prevent all damage <what:obj> would deal this turn")
def prevent_all_by(b: Builder, what: ObjRef) -> list[Any]:
    """CR 615.1: all damage one source would deal this turn."""
    return _prevent_all(b, what, False, True, False)
