"""Spanish: every message of the engine and the front ends has both languages, and the
tables, prompts and choices a player reads come out in Spanish when asked."""

from __future__ import annotations

import gettext
import json
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import oneiros
from oneiros.core import CHANCE
from oneiros.core.i18n import (
    CORE_LOCALE,
    WEB_CATALOGUES,
    LanguageError,
    by_count,
    card_messages,
    card_texts_in,
    cli_messages,
    default_language,
    extract_file,
    for_game,
    game_messages,
    plural,
    reword,
    rule_messages,
    translator,
    web_messages,
)
from tests.cli.helpers import oneiros as run

SRC = Path(oneiros.__file__).parent
GAMES = {
    "lucidity": SRC / "games" / "lucidity",
    "sleep-tight": SRC / "games" / "sleep_tight",
    "etherfields": SRC / "games" / "etherfields",
}
FIELD = re.compile(r"\{([^{}]*)\}")


def _po(path: Path) -> dict[str, str]:
    with path.open("rb") as fh:
        return {m.id: m.string for m in read_po(fh) if m.id}


def _po_files() -> list[Path]:
    return sorted([*SRC.glob("games/*/locale/*/LC_MESSAGES/*.po"), *CORE_LOCALE.rglob("*.po")])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_message_of_a_game_has_a_spanish_translation(game):
    """The ids are extracted from every .py under the game package (emit, Decision,
    Action and the game's message tables), so a message moved to another module is found."""
    messages = game_messages(GAMES[game])
    assert len(messages) > 80
    catalogue = _po(GAMES[game] / "locale" / "es" / "LC_MESSAGES" / "oneiros.po")
    missing = [m for m in messages if not catalogue.get(m, "").strip()]
    assert not missing, f"{len(missing)} messages lack Spanish: {missing[:5]}"
    stale = sorted(set(catalogue) - set(messages))
    assert not stale, f"translations of messages the source no longer has: {stale[:5]}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_explanation_has_a_spanish_translation(game):
    messages = rule_messages(GAMES[game])
    assert len(messages) >= 15
    catalogue = _po(GAMES[game] / "locale" / "es" / "LC_MESSAGES" / "rules.po")
    missing = [m for m in messages if not catalogue.get(m, "").strip()]
    assert not missing, f"{len(missing)} rule texts lack Spanish: {missing[:3]}"


def test_the_rule_behind_a_decision_reads_in_spanish():
    game = oneiros.make("lucidity", players=3, ruleset="es")
    tr = for_game(game, "es")
    text = game.rule_text('lucidity-es "Sombra del encarcelamiento"')
    assert text is not None
    assert (
        tr.text(text)
        == "Si tienes un sueño de agotamiento, gíralo a su lado de sombra sin moverlo."
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_and_named_piece_has_a_spanish_name_and_text(game):
    messages = card_messages(game)
    assert len(messages) > 40
    catalogue = _po(GAMES[game] / "locale" / "es" / "LC_MESSAGES" / "cards.po")
    missing = [m for m in messages if not catalogue.get(m, "").strip()]
    assert not missing, missing[:5]


def test_card_names_read_in_spanish_on_the_cards_and_in_the_events():
    sleep = oneiros.make("sleep-tight", players=3)
    texts = card_texts_in(sleep, "es")
    wake = next(c for c in texts.values() if c["name"] == "¡Despierta!")
    assert wake["text"].startswith("Si tienes 10 Fragmentos de Alma")
    tr = for_game(sleep, "es")
    assert tr.value("Tantrum, Nightlight") == "Rabieta, Lamparita"
    assert tr.text("Play Tantrum face down") == "Jugar Rabieta boca abajo"
    cards = card_texts_in(oneiros.make("lucidity", players=3), "es")
    assert cards["row:shadow_green"]["name"] == "Sombra de la envidia"
    assert cards["row:hunt"]["text"] == "Con la fila de Caza llena, las Pesadillas te devoran."


def test_every_interface_string_of_the_terminal_has_spanish():
    messages = cli_messages()
    assert "Your choice" in messages and "last events" in messages
    assert "{name} ({kind} bot)" in messages and "careful" in messages  # bot personalities
    catalogue = _po(CORE_LOCALE / "es" / "LC_MESSAGES" / "oneiros.po")
    missing = [m for m in messages if not catalogue.get(m, "").strip()]
    assert not missing, f"{len(missing)} interface strings lack Spanish: {missing[:5]}"
    stale = sorted(set(catalogue) - set(messages))
    assert not stale, f"translations of strings the source no longer has: {stale[:5]}"


def test_every_string_of_the_web_client_has_spanish():
    """The keys the JavaScript looks up (``t("...")`` in the table, lobby and replay pages
    and every board view), the marked texts of the pages and the lobby's lists (game
    summaries, options, bot summaries) are all in the web catalogue, with Spanish."""
    messages = web_messages()
    where = {f for places in messages.values() for f, _ in places}
    for source in (
        "views/lucidity.js",
        "views/sleeptight.js",
        "views/etherfields.js",
        "js/lobby.js",
        "js/replay.js",
        "js/common.js",
        "index.html",
        "replay.html",
    ):
        assert any(f.endswith(source) for f in where), source  # fmt: skip
    assert "Nightmare cards" in messages and "Sandman deck" in messages
    assert "the game's own rule-of-thumb bot" in messages  # a bot's description
    catalogue = _po(CORE_LOCALE / "es" / "LC_MESSAGES" / "web.po")
    missing = [m for m in messages if not catalogue.get(m, "").strip()]
    assert not missing, f"{len(missing)} web strings lack Spanish: {missing[:5]}"
    stale = sorted(set(catalogue) - set(messages))
    assert not stale, f"translations of strings the page no longer has: {stale[:5]}"
    shipped = json.loads((WEB_CATALOGUES / "es.json").read_text(encoding="utf-8"))
    assert not [m for m in messages if not shipped.get(m)], "rebuild: python -m oneiros.core.i18n"


# A literal in the JavaScript that reads as words for people ("Nightmare cards", "Bag") must
# go through t(); ids ("rest:exhaust"), selectors, class names and names are not words.
_JS_LITERAL = re.compile(r"""(?<![\w$])(t\(\s*)?(["`])((?:\\.|(?!\2).)*)\2""")
_NOT_WORDS = re.compile(
    r"class:\s*$|querySelector(?:All)?\($|font-family:\s*$|style:\s*$|===?\s*$|className\s*=\s*$"
)
_NAMES = {"Luna", "Orin", "Vesper", "Somna", "Mara", "Hypnos"}  # the players' names


def _untranslated_literals(path: Path) -> list[str]:
    src = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    src = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", src)
    out = []
    for m in _JS_LITERAL.finditer(src):
        if m.group(1) or _NOT_WORDS.search(src[max(0, m.start() - 16) : m.start()]):
            continue
        raw = m.group(3)
        if re.search(r":\S|^[#.\[/]|--|[(=/]|-\$|\}-", raw):
            continue  # an id ("rest:${colour}"), a selector, a path, a style
        text = re.sub(r"\$\{[^}]*\}", " ", raw) if m.group(2) == "`" else raw
        if text.strip() in _NAMES or text.strip().startswith("Oneiros"):
            continue
        prose = re.search(r"[A-Za-z]{2,} +[A-Za-z]{2,}", text) and re.search(r"[A-Za-z]{3,}", text)
        fragment = m.group(2) == "`" and re.search(r"[A-Za-z]{3,}", text)  # `${n} dreams`
        if prose or fragment or re.fullmatch(r"\s*[A-Z][a-z]+\s*", text):
            out.append(text)
    return out


@pytest.mark.parametrize(
    "path",
    sorted((SRC / "server" / "static" / "js").rglob("*.js")),
    ids=lambda p: p.name,
)
def test_the_web_client_shows_no_english_word_outside_the_catalogue(path):
    assert _untranslated_literals(path) == []


def test_the_literal_check_finds_an_english_word_left_out(tmp_path):
    view = tmp_path / "view.js"
    view.write_text(
        'el("h2", {}, "Nightmare cards"); el("b", {}, "Bag"); el("i", {}, t("Bag"));\n'
        'el("span", { class: "die mini" }, `${n} dreams`); out.push("rest:exhaust");\n',
        encoding="utf-8",
    )
    assert _untranslated_literals(view) == ["Nightmare cards", "Bag", "  dreams"]


PARENTHESISED_PLURAL = re.compile(r"[a-záéíóúñ]\((?:s|es|n|as|os)\)", re.IGNORECASE)
""""dream(s)", "Ganador(es)", "vuelve(n)": a plural left to the reader."""


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_text_a_player_reads_leaves_the_plural_in_parentheses(po):
    """Events, prompts, labels, cards and interface strings say "1 Power dream" and
    "2 Power dreams" (``oneiros.core.i18n.plural``), in both languages."""
    found = [
        (msgid, msgstr)
        for msgid, msgstr in _po(po).items()
        if PARENTHESISED_PLURAL.search(msgid) or PARENTHESISED_PLURAL.search(msgstr)
    ]
    assert not found, found[:5]


def test_both_forms_of_a_plural_are_extracted(tmp_path):
    """A text chosen by a count, in an ``emit``, an ``Event`` or a step's ``prompt_text``:
    its singular and its plural are both message ids."""
    source = tmp_path / "steps.py"
    source.write_text(
        "def lose(s, n):\n"
        '    s.emit("lost", plural(n, "Seat {seat} loses {n} dream", "Seat {seat} loses {n} '
        'dreams"), "rule", seat=0, n=n)\n'
        "class Return:\n"
        '    prompt = "Shuffle {n} cards back"\n'
        "    def prompt_text(self, s):\n"
        '        return plural(self.n, "Shuffle {n} card back", self.prompt).format(n=self.n)\n',
        encoding="utf-8",
    )
    found = sorted(text for text, _line in extract_file(source))
    assert found == [
        "Seat {seat} loses {n} dream",
        "Seat {seat} loses {n} dreams",
        "Shuffle {n} card back",
        "Shuffle {n} cards back",
    ]
    assert plural(1, "a dream", "dreams") == "a dream"
    assert [plural(n, "one", "many") for n in (0, 2, 11)] == ["many"] * 3


def test_a_saved_log_is_reworded_and_malformed_items_are_left_alone():
    former = {"{n} dream(s)": by_count("n", "{n} dream", "{n} dreams")}
    events = [
        ["lost", "{n} dream(s)", "rule", {"n": 1}, None],
        ["lost", "{n} dream(s)", "rule", {"n": 3}, [0]],
        ["lost", "{n} dream(s)", "rule", {}, None],  # no count: the former text stays
        ["other", "Seat {seat} rests", "rule", {"seat": 0}, None],
        "not an event",
    ]
    assert [e[1] if isinstance(e, list) else e for e in reword(events, former)] == [
        "{n} dream",
        "{n} dreams",
        "{n} dream(s)",
        "Seat {seat} rests",
        "not an event",
    ]
    assert reword(events, former)[1][3:] == [{"n": 3}, [0]]  # data and seats unchanged
    assert reword(None, former) is None


@pytest.mark.parametrize("po", _po_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_the_compiled_catalogues_match_their_sources_and_keep_the_placeholders(po):
    """What is read at run time (.mo, stdlib gettext) is what translators wrote (.po), and a
    translation names exactly the fields of its English message."""
    source = _po(po)
    with po.with_suffix(".mo").open("rb") as fh:
        compiled = {
            k: v
            for k, v in gettext.GNUTranslations(fh)._catalog.items()  # type: ignore[attr-defined]
            if k
        }
    assert compiled == {k: v for k, v in source.items() if v}, f"recompile {po}"
    for msgid, msgstr in source.items():
        assert sorted(FIELD.findall(msgid)) == sorted(FIELD.findall(msgstr)), msgid


def test_a_lucidity_table_in_spanish_uses_the_rulebook_words():
    game = oneiros.make("lucidity", players=3)
    state = game.new_state(seed=0)
    tr = for_game(game, "es")
    outcome = state.chance_outcomes()[0][0]  # chance: seat 0 goes first
    assert tr.text(outcome.label) == "El asiento 0 empieza"
    state.apply(outcome)
    first = state.events()[-1]
    assert first.text_in("es", tr) == "El asiento 0 empieza"
    assert first.text == "Seat 0 goes first"  # the English text is untouched
    decision = state.decision()
    assert tr.text(decision.prompt) == "Elige tu pista de sueño"
    track = next(a for a in state.legal_actions() if a.id == "track:3-5-7")
    assert tr.text(track.label) == "Elegir la pista de sueño 3-5-7 (control 3)"
    state.apply(track)
    assert state.events()[-1].text_in("es", tr) == "El asiento 0 elige la pista de sueño 3-5-7"
    become = game.actions["become:red"]
    assert tr.text(become.label) == "Convertirte en la Pesadilla de color rojo"
    pick = tr.text(game.actions["pick:seat1:hunt:blue:rotated"].label)
    assert (
        pick == "Elegir un sueño azul (girado a su lado de sombra) en la fila de caza del asiento 1"
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_action_label_of_the_game_reads_in_spanish(game):
    """Labels are built by the game in English; each one matches a catalogued message."""
    g = oneiros.make(game, players=3)
    tr = for_game(g, "es")
    labels = [a.label for a in getattr(g, "actions", {}).values()]
    if not labels:  # Sleep Tight builds labels per state: collect them from play
        labels = [a.label for s in _positions(g, 4) for a in _legal(s)]
    assert labels
    untranslated = [lab for lab in labels if tr.text(lab) == lab]
    assert not untranslated, untranslated[:5]


def _legal(state):
    tm = state.to_move()
    return [] if tm == (CHANCE,) else [a for seat in tm for a in state.legal_actions(seat)]


def _positions(game, seeds, steps=300):
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            yield state
            tm = state.to_move()
            if tm == (CHANCE,):
                state.apply(state.sample_chance(rng))
            else:
                seat = rng.choice(tm)
                state.apply(rng.choice(state.legal_actions(seat)), player=seat)
        yield state


@pytest.mark.parametrize(
    ("game", "ruleset"),
    [("lucidity", "en"), ("lucidity", "es"), ("sleep-tight", None), ("etherfields", None)],
)
def test_every_event_and_prompt_of_random_games_is_translated(game, ruleset):
    g = oneiros.make(game, players=3, ruleset=ruleset)
    tr = for_game(g, "es")
    state = None
    for state in _positions(g, 3):
        for seat in state.to_move():
            decision = state.decision(None if seat == CHANCE else seat)
            if decision is not None:
                assert tr.text(decision.prompt) != decision.prompt, decision.prompt
    assert state is not None
    for event in state.events():
        assert event.text_in("es", tr) != event.text, event.text
        assert event.text_in("en", tr) == event.text


def test_every_text_of_the_etherfields_content_pack_reads_in_spanish():
    """Ability texts become action labels, scripts become events, tiles and tokens are named
    on the table: every ``text`` and ``name`` of the shipped pack has its Spanish, and the
    pack's own Spanish names (``en``/``es`` pairs) are the ones used."""
    import tomllib

    texts: set[str] = set()
    pairs: dict[str, str] = {}

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("en"), str) and isinstance(value.get("es"), str):
                pairs[value["en"]] = value["es"]
            for key, item in value.items():
                if key in ("text", "name") and isinstance(item, str):
                    texts.add(item)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in sorted((GAMES["etherfields"] / "data" / "original").rglob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    assert len(texts) > 80 and pairs
    tr = for_game(oneiros.make("etherfields"), "es")
    assert not [t for t in texts if t not in tr.messages], "add them to terms.po"
    assert {en: tr.gettext(en) for en in pairs} == pairs


@pytest.mark.parametrize(
    ("game", "spanish", "english"),
    [
        ("lucidity", ["Bolsa:", "Cartas de Pesadilla", "Pista", "(bot prudente)", "Dados (letras"],
         ["Bag:", "Nightmare cards", "held by", "careful bot", "In hand"]),
        ("sleep-tight", ["Ronda ", "Hombre de Arena:", "Reserva:", "Fragmentos", "Mano"],
         ["Round ", "Sandman:", "Supply:", "Fragments", "cards left"]),
        ("etherfields", ["Soñadores", "Paisaje onírico", "reserva de Angustia", "Tu mano"],
         ["Dreamers", "Dreamscape", "Distress pool", "Your hand", "Turn cards left"]),
    ],
)  # fmt: skip
def test_the_terminal_draws_each_table_in_spanish(game, spanish, english):
    """``oneiros play GAME --lang es``: the board itself (rows, bag, cards, panels, the
    bots' personalities), not only the prompts and events, is drawn in Spanish."""
    from rich.console import Console

    from oneiros.cli.render import render_table

    g = oneiros.make(game, players=3)
    state = g.new_state(seed=2)
    rng = random.Random(2)
    for _ in range(12):  # a few moves in, so the board has something on it
        if state.to_move() != (CHANCE,):
            break
        state.apply(state.sample_chance(rng))
    seats = ["human", "heuristic", "random"]

    def drawn(lang):
        console = Console(width=120, record=True, color_system=None)
        console.print(render_table(state, 0, seats, tr=for_game(g, lang)))
        return console.export_text()

    es, en = drawn("es"), drawn("en")
    assert [w for w in spanish if w not in es] == []
    assert [w for w in english if w in es] == []
    assert [w for w in english if w not in en] == []  # the English table is unchanged


def test_the_spanish_rule_set_opens_in_spanish_and_a_bad_language_is_refused():
    assert default_language(oneiros.make("lucidity", players=3, ruleset="es")) == "es"
    assert default_language(oneiros.make("lucidity", players=3)) == "en"
    with pytest.raises(LanguageError, match="choose one of en, es"):
        translator("fr")


@pytest.mark.slow
def test_oneiros_play_lang_es_shows_the_table_in_spanish(tmp_path):
    args = ["play", "lucidity", "--seed", "3", "--delay", "0", "--autosave", "g.json"]
    proc = run(tmp_path, *args, "--lang", "es", answers=["1", "help", "quit"])
    assert proc.returncode == 0, proc.stderr
    assert "Elige tu pista de sueño" in proc.stdout
    assert "Comandos (en inglés)" in proc.stdout
    assert "Bolsa:" in proc.stdout and "Cartas de Pesadilla" in proc.stdout  # the board too
    assert "Bag:" not in proc.stdout
    proc = run(tmp_path, *args, "--ruleset", "es", answers=["quit"])
    assert "Elige tu pista de sueño" in proc.stdout  # lucidity-es defaults to Spanish
    bad = run(tmp_path, *args, "--lang", "fr", answers=[])
    assert bad.returncode == 2
    assert "unknown language 'fr'" in bad.stderr
    assert "Traceback" not in bad.stderr
