"""Cards with several faces (compiler/faces.py, engine/faces.py): modal double-faced cards (CR
712), adventurer cards (CR 715), through real cards compiled from their Oracle text."""

from __future__ import annotations

import pickle

from mtg_env.cards import card_status, get_card
from tests.helpers import compiled as _compiled
from tests.helpers import labels, pass_until, permanent, permanents, player, scenario, stack

# --------------------------------------------------------------------------------------------
# modal double-faced cards (CR 712.3, 712.8, 712.11b, 712.12)


def test_cr_712_12_either_face_played_or_cast_kazandu_mammoth():
    """Kazandu Mammoth // Kazandu Valley: the creature face may be cast, the land face played
    as the turn's land (CR 712.11b, 712.12); in hand it is Kazandu Mammoth (CR 712.8a)."""
    _compiled("Kazandu Mammoth // Kazandu Valley")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{C}"
    hand: [Kazandu Mammoth]
""")
    assert player(g, "P1")["hand"] == ["Kazandu Mammoth"]
    assert {"cast Kazandu Mammoth", "play Kazandu Valley"} <= set(labels(g))
    assert "play Kazandu Mammoth" not in labels(g) and "cast Kazandu Valley" not in labels(g)
    g.act("play Kazandu Valley")
    # "Kazandu Valley enters the battlefield tapped.": the back face's abilities apply
    land = permanent(g, "Kazandu Valley")
    assert land["tapped"] and land["types"] == ["Land"]
    assert player(g, "P1")["hand"] == []
    assert not [lab for lab in labels(g) if lab.startswith("play ")]  # CR 305.2: one land drop


def test_cr_712_8f_front_face_cast_is_the_creature_kazandu_mammoth():
    """Cast as Kazandu Mammoth it resolves into a 3/3 creature with the front face up (CR
    712.13); its landfall ability is the front face's."""
    g = scenario("""
players:
  - mana_pool: "{G}{G}{C}"
    hand: [Kazandu Mammoth, Forest]
""")
    g.act("cast Kazandu Mammoth")
    assert stack(g)[0]["source"] == "Kazandu Mammoth"
    g.act("pass")
    g.act("play Forest")
    g.act("pass")  # the landfall trigger resolves
    m = permanent(g, "Kazandu Mammoth")
    assert (m["power"], m["toughness"]) == (5, 5)


def test_cr_712_8a_back_face_leaves_and_is_the_front_face_again_kazandu_valley():
    """A permanent with its back face up that goes to a hand has only its front face's
    characteristics there (CR 712.8a, 400.7)."""
    g = scenario("""
players:
  - battlefield: [Kazandu Valley]
    mana_pool: "{U}{U}"
    hand: [Boomerang]
""")
    assert permanent(g, "Kazandu Valley")["types"] == ["Land"]
    assert "activate Kazandu Valley: {T}: Add {G}." in labels(g)
    g.run_line(["cast Boomerang", "target Kazandu Valley", "pass"])
    assert player(g, "P1")["hand"] == ["Kazandu Mammoth"]
    assert "cast Kazandu Mammoth" not in labels(g)  # no mana left
    assert "play Kazandu Valley" in labels(g)


def test_cr_712_12_pathway_chooses_the_land_face_needleverge_pathway():
    """Needleverge Pathway // Pillarverge Pathway: both faces are lands; the face played is the
    one it has on the battlefield, with that face's mana ability (CR 712.12)."""
    _compiled("Needleverge Pathway // Pillarverge Pathway")
    g = scenario("""
players:
  - hand: [Needleverge Pathway]
""")
    assert {"play Needleverge Pathway", "play Pillarverge Pathway"} <= set(labels(g))
    g.act("play Pillarverge Pathway")
    assert "activate Pillarverge Pathway: {T}: Add {W}." in labels(g)
    assert not permanents(g, "Needleverge Pathway")


def test_cr_712_8f_sorcery_face_resolves_to_the_graveyard_zof_consumption():
    """Zof Consumption // Zof Bloodbog: "Each opponent loses 4 life and you gain 4 life." Cast
    as the sorcery, it goes to the graveyard as it resolves, as Zof Consumption (CR 608.2n,
    712.8a)."""
    _compiled("Zof Consumption // Zof Bloodbog")
    g = scenario("""
players:
  - mana_pool: "{B}{B}{C}{C}{C}{C}"
    hand: [Zof Consumption]
""")
    assert {"cast Zof Consumption", "play Zof Bloodbog"} <= set(labels(g))
    g.run_line(["cast Zof Consumption", "pass"])
    assert player(g, "P2")["life"] == 16 and player(g, "P1")["life"] == 24
    assert player(g, "P1")["graveyard"] == ["Zof Consumption"]


def test_cr_712_11c_only_the_face_cast_is_evaluated_zof_consumption():
    """Only the face to be cast is evaluated (CR 712.11c): without {B}{B}{4} the sorcery can't
    be cast, but the land face can still be played."""
    g = scenario("""
players:
  - mana_pool: "{B}"
    hand: [Zof Consumption]
""")
    assert "cast Zof Consumption" not in labels(g)
    assert "play Zof Bloodbog" in labels(g)


# --------------------------------------------------------------------------------------------
# adventurer cards (CR 715)


def test_cr_715_3d_adventure_exiled_then_creature_cast_from_exile_rimrock_knight():
    """Rimrock Knight // Boulder Rush: "Target creature gets +2/+0 until end of turn." As the
    Adventure resolves it is exiled (CR 715.3d); its owner may cast Rimrock Knight from exile,
    but not Boulder Rush again."""
    _compiled("Rimrock Knight // Boulder Rush")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{C}{C}"
    hand: [Rimrock Knight]
    battlefield: [Grizzly Bears]
""")
    assert {"cast Rimrock Knight", "cast Boulder Rush"} <= set(labels(g))
    g.act("cast Boulder Rush")
    g.act("target Grizzly Bears")
    assert stack(g)[0]["source"] == "Boulder Rush"
    g.act("pass")
    assert permanent(g, "Grizzly Bears")["power"] == 4
    ex = player(g, "P1")["exile"]
    assert [(e["card"], e.get("on_adventure")) for e in ex] == [("Rimrock Knight", True)]
    assert player(g, "P1")["graveyard"] == []
    assert "cast Rimrock Knight" in labels(g)
    assert "cast Boulder Rush" not in labels(g)
    g.run_line(["cast Rimrock Knight", "pass"])
    k = permanent(g, "Rimrock Knight")
    assert (k["power"], k["toughness"]) == (3, 1)
    assert player(g, "P1")["exile"] == []


def test_cr_715_4_countered_adventure_goes_to_the_graveyard_rimrock_knight():
    """An Adventure that is countered goes to the graveyard, not on an adventure (CR 715.3d
    applies only as it resolves; CR 715.4)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Rimrock Knight]
    battlefield: [Grizzly Bears]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Boulder Rush", "target Grizzly Bears", "pass", "cast Counterspell",
                "target Boulder Rush", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == ["Rimrock Knight"]
    assert player(g, "P1")["exile"] == []
    assert "cast Rimrock Knight" not in labels(g)


def test_cr_608_2b_adventure_with_illegal_target_goes_to_the_graveyard_giant_killer():
    """Giant Killer // Chop Down: "Destroy target creature with power 4 or greater." If its
    target is illegal as it would resolve, it doesn't resolve and is put into the graveyard
    (CR 608.2b), not exiled on an adventure."""
    _compiled("Giant Killer // Chop Down")
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}{C}{C}"
    hand: [Giant Killer]
  - battlefield: [Craw Wurm]
    mana_pool: "{U}"
    hand: [Unsummon]
""")
    g.run_line(["cast Chop Down", "target Craw Wurm", "pass", "cast Unsummon", "target Craw Wurm",
                "pass", "pass", "pass", "pass"])
    assert player(g, "P2")["hand"] == ["Craw Wurm"]
    assert player(g, "P1")["graveyard"] == ["Giant Killer"]
    assert player(g, "P1")["exile"] == []


def test_cr_715_3a_only_the_adventure_is_evaluated_giant_killer():
    """Chop Down needs a creature with power 4 or greater to target (CR 715.3a: only the
    Adventure's characteristics are evaluated); Giant Killer itself is castable."""
    g = scenario("""
players:
  - mana_pool: "{W}{W}{C}"
    hand: [Giant Killer]
  - battlefield: [Grizzly Bears]
""")
    assert "cast Giant Killer" in labels(g)
    assert "cast Chop Down" not in labels(g)


# --------------------------------------------------------------------------------------------
# names, deck lists, pickling


def test_names_full_or_face_load_the_same_card():
    """Deck lists name these cards by the full name or a face's name (database.lookup)."""
    for n in ("Rimrock Knight // Boulder Rush", "Rimrock Knight", "Boulder Rush", "rimrock knight"):
        assert get_card(n).name == "Rimrock Knight"
        assert card_status(n).name == "Rimrock Knight // Boulder Rush"
    c = get_card("Kazandu Mammoth // Kazandu Valley")
    assert [f.name for f in c.faces] == ["Kazandu Mammoth", "Kazandu Valley"]


def test_faces_pickle_as_their_card_and_place():
    c = get_card("Zof Consumption")
    for f in c.faces:
        assert pickle.loads(pickle.dumps(f)) is f
    g = scenario("""
players:
  - mana_pool: "{R}"
    hand: [Rimrock Knight]
    battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Boulder Rush", "target Grizzly Bears"])
    g2 = pickle.loads(pickle.dumps(g))
    g2.act("pass")
    assert [e["card"] for e in player(g2, "P1")["exile"]] == ["Rimrock Knight"]


def test_cr_903_4d_color_identity_counts_every_face_needleverge_pathway():
    """The back face counts for color identity (CR 903.4d): Needleverge Pathway ({T}: Add {R})
    // Pillarverge Pathway ({T}: Add {W}) is red and white."""
    from mtg_env.engine.formats import color_identity
    assert color_identity("Needleverge Pathway // Pillarverge Pathway") == {"R", "W"}
    assert color_identity("Kazandu Mammoth") == {"G"}


# --------------------------------------------------------------------------------------------
# transforming double-faced cards (CR 701.27, 712.2)

_WEREWOLF = """
format: duel
turn: 1
active_player: P2
step: end
players:
  - battlefield: [{card}]
  - mana_pool: "{pool}"
    hand: [{hand}]
"""


def test_cr_701_27a_werewolf_transforms_when_no_spells_were_cast_village_messenger():
    """Village Messenger: "At the beginning of each upkeep, if no spells were cast last turn,
    transform Village Messenger." It turns over into Moonrise Intruder, a 2/2 with menace,
    and stays the same permanent (CR 712.18: its counters stay)."""
    _compiled("Village Messenger // Moonrise Intruder")
    g = scenario(_WEREWOLF.format(card="{card: Village Messenger, counters: {+1/+1: 1}}",
                                  pool="", hand=""))
    before = permanent(g, "Village Messenger")
    pass_until(g, "upkeep", turn=2)
    assert stack(g) and stack(g)[0]["source"] == "Village Messenger"
    g.act("pass")
    g.act("pass")
    w = permanent(g, "Moonrise Intruder")
    assert w["id"] == before["id"] and w["counters"] == {"+1/+1": 1}
    assert (w["power"], w["toughness"]) == (3, 3)
    assert not permanents(g, "Village Messenger")


def test_cr_603_4_werewolf_stays_when_a_spell_was_cast_last_turn_village_messenger():
    """The intervening "if" is false when a spell was cast in the previous turn (CR 603.4):
    it doesn't trigger."""
    g = scenario(_WEREWOLF.format(card="Village Messenger", pool="{R}", hand="Shock"))
    g.run_line(["cast Shock", "target P1", "pass", "pass"])
    pass_until(g, "upkeep", turn=2)
    assert not stack(g)
    assert permanent(g, "Village Messenger")


def test_cr_701_27a_back_face_transforms_back_after_two_spells_moonrise_intruder():
    """Moonrise Intruder: "At the beginning of each upkeep, if a player cast two or more
    spells last turn, transform Moonrise Intruder." Two spells by one player turn it back."""
    g = scenario(_WEREWOLF.format(card="Moonrise Intruder", pool="{R}{R}", hand="Shock, Shock"))
    assert permanent(g, "Moonrise Intruder")["power"] == 2
    g.run_line(["cast Shock", "target P1", "pass", "pass", "cast Shock", "target P1", "pass", "pass"])
    pass_until(g, "upkeep", turn=2)
    g.act("pass")
    g.act("pass")
    assert permanent(g, "Village Messenger")["power"] == 1


def test_cr_701_27f_transform_ignored_if_it_transformed_since_vildin_pack_outcast():
    """Vildin-Pack Outcast: "{5}{R}{R}: Transform Vildin-Pack Outcast." Activated twice, the
    first turns it into Dronepack Kindred; the second does nothing, since the permanent has
    transformed since that ability was put on the stack (CR 701.27f)."""
    _compiled("Vildin-Pack Outcast // Dronepack Kindred")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}{R}"
    battlefield: [Vildin-Pack Outcast]
""")
    act = "activate Vildin-Pack Outcast: {5}{R}{R}: Transform Vildin-Pack Outcast."
    g.act(act)
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    g.act(act)
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    assert len(stack(g)) == 2
    g.act("pass")
    assert permanent(g, "Dronepack Kindred")
    g.act("pass")
    assert permanent(g, "Dronepack Kindred")  # not turned back over
    assert "activate Dronepack Kindred: {1}: Dronepack Kindred gets +1/+0 until end of turn." in labels(g)


def test_cr_712_8e_back_face_has_the_front_mana_value_and_leaves_as_the_front_face():
    """Ulvenwald Abomination (back face, no mana cost) has the mana value of Ulvenwald Captive
    ({1}{G}: 2, CR 712.8e); returned to its owner's hand it is Ulvenwald Captive again (CR
    712.8a), and it is cast front face up (CR 712.11)."""
    g = scenario("""
players:
  - battlefield: [Ulvenwald Abomination]
    mana_pool: "{U}{U}"
    hand: [Boomerang]
""")
    oid = permanent(g, "Ulvenwald Abomination")["id"]
    assert g.chars(oid).mana_value == 2
    assert "activate Ulvenwald Abomination: {T}: Add {C}{C}." in labels(g)
    g.run_line(["cast Boomerang", "target Ulvenwald Abomination", "pass"])
    assert player(g, "P1")["hand"] == ["Ulvenwald Captive"]
    g2 = scenario("""
players:
  - mana_pool: "{G}{C}"
    hand: [Ulvenwald Captive]
""")
    assert "cast Ulvenwald Captive" in labels(g2)
    assert "cast Ulvenwald Abomination" not in labels(g2)
    assert not [lab for lab in labels(g2) if lab.startswith("play ")]


def test_cr_701_27a_activated_transform_with_a_tap_cost_chosen_of_markov():
    """Chosen of Markov: "{T}, Tap an untapped Vampire you control: Transform Chosen of
    Markov." It becomes Markov's Servant, a 4/4 Vampire."""
    _compiled("Chosen of Markov // Markov's Servant")
    g = scenario("""
players:
  - battlefield: [Markov's Servant, Chosen of Markov]
""")
    g.act("activate Chosen of Markov: {T}, Tap an untapped Vampire you control: Transform Chosen of Markov.")
    g.act("pass")
    servants = permanents(g, "Markov's Servant")
    assert len(servants) == 2 and all(s["power"] == 4 for s in servants)
    assert sum(s["tapped"] for s in servants) == 2


# --------------------------------------------------------------------------------------------
# split cards (CR 709)


def test_cr_709_3_either_half_is_cast_dead_gone():
    """Dead // Gone: "Dead deals 2 damage to target creature." / "Return target creature you
    don't control to its owner's hand." The half is chosen as it is cast (CR 709.3); only that
    half is evaluated (CR 709.3a: {R} pays for Dead, not for Gone); in hand and graveyard it
    has both names (CR 709.4)."""
    _compiled("Dead // Gone")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}"
    hand: [Dead // Gone]
  - battlefield: [Grizzly Bears]
""")
    assert player(g, "P1")["hand"] == ["Dead // Gone"]
    assert "cast Dead" in labels(g) and "cast Gone" not in labels(g)
    g.run_line(["cast Dead", "target Grizzly Bears"])
    assert stack(g)[0]["source"] == "Dead"
    g.run_line(["pass", "pass"])
    assert player(g, "P2")["graveyard"] == ["Grizzly Bears"]
    assert player(g, "P1")["graveyard"] == ["Dead // Gone"]


def test_cr_709_3b_the_other_half_gone():
    """Cast as Gone ({2}{R}), it has only Gone's characteristics on the stack (CR 709.3b)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}{R}"
    hand: [Gone]
  - battlefield: [Grizzly Bears]
""")
    assert {"cast Dead", "cast Gone"} <= set(labels(g))
    g.act("cast Gone")
    assert labels(g) == ["target Grizzly Bears"]
    g.act("target Grizzly Bears")
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    assert stack(g)[0]["source"] == "Gone"
    g.run_line(["pass", "pass"])
    assert player(g, "P2")["hand"] == ["Grizzly Bears"]


def test_cr_709_4b_combined_mana_value_and_a_half_chosen_when_cast_by_an_effect_wax_wane():
    """Wax // Wane ({G} // {W}): an instant card with mana value 2 (CR 709.4b), so Isochron
    Scepter may imprint it; its copy is cast as the half its controller chooses (CR 709.3,
    707.12)."""
    _compiled("Wax // Wane")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{W}{G}"
    hand: [Isochron Scepter, Wax // Wane]
  - battlefield: [Pacifism]
""")
    g.run_line(["cast Isochron Scepter", "pay {1} with {C}", "pay {1} with {C}", "pass", "pass",
                "exile Wax // Wane (hand)"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Wax // Wane"]
    g.act("activate Isochron Scepter: {2}, {T}: You may copy the exiled card. If you do, you may "
          "cast the copy without paying its mana cost.")
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    g.run_line(["pass", "yes"])
    # no creature for Wax to target (CR 601.2c): Wane, the only half that can be cast, at once
    assert labels(g) == ["target Pacifism"]
    g2 = scenario("""
players:
  - mana_pool: "{C}{C}{W}{G}"
    hand: [Isochron Scepter, Wax // Wane]
    battlefield: [Grizzly Bears]
  - battlefield: [Pacifism]
""")
    g2.run_line(["cast Isochron Scepter", "pay {1} with {C}", "pay {1} with {C}", "pass", "pass",
                 "exile Wax // Wane (hand)"])
    g2.act("activate Isochron Scepter: {2}, {T}: You may copy the exiled card. If you do, you may "
           "cast the copy without paying its mana cost.")
    while g2.decision.kind != "priority":
        g2.act(labels(g2)[0])
    g2.run_line(["pass", "yes"])
    assert labels(g2) == ["cast Wax", "cast Wane"]
    g2.run_line(["cast Wane", "target Pacifism"])
    assert stack(g2)[0]["source"] == "Wane"
    g2.act("pass")
    assert player(g2, "P2")["graveyard"] == ["Pacifism"]


def test_cr_712_14b_a_card_whose_front_face_isnt_a_permanent_stays_zof_consumption():
    """Put onto the battlefield from a zone other than the stack, a double-faced card enters
    front face up (CR 712.14); a modal one whose front face is a sorcery stays where it is
    (CR 712.14b). (The engine's zone move, as an effect would do it.)"""
    g = scenario("""
players:
  - graveyard: [Zof Consumption, Kazandu Mammoth]
""")
    zof, mammoth = g.players[0].graveyard
    assert g.move_to_zone(zof, "battlefield") is None
    assert player(g, "P1")["graveyard"] == ["Zof Consumption", "Kazandu Mammoth"]
    g.move_to_zone(mammoth, "battlefield")
    assert permanent(g, "Kazandu Mammoth")["types"] == ["Creature"]


def test_cr_702_127a_aftermath_half_cast_from_the_graveyard_then_exiled_cut_ribbons():
    """Cut // Ribbons: "Cut deals 4 damage to target creature." / "Aftermath (Cast this spell
    only from your graveyard. Then exile it.) Each opponent loses X life." From hand only Cut
    can be cast; from the graveyard only Ribbons, which is exiled as it resolves (CR
    702.127a)."""
    _compiled("Cut // Ribbons")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}"
    hand: [Cut // Ribbons]
  - battlefield: [Grizzly Bears]
""")
    assert "cast Cut" in labels(g) and "cast Ribbons" not in labels(g)
    g.run_line(["cast Cut", "target Grizzly Bears", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == ["Cut // Ribbons"]
    assert "cast Ribbons" not in labels(g)  # {X}{B}{B}: no black mana
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}{B}{B}"
    graveyard: [Cut // Ribbons]
""")
    assert "cast Ribbons" in labels(g) and "cast Cut" not in labels(g)
    g.run_line(["cast Ribbons", "x 2", "pass", "pass"])
    assert player(g, "P2")["life"] == 18
    assert player(g, "P1")["graveyard"] == []
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Cut // Ribbons"]


def test_cr_702_127a_countered_aftermath_half_is_exiled_cut_ribbons():
    """Countered, Ribbons is exiled too ("instead of putting it anywhere else any time it
    would leave the stack")."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{B}{B}"
    graveyard: [Cut // Ribbons]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.run_line(["cast Ribbons", "x 0", "pass", "cast Counterspell", "target Ribbons", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == []
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Cut // Ribbons"]


def test_cr_702_102_fused_split_spell_both_halves_wear_tear():
    """Wear // Tear: "Destroy target artifact." / "Destroy target enchantment." / "Fuse (You
    may cast one or both halves of this card from your hand.)" Fused, it costs both halves'
    mana costs (CR 702.102c), has both sets of targets, and does the left half's then the
    right half's instructions (CR 702.102d)."""
    _compiled("Wear // Tear")
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{W}{C}"
    hand: [Wear // Tear]
  - battlefield: [Isochron Scepter, Pacifism]
""")
    assert {"cast Wear", "cast Tear", "cast Wear // Tear"} <= set(labels(g))
    g.run_line(["cast Wear // Tear", "target Isochron Scepter", "target Pacifism"])
    assert stack(g)[0]["source"] == "Wear // Tear"
    assert stack(g)[0]["targets"] == ["Isochron Scepter", "Pacifism"]
    assert player(g, "P1")["mana_pool"] == ""
    g.run_line(["pass", "pass"])
    assert sorted(player(g, "P2")["graveyard"]) == ["Isochron Scepter", "Pacifism"]
    assert player(g, "P1")["graveyard"] == ["Wear // Tear"]


def test_cr_702_102c_fused_only_with_both_costs_wear_tear():
    """The fused spell's total cost includes both halves' mana costs (CR 702.102c): with {W}
    only Tear is offered."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{W}"
    hand: [Wear // Tear]
  - battlefield: [Isochron Scepter, Pacifism]
""")
    assert "cast Tear" in labels(g)
    assert "cast Wear" not in labels(g) and "cast Wear // Tear" not in labels(g)


# --------------------------------------------------------------------------------------------
# daybound and nightbound (CR 702.145), day and night (CR 730)


def test_cr_730_2a_day_becomes_night_and_daybound_transforms_tavern_ruffian():
    """Tavern Ruffian: "Daybound". With it on the battlefield it becomes day (CR 702.145d); when
    the previous turn's active player cast no spells, day becomes night in the untap step (CR
    502.2, 730.2a) and it transforms into Tavern Smasher, a 6/5 (CR 702.145b)."""
    _compiled("Tavern Ruffian // Tavern Smasher")
    g = scenario("""
format: duel
players:
  - battlefield: [Tavern Ruffian]
  - {}
""")
    assert g.state_json()["day_night"] == "day"
    pass_until(g, "upkeep", turn=2)
    assert g.state_json()["day_night"] == "night"
    s = permanent(g, "Tavern Smasher")
    assert (s["power"], s["toughness"]) == (6, 5)


def test_cr_730_2_a_spell_cast_keeps_it_day_tavern_ruffian():
    """If the previous turn's active player cast a spell, it stays day (CR 730.2a)."""
    g = scenario("""
format: duel
players:
  - battlefield: [Tavern Ruffian]
    mana_pool: "{R}"
    hand: [Shock]
  - {}
""")
    g.run_line(["cast Shock", "target P2", "pass", "pass"])
    pass_until(g, "upkeep", turn=2)
    assert g.state_json()["day_night"] == "day"
    assert permanent(g, "Tavern Ruffian")


def test_cr_730_2b_night_becomes_day_after_two_spells_tavern_smasher():
    """Tavern Smasher: "Nightbound". With only it on the battlefield it becomes night (CR
    702.145g); two spells cast by the active player make it day next turn (CR 730.2b), and it
    transforms back (CR 702.145e)."""
    g = scenario("""
format: duel
players:
  - battlefield: [Tavern Smasher]
    mana_pool: "{R}{R}"
    hand: [Shock, Shock]
  - {}
""")
    assert g.state_json()["day_night"] == "night"
    g.run_line(["cast Shock", "target P2", "pass", "pass", "cast Shock", "target P2", "pass", "pass"])
    pass_until(g, "upkeep", turn=2)
    assert g.state_json()["day_night"] == "day"
    assert permanent(g, "Tavern Ruffian")["power"] == 2


def test_cr_702_145b_daybound_card_enters_transformed_at_night_tavern_ruffian():
    """"If it is night ..., it enters transformed": cast at night, Tavern Ruffian resolves
    into Tavern Smasher (CR 702.145b)."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{R}{R}{R}{R}"
    hand: [Tavern Ruffian]
  - battlefield: [Tavern Smasher]
""")
    assert g.state_json()["day_night"] == "night"
    g.run_line(["cast Tavern Ruffian", "pass", "pass"])
    assert len(permanents(g, "Tavern Smasher")) == 2
    assert not permanents(g, "Tavern Ruffian")


# --------------------------------------------------------------------------------------------
# disturb (CR 702.146)


def test_cr_702_146a_cast_transformed_from_the_graveyard_baithook_angler():
    """Baithook Angler: "Disturb {1}{U}". From its owner's graveyard it is cast transformed,
    as Hook-Haunt Drifter, for {1}{U} (CR 702.146a); it enters back face up (CR 702.146b), a
    1/2 flier whose mana value is the front face's (CR 712.8c)."""
    _compiled("Baithook Angler // Hook-Haunt Drifter")
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}"
    graveyard: [Baithook Angler]
""")
    assert "cast Hook-Haunt Drifter" in labels(g)
    assert "cast Baithook Angler" not in labels(g)
    g.act("cast Hook-Haunt Drifter")
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    assert player(g, "P1")["mana_pool"] == ""
    assert stack(g)[0]["source"] == "Hook-Haunt Drifter"
    g.run_line(["pass", "pass"])
    d = permanent(g, "Hook-Haunt Drifter")
    assert (d["power"], d["toughness"]) == (1, 2)
    assert g.chars(d["id"]).mana_value == 2


def test_cr_614_1a_back_face_exiled_instead_of_graveyard_hook_haunt_drifter():
    """Hook-Haunt Drifter: "If Hook-Haunt Drifter would be put into a graveyard from anywhere,
    exile it instead." Destroyed, it is exiled (and it doesn't die)."""
    g = scenario("""
format: duel
players:
  - battlefield: [Hook-Haunt Drifter]
  - mana_pool: "{R}"
    hand: [Shock]
""")
    g.run_line(["pass", "cast Shock", "target Hook-Haunt Drifter", "pass", "pass"])
    assert player(g, "P1")["graveyard"] == []
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Baithook Angler"]


def test_cr_702_146a_disturb_needs_its_cost_and_the_front_face_stays_in_hand_baithook_angler():
    """Only from a graveyard (CR 702.146a): in hand it is cast as Baithook Angler for {1}{U};
    with {U} alone neither."""
    g = scenario("""
players:
  - mana_pool: "{U}"
    hand: [Baithook Angler]
    graveyard: [Baithook Angler]
""")
    assert not [lab for lab in labels(g) if lab.startswith("cast")]


def test_cr_702_146b_aura_back_face_cast_with_disturb_binding_geist():
    """Binding Geist // Spectral Binding ("Enchant creature", "Enchanted creature gets
    -2/-0."): cast with disturb it is an Aura spell targeting a creature (CR 303.4a) and enters
    attached to it, back face up (CR 702.146b)."""
    _compiled("Binding Geist // Spectral Binding")
    g = scenario("""
format: duel
players:
  - mana_pool: "{U}{U}"
    graveyard: [Binding Geist]
  - battlefield: [Craw Wurm]
""")
    g.act("cast Spectral Binding")
    assert labels(g) == ["target Craw Wurm"]
    g.act("target Craw Wurm")
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    g.run_line(["pass", "pass"])
    aura = permanent(g, "Spectral Binding")
    wurm = permanent(g, "Craw Wurm")
    assert aura["attached_to"] == wurm["id"] and wurm["power"] == 4


def test_cr_701_27e_transforms_into_trigger():
    """"When this creature transforms into ~, ..." triggers as it transforms into that face
    (CR 701.27e). (A card made for the test from two Oracle faces, read by the compiler.)"""
    from mtg_env.cards import temporary
    from mtg_env.cards.compiler import compile_card
    from mtg_env.cards.database import OracleCard, OracleFace
    front = OracleFace("Test Pup", "{1}{G}", "Creature — Wolf", "{T}: Transform Test Pup.", "1", "1",
                       colors=("G",))
    back = OracleFace("Test Howler", "", "Creature — Werewolf", "Whenever this creature transforms "
                      "into Test Howler, you gain 3 life.", "3", "3", colors=("G",), color_indicator=("G",))
    got = compile_card(OracleCard("Test Pup // Test Howler", "transform", front, (front, back), ("G",), 2.0))
    assert got.card is not None, got.reasons
    with temporary(got.card):
        g = scenario("""
players:
  - battlefield: [Test Pup]
""")
        g.run_line(["activate Test Pup: {T}: Transform Test Pup.", "pass"])
        assert permanent(g, "Test Howler")
        assert stack(g)[0]["source"] == "Test Howler"
        g.act("pass")
        assert player(g, "P1")["life"] == 23


def test_cr_709_4a_a_split_card_has_both_names_dead_gone():
    """Outside the stack a split card has both names (CR 709.4a): "a card named Gone" is it."""
    from mtg_env.core.filters import Named
    g = scenario("""
players:
  - graveyard: [Dead // Gone]
""")
    oid = g.players[0].graveyard[0]
    o, c = g.objects[oid], g.chars(oid)
    assert Named("Gone").obj(g, o, c, 0, None) and Named("Dead").obj(g, o, c, 0, None)
    assert Named("Dead // Gone").obj(g, o, c, 0, None) and not Named("Wax").obj(g, o, c, 0, None)


# --------------------------------------------------------------------------------------------
# "As ~ enters, you may pay N life. If you don't, it enters tapped." (CR 614.12)


def test_cr_614_12_pay_life_or_enter_tapped_blood_crypt():
    """Blood Crypt: "As Blood Crypt enters the battlefield, you may pay 2 life. If you don't, it
    enters the battlefield tapped." The choice is made as it enters (CR 614.12)."""
    _compiled("Blood Crypt")
    g = scenario("""
players:
  - hand: [Blood Crypt]
""")
    g.act("play Blood Crypt")
    assert labels(g) == ["yes", "no"]
    g.act("yes")
    assert player(g, "P1")["life"] == 18 and not permanent(g, "Blood Crypt")["tapped"]
    g = scenario("""
players:
  - hand: [Blood Crypt]
""")
    g.run_line(["play Blood Crypt", "no"])
    assert player(g, "P1")["life"] == 20 and permanent(g, "Blood Crypt")["tapped"]


def test_cr_119_4_cant_pay_more_life_than_you_have_blood_crypt():
    """With 1 life, 2 life can't be paid (CR 119.4): it enters tapped."""
    g = scenario("""
players:
  - life: 1
    hand: [Blood Crypt]
""")
    g.act("play Blood Crypt")
    assert labels(g) == ["no"]
    g.act("no")
    assert player(g, "P1")["life"] == 1 and permanent(g, "Blood Crypt")["tapped"]


def test_cr_601_2f_cost_reduction_judged_on_the_face_cast_giant_killer():
    """Goblin Electromancer: "Instant and sorcery spells you cast cost {1} less to cast." In a
    hand Giant Killer is a creature card, but the reduction applies to its Adventure, Chop Down
    ({2}{W}, an instant: CR 715.3a, only the face cast is evaluated): it can be cast with
    {W}{W}, and not without the Electromancer."""
    for bf, castable in (("[Goblin Electromancer]", True), ("[]", False)):
        g = scenario(f"""
players:
  - mana_pool: "{{W}}{{W}}"
    hand: [Giant Killer]
    battlefield: {bf}
  - battlefield: [Craw Wurm]
""")
        assert ("cast Chop Down" in labels(g)) is castable
        assert "cast Giant Killer" in labels(g)
        if castable:
            g.act("cast Chop Down")
            g.act("target Craw Wurm")
            assert stack(g)[0]["source"] == "Chop Down"
