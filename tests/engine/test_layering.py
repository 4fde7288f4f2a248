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
    return imports_of_source(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py",
                             type_checking=True, names=True)


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


# ---------------------------------------------------------------------------------------------
# core <- cards <- engine <- everything else


def runtime_imports(path: Path) -> set[str]:
    """The mtg_env modules `path` imports when it runs: not those under `if TYPE_CHECKING:`, which
    are for the type checker only (annotations), not a dependency of the running code."""
    return {m for m in imports_of_source(path.read_text(encoding="utf-8"), module_name(path),
                                         path.name == "__init__.py") if m.startswith("mtg_env")}


def imports_of_source(source: str, here: str, is_package: bool = False, *, type_checking: bool = False,
                      names: bool = False) -> set[str]:
    """The absolute names of the modules imported by module `here`'s source, lazy imports in
    function bodies included; with `type_checking` those under `if TYPE_CHECKING:` too, with
    `names` also `a.b` for `from a import b`."""
    tree = ast.parse(source)
    if not type_checking:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                node.body = []
    package = here if is_package else here.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.add(base)
            if names:
                out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


#: each layer and the layers it may import (besides itself)
LAYERS = {
    "mtg_env.core": set(),
    "mtg_env.cards": {"mtg_env.core"},
    "mtg_env.engine": {"mtg_env.core", "mtg_env.cards"},
}


def _layer(module: str) -> str | None:
    return next((layer for layer in LAYERS if module == layer or module.startswith(layer + ".")), None)


def test_imports_run_one_way_core_cards_engine() -> None:
    """The core imports nothing above it; cards import only the core; the engine imports the
    core and cards and nothing outside them (no env, harness, CLI or agents)."""
    wrong = []
    for layer, allowed in LAYERS.items():
        for f in (ROOT / Path(*layer.split("."))).rglob("*.py"):
            for m in runtime_imports(f):
                target = _layer(m)
                if m != "mtg_env" and target != layer and target not in allowed:
                    wrong.append(f"{module_name(f)} imports {m}")
    assert wrong == []


def test_the_layer_check_sees_wrong_imports_and_ignores_type_checking_ones() -> None:
    src = ("from typing import TYPE_CHECKING\nfrom ..core.mana import ManaCost\n"
           "if TYPE_CHECKING:\n    from ..engine.game import Game\n"
           "def f():\n    from ..engine import zones\n")
    found = imports_of_source(src, "mtg_env.cards.probe")
    assert found == {"typing", "mtg_env.core.mana", "mtg_env.engine"}
    assert _layer("mtg_env.engine") not in LAYERS["mtg_env.cards"]


def test_cards_and_engine_import_alone_in_a_fresh_interpreter() -> None:
    import subprocess
    import sys
    for module in ("mtg_env.core", "mtg_env.cards", "mtg_env.cards.vocab", "mtg_env.engine"):
        r = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 0, f"import {module}: {r.stderr[-500:]}"


def test_no_module_over_about_800_lines() -> None:
    """style.md: a file holds one rules area, a few hundred lines."""
    long = {module_name(f): n for f in list(PACKAGE.rglob("*.py")) + list((ROOT / "agents").rglob("*.py"))
            if (n := len(f.read_text(encoding="utf-8").splitlines())) > 800}
    assert long == {}
