"""Forge precast entries (`humanprecast`/`aiprecast`/`p0precast`/`p1precast`,
mtg_env/puzzle_precast.py): the forms whose whole result is tokens are set up exactly, every
other form is reported unsupported by name; energy counters (CR 107.14, 122.1)."""

from __future__ import annotations

import dataclasses

import pytest

from mtg_env import PuzzleError, UnsupportedPuzzleError
from mtg_env.cards import get_card
from mtg_env.puzzle import read_puzzle
from mtg_env.puzzle_precast import entering_text


def _main(state: str) -> str:
    return ("[metadata]\nName:T\nGoal:Win\nTurns:1\n[state]\nactiveplayer=human\nactivephase=MAIN1\n"
            + state + "\n")


def _perm(g, oid):  # noqa: ANN001, ANN202
    c, o = g.chars(oid), g.objects[oid]
    return (c.name, c.power, c.toughness, tuple(sorted(c.keywords)), o.controller, o.owner, bool(o.token),
            o.tapped, o.sick)


def test_cr_302_6_a_token_svar_precast_creates_the_cards_tokens_summoning_sick() -> None:
    """Archon of Sun's Grace's Forge part TrigToken is its only token step (a 2/2 white Pegasus
    with flying): two entries, two tokens for the AI, created this turn (summoning sick), after
    the file's own permanents; no trigger fires (Forge suppresses them at setup)."""
    g = read_puzzle(_main("humanbattlefield=Soul Warden;Mountain\naibattlefield=Grizzly Bears\n"
                          "aiprecast=Archon of Sun's Grace:TrigToken; Archon of Sun's Grace:TrigToken")).game
    warden, mountain, bears, peg1, peg2 = g.battlefield
    assert _perm(g, warden)[0] == "Soul Warden" and _perm(g, bears)[0] == "Grizzly Bears"
    assert _perm(g, peg1) == _perm(g, peg2) == ("Pegasus Token", 2, 2, ("flying",), 1, 1, True, False, True)
    assert set(g.chars(peg1).colors) == {"W"} and g.chars(peg1).subtypes == ("Pegasus",)
    assert g.players[0].life == 20 and not g.stack  # Soul Warden didn't trigger
    assert not g.objects[bears].sick  # the file's permanents are not sick


def test_cr_302_6_removesummoningsickness_clears_it_for_precast_tokens_too() -> None:
    g = read_puzzle(_main("aiprecast=Archon of Sun's Grace:TrigToken\nremovesummoningsickness=true")).game
    (peg,) = g.battlefield
    assert _perm(g, peg) == ("Pegasus Token", 2, 2, ("flying",), 1, 1, True, False, False)


def test_cr_111_2_identical_token_steps_and_treasure_parts() -> None:
    """The Circle of Loyalty has two token steps creating the same Knight (its trigger and its
    activated ability): either is the one its TrigToken names. Pirate's Prize's DBTreasure is its
    Treasure step (the draw before it is not part of it: nobody draws)."""
    g = read_puzzle(_main("humanlibrary=Island;Island\nhumanprecast=The Circle of Loyalty:TrigToken;"
                          "Pirate's Prize:DBTreasure")).game
    knight, treasure = g.battlefield
    assert _perm(g, knight) == ("Knight Token", 2, 2, ("vigilance",), 0, 0, True, False, True)
    assert g.chars(treasure).name == "Treasure Token" and g.objects[treasure].controller == 0
    assert len(g.players[0].library) == 2 and not g.players[0].hand


def test_an_inline_token_script_precast() -> None:
    g = read_puzzle(_main("humanbattlefield=Mountain\np0precast=Faerie Formation:CustomScript:DB$ Token | "
                          "TokenAmount$ 2 | TokenScript$ u_1_1_faerie_flying | TokenOwner$ You")).game
    mountain, f1, f2 = g.battlefield
    assert _perm(g, f1) == _perm(g, f2) == ("Faerie Token", 1, 1, ("flying",), 0, 0, True, False, True)
    assert set(g.chars(f1).colors) == {"U"} and g.chars(mountain).name == "Mountain"


@pytest.mark.parametrize(("entry", "why"), [
    ("Lightning Bolt->1", "casting Lightning Bolt at setup"),
    ("Grizzly Bears:1", "activating ability 1 of Grizzly Bears"),
    ("Ancestral Knowledge:TrigShuffle", "shuffling the library at setup"),
    ("Grizzly Bears:CustomScript:DB$ PumpAll | ValidCards$ Creature", "inline Forge script 'DB\\$ PumpAll'"),
    ("Grizzly Bears:CustomScript:DB$ Token | TokenScript$ w_1_1_soldier | TokenOwner$ Opponent",
     "TokenOwner\\$ Opponent"),
    ("Grizzly Bears:CustomScript:DB$ Token | TokenScript$ w_1_1_soldier | RememberTokens$ True",
     "RememberTokens\\$"),
    ("Grab the Reins:DBGainControl->1", "'DBGainControl' of Grab the Reins with a target"),
    ("Grizzly Bears:TrigToken", "no step creating tokens"),
    ("Archon of Sun's Grace:DBTreasure", "no step creating Treasure tokens"),
    ("Pirate's Prize:DBDraw", "only token-creating parts"),
    ("Exhibition Magician:DBToken", "2 different steps creating tokens"),
    ("2:DBGainControl->1", "the card with Id:2"),
])
def test_unsupported_precast_forms_are_named(entry: str, why: str) -> None:
    with pytest.raises(UnsupportedPuzzleError, match=f"line 8: humanprecast .*{why}"):
        read_puzzle(_main(f"humanprecast={entry}"), "x.pzl")


def test_a_precast_of_an_unsupported_card_names_the_card() -> None:
    with pytest.raises(UnsupportedPuzzleError, match="'Crested Sunmare' is not supported"):
        read_puzzle(_main("aiprecast=Crested Sunmare:TrigToken"))


def test_a_precast_naming_an_unknown_card_is_a_file_error() -> None:
    with pytest.raises(PuzzleError, match="bad.pzl:8: unknown card 'Grizly Bears' in a precast entry"):
        read_puzzle(_main("humanprecast=Grizly Bears:CustomScript:DB$ Token | TokenScript$ w_1_1_soldier"),
                    "bad.pzl")


def test_cr_614_1c_a_text_about_other_permanents_entering_could_change_precast_tokens() -> None:
    """A static or replacement text about other permanents entering or about creating tokens
    could apply to the tokens precast at setup; what a card says of itself entering, or of tokens
    that exist, can't."""
    anthem = get_card("Glorious Anthem")
    static = anthem.abilities[0]
    tapped = dataclasses.replace(anthem, abilities=(dataclasses.replace(
        static, text="Creatures your opponents control enter the battlefield tapped."),))
    doubling = dataclasses.replace(anthem, abilities=(dataclasses.replace(
        static, text="If an effect would create one or more tokens under your control, it creates twice that many."),))
    assert entering_text(tapped) == "Creatures your opponents control enter the battlefield tapped."
    assert entering_text(doubling) is not None
    assert entering_text(get_card("Intangible Virtue")) is None
    assert entering_text(get_card("Sacred Foundry")) is None  # "As ~ enters ..., it enters tapped"
    assert entering_text(get_card("Concealed Courtyard")) is None


def test_cr_122_1_energy_counters() -> None:
    g = read_puzzle(_main("humancounters=ENERGY=3\naicounters=ENERGY=2,POISON=1")).game
    assert (g.players[0].energy, g.players[1].energy, g.players[1].poison) == (3, 2, 1)


def test_every_modifier_of_an_unsupported_card_is_reported_too() -> None:
    with pytest.raises(UnsupportedPuzzleError) as e:
        read_puzzle(_main("aibattlefield=Crested Sunmare|Tapped|ExecuteScript:TrigToken|Set:XLN"))
    text = "; ".join(e.value.unsupported)
    assert "'Crested Sunmare'" in text and "ExecuteScript:TrigToken (modifier ExecuteScript" in text
    assert "Tapped (" not in text and "Set:XLN" not in text
