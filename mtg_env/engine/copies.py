"""Copies (CR 707): copiable values of permanents, and copies of spells and abilities.

A permanent that entered as a copy (Clone, CR 707.2) remembers the card it copies and the
copy effects' exceptions (CR 707.9) in its `info`; an Aura that makes the creature it enchants
a copy (Metamorphic Alteration) remembers them as `chosen_copy`, and the latest copy effect
applies (`copy_effect`, CR 613.7). The layer system starts a permanent's characteristics from
them (layer 1, engine/layers.py). A copy of a spell or ability is created on the stack
with every choice made for the original (CR 707.10), and its controller may choose new targets
(CR 707.10c).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..cards.abilities import targets_of
from ..cards.carddef import CardDef, card_by_key
from ..cards.chosen import EnchantedIsCopy
from ..cards.effects import Ask
from ..cards.facedown import FACE_DOWN
from ..cards.subjects import TARGET
from ..cards.tokens import TokenDef
from ..core.objects import BATTLEFIELD, STACK, Context, GameObject, StackItem
from . import casting, resolution, targets, triggers

if TYPE_CHECKING:
    from ..cards.abilities import TargetSpec
    from ..core.objects import Ref
    from .game import Game


#: what a copy effect gives: the card copied (its key, or a token's definition) and the cards
#: whose copy exceptions apply (CR 707.9b)
CopyValues = tuple["str | CardDef", tuple[str, ...]]


def aura_copies(g: Game) -> dict[int, tuple[int, CopyValues]]:
    """The copy effects of Auras' "Enchanted creature is a copy of the chosen creature."
    (Metamorphic Alteration, CR 707.2, 613.2a): by the permanent each is attached to, the
    latest one (CR 613.7a: the Aura's timestamp; 613.7: later copy effects apply after
    earlier ones) with the copiable values its Aura remembered as it entered."""
    out: dict[int, tuple[int, CopyValues]] = {}
    for oid in g.battlefield:
        aura = g.objects[oid]
        info = aura.info
        if not info or "chosen_copy" not in info or aura.attached_to is None:
            continue
        if not any(isinstance(ab, EnchantedIsCopy) for ab in _own_card(aura).abilities):
            continue
        host = aura.attached_to
        if host in g.objects and g.objects[host].zone == BATTLEFIELD and \
                (host not in out or out[host][0] < aura.timestamp):
            out[host] = (aura.timestamp, info["chosen_copy"])
    return out


def copy_effect(g: Game, obj: GameObject, auras: dict[int, tuple[int, CopyValues]] | None = None
                ) -> CopyValues | None:
    """The copy effect that applies last to `obj` (CR 613.7), None without one: its own (it
    entered as a copy, Clone: its timestamp) or an Aura's on it (`aura_copies`, given when
    already worked out for the whole battlefield)."""
    own: CopyValues | None = None
    if obj.info and "copy_of" in obj.info:
        own = (obj.info["copy_of"], tuple(obj.info.get("copy_except", ())))
    if obj.zone != BATTLEFIELD:
        return own
    if auras is None:
        auras = aura_copies(g) if _any_aura_copy(g) else {}
    got = auras.get(obj.id)
    if got is None or (own is not None and got[0] < obj.timestamp):
        return own
    return got[1]


def _any_aura_copy(g: Game) -> bool:
    for oid in g.battlefield:
        info = g.objects[oid].info
        if info and "chosen_copy" in info:
            return True
    return False


def _own_card(obj: GameObject) -> CardDef:
    """The card whose copiable values `obj` has by its own copy effect alone (an Aura's
    abilities, judged without Auras on the Aura)."""
    if obj.info and "copy_of" in obj.info:
        copied = obj.info["copy_of"]
        return copied if isinstance(copied, CardDef) else card_by_key(copied)
    return obj.card


def card_of(g: Game, obj: GameObject, auras: dict[int, tuple[int, CopyValues]] | None = None) -> CardDef:
    """The card whose copiable values an object has: the card copied by a copy effect
    (CR 707.2; Clone, or an Aura's copy effect on it), else its own. A face-down permanent has
    the face-down values whatever it copies (CR 708.10)."""
    if obj.card is FACE_DOWN:
        return FACE_DOWN
    effect = copy_effect(g, obj, auras)
    if effect is not None:
        copied = effect[0]
        if isinstance(copied, CardDef):
            return copied  # a token an effect defined (cards/tokens.py)
        card = card_by_key(copied)
        if card.mv is not None and card.whole is not None and card.whole.layout == "transform":
            return _copied_back_face(card)
        return card
    return obj.card


_BACK_FACES: dict[str, CardDef] = {}


def _copied_back_face(face: CardDef) -> CardDef:
    """A copy of a transforming card's back face has mana value 0 (CR 712.8e)."""
    got = _BACK_FACES.get(face.key)
    if got is None:
        got = _BACK_FACES[face.key] = dataclasses.replace(face, mv=0)
    return got


def copiable_values(g: Game, obj: GameObject) -> tuple[str | CardDef, tuple[str, ...]]:
    """What a copy of `obj` copies (CR 707.2, 707.3): the card it is or copies (by its key, a
    double-faced card's face up, CR 707.8; or the definition of a token an effect defined, CR
    111.3, which no name finds), and the cards whose copy effects' exceptions it has (CR
    707.9b: exceptions are copiable values too). A face-down permanent's are the face-down
    values (CR 708.2, 707.2)."""
    if obj.card is FACE_DOWN:
        return FACE_DOWN, ()
    effect = copy_effect(g, obj)
    if effect is not None:
        return effect
    return (obj.card if isinstance(obj.card, TokenDef) else obj.card.key), ()


def copy_onto_stack(g: Game, ctx: Context, step: int, which: str, new_targets: bool,
                    card: CardDef | None = None) -> Ask | None:
    """CR 707.10: put a copy of a spell or ability on the stack (see effects.CopyStackItem).
    Asks first (whether to choose new targets, then each target), then creates the copy.
    `card`: the spell's card as it was, for a copy made after the spell has left the stack
    (storm, CR 608.2h)."""
    if which == "event":
        orig = ctx.event.item if ctx.event is not None else None
    else:
        refs = TARGET.refs(g, ctx)
        orig = next((s for s in g.stack if refs and refs[0] == ("stack", s.id)), None)
    if orig is None:
        return None
    base = step * 100
    copier = ctx.controller
    gone = orig.kind == "spell" and orig.obj_id not in g.objects
    if gone and card is None:
        return None
    if gone:
        assert card is not None
        specs = targets_of(card.spell_ability, orig.ctx) if card.spell_ability is not None \
            else casting.spell_targets(card)
    else:
        specs = resolution.item_specs(g, orig)
        card = g.objects[orig.obj_id].card if orig.kind == "spell" and orig.obj_id is not None else None
    n = len(orig.ctx.targets)
    permanent_spell = orig.kind == "spell" and card is not None and card.is_permanent
    if n and new_targets and not permanent_spell:
        change = ctx.answers.get(base)
        if change is None:
            return Ask("yes_no", copier, (True, False), ("yes", "no"),
                       f"choose new targets for the copy of {orig.ctx.source_name}?", key=base)
        if change:
            probe = orig.ctx.clone()
            probe.controller = copier
            for i in range(n):
                if base + 1 + i in ctx.answers:
                    continue
                current = orig.ctx.targets[i]
                chosen = [ctx.answers[base + 1 + j] if ctx.answers[base + 1 + j] != "keep"
                          else orig.ctx.targets[j] for j in range(i)]
                spec = resolution.spec_for(specs, orig.ctx, i) if specs else None
                at = resolution.spec_index(specs, orig.ctx, i) if specs else None
                picks = [(resolution.spec_index(specs, orig.ctx, j), r) for j, r in enumerate(chosen)]
                cands = [r for r in (targets.candidates(g, spec, probe, at, picks) if spec else [])
                         if r != current and r not in chosen and r not in orig.ctx.targets[i + 1:]]
                if spec is not None and at is not None:
                    cands = [r for r in cands if _related_fit(g, specs, orig.ctx, probe, i, picks + [(at, r)])]
                keep = spec is None or at is None or _relation_holds(g, spec, at, current, picks)
                if not cands:
                    ctx.answers[base + 1 + i] = "keep"  # no new legal target: it stays
                    continue
                opts = ("keep", *cands) if keep else tuple(cands)
                labels = ((f"keep target {targets.ref_label(g, current)}",) if keep else ()) + \
                    tuple(f"target {targets.ref_label(g, r)}" for r in cands)
                return Ask("target", copier, opts, labels,
                           f"new target {i + 1} of {n} for the copy of {orig.ctx.source_name}",
                           key=base + 1 + i)
    cctx = orig.ctx.clone()
    cctx.controller = copier
    cctx.answers = {}
    cctx.target_legal = None
    cctx.enters = None
    cctx.copy = True
    if n and ctx.answers.get(base):
        cctx.targets = [orig.ctx.targets[i] if ctx.answers.get(base + 1 + i, "keep") == "keep"
                        else ctx.answers[base + 1 + i] for i in range(n)]
    sid = casting.new_stack_id(g)
    if orig.kind == "spell":
        assert card is not None
        oid = g.next_id
        g.next_id += 1
        g.ts += 1
        obj = GameObject(oid, card, copier, STACK, g.ts)
        obj.token = True  # a copied permanent spell becomes a token (CR 707.10f, 111.1)
        obj.x = cctx.x
        g.objects[oid] = obj
        g.own(oid)
        cctx.source_id = oid
        copy = StackItem(sid, "spell", oid, orig.ability, orig.ability_key, cctx, orig.text, copy=True)
    else:
        copy = StackItem(sid, "ability", orig.obj_id, orig.ability, orig.ability_key, cctx, orig.text,
                         copy=True)
    g.stack.append(copy)
    g.log_event(f"{g.players[copier].name} copies {orig.ctx.source_name}: {orig.text}"
                f"{casting.targets_text(g, cctx)}")
    triggers.becomes_target(g, cctx, copy)  # a copy targeting a permanent makes it "become the target" (ward)
    if copy.kind == "spell":
        triggers.spell_copied(g, copier, copy)
    return None


def _related_fit(g: Game, specs: tuple[TargetSpec, ...], octx: Context, probe: Context, i: int,
                 picks: list[tuple[int, Ref]]) -> bool:
    """A new target `i` of a copy leaves each later target related to it (cards/relations.py)
    legal, kept or changed: the copy's final set of targets must be legal (CR 707.10c, 115.7;
    Shifting Loyalties' ruling)."""
    at = picks[-1][0]
    for k in range(i + 1, len(octx.targets)):
        ak = resolution.spec_index(specs, octx, k)
        sk = specs[ak]
        if sk.related is None or ak + sk.related.offset != at:
            continue
        if not targets.candidates(g, sk, probe, ak, picks):
            return False
    return True


def _relation_holds(g: Game, spec: TargetSpec, at: int, ref: Ref, picks: list[tuple[int, Ref]]) -> bool:
    """Does a kept target still stand in its relation to the (new) target it is related to?"""
    rel = spec.related
    other = targets.related_target(picks, at + rel.offset) if rel is not None else None
    if rel is None or other is None:
        return True
    return ref[0] == "obj" and other[0] == "obj" and rel.check(g, ref[1], other[1])
