"""Where the configs folder is, and the files users name in it: decks, scenarios, combo lines, run
configs.

One rule for every command and module: `configs/` in the working directory when it has one (a
user's own project), else the one in the source checkout beside this package (the included
files). A name that is already a path to an existing file is taken as it is.

This module only finds paths: it must not read or check what it finds (the loaders do).
"""

from __future__ import annotations

import os
from pathlib import Path

#: the source checkout: the folder holding mtg_env/, agents/ and configs/
SOURCE_ROOT = Path(__file__).resolve().parent.parent
#: the included configs (default decks and scenarios of the envs, the combo suite)
SOURCE_CONFIGS = SOURCE_ROOT / "configs"


def configs_dir() -> Path:
    """`configs/` in the working directory if there is one, else the source checkout's."""
    here = Path.cwd() / "configs"
    return here if here.is_dir() else SOURCE_CONFIGS


def config_file(*parts: str) -> Path:
    """`configs/<parts...>` in the folder `configs_dir()` finds (whether or not it exists)."""
    return configs_dir().joinpath(*parts)


def find_file(name: str | os.PathLike[str], *, base: Path | None = None, folder: str | None = None,
              suffix: str | None = None) -> Path | None:
    """The existing file `name` stands for, or None.

    Tried in order: `name` as a path (relative to `base` if given, then to the working directory,
    then to the source checkout, so "configs/decks/red_burn.txt" works from anywhere); then, with
    a `folder`, `configs/<folder>/<name>` in the working directory's configs and in the source
    checkout's, with `suffix` added to a name that has none ("red_burn" -> "red_burn.txt")."""
    path = Path(name)
    tries = ([base / path] if base is not None else []) + [path, Path.cwd() / path, SOURCE_ROOT / path]
    if folder is not None:
        names = [path] + ([path.with_name(path.name + suffix)] if suffix and not path.suffix else [])
        for root in dict.fromkeys([configs_dir(), SOURCE_CONFIGS]):
            tries += [root / folder / n for n in names]
    return next((p for p in tries if _is_file(p)), None)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte: YAML text, say
        return False


def deck_file(name: str | os.PathLike[str], base: Path | None = None) -> Path | None:
    """A deck list by path or by name (`red_burn` is `configs/decks/red_burn.txt`), or None."""
    return find_file(name, base=base, folder="decks", suffix=".txt")


def scenario_file(name: str | os.PathLike[str], base: Path | None = None) -> Path | None:
    """A scenario file by path or by name (`default` is `configs/scenarios/default.yaml`), or None."""
    return find_file(name, base=base, folder="scenarios", suffix=".yaml")
