"""What mana with a spending restriction may be spent on (CR 106.6).

A restriction is kept with the mana in the pool as a short readable key (core/mana.py
`RestrictedMana`), the key the compiler writes for "Spend this mana only to cast ...":

- `"artifact"`: "to cast artifact spells or activate abilities of artifacts" (Grand
  Architect's, as written before the keys below; an artifact in any zone);
- `"<words> spells"`: spells that are all of `<words>`' qualities: "colorless spells",
  "creature spells", "instant or sorcery spells" (one of the names joined by "or"),
  "colorless Eldrazi spells" (colorless, and an Eldrazi);
- `"<words> spells and abilities"`: also the activated abilities of permanents with those
  qualities (CR 109.2: "abilities of Eldrazi" are those of Eldrazi permanents, so not of a card
  in a hand or graveyard: Eldrazi Temple's ruling of 2016-04-08).

Names are card types (capitalised: "Creature", "Instant") or subtypes ("Eldrazi", "Dragon").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .subtypes import CREATURE_TYPES

_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker",
               "battle": "Battle"}


@dataclass(frozen=True, slots=True)
class SpendRule:
    """A restriction read from its key: the spells (and, with `abilities`, the permanents whose
    activated abilities) it allows: colorless ones if `colorless`, and of one of `names`
    (card types or subtypes) if any are given."""

    colorless: bool = False
    names: frozenset[str] = frozenset()
    abilities: bool = False

    def allows(self, what: str, types: frozenset[str], subtypes: tuple[str, ...],
               colors: frozenset[str], on_battlefield: bool) -> bool:
        if what == "ability":
            if not self.abilities or not on_battlefield:
                return False
        elif what != "spell":
            return False
        if self.colorless and colors:
            return False
        return not self.names or any(n in types or n in subtypes for n in self.names)


class SpendKeyError(ValueError):
    """A restriction key that doesn't read as one of the forms above."""


def spend_key(colorless: bool, names: tuple[str, ...], abilities: bool) -> str:
    """The key of a restriction, in the words it is read back from."""
    words = (["colorless"] if colorless else []) + [" or ".join(n.lower() if n in _CARD_TYPES.values() else n
                                                                 for n in names)]
    key = " ".join(w for w in words if w) + " spells"
    return key + " and abilities" if abilities else key


@cache
def spend_rule(key: str) -> SpendRule | None:
    """The rule of a restriction key; None for the legacy "artifact" key (judged by
    engine/costs.spend_tags itself)."""
    if key == "artifact":
        return None
    if key == "spells":  # "Spend this mana only to cast spells."
        return SpendRule()
    abilities = key.endswith(" spells and abilities")
    body = key[: -len(" spells and abilities")] if abilities else key.removesuffix(" spells")
    if body == key:
        raise SpendKeyError(key)
    colorless = body == "colorless" or body.startswith("colorless ")
    if colorless:
        body = body[len("colorless"):].strip()
    names: set[str] = set()
    for word in (body.split(" or ") if body else []):
        if word in _CARD_TYPES:
            names.add(_CARD_TYPES[word])
        elif word in CREATURE_TYPES:
            names.add(word)
        else:
            raise SpendKeyError(key)
    if not colorless and not names:
        raise SpendKeyError(key)
    return SpendRule(colorless, frozenset(names), abilities)
