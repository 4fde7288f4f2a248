"""Costs (CR 118, 602.1a), read from the text before an activated ability's colon:
`{1}, {T}, Sacrifice Mind Stone` is one generic mana, the tap symbol and sacrificing the source.
The engine pays them (engine/casting.py, engine/costs.py); here they are only read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.errors import MtgError
from ..core.filters import Filter, FilterError, parse_filter
from ..core.mana import ManaCost, parse_mana_cost, split_symbols
from .subjects import Amount, X


class CardDefinitionError(MtgError, ValueError):
    """A card definition the vocabulary cannot read (names the card and the text)."""

    def __init__(self, card: str, message: str):
        super().__init__(f"card {card!r}: {message}")


@dataclass(frozen=True, slots=True)
class Selection:
    """Some permanents a cost or effect asks its controller to choose: "a creature" (to
    sacrifice), "an untapped blue creature you control" (to tap). `phrase` is the noun phrase as
    written, `filter` its reading."""

    phrase: str
    filter: Filter
    count: int = 1
    #: "Sacrifice another creature": not the ability's source (CR 109.1... "another": other
    #: than the object the text is on)
    another: bool = False

    @property
    def article(self) -> str:
        """"a creature", "an artifact": for prompts."""
        if self.another:
            return "another " + self.phrase
        return ("an " if self.phrase[:1] in "aeiou" else "a ") + self.phrase


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (CR 602.1a) or a spell's cost beyond its mana cost."""

    mana: ManaCost = ManaCost()
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    #: "Sacrifice an artifact": permanents of yours to choose and sacrifice
    sacrifice: tuple[Selection, ...] = ()
    #: "Remove a +1/+1 counter from <this>": (kind, number or X)
    remove_counters: tuple[str, Amount] | None = None
    #: "Put a -1/-1 counter on <this>" (Devoted Druid)
    put_counters: tuple[str, int] | None = None
    pay_life: int = 0
    #: "Pay life equal to the number of colors in your commanders' color identity" (War Room,
    #: CR 903.4): paid on top of `pay_life`; without a commander it can't be paid
    pay_life_identity: bool = False
    #: "Pay {E}{E}": energy counters removed from the player (CR 107.14)
    energy: int = 0
    discard: int = 0
    #: "Discard this card" (cycling's cost, CR 702.29a): the source, from its owner's hand
    discard_self: bool = False
    exile_self: bool = False
    #: "Exile <this card> from your graveyard": the ability functions in its owner's graveyard
    #: (CR 113.6m), the card exiled as its cost (with `exile_self`)
    from_graveyard: bool = False
    #: "Exile ~ from your hand" (Elvish Spirit Guide): `exile_self` of the card in its owner's
    #: hand, where the ability functions (CR 113.6m)
    from_hand: bool = False
    #: "Tap an untapped <creature> you control" (Springleaf Drum, Grand Architect): not {T}, so
    #: neither summoning sickness (CR 302.6) nor "tapped for mana" apply to it.
    tap_other: Selection | None = None
    #: Crew N (CR 702.122a): tap untapped creatures you control with total power N or more
    crew: int | None = None
    #: a loyalty ability's cost (CR 606.4): loyalty counters put on (+N) or removed (-N), 0 for "0"
    loyalty: int | None = None
    #: "-X" (CR 606.4, 107.3): X loyalty counters removed, X chosen as it is activated
    loyalty_x: bool = False
    #: ninjutsu's "Return an unblocked attacking creature you control to its owner's hand"
    #: (CR 702.49a; engine/ninjutsu.py)
    return_unblocked: bool = False
    #: "Return a Forest you control to its owner's hand" (Quirion Ranger): a permanent of
    #: yours, chosen as the cost is paid (it may be the source itself; engine/return_cost.py)
    return_to_hand: Selection | None = None

    @property
    def has_x(self) -> bool:
        return self.mana.x_count > 0

    @property
    def is_free(self) -> bool:
        return self is NO_COST or self == NO_COST


#: no cost at all (what a spell without additional costs has beyond its mana cost)
NO_COST = Cost()


_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_SELF_WORDS = ("this artifact", "this creature", "this land", "this enchantment", "this permanent")


def parse_cost(text: str, card_name: str) -> Cost:
    """Read an activation cost such as `{1}, {T}, Sacrifice Mind Stone` (CR 602.1a)."""
    mana_syms: list[str] = []
    kw: dict[str, Any] = {}
    sac: list[Selection] = []
    for raw in [p.strip() for p in text.split(",")]:
        part = raw.lower()
        if "the chosen " in part:
            # "Sacrifice a creature of the chosen type": costs are judged without their source
            # (engine/legal.py), so what its source chose can't be read here
            raise CardDefinitionError(card_name, f"cannot read cost part {raw!r}")
        if raw in ("\u2212X", "-X"):  # a loyalty cost with X (CR 606.4)
            kw["loyalty"], kw["loyalty_x"] = 0, True
            continue
        m = re.fullmatch(r"([+\u2212-]?)(\d+)", raw)
        if m:  # a loyalty symbol (CR 606.2): "+1", "-2" (or U+2212, the printed minus sign), "0"
            if m.group(1) == "" and m.group(2) != "0":
                raise CardDefinitionError(card_name, f"cannot read cost part {raw!r}")
            kw["loyalty"] = -int(m.group(2)) if m.group(1) in ("\u2212", "-") else int(m.group(2))
            continue
        if raw.startswith("{"):
            for sym in split_symbols(raw, "cost"):
                if sym == "T":
                    kw["tap"] = True
                elif sym == "Q":
                    kw["untap"] = True
                else:
                    mana_syms.append("{" + sym + "}")
            continue
        m = re.fullmatch(r"sacrifice (.+)", part)
        if m:
            what = m.group(1)
            if what == card_name.lower() or what in _SELF_WORDS:
                kw["sacrifice_self"] = True
                continue
            m2 = re.fullmatch(r"another (.+)", what)
            if m2 and not m2.group(1).startswith(("another ", "other ")):
                sel = _selection(m2.group(1), 1, card_name, raw)
                sac.append(Selection(sel.phrase, sel.filter, 1, another=True))
                continue
            m2 = re.fullmatch(r"(an?|two|three) (.+?)s?", what)
            if m2:
                sac.append(_selection(m2.group(2), _NUMBER_WORDS[m2.group(1)], card_name, raw))
                continue
            raise CardDefinitionError(card_name, f"cannot read sacrifice cost {raw!r}")
        m = re.fullmatch(r"return (an?) (.+?) you control to its owner's hand", part)
        if m and "return_to_hand" not in kw and not re.search(r"\b(attacking|blocking|blocked|unblocked)\b", part):
            kw["return_to_hand"] = _selection(m.group(2), 1, card_name, raw)
            continue
        m = re.fullmatch(r"tap (an|two|three) untapped (.+?)s? you control", part)
        if m:
            kw["tap_other"] = _selection(m.group(2), _NUMBER_WORDS[m.group(1)], card_name, raw)
            continue
        m = re.fullmatch(r"remove any number of (\S+) counters from (.+)", part)
        if m:  # X counters, X chosen as it is activated (engine/casting.py)
            _must_be_self(m.group(2), card_name, raw)
            kw["remove_counters"] = (m.group(1), X)
            continue
        m = re.fullmatch(r"remove (\w+) (\S+) counters? from (.+)", part)
        if m:
            _must_be_self(m.group(3), card_name, raw)
            kw["remove_counters"] = (m.group(2), _amount_word(m.group(1), card_name, raw))
            continue
        m = re.fullmatch(r"put (\w+) (\S+) counters? on (.+)", part)
        if m:
            _must_be_self(m.group(3), card_name, raw)
            kw["put_counters"] = (m.group(2), _amount_word(m.group(1), card_name, raw))
            continue
        m = re.fullmatch(r"pay ((?:\{e\})+)", part)
        if m:
            kw["energy"] = len(m.group(1)) // 3
            continue
        if part == "pay life equal to the number of colors in your commanders' color identity":
            kw["pay_life_identity"] = True
            continue
        m = re.fullmatch(r"pay (\d+) life", part)
        if m:
            kw["pay_life"] = int(m.group(1))
            continue
        m = re.fullmatch(r"discard (a|two) cards?", part)
        if m:
            kw["discard"] = _NUMBER_WORDS[m.group(1)]
            continue
        if part in (f"discard {card_name.lower()}", "discard this card"):
            kw["discard_self"] = True  # the ability functions only in its owner's hand (CR 113.6m)
            continue
        if part in (f"exile {card_name.lower()} from your hand", "exile this card from your hand"):
            kw["exile_self"] = kw["from_hand"] = True
            continue
        if part in (f"exile {card_name.lower()}",) + tuple(f"exile {w}" for w in _SELF_WORDS):
            kw["exile_self"] = True
            continue
        if part in (f"exile {card_name.lower()} from your graveyard", "exile this card from your graveyard"):
            kw["exile_self"] = kw["from_graveyard"] = True
            continue
        raise CardDefinitionError(card_name, f"cannot read cost part {raw!r}")
    if "return_to_hand" in kw and (sac or any(kw.get(k) for k in _NOT_WITH_RETURN)):
        # another cost that moves or taps a permanent besides the returned one: not read
        raise CardDefinitionError(card_name, f"cannot read cost {text!r}")
    # Phyrexian symbols (CR 107.4f): paid with mana or 2 life each (engine/phyrexian.py)
    return Cost(mana=parse_mana_cost("".join(mana_syms), phyrexian=True), sacrifice=tuple(sac), **kw)


#: costs not read beside "Return a <permanent> you control to its owner's hand"
_NOT_WITH_RETURN = ("sacrifice_self", "exile_self", "tap_other", "discard_self", "from_graveyard", "from_hand")


def _must_be_self(what: str, card_name: str, raw: str) -> None:
    """Counters removed from or put on the permanent itself ("from Walking Ballista"); from or
    on another permanent is a different cost."""
    if what != card_name.lower() and what not in _SELF_WORDS:
        raise CardDefinitionError(card_name, f"cannot read cost part {raw!r}: counters on {what!r}")


def _selection(phrase: str, count: int, card_name: str, raw: str) -> Selection:
    try:
        return Selection(phrase, parse_filter(phrase), count)
    except FilterError as e:
        raise CardDefinitionError(card_name, f"cannot read {raw!r}: {e}") from None


def _amount_word(word: str, card_name: str, raw: str) -> Any:
    if word in _NUMBER_WORDS:
        return _NUMBER_WORDS[word]
    if word == "x":
        return X
    if word.isdigit():
        return int(word)
    raise CardDefinitionError(card_name, f"cannot read the number in {raw!r}")


def split_cost(line: str) -> tuple[str, str, str]:
    """(cost, ":", effect) of an activated ability's line; the cost is everything before the
    first colon outside reminder text. Without a colon: (line, "", "")."""
    depth = 0
    for i, ch in enumerate(line):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == ":" and depth == 0:
            return line[:i], ":", line[i + 1:]
    return line, "", ""


def keyword_cost(keyword: str, line: str, name: str) -> Cost:
    """"Equip {1}" / "Crew 1": the cost follows the keyword (CR 702.6a, 702.122a)."""
    if keyword == "equip":
        m = re.match(r"Equip (\{[^ ]*\})", line)
        if not m:
            raise CardDefinitionError(name, f"cannot read equip cost in {line!r}")
        return Cost(mana=parse_mana_cost(m.group(1)))
    if keyword == "crew":
        m = re.match(r"Crew (\d+)", line)
        if not m:
            raise CardDefinitionError(name, f"cannot read crew cost in {line!r}")
        return Cost(crew=int(m.group(1)))
    raise CardDefinitionError(name, f"unknown keyword ability {keyword!r}")
