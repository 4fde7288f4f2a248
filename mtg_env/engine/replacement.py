"""replacement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.vocab import (
    Ask,
)
from ..core.errors import MtgError
from ..core.mana import (
    TYPE_INDEX,
)
from ..core.objects import (
    Context,
)

if TYPE_CHECKING:
    from .game import Game



def _mana_replacement_applies(g: Game, rep: int, ab: Any, ctx: Context) -> bool:
    _mode, _value, who, what = ab.args
    if who == "you" and g.objects[rep].controller != ctx.controller:
        return False
    src = ctx.source_id
    if src is None or src not in g.objects:
        return what == "permanent"
    return what == "permanent" or what.capitalize() in g.chars(src).types


def _apply_mana_replacement(ab: Any, counts: list[int]) -> list[int]:
    mode, value = ab.args[0], ab.args[1]
    if mode == "multiply":
        return [n * value for n in counts]
    if mode == "set_type":
        out = [0] * 6
        out[TYPE_INDEX[value]] = sum(counts)
        return out
    if mode == "replace_with":  # Contamination: "{B} instead of any other type and amount"
        out = [0] * 6
        for sym in value.strip("{}").split("}{"):
            out[TYPE_INDEX[sym]] += 1
        return out
    raise MtgError(f"unknown mana replacement {mode!r}")


def _order_irrelevant(g: Game, reps: list[tuple[int, Any]], counts: list[int]) -> bool:
    """True when every order of these replacement effects gives the same mana (two
    doublings commute; a doubling and Contamination's {B} don't): then there is no real
    choice to ask for."""
    import itertools
    results = set()
    for order in itertools.permutations(reps):
        c = counts
        for _oid, ab in order:
            c = g._apply_mana_replacement(ab, c)
        results.add(tuple(c))
        if len(results) > 1:
            return False
    return True


def _replace_mana(g: Game, ctx: Context, counts: list[int], step: int | None
                  ) -> tuple[list[int], Ask | None]:
    """CR 614.5 and 616.1: each replacement effect applies once; where effects of different
    cards could apply next, the affected player chooses which."""
    reps = [(oid, ab) for oid, ab in g._statics("mana_replacement")
            if g._mana_replacement_applies(oid, ab, ctx)]
    if not reps:
        return counts, None
    applied: list[int] = []
    k = 0
    while True:
        left = [(oid, ab) for oid, ab in reps if oid not in applied]
        if not left:
            return counts, None
        # Effects of cards with the same name are interchangeable: no choice among them.
        names: dict[str, tuple[int, Any]] = {}
        for oid, ab in left:
            names.setdefault(g.name_of(oid), (oid, ab))
        key = None if step is None else step * 1000 + 500 + k
        if len(names) == 1 or key is None or g._order_irrelevant(list(names.values()), counts):
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
        counts = g._apply_mana_replacement(ab, counts)
        applied.append(oid)
        k += 1
