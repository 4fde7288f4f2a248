"""Fuzzing: games played through the whole public API with the engine's invariants checked
after every action (in the spirit of OpenSpiel's random_sim_test), from random decks drawn from
the supported card pool (`mtg-env fuzz --games N --pool all`).

After every action: the state is plain JSON data; labels are unique and each action's
attributes are what interface.md §2 says; a game that isn't over waits on a decision with legal
actions; no mana count is negative; every object is in exactly one zone. A sample of the listed
actions is taken on clones (each must succeed, and acting on a clone must not touch the
original); now and then a pickled copy and a clone replay the same actions to the same state and
log. Any exception or broken invariant is a failure, reported with what reproduces it: the
format, the seed, the decks and the actions taken.
"""

from __future__ import annotations

import json
import pickle
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core.actions import Action
from .engine.decks import Deck, new_game
from .engine.game import Game

# ---------------------------------------------------------------------------------------------
# invariants


def check_zones(game: Game) -> None:
    """Each object is in exactly one zone list, and its `.zone` says which."""
    where: Counter[int] = Counter()
    zone_of: dict[int, str] = {}
    for p in game.players:
        zones = [("library", p.library), ("hand", p.hand), ("graveyard", p.graveyard), ("exile", p.exile)]
        if hasattr(p, "command"):  # the command zone (CR 408), used by Commander
            zones.append(("command", p.command))
        for zone, ids in zones:
            for oid in ids:
                where[oid] += 1
                zone_of[oid] = zone
                assert game.objects[oid].owner == p.index, f"{oid} is in a zone of a player who doesn't own it"
    for oid in game.battlefield:
        where[oid] += 1
        zone_of[oid] = "battlefield"
    for item in game.stack:
        if item.kind == "spell" and item.obj_id is not None:  # a spell copy is an object too (CR 707.10)
            where[item.obj_id] += 1
            zone_of[item.obj_id] = "stack"
    assert set(where) == set(game.objects), (
        f"objects in no zone: {sorted(set(game.objects) - set(where))}; "
        f"ids in zones but not objects: {sorted(set(where) - set(game.objects))}")
    twice = [oid for oid, n in where.items() if n > 1]
    assert not twice, f"objects in more than one zone: {twice}"
    for oid, obj in game.objects.items():
        assert obj.zone == zone_of[oid], f"{obj!r} says {obj.zone} but is in {zone_of[oid]}"


def check_action_attributes(a: Action) -> None:
    """interface.md §2: what each attribute holds for each kind."""
    assert isinstance(a.kind, str) and a.kind and isinstance(a.label, str) and a.label.strip() == a.label
    assert "\n" not in a.label and "\r" not in a.label, f"a label must be one line: {a.label!r}"
    if a.kind in ("play", "cast", "activate"):
        assert a.source and a.source in a.label, a
    if a.kind == "activate":
        assert a.ability, a
    if a.kind == "target":
        assert a.target and a.target in a.label, a
    if a.kind == "x":
        assert isinstance(a.value, int) and a.label == f"x {a.value}", a
    if a.kind == "color":
        assert a.value in tuple("WUBRGC") and a.label == f"color {a.value}", a
    if a.kind == "pass":
        assert a.label == "pass"


def check_invariants(game: Game) -> list[Action]:
    """Every invariant of the module docstring that one position has; returns its legal actions."""
    state = game.state_json()
    json.dumps(state)  # plain data
    legal = game.legal_actions()
    for a in legal:
        check_action_attributes(a)
    labels = [a.label for a in legal]
    assert len(set(labels)) == len(labels), f"labels not unique: {[lab for lab in labels if labels.count(lab) > 1]}"
    if state["game_over"]:
        assert game.decision is None and not legal and state["decision"] is None
    else:
        assert game.decision is not None and legal, "a game that is not over must wait on a decision"
        assert state["decision"]["player"] == game.decision.player
    for p in game.players:
        assert all(n >= 0 for n in p.pool.counts), f"{p.name}'s pool has a negative count: {p.pool.counts}"
        assert all(r.amount >= 0 for r in p.pool.restricted)
    for p in state["players"]:
        assert all(n >= 0 for n in p["mana"].values())
    check_zones(game)
    return legal


def check_sample_actions(game: Game, legal: list[Action], rng: random.Random, sample: int = 3) -> None:
    """Every listed action succeeds when taken (on clones), and acting on a clone never touches
    the original."""
    before = game.state_json()
    log_len = len(game.log)
    for action in rng.sample(legal, min(sample, len(legal))):
        c = game.clone()
        c.act(action)
        check_zones(c)
    assert game.state_json() == before, "acting on a clone changed the original"
    assert len(game.log) == log_len


def random_choice(game: Game, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action; passing a bit more often than uniformly moves games on."""
    passes = [a for a in legal if a.kind == "pass"]
    if passes and rng.random() < 0.35:
        return passes[0]
    return rng.choice(legal)


Chooser = Callable[[Game, list[Action], random.Random], Action]


def play_checked(game: Game, rng: random.Random, steps: int = 400, deep: bool = True,
                 choose: Chooser = random_choice, checkpoint_every: int = 25, replay: int = 8,
                 taken: list[str] | None = None) -> list[str]:
    """Play `steps` actions (or to the end) checking every invariant; returns the labels taken
    (appended to `taken` as they are taken, if given)."""
    taken = [] if taken is None else taken
    checkpoint: tuple[Game, Game, int] | None = None
    for i in range(steps):
        legal = check_invariants(game)
        if not legal:
            break
        if deep:
            check_sample_actions(game, legal, rng)
            if i % checkpoint_every == 0 and checkpoint is None:
                checkpoint = (pickle.loads(pickle.dumps(game)), game.clone(), len(taken))
        action = choose(game, legal, rng)
        taken.append(action.label)
        game.act(action)
        if checkpoint is not None and len(taken) - checkpoint[2] >= replay:
            _replay_matches(game, checkpoint, taken)
            checkpoint = None
    check_invariants(game)
    if checkpoint is not None:
        _replay_matches(game, checkpoint, taken)
    return taken


def _replay_matches(game: Game, checkpoint: tuple[Game, Game, int], taken: list[str]) -> None:
    unpickled, cloned, start = checkpoint
    for copy_ in (unpickled, cloned):
        for label in taken[start:]:
            copy_.act(label)
        assert copy_.state_json() == game.state_json(), "a copy replaying the same actions diverged"
        assert copy_.log == game.log, "a copy replaying the same actions logged differently"


# ---------------------------------------------------------------------------------------------
# random decks from the supported pool

_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


@dataclass(frozen=True)
class PoolCard:
    name: str
    identity: frozenset[str]
    land: bool
    basic: bool
    legendary_creature: bool


def card_pool(pool: str = "all") -> list[PoolCard]:
    """The cards random decks are drawn from: "all" (every supported card of the database) or
    "hand-written" (the hand-written pool)."""
    from .cards import all_cards, get_card
    from .cards.database import lookup
    if pool == "hand-written":
        names = [c.name for c in all_cards()]
    elif pool == "all":
        from .cards.compiler.coverage import supported_names
        names = supported_names()
    else:
        raise ValueError(f"pool must be 'all' or 'hand-written', got {pool!r}")
    out = []
    for n in names:
        oc = lookup(n)
        if oc is None:  # a hand-written card the database doesn't have
            c = get_card(n)
            if c.is_token:
                continue
            ident, words = frozenset(c.colors), c.type_line.split("—")[0].split()
        else:
            ident, words = frozenset(oc.color_identity), oc.type_line.split("—")[0].split()
        out.append(PoolCard(n, ident, "Land" in words, "Basic" in words,
                            "Legendary" in words and "Creature" in words))
    return out


def random_deck(rng: random.Random, pool: Sequence[PoolCard], fmt: str) -> Deck:
    """A legal deck for `fmt`: two colors, basic lands and random cards of those colors (or
    colorless); for Commander a random legendary creature and 99 singleton cards of its color
    identity."""
    if fmt == "commander":
        commanders = [c for c in pool if c.legendary_creature and c.identity]
        cmd = rng.choice(commanders)
        ident = cmd.identity
        spells = [c for c in pool if not c.basic and c.name != cmd.name and c.identity <= ident]
        picked = rng.sample(spells, min(62, len(spells)))
        basics = [_BASICS[col] for col in sorted(ident)]
        lands = [basics[i % len(basics)] for i in range(99 - len(picked))]
        return Deck(f"fuzz-{cmd.name}", main=[c.name for c in picked] + lands, commander=[cmd.name])
    colors = rng.sample("WUBRG", 2)
    spells = [c for c in pool if not c.land and c.identity <= set(colors)]
    nonbasic = [c for c in pool if c.land and not c.basic and c.identity <= set(colors)]
    main = [rng.choice(spells).name for _ in range(34)] + [rng.choice(nonbasic).name for _ in range(2) if nonbasic]
    main += [_BASICS[colors[i % 2]] for i in range(60 - len(main))]
    return Deck(f"fuzz-{''.join(colors)}", main=main)


@dataclass
class FuzzFailure:
    game: int
    format: str
    agent: str
    seed: int
    error: str
    decks: list[dict[str, list[str]]]
    actions: list[str]
    traceback: str


@dataclass
class FuzzReport:
    games: int = 0
    finished: int = 0
    actions: int = 0
    seconds: float = 0.0
    pool_size: int = 0
    by_format: Counter[str] = field(default_factory=Counter)
    failures: list[FuzzFailure] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "finished": self.finished, "actions": self.actions,
                "seconds": round(self.seconds, 2), "pool_size": self.pool_size, "by_format": dict(self.by_format),
                "failures": [f.__dict__ for f in self.failures]}


FORMATS = ("duel", "goldfish", "commander")


def _agent_chooser(agent: Any) -> Chooser:
    def choose(game: Game, legal: list[Action], rng: random.Random) -> Action:
        return agent.act(game)
    return choose


def fuzz(games: int, pool: str = "all", formats: Sequence[str] = FORMATS, agents: Sequence[str] = ("random", "heuristic"),
         seed: int = 0, steps: int = 1500, deep: bool = False,
         progress: Callable[[int, FuzzReport], None] | None = None) -> FuzzReport:
    """Play `games` games from random decks of `pool`, cycling through `formats` and `agents`,
    with every invariant checked after each action (and, with `deep`, sampled actions on
    clones and pickle/clone replays)."""
    from .registry import make_agent
    cards = card_pool(pool)
    rep = FuzzReport(pool_size=len(cards))
    t0 = time.perf_counter()
    for i in range(games):
        fmt = formats[i % len(formats)]
        agent_name = agents[(i // len(formats)) % len(agents)]
        gseed = seed * 100_003 + i
        rng = random.Random(gseed)
        n = {"goldfish": 1, "duel": 2, "commander": 2}[fmt]
        decks = [random_deck(rng, cards, fmt) for _ in range(n)]
        taken: list[str] = []
        try:
            game = new_game(decks, seed=gseed, format=fmt, mana_payment="auto" if i % 2 else "manual")
            chooser: Chooser = random_choice
            if agent_name != "random":
                chooser = _agent_chooser(make_agent(agent_name, seed=gseed))
            play_checked(game, rng, steps=steps, deep=deep, choose=chooser, taken=taken)
            rep.finished += game.decision is None
        except Exception as e:  # noqa: BLE001 (every failure is reported with what reproduces it)
            rep.failures.append(FuzzFailure(i, fmt, agent_name, gseed, f"{type(e).__name__}: {e}",
                                            [{"main": d.main, "commander": d.commander} for d in decks], taken,
                                            traceback.format_exc(limit=6)))
        rep.games += 1
        rep.actions += len(taken)
        rep.by_format[fmt] += 1
        if progress is not None:
            progress(i, rep)
    rep.seconds = time.perf_counter() - t0
    return rep
