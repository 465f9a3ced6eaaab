"""The back on top of every deck, seen by every seat (etherfields "Influence Cards": the
back-of-card action "when the card is on the top of their deck"; design §3 "Visible deck
backs"). Once a deck mixes backs, each new top shows its back by the chance step
``back:<class>`` and the next draw or Seal takes a card of that back. Chance is forced by
id."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oneiros
from oneiros.games.etherfields.steps.back import back_of, told, top_back
from oneiros.games.etherfields.steps.flaws import known_top
from oneiros.testing import random_step

from .builder import ALL_TILES, event_kinds, legal, play, position, run_effect


def _chances(s) -> dict[str, float]:
    return {a.id: p for a, p in s.chance_outcomes()}


def test_a_gained_market_card_shuffled_in_shows_its_plain_back_then_is_drawn():
    """The Dicer gains the Market card Early Dawn onto her discard pile and reshuffles:
    the new top shows a back, plain for 1 card in 4; forced plain, every seat sees it and
    the draw takes that Market card, the only card of that back."""
    s = position(2, decks={0: ["s01", "s02"]}, discards={0: ["s03"]})
    assert top_back(s, 0) == "dicer"  # a starting deck: known, no chance step
    run_effect(s, "gain_card('m-early-dawn')")
    assert s.to_move() != (oneiros.CHANCE,)  # the discard pile changes no top
    run_effect(s, "reshuffle")
    assert s.flow.top.kind == "back_reveal"
    assert _chances(s) == pytest.approx({"back:dicer": 0.75, "back:plain": 0.25})
    play(s, "back:plain")
    event = next(e for e in s.events() if e.kind == "back_revealed")
    assert event.rule == 'etherfields "Influence Cards"'
    assert event.data == {"seat": 0, "card": "plain"}
    for viewer in (None, 0, 1):
        assert s.observation(viewer)["dreamers"][0]["top_back"] == "plain"
    run_effect(s, "draw(1)")
    assert legal(s) == ["draw:m-early-dawn"]
    play(s, "draw:m-early-dawn")
    assert s.table.faces_in("hand", 0) == ["m-early-dawn"]
    # the deck holds starting cards alone again: its back is known without chance
    assert s.to_move() != (oneiros.CHANCE,) and top_back(s, 0) == "dicer"


def test_each_new_top_of_a_mixed_deck_shows_its_back():
    """A draw of 2 from a deck of 2 starting cards and a Market card: a back before each
    card, each draw within it."""
    s = position(1, decks={0: ["s01", "s02", "m-lure"]})
    play(s, "back:dicer")
    run_effect(s, "draw(2)")
    assert sorted(legal(s)) == ["draw:s01", "draw:s02"]
    play(s, "draw:s01")
    assert s.flow.top.kind == "back_reveal"
    assert _chances(s) == pytest.approx({"back:dicer": 0.5, "back:plain": 0.5})
    play(s, "back:plain", "draw:m-lure")
    assert sorted(s.table.faces_in("hand", 0)) == ["m-lure", "s01"]
    assert event_kinds(s).count("back_revealed") == 2


def _boost_to_skull(s, seat: int = 0) -> None:
    card = s.table.find("hand", "s05", seat)
    play(s, "use:basic:move", f"pay:{card}:cunning", "boost", "luck:skull", seat=seat)


def test_the_dicers_back_on_top_of_a_mixed_deck_offers_her_reroll():
    """Her starting back shows on top of a deck that holds a Market card: the reroll is
    offered, and its Seal takes a card of her back, never the Market card."""
    pad = {0: ["s02", "s03", "s04", "s06", "s07"]}  # "Distress and Dying": 6 cards at least
    s = position(1, hands={0: ["s05"]}, decks={0: ["s08", "s01", "m-lure"]}, discards=pad)
    play(s, "back:dicer")
    _boost_to_skull(s)
    assert "use:back" in legal(s)
    play(s, "use:back")
    assert sorted(legal(s)) == ["draw:s01", "draw:s08"]
    play(s, "draw:s08", "back:plain", "luck:3")  # the new top shows its back at once
    assert s.table.faces_in("sealed", 0)[-1] == "s08"


def test_a_plain_back_on_top_offers_no_reroll():
    s = position(1, hands={0: ["s05"]}, decks={0: ["s08", "s01", "m-lure"]})
    play(s, "back:plain")
    assert s.observation(0)["dreamers"][0]["top_back"] == "plain"
    _boost_to_skull(s)
    assert "use:back" not in legal(s)


def test_a_flaw_in_the_deck_shows_the_flaw_back():
    """ "Flaw Cards": a Flaw shuffled into the deck; the top shows the Flaw back and the
    draw is that Flaw, resolved at once."""
    s = position(2, decks={0: ["s01", "s02", "gnawing-rust"]})
    assert _chances(s) == pytest.approx({"back:dicer": 2 / 3, "back:flaw": 1 / 3})
    play(s, "back:flaw")
    assert [d["top_back"] for d in s.observation(1)["dreamers"]] == ["flaw", "tinkerer"]
    run_effect(s, "draw(1)")
    assert legal(s) == ["draw:gnawing-rust"]
    play(s, "draw:gnawing-rust")
    assert s.distress[0] == 1


def test_a_seal_that_skips_a_flaw_keeps_it_known_on_top():
    """ "Sealing and Unsealing Cards": the Flaw the Seal revealed goes back on top; its
    place is known, so no chance tells its back, and the card under it was told while
    sealing."""
    s = position(1, decks={0: ["s01", "gnawing-rust", "m-lure"]}, discards={0: ["s05"]})
    run_effect(s, "seal(1)")
    play(s, "back:flaw", "draw:gnawing-rust")  # skipped: the Seal goes on
    assert s.flow.top.kind == "back_reveal"
    play(s, "back:dicer", "draw:s01")
    assert top_back(s, 0) == "flaw"
    assert s.observation(0)["dreamers"][0]["top_back"] == "flaw"
    run_effect(s, "draw(1)")
    assert legal(s) == ["draw:gnawing-rust"]


def test_a_determinized_world_keeps_the_back_on_top():
    """Seat 1 resamples the Dicer's unseen cards: in every world the top shows the plain
    back, a draw there takes a plain card, each zone holds as many cards of each back as
    it does, and seat 1 sees the same observation."""
    s = position(
        2,
        hands={0: ["m-rummage", "s05", "s06"]},
        decks={0: ["s01", "s02", "s03", "m-lure", "m-mend"]},
    )
    play(s, "back:plain")

    def backs(state, zone):
        return sorted(back_of(state, c, 0) for c in state.table.ids(zone, 0))

    for k in range(20):
        world = s.determinize(1, random.Random(k))
        assert world.observation(1) == s.observation(1)
        assert top_back(world, 0) == "plain"
        assert backs(world, "deck") == backs(s, "deck")
        assert backs(world, "hand") == backs(s, "hand")
        run_effect(world, "draw(1)")
        drawn = [a.id.split(":", 1)[1] for a, _ in world.chance_outcomes()]
        assert drawn and all(f.startswith("m-") for f in drawn)  # Market cards: plain


def test_no_step_when_every_unknown_card_shows_one_back():
    """A Dream's starting deck: no chance step, ever (records of such Dreams are
    unchanged)."""
    s = oneiros.make("etherfields", players=2).new_state(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if s.is_terminal():
            break
        assert s.flow.top.kind != "back_reveal"
        random_step(s, rng)
    assert "back_revealed" not in event_kinds(s)


HANDS = {
    0: ["m-early-dawn", "m-lure", "m-rummage", "m-second-wind", "s08", "s05"],
    1: ["m-fresh-start", "m-stillness", "m-mend", "m-pressing-doubt", "s06", "s04"],
}


def _draw_checked(s) -> None:
    """Before a draw or a Seal of a deck's unknown part: every outcome is a card of the
    back on top."""
    top = s.flow.top
    if top.kind not in ("draw", "seal") or not hasattr(top, "seat"):
        return
    seat = top.seat
    t = s.table
    if top.kind == "draw" and known_top(s, seat) is not None:  # a Flaw set aside on top
        assert [a.id for a, _ in s.chance_outcomes()] == [f"draw:{t.face(known_top(s, seat))}"]
        return
    back = told(s, seat)  # the top of the unknown part (a Seal skips a Flaw set aside)
    for action, _p in s.chance_outcomes():
        face = action.id.split(":", 1)[1]
        card = next(c for c in t.ids("deck", seat) if t.face(c) == face)
        assert back_of(s, card, seat) == back


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_the_back_shown_is_the_back_of_the_card_then_taken(seed):
    """Random play from a position rich in Market cards and Flaws: a draw or Seal always
    takes a card of the back shown on top; every seat reads the same backs; no
    observation names a card of another hand, and a determinized world gives each seat the
    same observation."""
    s = position(
        2,
        tiles=ALL_TILES,
        at=["B1.4", "C1.3"],
        hands=HANDS,
        decks={0: ["gnawing-rust", "s01", "s02", "s03", "s07"], 1: ["dread-weight", "s01", "s02"]},
        discards={1: ["nagging-doubt", "s03", "s07"]},
        ether=[2, 1],
        gems=[1, 0],
        flags=["full_vocabulary"],
    )
    rng = random.Random(seed)
    shown = 0
    while not s.is_terminal():
        if s.to_move() == (oneiros.CHANCE,):
            _draw_checked(s)
            shown += s.flow.top.kind == "back_reveal"
        random_step(s, rng)
        seen = [[d["top_back"] for d in s.observation(v)["dreamers"]] for v in (None, 0, 1)]
        assert seen[0] == seen[1] == seen[2]
        if rng.random() < 0.05:
            for viewer in (0, 1):
                obs = s.observation(viewer)
                assert obs["dreamers"][1 - viewer]["hand_cards"] is None
                assert s.determinize(viewer, rng).observation(viewer) == obs
    assert shown > 0


def test_ismcts_searches_worlds_with_mixed_decks():
    """``ismcts`` determinizes each iteration (``keep_backs``) and plays through the back
    steps of its worlds: it returns a legal action of the decision."""
    from oneiros.agents import make_agent

    s = position(
        2,
        hands={0: ["m-lure", "s05", "s06"], 1: ["m-mend", "s04"]},
        decks={0: ["gnawing-rust", "s01", "s02", "m-rummage"], 1: ["s01", "m-early-dawn"]},
        discards={0: ["s03", "s07"], 1: ["s03", "s07", "s08"]},
    )
    play(s, "back:plain", "back:tinkerer")
    assert [d["top_back"] for d in s.observation(0)["dreamers"]] == ["plain", "tinkerer"]
    agent = make_agent("ismcts:iterations=40", s.game, seed=1)
    seat = s.to_move()[0]
    assert agent.act(s, seat).id in legal(s, seat)


def _heuristic_game(players: int, seed: int, dreamers: str):
    game = oneiros.make("etherfields", players=players, options={"dreamers": dreamers})
    s = game.new_state(seed=seed)
    policy, rng = game.heuristic_policy(), random.Random(seed)
    while not s.is_terminal():
        tm = s.to_move()
        if tm == (oneiros.CHANCE,):
            s.apply(s.sample_chance(rng))
            continue
        seat = tm[0] if len(tm) == 1 else rng.choice(tm)
        s.apply(policy(s, seat, rng).id, player=seat if len(tm) > 1 else None)
    return s


@pytest.mark.parametrize(
    ("players", "seed", "dreamers"), [(2, 0, "tinkerer,bruiser"), (1, 2, "drifter")]
)
def test_a_record_without_back_steps_still_replays(players, seed, dreamers):
    """A record made before the backs were told holds no ``back:<class>``: it replays to
    the same cards in the same places (``steps/back_records.py``)."""
    s = _heuristic_game(players, seed, dreamers)
    record = s.record()
    older = [a for a in record["actions"] if not (isinstance(a, str) and a.startswith("back:"))]
    assert len(older) < len(record["actions"])  # the game told backs: a mixed deck
    again = oneiros.replay({**record, "actions": older})
    assert again.is_terminal() and again.end_reason() == s.end_reason()
    for seat in range(players):
        for zone in ("deck", "hand", "discard", "sealed", "progress"):
            assert sorted(again.table.faces_in(zone, seat)) == sorted(s.table.faces_in(zone, seat))


def test_a_reroll_window_the_older_engine_did_not_open_is_closed_on_replay():
    """Her Market card in hand, her deck all hers: her back is known on top and her roll
    opens a reroll window; a record of the older engine (which did not know the back) goes on
    without it, and the window closes with ``done``."""
    s = position(1, hands={0: ["m03", "s05", "s06"]})
    card = s.table.find("hand", "s05", 0)
    play(s, "use:basic:move", f"pay:{card}:cunning", "boost", "luck:2")
    assert s.flow.top.kind == "reroll_window"
    after = s.clone()
    play(after, "done")
    nxt = next(a.id for a in after.legal_actions(0) if a.id != "done")
    assert s.renamed_action("no-such-action") is None and s.flow.top.kind == "reroll_window"
    assert s.renamed_action(nxt) == nxt
    assert s.flow.top.kind != "reroll_window"


def test_records_made_before_the_backs_were_told_replay():
    """Three heuristic games (1, 2 and 4 Dreamers) recorded by the engine before this
    rule, each with decks that came to mix backs: they load and replay to their end, with
    the backs now told along the way."""
    import json
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "records-before-backs.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    for record in records:
        assert not any(str(a).startswith("back:") for a in record["actions"])
        # The records play Dream OD-01X only: a later change elsewhere in the pack changes
        # its hash but not these games, so the hash is not checked here (a change to the
        # Dream itself makes the replay fail, and the records are made again).
        s = oneiros.replay({**record, "content": None})
        assert s.is_terminal() and s.end_reason() == "victory"
        assert "back_revealed" in event_kinds(s)
