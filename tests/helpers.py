"""Small helpers shared by the tests: read state_json() and step through a game.

Import them as `from tests.helpers import labels, scenario` from any folder under tests/
(pytest's `pythonpath = ["."]` makes `tests` importable). Only the public interface
(interface.md) is used, so the tests say what a user can see.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from mtg_env import Game, load_scenario, new_game

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


# ---------------------------------------------------------------------------------------------
# Games from the deck lists (the formats' and Commander rule tests)


def advance_to(g: Game, step: str, turn: int) -> None:
    """Pass priority (no attacks, no blocks, discarding the first card offered at cleanup) until
    `step` of `turn` with a priority decision."""
    for _ in range(500):
        s = g.state_json()
        if (s["step"], s["turn"]) == (step, turn) and g.decision.kind == "priority":
            return
        assert g.decision is not None, f"the game ended before {step} of turn {turn}"
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass", "keep")), acts[0]))
    raise AssertionError(f"did not reach {step} of turn {turn}")


def write_deck(tmp_path: Path, name: str, text: str) -> str:
    f = tmp_path / f"{name}.txt"
    f.write_text(text, encoding="utf-8")
    return str(f)


def commander_game(decks: list[str], seed: int = 1, **kw) -> Game:
    return new_game(decks, seed=seed, format="commander", first_player=0, mulligans=False,
                    mana_payment="auto", **kw)


def give(g: Game, who: int, card: str, zone: str, n: int = 1, controller: int | None = None) -> None:
    """Set up a position before the first action (as scenarios do)."""
    for _ in range(n):
        g.new_object(card, who, zone, controller=controller)


def attack_with_griselbrand(g: Game, target: str, until: Callable[[Game], bool], limit: int = 3000) -> None:
    """Play on: P1 attacks `target` with Griselbrand whenever it can; everyone else only passes,
    declares no blocks and discards the first card offered."""
    for _ in range(limit):
        if g.decision is None or until(g):
            return
        d = g.decision
        acts = labels(g)
        if d.kind == "attack":
            want = f"attack {target} with Griselbrand"
            g.act(want if want in acts else next(a for a in acts if a in ("done attacking", "no attack")))
        elif d.kind == "block":
            g.act(next(a for a in acts if a in ("no block", "done blocking")))
        elif d.kind == "yes_no":
            g.act("yes")
        elif d.kind == "priority":
            g.act("pass")
        else:
            g.act(acts[0])
    raise AssertionError("the game went on too long")


#: Mana Vault tapped at the end step, with four tapped Forests: its upkeep trigger ("you may pay
#: {4}. If you do, untap Mana Vault") and draw-step trigger come next.
MANA_VAULT_END_STEP = """
step: end
players:
  - library: [Island, Island]
    battlefield:
      - {card: Mana Vault, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
      - {card: Forest, tapped: true}
"""


def compiled(*names: str) -> None:
    """Each card is supported, by the compiler (not a hand-written definition)."""
    from mtg_env.cards import card_status
    for n in names:
        st = card_status(n)
        assert st.supported and st.source == "compiled", st


def unsupported(name: str, phrase: str) -> None:
    """The card is unsupported, and `phrase` is among the reasons given."""
    from mtg_env.cards import card_status
    st = card_status(name)
    assert not st.supported, st
    assert any(phrase in r for r in st.reasons), st
