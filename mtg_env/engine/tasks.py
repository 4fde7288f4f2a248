"""Tasks: the step-by-step processes of the rules, as plain data.

A process that can stop for a choice (casting a spell, CR 601.2; activating an ability, 602.2;
resolving, 608; putting triggered abilities on the stack, 603.3; declaring attackers and
blockers, 508-509; assigning combat damage, 510; the mulligan, 103.5; ...) is one task on the
game's task stack: a slotted dataclass with named fields and an `IntEnum` of its stages. The
game advances the top task with the function its registry names for the task's type
(`engine/game.py`); the function returns True when the task is done, or asks a question and
returns False. The answer arrives in the task's `answer` field. Tasks hold no references to
anything but plain data, so a game paused anywhere pickles and clones.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.objects import Context, Ref, SlotState, StackItem

if TYPE_CHECKING:
    from ..cards.abilities import Activated
    from ..core.actions import Action

T = TypeVar("T", bound="Task")


def _copy_value(v: Any) -> Any:
    if isinstance(v, list):
        return [x.clone() if isinstance(x, StackItem | Context) else x for x in v]
    if isinstance(v, Context | StackItem):
        return v.clone()
    if isinstance(v, dict):
        return dict(v)
    if isinstance(v, Task | DamageSplit | ManaDue):
        return v.clone()
    return v


@dataclass(slots=True, kw_only=True)
class Task:
    """A process in progress. `answer` holds the payload of the action that answered its last
    question, until the task reads it."""

    answer: Any = None

    def clone(self: T) -> T:
        """A copy that shares nothing mutable with this task (lists, contexts, stack items and
        records are copied; plain values are shared)."""
        cls = type(self)
        plan = _CLONE_PLANS.get(cls)
        if plan is None:
            plan = _CLONE_PLANS[cls] = _clone_plan(cls)
        plain, mutable = plan
        new = cls.__new__(cls)
        for n in plain:
            setattr(new, n, getattr(self, n))
        for n in mutable:
            setattr(new, n, _copy_value(getattr(self, n)))
        return new


#: per task type: (fields copied by reference, fields that hold mutable values)
_CLONE_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}
_MUTABLE_TYPES = ("list", "dict", "Context", "StackItem", "ManaDue", "DamageSplit", "Any")


#: annotations that are evaluated (not strings) and name a value that is never changed in place
_PLAIN_TYPES: tuple[type, ...] = (str, int, float, bool, type(None))


def _clone_plan(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split the fields of a task type into those shared by a clone and those copied. An
    annotation is read as written (a string, with postponed evaluation); one that was evaluated
    (a module compiled by mypyc keeps evaluated, simplified annotations: a `Context` field
    reads as `type`) is shared only when it is a plain value type or an enum, and copied
    otherwise: copying a plain value is only slower, sharing a mutable one is wrong."""
    plain: list[str] = []
    mutable: list[str] = []
    for f in dataclasses.fields(cls):
        if isinstance(f.type, str):
            shared = not any(m in f.type for m in _MUTABLE_TYPES)
        else:
            shared = f.type in _PLAIN_TYPES or (isinstance(f.type, type) and issubclass(f.type, Enum))
        (plain if shared else mutable).append(f.name)
    return tuple(plain), tuple(mutable)


# --------------------------------------------------------------------------------------------
# casting and activating (CR 601.2, 602.2)


class AnnounceStage(IntEnum):
    """The steps of casting a spell or activating an ability, in the order of CR 601.2b-h."""

    MODE = 0          # 601.2b: announce the mode
    X = 1             # 601.2b: announce X (asked here)
    X_CHOSEN = 2      # ... and read here
    TARGETS = 3       # 601.2c-d: targets, and how damage is divided among them
    SACRIFICE = 4     # 601.2h: which permanents to sacrifice
    TAP_OTHERS = 5    # "Tap an untapped creature you control": which ones
    CREW = 6          # crew N: which creatures
    DISCARD = 7       # which cards to discard
    MANA = 8          # 601.2g-h: activate mana abilities, then pay the mana
    FINISH = 9        # pay the other costs; the spell becomes cast / the ability activated
    KICK = 10         # 601.2b: announce paying optional additional costs (kicker, CR 702.33)


@dataclass(slots=True)
class ManaDue:
    """What is left to pay of a mana cost: per type, hybrid symbols, generic."""

    typed: list[int]
    hybrid: list[tuple[str, str]]
    generic: int

    def clone(self) -> ManaDue:
        return ManaDue(self.typed[:], self.hybrid[:], self.generic)


@dataclass(slots=True, kw_only=True)
class Announce(Task):
    """Casting a spell (`what` "spell") or activating an ability ("ability", with its `key`)."""

    what: str
    player: int
    obj: int
    key: str | None = None
    #: cast without paying its mana cost (CR 118.9)
    free: bool = False
    stage: AnnounceStage = AnnounceStage.MODE
    ctx: Context | None = None
    #: the ability being activated and the card it comes from (None for printed abilities)
    ability: Activated | None = None
    origin: str | None = None
    ability_read: bool = False
    # target choice (shared with PlaceTriggers): the spec being chosen for, and its targets so far
    spec_index: int = 0
    chosen: list[Ref] = field(default_factory=list)
    targets_done: bool = False
    sacrificed: list[int] = field(default_factory=list)
    #: the mana spent on a spell's cost so far, by type (W U B R G C): "if {U} was spent to cast
    #: it" (CR 601.2h)
    spent: list[int] = field(default_factory=list)
    tapped_others: list[int] = field(default_factory=list)
    #: ninjutsu's returned unblocked attacker (CR 702.49a)
    returned: int | None = None
    crew: list[int] = field(default_factory=list)
    discarded: list[int] = field(default_factory=list)
    auto_tapped: bool = False
    due: ManaDue | None = None
    #: how many times its kicker is paid (CR 702.33a, 702.33c), and whether that was asked
    kicked: int = 0
    kick_asked: bool = False
    #: whether all its modes were chosen, paying its entwine cost (CR 702.42a)
    entwined: bool = False
    #: whether its buyback is paid (CR 702.27a), and whether that was asked
    buyback: bool = False
    buyback_asked: bool = False
    #: convoke, improvise, delve (engine/altpay.py): (object, the mana it paid), and whether done
    alt_paid: list[tuple[int, str]] = field(default_factory=list)
    alt_done: bool = False
    #: Phyrexian mana (CR 107.4f): for each {W/P} so far, whether it is paid with 2 life
    phyrexian: list[bool] = field(default_factory=list)
    #: the alternative cost it is cast with ("evoke", "dash"; CR 118.9, engine/altcast.py)
    alt_cost: str | None = None


# --------------------------------------------------------------------------------------------
# resolving (CR 608) and triggered abilities (CR 603.3)


class ResolveStage(IntEnum):
    CHECK_TARGETS = 0  # CR 608.2b: are its targets still legal?
    OPTIONAL = 1       # "you may" on the whole ability (CR 603.5)
    EFFECTS = 2        # CR 608.2c: follow its instructions in order
    ENTERS = 3         # CR 614.12: a permanent spell's "as enters" choice, then it enters


@dataclass(slots=True, kw_only=True)
class Resolve(Task):
    """Resolving a spell or ability: the stack item stays on the stack while it resolves
    (CR 608.2n); a mana ability resolves at once, off the stack (CR 605.3a, item id 0)."""

    item: StackItem
    stage: ResolveStage = ResolveStage.CHECK_TARGETS
    #: the effect being followed
    effect_index: int = 0
    #: where the pending answer goes in ctx.answers, when the asking effect named a key
    ask_key: int | None = None


@dataclass(slots=True, kw_only=True)
class PlaceTriggers(Task):
    """Putting triggered abilities on the stack (CR 603.3b): APNAP, each player ordering their
    own, targets chosen as each is put on the stack (CR 603.3d)."""

    current: StackItem | None = None
    spec_index: int = 0
    chosen: list[Ref] = field(default_factory=list)
    targets_done: bool = False


# --------------------------------------------------------------------------------------------
# combat (CR 506-511)


@dataclass(slots=True, kw_only=True)
class DeclareAttackers(Task):
    """CR 508.1: the active player declares attackers, one creature at a time. `start`: how
    many creatures were already attacking when it began (put onto the battlefield attacking,
    CR 508.4: they aren't declared, tapped by attacking, or "attacked")."""

    start: int = -1


@dataclass(slots=True, kw_only=True)
class DeclareBlockers(Task):
    """CR 509.1: each defending player in turn declares blockers."""

    defender_index: int = 0


@dataclass(slots=True)
class DamageSplit:
    """An attacker's combat damage being divided among its blockers (CR 510.1c-d)."""

    attacker: int
    left: int
    blockers: list[int]
    index: int
    trample: bool
    all_lethal: bool

    def clone(self) -> DamageSplit:
        return DamageSplit(self.attacker, self.left, self.blockers[:], self.index, self.trample,
                           self.all_lethal)


@dataclass(slots=True, kw_only=True)
class CombatDamage(Task):
    """CR 510.1-2: assign combat damage, then deal it all at once. `first` for the first-strike
    combat damage step (CR 510.4)."""

    first: bool
    #: (source, what it is dealt to, amount), once every attacker and blocker is assigned
    plan: list[tuple[int, Ref, int]] | None = None
    queue: list[int] = field(default_factory=list)
    split: DamageSplit | None = None
    #: blocked attackers whose controllers may assign as though unblocked, still to choose;
    #: those whose controllers chose to (AssignAsUnblocked)
    to_ask: list[int] = field(default_factory=list)
    unblocked: list[int] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# the rest


@dataclass(slots=True, kw_only=True)
class PutOntoBattlefield(Task):
    """A land played or another object put onto the battlefield by the rules, not an effect:
    its "as enters" choice first (CR 614.12)."""

    obj: int
    controller: int


@dataclass(slots=True, kw_only=True)
class DiscardToHandSize(Task):
    """CR 514.1: the active player discards down to their maximum hand size."""

    player: int


@dataclass(slots=True, kw_only=True)
class CommanderZone(Task):
    """CR 903.9: a commander put into a graveyard, exile, a hand or a library may go to the
    command zone."""

    obj: int


@dataclass(slots=True, kw_only=True)
class LegendRule(Task):
    """CR 704.5j: the player chooses the legendary permanent to keep."""

    player: int
    oids: list[int]


class MulliganStage(IntEnum):
    DECIDE = 0   # CR 103.5: keep or mulligan, in turn order, until everyone keeps
    BOTTOM = 1   # CR 103.5: then put a card on the bottom per mulligan


@dataclass(slots=True, kw_only=True)
class Mulligan(Task):
    """The London mulligan (CR 103.5)."""

    order: list[int]
    undecided: list[int]
    free: int
    stage: MulliganStage = MulliganStage.DECIDE
    kept: list[int] = field(default_factory=list)
    mull: list[int] = field(default_factory=list)
    index: int = 0
    bottomed: int = 0


class Pending(SlotState):
    """The decision the game waits on. For priority, actions are computed lazily."""

    __slots__ = ("kind", "player", "prompt", "actions", "decision")

    def __init__(self, kind: str, player: int, prompt: str, actions: list[Action] | None = None):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.actions = actions
        self.decision: Any = None  # the public Decision, once made (Game.decision)
