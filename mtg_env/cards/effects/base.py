"""The base of every effect: `Effect`, and the `Ask` it returns for a choice on resolution."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.mana import ManaCost

if TYPE_CHECKING:
    from ...core.objects import Context
    from ..protocol import GameOps


@dataclass(frozen=True, slots=True)
class Ask:
    """A choice to make now: `kind` is a decision kind (`color`, `yes_no`, `choose`, ...),
    `options` the legal answers, shown with `labels` (same length)."""

    kind: str
    player: int
    options: tuple[Any, ...]
    labels: tuple[str, ...]
    prompt: str
    #: where the answer goes in `ctx.answers` (default: the asking effect's step)
    key: int | None = None
    #: a mana cost this choice would pay (CR 117.1d): "yes" is offered only if it can be paid,
    #: and the player may activate mana abilities first. With kind "autotap" the engine taps
    #: sources for it (automatic payment) and the effect is asked again.
    pay: ManaCost | None = None
    #: what each option chooses, by name (an action's `target`, interface.md §2), if anything
    targets: tuple[str | None, ...] | None = None


class Effect:
    """One instruction of a spell or ability (see the module docstring)."""

    #: True for effects that add mana (CR 605.1a: such an ability is a mana ability).
    adds_mana: ClassVar[bool] = False

    def resolve(self, g: GameOps, ctx: Context, step: int) -> Ask | None:
        raise NotImplementedError


#: the answer "find nothing" / "exile nothing": an Ask's option must not be None
NOTHING = "nothing"


def choose_card(g: GameOps, ctx: Context, step: int, cands: list[int], verb: str, none_label: str | None,
                prompt: str) -> int | None | Ask:
    """Ask the controller to choose one of `cands` (or none, where `none_label` offers it);
    returns the object, None, or an Ask."""
    choice = ctx.answers.get(step)
    if choice is None:
        if not cands:
            return None
        where = {o: g.objects[o].zone for o in cands}
        labels = tuple(f"{verb} {g.name_of(o)} ({where[o]})" for o in cands)
        if none_label is None:
            return Ask("choose", ctx.controller, tuple(cands), labels, prompt)
        return Ask("choose", ctx.controller, (*cands, "none"), (*labels, none_label), prompt)
    if choice == "none" or choice not in g.objects:
        return None
    return int(choice)


# --------------------------------------------------------------------------------------------
# effects that run other effects


def sub_step(step: int, i: int) -> int:
    """The step of the `i`th effect run by the effect at `step`: where its answers go. Steps of
    nested effects never meet those of the ability's own effects (which are small numbers) or
    the keys effects derive from their step (`step * 100 + k`)."""
    return 1_000_000 + step * 1_000 + i


def run_effects(effects: tuple[Effect, ...], g: GameOps, ctx: Context, step: int) -> Ask | None:
    """Run `effects` in order as part of the effect at `step`, resuming after the last one
    that finished when an answer comes back (its progress is kept in `ctx.answers`, so no
    effect runs twice). Returns the first Ask, keyed to the asking effect's step."""
    import dataclasses
    done = sub_step(step, 999)
    i = ctx.answers.get(done, 0)
    while i < len(effects):
        s = sub_step(step, i)
        ask = effects[i].resolve(g, ctx, s)
        if ask is not None:
            ctx.answers[done] = i
            return ask if ask.key is not None else dataclasses.replace(ask, key=s)
        i += 1
    ctx.answers[done] = i
    return None
