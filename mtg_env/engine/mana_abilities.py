"""mana_abilities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocab import (
    Activated,
    Ask,
    Triggered,
    effects_of,
)
from ..core.mana import (
    COLORS,
    TYPE_INDEX,
    TYPES,
    format_mana,
)
from ..core.objects import (
    Context,
)

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
    tapped = bool(ctx.cost_info.get("tapped_for_mana")) and ctx.source_id is not None
    if tapped:
        counts, ask = g._replace_mana(ctx, list(counts), step)
        if ask is not None:
            return ask
    p = g.players[ctx.controller if player is None else player]
    total = 0
    for i, n in enumerate(counts):
        if n > 0:
            p.pool.add(TYPES[i], n, restriction)
            total += n
    if total == 0:
        return None
    p.mana_produced += total
    g.log_event(f"{p.name} adds {format_mana(counts)} ({ctx.source_name})")
    if tapped:
        g.fire_tapped_for_mana(ctx.source_id, counts, ctx.controller)  # type: ignore[arg-type]
    return None


def fire_tapped_for_mana(g: Game, source: int, counts: list[int], player: int) -> None:
    """CR 106.12a: "is tapped for mana" triggers when the ability resolves and produces mana.
    Filters: "land" (a player taps a land), "land+you" (you tap a land), "enchanted" (the
    permanent the trigger's source enchants)."""
    if source not in g.objects:
        return
    for src, key, ab, origin in g._triggers_for("tapped_for_mana"):
        if g.tapped_trigger_applies(src, ab, source, player):
            g._queue_trigger(ab, src, key, origin,
                                {"object": source, "counts": list(counts), "player": player})


def tapped_trigger_applies(g: Game, src: int, ab: Triggered, source: int, player: int) -> bool:
    """Would `src`'s "tapped for mana" trigger trigger when `player` taps `source` for mana?"""
    flt = ab.filter or ""
    words = flt.split("+")
    if "enchanted" in words:
        return g.objects[src].attached_to == source
    if "you" in words:
        return g.objects[src].controller == player and "Land" in g.chars(source).types
    return g._filter_ok(ab.filter, src, source, g.chars(source))


def mana_modified(g: Game, source: int, player: int) -> bool:
    """Would tapping `source` for mana be changed by a replacement effect or add mana through a
    "tapped for mana" trigger? (Automatic payment leaves such sources to the player.)"""
    ctx = Context(player, source, g.name_of(source))
    ctx.cost_info["tapped_for_mana"] = True
    if any(g._mana_replacement_applies(oid, ab, ctx) for oid, ab in g._statics("mana_replacement")):
        return True
    return any(g.tapped_trigger_applies(src, ab, source, player)
               for src, _key, ab, _origin in g._triggers_for("tapped_for_mana"))


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
            types = g._types_after_replacements(ctx, types)
        out |= types
    return out


def _types_after_replacements(g: Game, ctx: Context, types: set[str]) -> set[str]:
    """Types that "tapped for mana" replacement effects could turn `types` into, over every
    order in which they could apply (CR 106.7, 616.1)."""
    ctx.cost_info["tapped_for_mana"] = True
    reps = [ab for oid, ab in g._statics("mana_replacement")
            if g._mana_replacement_applies(oid, ab, ctx)]
    if not reps:
        return types
    import itertools
    distinct = list({(ab.args[0], ab.args[1]): ab for ab in reps}.values())
    out: set[str] = set()
    for t in types:
        for order in itertools.permutations(distinct):
            counts = [0] * 6
            counts[TYPE_INDEX[t]] = 1
            for ab in order:
                counts = g._apply_mana_replacement(ab, counts)
            out |= {TYPES[i] for i, n in enumerate(counts) if n}
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
            types |= g.could_produce(oid, seen)
    if colors_only:
        types.discard("C")
    return [t for t in TYPES if t in types]


def chosen_color(g: Game, ctx: Context) -> str | None:
    obj = g.objects.get(ctx.source_id) if ctx.source_id is not None else None
    if obj is not None and obj.info:
        return obj.info.get("chosen_color")
    return ctx.event.get("chosen_color")


def commander_identity(g: Game, player: int) -> list[str]:
    """Colors in the player's commanders' color identity (none outside Commander: CR 903.4f)."""
    ident = g.commander_colors.get(player, "")
    return [c for c in COLORS if c in ident]


def spend_tags(g: Game, player: int, what: str, oid: int | None) -> frozenset[str]:
    """Restrictions (CR 106.6) that allow mana to be spent on this spell or ability."""
    if oid is None or oid not in g.objects:
        return frozenset()
    tags = set()
    if "Artifact" in g.chars(oid).types:
        tags.add("artifact")
    return frozenset(tags)
