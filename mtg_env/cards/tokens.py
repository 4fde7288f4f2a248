"""Token definitions (CR 111): what an effect that creates a token says the token is.

A spell or ability that creates a token defines its characteristics, which become the token's
"text" (CR 111.3); a token has no characteristic the effect doesn't define. `TokenSpec` is that
definition as data: name, types, colors, power and toughness, and its rules text, one ability a
line, read by the same compiler as a card's Oracle text. `token_card(spec)` is the card
definition (CardDef) of such a token, built once per process; it pickles and deep-copies as its
spec, so games with tokens pickle, copy and cross processes (interface.md: states pickle).

The name: an effect that doesn't name the token names it after its subtypes plus the word
"Token" (CR 111.4): a 1/1 white Soldier creature token is a "Soldier Token". A legendary token
"create Voja Fenstalker, a legendary ..." has the name given (CR 111.9).

The predefined tokens (CR 111.10) are in `PREDEFINED`, by the word that names them ("Treasure").
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache

from ..core.errors import MtgError
from .carddef import CardDef


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """The characteristics an effect defines for a token (CR 111.3). `text` is its rules text,
    one ability a line, as Oracle text writes it ("Flying", "{T}, Sacrifice this token: Add one
    mana of any color."); `colors` the color letters ("" for colorless)."""

    name: str
    type_line: str
    colors: str = ""
    power: int | None = None
    toughness: int | None = None
    text: str = ""

    def describe(self) -> str:
        pt = f"{self.power}/{self.toughness} " if self.power is not None else ""
        return f"{pt}{self.name} ({self.type_line})" + (f" with {self.text!r}" if self.text else "")


@dataclass(frozen=True, eq=False)
class TokenDef(CardDef):
    """The card definition of a token an effect defines (see `token_card`): a CardDef that
    pickles as its spec, since several tokens may share a name (CR 111.4)."""

    spec: TokenSpec | None = None

    def __reduce__(self) -> tuple:
        return (token_card, (self.spec,))


class TokenError(MtgError):
    """A token definition whose text the compiler doesn't read exactly (its reasons)."""


@cache
def token_card(spec: TokenSpec) -> TokenDef:
    """The card definition of the token `spec` defines: its text compiled like a card's Oracle
    text, exactly or not at all (raises TokenError with the reasons)."""
    from .compiler import Unsupported, _compile_face, _templates
    from .database import OracleCard, OracleFace
    _templates()
    face = OracleFace(spec.name, "", spec.type_line, spec.text,
                      None if spec.power is None else str(spec.power),
                      None if spec.toughness is None else str(spec.toughness),
                      colors=tuple(spec.colors), color_indicator=tuple(spec.colors))
    oc = OracleCard(spec.name, "normal", face, (face,), tuple(spec.colors), 0.0)
    try:
        cd = _compile_face(face, oc)
    except Unsupported as e:
        raise TokenError(f"token {spec.describe()}: " + "; ".join(e.reasons)) from None
    values = {f.name: getattr(cd, f.name) for f in fields(CardDef)}
    values["colors"] = frozenset(spec.colors)
    values["is_token"] = True
    return TokenDef(**values, spec=spec)


#: the predefined tokens (CR 111.10), by the word that names them; each text exactly as the
#: rule gives it ("this token" is the token itself)
PREDEFINED: dict[str, TokenSpec] = {
    # CR 111.10a
    "Treasure": TokenSpec("Treasure Token", "Artifact — Treasure", "", None, None,
                          "{T}, Sacrifice this token: Add one mana of any color."),
    # CR 111.10b
    "Food": TokenSpec("Food Token", "Artifact — Food", "", None, None,
                      "{2}, {T}, Sacrifice this token: You gain 3 life."),
    # CR 111.10c
    "Gold": TokenSpec("Gold Token", "Artifact — Gold", "", None, None,
                      "Sacrifice this token: Add one mana of any color."),
    # CR 111.10d
    "Walker": TokenSpec("Walker", "Creature — Zombie", "B", 2, 2, ""),
    # CR 111.10e
    "Shard": TokenSpec("Shard Token", "Enchantment — Shard", "", None, None,
                       "{2}, Sacrifice this token: Scry 1, then draw a card."),
    # CR 111.10f
    "Clue": TokenSpec("Clue Token", "Artifact — Clue", "", None, None,
                      "{2}, Sacrifice this token: Draw a card."),
    # CR 111.10g
    "Blood": TokenSpec("Blood Token", "Artifact — Blood", "", None, None,
                       "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    # CR 111.10h
    "Powerstone": TokenSpec("Powerstone Token", "Artifact — Powerstone", "", None, None,
                            "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."),
    # CR 111.10s
    "Map": TokenSpec("Map Token", "Artifact — Map", "", None, None,
                     "{1}, {T}, Sacrifice this token: Target creature you control explores. "
                     "Activate only as a sorcery."),
    # CR 111.10t
    "Junk": TokenSpec("Junk Token", "Artifact — Junk", "", None, None,
                      "{T}, Sacrifice this token: Exile the top card of your library. You may play "
                      "that card this turn. Activate only as a sorcery."),
    # CR 111.10u
    "Lander": TokenSpec("Lander Token", "Artifact — Lander", "", None, None,
                        "{2}, {T}, Sacrifice this token: Search your library for a basic land card, "
                        "put it onto the battlefield tapped, then shuffle."),
}


def predefined(word: str) -> TokenDef | None:
    """The predefined token `word` names (CR 111.10), if the engine executes its text exactly."""
    spec = PREDEFINED.get(word)
    if spec is None:
        return None
    try:
        return token_card(spec)
    except TokenError:
        return None
