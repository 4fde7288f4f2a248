"""Tokens that leave the battlefield: CR 111.7, 111.8, 704.5d (with 400.7, 603.10a).

Class of bug: a token in a zone other than the battlefield ceases to exist the next time
state-based actions are checked (CR 111.7, 704.5d), and a token that has left the battlefield can't
move to another zone or come back onto the battlefield (CR 111.8). So Cloudshift exiles a token
creature and its "return that card" does nothing (Cloudshift's ruling: "If a token is exiled this
way, it will cease to exist and won't return to the battlefield"); Helvault's "return all cards
exiled with it" returns nothing for an exiled token; a bounced token is gone. Leaving the
battlefield still triggers (CR 603.10a, the note to 111.7). A token that ceased to exist is listed
nowhere in state_json().
"""

from __future__ import annotations

from mtg_env import Game
from tests.helpers import permanents, player, scenario, stack

ERTHA = "Ertha Jo, Frontier Mentor"


def everywhere(g: Game, card: str) -> list[tuple[str, str, bool | None]]:
    """Every object named `card` in any player's battlefield, hand, graveyard or exile, as
    (player, zone, token or None when state_json doesn't say)."""
    out: list[tuple[str, str, bool | None]] = []
    for p in g.state_json()["players"]:
        out += [(p["name"], "battlefield", e["token"]) for e in p["battlefield"] if e["card"] == card]
        out += [(p["name"], "hand", None) for c in p["hand"] if c == card]
        out += [(p["name"], "graveyard", None) for c in p["graveyard"] if c == card]
        out += [(p["name"], "exile", None) for e in p["exile"] if e["card"] == card]
    return out


def entered(g: Game, card: str) -> int:
    return sum(1 for line in g.log if line.startswith(f"{card} enters the battlefield"))


PORTAL_MEMNITE = """
players:
  - mana_pool: "{mana}"
    hand: [{spell}]
    exile:
      - {{card: Memnite, exiled_with: Prototype Portal}}
    battlefield: [Prototype Portal{more}]
"""


def memnite_token(spell: str, mana: str, more: str = "") -> Game:
    """A position with a Memnite token made by Prototype Portal ({X} = 0, Memnite's mana value)
    and the Memnite card exiled with the Portal."""
    g = scenario(PORTAL_MEMNITE.format(spell=spell, mana=mana, more=more))
    g.run_line(["activate Prototype Portal", "pass"])
    assert everywhere(g, "Memnite") == [("P1", "battlefield", True), ("P1", "exile", None)]
    return g


# ---------------------------------------------------------------------------------------------
# Cloudshift: "Exile target creature you control, then return that card to the battlefield"


def test_cr_111_8_cloudshifted_memnite_token_does_not_return_and_ceases_to_exist():
    """CR 111.8, 111.7 and Cloudshift's ruling: Cloudshift exiles the Memnite token; it can't come
    back, so nothing returns and the token ceases to exist. Afterwards the only Memnite anywhere is
    the card exiled with Prototype Portal, and Memnite entered the battlefield once."""
    g = memnite_token("Cloudshift", "{W}")
    g.run_line(["cast Cloudshift", "target Memnite", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Memnite") == [("P1", "exile", None)]
    assert entered(g, "Memnite") == 1
    assert player(g, "P1")["graveyard"] == ["Cloudshift"]


def test_cr_111_8_cloudshifted_thopter_token_does_not_return():
    """CR 111.8, 111.7: Hangarback Walker (one +1/+1 counter) is sacrificed and makes a Thopter
    token; Cloudshift exiles the Thopter, which doesn't return and ceases to exist."""
    g = scenario("""
players:
  - mana_pool: "{W}"
    hand: [Cloudshift]
    battlefield: [Ashnod's Altar, {card: Hangarback Walker, counters: {"+1/+1": 1}}]
""")
    g.run_line(["activate Ashnod's Altar", "pass"])   # the only creature is sacrificed
    assert [e["token"] for e in permanents(g, "Thopter")] == [True]
    g.run_line(["cast Cloudshift", "target Thopter", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Thopter") == []
    assert entered(g, "Thopter") == 1


def test_cr_111_8_cloudshifted_mercenary_token_does_not_return():
    """CR 111.8, 111.7: Ertha Jo's enters trigger creates a 1/1 red Mercenary token; Cloudshift
    exiles it, and it neither returns nor stays anywhere."""
    g = scenario(f"""
players:
  - mana_pool: "{{R}}{{W}}{{C}}{{C}}"
    hand: ["{ERTHA}", Cloudshift]
    battlefield: [Plains]
""")
    g.run_line([f"cast {ERTHA}", "pass", "pass"])
    assert [e["token"] for e in permanents(g, "Mercenary")] == [True]
    g.run_line(["activate Plains", "cast Cloudshift", "target Mercenary", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Mercenary") == []
    assert sorted(e["card"] for e in player(g, "P1")["battlefield"]) == [ERTHA, "Plains"]


# ---------------------------------------------------------------------------------------------
# Helvault: "return all cards exiled with it to the battlefield"


def test_cr_111_7_helvault_returns_the_exiled_card_but_not_the_exiled_token():
    """CR 111.7, 111.8, 607.2a: Helvault exiles the Memnite token and (with Abstruse Archaic's copy
    of its ability, Helvault being colorless) Grizzly Bears. The token ceases to exist in exile;
    when Helvault is Shattered only Grizzly Bears returns."""
    g = memnite_token("Shatter", "{C}{C}", ", Helvault, Abstruse Archaic, Grizzly Bears, Mountain, Mountain")
    g.run_line(["activate Helvault: {1}", "target Memnite", "activate Abstruse Archaic", "target ability: Helvault",
                "pass", "yes", "target Grizzly Bears", "pass", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Memnite") == [("P1", "exile", None)]   # the Portal's card only
    assert sorted(e["card"] for e in player(g, "P1")["exile"]) == ["Grizzly Bears", "Memnite"]
    g.run_line(["activate Mountain", "activate Mountain", "cast Shatter", "target Helvault", "pass", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Memnite") == [("P1", "exile", None)]
    assert everywhere(g, "Grizzly Bears") == [("P1", "battlefield", False)]
    assert entered(g, "Memnite") == 1


# ---------------------------------------------------------------------------------------------
# Bounced and dying tokens


def test_cr_111_7_bounced_token_ceases_to_exist_unsummon_and_vedalken_mastermind():
    """CR 111.7, 704.5d: the Memnite token returned to its owner's hand by Unsummon, or by Vedalken
    Mastermind's "{U}, {T}: Return target permanent you control to its owner's hand", ceases to
    exist: it is in no hand, and P1 can't cast it."""
    g = memnite_token("Unsummon", "{U}")
    g.run_line(["cast Unsummon", "target Memnite", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Memnite") == [("P1", "exile", None)]
    assert player(g, "P1")["hand"] == []

    g = memnite_token("Island", "{U}", ", Vedalken Mastermind")
    g.run_line(["activate Vedalken Mastermind", "target Memnite", "pass"])
    assert stack(g) == []
    assert everywhere(g, "Memnite") == [("P1", "exile", None)]
    assert player(g, "P1")["hand"] == ["Island"]


def test_cr_111_7_token_that_dies_triggers_then_ceases_to_exist():
    """CR 111.7 (its note: "applicable triggered abilities will trigger before the token ceases to
    exist"), 603.10a, 608.3f: Lithoform Engine copies a Hangarback Walker spell with X = 1; the token
    Walker enters with one +1/+1 counter. Sacrificed, it dies: its trigger makes a Thopter, and the
    token is in no graveyard."""
    g = scenario("""
players:
  - mana_pool: "{C}{C}{C}{C}{C}{C}"
    hand: [Hangarback Walker]
    battlefield: [Lithoform Engine, Ashnod's Altar]
""")
    g.run_line(["cast Hangarback Walker", "x 1", "activate Lithoform Engine: {4}", "target Hangarback Walker",
                "pass", "pass", "pass"])
    walkers = permanents(g, "Hangarback Walker")
    assert sorted((e["token"], e["counters"]["+1/+1"]) for e in walkers) == [(False, 1), (True, 1)]
    token = next(e for e in walkers if e["token"])
    g.run_line(["activate Ashnod's Altar", f"sacrifice Hangarback Walker#{token['id']}"])
    assert [s["source"] for s in stack(g)] == ["Hangarback Walker"]
    g.act("pass")
    assert stack(g) == []
    assert [e["token"] for e in permanents(g, "Thopter")] == [True]
    assert everywhere(g, "Hangarback Walker") == [("P1", "battlefield", False)]
