"""Energy counters (CR 107.14, 122.1): "you get {E}{E}", "Pay {E}{E}" in an activation cost
(cards/costs.py reads it into `Cost.energy`), and "You may pay {E}{E}. If you do, <effect>."
(CR 603.5).

Declined: amounts that aren't fixed ("you get {E} for each ...", "that many {E}"), "Whenever you
get one or more {E}", paying energy in other sentences ("unless you pay {E}")."""

from __future__ import annotations

import re
from typing import Any

from ...effects.energy import GetEnergy, MayPayEnergy
from ...subjects import CONTROLLER
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lines import SENTENCE_HOOKS

_ENERGY = re.compile(r"(?:\{E\})+")


@kind("energy")
def _energy(text: str) -> int:
    """"{E}{E}": how many energy symbols (CR 107.14)."""
    if not _ENERGY.fullmatch(text):
        raise NoParse(text)
    return len(text) // 3


@rule("effect", "you get <n:energy>")
def get_energy(b: Builder, n: int) -> list[Any]:
    """CR 122.1: "you get {E}{E}" (two energy counters)."""
    return [GetEnergy(n, CONTROLLER)]


@rule("effect", "you gain <life:n> life and get <n:energy>")
def gain_life_and_energy(b: Builder, life: int, n: int) -> list[Any]:
    """"You gain 3 life and get {E}{E}{E}": both, for you (CR 119.3, 122.1)."""
    from ...effects import GainLife
    return [GainLife(life, CONTROLLER), GetEnergy(n, CONTROLLER)]


_MAY_PAY = re.compile(r"you may pay ((?:\{E\})+)", re.IGNORECASE)


def _may_pay_energy(s: str, b: Builder, out: list[Any], start: int) -> list[Any] | None:
    """"You may pay {E}{E}." followed by "If you do, <effect>.": one choice made on
    resolution (offered only with enough energy), the effect only if it was paid."""
    from ..grammar import FAIL
    from ..lines import sentence
    m = _MAY_PAY.fullmatch(s)
    if m:
        return out + [MayPayEnergy(len(m.group(1)) // 3)]
    if s.lower().startswith("if you do, ") and out and isinstance(out[-1], MayPayEnergy) and not out[-1].then:
        try:
            then = sentence(s[len("if you do, "):], b)
        except FAIL:
            raise NoParse(s) from None
        return out[:-1] + [MayPayEnergy(out[-1].amount, tuple(then))]
    return None


SENTENCE_HOOKS.insert(0, _may_pay_energy)
