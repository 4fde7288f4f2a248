"""The card compiler: a card's Oracle text (cards/database.py) to its definition in the card
vocabulary (cards/vocab.py), by the templates Oracle text is written in.

A card compiles exactly or not at all: it is supported only when every line of its text is
read by a rule into behaviour the engine executes; otherwise it is unsupported, and `reasons`
names each phrase no rule read (CR 113.2c: each line is one ability, and none is dropped).

- text.py: lines, reminder text, the card's name as `~`;
- grammar.py: patterns with typed slots, rules by category, `apply`;
- lexicon.py: the slot readers (numbers, mana, costs, targets, players, noun phrases);
- builder.py: one ability's targets and what "it" refers to;
- lines.py: keyword, activated, triggered, static and spell lines;
- templates/: the rules, one module per family (keywords, mana, effects, triggers, statics).

`compile_card(card)` compiles one card (a few milliseconds; done on first use by
`cards.get_card`); `coverage.py` compiles the whole database once and caches the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.errors import MtgError
from ...core.mana import parse_mana_cost
from ...core.subtypes import BASIC_LAND_TYPES
from ..abilities import Ability, Activated, Keyword, SpellAbility
from ..carddef import CardDef, parse_type_line
from ..costs import Cost
from ..database import OracleCard, OracleFace, lookup
from ..effects import AddMana
from . import faces
from .grammar import FAIL, NoParse
from .lines import permanent_line, spell_effect
from .templates.level import bands as level_bands
from .templates.sagas import saga_line
from .text import Line, lines_of

#: bumped when the compiler's output changes in a way its source hash wouldn't show
VERSION = 1

_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class Compiled:
    """The outcome of compiling a card: its definition, or the phrases that kept it out."""

    name: str
    card: CardDef | None
    reasons: tuple[str, ...]

    @property
    def supported(self) -> bool:
        return self.card is not None


class Unsupported(MtgError):
    """A card, or a part of it, the compiler does not read (its reasons)."""

    def __init__(self, *reasons: str) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = reasons


def _templates() -> None:
    from . import templates  # noqa: F401  (registers the rules)


def compile_card(card: OracleCard) -> Compiled:
    """Compile one card of the database (see the module docstring)."""
    _templates()
    try:
        if card.layout == "normal":
            cd = _compile_face(card.front, card)
        elif card.layout in faces.LAYOUTS:
            cd = faces.compile_faces(card, _compile_face)
        else:
            return Compiled(card.name, None, (f"{card.layout} cards (several faces) are not supported yet",))
    except Unsupported as e:
        return Compiled(card.name, None, tuple(dict.fromkeys(e.reasons)))
    return Compiled(card.name, cd, ())


@cache
def compiled(name: str) -> Compiled | None:
    """The compiled card named `name` (any spelling `database.lookup` accepts), or None when
    the database has no such card. Cached: a card compiles once per process."""
    oc = lookup(name)
    if oc is None:
        return None
    return _compiled_card(oc.name)


@cache
def _compiled_card(name: str) -> Compiled:
    """One compilation per card, whichever of its names asked (a face's definition pickles as
    its card's name and its place, carddef.face_of)."""
    oc = lookup(name)
    assert oc is not None
    return compile_card(oc)


_TYPE_WORDS = {"Tribal": "Kindred"}


def _compile_face(face: OracleFace, card: OracleCard, own: bool = False) -> CardDef:
    """One face's definition; `own`: a face of a card with several faces, named by its own
    name and read as its own type line says (CR 709.3b, 712.8f, 715.3b)."""
    reasons: list[str] = []
    ctx: OracleCard | OracleFace = face if own else card
    line = " ".join(_TYPE_WORDS.get(w, w) for w in face.type_line.split())
    try:
        types, supers, subs = parse_type_line(line, face.name)
    except MtgError:
        raise Unsupported(f"type line {face.type_line!r}") from None
    cost_text = face.mana_cost
    if "{S}" in cost_text or "{H" in cost_text:
        raise Unsupported(f"mana cost {cost_text}")
    try:
        # Phyrexian symbols: paid with mana or 2 life each (CR 107.4f, engine/phyrexian.py)
        mana_cost = parse_mana_cost(cost_text or None, phyrexian=True)
    except MtgError:
        raise Unsupported(f"mana cost {cost_text}") from None
    if mana_cost.phyrexian and mana_cost.x_count:
        raise Unsupported(f"mana cost {cost_text}")  # X beside Phyrexian mana: not read
    power = toughness = None
    starred = False  # a "*" a characteristic-defining ability must define (CR 604.3)
    # CR 301.7a: a Vehicle has its printed power and toughness too (it has them only while
    # it is a creature, CR 208.3; crewing makes it one, CR 301.7b)
    if "Creature" in types or "Vehicle" in subs:
        try:
            power, toughness = int(face.power or ""), int(face.toughness or "")
        except ValueError:
            starred = True
    loyalty = None
    if "Planeswalker" in types:
        if (face.loyalty or "").isdigit():
            loyalty = int(face.loyalty or "")  # CR 306.5a
        else:
            reasons.append(f"loyalty {face.loyalty}")
    if "Battle" in types:
        reasons.append("battles (CR 310)")
    lines = lines_of(face.oracle_text, face.name, "Legendary" in supers)
    lines, leveled, band_reasons = level_bands(lines, ctx)  # leveler cards (CR 711)
    reasons.extend(band_reasons)
    abilities: list[Ability] = []
    spell_lines: list[Line] = []
    is_spell = bool(types & {"Instant", "Sorcery"})
    intrinsic = [t for t in subs if t in BASIC_LAND_TYPES] if "Land" in types else []
    for ln in lines:
        if ln.reminder_only and intrinsic and _is_intrinsic(ln, intrinsic):
            continue  # the basic land types' mana abilities (CR 305.6), added below
        try:
            if is_spell:
                got = _spell_line(ln, ctx)
                if got is None:
                    spell_lines.append(ln)
                    continue
                abilities.extend(got)
            elif "Saga" in subs and (chapter := saga_line(ln, ctx, face)) is not None:
                abilities.extend(chapter)  # CR 714.2: a chapter ability, or the reminder line
            else:
                abilities.extend(permanent_line(ln, ctx))
        except FAIL as e:
            reasons.append(_reason(e, ln))
    abilities.extend(leveled)
    if "Saga" in subs and any(isinstance(ab, Keyword) and "read ahead" in ab.names for ab in abilities):
        reasons.append("read ahead")  # CR 702.155: not supported
    if is_spell:
        try:
            abilities.insert(0, spell_effect(spell_lines, ctx) if spell_lines else SpellAbility(text=""))
        except FAIL as e:
            reasons.append(_reason(e, spell_lines[0]))
    if starred:
        from .templates.characteristics import defined_pt
        defined = defined_pt(face.power, face.toughness, abilities)
        if defined is None:
            reasons.append(f"power/toughness {face.power}/{face.toughness}")
        else:
            power, toughness = defined
    if mana_cost.phyrexian and any(isinstance(ab, Keyword) and set(ab.names) & {"convoke", "improvise", "delve"}
                                   for ab in abilities):
        reasons.append(f"mana cost {cost_text} with convoke, improvise or delve")
    if not reasons:
        from .templates.puzzlecards import link_exiles
        try:
            abilities = link_exiles(abilities)  # CR 607.2a: "the exiled card"
            from .templates.permanents import check_defending
            check_defending(abilities)  # CR 508.5: "defending player"
        except NoParse as e:
            reasons.append(e.phrase)
    if reasons:
        raise Unsupported(*reasons)
    for i, t in enumerate(intrinsic):
        sym = _BASIC_MANA[t]
        abilities.insert(i, Activated(text=f"{{T}}: Add {{{sym}}}.", effects=(AddMana(f"{{{sym}}}"),),
                                      cost=Cost(tap=True)))
    keywords: set[str] = set()
    for ab in abilities:
        if isinstance(ab, Keyword):
            keywords.update(ab.names)
    if "changeling" in keywords:  # CR 702.73a: every creature type, in every zone (CR 604.3)
        from .templates.characteristics import with_changeling
        subs = with_changeling(subs)
    if "devoid" in keywords:  # CR 702.114a: colorless, in every zone (CR 604.3)
        colors: frozenset[str] = frozenset()
    else:
        colors = frozenset(face.colors) if face.colors or face.color_indicator else mana_cost.colors()
    return CardDef(face.name if own else card.name, mana_cost, types, subs, supers, power, toughness, face.oracle_text,
                   tuple(abilities), colors, frozenset(keywords), loyalty=loyalty)


def _is_intrinsic(ln: Line, types: list[str]) -> bool:
    syms = [_BASIC_MANA[t] for t in types]
    if len(syms) == 1:
        return ln.text == f"{{T}}: Add {{{syms[0]}}}."
    listed = ", ".join(f"{{{s}}}" for s in syms[:-1]) + (", or " if len(syms) > 2 else " or ") + f"{{{syms[-1]}}}"
    return ln.text == f"{{T}}: Add {listed}."


def _spell_line(ln: Line, card: OracleCard | OracleFace) -> list[Ability] | None:
    """A line of an instant or sorcery that is not its effect (a keyword, a rule about casting
    it), read into abilities; None for an effect line."""
    from .builder import Builder
    from .grammar import apply
    from .lines import keyword_line
    try:
        return keyword_line(ln, Builder(card))
    except FAIL:
        pass
    if ln.text.lower().startswith(("when you cast this spell, ", "when you cast ~, ")):
        # a spell's own cast trigger works from the stack (templates/trigger_events.py)
        from .lines import triggered
        return triggered(ln, Builder(card))
    if ln.text.lower().startswith("when you cycle "):
        # the one triggered ability an instant or sorcery card has that works: from the zone
        # the card went to when it was cycled (CR 702.29c)
        from .lines import triggered
        return triggered(ln, Builder(card))
    try:
        return list(apply("spell_static", ln.text, Builder(card), line=ln))
    except FAIL:
        return None


def _reason(e: BaseException, ln: Line) -> str:
    phrase = e.phrase if isinstance(e, NoParse) and e.phrase else ln.text
    return phrase.rstrip(".") if phrase else ln.text
