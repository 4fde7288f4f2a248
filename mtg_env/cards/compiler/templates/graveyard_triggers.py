"""Triggered abilities that function in their card's graveyard (CR 113.6).

- CR 113.6m: an ability whose effect moves its card out of a zone functions only in that zone:
  "At the beginning of your upkeep, you may return ~ from your graveyard to your hand."
  (Squee, Goblin Nabob); "When a creature with mana value 6 or greater enters, you may return
  ~ from your graveyard to the battlefield attached to that creature." (Dragon Fangs).
- CR 113.6k, 603.4: a trigger whose intervening "if ~ is in your graveyard" can't hold on the
  battlefield functions only there: "At the beginning of your upkeep, if ~ is in your
  graveyard, you may pay {1}{B}{B}. If you do, return ~ to your hand." (Pyre Zombie), judged
  again as it resolves (`WhileInGraveyard`).

A rule here sets `b.notes["zone"]`; lines._triggered then makes the ability a graveyard one
(`Triggered.zone`) if no other effect of it acts on the card as a permanent. The rules read
only abilities waiting for `GRAVEYARD_EVENTS`. The engine indexes it
only while the card is in a graveyard (engine/triggers.index_triggers).
"""

from __future__ import annotations

from typing import Any

from ....core.filters import YOU, InZone, OwnedBy
from ....core.objects import BATTLEFIELD, GRAVEYARD, HAND
from ...abilities import THIS, TriggerEvent
from ...effects.graveyard import ReturnSelf
from ...effects.graveyard_triggers import ReturnSelfAttachedTo, WhileInGraveyard
from ..builder import Builder
from ..grammar import NoParse, rule


def _single_faced(b: Builder) -> None:
    """Only cards of one face: a card with several faces has only its front face's
    characteristics in a graveyard (CR 712.8a), which its faces' abilities don't say."""
    if getattr(b.card, "layout", None) != "normal":
        raise NoParse("a graveyard ability of a card with several faces")


#: the events a graveyard ability may wait for: ones whose triggering doesn't depend on its
#: card being a permanent (another object entering, a step beginning, a spell being cast);
#: the engine looks for them in graveyards (engine/triggers.index_triggers)
GRAVEYARD_EVENTS = frozenset({TriggerEvent.ENTERS, TriggerEvent.UPKEEP, TriggerEvent.END_STEP,
                              TriggerEvent.CAST})


def _in_trigger(b: Builder) -> None:
    """Read only in a triggered ability waiting for one of `GRAVEYARD_EVENTS`, about another
    object or a player (not "When ~ enters": its own event), in a card of one face."""
    trig = b.notes.get("trigger")
    if trig is None or b.notes.get("activated"):
        raise NoParse("not a graveyard trigger")
    events = trig[0] if isinstance(trig[0], tuple) else (trig[0],)
    if not events or not set(events) <= GRAVEYARD_EVENTS or \
            (TriggerEvent.ENTERS in events and trig[1] in ("self", THIS)):
        raise NoParse("not a graveyard trigger")
    _single_faced(b)


def _recheck(effects: Any) -> WhileInGraveyard:
    return WhileInGraveyard(tuple(effects))


@rule("condition", "<s:self_card> is in your graveyard")
def in_your_graveyard(b: Builder, s: str) -> Any:
    """CR 113.6k, 603.4: "At the beginning of your upkeep, if ~ is in your graveyard, ..." (Pyre
    Zombie): it functions in its owner's graveyard, triggers only while the card is there and
    does nothing unless it is still there as it resolves."""
    _in_trigger(b)
    if b.notes.get("zone"):
        raise NoParse("a second zone")
    b.notes["zone"] = GRAVEYARD
    b.notes["in_graveyard"] = True
    b.notes["recheck"] = _recheck
    return InZone(GRAVEYARD) & OwnedBy(YOU)


def _return_rule(wording: str, to: str, tapped: bool, after_condition: bool) -> None:
    @rule("effect", wording)
    def return_self(b: Builder, s: str) -> list[Any]:
        """CR 113.6m: "return ~ from your graveyard to your hand / to the battlefield (tapped)"
        in a triggered ability; "return ~ to your hand" only after "if ~ is in your graveyard"."""
        _in_trigger(b)
        if after_condition != bool(b.notes.get("in_graveyard")):
            raise NoParse("return ~")
        if b.notes.get("zone") not in (None, GRAVEYARD) or b.notes.get("returned_self"):
            raise NoParse("return ~")
        if to == BATTLEFIELD and "Aura" in getattr(b.card, "type_line", ""):
            raise NoParse("an Aura returned to the battlefield")  # it must say what it enchants
        b.notes["zone"] = GRAVEYARD
        b.notes["returned_self"] = True
        return [ReturnSelf(to, tapped)]


_return_rule("Return <s:self_card> from your graveyard to your hand", HAND, False, False)
_return_rule("Return <s:self_card> from your graveyard to the battlefield", BATTLEFIELD, False, False)
_return_rule("Return <s:self_card> from your graveyard to the battlefield tapped", BATTLEFIELD, True, False)
_return_rule("Return <s:self_card> to your hand", HAND, False, True)
_return_rule("Return <s:self_card> to its owner's hand", HAND, False, True)
_return_rule("Return <s:self_card> to the battlefield", BATTLEFIELD, False, True)
_return_rule("Return <s:self_card> to the battlefield tapped", BATTLEFIELD, True, True)


@rule("effect", "Return <s:self_card> from your graveyard to the battlefield attached to that creature")
def return_attached_to_that(b: Builder, s: str) -> list[Any]:
    """CR 113.6m, 303.4i: "When a creature with mana value 6 or greater enters, you may return
    Dragon Fangs from your graveyard to the battlefield attached to that creature." (an Aura with
    "Enchant creature"; "that creature" is the one the trigger is about)"""
    _in_trigger(b)
    card = b.card
    text = getattr(card, "oracle_text", "") or ""
    if b.event is None or getattr(b.event, "is_player", False) or b.notes.get("zone") \
            or b.notes.get("returned_self") or "Aura" not in getattr(card, "type_line", "") \
            or not text.startswith("Enchant creature\n"):
        raise NoParse("return ~ attached to that creature")
    b.notes["zone"] = GRAVEYARD
    b.notes["returned_self"] = True
    return [ReturnSelfAttachedTo(b.event)]
