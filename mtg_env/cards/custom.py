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
