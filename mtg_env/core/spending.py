"""What mana with a spending restriction may be spent on (CR 106.6).

A restriction is kept with the mana in the pool as a short readable key (core/mana.py
`RestrictedMana`), the key the compiler writes for "Spend this mana only to cast ...":

- `"artifact"`: "to cast artifact spells or activate abilities of artifacts" (Grand
  Architect's, as written before the keys below; an artifact in any zone);
- `"<qualities> spells"`: spells with one of the qualities joined by " or ", each a series of
  words that must all hold: "colorless", "multicolored", a card type ("creature"), a subtype
  ("Eldrazi", "Elf"), or "non" and a card type ("noncreature"). "colorless spells", "instant or
  sorcery spells", "colorless Eldrazi spells", "Elf creature spells";
- `"<qualities> spells and abilities"`: also the activated abilities of permanents with those
  qualities (CR 109.2: "abilities of Eldrazi" are those of Eldrazi permanents, so not of a card
  in a hand or graveyard: Eldrazi Temple's ruling of 2016-04-08);
- `"spells"`: any spell; `"abilities"`: any activated ability (Cryptic Trilobite's).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .subtypes import CREATURE_TYPES, SUBTYPES

CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
              "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker",
              "battle": "Battle", "land": "Land"}


@dataclass(frozen=True, slots=True)
class Quality:
    """One alternative of a restriction: every part must hold."""

    colorless: bool = False
    multicolored: bool = False
    names: frozenset[str] = frozenset()      # card types or subtypes it has
    not_types: frozenset[str] = frozenset()  # card types it doesn't have

    def holds(self, types: frozenset[str], subtypes: tuple[str, ...], colors: frozenset[str]) -> bool:
        if self.colorless and colors:
            return False
        if self.multicolored and len(colors) < 2:
            return False
        if any(n not in types and n not in subtypes for n in self.names):
            return False
        return not any(t in types for t in self.not_types)


@dataclass(frozen=True, slots=True)
class SpendRule:
    """A restriction read from its key: the spells (`spells`), and the activated abilities
    (`abilities`: of permanents, with `permanents`) it allows, of one of the `qualities` (any
    spell or ability if there are none)."""

    qualities: tuple[Quality, ...] = ()
    spells: bool = True
    abilities: bool = False
    permanents: bool = True

    def allows(self, what: str, types: frozenset[str], subtypes: tuple[str, ...],
               colors: frozenset[str], on_battlefield: bool) -> bool:
        if what == "ability":
            if not self.abilities or (self.permanents and not on_battlefield):
                return False
        elif what != "spell" or not self.spells:
            return False
        return not self.qualities or any(q.holds(types, subtypes, colors) for q in self.qualities)


class SpendKeyError(ValueError):
    """A restriction key that doesn't read as one of the forms above."""


def read_quality(text: str) -> Quality:
    """"colorless Eldrazi", "Elf creature", "noncreature", "multicolored": one alternative."""
    colorless = multicolored = False
    names: set[str] = set()
    nots: set[str] = set()
    for w in text.split():
        if w == "colorless":
            colorless = True
        elif w == "multicolored":
            multicolored = True
        elif w in CARD_TYPES:
            names.add(CARD_TYPES[w])
        elif w.startswith("non") and w[3:] in CARD_TYPES:
            nots.add(CARD_TYPES[w[3:]])
        elif w in CREATURE_TYPES or w in SUBTYPES:
            names.add(w)
        else:
            raise SpendKeyError(text)
    if not text.split():
        raise SpendKeyError(text)
    return Quality(colorless, multicolored, frozenset(names), frozenset(nots))


@cache
def spend_rule(key: str) -> SpendRule | None:
    """The rule of a restriction key; None for the legacy "artifact" key (judged by
    engine/costs.spend_tags itself)."""
    if key == "artifact":
        return None
    if key == "spells":  # "Spend this mana only to cast spells."
        return SpendRule()
    if key == "abilities":  # "Spend this mana only to activate abilities."
        return SpendRule(spells=False, abilities=True, permanents=False)
    abilities = key.endswith(" spells and abilities")
    body = key[: -len(" spells and abilities")] if abilities else key.removesuffix(" spells")
    if body == key:
        raise SpendKeyError(key)
    return SpendRule(tuple(read_quality(q) for q in body.split(" or ")), True, abilities)
