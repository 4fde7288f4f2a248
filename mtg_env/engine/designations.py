"""Player designations: the city's blessing (CR 702.131) and the monarch (CR 724).

Ascend on a permanent is a static ability (CR 702.131b): its controller gets the city's
blessing the moment they control ten or more permanents while they control it. The number of
permanents a player controls grows only when a permanent enters the battlefield or changes
control, so the check runs then (zones.py, primitives.py), and the blessing, once had, stays
for the rest of the game (CR 702.131c). Ascend on an instant or sorcery is a spell ability
(CR 702.131a), checked as the spell resolves, before its other effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.objects import Event, StackItem

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
