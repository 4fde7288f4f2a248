"""Fresh processes that run this checkout as if it were installed from it.

A test that starts Python in another folder would import whatever checkout the venv was
installed from, with that checkout's entry points (importlib.metadata reads the installed
dist-info, not pyproject.toml). `fresh_process_env()` puts this checkout first on PYTHONPATH and,
beside it, a dist-info folder holding the entry points of this checkout's pyproject.toml, which is
what `pip install -e .` would write.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def entry_points_dir() -> Path:
    """A folder with one dist-info whose entry_points.txt is pyproject.toml's entry-point tables."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    where = Path(tempfile.mkdtemp(prefix="mtg_env_entry_points_"))
    atexit.register(shutil.rmtree, where, ignore_errors=True)
    info = where / "mtg_env_checkout_entry_points-0.dist-info"
    info.mkdir()
    info.joinpath("METADATA").write_text("Metadata-Version: 2.1\nName: mtg_env_checkout_entry_points\nVersion: 0\n")
    lines = []
    for group, table in project.get("entry-points", {}).items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in table.items()]
        lines.append("")
    info.joinpath("entry_points.txt").write_text("\n".join(lines))
    return where


def fresh_process_env(entry_points: bool = True, **extra: str) -> dict[str, str]:
    """os.environ with this checkout (and, with `entry_points`, its entry points) first on PYTHONPATH."""
    env = dict(os.environ)
    paths = [str(ROOT)] + ([str(entry_points_dir())] if entry_points else [])
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    env.update(extra)
    return env
