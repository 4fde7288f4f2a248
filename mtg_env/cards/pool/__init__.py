"""Every supported card, grouped by module; importing this package registers them all."""

from .. import register
from . import artifacts, creatures, lands, spells, tokens

for _module in (lands, artifacts, creatures, spells, tokens):
    register(*_module.CARDS)
