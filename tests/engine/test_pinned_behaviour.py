"""The engine's behaviour is pinned (tests/pinned.py): 200 seeded games in every format, with
random and heuristic agents and both ways of paying mana, and every scenario file, each replayed
and compared with its recorded digest of log and final state."""

from __future__ import annotations

import json

import pytest

from tests.pinned import DIGESTS, SCENARIOS, digest, game_specs, play, scenario_digest

WANT: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
SPECS = list(game_specs())


def test_the_pin_covers_200_games_and_every_scenario():
    assert len(SPECS) == 200
    assert {s["format"] for s in SPECS} == {"duel", "goldfish", "commander"}
    assert set(WANT) == {s["id"] for s in SPECS} | {f"scenario:{p.stem}" for p in SCENARIOS.glob("*.yaml")}


@pytest.mark.parametrize("fmt", ["duel", "goldfish", "commander"])
def test_seeded_games_replay_their_pinned_logs(fmt: str):
    changed = [s["id"] for s in SPECS if s["format"] == fmt and digest(play(s)) != WANT[s["id"]]]
    assert not changed, f"games whose log or final state changed: {changed}"


def test_scenarios_replay_their_pinned_logs():
    changed = [p.stem for p in sorted(SCENARIOS.glob("*.yaml")) if scenario_digest(p) != WANT[f"scenario:{p.stem}"]]
    assert not changed, f"scenarios whose log, state or legal actions changed: {changed}"
