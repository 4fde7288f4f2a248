"""The output directory of a run: what it owns, what a new run may replace, and how files are
written so that nothing is ever half-written or mixed with another run's.

A run marks the directory it writes with `run.json` (`MARKER`): the run's fingerprint (a hash
of the config, one of each deck file's bytes, and one of the code that plays the games) and its
state (`running` or `complete`). What a run owns in its directory is that marker, the part
files in `parts/` (`part-<first game>-<time>.parquet`) and the final files (`FINAL_FILES`),
with the temporary names they are written under. The rules:

- a new run takes a directory that does not exist or is empty;
- a directory with a marker holds an earlier run: it is refused unless `--resume` (continue it:
  refused too when the config, a deck or the code changed since it began) or `--force` (replace
  it: only the files that run made are deleted, the parts in `parts/` and the final files; any
  other file stays);
- a non-empty directory without a marker was not made by a run and is always refused;
- the name of a config never acts as a path (`safe_name`: `..` is not a folder of the results);
- every file is written under a temporary name in the same directory and renamed into place
  (`write_atomic`), so a kill leaves the old file or the new one, never a piece of either.

This module decides about files; it must not play games or start Ray.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .config import HarnessError, RunConfig

MARKER = "run.json"
PARTS = "parts"
FINAL_FILES = ("games.parquet", "summary.json", "report.html")
#: the part files a run writes (parts/part-<first index>-<time>.parquet) and their temporary names
PART_FILE = re.compile(r"^part-\d{8}-\d+\.parquet(\.tmp)?$")
_TMP_FILE = re.compile(r"^\..+\.tmp-\d+$")


def safe_name(name: str) -> str:
    """A config's name as one harmless folder name: letters, digits, `-`, `_` and `.` only, not
    starting with a dot (so never `.` or `..`), at most 100 characters; "run" if nothing is left."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", name.strip()).lstrip(".")[:100]
    return cleaned or "run"


def write_atomic(path: Path, write: Callable[[Path], None]) -> None:
    """`write(tmp)` writes the file under a temporary name beside `path`; then it is renamed to
    `path` in one step (os.replace), so readers see the old file or the whole new one."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def write_text_atomic(path: Path, text: str) -> None:
    def write(tmp: Path) -> None:
        tmp.write_text(text, encoding="utf-8")
    write_atomic(path, write)


# ---- what a run is made of: the fingerprint --------------------------------------------------------


def _sha256_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


#: files of the package, beside its Python source, that decide how games are played (the
#: Oracle database the card compiler reads, cards/data)
DATA_FILES = ("*.py", "*.json.gz")


def code_version(modules: Iterable[str] = ()) -> str:
    """A hash of the source of the code that plays the games: the mtg_env package (its Python
    files and the card data, `DATA_FILES`) and the top-level packages (or modules) of the agents'
    factories, `modules`."""
    roots: dict[str, Path] = {"mtg_env": Path(__file__).resolve().parents[1]}
    for name in modules:
        top = name.split(".", 1)[0]
        mod = sys.modules.get(top)
        where = getattr(mod, "__file__", None)
        if where:
            p = Path(where).resolve()
            roots[top] = p.parent if p.name == "__init__.py" else p
    h = hashlib.sha256()
    for top, root in sorted(roots.items()):
        files = sorted({f for pattern in DATA_FILES for f in root.rglob(pattern)}) if root.is_dir() else [root]
        for f in files:
            h.update(f"{top}/{f.relative_to(root) if root.is_dir() else f.name}\0".encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def fingerprint(cfg: RunConfig, decks: Iterable[str], code: str) -> dict[str, Any]:
    """What a resumed run must share with the run it continues."""
    d = asdict(cfg)
    d.pop("where", None)
    config = hashlib.sha256(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()
    return {"config": config, "seed": cfg.seed, "decks": {p: _sha256_file(p) for p in sorted(set(decks))},
            "code": code}


def _changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    if set(old) != set(new):
        return ["the run was made by another version of mtg-env"]
    out = []
    if old["config"] != new["config"] or old["seed"] != new["seed"]:
        out.append("the config (or --games, --seed) is not the same")
    for p in sorted(set(old["decks"]) | set(new["decks"])):
        if old["decks"].get(p) != new["decks"].get(p):
            what = "puzzle file" if p.endswith(".pzl") else "deck"
            out.append(f"the {what} {p} changed" if p in old["decks"] and p in new["decks"]
                       else f"the {what} {p} is not one of the run's")
    if old["code"] != new["code"]:
        out.append("the code that plays the games (mtg_env or an agent's package) changed")
    return out


# ---- the directory -------------------------------------------------------------------------------------


@dataclass
class OutputDir:
    """A run's directory as `prepare` found it: new, an earlier run to continue (`resumed`) or
    one to replace (`replaces`)."""

    path: Path
    fingerprint: dict[str, Any]
    resumed: bool = False
    replaces: bool = False

    @property
    def parts(self) -> Path:
        return self.path / PARTS

    def claim(self) -> None:
        """Make the directory this run's: created if need be, the replaced run's files deleted,
        the marker written (state "running")."""
        self.path.mkdir(parents=True, exist_ok=True)
        if self.replaces:
            remove_owned(self.path)
        self.mark("running")

    def mark(self, state: str) -> None:
        data = {"mtg_env_run": 1, "state": state, "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "fingerprint": self.fingerprint}
        write_text_atomic(self.path / MARKER, json.dumps(data, indent=2))


def _read_marker(path: Path) -> dict[str, Any] | None:
    """The marker of an earlier run, or None if there is none; an old-style run.json (the
    fingerprint alone) counts as one."""
    f = path / MARKER
    if not f.is_file():
        return None
    try:
        data = json.loads(f.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and data.get("mtg_env_run") == 1 and isinstance(data.get("fingerprint"), dict):
        return data
    if isinstance(data, dict) and set(data) == {"config", "seed"}:
        return {"mtg_env_run": 0, "state": "unknown", "fingerprint": data}
    return None


def _is_empty(path: Path) -> bool:
    with os.scandir(path) as it:
        return next(it, None) is None


def prepare(path: Path, fp: dict[str, Any], resume: bool, force: bool) -> OutputDir:
    """Check the directory against the rules of the module docstring, writing nothing: the
    returned OutputDir's `claim()` makes it ready later (once Ray has been started or joined),
    deleting only what the earlier run made. Raises HarnessError saying what to do instead."""
    if resume and force:
        raise HarnessError("--resume and --force contradict each other: continue the run, or replace it")
    out = OutputDir(path, fp)
    if path.exists() and not path.is_dir():
        raise HarnessError(f"{path}: not a directory; choose another --out")
    if not path.exists() or _is_empty(path):
        return out
    marker = _read_marker(path)
    if marker is None:
        raise HarnessError(f"{path}: this directory is not empty and holds no mtg-env run ({MARKER}); "
                           f"nothing in it is touched: choose an empty or new --out")
    if resume:
        changed = _changes(marker["fingerprint"], fp)
        if changed:
            raise HarnessError(f"{path}: cannot resume: " + "; ".join(changed) + " since the run began. "
                               "Run again with --force to replace it, or choose another --out")
        out.resumed = True
        return out
    if not force:
        state = marker.get("state", "unknown")
        raise HarnessError(f"{path}: holds an earlier run ({state}); use --resume to continue it, "
                           f"--force to replace it, or choose another --out")
    out.replaces = True
    return out


def remove_owned(path: Path) -> list[Path]:
    """Delete what a run owns in its directory `path` (the module docstring) but its marker, and
    nothing else; returns what went."""
    gone: list[Path] = []
    for name in FINAL_FILES:
        f = path / name
        if f.is_file():
            f.unlink()
            gone.append(f)
    for f in path.iterdir():
        if f.is_file() and _TMP_FILE.match(f.name) and f.name.split(".tmp-")[0][1:] in (*FINAL_FILES, MARKER):
            f.unlink()
            gone.append(f)
    parts = path / PARTS
    if parts.is_dir():
        for f in parts.iterdir():
            if f.is_file() and PART_FILE.match(f.name):
                f.unlink()
                gone.append(f)
        if _is_empty(parts):
            parts.rmdir()
    return gone
