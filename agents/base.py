"""The agent protocol and a driver that plays a game to the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from mtg_env import Action, Game


@runtime_checkable
class Agent(Protocol):
    """Anything with `act(game) -> Action` returning one of `game.legal_actions()`."""

    def act(self, game: Game) -> Action: ...


def play_game(game: Game, agents: dict[str, Agent] | list[Agent], max_actions: int = 100_000) -> Game:
    """Let the agents decide until the game is over (or `max_actions` were taken).

    `agents` maps player names to agents, or lists them in seat order."""
    by_name = agents if isinstance(agents, dict) else {
        p.name: agents[i] for i, p in enumerate(game.players) if i < len(agents)}
    for _ in range(max_actions):
        d = game.decision
        if d is None:
            break
        game.act(by_name[d.player].act(game))
    return game
