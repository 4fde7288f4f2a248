"""Solving puzzles: an AND-OR search for a line that reaches the goal against every answer.

Where P1 decides, one good action is enough (an OR node); where the opponent decides (blocks,
choices, responses at instant speed), every action it has must still lead to the goal (an AND
node), as a mate-in-N solver treats the defender. A decision with one legal action is taken
without branching. Positions are compared by the combo lab's canonical key (object ids ignored,
so identical lands are one choice) with the combat state, the targets on the stack and the
effects of resolved spells and abilities as the objects they are on (`_described`), and a transposition table remembers
what was proven or refuted (at which depth).

The search first runs a pay phase (mtg_env/puzzle_pay.py: P1 casts a spell or activates an
ability together with one smallest set of simple mana sources that pays it, one child per set
and X, and taps a simple source no other way; otherwise as the fast phase; its own table) and
the fast phase in turns, each turn a slice of the budget that doubles every round (1/64 of it
first), up to `fast_share` (50%) of the budget in all (`_fast_rounds`).
The fast phase (mtg_env/puzzle_order.py): P1's moves pruned and ordered
(mana made is spent before P1 passes, larger X first and X = 0 last for a spell, never for an
ability, P1 only passes in a quiet step with an empty stack, spells and other
abilities before mana abilities), the opponent's answers all searched, every result remembered
in a table of its own (an unknown one with the line length it had left), lines of at most 24
then 48 choices. Its lines are real lines; its refutations hold only for its pruned moves, so
it never refutes. The complete search follows. The budget's seconds are CPU seconds of the search process (time.process_time: the
target is one core on a shared machine); `wall_seconds` reports the wall clock.

The complete search runs in two phases. First it deepens iteratively (the number of decisions with a
choice on the line) up to `shallow` choices, so a short forced win is found as the shortest one.
A real puzzle's line is longer than that (PP01 takes some twenty choices: each mana ability, each
pass that resolves a spell, each target), and deepening to it repeats an exponential amount of
work; so the second phase is one depth-first search without a depth limit over the same table.
Within the puzzle's turns every line ends (cards are spent, the turn count grows), and a position
met again on its own line is cut (repeating a position never helps P1 reach the goal, and lets
the opponent hold it off for ever); a refutation that relied on such a cut is not remembered, so
the table never holds a result that depends on the path. What this phase finds is a winning line,
not necessarily the shortest. It runs in passes that search lines of at most 50 choices, then
100, 200 and `max_depth` (400): a line that can grow without end (a free ability activated again
and again, each copy one more item on the stack) is followed only so far before the other lines
are tried, and a shallow line is not found behind hundreds of useless ones. A line cut at a
pass's cap is unknown, so only the last pass can refute what the shorter ones could not settle.

A node's children are made one at a time, as the search reaches them (a won OR node or a refuted
AND node never builds the rest), and a child's key and legal actions, computed once, are handed
down instead of recomputed (the same tree and line, in about half the time on PS_AER1).

The reported line is every action in order, the opponent's included: for each opponent
decision, the answer whose refutation took longest (its most stubborn defence).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .combo import quantities, structure
from .core.objects import Context
from .engine.game import Game
from .puzzle import Puzzle
from .puzzle_order import fast_moves, floating, order_moves, quiet_step
from .puzzle_pay import PayMove, apply, dead_x, pay_children

WIN, LOSS, UNKNOWN = 1, 0, -1


@dataclass
class PuzzleResult:
    name: str
    goal: str
    turns: int
    solved: bool
    line: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0
    #: wall-clock seconds (`seconds` is the CPU time of the search process, what the budget counts)
    wall_seconds: float = 0.0
    #: the whole tree was searched to the turn limit without a solution: there is none
    refuted: bool = False
    unsupported: list[str] = field(default_factory=list)
    #: the moves that mattered: P1's choices other than passing, and the opponent's answers
    #: other than passing (the line also has every forced action and pass)
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "goal": self.goal, "turns": self.turns, "solved": self.solved,
                "line": self.line, "nodes": self.nodes, "seconds": round(self.seconds, 3),
                "wall_seconds": round(self.wall_seconds, 3),
                "unsupported": self.unsupported, "moves": self.moves}


class _Budget(Exception):
    pass


class _FastBudget(Exception):
    """The fast phase has spent its share of the budget."""


class PuzzleSearch:
    def __init__(self, puzzle: Puzzle, max_nodes: int | None = None, max_seconds: float = 60.0,
                 shallow: int = 6, max_depth: int = 400, max_forced: int = 2000,
                 fast: tuple[int, ...] = (24, 48), fast_share: float = 0.5,
                 pay: tuple[int, ...] = (24, 48), first_slice: float = 1 / 64):
        self.puzzle = puzzle
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.shallow = shallow
        self.max_depth = max_depth
        self.max_forced = max_forced
        #: the fast phase's line caps (none: no fast phase)
        self.fast_caps = fast
        #: the fast phase stops after this share of the nodes or seconds of the budget
        self.fast_share = fast_share
        self.fast_nodes = None if max_nodes is None else int(max_nodes * fast_share)
        #: the pay phase's line caps (mtg_env/puzzle_pay.py; it takes turns with the fast phase
        #: within `fast_share` of the budget, the first turns `first_slice` of it each)
        self.pay_caps = pay
        self.first_slice = first_slice
        self.deadline_s = 0.0
        self.deadline_n: int | None = None
        #: whether the search now is the pay phase (a fast phase whose P1 pays as it casts)
        self.pay = False
        self.pay_tt: dict[tuple[Any, ...], tuple[int, int, list[tuple[str, bool]]]] = {}
        #: whether the search now is the fast phase (P1's moves pruned, every result remembered)
        self.fast = False
        #: the fast phase's table (its refutations hold only for its pruned moves)
        self.fast_tt: dict[tuple[Any, ...], tuple[int, int, list[tuple[str, bool]]]] = {}
        self.nodes = 0
        self.start_life = {p.index: p.life for p in puzzle.game.players}
        #: key -> (status, depth searched, line): a WIN or LOSS holds at any depth, UNKNOWN below it
        self.tt: dict[tuple[Any, ...], tuple[int, int, list[tuple[str, bool]]]] = {}
        #: the positions on the line being searched (the unbounded phase's repetition cut)
        self.path: set[tuple[Any, ...]] = set()
        #: the longest line (positions with a choice) the unbounded phase searches now
        self.line_cap = max_depth

    def run(self) -> PuzzleResult:
        pz = self.puzzle
        w0 = time.perf_counter()
        t0 = self.t0 = time.process_time()
        status, line = UNKNOWN, list[tuple[str, bool]]()
        try:
            status, line = self._fast_rounds()
            self.fast = self.pay = False
            if status != WIN:
                status = UNKNOWN
            for depth in range(1, self.shallow + 1):
                if status != UNKNOWN:
                    break
                status, line, _ = self._prove(pz.game.clone(), depth)
            for cap in self.caps():
                if status != UNKNOWN:
                    break
                self.line_cap = cap
                status, line, _ = self._prove(pz.game.clone(), None)
        except _Budget:
            status = UNKNOWN
        won = status == WIN
        return PuzzleResult(pz.name, pz.goal, pz.turns, won, [label for label, _ in line] if won else [],
                            self.nodes, time.process_time() - t0, time.perf_counter() - w0,
                            refuted=status == LOSS,
                            moves=[label for label, chosen in line if chosen and label != "pass"] if won else [])

    def _fast_rounds(self) -> tuple[int, list[tuple[str, bool]]]:
        """The pay phase and the fast phase in turns, each given a slice of the budget that
        doubles every round (1/64 of it first), up to `fast_share` of it in all: a line one of
        them finds quickly is not waited for behind the other's whole share. Each keeps its table
        across its turns, so a turn goes on where the last one stopped (what it had settled is
        looked up, not searched again). A phase that searched its last cap to the end has nothing
        more to find and gets no more turns."""
        pz = self.puzzle
        limit_s = self.max_seconds * self.fast_share
        limit_n = self.fast_nodes
        phases = [pay for pay, caps in ((True, self.pay_caps), (False, self.fast_caps)) if caps]
        slice_s = self.max_seconds * self.first_slice
        slice_n = None if self.max_nodes is None else max(1, int(self.max_nodes * self.first_slice))
        done: set[bool] = set()
        self.fast = True
        while len(done) < len(phases):
            for pay in phases:
                if pay in done:
                    continue
                spent = time.process_time() - self.t0
                if spent >= limit_s or (limit_n is not None and self.nodes >= limit_n):
                    return UNKNOWN, []
                self.pay = pay
                self.deadline_s = min(spent + slice_s, limit_s)
                self.deadline_n = None if limit_n is None or slice_n is None else min(self.nodes + slice_n, limit_n)
                try:
                    for cap in self.pay_caps if pay else self.fast_caps:
                        self.line_cap = cap
                        status, line, _ = self._prove(pz.game.clone(), None)
                        if status == WIN:
                            return status, line
                    done.add(pay)
                except _FastBudget:
                    pass
            slice_s *= 2
            slice_n = None if slice_n is None else slice_n * 2
        return UNKNOWN, []

    def caps(self) -> list[int]:
        """The unbounded phase's line lengths, doubling up to `max_depth`: a line of free
        activations stacking up (an {X} ability with X = 0, again and again) is followed only
        so far before the other lines are tried; each pass is a complete search of the lines up
        to its length (a line cut at the cap is unknown, never refuted, and an unknown result
        is not reused by the next pass)."""
        caps, cap = [], 50
        while cap < self.max_depth:
            caps.append(cap)
            cap *= 2
        return caps + [self.max_depth]

    def _key(self, g: Game) -> tuple[Any, ...]:
        c = g.combat
        combat = (tuple(c.attackers), tuple(sorted(c.attack_targets.items())),
                  tuple(sorted((a, tuple(b)) for a, b in c.blocks.items())), c.first_strike_done, c.damage_dealt)
        return (structure(g, 0), quantities(g, 0, self.start_life), combat,
                tuple(p.life for p in g.players), tuple(p.lands_played for p in g.players),
                tuple(_task_key(t) for t in g.tasks), _stack_targets(g), _object_effects(g), _own_tokens(g), _turn_facts(g))

    def _forward(self, g: Game, line: list[tuple[str, bool]]) -> list[Any] | None:
        """Take every decision that has a single legal action; the legal actions of the
        decision it stops at (None if it stops for another reason)."""
        for _ in range(self.max_forced):
            if g.decision is None or self.puzzle.reached(g):
                return None
            legal: list[Any] = g.legal_actions()
            chosen = False
            if self.fast and g.decision.player == g.players[0].name:
                # the fast phase's P1 may be left one action, or none
                chosen = len(legal) > 1
                legal = self._p1_moves(g, legal)
            if len(legal) != 1:
                return legal
            only = legal[0]
            if isinstance(only, PayMove):
                labels = apply(g, only)
                if labels is None:
                    return []
                line.extend((label, True) for label in labels)
                continue
            line.append((only.label, chosen))
            g.act(only)
        return None

    def _p1_moves(self, g: Game, legal: list[Any]) -> list[Any]:
        """P1's moves in the fast phases: the pay phase's at priority (mtg_env/puzzle_pay.py,
        no passing while mana P1 made floats), else the fast phase's (mtg_env/puzzle_order.py)."""
        d = g.decision
        if d is not None and d.kind == "priority" and quiet_step(g):
            passes = [a for a in legal if a.label == "pass"]
            if passes:
                return passes
        if self.pay and d is not None and d.kind == "priority":
            moves = pay_children(g, 0, legal)
            if floating(g, 0):
                moves = [m for m in moves if m.label != "pass"]
            return moves
        fast = fast_moves(g, legal)
        if d is not None and d.kind == "priority":
            # an X the pool pays only as 0 comes last, before passing (as in the pay phase)
            zero = [a for a in fast if a.label != "pass" and dead_x(g, 0, a)]
            if zero:
                fast = [a for a in fast if a not in zero]
                zero = [a for a in zero if a.kind == "cast"]
                k = len(fast) - (1 if fast and fast[-1].label == "pass" else 0)
                fast[k:k] = zero
        return fast

    def _prove(self, g: Game, depth: int | None,
               key: tuple[Any, ...] | None = None) -> tuple[int, list[tuple[str, bool]], bool]:
        """The status of `g` searched `depth` choices deep (None: without a limit), the line
        (label, chosen) to the goal if it is won, and whether a refutation relied on cutting a
        repeated position (then it holds on this line only and is not remembered). `key`: the
        position's key if the caller has it (it still holds if no forced action is taken)."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        spent = time.process_time() - self.t0
        if spent > self.max_seconds:
            raise _Budget
        if self.fast and (spent > self.deadline_s or
                          (self.deadline_n is not None and self.nodes > self.deadline_n)):
            raise _FastBudget
        forced: list[tuple[str, bool]] = []
        legal = self._forward(g, forced)
        pz = self.puzzle
        if pz.reached(g):
            return WIN, forced, False
        if g.decision is None or g.turn_state.number > pz.last_turn:
            return LOSS, forced, False
        if depth == 0 or (depth is None and len(self.path) >= self.line_cap):
            return UNKNOWN, forced, False
        if key is None or forced:
            key = self._key(g)
        fast = self.fast
        tt = (self.pay_tt if self.pay else self.fast_tt) if fast else self.tt
        # the fast phase remembers an unknown result with the line length it had left
        left = self.line_cap - len(self.path) if fast else depth
        seen = tt.get(key)
        if seen is not None and (seen[0] != UNKNOWN or (left is not None and seen[1] >= left)):
            return seen[0], forced + seen[2], False
        if key in self.path:
            return LOSS, forced, True  # the position repeats on this line
        ours = g.decision.player == g.players[0].name
        actions = list(legal if legal is not None else g.legal_actions())
        if ours and legal is None:
            actions = self._p1_moves(g, actions) if fast else order_moves(g, actions)
        elif ours and not fast:
            actions = order_moves(g, actions)
        unknown = cyclic = False
        longest: list[tuple[str, bool]] | None = None
        result: tuple[int, list[tuple[str, bool]]] | None = None
        self.path.add(key)
        try:
            keys: set[tuple[Any, ...]] = set()
            for act in actions:
                # each child is made only when it is reached: a won OR node or a refuted AND node
                # stops before its later children are ever built
                c = g.clone()
                if isinstance(act, PayMove):
                    labels = apply(c, act)
                    if labels is None:
                        continue
                else:
                    c.act(act)
                    labels = [act.label]
                k = self._key(c)
                if k in keys:
                    continue  # a symmetric choice (an identical land, say)
                keys.add(k)
                steps = [(label, True) for label in labels]
                status, sub, cut = self._prove(c, None if depth is None else depth - 1, k)
                if ours and status == WIN:
                    result = (WIN, steps + sub)  # one good action is enough
                    break
                if not ours and status == LOSS:
                    result = (LOSS, [])  # one answer refutes it
                    cyclic = cut
                    break
                cyclic = cyclic or cut
                if status == UNKNOWN:
                    unknown = True
                elif not ours and (longest is None or len(sub) + 1 > len(longest)):
                    longest = steps + sub
        finally:
            self.path.discard(key)
        if result is None:
            if unknown:
                result = (UNKNOWN, [])
            elif ours:
                result = (LOSS, [])
            else:
                result = (WIN, longest or [])
        if fast:
            tt[key] = (result[0], -1 if left is None else left, result[1])
        elif not cyclic or result[0] == WIN:
            tt[key] = (result[0], -1 if depth is None else depth, result[1])
        return result[0], forced + result[1], cyclic and result[0] == LOSS


def _described(g: Game, i: int) -> tuple[Any, ...]:
    """An object as the key tells it apart without its id: controller, name, zone, tapped, sick,
    counters, damage, token, and the effects of resolved spells and abilities on it (two Illusion
    tokens, one of which can't block this turn, are not the same target)."""
    o = g.objects[i]
    return (o.controller, g.name_of(i), o.zone, o.tapped, o.sick, tuple(sorted(o.counters.items())),
            o.damage, o.token, tuple(sorted(repr(e.modification) for e in g.effects.layered if e.target == i)))


#: the turn's facts (cards/turnfacts.py) that hold object ids, each entry's parts marked True where
#: it is an object: they are described by name, as the rest of the key is
_OBJECT_FACTS = {"entered": (True,), "damaged": (True, True), "damaged_by_creature": (False, True)}


def _turn_facts(g: Game) -> tuple[Any, ...]:
    """What happened this turn that cards ask about: the spells cast (storm, CR 702.40a), raid,
    revolt, morbid, damage dealt, draws, what entered (cards/turnfacts.py; the combo key leaves
    them out: a position after a creature died and the same one without were one)."""
    ts = g.turn_state
    facts: list[tuple[str, Any]] = []
    for k, v in ts.facts.items():
        shape = _OBJECT_FACTS.get(k)
        if shape is None:
            facts.append((k, tuple(sorted(map(repr, v))) if isinstance(v, list) else repr(v)))
            continue
        entries = []
        for e in v:
            parts = e if isinstance(e, tuple) else (e,)
            entries.append(tuple((g.name_of(x) if x in g.objects else "?") if obj else x
                                 for x, obj in zip(parts, shape, strict=False)))
        facts.append((k, tuple(sorted(entries, key=repr))))
    return ts.spells_cast, tuple(sorted(ts.damaged)), tuple(sorted(facts, key=repr))


def _own_tokens(g: Game) -> tuple[Any, ...]:
    """P1's tokens as what they are (the combo key only counts them, a loop's growth: a Clue and
    an untapped 4/4 token were one position), as `structure` describes a permanent."""
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.token and o.controller == 0:
            att = g.name_of(o.attached_to) if o.attached_to in g.objects else None
            out.append((g.name_of(oid), g.chars(oid).power, g.chars(oid).toughness, o.tapped, o.sick,
                        tuple(sorted(o.counters.items())), att, o.damage))
    return tuple(sorted(out, key=repr))


def _object_effects(g: Game) -> tuple[Any, ...]:
    """The effects of resolved spells and abilities with the objects they apply to (the combo
    key names an effect's object by its name only: "can't block" on one of two Illusion tokens
    and a tapped other was one position with it on the tapped one), and the shields and
    prevention on objects (CR 701.19a, 615)."""
    e = g.effects
    on = {x.target for x in e.layered if x.target is not None and x.target in g.objects}
    refs = [r for r, _n in e.prevention] + [r for _w, r, _c in e.prevent_all]
    shields = tuple(sorted(_described(g, i) for i in e.regeneration + e.no_regeneration if i in g.objects))
    return (tuple(sorted(_described(g, i) for i in on)), shields,
            tuple(sorted((_ref(g, r), n) for r, n in e.prevention)),
            tuple(sorted((w, _ref(g, r), c) for w, r, c in e.prevent_all)) if refs else ())


def _ref(g: Game, ref: tuple[str, int]) -> tuple[Any, ...]:
    kind, i = ref
    if kind == "player" or i not in g.objects:
        return ref
    return _described(g, i)


def _stack_targets(g: Game) -> tuple[Any, ...]:
    """The targets of the spells and abilities on the stack as the permanents or cards they are
    (controller, name, zone, tapped, sick, counters, damage, token): the combo key names a target
    by its name only, so a spell aimed at the opponent's Gurmag Angler and one aimed at P1's own
    were one position, and the search tried only the first of the two (CR 601.2c: the target
    chosen is that object)."""
    out: list[Any] = []
    for item in g.stack:
        for ref in item.ctx.targets:
            kind, i = ref
            o = g.objects.get(i) if kind != "player" and kind != "stack" else None
            if o is None:
                out.append(ref if kind == "player" else (kind,))
            else:
                out.append(_described(g, i))
    return tuple(out)


def _plain(v: Any) -> Any:
    """A value as a key: plain data as it is, sequences and dicts of it as tuples, a Context by
    its slots, a hashable object as itself; anything else by its type only."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return tuple(_plain(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted(((repr(k), _plain(x)) for k, x in v.items()), key=lambda kv: kv[0]))
    if isinstance(v, Context):
        return tuple(_plain(getattr(v, name, None)) for name in Context.__slots__)
    try:
        hash(v)
    except TypeError:
        return type(v).__name__
    return v


def _task_key(t: Any) -> tuple[Any, ...]:
    """A task in progress as a key: what was chosen so far (X, targets, modes, the stage) tells
    apart positions whose board and pending question are the same (X 3 and X 4 both ask for a
    target next)."""
    if dataclasses.is_dataclass(t):
        return (type(t).__name__, *(_plain(getattr(t, f.name)) for f in dataclasses.fields(t)))
    return (type(t).__name__,)


def solve(puzzle: Puzzle, max_nodes: int | None = None, max_seconds: float = 60.0) -> PuzzleResult:
    return PuzzleSearch(puzzle, max_nodes, max_seconds).run()


@dataclass
class AgentRun:
    """How often an agent, playing P1 against `opponent`, reaches a puzzle's goal."""

    name: str
    agent: str
    opponent: str
    games: int
    reached: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.reached / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "agent": self.agent, "opponent": self.opponent, "games": self.games,
                "reached": self.reached, "rate": round(self.rate, 4), "seconds": round(self.seconds, 3)}


def _over(pz: Puzzle) -> Callable[[Game], bool]:
    def over(g: Game) -> bool:
        return pz.reached(g) or g.turn_state.number > pz.last_turn
    return over


def play_puzzle(path: str, agent: str, opponent: str = "heuristic", games: int = 10, seed: int = 0,
                max_actions: int = 20_000) -> AgentRun:
    """Play the puzzle `games` times (seeds `seed`, `seed + 1`, ...) with the agent named `agent`
    as P1 and `opponent` as P2; count the games in which the goal was reached."""
    from .play import play_game
    from .puzzle import load_puzzle
    from .registry import make_agent
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    t0 = time.perf_counter()
    reached = 0
    name = ""
    for i in range(games):
        pz = load_puzzle(path)
        name = pz.name
        players = [make_agent(agent, seed=seed + i), make_agent(opponent, seed=seed + i)]
        game = play_game(pz.game, players, max_actions=max_actions, until=_over(pz))
        reached += pz.reached(game)
    return AgentRun(name, agent, opponent, games, reached, time.perf_counter() - t0)
