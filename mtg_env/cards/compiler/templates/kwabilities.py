"""Keyword abilities of session 5 (the "keywords" family), each compiled to the abilities its
rule defines (several instances trigger separately): annihilator (CR 702.86), dethrone
(702.105), afflict (702.130), afterlife (702.135), living weapon (702.92), ward with a mana cost
(702.21), encore (702.141), extort (702.101), fabricate (702.123), scavenge (702.97), mentor
(702.134), evolve (702.100), ninjutsu (702.49), embalm and eternalize (702.128, 702.129), blitz
(702.152), riot (702.136), unleash (702.98), devour (702.82), training (702.149), ingest
(702.115), outlast (702.107), support (702.125) (spectacle and surge: templates/spellcasting.py); the
keyword actions proliferate (701.34), bolster (701.39), adapt (701.43); a player sacrificing
permanents of their choice (701.21a: "Target player sacrifices a creature", "Sacrifice a
creature"); "Whenever an opponent sacrifices a nontoken permanent" (It That Betrays);
Marchesa's granted dethrone and "Whenever a creature you control with a +1/+1 counter on it
dies"; "Each creature you control with a +1/+1 counter on it has <keywords>"; Kaldra
Compleat's "gets +5/+5 and has <keywords>, and "<ability>"".

Where a keyword's reminder wording is one the compiler reads, it is compiled from that wording
(`_expand`), shown with the keyword line's text.

Declined: these keywords on a card of the wrong type (annihilator, dethrone, afflict on a
noncreature; living weapon off an Equipment; the graveyard and hand abilities on cards with
several faces); costs that aren't mana or have X ("Ward—Pay 3 life", "Eternalize—{3}{U}{U},
Discard a card"); "Devour artifact", "the creatures it devoured"; a riot, unleash or devour card with another "as enters" choice (one per
permanent); sacrifices of anything but a plain noun phrase ("a creature with the greatest
power", "of their choice"); "Whenever an opponent sacrifices" with anything but "put that card
onto the battlefield under your control"; granted triggered keywords other than dethrone,
annihilator, afflict, ward and extort."""

from __future__ import annotations

from typing import Any

from ....core.filters import Filter
from ....core.modifications import AddAbilities, AddKeywords, ModifyPT
from ...abilities import Static, Triggered, TriggerEvent
from ...effects import CounterSpell, LoseLife, PutCounters
from ...effects.counted import HasCounter
from ...effects.kwabilities import (
    DEFENDING_PLAYER,
    SACRIFICED_CARD,
    TARGETING_ITEM,
    Proliferate,
    PutSacrificedOntoBattlefield,
    ReturnAtNextEndStep,
    SacrificePermanents,
)
from ...effects.unless import UnlessPays
from ...subjects import SELF
from ..builder import Builder
from ..grammar import NoParse, kind, rule
from ..lexicon import PT, PlayerRef
from ..text import Line

_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _types(b: Builder) -> str:
    return getattr(b.card, "type_line", "")


def _creature(b: Builder, line: Line) -> None:
    if "Creature" not in _types(b) or b.is_spell:
        raise NoParse(line.text)


def _expand(b: Builder, line: Line, text: str) -> list[Any]:
    """The abilities `text` (the keyword's meaning, in a wording the compiler reads) compiles
    to, shown with the keyword line's printed text."""
    import dataclasses

    from ..lines import permanent_line
    abilities = permanent_line(Line(line.raw, text), b.card)
    if not abilities:
        raise NoParse(line.text)
    return [dataclasses.replace(ab, text=line.raw) for ab in abilities]


# --------------------------------------------------------------------------------------------
# annihilator (CR 702.86)


@rule("keyword", "Annihilator <n:n>")
def annihilator(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.86a: "Whenever this creature attacks, defending player sacrifices N permanents."
    It resolves in the declare attackers step, before blockers are declared (Gatherer ruling
    2010-06-15); each instance triggers separately (CR 702.86b)."""
    _creature(b, line)
    if not 1 <= n <= 9:
        raise NoParse(line.text)
    return [Triggered(text=line.raw, event=TriggerEvent.ATTACKS,
                      effects=(SacrificePermanents(DEFENDING_PLAYER, n, "permanent"),))]


# --------------------------------------------------------------------------------------------
# dethrone (CR 702.105)


@rule("keyword", "Dethrone")
def dethrone(b: Builder, line: Line) -> list[Any]:
    """CR 702.105a: "Whenever this creature attacks the player with the most life or tied for
    most life, put a +1/+1 counter on this creature." Not when it attacks a planeswalker, and
    the life totals are judged as it attacks only (Gatherer rulings 2014-05-29)."""
    _creature(b, line)
    return [Triggered(text=line.raw, event=TriggerEvent.ATTACKS_MOST_LIFE,
                      effects=(PutCounters("+1/+1", 1, SELF),))]


# --------------------------------------------------------------------------------------------
# afflict (CR 702.130), afterlife (CR 702.135), living weapon (CR 702.92)


@rule("keyword", "Afflict <n:n>")
def afflict(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.130a: "Whenever this creature becomes blocked, defending player loses N life."
    (once however many creatures block it, CR 509.3c)"""
    _creature(b, line)
    return [Triggered(text=line.raw, event=TriggerEvent.BECOMES_BLOCKED, effects=(LoseLife(n, DEFENDING_PLAYER),))]


@rule("keyword", "Afterlife <n:n>")
def afterlife(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.135a: "When this permanent is put into a graveyard from the battlefield, create N
    1/1 white and black Spirit creature tokens with flying." (also if it had stopped being a
    creature)"""
    if b.is_spell or n not in _WORDS:
        raise NoParse(line.text)
    tokens = "token" if n == 1 else "tokens"
    return _expand(b, line, f"When ~ is put into a graveyard from the battlefield, create {_WORDS[n]} 1/1 white "
                            f"and black Spirit creature {tokens} with flying.")


@rule("keyword", "Living weapon")
def living_weapon(b: Builder, line: Line) -> list[Any]:
    """CR 702.92a: "When this Equipment enters, create a 0/0 black Phyrexian Germ creature
    token, then attach this Equipment to it." """
    if "Equipment" not in _types(b):
        raise NoParse(line.text)
    return _expand(b, line, "When ~ enters, create a 0/0 black Phyrexian Germ creature token, then attach ~ to it.")


# --------------------------------------------------------------------------------------------
# granting a triggered keyword (CR 613.1f)


@kind("triggered_keyword")
def _triggered_keyword(text: str) -> str:
    if not text or '"' in text or "," in text or " and " in text:
        raise NoParse(text)
    return text


@rule("static", "<who:affected> (has|have) <kw:triggered_keyword>")
def have_triggered_keyword(b: Builder, who: Filter, kw: str, line: Line) -> list[Any]:
    """Marchesa: "Other creatures you control have dethrone.": each permanent `who` matches has
    the keyword's triggered ability (layer 6, CR 613.1f); one it already has is a second
    instance, which triggers separately (Gatherer ruling 2014-05-29)."""
    from ..lines import keyword_line
    try:
        got = keyword_line(Line(kw, kw[0].upper() + kw[1:]), Builder(b.card))
    except NoParse:
        raise NoParse(line.text) from None
    if not got or not all(isinstance(ab, Triggered) for ab in got):
        raise NoParse(line.text)
    if kw.lower().split()[0] not in ("dethrone", "annihilator", "afflict", "ward", "extort"):
        raise NoParse(line.text)  # keywords whose ability is right on any creature
    return [Static(text=line.raw, affects=who, modification=AddAbilities(tuple(got)))]


@kind("kw_list")
def _kw_list(text: str) -> tuple[str, ...]:
    from ..lexicon import read_keywords
    return read_keywords(text)


@kind("kw_quoted")
def _kw_quoted(text: str) -> str:
    from ..text import SELF as NAME
    if '"' in text or NAME in text or not text.endswith("."):
        raise NoParse(text)
    return text


@rule("static", '<who:affected> (gets|get) <pt:pt> and (has|have) <kws:kw_list>, and "<inner:kw_quoted>"')
def pt_keywords_and_quoted(b: Builder, who: Filter, pt: PT, kws: tuple[str, ...], inner: str,
                           line: Line) -> list[Any]:
    """Kaldra Compleat: "Equipped creature gets +5/+5 and has first strike, trample,
    indestructible, haste, and "Whenever this creature deals combat damage to a creature,
    exile that creature."" (CR 613.4c, 613.1f: layer 7c and layer 6)."""
    from .grants import _granted
    granted = _granted(b, inner)
    return [Static(text=line.raw, affects=who, modification=ModifyPT(pt.power, pt.toughness)),
            Static(text=line.raw, affects=who, modification=AddKeywords(kws)),
            Static(text=line.raw, affects=who, modification=AddAbilities(granted))]


# --------------------------------------------------------------------------------------------
# sacrificing (CR 701.21a)

#: what a player may be told to sacrifice: plain noun phrases (singular, plural)
_SACRIFICE = {"creature": "creature", "creatures": "creature", "permanent": "permanent",
              "permanents": "permanent", "artifact": "artifact", "artifacts": "artifact",
              "land": "land", "lands": "land", "enchantment": "enchantment", "enchantments": "enchantment",
              "nonland permanent": "nonland permanent", "nonland permanents": "nonland permanent",
              "planeswalker": "planeswalker", "creature or planeswalker": "creature or planeswalker",
              "artifact or creature": "artifact or creature", "nontoken creature": "nontoken creature",
              "another creature": "another creature", "another permanent": "another permanent"}


@kind("sacrifice_what")
def _sacrifice_what(text: str) -> tuple[int, str]:
    from ..lexicon import read_number
    if text.lower().startswith("another "):
        n_text, rest = "a", text
    else:
        n_text, _, rest = text.partition(" ")
    n = read_number(n_text)
    noun = _SACRIFICE.get(rest.lower())
    if noun is None or not 1 <= n <= 9 or (n == 1) != (rest.lower() == noun):
        raise NoParse(text)
    return n, noun


@rule("effect", "<who:player> (sacrifices|sacrifice) <what:sacrifice_what>")
def player_sacrifices(b: Builder, who: PlayerRef, what: tuple[int, str]) -> list[Any]:
    """CR 701.21a: "Target player sacrifices a creature." (Diabolic Edict), "Each opponent
    sacrifices a creature.", "that player sacrifices two permanents": the player chooses as
    the effect resolves (players in APNAP order, CR 101.4) and sacrifices them at once; with no
    more than that many, all of them. "You sacrifice ..." is a different rule's."""
    if who.kind in ("you", "controller", "owner") or what[1].startswith("another"):
        raise NoParse("sacrifices")
    if what[0] == 1 and who.kind in ("each_player", "each_opponent", "target"):
        raise NoParse("sacrifices")  # templates/permanents.py reads these (PlayersSacrifice)
    return [SacrificePermanents(b.player(who), what[0], what[1])]


@rule("effect", "Sacrifice <what:sacrifice_what>")
def you_sacrifice(b: Builder, what: tuple[int, str]) -> list[Any]:
    """CR 701.21a: "Sacrifice a creature." (Demonic Appetite's upkeep, Accursed Centaur's
    enters trigger), "sacrifice another creature": the ability's controller chooses as it
    resolves (the source itself too, unless "another"); with none, nothing happens."""
    from ...subjects import CONTROLLER
    return [SacrificePermanents(CONTROLLER, what[0], what[1])]


# --------------------------------------------------------------------------------------------
# "Whenever an opponent sacrifices a nontoken permanent" (It That Betrays)


@rule("trigger", "Whenever an opponent sacrifices a nontoken permanent")
def opponent_sacrifices(b: Builder) -> dict[str, Any]:
    """It That Betrays: triggers for any sacrifice by an opponent (a cost, an effect, a
    state-based action's "sacrifice", Gatherer rulings 2010-06-15), judged on the permanent as
    it last existed; "that card" is the card it became in the graveyard. Only with the effect
    "put that card onto the battlefield under your control"."""
    from ....core.filters import parse_filter

    def check(effs: list[Any]) -> None:
        if list(effs) != [PutSacrificedOntoBattlefield()]:
            raise NoParse("Whenever an opponent sacrifices a nontoken permanent")
    return {"event": TriggerEvent.SACRIFICED, "actor": "opponent", "subject": parse_filter("nontoken permanent"),
            "event_obj": SACRIFICED_CARD, "check": check}


@rule("effect", "put that card onto the battlefield under your control")
def put_sacrificed(b: Builder) -> list[Any]:
    """It That Betrays: the sacrificed card, while still in the graveyard it went to (Gatherer
    ruling 2010-06-15: it doesn't return if it left the graveyard, even if it came back); an
    Aura enchants what its new controller chooses (CR 303.4f)."""
    if b.event is not SACRIFICED_CARD:
        raise NoParse("put that card onto the battlefield under your control")
    return [PutSacrificedOntoBattlefield()]




# --------------------------------------------------------------------------------------------
# Marchesa: "Whenever a creature you control with a +1/+1 counter on it dies, return that card
# to the battlefield under your control at the beginning of the next end step."


@kind("with_counter_subject")
def _with_counter_subject(text: str) -> Filter:
    from ..lexicon import read_noun
    low = text.lower()
    tail = " with a +1/+1 counter on it"
    if not low.startswith(("a ", "an ")) or not low.endswith(tail):
        raise NoParse(text)
    noun = text[text.index(" ") + 1:len(text) - len(tail)]
    f = read_noun(noun)
    if "creature" not in noun.lower():
        raise NoParse(text)
    return f & HasCounter("+1/+1")


@rule("trigger", "Whenever <what:with_counter_subject> dies")
def dies_with_counter(b: Builder, what: Filter) -> dict[str, Any]:
    """Marchesa: the creature's counters as it last existed on the battlefield (CR 603.10a; her
    own too: she returns herself, Gatherer ruling 2014-05-29). "that card" only in the delayed
    return; other effects that don't name the creature (Gladehart Cavalry's "you gain 2
    life")."""

    def check(effs: list[Any]) -> None:
        if list(effs) != [ReturnAtNextEndStep()] and _mentions(effs, SACRIFICED_CARD):
            raise NoParse("Whenever a creature you control with a +1/+1 counter on it dies")
    return {"event": TriggerEvent.DIES, "subject": what, "event_obj": SACRIFICED_CARD, "check": check}


def _mentions(x: Any, who: Any) -> bool:
    """Whether `who` is among the subjects in `x` (effects, or values holding them)."""
    import dataclasses
    if x is who:
        return True
    if isinstance(x, tuple | list):
        return any(_mentions(y, who) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_mentions(getattr(x, f.name), who) for f in dataclasses.fields(x))
    return False


@rule("effect", "return that card to the battlefield under your control at the beginning of the next end step")
def return_at_next_end_step(b: Builder) -> list[Any]:
    """CR 603.7a: a delayed triggered ability; the card returns only if it is still the card
    that went to the graveyard (CR 400.7)."""
    if b.event is not SACRIFICED_CARD:
        raise NoParse("return that card to the battlefield under your control at the beginning of the next end step")
    return [ReturnAtNextEndStep()]


# --------------------------------------------------------------------------------------------
# proliferate (CR 701.34)


@rule("effect", "Proliferate")
def proliferate(b: Builder) -> list[Any]:
    """CR 701.34a: "Proliferate." (also "..., then proliferate")."""
    return [Proliferate()]


@rule("effect", "proliferate again")
def proliferate_again(b: Builder) -> list[Any]:
    """Contagion Engine: "Proliferate, then proliferate again." (two proliferations, the second
    seeing the counters the first gave)"""
    return [Proliferate()]


# --------------------------------------------------------------------------------------------
# ward (CR 702.21)


@rule("keyword", "Ward <cost:mana>")
def ward(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays [cost]." Each
    permanent with ward targeted by one spell triggers (Gatherer rulings). A mana cost only
    (no X: "Ward—Pay 3 life" and the like are not read)."""
    from ....core.mana import parse_mana_cost
    if b.is_spell or parse_mana_cost(cost).x_count:
        raise NoParse(line.text)
    return [_ward(cost, line.raw)]


def _ward(cost: str, text: str) -> Triggered:
    return Triggered(text=text, event=TriggerEvent.BECOMES_TARGET, actor="opponent",
                     effects=(UnlessPays(cost, TARGETING_ITEM, (CounterSpell(TARGETING_ITEM),),
                                         if_not="counter it"),))


# --------------------------------------------------------------------------------------------
# encore (CR 702.141)


@rule("keyword", "Encore <cost:mana>")
def encore(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.141a: "[Cost], Exile this card from your graveyard: For each opponent, create a
    token copy that attacks that opponent this turn if able. They gain haste. Sacrifice them at
    the beginning of the next end step. Activate only as a sorcery." (an ability of the card in
    the graveyard, CR 113.6m). A creature card with one face only."""
    from ....core.mana import parse_mana_cost
    from ....core.objects import GRAVEYARD
    from ...abilities import Activated
    from ...costs import Cost
    from ...effects.kwabilities import Encore
    card = b.card
    if getattr(card, "layout", None) != "normal" or "Creature" not in _types(b) or parse_mana_cost(cost).x_count:
        raise NoParse(line.text)
    return [Activated(text=line.raw, keyword="encore", zone=GRAVEYARD, sorcery_speed=True,
                      effects=(Encore(card.name),), cost=Cost(mana=parse_mana_cost(cost), exile_self=True))]


# --------------------------------------------------------------------------------------------
# extort (CR 702.101), fabricate (CR 702.123), scavenge (CR 702.97)


@rule("keyword", "Extort")
def extort(b: Builder, line: Line) -> list[Any]:
    """CR 702.101a: "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent
    loses 1 life and you gain life equal to the total life lost this way." (each instance
    triggers separately, CR 702.101b)"""
    import dataclasses

    from ...effects.kwabilities import ExtortDrain
    from ...effects.unless import MayPayMana
    if b.is_spell:
        raise NoParse(line.text)
    got = _expand(b, line, "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life "
                           "and you gain 1 life.")
    ab = got[0]
    if len(got) != 1 or not isinstance(ab, Triggered) or len(ab.effects) != 1 \
            or not isinstance(ab.effects[0], MayPayMana):
        raise NoParse(line.text)
    return [dataclasses.replace(ab, effects=(dataclasses.replace(ab.effects[0], then=(ExtortDrain(),)),))]


@rule("keyword", "Fabricate <n:n>")
def fabricate(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you
    don't, create N 1/1 colorless Servo artifact creature tokens." """
    from ...effects.kwabilities import Fabricate
    if b.is_spell or "Creature" not in _types(b) or n not in _WORDS:
        raise NoParse(line.text)
    tokens = "token" if n == 1 else "tokens"
    servo = _expand(b, line, f"When ~ enters, create {_WORDS[n]} 1/1 colorless Servo artifact creature {tokens}.")
    if len(servo) != 1 or not isinstance(servo[0], Triggered) or len(servo[0].effects) != 1:
        raise NoParse(line.text)
    return [Triggered(text=line.raw, event=TriggerEvent.ENTERS, effects=(Fabricate(n, servo[0].effects[0]),))]


@rule("keyword", "Scavenge <cost:mana>")
def scavenge(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.97a: "[Cost], Exile this card from your graveyard: Put a number of +1/+1
    counters equal to the power of the card you exiled on target creature. Activate only as a
    sorcery." The card's power in the graveyard is its printed power (a creature card with a
    number for power only)."""
    from ....core.mana import parse_mana_cost
    from ....core.objects import GRAVEYARD
    from ...abilities import Activated
    from ...costs import Cost
    from ...subjects import TARGET
    front = getattr(b.card, "front", None)
    power = str(getattr(front, "power", None) or "")
    if getattr(b.card, "layout", None) != "normal" or not power.isdigit() or parse_mana_cost(cost).x_count:
        raise NoParse(line.text)
    from ...abilities import TargetSpec
    return [Activated(text=line.raw, keyword="scavenge", zone=GRAVEYARD, sorcery_speed=True,
                      effects=(PutCounters("+1/+1", int(power), TARGET),), targets=(TargetSpec("creature"),),
                      cost=Cost(mana=parse_mana_cost(cost), exile_self=True))]


# --------------------------------------------------------------------------------------------
# mentor (CR 702.134)


@rule("keyword", "Mentor")
def mentor(b: Builder, line: Line) -> list[Any]:
    """CR 702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking
    creature with lesser power." (lesser than the mentor's power as the target is chosen and
    as the ability resolves, CR 608.2b)"""
    from ....core.filters import parse_filter
    from ...abilities import TargetSpec
    from ...effects.kwabilities import LesserPowerThanSource
    from ...subjects import TARGET
    _creature(b, line)
    spec = TargetSpec("attacking creature with lesser power",
                      filter=parse_filter("attacking creature") & LesserPowerThanSource())
    return [Triggered(text=line.raw, event=TriggerEvent.ATTACKS, targets=(spec,),
                      effects=(PutCounters("+1/+1", 1, TARGET),))]


# --------------------------------------------------------------------------------------------
# evolve (CR 702.100)


@rule("keyword", "Evolve")
def evolve(b: Builder, line: Line) -> list[Any]:
    """CR 702.100a: "Whenever a creature you control enters, if that creature's power is
    greater than this creature's power and/or that creature's toughness is greater than this
    creature's toughness, put a +1/+1 counter on this creature." Checked as it triggers (the
    subject) and as it resolves (CR 603.4); each instance separately (CR 702.100d)."""
    from ....core.filters import parse_filter
    from ...effects.kwabilities import Evolve, GreaterThanSource
    _creature(b, line)
    return [Triggered(text=line.raw, event=TriggerEvent.ENTERS, effects=(Evolve(),),
                      subject=parse_filter("creature you control") & GreaterThanSource())]


# --------------------------------------------------------------------------------------------
# ninjutsu (CR 702.49)


@rule("keyword", "Ninjutsu <cost:mana>")
def ninjutsu(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.49a: "[Cost], Reveal this card from your hand, Return an unblocked attacking
    creature you control to its owner's hand: Put this card onto the battlefield from your
    hand tapped and attacking." (an ability of the card in the hand, CR 113.6m; at instant
    speed, once blockers are declared, CR 509.1h). It attacks what the returned creature
    attacked (CR 702.49c). A creature card with one face only."""
    from ....core.mana import parse_mana_cost
    from ....core.objects import HAND
    from ...abilities import Activated
    from ...costs import Cost
    from ...effects.kwabilities import NinjutsuEnter
    if getattr(b.card, "layout", None) != "normal" or "Creature" not in _types(b) or parse_mana_cost(cost).x_count:
        raise NoParse(line.text)
    return [Activated(text=line.raw, keyword="ninjutsu", zone=HAND, effects=(NinjutsuEnter(),),
                      cost=Cost(mana=parse_mana_cost(cost), return_unblocked=True))]


# --------------------------------------------------------------------------------------------
# embalm (CR 702.128), eternalize (CR 702.129)

#: token copies being compiled (their own embalm line names them again: not compiled twice)
_COMPILING: set[Any] = set()


def _zombie_copy(b: Builder, line: Line, colors: str, pt: tuple[int, int] | None) -> Any:
    """The token copy of the card "except it's <colors>, it has no mana cost, and it's a Zombie
    in addition to its other types" (CR 707.9b: the exceptions are part of its copiable
    values), as the token definition of its characteristics and the card's own text."""
    from ...tokens import TokenError, TokenSpec, token_card
    card = b.card
    front = getattr(card, "front", None)
    if getattr(card, "layout", None) != "normal" or front is None or "Creature" not in front.type_line:
        raise NoParse(line.text)
    types, dash, subs = front.type_line.partition(" — ")
    words = subs.split() if dash else []
    if "Zombie" not in words:
        words.insert(0, "Zombie")
    if pt is None:
        if not (front.power or "").isdigit() or not (front.toughness or "").isdigit():
            raise NoParse(line.text)
        pt = (int(front.power), int(front.toughness))
    spec = TokenSpec(front.name, f"{types} — {' '.join(words)}", colors, pt[0], pt[1], front.oracle_text)
    if spec not in _COMPILING:
        _COMPILING.add(spec)
        try:
            token_card(spec)
        except TokenError:
            raise NoParse(line.text) from None
        finally:
            _COMPILING.discard(spec)
    return spec


def _copy_ability(b: Builder, line: Line, keyword: str, cost: str, spec: Any) -> list[Any]:
    from ....core.mana import parse_mana_cost
    from ....core.objects import GRAVEYARD
    from ...abilities import Activated
    from ...costs import Cost
    from ...effects.tokens import CreateTokens
    if parse_mana_cost(cost).x_count:
        raise NoParse(line.text)
    return [Activated(text=line.raw, keyword=keyword, zone=GRAVEYARD, sorcery_speed=True,
                      effects=(CreateTokens(spec),), cost=Cost(mana=parse_mana_cost(cost), exile_self=True))]


@rule("keyword", "Embalm <cost:mana>")
def embalm(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.128a: "[Cost], Exile this card from your graveyard: Create a token that's a copy
    of it, except it's white, it has no mana cost, and it's a Zombie in addition to its other
    types. Activate only as a sorcery." """
    return _copy_ability(b, line, "embalm", cost, _zombie_copy(b, line, "W", None))


@rule("keyword", "Eternalize <cost:mana>")
def eternalize(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.129a: "[Cost], Exile this card from your graveyard: Create a token that's a copy
    of it, except it's a 4/4 black Zombie creature with no mana cost. Activate only as a
    sorcery." """
    return _copy_ability(b, line, "eternalize", cost, _zombie_copy(b, line, "B", (4, 4)))


# --------------------------------------------------------------------------------------------
# blitz (CR 702.152)


@rule("keyword", "Blitz <cost:mana>")
def blitz(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.152a: "You may cast this spell by paying [cost] rather than paying its mana
    cost", "If this spell's blitz cost was paid, sacrifice the permanent this spell becomes at
    the beginning of the next end step" (a delayed triggered ability created as it enters,
    engine/altcast.py) and "As long as this permanent's blitz cost was paid, it has haste and
    'When this creature dies, draw a card.'" (layer 6). A creature card with one face only."""
    from ....core.mana import parse_mana_cost
    from ...abilities import THIS
    from ...altcast import AlternativeCost, PaidAlternative
    if getattr(b.card, "layout", None) != "normal" or "Creature" not in _types(b) or parse_mana_cost(cost).x_count:
        raise NoParse(line.text)
    draw = _expand(b, line, "When ~ dies, draw a card.")
    paid = THIS & PaidAlternative("blitz")
    return [AlternativeCost(text=line.raw, keyword="blitz", cost=parse_mana_cost(cost)),
            Static(text=line.raw, affects=paid, modification=AddKeywords(("haste",))),
            Static(text=line.raw, affects=paid, modification=AddAbilities(tuple(draw)))]


# --------------------------------------------------------------------------------------------
# riot (CR 702.136), unleash (CR 702.98): "as enters" choices of a +1/+1 counter


def _only_choice(b: Builder, line: Line) -> None:
    """The card's one "as enters" choice (the engine makes one per permanent): a creature card
    with no other ("As ~ enters, ...", "enter as a copy", a second riot or unleash)."""
    lines = [ln.strip().lower() for ln in getattr(b.card, "oracle_text", "").split("\n")]
    others = [ln for ln in lines if (ln.startswith("as ") and " enters" in ln) or "as a copy" in ln
              or ln.startswith(("riot", "unleash", "devour"))]
    if b.is_spell or "Creature" not in _types(b) or getattr(b.card, "layout", None) != "normal" or len(others) != 1:
        raise NoParse(line.text)


@rule("keyword", "Riot")
def riot(b: Builder, line: Line) -> list[Any]:
    """CR 702.136a: "You may have this permanent enter with an additional +1/+1 counter on it.
    If you don't, it gains haste." (a replacement effect, CR 614.12: chosen as it enters, a
    Clone copying it chooses too; the haste lasts while it is on the battlefield)."""
    from ...abilities import THIS, AsEntersChoose
    from ...effects.kwabilities import ChoseHaste
    _only_choice(b, line)
    return [AsEntersChoose(text=line.raw, choose="riot"),
            Static(text=line.raw, affects=THIS & ChoseHaste(), modification=AddKeywords(("haste",)))]


@rule("keyword", "Unleash")
def unleash(b: Builder, line: Line) -> list[Any]:
    """CR 702.98a: "You may have this permanent enter with an additional +1/+1 counter on it"
    and "This permanent can't block as long as it has a +1/+1 counter on it." (any +1/+1
    counter, however it got it)."""
    from ....core.chars import Flag
    from ....core.modifications import AddFlags
    from ...abilities import THIS, AsEntersChoose
    _only_choice(b, line)
    return [AsEntersChoose(text=line.raw, choose="unleash"),
            Static(text=line.raw, affects=THIS & HasCounter("+1/+1"), modification=AddFlags((Flag.CANT_BLOCK,)))]


# --------------------------------------------------------------------------------------------
# training (CR 702.149)


@rule("keyword", "Training")
def training(b: Builder, line: Line) -> list[Any]:
    """CR 702.149a: "Whenever this creature attacks with another creature with greater power,
    put a +1/+1 counter on this creature." (a trigger condition, judged as it attacks; not an
    intervening "if")"""
    from ...abilities import THIS
    from ...effects.kwabilities import AttacksWithGreater
    _creature(b, line)
    return [Triggered(text=line.raw, event=TriggerEvent.ATTACKS, subject=THIS & AttacksWithGreater(),
                      effects=(PutCounters("+1/+1", 1, SELF),))]


# --------------------------------------------------------------------------------------------
# devour (CR 702.82)


@rule("keyword", "Devour <n:n>")
def devour(b: Builder, n: int, line: Line) -> list[Any]:
    """CR 702.82a: "As this object enters, you may sacrifice any number of creatures. This
    permanent enters with N times that many +1/+1 counters on it." (chosen one creature at a
    time as it enters, sacrificed before it is on the battlefield; a Clone copying it devours
    too). "Devour artifact" and the like, and "the creatures it devoured", are not read."""
    from ...abilities import AsEntersChoose
    _only_choice(b, line)
    if "devoured" in getattr(b.card, "oracle_text", "").lower() or not 1 <= n <= 9:
        raise NoParse(line.text)
    return [AsEntersChoose(text=line.raw, choose="devour", devour=n)]


# --------------------------------------------------------------------------------------------
# ingest (CR 702.115), outlast (CR 702.107), bolster (CR 701.39), adapt (CR 701.43)


@rule("keyword", "Ingest")
def ingest(b: Builder, line: Line) -> list[Any]:
    """CR 702.115a: "Whenever this creature deals combat damage to a player, that player exiles
    the top card of their library." """
    from ...effects.kwabilities import ExileTopOfLibrary
    from ...subjects import EVENT_PLAYER
    _creature(b, line)
    return [Triggered(text=line.raw, event=TriggerEvent.COMBAT_DAMAGE_TO_PLAYER,
                      effects=(ExileTopOfLibrary(EVENT_PLAYER),))]


@rule("keyword", "Outlast <cost:mana>")
def outlast(b: Builder, cost: str, line: Line) -> list[Any]:
    """CR 702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a
    sorcery." """
    _creature(b, line)
    return _expand(b, line, f"{cost}, {{T}}: Put a +1/+1 counter on ~. Activate only as a sorcery.")


@rule("effect", "Bolster <n:n>")
def bolster(b: Builder, n: int) -> list[Any]:
    """CR 701.39a: "Choose a creature with the least toughness among creatures you control and
    put N +1/+1 counters on it." """
    from ...effects.kwabilities import Bolster
    return [Bolster(n)]


@rule("effect", "Adapt <n:n>")
def adapt(b: Builder, n: int) -> list[Any]:
    """CR 701.43a: "If this permanent has no +1/+1 counters on it, put N +1/+1 counters on
    it." (an ability of the permanent itself)"""
    from ...effects.kwabilities import Adapt
    if b.is_spell:
        raise NoParse("adapt")
    return [Adapt(n)]


# --------------------------------------------------------------------------------------------
# "Each creature you control with a +1/+1 counter on it has <keywords>" (CR 613.1f)


@kind("each_with_counter")
def _each_with_counter(text: str) -> Filter:
    from ....core.filters import Permanent
    from ..lexicon import read_noun
    low = text.lower()
    tail = " with a +1/+1 counter on it"
    if not low.startswith("each ") or not low.endswith(tail):
        raise NoParse(text)
    noun = text[5:len(text) - len(tail)]
    if "creature" not in noun.lower():
        raise NoParse(text)
    return read_noun(noun) & Permanent() & HasCounter("+1/+1")


@rule("static", "<who:each_with_counter> has <kws:kw_list>")
def each_with_counter_has(b: Builder, who: Filter, kws: tuple[str, ...], line: Line) -> list[Any]:
    """Abzan Falconer: "Each creature you control with a +1/+1 counter on it has flying." (layer
    6, CR 613.1f; whether it has a counter is judged continuously)"""
    return [Static(text=line.raw, affects=who, modification=AddKeywords(kws))]


# --------------------------------------------------------------------------------------------
# support (CR 702.125): "put a +1/+1 counter on each of up to N other target creatures"


@rule("effect", "Put a +1/+1 counter on each of <what:multi_target>")
def counter_on_each_target(b: Builder, what: Any) -> list[Any]:
    """"Put a +1/+1 counter on each of up to two target creatures." (CR 115.1, 601.2c: each
    target chosen once; the illegal ones get none, CR 608.2b)"""
    from .puzzlecards import _all_of
    return [PutCounters("+1/+1", 1, _all_of(b, what))]


def _support_targets(b: Builder, n: int, other: bool) -> list[Any]:
    from ...abilities import TargetSpec
    from ..lexicon import ObjRef
    from .puzzlecards import _all_of
    what = "other creatures" if other else "creatures"
    spec = TargetSpec(what, count=n, up_to=True, label=f"up to {_WORDS[n]} {'other ' if other else ''}target creatures")
    return [PutCounters("+1/+1", 1, _all_of(b, ObjRef("target", spec)))]


@rule("effect", "Put a +1/+1 counter on each of up to <n:n> other target creatures")
def counter_on_each_other_target(b: Builder, n: int) -> list[Any]:
    """"put a +1/+1 counter on each of up to two other target creatures" (not the source)."""
    if n not in _WORDS or n < 2 or b.is_spell:
        raise NoParse("other target creatures")
    return _support_targets(b, n, True)


@rule("effect", "Support <n:n>")
def support(b: Builder, n: int) -> list[Any]:
    """CR 702.125a-b: "Support N" on a permanent means "When this permanent enters, put a +1/+1
    counter on each of up to N other target creatures." (its enters trigger says "support N");
    on an instant or sorcery, "Put a +1/+1 counter on each of up to N target creatures." """
    if n not in _WORDS or n < 2:
        raise NoParse("support")
    return _support_targets(b, n, not b.is_spell)
