"""Forge card-script characteristic blocks -> records in the schema of the Oracle reference.

Reads the block format of tools/data/forge_cards.txt (and of the reference's own
forge-extra-scripts.txt): `@@@ <path under cardsfolder> <commit>` opens a card; the lines after it
are Forge's characteristic lines (`Name:`, `ManaCost:`, `Types:`, `PT:`, `Loyalty:`, `Defense:`,
`Colors:`, `AlternateMode:`, `Oracle:`); a line `ALTERNATE` starts the second face. `#` lines and
blank lines are comments.

Converted (README of ../shared/reference/oracle/ describes the schema): Forge's `1 R` cost becomes
`{1}{R}` (`UR` hybrid -> `{U/R}`, `2W` -> `{2/W}`, `WP` or `W/P` -> `{W/P}`); the dash-less type line
becomes supertypes + card types, `—`, subtypes; `\\n` in Oracle text becomes a newline; colors come
from the cost plus the `Colors:` indicator, color identity from every face's cost, indicator and
rules text without reminder text (CR 903.4), mana value from the cost (X = 0, CR 202.3e; `{2/W}` = 2,
CR 202.3f; `{W/P}` = 1, CR 202.3g).

`merge` adds a Forge record only when neither its name nor any of its face names is already in the
reference (compared case- and accent-insensitively): the reference always wins.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

COLORS = "WUBRG"
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host")
CARD_TYPES = ("Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred",
              "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal", "Vanguard")
# Forge's AlternateMode -> the reference's layout (CR 709 split, 715 adventure, 712 double-faced)
LAYOUTS = {"split": "split", "adventure": "adventure", "transform": "transform", "doublefaced": "transform",
           "modal": "modal_dfc", "flip": "flip"}
FIELDS = ("Name", "ManaCost", "Types", "PT", "Loyalty", "Defense", "Colors", "AlternateMode", "Oracle")


class ForgeCardError(ValueError):
    """A block of the Forge card file that cannot be converted: names the file, line and what."""


def fold(name: str) -> str:
    """Case- and accent-insensitive key (`Æ` = `Ae`, `’` = `'`, spacing ignored): the key the
    package's database (mtg_env/cards/database.py) looks names up by."""
    name = name.replace("Æ", "Ae").replace("æ", "ae")
    name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(name.replace("’", "'").lower().split())


def parse_blocks(text: str, where: str = "<forge cards>") -> list[dict]:
    """The raw blocks: {"script", "commit", "faces": [{field: value}], "line"} in file order."""
    blocks: list[dict] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@@@"):
            parts = line.split()
            if len(parts) != 3:
                raise ForgeCardError(f"{where}:{n}: header must be '@@@ <path> <commit>': {line!r}")
            blocks.append({"script": parts[1], "commit": parts[2], "faces": [{}], "line": n})
            continue
        if not blocks:
            raise ForgeCardError(f"{where}:{n}: line before the first '@@@' header: {line!r}")
        if line.strip() == "ALTERNATE":
            blocks[-1]["faces"].append({})
            continue
        key, sep, value = line.partition(":")
        if not sep or key not in FIELDS:
            raise ForgeCardError(f"{where}:{n}: not a characteristic line (kept: {', '.join(FIELDS)}): {line!r}")
        face = blocks[-1]["faces"][-1]
        if key in face:
            raise ForgeCardError(f"{where}:{n}: {key} given twice for one face")
        face[key] = value.strip()
    for b in blocks:
        for face in b["faces"]:
            for key in ("Name", "Types"):
                if key not in face:
                    raise ForgeCardError(f"{where}:{b['line']}: block {b['script']} has a face without {key}:")
    return blocks


def mana_cost(cost: str, card: str) -> str:
    """Forge `X 1 R UR 2W WP` -> `{X}{1}{R}{U/R}{2/W}{W/P}`; `no cost` (or nothing) -> ``."""
    if cost in ("", "no cost"):
        return ""
    out = []
    for tok in cost.split():
        t = tok.upper().replace("/", "")
        if t.isdigit() or t in ("X", "Y", "Z", "C", "S") or (len(t) == 1 and t in COLORS):
            out.append("{" + t + "}")
        elif len(t) == 2 and t[0] in COLORS + "C" and t[1] in COLORS:
            out.append("{" + t[0] + "/" + t[1] + "}")
        elif len(t) == 2 and t[0] == "2" and t[1] in COLORS:
            out.append("{2/" + t[1] + "}")
        elif len(t) == 2 and t[1] in "PH" and t[0] in COLORS:
            # Phyrexian: Forge writes it `UH` (`H`, since `P` became the pawprint symbol) or `UP`
            out.append("{" + t[0] + "/P}")
        elif len(t) == 3 and t[2] == "P" and t[0] in COLORS and t[1] in COLORS:
            out.append("{" + t[0] + "/" + t[1] + "/P}")
        else:
            raise ForgeCardError(f"{card}: unknown mana symbol {tok!r} in ManaCost {cost!r}")
    return "".join(out)


def mana_value(cost: str) -> int:
    """CR 202.3: the total of the symbols; X is 0, {2/W} counts 2, hybrid and Phyrexian 1."""
    total = 0
    for sym in re.findall(r"\{([^}]*)\}", cost):
        if sym.isdigit():
            total += int(sym)
        elif sym.startswith("2/"):
            total += 2
        elif sym not in ("X", "Y", "Z"):
            total += 1
    return total


def cost_colors(cost: str) -> set[str]:
    return {c for sym in re.findall(r"\{([^}]*)\}", cost) for c in sym.split("/") if c in COLORS}


def ordered(colors: Iterable[str]) -> list[str]:
    s = set(colors)
    return [c for c in COLORS if c in s]


def type_line(types: str, card: str) -> str:
    """Forge `Legendary Artifact Creature Phyrexian Cleric` -> `Legendary Artifact Creature — Phyrexian Cleric`."""
    words = types.split()
    i = 0
    while i < len(words) and (words[i] in SUPERTYPES or words[i] in CARD_TYPES):
        i += 1
    if i == 0:
        raise ForgeCardError(f"{card}: Types {types!r} names no card type")
    front = " ".join(words[:i])
    subtypes = " ".join(w.replace("_", " ") for w in words[i:])
    return f"{front} — {subtypes}" if subtypes else front


def oracle(text: str) -> str:
    """Forge's `\\n` -> newline; Forge's Phyrexian `{U/H}` -> Oracle's `{U/P}` (CR 107.4f)."""
    text = re.sub(r"\{([WUBRG])/H\}", r"{\1/P}", text)
    return text.replace("\\n", "\n").strip()


def _without_reminders(text: str) -> str:
    return re.sub(r"\([^()]*\)", "", text)


def convert_face(face: dict, card: str) -> dict:
    name = face["Name"]
    cost = mana_cost(face.get("ManaCost", ""), name)
    pt = face.get("PT")
    power = toughness = None
    if pt is not None:
        power, sep, toughness = pt.partition("/")
        if not sep:
            raise ForgeCardError(f"{card}: PT {pt!r} is not power/toughness")
    indicator = None
    if face.get("Colors"):
        words = [w.strip().lower() for w in face["Colors"].split(",")]
        if any(w not in COLOR_WORDS and w != "colorless" for w in words):
            raise ForgeCardError(f"{card}: unknown color in Colors {face['Colors']!r}")
        indicator = ordered(COLOR_WORDS[w] for w in words if w in COLOR_WORDS)
    text = oracle(face.get("Oracle", ""))
    colors = ordered(cost_colors(cost) | set(indicator or ()))
    if face.get("Colors", "").strip().lower() == "colorless" or re.match(r"Devoid\b", text):
        colors = []  # CR 702.114a
    return {"name": name, "mana_cost": cost, "type_line": type_line(face["Types"], card), "power": power,
            "toughness": toughness, "loyalty": face.get("Loyalty"), "defense": face.get("Defense"),
            "oracle_text": text, "color_indicator": indicator, "colors": colors}


def convert(block: dict) -> dict:
    """One parsed block -> a record of the reference's schema (source `forge`, no rulings or sets)."""
    faces_in = block["faces"]
    card = faces_in[0]["Name"]
    faces = [convert_face(f, card) for f in faces_in]
    identity: set[str] = set()
    for f in faces:
        identity |= cost_colors(f["mana_cost"]) | set(f["color_indicator"] or ())
        identity |= cost_colors(_without_reminders(f["oracle_text"]))
    front = faces[0]
    rec: dict = {"name": card, "layout": "normal"}
    if len(faces) > 1:
        mode = faces_in[0].get("AlternateMode", "").lower()
        if mode not in LAYOUTS:
            raise ForgeCardError(f"{block['script']}: two faces but AlternateMode {mode!r} is not one of "
                                 f"{', '.join(sorted(LAYOUTS))}")
        layout = LAYOUTS[mode]
        rec["name"] = " // ".join(f["name"] for f in faces)
        rec["layout"] = layout
        split = layout == "split"
        rec["mana_cost"] = " // ".join(f["mana_cost"] for f in faces) if split else front["mana_cost"]
        rec["type_line"] = " // ".join(f["type_line"] for f in faces)
        rec["oracle_text"] = "\n//\n".join(f["oracle_text"] for f in faces)
        rec["colors"] = ordered(c for f in faces for c in f["colors"]) if split else front["colors"]
        rec["mana_value"] = sum(mana_value(f["mana_cost"]) for f in faces) if split else mana_value(front["mana_cost"])
    elif faces_in[0].get("AlternateMode"):
        raise ForgeCardError(f"{block['script']}: AlternateMode without an ALTERNATE face")
    else:
        rec.update(mana_cost=front["mana_cost"], type_line=front["type_line"], oracle_text=front["oracle_text"],
                   colors=front["colors"], mana_value=mana_value(front["mana_cost"]))
    for key in ("power", "toughness", "loyalty", "defense", "color_indicator"):
        rec[key] = front[key]
    if len(faces) > 1:
        rec["faces"] = [{k: v for k, v in f.items() if k != "defense" or v is not None} for f in faces]
    rec["color_identity"] = ordered(identity)
    if rec["defense"] is None:
        del rec["defense"]
    rec.update(forge_script="forge-gui/res/cardsfolder/" + block["script"], forge_commit=block["commit"],
               rulings=[], sets=[], source="forge")
    return rec


def names_of(record: dict) -> list[str]:
    return [record["name"]] + [f["name"] for f in record.get("faces", ())]


def merge(reference: list[dict], forge: list[dict]) -> tuple[list[dict], list[str]]:
    """The reference plus each Forge record none of whose names (card or face) it already has, sorted
    by name; and the names of the Forge records skipped because the reference (or an earlier Forge
    record) has them."""
    seen = {fold(n) for r in reference for n in names_of(r)}
    out = list(reference)
    skipped = []
    for rec in forge:
        keys = {fold(n) for n in names_of(rec)}
        if keys & seen:
            skipped.append(rec["name"])
            continue
        seen |= keys
        out.append(rec)
    out.sort(key=lambda r: r["name"])
    return out, skipped


def load(path: Path) -> list[dict]:
    return [convert(b) for b in parse_blocks(path.read_text(encoding="utf-8"), str(path))]
