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
from collections.abc import Callable, Iterable
from typing import Any

from ..cards.vocab import (
    Static,
    Triggered,
)
from ..core.actions import PASS, Action, Decision, match_action
from ..core.errors import IllegalActionError, MtgError
from ..core.objects import (
    GameObject,
    Player,
    StackItem,
)
from . import (  # noqa: F401
    autopay,
    casting,
    combat,
    copies,
    costs,
    layers,
    legal,
    mana_abilities,
    mulligan,
    primitives,
    replacement,
    resolution,
    sba,
    targets,
    triggers,
    turns,
    zones,
)
from . import state_json as public_state
from .labels import _dedupe
from .layers import Chars, printed_chars
from .state import ContinuousEffect, PendingTrigger, Statistics  # noqa: F401
from .tasks import Pending, Task
from .turns import HAND_SIZE, MAIN_STEPS, NO_PRIORITY, STEPS  # noqa: F401


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


    # The rules, each in the module of its section of the Comprehensive Rules.
    new_object = zones.new_object
    _zone_list = zones._zone_list
    move_to_zone = zones.move_to_zone
    _remove_from_zone = zones._remove_from_zone
    _leaves_battlefield = zones._leaves_battlefield
    _enters_battlefield = zones._enters_battlefield
    create_token = zones.create_token
    create_token_copy = zones.create_token_copy
    make_card_copy = zones.make_card_copy
    link_group = staticmethod(zones.link_group)
    exile_linked = zones.exile_linked
    linked_cards = zones.linked_cards
    card_of = copies.card_of
    copy_onto_stack = copies.copy_onto_stack
    deal_damage = primitives.deal_damage
    draw = primitives.draw
    gain_life = primitives.gain_life
    lose_life = primitives.lose_life
    destroy = primitives.destroy
    sacrifice = primitives.sacrifice
    counter = primitives.counter
    tap = primitives.tap
    untap = primitives.untap
    add_counters = primitives.add_counters
    remove_counters = primitives.remove_counters
    gain_control_until_eot = primitives.gain_control_until_eot
    _end_control_effects = primitives._end_control_effects
    attach = primitives.attach
    add_until_eot = primitives.add_until_eot
    produce_mana = mana_abilities.produce_mana
    fire_tapped_for_mana = mana_abilities.fire_tapped_for_mana
    tapped_trigger_applies = mana_abilities.tapped_trigger_applies
    mana_modified = mana_abilities.mana_modified
    could_produce = mana_abilities.could_produce
    _types_after_replacements = mana_abilities._types_after_replacements
    lands_could_produce = mana_abilities.lands_could_produce
    chosen_color = mana_abilities.chosen_color
    commander_identity = mana_abilities.commander_identity
    spend_tags = mana_abilities.spend_tags
    _mana_replacement_applies = replacement._mana_replacement_applies
    _apply_mana_replacement = staticmethod(replacement._apply_mana_replacement)
    _order_irrelevant = replacement._order_irrelevant
    _replace_mana = replacement._replace_mana
    can_pay_mana_now = costs.can_pay_mana_now
    pay_mana_now = costs.pay_mana_now
    generic_payment_choice = costs.generic_payment_choice
    _auto_sources = costs._auto_sources
    _auto_tap = costs._auto_tap
    _tap_plan = costs._tap_plan
    _pay_mana_step = costs._pay_mana_step
    _buckets = staticmethod(costs._buckets)
    _bucket_label = staticmethod(costs._bucket_label)
    _spend_bucket = staticmethod(costs._spend_bucket)
    _spend = staticmethod(costs._spend)
    _push_autotap = costs._push_autotap
    _max_x = costs._max_x
    _filter_ok = triggers._filter_ok
    _queue_trigger = triggers._queue_trigger
    condition_holds = triggers.condition_holds
    fire = triggers.fire
    _event_filter_ok = triggers._event_filter_ok
    _fire_becomes_tapped = triggers._fire_becomes_tapped
    _fire_becomes_target = triggers._fire_becomes_target
    _push_resolve_trigger_now = triggers._push_resolve_trigger_now
    _put_trigger = triggers._put_trigger
    _advance_step = turns._advance_step
    _next_turn = turns._next_turn
    _begin_step = turns._begin_step
    _cleanup = turns._cleanup
    _cleanup_damage_and_effects = turns._cleanup_damage_and_effects
    _pass_priority = turns._pass_priority
    _priority_action = turns._priority_action
    sorcery_timing = turns.sorcery_timing
    _ability_of = casting._ability_of
    spell_targets = casting.spell_targets
    _free_permission = casting._free_permission
    _exile_playable = casting._exile_playable
    spell_cost = casting.spell_cost
    _announced_ability = casting._announced_ability
    _announce_parts = casting._announce_parts
    x_by_rule = casting.x_by_rule
    _crew_candidates = casting._crew_candidates
    _tap_other_candidates = casting._tap_other_candidates
    _divide = casting._divide
    _finish_announce = casting._finish_announce
    _new_stack_id = casting._new_stack_id
    _targets_text = casting._targets_text
    ability_text = casting.ability_text
    _choose_targets = targets._choose_targets
    _target_action = targets._target_action
    ref_label = targets.ref_label
    _matches = targets._matches
    _matches_part = staticmethod(targets._matches_part)
    target_candidates = targets.target_candidates
    _source_colors = targets._source_colors
    protected_from = targets.protected_from
    _targetable_by = targets._targetable_by
    is_legal_target = targets.is_legal_target
    _has_targets = targets._has_targets
    _item_specs = resolution._item_specs
    _spec_for = resolution._spec_for
    _ask_from = resolution._ask_from
    _off_stack = resolution._off_stack
    _spell_done = resolution._spell_done
    eval_amount = resolution.eval_amount
    refs_for = resolution.refs_for
    _state_based_actions = sba._state_based_actions
    _leave_game = sba._leave_game
    _legend_rule = sba._legend_rule
    _check_game_end = sba._check_game_end
    _end_game = sba._end_game
    _priority_actions = legal._priority_actions
    _can_cast = legal._can_cast
    _payable = legal._payable
    _can_activate = legal._can_activate
    _mana_ability_actions = legal._mana_ability_actions
    state_json = public_state.state_json
    _player_json = public_state._player_json
    _permanent_json = public_state._permanent_json
    _stack_json = public_state._stack_json

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



    # ---------------------------------------------------------------------------------------
    # zone changes (CR 400)







    # ---------------------------------------------------------------------------------------
    # what effects do (called from cards.vocab)

    def log_event(self, line: str) -> None:
        self.log.append(line)




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








    # ---------------------------------------------------------------------------------------
    # "could produce" (CR 106.7)
































    # ---------------------------------------------------------------------------------------
    # triggers (CR 603)





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
                done = TASKS[task.kind](self, task)
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










    # ---------------------------------------------------------------------------------------
    # priority (CR 117)



    # ---------------------------------------------------------------------------------------
    # casting spells (CR 601.2) and activating abilities (CR 602.2)






























    # ---------------------------------------------------------------------------------------
    # resolving (CR 608)









    # ---------------------------------------------------------------------------------------
    # putting triggered abilities on the stack (CR 603.3)




    # ---------------------------------------------------------------------------------------
    # targets (CR 115)










    # ---------------------------------------------------------------------------------------
    # state-based actions (CR 704)









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






    # ---------------------------------------------------------------------------------------
    # state_json (interface.md §4)


#: Each kind of task and the function that advances it (returns True when the task is done).
TASKS: dict[str, Callable[[Game, Task], bool]] = {
    "announce": casting._task_announce,
    "resolve": resolution._task_resolve,
    "place_triggers": triggers._task_place_triggers,
    "declare_attackers": combat.declare_attackers,
    "declare_blockers": combat.declare_blockers,
    "combat_damage": combat.combat_damage,
    "discard_to_hand_size": turns._task_discard_to_hand_size,
    "legend_rule": sba._task_legend_rule,
    "commander_zone": sba._task_commander_zone,
    "mulligan": mulligan._task_mulligan,
}
