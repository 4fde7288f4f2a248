"""Every supported card, grouped by module; importing this package registers them all."""

from .. import register
from . import artifacts, combos, copies, creatures, lands, mairsil, mana_rules, spells, tokens

for _module in (lands, artifacts, creatures, spells, mana_rules, mairsil, copies, combos, tokens):
    register(*_module.CARDS)
