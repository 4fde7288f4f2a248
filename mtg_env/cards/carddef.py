"""Card definitions: a card's printed characteristics and its abilities, one per Oracle line.

`card(...)` reads the type line and the costs of activated abilities from the text, so that
text and behaviour cannot drift apart (style.md: Forge keeps the Oracle text beside its script).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..core.mana import ManaCost, parse_mana_cost
from .abilities import Ability, Activated, Keyword, SpellAbility
from .costs import CardDefinitionError, keyword_cost, parse_cost, split_cost

T = TypeVar("T")

PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
SUPERTYPES = frozenset({"Legendary", "Basic", "Snow", "World"})
CARD_TYPES = PERMANENT_TYPES | {"Instant", "Sorcery", "Kindred"}


@dataclass(frozen=True, eq=False)
class CardDef:
    """A card's printed characteristics and abilities. Shared by every object of that card;
    never copied; pickles as its name."""

    name: str
    mana_cost: ManaCost
    types: frozenset[str]
    subtypes: tuple[str, ...]
    supertypes: frozenset[str]
    power: int | None
    toughness: int | None
    oracle: str
    abilities: tuple[Ability, ...]
    colors: frozenset[str]
    keywords: frozenset[str]
    is_token: bool = False
    #: a card with several faces (CR 709 split, 712 double-faced, 715 adventurer): its layout
    #: ("split", "adventure", "modal_dfc", "transform") and each face's own definition, in
    #: printed order. This definition is the card's characteristics where no face is chosen:
    #: the front face's (CR 712.8a), the creature's (CR 715.4), or both halves' combined (CR
    #: 709.4). A face's definition has `whole` set to it and `face_index` its place.
    layout: str = "normal"
    faces: tuple[CardDef, ...] = ()
    whole: CardDef | None = field(default=None, repr=False)
    face_index: int = 0
    #: the mana value when it is not the mana cost's: a transforming card's back face has the
    #: front face's (CR 712.8e); a split card's halves combined have the sum (CR 709.4)
    mv: int | None = None
    #: a planeswalker's printed loyalty (CR 306.5a); None for other cards
    loyalty: int | None = None

    def __reduce__(self) -> tuple:
        from . import get_card
        if self.whole is not None:
            return (face_of, (self.whole.name, self.face_index))
        return (get_card, (self.name,))

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mv is None else self.mv

    @property
    def card(self) -> CardDef:
        """The whole card: the definition it has where no face is chosen (itself for a
        single-faced card)."""
        return self.whole if self.whole is not None else self

    @property
    def key(self) -> str:
        """How `card_by_key` finds this definition again (a face: "<card>#face<i>")."""
        return self.name if self.whole is None else f"{self.whole.name}#face{self.face_index}"

    def __deepcopy__(self, memo: dict) -> CardDef:
        return self

    def __copy__(self) -> CardDef:
        return self

    @property
    def is_emblem(self) -> bool:
        """An emblem (CR 114; cards/effects/planeswalkers.py), not a card."""
        return False

    @property
    def is_permanent(self) -> bool:
        return bool(self.types & PERMANENT_TYPES)

    @property
    def type_line(self) -> str:
        parts: list[str] = [t for t in ("Legendary", "Basic", "Snow") if t in self.supertypes]
        parts += [t for t in ("Kindred", "Enchantment", "Artifact", "Land", "Creature",
                              "Planeswalker", "Instant", "Sorcery", "Battle") if t in self.types]
        line = " ".join(parts)
        return f"{line} — {' '.join(self.subtypes)}" if self.subtypes else line

    @property
    def spell_ability(self) -> SpellAbility | None:
        for a in self.abilities:
            if isinstance(a, SpellAbility):
                return a
        return None


def parse_type_line(line: str, card: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    main, _, sub = line.partition("—")
    words = main.split()
    supers = frozenset(w for w in words if w in SUPERTYPES)
    types = frozenset(w for w in words if w in CARD_TYPES)
    unknown = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]
    if unknown or not types:
        raise CardDefinitionError(card, f"cannot read type line {line!r}")
    return types, supers, tuple(sub.split())


def card(name: str, mana_cost: str | None, type_line: str, oracle: str, *abilities: Ability,
         pt: str | None = None, colors: str | None = None, token: bool = False,
         loyalty: int | None = None) -> CardDef:
    """Define a card. Abilities are given in Oracle-line order, one per line, and each takes its
    line as its text; an instant or sorcery's SpellAbility takes the whole text. The cost of an
    activated ability is read from its line."""
    types, supers, subs = parse_type_line(type_line, name)
    lines: list[str] = []
    for ln in oracle.split("\n"):
        if ln.startswith("•") and lines:
            lines[-1] += " " + ln  # a mode belongs to its modal ability (CR 700.2)
        elif ln.strip():
            lines.append(ln)
    built: list[Ability] = []
    if len(abilities) == 1 and isinstance(abilities[0], SpellAbility) and len(lines) > 1:
        lines = [oracle]
    if len(abilities) != len(lines):
        raise CardDefinitionError(name, f"{len(abilities)} abilities for {len(lines)} Oracle lines")
    keywords: set[str] = set()
    for ab, line in zip(abilities, lines, strict=True):
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]  # a basic land's intrinsic ability is reminder text (CR 305.6)
        if isinstance(ab, Activated):
            if ab.keyword is None:
                cost_text, sep, _ = split_cost(line)
                if not sep:
                    raise CardDefinitionError(name, f"activated ability without a colon: {line!r}")
                cost = parse_cost(cost_text, name)
            else:
                cost = keyword_cost(ab.keyword, line, name)
            once = ab.once_each_turn or "Activate only once each turn" in line
            sorcery = ab.sorcery_speed or "Activate only as a sorcery" in line
            ab = _replace(ab, text=line, cost=cost, once_each_turn=once, sorcery_speed=sorcery)
        else:
            ab = _replace(ab, text=line)
        if isinstance(ab, Keyword):
            keywords.update(ab.names)
        built.append(ab)
    power = toughness = None
    if pt is not None:
        p, _, t = pt.partition("/")
        power, toughness = int(p), int(t)
    mcost = parse_mana_cost(mana_cost)
    cols = frozenset(colors) if colors is not None else mcost.colors()
    return CardDef(name, mcost, types, subs, supers, power, toughness, oracle, tuple(built),
                   cols, frozenset(keywords), token, loyalty=loyalty)


def face_of(name: str, index: int) -> CardDef:
    """The definition of face `index` of the card `name`."""
    from . import get_card
    return get_card(name).faces[index]


def card_by_key(key: str) -> CardDef:
    """The definition `CardDef.key` names: a card, or one face of a card."""
    from . import get_card
    name, sep, face = key.rpartition("#face")
    if sep and face.isdigit():
        return face_of(name, int(face))
    return get_card(key)


def with_faces(whole: CardDef, layout: str, faces: list[CardDef]) -> CardDef:
    """`whole` as a card with the given faces (each made a face of it)."""
    built = dataclasses.replace(whole, layout=layout)
    done = tuple(dataclasses.replace(f, layout=layout, whole=built, face_index=i) for i, f in enumerate(faces))
    object.__setattr__(built, "faces", done)
    return built


def granted(text: str, *effects: Any, **kw: Any) -> Activated:
    """An activated ability that a static ability grants ("Lands you control have '{T}: Add one
    mana of any color.'"): its cost is read from its text like a printed one."""
    cost_text, _sep, _rest = split_cost(text)
    return Activated(text=text, cost=parse_cost(cost_text, ""), effects=effects, **kw)


def _replace(ab: Ability, **changes: Any) -> Ability:
    return dataclasses.replace(ab, **changes)


def card_cache(card: CardDef, key: str, compute: Callable[[CardDef], T]) -> T:
    """`compute(card)`, worked out once per card definition and kept on it (definitions are
    immutable: what is read from their abilities never changes). For the legal-action checks,
    which ask the same of every card at every priority."""
    d = card.__dict__
    if key not in d:
        object.__setattr__(card, key, compute(card))
    value: T = d[key]
    return value
