"""Game objects, players and stack items: the plain data the game state is made of.

Everything here is `__slots__` data with a hand-written `copy()`, so that `Game.clone()` is a
few list and dict copies and a state pickles small. Card definitions are shared, never copied:
they pickle as their name (see `CardDef.__reduce__`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .mana import ManaPool

if TYPE_CHECKING:
    from ..cards.vocab import Ability, CardDef

# Zones (CR 400.1). The command zone is reserved for the Commander format.
LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, EXILE, STACK, COMMAND = (
    "library", "hand", "battlefield", "graveyard", "exile", "stack", "command")
ZONES = (LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, EXILE, STACK, COMMAND)

class SlotState:
    """Pickles a `__slots__` class as the tuple of its slots: small, and fast to restore."""

    __slots__ = ()

    def __getstate__(self) -> tuple:
        slots: tuple[str, ...] = type(self).__slots__
        return tuple(getattr(self, s) for s in slots)

    def __setstate__(self, state: tuple) -> None:
        slots: tuple[str, ...] = type(self).__slots__
        for s, v in zip(slots, state, strict=True):
            setattr(self, s, v)


# A reference to something that can be targeted or chosen: ("obj", id), ("player", index) or
# ("stack", stack item id). Plain tuples so that they pickle and compare cheaply.
Ref = tuple[str, int]


class GameObject(SlotState):
    """A card or token in a zone (CR 109). A zone change makes a new object (CR 400.7)."""

    __slots__ = ("id", "card", "owner", "controller", "zone", "tapped", "sick", "counters",
                 "damage", "attached_to", "token", "timestamp", "x", "deathtouched", "info")

    def __init__(self, oid: int, card: CardDef, owner: int, zone: str, timestamp: int = 0):
        self.id = oid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        # CR 302.6: True until its controller has controlled it continuously since their most
        # recent turn began. Kept for every permanent, creature or not (interface.md §4).
        self.sick = True
        self.counters: dict[str, int] = {}
        self.damage = 0
        self.attached_to: int | None = None
        self.token = False
        self.timestamp = timestamp
        # X of the spell this object was (CR 107.3m), used by its enters replacement/trigger.
        self.x = 0
        self.deathtouched = False
        # Per-object facts that later rules need (e.g. who exiled it, for linked abilities).
        self.info: dict[str, Any] | None = None

    def copy(self) -> GameObject:
        o = GameObject.__new__(GameObject)
        o.id = self.id
        o.card = self.card
        o.owner = self.owner
        o.controller = self.controller
        o.zone = self.zone
        o.tapped = self.tapped
        o.sick = self.sick
        o.counters = self.counters.copy() if self.counters else {}
        o.damage = self.damage
        o.attached_to = self.attached_to
        o.token = self.token
        o.timestamp = self.timestamp
        o.x = self.x
        o.deathtouched = self.deathtouched
        o.info = dict(self.info) if self.info else None
        return o


    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id} {self.zone}>"


class Player(SlotState):
    """A player (CR 102): life, mana pool and the ids of the cards in their own zones."""

    __slots__ = ("index", "name", "life", "pool", "library", "hand", "graveyard", "exile", "command",
                 "lands_played", "lost", "left", "won", "drew_from_empty", "dummy", "mana_produced", "mulligans",
                 "poison", "energy", "blessed", "ascend_seen")

    def __init__(self, index: int, name: str, life: int = 20):
        self.index = index
        self.name = name
        self.life = life
        self.pool = ManaPool()
        self.library: list[int] = []   # top of library is index 0
        self.hand: list[int] = []
        self.graveyard: list[int] = []  # bottom first
        self.exile: list[int] = []
        self.command: list[int] = []  # the command zone (CR 408), for commanders
        self.lands_played = 0
        self.lost = False
        self.left = False  # has left the game (CR 800.4a)
        self.won = False
        self.drew_from_empty = False
        self.dummy = False  # goldfish opponent: never acts
        self.mana_produced = 0  # this turn, for statistics
        self.mulligans = 0
        self.poison = 0  # poison counters (CR 122.1f)
        self.energy = 0  # energy counters (CR 107.14, 122.1)
        self.blessed = False  # the city's blessing (CR 702.131c)
        self.ascend_seen = False  # has controlled a permanent with ascend (engine/designations.py)

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.index = self.index
        p.name = self.name
        p.life = self.life
        p.pool = self.pool.copy()
        p.library = self.library[:]
        p.hand = self.hand[:]
        p.graveyard = self.graveyard[:]
        p.exile = self.exile[:]
        p.command = self.command[:]
        p.lands_played = self.lands_played
        p.lost = self.lost
        p.left = self.left
        p.won = self.won
        p.drew_from_empty = self.drew_from_empty
        p.dummy = self.dummy
        p.mana_produced = self.mana_produced
        p.mulligans = self.mulligans
        p.poison = self.poison
        p.energy = self.energy
        p.blessed = self.blessed
        p.ascend_seen = self.ascend_seen
        return p



class Event(SlotState):
    """What happened, for a triggered ability (CR 603.2): the kind of event, the player and the
    object it is about, and the facts its effects may read ("for each +1/+1 counter on it", "that
    player adds one mana of any type that land produced", "copy that ability")."""

    __slots__ = ("kind", "player", "object", "name", "zone", "counters", "new_id", "counts", "item",
                 "x", "defender", "source", "amount")

    def __init__(self, kind: str, *, player: int | None = None, object: int | None = None,
                 name: str | None = None, zone: str | None = None, counters: dict[str, int] | None = None,
                 new_id: int | None = None, counts: list[int] | None = None, item: StackItem | None = None,
                 x: int = 0, defender: int | None = None, source: int | None = None, amount: int = 0):
        self.kind = kind
        #: the player the event is about: whose step it is, who cast, activated or tapped
        self.player = player
        #: the object it is about: what entered, died, was tapped for mana
        self.object = object
        self.name = name
        #: the zone an object went to (leaves-the-battlefield events)
        self.zone = zone
        #: the counters the object had as it left the battlefield (CR 603.10a)
        self.counters = counters or {}
        #: the new object a card became in the zone it went to (CR 400.7)
        self.new_id = new_id
        #: the mana produced, per type (tapped-for-mana events)
        self.counts = counts
        #: the spell or ability cast or activated (a copy of it as it was then)
        self.item = item
        #: the X of the spell a permanent was (CR 107.3m)
        self.x = x
        self.defender = defender
        #: the source of the activated ability (activation events); of damage (damage events)
        self.source = source
        #: the damage dealt (damage events: "that much damage")
        self.amount = amount

    def copy(self) -> Event:
        e = Event.__new__(Event)
        for s in Event.__slots__:
            setattr(e, s, getattr(self, s))
        e.counters = dict(self.counters)
        return e


class Context(SlotState):
    """What a spell or ability carries (CR 601.2, 602.2, 608): its controller, its source, the
    targets, X, modes and the choices made while casting or activating it and paying its costs
    (a copy copies them, CR 707.10); and, while it resolves, the answers to the choices its
    effects ask for. Plain data so that a paused resolution pickles."""

    __slots__ = ("controller", "source_id", "source_name", "targets", "x", "modes", "answers", "event",
                 "copy", "link", "tapped_for_mana", "removed", "sacrificed", "target_specs",
                 "division", "target_legal", "enters", "source_ts", "kicked", "alt", "source_counters",
                 "sacrificed_stats")

    def __init__(self, controller: int, source_id: int | None, source_name: str):
        self.controller = controller
        self.source_id = source_id
        self.source_name = source_name
        self.targets: list[Ref] = []
        self.x = 0
        self.modes: list[int] = []
        #: answers to the choices its effects ask for while it resolves, by effect step
        self.answers: dict[int, Any] = {}
        #: for a triggered ability: what happened
        self.event: Event | None = None
        self.copy = False
        #: the link group of the ability (CR 607.2): "p" for printed abilities, else the card an
        #: ability was gained from (Mairsil's caged cards link only among themselves)
        self.link = "p"
        #: a mana ability with {T} in its cost: its source was tapped for mana (CR 106.12)
        self.tapped_for_mana = False
        #: counters removed to pay the cost ("Remove X counters": X)
        self.removed = 0
        #: names of the permanents sacrificed to pay the cost
        self.sacrificed: list[str] = []
        #: for each target, the index of the target spec it was chosen for
        self.target_specs: list[int] = []
        #: damage divided among the targets as they were chosen (CR 601.2d)
        self.division: list[int] = []
        #: on resolution, which targets are still legal (CR 608.2b)
        self.target_legal: list[bool] | None = None
        #: the choices made "as it enters" (CR 614.12), for the permanent a spell becomes
        self.enters: dict[str, Any] | None = None
        #: for an ability: its source's timestamp as the ability was put on the stack (a
        #: permanent that transformed since has a newer one, CR 613.7g, 701.27f)
        self.source_ts: int | None = None
        #: how many times its kicker was paid (CR 702.33d: "kicked"); a copy copies it (CR 707.10)
        self.kicked = 0
        #: the alternative cost it was cast with ("evoke", "dash"; CR 118.9), None if none; a
        #: copy copies it (CR 707.10)
        self.alt: str | None = None
        #: the counters on its source as it was sacrificed or exiled to pay the cost (its last
        #: known information, CR 608.2h: Blast Zone's "charge counters on ~"), None otherwise
        self.source_counters: dict[str, int] | None = None
        #: (power, toughness, mana value, subtypes) of each permanent sacrificed to pay the
        #: cost, as it last existed on the battlefield (CR 608.2h: "the sacrificed creature's
        #: power", "if a Saproling was sacrificed this way"); a copy keeps the original's (CR 707.10)
        self.sacrificed_stats: list[tuple[int, int, int, tuple[str, ...]]] = []

    def clone(self) -> Context:
        c = Context.__new__(Context)
        c.controller = self.controller
        c.source_id = self.source_id
        c.source_name = self.source_name
        c.targets = self.targets[:]
        c.x = self.x
        c.modes = self.modes[:]
        c.answers = dict(self.answers)
        c.event = self.event.copy() if self.event is not None else None
        c.copy = self.copy
        c.link = self.link
        c.tapped_for_mana = self.tapped_for_mana
        c.removed = self.removed
        c.sacrificed = self.sacrificed[:]
        c.target_specs = self.target_specs[:]
        c.division = self.division[:]
        c.target_legal = self.target_legal[:] if self.target_legal is not None else None
        c.enters = dict(self.enters) if self.enters is not None else None
        c.source_ts = self.source_ts
        c.kicked = self.kicked
        c.alt = self.alt
        c.source_counters = self.source_counters
        c.sacrificed_stats = self.sacrificed_stats[:]
        return c


class StackItem(SlotState):
    """A spell or an ability on the stack (CR 405, 113.7). For a spell, `obj_id` is the card's
    object on the stack; for an ability, the id of its source (which may have left)."""

    __slots__ = ("id", "kind", "obj_id", "ability", "ability_key", "ctx", "text", "copy")

    def __init__(self, sid: int, kind: str, obj_id: int | None, ability: Ability | None,
                 ability_key: str, ctx: Context, text: str, copy: bool = False):
        self.id = sid
        self.kind = kind  # "spell" or "ability"
        self.obj_id = obj_id
        self.ability = ability
        self.ability_key = ability_key
        self.ctx = ctx
        self.text = text
        self.copy = copy

    def clone(self) -> StackItem:
        return StackItem(self.id, self.kind, self.obj_id, self.ability, self.ability_key,
                         self.ctx.clone(), self.text, self.copy)


    @property
    def controller(self) -> int:
        return self.ctx.controller
