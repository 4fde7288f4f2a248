"""Rule tests: deck construction (CR 100.2a): a duel deck has at least 60 cards and at most four
of a card other than basic lands.

One test per rule, named by what it shows and citing the Comprehensive Rules.

The Commander deck checks (CR 903.3-903.5) are in cr_903_commander.py.
"""

from __future__ import annotations

import pytest

from mtg_env import DeckError, new_game
from tests.helpers import DECKS, write_deck

GREEN = str(DECKS / "green_ramp.txt")


# ---------------------------------------------------------------------------------------------
# duel: decks of at least 60 cards with at most four of a non-basic card


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
