"""Effects that need code: each a function `(game, ctx, step, *args) -> Ask | None`, referred
to by name from `vocab.Custom` so that game states stay picklable."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.objects import Context
    from .vocab import Ask


def sacrifice_if_no_counters(g: Game, ctx: Context, step: int, kind: str) -> Ask | None:
    """Gemstone Mine: "If there are no mining counters on Gemstone Mine, sacrifice it." Part of
    the mana ability's effect (Gatherer ruling 2004-10-04), checked as it resolves."""
    oid = ctx.source_id
    if oid is not None and oid in g.objects and g.objects[oid].zone == "battlefield" \
            and not g.objects[oid].counters.get(kind, 0):
        g.sacrifice(oid)
    return None


def sacrifice_unless_you_sacrifice(g: Game, ctx: Context, step: int, what: str) -> Ask | None:
    """Contamination: "sacrifice Contamination unless you sacrifice a creature". The choice is
    made on resolution (Gatherer ruling 2004-10-04), even if the source is gone."""
    from .vocab import Ask
    cands = [o for o in g.battlefield if g.objects[o].controller == ctx.controller
             and g._matches(what, o, ctx.controller)]
    choice = ctx.answers.get(step)
    if choice is None:
        if not cands:
            choice = "self"
        else:
            return Ask("choose", ctx.controller, (*cands, "self"),
                       (*(f"sacrifice {g.name_of(o)}" for o in cands), f"sacrifice {ctx.source_name}"),
                       f"{ctx.source_name}: sacrifice a {what}, or sacrifice {ctx.source_name}")
    if choice == "self":
        if ctx.source_id is not None and ctx.source_id in g.objects:
            g.sacrifice(ctx.source_id)
    elif choice in g.objects:
        g.sacrifice(choice)
    return None
