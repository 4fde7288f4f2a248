"""Imports run one way: core <- cards <- engine <- env, harness, agents, CLI (style.md).

Checked on the source, not by importing: every `import` and `from ... import` statement of a
module, function bodies included (a lazy import is still a dependency), is resolved to the
absolute module it names.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "mtg_env"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """The absolute names of the modules `path` imports (`from a import b` counts as `a` and `a.b`)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def importers(under: Path, target: str) -> list[str]:
    """The modules under `under` that import `target` or anything inside it."""
    return sorted(module_name(f) for f in under.rglob("*.py")
                  if any(m == target or m.startswith(target + ".") for m in imported_modules(f)))


def test_the_import_check_sees_relative_absolute_and_lazy_imports() -> None:
    # the check itself, on the modules known to import these
    assert "mtg_env.text" in imported_modules(PACKAGE / "cli.py")
    assert "mtg_env.engine.decks" in imported_modules(PACKAGE / "env" / "mtg_gym.py")
    assert importers(PACKAGE, "mtg_env.bench") == ["mtg_env.cli"]  # a lazy import inside cmd_bench


def test_no_env_module_imports_the_cli() -> None:
    assert importers(PACKAGE / "env", "mtg_env.cli") == []


def test_bench_does_not_import_the_cli() -> None:
    # the CLI runs the bench; the bench finds its files through mtg_env.paths, not the CLI
    assert not {m for m in imported_modules(PACKAGE / "bench.py") if m.startswith("mtg_env.cli")}


def test_nothing_in_mtg_env_imports_the_agents_package() -> None:
    # agents sit above mtg_env; mtg_env takes them by name through mtg_env.registry
    assert importers(PACKAGE, "agents") == []
