"""Deck lists (interface.md §6): Forge .dck files and Arena/MTGO text, `deck check`, bad input."""

from __future__ import annotations

import json

import pytest

from mtg_env import DeckError, load_deck
from mtg_env.cli import main
from mtg_env.engine.decks import check_deck, read_entries


def test_dck_sections_are_case_insensitive_and_set_and_art_are_ignored():
    name, entries = read_entries("[metadata]\nName=Test\n[main]\n4 Island|C17|1\n2 Lightning Bolt|M10\n"
                                 "[Commander]\n1 Arcanis the Omnipotent|C17\n[SIDEBOARD]\n", "t.dck")
    assert name == "Test"
    assert [(e.section, e.count, e.name) for e in entries] == [
        ("main", 4, "Island"), ("main", 2, "Lightning Bolt"), ("commander", 1, "Arcanis the Omnipotent")]


def test_dck_foil_marker_bom_crlf_and_lines_without_a_set():
    text = "\ufeff[metadata]\r\nName=Foil\r\n[Main]\r\n1 Sol Ring+|C17\r\n2 Forest\r\n"
    name, entries = read_entries(text, "f.dck")
    assert name == "Foil" and [(e.count, e.name) for e in entries] == [(1, "Sol Ring"), (2, "Forest")]


def test_dck_split_card_names_and_quotes_are_names_not_comments():
    _, entries = read_entries('[Main]\n1 Fire // Ice|MH2\n1 Kongming, "Sleeping Dragon"|C13\n', "s.dck")
    assert [e.name for e in entries] == ["Fire // Ice", 'Kongming, "Sleeping Dragon"']


def test_dck_shop_and_avatar_sections_are_not_cards():
    _, entries = read_entries("[shop]\nWinsToUnlock=0\nCredits=1200\n[Avatar]\n[Main]\n20 Forest\n", "q.dck")
    assert [(e.count, e.name) for e in entries] == [(20, "Forest")]


@pytest.mark.parametrize("text,line,words", [
    ("[Main]\n4 Island|C17\nIsland x4\n", 3, ["Island x4"]),
    ("[Main]\n0 Island\n", 2, ["at least 1"]),
    ("[Planes]\n1 Some Plane\n", 1, ["unknown section"]),
    ("4 Island\n[Main]\n", 1, ["before the first [section]"]),
    ("[metadata]\nName Test\n[Main]\n1 Island\n", 2, ["Key=Value"]),
])
def test_malformed_dck_names_the_file_and_line(tmp_path, text, line, words):
    f = tmp_path / "bad.dck"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f)
    assert f"{f}:{line}" in str(e.value)
    for w in words:
        assert w in str(e.value)


def test_an_unknown_card_in_a_dck_names_its_line_and_suggests(tmp_path):
    f = tmp_path / "typo.dck"
    f.write_text("[Main]\n20 Forest\n4 Lightnig Bolt|M10\n", encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f)
    assert f"{f}:3" in str(e.value) and "Lightning Bolt" in str(e.value)


def test_a_deck_with_unsupported_cards_lists_every_one_with_a_reason(tmp_path):
    f = tmp_path / "unsupported.dck"
    f.write_text("[Main]\n20 Forest\n1 Shahrazad\n1 Chaos Orb\n", encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(f)
    msg = str(e.value)
    assert "Shahrazad (Players play a Magic subgame" in msg and "Chaos Orb (" in msg
    assert "2 unsupported cards" in msg


def test_a_supported_dck_loads_with_oracle_names(tmp_path):
    f = tmp_path / "ok.dck"
    f.write_text("[metadata]\nName=Burn\n[Main]\n20 mountain|M10|2\n4 Lightning Bolt+|M10\n", encoding="utf-8")
    deck = load_deck(f)
    assert deck.name == "Burn" and deck.main.count("Mountain") == 20 and deck.main.count("Lightning Bolt") == 4


def test_deck_check_reports_each_card_and_the_share():
    rep = check_deck("[Main]\n20 Forest\n1 Shahrazad\n1 Searing Spear\n1 Nonexistent Card\n", "x.dck")
    by = {c.name: c for c in rep.cards}
    assert by["Forest"].supported and by["Searing Spear"].source == "compiled"
    assert not by["Shahrazad"].supported and by["Shahrazad"].known
    assert not by["Nonexistent Card"].known
    assert rep.supported == 2 and rep.share == 0.5 and not rep.loads


def test_deck_check_cli_prints_json(tmp_path, capsys):
    f = tmp_path / "d.dck"
    f.write_text("[Main]\n20 Forest\n1 Shahrazad\n", encoding="utf-8")
    assert main(["deck", "check", str(f), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["distinct"] == 2 and out["supported"] == 1 and out["loads"] is False
    assert out["cards"][1]["reasons"] == ["Players play a Magic subgame, using their libraries as their decks"]


def test_deck_check_cli_on_a_missing_file_is_an_error(tmp_path, capsys):
    assert main(["deck", "check", str(tmp_path / "nope.dck")]) == 2
    assert "nope.dck" in capsys.readouterr().err



