"""The effect language: both spellings give the same nodes, and every bad expression is a
one-line error naming the op, the argument or the category."""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oneiros.core.effects import (
    Amount,
    Args,
    Condition,
    Effect,
    EffectLanguage,
    LanguageError,
    NoArgs,
    Node,
    Selector,
    render,
)


def make_language() -> EffectLanguage:
    lang = EffectLanguage("test")

    @lang.op("seal")
    class Seal(Args):
        n: Amount = 1
        who: Selector | None = None

    @lang.op("distress")
    class Distress(Args):
        n: Amount = 1
        who: Selector | None = None

    @lang.op("in_range", "selector")
    class InRange(Args):
        n: int

    @lang.op("flag", "condition")
    class Flag(Args):
        name: str

    @lang.op("bundle")
    class Bundle(Args):
        variadic: ClassVar[str | None] = "items"
        items: list[Effect]

    @lang.op("unless")
    class Unless(Args):
        cond: Condition
        do: Effect

    lang.register("self", "selector")
    lang.register("pc", "amount")
    lang.register("seal", "cost", NoArgs)
    lang.register("overlay", "effect", NoArgs, supported=False)
    return lang


LANG = make_language()


def test_text_and_object_forms_give_the_same_node():
    text = LANG.parse("seal(2, who=in_range(2))")
    obj = LANG.parse({"op": "seal", "n": 2, "who": {"op": "in_range", "n": 2}})
    assert text == obj
    assert text.to_raw() == {"op": "seal", "n": 2, "who": {"op": "in_range", "n": 2}}
    assert LANG.parse(text.to_raw()) == text


def test_a_list_is_a_sequence_and_python_keywords_have_their_spellings():
    node = LANG.parse("[seal(1), done]")
    assert node.op == "seq" and [c.op for c in node.args.do] == ["seal", "done"]
    cond = LANG.parse("when(no(flag('calm')), then=seal(1), otherwise=done)")
    assert cond.op == "when" and cond.args.cond.op == "no"
    # the object form accepts "if" for "when"
    assert LANG.parse({"op": "if", "cond": {"op": "flag", "name": "x"}}).op == "when"


def test_composites_choice_repeat_for_each():
    node = LANG.parse(
        "choose(option('Run', then=seal(1)), option('Fight', requires=flag('armed'), then=[distress(1)]))"
    )
    labels = [o.args.label for o in node.args.options]
    assert node.op == "choose" and labels == ["Run", "Fight"]
    assert node.args.options[1].args.requires.op == "flag"
    rep = LANG.parse("repeat(pc * 2 - 1, seal(1))")
    assert rep.args.n.op == "sub" and rep.args.n.args.a.op == "mul"
    each = LANG.parse("for_each(in_range(1), [distress(1, who=self)])")
    assert each.args.sel.op == "in_range"
    assert [n.op for n in each.walk()] == ["for_each", "in_range", "seq", "distress", "self"]


def test_variadic_arguments_and_conditions():
    node = LANG.parse("bundle(seal(1), distress(2))")
    assert [c.op for c in node.args.items] == ["seal", "distress"]
    assert LANG.parse("all(flag('a'), any(flag('b'), flag('c')))", "condition").op == "all"


@pytest.mark.parametrize(
    ("text", "category", "message"),
    [
        ("distress(whom=1)", "effect", "distress(): unknown argument 'whom' (arguments: n, who)"),
        ("sael(1)", "effect", "unknown effect 'sael' (did you mean seal? known:"),
        ("seal(1)", "cost", "seal(): takes at most 0 positional arguments"),
        ("distress(1)", "cost", "distress is an effect, a cost is expected here"),
        (
            "seal(who=seal(1))",
            "effect",
            "seal is a cost and an effect, a selector is expected here",
        ),
        ("seal(who=in_range('far'))", "effect", "in_range(): n: Input should be a valid integer"),
        ("seal(1, 2, 3)", "effect", "takes at most 2 positional arguments (n, who), 3 given"),
        (
            "seal(who=in_range(1, 2))",
            "effect",
            "in_range(): takes at most 1 positional argument (n)",
        ),
        ("seal(1, n=2)", "effect", "seal(): n given twice"),
        ("seal(1) if pc else done", "effect", "IfExp is not part of the effect language"),
        ("seal(1) and seal(2)", "effect", "BoolOp is not part of the effect language"),
        ("os.system('x')", "effect", "only a plain name can be called"),
        ("seal(", "effect", "not a valid expression"),
        ("[seal(1)]", "condition", "a list is not a condition"),
        ("3", "effect", "the number 3 is not an effect"),
        ("", "effect", "empty expression"),
    ],
)
def test_bad_expressions_name_the_problem(text, category, message):
    with pytest.raises(LanguageError) as err:
        LANG.parse(text, category)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_errors_give_the_column_in_the_text():
    with pytest.raises(LanguageError, match=r"^col 10: unknown selector 'frob' "):
        LANG.parse("seal(who=frob(1))")
    text = "[seal(1), when(flag('a'), then=[distress(whom=1)])]"
    with pytest.raises(LanguageError) as err:
        LANG.parse(text)
    assert str(err.value) == "col 33: distress(): unknown argument 'whom' (arguments: n, who)"
    assert text[32:].startswith("distress(")
    # the object form has no columns: the path inside the node is named instead
    with pytest.raises(LanguageError, match=r"^seq\(\): do.0: seal\(\): unknown argument 'whom'"):
        LANG.parse({"op": "seq", "do": [{"op": "seal", "whom": 1}]})


def test_nodes_are_frozen_and_amounts_may_be_plain_integers():
    node = LANG.parse("seal(2)")
    assert isinstance(node, Node) and node.args.n == 2
    with pytest.raises(AttributeError):
        node.op = "x"  # type: ignore[misc]
    assert LANG.parse("-2", "amount") == -2
    assert LANG.parse(3, "amount") == 3


def test_registration_rejects_duplicates_and_unknown_categories():
    lang = EffectLanguage("x")
    lang.register("a", "effect")
    with pytest.raises(ValueError, match="already an effect"):
        lang.register("a", "effect")
    with pytest.raises(ValueError, match="unknown category"):
        lang.register("b", "colour")


def test_schema_exports_the_language_as_data():
    schema = LANG.schema()
    assert schema["categories"]["effect"]["seal"]["arguments"] == ["n", "who"]
    assert schema["categories"]["effect"]["overlay"]["supported"] is False
    assert schema["categories"]["condition"]["all"]["variadic"] == "items"


# -- property: rendering a node gives text that parses back to the same node ------------------

amounts = st.one_of(
    st.integers(min_value=0, max_value=9),
    st.just("pc"),
    st.tuples(st.sampled_from(["add", "mul"]), st.integers(0, 5), st.just("pc")),
)
selectors = st.one_of(st.none(), st.just("self"), st.integers(0, 3).map(lambda n: f"in_range({n})"))


def _amount_text(a: object) -> str:
    if isinstance(a, tuple):
        op, x, y = a
        return f"({x} {'+' if op == 'add' else '*'} {y})"
    return str(a)


@st.composite
def effects(draw: st.DrawFn, depth: int = 0) -> str:
    leaf = st.builds(
        lambda op, n, who: f"{op}({_amount_text(n)}" + (f", who={who})" if who else ")"),
        st.sampled_from(["seal", "distress"]),
        amounts,
        selectors,
    )
    if depth >= 2:
        return draw(leaf)
    kind = draw(st.sampled_from(["leaf", "list", "when", "repeat"]))
    if kind == "leaf":
        return draw(leaf)
    inner = draw(st.lists(effects(depth + 1), min_size=1, max_size=3))
    if kind == "list":
        return "[" + ", ".join(inner) + "]"
    if kind == "when":
        return f"when(flag('f'), then={inner[0]})"
    return f"repeat({_amount_text(draw(amounts))}, {inner[0]})"


@given(effects())
def test_render_parses_back_to_the_same_node(text):
    node = LANG.parse(text)
    assert LANG.parse(render(node)) == node
    assert LANG.parse(node.to_raw()) == node
