"""The compiler's rules, one module per family of Oracle templates. Importing this package
registers them (grammar.RULES); within a category, rules are tried in the order of the imports
below and, within a module, in the order they are written: specific wordings before general."""

from . import (  # noqa: F401
    altcast,
    characteristics,
    chosen,
    combat,
    conditions,
    costs,
    effects,  # noqa: F401  (last: its patterns are the most general)
    energy,
    facedown,
    faces,
    grants,
    hybrid,
    keywords,
    kwabilities,
    kwtriggers,
    lasting_control,
    level,
    library,
    mana,
    manaland,
    misc,
    permanents,
    planeswalkers,
    puzzlecards,
    regeneration,
    sagas,
    statics,
    timing,
    tokens,
    trigger_events,
    triggers,
    untap,
)
