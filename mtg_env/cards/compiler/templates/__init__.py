"""The compiler's rules, one module per family of Oracle templates. Importing this package
registers them (grammar.RULES); within a category, rules are tried in the order of the imports
below and, within a module, in the order they are written: specific wordings before general."""

from . import (  # noqa: F401
    characteristics,
    combat,
    conditions,
    costs,
    effects,  # noqa: F401  (last: its patterns are the most general)
    faces,
    grants,
    keywords,
    library,
    mana,
    misc,
    planeswalkers,
    regeneration,
    statics,
    timing,
    tokens,
    triggers,
)
