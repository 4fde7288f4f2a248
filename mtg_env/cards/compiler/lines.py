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

from ...core.objects import GRAVEYARD
from ..abilities import THIS, Ability, Activated, Keyword, Mode, SpellAbility, Triggered
from ..costs import split_cost
from ..effects import May
from ..effects.control import knows_if_done
from .builder import Builder
from .grammar import FAIL, MISS, NoParse, apply, matches, read
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


def effects(text: str, b: Builder, prior: tuple[Any, ...] = (), prior_start: int = 0) -> tuple[Any, ...]:
    """The effects of an ability's text, in order (CR 608.2c). "You may X. If you do, Y." is
    one choice: Y happens only if X was chosen (CR 608.2c, 603.5). `prior`: the effects of the
    lines before, of the same spell (the last line's begin at `prior_start`), which the first
    sentence's SENTENCE_HOOKS may change ("Metalcraft — ~ deals 4 damage instead if ...");
    the result includes them."""
    out: list[Any] = list(prior)
    prev: tuple[Any, ...] = ()  # the effects of the sentence before
    start = prior_start  # where the effects of the sentence before this one begin (for SENTENCE_HOOKS)
    for s in split_sentences(text):
        before = len(out)
        if s.lower().startswith("then "):
            s = s[5:]
        hooked = None
        for hook in SENTENCE_HOOKS:
            hooked = hook(s, b, out, start)
            if hooked is not None:
                out = hooked
                break
        if hooked is not None:
            start = min(before, len(out))
            prev = tuple(out[start:])
            continue
        if prev and matches("amend", s.rstrip(".")):
            # a sentence that changes the one before ("Destroy target creature. It can't be
            # regenerated."): the `amend` rule rebuilds the previous sentence's effects
            got = tuple(apply("amend", s, b, prev=prev))
            del out[len(out) - len(prev):]
            out.extend(got)
            prev = got
            start = len(out) - len(got)
            continue
        if s.lower().startswith("if you do, "):
            if not out or not isinstance(out[-1], May) or out[-1].then or \
                    not all(knows_if_done(e) for e in out[-1].effects):
                raise NoParse(s)
            then = sentence(s[len("if you do, "):], b)
            out[-1] = May(out[-1].effects, out[-1].prompt, tuple(then))
            prev = ()
            continue
        said = list(sentence(s, b))
        if said and hasattr(said[0], "amend"):
            # a sentence that completes the effect before it ("create a token. It has '...'",
            # templates/tokens.py): the effect amended, or NoParse
            if not out:
                raise NoParse(s)
            out[-1] = said[0].amend(out[-1])
            said = said[1:]
        prev = tuple(said)
        out.extend(prev)
        start = min(before, len(out))
    if any(getattr(e, "incomplete", False) for e in out):
        raise NoParse(text)  # an effect that needs a sentence after it ("It's still a land.")
    out = _no_controller_after_move(out, b)
    if b.notes.get("needs_more"):
        raise NoParse(b.notes["needs_more"])  # a sentence the next one was to complete
    return tuple(out)


def _no_controller_after_move(effs: list[Any], b: Builder) -> list[Any]:
    """"Exile target creature. Its controller gains 2 life.": once the object has left the
    battlefield it is a new object (CR 400.7), and "its controller" is the controller it last
    had there (CR 608.2h). For the ability's only target, a permanent, that is
    `LastControllerOf` (effects/lastknown.py: its controller now while it is there); for
    anything else an effect moved, not read."""
    from ..effects import Destroy, ExileIt, Flicker, ReturnToHand, SacrificeIt
    from ..effects.lastknown import LastControllerOf
    from ..subjects import ControllerOf, Target
    movers = (Destroy, ExileIt, Flicker, ReturnToHand, SacrificeIt)
    single = len(b.targets) == 1 and b.targets[0].where == frozenset({"battlefield"})
    moved: list[Any] = []  # what the effects so far moved
    out = list(effs)
    for k, later in enumerate(out):
        if not dataclasses.is_dataclass(later):
            continue
        for f in dataclasses.fields(later):
            v = getattr(later, f.name, None)
            if not isinstance(v, ControllerOf):
                continue
            if single and v.of == Target(0):
                later = dataclasses.replace(later, **{f.name: LastControllerOf(v.of)})  # type: ignore[type-var]
            elif v.of in moved:
                raise NoParse("its controller, after it left the battlefield")
        out[k] = later
        if isinstance(later, movers):
            moved.append(later.what)
    return out


#: sentence readings tried for one card before its text is declined as too involved
MAX_TRIES = 3000


def sentence(s: str, b: Builder) -> list[Any]:
    """One sentence: read whole by an effect rule, or as clauses joined by "then" / "and"; "you
    may" makes it a choice made as it resolves (CR 608.2d). The ways of cutting a sentence
    into clauses grow exponentially with its commas: past MAX_TRIES readings for the card,
    every sentence is declined."""
    b.tries += 1
    if b.tries > MAX_TRIES:
        raise NoParse(s)
    if s.lower().startswith("you may "):
        try:
            # a rule may read the choice itself, where its question can show what is chosen
            return list(apply("effect", s, b))
        except NoParse:
            pass
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


_RESTRICTIONS: dict[str, tuple[str, Any]] = {
    "activate only as a sorcery": ("sorcery_speed", True),
    "activate only once each turn": ("once_each_turn", True),
}


_SPEND_ONLY_ON_X = re.compile(r"spend only (white|blue|black|red|green) mana on x\.?")
_COLOR_LETTER = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


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
        spend = _SPEND_ONLY_ON_X.fullmatch(low)
        if spend and cost.mana.x_count and not line.modes:
            # "{X}: ... Spend only black mana on X." (Crypt Rats): X is paid as that many {B}
            # (no cost change applies to an activated ability's X in this engine)
            mana = dataclasses.replace(cost.mana, x_type="wubrg".index(_COLOR_LETTER[spend.group(1)]))
            cost = dataclasses.replace(cost, mana=mana)
        elif low.startswith("activate only") or low.startswith("activate this ability only"):
            parts = [p.strip() for p in re.split(r" and (?=only)|, and (?=only)", low)]
            for p in parts:
                key = p if p.startswith("activate") else "activate " + p
                if key in _RESTRICTIONS:
                    name, value = _RESTRICTIONS[key]
                else:  # a restriction with a condition ("Activate only if ...")
                    name, value = apply("restriction", key, b)
                kw[name] = value
        else:
            body.append(s)
    text = ". ".join(body) + "."
    count = mode_header(text, len(line.modes)) if line.modes else None
    if count is not None:
        if cost.discard_self or cost.from_graveyard or cost.from_hand:
            raise NoParse(cost_text.strip())
        return [Activated(text=line.raw, cost=cost, modes=modes(line, b.card), mode_count=count, **kw)]
    b.notes["activated"] = True
    b.notes["cost"] = cost  # what the effects may refer to ("the number of counters on ~")
    effs = effects(text, b)
    if kw.get("timing") and any(e.adds_mana for e in effs):
        raise NoParse(text)  # a mana ability with a timing restriction: not for autopay/could_produce
    # a mana ability with "Activate only if ..." (CR 602.5b): checked by legal.can_activate like
    # any other; automatic payment never taps it (autopay.simple_sources); what it could
    # produce ignores the restriction as it ignores costs (CR 106.7)
    if cost.mana.phyrexian and (cost.mana.x_count or any(e.adds_mana for e in effs)):
        raise NoParse(cost_text.strip())  # Phyrexian mana in a mana ability's cost or beside X
    if b.notes.get("zone"):
        kw["zone"] = b.notes["zone"]  # it functions where its effect moves its card from (CR 113.6m)
    if cost.discard_self or cost.from_hand:
        if kw.get("zone") or line.modes:
            raise NoParse(cost_text.strip())
        kw["zone"] = "hand"  # "Discard ~", "Exile ~ from your hand": it functions in its owner's hand (CR 113.6m)
    if cost.from_graveyard:
        # "Exile ~ from your graveyard": it functions in its owner's graveyard (CR 113.6m); its
        # effects can't act on the card, exiled as the cost (a new object, CR 400.7)
        if kw.get("zone") or line.modes or _acts_on_self(effs) or any(e.adds_mana for e in effs):
            raise NoParse(cost_text.strip())
        kw["zone"] = "graveyard"
    return [Activated(text=line.raw, cost=cost, effects=effs, targets=tuple(b.targets), **kw)]


_MODE_HEADERS = {"choose one —": (1, 1), "choose one or both —": (1, 2), "choose two —": (2, 2),
                 "choose one or more —": (1, 0), "choose three —": (3, 3)}


_REPEAT_HEADERS = {"choose three. you may choose the same mode more than once.": 3,
                   "choose four. you may choose the same mode more than once.": 4}


def mode_header(text: str, n: int) -> tuple[int, int] | None:
    """How many of `n` modes a modal ability's "Choose ... —" has chosen (CR 700.2): (at
    least, at most), or None for text that isn't one of these headers."""
    got = _MODE_HEADERS.get(text.lower().rstrip(".").strip())
    if got is None:
        return None
    lo, hi = got
    hi = hi or n
    if hi > n or n < 2:
        raise NoParse(text)
    return lo, hi


def modes(line: Line, card: Any) -> tuple[Mode, ...]:
    """The bullets of a modal ability (CR 700.2), each with its own targets."""
    out = []
    for raw, text in zip(line.raw_modes, line.modes, strict=True):
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
        #: what the trigger waits for, for effect rules that only make sense after it
        #: ("return ~ to its owner's hand" after "When ~ is put into a graveyard ...")
        tb.notes["trigger"] = (spec.get("event"), spec.get("subject", "self"))
        try:
            return [_triggered(line, tb, spec, rest)]
        except NoParse as e:
            last = e
    raise last or NoParse(text)


def _triggered(line: Line, b: Builder, spec: dict[str, Any], rest: str) -> Ability:
    kw: dict[str, Any] = {k: v for k, v in spec.items() if k not in ("event_obj", "no_self", "check")}
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
        got = modes(line, b.card)
        if (spec.get("no_self") and _acts_on_self(got)) or spec.get("check") is not None or "state" in kw \
                or b.notes.get("zone"):
            raise NoParse(rest)
        return Triggered(text=line.raw, modes=got, **kw)
    effs = effects(rest, b)
    if spec.get("no_self") and _acts_on_self(effs):
        raise NoParse(rest)  # "When you cast this spell": "~" is a spell, not a permanent
    if spec.get("check") is not None:
        spec["check"](effs)  # the trigger's own limits on its effects (NoParse to decline)
    if b.notes.get("recheck") is not None:
        # an intervening "if" judged again as it resolves (CR 603.4), before any "you may"
        if kw.get("optional") or (_leaves(kw.get("event")) and kw.get("subject", THIS) is THIS):
            # its own leaves abilities trigger without the check (engine/triggers.leaves_battlefield)
            raise NoParse(rest)
        effs = (b.notes["recheck"](effs),)
    if b.notes.get("zone"):
        # it functions in its card's graveyard (CR 113.6k, 113.6m; templates/graveyard_triggers.py):
        # no effect of it may act on the card as a permanent
        if b.notes["zone"] != GRAVEYARD or _acts_on_self(effs) or "state" in kw:
            raise NoParse(rest)
        kw["zone"] = GRAVEYARD
    if _leaves(kw.get("event")) and kw.get("subject", THIS) is THIS and _acts_on_self(effs):
        # CR 400.7: after it left the battlefield, "~" in its leaves trigger is a new object
        # (Rancor's "return Rancor to its owner's hand" from the graveyard): not read
        raise NoParse(rest)
    if "state" in kw:  # CR 603.8: a state trigger (templates/permanents.py)
        from ..abilities import StateTriggered
        return StateTriggered(text=line.raw, effects=effs, targets=tuple(b.targets), **kw)
    return Triggered(text=line.raw, effects=effs, targets=tuple(b.targets), **kw)


def _leaves(event: Any) -> bool:
    from ..abilities import LEAVES_EVENTS
    events = event if isinstance(event, tuple) else (event,)
    return any(e in LEAVES_EVENTS for e in events)


def _acts_on_self(x: Any) -> bool:
    """Whether an effect (or effects) acts on the ability's source itself (subjects.SELF)."""
    from ..subjects import This
    if isinstance(x, This):
        return True
    if isinstance(x, tuple | list):
        return any(_acts_on_self(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_acts_on_self(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def spell_effect(lines: list[Line], card: Any) -> SpellAbility:
    """An instant's or sorcery's effect (CR 113.3a): its effect lines, in order."""
    b = Builder(card)
    count = mode_header(lines[0].text, len(lines[0].modes)) if len(lines) == 1 and lines[0].modes else None
    if count is not None:
        return SpellAbility(text=lines[0].raw, modes=modes(lines[0], card), mode_count=count)
    repeat = _REPEAT_HEADERS.get(lines[0].text.lower()) if len(lines) == 1 and lines[0].modes else None
    if repeat is not None:  # CR 700.2d: "Choose three. You may choose the same mode more than once."
        return SpellAbility(text=lines[0].raw, modes=modes(lines[0], card), mode_count=(repeat, repeat),
                            repeat_modes=True)
    effs: list[Any] = []
    start = 0
    b.notes["spell_effect"] = True  # the spell's own effect (not a mode's): it may divide (CR 601.2d)
    for ln in lines:
        if ln.modes:
            raise NoParse(ln.text)
        got = list(effects(ln.text, b, tuple(effs), start))
        start = min(len(effs), len(got))
        effs = got
    extra = {"divide": b.notes["divide"]} if b.notes.get("divide") else {}
    return SpellAbility(text="\n".join(ln.raw for ln in lines), effects=tuple(effs), targets=tuple(b.targets),
                        **extra)


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
