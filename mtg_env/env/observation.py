"""Observations: fixed-shape arrays describing one player's view of the game.

Hidden information stays hidden: another player's hand and every library appear only as counts.
The shapes come from a `Layout` (mtg_env.env.layout): the table's rows, the legal-action rows,
the mask's length; the module constants (MAX_LEGAL, OBJ_FEATURES) are those of the default layout.

| key | shape | what |
| --- | --- | --- |
| global | G | turn, active player, stack size, game over, step, decision kind |
| players | P x 16 | one row per player from the observer's seat: life, zones' sizes, mana ... |
| objects | O x (static + A) | the object table (layout.py): controller, owner, tapped, P/T, counters, zone, types, keywords, abilities used |
| object_cards | O | card index per row (0: empty) |
| object_links | O x 5 | integer references: the player it attacks (counted from the observer), the row of the attacker it blocks, the row of its first blocker, the row it is attached to (-1: none), and its number of blockers |
| stack | K x 10 | one row per stack item, bottom first: present, spell, ability, controlled by the observer, copy, targets, targets the observer, targets another player, targets an object, X |
| stack_cards | K | card index of the spell, or of the ability's source |
| stack_links | K x 3 | the source's object row (a spell's own card), the row of its first object target, the stack row of its first stack target (-1: none) |
| action_features | L x F | per legal choice: kind (one-hot), its object row (row + 1) / O, value / 10, cast or play, targets the observer |
| action_index | L | the action index of each row (-1: no row) |
| action_refs | L x 4 | integer references of each row: its object row (a cast card, an activated source, an attacker, a blocker, a chosen object), a second object row (the attacker a blocker blocks), a player (counted from the observer), a stack row; -1: none |
| action_members | L x B | for an attack or block (one, or a whole declaration): per battlefield row, the player it attacks (attack) or the row of the attacker it blocks (block), -1: not in it |
| action_extra | L x 3 | a whole move (more than one engine action), members / 5, the hint agent's choice |
| action_mask | N | np.int8, 1 for the legal indices |
"""

from __future__ import annotations

import math
import threading
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces

from ..cards import all_cards
from ..cards.vocab import Activated
from ..engine.actions import DECISION_KINDS as ENGINE_DECISION_KINDS
from ..engine.game import STEPS
from ..engine.layers import printed_chars
from .choices import Choice
from .layout import DEFAULT_LAYOUT, B, Layout, ObjectTable

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.game import Game

DECISION_KINDS = ENGINE_DECISION_KINDS + ("none",)
ACTION_KINDS = ("pass", "play", "cast", "activate", "target", "mode", "x", "color", "yes", "no", "choose",
                "order", "attack", "block", "done", "keep", "mulligan")
ZONES = ("battlefield", "hand", "stack", "exile", "graveyard", "command", "library")
TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Instant", "Sorcery")
KEYWORDS = ("flying", "reach", "vigilance", "haste", "defender", "menace", "first strike", "double strike",
            "trample", "deathtouch", "lifelink", "indestructible", "hexproof")
MAX_LEGAL = DEFAULT_LAYOUT.legal
BIG = 1e9  # features are bounded well below this

G_FEATURES = 4 + len(STEPS) + len(DECISION_KINDS)
P_FEATURES = 16
OBJ_STATIC_FEATURES = 10 + len(ZONES) + len(TYPES) + len(KEYWORDS)  # then one column per activated ability
OBJ_FEATURES = OBJ_STATIC_FEATURES + DEFAULT_LAYOUT.abilities
ACT_FEATURES = len(ACTION_KINDS) + 4
LINKS = ("attacks", "blocks", "blocked_by", "attached_to", "blockers")
STACK_FEATURES = 10
STACK_LINKS = ("source", "target_object", "target_stack")
ACTION_REFS = ("object", "object2", "player", "stack")
ACTION_EXTRA = ("move", "members", "hint")

_card_index: dict[str, int] = {}


def card_index(name: str) -> int:
    """1 + the card's position in the card pool (sorted by name); 0 means an empty row."""
    if not _card_index:
        for i, c in enumerate(all_cards(include_tokens=True)):
            _card_index[c.name] = i + 1
    return _card_index.get(name, 0)


def n_cards() -> int:
    return len(all_cards(include_tokens=True))


def observation_space(layout: Layout = DEFAULT_LAYOUT) -> spaces.Dict:
    o, n, k, n_legal = layout.objects, layout.n_actions, layout.stack, layout.legal
    top = max(o, k, layout.players, 1_000_000)  # references (rows, players), and counts (blockers)
    return spaces.Dict({
        "global": spaces.Box(-BIG, BIG, (G_FEATURES,), np.float32),
        "players": spaces.Box(-BIG, BIG, (layout.players, P_FEATURES), np.float32),
        "objects": spaces.Box(-BIG, BIG, (o, OBJ_STATIC_FEATURES + layout.abilities), np.float32),
        "object_cards": spaces.Box(0, n_cards() + 1, (o,), np.int64),
        "object_links": spaces.Box(-1, top, (o, len(LINKS)), np.int64),
        "stack": spaces.Box(-BIG, BIG, (k, STACK_FEATURES), np.float32),
        "stack_cards": spaces.Box(0, n_cards() + 1, (k,), np.int64),
        "stack_links": spaces.Box(-1, max(o, k), (k, len(STACK_LINKS)), np.int64),
        "action_features": spaces.Box(-BIG, BIG, (n_legal, ACT_FEATURES), np.float32),
        "action_index": spaces.Box(-1, n - 1, (n_legal,), np.int64),
        "action_refs": spaces.Box(-1, max(o, k, layout.players), (n_legal, len(ACTION_REFS)), np.int64),
        "action_members": spaces.Box(-1, max(o, layout.players), (n_legal, layout.battlefield), np.int64),
        "action_extra": spaces.Box(-BIG, BIG, (n_legal, len(ACTION_EXTRA)), np.float32),
        "action_mask": spaces.Box(0, 1, (n,), np.int8),
    })


def _squash(x: float) -> float:
    """Counts that can be astronomically large (mana) as log1p."""
    return math.log1p(x) if x > 0 else 0.0


_ZONE_ROWS = {z: [1.0 if i == k else 0.0 for i in range(len(ZONES))] for k, z in enumerate(ZONES)}
_TYPE_CACHE: dict[frozenset[str], list[float]] = {}
_STATIC_CACHE: dict[tuple[str, frozenset[str], frozenset[str]], list[float]] = {}
_KW_CACHE: dict[frozenset[str], list[float]] = {}


def _type_row(types: frozenset[str]) -> list[float]:
    row = _TYPE_CACHE.get(types)
    if row is None:
        row = _TYPE_CACHE[types] = [1.0 if t in types else 0.0 for t in TYPES]
    return row


def _kw_row(kws: frozenset[str]) -> list[float]:
    row = _KW_CACHE.get(kws)
    if row is None:
        row = _KW_CACHE[kws] = [1.0 if k in kws else 0.0 for k in KEYWORDS]
    return row


class _RowBank:
    """The distinct object rows met so far (of one row width), each stored once: an object's row
    is looked up by the values it is made of, and the "objects" and "object_cards" arrays are
    one gather each from the bank (row 0 is the empty row, card 0). Most objects do not change
    between two decisions, so most rows are found, not built. The keys are the objects' own
    values (controller and owner as they are), so each observer seat and player count has its
    own table of keys (`ids`). Bounded: `_bank` starts a new bank past ROW_BANK_LIMIT rows."""

    __slots__ = ("ids", "rows", "cards", "n", "lock")

    def __init__(self, width: int):
        #: (observer, players) -> object key -> row
        self.ids: dict[tuple[int, int], dict[tuple[Any, ...], int]] = {}
        self.rows = np.zeros((ROW_BANK_START, width), np.float32)
        self.cards = np.zeros(ROW_BANK_START, np.int64)
        self.n = 1
        self.lock = threading.Lock()

    def keys(self, me: int, n: int) -> dict[tuple[Any, ...], int]:
        """The table of keys of observer `me` among `n` players."""
        ids = self.ids.get((me, n))
        if ids is None:
            with self.lock:
                ids = self.ids.setdefault((me, n), {})
        return ids

    def add(self, ids: dict[tuple[Any, ...], int], key: tuple[Any, ...], values: list[float], card: int) -> int:
        with self.lock:  # (envs in threads share the bank)
            i = ids.get(key)
            if i is None:
                i = self.n
                if i == len(self.rows):
                    self.rows = np.concatenate([self.rows, np.zeros_like(self.rows)])
                    self.cards = np.concatenate([self.cards, np.zeros_like(self.cards)])
                self.rows[i] = np.asarray(values, np.float32)
                self.cards[i] = card
                self.n = i + 1
                ids[key] = i
            return i


ROW_BANK_START = 256  # rows at first; doubled when full
ROW_BANK_LIMIT = 1 << 15
_BANKS: dict[int, _RowBank] = {}


def _bank(width: int) -> _RowBank:
    bank = _BANKS.get(width)
    if bank is None or bank.n > ROW_BANK_LIMIT:
        bank = _BANKS[width] = _RowBank(width)
    return bank


#: what an object's row is made of: the object's values, then its characteristics' (and the
#: name of the card shown, its counters and the abilities used, see `_object_rows`)
_OBJ_VALUES = attrgetter("controller", "owner", "tapped", "sick", "damage", "zone")
_CHAR_VALUES = attrgetter("power", "toughness", "types", "keywords")


def _object_row(obj: Any, c: Any, me: int, n: int, plus: int, other: int, used: tuple[int, ...],
                n_abilities: int) -> list[float]:
    """The "objects" row of object `obj` with characteristics `c` (layout.py's object table)."""
    f = [1.0, (obj.controller - me) % n, (obj.owner - me) % n, 1.0 if obj.tapped else 0.0,
         1.0 if obj.sick else 0.0, (c.power or 0) / 5.0, (c.toughness or 0) / 5.0, plus, other,
         obj.damage]
    skey = (obj.zone, c.types, c.keywords)
    static = _STATIC_CACHE.get(skey)
    if static is None:
        static = _STATIC_CACHE[skey] = (_ZONE_ROWS.get(obj.zone, _ZONE_ROWS["battlefield"])
                                        + _type_row(c.types) + _kw_row(c.keywords))
    f += static
    marks = [0.0] * n_abilities
    for j in used:
        marks[j] = 1.0
    return f + marks


def _used_abilities(oid: int, c: Any, activations: dict[tuple[int, str], int], n_abilities: int) -> tuple[int, ...]:
    """The columns of the activated abilities of `oid` activated this turn (CR 602.5b's counts)."""
    used: list[int] = []
    j = 0
    for key, ab, _o in c.abilities:
        if isinstance(ab, Activated):
            if j >= n_abilities:
                break
            if activations.get((oid, key)):
                used.append(j)
            j += 1
    return tuple(used)


_TEMPLATES: dict[tuple[Any, ...], np.ndarray] = {}


def _filled(shape: tuple[int, ...], dtype: Any, value: Any) -> np.ndarray:
    """A new array of `shape` filled with `value` (a copy of a template made once)."""
    key = (shape, dtype, value)
    t = _TEMPLATES.get(key)
    if t is None:
        t = _TEMPLATES[key] = np.full(shape, value, dtype)
    return t.copy()


_NO_MANA = (0.0,) * 6


def _global_template(step: str, kind: str) -> np.ndarray:
    """The "global" row's one-hot part for `step` and decision `kind` (made once each)."""
    key = ("global", step, kind)
    t = _TEMPLATES.get(key)
    if t is None:
        t = np.zeros(G_FEATURES, np.float32)
        t[4 + STEPS.index(step)] = 1.0
        t[4 + len(STEPS) + (DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS) - 1)] = 1.0
        _TEMPLATES[key] = t
    return t


def encode(game: Game, me: int, table: ObjectTable, actions: list[Action], indices: list[int],
           choices: list[Choice] | None = None) -> dict[str, Any]:
    """The observation of player `me` (index) for the current decision, shaped by `table.layout`:
    the action rows are the legal `actions` at their `indices`, or the `choices` (choices.py).

    Every value is the one the straightforward encoder (tests/env/observation_reference.py)
    writes; arrays are filled from Python lists in one call each, and object rows come from a
    bank of the rows met before (`_RowBank`)."""
    layout = table.layout
    n_abilities, n_players = layout.abilities, layout.players
    pending = game.pending
    over = game.game_over
    ts = game.turn_state
    kind = pending.kind if pending is not None and not over else "none"
    g = _global_template(ts.step, kind).copy()
    g[:4] = (ts.number / 20.0, 1.0 if ts.active == me else 0.0, len(game.stack) / 8.0, 1.0 if over else 0.0)

    n = len(game.players)
    pl = np.zeros((n_players, P_FEATURES), np.float32)
    pl_rows = []
    active = ts.active
    waiting = pending.player if pending is not None else None
    players = game.players
    for k in range(min(n, n_players)):
        p = players[(me + k) % n]
        pool = p.pool.total_counts()
        mana = _NO_MANA if not any(pool) else (_squash(pool[0]), _squash(pool[1]), _squash(pool[2]),
                                               _squash(pool[3]), _squash(pool[4]), _squash(pool[5]))
        pl_rows.append((1.0, p.life / 20.0, len(p.library) / 60.0, len(p.hand) / 7.0, len(p.graveyard) / 20.0,
                        len(p.exile) / 10.0, *mana, p.lands_played,
                        1.0 if p.lost else 0.0, 1.0 if active == p.index else 0.0,
                        1.0 if waiting == p.index else 0.0))
    pl[:len(pl_rows)] = pl_rows

    objs, cards = _object_rows(game, me, n, table, n_abilities)

    links = _object_links(game, me, table)
    stack, stack_cards, stack_links = _stack_rows(game, me, table)
    if choices is None:
        choices = [Choice(a, None, a.kind, a.label, i) for a, i in zip(actions, indices, strict=True)]
    out = {"global": g, "players": pl, "objects": objs, "object_cards": cards,
           "object_links": links, "stack": stack, "stack_cards": stack_cards, "stack_links": stack_links}
    out.update(_action_rows(game, me, table, choices))
    return out


def _object_rows(game: Game, me: int, n: int, table: ObjectTable, n_abilities: int) -> tuple[np.ndarray, np.ndarray]:
    """The "objects" and "object_cards" arrays: each filled row's bank row (`_RowBank`), found by
    the values the row is made of (built and added the first time)."""
    bank = _bank(OBJ_STATIC_FEATURES + n_abilities)
    keys = bank.keys(me, n)
    ids = [0] * table.layout.objects
    if not _card_index:
        card_index("")
    index_of = _card_index
    objects = game.objects
    activations = game.turn_state.activations
    activated = {k[0] for k in activations} if activations else ()
    on_bf = game.all_chars()
    obj_values, char_values = _OBJ_VALUES, _CHAR_VALUES
    for oid, r in table.filled:
        obj = objects.get(oid)
        if obj is None:
            continue
        c = on_bf.get(oid) or printed_chars(obj.card)
        info = obj.info
        # CR 708.5: the controller of a face-down permanent may look at it
        shown = info["face_down"].name if info and obj.controller == me and "face_down" in info else c.name
        counters = obj.counters
        if counters:
            plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
            other = sum(v for k, v in counters.items() if k not in ("+1/+1", "-1/-1"))
        else:
            plus = other = 0
        used = _used_abilities(oid, c, activations, n_abilities) \
            if oid in activated and obj.zone == "battlefield" else ()
        key = (obj_values(obj), char_values(c), shown, plus, other, used)
        i = keys.get(key)
        if i is None:
            i = bank.add(keys, key, _object_row(obj, c, me, n, plus, other, used, n_abilities),
                         index_of.get(shown, 0))
        ids[r] = i
    at = np.array(ids, np.intp)
    return bank.rows.take(at, 0), bank.cards.take(at)


def _object_links(game: Game, me: int, table: ObjectTable) -> np.ndarray:
    """The "object_links" rows: combat and attachments as integer references (module docstring)."""
    layout = table.layout
    links = _links_template(layout.objects).copy()
    row = table.row_of
    n = len(game.players)
    cb = game.combat
    for attacker, player in cb.attack_targets.items():
        r = row.get(attacker)
        if r is not None:
            links[r, 0] = (player - me) % n
    for attacker, blockers in cb.blocks.items():
        ra = row.get(attacker)
        if ra is not None:
            links[ra, 4] = len(blockers)
            first = next((row[b] for b in blockers if b in row), None)
            if first is not None:
                links[ra, 2] = first
        for b in blockers:
            rb = row.get(b)
            if rb is not None and links[rb, 1] < 0 and ra is not None:
                links[rb, 1] = ra
    objects = game.objects
    for oid in game.battlefield:
        host = objects[oid].attached_to
        if host is not None and oid in row and host in row:
            links[row[oid], 3] = row[host]
    return links


def _links_template(n_rows: int) -> np.ndarray:
    """The "object_links" of no link: -1 (no row, no player) but 0 blockers."""
    key = ("links", n_rows)
    t = _TEMPLATES.get(key)
    if t is None:
        t = np.full((n_rows, len(LINKS)), -1, np.int64)
        t[:, 4] = 0
        _TEMPLATES[key] = t
    return t


def _stack_rows(game: Game, me: int, table: ObjectTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The "stack", "stack_cards" and "stack_links" rows (module docstring): public information."""
    k_rows = table.layout.stack
    feats = np.zeros((k_rows, STACK_FEATURES), np.float32)
    cards = np.zeros(k_rows, np.int64)
    links = _filled((k_rows, len(STACK_LINKS)), np.int64, -1)
    if not game.stack:
        return feats, cards, links
    row = table.row_of
    for k, item in enumerate(game.stack[:k_rows]):
        ctx = item.ctx
        spell = item.kind == "spell"
        targets = ctx.targets
        f = feats[k]
        f[0] = 1.0
        f[1 if spell else 2] = 1.0
        f[3] = 1.0 if ctx.controller == me else 0.0
        f[4] = 1.0 if item.copy else 0.0
        f[5] = len(targets)
        f[9] = min(ctx.x, 100) / 10.0
        src = item.obj_id
        if src is not None and src in game.objects:
            cards[k] = card_index(game.objects[src].card.name)
        else:
            known = game.lki.get(src) if src is not None else None
            cards[k] = card_index(known.name if known is not None else ctx.source_name)
        if src is not None and src in row:
            links[k, 0] = row[src]
        for ref in targets:
            kind, what = ref[0], ref[1]
            if kind == "player":
                f[6 if what == me else 7] = 1.0
            elif kind == "obj":
                f[8] = 1.0
                if links[k, 1] < 0 and what in row:
                    links[k, 1] = row[what]
            elif kind == "stack" and links[k, 2] < 0:
                s = table.stack_row_of.get(what)
                if s is not None:
                    links[k, 2] = s
    return feats, cards, links


def _action_rows(game: Game, me: int, table: ObjectTable, choices: list[Choice]) -> dict[str, np.ndarray]:
    """The per-choice rows and the mask (module docstring). Each array is written in one call
    from the rows built in Python (a kind's one-hot part is a tuple made once)."""
    layout = table.layout
    n_rows, n_legal, n_bf = layout.objects, layout.legal, layout.battlefield
    af = np.zeros((n_legal, ACT_FEATURES), np.float32)
    ai = _filled((n_legal,), np.int64, -1)
    refs = _filled((n_legal, len(ACTION_REFS)), np.int64, -1)
    members = _filled((n_legal, n_bf), np.int64, -1)
    extra = np.zeros((n_legal, len(ACTION_EXTRA)), np.float32)
    mask = np.zeros(layout.n_actions, np.int8)
    on = [c.index for c in choices if c.index >= 0]
    if len(on) > 8:
        mask.put(on, 1)
    else:
        for idx in on:
            mask[idx] = 1
    row = table.row_of
    n = len(game.players)
    af_rows: list[tuple[float, ...]] = []
    ai_rows: list[int] = []
    ref_rows: list[tuple[int, int, int, int]] = []
    extra_rows: list[tuple[float, float, float]] = []
    one_hot = _KIND_ONE_HOT
    for i, c in enumerate(choices[:n_legal]):
        idx = c.index
        if idx < 0:  # an empty row
            af_rows.append(_NO_FEATURES)
            ai_rows.append(-1)
            ref_rows.append(_NO_REFS)
            extra_rows.append(_NO_EXTRA)
            continue
        kind = c.kind
        p = c.payload
        payloads = c.payloads
        if kind in ("attack", "block") and payloads is not None:
            # one attacker or blocker: its refs; a whole declaration of several (or of none):
            # no refs, action_members names them
            p = payloads[0] if len(payloads) == 1 else None
        action = c.action
        ref = _refs(game, me, table, kind, p, action.value)
        move = c.move
        value = action.value if move is None or not move.payloads else None
        af_rows.append(one_hot.get(kind, _KIND_ONE_HOT["pass"]) + (
            (ref[0] + 1) / n_rows,
            float(value) / 10.0 if isinstance(value, int) and not isinstance(value, bool) else 0.0,
            1.0 if kind in ("cast", "play") else 0.0, 1.0 if ref[2] == 0 and kind == "target" else 0.0))
        for q in payloads:
            r = row.get(q[0])
            if r is None or r >= n_bf:
                continue
            if kind == "attack":
                members[i, r] = (q[1] - me) % n
            else:
                members[i, r] = row.get(q[1], n_rows)  # n_rows: an attacker outside the table
        ai_rows.append(idx)
        ref_rows.append(ref)
        extra_rows.append((1.0 if move is not None and (move.intent or move.plan) else 0.0, len(payloads) / 5.0,
                           1.0 if c.hint else 0.0))
    m = len(ai_rows)
    if m:
        af[:m] = af_rows
        ai[:m] = ai_rows
        refs[:m] = ref_rows
        extra[:m] = extra_rows
    return {"action_features": af, "action_index": ai, "action_refs": refs, "action_members": members,
            "action_extra": extra, "action_mask": mask}


#: a kind's one-hot columns of "action_features" (an unknown kind: the first column's)
_KIND_ONE_HOT = {k: tuple(1.0 if j == i else 0.0 for j in range(len(ACTION_KINDS))) for i, k in enumerate(ACTION_KINDS)}
_NO_FEATURES = (0.0,) * ACT_FEATURES
_NO_REFS = (-1, -1, -1, -1)
_NO_EXTRA = (0.0, 0.0, 0.0)


def _refs(game: Game, me: int, table: ObjectTable, kind: str, p: Any, value: Any) -> tuple[int, int, int, int]:
    """(object row, second object row, player from the observer, stack row) of a choice."""
    row = table.row_of
    if kind in ("attack", "block"):
        if not isinstance(p, tuple) or len(p) not in (2, 3):
            return -1, -1, -1, -1  # a declaration of several: see action_members
        if kind == "attack":  # (attacker, defending player) or (attacker, its controller, planeswalker)
            pw = row.get(p[2], -1) if len(p) == 3 else -1
            return row.get(p[0], -1), pw, (p[1] - me) % len(game.players), -1
        return row.get(p[0], -1), row.get(p[1], -1), -1, -1
    if isinstance(p, tuple) and len(p) >= 2:
        head = p[0]
        if head == "player":
            return -1, -1, (p[1] - me) % len(game.players), -1
        if head == "stack":
            return -1, -1, -1, table.stack_row_of.get(p[1], -1)
        if isinstance(p[1], int) and not isinstance(p[1], bool):
            return row.get(p[1], -1), -1, -1, -1
        return -1, -1, -1, -1
    if kind == "choose" and value is None and isinstance(p, int) and not isinstance(p, bool):
        return row.get(p, -1), -1, -1, -1  # (a number's payload is the number, not an object)
    return -1, -1, -1, -1


__all__ = ["B", "encode", "observation_space"]
