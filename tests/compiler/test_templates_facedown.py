"""Face-down spells and permanents (CR 708; templates/facedown.py, engine/facedown.py): morph and
megamorph (CR 702.37), manifest (CR 701.40), "When ~ is turned face up" (CR 708.8), and what
the other players may see (CR 708.5, 708.9), through real cards compiled from their Oracle text."""

from __future__ import annotations

import json
import pickle
import random

import numpy as np

from mtg_env.cards import card_status
from mtg_env.env import observation
from mtg_env.env.layout import ObjectTable
from mtg_env.env.observation import card_index, encode
from mtg_env.views import determinize
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, permanents, player, scenario, stack

FD = "face-down creature"


def _pay(g, typ: str = "{C}") -> None:
    """Answer the "pay {1} with ..." questions with mana of type `typ`."""
    while g.decision.kind != "priority":
        g.act(next(lab for lab in labels(g) if lab.startswith("pay ") and typ in lab))


def _face_down_ids(g) -> list[int]:
    return [e["id"] for p in g.state_json()["players"] for e in p["battlefield"] if e.get("face_down")]


# --------------------------------------------------------------------------------------------
# casting face down (CR 702.37a, 702.37c, 708.4)


def test_cr_702_37c_cast_face_down_for_3_as_a_2_2_icefeather_aven():
    """Icefeather Aven: "Morph {1}{G}{U}": it may be cast face down for {3} rather than its
    mana cost; the spell and the permanent it becomes are a 2/2 creature with no text, no name,
    no subtypes, no color and no mana cost (CR 702.37c, 708.2a): no flying."""
    _compiled("Icefeather Aven")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}"
    hand: [Icefeather Aven]
""")
    assert "cast Icefeather Aven" not in labels(g)  # {G}{U} not in the pool
    g.act("cast Icefeather Aven face down")
    assert player(g, "P1")["mana_pool"] == ""  # {3} paid
    assert stack(g)[0]["source"] == FD and stack(g)[0]["text"] == ""
    g.act("pass")
    fd = permanent(g, FD)
    assert fd["face_down"] and (fd["power"], fd["toughness"], fd["types"]) == (2, 2, ["Creature"])
    c = g.chars(fd["id"])
    assert not c.keywords and not c.abilities and not c.colors and not c.subtypes and c.mana_value == 0


def test_cr_708_4_face_down_spell_has_sorcery_timing_and_mana_value_0_icefeather_aven():
    """CR 708.4: rules see only the face-down spell: a creature spell (cast only at sorcery
    speed) with mana value 0; the choice to cast it face down is offered beside the normal cast."""
    g = scenario("""
players:
  - mana_pool: "{G}{U}{C}{C}{C}"
    hand: [Icefeather Aven]
""")
    assert {"cast Icefeather Aven", "cast Icefeather Aven face down"} <= set(labels(g))
    g = scenario("""
step: upkeep
players:
  - mana_pool: "{C}{C}{C}"
    hand: [Icefeather Aven]
""")
    assert "cast Icefeather Aven face down" not in labels(g)


def test_cr_708_3_no_ability_of_its_card_while_face_down_goblin_taskmaster():
    """Goblin Taskmaster ("{1}{R}: Target Goblin creature gets +1/+0 until end of turn."), face
    down, has no ability: none of its card's abilities apply to the face-down permanent (CR
    708.2a, 708.3)."""
    _compiled("Goblin Taskmaster")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{R}{R}{R}"
    hand: [Goblin Taskmaster]
""")
    g.act("cast Goblin Taskmaster face down")
    _pay(g, "{C}")
    g.act("pass")
    assert not [lab for lab in labels(g) if lab.startswith("activate")]
    g.act("turn Goblin Taskmaster face up")
    assert "activate Goblin Taskmaster: {1}{R}: Target Goblin creature gets +1/+0 until end of turn." in labels(g)


def test_cr_708_2a_face_down_permanent_that_dies_has_no_dies_ability_sultai_emissary():
    """A manifested Sultai Emissary ("When Sultai Emissary dies, manifest the top card of your
    library.") dies face down: it had no abilities, so nothing triggers; it is revealed in the
    graveyard (CR 708.9)."""
    _compiled("Sultai Emissary")
    g = scenario("""
players:
  - mana_pool: "{W}{C}{R}"
    hand: [Soul Summons, Shock]
    library: [Sultai Emissary, Forest]
""")
    g.act("cast Soul Summons")
    _pay(g)
    g.act("pass")
    g.act("cast Shock")
    g.act("target " + FD)
    g.act("pass")
    assert stack(g) == [] and permanents(g, FD) == []
    assert player(g, "P1")["graveyard"] == ["Soul Summons", "Shock", "Sultai Emissary"] or \
        sorted(player(g, "P1")["graveyard"]) == ["Shock", "Soul Summons", "Sultai Emissary"]
    assert player(g, "P1")["library_count"] == 1


def test_cr_708_9_countered_face_down_spell_is_revealed_icefeather_aven():
    """A face-down spell that leaves the stack for any zone but the battlefield is revealed (CR
    708.9): countered, it is Icefeather Aven in its owner's graveyard."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}"
    hand: [Icefeather Aven]
  - mana_pool: "{U}{U}"
    hand: [Counterspell]
""")
    g.act("cast Icefeather Aven face down")
    g.act("pass")
    g.act("cast Counterspell")
    assert "target " + FD in labels(g)
    g.act("target " + FD)
    g.act("pass")
    g.act("pass")
    assert player(g, "P1")["graveyard"] == ["Icefeather Aven"]


# --------------------------------------------------------------------------------------------
# turning face up: a special action (CR 116.2b, 702.37e)


def test_cr_702_37e_turn_face_up_any_time_with_priority_without_the_stack_icefeather_aven():
    """Icefeather Aven: "When Icefeather Aven is turned face up, you may return another target
    creature to its owner's hand." It is turned face up for its morph cost while the
    opponent's Shock targeting it is on the stack: the special action doesn't use the stack (CR
    116.2b); then it is the same permanent with its card's characteristics (CR 708.8: still
    summoning sick, counters kept) and its ability triggers."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}{G}{G}{U}"
    hand: [Icefeather Aven]
  - battlefield: [Grizzly Bears]
    mana_pool: "{R}"
    hand: [Shock]
""")
    g.act("cast Icefeather Aven face down")
    _pay(g)
    g.act("pass")
    g.act("pass")  # P1's spell resolves; P1 has priority again
    oid = _face_down_ids(g)[0]
    g.act("pass")
    g.act("cast Shock")  # P2 casts Shock at the face-down creature
    g.act("target " + FD)
    g.act("pass")
    assert len(stack(g)) == 1
    g.act("turn Icefeather Aven face up")  # P1 has priority with Shock on the stack
    assert g.state_json()["players"][0]["mana_pool"] == ""
    aven = permanent(g, "Icefeather Aven")
    assert aven["id"] == oid and aven["summoning_sick"] and "face_down" not in aven
    assert "flying" in g.chars(oid).keywords
    # the trigger is on the stack above Shock; Shock itself is not touched
    assert [s["source"] for s in stack(g)][0] == "Shock"
    g.act("target Grizzly Bears")
    assert stack(g)[-1]["source"] == "Icefeather Aven"


def test_cr_702_37b_megamorph_puts_a_counter_as_it_turns_face_up_gudul_lurker():
    """Gudul Lurker (a 1/1, "Megamorph {U}"): turned face up for its megamorph cost, it gets a
    +1/+1 counter (CR 702.37b): a 2/2."""
    _compiled("Gudul Lurker")
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{U}"
    hand: [Gudul Lurker]
""")
    g.act("cast Gudul Lurker face down")
    _pay(g)
    g.act("pass")
    assert "turn Gudul Lurker face up (megamorph {U})" in labels(g)
    g.act("turn Gudul Lurker face up")
    s = permanent(g, "Gudul Lurker")
    assert s["counters"] == {"+1/+1": 1} and (s["power"], s["toughness"]) == (2, 2)


def test_cr_702_37e_turn_face_up_needs_its_cost_and_a_face_down_permanent_icefeather_aven():
    """Without the morph cost in the pool it can't be turned face up; a face-up permanent has no
    such action (CR 702.37e)."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{G}{U}"
    hand: [Icefeather Aven]
""")
    g.act("cast Icefeather Aven face down")
    _pay(g)
    g.act("pass")
    assert not [lab for lab in labels(g) if lab.startswith("turn ")]  # {1}{G}{U}: one short


def test_cr_708_8_turned_face_up_same_permanent_its_characteristics_daru_lancer():
    """Daru Lancer ("First strike", "Morph {2}{W}{W}"): turned face up, it is the same
    permanent with its card's characteristics (CR 708.8): a 3/4 with first strike."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{W}{W}"
    hand: [Daru Lancer]
""")
    _compiled("Daru Lancer")
    g.act("cast Daru Lancer face down")
    _pay(g, "{C}")
    g.act("pass")
    oid = _face_down_ids(g)[0]
    g.act("turn Daru Lancer face up")
    _pay(g)
    lancer = permanent(g, "Daru Lancer")
    assert lancer["id"] == oid and (lancer["power"], lancer["toughness"]) == (3, 4)
    assert "first strike" in g.chars(oid).keywords


def test_cr_708_8_whenever_a_permanent_is_turned_face_up_aven_farseer():
    """Aven Farseer: "Whenever a permanent is turned face up, put a +1/+1 counter on Aven
    Farseer." It triggers on another permanent turned face up."""
    _compiled("Aven Farseer")
    g = scenario("""
players:
  - battlefield: [Aven Farseer]
    mana_pool: "{C}{C}{C}{G}"
    hand: [Branchsnap Lorian]
""")
    g.act("cast Branchsnap Lorian face down")
    _pay(g)
    g.act("pass")
    g.act("turn Branchsnap Lorian face up")
    assert stack(g)[-1]["source"] == "Aven Farseer"
    g.act("pass")
    assert permanent(g, "Aven Farseer")["counters"] == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# what the other players may see (CR 708.5, 708.9)


def _cast_face_down(card: str) -> object:
    g = scenario(f"""
format: duel
players:
  - mana_pool: "{{C}}{{C}}{{C}}"
    hand: [{card}]
  - battlefield: [Grizzly Bears]
""")
    g.act(f"cast {card} face down")
    g.act("pass")
    g.act("pass")
    return g


def test_cr_708_5_the_opponent_sees_no_identity_state_log_labels_observation(monkeypatch):
    """Nothing another player is shown names a face-down permanent's card (CR 708.5): the
    state's JSON, the log, the opponent's labels and the opponent's observation are the same
    whichever morph card it is; its controller's observation has its card (they may look)."""
    a = _cast_face_down("Icefeather Aven")
    b = _cast_face_down("Skinthinner")
    for g, name in ((a, "Icefeather Aven"), (b, "Skinthinner")):
        assert name not in json.dumps(g.state_json())
        assert not any(name in line for line in g.log)
    assert a.state_json() == b.state_json() and a.log == b.log
    obs = []
    for g in (a, b):
        obs.append(encode(g, 1, ObjectTable(g, 1), [], []))
    for k in obs[0]:
        assert np.array_equal(obs[0][k], obs[1][k]), k
    card_index("Forest")  # the index is built
    monkeypatch.setitem(observation._card_index, "Icefeather Aven", 9_999)
    mine = encode(a, 0, ObjectTable(a, 0), [], [])
    assert 9_999 in mine["object_cards"].tolist()
    assert 9_999 not in encode(a, 1, ObjectTable(a, 1), [], [])["object_cards"].tolist()


def test_cr_708_5_determinized_view_redeals_the_face_down_card_icefeather_aven():
    """A determinization for the opponent redeals the face-down card among its owner's hidden
    cards, with morph (what the opponent knows of it); for its controller it is unchanged."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}"
    hand: [Icefeather Aven, Skinthinner, Forest]
  - battlefield: [Grizzly Bears]
""")
    g.act("cast Icefeather Aven face down")
    g.act("pass")
    g.act("pass")
    oid = _face_down_ids(g)[0]
    seen = set()
    for seed in range(30):
        d = determinize(g, 1, random.Random(seed))
        seen.add(d.objects[oid].info["face_down"].name)
        assert d.state_json()["players"][0]["battlefield"] == g.state_json()["players"][0]["battlefield"]
    assert seen == {"Icefeather Aven", "Skinthinner"}  # never Forest: no morph
    assert determinize(g, 0, random.Random(1)).objects[oid].info["face_down"].name == "Icefeather Aven"


def test_cr_708_9_face_down_permanent_revealed_as_it_leaves_icefeather_aven():
    """A face-down permanent returned to its owner's hand is revealed (CR 708.9): it is
    Icefeather Aven there; and it pickles and clones face down."""
    g = scenario("""
format: duel
players:
  - mana_pool: "{C}{C}{C}"
    hand: [Icefeather Aven]
  - mana_pool: "{U}"
    hand: [Unsummon]
""")
    g.act("cast Icefeather Aven face down")
    g.act("pass")
    g.act("pass")
    c = pickle.loads(pickle.dumps(g))
    assert c.state_json() == g.state_json()
    g.act("pass")
    g.act("cast Unsummon")
    g.act("target " + FD)
    g.act("pass")
    g.act("pass")
    assert player(g, "P1")["hand"] == ["Icefeather Aven"] and player(g, "P1")["battlefield"] == []
    assert any("revealed: Icefeather Aven" in line for line in g.log)


# --------------------------------------------------------------------------------------------
# manifest (CR 701.40)


def test_cr_701_40a_manifest_the_top_card_soul_summons():
    """Soul Summons: "Manifest the top card of your library." The top card (Grizzly Bears, a
    creature card) becomes a face-down 2/2; it may be turned face up for its mana cost (CR
    701.40b)."""
    _compiled("Soul Summons")
    g = scenario("""
players:
  - mana_pool: "{W}{C}{G}{G}"
    hand: [Soul Summons]
    library: [Grizzly Bears, Forest]
""")
    g.act("cast Soul Summons")
    _pay(g)
    g.act("pass")
    fd = permanent(g, FD)
    assert fd["face_down"] and player(g, "P1")["library_count"] == 1
    assert "turn Grizzly Bears face up (mana cost {1}{G})" in labels(g)
    g.act("turn Grizzly Bears face up")
    _pay(g)
    assert permanent(g, "Grizzly Bears")["id"] == fd["id"]


def test_cr_701_40b_manifested_noncreature_card_cant_be_turned_face_up_soul_summons():
    """A manifested land or instant card stays face down: it isn't a creature card (CR 701.40b)."""
    g = scenario("""
players:
  - mana_pool: "{W}{C}{R}{R}"
    hand: [Soul Summons]
    library: [Lightning Bolt]
""")
    g.act("cast Soul Summons")
    _pay(g)
    g.act("pass")
    assert permanent(g, FD)["face_down"]
    assert not [lab for lab in labels(g) if lab.startswith("turn ")]


def test_cr_701_40c_manifested_morph_card_either_cost_icefeather_aven():
    """A manifested card with morph may be turned face up for its mana cost or its morph cost
    (CR 701.40c)."""
    g = scenario("""
players:
  - mana_pool: "{W}{C}{G}{U}{C}{C}"
    hand: [Soul Summons]
    library: [Icefeather Aven]
""")
    g.act("cast Soul Summons")
    _pay(g)
    g.act("pass")
    turn = {lab for lab in labels(g) if lab.startswith("turn ")}
    assert turn == {"turn Icefeather Aven face up (morph {1}{G}{U})",
                    "turn Icefeather Aven face up (mana cost {G}{U})"}


def test_cr_701_40a_manifest_then_counters_on_it_formless_nurturing():
    """Formless Nurturing: "Manifest the top card of your library, then put a +1/+1 counter on
    it." The counter is on the manifested permanent."""
    _compiled("Formless Nurturing")
    g = scenario("""
players:
  - mana_pool: "{G}{C}{C}{C}"
    hand: [Formless Nurturing]
    library: [Forest]
""")
    g.act("cast Formless Nurturing")
    _pay(g)
    g.act("pass")
    fd = permanent(g, FD)
    assert fd["counters"] == {"+1/+1": 1} and (fd["power"], fd["toughness"]) == (3, 3)


def test_cr_701_40e_manifest_two_one_at_a_time_ethereal_ambush():
    """Ethereal Ambush: "Manifest the top two cards of your library."; with one card in the
    library, one is manifested."""
    _compiled("Ethereal Ambush")
    g = scenario("""
players:
  - mana_pool: "{G}{U}{C}{C}{C}"
    hand: [Ethereal Ambush]
    library: [Forest]
""")
    g.act("cast Ethereal Ambush")
    _pay(g)
    g.act("pass")
    assert len(permanents(g, FD)) == 1 and player(g, "P1")["library_count"] == 0


# --------------------------------------------------------------------------------------------
# declined wordings


def test_cr_702_37a_declined_morph_with_a_non_mana_cost_and_other_face_down_wordings():
    """Morph costs that aren't mana ("Morph—Reveal a white card."), "Its controller manifests
    ..." (the exiled creature's last controller is not known to the engine) and "As ~ is turned
    face up, ..." are not read."""
    for name, phrase in (("Watcher of the Roost", "Morph"), ("Reality Shift", "manifests"),
                         ("Hooded Hydra", "turned face up")):
        st = card_status(name)
        assert not st.supported and any(phrase in r for r in st.reasons), st


def test_cr_708_8_enters_or_is_turned_face_up_ponyback_brigade():
    """Ponyback Brigade: "When Ponyback Brigade enters or is turned face up, create three 1/1
    red Goblin creature tokens." Entering face down it has no ability (CR 708.3); turned face up
    (paid with automatic payment: lands tapped for the morph cost) it triggers (CR 708.8)."""
    _compiled("Ponyback Brigade")
    g = scenario("""
mana_payment: auto
players:
  - battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Plains, Swamp, Plains]
    hand: [Ponyback Brigade]
""")
    g.act("cast Ponyback Brigade face down")
    g.act("tap Mountain, Mountain, Mountain")
    g.act("pass")
    assert stack(g) == [] and permanents(g, "Goblin Token") == []
    g.act("turn Ponyback Brigade face up")
    while g.decision.kind != "priority":
        g.act(labels(g)[0])
    assert sum(1 for e in player(g, "P1")["battlefield"] if e["tapped"]) == 8
    g.act("pass")
    assert len(permanents(g, "Goblin Token")) == 3


def test_cr_707_2_a_copy_of_a_face_down_creature_is_a_nameless_2_2_clone():
    """Clone entering as a copy of a face-down creature copies its copiable values: those of
    the face-down 2/2 (CR 708.2, 707.2), not its card's."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{U}{C}{C}{C}"
    hand: [Icefeather Aven, Clone]
""")
    g.act("cast Icefeather Aven face down")
    _pay(g)
    g.act("pass")
    g.act("cast Clone")
    _pay(g)
    g.act("pass")
    while g.decision.kind != "priority":
        g.act(next(lab for lab in labels(g) if FD in lab or lab == "yes"))
    clone = [e for e in player(g, "P1")["battlefield"] if not e.get("face_down")]
    assert len(clone) == 1 and (clone[0]["power"], clone[0]["toughness"]) == (2, 2)
    assert "flying" not in g.chars(clone[0]["id"]).keywords
    assert not any("Icefeather Aven" in line for line in g.log)


def test_cr_708_9_face_down_permanents_revealed_at_the_end_of_the_game_icefeather_aven():
    """At the end of the game every face-down permanent is revealed (CR 708.9)."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{R}"
    hand: [Icefeather Aven, Lightning Bolt]
  - life: 3
""")
    g.act("cast Icefeather Aven face down")
    _pay(g)
    g.act("pass")
    assert "revealed" not in permanent(g, FD)
    g.act("cast Lightning Bolt")
    g.act("target P2")
    g.act("pass")
    assert g.state_json()["game_over"]
    assert permanent(g, FD)["revealed"] == "Icefeather Aven"


def test_cr_708_scenario_face_down_permanents_morph_and_manifest():
    """A scenario's permanent may be face down (`face_down: morph` or `manifest`): a 2/2
    face-down creature, whatever its card (a manifested Lightning Bolt too, CR 701.40a), that
    its controller may turn face up as the rules allow (CR 702.37e, 701.40b)."""
    g = scenario("""
players:
  - mana_pool: "{G}{U}{C}"
    battlefield:
      - {card: Icefeather Aven, face_down: morph}
      - {card: Lightning Bolt, face_down: manifest}
      - {card: Grizzly Bears, face_down: manifest}
""")
    assert len(permanents(g, FD)) == 3
    assert {lab for lab in labels(g) if lab.startswith("turn ")} == {
        "turn Icefeather Aven face up (morph {1}{G}{U})", "turn Grizzly Bears face up (mana cost {1}{G})"}
    try:
        scenario("players:\n  - battlefield:\n      - {card: Grizzly Bears, face_down: morph}\n")
    except Exception as e:  # noqa: BLE001
        assert "no morph ability" in str(e)
    else:
        raise AssertionError("a card without morph can't be face down by morph")
