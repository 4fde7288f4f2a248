"""Precast entries of Forge puzzle files (`humanprecast`, `aiprecast`, `p0precast`, `p1precast`:
../shared/reference/puzzles/README.md, "Precast keys"): effects Forge resolves while it sets the
position up, as if the player had done them earlier in the game.

Forge resolves each entry with all triggers suppressed (GameState: `setSuppressAllTriggers(true)`
around `handlePrecastSpells`), from a fresh copy of the named card that is in no zone, the
entry's player controlling it. The forms this reader sets up exactly are the ones whose whole
result is tokens:

* `Card:CustomScript:DB$ Token | TokenScript$ <script> [| TokenAmount$ N] [| TokenOwner$ You]`:
  N tokens (default 1) of that token script (puzzle_tokens.py), created by the entry's player;
* `Card:<SVar>` where the SVar is a token-creating part of the card's Forge script
  (`TrigToken`, `DBToken`, `DBTreasure`, ...): Forge resolves that part and the parts after
  it. The card's compiled text must have exactly one step that creates tokens of the kind the
  name says (a Treasure for a name with "Treasure", any token otherwise; several steps
  creating the same tokens count as one), with no step after it in its ability (so nothing else can be part of what the SVar resolves), created by
  "you" in a fixed number.

The tokens enter the battlefield during setup, so they came under their controller's control
this turn: summoning sick (CR 302.6) unless the file sets `removesummoningsickness`. No trigger
fires (Forge suppresses them). A permanent whose static or replacement text speaks of tokens
or of other permanents entering the battlefield could change how they are created or enter
(CR 614.1a, 614.1c, 614.12): such a position is reported unsupported rather than guessed.

Every other form is reported unsupported by name: casting a spell (`Card`, `Card->Id`),
activating a card's N-th ability (`Card:N`), shuffling a library (`TrigShuffle`: the order
would be unknown to the players, which the search doesn't model), other SVars and other inline
scripts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards.abilities import Activated, SpellAbility, Triggered
from .cards.carddef import CardDef
from .cards.effects.tokens import CreateTokens
from .cards.subjects import You
from .cards.tokens import TokenError, token_card
from .core.errors import UnknownCardError, UnsupportedCardError
from .puzzle_tokens import TokenSpecError, token_from_script

#: the inline-script keys a token precast may use
TOKEN_KEYS = {"TokenScript", "TokenAmount", "TokenOwner"}


@dataclass
class PrecastToken:
    """One token a precast entry creates: `card` under `player`'s control, `tapped` or not."""

    card: CardDef
    player: int
    tapped: bool
    line: int
    entry: str


class PrecastError(ValueError):
    """A precast entry naming a card the database doesn't have (a malformed file)."""


def read_precast(text: str, player: int, key: str, line: int, unsupported: list[str]) -> list[PrecastToken]:
    """The tokens the `key=text` precast line creates for `player`; each entry this reader
    can't set up exactly is appended to `unsupported` with the reason."""
    out: list[PrecastToken] = []
    for raw in text.split(";"):
        entry = raw.strip()
        if not entry:
            continue
        got = _entry(entry, player, line)
        if isinstance(got, str):
            unsupported.append(f"line {line}: {key} {entry!r}: {got}")
        else:
            out.extend(got)
    return out


def _entry(entry: str, player: int, line: int) -> list[PrecastToken] | str:
    if ":" not in entry:
        card = entry.split("->")[0].strip().replace("^", ":")
        _known(card)
        return f"casting {card} at setup (a precast spell: not set up by the loader)"
    card, _, part = entry.partition(":")
    card, part = card.strip().replace("^", ":"), part.strip()
    if card.isdigit():
        return f"running a script part of the card with Id:{card} (not set up by the loader)"
    _known(card)
    if part.startswith("CustomScript:"):
        return _custom(part[len("CustomScript:"):], card, entry, player, line)
    target = None
    if "->" in part:
        part, _, target = part.partition("->")
    if part.isdigit():
        return f"activating ability {part} of {card} at setup (not set up by the loader)"
    if target is not None:
        return f"Forge script part {part!r} of {card} with a target (not set up by the loader)"
    if part == "TrigShuffle":
        return "shuffling the library at setup (a library order unknown to the players, which the search doesn't model)"
    return _svar(part, card, entry, player, line)


def _known(card: str) -> None:
    from .cards.database import lookup
    if lookup(card) is None:
        raise PrecastError(f"unknown card {card!r} in a precast entry")


def _custom(script: str, card: str, entry: str, player: int, line: int) -> list[PrecastToken] | str:
    params: dict[str, str] = {}
    head, *rest = [p.strip() for p in script.split("|")]
    api = re.fullmatch(r"(?:DB|AB|SP)\$\s*(\w+)", head)
    if api is None or api.group(1) != "Token":
        return f"the inline Forge script {head!r} (only DB$ Token scripts are set up)"
    for p in rest:
        k, sep, v = p.partition("$")
        if not sep:
            return f"inline script part {p!r} (expected Key$ Value)"
        params[k.strip()] = v.strip()
    extra = sorted(set(params) - TOKEN_KEYS)
    if extra:
        return f"inline token script with {', '.join(k + '$' for k in extra)} (only TokenScript$, TokenAmount$, TokenOwner$ are set up)"
    if "TokenScript" not in params:
        return "inline token script without TokenScript$"
    if params.get("TokenOwner", "You") != "You":
        return f"TokenOwner$ {params['TokenOwner']} (only You is set up)"
    amount = params.get("TokenAmount", "1")
    if not amount.isdigit() or int(amount) < 1:
        return f"TokenAmount$ {amount} (a fixed positive number is set up)"
    try:
        tok = token_from_script(params["TokenScript"])
    except TokenSpecError as e:
        return f"token script {params['TokenScript']!r}: {e}"
    return [PrecastToken(tok, player, False, line, entry) for _ in range(int(amount))]


def _svar(part: str, card: str, entry: str, player: int, line: int) -> list[PrecastToken] | str:
    from .cards import get_card
    if "Token" not in part and "Treasure" not in part:
        return f"Forge script part {part!r} of {card} (only token-creating parts are set up)"
    try:
        cd = get_card(card)
    except UnsupportedCardError as e:
        return f"card {card!r} is not supported: {'; '.join(e.reasons)}"
    except UnknownCardError:
        raise PrecastError(f"unknown card {card!r} in a precast entry") from None
    treasure = "Treasure" in part
    found = [(eff, last) for eff, last in _token_steps(cd) if _is_treasure(eff) or not treasure]
    if not found:
        return (f"Forge script part {part!r} of {card}: the card has no step creating "
                f"{'Treasure ' if treasure else ''}tokens")
    if len(found) != 1 and any(_same(f[0], found[0][0]) is False or not f[1] for f in found):
        return (f"Forge script part {part!r} of {card}: the card has {len(found)} different steps creating "
                f"{'Treasure ' if treasure else ''}tokens, not exactly one")
    eff, last = found[0]
    if not last:
        return f"Forge script part {part!r} of {card}: its token step is followed by other steps"
    if not isinstance(eff.who, You) or not isinstance(eff.amount, int) or eff.attacking or eff.x_pt:
        return f"Forge script part {part!r} of {card}: {eff.spec.describe()} tokens not created by you in a fixed number"
    try:
        tok = token_card(eff.spec)
    except TokenError as e:
        return str(e)
    return [PrecastToken(tok, player, eff.tapped, line, entry) for _ in range(eff.amount)]


def _token_steps(cd: CardDef) -> list[tuple[CreateTokens, bool]]:
    """Each CreateTokens step of the card's abilities (and their modes), and whether it is the
    last step of its effect list."""
    out: list[tuple[CreateTokens, bool]] = []
    faces = cd.faces or (cd,)
    for face in faces:
        for ab in face.abilities:
            if not isinstance(ab, (Triggered, SpellAbility, Activated)):
                continue
            lists = [ab.effects] + [m.effects for m in ab.modes]
            for effs in lists:
                for i, e in enumerate(effs):
                    if isinstance(e, CreateTokens):
                        out.append((e, i == len(effs) - 1))
    return out


def _same(a: CreateTokens, b: CreateTokens) -> bool:
    """Whether two token steps create the same tokens (then it doesn't matter which one the
    Forge script part is)."""
    return (a.spec, a.amount, a.tapped, a.attacking, a.x_pt, type(a.who)) == \
        (b.spec, b.amount, b.tapped, b.attacking, b.x_pt, type(b.who))


def _is_treasure(eff: CreateTokens) -> bool:
    return "Treasure" in eff.spec.type_line.split()


def entering_text(cd: CardDef) -> str | None:
    """The first static or replacement text of `cd` that speaks of other permanents entering
    the battlefield or of creating tokens (it could apply to tokens created at setup), if any.
    What a text says of the card itself entering ("~ enters the battlefield tapped") and what
    applies to tokens once they exist ("Creature tokens you control get +1/+1") can't."""
    for ab in cd.abilities:
        if isinstance(ab, (Triggered, SpellAbility, Activated)) or type(ab).__name__ == "Keyword":
            continue
        low = ab.text.lower()
        for me in (cd.name.lower(), "~", "it", "this permanent", "this land", "this creature"):
            low = low.replace(f"{me} enters", "")  # what it says of itself entering: not of tokens
        if "enter" in low or ("token" in low and re.search(r"\b(creat(e|es|ed|ing)|would)\b", low)):
            return ab.text
    return None
