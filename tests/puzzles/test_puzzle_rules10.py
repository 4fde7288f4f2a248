"""Rules the tenth session's puzzle analysis found wrong (issue 15): a compiled Vehicle had no
power and toughness at all (MTGP_03's and PP23's Mobile Garrison, PP11's Renegade Freighter dealt
no combat damage when crewed), and "another target artifact or creature you control" let Mobile
Garrison's trigger untap Mobile Garrison itself."""

from __future__ import annotations

from mtg_env.puzzle import read_puzzle


def _pzl(state: str) -> str:
    return (f"[metadata]\nName:T\nGoal:Win\nTurns:1\n[state]\nactiveplayer=human\nactivephase=MAIN1\n"
            f"humanlife=20\nailife=20\n{state}\n")


def _oid(g, name: str) -> int:  # noqa: ANN001
    return next(o for o in g.battlefield if g.name_of(o) == name)


def _to_attack(g) -> None:  # noqa: ANN001
    while g.decision is not None and g.decision.kind != "attack":
        g.act("pass")


GARRISON = _pzl("humanbattlefield=Mobile Garrison;Hill Giant;Grizzly Bears\naibattlefield=Island")


def test_cr_301_7a_a_crewed_vehicle_has_its_printed_power_and_deals_its_damage() -> None:
    """CR 208.3: uncrewed, Mobile Garrison has no power or toughness; CR 301.7b: crewed, it is a
    3/4 at once, and attacking alone it deals 3 damage."""
    g = read_puzzle(GARRISON).game
    garrison = _oid(g, "Mobile Garrison")
    assert g.chars(garrison).power is None and g.chars(garrison).toughness is None
    g.run_line(["activate Mobile Garrison: Crew 2 (Tap any number of creatures you control with total power 2 "
                "or more: This Vehicle becomes an artifact creature until end of turn.)", "tap Hill Giant",
                "pass", "pass"])
    assert g.is_creature(garrison)
    assert (g.chars(garrison).power, g.chars(garrison).toughness) == (3, 4)
    _to_attack(g)
    g.run_line(["attack P2 with Mobile Garrison", "done attacking"])
    while g.players[1].life == 20 and g.decision is not None and g.turn_state.step != "postcombat_main":
        legal = g.legal_actions()
        # the attack trigger's target, then passes (P2 has no blocker)
        g.act(next((a for a in legal if a.label.startswith("target")), legal[0]))
    assert g.players[1].life == 17


def test_another_target_artifact_or_creature_is_never_the_source_itself() -> None:
    """"Untap another target artifact or creature you control": "another" qualifies both
    alternatives, so Mobile Garrison, an artifact creature as it attacks, is not a legal target
    of its own trigger (only the creatures, the other artifacts, tapped or not)."""
    g = read_puzzle(GARRISON).game
    g.run_line(["activate Mobile Garrison: Crew 2 (Tap any number of creatures you control with total power 2 "
                "or more: This Vehicle becomes an artifact creature until end of turn.)", "tap Hill Giant",
                "pass", "pass"])
    _to_attack(g)
    g.run_line(["attack P2 with Mobile Garrison", "done attacking"])
    assert g.decision is not None and g.decision.kind == "target"
    assert sorted(a.label for a in g.legal_actions()) == ["target Grizzly Bears", "target Hill Giant"]


def test_cr_611_2_an_effect_tells_two_identical_tokens_apart_as_targets() -> None:
    """The search's key names a target by what it is: two Grizzly Bears of the opponent, one of
    them pumped by Giant Growth until end of turn (CR 611.2a), are two targets for Shock, not one
    symmetric choice (MTGP_03: Renegade Wheelsmith's "can't block" went to the Illusion token that
    already couldn't block, and the search refuted a won position)."""
    from mtg_env.puzzle_search import PuzzleSearch
    pz = read_puzzle(_pzl("humanhand=Giant Growth;Shock\nhumanbattlefield=Forest;Mountain\n"
                          "aibattlefield=Grizzly Bears;Grizzly Bears"))
    g = pz.game
    g.run_line(["activate Forest: {T}: Add {G}.", "cast Giant Growth", "target Grizzly Bears#5", "pass", "pass",
                "activate Mountain: {T}: Add {R}.", "cast Shock"])
    s = PuzzleSearch(pz)
    keys = set()
    labels = []
    for a in g.legal_actions():
        c = g.clone()
        c.act(a)
        keys.add(s._key(c))
        labels.append(a.label)
    assert len(labels) == 4 and len(keys) == 4, labels  # the players and each Bears apart
