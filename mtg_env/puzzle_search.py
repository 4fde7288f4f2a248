"""Solving puzzles: an AND-OR search for a line that reaches the goal against every answer.

Where P1 decides, one good action is enough (an OR node); where the opponent decides (blocks,
choices, responses at instant speed), every action it has must still lead to the goal (an AND
node), as a mate-in-N solver treats the defender. A decision with one legal action is taken
without branching. Positions are compared by the combo lab's canonical key (object ids ignored,
so identical lands are one choice) with the combat state, and a transposition table remembers
what was proven or refuted (at which depth).

The search runs in two phases. First it deepens iteratively (the number of decisions with a
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
    #: the whole tree was searched to the turn limit without a solution: there is none
    refuted: bool = False
    unsupported: list[str] = field(default_factory=list)
    #: the moves that mattered: P1's choices other than passing, and the opponent's answers
    #: other than passing (the line also has every forced action and pass)
    moves: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "goal": self.goal, "turns": self.turns, "solved": self.solved,
                "line": self.line, "nodes": self.nodes, "seconds": round(self.seconds, 3),
                "unsupported": self.unsupported, "moves": self.moves}


class _Budget(Exception):
    pass


class PuzzleSearch:
    def __init__(self, puzzle: Puzzle, max_nodes: int | None = None, max_seconds: float = 60.0,
                 shallow: int = 6, max_depth: int = 400, max_forced: int = 2000):
        self.puzzle = puzzle
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.shallow = shallow
        self.max_depth = max_depth
        self.max_forced = max_forced
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
        t0 = self.t0 = time.perf_counter()
        status, line = UNKNOWN, list[tuple[str, bool]]()
        try:
            for depth in range(1, self.shallow + 1):
                status, line, _ = self._prove(pz.game.clone(), depth)
                if status != UNKNOWN:
                    break
            for cap in self.caps():
                if status != UNKNOWN:
                    break
                self.line_cap = cap
                status, line, _ = self._prove(pz.game.clone(), None)
        except _Budget:
            status = UNKNOWN
        won = status == WIN
        return PuzzleResult(pz.name, pz.goal, pz.turns, won, [label for label, _ in line] if won else [],
                            self.nodes, time.perf_counter() - t0, refuted=status == LOSS,
                            moves=[label for label, chosen in line if chosen and label != "pass"] if won else [])

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
                tuple(_task_key(t) for t in g.tasks))

    def _forward(self, g: Game, line: list[tuple[str, bool]]) -> list[Any] | None:
        """Take every decision that has a single legal action; the legal actions of the
        decision it stops at (None if it stops for another reason)."""
        for _ in range(self.max_forced):
            if g.decision is None or self.puzzle.reached(g):
                return None
            legal = g.legal_actions()
            if len(legal) != 1:
                return legal
            line.append((legal[0].label, False))
            g.act(legal[0])
        return None

    def _prove(self, g: Game, depth: int | None,
               key: tuple[Any, ...] | None = None) -> tuple[int, list[tuple[str, bool]], bool]:
        """The status of `g` searched `depth` choices deep (None: without a limit), the line
        (label, chosen) to the goal if it is won, and whether a refutation relied on cutting a
        repeated position (then it holds on this line only and is not remembered). `key`: the
        position's key if the caller has it (it still holds if no forced action is taken)."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        if time.perf_counter() - self.t0 > self.max_seconds:
            raise _Budget
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
        seen = self.tt.get(key)
        if seen is not None and (seen[0] != UNKNOWN or (depth is not None and seen[1] >= depth)):
            return seen[0], forced + seen[2], False
        if key in self.path:
            return LOSS, forced, True  # the position repeats on this line
        ours = g.decision.player == g.players[0].name
        actions = list(legal if legal is not None else g.legal_actions())
        if ours:
            # try what does something before passing
            actions.sort(key=lambda a: a.label == "pass")
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
                c.act(act)
                k = self._key(c)
                if k in keys:
                    continue  # a symmetric choice (an identical land, say)
                keys.add(k)
                label = act.label
                status, sub, cut = self._prove(c, None if depth is None else depth - 1, k)
                if ours and status == WIN:
                    result = (WIN, [(label, True)] + sub)  # one good action is enough
                    break
                if not ours and status == LOSS:
                    result = (LOSS, [])  # one answer refutes it
                    cyclic = cut
                    break
                cyclic = cyclic or cut
                if status == UNKNOWN:
                    unknown = True
                elif not ours and (longest is None or len(sub) + 1 > len(longest)):
                    longest = [(label, True)] + sub
        finally:
            self.path.discard(key)
        if result is None:
            if unknown:
                result = (UNKNOWN, [])
            elif ours:
                result = (LOSS, [])
            else:
                result = (WIN, longest or [])
        if not cyclic or result[0] == WIN:
            self.tt[key] = (result[0], -1 if depth is None else depth, result[1])
        return result[0], forced + result[1], cyclic and result[0] == LOSS


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
