"""The entity policy: objects as a set, actions chosen by pointing at their rows.

`EntityNet` reads the env's observation Dict (mtg_env.env.observation) as tensors:

- tokens: one per object row (its features, a learned embedding of its card, and its combat and
  attachment links as flags), one per stack row (its features and its card's embedding, plus its
  source's object token), one for the game (global features and the player rows); the link
  references (the attacker an object blocks, its first blocker, what it is attached to) add the
  token they point at, through a learned map;
- a set encoder over the tokens: `encoder="attention"` (Transformer layers with the empty rows
  masked out) or `"deepsets"` (an MLP per token), then masked mean and max pooling into a context;
- one score per choice row: its features, the tokens its integer references point at (object,
  second object, player, stack item), the pooled tokens of its members (the attackers or
  blockers of a declaration, with the attacker each blocker blocks), and the context; the scores
  are scattered to the rows' action indices, a legal index without a row gets a learned score,
  and illegal ones -1e9 (the mask is applied here, so any sampler of these logits is legal);
- a value head on the context (an MLP of `value_hidden` hidden units, by default `dim`);
- with `hint_prior`, the hint column (the choice of the env's hint agent) adds a learned weight,
  starting there, to its row's score: the policy starts near the hint agent's play.

The sizes come from the observation space (`EntityNet.from_space`), so a net is made for one
layout. `mtg_env.learn.sb3` and `mtg_env.learn.rllib` wrap it for Stable-Baselines3 and RLlib.
Needs torch (the `rl` extra).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import torch
from torch import nn

from ..env.observation import ACTION_EXTRA, ACTION_KINDS

NEG = -1e9
BLOCK_COL = ACTION_KINDS.index("block")
HINT_COL = ACTION_EXTRA.index("hint")


@dataclass(frozen=True)
class NetConfig:
    """The net's sizes: the observation's (from the space) and the model's own."""

    n_actions: int
    objects: int
    battlefield: int
    stack: int
    players: int
    legal: int
    obj_features: int
    global_features: int
    player_features: int
    stack_features: int
    action_features: int
    action_extra: int
    n_cards: int
    dim: int = 64
    card_dim: int = 32
    layers: int = 1
    heads: int = 4
    encoder: str = "attention"
    #: the starting weight of the hint column (action_extra) in each row's score: > 0 starts
    #: the policy near the hint agent's play (a residual policy around it); learned after
    hint_prior: float = 0.0
    #: added to the hint's row's score in play (eval mode), never in training: with scores that
    #: are action values (distill's `loss: q`, qfit.py), a row replaces the hint's only when its
    #: value is estimated higher by more than this
    hint_margin: float = 0.0
    #: the value head's hidden width (None: `dim`). Policies saved before it was a field had a
    #: head of one hidden ReLU unit (a constant once that unit died): loaded with 1
    value_hidden: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


#: the net's own sizes (the rest of a NetConfig comes from the observation space)
MODEL_FIELDS = ("dim", "card_dim", "layers", "heads", "encoder", "hint_prior", "hint_margin")


def config_from_space(space: Any, **model: Any) -> NetConfig:
    """A NetConfig for an observation space (the env's Dict; a wrapped one's inner Dict is found)."""
    spaces = dict(space.spaces)
    for key in ("observation", "observations"):
        if key in spaces and "objects" not in spaces:
            inner = dict(spaces[key].spaces)
            inner.setdefault("action_mask", spaces.get("action_mask"))
            spaces = inner
    shape = {k: v.shape for k, v in spaces.items() if v is not None}
    return NetConfig(
        n_actions=shape["action_mask"][0], objects=shape["objects"][0], battlefield=shape["action_members"][1],
        stack=shape["stack"][0], players=shape["players"][0], legal=shape["action_index"][0],
        obj_features=shape["objects"][1], global_features=shape["global"][0], player_features=shape["players"][1],
        stack_features=shape["stack"][1], action_features=shape["action_features"][1],
        action_extra=shape["action_extra"][1], n_cards=int(spaces["object_cards"].high.max()) + 1, **model)


def _mlp(n_in: int, n_out: int, hidden: int | None = None) -> nn.Sequential:
    hidden = hidden or n_out
    return nn.Sequential(nn.Linear(n_in, hidden), nn.ReLU(), nn.Linear(hidden, n_out))


def _gather(tokens: torch.Tensor, index: torch.Tensor) -> torch.Tensor:
    """tokens (B, T, D) at index (B, ...) with -1 (or out of range) giving zeros."""
    b, t, d = tokens.shape
    padded = torch.cat([tokens.new_zeros(b, 1, d), tokens], dim=1)
    idx = index.long() + 1
    idx = torch.where((idx < 0) | (idx > t), torch.zeros_like(idx), idx)
    flat = idx.reshape(b, -1)
    out = torch.gather(padded, 1, flat.unsqueeze(-1).expand(-1, -1, d))
    return out.reshape(*index.shape, d)


class EntityNet(nn.Module):
    """See the module docstring. `forward(obs)` returns (logits (B, n_actions), value (B,))."""

    def __init__(self, config: NetConfig):
        super().__init__()
        self.config = c = config
        d = c.dim
        self.card = nn.Embedding(c.n_cards + 1, c.card_dim)
        self.obj_in = _mlp(c.obj_features + c.card_dim + 5, d)
        self.links = nn.ModuleList([nn.Linear(d, d, bias=False) for _ in range(3)])  # blocks, blocked by, attached
        self.stack_in = _mlp(c.stack_features + c.card_dim, d)
        self.stack_src = nn.Linear(d, d, bias=False)
        self.game_in = _mlp(c.global_features + c.players * c.player_features, d)
        self.player_in = _mlp(c.player_features, d)
        self.kind = nn.Embedding(3, d)  # game, object, stack tokens
        if c.encoder == "attention":
            layer = nn.TransformerEncoderLayer(d, c.heads, 2 * d, dropout=0.0, batch_first=True, norm_first=True)
            self.encoder: nn.Module = nn.TransformerEncoder(layer, c.layers, enable_nested_tensor=False)
        elif c.encoder == "deepsets":
            self.encoder = nn.Sequential(nn.LayerNorm(d), _mlp(d, d, 2 * d))
        else:
            raise ValueError(f"encoder must be 'attention' or 'deepsets', got {c.encoder!r}")
        self.context = _mlp(3 * d, d)
        self.member_blocked = nn.Linear(d, d, bias=False)
        self.action = _mlp(c.action_features + c.action_extra + 6 * d, d, 2 * d)
        self.score = nn.Linear(d, 1)
        self.unrowed = nn.Parameter(torch.zeros(()))
        self.hint_weight = nn.Parameter(torch.tensor(float(c.hint_prior)))
        self.value_head = _mlp(d, 1, c.value_hidden or d)

    @classmethod
    def from_space(cls, space: Any, **model: Any) -> EntityNet:
        return cls(config_from_space(space, **model))

    # ------------------------------------------------------------------------------------------
    def encode(self, obs: Mapping[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        """(object tokens, stack tokens, player tokens, context) of a batch."""
        c = self.config
        objects = obs["objects"].float()
        bsz = objects.shape[0]
        links = obs["object_links"].long()
        flags = torch.cat([(links[..., :4] >= 0).float(), links[..., 4:5].float().clamp(max=5) / 2], dim=-1)
        cards = obs["object_cards"].long().clamp(0, c.n_cards)
        obj = self.obj_in(torch.cat([objects, self.card(cards), flags], dim=-1))
        for k, lin in zip((1, 2, 3), self.links, strict=True):
            obj = obj + lin(_gather(obj, links[..., k]))
        stack_f = obs["stack"].float()
        stack_cards = obs["stack_cards"].long().clamp(0, c.n_cards)
        stk = self.stack_in(torch.cat([stack_f, self.card(stack_cards)], dim=-1))
        stk = stk + self.stack_src(_gather(obj, obs["stack_links"].long()[..., 0]))
        players = obs["players"].float()
        game = self.game_in(torch.cat([obs["global"].float(), players.reshape(bsz, -1)], dim=-1))
        tokens = torch.cat([(game + self.kind.weight[0]).unsqueeze(1), obj + self.kind.weight[1],
                            stk + self.kind.weight[2]], dim=1)
        present = torch.cat([torch.ones(bsz, 1, dtype=torch.bool, device=objects.device),
                             objects[..., 0] > 0.5, stack_f[..., 0] > 0.5], dim=1)
        if c.encoder == "attention":
            tokens = self.encoder(tokens, src_key_padding_mask=~present)
        else:
            tokens = tokens + self.encoder(tokens)
        tokens = tokens * present.unsqueeze(-1)
        n_obj = c.objects
        obj, stk = tokens[:, 1:1 + n_obj], tokens[:, 1 + n_obj:]
        pres = present.float().unsqueeze(-1)
        mean = tokens.sum(1) / pres.sum(1).clamp(min=1)
        biggest = tokens.masked_fill(~present.unsqueeze(-1), NEG).max(1).values
        context = self.context(torch.cat([tokens[:, 0], mean, biggest], dim=-1))
        return obj, stk, self.player_in(players), context

    def logits(self, obs: Mapping[str, torch.Tensor], obj: torch.Tensor, stk: torch.Tensor, pl: torch.Tensor,
               context: torch.Tensor) -> torch.Tensor:
        c = self.config
        refs = obs["action_refs"].long()
        members = obs["action_members"].long()
        feats = obs["action_features"].float()
        in_decl = (members >= 0).float()                      # (B, L, Bf)
        count = in_decl.sum(-1, keepdim=True).clamp(min=1)
        pooled = torch.einsum("blr,brd->bld", in_decl, obj[:, :c.battlefield]) / count
        # a blocker's member value is the row of the attacker it blocks: count them per row
        is_block = (feats[..., BLOCK_COL] > 0.5).unsqueeze(-1)
        blocked = torch.where((members >= 0) & (members < c.objects) & is_block, members + 1,
                              torch.zeros_like(members))
        counts = obj.new_zeros(obj.shape[0], members.shape[1], c.objects + 1)
        counts = counts.scatter_add(2, blocked, torch.ones_like(blocked, dtype=obj.dtype))[..., 1:]
        pooled_blocked = self.member_blocked(torch.einsum("blo,bod->bld", counts, obj) / count)
        n_legal = refs.shape[1]
        x = torch.cat([feats, obs["action_extra"].float(), _gather(obj, refs[..., 0]),
                       _gather(obj, refs[..., 1]), _gather(pl, refs[..., 2]), _gather(stk, refs[..., 3]),
                       pooled + pooled_blocked, context.unsqueeze(1).expand(-1, n_legal, -1)], dim=-1)
        scores = self.score(torch.relu(self.action(x))).squeeze(-1)   # (B, L)
        hint = obs["action_extra"][..., HINT_COL].float()
        scores = scores + self.hint_weight * hint
        if c.hint_margin and not self.training:
            scores = scores + c.hint_margin * hint
        index = obs["action_index"].long()
        mask = obs["action_mask"] > 0
        bsz = scores.shape[0]
        base = torch.where(mask, self.unrowed.to(scores.dtype).expand(mask.shape),
                           torch.full(mask.shape, NEG, dtype=scores.dtype, device=scores.device))
        base = torch.cat([base, scores.new_zeros(bsz, 1)], dim=1)
        slot = torch.where(index >= 0, index, torch.full_like(index, c.n_actions))
        out = base.scatter(1, slot, scores)[:, :c.n_actions]
        return torch.where(mask, out, torch.full_like(out, NEG))

    def value(self, context: torch.Tensor) -> torch.Tensor:
        return self.value_head(context).squeeze(-1)

    def forward(self, obs: Mapping[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        obj, stk, pl, context = self.encode(obs)
        return self.logits(obs, obj, stk, pl, context), self.value(context)


def as_tensors(obs: Mapping[str, Any], device: str | torch.device = "cpu") -> dict[str, torch.Tensor]:
    """One observation (numpy arrays) as a batch of one."""
    return {k: torch.as_tensor(v, device=device).unsqueeze(0) for k, v in obs.items()}


class TorchPolicy:
    """A policy for `PolicyAgent`: `policy(obs, mask) -> index` with an EntityNet, greedy or
    sampled."""

    def __init__(self, net: EntityNet, deterministic: bool = True, seed: int = 0):
        self.net = net.eval()
        self.deterministic = deterministic
        self.generator = torch.Generator().manual_seed(seed)

    def __call__(self, obs: Mapping[str, Any], mask: Any) -> int:
        with torch.no_grad():
            batch = as_tensors(obs)
            batch["action_mask"] = torch.as_tensor(mask).unsqueeze(0)
            logits, _value = self.net(batch)
        if self.deterministic:
            return int(torch.argmax(logits[0]).item())
        probs = torch.softmax(logits[0], dim=-1)
        return int(torch.multinomial(probs, 1, generator=self.generator).item())
