"""More trigger events (CR 603.2): heroic ("Whenever you cast a spell that targets ~"),
"Whenever ~ or another <type> enters" (rally, constellation), "Whenever an opponent casts a
spell", and the events about players and permanents the engine reports for this family
(engine/triggers.py): gaining life (CR 119.9), drawing a card (CR 121.2), becoming untapped
(CR 603.2f), casting or copying a spell (CR 601.2i, 707.10), a spell's own "When you cast this
spell" (CR 113.6k?: it triggers from the stack)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ....core.filters import (
    OPPONENT,
    YOU,
    CardType,
    ControlledBy,
    Filter,
    Permanent,
    Spell,
    Subtype,
    Supertype,
    Targets,
)
from ....core.objects import HAND
from ...abilities import THIS, EntersWith, TargetSpec, Triggered, TriggerEvent
from ...effects import PutCounters
from ...effects.addendum import IfCastInMainPhase
from ...effects.combat import SELF_OF_DAMAGE
from ...effects.graveyard import ReturnCard
from ...subjects import EVENT_OBJECT, SELF, EventPlayer, Target
from ...turnfacts import ATTACKED, REVOLT, DealtDamageByThis, NthDrawThisTurn, NthSpellThisTurn
from ..grammar import NoParse, kind, rule
from ..lexicon import read_noun
from ..lines import SENTENCE_HOOKS
from ..text import Line

E = TriggerEvent


# --------------------------------------------------------------------------------------------
# heroic (CR 207.2c: an ability word; the trigger is a cast trigger, CR 601.2i)


@rule("trigger", "Whenever you cast a spell that targets <s:self>")
def heroic(b: Any, s: str) -> dict[str, Any]:
    """Heroic: a cast trigger (CR 601.2i) of a spell you cast whose targets, chosen as it was
    cast (CR 601.2c), include this permanent; once per spell however many times it targets
    it (CR 603.2c). A copy isn't cast: it doesn't trigger."""
    return {"event": E.CAST, "actor": YOU, "subject": Spell() & Targets(THIS)}


# --------------------------------------------------------------------------------------------
# "Whenever ~ or another <type> enters [under your control]" (CR 603.6a)


@kind("another_permanents")
def _another_permanents(text: str) -> Filter:
    """"another Ally", "another enchantment", "another creature": the permanents besides this
    one whose entering triggers it."""
    low = text.lower()
    if not low.startswith("another ") or " or another " in low:
        raise NoParse(text)
    f = read_noun(text[len("another "):])
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent()


@rule("trigger", "Whenever <s:self> or <what:another_permanents> enters under your control",
      "When <s:self> or <what:another_permanents> enters under your control")
def self_or_another_enters_yours(b: Any, s: str, what: Filter) -> dict[str, Any]:
    """CR 603.6a: rally, constellation ("Whenever ~ or another Ally enters under your
    control"): this permanent entering, or another permanent of the kind entering under your
    control (judged as it is on the battlefield, CR 603.6b). "it" is what entered."""
    return {"event": E.ENTERS, "subject": THIS | (what & ControlledBy(YOU)), "event_obj": EVENT_OBJECT}


@rule("trigger", "Whenever <s:self> or <what:another_permanents> enters",
      "When <s:self> or <what:another_permanents> enters")
def self_or_another_enters(b: Any, s: str, what: Filter) -> dict[str, Any]:
    """CR 603.6a: "Whenever ~ or another creature enters" (under anyone's control)."""
    return {"event": E.ENTERS, "subject": THIS | what, "event_obj": EVENT_OBJECT}


# --------------------------------------------------------------------------------------------
# an opponent casting a spell (CR 601.2i)


@rule("trigger", "Whenever an opponent casts <what:spell_phrase>", "When an opponent casts <what:spell_phrase>")
def opponent_casts(b: Any, what: Filter) -> dict[str, Any]:
    """CR 601.2i, 102.2: a cast trigger for a spell one of your opponents casts ("that
    player" is the caster)."""
    return {"event": E.CAST, "actor": OPPONENT, "subject": what}


#: CR 700.6: "An object is historic if it has the legendary supertype, the artifact card type,
#: or the Saga subtype."
HISTORIC = Spell() & (CardType("Artifact") | Supertype("Legendary") | Subtype("Saga"))


@rule("trigger", "Whenever you cast a historic spell")
def you_cast_historic(b: Any) -> dict[str, Any]:
    """CR 700.6, 601.2i: a cast trigger for an artifact, legendary or Saga spell you cast."""
    return {"event": E.CAST, "actor": YOU, "subject": HISTORIC}


def _no_event_player(effs: tuple[Any, ...]) -> None:
    """An enters event names no player: "that player" (the permanent's controller) isn't
    read."""
    if _mentions(effs, EventPlayer):
        raise NoParse("that player")


def _mentions(x: Any, cls: type) -> bool:
    import dataclasses
    if isinstance(x, cls):
        return True
    if isinstance(x, tuple | list):
        return any(_mentions(y, cls) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return any(_mentions(getattr(x, f.name), cls) for f in dataclasses.fields(x))
    return False


@rule("trigger", "Whenever <what:permanents> enters under an opponent's control",
      "When <what:permanents> enters under an opponent's control")
def enters_under_opponent(b: Any, what: Filter) -> dict[str, Any]:
    """CR 603.6a: "Whenever a creature enters under an opponent's control" (judged as it is
    on the battlefield). "it" is what entered."""
    return {"event": E.ENTERS, "subject": what & ControlledBy(OPPONENT), "event_obj": EVENT_OBJECT,
            "check": _no_event_player}


# --------------------------------------------------------------------------------------------
# events about players: gaining life, drawing a card (engine/triggers.py)


@dataclass(frozen=True, slots=True)
class PlayerEventAmount(EventPlayer):
    """What a trigger about a player's event ("Whenever you gain life") is about: the player.
    It tells the compiler that "that much" / "that many" is the event's amount (the life
    gained) and that there is no object for "it" to be."""

    has_amount: ClassVar[bool] = True
    is_player: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class PlayerEventNoAmount(EventPlayer):
    """The player a "Whenever you draw a card" trigger is about: no amount, no object."""

    is_player: ClassVar[bool] = True


LIFE_GAINER = PlayerEventAmount()
DRAWER = PlayerEventNoAmount()
_WHOSE = {"you": YOU, "an opponent": OPPONENT, "a player": None}


@kind("whose")
def _whose(text: str) -> str:
    low = text.lower()
    if low not in _WHOSE:
        raise NoParse(text)
    return low


@rule("trigger", "Whenever <who:whose> (gain|gains) life")
def gains_life(b: Any, who: str) -> dict[str, Any]:
    """CR 119.9: once for each life-gain event (each lifelink source dealing combat damage is
    one, CR 120.3f); gaining 0 life is no event. "that much life" is the life gained."""
    return {"event": E.GAIN_LIFE, "actor": _WHOSE[who], "subject": None, "event_obj": LIFE_GAINER}


@rule("trigger", "Whenever <who:whose> (draw|draws) a card")
def draws_a_card(b: Any, who: str) -> dict[str, Any]:
    """CR 121.2: each card drawn is a draw of its own; it triggers for each."""
    return {"event": E.DRAW, "actor": _WHOSE[who], "subject": None, "event_obj": DRAWER}


# --------------------------------------------------------------------------------------------
# becoming untapped (CR 603.2f)


@rule("trigger", "Whenever <s:self> becomes untapped")
def becomes_untapped(b: Any, s: str) -> dict[str, Any]:
    """Inspired (CR 603.2f): when it untaps (in the untap step, by an effect or a cost), not
    when it enters untapped."""
    return {"event": E.BECOMES_UNTAPPED, "event_obj": SELF}


@rule("trigger", "Whenever <what:permanents> becomes untapped")
def permanent_becomes_untapped(b: Any, what: Filter) -> dict[str, Any]:
    """CR 603.2f: "Whenever a permanent you control becomes untapped" (each one)."""
    return {"event": E.BECOMES_UNTAPPED, "subject": what, "event_obj": EVENT_OBJECT}


# --------------------------------------------------------------------------------------------
# casting or copying (CR 601.2i, 707.10); a spell's own cast trigger


@rule("trigger", "Whenever you cast or copy <what:spell_phrase>")
def cast_or_copy(b: Any, what: Filter) -> dict[str, Any]:
    """Magecraft: a spell you cast (CR 601.2i) or a copy of a spell you create (CR 707.10,
    707.12: copying isn't casting) that `what` matches."""
    return {"event": (E.CAST, E.COPY), "actor": YOU, "subject": what}


@rule("trigger", "When you cast this spell", "When you cast <s:self>")
def when_you_cast_this(b: Any, s: str = "") -> dict[str, Any]:
    """"When you cast this spell": the spell's own ability, which triggers from the stack as it
    becomes cast (CR 601.2i, 113.6k); it resolves before the spell and apart from it, so its
    effects may not act on the spell's object ("~" is the spell): those are declined."""
    return {"event": E.CAST_SELF, "subject": None, "no_self": True}


# --------------------------------------------------------------------------------------------
# soulshift (CR 702.46)


@rule("keyword", "Soulshift <n:n>")
def soulshift(b: Any, n: int, line: Line) -> list[Any]:
    """CR 702.46a: "When this permanent dies, you may return target Spirit card with mana value
    N or less from your graveyard to your hand." Each instance triggers separately (702.46b)."""
    if b.card is None or "Creature" not in b.card.type_line:
        raise NoParse(line.text)
    spec = TargetSpec(f"Spirit card with mana value {n} or less from your graveyard")
    return [Triggered(text=line.raw, event=E.DIES, optional=True, effects=(ReturnCard(Target(0), HAND),),
                      targets=(spec,))]


# --------------------------------------------------------------------------------------------
# what happened this turn (cards/turnfacts.py): raid, revolt, "dealt damage by ~ this turn",
# "your second spell / card each turn"


@rule("condition", "you attacked this turn", "you attacked with a creature this turn")
def raid(b: Any) -> Any:
    """Raid (CR 603.4): "if you attacked this turn" — you declared one or more attackers this
    turn (CR 508.1; creatures put onto the battlefield attacking aren't declared)."""
    return ATTACKED


@rule("condition", "a permanent you controlled left the battlefield this turn")
def revolt(b: Any) -> Any:
    """Revolt (CR 603.4): a permanent you controlled (a token too) left the battlefield this
    turn."""
    return REVOLT


@kind("turn_fact")
def _turn_fact(text: str) -> Filter:
    low = text.lower()
    if low in ("you attacked this turn", "you attacked with a creature this turn"):
        return ATTACKED
    if low == "a permanent you controlled left the battlefield this turn":
        return REVOLT
    raise NoParse(text)


@rule("static", "<s:self> enters with <n:amount> <counter:counter> (counter|counters) on it if <cond:turn_fact>")
def enters_with_if(b: Any, s: str, n: Any, counter: str, cond: Filter, line: Line) -> list[Any]:
    """"~ enters with a +1/+1 counter on it if you attacked this turn." (a replacement effect,
    CR 614.1c; the condition judged as it enters)."""
    if not isinstance(n, int):
        raise NoParse(line.text)
    return [EntersWith(text=line.raw, counter=counter, amount=n, condition=cond)]


def _only_counters_on_self(effs: tuple[Any, ...]) -> None:
    """"Whenever a creature dealt damage by ~ this turn dies": if ~ leaves the battlefield at
    the same time, the ability still triggers (CR 603.10a), which the engine's one-by-one
    state-based moves don't see; only counters put on ~ itself (which then do nothing) are
    read, so the outcome is the same."""
    if not effs or not all(isinstance(e, PutCounters) and e.what == SELF for e in effs):
        raise NoParse("an effect besides counters on ~ (it may have died at the same time)")


@rule("trigger", "Whenever <what:dead_kind> dealt damage by <s:self> this turn dies")
def dealt_damage_by_this_dies(b: Any, what: Filter, s: str) -> dict[str, Any]:
    """CR 603.10a, 120.3: "Whenever a creature dealt damage by Sengir Vampire this turn dies"
    (damage this object dealt it this turn; prevented damage isn't dealt)."""
    return {"event": E.DIES, "subject": what & DealtDamageByThis(), "check": _only_counters_on_self}


@kind("dead_kind")
def _dead_kind(text: str) -> Filter:
    """"a creature", "a creature with flying" (judged as it last existed)."""
    low = text.lower()
    if not low.startswith(("a creature", "a ")):
        raise NoParse(text)
    f = read_noun(text[2:])
    if f.domain() not in (None, frozenset({"battlefield"})):
        raise NoParse(text)
    return f & Permanent() & CardType("Creature")


_ORDINALS = {"first": 1, "second": 2, "third": 3}


@rule("trigger", "Whenever you cast your <nth:ordinal> spell each turn")
def you_cast_nth_spell(b: Any, nth: int) -> dict[str, Any]:
    """CR 601.2i: the `nth` spell you cast this turn (copies aren't cast, CR 707.12)."""
    return {"event": E.CAST, "actor": YOU, "subject": NthSpellThisTurn(nth)}


@rule("trigger", "Whenever an opponent casts their <nth:ordinal> spell each turn")
def opponent_casts_nth_spell(b: Any, nth: int) -> dict[str, Any]:
    return {"event": E.CAST, "actor": OPPONENT, "subject": NthSpellThisTurn(nth)}


@rule("trigger", "Whenever you cast your first spell during each opponent's turn")
def first_spell_on_opponents_turn(b: Any) -> dict[str, Any]:
    return {"event": E.CAST, "actor": YOU, "subject": NthSpellThisTurn(1, opponents_turn=True)}


@rule("trigger", "Whenever you draw your <nth:ordinal> card each turn")
def you_draw_nth_card(b: Any, nth: int) -> dict[str, Any]:
    """CR 121.2: the `nth` card you draw this turn (each card is one draw)."""
    return {"event": E.DRAW, "actor": YOU, "subject": NthDrawThisTurn(nth), "event_obj": DRAWER}


@kind("ordinal")
def _ordinal(text: str) -> int:
    return _ORDINALS[text.lower()]


# --------------------------------------------------------------------------------------------
# addendum: "If you cast this spell during your main phase, <effect>."

_ADDENDUM = "if you cast this spell during your main phase, "


def _addendum_sentence(s: str, b: Any, out: list[Any], start: int) -> list[Any] | None:
    """Addendum (CR 207.2c): an instant's or sorcery's "If you cast this spell during your main
    phase, <effect>." in addition to its other effects. "instead" (an effect replacing an
    earlier one) is declined, and so is an effect with targets of its own (targets are chosen
    as it is cast, before whether it matters is known to the engine)."""
    from ..grammar import FAIL
    from ..lines import sentence
    if not s.lower().startswith(_ADDENDUM):
        return None
    if not b.is_spell:
        raise NoParse(s)
    rest = s[len(_ADDENDUM):]
    if rest.lower().startswith("instead") or rest.lower().endswith(" instead"):
        raise NoParse(s)
    n = len(b.targets)
    try:
        effs = sentence(rest, b)
    except FAIL:
        raise NoParse(s) from None
    if len(b.targets) != n:
        raise NoParse(s)
    return out + [IfCastInMainPhase(tuple(effs))]


SENTENCE_HOOKS.append(_addendum_sentence)


# --------------------------------------------------------------------------------------------
# "you may have <someone> <do something>" (rally: "you may have Ally creatures you control get
# +1/+0 until end of turn")


def _have_sentence(s: str, b: Any, out: list[Any], start: int) -> list[Any] | None:
    """"You may have Ally creatures you control gain first strike until end of turn." is "You
    may" with "Ally creatures you control gain first strike until end of turn." (the
    causative "have X do" says the same as "X does"). After a trigger's "you may" has made the
    ability optional (lines._triggered), the sentence begins "have ...". "have" followed by a
    noun that is a thing to have ("have hexproof") isn't this: the rest must read as a clause."""
    from ...effects import May
    from ..grammar import FAIL
    from ..lines import sentence
    low = s.lower()
    if low.startswith("you may have "):
        rest = s[len("you may have "):]
        try:
            return out + [May(tuple(sentence(rest, b)), rest)]
        except FAIL:
            raise NoParse(s) from None
    if low.startswith("have "):
        rest = s[len("have "):]
        try:
            return out + list(sentence(rest, b))
        except FAIL:
            raise NoParse(s) from None
    return None


SENTENCE_HOOKS.append(_have_sentence)


# --------------------------------------------------------------------------------------------
# "Whenever ~ deals damage" (CR 120)


@rule("trigger", "Whenever <s:self> deals damage")
def deals_damage(b: Any, s: str) -> dict[str, Any]:
    """CR 120.3, 603.2c: once for the damage it deals at the same time (a combat damage step's,
    CR 510.2; one effect's, to however many players and objects); "that much" is the total."""
    return {"event": E.DEALS_DAMAGE, "event_obj": SELF_OF_DAMAGE}
