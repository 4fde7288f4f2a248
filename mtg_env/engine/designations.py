"""Player designations: the city's blessing (CR 702.131).

Ascend on a permanent is a static ability (CR 702.131b): its controller gets the city's
blessing the moment they control ten or more permanents while they control it. The number of
permanents a player controls grows only when a permanent enters the battlefield or changes
control, so the check runs then (zones.py, primitives.py), and the blessing, once had, stays
for the rest of the game (CR 702.131c). Ascend on an instant or sorcery is a spell ability
(CR 702.131a), checked as the spell resolves, before its other effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.objects import StackItem

if TYPE_CHECKING:
    from .game import Game

#: CR 702.131a: ten or more permanents
BLESSING_PERMANENTS = 10


def _bless(g: Game, player: int) -> None:
    p = g.players[player]
    p.blessed = True
    g.invalidate()  # "as long as you have the city's blessing" (CR 611.3a)
    g.log_event(f"{p.name} gets the city's blessing")


def check_ascend(g: Game) -> None:
    """CR 702.131b: each player without the city's blessing who controls a permanent with
    ascend and ten or more permanents gets it."""
    counts: dict[int, int] = {}
    for oid in g.battlefield:
        ctl = g.objects[oid].controller
        counts[ctl] = counts.get(ctl, 0) + 1
    for p in sorted(counts):
        if counts[p] < BLESSING_PERMANENTS or g.players[p].blessed:
            continue
        if any(g.objects[o].controller == p and "ascend" in g.chars(o).keywords for o in g.battlefield):
            _bless(g, p)


def spell_ascend(g: Game, item: StackItem) -> None:
    """CR 702.131a: an instant or sorcery spell with ascend, as it resolves."""
    if item.kind != "spell" or item.obj_id is None or item.obj_id not in g.objects:
        return
    card = g.objects[item.obj_id].card
    if "ascend" not in card.keywords or not (card.types & {"Instant", "Sorcery"}):
        return
    p = item.controller
    if not g.players[p].blessed and sum(1 for o in g.battlefield if g.objects[o].controller == p) \
            >= BLESSING_PERMANENTS:
        _bless(g, p)
