"""Golden legal-action sets, like python-chess's perft files.

Each tests/cards/golden/*.yaml holds `scenario:` (a scenario mapping, optionally with a `line` that
reaches the position) and `legal:`, the exact and complete list of labels the rules allow there,
worked out by hand from the Comprehensive Rules. A file may add `xfail: <reason>` where the
engine disagrees with the rules: the file keeps the rules' answer.
"""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml

from mtg_env import load_scenario

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob("*.yaml"))


def _params() -> list:
    out = []
    for path in FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        marks = [pytest.mark.xfail(strict=True, reason=data["xfail"])] if data.get("xfail") else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


def test_there_are_enough_golden_positions():
    assert len(FILES) >= 14


@pytest.mark.parametrize("path", _params())
def test_golden_legal_actions(path: Path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(data) <= {"scenario", "legal", "xfail"}, f"{path.name}: unknown keys"
    sc = copy.deepcopy(data["scenario"])
    line = sc.pop("line", [])
    game = load_scenario(sc)
    game.run_line(line)
    got = [a.label for a in game.legal_actions()]
    want = data["legal"]
    assert len(set(want)) == len(want), f"{path.name}: the golden list repeats a label"
    dupes = [lab for lab, n in Counter(got).items() if n > 1]
    assert not dupes, f"labels are not unique: {dupes}"
    assert set(got) == set(want), (
        f"missing: {sorted(set(want) - set(got))}; unexpected: {sorted(set(got) - set(want))}")
