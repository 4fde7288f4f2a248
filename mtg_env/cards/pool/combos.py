"""Cards for the combo lab's known lines (Devoted Druid and Vizier of Remedies; Isochron Scepter
and Dramatic Reversal)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..vocab import (
    Activated,
    Ask,
    Effect,
    ExileFromHandLinked,
    FewerCounters,
    Triggered,
    TriggerEvent,
    card,
    parse_filter,
)

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True)
class CopyLinkedAndCast(Effect):
    """Isochron Scepter: "You may copy the exiled card. If you do, you may cast the copy without
    paying its mana cost." The copy is made in exile (not a card, CR 707.12) and cast at once;
    if it isn't cast, it ceases to exist."""

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        linked = g.linked_cards(ctx)
        if not linked:
            return None
        answer = ctx.answers.get(step)
        if answer is None:
            name = g.name_of(linked[0])
            return Ask("yes_no", ctx.controller, (True, False), ("yes", "no"),
                       f"{ctx.source_name}: copy {name} and cast the copy without paying its mana cost?")
        from ..abilities import cast_allowed
        if answer and cast_allowed(g, g.objects[linked[0]].card, ctx.controller):
            # a copy that can't be cast now ("only during combat") would cease to exist at once
            oid = g.make_card_copy(ctx.controller, linked[0])
            return Ask("autocast", ctx.controller, (("cast_free", oid),), ("",), "")
        return None


CARDS = [
    card("Vizier of Remedies", "{1}{W}", "Creature — Human Cleric",
         "If one or more -1/-1 counters would be put on a creature you control, that many -1/-1 counters "
         "minus one are put on it instead.",
         FewerCounters(), pt="2/1"),
    card("Isochron Scepter", "{2}", "Artifact",
         "Imprint — When Isochron Scepter enters the battlefield, you may exile an instant card with mana "
         "value 2 or less from your hand.\n"
         "{2}, {T}: You may copy the exiled card. If you do, you may cast the copy without paying its mana "
         "cost.",
         Triggered(event=TriggerEvent.ENTERS, effects=(ExileFromHandLinked(
             parse_filter("instant card with mana value 2 or less"),
             "exile an instant card with mana value 2 or less?"),)),
         Activated(effects=(CopyLinkedAndCast(),))),
]
