"""Choices made as a permanent enters (CR 614.12) and what uses them, and player rules, through
real cards compiled from their Oracle text (templates/chosen.py, engine/chosen.py)."""

from __future__ import annotations

from mtg_env.cards import card_status
from mtg_env.cards.compiler.coverage import coverage
from mtg_env.cards.database import lookup
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario


def _pt(g, name: str) -> tuple[int, int]:
    p = permanent(g, name)
    return p["power"], p["toughness"]


def test_cr_614_12_thriving_land_chooses_a_color_other_than_its_own_thriving_grove():
    """Thriving Grove: "As ~ enters, choose a color other than green." "{T}: Add {G} or one
    mana of the chosen color." (CR 614.12: the choice is made as it enters, however it enters)."""
    _compiled("Thriving Grove", "Thriving Heath", "Thriving Isle", "Thriving Moor", "Thriving Bluff")
    g = scenario("""
turn: 2
players:
  - hand: [Thriving Grove]
""")
    g.act("play Thriving Grove")
    assert labels(g) == ["color W", "color U", "color B", "color R"]  # not green
    g.act("color U")
    assert permanent(g, "Thriving Grove")["tapped"]  # "enters the battlefield tapped"
    g = scenario("""
players:
  - battlefield: [Thriving Grove]
""")
    grove = permanent(g, "Thriving Grove")["id"]
    g.objects[grove].info = {"chosen_color": "B"}
    g.invalidate()
    g.act("activate Thriving Grove: {T}: Add {G} or one mana of the chosen color.")
    assert labels(g) == ["color B", "color G"]
    g.act("color B")
    assert player(g, "P1")["mana_pool"] == "{B}"


def test_cr_106_5_no_chosen_color_only_the_fixed_color_thriving_isle():
    """Thriving Isle put onto the battlefield without its choice (a copy made later, say): "one
    mana of the chosen color" is undefined and adds nothing (CR 106.5); {U} is still offered."""
    g = scenario("""
players:
  - battlefield: [Thriving Isle]
""")
    g.act("activate Thriving Isle: {T}: Add {U} or one mana of the chosen color.")
    assert player(g, "P1")["mana_pool"] == "{U}"


def test_cr_614_12_chosen_color_mana_coldsteel_heart():
    """Coldsteel Heart: "As ~ enters, choose a color." "{T}: Add one mana of the chosen color." """
    _compiled("Coldsteel Heart")
    g = scenario("""
players:
  - hand: [Coldsteel Heart]
    mana_pool: "{C}{C}"
""")
    g.act("cast Coldsteel Heart")
    g.act("pass")
    assert labels(g) == ["color W", "color U", "color B", "color R", "color G"]
    g.act("color R")
    heart = permanent(g, "Coldsteel Heart")
    assert heart["tapped"]
    g.objects[heart["id"]].tapped = False
    g.invalidate()
    g.act("activate Coldsteel Heart: {T}: Add one mana of the chosen color.")
    assert player(g, "P1")["mana_pool"] == "{R}"


def test_cr_613_1d_chosen_creature_type_in_two_questions_adaptive_automaton():
    """Adaptive Automaton: "As ~ enters, choose a creature type." "~ is the chosen type in
    addition to its other types." "Other creatures you control of the chosen type get +1/+1."
    Any creature type may be chosen (CR 205.3m): first its letter, then the type."""
    _compiled("Adaptive Automaton")
    g = scenario("""
players:
  - hand: [Adaptive Automaton]
    mana_pool: "{C}{C}{C}"
    battlefield: [Llanowar Elves, Grizzly Bears]
  - battlefield: [Elvish Mystic]
""")
    g.act("cast Adaptive Automaton")
    g.act("pass")
    letters = labels(g)
    assert letters[0] == "creature types A..." and "creature types E..." in letters and len(letters) <= 26
    g.act("creature types E...")
    assert "choose Elf" in labels(g) and "choose Goblin" not in labels(g)
    g.act("choose Elf")
    assert _pt(g, "Llanowar Elves") == (2, 2)   # another Elf you control
    assert _pt(g, "Grizzly Bears") == (2, 2)    # a Bear: unchanged
    assert _pt(g, "Elvish Mystic") == (1, 1)    # not yours
    assert _pt(g, "Adaptive Automaton") == (2, 2)  # "other"
    auto = permanent(g, "Adaptive Automaton")["id"]
    assert g.chars(auto).subtypes == ("Construct", "Elf")


def test_cr_707_2_a_copy_makes_the_copied_creatures_choice_clone_quirion_elves():
    """Clone entering as a copy of Quirion Elves ("As ~ enters, choose a color." "{T}: Add one
    mana of the chosen color.") has that replacement effect too, and its controller makes the
    choice for it (CR 707.2, 614.12): the original's choice is not copied."""
    _compiled("Quirion Elves")
    g = scenario("""
players:
  - hand: [Clone]
    mana_pool: "{U}{C}{C}{C}"
    battlefield: [Quirion Elves]
""")
    elves = permanent(g, "Quirion Elves")["id"]
    g.objects[elves].info = {"chosen_color": "G"}
    g.act("cast Clone")
    g.act("pass")
    g.act("copy Quirion Elves")
    assert labels(g) == ["choose white", "choose blue", "choose black", "choose red", "choose green"]
    g.act("choose blue")
    copy = next(p["id"] for p in permanents(g, "Quirion Elves") if p["id"] != elves)
    assert g.objects[copy].info["chosen_color"] == "U"
    assert g.objects[elves].info["chosen_color"] == "G"


def test_cr_613_4c_creatures_you_control_of_the_chosen_color_hall_of_triumph():
    """Hall of Triumph: "Creatures you control of the chosen color get +1/+1." """
    _compiled("Hall of Triumph")
    g = scenario("""
players:
  - hand: [Hall of Triumph]
    mana_pool: "{C}{C}{C}"
    battlefield: [Llanowar Elves, Grizzly Bears, Raging Goblin]
  - battlefield: [Elvish Mystic]
""")
    g.act("cast Hall of Triumph")
    g.act("pass")
    g.act("color G")
    assert _pt(g, "Llanowar Elves") == (2, 2)
    assert _pt(g, "Grizzly Bears") == (3, 3)
    assert _pt(g, "Raging Goblin") == (1, 1)
    assert _pt(g, "Elvish Mystic") == (1, 1)


def test_cr_402_2_no_maximum_hand_size_reliquary_tower():
    """Reliquary Tower: "You have no maximum hand size." Its controller doesn't discard in the
    cleanup step (CR 514.1); without it they do."""
    _compiled("Reliquary Tower", "Thought Vessel")
    hand = "[Forest, Forest, Mountain, Island, Lightning Bolt, Shock, Sol Ring, Memnite]"
    g = scenario(f"""
step: end
players:
  - library: [Island, Island]
    hand: {hand}
    battlefield: [Reliquary Tower]
  - library: [Island, Island]
""")
    g.act("pass")
    assert g.decision.kind == "priority" and not any(lab.startswith("discard") for lab in labels(g))
    assert len(g.players[0].hand) == 8
    g = scenario(f"""
step: end
players:
  - library: [Island, Island]
    hand: {hand}
  - library: [Island, Island]
    battlefield: [Reliquary Tower]
""")
    g.act("pass")
    assert "discard Mountain" in labels(g)  # the opponent's Tower: not this player's rule


def test_cr_402_2_each_opponents_maximum_hand_size_reduced_by_seven_jin_gitaxias():
    """Jin-Gitaxias, Core Augur: "Each opponent's maximum hand size is reduced by seven." The
    opponent's maximum is zero: in their cleanup step they discard their whole hand, one card at a
    time (CR 514.1); its controller keeps seven."""
    _compiled("Jin-Gitaxias, Core Augur")
    g = scenario("""
step: end
players:
  - library: [Island, Island]
    hand: [Forest, Shock]
  - library: [Island, Island]
    battlefield: ["Jin-Gitaxias, Core Augur"]
""")
    g.act("pass")
    assert sorted(labels(g)) == ["discard Forest", "discard Shock"]
    assert "discards down to 0 cards" in g.decision.prompt
    g.act("discard Shock")
    g.act("discard Forest")
    assert g.players[0].hand == []
    g = scenario("""
step: end
players:
  - library: [Island, Island]
    hand: [Forest, Shock, Island, Island, Island, Island, Island]
    battlefield: ["Jin-Gitaxias, Core Augur"]
  - library: [Island, Island]
""")
    g.act("pass")
    assert not any(lab.startswith("discard") for lab in labels(g))  # its controller: seven
    assert len(g.players[0].hand) == 7


def test_cr_402_2_your_maximum_hand_size_increased_and_reduced():
    """"Your maximum hand size is increased by N" / "reduced by N" change only their controller's
    maximum, and add up with the normal seven (CR 402.2)."""
    from mtg_env.engine.turns import maximum_hand_size
    g = scenario("""
players:
  - battlefield: ["Jin-Gitaxias, Core Augur", "Jin-Gitaxias, Core Augur"]
""")
    assert maximum_hand_size(g, 1) == 0  # -14 is zero
    assert maximum_hand_size(g, 0) == 7
    _compiled("Minamo Scrollkeeper", "Thought Devourer", "Gnat Miser", "Locust Miser")
    g = scenario("""
players:
  - battlefield: [Minamo Scrollkeeper, Thought Devourer, Gnat Miser]
  - battlefield: [Minamo Scrollkeeper]
""")
    assert maximum_hand_size(g, 0) == 7 + 1 - 4
    assert maximum_hand_size(g, 1) == 7 + 1 - 1


def test_declined_two_as_enters_lines_temple_of_the_dragon_queen():
    """Temple of the Dragon Queen has two "As ~ enters" lines; the engine asks one choice a
    permanent: declined."""
    st = card_status("Temple of the Dragon Queen")
    assert not st.supported
    assert "As ~ enters, choose a color" in st.reasons


def test_every_supported_card_that_uses_a_choice_makes_it_as_it_enters():
    """"the chosen color" / "the chosen type" are read only on cards that choose it as they
    enter (else the filters would match nothing, silently)."""
    cov = coverage()
    for name, c in cov.cards.items():
        if not c.supported or c.source != "compiled":
            continue
        oc = lookup(name)
        assert oc is not None
        text = oc.oracle_text.lower()
        for word, choice in (("chosen color", "choose a color"), ("chosen type", "choose a creature type")):
            if word in text:
                # or chosen as it resolves ("Choose a creature type. Destroy all creatures that
                # aren't of the chosen type.": effects/chosen_type.py, read by the effect itself)
                assert choice in text and ("enters" in text or _chooses_on_resolution(name)), name


def _chooses_on_resolution(name: str) -> bool:
    from mtg_env.cards.compiler import compiled
    from mtg_env.cards.effects.chosen_type import ChooseCreatureType
    got = compiled(name)
    assert got is not None and got.card is not None
    return any(isinstance(e, ChooseCreatureType) for ab in got.card.abilities
               for e in getattr(ab, "effects", ()))


def test_cr_601_2i_cast_trigger_of_the_chosen_color_diamond_mare():
    """Diamond Mare: "Whenever you cast a spell of the chosen color, you gain 1 life." A spell
    of another color doesn't trigger it."""
    _compiled("Diamond Mare")
    g = scenario("""
players:
  - hand: [Lightning Bolt, Giant Growth]
    mana_pool: "{R}{G}"
    battlefield: [Diamond Mare]
  - battlefield: [Grizzly Bears]
""")
    mare = permanent(g, "Diamond Mare")["id"]
    g.objects[mare].info = {"chosen_color": "G"}
    g.invalidate()
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert len(g.stack) == 1  # red: no trigger
    g.run_line(["cast Giant Growth", "target Grizzly Bears"])
    assert len(g.stack) == 3  # green: the trigger is on the stack above it
    g.act("pass")
    assert player(g, "P1")["life"] == 21


def test_cr_613_4c_all_creatures_of_the_chosen_type_engineered_plague():
    """Engineered Plague: "All creatures of the chosen type get -1/-1." (both players')."""
    _compiled("Engineered Plague")
    g = scenario("""
players:
  - hand: [Engineered Plague]
    mana_pool: "{B}{C}{C}"
    battlefield: [Llanowar Elves, Grizzly Bears]
  - battlefield: [Elvish Mystic, Raging Goblin]
""")
    g.run_line(["cast Engineered Plague", "pass", "creature types E...", "choose Elf"])
    assert not permanents(g, "Llanowar Elves")
    assert not permanents(g, "Elvish Mystic")  # 0/0: put into the graveyard (CR 704.5f)
    assert _pt(g, "Grizzly Bears") == (2, 2) and _pt(g, "Raging Goblin") == (1, 1)


def test_cr_702_131b_ascend_on_a_permanent_arch_of_orazca():
    """Arch of Orazca: "Ascend" (on a permanent: its controller gets the city's blessing as soon
    as they control ten permanents, CR 702.131b) and "{5}, {T}: Draw a card. Activate only if
    you have the city's blessing." The blessing stays (CR 702.131c)."""
    _compiled("Arch of Orazca")
    g = scenario("""
players:
  - hand: [Forest]
    library: [Island]
    mana_pool: "{C}{C}{C}{C}{C}"
    battlefield: [Arch of Orazca, Plains, Plains, Plains, Plains, Plains, Plains, Plains, Plains]
  - battlefield: [Island, Island, Island, Island, Island, Island, Island, Island, Island, Island]
""")
    draw = "activate Arch of Orazca: {5}, {T}: Draw a card. Activate only if you have the city's blessing."
    assert draw not in labels(g) and "city_blessing" not in player(g, "P1")
    g.act("play Forest")  # the tenth permanent
    assert player(g, "P1")["city_blessing"] is True
    assert "city_blessing" not in player(g, "P2")  # ten permanents, but no ascend
    assert draw in labels(g)
    forest = permanent(g, "Forest")["id"]
    g.move_to_zone(forest, "graveyard")
    assert player(g, "P1")["city_blessing"] is True  # for the rest of the game


def test_cr_702_131c_as_long_as_you_have_the_citys_blessing_tendershoot_dryad():
    """Tendershoot Dryad: "Saprolings you control get +2/+2 as long as you have the city's
    blessing." """
    _compiled("Tendershoot Dryad")
    g = scenario("""
players:
  - library: [Island, Island]
    battlefield: [Tendershoot Dryad, Plains, Plains, Plains, Plains, Plains, Plains, Plains]
  - library: [Island, Island]
""")
    pass_until(g, "upkeep", turn=2)
    g.act("pass")  # each upkeep: the opponent's too
    assert _pt(g, "Saproling Token") == (1, 1)  # nine permanents
    pass_until(g, "upkeep", turn=3)
    g.act("pass")
    assert player(g, "P1")["city_blessing"] is True  # the second token was the tenth
    assert [(p["power"], p["toughness"]) for p in permanents(g, "Saproling Token")] == [(3, 3), (3, 3)]


# ---------------------------------------------------------------------------------------------
# partner (CR 702.124)


def _partner_deck(tmp_path, name: str, commanders: list[str], basic: str = "Forest") -> str:
    from tests.helpers import write_deck
    text = "Commander\n" + "".join(f"1 {c}\n" for c in commanders) + f"\nDeck\n{100 - len(commanders)} {basic}\n"
    return write_deck(tmp_path, name, text)


def test_cr_702_124h_two_commanders_with_partner_kamahl_and_akiri(tmp_path):
    """Kamahl, Heart of Krosa and Akiri, Line-Slinger: "Partner" (CR 702.124h): both are the
    deck's commanders, in the command zone (CR 702.124b); the color identity is both's
    (CR 702.124c)."""
    from mtg_env import new_game
    _compiled("Kamahl, Heart of Krosa", "Akiri, Line-Slinger")
    deck = _partner_deck(tmp_path, "partners", ["Kamahl, Heart of Krosa", "Akiri, Line-Slinger"])
    other = _partner_deck(tmp_path, "other", ["Bruse Tarl, Boorish Herder"], "Mountain")
    g = new_game([deck, other], seed=1, format="commander")
    s = g.state_json()
    assert sorted(s["players"][0]["command"]) == ["Akiri, Line-Slinger", "Kamahl, Heart of Krosa"]
    assert s["players"][0]["library_count"] == 98 - 7
    assert g.commander.colors[0] == "WRG"


def test_cr_702_124_two_commanders_without_partner_is_an_error(tmp_path):
    """Two legendary creatures are commanders together only with a partner ability each
    (CR 702.124a); "partner" and "partner with" don't combine (CR 702.124f)."""
    import pytest

    from mtg_env import DeckError, new_game
    other = _partner_deck(tmp_path, "other", ["Bruse Tarl, Boorish Herder"], "Mountain")
    deck = _partner_deck(tmp_path, "no_partner", ["Kamahl, Heart of Krosa", "Craterhoof Behemoth"])
    with pytest.raises(DeckError) as e:
        new_game([deck, other], format="commander")
    assert "no_partner" in str(e.value) and "partner" in str(e.value)
    deck = _partner_deck(tmp_path, "mixed", ["Kamahl, Heart of Krosa", "Brallin, Skyshark Rider"])
    with pytest.raises(DeckError):
        new_game([deck, other], format="commander")


def test_cr_702_124i_partner_with_names_each_other_blaring_captain():
    """"Partner with Blaring Recruiter" / "Partner with Blaring Captain": each names the other
    (the deck rule, CR 702.124i); a card naming another card doesn't pair with a third."""
    from mtg_env.engine.formats import partners
    assert partners("Blaring Captain", "Blaring Recruiter")
    assert not partners("Blaring Captain", "Kamahl, Heart of Krosa")
    assert not partners("Kamahl, Heart of Krosa", "Kamahl, Heart of Krosa")


def test_cr_702_124i_partner_with_enters_trigger_searches_blaring_recruiter():
    """Blaring Recruiter: "Partner with Blaring Captain" is also "When this permanent enters,
    target player may search their library for a card named Blaring Captain, reveal it, put it
    into their hand, then shuffle." The target player chooses."""
    _compiled("Blaring Recruiter")
    g = scenario("""
players:
  - hand: [Blaring Recruiter]
    mana_pool: "{W}{C}{C}{C}"
    library: [Island, Island]
  - library: [Plains, Blaring Captain, Plains]
""")
    g.act("cast Blaring Recruiter")
    g.act("pass")  # it resolves; the trigger's target
    g.act("target P2")
    g.run_line(["pass"])
    assert g.decision.player == "P2"
    assert labels(g) == ["find Blaring Captain", "find nothing", "don't search"]
    g.act("find Blaring Captain")
    p2 = g.players[1]
    assert [g.objects[o].card.name for o in p2.hand] == ["Blaring Captain"]
    assert len(p2.library) == 2


# ---------------------------------------------------------------------------------------------
# the monarch (CR 724)


def test_cr_724_2_the_monarch_draws_at_their_end_step_palace_sentinels():
    """Palace Sentinels: "When ~ enters, you become the monarch." The monarch draws a card at
    the beginning of their end step (CR 724.2); the designation shows in their command zone."""
    _compiled("Palace Sentinels")
    g = scenario("""
players:
  - hand: [Palace Sentinels]
    mana_pool: "{W}{C}{C}{C}"
    library: [Island, Island, Island]
  - library: [Island, Island, Island]
""")
    g.run_line(["cast Palace Sentinels", "pass", "pass"])
    assert player(g, "P1")["command"] == ["The Monarch"]
    assert len(g.players[0].hand) == 0
    pass_until(g, "end", turn=1)
    g.act("pass")
    assert len(g.players[0].hand) == 1


def test_cr_724_2_combat_damage_to_the_monarch_takes_it():
    """"Whenever a creature deals combat damage to the monarch, its controller becomes the
    monarch." (CR 724.2); there is only one monarch (CR 724.3)."""
    from tests.compiler.test_templates_combat import attack, block
    g = scenario("""
players:
  - library: [Island, Island, Island]
    battlefield: [Grizzly Bears]
  - library: [Island, Island, Island]
""")
    g.become_monarch(1)
    assert player(g, "P2")["command"] == ["The Monarch"]
    attack(g, "Grizzly Bears")
    block(g)
    for _ in range(5):
        if player(g, "P1")["command"]:
            break
        g.act("pass")
    assert player(g, "P1")["command"] == ["The Monarch"] and player(g, "P2")["command"] == []
    assert player(g, "P2")["life"] == 18


def test_cr_603_4_if_youre_the_monarch_throne_warden():
    """Throne Warden: "At the beginning of your end step, if you're the monarch, put a +1/+1
    counter on ~." """
    _compiled("Throne Warden")
    for monarch, counters in ((0, {"+1/+1": 1}), (1, {})):
        g = scenario("""
players:
  - library: [Island, Island, Island]
    battlefield: [Throne Warden]
  - library: [Island, Island, Island]
""")
        g.become_monarch(monarch)
        for _ in range(20):
            if g.state_json()["step"] == "end" and g.decision.kind == "order":
                g.act(labels(g)[0])  # the monarch's draw and the Warden's trigger
            elif g.state_json()["step"] == "end" and not g.stack:
                break
            elif g.decision.kind == "attack":
                g.act("no attack")
            else:
                g.act("pass")
        assert permanent(g, "Throne Warden")["counters"] == counters


def test_cr_724_4_the_monarch_leaving_the_game_passes_it_on():
    """CR 724.4: the monarch leaves the game: the active player becomes the monarch; if it is
    the monarch's own turn, the next player in turn order."""
    from mtg_env.engine import sba
    three = """
format: duel
players:
  - library: [Island, Island, Island]
  - library: [Island, Island, Island]
  - library: [Island, Island, Island]
"""
    g = scenario(three)
    g.become_monarch(2)
    sba.leave_game(g, 2)
    assert player(g, "P1")["command"] == ["The Monarch"]
    g = scenario(three)
    g.become_monarch(0)
    sba.leave_game(g, 0)
    assert player(g, "P2")["command"] == ["The Monarch"]


def test_declined_the_chosen_kind_in_costs_and_targets_doom_cannon_pentarch_paladin():
    """"Sacrifice a creature of the chosen type" (a cost, judged without its source) and
    "Destroy target permanent of the chosen color" (a target judged again as it resolves, when
    the source and its choice may be gone): declined."""
    assert not card_status("Doom Cannon").supported
    assert not card_status("Pentarch Paladin").supported
    assert "Destroy target permanent of the chosen color" in card_status("Pentarch Paladin").reasons
