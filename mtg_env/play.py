"""Playing a game with agents: the one loop that asks the deciding player's agent and acts.

The engine never calls an agent (engine/game.py): it stops at each decision and waits. This loop
is the driver for everyone who lets agents play: `agents.play_game` (the same function), the
harness (with a hidden-information view and an action limit), bench, the envs' opponents, the
CLI's opponent and the experiments (with a stop condition or a callback).

It knows agents only by the `Agent` protocol; it must not import the agents package or make
agents by name (`mtg_env.registry` does that).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeAlias, runtime_checkable

if TYPE_CHECKING:
    from .engine import Action, Game


@runtime_checkable
class Agent(Protocol):
    """Anything with `act(game) -> Action` returning one of `game.legal_actions()`."""

    def act(self, game: Game) -> Action: ...


#: what the player with this index may see of the game: a game the agent is shown instead
View: TypeAlias = "Callable[[Game, int], Game]"


class NoAgentError(ValueError):
    """A player must decide and no agent was given for them."""


def seat_agents(game: Game, agents: Mapping[str, Agent] | Sequence[Agent]) -> dict[str, Agent]:
    """Agents by player name: `agents` as given if it maps names, else listed in seat order."""
    if isinstance(agents, Mapping):
        return dict(agents)
    return {p.name: agents[i] for i, p in enumerate(game.players) if i < len(agents)}


def play_game(game: Game, agents: Mapping[str, Agent] | Sequence[Agent], max_actions: int | None = 100_000, *,
              view: View | None = None, until: Callable[[Game], bool] | None = None,
              on_action: Callable[[Game, Action], None] | None = None) -> Game:
    """Let the agents decide until the game is over, and return it.

    - `agents`: player name -> agent, or the agents in seat order. A player who must decide
      without an agent is a `NoAgentError`.
    - `max_actions`: stop after this many actions taken by this call (None: no limit). The game
      is left as it is, unfinished: ending it (a draw, say) is the caller's choice.
    - `view(game, player_index)`: the game the deciding agent is shown instead of the real one
      (e.g. `mtg_env.views.determinize`, the hidden cards redealt). Its answer is taken on the
      real game by its label, which names the same choice there (interface.md §2).
    - `until(game)`: asked at each decision before the agent; true stops the loop there.
    - `on_action(game, action)`: called after each action, with the action the agent chose.
    """
    by_name = seat_agents(game, agents)
    seat = {p.name: p.index for p in game.players}
    taken = 0
    while max_actions is None or taken < max_actions:
        d = game.decision
        if d is None or (until is not None and until(game)):
            break
        agent = by_name.get(d.player)
        if agent is None:
            raise NoAgentError(f"{d.player} must decide ({d.kind}) but has no agent; agents were given for: "
                               f"{', '.join(by_name) or 'nobody'}")
        if view is None:
            action = agent.act(game)
            game.act(action)
        else:
            shown = view(game, seat[d.player])
            action = agent.act(shown)
            game.act(action if shown is game else action.label)
        taken += 1
        if on_action is not None:
            on_action(game, action)
    return game
