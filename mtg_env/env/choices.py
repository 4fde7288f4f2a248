"""The choices a learning player is offered at a decision, and the seat that plays them.

The envs (the Gymnasium env, the PettingZoo env, the RLlib self-play env) and `PolicyAgent` turn
a decision into the rows of the action layout the same way, here; there are no rules here.

- Granularity (`actions=`): "atomic" offers every legal action of the engine; "moves" offers the
  moves of `mtg_env.moves` (cast a spell with the mana tapped for it, play a land, activate an
  ability, pass, a whole declaration of attackers or blockers; any other decision's legal
  actions), and the seat plays the rest of a chosen move out by itself.
- Skipping (`skip_forced=`): a decision with exactly one choice is taken by the seat itself (the
  engine already takes decisions with one legal action, interface.md §9; with moves, a priority
  whose only move is to pass is one too).
- Stops (`stops=`): at priority with an empty stack, or with the seat's own item on top, outside
  the stops the seat passes by itself, like a client's auto-pass (MTG Arena's phase stops).
  "all" stops everywhere; "default" at the player's own main phases and declare-blockers step,
  the opponent's declare-attackers and declare-blockers steps and end step, and whenever an
  opponent's spell or ability is on top of the stack; or `{"own": [...], "opponent": [...],
  "respond": bool}`.
- Hint (`hint=`): an agent's name (mtg_env.registry, e.g. "heuristic"), whose choice at each
  decision is marked in the observation (the "hint" column of "action_extra"), so that a policy
  may start from that agent's play and learn where to leave it.

Declarations go to OPTION slots (their rows say who attacks or blocks: "action_members"); a cast
move takes its spell's CAST index and other moves their first action's index (layout.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.actions import PASS, Action
from ..moves import Move, PlanState, declaring, moves, suggested_declaration
from ..registry import REGISTRY, make_agent
from .layout import ObjectTable, Slots, action_indices, semantic_index

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..play import Agent
    from .layout import Layout

GRANULARITIES = ("atomic", "moves")


@dataclass(frozen=True)
class Stops:
    """Where a seat stops to decide at priority (see the module docstring)."""

    own: frozenset[str]
    opponent: frozenset[str]
    respond: bool = True

    def at(self, game: Game, me: int) -> bool:
        """Does the seat of player `me` stop at this priority?"""
        if self.respond and game.stack and game.stack[-1].controller != me:
            return True
        return game.step in (self.own if game.active == me else self.opponent)


DEFAULT_STOPS = Stops(frozenset({"precombat_main", "postcombat_main", "declare_blockers"}),
                      frozenset({"declare_attackers", "declare_blockers", "end"}))


def make_stops(spec: Any) -> Stops | None:
    """A `stops=` argument as Stops, or None for "all" (every priority is asked)."""
    if spec is None or spec == "all":
        return None
    if spec == "default":
        return DEFAULT_STOPS
    if isinstance(spec, Stops):
        return spec
    if isinstance(spec, Mapping):
        from ..engine.game import STEPS
        unknown = sorted(set(spec) - {"own", "opponent", "respond"})
        if unknown:
            raise ValueError(f"stops: unknown key(s) {', '.join(unknown)}; expected own, opponent, respond")
        steps = {k: frozenset(spec.get(k, ())) for k in ("own", "opponent")}
        for k, v in steps.items():
            bad = sorted(v - set(STEPS))
            if bad:
                raise ValueError(f"stops.{k}: unknown step(s) {', '.join(bad)}; expected some of: {', '.join(STEPS)}")
        return Stops(steps["own"], steps["opponent"], bool(spec.get("respond", True)))
    raise ValueError(f"stops must be 'all', 'default' or a mapping with own, opponent, respond; got {spec!r}")


class Choice:
    """One row the learner may pick: the engine action taken first, the whole move (or None for
    an atomic action), its kind and label, its index in the layout (-1: unreachable), the attacks
    or blocks of a declaration, and whether the hint agent would choose it."""

    __slots__ = ("action", "move", "kind", "label", "index", "payloads", "hint")

    def __init__(self, action: Action, move: Move | None, kind: str, label: str, index: int,
                 payloads: list[Any] | None = None):
        self.action = action
        self.move = move
        self.kind = kind
        self.label = label
        self.index = index
        self.payloads = payloads if payloads is not None else _own_payloads(action)
        self.hint = False

    @property
    def payload(self) -> Any:
        """The payload of what this choice stands for (a cast move: the cast, not the mana)."""
        if self.move is not None and self.move.cast is not None and self.action.kind not in ("cast", "play"):
            return ("cast", self.move.cast)
        return self.action.payload

    def __repr__(self) -> str:
        return f"Choice({self.label!r}, index={self.index})"


def _own_payloads(a: Action) -> list[Any]:
    return [a.payload] if a.kind in ("attack", "block") else []


def atomic_choices(game: Game, actions: list[Action], table: ObjectTable) -> list[Choice]:
    indices = action_indices(game, actions, table)
    return [Choice(a, None, a.kind, a.label, i, [a.payload] if a.kind in ("attack", "block") else [])
            for a, i in zip(actions, indices, strict=True)]


def move_choices(game: Game, actions: list[Action], table: ObjectTable, suggest: Agent | None) -> list[Choice]:
    """The moves now as choices with their layout indices (see the module docstring)."""
    return moves_as_choices(game, actions, table, moves(game, actions, suggest=suggest, complete=True))


def moves_as_choices(game: Game, actions: list[Action], table: ObjectTable, ms: list[Move]) -> list[Choice]:
    """The moves `ms` of this decision (`moves(..., complete=True)`) as choices with their layout
    indices."""
    decl = declaring(game.decision.kind, actions)  # type: ignore[union-attr]
    labels = {a.payload: a.label for a in actions if a.kind in ("attack", "block", "cast")}
    cache: dict[int, list[str]] = {}
    out: list[Choice] = []
    slots = Slots(table.layout)
    for m in ms:
        a = m.action
        if decl and m.payloads:
            kind = a.kind
            label = "; ".join(labels.get(p, repr(p)) for p in m.payloads)
            idx: int | None = None
        else:
            kind, label = a.kind, a.label
            cast = m.cast
            if cast is not None and a.kind not in ("cast", "play"):
                kind = "cast"
                label = labels.get(("cast", cast)) or f"cast {game.name_of(cast)}"
                ident = Action("cast", label, payload=("cast", cast))
                idx = semantic_index(game, ident, table, cache)
            else:
                idx = semantic_index(game, a, table, cache)
        out.append(Choice(a, m, kind, label, slots.claim(idx), list(m.payloads) if decl else None))
    _unique_labels(out)
    return out


def _unique_labels(choices: list[Choice]) -> None:
    seen: dict[str, int] = {}
    for c in choices:
        k = seen.get(c.label, 0)
        seen[c.label] = k + 1
        if k:
            c.label = f"{c.label} ({k + 1})"


class Seat:
    """One learning player's way of deciding (granularity, skipping, stops, hint) and the move it
    is playing out. `decide(game)` at a decision of this player returns the action the seat takes
    by itself, or the choices to ask for; `start(choice)` returns the action of a chosen row."""

    def __init__(self, player: int, layout: Layout, actions: str = "atomic", skip_forced: bool = True,
                 stops: Any = None, hint: str | None = None, suggest: str | None = "heuristic"):
        if actions not in GRANULARITIES:
            raise ValueError(f"actions must be one of {', '.join(GRANULARITIES)}, got {actions!r}")
        self.player = player
        self.layout = layout
        self.granularity = actions
        self.skip_forced = skip_forced
        self.stops = make_stops("default" if stops is None and actions == "moves" else stops)
        self.hint_name = hint
        self.suggest_name = suggest
        for name in (hint, suggest):
            if name is not None and name not in REGISTRY:
                make_agent(name, 0)  # an unknown name fails now (the registry's error), not in a game;
                # a known one is made when it is used (its package imported then)
        self.plan = PlanState()
        #: decisions this seat took by itself (a move's rest, one choice, a pass outside the stops)
        self.auto = 0

    def _agent(self, name: str | None) -> Agent | None:
        """A fresh agent for each decision: a hint or a suggestion is what the agent would do from
        this position alone, not from a plan it made on a line the learner did not follow."""
        return make_agent(name, 0) if name is not None else None

    def decide(self, game: Game) -> Action | tuple[list[Choice], ObjectTable]:
        if self.plan.active():
            step = self.plan.follow(game)
            if step is not None:
                self.auto += 1
                return step
        d = game.decision
        assert d is not None
        if d.kind == "priority" and self.stops is not None and not self.stops.at(game, self.player):
            self.auto += 1
            return PASS
        actions = game.legal_actions()
        if self.skip_forced and len(actions) == 1:
            self.auto += 1
            return actions[0]
        suggestion = None
        if self.granularity == "atomic":
            table = ObjectTable(game, self.player, self.layout)
            choices = atomic_choices(game, actions, table)
        else:
            suggest = self._agent(self.suggest_name)
            if suggest is not None and declaring(d.kind, actions):
                # worked out once: the hint of the same agent is the same declaration
                suggestion = suggested_declaration(game, suggest)
            ms = moves(game, actions, suggest=suggest, complete=True, suggestion=suggestion)
            if self.skip_forced and len(ms) == 1:
                self.auto += 1
                return ms[0].start(self.plan)
            table = ObjectTable(game, self.player, self.layout)
            choices = moves_as_choices(game, actions, table, ms)
        if self.hint_name is not None:
            mark_hint(game, choices, self._agent(self.hint_name), actions,  # type: ignore[arg-type]
                      suggestion if self.hint_name == self.suggest_name else None)
        return choices, table

    def start(self, choice: Choice) -> Action:
        """The action to take for a chosen row; a move's rest is played by later `decide` calls."""
        if choice.move is None:
            self.plan.clear()
            return choice.action
        return choice.move.start(self.plan)

    def reset(self) -> None:
        self.plan.clear()
        self.auto = 0


def mark_hint(game: Game, choices: list[Choice], agent: Agent, actions: list[Action] | None = None,
              declaration: list[Any] | None = None) -> None:
    """Mark the choice `agent` would make now: for a declaration the one declaring what the
    agent would declare, for a cast move the one with the agent's mana plan, else its action.
    `actions`: the legal actions now; `declaration`: the agent's declaration (the payloads of
    `suggested_declaration`), when the caller has already worked them out."""
    if not choices:
        return
    if choices[0].move is not None and declaring(game.decision.kind,  # type: ignore[union-attr]
                                                 actions if actions is not None else game.legal_actions()):
        want = frozenset(declaration if declaration is not None else suggested_declaration(game, agent))
        for c in choices:
            if frozenset(c.payloads) == want:
                c.hint = True
                return
        return
    a = agent.act(game)
    intent = list(getattr(agent, "intent", ()))
    if choices[0].move is not None and intent:
        key = Move(a, intent, getattr(agent, "pending_color", None)).key
        for c in choices:
            if c.move is not None and c.move.key == key:
                c.hint = True
                return
    for c in choices:
        if c.action == a and (c.move is None or not c.move.intent or not intent):
            c.hint = True
            return


def play_seat(game: Game, seats: Mapping[int, Seat], opponents: Mapping[int, Agent] | None = None) -> tuple[int, list[Choice], ObjectTable] | None:
    """Play on until a seat must be asked: every seat takes what it takes by itself and the
    `opponents` (agents by player index) play their decisions. Returns (player, choices, table)
    of the seat to ask, or None when the game is over. A decision of a player with neither a seat
    nor an agent is an error."""
    opponents = opponents or {}
    while game.decision is not None:
        p = _deciding(game)
        seat = seats.get(p)
        if seat is not None:
            r = seat.decide(game)
            if isinstance(r, Action):
                game.act(r)
                continue
            return p, r[0], r[1]
        agent = opponents.get(p)
        if agent is None:
            raise RuntimeError(f"{game.players[p].name} must decide but has neither a learning seat nor an agent")
        game.act(agent.act(game))
    return None


def _deciding(game: Game) -> int:
    assert game.pending is not None
    return game.pending.player


def by_index(choices: Iterable[Choice]) -> dict[int, Choice]:
    return {c.index: c for c in choices if c.index >= 0}
