"""What a player reads names the components, never the pack's ids (issue 20, item 7): event
texts (every seat's view and the public one), action labels, prompts and chance outcomes
name cards and Items ("Pocket Watch"), miniatures ("Rust Moth 1"), abilities by their text,
Luck die faces and Morphings in words, resources with capitals ("1 Cunning"). The ids stay
in the action ids and the events' data."""

from __future__ import annotations

import random
import re
import string

import pytest

import oneiros
from oneiros.core import CHANCE
from oneiros.core.i18n import for_game
from oneiros.games.etherfields import catalog as content

from .builder import legal, play, position

CAT = content.catalog()


def _pack_ids() -> set[str]:
    """Every id a text could leak: cards, Items, Entities and their miniatures, Masks,
    Dreamers, Turn cards, Morphings, Slumber tiles, Slumber map tiles, Fate cards, Luck die
    faces and every ability key."""
    ids: set[str] = set()
    kinds = ("influence", "item", "entity", "mask", "dreamer", "turn", "morphing")
    for kind in (*kinds, "slumber", "slumber_map", "fate"):
        ids |= set(CAT.ids(kind))
    ids |= set(CAT.get("die", "luck").faces) - set(string.digits)
    ids |= {f"basic:{a.id}" for a in CAT.get("basic", "basic").abilities}
    for item in CAT.all("item"):
        ids |= {f"item:{item.id}:{a.id}" for a in item.abilities}
    for entity in CAT.all("entity"):
        for k in range(1, entity.copies + 1):
            ids.add(f"{entity.id}.{k}")
            ids |= {f"entity:{entity.id}.{k}:{a.id}" for a in entity.interactions}
    for gate in CAT.all("gate"):
        ids |= {f"flying:{a.id}" for a in gate.flying}
    for tile in (*CAT.all("tile"), *CAT.all("slumber_map")):
        for i, space in enumerate(tile.spaces, start=1):
            extra = [space.gem_slot] if space.gem_slot else []
            ids |= {f"map:{tile.at}.{i}:{a.id}" for a in [*space.actions, *extra]}
    return ids


IDS = _pack_ids()
# the pack's own words ("within range 1", "Roll the Luck die: skull") may read like an id
# that is a plain word (the Morphing "range", the face "skull"): those ids are checked on
# the data they stand for (``_named_fields``), the others wherever they appear
_WORDS = {
    w
    for record in (*CAT.all("influence"), *CAT.all("item"), *CAT.all("entity"))
    for w in re.findall(r"[a-z]+", str(record.model_dump()))
}
TOKEN_IDS = sorted(
    (i for i in IDS if not (i.isalpha() and (i in _WORDS or len(i) < 6))), key=len, reverse=True
)
_TOKEN = re.compile(
    r"(?<![\w.:-])(?:" + "|".join(re.escape(i) for i in TOKEN_IDS) + r"|\d+\.[a-z]+\d*\.\d+"
    r"|(?:card|progress|mask|entity|item|basic|map|flying|draw|luck|mdie|morph|turn):\S+)"
    r"(?![\w:-]|\.\w)"
)


def leaks(text: str) -> list[str]:
    """The ids a text shows."""
    return _TOKEN.findall(text)


def _named_fields(event) -> list[str]:
    """The fields of an event's text whose id is shown as it is."""
    fields = set(re.findall(r"\{(\w+)", event._fmt))
    shown = event.shown()
    return [
        f"{k}={v!r}"
        for k, v in event.data.items()
        if k in fields and isinstance(v, str) and v in IDS and shown[k] == v
    ]


OPTIONS = [
    {},
    {"turn_order": "structured", "masks": "grin,monocle,iron-brow,-"},
    {"turn_deck_visible": "all", "open_hands": True, "masks": "deep-pockets,cog-visor"},
    {"shared_move_roll": True, "luck_move": "plus_one", "masks": "-,-,scarred-mask"},
]


def _games():
    for players in (1, 2, 3, 4):
        for k, options in enumerate(OPTIONS):
            opts = dict(options)
            if "masks" in opts:
                opts["masks"] = ",".join(opts["masks"].split(",")[:players])
            for seed in range(2):
                yield players, opts, 10 * k + seed


def _play(players, options, seed, limit=4000):
    """A random game, with every text a player reads on the way."""
    game = oneiros.make("etherfields", players=players, options=options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    texts: list[tuple[str, str]] = []
    for _ in range(limit):
        if state.is_terminal():
            break
        tm = state.to_move()
        for seat in tm:
            decision = state.decision(None if seat == CHANCE else seat)
            if decision is not None:
                texts.append(("prompt", decision.prompt))
        if tm == (CHANCE,):
            outcomes = state.chance_outcomes()
            texts += [("chance", a.label) for a, _p in outcomes]
            state.apply(state.sample_chance(rng))
            continue
        seat = rng.choice(tm)
        actions = state.legal_actions(seat)
        texts += [("label", a.label) for a in actions]
        state.apply(rng.choice(actions), player=seat)
    return game, state, texts


@pytest.mark.parametrize(("players", "options", "seed"), list(_games()))
def test_no_text_of_a_random_game_shows_an_internal_id(players, options, seed):
    game, state, texts = _play(players, options, seed)
    es = for_game(game, "es")
    bad = [(kind, text, leaks(text)) for kind, text in texts if leaks(text)]
    for viewer in [None, *range(players)]:
        for event in state.events(viewer):
            for text in (event.text, event.text_in("es", es)):
                if leaks(text):
                    bad.append(("event", text, leaks(text)))
    assert not bad, bad[:8]
    unnamed = [(e.text, _named_fields(e)) for e in state.events() if _named_fields(e)]
    assert not unnamed, unnamed[:8]
    # the ids are still there for programs: in the events' data and the action ids
    assert any("face" in e.data for e in state.events())


def test_the_detector_sees_the_ids_of_the_old_texts():
    """The texts this test forbids are the ones the game used to write."""
    for old in (
        "Dreamer 0 discards s02 for 1 cunning",
        "Dreamer 0 performs basic:gain-gem",
        "Dreamer 0 gives up progress:0.s10.1; the Intent paid is lost",
        "Dreamer 0 uses pocket-watch for 2 cunning",
        "Dreamer 1 gives up entity:rust-moth.1:calm",
        "Use iron-poker for 2 wrath",
        "rust-moth.1 to A2.2",
        "draw:s01",
        "morph:no_gem_reroll",
        "turn:T-01",
    ):
        assert leaks(old), old
    for fine in (
        "Dreamer 0 discards Sidelong Glance for 1 Cunning",
        "Rust Moth 1 to A2.2",
        "Peek at OD-01 C",
        "Roll the Luck die: skull, 1 Distress; 2, gain 1 Ether.",
        "Step east to B1.3",
    ):
        assert not leaks(fine), fine


def test_paying_names_the_card_the_item_and_the_colour():
    """etherfields "Performing Actions": the labels of a payment read as the cards do."""
    s = position(1, at=["A2.3"], hands={0: ["s02", "s07"]}, turn="T-02")
    play(s, "use:basic:move")
    labels = {a.id: a.label for a in s.legal_actions(0)}
    assert labels["pay:0.s02.1:cunning"] == "Discard Sidelong Glance for 1 Cunning"
    assert labels["pay-item:item.pocket-watch:cunning"] == "Use Pocket Watch for 2 Cunning"
    assert s.decision(0).prompt.startswith("0 Intent paid for: Move 1 space for each Cunning")
    play(s, "pay-item:item.pocket-watch:cunning")
    event = s.events()[-1]
    assert event.text == "Dreamer 0 uses Pocket Watch for 2 Cunning; it goes to Storage"
    assert event.data["face"] == "pocket-watch" and event.data["colour"] == "cunning"


def test_miniatures_are_named_and_numbered_and_chance_reads_as_what_happened():
    """etherfields "Entity Movement", "Luck Die", "Morphings": a miniature is "Rust Moth
    1"; a roll of the Luck die shows "a skull"; a Morphing drawn is named."""
    s = position(2, at=["A2.3", "B2.3"], entities=[("rust-moth", "B2.4")], turn="T-01")
    from oneiros.games.etherfields.names import chance_label, names_of

    names = names_of(s)
    assert names.mini("rust-moth.1") == "Rust Moth 1"
    assert names.ability("entity:rust-moth.1:calm").endswith("(Rust Moth 1)")
    assert chance_label(s, "luck", "skull") == "The Luck die shows a skull"
    assert chance_label(s, "morph", "no_gem_reroll") == "The Morphing “Dull Gems” is drawn"
    assert chance_label(s, "draw", "s01") == "Quiet Resolve is drawn"
    es = names.mini("rust-moth.1", for_game(s.game, "es").gettext)
    assert es == "Polilla de óxido 1"
    assert "use:basic:move" in legal(s)


def test_the_card_texts_name_each_miniature_for_the_table():
    """The web table names a miniature from ``card_texts`` as the events do."""
    cards = oneiros.make("etherfields", players=2).card_texts()
    assert cards["rust-moth.1"]["name"] == "Rust Moth 1"
    assert cards["rust-moth.4"]["kind"] == "miniature"
    assert cards["rust-moth"]["name"] == "Rust Moths"


def test_a_restored_snapshot_and_a_clone_name_things_the_same():
    """The names travel with the state: a clone, a determinized copy and a state restored
    from a snapshot read every event as the original does."""
    game, state, _texts = _play(2, {}, 3)
    texts = [e.text for e in state.events()]
    assert any("Rust Moth" in t for t in texts) or any(" for " in t for t in texts)
    back = game.from_snapshot(state.to_snapshot())
    assert [e.text for e in back.events()] == texts
    assert [e.text for e in state.clone().events()] == texts
    seen = [e.text for e in state.events(0)]
    assert [e.text for e in state.determinize(0, random.Random(1)).events()] == seen


def _printed() -> list[str]:
    """The texts printed on the components: a card may print another's code ("add OS-06 to
    the Slumber deck"), and a text quoting it reads as printed."""
    out = set()
    for kind in ("entity", "slumber", "fate", "item", "influence"):
        for record in CAT.all(kind):
            for ability in getattr(record, "interactions", None) or []:
                out.add(str(ability.text).rstrip("."))
            for ability in getattr(record, "abilities", None) or []:
                out.add(str(ability.text).rstrip("."))
            if getattr(record, "text", None):
                out.add(str(record.text).rstrip("."))
    es = for_game(oneiros.make("etherfields", players=1), "es").gettext
    out |= {es(text + ".").rstrip(".") for text in out} | {es(text) for text in out}
    return sorted(out, key=len, reverse=True)


PRINTED = _printed()
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _unprinted(text: str) -> str:
    for printed in PRINTED:
        text = text.replace(printed, "")
    return text


SLUMBER_GAMES = [
    ("journey", 2, 0),
    ("journey", 3, 1),
    ("journey", 1, 2),
    ("slumber:OS-02", 2, 3),
    ("slumber:OS-03", 2, 4),
    ("slumber:OS-05", 1, 5),
]


@pytest.mark.parametrize(("scenario", "players", "seed"), SLUMBER_GAMES)
def test_no_text_of_a_slumber_or_a_journey_shows_an_internal_id(scenario, players, seed):
    """etherfields "Slumbers", "Fate Cards", "The Slumber Dreamscape Map", "Delta Phase":
    Slumber tiles, Slumber map tiles and Fate cards are named ("Sunken Square", "A Bench in
    the Fog"), the draws read as what happened, and the end names the journey (or the
    Slumber) and why it ended in words, never ``delta_phase``."""
    game, state, texts = _play(players, {"scenario": scenario}, seed, limit=3000)
    es = for_game(game, "es")
    for viewer in [None, *range(players)]:
        for event in state.events(viewer):
            texts += [("event", event.text), ("event", event.text_in("es", es))]
    bad = [(k, t, leaks(_unprinted(t))) for k, t in texts if leaks(_unprinted(t))]
    bad += [(k, t, _SNAKE.findall(t)) for k, t in texts if _SNAKE.findall(t)]
    assert not bad, bad[:8]
    unnamed = [(e.text, _named_fields(e)) for e in state.events() if _named_fields(e)]
    assert not unnamed, unnamed[:8]
    ends = [e.text for e in state.events() if e.kind in ("dream_over", "journey_over")]
    assert ends and not any(re.search(r"\bDream\b", t) for t in ends), ends


def test_the_draws_of_a_journey_name_the_tile_and_the_card():
    """etherfields "Fate Cards": a Fate card drawn, a Slumber map tile placed and the Quirk
    space read with their printed names; the chance outcomes read as the draw."""
    from .slumber_play import drive, start

    s = start("journey", players=2)
    s = drive(s, "fate_draw")
    labels = {a.id: a.label for a, _p in s.chance_outcomes()}
    assert labels["fate:F-02"] == "The Fate card A Bench in the Fog is drawn"
    s.apply("fate:F-02")
    texts = [e.text for e in s.events()]
    assert "Fate card A Bench in the Fog is drawn" in texts
    if s.is_chance() and any(a.id.startswith("tile:") for a, _p in s.chance_outcomes()):
        labels = {a.id: a.label for a, _p in s.chance_outcomes()}
        assert labels["tile:SM-3"] == "The Slumber map tile Sunken Square is drawn"
        s.apply("tile:SM-3")
        placed = [e.text for e in s.events() if e.kind == "map_tile_placed"]
        assert placed[-1].startswith("Slumber map tile Sunken Square is placed at ")


def test_the_end_of_a_journey_speaks_of_the_journey():
    """etherfields "Finishing Dreams/Slumbers": a journey that reaches the Delta Phase ends
    as a journey, its reason in words."""
    from oneiros.games.etherfields.names import reason

    assert reason("delta_phase") == "the Delta Phase came"
    assert reason("slumber_lost") == "the Slumber is lost"
    assert reason("out_of_turns") == "out of Turn cards"


def test_the_table_names_turn_cards_and_map_actions():
    """The web table labels a Turn card by its suit and steps and a map action by its
    printed words (``card_texts``), never "T-01" or "ladder"."""
    cards = oneiros.make("etherfields", players=2).card_texts()
    assert cards["T-01"]["name"] == "of hearts (Morphing, Basic, Movement)"
    assert cards["map:A2:ladder"]["name"] == "Climb the ladder"
    assert cards["map:A2:ladder"]["text"].startswith("Climb the ladder: reveal")
    assert cards["SM-3"]["name"] == "Sunken Square"
