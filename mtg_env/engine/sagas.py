"""Sagas (CR 714): lore counters and chapter abilities.

- As a Saga enters the battlefield, its controller puts a lore counter on it (CR 714.3a; read
  ahead is not supported: the compiler declines it); as a player's precombat main phase begins,
  they put a lore counter on each Saga they control with one or more chapter abilities
  (CR 714.3b, a turn-based action).
- A chapter ability N triggers when lore counters are put onto the Saga (as it enters too,
  CR 122.6) and their number was less than N and became at least N (CR 714.2b).
- State-based action (CR 714.4): a Saga with one or more chapter abilities and at least as many
  lore counters as its final chapter number (CR 714.2d) is sacrificed, unless it is the source
  of a chapter ability that has triggered but not yet left the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Chapter
from ..core.objects import BATTLEFIELD, Event
from . import primitives, triggers

if TYPE_CHECKING:
    from ..core.chars import Chars
    from .game import Game

LORE = "lore"


def final_chapter(c: Chars) -> int:
    """CR 714.2d: the greatest chapter number among its chapter abilities (0 without any)."""
    return max((ab.chapter for _k, ab, _o in c.abilities if isinstance(ab, Chapter)), default=0)


def lore_added(g: Game, oid: int, before: int, after: int) -> None:
    """CR 714.2b: the chapter abilities whose number was passed trigger, in the order the Saga
    has them (its controller orders them as they are put on the stack, CR 603.3b)."""
    obj = g.objects.get(oid)
    if obj is None or obj.zone != BATTLEFIELD or after <= before:
        return
    for key, ab, origin in g.chars(oid).abilities:
        if isinstance(ab, Chapter) and before < ab.chapter <= after:
            triggers.queue_trigger(g, ab, oid, key, origin, Event(ab.events[0], object=oid))
    g.sba_dirty = True


def precombat_main(g: Game, player: int) -> None:
    """CR 714.3b: a lore counter on each Saga `player` controls with a chapter ability."""
    for oid in list(g.battlefield):
        obj = g.objects.get(oid)
        if obj is None or obj.controller != player:
            continue
        c = g.chars(oid)
        if "Saga" in c.subtypes and final_chapter(c):
            g.log_event(f"{g.players[player].name} puts a lore counter on {c.name}")
            primitives.add_counters(g, oid, LORE, 1)


def _chapter_waiting(g: Game, oid: int) -> bool:
    if any(pt.source_id == oid and isinstance(pt.ability, Chapter) for pt in g.pending_triggers):
        return True
    return any(item.kind == "ability" and item.obj_id == oid and isinstance(item.ability, Chapter)
               for item in g.stack)


def finished(g: Game, chars: dict[int, Chars]) -> list[int]:
    """CR 714.4: the Sagas to sacrifice now."""
    out = []
    for oid in g.battlefield:
        c = chars[oid]
        if "Saga" not in c.subtypes:
            continue
        n = final_chapter(c)
        if n and g.objects[oid].counters.get(LORE, 0) >= n and not _chapter_waiting(g, oid):
            out.append(oid)
    return out
