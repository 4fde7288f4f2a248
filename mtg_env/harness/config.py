"""Run configurations (YAML), validated on load before any game starts.

A tournament::

    kind: tournament
    name: Included agents and decks
    seed: 1
    format: round_robin          # round_robin | swiss | single_elimination
    games_per_match: 3           # best-of-N; play and draw alternate
    rounds: 3                    # swiss only
    turn_limit: 40
    skip_forced: true            # decisions with one legal action are taken by the engine (default)
    entrants:
      - {name: heuristic-green, agent: heuristic, deck: configs/decks/green_ramp.txt}
      - {name: random-burn, agent: random, deck: configs/decks/red_burn.txt}

Rollout statistics::

    kind: rollouts
    name: Green ramp goldfish
    seed: 1
    games: 200
    format: goldfish             # goldfish | duel
    deck: configs/decks/green_ramp.txt
    agent: heuristic
    opponent: {agent: random, deck: configs/decks/red_burn.txt}   # duel only
    goal: {kind: opponent_life_at_most, value: 0}                 # optional combo goal
    turn_limit: 20

An agent's success rate on a set of Forge puzzles (`mtg_env.puzzle`)::

    kind: puzzles
    name: Sample puzzles
    seed: 1
    puzzles: ../../tests/puzzles/samples   # a directory of .pzl files, a file, or a list of them
    games: 10                    # per puzzle
    agent: heuristic             # plays the puzzle's player (P1)
    opponent: {agent: heuristic} # plays its opponent (P2)

A puzzle whose cards or features the engine lacks is not played: the summary lists it with what
it lacks, and a file that cannot be read (broken syntax, an unknown card) with the error's file,
line and reason; the run plays the others.

Every error names the file, the key path and what was expected. Everything is checked here,
before any game starts or Ray is asked for anything: the file (a regular file of at most
`core.inputs.MAX_FILE_BYTES`, YAML within the alias and nesting bounds), every deck (readable,
every card supported, legal in the format: at least 60 cards and at most four of a card for a
duel), every agent (made once with its options, so a negative MCTS `iterations` is an error
here), and the size of the run (at most `MAX_GAMES` games; at most `ROUND_GAMES` in a round of
a Swiss or single-elimination tournament).
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import DeckError, ScenarioError
from ..core.inputs import InputFileError, load_yaml, read_text
from ..engine.decks import load_deck
from ..engine.formats import get_format
from ..paths import deck_file
from ..registry import REGISTRY, AgentRegistry, UnknownAgentError

GOALS = ("opponent_life_at_most", "mana_in_a_turn", "cast", "win")
#: the most games one run may play (every game's result row is kept in memory for the summary)
MAX_GAMES = 1_000_000
#: the most games in one round of a Swiss or single-elimination tournament (each round's games
#: are numbered from a multiple of this)
ROUND_GAMES = 10_000
#: bounds of the other numbers of a config
MAX_TURN_LIMIT = 10_000
MAX_ENTRANTS = 256
MAX_SEED = 2**63


class ConfigError(ScenarioError):
    """A run configuration is malformed (file, key path, what was expected)."""


class HarnessError(ValueError):
    """A run cannot go on: its output directory, its Ray cluster or one of its games stands in
    the way; the message says what to do."""


@dataclass
class Entrant:
    name: str
    agent: str
    deck: str
    agent_options: dict[str, Any] = field(default_factory=dict)


@dataclass
class RunConfig:
    kind: str
    name: str
    where: str
    seed: int = 1
    format: str = "duel"
    turn_limit: int = 40
    hidden_information: bool = True
    #: decisions with exactly one legal action taken by the engine (Game option skip_forced)
    skip_forced: bool = True
    # tournament
    tournament_format: str = "round_robin"
    games_per_match: int = 1
    rounds: int = 3
    entrants: list[Entrant] = field(default_factory=list)
    # rollouts
    games: int = 100
    player: Entrant | None = None
    opponent: Entrant | None = None
    goal: dict[str, Any] | None = None
    # puzzles: the files that load, and those that don't with what each lacks
    puzzles: list[str] = field(default_factory=list)
    unsupported: dict[str, list[str]] = field(default_factory=dict)


_TOP = {"kind", "name", "seed", "format", "turn_limit", "hidden_information", "skip_forced", "games_per_match",
        "rounds", "entrants", "games", "deck", "agent", "agent_options", "opponent", "goal", "puzzles"}
KINDS = ("tournament", "rollouts", "puzzles")


def _err(where: str, path: str, msg: str) -> ConfigError:
    return ConfigError(where, path, msg)


def _typed(where: str, path: str, v: Any, t: type, what: str) -> Any:
    if not isinstance(v, t) or (t is int and isinstance(v, bool)):
        raise _err(where, path, f"expected {what}, got {v!r}")
    return v


def _deck_path(where: str, path: str, v: Any, base: Path, fmt: str) -> str:
    """The deck file `v` names, read and checked against the format's rules (CR 100.2a)."""
    _typed(where, path, v, str, "a deck file path")
    found = deck_file(v, base=base)
    if found is None:
        raise _err(where, path, f"no such deck file {v!r}")
    try:
        deck = load_deck(str(found))
        get_format(fmt).validate_deck(deck, str(found))
    except DeckError as e:
        raise _err(where, path, f"bad deck: {e}") from None
    return str(found)


def _bounded(where: str, path: str, v: Any, what: str, lo: int, hi: int) -> int:
    _typed(where, path, v, int, what)
    if not lo <= v <= hi:
        raise _err(where, path, f"expected {lo} to {hi}, got {v}")
    return int(v)


def _agent(where: str, at: Any, d: dict[str, Any], agents: AgentRegistry) -> tuple[str, dict[str, Any]]:
    """A seat's `agent` (a registered name, the heuristic by default) and its `agent_options`,
    checked against the agent (`at(key)` is the key's path)."""
    agent = d.get("agent", "heuristic")
    _typed(where, at("agent"), agent, str, "an agent's name")
    try:
        agents.factory(agent)
    except UnknownAgentError as e:
        raise _err(where, at("agent"), str(e)) from None
    opts = d.get("agent_options", {}) or {}
    _typed(where, at("agent_options"), opts, dict, "a mapping of agent options")
    _check_agent_options(where, at("agent_options"), agent, opts, agents)
    return agent, opts


def _entrant(where: str, path: str, d: Any, base: Path, default_name: str, agents: AgentRegistry,
             fmt: str) -> Entrant:
    def at(key: str) -> str:
        return f"{path}.{key}" if path else key
    _typed(where, path, d, dict, "a mapping with agent and deck")
    for k in d:
        if k not in ("name", "agent", "deck", "agent_options"):
            raise _err(where, at(k), "unknown key; expected one of: agent, agent_options, deck, name")
    agent, opts = _agent(where, at, d, agents)
    if "deck" not in d:
        raise _err(where, at("deck"), "missing: a deck file is required")
    name = d.get("name", default_name)
    _typed(where, at("name"), name, str, "a name")
    if not 0 < len(name) <= 100:
        raise _err(where, at("name"), "expected a name of 1 to 100 characters")
    return Entrant(name, agent, _deck_path(where, at("deck"), d["deck"], base, fmt), opts)


def _check_agent_options(where: str, path: str, agent: str, opts: dict[str, Any], agents: AgentRegistry) -> None:
    params = agents.options(agent)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return  # the agent takes any option
    for k, v in opts.items():
        if k not in params:
            allowed = ", ".join(params) or "none"
            raise _err(where, f"{path}.{k}", f"unknown option of the {agent} agent; expected one of: {allowed}")
        default = params[k].default
        if default is not inspect.Parameter.empty and default is not None and (
                (not isinstance(v, type(default)) and not (isinstance(default, float) and isinstance(v, int)))
                or (isinstance(v, bool) and not isinstance(default, bool))):
            raise _err(where, f"{path}.{k}", f"expected {type(default).__name__}, got {v!r}")
    try:  # the agent itself judges the values (MCTS: iterations at least 1, ...)
        agents.make(agent, 0, **opts)
    except Exception as e:  # noqa: BLE001 - whatever the factory raises is a bad option here
        raise _err(where, path, f"the {agent} agent does not accept these options: {e}") from None


def load_config(source: str | os.PathLike[str] | dict[str, Any], agents: AgentRegistry | None = None) -> RunConfig:
    """Read and check a run config. Agent names and options are checked against `agents` (by
    default the process's registry, mtg_env.registry)."""
    agents = agents or REGISTRY
    if isinstance(source, dict):
        data, where, base = source, "<dict>", Path.cwd()
    else:
        where = os.fspath(source)
        if not os.path.exists(where):
            raise _err(where, "", "no such file")
        try:
            text = read_text(where)
        except InputFileError as e:
            raise _err(where, "", str(e).removeprefix(f"{where}: ")) from None
        data = load_yaml(text, where, ConfigError)
        base = Path(where).resolve().parent
    _typed(where, "", data, dict, "a mapping at the top level")
    for k in data:
        if k not in _TOP:
            raise _err(where, str(k), f"unknown key; expected one of: {', '.join(sorted(_TOP))}")
    kind = data.get("kind", "tournament")
    if kind not in KINDS:
        raise _err(where, "kind", f"expected tournament, rollouts or puzzles, got {kind!r}")
    name = data.get("name", Path(where).stem)
    if not isinstance(name, str | int | float) or isinstance(name, bool) or not 0 < len(str(name)) <= 200:
        raise _err(where, "name", f"expected a name of 1 to 200 characters, got {name!r:.80}")
    cfg = RunConfig(kind=kind, name=str(name), where=where)
    cfg.seed = _bounded(where, "seed", data.get("seed", 1), "a whole number", -MAX_SEED, MAX_SEED)
    cfg.turn_limit = _bounded(where, "turn_limit", data.get("turn_limit", 40), "a whole number", 1, MAX_TURN_LIMIT)
    cfg.hidden_information = _typed(where, "hidden_information", data.get("hidden_information", True), bool,
                                    "true or false")
    cfg.skip_forced = _typed(where, "skip_forced", data.get("skip_forced", True), bool, "true or false")
    if kind == "tournament":
        fmt = data.get("format", "round_robin")
        if fmt not in ("round_robin", "swiss", "single_elimination"):
            raise _err(where, "format", f"expected round_robin, swiss or single_elimination, got {fmt!r}")
        cfg.tournament_format = fmt
        cfg.format = "duel"
        cfg.games_per_match = _typed(where, "games_per_match", data.get("games_per_match", 1), int,
                                     "a whole number of games per match (best-of-N)")
        if cfg.games_per_match < 1:
            raise _err(where, "games_per_match", "expected at least 1")
        cfg.rounds = _typed(where, "rounds", data.get("rounds", 3), int, "a whole number of rounds")
        if not 1 <= cfg.rounds <= 1000:
            raise _err(where, "rounds", f"expected 1 to 1000, got {cfg.rounds}")
        entrants = _typed(where, "entrants", data.get("entrants"), list, "a list of entrants")
        if len(entrants) < 2:
            raise _err(where, "entrants", "expected at least two entrants")
        if len(entrants) > MAX_ENTRANTS:
            raise _err(where, "entrants", f"expected at most {MAX_ENTRANTS} entrants, got {len(entrants)}")
        cfg.entrants = [_entrant(where, f"entrants[{i}]", e, base, f"entrant{i + 1}", agents, "duel")
                        for i, e in enumerate(entrants)]
        names = [e.name for e in cfg.entrants]
        if len(set(names)) != len(names):
            raise _err(where, "entrants", f"entrant names must be unique: {names}")
    elif kind == "puzzles":
        _puzzle_run(cfg, data, base, agents)
    else:
        fmt = data.get("format", "goldfish")
        if fmt not in ("goldfish", "duel"):
            raise _err(where, "format", f"expected goldfish or duel, got {fmt!r}")
        cfg.format = fmt
        cfg.games = _typed(where, "games", data.get("games", 100), int, "a whole number of games")
        if cfg.games < 1:
            raise _err(where, "games", f"expected at least 1, got {cfg.games}")
        cfg.player = _entrant(where, "", {k: data[k] for k in ("agent", "deck", "agent_options") if k in data},
                              base, "player", agents, fmt)
        if fmt == "duel":
            if "opponent" not in data:
                raise _err(where, "opponent", "missing: a duel needs an opponent {agent, deck}")
            cfg.opponent = _entrant(where, "opponent", data["opponent"], base, "opponent", agents, fmt)
        goal = data.get("goal")
        if goal is not None:
            _typed(where, "goal", goal, dict, "a mapping {kind, value}")
            for k in goal:
                if k not in ("kind", "value"):
                    raise _err(where, f"goal.{k}", "unknown key; expected one of: kind, value")
            if goal.get("kind") not in GOALS:
                raise _err(where, "goal.kind", f"expected one of: {', '.join(GOALS)}")
            if goal["kind"] != "win" and "value" not in goal:
                raise _err(where, "goal.value", "missing")
            if goal["kind"] in ("opponent_life_at_most", "mana_in_a_turn"):
                _typed(where, "goal.value", goal["value"], int, "a whole number")
            cfg.goal = dict(goal)
            if goal["kind"] == "cast":
                from ..cards import get_card, has_card
                if not isinstance(goal["value"], str) or not has_card(goal["value"]):
                    raise _err(where, "goal.value", f"expected the name of a supported card, got {goal['value']!r}")
                # casts are counted by the card's exact name (game.stats): "lightning bolt" is "Lightning Bolt"
                cfg.goal["value"] = get_card(goal["value"]).name
    check_size(cfg, "games_per_match" if kind == "tournament" else "games")
    return cfg


def _puzzle_run(cfg: RunConfig, data: dict[str, Any], base: Path, agents: AgentRegistry) -> None:
    """The keys of a `kind: puzzles` run: the puzzle files (each loaded here, so a malformed one
    stops the run before it starts and an unsupported one is set aside with what it lacks), the
    games per puzzle and the two seats' agents (a puzzle deals its own cards: no decks)."""
    from ..puzzle import PuzzleError, UnsupportedPuzzleError, load_puzzle
    where = cfg.where
    for k in ("format", "deck", "goal", "entrants", "games_per_match", "rounds"):
        if k in data:
            raise _err(where, k, "not a key of a puzzles run (a puzzle sets its own position and goal)")
    if "puzzles" not in data:
        raise _err(where, "puzzles", "missing: a directory of .pzl files, a file, or a list of them")
    given = data["puzzles"]
    items = [given] if isinstance(given, str) else given
    _typed(where, "puzzles", items, list, "a directory, a file or a list of them")
    files: list[Path] = []
    for i, item in enumerate(items):
        path = "puzzles" if isinstance(given, str) else f"puzzles[{i}]"
        _typed(where, path, item, str, "a path")
        p = Path(item) if Path(item).is_absolute() else base / item
        if p.is_dir():
            found = sorted(p.glob("*.pzl"))
            if not found:
                raise _err(where, path, f"no .pzl files in {item!r}")
            files += found
        elif p.is_file():
            files.append(p)
        else:
            raise _err(where, path, f"no such file or directory {item!r}")
    for f in dict.fromkeys(str(f.resolve()) for f in files):
        try:
            load_puzzle(f)
        except UnsupportedPuzzleError as e:
            cfg.unsupported[f] = list(e.unsupported)
            continue
        except PuzzleError as e:
            # a file of a collection that cannot be read (broken, or a card newer than the card
            # database) is set aside with the error's file, line and reason, as an unsupported one
            cfg.unsupported[f] = [f"cannot be read: {e}"]
            continue
        cfg.puzzles.append(f)
    cfg.games = _typed(where, "games", data.get("games", 10), int, "a whole number of games per puzzle")
    if cfg.games < 1:
        raise _err(where, "games", f"expected at least 1, got {cfg.games}")
    cfg.player = _seat_agent(where, "", {k: data[k] for k in ("agent", "agent_options") if k in data},
                             "player", agents)
    cfg.opponent = _seat_agent(where, "opponent", data.get("opponent", {}), "opponent", agents)


def _seat_agent(where: str, path: str, d: Any, name: str, agents: AgentRegistry) -> Entrant:
    """A puzzle seat: an agent and its options (no deck)."""
    def at(key: str) -> str:
        return f"{path}.{key}" if path else key
    _typed(where, path, d, dict, "a mapping with agent and agent_options")
    for k in d:
        if k not in ("agent", "agent_options"):
            raise _err(where, at(k), "unknown key; expected one of: agent, agent_options")
    agent, opts = _agent(where, at, d, agents)
    return Entrant(name, agent, "", opts)


def games_in(cfg: RunConfig) -> tuple[int, int]:
    """(games in the whole run, the most games in one round)."""
    if cfg.kind == "puzzles":
        return len(cfg.puzzles) * cfg.games, len(cfg.puzzles) * cfg.games
    if cfg.kind == "rollouts":
        return cfg.games, cfg.games
    n, per = len(cfg.entrants), cfg.games_per_match
    if cfg.tournament_format == "round_robin":
        return n * (n - 1) // 2 * per, n * (n - 1) // 2 * per
    if cfg.tournament_format == "swiss":
        return cfg.rounds * (n // 2) * per, (n // 2) * per
    return (n - 1) * per, (n // 2) * per  # single elimination: every match but the final's winner loses once


def check_size(cfg: RunConfig, key: str) -> None:
    """At most MAX_GAMES games in the run (and ROUND_GAMES in a round of Swiss or single
    elimination); `key` is what set the number (a config key or a command-line flag)."""
    total, per_round = games_in(cfg)
    if total > MAX_GAMES:
        raise _err(cfg.where, key, f"this run would play {total} games; at most {MAX_GAMES} are allowed")
    if cfg.kind == "tournament" and cfg.tournament_format != "round_robin" and per_round > ROUND_GAMES:
        raise _err(cfg.where, key, f"a round would play {per_round} games; at most {ROUND_GAMES} are allowed")
