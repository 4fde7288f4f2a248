"""Reading Oracle noun phrases into filters (core/filters.py): "creature you control",
"artifact or enchantment", "other blue creature you control", "instant or sorcery card in your
graveyard", "activated or triggered ability you control from a colorless source".

A phrase is read exactly or not at all: a word it doesn't know is a `FilterError` naming the
word, never a guess. The card compiler reads Oracle text with this; hand-written cards use it
through `filters.parse_filter`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from .combat_filters import DefendingControls, EnteredThisTurn
from .filters import (
    ANY_TARGET,
    COLOR_WORDS,
    OPPONENT,
    YOU,
    And,
    AttachedToSource,
    Attacking,
    Blocking,
    CardType,
    ChosenColor,
    ChosenType,
    Colored,
    Colorless,
    Compare,
    ControlledBy,
    Filter,
    FilterError,
    FromSource,
    HasCounter,
    HasKeyword,
    InZone,
    IsPlayer,
    Monocolored,
    Multicolored,
    Or,
    Other,
    OwnedBy,
    Permanent,
    PermanentCard,
    Spell,
    StackAbility,
    Subtype,
    Supertype,
    Tapped,
    ThisObject,
    Token,
)
from .subtypes import CREATURE_TYPES, SUBTYPES

_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle",
               "kindred": "Kindred"}
_SUPERTYPES = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow", "world": "World"}
_SUBTYPES_LOWER = {s.lower(): s for s in SUBTYPES}
_PLURALS = {"sorceries": "sorcery", "abilities": "ability", "enchantments": "enchantment"}
_NOUNS = {"permanent", "spell", "card", "ability", "player", "opponent", "source", "target"}

def _from_source(phrase: str) -> Filter:
    return FromSource(read_phrase(phrase))


_SUFFIXES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Filter]]] = [
    (re.compile(r"^(.*) you control$"), lambda m: ControlledBy(YOU)),
    (re.compile(r"^(.*) (?:you don't control|an opponent controls|your opponents control)$"),
     lambda m: ControlledBy(OPPONENT)),
    (re.compile(r"^(.*) you own$"), lambda m: OwnedBy(YOU)),
    (re.compile(r"^(.*) defending player controls$"), lambda m: DefendingControls()),
    # what the source chose as it entered (CR 614.12): "creatures of the chosen type"
    (re.compile(r"^(.*) of the chosen color$"), lambda m: ChosenColor()),
    (re.compile(r"^(.*) of the chosen (?:creature )?type$"), lambda m: ChosenType()),
    (re.compile(r"^(.*) (?:in|from) your (graveyard|hand|library|exile)$"),
     lambda m: InZone(m.group(2)) & OwnedBy(YOU)),
    (re.compile(r"^(.*) (?:in|from) a (graveyard|hand)$"), lambda m: InZone(m.group(2))),
    (re.compile(r"^(.*) (?:in|from) an opponent's (graveyard|hand)$"),
     lambda m: InZone(m.group(2)) & OwnedBy(OPPONENT)),
    (re.compile(r"^(.*) from a (.+) source$"), lambda m: _from_source(m.group(2))),
    (re.compile(r"^(.*) that entered(?: the battlefield)? this turn$"), lambda m: EnteredThisTurn()),
    # "creature with power or toughness 1 or less" (Warping Wail): either one
    (re.compile(r"^(.*) with power or toughness (\d+) or (less|greater)$"),
     lambda m: Compare("power", "<=" if m.group(3) == "less" else ">=", int(m.group(2)))
     | Compare("toughness", "<=" if m.group(3) == "less" else ">=", int(m.group(2)))),
    (re.compile(r"^(.*) with (power|toughness|mana value) (\d+) or (less|greater)$"),
     lambda m: Compare(m.group(2).replace(" ", "_"), "<=" if m.group(4) == "less" else ">=", int(m.group(3)))),
    (re.compile(r"^(.*) with (flying|reach|haste|vigilance|trample|deathtouch|lifelink|defender|menace)$"),
     lambda m: HasKeyword(m.group(2))),
    (re.compile(r"^(.*) with (?:a|an|one or more) counters? on (?:it|them)$"), lambda m: HasCounter(None)),
    (re.compile(r"^(.*) with no counters on (?:it|them)$"), lambda m: ~HasCounter(None)),
    (re.compile(r"^(.*) with (?:(?:a|an|one or more) )?([+-]\d/[+-]\d|(?!a |an |no |one )[a-z]+) counters? on (?:it|them)$"),
     lambda m: HasCounter(m.group(2))),
    (re.compile(r"^(.*) without (flying|reach|haste|vigilance|trample|deathtouch|lifelink|defender|menace)$"),
     lambda m: ~HasKeyword(m.group(2))),
]


@lru_cache(maxsize=4096)
def read_phrase(phrase: str) -> Filter:
    """Read an Oracle noun phrase into a filter: "creature you control", "artifact or
    enchantment", "colorless nonland permanent", "other blue creature you control", "instant or
    sorcery card in your graveyard", "activated or triggered ability you control from a
    colorless source", "permanent spell you control", "any target", "opponent". Raises
    FilterError naming the word it cannot read: a phrase is read exactly or not at all."""
    text = " ".join(phrase.replace("_", " ").split())
    low = text.lower()
    if low in ("any target", "any"):
        return ANY_TARGET
    extra: list[Filter] = []
    changed = True
    while changed:
        changed = False
        for pattern, build in _SUFFIXES:
            m = pattern.match(low)
            if m:
                extra.insert(0, build(m))
                cut = len(m.group(1))
                text, low = text[:cut].strip(), low[:cut].strip()
                changed = True
                break
    if extra and low.startswith(("enchanted ", "equipped ")):
        raise FilterError(f"cannot read {phrase!r}: any enchanted or equipped one, not this one's")
    if low == "card" and any(isinstance(f, InZone) or (isinstance(f, And) and any(
            isinstance(q, InZone) for q in f.parts)) for f in extra):
        return _all(extra)  # "target card from your graveyard": any card in that zone
    head = _parse_head(text, phrase)
    return head if not extra else head & _all(extra)


def _all(fs: list[Filter]) -> Filter:
    return fs[0] if len(fs) == 1 else And(tuple(fs))


def _parse_head(text: str, phrase: str) -> Filter:
    """`[qualifiers] type-or-type [noun]`: the alternatives joined by "or" share the noun and the
    qualifiers that only the last (or first) of them has ("instant or sorcery spell",
    "activated or triggered ability", "black or red creature")."""
    if ", " in text and not re.search(r",? or ", text):
        # "nonattacking, nonblocking creature": adjectives in a row all apply (no "or": no list)
        text = text.replace(", ", " ")
    alts = [a.split() for a in re.split(r",? or |, ", text) if a.strip()]
    if not alts:
        raise FilterError(f"cannot read an empty phrase ({phrase!r})")
    if len(alts) > 1 and len(alts[0]) > 1 and alts[0][0].lower() in ("other", "another"):
        # "another artifact or creature you control" (Mobile Garrison): "another" qualifies
        # every alternative, not the first alone (the source itself is none of them)
        return Other() & _parse_head(" ".join(text.split()[1:]), phrase)
    # "activated or triggered ability", "triggered ability"
    if _singular(alts[-1][-1].lower()) == "ability":
        kinds = [" ".join(a[:-1] if a is alts[-1] else a).lower() for a in alts]
        if all(k in ("activated", "triggered") for k in kinds):
            return StackAbility("activated" in kinds, "triggered" in kinds)
    # the noun of the last alternative is shared ("instant or sorcery spell")
    noun = _trailing_noun(alts[-1])
    if noun and len(alts) > 1:
        alts = [a if _trailing_noun(a) else a + noun for a in alts[:-1]] + [alts[-1]]
    if len(alts) > 1:
        alts = _share_creature(alts)
    filters = [_parse_words(a, phrase) for a in alts]
    return filters[0] if len(filters) == 1 else Or(tuple(filters))


_CREATURE_TYPES_LOWER = frozenset(t.lower() for t in CREATURE_TYPES)


def _share_creature(alts: list[list[str]]) -> list[list[str]]:
    """"Vampire or Wizard creature card": creature types joined by "or" share the card type
    "creature" the last of them has ((Vampire or Wizard) creature card, not a Vampire card of
    any type, which a Kindred card may be, CR 308)."""
    last = [w.lower() for w in alts[-1]]
    k = next((i for i, w in enumerate(last) if _singular(w) == "creature"), None)
    if k is None or k == 0 or not all(w in _CREATURE_TYPES_LOWER for w in last[:k]):
        return alts
    out = []
    for a in alts[:-1]:
        n = len(a) - len(_trailing_noun(a))
        if n and all(w.lower() in _CREATURE_TYPES_LOWER for w in a[:n]):
            a = a[:n] + [alts[-1][k]] + a[n:]
        out.append(a)
    return out + [alts[-1]]


#: nouns that type words before them qualify, and that "or" shares ("instant or sorcery spell")
_HEAD_NOUNS = {"permanent", "spell", "card", "ability", "source"}


def _trailing_noun(words: list[str]) -> list[str]:
    if words and _singular(words[-1].lower()) in _HEAD_NOUNS:
        return [words[-1]]
    return []


def _singular(w: str) -> str:
    if w in _PLURALS:
        return _PLURALS[w]
    if w.endswith("s") and w[:-1] in _CARD_TYPES.keys() | _NOUNS | {"token"}:
        return w[:-1]
    return w


def _parse_words(words: list[str], phrase: str) -> Filter:
    parts: list[Filter] = []
    noun: str | None = None
    for k, raw in enumerate(words):
        w = _singular(raw.lower())
        last = k == len(words) - 1
        if w in ("a", "an", "target", "the"):
            continue
        if w in ("other", "another"):
            parts.append(Other())
        elif w == "this":
            parts.append(ThisObject())
        elif w in ("enchanted", "equipped"):
            # "enchanted creature": what this Aura or Equipment is attached to; in a longer
            # phrase ("equipped Warriors you control") it means any equipped one: not read
            if k != 0 or len(words) != 2 or raw.lower() != w or _singular(words[1].lower()) != words[1].lower():
                raise FilterError(f"cannot read {raw!r} in {phrase!r}")
            parts.append(AttachedToSource())
        elif w == "tapped":
            parts.append(Tapped())
        elif w == "untapped":
            parts.append(~Tapped())
        elif w == "attacking":
            parts.append(Attacking())
        elif w == "blocking":
            parts.append(Blocking())
        elif w == "token":
            parts.append(Token())
        elif w == "nontoken":
            parts.append(~Token())
        elif w in COLOR_WORDS:
            parts.append(Colored(COLOR_WORDS[w]))
        elif w == "colorless":
            parts.append(Colorless())
        elif w == "multicolored":
            parts.append(Multicolored())
        elif w == "monocolored":
            parts.append(Monocolored())
        elif w in _CARD_TYPES:
            parts.append(CardType(_CARD_TYPES[w]))
        elif w in _SUPERTYPES:
            parts.append(Supertype(_SUPERTYPES[w]))
        elif w == "permanent" and not last:
            parts.append(PermanentCard())  # "permanent spell", "permanent card" (CR 110.4a)
        elif w in _NOUNS:
            noun = w
        elif w.startswith("non") and len(w) > 3:
            parts.append(~_parse_words([w[3:].lstrip("-")], phrase))
        elif w in _SUBTYPES_LOWER or w.rstrip("s") in _SUBTYPES_LOWER:
            parts.append(Subtype(_SUBTYPES_LOWER.get(w) or _SUBTYPES_LOWER[w.rstrip("s")]))
        else:
            raise FilterError(f"cannot read {raw!r} in {phrase!r}")
    if noun == "permanent":
        parts.append(Permanent())
    elif noun == "spell":
        parts.insert(0, Spell())
    elif noun == "player":
        parts.append(IsPlayer())
    elif noun == "opponent":
        parts.append(IsPlayer(OPPONENT))
    elif noun in ("ability", "source", "target"):
        raise FilterError(f"cannot read {phrase!r}")
    # noun "card": a card in some zone; the zone comes from a suffix ("in your graveyard")
    if not parts:
        raise FilterError(f"cannot read {phrase!r}: it names nothing")
    return _all(parts)
