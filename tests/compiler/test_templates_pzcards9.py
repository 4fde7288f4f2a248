"""Templates for cards the Forge puzzles need (issue 15, session 9; templates/pzcards9.py),
through real cards compiled from their Oracle text."""

from __future__ import annotations

from tests.compiler.test_templates_combat import attack, block_options, combat, to_decision
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, player, scenario

# --------------------------------------------------------------------------------------------
# "Creatures with power less than ~'s power can't block it" (CR 509.1b)


def test_cr_509_1b_weaker_creatures_cant_block_skarrgan_pit_skulk():
    """Skarrgan Pit-Skulk: "Creatures with power less than Skarrgan Pit-Skulk's power can't
    block it." A 1/1 with two +1/+1 counters (power 3): Grizzly Bears (2) can't block it, Hill
    Giant (3, not less) and Craw Wurm (6) can."""
    _compiled("Skarrgan Pit-Skulk")
    g = combat([{"card": "Skarrgan Pit-Skulk", "counters": {"+1/+1": 2}}],
               ["Grizzly Bears", "Hill Giant", "Craw Wurm"])
    attack(g, "Skarrgan Pit-Skulk")
    to_decision(g, "block")
    assert block_options(g) == ["block Skarrgan Pit-Skulk with Craw Wurm",
                                "block Skarrgan Pit-Skulk with Hill Giant"]


def test_cr_509_1b_the_attackers_power_now_aura_gnarlid():
    """Aura Gnarlid: the restriction reads its power as blockers are declared: a 2/2 with one
    Aura on the battlefield is a 3/3, so Grizzly Bears (2) can't block it; without the Aura,
    Grizzly Bears could (2 is not less than 2)."""
    _compiled("Aura Gnarlid", "Pacifism")
    g = combat(["Aura Gnarlid", "Memnite"], ["Grizzly Bears", "Hill Giant", {"card": "Pacifism", "attached_to": "Memnite"}])
    attack(g, "Aura Gnarlid")
    to_decision(g, "block")
    assert block_options(g) == ["block Aura Gnarlid with Hill Giant"]
    g = combat(["Aura Gnarlid"], ["Grizzly Bears", "Hill Giant"])
    attack(g, "Aura Gnarlid")
    to_decision(g, "block")
    assert block_options(g) == ["block Aura Gnarlid with Grizzly Bears", "block Aura Gnarlid with Hill Giant"]


def test_cr_509_1b_stronger_creatures_cant_block_silumgar_assassin():
    """Silumgar Assassin: "Creatures with power greater than Silumgar Assassin's power can't
    block it." (a 2/1): Hill Giant (3) can't block it, Grizzly Bears (2) can."""
    _compiled("Silumgar Assassin")
    g = combat(["Silumgar Assassin"], ["Grizzly Bears", "Hill Giant"])
    attack(g, "Silumgar Assassin")
    to_decision(g, "block")
    assert block_options(g) == ["block Silumgar Assassin with Grizzly Bears"]


# --------------------------------------------------------------------------------------------
# "When ~ is put into a graveyard from the battlefield, return ~ to its owner's hand" (CR 400.7d)


def test_cr_400_7d_rancor_returns_to_its_owners_hand():
    """Rancor: "When Rancor is put into a graveyard from the battlefield, return Rancor to its
    owner's hand." Its creature is bolted: Rancor goes to the graveyard (CR 704.5m), its ability
    finds the card there and returns it to P1's hand."""
    _compiled("Rancor")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, {card: Rancor, attached_to: Grizzly Bears}]
    mana_pool: "{R}"
    hand: [Lightning Bolt]
    library: [Island, Island]
  - library: [Island, Island]
""")
    assert permanent(g, "Grizzly Bears")["power"] == 4
    g.act("cast Lightning Bolt")
    g.act("target Grizzly Bears")
    g.act("pass")  # P2 has nothing to do: Lightning Bolt resolves
    assert [i["source"] for i in g.state_json()["stack"]] == ["Rancor"]
    assert "Rancor" in player(g, "P1")["graveyard"]
    g.act("pass")
    assert "Rancor" in player(g, "P1")["hand"] and "Rancor" not in player(g, "P1")["graveyard"]


def test_cr_400_7d_exiled_rancor_doesnt_trigger():
    """Exiled from the battlefield (Revoke Existence), Rancor isn't put into a graveyard: no
    trigger, it stays in exile."""
    _compiled("Rancor", "Revoke Existence")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, {card: Rancor, attached_to: Grizzly Bears}]
    mana_pool: "{W}{W}{W}"
    hand: [Revoke Existence]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("cast Revoke Existence")
    g.act("target Rancor")
    while g.decision is not None and g.state_json()["stack"]:
        g.act(labels(g)[0] if g.decision.kind != "priority" else "pass")
    assert g.state_json()["stack"] == [] and [c["card"] for c in player(g, "P1")["exile"]] == ["Rancor"]
    assert "Rancor" not in player(g, "P1")["hand"]


# --------------------------------------------------------------------------------------------
# the intervening "if you control another <permanent>" (CR 603.4)


def _cast_elite(others: str) -> object:
    g = scenario(f"""
players:
  - mana_pool: "{{G}}{{G}}"
    hand: [Dwynen's Elite]
    battlefield: {others}
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("cast Dwynen's Elite")
    g.act("pass")  # the creature spell resolves
    return g


def test_cr_603_4_another_elf_dwynens_elite():
    """Dwynen's Elite: "When Dwynen's Elite enters, if you control another Elf, create a 1/1
    green Elf Warrior creature token." With Llanowar Elves: the trigger, then the token."""
    _compiled("Dwynen's Elite")
    g = _cast_elite("[Llanowar Elves]")
    assert [i["source"] for i in g.state_json()["stack"]] == ["Dwynen's Elite"]
    g.act("pass")
    assert sorted(p["card"] for p in player(g, "P1")["battlefield"]) == [
        "Dwynen's Elite", "Elf Warrior Token", "Llanowar Elves"]


def test_cr_603_4_the_elite_itself_is_not_another_elf():
    """Alone (or beside a non-Elf), Dwynen's Elite is no "other" Elf: it doesn't trigger."""
    _compiled("Dwynen's Elite")
    g = _cast_elite("[Grizzly Bears]")
    assert g.state_json()["stack"] == []
    assert sorted(p["card"] for p in player(g, "P1")["battlefield"]) == ["Dwynen's Elite", "Grizzly Bears"]


def test_cr_603_4_another_elf_is_judged_again_as_it_resolves():
    """The Elf leaves with the trigger on the stack (P1 bolts Llanowar Elves in response): no
    other Elf as it resolves, no token (CR 603.4)."""
    _compiled("Dwynen's Elite")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{R}"
    hand: [Dwynen's Elite, Lightning Bolt]
    battlefield: [Llanowar Elves]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("cast Dwynen's Elite")
    g.act("pay {1} with {G}")
    g.act("pass")
    assert [i["source"] for i in g.state_json()["stack"]] == ["Dwynen's Elite"]
    g.act("cast Lightning Bolt")
    g.act("target Llanowar Elves")
    g.act("pass")  # the Bolt resolves
    g.act("pass")  # the trigger resolves: no other Elf
    assert g.state_json()["stack"] == []
    assert [p["card"] for p in player(g, "P1")["battlefield"]] == ["Dwynen's Elite"]


# --------------------------------------------------------------------------------------------
# "Exile up to two target cards from graveyards" (CR 115.1, 601.2c)


def test_cr_601_2c_faerie_macabre_exiles_up_to_two_cards_from_graveyards():
    """Faerie Macabre: "Discard Faerie Macabre: Exile up to two target cards from graveyards."
    Activated from P1's hand (CR 113.6m), targeting a card in each graveyard: both exiled, the
    Faerie discarded as the cost."""
    _compiled("Faerie Macabre")
    g = scenario("""
players:
  - hand: [Faerie Macabre]
    graveyard: [Grizzly Bears]
    library: [Island, Island]
  - graveyard: [Hill Giant, Craw Wurm]
    library: [Island, Island]
""")
    g.act("activate Faerie Macabre")
    assert sorted(lab for lab in labels(g) if lab.startswith("target ")) == [
        "target Craw Wurm", "target Grizzly Bears", "target Hill Giant"]
    g.act("target Grizzly Bears")
    g.act("target Hill Giant")
    while g.decision is not None and g.decision.kind != "priority":
        g.act(labels(g)[0])
    assert "Faerie Macabre" in player(g, "P1")["graveyard"]
    g.act("pass")
    assert [c["card"] for c in player(g, "P1")["exile"]] == ["Grizzly Bears"]
    assert [c["card"] for c in player(g, "P2")["exile"]] == ["Hill Giant"]
    assert player(g, "P2")["graveyard"] == ["Craw Wurm"]


# --------------------------------------------------------------------------------------------
# "Return target ... card from a graveyard to its owner's hand" (CR 400.7, 608.2b)


def test_cr_608_2b_pulse_of_murasa_returns_a_card_from_any_graveyard_to_its_owner():
    """Pulse of Murasa: "Return target creature or land card from a graveyard to its owner's
    hand. You gain 6 life." Targets: creature and land cards of both graveyards (not the
    instant); P2's Hill Giant goes to P2's hand, P1 gains 6."""
    _compiled("Pulse of Murasa")
    g = scenario("""
players:
  - mana_pool: "{G}{G}{G}"
    hand: [Pulse of Murasa]
    graveyard: [Lightning Bolt, Forest]
    library: [Island, Island]
  - graveyard: [Hill Giant]
    library: [Island, Island]
""")
    g.act("cast Pulse of Murasa")
    assert sorted(lab for lab in labels(g) if lab.startswith("target ")) == ["target Forest", "target Hill Giant"]
    g.act("target Hill Giant")
    g.act("pass")
    assert player(g, "P2")["hand"] == ["Hill Giant"] and player(g, "P2")["graveyard"] == []
    assert player(g, "P1")["life"] == 26


# --------------------------------------------------------------------------------------------
# "When ~ dies, ... equal to its power" (CR 608.2h, 113.7a)


def test_cr_608_2h_mortis_dogs_uses_its_last_known_power():
    """Mortis Dogs: "When Mortis Dogs dies, target player loses life equal to its power." A 2/2
    with a +1/+1 counter is bolted: it last existed as a 3/3 (the card in the graveyard is a
    2/2), so P2 loses 3."""
    _compiled("Mortis Dogs")
    g = scenario("""
players:
  - battlefield: [{card: Mortis Dogs, counters: {+1/+1: 1}}]
    mana_pool: "{R}"
    hand: [Lightning Bolt]
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("cast Lightning Bolt")
    g.act("target Mortis Dogs")
    g.act("pass")
    assert "Mortis Dogs" in player(g, "P1")["graveyard"]
    g.act("target P2")
    g.act("pass")
    assert player(g, "P2")["life"] == 17 and player(g, "P1")["life"] == 20


# --------------------------------------------------------------------------------------------
# processors: "put a card an opponent owns from exile into that player's graveyard"


def _ruin_processor(p2_exile: str) -> object:
    g = scenario(f"""
players:
  - mana_pool: "{{C}}x7"
    hand: [Ruin Processor]
    exile: [Grizzly Bears]
    library: [Island, Island]
  - exile: {p2_exile}
    library: [Island, Island]
""")
    g.act("cast Ruin Processor")
    g.act("pass")  # the creature spell resolves, its trigger goes on the stack and resolves
    return g


def test_processor_puts_an_opponents_exiled_card_into_their_graveyard_ruin_processor():
    """Ruin Processor: "When Ruin Processor enters, you may put a card an opponent owns from
    exile into that player's graveyard. If you do, you gain 5 life." P2 has Hill Giant and Craw
    Wurm in exile (P1's own Grizzly Bears is not offered): Craw Wurm goes to P2's graveyard and
    P1 gains 5."""
    _compiled("Ruin Processor")
    g = _ruin_processor("[Hill Giant, Craw Wurm]")
    g.act("yes")
    assert sorted(labels(g)) == ["put Craw Wurm (exile)", "put Hill Giant (exile)"]
    g.act("put Craw Wurm (exile)")
    assert player(g, "P2")["graveyard"] == ["Craw Wurm"] and player(g, "P1")["life"] == 25
    assert [c["card"] for c in player(g, "P1")["exile"]] == ["Grizzly Bears"]


def test_processor_without_an_opponents_exiled_card_does_nothing_ruin_processor():
    """With no card of P2's in exile, "if you do" doesn't happen: no life (CR 608.2c)."""
    _compiled("Ruin Processor")
    g = _ruin_processor("[]")
    assert labels(g) == ["yes", "no"]
    g.act("yes")
    assert player(g, "P1")["life"] == 20 and player(g, "P2")["graveyard"] == []


# --------------------------------------------------------------------------------------------
# "~ gets +1/+1 as long as you control another artifact" (CR 611.3a)


def test_cr_611_3a_as_long_as_you_control_another_artifact_court_homunculus():
    """Court Homunculus (an artifact creature): "Court Homunculus gets +1/+1 as long as you
    control another artifact." It doesn't count itself: alone a 1/1; beside Ornithopter a 2/2;
    P2's Sol Ring doesn't count."""
    _compiled("Court Homunculus")
    g = scenario("""
players:
  - battlefield: [Court Homunculus]
    library: [Island]
  - battlefield: [Sol Ring]
    library: [Island]
""")
    assert (permanent(g, "Court Homunculus")["power"], permanent(g, "Court Homunculus")["toughness"]) == (1, 1)
    g = scenario("""
players:
  - battlefield: [Court Homunculus, Ornithopter]
    library: [Island]
  - library: [Island]
""")
    assert (permanent(g, "Court Homunculus")["power"], permanent(g, "Court Homunculus")["toughness"]) == (2, 2)


# --------------------------------------------------------------------------------------------
# Exhume (CR 101.4)


def test_cr_101_4_exhume_each_player_puts_a_creature_card_onto_the_battlefield():
    """Exhume: "Each player puts a creature card from their graveyard onto the battlefield."
    P1 (active, first) chooses Hill Giant over Grizzly Bears (Lightning Bolt is no creature
    card); P2's only creature card, Craw Wurm, is put onto the battlefield under P2's control."""
    _compiled("Exhume")
    g = scenario("""
players:
  - mana_pool: "{B}{B}"
    hand: [Exhume]
    graveyard: [Grizzly Bears, Hill Giant, Lightning Bolt]
    library: [Island, Island]
  - graveyard: [Craw Wurm]
    library: [Island, Island]
""")
    g.act("cast Exhume")
    g.act("pass")
    assert sorted(labels(g)) == ["put Grizzly Bears onto the battlefield", "put Hill Giant onto the battlefield"]
    g.act("put Hill Giant onto the battlefield")
    assert [p["card"] for p in player(g, "P1")["battlefield"]] == ["Hill Giant"]
    assert [p["card"] for p in player(g, "P2")["battlefield"]] == ["Craw Wurm"]
    assert sorted(player(g, "P1")["graveyard"]) == ["Exhume", "Grizzly Bears", "Lightning Bolt"]


def test_cr_101_4_exhume_the_opponent_chooses_its_own_card():
    """P1 has no creature card: nothing for P1; P2 chooses between its two (the decision is
    P2's)."""
    _compiled("Exhume")
    g = scenario("""
players:
  - mana_pool: "{B}{B}"
    hand: [Exhume]
    library: [Island, Island]
  - graveyard: [Craw Wurm, Grizzly Bears]
    library: [Island, Island]
""")
    g.act("cast Exhume")
    g.act("pass")
    assert g.decision.player == "P2"
    g.act("put Grizzly Bears onto the battlefield")
    assert player(g, "P1")["battlefield"] == []
    assert [p["card"] for p in player(g, "P2")["battlefield"]] == ["Grizzly Bears"]
