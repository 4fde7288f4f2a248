"""Creating tokens (CR 111): "create a 1/1 white Soldier creature token", "create two 1/1 white
Spirit creature tokens with flying", "create a Treasure token" (the predefined tokens, CR
111.10), "... that are tapped and attacking" (CR 508.4), "create a 1/1 ... token for each
creature you control", "each opponent creates ...".

The token's characteristics are what the text defines and nothing else (CR 111.3): its power
and toughness, colors ("colorless": none), subtypes and card types, and the abilities listed
after "with": keywords the engine applies and quoted abilities ('with "{T}: Add {G}."'), which
are compiled like a card's Oracle text (cards/tokens.py). Its name is its subtypes plus "Token"
(CR 111.4). A wording with anything else (a name, "legendary", X/X, a changing P/T) declines.

Also: 'It has "..."' after a token is created (its ability, amending the creating effect),
copies of creatures as tokens (CR 707.2), populate (CR 701.36), investigate (CR 701.16) and
amass (CR 701.47).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from ....core.filters import Filter
from ....core.subtypes import ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES
from ...effects import CounterSpell, Destroy, ExileIt, GainKeyword, May, ReturnToHand
from ...effects.tokens import (
    CREATED,
    NOTED_CONTROLLER,
    Amass,
    AttachSourceTo,
    CreateTokenCopy,
    CreateTokens,
    NotingController,
    OpponentsCount,
    Populate,
    SourcePower,
)
from ...subjects import CONTROLLER, Amount, NumberOf, Target, Who, X
from ...tokens import PREDEFINED, TokenError, TokenSpec, token_card
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import NUMBERS, ObjRef, PlayerRef, read_keywords

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPES = {"creature": "Creature", "artifact creature": "Artifact Creature",
          "enchantment creature": "Enchantment Creature", "artifact": "Artifact",
          "enchantment": "Enchantment"}


@dataclass(frozen=True, slots=True)
class TokenRead:
    """A token description: how many, the definition, and how they enter. `x_pt`: an X/X
    token, its power and toughness X as the effect resolves (`spec` has 0/0)."""

    count: Amount
    spec: TokenSpec
    tapped: bool = False
    attacking: bool = False
    x_pt: bool = False


_ATTACKING = ((" that's tapped and attacking", True, True), (" that are tapped and attacking", True, True),
              (" tapped and attacking", True, True), (" that's attacking", False, True),
              (" that are attacking", False, True))
_PT = re.compile(r"(\d+|X)/(\d+|X)")
_NAME = re.compile(r"[A-Z][\w'-]*(?: (?:of|the|[A-Z][\w'-]*))*")


@kind("tokens")
def read_tokens(text: str) -> TokenRead:
    """"a 1/1 white Soldier creature token with flying", "two Treasure tokens", "a tapped
    2/2 black Zombie creature token", "X 1/1 green Saproling creature tokens that are tapped
    and attacking", "an X/X green Ooze creature token", "a 2/2 black and red Demon creature
    token named Minor Demon"."""
    if "~" in text:
        raise NoParse(text)  # the card's own name: in a token's text it would name the token
    words = text.split(" ", 1)
    if len(words) < 2:
        raise NoParse(text)
    head, rest = words
    low = head.lower()
    count: Amount
    if low in NUMBERS:
        count = NUMBERS[low]
    elif head == "X":
        count = X
    else:
        raise NoParse(text)
    tapped = attacking = False
    for tail, t, a in _ATTACKING:
        if rest.endswith(tail):
            rest, tapped, attacking = rest[: -len(tail)], t, a
            break
    if rest.startswith("tapped "):
        if tapped:
            raise NoParse(text)
        rest, tapped = rest[len("tapped "):], True
    legendary = rest.startswith("legendary ")
    if legendary:
        rest = rest[len("legendary "):]
    plural = count != 1
    noun = " tokens" if plural else " token"
    k = rest.find(noun)
    if k == -1 or (not plural and rest[k:].startswith(" tokens")):
        raise NoParse(text)
    desc, tail = rest[:k], rest[k + len(noun):]
    name = None
    if tail.startswith(" named "):
        tail = tail[len(" named "):]
        w = tail.find(" with ")
        name, tail = (tail, "") if w == -1 else (tail[:w], tail[w:])
        if plural or not _NAME.fullmatch(name):
            raise NoParse(text)
    if tail and not tail.startswith(" with "):
        raise NoParse(text)
    abilities = _abilities(tail[len(" with "):]) if tail else []
    x_pt = False
    if desc in PREDEFINED:
        if abilities or legendary or name:
            raise NoParse(text)  # a predefined token with more abilities (CR 111.10): not read
        spec = PREDEFINED[desc]
    else:
        spec, x_pt = _spec(desc, abilities, text)
    if legendary:
        if plural:
            raise NoParse(text)
        spec = dataclasses.replace(spec, type_line="Legendary " + spec.type_line)
    if name is not None:
        spec = dataclasses.replace(spec, name=name)
    try:
        token_card(spec)
    except TokenError as e:
        raise NoParse(str(e)) from None
    return TokenRead(count, spec, tapped, attacking, x_pt)


def _spec(desc: str, abilities: list[str], text: str) -> tuple[TokenSpec, bool]:
    """"1/1 white Soldier creature", "3/3 colorless Golem artifact creature", "X/X green Ooze
    creature" (with True: X/X)."""
    m = _PT.match(desc)
    if not m or desc[m.end():m.end() + 1] != " ":
        raise NoParse(text)
    x_pt = m.group(1) == "X"
    if x_pt != (m.group(2) == "X"):
        raise NoParse(text)
    power, toughness = (0, 0) if x_pt else (int(m.group(1)), int(m.group(2)))
    rest = desc[m.end() + 1:]
    colors, rest = _colors(rest, text)
    words = next((w for w in sorted(_TYPES, key=len, reverse=True) if rest.endswith(" " + w)), None)
    if words is None:
        raise NoParse(text)
    types, subs = _TYPES[words], rest[: -len(words) - 1].split()
    if "Creature" not in types:
        raise NoParse(text)  # a noncreature token with power and toughness
    allowed = CREATURE_TYPES | (ARTIFACT_TYPES if "Artifact" in types else frozenset()) | \
        (ENCHANTMENT_TYPES if "Enchantment" in types else frozenset())
    if not subs or any(s not in allowed for s in subs) or len(set(subs)) != len(subs):
        raise NoParse(text)
    name = " ".join(subs) + " Token"  # CR 111.4
    return TokenSpec(name, f"{types} — {' '.join(subs)}", colors, power, toughness, "\n".join(abilities)), x_pt


def _colors(rest: str, text: str) -> tuple[str, str]:
    if rest.startswith("colorless "):
        return "", rest[len("colorless "):]
    got: list[str] = []
    words = rest.split(" ")
    i = 0
    while i < len(words):
        w = words[i].rstrip(",")
        if w in _COLORS:
            got.append(_COLORS[w])
            i += 1
            if i < len(words) and words[i] == "and":
                i += 1
            continue
        break
    if not got or len(set(got)) != len(got):
        raise NoParse(text)
    return "".join(c for c in "WUBRG" if c in got), " ".join(words[i:])


_QUOTE = re.compile(r'"([^"]*)"')
#: a quoted ability inside a quoted ability ('... has \'{T}: ...\'')
_NESTED = re.compile(r"(?:^|[\s:,])'")


def _abilities(tail: str) -> list[str]:
    """The abilities after "with": keywords ("flying and haste"), quoted abilities, or both
    ('flying and "..."'); one Oracle line each (keywords on one line)."""
    quoted = _QUOTE.findall(tail)
    if any(_NESTED.search(q) for q in quoted):
        raise NoParse(tail)  # an ability with a quoted ability in it
    plain = _QUOTE.sub("\x00", tail)
    if '"' in plain:
        raise NoParse(tail)
    parts = [p.strip() for p in re.split(r",? and |, ", plain) if p.strip()]
    first = parts.index("\x00") if "\x00" in parts else len(parts)
    kws, rest = parts[:first], parts[first:]
    if any(p != "\x00" for p in rest) or len(rest) != len(quoted):
        raise NoParse(tail)  # keywords first, then the quoted abilities
    lines: list[str] = []
    if kws:
        names = read_keywords(", ".join(kws))
        lines.append(", ".join(n.capitalize() if i == 0 else n for i, n in enumerate(names)))
    lines.extend(q.strip() for q in quoted)
    return lines


# --------------------------------------------------------------------------------------------
# the effects


def _create(b: Builder, t: TokenRead, who: Who, amount: Amount | None = None) -> CreateTokens:
    """The effect creating what `t` describes. An X/X token takes the X paid (CR 107.3): only
    on a card with {X} to pay."""
    if "Legendary" in t.spec.type_line and t.spec.name.endswith(" Token"):
        raise NoParse("a legendary token without a name")
    if t.x_pt or t.count == X:
        oc = b.card
        if "{X}" not in getattr(getattr(oc, "front", None), "mana_cost", "") + getattr(oc, "oracle_text", ""):
            raise NoParse("X")
    return CreateTokens(t.spec, t.count if amount is None else amount, who, t.tapped, t.attacking, t.x_pt)


@kind("token_name")
def read_token_name(text: str) -> str:
    """"Voja", "Ragavan", "~ Twin" (the card's name is put back by the rule)."""
    if not _NAME.fullmatch(text.replace("~", "X")) or text.count("~") > 1:
        raise NoParse(text)
    return text


@rule("effect", "Create <name:token_name>, <t:tokens>")
def create_named(b: Builder, name: str, t: TokenRead) -> list[Any]:
    """CR 111.9: "create Voja, a legendary 2/2 green and white Wolf creature token" is a token
    with the listed characteristics and that name (subject to the legend rule, CR 704.5j)."""
    if "Legendary" not in t.spec.type_line or not t.spec.name.endswith(" Token") or t.count != 1:
        raise NoParse("create <name>")
    if "~" in name:
        card_name = getattr(b.card, "name", "")
        if not card_name or ", " in card_name:
            raise NoParse("create <name>")  # "~" may be the short name
        name = name.replace("~", card_name)
    t = dataclasses.replace(t, spec=dataclasses.replace(t.spec, name=name))
    b.last = CREATED
    return [_create(b, t, CONTROLLER)]


@rule("effect", "Create <t:tokens>")
def create(b: Builder, t: TokenRead) -> list[Any]:
    """CR 111.1-111.4: the ability's controller creates them."""
    b.last = CREATED
    return [_create(b, t, CONTROLLER)]


@rule("effect", "Create <t1:tokens> and <t2:tokens>", "Create <t1:tokens>, <t2:tokens>, and <t3:tokens>")
def create_several(b: Builder, t1: TokenRead, t2: TokenRead, t3: TokenRead | None = None) -> list[Any]:
    """Bestial Menace: "Create a 1/1 green Snake creature token, a 2/2 green Wolf creature token,
    and a 3/3 green Elephant creature token." (created one kind after the other as it resolves;
    "them" afterwards isn't read)."""
    reads = [t for t in (t1, t2, t3) if t is not None]
    if any(t.attacking for t in reads):
        raise NoParse("create ... and ...")
    got = [_create(b, t, CONTROLLER) for t in reads]
    got[1:] = [dataclasses.replace(e, add_to_created=True) for e in got[1:]]
    b.last = CREATED  # "them": all of them
    return got


@rule("effect", "<who:player> (create|creates) <t:tokens>")
def player_creates(b: Builder, who: PlayerRef, t: TokenRead) -> list[Any]:
    """"Each opponent creates a Treasure token", "target player creates ...": each of those
    players creates them and is their owner and controller (CR 111.2)."""
    if who.kind not in ("you", "each_opponent", "each_player", "target") or \
            (t.attacking and who.kind != "you"):
        raise NoParse("creates")
    got = _create(b, t, b.player(who))
    b.last = CREATED
    return [got]


@dataclass(frozen=True, slots=True)
class _ItsControllerCreates:
    """"Destroy target permanent. Its controller creates ...": the effect before acts on the
    target "its" names; amended to note that permanent's controller first (NotingController)."""

    of: Who

    def amend(self, effect: Any) -> Any:
        if not isinstance(self.of, Target) or not isinstance(effect, (Destroy, ExileIt, ReturnToHand, CounterSpell)) \
                or effect.what != self.of:
            raise NoParse("Its controller creates")
        return NotingController(self.of, effect)


@rule("effect", "Its controller creates <t:tokens>")
def its_controller_creates(b: Builder, t: TokenRead) -> list[Any]:
    """Beast Within: "Destroy target permanent. Its controller creates a 3/3 green Beast
    creature token." The player who controlled it (CR 113.7a) creates the token, even if the
    permanent was destroyed; none if the target was illegal (CR 608.2b)."""
    if t.attacking or b.last is None:
        raise NoParse("Its controller creates")
    of = b.last
    b.last = CREATED
    return [_ItsControllerCreates(of), _create(b, t, NOTED_CONTROLLER)]


@rule("effect", "Create <t:tokens> for each <what:phrase>")
def create_for_each(b: Builder, t: TokenRead, what: Filter) -> list[Any]:
    """"Create a 1/1 green Saproling creature token for each Forest you control": as many as
    the permanents counted as it resolves."""
    if t.count != 1:
        raise NoParse("for each")
    b.last = CREATED
    return [_create(b, t, CONTROLLER, NumberOf(_battlefield_filter(what)))]


@kind("some_tokens")
def read_some_tokens(text: str) -> TokenRead:
    """"a number of 1/1 black Rat creature tokens" (the number is given after "equal to")."""
    if not text.startswith("a number of "):
        raise NoParse(text)
    return read_tokens("two " + text[len("a number of "):])


@rule("effect", "Create <t:some_tokens> equal to the number of opponents you have")
def create_per_opponent(b: Builder, t: TokenRead) -> list[Any]:
    """Chittering Witch: "create a number of 1/1 black Rat creature tokens equal to the number
    of opponents you have" (the opponents still in the game, counted as it resolves)."""
    b.last = CREATED
    return [_create(b, t, CONTROLLER, OpponentsCount())]


@rule("effect", "Create <t:some_tokens> equal to ~'s power")
def create_per_power(b: Builder, t: TokenRead) -> list[Any]:
    """Krenko, Tin Street Kingpin: "put a +1/+1 counter on it, then create a number of 1/1 red
    Goblin creature tokens equal to ~'s power" (its power as it resolves, or as it last
    existed, CR 113.7a)."""
    b.last = CREATED
    return [_create(b, t, CONTROLLER, SourcePower())]


@rule("effect", "Create <t:some_tokens> equal to the number of <what:phrase>")
def create_per_number(b: Builder, t: TokenRead, what: Filter) -> list[Any]:
    """"create a number of ... tokens equal to the number of creatures you control": the
    permanents counted as it resolves."""
    b.last = CREATED
    return [_create(b, t, CONTROLLER, NumberOf(_battlefield_filter(what)))]


def _battlefield_filter(what: Filter) -> Filter:
    from ....core.filters import Permanent
    dom = what.domain()
    if dom is not None and dom != frozenset({"battlefield"}):
        raise NoParse("for each")
    return what & Permanent()



# --------------------------------------------------------------------------------------------
# copies of permanents as tokens (CR 707.2) and populate (CR 701.36)


@rule("effect", "Create a token that's a copy of <what:target>")
def create_copy(b: Builder, what: ObjRef) -> list[Any]:
    """"Create a token that's a copy of target creature you control" (CR 707.2): the
    permanent's copiable values, nothing else; "except ..." wordings aren't read. Only of a
    creature: a copy of an Aura would need something to enchant as it enters (CR 303.4f)."""
    assert what.spec is not None
    if "creature" not in what.spec.what.lower().split():
        raise NoParse("a token copy of a noncreature permanent")
    got = CreateTokenCopy(b.obj(what))
    b.last = CREATED
    return [got]


@rule("effect", "Create a token that's a copy of that creature")
def create_copy_of_event(b: Builder) -> list[Any]:
    """Necroduality: "Whenever a nontoken Zombie enters the battlefield under your control,
    create a token that's a copy of that creature." (the creature the trigger is about)."""
    if b.last is not None or b.event is None:
        raise NoParse("a token copy of that creature")
    got = CreateTokenCopy(b.obj(ObjRef("it")))
    b.last = CREATED
    return [got]


@rule("effect", "Create a token that's a copy of ~")
def create_copy_of_self(b: Builder) -> list[Any]:
    """"Create a token that's a copy of ~" on a creature card (CR 707.2)."""
    if "Creature" not in getattr(b.card, "type_line", "") or "Aura" in getattr(b.card, "type_line", ""):
        raise NoParse("a token copy of ~")
    got = CreateTokenCopy(b.obj(ObjRef("self")))
    b.last = CREATED
    return [got]


@rule("effect", "Populate")
def populate(b: Builder) -> list[Any]:
    """CR 701.36a: choose a creature token you control and create a token that's a copy of it."""
    return [Populate()]


# --------------------------------------------------------------------------------------------
# investigate (CR 701.16) and "It has '...'" after a token is created


@rule("effect", "Investigate")
def investigate(b: Builder) -> list[Any]:
    """CR 701.16a: "Investigate" means "Create a Clue token." (CR 111.10f)."""
    return [CreateTokens(PREDEFINED["Clue"], 1, CONTROLLER)]


@rule("effect", "Investigate twice")
def investigate_twice(b: Builder) -> list[Any]:
    """CR 701.16a, twice: two Clue tokens."""
    return [CreateTokens(PREDEFINED["Clue"], 2, CONTROLLER)]


@dataclass(frozen=True, slots=True)
class _TokenHas:
    """'It has "Sacrifice this creature: Add {C}."' after "create a 1/1 colorless Eldrazi Scion
    creature token": the quoted ability is part of the token's definition (CR 111.3), so it
    amends the creating effect (lines.effects)."""

    abilities: tuple[str, ...]
    plural: bool

    def amend(self, effect: Any) -> Any:
        if isinstance(effect, May) and len(effect.effects) == 1 and not effect.then:
            return dataclasses.replace(effect, effects=(self.amend(effect.effects[0]),))  # "you may create"
        if not isinstance(effect, CreateTokens):
            raise NoParse("It has")
        if (effect.amount != 1) != self.plural or effect.spec in PREDEFINED.values():
            raise NoParse("It has")
        text = "\n".join(([effect.spec.text] if effect.spec.text else []) + list(self.abilities))
        spec = dataclasses.replace(effect.spec, text=text)
        try:
            token_card(spec)
        except TokenError as e:
            raise NoParse(str(e)) from None
        return dataclasses.replace(effect, spec=spec)


@kind("quoted_list")
def read_quoted(text: str) -> tuple[str, ...]:
    """'"A" and "B"': quoted abilities, each without its quotes."""
    got = _QUOTE.findall(text)
    if not got or "~" in text or _QUOTE.sub("", text).replace(" and ", "").replace(",", "").strip():
        raise NoParse(text)
    if any(_NESTED.search(q) for q in got):
        raise NoParse(text)
    return tuple(q.strip() for q in got)


@rule("effect", "It has <q:quoted_list>")
def token_has(b: Builder, q: tuple[str, ...]) -> list[Any]:
    """See `_TokenHas`: one token."""
    return [_TokenHas(q, False)]


@rule("effect", "They have <q:quoted_list>", "They each have <q:quoted_list>")
def tokens_have(b: Builder, q: tuple[str, ...]) -> list[Any]:
    """See `_TokenHas`: several tokens."""
    return [_TokenHas(q, True)]


@rule("effect", "Amass <n:amount>", "Amass Zombies <n:amount>")
def amass(b: Builder, n: Any) -> list[Any]:
    """CR 701.47a; the old "amass N" is "amass Zombies N" (CR 701.47d)."""
    if n == X and "{X}" not in getattr(getattr(b.card, "front", None), "mana_cost", ""):
        raise NoParse("amass X")
    b.last = CREATED  # "it" after amass is the Army (not read)
    return [Amass(n, "Zombie")]


# --------------------------------------------------------------------------------------------
# what the created tokens then do ("it" / "they" is the tokens just created)


@rule("effect", "They gain <kws:keywords> until end of turn", "Those tokens gain <kws:keywords> until end of turn")
def they_gain(b: Builder, kws: tuple[str, ...]) -> list[Any]:
    """"Create two 1/1 colorless Spirit creature tokens. They gain haste until end of turn."
    (CR 613.1f, layer 6, until end of turn)."""
    if b.last is not CREATED:
        raise NoParse("They gain")
    return [GainKeyword(kws, CREATED)]


@rule("effect", "attach ~ to it", "attach ~ to that token")
def attach_to_token(b: Builder) -> list[Any]:
    """Ancestral Blade: "When ~ enters, create a 1/1 white Soldier creature token, then attach ~
    to it." Only an Equipment (an Aura would need its enchant restriction checked)."""
    if b.last is not CREATED or "Equipment" not in getattr(b.card, "type_line", ""):
        raise NoParse("attach ~ to it")
    return [AttachSourceTo(CREATED)]
