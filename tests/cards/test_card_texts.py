"""Each supported card's Oracle text, mana cost, type line and power/toughness match the card
reference (../shared/reference/cards.txt).

The reference gives, per card, the MTGJSON Oracle text [M] and the Forge text [F]; where both
exist and differ (mostly the newer "enters" and "this artifact" templating), the card pool uses
[M], which names the card itself, as interface.md's labels do. A card with no [M] text uses [F].
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from mtg_env.cards import all_cards
from tests.helpers import ROOT

REFERENCE = ROOT.parent / "shared" / "reference" / "cards.txt"

pytestmark = pytest.mark.skipif(not REFERENCE.exists(),
                                reason=f"the card reference {REFERENCE} is absent")

_SEPARATOR = re.compile(r"^={20,}$")
_ORACLE_HEADER = re.compile(r"^Oracle text \[(.*)\]:$")
# Lines that end an Oracle text block.
_BLOCK_END = ("Oracle text [", "Rulings", "NOTE:", "NOT in", "Rulings:")


@dataclass
class Reference:
    name: str
    mana_cost: str | None = None      # "" for a card with no mana cost
    type_line: str | None = None
    forge_types: list[str] | None = None
    pt: str | None = None
    texts: dict[str, str] = field(default_factory=dict)   # "M" and/or "F" -> Oracle text

    @property
    def oracle(self) -> str | None:
        return self.texts.get("M", self.texts.get("F"))


def _source_tags(header: str) -> set[str]:
    """`F commit abc == M` -> {F, M}; `M, set ZNR` -> {M}; `F, w/x.txt @ abc` -> {F}."""
    if "== M" in header:
        return {"F", "M"}
    return {header[0]} if header[:1] in ("F", "M") else set()


def _oracle(lines: list[str]) -> str:
    text = "\n".join(lines).strip()
    return "" if text.startswith("(none: vanilla creature") else text


def parse_reference(text: str) -> dict[str, Reference]:
    """Read the card reference into {name: Reference}."""
    blocks: list[list[str]] = [[]]
    for line in text.splitlines():
        if _SEPARATOR.match(line.strip()):
            blocks.append([])
        else:
            blocks[-1].append(line)
    cards: dict[str, Reference] = {}
    for block in blocks[1:]:
        lines = [ln.rstrip() for ln in block]
        while lines and not lines[0].strip():
            lines.pop(0)
        if not lines or not any(ln.startswith("Mana cost:") for ln in lines):
            continue
        ref = Reference(lines[0].strip())
        i = 1
        while i < len(lines):
            line = lines[i]
            if line.startswith("Mana cost:"):
                value = line[len("Mana cost:"):].split("   [")[0].strip()
                ref.mana_cost = "" if value == "(no mana cost)" else value
            elif line.startswith("Type line:"):
                ref.type_line = line[len("Type line:"):].strip()
            elif line.startswith("Type line (Forge"):
                # Forge's "Types:" field has no dash: "Legendary Creature Kor Advisor"
                ref.forge_types = line.rsplit("):", 1)[1].split()
            elif line.startswith("P/T:"):
                ref.pt = line[len("P/T:"):].strip()
            else:
                m = _ORACLE_HEADER.match(line)
                if m:
                    body: list[str] = []
                    i += 1
                    while i < len(lines) and not lines[i].startswith(_BLOCK_END):
                        body.append(lines[i])
                        i += 1
                    for tag in _source_tags(m.group(1)):
                        ref.texts[tag] = _oracle(body)
                    continue
            i += 1
        cards[ref.name] = ref
    return cards


@pytest.fixture(scope="module")
def reference() -> dict[str, Reference]:
    return parse_reference(REFERENCE.read_text(encoding="utf-8"))


def test_the_reference_parses(reference: dict[str, Reference]) -> None:
    assert len(reference) > 100
    bolt = reference["Lightning Bolt"]
    assert (bolt.mana_cost, bolt.type_line, bolt.oracle) == (
        "{R}", "Instant", "Lightning Bolt deals 3 damage to any target.")
    # [M] is preferred where [F] differs; [F] is used where there is no [M].
    assert reference["Mana Vault"].oracle is not None
    assert reference["Mana Vault"].oracle.startswith("Mana Vault doesn't untap")
    assert reference["Ertha Jo, Frontier Mentor"].texts.keys() == {"F"}
    assert reference["Forest"].mana_cost == "" and reference["Forest"].oracle == "({T}: Add {G}.)"
    assert reference["Grizzly Bears"].oracle == "" and reference["Grizzly Bears"].pt == "2/2"
    assert reference["Memnite"].mana_cost == "{0}"


@pytest.mark.parametrize("name", [c.name for c in all_cards()])
def test_card_matches_the_reference(name: str, reference: dict[str, Reference]) -> None:
    card = next(c for c in all_cards() if c.name == name)
    ref = reference.get(name)
    assert ref is not None, f"{name} is not in the card reference"
    assert card.oracle == ref.oracle, f"{name}: Oracle text differs"
    assert card.mana_cost.text == ref.mana_cost, f"{name}: mana cost differs"
    if ref.type_line is None and ref.forge_types is not None:
        assert card.type_line.replace(" —", "").split() == ref.forge_types, f"{name}: type line differs"
    else:
        assert card.type_line == ref.type_line, f"{name}: type line differs"
    pt = f"{card.power}/{card.toughness}" if card.power is not None else None
    assert pt == ref.pt, f"{name}: power/toughness differs"
