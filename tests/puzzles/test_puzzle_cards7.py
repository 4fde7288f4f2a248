"""Forge puzzle positions with this session's cards (issue 15): small .pzl fixtures in the style
of the real files that now load (PP23's Fling, PS_ZNR3's Glasspool Mimic and Springmantle
Cleric, PP19's Angelic Renewal and Prismatic Strands), checked card by card and played."""

from __future__ import annotations

from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_search import solve


def _pzl(state: str, turns: int = 1) -> str:
    return f"[metadata]\nName:T\nGoal:Win\nTurns:{turns}\n[state]\nactiveplayer=human\nactivephase=MAIN1\n{state}\n"


def _names(g, ids) -> list[str]:  # noqa: ANN001
    return sorted(g.name_of(o) for o in ids)


def test_cr_608_2h_fling_puzzle_is_solved_with_the_sacrificed_creatures_power() -> None:
    """A PP23-like position: 3 life to take, Fling in hand, Hill Giant (3 power): the search finds
    Fling sacrificing the Giant at the opponent (the sacrificed creature's power, CR 608.2h)."""
    pz = read_puzzle(_pzl("humanlife=1\nailife=3\nhumanhand=Fling\n"
                          "humanbattlefield=Mountain;Mountain;Hill Giant|SummonSick\naibattlefield=Island"))
    g = pz.game
    assert _names(g, g.battlefield) == ["Hill Giant", "Island", "Mountain", "Mountain"]
    r = solve(pz, max_seconds=60)
    assert r.solved and any("Fling" in a for a in r.line)
    fresh = read_puzzle(_pzl("humanlife=1\nailife=3\nhumanhand=Fling\n"
                             "humanbattlefield=Mountain;Mountain;Hill Giant|SummonSick\naibattlefield=Island"))
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_cr_707_2_glasspool_mimic_position_loads_with_its_counters() -> None:
    """A PS_ZNR3-like position: Springmantle Cleric with Counters:P1P1=2 on the battlefield (set up
    as written, not as it would enter), Glasspool Mimic in hand; the Mimic copying the Cleric gets
    a counter for each color of the mana spent on the Mimic."""
    pz = read_puzzle(_pzl("humanhand=Glasspool Mimic\n"
                          "humanbattlefield=Forest;Island;Island;Springmantle Cleric|Counters:P1P1=2\n"
                          "aibattlefield=Island"))
    g = pz.game
    (cleric,) = [o for o in g.battlefield if g.name_of(o) == "Springmantle Cleric"]
    assert g.objects[cleric].counters == {"+1/+1": 2}
    while any(a.label.startswith(("activate Forest", "activate Island")) for a in g.legal_actions()):
        # mana first: the puzzle's manual payment ({G}{U}{U})
        g.act(next(a.label for a in g.legal_actions() if a.label.startswith(("activate Forest", "activate Island"))))
    g.act("cast Glasspool Mimic")
    while g.decision is not None and g.decision.kind == "priority":
        g.act("pass")  # P1, then P2: the Mimic resolves
    g.act("copy Springmantle Cleric")
    clerics = sorted(o for o in g.battlefield if g.name_of(o) == "Springmantle Cleric")
    assert len(clerics) == 2
    copy = clerics[-1]
    assert g.objects[copy].counters == {"+1/+1": 2}  # {G} and {U} spent
    assert "Rogue" in g.chars(copy).subtypes


def test_pp19_cards_load_in_a_three_turn_puzzle() -> None:
    """A PP19-like position (three turns): Angelic Renewal on the battlefield, Prismatic Strands
    in hand; the last turn is the puzzle's third."""
    pz = read_puzzle(_pzl("humanlife=1\nailife=4\nhumanhand=Prismatic Strands\n"
                          "humanbattlefield=Plains;Plains;Plains;Angelic Renewal;Savannah Lions\n"
                          "aibattlefield=Grizzly Bears\nailibrary=Island;Island;Island", turns=3))
    g = pz.game
    assert pz.last_turn == 3
    assert _names(g, g.players[0].hand) == ["Prismatic Strands"]
    assert "Angelic Renewal" in _names(g, g.battlefield)


def test_cr_601_2b_the_x_announced_tells_positions_apart_in_the_search() -> None:
    """CR 601.2b: X is announced before targets are chosen, so after X 0, 1, 2 or 3 the board
    and the question (a target for Blaze) are the same; the position's key must still tell them
    apart (the task in progress), or every X is taken for the first one and the puzzle, which
    needs X = 3 at the opponent's face, is wrongly given up."""
    text = _pzl("humanlife=1\nailife=3\nhumanhand=Blaze\n"
                "humanbattlefield=Mountain;Mountain;Mountain;Mountain\naibattlefield=Island")
    r = solve(read_puzzle(text), max_seconds=60)
    assert r.solved and "x 3" in r.line
    fresh = read_puzzle(text)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)
