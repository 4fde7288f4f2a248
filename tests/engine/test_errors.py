"""Errors a user meets: bad scenario files (interface.md §5), bad deck lists (§6), written steps
that match no legal action or more than one (§3). Each error says where and what."""

from __future__ import annotations

import textwrap

import pytest

from mtg_env import DeckError, IllegalActionError, ScenarioError, load_deck, load_scenario, new_game
from tests.helpers import DECKS, labels, permanents, scenario

# ---------------------------------------------------------------------------------------------
# scenario files: (YAML, the key path the message must name, words it must contain)

BAD_SCENARIOS = {
    "unknown card on the battlefield": ("""
        players:
          - battlefield: [Forest, Chaos Orb]
        """, "players[0].battlefield[1]", ["Chaos Orb"]),
    "unknown card in the second player's hand": ("""
        players:
          - {}
          - hand: [Forest, Time Vault]
        """, "players[1].hand[1]", ["Time Vault"]),
    "unknown card in an exile mapping": ("""
        players:
          - exile: [{card: Shahrazad, counters: {cage: 1}}]
        """, "players[0].exile[0].card", ["Shahrazad"]),
    "bad mana string": ("""
        players:
          - mana_pool: "{Q}{G"
        """, "players[0].mana_pool", ["{Q}{G"]),
    "unknown top-level key": ("""
        lif: 20
        """, "lif", ["unknown key"]),
    "unknown player key": ("""
        players:
          - lfe: 20
        """, "players[0].lfe", ["unknown key"]),
    "unknown permanent key": ("""
        players:
          - battlefield: [{card: Forest, taped: true}]
        """, "players[0].battlefield[0].taped", ["unknown key"]),
    "life of the wrong type": ("""
        players:
          - life: twenty
        """, "players[0].life", ["twenty"]),
    "tapped of the wrong type": ("""
        players:
          - battlefield: [{card: Forest, tapped: 3}]
        """, "players[0].battlefield[0].tapped", ["3"]),
    "hand that is not a list": ("""
        players:
          - hand: Forest
        """, "players[0].hand", ["list"]),
    "negative counters": ("""
        players:
          - battlefield: [{card: Walking Ballista, counters: {"+1/+1": -1}}]
        """, "players[0].battlefield[0].counters", [">= 0"]),
    "missing attached_to host": ("""
        players:
          - battlefield: [Forest, {card: Bonesplitter, attached_to: Grizzly Bears}]
        """, "players[0].battlefield[1].attached_to", ["Grizzly Bears"]),
    "instant on the battlefield": ("""
        players:
          - battlefield: [Lightning Bolt]
        """, "players[0].battlefield[0]", ["Lightning Bolt"]),
    "unknown owner": ("""
        players:
          - battlefield: [{card: Forest, owner: P3}]
        """, "players[0].battlefield[0].owner", ["P3"]),
    "unknown step": ("""
        step: second_main
        """, "step", ["second_main"]),
    "step without priority": ("""
        step: untap
        """, "step", ["untap"]),
    "unknown format": ("""
        format: chess
        """, "format", ["chess"]),
    "turn 0": ("""
        turn: 0
        """, "turn", ["0"]),
    "unknown active player": ("""
        active_player: P3
        """, "active_player", ["P3"]),
    "a step that is not text": ("""
        line: ["pass", 3]
        """, "line[1]", ["3"]),
}


@pytest.mark.parametrize("text,path,words", list(BAD_SCENARIOS.values()), ids=list(BAD_SCENARIOS))
def test_bad_scenario_file_names_the_file_and_the_key_path(tmp_path, text, path, words):
    f = tmp_path / "bad_scenario.yaml"
    f.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(str(f))
    msg = str(e.value)
    assert str(f) in msg
    assert path in msg
    for w in words:
        assert w in msg


def test_scenario_that_is_not_yaml_names_the_file(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("players: [\n  - {hand: [Forest\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(str(f))
    assert str(f) in str(e.value) and "YAML" in str(e.value)


def test_scenario_that_is_not_a_mapping_names_the_file(tmp_path):
    f = tmp_path / "list.yaml"
    f.write_text("- Forest\n- Island\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(str(f))
    assert str(f) in str(e.value) and "mapping" in str(e.value)


def test_missing_scenario_file_is_a_scenario_error(tmp_path):
    f = tmp_path / "nowhere.yaml"
    with pytest.raises(ScenarioError) as e:
        load_scenario(str(f))
    assert str(f) in str(e.value)


def test_scenario_errors_from_text_and_dicts_name_the_key_path():
    with pytest.raises(ScenarioError) as e:
        load_scenario({"players": [{"battlefield": ["Forest", {"card": "Nope Card"}]}]})
    assert "players[0].battlefield[1].card" in str(e.value)
    with pytest.raises(ScenarioError) as e:
        load_scenario("players:\n  - graveyard: [Forest, Nope Card]\n")
    assert "players[0].graveyard[1]" in str(e.value)


# ---------------------------------------------------------------------------------------------
# deck lists


def test_deck_with_unsupported_cards_lists_every_one_at_once(tmp_path):
    f = tmp_path / "bad_deck.txt"
    f.write_text("Deck\n20 Forest\n4 Chaos Orb\n4 Llanowar Elves\n1 Shahrazad\n2 Falling Star\n"
                 "\nSideboard\n1 Blacker Lotus\n", encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(str(f))
    msg = str(e.value)
    assert str(f) in msg
    for name in ("Chaos Orb", "Shahrazad", "Falling Star", "Blacker Lotus"):
        assert name in msg
    assert "Forest" not in msg.split(":", 1)[1] and "Llanowar Elves" not in msg


def test_new_game_with_unsupported_cards_raises_deck_error(tmp_path):
    f = tmp_path / "deck.txt"
    f.write_text("30 Forest\n30 Mindslaver\n", encoding="utf-8")
    with pytest.raises(DeckError) as e:
        new_game(decks=[str(f)], format="goldfish")
    assert "Mindslaver" in str(e.value)


def test_deck_line_that_is_not_a_count_and_a_name_is_reported_with_its_line(tmp_path):
    f = tmp_path / "deck.txt"
    f.write_text("// a comment\n20 Forest\nForest x4\n", encoding="utf-8")
    with pytest.raises(DeckError) as e:
        load_deck(str(f))
    assert f"{f}:3" in str(e.value) and "Forest x4" in str(e.value)


def test_deck_with_no_cards_is_an_error(tmp_path):
    f = tmp_path / "empty.txt"
    f.write_text("// nothing\n\nDeck\n", encoding="utf-8")
    with pytest.raises(DeckError):
        load_deck(str(f))


def test_missing_deck_file_is_a_deck_error():
    with pytest.raises(DeckError):
        load_deck("no/such/deck.txt")


def test_deck_list_reads_arena_format_with_comments_and_sections():
    deck = load_deck("Deck\n4 Llanowar Elves (M19) 314\n// comment\n\n20 Forest\nSideboard\n2 Shock\n")
    assert deck.main.count("Llanowar Elves") == 4 and deck.main.count("Forest") == 20
    assert deck.sideboard == ["Shock", "Shock"]


def test_goldfish_takes_one_deck():
    with pytest.raises(DeckError):
        new_game(decks=[DECKS / "green_ramp.txt", DECKS / "red_burn.txt"], format="goldfish")


# ---------------------------------------------------------------------------------------------
# written steps (interface.md §3)

TWO_FORESTS_AND_A_MONOLITH = """
players:
  - mana_pool: "{C}{C}{C}"
    battlefield: [Forest, Forest, Basalt Monolith, Sol Ring]
"""


def test_step_contained_in_two_different_labels_is_ambiguous_and_lists_them():
    g = scenario(TWO_FORESTS_AND_A_MONOLITH)
    before, log = g.state_json(), list(g.log)
    with pytest.raises(IllegalActionError) as e:
        g.act("activate Basalt Monolith")
    msg = str(e.value)
    assert "ambiguous" in msg
    assert "activate Basalt Monolith: {T}: Add {C}{C}{C}." in msg
    assert "activate Basalt Monolith: {3}: Untap Basalt Monolith." in msg
    assert "Sol Ring" not in msg  # only the candidates
    assert g.state_json() == before and g.log == log


def test_step_matching_nothing_says_so_and_lists_the_legal_actions():
    g = scenario(TWO_FORESTS_AND_A_MONOLITH)
    before, log = g.state_json(), list(g.log)
    with pytest.raises(IllegalActionError) as e:
        g.act("cast Chaos Orb")
    msg = str(e.value)
    assert "no legal action matches" in msg and "cast Chaos Orb" in msg
    for lab in labels(g):
        assert lab in msg
    assert g.state_json() == before and g.log == log


def test_step_equal_to_a_label_wins_over_longer_labels_containing_it():
    g = scenario("""
players:
  - hand: [Forest]
""")
    g.act("pass")
    assert g.state_json()["step"] == "beginning_of_combat"


def test_step_matches_ignoring_case_and_repeated_white_space():
    g = scenario(TWO_FORESTS_AND_A_MONOLITH)
    g.act("  ACTIVATE   sol   RING ")
    assert g.state_json()["players"][0]["mana_pool"] == "{C}{C}{C}{C}{C}"


def test_identical_choices_differing_only_by_id_take_the_lowest_id():
    g = scenario(TWO_FORESTS_AND_A_MONOLITH)
    forests = permanents(g, "Forest")
    assert len([lab for lab in labels(g) if lab.startswith("activate Forest#")]) == 2
    g.act("activate Forest")
    tapped = {f["id"]: f["tapped"] for f in permanents(g, "Forest")}
    low = min(f["id"] for f in forests)
    assert tapped[low] is True and tapped[max(tapped)] is False


def test_a_failing_step_in_a_line_says_which_step_failed():
    g = scenario(TWO_FORESTS_AND_A_MONOLITH)
    with pytest.raises(IllegalActionError) as e:
        g.run_line(["activate Sol Ring", "cast Chaos Orb"])
    assert "step 2" in str(e.value) and "no legal action matches" in str(e.value)
