"""The harness fails safely (issue 18): it never loses or mixes data, it bounds every resource
before any work starts, and it checks every config value before a game is played.

Runs here are in-process (`use_ray=False`) and tiny; the Ray cluster, Ctrl-C and the CLI's
handling of them are in test_cluster.py.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from checkout import fresh_process_env

from mtg_env.harness import ConfigError, HarnessError, load_config
from mtg_env.harness.config import MAX_GAMES
from tests.harness.test_harness import duel, goldfish, part_indices, rows_of, tournament, write
from tests.helpers import DECKS

run_mod = sys.modules["mtg_env.harness.run"]


def go(cfg: Any, out: Path, **kw: Any) -> dict[str, Any]:
    kw.setdefault("progress", False)
    kw.setdefault("echo", None)
    kw.setdefault("use_ray", False)
    return run_mod.run(cfg, out=out, **kw)


def tiny(tmp_path: Path, **extra: Any) -> Path:
    return write(tmp_path / "tiny.yaml", goldfish(games=4, **extra))


def no_games(monkeypatch) -> None:
    def refuse(*a: Any, **k: Any) -> None:
        raise AssertionError("a game started")
    monkeypatch.setattr(run_mod, "play_batch", refuse)


# ---- never lose data: a run deletes only what it made ---------------------------------------------------


def test_a_run_over_an_earlier_one_is_refused_unless_resume_or_force(tmp_path: Path) -> None:
    cfg, out = tiny(tmp_path), tmp_path / "out"
    go(cfg, out)
    with pytest.raises(HarnessError, match="holds an earlier run .complete.; use --resume to continue it, --force"):
        go(cfg, out)
    assert len(rows_of(out)) == 4  # untouched
    go(cfg, out, resume=True)  # nothing left to play: the same results again
    go(cfg, out, force=True)
    with pytest.raises(HarnessError, match="contradict"):
        go(cfg, out, resume=True, force=True)


def test_force_deletes_only_the_files_the_earlier_run_made(tmp_path: Path) -> None:
    cfg, out = tiny(tmp_path), tmp_path / "out"
    go(cfg, out)
    mine = [out / "notes.txt", out / "parts" / "my-analysis.parquet", out / "parts" / "keep" / "x.txt"]
    for f in mine:
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text("the user's", encoding="utf-8")
    old_parts = set((out / "parts").glob("part-*.parquet"))
    go(cfg, out, force=True)
    assert all(f.read_text(encoding="utf-8") == "the user's" for f in mine)
    assert not old_parts & set((out / "parts").glob("part-*.parquet"))  # the old run's parts went
    assert sorted(part_indices(out)) == [0, 1, 2, 3]


def test_a_directory_not_made_by_a_run_is_never_touched(tmp_path: Path) -> None:
    cfg, out = tiny(tmp_path), tmp_path / "home"
    (out / "parts").mkdir(parents=True)
    (out / "thesis.tex").write_text("years of work", encoding="utf-8")
    (out / "parts" / "part-00000000-1.parquet").write_text("not ours", encoding="utf-8")
    for kw in ({}, {"force": True}, {"resume": True}):
        with pytest.raises(HarnessError, match="not empty and holds no mtg-env run"):
            go(cfg, out, **kw)
    assert sorted(p.name for p in out.rglob("*")) == ["part-00000000-1.parquet", "parts", "thesis.tex"]


@pytest.mark.parametrize(("name", "folder"), [("..", "run"), (".", "run"), ("../../etc", "_.._etc"),
                                              ("/tmp/x", "_tmp_x"), ("a b/c", "a_b_c")])
def test_a_configs_name_never_acts_as_a_path(tmp_path: Path, monkeypatch, name: str, folder: str) -> None:
    monkeypatch.chdir(tmp_path)
    cfg = write(tmp_path / "c.yaml", goldfish(games=1, name=name))
    go(cfg, None)
    assert (tmp_path / "results" / folder / "games.parquet").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.yaml", "results"]


def test_final_files_are_written_under_a_temporary_name_then_renamed(tmp_path: Path, monkeypatch) -> None:
    cfg, out = tiny(tmp_path), tmp_path / "out"
    go(cfg, out)
    before = {f: (out / f).read_bytes() for f in ("games.parquet", "summary.json", "report.html")}
    real = pq.write_table

    def killed_while_writing(table: Any, where: Any, **kw: Any) -> None:
        if Path(where).name.startswith(".games.parquet"):
            Path(where).write_bytes(b"PAR1 half a file")
            raise KeyboardInterrupt  # the kill comes during the last write
        real(table, where, **kw)

    monkeypatch.setattr(pq, "write_table", killed_while_writing)
    with pytest.raises(KeyboardInterrupt):
        go(cfg, out, resume=True)
    assert {f: (out / f).read_bytes() for f in before} == before  # the old files, whole
    assert not [f for f in out.iterdir() if ".tmp" in f.name]
    assert len(pq.read_table(out / "games.parquet")) == 4


def test_an_interrupted_rerun_over_a_finished_run_leaves_none_of_its_files(tmp_path: Path) -> None:
    cfg, out = tiny(tmp_path), tmp_path / "out"
    go(cfg, out)
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, force=True, seed=5, stop_after=1, batch_size=1)
    assert not any((out / f).exists() for f in ("games.parquet", "summary.json", "report.html"))
    assert part_indices(out) == [0]  # the new run's first game only
    assert json.loads((out / "run.json").read_text())["state"] == "running"


def test_resume_refuses_a_changed_config_or_code(tmp_path: Path, monkeypatch) -> None:
    cfg, out = tiny(tmp_path), tmp_path / "out"
    with pytest.raises(run_mod.Interrupted):
        go(cfg, out, stop_after=1, batch_size=1)
    write(cfg, goldfish(games=4, turn_limit=11))
    with pytest.raises(HarnessError, match="cannot resume: the config .or --games, --seed. is not the same"):
        go(cfg, out, resume=True)
    write(cfg, goldfish(games=4))
    with pytest.raises(HarnessError, match="cannot resume: the config"):
        go(cfg, out, resume=True, games=5)
    monkeypatch.setattr(run_mod, "code_version", lambda modules: "another version")
    with pytest.raises(HarnessError, match="the code that plays the games .* changed"):
        go(cfg, out, resume=True)
    monkeypatch.undo()
    go(cfg, out, resume=True)
    assert len(rows_of(out)) == 4


KILL_SCRIPT = """
import sys
from mtg_env.harness import run
run(sys.argv[1], out=sys.argv[2], use_ray=False, batch_size=1, progress=False, echo=None)
"""


def test_kill_minus_nine_edit_a_deck_resume_is_refused_then_restored_it_matches(tmp_path: Path) -> None:
    deck = tmp_path / "burn.txt"
    deck.write_bytes((DECKS / "red_burn.txt").read_bytes())
    cfg = write(tmp_path / "d.yaml", duel(games=8, deck=str(deck)))
    reference = tmp_path / "reference"
    go(cfg, reference)
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(cfg), str(out)], env=fresh_process_env(),
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(list((out / "parts").glob("part-*.parquet"))) < 2:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    done = part_indices(out)
    assert 2 <= len(done) < 8 and not (out / "games.parquet").exists()
    deck.write_text(deck.read_text(encoding="utf-8") + "\n// edited between the kill and --resume\n",
                    encoding="utf-8")
    with pytest.raises(HarnessError, match=f"cannot resume: the deck {deck} changed since the run began"):
        go(cfg, out, resume=True)
    assert part_indices(out) == done  # nothing deleted, nothing played
    deck.write_bytes((DECKS / "red_burn.txt").read_bytes())
    go(cfg, out, resume=True)
    assert rows_of(out) == rows_of(reference)
    assert sorted(part_indices(out)) == list(range(8))  # nothing played twice


# ---- bounds, checked before any work starts ----------------------------------------------------------------


@pytest.mark.parametrize("games", [0, -5, True, 2.5])
def test_games_must_be_at_least_one(tmp_path: Path, monkeypatch, games: Any) -> None:
    no_games(monkeypatch)
    with pytest.raises(ConfigError, match="--games: expected a whole number of at least 1"):
        go(tiny(tmp_path), tmp_path / "out", games=games)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("games", ["0", "-5", "many"])
def test_the_cli_refuses_games_below_one(tmp_path: Path, games: str, capsys) -> None:
    from mtg_env.cli import main
    with pytest.raises(SystemExit) as e:
        main(["rollouts", str(tiny(tmp_path)), "--games", games, "--out", str(tmp_path / "out")])
    assert e.value.code == 2 and "--games" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_too_many_games_is_an_error(tmp_path: Path, monkeypatch) -> None:
    no_games(monkeypatch)
    with pytest.raises(ConfigError, match=f"at most {MAX_GAMES} are allowed"):
        go(tiny(tmp_path), tmp_path / "out", games=MAX_GAMES + 1)
    with pytest.raises(ConfigError, match="games: this run would play"):
        load_config(write(tmp_path / "big.yaml", goldfish(games=10**9)))
    with pytest.raises(ConfigError, match="a round would play"):
        load_config(write(tmp_path / "swiss.yaml", tournament("swiss", n=4, games_per_match=6000)))


def test_game_specs_are_made_as_the_games_are_played(tmp_path: Path) -> None:
    tracemalloc.start()
    try:
        t0 = time.perf_counter()
        with pytest.raises(run_mod.Interrupted):
            go(tiny(tmp_path), tmp_path / "out", games=MAX_GAMES, stop_after=2, batch_size=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 60_000_000, peak  # a million specs held at once are about a gigabyte
    assert time.perf_counter() - t0 < 30
    assert part_indices(tmp_path / "out") == [0, 1]


def test_more_workers_than_cpus_is_an_error_before_anything_starts(tmp_path: Path, monkeypatch) -> None:
    no_games(monkeypatch)
    from mtg_env.harness.cluster import local_cpus
    n = local_cpus()
    with pytest.raises(HarnessError, match=f"--workers 1000: this machine has {n} CPU"):
        go(tiny(tmp_path), tmp_path / "out", workers=1000, use_ray=True)
    assert not (tmp_path / "out").exists()


# ---- every config value checked before a game or Ray starts ---------------------------------------------


def _deck(tmp_path: Path, text: str) -> str:
    f = tmp_path / "deck.txt"
    f.write_text(text, encoding="utf-8")
    return str(f)


@pytest.mark.parametrize(("make", "key", "words"), [
    (lambda t: duel(agent="mcts", agent_options={"iterations": -3}), "agent_options",
     "iterations, determinizations and rollout_actions must be at least 1"),
    (lambda t: duel(agent="mcts", agent_options={"iterations": True}), "agent_options.iterations", "expected int"),
    (lambda t: duel(deck=_deck(t, "10 Mountain\n")), "deck", "a duel deck needs at least 60 cards"),
    (lambda t: duel(deck=_deck(t, "55 Mountain\n5 Lightning Bolt\n")), "deck",
     "more than 4 copies of: 5 Lightning Bolt"),
    (lambda t: tournament(entrants=[{"name": "a", "agent": "random", "deck": _deck(t, "10 Forest\n")},
                                    {"name": "b", "agent": "random", "deck": str(DECKS / "red_burn.txt")}]),
     "entrants[0].deck", "at least 60 cards"),
    (lambda t: duel(seed=10**30), "seed", "expected"),
    (lambda t: duel(turn_limit=10**9), "turn_limit", "expected 1 to"),
    (lambda t: duel(name=["a", "list"]), "name", "expected a name"),
])
def test_bad_values_are_config_errors_before_any_game(tmp_path: Path, monkeypatch, make, key: str,
                                                      words: str) -> None:
    no_games(monkeypatch)
    bad = write(tmp_path / "bad.yaml", make(tmp_path))
    with pytest.raises(ConfigError) as e:
        go(bad, tmp_path / "out", use_ray=True)  # Ray is never asked: the error comes first
    assert e.value.path == key and words in str(e.value), str(e.value)
    assert not (tmp_path / "out").exists()


def test_a_yaml_alias_bomb_config_is_an_error_at_once(tmp_path: Path) -> None:
    lines = ["kind: rollouts", "a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert bomb.stat().st_size < 600
    t0 = time.perf_counter()
    with pytest.raises(ConfigError, match="aliases are expanded"):
        load_config(bomb)
    assert time.perf_counter() - t0 < 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_special_and_oversized_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config("/dev/zero")
    with pytest.raises(ConfigError, match="entrants.0..deck: no such deck file ./dev/zero"):  # not a file
        load_config(write(tmp_path / "c.yaml", tournament(entrants=[
            {"name": "z", "agent": "random", "deck": "/dev/zero"},
            {"name": "b", "agent": "random", "deck": str(DECKS / "red_burn.txt")}])))
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * (5 * 1024 * 1024) + b"\nkind: rollouts\n")
    with pytest.raises(ConfigError, match="more than the limit"):
        load_config(big)


def test_a_config_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    f = tiny(tmp_path)
    f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes())
    assert load_config(f).games == 4


def test_a_game_that_fails_on_a_worker_is_one_line(tmp_path: Path) -> None:
    """Not Ray's 90-line remote traceback: the games it was and what went wrong."""
    from mtg_env.harness.run import _failed

    class Boom(Exception):
        pass

    class TaskError(Exception):  # like ray.exceptions.RayTaskError: the user's exception is `cause`
        cause = Boom("the agent gave up\nsecond line")

        def __str__(self) -> str:
            return "ray::_play_batch_task()\n" + "  File ...\n" * 90 + "Boom: the agent gave up"

    msg = _failed([{"index": 4}, {"index": 7}], TaskError())
    assert msg == "games 4 to 7 failed on a Ray worker: Boom: the agent gave up"
