"""Player designations: the city's blessing (CR 702.131) and the monarch (CR 724).

Ascend on a permanent is a static ability (CR 702.131b): its controller gets the city's
blessing the moment they control ten or more permanents while they control it. The number of
permanents a player controls grows only when a permanent enters the battlefield or changes
control, so the check runs then (zones.py, primitives.py), for a player who has controlled a
permanent with ascend, and the blessing, once had, stays
for the rest of the game (CR 702.131c). Ascend on an instant or sorcery is a spell ability
(CR 702.131a), checked as the spell resolves, before its other effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.objects import Event, StackItem
from . import copies

if TYPE_CHECKING:
    from .game import Game

#: CR 702.131a: ten or more permanents
BLESSING_PERMANENTS = 10


def _bless(g: Game, player: int) -> None:
    p = g.players[player]
    p.blessed = True
    g.invalidate()  # "as long as you have the city's blessing" (CR 611.3a)
    g.log_event(f"{p.name} gets the city's blessing")


def permanent_arrived(g: Game, oid: int) -> None:
    """A permanent entered or changed control (CR 702.131b): its controller may now control
    ten permanents, or a permanent with ascend. Only a player who has controlled a permanent
    with ascend (printed or copied: no effect grants it) is counted, so that games without
    ascend pay nothing for it."""
    obj = g.objects.get(oid)
    if obj is None:
        return
    p = g.players[obj.controller]
    if p.blessed:
        return
    if not p.ascend_seen and "ascend" in copies.card_of(g, obj).keywords:
        p.ascend_seen = True
    if p.ascend_seen:
        check_ascend(g, obj.controller)


def check_ascend(g: Game, player: int) -> None:
    """CR 702.131b: the player, without the city's blessing, who controls a permanent with
    ascend and ten or more permanents gets it."""
    if g.players[player].blessed:
        return
    mine = [o for o in g.battlefield if g.objects[o].controller == player]
    if len(mine) >= BLESSING_PERMANENTS and any("ascend" in g.chars(o).keywords for o in mine):
        _bless(g, player)


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


# ---------------------------------------------------------------------------------------------
# the monarch (CR 724): a marker object in the monarch's command zone (cards/monarch.py)


def monarch(g: Game) -> int | None:
    """The player who is the monarch, or None (CR 724.1)."""
    from ..cards.monarch import is_monarch
    return next((p.index for p in g.players if is_monarch(g, p.index)), None)


def become_monarch(g: Game, player: int) -> None:
    """CR 724.3: the player becomes the monarch; whoever was stops being it."""
    from ..cards.monarch import MONARCH, monarch_def
    p = g.players[player]
    if p.lost or p.left:
        return
    now = monarch(g)
    if now == player:
        return
    if now is not None:
        old = g.players[now]
        for oid in [o for o in old.command if g.objects[o].card.name == MONARCH]:
            old.command.remove(oid)
            del g.objects[oid]
            g.disown(oid)
    from . import zones
    zones.new_object(g, monarch_def(), player, "command")
    g.invalidate()
    g.log_event(f"{p.name} becomes the monarch")


def monarch_dealt_combat_damage(g: Game, src: int, player: int, event: Event) -> None:
    """CR 724.2: "Whenever a creature deals combat damage to the monarch, its controller
    becomes the monarch." (queued for each creature that deals it; `defender` keeps the
    creature's controller as it dealt the damage)."""
    from ..cards.monarch import DAMAGE_TRIGGER, MONARCH
    if src not in g.objects or not g.is_creature(src):
        return
    marker = next((o for o in g.players[player].command if g.objects[o].card.name == MONARCH), None)
    if marker is None:
        return
    from . import triggers
    ev = event.copy()
    ev.defender = g.objects[src].controller
    triggers.queue_trigger(g, DAMAGE_TRIGGER, marker, "monarch", None, ev)


def monarch_leaves(g: Game, player: int, was_monarch: bool) -> None:
    """CR 724.4: when the monarch leaves the game, the active player becomes the monarch; if
    the monarch leaves during their own turn, the next player in turn order does."""
    if not was_monarch:
        return
    n = len(g.players)
    start = g.turn_state.active
    for k in range(n):
        q = (start + k) % n
        if q != player and not g.players[q].lost and not g.players[q].left:
            become_monarch(g, q)
            return
