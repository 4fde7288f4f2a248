"""Real Ray clusters and failing safely around them (issue 18).

A head node is started for this module in a subprocess (`ray start --head --block`, its own
ports and temp dir) with a token in RAY_AUTH_TOKEN and RAY_AUTH_MODE unset: Ray 2.59+ then turns
token authentication on by itself, as it does on any machine with a token. It is stopped at
the end: only the processes it started are stopped, never `ray stop`. Rollouts through `--address`
give the rows of an in-process run; with no `--address` the harness starts its own instance
even though that cluster runs and would be found; an unreachable address, a secured cluster
without its token and more workers than the cluster has CPUs are clear errors; Ctrl-C stops a
run cleanly with resumable results.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from checkout import fresh_process_env

from mtg_env.harness import HarnessError
from mtg_env.harness import cluster as cluster_mod
from tests.harness.test_harness import goldfish, part_indices, rows_of, write

run_mod = sys.modules["mtg_env.harness.run"]
RAY = str(Path(sys.executable).parent / "ray")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stat(pid: int | str) -> tuple[int, int] | None:
    """(parent pid, start time) of a process, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[1]), int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def descendants(pid: int) -> list[tuple[int, int]]:
    """(pid, start time) of every process started by `pid`, at any depth."""
    kids: dict[int, list[tuple[int, int]]] = {}
    for d in Path("/proc").iterdir():
        st = _stat(d.name) if d.name.isdigit() else None
        if st is not None:
            kids.setdefault(st[0], []).append((int(d.name), st[1]))
    out, todo = [], [pid]
    while todo:
        for c in kids.get(todo.pop(), []):
            out.append(c)
            todo.append(c[0])
    return out


@dataclass
class Head:
    address: str
    token: str
    root: Path

    def env(self, token: str | None = "", **extra: str) -> dict[str, str]:
        """A process of this checkout that joins the cluster as Ray documents it: RAY_AUTH_MODE=token
        and the cluster's token ("", the default), another `token`, or (None) neither."""
        env = {k: v for k, v in fresh_process_env().items() if k not in ("RAY_ADDRESS", run_mod.CRASH_ENV, *AUTH)}
        if token is not None:
            env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token or self.token)
        env.update(extra)
        return env


AUTH = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    root = Path(tempfile.mkdtemp(prefix="mtgray", dir="/tmp"))  # short: Ray's socket paths must be
    token, port = secrets.token_hex(32), free_port()
    env = {k: v for k, v in fresh_process_env().items() if k not in ("RAY_ADDRESS", *AUTH)}
    env.update(RAY_AUTH_TOKEN=token)  # and no RAY_AUTH_MODE: Ray's default turns token authentication on
    log = open(root / "head.log", "wb")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(
        [RAY, "start", "--head", "--block", "--port", str(port), "--temp-dir", str(root / "ray"), "--num-cpus", "2",
         "--include-dashboard=false", "--dashboard-agent-listen-port", str(free_port()), "--disable-usage-stats"],
        env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 40
        while not (root / "ray" / "ray_current_cluster").exists() or b"block forever" not in \
                (root / "head.log").read_bytes():
            assert proc.poll() is None and time.monotonic() < deadline, (root / "head.log").read_text()[-3000:]
            time.sleep(0.2)
        assert b"Token authentication is enabled" in (root / "head.log").read_bytes()
        yield Head(f"127.0.0.1:{port}", token, root)
    finally:
        started = descendants(proc.pid)
        proc.send_signal(signal.SIGTERM)  # `ray start --block` stops the node's processes on SIGTERM
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for pid, start in started:  # anything of ours left: the same pid *and* start time
            st = _stat(pid)
            if st is not None and st[1] == start:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        log.close()
        shutil.rmtree(root, ignore_errors=True)


def cli(args: list[str], env: dict[str, str], cwd: Path, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mtg_env.cli", *args, "--no-progress"], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def local(cfg: Path, out: Path) -> list[dict[str, Any]]:
    run_mod.run(cfg, out=out, use_ray=False, progress=False, echo=None)
    return rows_of(out)


# ---- a real cluster --------------------------------------------------------------------------------------


def test_rollouts_through_address_on_a_secured_cluster_equal_a_local_run(head: Head, tmp_path: Path) -> None:
    cfg = write(tmp_path / "gold.yaml", goldfish(games=6))
    t0 = time.monotonic()
    proc = cli(["rollouts", str(cfg), "--address", head.address, "--out", str(tmp_path / "cluster")],
               head.env(), tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    where = f"on the Ray cluster at {head.address} (2 CPUs on 1 node, 2 game batches at a time)"
    assert where in proc.stdout and where in proc.stderr  # said at the start and at the end
    assert time.monotonic() - t0 < 60
    assert rows_of(tmp_path / "cluster") == local(cfg, tmp_path / "local")


def test_joining_a_secured_cluster_without_its_token_says_what_to_set(head: Head, tmp_path: Path) -> None:
    # Ray alone retried for 20 s and then blamed "a previous Ray instance that has since crashed"
    cfg = write(tmp_path / "gold.yaml", goldfish(games=2))
    for token, said in ((None, "requires token authentication and no token was sent. Clusters of Ray 2.59 "
                                "or later started with `ray start` use token authentication when a token "
                                "exists: set RAY_AUTH_MODE=token here"),
                        ("0" * 64, "refused the token given here: check that RAY_AUTH_TOKEN")):
        t0 = time.monotonic()
        proc = cli(["rollouts", str(cfg), "--address", head.address, "--out", str(tmp_path / "out")],
                   head.env(token), tmp_path)
        assert proc.returncode == 2 and said in proc.stderr, proc.stderr[-3000:]
        assert time.monotonic() - t0 < 15 and "Traceback" not in proc.stderr
        assert not (tmp_path / "out").exists()


def test_no_address_starts_its_own_ray_even_when_a_cluster_runs(head: Head, tmp_path: Path) -> None:
    # RAY_TMPDIR makes the head node the cluster Ray's own default (address=None) would join; the
    # harness used to join it and fail at once ("num_cpus and num_gpus must not be provided")
    cfg = write(tmp_path / "gold.yaml", goldfish(games=2))
    proc = cli(["rollouts", str(cfg), "--out", str(tmp_path / "out"), "--workers", "1"],
               head.env(RAY_TMPDIR=str(head.root)), tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "on a local Ray instance started for this run (1 CPU)" in proc.stdout
    assert len(rows_of(tmp_path / "out")) == 2


def test_more_workers_than_the_cluster_has_cpus_is_an_error(head: Head, tmp_path: Path) -> None:
    cfg = write(tmp_path / "gold.yaml", goldfish(games=2))
    proc = cli(["rollouts", str(cfg), "--address", head.address, "--workers", "3", "--out", str(tmp_path / "out")],
               head.env(), tmp_path)
    assert proc.returncode == 2
    assert f"--workers 3: the Ray cluster at {head.address} has 2 CPUs" in proc.stderr
    assert "Traceback" not in proc.stderr and not (tmp_path / "out").exists()


# ---- errors that need no cluster -------------------------------------------------------------------------


def test_an_unreachable_address_is_a_clear_error_within_seconds(tmp_path: Path, monkeypatch, capsys) -> None:
    from mtg_env.cli import main
    monkeypatch.setattr(cluster_mod, "PROBE_SECONDS", 2.0)
    cfg = write(tmp_path / "gold.yaml", goldfish(games=2))
    t0 = time.monotonic()
    assert main(["rollouts", str(cfg), "--address", f"127.0.0.1:{free_port()}", "--out", str(tmp_path / "out"),
                 "--no-progress"]) == 2
    assert time.monotonic() - t0 < 20  # Ray itself retried for ever
    assert "no Ray cluster can be reached there" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
    for bad in ("nonsense", "host:port", "10.0.0.1:99999"):
        with pytest.raises(HarnessError, match="expected host:port"):
            cluster_mod.split_address(bad)


def test_a_secured_cluster_without_its_token_says_what_to_set(monkeypatch) -> None:
    import ray
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(cluster_mod, "probe", lambda address, seconds=0: None)

    def refused(**kw: Any) -> None:  # what ray.init raises after InvalidAuthToken
        raise ConnectionError("Failed to connect to Ray cluster at 10.0.0.5:6379")

    monkeypatch.setattr(ray, "init", refused)
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    with pytest.raises(HarnessError, match="set RAY_AUTH_MODE=token here, with the cluster's token in RAY_AUTH_TOKEN"):
        cluster_mod.connect("10.0.0.5:6379", None)
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    with pytest.raises(HarnessError, match="holds the cluster's token"):
        cluster_mod.connect("10.0.0.5:6379", None)


def test_a_cluster_that_never_answers_is_an_error_at_the_deadline(monkeypatch) -> None:
    import ray
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(cluster_mod, "probe", lambda address, seconds=0: None)
    monkeypatch.setattr(cluster_mod, "CONNECT_SECONDS", 0.5)
    monkeypatch.setattr(ray, "init", lambda **kw: time.sleep(30))  # as Ray does at a port that never answers
    t0 = time.monotonic()
    with pytest.raises(HarnessError, match="did not answer within 0 s|did not answer within 1 s"):
        cluster_mod.connect("10.0.0.5:6379", None)
    assert time.monotonic() - t0 < 5


# ---- Ctrl-C ------------------------------------------------------------------------------------------------


def _default_sigint() -> None:
    """In the child: Ctrl-C's default disposition, even when this test runs in a background job
    (a shell starts those with SIGINT ignored, and an ignored signal stays ignored through exec,
    so Python would never raise KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_a_run_cleanly_and_it_resumes(tmp_path: Path) -> None:
    cfg = write(tmp_path / "gold.yaml", goldfish(games=40))
    out = tmp_path / "out"
    env = {k: v for k, v in fresh_process_env().items() if k not in ("RAY_ADDRESS", run_mod.CRASH_ENV)}
    proc = subprocess.Popen([sys.executable, "-m", "mtg_env.cli", "rollouts", str(cfg), "--out", str(out),
                             "--workers", "1", "--no-progress"], env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=_default_sigint)
    try:
        deadline = time.monotonic() + 60
        while not list((out / "parts").glob("part-*.parquet")):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()[1][-3000:]
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal sends: to the whole group
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err[-3000:]
    assert "Traceback" not in err
    assert f"are saved in {out / 'parts'}; run the same command with --resume to continue" in err
    saved = part_indices(out)
    assert 0 < len(saved) < 40 and not (out / "games.parquet").exists()
    run_mod.run(cfg, out=out, resume=True, use_ray=False, progress=False, echo=None)
    assert rows_of(out) == local(cfg, tmp_path / "local")
    assert sorted(part_indices(out)) == list(range(40))
