"""The library and graveyard templates (scry, surveil, mill, searching, cycling, returning cards
from a graveyard), each through real cards compiled from their Oracle text: the Oracle line and
the rule it follows in each docstring."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, player, scenario


def test_cr_701_22a_scry_bottom_in_order_and_top_in_any_order_foresee():
    """Foresee: "Scry 4, then draw two cards." (CR 701.22a: any number on the bottom in any
    order, the rest on top in any order)"""
    _compiled("Foresee")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{U}"
    hand: [Foresee]
    library: [Island, Forest, Mountain, Plains, Swamp]
""")
    g.run_line(["cast Foresee", "pass"])
    # only the four cards looked at are offered, and keeping them all
    assert set(labels(g)) == {"put Island on the bottom", "put Forest on the bottom",
                              "put Mountain on the bottom", "put Plains on the bottom",
                              "put them all on top"}
    g.run_line(["put Forest on the bottom", "put Plains on the bottom", "put the rest on top"])
    assert set(labels(g)) == {"put Island first (on top)", "put Mountain first (on top)"}
    g.act("put Mountain first (on top)")
    assert sorted(player(g, "P1")["hand"]) == ["Island", "Mountain"]
    assert player(g, "P1")["library_count"] == 3
    assert any("scries 4: 2 on top, 2 on the bottom" in line for line in g.log)


def test_cr_701_22a_scry_everything_to_the_bottom_opt():
    """Opt: "Scry 1. Draw a card." The scried card on the bottom, the next card is drawn."""
    _compiled("Opt")
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Opt]
    library: [Island, Forest]
""")
    g.run_line(["cast Opt", "pass", "put Island on the bottom"])
    assert player(g, "P1")["hand"] == ["Forest"]


def test_cr_701_22b_scry_with_an_empty_library_asks_nothing_opt():
    """Opt with no cards in the library: nothing to look at, no choice (then the draw fails,
    CR 704.5b, checked later)."""
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Opt]
    library: []
""")
    g.run_line(["cast Opt", "pass"])
    assert g.decision is None or g.decision.kind != "choose"


def test_cr_701_22a_identical_cards_are_one_choice_augury_owl():
    """Augury Owl: "When ~ enters, scry 3." Two Islands are one choice each time."""
    _compiled("Augury Owl")
    g = scenario("""
players:
  - mana_pool: "{C}{U}"
    hand: [Augury Owl]
    library: [Island, Island, Forest]
""")
    g.run_line(["cast Augury Owl", "pass", "pass"])
    assert set(labels(g)) == {"put Island on the bottom", "put Forest on the bottom", "put them all on top"}
    g.act("put Forest on the bottom")
    g.act("put the rest on top")  # two Islands left: their order doesn't matter, no choice
    assert g.decision is not None and g.decision.kind == "priority"


def test_cr_701_25a_surveil_into_the_graveyard_the_rest_on_top_notion_rain():
    """Notion Rain: "Surveil 2, then draw two cards. Notion Rain deals 2 damage to you." """
    _compiled("Notion Rain")
    g = scenario("""
players:
  - mana_pool: "{C}{U}{B}"
    hand: [Notion Rain]
    library: [Island, Forest, Mountain, Plains]
""")
    g.run_line(["cast Notion Rain", "pass"])
    assert "put Island into your graveyard" in labels(g)
    g.run_line(["put Island into your graveyard", "put the rest on top"])
    s = player(g, "P1")
    assert s["graveyard"] == ["Island", "Notion Rain"]
    assert sorted(s["hand"]) == ["Forest", "Mountain"]
    assert s["life"] == 18


def test_cr_701_17a_target_player_mills_thought_scour():
    """Thought Scour: "Target player mills two cards. Draw a card." """
    _compiled("Thought Scour")
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Thought Scour]
    library: [Island, Forest, Mountain]
  - library: [Plains, Swamp, Forest]
""")
    g.run_line(["cast Thought Scour", "target P2", "pass"])
    assert player(g, "P2")["graveyard"] == ["Plains", "Swamp"]
    assert player(g, "P2")["library_count"] == 1
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_701_17b_mill_as_many_as_possible_glimpse_the_unthinkable():
    """Glimpse the Unthinkable: "Target player mills ten cards." With two cards, both are
    milled (CR 701.17b)."""
    _compiled("Glimpse the Unthinkable")
    g = scenario("""
players:
  - mana_pool: "{U}{B}"
    hand: [Glimpse the Unthinkable]
  - library: [Plains, Swamp]
""")
    g.run_line(["cast Glimpse the Unthinkable", "target P2", "pass"])
    assert player(g, "P2")["graveyard"] == ["Plains", "Swamp"]
    assert player(g, "P2")["library_count"] == 0


def test_cr_702_29a_cycling_from_the_hand_draws_angel_of_the_god_pharaoh():
    """Angel of the God-Pharaoh: "Cycling {2} ({2}, Discard this card: Draw a card.)" Activated
    only from the hand (CR 702.29a): the card is discarded as a cost, then its controller draws."""
    _compiled("Angel of the God-Pharaoh")
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    hand: [Angel of the God-Pharaoh]
    library: [Island]
""")
    cyc = "activate Angel of the God-Pharaoh: Cycling {2} ({2}, Discard this card: Draw a card.)"
    assert cyc in labels(g)
    g.act(cyc)
    assert player(g, "P1")["graveyard"] == ["Angel of the God-Pharaoh"]  # discarded as the cost
    assert player(g, "P1")["hand"] == []
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_702_29a_no_cycling_on_the_battlefield_or_without_the_mana_angel_of_the_god_pharaoh():
    """Cycling functions only while the card is in a hand (CR 702.29a, b); its cost must be
    payable (CR 602.2b)."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Angel of the God-Pharaoh]
""")
    assert not any("Cycling" in lab for lab in labels(g))
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Angel of the God-Pharaoh]
""")
    assert not any("Cycling" in lab for lab in labels(g))


def test_cr_702_29c_when_you_cycle_triggers_from_the_graveyard_renewed_faith():
    """Renewed Faith: "Cycling {1}{W}" and "When you cycle ~, you may gain 2 life." The trigger
    works from the graveyard the card went to (CR 702.29c) and resolves before the draw."""
    _compiled("Renewed Faith")
    g = scenario("""
players:
  - mana_pool: "{C}{W}"
    hand: [Renewed Faith]
    library: [Island]
""")
    g.act("activate Renewed Faith: Cycling")
    assert [s["text"][:14] for s in g.state_json()["stack"]] == ["Cycling {1}{W}", "When you cycle"]
    g.run_line(["pass", "yes"])
    assert player(g, "P1")["life"] == 22 and player(g, "P1")["hand"] == []
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_702_29e_basic_landcycling_searches_for_a_basic_land_ash_barrens():
    """Ash Barrens: "Basic landcycling {1}" ("Search your library for a basic land card, reveal
    it, put it into your hand, then shuffle."); the player may find nothing (CR 701.23b)."""
    _compiled("Ash Barrens")
    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Ash Barrens]
    library: [Grizzly Bears, Forest, Island, Forest]
""")
    g.run_line(["activate Ash Barrens: Basic landcycling", "pass"])
    assert set(labels(g)) == {"find Forest", "find Island", "find nothing"}
    g.act("find Island")
    s = player(g, "P1")
    assert s["hand"] == ["Island"] and s["graveyard"] == ["Ash Barrens"] and s["library_count"] == 3


def test_cr_115_1_return_target_creature_card_from_your_graveyard_gravedigger():
    """Gravedigger: "When ~ enters, you may return target creature card from your graveyard to
    your hand." Only creature cards in its controller's graveyard are targets (CR 115.1)."""
    _compiled("Gravedigger")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{B}"
    hand: [Gravedigger]
    graveyard: [Grizzly Bears, Island, Llanowar Elves]
  - graveyard: [Goblin Piker]
""")
    g.run_line(["cast Gravedigger", "pass"])
    assert set(labels(g)) == {"target Grizzly Bears", "target Llanowar Elves"}
    g.run_line(["target Grizzly Bears", "pass", "yes"])
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]
    assert player(g, "P1")["graveyard"] == ["Island", "Llanowar Elves"]


def test_cr_608_2b_the_returned_card_must_still_be_in_the_graveyard_wildwood_rebirth():
    """Wildwood Rebirth (instant): "Return target creature card from your graveyard to your
    hand." A card that left the graveyard is a new object (CR 400.7): the second one doesn't
    resolve (CR 608.2b)."""
    _compiled("Wildwood Rebirth", "Raise Dead")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}{G}"
    hand: [Wildwood Rebirth, Wildwood Rebirth]
    graveyard: [Grizzly Bears]
""")
    g.run_line(["cast Wildwood Rebirth", "target Grizzly Bears", "cast Wildwood Rebirth",
                "target Grizzly Bears", "pass"])
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]
    g.act("pass")
    assert any("doesn't resolve" in line for line in g.log)
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]


def test_cr_110_2a_return_to_the_battlefield_and_its_enters_trigger_zombify():
    """Zombify: "Return target creature card from your graveyard to the battlefield." It enters
    under its owner's control; its enters ability triggers (CR 603.6a)."""
    _compiled("Zombify")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{B}"
    hand: [Zombify]
    graveyard: [Gravedigger, Grizzly Bears]
""")
    g.run_line(["cast Zombify", "target Gravedigger", "pass"])
    assert permanent(g, "Gravedigger")["controller"] == "P1"
    g.run_line(["target Grizzly Bears", "pass", "yes"])
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]


def test_cr_406_3_exile_target_card_from_a_graveyard_any_graveyard():
    """"Exile target card from a graveyard." reads a card in any graveyard (Cremate: "Exile
    target card from a graveyard. Draw a card.")"""
    _compiled("Cremate")
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Cremate]
    library: [Island]
  - graveyard: [Grizzly Bears]
""")
    g.run_line(["cast Cremate", "target Grizzly Bears", "pass"])
    assert player(g, "P2")["graveyard"] == [] and player(g, "P2")["exile"][0]["card"] == "Grizzly Bears"
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_701_23d_a_search_for_a_card_must_find_one_demonic_tutor():
    """Demonic Tutor: "Search your library for a card, put that card into your hand, then
    shuffle." A search for a quantity alone must find a card (CR 701.23d); the card isn't
    revealed (CR 701.23e): the log doesn't name it."""
    _compiled("Demonic Tutor")
    g = scenario("""
players:
  - mana_pool: "{C}{B}"
    hand: [Demonic Tutor]
    library: [Island, Grizzly Bears, Island]
""")
    g.run_line(["cast Demonic Tutor", "pass"])
    assert set(labels(g)) == {"find Island", "find Grizzly Bears"}
    g.act("find Grizzly Bears")
    assert player(g, "P1")["hand"] == ["Grizzly Bears"]
    assert player(g, "P1")["library_count"] == 2
    assert not any("finds Grizzly Bears" in line for line in g.log)
    assert any("finds a card" in line for line in g.log)


def test_cr_701_23b_a_search_for_a_stated_quality_may_find_nothing_sylvan_scrying():
    """Sylvan Scrying: "Search your library for a land card, reveal it, put it into your hand,
    then shuffle." Only land cards, and "find nothing" (CR 701.23b)."""
    _compiled("Sylvan Scrying")
    g = scenario("""
players:
  - mana_pool: "{C}{G}"
    hand: [Sylvan Scrying]
    library: [Grizzly Bears, Island, Gemstone Mine]
""")
    g.run_line(["cast Sylvan Scrying", "pass"])
    assert set(labels(g)) == {"find Island", "find Gemstone Mine", "find nothing"}
    g.act("find Gemstone Mine")
    assert player(g, "P1")["hand"] == ["Gemstone Mine"]


def test_cr_701_23a_search_for_a_land_type_onto_the_battlefield_wood_elves():
    """Wood Elves: "When ~ enters, search your library for a Forest card, put that card onto the
    battlefield, then shuffle." Untapped (it doesn't say tapped)."""
    _compiled("Wood Elves")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{G}"
    hand: [Wood Elves]
    library: [Island, Forest, Grizzly Bears]
""")
    g.run_line(["cast Wood Elves", "pass", "pass"])
    assert set(labels(g)) == {"find Forest", "find nothing"}
    g.act("find Forest")
    assert not permanent(g, "Forest")["tapped"]
    assert player(g, "P1")["library_count"] == 2


def test_cr_702_29c_when_you_cycle_search_krosan_tusker():
    """Krosan Tusker: "Cycling {2}{G}" and "When you cycle ~, you may search your library for a
    basic land card, reveal that card, put it into your hand, then shuffle." """
    _compiled("Krosan Tusker")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{G}"
    hand: [Krosan Tusker]
    library: [Grizzly Bears, Forest]
""")
    g.run_line(["activate Krosan Tusker: Cycling", "pass", "yes", "find Forest"])
    assert player(g, "P1")["hand"] == ["Forest"]
    g.act("pass")
    assert sorted(player(g, "P1")["hand"]) == ["Forest", "Grizzly Bears"]


def test_cr_701_9b_the_discarding_player_chooses_mind_rot():
    """Mind Rot: "Target player discards two cards." The target player chooses (CR 701.9b),
    among their own cards only."""
    _compiled("Mind Rot")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{B}"
    hand: [Mind Rot, Island]
  - hand: [Forest, Mountain, Plains]
""")
    g.run_line(["cast Mind Rot", "target P2", "pass", "pass"])
    assert g.decision is not None and g.decision.player == "P2"
    assert set(labels(g)) == {"discard Forest", "discard Mountain", "discard Plains"}
    g.run_line(["discard Forest", "discard Plains"])
    assert player(g, "P2")["hand"] == ["Mountain"]
    assert sorted(player(g, "P2")["graveyard"]) == ["Forest", "Plains"]
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_701_9b_discard_at_random_uses_the_seeded_generator_hymn_to_tourach():
    """Hymn to Tourach: "Target player discards two cards at random." No choice; the same seed
    discards the same cards."""
    _compiled("Hymn to Tourach")
    yaml = """
seed: 3
players:
  - mana_pool: "{B}{B}"
    hand: [Hymn to Tourach]
  - hand: [Forest, Mountain, Plains, Island, Swamp]
"""
    out = []
    for _ in range(2):
        g = scenario(yaml)
        g.run_line(["cast Hymn to Tourach", "target P2", "pass"])
        assert len(player(g, "P2")["hand"]) == 3
        out.append(player(g, "P2")["graveyard"])
    assert out[0] == out[1] and len(out[0]) == 2


def test_cr_701_20a_reveal_choose_and_discard_duress():
    """Duress: "Target opponent reveals their hand. You choose a noncreature, nonland card from
    it. That player discards that card." The caster chooses, among the matching cards."""
    _compiled("Duress")
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Duress]
  - hand: [Forest, Grizzly Bears, Lightning Bolt, Divination]
""")
    g.run_line(["cast Duress", "target P2", "pass"])
    assert g.decision is not None and g.decision.player == "P1"
    assert set(labels(g)) == {"choose Lightning Bolt", "choose Divination"}
    assert any("reveals their hand: Forest, Grizzly Bears, Lightning Bolt, Divination" in x for x in g.log)
    g.act("choose Divination")
    assert player(g, "P2")["graveyard"] == ["Divination"]
    assert sorted(player(g, "P2")["hand"]) == ["Forest", "Grizzly Bears", "Lightning Bolt"]


def test_cr_701_20a_nothing_to_choose_duress():
    """Duress against a hand of lands and creatures: nothing is discarded."""
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Duress]
  - hand: [Forest, Grizzly Bears]
""")
    g.run_line(["cast Duress", "target P2", "pass"])
    assert player(g, "P2")["graveyard"] == [] and len(player(g, "P2")["hand"]) == 2


def test_cr_101_4_each_player_discards_then_draws_wheel_of_fortune():
    """Wheel of Fortune: "Each player discards their hand, then draws seven cards." """
    _compiled("Wheel of Fortune")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{R}"
    hand: [Wheel of Fortune, Island]
    library: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
  - hand: [Plains]
    library: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
""")
    g.run_line(["cast Wheel of Fortune", "pass"])
    assert player(g, "P1")["graveyard"] == ["Island", "Wheel of Fortune"]
    assert player(g, "P2")["graveyard"] == ["Plains"]
    assert player(g, "P1")["hand"] == ["Forest"] * 7 and player(g, "P2")["hand"] == ["Swamp"] * 7


def test_cr_701_20e_look_put_one_into_hand_the_rest_on_the_bottom_in_any_order_anticipate():
    """Anticipate: "Look at the top three cards of your library. Put one of them into your hand
    and the rest on the bottom of your library in any order." """
    _compiled("Anticipate")
    g = scenario("""
players:
  - mana_pool: "{C}{U}"
    hand: [Anticipate]
    library: [Island, Forest, Mountain, Plains]
""")
    g.run_line(["cast Anticipate", "pass"])
    assert set(labels(g)) == {"put Island into your hand", "put Forest into your hand",
                              "put Mountain into your hand"}
    g.act("put Forest into your hand")
    assert set(labels(g)) == {"put Island on the bottom", "put Mountain on the bottom"}
    g.act("put Mountain on the bottom")
    assert player(g, "P1")["hand"] == ["Forest"]
    assert not any("Forest" in line for line in g.log)  # not revealed
    # the library is now Plains, Mountain, Island: three draws show the order
    g = _after_draws(g, 3)
    assert player(g, "P1")["hand"] == ["Forest", "Plains", "Mountain", "Island"]


def _after_draws(g, n):
    """The next `n` turns' draws (goldfish: P1 takes every turn), to see the library's order."""
    from tests.helpers import pass_until
    for turn in range(2, 2 + n):
        pass_until(g, "precombat_main", turn=turn)
    return g


def test_cr_701_20e_you_may_reveal_a_creature_card_from_among_them_commune_with_nature():
    """Commune with Nature: "Look at the top five cards of your library. You may reveal a
    creature card from among them and put it into your hand. Put the rest on the bottom of your
    library in any order." Only creature cards may be taken, or none."""
    _compiled("Commune with Nature")
    g = scenario("""
players:
  - mana_pool: "{G}"
    hand: [Commune with Nature]
    library: [Island, Grizzly Bears, Forest, Llanowar Elves, Forest, Mountain]
""")
    g.run_line(["cast Commune with Nature", "pass"])
    assert set(labels(g)) == {"put Grizzly Bears into your hand", "put Llanowar Elves into your hand",
                              "put none into your hand"}
    g.act("put Llanowar Elves into your hand")
    assert any("reveals Llanowar Elves" in line for line in g.log)
    assert set(labels(g)) == {"put Island on the bottom", "put Grizzly Bears on the bottom",
                              "put Forest on the bottom"}
    g.run_line(["put Forest on the bottom", "put Island on the bottom", "put Grizzly Bears on the bottom"])
    assert player(g, "P1")["hand"] == ["Llanowar Elves"]
    assert player(g, "P1")["library_count"] == 5
    assert g.decision is not None and g.decision.kind == "priority"


def test_cr_701_20e_the_rest_into_the_graveyard_ancestral_memories():
    """Ancestral Memories: "Look at the top seven cards of your library. Put two of them into
    your hand and the rest into your graveyard." """
    _compiled("Ancestral Memories")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{U}{U}{U}"
    hand: [Ancestral Memories]
    library: [Island, Forest, Mountain]
""")
    g.run_line(["cast Ancestral Memories", "pass", "put Forest into your hand", "put Island into your hand"])
    assert sorted(player(g, "P1")["hand"]) == ["Forest", "Island"]
    assert player(g, "P1")["graveyard"] == ["Mountain", "Ancestral Memories"]


def test_cr_701_20e_the_choice_names_the_card_consider():
    """Consider: "Look at the top card of your library. You may put that card into your
    graveyard. Draw a card." The choice names the card looked at."""
    _compiled("Consider")
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Consider]
    library: [Island, Forest]
""")
    g.run_line(["cast Consider", "pass"])
    assert set(labels(g)) == {"put Island into your graveyard", "put them all on top"}
    g.act("put Island into your graveyard")
    assert player(g, "P1")["graveyard"] == ["Island", "Consider"]
    assert player(g, "P1")["hand"] == ["Forest"]


def test_unsupported_a_look_that_nothing_follows_is_not_read():
    """"Look at the top N cards of your library" must be followed by what happens to them: a
    card where it isn't (Adventure Awaits' draw condition) stays unsupported."""
    st = card_status("Adventure Awaits")
    assert not st.supported


def test_cr_401_put_target_creature_on_top_of_its_owners_library_griptide():
    """Griptide: "Put target creature on top of its owner's library." It is the next card its
    owner draws."""
    _compiled("Griptide")
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}{U}"
    hand: [Griptide]
  - battlefield: [Grizzly Bears]
    library: [Island]
""")
    g.run_line(["cast Griptide", "target Grizzly Bears", "pass", "pass"])
    s = player(g, "P2")
    assert s["battlefield"] == [] and s["library_count"] == 2 and s["graveyard"] == []


def test_cr_406_3_exile_the_top_card_and_play_it_this_turn_aerial_caravan():
    """Aerial Caravan: "{1}{U}{U}: Exile the top card of your library. Until end of turn, you may
    play that card." A land exiled this way may be played as the land for the turn (CR 305.2);
    the permission ends with the turn."""
    _compiled("Aerial Caravan")
    g = scenario("""
players:
  - mana_pool: "{C}{U}{U}"
    battlefield: [Aerial Caravan]
    library: [Island, Forest]
""")
    g.run_line(["activate Aerial Caravan", "pass"])
    assert player(g, "P1")["exile"][0]["card"] == "Island"
    assert "play Island" in labels(g)
    g.act("play Island")
    assert any(p["card"] == "Island" for p in player(g, "P1")["battlefield"])


def test_cr_113_6m_an_ability_that_returns_its_card_from_the_graveyard_reassembling_skeleton():
    """Reassembling Skeleton: "{1}{B}: Return ~ from your graveyard to the battlefield tapped."
    It functions only in the graveyard (CR 113.6m); the creature enters tapped."""
    _compiled("Reassembling Skeleton")
    ability = "activate Reassembling Skeleton: {1}{B}: Return Reassembling Skeleton from your graveyard " \
              "to the battlefield tapped."
    g = scenario("""
players:
  - mana_pool: "{C}{B}"
    battlefield: [Reassembling Skeleton]
""")
    assert ability not in labels(g)  # not from the battlefield
    g = scenario("""
players:
  - mana_pool: "{C}{B}"
    graveyard: [Reassembling Skeleton]
""")
    assert ability in labels(g)
    g.run_line([ability, "pass"])
    assert permanent(g, "Reassembling Skeleton")["tapped"]
    assert player(g, "P1")["graveyard"] == []


def test_cr_400_7_the_card_left_the_graveyard_in_response_clattering_augur():
    """Clattering Augur: "{2}{B}{B}: Return ~ from your graveyard to your hand." If the card
    leaves the graveyard before the ability resolves, it is a new object: nothing returns."""
    _compiled("Clattering Augur", "Cremate")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{B}{B}{B}"
    graveyard: [Clattering Augur]
    hand: [Cremate]
    library: [Island]
""")
    g.run_line(["activate Clattering Augur", "cast Cremate", "target Clattering Augur", "pass", "pass"])
    assert player(g, "P1")["exile"][0]["card"] == "Clattering Augur"
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_702_29d_cycle_or_discard_triggers_once_for_a_card_cycled_flameblade_adept():
    """Flameblade Adept: "Whenever you cycle or discard a card, ~ gets +1/+0 until end of
    turn." Cycling a card is one trigger, not two (CR 702.29d)."""
    _compiled("Flameblade Adept")
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    battlefield: [Flameblade Adept]
    hand: [Angel of the God-Pharaoh, Island]
    library: [Island, Forest]
""")
    g.act("activate Angel of the God-Pharaoh: Cycling")
    assert len(g.state_json()["stack"]) == 2  # the cycling ability and one trigger
    g.run_line(["pass", "pass"])
    assert permanent(g, "Flameblade Adept")["power"] == 2


def test_cr_514_3a_a_discard_in_cleanup_triggers_and_players_get_priority_feast_of_sanity():
    """Feast of Sanity: "Whenever you discard a card, ~ deals 1 damage to any target and you gain
    1 life." Discarding to hand size in the cleanup step triggers it; players then receive
    priority in that step (CR 514.3a), and the ability resolves before the next turn."""
    _compiled("Feast of Sanity")
    g = scenario("""
format: duel
step: end
players:
  - battlefield: [Feast of Sanity]
    hand: [Island, Island, Island, Island, Island, Island, Island, Forest]
  - library: [Swamp, Swamp]
""")
    g.run_line(["pass", "pass", "discard Forest"])
    assert g.state_json()["turn"] == 1 and g.state_json()["step"] == "cleanup"
    assert g.decision is not None and g.decision.kind == "target"
    g.run_line(["target P2", "pass", "pass"])
    assert player(g, "P2")["life"] == 19 and player(g, "P1")["life"] == 21
    assert g.state_json()["turn"] == 2


def test_cr_701_23b_up_to_two_one_onto_the_battlefield_the_other_into_hand_kodamas_reach():
    """Kodama's Reach: "Search your library for up to two basic land cards, reveal those cards,
    put one onto the battlefield tapped and the other into your hand, then shuffle." """
    _compiled("Kodama's Reach")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{G}"
    hand: [Kodama's Reach]
    library: [Forest, Grizzly Bears, Island, Forest]
""")
    g.run_line(["cast Kodama's Reach", "pass"])
    assert set(labels(g)) == {"find Forest", "find Island", "find nothing"}
    g.act("find Island")
    assert set(labels(g)) == {"find Forest", "find no more"}
    g.act("find Forest")
    assert permanent(g, "Island")["tapped"]
    assert player(g, "P1")["hand"] == ["Forest"] and player(g, "P1")["library_count"] == 2


def test_cr_701_23b_a_single_card_found_goes_onto_the_battlefield_kodamas_reach():
    """Kodama's Reach finding one card: it goes onto the battlefield tapped (Gatherer ruling)."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{G}"
    hand: [Kodama's Reach]
    library: [Forest, Grizzly Bears]
""")
    g.run_line(["cast Kodama's Reach", "pass", "find Forest"])
    assert permanent(g, "Forest")["tapped"] and player(g, "P1")["hand"] == []


def test_cr_406_3_exile_target_players_graveyard_tormods_crypt():
    """Tormod's Crypt: "{T}, Sacrifice ~: Exile target player's graveyard." Only that player's."""
    _compiled("Tormod's Crypt")
    g = scenario("""
players:
  - battlefield: [Tormod's Crypt]
    graveyard: [Island]
  - graveyard: [Grizzly Bears, Forest]
""")
    g.run_line(["activate Tormod's Crypt", "target P2", "pass"])
    assert player(g, "P2")["graveyard"] == [] and len(player(g, "P2")["exile"]) == 2
    assert player(g, "P1")["graveyard"] == ["Island", "Tormod's Crypt"]


def test_cr_701_24a_shuffle_your_graveyard_into_your_library_feldons_cane():
    """Feldon's Cane: "{T}, Exile ~: Shuffle your graveyard into your library." """
    _compiled("Feldon's Cane")
    g = scenario("""
players:
  - battlefield: [Feldon's Cane]
    graveyard: [Island, Forest]
    library: [Mountain]
""")
    g.run_line(["activate Feldon's Cane", "pass"])
    s = player(g, "P1")
    assert s["graveyard"] == [] and s["library_count"] == 3 and s["exile"][0]["card"] == "Feldon's Cane"


def test_cr_603_3d_a_chosen_not_targeted_land_may_be_itself_dimir_aqueduct():
    """Dimir Aqueduct: "When ~ enters, return a land you control to its owner's hand." The land
    is chosen as the ability resolves (it doesn't target) and may be the Aqueduct itself."""
    _compiled("Dimir Aqueduct")
    g = scenario("""
players:
  - hand: [Dimir Aqueduct]
    battlefield: [Island, Grizzly Bears]
""")
    g.run_line(["play Dimir Aqueduct", "pass"])
    assert set(labels(g)) == {"return Island", "return Dimir Aqueduct"}
    g.act("return Island")
    assert player(g, "P1")["hand"] == ["Island"]
    assert permanent(g, "Dimir Aqueduct")["tapped"]


def test_cr_305_4_put_a_land_from_hand_is_not_playing_it_sakura_tribe_scout():
    """Sakura-Tribe Scout: "{T}: You may put a land card from your hand onto the battlefield."
    Not a land play (CR 305.4): the player may still play a land this turn."""
    _compiled("Sakura-Tribe Scout")
    g = scenario("""
players:
  - battlefield: [Sakura-Tribe Scout]
    hand: [Forest, Island, Grizzly Bears]
""")
    g.run_line(["activate Sakura-Tribe Scout", "pass"])
    assert set(labels(g)) == {"put Forest onto the battlefield", "put Island onto the battlefield", "put none"}
    g.act("put Forest onto the battlefield")
    assert not permanent(g, "Forest")["tapped"]
    assert "play Island" in labels(g)


def test_cr_701_20e_look_at_the_top_three_then_put_them_back_in_any_order_senseis_divining_top():
    """Sensei's Divining Top: "{1}: Look at the top three cards of your library, then put them
    back in any order." and "{T}: Draw a card, then put ~ on top of its owner's library." """
    _compiled("Sensei's Divining Top")
    g = scenario("""
players:
  - mana_pool: "{C}"
    battlefield: [Sensei's Divining Top]
    library: [Island, Forest, Mountain, Plains]
""")
    g.run_line(["activate Sensei's Divining Top: {1}", "pass"])
    assert set(labels(g)) == {"put Island first (on top)", "put Forest first (on top)", "put Mountain first (on top)"}
    g.run_line(["put Mountain first (on top)", "put Island second"])
    g.run_line(["activate Sensei's Divining Top: {T}", "pass"])
    s = player(g, "P1")
    assert s["hand"] == ["Mountain"] and s["library_count"] == 4 and s["battlefield"] == []


def test_cr_702_29e_two_typecycling_abilities_on_one_line_igneous_pouncer():
    """Igneous Pouncer: "Swampcycling {2}, mountaincycling {2}": two abilities, each searching
    for its own type (CR 702.29e), each named by its own words."""
    _compiled("Igneous Pouncer")
    g = scenario("""
players:
  - mana_pool: "{C}{C}"
    hand: [Igneous Pouncer]
    library: [Swamp, Mountain]
""")
    assert {"activate Igneous Pouncer: Swampcycling {2}", "activate Igneous Pouncer: mountaincycling {2}"} \
        <= set(labels(g))
    g.run_line(["activate Igneous Pouncer: mountaincycling {2}", "pass"])
    assert set(labels(g)) == {"find Mountain", "find nothing"}


def test_cr_113_6m_discard_this_card_as_a_cost_works_from_the_hand_rubblebelt_maaka():
    """Rubblebelt Maaka: "Bloodrush — {R}, Discard ~: Target attacking creature gets +3/+3 until
    end of turn." A cost that discards the card works only from its owner's hand (CR 113.6m),
    and only with a legal target (CR 602.2b)."""
    _compiled("Rubblebelt Maaka")
    g = scenario("""
players:
  - mana_pool: "{R}"
    battlefield: [Rubblebelt Maaka, Grizzly Bears]
""")
    assert not any(lab.startswith("activate Rubblebelt Maaka") for lab in labels(g))
    g = scenario("""
mana_payment: auto
players:
  - hand: [Rubblebelt Maaka]
    battlefield: [Grizzly Bears, Mountain]
""")
    assert not any(lab.startswith("activate Rubblebelt Maaka") for lab in labels(g))  # nothing attacks
    g.run_line(["pass", "pass", "attack P2 with Grizzly Bears"])
    g.run_line(["activate Rubblebelt Maaka", "target Grizzly Bears", "pass"])
    assert permanent(g, "Grizzly Bears")["power"] == 5
    assert player(g, "P1")["graveyard"] == ["Rubblebelt Maaka"]


def test_cr_701_24a_each_player_shuffles_hand_and_graveyard_in_then_draws_timetwister():
    """Timetwister: "Each player shuffles their hand and graveyard into their library, then
    draws seven cards." The spell itself, on the stack, is not shuffled in."""
    _compiled("Timetwister")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{U}"
    hand: [Timetwister, Island]
    graveyard: [Forest]
    library: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
  - hand: [Plains]
    library: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
""")
    g.run_line(["cast Timetwister", "pass"])
    p1, p2 = player(g, "P1"), player(g, "P2")
    assert len(p1["hand"]) == 7 and p1["library_count"] == 1 and p1["graveyard"] == ["Timetwister"]
    assert len(p2["hand"]) == 7 and p2["library_count"] == 1 and p2["graveyard"] == []


def test_cr_701_24b_the_card_found_is_not_shuffled_vampiric_tutor():
    """Vampiric Tutor: "Search your library for a card, then shuffle and put that card on top.
    You lose 2 life." The card found ends on top whatever the shuffle (CR 701.24b)."""
    _compiled("Vampiric Tutor")
    for seed in (1, 2, 3):
        g = scenario(f"""
seed: {seed}
players:
  - mana_pool: "{{B}}"
    hand: [Vampiric Tutor]
    library: [Island, Grizzly Bears, Forest, Mountain, Plains]
""")
        g.run_line(["cast Vampiric Tutor", "pass"])
        assert "find nothing" not in labels(g)  # a search for "a card" finds one (CR 701.23d)
        g.act("find Grizzly Bears")
        assert player(g, "P1")["life"] == 18 and player(g, "P1")["library_count"] == 5
        assert not any("finds Grizzly Bears" in line for line in g.log)
        _after_draws(g, 1)
        assert player(g, "P1")["hand"] == ["Grizzly Bears"]
