"""Sacrifice triggers (the "keywords" family, session 5): "Whenever you sacrifice a
<permanent>", "Whenever a player / an opponent sacrifices a <permanent>" (CR 701.21a; the
event is engine/triggers.sacrificed, from every sacrifice: a cost, an effect, a Saga's).

The permanent is judged as it last existed on the battlefield (CR 603.10a), and a permanent's
own ability sees its own sacrifice ("Whenever you sacrifice a permanent" on the permanent
sacrificed). Declined: a noun phrase about something else than a permanent, "that card" or
"it" in the effect (the sacrificed card has become a new object, CR 400.7; It That Betrays'
own wording is templates/kwabilities.py)."""

from __future__ import annotations

from typing import Any

from ....core.filters import Filter, Permanent
from ...abilities import TriggerEvent
from ..builder import Builder
from ..grammar import NoParse, kind, rule


@kind("sacrificed_noun")
def _sacrificed_noun(text: str) -> Filter:
    from ..lexicon import read_noun
    low = text.lower()
    if low.startswith("another "):
        noun = text
    elif low.startswith(("a ", "an ")):
        noun = text.split(" ", 1)[1]
    else:
        raise NoParse(text)
    if noun.lower().startswith(("one or more", "nontoken permanent")) or " or more" in noun.lower():
        raise NoParse(text)
    f = read_noun(noun)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


def _spec(actor: str | None, what: Filter) -> dict[str, Any]:
    def check(effs: list[Any]) -> None:
        from ...subjects import EVENT_OBJECT
        from .kwabilities import _mentions
        if _mentions(effs, EVENT_OBJECT):
            raise NoParse("that card")
    return {"event": TriggerEvent.SACRIFICED, "actor": actor, "subject": what, "check": check}


@rule("trigger", "Whenever you sacrifice <what:sacrificed_noun>")
def you_sacrifice(b: Builder, what: Filter) -> dict[str, Any]:
    """"Whenever you sacrifice a creature, ..." (Carrion Feeder-style payoffs): each sacrifice
    the ability's controller makes, one event per permanent."""
    return _spec("you", what)


@rule("trigger", "Whenever a player sacrifices <what:sacrificed_noun>")
def player_sacrifices(b: Builder, what: Filter) -> dict[str, Any]:
    """Mayhem Devil-style: "Whenever a player sacrifices a permanent, ..." """
    return _spec(None, what)


@rule("trigger", "Whenever an opponent sacrifices <what:sacrificed_noun>")
def opponent_sacrifices(b: Builder, what: Filter) -> dict[str, Any]:
    """"Whenever an opponent sacrifices a creature, ..." (not the ability's controller)."""
    return _spec("opponent", what)
