"""Forge puzzle files (interface.md §8): loading every key and modifier exactly, reporting what
isn't supported, and the AND-OR search for a line that reaches the goal against every answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtg_env import PuzzleError, UnsupportedPuzzleError, load_puzzle
from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_search import solve

DATA = Path(__file__).parent / "data"
SAMPLES = sorted((Path(__file__).parent / "samples").glob("*.pzl"))


def _pzl(state: str, goal: str = "Win", turns: int = 1) -> str:
    return f"[metadata]\nName:T\nGoal:{goal}\nTurns:{turns}\nDifficulty:Easy\n[state]\n{state}\n"


def _bf(game, player: int) -> list[dict]:
    return game.state_json()["players"][player]["battlefield"]


def test_the_metadata_and_the_position_load() -> None:
    pz = load_puzzle(DATA / "bolt_to_the_face.pzl")
    assert (pz.name, pz.goal, pz.turns, pz.difficulty) == ("Test - Bolt to the face", "Win", 1, "Easy")
    assert pz.description == "Win this turn.\nThe opponent is at 3 life."  # a literal \n is a line break
    s = pz.game.state_json()
    assert (s["turn"], s["active_player"], s["step"], s["priority"]) == (1, "P1", "precombat_main", "P1")
    p1, p2 = s["players"]
    assert (p1["life"], p2["life"]) == (20, 3)
    assert p1["hand"] == ["Lightning Bolt"] and [e["card"] for e in p1["battlefield"]] == ["Mountain"]
    assert p2["library_count"] == 2


def test_both_key_styles_give_the_same_position() -> None:
    human = read_puzzle(_pzl("humanlife=7\nailife=5\nactiveplayer=human\nactivephase=MAIN1\n"
                             "humanbattlefield=Forest\naihand=Island"))
    p_style = read_puzzle(_pzl("p0life=7\np1life=5\nactiveplayer=p0\nactivephase=main1\n"
                               "p0battlefield=Forest\np1hand=Island"))
    a, b = human.game.state_json(), p_style.game.state_json()
    assert a == b
    assert a["players"][1]["hand"] == ["Island"]


def test_keys_are_case_insensitive_and_old_battlefield_keys_load() -> None:
    pz = read_puzzle(_pzl("HumanLife=4\nActivePlayer=Human\nActivePhase=Main2\nHumanPlay=Forest; Memnite\n"))
    s = pz.game.state_json()
    assert s["players"][0]["life"] == 4 and s["step"] == "postcombat_main"
    assert sorted(e["card"] for e in s["players"][0]["battlefield"]) == ["Forest", "Memnite"]


def test_card_modifiers_tapped_counters_damage_sickness_and_ids() -> None:
    pz = read_puzzle(_pzl(
        "activeplayer=human\nactivephase=MAIN1\nturn=4\nhumanlandsplayed=1\n"
        "humanbattlefield=Grizzly Bears|Id:7|Counters:P1P1=2,M1M1=1,CHARGE=3|Damage:1;Bonesplitter|AttachedTo:7|Set:M10;"
        "Forest|Tapped|Art:2;Llanowar Elves|SummonSick\n"
        "aibattlefield=Memnite|Owner:Human|NoETBTrigs\n"))
    g = pz.game
    bears, splitter, forest, elves = _bf(g, 0)
    # P1P1 and M1M1 are +1/+1 and -1/-1 counters, which annihilate at once (CR 704.5q)
    assert bears["counters"] == {"+1/+1": 1, "charge": 3}
    assert g.objects[bears["id"]].damage == 1
    assert splitter["attached_to"] == bears["id"]
    assert forest["tapped"] and not bears["tapped"]
    assert elves["summoning_sick"] and not bears["summoning_sick"]  # CR 302.6: only SummonSick is
    memnite = _bf(g, 1)[0]
    assert (memnite["owner"], memnite["controller"]) == ("P1", "P2")
    assert g.state_json()["turn"] == 4 and g.players[0].lands_played == 1
    assert "play" not in {a.kind for a in g.legal_actions()}


def test_loyalty_counters_set_a_planeswalkers_loyalty() -> None:
    """Counters:LOYALTY=N is the planeswalker's loyalty (CR 306.5b, 122.1); without it, the
    printed loyalty."""
    pz = read_puzzle(_pzl("activeplayer=human\nactivephase=MAIN1\n"
                          "humanbattlefield=Chandra, Novice Pyromancer|Counters:LOYALTY=1\n"
                          "aibattlefield=Kiora, Behemoth Beckoner\n"))
    (chandra,), (kiora,) = _bf(pz.game, 0), _bf(pz.game, 1)
    assert chandra["counters"] == {"loyalty": 1}
    assert kiora["counters"] == {"loyalty": 7}
    assert any(a.label.startswith("activate Chandra, Novice Pyromancer") for a in pz.game.legal_actions())


def test_removesummoningsickness_clears_summonsick() -> None:
    pz = read_puzzle(_pzl("activeplayer=human\nactivephase=MAIN1\nremovesummoningsickness=true\n"
                          "humanbattlefield=Llanowar Elves|SummonSick"))
    assert not _bf(pz.game, 0)[0]["summoning_sick"]


def test_comments_blank_lines_crlf_and_an_item_broken_over_two_lines() -> None:
    text = ("# a comment\r\n[metadata]\r\nName:T\r\nGoal:Win\r\nTurns:1\r\n\r\n[state]\r\nactiveplayer=human\r\n"
            "activephase=MAIN1\r\nhumanbattlefield=Forest;Swamp\r\n|Set:DTK\r\n")
    pz = read_puzzle(text)
    assert [e["card"] for e in _bf(pz.game, 0)] == ["Forest", "Swamp"]


@pytest.mark.parametrize(("state", "message"), [
    ("activeplayer=human\nhumanwhatever=1", "bad.pzl:8: unknown key 'humanwhatever'"),
    ("activeplayer=human\nhumanhand=Lightning Blot", "bad.pzl:8: unknown card 'Lightning Blot'"),
    ("activeplayer=human\nthis line has no equals sign", "bad.pzl:8: expected 'key=value'"),
    ("activeplayer=nobody", "bad.pzl:7: activeplayer: expected human, ai, p0 or p1"),
    ("activeplayer=human\nhumanlife=lots", "bad.pzl:8: humanlife: expected a whole number"),
    ("activeplayer=human\nhumanbattlefield=Bonesplitter|AttachedTo:9", "bad.pzl:8: Bonesplitter: AttachedTo:9 names no card"),
])
def test_a_bad_file_is_an_error_naming_file_and_line(state: str, message: str) -> None:
    with pytest.raises(PuzzleError) as e:
        read_puzzle(_pzl(state), "bad.pzl")
    assert str(e.value).startswith(message)


def test_unknown_metadata_key_and_missing_file() -> None:
    with pytest.raises(PuzzleError, match=r"x.pzl:2: unknown metadata key 'colour'"):
        read_puzzle("[metadata]\nColour:blue\nGoal:Win\n[state]\n", "x.pzl")
    with pytest.raises(PuzzleError, match="no such file"):
        load_puzzle(DATA / "nope.pzl")


def test_every_unsupported_card_and_feature_is_named_at_once() -> None:
    with pytest.raises(UnsupportedPuzzleError) as e:
        read_puzzle(_pzl("activeplayer=human\nactivephase=MAIN1\nhumanprecast=Lightning Bolt->1\n"
                         "aicounters=EXPERIENCE=1\nhumanbattlefield=Forest|Transformed;T:b_0_1_wizard_snipe\n"
                         "humanhand=Time Vault", goal="Win the Game Twice"))
    text = "\n".join(e.value.unsupported)
    for part in ("goal 'Win the Game Twice'", "humanprecast", "aicounters=EXPERIENCE=1", "Forest|Transformed",
                 "token 'T:b_0_1_wizard_snipe'", "'snipe'", "card 'Time Vault'"):
        assert part in text, part


@pytest.mark.parametrize("path", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_each_sample_loads_exactly_or_names_what_it_lacks(path: Path) -> None:
    try:
        pz = load_puzzle(path)
    except UnsupportedPuzzleError as e:
        assert e.unsupported and all(u.strip() for u in e.unsupported)
    except PuzzleError as e:
        assert str(e).startswith(f"{path}:")  # e.g. a card the database doesn't know
    else:
        assert pz.game.decision is not None


# ---------------------------------------------------------------------------------------------
# solving


def test_a_found_line_replayed_on_a_fresh_load_reaches_the_goal() -> None:
    r = solve(load_puzzle(DATA / "bolt_to_the_face.pzl"), max_seconds=30)
    assert r.solved and "cast Lightning Bolt" in r.line
    assert r.moves == ["activate Mountain: {T}: Add {R}.", "cast Lightning Bolt", "target P2"]
    fresh = load_puzzle(DATA / "bolt_to_the_face.pzl")
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_a_line_that_wins_only_if_the_opponent_blocks_badly_is_not_a_solution() -> None:
    """Attacking with the only creature wins if the opponent doesn't block: the opponent has a
    blocker, so there is no solution (the search proves it: every line fails)."""
    r = solve(load_puzzle(DATA / "one_attacker_one_blocker.pzl"), max_seconds=30)
    assert not r.solved and r.refuted and r.line == []


def test_the_solution_holds_against_every_block() -> None:
    """Two attackers against one blocker: whichever the opponent blocks, the other is lethal. The
    line names the opponent's answer too, and every other answer also loses for it."""
    pz = load_puzzle(DATA / "two_attackers_one_blocker.pzl")
    r = solve(pz, max_seconds=30)
    assert r.solved
    at = next(i for i, s in enumerate(r.line) if s.startswith("no block") or s.startswith("block"))
    g = load_puzzle(DATA / "two_attackers_one_blocker.pzl").game
    g.run_line(r.line[:at])
    answers = [a.label for a in g.legal_actions()]
    assert len(answers) >= 3  # no block, block the Bears, block the Lion
    for answer in answers:
        c = g.clone()
        c.act(answer)
        while c.decision is not None and not pz.reached(c):
            c.act("pass" if any(a.label == "pass" for a in c.legal_actions()) else c.legal_actions()[0])
        assert pz.reached(c), answer


def test_an_agents_success_rate_on_a_puzzle() -> None:
    from mtg_env.puzzle_search import play_puzzle
    run = play_puzzle(str(DATA / "bolt_to_the_face.pzl"), "heuristic", games=3)
    assert (run.games, run.reached) == (3, 3)  # it bolts the opponent at 3 life
    never = play_puzzle(str(DATA / "one_attacker_one_blocker.pzl"), "random", games=5)
    assert never.reached == 0  # the heuristic opponent blocks the lethal attacker


def test_the_cli_prints_the_interface_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from mtg_env.cli import main
    assert main(["puzzle", str(DATA / "bolt_to_the_face.pzl"), "--json", "--budget", "30s"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"name", "goal", "turns", "solved", "line", "nodes", "seconds", "unsupported"}
    assert out["solved"] and out["unsupported"] == []
    assert main(["puzzle", str(SAMPLES[0]), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["unsupported"]


def test_the_search_solves_the_sample_pp01_beyond_the_shallow_phase() -> None:
    """PP01 ("So Close") takes some twenty choices (every mana ability, target and pass that
    resolves a spell): the iterative deepening of the first phase stops short of it, and the
    depth-first phase finds a line. A node budget (not a time limit) keeps the test exact on a
    busy machine: the search is deterministic. The line replayed on a fresh load wins."""
    path = Path(__file__).parent / "samples" / "PP01.pzl"
    r = solve(load_puzzle(path), max_nodes=60_000, max_seconds=900)
    assert r.solved and not r.refuted
    assert "cast Lightning Bolt" in r.moves and "cast Kor Skyfisher" in r.moves
    fresh = load_puzzle(path)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_the_depth_first_phase_alone_solves_and_refutes_the_test_puzzles() -> None:
    """Without the shallow phase, the unbounded depth-first search still proves the one-attacker
    puzzle has no solution (every line searched to its end) and finds the two-attacker one's line
    against every block."""
    from mtg_env.puzzle_search import PuzzleSearch
    r = PuzzleSearch(load_puzzle(DATA / "one_attacker_one_blocker.pzl"), shallow=0).run()
    assert not r.solved and r.refuted
    r = PuzzleSearch(load_puzzle(DATA / "two_attackers_one_blocker.pzl"), shallow=0).run()
    assert r.solved
    fresh = load_puzzle(DATA / "two_attackers_one_blocker.pzl")
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_the_search_solves_the_sample_ps_aer1_with_madness_x() -> None:
    """PS_AER1 (Possibility Storm, Aether Revolt #01): the opponent at 9. The search finds a line
    through Welcome to the Fold's madness cost {X}{U}{U} (discarded to Key to the City) and
    Ravenous Intruder (after the fast phase, which does not find it, has spent 40% of the nodes);
    replayed on a fresh load it wins. Node budget, not time (deterministic)."""
    path = Path(__file__).parent / "samples" / "PS_AER1.pzl"
    r = solve(load_puzzle(path), max_nodes=100_000, max_seconds=900)
    assert r.solved and not r.refuted
    fresh = load_puzzle(path)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)


def test_a_loop_of_free_activations_is_cut_and_the_puzzle_refuted() -> None:
    """Two Vizier of Tumbling Sands ("{T}: Untap another target permanent.") untap each other
    for ever: the position repeats on its own line. The depth-first phase cuts each repetition
    (without the cut it would run to its depth limit and say nothing), so a puzzle whose only
    play is the loop is refuted; with a Shock in hand the same position is solved."""
    from mtg_env.puzzle_search import PuzzleSearch
    head = "humanlife=20\nailife=2\nturn=1\nactiveplayer=human\nactivephase=MAIN2\n"
    vizier = "Vizier of Tumbling Sands;Vizier of Tumbling Sands|Tapped"
    r = PuzzleSearch(read_puzzle(_pzl(head + f"humanbattlefield={vizier}\n")), shallow=0, max_seconds=120).run()
    assert not r.solved and r.refuted
    pz = read_puzzle(_pzl(head + f"humanhand=Shock\nhumanbattlefield={vizier};Mountain\n"))
    won = PuzzleSearch(pz, shallow=0, max_seconds=120).run()
    assert won.solved and "cast Shock" in won.moves


def test_the_unbounded_phase_follows_a_stack_of_free_activations_only_so_far_first() -> None:
    """Crypt Rats' {X} with no black mana is free at X = 0 and can be stacked without end (every
    position differs: one more ability on the stack). The unbounded phase searches lines up to 50
    choices first, then 100, 200, 400 (each pass complete up to its length): the Shock line is found
    after a short stack of activations instead of one 400 deep, with fewer nodes, and replays to
    the goal on a fresh load. Without the shorter passes the same line is found only after 400."""
    from mtg_env.puzzle_search import PuzzleSearch
    text = _pzl("humanlife=20\nailife=2\nturn=1\nactiveplayer=human\nactivephase=MAIN1\n"
                "humanhand=Shock\nhumanbattlefield=Crypt Rats;Mountain\naibattlefield=Grizzly Bears\n")
    # the complete search alone (no pay or fast phase: they never choose X = 0, so never stack them)
    capped = PuzzleSearch(read_puzzle(text), shallow=0, max_seconds=120, fast=(), pay=())
    r = capped.run()
    assert capped.caps() == [50, 100, 200, 400]
    assert r.solved and r.moves[-2:] == ["cast Shock", "target P2"]
    fresh = read_puzzle(text)
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)
    uncapped = PuzzleSearch(read_puzzle(text), shallow=0, max_seconds=120, fast=(), pay=())
    uncapped.caps = lambda: [uncapped.max_depth]  # type: ignore[method-assign]
    u = uncapped.run()
    assert u.solved
    rats = sum(m.startswith("activate Crypt Rats") for m in r.moves)
    assert rats < 50 < 300 < sum(m.startswith("activate Crypt Rats") for m in u.moves)
    assert r.nodes < u.nodes

