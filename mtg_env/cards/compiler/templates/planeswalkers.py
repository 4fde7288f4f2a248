"""Planeswalkers (CR 306): their loyalty abilities ("+1: ...", "−2: ...", "0: ...", "−X: ...")
are activated abilities whose cost is read by `costs.parse_cost` (CR 606.4); this module
reads the other wordings planeswalkers have: "~ can be your commander" (CR 903.3a), a rule of
deck construction the Commander deck check (engine/formats.py) reads, and emblems ("You get an
emblem with "..."", CR 114)."""

from __future__ import annotations

import re
from typing import Any

from ....core.filters import Permanent, parse_filter
from ...abilities import CanBeCommander
from ...effects import DealDamage, PutCounters
from ...effects.planeswalkers import GetEmblem, PlayerAndEach, make_emblem
from ...subjects import SELF as THIS_SOURCE
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import ObjRef, PlayerRef
from ..text import SELF, Line


@rule("static", "<s:self> can be your commander")
def can_be_commander(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 903.3a: "~ can be your commander." — the card may be a Commander deck's commander
    though it isn't a creature; in a game it does nothing (CR 113.6n)."""
    return [CanBeCommander(text=line.raw)]


# --------------------------------------------------------------------------------------------
# emblems (CR 114)


@kind("emblem_quoted")
def _quoted(text: str) -> str:
    """The text of one quoted ability: no quotes inside."""
    if '"' in text or SELF in text or not text.strip():
        raise NoParse(text)
    return text


_EMBLEM_PLAYERS = frozenset({"you", "target", "each_opponent", "each_player"})


@rule("effect", '<who:player> (get|gets) an emblem with "<inner:emblem_quoted>"',
      '<who:player> (get|gets) an emblem with "<inner:emblem_quoted>" and "<second:emblem_quoted>"')
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


# --------------------------------------------------------------------------------------------
# wordings of planeswalkers' abilities


_GROUPS = {"creature": "creature", "creature and planeswalker": "creature or planeswalker"}


@kind("player_group")
def _player_group(text: str) -> str:
    """The permanents of a player a damage effect names with them."""
    if text.lower() not in _GROUPS:
        raise NoParse(text)
    return _GROUPS[text.lower()]


@rule("effect", "<source:obj> deals <n:amount> damage to <to:player> and each <what:player_group> (that player|they) "
      "control(s|)")
def damage_player_and_each(b: Builder, source: ObjRef, n: Any, to: PlayerRef, what: str) -> list[Any]:
    """CR 120.3: "~ deals 10 damage to target player and each creature and planeswalker they
    control." (Chandra, Bold Pyromancer), "... to target player and each creature that player
    controls." Only the player is targeted (the rulings): the permanents are those the player
    controls as it resolves; one that is both a creature and a planeswalker is dealt damage once."""
    if source.kind != "self" or to.kind != "target":
        raise NoParse(what)
    b.last = THIS_SOURCE
    flt = parse_filter(what) & Permanent()
    return [DealDamage(n, PlayerAndEach(b.player(to), flt))]


@rule("effect", "Put <n:amount> <counter:counter> counter(s|) on <what:objs> and <n2:amount> "
      "<counter2:counter> counter(s|) on <what2:objs>")
def put_two_kinds_of_counters(b: Builder, n: Any, counter: str, what: ObjRef, n2: Any, counter2: str,
                              what2: ObjRef) -> list[Any]:
    """CR 122.1: "Put a +1/+1 counter on each creature you control and a loyalty counter on
    each other planeswalker you control." (Ajani, the Greathearted): both groups as it
    resolves; the order doesn't matter (different kinds of counters)."""
    if counter == counter2:
        raise NoParse(counter)
    return [PutCounters(counter, n, b.obj(what)), PutCounters(counter2, n2, b.obj(what2))]
