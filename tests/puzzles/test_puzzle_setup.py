"""Forge puzzle setup beyond cards (../shared/reference/puzzles/README.md): tokens (`t:` specs,
`T:` token scripts, `IsToken`), persistent mana, player counters, puzzles that start in the
untap or cleanup step, `activephaseadvance`, and the goals that name cards (`Targets:`)."""

from __future__ import annotations

import pytest

from mtg_env import PuzzleError, UnsupportedPuzzleError
from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_search import solve


def _pzl(state: str, goal: str = "Win", turns: int = 1, targets: str | None = None) -> str:
    meta = f"Name:T\nGoal:{goal}\nTurns:{turns}\n" + (f"Targets:{targets}\n" if targets else "")
    return f"[metadata]\n{meta}[state]\n{state}\n"


def _main(state: str, **kw: object) -> str:
    return _pzl("activeplayer=human\nactivephase=MAIN1\n" + state, **kw)  # type: ignore[arg-type]


def _chars(g, oid):  # noqa: ANN001, ANN202
    c = g.chars(oid)
    return c.name, set(c.types), tuple(c.subtypes), set(c.colors), c.power, c.toughness, set(c.keywords)


# ---------------------------------------------------------------------------------------------
# tokens


def test_cr_111_3_an_ad_hoc_token_spec_defines_the_whole_token() -> None:
    pz = read_puzzle(_main("humanbattlefield=t:Soldier,P:1,T:1,Cost:no cost,Color:W,Types:Creature-Human-Soldier,"
                           "Keywords:Flying-Vigilance,Image:w_1_1_human_soldier|Tapped"))
    g = pz.game
    (oid,) = g.battlefield
    assert _chars(g, oid) == ("Soldier", {"Creature"}, ("Human", "Soldier"), {"W"}, 1, 1, {"flying", "vigilance"})
    assert g.objects[oid].token and g.objects[oid].tapped


def test_cr_202_2_an_old_token_spec_takes_its_colors_from_its_cost() -> None:
    pz = read_puzzle(_main("aibattlefield=t:Goblin,P:1,T:1,Cost:R,Types:Creature-Goblin;"
                           "t:Servo,P:1,T:1,Cost:no cost,Types:Artifact-Creature-Servo"))
    goblin, servo = pz.game.battlefield
    assert _chars(pz.game, goblin)[3] == {"R"}
    assert _chars(pz.game, servo)[1:4] == ({"Artifact", "Creature"}, ("Servo",), set())


def test_cr_111_3_an_empty_field_of_a_token_spec_is_skipped() -> None:
    """PP18 writes "t:Saproling,,P:1,T:1,...": the empty field says nothing; a field that is not
    empty and unknown still makes the spec unreadable."""
    pz = read_puzzle(_main("humanbattlefield=t:Saproling,,P:1,T:1,Cost:no cost,Types:Creature-Saproling,"
                           "Keywords:,Image:g_1_1_saproling_M12"))
    (oid,) = pz.game.battlefield
    assert _chars(pz.game, oid)[:6] == ("Saproling", {"Creature"}, ("Saproling",), set(), 1, 1)
    with pytest.raises(UnsupportedPuzzleError, match="unknown field"):
        read_puzzle(_main("humanbattlefield=t:Saproling,Q,P:1,T:1,Cost:no cost,Types:Creature-Saproling"))


def test_cr_111_4_token_scripts_named_by_their_characteristics_and_the_predefined_ones() -> None:
    pz = read_puzzle(_main("humanbattlefield=T:r_2_2_human_knight_trample_haste;T:c_4_4_a_construct;"
                           "T:c_a_treasure_sac"))
    g = pz.game
    knight, construct, treasure = g.battlefield
    assert _chars(g, knight) == ("Human Knight Token", {"Creature"}, ("Human", "Knight"), {"R"}, 2, 2,
                                 {"trample", "haste"})
    assert _chars(g, construct)[:6] == ("Construct Token", {"Artifact", "Creature"}, ("Construct",), set(), 4, 4)
    assert _chars(g, treasure)[:3] == ("Treasure Token", {"Artifact"}, ("Treasure",))
    assert "activate Treasure Token: {T}, Sacrifice this token: Add one mana of any color." in \
        {a.label for a in g.legal_actions()}


@pytest.mark.parametrize(("item", "reason"), [
    ("T:b_0_1_wizard_snipe", "'snipe' is not a creature type or keyword"),
    ("t:Thing,P:1,T:1,Types:Creature-Wizard,Keywords:Frobnicate", "token 't:Thing"),
    ("t:Thing,P:1,Types:Creature-Wizard", "needs whole-number P and T"),
    ("t:Thing,Types:Gadget", "name no card type"),
])
def test_a_token_spec_that_isnt_read_exactly_is_unsupported(item: str, reason: str) -> None:
    with pytest.raises(UnsupportedPuzzleError) as e:
        read_puzzle(_main(f"humanbattlefield={item}"))
    assert reason in "; ".join(e.value.unsupported)


def test_cr_111_7_a_token_outside_the_battlefield_is_unsupported() -> None:
    with pytest.raises(UnsupportedPuzzleError, match="a token exists only on the battlefield"):
        read_puzzle(_main("humanhand=T:w_1_1_soldier"))


def test_is_token_makes_a_token_copy_of_the_card() -> None:
    g = read_puzzle(_main("humanbattlefield=Grizzly Bears|IsToken;Grizzly Bears")).game
    token, card = g.battlefield
    assert g.objects[token].token and not g.objects[card].token
    assert g.chars(token).name == g.chars(card).name == "Grizzly Bears"


# ---------------------------------------------------------------------------------------------
# mana, counters


def test_cr_106_4_persistent_mana_stays_in_the_pool_as_steps_end() -> None:
    """The puzzle's persistent mana doesn't empty; mana made in the game still does, and is
    spent first (keeping the persistent mana is never worse)."""
    g = read_puzzle(_main("humanpersistentmana=R R G\nhumanhand=Lightning Bolt\nhumanbattlefield=Mountain")).game
    assert str(g.players[0].pool) == "{R}{R}{G}"
    g.act("activate Mountain: {T}: Add {R}.")
    g.act("cast Lightning Bolt")
    g.act("target P2")
    assert str(g.players[0].pool) == "{R}{R}{G}"
    g.act("pass")
    g.act("pass")  # Lightning Bolt resolves
    g.act("pass")
    g.act("pass")  # the main phase ends
    assert g.step == "beginning_of_combat" and str(g.players[0].pool) == "{R}{R}{G}"
    assert g.players[1].life == 17


def test_cr_106_4_spent_persistent_mana_is_gone() -> None:
    g = read_puzzle(_main("humanpersistentmana=R\nhumanhand=Lightning Bolt")).game
    g.act("cast Lightning Bolt")
    g.act("target P2")
    assert g.players[0].pool.is_empty()
    for _ in range(4):
        g.act("pass")
    assert g.step == "beginning_of_combat" and g.players[0].pool.is_empty()


def test_cr_122_1f_poison_counters_and_unsupported_player_counters() -> None:
    g = read_puzzle(_main("aicounters=POISON=9")).game
    assert g.players[1].poison == 9
    with pytest.raises(UnsupportedPuzzleError, match="EXPERIENCE"):
        read_puzzle(_main("humancounters=POISON=1,EXPERIENCE=2"))
    with pytest.raises(PuzzleError, match="bad.pzl:.*persistentmana: expected mana symbols"):
        read_puzzle(_main("humanpersistentmana=R Q"), "bad.pzl")


# ---------------------------------------------------------------------------------------------
# phases


def test_cr_514_a_puzzle_starting_in_the_opponents_cleanup_begins_with_your_turn() -> None:
    """The cleanup step's actions happen (damage wears off, CR 514.2), then P1's turn: it untaps
    and draws (CR 502, 504), and its turns are counted from that turn."""
    pz = read_puzzle(_pzl("activeplayer=ai\nactivephase=CLEANUP\nturn=3\nhumanlibrary=Island;Forest\n"
                          "humanbattlefield=Mountain|Tapped\naibattlefield=Grizzly Bears|Damage:1"))
    g = pz.game
    assert (g.turn, g.active, g.step) == (4, 0, "upkeep")
    assert pz.last_turn == 4
    bears = next(o for o in g.battlefield if g.chars(o).name == "Grizzly Bears")
    assert g.objects[bears].damage == 0
    assert not any(g.objects[o].tapped for o in g.battlefield)
    g.act("pass")
    g.act("pass")
    assert g.step == "draw" and g.state_json()["players"][0]["hand"] == ["Island"]


def test_cr_502_a_puzzle_starting_in_the_untap_step_untaps() -> None:
    g = read_puzzle(_pzl("activeplayer=human\nactivephase=UNTAP\nhumanbattlefield=Mountain|Tapped\n"
                         "aibattlefield=Forest|Tapped")).game
    assert g.step == "upkeep"
    mountain, forest = g.battlefield
    assert not g.objects[mountain].tapped and g.objects[forest].tapped  # only the active player's


def test_activephaseadvance_passes_to_the_step() -> None:
    pz = read_puzzle(_pzl("activeplayer=ai\nactivephase=MAIN2\nactivephaseadvance=UPKEEP\n"
                          "humanlibrary=Island\nhumanbattlefield=Mountain|Tapped", turns=2))
    g = pz.game
    assert (g.turn, g.active, g.step) == (2, 0, "upkeep")
    assert not g.objects[g.battlefield[0]].tapped


def test_activephaseadvance_with_a_decision_on_the_way_is_unsupported() -> None:
    """The opponent would declare attackers on the way: the file doesn't say with what."""
    with pytest.raises(UnsupportedPuzzleError, match="activephaseadvance=COMBAT_DECLARE_BLOCKERS .*P2 decides"):
        read_puzzle(_pzl("activeplayer=ai\nactivephase=MAIN1\nactivephaseadvance=COMBAT_DECLARE_BLOCKERS\n"
                         "aibattlefield=Grizzly Bears"))
    with pytest.raises(UnsupportedPuzzleError, match="the game ends on the way"):
        read_puzzle(_pzl("activeplayer=ai\nactivephase=MAIN2\nactivephaseadvance=UPKEEP"))


# ---------------------------------------------------------------------------------------------
# goals that name cards


def test_destroy_specified_creatures_is_solved_and_refuted() -> None:
    solvable = read_puzzle(_main("humanhand=Lightning Bolt\nhumanbattlefield=Mountain\n"
                                 "aibattlefield=Shivan Dragon;Grizzly Bears",
                                 goal="Destroy Specified Creatures", targets="Creature.Bear+OppCtrl"))
    assert not solvable.reached(solvable.game)
    r = solve(solvable, max_seconds=30)
    assert r.solved and "target Grizzly Bears" in r.line
    fresh = read_puzzle(_main("humanhand=Lightning Bolt\nhumanbattlefield=Mountain\n"
                              "aibattlefield=Shivan Dragon;Grizzly Bears",
                              goal="Destroy Specified Creatures", targets="Creature.Bear+OppCtrl"))
    fresh.game.run_line(r.line)
    assert fresh.reached(fresh.game)
    two = read_puzzle(_main("humanhand=Lightning Bolt\nhumanbattlefield=Mountain\n"
                            "aibattlefield=Grizzly Bears;Grizzly Bears",
                            goal="Destroy Specified Creatures", targets="Creature.Bear+OppCtrl"))
    r = solve(two, max_seconds=30)
    assert not r.solved and r.refuted


def test_play_the_specified_permanent_counts_one_that_enters() -> None:
    pz = read_puzzle(_main("humanhand=Grizzly Bears\nhumanbattlefield=Forest;Forest;Grizzly Bears",
                           goal="Play the Specified Permanent", targets="Card.YouCtrl+namedGrizzly Bears"))
    assert not pz.reached(pz.game)  # the Bears already there don't count
    r = solve(pz, max_seconds=30)
    assert r.solved and "cast Grizzly Bears" in r.line


def test_gain_control_of_specified_permanents_needs_every_one() -> None:
    pz = read_puzzle(_main("aibattlefield=Grizzly Bears;Raging Goblin;Forest",
                           goal="Gain Control of Specified Permanents",
                           targets="Card.Green+inZoneBattlefield+OppCtrl"))
    g = pz.game
    bears, goblin, forest = g.battlefield
    assert pz.targets_at_start == {bears}  # a land is colorless
    c = g.clone()
    c.writable(bears).controller = 0  # (copy-on-write: the original keeps its object)
    c.invalidate()
    assert pz.reached(c) and not pz.reached(g)


@pytest.mark.parametrize(("targets", "what"), [
    ("Creature.Dragon+Frobbed", "unknown property 'Frobbed'"),
    ("Thingy.YouCtrl", "unknown card type 'Thingy'"),
])
def test_a_filter_that_isnt_read_is_unsupported(targets: str, what: str) -> None:
    with pytest.raises(UnsupportedPuzzleError, match=what):
        read_puzzle(_main("", goal="Destroy Specified Creatures", targets=targets))


def test_a_card_goal_without_targets_is_an_error() -> None:
    with pytest.raises(PuzzleError, match="bad.pzl:3: goal 'Destroy Specified Creatures' needs a Targets"):
        read_puzzle(_main("", goal="Destroy Specified Creatures"), "bad.pzl")


# ---------------------------------------------------------------------------------------------
# combat


def test_cr_508_1_attacking_creatures_of_a_puzzle_that_starts_in_combat() -> None:
    """`Attacking` creatures were declared before the puzzle began; starting in the declare
    blockers step, the defending player declares blockers as it begins (CR 509.1)."""
    pz = read_puzzle(_pzl("activeplayer=ai\nactivephase=COMBAT_DECLARE_BLOCKERS\nhumanlife=2\n"
                          "aibattlefield=Grizzly Bears|Attacking|Tapped;Raging Goblin\n"
                          "humanbattlefield=Wall of Stone", goal="Survive"))
    g = pz.game
    bears, goblin, wall = g.battlefield
    assert g.combat.attackers == [bears] and g.combat.attack_targets[bears] == 0
    assert g.decision.kind == "block" and g.decision.player == "P1"
    r = solve(pz, max_seconds=30)
    assert r.solved and any(m.startswith("block") for m in r.moves)


def test_attacking_outside_combat_or_for_the_defender_is_unsupported() -> None:
    with pytest.raises(UnsupportedPuzzleError, match="Attacking in the precombat main step"):
        read_puzzle(_main("humanbattlefield=Grizzly Bears|Attacking"))
    with pytest.raises(UnsupportedPuzzleError, match="non-active player"):
        read_puzzle(_pzl("activeplayer=ai\nactivephase=COMBAT_DECLARE_ATTACKERS\n"
                         "humanbattlefield=Grizzly Bears|Attacking"))


def test_cr_607_2a_imprinting_links_the_exiled_card_to_its_exiler() -> None:
    """Isochron Scepter|Imprinting:8 and the exiled card: the Scepter's ability sees it."""
    for exiled in ("Lightning Bolt|Id:8|ExiledWith:9", "Lightning Bolt|Id:8"):
        g = read_puzzle(_main(f"humanbattlefield=Isochron Scepter|Id:9|Imprinting:8;Mountain;Mountain\n"
                              f"humanexile={exiled}")).game
        (bolt,) = g.players[0].exile
        scepter = next(o for o in g.battlefield if g.chars(o).name == "Isochron Scepter")
        assert g.objects[bolt].info["exiled_with"] == (scepter, "p")
    with pytest.raises(UnsupportedPuzzleError, match="only cards exiled with it are linked"):
        read_puzzle(_main("humanbattlefield=Isochron Scepter|Id:9|Imprinting:8\nhumanhand=Lightning Bolt|Id:8"))


def test_cr_708_a_face_down_morph_creature_is_a_2_2_its_controller_may_turn_up() -> None:
    pz = read_puzzle(_main("humanbattlefield=Icefeather Aven|FaceDown\nhumanpersistentmana=G U U\n"
                           "aibattlefield=Grizzly Bears"))
    g = pz.game
    aven = g.battlefield[0]
    assert _chars(g, aven)[1:6] == ({"Creature"}, (), set(), 2, 2)
    state = g.state_json()["players"][0]["battlefield"][0]
    assert state["face_down"] and "Icefeather" not in str(state)
    assert any(a.label.startswith("turn Icefeather Aven face up") for a in g.legal_actions())
    with pytest.raises(UnsupportedPuzzleError, match="FaceDown"):
        read_puzzle(_main("humanbattlefield=Grizzly Bears|FaceDown"))  # manifested? cloaked? not said
