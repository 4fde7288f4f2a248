"""Tokens in Forge puzzle files: the ad-hoc `t:` specs and the `T:` token-script names
(../shared/reference/puzzles/README.md, "Tokens are written in two ways").

A token set up by a puzzle has exactly the characteristics its spec gives (CR 111.3): name,
colors, types, power and toughness, and its keywords as rules text compiled like a card's
Oracle text (cards/tokens.py). A spec this reader can't turn into exactly that token (an unknown
field, a keyword the compiler doesn't execute, a token script whose name doesn't say everything
the token is) raises `TokenSpecError` with the reason; the puzzle loader reports it as an
unsupported feature, never as a different token.

`t:Name,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Human,Keywords:Flying-Haste,Image:...`:
fields are comma-separated `Key:Value` after the name; `Types` and `Keywords` are joined with
`-`. The colors are `Color` (letters WUBRG, or C for colorless) or else the colors of `Cost`
(CR 202.2: a token's colors are those its creator gives it; Forge's older specs give them as the
cost's symbols).

`T:<colors>_<power>_<toughness>[_a|_e]_<subtypes>[_<keywords>]`: Forge's token-script naming,
e.g. `w_1_1_soldier`, `r_2_2_human_knight_trample_haste`, `c_1_1_a_thopter_flying`. The name
says the whole token only when every word after the size is a creature type or an evergreen
keyword; any other word (an ability tag such as `snipe`) is a script this reader doesn't have.
The predefined artifact tokens (`c_a_treasure_sac`, `c_a_food_sac`, `c_a_clue_draw`, `c_a_gold_sac`,
`c_a_blood_draw`) are those of CR 111.10.
"""

from __future__ import annotations

import re

from .cards.carddef import CARD_TYPES, SUPERTYPES, CardDef
from .cards.tokens import PREDEFINED, TokenError, TokenSpec, token_card
from .core.errors import MtgError
from .core.subtypes import CREATURE_TYPES, SUBTYPES

COLOR_LETTERS = "WUBRG"
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": ""}
FIELDS = {"P", "T", "Cost", "Color", "Types", "Keywords", "Image"}
#: keywords a token-script name may end with, as Oracle text writes them
SCRIPT_KEYWORDS = {"flying": "Flying", "trample": "Trample", "haste": "Haste", "vigilance": "Vigilance",
                   "lifelink": "Lifelink", "deathtouch": "Deathtouch", "reach": "Reach", "menace": "Menace",
                   "defender": "Defender", "indestructible": "Indestructible", "hexproof": "Hexproof",
                   "first_strike": "First strike", "firststrike": "First strike",
                   "double_strike": "Double strike", "doublestrike": "Double strike"}
#: the predefined tokens' script names (CR 111.10)
SCRIPT_PREDEFINED = {"c_a_treasure_sac": "Treasure", "c_a_food_sac": "Food", "c_a_clue_draw": "Clue",
                     "c_a_gold_sac": "Gold", "c_a_blood_draw": "Blood"}
_CREATURE_WORDS = {t.lower(): t for t in CREATURE_TYPES if " " not in t}


class TokenSpecError(MtgError):
    """A token spec of a puzzle file that isn't read exactly (the reason)."""


def token_from_spec(spec: str) -> CardDef:
    """The token card of a `t:` spec (without the `t:`)."""
    name, *parts = [p.strip() for p in spec.split(",")]
    if not name:
        raise TokenSpecError("a token spec without a name")
    fields: dict[str, str] = {}
    for part in parts:
        if not part:
            continue  # an empty field ("t:Saproling,,P:1,..." in PP18) says nothing
        key, sep, value = part.partition(":")
        if not sep or key not in FIELDS:
            raise TokenSpecError(f"unknown field {part!r} (expected {', '.join(sorted(FIELDS))})")
        fields[key] = value.strip()
    words = [w for w in fields.get("Types", "").split("-") if w]
    if not words:
        raise TokenSpecError(f"token {name!r} has no Types")
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w in CARD_TYPES]
    subtypes = [w for w in words if w not in SUPERTYPES and w not in CARD_TYPES]
    if not types:
        raise TokenSpecError(f"token {name!r}: Types {fields['Types']!r} name no card type")
    unknown = [w for w in subtypes if w not in SUBTYPES]
    if unknown:
        raise TokenSpecError(f"token {name!r}: unknown subtypes {', '.join(unknown)}")
    power = toughness = None
    if "Creature" in types:
        try:
            power, toughness = int(fields.get("P", "")), int(fields.get("T", ""))
        except ValueError:
            raise TokenSpecError(f"creature token {name!r} needs whole-number P and T") from None
    colors = _colors(fields)
    keywords = [k.strip() for k in fields.get("Keywords", "").split("-") if k.strip()]
    type_line = " ".join(supers + types) + (" — " + " ".join(subtypes) if subtypes else "")
    return _card(TokenSpec(name, type_line, colors, power, toughness, "\n".join(keywords)))


def token_from_script(script: str) -> CardDef:
    """The token card of a `T:` token-script name (without the `T:`)."""
    if script in SCRIPT_PREDEFINED:
        return _card(PREDEFINED[SCRIPT_PREDEFINED[script]])
    m = re.fullmatch(r"([wubrgc]+)_(\d+)_(\d+)((?:_[a-z]+)+)", script)
    if m is None:
        raise TokenSpecError(f"token script {script!r} (only <colors>_<P>_<T>_<types>[_<keywords>] "
                             "names and the predefined tokens are read)")
    letters, p, t, rest = m.groups()
    colors = "" if letters == "c" else letters.upper()
    if "C" in colors or len(set(colors)) != len(colors):
        raise TokenSpecError(f"token script {script!r}: colors {letters!r}")
    words = rest[1:].split("_")
    types = ["Creature"]
    if words and words[0] in ("a", "e"):
        types.insert(0, "Artifact" if words[0] == "a" else "Enchantment")
        words = words[1:]
    subtypes: list[str] = []
    keywords: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        pair = "_".join(words[i:i + 2])
        if pair in SCRIPT_KEYWORDS:
            keywords.append(SCRIPT_KEYWORDS[pair])
            i += 2
        elif w in SCRIPT_KEYWORDS:
            keywords.append(SCRIPT_KEYWORDS[w])
            i += 1
        elif w in _CREATURE_WORDS and not keywords:
            subtypes.append(_CREATURE_WORDS[w])
            i += 1
        else:
            raise TokenSpecError(f"token script {script!r}: {w!r} is not a creature type or keyword "
                                 "(the script's abilities aren't known)")
    if not subtypes:
        raise TokenSpecError(f"token script {script!r} names no creature type")
    name = " ".join(subtypes) + " Token"  # CR 111.4
    spec = TokenSpec(name, " ".join(types) + " — " + " ".join(subtypes), colors, int(p), int(t), "\n".join(keywords))
    return _card(spec)


def _colors(fields: dict[str, str]) -> str:
    if "Color" in fields:
        value = fields["Color"].strip()
        if value.lower() in COLOR_WORDS:
            return COLOR_WORDS[value.lower()]
        letters = value.upper().replace(" ", "")
        if letters == "C":
            return ""
        if not letters or any(ch not in COLOR_LETTERS for ch in letters) or len(set(letters)) != len(letters):
            raise TokenSpecError(f"Color {value!r} (expected letters of WUBRG, or C)")
        return "".join(ch for ch in COLOR_LETTERS if ch in letters)
    cost = fields.get("Cost", "no cost").strip()
    if cost.lower() in ("no cost", "0", ""):
        return ""
    symbols = set(cost.upper().replace("{", " ").replace("}", " ").split())
    if any(s not in COLOR_LETTERS and not s.isdigit() and s != "C" for s in symbols):
        raise TokenSpecError(f"Cost {cost!r} (expected mana symbols)")
    return "".join(ch for ch in COLOR_LETTERS if ch in symbols)


def _card(spec: TokenSpec) -> CardDef:
    try:
        return token_card(spec)
    except TokenError as e:
        raise TokenSpecError(str(e)) from None
