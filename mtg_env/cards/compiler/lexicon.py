"""The slot readers of the compiler's patterns (grammar.py): numbers, mana, costs, noun phrases,
references to objects and players, power/toughness changes, counters, keywords.

A reader takes the exact stretch of text a slot covers and returns its reading, or raises (one
of grammar.FAIL) when it doesn't read it. Readers are pure: references ("target creature",
"it", "each opponent") are read into `ObjRef` / `PlayerRef` descriptions, which the card's
`Builder` turns into subjects (cards/subjects.py) when a rule builds, so that a pattern that is
tried and dropped leaves nothing behind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.filters import Filter, FilterError
from ...core.mana import parse_mana_cost, split_symbols
from ...core.phrases import read_phrase
from ..abilities import TargetSpec
from ..costs import Cost, parse_cost
from ..subjects import Amount, X
from .grammar import NoParse, kind
from .text import SELF

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
           "fifteen": 15, "twenty": 20}
#: how the newer templating names a permanent or spell's own card (2024: "this creature")
SELF_WORDS = frozenset({SELF, "this creature", "this artifact", "this enchantment", "this land",
                        "this permanent", "this planeswalker", "this spell", "this card", "this aura",
                        "this equipment", "this vehicle", "this token", "this battle"})


@kind("n")
def read_number(text: str) -> int:
    """"a", "two", "3": a fixed number."""
    t = text.lower()
    if t in NUMBERS:
        return NUMBERS[t]
    if t.isdigit():
        return int(t)
    raise NoParse(text)


@kind("amount")
def read_amount(text: str) -> Amount:
    """A number or X."""
    if text in ("X", "x"):
        return X
    return read_number(text)


@kind("mana")
def read_mana(text: str) -> str:
    """Mana symbols only ("{2}{R}"): the text, checked."""
    if not text.startswith("{") or not text.endswith("}") or " " in text:
        raise NoParse(text)
    parse_mana_cost(text)
    return text


@kind("symbols")
def read_symbols(text: str) -> tuple[str, ...]:
    """"{R}{R}{R}" -> ("R", "R", "R")."""
    if not text.startswith("{") or " " in text:
        raise NoParse(text)
    return tuple(split_symbols(text))


@kind("cost")
def read_cost(text: str) -> Cost:
    """An activation cost (CR 602.1a)."""
    if not text or text[0].islower():
        raise NoParse(text)
    return parse_cost(_self_cost(text), SELF)


def _self_cost(text: str) -> str:
    for w in SELF_WORDS - {SELF}:
        text = re.sub(r"\b" + w + r"\b", SELF, text, flags=re.IGNORECASE)
    return text


@kind("phrase")
def read_noun(text: str) -> Filter:
    """An Oracle noun phrase, read into a filter (core/phrases.py)."""
    if '"' in text or text.strip() != text:
        raise NoParse(text)
    return read_phrase(text)


@dataclass(frozen=True, slots=True)
class PT:
    """"+3/+3", "-1/-0": a fixed change to power and toughness."""

    power: int
    toughness: int


_PT = re.compile(r"([+-])(\d+|X)/([+-])(\d+|X)")


@kind("pt")
def read_pt(text: str) -> PT:
    m = _PT.fullmatch(text)
    if not m:
        raise NoParse(text)
    if "X" in (m.group(2), m.group(4)):
        raise NoParse(text)  # -X/-X needs a negated X (not yet an amount)
    p = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
    t = int(m.group(4)) * (1 if m.group(3) == "+" else -1)
    return PT(p, t)


_COUNTER = re.compile(r"[+-]\d+/[+-]\d+|[a-z][a-z-]*")


@kind("counter")
def read_counter(text: str) -> str:
    """A counter's kind: "+1/+1", "-1/-1", "charge", "loyalty"."""
    if not _COUNTER.fullmatch(text) or text in ("a", "an", "the", "that", "each"):
        raise NoParse(text)
    return text


# --------------------------------------------------------------------------------------------
# references to objects and players


@dataclass(frozen=True, slots=True)
class ObjRef:
    """An object an effect acts on, as written: `kind` is "self" (~, "this creature"),
    "target", "it" (what the ability last named: "it", "that creature"), "attached"
    ("enchanted creature", "equipped creature"), "each" ("each creature", "all artifacts"),
    or "event" (the object a trigger is about: "that creature")."""

    kind: str
    spec: TargetSpec | None = None
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player an effect acts on: "you", "target" (target player/opponent), "each_opponent",
    "each_player", "controller"/"owner" (of what the ability last named: "its controller"),
    "event" ("that player")."""

    kind: str
    spec: TargetSpec | None = None


_TARGET = re.compile(
    r"(?:(up to )?(a|an|one|two|three|four|five|\d+|x) )?(another )?target (.+)", re.IGNORECASE)
_IT = frozenset({"it", "that creature", "that permanent", "them", "those creatures", "that artifact",
                 "that land", "that enchantment", "that card", "those permanents", "those cards",
                 "that planeswalker", "that token", "those tokens"})
_ATTACHED = frozenset({"enchanted creature", "equipped creature", "enchanted permanent", "enchanted land",
                       "enchanted artifact", "fortified land", "enchanted planeswalker",
                       "enchanted enchantment"})


def target_spec(text: str) -> TargetSpec:
    """"target creature", "up to two target artifacts", "another target creature you control",
    "any target"."""
    low = text.lower()
    if low == "any target":
        return TargetSpec("any")
    if "the chosen " in low:
        # "target permanent of the chosen color": judged again as it resolves, when the source
        # may have left the battlefield and its choice with it (not read)
        raise NoParse(text)
    m = _TARGET.fullmatch(text)
    if not m:
        raise NoParse(text)
    up_to, count, another, what = m.groups()
    n = 1 if count is None else read_number(count) if count.lower() != "x" else None
    if n is None:
        raise NoParse(text)  # "X target creatures": the number of targets is X
    if n > 1 and not (what.endswith("s") or " with " in what or " you " in what or " your " in what):
        raise NoParse(text)
    phrase = ("another " if another else "") + what
    if what.lower() in ("player", "opponent", "players", "opponents"):
        flt = read_phrase(what)
    else:
        flt = read_phrase(phrase)
    return TargetSpec(phrase, count=n, up_to=bool(up_to), filter=flt)


@kind("target")
def read_target(text: str) -> ObjRef:
    """A target (CR 115): "target creature", "any target", "up to one target artifact"."""
    spec = target_spec(text)
    return ObjRef("target", spec)


@kind("obj")
def read_obj(text: str) -> ObjRef:
    """An object an effect acts on: itself, a target, "it", an attached permanent."""
    low = text.lower()
    if low in SELF_WORDS:
        return ObjRef("self")
    if low in _IT:
        return ObjRef("it")
    if low in _ATTACHED:
        return ObjRef("attached")
    if "target" in low:
        spec = target_spec(text)
        return ObjRef("target", spec)
    raise NoParse(text)


@kind("objs")
def read_objs(text: str) -> ObjRef:
    """Every permanent a phrase names: "each creature", "all artifacts", "each other creature
    you control", "creatures you control"."""
    low = text.lower()
    for lead in ("each ", "all "):
        if low.startswith(lead):
            return ObjRef("each", filter=_battlefield(text[len(lead):]))
    raise NoParse(text)


@kind("group")
def read_group(text: str) -> ObjRef:
    """A group named without "each"/"all": "creatures you control", "other Goblins you
    control" (the subject of "get +1/+1")."""
    low = text.lower()
    if low.startswith(("each ", "all ", "target ", "a ", "an ")) or low in SELF_WORDS or low in _IT:
        raise NoParse(text)
    return ObjRef("each", filter=_battlefield(text))


def _battlefield(phrase: str) -> Filter:
    from ...core.filters import Permanent
    flt = read_phrase(phrase)
    dom = flt.domain()
    if dom is not None and dom != frozenset({"battlefield"}):
        raise FilterError(f"{phrase!r} is not on the battlefield")
    return flt & Permanent()


_PLAYERS = {"you": "you", "each opponent": "each_opponent", "each player": "each_player",
            "its controller": "controller", "its owner": "owner", "their controller": "controller",
            "that player": "event", "that creature's controller": "controller",
            "that permanent's controller": "controller", "its controller's": "controller"}


@kind("player")
def read_player(text: str) -> PlayerRef:
    """A player an effect acts on: "you", "target player", "target opponent", "each opponent",
    "each player", "its controller", "that player"."""
    low = text.lower()
    if low in _PLAYERS:
        return PlayerRef(_PLAYERS[low])
    if low in ("target player", "target opponent"):
        return PlayerRef("target", TargetSpec(low.split()[1]))
    raise NoParse(text)


#: keywords an object can have (and gain) that the engine applies (combat.py and the rules they
#: name); one that isn't here makes a card unsupported. Template modules that add engine support
#: for a keyword register it with `engine_keyword`.
ENGINE_KEYWORDS: set[str] = {"flying", "reach", "haste", "vigilance", "trample", "deathtouch", "lifelink",
                             "defender", "menace", "first strike", "double strike", "indestructible",
                             "hexproof", "shroud", "flash", "undying"}


def engine_keyword(*names: str) -> None:
    """Register keywords (lower case) the engine applies wherever an object has them."""
    ENGINE_KEYWORDS.update(n.lower() for n in names)


@kind("keywords")
def read_keywords(text: str) -> tuple[str, ...]:
    """"flying", "flying and trample", "first strike, vigilance, and lifelink": keywords the
    engine applies."""
    parts = [p.strip().lower() for p in re.split(r",? and |, ", text)]
    if not parts or any(p not in ENGINE_KEYWORDS for p in parts):
        raise NoParse(text)
    return tuple(parts)
