"""Scenario files (interface.md §5): a position, optionally a line to play and what must hold.

Everything is checked before anything is built, so a bad file is reported with the file, the
key path and what was expected, and no game is half-loaded.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..cards import get_card
from ..core.errors import IllegalActionError, ManaStringError, MtgError, ScenarioError, UnknownCardError
from ..core.inputs import InputFileError, load_yaml, read_text
from ..core.mana import parse_mana
from ..core.objects import BATTLEFIELD
from . import facedown, faces, limits
from .game import STEPS, Game
from .zones import face_named

TOP_KEYS = {"name", "description", "seed", "format", "turn", "active_player", "step", "mana_payment",
            "players", "line", "expect", "turn_limit", "x_cap", "tags", "skip_forced",
            "useful_mana_only"}
PLAYER_KEYS = {"name", "life", "mana_pool", "hand", "library", "graveyard", "exile", "battlefield",
               "commander_colors", "energy"}
PERMANENT_KEYS = {"card", "tapped", "summoning_sick", "counters", "attached_to", "owner", "controller",
                  "chosen_color", "face_down"}
CARD_KEYS = {"card", "counters", "exiled_with"}
FORMATS = ("goldfish", "duel")


@dataclass
class Scenario:
    """A loaded scenario: the game in its position, and the line and expectations, if any."""

    game: Game
    name: str = ""
    line: list[str] = field(default_factory=list)
    expect: dict[str, Any] = field(default_factory=dict)
    where: str = ""


def load_scenario(source: str | os.PathLike[str] | dict[str, Any], skip_forced: bool = False,
                  useful_mana_only: bool = False) -> Game:
    """Load a scenario (a path, YAML text, or a dict) and return its game, ready to act. With
    `skip_forced` (or `skip_forced: true` in the scenario) the engine takes every decision that
    has exactly one legal action itself (interface.md §9)."""
    return read_scenario(source, skip_forced, useful_mana_only).game


def read_scenario(source: str | os.PathLike[str] | dict[str, Any], skip_forced: bool = False,
                  useful_mana_only: bool = False) -> Scenario:
    data, where = _read_source(source)
    return build_scenario(data, where, skip_forced, useful_mana_only)


def _read_source(source: str | os.PathLike[str] | dict[str, Any]) -> tuple[dict[str, Any], str]:
    if isinstance(source, dict):
        return source, "<dict>"
    text: str
    where: str
    s = os.fspath(source)
    if "\n" not in s and (os.path.exists(s) or s.endswith((".yaml", ".yml"))):
        if not os.path.exists(s):
            raise ScenarioError(s, "", "no such file")
        try:
            text = read_text(s)
        except InputFileError as e:
            raise ScenarioError(s, "", str(e).removeprefix(f"{s}: ")) from None
        where = s
    else:
        text, where = s, "<text>"
    data = load_yaml(text, where)
    if not isinstance(data, dict):
        raise ScenarioError(where, "", f"expected a mapping at the top level, got {type(data).__name__}")
    return data, where


def _check_keys(where: str, path: str, d: Any, allowed: set[str]) -> None:
    if not isinstance(d, dict):
        raise ScenarioError(where, path, f"expected a mapping, got {type(d).__name__} {d!r}")
    for k in d:
        if k not in allowed:
            raise ScenarioError(where, f"{path}.{k}" if path else str(k),
                                f"unknown key; expected one of: {', '.join(sorted(allowed))}")


def _typed(where: str, path: str, v: Any, t: type | tuple[type, ...], what: str) -> Any:
    if not isinstance(v, t) or (t is int and isinstance(v, bool)):
        raise ScenarioError(where, path, f"expected {what}, got {v!r}")
    return v


def _card_name(where: str, path: str, v: Any) -> str:
    _typed(where, path, v, str, "a card name")
    try:
        card = get_card(v)
        # a face's name, for a card with several faces: that face up on the battlefield
        return face_named(card, v, BATTLEFIELD).name
    except UnknownCardError as e:
        raise ScenarioError(where, path, str(e)) from None


def _color(where: str, path: str, v: Any) -> str | None:
    if v is None:
        return None
    if v not in ("W", "U", "B", "R", "G"):
        raise ScenarioError(where, path, f"expected one of W, U, B, R, G, got {v!r}")
    return str(v)


def _counters(where: str, path: str, v: Any) -> dict[str, int]:
    if v is None:
        return {}
    _typed(where, path, v, dict, "a mapping of counter kind to number")
    out = {}
    for k, n in v.items():
        _typed(where, f"{path}.{k}", n, int, "a whole number of counters")
        if not 0 <= n <= limits.MAX_AMOUNT:
            raise ScenarioError(where, f"{path}.{k}", f"expected a number of counters >= 0 and <= {limits.MAX_AMOUNT}")
        out[str(k)] = n
    return out


def build_scenario(data: dict[str, Any], where: str = "<dict>", skip_forced: bool = False,
                   useful_mana_only: bool = False) -> Scenario:
    """Validate a scenario's data and build its game (nothing is built if anything is wrong)."""
    _check_keys(where, "", data, TOP_KEYS)
    fmt = data.get("format", "goldfish")
    if fmt not in FORMATS:
        raise ScenarioError(where, "format", f"expected one of {', '.join(FORMATS)}, got {fmt!r}")
    seed = _typed(where, "seed", data.get("seed", 0), int, "a whole number")
    turn = _typed(where, "turn", data.get("turn", 1), int, "a turn number >= 1")
    if turn < 1:
        raise ScenarioError(where, "turn", f"expected a turn number >= 1, got {turn}")
    step = data.get("step", "precombat_main")
    if step not in STEPS or step in ("untap", "cleanup"):
        raise ScenarioError(where, "step", f"expected a step in which players get priority "
                            f"({', '.join(s for s in STEPS if s not in ('untap', 'cleanup'))}), got {step!r}")
    payment = data.get("mana_payment", "manual")
    if payment not in ("manual", "auto"):
        raise ScenarioError(where, "mana_payment", f"expected manual or auto, got {payment!r}")
    players_data = data.get("players") or [{"name": "P1"}, {"name": "P2"}]
    _typed(where, "players", players_data, list, "a list of players")
    if not 1 <= len(players_data) <= 4:
        raise ScenarioError(where, "players", f"expected 1 to 4 players, got {len(players_data)}")
    if len(players_data) == 1:
        players_data = [players_data[0], {"name": "P2"}]
    names = []
    for i, pd in enumerate(players_data):
        _check_keys(where, f"players[{i}]", pd, PLAYER_KEYS)
        names.append(str(pd.get("name", f"P{i + 1}")))
    if len(set(names)) != len(names):
        raise ScenarioError(where, "players", f"player names must differ: {names}")
    active = data.get("active_player", names[0])
    if active not in names:
        raise ScenarioError(where, "active_player", f"expected one of {names}, got {active!r}")
    line = data.get("line") or []
    _typed(where, "line", line, list, "a list of steps (strings)")
    for i, s in enumerate(line):
        _typed(where, f"line[{i}]", s, str, "a step written as text")
    expect = data.get("expect") or {}
    _typed(where, "expect", expect, dict, "a mapping of dotted paths to values")
    turn_limit = data.get("turn_limit")
    if turn_limit is not None:
        _typed(where, "turn_limit", turn_limit, int, "a whole number")
        if turn_limit < 1:
            raise ScenarioError(where, "turn_limit", f"expected at least 1, got {turn_limit}")
    x_cap = _typed(where, "x_cap", data.get("x_cap", 20), int, "a whole number")
    if x_cap < 0:
        raise ScenarioError(where, "x_cap", f"expected at least 0, got {x_cap}")
    skip_forced = _typed(where, "skip_forced", data.get("skip_forced", skip_forced), bool, "true or false")
    useful = _typed(where, "useful_mana_only", data.get("useful_mana_only", useful_mana_only), bool,
                    "true or false")

    # Validate every player before building anything.
    plans = [_plan_player(where, f"players[{i}]", pd, names) for i, pd in enumerate(players_data)]
    n_objects = sum(len(pl[z]) for pl in plans for z in ("hand", "library", "graveyard", "exile", "battlefield"))
    if n_objects > limits.MAX_OBJECTS:
        raise ScenarioError(where, "players", f"{n_objects} cards: a game holds at most {limits.MAX_OBJECTS} objects")

    g = Game(names, seed=seed, format=fmt, mana_payment=payment, x_cap=x_cap, turn_limit=turn_limit,
             skip_forced=skip_forced, useful_mana_only=useful)
    ts = g.turn_state
    ts.number = turn
    ts.step = step
    ts.active = ts.first_player = g.priority_state.player = names.index(active)
    if fmt == "goldfish":
        for p in g.players[1:]:
            p.dummy = True
    attach_jobs: list[tuple[int, str, str]] = []
    link_jobs: list[tuple[int, str, str]] = []
    for idx, plan in enumerate(plans):
        p = g.players[idx]
        p.life = plan["life"]
        p.energy = plan["energy"]  # energy counters (CR 107.14, 122.1)
        p.pool.counts = plan["mana"]
        for name in plan["library"]:
            g.new_object(name, idx, "library")
        for name in plan["hand"]:
            g.new_object(name, idx, "hand")
        for name in plan["graveyard"]:
            g.new_object(name, idx, "graveyard")
        for name, counters, with_, path in plan["exile"]:
            oid = g.new_object(name, idx, "exile", counters=counters)
            if with_:
                link_jobs.append((oid, with_, path))
        for perm in plan["battlefield"]:
            owner = names.index(perm["owner"]) if perm["owner"] else idx
            oid = g.new_object(perm["card"], owner, "battlefield", controller=idx, tapped=perm["tapped"],
                               sick=perm["summoning_sick"], counters=perm["counters"])
            if perm["attached_to"]:
                attach_jobs.append((oid, perm["attached_to"], perm["path"]))
            if perm["chosen_color"]:
                g.objects[oid].info = {"chosen_color": perm["chosen_color"]}
            if perm.get("face_down"):
                facedown.set_face_down(g, oid, perm["face_down"])  # CR 708: cast face down / manifested
        if plan["commander_colors"]:
            g.commander.colors[idx] = plan["commander_colors"]
    for oid, source, path in link_jobs:
        # "exiled with" a permanent's linked ability (CR 607): its printed abilities' group
        host = next((o for o in g.battlefield if g.objects[o].card.name == source), None)
        if host is None:
            raise ScenarioError(where, path, f"exiled_with names {source!r}, which is not on the battlefield")
        g.objects[oid].info = {"exiled_with": (host, "p")}
    for oid, target, path in attach_jobs:
        host = next((o for o in g.battlefield if g.objects[o].card.name == target and o != oid), None)
        if host is None:
            raise ScenarioError(where, path, f"attached_to names {target!r}, which is not on the battlefield")
        g.objects[oid].attached_to = host
    g.log_event(f"Scenario{': ' + str(data['name']) if data.get('name') else ''} — turn {turn}, "
                f"{active}'s {step.replace('_', ' ')}")
    faces.settle_day_night(g)  # daybound or nightbound permanents set up (CR 702.145d, 702.145g)
    g.start()
    return Scenario(g, str(data.get("name", "")), list(line), dict(expect), where)


def _plan_player(where: str, path: str, pd: dict[str, Any], names: list[str]) -> dict[str, Any]:
    plan: dict[str, Any] = {}
    plan["life"] = _typed(where, f"{path}.life", pd.get("life", 20), int, "a whole number")
    plan["energy"] = _typed(where, f"{path}.energy", pd.get("energy", 0), int, "a whole number")
    if not 0 <= plan["energy"] <= limits.MAX_AMOUNT:
        raise ScenarioError(where, f"{path}.energy", "energy counters: from 0 to the largest amount")
    try:
        plan["mana"] = parse_mana(str(pd.get("mana_pool", "") or ""))
    except ManaStringError as e:
        raise ScenarioError(where, f"{path}.mana_pool", str(e)) from None
    except ValueError as e:  # a count of more than 4,300 digits
        raise ScenarioError(where, f"{path}.mana_pool", f"bad mana: {e}") from None
    if max(plan["mana"]) > limits.MAX_AMOUNT:
        raise ScenarioError(where, f"{path}.mana_pool", f"expected at most {limits.MAX_AMOUNT} mana of each type")
    for zone in ("hand", "library", "graveyard"):
        items = pd.get(zone) or []
        _typed(where, f"{path}.{zone}", items, list, "a list of card names")
        plan[zone] = [_card_name(where, f"{path}.{zone}[{i}]", c) for i, c in enumerate(items)]
    exile = []
    for i, ex in enumerate(_typed(where, f"{path}.exile", pd.get("exile") or [], list, "a list")):
        p = f"{path}.exile[{i}]"
        if isinstance(ex, dict):
            _check_keys(where, p, ex, CARD_KEYS)
            with_ = ex.get("exiled_with")
            if with_ is not None:
                with_ = _card_name(where, f"{p}.exiled_with", with_)
            exile.append((_card_name(where, f"{p}.card", ex.get("card")),
                          _counters(where, f"{p}.counters", ex.get("counters")), with_, f"{p}.exiled_with"))
        else:
            exile.append((_card_name(where, p, ex), {}, None, p))
    plan["exile"] = exile
    perms = []
    for i, bf in enumerate(_typed(where, f"{path}.battlefield", pd.get("battlefield") or [], list, "a list")):
        p = f"{path}.battlefield[{i}]"
        if isinstance(bf, dict):
            _check_keys(where, p, bf, PERMANENT_KEYS)
            owner = bf.get("owner")
            if owner is not None and owner not in names:
                raise ScenarioError(where, f"{p}.owner", f"expected one of {names}, got {owner!r}")
            if "controller" in bf and bf["controller"] not in names:
                raise ScenarioError(where, f"{p}.controller", f"expected one of {names}")
            att = bf.get("attached_to")
            if att is not None:
                _typed(where, f"{p}.attached_to", att, str, "the name of a permanent")
            perms.append({
                "card": _card_name(where, f"{p}.card", bf.get("card")),
                "tapped": _typed(where, f"{p}.tapped", bf.get("tapped", False), bool, "true or false"),
                "summoning_sick": _typed(where, f"{p}.summoning_sick", bf.get("summoning_sick", False), bool,
                                         "true or false"),
                "counters": _counters(where, f"{p}.counters", bf.get("counters")),
                "attached_to": att, "owner": owner, "path": f"{p}.attached_to",
                "chosen_color": _color(where, f"{p}.chosen_color", bf.get("chosen_color")),
                "face_down": _face_down(where, f"{p}.face_down", bf.get("face_down"), bf.get("card"))})
        else:
            perms.append({"card": _card_name(where, p, bf), "tapped": False, "summoning_sick": False,
                          "counters": {}, "attached_to": None, "owner": None, "path": p, "chosen_color": None})
        cd = face_named(get_card(perms[-1]["card"]), perms[-1]["card"], BATTLEFIELD)
        if perms[-1].get("face_down"):
            continue  # a face-down permanent is a 2/2 creature whatever its card (CR 708.2a, 701.40a)
        if not cd.is_permanent:
            raise ScenarioError(where, p, f"{perms[-1]['card']} is not a permanent card")
        if cd.loyalty is not None and "loyalty" not in perms[-1]["counters"]:
            # a planeswalker is set up as it enters: with its printed loyalty (CR 306.5b)
            perms[-1]["counters"] = dict(perms[-1]["counters"], loyalty=cd.loyalty)
    plan["battlefield"] = perms
    cc = pd.get("commander_colors", "")
    _typed(where, f"{path}.commander_colors", cc, str, "a string of colors such as WUBRG")
    if any(ch not in "WUBRG" for ch in cc):
        raise ScenarioError(where, f"{path}.commander_colors", f"expected letters from WUBRG, got {cc!r}")
    plan["commander_colors"] = cc
    return plan


# ---------------------------------------------------------------------------------------------
# expectations


_MISSING = object()


def lookup(state: dict[str, Any], path: str) -> Any:
    """Follow a dotted path into state_json(); players and cards may be named (interface.md §5)."""
    parts = path.split(".")
    cur: Any = state
    i = 0
    while i < len(parts):
        found = _MISSING
        # names may contain dots: try the longest run of parts first
        for j in range(len(parts), i, -1):
            seg = ".".join(parts[i:j])
            found = _step(cur, seg)
            if found is not _MISSING:
                i = j
                break
        if found is _MISSING:
            raise KeyError(f"{path}: nothing at {parts[i]!r}")
        cur = found
    return cur


def _step(cur: Any, seg: str) -> Any:
    if isinstance(cur, dict):
        return cur.get(seg, _MISSING)
    if isinstance(cur, list):
        if seg.isdigit():
            k = int(seg)
            return cur[k] if k < len(cur) else _MISSING
        for e in cur:
            if isinstance(e, dict) and (e.get("name") == seg or e.get("card") == seg):
                return e
            if e == seg:
                return e
    return _MISSING


def check_expect(state: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """The expectations that fail, each as a readable line."""
    failures = []
    for path, want in expect.items():
        try:
            got = lookup(state, str(path))
        except KeyError as e:
            failures.append(f"{path}: not found ({e})")
            continue
        if isinstance(want, list) and isinstance(got, list):
            ok = Counter(map(_hashable, want)) == Counter(map(_hashable, got))
        else:
            ok = got == want
        if not ok:
            failures.append(f"{path}: expected {want!r}, got {got!r}")
    return failures


def _hashable(v: Any) -> Any:
    if isinstance(v, dict):
        return v.get("card", repr(sorted(v.items())))
    return v


@dataclass
class ScenarioRun:
    scenario: Scenario
    failures: list[str]
    error: str | None = None

    @property
    def ok(self) -> bool:
        return not self.failures and self.error is None


def run_scenario(source: str | os.PathLike[str] | dict[str, Any]) -> ScenarioRun:
    """Load a scenario, play its line and check its expectations."""
    sc = read_scenario(source)
    try:
        sc.game.run_line(sc.line)
    except (IllegalActionError, MtgError) as e:
        return ScenarioRun(sc, [], f"line failed: {e}")
    return ScenarioRun(sc, check_expect(sc.game.state_json(), sc.expect))


def _face_down(where: str, path: str, value: Any, card: Any) -> str | None:
    """`face_down: morph` (cast face down with morph: the card must have it, CR 702.37c) or
    `face_down: manifest` (manifested, CR 701.40a)."""
    if value is None:
        return None
    if value not in ("morph", "manifest"):
        raise ScenarioError(where, path, f"expected morph or manifest, got {value!r}")
    if value == "morph" and isinstance(card, str):
        from .facedown import morph_of
        if morph_of(get_card(card)) is None:
            raise ScenarioError(where, path, f"{card} has no morph ability")
    return str(value)
