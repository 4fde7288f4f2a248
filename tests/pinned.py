"""Pinned behaviour: digests of the logs and final states of 200 seeded games and of every
scenario file, so that a restructuring of the engine can prove it changed nothing.

`python -m tests.pinned --write` records the digests in tests/pinned_digests.json; the test in
tests/engine/test_pinned_behaviour.py replays every game and names each one whose digest differs.
A change that is meant to alter behaviour (a rules fix) rewrites the file in the same commit and
says which games changed and why.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "configs" / "decks"
SCENARIOS = ROOT / "configs" / "scenarios"
DIGESTS = Path(__file__).resolve().parent / "pinned_digests.json"

DUEL = ["artifact_mana", "black_shade", "blue_control", "boros_aggro", "green_ramp", "red_burn"]
COMMANDER = ["commander_abstruse_archaic", "commander_arcanis", "commander_ertha_jo",
             "commander_griselbrand", "commander_mairsil"]
GOLDFISH = DUEL + ["druid_combo"]


def game_specs() -> Iterator[dict[str, Any]]:
    """200 games: duel, goldfish and commander; random and heuristic agents; both payments."""
    agents = ("random", "heuristic")
    for i in range(90):  # duel: every ordered pair of decks, the agents varied
        a, b = DUEL[i % 6], DUEL[(i // 6 + 1 + i % 5) % 6]
        if a == b:
            b = DUEL[(DUEL.index(a) + 1) % 6]
        yield {"id": f"duel-{i}", "format": "duel", "decks": [a, b], "seed": 1000 + i,
               "agents": [agents[i % 2], agents[(i // 2) % 2]],
               "mana_payment": "auto" if i % 3 == 0 else "manual"}
    for i in range(60):
        yield {"id": f"goldfish-{i}", "format": "goldfish", "decks": [GOLDFISH[i % len(GOLDFISH)]],
               "seed": 2000 + i, "agents": [agents[i % 2]], "mana_payment": "auto" if i % 2 else "manual",
               "turn_limit": 12}
    for i in range(50):
        n = 2 + i % 3
        decks = [COMMANDER[(i + k) % len(COMMANDER)] for k in range(n)]
        yield {"id": f"commander-{i}", "format": "commander", "decks": decks, "seed": 3000 + i,
               "agents": [agents[(i + k) % 2] for k in range(n)],
               "mana_payment": "auto" if i % 2 else "manual", "turn_limit": 15 + 10 * (i % 2)}


def play(spec: dict[str, Any]) -> Any:
    from agents import make_agent, play_game
    from mtg_env import new_game
    g = new_game([str(DECKS / f"{d}.txt") for d in spec["decks"]], seed=spec["seed"], format=spec["format"],
                 mana_payment=spec["mana_payment"], turn_limit=spec.get("turn_limit", 50))
    play_game(g, [make_agent(a, spec["seed"] + 7 * k) for k, a in enumerate(spec["agents"])], max_actions=30_000)
    return g


def digest(game: Any) -> str:
    h = hashlib.sha256()
    h.update("\n".join(game.log).encode())
    h.update(json.dumps(game.state_json(), sort_keys=True).encode())
    return h.hexdigest()[:20]


def scenario_digest(path: Path) -> str:
    from mtg_env.engine.scenario import run_scenario
    run = run_scenario(str(path))
    g = run.scenario.game
    h = hashlib.sha256()
    h.update("\n".join(g.log).encode())
    h.update(json.dumps(g.state_json(), sort_keys=True).encode())
    h.update(json.dumps([a.label for a in g.legal_actions()]).encode())
    h.update(json.dumps([run.failures, run.error]).encode())
    return h.hexdigest()[:20]


def compute() -> dict[str, str]:
    out = {spec["id"]: digest(play(spec)) for spec in game_specs()}
    for path in sorted(SCENARIOS.glob("*.yaml")):
        out[f"scenario:{path.stem}"] = scenario_digest(path)
    return out


if __name__ == "__main__":
    got = compute()
    if "--write" in sys.argv:
        DIGESTS.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {len(got)} digests to {DIGESTS}")
    else:
        want = json.loads(DIGESTS.read_text(encoding="utf-8"))
        bad = sorted(k for k in want if got.get(k) != want[k])
        print(f"{len(want) - len(bad)}/{len(want)} digests unchanged" + (": changed " + ", ".join(bad) if bad else ""))
