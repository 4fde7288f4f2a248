"""Mana abilities and the mana they make (CR 106, 605).

Producing mana (CR 106.4) goes through the replacement effects on mana (CR 106.12b,
engine/replacement.py) and then fires "tapped for mana" triggers (CR 106.12a). What a permanent
"could produce" (CR 106.7) is worked out from its mana abilities' effects, ignoring costs, over
every order of the replacement effects; lands that look at each other (Reflecting Pool,
Exotic Orchard) terminate because a permanent already being asked about adds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Activated, TriggerEvent, effects_of
from ..cards.effects import Ask
from ..core.mana import COLORS, TYPES, format_mana
from ..core.objects import Context
from . import limits, replacement, triggers

if TYPE_CHECKING:
    from .game import Game


def produce_mana(g: Game, ctx: Context, counts: list[int], restriction: str | None = None,
                 step: int | None = None, player: int | None = None) -> Ask | None:
    """Add mana to the controller's pool (CR 106.4).

    If this is a mana ability with {T} in its cost, the source was tapped for mana
    (CR 106.12): replacement effects on "tapped for mana" modify the event first
    (CR 106.12b, 614), in the order the affected player chooses where different effects
    apply (CR 616.1; asked only with a `step`, else in timestamp order), then "tapped for
    mana" triggers fire (CR 106.12a)."""
    tapped = ctx.tapped_for_mana and ctx.source_id is not None
    if tapped:
        counts, ask = replacement.replace_mana(g, ctx, list(counts), step)
        if ask is not None:
            return ask
    p = g.players[ctx.controller if player is None else player]
    total = 0
    for i, n in enumerate(counts):
        if n > 0:
            p.pool.add(TYPES[i], n, restriction)
            total += n
            limits.check_amount(max([p.pool.counts[i], *(r.amount for r in p.pool.restricted)]), "mana")
    if total == 0:
        return None
    p.mana_produced += total
    g.log_event(f"{p.name} adds {format_mana(counts)} ({ctx.source_name})")
    if tapped:
        triggers.tapped_for_mana(g, ctx.source_id, counts, ctx.controller)  # type: ignore[arg-type]
    return None


def mana_modified(g: Game, source: int, player: int) -> bool:
    """Would tapping `source` for mana be changed by a replacement effect or add mana through a
    "tapped for mana" trigger? (Automatic payment leaves such sources to the player.)"""
    ctx = Context(player, source, g.name_of(source))
    ctx.tapped_for_mana = True
    if replacement.mana_replacements(g, ctx):
        return True
    return any(triggers.tapped_trigger_applies(g, src, ab, source, player)
               for src, _key, ab, _origin in g.triggers_for(TriggerEvent.TAPPED_FOR_MANA))


def could_produce(g: Game, oid: int, seen: frozenset[int] = frozenset()) -> set[str]:
    """The types of mana permanent `oid` could produce: every type an ability of it would
    produce if it resolved now, taking replacement effects into account in any possible
    order, ignoring costs (CR 106.7). `seen` holds the permanents already being asked about
    on this path, so lands that look at each other terminate (and don't help each other)."""
    if oid in seen or oid not in g.objects:
        return set()
    seen = seen | {oid}
    obj = g.objects[oid]
    c = g.chars(oid)
    out: set[str] = set()
    for _key, ab, _origin in c.abilities:
        if not isinstance(ab, Activated) or not ab.is_mana_ability:
            continue
        ctx = Context(obj.controller, oid, c.name)
        types: set[str] = set()
        for e in effects_of(ab, ctx):
            fn = getattr(e, "could_produce", None)
            if fn is not None:
                types |= fn(g, ctx, seen)
        if types and ab.cost.tap:
            types = replacement.types_after_replacements(g, ctx, types)
        out |= types
    return out


def lands_could_produce(g: Game, player: int, opponents: bool, seen: frozenset[int],
                        colors_only: bool) -> list[str]:
    """What lands `player` controls (or an opponent controls) could produce, in WUBRGC order."""
    types: set[str] = set()
    for oid in g.battlefield:
        obj = g.objects[oid]
        if (obj.controller != player) != opponents:
            continue
        if opponents and g.players[obj.controller].lost:
            continue
        if "Land" in g.chars(oid).types:
            types |= could_produce(g, oid, seen)
    if colors_only:
        types.discard("C")
    return [t for t in TYPES if t in types]


def chosen_color(g: Game, ctx: Context) -> str | None:
    """The color chosen as the ability's source entered (CR 614.12; Utopia Sprawl)."""
    obj = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
    if obj is not None and obj.info:
        return obj.info.get("chosen_color")
    return None


def commander_identity(g: Game, player: int) -> list[str]:
    """Colors in the player's commanders' color identity (none outside Commander: CR 903.4f)."""
    ident = g.commander.colors.get(player, "")
    return [c for c in COLORS if c in ident]
