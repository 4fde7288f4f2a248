"""Moves: what a player means to do, as opposed to the single engine actions that do it.

At priority a move is "play this land", "cast this spell" (with the mana sources tapped for it:
the fewest simple sources, as automatic payment would), "activate this ability" or "pass"; mana
abilities on their own are not moves. When declaring attackers or blockers a move is a whole
declaration: a suggested one (an agent's, played out on a copy), none, every possible attacker,
and the suggestion with one attacker or block more or fewer (with planeswalkers to attack, also
every attacker at each and single attacks turned to each). Any other decision's moves are its
legal actions.

A move is its first engine action and a plan for the rest: the intent (payloads of the
priority actions that follow, such as the cast after the mana abilities, and the color to take
from a mana ability that asks) and, for a declaration, the rest of it. `PlanState.follow` plays a
plan out; an agent whose `intent`, `pending_color` and `plan` attributes mean the same
(HeuristicAgent) can also be handed one with `Move.start`.

Used by `agents.mcts` (the moves it searches) and by the envs' `actions="moves"` granularity
(mtg_env.env.choices). It only reads the game and never imports the agents package: the agent
that suggests a declaration is given by the caller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards.vocab import Activated
from .core.actions import Action
from .core.mana import available_for
from .engine import autopay, casting, costs, legal
from .engine.facedown import FACE_DOWN_CAST

if TYPE_CHECKING:
    from .engine.game import Game
    from .play import Agent

#: at most this many whole declarations of attackers or blockers are offered
MAX_DECLARATIONS = 12

#: a step of an intent: (payload,) or (payload, color to take when the mana ability asks)
Step = tuple[Any, ...]


class Move:
    """A move: the engine action to take now, then the plan of what follows. At priority the
    plan is the intent (payloads of the actions that follow, such as casting the spell the first
    action tapped mana for, and the color to take from a mana ability that asks); when declaring
    attackers or blockers it is the rest of the declaration ((kind, payload) pairs, the last one
    (kind, "done")). `payloads` are, for a declaration, the attacks or blocks it declares."""

    __slots__ = ("action", "intent", "color", "plan", "key", "payloads")

    def __init__(self, action: Action, intent: list[Step] | None = None, color: Any = None,
                 plan: list[Any] | None = None, payloads: list[Any] | None = None):
        self.action = action
        self.intent = list(intent or ())
        self.color = color
        self.plan = list(plan or ())
        self.payloads = list(payloads or ())
        self.key = (action.label, tuple(map(repr, self.intent)), color, tuple(map(repr, self.plan)))

    def start(self, agent: Any) -> Action:
        """Hand the rest of the move to `agent` (anything with `intent`, `pending_color` and
        `plan`: a HeuristicAgent playing on for this player, or a `PlanState`) and return the
        first action."""
        agent.intent = list(self.intent)
        agent.pending_color = self.color
        agent.plan = list(self.plan)
        return self.action

    @property
    def cast(self) -> int | None:
        """The object a move casts or plays (its own action or the last step of its intent)."""
        if self.action.kind in ("cast", "play"):
            return self.action.payload[1]
        if self.intent and isinstance(self.intent[-1][0], tuple) and self.intent[-1][0][:1] == ("cast",):
            return self.intent[-1][0][1]
        return None

    def __repr__(self) -> str:
        return f"Move({self.action.label!r}, intent={self.intent!r}, plan={self.plan!r})"


class PlanState:
    """The rest of a move being played out for one player (what `Move.start` hands over)."""

    __slots__ = ("intent", "pending_color", "plan")

    def __init__(self) -> None:
        self.intent: list[Step] = []
        self.pending_color: Any = None
        self.plan: list[tuple[str, Any]] = []

    def active(self) -> bool:
        return bool(self.intent or self.plan or self.pending_color is not None)

    def clear(self) -> None:
        self.intent, self.pending_color, self.plan = [], None, []

    def follow(self, game: Game) -> Action | None:
        """The plan's next action at the game's decision (of this plan's player), or None when
        the plan has nothing for it (then the plan is dropped, as HeuristicAgent drops it)."""
        d = game.decision
        if d is None:
            return None
        if self.plan and self.plan[0][0] != d.kind:
            self.plan = []
        if d.kind == "priority":
            self.pending_color = None
            if not self.intent:
                return None
            step = self.intent.pop(0)
            act = by_payload(game.legal_actions(), step[0])
            if act is None:
                self.intent.clear()
            elif len(step) > 1:
                self.pending_color = step[1]
            return act
        if d.kind == "color" and self.pending_color is not None:
            want, self.pending_color = self.pending_color, None
            return next((a for a in game.legal_actions() if a.value == want), None)
        if self.plan:
            planned = by_payload(game.legal_actions(), self.plan.pop(0)[1])
            if planned is None:
                self.plan = []
            return planned
        return None


def by_payload(actions: list[Action], payload: Any) -> Action | None:
    for a in actions:
        if a.payload == payload:
            return a
    return None


def player_index(game: Game) -> int:
    """The index of the deciding player."""
    d = game.decision
    assert d is not None
    return next(p.index for p in game.players if p.name == d.player)


def is_mana_ability(game: Game, a: Action) -> bool:
    p = a.payload
    if a.kind != "activate" or not isinstance(p, tuple) or len(p) < 3 or p[1] not in game.objects:
        return False
    for key, ab, _o in game.chars(p[1]).abilities:
        if key == p[2]:
            return isinstance(ab, Activated) and ab.is_mana_ability
    return False


def cast_plan(game: Game, me: int, actions: list[Action], oid: int, x_cap: int = 20,
              sources: list[autopay.Source] | None = None) -> tuple[Action, list[Step], Any] | None:
    """How to cast spell `oid` now by tapping the fewest simple sources (the largest X they
    allow, up to `x_cap`): (the first action, the intent that follows ending with the cast,
    the color the first action's mana ability should make or None); None when no plan pays for
    it or its first action is not legal now. `sources`: `autopay.simple_sources(game, me)` if
    the caller has worked them out at this decision (they are read, not changed)."""
    pool = game.players[me].pool
    avail = available_for(pool, costs.spend_tags(game, me, "spell", oid))
    cost = casting.spell_cost(game, oid)
    if sources is None:
        sources = autopay.simple_sources(game, me)
    x = 0
    if cost.x_count:
        x = max(autopay.max_x_auto(avail, cost, sources, x_cap), 0)
    plans = autopay.minimal_plans(avail, cost.with_x(x), sources, limit=1)  # (the first plan is the one taken)
    if not plans:
        return None
    steps: list[Step] = [(("activate", src.oid, src.key), typ) if typ else (("activate", src.oid, src.key),)
                         for src, typ in plans[0]]
    steps.append((("cast", oid),))
    first = steps.pop(0)
    act = by_payload(actions, first[0])
    if act is None:
        return None
    return act, steps, (first[1] if len(first) > 1 else None)


def moves(game: Game, actions: list[Action] | None = None, suggest: Agent | None = None,
          complete: bool = False, suggestion: list[Any] | None = None) -> list[Move]:
    """The distinct moves of the deciding player now (see the module docstring). `suggest` is
    the agent whose declaration of attackers or blockers comes first (played out on a copy);
    without one, declarations are none, every attacker and each single attack or block. With
    `complete`, a spell that no plan of simple sources pays for (but that is legal to cast, by
    automatic payment or from the pool) is a move of its own cast action. `suggestion`: the
    payloads of `suggest`'s declaration when the caller has already worked it out
    (`suggested_declaration`)."""
    actions = actions if actions is not None else game.legal_actions()
    d = game.decision
    assert d is not None
    out: list[Move] = []
    if declaring(d.kind, actions):
        out = declarations(game, actions, suggest, suggestion)
    elif d.kind != "priority":
        out = [Move(a) for a in actions]
    else:
        me = player_index(game)
        pl = game.players[me]
        sorcery_ok = game.sorcery_timing(me)
        sources = autopay.simple_sources(game, me)
        casts = {a.payload[1]: a for a in actions if a.kind == "cast" and a.payload[2:] != (FACE_DOWN_CAST,)
                 and not _alternative(a)}
        for oid in pl.hand + pl.command:
            card = game.objects[oid].card
            if "Land" in card.types or (oid not in casts and not legal.can_cast(game, oid, me, sorcery_ok, sources)):
                continue
            plan = cast_plan(game, me, actions, oid, sources=sources)
            if plan is not None:
                out.append(Move(plan[0], plan[1], plan[2]))
            elif complete and oid in casts:
                out.append(Move(casts[oid]))
        if complete:
            planned = {m.cast for m in out}
            out += [Move(a) for oid, a in casts.items() if oid not in planned and oid not in pl.hand + pl.command]
        for a in actions:
            if (a.kind == "cast" and a.payload[2:] != (FACE_DOWN_CAST,) and not _alternative(a)) or \
                    is_mana_ability(game, a):
                continue  # (casting face down with morph, CR 702.37c, or with an alternative cost is a move of its own)
            out.append(Move(a))
    seen: set[Any] = set()
    unique = []
    for m in out:
        if m.key not in seen:
            seen.add(m.key)
            unique.append(m)
    return unique


def _alternative(a: Action) -> bool:
    """A cast with an alternative cost (payload ("cast", card, None, "evoke"), engine/altcast.py)."""
    return len(a.payload) > 3


def declaring(kind: str, actions: list[Action]) -> bool:
    """Is this the first decision of a declaration of attackers or blockers?"""
    return kind in ("attack", "block") and any(a.label in ("no attack", "no block") for a in actions)


def suggested_declaration(game: Game, agent: Agent) -> list[Any]:
    """The payloads of the declaration `agent` makes now, played out on a copy."""
    kind = game.decision.kind  # type: ignore[union-attr]
    who = game.decision.player  # type: ignore[union-attr]
    g = game.clone()
    mine: list[Any] = []
    while g.decision is not None and g.decision.kind == kind and g.decision.player == who:
        a = agent.act(g)
        mine.append(a.payload)
        g.act(a)
        if a.payload == "done":
            break
    return [p for p in mine if p != "done"]


def declarations(game: Game, actions: list[Action], suggest: Agent | None = None,
                 suggestion: list[Any] | None = None) -> list[Move]:
    """Whole declarations of attackers (or blockers) as moves: the suggested one (first), none,
    every possible attacker, and the suggestion with one more or one fewer attacker or block;
    with planeswalkers to attack, also every attacker at each and each attack turned to each.
    `suggestion`: `suggest`'s declaration, when already worked out."""
    kind = game.decision.kind  # type: ignore[union-attr]
    if suggestion is not None:
        chosen = list(suggestion)
    else:
        chosen = suggested_declaration(game, suggest) if suggest is not None else []
    options = [a.payload for a in actions if a.kind == kind]
    if kind == "attack":
        # one attack per creature: the suggestion's choice of defender, else the first offered
        by_creature: dict[int, Any] = {}
        for p in chosen + options:
            by_creature.setdefault(p[0], p)
        options = list(by_creature.values())
        every = options
    else:
        every = []  # blocking with everything is rarely a plan; single changes cover it
    configs: list[list[Any]] = [chosen, [], every]
    configs += [[p for p in chosen if p != q] for q in chosen]
    if kind == "attack":
        configs += [chosen + [q] for q in options if q[0] not in {p[0] for p in chosen}]
        # the other defenders (planeswalkers, CR 508.1b): every attacker at each, and each attack
        # of the suggestion (or added to it) turned to each
        others = [a.payload for a in actions if a.kind == kind and a.payload not in options]
        for target in dict.fromkeys(q[1:] for q in others):
            configs.append([q for q in others if q[1:] == target])
        configs += [[p for p in chosen if p[0] != q[0]] + [q] for q in others]
    else:
        used = {p[0] for p in chosen}
        configs += [chosen + [q] for q in options if q[0] not in used]
    out: list[Move] = []
    seen: set[frozenset[Any]] = set()
    done = next(a for a in actions if a.payload == "done")
    for config in configs:
        key = frozenset(config)
        if key in seen:
            continue
        seen.add(key)
        if not config:
            out.append(Move(done, plan=[]))
            continue
        first = next(a for a in actions if a.payload == config[0])
        out.append(Move(first, plan=[(kind, p) for p in config[1:]] + [(kind, "done")], payloads=config))
        if len(out) >= MAX_DECLARATIONS:
            break
    return out
