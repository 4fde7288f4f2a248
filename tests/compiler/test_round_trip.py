"""Round trip: the pool's compiled cards (cards/pool COMPILED) play exactly as the hand-written
definitions they replaced (round_trip_cards.py), which every scenario and pinned game was recorded
with. From each card's own scenario (configs/scenarios/<card>.yaml), its line and then random
legal actions are played on both versions: the legal actions, the state and the log must agree
after every action."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import yaml

from mtg_env import Game, load_scenario
from mtg_env.cards import CardDef, card_status, get_card, temporary
from mtg_env.cards.pool import COMPILED
from mtg_env.fuzz import random_choice
from tests.cards.test_card_scenarios import snake_case
from tests.compiler.round_trip_cards import HAND_WRITTEN
from tests.helpers import SCENARIOS

CASES = {c.name: c for c in HAND_WRITTEN}
STEPS = 60


def test_every_compiled_pool_card_has_its_hand_written_definition_to_compare() -> None:
    assert sorted(CASES) == sorted(COMPILED)
    import mtg_env
    assert mtg_env.card_status("Lightning Bolt").source == "compiled"  # interface.md §7's example


@contextmanager
def _hand_written(card: CardDef) -> Iterator[None]:
    with temporary(card):  # a registered definition comes before the compiler
        assert get_card(card.name) is card
        yield


def _play(game: Game, labels: list[str]) -> list[tuple[list[str], dict, list[str]]]:
    seen = []
    for label in labels:
        game.act(label)
        seen.append(([a.label for a in game.legal_actions()], game.state_json(), list(game.log)))
    return seen


def _random_labels(source: str, seed: int) -> list[str]:
    """The scenario's line, then random legal actions (on the compiled version)."""
    data = yaml.safe_load(source)
    line = list(data.pop("line", []) or [])
    data.pop("expect", None)
    g = load_scenario(data)
    g.run_line(line)
    rng = random.Random(seed)
    labels = list(line)
    for _ in range(STEPS):
        legal = g.legal_actions()
        if not legal:
            break
        a = random_choice(g, legal, rng)
        labels.append(a.label)
        g.act(a)
    return labels


def _start(source: str) -> Game:
    data = yaml.safe_load(source)
    data.pop("line", None)
    data.pop("expect", None)
    return load_scenario(data)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_compiled_card_plays_as_the_hand_written_one(name: str) -> None:
    hand = CASES[name]
    compiled = get_card(name)
    assert card_status(name).source == "compiled"
    assert (compiled.oracle, compiled.mana_cost.text, compiled.type_line, compiled.power, compiled.toughness) == \
        (hand.oracle, hand.mana_cost.text, hand.type_line, hand.power, hand.toughness)
    assert [a.text for a in compiled.abilities] == [a.text for a in hand.abilities]
    source = (SCENARIOS / f"{snake_case(name)}.yaml").read_text(encoding="utf-8")
    for seed in (1, 2, 3):
        labels = _random_labels(source, seed)
        got = _play(_start(source), labels)
        with _hand_written(hand):
            want = _play(_start(source), labels)
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g[0] == w[0], f"seed {seed}, after {labels[:i + 1]}: legal actions differ"
            assert g[1] == w[1], f"seed {seed}, after {labels[:i + 1]}: states differ"
            assert g[2] == w[2], f"seed {seed}, after {labels[:i + 1]}: logs differ"
