"""Playing one game from a plain-data spec, the unit of work of the harness.

A game spec is a dict (seed, seats, format, turn limit, goal); playing it is deterministic, so a
game gives the same row whether it runs in this process, on a Ray worker, or again after a retry.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import sba
from ..engine.decks import new_game
from ..engine.game import Game
from ..play import View, play_game
from ..registry import REGISTRY, AgentRegistry
from ..views import determinize


def game_seed(run_seed: int, index: int) -> int:
    """Each game's seed from the run's seed and its own index (stable across workers)."""
    return (run_seed * 1_000_003 + index * 7_919 + 17) % (2**31 - 1)


def _hidden_view(seed: int) -> View:
    """The agent sees only what its player may see: the hidden cards redealt at random, from a
    generator of the game's own seed (so the game replays the same anywhere)."""
    rng = random.Random(seed ^ 0x5EED)
    return lambda game, me: determinize(game, me, rng)


def _goal_reached(game: Game, goal: dict[str, Any] | None, me: int) -> bool:
    if not goal:
        return False
    kind = goal["kind"]
    if kind == "win":
        return game.winner == me
    if kind == "opponent_life_at_most":
        return any(p.life <= goal["value"] for p in game.players if p.index != me)
    if kind == "mana_in_a_turn":
        return game.players[me].mana_produced >= goal["value"]
    if kind == "cast":
        return game.stats.cast_count(me, goal["value"]) > 0
    return False


def _outcome(game: Game, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The columns every result row has: who won and why, the turns, the decisions, the life."""
    return {
        "winner": seats[game.winner]["name"] if game.winner is not None and game.winner < len(seats) else None,
        "winner_seat": game.winner,
        "reason": game.result_reason,
        "turns": game.turn,
        # decisions the agents took, and those with one legal action the engine took (skip_forced)
        "actions": game.stats.actions,
        "forced": game.stats.forced,
        "life": [p.life for p in game.players],
    }


def play_game_spec(spec: dict[str, Any], agents: AgentRegistry | None = None) -> dict[str, Any]:
    """Play one game; return its result row. The seats' agents are made by name from `agents`
    (by default the process's registry, mtg_env.registry)."""
    registry = agents or REGISTRY
    seed = spec["seed"]
    seats = spec["seats"]  # [{"name", "agent", "deck", "agent_options"}] in seat order
    fmt = spec.get("format", "duel")
    decks = [s["deck"] for s in seats] if fmt != "goldfish" else [seats[0]["deck"]]
    game = new_game(decks, seed=seed, format=fmt, first_player=spec.get("first_player"),
                    turn_limit=spec.get("turn_limit", 40), skip_forced=spec.get("skip_forced", True))
    by_name = {game.players[i].name: registry.make(s["agent"], seed + 101 * (i + 1),
                                                 **(s.get("agent_options") or {}))
               for i, s in enumerate(seats)}
    hidden = spec.get("hidden_information", True) and fmt != "goldfish"
    goal = spec.get("goal")
    goal_turn = None

    def note_goal(g: Game, _action: Any) -> None:
        nonlocal goal_turn
        if goal_turn is None and _goal_reached(g, goal, 0):
            goal_turn = g.turn
    max_actions = spec.get("max_actions", 20_000)
    play_game(game, by_name, max_actions, view=_hidden_view(seed) if hidden else None,
              on_action=note_goal if goal else None)
    if not game.game_over:
        sba.end_game(game, None, f"action limit {max_actions} reached")
    return {
        "index": spec["index"],
        "seed": seed,
        "match": spec.get("match", ""),
        "seats": [s["name"] for s in seats],
        "decks": [s["deck"].rsplit("/", 1)[-1] for s in seats],
        "agents": [s["agent"] for s in seats],
        "first_player": game.players[game.first_player].name,
        **_outcome(game, seats),
        # mana the first seat produced in each of its own turns
        "mana_per_turn": [row[1] for row in game.stats.mana_history if row[0] == 0]
        + ([game.players[0].mana_produced] if game.active == 0 else []),
        "cards_cast": sum(game.stats.spells_cast),
        "cards_cast_p1": game.stats.spells_cast[0],
        "abilities_activated": sum(game.stats.abilities_activated),
        "goal_turn": goal_turn,
    }


def play_puzzle_spec(spec: dict[str, Any], agents: AgentRegistry | None = None) -> dict[str, Any]:
    """Play one game of a puzzle (spec["puzzle"], a .pzl file) from its position, the first seat's
    agent as the puzzle's player and the second's as its opponent, until the goal is reached or
    the puzzle's last turn is over; the result row says whether the goal was reached."""
    from ..puzzle import load_puzzle
    registry = agents or REGISTRY
    seed = spec["seed"]
    seats = spec["seats"]
    pz = load_puzzle(spec["puzzle"])
    game = pz.game
    by_name = {game.players[i].name: registry.make(s["agent"], seed + 101 * (i + 1), **(s.get("agent_options") or {}))
               for i, s in enumerate(seats)}
    max_actions = spec.get("max_actions", 20_000)

    def over(g: Game) -> bool:
        return pz.reached(g) or g.turn_state.number > pz.last_turn
    play_game(game, by_name, max_actions, view=_hidden_view(seed) if spec.get("hidden_information", True) else None,
              until=over)
    reached = pz.reached(game)
    return {
        "index": spec["index"],
        "seed": seed,
        "match": pz.name,
        "puzzle": pz.name,
        "file": spec["puzzle"].rsplit("/", 1)[-1],
        "goal": pz.goal,
        "seats": [s["name"] for s in seats],
        "agents": [s["agent"] for s in seats],
        "reached": reached,
        **_outcome(game, seats),
    }


def play_batch(specs: list[dict[str, Any]], agents: AgentRegistry | None = None) -> list[dict[str, Any]]:
    return [play_puzzle_spec(s, agents) if "puzzle" in s else play_game_spec(s, agents) for s in specs]
