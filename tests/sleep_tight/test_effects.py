"""Sleep Tight's card effects in the core effect language (sleep-tight "Card Symbols",
"Card Examples"): every effect of the card file is a validated node, every op runs, and a
composite written in the language runs on Sleep Tight's flow like the cards do."""

from __future__ import annotations

import pytest

from oneiros.core.effects import LanguageError
from oneiros.games.sleep_tight.content import load_content
from oneiros.games.sleep_tight.effects import LANGUAGE, card_program
from oneiros.games.sleep_tight.steps.symbols import RUNTIME

from .helpers import kinds
from .scenario import scenario, start_effect


def test_every_op_of_the_language_runs_and_every_card_reads_as_nodes() -> None:
    assert RUNTIME.missing() == []
    content = load_content()
    used = set()
    for card in content.actions:
        program = card_program(card)
        assert len(program) == len(card.effects)
        used |= {node.op for node in program}
    # the shipped set uses every op (the 17 effect kinds of the card file)
    assert used == {spec.name for spec in LANGUAGE.ops("effect")} - {
        "seq",
        "choose",
        "when",
        "repeat",
        "for_each",
        "done",
    }


def test_frantic_search_is_a_draw_then_a_return_in_the_language() -> None:
    # "Card Examples": draw 3 cards, then shuffle 2 back.
    card = load_content().action("frantic-search")
    assert [n.to_raw() for n in card_program(card)] == [
        {"op": "draw", "n": 3},
        {"op": "return_cards", "n": 2},
    ]
    assert LANGUAGE.parse("seq(draw(3), return_cards(2))").args.do == list(card_program(card))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("draw(-1)", "draw(): n: Input should be greater than or equal to 0"),
        ("damage(1, target='behind')", "damage(): target"),
        ("discard_type()", "discard_type(): action_type: Field required"),
        ("fly(2)", "unknown effect 'fly'"),
    ],
)
def test_a_bad_effect_is_refused_with_one_line(text: str, problem: str) -> None:
    with pytest.raises(LanguageError) as err:
        LANGUAGE.parse(text)
    assert problem in str(err.value) and "\n" not in str(err.value)


def test_a_composite_runs_on_the_flow_as_card_effects_do() -> None:
    # repeat(2, gain(1)) for seat 0: two fragments from the pile, one step at a time.
    state = scenario(3, at="play", fragments={0: 2})
    pile = state.observation(None)["pile"]
    start_effect(state, "repeat(2, gain(1))", seat=0)
    assert fragments(state, 0) == 4 and state.observation(None)["pile"] == pile - 2
    assert [e.data["got"] for e in kinds(state, "gained")] == [1, 1]
    # a choice of effect asks the seat, then runs the branch chosen
    start_effect(
        state, "choose(option('Draw', then=draw(1)), option('Take one', then=gain(1)))", seat=0
    )
    assert state.decision(0).kind == "effect_choice"  # type: ignore[union-attr]
    assert [a.label for a in state.legal_actions(0)] == ["Draw", "Take one"]
    state.apply("choose:1", player=0)
    assert fragments(state, 0) == 5


def fragments(state, seat: int) -> int:
    return state.observation(None)["players"][seat]["fragments"]
