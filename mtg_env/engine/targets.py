"""targets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocab import (
    TargetSpec,
    Triggered,
)
from ..core.actions import Action
from ..core.objects import (
    Context,
    GameObject,
    Ref,
    StackItem,
)
from .layers import Chars
from .tasks import Task

if TYPE_CHECKING:
    from .game import Game

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _choose_targets(g: Game, t: Task, ctx: Context, specs: tuple[TargetSpec, ...], p: int) -> bool:
    ans = t.d["answer"]
    if ans is not None:
        t.d["answer"] = None
        if ans == "done":
            t.d["ti"] += 1
            t.d["chosen"] = []
        else:
            ctx.targets.append(ans)
            ctx.cost_info.setdefault("tspec", []).append(t.d["ti"])
            t.d["chosen"].append(ans)
    while t.d["ti"] < len(specs):
        spec = specs[t.d["ti"]]
        if len(t.d["chosen"]) >= spec.count:
            t.d["ti"] += 1
            t.d["chosen"] = []
            continue
        cands = [r for r in g.target_candidates(spec, ctx) if r not in t.d["chosen"]]
        acts = [g._target_action(r) for r in cands]
        if len(t.d["chosen"]) >= spec.least:
            acts.append(Action("done", "done choosing targets", payload="done"))
        g._ask("target", p, f"choose a target ({spec.label or spec.what.replace('_', ' ')}) "
                  f"for {ctx.source_name}", acts)
        return False
    return True


def _target_action(g: Game, ref: Ref) -> Action:
    label = g.ref_label(ref)
    return Action("target", f"target {label}", target=label, payload=ref)


def ref_label(g: Game, ref: Ref) -> str:
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


def _matches(g: Game, flt: str, oid: int, you: int) -> bool:
    """Does permanent `oid` match a filter such as "creature", "artifact_or_enchantment",
    "creature_you_control" or "colorless_nonland_permanent"?"""
    c = g.chars(oid)
    obj = g.objects[oid]
    return any(g._matches_part(part.split("_"), c, obj, you) for part in flt.split("_or_"))


def _matches_part(words: list[str], c: Chars, obj: GameObject, you: int) -> bool:
    for w in words:
        if w in ("control", "controls", "permanent"):
            continue
        if w == "you":
            if obj.controller != you:
                return False
        elif w == "opponent":
            if obj.controller == you:
                return False
        elif w == "colorless":
            if c.colors:
                return False
        elif w in COLOR_WORDS:
            if COLOR_WORDS[w] not in c.colors:
                return False
        elif w.startswith("non"):
            t = w[3:]
            if t == "token":
                if obj.token:
                    return False
            elif t.capitalize() in c.types or t.capitalize() in c.subtypes or t.capitalize() in c.supertypes:
                return False
        elif w.capitalize() not in c.types and w.capitalize() not in c.subtypes and \
                w.capitalize() not in c.supertypes:
            return False
    return True


def target_candidates(g: Game, spec: TargetSpec, ctx: Context) -> list[Ref]:
    what = spec.what
    you = ctx.controller
    out: list[Ref] = []
    objs = what == "any" or not (what in ("player", "opponent", "spell", "creature_spell")
                                 or what.startswith(("card:", "ability", "triggered_ability",
                                                     "activated_or_triggered_ability"))
                                 or what.endswith("spell_you_control") or what == "instant_or_sorcery_spell")
    if objs:
        flt = "creature_or_planeswalker" if what == "any" else what
        for oid in g.battlefield:
            if oid == ctx.source_id and what.startswith("creature") and False:
                continue
            if g._matches(flt, oid, you) and g._targetable_by(oid, you) and \
                    not g.protected_from(oid, ctx.source_id):
                out.append(("obj", oid))
    if what in ("any", "player"):
        out += [("player", p.index) for p in g.players if not p.lost]
    elif what == "opponent":
        out += [("player", q) for q in g.opponents(you)]
    if what in ("spell", "creature_spell"):
        for item in g.stack:
            if item.kind == "spell" and item.ctx.source_id != ctx.source_id:
                if what == "creature_spell" and "Creature" not in g.chars(item.obj_id).types:  # type: ignore[arg-type]
                    continue
                out.append(("stack", item.id))
    if what.startswith("card:"):
        # a card in a zone: "card:<zone>:<you|opponent|any>:<types joined by _or_>"
        _c, zone, whose, types = what.split(":")
        for pl in g.players:
            if (whose == "you" and pl.index != you) or (whose == "opponent" and pl.index == you):
                continue
            for oid in g._zone_list(pl.index, zone):
                ctypes = g.objects[oid].card.types
                if types == "any" or any(t.capitalize() in ctypes for t in types.split("_or_")):
                    out.append(("obj", oid))
        return out
    if what.startswith(("ability", "triggered_ability", "activated_or_triggered_ability")):
        # abilities on the stack (CR 115.1): "..._you_control", "..._colorless" (its source)
        for item in g.stack:
            if item.kind != "ability":
                continue
            if what.startswith("triggered") and not isinstance(item.ability, Triggered):
                continue
            if "you_control" in what and item.controller != you:
                continue
            if "colorless" in what and g._source_colors(item):
                continue
            out.append(("stack", item.id))
    if what.endswith("spell_you_control") or what in ("instant_or_sorcery_spell",):
        for item in g.stack:
            if item.kind != "spell" or item.obj_id not in g.objects or item.id == ctx.cost_info.get("self_stack"):
                continue
            if "you_control" in what and item.controller != you:
                continue
            stypes = g.chars(item.obj_id).types
            if what.startswith("instant_or_sorcery") and not {"Instant", "Sorcery"} & stypes:
                continue
            if what.startswith("permanent") and not stypes & {"Artifact", "Creature", "Enchantment",
                                                              "Land", "Planeswalker", "Battle"}:
                continue
            out.append(("stack", item.id))
    return out


def _source_colors(g: Game, item: StackItem) -> frozenset[str]:
    """The colors of an ability's source (CR 113.7a: last known information if it left)."""
    src = item.ctx.source_id
    if src is not None and src in g.objects:
        return g.chars(src).colors
    lki = item.ctx.source_lki
    return frozenset(lki.get("colors", ())) if lki else frozenset()


def protected_from(g: Game, oid: int, source: int | None) -> bool:
    """Protection (CR 702.16): only "protection from multicolored" is supported so far."""
    kws = g.chars(oid).keywords
    if "protection from multicolored" not in kws or source is None or source not in g.objects:
        return False
    return len(g.chars(source).colors) >= 2


def _targetable_by(g: Game, oid: int, player: int) -> bool:
    """Hexproof (CR 702.11) and shroud (CR 702.18)."""
    kws = g.chars(oid).keywords
    if "shroud" in kws:
        return False
    return not ("hexproof" in kws and g.objects[oid].controller != player)


def is_legal_target(g: Game, spec: TargetSpec, ref: Ref, ctx: Context) -> bool:
    if ref[0] == "obj" and ref[1] not in g.objects:
        return False
    return ref in g.target_candidates(spec, ctx)


def _has_targets(g: Game, specs: tuple[TargetSpec, ...], ctx: Context) -> bool:
    return all(not (spec.least and len(g.target_candidates(spec, ctx)) < spec.least) for spec in specs)
