"""Abilities (CR 113): activated, triggered, static, keyword and spell abilities, their targets
and modes, and the replacement effects a permanent enters with.

Each ability is a frozen value built from the card's Oracle line; it holds the line as its
`text`. Triggers name the event they wait for (`TriggerEvent`) and judge what the event is about
with a filter (core/filters.py); static abilities that change characteristics apply a
modification (core/modifications.py) to what their filter picks, in the layer system.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core.filters import YOU, Filter, ThisObject, parse_filter
from ..core.modifications import Layer, Modification
from .costs import Cost
from .subjects import Amount

if TYPE_CHECKING:
    from ..core.chars import Chars
    from ..core.objects import Context
    from .effects import Effect
    from .protocol import GameOps
    from .relations import TargetRelation


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a target may be (CR 115): `what` is the Oracle noun phrase ("creature you control",
    "any target", "instant or sorcery spell"), read once into `filter`; `count` targets, at least
    `minimum` ("one, two, or three targets") or none (`up_to`). `distinct`: "another target" of
    a spell, which must differ from the spell's other targets (the same object may otherwise be
    chosen for each instance of the word "target", CR 601.2c). `related`: what it must be
    relative to another of the targets (cards/relations.py: "that shares a card type with it")."""

    what: str
    count: int = 1
    up_to: bool = False
    label: str = ""
    minimum: int | None = None
    distinct: bool = False
    filter: Filter = field(default=None, compare=False)  # type: ignore[assignment]
    related: TargetRelation | None = None
    #: "X target creature cards": exactly X targets, X the spell's (CR 601.2b-c; engine/casting
    #: makes `count` X as targets are chosen)
    count_x: bool = False
    #: where its targets are (the filter's `where()`, worked out once)
    where: frozenset[str] = field(default=frozenset(), init=False, compare=False)

    def __post_init__(self) -> None:
        if self.filter is None:
            object.__setattr__(self, "filter", parse_filter(self.what))
        object.__setattr__(self, "where", self.filter.where())

    @property
    def least(self) -> int:
        if self.up_to or self.count_x:
            return 0  # "X target ...": none with X = 0
        return self.count if self.minimum is None else self.minimum

    @property
    def phrase(self) -> str:
        """How prompts name it."""
        return self.label or self.what


@dataclass(frozen=True)
class Mode:
    """One mode of a modal spell or ability ("Choose one —", CR 700.2): its text after the
    bullet, its effects and its targets."""

    text: str
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True)
class Ability:
    text: str = field(default="", kw_only=True)

    @property
    def kind(self) -> str:
        raise NotImplementedError


class DefinedX:
    """X defined by the text instead of chosen (CR 107.3c); None when it can't be determined
    (then the ability can't be activated)."""

    __slots__ = ()

    def value(self, g: GameOps, ctx: Context) -> int | None:
        raise NotImplementedError


@dataclass(frozen=True)
class Activated(Ability):
    """"[Cost]: [Effect]." (CR 602). The cost comes from the text; mana abilities (CR 605.1a)
    are recognised from their effects."""

    #: damage or counters divided among the targets as they are chosen (CR 601.2d)
    divide: int | None = None
    modes: tuple[Mode, ...] = ()
    #: how many modes are chosen, at least and at most ("Choose one or both —": (1, 2))
    mode_count: tuple[int, int] = (1, 1)
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    sorcery_speed: bool = False
    once_each_turn: bool = False
    #: when it may be activated besides priority (CR 602.5b): "your_upkeep", "your_turn",
    #: "your_turn_before_attackers" (cards/compiler/templates/timing.py), None for any time
    timing: str | None = None
    #: "Activate only if <condition>" (CR 602.5b): an object with `holds(g, None, source)`
    activate_if: Any = None
    cost: Cost = Cost()
    keyword: str | None = None  # "equip", "crew" for keyword abilities
    #: X defined by the text (CR 107.3c) instead of chosen
    x_rule: DefinedX | None = None
    #: the zone it functions in (CR 113.6): "hand" for cycling (CR 702.29a), "graveyard" for
    #: "Return ~ from your graveyard to your hand" (CR 113.6m)
    zone: str = "battlefield"

    @property
    def kind(self) -> str:
        return "activated"

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1a: no target, could add mana, not a loyalty ability."""
        return not self.targets and not self.is_loyalty and any(e.adds_mana for e in self.effects)

    @property
    def is_loyalty(self) -> bool:
        """CR 606.2: a loyalty symbol in its cost."""
        return self.cost.loyalty is not None


class TriggerEvent(StrEnum):
    """What a triggered ability waits for (CR 603.2)."""

    ENTERS = "enters"                          # CR 603.6a
    LEAVES = "leaves"                          # CR 603.6c, 603.10a
    DIES = "dies"                              # put into a graveyard from the battlefield (CR 700.4)
    PUT_INTO_GRAVEYARD = "put_into_graveyard"  # from the battlefield, creature or not
    BECOMES_TAPPED = "becomes_tapped"
    BECOMES_TARGET = "becomes_target"
    ATTACKS = "attacks"                        # CR 508.3a
    BLOCKS = "blocks"                          # CR 509.3c
    TAPPED_FOR_MANA = "tapped_for_mana"        # CR 106.12a
    UPKEEP = "upkeep"                          # CR 503.1a: "at the beginning of ... upkeep"
    DRAW_STEP = "draw_step"                    # CR 504.2
    END_STEP = "end_step"                      # CR 513.1a
    CAST = "cast"                              # CR 601.2i
    ACTIVATE = "activate"                      # CR 602.2e
    TRANSFORMS = "transforms"                  # CR 701.27e: "transforms into ~"
    TURNED_FACE_UP = "turned_face_up"          # CR 708.8, 702.37e: "When ~ is turned face up"
    # combat (engine/combat.py, engine/triggers.py; templates/combat.py)
    BEGIN_COMBAT = "begin_combat"              # CR 507: "at the beginning of combat"
    BECOMES_BLOCKED = "becomes_blocked"        # CR 509.3c: once per combat
    BLOCKED_BY = "blocked_by"                  # CR 509.3d: once for each creature blocking it
    BLOCKS_CREATURE = "blocks_creature"        # CR 509.3b: once for each creature it blocks
    UNBLOCKED = "unblocked"                    # CR 509.3g: "attacks and isn't blocked"
    ATTACKS_ALONE = "attacks_alone"            # CR 506.5, 702.83a (exalted)
    COMBAT_DAMAGE_TO_PLAYER = "combat_damage_to_player"      # CR 510.3a
    COMBAT_DAMAGE_TO_CREATURE = "combat_damage_to_creature"  # CR 510.3a
    DAMAGE_TO_PLAYER = "damage_to_player"      # CR 120.2: "deals damage to a player"
    DAMAGE_TO_OPPONENT = "damage_to_opponent"  # "deals damage to an opponent"
    DEALT_DAMAGE = "dealt_damage"              # "<this> is dealt damage" (once per event)
    #: "Whenever a source an opponent controls deals damage to you or a permanent you control"
    #: (once for each of them dealt damage; the event's player is the source's controller)
    OPPONENT_SOURCE_DAMAGES_YOURS = "opponent_source_damages_yours"
    BLOCKED_BY_NO_FLANKING = "blocked_by_no_flanking"  # CR 702.25a: by a creature without flanking
    PLAYER_ATTACKS = "player_attacks"          # CR 508.3d: "whenever you attack"
    PLAYER_ATTACKS_TWO = "player_attacks_two"  # "whenever you attack with two or more creatures"
    PLAYER_ATTACKED = "player_attacked"        # CR 508.3d: "whenever enchanted player is attacked"
    STATE = "state"                            # CR 603.8: a state trigger ("When you control no Islands")
    END_COMBAT = "end_combat"                  # CR 511.2: "at end of combat"
    ATTACKS_WITH_TWO = "attacks_with_two"      # "~ and at least two other creatures attack"
    COMBAT_DAMAGE = "combat_damage"            # "deals combat damage" (once a step, CR 510.2)
    DEALT_COMBAT_DAMAGE = "dealt_combat_damage"  # "is dealt combat damage" (once a step)
    CYCLED = "cycled"                          # CR 702.29c-d: a card discarded to pay a cycling cost
    DISCARD = "discard"                        # CR 701.9a: a player discards a card
    LAST_TIME_COUNTER = "last_time_counter"    # CR 702.63a: the last time counter removed from it
    # templates/trigger_events.py
    GAIN_LIFE = "gain_life"                    # CR 119.9: a player gains life (not 0)
    DRAW = "draw"                              # CR 121.2: a player draws a card (each card)
    BECOMES_UNTAPPED = "becomes_untapped"      # CR 603.2f
    COPY = "copy"                              # CR 707.10: a player copies a spell
    CAST_SELF = "cast_self"                    # "When you cast this spell" (from the stack)
    DEALS_DAMAGE = "deals_damage"              # "Whenever ~ deals damage" (once for damage at once)
    LORE = "lore"                              # CR 714.2b: lore counters put on a Saga (engine/sagas.py)
    BECOMES_MONSTROUS = "becomes_monstrous"    # CR 701.37: "when <this> becomes monstrous"
    EXPLOITS = "exploits"                      # CR 702.110b: "when <this> exploits a creature"
    # templates/kwabilities.py
    SACRIFICED = "sacrificed"                  # CR 701.21a: a player sacrifices a permanent
    ATTACKS_MOST_LIFE = "attacks_most_life"    # CR 702.105a: attacks the player with the most life


#: events about objects leaving the battlefield: their triggers look back in time (CR 603.10a)
LEAVES_EVENTS = frozenset({TriggerEvent.LEAVES, TriggerEvent.DIES, TriggerEvent.PUT_INTO_GRAVEYARD})

THIS = ThisObject()


@dataclass(frozen=True)
class Triggered(Ability):
    """"When/Whenever/At ..." (CR 603).

    `event` is what it waits for (one event, or several: "enters or attacks"). `subject` judges
    what the event is about, relative to this ability's controller and source: the object that
    entered, died or was tapped for mana (`THIS` by default: "When <this> enters"), the spell
    cast or the ability activated ("an ability that targets a creature or player"). `actor`
    narrows the player the event is about: YOU for "your upkeep", "you cast", "you tap"; None
    for each player. `optional` is a "you may" on the whole effect; `condition` an intervening
    "if" (CR 603.4) judged on the source."""

    event: TriggerEvent | tuple[TriggerEvent, ...] = TriggerEvent.ENTERS
    #: damage or counters divided among the targets as they are chosen (CR 601.2d)
    divide: int | None = None
    modes: tuple[Mode, ...] = ()
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    optional: bool = False
    condition: Filter | None = None
    subject: Filter | None = THIS
    actor: str | None = None
    #: "Whenever you tap a permanent for {C}": it triggers only if that type of mana was
    #: produced (CR 106.12a; Forsaken Monument's ruling)
    produced: str | None = None
    #: the zone it functions in (CR 113.6): "graveyard" for "At the beginning of your upkeep,
    #: you may return ~ from your graveyard to your hand" (CR 113.6m) and "..., if ~ is in your
    #: graveyard, ..." (CR 113.6b); engine/triggers.index_triggers looks for it only there
    zone: str = "battlefield"

    @property
    def kind(self) -> str:
        return "triggered"

    @property
    def events(self) -> tuple[TriggerEvent, ...]:
        return self.event if isinstance(self.event, tuple) else (self.event,)

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1b: triggers from a mana ability, no target, could add mana."""
        return TriggerEvent.TAPPED_FOR_MANA in self.events and not self.targets and any(
            e.adds_mana for e in self.effects)

    @property
    def only_yours(self) -> bool:
        return self.actor == YOU


@dataclass(frozen=True)
class StateTriggered(Triggered):
    """A state trigger (CR 603.8): "When you control no Islands, sacrifice ~." It triggers
    whenever `state` holds (`holds(g, None, source)`, checked each time a player would receive
    priority) and doesn't trigger again while it is waiting or on the stack."""

    state: Any = None


@dataclass(frozen=True)
class Chapter(Triggered):
    """A Saga's chapter ability (CR 714.2): "{rN}—[Effect]" means "When one or more lore counters
    are put onto this Saga, if the number of lore counters on it was less than N and became at
    least N, [effect]." (engine/sagas.py). "I, II — ..." is one per numeral (CR 714.2c)."""

    chapter: int = 1


@dataclass(frozen=True)
class Keyword(Ability):
    """Keyword abilities without a colon (flying, haste, enchant creature ...)."""

    names: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return "keyword"


@dataclass(frozen=True)
class SpellAbility(Ability):
    """What an instant or sorcery does (CR 113.3a)."""

    #: damage or counters divided among the targets as they are chosen (CR 601.2d)
    divide: int | None = None
    modes: tuple[Mode, ...] = ()
    #: how many modes are chosen, at least and at most ("Choose one or both —": (1, 2))
    mode_count: tuple[int, int] = (1, 1)
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    #: "You may choose the same mode more than once." (CR 700.2d)
    repeat_modes: bool = False

    @property
    def kind(self) -> str:
        return "spell"


# --------------------------------------------------------------------------------------------
# static abilities (CR 604)


@dataclass(frozen=True)
class StaticAbility(Ability):
    """A static ability (CR 604). Those that change characteristics are `LayerStatic`s; the
    others are read by the rule they modify (replacement effects, "doesn't untap")."""

    @property
    def kind(self) -> str:
        return "static"


Own = Any  # Callable[[int], Chars | None]: the layer system's copy-before-write accessor


@dataclass(frozen=True)
class LayerStatic(StaticAbility):
    """A static ability whose effect the layer system applies (CR 613)."""

    @property
    def layer(self) -> Layer:
        raise NotImplementedError

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        """Apply the effect of `source`'s ability to the characteristics computed so far."""
        raise NotImplementedError


@dataclass(frozen=True)
class Static(LayerStatic):
    """"<Filter> get +1/+1", "Lands you control have '<ability>'", "Enchanted creature can't
    attack or block": `modification` applied to each permanent `affects` matches, judged on the
    characteristics of earlier layers, relative to the source."""

    affects: Filter = THIS
    modification: Modification | None = None

    @property
    def layer(self) -> Layer:
        assert self.modification is not None
        return self.modification.layer

    def apply(self, g: GameOps, chars: dict[int, Chars], own: Own, source: int) -> None:
        assert self.modification is not None
        you = g.objects[source].controller
        origin = chars[source].name
        key = f"s{source}"
        affects, objects, mod = self.affects, g.objects, self.modification
        only = affects.only(g, source)
        for oid in (chars if only is None else [o for o in only if o in chars]):
            if affects.obj(g, objects[oid], chars[oid], you, source):
                mine = own(oid)
                if mine is not None:
                    mod.apply(mine, key, origin)


@dataclass(frozen=True)
class SelfFlag(StaticAbility):
    """A rules modification of its own permanent: "<This> doesn't untap during your untap step"
    (CR 502.3). `flag` is a core.chars.Flag."""

    flag: str = ""


@dataclass(frozen=True)
class BlockRestriction(StaticAbility):
    """"<This> can't be blocked by <creatures>" / "can't be blocked except by <creatures>" (a
    restriction on blocks, CR 509.1b) of the permanent that has it. `by` judges a would-be
    blocker relative to the attacker (its controller and itself); `only`: the "except by"
    form."""

    by: Filter = THIS
    only: bool = False
    #: "<This> can't block creatures with power 2 or greater": a restriction of the blocker;
    #: `by` judges the attacker relative to the blocker
    of_blocker: bool = False

    def allows(self, g: Any, blocker: int, attacker: int) -> bool:
        if self.of_blocker:
            hit = bool(g.matches(self.by, attacker, g.objects[blocker].controller, blocker))
        else:
            hit = bool(g.matches(self.by, blocker, g.objects[attacker].controller, attacker))
        return hit if self.only else not hit


@dataclass(frozen=True)
class AssignAsUnblocked(StaticAbility):
    """"You may have <this> assign its combat damage as though it weren't blocked." (CR 510.1c:
    its controller chooses, as combat damage is assigned, all of it to the player it attacks or
    all of it to its blockers as usual)."""


@dataclass(frozen=True)
class AttackRestriction(StaticAbility):
    """"<This> can't attack unless defending player controls an Island." (a restriction on
    attacks, CR 508.1c) of the permanent that has it: it may attack a player only if that
    player controls a permanent `controls` matches (relative to the attacker)."""

    controls: Filter = THIS

    def allows(self, g: Any, attacker: int, defender: int) -> bool:
        you = g.objects[attacker].controller
        return any(g.objects[o].controller == defender and g.matches(self.controls, o, you, attacker)
                   for o in g.battlefield)


#: the steps of the combat phase (CR 506.1)
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")
#: "Cast this spell only during ...": the steps it may be cast in
CAST_WINDOWS = {"combat": COMBAT_STEPS,
                "before_blockers": ("beginning_of_combat", "declare_attackers"),
                "after_blockers": ("declare_blockers", "combat_damage", "end_of_combat"),
                "declare_blockers": ("declare_blockers",),
                "attacked": ("declare_attackers",)}


@dataclass(frozen=True)
class CastRestriction(StaticAbility):
    """"Cast this spell only during combat" and its variants (CR 601.3: a restriction on casting
    it, which also applies when an effect lets it be cast). `window` is a key of CAST_WINDOWS;
    "attacked": "only during the declare attackers step and only if you've been attacked this
    step"."""

    window: str = "combat"

    def allows(self, g: Any, player: int) -> bool:
        if g.turn_state.step not in CAST_WINDOWS[self.window]:
            return False
        return self.window != "attacked" or player in g.players_attacked()


def cast_allowed(g: Any, card: Any, player: int) -> bool:
    """Do the card's casting restrictions (CastRestriction) allow `player` to cast it now, and
    may the player cast spells this turn ("can't cast spells this turn", CR 101.2)?"""
    facts = g.turn_state.facts
    if facts and player in facts.get("cant_cast", ()):
        return False
    return all(ab.allows(g, player) for ab in card.abilities if isinstance(ab, CastRestriction))


@dataclass(frozen=True)
class ManaReplacement(StaticAbility):
    """A replacement effect on mana a permanent is tapped for (CR 106.12b, 614.1a): "If you tap a
    permanent for mana, it produces three times as much of that mana instead" (`multiply` 3),
    "If a land is tapped for mana, it produces {B} instead of any other type and amount"
    (`produce` "{B}"). `whose` YOU: only permanents its controller taps; `what` judges the
    source tapped."""

    multiply: int = 1
    produce: str | None = None
    whose: str | None = YOU
    what: Filter = field(default_factory=lambda: parse_filter("permanent"))

    def replace(self, counts: list[int]) -> list[int]:
        from ..core.mana import TYPE_INDEX, split_symbols
        if self.produce is not None:  # Contamination: "{B} instead of any other type and amount"
            out = [0] * 6
            for sym in split_symbols(self.produce):
                out[TYPE_INDEX[sym]] += 1
            return out
        return [n * self.multiply for n in counts]


@dataclass(frozen=True)
class FewerCounters(StaticAbility):
    """Vizier of Remedies (CR 614.1a): "If one or more <kind> counters would be put on a creature
    you control, that many <kind> counters minus `fewer` are put on it instead"."""

    counter: str = "-1/-1"
    fewer: int = 1
    affects: Filter = field(default_factory=lambda: parse_filter("creature you control"))


@dataclass(frozen=True)
class CanBeCommander(StaticAbility):
    """"<This> can be your commander." (CR 903.3a, 113.6n): a rule of deck construction that
    works before the game begins (the Commander deck check reads it); in a game it does nothing."""


# --------------------------------------------------------------------------------------------
# entering the battlefield (CR 614.1c, 614.12)


@dataclass(frozen=True)
class EntersWith(Ability):
    """"<This> enters with N <kind> counters on it." (a replacement effect, CR 614.1c);
    the amount X is the X of the spell it was (CR 107.3m), 0 otherwise."""

    counter: str = "+1/+1"
    amount: Amount = 1
    #: "If <this> was kicked, it enters with ..." (CR 702.33d): judged on it as it enters
    condition: Filter | None = None

    @property
    def kind(self) -> str:
        return "replacement"


@dataclass(frozen=True)
class EntersTapped(Ability):
    """"<This> enters tapped." (a replacement effect, CR 614.1c), or "enters tapped unless
    <condition>" (`unless`: a condition judged as it would enter, relative to its controller)."""

    unless: Filter | None = None

    @property
    def kind(self) -> str:
        return "replacement"


@dataclass(frozen=True)
class CopyExceptions:
    """Exceptions of a copy effect (CR 707.9): "except it's an Illusion in addition to its other
    types and it has '...'". They become part of the copiable values (CR 707.9b)."""

    add_subtypes: tuple[str, ...] = ()
    add_abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True)
class AsEntersChoose(Ability):
    """"As <this> enters, choose a color." / "You may have <this> enter as a copy of any creature
    on the battlefield" (CR 614.12, 707.2): a replacement effect; the choice is made as it enters
    and remembered by the permanent."""

    #: "color", "creature_type", "copy_creature" (Clone), "pay_life" or "reveal" (or enter
    #: tapped), "riot" / "unleash" (a +1/+1 counter or not, CR 702.136a, 702.98a), "devour"
    choose: str = "color"
    exceptions: CopyExceptions | None = None
    #: "copy_creature": the creatures it may copy ("a creature you control"), None: any creature
    copy_what: Filter | None = None
    #: "choose a color other than green": the colors that can't be chosen ("G")
    other_than: str = ""
    #: "As ~ enters, you may pay N life. If you don't, it enters tapped.": N
    life: int = 0
    #: "devour": N, the +1/+1 counters for each creature sacrificed (CR 702.82a)
    devour: int = 0
    #: "As ~ enters, you may reveal a Plains or Island card from your hand. If you don't, ~
    #: enters tapped." (choose "reveal"): the cards that may be revealed
    reveal: Any = None

    @property
    def kind(self) -> str:
        return "replacement"


# --------------------------------------------------------------------------------------------
# modes (CR 700.2)


def targets_of(ab: Ability | None, ctx: Context) -> tuple[TargetSpec, ...]:
    """The targets a spell or ability has: of its chosen modes if it is modal (CR 700.2)."""
    return _chosen(ab, ctx, "targets")


def effects_of(ab: Ability | None, ctx: Context) -> tuple[Any, ...]:
    """The effects a spell or ability has: of its chosen modes if it is modal (CR 700.2)."""
    return _chosen(ab, ctx, "effects")


def _chosen(ab: Ability | None, ctx: Context, part: str) -> tuple[Any, ...]:
    if ab is None:
        return ()
    modes: tuple[Mode, ...] = getattr(ab, "modes", ())
    if modes and ctx.modes:
        if len(ctx.modes) == 1 or part == "targets":
            return tuple(x for i in ctx.modes for x in getattr(modes[i], part))
        # several modes (CR 700.2d): each mode's effects name its own targets from 0; after
        # the first mode, they are the targets that follow the earlier modes' targets
        out: list[Any] = []
        offset = 0
        for i in ctx.modes:
            out.extend(_shift_targets(e, offset) if offset else e for e in modes[i].effects)
            offset += len(modes[i].targets)
        return tuple(out)
    return tuple(getattr(ab, part, ()))


def _shift_targets(x: Any, offset: int) -> Any:
    """`x` (an effect, a subject, or values holding them) with every target index moved by
    `offset` (cards/rewrite.py)."""
    from .rewrite import shift_targets
    return shift_targets(x, offset)


