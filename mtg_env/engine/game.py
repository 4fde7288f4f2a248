"""The game: its state, the public API (interface.md §1), the run loop and the task registry.

The engine never calls an agent. It runs until some player must decide, records that decision
(`Game.decision`) and its legal actions (`Game.legal_actions()`), and waits for `Game.act()`.
Every multi-step process that can stop for a choice is a typed task of plain data on a task
stack (engine/tasks.py), advanced by the function `TASKS` names for its type, so a game paused
anywhere pickles, clones and resumes.

This module holds no rules: each rules area is a module of functions over the game, named for
its section of the Comprehensive Rules (zones.py 400, turns.py 500 and 117, casting.py 601-602,
costs.py 601.2g-h, resolution.py 608, triggers.py 603, replacement.py 614, targets.py 115,
sba.py 704, layers.py 613, combat.py 506-511, copies.py 707, mana_abilities.py 605,
primitives.py 119-122 and 701, legal.py, state_json.py). The operations cards may call while
they resolve (cards/protocol.py, `GameOps`) are bound here to the functions that implement them.

Objects are copy-on-write between clones: `clone()` copies the dict of objects, not the objects;
every write goes through `Game.writable(oid)`, which copies an object the first time a game that
shares it writes to it.
"""

from __future__ import annotations

import numbers
import random
import zlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..cards.abilities import StaticAbility, Triggered
from ..core.actions import PASS, Action, Decision, match_action
from ..core.chars import Chars
from ..core.errors import IllegalActionError, LimitReached, MtgError
from ..core.filters import Filter
from ..core.objects import BATTLEFIELD, GameObject, Player, StackItem
from . import (
    casting,
    combat,
    copies,
    costs,
    designations,
    facedown,
    faces,
    labels,
    layers,
    legal,
    limits,
    mana_abilities,
    mulligan,
    ninjutsu,
    primitives,
    resolution,
    sba,
    targets,
    triggers,
    turns,
    useful_mana,
    zones,
)
from . import state_json as public_state
from .state import (
    CombatState,
    CommanderState,
    Effects,
    Options,
    PendingTrigger,
    PriorityState,
    Statistics,
    TurnState,
)
from .tasks import (
    Announce,
    CombatDamage,
    CommanderZone,
    DeclareAttackers,
    DeclareBlockers,
    DiscardToHandSize,
    LegendRule,
    Mulligan,
    Pending,
    PlaceTriggers,
    PutOntoBattlefield,
    Resolve,
    Task,
)
from .turns import MAIN_STEPS, NO_PRIORITY, STEPS  # noqa: F401  (the steps, for importers)

TriggerEntry = tuple[int, str, Triggered, "str | None"]


class Game:
    """A game of Magic in progress. See interface.md §1 for the public calls."""

    # ---------------------------------------------------------------------------------------
    # construction, cloning, pickling

    def __init__(self, player_names: Iterable[str] = ("P1", "P2"), seed: int = 0,
                 format: str = "duel", mana_payment: str = "manual", life: int = 20,
                 x_cap: int = 20, turn_limit: int | None = None, skip_forced: bool = False,
                 useful_mana_only: bool = False):
        if mana_payment not in ("manual", "auto"):
            raise MtgError(f"mana_payment must be 'manual' or 'auto', not {mana_payment!r}")
        player_names = list(player_names)
        seed, x_cap, turn_limit = _check_options(player_names, seed, format, x_cap, turn_limit, skip_forced,
                                                 useful_mana_only)
        self.options = Options(seed, format, mana_payment, x_cap, turn_limit, skip_forced, useful_mana_only)
        self.players = [Player(i, n, life) for i, n in enumerate(player_names)]
        self.objects: dict[int, GameObject] = {}
        self.battlefield: list[int] = []
        self.stack: list[StackItem] = []
        self.next_id = 1
        #: the latest timestamp (CR 613.7)
        self.ts = 0
        self.turn_state = TurnState()
        self.priority_state = PriorityState()
        self.combat = CombatState()
        self.commander = CommanderState()
        self.effects = Effects()
        self.stats = Statistics(len(self.players))
        self.tasks: list[Task] = []
        self.pending: Pending | None = None
        self.pending_triggers: list[PendingTrigger] = []
        self.mana_triggers: list[PendingTrigger] = []
        #: while damage is dealt at once, the life each lifelink source's damage gained (one
        #: life gain event each, CR 702.15e; primitives.simultaneous_damage), else None
        self.lifelink_batch: dict[tuple[int, int], int] | None = None
        #: while permanents leave the battlefield at once (state-based actions, "destroy all"),
        #: those that already left: (id, characteristics as it last existed, controller), so
        #: that their leaves abilities see the others leaving too (CR 603.10a), else None
        self.leaving_batch: list[tuple[int, Chars, int]] | None = None
        #: tokens that left the battlefield; they cease to exist as a state-based action
        self.token_ghosts: list[int] = []
        #: last known information (CR 113.7a): the characteristics of permanents that left the
        #: battlefield as they last existed there, kept while the stack may refer to them
        self.lki: dict[int, Chars] = {}
        #: the controllers those permanents last had there (CR 608.2h: "its controller" of an
        #: object an effect moved), kept and dropped with `lki`
        self.lki_controllers: dict[int, int] = {}
        self._rng = random.Random(seed)
        #: whether `_rng` is shared with a clone (then copied before it is used: see `rng`)
        self._rng_shared = False
        self.log: list[str] = []
        #: whether `log` is shared with a clone (then copied before it is appended to)
        self._log_shared = False
        self.game_over = False
        self.winner: int | None = None
        self.result_reason = ""
        # Objects this game may write in place; the others it shares with a clone (see writable).
        self._owned: set[int] = set()
        self._chars: dict[int, Chars] | None = None
        #: the continuous effects the cached characteristics were computed with (layers.py)
        self._entries: list[layers.Entry] = []
        #: whether the caches above may be shared with a clone (then copied before extending)
        self._caches_shared = False
        self._trig_index: dict[str, list[TriggerEntry]] | None = None
        self._static_index: dict[type, list[tuple[int, Any]]] | None = None
        #: each player's permanents with activated abilities and each permanent's entry
        #: (legal._activated_index), and the characteristics and battlefield size read
        self._activated: tuple[dict[int, tuple[list[Any], list[int]]], dict[int, Any]] | None = None
        self._activated_for: dict[int, Chars] | None = None
        self._activated_n = 0
        #: whether anything a state-based action looks at may have changed since the last check
        self.sba_dirty = True
        self._legal: list[Action] | None = None
        #: a time (time.monotonic()) a search gives this game: an action still running then
        #: raises BudgetExceeded (limits.py). Not part of the state: clones share it, pickles drop it.
        self.deadline: float | None = None

    #: (number of objects, next id) when `objects` was last known compact (no deleted entries:
    #: see `clone`); a class default, so that games pickled before it clone too
    _objects_mark: tuple[int, int] | None = None

    def clone(self) -> Game:
        """An independent copy; acting on it never touches this game (objects copy on write).

        The dict of objects is copied compact: a dict some entries were deleted from copies one
        entry at a time, a compact one in one block (five times faster with a hundred objects).
        A game whose dict may have had deletions since it was last compacted (its number of
        objects or its next id changed) first gets a compact copy of it itself."""
        objects = self.objects
        mark = (len(objects), self.next_id)
        if self._objects_mark != mark:
            objects = self.objects = objects.copy()
            self._objects_mark = mark
        d = self.__dict__.copy()
        d["players"] = [p.copy() for p in self.players]
        d["objects"] = objects.copy()
        d["battlefield"] = self.battlefield[:]
        d["stack"] = [s.clone() for s in self.stack] if self.stack else []
        d["turn_state"] = self.turn_state.copy()
        d["priority_state"] = self.priority_state.copy()
        d["combat"] = self.combat.copy()
        d["commander"] = self.commander.copy()
        d["effects"] = self.effects.copy()
        d["stats"] = self.stats.copy()
        d["tasks"] = [t.clone() for t in self.tasks] if self.tasks else []
        d["pending_triggers"] = self.pending_triggers[:]
        d["mana_triggers"] = self.mana_triggers[:]
        d["token_ghosts"] = self.token_ghosts[:]
        d["lki"] = self.lki.copy()
        d["lki_controllers"] = self.lki_controllers.copy()
        # Both games now share every object, the random generator and the log: each copies
        # before writing (the generator's state is most of a clone's cost; most clones of a
        # search never shuffle).
        d["_owned"] = set()
        d["_rng_shared"] = d["_log_shared"] = d["_caches_shared"] = True
        g = Game.__new__(Game)
        g.__dict__ = d
        self._owned = set()
        self._rng_shared = self._log_shared = self._caches_shared = True
        return g

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        for k in ("_chars", "_entries", "_caches_shared", "_trig_index", "_static_index", "_legal", "_owned",
                  "deadline", "_rng_shared", "_log_shared", "_activated", "_activated_for", "_activated_n",
                  "_objects_mark"):
            d.pop(k, None)
        # The log is most of a long game's size; it compresses about tenfold.
        d["log"] = zlib.compress("\n".join(self.log).encode(), 1)
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        text = zlib.decompress(d["log"]).decode()
        self.log = text.split("\n") if text else []
        self._chars = None
        self._entries = []
        self._caches_shared = False
        self._trig_index = None
        self._static_index = None
        self._activated = self._activated_for = None
        self._activated_n = 0
        self._legal = None
        self._owned = set(self.objects)
        self.sba_dirty = True
        self.deadline = None
        self._rng_shared = self._log_shared = False
        if "rng" in d:  # a game pickled before the generator was shared on clone
            self._rng = self.__dict__.pop("rng")

    # ---------------------------------------------------------------------------------------
    # copy on write

    @property
    def rng(self) -> random.Random:
        """The game's random generator (shuffles, random choices: the same seed gives the same
        game). A clone shares its parent's until either uses it; the user copies it first."""
        if self._rng_shared:
            r = random.Random.__new__(random.Random)  # not seeded: seeding from the OS costs more
            r.setstate(self._rng.getstate())
            self._rng = r
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def writable(self, oid: int) -> GameObject:
        """The object `oid`, safe to write: copied first if a clone may share it."""
        if oid in self._owned:
            return self.objects[oid]
        obj = self.objects[oid].copy()
        self.objects[oid] = obj
        self._owned.add(oid)
        return obj

    def own(self, oid: int) -> None:
        """A new object this game made: it may write it in place."""
        self._owned.add(oid)

    def disown(self, oid: int) -> None:
        self._owned.discard(oid)

    # ---------------------------------------------------------------------------------------
    # public API (interface.md §1)

    @property
    def decision(self) -> Decision | None:
        """Who must decide now and what kind of decision; None when the game is over."""
        if self.game_over or self.pending is None:
            return None
        p = self.pending
        if p.decision is None:  # made once a decision
            p.decision = Decision(self.players[p.player].name, p.kind, p.prompt)
        return p.decision

    def legal_actions(self) -> list[Action]:
        """Every action legal now, in a deterministic order (interface.md §1). The list is the
        caller's own: changing it changes nothing in the game."""
        return list(self._legal_now())

    def _legal_now(self) -> list[Action]:
        """The legal actions, cached until the game changes (the engine's own: never handed out)."""
        if self.game_over or self.pending is None:
            return []
        if self._legal is None:
            if self.pending.actions is not None:
                self._legal = self.pending.actions
            elif self.options.useful_mana_only:
                self._legal = useful_mana.priority_actions(self, self.pending.player)
            else:
                self._legal = legal.priority_actions(self, self.pending.player)
        return self._legal

    def act(self, action: Action | str) -> None:
        """Take one legal action (an Action from legal_actions(), or a written step, §3)."""
        pending = self.pending
        is_pass = action == "pass" if isinstance(action, str) else action is PASS or (
            isinstance(action, Action) and action.kind == "pass" and action == PASS)
        if is_pass and pending is not None and pending.kind == "priority" and not self.game_over:
            # Passing is always legal for the player with priority (CR 117.3): no need to work
            # out every other action first.
            self._apply(PASS)
            return
        legal_now = self._legal_now()
        if not legal_now:
            raise IllegalActionError(f"no decision is pending (the game is over): cannot take {action!r}")
        if isinstance(action, str):
            chosen = match_action(action, legal_now)
        else:
            # the very action handed out first (identity is cheaper than equality)
            found = next((a for a in legal_now if a is action), None) or \
                next((a for a in legal_now if a == action or a.label == getattr(action, "label", None)), None)
            if found is None:
                raise IllegalActionError(
                    f"{getattr(action, 'label', action)!r} is not legal now; legal actions:\n  " +
                    "\n  ".join(a.label for a in legal_now))
            chosen = found
        self._apply(chosen)

    def run_line(self, steps: Iterable[Action | str]) -> None:
        """act() each step in order; the error of a failing step says which step it was."""
        for i, step in enumerate(steps):
            try:
                self.act(step)
            except IllegalActionError as e:
                raise IllegalActionError(f"step {i + 1} ({step}): {e}") from None

    def state_json(self) -> dict[str, Any]:
        """The state as plain data (interface.md §4)."""
        return public_state.state_json(self)

    @property
    def result(self) -> dict[str, Any]:
        return {"game_over": self.game_over,
                "winner": self.players[self.winner].name if self.winner is not None else None,
                "reason": self.result_reason, "turn": self.turn}

    concede = sba.concede  # CR 104.3a (interface.md §1)

    def start(self) -> None:
        """Run until the first decision (call once after setting up a position)."""
        self._run()

    # ---------------------------------------------------------------------------------------
    # the state at a glance

    @property
    def turn(self) -> int:
        return self.turn_state.number

    @property
    def active(self) -> int:
        """The active player's index."""
        return self.turn_state.active

    @property
    def step(self) -> str:
        return self.turn_state.step

    @property
    def first_player(self) -> int:
        return self.turn_state.first_player

    @property
    def priority(self) -> int:
        """The index of the player who has or last had priority."""
        return self.priority_state.player

    @property
    def format(self) -> str:
        return self.options.format

    @property
    def seed(self) -> int:
        return self.options.seed

    @property
    def mana_payment(self) -> str:
        return self.options.mana_payment

    @property
    def spells_cast_this_turn(self) -> int:
        return self.turn_state.spells_cast

    def dealt_damage_this_turn(self, p: int) -> bool:
        """Was player `p` dealt damage this turn (bloodthirst, CR 702.54a)?"""
        return p in self.turn_state.damaged

    def sorcery_timing(self, p: int) -> bool:
        """May player `p` act at sorcery speed now (CR 307.1)?"""
        return turns.sorcery_timing(self, p)

    def opponents(self, p: int) -> list[int]:
        return [q.index for q in self.players if q.index != p and not q.lost]

    def apnap(self) -> list[int]:
        """Players in APNAP order (CR 101.4), starting with the active player."""
        n = len(self.players)
        a = self.turn_state.active
        return [(a + i) % n for i in range(n) if not self.players[(a + i) % n].lost]

    def next_alive(self, p: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            q = (p + k) % n
            if not self.players[q].lost:
                return q
        return p

    def player_index(self, player: int | str) -> int:
        """The index of a player given by index (0 to players - 1) or by name."""
        if isinstance(player, int) and not isinstance(player, bool):
            if 0 <= player < len(self.players):
                return player
            raise IllegalActionError(f"no player with index {player}: expected 0 to {len(self.players) - 1}")
        if isinstance(player, str):
            for p in self.players:
                if p.name == player:
                    return p.index
            raise IllegalActionError(f"no player named {player!r}; the players are "
                                     f"{', '.join(p.name for p in self.players)}")
        raise IllegalActionError(f"a player is a name or an index, got {player!r}")

    def log_event(self, line: str) -> None:
        """One line per event (a modal ability's bullets are joined into its line)."""
        if self._log_shared:  # shared with a clone: copied before it is written
            self.log = self.log[:]
            self._log_shared = False
        self.log.append(line.replace("\n", " ") if "\n" in line else line)

    # ---------------------------------------------------------------------------------------
    # characteristics (CR 613) and the indexes built from them, cached until anything changes

    def invalidate(self) -> None:
        """Something that characteristics, abilities, state-based actions or the legal actions
        depend on changed."""
        self._legal = None
        self._chars = None
        self._trig_index = None
        self._static_index = None
        self._caches_shared = False
        self.sba_dirty = True

    def entered(self, oid: int) -> None:
        """A new object has just been put last on the battlefield (a token, zones.py). When it
        can change no other permanent, the cached characteristics and indexes are extended with
        its own (layers.chars_of_new) instead of being recomputed for every permanent, so that
        creating N tokens costs N, not N²; otherwise everything is recomputed (`invalidate`)."""
        chars = self._chars
        c = layers.chars_of_new(self, chars, self._entries, oid) if chars is not None else None
        if chars is None or c is None:
            self.invalidate()
            return
        if self._caches_shared:  # a clone shares them: this game gets its own copies first
            chars = self._chars = dict(chars)
            if self._trig_index is not None:
                self._trig_index = {k: list(v) for k, v in self._trig_index.items()}
            if self._static_index is not None:
                self._static_index = {k: list(v) for k, v in self._static_index.items()}
            self._caches_shared = False
        chars[oid] = c
        for key, ab, origin in c.abilities:
            if isinstance(ab, Triggered) and self._trig_index is not None and ab.zone == BATTLEFIELD:
                for ev in ab.events:
                    self._trig_index.setdefault(ev, []).append((oid, key, ab, origin))
            elif isinstance(ab, StaticAbility) and self._static_index is not None:
                self._static_index.setdefault(type(ab), []).append((oid, ab))
        self._legal = None
        self.sba_dirty = True

    def all_chars(self) -> dict[int, Chars]:
        """The characteristics of every permanent (layers.compute_all), cached."""
        if self._chars is None:
            self._chars, self._entries = layers.compute_all_with_entries(self)
            self._caches_shared = False
        return self._chars

    def chars(self, oid: int) -> Chars:
        """The characteristics of object `oid` now (CR 613 on the battlefield, printed elsewhere)."""
        chars = self._chars
        c = (chars if chars is not None else self.all_chars()).get(oid)
        if c is None:
            return layers.outside_chars(self, self.objects[oid])
        return c

    @staticmethod
    def printed_chars(card: CardDef) -> Chars:
        return layers.printed_chars(card)

    def copiable_card(self, oid: int) -> CardDef:
        """The card whose copiable values a permanent has (CR 707.2: copies.card_of)."""
        return copies.card_of(self, self.objects[oid])

    def last_known(self, oid: int) -> Chars | None:
        """An object's characteristics now, or as it last existed on the battlefield if it has
        left (CR 113.7a); None if nothing is known of it."""
        if oid in self.objects:
            return self.chars(oid)
        return self.lki.get(oid)

    def last_controller(self, oid: int) -> int | None:
        """An object's controller now, or the one it last had on the battlefield if it has
        left (CR 608.2h, 113.7a); None if nothing is known of it."""
        if oid in self.objects:
            return self.objects[oid].controller
        return self.lki_controllers.get(oid)

    def name_of(self, oid: int) -> str:
        return self.chars(oid).name if oid in self.objects else "?"

    def is_creature(self, oid: int) -> bool:
        return "Creature" in self.chars(oid).types

    def controller_of(self, oid: int) -> int:
        return self.objects[oid].controller

    def triggers_for(self, event: str) -> list[TriggerEntry]:
        """(source, key, ability, origin) of every triggered ability that waits for `event` (a
        TriggerEvent): the battlefield's in battlefield order, then the graveyards' (CR 113.6)."""
        if self._trig_index is None:
            self._trig_index = triggers.index_triggers(self)
        return self._trig_index.get(event, [])

    def statics_of(self, kind: type) -> list[tuple[int, Any]]:
        """(source, ability) of every static ability of type `kind` on the battlefield."""
        if self._static_index is None:
            index: dict[type, list[tuple[int, Any]]] = {}
            for oid, c in self.all_chars().items():
                for _key, ab, _origin in c.abilities:
                    if isinstance(ab, StaticAbility):
                        index.setdefault(type(ab), []).append((oid, ab))
            self._static_index = index
        return self._static_index.get(kind, [])

    def matches(self, flt: Filter, oid: int, you: int, source: int | None = None) -> bool:
        return targets.matches(self, flt, oid, you, source)

    def is_attacking(self, oid: int) -> bool:
        return self.combat.is_attacking(oid)

    def is_blocking(self, oid: int) -> bool:
        return self.combat.is_blocking(oid)

    def blockers_of(self, oid: int) -> list[int]:
        """The creatures blocking the attacker `oid` now (CR 509.1g: removed ones aren't)."""
        return [b for b in self.combat.blocks.get(oid, []) if b in self.objects and self.objects[b].zone == "battlefield"]

    # permanents leaving at once (CR 603.10a), a Curse's player (CR 303.4), "defending player"
    # (CR 508.5) and the player a creature attacks
    leave_together = zones.leave_together
    enchanted_player = triggers.enchanted_player
    defending_player = combat.defending_player
    attacked_player = combat.attacked_player

    def players_attacked(self) -> set[int]:
        """The players attacked by a creature this combat (melee, CR 702.121a)."""
        return set(self.combat.attack_targets.values())

    def stack_source_chars(self, item: StackItem) -> Chars:
        return targets.stack_source_chars(self, item)

    # ---------------------------------------------------------------------------------------
    # the run loop

    def _apply(self, action: Action) -> None:
        # Characteristics stay cached: every change that can affect them (zones, counters,
        # attachments, control, created effects) invalidates them where it happens.
        self._legal = None
        self.stats.actions += 1
        pending = self.pending
        assert pending is not None
        self.pending = None
        if pending.kind == "priority":
            try:
                turns.take_priority_action(self, pending.player, action)  # mana abilities resolve here
            except LimitReached as e:
                self._end_at_limit(e)
                return
        else:
            self.tasks[-1].answer = action.payload
        self._run()

    def _run(self) -> None:
        """Advance the game until a player must decide or it is over. A game that goes past
        one of the engine's limits (limits.py: objects, mana, counters, steps without a
        decision) ends there in a draw that names the limit."""
        try:
            self._advance()
        except LimitReached as e:
            self._end_at_limit(e)

    def _end_at_limit(self, e: LimitReached) -> None:
        sba.end_game(self, None, str(e))
        self._legal = None

    def _advance(self) -> None:
        """The top task first, then triggered mana abilities (CR 605.4a), state-based actions
        (CR 704.3), triggered abilities waiting to be put on the stack (CR 603.3), and then
        priority (CR 117)."""
        steps = 0
        while not self.game_over:
            steps += 1
            if steps & 63 == 0:
                limits.check_steps(self, steps)
            if self.tasks:
                task = self.tasks[-1]
                n = len(self.tasks)
                done = TASKS[type(task)](self, task)
                if self.pending is not None:
                    if self.options.skip_forced and self._take_forced(task):
                        continue
                    return
                if done:
                    # a finished task may have pushed others above itself
                    self.tasks.pop(n - 1)
                continue
            if self.mana_triggers:
                triggers.resolve_mana_trigger(self, self.mana_triggers.pop(0))
                continue
            if sba.check(self):
                continue
            if self.game_over:
                return
            if triggers.state_triggers(self):  # CR 603.8
                continue
            if self.pending_triggers:
                self.tasks.append(PlaceTriggers())
                continue
            if self.turn_state.step in NO_PRIORITY and not (self.stack and self.turn_state.step == "cleanup"):
                # CR 514.3a: with abilities triggered during the cleanup step on the stack,
                # players receive priority in it
                turns.advance_step(self)
                continue
            p = self.priority_state.player
            if self.players[p].dummy or self.players[p].lost:
                turns.pass_priority(self, p)
                continue
            if self.lki and not self.stack:
                self.lki = {}  # nothing left that could refer to a departed object
                self.lki_controllers = {}
            acts = None
            if self.options.skip_forced:
                forced, acts = legal.only_pass(self, p)
                if forced:
                    self.stats.forced += 1  # passing is the only legal action (interface.md §9)
                    turns.take_priority_action(self, p, PASS)
                    continue
            self.pending = Pending("priority", p, f"{self.players[p].name} has priority")
            self._legal = acts
            return
        self.pending = None

    def _take_forced(self, task: Task) -> bool:
        """With `skip_forced`: a decision with exactly one legal action is taken at once, as if
        the player had chosen it (interface.md §9)."""
        pending = self.pending
        if pending is None or pending.actions is None or len(pending.actions) != 1:
            return False
        self.pending = None
        self.stats.forced += 1
        task.answer = pending.actions[0].payload
        return True

    def ask(self, kind: str, player: int, prompt: str, actions: list[Action]) -> None:
        """Stop for a decision of `player` among `actions` (labels made unique)."""
        self.pending = Pending(kind, player, prompt, labels.dedupe(actions))

    # ---------------------------------------------------------------------------------------
    # the operations cards may call (cards/protocol.py), each implemented in its rules module

    new_object = zones.new_object
    move_to_zone = zones.move_to_zone
    shuffle_library = zones.shuffle_library
    create_token = zones.create_token
    create_token_copy = zones.create_token_copy
    create_emblem = zones.create_emblem
    become_monarch = designations.become_monarch
    create_token_copy_of = zones.create_token_copy_of
    attack_choices = combat.attack_choices
    enter_attacking = combat.enter_attacking
    make_card_copy = zones.make_card_copy
    exile_linked = zones.exile_linked
    as_enters = zones.as_enters
    enter_battlefield = zones.enter_battlefield
    linked_cards = zones.linked_cards
    allow_play_from_exile = zones.allow_play_from_exile
    deal_damage = primitives.deal_damage
    draw = primitives.draw
    discard = primitives.discard
    gain_life = primitives.gain_life
    lose_life = primitives.lose_life
    gain_energy = primitives.gain_energy
    pay_energy = primitives.pay_energy
    destroy = primitives.destroy
    add_regeneration_shield = primitives.add_regeneration_shield
    cant_be_regenerated = primitives.cant_be_regenerated
    prevent_next_damage = primitives.prevent_next_damage
    prevent_all_combat_damage = primitives.prevent_all_combat_damage
    prevent_all_damage = primitives.prevent_all_damage
    delay_until_next_upkeep = triggers.delay_until_next_upkeep
    delay_until_next_end_step = triggers.delay_until_next_end_step
    delay_until_end_of_combat = triggers.delay_until_end_of_combat
    sacrifice = primitives.sacrifice
    protected_from = targets.protected_from
    enter_ninja = ninjutsu.enter_ninja
    counter = primitives.counter
    tap = primitives.tap
    untap = primitives.untap
    no_untap_next = primitives.no_untap_next
    return_transformed = faces.return_transformed
    add_counters = primitives.add_counters
    remove_counters = primitives.remove_counters
    gain_control_until_eot = primitives.gain_control_until_eot
    gain_control = primitives.gain_control
    exchange_control = primitives.exchange_control
    designate = primitives.designate
    detain = primitives.detain
    exploits = triggers.exploits
    attach = primitives.attach
    add_until_eot = primitives.add_until_eot
    add_for_good = primitives.add_for_good
    produce_mana = mana_abilities.produce_mana
    could_produce = mana_abilities.could_produce
    lands_could_produce = mana_abilities.lands_could_produce
    commander_identity = mana_abilities.commander_identity
    chosen_color = mana_abilities.chosen_color
    can_pay_mana_now = costs.can_pay_mana_now
    pay_mana_now = costs.pay_mana_now
    generic_payment_choice = costs.generic_payment_choice
    copy_onto_stack = copies.copy_onto_stack
    transform = faces.transform
    manifest = facedown.manifest
    add_extra_turn = turns.add_extra_turn
    add_land_plays = turns.add_land_plays
    cant_cast_spells_this_turn = turns.cant_cast_spells_this_turn
    forbid_this_turn = turns.forbid_this_turn
    exile_if_dies_this_turn = primitives.exile_if_dies_this_turn


def _check_options(names: list[Any], seed: Any, format: Any, x_cap: Any, turn_limit: Any,
                   skip_forced: Any, useful_mana_only: Any = False) -> tuple[int, int, int | None]:
    """Wrong types are errors now, not at turn 2 (`turn_limit="5"`); numpy integers are taken
    as the ints they stand for."""
    def whole(v: Any) -> bool:
        return isinstance(v, numbers.Integral) and not isinstance(v, bool)
    if not names or not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise MtgError(f"player names must be distinct non-empty strings, got {names!r}")
    if not whole(seed):
        raise MtgError(f"seed must be a whole number, got {seed!r}")
    if not isinstance(format, str):
        raise MtgError(f"format must be a format's name, got {format!r}")
    if not whole(x_cap) or x_cap < 0:
        raise MtgError(f"x_cap must be a whole number >= 0, got {x_cap!r}")
    if turn_limit is not None and (not whole(turn_limit) or turn_limit < 1):
        raise MtgError(f"turn_limit must be a whole number >= 1 or None, got {turn_limit!r}")
    if not isinstance(skip_forced, bool):
        raise MtgError(f"skip_forced must be True or False, got {skip_forced!r}")
    if not isinstance(useful_mana_only, bool):
        raise MtgError(f"useful_mana_only must be True or False, got {useful_mana_only!r}")
    return int(seed), int(x_cap), None if turn_limit is None else int(turn_limit)


#: Each type of task and the function that advances it (returns True when the task is done).
TASKS: dict[type, Callable[[Game, Any], bool]] = {
    Announce: casting.announce,
    Resolve: resolution.resolve,
    PlaceTriggers: triggers.place_triggers,
    DeclareAttackers: combat.declare_attackers,
    DeclareBlockers: combat.declare_blockers,
    CombatDamage: combat.combat_damage,
    DiscardToHandSize: turns.discard_to_hand_size,
    LegendRule: sba.legend_rule,
    CommanderZone: sba.commander_zone,
    Mulligan: mulligan.mulligan,
    PutOntoBattlefield: zones.put_onto_battlefield,
}


if TYPE_CHECKING:
    from ..cards.carddef import CardDef
    from ..cards.protocol import GameOps

    def _implements_the_card_protocol(g: Game) -> GameOps:
        return g  # mypy checks that Game offers every operation cards may call
