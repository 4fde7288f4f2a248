"""The combo lab: search a player's lines this turn for the best value of a goal, and detect
unbounded loops (CR 731, taking shortcuts).

The search is depth-first over `Game.clone()`, from a scenario position, over the player's own
actions this turn: passing priority only to resolve what is on the stack (with an empty stack,
passing would end the line). Positions are compared by a canonical key that ignores object ids
(identical lands are one choice: symmetric choices are pruned), a transposition table skips
positions already searched, and children are tried best first by the goal's value.

Loop detection: every position's canonical key has two parts, its *structure* (everything but
the quantities below) and its *quantities* (mana of each type in the pool, damage dealt to
opponents, own life, tokens). When the path returns to an earlier structure with no quantity
smaller and at least one larger, the actions in between are a loop that can be repeated any
number of times (CR 731.2a): the quantities that grew are unbounded. If the goal's quantity is
among them, the answer is "unbounded" and the search stops; otherwise (unbounded mana while the
goal is damage, say) that mana is shortcut to a huge amount and the search goes on, so that
loops built on top of it (Walking Ballista pinging with unbounded mana) are found too. A line
that merely repeats is not a loop: "once each turn" uses, tapped permanents and counters are
part of the structure (Mairsil's abilities).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from .core.mana import TYPES
from .engine import targets
from .engine.game import Game

GOALS = ("mana", "mana:W", "mana:U", "mana:B", "mana:R", "mana:G", "mana:C", "damage", "life", "tokens",
         "untapped", "lose")
_ID = re.compile(r"#\d+")
_KEY_ID = re.compile(r"^([gs])\d+\.")
SHORTCUT = 10**9  # "any number of times": how much a shortcut loop adds

# quantity vector: pool W U B R G C, restricted mana, damage to opponents, own life, tokens
Q_NAMES = ("W", "U", "B", "R", "G", "C", "restricted", "damage", "life", "tokens")


@dataclass
class ComboResult:
    goal: str
    value: int
    unbounded: bool
    loop: list[str] | None
    line: list[str]
    nodes: int
    seconds: float
    grows: dict[str, int] = field(default_factory=dict)
    costs: dict[str, int] = field(default_factory=dict)
    transpositions: int = 0
    shortcuts: list[dict[str, Any]] = field(default_factory=list)
    complete: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"goal": self.goal, "value": self.value, "unbounded": self.unbounded, "loop": self.loop,
                "line": self.line, "nodes": self.nodes, "seconds": round(self.seconds, 4),
                "grows": self.grows, "costs": self.costs, "transpositions": self.transpositions,
                "shortcuts": self.shortcuts, "complete": self.complete}


def quantities(g: Game, me: int, start_life: dict[int, int]) -> tuple[int, ...]:
    p = g.players[me]
    pool = p.pool.counts
    restricted = sum(r.amount for r in p.pool.restricted)
    damage = sum(start_life[q.index] - q.life for q in g.players if q.index != me)
    tokens = sum(1 for o in g.battlefield if g.objects[o].token and g.objects[o].controller == me)
    return (*pool, restricted, damage, p.life, tokens)


def structure(g: Game, me: int) -> tuple[Any, ...]:
    """Everything about the position except the quantities, without object ids."""
    perms = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.token and o.controller == me:
            continue
        att = g.name_of(o.attached_to) if o.attached_to in g.objects else None
        name = g.name_of(oid)  # and the card under a copy effect (CR 707.2: it is there again once the effect ends)
        perms.append((o.controller, name if o.card.name == name else f"{name} over {o.card.name}", o.tapped, o.sick,
                      tuple(sorted(o.counters.items())), att, o.damage))
    zones = []
    for p in g.players:
        zones.append((tuple(sorted(g.objects[o].card.name for o in p.hand)),
                      tuple(sorted(g.objects[o].card.name for o in p.graveyard)),
                      tuple(sorted((g.objects[o].card.name, tuple(sorted(g.objects[o].counters.items())))
                                   for o in p.exile)),
                      len(p.library), p.lost,
                      tuple(sorted(g.objects[o].card.name for o in p.command if g.objects[o].card.is_emblem))))
    stack = tuple((s.kind, s.ctx.source_name, s.text, s.copy, tuple(_ID.sub("", targets.ref_label(g, r)) for r in s.ctx.targets))
                  for s in g.stack)
    # uses this turn matter only for abilities limited to once each turn (Mairsil's)
    used = tuple(sorted((g.name_of(oid), _KEY_ID.sub(r"\1.", key), n)
                        for (oid, key), n in g.turn_state.activations.items() if _once(g, oid, key)))
    effects = tuple(sorted((repr(e.modification), g.name_of(e.target) if e.target in g.objects else "?")
                           for e in g.effects.layered))
    d = g.decision
    decision = (d.kind, d.player, tuple(sorted(_ID.sub("", a.label) if "#" in a.label else a.label
                                               for a in g.legal_actions()))) if d else None
    return (tuple(sorted(perms)), tuple(zones), stack, used, effects, decision, g.step, g.turn,
            tuple(sorted((t.source_name, t.ability.text) for t in g.pending_triggers)))


def _once(g: Game, oid: int, key: str) -> bool:
    if oid not in g.objects:
        return False
    if key == "loyalty":
        return True  # a loyalty ability of this permanent was activated this turn (CR 606.3)
    for k, ab, _o in g.chars(oid).abilities:
        if k == key:
            return bool(getattr(ab, "once_each_turn", False))
    return False


def goal_value(goal: str, g: Game, me: int, q: tuple[int, ...]) -> int:
    if goal == "mana":
        return sum(q[:7])
    if goal.startswith("mana:"):
        return q[TYPES.index(goal[5:])]
    if goal == "damage":
        return q[7]
    if goal == "life":
        return q[8]
    if goal == "tokens":
        return q[9]
    if goal == "untapped":
        return sum(1 for o in g.battlefield if g.objects[o].controller == me and not g.objects[o].tapped)
    if goal == "lose":
        return int(any(p.lost for p in g.players if p.index != me))
    raise ValueError(f"unknown goal {goal!r}; expected one of: {', '.join(GOALS)}")


def goal_components(goal: str) -> set[int]:
    """Which quantities a goal grows with."""
    if goal == "mana":
        return {0, 1, 2, 3, 4, 5, 6}
    if goal.startswith("mana:"):
        return {TYPES.index(goal[5:])}
    return {"damage": {7}, "life": {8}, "tokens": {9}, "lose": {7}}.get(goal, set())


class _Found(Exception):
    pass


class ComboSearch:
    def __init__(self, game: Game, goal: str = "mana", max_nodes: int = 20_000, max_seconds: float = 30.0,
                 max_depth: int = 80):
        if goal not in GOALS:
            raise ValueError(f"unknown goal {goal!r}; expected one of: {', '.join(GOALS)}")
        self.root = game
        self.goal = goal
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.max_depth = max_depth
        d = game.decision
        if d is None:
            raise ValueError("the game is over: nothing to search")
        self.me = next(p.index for p in game.players if p.name == d.player)
        self.start_life = {p.index: p.life for p in game.players}
        self.nodes = 0
        self.hits = 0
        self.tt: set[tuple[Any, ...]] = set()
        self.best_value = -1
        self.best_line: list[str] = []
        self.unbounded: set[int] = set()
        self.result_loop: list[str] | None = None
        self.grows: dict[str, int] = {}
        self.costs: dict[str, int] = {}
        self.shortcuts: list[dict[str, Any]] = []
        self.complete = True
        self.depth_limit = max_depth
        self.cut = False

    # -----------------------------------------------------------------------------------------
    def run(self) -> ComboResult:
        """Iterative deepening: short loops are found before long lines are explored (a DFS
        that went deep first could stack up abilities forever)."""
        self.t0 = time.perf_counter()
        unbounded_goal = False
        limits = [d for d in (6, 12, 20, 32, 48, 64) if d < self.max_depth] + [self.max_depth]
        # the time budget holds inside one long action too: the clones share this deadline
        # (engine/limits.py), and an action still running then raises BudgetExceeded, a TimeoutError
        deadline = time.monotonic() + self.max_seconds
        try:
            for limit in limits:
                self.depth_limit = limit
                self.tt = set()
                self.unbounded = set()
                self.shortcuts = []
                self.cut = False
                root = self.root.clone()
                root.deadline = deadline
                self._dfs(root, [], [])
                if not self.cut:
                    break  # nothing was cut off by the depth limit: the search is exhaustive
        except _Found:
            unbounded_goal = True
        except TimeoutError:
            self.complete = False
        return ComboResult(self.goal, self.best_value, unbounded_goal, self.result_loop, self.best_line,
                           self.nodes, time.perf_counter() - self.t0, self.grows, self.costs, self.hits,
                           self.shortcuts, self.complete)

    def _candidates(self, g: Game) -> list[Any]:
        acts = g.legal_actions()
        d = g.decision
        if d is None or d.player != self.players_name:
            return []
        if d.kind == "priority":
            acts = [a for a in acts if a.kind != "pass" or g.stack]
            # lines this turn only: no lands to play are searched away, but a land is a choice
        return acts

    def _progress(self, g: Game) -> float:
        """Move ordering beyond the goal's value: what is on its way to the goal (+1/+1
        counters on own permanents, spells and abilities on the stack aimed at an opponent)."""
        me = self.me
        score = 0.0
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.controller == me:
                score += 0.5 * o.counters.get("+1/+1", 0) + (0.1 if not o.tapped else 0.0)
        for s in g.stack:
            if any(r[0] == "player" and r[1] != me for r in s.ctx.targets):
                score += 1.0
        return score

    @property
    def players_name(self) -> str:
        return self.root.players[self.me].name

    def _dfs(self, g: Game, path: list[tuple[Any, tuple[int, ...], int]], line: list[str]) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes or time.perf_counter() - self.t0 > self.max_seconds:
            raise TimeoutError
        q = quantities(g, self.me, self.start_life)
        value = goal_value(self.goal, g, self.me, q)
        if value > self.best_value:
            self.best_value = value
            self.best_line = list(line)
        if g.game_over:
            return
        if len(line) >= self.depth_limit:
            self.cut = True
            return
        s = structure(g, self.me)
        key = (s, q)
        if key in self.tt:
            self.hits += 1
            return
        self.tt.add(key)
        # a loop: the same structure earlier on this path, nothing smaller, something larger
        for depth, (s0, q0, at) in enumerate(path):
            if s0 != s:
                continue
            keep = [i for i in range(len(q)) if i not in self.unbounded]
            if all(q[i] >= q0[i] for i in keep) and any(q[i] > q0[i] for i in keep):
                grown = {i for i in keep if q[i] > q0[i]}
                loop = line[at:]
                if grown & goal_components(self.goal):
                    self.result_loop = loop
                    self.grows = {Q_NAMES[i]: q[i] - q0[i] for i in grown}
                    self.costs = {Q_NAMES[i]: q0[i] - q[i] for i in range(len(q)) if q[i] < q0[i]}
                    self.best_line = list(line)
                    raise _Found
                # Shortcut (CR 731.2a): repeat it any number of times, then search on.
                self.unbounded |= grown
                self.shortcuts.append({"loop": loop, "grows": {Q_NAMES[i]: q[i] - q0[i] for i in grown}})
                pool = g.players[self.me].pool
                for i in grown:
                    if i < 6:
                        pool.counts[i] += SHORTCUT
                line = line + [f"(repeat the last {len(loop)} actions any number of times)"]
                break
            del depth
        children = []
        seen: set[tuple[Any, ...]] = set()
        for a in self._candidates(g):
            c = g.clone()
            c.act(a)
            ck = (structure(c, self.me), quantities(c, self.me, self.start_life))
            if ck in seen:
                continue  # a symmetric choice (an identical land, say)
            seen.add(ck)
            cv = goal_value(self.goal, c, self.me, ck[1])
            children.append((cv, self._progress(c), a.label, c))
        children.sort(key=lambda t: (-t[0], -t[1]))
        path.append((s, q, len(line)))
        for _cv, _pr, label, c in children:
            self._dfs(c, path, line + [label])
        path.pop()


def search(game: Game, goal: str = "mana", max_nodes: int = 20_000, max_seconds: float = 30.0,
           max_depth: int = 80) -> ComboResult:
    return ComboSearch(game, goal, max_nodes, max_seconds, max_depth).run()


def verify_line(game: Game, steps: list[str]) -> tuple[bool, int, str]:
    """Play a written line; (ok, index of the failing step or -1, message)."""
    for i, step in enumerate(steps):
        try:
            game.act(step)
        except Exception as e:  # noqa: BLE001 - report any failure at its step
            return False, i, f"step {i + 1} ({step!r}) fails: {e}"
    return True, -1, f"all {len(steps)} steps are legal"


# ---------------------------------------------------------------------------------------------
# combo files and the suite


def load_combo_file(path: str) -> dict[str, Any]:
    """A combo file: `name`, `goal`, `expect` ({unbounded, value}), optional `budget`, and the
    position as `scenario` (interface.md §5). A plain scenario file is accepted too."""
    import os

    from .core.errors import ScenarioError
    from .core.inputs import InputFileError, load_yaml, read_text
    if not os.path.exists(path):
        raise ScenarioError(path, "", "no such file")
    try:
        text = read_text(path)
    except InputFileError as e:
        raise ScenarioError(path, "", str(e).removeprefix(f"{path}: ")) from None
    data = load_yaml(text, path)
    if not isinstance(data, dict):
        raise ScenarioError(path, "", "expected a mapping")
    if "scenario" not in data:
        return {"name": data.get("name", path), "goal": None, "expect": None, "scenario": data, "where": path}
    for k in data:
        if k not in ("name", "goal", "expect", "budget", "scenario", "description"):
            raise ScenarioError(path, k, "unknown key; expected one of: budget, description, expect, goal, name, "
                                "scenario")
    if data.get("goal") is not None and data["goal"] not in GOALS:
        raise ScenarioError(path, "goal", f"expected one of: {', '.join(GOALS)}")
    data["where"] = path
    return data


def run_suite(directory: str, max_nodes: int = 50_000, max_seconds: float = 20.0) -> tuple[list[dict[str, Any]], bool]:
    import glob
    import os

    from .core.errors import ScenarioError
    from .engine.scenario import build_scenario
    if not os.path.isdir(directory):
        raise ScenarioError(directory, "", "no such folder of combo files")
    paths = sorted(glob.glob(os.path.join(glob.escape(directory), "*.yaml")))
    if not paths:
        raise ScenarioError(directory, "", "no combo files (*.yaml) in this folder")
    rows = []
    ok_all = True
    for path in paths:
        spec = load_combo_file(path)
        game = build_scenario(spec["scenario"], path).game
        r = search(game, spec.get("goal") or "mana", max_nodes=spec.get("budget", max_nodes), max_seconds=max_seconds)
        exp = spec.get("expect") or {}
        ok = (exp.get("unbounded") is None or exp["unbounded"] == r.unbounded) and \
            ("value" not in exp or r.unbounded or exp["value"] == r.value)
        ok_all &= ok
        rows.append({"line": spec.get("name", path), "goal": r.goal,
                     "expected": "unbounded" if exp.get("unbounded") else str(exp.get("value", "?")),
                     "found": "unbounded" if r.unbounded else str(r.value), "ok": ok, "nodes": r.nodes,
                     "seconds": r.seconds, "result": r.to_json()})
    return rows, ok_all
