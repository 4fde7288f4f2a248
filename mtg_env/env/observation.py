"""Observations: fixed-shape arrays describing one player's view of the game.

Hidden information stays hidden: another player's hand and every library appear only as counts.
The shapes come from a `Layout` (mtg_env.env.layout): the table's rows, the legal-action rows,
the mask's length; the module constants (MAX_LEGAL, OBJ_FEATURES) are those of the default layout.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces

from ..cards import all_cards
from ..cards.vocab import Activated
from ..engine.actions import DECISION_KINDS as ENGINE_DECISION_KINDS
from ..engine.game import STEPS
from ..engine.layers import printed_chars
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
    o, n = layout.objects, layout.n_actions
    return spaces.Dict({
        "global": spaces.Box(-BIG, BIG, (G_FEATURES,), np.float32),
        "players": spaces.Box(-BIG, BIG, (layout.players, P_FEATURES), np.float32),
        "objects": spaces.Box(-BIG, BIG, (o, OBJ_STATIC_FEATURES + layout.abilities), np.float32),
        "object_cards": spaces.Box(0, n_cards() + 1, (o,), np.int64),
        "action_features": spaces.Box(-BIG, BIG, (layout.legal, ACT_FEATURES), np.float32),
        "action_index": spaces.Box(-1, n - 1, (layout.legal,), np.int64),
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


def encode(game: Game, me: int, table: ObjectTable, actions: list[Action], indices: list[int]) -> dict[str, Any]:
    """The observation of player `me` (index) for the current decision, shaped by `table.layout`."""
    layout = table.layout
    n_rows, n_abilities, n_legal, n_players = layout.objects, layout.abilities, layout.legal, layout.players
    g = np.zeros(G_FEATURES, np.float32)
    g[0] = game.turn / 20.0
    g[1] = 1.0 if game.active == me else 0.0
    g[2] = len(game.stack) / 8.0
    g[3] = 1.0 if game.game_over else 0.0
    g[4 + STEPS.index(game.step)] = 1.0
    d = game.decision
    kind = d.kind if d is not None else "none"
    g[4 + len(STEPS) + (DECISION_KINDS.index(kind) if kind in DECISION_KINDS else len(DECISION_KINDS) - 1)] = 1.0

    n = len(game.players)
    pl = np.zeros((n_players, P_FEATURES), np.float32)
    for k in range(min(n, n_players)):
        p = game.players[(me + k) % n]
        pool = p.pool.total_counts()
        pl[k, 0] = 1.0
        pl[k, 1] = p.life / 20.0
        pl[k, 2] = len(p.library) / 60.0
        pl[k, 3] = len(p.hand) / 7.0
        pl[k, 4] = len(p.graveyard) / 20.0
        pl[k, 5] = len(p.exile) / 10.0
        for i in range(6):
            pl[k, 6 + i] = _squash(pool[i])
        pl[k, 12] = p.lands_played
        pl[k, 13] = 1.0 if p.lost else 0.0
        pl[k, 14] = 1.0 if game.active == p.index else 0.0
        pl[k, 15] = 1.0 if game.pending is not None and game.pending.player == p.index else 0.0

    objs = np.zeros((n_rows, OBJ_STATIC_FEATURES + n_abilities), np.float32)
    cards = np.zeros(n_rows, np.int64)
    rows_i: list[int] = []
    rows_f: list[list[float]] = []
    objects = game.objects
    activations = game.turn_state.activations
    on_bf = game.all_chars()
    for r, oid in enumerate(table.rows):
        if oid < 0:
            continue
        obj = objects.get(oid)
        if obj is None:
            continue
        c = on_bf.get(oid) or printed_chars(obj.card)
        cards[r] = card_index(c.name)
        counters = obj.counters
        plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0) if counters else 0
        other = sum(v for k, v in counters.items() if k not in ("+1/+1", "-1/-1")) if counters else 0
        f = [1.0, (obj.controller - me) % n, (obj.owner - me) % n, 1.0 if obj.tapped else 0.0,
             1.0 if obj.sick else 0.0, (c.power or 0) / 5.0, (c.toughness or 0) / 5.0, plus, other,
             obj.damage]
        skey = (obj.zone, c.types, c.keywords)
        static = _STATIC_CACHE.get(skey)
        if static is None:
            static = _STATIC_CACHE[skey] = (_ZONE_ROWS.get(obj.zone, _ZONE_ROWS["battlefield"])
                                            + _type_row(c.types) + _kw_row(c.keywords))
        f += static
        used = [0.0] * n_abilities
        if obj.zone == "battlefield" and activations:
            j = 0
            for key, ab, _o in c.abilities:
                if isinstance(ab, Activated):
                    if j >= n_abilities:
                        break
                    if activations.get((oid, key)):
                        used[j] = 1.0
                    j += 1
        f += used
        rows_i.append(r)
        rows_f.append(f)
    if rows_i:
        objs[rows_i] = np.asarray(rows_f, np.float32)

    af = np.zeros((n_legal, ACT_FEATURES), np.float32)
    ai = np.full(n_legal, -1, np.int64)
    mask = np.zeros(layout.n_actions, np.int8)
    for i, (a, idx) in enumerate(zip(actions, indices, strict=True)):
        if idx < 0:
            continue
        mask[idx] = 1
        if i < n_legal:
            ai[i] = idx
            af[i, ACTION_KINDS.index(a.kind) if a.kind in ACTION_KINDS else 0] = 1.0
            base = len(ACTION_KINDS)
            payload = a.payload
            act_oid: int | None = None
            if isinstance(payload, tuple) and len(payload) >= 2 and isinstance(payload[1], int):
                act_oid = payload[1] if payload[0] != "player" else None
            elif isinstance(payload, int) and not isinstance(payload, bool):
                act_oid = payload
            r = table.row_of.get(act_oid, -1) if act_oid is not None else -1
            af[i, base] = (r + 1) / n_rows
            af[i, base + 1] = float(a.value) / 10.0 if isinstance(a.value, int) and not isinstance(a.value, bool) else 0.0
            af[i, base + 2] = 1.0 if a.kind in ("cast", "play") else 0.0
            af[i, base + 3] = 1.0 if isinstance(payload, tuple) and payload[:1] == ("player",) and payload[1] == me else 0.0
    return {"global": g, "players": pl, "objects": objs, "object_cards": cards, "action_features": af,
            "action_index": ai, "action_mask": mask}


__all__ = ["B", "encode", "observation_space"]
