"""The card pool: the cards the seed scenarios, the sample decks, the agents' observations and the
tests are built on. Hand-written cards are grouped by module (importing this package registers
them all); the rest of the pool comes from the compiler, which reads these cards' Oracle text
into the same behaviour their hand-written definitions had (tests/compiler/test_round_trip.py).
"""

from .. import register
from . import artifacts, combos, copies, lands, mairsil, mana_rules, spells, tokens

for _module in (lands, artifacts, spells, mana_rules, mairsil, copies, combos, tokens):
    register(*_module.CARDS)

#: the pool's cards that are compiled from their Oracle text
COMPILED: tuple[str, ...] = (
    'Ancient Tomb',
    'Arcane Signet',
    'Arcanis the Omnipotent',
    "Ashnod's Altar",
    'Augmenting Automaton',
    'Balduvian Bears',
    'Basalt Monolith',
    'Bile Urchin',
    'Birds of Paradise',
    'Bonesplitter',
    'Channeler Initiate',
    'City of Brass',
    'Command Tower',
    'Counterspell',
    'Dark Ritual',
    'Devoted Druid',
    'Divination',
    'Dramatic Reversal',
    'Dwarven Miner',
    'Elvish Mystic',
    'Endless One',
    'Forest',
    'Freed from the Real',
    'Giant Growth',
    'Gilded Lotus',
    'Goblin Cratermaker',
    'Grim Monolith',
    'Griselbrand',
    'Grizzly Bears',
    'Island',
    'Krark-Clan Ironworks',
    'Lightning Bolt',
    'Llanowar Elves',
    'Llanowar Wastes',
    'Mana Confluence',
    'Memnite',
    'Mind Stone',
    'Mogg Fanatic',
    'Mountain',
    'Murder',
    'Nantuko Shade',
    'Naturalize',
    'Ornithopter',
    'Pacifism',
    'Pili-Pala',
    'Plains',
    'Prodigal Pyromancer',
    'Prodigal Sorcerer',
    'Rod of Ruin',
    'Seething Song',
    'Shatter',
    'Shock',
    'Silvercoat Lion',
    'Sol Ring',
    'Springleaf Drum',
    'Staff of Domination',
    'Swamp',
    'Thran Dynamo',
    'Unsummon',
    'Vedalken Mastermind',
    'Walking Ballista',
    'Wastes',
    'Wyluli Wolf',
)
