"""Replacement effects (CR 614) on mana: "If you tap a permanent for mana, it produces three
times as much of that mana instead" (Nyxbloom Ancient, Mana Reflection), "If a land is tapped
for mana, it produces {B} instead" (Contamination).

Each applies once to an event (CR 614.5); where effects of different cards could apply next,
the affected player chooses the order (CR 616.1) unless every order gives the same mana.
Replacement effects on counters (Vizier of Remedies) are in primitives.add_counters; "enters
with" counters and "as enters" choices in zones.py and resolution.py.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ..cards.abilities import ManaReplacement
from ..cards.effects import Ask
from ..cards.effects.pzcards7 import PreventDamageBy
from ..core.filters import YOU, Departed
from ..core.mana import TYPE_INDEX, TYPES
from ..core.objects import Context
from . import targets

if TYPE_CHECKING:
    from .game import Game


def applies(g: Game, rep: int, ab: ManaReplacement, ctx: Context) -> bool:
    """Does `rep`'s replacement effect apply to mana produced by tapping `ctx`'s source?"""
    if ab.whose == YOU and g.objects[rep].controller != ctx.controller:
        return False
    src = ctx.source_id
    if src is None:
        return False
    if src in g.objects:
        return ab.what.obj(g, g.objects[src], g.chars(src), g.objects[rep].controller, rep)
    # the source has left (sacrificed for the mana): as it last existed (CR 113.7a)
    gone: Any = Departed(src, ctx.controller)
    return ab.what.obj(g, gone, g.last_known(src) or targets.NOTHING_KNOWN, g.objects[rep].controller, rep)


def mana_replacements(g: Game, ctx: Context) -> list[tuple[int, ManaReplacement]]:
    return [(oid, ab) for oid, ab in g.statics_of(ManaReplacement) if applies(g, oid, ab, ctx)]


def _order_irrelevant(reps: list[tuple[int, ManaReplacement]], counts: list[int]) -> bool:
    """True when every order of these replacement effects gives the same mana (two
    doublings commute; a doubling and Contamination's {B} don't): then there is no real
    choice to ask for."""
    results = set()
    for order in itertools.permutations(reps):
        c = counts
        for _oid, ab in order:
            c = ab.replace(c)
        results.add(tuple(c))
        if len(results) > 1:
            return False
    return True


def replace_mana(g: Game, ctx: Context, counts: list[int], step: int | None) -> tuple[list[int], Ask | None]:
    """CR 614.5 and 616.1: each replacement effect applies once; where effects of different
    cards could apply next, the affected player chooses which (asked only with a `step`, else
    in timestamp order)."""
    reps = mana_replacements(g, ctx)
    if not reps:
        return counts, None
    applied: list[int] = []
    k = 0
    while True:
        left = [(oid, ab) for oid, ab in reps if oid not in applied]
        if not left:
            return counts, None
        # Effects of cards with the same name are interchangeable: no choice among them.
        names: dict[str, tuple[int, ManaReplacement]] = {}
        for oid, ab in left:
            names.setdefault(g.name_of(oid), (oid, ab))
        key = None if step is None else step * 1000 + 500 + k
        if len(names) == 1 or key is None or _order_irrelevant(list(names.values()), counts):
            oid, ab = left[0]
        elif key in ctx.answers:
            oid = ctx.answers[key]
            ab = next(a for o, a in left if o == oid)
        else:
            opts = tuple(o for o, _a in names.values())
            labels = tuple(f"order {g.name_of(o)}: {a.text}" for o, a in names.values())
            return counts, Ask("order", ctx.controller, opts, labels,
                               "choose the replacement effect to apply first to the mana produced",
                               key=key)
        counts = ab.replace(counts)
        applied.append(oid)
        k += 1


def types_after_replacements(g: Game, ctx: Context, types: set[str]) -> set[str]:
    """Types that "tapped for mana" replacement effects could turn `types` into, over every
    order in which they could apply (CR 106.7, 616.1)."""
    ctx.tapped_for_mana = True
    reps = [ab for _oid, ab in mana_replacements(g, ctx)]
    if not reps:
        return types
    distinct = list({(ab.multiply, ab.produce): ab for ab in reps}.values())
    out: set[str] = set()
    for t in types:
        for order in itertools.permutations(distinct):
            counts = [0] * 6
            counts[TYPE_INDEX[t]] = 1
            for ab in order:
                counts = ab.replace(counts)
            out |= {TYPES[i] for i, n in enumerate(counts) if n}
    return out


# ---------------------------------------------------------------------------------------------
# prevention effects on damage (CR 615)


def prevent_damage(g: Game, ctx: Context, ref: tuple[str, int], n: int, combat: bool) -> int:
    """The damage left of `n` about to be dealt to `ref` after prevention effects (CR 615):
    "prevent all combat damage" (CR 615.1), then the prevention shields on `ref`, oldest first
    (CR 615.7: each prevents up to what it has left, and is used up by what it prevents). The
    shields on one permanent or player differ only by the damage they have left, so the order
    in which they apply leaves the same total to prevent later this turn."""
    eff = g.effects
    if fully_prevented(g, ctx.source_id, ref, combat):
        g.log_event(f"{'combat ' if combat else ''}damage {ctx.source_name} would deal is prevented")
        return 0
    if not eff.prevention:
        return n
    left = n
    kept: list[tuple[tuple[str, int], int]] = []
    for shield_ref, amount in eff.prevention:
        if left and tuple(shield_ref) == tuple(ref):
            used = min(amount, left)
            left -= used
            amount -= used
        if amount:
            kept.append((shield_ref, amount))
    if left != n:
        eff.prevention = kept
        g.log_event(f"{n - left} damage {ctx.source_name} would deal is prevented")
    return left



def fully_prevented(g: Game, src: int | None, ref: tuple[str, int], combat: bool) -> bool:
    """Is all damage `src` would deal to `ref` now prevented ("Prevent all combat damage that
    would be dealt this turn", "... dealt to/by <it> this turn", CR 615.1)? These apply
    before prevention shields, which then prevent nothing of it and are kept (CR 616.1 lets the
    affected player order prevention effects; applying the shield first, to no gain, is a
    choice the engine doesn't offer)."""
    eff = g.effects
    if combat and eff.prevent_combat_damage:
        return True
    if src is not None and src in g.battlefield:
        for s, ab in g.statics_of(PreventDamageBy):  # "Prevent all damage that would be dealt by enchanted creature"
            if g.matches(ab.by, src, g.objects[s].controller, s):
                return True
    for direction, r, combat_only in eff.prevent_all:
        if combat_only and not combat:
            continue
        if direction == "to" and tuple(r) == tuple(ref):
            return True
        if direction == "by" and src is not None and r == ("obj", src):
            return True
        if direction == "color" and src is not None:  # "sources of the color of your choice"
            c = g.last_known(src)
            if c is not None and TYPES[r[1]] in c.colors:
                return True
    return False
