"""Rule tests: Commander (CR 903): the command zone and 40 life, casting a commander and the
commander tax, a commander going to the command zone instead, 21 combat damage from one
commander, and the Commander deck checks.

One test per rule. Commander positions cannot be written as scenarios, so they are games from
the Commander decks with a known seed, built up with `Game.new_object` (the call scenarios use to
set up positions) before the first action, then played with real decisions. The helpers that
build and play them (`commander_game`, `give`, `advance_to`, `attack_with_griselbrand`) are in
tests/helpers.py; leaving a multiplayer game is in cr_800_multiplayer.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from mtg_env import DeckError, Game, new_game
from tests.helpers import (
    DECKS,
    advance_to,
    attack_with_griselbrand,
    commander_game,
    give,
    labels,
    pass_until,
    player,
    write_deck,
)

ARCANIS, GRISELBRAND = str(DECKS / "commander_arcanis.txt"), str(DECKS / "commander_griselbrand.txt")


# ---------------------------------------------------------------------------------------------
# commander (CR 903)


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


def test_cr_903_8_118_9d_commander_tax_is_paid_even_when_cast_without_paying_its_mana_cost():
    from mtg_env.engine import casting

    g = commander_game([GRISELBRAND, ARCANIS])
    oid = next(o.id for o in g.objects.values() if o.card.name == "Griselbrand" and o.zone == "command")
    assert casting.spell_mana(g, 0, oid, free=True).generic == 0
    g.commander.casts[g.objects[oid].info["commander"]] = 2
    assert casting.spell_mana(g, 0, oid, free=True).generic == 4  # an additional cost (CR 118.9d)
    assert casting.spell_mana(g, 0, oid, free=False).generic == 4 + 4  # {4}{B}{B}{B}{B} and {4}


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


# ---------------------------------------------------------------------------------------------
# commander deck checks (CR 903.5, 903.3)


def griselbrand_deck_with(tmp_path: Path, name: str, change: Callable[[str], str]) -> str:
    return write_deck(tmp_path, name, change(Path(GRISELBRAND).read_text(encoding="utf-8")))


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
