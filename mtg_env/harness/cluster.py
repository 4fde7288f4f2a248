"""Where a run's games are played: a local Ray instance started for the run, or a Ray cluster
joined at an address.

- No address (and no `RAY_ADDRESS`): a new local instance with `workers` CPUs, at most the CPUs
  this process may use, even when another Ray instance runs on the machine (Ray's own default
  would join the last cluster `ray start` made there: `address="local"` says not to).
- An address: the cluster must answer within `CONNECT_SECONDS`: first a plain TCP connection to
  it (an unreachable address fails in seconds), then one request to its control store (GCS)
  that says at once whether it wants a token we lack (`_check_token`: Ray's own connection
  would retry that for 20 s and then blame "a previous Ray instance that has since crashed"),
  then Ray's own connection, given a deadline (Ray retries an address that never answers for
  ever). A cluster of Ray 2.59 or later that uses token authentication needs `RAY_AUTH_MODE=token`
  and its token here, as Ray documents (https://docs.ray.io/en/latest/ray-security/token-auth.html):
  Ray never sends a token to an address given explicitly unless told to, and neither do we.
- Concurrency follows the cluster: at most its CPUs run games at once (`workers`, if given, may
  only lower that).

This module connects and describes; it must not play games or touch the output directory.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from .config import HarnessError

#: how long joining a cluster may take before it is an error
CONNECT_SECONDS = 45.0
#: how long the address is tried with plain TCP first
PROBE_SECONDS = 8.0

_AUTH_HINT = ("Clusters of Ray 2.59 or later started with `ray start` use token authentication when a "
              "token exists: set RAY_AUTH_MODE=token here, with the cluster's token in RAY_AUTH_TOKEN, "
              "in a file named by RAY_AUTH_TOKEN_PATH, or in ~/.ray/auth_token (see the README, "
              "'Ray clusters')")


@dataclass
class Cluster:
    """The Ray instance a run uses: `address` None for one started here."""

    address: str | None
    cpus: int
    nodes: int
    workers: int
    started: bool

    def describe(self) -> str:
        if self.address is None:
            return f"a local Ray instance started for this run ({self.workers} CPU{'s' * (self.workers != 1)})"
        where = f"the Ray cluster at {self.address}" if self.address else "the Ray instance this process uses"
        return (f"{where} ({self.cpus} CPU{'s' * (self.cpus != 1)} on {self.nodes} node{'s' * (self.nodes != 1)}, "
                f"{self.workers} game batch{'es' * (self.workers != 1)} at a time)")


def local_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def check_workers(workers: int | None, cpus: int, where: str) -> int:
    """`workers` (None: all `cpus`), which must be 1 to `cpus`."""
    if workers is None:
        return cpus
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise HarnessError(f"--workers: expected a whole number of at least 1, got {workers!r}")
    if workers > cpus:
        raise HarnessError(f"--workers {workers}: {where} has {cpus} CPU{'s' * (cpus != 1)}; "
                           f"at most {cpus} games can run at once")
    return workers


def split_address(address: str) -> tuple[str, int]:
    """(host, port) of `host:port` or `ray://host:port`."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise HarnessError(f"--address {address!r}: expected host:port (for example 10.0.0.5:6379) "
                           f"or ray://host:port")
    return host, int(port)


def probe(address: str, seconds: float | None = None) -> None:
    """A TCP connection to the address succeeds within `seconds` (PROBE_SECONDS), else HarnessError."""
    host, port = split_address(address)
    seconds = PROBE_SECONDS if seconds is None else seconds
    deadline = time.monotonic() + seconds
    last: OSError | None = None
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=max(0.5, min(3.0, deadline - time.monotonic()))):
                return
        except OSError as e:
            last = e
            time.sleep(0.5)
    raise HarnessError(f"--address {address}: no Ray cluster can be reached there "
                       f"({last.strerror if last and last.strerror else last or 'timed out'} after {seconds:.0f} s); "
                       f"is `ray start --head --port {port}` running on {host}, and is the port open?")


def _init_within(seconds: float, address: str, **kw: Any) -> None:
    """ray.init(address=...), given `seconds` to answer (it runs in a thread: Ray would wait for
    an address that never answers for ever, and a thread can be left behind, a process cannot)."""
    import ray
    box: dict[str, BaseException] = {}

    def go() -> None:
        try:
            _check_token(address)
            ray.init(address=address, **kw)
        except BaseException as e:  # noqa: BLE001 - handed to the caller's thread
            box["error"] = e

    # Ray warns that it sets no SIGTERM handler outside the main thread: true, and harmless here
    quiet = _Without("SIGTERM handler is not set")
    log = logging.getLogger("ray._private.worker")
    log.addFilter(quiet)
    t = threading.Thread(target=go, name="mtg-env-ray-connect", daemon=True)
    t.start()
    try:
        t.join(seconds)
    finally:
        log.removeFilter(quiet)
    auth = os.environ.get("RAY_AUTH_MODE", "").lower() == "token"
    if t.is_alive():
        raise HarnessError(f"--address {address}: the Ray cluster did not answer within {seconds:.0f} s. "
                           + ("Check that the token is the cluster's." if auth else _AUTH_HINT))
    if "error" in box:
        e = box["error"]
        if isinstance(e, KeyboardInterrupt):
            raise e
        if _refused_token(e):
            raise HarnessError(f"--address {address}: the Ray cluster there requires token authentication and "
                               + ("refused the token given here: check that RAY_AUTH_TOKEN (or the file named by "
                                  "RAY_AUTH_TOKEN_PATH, or ~/.ray/auth_token) holds the cluster's token."
                                  if auth else f"no token was sent. {_AUTH_HINT}")) from None
        detail = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise HarnessError(f"--address {address}: could not join the Ray cluster: {detail}. "
                           + ("Check that RAY_AUTH_TOKEN (or the token file) holds the cluster's token."
                              if auth else _AUTH_HINT)) from None


def _check_token(address: str) -> None:
    """One request to the cluster's GCS at `address`, which raises Ray's AuthenticationError at
    once if the cluster wants a token we do not send (or another one). Anything else that goes
    wrong here is left for ray.init to report: this uses Ray's internal GcsClient, so it must
    never fail a connection Ray itself would make."""
    if address.startswith("ray://") or address == "auto":
        return
    try:
        from ray._raylet import GcsClient  # type: ignore[attr-defined]
        from ray.exceptions import AuthenticationError
    except ImportError:  # another Ray version: ray.init alone decides
        return
    try:
        GcsClient(address=address)
    except AuthenticationError:
        raise
    except Exception:  # noqa: BLE001, S110 - see the docstring
        pass


def _refused_token(e: BaseException) -> bool:
    """Whether `e`, or an exception it was raised from, is Ray's AuthenticationError."""
    try:
        from ray.exceptions import AuthenticationError
    except ImportError:
        return False
    seen: set[int] = set()
    cur: BaseException | None = e
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, AuthenticationError) or "InvalidAuthToken" in str(cur):
            return True
        seen.add(id(cur))
        cur = cur.__cause__ or cur.__context__
    return False


class _Without(logging.Filter):
    def __init__(self, text: str):
        super().__init__()
        self.text = text

    def filter(self, record: logging.LogRecord) -> bool:
        return self.text not in record.getMessage()


def connect(address: str | None, workers: int | None, env_vars: dict[str, str] | None = None) -> Cluster:
    """Start or join Ray for a run (see the module docstring)."""
    import ray
    if ray.is_initialized():  # the caller's own Ray (a notebook, the tests): use it as it is
        cpus = int(ray.cluster_resources().get("CPU", 0))
        nodes = sum(1 for n in ray.nodes() if n.get("Alive"))
        return Cluster("", cpus, nodes, check_workers(workers, cpus, "this Ray instance"), False)
    if not address:
        cpus = local_cpus()
        n = check_workers(workers, cpus, "this machine")
        ray.init(address="local", num_cpus=n, include_dashboard=False, log_to_driver=False,
                 runtime_env={"env_vars": env_vars} if env_vars else None)
        return Cluster(None, n, 1, n, True)
    if address != "auto":
        probe(address)
    _init_within(CONNECT_SECONDS, address, log_to_driver=False)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        nodes = sum(1 for n in ray.nodes() if n.get("Alive"))
        if cpus < 1:
            raise HarnessError(f"--address {address}: the Ray cluster has no CPUs to play games on")
        return Cluster(address, cpus, nodes, check_workers(workers, cpus, f"the Ray cluster at {address}"), True)
    except BaseException:
        ray.shutdown()
        raise


def shutdown(cluster: Cluster | None) -> None:
    """Stop the local instance started for the run, or leave the cluster joined (its nodes go on)."""
    if cluster is not None and cluster.started:
        import ray
        ray.shutdown()
