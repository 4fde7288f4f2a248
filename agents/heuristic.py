"""HeuristicAgent: plays sensibly without search.

It keeps a hand with two to five lands, plays a land each turn, casts the most expensive spell it
can afford (tapping the fewest mana sources for it, as automatic payment would), points harmful
effects at the opponent's best target and helpful ones at its own best creature, attacks when
no untapped blocker can kill the attacker cheaply (or when the attack is lethal), and blocks
when the block is favourable or the damage would be lethal.

It reads the game as its player may: its own hand, and what is public.
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

from mtg_env.cards.carddef import card_cache
from mtg_env.cards.facedown import FACE_DOWN
from mtg_env.cards.vocab import Activated, Attach, Pump, PutCounters, Untap, effects_of
from mtg_env.core.actions import PASS
from mtg_env.core.objects import BATTLEFIELD
from mtg_env.engine import autopay, legal, turns
from mtg_env.engine.tasks import Announce, PlaceTriggers, Resolve
from mtg_env.moves import cast_plan

if TYPE_CHECKING:
    from mtg_env import Action, Game

HELPFUL = (Pump, Attach, PutCounters, Untap)


def card_value(game: Game, oid: int) -> float:
    """A rough worth: mana value plus power and toughness."""
    if oid not in game.objects:
        return 0.0
    obj = game.objects[oid]
    c = game.chars(oid)
    v = float(obj.card.mana_cost.mana_value)
    if c.power is not None:
        v += (c.power or 0) + 0.5 * (c.toughness or 0)
    if "flying" in c.keywords:
        v += 1
    return v


class HeuristicAgent:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.intent: list[tuple[Any, ...]] = []
        self.pending_color: Any = None
        #: (decision kind, payload) of the declarations to make next (a plan a search agent
        #: chose); dropped at the first decision of another kind
        self.plan: list[tuple[str, Any]] = []
        self._ping_cache: tuple[dict[int, Any], dict[int, tuple[Any, tuple[tuple[str, Any], ...]]]] | None = None

    # -------------------------------------------------------------------------------------------
    def act(self, game: Game) -> Action:
        d = game.decision
        assert d is not None
        me = next(p.index for p in game.players if p.name == d.player)
        if self.plan and self.plan[0][0] != d.kind:
            self.plan = []
        if d.kind == "priority":
            return self._on_priority(game, me)
        actions = game.legal_actions()
        if self.plan:
            planned = _by_payload(actions, self.plan.pop(0)[1])
            if planned is not None:
                return planned
            self.plan = []
        handler = getattr(self, f"_on_{d.kind}", None)
        choice = handler(game, me, actions) if handler is not None else None
        if choice is None:
            choice = actions[0]
        return choice

    # -------------------------------------------------------------------------------------------
    # decisions

    def _on_keep(self, game: Game, me: int, actions: list[Action]) -> Action:
        pl = game.players[me]
        lands = sum(1 for o in pl.hand if "Land" in game.objects[o].card.types)
        keep = 2 <= lands <= 5 or len(pl.hand) <= 5
        return _by_kind(actions, "keep" if keep else "mulligan")

    def _on_priority(self, game: Game, me: int) -> Action:
        # The legal actions are worked out only when this player won't simply pass (most
        # priority decisions of a game are passes).
        pl = game.players[me]
        if pl.dummy:
            return PASS
        if self.intent or game.effects.play_permissions or pl.command:
            return self._priority_from(game, me, game.legal_actions())
        sorcery_ok = game.sorcery_timing(me)
        if sorcery_ok and pl.lands_played < 1 and any("Land" in game.objects[o].card.types for o in pl.hand):
            return self._priority_from(game, me, game.legal_actions())
        stack_top = game.stack[-1] if game.stack else None
        if stack_top is not None and stack_top.controller != me and \
                any(game.objects[o].card.name == "Counterspell" for o in pl.hand):
            return self._priority_from(game, me, game.legal_actions())
        best, sources = self._best_cast(game, me)
        if best is not None:
            # what _priority_from would reach (no plan, land, or counter to play first)
            actions = game.legal_actions()
            return self._plan_for(game, me, actions, best, sources) or self._ping(game, me, actions) or PASS
        if self._may_ping(game, me) and not _passes_anyway(game, me, sorcery_ok, sources, *self._pingers(game)):
            return self._priority_from(game, me, game.legal_actions())
        return PASS

    def _priority_from(self, game: Game, me: int, actions: list[Action]) -> Action:
        # follow a plan made earlier (tap sources, then cast)
        while self.intent:
            step = self.intent[0]
            act = _by_payload(actions, step[0])
            if act is None:
                self.intent.clear()
                break
            self.intent.pop(0)
            if len(step) > 1:
                self.pending_color = step[1]
            return act
        for a in actions:
            if a.kind == "play":
                return a
        stack_top = game.stack[-1] if game.stack else None
        if stack_top is not None and stack_top.controller != me:
            counter = self._counter(game, me, actions)
            if counter is not None:
                return counter
        plan = self._plan_cast(game, me, actions)
        if plan is not None:
            return plan
        ping = self._ping(game, me, actions)
        if ping is not None:
            return ping
        return _by_kind(actions, "pass")

    def _on_color(self, game: Game, me: int, actions: list[Action]) -> Action:
        want = getattr(self, "pending_color", None)
        self.pending_color = None
        for a in actions:
            if a.value == want:
                return a
        needed = self._colors_needed(game, me)
        for a in actions:
            if a.value in needed:
                return a
        return actions[0]

    def _on_x(self, game: Game, me: int, actions: list[Action]) -> Action:
        return max(actions, key=lambda a: a.value)

    def _on_yes_no(self, game: Game, me: int, actions: list[Action]) -> Action:
        return _by_kind(actions, "yes") or actions[0]

    def _on_mode(self, game: Game, me: int, actions: list[Action]) -> Action:
        return actions[-1]

    def _on_order(self, game: Game, me: int, actions: list[Action]) -> Action:
        return actions[0]

    def _on_target(self, game: Game, me: int, actions: list[Action]) -> Action:
        helpful = self._current_is_helpful(game)
        best: tuple[float, Action] | None = None
        for a in actions:
            ref = a.payload
            if not isinstance(ref, tuple):
                continue
            score = self._target_score(game, me, ref, helpful)
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else actions[0]

    def _on_choose(self, game: Game, me: int, actions: list[Action]) -> Action:
        label = actions[0].label
        if label.startswith(("sacrifice", "discard", "bottom")):
            return min(actions, key=lambda a: self._keep_value(game, me, a.payload))
        if label.startswith("assign"):
            return actions[len(actions) // 2]
        if label.startswith("keep"):
            return actions[0]
        return actions[0]

    def _on_attack(self, game: Game, me: int, actions: list[Action]) -> Action:
        opp = [p for p in game.players if p.index != me and not p.lost]
        if not opp:
            return _by_kind(actions, "done") or actions[0]
        # attacks on players only: this agent leaves planeswalkers alone
        attackers = [a for a in actions if a.kind == "attack" and len(a.payload) == 2]
        total = sum(max(game.chars(a.payload[0]).power or 0, 0) for a in attackers)
        blockers = [o for o in game.battlefield if game.objects[o].controller != me
                    and not game.objects[o].tapped and game.is_creature(o)]
        for a in attackers:
            oid, defender = a.payload
            if game.players[defender].life <= total and not blockers:
                return a
            if self._safe_attack(game, oid, blockers):
                return a
        return _by_kind(actions, "done") or actions[0]

    def _on_block(self, game: Game, me: int, actions: list[Action]) -> Action:
        incoming = sum(max(game.chars(a).power or 0, 0) for a in game.combat.attackers
                       if a in game.objects and a not in game.combat.blocks)
        lethal = incoming >= game.players[me].life
        best: tuple[float, Action] | None = None
        for a in actions:
            if a.kind != "block":
                continue
            blocker, attacker = a.payload
            bc, ac = game.chars(blocker), game.chars(attacker)
            bp, bt = bc.power or 0, bc.toughness or 0
            ap, at = ac.power or 0, ac.toughness or 0
            survives = bt > ap and "deathtouch" not in ac.keywords
            kills = bp >= at or ("deathtouch" in bc.keywords and bp > 0)
            score = -1.0
            if survives and kills:
                score = 10 + card_value(game, attacker)
            elif survives:
                score = 5
            elif kills and card_value(game, attacker) >= card_value(game, blocker):
                score = 3 + card_value(game, attacker) - card_value(game, blocker)
            elif lethal:
                score = 1 + ap
            if score > 0 and (best is None or score > best[0]):
                best = (score, a)
        if best is not None:
            return best[1]
        return _by_kind(actions, "done") or actions[0]

    # -------------------------------------------------------------------------------------------
    # helpers

    def _may_ping(self, game: Game, me: int) -> bool:
        """Does this player control an untapped permanent with a "{T}: ... damage to any target"
        ability (what `_ping` uses)?"""
        objects = game.objects
        chars, pingers = self._pingers(game)
        for oid in game.battlefield:
            obj = objects[oid]
            if obj.controller != me or obj.tapped:
                continue
            kept = pingers.get(oid)
            found = kept[1] if kept is not None and kept[0] is chars.get(oid) else \
                _ping_abilities(game, chars, pingers, oid)
            if found:
                return True
        return False

    def _pingers(self, game: Game) -> tuple[dict[int, Any], dict[int, tuple[Any, tuple[tuple[str, Any], ...]]]]:
        """The characteristics of the permanents now (Game.all_chars) and, kept with them (the
        engine makes a new dict when they change, and only adds to it the permanents that
        enter), the "{T}: ... damage to any target" abilities of each permanent looked at, with
        the characteristics record they were read from (a permanent's entry holds while that is
        still its record)."""
        chars = game.all_chars()
        cache = self._ping_cache
        if cache is None or cache[0] is not chars:
            cache = self._ping_cache = (chars, {})
        return chars, cache[1]

    def _safe_attack(self, game: Game, oid: int, blockers: list[int]) -> bool:
        c = game.chars(oid)
        power, tough = c.power or 0, c.toughness or 0
        if power <= 0:
            return False
        for b in blockers:
            bc = game.chars(b)
            if "flying" in c.keywords and not ({"flying", "reach"} & bc.keywords):
                continue
            if (bc.power or 0) >= tough or "deathtouch" in bc.keywords:
                # a blocker can kill it: attack only if it would trade up
                if (bc.toughness or 0) > power:
                    return False
                if card_value(game, b) < card_value(game, oid):
                    return False
        return True

    def _current_is_helpful(self, game: Game) -> bool:
        if not game.tasks:
            return False
        t = game.tasks[-1]
        ab: Any = None
        ctx = None
        if isinstance(t, Announce):
            ctx = t.ctx
            if t.what == "ability":
                ab = t.ability
            else:
                obj = game.objects.get(t.obj)
                if obj is not None:
                    ab = obj.card.spell_ability
                    if ab is None:  # an Aura: Pacifism-like auras are harmful
                        return False
        elif isinstance(t, PlaceTriggers) and t.current is not None:
            ab = t.current.ability
        elif isinstance(t, Resolve):
            ab = t.item.ability
        effects = effects_of(ab, ctx) if ctx is not None else getattr(ab, "effects", ())
        return any(isinstance(e, HELPFUL) for e in effects)

    def _target_score(self, game: Game, me: int, ref: tuple[str, int], helpful: bool) -> float:
        kind, i = ref
        if kind == "player":
            if helpful:
                return 1.0 if i == me else -10.0
            return -5.0 if i == me else 2.0 + (20 - game.players[i].life) * 0.1
        if kind == "stack":
            for s in game.stack:
                if s.id == i:
                    return 5.0 if s.controller != me else -10.0
            return 0.0
        if i not in game.objects:
            return -10.0
        mine = game.objects[i].controller == me
        v = card_value(game, i)
        if helpful:
            return v if mine else -v - 10
        if mine:
            return -v - 10
        # harmful: prefer what the effect would kill
        dmg = self._current_damage(game)
        c = game.chars(i)
        if dmg and c.toughness is not None:
            left = c.toughness - game.objects[i].damage
            return v + 5 if dmg >= left else v - 5
        return v

    def _current_damage(self, game: Game) -> int:
        if not game.tasks:
            return 0
        t = game.tasks[-1]
        if not isinstance(t, Announce):
            return 0
        ab: Any = t.ability
        if t.what == "spell" and t.obj in game.objects:
            ab = game.objects[t.obj].card.spell_ability
        for e in getattr(ab, "effects", ()):
            amount = getattr(e, "amount", None)
            if type(e).__name__ == "DealDamage" and isinstance(amount, int):
                return amount
        return 0

    def _keep_value(self, game: Game, me: int, oid: Any) -> float:
        if not isinstance(oid, int) or oid not in game.objects:
            return 0.0
        v = card_value(game, oid)
        if "Land" in game.objects[oid].card.types:
            lands = sum(1 for o in game.players[me].hand if "Land" in game.objects[o].card.types)
            v = 4.0 if lands <= 3 else 0.5
        return v

    def _colors_needed(self, game: Game, me: int) -> set[str]:
        need: set[str] = set()
        for o in game.players[me].hand:
            need |= game.objects[o].card.mana_cost.colors()
        return need

    def _counter(self, game: Game, me: int, actions: list[Action]) -> Action | None:
        for a in actions:
            if a.kind == "cast" and a.source == "Counterspell":
                return self._plan_for(game, me, actions, a.payload[1])
        return None

    def _plan_cast(self, game: Game, me: int, actions: list[Action]) -> Action | None:
        """The best spell castable with the pool and the simple sources; tap for it."""
        best, sources = self._best_cast(game, me)
        return None if best is None else self._plan_for(game, me, actions, best, sources)

    def _best_cast(self, game: Game, me: int) -> tuple[int | None, list[Any] | None]:
        """The spell to cast now (the most expensive one castable with the pool and the simple
        sources, creatures first among equals), if any; with the simple sources when they were
        worked out (for `_plan_for`, at the same decision).

        The candidates are tried best first (the first castable one is the answer, as the best
        of all the castable ones is), and the cheap tests of the card come before `can_cast`."""
        pl = game.players[me]
        sorcery_ok = game.sorcery_timing(me)
        objects = game.objects
        ranked: list[tuple[int, int]] = []
        for oid in (pl.hand + pl.command if pl.command else pl.hand):
            card = objects[oid].card
            types = card.types
            if "Land" in types or card.name == "Counterspell":
                continue
            instant = "Instant" in types
            if not sorcery_ok and not instant and "flash" not in card.keywords:
                continue
            if instant and not _worth_instant(card):
                continue
            ranked.append((card.mana_cost.mana_value + (1 if "Creature" in types else 0), oid))
        if not ranked:
            return None, None
        # highest score first; among equals the first in hand order (the sort is stable)
        ranked.sort(key=_neg_score)
        sources = autopay.simple_sources(game, me)
        for _score, oid in ranked:
            if legal.can_cast(game, oid, me, sorcery_ok, sources):
                return oid, sources
        return None, sources

    def _plan_for(self, game: Game, me: int, actions: list[Action], oid: int,
                  sources: list[Any] | None = None) -> Action | None:
        """Tap the fewest simple sources for spell `oid` and cast it (mtg_env.moves.cast_plan):
        the first action now, the rest as the intent. `sources`: the simple sources now, if
        already worked out at this decision."""
        plan = cast_plan(game, me, actions, oid, sources=sources)
        if plan is None:
            self.intent = []
            return None
        act, self.intent, color = plan
        if color is not None:
            self.pending_color = color
        return act

    def _ping(self, game: Game, me: int, actions: list[Action]) -> Action | None:
        """Use damage abilities ({T}: deals 1 damage) in the opponent's end step or on our turn."""
        for a in actions:
            if a.kind != "activate":
                continue
            if _pings(a.ability or ""):
                return a
        return None


def _passes_anyway(game: Game, me: int, sorcery_ok: bool, sources: list[Any] | None, chars: dict[int, Any],
                   pingers: dict[int, tuple[Any, tuple[tuple[str, Any], ...]]]) -> bool:
    """Would `_priority_from` pass, at a priority where `_on_priority` found no intent, no play
    permission or command card, no land to play as the turn's first, no Counterspell to answer
    with and no spell to cast? True only when it surely would: no "play" action (CR 305.2: no
    land play left, or no land in hand), no spell of the opponent's on top of the stack, no
    ability that works from the hand or graveyard and no face-down permanent, and no "{T}: ...
    damage to any target" ability of a permanent that `legal.can_activate` allows as
    `legal.priority_actions` asks it (the actions `_ping` looks for). Then the legal actions
    need not be worked out (most of these priorities are a pinger's summoning sickness or an
    unpayable Rod of Ruin). `sources`: the simple sources if `_best_cast` worked them out;
    `chars`, `pingers`: `HeuristicAgent._pingers`."""
    pl = game.players[me]
    if game.stack and game.stack[-1].controller != me:
        return False
    objects = game.objects
    hand = pl.hand
    if sorcery_ok and pl.lands_played < turns.land_plays(game, me) and \
            any(objects[o].card.faces or "Land" in objects[o].card.types for o in hand):
        return False
    for oid in (hand + pl.graveyard if pl.graveyard else hand):
        if card_cache(objects[oid].card, "_heuristic_off_battlefield", _off_battlefield_abilities):
            return False
    auto = game.options.mana_payment == "auto"
    for oid in game.battlefield:
        obj = objects[oid]
        if obj.controller != me:
            continue
        if obj.card is FACE_DOWN:
            return False  # turning it face up is an "activate" action (CR 116.2b)
        tapped = obj.tapped
        for key, ab in _ping_abilities(game, chars, pingers, oid):
            if ab.zone == BATTLEFIELD and not (tapped and ab.cost.tap):
                c = chars.get(oid) or game.chars(oid)
                if auto and sources is None:
                    sources = autopay.simple_sources(game, me)
                if legal.can_activate(game, oid, obj, c, key, ab, me, sorcery_ok, sources if auto else None):
                    return False
    return True


def _ping_abilities(game: Game, chars: dict[int, Any], pingers: dict[int, tuple[Any, tuple[tuple[str, Any], ...]]],
                    oid: int) -> tuple[tuple[str, Any], ...]:
    """(key, ability) of the "{T}: ... damage to any target" activated abilities of the
    permanent `oid` (kept in `pingers` while `chars` are the game's characteristics)."""
    c = chars.get(oid)
    kept = pingers.get(oid)
    if kept is not None and kept[0] is c:
        return kept[1]  # (characteristics are never changed in place: a new record when they change)
    found = tuple((key, ab) for key, ab, _o in (c or game.chars(oid)).abilities
                  if isinstance(ab, Activated) and _pings(ab.text))
    if c is not None:
        pingers[oid] = (c, found)
    return found


def _off_battlefield_abilities(card: Any) -> bool:
    """Has the card an activated ability that works from another zone than the battlefield?"""
    return any(isinstance(ab, Activated) and ab.zone != BATTLEFIELD for ab in card.abilities)


@functools.lru_cache(maxsize=4096)
def _pings(text: str) -> bool:
    """Is an activated ability of this text a "{T}: ... damage to any target" one?"""
    return "damage to any target" in text and "{T}" in text


def _neg_score(ranked: tuple[int, int]) -> int:
    return -ranked[0]


def _worth_instant(card: Any) -> bool:
    """Is the instant `card` worth casting when it can (not a pump spell, wasted at sorcery
    speed by this simple player, nor one that adds mana)?"""
    effects = getattr(card.spell_ability, "effects", ())
    if any(isinstance(e, Pump) for e in effects):
        return False
    return not any(type(e).__name__ == "AddMana" for e in effects)


def _by_kind(actions: list[Action], kind: str) -> Action:
    for a in actions:
        if a.kind == kind:
            return a
    return None  # type: ignore[return-value]


def _by_payload(actions: list[Action], payload: Any) -> Action | None:
    for a in actions:
        if a.payload == payload:
            return a
    if isinstance(payload, tuple) and payload[:1] == ("cast",):
        for a in actions:  # a card with several faces: its first castable face
            if isinstance(a.payload, tuple) and a.payload[:2] == payload:
                return a
    return None
