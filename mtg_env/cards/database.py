"""The Oracle card database the package ships (cards/data/oracle.json.gz): 24,356 cards with their
printed characteristics and Oracle text, the card compiler's input.

Built by tools/build_card_db.py from the project's Oracle reference (an MTGJSON-derived dump of
2022 plus cards read from Forge's scripts) and the newer cards of tools/data/forge_cards.txt
(read from Forge's card scripts); sources in the README. Loaded on first use, in about
0.2 s. Names are looked up ignoring case, accents and the ASCII spellings decklists use
("Lim-Dul's Vault" for "Lim-Dûl's Vault", "Aether" for "Æther"), by the whole name or any face's
("Fire // Ice", "Fire", "Delver of Secrets").
"""

from __future__ import annotations

import difflib
import gzip
import hashlib
import json
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

DATA = "oracle.json.gz"


@dataclass(frozen=True, slots=True)
class OracleFace:
    """One face of a card (the only one for most cards): its characteristics as printed."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class OracleCard:
    """A card of the database. `layout` is "normal" for single-faced cards; multi-part cards
    (split, adventure, transform, modal_dfc, flip, aftermath, meld) list their `faces`."""

    name: str
    layout: str
    front: OracleFace
    faces: tuple[OracleFace, ...]
    color_identity: tuple[str, ...]
    mana_value: float

    @property
    def oracle_text(self) -> str:
        return self.front.oracle_text

    @property
    def type_line(self) -> str:
        return self.front.type_line


def _face(d: dict) -> OracleFace:
    ci = d.get("color_indicator")
    return OracleFace(d["name"], d.get("mana_cost", ""), d.get("type_line", ""), d.get("oracle_text", ""),
                      d.get("power"), d.get("toughness"), d.get("loyalty"), tuple(d.get("colors", ())),
                      tuple(ci) if ci else None)


def _card(d: dict) -> OracleCard:
    faces = tuple(_face(f) for f in d.get("faces", ()))
    front = _face(d) if not faces else faces[0]
    if not faces:
        faces = (front,)
    return OracleCard(d["name"], d.get("layout", "normal"), front, faces,
                      tuple(d.get("color_identity", ())), float(d.get("mana_value", 0)))


def fold(name: str) -> str:
    """The key names are compared by: accents dropped, Æ as Ae, case and spacing ignored."""
    if name.isascii():
        return " ".join(name.lower().split())
    name = name.replace("Æ", "Ae").replace("æ", "ae")
    name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(name.replace("’", "'").lower().split())


class Database:
    """The Oracle cards by name. Cards are built from the data on first use: a lookup costs only
    the card it finds."""

    def __init__(self, raw: bytes) -> None:
        self.digest = hashlib.sha256(raw).hexdigest()[:16]
        data = json.loads(gzip.decompress(raw))
        self.source: str = data.get("source", "")
        self._data: list[dict] = data["cards"]
        self._built: dict[int, OracleCard] = {}
        index: dict[str, int] = {}
        for i, d in enumerate(self._data):
            index.setdefault(fold(d["name"]), i)
        for i, d in enumerate(self._data):  # face names after whole names: a whole name wins a clash
            faces = d.get("faces", ())
            if len(faces) > 1:
                for f in faces:
                    index.setdefault(fold(f["name"]), i)
        self._index = index

    def _at(self, i: int) -> OracleCard:
        c = self._built.get(i)
        if c is None:
            c = self._built[i] = _card(self._data[i])
        return c

    @property
    def cards(self) -> tuple[OracleCard, ...]:
        """Every card, in the data's order."""
        return tuple(self._at(i) for i in range(len(self._data)))

    def get(self, name: str) -> OracleCard | None:
        i = self._index.get(fold(name))
        return None if i is None else self._at(i)

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Names close to `name` (a misspelling), closest first."""
        key = fold(name)
        close = difflib.get_close_matches(key, list(self._index), n=n, cutoff=0.75)
        return list(dict.fromkeys(self._at(self._index[k]).name for k in close))


@lru_cache(maxsize=1)
def database() -> Database:
    raw = resources.files(__package__).joinpath("data", DATA).read_bytes()
    return Database(raw)


def lookup(name: str) -> OracleCard | None:
    """The database card named `name` (whole name or a face's name, see `fold`), or None."""
    return database().get(name)
