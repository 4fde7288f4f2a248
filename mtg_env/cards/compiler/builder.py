"""The state of compiling one ability: the targets it has so far and what "it" refers to.

Rules turn the references their slots read (lexicon.ObjRef, PlayerRef) into subjects through
the builder, in the order the text names them, so the first target named is target 0 (CR
601.2c: targets are chosen in the order the text names them... as the engine lists them).
"""

from __future__ import annotations

from typing import Any

from ..abilities import TargetSpec
from ..subjects import (
    ATTACHED,
    CONTROLLER,
    EACH_OPPONENT,
    EACH_PLAYER,
    EVENT_PLAYER,
    SELF,
    ControllerOf,
    Each,
    Target,
    Who,
)
from .grammar import NoParse
from .lexicon import ObjRef, PlayerRef

BATTLEFIELD_ONLY = frozenset({"battlefield"})


class Builder:
    """One ability's targets and references while it is compiled. `event` is the object a
    trigger is about ("that creature" in "Whenever a creature dies, ..."), if any."""

    def __init__(self, card: Any, event: Who | None = None) -> None:
        self.card = card
        self.targets: list[TargetSpec] = []
        self.last: Who | None = None
        self.event = event
        #: flags a rule sets for the ability being built ("you may" on a trigger, ...)
        self.notes: dict[str, Any] = {}
        #: readings of sentences tried for this card (not restored by `restore`): a bound on
        #: the ways a long list of clauses can be cut (lines.sentence)
        self.tries = 0

    def save(self) -> tuple[int, Who | None, dict[str, Any]]:
        return len(self.targets), self.last, dict(self.notes)

    def restore(self, saved: tuple[int, Who | None, dict[str, Any]]) -> None:
        n, self.last, self.notes = saved
        del self.targets[n:]

    def target(self, spec: TargetSpec) -> Target:
        if spec.count != 1:
            raise NoParse(spec.what)  # several targets of one spec: the effects must say which
        if any(t.up_to or t.count != 1 for t in self.targets):
            # after "up to one target ..." (which may be none, CR 601.2c) or "two target ...",
            # a later target's place among the chosen targets isn't its spec's: not read
            raise NoParse(spec.what)
        if spec.what.lower().startswith("another ") and self.targets:
            # "Target creature gets +2/+2. Another target creature gets -2/-2.": on a spell,
            # another than its other targets; on a permanent's ability it could also mean
            # another than the permanent itself: not read
            if not self.is_spell:
                raise NoParse(spec.what)
            what = spec.what[len("another "):]
            spec = TargetSpec(what, spec.count, spec.up_to, distinct=True)
        self.targets.append(spec)
        return Target(len(self.targets) - 1)

    @property
    def is_spell(self) -> bool:
        tl = getattr(self.card, "type_line", "")
        return "Instant" in tl or "Sorcery" in tl

    def obj(self, ref: ObjRef, where: frozenset[str] = BATTLEFIELD_ONLY) -> Who:
        """The subject an object reference names; it becomes what "it" refers to next. A
        target must be somewhere in `where` (the zones the effect acts in: a permanent effect
        doesn't act on a spell or a card in a graveyard)."""
        who: Who
        if ref.kind == "self":
            who = SELF
        elif ref.kind == "target":
            assert ref.spec is not None
            if ref.spec.count != 1:
                raise NoParse(ref.spec.what)  # "up to one target": the last target (see target)
            if not ref.spec.where <= where:
                raise NoParse(ref.spec.what)
            who = self.target(ref.spec)
        elif ref.kind == "it":
            if self.last is None:
                if self.event is None or getattr(self.event, "is_player", False):
                    raise NoParse("it")  # no object (a player's event: "Whenever you gain life")
                who = self.event
            else:
                who = self.last
        elif ref.kind == "attached":
            who = ATTACHED
        elif ref.kind == "each":
            assert ref.filter is not None
            who = Each(ref.filter)
        else:
            raise NoParse(ref.kind)
        self.last = who
        return who

    def player(self, ref: PlayerRef) -> Who:
        if ref.kind == "you":
            return CONTROLLER
        if ref.kind == "target":
            assert ref.spec is not None
            return self.target(ref.spec)
        if ref.kind == "each_opponent":
            return EACH_OPPONENT
        if ref.kind == "each_player":
            return EACH_PLAYER
        if ref.kind == "controller":
            if self.last is None:
                from ..subjects import EVENT_OBJECT
                if self.event is EVENT_OBJECT:  # the controller of what the trigger is about
                    from ..effects.becomes import EventController
                    return EventController()
                raise NoParse("its controller")
            return ControllerOf(self.last)
        if ref.kind == "event":
            return EVENT_PLAYER
        raise NoParse(ref.kind)
