"""The filter language (mtg_env/core/filters.py): Oracle noun phrases read once into typed
predicates, and judged the same way by targeting, layers, triggers, costs and effects."""

from __future__ import annotations

import pickle

import pytest

from mtg_env.cards import all_cards
from mtg_env.cards.abilities import Activated, Static, TargetSpec, Triggered
from mtg_env.core.filters import (
    ANY_TARGET,
    BATTLEFIELD,
    PLAYERS,
    STACK,
    And,
    CardType,
    Colored,
    Colorless,
    ControlledBy,
    FilterError,
    FromSource,
    InZone,
    IsPlayer,
    Not,
    Or,
    Other,
    OwnedBy,
    Permanent,
    PermanentCard,
    Spell,
    StackAbility,
    Subtype,
    Supertype,
    Tapped,
    parse_filter,
)
from tests.helpers import scenario

PHRASES = {
    "creature": CardType("Creature"),
    "creature you control": And((CardType("Creature"), ControlledBy("you"))),
    "creature you don't control": And((CardType("Creature"), ControlledBy("opponent"))),
    "artifact or enchantment": Or((CardType("Artifact"), CardType("Enchantment"))),
    "colorless nonland permanent": And((Colorless(), Not(CardType("Land")), Permanent())),
    "nonbasic land": And((Not(Supertype("Basic")), CardType("Land"))),
    "other blue creature you control": And((Other(), Colored("U"), CardType("Creature"), ControlledBy("you"))),
    "untapped creature you control": And((Not(Tapped()), CardType("Creature"), ControlledBy("you"))),
    "Forest": Subtype("Forest"),
    "creature or player": Or((CardType("Creature"), IsPlayer())),
    "opponent": IsPlayer("opponent"),
    "spell": Spell(),
    "creature spell": And((Spell(), CardType("Creature"))),
    "instant or sorcery spell": Or((And((Spell(), CardType("Instant"))), And((Spell(), CardType("Sorcery"))))),
    "permanent spell you control": And((Spell(), PermanentCard(), ControlledBy("you"))),
    "instant or sorcery card in your graveyard": And((Or((CardType("Instant"), CardType("Sorcery"))),
                                                      InZone("graveyard"), OwnedBy("you"))),
    "triggered ability you control": And((StackAbility(activated=False), ControlledBy("you"))),
    "activated or triggered ability you control from a colorless source": And(
        (StackAbility(), ControlledBy("you"), FromSource(Colorless()))),
    "any target": ANY_TARGET,
}


@pytest.mark.parametrize("phrase", sorted(PHRASES))
def test_oracle_phrases_read_into_typed_predicates(phrase: str) -> None:
    assert parse_filter(phrase) == PHRASES[phrase]


def test_a_filter_says_where_its_things_are() -> None:
    assert parse_filter("creature you control").where() == {BATTLEFIELD}
    assert parse_filter("opponent").where() == {PLAYERS}
    assert parse_filter("instant or sorcery spell you control").where() == {STACK}
    assert parse_filter("instant or sorcery card in your graveyard").where() == {"graveyard"}
    assert ANY_TARGET.where() == {BATTLEFIELD, PLAYERS}


@pytest.mark.parametrize("phrase", ["creature you like", "purple creature", "spell ability", ""])
def test_a_phrase_that_cannot_be_read_is_an_error_naming_it(phrase: str) -> None:
    with pytest.raises(FilterError) as e:
        parse_filter(phrase)
    assert repr(phrase) in str(e.value) or "empty" in str(e.value)


def test_filters_combine_and_pickle() -> None:
    f = parse_filter("creature") & ~parse_filter("artifact") | parse_filter("player")
    assert pickle.loads(pickle.dumps(f)) == f
    assert isinstance(f, Or) and isinstance(f.parts[0], And)


def test_every_card_filter_is_parsed_when_the_card_is_defined() -> None:
    """Targets, statics, triggers and costs hold typed filters, never strings to interpret."""
    for c in all_cards(include_tokens=True):
        for ab in c.abilities:
            for spec in getattr(ab, "targets", ()):
                assert isinstance(spec, TargetSpec) and not isinstance(spec.filter, str), c.name
            if isinstance(ab, Static):
                assert not isinstance(ab.affects, str), c.name
            if isinstance(ab, Triggered):
                assert ab.subject is None or not isinstance(ab.subject, str), c.name
            if isinstance(ab, Activated):
                for sel in ab.cost.sacrifice:
                    assert not isinstance(sel.filter, str), c.name


def test_one_filter_judges_targets_and_layers_alike() -> None:
    """Grand Architect's anthem ("other blue creatures you control", judged by the layer system)
    and a target of the same phrase pick the same permanents."""
    g = scenario("""
players:
  - battlefield: [Grand Architect, Vedalken Mastermind, Grizzly Bears]
  - battlefield: [Prodigal Sorcerer]
""")
    flt = parse_filter("other blue creature you control")
    architect = next(o for o in g.battlefield if g.objects[o].card.name == "Grand Architect")
    picked = {g.name_of(o) for o in g.battlefield if g.matches(flt, o, 0, architect)}
    assert picked == {"Vedalken Mastermind"}
    pt = {e["card"]: (e["power"], e["toughness"]) for p in g.state_json()["players"] for e in p["battlefield"]}
    assert pt["Vedalken Mastermind"] == (2, 3)   # 1/2, +1/+1
    assert pt["Grand Architect"] == (1, 3)       # not itself ("other")
    assert pt["Grizzly Bears"] == (2, 2)         # not blue
    assert pt["Prodigal Sorcerer"] == (1, 1)     # blue, but not P1's
