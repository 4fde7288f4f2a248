"""The card database the package ships (cards/database.py) and card support (interface.md §7)."""

from __future__ import annotations

import pytest

from mtg_env.cards import CardStatus, card_status, get_card, has_card
from mtg_env.cards.database import database, fold, lookup
from mtg_env.core.errors import UnknownCardError, UnsupportedCardError


def test_the_database_ships_every_card_of_the_oracle_reference():
    """The reference's 23,906 cards plus the newer cards of tools/data/forge_cards.txt."""
    from pathlib import Path

    from tools.forge_cards import load
    db = database()
    extra = load(Path(__file__).resolve().parents[2] / "tools" / "data" / "forge_cards.txt")
    assert len(db.cards) == 23906 + len(extra)
    assert db.source == "cards.jsonl.gz"
    bolt = lookup("Lightning Bolt")
    assert bolt is not None and bolt.front.mana_cost == "{R}" and bolt.type_line == "Instant"


def test_names_are_looked_up_ignoring_case_accents_and_the_ascii_spellings_decklists_use():
    assert lookup("lightning bolt").name == "Lightning Bolt"
    assert lookup("Lim-Dul's Vault").name == "Lim-Dûl's Vault"
    assert lookup("Aether Vial").name == "Aether Vial"
    assert fold("Æther Vial") == fold("aether vial")


def test_a_face_name_finds_its_multi_face_card():
    assert lookup("Fire").name == "Fire // Ice"
    assert lookup("Ice").name == "Fire // Ice"
    assert lookup("Fire // Ice").layout == "split"


def test_card_status_of_a_compiled_card():
    st = card_status("Searing Spear")
    assert st == CardStatus("Searing Spear", True, [], "compiled")


def test_card_status_of_a_hand_written_card():
    st = card_status("Mairsil, the Pretender")
    assert st.supported and st.source == "hand-written" and st.reasons == []


def test_card_status_of_an_unsupported_card_names_the_phrase_that_failed():
    st = card_status("Shahrazad")
    assert not st.supported and st.source == "compiled"
    assert st.reasons == ["Players play a Magic subgame, using their libraries as their decks"]
    assert not has_card("Shahrazad")
    with pytest.raises(UnsupportedCardError) as e:
        get_card("Shahrazad")
    assert "subgame" in str(e.value) and e.value.reasons == tuple(st.reasons)


def test_an_unknown_name_raises_and_suggests_close_names():
    with pytest.raises(UnknownCardError) as e:
        card_status("Lightnig Bolt")
    assert "Lightning Bolt" in str(e.value) and "did you mean" in str(e.value)
    with pytest.raises(UnknownCardError):
        get_card("No Such Card At All")


def test_a_card_is_unsupported_when_any_of_its_lines_is():
    """Exact or not at all: Ambush Krotiq has trample (supported) and a trigger that is not;
    the card is unsupported and only the failing phrase is listed."""
    st = card_status("Ambush Krotiq")
    assert not st.supported
    assert all("Trample" not in r for r in st.reasons)


def test_compiled_cards_pickle_by_name():
    import pickle
    c = get_card("Searing Spear")
    assert pickle.loads(pickle.dumps(c)) is c
