"""The Ray harness end to end: tournaments and rollouts on local Ray, determinism across workers and
in-process runs, a worker killed mid-run, resume after an interrupt, config errors and the CLI.

Ray is started once for the module (2 CPUs); tests that need Ray started with a different environment
(the crash hook) or a fresh process (the CLI) run in a subprocess.
"""

from __future__ import annotations

import html
import json
import re
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import yaml
from checkout import fresh_process_env

from mtg_env.harness import ConfigError, HarnessError, load_config
from mtg_env.harness import run as harness_run
from mtg_env.harness.play import game_seed
from tests.helpers import DECKS, ROOT

run_mod = sys.modules["mtg_env.harness.run"]

BIN = Path(sys.executable).parent
MTG_ENV = str(BIN / "mtg-env")

COLUMNS = {"index", "seed", "match", "seats", "decks", "agents", "first_player", "winner", "winner_seat",
           "reason", "turns", "actions", "forced", "life", "mana_per_turn", "cards_cast", "abilities_activated",
           "goal_turn"}

ENTRANTS = [
    {"name": "h-burn", "agent": "heuristic", "deck": str(DECKS / "red_burn.txt")},
    {"name": "h-ramp", "agent": "heuristic", "deck": str(DECKS / "green_ramp.txt")},
    {"name": "r-boros", "agent": "random", "deck": str(DECKS / "boros_aggro.txt")},
    {"name": "h-boros", "agent": "heuristic", "deck": str(DECKS / "boros_aggro.txt")},
]


def tournament(fmt: str = "round_robin", n: int = 3, games_per_match: int = 2, **extra: Any) -> dict[str, Any]:
    return {"kind": "tournament", "name": f"tiny {fmt}", "seed": 3, "format": fmt,
            "games_per_match": games_per_match, "turn_limit": 24, "entrants": [dict(e) for e in ENTRANTS[:n]],
            **extra}


def goldfish(**extra: Any) -> dict[str, Any]:
    return {"kind": "rollouts", "name": "tiny goldfish", "seed": 2, "games": 6, "format": "goldfish",
            "deck": str(DECKS / "green_ramp.txt"), "agent": "heuristic",
            "goal": {"kind": "opponent_life_at_most", "value": 10}, "turn_limit": 10, **extra}


def duel(**extra: Any) -> dict[str, Any]:
    return {"kind": "rollouts", "name": "tiny duel", "seed": 2, "games": 6, "format": "duel",
            "deck": str(DECKS / "red_burn.txt"), "agent": "heuristic",
            "opponent": {"agent": "random", "deck": str(DECKS / "boros_aggro.txt")}, "turn_limit": 20, **extra}


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def rows_of(out: Path) -> list[dict[str, Any]]:
    return pq.read_table(out / "games.parquet").to_pylist()


def part_indices(out: Path) -> list[int]:
    return [r["index"] for f in sorted((out / "parts").glob("part-*.parquet")) for r in pq.read_table(f).to_pylist()]


def go(cfg: Path, out: Path, **kw: Any) -> dict[str, Any]:
    kw.setdefault("progress", False)
    kw.setdefault("echo", None)
    return harness_run(cfg, out=out, **kw)


def stable(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without its timing and worker count."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "workers")}


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a fresh process that runs this checkout's code, with its entry points
    (its processes run in a temporary folder, where the installed package could be another
    checkout's): see tests/checkout.py."""
    env = {k: v for k, v in fresh_process_env().items() if k not in ("RAY_ADDRESS", run_mod.CRASH_ENV)}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def ray_local():
    import ray
    started = False
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        started = True
    yield ray
    if started:
        ray.shutdown()


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """In-process reference runs of the configs that the crash and resume tests repeat."""
    base = tmp_path_factory.mktemp("baseline")
    out: dict[str, Any] = {}
    for name, data in (("rr", tournament(games_per_match=4)), ("swiss", tournament("swiss", n=4, rounds=2))):
        cfg = write(base / f"{name}.yaml", data)
        summary = go(cfg, base / name, use_ray=False)
        out[name] = (cfg, rows_of(base / name), summary)
    return out


# ---- shared checks ------------------------------------------------------------------------------------


def check_rows(cfg_path: Path, out: Path, summary: dict[str, Any]) -> list[dict[str, Any]]:
    cfg = load_config(cfg_path)
    rows = rows_of(out)
    assert set(rows[0]) >= COLUMNS, COLUMNS - set(rows[0])
    idx = [r["index"] for r in rows]
    assert len(idx) == len(set(idx)) == summary["games"] == len(rows)
    assert idx == sorted(idx)
    assert Counter(part_indices(out)) == Counter(idx)  # the parts hold every game exactly once too
    for r in rows:
        assert r["seed"] == game_seed(cfg.seed, r["index"])
        assert r["winner"] is None or r["winner"] in r["seats"]
        assert (r["winner"] is None) == (r["winner_seat"] is None)
        if r["winner"] is not None:
            assert r["seats"][r["winner_seat"]] == r["winner"]
        assert 1 <= r["turns"] <= cfg.turn_limit
        assert r["actions"] > 0 and r["cards_cast"] >= 0 and r["abilities_activated"] >= 0
        assert len(r["life"]) == 2 and all(isinstance(x, int) for x in r["life"])
        assert r["mana_per_turn"] and all(isinstance(x, int) and x >= 0 for x in r["mana_per_turn"])
        assert r["reason"]
        if cfg.goal is None:
            assert r["goal_turn"] is None
        elif r["goal_turn"] is not None:
            assert 1 <= r["goal_turn"] <= r["turns"]
    assert (out / "summary.json").exists() and (out / "report.html").exists()
    assert json.loads((out / "summary.json").read_text()) == json.loads(json.dumps(summary, default=str))
    return rows


def report_pre(out: Path) -> list[str]:
    text = (out / "report.html").read_text(encoding="utf-8")
    assert text.startswith("<!doctype html>") and "data:image/png;base64," in text
    pre = re.search(r"<pre>(.*?)</pre>", text, re.S)
    assert pre is not None
    return html.unescape(pre.group(1)).splitlines()


def check_tournament(cfg_path: Path, out: Path, summary: dict[str, Any]) -> list[dict[str, Any]]:
    rows = check_rows(cfg_path, out, summary)
    cfg = load_config(cfg_path)
    names = [e.name for e in cfg.entrants]
    by_match: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        assert len(r["seats"]) == 2 and set(r["seats"]) <= set(names)
        by_match.setdefault(r["match"], []).append(r)
    for match, games in by_match.items():
        assert len(games) == cfg.games_per_match, match
        assert len({tuple(g["seats"]) for g in games}) == 1
        firsts = [g["first_player"] for g in sorted(games, key=lambda g: g["index"])]
        assert all(a != b for a, b in zip(firsts, firsts[1:], strict=False)), f"play/draw alternate: {firsts}"
    standings = {s["entrant"]: s for s in summary["standings"]}
    assert set(standings) == set(names)
    lines = report_pre(out)
    for n, s in standings.items():
        assert s["games"] == sum(n in r["seats"] for r in rows)
        assert s["wins"] == sum(r["winner"] == n for r in rows)
        assert s["draws"] == sum(n in r["seats"] and r["winner"] is None for r in rows)
        assert s["wins"] + s["losses"] + s["draws"] == s["games"]
        assert s["win_rate_low"] <= s["win_rate"] <= s["win_rate_high"]
        assert s["bt_low"] <= s["bradley_terry"] <= s["bt_high"]
        # the report's standings line holds the same numbers as summary.json
        line = next(ln for ln in lines if ln.startswith(n + " "))
        assert f"{s['wins']}-{s['losses']}-{s['draws']}" in line
        assert f"{s['win_rate']:.1%}" in line
        assert f"({s['win_rate_low']:.0%}-{s['win_rate_high']:.0%})" in line
        assert f"{s['elo']:.0f}" in line and f"{s['bradley_terry']:.0f}" in line
    assert sum(s["wins"] for s in standings.values()) == sum(r["winner"] is not None for r in rows)
    return rows


# ---- tournaments and rollouts on Ray --------------------------------------------------------------------


def test_skip_forced_takes_the_one_choice_decisions_and_plays_the_same_games(tmp_path: Path) -> None:
    """interface.md §9: with skip_forced (the harness's default) a decision with one legal action
    is taken by the engine; heuristic games are the same games either way."""
    base = tournament(n=2, games_per_match=4)
    base["entrants"] = [dict(e, agent="heuristic") for e in base["entrants"]]
    on = go(write(tmp_path / "on.yaml", base), tmp_path / "on", use_ray=False)
    off = go(write(tmp_path / "off.yaml", dict(base, skip_forced=False)), tmp_path / "off", use_ray=False)
    assert on["games"] == off["games"] == 4
    rows_on, rows_off = rows_of(tmp_path / "on"), rows_of(tmp_path / "off")
    assert all(r["forced"] > 0 for r in rows_on) and all(r["forced"] == 0 for r in rows_off)
    same = ("winner", "turns", "life", "reason", "cards_cast", "mana_per_turn")
    assert [[r[k] for k in same] for r in rows_on] == [[r[k] for k in same] for r in rows_off]
    # the same decisions: the agents' and the engine's with skipping on, the agents' alone without
    assert [r["actions"] + r["forced"] for r in rows_on] == [r["actions"] for r in rows_off]
    with pytest.raises(ConfigError, match="skip_forced: expected true or false"):
        load_config(write(tmp_path / "bad.yaml", dict(base, skip_forced="yes")))


def test_round_robin_on_ray(ray_local, tmp_path: Path) -> None:
    cfg = write(tmp_path / "rr.yaml", tournament())
    summary = go(cfg, tmp_path / "out")
    rows = check_tournament(cfg, tmp_path / "out", summary)
    assert len(rows) == 3 * 2 // 2 * 2
    pairs = Counter(frozenset(r["seats"]) for r in rows)
    assert len(pairs) == 3 and set(pairs.values()) == {2}
    assert summary["structure"] == {"rounds": 1}
    assert any(r["winner"] is not None for r in rows)


def test_swiss_on_ray(ray_local, tmp_path: Path) -> None:
    cfg = write(tmp_path / "swiss.yaml", tournament("swiss", n=4, rounds=2))
    summary = go(cfg, tmp_path / "out")
    rows = check_tournament(cfg, tmp_path / "out", summary)
    assert len(rows) == 2 * 2 * 2  # rounds x pairs x games
    st = summary["structure"]
    assert st["rounds"] == 2 and len(st["pairings"]) == 2
    assert sum(st["swiss_points"].values()) == 2 * 2  # one point per match
    for rnd, pairings in enumerate(st["pairings"]):
        seated = [p for a, b, _ in pairings for p in (a, b)]
        assert sorted(seated) == sorted(e["name"] for e in ENTRANTS[:4])  # everyone plays each round
        assert {r["match"].split(":")[0] for r in rows if r["match"].startswith(f"swiss{rnd}:")} == {f"swiss{rnd}"}


def test_single_elimination_on_ray(ray_local, tmp_path: Path) -> None:
    cfg = write(tmp_path / "se.yaml", tournament("single_elimination", n=3))
    summary = go(cfg, tmp_path / "out")
    rows = check_tournament(cfg, tmp_path / "out", summary)
    st = summary["structure"]
    assert len(rows) == (3 - 1) * 2  # n - 1 matches of best-of-2 (one bye)
    assert st["rounds"] == 2 and len(st["bracket"]) == 2
    final = st["bracket"][-1]
    assert len(final) == 1 and final[0][2] == st["champion"] and st["champion"] in final[0][:2]
    for a, b, w in st["bracket"][0]:
        assert w in (a, b)


def test_goldfish_rollouts_with_goal_on_ray(ray_local, tmp_path: Path) -> None:
    cfg = write(tmp_path / "gold.yaml", goldfish())
    summary = go(cfg, tmp_path / "out")
    rows = check_rows(cfg, tmp_path / "out", summary)
    assert [r["index"] for r in rows] == list(range(6))
    assert all(r["seats"] == ["player"] for r in rows)
    wins = sum(r["winner_seat"] == 0 for r in rows)
    reached = [r["goal_turn"] for r in rows if r["goal_turn"] is not None]
    assert summary["wins"] == wins and summary["games"] == 6
    assert summary["win_rate"] == pytest.approx(wins / 6)
    assert summary["goal_rate"][0] == pytest.approx(len(reached) / 6)
    assert reached, "the heuristic ramp deck gets a goldfish to 10 life within 10 turns"
    assert summary["goal_turn"]["p50"] == pytest.approx(statistics.median(reached))
    assert len(summary["mean_mana_per_turn"]) == max(len(r["mana_per_turn"]) for r in rows)
    text = "\n".join(report_pre(tmp_path / "out"))
    assert f"{summary['win_rate']:.1%}" in text and f"{summary['games']} games" in text
    assert f"reached in {summary['goal_rate'][0]:.1%}" in text


def test_a_cast_goal_names_the_card_in_any_case(tmp_path: Path) -> None:
    # casts are counted by the card's exact name: the config's name is canonicalised on load
    data = goldfish(deck=str(DECKS / "red_burn.txt"), goal={"kind": "cast", "value": "lightning bolt"})
    assert load_config(data).goal == {"kind": "cast", "value": "Lightning Bolt"}
    rows = {}
    for value in ("lightning bolt", "Lightning Bolt"):
        go(write(tmp_path / "bolt.yaml", dict(data, goal={"kind": "cast", "value": value})), tmp_path / value,
           use_ray=False)
        rows[value] = [r["goal_turn"] for r in rows_of(tmp_path / value)]
    assert rows["lightning bolt"] == rows["Lightning Bolt"] and any(t is not None for t in rows["lightning bolt"])


def test_duel_rollouts_on_ray(ray_local, tmp_path: Path) -> None:
    cfg = write(tmp_path / "duel.yaml", duel())
    summary = go(cfg, tmp_path / "out")
    rows = check_rows(cfg, tmp_path / "out", summary)
    assert all(r["seats"] == ["player", "opponent"] and r["agents"] == ["heuristic", "random"] for r in rows)
    assert [r["decks"] for r in rows] == [["red_burn.txt", "boros_aggro.txt"]] * 6
    assert [r["first_player"] for r in rows] == ["P1", "P2"] * 3  # play and draw alternate
    assert summary["wins"] == sum(r["winner_seat"] == 0 for r in rows)
    assert summary["draws"] == sum(r["winner"] is None for r in rows)
    text = "\n".join(report_pre(tmp_path / "out"))
    assert f"win rate {summary['win_rate']:.1%}" in text


# ---- determinism ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [lambda: tournament("swiss", n=4, rounds=2), duel, goldfish],
                         ids=["swiss", "duel", "goldfish"])
def test_same_rows_for_1_and_2_workers_and_in_process(ray_local, tmp_path: Path, make) -> None:
    cfg = write(tmp_path / "c.yaml", make())
    one = go(cfg, tmp_path / "w1", workers=1)
    two = go(cfg, tmp_path / "w2", workers=2)
    local = go(cfg, tmp_path / "local", use_ray=False)
    assert rows_of(tmp_path / "w1") == rows_of(tmp_path / "w2") == rows_of(tmp_path / "local")
    assert stable(one) == stable(two) == stable(local)
    # a different seed gives different games
    other = go(cfg, tmp_path / "seed9", seed=9, use_ray=False)
    assert rows_of(tmp_path / "seed9") != rows_of(tmp_path / "local") and other["seed"] == 9


# ---- a worker killed mid-run -----------------------------------------------------------------------------

CRASH_SCRIPT = """
import sys
from mtg_env.harness import run
run(sys.argv[1], out=sys.argv[2], workers=2, progress=False)
"""


def test_worker_killed_mid_run_is_retried(tmp_path: Path, baseline) -> None:
    """Ray must start with the hook in its environment, so this run is its own process (own Ray)."""
    cfg, expected, _ = baseline["rr"]
    marker = tmp_path / "marker"
    env = clean_env(**{run_mod.CRASH_ENV: f"5:{marker}"})
    proc = subprocess.run([sys.executable, "-c", CRASH_SCRIPT, str(cfg), str(tmp_path / "out")], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert marker.read_text() == "crashed once"  # the worker playing game 5 did die
    rows = rows_of(tmp_path / "out")
    assert [r["index"] for r in rows] == [r["index"] for r in expected]
    assert rows == expected
    assert Counter(part_indices(tmp_path / "out")) == Counter(r["index"] for r in expected)


# ---- resume ------------------------------------------------------------------------------------------------


def test_resume_after_interrupt_on_ray(ray_local, tmp_path: Path, baseline) -> None:
    cfg, expected, summary = baseline["rr"]
    out = tmp_path / "out"
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, stop_after=1)
    done = part_indices(out)
    assert 0 < len(done) < len(expected)
    assert not (out / "games.parquet").exists()
    resumed = go(cfg, out, resume=True)
    rows = rows_of(out)
    assert rows == expected
    assert stable(resumed) == stable(summary)
    assert Counter(part_indices(out)) == Counter(r["index"] for r in expected)  # nothing played twice


def test_resume_swiss_interrupted_twice(tmp_path: Path, baseline) -> None:
    """Swiss pairs each round from the last; interrupted in the second round, twice, it still ends the same."""
    cfg, expected, summary = baseline["swiss"]
    out = tmp_path / "out"
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, stop_after=5, use_ray=False)  # 4 one-game batches a round: stops in round 2
    first = part_indices(out)
    assert len(first) == 5 and any(i >= 10_000 for i in first)
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, stop_after=1, use_ray=False, resume=True)
    assert len(part_indices(out)) == 6
    resumed = go(cfg, out, use_ray=False, resume=True)
    assert rows_of(out) == expected and stable(resumed) == stable(summary)
    assert Counter(part_indices(out)) == Counter(r["index"] for r in expected)


def test_a_fresh_run_discards_old_parts(tmp_path: Path, baseline) -> None:
    cfg, expected, _ = baseline["rr"]
    out = tmp_path / "out"
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, stop_after=2, use_ray=False, seed=77)
    with pytest.raises(HarnessError, match="--resume to continue it, --force to replace it"):
        go(cfg, out, use_ray=False)  # neither --resume nor --force: the earlier run is refused
    go(cfg, out, use_ray=False, force=True)  # replaced: the seed-77 parts must not leak in
    assert rows_of(out) == expected


def test_resume_with_a_different_seed_does_not_mix_runs(tmp_path: Path, baseline) -> None:
    cfg, expected, _ = baseline["rr"]
    out = tmp_path / "out"
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, stop_after=2, use_ray=False, seed=77)
    try:
        go(cfg, out, use_ray=False, resume=True)  # refusing (an error) would be fine too
    except Exception:
        return
    assert rows_of(out) == expected


# ---- bad configs ----------------------------------------------------------------------------------------------


def _unsupported_deck(tmp_path: Path) -> str:
    deck = tmp_path / "fake.txt"
    deck.write_text("Deck\n20 Forest\n4 Llanowar Elves\n4 Totally Made Up Card\n", encoding="utf-8")
    return str(deck)


def _set(path: str, value: Any):
    def edit(d: dict[str, Any], tmp_path: Path) -> None:
        keys = re.findall(r"[^.\[\]]+", path)
        for k in keys[:-1]:
            d = d[int(k)] if k.isdigit() else d[k]  # type: ignore[index]
        v = value(tmp_path) if callable(value) else value
        d[int(keys[-1]) if keys[-1].isdigit() else keys[-1]] = v  # type: ignore[index]
    return edit


def _drop(key: str):
    def edit(d: dict[str, Any], tmp_path: Path) -> None:
        del d[key]
    return edit


BUG_ROLLOUT_PATH: list[Any] = []  # fixed: errors name the key path without a leading dot
BUG_UNCHECKED: list[Any] = []  # fixed: validated on load

BAD = [
    # (id, base config, edit, key path, command)
    ("unknown-top-key", tournament, _set("colour", "blue"), "colour", "tournament"),
    ("unknown-entrant-key", tournament, _set("entrants[1].colour", "blue"), "entrants[1].colour", "tournament"),
    ("unknown-opponent-key", duel, _set("opponent.seat", 2), "opponent.seat", "rollouts"),
    ("missing-deck-file", tournament, _set("entrants[2].deck", "no/such/deck.txt"), "entrants[2].deck",
     "tournament"),
    ("unsupported-card", tournament, _set("entrants[0].deck", _unsupported_deck), "entrants[0].deck",
     "tournament"),
    ("unsupported-card-opponent", duel, _set("opponent.deck", _unsupported_deck), "opponent.deck", "rollouts"),
    ("bad-agent", tournament, _set("entrants[1].agent", "alphazero"), "entrants[1].agent", "tournament"),
    ("bad-agent-opponent", duel, _set("opponent.agent", "alphazero"), "opponent.agent", "rollouts"),
    ("bad-format-tournament", tournament, _set("format", "ladder"), "format", "tournament"),
    ("bad-format-rollouts", goldfish, _set("format", "sealed"), "format", "rollouts"),
    ("bad-kind", tournament, _set("kind", "league"), "kind", "tournament"),
    ("duel-without-opponent", duel, _drop("opponent"), "opponent", "rollouts"),
    ("bad-goal-kind", goldfish, _set("goal", {"kind": "infinite_combo", "value": 1}), "goal.kind", "rollouts"),
    ("goal-without-value", goldfish, _set("goal", {"kind": "mana_in_a_turn"}), "goal.value", "rollouts"),
    ("goal-not-a-mapping", goldfish, _set("goal", "win"), "goal", "rollouts"),
    ("seed-not-a-number", duel, _set("seed", "one"), "seed", "rollouts"),
    ("games-per-match-zero", tournament, _set("games_per_match", 0), "games_per_match", "tournament"),
    ("one-entrant", tournament, _set("entrants", [ENTRANTS[0]]), "entrants", "tournament"),
    ("duplicate-entrant", tournament, _set("entrants[1].name", "h-burn"), "entrants", "tournament"),
    pytest.param("bad-agent-rollouts", goldfish, _set("agent", "alphazero"), "agent", "rollouts",
                 marks=BUG_ROLLOUT_PATH),
    pytest.param("missing-deck-rollouts", duel, _set("deck", "nope.txt"), "deck", "rollouts",
                 marks=BUG_ROLLOUT_PATH),
]
UNCHECKED = [  # these fail (or run) later instead: in-process only, a CLI run would play the games
    pytest.param("goal-value-wrong-type", goldfish, _set("goal", {"kind": "mana_in_a_turn", "value": "lots"}),
                 "goal.value", "rollouts", marks=BUG_UNCHECKED),
    pytest.param("goal-unknown-key", goldfish, _set("goal", {"kind": "win", "turn": 3}), "goal.turn",
                 "rollouts", marks=BUG_UNCHECKED),
    pytest.param("unknown-agent-option", tournament, _set("entrants[1].agent_options", {"bogus": 1}),
                 "entrants[1].agent_options.bogus", "tournament", marks=BUG_UNCHECKED),
    pytest.param("negative-games", duel, _set("games", -3), "games", "rollouts", marks=BUG_UNCHECKED),
    pytest.param("zero-turn-limit", duel, _set("turn_limit", 0), "turn_limit", "rollouts", marks=BUG_UNCHECKED),
    pytest.param("zero-rounds", lambda: tournament("swiss"), _set("rounds", 0), "rounds", "tournament",
                 marks=BUG_UNCHECKED),
]


def _bad_config(tmp_path: Path, make, edit) -> Path:
    data = make()
    edit(data, tmp_path)
    return write(tmp_path / "BAD.yaml", data)


def _ids(case) -> str:
    return case.values[0] if hasattr(case, "values") else case[0]


@pytest.mark.parametrize(("name", "make", "edit", "key", "command"), BAD + UNCHECKED,
                         ids=[_ids(c) for c in BAD + UNCHECKED])
def test_bad_config_raises_before_any_game(tmp_path: Path, monkeypatch, name, make, edit, key, command) -> None:
    bad = _bad_config(tmp_path, make, edit)

    def no_games(*a: Any, **k: Any) -> None:
        raise AssertionError("a game started")

    monkeypatch.setattr(run_mod, "play_batch", no_games)
    with pytest.raises(ConfigError) as info:
        go(bad, tmp_path / "out", use_ray=False)
    e = info.value
    assert e.where == str(bad) and e.path == key
    assert str(e).startswith(f"{bad}: {key}: ")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("name", "make", "edit", "key", "command"), BAD, ids=[_ids(c) for c in BAD])
def test_bad_config_through_the_cli(tmp_path: Path, name, make, edit, key, command) -> None:
    bad = _bad_config(tmp_path, make, edit)
    proc = subprocess.run([MTG_ENV, command, str(bad), "--out", str(tmp_path / "out"), "--no-progress"],
                          env=clean_env(), cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert f"mtg-env: error: {bad}: {key}: " in proc.stderr, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert not (tmp_path / "out").exists()


def test_missing_and_malformed_config_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "nope.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: tournament\nentrants: [\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=f"{re.escape(str(broken))}: not valid YAML"):
        load_config(broken)
    listy = write(tmp_path / "list.yaml", [1, 2])  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="a mapping at the top level"):
        load_config(listy)


def test_included_configs_load() -> None:
    for f in [ROOT / "configs" / "default.yaml", *sorted((ROOT / "configs" / "rollouts").glob("*.yaml"))]:
        cfg = load_config(f)
        assert cfg.kind in ("tournament", "rollouts", "puzzles")
        if cfg.kind == "puzzles":  # a puzzle deals its own cards: the files instead of decks
            assert cfg.puzzles and all(Path(f).is_file() for f in cfg.puzzles)
            continue
        for e in cfg.entrants + [p for p in (cfg.player, cfg.opponent) if p]:
            assert Path(e.deck).is_file()


def test_deck_paths_resolve_next_to_the_config(tmp_path: Path) -> None:
    sub = tmp_path / "cfgs"
    sub.mkdir()
    (sub / "mine.txt").write_text((DECKS / "red_burn.txt").read_text(), encoding="utf-8")
    cfg = load_config(write(sub / "c.yaml", duel(deck="mine.txt")))
    assert cfg.player is not None and Path(cfg.player.deck) == sub / "mine.txt"


# ---- the CLI --------------------------------------------------------------------------------------------------


def test_cli_run_prints_standings_and_report(tmp_path: Path) -> None:
    cfg = write(tmp_path / "tiny.yaml", tournament(games_per_match=1))
    out = tmp_path / "results"
    # --workers 1: this process starts its own Ray with a single CPU
    proc = subprocess.run([MTG_ENV, "run", str(cfg), "--out", str(out), "--no-progress", "--workers", "1"],
                          env=clean_env(), cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines[0].split()[:2] == ["entrant", "games"]
    summary = json.loads((out / "summary.json").read_text())
    for s in summary["standings"]:
        line = next(ln for ln in lines if ln.startswith(s["entrant"] + " "))
        assert f"{s['wins']}-{s['losses']}-{s['draws']}" in line and f"{s['win_rate']:.1%}" in line
    assert "3 games in " in proc.stdout
    assert f"Report: {out / 'report.html'}" in proc.stdout
    assert (out / "report.html").is_file() and len(rows_of(out)) == 3
    go(cfg, tmp_path / "local", use_ray=False)
    assert rows_of(out) == rows_of(tmp_path / "local")  # one real Ray worker == in process


def test_cli_rollouts_overrides_games_and_seed(ray_local, tmp_path: Path, capsys) -> None:
    from mtg_env.cli import main
    cfg = write(tmp_path / "gold.yaml", goldfish())
    out = tmp_path / "out"
    assert main(["rollouts", str(cfg), "--games", "3", "--seed", "11", "--out", str(out), "--no-progress"]) == 0
    rows = rows_of(out)
    assert [r["seed"] for r in rows] == [game_seed(11, i) for i in range(3)]
    text = capsys.readouterr().out
    assert "tiny goldfish: 3 games, win rate" in text and f"Report: {out / 'report.html'}" in text
