"""The puzzle search's pay phase (mtg_env/puzzle_pay.py: a spell or ability cast together with
the mana sources tapped for it) and its key for targets on the stack."""

from __future__ import annotations

from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_pay import PayMove, apply, pay_children
from mtg_env.puzzle_search import PuzzleSearch

HEAD = "humanlife=20\nailife=2\nturn=1\nactiveplayer=human\nactivephase=MAIN1\n"


def _pzl(state: str, ailife: int = 2) -> str:
    head = HEAD.replace("ailife=2", f"ailife={ailife}")
    return f"[metadata]\nName:T\nGoal:Win\nTurns:1\nDifficulty:Easy\n[state]\n{head}{state}\n"


def _pay_only(text: str) -> PuzzleSearch:
    """A search that is the pay phase alone (no fast or complete phase after it)."""
    s = PuzzleSearch(read_puzzle(text), shallow=0, fast=(), fast_share=1.0)
    s.caps = lambda: []  # type: ignore[method-assign]
    return s


BEARS = _pzl("humanhand=Disfigure\nhumanbattlefield=Swamp;Grizzly Bears\naibattlefield=Grizzly Bears\n")


def test_cr_601_2c_a_target_on_the_stack_is_its_object_not_its_name() -> None:
    """Disfigure on P1's Grizzly Bears and on the opponent's are two positions (the combo key
    names targets by name only: the search had kept only the first of the two)."""
    pz = read_puzzle(BEARS)
    g = pz.game
    g.act("activate Swamp: {T}: Add {B}.")
    g.act("cast Disfigure")
    s = PuzzleSearch(pz)
    keys = set()
    for a in g.legal_actions():
        c = g.clone()
        c.act(a)
        keys.add(s._key(c))
    assert len(keys) == 2
    r = PuzzleSearch(read_puzzle(BEARS)).run()
    assert r.solved and "attack P2 with Grizzly Bears" in r.moves


def test_a_pay_move_taps_its_sources_and_casts_and_a_simple_source_alone_is_no_move() -> None:
    """CR 601.2g: mana abilities are activated before paying; the pay move is those and the cast."""
    g = read_puzzle(_pzl("humanhand=Shock\nhumanbattlefield=Mountain;Mountain\n")).game
    moves = pay_children(g, 0, g.legal_actions())
    assert [m.label for m in moves] == ["cast Shock (tap Mountain)", "pass"]
    assert isinstance(moves[0], PayMove)
    labels = apply(g, moves[0])
    assert labels is not None and labels[0].startswith("activate Mountain") and labels[1:] == ["cast Shock"]
    assert g.decision is not None and g.decision.kind == "target"


def test_pay_moves_for_x_from_the_largest_and_x_zero_last() -> None:
    """CR 107.3: one pay move per X the sources pay (largest first), X = 0 last before passing."""
    g = read_puzzle(_pzl("humanhand=Blaze\nhumanbattlefield=Mountain;Mountain;Mountain\n")).game
    labels = [m.label for m in pay_children(g, 0, g.legal_actions())]
    assert labels == ["cast Blaze (tap Mountain, Mountain, Mountain, X=2)",
                      "cast Blaze (tap Mountain, Mountain, X=1)", "cast Blaze (tap Mountain, X=0)", "pass"]


def test_the_pay_phase_line_replays_on_a_fresh_load() -> None:
    """The pay phase alone finds the Disfigure line; its line is engine actions that replay."""
    r = _pay_only(BEARS).run()
    assert r.solved and r.line[:2] == ["activate Swamp: {T}: Add {B}.", "cast Disfigure"]
    fresh = read_puzzle(BEARS)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_a_win_only_if_the_opponent_blocks_badly_is_no_solution_in_the_pay_phase() -> None:
    """The pay phase searches every answer of the opponent: Shock on the blocker-to-be does not
    win when the opponent has a second blocker (AND node), so the pay phase alone is unsolved."""
    text = _pzl("humanhand=Shock\nhumanbattlefield=Mountain;Grizzly Bears\n"
                "aibattlefield=Grizzly Bears;Grizzly Bears\n", ailife=4)
    r = _pay_only(text).run()
    assert not r.solved and not r.refuted
