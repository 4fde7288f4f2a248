"""The game's state records: each groups the facts of one part of the rules and copies itself,
so that `Game.clone()` copies records instead of a hand-kept list of fields.

Plain data only (style.md): no callbacks, generators or handles, so states pickle and clone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.objects import Event, SlotState

if TYPE_CHECKING:
    from ..cards.abilities import Triggered
    from ..core.modifications import Modification


class Options(SlotState):
    """How this game is played; set up once and shared by clones (never written after)."""

    __slots__ = ("seed", "format", "mana_payment", "x_cap", "turn_limit", "format_rules",
                 "draw_on_first_turn", "skip_forced", "useful_mana_only")

    def __init__(self, seed: int, format: str, mana_payment: str, x_cap: int, turn_limit: int | None,
                 skip_forced: bool = False, useful_mana_only: bool = False):
        self.seed = seed
        self.format = format
        #: "manual" (costs are paid from the pool) or "auto" (simple sources are tapped)
        self.mana_payment = mana_payment
        #: the largest X offered with automatic payment
        self.x_cap = x_cap
        self.turn_limit = turn_limit
        #: the format's rule changes (formats.py), None for a plain duel
        self.format_rules: Any = None
        #: CR 103.8a: the first player skips their first draw (a variant may turn it off)
        self.draw_on_first_turn = False
        #: take every decision with exactly one legal action without asking (interface.md §9)
        self.skip_forced = skip_forced
        #: offer a mana ability at priority only while it matters (engine/useful_mana.py,
        #: docs/extensions.md)
        self.useful_mana_only = useful_mana_only

    def __setstate__(self, state: tuple) -> None:
        # a game pickled before `useful_mana_only` existed has one slot fewer
        super().__setstate__(state + (False,) * (len(self.__slots__) - len(state)))


class TurnState(SlotState):
    """The turn (CR 500): its number, whose it is, the step, and what is counted per turn."""

    __slots__ = ("number", "active", "first_player", "step", "spells_cast", "activations", "day_night",
                 "facts", "damaged")

    def __init__(self) -> None:
        self.number = 1
        self.active = 0
        self.first_player = 0
        self.step = "precombat_main"
        #: spells cast this turn, by anyone (Magus of the Mind)
        self.spells_cast = 0
        #: activations this turn of each (object, ability key), for "only once each turn"
        self.activations: dict[tuple[int, str], int] = {}
        #: the game's day/night designation (CR 730.1): None (neither), "day" or "night"
        self.day_night: str | None = None
        #: what happened this turn that abilities ask about (cards/turnfacts.py): "attacked"
        #: (players who declared attackers, raid), "left" (players a permanent they controlled
        #: left the battlefield of, revolt), "damaged" ([victim, source] pairs of damage to
        #: permanents), "draws" (cards each player drew, by player index as a string)
        self.facts: dict[str, list] = {}
        #: the players dealt damage this turn (bloodthirst, CR 702.54a)
        self.damaged: list[int] = []

    def copy(self) -> TurnState:
        t = TurnState.__new__(TurnState)
        t.number, t.active, t.first_player, t.step = self.number, self.active, self.first_player, self.step
        t.spells_cast = self.spells_cast
        t.activations = self.activations.copy()
        t.day_night = self.day_night
        t.facts = {k: v[:] for k, v in self.facts.items()} if self.facts else {}
        t.damaged = self.damaged[:]
        return t


class PriorityState(SlotState):
    """Priority (CR 117): who has it, and how many players have passed in succession."""

    __slots__ = ("player", "passes")

    def __init__(self) -> None:
        self.player = 0
        self.passes = 0

    def copy(self) -> PriorityState:
        p = PriorityState.__new__(PriorityState)
        p.player, p.passes = self.player, self.passes
        return p


class CombatState(SlotState):
    """Combat (CR 506-511): attackers in declaration order and whom they attack, blocks, and
    which combat damage steps have happened."""

    __slots__ = ("attackers", "attack_targets", "blocks", "first_strike_done", "damage_dealt",
                 "regular_damage_dealt", "dealt_first_strike", "attacked_planeswalkers", "attacked")

    def __init__(self) -> None:
        self.attackers: list[int] = []
        #: attacker -> the player it attacks
        self.attack_targets: dict[int, int] = {}
        #: attacker -> its blockers
        self.blocks: dict[int, list[int]] = {}
        self.first_strike_done = False
        self.damage_dealt = False
        self.regular_damage_dealt = False
        #: creatures that dealt first-strike combat damage (CR 510.4)
        self.dealt_first_strike: set[int] = set()
        #: attacker -> the planeswalker it attacks (CR 508.1b; its controller is the player in
        #: `attack_targets`); None once that planeswalker is removed from combat (CR 506.4c)
        self.attacked_planeswalkers: dict[int, int | None] = {}
        #: attacker -> the player it attacked, kept after it is removed from combat (the
        #: "defending player" of its abilities, CR 508.5)
        self.attacked: dict[int, int] = {}

    def copy(self) -> CombatState:
        c = CombatState.__new__(CombatState)
        c.attackers = self.attackers[:]
        c.attack_targets = self.attack_targets.copy()
        c.blocks = {a: bs[:] for a, bs in self.blocks.items()} if self.blocks else {}
        c.first_strike_done = self.first_strike_done
        c.damage_dealt = self.damage_dealt
        c.regular_damage_dealt = self.regular_damage_dealt
        c.dealt_first_strike = set(self.dealt_first_strike)
        c.attacked_planeswalkers = self.attacked_planeswalkers.copy()
        c.attacked = self.attacked.copy()
        return c

    def is_attacking(self, oid: int) -> bool:
        return oid in self.attack_targets

    def is_blocking(self, oid: int) -> bool:
        return any(oid in bs for bs in self.blocks.values())


class CommanderState(SlotState):
    """The Commander format's facts (CR 903): color identities, combat damage dealt by each
    commander, the times each was cast from the command zone, and commanders that just moved."""

    __slots__ = ("colors", "damage", "casts", "moved")

    def __init__(self) -> None:
        #: colors of each player's commanders' color identity (CR 903.4), by player index
        self.colors: dict[int, str] = {}
        #: combat damage dealt to each player by each commander (CR 903.10a): (player, key)
        self.damage: dict[tuple[int, str], int] = {}
        #: times each commander was cast from the command zone (CR 903.8)
        self.casts: dict[str, int] = {}
        #: commanders just put into a graveyard, exile, a hand or a library (CR 903.9)
        self.moved: list[int] = []

    def copy(self) -> CommanderState:
        c = CommanderState.__new__(CommanderState)
        c.colors = self.colors  # set up once, never written after
        c.damage = dict(self.damage)
        c.casts = dict(self.casts)
        c.moved = self.moved[:]
        return c


class ContinuousEffect(SlotState):
    """An effect created by a resolving spell or ability (CR 611): `modification` applied to
    `target` until `duration` ends ("eot": the cleanup step, CR 514.2)."""

    __slots__ = ("modification", "target", "timestamp", "duration")

    def __init__(self, modification: Modification, target: int | None, timestamp: int, duration: str):
        self.modification = modification
        self.target = target
        self.timestamp = timestamp
        self.duration = duration


class Effects(SlotState):
    """Effects of resolved spells and abilities that last (CR 611): those the layer system
    applies, control changes, and permissions to play cards from exile."""

    __slots__ = ("layered", "control_reverts", "play_permissions", "regeneration", "no_regeneration",
                 "prevention", "prevent_combat_damage", "prevent_all", "delayed", "detained",
                 "extra_turns")

    def __init__(self) -> None:
        self.layered: list[ContinuousEffect] = []
        #: control changes to undo at cleanup: (object, previous controller)
        self.control_reverts: list[tuple[int, int]] = []
        #: cards a player may play from exile (Magus of the Mind): (player, object, free)
        self.play_permissions: list[tuple[int, int, bool]] = []
        #: regeneration shields this turn, one entry per shield (CR 701.19a)
        self.regeneration: list[int] = []
        #: permanents that can't be regenerated this turn (CR 701.19c)
        self.no_regeneration: list[int] = []
        #: "prevent the next N damage that would be dealt to <ref> this turn" (CR 615.7):
        #: [ref, damage left to prevent]
        self.prevention: list[tuple[tuple[str, int], int]] = []
        #: "Prevent all combat damage that would be dealt this turn" (CR 615.1)
        self.prevent_combat_damage = False
        #: "Prevent all [combat] damage that would be dealt to/by <ref> this turn": (to or by,
        #: ref, combat damage only)
        self.prevent_all: list[tuple[str, tuple[str, int], bool]] = []
        #: delayed triggered abilities (CR 603.7): (turn, its controller, source id, source
        #: name, ability) for "at the beginning of the next turn's upkeep"
        self.delayed: list[tuple[int, int, int | None, str, Triggered]] = []
        #: detained permanents (CR 701.35a): (object, the player whose next turn ends it)
        self.detained: list[tuple[int, int]] = []
        #: extra turns to take (CR 500.7): (player, the player whose turn the turn order goes
        #: on from after it), the most recently created last; and, while an extra turn is
        #: being taken, an entry (None, that player) at the front
        self.extra_turns: list[tuple[int | None, int]] = []

    def copy(self) -> Effects:
        e = Effects.__new__(Effects)
        e.layered = self.layered[:]
        e.control_reverts = self.control_reverts[:]
        e.play_permissions = self.play_permissions[:]
        e.regeneration = self.regeneration[:]
        e.no_regeneration = self.no_regeneration[:]
        e.prevention = self.prevention[:]
        e.prevent_combat_damage = self.prevent_combat_damage
        e.prevent_all = self.prevent_all[:]
        e.delayed = self.delayed[:]
        e.detained = self.detained[:]
        e.extra_turns = self.extra_turns[:]
        return e


class PendingTrigger(SlotState):
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    __slots__ = ("ability", "source_id", "key", "controller", "source_name", "event", "origin")

    def __init__(self, ability: Triggered, source_id: int, key: str, controller: int,
                 source_name: str, event: Event, origin: str | None = None):
        self.ability = ability
        self.source_id = source_id
        self.key = key
        self.controller = controller
        self.source_name = source_name
        self.event = event
        self.origin = origin


class Statistics(SlotState):
    """What happened in the game, counted as it happens (not read back from the log): the
    harness's result rows and the benchmarks read these."""

    __slots__ = ("actions", "forced", "spells_cast", "abilities_activated", "casts", "mana_history")

    def __init__(self, n_players: int):
        #: decisions taken (`Game.act`)
        self.actions = 0
        #: decisions with one legal action the engine took itself (`skip_forced`)
        self.forced = 0
        #: spells cast, per player index
        self.spells_cast = [0] * n_players
        #: abilities activated (mana abilities included), per player index
        self.abilities_activated = [0] * n_players
        #: every spell cast, in order: (turn, player index, card name)
        self.casts: list[tuple[int, int, str]] = []
        #: per finished turn: [its active player, then the mana each player produced in it]
        self.mana_history: list[list[int]] = []

    def copy(self) -> Statistics:
        s = Statistics.__new__(Statistics)
        s.actions = self.actions
        s.forced = self.forced
        s.spells_cast = self.spells_cast[:]
        s.abilities_activated = self.abilities_activated[:]
        s.casts = self.casts[:]
        s.mana_history = self.mana_history[:]
        return s

    def cast_count(self, player: int, card: str | None = None) -> int:
        """Spells `player` cast (named `card`, if given)."""
        if card is None:
            return self.spells_cast[player]
        return sum(1 for _t, p, name in self.casts if p == player and name == card)
