"""The seeds' mana rules (issue "The seeds' mana rules").

Every seed document opens with the same paragraphs on mana and on the tap and untap symbols
(CR 106.5, 106.7, 106.12, 106.12a-b, 107.3m, 107.5, 107.6). The first part of this file has one
test per sentence of those paragraphs, named after it; the second part shows what the issue asks
for, card by card. Every expected answer follows from the Comprehensive Rules and the Gatherer
rulings in /work/shared/reference; where the engine disagrees, the test stays right and is marked
xfail(strict=True) with the engine bug as its reason.
"""

from __future__ import annotations

import pytest

from mtg_env import Game
from tests.helpers import labels, permanent, permanents, player, scenario, stack

COLORS = {"W", "U", "B", "R", "G"}


def game(battlefield: str, opponent: str = "[]", *, pool: str = "", hand: str = "[]",
         fmt: str = "goldfish", life: int = 20) -> Game:
    """P1 with `battlefield` (a YAML flow list), `pool` and `hand`; P2 with `opponent`."""
    return scenario(f"""
format: {fmt}
players:
  - name: P1
    life: {life}
    mana_pool: "{pool}"
    hand: {hand}
    battlefield: {battlefield}
  - name: P2
    battlefield: {opponent}
""")


def ids(g: Game, card: str, controller: str | None = None) -> list[int]:
    return [e["id"] for e in permanents(g, card) if controller is None or e["controller"] == controller]


def could(g: Game, card: str, controller: str | None = None) -> list[set[str]]:
    """What each permanent named `card` could produce (CR 106.7), in battlefield order."""
    return [g.could_produce(oid) for oid in ids(g, card, controller)]


def pool(g: Game, who: str = "P1") -> str:
    return str(player(g, who)["mana_pool"])


def activations(g: Game, card: str) -> list[str]:
    return [lab for lab in labels(g) if lab.startswith(f"activate {card}:")]


# =============================================================================================
# Part 1: the seeds' opening paragraphs, sentence by sentence
# ---------------------------------------------------------------------------------------------
# "If an ability would produce one or more mana of an undefined type, it produces no mana instead."


def test_seed_undefined_mana_type_produces_no_mana() -> None:
    """CR 106.5: Reflecting Pool with no other land, Command Tower outside Commander, and Fellwar
    Stone facing no land each resolve and add nothing (the abilities may still be activated)."""
    for battlefield, opponent, card in (("[Reflecting Pool]", "[]", "Reflecting Pool"),
                                        ("[Command Tower]", "[]", "Command Tower"),
                                        ("[Fellwar Stone]", "[Grizzly Bears]", "Fellwar Stone")):
        g = game(battlefield, opponent)
        assert activations(g, card), card
        g.act(f"activate {card}")
        assert pool(g) == "" and player(g, "P1")["mana"] == dict.fromkeys("WUBRGC", 0), card
        assert permanent(g, card)["tapped"] is True
        assert stack(g) == [] and g.decision is not None and g.decision.kind == "priority"


# ---------------------------------------------------------------------------------------------
# "Some abilities produce mana based on the type of mana another permanent or permanents
# 'could produce.'"


def test_seed_could_produce_abilities_add_types_other_permanents_could_produce() -> None:
    """CR 106.7: Reflecting Pool adds a type a land you control could produce; Exotic Orchard,
    Fellwar Stone and Sylvok Explorer a color a land an opponent controls could produce."""
    g = game("[Reflecting Pool, Island]")
    g.act("activate Reflecting Pool")
    assert pool(g) == "{U}"
    for card in ("Exotic Orchard", "Fellwar Stone", "Sylvok Explorer"):
        g = game(f"[{card}]", "[Mountain]")
        g.act(f"activate {card}")
        assert pool(g) == "{R}", card


# ---------------------------------------------------------------------------------------------
# "The type of mana a permanent could produce at any time includes any type of mana that an ability
# of that permanent would produce if the ability were to resolve at that time, taking into account
# any applicable replacement effects in any possible order."


def test_seed_could_produce_includes_replacement_effects_in_any_order() -> None:
    """CR 106.7, 616.1: under Contamination a Forest could produce only {B}, whichever order it and
    Mana Reflection apply in (Reflecting Pool and Exotic Orchard ruling: replacement effects count);
    what another land could produce follows."""
    g = game("[Forest, Reflecting Pool, Contamination, Mana Reflection]")
    assert could(g, "Forest") == [{"B"}]
    assert could(g, "Reflecting Pool") == [{"B"}]
    g = game("[Exotic Orchard]", "[Forest, Contamination]")
    assert could(g, "Forest") == [{"B"}]
    assert could(g, "Exotic Orchard") == [{"B"}]
    g.act("activate Exotic Orchard")  # an opponent's Contamination doesn't stop the Orchard's {B}
    assert pool(g) == "{B}"


def test_seed_could_produce_is_what_the_ability_would_produce_at_that_time() -> None:
    """CR 106.7 "at that time": Gaea's Cradle could produce {G} only while you control a creature."""
    g = game("[Gaea's Cradle]", "[Grizzly Bears]")
    assert could(g, "Gaea's Cradle") == [set()]
    g = game("[Gaea's Cradle, {card: Grizzly Bears, summoning_sick: true}]")
    assert could(g, "Gaea's Cradle") == [{"G"}]


# ---------------------------------------------------------------------------------------------
# "Ignore whether any costs of the ability could or could not be paid."


def test_seed_could_produce_ignores_costs() -> None:
    """CR 106.7 (Reflecting Pool, Exotic Orchard, Fellwar Stone rulings on Vivid Crag): a tapped
    Gemstone Mine without mining counters could still produce any color; so could Channeler
    Initiate without -1/-1 counters, though it can't be activated; an opponent's tapped Forest
    still lets Exotic Orchard make {G}."""
    g = game("[Reflecting Pool, {card: Gemstone Mine, tapped: true}, Channeler Initiate]")
    assert could(g, "Gemstone Mine") == [COLORS]
    assert could(g, "Reflecting Pool") == [COLORS]
    assert could(g, "Channeler Initiate") == [COLORS]
    assert activations(g, "Channeler Initiate") == []
    assert activations(g, "Gemstone Mine") == []
    g.act("activate Reflecting Pool")
    g.act("color W")
    assert pool(g) == "{W}"
    g = game("[Exotic Orchard]", "[{card: Forest, tapped: true}]")
    g.act("activate Exotic Orchard")
    assert pool(g) == "{G}"


# ---------------------------------------------------------------------------------------------
# "If that permanent wouldn't produce any mana under these conditions, or no type of mana can be
# defined this way, there's no type of mana it could produce."


def test_seed_could_produce_nothing_when_it_would_produce_no_mana() -> None:
    """CR 106.7: Reflecting Pool alone, two Reflecting Pools alone, Gaea's Cradle without creatures,
    and Fellwar Stone facing only Wastes (it makes colors only) could produce no type of mana."""
    assert could(game("[Reflecting Pool]"), "Reflecting Pool") == [set()]
    assert could(game("[Reflecting Pool, Reflecting Pool]"), "Reflecting Pool") == [set(), set()]
    assert could(game("[Gaea's Cradle]"), "Gaea's Cradle") == [set()]
    assert could(game("[Fellwar Stone]", "[Wastes]"), "Fellwar Stone") == [set()]


# ---------------------------------------------------------------------------------------------
# "To 'tap [a permanent] for mana' is to activate a mana ability of that permanent that includes the
# {T} symbol in its activation cost."


def test_seed_tap_for_mana_means_mana_ability_with_tap_symbol() -> None:
    """CR 106.12 (Mana Reflection rulings): Forest and Springleaf Drum ({T} in the cost) are tapped
    for mana and doubled; Grand Architect (tapping a creature is not {T}), Ashnod's Altar (no {T})
    and Pili-Pala ({Q}) are not."""
    g = game("[Mana Reflection, Forest, Springleaf Drum, Grizzly Bears]")
    g.run_line(["activate Forest", "activate Springleaf Drum", "color U"])
    assert pool(g) == "{U}{U}{G}{G}"
    g = game("[Mana Reflection, {card: Grand Architect, summoning_sick: true}]")
    g.act("activate Grand Architect: Tap")
    assert pool(g) == "{C}{C}"
    g = game("[Mana Reflection, Ashnod's Altar, Memnite]")
    g.act("activate Ashnod's Altar")
    assert pool(g) == "{C}{C}"
    g = game("[Mana Reflection, {card: Pili-Pala, tapped: true}]", pool="{C}{C}")
    g.run_line(["activate Pili-Pala", "color R"])
    assert pool(g) == "{R}"


# "See rule 605, 'Mana Abilities.'"


def test_seed_tap_for_mana_is_a_mana_ability_cr_605() -> None:
    """CR 605.1a, 605.3b: tapping Forest for mana doesn't use the stack; it resolves at once and
    its controller keeps priority."""
    g = game("[Forest]")
    g.act("activate Forest")
    assert stack(g) == [] and pool(g) == "{G}"
    assert g.state_json()["priority"] == "P1"


# ---------------------------------------------------------------------------------------------
# "An ability that triggers whenever a permanent 'is tapped for mana' or is tapped for mana of a
# specified type triggers whenever such a mana ability resolves and produces mana or the specified
# type of mana."


def test_seed_tapped_for_mana_trigger_fires_when_ability_resolves_and_produces_mana() -> None:
    """CR 106.12a: Wild Growth and Mana Flare trigger when the land's ability produces mana; on a
    Reflecting Pool or a Gaea's Cradle that produces none, they don't."""
    g = game("[Forest, {card: Wild Growth, attached_to: Forest}, Mana Flare]")
    g.act("activate Forest")
    assert pool(g) == "{G}{G}{G}"
    for land in ("Reflecting Pool", "Gaea's Cradle"):
        g = game(f"[{land}, {{card: Wild Growth, attached_to: {land}}}, Mana Flare]")
        g.act(f"activate {land}")
        assert pool(g) == "", land
        assert permanent(g, land)["tapped"] is True


# ---------------------------------------------------------------------------------------------
# "A replacement effect that applies if a permanent 'is tapped for mana' or tapped for mana of a
# specific type and/or amount modifies the mana production event while such an ability is resolving
# and producing mana or the specified type and/or amount of mana."


def test_seed_tapped_for_mana_replacement_modifies_the_production_event() -> None:
    """CR 106.12b, 614: Contamination replaces what the Forest's ability produces, not the extra
    mana of Wild Growth's trigger (Contamination ruling: "External effects that generate more mana
    still generate their additional mana"), while Mana Flare, adding a type the land produced, adds
    {B} ("affected in color but not in amount"). A Reflecting Pool that produces nothing has no
    production event to replace."""
    g = game("[Forest, {card: Wild Growth, attached_to: Forest}, Contamination]")
    g.act("activate Forest")
    assert pool(g) == "{B}{G}"
    g = game("[Forest, Mana Flare, Contamination]")
    g.act("activate Forest")
    assert pool(g) == "{B}{B}"
    g = game("[Reflecting Pool, Contamination]")
    assert could(g, "Reflecting Pool") == [set()]
    g.act("activate Reflecting Pool")
    assert pool(g) == ""


# ---------------------------------------------------------------------------------------------
# "If an object's enters-the-battlefield triggered ability or replacement effect refers to X, and the
# spell that became that object as it resolved had a value of X chosen for any of its costs, the
# value of X for that ability is the same as the value of X for that spell, although the value of X
# for that permanent is 0. This is an exception to rule 107.3i."


def test_seed_etb_replacement_uses_spell_x_while_permanent_x_is_0() -> None:
    """CR 107.3m, 614.1c: Endless One's "enters with X +1/+1 counters" uses the X of the spell it was:
    cast with X=2 it enters with two counters, cast with X=0 with none (a 0/0, it dies, CR 704.5f)."""
    g = game("[]", pool="{C}{C}", hand="[Endless One]")
    g.run_line(["cast Endless One", "x 2", "pass"])
    assert permanent(g, "Endless One")["counters"] == {"+1/+1": 2}
    assert (permanent(g, "Endless One")["power"], permanent(g, "Endless One")["toughness"]) == (2, 2)
    g = game("[]", hand="[Endless One]")
    g.run_line(["cast Endless One", "x 0", "pass"])  # X=0 is the only choice with an empty pool
    assert permanents(g, "Endless One") == []
    assert player(g, "P1")["graveyard"] == ["Endless One"]


# ---------------------------------------------------------------------------------------------
# "The tap symbol is {T}."


def test_seed_tap_symbol_is_written_t() -> None:
    """CR 107.5: an activation cost's {T} is the tap symbol; the ability is offered with its text as
    printed and activating it taps the permanent."""
    g = game("[Sol Ring]")
    act = next(a for a in g.legal_actions() if a.kind == "activate")
    assert act.ability == "{T}: Add {C}{C}."
    g.act(act)
    assert permanent(g, "Sol Ring")["tapped"] is True


# "The tap symbol in an activation cost means 'Tap this permanent.'"


def test_seed_tap_symbol_means_tap_this_permanent() -> None:
    """CR 107.5: {T} taps the permanent whose ability it is, and no other (Springleaf Drum's
    "Tap an untapped creature you control" taps the creature as a separate cost)."""
    g = game("[Forest, Forest, Springleaf Drum, Grizzly Bears]")
    g.act("activate Forest")
    assert [e["tapped"] for e in permanents(g, "Forest")] == [True, False]
    g.run_line(["activate Springleaf Drum", "color G"])
    assert permanent(g, "Springleaf Drum")["tapped"] is True
    assert permanent(g, "Grizzly Bears")["tapped"] is True
    assert pool(g) == "{G}{G}"


# "A permanent that's already tapped can't be tapped again to pay the cost."


def test_seed_tap_symbol_tapped_permanent_cannot_pay() -> None:
    """CR 107.5: a tapped Forest, Sol Ring or Hangarback Walker can't pay a {T} cost, whatever mana
    is available."""
    g = game("[{card: Forest, tapped: true}, {card: Sol Ring, tapped: true}, "
             "{card: Hangarback Walker, tapped: true, counters: {'+1/+1': 1}}]", pool="{C}{C}")
    assert labels(g) == ["pass"]


# "A creature's activated ability with the tap symbol in its activation cost can't be activated
# unless the creature has been under its controller's control continuously since their most recent
# turn began. See rule 302.6."


def test_seed_creature_tap_ability_needs_control_since_turn_began_cr_302_6() -> None:
    """CR 107.5, 302.6: summoning-sick Llanowar Elves, and a summoning-sick creature given a {T}
    mana ability by Cryptolith Rite or Paradise Mantle, can't activate it; a summoning-sick
    noncreature (Sol Ring) can; abilities without {T} (Grand Architect's, Springleaf Drum's tapping
    of another creature) don't care (their rulings)."""
    g = game("[{card: Llanowar Elves, summoning_sick: true}, Cryptolith Rite, "
             "{card: Grizzly Bears, summoning_sick: true}, {card: Sol Ring, summoning_sick: true}]")
    assert activations(g, "Llanowar Elves") == []
    assert activations(g, "Grizzly Bears") == []
    assert activations(g, "Sol Ring") == ["activate Sol Ring: {T}: Add {C}{C}."]
    g = game("[{card: Grizzly Bears, summoning_sick: true}, "
             "{card: Paradise Mantle, attached_to: Grizzly Bears}]")
    assert activations(g, "Grizzly Bears") == []
    g = game("[{card: Grand Architect, summoning_sick: true}, Springleaf Drum, "
             "{card: Llanowar Elves, summoning_sick: true}]")
    assert len(activations(g, "Grand Architect")) == 1
    g.run_line(["activate Springleaf Drum", "tap Llanowar Elves", "color R"])
    assert pool(g) == "{R}"
    g = game("[Llanowar Elves, Grizzly Bears, Cryptolith Rite]")
    assert len(activations(g, "Llanowar Elves")) == 2  # its own {T} and Cryptolith Rite's
    assert len(activations(g, "Grizzly Bears")) == 1


# ---------------------------------------------------------------------------------------------
# "The untap symbol is {Q}."


def test_seed_untap_symbol_is_written_q() -> None:
    """CR 107.6: Pili-Pala's "{2}, {Q}" is a mana cost and the untap symbol; activating it untaps
    Pili-Pala and spends {2}."""
    g = game("[{card: Pili-Pala, tapped: true}]", pool="{C}{C}{C}")
    act = next(a for a in g.legal_actions() if a.kind == "activate")
    assert act.ability is not None and act.ability.startswith("{2}, {Q}: ")
    g.run_line([act, "color G"])
    assert pool(g) == "{G}{C}"
    assert permanent(g, "Pili-Pala")["tapped"] is False


# "The untap symbol in an activation cost means 'Untap this permanent.'"


def test_seed_untap_symbol_means_untap_this_permanent() -> None:
    """CR 107.6: {Q} untaps the permanent whose ability it is, and no other."""
    g = game("[{card: Pili-Pala, tapped: true}, {card: Forest, tapped: true}]", pool="{C}{C}")
    g.run_line(["activate Pili-Pala", "color W"])
    assert permanent(g, "Pili-Pala")["tapped"] is False
    assert permanent(g, "Forest")["tapped"] is True
    assert pool(g) == "{W}"


# "A permanent that's already untapped can't be untapped again to pay the cost."


def test_seed_untap_symbol_untapped_permanent_cannot_pay() -> None:
    """CR 107.6 (Pili-Pala ruling): an untapped Pili-Pala can't activate its {Q} ability."""
    g = game("[Pili-Pala]", pool="{C}{C}{C}{C}")
    assert activations(g, "Pili-Pala") == []


# "A creature's activated ability with the untap symbol in its activation cost can't be activated
# unless the creature has been under its controller's control continuously since their most recent
# turn began. See rule 302.6."


def test_seed_creature_untap_ability_needs_control_since_turn_began() -> None:
    """CR 107.6, 302.6 (Pili-Pala ruling): a tapped Pili-Pala that is summoning sick can't activate
    its {Q} ability; one controlled since the turn began can."""
    g = game("[{card: Pili-Pala, tapped: true, summoning_sick: true}]", pool="{C}{C}")
    assert activations(g, "Pili-Pala") == []
    g = game("[{card: Pili-Pala, tapped: true}]", pool="{C}{C}")
    assert len(activations(g, "Pili-Pala")) == 1


# =============================================================================================
# Part 2: what the issue must show
# ---------------------------------------------------------------------------------------------
# Exact could-produce sets (CR 106.7)


def test_could_produce_reflecting_pool_alone_is_nothing_and_it_makes_no_mana() -> None:
    """CR 106.5, 106.7; Reflecting Pool ruling: "you may still activate Reflecting Pool's ability
    — it just won't produce any mana"."""
    g = game("[Reflecting Pool]")
    assert could(g, "Reflecting Pool") == [set()]
    g.act("activate Reflecting Pool")
    assert pool(g) == "" and permanent(g, "Reflecting Pool")["tapped"] is True


def test_could_produce_reflecting_pool_beside_a_forest_is_green() -> None:
    g = game("[Reflecting Pool, Forest]")
    assert could(g, "Reflecting Pool") == [{"G"}]
    g.act("activate Reflecting Pool")
    assert pool(g) == "{G}"


def test_could_produce_two_reflecting_pools_without_other_land_is_nothing() -> None:
    """Reflecting Pool ruling: multiple Reflecting Pools won't help each other produce mana."""
    g = game("[Reflecting Pool, Reflecting Pool]")
    assert could(g, "Reflecting Pool") == [set(), set()]
    g.act("activate Reflecting Pool")
    assert pool(g) == ""


def test_could_produce_two_reflecting_pools_and_a_forest_is_green() -> None:
    g = game("[Reflecting Pool, Reflecting Pool, Forest]")
    assert could(g, "Reflecting Pool") == [{"G"}, {"G"}]
    assert could(g, "Forest") == [{"G"}]


def test_could_produce_exotic_orchards_facing_each_other_make_white_and_green() -> None:
    """Exotic Orchard ruling: an Orchard produces what the other Orchard could, which includes what
    its own controller's land could produce."""
    g = game("[Exotic Orchard, Plains]", "[Exotic Orchard, Forest]")
    assert could(g, "Exotic Orchard", "P1") == [{"W", "G"}]
    assert could(g, "Exotic Orchard", "P2") == [{"W", "G"}]
    g.run_line(["activate Exotic Orchard", "color W"])
    assert pool(g) == "{W}"


def test_could_produce_exotic_orchard_vs_exotic_orchard_and_reflecting_pool_is_nothing() -> None:
    """Exotic Orchard ruling, both of its examples: without a land that actually produces mana none
    of them does; give P1 a Forest and each of them can be tapped for {G}."""
    g = game("[Exotic Orchard]", "[Exotic Orchard, Reflecting Pool]")
    assert could(g, "Exotic Orchard") == [set(), set()]
    assert could(g, "Reflecting Pool") == [set()]
    g.act("activate Exotic Orchard")
    assert pool(g) == ""
    g = game("[Forest, Exotic Orchard]", "[Exotic Orchard, Reflecting Pool]")
    assert could(g, "Exotic Orchard") == [{"G"}, {"G"}]
    assert could(g, "Reflecting Pool") == [{"G"}]


def test_could_produce_reflecting_pool_under_contamination_is_black() -> None:
    """CR 106.7 with Contamination (CR 614): the Forest beside it could produce only {B}, and so could
    the Reflecting Pool; tapping it adds {B}."""
    g = game("[Reflecting Pool, Forest]", "[Contamination]")
    assert could(g, "Reflecting Pool") == [{"B"}]
    g.act("activate Reflecting Pool")
    assert pool(g) == "{B}"


def test_could_produce_fellwar_stone_cannot_make_colorless() -> None:
    """Fellwar Stone ruling: it can't be tapped for colorless mana, even if a land an opponent
    controls could produce it. Facing Wastes it could produce nothing; facing Wastes and a Swamp,
    only {B}."""
    g = game("[Fellwar Stone]", "[Wastes]")
    assert could(g, "Fellwar Stone") == [set()]
    g.act("activate Fellwar Stone")
    assert pool(g) == ""
    g = game("[Fellwar Stone]", "[Wastes, Swamp]")
    assert could(g, "Fellwar Stone") == [{"B"}]


def test_could_produce_gaeas_cradle_without_creatures_is_nothing() -> None:
    g = game("[Gaea's Cradle, Sol Ring]", "[Grizzly Bears]")
    assert could(g, "Gaea's Cradle") == [set()]
    g.act("activate Gaea's Cradle")
    assert pool(g) == ""


def test_could_produce_lands_given_any_color_by_chromatic_lantern() -> None:
    """Chromatic Lantern: lands you control have "{T}: Add one mana of any color." (and keep their
    other abilities, ruling): Forest could produce every color, Wastes every color and {C}, a
    lone Reflecting Pool every color; an opponent's Wastes still only {C}."""
    g = game("[Chromatic Lantern, Forest, Wastes, Reflecting Pool]", "[Wastes]")
    assert could(g, "Forest") == [COLORS]
    assert could(g, "Wastes", "P1") == [COLORS | {"C"}]
    assert could(g, "Wastes", "P2") == [{"C"}]
    assert could(g, "Reflecting Pool") == [COLORS | {"C"}]
    assert could(g, "Chromatic Lantern") == [COLORS]
    g = game("[Chromatic Lantern, Reflecting Pool]")
    assert could(g, "Reflecting Pool") == [COLORS]


def test_could_produce_ignores_tapped_for_mana_triggers_of_other_permanents() -> None:
    """Wild Growth ruling: "The additional mana is not an ability of the land and is not something
    the land can produce." Likewise Utopia Sprawl's chosen color."""
    g = game("[Reflecting Pool, Forest, {card: Utopia Sprawl, attached_to: Forest, chosen_color: U}]")
    assert could(g, "Forest") == [{"G"}]
    assert could(g, "Reflecting Pool") == [{"G"}]
    g.act("activate Forest")
    assert pool(g) == "{U}{G}"


# ---------------------------------------------------------------------------------------------
# Mana multiplied, and what is not "tapped for mana"


def test_mana_reflection_and_nyxbloom_ancient_together_make_six_green_from_a_forest() -> None:
    """Both replacement effects apply (CR 614.5, 616.1f): 1 x 2 x 3."""
    g = game("[Mana Reflection, Nyxbloom Ancient, Forest]")
    g.act("activate Forest")
    assert pool(g) == "{G}" * 6
    assert player(g, "P1")["mana"]["G"] == 6


def test_two_mana_reflections_give_four_times_the_mana() -> None:
    """Mana Reflection ruling: the effects are cumulative (two give four times the mana)."""
    g = game("[Mana Reflection, Mana Reflection, Forest, Sol Ring]")
    g.run_line(["activate Forest", "activate Sol Ring"])
    assert pool(g) == "{G}{G}{G}{G}" + "{C}" * 8


def test_ashnods_altar_mana_is_not_tapped_for_mana() -> None:
    """CR 106.12: Ashnod's Altar has no {T} in its cost, so its mana isn't multiplied by Mana
    Reflection or Nyxbloom Ancient, and Mana Flare (lands only) doesn't trigger on it."""
    g = game("[Mana Reflection, Nyxbloom Ancient, Mana Flare, Ashnod's Altar, Memnite]")
    g.run_line(["activate Ashnod's Altar", "sacrifice Memnite"])
    assert pool(g) == "{C}{C}"
    assert player(g, "P1")["graveyard"] == ["Memnite"]


@pytest.mark.parametrize("card", ["Mana Flare", "Heartbeat of Spring"])
def test_mana_flare_and_heartbeat_give_every_player_mana_of_the_type_their_land_produced(card: str) -> None:
    """Whenever a player taps a land for mana, that player adds one mana of any type that land
    produced: P1's Forest gives {G} more, P2's Island (P2 acting in a duel) {U} more, P1's Sol Ring
    nothing more, and Llanowar Wastes tapped for {B} one {B} (Mana Flare ruling: it can't give a
    color that wasn't produced)."""
    g = game(f"[{card}, Forest, Sol Ring, Llanowar Wastes]", "[Island]", fmt="duel")
    g.run_line(["activate Forest", "activate Sol Ring"])
    assert pool(g) == "{G}{G}{C}{C}"
    g.run_line(["activate Llanowar Wastes: {T}: Add {B} or {G}.", "color B"])
    assert pool(g) == "{B}{B}{G}{G}{C}{C}"
    g.act("pass")
    assert g.state_json()["priority"] == "P2"
    g.act("activate Island")
    assert pool(g, "P2") == "{U}{U}"
    assert stack(g) == []


def test_zendikar_resurgent_gives_mana_only_to_its_controller() -> None:
    """"Whenever you tap a land for mana": P1's Forest gives {G}{G}, P2's Forest only {G}."""
    g = game("[Zendikar Resurgent, Forest]", "[Forest]", fmt="duel")
    g.act("activate Forest")
    assert pool(g) == "{G}{G}"
    g.run_line(["pass", "activate Forest"])
    assert pool(g, "P2") == "{G}"


# ---------------------------------------------------------------------------------------------
# Replacement order matters, and the affected player chooses (CR 616.1)

ORDER_CONTAMINATION = "order Contamination"
ORDER_REFLECTION = "order Mana Reflection"


def test_replacement_order_asked_of_the_affected_player_cr_616_1() -> None:
    """Forest with Mana Reflection and Contamination: different orders give different mana, so P1
    (whose mana it is) chooses, even though P2 controls Contamination."""
    g = game("[Mana Reflection, Forest]", "[Contamination]")
    g.act("activate Forest")
    d = g.state_json()["decision"]
    assert d["kind"] == "order" and d["player"] == "P1"
    assert sorted(lab.split(":")[0] for lab in labels(g)) == [ORDER_CONTAMINATION, ORDER_REFLECTION]


def test_contamination_first_then_doubling_gives_two_black() -> None:
    g = game("[Mana Reflection, Contamination, Forest]")
    g.run_line(["activate Forest", ORDER_CONTAMINATION])
    assert pool(g) == "{B}{B}"


def test_doubling_first_then_contamination_gives_one_black() -> None:
    g = game("[Mana Reflection, Contamination, Forest]")
    g.run_line(["activate Forest", ORDER_REFLECTION])
    assert pool(g) == "{B}"


@pytest.mark.parametrize("first,green", [("Contamination", 12), ("Mana Reflection", 6),
                                         ("Nyxbloom Ancient", 4)])
def test_replacement_order_among_three_cards_chosen_one_at_a_time(first: str, green: int) -> None:
    """CR 616.1e-f: after each chosen effect applies the player chooses again among the rest. Two
    Mana Reflections, Nyxbloom Ancient and Contamination: Contamination first gives 1 x 2 x 2 x 3
    {B}; after one doubling, 2 x 3; after the tripling, 2 x 2; each time Contamination is chosen next."""
    g = game("[Forest, Mana Reflection, Mana Reflection, Nyxbloom Ancient, Contamination]")
    g.run_line(["activate Forest", f"order {first}"])
    while g.decision is not None and g.decision.kind == "order":
        g.act(ORDER_CONTAMINATION)
    assert pool(g) == "{B}" * green


def test_two_commuting_doublings_do_not_ask_for_an_order() -> None:
    g = game("[Mana Reflection, Nyxbloom Ancient, Forest]")
    g.act("activate Forest")
    assert g.decision is not None and g.decision.kind == "priority"
    assert pool(g) == "{G}" * 6


# ---------------------------------------------------------------------------------------------
# Restricted mana stays marked (CR 106.6)

ARCHITECT = "activate Grand Architect: Tap"
RESTRICTED_CC = [{"mana": "{C}", "amount": 2, "restriction": "artifact"}]


def test_grand_architect_mana_is_marked_restricted_in_state_json() -> None:
    g = game("[Grand Architect]")
    g.act(ARCHITECT)
    p1 = player(g, "P1")
    assert p1["mana_pool"] == "{C}{C}" and p1["mana"]["C"] == 2
    assert p1["restricted_mana"] == RESTRICTED_CC


def test_restricted_mana_pays_for_an_artifact_spell() -> None:
    g = game("[Grand Architect]", hand="[Sol Ring]")
    g.act(ARCHITECT)
    assert "cast Sol Ring" in labels(g)
    g.run_line(["cast Sol Ring", "pass"])
    assert len(permanents(g, "Sol Ring")) == 1
    assert player(g, "P1")["restricted_mana"] == [{"mana": "{C}", "amount": 1, "restriction": "artifact"}]


def test_restricted_mana_pays_for_an_artifacts_ability() -> None:
    g = game("[Grand Architect, {card: Hangarback Walker, counters: {'+1/+1': 1}}]")
    g.act(ARCHITECT)
    assert len(activations(g, "Hangarback Walker")) == 1
    g.run_line(["activate Hangarback Walker", "pass"])
    assert permanent(g, "Hangarback Walker")["counters"] == {"+1/+1": 2}
    assert pool(g) == "{C}"


def test_restricted_mana_cannot_pay_for_grizzly_bears() -> None:
    """{G} plus Grand Architect's {C}{C} can't cast Grizzly Bears ({1}{G}): the {1} can't be paid with
    mana spent only on artifact spells and abilities of artifacts. {G}{C} can."""
    g = game("[Grand Architect]", pool="{G}", hand="[Grizzly Bears]")
    g.act(ARCHITECT)
    assert pool(g) == "{G}{C}{C}"
    assert "cast Grizzly Bears" not in labels(g)
    assert "cast Grizzly Bears" in labels(game("[]", pool="{G}{C}", hand="[Grizzly Bears]"))


# ---------------------------------------------------------------------------------------------
# Pili-Pala's {2}, {Q} (CR 107.6, 302.6)


def test_pili_pala_q_ability_offered_only_when_tapped_and_controlled_since_turn_began() -> None:
    untapped = game("[Pili-Pala]", pool="{C}{C}")
    sick = game("[{card: Pili-Pala, tapped: true, summoning_sick: true}]", pool="{C}{C}")
    ready = game("[{card: Pili-Pala, tapped: true}]", pool="{C}{C}")
    assert activations(untapped, "Pili-Pala") == []
    assert activations(sick, "Pili-Pala") == []
    assert activations(ready, "Pili-Pala") == [
        "activate Pili-Pala: {2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)"]


# ---------------------------------------------------------------------------------------------
# X (CR 107.3m)


@pytest.mark.parametrize("card,pays", [("Walking Ballista", 6), ("Hangarback Walker", 6), ("Endless One", 3),
                                       ("Stonecoil Serpent", 3)])
def test_x_creature_cast_with_x_3_enters_with_3_counters(card: str, pays: int) -> None:
    g = game("[]", pool="{C}" * pays, hand=f"[{card}]")
    g.run_line([f"cast {card}", "x 3", "pass"])
    e = permanent(g, card)
    assert e["counters"] == {"+1/+1": 3} and (e["power"], e["toughness"]) == (3, 3)
    assert pool(g) == ""


def test_hangarback_walker_dies_into_one_thopter_per_counter() -> None:
    """Lightning Bolt kills a Hangarback Walker with three +1/+1 counters: three Thopters."""
    g = game("[{card: Hangarback Walker, counters: {'+1/+1': 3}}]", pool="{R}", hand="[Lightning Bolt]")
    g.run_line(["cast Lightning Bolt", "target Hangarback Walker", "pass", "pass"])
    thopters = permanents(g, "Thopter")
    assert len(thopters) == 3
    assert all(t["token"] and (t["power"], t["toughness"]) == (1, 1) for t in thopters)


def test_hangarback_walker_thopters_use_last_known_counters() -> None:
    """Hangarback Walker ruling, CR 704.3, 704.5f, 704.5q: three -1/-1 counters on a Hangarback
    Walker with three +1/+1 counters make its toughness 0; it dies before the counters annihilate,
    and its trigger sees the three +1/+1 counters it had: three Thopters."""
    g = game("[{card: Hangarback Walker, counters: {'+1/+1': 3}}]", pool="{G}{C}",
             hand="[Channeler Initiate]")
    g.run_line(["cast Channeler Initiate", "pass", "target Hangarback Walker", "pass"])
    assert "Hangarback Walker" in player(g, "P1")["graveyard"]
    g.act("pass")  # the dies trigger resolves
    assert len(permanents(g, "Thopter")) == 3


# ---------------------------------------------------------------------------------------------
# Thirty Nyxbloom Ancients


def test_thirty_nyxbloom_ancients_make_3_to_the_30_green_from_a_forest() -> None:
    g = game("[Forest" + ", Nyxbloom Ancient" * 30 + "]")
    g.act("activate Forest")
    assert 3 ** 30 == 205891132094649
    p1 = player(g, "P1")
    assert p1["mana_pool"] == "{G}x205891132094649"
    assert p1["mana"]["G"] == 205891132094649
    assert g.decision is not None and g.decision.kind == "priority"


# ---------------------------------------------------------------------------------------------
# "Tapped for mana" triggers are mana abilities (CR 605.1b, 605.4a)


def test_tapped_for_mana_trigger_resolves_at_once_without_the_stack() -> None:
    g = game("[Forest, {card: Wild Growth, attached_to: Forest}]")
    g.act("activate Forest")
    assert stack(g) == []
    assert pool(g) == "{G}{G}"
    assert g.state_json()["priority"] == "P1"


def test_tapped_for_mana_trigger_mana_is_not_multiplied() -> None:
    """Nyxbloom Ancient and Mana Reflection rulings: mana from a "whenever you tap" trigger isn't
    multiplied. Forest: 1 x 2 x 3 + 1; Gaea's Cradle with two creatures (Nyxbloom Ancient, Llanowar
    Elves): 2 x 2 x 3 + 1."""
    g = game("[Heartbeat of Spring, Mana Reflection, Nyxbloom Ancient, Llanowar Elves, Forest, "
             "Gaea's Cradle]")
    g.act("activate Forest")
    assert player(g, "P1")["mana"]["G"] == 7
    g.act("activate Gaea's Cradle")
    assert player(g, "P1")["mana"]["G"] == 7 + 13


def test_wild_growth_on_an_opponents_land_gives_that_lands_controller_the_extra_mana() -> None:
    """"Its controller adds an additional {G}": P1's Wild Growth on P2's Island gives P2 {U}{G}."""
    g = scenario("""
format: duel
players:
  - battlefield: [{card: Wild Growth, attached_to: Island}]
  - battlefield: [Island]
""")
    g.run_line(["pass", "activate Island"])
    assert pool(g, "P2") == "{U}{G}" and pool(g) == ""
    assert stack(g) == []


# ---------------------------------------------------------------------------------------------
# Automatic payment taps lands "for mana" too (CR 106.12, 601.2g, 605.3a): what they produce there
# is the replaced and triggered mana, and legal_actions() must be complete and sound about it
# (interface.md §1).


def _auto(battlefield: str, hand: str) -> Game:
    return scenario(f"""
mana_payment: auto
players:
  - hand: {hand}
    battlefield: {battlefield}
""")


def test_auto_payment_under_contamination_cannot_cast_a_green_spell() -> None:
    """Two Forests under Contamination can only make {B}{B}: Grizzly Bears ({1}{G}) can't be cast."""
    g = _auto("[Forest, Forest, Contamination]", "[Grizzly Bears]")
    assert "cast Grizzly Bears" not in labels(g)


def test_auto_payment_leaves_a_source_changed_by_contamination_to_the_player() -> None:
    """Automatic payment taps only sources whose mana nothing changes (README, autopay.py): a Forest
    under Contamination makes {B} (CR 106.12b), so Dark Ritual is offered once the player taps it."""
    g = _auto("[Forest, Contamination]", "[Dark Ritual]")
    assert "cast Dark Ritual" not in labels(g)
    g.act("activate Forest")
    assert pool(g) == "{B}"
    g.act("cast Dark Ritual")
    assert stack(g)[-1]["source"] == "Dark Ritual" and pool(g) == ""
    assert permanent(g, "Forest")["tapped"] is True


def test_auto_payment_leaves_a_source_doubled_by_mana_reflection_to_the_player() -> None:
    """A Forest under Mana Reflection makes {G}{G} when the player taps it (CR 106.12b): then
    Grizzly Bears ({1}{G}) can be cast from the pool."""
    g = _auto("[Forest, Mana Reflection]", "[Grizzly Bears]")
    assert "cast Grizzly Bears" not in labels(g)
    g.act("activate Forest")
    assert pool(g) == "{G}{G}"
    g.act("cast Grizzly Bears")
    assert stack(g)[-1]["source"] == "Grizzly Bears" and pool(g) == ""


def test_auto_payment_leaves_a_source_with_wild_growth_to_the_player() -> None:
    """A Forest enchanted by Wild Growth makes {G}{G} when tapped (CR 106.12a, 605.4a): the
    player taps it, then Grizzly Bears is paid from the pool."""
    g = _auto("[Forest, {card: Wild Growth, attached_to: Forest}]", "[Grizzly Bears]")
    assert "cast Grizzly Bears" not in labels(g)
    g.act("activate Forest")
    assert pool(g) == "{G}{G}"
    g.act("cast Grizzly Bears")
    assert stack(g)[-1]["source"] == "Grizzly Bears" and pool(g) == ""
