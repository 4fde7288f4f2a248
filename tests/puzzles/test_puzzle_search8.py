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


def test_larger_x_comes_first_and_x_zero_last() -> None:
    """CR 107.3: the fast phase chooses X from the largest down, X = 0 last."""
    g = read_puzzle(_pzl("humanhand=Blaze\nhumanbattlefield=Mountain;Mountain;Mountain\n")).game
    for _ in range(3):
        g.act(next(a for a in g.legal_actions() if a.label.startswith("activate Mountain")))
    g.act("cast Blaze")
    assert g.decision is not None and g.decision.kind == "x"
    assert [a.value for a in g.legal_actions()] == [0, 1, 2]
    assert [a.value for a in fast_moves(g, g.legal_actions())] == [2, 1, 0]


def test_x_zero_that_only_a_cast_trigger_counts_is_found_by_the_fast_phases() -> None:
    """Blaze at X = 0 (one Mountain) does nothing itself, but Guttersnipe's trigger on casting it
    deals the last 2 damage (CR 107.3: X = 0 is tried last, not never, since a casting can count:
    PS1's Welcome to the Fold at X = 0 is the target Confirm Suspicions needs); the line replays
    on a fresh load."""
    text = _pzl("humanhand=Blaze\nhumanbattlefield=Guttersnipe|SummonSick;Mountain\n")
    fast = _fast_only(text).run()
    assert fast.solved and "cast Blaze" in fast.moves and "x 0" in fast.line
    fresh = read_puzzle(text)
    fresh.game.run_line(fast.line)
    assert fresh.reached(fresh.game)


def test_in_a_quiet_step_the_fast_phases_p1_only_passes() -> None:
    """At the beginning of combat with an empty stack the fast phases' P1 passes (what it could
    do there it can do in the main phase before or the combat step after); the complete search
    still tries everything there."""
    from mtg_env.puzzle_order import order_moves, quiet_step
    text = _pzl("humanhand=Shock\nhumanbattlefield=Mountain;Grizzly Bears\n")
    s = _fast_only(text)
    g = s.puzzle.game
    assert not quiet_step(g)
    g.act("pass")
    while g.decision is not None and g.decision.player != "P1":
        g.act("pass")
    assert g.turn_state.step == "beginning_of_combat" and quiet_step(g)
    legal = g.legal_actions()
    assert len(legal) > 1
    s.fast = True
    assert [a.label for a in s._p1_moves(g, legal)] == ["pass"]
    assert len(order_moves(g, legal)) == len(legal)


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


def test_an_ability_at_x_zero_is_never_chosen_by_the_fast_phases() -> None:
    """CR 107.3: Crypt Rats' {X} at X = 0 does nothing and costs nothing, so it could be activated
    without end (PP00 took 100,000 nodes without a line when the fast phases tried it): the fast
    phase never offers X = 0 for an ability, and the pay phase neither pays for one at X = 0 nor
    activates one whose only X is 0."""
    from mtg_env.puzzle_pay import pay_children
    g = read_puzzle(_pzl("humanbattlefield=Crypt Rats;Swamp\n")).game
    labels = [m.label for m in pay_children(g, 0, g.legal_actions())]
    assert not any("X=0" in label for label in labels)
    assert any(label.startswith("activate Crypt Rats") and "X=1" in label for label in labels)
    g.act(next(a for a in g.legal_actions() if a.label.startswith("activate Crypt Rats")))
    assert g.decision is not None and g.decision.kind == "x"
    assert [a.value for a in fast_moves(g, g.legal_actions())] == []
