"""Small helpers shared by the tests: read state_json() and step through a game.

Import them as `from tests.helpers import labels, scenario` from any folder under tests/
(pytest's `pythonpath = ["."]` makes `tests` importable). Only the public interface
(interface.md) is used, so the tests say what a user can see.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtg_env import Game, load_scenario

#: The repository's root, and its deck lists and scenario files.
ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "configs" / "decks"
SCENARIOS = ROOT / "configs" / "scenarios"


def scenario(yaml_text: str) -> Game:
    """A game in the position a scenario's YAML text describes."""
    return load_scenario(yaml_text)


def labels(game: Game) -> list[str]:
    return [a.label for a in game.legal_actions()]


def player(game: Game, name: str) -> dict[str, Any]:
    return next(p for p in game.state_json()["players"] if p["name"] == name)


def permanents(game: Game, card: str) -> list[dict[str, Any]]:
    """Every permanent named `card`, whoever controls it."""
    return [e for p in game.state_json()["players"] for e in p["battlefield"] if e["card"] == card]


def permanent(game: Game, card: str) -> dict[str, Any]:
    """The only permanent named `card` (fails if there is not exactly one)."""
    found = permanents(game, card)
    assert len(found) == 1, f"expected one {card} on the battlefield, found {len(found)}"
    return found[0]


def stack(game: Game) -> list[dict[str, Any]]:
    return game.state_json()["stack"]


def pass_until(game: Game, step: str, turn: int | None = None, limit: int = 100) -> None:
    """Pass priority (keeping opening hands, declaring no attackers or blockers) until the game
    is in `step` (of `turn`, if given) with a priority decision."""
    for _ in range(limit):
        s = game.state_json()
        if s["step"] == step and (turn is None or s["turn"] == turn) and s["decision"] \
                and s["decision"]["kind"] == "priority":
            return
        assert game.decision is not None, f"the game ended before reaching {step}"
        if game.decision.kind in ("attack", "block"):
            game.act(next(a for a in game.legal_actions() if a.kind == "done"))
            continue
        if game.decision.kind == "keep":
            game.act("keep")
            continue
        assert game.decision.kind == "priority", f"stopped at {game.decision} before reaching {step}"
        game.act("pass")
    raise AssertionError(f"did not reach {step} in {limit} passes")
