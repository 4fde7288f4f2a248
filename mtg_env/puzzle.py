"""Forge puzzle files (`.pzl`, interface.md §8): a real position, a goal and a turn limit.

`load_puzzle(path)` reads the file (format: ../shared/reference/puzzles/README.md) into a
`Puzzle` whose `game` is the position, the puzzle's player ("human", "p0") as P1 and the
opponent ("ai", "p1") as P2, in a duel. The position is built exactly or not at all: every card
the engine doesn't support and every feature of the file this loader can't set up exactly
(precast spells, Forge token scripts, persistent mana, face-down cards, ...) is collected and
raised together in one `UnsupportedPuzzleError`. A malformed file (an unknown key, broken
syntax, a bad number, an unknown card name) is a `PuzzleError` naming the file and line.

Setup follows Forge's: permanents are put onto the battlefield without enters triggers or
replacement choices (CR 614.12 doesn't apply: nothing "enters", the position simply is), and
they are not summoning sick unless marked `SummonSick` (they are taken to have been under their
controller's control since the turn began, CR 302.6).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import puzzle_goals
from .cards.abilities import AsEntersChoose
from .cards.carddef import CardDef
from .core.errors import MtgError, UnknownCardError, UnsupportedCardError
from .core.subtypes import CREATURE_TYPES
from .engine import facedown, turns
from .engine.game import Game
from .puzzle_precast import PrecastError, PrecastToken, entering_text, read_precast
from .puzzle_tokens import TokenSpecError, token_from_script, token_from_spec

PLAYERS = {"human": 0, "p0": 0, "ai": 1, "p1": 1}
ZONES = {"hand": "hand", "battlefield": "battlefield", "play": "battlefield", "library": "library",
         "graveyard": "graveyard", "exile": "exile"}
#: zone-like keys whose content this loader can't set up (only an empty value loads)
UNSUPPORTED_ZONES = {"command": "the command zone (emblems, effects)",
                     "sideboard": "cards outside the game (sideboard)",
                     "putonstack": "spells put on the stack at setup"}
#: player keys that load only at their neutral value
NEUTRAL = {"landsplayedlastturn": "0", "numringtemptedyou": "0", "speed": "0"}
NEUTRAL_WHAT = {"landsplayedlastturn": "lands played last turn", "numringtemptedyou": "the Ring tempting you",
                "speed": "speed (Start your engines!)"}
#: player counters the engine keeps (CR 122.1f), by Forge's name
PLAYER_COUNTERS = {"POISON": "poison", "ENERGY": "energy"}
MANA_SYMBOLS = {"W", "U", "B", "R", "G", "C"}
METADATA = {"name", "goal", "turns", "url", "difficulty", "description", "targets", "humancontrol"}
GLOBAL = {"activeplayer", "activephase", "activephaseadvance", "turn", "removesummoningsickness"}
PHASES = {"upkeep": "upkeep", "draw": "draw", "main1": "precombat_main",
          "combat_begin": "beginning_of_combat", "combat_declare_attackers": "declare_attackers",
          "combat_declare_blockers": "declare_blockers", "combat_end": "end_of_combat",
          "main2": "postcombat_main", "end_of_turn": "end"}
GOALS = ("Win", "Survive", "Win before opponent's next turn") + puzzle_goals.GOALS
#: Forge counter names that differ from the engine's (the rest are lower-cased)
COUNTERS = {"P1P1": "+1/+1", "M1M1": "-1/-1"}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SET_CODE = re.compile(r"^[A-Z0-9]{1,5}$")
#: the modifiers the loader reads (others are reported unsupported, also on unsupported cards)
KNOWN_MODIFIERS = {"Set", "Art", "Image", "IsToken", "Tapped", "Attacking", "FaceDown", "Imprinting",
                   "RememberedCards", "SummonSick", "NoETBTrigs", "Counters", "Id", "AttachedTo",
                   "Attaching", "ExiledWith", "Damage", "Owner", "ChosenColor", "ChosenType", "Transformed"}
MAX_TEXT_BYTES = 1 << 20  # a puzzle file is a few kilobytes


#: the steps in which creatures may be attacking (CR 506.1, 511.3)
COMBAT_STEPS = ("declare_attackers", "declare_blockers", "combat_damage")


class PuzzleError(MtgError, ValueError):
    """A malformed puzzle file: `where` is "file:line"."""

    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")
        self.where = where


class UnsupportedPuzzleError(MtgError):
    """A well-formed puzzle that uses cards or features the engine doesn't support; `unsupported`
    lists each one."""

    def __init__(self, path: str, unsupported: list[str]):
        super().__init__(f"{path}: puzzle not supported: " + "; ".join(unsupported))
        self.path = path
        self.unsupported = unsupported


@dataclass
class Puzzle:
    name: str
    goal: str
    turns: int
    difficulty: str
    description: str
    game: Game
    path: str = ""
    url: str = ""
    #: the last turn (game turn number) by which the goal must hold
    last_turn: int = 1
    metadata: dict[str, str] = field(default_factory=dict)
    #: the `Targets:` filters of a goal that names cards, and the permanents they matched at
    #: the start (puzzle_goals.py)
    targets: list[puzzle_goals.CardFilter] = field(default_factory=list)
    targets_at_start: frozenset[int] = frozenset()

    def reached(self, game: Game) -> bool:
        """Whether the goal holds in `game` (a continuation of this puzzle's game). "Win" (and
        "Win before opponent's next turn"): P2 has lost, P1 has not, within the turn limit.
        "Survive": P1 has not lost when the turn limit ends the game, or P1 won. The goals
        that name cards: puzzle_goals.py."""
        me, opp = game.players[0], game.players[1]
        if self.goal in puzzle_goals.GOALS:
            return not me.lost and game.turn_state.number <= self.last_turn and \
                puzzle_goals.reached(self.goal, game, self.targets, self.targets_at_start)
        if self.goal == "Survive":
            if me.lost:
                return False
            return me.won or (game.decision is None and not me.lost) or game.turn_state.number > self.last_turn
        return bool(opp.lost) and not me.lost and game.turn_state.number <= self.last_turn


# ---------------------------------------------------------------------------------------------
# reading the file


@dataclass
class _Value:
    text: str
    line: int


def _sections(text: str, where: str) -> tuple[dict[str, _Value], dict[str, _Value]]:
    meta: dict[str, _Value] = {}
    state: dict[str, _Value] = {}
    section = None
    last: _Value | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        low = line.lower()
        if low in ("[metadata]", "[state]"):
            section = low[1:-1]
            last = None
            continue
        if line.startswith("[") and line.endswith("]"):
            raise PuzzleError(f"{where}:{n}", f"unknown section {line}; expected [metadata] or [state]")
        if section is None:
            raise PuzzleError(f"{where}:{n}", f"expected [metadata] before {line!r}")
        if section == "metadata":
            key, sep, value = line.partition(":")
            if not sep:
                raise PuzzleError(f"{where}:{n}", f"expected 'Key:Value', got {line!r}")
            key = key.strip().lower()
            if key not in METADATA:
                raise PuzzleError(f"{where}:{n}", f"unknown metadata key {key!r}; expected one of "
                                  f"{', '.join(sorted(METADATA))}")
            meta[key] = last = _Value(value.strip(), n)
            continue
        if "=" not in line:
            if line.startswith("|") and last is not None:  # a card item broken over two lines
                last.text += line
                continue
            raise PuzzleError(f"{where}:{n}", f"expected 'key=value', got {line!r}")
        key, _, value = line.partition("=")
        key = key.strip().lower()
        if key in state:
            raise PuzzleError(f"{where}:{n}", f"{key} is set twice (first on line {state[key].line})")
        state[key] = last = _Value(value.strip(), n)
    if "goal" not in meta:
        raise PuzzleError(where, "the [metadata] section has no Goal")
    return meta, state


def _player_key(key: str) -> tuple[int, str] | None:
    for prefix, idx in PLAYERS.items():
        if key.startswith(prefix) and len(key) > len(prefix):
            return idx, key[len(prefix):]
    return None


@dataclass
class _Item:
    name: str
    mods: list[str]
    line: int
    token: bool = False


def _items(v: _Value) -> list[_Item]:
    out = []
    for part in v.text.split(";"):
        part = part.strip()
        if not part:
            continue
        bits = [b.strip() for b in part.split("|")]
        out.append(_Item(bits[0], [b for b in bits[1:] if b], v.line, bits[0][:2] in ("t:", "T:")))
    return out


def _int(where: str, key: str, v: _Value) -> int:
    try:
        return int(v.text)
    except ValueError:
        raise PuzzleError(f"{where}:{v.line}", f"{key}: expected a whole number, got {v.text!r}") from None


def _bool(where: str, key: str, v: _Value) -> bool:
    if v.text.lower() not in ("true", "false"):
        raise PuzzleError(f"{where}:{v.line}", f"{key}: expected true or false, got {v.text!r}")
    return v.text.lower() == "true"


# ---------------------------------------------------------------------------------------------
# building the position


@dataclass
class _Perm:
    card: str | CardDef
    owner: int
    controller: int
    zone: str
    tapped: bool = False
    sick: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    ident: int | None = None
    attached_to: int | None = None
    exiled_with: int | None = None
    damage: int = 0
    chosen_color: str | None = None
    #: ChosenType: the creature type chosen as it entered (CR 205.3m, 614.12)
    chosen_type: str | None = None
    token: bool = False
    attacking: bool = False
    face_down: bool = False
    #: Imprinting / RememberedCards: the Ids of cards this permanent exiled (CR 607.2a)
    remembers: list[int] = field(default_factory=list)
    line: int = 0
    #: the item as the file names it
    name: str = ""


def _read_item(it: _Item, zone: str, player: int, where: str, unsupported: list[str]) -> _Perm | None:
    from .cards import get_card
    at = f"line {it.line}"
    card: str | CardDef = it.name
    if it.token:
        try:
            card = token_from_spec(it.name[2:]) if it.name.startswith("t:") else token_from_script(it.name[2:])
        except TokenSpecError as e:
            unsupported.append(f"{at}: token {it.name!r}: {e}")
            return None
        if zone != "battlefield":  # CR 111.7, 704.5d: a token elsewhere ceases to exist
            unsupported.append(f"{at}: token {it.name!r} in the {zone} (a token exists only on the battlefield)")
            return None
    else:
        try:
            get_card(it.name)
        except UnsupportedCardError as e:
            unsupported.append(f"{at}: card {e.name!r}: {'; '.join(e.reasons)}")
            # its modifiers the loader can't set up are reported too (every blocker is named)
            for mod in it.mods:
                key, _, value = mod.partition(":")
                if key not in KNOWN_MODIFIERS and not (not value and _SET_CODE.match(key)):
                    unsupported.append(f"{at}: {it.name}|{mod} (modifier {key} is not set up by the loader)")
            return None
        except UnknownCardError as e:
            raise PuzzleError(f"{where}:{it.line}", str(e)) from None
    p = _Perm(card, player, player, zone, line=it.line, name=it.name)
    ok = True
    for mod in it.mods:
        key, _, value = mod.partition(":")
        if key in ("Set", "Art", "Image") or (not value and _SET_CODE.match(key) and key not in ("Tapped",)):
            continue  # the printing: art only
        if key == "IsToken" and zone == "battlefield" and not it.token:
            p.token = True  # a token that is a copy of the card (CR 111.4, 707.2)
        elif key == "Tapped" and zone == "battlefield":
            p.tapped = True
        elif key == "Attacking" and zone == "battlefield":
            p.attacking = True
        elif key == "FaceDown" and zone == "battlefield" and not it.token and _has_morph(card):
            p.face_down = True  # cast face down for its morph cost (CR 702.37c)
        elif key in ("Imprinting", "RememberedCards") and zone == "battlefield":
            p.remembers += [_mod_int(where, it, key, v) for v in value.split(",") if v.strip()]
        elif key == "SummonSick" and zone == "battlefield":
            p.sick = True
        elif key == "NoETBTrigs":
            continue  # setup never runs enters triggers or replacement choices
        elif key == "Counters":
            for pair in value.split(","):
                kind, _, n = pair.partition("=")
                try:
                    count = int(n)
                except ValueError:
                    raise PuzzleError(f"{where}:{it.line}", f"{it.name}: bad counters {value!r}") from None
                kind = kind.strip().upper()
                p.counters[COUNTERS.get(kind, kind.lower())] = count
        elif key == "Id":
            p.ident = _mod_int(where, it, key, value)
        elif key in ("AttachedTo", "Attaching"):
            p.attached_to = _mod_int(where, it, key, value)
        elif key == "ExiledWith" and zone == "exile":
            p.exiled_with = _mod_int(where, it, key, value)
        elif key == "Damage" and zone == "battlefield":
            p.damage = _mod_int(where, it, key, value)
        elif key == "Owner" and zone == "battlefield":
            owner = PLAYERS.get(value.lower())
            if owner is None:
                raise PuzzleError(f"{where}:{it.line}", f"{it.name}: Owner must be Human or AI, got {value!r}")
            p.owner = owner
        elif key == "ChosenColor" and zone == "battlefield" and value.lower() in COLORS:
            p.chosen_color = COLORS[value.lower()]
        elif key == "ChosenType" and zone == "battlefield" and not it.token and _chooses_type(card) \
                and value.lower() in _CREATURE_TYPES:
            p.chosen_type = _CREATURE_TYPES[value.lower()]
        elif key == "Transformed" and zone == "battlefield" and not it.token:
            why = _transform_problem(card)
            if why:
                unsupported.append(f"{at}: {it.name}|{mod} ({why})")
                ok = False
            else:
                p.card = _card_of(p).card.faces[1]  # its back face up (CR 712.8e)
        else:
            unsupported.append(f"{at}: {it.name}|{mod} ({'modifier ' + key} is not set up by the loader)")
            ok = False
    return p if ok else None


_CREATURE_TYPES = {t.lower(): t for t in CREATURE_TYPES}


def _chooses_type(card: str | CardDef) -> bool:
    """Whether the card chooses a creature type as it enters ("As ~ enters, choose a creature
    type", CR 614.12): then `ChosenType` is that choice."""
    from .cards import get_card
    cd = get_card(card) if isinstance(card, str) else card
    return any(isinstance(a, AsEntersChoose) and a.choose == "creature_type" for a in cd.abilities)


def _transform_problem(card: str | CardDef) -> str | None:
    """Why `Transformed` can't be set up for the card (None if it can): only a transforming
    double-faced card has a back face to be up on the battlefield (CR 712.2, 712.8e), and not one
    whose back face is an instant or sorcery (CR 701.27d); a daybound or nightbound card is up on
    the face day or night says (CR 702.145), and day and night are not set up."""
    from .cards import get_card
    cd = (get_card(card) if isinstance(card, str) else card).card
    if cd.layout != "transform" or len(cd.faces) != 2:
        return f"{cd.name} is not a transforming double-faced card"
    if cd.faces[1].types & {"Instant", "Sorcery"}:
        return f"the back face of {cd.name} is not a permanent"
    if any({"daybound", "nightbound"} & f.keywords for f in cd.faces):
        return "a daybound or nightbound card transformed: day and night are not set up"
    return None


def _has_morph(card: str | CardDef) -> bool:
    """A face-down permanent whose card has morph (or megamorph) was cast face down with it
    (CR 702.37c); any other face-down permanent was manifested, cloaked or turned face down by
    an effect, which the file doesn't say."""
    from .cards import get_card
    from .engine.facedown import morph_of
    return isinstance(card, str) and morph_of(get_card(card)) is not None


def _card_of(q: _Perm) -> CardDef:
    from .cards import get_card
    return q.card if isinstance(q.card, CardDef) else get_card(q.card)


def _mod_int(where: str, it: _Item, key: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise PuzzleError(f"{where}:{it.line}", f"{it.name}: {key} expects a number, got {value!r}") from None


def load_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """Read a Forge puzzle file into a `Puzzle` (see the module docstring)."""
    p = Path(path)
    where = str(path)
    try:
        if not p.is_file():
            raise PuzzleError(where, "no such file")
        if p.stat().st_size > MAX_TEXT_BYTES:
            raise PuzzleError(where, f"file larger than {MAX_TEXT_BYTES} bytes")
        text = p.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PuzzleError(where, f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    return read_puzzle(text, where)


def read_puzzle(text: str, where: str = "<puzzle>") -> Puzzle:
    meta, state = _sections(text, where)
    unsupported: list[str] = []
    goal = meta["goal"].text
    if goal not in GOALS:
        unsupported.append(f"goal {goal!r} (supported: {', '.join(GOALS)})")
    turns = _int(where, "Turns", meta["turns"]) if "turns" in meta else 1
    if turns < 1:
        raise PuzzleError(f"{where}:{meta['turns'].line}", f"Turns: expected at least 1, got {turns}")
    targets: list[puzzle_goals.CardFilter] = []
    if goal in puzzle_goals.GOALS:
        if "targets" not in meta:
            raise PuzzleError(f"{where}:{meta['goal'].line}", f"goal {goal!r} needs a Targets: line")
        try:
            targets = puzzle_goals.parse_filters(meta["targets"].text)
        except puzzle_goals.FilterError as e:
            unsupported.append(f"Targets: {e} (Forge card filters)")
    elif "targets" in meta:
        unsupported.append(f"Targets: {meta['targets'].text} with goal {goal!r} (targets of a goal that names none)")
    if meta.get("humancontrol") and meta["humancontrol"].text.lower() == "true":
        unsupported.append("HumanControl (P1 controlling the opponent's decisions)")

    life = [20, 20]
    lands_played = [0, 0]
    persistent: list[list[str]] = [[], []]
    player_counters: list[dict[str, int]] = [{}, {}]
    zones: dict[tuple[int, str], list[_Item]] = {}
    precast: list[PrecastToken] = []
    active, step, turn, no_sickness = 0, "precombat_main", 1, False
    advance: tuple[str, str] | None = None
    for key, v in state.items():
        at = f"{where}:{v.line}"
        if key == "activeplayer":
            if v.text.lower() not in PLAYERS:
                raise PuzzleError(at, f"activeplayer: expected human, ai, p0 or p1, got {v.text!r}")
            active = PLAYERS[v.text.lower()]
        elif key == "activephase":
            ph = v.text.lower()
            if ph in PHASES or ph in ("untap", "cleanup"):
                step = PHASES.get(ph, ph)
            else:
                raise PuzzleError(at, f"activephase: unknown phase {v.text!r}")
        elif key == "activephaseadvance":
            ph = v.text.lower()
            if ph not in PHASES and ph not in ("untap", "cleanup"):
                raise PuzzleError(at, f"activephaseadvance: unknown phase {v.text!r}")
            advance = (PHASES.get(ph, ph), v.text)
        elif key == "turn":
            turn = _int(where, key, v)
            if turn < 1:
                raise PuzzleError(at, f"turn: expected at least 1, got {turn}")
        elif key == "removesummoningsickness":
            no_sickness = _bool(where, key, v)
        elif key.startswith("ability"):
            unsupported.append(f"{key} (Forge ability scripts)")
        elif key == "ainame":
            continue  # the opponent's display name: the opponent is P2
        else:
            pk = _player_key(key)
            if pk is None:
                raise PuzzleError(at, f"unknown key {key!r}")
            who, rest = pk
            if rest == "life":
                life[who] = _int(where, key, v)
            elif rest == "landsplayed":
                lands_played[who] = _int(where, key, v)
            elif rest == "persistentmana":
                symbols = v.text.upper().split()
                bad = [m for m in symbols if m not in MANA_SYMBOLS]
                if bad:
                    raise PuzzleError(at, f"{key}: expected mana symbols W U B R G C, got {' '.join(bad)}")
                persistent[who] = symbols
            elif rest == "counters":
                for pair in filter(None, (x.strip() for x in v.text.split(","))):
                    kind, _, n = pair.partition("=")
                    try:
                        count = int(n)
                    except ValueError:
                        raise PuzzleError(at, f"{key}: expected TYPE=N, got {pair!r}") from None
                    if kind.strip().upper() in PLAYER_COUNTERS:
                        player_counters[who][PLAYER_COUNTERS[kind.strip().upper()]] = count
                    elif count:
                        unsupported.append(f"{key}={pair} (player counters of kind {kind.strip()})")
            elif rest in ZONES:
                zones.setdefault((who, ZONES[rest]), []).extend(_items(v))
            elif rest == "precast":
                try:
                    precast += read_precast(v.text, who, key, v.line, unsupported)
                except PrecastError as e:
                    raise PuzzleError(at, str(e)) from None
            elif rest in UNSUPPORTED_ZONES:
                if v.text.strip(" ;"):
                    unsupported.append(f"{key}: {UNSUPPORTED_ZONES[rest]}")
            elif rest in NEUTRAL:
                if v.text.strip() not in (NEUTRAL[rest], ""):
                    unsupported.append(f"{key}={v.text} ({NEUTRAL_WHAT[rest]})")
            else:
                raise PuzzleError(at, f"unknown key {key!r}")

    perms: list[_Perm] = []
    for (who, zone), items in zones.items():
        for it in items:
            got = _read_item(it, zone, who, where, unsupported)
            if got is not None:
                perms.append(got)
    for t in precast:
        # created during setup: under its controller's control since this turn (CR 302.6)
        perms.append(_Perm(t.card, t.player, t.player, "battlefield", tapped=t.tapped, sick=True,
                           line=t.line, name=f"precast {t.entry}"))
    if precast:
        for q in perms:
            said = entering_text(_card_of(q)) if q.zone == "battlefield" else None
            if said is not None:
                unsupported.append(f"line {q.line}: {q.name}: {said!r} could apply to the tokens "
                                   "precast at setup (CR 614.1c): not set up by the loader")
    declared = {m[3:].strip() for items in zones.values() for it in items for m in it.mods if m.startswith("Id:")}
    ids = {q.ident: q for q in perms if q.ident is not None}
    for q in perms:
        for ref, what in ((q.attached_to, "AttachedTo"), (q.exiled_with, "ExiledWith")):
            if ref is not None and str(ref) not in declared:
                raise PuzzleError(f"{where}:{q.line}", f"{q.name}: {what}:{ref} names no card with Id:{ref}")
            if ref is not None and ref not in ids:
                continue  # that card is unsupported (reported)
            if ref is not None and ids[ref].zone != "battlefield":
                unsupported.append(f"line {q.line}: {q.name}|{what}:{ref} (not a permanent)")
    for q in perms:
        for ref in q.remembers:
            # what it "remembers" is a card exiled with it (Isochron Scepter's imprint, Journey to
            # Nowhere's exiled card): the engine links a card in exile to its exiler (CR 607.2a)
            if str(ref) not in declared:
                raise PuzzleError(f"{where}:{q.line}", f"{q.name}: remembers Id:{ref}, which no card has")
            if ref not in ids:
                continue  # that card is unsupported (reported)
            other = ids[ref]
            if other.zone != "exile":
                unsupported.append(f"line {q.line}: {q.name} remembering Id:{ref} in the {other.zone} "
                                   "(only cards exiled with it are linked)")
            elif q.ident is None or other.exiled_with not in (None, q.ident):
                raise PuzzleError(f"{where}:{q.line}", f"{q.name} remembers Id:{ref}, which was exiled with "
                                  f"another card (Id:{other.exiled_with})")
            else:
                other.exiled_with = q.ident
    for q in perms:
        if q.attacking and step not in COMBAT_STEPS:
            unsupported.append(f"line {q.line}: {q.name}|Attacking in the {step.replace('_', ' ')} step "
                               "(creatures attack from the declare attackers step to the end of combat)")
        elif q.attacking and q.controller != active:
            unsupported.append(f"line {q.line}: {q.name}|Attacking under the non-active player's control")
        elif q.attacking and "Creature" not in _card_of(q).types:
            unsupported.append(f"line {q.line}: {q.name}|Attacking (not a creature, CR 506.3a)")
    if unsupported:
        raise UnsupportedPuzzleError(where, unsupported)

    # a puzzle that starts in the cleanup step counts its turns from the next one (that turn is over)
    last_turn = turn + turns - (0 if step == "cleanup" else 1)
    game = _build(perms, _Players(life, lands_played, persistent, player_counters), active, step, turn,
                  no_sickness, last_turn, meta)
    if advance is not None:
        _advance_to(game, advance[0], f"activephaseadvance={advance[1]}", where)
    return Puzzle(name=meta["name"].text if "name" in meta else Path(where).stem, goal=goal, turns=turns,
                  difficulty=meta["difficulty"].text if "difficulty" in meta else "",
                  description=meta["description"].text.replace("\\n", "\n") if "description" in meta else "",
                  game=game, path=where, url=meta["url"].text if "url" in meta else "", last_turn=last_turn,
                  metadata={k: v.text for k, v in meta.items()}, targets=targets,
                  targets_at_start=frozenset(puzzle_goals.matching(game, targets)) if targets else frozenset())


@dataclass
class _Players:
    """The players' own state a puzzle sets, by player index."""

    life: list[int]
    lands_played: list[int]
    persistent_mana: list[list[str]]
    counters: list[dict[str, int]]


def _build(perms: list[_Perm], players: _Players, active: int, step: str, turn: int,
           no_sickness: bool, last_turn: int, meta: dict[str, _Value]) -> Game:
    g = Game(["P1", "P2"], seed=0, format="duel", mana_payment="manual", turn_limit=last_turn)
    ts = g.turn_state
    ts.number = turn
    ts.step = step
    ts.active = ts.first_player = g.priority_state.player = active
    for i, p in enumerate(g.players):
        p.life = players.life[i]
        p.lands_played = players.lands_played[i]
        p.poison = players.counters[i].get("poison", 0)
        p.energy = players.counters[i].get("energy", 0)  # CR 107.14, 122.1
        for m in players.persistent_mana[i]:  # mana that stays in the pool as steps end (CR 106.4)
            p.pool.add(m, 1)
        if players.persistent_mana[i]:
            p.pool.persistent = p.pool.counts[:]
    oid_of: dict[int, int] = {}  # Forge's Id -> object id
    q_oid: dict[int, int] = {}  # id(_Perm) -> object id
    order = {"library": 0, "hand": 1, "graveyard": 2, "exile": 3, "battlefield": 4}
    for q in sorted(perms, key=lambda q: order[q.zone]):  # stable: each zone keeps the file's order
        loyalty = _card_of(q).loyalty if q.zone == "battlefield" else None
        if loyalty is not None and "loyalty" not in q.counters:
            # a planeswalker without Counters:LOYALTY is set up as it enters: with its printed
            # loyalty (CR 306.5b), as in scenario files
            q.counters = dict(q.counters, loyalty=loyalty)
        oid = g.new_object(q.card, q.owner, q.zone, controller=q.controller, tapped=q.tapped,
                           sick=q.sick and not no_sickness, counters=q.counters or None, token=q.token)
        obj = g.objects[oid]
        obj.damage = q.damage
        info = {k: v for k, v in (("chosen_color", q.chosen_color), ("chosen_type", q.chosen_type)) if v}
        if info:
            obj.info = info
        if q.ident is not None:
            oid_of[q.ident] = oid
        q_oid[id(q)] = oid
    for q in perms:
        if q.face_down:
            facedown.set_face_down(g, q_oid[id(q)], "morph")
    for q in perms:
        if q.attached_to is not None:
            g.objects[q_oid[id(q)]].attached_to = oid_of[q.attached_to]
        if q.exiled_with is not None:
            g.objects[q_oid[id(q)]].info = {"exiled_with": (oid_of[q.exiled_with], "p")}
    name = meta["name"].text if "name" in meta else "puzzle"
    g.log_event(f"Puzzle: {name} — turn {turn}, {g.players[active].name}'s {step.replace('_', ' ')}")
    attackers = [q for q in perms if q.attacking]
    for q in attackers:  # declared before the puzzle begins (CR 508.1a; no attack triggers now)
        oid = q_oid[id(q)]
        g.combat.attackers.append(oid)
        g.combat.attack_targets[oid] = 1 - active
    if attackers:
        g.invalidate()
    if step == "declare_blockers":
        turns.begin_step(g)  # the step begins: the defending player declares blockers (CR 509.1)
    if step in ("untap", "cleanup"):
        # no player gets priority in these steps (CR 502.4, 514.3): the puzzle starts as the
        # step's turn-based actions happen (untapping; discarding to hand size, damage wearing
        # off), and the game goes on from there
        turns.begin_step(g)
        if step == "untap":
            for i, p in enumerate(g.players):
                p.lands_played = players.lands_played[i]
    g.start()
    return g


def _advance_to(g: Game, step: str, what: str, where: str) -> None:
    """`activephaseadvance`: the game goes on from the puzzle's phase to the next start of
    `step`, every player passing priority with an empty stack on the way (the position is
    meant to reach that step as it is). A decision on the way (an attack, a trigger's target,
    a spell on the stack to answer) is something the file doesn't say how to take: unsupported."""
    start = (g.turn_state.number, g.turn_state.step)
    for _ in range(200):
        ts = g.turn_state
        if ts.step == step and (ts.number, ts.step) != start:
            break
        d = g.decision
        if d is None or g.game_over:
            raise UnsupportedPuzzleError(where, [f"{what} (the game ends on the way: {g.result_reason or 'over'})"])
        if d.kind != "priority" or g.stack:
            kind = f"{d.player} decides: {d.prompt}" if d.kind != "priority" else "a spell or ability on the stack"
            raise UnsupportedPuzzleError(where, [f"{what} (on the way, {kind}: the file doesn't say how it is taken)"])
        g.act("pass")
    else:
        raise UnsupportedPuzzleError(where, [f"{what} (not reached)"])
    g.log_event(f"Puzzle: advanced to {g.players[g.turn_state.active].name}'s {step.replace('_', ' ')}")

