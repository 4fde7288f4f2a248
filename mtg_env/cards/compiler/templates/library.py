"""Libraries and graveyards: scry (CR 701.22), surveil (CR 701.25), mill (CR 701.17)."""

from __future__ import annotations

from typing import Any

from ...effects.topdeck import Mill, Scry, Surveil
from ...subjects import CONTROLLER
from ..builder import Builder
from ..grammar import rule
from ..lexicon import PlayerRef


@rule("effect", "Scry <n:amount>")
def scry(b: Builder, n: Any) -> list[Any]:
    """CR 701.22a: "Scry 2." """
    return [Scry(n)]


@rule("effect", "Surveil <n:amount>")
def surveil(b: Builder, n: Any) -> list[Any]:
    """CR 701.25a: "Surveil 1." """
    return [Surveil(n)]


@rule("effect", "Mill <n:amount> card(s|)", "<who:player> (mill|mills) <n:amount> card(s|)")
def mill(b: Builder, n: Any, who: PlayerRef | None = None) -> list[Any]:
    """CR 701.17a: "Mill three cards.", "Target player mills two cards.", "Each opponent mills
    a card." """
    return [Mill(n, CONTROLLER if who is None else b.player(who))]
