"""Templates and costs for cards the Forge puzzles need (issue 15, session 10): "Return a
<permanent> you control to its owner's hand" as a cost (CR 601.2h, engine/return_cost.py) and
"must be blocked this turn if able" (CR 509.1c, templates/pzcards10.py), through real cards
compiled from their Oracle text."""

from __future__ import annotations

from mtg_env.cards import card_status
from tests.compiler.test_templates_combat import attack, combat, to_decision
from tests.helpers import compiled as _compiled
from tests.helpers import labels, permanent, permanents, player, scenario

# --------------------------------------------------------------------------------------------
# CR 601.2h: "Return a Forest you control to its owner's hand" as a cost

_RANGER = """
players:
  - battlefield: [Quirion Ranger, {card: Forest, tapped: true}, {extra}{card: Grizzly Bears, tapped: true}]
    library: [Island, Island]
  - library: [Island, Island]
"""


def test_cr_601_2h_return_a_forest_as_a_cost_quirion_ranger():
    """Quirion Ranger: "Return a Forest you control to its owner's hand: Untap target creature.
    Activate only once each turn." With two Forests, P1 chooses which returns (the tapped one):
    it is in P1's hand, Grizzly Bears untaps, and the ability can't be activated again."""
    _compiled("Quirion Ranger")
    g = scenario(_RANGER.replace("{extra}", "Forest, "))
    g.run_line(["activate Quirion Ranger", "target Grizzly Bears"])
    assert labels(g) == ["return Forest#4", "return Forest#5"]
    g.act("return Forest#4")
    assert player(g, "P1")["hand"] == ["Forest"] and len(permanents(g, "Forest")) == 1
    assert not permanents(g, "Forest")[0]["tapped"]
    g.act("pass")
    assert not permanent(g, "Grizzly Bears")["tapped"]
    assert not any(a.startswith("activate Quirion Ranger") for a in labels(g))


def test_cr_601_2h_one_forest_is_returned_without_a_question_quirion_ranger():
    """With one Forest, it is the one returned (no question)."""
    g = scenario(_RANGER.replace("{extra}", ""))
    g.run_line(["activate Quirion Ranger", "target Grizzly Bears"])
    assert player(g, "P1")["hand"] == ["Forest"] and permanents(g, "Forest") == []


def test_cr_602_2b_no_forest_no_activation_quirion_ranger():
    """CR 602.2b, 118.3: without a Forest to return, the cost can't be paid: the ability isn't
    offered (a Mountain is not a Forest)."""
    g = scenario(_RANGER.replace("{card: Forest, tapped: true}, {extra}", "Mountain, "))
    assert not any(a.startswith("activate Quirion Ranger") for a in labels(g))


def test_cr_601_2h_the_source_may_be_returned_master_transmuter():
    """Master Transmuter: "{U}, {T}, Return an artifact you control to its owner's hand: You may
    put an artifact card from your hand onto the battlefield." Its ruling: it can return itself;
    here it is the only artifact: it goes to P1's hand, then P1 puts it back (the same card, a
    new object)."""
    _compiled("Master Transmuter")
    g = scenario("""
players:
  - battlefield: [Master Transmuter]
    mana_pool: "{U}"
    library: [Island, Island]
  - library: [Island, Island]
""")
    g.act("activate Master Transmuter")
    assert player(g, "P1")["hand"] == ["Master Transmuter"] and permanents(g, "Master Transmuter") == []
    g.act("pass")
    assert labels(g)[:1] and any("Master Transmuter" in a for a in labels(g))
    g.act(next(a for a in labels(g) if "Master Transmuter" in a))
    assert len(permanents(g, "Master Transmuter")) == 1 and player(g, "P1")["hand"] == []


def test_cr_601_2h_additional_cost_return_a_land_deprive():
    """Deprive: "As an additional cost to cast this spell, return a land you control to its
    owner's hand. Counter target spell." P1 returns the tapped Mountain and counters its own
    Lightning Bolt; with no land, Deprive can't be cast (CR 601.2f-h)."""
    _compiled("Deprive")
    hand = """
players:
  - battlefield: {bf}
    mana_pool: "{{R}}{{U}}{{U}}"
    hand: [Lightning Bolt, Deprive]
    library: [Island, Island]
  - library: [Island, Island]
"""
    g = scenario(hand.format(bf="[Island, {card: Mountain, tapped: true}]"))
    g.run_line(["cast Lightning Bolt", "target P2", "cast Deprive", "target Lightning Bolt"])
    assert labels(g) == ["return Island", "return Mountain"]
    g.run_line(["return Mountain", "pass"])
    assert player(g, "P1")["hand"] == ["Mountain"] and player(g, "P2")["life"] == 20
    assert player(g, "P1")["graveyard"] == ["Lightning Bolt", "Deprive"]
    g = scenario(hand.format(bf="[]"))
    g.run_line(["cast Lightning Bolt", "target P2"])
    assert "cast Deprive" not in labels(g)


def test_cr_601_2h_return_costs_not_read_unsupported():
    """Not read as this cost: ninjutsu-like "Return an unblocked attacking Rogue you control"
    (Zareth San, the Trickster)."""
    assert not card_status("Zareth San, the Trickster").supported


# --------------------------------------------------------------------------------------------
# CR 509.1c: "must be blocked this turn if able"


def test_cr_509_1c_must_be_blocked_elemental_uprising():
    """Elemental Uprising: "Target land you control becomes a 4/4 Elemental creature with haste
    until end of turn. It's still a land. It must be blocked this turn if able." Its ruling: the
    defending player must block it with at least one creature if able: "no block" isn't
    offered, and once Grizzly Bears blocks the other attacker, Hill Giant must block it (the
    declaration can't end before)."""
    _compiled("Elemental Uprising")
    g = combat(["Forest", "Savannah Lions"], ["Grizzly Bears", "Hill Giant"], p1_hand=["Elemental Uprising"],
               pool="{G}{G}")
    g.run_line(["cast Elemental Uprising", "target Forest", "pass", "pass"])
    assert permanent(g, "Forest")["power"] == 4
    attack(g, "Forest", "Savannah Lions")
    to_decision(g, "block")
    assert "no block" not in labels(g)
    g.act("block Savannah Lions with Grizzly Bears")
    assert labels(g) == ["block Forest with Hill Giant"]
    g.act("block Forest with Hill Giant")
    assert {g.name_of(a): [g.name_of(b) for b in bs] for a, bs in g.combat.blocks.items()} == {
        "Savannah Lions": ["Grizzly Bears"], "Forest": ["Hill Giant"]}


def test_cr_509_1c_must_be_blocked_not_if_unable_gaeas_protector():
    """Gaea's Protector: "Gaea's Protector must be blocked if able." With Grizzly Bears able to
    block, blocking it is the only declaration offered; with only Jungle Lion ("can't block"),
    no creature is able: P2 isn't asked to block and takes 4."""
    _compiled("Gaea's Protector", "Jungle Lion")
    g = combat(["Gaea's Protector"], ["Grizzly Bears"])
    attack(g, "Gaea's Protector")
    to_decision(g, "block")
    assert labels(g) == ["block Gaea's Protector with Grizzly Bears"]
    g = combat(["Gaea's Protector"], ["Jungle Lion"])
    attack(g, "Gaea's Protector")
    for _ in range(10):
        assert g.decision.kind == "priority"
        if player(g, "P2")["life"] < 20:
            break
        g.act("pass")
    assert player(g, "P2")["life"] == 16


# --------------------------------------------------------------------------------------------
# CR 608.2c: a depletion land's "If there are no depletion counters on ~, sacrifice it."


def test_cr_608_2c_depletion_land_sacrificed_with_its_last_counter_saprazzan_skerry():
    """Saprazzan Skerry: "{T}, Remove a depletion counter from Saprazzan Skerry: Add {U}{U}. If
    there are no depletion counters on Saprazzan Skerry, sacrifice it." With two counters it
    stays (one left); with one, it adds {U}{U} and is sacrificed."""
    _compiled("Saprazzan Skerry")
    for n, stays in ((2, True), (1, False)):
        g = scenario(f"""
players:
  - battlefield: [{{card: Saprazzan Skerry, counters: {{depletion: {n}}}}}]
    library: [Island, Island]
  - library: [Island, Island]
""")
        g.act(next(a for a in labels(g) if a.startswith("activate Saprazzan Skerry")))
        assert player(g, "P1")["mana_pool"] == "{U}{U}"
        assert (len(permanents(g, "Saprazzan Skerry")) == 1) == stays
        assert (player(g, "P1")["graveyard"] == []) == stays


# --------------------------------------------------------------------------------------------
# CR 608.2c: "If it's an artifact creature, ~ deals 4 damage to it instead."


def test_cr_608_2c_more_damage_to_an_artifact_creature_electrostatic_bolt():
    """Electrostatic Bolt: "Electrostatic Bolt deals 2 damage to target creature. If it's an
    artifact creature, Electrostatic Bolt deals 4 damage to it instead." Steel Wall (0/4
    artifact creature) dies; Hill Giant (3/3, not an artifact) is dealt 2 and survives."""
    _compiled("Electrostatic Bolt")
    for target, dies in (("Steel Wall", True), ("Hill Giant", False)):
        g = scenario(f"""
players:
  - mana_pool: "{{R}}"
    hand: [Electrostatic Bolt]
    library: [Island, Island]
  - battlefield: [{target}]
    library: [Island, Island]
""")
        g.run_line(["cast Electrostatic Bolt", f"target {target}", "pass"])
        assert (player(g, "P2")["graveyard"] == [target]) == dies
        if not dies:
            assert permanent(g, target)["damage"] == 2


# --------------------------------------------------------------------------------------------
# CR 608.2h: "If that land was nonbasic, ~ deals 2 damage to the land's controller."


def test_cr_608_2h_destroyed_nonbasic_land_damages_its_controller_molten_rain():
    """Molten Rain: "Destroy target land. If that land was nonbasic, Molten Rain deals 2 damage
    to the land's controller." Destroying P2's Tundra (nonbasic) deals P2 2; destroying P2's
    Mountain (basic) deals none."""
    _compiled("Molten Rain", "Choking Sands")
    for land, life in (("Tundra", 18), ("Mountain", 20)):
        g = scenario(f"""
players:
  - mana_pool: "{{R}}{{R}}{{R}}"
    hand: [Molten Rain]
    library: [Island, Island]
  - battlefield: [{land}]
    library: [Island, Island]
""")
        g.run_line(["cast Molten Rain", f"target {land}", "pass"])
        assert player(g, "P2")["graveyard"] == [land] and player(g, "P2")["life"] == life


# --------------------------------------------------------------------------------------------
# "You choose a nonland card from it. Exile that card." (the chosen card, CR 607.2a if linked)

_SEER = """
players:
  - mana_pool: "{{C}}{{C}}{{C}}{{C}}"
    hand: [{card}]
    library: [Island, Island]
  - hand: [Lightning Bolt, Island]
    library: [Island, Island]
"""


def _seer(card: str) -> object:
    g = scenario(_SEER.format(card=card))
    g.run_line([f"cast {card}", "pass", "target P2", "pass"])
    assert labels(g) == ["choose Lightning Bolt"]
    g.act("choose Lightning Bolt")
    return g


def test_cr_406_3_exile_the_chosen_card_thought_knot_seer():
    """Thought-Knot Seer: "When Thought-Knot Seer enters, target opponent reveals their hand.
    You choose a nonland card from it and exile that card." "That card" is the card chosen
    (Lightning Bolt is exiled), not Thought-Knot Seer (which stays on the battlefield)."""
    _compiled("Thought-Knot Seer")
    g = _seer("Thought-Knot Seer")
    assert [c["card"] for c in player(g, "P2")["exile"]] == ["Lightning Bolt"]
    assert player(g, "P2")["hand"] == ["Island"] and len(permanents(g, "Thought-Knot Seer")) == 1


def test_cr_607_2a_exiled_card_returns_when_it_leaves_mesmeric_fiend():
    """Mesmeric Fiend: "When Mesmeric Fiend enters, target opponent reveals their hand and you
    choose a nonland card from it. Exile that card. When Mesmeric Fiend leaves the battlefield,
    return the exiled card to its owner's hand." Lightning Bolt is exiled; when the Fiend leaves
    (Unsummoned back to P1's hand), the Bolt returns to P2's hand."""
    _compiled("Mesmeric Fiend")
    g = scenario(_SEER.format(card="Mesmeric Fiend").replace('"{C}{C}{C}{C}"', '"{B}{B}{U}"')
                 .replace("hand: [Mesmeric Fiend]", "hand: [Mesmeric Fiend, Unsummon]"))
    g.run_line(["cast Mesmeric Fiend", "pay {1} with {B}", "pass", "target P2", "pass", "choose Lightning Bolt"])
    assert [c["card"] for c in player(g, "P2")["exile"]] == ["Lightning Bolt"]
    g.run_line(["cast Unsummon", "target Mesmeric Fiend", "pass", "pass"])
    assert "Mesmeric Fiend" in player(g, "P1")["hand"]
    assert sorted(player(g, "P2")["hand"]) == ["Island", "Lightning Bolt"] and player(g, "P2")["exile"] == []


# --------------------------------------------------------------------------------------------
# CR 120.3: "deals 3 damage to target creature and 2 damage to target player or planeswalker"


def test_cr_120_3_damage_to_two_targets_hungry_flames():
    """Hungry Flames: "Hungry Flames deals 3 damage to target creature and 2 damage to target
    player or planeswalker." Hill Giant (3/3) dies and P2 loses 2 life."""
    _compiled("Hungry Flames")
    g = scenario("""
players:
  - mana_pool: "{R}{R}{R}"
    hand: [Hungry Flames]
    library: [Island, Island]
  - battlefield: [Hill Giant]
    library: [Island, Island]
""")
    g.run_line(["cast Hungry Flames", "target Hill Giant", "target P2", "pass"])
    assert player(g, "P2")["graveyard"] == ["Hill Giant"] and player(g, "P2")["life"] == 18


# --------------------------------------------------------------------------------------------
# CR 613.4c: "Enchanted creature gets +2/+2 for each other enchantment on the battlefield."


def test_cr_613_4c_each_other_enchantment_ancestral_mask():
    """Ancestral Mask: "Enchanted creature gets +2/+2 for each other enchantment on the
    battlefield." With Pacifism (on P2's Hill Giant) and P1's Glorious Anthem, the Mask (not
    counting itself) gives Grizzly Bears +4/+4 (and the Anthem +1/+1): a 7/7."""
    _compiled("Ancestral Mask")
    g = scenario("""
players:
  - battlefield: [Grizzly Bears, {card: Ancestral Mask, attached_to: Grizzly Bears}, Glorious Anthem]
    library: [Island, Island]
  - battlefield: [Hill Giant, {card: Pacifism, attached_to: Hill Giant}]
    library: [Island, Island]
""")
    bears = permanent(g, "Grizzly Bears")
    assert (bears["power"], bears["toughness"]) == (7, 7)
