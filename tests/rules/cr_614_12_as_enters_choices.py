""""As enters" choices and "enters with": CR 614.1c, 614.12, 614.12a, 707.5, 707.6, 107.3m, 608.3f.

Class of bug: "You may have Clone enter as a copy of ...", Phantasmal Image's copy, "As Utopia
Sprawl enters, choose a color" and "enters with X +1/+1 counters" are replacement effects that
modify how the permanent enters the battlefield (CR 614.1c, 614.12), the choice being made just
before it enters (CR 614.12a). They apply however the permanent enters: cast, returned by Cloudshift
or by Helvault's "return all cards exiled with it", or as the token a copy of a permanent spell
becomes (Lithoform Engine, CR 608.3f, 707.10f). Put onto the battlefield by an effect rather than
cast, X is 0 (CR 107.3m).

(Gemstone Mine's "enters with three mining counters" cannot be tested the same way: no supported
card puts a nonbasic land onto the battlefield.)

"""

from __future__ import annotations

from mtg_env import Game
from mtg_env.cards import temporary
from mtg_env.cards.vocab import Activated, AddManaChoice, AsEntersChoose, ManaChoice, card
from tests.helpers import labels, permanent, permanents, player, scenario, stack

BEARS = "Grizzly Bears"
LION = "Silvercoat Lion"


def newest(g: Game, card: str) -> int:
    return max(e["id"] for e in permanents(g, card))


def mine(g: Game) -> list[str]:
    return sorted(e["card"] for e in player(g, "P1")["battlefield"])


def asked_to_copy(g: Game) -> list[str]:
    """The Clone-style choice, made as the permanent enters (CR 614.12a)."""
    assert g.decision is not None and g.decision.kind == "choose", f"no copy choice: {g.decision}"
    return labels(g)


# ---------------------------------------------------------------------------------------------
# Clone and Phantasmal Image


def test_cr_614_12a_clone_cast_chooses_as_it_enters():
    """CR 614.1c, 614.12a, 707.5: a cast Clone chooses, as it resolves, a creature on the battlefield
    to enter as a copy of (or nothing); it enters as a 2/2 Silvercoat Lion under P1's control."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Clone]
    battlefield: [Grizzly Bears]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Clone", "pass"])
    assert set(asked_to_copy(g)) == {f"copy {BEARS}", f"copy {LION}", "copy nothing"}
    g.act(f"copy {LION}")
    assert mine(g) == [BEARS, LION]
    lion = next(e for e in player(g, "P1")["battlefield"] if e["card"] == LION)
    assert (lion["power"], lion["toughness"], lion["summoning_sick"]) == (2, 2, True)


def test_cr_614_12_cloudshifted_clone_chooses_again_as_it_returns():
    """CR 614.12, 400.7 and Cloudshift's ruling (the returned card is a new object): a Clone that
    entered as a copy of Grizzly Bears is Cloudshifted; the card returns and, as it enters, P1 may
    choose again -- this time Silvercoat Lion."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}"
    hand: [Clone, Cloudshift]
    battlefield: [Grizzly Bears, Plains]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Clone", "pass", f"copy {BEARS}"])
    assert mine(g) == [BEARS, BEARS, "Plains"]
    g.run_line(["activate Plains", "cast Cloudshift", f"target {BEARS}#{newest(g, BEARS)}", "pass"])
    assert set(asked_to_copy(g)) == {f"copy {BEARS}", f"copy {LION}", "copy nothing"}
    g.act(f"copy {LION}")
    assert stack(g) == []
    assert mine(g) == [BEARS, "Plains", LION]
    assert player(g, "P1")["graveyard"] == ["Cloudshift"]


def test_cr_614_12_clone_returned_by_helvault_chooses_as_it_enters():
    """CR 614.12, 614.12a, 607.2a: a Clone copying Grizzly Bears is exiled with Helvault's first
    ability; Helvault is Shattered and its trigger returns the Clone card to the battlefield. As it
    enters, P1 chooses what it copies: Silvercoat Lion."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}"
    hand: [Clone, Shatter]
    battlefield: [Grizzly Bears, Helvault, Mountain, Mountain]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Clone", "pass", f"copy {BEARS}"])
    g.run_line(["activate Helvault: {1}", f"target {BEARS}#{newest(g, BEARS)}", "pass"])
    assert [e["card"] for e in player(g, "P1")["exile"]] == ["Clone"]
    g.run_line(["activate Mountain", "activate Mountain", "cast Shatter", "target Helvault", "pass", "pass"])
    assert set(asked_to_copy(g)) == {f"copy {BEARS}", f"copy {LION}", "copy nothing"}
    g.act(f"copy {LION}")
    assert stack(g) == []
    assert mine(g) == [BEARS, "Mountain", "Mountain", LION]
    assert sorted(player(g, "P1")["graveyard"]) == ["Helvault", "Shatter"]


def test_cr_614_12_token_copy_of_a_clone_spell_chooses_what_to_copy():
    """CR 608.3f, 707.10f, 614.12 and Lithoform Engine's ruling ("The rules that apply to a
    permanent spell becoming a permanent apply to a copy of a spell becoming a token"): Lithoform
    Engine copies a Clone spell. The copy resolves first and, as the token enters, P1 chooses
    Silvercoat Lion; then the Clone chooses Grizzly Bears."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}{U}{U}"
    hand: [Clone]
    battlefield: [Grizzly Bears, Lithoform Engine]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Clone", "activate Lithoform Engine: {4}", "target Clone", "pass"])
    assert [s["copy"] for s in stack(g)] == [False, True]
    g.act("pass")
    assert set(asked_to_copy(g)) == {f"copy {BEARS}", f"copy {LION}", "copy nothing"}
    g.act(f"copy {LION}")
    lion = next(e for e in player(g, "P1")["battlefield"] if e["card"] == LION)
    assert (lion["token"], lion["power"], lion["toughness"]) == (True, 2, 2)
    g.act("pass")
    g.act(f"copy {BEARS}")
    assert stack(g) == []
    assert mine(g) == [BEARS, BEARS, "Lithoform Engine", LION]


def test_cr_614_12_token_copy_of_a_phantasmal_image_spell_chooses_what_to_copy():
    """CR 608.3f, 707.10f, 614.12: Lithoform Engine copies a Phantasmal Image spell; as the token
    enters, P1 chooses Grizzly Bears: a 2/2 Grizzly Bears token."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}{U}{U}{U}{U}"
    hand: [Phantasmal Image]
    battlefield: [Lithoform Engine]
  - battlefield: [Grizzly Bears]
""")
    g.run_line(["cast Phantasmal Image", "activate Lithoform Engine: {4}", "target Phantasmal Image", "pass",
                "pass"])
    assert "copy Grizzly Bears" in asked_to_copy(g)
    g.act("copy Grizzly Bears")
    token = [e for e in player(g, "P1")["battlefield"] if e["card"] == BEARS]
    assert [(e["token"], e["power"], e["toughness"]) for e in token] == [(True, 2, 2)]


def test_cr_707_9b_cloudshift_on_phantasmal_image_is_answered_by_its_sacrifice_trigger():
    """CR 707.9b, 603.3, 608.2b: Cloudshift targeting a Phantasmal Image that copies Grizzly Bears
    makes its copy exception trigger ("When this creature becomes the target of a spell or
    ability, sacrifice it"); the trigger resolves first, the Image is sacrificed, and Cloudshift,
    its only target gone, doesn't resolve: nothing returns to choose again."""
    g = scenario("""
players:
  - mana_pool: "{U}{U}"
    hand: [Phantasmal Image, Cloudshift]
    battlefield: [Grizzly Bears, Silvercoat Lion, Plains]
""")
    g.run_line(["cast Phantasmal Image", "pass", f"copy {BEARS}"])
    g.run_line(["activate Plains", "cast Cloudshift", f"target {BEARS}#{newest(g, BEARS)}"])
    assert [s["source"] for s in stack(g)] == ["Cloudshift", BEARS]
    g.run_line(["pass", "pass"])
    assert g.decision is not None and g.decision.kind == "priority"
    assert stack(g) == []
    assert mine(g) == [BEARS, "Plains", LION]
    assert sorted(player(g, "P1")["graveyard"]) == ["Cloudshift", "Phantasmal Image"]


# ---------------------------------------------------------------------------------------------
# Utopia Sprawl: "As Utopia Sprawl enters, choose a color."


def test_cr_614_12a_token_copy_of_utopia_sprawl_chooses_a_color():
    """CR 614.1c, 614.12a, 608.3f: Lithoform Engine copies a Utopia Sprawl spell aimed at a Forest
    (the copy keeps the target: Lithoform's ruling). As the token Aura enters, P1 chooses blue; as
    the card enters, red. Tapped for mana, the Forest adds {G} and one more of each chosen color."""
    g = scenario("""
players:
  - mana_pool: "{G}{C}{C}{C}{C}"
    hand: [Utopia Sprawl]
    battlefield: [Forest, Lithoform Engine]
""")
    g.run_line(["cast Utopia Sprawl", "target Forest", "activate Lithoform Engine: {4}", "target Utopia Sprawl",
                "pass", "pass"])
    assert g.decision is not None and g.decision.kind == "color", f"no color choice: {g.decision}"
    g.run_line(["color U", "pass", "color R"])
    assert stack(g) == []
    sprawls = permanents(g, "Utopia Sprawl")
    assert sorted(e["token"] for e in sprawls) == [False, True]
    assert {e["attached_to"] for e in sprawls} == {permanent(g, "Forest")["id"]}
    g.act("activate Forest")
    assert player(g, "P1")["mana_pool"] == "{U}{R}{G}"


# ---------------------------------------------------------------------------------------------
# "Enters with X +1/+1 counters" when not cast: X is 0 (CR 107.3m)


def test_cr_107_3m_walking_ballista_put_onto_the_battlefield_by_an_effect_enters_with_no_counters():
    """CR 614.1c, 107.3m: Walking Ballista returned by Cloudshift, returned by Helvault, or made as a
    token by Prototype Portal was not cast, so X is 0: it enters with no counters, is 0/0 and is
    put into the graveyard (the token then ceases to exist, CR 111.7)."""
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Cloudshift]
    battlefield: [{card: Walking Ballista, counters: {"+1/+1": 2}}]
""")
    g.run_line(["cast Cloudshift", "target Walking Ballista", "pass"])
    assert permanents(g, "Walking Ballista") == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Cloudshift", "Walking Ballista"]

    g = scenario("""
players:
  - mana_pool: "{C}"
    hand: [Shatter]
    battlefield: [Helvault, Mountain, Mountain, {card: Walking Ballista, counters: {"+1/+1": 2}}]
""")
    g.run_line(["activate Helvault: {1}", "target Walking Ballista", "pass", "activate Mountain",
                "activate Mountain", "cast Shatter", "target Helvault", "pass", "pass"])
    assert stack(g) == [] and permanents(g, "Walking Ballista") == []
    assert sorted(player(g, "P1")["graveyard"]) == ["Helvault", "Shatter", "Walking Ballista"]

    g = scenario("""
players:
  - exile:
      - {card: Walking Ballista, exiled_with: Prototype Portal}
    battlefield: [Prototype Portal]
""")
    g.run_line(["activate Prototype Portal", "pass"])
    assert stack(g) == [] and permanents(g, "Walking Ballista") == []
    assert player(g, "P1")["graveyard"] == []
    assert any("Walking Ballista enters the battlefield" in line for line in g.log)


def test_cr_107_3m_cloudshifted_hangarback_walker_and_stonecoil_serpent_enter_with_no_counters():
    """CR 614.1c, 107.3m: Cloudshifted, a Hangarback Walker with two counters returns with none and
    dies as a 0/0 -- its dies trigger makes no Thopter (it had no counters as it last existed) --
    and so does a Stonecoil Serpent."""
    for name in ("Hangarback Walker", "Stonecoil Serpent"):
        g = scenario(f"""
players:
  - mana_pool: "{{W}}"
    hand: [Cloudshift]
    battlefield: [{{card: {name}, counters: {{"+1/+1": 2}}}}]
""")
        g.run_line(["cast Cloudshift", f"target {name}", "pass"])
        while stack(g):
            g.act("pass")
        assert permanents(g, name) == [] and permanents(g, "Thopter") == [], name
        assert sorted(player(g, "P1")["graveyard"]) == sorted(["Cloudshift", name])


def test_cr_107_3m_token_copy_of_a_walking_ballista_spell_keeps_x():
    """CR 707.10 (a copy of a spell copies the value of X), 107.3m, 608.3f: Lithoform Engine copies
    a Walking Ballista spell cast with X = 2; the token enters with two +1/+1 counters, as does the
    Ballista."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}{C}{C}"
    hand: [Walking Ballista]
    battlefield: [Lithoform Engine]
""")
    g.run_line(["cast Walking Ballista", "x 2", "activate Lithoform Engine: {4}", "target Walking Ballista",
                "pass", "pass", "pass"])
    assert stack(g) == []
    ballistas = sorted(permanents(g, "Walking Ballista"), key=lambda e: e["token"])
    assert [(e["token"], e["counters"]) for e in ballistas] == [(False, {"+1/+1": 2}), (True, {"+1/+1": 2})]


# ---------------------------------------------------------------------------------------------
# however it enters: several at once, and a land played


def test_cr_614_12_clones_returned_together_choose_before_either_enters():
    """CR 614.12, 610.3: Helvault's trigger returns two exiled Clones at the same time. Each
    chooses as it enters, before either is on the battlefield: the second can't copy what the
    first becomes (the choices offer only the creatures already there)."""
    g = scenario("""
players:
  - mana_pool: "{R}{R}"
    hand: [Shatter]
    exile:
      - {card: Clone, exiled_with: Helvault}
      - {card: Clone, exiled_with: Helvault}
    battlefield: [Helvault, Grizzly Bears]
  - battlefield: [Silvercoat Lion]
""")
    g.run_line(["cast Shatter", "target Helvault", "pass", "pass"])
    assert set(asked_to_copy(g)) == {f"copy {BEARS}", f"copy {LION}", "copy nothing"}
    g.act(f"copy {LION}")
    assert set(asked_to_copy(g)) == {f"copy {BEARS}", f"copy {LION}", "copy nothing"}
    assert mine(g) == [BEARS]  # neither has entered yet
    g.act(f"copy {BEARS}")
    assert mine(g) == [BEARS, BEARS, LION]
    assert player(g, "P1")["exile"] == []


OUTPOST = card("Test Outpost", None, "Land",
               "As Test Outpost enters, choose a color.\n{T}: Add one mana of the chosen color.",
               AsEntersChoose(choose="color"), Activated(effects=(AddManaChoice(ManaChoice.CHOSEN_COLOR),)))


def test_cr_614_12a_a_land_played_makes_its_as_enters_choice():
    """CR 614.12a, 305.1: playing a land with "As <this> enters, choose a color" asks the color as
    it enters; its mana ability then adds that color. (A test-only card: no supported land has
    such a choice yet.)"""
    with temporary(OUTPOST):
        g = scenario("""
players:
  - hand: [Test Outpost]
""")
        g.act("play Test Outpost")
        assert g.decision is not None and g.decision.kind == "color"
        assert labels(g) == [f"color {c}" for c in "WUBRG"]
        g.act("color U")
        assert permanent(g, "Test Outpost")["tapped"] is False
        g.act("activate Test Outpost")
        assert player(g, "P1")["mana_pool"] == "{U}"
