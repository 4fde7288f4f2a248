"""Cards with several faces: each face compiles by itself, as its own card (its own name is
`~` in its text), and the card's definition lists them (`CardDef.faces`, carddef.with_faces).

- Modal double-faced cards (CR 712.3, 712.8): either face may be cast, or played if it is a
  land (CR 712.11b, 712.12); elsewhere than the stack and battlefield the card has only its
  front face's characteristics (CR 712.8a), so the card's own definition is the front face's.
- Transforming double-faced cards (CR 712.2): cast and put onto the battlefield front face up
  (CR 712.11, 712.14), turned over by "transform" (CR 701.27); the back face's mana value is
  the front face's (CR 712.8e).
- Adventurer cards (CR 715): the creature is the card's normal characteristics (CR 715.4); the
  Adventure, an instant or sorcery, is cast with its own (CR 715.3b) and is exiled as it
  resolves, to be cast later as the creature (CR 715.3d).

- Split cards (CR 709): either half is cast (CR 709.3); elsewhere than the stack the card has
  both halves' characteristics combined (CR 709.4). Fuse (CR 702.102): from a hand, both halves
  may be cast together as a third face, the fused split spell. Aftermath
  (CR 702.127): the second half is cast only from its owner's graveyard and is exiled as it
  leaves the stack (engine/faces.py).

A card is supported only when every face compiles; the reasons of every face are given.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..abilities import Activated, SpellAbility
from ..carddef import CardDef, with_faces
from ..database import OracleCard, OracleFace
from ..effects.faces import Disturb
from ..rewrite import shift_targets

#: the layouts read here (the others stay unsupported with their layout as the reason)
LAYOUTS = frozenset({"modal_dfc", "adventure", "transform", "split", "aftermath"})

_FUSE = "Fuse (You may cast one or both halves of this card from your hand.)"
_AFTERMATH = "Aftermath (Cast this spell only from your graveyard. Then exile it.)"

CompileFace = Callable[..., CardDef]


def compile_faces(card: OracleCard, compile_face: CompileFace) -> CardDef:
    """The definition of a card with several faces, or Unsupported with every face's reasons."""
    from . import Unsupported
    reasons: list[str] = []
    defs: list[CardDef] = []
    if len(card.faces) != 2:
        raise Unsupported(f"{card.layout} cards with {len(card.faces)} faces")
    fuse = card.layout == "split" and all(_FUSE in f.oracle_text for f in card.faces)
    for i, face in enumerate(card.faces):
        if card.layout == "aftermath":
            face = _without_aftermath(face, i)
        elif fuse:
            face = _without_fuse(face)
        try:
            defs.append(compile_face(face, card, own=True))
        except Unsupported as e:
            reasons.extend(e.reasons)
    if reasons:
        raise Unsupported(*reasons)
    if card.layout == "modal_dfc":
        _check_modal(card, defs)
    elif card.layout == "adventure":
        _check_adventure(card, defs)
    elif card.layout == "transform":
        defs = _transforming(card, defs)
    elif card.layout in ("split", "aftermath"):
        whole = _split_whole(card, defs)
        return with_faces(whole, card.layout, defs + [_fused(card, whole, defs)] if fuse else defs)
    return with_faces(defs[0], card.layout, defs)


def _mentions(face: OracleFace, *words: str) -> str | None:
    text = face.oracle_text.lower()
    return next((w for w in words if w in text), None)


def _check_modal(card: OracleCard, defs: list[CardDef]) -> None:
    from . import Unsupported
    for face in card.faces:
        word = _mentions(face, "transform", "convert")
        if word:  # a modal double-faced card that turns over (CR 712.3): not read
            raise Unsupported(f"modal double-faced cards that {word}")


def _transforming(card: OracleCard, defs: list[CardDef]) -> list[CardDef]:
    """A transforming double-faced card (CR 712.2): it is cast and enters front face up (CR
    712.11, 712.14); its back face has no mana cost and the front face's mana value (CR 712.8e)."""
    from . import Unsupported
    front, back = defs
    if not front.is_permanent or not back.is_permanent:
        raise Unsupported(f"transforming card with faces {front.type_line} and {back.type_line}")
    if not back.mana_cost.is_empty:
        raise Unsupported(f"a back face with a mana cost ({card.faces[1].mana_cost})")
    day, night = "daybound" in front.keywords, "nightbound" in back.keywords
    if day != night or "nightbound" in front.keywords or "daybound" in back.keywords:
        raise Unsupported("daybound and nightbound not on the front and back faces")  # CR 702.145a
    if any(isinstance(a, Disturb) for a in back.abilities):
        raise Unsupported("disturb on a back face")
    once = [any(isinstance(a, Activated) and a.once_each_turn for a in d.abilities) for d in defs]
    if all(once):  # activations are counted per permanent and ability place: not told apart
        raise Unsupported("\"activate only once each turn\" on both faces")
    return [front, dataclasses.replace(back, mv=front.mana_value)]


def _without_aftermath(face: OracleFace, i: int) -> OracleFace:
    """The second half's "Aftermath" line is read by the engine (engine/faces.py, CR
    702.127a); the first half has none."""
    from . import Unsupported
    lines = face.oracle_text.split("\n")
    if i == 1 and lines and lines[0].strip() == _AFTERMATH and len(lines) > 1:
        return dataclasses.replace(face, oracle_text="\n".join(lines[1:]))
    if "aftermath" in face.oracle_text.lower():
        raise Unsupported(f"aftermath on {face.name}")
    if i == 1:
        raise Unsupported(f"an aftermath card whose second half {face.name} lacks aftermath")
    return face


def _without_fuse(face: OracleFace) -> OracleFace:
    """A fuse card's "Fuse" line (printed across both halves, listed with each) is read by
    the engine: the fused spell is a third face (CR 702.102a)."""
    from . import Unsupported
    lines = face.oracle_text.split("\n")
    if lines[-1].strip() != _FUSE or len(lines) < 2:
        raise Unsupported("Fuse")
    return dataclasses.replace(face, oracle_text="\n".join(lines[:-1]))


def _fused(card: OracleCard, whole: CardDef, defs: list[CardDef]) -> CardDef:
    """The fused split spell (CR 702.102): both halves' characteristics combined (the card's
    own, CR 702.102b), both mana costs (CR 702.102c), the left half's instructions then the
    right half's (CR 702.102d), each with its own targets (the right half's numbered after
    the left half's)."""
    from . import Unsupported
    left, right = (d.spell_ability for d in defs)
    if left is None or right is None or defs[0].types != defs[1].types:
        raise Unsupported("Fuse")
    for sa, half in ((left, defs[0]), (right, defs[1])):
        if sa.modes or sa.divide or half.mana_cost.x_count or \
                any(t.count != 1 or t.up_to or t.minimum is not None or t.distinct for t in sa.targets):
            raise Unsupported("Fuse")
    n = len(left.targets)
    effects = left.effects + tuple(_shift_targets(e, n) for e in right.effects)
    sa = SpellAbility(text=f"{left.text}\n{right.text}", effects=effects, targets=left.targets + right.targets)
    return dataclasses.replace(whole, abilities=(sa,), oracle=f"{defs[0].oracle}\n{defs[1].oracle}")


def _shift_targets(value: Any, n: int) -> Any:
    """`value` with each `Target(i)` in it made `Target(i + n)`."""
    return shift_targets(value, n)


def _split_whole(card: OracleCard, defs: list[CardDef]) -> CardDef:
    """A split card of two instant or sorcery halves (CR 709.1); outside the stack it has
    both halves' characteristics combined (CR 709.4): both names, the combined mana cost, its
    mana value and colors from it (CR 709.4b), each half's types and abilities (CR 709.4c)."""
    from . import Unsupported
    left, right = defs
    for half in defs:
        if not half.types & {"Instant", "Sorcery"} or half.is_permanent:
            raise Unsupported(f"split cards with a {half.type_line} half")  # rooms: CR 709.5
        if any(not isinstance(a, SpellAbility) for a in half.abilities):
            raise Unsupported("a split card's half with abilities other than its effect")
    cost = left.mana_cost.plus(right.mana_cost)
    return CardDef(card.name, cost, left.types | right.types, tuple(dict.fromkeys(left.subtypes + right.subtypes)),
                   left.supertypes | right.supertypes, None, None,
                   f"{left.oracle}\n//\n{right.oracle}", left.abilities + right.abilities,
                   left.colors | right.colors, frozenset(), mv=left.mana_value + right.mana_value)


def _check_adventure(card: OracleCard, defs: list[CardDef]) -> None:
    """The first face is the creature (a permanent), the second the Adventure, an instant or
    sorcery with only its spell ability (CR 715.2)."""
    from . import Unsupported
    creature, adventure = defs
    if not creature.is_permanent or not adventure.types & {"Instant", "Sorcery"} \
            or "Adventure" not in adventure.subtypes:
        raise Unsupported(f"adventurer card with faces {creature.type_line} and {adventure.type_line}")
    if any(not isinstance(a, SpellAbility) for a in adventure.abilities):
        raise Unsupported("an Adventure with abilities other than its effect")
    word = _mentions(card.faces[0], "adventure")
    if word:  # "if it was cast as an Adventure", "creatures that have an Adventure": not read
        raise Unsupported("text about Adventures")
