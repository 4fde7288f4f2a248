"""Static abilities (CR 604) and the replacement effects a permanent enters with (CR 614.1c):
anthems and auras and equipment that change power, toughness and abilities (CR 613), "can't
attack or block" (CR 508.1a, 509.1a), "doesn't untap" (CR 502.3), "enters tapped", "enters with
counters"."""

from __future__ import annotations

from typing import Any

from ....core.chars import Flag
from ....core.filters import YOU, AttachedToSource, ControlledBy, Controls, Filter, Permanent
from ....core.modifications import AddFlags, AddKeywords, ModifyPT
from ...abilities import THIS, EntersTapped, EntersWith, SelfFlag, Static
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import PT, ObjRef, read_noun
from ..text import Line


@kind("affected")
def _affected(text: str) -> Filter:
    """Who a static ability affects: itself, what it is attached to, or a group of permanents
    ("creatures you control", "other Elves you control", "each creature you control")."""
    from ..lexicon import _ATTACHED, SELF_WORDS
    low = text.lower()
    if low in SELF_WORDS:
        return THIS
    if low in _ATTACHED:
        return AttachedToSource()
    if low.startswith(("target ", "a ", "an ", "it", "that ")):
        raise NoParse(text)
    if low.startswith("each "):
        text = text[5:]
    f = read_noun(text)
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


def _static(line: Line, affects: Filter, *mods: Any) -> list[Any]:
    return [Static(text=line.raw, affects=affects, modification=m) for m in mods]


@rule("static", "<who:affected> (gets|get) <pt:pt>")
def anthem(b: Builder, who: Filter, pt: PT, line: Line) -> list[Any]:
    """CR 613.4c: "Creatures you control get +1/+1.", "Enchanted creature gets +2/+2." """
    return _static(line, who, ModifyPT(pt.power, pt.toughness))


@kind("has_keywords")
def _has_keywords(text: str) -> tuple[str, ...]:
    from ..lexicon import read_keywords
    return read_keywords(text)


@rule("static", "<who:affected> (has|have) <kws:has_keywords>")
def has_keywords(b: Builder, who: Filter, kws: tuple[str, ...], line: Line) -> list[Any]:
    """CR 613.1f: "Enchanted creature has flying.", "Other Goblins you control have haste." """
    return _static(line, who, AddKeywords(kws))


@rule("static", "<who:affected> (gets|get) <pt:pt> and (has|have) <kws:has_keywords>")
def anthem_and_keywords(b: Builder, who: Filter, pt: PT, kws: tuple[str, ...], line: Line) -> list[Any]:
    return _static(line, who, ModifyPT(pt.power, pt.toughness), AddKeywords(kws))


_FLAGS = {"can't block": (Flag.CANT_BLOCK,), "can't attack": (Flag.CANT_ATTACK,),
          "can't attack or block": (Flag.CANT_ATTACK, Flag.CANT_BLOCK)}


@kind("restriction")
def _restriction(text: str) -> tuple[str, ...]:
    return _FLAGS[text.lower()]


@rule("static", "<who:affected> <flags:restriction>")
def cant(b: Builder, who: Filter, flags: tuple[str, ...], line: Line) -> list[Any]:
    """CR 508.1a, 509.1a: "~ can't block.", "Enchanted creature can't attack or block." """
    return _static(line, who, AddFlags(flags))


@rule("static", "<s:self> doesn't untap during your untap step")
def doesnt_untap(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 502.3."""
    return [SelfFlag(text=line.raw, flag=Flag.DOESNT_UNTAP)]


@rule("static", "<s:self> enters tapped")
def enters_tapped(b: Builder, s: str, line: Line) -> list[Any]:
    """CR 614.1c: a replacement effect; it enters tapped however it enters."""
    return [EntersTapped(text=line.raw)]


@kind("you_control")
def _you_control(text: str) -> Filter:
    """"you control two or more other lands", "you control a Forest or a Plains"."""
    low = text.lower()
    if not low.startswith("you control "):
        raise NoParse(text)
    rest = text[len("you control "):]
    words = rest.split(" ", 1)
    if len(words) < 2:
        raise NoParse(text)
    from ..lexicon import NUMBERS
    head = words[0].lower()
    if head in ("a", "an"):
        what = read_noun(rest.replace(" or a ", " or ").replace(" or an ", " or ")[len(head) + 1:])
        return Controls(what & ControlledBy(YOU) & Permanent(), 1)
    if head == "no":
        return Controls(read_noun(words[1]) & ControlledBy(YOU) & Permanent(), none=True)
    if head in NUMBERS and words[1].startswith("or more "):
        return Controls(read_noun(words[1][len("or more "):]) & ControlledBy(YOU) & Permanent(), NUMBERS[head])
    raise NoParse(text)


@rule("static", "<s:self> enters tapped unless <cond:you_control>")
def enters_tapped_unless(b: Builder, s: str, cond: Filter, line: Line) -> list[Any]:
    """CR 614.1c: the condition is checked as it would enter."""
    return [EntersTapped(text=line.raw, unless=cond)]


@rule("static", "<s:self> enters with <n:amount> <counter:counter> counter(s|) on it")
def enters_with(b: Builder, s: str, n: Any, counter: str, line: Line) -> list[Any]:
    """CR 614.1c, 107.3m (X is the spell's X)."""
    return [EntersWith(text=line.raw, counter=counter, amount=n)]


@rule("static", "<s:self> enters tapped with <n:amount> <counter:counter> counter(s|) on it")
def enters_tapped_with(b: Builder, s: str, n: Any, counter: str, line: Line) -> list[Any]:
    return [EntersTapped(text=line.raw), EntersWith(text=line.raw, counter=counter, amount=n)]


_ = ObjRef
