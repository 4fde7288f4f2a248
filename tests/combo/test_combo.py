"""The combo lab: every suite line as a test, shortcuts and search, line verification, and the
CLI's JSON. Its loop detection on true and false loops (CR 731) is tested in
tests/rules/cr_731_loops.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mtg_env import load_scenario
from mtg_env.combo import GOALS, load_combo_file, search, verify_line
from mtg_env.engine.scenario import build_scenario
from tests.helpers import ROOT

SUITE = sorted((ROOT / "configs" / "combos").glob("*.yaml"))


def test_the_suite_has_at_least_fifteen_known_lines() -> None:
    assert len(SUITE) >= 15


@pytest.mark.parametrize("path", SUITE, ids=[p.stem for p in SUITE])
def test_suite_line_finds_its_known_answer(path: Path) -> None:
    spec = load_combo_file(str(path))
    game = build_scenario(spec["scenario"], str(path)).game
    r = search(game, spec["goal"], max_nodes=60_000, max_seconds=60)
    exp = spec["expect"]
    assert r.unbounded == exp["unbounded"], (r.value, r.loop, r.line)
    if not exp["unbounded"]:
        assert r.complete, "a bounded answer must come from an exhaustive search"
        assert r.value == exp["value"], r.line
    else:
        assert r.loop, "an unbounded answer names its loop"
        # the loop really is legal: replay the line on a fresh game
        fresh = build_scenario(spec["scenario"], str(path)).game
        ok, at, msg = verify_line(fresh, [s for s in r.line if not s.startswith("(repeat")])
        assert ok or "repeat" in " ".join(r.line), msg


def test_unbounded_mana_is_shortcut_and_feeds_a_damage_loop() -> None:
    g = load_scenario("""players:
  - battlefield: [Devoted Druid, Vizier of Remedies, {card: Walking Ballista, counters: {"+1/+1": 1}}]
  - name: P2""")
    # bounded by nodes only (12,095 of the 20,000; 2 s on a quiet core): a wall-clock budget made
    # it fail at load 8
    r = search(g, "damage", max_seconds=3600.0)
    assert r.unbounded and r.grows == {"damage": 1}
    assert r.shortcuts and r.shortcuts[0]["grows"] == {"G": 1}


def test_search_is_deterministic_and_counts_nodes() -> None:
    y = "players: [{battlefield: [Krark-Clan Ironworks, Sol Ring, Memnite, Memnite]}]"
    a, b = search(load_scenario(y), "mana"), search(load_scenario(y), "mana")
    assert (a.value, a.line, a.nodes) == (b.value, b.line, b.nodes)
    assert a.value == 10 and a.nodes > 0


def test_identical_lands_are_one_choice() -> None:
    """Symmetric choices are pruned: three Forests give one branch, not three."""
    one = search(load_scenario("players: [{battlefield: [Forest]}]"), "mana")
    three = search(load_scenario("players: [{battlefield: [Forest, Forest, Forest]}]"), "mana")
    assert three.value == 3 and three.nodes <= 3 * one.nodes + 3


def test_verify_line_reports_the_failing_step() -> None:
    g = load_scenario("players: [{battlefield: [Basalt Monolith]}]")
    ok, at, msg = verify_line(g, ["activate Basalt Monolith: {T}", "activate Basalt Monolith: {T}"])
    assert not ok and at == 1 and "step 2" in msg


def test_unknown_goal_is_an_error() -> None:
    g = load_scenario("players: [{battlefield: [Forest]}]")
    with pytest.raises(ValueError, match="unknown goal"):
        search(g, "storm")
    assert "damage" in GOALS


def test_cli_combo_json_has_the_documented_keys() -> None:
    out = subprocess.run([sys.executable, "-m", "mtg_env.cli", "combo", str(ROOT / "configs/combos/basalt_rings.yaml"),
                          "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert {"goal", "value", "unbounded", "loop", "line", "nodes", "seconds"} <= set(data)
    assert data["unbounded"] is True and data["loop"]


def test_cli_combo_line_verifies_a_users_line(tmp_path: Path) -> None:
    line = tmp_path / "line.txt"
    line.write_text("activate Basalt Monolith: {T}\nactivate Sol Ring\nactivate Basalt Monolith: {3}\n")
    r = subprocess.run([sys.executable, "-m", "mtg_env.cli", "combo", str(ROOT / "configs/combos/basalt_rings.yaml"),
                        "--line", str(line)], capture_output=True, text=True)
    assert r.returncode == 0 and "all 3 steps are legal" in r.stdout
    line.write_text("activate Sol Ring\nactivate Sol Ring\n")
    r = subprocess.run([sys.executable, "-m", "mtg_env.cli", "combo", str(ROOT / "configs/combos/basalt_rings.yaml"),
                        "--line", str(line)], capture_output=True, text=True)
    assert r.returncode == 1 and "step 2" in r.stdout


def test_cli_combo_suite_prints_the_table() -> None:
    r = subprocess.run([sys.executable, "-m", "mtg_env.cli", "combo", "--suite", str(ROOT / "configs/combos")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "as expected" in r.stdout and "MISMATCH" not in r.stdout


def test_cli_combo_suite_of_a_missing_or_empty_folder_is_an_error(tmp_path: Path, capsys) -> None:
    from mtg_env.cli import main
    assert main(["combo", "--suite", str(tmp_path / "no" / "such" / "dir")]) == 2
    assert "no such folder of combo files" in capsys.readouterr().err
    assert main(["combo", "--suite", str(tmp_path)]) == 2  # a folder without combo files
    assert "no combo files" in capsys.readouterr().err


def test_cli_combo_budget_holds_inside_one_long_effect(tmp_path: Path, monkeypatch, capsys) -> None:
    # X = 10^18: a Hangarback Walker that dies makes 10^18 Thopters, one action that would never
    # end; with the object limit out of the way only the time budget can stop the search
    import time

    from mtg_env.cli import main
    from mtg_env.engine import limits
    monkeypatch.setattr(limits, "MAX_OBJECTS", 10**9)
    f = tmp_path / "thopters.yaml"
    f.write_text('name: ten to the eighteen Thopters\ngoal: tokens\nscenario:\n  format: goldfish\n  players:\n'
                 '    - battlefield: [{card: Hangarback Walker, counters: {"+1/+1": 1000000000000000000}},'
                 " Ashnod's Altar]\n", encoding="utf-8")
    t0 = time.perf_counter()
    assert main(["combo", str(f), "--budget", "2s", "--json"]) == 0
    assert time.perf_counter() - t0 < 6
    assert json.loads(capsys.readouterr().out)["complete"] is False
