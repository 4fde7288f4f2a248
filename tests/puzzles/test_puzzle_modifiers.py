"""Forge puzzle item modifiers `Transformed` (a transforming double-faced card with its back
face up, CR 712.8e) and `ChosenType` (the creature type chosen as it entered, CR 614.12)."""

from __future__ import annotations

import pytest

from mtg_env import UnsupportedPuzzleError
from mtg_env.puzzle import read_puzzle


def _main(state: str) -> str:
    return ("[metadata]\nName:T\nGoal:Win\nTurns:1\n[state]\nactiveplayer=human\nactivephase=MAIN1\n"
            + state + "\n")


def test_cr_712_8e_a_transformed_permanent_has_its_back_face_up() -> None:
    g = read_puzzle(_main("humanbattlefield=Baithook Angler|Transformed|Tapped;Baithook Angler\n"
                          "aibattlefield=Befriending the Moths|Transformed")).game
    back, front, moth = g.battlefield
    c = g.chars(back)
    assert (c.name, c.power, c.toughness, "flying" in c.keywords) == ("Hook-Haunt Drifter", 1, 2, True)
    assert g.objects[back].tapped and g.objects[back].controller == 0
    assert g.chars(front).name == "Baithook Angler"
    m = g.chars(moth)
    assert m.name == "Imperial Moth" and {"Creature", "Enchantment"} <= set(m.types)
    assert g.objects[moth].controller == 1


@pytest.mark.parametrize(("item", "why"), [
    ("Grizzly Bears|Transformed", "Grizzly Bears is not a transforming double-faced card"),
    ("Avabruck Caretaker|Transformed", "daybound or nightbound"),
])
def test_transformed_on_what_can_not_be_transformed_is_named(item: str, why: str) -> None:
    with pytest.raises(UnsupportedPuzzleError, match=why):
        read_puzzle(_main(f"humanbattlefield={item}"))


def test_cr_614_12_the_chosen_creature_type() -> None:
    g = read_puzzle(_main("humanbattlefield=Adaptive Automaton|ChosenType:Elf;Llanowar Elves;Grizzly Bears")).game
    auto, elves, bears = g.battlefield
    assert "Elf" in g.chars(auto).subtypes
    assert (g.chars(elves).power, g.chars(elves).toughness) == (2, 2)  # other Elves get +1/+1
    assert (g.chars(bears).power, g.chars(bears).toughness) == (2, 2)


@pytest.mark.parametrize("item", ["Adaptive Automaton|ChosenType:Frobnicator", "Grizzly Bears|ChosenType:Elf"])
def test_a_chosen_type_the_card_does_not_choose_is_unsupported(item: str) -> None:
    with pytest.raises(UnsupportedPuzzleError, match="modifier ChosenType"):
        read_puzzle(_main(f"humanbattlefield={item}"))
