"""The puzzle search's fast phase (mtg_env/puzzle_order.py): P1's moves pruned and ordered, the
complete AND-OR search after it; the budget counts the search process's CPU time."""

from __future__ import annotations

from pathlib import Path

from mtg_env import load_puzzle
from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_order import fast_moves
from mtg_env.puzzle_search import PuzzleSearch, solve

DATA = Path(__file__).parent / "data"
HEAD = "humanlife=20\nailife=2\nturn=1\nactiveplayer=human\nactivephase=MAIN1\n"


def _pzl(state: str) -> str:
    return f"[metadata]\nName:T\nGoal:Win\nTurns:1\nDifficulty:Easy\n[state]\n{HEAD}{state}\n"


def _fast_only(text: str) -> PuzzleSearch:
    """A search that is the fast phase alone (no complete phase after it)."""
    s = PuzzleSearch(read_puzzle(text), shallow=0, fast_share=1.0)
    s.caps = lambda: []  # type: ignore[method-assign]
    return s


def test_with_mana_floating_p1_does_not_pass_and_spells_come_before_mana_abilities() -> None:
    """CR 106.4: mana made and left to empty does nothing, so the fast phase's P1 spends it."""
    g = read_puzzle(_pzl("humanhand=Shock\nhumanbattlefield=Mountain;Mountain\n")).game
    assert [a.label for a in fast_moves(g, g.legal_actions())][-1] == "pass"
    g.act(next(a for a in g.legal_actions() if a.label.startswith("activate Mountain")))
    labels = [a.label for a in fast_moves(g, g.legal_actions())]
    assert "pass" in [a.label for a in g.legal_actions()] and "pass" not in labels
    assert labels[0] == "cast Shock" and labels[1].startswith("activate Mountain")


def test_x_zero_is_never_chosen_and_larger_x_comes_first() -> None:
    """CR 107.3: the fast phase chooses X from the largest down and never X = 0."""
    g = read_puzzle(_pzl("humanhand=Blaze\nhumanbattlefield=Mountain;Mountain;Mountain\n")).game
    for _ in range(3):
        g.act(next(a for a in g.legal_actions() if a.label.startswith("activate Mountain")))
    g.act("cast Blaze")
    assert g.decision is not None and g.decision.kind == "x"
    assert [a.value for a in g.legal_actions()] == [0, 1, 2]
    assert [a.value for a in fast_moves(g, g.legal_actions())] == [2, 1]


def test_a_line_only_the_complete_phase_allows_is_still_found() -> None:
    """Blaze at X = 0 (one Mountain) does nothing itself, but Guttersnipe's trigger on casting it
    deals the last 2 damage: the fast phase never chooses X = 0 and fails; the complete search
    after it finds the line, which replays on a fresh load."""
    text = _pzl("humanhand=Blaze\nhumanbattlefield=Guttersnipe|SummonSick;Mountain\n")
    fast = _fast_only(text).run()
    assert not fast.solved and not fast.refuted  # a pruned search never refutes
    r = PuzzleSearch(read_puzzle(text)).run()
    assert r.solved and "cast Blaze" in r.moves and "x 0" in r.line
    fresh = read_puzzle(text)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_the_fast_phase_finds_a_line_that_replays() -> None:
    r = _fast_only(_pzl("humanhand=Shock\nhumanbattlefield=Mountain\n")).run()
    assert r.solved and r.moves == ["activate Mountain: {T}: Add {R}.", "cast Shock", "target P2"]
    fresh = read_puzzle(_pzl("humanhand=Shock\nhumanbattlefield=Mountain\n"))
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_the_opponents_answers_are_never_pruned() -> None:
    """The lone attacker wins only if it is not blocked: the fast phase (and the whole search)
    find no line, and the complete phase proves there is none."""
    pz = load_puzzle(DATA / "one_attacker_one_blocker.pzl")
    s = PuzzleSearch(pz, shallow=0, fast_share=1.0)
    s.caps = lambda: []  # type: ignore[method-assign]
    assert not s.run().solved
    r = solve(load_puzzle(DATA / "one_attacker_one_blocker.pzl"), max_seconds=30)
    assert not r.solved and r.refuted


def test_the_fast_phase_stops_at_its_share_of_the_node_budget() -> None:
    """The fast phase gives way to the complete search after `fast_share` of the nodes (or
    seconds), and only the complete search refutes: two Viziers untapping each other never win."""
    text = _pzl("humanbattlefield=Vizier of Tumbling Sands;Vizier of Tumbling Sands|Tapped\n")
    s = PuzzleSearch(read_puzzle(text), max_nodes=10_000, shallow=0)
    r = s.run()
    assert not r.solved and r.refuted  # the complete search proves the loop never wins
    assert s.fast_nodes == 5_000  # the pay and fast phases in turns, up to 50% in all


def test_seconds_are_cpu_seconds_and_wall_seconds_are_reported() -> None:
    r = solve(load_puzzle(DATA / "bolt_to_the_face.pzl"), max_seconds=30)
    out = r.to_json()
    assert out["solved"] and set(out) >= {"seconds", "wall_seconds"}
    assert out["seconds"] >= 0 and out["wall_seconds"] >= 0 and out["seconds"] == round(r.seconds, 3)
