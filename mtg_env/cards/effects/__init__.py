"""Effects (CR 609): the instructions of spells and abilities, each a small frozen value.

An effect's `resolve(g, ctx, step)` acts on the game through the operations of `GameOps`
(cards/protocol.py) or returns an `Ask` for a choice its controller makes on resolution; it must
not change the game before asking, and it is called again with the answer in
`ctx.answers[step]` (or the Ask's own key). It keeps no state of its own, so a paused
resolution pickles. Effects are dispatched by type: the engine calls `resolve` on whatever
effect it holds; adding an effect is adding a class.

One module per family of effects (mana, players, permanents, continuous, stack, library,
linked, keywords); effects that only one card needs live with that card (cards/pool/*.py).
"""

from .base import (
    NOTHING,
    Ask,
    Effect,
    choose_card,
    run_effects,
    sub_step,
)
from .continuous import (
    BecomeArtifactCreature,
    GainKeyword,
    Pump,
    PumpChoice,
    SetColorUntilEOT,
)
from .control import May
from .keywords import (
    SACRIFICE_WHEN_TARGETED,
    UNDYING,
    ReturnWithCounter,
)
from .library import (
    MayShuffle,
    OrderTopOfLibrary,
    PutFromHandOnTop,
    SearchLibrary,
    Shuffle,
)
from .linked import (
    CastLinkedFree,
    ExileFromHandLinked,
    ExileFromOpponentsHandLinked,
    ExileLinked,
    LinkedManaValue,
    ReturnLinked,
    TokenCopiesOfLinked,
)
from .mana import (
    AddMana,
    AddManaChoice,
    DoubleMana,
    ManaChoice,
)
from .permanents import (
    Attach,
    Destroy,
    ExileIt,
    Flicker,
    GainControlUntilEOT,
    PutCounters,
    ReturnToHand,
    SacrificeIfNoCounters,
    SacrificeIt,
    SacrificeUnlessYouSacrifice,
    Tap,
    Untap,
    UntapAll,
)
from .players import (
    DealDamage,
    DealDividedDamage,
    Discard,
    Draw,
    GainLife,
    LoseLife,
)
from .stack import (
    CopyStackItem,
    CounterSpell,
    CreateToken,
    IfSource,
    MayPay,
)

__all__ = [
    "AddMana", "AddManaChoice", "Ask", "Attach", "BecomeArtifactCreature", "CastLinkedFree",
    "CopyStackItem", "CounterSpell", "CreateToken", "DealDamage", "DealDividedDamage", "Destroy", "Discard",
    "DoubleMana", "Draw", "Effect", "ExileFromHandLinked", "ExileFromOpponentsHandLinked", "ExileIt",
    "ExileLinked", "Flicker", "GainControlUntilEOT", "GainKeyword", "GainLife", "IfSource",
    "LinkedManaValue", "LoseLife", "ManaChoice", "May", "MayPay", "MayShuffle", "NOTHING", "OrderTopOfLibrary",
    "Pump", "PumpChoice", "PutCounters", "PutFromHandOnTop", "ReturnLinked", "ReturnToHand",
    "ReturnWithCounter", "SACRIFICE_WHEN_TARGETED", "SacrificeIfNoCounters", "SacrificeIt",
    "SacrificeUnlessYouSacrifice", "SearchLibrary", "SetColorUntilEOT", "Shuffle", "Tap",
    "TokenCopiesOfLinked", "UNDYING", "Untap", "UntapAll", "choose_card", "run_effects", "sub_step",
]
