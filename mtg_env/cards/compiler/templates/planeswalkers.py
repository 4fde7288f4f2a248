"""Planeswalkers (CR 306): their loyalty abilities ("+1: ...", "−2: ...", "0: ...", "−X: ...")
are activated abilities whose cost is read by `costs.parse_cost` (CR 606.4); this module
reads the other wordings planeswalkers have: "~ can be your commander" (CR 903.3a), a rule of
deck construction the Commander deck check (engine/formats.py) reads, and emblems ("You get an
emblem with "..."", CR 114)."""

from __future__ import annotations

import re
from typing import Any

from ...abilities import CanBeCommander
from ...effects.planeswalkers import GetEmblem, make_emblem
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import PlayerRef
from ..text import SELF, Line


@rule("static", "<s:self> can be your commander")
def can_be_commander(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 903.3a: "~ can be your commander." — the card may be a Commander deck's commander
    though it isn't a creature; in a game it does nothing (CR 113.6n)."""
    return [CanBeCommander(text=line.raw)]


# --------------------------------------------------------------------------------------------
# emblems (CR 114)


@kind("quoted")
def _quoted(text: str) -> str:
    """The text of one quoted ability: no quotes inside."""
    if '"' in text or SELF in text or not text.strip():
        raise NoParse(text)
    return text


_EMBLEM_PLAYERS = frozenset({"you", "target", "each_opponent", "each_player"})


@rule("effect", '<who:player> (get|gets) an emblem with "<inner:quoted>"',
      '<who:player> (get|gets) an emblem with "<inner:quoted>" and "<second:quoted>"')
def get_emblem(b: Builder, who: PlayerRef, inner: str, second: str | None = None) -> list[Any]:
    """CR 114.1: "You get an emblem with "<ability>"." (or two: "... with "<a>" and "<b>"") —
    each quoted text is one of the emblem's abilities, read like a permanent's line; "this
    emblem" is its source (CR 114.4). The emblem is made when the card compiles, so that it is
    one value for every game."""
    if who.kind not in _EMBLEM_PLAYERS:
        raise NoParse(f"{who.kind} gets an emblem")
    from ..lines import permanent_line
    texts = [inner] if second is None else [inner, second]
    abilities: list[Any] = []
    for t in texts:
        raw = t if t.endswith(".") else t + "."
        norm = re.sub(r"\bthis emblem\b", SELF, raw, flags=re.IGNORECASE)
        abilities += permanent_line(Line(raw, norm), b.card)
    emblem = make_emblem(b.card.name, " and ".join(texts), tuple(abilities))
    return [GetEmblem(emblem, b.player(who))]
