"""The compiler's planeswalker templates through real cards compiled from their Oracle text:
loyalty abilities (CR 606; the database writes their costs "[+1]", "[-2]", "[0]", "[-X]"),
printed loyalty (CR 306.5a), "~ can be your commander" (CR 903.3a), loyalty counters put by
effects (CR 122.1, 306.5c), and the wordings that must be declined."""

from __future__ import annotations

import pytest

from mtg_env import DeckError, new_game
from mtg_env.cards import card_status, get_card, temporary
from mtg_env.cards.abilities import Activated, CanBeCommander
from mtg_env.cards.compiler import compile_card
from mtg_env.cards.database import OracleCard, OracleFace
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, player, scenario, write_deck

CHANDRA = "Chandra, Novice Pyromancer"
KIORA = "Kiora, Behemoth Beckoner"


def _oracle(name: str, type_line: str, text: str, loyalty: str | None = "3", cost: str = "{2}{R}",
            colors: tuple[str, ...] = ("R",)) -> OracleCard:
    face = OracleFace(name, cost, type_line, text, loyalty=loyalty, colors=colors)
    return OracleCard(name, "normal", face, (face,), colors, 3.0)


def test_cr_606_4_loyalty_costs_as_printed_chandra_novice_pyromancer():
    """Chandra, Novice Pyromancer (loyalty 5): "[+1]: Elementals you control get +2/+0 until end
    of turn.", "[-1]: Add {R}{R}.", "[-2]: Chandra, Novice Pyromancer deals 2 damage to any
    target." The costs are loyalty symbols (CR 606.4); the label shows "+1:", "−2:" as printed."""
    _compiled(CHANDRA)
    cd = get_card(CHANDRA)
    assert cd.loyalty == 5
    acts = [a for a in cd.abilities if isinstance(a, Activated)]
    assert [a.cost.loyalty for a in acts] == [1, -1, -2]
    assert all(a.is_loyalty and not a.is_mana_ability for a in acts)
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}", {{card: Grizzly Bears}}]
  - life: 20
""")
    assert f"activate {CHANDRA}: \u22122: {CHANDRA} deals 2 damage to any target." in labels(g)
    g.run_line([f"activate {CHANDRA}: -2", "target P2", "pass"])
    assert permanent(g, CHANDRA)["loyalty"] == 3
    assert player(g, "P2")["life"] == 18


def test_cr_606_4_plus_ability_pumps_elementals_chandra_novice_pyromancer():
    """Chandra, Novice Pyromancer: "[+1]: Elementals you control get +2/+0 until end of turn."
    The cost puts a loyalty counter on her; the effect applies to Elementals only."""
    g = scenario(f"""
players:
  - battlefield: ["{CHANDRA}", Grizzly Bears, Air Elemental]
""")
    g.run_line([f"activate {CHANDRA}: +1", "pass"])
    assert permanent(g, CHANDRA)["loyalty"] == 6
    assert permanent(g, "Air Elemental")["power"] == 6
    assert permanent(g, "Grizzly Bears")["power"] == 2


def test_cr_606_loyalty_ability_with_a_target_and_a_trigger_kiora_behemoth_beckoner():
    """Kiora, Behemoth Beckoner (loyalty 7): "Whenever a creature with power 4 or greater enters
    the battlefield under your control, draw a card." and "[-1]: Untap target permanent." """
    _compiled(KIORA)
    g = scenario(f"""
players:
  - battlefield: ["{KIORA}", {{card: Forest, tapped: true}}]
""")
    g.run_line([f"activate {KIORA}: -1", "target Forest", "pass"])
    assert permanent(g, "Forest")["tapped"] is False
    assert permanent(g, KIORA)["loyalty"] == 6


def test_cr_606_4_minus_x_loyalty_cost_chooses_x_up_to_the_loyalty():
    """A "[-X]: ~ deals X damage to target creature." line (Chandra Nalaar's wording): X is
    chosen from 0 to the loyalty (CR 606.6), then X loyalty counters are removed (CR 606.4)."""
    oc = _oracle("Test Nalaar", "Legendary Planeswalker — Chandra",
                 "[-X]: Test Nalaar deals X damage to target creature.", loyalty="4")
    got = compile_card(oc)
    assert got.supported, got.reasons
    ab = got.card.abilities[0]
    assert ab.text == "\u2212X: Test Nalaar deals X damage to target creature."
    assert ab.cost.loyalty_x
    with temporary(got.card):
        g = scenario("""
players:
  - battlefield: [Test Nalaar]
  - battlefield: [Craw Wurm]
""")
        g.act("activate Test Nalaar: -X")
        assert [a for a in labels(g) if a.startswith("x ")] == ["x 0", "x 1", "x 2", "x 3", "x 4"]
        g.run_line(["x 3", "target Craw Wurm"])
        assert permanent(g, "Test Nalaar")["loyalty"] == 1
        g.act("pass")
        assert permanent(g, "Craw Wurm")["damage"] == 3


def test_cr_122_1_put_loyalty_counters_on_target_planeswalker():
    """"Put two loyalty counters on target planeswalker." (the loyalty counters Settle the
    Score-like effects put, CR 122.1): the planeswalker's loyalty goes up (CR 306.5c)."""
    oc = _oracle("Test Oath", "Instant", "Put two loyalty counters on target planeswalker.", loyalty=None)
    got = compile_card(oc)
    assert got.supported, got.reasons
    with temporary(got.card):
        g = scenario(f"""
players:
  - mana_pool: "{{R}}{{C}}{{C}}"
    hand: [Test Oath]
    battlefield: ["{KIORA}"]
""")
        g.run_line(["cast Test Oath", f"target {KIORA}", "pass"])
        assert permanent(g, KIORA)["loyalty"] == 9


def _savant() -> OracleCard:
    return _oracle("Test Savant", "Legendary Planeswalker — Daretti",
                   "[+1]: You gain 1 life.\nTest Savant can be your commander.")


def test_cr_903_3a_can_be_your_commander_is_read_and_the_deck_check_accepts_it(tmp_path):
    """Daretti, Scrap Savant's wording: "Daretti, Scrap Savant can be your commander." (CR 903.3a):
    a planeswalker that may be a Commander deck's commander."""
    got = compile_card(_savant())
    assert got.supported, got.reasons
    assert isinstance(got.card.abilities[1], CanBeCommander)
    plain = compile_card(_oracle("Test Walker", "Legendary Planeswalker — Daretti", "[+1]: You gain 1 life."))
    assert plain.supported
    with temporary(got.card, plain.card):
        other = write_deck(tmp_path, "other", "Commander\n1 Test Walker\nDeck\n99 Mountain\n")
        ok = write_deck(tmp_path, "ok", "Commander\n1 Test Savant\nDeck\n99 Mountain\n")
        with pytest.raises(DeckError) as e:
            new_game([other, ok], format="commander")
        assert "Test Walker" in str(e.value) and "legendary creature" in str(e.value)
        g = new_game([ok, ok], format="commander", seed=1)
        assert "Test Savant" in player(g, "P1")["command"]


@pytest.mark.parametrize("name, reason", [
    ("Nissa, Steward of Elements", "loyalty X"),   # loyalty X: the mana paid (CR 107.3m)
    ("B.O.B. (Bevy of Beebles)", "loyalty *"),     # a characteristic-defining loyalty
])
def test_declined_loyalty_that_is_not_a_number(name: str, reason: str):
    st = card_status(name)
    assert not st.supported and reason in st.reasons


def test_declined_a_loyalty_ability_whose_effect_no_template_reads():
    """Ajani, Caller of the Pride: "[-8]: Create X 2/2 white Cat creature tokens, where X is your
    life total." — the card stays unsupported as a whole, naming the phrase; its other loyalty
    abilities compile. (Jace Beleren's "[-10]: Target player mills twenty cards." now compiles.)"""
    st = card_status("Ajani, Caller of the Pride")
    assert not st.supported and st.reasons == ["Create X 2/2 white Cat creature tokens, where X is your life total"]
    assert card_status("Jace Beleren").supported


# ---------------------------------------------------------------------------------------------
# emblems (CR 114)


def test_cr_114_emblem_with_a_triggered_ability_chandra_awakened_inferno():
    """Chandra, Awakened Inferno's "[+2]: Each opponent gets an emblem with "At the beginning of
    your upkeep, this emblem deals 1 damage to you."" (CR 114.1-2: each opponent owns one in
    their command zone; CR 114.4: its ability functions there). Chandra's other lines need
    other families, so the line is compiled on a card of its own."""
    line = ('[+2]: Each opponent gets an emblem with "At the beginning of your upkeep, this emblem '
            'deals 1 damage to you."')
    got = compile_card(_oracle("Test Inferno", "Legendary Planeswalker — Chandra", line, loyalty="6"))
    assert got.supported, got.reasons
    with temporary(got.card):
        g = scenario("""
format: duel
players:
  - battlefield: [Test Inferno]
    library: [Forest, Forest]
  - library: [Forest, Forest]
""")
        g.run_line(["activate Test Inferno: +2", "pass", "pass"])
        assert player(g, "P2")["command"] == ["Test Inferno emblem"]
        assert player(g, "P1")["command"] == []
        assert permanent(g, "Test Inferno")["loyalty"] == 8
        import pickle
        g2 = pickle.loads(pickle.dumps(g))  # an emblem pickles as its card and text
        for game in (g, g2):
            for _ in range(40):
                s = game.state_json()
                if s["turn"] == 2 and s["step"] == "draw":
                    break
                game.act("pass")
            assert player(game, "P2")["life"] == 19  # P2's upkeep: the emblem dealt 1 damage
            assert player(game, "P1")["life"] == 20
            assert any("Test Inferno emblem deals 1 damage to P2" in ln for ln in game.log)


def test_cr_114_4_emblem_with_a_static_ability_gideon_ally_of_zendikar():
    """Gideon, Ally of Zendikar's "[-4]: You get an emblem with "Creatures you control get
    +1/+1."" (CR 114.4, 613.4c): the emblem's anthem applies to creatures its owner controls,
    also those that come later, and not to the opponent's."""
    line = '[-4]: You get an emblem with "Creatures you control get +1/+1."'
    got = compile_card(_oracle("Test Ally", "Legendary Planeswalker — Gideon", line, loyalty="4", cost="{2}{W}{W}",
                               colors=("W",)))
    assert got.supported, got.reasons
    with temporary(got.card):
        g = scenario("""
players:
  - battlefield: [Test Ally, Grizzly Bears]
    hand: [Llanowar Elves]
    mana_pool: "{G}"
  - battlefield: [Craw Wurm]
""")
        g.run_line(["activate Test Ally: -4", "pass"])
        assert player(g, "P1")["graveyard"] == ["Test Ally"]  # loyalty 0 (CR 704.5i)
        assert player(g, "P1")["command"] == ["Test Ally emblem"]
        assert permanent(g, "Grizzly Bears")["power"] == 3
        assert permanent(g, "Craw Wurm")["power"] == 6
        g.run_line(["cast Llanowar Elves", "pass"])
        assert permanent(g, "Llanowar Elves")["toughness"] == 2
        assert "cast Test Ally emblem" not in " ".join(labels(g))  # an emblem is no card to cast


def test_declined_emblem_whose_ability_no_template_reads():
    """Jace, Unraveler of Secrets: "[-8]: You get an emblem with "Whenever an opponent casts
    their first spell each turn, counter that spell."" — a trigger no template reads: the card
    is unsupported."""
    st = card_status("Jace, Unraveler of Secrets")
    assert not st.supported and any("emblem" in r for r in st.reasons)


# ---------------------------------------------------------------------------------------------
# "up to one target" (CR 601.2c, 115.1d): planeswalkers' loyalty abilities often target "up to
# one" creature; zero targets may be chosen, and then that part does nothing


def test_cr_601_2c_up_to_one_target_may_be_none_ajani_inspiring_leader():
    """Ajani, Inspiring Leader's "[+2]: You gain 2 life. Put two +1/+1 counters on up to one
    target creature." (on a card of its own: Ajani's "-3" is declined, see below). With no target
    chosen the ability still resolves (it has no targets to be illegal, CR 608.2b); with one,
    the counters go on it."""
    line = "[+2]: You gain 2 life. Put two +1/+1 counters on up to one target creature."
    got = compile_card(_oracle("Test Leader", "Legendary Planeswalker — Ajani", line, loyalty="5",
                               cost="{4}{W}{W}", colors=("W",)))
    assert got.supported, got.reasons
    with temporary(got.card):
        g = scenario("""
players:
  - battlefield: [Test Leader, Grizzly Bears]
""")
        g.act("activate Test Leader: +2")
        assert sorted(labels(g)) == ["done choosing targets", "target Grizzly Bears"]
        g.run_line(["done choosing targets", "pass"])
        assert player(g, "P1")["life"] == 22
        assert permanent(g, "Grizzly Bears")["counters"] == {}
        assert permanent(g, "Test Leader")["loyalty"] == 7
        g = scenario("""
players:
  - battlefield: [Test Leader, Grizzly Bears]
""")
        g.run_line(["activate Test Leader: +2", "target Grizzly Bears", "pass"])
        assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 2}
        assert player(g, "P1")["life"] == 22


def test_cr_601_2c_up_to_one_target_after_another_target_essence_capture():
    """Essence Capture: "Counter target creature spell. Put a +1/+1 counter on up to one target
    creature you control." The up-to target comes last, so it may be left out."""
    _compiled("Essence Capture")
    for extra, counters in (["done choosing targets"], {}), (["target Craw Wurm"], {"+1/+1": 1}):
        g = scenario("""
format: duel
players:
  - hand: [Grizzly Bears]
    mana_pool: "{G}{G}"
  - hand: [Essence Capture]
    mana_pool: "{U}{U}"
    battlefield: [Craw Wurm]
""")
        g.run_line(["cast Grizzly Bears", "pass", "cast Essence Capture", "target Grizzly Bears", *extra,
                    "pass", "pass"])
        assert player(g, "P1")["graveyard"] == ["Grizzly Bears"]
        assert permanent(g, "Craw Wurm")["counters"] == counters


def test_declined_a_target_after_an_up_to_one_target():
    """"Tap up to one target creature. Destroy target artifact.": with none chosen for the first,
    the second target's place isn't known: declined."""
    got = compile_card(_oracle("Test Tapper", "Instant", "Tap up to one target creature. Destroy target artifact.",
                               loyalty=None))
    assert not got.supported


def test_cr_114_emblem_with_two_abilities():
    """Tamiyo, the Moon Sage's form: "You get an emblem with "<a>" and "<b>"." — both quoted
    texts are abilities of the one emblem (here two anthems, each read as a static ability)."""
    line = '[-8]: You get an emblem with "Creatures you control get +1/+1" and "Creatures you control have flying."'
    got = compile_card(_oracle("Test Sage", "Legendary Planeswalker — Tamiyo", line, loyalty="8"))
    assert got.supported, got.reasons
    emblem = got.card.abilities[0].effects[0].emblem
    assert [a.text for a in emblem.abilities] == ["Creatures you control get +1/+1.",
                                                   "Creatures you control have flying."]
    with temporary(got.card):
        g = scenario("""
players:
  - battlefield: [Test Sage, Grizzly Bears]
""")
        g.run_line(["activate Test Sage: -8", "pass"])
        assert player(g, "P1")["command"] == ["Test Sage emblem"]
        assert permanent(g, "Grizzly Bears")["power"] == 3
        assert g.clone().state_json() == g.state_json()


# ---------------------------------------------------------------------------------------------
# wordings of planeswalkers' abilities


def test_cr_120_3_damage_to_target_player_and_each_creature_and_planeswalker_chandra_bold_pyromancer():
    """Chandra, Bold Pyromancer (loyalty 5): "[-7]: Chandra, Bold Pyromancer deals 10 damage to
    target player and each creature and planeswalker they control." Only the player is
    targeted (the rulings): P2's creatures and planeswalkers are dealt damage, P1's are not."""
    _compiled("Chandra, Bold Pyromancer")
    g = scenario(f"""
players:
  - battlefield: [{{card: "Chandra, Bold Pyromancer", counters: {{loyalty: 8}}}}, Grizzly Bears]
  - battlefield: [Craw Wurm, "{KIORA}", Forest]
""")
    g.run_line(["activate Chandra, Bold Pyromancer: -7", "target P2", "pass"])
    assert player(g, "P2")["life"] == 10
    assert sorted(player(g, "P2")["graveyard"]) == sorted(["Craw Wurm", KIORA])
    assert permanent(g, "Grizzly Bears")["damage"] == 0
    assert permanent(g, "Chandra, Bold Pyromancer")["loyalty"] == 1
    g = scenario("""
players:
  - battlefield: ["Chandra, Bold Pyromancer"]
""")
    g.act("activate Chandra, Bold Pyromancer: +1")
    assert sorted(labels(g)) == ["target P1", "target P2"]  # "target player" only (the rulings)


def test_cr_122_1_two_kinds_of_counters_ajani_the_greathearted():
    """Ajani, the Greathearted (loyalty 5): "[-2]: Put a +1/+1 counter on each creature you
    control and a loyalty counter on each other planeswalker you control." and the static
    "Creatures you control have vigilance." """
    _compiled("Ajani, the Greathearted")
    g = scenario(f"""
players:
  - battlefield: ["Ajani, the Greathearted", "{KIORA}", Grizzly Bears]
  - battlefield: [Craw Wurm]
""")
    g.run_line(["activate Ajani, the Greathearted: -2", "pass"])
    assert permanent(g, "Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert permanent(g, "Craw Wurm")["counters"] == {}
    assert permanent(g, KIORA)["loyalty"] == 8
    assert permanent(g, "Ajani, the Greathearted")["loyalty"] == 3  # not "other": no counter


@pytest.mark.parametrize("name", ["Ajani, Inspiring Leader", "Hideous End", "Vapor Snag", "Nature's Claim"])
def test_cr_608_2h_its_controller_after_it_left_the_battlefield(name: str):
    """Ajani, Inspiring Leader's "[-3]: Exile target creature. Its controller gains 2 life.",
    Hideous End's "Destroy target nonblack creature. Its controller loses 2 life.": "its
    controller" is the controller the object last had on the battlefield (CR 608.2h, 400.7):
    read as `LastControllerOf` the ability's only target (tests/compiler/test_templates_misc.py
    plays them)."""
    st = card_status(name)
    assert st.supported, st
