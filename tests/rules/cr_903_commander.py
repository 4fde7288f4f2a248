"""Rule tests: the formats (duel, goldfish, commander), deck checks, leaving the game, conceding.

One test per rule. Commander positions cannot be written as scenarios, so they are games from
the Commander decks with a known seed, built up with `Game.new_object` (the call scenarios use to
set up positions) before the first action, then played with real decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mtg_env import DeckError, Game, new_game
from tests.helpers import DECKS, labels, pass_until, player

GREEN, RED = str(DECKS / "green_ramp.txt"), str(DECKS / "red_burn.txt")
ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


def advance_to(g: Game, step: str, turn: int) -> None:
    """Pass priority (no attacks, no blocks, discarding the first card offered at cleanup) until
    `step` of `turn` with a priority decision."""
    for _ in range(500):
        s = g.state_json()
        if (s["step"], s["turn"]) == (step, turn) and g.decision.kind == "priority":
            return
        assert g.decision is not None, f"the game ended before {step} of turn {turn}"
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass", "keep")), acts[0]))
    raise AssertionError(f"did not reach {step} of turn {turn}")


def write_deck(tmp_path: Path, name: str, text: str) -> str:
    f = tmp_path / f"{name}.txt"
    f.write_text(text, encoding="utf-8")
    return str(f)


def griselbrand_deck_with(tmp_path: Path, name: str, change: Callable[[str], str]) -> str:
    return write_deck(tmp_path, name, change(Path(GRISELBRAND).read_text(encoding="utf-8")))


# ---------------------------------------------------------------------------------------------
# duel: two players, 20 life, decks of at least 60 cards with at most four of a non-basic card


def test_cr_100_2a_duel_deck_with_fewer_than_60_cards_is_an_error_naming_the_deck(tmp_path):
    short = write_deck(tmp_path, "short_stack", "20 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n")
    with pytest.raises(DeckError) as e:
        new_game([GREEN, short], seed=1)
    assert "short_stack" in str(e.value)
    assert "60" in str(e.value)


def test_cr_100_2a_duel_deck_with_five_copies_of_a_nonbasic_card_is_an_error_naming_deck_and_card(tmp_path):
    five = write_deck(tmp_path, "five_bolts", "55 Mountain\n5 Lightning Bolt\n")
    with pytest.raises(DeckError) as e:
        new_game([five, GREEN], seed=1)
    assert "five_bolts" in str(e.value)
    assert "Lightning Bolt" in str(e.value)


def test_cr_100_2a_any_number_of_basic_lands_is_allowed(tmp_path):
    lands = write_deck(tmp_path, "all_mountains", "56 Mountain\n4 Lightning Bolt\n")
    g = new_game([lands, GREEN], seed=1)
    assert [p["life"] for p in g.state_json()["players"]] == [20, 20]


def test_duel_takes_exactly_two_decks():
    with pytest.raises(DeckError):
        new_game([GREEN, RED, GREEN], seed=1)
    with pytest.raises(DeckError):
        new_game([GREEN], seed=1)


def test_cr_104_3a_a_player_who_concedes_loses_the_duel():
    g = new_game([GREEN, RED], seed=1, first_player=0)
    g.concede("P1")
    assert g.decision is None
    assert g.legal_actions() == []
    assert g.result["game_over"] is True
    assert g.result["winner"] == "P2"
    assert any("P1 concedes" in line for line in g.log)


# ---------------------------------------------------------------------------------------------
# goldfish: one deck, the opponent never acts


def goldfish(turn_limit: int | None = 6, seed: int = 2) -> Game:
    return new_game([GREEN], seed=seed, format="goldfish", turn_limit=turn_limit)


def test_goldfish_opponent_never_acts_and_every_turn_is_the_goldfish_players():
    g = goldfish(turn_limit=8)
    turns = set()
    while g.decision is not None:
        assert g.decision.player == "P1"
        s = g.state_json()
        assert s["active_player"] == "P1"
        turns.add(s["turn"])
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("keep", "done", "pass")), acts[0]))
    assert turns == set(range(1, 9))


def test_goldfish_turn_limit_ends_the_game_as_a_draw_with_the_reason():
    g = goldfish(turn_limit=3)
    advance_to(g, "precombat_main", 3)
    for _ in range(30):
        if g.decision is None:
            break
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
    assert g.decision is None
    res = g.result
    assert res["game_over"] is True and res["winner"] is None
    assert "turn limit 3" in res["reason"]
    assert res["turn"] == 3


def test_goldfish_opponent_never_blocks():
    g = new_game([GREEN], seed=2, format="goldfish", mulligans=False)
    g.new_object("Grizzly Bears", 0, "battlefield")
    g.new_object("Llanowar Elves", 1, "battlefield")  # the goldfish has a creature, and never uses it
    pass_until(g, "beginning_of_combat", turn=1)
    g.act("pass")
    assert g.decision.kind == "attack"
    g.act("attack P2 with Grizzly Bears")
    pass_until(g, "postcombat_main", turn=1)
    assert player(g, "P2")["life"] == 18


def test_goldfish_takes_exactly_one_deck():
    with pytest.raises(DeckError):
        new_game([GREEN, RED], format="goldfish")


# ---------------------------------------------------------------------------------------------
# commander (CR 903)


def commander_game(decks: list[str], seed: int = 1, **kw) -> Game:
    return new_game(decks, seed=seed, format="commander", first_player=0, mulligans=False,
                    mana_payment="auto", **kw)


def give(g: Game, who: int, card: str, zone: str, n: int = 1, controller: int | None = None) -> None:
    """Set up a position before the first action (as scenarios do)."""
    for _ in range(n):
        g.new_object(card, who, zone, controller=controller)


def p1_priority(g: Game) -> None:
    """Pass until P1 has priority (not leaving the step)."""
    step = g.state_json()["step"]
    while g.decision.player != "P1":
        assert g.decision.kind == "priority"
        g.act("pass")
    assert g.state_json()["step"] == step


def tapped(g: Game, who: str) -> int:
    return sum(1 for e in player(g, who)["battlefield"] if e["tapped"])


def test_cr_903_7_commander_starts_in_the_command_zone_and_players_have_40_life():
    g = new_game([GRISELBRAND, ARCANIS], seed=1, format="commander")
    s = g.state_json()
    assert [p["life"] for p in s["players"]] == [40, 40]
    assert s["players"][0]["command"] == ["Griselbrand"]
    assert s["players"][1]["command"] == ["Arcanis the Omnipotent"]
    assert [len(p["hand"]) for p in s["players"]] == [7, 7]
    assert [p["library_count"] for p in s["players"]] == [92, 92]
    assert "Griselbrand" not in s["players"][0]["hand"]


def test_cr_903_8_commander_is_cast_from_the_command_zone_then_with_2_more_per_previous_cast():
    g = commander_game([GRISELBRAND, ARCANIS])
    give(g, 0, "Swamp", "battlefield", 11)
    give(g, 0, "Murder", "hand")
    pass_until(g, "precombat_main", turn=1)
    assert "cast Griselbrand" in labels(g)
    g.act("cast Griselbrand")
    assert tapped(g, "P1") == 8  # {4}{B}{B}{B}{B}: no tax the first time
    assert player(g, "P1")["command"] == []
    g.run_line(["pass", "pass"])
    assert [e["card"] for e in player(g, "P1")["battlefield"]].count("Griselbrand") == 1
    p1_priority(g)
    g.run_line(["cast Murder", "target Griselbrand", "pass", "pass"])
    # CR 903.9a: its owner may put it into the command zone
    assert (g.decision.player, g.decision.kind) == ("P1", "yes_no")
    g.act("yes")
    assert player(g, "P1")["command"] == ["Griselbrand"]
    assert player(g, "P1")["graveyard"] == ["Murder"]
    advance_to(g, "precombat_main", 3)
    assert tapped(g, "P1") == 0
    g.act("cast Griselbrand")
    assert tapped(g, "P1") == 10  # {2} of commander tax for the one earlier cast
    assert player(g, "P1")["mana_pool"] == ""


def test_cr_903_9a_commander_left_in_the_graveyard_when_its_owner_says_no():
    g = commander_game([GRISELBRAND, ARCANIS])
    give(g, 0, "Swamp", "battlefield", 11)
    give(g, 0, "Murder", "hand")
    pass_until(g, "precombat_main", turn=1)
    g.run_line(["cast Griselbrand", "pass", "pass"])
    p1_priority(g)
    g.run_line(["cast Murder", "target Griselbrand", "pass", "pass", "no"])
    assert player(g, "P1")["command"] == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Griselbrand", "Murder"]


def test_cr_903_9b_commander_returned_to_hand_may_go_to_the_command_zone_instead():
    g = commander_game([ARCANIS, GRISELBRAND])
    give(g, 0, "Island", "battlefield", 10)
    pass_until(g, "precombat_main", turn=1)
    g.run_line(["cast Arcanis the Omnipotent", "pass", "pass"])
    p1_priority(g)
    g.act("activate Arcanis the Omnipotent: {2}{U}{U}")
    g.run_line(["pass", "pass"])
    assert (g.decision.player, g.decision.kind) == ("P1", "yes_no")
    g.act("yes")
    assert player(g, "P1")["command"] == ["Arcanis the Omnipotent"]


def attack_with_griselbrand(g: Game, target: str, until: Callable[[Game], bool], limit: int = 3000) -> None:
    """Play on: P1 attacks `target` with Griselbrand whenever it can; everyone else only passes,
    declares no blocks and discards the first card offered."""
    for _ in range(limit):
        if g.decision is None or until(g):
            return
        d = g.decision
        acts = labels(g)
        if d.kind == "attack":
            want = f"attack {target} with Griselbrand"
            g.act(want if want in acts else next(a for a in acts if a in ("done attacking", "no attack")))
        elif d.kind == "block":
            g.act(next(a for a in acts if a in ("no block", "done blocking")))
        elif d.kind == "yes_no":
            g.act("yes")
        elif d.kind == "priority":
            g.act("pass")
        else:
            g.act(acts[0])
    raise AssertionError("the game went on too long")


def test_cr_903_10a_704_6c_21_combat_damage_from_one_commander_loses_the_game():
    g = commander_game([GRISELBRAND, ARCANIS])
    give(g, 0, "Swamp", "battlefield", 8)
    pass_until(g, "precombat_main", turn=1)
    g.run_line(["cast Griselbrand", "pass", "pass"])
    # Griselbrand attacks on turns 3, 5 and 7: 7 + 7 + 7 = 21, with P2 still at 19 life
    attack_with_griselbrand(g, "P2", until=lambda g: False)
    assert g.decision is None
    assert g.result["winner"] == "P1"
    assert player(g, "P2")["life"] == 19
    assert "P2 loses the game (21 combat damage from Griselbrand)" in g.log
    assert g.result["turn"] == 7


def test_cr_800_4a_in_multiplayer_a_player_who_loses_leaves_with_their_objects_and_the_game_goes_on():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 0, "Swamp", "battlefield", 8)
    give(g, 1, "Island", "battlefield", 2)
    give(g, 1, "Memnite", "battlefield", controller=0)  # owned by P2, controlled by P1
    pass_until(g, "precombat_main", turn=1)
    g.run_line(["cast Griselbrand", "pass", "pass", "pass"])
    # Griselbrand attacks P2 on turns 4, 7 and 10; then P2 has taken 21 from it
    attack_with_griselbrand(g, "P2", until=lambda g: any("P2 leaves the game" in ln for ln in g.log))
    assert "P2 loses the game (21 combat damage from Griselbrand)" in g.log
    assert g.decision is not None and not g.result["game_over"]
    p2 = player(g, "P2")
    assert (p2["battlefield"], p2["hand"], p2["graveyard"], p2["library_count"], p2["command"]) == \
        ([], [], [], 0, [])
    assert all(e["owner"] != "P2" for p in g.state_json()["players"] for e in p["battlefield"])
    assert "Memnite" not in [e["card"] for e in player(g, "P1")["battlefield"]]
    # the game goes on with P1 and P3, in turn order, skipping P2
    turn, active = g.state_json()["turn"], g.state_json()["active_player"]
    assert (turn, active) == (10, "P1")
    seen = []
    while len(seen) < 3:
        s = g.state_json()
        if not seen or seen[-1] != (s["turn"], s["active_player"]):
            seen.append((s["turn"], s["active_player"]))
        assert g.decision.player != "P2"
        if g.decision.kind == "attack":
            assert "attack P2 with Griselbrand" not in labels(g)
            assert "attack P3 with Griselbrand" in labels(g)
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
    assert seen == [(10, "P1"), (11, "P3"), (12, "P1")]


def test_cr_104_3a_800_4a_a_player_who_concedes_a_multiplayer_game_leaves_it_with_their_objects():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 1, "Island", "battlefield", 2)
    g.concede("P2")
    assert g.decision is not None and not g.result["game_over"]
    assert player(g, "P2")["battlefield"] == []
    assert player(g, "P2")["hand"] == []


def test_cr_800_4a_a_player_who_concedes_during_their_turn_makes_no_more_decisions():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 0, "Grizzly Bears", "battlefield")
    pass_until(g, "precombat_main", turn=1)
    g.concede("P1")
    while g.state_json()["turn"] == 1:
        assert g.decision.player != "P1", f"P1 left the game but must decide: {g.decision}"
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))


def test_cr_104_3a_a_player_who_concedes_a_multiplayer_game_takes_no_more_turns():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    g.concede("P2")
    assert g.decision is not None and not g.result["game_over"]
    actives = set()
    while g.state_json()["turn"] <= 4:
        assert g.decision.player != "P2"
        actives.add(g.state_json()["active_player"])
        acts = g.legal_actions()
        g.act(next((a for a in acts if a.kind in ("done", "pass")), acts[0]))
    assert actives == {"P1", "P3"}
    g.concede("P3")
    assert g.result["game_over"] and g.result["winner"] == "P1"


def test_cr_802_in_multiplayer_each_attacker_attacks_one_chosen_opponent_who_alone_may_block_it():
    g = commander_game([GRISELBRAND, ARCANIS, ARCANIS])
    give(g, 0, "Grizzly Bears", "battlefield")
    give(g, 0, "Memnite", "battlefield")
    give(g, 1, "Llanowar Elves", "battlefield")
    give(g, 2, "Ornithopter", "battlefield")
    pass_until(g, "beginning_of_combat", turn=1)
    g.run_line(["pass", "pass", "pass"])
    assert g.decision.kind == "attack"
    assert labels(g) == ["no attack", "attack P2 with Grizzly Bears", "attack P3 with Grizzly Bears",
                         "attack P2 with Memnite", "attack P3 with Memnite"]
    g.run_line(["attack P2 with Grizzly Bears", "attack P3 with Memnite"])
    while g.decision.kind != "block":
        g.act("pass")
    assert g.decision.player == "P2"
    assert labels(g) == ["no block", "block Grizzly Bears with Llanowar Elves"]
    g.act("no block")
    assert g.decision.player == "P3"
    assert labels(g) == ["no block", "block Memnite with Ornithopter"]
    g.act("no block")
    advance_to(g, "postcombat_main", 1)
    assert [player(g, who)["life"] for who in ("P1", "P2", "P3")] == [40, 38, 39]


# commander deck checks (CR 903.5, 903.4)


def test_cr_903_5a_commander_deck_must_have_exactly_100_cards(tmp_path):
    deck = griselbrand_deck_with(tmp_path, "ninety_nine", lambda t: t.replace("36 Swamp", "35 Swamp"))
    with pytest.raises(DeckError) as e:
        new_game([deck, ARCANIS], format="commander")
    assert "ninety_nine" in str(e.value) and "100" in str(e.value)


def test_cr_903_5b_commander_deck_is_singleton_but_for_basic_lands(tmp_path):
    deck = griselbrand_deck_with(tmp_path, "two_rings",
                                 lambda t: t.replace("1 Sol Ring", "2 Sol Ring").replace("36 Swamp", "35 Swamp"))
    with pytest.raises(DeckError) as e:
        new_game([deck, ARCANIS], format="commander")
    assert "two_rings" in str(e.value) and "Sol Ring" in str(e.value)


def test_cr_903_5c_card_outside_the_commanders_color_identity_is_an_error_naming_it(tmp_path):
    deck = griselbrand_deck_with(tmp_path, "off_color",
                                 lambda t: t.replace("36 Swamp", "35 Swamp\n1 Lightning Bolt"))
    with pytest.raises(DeckError) as e:
        new_game([deck, ARCANIS], format="commander")
    assert "off_color" in str(e.value) and "Lightning Bolt" in str(e.value)
    assert "Swamp" not in str(e.value).split(":", 1)[1]


def test_cr_903_3_commander_must_be_a_legendary_creature(tmp_path):
    # swap Griselbrand (the commander) and Nantuko Shade (in the deck)
    deck = griselbrand_deck_with(tmp_path, "shade_commander", lambda t: t.replace(
        "1 Griselbrand", "@").replace("1 Nantuko Shade", "1 Griselbrand").replace("@", "1 Nantuko Shade"))
    with pytest.raises(DeckError) as e:
        new_game([deck, ARCANIS], format="commander")
    assert "shade_commander" in str(e.value) and "Nantuko Shade" in str(e.value)


def test_commander_takes_two_to_four_decks():
    with pytest.raises(DeckError):
        new_game([GRISELBRAND], format="commander")
    with pytest.raises(DeckError):
        new_game([GRISELBRAND, ARCANIS, GRISELBRAND, ARCANIS, GRISELBRAND], format="commander")
    g = new_game([GRISELBRAND, ARCANIS, GRISELBRAND, ARCANIS], format="commander", seed=4)
    assert [p["name"] for p in g.state_json()["players"]] == ["P1", "P2", "P3", "P4"]
