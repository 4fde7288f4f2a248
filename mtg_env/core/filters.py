"""The filter language: typed predicates over what a card can refer to.

Oracle text picks things out with noun phrases: "target creature you control", "other blue
creatures you control", "an artifact or enchantment", "target activated or triggered ability you
control from a colorless source", "an instant or sorcery card in your graveyard". A `Filter` is
such a phrase read once, when the card is defined, into predicates combined with `&`, `|` and
`~` (And, Or, Not). Targeting (CR 115), the layer system (CR 613), triggers (CR 603), costs and
effects all judge things with the same filters, and the card compiler emits them.

A filter judges three kinds of things, each by its own method:
- `obj(g, o, c, you, source)`: an object (a permanent, a card in a zone, a spell's object), with
  `c` the characteristics to judge it by (the layer system passes the ones computed so far);
- `player(g, p, you)`: a player;
- `item(g, s, you, source)`: a spell or ability on the stack.
`you` is the player the phrase is relative to (the controller of the spell, ability or static
ability) and `source` the object it belongs to ("other", "this"). `domain()` says where the
things it can match are: the battlefield, players, the stack, or cards in a zone (CR 400.1).

This module imports nothing above the core. The game it is given is anything with `objects`,
`players`, `chars(oid)`, `is_attacking(oid)`, `is_blocking(oid)` and `stack_source_chars(item)`.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import MtgError
from .subtypes import SUBTYPES

if TYPE_CHECKING:
    from .chars import Chars
    from .objects import GameObject, Ref, StackItem

#: where a filter's things are: these, or a zone name (CR 400.1) for cards in that zone
BATTLEFIELD, PLAYERS, STACK = "battlefield", "players", "stack"

#: whose: the player the phrase is relative to, or any of their opponents
YOU, OPPONENT = "you", "opponent"


class FilterError(MtgError, ValueError):
    """An Oracle phrase the filter language cannot read (names the phrase and the word)."""


class Filter:
    """A predicate. Subclasses override the judgements that apply to them; the rest are False."""

    __slots__ = ()

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return False

    def player(self, g: Any, p: int, you: int) -> bool:
        return False

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return False

    def domain(self) -> frozenset[str] | None:
        """Where this filter's things are, or None when the filter itself doesn't say."""
        return None

    def where(self) -> frozenset[str]:
        """Where to look for things this filter matches (the battlefield unless it says)."""
        return self.domain() or frozenset({BATTLEFIELD})

    def matches(self, g: Any, ref: Ref, you: int, source: int | None = None) -> bool:
        kind, i = ref
        if kind == "obj":
            o = g.objects.get(i)
            return o is not None and self.obj(g, o, g.chars(i), you, source)
        if kind == "player":
            return self.player(g, i, you)
        s = next((s for s in g.stack if s.id == i), None)
        return s is not None and self.item(g, s, you, source)

    def __and__(self, other: Filter) -> Filter:
        return And(_parts(self, And) + _parts(other, And))

    def __or__(self, other: Filter) -> Filter:
        return Or(_parts(self, Or) + _parts(other, Or))

    def __invert__(self) -> Filter:
        return Not(self)


def _parts(f: Filter, kind: type) -> tuple[Filter, ...]:
    return f.parts if isinstance(f, kind) else (f,)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------------------------
# combinators


@dataclass(frozen=True, slots=True)
class And(Filter):
    parts: tuple[Filter, ...]

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return all(p.obj(g, o, c, you, source) for p in self.parts)

    def player(self, g: Any, p: int, you: int) -> bool:
        return all(f.player(g, p, you) for f in self.parts)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return all(p.item(g, s, you, source) for p in self.parts)

    def domain(self) -> frozenset[str] | None:
        out: frozenset[str] | None = None
        for p in self.parts:
            d = p.domain()
            if d is not None:
                out = d if out is None else out & d
        return out

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.parts)


@dataclass(frozen=True, slots=True)
class Or(Filter):
    parts: tuple[Filter, ...]

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return any(p.obj(g, o, c, you, source) for p in self.parts)

    def player(self, g: Any, p: int, you: int) -> bool:
        return any(f.player(g, p, you) for f in self.parts)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return any(p.item(g, s, you, source) for p in self.parts)

    def domain(self) -> frozenset[str] | None:
        if all(p.domain() is None for p in self.parts):
            return None
        out: frozenset[str] = frozenset()
        for p in self.parts:
            out |= p.where()
        return out

    def __str__(self) -> str:
        return " or ".join(str(p) for p in self.parts)


@dataclass(frozen=True, slots=True)
class Not(Filter):
    part: Filter

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return not self.part.obj(g, o, c, you, source)

    def player(self, g: Any, p: int, you: int) -> bool:
        return not self.part.player(g, p, you)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return not self.part.item(g, s, you, source)

    def __str__(self) -> str:
        return f"non-{self.part}"


@dataclass(frozen=True, slots=True)
class Anything(Filter):
    """Matches every object, player and stack item."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return True

    def player(self, g: Any, p: int, you: int) -> bool:
        return True

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return True

    def __str__(self) -> str:
        return "anything"


# --------------------------------------------------------------------------------------------
# characteristics of objects (CR 109.3); a spell on the stack is judged by its card's object


class ObjectPredicate(Filter):
    """A predicate on an object's characteristics or state; a spell is judged by its object."""

    __slots__ = ()

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        if s.kind != "spell" or s.obj_id is None:
            return False
        o = g.objects.get(s.obj_id)
        return o is not None and self.obj(g, o, g.chars(s.obj_id), you, source)


@dataclass(frozen=True, slots=True)
class CardType(ObjectPredicate):
    """A card type (CR 205.2a): "creature", "artifact", ..."""

    name: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self.name in c.types

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Subtype(ObjectPredicate):
    """A subtype (CR 205.3): "Forest", "Equipment", "Goblin"."""

    name: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self.name in c.subtypes

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Supertype(ObjectPredicate):
    """A supertype (CR 205.4): "basic", "legendary", "snow"."""

    name: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self.name in c.supertypes

    def __str__(self) -> str:
        return self.name.lower()


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True, slots=True)
class Colored(ObjectPredicate):
    """Is a color (CR 105.2): `color` one of W, U, B, R, G."""

    color: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self.color in c.colors

    def __str__(self) -> str:
        return next(w for w, s in COLOR_WORDS.items() if s == self.color)


@dataclass(frozen=True, slots=True)
class Colorless(ObjectPredicate):
    """CR 105.2c: no color."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return not c.colors

    def __str__(self) -> str:
        return "colorless"


@dataclass(frozen=True, slots=True)
class Multicolored(ObjectPredicate):
    """CR 105.4: two or more colors."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return len(c.colors) >= 2

    def __str__(self) -> str:
        return "multicolored"


@dataclass(frozen=True, slots=True)
class Monocolored(ObjectPredicate):
    """CR 105.3: exactly one color."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return len(c.colors) == 1

    def __str__(self) -> str:
        return "monocolored"


_OPS: dict[str, Callable[[int, int], bool]] = {"<=": operator.le, ">=": operator.ge, "==": operator.eq,
                                               "<": operator.lt, ">": operator.gt}
_OP_WORDS = {"<=": "or less", ">=": "or greater", "==": "", "<": "less than", ">": "greater than"}


@dataclass(frozen=True, slots=True)
class Compare(ObjectPredicate):
    """"with power 2 or less", "with mana value 3 or greater" (CR 208, 202.3)."""

    what: str   # "power", "toughness" or "mana_value"
    op: str     # "<=", ">=", "==", "<", ">"
    n: int

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        v = getattr(c, self.what)
        return v is not None and _OPS[self.op](v, self.n)

    def __str__(self) -> str:
        return f"with {self.what.replace('_', ' ')} {self.n} {_OP_WORDS[self.op]}".rstrip()


@dataclass(frozen=True, slots=True)
class HasKeyword(ObjectPredicate):
    """"with flying" (CR 702)."""

    keyword: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self.keyword in c.keywords

    def __str__(self) -> str:
        return f"with {self.keyword}"


@dataclass(frozen=True, slots=True)
class Named(ObjectPredicate):
    name: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return c.name == self.name

    def __str__(self) -> str:
        return f"named {self.name}"


# --------------------------------------------------------------------------------------------
# state and relations


@dataclass(frozen=True, slots=True)
class ControlledBy(Filter):
    """"you control" / "an opponent controls" (CR 108.4): of objects and stack items."""

    whose: str  # YOU or OPPONENT

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return (o.controller == you) == (self.whose == YOU)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return (s.controller == you) == (self.whose == YOU)

    def __str__(self) -> str:
        return "you control" if self.whose == YOU else "an opponent controls"


@dataclass(frozen=True, slots=True)
class OwnedBy(ObjectPredicate):
    """"you own" (CR 108.3); "in your graveyard" is a card you own in a graveyard."""

    whose: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return (o.owner == you) == (self.whose == YOU)

    def __str__(self) -> str:
        return "you own" if self.whose == YOU else "an opponent owns"


@dataclass(frozen=True, slots=True)
class Other(ObjectPredicate):
    """"other", "another": not the source itself."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return o.id != source

    def __str__(self) -> str:
        return "other"


@dataclass(frozen=True, slots=True)
class ThisObject(ObjectPredicate):
    """The source itself ("this creature", the card's own name)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return o.id == source

    def __str__(self) -> str:
        return "this"


@dataclass(frozen=True, slots=True)
class AttachedToSource(ObjectPredicate):
    """"enchanted creature", "equipped creature": what the source is attached to (CR 301.5,
    303.4)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        src = g.objects.get(source) if source is not None else None
        # an object that has left is attached to nothing (CR 701.3): not "equipped" any more
        return src is not None and src.attached_to == o.id and o.id in g.objects

    def __str__(self) -> str:
        return "enchanted or equipped"


@dataclass(frozen=True, slots=True)
class Token(ObjectPredicate):
    """A token (CR 111)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(o.token)

    def __str__(self) -> str:
        return "token"


@dataclass(frozen=True, slots=True)
class Tapped(ObjectPredicate):
    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(o.tapped)

    def __str__(self) -> str:
        return "tapped"


@dataclass(frozen=True, slots=True)
class Attacking(ObjectPredicate):
    """CR 506.4: an attacking creature."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(g.is_attacking(o.id))

    def __str__(self) -> str:
        return "attacking"


@dataclass(frozen=True, slots=True)
class Blocking(ObjectPredicate):
    """CR 506.4: a blocking creature."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(g.is_blocking(o.id))

    def __str__(self) -> str:
        return "blocking"


# --------------------------------------------------------------------------------------------
# where things are


@dataclass(frozen=True, slots=True)
class Permanent(ObjectPredicate):
    """A permanent (CR 110): an object on the battlefield."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return o.zone == BATTLEFIELD

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return False

    def domain(self) -> frozenset[str] | None:
        return frozenset({BATTLEFIELD})

    def __str__(self) -> str:
        return "permanent"


@dataclass(frozen=True, slots=True)
class PermanentCard(ObjectPredicate):
    """A permanent card or spell (CR 110.4a): artifact, creature, enchantment, land, planeswalker
    or battle ("target permanent spell")."""

    TYPES: ClassVar[frozenset[str]] = frozenset({"Artifact", "Creature", "Enchantment", "Land",
                                                 "Planeswalker", "Battle"})

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return bool(c.types & self.TYPES)

    def __str__(self) -> str:
        return "permanent"


@dataclass(frozen=True, slots=True)
class InZone(ObjectPredicate):
    """A card in a zone: "card in your graveyard" is InZone(graveyard) and OwnedBy(you)."""

    zone: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return o.zone == self.zone

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return False

    def domain(self) -> frozenset[str] | None:
        return frozenset({self.zone})

    def __str__(self) -> str:
        return f"card in a {self.zone}"


@dataclass(frozen=True, slots=True)
class IsPlayer(Filter):
    """A player (CR 102); `whose` YOU or OPPONENT narrows it to you or an opponent."""

    whose: str | None = None

    def player(self, g: Any, p: int, you: int) -> bool:
        if g.players[p].lost:
            return False
        return self.whose is None or (p == you) == (self.whose == YOU)

    def domain(self) -> frozenset[str] | None:
        return frozenset({PLAYERS})

    def __str__(self) -> str:
        return {None: "player", YOU: "you", OPPONENT: "opponent"}[self.whose]


@dataclass(frozen=True, slots=True)
class Spell(Filter):
    """A spell on the stack (CR 112.1)."""

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return s.kind == "spell"

    def domain(self) -> frozenset[str] | None:
        return frozenset({STACK})

    def __str__(self) -> str:
        return "spell"


@dataclass(frozen=True, slots=True)
class StackAbility(Filter):
    """An activated or triggered ability on the stack (CR 113.1b, 115.1); a mana ability is
    never there (CR 605.3a)."""

    activated: bool = True
    triggered: bool = True

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        if s.kind != "ability" or s.ability is None:
            return False
        return self.triggered if s.ability.kind == "triggered" else self.activated

    def domain(self) -> frozenset[str] | None:
        return frozenset({STACK})

    def __str__(self) -> str:
        kinds = [k for k, on in (("activated", self.activated), ("triggered", self.triggered)) if on]
        return " or ".join(kinds) + " ability"


@dataclass(frozen=True, slots=True)
class ManaAbility(Filter):
    """A mana ability being activated (CR 605.1a): for "if it isn't a mana ability"."""

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return s.kind == "ability" and bool(getattr(s.ability, "is_mana_ability", False))

    def __str__(self) -> str:
        return "mana ability"


@dataclass(frozen=True, slots=True)
class FromSource(Filter):
    """An ability "from a colorless source", "of an artifact": its source, as it is now or as it
    last existed on the battlefield (CR 113.7a), matches `source_filter`."""

    source_filter: Filter

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        if s.kind != "ability":
            return False
        c = g.stack_source_chars(s)
        if c is None:
            return False
        src = g.objects.get(s.obj_id) if s.obj_id is not None else None
        if src is None:
            gone: Any = Departed(s.obj_id or 0, s.controller)
            return self.source_filter.obj(g, gone, c, you, source)
        return self.source_filter.obj(g, src, c, you, source)

    def __str__(self) -> str:
        return f"from a {self.source_filter} source"


class Departed:
    """What a filter may ask of a source that has left the battlefield (its last known id and
    controller; CR 113.7a)."""

    __slots__ = ("id", "controller", "owner", "zone", "tapped", "token", "attached_to")

    def __init__(self, oid: int, controller: int):
        self.id = oid
        self.controller = controller
        self.owner = controller
        self.zone = BATTLEFIELD
        self.tapped = False
        self.token = False
        self.attached_to = None


@dataclass(frozen=True, slots=True)
class Targets(Filter):
    """A spell or ability that targets something `what` matches (Ertha Jo: "an ability that
    targets a creature or player")."""

    what: Filter

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return any(self.what.matches(g, r, you, source) for r in s.ctx.targets)

    def __str__(self) -> str:
        return f"that targets {self.what}"


#: "any target" (CR 115.4): a creature, player, planeswalker or battle.
ANY_TARGET: Filter = (Permanent() & (CardType("Creature") | CardType("Planeswalker"))) | IsPlayer()


# --------------------------------------------------------------------------------------------
# reading Oracle noun phrases


_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
               "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle",
               "kindred": "Kindred"}
_SUPERTYPES = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow", "world": "World"}
_SUBTYPES_LOWER = {s.lower(): s for s in SUBTYPES}
_PLURALS = {"sorceries": "sorcery", "abilities": "ability", "enchantments": "enchantment"}
_NOUNS = {"permanent", "spell", "card", "ability", "player", "opponent", "source", "target"}

_SUFFIXES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Filter]]] = [
    (re.compile(r"^(.*) you control$"), lambda m: ControlledBy(YOU)),
    (re.compile(r"^(.*) (?:you don't control|an opponent controls|your opponents control)$"),
     lambda m: ControlledBy(OPPONENT)),
    (re.compile(r"^(.*) you own$"), lambda m: OwnedBy(YOU)),
    (re.compile(r"^(.*) (?:in|from) your (graveyard|hand|library|exile)$"),
     lambda m: InZone(m.group(2)) & OwnedBy(YOU)),
    (re.compile(r"^(.*) (?:in|from) (?:a|an opponent's) (graveyard|hand)$"), lambda m: InZone(m.group(2))),
    (re.compile(r"^(.*) from a (.+) source$"), lambda m: FromSource(parse_filter(m.group(2)))),
    (re.compile(r"^(.*) with (power|toughness|mana value) (\d+) or (less|greater)$"),
     lambda m: Compare(m.group(2).replace(" ", "_"), "<=" if m.group(4) == "less" else ">=", int(m.group(3)))),
    (re.compile(r"^(.*) with (flying|reach|haste|vigilance|trample|deathtouch|lifelink|defender|menace)$"),
     lambda m: HasKeyword(m.group(2))),
]


def parse_filter(phrase: str) -> Filter:
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
    head = _parse_head(text, phrase)
    return head if not extra else head & _all(extra)


def _all(fs: list[Filter]) -> Filter:
    return fs[0] if len(fs) == 1 else And(tuple(fs))


def _parse_head(text: str, phrase: str) -> Filter:
    """`[qualifiers] type-or-type [noun]`: the alternatives joined by "or" share the noun and the
    qualifiers that only the last (or first) of them has ("instant or sorcery spell",
    "activated or triggered ability", "black or red creature")."""
    alts = [a.split() for a in re.split(r",? or |, ", text) if a.strip()]
    if not alts:
        raise FilterError(f"cannot read an empty phrase ({phrase!r})")
    # "activated or triggered ability", "triggered ability"
    if _singular(alts[-1][-1].lower()) == "ability":
        kinds = [" ".join(a[:-1] if a is alts[-1] else a).lower() for a in alts]
        if all(k in ("activated", "triggered") for k in kinds):
            return StackAbility("activated" in kinds, "triggered" in kinds)
    # the noun of the last alternative is shared ("instant or sorcery spell")
    noun = _trailing_noun(alts[-1])
    if noun and len(alts) > 1:
        alts = [a if _trailing_noun(a) else a + noun for a in alts[:-1]] + [alts[-1]]
    filters = [_parse_words(a, phrase) for a in alts]
    return filters[0] if len(filters) == 1 else Or(tuple(filters))


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
