"""Picks name the seat whose card the dream is on: ``pick:seat<k>:<row>:<colour>:<face>``
(lucidity-en "Shadow of Envy": "The next player may choose any 1 dream on your card"), so
that a view can show exactly the dreams a legal action acts on; older records, which named
only the row, keep loading."""

from __future__ import annotations

import hashlib
import random

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.games.lucidity.actions import SEAT_PICK_IDS

from .helpers import give, legal, make_nightmare, new, play

ENVY_TURN = ("track:3-5-7", "draw:green", "draw:blue", "draw:blue", "return:blue", "return:blue")


def test_en_shadow_of_envy_the_pick_names_the_envied_seat_not_the_chooser() -> None:
    """lucidity-en "Shadow of Envy": the next player (seat 1) chooses a dream on seat 0's
    card. Seat 1 holds the same kind of dream (a red 2-Power): only seat 0's dreams are
    offered, and the chosen one leaves seat 0's card."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    give(s, 1, "power", "red:power2")
    play(s, *ENVY_TURN, "roll:shadow")
    assert s.to_move() == (1,) and s.decision().kind == "envy_pick"
    assert legal(s) == ["pick:seat0:power:red:power2", "pick:seat0:shadow_green:green:shadow"]
    play(s, "pick:seat0:power:red:power2")
    assert s.seats[0].power == [] and [d[:2] for d in s.seats[1].power] == [("red", "power2")]
    envy = [e for e in s.events() if e.kind == "envy"][-1]
    assert envy.data["seat"] == 0 and envy.data["chooser"] == 1 and envy.data["row"] == "power"


def test_en_activating_nightmare_abilities_strip_and_hunt_move_name_the_dreamer() -> None:
    """lucidity-en "Activating Nightmare Abilities" (provisional cards): the Nightmare
    chooses a dream on the dreamer's card: its picks name that dreamer's seat."""
    s = new(3)
    make_nightmare(s, 1, "red")  # Primeval Fear: moves a shadow dream to the Hunt row
    give(s, 0, "shadow_blue", "blue:shadow")
    give(s, 2, "shadow_blue", "blue:shadow")
    play(s, "track:3-5-7", "draw:red", "draw:blue", "draw:blue", "return:blue", "return:blue")
    play(s, "roll:shadow", "ability:use")
    assert s.to_move() == (1,) and s.decision().kind == "hunt_move"
    assert legal(s) == ["pick:seat0:shadow_blue:blue:shadow"]
    play(s, "pick:seat0:shadow_blue:blue:shadow")
    assert [d[0] for d in s.seats[0].hunt] == ["blue"] and len(s.seats[2].shadow["blue"]) == 1

    s = new(3)
    make_nightmare(s, 1, "green")  # Envy: the dreamer returns a Power dream it chooses
    give(s, 0, "power", "yellow:power1")
    give(s, 2, "power", "yellow:power1")
    play(s, *ENVY_TURN, "roll:shadow", "ability:use")
    assert s.decision().kind == "strip"
    assert legal(s) == ["pick:seat0:power:yellow:power1"]


def _record_with_envy_and_hunt_move() -> dict:  # type: ignore[type-arg]
    s = new(3)
    make_nightmare(s, 2, "red")
    give(s, 0, "power", "red:power2")
    give(s, 0, "shadow_blue", "blue:shadow")
    play(s, *ENVY_TURN, "roll:shadow", "pick:seat0:power:red:power2", "roll:shadow")
    assert s.decision().kind == "ability"
    play(s, "ability:use", "pick:seat0:shadow_blue:blue:shadow")
    return s.record()


def test_a_record_with_the_older_pick_ids_replays_to_the_same_game() -> None:
    """A record written before the picks named the seat (``pick:<row>:<colour>:<face>``;
    ``fear:<colour>`` for the Primeval Fear ability) loads: each older id is applied under
    its current form."""
    record = _record_with_envy_and_hunt_move()
    # the test scenario set its position up through helpers: rebuild the same start
    older = dict(record)
    older["actions"] = [
        "pick:power:red:power2"
        if a == "pick:seat0:power:red:power2"
        else "fear:blue"
        if a == "pick:seat0:shadow_blue:blue:shadow"
        else a
        for a in record["actions"]
    ]
    assert older["actions"] != record["actions"]
    made = new(3)
    make_nightmare(made, 2, "red")
    give(made, 0, "power", "red:power2")
    give(made, 0, "shadow_blue", "blue:shadow")
    from oneiros.core.registry import apply_recorded

    for entry in older["actions"]:
        apply_recorded(made, entry)
    assert made.history() == record["actions"]  # recorded again under the current ids
    assert made.observation(None) == _replayed_current(record).observation(None)


def _replayed_current(record: dict) -> object:  # type: ignore[type-arg]
    s = new(3)
    make_nightmare(s, 2, "red")
    give(s, 0, "power", "red:power2")
    give(s, 0, "shadow_blue", "blue:shadow")
    for aid in record["actions"]:
        s.apply(aid)
    return s


def test_oneiros_replay_accepts_the_older_pick_ids_from_random_play() -> None:
    """``oneiros.replay`` of a whole random game whose picks are written the older way gives
    the same final state as the record with the current ids."""
    for seed in range(40):
        game = oneiros.make("lucidity", players=4, options={"manifestations": True})
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        older: list[str] = []
        while not state.is_terminal():
            if state.to_move() == (CHANCE,):
                action = state.sample_chance(rng)
                older.append(action.id)
            else:
                kind = state.decision().kind
                action = rng.choice(state.legal_actions())
                aid = action.id
                if aid.startswith("pick:seat"):
                    _, _, row, c, f = aid.split(":")
                    aid = f"fear:{c}" if kind == "hunt_move" else f"pick:{row}:{c}:{f}"
                older.append(aid)
            state.apply(action)
        record = state.record()
        if record["actions"] == older:
            continue
        again = oneiros.replay({**record, "actions": older})
        assert again.observation(None) == state.observation(None)
        assert again.history() == record["actions"]
        # the step-by-step viewer of ``oneiros replay`` reads the same older ids
        from oneiros.cli.replay import positions_of

        positions = positions_of({**record, "actions": older})
        assert positions[-1].state.observation(None) == state.observation(None)
        return
    pytest.fail("no random game with a pick in 40 seeds")  # pragma: no cover


def test_an_older_pick_id_is_refused_with_the_current_form() -> None:
    """``apply`` never takes the older form itself (it is not a legal action); the error
    names the current id, and nothing changes."""
    s = new(3)
    give(s, 0, "power", "red:power2")
    play(s, *ENVY_TURN, "roll:shadow")
    before = s.observation(None)
    with pytest.raises(oneiros.IllegalAction, match="pick:seat0:power:red:power2"):
        s.apply("pick:power:red:power2")
    assert s.observation(None) == before and s.to_move() == (1,)
    record = s.record()
    with pytest.raises(oneiros.ConfigError, match="does not replay"):
        oneiros.replay({**record, "actions": [*record["actions"], "pick:power:blue:power1"]})


def test_the_action_table_keeps_every_older_index() -> None:
    """The seat-named picks come after every older id (fixed and card ids), so each older
    id keeps its index in the RL action space; the first 467 ids are those of the table
    before the change (digest of the list)."""
    ids = oneiros.make("lucidity").action_ids()
    assert len(ids) == 467 + len(SEAT_PICK_IDS) == 595
    older = hashlib.sha256("\n".join(ids[:467]).encode()).hexdigest()
    assert older == "f1853c40cd1f1afde37a00fe66b3de9ac05eab9f139962c62eb4a3e6f4f4dfd9"
    assert list(ids[467:]) == list(SEAT_PICK_IDS)
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("ruleset", ["en", "es"])
def test_every_pick_offered_in_random_play_is_in_the_action_table(ruleset: str) -> None:
    options = {"manifestations": True, "bone_hunters": 2}
    if ruleset == "es":
        options["temptation"] = "fear"
    game = oneiros.make("lucidity", players=4, ruleset=ruleset, options=options)
    table = set(game.action_ids())
    picks = set()
    for seed in range(25):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.to_move() == (CHANCE,):
                state.apply(state.sample_chance(rng))
                continue
            ids = [a.id for a in state.legal_actions()]
            assert set(ids) <= table
            picks.update(i for i in ids if i.startswith("pick:"))
            state.apply(rng.choice(state.legal_actions()))
    assert picks and all(p.startswith("pick:seat") for p in picks)
