"""From one Oracle line to abilities (CR 113): which kind of ability a line is, and the parts
each kind has.

- a keyword line: keywords separated by commas ("Flying, vigilance"; CR 702);
- an activated ability, "[Cost]: [Effect.] [Activate only ...]" (CR 602.1), loyalty abilities
  "[+1]: ..." included (CR 606);
- a triggered ability, "[When/Whenever/At] [trigger event], [if condition,] [effect]"
  (CR 603.1, 603.4);
- on an instant or sorcery, the spell's effect (CR 113.3a), or a line about casting it;
- otherwise a static ability (CR 604).

Effects are sentences of clauses ("Draw a card, then discard a card."), each read by an `effect`
rule; "you may" on a whole triggered ability makes it optional. A line no rule reads raises
`NoParse` naming the smallest phrase that failed.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..abilities import Ability, Activated, Keyword, Mode, SpellAbility, Triggered
from ..costs import split_cost
from ..effects import May
from ..effects.control import knows_if_done
from .builder import Builder
from .grammar import FAIL, MISS, NoParse, apply, read
from .text import Line

_SENTENCE_END = re.compile(r"\.(?:\s+|$)")


def split_sentences(text: str) -> list[str]:
    """Sentences, each without its final period; periods inside quotes don't end one."""
    out: list[str] = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            depth ^= 1
        elif ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " " or text[i + 1] == '"'):
            if i + 1 < len(text) and text[i + 1] == '"':
                i += 1
                continue
            out.append(text[start:i].strip())
            start = i + 1
        i += 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return [s for s in out if s]


_SPLITS = (", then ", " and then ", ". then ", " and ", ", ")

#: readers of sentences that depend on the effects read before them in the same ability
#: ("If this spell was kicked, it deals 4 damage instead."): hook(sentence, builder, effects so
#: far, where the previous sentence's effects begin in them) returns the new list of effects,
#: or None when it doesn't read the sentence
SENTENCE_HOOKS: list[Any] = []


def effects(text: str, b: Builder) -> tuple[Any, ...]:
    """The effects of an ability's text, in order (CR 608.2c). "You may X. If you do, Y." is
    one choice: Y happens only if X was chosen (CR 608.2c, 603.5)."""
    out: list[Any] = []
    start = 0  # where the effects of the sentence before this one begin
    for s in split_sentences(text):
        before = len(out)
        if s.lower().startswith("then "):
            s = s[5:]
        got = None
        for hook in SENTENCE_HOOKS:
            got = hook(s, b, out, start)
            if got is not None:
                out = got
                break
        if got is not None:
            start = min(before, len(out))
            continue
        if s.lower().startswith("if you do, "):
            if not out or not isinstance(out[-1], May) or out[-1].then or \
                    not all(knows_if_done(e) for e in out[-1].effects):
                raise NoParse(s)
            then = sentence(s[len("if you do, "):], b)
            out[-1] = May(out[-1].effects, out[-1].prompt, tuple(then))
            continue
        out.extend(sentence(s, b))
        start = min(before, len(out))
    return tuple(out)


def sentence(s: str, b: Builder) -> list[Any]:
    """One sentence: read whole by an effect rule, or as clauses joined by "then" / "and"; "you
    may" makes it a choice made as it resolves (CR 608.2d)."""
    if s.lower().startswith("you may "):
        rest = s[len("you may "):]
        return [May(tuple(sentence(rest, b)), rest)]
    try:
        return list(apply("effect", s, b))
    except NoParse:
        pass
    low = s.lower()
    for sep in _SPLITS:
        k = low.find(sep)
        while k != -1:
            left, right = s[:k], s[k + len(sep):]
            saved = b.save()
            try:
                return sentence(left, b) + sentence(right, b)
            except NoParse:
                b.restore(saved)
            k = low.find(sep, k + 1)
    raise NoParse(s)


# --------------------------------------------------------------------------------------------
# the kinds of lines


def keyword_line(line: Line, b: Builder) -> list[Ability]:
    """"Flying, first strike" / "Equip {2}": every keyword of the line."""
    parts = [p.strip() for p in re.split(r"[,;] (?![^()]*\))", line.text) if p.strip()]
    out: list[Ability] = []
    for p in parts:
        for ab in apply("keyword", p, b, line=line):
            if isinstance(ab, Keyword) and out and isinstance(out[-1], Keyword):
                out[-1] = Keyword(text=line.raw, names=out[-1].names + ab.names)  # one ability per line
            else:
                out.append(ab)
    return out


_RESTRICTIONS = {
    "activate only as a sorcery": ("sorcery_speed", True),
    "activate only once each turn": ("once_each_turn", True),
}


def activated(line: Line, b: Builder, cost_text: str, effect_text: str) -> list[Ability]:
    """"[Cost]: [Effect.] [Activate only ...]" (CR 602.1)."""
    cost = read("cost", cost_text.strip())
    if cost is MISS:
        raise NoParse(cost_text.strip())
    kw: dict[str, Any] = {}
    sentences = split_sentences(effect_text.strip())
    body: list[str] = []
    for s in sentences:
        low = s.lower()
        if low.startswith("activate only") or low.startswith("activate this ability only"):
            parts = [p.strip() for p in re.split(r" and (?=only)|, and (?=only)", low)]
            for p in parts:
                key = p if p.startswith("activate") else "activate " + p
                if key not in _RESTRICTIONS:
                    raise NoParse(s)
                name, value = _RESTRICTIONS[key]
                kw[name] = value
        else:
            body.append(s)
    text = ". ".join(body) + "."
    if line.modes and text.lower().rstrip(".").endswith("choose one —"):
        pre = text.rstrip(".")[: -len("choose one —")].strip()
        if pre:
            raise NoParse(text)
        return [Activated(text=line.raw, cost=cost, modes=modes(line, b.card), **kw)]
    effs = effects(text, b)
    return [Activated(text=line.raw, cost=cost, effects=effs, targets=tuple(b.targets), **kw)]


def modes(line: Line, card: Any) -> tuple[Mode, ...]:
    """The bullets of a modal ability (CR 700.2), each with its own targets."""
    out = []
    raws = [r.lstrip("•").strip() for r in line.raw.split("\n")[1:]]
    for raw, text in zip(raws, line.modes, strict=True):
        mb = Builder(card)
        effs = effects(text, mb)
        out.append(Mode(raw, effs, tuple(mb.targets)))
    return tuple(out)


_TRIGGER = re.compile(r"^(When|Whenever|At) ", re.IGNORECASE)


def triggered(line: Line, b: Builder) -> list[Ability]:
    """"[When/Whenever/At] [event], [if condition,] [effect]" (CR 603.1)."""
    text = line.text
    last: NoParse | None = None
    k = text.find(", ")
    while k != -1:
        cond_text, rest = text[:k], text[k + 2:]
        k = text.find(", ", k + 1)
        try:
            spec = apply("trigger", cond_text, b)
        except NoParse as e:
            last = last or e
            continue
        tb = Builder(b.card, event=spec.get("event_obj"))
        try:
            return [_triggered(line, tb, spec, rest)]
        except NoParse as e:
            last = e
    raise last or NoParse(text)


def _triggered(line: Line, b: Builder, spec: dict[str, Any], rest: str) -> Ability:
    kw: dict[str, Any] = {k: v for k, v in spec.items() if k != "event_obj"}
    if rest.lower().startswith("if "):
        k = rest.find(", ")
        while k != -1:
            try:
                kw["condition"] = apply("condition", rest[3:k], b)
                rest = rest[k + 2:]
                break
            except NoParse:
                k = rest.find(", ", k + 1)
        else:
            raise NoParse(rest)
    low = rest.lower()
    if low.startswith("you may ") and ". " not in rest.rstrip("."):
        kw["optional"] = True
        rest = rest[len("you may "):]
    if line.modes and rest.lower().rstrip(".") == "choose one —":
        return Triggered(text=line.raw, modes=modes(line, b.card), **kw)
    effs = effects(rest, b)
    return Triggered(text=line.raw, effects=effs, targets=tuple(b.targets), **kw)


def spell_effect(lines: list[Line], card: Any) -> SpellAbility:
    """An instant's or sorcery's effect (CR 113.3a): its effect lines, in order."""
    b = Builder(card)
    if len(lines) == 1 and lines[0].modes and lines[0].text.lower().rstrip(".") == "choose one —":
        return SpellAbility(text=lines[0].raw, modes=modes(lines[0], card))
    effs: list[Any] = []
    for ln in lines:
        if ln.modes:
            raise NoParse(ln.text)
        effs.extend(effects(ln.text, b))
    return SpellAbility(text="\n".join(ln.raw for ln in lines), effects=tuple(effs), targets=tuple(b.targets))


def permanent_line(line: Line, card: Any) -> list[Ability]:
    """A line of a permanent, or a non-effect line of an instant or sorcery."""
    b = Builder(card)
    text = line.text
    try:
        return keyword_line(line, b)
    except FAIL:
        pass
    cost_text, sep, effect_text = split_cost(text)
    if sep and '"' not in cost_text and read("cost", cost_text.strip()) is not MISS:
        return activated(line, Builder(card), cost_text, effect_text)
    if _TRIGGER.match(text):
        b = Builder(card)
        return triggered(line, b)
    b = Builder(card)
    return list(apply("static", text, b, line=line))


def with_text(ab: Ability, text: str) -> Ability:
    return dataclasses.replace(ab, text=text)
