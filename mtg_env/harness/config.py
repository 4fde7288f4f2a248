"""Run configurations (YAML), validated on load before any game starts.

A tournament::

    kind: tournament
    name: Included agents and decks
    seed: 1
    format: round_robin          # round_robin | swiss | single_elimination
    games_per_match: 3           # best-of-N; play and draw alternate
    rounds: 3                    # swiss only
    turn_limit: 40
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

Every error names the file, the key path and what was expected.
"""

from __future__ import annotations

import inspect
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import DeckError, ScenarioError
from ..engine.decks import load_deck
from ..paths import deck_file
from ..registry import REGISTRY, AgentRegistry, UnknownAgentError

GOALS = ("opponent_life_at_most", "mana_in_a_turn", "cast", "win")


class ConfigError(ScenarioError):
    """A run configuration is malformed (file, key path, what was expected)."""


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


_TOP = {"kind", "name", "seed", "format", "turn_limit", "hidden_information", "games_per_match", "rounds",
        "entrants", "games", "deck", "agent", "agent_options", "opponent", "goal"}


def _err(where: str, path: str, msg: str) -> ConfigError:
    return ConfigError(where, path, msg)


def _typed(where: str, path: str, v: Any, t: type, what: str) -> Any:
    if not isinstance(v, t) or (t is int and isinstance(v, bool)):
        raise _err(where, path, f"expected {what}, got {v!r}")
    return v


def _deck_path(where: str, path: str, v: Any, base: Path) -> str:
    _typed(where, path, v, str, "a deck file path")
    found = deck_file(v, base=base)
    if found is None:
        raise _err(where, path, f"no such deck file {v!r}")
    try:
        load_deck(str(found))
    except DeckError as e:
        raise _err(where, path, f"bad deck: {e}") from None
    return str(found)


def _entrant(where: str, path: str, d: Any, base: Path, default_name: str, agents: AgentRegistry) -> Entrant:
    def at(key: str) -> str:
        return f"{path}.{key}" if path else key
    _typed(where, path, d, dict, "a mapping with agent and deck")
    for k in d:
        if k not in ("name", "agent", "deck", "agent_options"):
            raise _err(where, at(k), "unknown key; expected one of: agent, agent_options, deck, name")
    agent = d.get("agent", "heuristic")
    _typed(where, at("agent"), agent, str, "an agent's name")
    try:
        agents.factory(agent)
    except UnknownAgentError as e:
        raise _err(where, at("agent"), str(e)) from None
    if "deck" not in d:
        raise _err(where, at("deck"), "missing: a deck file is required")
    opts = d.get("agent_options", {}) or {}
    _typed(where, at("agent_options"), opts, dict, "a mapping of agent options")
    _check_agent_options(where, at("agent_options"), agent, opts, agents)
    return Entrant(str(d.get("name", default_name)), agent, _deck_path(where, at("deck"), d["deck"], base), opts)


def _check_agent_options(where: str, path: str, agent: str, opts: dict[str, Any], agents: AgentRegistry) -> None:
    params = agents.options(agent)
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return  # the agent takes any option
    for k, v in opts.items():
        if k not in params:
            allowed = ", ".join(params) or "none"
            raise _err(where, f"{path}.{k}", f"unknown option of the {agent} agent; expected one of: {allowed}")
        default = params[k].default
        if default is not inspect.Parameter.empty and default is not None and \
                not isinstance(v, type(default)) and not (isinstance(default, float) and isinstance(v, int)):
            raise _err(where, f"{path}.{k}", f"expected {type(default).__name__}, got {v!r}")


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
            data = yaml.safe_load(Path(where).read_text(encoding="utf-8"))
        except yaml.YAMLError as e:
            raise _err(where, "", f"not valid YAML: {e}") from None
        base = Path(where).resolve().parent
    _typed(where, "", data, dict, "a mapping at the top level")
    for k in data:
        if k not in _TOP:
            raise _err(where, str(k), f"unknown key; expected one of: {', '.join(sorted(_TOP))}")
    kind = data.get("kind", "tournament")
    if kind not in ("tournament", "rollouts"):
        raise _err(where, "kind", f"expected tournament or rollouts, got {kind!r}")
    cfg = RunConfig(kind=kind, name=str(data.get("name", Path(where).stem)), where=where)
    cfg.seed = _typed(where, "seed", data.get("seed", 1), int, "a whole number")
    cfg.turn_limit = _typed(where, "turn_limit", data.get("turn_limit", 40), int, "a whole number")
    if cfg.turn_limit < 1:
        raise _err(where, "turn_limit", f"expected at least 1, got {cfg.turn_limit}")
    cfg.hidden_information = _typed(where, "hidden_information", data.get("hidden_information", True), bool,
                                    "true or false")
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
        if cfg.rounds < 1:
            raise _err(where, "rounds", f"expected at least 1, got {cfg.rounds}")
        entrants = _typed(where, "entrants", data.get("entrants"), list, "a list of entrants")
        if len(entrants) < 2:
            raise _err(where, "entrants", "expected at least two entrants")
        cfg.entrants = [_entrant(where, f"entrants[{i}]", e, base, f"entrant{i + 1}", agents)
                        for i, e in enumerate(entrants)]
        names = [e.name for e in cfg.entrants]
        if len(set(names)) != len(names):
            raise _err(where, "entrants", f"entrant names must be unique: {names}")
    else:
        fmt = data.get("format", "goldfish")
        if fmt not in ("goldfish", "duel"):
            raise _err(where, "format", f"expected goldfish or duel, got {fmt!r}")
        cfg.format = fmt
        cfg.games = _typed(where, "games", data.get("games", 100), int, "a whole number of games")
        if cfg.games < 1:
            raise _err(where, "games", f"expected at least 1, got {cfg.games}")
        cfg.player = _entrant(where, "", {k: data[k] for k in ("agent", "deck", "agent_options") if k in data},
                              base, "player", agents)
        if fmt == "duel":
            if "opponent" not in data:
                raise _err(where, "opponent", "missing: a duel needs an opponent {agent, deck}")
            cfg.opponent = _entrant(where, "opponent", data["opponent"], base, "opponent", agents)
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
    return cfg
