"""tools/forge_cards.py: Forge card-script characteristic blocks converted to the Oracle reference's
record schema, and merged so that the reference always wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.forge_cards import ForgeCardError, convert, load, mana_cost, merge, parse_blocks

ONE = r"""# a comment
@@@ m/mishras_command.txt 47ec12c834775f4a8455b80310bfff4a42eebce7
Name:Mishra's Command
ManaCost:X R
Types:Sorcery
Oracle:Choose two —\n• This spell deals X damage to target creature.\n• Target creature gets +X/+0 and gains haste until end of turn.
"""

DFC = r"""@@@ i/invasion_of_test.txt 0123456789abcdef0123456789abcdef01234567
Name:Legendary Test Front
ManaCost:2 WU
Types:Legendary Creature Human Soldier
PT:3/2
AlternateMode:DoubleFaced
Oracle:Flying\nKicker {B} (You may pay an additional {G} as you cast this spell.)
ALTERNATE
Name:Test Back
ManaCost:no cost
Colors:white,blue
Types:Creature Spirit
PT:5/5
Oracle:Vigilance
"""


def test_an_x_cost_card_converts_field_by_field():
    """CR 202.3e: X is 0 in the mana value; the dash-less Forge type line keeps its card type."""
    (rec,) = [convert(b) for b in parse_blocks(ONE)]
    assert rec["name"] == "Mishra's Command"
    assert rec["layout"] == "normal"
    assert rec["mana_cost"] == "{X}{R}"
    assert rec["mana_value"] == 1
    assert rec["type_line"] == "Sorcery"
    assert rec["oracle_text"].split("\n")[0] == "Choose two —"
    assert len(rec["oracle_text"].split("\n")) == 3
    assert rec["colors"] == ["R"] and rec["color_identity"] == ["R"] and rec["color_indicator"] is None
    assert rec["power"] is None and rec["toughness"] is None and rec["loyalty"] is None
    assert rec["forge_script"] == "forge-gui/res/cardsfolder/m/mishras_command.txt"
    assert rec["forge_commit"] == "47ec12c834775f4a8455b80310bfff4a42eebce7"
    assert rec["source"] == "forge" and rec["rulings"] == [] and rec["sets"] == []


def test_a_double_faced_card_converts_with_both_faces():
    """CR 712: a transforming card's name joins its faces; the front gives cost, P/T and colors; the
    back's color indicator (CR 204) and the rules text outside reminders (CR 903.4) add to the
    color identity."""
    (rec,) = [convert(b) for b in parse_blocks(DFC)]
    assert rec["name"] == "Legendary Test Front // Test Back"
    assert rec["layout"] == "transform"
    assert rec["mana_cost"] == "{2}{W/U}"
    assert rec["mana_value"] == 3
    assert rec["type_line"] == "Legendary Creature — Human Soldier // Creature — Spirit"
    assert rec["oracle_text"] == ("Flying\nKicker {B} (You may pay an additional {G} as you cast this spell.)"
                                  "\n//\nVigilance")
    assert (rec["power"], rec["toughness"]) == ("3", "2")
    assert rec["colors"] == ["W", "U"]
    assert rec["color_identity"] == ["W", "U", "B"]  # {G} only in reminder text
    front, back = rec["faces"]
    assert front["name"] == "Legendary Test Front" and front["color_indicator"] is None
    assert back == {"name": "Test Back", "mana_cost": "", "type_line": "Creature — Spirit", "power": "5",
                    "toughness": "5", "loyalty": None, "oracle_text": "Vigilance", "color_indicator": ["W", "U"],
                    "colors": ["W", "U"]}


def test_forge_mana_symbols():
    assert mana_cost("1 UR", "c") == "{1}{U/R}"
    assert mana_cost("2W 2U", "c") == "{2/W}{2/U}"
    assert mana_cost("W/P B", "c") == "{W/P}{B}"
    assert mana_cost("2 UH U", "c") == "{2}{U/P}{U}"  # Forge's current Phyrexian notation (CR 107.4f)
    assert mana_cost("4 RG RG", "c") == "{4}{R/G}{R/G}"
    assert mana_cost("no cost", "c") == ""
    with pytest.raises(ForgeCardError, match="unknown mana symbol 'Q'"):
        mana_cost("1 Q", "Bad Card")


def test_ability_script_lines_are_refused_with_their_line():
    with pytest.raises(ForgeCardError, match=r"<t>:3: not a characteristic line"):
        parse_blocks("@@@ a/a.txt 00\nName:A\nK:Flying\nTypes:Creature\n", "<t>")


def test_the_merge_never_overrides_a_reference_card():
    """A Forge record whose name, or any of whose face names, the reference has (ignoring case and
    accents) is skipped; others are added in name order."""
    ref = [{"name": "Lim-Dûl's Vault", "oracle_text": "reference"},
           {"name": "Fire // Ice", "faces": [{"name": "Fire"}, {"name": "Ice"}], "oracle_text": "reference"}]
    forge = [{"name": "lim-dul's vault", "oracle_text": "forge"},
             {"name": "Ice // Something", "faces": [{"name": "Ice"}, {"name": "Something"}], "oracle_text": "forge"},
             {"name": "Brand New", "oracle_text": "forge"},
             {"name": "BRAND NEW", "oracle_text": "forge twice"}]
    merged, skipped = merge(ref, forge)
    assert [r["name"] for r in merged] == ["Brand New", "Fire // Ice", "Lim-Dûl's Vault"]
    assert [r["oracle_text"] for r in merged] == ["forge", "reference", "reference"]
    assert skipped == ["lim-dul's vault", "Ice // Something", "BRAND NEW"]


def test_the_repository_file_converts_and_adds_only_new_names():
    recs = load(Path(__file__).resolve().parents[2] / "tools" / "data" / "forge_cards.txt")
    assert len(recs) >= 50
    assert all(r["source"] == "forge" and r["type_line"] and r["forge_commit"] for r in recs)
    # only vanilla creatures have no rules text
    assert all(r["oracle_text"] or r["type_line"].startswith(("Creature", "Legendary Creature")) for r in recs)
    from mtg_env.cards.database import database, lookup
    for r in recs:
        card = lookup(r["name"])
        assert card is not None and card.name == r["name"]
        assert card.oracle_text == (r["faces"][0]["oracle_text"] if "faces" in r else r["oracle_text"])
    assert database().source == "cards.jsonl.gz"
