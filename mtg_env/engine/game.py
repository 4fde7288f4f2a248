"""The game: state, turn structure, priority, the stack, costs, triggers, state-based actions.

The engine never calls an agent. It runs until some player must decide, records that decision
(`Game.decision`) and its legal actions (`Game.legal_actions()`), and waits for `Game.act()`.
Every multi-step process that can stop for a choice (casting a spell, CR 601.2; activating an
ability, CR 602.2; resolving, CR 608; putting triggered abilities on the stack, CR 603.3) is a
`Task` of plain data on a task stack, so a game paused anywhere pickles, clones and resumes.

Objects are copy-on-write between clones: `clone()` copies the dict of objects, not the objects;
every write goes through `Game._w(oid)`, which copies an object the first time a game that
shares it writes to it.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable
from typing import Any

from ..cards import get_card
from ..cards.vocab import (
    ATTACHED,
    CONTROLLER,
    EACH_OPPONENT,
    EACH_PLAYER,
    SELF,
    TARGET,
    UNDYING,
    Ability,
    Activated,
    AsEntersChoose,
    Ask,
    CardDef,
    Cost,
    EntersWith,
    Keyword,
    Static,
    TargetSpec,
    Triggered,
    target_index,
)
from . import autopay, combat, layers
from .actions import PASS, Action, Decision, match_action
from .errors import IllegalActionError, MtgError
from .layers import Chars, printed_chars
from .mana import (
    COLORS,
    TYPE_INDEX,
    TYPES,
    ManaCost,
    available_for,
    can_pay,
    format_mana,
    max_x,
)
from .objects import (
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    Context,
    GameObject,
    Player,
    Ref,
    SlotState,
    StackItem,
)
from .state import Statistics

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
MAIN_STEPS = ("precombat_main", "postcombat_main")
# Steps in which no player receives priority (CR 502.4, 514.3).
NO_PRIORITY = ("untap", "cleanup")
HAND_SIZE = 7

class Task(SlotState):
    """One step-by-step process in progress; `d` holds its plain-data state."""

    __slots__ = ("kind", "d")

    def __init__(self, kind: str, **d: Any):
        self.kind = kind
        self.d = d

    def clone(self) -> Task:
        d: dict[str, Any] = {}
        for k, v in self.d.items():
            if isinstance(v, list):
                v = [x.clone() if isinstance(x, StackItem | Context) else x for x in v]
            elif isinstance(v, Context | StackItem):
                v = v.clone()
            elif isinstance(v, dict):
                v = dict(v)
            d[k] = v
        t = Task.__new__(Task)
        t.kind, t.d = self.kind, d
        return t

    def __repr__(self) -> str:
        return f"Task({self.kind}, {self.d})"


class Pending(SlotState):
    """The decision the game waits on. For priority, actions are computed lazily."""

    __slots__ = ("kind", "player", "prompt", "actions")

    def __init__(self, kind: str, player: int, prompt: str, actions: list[Action] | None = None):
        self.kind = kind
        self.player = player
        self.prompt = prompt
        self.actions = actions



class ContinuousEffect(SlotState):
    """An effect created by a resolving spell or ability (CR 611), e.g. +3/+3 until end of turn."""

    __slots__ = ("kind", "target", "args", "timestamp", "duration")

    def __init__(self, kind: str, target: int | None, args: Any, timestamp: int, duration: str):
        self.kind = kind
        self.target = target
        self.args = args
        self.timestamp = timestamp
        self.duration = duration



class PendingTrigger(SlotState):
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    __slots__ = ("ability", "source_id", "key", "controller", "source_name", "event", "origin")

    def __init__(self, ability: Triggered, source_id: int, key: str, controller: int,
                 source_name: str, event: dict[str, Any], origin: str | None = None):
        self.ability = ability
        self.source_id = source_id
        self.key = key
        self.controller = controller
        self.source_name = source_name
        self.event = event
        self.origin = origin



class Game:
    """A game of Magic in progress. See interface.md §1 for the public calls."""

    # ---------------------------------------------------------------------------------------
    # construction, cloning, pickling

    def __init__(self, player_names: Iterable[str] = ("P1", "P2"), seed: int = 0,
                 format: str = "duel", mana_payment: str = "manual", life: int = 20,
                 x_cap: int = 20, turn_limit: int | None = None):
        if mana_payment not in ("manual", "auto"):
            raise MtgError(f"mana_payment must be 'manual' or 'auto', not {mana_payment!r}")
        self.players = [Player(i, n, life) for i, n in enumerate(player_names)]
        self.objects: dict[int, GameObject] = {}
        self.battlefield: list[int] = []
        self.stack: list[StackItem] = []
        self.next_id = 1
        self.ts = 0
        self.turn = 1
        self.active = 0
        self.first_player = 0
        self.step = "precombat_main"
        self.priority = 0
        self.passes = 0
        self.tasks: list[Task] = []
        self.pending: Pending | None = None
        self.pending_triggers: list[PendingTrigger] = []
        self.mana_triggers: list[PendingTrigger] = []
        self.effects: list[ContinuousEffect] = []
        self.activations: dict[tuple[int, str], int] = {}
        self.rng = random.Random(seed)
        self.seed = seed
        self.format = format
        self.mana_payment = mana_payment
        self.x_cap = x_cap
        self.turn_limit = turn_limit
        self.log: list[str] = []
        self.game_over = False
        self.winner: int | None = None
        self.result_reason = ""
        self.stats = Statistics(len(self.players))
        # Commanders just put into a graveyard or exile (CR 903.9a asks their owner).
        self.commander_moved: list[int] = []
        # Control changes to undo at cleanup: (object, previous controller).
        self.control_reverts: list[tuple[int, int]] = []
        # Cards a player may play from exile (Magus of the Mind): (player, object, free).
        self.play_permissions: list[tuple[int, int, bool]] = []
        self.spells_cast_this_turn = 0
        # Tokens that left the battlefield; they cease to exist as a state-based action.
        self.token_ghosts: list[int] = []
        # Colors of each player's commanders' color identity (CR 903.4), by player index.
        self.commander_colors: dict[int, str] = {}
        # Combat (CR 506-511): see combat.py.
        self.attackers: list[int] = []
        self.attack_targets: dict[int, int] = {}
        self.blocks: dict[int, list[int]] = {}
        self.first_strike_done = False
        self.combat_damage_dealt = False
        self.combat_damage_dealt_regular = False
        self.dealt_first_strike: set[int] = set()
        # The format's rule changes (formats.py), None for a plain duel.
        self.format_rules: Any = None
        # Combat damage dealt to each player by each commander (CR 903.10a): (player, card key).
        self.commander_damage: dict[tuple[int, str], int] = {}
        # Times each commander was cast from the command zone (CR 903.8).
        self.commander_casts: dict[str, int] = {}
        # CR 103.8a: the first player skips their first draw (a variant may turn it off).
        self.draw_on_first_turn = False
        # Objects this game may write in place; the others it shares with a clone (see _w).
        self._owned: set[int] = set()
        self._chars: dict[int, Chars] | None = None
        self._trig_index: dict[str, list[tuple[int, str, Triggered, str | None]]] | None = None
        self._static_index: dict[str, list[tuple[int, Any]]] | None = None
        # Whether anything a state-based action looks at may have changed since the last check.
        self._sba_dirty = True
        self._legal: list[Action] | None = None

    def clone(self) -> Game:
        """An independent copy; acting on it never touches this game (objects copy on write)."""
        g = Game.__new__(Game)
        d = self.__dict__.copy()
        g.__dict__.update(d)
        g.players = [p.copy() for p in self.players]
        g.objects = self.objects.copy()
        g.battlefield = self.battlefield[:]
        g.stack = [s.clone() for s in self.stack]
        g.tasks = [t.clone() for t in self.tasks]
        g.pending_triggers = self.pending_triggers[:]
        g.mana_triggers = self.mana_triggers[:]
        g.effects = self.effects[:]
        g.attackers = self.attackers[:]
        g.attack_targets = self.attack_targets.copy()
        g.blocks = {a: bs[:] for a, bs in self.blocks.items()}
        g.dealt_first_strike = set(self.dealt_first_strike)
        g.commander_damage = dict(self.commander_damage)
        g.commander_casts = dict(self.commander_casts)
        g.token_ghosts = self.token_ghosts[:]
        g.control_reverts = self.control_reverts[:]
        g.play_permissions = self.play_permissions[:]
        g.commander_moved = self.commander_moved[:]
        g.activations = self.activations.copy()
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g.log = self.log[:]
        g.stats = self.stats.copy()
        # Both games now share every object: both must copy before writing.
        self._owned = set()
        g._owned = set()
        return g

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        for k in ("_chars", "_trig_index", "_static_index", "_legal", "_owned"):
            d.pop(k, None)
        # The log is most of a long game's size; it compresses about tenfold.
        d["log"] = zlib.compress("\n".join(self.log).encode(), 1)
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        text = zlib.decompress(d["log"]).decode()
        self.log = text.split("\n") if text else []
        self._chars = None
        self._trig_index = None
        self._static_index = None
        self._legal = None
        self._owned = set(self.objects)
        self._sba_dirty = True

    # ---------------------------------------------------------------------------------------
    # copy on write

    def _w(self, oid: int) -> GameObject:
        """The object `oid`, safe to write: copied first if a clone may share it."""
        if oid in self._owned:
            return self.objects[oid]
        obj = self.objects[oid].copy()
        self.objects[oid] = obj
        self._owned.add(oid)
        return obj

    # ---------------------------------------------------------------------------------------
    # public API (interface.md §1)

    @property
    def decision(self) -> Decision | None:
        """Who must decide now and what kind of decision; None when the game is over."""
        if self.game_over or self.pending is None:
            return None
        p = self.pending
        return Decision(self.players[p.player].name, p.kind, p.prompt)

    def legal_actions(self) -> list[Action]:
        """Every action legal now, in a deterministic order (interface.md §1)."""
        if self.game_over or self.pending is None:
            return []
        if self._legal is None:
            if self.pending.actions is not None:
                self._legal = self.pending.actions
            else:
                self._legal = self._priority_actions(self.pending.player)
        return self._legal

    def act(self, action: Action | str) -> None:
        """Take one legal action (an Action from legal_actions(), or a written step, §3)."""
        pending = self.pending
        if pending is not None and pending.kind == "priority" and not self.game_over and (
                action == "pass" or (isinstance(action, Action) and action == PASS)):
            # Passing is always legal for the player with priority (CR 117.3): no need to work
            # out every other action first.
            self._apply(PASS)
            return
        legal = self.legal_actions()
        if not legal:
            raise IllegalActionError(f"no decision is pending (the game is over): cannot take {action!r}")
        if isinstance(action, str):
            chosen = match_action(action, legal)
        else:
            chosen = next((a for a in legal if a == action), None)  # type: ignore[assignment]
            if chosen is None:
                chosen = next((a for a in legal if a.label == getattr(action, "label", None)), None)
            if chosen is None:
                raise IllegalActionError(
                    f"{getattr(action, 'label', action)!r} is not legal now; legal actions:\n  " +
                    "\n  ".join(a.label for a in legal))
        self._apply(chosen)

    def run_line(self, steps: Iterable[Action | str]) -> None:
        """act() each step in order; the error of a failing step says which step it was."""
        for i, step in enumerate(steps):
            try:
                self.act(step)
            except IllegalActionError as e:
                raise IllegalActionError(f"step {i + 1} ({step}): {e}") from None

    @property
    def result(self) -> dict[str, Any]:
        return {"game_over": self.game_over,
                "winner": self.players[self.winner].name if self.winner is not None else None,
                "reason": self.result_reason, "turn": self.turn}

    # ---------------------------------------------------------------------------------------
    # characteristics

    def _invalidate(self) -> None:
        self._chars = None
        self._trig_index = None
        self._static_index = None
        self._sba_dirty = True

    def _all_chars(self) -> dict[int, Chars]:
        if self._chars is None:
            self._chars = layers.compute_all(self)
        return self._chars

    def chars(self, oid: int) -> Chars:
        """The characteristics of object `oid` now (CR 613 on the battlefield, printed elsewhere)."""
        c = self._all_chars().get(oid)
        if c is None:
            return printed_chars(self.objects[oid].card)
        return c

    def _triggers_for(self, event: str) -> list[tuple[int, str, Triggered, str | None]]:
        if self._trig_index is None:
            index: dict[str, list[tuple[int, str, Triggered, str | None]]] = {}
            for oid, c in self._all_chars().items():
                for key, ab, origin in c.abilities:
                    if isinstance(ab, Triggered):
                        index.setdefault(ab.event, []).append((oid, key, ab, origin))
            self._trig_index = index
        return self._trig_index.get(event, [])

    def name_of(self, oid: int) -> str:
        return self.chars(oid).name if oid in self.objects else "?"

    def is_creature(self, oid: int) -> bool:
        return "Creature" in self.chars(oid).types

    def controller_of(self, oid: int) -> int:
        return self.objects[oid].controller

    def opponents(self, p: int) -> list[int]:
        return [q.index for q in self.players if q.index != p and not q.lost]

    def apnap(self) -> list[int]:
        """Players in APNAP order (CR 101.4), starting with the active player."""
        n = len(self.players)
        return [(self.active + i) % n for i in range(n) if not self.players[(self.active + i) % n].lost]

    # ---------------------------------------------------------------------------------------
    # building positions (used by scenarios and new_game)

    def new_object(self, card: CardDef | str, owner: int, zone: str, *, controller: int | None = None,
                   tapped: bool = False, sick: bool = False, counters: dict[str, int] | None = None,
                   token: bool = False, to_bottom: bool = True) -> int:
        """Create an object directly in a zone (no events): for setting up positions."""
        if isinstance(card, str):
            card = get_card(card)
        oid = self.next_id
        self.next_id += 1
        self.ts += 1
        obj = GameObject(oid, card, owner, zone, self.ts)
        obj.controller = owner if controller is None else controller
        obj.tapped = tapped
        obj.sick = sick
        obj.token = token or card.is_token
        if counters:
            obj.counters = {k: v for k, v in counters.items() if v}
        self.objects[oid] = obj
        self._owned.add(oid)
        if zone == BATTLEFIELD:
            self.battlefield.append(oid)
        elif zone != STACK:
            lst = self._zone_list(owner, zone)
            if to_bottom:
                lst.append(oid)
            else:
                lst.insert(0, oid)
        self._invalidate()
        return oid

    def _zone_list(self, player: int, zone: str) -> list[int]:
        p = self.players[player]
        if zone == LIBRARY:
            return p.library
        if zone == HAND:
            return p.hand
        if zone == GRAVEYARD:
            return p.graveyard
        if zone == EXILE:
            return p.exile
        if zone == COMMAND:
            return p.command
        raise MtgError(f"no such zone list {zone!r}")

    # ---------------------------------------------------------------------------------------
    # zone changes (CR 400)

    def move_to_zone(self, oid: int, zone: str, *, to_top: bool = True, controller: int | None = None,
                     x: int = 0, attach_to: int | None = None, info: dict[str, Any] | None = None) -> int | None:
        """Move an object; it becomes a new object with a new id (CR 400.7). Returns the new id
        (None when a token ceases to exist, CR 111.7 and 704.5d)."""
        obj = self.objects.get(oid)
        if obj is None:
            return None
        old_zone = obj.zone
        self._remove_from_zone(obj)
        if old_zone == BATTLEFIELD:
            self._leaves_battlefield(obj, zone)
        self._invalidate()
        del self.objects[oid]
        self._owned.discard(oid)
        new_id = self.next_id
        self.next_id += 1
        self.ts += 1
        new = GameObject(new_id, obj.card, obj.owner, zone, self.ts)
        new.token = obj.token
        if obj.info and "commander" in obj.info:
            new.info = {"commander": obj.info["commander"]}  # still that player's commander
            if zone in (GRAVEYARD, EXILE, HAND, LIBRARY) and old_zone != zone and old_zone != COMMAND:
                self.commander_moved.append(new_id)
        self.objects[new_id] = new
        self._owned.add(new_id)
        if new.token and zone not in (BATTLEFIELD, STACK):
            self.token_ghosts.append(new_id)  # it ceases to exist at the next check (CR 704.5d)
        if zone == BATTLEFIELD:
            new.controller = obj.controller if controller is None else controller
            new.x = x
            if info:
                new.info = dict(new.info or {}, **info)
            self.battlefield.append(new_id)
            self._enters_battlefield(new, attach_to)
        elif zone == STACK:
            new.controller = obj.controller if controller is None else controller
        else:
            lst = self._zone_list(obj.owner, zone)
            if zone == LIBRARY and to_top:
                lst.insert(0, new_id)
            else:
                lst.append(new_id)
        return new_id

    def _remove_from_zone(self, obj: GameObject) -> None:
        if obj.zone == BATTLEFIELD:
            self.battlefield.remove(obj.id)
        elif obj.zone == STACK:
            pass
        else:
            self._zone_list(obj.owner, obj.zone).remove(obj.id)

    def _leaves_battlefield(self, obj: GameObject, to_zone: str) -> None:
        """Leaves-the-battlefield triggers look back in time (CR 603.10a)."""
        c = self.chars(obj.id)
        dies = to_zone == GRAVEYARD and "Creature" in c.types
        event = {"zone": to_zone, "counters": dict(obj.counters), "new_id": self.next_id}
        abilities = list(c.abilities)
        if dies and "undying" in c.keywords and not obj.counters.get("+1/+1"):
            abilities.append(("undying", UNDYING, None))  # CR 702.93a: only with no +1/+1 counter
        for key, ab, origin in abilities:
            if isinstance(ab, Triggered) and (
                    ab.event == "leaves_self" or (dies and ab.event == "dies_self")
                    or (to_zone == GRAVEYARD and ab.event == "put_into_graveyard_self")):
                self.pending_triggers.append(PendingTrigger(ab, obj.id, key, obj.controller, c.name,
                                                            dict(event), origin))
        if dies:
            for src, key, ab, origin in self._triggers_for("creature_dies"):
                if src != obj.id and self._filter_ok(ab.filter, src, obj.id, c):
                    self._queue_trigger(ab, src, key, origin, {"object": obj.id, "name": c.name})
        self.log_event(f"{c.name} leaves the battlefield" + {GRAVEYARD: " to the graveyard",
                                                            HAND: " to its owner's hand",
                                                            EXILE: " to exile",
                                                            LIBRARY: " to its owner's library"}.get(
                                                                to_zone, ""))

    def card_of(self, obj: GameObject) -> CardDef:
        """The card whose copiable values an object has: the card copied by a copy effect
        (CR 707.2; Clone), else its own."""
        if obj.info and "copy_of" in obj.info:
            return get_card(obj.info["copy_of"])
        return obj.card

    def _enters_battlefield(self, obj: GameObject, attach_to: int | None) -> None:
        obj.sick = True
        for ab in self.card_of(obj).abilities:
            if isinstance(ab, EntersWith):
                n = obj.x if ab.amount == "X" else int(ab.amount)
                if n > 0:
                    obj.counters[ab.counter] = obj.counters.get(ab.counter, 0) + n
        if attach_to is not None and attach_to in self.objects:
            obj.attached_to = attach_to
        self._invalidate()
        self.log_event(f"{self.name_of(obj.id)} enters the battlefield under {self.players[obj.controller].name}'s control")
        c = self.chars(obj.id)
        for key, ab, origin in c.abilities:
            if isinstance(ab, Triggered) and ab.event in ("enters_self", "enters_or_attacks_self"):
                self.pending_triggers.append(PendingTrigger(
                    ab, obj.id, key, obj.controller, c.name, {"x": obj.x}, origin))
        for src, key, ab, origin in self._triggers_for("permanent_enters"):
            if src != obj.id and self._filter_ok(ab.filter, src, obj.id, c):
                self._queue_trigger(ab, src, key, origin, {"object": obj.id})

    def _filter_ok(self, flt: str | None, src: int, oid: int, c: Chars) -> bool:
        if flt is None:
            return True
        you = self.objects[src].controller
        for part in flt.split("+"):
            if part == "you_control" and self.objects.get(oid, None) is not None and self.objects[oid].controller != you:
                return False
            if part in ("creature", "artifact", "land", "enchantment") and part.capitalize() not in c.types:
                return False
            if part == "nontoken" and oid in self.objects and self.objects[oid].token:
                return False
        return True

    # ---------------------------------------------------------------------------------------
    # what effects do (called from cards.vocab)

    def log_event(self, line: str) -> None:
        self.log.append(line)

    def eval_amount(self, amount: int | str, ctx: Context) -> int:
        if isinstance(amount, int):
            return amount
        if amount == "X":
            return ctx.x
        if amount == "removed":
            return int(ctx.cost_info.get("removed", 0))
        if amount == "creatures_you_control":
            return sum(1 for o in self.battlefield if self.objects[o].controller == ctx.controller
                       and "Creature" in self.chars(o).types)
        if amount.startswith("event_counters:"):
            return int((ctx.event.get("counters") or {}).get(amount.split(":", 1)[1], 0))
        raise MtgError(f"unknown amount {amount!r}")

    def refs_for(self, who: str, ctx: Context) -> list[Ref]:
        """Resolve an effect's subject into references (only legal targets, CR 608.2b)."""
        if who == SELF:
            if ctx.source_id is not None and ctx.source_id in self.objects and \
                    self.objects[ctx.source_id].zone == BATTLEFIELD:
                return [("obj", ctx.source_id)]
            return []
        if who.startswith(TARGET):
            i = target_index(who)
            if i >= len(ctx.targets):
                return []
            legal = ctx.answers.get(-1)
            if legal is not None and i < len(legal) and not legal[i]:
                return []
            ref = ctx.targets[i]
            if ref[0] == "obj" and ref[1] not in self.objects:
                return []
            return [ref]
        if who == CONTROLLER:
            return [("player", ctx.controller)]
        if who == EACH_OPPONENT:
            return [("player", q) for q in self.opponents(ctx.controller)]
        if who == EACH_PLAYER:
            return [("player", q) for q in self.apnap()]
        if who == ATTACHED:
            src = self.objects.get(ctx.source_id) if ctx.source_id is not None else None
            if src is not None and src.attached_to in self.objects:
                return [("obj", src.attached_to)]
            return []
        raise MtgError(f"unknown subject {who!r}")

    def produce_mana(self, ctx: Context, counts: list[int], restriction: str | None = None,
                     step: int | None = None, player: int | None = None) -> Ask | None:
        """Add mana to the controller's pool (CR 106.4).

        If this is a mana ability with {T} in its cost, the source was tapped for mana
        (CR 106.12): replacement effects on "tapped for mana" modify the event first
        (CR 106.12b, 614), in the order the affected player chooses where different effects
        apply (CR 616.1; asked only with a `step`, else in timestamp order), then "tapped for
        mana" triggers fire (CR 106.12a)."""
        tapped = bool(ctx.cost_info.get("tapped_for_mana")) and ctx.source_id is not None
        if tapped:
            counts, ask = self._replace_mana(ctx, list(counts), step)
            if ask is not None:
                return ask
        p = self.players[ctx.controller if player is None else player]
        total = 0
        for i, n in enumerate(counts):
            if n > 0:
                p.pool.add(TYPES[i], n, restriction)
                total += n
        if total == 0:
            return None
        p.mana_produced += total
        self.log_event(f"{p.name} adds {format_mana(counts)} ({ctx.source_name})")
        if tapped:
            self.fire_tapped_for_mana(ctx.source_id, counts, ctx.controller)  # type: ignore[arg-type]
        return None

    def _statics(self, effect: str) -> list[tuple[int, Any]]:
        """(object id, static ability) for every static ability `effect` on the battlefield."""
        if self._static_index is None:
            index: dict[str, list[tuple[int, Any]]] = {}
            for oid, c in self._all_chars().items():
                for _key, ab, _origin in c.abilities:
                    if isinstance(ab, Static):
                        index.setdefault(ab.effect, []).append((oid, ab))
            self._static_index = index
        return self._static_index.get(effect, [])

    def _mana_replacement_applies(self, rep: int, ab: Any, ctx: Context) -> bool:
        _mode, _value, who, what = ab.args
        if who == "you" and self.objects[rep].controller != ctx.controller:
            return False
        src = ctx.source_id
        if src is None or src not in self.objects:
            return what == "permanent"
        return what == "permanent" or what.capitalize() in self.chars(src).types

    @staticmethod
    def _apply_mana_replacement(ab: Any, counts: list[int]) -> list[int]:
        mode, value = ab.args[0], ab.args[1]
        if mode == "multiply":
            return [n * value for n in counts]
        if mode == "set_type":
            out = [0] * 6
            out[TYPE_INDEX[value]] = sum(counts)
            return out
        if mode == "replace_with":  # Contamination: "{B} instead of any other type and amount"
            out = [0] * 6
            for sym in value.strip("{}").split("}{"):
                out[TYPE_INDEX[sym]] += 1
            return out
        raise MtgError(f"unknown mana replacement {mode!r}")

    def _order_irrelevant(self, reps: list[tuple[int, Any]], counts: list[int]) -> bool:
        """True when every order of these replacement effects gives the same mana (two
        doublings commute; a doubling and Contamination's {B} don't): then there is no real
        choice to ask for."""
        import itertools
        results = set()
        for order in itertools.permutations(reps):
            c = counts
            for _oid, ab in order:
                c = self._apply_mana_replacement(ab, c)
            results.add(tuple(c))
            if len(results) > 1:
                return False
        return True

    def _replace_mana(self, ctx: Context, counts: list[int], step: int | None
                      ) -> tuple[list[int], Ask | None]:
        """CR 614.5 and 616.1: each replacement effect applies once; where effects of different
        cards could apply next, the affected player chooses which."""
        reps = [(oid, ab) for oid, ab in self._statics("mana_replacement")
                if self._mana_replacement_applies(oid, ab, ctx)]
        if not reps:
            return counts, None
        applied: list[int] = []
        k = 0
        while True:
            left = [(oid, ab) for oid, ab in reps if oid not in applied]
            if not left:
                return counts, None
            # Effects of cards with the same name are interchangeable: no choice among them.
            names: dict[str, tuple[int, Any]] = {}
            for oid, ab in left:
                names.setdefault(self.name_of(oid), (oid, ab))
            key = None if step is None else step * 1000 + 500 + k
            if len(names) == 1 or key is None or self._order_irrelevant(list(names.values()), counts):
                oid, ab = left[0]
            elif key in ctx.answers:
                oid = ctx.answers[key]
                ab = next(a for o, a in left if o == oid)
            else:
                opts = tuple(o for o, _a in names.values())
                labels = tuple(f"order {self.name_of(o)}: {a.text}" for o, a in names.values())
                return counts, Ask("order", ctx.controller, opts, labels,
                                   "choose the replacement effect to apply first to the mana produced",
                                   key=key)
            counts = self._apply_mana_replacement(ab, counts)
            applied.append(oid)
            k += 1

    def fire_tapped_for_mana(self, source: int, counts: list[int], player: int) -> None:
        """CR 106.12a: "is tapped for mana" triggers when the ability resolves and produces mana.
        Filters: "land" (a player taps a land), "land+you" (you tap a land), "enchanted" (the
        permanent the trigger's source enchants)."""
        if source not in self.objects:
            return
        for src, key, ab, origin in self._triggers_for("tapped_for_mana"):
            if self.tapped_trigger_applies(src, ab, source, player):
                self._queue_trigger(ab, src, key, origin,
                                    {"object": source, "counts": list(counts), "player": player})

    def tapped_trigger_applies(self, src: int, ab: Triggered, source: int, player: int) -> bool:
        """Would `src`'s "tapped for mana" trigger trigger when `player` taps `source` for mana?"""
        flt = ab.filter or ""
        words = flt.split("+")
        if "enchanted" in words:
            return self.objects[src].attached_to == source
        if "you" in words:
            return self.objects[src].controller == player and "Land" in self.chars(source).types
        return self._filter_ok(ab.filter, src, source, self.chars(source))

    def mana_modified(self, source: int, player: int) -> bool:
        """Would tapping `source` for mana be changed by a replacement effect or add mana through a
        "tapped for mana" trigger? (Automatic payment leaves such sources to the player.)"""
        ctx = Context(player, source, self.name_of(source))
        ctx.cost_info["tapped_for_mana"] = True
        if any(self._mana_replacement_applies(oid, ab, ctx) for oid, ab in self._statics("mana_replacement")):
            return True
        return any(self.tapped_trigger_applies(src, ab, source, player)
                   for src, _key, ab, _origin in self._triggers_for("tapped_for_mana"))

    # ---------------------------------------------------------------------------------------
    # "could produce" (CR 106.7)

    def could_produce(self, oid: int, seen: frozenset[int] = frozenset()) -> set[str]:
        """The types of mana permanent `oid` could produce: every type an ability of it would
        produce if it resolved now, taking replacement effects into account in any possible
        order, ignoring costs (CR 106.7). `seen` holds the permanents already being asked about
        on this path, so lands that look at each other terminate (and don't help each other)."""
        if oid in seen or oid not in self.objects:
            return set()
        seen = seen | {oid}
        obj = self.objects[oid]
        c = self.chars(oid)
        out: set[str] = set()
        for _key, ab, _origin in c.abilities:
            if not isinstance(ab, Activated) or not ab.is_mana_ability:
                continue
            ctx = Context(obj.controller, oid, c.name)
            types: set[str] = set()
            for e in effects_of(ab, ctx):
                fn = getattr(e, "could_produce", None)
                if fn is not None:
                    types |= fn(self, ctx, seen)
            if types and ab.cost.tap:
                types = self._types_after_replacements(ctx, types)
            out |= types
        return out

    def _types_after_replacements(self, ctx: Context, types: set[str]) -> set[str]:
        """Types that "tapped for mana" replacement effects could turn `types` into, over every
        order in which they could apply (CR 106.7, 616.1)."""
        ctx.cost_info["tapped_for_mana"] = True
        reps = [ab for oid, ab in self._statics("mana_replacement")
                if self._mana_replacement_applies(oid, ab, ctx)]
        if not reps:
            return types
        import itertools
        distinct = list({(ab.args[0], ab.args[1]): ab for ab in reps}.values())
        out: set[str] = set()
        for t in types:
            for order in itertools.permutations(distinct):
                counts = [0] * 6
                counts[TYPE_INDEX[t]] = 1
                for ab in order:
                    counts = self._apply_mana_replacement(ab, counts)
                out |= {TYPES[i] for i, n in enumerate(counts) if n}
        return out

    def lands_could_produce(self, player: int, opponents: bool, seen: frozenset[int],
                            colors_only: bool) -> list[str]:
        """What lands `player` controls (or an opponent controls) could produce, in WUBRGC order."""
        types: set[str] = set()
        for oid in self.battlefield:
            obj = self.objects[oid]
            if (obj.controller != player) != opponents:
                continue
            if opponents and self.players[obj.controller].lost:
                continue
            if "Land" in self.chars(oid).types:
                types |= self.could_produce(oid, seen)
        if colors_only:
            types.discard("C")
        return [t for t in TYPES if t in types]

    def chosen_color(self, ctx: Context) -> str | None:
        obj = self.objects.get(ctx.source_id) if ctx.source_id is not None else None
        if obj is not None and obj.info:
            return obj.info.get("chosen_color")
        return ctx.event.get("chosen_color")

    def deal_damage(self, ctx: Context, ref: Ref, n: int) -> None:
        """CR 120.3: damage to a player causes life loss; to a creature, it is marked."""
        if n <= 0:
            return
        src = ctx.source_id
        src_c = self.chars(src) if src is not None and src in self.objects else None
        kws = src_c.keywords if src_c is not None else frozenset()
        if ctx.source_lki and not src_c:
            kws = frozenset(ctx.source_lki.get("keywords", ()))
        self._sba_dirty = True
        if ref[0] == "player":
            p = self.players[ref[1]]
            p.life -= n
            self.log_event(f"{ctx.source_name} deals {n} damage to {p.name}")
        elif ref[0] == "obj" and ref[1] in self.objects:
            if self.objects[ref[1]].zone != BATTLEFIELD:
                return
            if self.protected_from(ref[1], src):
                self.log_event(f"damage to {self.name_of(ref[1])} is prevented (protection)")
                return  # CR 702.16e
            obj = self._w(ref[1])
            obj.damage += n
            if "deathtouch" in kws:
                obj.deathtouched = True
            self.log_event(f"{ctx.source_name} deals {n} damage to {self.name_of(ref[1])}")
        else:
            return
        if "lifelink" in kws:
            self.gain_life(ctx.controller, n)

    def draw(self, player: int, n: int = 1) -> None:
        p = self.players[player]
        for _ in range(n):
            if not p.library:
                p.drew_from_empty = True  # CR 704.5b
                self._sba_dirty = True
                self.log_event(f"{p.name} tries to draw from an empty library")
                return
            self.move_to_zone(p.library[0], HAND)
        if n:
            self.log_event(f"{p.name} draws {n} card{'s' if n != 1 else ''}")

    def gain_life(self, player: int, n: int) -> None:
        self._sba_dirty = True
        if n > 0:
            self.players[player].life += n
            self.log_event(f"{self.players[player].name} gains {n} life")

    def lose_life(self, player: int, n: int) -> None:
        self._sba_dirty = True
        if n > 0:
            self.players[player].life -= n
            self.log_event(f"{self.players[player].name} loses {n} life")

    def destroy(self, oid: int) -> None:
        """CR 701.8; indestructible permanents aren't destroyed (CR 702.12b)."""
        if oid not in self.objects or self.objects[oid].zone != BATTLEFIELD:
            return
        if self.chars(oid).has_keyword("indestructible"):
            return
        self.move_to_zone(oid, GRAVEYARD)

    def sacrifice(self, oid: int) -> None:
        """CR 701.21: a sacrificed permanent goes to its owner's graveyard (not destroyed)."""
        if oid in self.objects and self.objects[oid].zone == BATTLEFIELD:
            self.move_to_zone(oid, GRAVEYARD)

    def counter(self, stack_id: int) -> None:
        for i, item in enumerate(self.stack):
            if item.id == stack_id:
                del self.stack[i]
                self.log_event(f"{item.ctx.source_name} is countered")
                if item.kind == "spell" and item.obj_id is not None:
                    if item.copy:
                        self.objects.pop(item.obj_id, None)  # CR 707.10a: it ceases to exist
                    else:
                        self.move_to_zone(item.obj_id, GRAVEYARD)
                return

    def tap(self, oid: int) -> None:
        if oid in self.objects and not self.objects[oid].tapped:
            self._w(oid).tapped = True
            self._fire_becomes_tapped(oid)

    def untap(self, oid: int) -> None:
        if oid in self.objects and self.objects[oid].tapped:
            self._w(oid).tapped = False

    def _fire_becomes_tapped(self, oid: int) -> None:
        c = self.chars(oid)
        for key, ab, origin in c.abilities:
            if isinstance(ab, Triggered) and ab.event == "becomes_tapped_self":
                self._queue_trigger(ab, oid, key, origin, {})

    def add_counters(self, oid: int, kind: str, n: int) -> None:
        if kind == "-1/-1" and n > 0 and oid in self.objects and self.is_creature(oid):
            # Vizier of Remedies (CR 614.1a): "that many -1/-1 counters minus one" for each
            for src, _ab in self._statics("fewer_minus_counters"):
                if self.objects[src].controller == self.objects[oid].controller:
                    n -= 1
        if oid in self.objects and n > 0 and self.objects[oid].zone == BATTLEFIELD:
            obj = self._w(oid)
            obj.counters[kind] = obj.counters.get(kind, 0) + n
            self._invalidate()

    def remove_counters(self, oid: int, kind: str, n: int) -> int:
        obj = self._w(oid)
        have = obj.counters.get(kind, 0)
        n = min(n, have)
        if have - n:
            obj.counters[kind] = have - n
        else:
            obj.counters.pop(kind, None)
        self._invalidate()
        return n

    def create_token(self, player: int, token_name: str) -> int:
        """Create a token (CR 111.1): `token_name` is a token card, or any card for a token that
        is a copy of it (CR 707.2, 111.4)."""
        card = get_card(token_name)
        oid = self.next_id
        self.next_id += 1
        self.ts += 1
        obj = GameObject(oid, card, player, BATTLEFIELD, self.ts)
        obj.token = True
        self.objects[oid] = obj
        self._owned.add(oid)
        self.battlefield.append(oid)
        self.log_event(f"{self.players[player].name} creates a {token_name} token")
        self._enters_battlefield(obj, None)
        return oid

    def create_token_copy(self, player: int, card_name: str) -> int:
        """A token that is a copy of a card (CR 707.2, 111.4)."""
        return self.create_token(player, card_name)

    def make_card_copy(self, player: int, oid: int) -> int:
        """A copy of a card, in exile, to be cast (CR 707.12): a token-like object that is not a
        card; it ceases to exist if it goes anywhere but the stack and battlefield."""
        card = self.objects[oid].card
        nid = self.next_id
        self.next_id += 1
        self.ts += 1
        obj = GameObject(nid, card, player, EXILE, self.ts)
        obj.token = True
        self.objects[nid] = obj
        self._owned.add(nid)
        self.players[player].exile.append(nid)
        self.token_ghosts.append(nid)  # gone at the next state-based check unless cast at once
        return nid

    def gain_control_until_eot(self, oid: int, player: int) -> None:
        """Control changes (layer 2) until end of turn; the permanent hasn't been controlled
        continuously by its new controller since their turn began (CR 302.6)."""
        obj = self.objects.get(oid)
        if obj is None or obj.zone != BATTLEFIELD:
            return
        w = self._w(oid)
        if w.controller != player:
            self.control_reverts.append((oid, w.controller))
            w.controller = player
            w.sick = True
        self._invalidate()
        self.log_event(f"{self.players[player].name} gains control of {self.name_of(oid)} until end of turn")

    def _end_control_effects(self) -> None:
        for oid, prev in reversed(self.control_reverts):
            obj = self.objects.get(oid)
            if obj is not None and obj.zone == BATTLEFIELD and obj.controller != prev:
                w = self._w(oid)
                w.controller = prev
                w.sick = True
                self.log_event(f"{self.players[prev].name} regains control of {self.name_of(oid)}")
        self.control_reverts = []
        self._invalidate()

    @staticmethod
    def link_group(key: str) -> str:
        """Abilities printed on one card are linked among themselves ("p"); those Mairsil has
        from one caged card only among themselves ("g<card id>"), CR 607.2 and the rulings."""
        return key.split(".", 1)[0] if "." in key else "p"

    def exile_linked(self, oid: int, ctx: Context) -> int | None:
        """Exile an object "with" this ability's source (CR 607.2a)."""
        if oid not in self.objects:
            return None
        new = self.move_to_zone(oid, EXILE)
        if new is not None and ctx.source_id is not None:
            w = self._w(new)
            w.info = dict(w.info or {}, exiled_with=(ctx.source_id, ctx.cost_info.get("link", "p")))
            self.log_event(f"{self.name_of(new)} is exiled with {ctx.source_name}")
        return new

    def linked_cards(self, ctx: Context) -> list[int]:
        """The cards in exile exiled with the ability linked to this one: same source object,
        same link group. (Copies of the exiling ability share both, so their cards count too.)"""
        if ctx.source_id is None:
            return []
        want = (ctx.source_id, ctx.cost_info.get("link", "p"))
        out = []
        for p in self.players:
            for oid in p.exile:
                info = self.objects[oid].info
                if info and tuple(info.get("exiled_with", ())) == want:
                    out.append(oid)
        return out

    def attach(self, oid: int, to: int) -> None:
        """Attach an Equipment or Aura (CR 701.3). Something that isn't an Equipment can't
        become attached by an equip ability (CR 701.3b: nothing happens; Mairsil with a caged
        Equipment), nor can an Equipment that is also a creature (CR 301.5c)."""
        if oid in self.objects:
            c = self.chars(oid)
            if not ({"Equipment", "Aura"} & set(c.subtypes)) or ("Equipment" in c.subtypes and "Creature" in c.types):
                self.log_event(f"{c.name} can't become attached: nothing happens")
                return
        if oid in self.objects and to in self.objects and self.objects[to].zone == BATTLEFIELD:
            self._w(oid).attached_to = to
            self._invalidate()
            self.log_event(f"{self.name_of(oid)} becomes attached to {self.name_of(to)}")

    def add_until_eot(self, oid: int, kind: str, args: Any) -> None:
        self.ts += 1
        self.effects.append(ContinuousEffect(kind, oid, args, self.ts, "eot"))
        self._invalidate()

    def commander_identity(self, player: int) -> list[str]:
        """Colors in the player's commanders' color identity (none outside Commander: CR 903.4f)."""
        ident = self.commander_colors.get(player, "")
        return [c for c in COLORS if c in ident]

    def spend_tags(self, player: int, what: str, oid: int | None) -> frozenset[str]:
        """Restrictions (CR 106.6) that allow mana to be spent on this spell or ability."""
        if oid is None or oid not in self.objects:
            return frozenset()
        tags = set()
        if "Artifact" in self.chars(oid).types:
            tags.add("artifact")
        return frozenset(tags)

    def can_pay_mana_now(self, player: int, cost: ManaCost) -> bool:
        return can_pay(self.players[player].pool.counts, cost)

    def pay_mana_now(self, player: int, cost: ManaCost, chosen: list[str] | None = None) -> None:
        """Pay a cost asked for on resolution (Mana Vault's {4}, Rings of Brighthearth's {2}) from
        unrestricted mana: colored parts first, then the generic part with the types `chosen`
        (see generic_payment_choice), then in a fixed order where no choice mattered."""
        pool = self.players[player].pool
        for i, n in enumerate(cost.typed):
            pool.counts[i] -= n
        left = cost.generic
        for t in chosen or []:
            i = TYPE_INDEX[t]
            if left and pool.counts[i]:
                pool.counts[i] -= 1
                left -= 1
        for i in (5, 0, 1, 2, 3, 4):
            take = min(left, pool.counts[i])
            pool.counts[i] -= take
            left -= take

    def generic_payment_choice(self, player: int, cost: ManaCost, chosen: list[str]) -> list[str] | None:
        """The types the player may choose from to pay the next {1} of `cost`'s generic part,
        after `chosen`; None when what is left to pay leaves no choice that matters (one type
        left, or exactly enough mana)."""
        counts = self.players[player].pool.counts[:]
        for i, n in enumerate(cost.typed):
            counts[i] -= n
        for t in chosen:
            counts[TYPE_INDEX[t]] -= 1
        left = cost.generic - len(chosen)
        types = [TYPES[i] for i in (5, 0, 1, 2, 3, 4) if counts[i] > 0]
        if left <= 0 or len(types) <= 1 or sum(counts) <= left:
            return None
        return types

    # ---------------------------------------------------------------------------------------
    # triggers (CR 603)

    def _queue_trigger(self, ab: Triggered, src: int, key: str, origin: str | None,
                       event: dict[str, Any]) -> None:
        obj = self.objects[src]
        if ab.condition is not None and not self.condition_holds(ab.condition, src):
            return  # CR 603.4: an intervening "if" is checked when the ability triggers
        pt = PendingTrigger(ab, src, key, obj.controller, self.name_of(src), event, origin)
        if ab.is_mana_ability:
            self.mana_triggers.append(pt)  # CR 605.4a: resolves at once
        else:
            self.pending_triggers.append(pt)

    def condition_holds(self, condition: str, src: int) -> bool:
        """Intervening-if conditions (CR 603.4), by name."""
        obj = self.objects.get(src)
        if condition == "self_tapped":
            return obj is not None and obj.tapped
        raise MtgError(f"unknown trigger condition {condition!r}")

    def fire(self, event: str, player: int, **data: Any) -> None:
        """Turn-based and player events: 'upkeep', 'draw_step', 'end_step' (of `player`'s
        turn), 'cast' and 'activate' (by `player`)."""
        for src, key, ab, origin in self._triggers_for(event + "_you"):
            if self.objects[src].controller == player and self._event_filter_ok(ab, src, data):
                self._queue_trigger(ab, src, key, origin, dict(data, player=player))
        for src, key, ab, origin in self._triggers_for(event + "_each"):
            if self._event_filter_ok(ab, src, data):
                self._queue_trigger(ab, src, key, origin, dict(data, player=player))
        if event == "activate" and not data.get("is_mana_ability"):
            for src, key, ab, origin in self._triggers_for("activate_equipped"):
                # "an ability of equipped creature": not if paying the cost sacrificed it (ruling)
                if data.get("source") in self.objects and self.objects[src].attached_to == data.get("source"):
                    self._queue_trigger(ab, src, key, origin, dict(data, player=player))

    def _event_filter_ok(self, ab: Triggered, src: int, data: dict[str, Any]) -> bool:
        if ab.filter is None:
            return True
        if ab.filter == "not_mana_ability":
            return not data.get("is_mana_ability", False)
        if ab.filter == "targets_creature_or_player":  # Ertha Jo
            item = data.get("item")
            return item is not None and any(
                r[0] == "player" or (r[0] == "obj" and r[1] in self.objects and self.is_creature(r[1]))
                for r in item.ctx.targets)
        if ab.filter == "not_mana_ability_of_artifact":  # Kurkesh
            srcid = data.get("source")
            return not data.get("is_mana_ability", False) and srcid in self.objects and \
                "Artifact" in self.chars(srcid).types
        if ab.filter == "creature_spell":
            item = next((s for s in self.stack if s.id == data.get("spell")), None)
            return item is not None and item.obj_id is not None and item.obj_id in self.objects and \
                "Creature" in self.chars(item.obj_id).types
        return True

    # ---------------------------------------------------------------------------------------
    # the main loop

    def start(self) -> None:
        """Run until the first decision (call once after setting up a position)."""
        self._run()

    def _apply(self, action: Action) -> None:
        # Characteristics stay cached: every change that can affect them (zones, counters,
        # attachments, control, created effects) invalidates them where it happens.
        self._legal = None
        self.stats.actions += 1
        pending = self.pending
        assert pending is not None
        self.pending = None
        payload = action.payload
        if pending.kind == "priority":
            self._priority_action(pending.player, action)
        else:
            self.tasks[-1].d["answer"] = payload
        self._run()

    def _run(self) -> None:
        """Advance the game until a player must decide or it is over."""
        while not self.game_over:
            if self.tasks:
                task = self.tasks[-1]
                n = len(self.tasks)
                done = getattr(self, "_task_" + task.kind)(task)
                if self.pending is not None:
                    return
                if done:
                    # a finished task may have pushed others above itself
                    self.tasks.pop(n - 1)
                continue
            if self.mana_triggers:
                pt = self.mana_triggers.pop(0)
                self._push_resolve_trigger_now(pt)
                continue
            if self._state_based_actions():
                continue
            if self.game_over:
                return
            if self.pending_triggers:
                self.tasks.append(Task("place_triggers", stage=0, answer=None))
                continue
            if self.step in NO_PRIORITY:
                self._advance_step()
                continue
            p = self.priority
            if self.players[p].dummy or self.players[p].lost:
                self._pass_priority(p)
                continue
            self.pending = Pending("priority", p, f"{self.players[p].name} has priority")
            return
        self.pending = None

    def _ask(self, kind: str, player: int, prompt: str, actions: list[Action]) -> None:
        self.pending = Pending(kind, player, prompt, _dedupe(actions))

    # ---------------------------------------------------------------------------------------
    # turn structure (CR 500-514)

    def _advance_step(self) -> None:
        """Move to the next step, emptying mana pools (CR 106.4, 500.4)."""
        for p in self.players:
            if not p.pool.is_empty():
                p.pool.empty()
        i = STEPS.index(self.step)
        if self.step == "declare_attackers" and not self.attackers:
            i = STEPS.index("end_of_combat") - 1  # CR 508.8: no attackers, skip to end of combat
        if self.step == "combat_damage" and self.first_strike_done and not self.combat_damage_dealt_regular:
            self._begin_step()  # CR 510.4: the second combat damage step
            return
        if self.step == "end_of_combat":
            combat.reset_combat(self)  # CR 511.3: creatures are removed from combat
        if self.step == "cleanup":
            self._next_turn()
            return
        self.step = STEPS[i + 1]
        self._begin_step()

    def _next_turn(self) -> None:
        # statistics: [player whose turn ended, mana each player produced during it]
        self.stats.mana_history.append([self.active] + [p.mana_produced for p in self.players])
        n = len(self.players)
        nxt = self.active
        for _ in range(n):
            nxt = (nxt + 1) % n
            p = self.players[nxt]
            if not p.lost and not p.dummy:
                break
        self.turn += 1
        if self.turn_limit is not None and self.turn > self.turn_limit:
            self.turn -= 1
            self._end_game(None, f"turn limit {self.turn_limit} reached")
            return
        self.active = nxt
        self.step = "untap"
        self.log_event(f"Turn {self.turn}: {self.players[nxt].name}")
        self._begin_step()

    def _begin_step(self) -> None:
        self.passes = 0
        self.priority = self.active
        ap = self.active
        step = self.step
        if step == "untap":
            # CR 502: a new turn begins; the active player's permanents are now controlled
            # continuously since their most recent turn began (CR 302.6).
            for p in self.players:
                p.lands_played = 0
                p.mana_produced = 0
            self.activations.clear()
            self.spells_cast_this_turn = 0
            for oid in self.battlefield:
                obj = self.objects[oid]
                if obj.controller == ap:
                    if obj.sick:
                        self._w(oid).sick = False
                    if obj.tapped and "doesnt_untap" not in self.chars(oid).flags:
                        self._w(oid).tapped = False
            self._invalidate()
        elif step == "upkeep":
            self.fire("upkeep", ap)
        elif step == "draw":
            # CR 103.8a: the player who plays first skips the draw step of their first turn.
            if not (self.turn == 1 and ap == self.first_player and not self.draw_on_first_turn):
                self.draw(ap, 1)
            self.fire("draw_step", ap)
        elif step == "beginning_of_combat":
            combat.reset_combat(self)
        elif step == "declare_attackers":
            self.attackers = []
            if not self.players[ap].dummy and any(combat.can_attack(self, o) for o in self.battlefield):
                self.tasks.append(Task("declare_attackers", answer=None))
        elif step == "declare_blockers":
            self.tasks.append(Task("declare_blockers", i=0, answer=None))
        elif step == "combat_damage":
            first = combat.needs_first_strike_step(self) and not self.first_strike_done
            if first:
                self.first_strike_done = True
            else:
                self.combat_damage_dealt_regular = True
            self.tasks.append(Task("combat_damage", first=first, answer=None))
        elif step == "end":
            self.fire("end_step", ap)
        elif step == "cleanup":
            self._cleanup()

    def _cleanup(self) -> None:
        """CR 514: discard to hand size, then damage wears off and "until end of turn" ends."""
        p = self.players[self.active]
        if len(p.hand) > HAND_SIZE and not p.dummy:
            self.tasks.append(Task("discard_to_hand_size", player=self.active, answer=None))
            return
        self._cleanup_damage_and_effects()

    def _cleanup_damage_and_effects(self) -> None:
        for oid in self.battlefield:
            obj = self.objects[oid]
            if obj.damage or obj.deathtouched:
                w = self._w(oid)
                w.damage = 0
                w.deathtouched = False
        if self.effects:
            self.effects = [e for e in self.effects if e.duration != "eot"]
        if self.control_reverts:
            self._end_control_effects()
        self.play_permissions = []
        self._invalidate()

    def _task_declare_attackers(self, t: Task) -> bool:
        return combat.declare_attackers(self, t)

    def _task_declare_blockers(self, t: Task) -> bool:
        return combat.declare_blockers(self, t)

    def _task_combat_damage(self, t: Task) -> bool:
        return combat.combat_damage(self, t)

    def _task_discard_to_hand_size(self, t: Task) -> bool:
        p = self.players[t.d["player"]]
        if t.d["answer"] is not None:
            oid = t.d["answer"]
            t.d["answer"] = None
            self.log_event(f"{p.name} discards {self.name_of(oid)}")
            self.move_to_zone(oid, GRAVEYARD)
        if len(p.hand) <= HAND_SIZE:
            self._cleanup_damage_and_effects()
            return True
        acts = [Action("choose", f"discard {self.name_of(o)}", target=self.name_of(o), payload=o)
                for o in p.hand]
        self._ask("choose", p.index, f"{p.name} discards down to {HAND_SIZE} cards", acts)
        return False

    # ---------------------------------------------------------------------------------------
    # priority (CR 117)

    def _pass_priority(self, p: int) -> None:
        self.passes += 1
        alive = [q for q in self.players if not q.lost]
        if self.passes >= len(alive):
            self.passes = 0
            if self.stack:
                # CR 608.2n: the object stays on the stack while it resolves; then the active
                # player receives priority (CR 117.3b).
                self.tasks.append(Task("resolve", item=self.stack[-1], stage=0, pc=0, answer=None))
                self.priority = self.active
            else:
                self._advance_step()
            return
        n = len(self.players)
        nxt = p
        for _ in range(n):
            nxt = (nxt + 1) % n
            if not self.players[nxt].lost:
                break
        self.priority = nxt

    def _priority_action(self, p: int, action: Action) -> None:
        payload = action.payload
        kind = payload[0]
        if kind == "pass":
            pool = self.players[p].pool
            if not pool.is_empty():
                self.log_event(f"{self.players[p].name} passes with {pool} in their mana pool")
            self._pass_priority(p)
            return
        self.passes = 0  # CR 117.3c: a player who acts receives priority again
        if kind == "play":
            oid = payload[1]
            self.players[p].lands_played += 1
            self.log_event(f"{self.players[p].name} plays {self.name_of(oid)}")
            self.move_to_zone(oid, BATTLEFIELD, controller=p)
        elif kind == "cast":
            self.tasks.append(Task("announce", what="spell", player=p, obj=payload[1], key=None,
                                   stage=0, ctx=None, answer=None, ti=0, chosen=[]))
        elif kind == "activate":
            self.tasks.append(Task("announce", what="ability", player=p, obj=payload[1],
                                   key=payload[2], stage=0, ctx=None, answer=None, ti=0, chosen=[]))

    # ---------------------------------------------------------------------------------------
    # casting spells (CR 601.2) and activating abilities (CR 602.2)

    def _ability_of(self, oid: int, key: str) -> tuple[Activated, str | None]:
        for k, ab, origin in self.chars(oid).abilities:
            if k == key and isinstance(ab, Activated):
                return ab, origin
        raise MtgError(f"{self.name_of(oid)} has no activated ability {key!r}")

    def spell_targets(self, card: CardDef) -> tuple[TargetSpec, ...]:
        """An instant's or sorcery's targets; an Aura spell targets what it can enchant (CR 303.4a)."""
        sa = card.spell_ability
        if sa is not None:
            return sa.targets
        for ab in card.abilities:
            if isinstance(ab, Keyword):
                for n in ab.names:
                    if n.startswith("enchant "):
                        return (TargetSpec(n[len("enchant "):].replace(" ", "_")),)
        return ()

    def _free_permission(self, oid: int) -> bool:
        obj = self.objects.get(oid)
        return obj is not None and obj.zone == EXILE and any(
            o == oid and free for _p, o, free in self.play_permissions)

    def _exile_playable(self, p: int) -> list[int]:
        """Cards in exile `p` may play now (Magus of the Mind)."""
        return [o for pl, o, _free in self.play_permissions
                if pl == p and o in self.objects and self.objects[o].zone == EXILE]

    def spell_cost(self, oid: int) -> ManaCost:
        """The mana cost to cast this card now, with commander tax from the command zone (CR 903.8)."""
        obj = self.objects[oid]
        cost = obj.card.mana_cost
        if obj.zone == COMMAND and obj.info and "commander" in obj.info:
            tax = 2 * self.commander_casts.get(obj.info["commander"], 0)
            if tax:
                cost = cost.plus(ManaCost(generic=tax, text=f"{{{tax}}}"))
        return cost

    def _announced_ability(self, t: Task) -> Ability | None:
        if t.d["what"] == "spell":
            return self.objects[t.d["obj"]].card.spell_ability if t.d["obj"] in self.objects else None
        return t.d.get("ability")

    def _announce_parts(self, t: Task) -> tuple[Any, tuple[TargetSpec, ...], str]:
        """(cost, target specs, text) of what is being cast or activated."""
        oid = t.d["obj"]
        if t.d["what"] == "spell":
            card = self.objects[oid].card
            if t.d.get("free") or self._free_permission(oid):
                return Cost(), self.spell_targets(card), card.name  # CR 118.9: without paying; X is 0
            return Cost(mana=self.spell_cost(oid)), self.spell_targets(card), card.name
        if "ability" not in t.d:
            t.d["ability"], t.d["origin"] = self._ability_of(oid, t.d["key"])
        ab = t.d["ability"]
        return ab.cost, ab.targets, ab.text

    def _task_announce(self, t: Task) -> bool:
        p = t.d["player"]
        oid = t.d["obj"]
        cost, specs, _text = self._announce_parts(t)
        ab = self._announced_ability(t)
        stage = t.d["stage"]
        if stage == 0:  # CR 601.2b / 602.2b: announce the mode
            ctx = Context(p, oid, self.name_of(oid))
            if t.d["what"] == "ability":
                ctx.cost_info["link"] = self.link_group(t.d["key"])
            t.d["ctx"] = ctx
            modes = getattr(ab, "modes", ())
            if modes:
                acts = [Action("mode", f"mode {i + 1}: {m.text}", value=i, payload=i)
                        for i, m in enumerate(modes) if self._has_targets(m.targets, ctx)]
                t.d["stage"] = -1
                self._ask("mode", p, f"choose a mode for {self.name_of(oid)}", acts)
                return False
            stage = -1
        ctx = t.d["ctx"]
        if stage == -1:  # CR 601.2b / 602.2b: announce X
            if t.d["answer"] is not None:
                ctx.modes = [t.d["answer"]]
                t.d["answer"] = None
            t.d["stage"] = stage = 1
            x_rule = getattr(ab, "x_rule", None)
            if x_rule is not None:
                ctx.x = self.x_by_rule(x_rule, ctx) or 0  # CR 107.3c: X defined by the text
            elif cost.mana.x_count:
                hi = self._max_x(p, cost, oid, t.d["what"])
                acts = [Action("x", f"x {x}", value=x, payload=x) for x in _x_values(hi)]
                self._ask("x", p, f"choose X for {self.name_of(oid)}", acts)
                return False
        if stage == 1:
            if t.d["answer"] is not None:
                ctx.x = t.d["answer"]
                t.d["answer"] = None
            t.d["stage"] = stage = 2
        if stage == 2:  # CR 601.2c / 602.2b: targets
            if ctx.modes:
                specs = targets_of(ab, ctx)
            if not t.d.get("targets_done"):
                if not self._choose_targets(t, ctx, specs, p):
                    return False
                t.d["targets_done"] = True
            if not self._divide(t, ctx, ab, p):
                return False
            t.d["stage"] = stage = 3
            t.d["sac_i"] = 0
            t.d["sacrificed"] = []
        if stage == 3:  # choices in costs: which permanents to sacrifice (CR 601.2h)
            if t.d["answer"] is not None:
                t.d["sacrificed"].append(t.d["answer"])
                t.d["answer"] = None
            need = [flt for flt, n in cost.sacrifice for _ in range(n)]
            while len(t.d["sacrificed"]) < len(need):
                flt = need[len(t.d["sacrificed"])]
                cands = [o for o in self.battlefield if self.objects[o].controller == p
                         and o not in t.d["sacrificed"] and self._matches(flt, o, p)
                         and not (cost.sacrifice_self and o == oid)]
                if len(cands) == 1:
                    t.d["sacrificed"].append(cands[0])
                    continue
                acts = [Action("choose", f"sacrifice {self.name_of(o)}", target=self.name_of(o),
                               payload=o) for o in cands]
                self._ask("choose", p, f"choose {_article(flt)} to sacrifice", acts)
                return False
            t.d["stage"] = stage = 35
            t.d["tapped_others"] = []
        if stage == 35:  # "Tap an untapped creature you control": which ones (CR 601.2h)
            if t.d["answer"] is not None:
                t.d["tapped_others"].append(t.d["answer"])
                t.d["answer"] = None
            if cost.tap_other:
                flt, n = cost.tap_other
                while len(t.d["tapped_others"]) < n:
                    cands = self._tap_other_candidates(p, flt, oid, cost, t.d["tapped_others"])
                    if len(cands) == 1 and n == 1:
                        t.d["tapped_others"].append(cands[0])
                        continue
                    acts = [Action("choose", f"tap {self.name_of(o)}", target=self.name_of(o), payload=o)
                            for o in cands]
                    self._ask("choose", p, f"choose {_article(flt.replace('_you_control', ''))} to tap", acts)
                    return False
            t.d["stage"] = stage = 36
        if stage == 36 and cost.crew:  # Crew N: tap creatures with total power N or more
            crew = t.d.setdefault("crew", [])
            if t.d["answer"] is not None:
                crew.append(t.d["answer"])
                t.d["answer"] = None
            power = sum(max(self.chars(o).power or 0, 0) for o in crew)
            if power < cost.crew:
                acts = [Action("choose", f"tap {self.name_of(o)}", target=self.name_of(o), payload=o)
                        for o in self._crew_candidates(p, oid, crew)]
                self._ask("choose", p, f"crew {cost.crew}: tap creatures with total power {cost.crew} "
                          f"or more ({power} so far)", acts)
                return False
            t.d["tapped_others"] = t.d.get("tapped_others", []) + crew
        if stage == 36:
            t.d["stage"] = stage = 4
            t.d["discarded"] = []
        if stage == 4:  # discard choices
            if t.d["answer"] is not None:
                t.d["discarded"].append(t.d["answer"])
                t.d["answer"] = None
            hand = [o for o in self.players[p].hand if o != oid and o not in t.d["discarded"]]
            if len(t.d["discarded"]) < cost.discard:
                acts = [Action("choose", f"discard {self.name_of(o)}", target=self.name_of(o),
                               payload=o) for o in hand]
                self._ask("choose", p, "choose a card to discard", acts)
                return False
            t.d["stage"] = stage = 5
        if stage == 5:  # CR 601.2g-h: activate mana abilities, then pay the mana
            due = cost.mana.with_x(ctx.x)
            if self.mana_payment == "auto" and not t.d.get("auto_tapped") and \
                    self._auto_tap(t, due, p, oid, cost) is False:
                return False
            if not self._pay_mana_step(t, due, p, oid):
                return False
            t.d["stage"] = stage = 6
        # stage 6: pay the other costs, then the spell or ability becomes cast or activated
        self._finish_announce(t, cost, ctx)
        return True

    def x_by_rule(self, rule: str, ctx: Context) -> int | None:
        """X defined by the text (CR 107.3c); None when it can't be determined: "the mana value
        of the exiled card" with no exiled card (Prototype Portal ruling: it can't be activated)."""
        if rule == "linked_mana_value":
            linked = self.linked_cards(ctx)
            if not linked:
                return None
            return sum(self.objects[o].card.mana_cost.mana_value for o in linked)
        raise MtgError(f"unknown X rule {rule!r}")

    def _crew_candidates(self, p: int, oid: int, chosen: list[int]) -> list[int]:
        return [o for o in self.battlefield if self.objects[o].controller == p and o != oid
                and not self.objects[o].tapped and o not in chosen and self.is_creature(o)]

    def _tap_other_candidates(self, p: int, flt: str, oid: int, cost: Any, chosen: list[int]) -> list[int]:
        return [o for o in self.battlefield if self.objects[o].controller == p and not self.objects[o].tapped
                and o not in chosen and self._matches(flt, o, p) and not (cost.tap and o == oid)]

    def _choose_targets(self, t: Task, ctx: Context, specs: tuple[TargetSpec, ...], p: int) -> bool:
        ans = t.d["answer"]
        if ans is not None:
            t.d["answer"] = None
            if ans == "done":
                t.d["ti"] += 1
                t.d["chosen"] = []
            else:
                ctx.targets.append(ans)
                ctx.cost_info.setdefault("tspec", []).append(t.d["ti"])
                t.d["chosen"].append(ans)
        while t.d["ti"] < len(specs):
            spec = specs[t.d["ti"]]
            if len(t.d["chosen"]) >= spec.count:
                t.d["ti"] += 1
                t.d["chosen"] = []
                continue
            cands = [r for r in self.target_candidates(spec, ctx) if r not in t.d["chosen"]]
            acts = [self._target_action(r) for r in cands]
            if len(t.d["chosen"]) >= spec.least:
                acts.append(Action("done", "done choosing targets", payload="done"))
            self._ask("target", p, f"choose a target ({spec.label or spec.what.replace('_', ' ')}) "
                      f"for {ctx.source_name}", acts)
            return False
        return True

    def _divide(self, t: Task, ctx: Context, ab: Any, p: int) -> bool:
        """CR 601.2d: divide damage among the targets as they are chosen, at least 1 each."""
        total = getattr(ab, "divide", None)
        if not total or not ctx.targets:
            return True
        div = ctx.cost_info.setdefault("division", [])
        if t.d["answer"] is not None:
            div.append(t.d["answer"])
            t.d["answer"] = None
        n = len(ctx.targets)
        while len(div) < n:
            left = total - sum(div)
            if len(div) == n - 1:
                div.append(left)
                break
            hi = left - (n - len(div) - 1)
            tgt = self.ref_label(ctx.targets[len(div)])
            acts = [Action("choose", f"assign {k} to {tgt}", target=tgt, value=k, payload=k)
                    for k in range(1, hi + 1)]
            self._ask("choose", p, f"divide {total} among the targets ({left} left)", acts)
            return False
        return True

    def _target_action(self, ref: Ref) -> Action:
        label = self.ref_label(ref)
        return Action("target", f"target {label}", target=label, payload=ref)

    def ref_label(self, ref: Ref) -> str:
        kind, i = ref
        if kind == "player":
            return self.players[i].name
        if kind == "stack":
            for item in self.stack:
                if item.id == i:
                    if item.kind == "spell":
                        return item.ctx.source_name
                    return f"ability: {item.ctx.source_name}: {item.text}"
            return "?"
        return self.name_of(i)

    def _max_x(self, p: int, cost: Any, oid: int, what: str) -> int:
        """The largest X that can be paid (CR 107.3a); with automatic payment, counting the
        sources that would be tapped, and at most `x_cap`."""
        avail = available_for(self.players[p].pool, self.spend_tags(p, what, oid))
        if self.mana_payment == "auto":
            sources = self._auto_sources(p, oid, what, cost)
            return max(0, autopay.max_x_auto(avail, cost.mana, sources, self.x_cap))
        return max(0, max_x(avail, cost.mana, None))

    def _auto_sources(self, p: int, oid: int, what: str, cost: Any) -> list[Any]:
        excl = oid if what == "ability" and (cost.tap or cost.untap or cost.sacrifice_self) else None
        return autopay.simple_sources(self, p, exclude=excl)

    def _auto_tap(self, t: Task, due: ManaCost, p: int, oid: int, cost: Any) -> bool | None:
        """With automatic payment and too little mana in the pool: tap the fewest simple
        sources that pay `due`, asking the player where smallest plans differ. Returns None when
        nothing needed tapping, False while waiting (a decision, or the mana abilities to
        resolve first)."""
        t.d["auto_tapped"] = True
        avail = available_for(self.players[p].pool, self.spend_tags(p, t.d["what"], oid))
        if can_pay(avail, due):
            return None
        plans = autopay.minimal_plans(avail, due, self._auto_sources(p, oid, t.d["what"], cost))
        if not plans:
            return None  # cannot happen when the action was legal; the pool step will say so
        ans = t.d["answer"]
        if isinstance(ans, tuple) and ans[0] == "plan":
            t.d["answer"] = None
            plan = plans[ans[1]]
        elif len(plans) == 1:
            plan = plans[0]
        else:
            t.d["auto_tapped"] = False
            acts = []
            for i, pl in enumerate(plans):
                names = ", ".join(self.name_of(src.oid) for src, _t in pl)
                acts.append(Action("choose", f"tap {names}", payload=("plan", i)))
            self._ask("choose", p, f"choose which mana sources to tap for {due}", acts)
            return False
        self._tap_plan(p, plan)
        return False

    def _tap_plan(self, p: int, plan: list[Any]) -> None:
        """Activate each planned source's mana ability (CR 601.2g, 605.3a), its color chosen to
        fit the cost; pushed in reverse so that they resolve in battlefield order."""
        for src, typ in reversed(plan):
            ab, origin = self._ability_of(src.oid, src.key)
            ctx = Context(p, src.oid, self.name_of(src.oid))
            ctx.cost_info["tapped_for_mana"] = True
            if typ:
                ctx.answers[0] = typ
            self._w(src.oid).tapped = True
            self.activations[(src.oid, src.key)] = self.activations.get((src.oid, src.key), 0) + 1
            text = self.ability_text(ab, src.oid, origin)
            self.tasks.append(Task("resolve", item=StackItem(0, "ability", src.oid, ab, src.key, ctx, text),
                                   stage=0, pc=0, answer=None))
        for src, _typ in plan:
            self.log_event(f"{self.players[p].name} taps {self.name_of(src.oid)} for mana (automatic payment)")
            self._fire_becomes_tapped(src.oid)
            self.fire("activate", p, ability=0, is_mana_ability=True)

    def _pay_mana_step(self, t: Task, due: ManaCost, p: int, oid: int) -> bool:
        """Pay `due` from the pool (CR 601.2h). The player chooses which mana pays a hybrid or
        generic part where that leaves a different pool; otherwise it is paid for them.
        Restricted mana that may be spent here is spent first: it is never worth more than
        unrestricted mana of the same type."""
        pool = self.players[p].pool
        tags = self.spend_tags(p, t.d["what"], oid)
        if "due" not in t.d:
            t.d["due"] = [list(due.typed), list(due.hybrid), due.generic]
        typed, hybrid, generic = t.d["due"]
        ans = t.d["answer"]
        t.d["answer"] = None
        # colored and {C} requirements: forced
        for i, n in enumerate(typed):
            if n:
                self._spend(pool, tags, TYPES[i], n)
                typed[i] = 0
        while hybrid:
            a, b = hybrid[0]
            opts = []
            for half in (a, b):
                rest_avail = available_for(pool, tags)
                trial_generic = t.d["due"][2]
                if half in TYPE_INDEX:
                    if rest_avail[TYPE_INDEX[half]] <= 0:
                        continue
                    rest_avail[TYPE_INDEX[half]] -= 1
                else:
                    trial_generic += int(half)
                if can_pay(rest_avail, ManaCost(trial_generic, (0,) * 6, tuple(hybrid[1:]))):
                    opts.append(half)
            if ans is not None and ans in opts:
                choice = ans
                ans = None
            elif len(opts) == 1:
                choice = opts[0]
            else:
                acts = [Action("choose", f"pay {{{a}/{b}}} with {{{h}}}" if h in TYPE_INDEX
                               else f"pay {{{a}/{b}}} with {{{h}}} generic", value=h, payload=h)
                        for h in opts]
                self._ask("choose", p, f"choose how to pay {{{a}/{b}}}", acts)
                return False
            hybrid.pop(0)
            if choice in TYPE_INDEX:
                self._spend(pool, tags, choice, 1)
            else:
                t.d["due"][2] += int(choice)
        generic = t.d["due"][2]
        while generic > 0:
            buckets = self._buckets(pool, tags)
            total = sum(n for _b, n in buckets)
            if ans is not None:
                bucket = ans
                ans = None
                self._spend_bucket(pool, bucket, 1)
                generic -= 1
                continue
            if len(buckets) == 1 or total <= generic:
                for b, n in buckets:
                    take = min(n, generic)
                    self._spend_bucket(pool, b, take)
                    generic -= take
                break
            t.d["due"][2] = generic
            acts = [Action("choose", f"pay {{1}} with {self._bucket_label(pool, b)}", payload=b)
                    for b, _n in buckets]
            self._ask("choose", p, f"choose mana to pay {{1}} ({generic} generic left)", acts)
            return False
        t.d["due"][2] = 0
        return True

    @staticmethod
    def _buckets(pool: Any, tags: frozenset[str]) -> list[tuple[tuple[str, int], int]]:
        out: list[tuple[tuple[str, int], int]] = []
        for i, r in enumerate(pool.restricted):
            if r.restriction in tags and r.amount > 0:
                out.append((("r", i), r.amount))
        for i in (5, 0, 1, 2, 3, 4):
            if pool.counts[i] > 0:
                out.append((("u", i), pool.counts[i]))
        return out

    @staticmethod
    def _bucket_label(pool: Any, b: tuple[str, int]) -> str:
        if b[0] == "u":
            return "{" + TYPES[b[1]] + "}"
        r = pool.restricted[b[1]]
        return "{" + r.type + "} (" + r.restriction + " only)"

    @staticmethod
    def _spend_bucket(pool: Any, b: tuple[str, int], n: int) -> None:
        if b[0] == "u":
            pool.counts[b[1]] -= n
        else:
            r = pool.restricted[b[1]]
            r.amount -= n
            if r.amount == 0:
                del pool.restricted[b[1]]

    @staticmethod
    def _spend(pool: Any, tags: frozenset[str], mana_type: str, n: int) -> None:
        for r in list(pool.restricted):
            if n and r.type == mana_type and r.restriction in tags:
                take = min(n, r.amount)
                r.amount -= take
                n -= take
                if r.amount == 0:
                    pool.restricted.remove(r)
        i = TYPE_INDEX[mana_type]
        if pool.counts[i] < n:
            raise MtgError(f"mana pool cannot pay {n} {mana_type}")  # legality check failed
        pool.counts[i] -= n

    def _finish_announce(self, t: Task, cost: Any, ctx: Context) -> None:
        p = t.d["player"]
        oid = t.d["obj"]
        pname = self.players[p].name
        # the text as the source has it, before a cost may move the source (CR 113.7a)
        text_before = self.ability_text(t.d["ability"], oid, t.d["origin"]) if t.d["what"] == "ability" else ""
        # Non-mana costs (CR 601.2h, 602.2b), paid in any order: tap/untap, counters, life,
        # sacrifices, discards.
        if cost.tap:
            self._w(oid).tapped = True
        if cost.untap:
            self._w(oid).tapped = False
        for o in t.d.get("tapped_others", []):
            self._w(o).tapped = True
            self._fire_becomes_tapped(o)
        if cost.remove_counters:
            kind, n = cost.remove_counters
            ctx.cost_info["removed"] = self.remove_counters(oid, kind, n if isinstance(n, int) else ctx.x)
        if cost.put_counters:
            kind, n = cost.put_counters
            self.add_counters(oid, kind, n)
        if cost.pay_life:
            self.players[p].life -= cost.pay_life
            self._sba_dirty = True
        src_chars = self.chars(oid) if oid in self.objects else None
        if src_chars is not None:
            ctx.source_lki = {"keywords": sorted(src_chars.keywords), "power": src_chars.power,
                              "colors": sorted(src_chars.colors), "types": sorted(src_chars.types)}
        sacrificed = list(t.d.get("sacrificed", []))
        if cost.sacrifice_self:
            sacrificed.insert(0, oid)
        if sacrificed:
            ctx.cost_info["sacrificed"] = [self.name_of(o) for o in sacrificed]
            for o in sacrificed:
                self.sacrifice(o)
        for o in t.d.get("discarded", []):
            self.log_event(f"{pname} discards {self.name_of(o)}")
            self.move_to_zone(o, GRAVEYARD)
        if cost.exile_self:
            self.move_to_zone(oid, EXILE)
        if cost.tap:
            self._fire_becomes_tapped(oid) if oid in self.objects else None

        if t.d["what"] == "spell":
            card = self.objects[oid].card
            src = self.objects[oid]
            if src.zone == COMMAND and src.info and "commander" in src.info:
                key = src.info["commander"]
                self.commander_casts[key] = self.commander_casts.get(key, 0) + 1
            sid = self.move_to_zone(oid, STACK, controller=p)
            assert sid is not None
            ctx.source_id = sid
            obj = self._w(sid)
            obj.x = ctx.x
            # a copy of a card cast from exile (Isochron Scepter) is a copy on the stack too
            item = StackItem(self._new_stack_id(), "spell", sid, card.spell_ability, "", ctx, card.oracle,
                             copy=obj.token)
            self.stack.append(item)
            self.stats.spells_cast[p] += 1
            self.stats.casts.append((self.turn, p, card.name))
            self.spells_cast_this_turn += 1
            self.log_event(f"{pname} casts {card.name}{self._targets_text(ctx)}")
            self._fire_becomes_target(ctx)
            self.fire("cast", p, spell=item.id, item=item.clone())
            return
        ab = t.d["ability"]
        self.activations[(oid, t.d["key"])] = self.activations.get((oid, t.d["key"]), 0) + 1
        self.stats.abilities_activated[p] += 1
        text = text_before
        if ab.is_mana_ability:
            # CR 605.3a: a mana ability resolves at once, without using the stack.
            if cost.tap:
                ctx.cost_info["tapped_for_mana"] = True
            item = StackItem(0, "ability", oid, ab, t.d["key"], ctx, text)
            self.log_event(f"{pname} activates {ctx.source_name}: {text}")
            self.fire("activate", p, ability=0, is_mana_ability=True)
            self.tasks.append(Task("resolve", item=item, stage=0, pc=0, answer=None))
            return
        item = StackItem(self._new_stack_id(), "ability", oid, ab, t.d["key"], ctx, text)
        self.stack.append(item)
        self.log_event(f"{pname} activates {ctx.source_name}: {text}{self._targets_text(ctx)}")
        self._fire_becomes_target(ctx)
        self.fire("activate", p, ability=item.id, is_mana_ability=False, item=item.clone(), source=oid)

    def _fire_becomes_target(self, ctx: Context) -> None:
        """"Whenever <this> becomes the target of a spell or ability" (Phantasmal Image)."""
        for ref in ctx.targets:
            if ref[0] == "obj" and ref[1] in self.objects and self.objects[ref[1]].zone == BATTLEFIELD:
                for key, ab, origin in self.chars(ref[1]).abilities:
                    if isinstance(ab, Triggered) and ab.event == "becomes_target_self":
                        self._queue_trigger(ab, ref[1], key, origin, {})

    def _new_stack_id(self) -> int:
        sid = self.next_id
        self.next_id += 1
        return sid

    def _targets_text(self, ctx: Context) -> str:
        if not ctx.targets:
            return ""
        return " targeting " + ", ".join(self.ref_label(r) for r in ctx.targets)

    def ability_text(self, ab: Ability, oid: int | None, origin: str | None) -> str:
        """An ability's text as its source has it: a gained ability names its new source where
        the original named itself, and says where it came from (interface.md §2)."""
        if origin is None or oid is None:
            return ab.text
        name = self.name_of(oid) if oid in self.objects else origin
        return ab.text.replace(origin, name) + f" (from {origin})"

    # ---------------------------------------------------------------------------------------
    # resolving (CR 608)

    def _item_specs(self, item: StackItem) -> tuple[TargetSpec, ...]:
        if item.kind == "spell":
            if item.obj_id is not None and item.obj_id in self.objects:
                card = self.objects[item.obj_id].card
                if card.spell_ability is not None:
                    return targets_of(card.spell_ability, item.ctx)
                return self.spell_targets(card)
            return ()
        return targets_of(item.ability, item.ctx)

    def _spec_for(self, specs: tuple[TargetSpec, ...], ctx: Context, i: int) -> TargetSpec:
        idx = ctx.cost_info.get("tspec")
        if idx is not None and i < len(idx):
            return specs[idx[i]]
        flat = [s for s in specs for _ in range(s.count)]
        return flat[min(i, len(flat) - 1)]

    def _task_resolve(self, t: Task) -> bool:
        item: StackItem = t.d["item"]
        ctx = item.ctx
        stage = t.d["stage"]
        if stage == 0:
            t.d["stage"] = stage = 1
            if ctx.targets:
                specs = self._item_specs(item)
                legal = [bool(specs) and self.is_legal_target(self._spec_for(specs, ctx, i), r, ctx)
                         for i, r in enumerate(ctx.targets)]
                ctx.answers[-1] = legal
                if not any(legal):
                    # CR 608.2b: all its targets are illegal: it doesn't resolve.
                    self.log_event(f"{ctx.source_name}{'' if item.kind == 'spell' else ' ability'} "
                                   f"doesn't resolve: its targets are illegal")
                    self._spell_done(item, countered=True)
                    return True
        if stage == 1:
            ab = item.ability
            if isinstance(ab, Triggered) and ab.optional:
                ans = t.d["answer"]
                if ans is None:
                    self._ask("yes_no", ctx.controller, f"{ctx.source_name}: {item.text} — do it?",
                              [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
                    return False
                t.d["answer"] = None
                if not ans:
                    self.log_event(f"{self.players[ctx.controller].name} chooses not to ({ctx.source_name})")
                    self._off_stack(item)
                    return True
            t.d["stage"] = stage = 2
        if stage == 2:
            effects = effects_of(item.ability, ctx)
            ans = t.d["answer"]
            if ans is not None:
                t.d["answer"] = None
                if isinstance(ans, tuple) and ans and ans[0] == "cast_free":
                    # cast during resolution without paying its mana cost (Izzet Chemister)
                    self.tasks.append(Task("announce", what="spell", player=ctx.controller, obj=ans[1],
                                           key=None, stage=0, ctx=None, answer=None, ti=0, chosen=[], free=True))
                    return False
                if isinstance(ans, tuple) and ans and ans[0] == "mana":
                    # a mana ability activated while deciding whether to pay (CR 605.3a)
                    self.tasks.append(Task("announce", what="ability", player=ctx.controller, obj=ans[1],
                                           key=ans[2], stage=0, ctx=None, answer=None, ti=0, chosen=[]))
                    return False
                ctx.answers[t.d.pop("ask_key", t.d["pc"])] = ans
            while t.d["pc"] < len(effects):
                ask = effects[t.d["pc"]].resolve(self, ctx, t.d["pc"])
                if ask is not None:
                    if ask.kind == "autocast":  # cast a copy at once (Isochron Scepter)
                        t.d["pc"] += 1
                        self.tasks.append(Task("announce", what="spell", player=ask.player, obj=ask.options[0][1],
                                               key=None, stage=0, ctx=None, answer=None, ti=0, chosen=[],
                                               free=True))
                        return False
                    if ask.kind == "autotap":
                        assert ask.pay is not None
                        self._push_autotap(ask.player, ask.pay)
                        return False
                    if ask.key is not None:
                        t.d["ask_key"] = ask.key
                    self._ask_from(ask)
                    return False
                t.d["pc"] += 1
            t.d["stage"] = 3
        if item.kind == "spell" and not item.copy and item.obj_id in self.objects:
            choose = next((a for a in self.objects[item.obj_id].card.abilities if isinstance(a, AsEntersChoose)), None)
            if choose is not None and -3 not in ctx.answers:
                if t.d["answer"] is None:
                    if choose.choose == "color":
                        acts = [Action("color", f"color {c}", value=c, payload=c) for c in COLORS]
                        self._ask("color", ctx.controller, f"{ctx.source_name}: choose a color as it enters", acts)
                    else:  # "You may have <this> enter as a copy of any creature" (CR 707.2)
                        acts = [Action("choose", f"copy {self.name_of(o)}", target=self.name_of(o), payload=o)
                                for o in self.battlefield if self.is_creature(o)]
                        acts.append(Action("choose", "copy nothing", payload="nothing"))
                        self._ask("choose", ctx.controller, f"{ctx.source_name}: enter as a copy of a creature?",
                                  acts)
                    return False
                ans = t.d["answer"]
                t.d["answer"] = None
                if choose.choose == "color":
                    ctx.answers[-3] = {"chosen_color": ans}
                elif ans != "nothing" and ans in self.objects:
                    copied = self.card_of(self.objects[ans]).name
                    ctx.answers[-3] = {"copy_of": copied}
                    if choose.copy_extra:
                        ctx.answers[-3]["copy_extra"] = choose.copy_extra
                else:
                    ctx.answers[-3] = {}
        self._spell_done(item, countered=False)
        return True

    def _ask_from(self, ask: Ask) -> None:
        acts = []
        payable = True
        if ask.pay is not None:
            avail = self.players[ask.player].pool.counts
            payable = can_pay(avail, ask.pay) or (
                self.mana_payment == "auto" and autopay.can_pay_with_sources(
                    avail, ask.pay, autopay.simple_sources(self, ask.player)))
        for opt, lab in zip(ask.options, ask.labels, strict=True):
            if ask.kind == "yes_no":
                if opt and not payable:
                    continue
                acts.append(Action("yes" if opt else "no", lab, payload=opt))
            else:
                # value only for what interface.md §2 says (x, mode, color); target: what is chosen
                tgt = None
                if ask.kind == "target":
                    tgt = self.ref_label(opt) if isinstance(opt, tuple) else lab.split("target ", 1)[-1]
                acts.append(Action(ask.kind, lab, value=opt if ask.kind in ("x", "mode", "color") else None,
                                   target=tgt, payload=opt))
        if ask.pay is not None:
            acts += self._mana_ability_actions(ask.player)
        self._ask("yes_no" if ask.kind == "yes_no" else ask.kind, ask.player, ask.prompt, acts)

    def _mana_ability_actions(self, p: int) -> list[Action]:
        """The mana abilities `p` may activate while paying a cost (CR 605.3a)."""
        out = []
        chars = self._all_chars()
        for oid in self.battlefield:
            obj = self.objects[oid]
            if obj.controller != p:
                continue
            c = chars[oid]
            for key, ab, origin in c.abilities:
                if isinstance(ab, Activated) and ab.is_mana_ability and \
                        self._can_activate(oid, obj, c, key, ab, p, False):
                    text = self.ability_text(ab, oid, origin)
                    out.append(Action("activate", f"activate {c.name}: {text}", source=c.name,
                                      ability=ab.text, payload=("mana", oid, key)))
        return out

    def _push_autotap(self, p: int, cost: ManaCost) -> None:
        """Tap the fewest simple sources that pay `cost` (automatic payment, during resolution:
        the first of the smallest plans)."""
        avail = self.players[p].pool.counts
        plans = autopay.minimal_plans(avail, cost, autopay.simple_sources(self, p))
        if not plans:
            raise MtgError(f"cannot pay {cost}: no mana sources can")
        self._tap_plan(p, plans[0])

    def _off_stack(self, item: StackItem) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].id == item.id:
                del self.stack[i]
                return

    def _spell_done(self, item: StackItem, countered: bool) -> None:
        if item.id:
            self._off_stack(item)
        if item.kind != "spell" or item.obj_id is None or item.obj_id not in self.objects:
            if item.kind == "ability" and not countered and item.id:
                self.log_event(f"{item.ctx.source_name} ability resolves")
            return
        obj = self.objects[item.obj_id]
        if item.copy and (countered or not obj.card.is_permanent):
            del self.objects[item.obj_id]  # a copy of a spell is not a card (CR 707.10a)
            self._owned.discard(item.obj_id)
            return
        if obj.card.is_permanent and not countered:
            attach = None
            if "Aura" in obj.card.subtypes and item.ctx.targets:
                attach = item.ctx.targets[0][1]
            self.log_event(f"{obj.card.name} resolves")
            self.move_to_zone(item.obj_id, BATTLEFIELD, controller=item.ctx.controller,
                              x=item.ctx.x, attach_to=attach, info=item.ctx.answers.get(-3) or None)
        else:
            if not countered:
                self.log_event(f"{obj.card.name} resolves")
            self.move_to_zone(item.obj_id, GRAVEYARD)

    # ---------------------------------------------------------------------------------------
    # putting triggered abilities on the stack (CR 603.3)

    def _push_resolve_trigger_now(self, pt: PendingTrigger) -> None:
        ctx = Context(pt.controller, pt.source_id, pt.source_name)
        ctx.event = dict(pt.event)
        ctx.cost_info["link"] = self.link_group(pt.key)
        item = StackItem(0, "ability", pt.source_id, pt.ability, pt.key, ctx,
                         self.ability_text(pt.ability, pt.source_id, pt.origin))
        self.tasks.append(Task("resolve", item=item, stage=0, pc=0, answer=None))

    def _task_place_triggers(self, t: Task) -> bool:
        while True:
            cur: StackItem | None = t.d.get("cur")
            if cur is not None:
                specs = getattr(cur.ability, "targets", ())
                if not t.d.get("targets_done"):
                    if not self._choose_targets(t, cur.ctx, specs, cur.ctx.controller):
                        return False
                    t.d["targets_done"] = True
                if not self._divide(t, cur.ctx, cur.ability, cur.ctx.controller):
                    return False
                self._put_trigger(cur)
                t.d["cur"] = None
                t.d["targets_done"] = False
                continue
            if not self.pending_triggers:
                return True
            player = next((p for p in self.apnap() if any(pt.controller == p for pt in self.pending_triggers)),
                          None)
            if player is None:
                # triggers of players who left the game cease to exist (CR 800.4a)
                self.pending_triggers.clear()
                return True
            mine = [i for i, pt in enumerate(self.pending_triggers) if pt.controller == player]
            ans = t.d["answer"]
            if len(mine) > 1 and ans is None:
                acts = []
                for i in mine:
                    pt = self.pending_triggers[i]
                    text = self.ability_text(pt.ability, pt.source_id, pt.origin)
                    acts.append(Action("order", f"order {pt.source_name}: {text}", source=pt.source_name,
                                       ability=pt.ability.text, payload=i))
                self._ask("order", player, "choose the triggered ability to put on the stack next "
                          "(those put later resolve first)", _dedupe_ids(acts, [self.pending_triggers[i].source_id for i in mine]))
                return False
            t.d["answer"] = None
            idx = ans if ans is not None else mine[0]
            pt = self.pending_triggers.pop(idx)
            ctx = Context(pt.controller, pt.source_id, pt.source_name)
            ctx.event = dict(pt.event)
            ctx.cost_info["link"] = self.link_group(pt.key)
            # CR 107.3m: an enters trigger that refers to X uses the X of the spell it was
            ctx.x = int(pt.event.get("x", 0))
            item = StackItem(self._new_stack_id(), "ability", pt.source_id, pt.ability, pt.key, ctx,
                             self.ability_text(pt.ability, pt.source_id, pt.origin))
            if pt.ability.targets:
                # CR 603.3d: targets are chosen now; with no legal target it is removed.
                if not self._has_targets(pt.ability.targets, ctx):
                    self.log_event(f"{pt.source_name}: {item.text} is removed from the stack (no legal targets)")
                    continue
                t.d["cur"] = item
                t.d["ti"] = 0
                t.d["chosen"] = []
                continue
            self._put_trigger(item)

    def _put_trigger(self, item: StackItem) -> None:
        self.stack.append(item)
        self.log_event(f"{item.ctx.source_name} triggers: {item.text}{self._targets_text(item.ctx)}")
        self._fire_becomes_target(item.ctx)

    # ---------------------------------------------------------------------------------------
    # targets (CR 115)

    def _matches(self, flt: str, oid: int, you: int) -> bool:
        """Does permanent `oid` match a filter such as "creature", "artifact_or_enchantment",
        "creature_you_control" or "colorless_nonland_permanent"?"""
        c = self.chars(oid)
        obj = self.objects[oid]
        return any(self._matches_part(part.split("_"), c, obj, you) for part in flt.split("_or_"))

    @staticmethod
    def _matches_part(words: list[str], c: Chars, obj: GameObject, you: int) -> bool:
        for w in words:
            if w in ("control", "controls", "permanent"):
                continue
            if w == "you":
                if obj.controller != you:
                    return False
            elif w == "opponent":
                if obj.controller == you:
                    return False
            elif w == "colorless":
                if c.colors:
                    return False
            elif w in COLOR_WORDS:
                if COLOR_WORDS[w] not in c.colors:
                    return False
            elif w.startswith("non"):
                t = w[3:]
                if t == "token":
                    if obj.token:
                        return False
                elif t.capitalize() in c.types or t.capitalize() in c.subtypes or t.capitalize() in c.supertypes:
                    return False
            elif w.capitalize() not in c.types and w.capitalize() not in c.subtypes and \
                    w.capitalize() not in c.supertypes:
                return False
        return True

    def target_candidates(self, spec: TargetSpec, ctx: Context) -> list[Ref]:
        what = spec.what
        you = ctx.controller
        out: list[Ref] = []
        objs = what == "any" or not (what in ("player", "opponent", "spell", "creature_spell")
                                     or what.startswith(("card:", "ability", "triggered_ability",
                                                         "activated_or_triggered_ability"))
                                     or what.endswith("spell_you_control") or what == "instant_or_sorcery_spell")
        if objs:
            flt = "creature_or_planeswalker" if what == "any" else what
            for oid in self.battlefield:
                if oid == ctx.source_id and what.startswith("creature") and False:
                    continue
                if self._matches(flt, oid, you) and self._targetable_by(oid, you) and \
                        not self.protected_from(oid, ctx.source_id):
                    out.append(("obj", oid))
        if what in ("any", "player"):
            out += [("player", p.index) for p in self.players if not p.lost]
        elif what == "opponent":
            out += [("player", q) for q in self.opponents(you)]
        if what in ("spell", "creature_spell"):
            for item in self.stack:
                if item.kind == "spell" and item.ctx.source_id != ctx.source_id:
                    if what == "creature_spell" and "Creature" not in self.chars(item.obj_id).types:  # type: ignore[arg-type]
                        continue
                    out.append(("stack", item.id))
        if what.startswith("card:"):
            # a card in a zone: "card:<zone>:<you|opponent|any>:<types joined by _or_>"
            _c, zone, whose, types = what.split(":")
            for pl in self.players:
                if (whose == "you" and pl.index != you) or (whose == "opponent" and pl.index == you):
                    continue
                for oid in self._zone_list(pl.index, zone):
                    ctypes = self.objects[oid].card.types
                    if types == "any" or any(t.capitalize() in ctypes for t in types.split("_or_")):
                        out.append(("obj", oid))
            return out
        if what.startswith(("ability", "triggered_ability", "activated_or_triggered_ability")):
            # abilities on the stack (CR 115.1): "..._you_control", "..._colorless" (its source)
            for item in self.stack:
                if item.kind != "ability":
                    continue
                if what.startswith("triggered") and not isinstance(item.ability, Triggered):
                    continue
                if "you_control" in what and item.controller != you:
                    continue
                if "colorless" in what and self._source_colors(item):
                    continue
                out.append(("stack", item.id))
        if what.endswith("spell_you_control") or what in ("instant_or_sorcery_spell",):
            for item in self.stack:
                if item.kind != "spell" or item.obj_id not in self.objects or item.id == ctx.cost_info.get("self_stack"):
                    continue
                if "you_control" in what and item.controller != you:
                    continue
                stypes = self.chars(item.obj_id).types
                if what.startswith("instant_or_sorcery") and not {"Instant", "Sorcery"} & stypes:
                    continue
                if what.startswith("permanent") and not stypes & {"Artifact", "Creature", "Enchantment",
                                                                  "Land", "Planeswalker", "Battle"}:
                    continue
                out.append(("stack", item.id))
        return out

    def copy_onto_stack(self, ctx: Context, step: int, which: str, new_targets: bool) -> Ask | None:
        """CR 707.10: put a copy of a spell or ability on the stack (see vocab.CopyStackItem).
        Asks first (whether to choose new targets, then each target), then creates the copy."""
        if which == "event":
            orig: StackItem | None = ctx.event.get("item")
        else:
            refs = self.refs_for(TARGET, ctx)
            orig = next((s for s in self.stack if refs and refs[0] == ("stack", s.id)), None)
        if orig is None:
            return None
        base = step * 100
        copier = ctx.controller
        specs = self._item_specs(orig)
        n = len(orig.ctx.targets)
        permanent_spell = orig.kind == "spell" and orig.obj_id in self.objects and \
            self.objects[orig.obj_id].card.is_permanent
        if n and new_targets and not permanent_spell:
            change = ctx.answers.get(base)
            if change is None:
                return Ask("yes_no", copier, (True, False), ("yes", "no"),
                           f"choose new targets for the copy of {orig.ctx.source_name}?", key=base)
            if change:
                probe = orig.ctx.clone()
                probe.controller = copier
                for i in range(n):
                    if base + 1 + i in ctx.answers:
                        continue
                    current = orig.ctx.targets[i]
                    chosen = [ctx.answers[base + 1 + j] if ctx.answers[base + 1 + j] != "keep"
                              else orig.ctx.targets[j] for j in range(i)]
                    spec = self._spec_for(specs, orig.ctx, i) if specs else None
                    cands = [r for r in (self.target_candidates(spec, probe) if spec else [])
                             if r != current and r not in chosen and r not in orig.ctx.targets[i + 1:]]
                    if not cands:
                        ctx.answers[base + 1 + i] = "keep"  # no new legal target: it stays
                        continue
                    opts = ("keep", *cands)
                    labels = (f"keep target {self.ref_label(current)}",
                              *(f"target {self.ref_label(r)}" for r in cands))
                    return Ask("target", copier, opts, labels,
                               f"new target {i + 1} of {n} for the copy of {orig.ctx.source_name}",
                               key=base + 1 + i)
        cctx = orig.ctx.clone()
        cctx.controller = copier
        cctx.answers = {}
        cctx.copy = True
        if n and ctx.answers.get(base):
            cctx.targets = [orig.ctx.targets[i] if ctx.answers.get(base + 1 + i, "keep") == "keep"
                            else ctx.answers[base + 1 + i] for i in range(n)]
        sid = self._new_stack_id()
        if orig.kind == "spell":
            if orig.obj_id not in self.objects:
                return None
            card = self.objects[orig.obj_id].card
            oid = self.next_id
            self.next_id += 1
            self.ts += 1
            obj = GameObject(oid, card, copier, STACK, self.ts)
            obj.token = True  # a copied permanent spell becomes a token (CR 707.10f, 111.1)
            obj.x = cctx.x
            self.objects[oid] = obj
            self._owned.add(oid)
            cctx.source_id = oid
            copy = StackItem(sid, "spell", oid, orig.ability, orig.ability_key, cctx, orig.text, copy=True)
        else:
            copy = StackItem(sid, "ability", orig.obj_id, orig.ability, orig.ability_key, cctx, orig.text,
                             copy=True)
        self.stack.append(copy)
        self.log_event(f"{self.players[copier].name} copies {orig.ctx.source_name}: {orig.text}"
                       f"{self._targets_text(cctx)}")
        return None

    def _source_colors(self, item: StackItem) -> frozenset[str]:
        """The colors of an ability's source (CR 113.7a: last known information if it left)."""
        src = item.ctx.source_id
        if src is not None and src in self.objects:
            return self.chars(src).colors
        lki = item.ctx.source_lki
        return frozenset(lki.get("colors", ())) if lki else frozenset()

    def protected_from(self, oid: int, source: int | None) -> bool:
        """Protection (CR 702.16): only "protection from multicolored" is supported so far."""
        kws = self.chars(oid).keywords
        if "protection from multicolored" not in kws or source is None or source not in self.objects:
            return False
        return len(self.chars(source).colors) >= 2

    def _targetable_by(self, oid: int, player: int) -> bool:
        """Hexproof (CR 702.11) and shroud (CR 702.18)."""
        kws = self.chars(oid).keywords
        if "shroud" in kws:
            return False
        return not ("hexproof" in kws and self.objects[oid].controller != player)

    def is_legal_target(self, spec: TargetSpec, ref: Ref, ctx: Context) -> bool:
        if ref[0] == "obj" and ref[1] not in self.objects:
            return False
        return ref in self.target_candidates(spec, ctx)

    def _has_targets(self, specs: tuple[TargetSpec, ...], ctx: Context) -> bool:
        return all(not (spec.least and len(self.target_candidates(spec, ctx)) < spec.least) for spec in specs)

    # ---------------------------------------------------------------------------------------
    # state-based actions (CR 704)

    def _state_based_actions(self) -> bool:
        """Perform all applicable state-based actions at once (CR 704.3); True if any did.
        Skipped when nothing they look at changed since the last check (a cache, not a rule)."""
        if not self._sba_dirty and not self.token_ghosts and not self.commander_moved:
            return False
        self._sba_dirty = False
        did = False
        for p in self.players:
            if not p.lost and (p.life <= 0 or p.drew_from_empty):
                p.lost = True
                did = True
                why = "0 or less life" if p.life <= 0 else "drawing from an empty library"
                self.log_event(f"{p.name} loses the game ({why})")  # CR 704.5a, 704.5b
        if self.format_rules is not None and self.format_rules.check_losses(self):
            did = True
        if did:
            self._check_game_end()
            if self.game_over:
                return True
            for p in self.players:
                if p.lost and not p.left:
                    self._leave_game(p.index)
        if self.commander_moved:
            oid = self.commander_moved.pop(0)
            obj = self.objects.get(oid)
            if obj is not None and obj.zone in (GRAVEYARD, EXILE, HAND, LIBRARY):
                self.tasks.append(Task("commander_zone", obj=oid, answer=None))
            return True
        if self.token_ghosts:
            for oid in self.token_ghosts:  # CR 704.5d
                obj = self.objects.get(oid)
                if obj is not None and obj.zone != BATTLEFIELD:
                    if obj.zone != STACK:
                        self._zone_list(obj.owner, obj.zone).remove(oid)
                    del self.objects[oid]
                    self._owned.discard(oid)
            self.token_ghosts = []
            did = True
        chars = self._all_chars()
        to_grave: list[int] = []
        to_destroy: list[int] = []
        unattach: list[int] = []
        for oid in self.battlefield:
            c = chars[oid]
            obj = self.objects[oid]
            if "Creature" in c.types and c.toughness is not None:
                if c.toughness <= 0:
                    to_grave.append(oid)  # CR 704.5f
                    continue
                if (obj.damage >= c.toughness or (obj.deathtouched and obj.damage > 0)) and \
                        "indestructible" not in c.keywords:
                    to_destroy.append(oid)  # CR 704.5g, 704.5h
                    continue
            plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
            if plus and minus:  # CR 704.5q
                n = min(plus, minus)
                self.remove_counters(oid, "+1/+1", n)
                self.remove_counters(oid, "-1/-1", n)
                did = True
            if obj.attached_to is not None:
                host = obj.attached_to
                legal_host = host in self.objects and self.objects[host].zone == BATTLEFIELD
                if "Aura" in c.subtypes:
                    spec = self.spell_targets(obj.card)
                    if not legal_host or (spec and not self._matches(spec[0].what, host, obj.controller)):
                        to_grave.append(oid)  # CR 704.5m
                elif "Equipment" in c.subtypes and (not legal_host or not self.is_creature(host)):
                    unattach.append(oid)  # CR 704.5n
        for oid in unattach:
            self._w(oid).attached_to = None
            did = True
        for oid in to_grave:
            self.move_to_zone(oid, GRAVEYARD)
            did = True
        for oid in to_destroy:
            if oid in self.objects:
                self.log_event(f"{self.name_of(oid)} is destroyed (lethal damage)")
                self.move_to_zone(oid, GRAVEYARD)
                did = True
        if to_grave or to_destroy or unattach:
            self._invalidate()
        if self._legend_rule():
            return True
        return did

    def _leave_game(self, player: int) -> None:
        """CR 800.4a: objects the player owns leave the game; then objects still controlled by
        that player are exiled; their spells and abilities on the stack cease to exist. If it
        was their turn, the turn ends (simplification: no turn continues without an active
        player)."""
        p = self.players[player]
        p.left = True
        self.stack = [s for s in self.stack if s.controller != player and
                      not (s.obj_id in self.objects and self.objects[s.obj_id].owner == player)]
        self.pending_triggers = [t for t in self.pending_triggers if t.controller != player]
        for oid in list(self.battlefield):
            obj = self.objects[oid]
            if obj.owner == player:
                self.battlefield.remove(oid)
                del self.objects[oid]
                self._owned.discard(oid)
            elif obj.controller == player:
                self.move_to_zone(oid, EXILE)
        for oid in [o for o, obj in self.objects.items() if obj.owner == player]:
            del self.objects[oid]
            self._owned.discard(oid)
        p.library, p.hand, p.graveyard, p.exile, p.command = [], [], [], [], []
        p.pool.empty()
        self.log_event(f"{p.name} leaves the game")
        self._invalidate()
        if self.active == player and not self.game_over:
            self.stack.clear()
            self.tasks.clear()
            self.step = "cleanup"

    def _task_commander_zone(self, t: Task) -> bool:
        """CR 903.9a: a commander put into a graveyard or exile may go to the command zone.
        CR 903.9b (hand or library) is a replacement effect; here the same choice is offered just
        after the move, which differs only in that the card was briefly in that zone."""
        oid = t.d["obj"]
        obj = self.objects.get(oid)
        if obj is None or obj.zone not in (GRAVEYARD, EXILE, HAND, LIBRARY):
            return True
        if t.d["answer"] is None:
            self._ask("yes_no", obj.owner, f"put {obj.card.name} into the command zone?",
                      [Action("yes", "yes", payload=True), Action("no", "no", payload=False)])
            return False
        if t.d["answer"]:
            self.log_event(f"{obj.card.name} returns to the command zone")
            self.move_to_zone(oid, COMMAND)
        return True

    def _task_mulligan(self, t: Task) -> bool:
        """The London mulligan (CR 103.5): in turn order each player keeps or mulligans; those
        who mulligan shuffle their hand away and draw seven; repeat; then each puts one card on
        the bottom of their library per mulligan (the first is free in multiplayer, CR 103.5c)."""
        d = t.d
        ans = d["answer"]
        d["answer"] = None
        if d["phase"] == "decide":
            if ans is not None:
                p = d["undecided"][d["i"]]
                if ans == "keep":
                    d["kept"].append(p)
                else:
                    d["mull"].append(p)
                d["i"] += 1
                ans = None
            while d["i"] < len(d["undecided"]):
                p = d["undecided"][d["i"]]
                pl = self.players[p]
                if pl.mulligans >= 7:
                    d["kept"].append(p)
                    d["i"] += 1
                    continue
                self._ask("keep", p, f"{pl.name}: keep this hand of {len(pl.hand)} "
                          f"(after {pl.mulligans} mulligan{'s' if pl.mulligans != 1 else ''}) or mulligan?",
                          [Action("keep", "keep", payload="keep"), Action("mulligan", "mulligan", payload="mulligan")])
                return False
            for p in d["mull"]:
                pl = self.players[p]
                pl.mulligans += 1
                self.log_event(f"{pl.name} mulligans ({pl.mulligans})")
                for oid in list(pl.hand):
                    self.move_to_zone(oid, LIBRARY)
                self.rng.shuffle(pl.library)
                self.draw(p, 7)
            d["undecided"] = [p for p in d["undecided"] if p not in d["kept"]]
            d["mull"] = []
            d["i"] = 0
            if d["undecided"]:
                return False  # next round
            d["phase"] = "bottom"
            d["i"] = 0
        order = d["order"]
        while d["i"] < len(order):
            p = order[d["i"]]
            pl = self.players[p]
            if ans is not None:
                self.log_event(f"{pl.name} puts a card on the bottom of their library")
                self.move_to_zone(ans, LIBRARY, to_top=False)
                d["bottomed"] = d.get("bottomed", 0) + 1
                ans = None
            owed = max(0, pl.mulligans - d["free"]) - d.get("bottomed", 0)
            if owed <= 0 or not pl.hand:
                d["i"] += 1
                d["bottomed"] = 0
                continue
            acts = [Action("choose", f"bottom {self.name_of(o)}", target=self.name_of(o), payload=o)
                    for o in pl.hand]
            self._ask("choose", p, f"{pl.name}: put {owed} card{'s' if owed > 1 else ''} on the bottom", acts)
            return False
        for p in order:
            self.log_event(f"{self.players[p].name} keeps {len(self.players[p].hand)} cards")
        return True

    def _legend_rule(self) -> bool:
        """CR 704.5j: a player with two or more legendary permanents with the same name chooses
        one and puts the rest into their owners' graveyards."""
        seen: dict[tuple[int, str], list[int]] = {}
        for oid in self.battlefield:
            c = self.chars(oid)
            if "Legendary" in c.supertypes:
                seen.setdefault((self.objects[oid].controller, c.name), []).append(oid)
        for (player, _name), oids in seen.items():
            if len(oids) > 1:
                self.tasks.append(Task("legend_rule", player=player, oids=oids, answer=None))
                return True
        return False

    def _task_legend_rule(self, t: Task) -> bool:
        oids = [o for o in t.d["oids"] if o in self.objects]
        if t.d["answer"] is None:
            acts = [Action("choose", f"keep {self.name_of(o)}#{o}", target=self.name_of(o), payload=o)
                    for o in oids]
            self._ask("choose", t.d["player"], "legend rule: choose the legendary permanent to keep", acts)
            return False
        keep = t.d["answer"]
        for o in oids:
            if o != keep:
                self.move_to_zone(o, GRAVEYARD)
        return True

    def _check_game_end(self) -> None:
        alive = [p for p in self.players if not p.lost]
        if len(alive) == 1:
            self._end_game(alive[0].index, f"{alive[0].name} is the last player in the game")
        elif not alive:
            self._end_game(None, "all players lost at once: the game is a draw")
        elif any(p.dummy for p in alive) and len([p for p in alive if not p.dummy]) == 0:
            self._end_game(None, "no player is left to act")

    def _end_game(self, winner: int | None, reason: str) -> None:
        self.game_over = True
        self.winner = winner
        self.result_reason = reason
        self.pending = None
        self.tasks.clear()
        if winner is not None:
            self.players[winner].won = True
            self.log_event(f"{self.players[winner].name} wins the game ({reason})")
        else:
            self.log_event(f"The game is a draw ({reason})")

    def concede(self, player: int | str) -> None:
        """CR 104.3a: a player may concede at any time."""
        idx = self._player_index(player)
        if self.players[idx].lost:
            return
        self.players[idx].lost = True
        self.log_event(f"{self.players[idx].name} concedes")
        self._legal = None
        self.pending = None
        self._check_game_end()
        if not self.game_over:
            # CR 800.4a: they leave the game now, with their objects; on their own turn, the
            # turn ends (simplification, see _leave_game)
            self._leave_game(idx)
            self.tasks = [t for t in self.tasks if t.d.get("player") != idx]
            self.pending_triggers = [t for t in self.pending_triggers if t.controller != idx]
            if self.priority == idx:
                self.priority = self.active if not self.players[self.active].lost else self._next_alive(idx)
            self._run()

    def _next_alive(self, p: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            q = (p + k) % n
            if not self.players[q].lost:
                return q
        return p

    def _player_index(self, player: int | str) -> int:
        if isinstance(player, int):
            return player
        for p in self.players:
            if p.name == player:
                return p.index
        raise MtgError(f"no player named {player!r}")

    # ---------------------------------------------------------------------------------------
    # legal actions with priority

    def sorcery_timing(self, p: int) -> bool:
        """May player `p` do something at sorcery speed now: their own main phase with an empty
        stack (CR 307.1)?"""
        return self.active == p and self.step in MAIN_STEPS and not self.stack

    def _priority_actions(self, p: int) -> list[Action]:
        acts = [PASS]
        pl = self.players[p]
        sorcery_ok = self.sorcery_timing(p)
        sources = autopay.simple_sources(self, p) if self.mana_payment == "auto" else None
        from_exile = self._exile_playable(p) if self.play_permissions else []
        if sorcery_ok and pl.lands_played < 1:  # CR 305.2
            for oid in pl.hand + from_exile:
                card = self.objects[oid].card
                if "Land" in card.types:
                    acts.append(Action("play", f"play {card.name}", source=card.name, payload=("play", oid)))
        for oid in pl.hand + pl.command + from_exile:
            card = self.objects[oid].card
            if "Land" not in card.types and self._can_cast(oid, p, sorcery_ok, sources):
                acts.append(Action("cast", f"cast {card.name}", source=card.name, payload=("cast", oid)))
        chars = self._all_chars()
        for oid in self.battlefield:
            obj = self.objects[oid]
            if obj.controller != p:
                continue
            c = chars[oid]
            twins = _twin_instances(c.abilities) if c.abilities and len(c.abilities) > len(obj.card.abilities) else None
            for key, ab, origin in c.abilities:
                if isinstance(ab, Activated) and self._can_activate(oid, obj, c, key, ab, p, sorcery_ok,
                                                                                   sources):
                    text = self.ability_text(ab, oid, origin)
                    if twins and (origin, ab.text) in twins:
                        # two caged cards give the same ability: the card's id tells the instances
                        # apart, whether or not the other one can be activated now
                        text = text[:-1] + f"#{key[1:].split('.', 1)[0]})"
                    acts.append(Action("activate", f"activate {c.name}: {text}", source=c.name,
                                       ability=ab.text, payload=("activate", oid, key)))
        return _dedupe(acts)

    def _can_cast(self, oid: int, p: int, sorcery_ok: bool, sources: list[Any] | None = None) -> bool:
        card = self.objects[oid].card
        fast = "Instant" in card.types or "flash" in card.keywords
        if not fast and not sorcery_ok:
            return False
        pool = self.players[p].pool
        if sources is None and card.mana_cost.min_mana > pool.total and not self.play_permissions:
            return False  # fast path: manual payment and not enough mana in the pool
        avail = available_for(pool, self.spend_tags(p, "spell", oid))
        if not self._free_permission(oid) and not self._payable(avail, self.spell_cost(oid).with_x(0), sources):
            return False
        sa = card.spell_ability
        if sa is not None and sa.modes:
            ctx = Context(p, oid, card.name)
            return any(self._has_targets(m.targets, ctx) for m in sa.modes)
        specs = self.spell_targets(card)
        return not specs or self._has_targets(specs, Context(p, oid, card.name))

    def _payable(self, avail: list[int], cost: ManaCost, sources: list[Any] | None,
                 exclude: int | None = None) -> bool:
        if can_pay(avail, cost):
            return True
        if sources is None:
            return False
        if exclude is not None:
            sources = [s for s in sources if s.oid != exclude]
        return autopay.can_pay_with_sources(avail, cost, sources)

    def _can_activate(self, oid: int, obj: GameObject, c: Chars, key: str, ab: Activated, p: int,
                      sorcery_ok: bool, sources: list[Any] | None = None) -> bool:
        cost = ab.cost
        if ab.sorcery_speed and not sorcery_ok:
            return False
        if sources is None and cost.mana.min_mana > self.players[p].pool.total:
            return False  # fast path: manual payment and not enough mana in the pool
        if ab.once_each_turn and self.activations.get((oid, key)):
            return False
        if cost.tap or cost.untap:
            if cost.tap and obj.tapped:
                return False
            if cost.untap and not obj.tapped:
                return False
            # CR 302.6 / 107.5 / 107.6
            if obj.sick and "Creature" in c.types and "haste" not in c.keywords:
                return False
        if cost.remove_counters:
            kind, n = cost.remove_counters
            if isinstance(n, int) and obj.counters.get(kind, 0) < n:
                return False
        pl = self.players[p]
        if cost.pay_life and pl.life < cost.pay_life:  # CR 119.4
            return False
        if cost.discard and len(pl.hand) < cost.discard:
            return False
        for flt, n in cost.sacrifice:
            cands = [o for o in self.battlefield if self.objects[o].controller == p
                     and self._matches(flt, o, p) and not (cost.sacrifice_self and o == oid)]
            if len(cands) < n:
                return False
        if cost.tap_other and len(self._tap_other_candidates(p, cost.tap_other[0], oid, cost, [])) < cost.tap_other[1]:
            return False
        if cost.crew and sum(max(self.chars(o).power or 0, 0) for o in self._crew_candidates(p, oid, [])) < cost.crew:
            return False
        if not cost.mana.is_empty:
            avail = available_for(pl.pool, self.spend_tags(p, "ability", oid))
            x: int | None = 0
            if ab.x_rule is not None:
                ctx0 = Context(p, oid, c.name)
                ctx0.cost_info["link"] = self.link_group(key)
                x = self.x_by_rule(ab.x_rule, ctx0)
                if x is None:
                    return False
            # a source tapped or sacrificed for this very cost can't also make mana for it
            excl = oid if (cost.tap or cost.sacrifice_self or cost.untap) else None
            if not self._payable(avail, cost.mana.with_x(x or 0), sources, excl):
                return False
        if ab.targets:
            ctx = Context(p, oid, c.name)
            if not self._has_targets(ab.targets, ctx):
                return False
        if ab.modes:
            ctx = Context(p, oid, c.name)
            return any(self._has_targets(m.targets, ctx) for m in ab.modes)
        return True

    # ---------------------------------------------------------------------------------------
    # state_json (interface.md §4)

    def state_json(self) -> dict[str, Any]:
        d = self.decision
        return {
            "turn": self.turn,
            "active_player": self.players[self.active].name,
            "step": self.step,
            "priority": self.players[self.pending.player].name if self.pending and self.pending.kind == "priority"
            else None,
            "game_over": self.game_over,
            "winner": self.players[self.winner].name if self.winner is not None else None,
            "decision": d.to_json() if d else None,
            "players": [self._player_json(p) for p in self.players],
            "stack": [self._stack_json(s) for s in self.stack],
        }

    def _player_json(self, p: Player) -> dict[str, Any]:
        counts = p.pool.total_counts()
        out: dict[str, Any] = {
            "name": p.name,
            "life": p.life,
            "mana_pool": format_mana(counts),
            "mana": {t: n for t, n in zip(TYPES, counts, strict=True)},
            "library_count": len(p.library),
            "hand": [self.objects[o].card.name for o in p.hand],
            "graveyard": [self.objects[o].card.name for o in p.graveyard],
            "exile": [{"id": o, "card": self.objects[o].card.name, "counters": dict(self.objects[o].counters)}
                      for o in p.exile],
            "command": [self.objects[o].card.name for o in p.command],
            "battlefield": [self._permanent_json(o) for o in self.battlefield
                            if self.objects[o].controller == p.index],
            "lost": p.lost,
        }
        if p.pool.restricted:
            out["restricted_mana"] = [{"mana": "{" + r.type + "}", "amount": r.amount, "restriction": r.restriction}
                                      for r in p.pool.restricted]
        return out

    def _permanent_json(self, oid: int) -> dict[str, Any]:
        obj = self.objects[oid]
        c = self.chars(oid)
        return {
            "id": oid, "card": c.name, "controller": self.players[obj.controller].name,
            "owner": self.players[obj.owner].name, "tapped": obj.tapped,
            "summoning_sick": obj.sick, "counters": dict(obj.counters),
            "power": c.power, "toughness": c.toughness,
            "types": [t for t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker") if t in c.types],
            "token": obj.token,
            "attached_to": obj.attached_to if obj.attached_to in self.objects else None,
            "damage": obj.damage,
        }

    def _stack_json(self, s: StackItem) -> dict[str, Any]:
        return {"id": s.id, "kind": s.kind, "source": s.ctx.source_name,
                "controller": self.players[s.controller].name, "text": s.text, "copy": s.copy,
                "targets": [self.ref_label(r) for r in s.ctx.targets]}


X_LIST = 100


def _x_values(hi: int) -> list[int]:
    """The values of X offered: every value up to 100, then powers of ten and the largest
    payable value. (With astronomically large pools every value can't be listed; the largest
    is what combo lines want.)"""
    if hi <= X_LIST:
        return list(range(hi + 1))
    out = list(range(X_LIST + 1))
    p = 1000
    while p < hi:
        out.append(p)
        p *= 10
    out.append(hi)
    return out


def targets_of(ab: Ability | None, ctx: Context) -> tuple[TargetSpec, ...]:
    """The targets a spell or ability has: of its chosen modes if it is modal (CR 700.2)."""
    return _chosen(ab, ctx, "targets")


def effects_of(ab: Ability | None, ctx: Context) -> tuple[Any, ...]:
    """The effects a spell or ability has: of its chosen modes if it is modal (CR 700.2)."""
    return _chosen(ab, ctx, "effects")


def _chosen(ab: Ability | None, ctx: Context, part: str) -> tuple[Any, ...]:
    if ab is None:
        return ()
    modes = getattr(ab, "modes", ())
    if modes and ctx.modes:
        return tuple(x for i in ctx.modes for x in getattr(modes[i], part))
    return tuple(getattr(ab, part, ()))


def _dedupe(actions: list[Action]) -> list[Action]:
    """Make labels unique (interface.md §2): where two actions share a label, the object's id is
    added after its name (`activate Forest#12: {T}: Add {G}.`)."""
    labels = {a.label for a in actions}
    if len(labels) == len(actions):
        return actions
    seen: dict[str, int] = {}
    for a in actions:
        seen[a.label] = seen.get(a.label, 0) + 1
    # Instances of one ability gained from different cards (two caged Basalt Monoliths) are
    # told apart by the card they come from: "(from Basalt Monolith#31)".
    actions = [_with_origin_id(a) if seen[a.label] > 1 else a for a in actions]
    seen = {}
    for a in actions:
        seen[a.label] = seen.get(a.label, 0) + 1
    out = [_with_id(a) if seen[a.label] > 1 else a for a in actions]
    return _dedupe_final(out)


def _twin_instances(abilities: list[tuple[str, Ability, str | None]]) -> set[tuple[str | None, str]]:
    """(origin, text) of the gained abilities an object has more than once."""
    seen: dict[tuple[str | None, str], int] = {}
    for key, ab, origin in abilities:
        if origin is not None and key.startswith("g") and isinstance(ab, Activated):
            seen[(origin, ab.text)] = seen.get((origin, ab.text), 0) + 1
    return {k for k, n in seen.items() if n > 1}


def _with_origin_id(a: Action) -> Action:
    import dataclasses
    p = a.payload
    if a.kind != "activate" or not isinstance(p, tuple) or len(p) < 3 or not isinstance(p[2], str):
        return a
    key = p[2]
    if not key.startswith(("g", "s")) or "." not in key:
        return a
    origin_id = key[1:].split(".", 1)[0]
    i = a.label.rfind(" (from ")
    if i < 0 or not a.label.endswith(")"):
        return a
    return dataclasses.replace(a, label=a.label[:-1] + f"#{origin_id})")


def _with_id(a: Action) -> Action:
    """Add the acting or chosen object's id after its name in the label."""
    oid: int | None = None
    p = a.payload
    if isinstance(p, tuple) and len(p) >= 2 and p[0] in ("obj", "stack", "play", "cast", "activate", "mana"):
        oid = p[1]
    elif isinstance(p, tuple) and len(p) == 2 and a.kind in ("attack", "block"):
        oid = p[0]
    elif isinstance(p, int) and not isinstance(p, bool):
        oid = p
    if oid is None:
        return a
    name = a.source if a.kind in ("play", "cast", "activate") else a.target
    if not name or name not in a.label:
        return a
    # the acting creature is named last in "attack P2 with X" and "block Y with X"
    i = (a.label.rindex(name) if a.kind in ("attack", "block") else a.label.index(name)) + len(name)
    return Action(a.kind, a.label[:i] + f"#{oid}" + a.label[i:], a.source, a.ability, a.target, a.value,
                  a.payload)


def _dedupe_ids(actions: list[Action], ids: list[int]) -> list[Action]:
    import dataclasses
    labels = [a.label for a in actions]
    out = []
    for a, oid in zip(actions, ids, strict=True):
        if labels.count(a.label) > 1:
            src = a.source or ""
            i = a.label.index(src) + len(src) if src and src in a.label else len(a.label)
            a = dataclasses.replace(a, label=a.label[:i] + f"#{oid}" + a.label[i:])
        out.append(a)
    return _dedupe_final(out)


def _dedupe_final(actions: list[Action]) -> list[Action]:
    # Identical triggers of one source (two instances): add an ordinal so labels stay unique.
    import dataclasses
    seen: dict[str, int] = {}
    out = []
    for a in actions:
        n = seen.get(a.label, 0)
        seen[a.label] = n + 1
        out.append(a if n == 0 else dataclasses.replace(a, label=f"{a.label} ({n + 1})"))
    return out


def _article(flt: str) -> str:
    word = flt.replace("_", " ")
    return ("an " if word[0] in "aeiou" else "a ") + word
