"""`kind: puzzles` runs (harness/config.py): an agent's success rate on a set of Forge puzzles,
each game played from the puzzle's position until its goal holds or its last turn is over.

Played in this process (`use_ray=False`): the same specs and rows as on Ray (test_harness.py
proves the two agree for the other kinds; the batch function is the same).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from mtg_env.harness import ConfigError, HarnessError, load_config
from mtg_env.harness import run as harness_run
from tests.helpers import ROOT

DATA = ROOT / "tests" / "puzzles" / "data"
SAMPLES = ROOT / "tests" / "puzzles" / "samples"
BOLT = DATA / "bolt_to_the_face.pzl"


def cfg(**over: Any) -> dict[str, Any]:
    return {"kind": "puzzles", "name": "pz", "seed": 3, "puzzles": [str(DATA)], "games": 2,
            "agent": "heuristic", "opponent": {"agent": "heuristic"}} | over


def run(tmp_path: Path, config: dict[str, Any] | str, **kw: Any) -> dict[str, Any]:
    return harness_run(config, out=tmp_path / "out", use_ray=False, progress=False, echo=None, **kw)


def test_each_puzzle_gets_its_rate_and_the_set_its_total(tmp_path: Path) -> None:
    s = run(tmp_path, cfg())
    per = {x["file"]: x for x in s["puzzles"]}
    assert set(per) == {"bolt_to_the_face.pzl", "one_attacker_one_blocker.pzl", "two_attackers_one_blocker.pzl"}
    assert all(x["games"] == 2 for x in per.values())
    # the heuristic bolts the opponent at 3 life: reached in every game
    assert per["bolt_to_the_face.pzl"]["reached"] == 2
    assert s["games"] == 6
    assert s["reached"] == sum(x["reached"] for x in per.values())
    assert s["rate_low"] <= s["rate"] <= s["rate_high"]
    assert s["unsupported"] == {}
    table = pq.read_table(tmp_path / "out" / "games.parquet").to_pylist()
    assert sorted(r["index"] for r in table) == list(range(6))
    bolt = [r for r in table if r["file"] == "bolt_to_the_face.pzl"]
    assert [r["reached"] for r in bolt] == [True, True]
    assert all(r["winner_seat"] == 0 and r["turns"] == 1 for r in bolt)
    assert json.loads((tmp_path / "out" / "summary.json").read_text())["reached"] == s["reached"]


def test_a_random_player_is_measured_and_the_run_is_deterministic(tmp_path: Path) -> None:
    one = run(tmp_path / "a", cfg(puzzles=str(BOLT), games=12, agent="random"))
    two = run(tmp_path / "b", cfg(puzzles=str(BOLT), games=12, agent="random"))
    assert one["puzzles"] == two["puzzles"]
    reached = one["puzzles"][0]["reached"]
    # random play bolts the face in some games and not in others (it may pass, or tap and pass)
    assert 0 < reached < 12


def test_unsupported_and_unreadable_puzzles_are_listed_with_what_they_lack(tmp_path: Path) -> None:
    d = tmp_path / "set"
    d.mkdir()
    shutil.copy(BOLT, d)
    shutil.copy(SAMPLES / "PS_ELD4.pzl", d)
    (d / "broken.pzl").write_text(BOLT.read_text().replace("humanlife=20", "humanlife=twenty"))
    c = load_config(cfg(puzzles=str(d)))
    assert [Path(f).name for f in c.puzzles] == ["bolt_to_the_face.pzl"]
    s = run(tmp_path, cfg(puzzles=str(d)))
    assert [x["file"] for x in s["puzzles"]] == ["bolt_to_the_face.pzl"]
    assert set(s["unsupported"]) == {"PS_ELD4.pzl", "broken.pzl"}
    assert any("Bring To Life" in why for why in s["unsupported"]["PS_ELD4.pzl"])
    (why,) = s["unsupported"]["broken.pzl"]
    assert why.startswith("cannot be read: ") and "broken.pzl:" in why and "humanlife" in why


@pytest.mark.parametrize(("change", "message"), [
    ({"puzzles": None}, "puzzles: missing"),
    ({"puzzles": "no/such/dir"}, "puzzles: no such file or directory 'no/such/dir'"),
    ({"puzzles": [str(BOLT), 7]}, r"puzzles\[1\]: expected a path"),
    ({"games": 0}, "games: expected at least 1"),
    ({"deck": "x.txt"}, "deck: not a key of a puzzles run"),
    ({"opponent": {"agent": "heuristic", "deck": "x"}}, "opponent.deck: unknown key"),
    ({"agent": "nobody"}, "agent:"),
])
def test_a_bad_puzzles_config_names_its_key(change: dict[str, Any], message: str) -> None:
    c = cfg(**change)
    c = {k: v for k, v in c.items() if v is not None}
    with pytest.raises(ConfigError, match=message):
        load_config(c)


def test_a_changed_puzzle_file_stops_a_resume(tmp_path: Path) -> None:
    d = tmp_path / "set"
    d.mkdir()
    shutil.copy(BOLT, d)
    run(tmp_path, cfg(puzzles=str(d)))
    again = run(tmp_path, cfg(puzzles=str(d)), resume=True)
    assert again["reached"] == 2
    (d / BOLT.name).write_text(BOLT.read_text().replace("ailife=3", "ailife=4"))
    with pytest.raises(HarnessError, match="the puzzle file .*bolt_to_the_face.pzl changed"):
        run(tmp_path, cfg(puzzles=str(d)), resume=True)


def test_the_shipped_puzzle_config_loads() -> None:
    c = load_config(ROOT / "configs" / "rollouts" / "puzzle_samples.yaml")
    assert c.kind == "puzzles" and len(c.puzzles) >= 4 and c.unsupported
