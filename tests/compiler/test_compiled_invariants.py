"""What holds for every card the compiler supports, checked over the whole database."""

from __future__ import annotations

from mtg_env.cards import get_card
from mtg_env.cards.abilities import Activated
from mtg_env.cards.compiler.coverage import supported_names
from mtg_env.cards.costs import Cost


def test_cr_602_1_every_compiled_activated_ability_has_its_cost() -> None:
    """CR 602.1a: an activated ability is "[Cost]: [Effect.]"; an ability the compiler reads (the
    basic land types' intrinsic {T}: Add abilities included, CR 305.6) keeps the cost before its
    colon, so no compiled ability can be activated for nothing unless its cost is {0}."""
    free = []
    for name in supported_names():
        for ab in get_card(name).abilities:
            if isinstance(ab, Activated) and ab.cost == Cost() and not ab.text.startswith("{0}:"):
                free.append(f"{name}: {ab.text}")
    assert not free, free[:20]


def test_every_compiled_ability_text_is_one_line() -> None:
    """An activated ability's text is part of its label, and labels are one line
    (interface.md §2); a modal ability's bullets are joined by spaces."""
    multi = [f"{name}: {ab.text!r}" for name in supported_names() for ab in get_card(name).abilities
             if ab.kind != "spell" and "\n" in ab.text]
    assert not multi, multi[:20]


def test_a_sentence_with_many_clauses_is_declined_within_a_bounded_number_of_readings() -> None:
    """Largepox's one sentence has eight clauses joined by ", then" and a list of six: the ways
    of cutting it grow exponentially, so past lines.MAX_TRIES readings the card is declined
    (it took half a minute to find that no cut reads)."""
    from mtg_env.cards.compiler import compile_card, lines
    from mtg_env.cards.database import lookup
    calls = 0
    real = lines.sentence

    def counting(s, b):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return real(s, b)

    lines.sentence = counting  # type: ignore[assignment]
    try:
        got = compile_card(lookup("Largepox"))
    finally:
        lines.sentence = real  # type: ignore[assignment]
    assert not got.supported and got.reasons[0].startswith("Each player discards a card, then loses 1 life")
    assert calls <= 2 * lines.MAX_TRIES  # past the bound each further try is declined at once
