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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import MtgError

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

    def only(self, g: Any, source: int | None) -> tuple[int, ...] | None:
        """The only objects this filter can match, when it names them ("enchanted creature":
        what the source is attached to; "this creature"), else None: callers that would look at
        every permanent look at these instead."""
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

    # explicit loops: these are on the hot path of legal actions and the layer system
    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        for p in self.parts:  # noqa: SIM110 (faster than all() here)
            if not p.obj(g, o, c, you, source):
                return False
        return True

    def player(self, g: Any, p: int, you: int) -> bool:
        for f in self.parts:  # noqa: SIM110
            if not f.player(g, p, you):
                return False
        return True

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        for p in self.parts:  # noqa: SIM110
            if not p.item(g, s, you, source):
                return False
        return True

    def domain(self) -> frozenset[str] | None:
        out: frozenset[str] | None = None
        for p in self.parts:
            d = p.domain()
            if d is not None:
                out = d if out is None else out & d
        return out

    def only(self, g: Any, source: int | None) -> tuple[int, ...] | None:
        for p in self.parts:
            ids = p.only(g, source)
            if ids is not None:
                return ids
        return None

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.parts)


@dataclass(frozen=True, slots=True)
class Or(Filter):
    parts: tuple[Filter, ...]

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        for p in self.parts:  # noqa: SIM110 (faster than any() here)
            if p.obj(g, o, c, you, source):
                return True
        return False

    def player(self, g: Any, p: int, you: int) -> bool:
        for f in self.parts:  # noqa: SIM110
            if f.player(g, p, you):
                return True
        return False

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        for p in self.parts:  # noqa: SIM110
            if p.item(g, s, you, source):
                return True
        return False

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
class CompareToSource(ObjectPredicate):
    """"with power less than ~'s power" (CR 208): the object's value against the source's, both
    as they are now (a source without the value, or none, matches nothing)."""

    what: str   # "power", "toughness" or "mana_value"
    op: str     # "<=", ">=", "==", "<", ">"

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        if source is None or source not in g.objects:
            return False
        v, w = getattr(c, self.what), getattr(g.chars(source), self.what)
        return v is not None and w is not None and _OPS[self.op](v, w)

    def __str__(self) -> str:
        return f"with {self.what.replace('_', ' ')} {_OP_WORDS[self.op]} this one's".rstrip()


@dataclass(frozen=True, slots=True)
class HasKeyword(ObjectPredicate):
    """"with flying" (CR 702)."""

    keyword: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self.keyword in c.keywords

    def __str__(self) -> str:
        return f"with {self.keyword}"


@dataclass(frozen=True, slots=True)
class HasCounter(ObjectPredicate):
    """"with a +1/+1 counter on it" (CR 122.1): one or more counters of that kind (`kind`
    None: "with a counter on it", of any kind)."""

    kind: str | None

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        if self.kind is None:
            return any(n > 0 for n in o.counters.values())
        return bool(o.counters.get(self.kind))

    def __str__(self) -> str:
        return f"with a {self.kind} counter" if self.kind else "with a counter"


@dataclass(frozen=True, slots=True)
class Named(ObjectPredicate):
    name: str

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        # a split card has both names where its halves are combined (CR 709.4a)
        return c.name == self.name or (" // " in c.name and self.name in c.name.split(" // "))

    def __str__(self) -> str:
        return f"named {self.name}"


def chosen_value(g: Any, source: int | None, key: str) -> Any:
    """What the source permanent chose as it entered (CR 614.12, 607.2): `key` "chosen_color"
    or "chosen_type" of its "as enters" choice; None when nothing was chosen (a copy that
    entered without making the choice, or no source)."""
    so = g.objects.get(source) if source is not None else None
    info = so.info if so is not None else None
    return info.get(key) if info else None


@dataclass(frozen=True, slots=True)
class ChosenColor(ObjectPredicate):
    """"of the chosen color": the color the source chose as it entered (none chosen: nothing)."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        color = chosen_value(g, source, "chosen_color")
        return color is not None and color in c.colors

    def __str__(self) -> str:
        return "of the chosen color"


@dataclass(frozen=True, slots=True)
class ChosenType(ObjectPredicate):
    """"of the chosen type": the creature type the source chose as it entered."""

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        kind = chosen_value(g, source, "chosen_type")
        return kind is not None and kind in c.subtypes

    def __str__(self) -> str:
        return "of the chosen type"


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

    def only(self, g: Any, source: int | None) -> tuple[int, ...] | None:
        return () if source is None else (source,)

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

    def only(self, g: Any, source: int | None) -> tuple[int, ...] | None:
        src = g.objects.get(source) if source is not None else None
        return () if src is None or src.attached_to is None else (src.attached_to,)

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


# --------------------------------------------------------------------------------------------
# conditions on the game: the same whatever object they are asked about


@dataclass(frozen=True, slots=True)
class Controls(Filter):
    """"you control two or more other lands", "you control a Forest or a Plains", "you control
    no creatures": the number of permanents `what` matches (relative to `you` and the source;
    `what` says whose) is at least `count`, or, with `none`, zero."""

    what: Filter
    count: int = 1
    none: bool = False

    def _holds(self, g: Any, you: int, source: int | None) -> bool:
        n = 0
        what = self.what
        for oid in g.battlefield:
            if what.obj(g, g.objects[oid], g.chars(oid), you, source):
                n += 1
                if n >= self.count and not self.none:
                    return True
        return n == 0 if self.none else False

    def obj(self, g: Any, o: GameObject, c: Chars, you: int, source: int | None) -> bool:
        return self._holds(g, you, source)

    def player(self, g: Any, p: int, you: int) -> bool:
        return self._holds(g, you, None)

    def item(self, g: Any, s: StackItem, you: int, source: int | None) -> bool:
        return self._holds(g, you, source)

    def __str__(self) -> str:
        return f"you control {'no' if self.none else f'{self.count} or more'} {self.what}"


#: "any target" (CR 115.4): a creature, player, planeswalker or battle.
ANY_TARGET: Filter = (Permanent() & (CardType("Creature") | CardType("Planeswalker"))) | IsPlayer()


def parse_filter(phrase: str) -> Filter:
    """Read an Oracle noun phrase into a filter (core/phrases.py)."""
    from .phrases import read_phrase
    return read_phrase(phrase)
