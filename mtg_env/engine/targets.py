"""Targets (CR 115): what a spell or ability may target, choosing targets, and their labels.

A target spec's filter (core/filters.py) says what it may be and where to look: permanents on
the battlefield, players, spells and abilities on the stack, or cards in a zone. A permanent
with shroud, or hexproof against an opponent, can't be targeted (CR 702.18, 702.11), nor one
with protection from the source's quality (CR 702.16b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import TargetSpec
from ..core.actions import Action
from ..core.chars import Chars
from ..core.filters import BATTLEFIELD, PLAYERS, STACK, Filter
from ..core.objects import Context, Ref, StackItem
from . import zones
from .tasks import Announce, PlaceTriggers

if TYPE_CHECKING:
    from collections.abc import Callable

    from .game import Game


def matches(g: Game, flt: Filter, oid: int, you: int, source: int | None = None) -> bool:
    """Does the object `oid` match `flt`, relative to player `you` and object `source`?"""
    o = g.objects[oid]
    return flt.obj(g, o, g.chars(oid), you, source)


def candidates(g: Game, spec: TargetSpec, ctx: Context, at: int | None = None,
               picks: list[tuple[int, Ref]] | None = None) -> list[Ref]:
    """Every legal target for `spec` now, for a spell or ability with context `ctx`: the
    battlefield first, then players, the stack and cards in zones. A spec `related` to another
    (cards/relations.py) is judged against the target chosen for that spec, `at` being its own
    index among the specs and `picks` the (spec index, target) pairs chosen (the context's by
    default); with no index it has no legal target."""
    out = _candidates(g, spec, ctx)
    rel = spec.related
    if rel is None:
        return out
    if at is None:
        return []
    other = related_target(picks_of(ctx) if picks is None else picks, at + rel.offset)
    if other is None:
        return out  # not chosen yet: the choice of that target will be judged against this one
    if other[0] != "obj":
        return []
    return [r for r in out if r[0] == "obj" and rel.check(g, r[1], other[1])]


def picks_of(ctx: Context) -> list[tuple[int, Ref]]:
    """(spec index, target) for each target chosen (by position without a record of specs)."""
    if len(ctx.target_specs) == len(ctx.targets):
        return list(zip(ctx.target_specs, ctx.targets, strict=True))
    return list(enumerate(ctx.targets))


def related_target(picks: list[tuple[int, Ref]], spec_index: int) -> Ref | None:
    """The target chosen for the spec `spec_index` among `picks`, if there is one."""
    for s, r in picks:
        if s == spec_index:
            return r
    return None


def _candidates(g: Game, spec: TargetSpec, ctx: Context) -> list[Ref]:
    flt = spec.filter
    you = ctx.controller
    source = ctx.source_id
    where = spec.where
    out: list[Ref] = []
    if BATTLEFIELD in where:
        for oid in g.battlefield:
            if flt.obj(g, g.objects[oid], g.chars(oid), you, source) and targetable_by(g, oid, you) and \
                    not protected_from(g, oid, source):
                out.append(("obj", oid))
    if PLAYERS in where:
        out += [("player", p.index) for p in g.players if flt.player(g, p.index, you)]
    if STACK in where:
        # CR 115.5: a spell or ability on the stack is an illegal target for itself
        out += [("stack", s.id) for s in g.stack if s.ctx is not ctx and flt.item(g, s, you, source)]
    for zone in sorted(where - {BATTLEFIELD, PLAYERS, STACK}):
        for pl in g.players:
            for oid in zones.zone_list(g, pl.index, zone):
                if flt.obj(g, g.objects[oid], g.chars(oid), you, source):
                    out.append(("obj", oid))
    return out


def is_legal_target(g: Game, spec: TargetSpec, ref: Ref, ctx: Context, at: int | None = None) -> bool:
    """Is `ref` a legal target for `spec` (the `at`th spec) now (CR 608.2b)?"""
    if ref[0] == "obj" and ref[1] not in g.objects:
        return False
    return ref in candidates(g, spec, ctx, at)


def _linked(specs: tuple[TargetSpec, ...]) -> bool:
    """Do the specs' choices depend on each other ("another target", related targets)?"""
    return any(s.distinct or s.related is not None for s in specs)


def has_targets(g: Game, specs: tuple[TargetSpec, ...], ctx: Context) -> bool:
    """Enough legal targets for every spec (CR 601.2c, 603.3d)."""
    if _linked(specs):
        return _fillable(g, specs, ctx, 0, 0, [], [])
    return all(not spec.least or _at_least(g, spec, ctx, spec.least) for spec in specs)


def _at_least(g: Game, spec: TargetSpec, ctx: Context, least: int) -> bool:
    """Has `spec` (not related to another) at least `least` legal targets? The candidates of
    `_candidates`, counted until there are enough: players and the stack first (fewer to look
    at), then the battlefield and the other zones."""
    flt = spec.filter
    you = ctx.controller
    source = ctx.source_id
    where = spec.where
    n = 0
    if PLAYERS in where:
        for p in g.players:
            if flt.player(g, p.index, you):
                n += 1
                if n >= least:
                    return True
    if STACK in where:
        for s in g.stack:
            if s.ctx is not ctx and flt.item(g, s, you, source):  # CR 115.5
                n += 1
                if n >= least:
                    return True
    if BATTLEFIELD in where:
        objects = g.objects
        for oid in g.battlefield:
            if flt.obj(g, objects[oid], g.chars(oid), you, source) and targetable_by(g, oid, you) and \
                    not protected_from(g, oid, source):
                n += 1
                if n >= least:
                    return True
    for zone in where - {BATTLEFIELD, PLAYERS, STACK}:
        for pl in g.players:
            for oid in zones.zone_list(g, pl.index, zone):
                if flt.obj(g, g.objects[oid], g.chars(oid), you, source):
                    n += 1
                    if n >= least:
                        return True
    return False


def _fillable(g: Game, specs: tuple[TargetSpec, ...], ctx: Context, i: int, have: int, in_spec: list[Ref],
              used: list[tuple[int, Ref]]) -> bool:
    """Can specs[i:] still get their least targets, `have` of spec i chosen already (`in_spec`),
    with "another target" specs avoiding the targets `used` so far (with the specs they were
    chosen for: related targets are judged against them)?"""
    if i == len(specs):
        return True
    spec = specs[i]
    if have >= spec.least:
        return _fillable(g, specs, ctx, i + 1, 0, [], used)
    for r in candidates(g, spec, ctx, i, used):
        if r in in_spec or (spec.distinct and any(r == u for _s, u in used)):
            continue
        if _fillable(g, specs, ctx, i, have + 1, in_spec + [r], used + [(i, r)]):
            return True
    return False


def targetable_by(g: Game, oid: int, player: int) -> bool:
    """Hexproof (CR 702.11) and shroud (CR 702.18)."""
    kws = g.chars(oid).keywords
    if "shroud" in kws:
        return False
    return not ("hexproof" in kws and g.objects[oid].controller != player)


#: the qualities protection (CR 702.16a) is from, as keywords: "protection from red"
PROTECTION_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def protected_from(g: Game, oid: int, source: int | None) -> bool:
    """Protection (CR 702.16) from the qualities of `source`, as it is now or as it last existed
    on the battlefield (CR 113.7a): from a color (702.16a), from multicolored, from creatures
    (a creature source), from artifacts, from everything (702.16j)."""
    kws = g.chars(oid).keywords
    if source is None or not any(k.startswith("protection from ") for k in kws):
        return False
    if "protection from everything" in kws:
        return True
    c = g.last_known(source)
    if c is None:
        return False
    if "protection from multicolored" in kws and len(c.colors) >= 2:
        return True
    if "protection from creatures" in kws and "Creature" in c.types:
        return True
    if "protection from artifacts" in kws and "Artifact" in c.types:
        return True
    return any(f"protection from {w}" in kws and sym in c.colors for w, sym in PROTECTION_COLORS.items())


#: what a filter judges a source by when nothing is known of it
NOTHING_KNOWN = Chars("", frozenset(), (), frozenset(), frozenset(), None, None, 0, [], frozenset())


def stack_source_chars(g: Game, item: StackItem) -> Chars:
    """The characteristics of an ability's source: as it is now, or as it last existed on the
    battlefield if it has left (CR 113.7a, 608.2h)."""
    src = item.ctx.source_id
    c = g.last_known(src) if src is not None else None
    return c if c is not None else NOTHING_KNOWN


# ---------------------------------------------------------------------------------------------
# choosing targets (CR 601.2c, 603.3d)


def choose_targets(g: Game, t: Announce | PlaceTriggers, ctx: Context, specs: tuple[TargetSpec, ...],
                   p: int, more: Callable[[int], bool] | None = None) -> bool:
    """One target at a time, spec after spec; "done" ends a spec with a variable number of
    targets. True when every target is chosen. `more(n)`: whether the spell could still be
    paid for with `n` targets (strive); a target it couldn't is not offered."""
    ans = t.answer
    if ans is not None:
        t.answer = None
        if ans == "done":
            t.spec_index += 1
            t.chosen = []
        else:
            ctx.targets.append(ans)
            ctx.target_specs.append(t.spec_index)
            t.chosen.append(ans)
    while t.spec_index < len(specs):
        spec = specs[t.spec_index]
        if len(t.chosen) >= spec.count:
            t.spec_index += 1
            t.chosen = []
            continue
        cands = [r for r in candidates(g, spec, ctx, t.spec_index) if r not in t.chosen]
        if more is not None and cands and not more(len(ctx.targets) + 1):
            cands = []
        if _linked(specs):
            # "another target", related targets: only choices that leave every later target possible
            picks = picks_of(ctx)
            cands = [r for r in cands if not (spec.distinct and r in ctx.targets) and _fillable(
                g, specs, ctx, t.spec_index, len(t.chosen) + 1, t.chosen + [r], picks + [(t.spec_index, r)])]
        acts = [target_action(g, r) for r in cands]
        if len(t.chosen) >= spec.least:
            acts.append(Action("done", "done choosing targets", payload="done"))
        g.ask("target", p, f"choose a target ({spec.phrase}) for {ctx.source_name}", acts)
        return False
    return True


def target_action(g: Game, ref: Ref) -> Action:
    label = ref_label(g, ref)
    return Action("target", f"target {label}", target=label, payload=ref)


def ref_label(g: Game, ref: Ref) -> str:
    """How labels name a target: a permanent's or card's name, a player's name, a spell's name
    or "ability: <source>: <text>"."""
    kind, i = ref
    if kind == "player":
        return g.players[i].name
    if kind == "stack":
        for item in g.stack:
            if item.id == i:
                if item.kind == "spell":
                    return item.ctx.source_name
                return f"ability: {item.ctx.source_name}: {item.text}"
        return "?"
    return g.name_of(i)
